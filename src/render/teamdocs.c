/* render/teamdocs: the documents of a team competition's matches: the
 * team cross table (the round-robin grid of match scores, or the Swiss
 * table of each team's rounds) and the boards (every player's games, and
 * the board prizes).
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rating.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "render/columns.h"
#include "render/page.h"
#include "render/render.h"
#include "util/num.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The team (index into tt->t->teams) of standings row r. */
static int row_team(const struct doc_context *dc, size_t r)
{
    const struct player *p = &dc->t->players[dc->s->rows[r].player];

    return team_table_find(dc->tt, p->start_no);
}

/* "4½–1½": the score of team k's match in round r ({own}, {opp}), with
 * the forfeit mark of the key. */
static void match_score(struct doc *d, const struct team_round *tr,
                        const struct team_round *other, struct strbuf *out)
{
    struct strbuf own = STRBUF_INIT, opp = STRBUF_INIT;
    struct template_var v[2];
    const char *key = "score";

    num_points(&own, tr->gp);
    num_points(&opp, other ? other->gp : 0);
    v[0].name = "own";
    v[0].value = own.buf;
    v[1].name = "opp";
    v[1].value = opp.buf;
    if (tr->forfeit)
        key = tr->result == 'W' ? "forfeit-win" : "forfeit-loss";
    doc_expand(d, "marks", key, v, 2, out);
    strbuf_release(&own);
    strbuf_release(&opp);
}

static const struct team_round *opp_round(const struct team_table *tt,
                                          const struct team_round *tr, int r)
{
    return tr->kind == TR_MATCH && tr->opp >= 0
               ? team_table_round(tt, (size_t)tr->opp, r)
               : NULL;
}

/* Number the round columns ("{round}" of section/key). */
static void round_headings(struct doc *d, const struct doc_column *cols,
                           size_t ncols, const char *section)
{
    struct strbuf sb = STRBUF_INIT;
    size_t c;

    for (c = 0; c < ncols; c++) {
        struct template_var rv;
        char num[24];
        if (cols[c].kind != DOC_COL_EXTRA)
            continue;
        snprintf(num, sizeof(num), "%zu", cols[c].sub + 1);
        rv.name = "round";
        rv.value = num;
        strbuf_reset(&sb);
        doc_expand(d, section, "round-heading", &rv, 1, &sb);
        sheet_set_col(&d->sheet, c, sb.buf, ALIGN_CENTRE, 0);
    }
    strbuf_release(&sb);
}

/* ---- the team cross table ---- */

static const char *const rr_extra[] = {"grid", NULL};
static const char *const swiss_extra[] = {"rounds", NULL};

static void team_rr(struct doc *d, struct doc_column **cols, size_t *ncols)
{
    const struct doc_context *dc = d->dc;
    const struct standings *s = dc->s;
    const struct team_table *tt = dc->tt;
    struct strbuf sb = STRBUF_INIT;
    size_t *rows, *pos, r, c;
    int k, forfeits = 0;

    *ncols = doc_columns(d, "round-robin", "columns", rr_extra, cols);
    if (d->err)
        return;
    doc_expand_extra(cols, ncols, 0, s->n_rows);
    /* Rows in team order; the grid's columns follow them. */
    rows = doc_grid_sheet(d, *cols, ncols, 1);
    pos = xcalloc(tt->n_teams + 1, sizeof(size_t));
    for (r = 0; r < s->n_rows; r++) {
        int ti = row_team(dc, rows[r]);
        if (ti >= 0)
            pos[ti] = r;
    }
    for (r = 0; r < s->n_rows && !d->err; r++) {
        int ti = row_team(dc, rows[r]);
        for (c = 0; c < *ncols && ti >= 0; c++) {
            if ((*cols)[c].kind != DOC_COL_EXTRA)
                continue;
            if ((*cols)[c].sub == r) {
                sheet_set(&d->sheet, r, c,
                          doc_str(d, "round-robin", "diagonal"));
                sheet_set_shade(&d->sheet, r, c);
                continue;
            }
            strbuf_reset(&sb);
            for (k = 0; k < s->n_rounds; k++) {
                const struct team_round *tr =
                    team_table_round(tt, (size_t)ti, k);
                if (tr->kind != TR_MATCH || tr->opp < 0 ||
                    pos[tr->opp] != (*cols)[c].sub)
                    continue;
                if (sb.len)
                    strbuf_addch(&sb, '\n');
                match_score(d, tr, opp_round(tt, tr, k), &sb);
                forfeits |= tr->forfeit;
            }
            sheet_set(&d->sheet, r, c, sb.buf);
        }
    }
    {
        struct template_var v[] = {
            {"diagonal", doc_str(d, "round-robin", "diagonal")}};
        doc_lines_expand(d, &d->legend, "legend", "rr-score", v, 1);
        if (forfeits)
            doc_lines_expand(d, &d->legend, "legend", "forfeits", v, 1);
    }
    free(rows);
    free(pos);
    strbuf_release(&sb);
}

