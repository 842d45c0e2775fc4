/* cli/main: the sekretar command: dispatch to the command table.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "cli/options.h"
#include "util/datadir.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

const struct command commands[] = {
    {"init", cmd_init, cmd_init_usage, 0,
     "write a commented skeleton of an event folder"},
    {"check", cmd_check, cmd_check_usage, 0,
     "validate inputs; report every problem with file:line"},
    {"standings", cmd_standings, cmd_standings_usage, 0,
     "ranking of a section (text, tsv, csv, json)"},
    {"convert", cmd_convert, cmd_convert_usage, 0,
     "write a results file as TRF-16 or TRF-26"},
    {"build", cmd_build, cmd_build_usage, 0,
     "check, bundle and archive an event (the main job)"},
    {"archive", cmd_archive, cmd_archive_usage, 0,
     "list, show, verify, rebuild, export, import"},
    {"query", cmd_query, cmd_query_usage, 0,
     "champions, players, head-to-head, medals, events"},
    {"render", cmd_render, cmd_render_usage, 0,
     "the documents: ranking lists, cross tables, the XLSX report"},
    {"verify", cmd_verify, cmd_verify_usage, 0,
     "whose diploma a code is, from the archive"},
    {"mandate", cmd_mandate, cmd_mandate_usage, 0,
     "the mandate commission's counts (text, tsv, csv, json)"},
    {"desk", cmd_desk, cmd_desk_usage, CMD_UKRAINIAN,
     "the secretary's desk: check, documents and build in the browser"},
    {"completion", cmd_completion, cmd_completion_usage, CMD_HIDDEN,
     "the shell completion script"},
};
const size_t commands_size = sizeof(commands) / sizeof(commands[0]);

const char sekretar_summary[] =
    "official documents and archive of Ukrainian chess championships";

void sekretar_usage(struct strbuf *sb)
{
    size_t i;

    strbuf_addstr(sb,
                  "usage: sekretar [--version] [--help] <command> [<args>]\n"
                  "\n"
                  "Official documents and archive of Ukrainian chess "
                  "championships.\n"
                  "\n"
                  "Commands:\n");
    for (i = 0; i < commands_size; i++)
        if (!(commands[i].flags & CMD_HIDDEN))
            strbuf_addf(sb, "  %-10s %s\n", commands[i].name,
                        commands[i].summary);
    strbuf_addstr(
        sb,
        "\n'sekretar <command> --help' describes a command.\n"
        "\n"
        "With LANG=uk_UA.UTF-8 (or LANGUAGE=uk) the messages are "
        "Ukrainian,\n"
        "even where that locale was never generated; for the manual pages "
        "in\n"
        "Ukrainian generate it ('sudo dpkg-reconfigure locales') or run\n"
        "'man -L uk sekretar'.\n"
        "\n"
        "The event folder:\n"
        "  event.ini     the event: [event] (title, dates, city, venue,\n"
        "                officials) and one [section NAME] per tournament\n"
        "                (its results file, system, rules or tie-breaks,\n"
        "                prize places); 'sekretar init' writes it\n"
        "  players.csv   the registry, one row per person (surname, name,\n"
        "                sex, birth date, region, club, coach, rank, FIDE "
        "ID)\n"
        "  NAME.trf, NAME.csv, NAME.pgn\n"
        "                each section's results, the file its 'file' key\n"
        "                names: the TRF-16 or TRF-26 a pairing program\n"
        "                exports, a CSV of games (or of a knock-out's or a\n"
        "                team competition's match cards), or its games in\n"
        "                PGN\n"
        "  playoffs.csv  the play-offs that broke ties, when there were any\n"
        "\n"
        "The way through an event:\n"
        "  sekretar init DIR              make the folder DIR with an\n"
        "                                 event.ini and a players.csv to "
        "fill in\n"
        "  sekretar check DIR             report every problem as\n"
        "                                 FILE:LINE:COL; correct the files "
        "and\n"
        "                                 check again until no error is "
        "left\n"
        "  sekretar render -o OUT DIR     write the documents into OUT, to\n"
        "                                 read them before the archive\n"
        "  sekretar build DIR             check, rank, write the documents "
        "and\n"
        "                                 pack them with the inputs into "
        "one\n"
        "                                 bundle of the archive (--archive\n"
        "                                 DIR, else $SEKRETAR_ARCHIVE, "
        "else\n"
        "                                 archive)\n"
        "  sekretar query champions       ask the archive (also player, "
        "h2h,\n"
        "                                 medals, events, search)\n"
        "  sekretar archive site -o SITE  write the archive as a static\n"
        "                                 website\n"
        "\n"
        "Exit codes: 0 ok, 64 usage, 65 bad input data, 66 missing "
        "input,\n"
        "70 internal error, 73 cannot create output, 74 I/O "
        "error.\n");
}

static void usage(FILE *fp)
{
    struct strbuf sb = STRBUF_INIT;

    sekretar_usage(&sb);
    help_print(sb.buf, fp);
    strbuf_release(&sb);
}

/* With its own console window (started by Explorer), keep the window
   open until the secretary has read it. */
