/* core/tiebreak/counts: the tie-breaks that count a player's own rounds:
 * points (PTS), progressive score (PS), wins (WIN), games won (WON), games
 * with black (BPG) and won with black (BWG), rounds elected to play (GE),
 * and Koya (KS).
 * SPDX-License-Identifier: MIT
 */
#include "core/tiebreak.h"

#include "core/tiebreak/internal.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* ============================================================== points */

void tb_pts(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    size_t p;

    (void)tb;
    for (p = 0; p < c->np; p++)
        out[p].value = c->score[p];
}

void tb_pts_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    int r;

    (void)tb;
    for (r = 0; r < c->n; r++) {
        tiebreak_explain_round(out, r);
        tb_put_opponent(c, p, r, out);
        strbuf_addstr(out, ": ");
        tb_put_num(out, R(c, p, r)->pts);
        strbuf_addch(out, '\n');
    }
}

/* The sum of the running scores, the first cut rounds left out. */
static double progressive(const struct tiebreak_context *c, size_t p, int cut)
{
    double run = 0, sum = 0;
    int r;

    for (r = 0; r < c->n; r++) {
        run += R(c, p, r)->pts;
        if (r >= cut)
            sum += run;
    }
    return sum;
}

void tb_ps(struct tiebreak_context *c, const struct tiebreak *tb,
           struct tiebreak_value *out)
{
    size_t p;

    for (p = 0; p < c->np; p++)
        out[p].value = progressive(c, p, tb->cut_low);
}

void tb_ps_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                   size_t p, struct strbuf *out)
{
    double run = 0;
    int r;

    for (r = 0; r < c->n; r++) {
        run += R(c, p, r)->pts;
        strbuf_addf(out, _("  r%-2d score "), r + 1);
        tb_put_num(out, run);
        strbuf_addstr(out, r < tb->cut_low ? " (cut)\n" : "\n");
    }
}

/* ============================================================== counts */

/* Every player's number of rounds whose flags (enum round_flags) counts()
 * takes. */
static void count(const struct tiebreak_context *c, int (*counts)(unsigned),
                  struct tiebreak_value *out)
{
    size_t p;
    int r;

    for (p = 0; p < c->np; p++) {
        int n = 0;
        for (r = 0; r < c->n; r++)
            n += counts(R(c, p, r)->f);
        out[p].value = n;
    }
}

/* The rounds of player p that counts() takes, one a line. */
static void explain_count(const struct tiebreak_context *c,
                          int (*counts)(unsigned), size_t p, struct strbuf *out)
{
    int r;

    for (r = 0; r < c->n; r++)
        if (counts(R(c, p, r)->f)) {
            tiebreak_explain_round(out, r);
            tb_put_opponent(c, p, r, out);
            strbuf_addch(out, '\n');
        }
}

/* WIN: a round worth a win, played or not. */
static int is_win(unsigned f)
{
    return (f & R_WIN) != 0;
}

/* WON: a game won over the board. */
static int is_won(unsigned f)
{
    return (f & R_WIN) && (f & R_GAME);
}

/* BPG: a round played with black. */
static int is_black(unsigned f)
{
    return (f & R_BLACK) && (f & R_PLAYED);
}

/* BWG: a round won with black. */
static int is_black_win(unsigned f)
{
    return (f & R_BLACK) && (f & R_PLAYED) && (f & R_WIN);
}

/* GE: a round the player elected to play. */
static int is_elected(unsigned f)
{
    return (f & R_PLAYED) || (f & R_WIN);
}

void tb_win(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    (void)tb;
    count(c, is_win, out);
}

void tb_win_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    (void)tb;
    explain_count(c, is_win, p, out);
}

void tb_won(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    (void)tb;
    count(c, is_won, out);
}

void tb_won_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    (void)tb;
    explain_count(c, is_won, p, out);
}

void tb_bpg(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    (void)tb;
    count(c, is_black, out);
}

void tb_bpg_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    (void)tb;
    explain_count(c, is_black, p, out);
}

void tb_bwg(struct tiebreak_context *c, const struct tiebreak *tb,
            struct tiebreak_value *out)
{
    (void)tb;
    count(c, is_black_win, out);
}

void tb_bwg_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out)
{
    (void)tb;
    explain_count(c, is_black_win, p, out);
}

void tb_ge(struct tiebreak_context *c, const struct tiebreak *tb,
           struct tiebreak_value *out)
{
    (void)tb;
    count(c, is_elected, out);
}

void tb_ge_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                   size_t p, struct strbuf *out)
{
    (void)tb;
    explain_count(c, is_elected, p, out);
}

/* ================================================================ Koya */

/* KS: the points that count reach limit per cent of a full score. */
static double koya_limit(const struct tiebreak_context *c,
                         const struct tiebreak *tb)
{
    int maxgames = c->n;
    size_t p;

    if (c->rr) {
        if (c->np && c->n % (int)c->np == 0)
            maxgames -= c->n / (int)c->np;
        for (p = 0; p < c->np; p++)
            if (!c->lmp[p])
                maxgames--;
    }
    return tb->limit * c->win * maxgames / 100.0;
}

static double koya(const struct tiebreak_context *c, size_t p, double lim)
{
    double ks = 0;
    int r;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        if (x->opp >= 0 && c->score[x->opp] >= lim)
            ks += x->pts;
    }
    return ks;
}

void tb_ks(struct tiebreak_context *c, const struct tiebreak *tb,
           struct tiebreak_value *out)
{
    double lim = koya_limit(c, tb);
    size_t p;

    for (p = 0; p < c->np; p++)
        out[p].value = koya(c, p, lim);
}

void tb_ks_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                   size_t p, struct strbuf *out)
{
    double lim = koya_limit(c, tb);
    int r;

    strbuf_addstr(out, _("  opponents with at least "));
    tb_put_num(out, lim);
    strbuf_addstr(out, _(" points count\n"));
    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        if (x->opp < 0)
            continue;
        tiebreak_explain_round(out, r);
        tb_put_opponent(c, p, r, out);
        strbuf_addstr(out, _(": opponent has "));
        tb_put_num(out, c->score[x->opp]);
        strbuf_addstr(out, c->score[x->opp] >= lim ? ", counts "
                                                   : ", does not count\n");
        if (c->score[x->opp] >= lim) {
            tb_put_num(out, x->pts);
            strbuf_addch(out, '\n');
        }
    }
}
