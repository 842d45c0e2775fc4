/* core/tiebreak/team: the tie-breaks of a team competition: the totals
 * (MPTS, GPTS, MPvGP), the extended Sonneborn-Berger (EMMSB, EMGSB, EGMSB,
 * EGGSB), the board tie-breaks (BC, TBR, BBE), the extended direct
 * encounter (EDE, EDET), the Ukrainian weighted board points (WBP), and the
 * individual engine's tie-breaks run on the competition of teams.
 * SPDX-License-Identifier: MIT
 *
 * As the FIDE tie-break checker (TieBreakServer) computes them from a
 * TRF-26 file; docs/teams.md says each rule in words.
 */
#include "core/tiebreak.h"

#include <stdlib.h>
#include <string.h>

#include "core/teams.h"
#include "core/tiebreak/internal.h"
#include "core/tournament.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

struct team_tb_context {
    const struct team_table *tt;
    int n;  /* rounds counted */
    int nb; /* boards */
    size_t nt;
    char primary;
    enum tiebreak_policy policy;
    int rr;
    struct tiebreak_context *mp, *gp; /* on match points, on game points */
    struct tiebreak_context *mg, *gm; /* SB multiplying by the other points */
    double *gp_pts;                   /* nt * n: game points of each round */
    double *bp;   /* nt * nb: board points as the checker counts them */
    double **brd; /* nb arrays nt * n: the game points on board k */
};

static const struct team_round *TR(const struct team_tb_context *c, size_t k,
                                   int r)
{
    return team_table_round(c->tt, k, r);
}

/* A game's points for a result letter of a round (the checker gives each
 * board of a round without a game the round's result). */
static double board_value(const struct tournament *t,
                          const struct team_round *tr)
{
    switch (tr->result) {
    case 'W':
    case 'F':
        return t->scoring.win;
    case 'D':
    case 'H':
        return t->scoring.draw;
    case 'P':
        return tr->played ? t->scoring.win : t->scoring.pab;
    default:
        return 0;
    }
}

/* Board points of every team: the boards of a match played over the board,
 * else each board worth the round's result. */
static void board_points(struct team_tb_context *c)
{
    const struct team_table *tt = c->tt;
    size_t k;
    int r, b;

    for (k = 0; k < c->nt; k++)
        for (r = 0; r < c->n; r++) {
            const struct team_round *tr = TR(c, k, r);
            double v = board_value(tt->t, tr);
            for (b = 0; b < c->nb; b++) {
                int real = tr->kind == TR_MATCH && tr->played;
                c->bp[k * (size_t)c->nb + (size_t)b] +=
                    real ? tr->boards[b].points : v;
                c->brd[b][k * (size_t)c->n + (size_t)r] =
                    tr->kind == TR_MATCH ? tr->boards[b].points : 0;
            }
        }
}

struct team_tb_context *team_tb_context_new(const struct team_table *tt,
                                            int n_rounds,
                                            enum tiebreak_policy policy,
                                            int round_robin, char primary)
{
    struct team_tb_context *c = xcalloc(1, sizeof(*c));
    size_t m, k;
    int r, b;

    c->tt = tt;
    c->n = n_rounds < 0 || n_rounds > tt->n_rounds ? tt->n_rounds : n_rounds;
    c->nb = tt->n_boards;
    c->nt = tt->n_teams;
    c->primary = primary == 'G' ? 'G' : 'M';
    c->policy = policy;
    c->rr = round_robin;
    m = c->nt ? c->nt : 1;
    c->mp = tiebreak_context_new(team_table_competition(tt, 0), c->n, policy,
                                 round_robin);
    c->gp = tiebreak_context_new(team_table_competition(tt, 1), c->n, policy,
                                 round_robin);
    c->gp_pts = xcalloc(m * (size_t)(c->n ? c->n : 1), sizeof(double));
    for (k = 0; k < c->nt; k++)
        for (r = 0; r < c->n; r++)
            c->gp_pts[k * (size_t)c->n + (size_t)r] = TR(c, k, r)->gp;
    c->bp = xcalloc(m * (size_t)c->nb, sizeof(double));
    c->brd = xcalloc((size_t)c->nb, sizeof(double *));
    for (b = 0; b < c->nb; b++)
        c->brd[b] = xcalloc(m * (size_t)(c->n ? c->n : 1), sizeof(double));
    board_points(c);
    return c;
}

