/* core/standings: the ranking of a section: points, tie-breaks, shared
 * places, direct encounter and play-offs.
 * SPDX-License-Identifier: MIT
 */
#include "core/standings.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "util/date.h"
#include "util/helper.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* One player while a range of the ranking is sorted. */
struct key {
    int player;
    int start_no;
    double value;
    int undefined;
};

/* The orders a range is sorted in: a tie-break's value downwards (an
   undefined one last) or upwards, the points downwards; start numbers
   break every tie, so that any sort gives the same order. */
enum key_order { KEYS_DESC, KEYS_ASC, KEYS_POINTS };

static int key_cmp(const struct key *x, const struct key *y,
                   enum key_order o)
{
    if (o == KEYS_DESC && x->undefined != y->undefined)
        return x->undefined ? 1 : -1;
    if (x->value != y->value) {
        if (o == KEYS_ASC)
            return x->value < y->value ? -1 : 1;
        return x->value > y->value ? -1 : 1;
    }
    return x->start_no - y->start_no;
}

/*
 * Sort k[0..n) in order o, with tmp (n keys) to merge through: runs of 16
 * by insertion, then merged pairwise (qsort's calls through a pointer
 * for every comparison were a fifth of ranking 9,999 players).
 */
static void sort_keys(struct key *k, size_t n, enum key_order o,
                      struct key *tmp)
{
    enum { RUN = 16 };
    struct key *from = k, *to = tmp;
    size_t i, j, w;

    for (i = 0; i < n; i += RUN) {
        size_t end = i + RUN < n ? i + RUN : n;
        for (j = i + 1; j < end; j++) {
            struct key x = k[j];
            size_t m = j;
            while (m > i && key_cmp(&x, &k[m - 1], o) < 0) {
                k[m] = k[m - 1];
                m--;
            }
            k[m] = x;
        }
    }
    for (w = RUN; w < n; w *= 2) {
        for (i = 0; i < n; i += 2 * w) {
            size_t mid = i + w < n ? i + w : n, end = i + 2 * w < n ? i + 2 * w : n;
            size_t x = i, y = mid, z = i;
            while (x < mid && y < end)
                to[z++] = key_cmp(&from[y], &from[x], o) < 0 ? from[y++]
                                                              : from[x++];
            while (x < mid)
                to[z++] = from[x++];
            while (y < end)
                to[z++] = from[y++];
        }
        {
            struct key *t = from;
            from = to;
            to = t;
        }
    }
    if (from != k)
        memcpy(k, from, n * sizeof(*k));
}

/* The ranking while it is made. */
struct ranker {
    struct standings *s;
    int *order;      /* player indexes in ranking order */
    char *brk;       /* brk[k]: position k starts a group of equals */
    int *decided;    /* decided_by of each player */
    unsigned *flags; /* flags of each player */
    struct key *keys;
    struct key *tmp; /* for sort_keys() */
    size_t np;
};

/* The end of the group that starts at position a. */
static size_t group_end(const struct ranker *rk, size_t a)
{
    size_t b = a + 1;

    while (b < rk->np && !rk->brk[b])
        b++;
    return b;
}

/* Sort positions a..b-1 by the keys and mark where the values differ. */
static void split(struct ranker *rk, size_t a, size_t b, int ascending,
                  int criterion)
{
    struct key *k = rk->keys;
    size_t i, n = b - a;

    sort_keys(k, n, ascending ? KEYS_ASC : KEYS_DESC, rk->tmp);
    for (i = 0; i < n; i++) {
        rk->order[a + i] = k[i].player;
        if (i && (k[i].value != k[i - 1].value ||
                  k[i].undefined != k[i - 1].undefined))
            rk->brk[a + i] = 1;
    }
    for (i = a; i < b; i++)
        if (rk->brk[i] && (i + 1 == rk->np || rk->brk[i + 1]) &&
            rk->decided[rk->order[i]] == STANDINGS_UNDECIDED)
            rk->decided[rk->order[i]] = criterion;
}

/* Is every pair of the group's players met in a game that counts? */
static int all_met(struct tiebreak_context *c, const struct tiebreak *tb,
                   const int *g, size_t n)
{
    size_t i, j;

    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (!tiebreak_met(c, tb, (size_t)g[i], (size_t)g[j]))
                return 0;
    return 1;
}

