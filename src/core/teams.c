/* core/teams: the matches of a team competition and the findings about them.
 * SPDX-License-Identifier: MIT
 *
 * The matches are made the way the FIDE tie-break checker (TieBreakServer)
 * makes them from a TRF-26 file, so that team tie-breaks agree with it: a
 * team's boards are the players of its 300 record, or else its players with
 * a result in the round in the order of the 310 record, those without an
 * opponent and without points (reserves, "0000 - -") last; a bye's game
 * points are the boards times a game's points (320 gives its own); a
 * match is won by the team with more game points.  Where the checker
 * silently guesses (two byes for one team, games that do not pair board by
 * board, a total that does not add up), Sekretar says so.
 */
#include "core/teams.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tournament.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ============================================================ builder */

struct builder {
    struct team_table *tt;
    const struct tournament *t;
    const struct team_input *in;
    struct diag_list *dl;
    /* per round, per team */
    int *opp; /* opponent team, or -1 */
    const struct team_bye **bye;
    const struct team_lineup **order;
    const struct team_forfeit **forfeit;
    size_t boards_used;
};

static const char *team_name(const struct builder *b, int k)
{
    return b->t->teams[k].name;
}

/* Whether two inputs were read at the same place (one record). */
static int same_place(const struct team_where *x, const struct team_where *y)
{
    return x->line == y->line &&
           (x->file == y->file ||
            (x->file && y->file && !strcmp(x->file, y->file)));
}

/* ============================================================ pairing */

/* The kinds of a team's round: their words and the abbreviations of
 * record 802. */
static const struct {
    enum team_round_kind kind;
    const char *words, *abbr;
    char code; /* in the competition of teams */
} kinds[] = {
    {TR_NONE, N_("no match"), "ZPB", ' '},
    {TR_MATCH, N_("a match"), "", '0'},
    {TR_BYE_FULL, N_("a full-point bye"), "FPB", 'F'},
    {TR_BYE_HALF, N_("a half-point bye"), "HPB", 'H'},
    {TR_BYE_ZERO, N_("a zero-point bye"), "ZPB", 'Z'},
    {TR_BYE_PAIRING, N_("the pairing-allocated bye"), "PAB", 'U'},
};

const char *team_round_kind_name(enum team_round_kind k)
{
    size_t i;

    for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        if (kinds[i].kind == k)
            return kinds[i].words;
    return "?";
}

/* Pair teams x and y in round r (seen at file:line:col); report a team
 * that would meet two teams, and pair nobody then. */
static void pair_at(struct builder *b, int r, int x, int y, const char *file,
                    unsigned line, unsigned col)
{
    int k;

    for (k = 0; k < 2; k++) {
        int me = k ? y : x, other = k ? x : y;
        if (b->opp[me] >= 0 && b->opp[me] != other) {
            diag_error(b->dl, file, line, col,
                       "round %d: players of team '%s' meet players of '%s' "
                       "and of '%s'",
                       r + 1, team_name(b, me), team_name(b, b->opp[me]),
                       team_name(b, other));
            return;
        }
    }
    b->opp[x] = y;
    b->opp[y] = x;
}

/* Pair teams x and y in round r as an input says. */
static void pair(struct builder *b, int r, int x, int y,
                 const struct team_where *at)
{
    pair_at(b, r, x, y, at->file, at->line, at->col);
}