static void team_swiss(struct doc *d, struct doc_column **cols, size_t *ncols)
{
    const struct doc_context *dc = d->dc;
    const struct standings *s = dc->s;
    const struct team_table *tt = dc->tt;
    struct strbuf sb = STRBUF_INIT, score = STRBUF_INIT;
    unsigned used = 0;
    size_t r, c;

    *ncols = doc_columns(d, "swiss", "columns", swiss_extra, cols);
    if (d->err)
        return;
    doc_expand_extra(cols, ncols, 0, (size_t)s->n_rounds);
    doc_sheet(d, *cols, ncols, NULL);
    round_headings(d, *cols, *ncols, "swiss");
    for (r = 0; r < s->n_rows && !d->err; r++) {
        int ti = row_team(dc, r);
        for (c = 0; c < *ncols && ti >= 0; c++) {
            const struct team_round *tr;
            int round = (int)(*cols)[c].sub;
            struct template_var v[3];
            char opp[24];
            if ((*cols)[c].kind != DOC_COL_EXTRA || round >= s->n_rounds)
                continue;
            tr = team_table_round(tt, (size_t)ti, round);
            strbuf_reset(&sb);
            strbuf_reset(&score);
            if (tr->kind == TR_MATCH && tr->opp >= 0) {
                snprintf(opp, sizeof(opp), "%d", tt->t->teams[tr->opp].no);
                match_score(d, tr, opp_round(tt, tr, round), &score);
                v[0].name = "opp";
                v[0].value = opp;
                v[1].name = "colour";
                v[1].value = tr->colour == 'w'   ? doc_str(d, "marks", "white")
                             : tr->colour == 'b' ? doc_str(d, "marks", "black")
                                                 : "";
                v[2].name = "score";
                v[2].value = score.buf;
                doc_expand(d, "marks", "match", v, 3, &sb);
                used |= 1u << (tr->forfeit ? 1 : 0);
            } else if (tr->kind != TR_NONE) {
                num_points(&score, tr->gp);
                v[0].name = "score";
                v[0].value = score.buf;
                doc_expand(d, "marks", "bye", v, 1, &sb);
                used |= 1u << 2;
            }
            sheet_set(&d->sheet, r, c, sb.buf);
        }
    }
    {
        struct template_var v[] = {{"white", doc_str(d, "marks", "white")},
                                   {"black", doc_str(d, "marks", "black")}};
        doc_lines_expand(d, &d->legend, "legend", "swiss-match", v, 2);
        if (used & 2)
            doc_lines_expand(d, &d->legend, "legend", "forfeits", v, 2);
        if (used & 4)
            doc_lines_expand(d, &d->legend, "legend", "bye", v, 2);
    }
    strbuf_release(&sb);
    strbuf_release(&score);
}

static enum err need_teams(const struct doc_context *dc, struct diag_list *dl)
{
    if (dc->teams && dc->tt)
        return ERR_OK;
    diag_error(dl, NULL, 0, 0,
               "the team documents need a team competition ranked by teams");
    return ERR_USAGE;
}

enum err render_team_crosstable(const struct doc_context *dc,
                                const struct render_options *ro,
                                const char *path, struct diag_list *dl)
{
    enum err e = need_teams(dc, dl);

    if (e)
        return e;
    return doc_write_crosstable("team-crosstable", team_rr, team_swiss, dc, ro,
                                path, dl);
}

/* ---- the boards ---- */

/* What one player did over the rounds. */
struct bstat {
    int player;     /* index into tt->t->players */
    int team;       /* index into tt->t->teams */
    int board;      /* the board he played most (1-based; 0: none) */
    int games;      /* rounds on a board: games, forfeits */
    double points;
    int rated, rating_sum; /* played games against rated opponents */
    double rated_points;
};