/* Whether tie-break tb is a direct encounter (for what decided a place). */
static int is_de(const struct tiebreak *tb)
{
    enum tiebreak_id id = tb->def->id;
    return id == TB_DE || id == TB_EDE || id == TB_EDET;
}

/* Apply tie-break i to every group still tied. */
static void apply_tiebreak(struct ranker *rk, size_t i)
{
    struct standings *s = rk->s;
    const struct tiebreak *tb = &s->rules.tb[i];
    size_t nt = s->rules.n, a, b, k;
    int de = (tb->def->flags & TBD_GROUP) != 0;
    int *pos = de ? xcalloc(rk->np ? rk->np : 1, sizeof(int)) : NULL;

    for (a = 0; a < rk->np; a = b) {
        b = group_end(rk, a);
        if (b - a < 2)
            continue;
        if (de) {
            const int *g = rk->order + a;
            if (s->tctx)
                team_tb_group(s->tctx, tb, g, b - a, (int)a + 1,
                              s->rules.prize_places, pos);
            else
                tiebreak_direct_encounter(s->ctx, tb, g, b - a, (int)a + 1,
                                          s->rules.prize_places, pos);
            if (tb->all_met && (int)a + 1 <= s->rules.prize_places &&
                !all_met(s->ctx, tb, g, b - a))
                for (k = a; k < b; k++)
                    rk->flags[rk->order[k]] |= STANDINGS_DE_NOT_APPLIED;
            for (k = a; k < b; k++)
                s->values[(size_t)rk->order[k] * nt + i].value = pos[k - a];
        }
        for (k = a; k < b; k++) {
            int p = rk->order[k];
            const struct tiebreak_value *v = &s->values[(size_t)p * nt + i];
            rk->keys[k - a].player = p;
            rk->keys[k - a].start_no = s->t->players[p].start_no;
            rk->keys[k - a].value = v->value;
            rk->keys[k - a].undefined = v->undefined;
        }
        split(rk, a, b, (tb->def->flags & TBD_ASCENDING) != 0, (int)i);
        if (is_de(tb))
            for (k = a; k < b; k++)
                if (rk->decided[rk->order[k]] == (int)i)
                    rk->flags[rk->order[k]] |= STANDINGS_BY_DE;
    }
    free(pos);
}

static void list_start_nos(struct strbuf *sb, const struct playoff *po)
{
    size_t i;

    for (i = 0; i < po->n; i++)
        strbuf_addf(sb, "%s%d", i ? "," : "", po->start_nos[i]);
}

/*
 * Order a tied group as a play-off finished.  The play-off must name
 * exactly the players of one group still tied.
 */
static int apply_playoff(struct ranker *rk, const struct playoff *po,
                         struct diag_list *dl)
{
    const struct tournament *t = rk->s->t;
    struct strbuf what = STRBUF_INIT;
    size_t *at = xcalloc(po->n ? po->n : 1, sizeof(size_t));
    size_t i, j, a = 0, b = 0;
    int ret = -1;

    list_start_nos(&what, po);
    if (po->n < 2) {
        diag_error(dl, po->file, po->line, po->col,
                   "play-off '%s': a play-off needs two players or more",
                   what.buf);
        goto out;
    }
    for (i = 0; i < po->n; i++) {
        const struct player *p = tournament_player(t, po->start_nos[i]);
        if (!p) {
            diag_error(dl, po->file, po->line, po->col,
                       "play-off '%s': no player has start number %d", what.buf,
                       po->start_nos[i]);
            goto out;
        }
        for (j = 0; j < rk->np; j++)
            if (rk->order[j] == (int)(p - t->players))
                at[i] = j;
        for (j = 0; j < i; j++)
            if (po->start_nos[j] == po->start_nos[i]) {
                diag_error(dl, po->file, po->line, po->col,
                           "play-off '%s': player %d is named twice", what.buf,
                           po->start_nos[i]);
                goto out;
            }
    }
    for (a = at[0]; a > 0 && !rk->brk[a]; a--)
        ;
    b = group_end(rk, a);
    for (i = 1; i < po->n; i++)
        if (at[i] < a || at[i] >= b) {
            diag_error(dl, po->file, po->line, po->col,
                       "play-off '%s': players %d and %d are not tied, "
                       "the tie-breaks already separate them",
                       what.buf, po->start_nos[0], po->start_nos[i]);
            goto out;
        }
    if (b - a != po->n) {
        for (j = a; j < b; j++) {
            int sn = t->players[rk->order[j]].start_no;
            for (i = 0; i < po->n && po->start_nos[i] != sn; i++)
                ;
            if (i == po->n)
                break;
        }
        diag_error(dl, po->file, po->line, po->col,
                   "play-off '%s': player %d is tied with them as well "
                   "(places %zu-%zu) and must be in the play-off",
                   what.buf, t->players[rk->order[j]].start_no, a + 1, b);
        goto out;
    }
    for (i = 0; i < po->n; i++) {
        int p = (int)(tournament_player(t, po->start_nos[i]) - t->players);
        rk->order[a + i] = p;
        rk->brk[a + i] = 1;
        rk->decided[p] = STANDINGS_PLAYOFF;
        rk->flags[p] |= STANDINGS_BY_PLAYOFF;
    }
    ret = 0;
out:
    strbuf_release(&what);
    free(at);
    return ret;
}

