/* core/tiebreak/context: the facts of a section that every tie-break
 * reads (who met whom, what each round was worth, whether it was played),
 * the scores as opponents count them, and the dispatch of a criterion to
 * the functions of its row.
 * SPDX-License-Identifier: MIT
 *
 * The rules follow FIDE C.07 (2024, and its 2026 amendment) as the FIDE
 * tie-break checker (TieBreakServer) applies them to TRF files, so that a
 * secretary gets the same numbers as the federation's own tool; the 2009
 * virtual-opponent rule is computed as the Ukrainian regulations cite it.
 * docs/tie-breaks.md describes every rule in words.
 */
#include "core/tiebreak.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rating.h"
#include "core/tiebreak/internal.h"
#include "core/tournament.h"
#include "util/i18n.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ============================================================ context */

/* What a TRF result code is: a win or a draw over the board, a game
   played (U too: unplayed, yet paired), a game against an opponent, a
   win's letter (forfeit and bye wins too). */
enum { K_WIN = 1, K_DRAW = 2, K_PLAYED = 4, K_GAME = 8, K_WINS = 16 };

static unsigned code_kind(char code)
{
    switch (code) {
    case '1':
    case 'W':
        return K_WIN | K_PLAYED | K_GAME | K_WINS;
    case '=':
    case 'D':
        return K_DRAW | K_PLAYED | K_GAME;
    case '0':
    case 'L':
        return K_PLAYED | K_GAME;
    case 'U':
        return K_PLAYED;
    case '+':
    case 'F':
        return K_WINS;
    default:
        return 0;
    }
}

/* Classify the rounds as the FIDE tie-break checker reads a TRF entry. */
static void classify(struct tiebreak_context *c)
{
    const struct tournament *t = c->t;
    /* read once: the rounds written below are chars, which may alias
       anything */
    const int *index_of = t->index_of;
    int max_no = t->max_start_no, n = c->n, r;
    double win = c->win;
    size_t p;

    for (p = 0; p < c->np; p++) {
        const struct player *pl = &t->players[p];
        const struct entry *e = pl->rounds;
        struct rnd *x = R(c, p, 0);
        double s = 0;
        int lna = 0, lmp = 0;
        for (r = 0; r < n; r++) {
            int no = e[r].opp;
            char code = e[r].code;
            unsigned kind;
            struct rnd y;

            /* A blank result valued from the points column is a bye. */
            if (e[r].flags & ENTRY_INFERRED)
                code = e[r].points >= win ? 'F' : e[r].points > 0.0 ? 'H' : 'Z';
            /* the opponent's index: tournament_player() but oneself */
            y.opp = no > 0 && no != pl->start_no && no <= max_no
                        ? index_of[no] - 1
                        : -1;
            y.pts = e[r].points;
            y.code = code;
            y.f = 0;
            kind = code_kind(code);
            y.s100 = kind & K_WIN ? 100 : kind & K_DRAW ? 50 : 0;
            if (kind & K_PLAYED)
                y.f |= R_PLAYED;
            if (y.opp >= 0 && (kind & K_GAME))
                y.f |= R_GAME;
            /* not played, and no win's letter */
            if (!(y.f & R_PLAYED) && !(kind & K_WINS))
                y.f |= R_VUR;
            if (e[r].colour == 'b')
                y.f |= R_BLACK;
            if (e[r].points == win)
                y.f |= R_WIN;
            if (!(y.f & R_VUR))
                lna = r + 1;
            if (y.opp >= 0 || (y.f & R_PLAYED))
                lmp = r + 1;
            s += e[r].points;
            x[r] = y;
        }
        c->lna[p] = lna;
        c->lmp[p] = lmp;
        c->score[p] = s;
    }
}

int tiebreak_is_round_robin(const struct tournament *t)
{
    size_t np = t->n_players, p, cycle, k, *seen, *times;
    int n = t->planned_rounds > 0 ? t->planned_rounds : t->n_rounds, r;
    int rr = 1;

    if (t->system_hint != TRF_SYSTEM_UNKNOWN)
        return t->system_hint == TRF_SYSTEM_ROUND_ROBIN;
    /* A cycle: everyone meets everyone once, in n - 1 rounds of an even
       number of players, n of an odd (each then sits out one). */
    cycle = np % 2 ? np : np - 1;
    if (np < 3 || n <= 0)
        return 0;
    if ((size_t)n == cycle)
        k = 1;
    else if ((size_t)n == 2 * cycle)
        k = 2;
    else
        return 0;
    /* and nobody has met anyone more often than the cycles allow:
       times[q] counts player p's games with q while seen[q] is p + 1 */
    seen = xcalloc(np, sizeof(*seen));
    times = xcalloc(np, sizeof(*times));
    for (p = 0; p < np && rr; p++)
        for (r = 0; r < t->n_rounds; r++) {
            const struct player *o =
                tournament_player(t, t->players[p].rounds[r].opp);
            size_t q;
            if (!o)
                continue;
            q = (size_t)(o - t->players);
            if (seen[q] != p + 1) {
                seen[q] = p + 1;
                times[q] = 0;
            }
            if (++times[q] > k)
                rr = 0;
        }
    free(seen);
    free(times);
    return rr;
}

