/* render/crosstable: the cross table of a section: Swiss (opponent, colour
 * and result of every round, with the running total) or the round-robin
 * grid of players against players.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/standings.h"
#include "core/tournament.h"
#include "render/columns.h"
#include "render/page.h"
#include "render/render.h"
#include "util/num.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Auto-detection takes a section for a round robin up to this size; a grid
   of more players does not fit across a page. */
#define RR_MAX_PLAYERS 40

/* The marks of a Swiss cell, by what happened in the round. */
enum mark {
    MARK_PLAYED,
    MARK_FORFEIT_WIN,
    MARK_FORFEIT_LOSS,
    MARK_BYE_PAIRING,
    MARK_BYE_FULL,
    MARK_BYE_HALF,
    MARK_BYE_ZERO,
    MARK_WITHDRAWN,
    MARK_RESERVE, /* a team's player not fielded in the round */
    MARK_RUNNING, /* not a cell mark: the running total's legend line */
    N_MARKS
};

static const char *const mark_keys[N_MARKS] = {
    "played",   "forfeit-win", "forfeit-loss", "bye-pairing",
    "bye-full", "bye-half",    "bye-zero",     "withdrawn",
    "reserve",  "running-total",
};

void doc_expand_extra(struct doc_column **cols, size_t *ncols, size_t word,
                      size_t n)
{
    size_t c, k;

    for (c = 0; c < *ncols; c++)
        if ((*cols)[c].kind == DOC_COL_EXTRA && (*cols)[c].index == word)
            break;
    if (c == *ncols)
        return;
    if (!n) {
        memmove(&(*cols)[c], &(*cols)[c + 1],
                (*ncols - c - 1) * sizeof(**cols));
        (*ncols)--;
        return;
    }
    *cols = xreallocarray(*cols, *ncols + n - 1, sizeof(**cols));
    memmove(&(*cols)[c + n], &(*cols)[c + 1],
            (*ncols - c - 1) * sizeof(**cols));
    for (k = 0; k < n; k++) {
        (*cols)[c + k] = (*cols)[c];
        (*cols)[c + k].sub = k;
    }
    *ncols += n - 1;
}

/* ---- Swiss ---- */

struct swiss {
    struct doc *d;
    const struct template_entry *fmt[N_MARKS];
    const char *white, *black, *win, *draw, *loss;
    int by_place;   /* opponents by row number, not start number */
    int running;    /* the running total under each result */
    size_t *row_of; /* player index -> row number (1-based) */
    unsigned used;  /* marks that occur */
};

static enum mark mark_of(const struct entry *e)
{
    switch (entry_kind(e)) {
    case EK_FORFEIT_WIN:
        return MARK_FORFEIT_WIN;
    case EK_FORFEIT_LOSS:
        return MARK_FORFEIT_LOSS;
    case EK_BYE_PAIRING:
        return MARK_BYE_PAIRING;
    case EK_BYE_FULL:
        return MARK_BYE_FULL;
    case EK_BYE_HALF:
        return MARK_BYE_HALF;
    case EK_BYE_ZERO:
        return MARK_BYE_ZERO;
    case EK_WIN:
    case EK_DRAW:
    case EK_LOSS:
    case EK_NONE:
        break;
    }
    return MARK_PLAYED;
}

/* The cell of player i in round r, with the running total after it.  The
   player withdrew after round `last` (1-based): the first round he missed
   says so, the later ones stay empty.  Any other missed round, blank in
   the file or not, is a zero-point bye. */
static void swiss_cell(struct swiss *sw, size_t i, int r, int last,
                       double total, struct strbuf *out)
{
    const struct tournament *t = sw->d->dc->t;
    const struct entry *e = &t->players[i].rounds[r];
    enum entry_kind k = entry_kind(e);
    struct template_var v[3];
    char opp[24];
    enum mark m;

    if (sw->d->dc->team_players && (k == EK_NONE || k == EK_BYE_ZERO)) {
        /* A team's reserve, not a withdrawal: the team did not field
           him in this round. */
        m = MARK_RESERVE;
    } else if (last > 0 && r >= last) {
        if (r > last)
            return;
        m = MARK_WITHDRAWN;
    } else
        m = k == EK_NONE ? MARK_BYE_ZERO : mark_of(e);
    opp[0] = '\0';
    if (e->opp > 0) {
        int j = e->opp <= t->max_start_no ? t->index_of[e->opp] - 1 : -1;
        if (sw->by_place && j >= 0)
            snprintf(opp, sizeof(opp), "%zu", sw->row_of[j]);
        else
            snprintf(opp, sizeof(opp), "%d", e->opp);
    }
    v[0].name = "opp";
    v[0].value = opp;
    v[1].name = "colour";
    v[1].value = e->colour == 'w'   ? sw->white
                 : e->colour == 'b' ? sw->black
                                    : "";
    v[2].name = "result";
    v[2].value = k == EK_WIN ? sw->win : k == EK_DRAW ? sw->draw : sw->loss;
    template_subst(sw->fmt[m]->value, sw->fmt[m], v, 3, out, NULL, sw->d->dl);
    sw->used |= 1u << m;
    if (sw->running && m != MARK_WITHDRAWN && m != MARK_RESERVE) {
        strbuf_addch(out, '\n');
        num_points(out, total);
    }
}

