/* cli/main: the sekretar command: dispatch to the command table.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"init", cmd_init, "write a commented skeleton of an event folder"},
    {"check", cmd_check, "validate inputs; report every problem with file:line"},
    {"standings", cmd_standings, "ranking of a section (text, tsv, csv, json)"},
    {"convert", cmd_convert, "write a results file as TRF-16 or TRF-26"},
    {"build", cmd_build, "check, bundle and archive an event (the main job)"},
    {"archive", cmd_archive, "list, show, verify, rebuild, export, import"},
    {"query", cmd_query, "champions, players, head-to-head, medals, events"},
    {"render", cmd_render, "PDF ranking list and cross table of a section"},
};

static void usage(FILE *fp)
{
    size_t i;

    fputs("usage: sekretar [--version] [--help] <command> [<args>]\n\n"
          "Official documents and archive of Ukrainian chess championships.\n\n"
          "Commands:\n",
          fp);
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(fp, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n'sekretar <command> --help' describes a command.\n"
          "Exit codes: 0 ok, 64 usage, 65 bad input data, 66 missing input,\n"
          "70 internal error, 73 cannot create output, 74 I/O error.\n",
          fp);
}

int main(int argc, char **argv)
{
    size_t i;

    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
        !strcmp(argv[1], "help")) {
        if (argc > 2 && strcmp(argv[1], "help") == 0) {
            for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
                if (!strcmp(argv[2], commands[i].name)) {
                    static char help[] = "--help";
                    char *args[3];
                    args[0] = argv[2];
                    args[1] = help;
                    args[2] = NULL;
                    return cli_finish(commands[i].fn(2, args));
                }
        }
        usage(stdout);
        return cli_finish(EXIT_OK);
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        printf("sekretar %s\n", SEKRETAR_VERSION);
        return cli_finish(EXIT_OK);
    }
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (!strcmp(argv[1], commands[i].name))
            return cli_finish(commands[i].fn(argc - 1, argv + 1));
    cli_error("'%s' is not a sekretar command", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
