/* cli/commands: the command table's functions.
 * SPDX-License-Identifier: MIT
 *
 * How to add a command:
 *  1. write int cmd_NAME(int argc, char **argv) in src/cli/cmd-NAME.c; it
 *     parses its own options with getopt_long, answers -h/--help on stdout
 *     with exit 0, and returns an exit code from cli.h;
 *  2. declare it below and add a row to the commands[] table in main.c;
 *  3. add src/cli/cmd-NAME.c to CLI_SRCS in the Makefile;
 *  4. add tests/cli/0xxx-... for its help and each of its error messages;
 *  5. document it in README.md (commands and options).
 */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

int cmd_check(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_init(int argc, char **argv);
int cmd_build(int argc, char **argv);
int cmd_archive(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_render(int argc, char **argv);

#endif
