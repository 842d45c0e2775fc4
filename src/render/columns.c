/* render/columns: the columns about the players that the documents share
 * (place, start number, name, rank, rating, region, points, tie-breaks).
 * SPDX-License-Identifier: MIT
 */
#include "render/columns.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/knockout.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "render/wording.h"
#include "util/date.h"
#include "util/num.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const struct {
    const char *word;
    enum doc_col_kind kind;
    enum cell_align align;
    unsigned flags;
} col_words[] = {
    {"number", DOC_COL_NUMBER, ALIGN_CENTRE, 0},
    {"place", DOC_COL_PLACE, ALIGN_CENTRE, 0},
    {"start", DOC_COL_START, ALIGN_CENTRE, 0},
    {"name", DOC_COL_NAME, ALIGN_LEFT, SHEET_WRAP},
    {"rank", DOC_COL_RANK, ALIGN_CENTRE, 0},
    {"rating", DOC_COL_RATING, ALIGN_CENTRE, 0},
    {"region", DOC_COL_REGION, ALIGN_LEFT, SHEET_WRAP},
    {"birth", DOC_COL_BIRTH, ALIGN_CENTRE, 0},
    {"coach", DOC_COL_COACH, ALIGN_LEFT, SHEET_WRAP},
    {"fed", DOC_COL_FED, ALIGN_CENTRE, 0},
    {"fide-id", DOC_COL_FIDE_ID, ALIGN_CENTRE, 0},
    {"club", DOC_COL_CLUB, ALIGN_LEFT, SHEET_WRAP},
    {"patronymic", DOC_COL_PATRONYMIC, ALIGN_LEFT, SHEET_WRAP},
    {"points", DOC_COL_POINTS, ALIGN_CENTRE, SHEET_BOLD},
    {"tiebreaks", DOC_COL_TIEBREAK, ALIGN_CENTRE, 0},
    {"decision", DOC_COL_DECISION, ALIGN_CENTRE, 0},
    {"team", DOC_COL_TEAM, ALIGN_LEFT, SHEET_WRAP},
    {"match-points", DOC_COL_TEAM_POINTS, ALIGN_CENTRE, SHEET_BOLD},
    {"game-points", DOC_COL_TEAM_POINTS, ALIGN_CENTRE, 0},
    {"round", DOC_COL_ROUND, ALIGN_CENTRE, 0},
};

#define N_WORDS (sizeof(col_words) / sizeof(col_words[0]))

/* The template keys of the decisions, by enum doc_decision. */
static const char *const decision_keys[] = {NULL, "de", "playoff",
                                            "playoff-needed", "boards"};

static void add_column(struct doc_column **cols, size_t *n, size_t *alloc,
                       const struct doc_column *c)
{
    ALLOC_GROW(*cols, *n + 1, *alloc);
    (*cols)[(*n)++] = *c;
}

/* Report an unknown column word with the list of the known ones. */
static void unknown_column(struct doc *d, const struct template_entry *e,
                           const char *word, const char *const *extra)
{
    struct strbuf known = STRBUF_INIT;
    size_t i;

    for (i = 0; i < N_WORDS; i++)
        strbuf_addf(&known, "%s%s", i ? " " : "", col_words[i].word);
    for (i = 0; extra && extra[i]; i++)
        strbuf_addf(&known, " %s", extra[i]);
    diag_error(d->dl, e->file, e->line, 0, "unknown column '%s' (known: %s)",
               word, known.buf);
    strbuf_release(&known);
    if (!d->err)
        d->err = ERR_PARSE;
}

/*
 * Add the match (which 0) or game points (1) of a team competition: headed
 * like a tie-break, left out when the tie-breaks show them already.
 */
static void add_points(struct doc *d, struct doc_column *c, size_t which,
                       struct doc_column **cols, size_t *n, size_t *alloc)
{
    const struct doc_context *dc = d->dc;
    const struct doc_tiebreak *pt;
    size_t k;

    if (which >= dc->n_points) {
        /* Players: an empty column, left out as empty. */
        c->heading = "";
        add_column(cols, n, alloc, c);
        return;
    }
    pt = &dc->points[which];
    for (k = 0; k < dc->n_tiebreaks; k++)
        if (dc->tiebreaks[k].code && !strcmp(dc->tiebreaks[k].code, pt->code))
            return;
    c->index = which;
    c->heading = doc_tiebreak_heading(d, pt);
    c->style = num_style_of(pt->values, dc->t->n_players);
    add_column(cols, n, alloc, c);
}

/* Add the column(s) of one word of the list. */
static void add_word(struct doc *d, const struct template_entry *e,
                     const char *word, const char *const *extra,
                     struct doc_column **cols, size_t *n, size_t *alloc)
{
    const struct doc_context *dc = d->dc;
    struct doc_column c;
    size_t i, k;

