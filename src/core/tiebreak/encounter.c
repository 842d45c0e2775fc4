/* core/tiebreak/encounter: the direct encounter (DE, C.07 section 6)
 * inside a group of players still tied, split again and again on the games
 * among those still level, and the same on other points for the extended
 * direct encounter of teams.
 * SPDX-License-Identifier: MIT
 */
#include "core/tiebreak.h"

#include <stdlib.h>
#include <string.h>

#include "core/tiebreak/internal.h"
#include "core/tournament.h"
#include "util/xalloc.h"
#include "util/banned.h"

int tiebreak_met(const struct tiebreak_context *c, const struct tiebreak *tb,
                 size_t a, size_t b)
{
    int pred = c->rr || tb->played;
    int r;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, a, r);
        if (x->opp == (int)b && (pred || (x->f & R_PLAYED)))
            return 1;
    }
    return 0;
}

struct de_player {
    int idx; /* position in the group */
    int start_no;
    double val; /* points against the others of the subgroup */
    double max; /* and the most they could be with the games not played */
};

static int cmp_de_all(const void *a, const void *b)
{
    const struct de_player *x = a, *y = b;
    if (x->val != y->val)
        return x->val > y->val ? -1 : 1;
    return x->start_no - y->start_no;
}

static int cmp_de_swiss(const void *a, const void *b)
{
    const struct de_player *x = a, *y = b;
    if (x->val != y->val)
        return x->val > y->val ? -1 : 1;
    if (x->max != y->max)
        return x->max > y->max ? -1 : 1;
    return x->start_no - y->start_no;
}

/* Scratch space of the direct encounter of one group. */
struct de_work {
    const int *group; /* player indexes */
    size_t n;
    int *rank;   /* current place of each member */
    int *prev;   /* the places at the start of a pass */
    int *active; /* still worth another look */
    struct de_player *dp;
    int *opp; /* opponents met inside the subgroup */
    double *opp_sum;
    int *opp_cnt;
};

/*
 * One step of C.07 section 6 on the members of the group whose place is v:
 * each one's points against the others of that subgroup (the average
 * when two met more than once); when all met (or in a round robin), rank by
 * those points; otherwise a player goes ahead only while his points beat
 * the most that any player behind him could have had with the missing
 * games won.  Returns the number of new places made.
 */
static int de_step(struct tiebreak_context *c, const struct tiebreak *tb,
                   struct de_work *w, int v, const double *pts, double win)
{
    int pred = c->rr || tb->played;
    struct de_player *dp = w->dp;
    int m = 0, i, all = 1, changes = 0, r, crank = v;
    size_t k;

    for (k = 0; k < w->n; k++) {
        size_t p = (size_t)w->group[k];
        int nopp = 0, j;
        double val = 0;
        if (w->rank[k] != v)
            continue;
        for (r = 0; r < c->n; r++) {
            const struct rnd *x = R(c, p, r);
            int q;
            if (x->opp < 0 || !(pred || (x->f & R_PLAYED)))
                continue;
            q = c->mark[x->opp] - 1;
            if (q < 0 || w->rank[q] != v)
                continue;
            for (j = 0; j < nopp && w->opp[j] != x->opp; j++)
                ;
            if (j == nopp) {
                w->opp[nopp] = x->opp;
                w->opp_sum[nopp] = 0;
                w->opp_cnt[nopp] = 0;
                nopp++;
            }
            w->opp_sum[j] += pts ? pts[p * (size_t)c->n + (size_t)r] : x->pts;
            w->opp_cnt[j]++;
        }
        for (j = 0; j < nopp; j++)
            val += w->opp_sum[j] / w->opp_cnt[j];
        dp[m].idx = (int)k;
        dp[m].start_no = c->t->players[p].start_no;
        dp[m].val = val;
        dp[m].max = nopp; /* the number met, for now */
        m++;
    }
    for (i = 0; i < m; i++) {
        int met = (int)dp[i].max;
        dp[i].max = dp[i].val;
        if (!c->rr && met < m - 1) {
            all = 0;
            dp[i].max += (m - 1 - met) * win;
        }
    }
    if (all) {
        qsort(dp, (size_t)m, sizeof(*dp), cmp_de_all);
        for (i = 1; i < m; i++) {
            if (dp[i].val != dp[i - 1].val) {
                crank = v + i;
                changes++;
            }
            w->rank[dp[i].idx] = crank;
        }
    } else {
        double *best_behind = c->tmp;
        int unique = 1;
        qsort(dp, (size_t)m, sizeof(*dp), cmp_de_swiss);
        for (i = m - 1; i >= 0; i--)
            best_behind[i] = i == m - 1 || dp[i].max > best_behind[i + 1]
                                 ? dp[i].max
                                 : best_behind[i + 1];
        for (i = 1; i < m; i++) {
            if (unique && dp[i - 1].val > best_behind[i]) {
                crank = v + i;
                changes++;
            } else {
                unique = 0;
            }
            w->rank[dp[i].idx] = crank;
        }
    }
    return changes;
}

