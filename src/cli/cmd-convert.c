/* cli/cmd-convert: write a results file as TRF-16 or TRF-26.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/event.h"
#include "core/ranking.h"
#include "ingest/load.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "ingest/trf-report.h"
#include "util/file.h"
#include "util/name.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char convert_usage[] =
    "usage: sekretar convert FILE --to FORMAT [-o OUT] [--latin] [--encoding "
    "ENC]\n"
    "       sekretar convert DIR --section S --to FORMAT [-o OUT] [--latin]\n"
    "\n"
    "Write the results of FILE (TRF or a results CSV) in another format, in\n"
    "UTF-8.  FORMAT is trf16 (FIDE TRF-16; teams as 013 records) or trf26\n"
    "(TRF-2026; teams as 310 records, dates YYYY/MM/DD).  Every record of\n"
    "the input is kept.  Of an event folder DIR, write section S as the\n"
    "rating report: the header from event.ini, the players' FIDE IDs,\n"
    "federations, titles, ratings, sex and birth dates from the registry,\n"
    "points and ranks from the standings.  Results that 'sekretar check'\n"
    "refuses are not converted (exit 65).\n"
    "\n"
    "  --to FORMAT     trf16 or trf26\n"
    "  --section S     the section of an event folder\n"
    "  --latin         names in Cyrillic transliterated (KMU resolution 55)\n"
    "  -o, --output F  write to F (atomically) instead of standard output\n"
    "  --encoding ENC  utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -h, --help      show this help\n";

void cmd_convert_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, convert_usage);
}

/* Write out to output (atomically), or to standard output. */
static int emit(const struct strbuf *out, const char *output)
{
    struct diag_list wl = DIAG_LIST_INIT;
    enum err e;

    if (!output) {
        fwrite(out->buf, 1, out->len, stdout);
        return EXIT_OK;
    }
    e = file_write_atomic(output, out->buf, out->len, &wl);
    cli_print_diags(&wl, stderr, 1);
    diag_list_release(&wl);
    return cli_exit_code(e);
}

/* The rating report of one section of an event folder. */
static int convert_section(const char *dir, const char *section,
                           enum trf_version v, int latin, int enc,
                           const char *output)
{
    static const struct ranking_overrides players = {.kind = RANK_PLAYERS};
    static const struct ranking_overrides teams = {.kind = RANK_TEAMS};
    struct diag_list dl = DIAG_LIST_INIT;
    struct load ld = {NULL, NULL, 0};
    struct section_ranking sr, tr;
    struct strbuf out = STRBUF_INIT;
    enum err e;
    int ret;

    ret = cli_load_consistent(dir, section, enc, "convert", &ld);
    if (ret)
        goto out;
    e = section_rank(ld.ev, ld.items[0].section, &players, &sr, &dl);
    memset(&tr, 0, sizeof(tr));
    if (!e && ld.items[0].t && ld.items[0].t->n_teams)
        e = section_rank(ld.ev, ld.items[0].section, &teams, &tr, &dl);
    cli_print_diags(&dl, stderr, 1);
    if (e) {
        ret = cli_exit_code(e);
    } else {
        /* A team competition's report ranks its players, and its 202
           record is the list its teams were ranked by. */
        struct standings st = sr.s;
        if (tr.ranked)
            st.rules = tr.s.rules;
        trf_write_report(ld.ev, ld.items[0].section, &st, v, latin, &out);
        ret = emit(&out, output);
    }
    section_ranking_release(&sr);
    section_ranking_release(&tr);
out:
    strbuf_release(&out);
    load_release(&ld);
    diag_list_release(&dl);
    return ret;
}

int cmd_convert(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"to", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"encoding", required_argument, NULL, 'e'},
        {"latin", no_argument, NULL, 'l'},
        {"section", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct trf_options opts = {ENC_AUTO};
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    struct strbuf out = STRBUF_INIT;
    const char *output = NULL, *to = NULL, *section = NULL;
    enum trf_version v = TRF_16;
    struct load ld = {NULL, NULL, 0};
    int c, ret, latin = 0;
    size_t i;
    enum err e;

    optind = 0;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 't':
            to = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'e':
            if (encoding_parse(optarg, &opts.encoding))
                return cli_usage_error("convert", "unknown encoding '%s'",
                                       optarg);
            break;
        case 'l':
            latin = 1;
            break;
        case 's':
            section = optarg;
            break;
        case 'h':
            fputs(convert_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("convert", "bad option");
        }
    }
    if (!to)
        return cli_usage_error("convert", "--to is required (trf16 or trf26)");
    if (!strcmp(to, "trf16") || !strcmp(to, "trf"))
        v = TRF_16;
    else if (!strcmp(to, "trf26"))
        v = TRF_26;
    else
        return cli_usage_error("convert", "unknown format '%s' (trf16, trf26)",
                               to);
    if (optind >= argc)
        return cli_usage_error("convert", "no input file given");
    if (optind + 1 < argc)
        return cli_usage_error("convert", "one input file at a time");
    if (file_is_dir(argv[optind])) {
        if (!section)
            return cli_usage_error("convert",
                                   "'%s' is a folder; name the section of "
                                   "the rating report with --section",
                                   argv[optind]);
        return convert_section(argv[optind], section, v, latin,
                               (int)opts.encoding, output);
    }
    if (section)
        return cli_usage_error("convert",
                               "--section is for an event folder; '%s' is "
                               "one results file",
                               argv[optind]);
    e = load_path(argv[optind], NULL, opts.encoding, &ld, &dl, &dl);
    t = ld.n ? ld.items[0].t : NULL;
    /* What check refuses is not converted: a TRF must stay consistent. */
    if (t)
        tournament_validate(t, &dl);
    cli_print_diags(&dl, stderr, 1);
    if (e || dl.nr_errors) {
        if (!e)
            cli_error("%s: the results are inconsistent; 'sekretar check %s' "
                      "lists every problem",
                      argv[optind], argv[optind]);
        ret = e ? cli_exit_code(e) : EXIT_DATAERR;
        goto out;
    }
    for (i = 0; latin && i < t->n_players; i++) {
        struct player *p = &t->players[i];
        struct strbuf lat = STRBUF_INIT;
        if (!name_has_cyrillic(p->name))
            continue;
        name_translit(&lat, p->name);
        p->name = arena_strdup(&t->arena, lat.buf);
        strbuf_release(&lat);
    }
    trf_write(t, v, &out);
    ret = emit(&out, output);
out:
    strbuf_release(&out);
    load_release(&ld);
    diag_list_release(&dl);
    return ret;
}