void team_tb_context_free(struct team_tb_context *c)
{
    int b;

    if (!c)
        return;
    tiebreak_context_free(c->mp);
    tiebreak_context_free(c->gp);
    tiebreak_context_free(c->mg);
    tiebreak_context_free(c->gm);
    free(c->gp_pts);
    free(c->bp);
    for (b = 0; b < c->nb; b++)
        free(c->brd[b]);
    free(c->brd);
    free(c);
}

struct tiebreak_context *team_tb_engine(struct team_tb_context *c, char points)
{
    return points == 'G' ? c->gp : c->mp;
}

/* The points a tie-break works on: its own :MP/:GP, else the primary. */
static char points_of(const struct team_tb_context *c,
                      const struct tiebreak *tb)
{
    return tb->points ? tb->points : c->primary;
}

/* Match ('M') or game ('G') points of team k over the rounds counted. */
static double total(const struct team_tb_context *c, size_t k, char which)
{
    const struct team_table *tt = c->tt;
    double s = which == 'G' ? tt->bonus_gp[k] : tt->bonus_mp[k];
    int r;

    for (r = 0; r < c->n; r++)
        s += which == 'G' ? TR(c, k, r)->gp : TR(c, k, r)->mp;
    return s;
}

double team_tb_points(const struct team_tb_context *c, size_t k)
{
    return total(c, k, c->primary);
}

/* The context on match points (game_points 0) or game points whose SB
 * multiplies by the other points, made once into *slot. */
static struct tiebreak_context *crossed(struct team_tb_context *c,
                                        struct tiebreak_context **slot,
                                        int game_points)
{
    if (!*slot) {
        *slot = tiebreak_context_new(team_table_competition(c->tt, game_points),
                                     c->n, c->policy, c->rr);
        tiebreak_context_set_sb_points(
            *slot, team_table_competition(c->tt, !game_points));
    }
    return *slot;
}

/* ============================================================ engines */

/* BH, FB, AOB, SB, PS, KS of teams: on the points they work on. */
struct tiebreak_context *tb_team_on_points(struct team_tb_context *c,
                                           const struct tiebreak *tb,
                                           struct tiebreak *as)
{
    *as = *tb;
    return points_of(c, tb) == 'G' ? c->gp : c->mp;
}

/* WIN, WON, BPG, BWG, GE of teams: counted on the matches. */
struct tiebreak_context *tb_team_on_match_points(struct team_tb_context *c,
                                                 const struct tiebreak *tb,
                                                 struct tiebreak *as)
{
    *as = *tb;
    return c->mp;
}

/* EMMSB: SB on match points. */
struct tiebreak_context *tb_team_sb_mm(struct team_tb_context *c,
                                       const struct tiebreak *tb,
                                       struct tiebreak *as)
{
    *as = *tb;
    as->def = tiebreak_def_find("SB");
    return c->mp;
}

/* EMGSB: the opponents' match points times the team's game points. */
struct tiebreak_context *tb_team_sb_mg(struct team_tb_context *c,
                                       const struct tiebreak *tb,
                                       struct tiebreak *as)
{
    *as = *tb;
    as->def = tiebreak_def_find("SB");
    return crossed(c, &c->mg, 0);
}

/* EGMSB: the opponents' game points times the team's match points. */
struct tiebreak_context *tb_team_sb_gm(struct team_tb_context *c,
                                       const struct tiebreak *tb,
                                       struct tiebreak *as)
{
    *as = *tb;
    as->def = tiebreak_def_find("SB");
    return crossed(c, &c->gm, 1);
}

/* EGGSB: SB on game points. */
struct tiebreak_context *tb_team_sb_gg(struct team_tb_context *c,
                                       const struct tiebreak *tb,
                                       struct tiebreak *as)
{
    *as = *tb;
    as->def = tiebreak_def_find("SB");
    return c->gp;
}

/* =========================================================== dispatch */

void team_tb_compute(struct team_tb_context *c, const struct tiebreak *tb,
                     struct tiebreak_value *out)
{
    const struct tiebreak_def *d = tb->def;
    size_t k;

