/* cli/cmd-check: validate input files and report every problem.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "core/event.h"
#include "core/tournament.h"
#include "pipeline/games.h"
#include "pipeline/prepare.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char check_usage[] =
    "usage: sekretar check [--encoding ENC] [--quiet] FILE|DIR...\n"
    "\n"
    "Read each results file (TRF-16, TRF-26 or a results CSV) or event\n"
    "folder and report every problem as FILE:LINE:COL: error|warning:\n"
    "message: unreadable fields, the two sides of a game that disagree,\n"
    "players paired twice, unknown opponents, a points column that differs\n"
    "from the results, a rank column out of step.  In an event folder also\n"
    "event.ini, players.csv and what the documents need: every player in\n"
    "the registry, regions, birth dates of an age group, coaches of\n"
    "medallists, one section per discipline for each person, every person\n"
    "the mandate commission cannot admit and why (warnings); and a team\n"
    "competition's match cards: the entries (teams, order, foreigners,\n"
    "squad), the line-ups, the boards and the match scores.\n"
    "\n"
    "A PGN file (FILE.pgn) is read game by game, every move checked by the\n"
    "rules of chess: an illegal or ambiguous move is reported with the\n"
    "position before it (FEN), and the file's other games are still read.\n"
    "\n"
    "  --encoding ENC  utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -q, --quiet     report errors only, no warnings or summary\n"
    "  -h, --help      show this help\n"
    "\n"
    "Exit status: 0 no errors (warnings allowed), 65 errors found,\n"
    "66 a file is missing.\n";

void cmd_check_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, check_usage);
}

/* ", 2 errors, 5 warnings" for dl. */
static void add_counts(struct strbuf *sb, const struct diag_list *dl)
{
    cli_add_count(sb, i18n_ngettext("%zu error", "%zu errors", dl->nr_errors),
                  dl->nr_errors);
    cli_add_count(sb,
                  i18n_ngettext("%zu warning", "%zu warnings", dl->nr_warnings),
                  dl->nr_warnings);
}

/* ", 40 players, 9 rounds" for a section. */
static void add_size(struct strbuf *sb, const struct prepared_section *ps)
{
    int rounds = prepared_rounds(ps);

    cli_add_count(sb,
                  i18n_ngettext("%zu player", "%zu players",
                                ps->sec->t->n_players),
                  ps->sec->t->n_players);
    cli_add_count(sb,
                  i18n_ngettext("%d round", "%d rounds", (unsigned long)rounds),
                  rounds);
}

/* Check a PGN file; returns the exit code. */
static int check_pgn(const char *path, enum encoding enc, int quiet)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct games_summary s;
    struct strbuf sb = STRBUF_INIT;
    enum err e;
    int ret;

    if (quiet)
        dl.errors_only = 1;
    e = games_check(path, enc, &s, &dl);
    cli_print_diags(&dl, stdout, !quiet);
    if (!quiet && e != ERR_NOINPUT) {
        cli_add_count(&sb, i18n_ngettext("%zu game", "%zu games", s.games),
                      s.games);
        cli_add_count(&sb,
                      i18n_ngettext("%zu half-move", "%zu half-moves",
                                    s.moves),
                      s.moves);
        add_counts(&sb, &dl);
        printf("%s: %s\n", path, sb.buf);
    }
    strbuf_release(&sb);
    ret = e == ERR_OK || e == ERR_PARSE ? 0 : cli_exit_code(e);
    if (!ret && dl.nr_errors)
        ret = EXIT_DATAERR;
    diag_list_release(&dl);
    return ret;
}

/* Check a results file or an event folder; returns the exit code. */
static int check_one(const char *path, enum encoding enc, int quiet)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct prepare_options o;
    struct prepared p;
    struct strbuf sb = STRBUF_INIT;
    enum err e;
    size_t i;
    int ret;

    memset(&o, 0, sizeof(o));
    o.path = path;
    o.encoding = enc;
    e = prepare_event(&o, &p, &dl);
    cli_print_diags(&dl, stdout, !quiet);
    if (!quiet && p.ev && p.ev->lone_file && p.n && p.secs[0].sec->t) {
        add_size(&sb, &p.secs[0]);
        add_counts(&sb, &dl);
        printf("%s: %s\n", path, sb.buf);
    } else if (!quiet && p.ev && !p.ev->lone_file) {
        for (i = 0; i < p.n; i++) {
            if (!p.secs[i].sec->t)
                continue;
            strbuf_reset(&sb);
            add_size(&sb, &p.secs[i]);
            printf("%s: %s\n", p.secs[i].sec->t->source, sb.buf);
        }
        strbuf_reset(&sb);
        cli_add_count(
            &sb,
            i18n_ngettext("%zu section", "%zu sections", p.ev->n_sections),
            p.ev->n_sections);
        cli_add_count(&sb,
                      i18n_ngettext("%zu person in the registry",
                                    "%zu people in the registry",
                                    p.ev->n_people),
                      p.ev->n_people);
        add_counts(&sb, &dl);
        printf("%s: %s\n", path, sb.buf);
    }
    strbuf_release(&sb);
    ret = e == ERR_OK || e == ERR_DATA || e == ERR_USAGE ? 0 : cli_exit_code(e);
    if (!ret && dl.nr_errors)
        ret = EXIT_DATAERR;
    prepared_release(&p);
    diag_list_release(&dl);
    return ret;
}

int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"encoding", required_argument, NULL, 'e'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct {
        enum encoding encoding;
    } opts = {ENC_AUTO};
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
            help_print(check_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("check", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("check", "no input file given");
    for (i = optind; i < argc; i++) {
        int r = games_is_pgn(argv[i])
                    ? check_pgn(argv[i], opts.encoding, quiet)
                    : check_one(argv[i], opts.encoding, quiet);
        /* A missing file outweighs errors found in another. */
        if (r != EXIT_OK && (ret == EXIT_OK || r != EXIT_DATAERR))
            ret = r;
    }
    return ret;
}