/* The points player (or team) p ranks by. */
static double points_of(const struct standings *s, size_t p)
{
    if (s->tctx)
        return team_tb_points(s->tctx, p);
    return player_score(&s->t->players[p], s->n_rounds);
}

/* --------------------------------------------- the values, on two threads */

/* Player-rounds from which a section's tie-breaks are shared between two
   threads: below, a thread costs more than it saves (2,000 players of 10
   rounds take 5 ms). */
#define TWO_THREADS_FROM 20000
/* Tie-breaks computed together, for one pass over the rows. */
#define COLS 8
/* The cost (tiebreak_cost()) of a set of tie-breaks that shares a chunk
   with others: the counting ones. */
#define CHEAP 2

/* Some tie-breaks to compute together: indexes into s->rules.tb. */
struct chunk {
    size_t idx[COLS], n;
};

/* The tie-breaks still to compute, dearest first, and who takes them. */
struct work {
    struct standings *s;
    struct chunk *chunks;
    size_t n, next;
    pthread_mutex_t lock;
    int two;          /* the helper thread (util/helper) takes chunks too */
    atomic_int ready; /* s->ctx is made */
};

/* The tie-breaks of ch the dearest first, in list order if equal: the
   first of a set that shares work makes what the others need (APPO the
   ratings with the perfect performances, which ARO then finds). */
static void dearest_first(const struct standings *s, struct chunk *ch)
{
    size_t i, k;

    for (i = 1; i < ch->n; i++) {
        size_t x = ch->idx[i];
        unsigned cx = tiebreak_cost(&s->rules.tb[x]);
        for (k = i; k > 0; k--) {
            size_t y = ch->idx[k - 1];
            unsigned cy = tiebreak_cost(&s->rules.tb[y]);
            if (cy > cx || (cy == cx && y < x))
                break;
            ch->idx[k] = y;
        }
        ch->idx[k] = x;
    }
}

/* The values of chunk ch on context c (the teams' own when s->tctx), then
   into the players' rows (col: np * COLS of scratch). */
static void compute_chunk(struct standings *s, const struct chunk *ch,
                          struct tiebreak_context *c,
                          struct tiebreak_value *col)
{
    size_t np = s->n_rows, nt = s->rules.n, m = np ? np : 1, k, p;

    for (k = 0; k < ch->n; k++) {
        const struct tiebreak *tb = &s->rules.tb[ch->idx[k]];
        if (s->tctx)
            team_tb_compute(s->tctx, tb, col + k * m);
        else
            tiebreak_compute(c, tb, col + k * m);
    }
    for (p = 0; p < np; p++)
        for (k = 0; k < ch->n; k++)
            s->values[p * nt + ch->idx[k]] = col[k * m + p];
}

/* Take chunks until none is left. */
static void work_on(struct work *w, struct tiebreak_context *c)
{
    size_t m = w->s->n_rows ? w->s->n_rows : 1;
    /* tiebreak_compute() sets every value it is given */
    struct tiebreak_value *col = xmallocarray(m * COLS, sizeof(*col));

    for (;;) {
        size_t i;
        if (w->two)
            pthread_mutex_lock(&w->lock);
        i = w->next < w->n ? w->next++ : w->n;
        if (w->two)
            pthread_mutex_unlock(&w->lock);
        if (i == w->n)
            break;
        compute_chunk(w->s, &w->chunks[i], c, col);
    }
    free(col);
}

/* The helper thread's share: once the caller's context is made, on a
   fork of it (a context keeps scratch space and what it made for the
   next tie-break).  It waits awake meanwhile (util/helper.h says why). */