    memset(&c, 0, sizeof(c));
    for (i = 0; i < N_WORDS && strcmp(word, col_words[i].word); i++)
        ;
    if (i < N_WORDS) {
        c.kind = col_words[i].kind;
        c.align = col_words[i].align;
        c.flags = col_words[i].flags;
        if (c.kind == DOC_COL_TEAM_POINTS) {
            add_points(d, &c, !strcmp(word, "game-points"), cols, n, alloc);
            return;
        }
        if (c.kind != DOC_COL_TIEBREAK) {
            c.heading = doc_str(d, "columns", word);
            add_column(cols, n, alloc, &c);
            return;
        }
        for (k = 0; k < dc->n_tiebreaks; k++) {
            const struct doc_tiebreak *tb = &dc->tiebreaks[k];
            c.index = k;
            c.heading = doc_tiebreak_heading(d, tb);
            c.style = tb->values
                          ? num_style_of(tb->values, dc->t->n_players)
                          : NUM_WHOLE;
            add_column(cols, n, alloc, &c);
        }
        return;
    }
    for (k = 0; extra && extra[k] && strcmp(word, extra[k]); k++)
        ;
    if (!extra || !extra[k]) {
        unknown_column(d, e, word, extra);
        return;
    }
    c.kind = DOC_COL_EXTRA;
    c.index = k;
    c.align = ALIGN_CENTRE;
    c.heading = "";
    add_column(cols, n, alloc, &c);
}

size_t doc_columns(struct doc *d, const char *section, const char *key,
                   const char *const *extra, struct doc_column **out)
{
    const struct template_entry *e = template_find(&d->tpl, section, key);
    struct doc_column *cols = NULL;
    size_t n = 0, alloc = 0;
    const char *p;

    *out = NULL;
    if (!e) {
        doc_str(d, section, key);
        return 0;
    }
    for (p = e->value; *p;) {
        char word[32];
        size_t len;

        p += strspn(p, " \t,\n");
        len = strcspn(p, " \t,\n");
        if (!len)
            break;
        if (len >= sizeof(word)) {
            unknown_column(d, e, "(too long)", extra);
            break;
        }
        memcpy(word, p, len);
        word[len] = '\0';
        p += len;
        add_word(d, e, word, extra, &cols, &n, &alloc);
    }
    *out = cols;
    return n;
}

int doc_player_number(const struct doc_context *dc, int start_no)
{
    const struct ko_entrant *e;

    if (dc->ko && dc->t && dc->t->numbers_assigned &&
        (e = knockout_entrant(dc->ko, start_no)) != NULL && e->seed > 0)
        return e->seed;
    return start_no;
}

void doc_rank(struct doc *d, size_t i, struct strbuf *out)
{
    const struct tournament *t = d->dc->t;
    const char *title = doc_fide_title(t->players[i].title);
    const char *rank = d->dc->players ? d->dc->players[i].rank : NULL;

    if (*title) {
        const char *ua = doc_opt(d, "titles", title);
        strbuf_addstr(out, ua ? ua : title);
    }
    if (rank && *rank) {
        if (*title)
            strbuf_addstr(out, ", ");
        strbuf_addstr(out, rank);
    }
}

/* The heading of a tie-break column: its own, or the code.  (Names come
   from the ranking's rules, the templates' [tiebreaks] in them: pipeline's
   prepare, render/view.h.) */
const char *doc_tiebreak_heading(struct doc *d, const struct doc_tiebreak *tb)
{
    (void)d;
    return tb->heading && *tb->heading ? tb->heading
           : tb->code                  ? tb->code
                                       : "";
}

const char *doc_tiebreak_legend(struct doc *d, const struct doc_tiebreak *tb)
{
    (void)d;
    return tb->legend ? tb->legend : "";
}

/* The year of birth of player i: the caller's, or the results file's. */
static int birth_year(const struct doc *d, size_t i)
{
    if (d->dc->players && d->dc->players[i].birth_year > 0)
        return d->dc->players[i].birth_year;
    return d->dc->t->players[i].birth_year;
}