/* Who met whom in round r: the games, then 330 and 300 records. */
static void pair_round(struct builder *b, int r)
{
    const struct tournament *t = b->t;
    size_t i;

    for (i = 0; i < t->n_players; i++) {
        const struct player *p = &t->players[i];
        const struct entry *e = &p->rounds[r];
        const struct player *q;
        if (p->team < 0 || !(e->flags & ENTRY_PRESENT) || e->opp <= 0)
            continue;
        q = tournament_player(t, e->opp);
        if (!q || q == p || (q->team >= 0 && q->start_no < p->start_no))
            continue; /* each game once; unknown opponents: see check */
        if (q->team < 0) {
            diag_warning(b->dl, t->source, p->line, 92 + 10 * (unsigned)r,
                         "round %d: player %d of team '%s' played %d, who "
                         "is in no team",
                         r + 1, p->start_no, t->teams[p->team].name,
                         q->start_no);
            continue;
        }
        if (q->team == p->team) {
            diag_error(b->dl, t->source, p->line, 92 + 10 * (unsigned)r,
                       "round %d: players %d and %d of team '%s' played "
                       "each other",
                       r + 1, p->start_no, q->start_no, t->teams[p->team].name);
            continue;
        }
        pair_at(b, r, p->team, q->team, t->source, p->line,
                92 + 10 * (unsigned)r);
    }
    for (i = 0; i < b->in->n_forfeits; i++) {
        const struct team_forfeit *f = &b->in->forfeits[i];
        int k, bad = 0;
        if (f->round != r)
            continue;
        for (k = 0; k < 2 && !bad; k++) {
            int me = k ? f->black : f->white, other = k ? f->white : f->black;
            if (b->forfeit[me]) {
                diag_error(b->dl, f->at.file, f->at.line, f->at.col,
                           "record 330: team '%s' has two forfeited matches "
                           "in round %d (the other at line %u)",
                           team_name(b, me), r + 1, b->forfeit[me]->at.line);
                bad = 1;
            } else if (b->opp[me] >= 0 && b->opp[me] != other) {
                diag_error(b->dl, f->at.file, f->at.line, f->at.col,
                           "record 330: '%s' - '%s' in round %d, but "
                           "players of '%s' met players of '%s'",
                           team_name(b, f->white), team_name(b, f->black),
                           r + 1, team_name(b, me), team_name(b, b->opp[me]));
                bad = 1;
            }
        }
        if (bad)
            continue;
        pair(b, r, f->white, f->black, &f->at);
        b->forfeit[f->white] = b->forfeit[f->black] = f;
    }
    for (i = 0; i < b->in->n_lineups; i++) {
        const struct team_lineup *o = &b->in->lineups[i];
        if (o->round != r)
            continue;
        if (b->order[o->team]) {
            diag_error(b->dl, o->at.file, o->at.line, o->at.col,
                       "record 300: team '%s' has two board orders in round "
                       "%d (the other at line %u)",
                       team_name(b, o->team), r + 1,
                       b->order[o->team]->at.line);
            continue;
        }
        if ((b->opp[o->team] >= 0 && b->opp[o->team] != o->opp) ||
            (b->opp[o->opp] >= 0 && b->opp[o->opp] != o->team)) {
            int who = b->opp[o->team] >= 0 && b->opp[o->team] != o->opp
                          ? o->team
                          : o->opp;
            diag_error(b->dl, o->at.file, o->at.line, o->at.col,
                       "record 300: '%s' - '%s' in round %d, but '%s' met "
                       "'%s'",
                       team_name(b, o->team), team_name(b, o->opp), r + 1,
                       team_name(b, who), team_name(b, b->opp[who]));
            continue;
        }
        pair(b, r, o->team, o->opp, &o->at);
        b->order[o->team] = o;
    }
}

/* The byes of round r (240, then 320 records). */
static void bye_round(struct builder *b, int r)
{
    size_t i;

    for (i = 0; i < b->in->n_byes; i++) {
        const struct team_bye *y = &b->in->byes[i];
        const struct team_bye *had = b->bye[y->team];
        if (y->round != r)
            continue;
        if (b->opp[y->team] >= 0) {
            diag_error(b->dl, y->at.file, y->at.line, y->at.col,
                       "record %s gives team '%s' %s in round %d, but it "
                       "played '%s'",
                       y->record, team_name(b, y->team),
                       _(team_round_kind_name(y->kind)), r + 1,
                       team_name(b, b->opp[y->team]));
            continue;
        }
        if (had) {
            if (same_place(&had->at, &y->at))
                continue;
            diag_error(b->dl, y->at.file, y->at.line, y->at.col,
                       "round %d: team '%s' has two byes, %s (record %s, "
                       "line %u) and %s (record %s, line %u); the second is "
                       "used",
                       r + 1, team_name(b, y->team),
                       _(team_round_kind_name(had->kind)), had->record,
                       had->at.line, _(team_round_kind_name(y->kind)),
                       y->record, y->at.line);
        }
        b->bye[y->team] = y;
    }
}

/* ============================================================ matches */

/* A result that only fills a board: no opponent, no points, no game. */
static int is_filler(const struct entry *e)
{
    return e->opp <= 0 && e->points == 0.0 && !entry_is_played(e) &&
           e->code != 'U';
}

struct slot {
    const struct player *p; /* NULL: unoccupied */
    const struct entry *e;
    int key;
};

static int cmp_slot(const void *a, const void *b)
{
    const struct slot *x = a, *y = b;
    return x->key - y->key;
}

/*
 * The boards of team k in round r: its 300 record; else, against the
 * boards of the other team (by, when not NULL), the opponents of their
 * players, the other boards in the order of the team; else its players
 * with a result in the order of the team, fillers last.
 */
