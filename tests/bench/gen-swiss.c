/* tests/bench/gen-swiss: write a synthetic Swiss event as TRF-16, the same
 * bytes on every run, for 'make bench'.
 * SPDX-License-Identifier: MIT
 *
 * usage: gen-swiss PLAYERS ROUNDS OUT.trf
 *
 * Players are paired by score (then rating) with the next player they have
 * not met; an odd one out gets the pairing-allocated bye.  About 2 in 100
 * players withdraw (their line ends, or they are marked absent), 2 in 100
 * enter late (Z in the first rounds), 1 in 100 take a half-point bye in a
 * round and 1 in 200 games is forfeited (1 in 10 of them by both players).
 * Results follow the rating difference.  PLAYERS is at most 9999: the most a
 * TRF start-number field holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gp {
    int no, rating;
    int score2;      /* points x 2 */
    int withdraw_at; /* first round missed for good (0: never) */
    int late_until;  /* absent up to and including this round */
    int *opp;        /* per round: opponent, 0 bye/absent */
    char *col, *res;
    int paired;
};

/* Whites minus blacks of p over the rounds before r. */
static int colour_diff(const struct gp *p, int r)
{
    int d = 0, i;

    for (i = 0; i < r; i++)
        if (p->opp[i] > 0)
            d += p->col[i] == 'w' ? 1 : p->col[i] == 'b' ? -1 : 0;
    return d;
}

static unsigned long long rng = 88172645463325252ULL;

/* xorshift64: the same sequence everywhere. */
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static struct gp *players;

static int cmp_rank(const void *a, const void *b)
{
    const struct gp *x = &players[*(const int *)a];
    const struct gp *y = &players[*(const int *)b];

    if (x->score2 != y->score2)
        return y->score2 - x->score2;
    if (x->rating != y->rating)
        return y->rating - x->rating;
    return x->no - y->no;
}

static int met(const struct gp *a, int b, int rounds)
{
    int r;

    for (r = 0; r < rounds; r++)
        if (a->opp[r] == b)
            return 1;
    return 0;
}

static int points2(char res)
{
    return res == '1' || res == '+' || res == 'U' || res == 'F' ? 2
           : res == '=' || res == 'H'                           ? 1
                                                                : 0;
}