static const char *const swiss_extra[] = {"rounds", NULL};

/* The Swiss table into d->sheet, its marks' legend into d->legend. */
static void render_swiss(struct doc *d, struct doc_column **cols, size_t *ncols)
{
    struct sheet *g = &d->sheet;
    struct doc_lines *legend = &d->legend;
    static const char *const opp_words[] = {"start", "place", NULL};
    const struct doc_context *dc = d->dc;
    const struct standings *s = dc->s;
    struct swiss sw;
    struct strbuf sb = STRBUF_INIT, key = STRBUF_INIT;
    size_t r, c, k;
    int by_place = 0;

    memset(&sw, 0, sizeof(sw));
    sw.d = d;
    for (k = 0; k < MARK_RUNNING; k++) {
        /* Check each mark's placeholders once, not in every cell. */
        static const struct template_var probe[] = {
            {"opp", "1"}, {"colour", ""}, {"result", ""}};
        sw.fmt[k] = template_find(&d->tpl, "marks", mark_keys[k]);
        strbuf_reset(&sb);
        if (!sw.fmt[k])
            doc_str(d, "marks", mark_keys[k]);
        else if (template_subst(sw.fmt[k]->value, sw.fmt[k], probe, 3, &sb,
                                NULL, d->dl) &&
                 !d->err)
            d->err = ERR_PARSE;
    }
    sw.white = doc_str(d, "marks", "white");
    sw.black = doc_str(d, "marks", "black");
    sw.win = doc_str(d, "marks", "win");
    sw.draw = doc_str(d, "marks", "draw");
    sw.loss = doc_str(d, "marks", "loss");
    sw.running = doc_flag(d, "swiss", "running-total", 1);
    if (template_choice(&d->tpl, "swiss", "opponent", opp_words, 0, &by_place,
                        d->dl) &&
        !d->err)
        d->err = ERR_PARSE;
    sw.by_place = by_place;
    *ncols = doc_columns(d, "swiss",
                         dc->team_players ? "team-columns" : "columns",
                         swiss_extra, cols);
    if (d->err)
        goto out;
    /* Opponents by row number need the row numbers on the left. */
    for (c = 0; c < *ncols && (*cols)[c].kind != DOC_COL_NUMBER; c++)
        ;
    if (sw.by_place && c == *ncols) {
        *cols = xreallocarray(*cols, *ncols + 1, sizeof(**cols));
        memmove(&(*cols)[1], &(*cols)[0], *ncols * sizeof(**cols));
        memset(&(*cols)[0], 0, sizeof(**cols));
        (*cols)[0].kind = DOC_COL_NUMBER;
        (*cols)[0].align = ALIGN_CENTRE;
        (*cols)[0].heading = doc_str(d, "columns", "number");
        (*ncols)++;
    }
    doc_expand_extra(cols, ncols, 0, (size_t)s->n_rounds);
    doc_sheet(d, *cols, ncols, NULL);
    if (d->err)
        goto out;

    sw.row_of =
        xcalloc(dc->t->n_players ? dc->t->n_players : 1, sizeof(size_t));
    for (r = 0; r < s->n_rows; r++)
        sw.row_of[s->rows[r].player] = r + 1;
    for (c = 0; c < *ncols; c++) {
        struct template_var rv;
        char num[24];
        if ((*cols)[c].kind != DOC_COL_EXTRA)
            continue;
        snprintf(num, sizeof(num), "%zu", (*cols)[c].sub + 1);
        rv.name = "round";
        rv.value = num;
        strbuf_reset(&sb);
        doc_expand(d, "swiss", "round-heading", &rv, 1, &sb);
        sheet_set_col(g, c, sb.buf, ALIGN_CENTRE,
                      sw.running ? SHEET_SUBLINE : 0);
    }
    for (r = 0; r < s->n_rows; r++) {
        size_t i = (size_t)s->rows[r].player;
        double total = 0;
        int round = 0;
        int last = player_last_round(&dc->t->players[i], s->n_rounds);
        for (c = 0; c < *ncols; c++) {
            const struct entry *e;
            if ((*cols)[c].kind != DOC_COL_EXTRA)
                continue;
            round = (int)(*cols)[c].sub;
            e = &dc->t->players[i].rounds[round];
            total += e->points;
            strbuf_reset(&sb);
            swiss_cell(&sw, i, round, last < s->n_rounds ? last : 0, total,
                       &sb);
            sheet_set(g, r, c, sb.buf);
        }
    }

    /* The legend: each mark that occurs. */
    if (sw.running && sw.used)
        sw.used |= 1u << MARK_RUNNING;
    for (k = 0; k < N_MARKS; k++) {
        struct template_var v[] = {
            {"white", sw.white}, {"black", sw.black}, {"win", sw.win},
            {"draw", sw.draw},   {"loss", sw.loss},
        };
        if (!(sw.used & (1u << k)))
            continue;
        strbuf_reset(&key);
        strbuf_addstr(&key, mark_keys[k]);
        if (k == MARK_PLAYED)
            strbuf_addstr(&key, sw.by_place ? ".place" : ".start");
        doc_lines_expand(d, legend, "legend", key.buf, v, 5);
    }
out:
    free(sw.row_of);
    strbuf_release(&sb);
    strbuf_release(&key);
}