/* Where player no sat in team k's round r: board (1-based) or 0. */
static int board_of(const struct team_round *tr, int nb, int no)
{
    int b;

    for (b = 0; tr->boards && b < nb; b++)
        if (tr->boards[b].player == no)
            return b + 1;
    return 0;
}

static void stat_player(const struct team_table *tt, int team, int i,
                        int n_rounds, struct bstat *st)
{
    const struct tournament *t = tt->t;
    const struct player *p = &t->players[i];
    int count[TEAM_MAX_BOARDS + 1] = {0}, r, b;

    memset(st, 0, sizeof(*st));
    st->player = i;
    st->team = team;
    for (r = 0; r < n_rounds; r++) {
        const struct entry *e = &p->rounds[r];
        const struct team_round *tr = team_table_round(tt, (size_t)team, r);
        int at = tr->kind == TR_MATCH ? board_of(tr, tt->n_boards, p->start_no)
                                      : 0;
        if (!at)
            continue;
        count[at]++;
        st->games++;
        st->points += e->points;
        if (entry_is_rated(e) && e->opp > 0) {
            const struct player *o = tournament_player(t, e->opp);
            if (o && o->rating > 0) {
                st->rated++;
                st->rating_sum += o->rating;
                st->rated_points += e->points;
            }
        }
    }
    for (b = 1; b <= tt->n_boards; b++)
        if (count[b] > count[st->board])
            st->board = b;
}

/* The minimum of games of a board prize. */
static int prize_min(const struct doc_context *dc)
{
    if (dc->board_prize_min_games > 0)
        return dc->board_prize_min_games;
    return (int)ceil(0.7 * dc->s->n_rounds - 1e-9);
}

static void add_cell(struct sheet *g, size_t r, size_t c, struct strbuf *sb)
{
    sheet_set(g, r, c, sb->buf);
    strbuf_reset(sb);
}

enum boards_col {
    BC_TEAM,
    BC_BOARD,
    BC_START,
    BC_NAME,
    BC_RATING,
    BC_GAMES,
    BC_POINTS,
    BC_PERCENT,
    BC_ARO,
    BC_PERF,
    BC_COUNT
};
static const char *const boards_keys[BC_COUNT] = {
    "team",   "board",   "start", "name", "rating",
    "games",  "points",  "percent", "aro", "performance",
};

/* Per cent with a decimal comma: "83,3". */
static void put_pct(struct strbuf *out, double v)
{
    char num[32];
    char *dot;

    snprintf(num, sizeof(num), "%.1f", v);
    dot = strchr(num, '.');
    if (dot)
        *dot = ',';
    strbuf_addstr(out, num);
}

/* The round cell of a player: "15ч½", or the forfeit marks. */
static void round_cell(struct doc *d, const struct entry *e,
                       struct strbuf *out)
{
    enum entry_kind k = entry_kind(e);
    struct template_var v[3];
    char opp[24];

    if (!(e->flags & ENTRY_PRESENT) || k == EK_NONE)
        return;
    snprintf(opp, sizeof(opp), "%d", e->opp);
    v[0].name = "opp";
    v[0].value = e->opp > 0 ? opp : "";
    v[1].name = "colour";
    v[1].value = e->colour == 'w'   ? doc_str(d, "marks", "white")
                 : e->colour == 'b' ? doc_str(d, "marks", "black")
                                    : "";
    v[2].name = "result";
    v[2].value = k == EK_WIN    ? doc_str(d, "marks", "win")
                 : k == EK_DRAW ? doc_str(d, "marks", "draw")
                                : doc_str(d, "marks", "loss");
    doc_expand(d, "marks",
               k == EK_FORFEIT_WIN || k == EK_BYE_FULL  ? "forfeit-win"
               : k == EK_FORFEIT_LOSS || k == EK_BYE_ZERO ? "forfeit-loss"
                                                          : "played",
               v, 3, out);
}

/* The performance of a board's player, for the prizes' tie rule; 0 when he
   met no rated opponent. */
static int stat_performance(const struct bstat *x)
{
    if (!x->rated)
        return 0;
    return rating_performance(x->rating_sum, x->rated,
                              (int)lround(x->rated_points * 100));
}

/* Who of a and b ranks higher for a board prize: the higher percentage,
   then more games, then the higher performance; 0 when level on all
   (they share it). */