void doc_cell(struct doc *d, const struct doc_column *col, size_t row,
              size_t number, struct strbuf *out)
{
    const struct doc_context *dc = d->dc;
    const struct standings_row *sr = &dc->s->rows[row];
    size_t i = (size_t)sr->player;
    const struct player *p = &dc->t->players[i];
    const struct doc_player *dp = dc->players ? &dc->players[i] : NULL;
    int y;

    switch (col->kind) {
    case DOC_COL_NUMBER:
        strbuf_addf(out, "%zu", number);
        return;
    case DOC_COL_PLACE:
        doc_place(out, sr->place_lo, sr->place_hi);
        return;
    case DOC_COL_START:
        strbuf_addf(out, "%d", doc_player_number(dc, p->start_no));
        return;
    case DOC_COL_NAME:
        doc_player_name(out, p->name);
        return;
    case DOC_COL_RANK:
        doc_rank(d, i, out);
        return;
    case DOC_COL_RATING:
        if (p->rating > 0)
            strbuf_addf(out, "%d", p->rating);
        return;
    case DOC_COL_REGION:
        if (dp && dp->region)
            strbuf_addstr(out, dp->region);
        return;
    case DOC_COL_BIRTH:
        y = birth_year(d, i);
        if (y > 0)
            strbuf_addf(out, "%d", y);
        return;
    case DOC_COL_COACH:
        if (dp && dp->coach)
            strbuf_addstr(out, dp->coach);
        return;
    case DOC_COL_FED:
        if (p->fed)
            strbuf_addstr(out, p->fed);
        return;
    case DOC_COL_FIDE_ID:
        if (p->fide_id)
            strbuf_addstr(out, p->fide_id);
        return;
    case DOC_COL_CLUB:
        if (dp && dp->club)
            strbuf_addstr(out, dp->club);
        return;
    case DOC_COL_PATRONYMIC:
        if (dp && dp->patronymic)
            strbuf_addstr(out, dp->patronymic);
        return;
    case DOC_COL_POINTS:
        num_points(out, sr->points);
        return;
    case DOC_COL_TIEBREAK:
        if (dc->tiebreaks[col->index].values)
            num_write(out, dc->tiebreaks[col->index].values[i], col->style);
        return;
    case DOC_COL_DECISION:
        if (dc->decisions && dc->decisions[i] != DOC_DECIDED_NONE)
            strbuf_addstr(
                out, doc_str(d, "decisions", decision_keys[dc->decisions[i]]));
        return;
    case DOC_COL_TEAM:
        if (dc->teams && p->name) {
            strbuf_addstr(out, p->name);
        } else if (dc->team_players) {
            /* A team competition's player: the team whose entry holds
               him. */
            size_t k;
            int m;
            for (k = 0; k < dc->t->n_teams; k++)
                for (m = 0; m < dc->t->teams[k].n_members; m++)
                    if (dc->t->teams[k].members[m] == p->start_no) {
                        strbuf_addstr(out, dc->t->teams[k].name);
                        return;
                    }
        }
        return;
    case DOC_COL_TEAM_POINTS:
        if (col->index < dc->n_points)
            num_write(out, dc->points[col->index].values[i], col->style);
        return;
    case DOC_COL_ROUND:
        if (dc->ko) {
            const struct ko_entrant *e = knockout_entrant(dc->ko, p->start_no);
            if (e && e->round_reached)
                strbuf_addf(out, "%d", e->round_reached);
        }
        return;
    case DOC_COL_EXTRA:
        return;
    }
}

double doc_cell_number(struct doc *d, const struct doc_column *col,
                       size_t row, size_t number)
{
    const struct doc_context *dc = d->dc;
    const struct standings_row *sr = &dc->s->rows[row];
    size_t i = (size_t)sr->player;
    const struct player *p = &dc->t->players[i];
    int y;

    switch (col->kind) {
    case DOC_COL_NUMBER:
        return (double)number;
    case DOC_COL_PLACE:
        return sr->place_hi > sr->place_lo ? NAN : sr->place_lo;
    case DOC_COL_START:
        return doc_player_number(dc, p->start_no);
    case DOC_COL_RATING:
        return p->rating > 0 ? p->rating : NAN;
    case DOC_COL_BIRTH:
        y = birth_year(d, i);
        return y > 0 ? y : NAN;
    case DOC_COL_POINTS:
        return sr->points;
    case DOC_COL_TIEBREAK:
        return dc->tiebreaks[col->index].values
                   ? dc->tiebreaks[col->index].values[i]
                   : NAN;
    case DOC_COL_TEAM_POINTS:
        return col->index < dc->n_points ? dc->points[col->index].values[i]
                                         : NAN;
    case DOC_COL_ROUND:
        if (dc->ko) {
            const struct ko_entrant *e = knockout_entrant(dc->ko, p->start_no);
            if (e && e->round_reached)
                return e->round_reached;
        }
        return NAN;
    case DOC_COL_NAME:
    case DOC_COL_RANK:
    case DOC_COL_REGION:
    case DOC_COL_COACH:
    case DOC_COL_FED:
    case DOC_COL_FIDE_ID:
    case DOC_COL_CLUB:
    case DOC_COL_PATRONYMIC:
    case DOC_COL_DECISION:
    case DOC_COL_TEAM:
    case DOC_COL_EXTRA:
        break;
    }
    return NAN;
}