struct tiebreak_context *tiebreak_context_new(const struct tournament *t,
                                              int n_rounds,
                                              enum tiebreak_policy policy,
                                              int round_robin)
{
    struct tiebreak_context *c = xcalloc(1, sizeof(*c));
    size_t np = t->n_players, p, m;

    if (n_rounds < 0 || n_rounds > t->n_rounds)
        n_rounds = t->n_rounds;
    m = np ? np : 1;
    c->t = t;
    c->n = n_rounds;
    c->np = np;
    c->policy = policy;
    c->rr = round_robin;
    c->win = t->scoring.win;
    c->draw = t->scoring.draw;
    c->r = xmallocarray(m * (size_t)(n_rounds ? n_rounds : 1), sizeof(*c->r));
    c->score = xcalloc(m, sizeof(double));
    c->lna = xcalloc(m, sizeof(int));
    c->lmp = xcalloc(m, sizeof(int));
    c->mark = xcalloc(m, sizeof(int));
    c->tmp = xcalloc(m, sizeof(double));
    c->vals = xcalloc(m, sizeof(*c->vals));
    c->it = xcalloc((size_t)n_rounds + 1, sizeof(struct item));
    c->items = xcalloc((size_t)n_rounds + 1, sizeof(struct item));
    c->rated = xcalloc((size_t)n_rounds + 1, sizeof(*c->rated));
    rating_expect_init(&c->pd);
    classify(c);
    c->rating = xmallocarray(m, sizeof(int));
    c->all_rated = 1;
    for (p = 0; p < np; p++) {
        c->rating[p] = t->players[p].rating;
        if (c->rating[p] <= 0)
            c->all_rated = 0;
    }
    return c;
}

void tiebreak_context_free(struct tiebreak_context *c)
{
    int k;

    if (!c)
        return;
    free(c->r);
    free(c->score);
    free(c->lna);
    free(c->lmp);
    free(c->rating);
    free(c->sb_pts);
    for (k = 0; k < ADJ_KINDS; k++)
        free(c->adj[k]);
    free(c->own_fore);
    free(c->mark);
    free(c->tmp);
    free(c->vals);
    free(c->it);
    free(c->rated);
    free(c->items);
    free(c->bh_sum);
    free(c->bh_count);
    free(c->bh_vals);
    free(c->bh_flags);
    free(c->perf[0]);
    free(c->perf[1]);
    free(c);
}

void tiebreak_context_set_sb_points(struct tiebreak_context *c,
                                    const struct tournament *res)
{
    size_t p;
    int r;

    free(c->sb_pts);
    c->sb_pts = NULL;
    if (!res)
        return;
    c->sb_pts = xcalloc((c->np ? c->np : 1) * (size_t)(c->n ? c->n : 1),
                        sizeof(double));
    for (p = 0; p < c->np && p < res->n_players; p++)
        for (r = 0; r < c->n && r < res->n_rounds; r++)
            c->sb_pts[p * (size_t)c->n + (size_t)r] =
                res->players[p].rounds[r].points;
}

int tiebreak_context_rounds(const struct tiebreak_context *c)
{
    return c->n;
}

enum tiebreak_policy tiebreak_context_policy(const struct tiebreak_context *c)
{
    return c->policy;
}

const double *tb_adjusted(struct tiebreak_context *c, enum adj_kind k)
{
    size_t p;
    int r;

    if (c->adj[k])
        return c->adj[k];
    c->adj[k] = xcalloc(c->np ? c->np : 1, sizeof(double));
    if (k == ADJ_C07_FORE)
        c->own_fore = xcalloc(c->np ? c->np : 1, sizeof(double));
    for (p = 0; p < c->np; p++) {
        double a = 0;
        int lna = c->lna[p];
        int fore = k == ADJ_C07_FORE && c->lmp[p] == c->n;
        if (fore)
            lna = c->n;
        for (r = 0; r < c->n; r++) {
            const struct rnd *x = R(c, p, r);
            if (k == ADJ_2009)
                a += vo2009_game(c, x) ? x->pts : c->draw;
            else if (r < lna || x->opp >= 0)
                a += x->pts;
            else if (!c->rr)
                a += c->draw;
        }
        if (k == ADJ_C07_FORE) {
            double own = c->score[p];
            if (fore && c->n > 0 && R(c, p, c->n - 1)->opp >= 0) {
                double d = c->draw - R(c, p, c->n - 1)->pts;
                a += d;
                own += d;
            }
            c->own_fore[p] = own;
        }
        c->adj[k][p] = a;
    }
    return c->adj[k];
}

void tb_average_of_opponents(const struct tiebreak_context *c, size_t p,
                             const struct tiebreak_value *v, int hundredths,
                             struct tiebreak_value *out)
{
    long long sum = 0;
    int r, num = 0;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        if (!(x->f & R_GAME) || v[x->opp].undefined)
            continue;
        /* values are whole numbers or quarters: add quarters exactly */
        sum += num_round(v[x->opp].value * 4);
        num++;
    }
    out->undefined = num == 0;
    if (!num)
        out->value = 0;
    else if (hundredths)
        out->value = rating_div_round(sum * 25, num) / 100.0;
    else
        out->value = (double)rating_div_round(sum, (long long)num * 4);
}

