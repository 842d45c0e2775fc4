/* render/doc: what the documents share: their templates and fonts, the
 * header with the event's particulars, legends, signatures, page numbers,
 * and the Ukrainian way of writing points, places and names.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_DOC_H
#define RENDER_DOC_H

#include <stddef.h>

#include "render/layout.h"
#include "render/render.h"
#include "render/template.h"
#include "util/strbuf.h"

/* Lines of text gathered for a legend. */
struct doc_lines {
    struct strbuf *items;
    size_t nr, alloc;
};
#define DOC_LINES_INIT {NULL, 0, 0}

struct doc_column;

/* A document being made. */
struct doc {
    const struct doc_context *dc;
    const struct render_options *ro;
    struct diag_list *dl;
    const char *kind; /* "ranking": templates/ranking.ini */
    enum err err;     /* the first error; later steps do nothing */

    struct template tpl; /* common.ini, then KIND.ini */
    struct pdf *pdf;
    struct flow flow;

    /* Styles from [text]. */
    struct text_style body, title_style, heading, small, small_bold;
    enum pdf_face table_face, table_head_face;
    double table_size, table_min_size;

    /* The running header, expanded and wrapped once for every page. */
    struct strbuf running;
    struct pdf_span *running_spans;
    size_t running_n, running_alloc;
    int running_ready;

    /* Placeholders every template may use. */
    struct strbuf dates, place, event_section, title, subtitle;
    char rounds[24], players[24];
    struct template_var vars[13];
    size_t n_vars;

    /* The document's table, its columns, and its legend lines (the
       columns' own lines are added by doc_compose()). */
    struct grid grid;
    struct doc_column *cols;
    size_t ncols;
    struct doc_lines legend;
};

/*
 * Load templates/common.ini and templates/KIND.ini, read the styles and
 * start the PDF.  The document's title and subtitle are the keys given of
 * [document].  Check d->err afterwards (and always doc_close()).
 */
void doc_open(struct doc *d, const char *kind, const char *title_key,
              const char *subtitle_key, const struct doc_context *dc,
              const struct render_options *ro, struct diag_list *dl);
/*
 * Make the pages: the header, d->grid, the legend (d->legend, then the
 * columns' legend), the notes and the signatures; then number the pages and
 * write the PDF to path.  Returns d->err.
 */
enum err doc_compose(struct doc *d, const char *path);
/* Number the pages and write the PDF to path; returns d->err. */
enum err doc_finish(struct doc *d, const char *path);
void doc_close(struct doc *d);