static void work_thread(void *arg)
{
    struct work *w = arg;
    struct tiebreak_context *c;

    while (!atomic_load_explicit(&w->ready, memory_order_acquire))
        sched_yield();
    c = tiebreak_context_fork(w->s->ctx);
    work_on(w, c);
    tiebreak_context_free(c);
}

/*
 * The sets of tie-breaks that share work on a context (those of one
 * tiebreak_work_key()), numbered in the order of their first: set[i] for
 * tie-break i (-1 for a group tie-break, DE).  Returns how many.
 */
static size_t work_sets(const struct standings *s, long *set)
{
    size_t nt = s->rules.n, i, j, n = 0;
    long long *key = xcalloc(nt ? nt : 1, sizeof(*key));

    for (i = 0; i < nt; i++) {
        const struct tiebreak *tb = &s->rules.tb[i];
        set[i] = -1;
        if (tb->def->flags & TBD_GROUP)
            continue;
        key[i] = tiebreak_work_key(tb, (enum tiebreak_policy)s->rules.policy);
        for (j = 0; j < i; j++)
            if (key[i] && set[j] >= 0 && key[j] == key[i])
                break;
        set[i] = j < i ? set[j] : (long)n++;
    }
    free(key);
    return n;
}

/* Add the tie-breaks of part to w's chunks, filling the last one up to
   COLS, or (alone) as a chunk of their own. */
static void add_part(struct work *w, const struct chunk *part, int alone)
{
    size_t k;
    struct chunk *ch = alone || !w->n ? NULL : &w->chunks[w->n - 1];

    for (k = 0; k < part->n; k++) {
        if (!ch || ch->n == COLS)
            ch = &w->chunks[w->n++];
        ch->idx[ch->n++] = part->idx[k];
    }
}

/* The tie-breaks of set g, COLS at a time (dearest first), to add_part(). */
static void add_set(struct work *w, const long *set, long g, int alone)
{
    const struct standings *s = w->s;
    struct chunk part;
    size_t i;

    part.n = 0;
    for (i = 0; i < s->rules.n; i++) {
        if (set[i] != g)
            continue;
        if (part.n == COLS) {
            dearest_first(s, &part);
            add_part(w, &part, alone);
            part.n = 0;
        }
        part.idx[part.n++] = i;
    }
    dearest_first(s, &part);
    add_part(w, &part, alone);
}

/* One thread's work: the sets in the order of their first tie-break,
   COLS to a chunk, so that what one makes is still kept for the others
   of its set (FB between BH and AOB would make BH's items twice; APPO
   before ARO makes the ratings once, with the perfect performances). */
static void chunks_in_order(struct work *w)
{
    long *set = xcalloc(w->s->rules.n ? w->s->rules.n : 1, sizeof(*set));
    size_t n = work_sets(w->s, set), g;

    for (g = 0; g < n; g++)
        add_set(w, set, (long)g, 0);
    free(set);
}

/* Two threads' work: the sets dearest first, each a chunk of its own;
   the cheap ones (counting, CHEAP or less) fill chunks of COLS. */
static void chunks_by_cost(struct work *w)
{
    size_t nt = w->s->rules.n, i, n;
    long *set = xcalloc(nt ? nt : 1, sizeof(*set));
    unsigned *cost = xcalloc(nt ? nt : 1, sizeof(*cost));

    n = work_sets(w->s, set);
    for (i = 0; i < nt; i++)
        if (set[i] >= 0)
            cost[set[i]] += tiebreak_cost(&w->s->rules.tb[i]);
    for (;;) {
        size_t best = n, g;
        for (g = 0; g < n; g++)
            if (cost[g] && (best == n || cost[g] > cost[best]))
                best = g;
        if (best == n)
            break;
        add_set(w, set, (long)best, cost[best] > CHEAP);
        cost[best] = 0;
    }
    free(set);
    free(cost);
}

/*
 * The work of every value but those of the group tie-breaks (DE, made in
 * the ranking).  A large section of players gets a second thread to
 * share it, started before the caller makes its context (so that it is
 * awake by then).  Tie-breaks that use what another made on a context
 * (the Buchholz items of BH, its cuts and AOB; the ratings of ARO, TPR,
 * PTP, APRO and APPO) go in one chunk; the chunks are taken dearest
 * first by whichever thread is free, so a thread that starts late takes
 * less.  The values are the same either way: each is made by the same
 * code from the same facts.
 */