    for (k = 0; k < c->nt; k++) {
        out[k].value = 0;
        out[k].undefined = 0;
    }
    if (d->team_engine) {
        struct tiebreak as;
        struct tiebreak_context *e = d->team_engine(c, tb, &as);
        tiebreak_compute(e, &as, out);
    } else if (d->team_compute) {
        d->team_compute(c, tb, out);
    } /* else made inside the group: team_tb_group() */
}

size_t team_tb_group(struct team_tb_context *c, const struct tiebreak *tb,
                     const int *group, size_t n, int first_place,
                     int prize_places, int *pos)
{
    size_t i;

    for (i = 0; i < n; i++)
        pos[i] = 0;
    if (n < 2 || !tb->def->team_group)
        return 0;
    return tb->def->team_group(c, tb, group, n, first_place, prize_places, pos);
}

void team_tb_explain(struct team_tb_context *c, const struct tiebreak *tb,
                     size_t k, const int *group, size_t n, struct strbuf *out)
{
    const struct tiebreak_def *d = tb->def;
    struct tiebreak_value *all;
    struct strbuf val = STRBUF_INIT;
    size_t i;

    if (d->team_engine) {
        struct tiebreak as;
        struct tiebreak_context *e = d->team_engine(c, tb, &as);
        tiebreak_explain(e, &as, k, out);
        return;
    }
    all = xcalloc(c->nt ? c->nt : 1, sizeof(*all));
    if (d->flags & TBD_GROUP) {
        int *pos = xcalloc(n ? n : 1, sizeof(int));
        team_tb_group(c, tb, group, n, 1, 0, pos);
        for (i = 0; i < n; i++)
            all[group[i]].value = pos[i];
        free(pos);
    } else {
        team_tb_compute(c, tb, all);
    }
    tiebreak_format_value(tb, &all[k], &val);
    strbuf_addf(out, "%s (%s: %s) = %s\n", tb->code, tb->ua_short, tb->ua_name,
                val.buf);
    if (d->team_explain)
        d->team_explain(c, tb, k, group, n, &all[k], out);
    strbuf_release(&val);
    free(all);
}

/* ============================================================= totals */

/* Every team's match ('M') or game ('G') points. */
static void totals(const struct team_tb_context *c, char which,
                   struct tiebreak_value *out)
{
    size_t k;

    for (k = 0; k < c->nt; k++)
        out[k].value = total(c, k, which);
}

/* "r3  14 Cuba (b): 2.5" per round of team k, with the points of which. */
static void explain_rounds(const struct team_tb_context *c, size_t k,
                           char which, struct strbuf *out)
{
    const struct tournament *t = c->tt->t;
    int r;

    for (r = 0; r < c->n; r++) {
        const struct team_round *tr = TR(c, k, r);
        tiebreak_explain_round(out, r);
        if (tr->kind == TR_MATCH)
            strbuf_addf(out, "%d %s (%c%s)", t->teams[tr->opp].no,
                        t->teams[tr->opp].name, tr->colour,
                        tr->forfeit ? ", forfeited" : "");
        else
            strbuf_addstr(out, team_round_kind_name(tr->kind));
        strbuf_addstr(out, ": ");
        tb_put_num(out, which == 'G' ? tr->gp : tr->mp);
        strbuf_addstr(out, tr->abnormal ? " (record 299)\n" : "\n");
    }
}

/* Explain the match or game points of team k: its rounds and the bonus
 * or penalty of record 299. */
static void explain_total(const struct team_tb_context *c, size_t k, char which,
                          struct strbuf *out)
{
    double bonus = which == 'G' ? c->tt->bonus_gp[k] : c->tt->bonus_mp[k];

    explain_rounds(c, k, which, out);
    if (bonus != 0) {
        strbuf_addstr(out, _("  bonus or penalty of record 299: "));
        tb_put_num(out, bonus);
        strbuf_addch(out, '\n');
    }
}

/* What MPvGP counts: the points that do not rank first. */
static char other_points(const struct team_tb_context *c)
{
    return c->primary == 'G' ? 'M' : 'G';
}

void tb_team_mpts(struct team_tb_context *c, const struct tiebreak *tb,
                  struct tiebreak_value *out)
{
    (void)tb;
    totals(c, 'M', out);
}

void tb_team_mpts_explain(struct team_tb_context *c, const struct tiebreak *tb,
                          size_t k, const int *group, size_t n,
                          const struct tiebreak_value *v, struct strbuf *out)
{
    (void)tb;
    (void)group;
    (void)n;
    (void)v;
    explain_total(c, k, 'M', out);
}

