/* render/sheet: a document's table independent of its format: headed
 * columns with their alignment and width hints, rows of text cells.  The
 * PDF layout (layout.h) draws one; a spreadsheet writer could write one.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_SHEET_H
#define RENDER_SHEET_H

#include <stddef.h>

#include "util/arena.h"

enum cell_align { ALIGN_LEFT, ALIGN_CENTRE, ALIGN_RIGHT };

/* Hints about a column, for whoever lays the sheet out. */
enum sheet_col_flags {
    SHEET_WRAP = 1 << 0,    /* long texts (names): the column gives way
                               first, its cells may wrap */
    SHEET_BOLD = 1 << 1,    /* the cells stand out (the points) */
    SHEET_SUBLINE = 1 << 2, /* a cell's lines after its first are a note
                               under the value (a running total) */
    SHEET_SIGN = 1 << 3     /* filled in by hand (a visa, a signature):
                               room for it, however empty the cells */
};

/* How the numbers of a column are shown where a cell holds one. */
enum sheet_num {
    SHEET_NUM_WHOLE,   /* 7 */
    SHEET_NUM_HALVES,  /* 6½, 27¼ */
    SHEET_NUM_DECIMALS /* 27,30 */
};

struct sheet_col {
    const char *heading; /* may hold new lines */
    enum cell_align align;
    unsigned flags;      /* enum sheet_col_flags */
    enum sheet_num num;  /* for the cells that hold numbers */
};

struct sheet {
    struct arena arena; /* headings and cells */
    size_t ncols;
    struct sheet_col *cols;
    const char **cells;   /* nrows * ncols, row-major; "" when empty */
    unsigned char *shade; /* per cell: 1 for a grey cell (a diagonal) */
    double *num; /* per cell: the number its text shows, or NaN (a
                    spreadsheet stores the number, a page the text) */
    size_t nrows, alloc;
};

/* An empty sheet of ncols columns (headings ""). */
void sheet_init(struct sheet *s, size_t ncols);
void sheet_release(struct sheet *s);
/* Describe column c; heading is copied. */
void sheet_set_col(struct sheet *s, size_t c, const char *heading,
                   enum cell_align align, unsigned flags);
/* Add a row of empty cells and return its index. */
size_t sheet_add_row(struct sheet *s);
/* Set a cell (copied). */
void sheet_set(struct sheet *s, size_t row, size_t col, const char *text);
/* Set a cell that shows the number v as text (copied). */
void sheet_set_num(struct sheet *s, size_t row, size_t col, const char *text,
                   double v);
/* Set the number style of column c. */
void sheet_set_col_num(struct sheet *s, size_t c, enum sheet_num num);
/* The number of a cell, or NaN when it holds a text. */
double sheet_num(const struct sheet *s, size_t row, size_t col);
void sheet_set_shade(struct sheet *s, size_t row, size_t col);
/* The text of a cell. */
const char *sheet_cell(const struct sheet *s, size_t row, size_t col);
/* 1 when every cell of column c is empty. */
int sheet_col_empty(const struct sheet *s, size_t c);
/* Remove column c (used for columns that are empty in every row). */
void sheet_drop_col(struct sheet *s, size_t c);
/* Add an empty column after the last, described as sheet_set_col();
   returns its index. */
size_t sheet_append_col(struct sheet *s, const char *heading,
                        enum cell_align align, unsigned flags);

#endif
