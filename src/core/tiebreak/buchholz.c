/* core/tiebreak/buchholz: Buchholz (BH), Fore Buchholz (FB), the average of
 * the opponents' Buchholz (AOB) and Sonneborn-Berger (SB), with their cuts
 * and medians, under each unplayed-round policy.
 * SPDX-License-Identifier: MIT
 */
#include "core/tiebreak.h"

#include <stdlib.h>
#include <string.h>

#include "core/tiebreak/internal.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Which sum of the family: the opponents' scores (BH), with the last round
 * as a draw (FB), or each multiplied by the points scored against him
 * (SB). */
enum bh_kind { BH_PLAIN, BH_FORE, BH_SB };

/* The scores at which tb counts each player as somebody's opponent. */
static const double *opponent_scores(struct tiebreak_context *c,
                                     const struct tiebreak *tb,
                                     enum bh_kind kind)
{
    switch (policy_of(c, tb)) {
    case TB_POLICY_NONE:
        return c->score;
    case TB_POLICY_FIDE2009:
        return tb_adjusted(c, ADJ_2009);
    case TB_POLICY_FIDE2024:
    case TB_POLICY_FIDE2026:
        break;
    }
    return tb_adjusted(c, kind == BH_FORE ? ADJ_C07_FORE : ADJ_C07);
}

/* How an item's score was found, for --explain. */
enum how {
    HOW_OPPONENT, /* the opponent's adjusted score */
    HOW_DUMMY,    /* C.07 dummy opponent: the player's own score */
    HOW_CAP_OPP,  /* 2026: capped at the scheduled opponent's score */
    HOW_CAP_HALF, /* 2026: capped at half the rounds */
    HOW_VIRTUAL,  /* 2009 virtual opponent */
    HOW_ZERO      /* round robin: an unplayed round counts nothing */
};

/*
 * The values a Buchholz-like criterion adds up for player p, one per round
 * that takes part; hows[] (when not NULL) says how each was found.
 */
static int bh_items(struct tiebreak_context *c, const struct tiebreak *tb,
                    enum bh_kind kind, size_t p, struct item *it,
                    enum how *hows)
{
    enum tiebreak_policy pol = policy_of(c, tb);
    int sb = kind == BH_SB;
    int fore = kind == BH_FORE;
    int pred = c->rr || tb->played, rr = c->rr, played2009 = tb->played;
    int n = c->n, r, k = 0;
    const double *adj = opponent_scores(c, tb, kind);
    double own = fore && pol != TB_POLICY_FIDE2009 && pol != TB_POLICY_NONE
                     ? c->own_fore[p]
                     : c->score[p];
    double before = 0, win = c->win, draw = c->draw;
    /* the player's rounds and what SB multiplies by, read once: the
       items written below might otherwise be the context's fields */
    const struct rnd *xs = R(c, p, 0);
    const double *sbp = c->sb_pts ? &c->sb_pts[p * (size_t)n] : NULL;

    for (r = 0; r < n; r++) {
        const struct rnd *x = &xs[r];
        enum how how = HOW_OPPONENT;
        double score;
        int take = 1, vur = 0;

        if (pol == TB_POLICY_NONE) {
            take = x->opp >= 0;
            score = take ? adj[x->opp] : 0;
        } else if (pol == TB_POLICY_FIDE2009) {
            if (x->opp >= 0 && (vo2009_game(c, x) || played2009)) {
                score = adj[x->opp];
            } else {
                score = before + (win - x->pts) + draw * (n - r - 1);
                how = HOW_VIRTUAL;
            }
        } else {
            int played = pred || (fore && r == n - 1) || (x->f & R_PLAYED);
            if (played && x->opp >= 0) {
                score = adj[x->opp];
            } else if (!rr) {
                score = own;
                vur = (x->f & R_VUR) != 0;
                how = HOW_DUMMY;
                if (pol == TB_POLICY_FIDE2026) {
                    double cap = x->opp >= 0 ? adj[x->opp] : draw * n;
                    if (cap < score) {
                        score = cap;
                        how = x->opp >= 0 ? HOW_CAP_OPP : HOW_CAP_HALF;
                    }
                }
            } else {
                score = 0;
                vur = (x->f & R_VUR) != 0;
                how = HOW_ZERO;
                take = x->opp >= 0;
            }
        }
        before += x->pts;
        it[k].score = score;
        it[k].val = sb ? score * (sbp ? sbp[r] : x->pts) : score;
        it[k].round = (short)r;
        it[k].vur = (unsigned char)vur;
        it[k].cut = 0;
        if (take) {
            if (hows)
                hows[k] = how;
            k++;
        }
    }
    return k;
}

