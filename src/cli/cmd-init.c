/* cli/cmd-init: write the skeleton of an event folder.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "pipeline/init.h"
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

int cmd_init(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct diag_list dl = DIAG_LIST_INIT;
    struct init_result res;
    int c, i;
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
    e = init_event_folder(argv[optind], &res, &dl);
    cli_print_diags(&dl, stderr, 1);
    for (i = 0; i < 2; i++)
        if (res.written[i])
            printf(_("wrote %s\n"), res.written[i]);
    init_result_release(&res);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : EXIT_OK;
}
