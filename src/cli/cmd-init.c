/* cli/cmd-init: write the skeleton of an event folder.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "ingest/eventdir.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char init_usage[] =
    "usage: sekretar init DIR\n"
    "\n"
    "Make the event folder DIR (when missing) and write into it a commented\n"
    "event.ini to fill in (comments in Ukrainian and English) and a\n"
    "players.csv with the registry's header.  Files that exist are not\n"
    "overwritten.  Then put the results files beside them and run\n"
    "'sekretar check DIR'.\n"
    "\n"
    "  -h, --help      show this help\n"
    "\n"
    "Exit status: 0 written, 73 a file exists or cannot be written.\n";

/* Write one skeleton file unless it exists; returns an exit code. */
static int write_new(const char *dir, const char *name,
                     void (*fill)(struct strbuf *))
{
    struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    int ret = EXIT_OK;
    enum err e;

    strbuf_addf(&path, "%s/%s", dir, name);
    if (file_is_regular(path.buf) || file_is_dir(path.buf)) {
        cli_error("%s exists; not overwritten", path.buf);
        ret = EXIT_CANTCREAT;
        goto out;
    }
    fill(&text);
    e = file_write_atomic(path.buf, text.buf, text.len, &dl);
    cli_print_diags(&dl, stderr, 1);
    if (e)
        ret = cli_exit_code(e);
    else
        printf("wrote %s\n", path.buf);
out:
    strbuf_release(&path);
    strbuf_release(&text);
    diag_list_release(&dl);
    return ret;
}

int cmd_init(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct diag_list dl = DIAG_LIST_INIT;
    int c, r1, r2;
    enum err e;

    optind = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(init_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("init", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("init", "no folder given");
    if (optind + 1 < argc)
        return cli_usage_error("init", "one folder at a time");
    e = file_mkdirs(argv[optind], &dl);
    cli_print_diags(&dl, stderr, 1);
    diag_list_release(&dl);
    if (e)
        return cli_exit_code(e);
    r1 = write_new(argv[optind], "event.ini", eventdir_skeleton_ini);
    r2 = write_new(argv[optind], "players.csv", eventdir_skeleton_players);
    return r1 ? r1 : r2;
}