static void team_slots(struct builder *b, int k, int r, struct slot *s,
                       const struct slot *by)
{
    const struct tournament *t = b->t;
    const struct team *tm = &t->teams[k];
    const struct team_lineup *o = b->order[k];
    int nb = b->tt->n_boards, n = 0, i;
    struct slot *all = xcalloc((size_t)tm->n_members + 1, sizeof(*all));

    memset(s, 0, sizeof(*s) * (size_t)nb);
    for (i = 0; i < tm->n_members; i++) {
        const struct player *p = tournament_player(t, tm->members[i]);
        if (!p || p->team != k || !(p->rounds[r].flags & ENTRY_PRESENT))
            continue;
        all[n].p = p;
        all[n].e = &p->rounds[r];
        all[n].key = (is_filler(all[n].e) ? 1000 : 0) + i;
        n++;
    }
    if (o) {
        if (o->n_boards != nb)
            diag_error(b->dl, o->at.file, o->at.line, o->boards_col,
                       "record 300: %d board%s listed for '%s' in round %d, "
                       "the matches are played on %d",
                       o->n_boards, o->n_boards == 1 ? "" : "s", tm->name,
                       r + 1, nb);
        for (i = 0; i < o->n_boards && i < nb; i++) {
            const struct team_lineup_board *ob = &o->boards[i];
            const struct player *p = tournament_player(t, ob->player);
            int j;
            if (!ob->player)
                continue;
            if (!p || p->team != k) {
                diag_error(b->dl, o->at.file, o->at.line, ob->col,
                           "record 300: player %d is not in team '%s'",
                           ob->player, tm->name);
                continue;
            }
            if (!(p->rounds[r].flags & ENTRY_PRESENT)) {
                diag_error(b->dl, o->at.file, o->at.line, ob->col,
                           "record 300: player %d of '%s' has no result in "
                           "round %d",
                           p->start_no, tm->name, r + 1);
                continue;
            }
            s[i].p = p;
            s[i].e = &p->rounds[r];
            for (j = 0; j < n; j++)
                if (all[j].p == p)
                    all[j].p = NULL;
        }
        for (i = 0; i < n; i++)
            if (all[i].p && !is_filler(all[i].e))
                diag_error(b->dl, t->source, all[i].p->line,
                           92 + 10 * (unsigned)r,
                           "round %d: player %d of '%s' has a result but is "
                           "on no board of the 300 record (line %u)",
                           r + 1, all[i].p->start_no, tm->name, o->at.line);
    } else {
        int at = 0, j;
        qsort(all, (size_t)n, sizeof(*all), cmp_slot);
        for (i = 0; by && i < nb; i++)
            for (j = 0; by[i].p && by[i].e->opp > 0 && j < n; j++)
                if (all[j].p && all[j].p->start_no == by[i].e->opp) {
                    s[i] = all[j];
                    all[j].p = NULL;
                }
        for (i = 0; i < n; i++) {
            if (!all[i].p)
                continue;
            while (at < nb && s[at].p)
                at++;
            if (at < nb)
                s[at] = all[i];
            else if (!is_filler(all[i].e))
                diag_error(b->dl, t->source, all[i].p->line,
                           92 + 10 * (unsigned)r,
                           "round %d: team '%s' has more players with a "
                           "result than the %d boards (player %d)",
                           r + 1, tm->name, nb, all[i].p->start_no);
        }
    }
    free(all);
}

static int slot_no(const struct slot *s)
{
    return s->p ? s->p->start_no : 0;
}

/*
 * Say when the boards of team k (without a 300 record), set by the boards
 * of the other team, are out of k's order (record 310).
 */
static void check_order(struct builder *b, int r, int k, int other,
                        const struct slot *s)
{
    const struct tournament *t = b->t;
    int i, last = -1;

    if (t->teams[k].record != '3')
        return; /* 013: a registration order, not a board order */
    for (i = 0; i < b->tt->n_boards; i++) {
        if (!s[i].p || is_filler(s[i].e))
            continue;
        if (s[i].key < last) {
            diag_warning(b->dl, t->source, s[i].p->line, 92 + 10 * (unsigned)r,
                         "round %d: the boards of '%s' - '%s' follow the "
                         "order (record 310) of neither team: player %d of "
                         "'%s' is on board %d; a 300 record gives the order "
                         "of a team that played out of its order",
                         r + 1, team_name(b, other), team_name(b, k),
                         s[i].p->start_no, team_name(b, k), i + 1);
            return;
        }
        last = s[i].key;
    }
}

/* Say where the games of a match do not pair board by board. */
static void check_boards(struct builder *b, int r, int x, int y,
                         const struct slot *sx, const struct slot *sy)
{
    const struct tournament *t = b->t;
    int k, nb = b->tt->n_boards;

    for (k = 0; k < nb; k++) {
        int ox = sx[k].p ? sx[k].e->opp : 0, oy = sy[k].p ? sy[k].e->opp : 0;
        const struct slot *s = ox > 0 ? &sx[k] : &sy[k];
        int me = ox > 0 ? x : y, other = ox > 0 ? y : x;
        const struct slot *there = ox > 0 ? &sy[k] : &sx[k];
        if (ox == slot_no(&sy[k]) && oy == slot_no(&sx[k]))
            continue;
        if (ox <= 0 && oy <= 0)
            continue;
        diag_warning(b->dl, t->source, s->p->line, 92 + 10 * (unsigned)r,
                     "round %d, board %d of '%s' - '%s': player %d of '%s' "
                     "played %d, but board %d of '%s' is %s%d: the 300 "
                     "records of the two teams do not pair the boards",
                     r + 1, k + 1, team_name(b, x), team_name(b, y),
                     s->p->start_no, team_name(b, me), s->e->opp, k + 1,
                     team_name(b, other), there->p ? _("player ") : "",
                     slot_no(there));
        return;
    }
}