/* The direct encounter of a group on pts (NULL: the rounds' points),
 * without the /A restriction. */
static size_t de_run(struct tiebreak_context *c, const struct tiebreak *tb,
                     const int *group, size_t n, int first_place,
                     int prize_places, const double *pts, double win, int *pos)
{
    struct de_work w;
    size_t k, j, separated = 0;
    int more = 1, lo, hi;

    w.group = group;
    w.n = n;
    w.rank = xcalloc(n, sizeof(int));
    w.prev = xcalloc(n, sizeof(int));
    w.active = xcalloc(n, sizeof(int));
    w.dp = xcalloc(n, sizeof(*w.dp));
    w.opp = xcalloc((size_t)c->n + 1, sizeof(int));
    w.opp_cnt = xcalloc((size_t)c->n + 1, sizeof(int));
    w.opp_sum = xcalloc((size_t)c->n + 1, sizeof(double));
    for (k = 0; k < n; k++) {
        w.rank[k] = first_place;
        w.active[k] = 1;
        c->mark[group[k]] = (int)k + 1;
    }
    /* Split again and again on the games inside each subgroup still level,
     * until a pass separates nobody more. */
    while (more) {
        more = 0;
        memcpy(w.prev, w.rank, n * sizeof(int));
        for (k = 0; k < n; k++) {
            int v = w.prev[k], size = 0, first = 1, changes = 0;
            for (j = 0; j < n; j++)
                if (w.prev[j] == v) {
                    size++;
                    first = first && j >= k;
                }
            if (!first || size < 2 || !w.active[k])
                continue;
            if (!tb->all_met || v <= prize_places)
                changes = de_step(c, tb, &w, v, pts, win);
            for (j = 0; j < n; j++)
                if (w.prev[j] == v)
                    w.active[j] = changes > 0;
            more = more || changes > 0;
        }
    }
    lo = hi = w.rank[0];
    for (k = 1; k < n; k++) {
        lo = w.rank[k] < lo ? w.rank[k] : lo;
        hi = w.rank[k] > hi ? w.rank[k] : hi;
    }
    if (lo != hi)
        for (k = 0; k < n; k++) {
            int alone = 1;
            pos[k] = w.rank[k] - first_place + 1;
            for (j = 0; j < n; j++)
                if (j != k && w.rank[j] == w.rank[k])
                    alone = 0;
            separated += (size_t)alone;
        }
    for (k = 0; k < n; k++)
        c->mark[group[k]] = 0;
    free(w.rank);
    free(w.prev);
    free(w.active);
    free(w.dp);
    free(w.opp);
    free(w.opp_cnt);
    free(w.opp_sum);
    return separated;
}

size_t tiebreak_direct_encounter(struct tiebreak_context *c,
                                 const struct tiebreak *tb, const int *group,
                                 size_t n, int first_place, int prize_places,
                                 int *pos)
{
    size_t k, j;

    for (k = 0; k < n; k++)
        pos[k] = 0;
    if (n < 2)
        return 0;
    if (tb->all_met) {
        if (first_place > prize_places)
            return 0;
        for (k = 0; k < n; k++)
            for (j = k + 1; j < n; j++)
                if (!tiebreak_met(c, tb, (size_t)group[k], (size_t)group[j]))
                    return 0;
    }
    return de_run(c, tb, group, n, first_place, prize_places, NULL, c->win,
                  pos);
}

int tiebreak_direct_encounter_on(struct tiebreak_context *c,
                                 const struct tiebreak *tb, const int *group,
                                 size_t n, const double *pts, double win,
                                 int *pos)
{
    struct tiebreak plain = *tb;
    size_t k;

    for (k = 0; k < n; k++)
        pos[k] = 0;
    if (n < 2)
        return 0;
    plain.all_met = 0;
    de_run(c, &plain, group, n, 1, 0, pts, win, pos);
    /* de_run() gives every place or none */
    return pos[0] != 0;
}
