/* render/layout: text flowing down the pages of a document, and tables
 * (grids) that break across pages with their header row repeated.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_LAYOUT_H
#define RENDER_LAYOUT_H

#include <stddef.h>

#include "render/pdf.h"
#include "render/sheet.h"

struct text_style {
    enum pdf_face face;
    double size;
    enum cell_align align;
};

/* Line height as a multiple of the font size. */
#define LAYOUT_LEADING 1.2

/*
 * The flow: a cursor going down the pages.  Every page after the first
 * starts with on_page (the running header), which may draw with the flow
 * and move its cursor.
 */
struct flow {
    struct pdf *pdf;
    enum pdf_orientation orientation;
    struct pdf_box box; /* the current page inside the margins */
    double y;           /* top of the free space on the current page */
    double page_top;    /* where it started (below the running header) */
    int pages;          /* pages started */
    void (*on_page)(struct flow *f, void *ctx);
    void *ctx;
    struct pdf_span *spans; /* scratch for flow_text_height() */
    size_t spans_alloc;
};

void flow_init(struct flow *f, struct pdf *pdf, enum pdf_orientation o);
void flow_release(struct flow *f);
/* Start a new page (the first one too). */
void flow_new_page(struct flow *f);
/* Height left on the current page. */
double flow_room(const struct flow *f);
/* Start a new page unless h more points fit on this one. */
void flow_need(struct flow *f, double h);
/* Move down by h, but not past the page end and not at the top of a page. */
void flow_space(struct flow *f, double h);

/* Height of s wrapped to width in style st. */
double flow_text_height(struct flow *f, const struct text_style *st,
                        const char *s, double width);
/*
 * Write s wrapped to the width of the page, aligned as st says; a page
 * break may fall between its lines.
 */
void flow_text(struct flow *f, const struct text_style *st, const char *s);
/*
 * Write s wrapped to [x, x + width) with its first line's top at y, on the
 * current page, without page breaks.  Returns the height used.
 */
double layout_text_at(struct flow *f, const struct text_style *st,
                      const char *s, double x, double y, double width);
/* The same for s already wrapped (pdf_wrap()) into its n lines. */
double layout_spans_at(struct flow *f, const struct text_style *st,
                       const char *s, const struct pdf_span *spans, size_t n,
                       double x, double y, double width);

/*
 * A grid: a table of text cells.  Column widths come from the content;
 * columns marked GRID_WRAP (names) give way first, long texts in them
 * shrinking a little or wrapping; then the font gets smaller.  Drawing
 * never splits a row across pages and repeats the header row on each page.
 */
enum grid_col_flags {
    GRID_WRAP = SHEET_WRAP,       /* long cells wrap or shrink to fit */
    GRID_BOLD = SHEET_BOLD,       /* cells in the bold face */
    GRID_SUBLINE = SHEET_SUBLINE, /* lines after a cell's first are
                                     smaller: a note under the value (a
                                     running total) */
    GRID_SIGN = SHEET_SIGN        /* written in by hand: at least
                                     GRID_SIGN_EM wide */
};

/* The width of a GRID_SIGN column, in ems of the table's size: a visa
   and a short signature (25 mm in the named entries). */
#define GRID_SIGN_EM 8.0

/* The size of GRID_SUBLINE lines as a share of the table's. */
#define GRID_SUB_SCALE 0.8

struct grid_col {
    const char *heading; /* may hold new lines; wraps at blanks too */
    enum cell_align align;
    unsigned flags;
    /* Filled by grid_fit(): */
    double width;
    double em, em_word, head_em, head_word; /* measures per 1 pt of size */
};

struct grid {
    struct sheet sheet; /* the table drawn: headings and cells */
    /* The sheet's, kept in step by the grid_*() that change it: */
    size_t ncols;
    const char **cells;   /* nrows * ncols */
    unsigned char *shade; /* per cell: 1 for a grey cell (a diagonal) */
    size_t nrows;
    struct grid_col *cols;
    enum pdf_face face, head_face;
    double size; /* font size chosen by grid_fit() */
    double pad_x, pad_y;
    double line_width;
    /* grid_draw() keeps the last keep_rows rows on one page with
       keep_tail points of what follows the grid, when they fit a page. */
    double keep_tail;
    size_t keep_rows;
    int measured;
};

void grid_init(struct grid *g, size_t ncols, enum pdf_face face,
               enum pdf_face head_face);
/* A grid of the sheet s, which it takes over (s is left empty). */
void grid_init_sheet(struct grid *g, struct sheet *s, enum pdf_face face,
                     enum pdf_face head_face);
void grid_release(struct grid *g);
/* Describe column c; heading is copied. */
void grid_set_col(struct grid *g, size_t c, const char *heading,
                  enum cell_align align, unsigned flags);
/* Add a row of empty cells and return its index. */
size_t grid_add_row(struct grid *g);
/* Set a cell (copied). */
void grid_set(struct grid *g, size_t row, size_t col, const char *text);
void grid_set_shade(struct grid *g, size_t row, size_t col);
/* Remove column c (used for columns that are empty in every row). */
void grid_drop_col(struct grid *g, size_t c);
/* 1 when every cell of column c is empty. */
int grid_col_empty(const struct grid *g, size_t c);

/*
 * The width the grid needs at font size `size` without wrapping anything
 * (headings of more than one word may wrap when wrap_heads).
 */
double grid_natural_width(struct pdf *pdf, struct grid *g, double size,
                          int wrap_heads);
/*
 * Choose the font size (from max_size down to min_size in half points) and
 * the column widths so that the grid is width wide: the GRID_WRAP columns
 * take what is left up to half as much again as their text needs, and the
 * rest is shared by all columns.  When too wide, GRID_WRAP columns narrow
 * down to their longest word, and at min_size (the last resort) further,
 * breaking words.  Returns 0, or -1 when it cannot fit even so.
 */
int grid_fit(struct pdf *pdf, struct grid *g, double width, double max_size,
             double min_size);
/* Draw the grid at the flow's cursor (grid_fit() first). */
void grid_draw(struct flow *f, struct grid *g);
/*
 * What must fit where the grid starts: its head and first row, or, for a
 * grid no longer than its keep_rows, the whole of it with keep_tail (a
 * short table goes with what follows it) when that fits a page.
 */
double grid_start_height(struct flow *f, struct grid *g);

#endif
