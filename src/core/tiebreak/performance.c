/* core/tiebreak/performance: the rating tie-breaks: the average rating of
 * the opponents (ARO), the tournament performance rating (TPR), the perfect
 * tournament performance (PTP) and the averages of the opponents' TPR
 * (APRO) and PTP (APPO), over the tables of core/rating.
 * SPDX-License-Identifier: MIT
 */
#include "core/tiebreak.h"

#include <limits.h>
#include <stdlib.h>

#include "core/rating.h"
#include "core/tiebreak/internal.h"
#include "core/tournament.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/*
 * ARO, TPR and PTP of player p: the ratings of the opponents met over the
 * board (unrated ones rated tb->unrated when given), the lowest and the
 * highest cut as asked (equal ratings: the earlier round goes first).
 * Undefined when a player of the section is unrated and no rating for
 * unrated players is given, as the FIDE checker has it, or when no
 * opponent is left.  rt (n + 1) gets the ratings counted, *nrt their
 * number and *score100 the points scored against them x 100.  The PTP
 * (a search) is made only when ptp is not NULL.
 */
static void rating_values(struct tiebreak_context *c, const struct tiebreak *tb,
                          size_t p, struct tiebreak_value *aro,
                          struct tiebreak_value *tpr,
                          struct tiebreak_value *ptp, int *rt, int *nrt,
                          int *score100)
{
    struct rated *g = c->rated;
    const struct rnd *xs = R(c, p, 0);
    const int *ratings = c->rating;
    int r, n = c->n, num = 0, low, high, s100 = 0, i, j, first;
    int unrated = tb->unrated;
    long long sum = 0;
    int valid = c->all_rated || unrated >= 0;

    for (r = 0; r < n; r++) {
        const struct rnd *x = &xs[r];
        int rating;
        if (!(x->f & R_GAME))
            continue;
        rating = ratings[x->opp];
        if (rating <= 0)
            rating = unrated;
        if (rating < 0)
            continue;
        g[num].rating = rating;
        g[num].s100 = x->s100;
        num++;
    }
    for (i = 1; (tb->cut_low || tb->cut_high) && i < num; i++) {
        struct rated y = g[i];
        for (j = i; j > 0 && y.rating < g[j - 1].rating; j--)
            g[j] = g[j - 1];
        g[j] = y;
    }
    low = tb->cut_low > c->n ? c->n : tb->cut_low;
    high = low + tb->cut_high > c->n ? c->n - low : tb->cut_high;
    first = low < num ? low : num;
    num -= first;
    num -= high < num ? high : num;
    for (i = 0; i < num; i++) {
        rt[i] = g[first + i].rating;
        sum += rt[i];
        s100 += g[first + i].s100;
    }
    *nrt = num;
    *score100 = s100;
    aro->undefined = tpr->undefined = !valid || num == 0;
    aro->value = tpr->value = 0;
    if (ptp) {
        ptp->undefined = aro->undefined;
        ptp->value = 0;
    }
    if (aro->undefined)
        return;
    aro->value = (double)rating_div_round(sum, num);
    tpr->value = rating_performance(sum, num, s100);
    if (ptp)
        ptp->value = rating_perfect_performance(&c->pd, rt, num, s100);
}

/* Explain ARO, TPR and PTP of player p: the ratings counted. */
static void explain_rating(struct tiebreak_context *c,
                           const struct tiebreak *tb, size_t p,
                           struct strbuf *out)
{
    struct tiebreak_value v[3];
    int *rt = xcalloc((size_t)c->n + 1, sizeof(int));
    int nrt, s100, i, r;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        if (!(x->f & R_GAME))
            continue;
        tiebreak_explain_round(out, r);
        tb_put_opponent(c, p, r, out);
        strbuf_addf(out, _(": rating %d\n"), c->t->players[x->opp].rating);
    }
    rating_values(c, tb, p, &v[0], &v[1], &v[2], rt, &nrt, &s100);
    if (!c->all_rated && tb->unrated < 0) {
        strbuf_addstr(out, _("  undefined: a player of the section is unrated "
                           "and no rating for unrated players is given "
                           "(/U)\n"));
    } else if (nrt == 0) {
        strbuf_addstr(out, _("  undefined: no rated opponent\n"));
    } else {
        strbuf_addf(out, _("  %d rating%s counted:"), nrt, nrt == 1 ? "" : "s");
        for (i = 0; i < nrt; i++)
            strbuf_addf(out, " %d", rt[i]);
        strbuf_addf(out, _("; score %d.%02d; ARO %.0f, TPR %.0f, PTP %.0f\n"),
                    s100 / 100, s100 % 100, v[0].value, v[1].value, v[2].value);
    }
    free(rt);
}