static int prize_cmp(const struct bstat *a, const struct bstat *b)
{
    double pa = a->points / a->games, pb = b->points / b->games;
    int ra = stat_performance(a), rb = stat_performance(b);

    if (fabs(pa - pb) > 1e-9)
        return pa > pb ? 1 : -1;
    if (a->games != b->games)
        return a->games > b->games ? 1 : -1;
    if (ra != rb)
        return ra > rb ? 1 : -1;
    return 0;
}

/* The board prizes: the best score of each board among those who played
 * enough, as notes under the table; a tie is broken by the rule the
 * heading states (prize_cmp()), else the prize is shared. */
static void board_prizes(struct doc *d, const struct bstat *st, size_t n,
                         struct doc_lines *out)
{
    const struct doc_context *dc = d->dc;
    const struct tournament *t = dc->tt->t;
    struct strbuf sb = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT;
    char num[24];
    int board, min = prize_min(dc);
    size_t i;

    snprintf(num, sizeof(num), "%d", min);
    {
        struct template_var v[] = {{"min", num}};
        doc_lines_expand(d, out, "prizes", "heading", v, 1);
    }
    for (board = 1; board <= dc->tt->n_boards; board++) {
        const struct bstat *best = NULL;
        for (i = 0; i < n; i++) {
            const struct bstat *x = &st[i];
            if (x->board != board || x->games < min)
                continue;
            if (!best || prize_cmp(x, best) > 0)
                best = x;
        }
        strbuf_reset(&a);
        strbuf_reset(&b);
        snprintf(num, sizeof(num), "%d", board);
        if (!best) {
            struct template_var v[] = {{"board", num}};
            doc_lines_expand(d, out, "prizes", "none", v, 1);
            continue;
        }
        /* Everyone level with the best on the whole rule shares it. */
        for (i = 0; i < n; i++) {
            const struct bstat *x = &st[i];
            if (x->board != board || x->games < min || prize_cmp(x, best))
                continue;
            if (a.len)
                strbuf_addstr(&a, ", ");
            doc_player_name(&a, t->players[x->player].name);
            strbuf_addf(&a, " (%s)", t->teams[x->team].name);
        }
        num_points(&b, best->points);
        strbuf_reset(&sb);
        put_pct(&sb, 100.0 * best->points / best->games);
        {
            char games[24];
            struct template_var v[] = {
                {"board", num},
                {"name", a.buf},
                {"points", b.buf},
                {"games", games},
                {"percent", sb.buf},
            };
            snprintf(games, sizeof(games), "%d", best->games);
            doc_lines_expand(d, out, "prizes", "board", v, 5);
        }
    }
    strbuf_release(&sb);
    strbuf_release(&a);
    strbuf_release(&b);
}