static void fill_boards(struct team_round *tr, const struct slot *s, int nb)
{
    int k;

    tr->gp = 0;
    for (k = 0; k < nb; k++) {
        struct team_board *bd = &tr->boards[k];
        memset(bd, 0, sizeof(*bd));
        bd->code = ' ';
        if (!s[k].p)
            continue;
        bd->player = s[k].p->start_no;
        bd->opp = s[k].e->opp > 0 ? s[k].e->opp : 0;
        bd->code = s[k].e->code;
        bd->played = entry_is_played(s[k].e);
        bd->points = s[k].e->points;
        tr->gp += bd->points;
    }
}

/* Which of x and y had white on board 1: 'w' for x, 'b', or '-'. */
static char match_colour(const struct team_table *tt, const struct slot *sx,
                         const struct slot *sy)
{
    int k;

    for (k = 0; k < tt->n_boards; k++) {
        char c;
        if (!sx[k].p || !sy[k].p || sx[k].e->opp != sy[k].p->start_no)
            continue;
        c = sx[k].e->colour;
        if (c != 'w' && c != 'b')
            continue;
        if (tt->colours[k % strlen(tt->colours)] == 'B')
            c = c == 'w' ? 'b' : 'w';
        return c;
    }
    return '-';
}

static void set_result(struct team_table *tt, struct team_round *tr, char res)
{
    tr->result = res;
    tr->mp = res == 'W' ? tt->win : res == 'D' ? tt->draw : tt->loss;
}

/* The match of teams x and y in round r. */
static void build_match(struct builder *b, int r, int x, int y)
{
    struct team_table *tt = b->tt;
    const struct tournament *t = b->t;
    int nb = tt->n_boards, k, any = 0, lead;
    struct team_round *tx = &tt->rounds[(size_t)x * tt->n_rounds + r];
    struct team_round *ty = &tt->rounds[(size_t)y * tt->n_rounds + r];
    struct slot *sx = xcalloc((size_t)nb, sizeof(*sx));
    struct slot *sy = xcalloc((size_t)nb, sizeof(*sy));
    const struct team_forfeit *f = b->forfeit[x];
    char loss;

    /* The boards follow the team with a 300 record, else the team with the
     * lower number, as the FIDE tie-break checker has it; the other team's
     * players take the boards of their opponents. */
    lead = t->teams[x].no < t->teams[y].no ? x : y;
    if (!b->order[lead] && b->order[lead == x ? y : x])
        lead = lead == x ? y : x;
    if (lead == x) {
        team_slots(b, x, r, sx, NULL);
        team_slots(b, y, r, sy, b->order[y] ? NULL : sx);
    } else {
        team_slots(b, y, r, sy, NULL);
        team_slots(b, x, r, sx, b->order[x] ? NULL : sy);
    }
    if (b->order[x] && b->order[y])
        check_boards(b, r, x, y, sx, sy);
    else
        check_order(b, r, lead == x ? y : x, lead, lead == x ? sy : sx);
    tx->kind = ty->kind = TR_MATCH;
    tx->opp = y;
    ty->opp = x;
    tx->boards = tt->boards + b->boards_used;
    ty->boards = tt->boards + b->boards_used + (size_t)nb;
    b->boards_used += 2 * (size_t)nb;
    fill_boards(tx, sx, nb);
    fill_boards(ty, sy, nb);
    for (k = 0; k < nb; k++) {
        if (tx->boards[k].played || ty->boards[k].played)
            tx->played = ty->played = 1;
        any = any || sx[k].p || sy[k].p;
    }
    tx->colour = match_colour(tt, sx, sy);
    ty->colour = tx->colour == 'w' ? 'b' : tx->colour == 'b' ? 'w' : '-';
    if (f) {
        tx->forfeit = ty->forfeit = 1;
        tx->line = ty->line = f->at.line;
        tx->colour = f->white == x ? 'w' : 'b';
        ty->colour = f->white == y ? 'w' : 'b';
        if (!any) {
            /* No player has a result: the record alone scores it. */
            struct team_round *w =
                f->type[0] == '+'
                    ? &tt->rounds[(size_t)f->white * tt->n_rounds + r]
                : f->type[1] == '+'
                    ? &tt->rounds[(size_t)f->black * tt->n_rounds + r]
                    : NULL;
            if (w)
                w->gp = nb * t->scoring.win;
        }
    } else if (b->order[x] || b->order[y]) {
        const struct team_lineup *o = b->order[x] ? b->order[x] : b->order[y];
        tx->line = ty->line = o->at.line;
    }
    loss = tx->played ? 'L' : 'Z';
    if (tx->gp > ty->gp) {
        set_result(tt, tx, 'W');
        set_result(tt, ty, loss);
    } else if (tx->gp < ty->gp) {
        set_result(tt, tx, loss);
        set_result(tt, ty, 'W');
    } else if (tx->gp > 0) {
        set_result(tt, tx, 'D');
        set_result(tt, ty, 'D');
    } else {
        set_result(tt, tx, loss);
        set_result(tt, ty, loss);
    }
    if (f) {
        const struct team_round *fw = f->white == x ? tx : ty;
        const struct team_round *fb = f->white == x ? ty : tx;
        char want_w = f->type[0] == '+' ? 'W' : 'Z';
        char want_b = f->type[1] == '+' ? 'W' : 'Z';
        if (fw->result != want_w || fb->result != want_b || tx->played)
            diag_warning(b->dl, f->at.file, f->at.line, f->type_col,
                         "record 330: forfeited match '%s' - '%s' (%s) in "
                         "round %d, but the boards give %.1f - %.1f%s",
                         team_name(b, f->white), team_name(b, f->black),
                         f->type, r + 1, fw->gp, fb->gp,
                         tx->played ? " with games played" : "");
    }
    free(sx);
    free(sy);
}