void tb_team_gpts(struct team_tb_context *c, const struct tiebreak *tb,
                  struct tiebreak_value *out)
{
    (void)tb;
    totals(c, 'G', out);
}

void tb_team_gpts_explain(struct team_tb_context *c, const struct tiebreak *tb,
                          size_t k, const int *group, size_t n,
                          const struct tiebreak_value *v, struct strbuf *out)
{
    (void)tb;
    (void)group;
    (void)n;
    (void)v;
    explain_total(c, k, 'G', out);
}

void tb_team_mpvgp(struct team_tb_context *c, const struct tiebreak *tb,
                   struct tiebreak_value *out)
{
    (void)tb;
    totals(c, other_points(c), out);
}

void tb_team_mpvgp_explain(struct team_tb_context *c, const struct tiebreak *tb,
                           size_t k, const int *group, size_t n,
                           const struct tiebreak_value *v, struct strbuf *out)
{
    (void)tb;
    (void)group;
    (void)n;
    (void)v;
    explain_total(c, k, other_points(c), out);
}

/* ============================================================= boards */

/* Board points of team k, board by board (times the board's number when
 * numbered: BC). */
static void explain_boards(const struct team_tb_context *c, int numbered,
                           size_t k, struct strbuf *out)
{
    int b;

    strbuf_addstr(out, _("  board points (a round without a game over the "
                       "board gives each board its result):"));
    for (b = 0; b < c->nb; b++) {
        strbuf_addf(out, " %d:", b + 1);
        tb_put_num(out, c->bp[k * (size_t)c->nb + (size_t)b]);
        if (numbered)
            strbuf_addf(out, "x%d", b + 1);
    }
    strbuf_addch(out, '\n');
}

void tb_team_bc(struct team_tb_context *c, const struct tiebreak *tb,
                struct tiebreak_value *out)
{
    size_t k;
    int b;

    (void)tb;
    for (k = 0; k < c->nt; k++)
        for (b = 0; b < c->nb; b++)
            out[k].value += (b + 1) * c->bp[k * (size_t)c->nb + (size_t)b];
}

void tb_team_bc_explain(struct team_tb_context *c, const struct tiebreak *tb,
                        size_t k, const int *group, size_t n,
                        const struct tiebreak_value *v, struct strbuf *out)
{
    (void)tb;
    (void)group;
    (void)n;
    (void)v;
    explain_boards(c, 1, k, out);
}

/* The Ukrainian board points of team k: weight n..1 by board. */
static double weighted(const struct team_tb_context *c, size_t k)
{
    double s = 0;
    int r, b;

    for (r = 0; r < c->n; r++) {
        const struct team_round *tr = TR(c, k, r);
        if (tr->kind != TR_MATCH)
            continue;
        for (b = 0; b < c->nb; b++)
            s += (c->nb - b) * tr->boards[b].points;
    }
    return s;
}

void tb_team_wbp(struct team_tb_context *c, const struct tiebreak *tb,
                 struct tiebreak_value *out)
{
    size_t k;

    (void)tb;
    for (k = 0; k < c->nt; k++)
        out[k].value = weighted(c, k);
}

void tb_team_wbp_explain(struct team_tb_context *c, const struct tiebreak *tb,
                         size_t k, const int *group, size_t n,
                         const struct tiebreak_value *v, struct strbuf *out)
{
    const struct tournament *t = c->tt->t;
    int r, b;

    (void)tb;
    (void)group;
    (void)n;
    (void)v;
    for (r = 0; r < c->n; r++) {
        const struct team_round *tr = TR(c, k, r);
        if (tr->kind != TR_MATCH)
            continue;
        tiebreak_explain_round(out, r);
        strbuf_addf(out, "%d %s:", t->teams[tr->opp].no,
                    t->teams[tr->opp].name);
        for (b = 0; b < c->nb; b++) {
            strbuf_addf(out, " %dx", c->nb - b);
            tb_put_num(out, tr->boards[b].points);
        }
        strbuf_addch(out, '\n');
    }
}

/* ================================================ group tie-breaks */

/*
 * Split the blocks of equal rank[] (places inside the group, 1-based) on
 * the direct encounter over pts (NULL: match points) worth win at most,
 * only blocks of two when pairs; returns how many places changed.
 */
