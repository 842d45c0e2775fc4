/* util/diag: the project error enum and located diagnostics.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_DIAG_H
#define UTIL_DIAG_H

#include <stddef.h>

struct strbuf;

/*
 * The category of a failure.  Values are stable.  The layer that finds a
 * problem returns one of these and records the detail in a diag_list; only
 * src/cli maps them to exit codes and prints.
 */
enum err {
    ERR_OK = 0,
    ERR_USAGE = 1,    /* bad command line */
    ERR_NOINPUT = 2,  /* an input file is missing or not a regular file */
    ERR_IO = 3,       /* reading or writing failed */
    ERR_PARSE = 4,    /* input is not in the expected format */
    ERR_DATA = 5,     /* well-formed input with impossible contents */
    ERR_CREATE = 6,   /* an output file cannot be created */
    ERR_RENDER = 7,   /* the input makes no document (a table too wide,
                         a font that is not TrueType): bad data */
    ERR_ARCHIVE = 8,  /* a bundle could not be written or read */
    ERR_CATALOG = 9,  /* the catalogue database failed */
    ERR_INTERNAL = 10 /* a bug or an impossible state */
};

/* A short English phrase for the category ("bad input data"). */
const char *err_str(enum err e);

enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

/*
 * What would mend a finding, for a program that offers it (the desk):
 * DIAG_FIX_ALIAS: the results name the registry does not know (fix_arg),
 * the registry's rows of the people nearest to it (fix_lines) — one of
 * them may take it as another spelling of his name; DIAG_FIX_COLUMN: the
 * registry (the finding's file) lacks the column fix_arg names.
 */
enum diag_fix { DIAG_FIX_NONE = 0, DIAG_FIX_ALIAS, DIAG_FIX_COLUMN };

#define DIAG_FIX_LINES 3

/* One finding: where it is and what is wrong.  line/col 0 mean unknown. */
struct diag {
    enum diag_level level;
    char *file;
    unsigned line;
    unsigned col;
    char *msg;
    /* Another line of the same file the finding is about (the first of a
       key given twice); 0 when none. */
    unsigned also_line;
    enum diag_fix fix;
    char *fix_arg; /* NULL when no fix */
    unsigned fix_lines[DIAG_FIX_LINES];
    unsigned n_fix_lines;
};

/*
 * A list of findings.  At most `limit` are stored (default 1000) so that a
 * file of junk cannot exhaust memory; the counters count all of them.
 */
struct diag_list {
    struct diag *items;
    size_t nr;
    size_t alloc;
    size_t limit;
    size_t nr_errors;
    size_t nr_warnings;
    size_t nr_dropped;
    int errors_only; /* warnings and notes are counted, not kept */
    int last_kept;   /* whether the last finding added was kept */
};

#define DIAG_LIST_INIT {NULL, 0, 0, 1000, 0, 0, 0, 0, 0}

void diag_list_init(struct diag_list *dl);
void diag_list_release(struct diag_list *dl);

#if defined(__GNUC__)
#define DIAG_PRINTF __attribute__((format(printf, 6, 7)))
#else
#define DIAG_PRINTF
#endif
/* Record a finding; file may be NULL.  Messages start lower-case. */
void diag_add(struct diag_list *dl, enum diag_level level, const char *file,
              unsigned line, unsigned col, const char *fmt, ...) DIAG_PRINTF;
#define diag_error(dl, ...) diag_add((dl), DIAG_ERROR, __VA_ARGS__)
#define diag_warning(dl, ...) diag_add((dl), DIAG_WARNING, __VA_ARGS__)
#define diag_note(dl, ...) diag_add((dl), DIAG_NOTE, __VA_ARGS__)

/* The other line of the same file the last finding added is about. */
void diag_also_line(struct diag_list *dl, unsigned line);

/* What would mend the last finding added (enum diag_fix): arg and up to
   DIAG_FIX_LINES lines. */
void diag_fix(struct diag_list *dl, enum diag_fix fix, const char *arg,
              const unsigned *lines, unsigned n_lines);

/* Name the file to in every finding about the file from (a temporary
   name the user never sees). */
void diag_list_rename_file(struct diag_list *dl, const char *from,
                           const char *to);

/* Stable sort by file (first-seen order is kept), then line and column. */
void diag_list_sort(struct diag_list *dl);

/* Add every finding of from to to (copied). */
void diag_list_append(struct diag_list *to, const struct diag_list *from);

/*
 * Append "FILE:LINE:COL: error: message" (parts that are unknown are left
 * out) to out, without a newline.
 */
void diag_format(const struct diag *d, struct strbuf *out);

#endif
