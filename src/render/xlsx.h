/* render/xlsx: spreadsheets (XLSX) of our sheets: titled worksheets, lines
 * of text, tables with numbers as numbers, signatures, A4 print set-up.
 * The only includer of libxlsxwriter.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_XLSX_H
#define RENDER_XLSX_H

#include <stddef.h>

#include "util/diag.h"

struct sheet;
struct strbuf;
struct xlsx; /* a workbook being written (owns libxlsxwriter's) */

/* The file's properties (File > Properties); any may be NULL. */
struct xlsx_props {
    const char *title, *subject, *author, *manager, *company, *category,
        *keywords, *comments;
    long long created; /* s since 1970 UTC; < 0: now */
};

/*
 * Start the workbook that xlsx_close() writes to path (libxlsxwriter's
 * temporary files go beside it).  Errors: ERR_CREATE (diag at path).
 */
enum err xlsx_new(struct xlsx **out, const char *path,
                  const struct xlsx_props *props, struct diag_list *dl);
/*
 * Add a worksheet called name, which must be a valid name not yet used
 * (xlsx_sheet_name() makes one); what follows goes on it, top down.
 */
void xlsx_add_sheet(struct xlsx *x, const char *name);
/* A line of bold text across the sheet (big: the document's title). */
void xlsx_title(struct xlsx *x, const char *text, int big);
/* A line of text across the sheet, wrapped when long. */
void xlsx_text(struct xlsx *x, const char *text);
/* An empty line. */
void xlsx_gap(struct xlsx *x);

enum xlsx_table_flags {
    XLSX_HEAD_FIXED = 1 << 0 /* the heading row frozen on screen and
                                repeated on every printed page */
};
/*
 * The table s: its headings, then its rows; a cell holding a number
 * (sheet_num()) is written as that number, shown in its column's style
 * (halves as 6½ by a number format).  flags: enum xlsx_table_flags.
 */
void xlsx_table(struct xlsx *x, const struct sheet *s, unsigned flags);
/* A signature line: "position ____________ name". */
void xlsx_signature(struct xlsx *x, const char *position, const char *name);

/*
 * Write the workbook and free x.  Errors: ERR_CREATE / ERR_IO (the file)
 * or ERR_INTERNAL (libxlsxwriter refused a call), with a diag at path.
 */
enum err xlsx_close(struct xlsx *x, struct diag_list *dl);
/* Free x without writing anything. */
void xlsx_free(struct xlsx *x);

/*
 * A valid worksheet name made from want, different (in any letter case)
 * from the n names of taken: at most 31 characters, none of []:*?/\, no
 * apostrophe first or last, not empty; shortened and numbered ("Назва
 * (2)") when it must be.
 */
void xlsx_sheet_name(const char *want, const char *const *taken, size_t n,
                     struct strbuf *out);

#endif