static int split_de(struct team_tb_context *c, const struct tiebreak *tb,
                    const int *group, size_t n, int *rank, const double *pts,
                    double win, int pairs)
{
    int *sub = xcalloc(n, sizeof(int)), *at = xcalloc(n, sizeof(int));
    int *pos = xcalloc(n, sizeof(int));
    int changes = 0;
    size_t i, j, m;

    for (i = 0; i < n; i++) {
        int v = rank[i], first = 1;
        for (j = 0; j < i; j++)
            if (rank[j] == v)
                first = 0;
        if (!first)
            continue;
        for (m = 0, j = 0; j < n; j++)
            if (rank[j] == v) {
                at[m] = (int)j;
                sub[m++] = group[j];
            }
        if (m < 2 || (pairs && m != 2))
            continue;
        if (!tiebreak_direct_encounter_on(c->mp, tb, sub, m, pts, win, pos))
            continue;
        for (j = 0; j < m; j++) {
            if (pos[j] != 1)
                changes++;
            rank[at[j]] = v + pos[j] - 1;
        }
    }
    free(sub);
    free(at);
    free(pos);
    return changes;
}

/* Split the blocks of equal rank[] by val (higher first). */
static void split_by(size_t n, int *rank, const double *val)
{
    int *old = xmallocarray(n ? n : 1, sizeof(int));
    size_t i, j;

    memcpy(old, rank, sizeof(int) * n);
    for (i = 0; i < n; i++) {
        int better = 0;
        for (j = 0; j < n; j++)
            if (old[j] == old[i] && val[j] > val[i])
                better++;
        rank[i] = old[i] + better;
    }
    free(old);
}

/* Turn the places rank[] inside a group of n into pos[] (all 0 when
 * nobody is separated); returns the number of teams alone at a place. */
static size_t places(const int *rank, size_t n, int *pos)
{
    size_t i, j, separated = 0;
    int lo, hi;

    lo = hi = rank[0];
    for (i = 1; i < n; i++) {
        lo = rank[i] < lo ? rank[i] : lo;
        hi = rank[i] > hi ? rank[i] : hi;
    }
    if (lo != hi)
        for (i = 0; i < n; i++) {
            int alone = 1;
            pos[i] = rank[i];
            for (j = 0; j < n; j++)
                if (j != i && rank[j] == rank[i])
                    alone = 0;
            separated += (size_t)alone;
        }
    return separated;
}

/* DE of teams: the individual engine's on the points it works on. */
size_t tb_team_de(struct team_tb_context *c, const struct tiebreak *tb,
                  const int *group, size_t n, int first_place, int prize_places,
                  int *pos)
{
    return tiebreak_direct_encounter(points_of(c, tb) == 'G' ? c->gp : c->mp,
                                     tb, group, n, first_place, prize_places,
                                     pos);
}

/* EDE: the direct encounter on the primary points, then on the others,
 * again and again until neither separates more; with boards (EDET) then
 * two teams still level by their match board by board. */
static size_t extended_de(struct team_tb_context *c, const struct tiebreak *tb,
                          const int *group, size_t n, int boards, int *pos)
{
    const struct tournament *t = c->tt->t;
    int *rank = xcalloc(n, sizeof(int));
    double gwin = c->nb * t->scoring.win;
    int idle = 0, on_gp = c->primary == 'G', b;
    size_t i, separated;

    for (i = 0; i < n; i++)
        rank[i] = 1;
    while (idle < 2) {
        int ch = on_gp ? split_de(c, tb, group, n, rank, c->gp_pts, gwin, 0)
                       : split_de(c, tb, group, n, rank, NULL, c->tt->win, 0);
        idle = ch ? 0 : idle + 1;
        on_gp = !on_gp;
    }
    for (b = 0; boards && b < c->nb; b++)
        split_de(c, tb, group, n, rank, c->brd[b], t->scoring.win, 1);
    separated = places(rank, n, pos);
    free(rank);
    return separated;
}

size_t tb_team_ede(struct team_tb_context *c, const struct tiebreak *tb,
                   const int *group, size_t n, int first_place,
                   int prize_places, int *pos)
{
    (void)first_place;
    (void)prize_places;
    return extended_de(c, tb, group, n, 0, pos);
}