static void boards_table(struct doc *d, struct bstat **out, size_t *n_out)
{
    const struct doc_context *dc = d->dc;
    const struct team_table *tt = dc->tt;
    const struct tournament *t = tt->t;
    const struct standings *s = dc->s;
    struct sheet *g = &d->sheet;
    struct strbuf sb = STRBUF_INIT;
    struct bstat *st = xcalloc(t->n_players + 1, sizeof(*st));
    size_t ncols = BC_COUNT + (size_t)s->n_rounds, n = 0, r, c;
    int k, m, i, round;

    sheet_init(g, ncols);
    for (c = 0; c < BC_COUNT; c++) {
        size_t at = c < BC_GAMES ? c : c + (size_t)s->n_rounds;
        sheet_set_col(g, at, doc_str(d, "columns", boards_keys[c]),
                      c == BC_NAME || c == BC_TEAM ? ALIGN_LEFT : ALIGN_CENTRE,
                      c == BC_NAME || c == BC_TEAM ? SHEET_WRAP
                      : c == BC_POINTS             ? SHEET_BOLD
                                                   : 0);
    }
    for (round = 0; round < s->n_rounds; round++) {
        struct template_var rv;
        char num[24];
        snprintf(num, sizeof(num), "%d", round + 1);
        rv.name = "round";
        rv.value = num;
        doc_expand(d, "columns", "round", &rv, 1, &sb);
        sheet_set_col(g, BC_GAMES + (size_t)round, sb.buf, ALIGN_CENTRE, 0);
        strbuf_reset(&sb);
    }
    for (r = 0; r < s->n_rows; r++) {
        int ti = row_team(dc, r);
        const struct team *tm;
        if (ti < 0)
            continue;
        tm = &t->teams[ti];
        for (m = 0; m < tm->n_members; m++) {
            const struct player *p = tournament_player(t, tm->members[m]);
            size_t row;
            struct bstat *x = &st[n];
            if (!p)
                continue;
            i = (int)(p - t->players);
            stat_player(tt, ti, i, s->n_rounds, x);
            if (!x->games)
                continue;
            n++;
            row = sheet_add_row(g);
            /* On every row: a team may go on over a page. */
            sheet_set(g, row, BC_TEAM, tm->name);
            strbuf_addf(&sb, "%d", x->board);
            add_cell(g, row, BC_BOARD, &sb);
            strbuf_addf(&sb, "%d", p->start_no);
            add_cell(g, row, BC_START, &sb);
            doc_player_name(&sb, p->name);
            add_cell(g, row, BC_NAME, &sb);
            if (p->rating)
                strbuf_addf(&sb, "%d", p->rating);
            add_cell(g, row, BC_RATING, &sb);
            for (k = 0; k < s->n_rounds; k++) {
                const struct team_round *tr =
                    team_table_round(tt, (size_t)ti, k);
                if (tr->kind == TR_MATCH &&
                    board_of(tr, tt->n_boards, p->start_no))
                    round_cell(d, &p->rounds[k], &sb);
                add_cell(g, row, BC_GAMES + (size_t)k, &sb);
            }
            c = (size_t)s->n_rounds;
            strbuf_addf(&sb, "%d", x->games);
            add_cell(g, row, BC_GAMES + c, &sb);
            num_points(&sb, x->points);
            add_cell(g, row, BC_POINTS + c, &sb);
            put_pct(&sb, 100.0 * x->points / x->games);
            add_cell(g, row, BC_PERCENT + c, &sb);
            if (x->rated) {
                strbuf_addf(&sb, "%lld",
                            rating_div_round(x->rating_sum, x->rated));
                add_cell(g, row, BC_ARO + c, &sb);
                strbuf_addf(&sb, "%d",
                            rating_performance(
                                x->rating_sum, x->rated,
                                (int)lround(x->rated_points * 100)));
                add_cell(g, row, BC_PERF + c, &sb);
            }
        }
    }
    /* omit-empty: the rating, the opponents' average and the performance
       when nobody has one (the round columns stay: a round is a round). */
    if (doc_flag(d, "table", "omit-empty", 1))
        for (c = ncols; c-- > 0;)
            if ((c == BC_RATING ||
                 c >= BC_GAMES + (size_t)s->n_rounds) &&
                sheet_col_empty(g, c))
                sheet_drop_col(g, c);
    strbuf_release(&sb);
    *out = st;
    *n_out = n;
}

enum err render_boards(const struct doc_context *dc,
                       const struct render_options *ro, const char *path,
                       struct diag_list *dl)
{
    struct doc_context mine;
    struct doc_lines prizes = DOC_LINES_INIT;
    const char **notes = NULL;
    struct bstat *st = NULL;
    size_t n = 0, i;
    struct doc d;
    enum err e = need_teams(dc, dl);

    if (e)
        return e;
    /* The board prizes are the notes under the legend (the section's own
       notes are about its ranking): a copy of dc holds them. */
    mine = *dc;
    doc_open(&d, "boards", "title", "subtitle", &mine, ro, dl);
    if (!d.err)
        boards_table(&d, &st, &n);
    if (!d.err) {
        /* The opponents' average rating is the tie-break ARO's: its name
           is the tie-break table's. */
        const struct tiebreak_def *aro = tiebreak_def_find("ARO");
        struct template_var v[] = {{"white", doc_str(&d, "marks", "white")},
                                   {"black", doc_str(&d, "marks", "black")},
                                   {"aro-name", aro->ua_name}};
        doc_lines_expand(&d, &d.legend, "legend", "played", v, 2);
        doc_lines_expand(&d, &d.legend, "legend", "forfeits", v, 2);
        doc_lines_expand(&d, &d.legend, "legend", "columns", v, 3);
        board_prizes(&d, st, n, &prizes);
        notes = xcalloc(prizes.nr + 1, sizeof(*notes));
        for (i = 0; i < prizes.nr; i++)
            notes[i] = prizes.items[i].buf;
        mine.notes = notes;
        mine.n_notes = prizes.nr;
    }
    e = page_write_pdf(&d, path);
    doc_close(&d);
    doc_lines_release(&prizes);
    free(notes);
    free(st);
    return e;
}