/* ---- round robin ---- */

/* Sort rows[] (indexes into the standings) by start number. */
static void sort_by_start(size_t *rows, size_t n, const struct standings *s)
{
    size_t i, j;

    /* Insertion sort: a round robin has at most RR_MAX_PLAYERS rows when
       detected, and few more when asked for. */
    for (i = 1; i < n; i++) {
        size_t x = rows[i];
        for (j = i;
             j > 0 && s->rows[rows[j - 1]].start_no > s->rows[x].start_no; j--)
            rows[j] = rows[j - 1];
        rows[j] = x;
    }
}

size_t *doc_grid_sheet(struct doc *d, struct doc_column *cols, size_t *ncols,
                       int by_start)
{
    const struct standings *s = d->dc->s;
    size_t *rows = xmallocarray(s->n_rows ? s->n_rows : 1, sizeof(size_t));
    size_t r, c;

    for (r = 0; r < s->n_rows; r++)
        rows[r] = r;
    if (by_start)
        sort_by_start(rows, s->n_rows, s);
    doc_sheet(d, cols, ncols, rows);
    for (c = 0; c < *ncols; c++) {
        char num[24];
        if (cols[c].kind != DOC_COL_EXTRA)
            continue;
        snprintf(num, sizeof(num), "%zu", cols[c].sub + 1);
        sheet_set_col(&d->sheet, c, num, ALIGN_CENTRE, 0);
    }
    return rows;
}

static const char *const rr_extra[] = {"grid", NULL};