/* Record an error (the first one wins for d->err; all go to dl). */
void doc_fail(struct doc *d, enum err e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
 * 1 when a document reads section/key of the templates: the document kind
 * ("ranking"), or any document when kind is NULL (common.ini).
 */
int doc_key_known(const char *kind, const char *section, const char *key);

/*
 * The value of section/key from the templates, or "" and an error naming
 * the template file when no template has it.
 */
const char *doc_str(struct doc *d, const char *section, const char *key);
/* The same, or NULL without an error. */
const char *doc_opt(struct doc *d, const char *section, const char *key);
/*
 * Append section/key with its placeholders filled from the common ones and
 * extra.  Returns 1 when the text is to be left out (it had placeholders
 * and all were empty, or it is empty), else 0.
 */
int doc_expand(struct doc *d, const char *section, const char *key,
               const struct template_var *extra, size_t n_extra,
               struct strbuf *out);
/* A yes/no switch of the templates. */
int doc_flag(struct doc *d, const char *section, const char *key, int def);

/*
 * Orientation for a document whose main table is g: what [page]
 * orientation says, or with "auto" portrait when the table fits across a
 * portrait page at the table font size, else landscape.
 */
enum pdf_orientation doc_orientation(struct doc *d, struct grid *g);
/*
 * Start the first page: organiser, the document's title and subtitle,
 * event, section, place and dates, time control.  Later pages start with
 * the running header.
 */
void doc_begin(struct doc *d, enum pdf_orientation o);
/* Fit g to the page width and draw it; an error when it cannot fit. */
void doc_table(struct doc *d, struct grid *g);
/* Add section/key expanded (doc_expand()), unless it is to be left out. */
void doc_lines_expand(struct doc *d, struct doc_lines *lines,
                      const char *section, const char *key,
                      const struct template_var *extra, size_t n_extra);
void doc_lines_release(struct doc_lines *lines);

/* A legend: "[legend] heading", then one entry per line. */
void doc_legend(struct doc *d, const struct doc_lines *lines);
/* The caller's notes (dc->notes). */
void doc_notes(struct doc *d);
/* The signatures of the chief arbiter and the chief secretary. */
void doc_signatures(struct doc *d);

/* Writing. */

/* Points as "6½", "½", "7"; other fractions with a decimal comma. */
void doc_points(struct strbuf *out, double v);
/* A place, or shared places as "4–5". */
void doc_place(struct strbuf *out, int lo, int hi);
/* An official's name as "Ім'я ПРІЗВИЩЕ" from "Прізвище, Ім'я" or
   "Ім'я Прізвище". */
void doc_official_name(struct strbuf *out, const char *name);
/* A player's name as "Прізвище, Ім'я" with single blanks. */
void doc_player_name(struct strbuf *out, const char *name);
/* A TRF title ("g", "wm", "GM") as its FIDE abbreviation ("GM", "WIM"). */
const char *doc_fide_title(const char *trf_title);
/* Title and national rank of player i as the templates write them. */
void doc_rank(struct doc *d, size_t i, struct strbuf *out);

/*
 * How a column of tie-break values is written: whole numbers, halves and
 * quarters ("45½", "27¼") or two decimals with a comma ("27,30"),
 * whichever all values need.
 */
enum doc_number_style { DOC_WHOLE, DOC_HALVES, DOC_DECIMALS };
enum doc_number_style doc_number_style(const double *v, size_t n);
void doc_number(struct strbuf *out, double v, enum doc_number_style st);

/*
 * Columns about the players, shared by the documents.  A document lists
 * its columns in its template as words ("place start name ... tiebreaks");
 * "tiebreaks" stands for every tie-break column of the section.
 */
enum doc_col_kind {
    DOC_COL_NUMBER, /* row number */
    DOC_COL_PLACE,  /* place, shared as "4–5" */
    DOC_COL_START,  /* start number */
    DOC_COL_NAME,
    DOC_COL_RANK, /* title and national rank */
    DOC_COL_RATING,
    DOC_COL_REGION,
    DOC_COL_BIRTH, /* year of birth */
    DOC_COL_COACH,
    DOC_COL_FED, /* federation as the results file has it */
    DOC_COL_FIDE_ID,
    DOC_COL_POINTS,
    DOC_COL_TIEBREAK, /* one per tie-break */
    DOC_COL_DECISION, /* what decided the place: direct encounter, play-off */
    DOC_COL_EXTRA     /* the document's own: extra word number `extra` */
};

struct doc_column {
    enum doc_col_kind kind;
    size_t index;        /* the tie-break, or the extra word */
    size_t sub;          /* free for the document: a round, a player */
    const char *heading; /* from [columns], or the tie-break's */
    enum layout_align align;
    unsigned flags;              /* GRID_* */
    enum doc_number_style style; /* tie-break values */
};

/*
 * Read the column list section/key; extra holds the document's own words
 * (NULL-terminated, may be NULL).  Returns the number of columns in *out
 * (free() it); an unknown word is an error at the template's line.
 */
size_t doc_columns(struct doc *d, const char *section, const char *key,
                   const char *const *extra, struct doc_column **out);
/*
 * Append the text of column col for the standings row `row` (number: its
 * 1-based row number in the table).
 */
void doc_cell(struct doc *d, const struct doc_column *col, size_t row,
              size_t number, struct strbuf *out);
/* 1 when the column may be left out of a table for being empty. */
int doc_col_optional(const struct doc_column *col);
/*
 * Legend lines of the tie-break and decision columns in cols: "[legend]
 * tiebreak" for each tie-break, "[decisions] KIND.legend" for each decision
 * that occurs.
 */
void doc_column_legend(struct doc *d, const struct doc_column *cols,
                       size_t ncols, struct doc_lines *lines);
/*
 * Make grid g from cols: headings, alignment, one row per standings row
 * (in ranking order, or rows[] when not NULL), cells from doc_cell(); extra
 * columns are left empty for the caller.  Columns that are empty for every
 * player are dropped when [table] omit-empty says yes; cols and *ncols are
 * updated to match.
 */
void doc_grid(struct doc *d, struct grid *g, struct doc_column *cols,
              size_t *ncols, const size_t *rows);

/* Heading and legend of a tie-break: the templates' or the caller's. */
const char *doc_tiebreak_heading(struct doc *d, const struct doc_tiebreak *tb);
const char *doc_tiebreak_legend(struct doc *d, const struct doc_tiebreak *tb);

#endif
