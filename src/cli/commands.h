/* cli/commands: the command table and its functions.
 * SPDX-License-Identifier: MIT
 *
 * How to add a command:
 *  1. write int cmd_NAME(int argc, char **argv) in src/cli/cmd-NAME.c; it
 *     parses its own options with getopt_long, answers -h/--help on stdout
 *     with exit 0, and returns an exit code from cli.h; write
 *     void cmd_NAME_usage(struct strbuf *sb), which appends that --help
 *     text (the manual pages and the shell completion are made from it,
 *     see cli/helptext.h);
 *  2. declare both below and add a row to the commands[] table in main.c;
 *  3. add src/cli/cmd-NAME.c to CLI_SRCS and NAME to MAN_COMMANDS in the
 *     Makefile;
 *  4. add tests/cli/0xxx-... for its help and each of its error messages;
 *  5. document it in docs/commands.md (commands and options), and
 *     translate its help in man/uk.po (sekretar help --pot --translations
 *     man/uk.po lists what is missing).
 */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

#include <stddef.h>

struct strbuf;

enum command_flags {
    CMD_HIDDEN = (1 << 0), /* not listed by --help, no manual page */
    /* Ukrainian unless the locale names a language (the desk: a page for
       the secretary, not a terminal's tool) */
    CMD_UKRAINIAN = (1 << 1)
};

/* One row of the command table. */
struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    void (*usage)(struct strbuf *sb); /* appends the --help text */
    unsigned flags;                   /* enum command_flags */
    const char *summary;              /* one line: --help, NAME of man */
};

/* Every command, in the order --help lists them (main.c). */
extern const struct command commands[];
extern const size_t commands_size;

/* What the manual page sekretar(1) says of the program (main.c). */
extern const char sekretar_summary[];

/* Append the text of 'sekretar --help' to sb (main.c). */
void sekretar_usage(struct strbuf *sb);

int cmd_check(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_init(int argc, char **argv);
int cmd_build(int argc, char **argv);
int cmd_archive(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_mandate(int argc, char **argv);
int cmd_desk(int argc, char **argv);
int cmd_completion(int argc, char **argv);
int cmd_verify(int argc, char **argv);

void cmd_check_usage(struct strbuf *sb);
void cmd_standings_usage(struct strbuf *sb);
void cmd_convert_usage(struct strbuf *sb);
void cmd_init_usage(struct strbuf *sb);
void cmd_build_usage(struct strbuf *sb);
void cmd_archive_usage(struct strbuf *sb);
void cmd_query_usage(struct strbuf *sb);
void cmd_render_usage(struct strbuf *sb);
void cmd_mandate_usage(struct strbuf *sb);
void cmd_desk_usage(struct strbuf *sb);
void cmd_completion_usage(struct strbuf *sb);
void cmd_verify_usage(struct strbuf *sb);

/*
 * The hidden 'sekretar help --man|--pot|--tiebreaks ...' (cli/man.c): the
 * manual pages made from the --help texts, and the tie-break table of
 * docs/tie-breaks.md.  argv[0] is "help".
 */
int cmd_help_man(int argc, char **argv);

#endif