/* A round of team k without a match. */
static void build_bye(struct builder *b, int r, int k)
{
    struct team_table *tt = b->tt;
    const struct tournament *t = b->t;
    struct team_round *tr = &tt->rounds[(size_t)k * tt->n_rounds + r];
    const struct team_bye *y = b->bye[k];
    const struct entry *first = NULL;
    const struct player *firstp = NULL;
    size_t i;
    int nb = tt->n_boards;

    for (i = 0; i < t->n_players; i++) {
        const struct entry *e = &t->players[i].rounds[r];
        if (t->players[i].team != k || !(e->flags & ENTRY_PRESENT))
            continue;
        if (!first) {
            first = e;
            firstp = &t->players[i];
        }
        if (entry_is_played(e) || e->code == 'U')
            tr->played = 1;
    }
    if (y) {
        tr->kind = y->kind;
        tr->line = y->at.line;
        if (tr->kind == TR_BYE_PAIRING && !first)
            tr->played = 1;
    } else if (first) {
        switch (entry_kind(first)) {
        case EK_WIN:
        case EK_FORFEIT_WIN:
        case EK_BYE_FULL:
            tr->kind = TR_BYE_FULL;
            break;
        case EK_DRAW:
        case EK_BYE_HALF:
            tr->kind = TR_BYE_HALF;
            break;
        case EK_BYE_PAIRING:
            tr->kind = TR_BYE_PAIRING;
            break;
        default:
            tr->kind = TR_BYE_ZERO;
            break;
        }
        if (tr->kind != TR_BYE_ZERO)
            diag_warning(b->dl, t->source, firstp->line, 92 + 10 * (unsigned)r,
                         "round %d: team '%s' has no match and no bye "
                         "record; its first player's result makes it %s",
                         r + 1, t->teams[k].name,
                         _(team_round_kind_name(tr->kind)));
    } else {
        tr->kind = TR_NONE;
    }
    tr->opp = -1;
    tr->colour = '-';
    switch (tr->kind) {
    case TR_BYE_FULL:
        tr->result = 'F';
        tr->mp = tt->win;
        tr->gp = nb * t->scoring.win;
        break;
    case TR_BYE_HALF:
        tr->result = 'H';
        tr->mp = tt->draw;
        tr->gp = nb * t->scoring.draw;
        break;
    case TR_BYE_PAIRING:
        tr->result = 'P';
        tr->mp = y && y->has_points ? y->mp : tt->draw;
        tr->gp = y && y->has_points ? y->gp : nb * t->scoring.pab;
        break;
    case TR_BYE_ZERO:
    case TR_NONE:
    case TR_MATCH:
        tr->result = 'Z';
        tr->mp = tt->loss;
        tr->gp = 0;
        break;
    }
}

/* The most boards a team used in a round (no 352 record). */
static int count_boards(const struct tournament *t)
{
    int *used = xcalloc(t->n_teams ? t->n_teams : 1, sizeof(int));
    int r, best = 1;
    size_t i, k;

    for (r = 0; r < t->n_rounds; r++) {
        memset(used, 0, sizeof(int) * t->n_teams);
        for (i = 0; i < t->n_players; i++) {
            const struct player *p = &t->players[i];
            if (p->team >= 0 && (p->rounds[r].flags & ENTRY_PRESENT) &&
                !is_filler(&p->rounds[r]))
                used[p->team]++;
        }
        for (k = 0; k < t->n_teams; k++)
            if (used[k] > best)
                best = used[k];
    }
    free(used);
    return best > TEAM_MAX_BOARDS ? TEAM_MAX_BOARDS : best;
}