/* The values of the family. */
enum perf_kind { PERF_ARO, PERF_TPR, PERF_PTP };

/* An undefined value in c->perf[] (ratings and performances are whole
   numbers, never this low). */
#define PERF_UNDEFINED INT_MIN

/* The ratings ARO, TPR, PTP, APRO and APPO of one set of cuts share;
   never 0. */
static long long perf_key(const struct tiebreak *tb)
{
    return 1 + tb->cut_low + 64LL * (tb->cut_high + 64LL * (tb->unrated + 2LL));
}

/* Every player's ARO, TPR or PTP into out. */
static void performances(struct tiebreak_context *c, const struct tiebreak *tb,
                         enum perf_kind kind, struct tiebreak_value *out)
{
    long long key = perf_key(tb);
    int want_ptp = kind == PERF_PTP, s;
    size_t p;

    /* ARO, TPR and PTP come from the same ratings: made once for each set
       of cuts (ARO and ARO/C1, TPR, PTP, APRO, APPO: two sets). */
    for (s = 0; s < 2; s++)
        if (c->perf_key[s] == key && (c->perf_ptp[s] || !want_ptp))
            break;
    if (s == 2) {
        int *rt = xcalloc((size_t)c->n + 1, sizeof(int));
        for (s = 0; s < 2 && c->perf_key[s] != key; s++)
            ;
        if (s == 2) {
            s = c->perf_next;
            c->perf_next = !s;
        }
        if (!c->perf[s])
            c->perf[s] = xmallocarray(c->np * 3 + 1, sizeof(*c->perf[s]));
        for (p = 0; p < c->np; p++) {
            struct tiebreak_value v[3];
            int nrt, s100, k;
            v[2].undefined = 1;
            v[2].value = 0;
            rating_values(c, tb, p, &v[0], &v[1], want_ptp ? &v[2] : NULL,
                          rt, &nrt, &s100);
            for (k = 0; k < 3; k++)
                c->perf[s][p * 3 + (size_t)k] =
                    v[k].undefined ? PERF_UNDEFINED : (int)v[k].value;
        }
        free(rt);
        c->perf_key[s] = key;
        c->perf_ptp[s] = want_ptp;
    }
    for (p = 0; p < c->np; p++) {
        int v = c->perf[s][p * 3 + kind];
        out[p].undefined = v == PERF_UNDEFINED;
        out[p].value = out[p].undefined ? 0 : v;
    }
}

/* The average of the opponents' TPR or PTP, rounded. */
static void average_performance(struct tiebreak_context *c,
                                const struct tiebreak *tb, enum perf_kind kind,
                                struct tiebreak_value *out)
{
    size_t p;

    performances(c, tb, kind, c->vals);
    for (p = 0; p < c->np; p++)
        tb_average_of_opponents(c, p, c->vals, 0, &out[p]);
}

void tb_aro(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    performances(c, tb, PERF_ARO, out);
}

void tb_aro_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    explain_rating(c, tb, p, out);
}

void tb_tpr(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    performances(c, tb, PERF_TPR, out);
}

void tb_tpr_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    explain_rating(c, tb, p, out);
}

void tb_ptp(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    performances(c, tb, PERF_PTP, out);
}

void tb_ptp_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    explain_rating(c, tb, p, out);
}

void tb_apro(struct tiebreak_context *c, const struct tiebreak *tb,
             struct tiebreak_value *out)
{
    average_performance(c, tb, PERF_TPR, out);
}

void tb_apro_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                     size_t p, struct strbuf *out)
{
    tb_explain_opponents(c, tb, p, "TPR", out);
}

void tb_appo(struct tiebreak_context *c, const struct tiebreak *tb,
             struct tiebreak_value *out)
{
    average_performance(c, tb, PERF_PTP, out);
}

void tb_appo_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                     size_t p, struct strbuf *out)
{
    tb_explain_opponents(c, tb, p, "PTP", out);
}
