/* cli/cmd-init: write the skeleton of an event folder.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "ingest/eventdir.h"
#include "util/file.h"
#include "util/i18n.h"
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

void cmd_init_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, init_usage);
}

/* Write one skeleton file unless it exists; returns an exit code and sets
 * *wrote when it wrote it. */
static int write_new(const char *dir, const char *name,
                     void (*fill)(struct strbuf *), int *wrote)
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
        *wrote = 1;
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
    struct strbuf p1 = STRBUF_INIT, p2 = STRBUF_INIT;
    int c, r1, r2, w1 = 0, w2 = 0, made;
    enum err e;

    optind = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            help_print(init_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("init", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("init", "no folder given");
    if (optind + 1 < argc)
        return cli_usage_error("init", "one folder at a time");
    made = !file_is_dir(argv[optind]);
    e = file_mkdirs(argv[optind], &dl);
    cli_print_diags(&dl, stderr, 1);
    diag_list_release(&dl);
    if (e)
        return cli_exit_code(e);
    r1 = write_new(argv[optind], "event.ini", eventdir_skeleton_ini, &w1);
    r2 = write_new(argv[optind], "players.csv", eventdir_skeleton_players, &w2);
    strbuf_addf(&p1, "%s/event.ini", argv[optind]);
    strbuf_addf(&p2, "%s/players.csv", argv[optind]);
    if ((r1 && !w1 && r1 != EXIT_CANTCREAT) ||
        (r2 && !w2 && r2 != EXIT_CANTCREAT)) {
        /* A disk that failed: take back what this wrote, not half a folder. */
        if (w1)
            unlink(p1.buf);
        if (w2)
            unlink(p2.buf);
        if (made)
            rmdir(argv[optind]);
    } else {
        if (w1)
            printf(_("wrote %s\n"), p1.buf);
        if (w2)
            printf(_("wrote %s\n"), p2.buf);
    }
    strbuf_release(&p1);
    strbuf_release(&p2);
    return r1 ? r1 : r2;
}