/* ================================================ 299, totals, checks */

static int abnormal_applies(const struct team_abnormal *a,
                            const struct team_round *tr)
{
    switch (a->type) {
    case 'W':
    case 'D':
    case 'L':
        return tr->kind == TR_MATCH && tr->played &&
               (tr->result == a->type || (a->type == 'L' && tr->result == 'Z'));
    case '+':
        return tr->kind == TR_MATCH && !tr->played && tr->result == 'W';
    case '-':
        return tr->kind == TR_MATCH && !tr->played && tr->result != 'W';
    case 'F':
        return tr->kind == TR_BYE_FULL;
    case 'H':
        return tr->kind == TR_BYE_HALF;
    case 'Z':
        return tr->kind == TR_BYE_ZERO || tr->kind == TR_NONE;
    default:
        return 1;
    }
}

/* Apply the 299 records: a result's points replaced, or (type blank) a
 * bonus or penalty added. */
static void apply_abnormal(struct builder *b, double *bonus_mp,
                           double *bonus_gp)
{
    struct team_table *tt = b->tt;
    size_t i;
    int j, r;

    for (i = 0; i < b->in->n_abnormal; i++) {
        const struct team_abnormal *a = &b->in->abnormal[i];
        size_t n = a->teams ? (size_t)a->n_teams : tt->n_teams;
        for (j = 0; j < (int)n; j++) {
            int k = a->teams ? a->teams[j] : j;
            if (a->type == ' ' && a->round < 0) {
                bonus_mp[k] += a->has_mp ? a->mp : 0;
                bonus_gp[k] += a->has_gp ? a->gp : 0;
                continue;
            }
            for (r = 0; r < tt->n_rounds; r++) {
                struct team_round *tr =
                    &tt->rounds[(size_t)k * tt->n_rounds + r];
                if ((a->round >= 0 && a->round != r) ||
                    !abnormal_applies(a, tr))
                    continue;
                tr->abnormal = 1;
                if (a->type == ' ') {
                    tr->mp += a->has_mp ? a->mp : 0;
                    tr->gp += a->has_gp ? a->gp : 0;
                    continue;
                }
                if (a->has_mp)
                    tr->mp = a->mp;
                if (a->has_gp)
                    tr->gp = a->gp;
            }
        }
    }
}

static const char *fmt_pts(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.1f", v);
    return buf;
}

/* The totals of record 310 against the results. */
static void check_totals(struct builder *b)
{
    const struct team_table *tt = b->tt;
    const struct tournament *t = b->t;
    size_t k;
    char b1[32], b2[32], b3[32], b4[32];

    for (k = 0; k < tt->n_teams; k++) {
        const struct team *tm = &t->teams[k];
        int bad_mp = tm->has_mp && fabs(tm->mp - tt->mp[k]) > 1e-9;
        int bad_gp = tm->has_gp && fabs(tm->gp - tt->gp[k]) > 1e-9;
        if (tm->record != '3' || (!bad_mp && !bad_gp))
            continue;
        diag_error(b->dl, t->source, tm->line, bad_mp ? 55 : 62,
                   "team %d '%s': record 310 says %s match points and %s "
                   "game points, the results add up to %s and %s",
                   tm->no, tm->name, fmt_pts(tm->mp, b1, sizeof(b1)),
                   fmt_pts(tm->gp, b2, sizeof(b2)),
                   fmt_pts(tt->mp[k], b3, sizeof(b3)),
                   fmt_pts(tt->gp[k], b4, sizeof(b4)));
    }
}

/* A round as record 802 has it: "a match against 12", "a half-point bye
 * (HPB)". */
static void describe_802(enum team_round_kind kind, int opp, struct strbuf *sb)
{
    size_t i;

    if (kind == TR_MATCH) {
        strbuf_addf(sb, _("a match against %d"), opp);
        return;
    }
    if (kind == TR_NONE)
        kind = TR_BYE_ZERO;
    for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        if (kinds[i].kind == kind)
            strbuf_addf(sb, "%s (%s)", _(kinds[i].words), kinds[i].abbr);
}

/*
 * The informative team summaries (802 records) against the results: what
 * each round was (a match against which team, or a bye) and its game
 * points.  One warning per team, at its first round that differs.
 */
