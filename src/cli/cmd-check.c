/* cli/cmd-check: validate input files and report every problem.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "ingest/load.h"
#include "core/ranking.h"
#include "core/event.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "util/file.h"
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

/* The match cards of every knock-out section played through its bracket:
   what they get wrong goes to dl. */
static void check_knockouts(const struct load *ld, struct diag_list *dl)
{
    size_t i;

    for (i = 0; i < ld->n; i++) {
        struct section_ranking sr;
        if (!ld->items[i].t || !ld->items[i].t->ko_input ||
            !ld->items[i].section)
            continue;
        section_rank(ld->ev, ld->items[i].section, NULL, &sr, dl);
        section_ranking_release(&sr);
    }
}

/* The rounds a results file has: a knock-out's from its match cards. */
static int file_rounds(const struct tournament *t)
{
    size_t i;
    int n = t->n_rounds;

    for (i = 0; t->ko_input && i < t->ko_input->n; i++)
        if (t->ko_input->games[i].round > n)
            n = t->ko_input->games[i].round;
    return n;
}

/* ", 40 players, 9 rounds" for t. */
static void add_size(struct strbuf *sb, const struct tournament *t)
{
    int rounds = file_rounds(t);

    cli_add_count(sb, i18n_ngettext("%zu player", "%zu players", t->n_players),
                  t->n_players);
    cli_add_count(sb,
                  i18n_ngettext("%d round", "%d rounds", (unsigned long)rounds),
                  rounds);
}

/* Check an event folder; returns the exit code. */
static int check_dir(const char *dir, enum encoding enc, int quiet)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct load ld;
    enum err e = load_path(dir, NULL, enc, &ld, &dl, &dl);
    struct strbuf sb = STRBUF_INIT;
    size_t i;
    int ret;

    for (i = 0; i < ld.n; i++)
        if (ld.items[i].t) {
            tournament_validate(ld.items[i].t, &dl);
            tournament_absences(ld.items[i].t, &dl);
        }
    if (ld.ev && !ld.ev->lone_file) {
        event_check(ld.ev, &dl);
        check_knockouts(&ld, &dl);
        if (!dl.nr_errors) {
            /* What the secretary must still do: play-offs, their rows
               (a team competition ranks its teams). */
            static const struct ranking_overrides as_ranked = {.kind =
                                                                   RANK_AUTO};
            struct event_ranking er;
            event_rank(ld.ev, &as_ranked, &er, &dl);
            for (i = 0; i < er.n; i++)
                section_ranking_warnings(&er.sections[i], &dl);
            event_ranking_release(&er);
        }
    }
    cli_print_diags(&dl, stdout, !quiet);
    if (!quiet && ld.ev && !ld.ev->lone_file) {
        for (i = 0; i < ld.n; i++) {
            const struct tournament *t = ld.items[i].t;
            if (!t)
                continue;
            strbuf_reset(&sb);
            add_size(&sb, t);
            printf("%s: %s\n", t->source, sb.buf);
        }
        strbuf_reset(&sb);
        cli_add_count(
            &sb,
            i18n_ngettext("%zu section", "%zu sections", ld.ev->n_sections),
            ld.ev->n_sections);
        cli_add_count(&sb,
                      i18n_ngettext("%zu person in the registry",
                                    "%zu people in the registry",
                                    ld.ev->n_people),
                      ld.ev->n_people);
        add_counts(&sb, &dl);
        printf("%s: %s\n", dir, sb.buf);
    }
    strbuf_release(&sb);
    if (e == ERR_NOINPUT || e == ERR_IO)
        ret = cli_exit_code(e);
    else
        ret = dl.nr_errors ? EXIT_DATAERR : EXIT_OK;
    load_release(&ld);
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
            help_print(check_usage, stdout);
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
        struct load ld;
        enum err e;

        if (file_is_dir(argv[i])) {
            int r = check_dir(argv[i], opts.encoding, quiet);
            if (r != EXIT_OK && (ret == EXIT_OK || r != EXIT_DATAERR))
                ret = r;
            continue;
        }
        e = load_path(argv[i], NULL, opts.encoding, &ld, &dl, &dl);
        t = ld.n ? ld.items[0].t : NULL;

        if (t) {
            tournament_validate(t, &dl);
            tournament_absences(t, &dl);
        }
        if (t && ld.ev)
            check_knockouts(&ld, &dl);
        if (t && ld.ev && !dl.nr_errors) {
            /* Ranked as standings ranks it: what it says of the file's
               tie-break list (records 202, 212), check says too. */
            static const struct ranking_overrides as_ranked = {.kind =
                                                                   RANK_AUTO};
            struct event_ranking er;
            size_t k;
            event_rank(ld.ev, &as_ranked, &er, &dl);
            for (k = 0; k < er.n; k++)
                section_ranking_warnings(&er.sections[k], &dl);
            event_ranking_release(&er);
        }
        cli_print_diags(&dl, stdout, !quiet);
        if (e == ERR_NOINPUT || e == ERR_IO) {
            if (ret == EXIT_OK || ret == EXIT_DATAERR)
                ret = cli_exit_code(e);
        } else if (dl.nr_errors && ret == EXIT_OK) {
            ret = EXIT_DATAERR;
        }
        if (!quiet && t) {
            struct strbuf sb = STRBUF_INIT;
            add_size(&sb, t);
            add_counts(&sb, &dl);
            printf("%s: %s\n", argv[i], sb.buf);
            strbuf_release(&sb);
        }
        load_release(&ld);
        diag_list_release(&dl);
    }
    return ret;
}
