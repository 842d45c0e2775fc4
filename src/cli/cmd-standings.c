/* cli/cmd-standings: the ranking of a section on the terminal or for machines.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "cli/load.h"
#include "ingest/trf.h"
#include "util/banned.h"

static const char standings_usage[] =
    "usage: sekretar standings [options] FILE|DIR\n"
    "\n"
    "Rank the players of a results file (TRF-16, TRF-26 or a results CSV)\n"
    "or of every section of an event folder, and print the ranking.\n"
    "Players equal on every criterion share a place (\"4-5\").\n"
    "\n"
    "  --section S     only section S of the event folder DIR\n"
    "  --format F      text (aligned table, default), tsv, csv or json\n"
    "  --rounds N      count rounds 1..N only (default: every round played)\n"
    "  --encoding ENC  utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -h, --help      show this help\n"
    "\n"
    "Inconsistent results (see 'sekretar check') are refused with exit 65.\n";

static void format_points(char *buf, size_t n, double v)
{
    snprintf(buf, n, "%.1f", v);
}

static void print_standings(const struct standings *s, enum table_format fmt)
{
    const struct tournament *t = s->t;
    struct table tb;
    size_t i;

    if (fmt == FMT_TEXT) {
        static const char *const heads[] = {"Place", "No", "Name", "Rtg",
                                            "Fed", "Pts"};
        table_init(&tb, 6, heads, "rrlrln");
    } else {
        static const char *const heads[] = {"Rank", "StartNo", "Name", "PTS"};
        table_init(&tb, 4, heads, "nnln");
    }
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        const struct player *p = &t->players[row->player];
        char place[32], no[16], rtg[16], pts[32];
        if (fmt == FMT_TEXT && row->place_hi > row->place_lo)
            snprintf(place, sizeof(place), "%d-%d", row->place_lo,
                     row->place_hi);
        else
            snprintf(place, sizeof(place), "%d", row->place_lo);
        snprintf(no, sizeof(no), "%d", p->start_no);
        if (p->rating)
            snprintf(rtg, sizeof(rtg), "%d", p->rating);
        else
            rtg[0] = '\0';
        format_points(pts, sizeof(pts), row->points);
        if (fmt == FMT_TEXT) {
            const char *cells[] = {place, no, p->name, rtg, p->fed, pts};
            table_add_row(&tb, cells);
        } else {
            const char *cells[] = {place, no, p->name, pts};
            table_add_row(&tb, cells);
        }
    }
    if (fmt == FMT_TEXT && t->name && *t->name)
        printf("%s\n\n", t->name);
    table_print(&tb, fmt, stdout);
    table_release(&tb);
}

int cmd_standings(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"rounds", required_argument, NULL, 'r'},
        {"encoding", required_argument, NULL, 'e'},
        {"section", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct trf_options opts = {ENC_AUTO};
    enum table_format fmt = FMT_TEXT;
    struct diag_list dl = DIAG_LIST_INIT, rdl = DIAG_LIST_INIT;
    struct load ld;
    struct standings s;
    const char *section = NULL, *fmt_name = "text";
    int c, rounds = 0, ret;
    size_t i;
    enum err e;
    char *end;

    optind = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            fmt_name = optarg;
            if (table_format_parse(optarg, &fmt))
                return cli_usage_error("standings", "unknown format '%s'",
                                       optarg);
            break;
        case 'r':
            rounds = (int)strtol(optarg, &end, 10);
            if (*end || rounds < 1)
                return cli_usage_error("standings",
                                       "--rounds wants a round number, not "
                                       "'%s'",
                                       optarg);
            break;
        case 'e':
            if (encoding_parse(optarg, &opts.encoding))
                return cli_usage_error("standings", "unknown encoding '%s'",
                                       optarg);
            break;
        case 's':
            section = optarg;
            break;
        case 'h':
            fputs(standings_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("standings", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("standings", "no input file given");
    if (optind + 1 < argc)
        return cli_usage_error("standings", "one input file at a time");
    e = load_path(argv[optind], section, opts.encoding, &ld, &dl, &rdl);
    if (e == ERR_USAGE) {
        cli_print_diags(&dl, stderr, 0);
        fputs("Try 'sekretar standings --help'.\n", stderr);
        ret = EXIT_USAGE;
        goto out;
    }
    for (i = 0; i < ld.n; i++)
        if (ld.items[i].t)
            tournament_validate(ld.items[i].t, &dl);
    if (e || dl.nr_errors) {
        cli_print_diags(&dl, stderr, 0);
        if (!e)
            cli_error("%s: the results are inconsistent; 'sekretar check %s' "
                      "lists every problem",
                      argv[optind], argv[optind]);
        ret = e ? cli_exit_code(e) : EXIT_DATAERR;
        goto out;
    }
    if (fmt != FMT_TEXT && ld.n > 1) {
        ret = cli_usage_error("standings",
                              "--format %s prints one section; choose it "
                              "with --section",
                              fmt_name);
        goto out;
    }
    for (i = 0; i < ld.n; i++) {
        const struct tournament *t = ld.items[i].t;
        if (rounds > t->n_rounds) {
            ret = cli_usage_error("standings",
                                  "--rounds %d: the file has %d round%s",
                                  rounds, t->n_rounds,
                                  t->n_rounds == 1 ? "" : "s");
            goto out;
        }
    }
    for (i = 0; i < ld.n; i++) {
        if (i)
            putchar('\n');
        standings_compute(&s, ld.items[i].t, rounds);
        print_standings(&s, fmt);
        standings_release(&s);
    }
    if (rdl.nr_errors)
        cli_warning("%s: the registry has problems; 'sekretar check %s' "
                    "lists them",
                    argv[optind], argv[optind]);
    ret = EXIT_OK;
out:
    load_release(&ld);
    diag_list_release(&dl);
    diag_list_release(&rdl);
    return ret;
}