int doc_col_optional(const struct doc_column *col)
{
    switch (col->kind) {
    case DOC_COL_RANK:
    case DOC_COL_RATING:
    case DOC_COL_REGION:
    case DOC_COL_BIRTH:
    case DOC_COL_COACH:
    case DOC_COL_FED:
    case DOC_COL_FIDE_ID:
    case DOC_COL_CLUB:
    case DOC_COL_PATRONYMIC:
    case DOC_COL_DECISION:
    case DOC_COL_TEAM:
    case DOC_COL_TEAM_POINTS:
    case DOC_COL_ROUND:
        return 1;
    /* The regulation's tie-breaks are all shown, even when blank. */
    case DOC_COL_TIEBREAK:
    case DOC_COL_NUMBER:
    case DOC_COL_PLACE:
    case DOC_COL_START:
    case DOC_COL_NAME:
    case DOC_COL_POINTS:
    case DOC_COL_EXTRA:
        break;
    }
    return 0;
}

/* The legend lines of the decisions that occur. */
static void decision_legend(struct doc *d, struct doc_lines *lines)
{
    const struct doc_context *dc = d->dc;
    struct strbuf key = STRBUF_INIT;
    size_t i;
    int k;

    for (k = DOC_DECIDED_DE; k <= DOC_DECIDED_BOARDS; k++) {
        struct template_var v;
        for (i = 0; i < dc->t->n_players && (int)dc->decisions[i] != k; i++)
            ;
        if (i == dc->t->n_players)
            continue;
        v.name = "mark";
        v.value = doc_str(d, "decisions", decision_keys[k]);
        strbuf_reset(&key);
        strbuf_addf(&key, "%s.legend", decision_keys[k]);
        doc_lines_expand(d, lines, "decisions", key.buf, &v, 1);
    }
    strbuf_release(&key);
}

void doc_column_legend(struct doc *d, const struct doc_column *cols,
                       size_t ncols, struct doc_lines *lines)
{
    const struct doc_context *dc = d->dc;
    size_t c;

    for (c = 0; c < ncols; c++) {
        if (cols[c].kind == DOC_COL_TIEBREAK ||
            cols[c].kind == DOC_COL_TEAM_POINTS) {
            const struct doc_tiebreak *tb =
                cols[c].kind == DOC_COL_TIEBREAK ? &dc->tiebreaks[cols[c].index]
                : cols[c].index < dc->n_points   ? &dc->points[cols[c].index]
                                                 : NULL;
            const char *legend = tb ? doc_tiebreak_legend(d, tb) : "";
            struct template_var v[] = {
                {"heading", cols[c].heading},
                {"legend", legend},
            };
            if (*legend)
                doc_lines_expand(d, lines, "legend", "tiebreak", v, 2);
        }
        if (cols[c].kind == DOC_COL_DECISION && dc->decisions)
            decision_legend(d, lines);
        if (cols[c].kind == DOC_COL_ROUND && dc->ko) {
            char k[16];
            struct template_var v[] = {{"heading", cols[c].heading},
                                       {"rounds", k}};
            snprintf(k, sizeof(k), "%d", dc->ko->n_rounds);
            doc_lines_expand(d, lines, "legend", "round", v, 2);
        }
    }
}

void doc_sheet(struct doc *d, struct doc_column *cols, size_t *ncols,
               const size_t *rows)
{
    const struct standings *s = d->dc->s;
    struct sheet *g = &d->sheet;
    struct strbuf sb = STRBUF_INIT;
    size_t r, c;

    sheet_release(g);
    sheet_init(g, *ncols);
    for (c = 0; c < *ncols; c++) {
        sheet_set_col(g, c, cols[c].heading, cols[c].align, cols[c].flags);
        sheet_set_col_num(g, c,
                          cols[c].kind == DOC_COL_POINTS ? SHEET_NUM_HALVES
                          : cols[c].style == NUM_HALVES  ? SHEET_NUM_HALVES
                          : cols[c].style == NUM_DECIMALS
                              ? SHEET_NUM_DECIMALS
                              : SHEET_NUM_WHOLE);
    }
    for (r = 0; r < s->n_rows; r++) {
        size_t row = rows ? rows[r] : r;
        sheet_add_row(g);
        for (c = 0; c < *ncols; c++) {
            if (cols[c].kind == DOC_COL_EXTRA)
                continue;
            strbuf_reset(&sb);
            doc_cell(d, &cols[c], row, r + 1, &sb);
            sheet_set_num(g, r, c, sb.buf,
                          sb.len ? doc_cell_number(d, &cols[c], row, r + 1)
                                 : NAN);
        }
    }
    strbuf_release(&sb);
    if (!doc_flag(d, "table", "omit-empty", 1))
        return;
    for (c = *ncols; c-- > 0;)
        if (doc_col_optional(&cols[c]) && sheet_col_empty(g, c)) {
            sheet_drop_col(g, c);
            memmove(&cols[c], &cols[c + 1], (*ncols - c - 1) * sizeof(*cols));
            (*ncols)--;
        }
}