static void work_begin(struct work *w, struct standings *s)
{
    int two = !s->tctx && helper_allowed() &&
              s->n_rows * (size_t)s->n_rounds >= TWO_THREADS_FROM;

    memset(w, 0, sizeof(*w));
    atomic_init(&w->ready, 0);
    w->s = s;
    w->chunks = xcalloc(s->rules.n ? s->rules.n : 1, sizeof(*w->chunks));
    if (two)
        chunks_by_cost(w);
    else
        chunks_in_order(w);
    if (two && w->n > 1 && !pthread_mutex_init(&w->lock, NULL)) {
        w->two = 1;
        if (helper_run(work_thread, w)) {
            w->two = 0;
            pthread_mutex_destroy(&w->lock);
        }
    }
}

/* The caller's share on its context (s->ctx, made now), then the second
   thread's end. */
static void work_end(struct work *w)
{
    atomic_store_explicit(&w->ready, 1, memory_order_release);
    work_on(w, w->s->ctx);
    if (w->two) {
        helper_wait();
        pthread_mutex_destroy(&w->lock);
    }
    free(w->chunks);
}

enum err standings_rank(struct standings *s, const struct tournament *t,
                        const struct standings_options *o, struct diag_list *dl)
{
    struct ranker rk;
    struct work w;
    size_t np = t->n_players, nt, i, a, b;
    enum err ret = ERR_OK;

    memset(s, 0, sizeof(*s));
    if (o->rules)
        s->rules = *o->rules;
    else
        tiebreak_rules_init(&s->rules);
    if (o->teams) {
        s->teams = o->teams;
        if (s->rules.primary != 'G')
            s->rules.primary = 'M';
        t = team_table_competition(o->teams, s->rules.primary == 'G');
        np = t->n_players;
    }
    s->t = t;
    s->n_rounds = o->n_rounds > 0 && o->n_rounds <= t->n_rounds ? o->n_rounds
                                                                : t->n_rounds;
    if (s->rules.policy == TB_POLICY_DEFAULT) {
        struct date d;
        int known = t->start_date && !date_parse(t->start_date, &d);
        s->rules.policy = tiebreak_policy_for_date(known ? &d : NULL);
    }
    if (s->rules.round_robin < 0)
        s->rules.round_robin = tiebreak_is_round_robin(t);
    nt = s->rules.n;
    s->n_rows = np;
    s->rows = xcalloc(np ? np : 1, sizeof(*s->rows));
    /* Every value is written but those of the group tie-breaks (DE),
       which start at 0 for the players no group concerns: zeroed alone,
       not the whole table of megabytes. */
    s->values = xmallocarray(np && nt ? np * nt : 1, sizeof(*s->values));
    for (i = 0; i < nt; i++)
        if (s->rules.tb[i].def->flags & TBD_GROUP)
            for (a = 0; a < np; a++) {
                s->values[a * nt + i].value = 0;
                s->values[a * nt + i].undefined = 0;
            }
    if (s->teams) {
        s->tctx = team_tb_context_new(s->teams, s->n_rounds,
                                      (enum tiebreak_policy)s->rules.policy,
                                      s->rules.round_robin, s->rules.primary);
        s->ctx = team_tb_engine(s->tctx, s->rules.primary);
        work_begin(&w, s);
    } else {
        /* a second thread, if any, wakes meanwhile (work_begin()) */
        work_begin(&w, s);
        s->ctx = tiebreak_context_new(t, s->n_rounds,
                                      (enum tiebreak_policy)s->rules.policy,
                                      s->rules.round_robin);
    }
    work_end(&w);

    memset(&rk, 0, sizeof(rk));
    rk.s = s;
    rk.np = np;
    rk.order = xcalloc(np ? np : 1, sizeof(int));
    rk.brk = xcalloc(np ? np : 1, 1);
    rk.decided = xcalloc(np ? np : 1, sizeof(int));
    rk.flags = xcalloc(np ? np : 1, sizeof(unsigned));
    rk.keys = xcalloc(np ? np : 1, sizeof(struct key));
    rk.tmp = xcalloc(np ? np : 1, sizeof(struct key));
    for (i = 0; i < np; i++) {
        rk.keys[i].player = (int)i;
        rk.keys[i].start_no = t->players[i].start_no;
        rk.keys[i].value = points_of(s, i);
    }
    sort_keys(rk.keys, np, KEYS_POINTS, rk.tmp);
    for (i = 0; i < np; i++) {
        rk.order[i] = rk.keys[i].player;
        rk.brk[i] = !i || rk.keys[i].value != rk.keys[i - 1].value;
    }
    for (i = 0; i < np; i++)
        rk.decided[rk.order[i]] = rk.brk[i] && (i + 1 == np || rk.brk[i + 1])
                                      ? STANDINGS_BY_POINTS
                                      : STANDINGS_UNDECIDED;
    for (i = 0; i < nt; i++)
        apply_tiebreak(&rk, i);
    for (i = 0; i < o->n_playoffs; i++)
        if (apply_playoff(&rk, &o->playoffs[i], dl))
            ret = ERR_DATA;

    for (a = 0; a < np; a = b) {
        b = group_end(&rk, a);
        for (i = a; i < b; i++) {
            struct standings_row *row = &s->rows[i];
            int p = rk.order[i];
            row->player = p;
            row->start_no = t->players[p].start_no;
            row->points = points_of(s, (size_t)p);
            row->values = &s->values[(size_t)p * nt];
            row->place_lo = (int)a + 1;
            row->place_hi = (int)b;
            row->flags = rk.flags[p];
            row->decided_by = rk.decided[p];
            if (b - a > 1) {
                row->flags |= STANDINGS_SHARED;
                row->decided_by = STANDINGS_UNDECIDED;
                row->flags &= ~(unsigned)STANDINGS_BY_DE;
                if (s->rules.playoff && row->place_lo <= s->rules.prize_places)
                    row->flags |= STANDINGS_PLAYOFF_NEEDED;
            }
        }
    }
    free(rk.order);
    free(rk.brk);
    free(rk.decided);
    free(rk.flags);
    free(rk.keys);
    free(rk.tmp);
    return ret;
}

