/* util/table: a table of strings (a query's rows, a ranking for the
 * terminal) and its forms: aligned text, TSV, CSV (RFC 4180) and JSON.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_TABLE_H
#define UTIL_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "util/arena.h"

struct strbuf;

/*
 * Output formats of tables.  FMT_CSV_EXCEL is CSV for a spreadsheet in a
 * locale whose decimal separator is the comma (uk-UA): a UTF-8 byte order
 * mark, ';' between fields, numbers with a decimal comma ("7,5").  Every
 * CSV and TSV cell that would read as a formula is neutralised
 * (util/quote.h cell_is_formula()).
 */
enum table_format { FMT_TEXT, FMT_TSV, FMT_CSV, FMT_JSON, FMT_CSV_EXCEL };
/* Parse "text", "tsv", "csv", "json", "csv-excel"; -1 when unknown. */
int table_format_parse(const char *s, enum table_format *out);

/*
 * A table of strings.  align holds one letter per column: 'l' left, 'r'
 * right, 'n' a number (right-aligned; a JSON number, or null when empty).
 */
struct table {
    size_t ncols;
    char **heads;
    char *align;
    char **cells; /* nrows * ncols, row by row, in text */
    size_t nrows;
    size_t alloc;
    struct arena text; /* the cells' strings, released at once */
};

void table_init(struct table *tb, size_t ncols, const char *const *heads,
                const char *align);
/* The same for a table whose headings are set as heads[i] = xstrdup(...)
   by the caller, all of them before the first row. */
void table_init_empty(struct table *tb, size_t ncols);
/* Add a row of ncols cells (copied; NULL is an empty cell). */
void table_add_row(struct table *tb, const char *const *cells);
/* The same, each cell's length in bytes given (cells[i] may hold no NUL
   after lens[i] bytes). */
void table_add_row_n(struct table *tb, const char *const *cells,
                     const size_t *lens);
/* Cell (row, col); never NULL. */
const char *table_cell(const struct table *tb, size_t row, size_t col);
void table_release(struct table *tb);

/*
 * The rows of a table in fmt (tsv, csv or json; text needs every row for
 * its widths) written as they come: the head from tb's headings, a row of
 * tb->ncols cells (NULL as empty) numbered from 0, with their lengths
 * when lens is not NULL (TABLE_LEN_UNKNOWN: strlen), the end after nrows.
 * table_write() writes so.
 */
#define TABLE_LEN_UNKNOWN ((size_t)-1)
void table_stream_begin(const struct table *tb, enum table_format fmt,
                        struct strbuf *out);
void table_stream_row(const struct table *tb, enum table_format fmt,
                      const char *const *cells, const size_t *lens,
                      size_t index, struct strbuf *out);
void table_stream_end(const struct table *tb, enum table_format fmt,
                      size_t nrows, struct strbuf *out);

/*
 * Append tb in fmt: text aligned by characters; TSV (tabs and line ends in
 * cells become spaces); CSV with CRLF; JSON an array of objects keyed by
 * the headings.
 */
void table_write(const struct table *tb, enum table_format fmt,
                 struct strbuf *out);
/* table_write() to fp; the text table written as it is made. */
void table_write_file(const struct table *tb, enum table_format fmt,
                      FILE *fp);

#endif