/* The round-robin grid into d->sheet, its legend into d->legend. */
static void render_rr(struct doc *d, struct doc_column **cols, size_t *ncols)
{
    struct sheet *g = &d->sheet;
    struct doc_lines *legend = &d->legend;
    static const char *const order_words[] = {"start", "place", NULL};
    const struct doc_context *dc = d->dc;
    const struct standings *s = dc->s;
    const struct tournament *t = dc->t;
    struct strbuf sb = STRBUF_INIT;
    const char *win, *draw, *loss, *fwin, *floss, *diag;
    size_t *rows, *col_of, r, c;
    int order = 0, forfeits = 0;

    if (template_choice(&d->tpl, "round-robin", "order", order_words, 0, &order,
                        d->dl) &&
        !d->err)
        d->err = ERR_PARSE;
    win = doc_str(d, "marks", "win");
    draw = doc_str(d, "marks", "draw");
    loss = doc_str(d, "marks", "loss");
    fwin = doc_str(d, "round-robin", "forfeit-win");
    floss = doc_str(d, "round-robin", "forfeit-loss");
    diag = doc_str(d, "round-robin", "diagonal");
    *ncols = doc_columns(d, "round-robin", "columns", rr_extra, cols);
    if (d->err)
        return;
    doc_expand_extra(cols, ncols, 0, s->n_rows);

    rows = doc_grid_sheet(d, *cols, ncols, order == 0);
    col_of = xcalloc(t->n_players ? t->n_players : 1, sizeof(size_t));
    for (r = 0; r < s->n_rows; r++)
        col_of[s->rows[rows[r]].player] = r;
    for (r = 0; r < s->n_rows; r++) {
        size_t i = (size_t)s->rows[rows[r]].player;
        const struct player *p = &t->players[i];
        for (c = 0; c < *ncols; c++) {
            size_t other;
            int k;
            if ((*cols)[c].kind != DOC_COL_EXTRA)
                continue;
            other = (*cols)[c].sub;
            if (other == r) {
                sheet_set(g, r, c, diag);
                sheet_set_shade(g, r, c);
                continue;
            }
            strbuf_reset(&sb);
            for (k = 0; k < s->n_rounds; k++) {
                const struct entry *e = &p->rounds[k];
                const char *m = NULL;
                int j;
                if (e->opp <= 0 || e->opp > t->max_start_no)
                    continue;
                j = t->index_of[e->opp] - 1;
                if (j < 0 || col_of[j] != other)
                    continue;
                switch (entry_kind(e)) {
                case EK_WIN:
                    m = win;
                    break;
                case EK_DRAW:
                    m = draw;
                    break;
                case EK_LOSS:
                    m = loss;
                    break;
                case EK_FORFEIT_WIN:
                    m = fwin;
                    forfeits = 1;
                    break;
                case EK_FORFEIT_LOSS:
                    m = floss;
                    forfeits = 1;
                    break;
                case EK_NONE:
                case EK_BYE_HALF:
                case EK_BYE_FULL:
                case EK_BYE_PAIRING:
                case EK_BYE_ZERO:
                    break;
                }
                if (m)
                    strbuf_addf(&sb, "%s%s", sb.len ? " " : "", m);
            }
            sheet_set(g, r, c, sb.buf);
        }
    }
    {
        struct template_var v[] = {
            {"win", win},          {"draw", draw},          {"loss", loss},
            {"forfeit_win", fwin}, {"forfeit_loss", floss}, {"diagonal", diag},
        };
        doc_lines_expand(d, legend, "legend", "rr-results", v, 6);
        if (forfeits)
            doc_lines_expand(d, legend, "legend", "rr-forfeits", v, 6);
    }
    free(rows);
    free(col_of);
    strbuf_release(&sb);
}

int doc_round_robin(const struct doc_context *dc)
{
    return dc->system == DOC_SYSTEM_ROUND_ROBIN;
}

enum err render_crosstable(const struct doc_context *dc,
                           const struct render_options *ro, const char *path,
                           struct diag_list *dl)
{
    return doc_write_crosstable("crosstable", render_rr, render_swiss, dc, ro,
                                path, dl);
}

enum err doc_write_crosstable(const char *kind, doc_table_fn *rr_table,
                              doc_table_fn *swiss_table,
                              const struct doc_context *dc,
                              const struct render_options *ro,
                              const char *path, struct diag_list *dl)
{
    struct doc d;
    struct doc_column *cols = NULL;
    size_t ncols = 0;
    enum err e;
    int rr;

    rr = doc_round_robin(dc);
    if (dc->team_players) {
        /* The players of a team competition play no tournament of their
           own: titled by the teams' system, drawn round by round. */
        rr = 0;
        doc_open(&d, kind, "title-team-players",
                 dc->team_system == DOC_SYSTEM_ROUND_ROBIN
                     ? "subtitle-team-players-round-robin"
                     : "subtitle-team-players-swiss",
                 dc, ro, dl);
    } else {
        doc_open(&d, kind, rr ? "title-round-robin" : "title-swiss",
                 rr ? "subtitle-round-robin" : "subtitle-swiss", dc, ro, dl);
    }
    /* A round robin of more players than a grid's columns hold is drawn
       round by round, under its own title still. */
    if (!d.err)
        (rr && dc->t->n_players <= RR_MAX_PLAYERS ? rr_table : swiss_table)(
            &d, &cols, &ncols);
    if (!d.err)
        doc_column_legend(&d, cols, ncols, &d.legend);
    e = page_write_pdf(&d, path);
    free(cols);
    doc_close(&d);
    return e;
}