size_t tb_team_edet(struct team_tb_context *c, const struct tiebreak *tb,
                    const int *group, size_t n, int first_place,
                    int prize_places, int *pos)
{
    (void)first_place;
    (void)prize_places;
    return extended_de(c, tb, group, n, 1, pos);
}

/* TBR: the board points of board 1, then of board 2, ...; without top
 * (BBE): the board points without the last board, then without the last
 * two, ... */
static size_t board_split(struct team_tb_context *c, const int *group, size_t n,
                          int top, int *pos)
{
    int *rank = xcalloc(n, sizeof(int));
    double *val = xcalloc(n, sizeof(double));
    size_t i, separated;
    int b;

    for (i = 0; i < n; i++)
        rank[i] = 1;
    for (b = 1; b <= c->nb; b++) {
        for (i = 0; i < n; i++) {
            size_t k = (size_t)group[i];
            if (top) {
                val[i] = c->bp[k * (size_t)c->nb + (size_t)(b - 1)];
            } else {
                int last;
                val[i] = 0;
                for (last = 0; last < c->nb - b; last++)
                    val[i] += c->bp[k * (size_t)c->nb + (size_t)last];
            }
        }
        split_by(n, rank, val);
    }
    separated = places(rank, n, pos);
    free(rank);
    free(val);
    return separated;
}

size_t tb_team_tbr(struct team_tb_context *c, const struct tiebreak *tb,
                   const int *group, size_t n, int first_place,
                   int prize_places, int *pos)
{
    (void)tb;
    (void)first_place;
    (void)prize_places;
    return board_split(c, group, n, 1, pos);
}

size_t tb_team_bbe(struct team_tb_context *c, const struct tiebreak *tb,
                   const int *group, size_t n, int first_place,
                   int prize_places, int *pos)
{
    (void)tb;
    (void)first_place;
    (void)prize_places;
    return board_split(c, group, n, 0, pos);
}

/* "the group level on everything before: 3 7 12", or that there is none;
 * returns 0 when there is none. */
static int explain_group(const struct team_tb_context *c, const int *group,
                         size_t n, struct strbuf *out)
{
    const struct tournament *t = c->tt->t;
    size_t i;

    if (n < 2) {
        strbuf_addstr(out, _("  not needed: no team is level with it on "
                           "everything before\n"));
        return 0;
    }
    strbuf_addstr(out, _("  the group level on everything before:"));
    for (i = 0; i < n; i++)
        strbuf_addf(out, " %d", t->teams[group[i]].no);
    strbuf_addch(out, '\n');
    return 1;
}

void tb_team_boards_explain(struct team_tb_context *c,
                            const struct tiebreak *tb, size_t k,
                            const int *group, size_t n,
                            const struct tiebreak_value *v, struct strbuf *out)
{
    const struct tournament *t = c->tt->t;
    size_t i;

    (void)tb;
    (void)k;
    (void)v;
    if (!explain_group(c, group, n, out))
        return;
    for (i = 0; i < n; i++) {
        strbuf_addf(out, "  %d %s", t->teams[group[i]].no,
                    t->teams[group[i]].name);
        explain_boards(c, 0, (size_t)group[i], out);
    }
}

void tb_team_matches_explain(struct team_tb_context *c,
                             const struct tiebreak *tb, size_t k,
                             const int *group, size_t n,
                             const struct tiebreak_value *v, struct strbuf *out)
{
    const struct tournament *t = c->tt->t;
    size_t i;
    int r;

    (void)tb;
    if (!explain_group(c, group, n, out))
        return;
    for (r = 0; r < c->n; r++) {
        const struct team_round *tr = TR(c, k, r);
        int in = 0;
        for (i = 0; i < n; i++)
            in = in || (tr->kind == TR_MATCH && tr->opp == group[i]);
        if (!in)
            continue;
        tiebreak_explain_round(out, r);
        strbuf_addf(out, "%d %s: ", t->teams[tr->opp].no,
                    t->teams[tr->opp].name);
        tb_put_num(out, tr->mp);
        strbuf_addstr(out, _(" match points, "));
        tb_put_num(out, tr->gp);
        strbuf_addf(out, _(" game points%s\n"),
                    tr->played ? "" : _(" (no game over the board)"));
    }
    if (v->value == 0)
        strbuf_addstr(out, _("  the matches among them separate nobody\n"));
}