void standings_compute(struct standings *s, const struct tournament *t,
                       int n_rounds)
{
    struct standings_options o;

    memset(&o, 0, sizeof(o));
    o.n_rounds = n_rounds;
    standings_rank(s, t, &o, NULL);
}

void standings_release(struct standings *s)
{
    free(s->rows);
    free(s->values);
    if (s->tctx)
        team_tb_context_free(s->tctx);
    else
        tiebreak_context_free(s->ctx);
    s->tctx = NULL;
    s->rows = NULL;
    s->values = NULL;
    s->ctx = NULL;
    s->n_rows = 0;
}

const struct standings_row *standings_find(const struct standings *s,
                                           int start_no)
{
    size_t i;

    for (i = 0; i < s->n_rows; i++)
        if (s->rows[i].start_no == start_no)
            return &s->rows[i];
    return NULL;
}

/* Are rows a and b level on points and on tie-breaks 0..i-1? */
static int level_before(const struct standings_row *a,
                        const struct standings_row *b, size_t i)
{
    size_t j;

    if (a->points != b->points)
        return 0;
    for (j = 0; j < i; j++)
        if (a->values[j].undefined != b->values[j].undefined ||
            a->values[j].value != b->values[j].value)
            return 0;
    return 1;
}

/* How the direct encounter (tie-break i) went for row r. */
static void explain_de(const struct standings *s, const struct standings_row *r,
                       size_t i, struct strbuf *out)
{
    const struct tournament *t = s->t;
    const struct tiebreak *tb = &s->rules.tb[i];
    size_t k, first = s->n_rows, n = 0;
    double pts = 0;
    int rd;

    strbuf_addf(out, "%s (%s: %s) = %.0f\n", tb->code, tb->ua_short,
                tb->ua_name, r->values[i].value);
    for (k = 0; k < s->n_rows; k++)
        if (level_before(r, &s->rows[k], i)) {
            if (first == s->n_rows)
                first = k;
            n++;
        }
    if (n < 2) {
        strbuf_addstr(out, _("  not needed: nobody is level with him on "
                             "everything before\n"));
        return;
    }
    strbuf_addf(out, _("  tied group, places %zu-%zu:"), first + 1, first + n);
    for (k = first; k < s->n_rows; k++)
        if (level_before(r, &s->rows[k], i))
            strbuf_addf(out, " %d", s->rows[k].start_no);
    strbuf_addch(out, '\n');
    for (rd = 0; rd < s->n_rounds; rd++) {
        const struct entry *e = &t->players[r->player].rounds[rd];
        const struct player *o = tournament_player(t, e->opp);
        const struct standings_row *orow;
        int counts;
        if (!o || !(orow = standings_find(s, o->start_no)) ||
            !level_before(r, orow, i))
            continue;
        counts =
            tiebreak_met(s->ctx, tb, (size_t)r->player, (size_t)orow->player);
        if (counts)
            pts += e->points;
        strbuf_addf(out, "  r%-2d %d %s (%c %c)%s\n", rd + 1, o->start_no,
                    o->name, e->colour == ' ' ? '-' : e->colour, e->code,
                    counts ? ""
                           : _(": not a game over the board, does not count"));
    }
    strbuf_addf(out, _("  points in these games: %.1f\n"), pts);
    if (r->flags & STANDINGS_DE_NOT_APPLIED)
        strbuf_addstr(out, _("  not applied: not every player of the group "
                             "played every other one\n"));
    else if (tb->all_met && (int)first + 1 > s->rules.prize_places)
        strbuf_addf(out,
                    _("  not applied: places %zu-%zu are not prize "
                    "places (1-%d)\n"),
                    first + 1, first + n, s->rules.prize_places);
    else if (r->values[i].value == 0)
        strbuf_addstr(out, _("  the games among them separate nobody\n"));
}