static void check_802(struct builder *b)
{
    const struct team_table *tt = b->tt;
    const struct tournament *t = b->t;
    struct strbuf got = STRBUF_INIT, said = STRBUF_INIT;
    size_t i;

    for (i = 0; i < b->in->n_summaries; i++) {
        const struct team_summary *sum = &b->in->summaries[i];
        int k = sum->team, r;
        for (r = 0; r < tt->n_rounds && r < sum->n_rounds; r++) {
            const struct team_round *tr = team_table_round(tt, (size_t)k, r);
            const struct team_summary_round *sr = &sum->rounds[r];
            enum team_round_kind kind = sr->kind;
            if (kind == TR_BYE_ZERO && tr->kind == TR_NONE)
                kind = TR_NONE;
            if (kind == tr->kind && fabs(sr->gp - tr->gp) < 1e-9 &&
                (kind != TR_MATCH || t->teams[tr->opp].no == sr->opp))
                continue;
            strbuf_reset(&got);
            strbuf_reset(&said);
            describe_802(tr->kind,
                         tr->kind == TR_MATCH ? t->teams[tr->opp].no : 0, &got);
            describe_802(kind, kind == TR_MATCH ? sr->opp : 0, &said);
            diag_warning(b->dl, sum->at.file, sum->at.line, sr->col,
                         "round %d: record 802 says team %d '%s' had %s "
                         "with %.1f game points, the results give %s with "
                         "%.1f",
                         r + 1, t->teams[k].no, t->teams[k].name, said.buf,
                         sr->gp, got.buf, tr->gp);
            break;
        }
    }
    strbuf_release(&got);
    strbuf_release(&said);
}

/* =============================================================== build */

static struct tournament *make_competition(const struct team_table *tt, int gp)
{
    const struct tournament *t = tt->t;
    struct tournament *c = tournament_new();
    size_t k, j;
    int r;

    c->source = t->source;
    c->version = t->version;
    c->encoding = t->encoding;
    c->name = t->name;
    c->start_date = t->start_date;
    c->end_date = t->end_date;
    c->type = t->type;
    c->system_hint = t->system_hint;
    c->planned_rounds = t->planned_rounds;
    c->n_rounds = tt->n_rounds;
    c->scoring.win = gp ? tt->n_boards * t->scoring.win : tt->win;
    c->scoring.draw = gp ? tt->n_boards * t->scoring.draw : tt->draw;
    c->scoring.loss = gp ? 0 : tt->loss;
    c->scoring.absence = 0;
    c->scoring.pab = c->scoring.draw;
    c->scoring.unknown = c->scoring.draw;
    for (k = 0; k < tt->n_teams; k++) {
        const struct team *tm = &t->teams[k];
        struct player *p = tournament_add_player(c);
        p->start_no = tm->no;
        p->name = tm->name;
        p->fed = tm->nick;
        p->line = tm->line;
        for (r = 0; r < tt->n_rounds; r++) {
            const struct team_round *tr = team_table_round(tt, k, r);
            struct entry *e = &p->rounds[r];
            memset(e, 0, sizeof(*e));
            e->colour = tr->colour;
            e->points = gp ? tr->gp : tr->mp;
            for (j = 0; j < sizeof(kinds) / sizeof(kinds[0]); j++)
                if (kinds[j].kind == tr->kind)
                    e->code = kinds[j].code;
            if (tr->kind == TR_MATCH) {
                e->opp = t->teams[tr->opp].no;
                e->code = tr->played ? (tr->result == 'W'   ? '1'
                                        : tr->result == 'D' ? '='
                                                            : '0')
                                     : (tr->result == 'W' ? '+' : '-');
            } else if (tr->kind == TR_NONE) {
                e->colour = ' ';
            }
            if (tr->kind != TR_NONE)
                e->flags = ENTRY_PRESENT;
        }
        p->points = player_score(p, c->n_rounds);
        p->has_points = 1;
    }
    tournament_index(c);
    return c;
}

enum err team_table_build(struct team_table *tt, const struct tournament *t,
                          struct diag_list *dl)
{
    static const struct team_input none;
    const struct team_input *in = t->team_input ? t->team_input : &none;
    struct builder b;
    size_t errors = dl->nr_errors, i, k;
    size_t nt = t->n_teams, m = nt ? nt : 1;
    double *bonus_mp, *bonus_gp;
    int r;