/* Stable insertion sort of n items by cmp. */
static void sort_items(struct item *a, int n,
                       int (*cmp)(const struct item *, const struct item *))
{
    int i, j;

    for (i = 1; i < n; i++) {
        struct item x = a[i];
        for (j = i; j > 0 && cmp(&x, &a[j - 1]) < 0; j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

static int dcmp(double a, double b)
{
    return a < b ? -1 : a > b;
}

/* The least significant first: the lowest score, then the lowest value. */
static int cmp_low(const struct item *a, const struct item *b)
{
    int d = dcmp(a->score, b->score);
    return d ? d : dcmp(a->val, b->val);
}

/* Voluntarily unplayed rounds first, then the lowest value. */
static int cmp_vur(const struct item *a, const struct item *b)
{
    int d;

    if (a->vur != b->vur)
        return a->vur ? -1 : 1;
    d = dcmp(a->val, b->val);
    return d ? d : dcmp(a->score, b->score);
}

static int cmp_high(const struct item *a, const struct item *b)
{
    int d = dcmp(b->score, a->score);
    return d ? d : dcmp(b->val, a->val);
}

/* The first item of the k at it[] that cmp puts first: a stable sort's
 * first element. */
static int first_of(const struct item *it, int k,
                    int (*cmp)(const struct item *, const struct item *))
{
    int i, best = 0;

    for (i = 1; i < k; i++)
        if (cmp(&it[i], &it[best]) < 0)
            best = i;
    return best;
}

/* Take item i out of the k at it[]; when more cuts follow, leave the rest
 * in the order of a stable sort by cmp, as the checker's next sort sees
 * them. */
static int take_out(struct item *it, int k, int i, int more,
                    int (*cmp)(const struct item *, const struct item *))
{
    memmove(it + i, it + i + 1, sizeof(*it) * (size_t)(k - i - 1));
    k--;
    if (more)
        sort_items(it, k, cmp);
    return k;
}

/*
 * Cut the lowest and the highest values from the k items (C.07 14.1-14.2)
 * in place; returns how many are left, at the front.  Under C.07 a
 * voluntarily unplayed round goes first unless a game is worth less
 * (16.5).  Equal values go in the order of the FIDE checker's stable sorts,
 * so that the same round is cut (it matters for SB, where a VUR and a game
 * can be equal in value).
 */
static int cut_items(struct tiebreak_context *c, struct item *it, int k,
                     int low, int high, int vur_first)
{
    if (low > c->n)
        low = c->n;
    if (low + high > c->n)
        high = c->n - low;
    for (; low > 0 && k > 0; low--) {
        int a = first_of(it, k, cmp_low), cut = a;
        int (*cmp)(const struct item *, const struct item *) = cmp_low;
        if (vur_first) {
            int e = first_of(it, k, cmp_vur);
            if (it[e].vur && !(it[a].val > it[e].val)) {
                cut = e;
                cmp = cmp_vur;
            }
        }
        k = take_out(it, k, cut, low > 1 || high > 0, cmp);
    }
    for (; high > 0 && k > 0; high--)
        k = take_out(it, k, first_of(it, k, cmp_high), 0, cmp_high);
    return k;
}

/* Is v a whole number of quarters, small enough (below 2^30) that any sum
 * of a player's values is exact, whatever the order? */
static int quarters(double v)
{
    double q = v * 4;
    return q > -4e9 && q < 4e9 && q == (double)(long long)q;
}

/*
 * What cut_items() leaves of the k items it[] added up, when every value
 * is quarters(): then any order of adding them up gives the same sum, and
 * items equal in score and value are equal in what is added up, so the
 * items need not be sorted as the checker sorts them, only the cut ones
 * found with cut_items()'s tests: each low cut the lowest score (then
 * value), or with vur_first the voluntarily unplayed round of the lowest
 * value (then score) unless the other is worth more; then the highest
 * score (then value).  Marks the cut ones.
 */
static double cut_sum_quarters(const struct tiebreak_context *c,
                               struct item *it, int k, int low, int high,
                               int vur_first)
{
    double sum = 0;
    int i, left = k;

    if (low > c->n)
        low = c->n;
    if (low + high > c->n)
        high = c->n - low;
    for (i = 0; i < k; i++)
        it[i].cut = 0;
    for (; low > 0 && left > 0; low--, left--) {
        int a = -1, e = -1;
        for (i = 0; i < k; i++) {
            const struct item *x = &it[i];
            if (x->cut)
                continue;
            if (a < 0 || x->score < it[a].score ||
                (x->score == it[a].score && x->val < it[a].val))
                a = i;
            if (vur_first && x->vur &&
                (e < 0 || x->val < it[e].val ||
                 (x->val == it[e].val && x->score < it[e].score)))
                e = i;
        }
        it[e >= 0 && !(it[a].val > it[e].val) ? e : a].cut = 1;
    }
    for (; high > 0 && left > 0; high--, left--) {
        int b = -1;
        for (i = 0; i < k; i++)
            if (!it[i].cut &&
                (b < 0 || it[i].score > it[b].score ||
                 (it[i].score == it[b].score && it[i].val > it[b].val)))
                b = i;
        it[b].cut = 1;
    }
    for (i = 0; i < k; i++)
        if (!it[i].cut)
            sum += it[i].val;
    return sum;
}

/*
 * What cut_items() leaves of k items whose values are their scores, added
 * up: the k values w[] (ascending) but the low lowest and the high
 * highest, with cut_items()'s limits.
 */
static double sum_between(const struct tiebreak_context *c, const double *w,
                          int k, int low, int high)
{
    double sum = 0;
    int i;

    if (low > c->n)
        low = c->n;
    if (low + high > c->n)
        high = c->n - low;
    if (low > k)
        low = k;
    if (high > k - low)
        high = k - low;
    for (i = low; i < k - high; i++)
        sum += w[i];
    return sum;
}

/* The k values w[] in ascending order. */
static void sort_values(double *w, int k)
{
    int i, j;

    for (i = 1; i < k; i++) {
        double x = w[i];
        for (j = i; j > 0 && w[j - 1] > x; j--)
            w[j] = w[j - 1];
        w[j] = x;
    }
}

/*
 * The Buchholz-like sum of the k items of player p with tb's cuts, as
 * cut_items() leaves them; with hows (for --explain) each item's cut mark
 * too.  The items are left as they were.
 */
static double bh_cut_sum(struct tiebreak_context *c, const struct tiebreak *tb,
                         struct item *items, int k, enum how *hows)
{
    enum tiebreak_policy pol = policy_of(c, tb);
    struct item *work = c->it;
    int left, i, j;
    double sum = 0;

    if (!tb->cut_low && !tb->cut_high) {
        for (i = 0; i < k; i++)
            sum += items[i].val;
        return sum;
    }
    memcpy(work, items, sizeof(*work) * (size_t)k);
    left = cut_items(c, work, k, tb->cut_low, tb->cut_high,
                     pol == TB_POLICY_FIDE2024 || pol == TB_POLICY_FIDE2026);
    for (i = 0; hows && i < k; i++) {
        items[i].cut = 1;
        for (j = 0; j < left; j++)
            if (work[j].round == items[i].round)
                items[i].cut = 0;
    }
    for (j = 0; j < left; j++)
        sum += work[j].val;
    return sum;
}

static double bh_value(struct tiebreak_context *c, const struct tiebreak *tb,
                       enum bh_kind kind, size_t p, struct item *items,
                       int *nitems, enum how *hows)
{
    *nitems = bh_items(c, tb, kind, p, items, hows);
    return bh_cut_sum(c, tb, items, *nitems, hows);
}

/* ============================================================ explain */

/* Explain the Buchholz-like sum of player p, round by round. */
static void explain_bh(struct tiebreak_context *c, const struct tiebreak *tb,
                       enum bh_kind kind, size_t p, struct strbuf *out)
{
    enum tiebreak_policy pol = policy_of(c, tb);
    struct item *orig = xcalloc((size_t)c->n + 1, sizeof(*orig));
    enum how *hows = xcalloc((size_t)c->n + 1, sizeof(*hows));
    int k, i, sb = kind == BH_SB;
    double total, sum = 0;
    const double *adj = opponent_scores(c, tb, kind);

    total = bh_value(c, tb, kind, p, orig, &k, hows);
    for (i = 0; i < k; i++) {
        const struct item *it = &orig[i];
        const struct rnd *x = R(c, p, it->round);
        tiebreak_explain_round(out, it->round);
        tb_put_opponent(c, p, it->round, out);
        strbuf_addstr(out, ": ");
        tb_put_num(out, it->score);
        switch (hows[i]) {
        case HOW_OPPONENT:
            if (adj[x->opp] != c->score[x->opp]) {
                strbuf_addstr(out, _(" = opponent's score adjusted from "));
                tb_put_num(out, c->score[x->opp]);
                strbuf_addstr(out, pol == TB_POLICY_FIDE2009
                                       ? _(" (his unplayed rounds count as "
                                           "draws)")
                                       : _(" (his unplayed rounds after his "
                                           "last game count as draws)"));
            } else {
                strbuf_addstr(out, _(" = opponent's score"));
            }
            break;
        case HOW_DUMMY:
            strbuf_addstr(out, _(" = own score (dummy opponent)"));
            break;
        case HOW_CAP_OPP:
            strbuf_addstr(out, _(" = own score capped at the scheduled "
                               "opponent's score"));
            break;
        case HOW_CAP_HALF:
            strbuf_addstr(out, _(" = own score capped at half the rounds"));
            break;
        case HOW_VIRTUAL: {
            double before = 0;
            int r;
            for (r = 0; r < it->round; r++)
                before += R(c, p, r)->pts;
            strbuf_addstr(out, _(" = virtual opponent: "));
            tb_put_num(out, before);
            strbuf_addstr(out, _(" before + "));
            tb_put_num(out, c->win - x->pts);
            strbuf_addf(out, _(" this round + %d x "), c->n - it->round - 1);
            tb_put_num(out, c->draw);
            break;
        }
        case HOW_ZERO:
            strbuf_addstr(out, _(" (round robin: an unplayed game counts "
                               "nothing)"));
            break;
        }
        if (sb) {
            strbuf_addstr(out, "; x ");
            tb_put_num(out, sb_points(c, p, it->round));
            strbuf_addstr(out, " = ");
            tb_put_num(out, it->val);
        }
        if (it->vur && pol != TB_POLICY_FIDE2009 && pol != TB_POLICY_NONE)
            strbuf_addstr(out, _("; voluntarily unplayed"));
        if (it->cut)
            strbuf_addstr(out, _("; CUT"));
        strbuf_addch(out, '\n');
        sum += it->val;
    }
    strbuf_addstr(out, _("  sum "));
    tb_put_num(out, sum);
    if (sum != total) {
        strbuf_addstr(out, _(", less the cut values = "));
        tb_put_num(out, total);
    }
    strbuf_addch(out, '\n');
    free(orig);
    free(hows);
}

/* ================================================================ rows */

/* The items of kind for tb in a section under policy section: the same
   for BH, its cuts and AOB.  Never 0. */
static int bh_key(const struct tiebreak *tb, int section, enum bh_kind kind)
{
    int p = tb->policy >= 0 ? tb->policy : section;
    return 1 + (int)kind + 4 * p + 64 * !!tb->played;
}

/* What bh_compute() keeps of a round of a player whose items it keeps by
 * round (bh_flags). */
enum { BH_TAKEN = 1, BH_VUR = 2 };

/* The items of player p again, from their scores that bh_compute() kept
 * by round; returns their number. */
static int kept_items(const struct tiebreak_context *c, enum bh_kind kind,
                      size_t p, struct item *it)
{
    size_t n = (size_t)c->n;
    const double *v = &c->bh_vals[p * n];
    const unsigned char *f = &c->bh_flags[p * n];
    int r, k = 0;

    for (r = 0; r < c->n; r++) {
        if (!(f[r] & BH_TAKEN))
            continue;
        it[k].score = v[r];
        it[k].val = kind == BH_SB ? v[r] * sb_points(c, p, r) : v[r];
        it[k].round = (short)r;
        it[k].vur = (f[r] & BH_VUR) != 0;
        it[k].cut = 0;
        k++;
    }
    return k;
}

/* The sum of player p's items kept by round, cut. */
static double cut_kept(struct tiebreak_context *c, const struct tiebreak *tb,
                       enum bh_kind kind, size_t p)
{
    enum tiebreak_policy pol = policy_of(c, tb);
    struct item *it = c->items;
    int k = kept_items(c, kind, p, it), i, exact = 1;

    for (i = 0; i < k; i++)
        exact = exact && quarters(it[i].val);
    if (!exact)
        return bh_cut_sum(c, tb, it, k, NULL);
    return cut_sum_quarters(c, it, k, tb->cut_low, tb->cut_high,
                            pol == TB_POLICY_FIDE2024 ||
                                pol == TB_POLICY_FIDE2026);
}

/*
 * Every player's sum of the kind.  The items of a kind, policy and /P are
 * the same for BH, its cuts and AOB: made once, and kept for the next
 * criterion as what the sums need (a third of the items' bytes): their
 * sum in round order; their values (bh_count[p] of them), put in
 * ascending order for the first cut; or, where a voluntarily unplayed
 * round (C.07 16.5) or SB's products make the cut depend on the rounds
 * (bh_count[p] -1), their scores by round, for cut_items().  When every
 * item's value is its score, which of equal values is cut cannot matter:
 * cutting the lowest one at a time (and the highest) leaves the middle of
 * the sorted values.
 */
static void bh_compute(struct tiebreak_context *c, const struct tiebreak *tb,
                       enum bh_kind kind, struct tiebreak_value *out)
{
    size_t p, n = (size_t)c->n;
    int key = bh_key(tb, (int)c->policy, kind), i;
    int cut = tb->cut_low || tb->cut_high;
    struct item *it = c->items;

    if (c->bh_key != key) {
        if (!c->bh_sum) {
            c->bh_sum = xmallocarray(c->np + 1, sizeof(*c->bh_sum));
            c->bh_count = xmallocarray(c->np + 1, sizeof(*c->bh_count));
            c->bh_vals = xmallocarray(c->np * n + 1, sizeof(*c->bh_vals));
            c->bh_flags = xmalloc(c->np * n + 1);
        }
        for (p = 0; p < c->np; p++) {
            double *v = &c->bh_vals[p * n], sum = 0;
            int k = bh_items(c, tb, kind, p, it, NULL), vur = 0;
            for (i = 0; i < k; i++) {
                sum += it[i].val;
                vur |= it[i].vur;
            }
            c->bh_sum[p] = sum;
            if (vur || kind == BH_SB) {
                unsigned char *f = &c->bh_flags[p * n];
                memset(f, 0, n);
                for (i = 0; i < k; i++) {
                    v[it[i].round] = it[i].score;
                    f[it[i].round] = BH_TAKEN | (it[i].vur ? BH_VUR : 0);
                }
                c->bh_count[p] = -1;
            } else {
                for (i = 0; i < k; i++)
                    v[i] = it[i].val;
                c->bh_count[p] = k;
            }
        }
        c->bh_key = key;
        c->bh_sorted = 0;
    }
    if (cut && !c->bh_sorted) {
        for (p = 0; p < c->np; p++)
            sort_values(&c->bh_vals[p * n], c->bh_count[p]);
        c->bh_sorted = 1;
    }
    for (p = 0; p < c->np; p++) {
        int k = c->bh_count[p];
        if (!cut)
            out[p].value = c->bh_sum[p];
        else if (k >= 0)
            out[p].value = sum_between(c, &c->bh_vals[p * n], k, tb->cut_low,
                                       tb->cut_high);
        else
            out[p].value = cut_kept(c, tb, kind, p);
    }
}

void tb_bh(struct tiebreak_context *c, const struct tiebreak *tb,
           struct tiebreak_value *out)
{
    bh_compute(c, tb, BH_PLAIN, out);
}

void tb_bh_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                   size_t p, struct strbuf *out)
{
    explain_bh(c, tb, BH_PLAIN, p, out);
}

void tb_fb(struct tiebreak_context *c, const struct tiebreak *tb,
           struct tiebreak_value *out)
{
    bh_compute(c, tb, BH_FORE, out);
}

void tb_fb_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                   size_t p, struct strbuf *out)
{
    explain_bh(c, tb, BH_FORE, p, out);
}

void tb_sb(struct tiebreak_context *c, const struct tiebreak *tb,
           struct tiebreak_value *out)
{
    bh_compute(c, tb, BH_SB, out);
}

void tb_sb_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                   size_t p, struct strbuf *out)
{
    explain_bh(c, tb, BH_SB, p, out);
}

/* AOB: the average of the Buchholz (with this criterion's cuts and
 * policy) of the opponents met over the board, in hundredths. */
void tb_aob(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    size_t p;

    bh_compute(c, tb, BH_PLAIN, c->vals);
    for (p = 0; p < c->np; p++)
        c->vals[p].undefined = 0;
    for (p = 0; p < c->np; p++)
        tb_average_of_opponents(c, p, c->vals, 1, &out[p]);
}

void tb_aob_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    tb_explain_opponents(c, tb, p, "BH", out);
}
