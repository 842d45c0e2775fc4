/* cli/cli: exit codes, messages and output helpers shared by the commands.
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_CLI_H
#define CLI_CLI_H

#include <stdio.h>

#include "util/diag.h"
#include "util/table.h"

/* Exit codes (sysexits.h values); listed in the README. */
enum exit_code {
    EXIT_OK = 0,
    EXIT_USAGE = 64,    /* bad command line */
    EXIT_DATAERR = 65,  /* bad input data */
    EXIT_NOINPUT = 66,  /* missing input */
    EXIT_SOFTWARE = 70, /* internal error */
    EXIT_CANTCREAT = 73,/* cannot create output */
    EXIT_IOERR = 74     /* input/output error */
};

/* The exit code for an error category. */
int cli_exit_code(enum err e);

#if defined(__GNUC__)
#define CLI_PRINTF __attribute__((format(printf, 1, 2)))
#else
#define CLI_PRINTF
#endif
/* "sekretar: error: ..." and "sekretar: warning: ..." on stderr. */
void cli_error(const char *fmt, ...) CLI_PRINTF;
void cli_warning(const char *fmt, ...) CLI_PRINTF;
struct strbuf;
/* Append ", " (unless sb is empty) and fmt, a count in words taken from
   i18n_ngettext() ("%zu error", "%zu errors"). */
void cli_add_count(struct strbuf *sb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* "Try 'sekretar CMD --help'." on stderr. */
void cli_try_help(const char *cmd);
/* Print a usage problem and return EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * Print the findings of dl to fp, sorted by file and line, as
 * "FILE:LINE:COL: error: message".  Warnings and notes only when
 * show_warnings.  Says how many were left out when the list overflowed.
 */
void cli_print_diags(struct diag_list *dl, FILE *fp, int show_warnings);

/*
 * Flush stdout and report a failed write (a full disk, a closed pipe) as an
 * I/O error; returns code, or EXIT_IOERR when the flush failed.
 */
int cli_finish(int code);

struct load;
/*
 * load_path() for a command that needs consistent results: print every
 * problem of the results and of event.ini, refuse inconsistent results
 * ("'sekretar check PATH' lists every problem"), and warn when the registry
 * has problems.  Returns 0, or the exit code (64 for a bad --section,
 * 65, 66, 74) after printing why.  Release ld either way.
 */
int cli_load_consistent(const char *path, const char *section, int enc,
                        const char *cmd, struct load *ld);
/* The same with load_path_flags()'s flags (LOAD_RESULTS_OPTIONAL). */
int cli_load_consistent_flags(const char *path, const char *section, int enc,
                              unsigned flags, const char *cmd,
                              struct load *ld);

/*
 * Print the findings of dl to stderr (warnings and notes too) and empty
 * it; returns the exit code for e (0 for ERR_OK).
 */
int cli_report(enum err e, struct diag_list *dl);

/* The archive root: opt, else $SEKRETAR_ARCHIVE, else "archive". */
const char *cli_archive_root(const char *opt);

/*
 * Report what getopt_long() returned for a bad option (with ':' leading
 * the option string): "unknown option '--x'" or "option '--x' wants a
 * value"; returns EXIT_USAGE.
 */
int cli_bad_option(const char *cmd, int c, char **argv);

/* Print tb in fmt to fp (util/table.h). */
void table_print(const struct table *tb, enum table_format fmt, FILE *fp);

struct catalog;
/*
 * Print the people of event_id (or person, > 0) whom the catalogue holds
 * possibly twice, each with the merge-people command that joins them, a
 * line each after a blank line; nothing when there are none.  Returns 0,
 * or an exit code after printing the catalogue's error.
 */
int cli_print_candidates(struct catalog *c, const char *event_id,
                         long long person, FILE *fp);

struct ranked;
/*
 * ranked_load_quiet() that prints the findings to stderr and returns the
 * exit code (64 for a file, 65, 66).
 */
int ranked_load(const char *dir, const char *label, const char *cmd,
                void (*progress)(const char *what, size_t i, size_t n),
                struct ranked *r);


#endif
