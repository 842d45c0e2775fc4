/* ingest/csvedit: a CSV file changed field by field, every other byte
 * kept, as the secretary's tools (Excel, a pairing program) wrote it.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_CSVEDIT_H
#define INGEST_CSVEDIT_H

#include <stddef.h>

#include "ingest/csv.h"
#include "util/diag.h"

struct strbuf;

/* One field to write. */
struct csv_edit {
    unsigned line;     /* the row that begins at this line (the header: its
                          line); 0: a new row at the end of the file */
    size_t field;      /* 0-based; at or past the row's last field the row
                          grows, the fields between left empty */
    const char *value; /* UTF-8 */
};

/*
 * The bytes of a CSV file (data, len, exactly as read; c: csv_parse() of
 * them, with its encoding and delimiter) with the edits made, into out:
 * each value written in the file's encoding, quoted when it holds the
 * delimiter, a quote or a line break; a new row ends as the file's lines
 * do; every byte of every other field and row as it was.  The result is
 * read back and compared with what was meant.  ERR_DATA with why (at the
 * row) when it cannot be done safely: a character the file's encoding has
 * no byte for, a row that cannot be taken apart, a line that begins no
 * row.
 */
enum err csv_edit(const char *data, size_t len, const struct csv *c,
                  const struct csv_edit *edits, size_t n, struct strbuf *out,
                  struct diag_list *dl);

/*
 * The byte spans [span[k][0], span[k][1]) of the fields of the row that
 * begins at byte i of d (quotes included); at most max kept; returns how
 * many fields the row has.
 */
size_t csv_row_spans(const char *d, size_t len, size_t i, char delim,
                     size_t (*span)[2], size_t max);

/* The row of c that begins at line ln, or NULL. */
const struct csv_row *csv_row_at(const struct csv *c, unsigned ln);

#endif
