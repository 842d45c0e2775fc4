/* render/columns: the columns about the entrants that the documents
 * share (place, start number, name, rank, rating, region, points,
 * tie-breaks, ...), read from a template's column list and turned into
 * the cells of a document's sheet.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_COLUMNS_H
#define RENDER_COLUMNS_H

#include <stddef.h>

#include "render/doc.h"
#include "util/num.h"

/*
 * A document lists its columns in its template as words ("place start
 * name ... tiebreaks"); "tiebreaks" stands for every tie-break column of
 * the section.
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
    DOC_COL_CLUB,       /* club or ДЮСШ */
    DOC_COL_PATRONYMIC, /* по батькові */
    DOC_COL_POINTS,
    DOC_COL_TIEBREAK, /* one per tie-break */
    DOC_COL_DECISION, /* what decided the place: direct encounter, play-off */
    DOC_COL_TEAM,     /* a team's name (a team competition's teams) */
    DOC_COL_TEAM_POINTS, /* its match (index 0) or game points (1) */
    DOC_COL_ROUND,       /* a knock-out: the last round a player played */
    DOC_COL_EXTRA        /* the document's own: extra word number `extra` */
};

struct doc_column {
    enum doc_col_kind kind;
    size_t index;        /* the tie-break, the team points, or the extra word */
    size_t sub;          /* free for the document: a round, a player */
    const char *heading; /* from [columns], or the tie-break's */
    enum cell_align align;
    unsigned flags;              /* SHEET_* */
    enum num_style style; /* tie-break values */
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
/*
 * The number the cell of column col for standings row `row` shows (a
 * place, points, a tie-break, ...), or NaN when it shows a text (a shared
 * place "4–5", a name).
 */
double doc_cell_number(struct doc *d, const struct doc_column *col,
                       size_t row, size_t number);
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
 * Make d->sheet from cols: headings, alignment, one row per standings row
 * (in ranking order, or rows[] when not NULL), cells from doc_cell(); extra
 * columns are left empty for the caller.  Columns that are empty for every
 * entrant are dropped when [table] omit-empty says yes; cols and *ncols are
 * updated to match.
 */
void doc_sheet(struct doc *d, struct doc_column *cols, size_t *ncols,
               const size_t *rows);

/*
 * Open the ranking list of dc as a document (templates/ranking.ini): its
 * table in d->sheet, the legend of its columns in d->legend; returns the
 * number of columns.  Check d->err, and doc_close() in any case.  The PDF
 * ranking list and the spreadsheets draw this same table.
 */
size_t doc_ranking_open(struct doc *d, const struct doc_context *dc,
                        const struct render_options *ro,
                        struct diag_list *dl);
/* The same, as the ministry's report's results protocol when protocol is
   1: [table] protocol-columns (protocol-ko-columns), with the FIDE ID,
   the club and the patronymic. */
size_t doc_ranking_open_as(struct doc *d, const struct doc_context *dc,
                           const struct render_options *ro, int protocol,
                           struct diag_list *dl);

/* Replace the extra column `word` by n copies, numbered 0..n-1 in sub (no
   copy: the column goes); render/crosstable.c. */
void doc_expand_extra(struct doc_column **cols, size_t *ncols, size_t word,
                      size_t n);
/*
 * The sheet of a round-robin grid from cols: its rows in start order
 * (by_start) or ranking order, the grid's columns numbered like them.
 * Returns the rows (indexes into the standings; free() it).
 */
size_t *doc_grid_sheet(struct doc *d, struct doc_column *cols, size_t *ncols,
                       int by_start);
/* A cross table's table into d->sheet (and its marks into d->legend). */
typedef void doc_table_fn(struct doc *d, struct doc_column **cols,
                          size_t *ncols);
/*
 * Write the cross table of dc (templates/KIND.ini) at path: the
 * round-robin grid rr_table makes when doc_round_robin() (and the grid's
 * columns hold the entrants), else the table of rounds swiss_table makes,
 * with the legend of their columns.
 */
enum err doc_write_crosstable(const char *kind, doc_table_fn *rr_table,
                              doc_table_fn *swiss_table,
                              const struct doc_context *dc,
                              const struct render_options *ro,
                              const char *path, struct diag_list *dl);
/* 1 when dc's section is a round robin, as its ranking settled it. */
int doc_round_robin(const struct doc_context *dc);
/* Title and national rank of player i as the templates write them. */
void doc_rank(struct doc *d, size_t i, struct strbuf *out);
/* Heading and legend of a tie-break: the templates' or the caller's. */
const char *doc_tiebreak_heading(struct doc *d, const struct doc_tiebreak *tb);
const char *doc_tiebreak_legend(struct doc *d, const struct doc_tiebreak *tb);

#endif