/* How tie-break i of team row r was made. */
static void explain_team(const struct standings *s,
                         const struct standings_row *r, size_t i,
                         struct strbuf *out)
{
    int *group = xcalloc(s->n_rows ? s->n_rows : 1, sizeof(int));
    size_t k, n = 0;

    for (k = 0; k < s->n_rows; k++)
        if (level_before(r, &s->rows[k], i))
            group[n++] = s->rows[k].player;
    team_tb_explain(s->tctx, &s->rules.tb[i], (size_t)r->player, group, n, out);
    free(group);
}

int standings_explain(const struct standings *s, int start_no,
                      struct strbuf *out)
{
    const struct standings_row *r = standings_find(s, start_no);
    const struct player *p;
    unsigned long n;
    size_t i;

    if (!r)
        return -1;
    p = &s->t->players[r->player];
    n = (unsigned long)s->n_rounds;
    strbuf_addf(out,
                !s->teams ? i18n_ngettext("Player %d %s: %.1f points after "
                                          "%d round, place %d",
                                          "Player %d %s: %.1f points after "
                                          "%d rounds, place %d",
                                          n)
                : s->rules.primary == 'G'
                    ? i18n_ngettext("Team %d %s: %.1f game points after %d "
                                    "round, place %d",
                                    "Team %d %s: %.1f game points after %d "
                                    "rounds, place %d",
                                    n)
                    : i18n_ngettext("Team %d %s: %.1f match points after %d "
                                    "round, place %d",
                                    "Team %d %s: %.1f match points after %d "
                                    "rounds, place %d",
                                    n),
                p->start_no, p->name, r->points, s->n_rounds, r->place_lo);
    if (r->place_hi > r->place_lo)
        strbuf_addf(out, "-%d", r->place_hi);
    strbuf_addf(out, _("\nUnplayed rounds: %s; %s\n"),
                tiebreak_policy_name((enum tiebreak_policy)s->rules.policy),
                s->rules.round_robin ? _("round robin") : _("Swiss system"));
    for (i = 0; i < s->rules.n; i++) {
        if (s->tctx)
            explain_team(s, r, i, out);
        else if (s->rules.tb[i].def->id == TB_DE)
            explain_de(s, r, i, out);
        else
            tiebreak_explain(s->ctx, &s->rules.tb[i], (size_t)r->player, out);
    }
    strbuf_addstr(out, _("Place: "));
    if (r->decided_by == STANDINGS_BY_POINTS)
        strbuf_addstr(out, _("decided by the points\n"));
    else if (r->decided_by == STANDINGS_PLAYOFF)
        strbuf_addstr(out, _("decided by a play-off\n"));
    else if (r->decided_by >= 0)
        strbuf_addf(out, _("decided by %s\n"), s->rules.tb[r->decided_by].code);
    else if (r->flags & STANDINGS_PLAYOFF_NEEDED)
        strbuf_addstr(out, _("shared; a prize-place tie: a play-off is "
                             "needed\n"));
    else
        strbuf_addstr(out, _("shared: level on every criterion\n"));
    return 0;
}