int main(int argc, char **argv)
{
    int n, rounds, i, r, *order;
    FILE *fp;

    if (argc != 4 || (n = (int)strtol(argv[1], NULL, 10)) < 2 || n > 9999 ||
        (rounds = (int)strtol(argv[2], NULL, 10)) < 1 || rounds > 99) {
        fprintf(stderr, "usage: gen-swiss PLAYERS(2-9999) ROUNDS OUT.trf\n");
        return 64;
    }
    players = calloc((size_t)n + 1, sizeof(*players));
    order = calloc((size_t)n, sizeof(int));
    for (i = 1; i <= n; i++) {
        struct gp *p = &players[i];
        p->no = i;
        p->rating = 2600 - (i * 1500) / n + (int)rnd(60);
        p->opp = calloc((size_t)rounds, sizeof(int));
        p->col = calloc((size_t)rounds, 1);
        p->res = calloc((size_t)rounds, 1);
        if (rnd(100) < 2)
            p->withdraw_at = 2 + (int)rnd((unsigned)rounds);
        if (rnd(100) < 2)
            p->late_until = 1 + (int)rnd(2);
    }
    for (r = 0; r < rounds; r++) {
        int m = 0, k;
        for (i = 1; i <= n; i++) {
            struct gp *p = &players[i];
            p->paired = 0;
            if (p->withdraw_at && r + 1 >= p->withdraw_at) {
                p->res[r] = p->withdraw_at % 2 ? 'Z' : ' ';
                p->paired = 1;
            } else if (r + 1 <= p->late_until) {
                p->res[r] = 'Z';
                p->paired = 1;
            } else if (rnd(100) < 1) {
                p->res[r] = 'H';
                p->paired = 1;
            } else {
                order[m++] = i;
            }
        }
        qsort(order, (size_t)m, sizeof(int), cmp_rank);
        if (m % 2) {
            /* the lowest player without a bye so far gets it */
            for (k = m - 1; k > 0; k--) {
                int j, had = 0;
                for (j = 0; j < r; j++)
                    had |= players[order[k]].res[j] == 'U';
                if (!had)
                    break;
            }
            players[order[k]].res[r] = 'U';
            players[order[k]].paired = 1;
            memmove(order + k, order + k + 1,
                    sizeof(int) * (size_t)(m - k - 1));
            m--;
        }
        for (k = 0; k < m; k++) {
            struct gp *a = &players[order[k]], *b = NULL;
            int j, diff, roll;
            if (a->paired)
                continue;
            for (j = k + 1; j < m; j++) {
                struct gp *c = &players[order[j]];
                if (!c->paired && !met(a, c->no, r)) {
                    b = c;
                    break;
                }
            }
            if (!b) /* everyone left already met a: meet again */
                for (j = k + 1; j < m && !b; j++)
                    if (!players[order[j]].paired)
                        b = &players[order[j]];
            if (!b) { /* the last one left over: a zero-point bye */
                a->res[r] = 'Z';
                a->paired = 1;
                continue;
            }
            a->paired = b->paired = 1;
            a->opp[r] = b->no;
            b->opp[r] = a->no;
            /* White to the one who had it less often, as pairing rules
               ask (a colour run of the FIDE checker's length at most). */
            {
                int da = colour_diff(a, r), db = colour_diff(b, r);
                if (da != db)
                    a->col[r] = da < db ? 'w' : 'b';
                else
                    a->col[r] = (char)((r + k) % 2 ? 'b' : 'w');
            }
            b->col[r] = a->col[r] == 'w' ? 'b' : 'w';
            if (rnd(200) == 0) {
                if (rnd(10) == 0) {
                    a->res[r] = b->res[r] = '-';
                } else {
                    a->res[r] = '+';
                    b->res[r] = '-';
                }
                continue;
            }
            diff = a->rating - b->rating;
            roll = (int)rnd(1000) + diff / 2;
            if (roll > 600) {
                a->res[r] = '1';
                b->res[r] = '0';
            } else if (roll > 300) {
                a->res[r] = b->res[r] = '=';
            } else {
                a->res[r] = '0';
                b->res[r] = '1';
            }
        }
        for (i = 1; i <= n; i++)
            players[i].score2 += points2(players[i].res[r]);
    }

    fp = fopen(argv[3], "w");
    if (!fp) {
        perror(argv[3]);
        return 73;
    }
    fprintf(fp,
            "012 Synthetic Swiss %d x %d\n022 Kyiv\n032 UKR\n"
            "042 2025/01/10\n052 2025/01/20\n062 %d\n"
            "092 Individual: Swiss-System\nXXR %d\n",
            n, rounds, n, rounds);
    for (i = 1; i <= n; i++) {
        struct gp *p = &players[i];
        char name[40];
        int last = rounds;
        snprintf(name, sizeof(name), "Player%04d, Synthetic", i);
        fprintf(fp, "001 %4d m    %-33s %4d UKR %11d %10s %4.1f %4s", i, name,
                p->rating, 34000000 + i, "2010/01/01", p->score2 / 2.0, "");
        while (last > 0 && players[i].res[last - 1] == ' ')
            last--;
        for (r = 0; r < last; r++) {
            if (p->opp[r])
                fprintf(fp, "  %4d %c %c", p->opp[r], p->col[r], p->res[r]);
            else if (p->res[r] == ' ')
                fputs("          ", fp);
            else
                fprintf(fp, "  0000 - %c", p->res[r]);
        }
        fputc('\n', fp);
    }
    if (fclose(fp)) {
        perror(argv[3]);
        return 74;
    }
    for (i = 1; i <= n; i++) {
        free(players[i].opp);
        free(players[i].col);
        free(players[i].res);
    }
    free(players);
    free(order);
    return 0;
}
