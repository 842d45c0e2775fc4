/* cli/cmd-check: validate input files and report every problem.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "util/banned.h"

static const char check_usage[] =
    "usage: sekretar check [--encoding ENC] [--quiet] FILE...\n"
    "\n"
    "Read each results file (TRF-16 or TRF-26) and report every problem as\n"
    "FILE:LINE:COL: error|warning: message: unreadable fields, the two sides\n"
    "of a game that disagree, players paired twice, unknown opponents, a\n"
    "points column that differs from the results, a rank column out of step.\n"
    "\n"
    "  --encoding ENC  utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -q, --quiet     report errors only, no warnings or summary\n"
    "  -h, --help      show this help\n"
    "\n"
    "Exit status: 0 no errors (warnings allowed), 65 errors found,\n"
    "66 a file is missing.\n";

int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"encoding", required_argument, NULL, 'e'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct trf_options opts = {ENC_AUTO};
    int c, quiet = 0, i, ret = EXIT_OK;

    optind = 0;
    while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'e':
            if (encoding_parse(optarg, &opts.encoding))
                return cli_usage_error("check", "unknown encoding '%s'",
                                       optarg);
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            fputs(check_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("check", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("check", "no input file given");
    for (i = optind; i < argc; i++) {
        struct diag_list dl = DIAG_LIST_INIT;
        struct tournament *t = NULL;
        enum err e = trf_read(argv[i], &opts, &t, &dl);

        if (t)
            tournament_validate(t, &dl);
        cli_print_diags(&dl, stdout, !quiet);
        if (e == ERR_NOINPUT || e == ERR_IO) {
            if (ret == EXIT_OK || ret == EXIT_DATAERR)
                ret = cli_exit_code(e);
        } else if (dl.nr_errors && ret == EXIT_OK) {
            ret = EXIT_DATAERR;
        }
        if (!quiet && t)
            printf("%s: %zu player%s, %d round%s, %zu error%s, %zu warning%s\n",
                   argv[i], t->n_players, t->n_players == 1 ? "" : "s",
                   t->n_rounds, t->n_rounds == 1 ? "" : "s", dl.nr_errors,
                   dl.nr_errors == 1 ? "" : "s", dl.nr_warnings,
                   dl.nr_warnings == 1 ? "" : "s");
        tournament_free(t);
        diag_list_release(&dl);
    }
    return ret;
}
