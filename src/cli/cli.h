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
    EXIT_UNAVAILABLE = 69, /* a service cannot start (desk: cannot listen) */
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

struct prepare_options;
struct prepared;
/*
 * prepare_event() for cmd, printing what it found to stderr: the errors
 * and, with show_warnings, the warnings (else only what the rankings of
 * the sections chosen say), and for an event with errors that cmd
 * refuses it; a problem of the command line (an unknown section,
 * an override that does not fit) as a usage error.  Returns 0, or the
 * exit code (64, 65, 66, 74).  Release p in any case.
 */
int cli_prepare(const struct prepare_options *o, const char *cmd,
                int show_warnings, struct prepared *p);

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

struct archive_reader;
/*
 * Print the people of event_id (or person, > 0) whom the catalogue holds
 * possibly twice, each with the merge-people command that joins them, a
 * line each after a blank line; nothing when there are none.  Returns 0,
 * or an exit code after printing the catalogue's error.
 */
int cli_print_candidates(struct archive_reader *rd, const char *event_id,
                         long long person, FILE *fp);

#endif