static void wait_window(void)
{
    int c;

    if (!os_own_console())
        return;
    printf(_("\nPress Enter to close this window.\n"));
    fflush(stdout);
    while ((c = getchar()) != EOF && c != '\n')
        ;
}

/*
 * Started by the desktop (os_desktop(): Windows' Explorer) with a folder
 * as its only argument, a folder dropped on the program: check the event,
 * write its documents into its folder documents/ and open that; with no
 * argument, say what to do.
 */
static int desktop(int argc, char **argv)
{
    static char check[] = "check", render[] = "render", o[] = "-o";
    struct strbuf out = STRBUF_INIT;
    char *args[5];
    int ret;

    if (argc < 2) {
        printf(_("Sekretar makes the documents of a chess event from its "
                 "folder (event.ini,\nplayers.csv, the results files).  "
                 "Drop the event's folder on sekretar.exe,\nor run "
                 "'sekretar check FOLDER' in a command window; "
                 "'sekretar --help'\nsays more.\n"));
        wait_window();
        return cli_finish(EXIT_USAGE);
    }
    args[0] = check;
    args[1] = argv[1];
    args[2] = NULL;
    ret = cmd_check(2, args);
    if (ret == EXIT_OK) {
        strbuf_addf(&out, "%s/documents", argv[1]);
        args[0] = render;
        args[1] = o;
        args[2] = out.buf;
        args[3] = argv[1];
        args[4] = NULL;
        ret = cmd_render(4, args);
        if (ret == EXIT_OK) {
            printf(_("The documents are in %s\n"), out.buf);
            os_open_url(out.buf);
        }
    } else {
        printf(_("No document was made: correct the files and drop the "
                 "folder again.\n"));
    }
    fflush(stdout);
    wait_window();
    strbuf_release(&out);
    return cli_finish(ret);
}

int main(int argc, char **argv)
{
    char *localedir;
    size_t i;

    os_init();
    os_args(argc, argv);
    localedir = locale_dir();
    i18n_init(localedir);
    for (i = 0; argc > 1 && i < commands_size; i++)
        if ((commands[i].flags & CMD_UKRAINIAN) &&
            !strcmp(argv[1], commands[i].name))
            i18n_default("uk", localedir);
    if (os_desktop() && (argc < 2 || (argc == 2 && file_is_dir(argv[1])))) {
        i18n_default("uk", localedir);
        free(localedir);
        return desktop(argc, argv);
    }
    free(localedir);

    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
        !strcmp(argv[1], "help")) {
        if (argc > 2 && !strcmp(argv[1], "help") &&
            (!strcmp(argv[2], "--man") || !strcmp(argv[2], "--pot") ||
             !strcmp(argv[2], "--tiebreaks")))
            return cli_finish(cmd_help_man(argc - 1, argv + 1));
        if (argc > 2 && strcmp(argv[1], "help") == 0) {
            for (i = 0; i < commands_size; i++)
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
    for (i = 0; i < commands_size; i++)
        if (!strcmp(argv[1], commands[i].name))
            return cli_finish(commands[i].fn(argc - 1, argv + 1));
    cli_error("'%s' is not a sekretar command", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
