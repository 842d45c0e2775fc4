/* core/standings: the ranking of a section.
 * SPDX-License-Identifier: MIT
 */
#include "core/standings.h"

#include <stdlib.h>

#include "core/tournament.h"
#include "util/xalloc.h"
#include "util/banned.h"

static int cmp_rows(const void *a, const void *b)
{
    const struct standings_row *x = a, *y = b;

    if (x->points != y->points)
        return x->points < y->points ? 1 : -1;
    return x->start_no - y->start_no;
}

void standings_compute(struct standings *s, const struct tournament *t,
                       int n_rounds)
{
    size_t i, j;

    if (n_rounds <= 0 || n_rounds > t->n_rounds)
        n_rounds = t->n_rounds;
    s->t = t;
    s->n_rounds = n_rounds;
    s->n_rows = t->n_players;
    s->rows = xcalloc(t->n_players ? t->n_players : 1, sizeof(*s->rows));
    for (i = 0; i < t->n_players; i++) {
        s->rows[i].player = (int)i;
        s->rows[i].start_no = t->players[i].start_no;
        s->rows[i].points = player_score(&t->players[i], n_rounds);
    }
    qsort(s->rows, s->n_rows, sizeof(*s->rows), cmp_rows);
    for (i = 0; i < s->n_rows; i = j) {
        for (j = i + 1; j < s->n_rows && s->rows[j].points == s->rows[i].points;
             j++)
            ;
        {
            size_t k;
            for (k = i; k < j; k++) {
                s->rows[k].place_lo = (int)i + 1;
                s->rows[k].place_hi = (int)j;
            }
        }
    }
}

void standings_release(struct standings *s)
{
    free(s->rows);
    s->rows = NULL;
    s->n_rows = 0;
}
