/* tests/bench/floor: the least a ranking program must do, for 'make bench'
 * to measure Sekretar against.
 * SPDX-License-Identifier: MIT
 *
 * usage: floor FILE.trf
 *
 * Reads a TRF-16 file once, touches every game once (the start number,
 * opponent and result of each round field of every 001 record), adds up
 * the points and each player's Buchholz (the sum of his opponents'
 * points), sorts by points then Buchholz and prints one tab-separated line
 * per player.  No checks, no other tie-break, no encoding: what is left is
 * the cost of reading the input and writing the output, the floor under
 * any program that ranks a Swiss tournament from its file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NO 9999
#define MAX_ROUNDS 64

struct fp {
    int no;
    int pts2;   /* points x 2 */
    int bh2;    /* Buchholz x 2 */
    int n;      /* rounds read */
    int opp[MAX_ROUNDS];
};

static struct fp *players[MAX_NO + 1];

static int field_int(const char *s, size_t len, size_t from, size_t width)
{
    int v = 0;
    size_t i;

    for (i = from; i < from + width && i < len; i++)
        if (s[i] >= '0' && s[i] <= '9')
            v = v * 10 + (s[i] - '0');
    return v;
}

static int cmp(const void *a, const void *b)
{
    const struct fp *x = *(struct fp *const *)a, *y = *(struct fp *const *)b;

    if (x->pts2 != y->pts2)
        return y->pts2 - x->pts2;
    if (x->bh2 != y->bh2)
        return y->bh2 - x->bh2;
    return x->no - y->no;
}

int main(int argc, char **argv)
{
    static char line[4096];
    struct fp **all;
    size_t n = 0, i;
    FILE *f;
    int r;

    if (argc != 2) {
        fprintf(stderr, "usage: floor FILE.trf\n");
        return 64;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 66;
    }
    all = malloc(sizeof(*all) * (MAX_NO + 1));
    if (!all)
        return 70;
    while (fgets(line, sizeof(line), f)) {
        size_t len = strlen(line), at;
        struct fp *p;
        int no;

        if (len < 4 || memcmp(line, "001", 3))
            continue;
        no = field_int(line, len, 4, 4);
        if (no < 1 || no > MAX_NO || players[no])
            continue;
        p = calloc(1, sizeof(*p));
        if (!p)
            return 70;
        p->no = no;
        players[no] = p;
        all[n++] = p;
        /* Round fields from column 92, 10 characters each: "oooo c r". */
        for (at = 91; at + 8 <= len && p->n < MAX_ROUNDS; at += 10) {
            char res = line[at + 7];
            p->opp[p->n++] = field_int(line, len, at, 4);
            if (res == '1' || res == '+' || res == 'W' || res == 'F' ||
                res == 'U')
                p->pts2 += 2;
            else if (res == '=' || res == 'D' || res == 'H')
                p->pts2 += 1;
        }
    }
    fclose(f);
    for (i = 0; i < n; i++)
        for (r = 0; r < all[i]->n; r++) {
            int o = all[i]->opp[r];
            if (o > 0 && o <= MAX_NO && players[o])
                all[i]->bh2 += players[o]->pts2;
        }
    qsort(all, n, sizeof(*all), cmp);
    for (i = 0; i < n; i++)
        printf("%zu\t%d\t%d.%d\t%d.%d\n", i + 1, all[i]->no, all[i]->pts2 / 2,
               all[i]->pts2 % 2 ? 5 : 0, all[i]->bh2 / 2,
               all[i]->bh2 % 2 ? 5 : 0);
    for (i = 0; i < n; i++)
        free(all[i]);
    free(all);
    return 0;
}