/* =========================================================== dispatch */

void tiebreak_compute(struct tiebreak_context *c, const struct tiebreak *tb,
                      struct tiebreak_value *out)
{
    size_t p;

    for (p = 0; p < c->np; p++) {
        out[p].undefined = 0;
        out[p].value = 0;
    }
    /* DE depends on the ranking (tiebreak_direct_encounter()); the
     * tie-breaks of teams alone have no function here */
    if (tb->def->compute)
        tb->def->compute(c, tb, out);
}

void tiebreak_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                      size_t p, struct strbuf *out)
{
    struct tiebreak_value *all;
    struct strbuf val = STRBUF_INIT;

    if (tb->def->flags & TBD_GROUP)
        return; /* the standings explain it, knowing the group */
    all = xcalloc(c->np ? c->np : 1, sizeof(*all));
    tiebreak_compute(c, tb, all);
    tiebreak_format_value(tb, &all[p], &val);
    strbuf_addf(out, "%s (%s: %s) = %s", tb->code, tb->ua_short, tb->ua_name,
                all[p].undefined ? _("undefined") : val.buf);
    if (tb->def->flags & TBD_POLICY)
        strbuf_addf(out, " [%s]", tiebreak_policy_name(policy_of(c, tb)));
    strbuf_addch(out, '\n');
    if (tb->def->explain)
        tb->def->explain(c, tb, p, out);
    strbuf_release(&val);
    free(all);
}

/* ============================================================ explain */

void tb_put_opponent(const struct tiebreak_context *c, size_t p, int r,
                     struct strbuf *out)
{
    const struct tournament *t = c->t;
    const struct rnd *x = R(c, p, r);
    const struct entry *e = &t->players[p].rounds[r];
    char res[4] = {0};

    res[0] = x->code == ' ' ? '.' : x->code;
    if (x->opp >= 0)
        tiebreak_explain_game(out, t->players[x->opp].start_no,
                              t->players[x->opp].name, e->colour, res);
    else if (e->flags & ENTRY_PRESENT)
        strbuf_addf(out, _("no opponent (%s)"), res);
    else
        strbuf_addstr(out, _("no entry (absent)"));
}

void tiebreak_explain_round(struct strbuf *out, int r)
{
    strbuf_addf(out, _("  r%-2d "), r + 1);
}

void tiebreak_explain_game(struct strbuf *out, int start_no, const char *name,
                           char colour, const char *res)
{
    if (colour == 'w' || colour == 'W')
        strbuf_addf(out, _("%d %s (w %s)"), start_no, name, res);
    else if (colour == 'b' || colour == 'B')
        strbuf_addf(out, _("%d %s (b %s)"), start_no, name, res);
    else
        strbuf_addf(out, _("%d %s (- %s)"), start_no, name, res);
}

void tb_put_num(struct strbuf *out, double v)
{
    if (fabs(v * 2 - floor(v * 2 + 0.5)) < 1e-9)
        strbuf_addf(out, "%.1f", v);
    else
        strbuf_addf(out, "%.2f", v);
}

void tb_explain_opponents(struct tiebreak_context *c, const struct tiebreak *tb,
                          size_t p, const char *code, struct strbuf *out)
{
    struct tiebreak inner = *tb;
    struct tiebreak_value *ov = xcalloc(c->np ? c->np : 1, sizeof(*ov));
    int r;

    inner.def = tiebreak_def_find(code);
    tiebreak_compute(c, &inner, ov);
    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        struct strbuf v = STRBUF_INIT;
        if (!(x->f & R_GAME))
            continue;
        tiebreak_format_value(&inner, &ov[x->opp], &v);
        tiebreak_explain_round(out, r);
        tb_put_opponent(c, p, r, out);
        strbuf_addf(out, ": %s %s\n", inner.def->code,
                    ov[x->opp].undefined ? _("undefined") : v.buf);
        strbuf_release(&v);
    }
    free(ov);
}

/* ======================================================= values */

size_t tiebreak_value_text(const struct tiebreak *tb,
                           const struct tiebreak_value *v,
                           char out[TIEBREAK_VALUE_TEXT])
{
    double x = v->value;

    out[0] = '\0';
    if (v->undefined)
        return 0;
    if (tb->def->flags & TBD_INTEGER)
        return num_fixed(out, x, 0);
    if (fabs(x * 10 - floor(x * 10 + 0.5)) < 1e-9)
        return num_fixed(out, x, 1);
    return num_fixed(out, x, 2);
}

void tiebreak_format_value(const struct tiebreak *tb,
                           const struct tiebreak_value *v, struct strbuf *out)
{
    char buf[TIEBREAK_VALUE_TEXT];
    size_t n = tiebreak_value_text(tb, v, buf);

    strbuf_add(out, buf, n);
}