    memset(tt, 0, sizeof(*tt));
    memset(&b, 0, sizeof(b));
    tt->t = t;
    tt->n_teams = nt;
    tt->n_rounds = t->n_rounds;
    b.tt = tt;
    b.t = t;
    b.in = in;
    b.dl = dl;
    tt->win = in->has_win ? in->win : 2.0;
    tt->draw = in->has_draw ? in->draw : 1.0;
    tt->loss = in->has_loss ? in->loss : 0.0;
    if (in->n_boards) {
        tt->n_boards = in->n_boards;
        memcpy(tt->colours, in->colours, sizeof(tt->colours));
    } else {
        tt->n_boards = count_boards(t);
        for (i = 0; i < (size_t)tt->n_boards; i++)
            tt->colours[i] = i % 2 ? 'B' : 'W';
        tt->colours[tt->n_boards] = '\0';
    }
    tt->rounds = xcalloc(m * (size_t)(tt->n_rounds ? tt->n_rounds : 1),
                         sizeof(*tt->rounds));
    tt->boards = xcalloc(m * (size_t)(tt->n_rounds ? tt->n_rounds : 1) *
                             (size_t)tt->n_boards,
                         sizeof(*tt->boards));
    tt->mp = xcalloc(m, sizeof(double));
    tt->gp = xcalloc(m, sizeof(double));
    b.opp = xmallocarray(m, sizeof(int));
    b.bye = xcalloc(m, sizeof(*b.bye));
    b.order = xcalloc(m, sizeof(*b.order));
    b.forfeit = xcalloc(m, sizeof(*b.forfeit));
    for (r = 0; r < tt->n_rounds; r++) {
        for (k = 0; k < nt; k++) {
            b.opp[k] = -1;
            b.bye[k] = NULL;
            b.order[k] = NULL;
            b.forfeit[k] = NULL;
        }
        pair_round(&b, r);
        bye_round(&b, r);
        for (k = 0; k < nt; k++) {
            if (b.opp[k] < 0)
                build_bye(&b, r, (int)k);
            else if ((size_t)b.opp[k] > k)
                build_match(&b, r, (int)k, b.opp[k]);
        }
    }
    bonus_mp = tt->bonus_mp = xcalloc(m, sizeof(double));
    bonus_gp = tt->bonus_gp = xcalloc(m, sizeof(double));
    apply_abnormal(&b, bonus_mp, bonus_gp);
    for (k = 0; k < nt; k++) {
        tt->mp[k] = bonus_mp[k];
        tt->gp[k] = bonus_gp[k];
        for (r = 0; r < tt->n_rounds; r++) {
            tt->mp[k] += team_table_round(tt, k, r)->mp;
            tt->gp[k] += team_table_round(tt, k, r)->gp;
        }
    }
    check_totals(&b);
    check_802(&b);
    tt->as_mp = make_competition(tt, 0);
    tt->as_gp = make_competition(tt, 1);
    free(b.opp);
    free(b.bye);
    free(b.order);
    free(b.forfeit);
    return dl->nr_errors > errors ? ERR_DATA : ERR_OK;
}

void team_table_release(struct team_table *tt)
{
    free(tt->rounds);
    free(tt->boards);
    free(tt->mp);
    free(tt->gp);
    free(tt->bonus_mp);
    free(tt->bonus_gp);
    tournament_free(tt->as_mp);
    tournament_free(tt->as_gp);
    memset(tt, 0, sizeof(*tt));
}

const struct team_round *team_table_round(const struct team_table *tt, size_t k,
                                          int r)
{
    return &tt->rounds[k * (size_t)tt->n_rounds + (size_t)r];
}

const struct tournament *team_table_competition(const struct team_table *tt,
                                                int game_points)
{
    return game_points ? tt->as_gp : tt->as_mp;
}

int team_table_find(const struct team_table *tt, int no)
{
    size_t k;

    for (k = 0; k < tt->n_teams; k++)
        if (tt->t->teams[k].no == no)
            return (int)k;
    return -1;
}

void team_table_dump(const struct team_table *tt, struct strbuf *out)
{
    const struct tournament *t = tt->t;
    size_t k;
    int r, j;

    strbuf_addf(out, "boards %d %s; match points %.1f %.1f %.1f\n",
                tt->n_boards, tt->colours, tt->win, tt->draw, tt->loss);
    for (k = 0; k < tt->n_teams; k++) {
        strbuf_addf(out, "team %d %s: %.1f %.1f\n", t->teams[k].no,
                    t->teams[k].name, tt->mp[k], tt->gp[k]);
        for (r = 0; r < tt->n_rounds; r++) {
            const struct team_round *tr = team_table_round(tt, k, r);
            strbuf_addf(out, "  r%d ", r + 1);
            if (tr->kind == TR_MATCH)
                strbuf_addf(out, "%d %c", t->teams[tr->opp].no, tr->colour);
            else
                strbuf_addstr(out, tr->kind == TR_NONE ? "-" : "bye");
            strbuf_addf(out, " %c%s%s%s mp %.1f gp %.1f", tr->result,
                        tr->played ? " played" : "",
                        tr->forfeit ? " forfeit" : "",
                        tr->abnormal ? " 299" : "", tr->mp, tr->gp);
            for (j = 0; tr->boards && j < tt->n_boards; j++) {
                const struct team_board *bd = &tr->boards[j];
                strbuf_addf(out, " | %d %c", bd->player, bd->code);
            }
            strbuf_addch(out, '\n');
        }
    }
}
