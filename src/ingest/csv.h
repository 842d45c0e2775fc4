/* ingest/csv: an RFC 4180 reader with encoding detection, delimiter
 * sniffing and line/column tracking.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_CSV_H
#define INGEST_CSV_H

#include <stddef.h>

#include "util/arena.h"
#include "util/diag.h"
#include "util/utf8.h"

struct strbuf;

/* One field: its text (UTF-8, quotes removed) and where it starts. */
struct csv_field {
    const char *s;
    unsigned line, col; /* col counts characters from 1 */
};

struct csv_row {
    struct csv_field *fields;
    size_t n;
    unsigned line;
};

struct csv {
    struct arena arena;
    const char *file;
    const char *encoding; /* the encoding the file was read in */
    char delim;           /* ',' ';' or '\t' */
    struct csv_row *rows; /* blank rows (every field empty) are left out */
    size_t n_rows, rows_alloc;
};

struct csv_options {
    enum encoding encoding; /* ENC_AUTO: UTF-8 (BOM or not) or Windows-1251 */
    char delim;             /* 0: sniff ';' ',' or tab from the first line */
};

/* Limits against hostile input; going over one is a parse error. */
#define CSV_MAX_SIZE   (64u * 1024 * 1024)
#define CSV_MAX_FIELD  65536
#define CSV_MAX_FIELDS 1000
#define CSV_MAX_ROWS   200000

/*
 * Parse the bytes of a CSV file; name is the file name for diagnostics.
 * Fields may be quoted with '"' (embedded delimiters, doubled quotes and
 * line breaks inside); a quote inside an unquoted field is kept as text.
 * Line ends may be LF, CRLF or CR.  Every problem goes to dl as
 * FILE:LINE:COL.  *out is NULL when the file is empty, binary or not in
 * the encoding asked for; otherwise it holds the rows read (also after
 * errors).  Returns ERR_OK or ERR_PARSE.  Free with csv_free().
 */
enum err csv_parse(const char *data, size_t len, const char *name,
                   const struct csv_options *opts, struct csv **out,
                   struct diag_list *dl);
/* Read the file at path and parse it; ERR_NOINPUT when it is missing. */
enum err csv_read(const char *path, const struct csv_options *opts,
                  struct csv **out, struct diag_list *dl);
void csv_free(struct csv *c);

/* The trimmed text of field i of row r, "" past the end of the row. */
const char *csv_get(const struct csv_row *r, size_t i);

/* Field i of row r; a blank field at line 0 when i < 0 or past the end. */
const struct csv_field *csv_field_at(const struct csv_row *r, int i);

/* A header name (in csv_header_key form) and the column it stands for. */
struct csv_header {
    const char *key;
    int col;
};

/*
 * Find the columns of a header row: cols[k] receives the index of the
 * field whose header names column k (one of headers[]), or -1.  Unknown
 * headers are warnings; a column named twice is an error that calls it
 * names[k].  Returns 0, or -1 after an error.
 */
int csv_map_header(const struct csv *c, const struct csv_row *h,
                   const struct csv_header *headers, size_t n_headers,
                   const char *const *names, int *cols, size_t n_cols,
                   struct diag_list *dl);

/*
 * Append the key a header is compared by: lower case, letters and digits
 * only ("Клуб / ДЮСШ" and "клуб|дюсш" both give "клубдюсш").
 */
void csv_header_key(struct strbuf *out, const char *s);

#endif
