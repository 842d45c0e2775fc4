/* cli/cmd-render: the PDF documents of an event folder or of a lone
 * results file (ranking list, cross table): loaded (ingest), ranked
 * (core) and written (render) here, what was written printed.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/event.h"
#include "core/ranking.h"
#include "core/tournament.h"
#include "ingest/load.h"
#include "render/render.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char render_usage[] =
    "usage: sekretar render [options] FILE|DIR\n"
    "\n"
    "Write the documents of every section of an event folder (or of a lone\n"
    "results file) as PDF files: the final ranking list (NAME-ranking.pdf)\n"
    "and the cross table (NAME-crosstable.pdf), NAME being the section's\n"
    "name in event.ini (or the file's name without its extension); and for\n"
    "an event folder the ministry's report (report.xlsx: the operative\n"
    "information, the regions' team standings, prize-winners, qualifiers,\n"
    "statistics and every ranking list; left out with --section, --rounds\n"
    "or --players unless --only names it); the diplomas: of the\n"
    "prize-winners of each section, or of its teams on places 1-3 and\n"
    "their members who played (NAME-diplomas.pdf), and of their coaches\n"
    "(coaches-diplomas.pdf), one page each with a code and its QR code that\n"
    "'sekretar verify' checks once the event is built (left out with\n"
    "--rounds or --players unless --only names them); and the mandate\n"
    "commission's documents (mandate-entries.pdf: the regions' named\n"
    "entries, mandate-checklist.pdf: every participant's documents and fee,\n"
    "mandate-protocol.pdf: the commission's protocol; left out with\n"
    "--section, --rounds or --players unless --only names them).  Each\n"
    "section is ranked by its rules (event.ini, playoffs.csv) and its\n"
    "players carry the registry's region, rank and coach; a team\n"
    "competition's ranking list ranks its teams (match points, game points,\n"
    "the team tie-breaks), its cross table its players; it also has the\n"
    "team cross table (NAME-team-crosstable.pdf: the matches' scores) and\n"
    "the boards (NAME-boards.pdf: every player's games, the board prizes).\n"
    "The cross table is a round-robin grid for a round-robin section, else\n"
    "a Swiss table.  A knock-out section has, in place of the cross table,\n"
    "its bracket (NAME-bracket.pdf: every match with both players and the\n"
    "score of each stage) and the record of its games (NAME-matches.pdf);\n"
    "its ranking list gives the round each player reached.\n"
    "\n"
    "  -o, --output DIR     write into DIR (made when missing; default: .)\n"
    "  --section S          only section S of the event folder\n"
    "  --only LIST          only these documents, comma-separated: ranking,\n"
    "                       crosstable, team-crosstable, boards, bracket,\n"
    "                       matches, report, diplomas (both files),\n"
    "                       coaches-diplomas, mandate (its three), or one\n"
    "                       of mandate-entries, mandate-checklist,\n"
    "                       mandate-protocol\n"
    "  --system S           cross table: auto (default), swiss, round-robin\n"
    "  --players            rank the players of a team competition\n"
    "  --rounds N           the standings after round N (interim documents)\n"
    "  --rules PRESET, --tiebreaks LIST, --unplayed POLICY, --prize-places N\n"
    "                       the ranking rules, as for 'sekretar standings'\n"
    "  --templates DIR      read the templates from DIR\n"
    "  --encoding ENC       utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Templates (wording, layout) and fonts are found in SEKRETAR_TEMPLATES\n"
    "and SEKRETAR_FONTS, or in SEKRETAR_DATADIR/templates and /fonts, or\n"
    "next to the program, or in the installed share directory.  With\n"
    "SEKRETAR_TEST_DATE=YYYY-MM-DD or SOURCE_DATE_EPOCH=SECONDS the PDFs "
    "carry\n"
    "that creation date and are byte-identical between runs.\n"
    "\n"
    "Inconsistent results (see 'sekretar check') are refused with exit 65.\n";

void cmd_render_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, render_usage);
}

/* Documents chosen by --only, as flags by render_documents[] index. */
static int parse_only(const char *list, unsigned *mask)
{
    char *copy = xstrdup(list), *p = copy;
    int ret = 0;

    *mask = 0;
    while (p && *p) {
        char *comma = strchr(p, ',');
        unsigned sel;
        if (comma)
            *comma = '\0';
        sel = render_select(p);
        if (!sel) {
            struct strbuf known = STRBUF_INIT;
            size_t i;
            for (i = 0; i < render_n_documents; i++) {
                if (render_group_starts(i))
                    strbuf_addf(&known, "%s%s", i ? ", " : "",
                                render_documents[i].group);
                strbuf_addf(&known, "%s%s", i ? ", " : "",
                            render_documents[i].name);
            }
            cli_usage_error("render",
                            "--only: unknown document '%s' (known: "
                            "%s)",
                            p, known.buf);
            strbuf_release(&known);
            ret = -1;
            break;
        }
        *mask |= sel;
        p = comma ? comma + 1 : NULL;
    }
    free(copy);
    if (!ret && !*mask) {
        cli_usage_error("render", "--only wants a list of documents");
        ret = -1;
    }
    return ret;
}

/* The sections ranked, each with its players for the documents about
   them when its teams were ranked. */
struct ranked_sections {
    struct section_ranking *teams, *players;
    struct render_section *secs;
    size_t n;
};

static void ranked_sections_release(struct ranked_sections *r)
{
    size_t i;

    for (i = 0; i < r->n; i++) {
        section_ranking_release(&r->teams[i]);
        section_ranking_release(&r->players[i]);
    }
    free(r->teams);
    free(r->players);
    free(r->secs);
}

/*
 * Rank every section of ld as ov says; a section whose teams were ranked
 * is ranked again as players (its own rules: a list given for the teams
 * is theirs) for the cross table.  Returns an exit code.
 */
static int rank_sections(const struct load *ld,
                         const struct ranking_overrides *ov,
                         struct ranked_sections *r)
{
    struct diag_list dl = DIAG_LIST_INIT;
    size_t i;
    int ret = 0;

    r->teams = xcalloc(ld->n + 1, sizeof(*r->teams));
    r->players = xcalloc(ld->n + 1, sizeof(*r->players));
    r->secs = xcalloc(ld->n + 1, sizeof(*r->secs));
    for (i = 0; i < ld->n && !ret; i++) {
        const struct section *sec = ld->items[i].section;
        struct render_section *rs = &r->secs[r->n];
        enum err e;
        if (!ld->items[i].t)
            continue;
        r->n++;
        e = section_rank(ld->ev, sec, ov, &r->teams[r->n - 1], &dl);
        rs->ranking = &r->teams[r->n - 1];
        if (!e && rs->ranking->teams) {
            struct ranking_overrides po = *ov;
            struct diag_list pdl = DIAG_LIST_INIT;
            po.kind = RANK_PLAYERS;
            po.preset = NULL;
            po.list = NULL;
            /* Its own problems were said with the teams'. */
            if (!section_rank(ld->ev, sec, &po, &r->players[r->n - 1], &pdl))
                rs->players = &r->players[r->n - 1];
            diag_list_release(&pdl);
        }
        if (e)
            ret = rules_report(e, &dl, "render");
        else
            cli_print_diags(&dl, stderr, 1);
        diag_list_release(&dl);
    }
    diag_list_release(&dl);
    return ret;
}

/* Print what a step of the job found, and the document that failed. */
static enum err say_step(const struct render_job *job, enum err e,
                         struct diag_list *dl)
{
    cli_print_diags(dl, stderr, 1);
    diag_list_release(dl);
    if (e && job->failed_path)
        cli_error("%s: not written (the document '%s')", job->failed_path,
                  job->failed_document);
    return e;
}

/* Write the documents of the sections of r; print what was written. */
static int write_documents(const struct load *ld,
                           const struct ranked_sections *r,
                           const struct render_request *rq)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct render_job job;
    size_t i;
    enum err e;
    int ret = 0;

    e = render_begin(&job, rq, &dl);
    cli_print_diags(&dl, stderr, 1);
    diag_list_release(&dl);
    for (i = 0; i < r->n && !e; i++)
        e = say_step(&job, render_section(&job, ld->ev, &r->secs[i], &dl),
                     &dl);
    if (!e)
        e = say_step(&job, render_event_documents(&job, ld->ev, &dl), &dl);
    if (!e) {
        e = render_commit(&job, &dl);
        cli_print_diags(&dl, stderr, 0);
    }
    if (e) {
        ret = cli_exit_code(e);
        if (job.n)
            cli_error("%s: no document written; the %zu document%s made "
                      "before the failure %s discarded",
                      rq->outdir, job.n, job.n == 1 ? "" : "s",
                      job.n == 1 ? "was" : "were");
    } else {
        for (i = 0; i < job.n; i++)
            printf("%s\n", job.files[i].path);
    }
    render_job_release(&job);
    diag_list_release(&dl);
    return ret;
}

int cmd_render(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"only", required_argument, NULL, 'n'},
        {"section", required_argument, NULL, 'S'},
        {"system", required_argument, NULL, 's'},
        {"rules", required_argument, NULL, 'R'},
        {"tiebreaks", required_argument, NULL, 'T'},
        {"unplayed", required_argument, NULL, 'U'},
        {"prize-places", required_argument, NULL, 'P'},
        {"players", no_argument, NULL, 'p'},
        {"rounds", required_argument, NULL, 'r'},
        {"templates", required_argument, NULL, 't'},
        {"encoding", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct render_request rq;
    struct ranked_sections rs;
    struct rules_options ro;
    struct ranking_overrides *ov;
    struct load ld;
    enum encoding enc = ENC_AUTO;
    const char *section = NULL, *input, *templates = NULL;
    char *templates_dir = NULL, *fonts_dir = NULL, *end;
    int c, ret = EXIT_OK, players = 0, rounds = 0;
    size_t i;
    unsigned flags;

    memset(&rq, 0, sizeof(rq));
    memset(&rs, 0, sizeof(rs));
    memset(&ro, 0, sizeof(ro));
    memset(&ld, 0, sizeof(ld));
    rq.outdir = ".";
    optind = 0;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            rq.outdir = optarg;
            break;
        case 'n':
            if (parse_only(optarg, &rq.only))
                return EXIT_USAGE;
            break;
        case 'S':
            section = optarg;
            break;
        case 's':
            if (!strcmp(optarg, "auto"))
                rq.system = DOC_SYSTEM_AUTO;
            else if (!strcmp(optarg, "swiss"))
                rq.system = DOC_SYSTEM_SWISS;
            else if (!strcmp(optarg, "round-robin"))
                rq.system = DOC_SYSTEM_ROUND_ROBIN;
            else
                return cli_usage_error("render",
                                       "--system is auto, swiss or "
                                       "round-robin, not '%s'",
                                       optarg);
            break;
        case 'R':
        case 'T':
        case 'U':
        case 'P':
            ret = rules_option(&ro, c, optarg, "render");
            if (ret)
                return ret;
            break;
        case 'p':
            players = 1;
            break;
        case 'r': {
            long v = strtol(optarg, &end, 10);
            if (!*optarg || *end || v < 1 || v > 9999)
                return cli_usage_error("render",
                                       "--rounds wants a round number, not "
                                       "'%s'",
                                       optarg);
            rounds = (int)v;
            break;
        }
        case 't':
            templates = optarg;
            break;
        case 'e':
            if (encoding_parse(optarg, &enc))
                return cli_usage_error("render", "unknown encoding '%s'",
                                       optarg);
            break;
        case 'h':
            fputs(render_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("render", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("render", "no input file given");
    if (optind + 1 < argc)
        return cli_usage_error("render", "one input at a time");
    input = argv[optind];
    if (options_creation_time(&rq.created))
        return EXIT_USAGE;
    /* The event's documents (the ministry's report) are about the whole
       event at its end: one section or an interim ranking makes them only
       when --only asks for them. */
    if ((section || rounds || players) && !rq.only)
        for (i = 0; i < render_n_documents; i++)
            if (render_documents[i].scope != RENDER_EVENT &&
                (!(render_documents[i].flags & RENDER_FINAL) ||
                 (!rounds && !players)))
                rq.only |= 1u << i;

    /* The mandate commission's documents are made before the first round:
       alone, they need no results yet. */
    for (i = 0, flags = LOAD_RESULTS_OPTIONAL; i < render_n_documents; i++)
        if ((!rq.only || rq.only & 1u << i) &&
            !(render_documents[i].flags & RENDER_BEFORE_RESULTS))
            flags = 0;
    ret = cli_load_consistent_flags(input, section, enc, flags, "render",
                                    &ld);
    if (ret)
        goto out;
    for (i = 0; i < ld.n; i++) {
        const struct tournament *t = ld.items[i].t;
        if (t && rounds > t->n_rounds) {
            ret =
                ld.ev->lone_file
                    ? cli_usage_error("render",
                                      "--rounds %d: the file has %d "
                                      "round%s",
                                      rounds, t->n_rounds,
                                      t->n_rounds == 1 ? "" : "s")
                    : cli_usage_error("render",
                                      "--rounds %d: section '%s' has %d "
                                      "round%s",
                                      rounds, ld.items[i].section->id,
                                      t->n_rounds, t->n_rounds == 1 ? "" : "s");
            goto out;
        }
    }
    ov = rules_overrides(&ro);
    ov->kind = players ? RANK_PLAYERS : RANK_AUTO;
    ov->n_rounds = rounds;
    ret = rank_sections(&ld, ov, &rs);
    if (ret)
        goto out;
    templates_dir = templates
                        ? xstrdup(templates)
                        : options_data_dir("templates", "SEKRETAR_TEMPLATES");
    fonts_dir = options_data_dir("fonts", "SEKRETAR_FONTS");
    rq.templates_dir = templates_dir;
    rq.fonts_dir = fonts_dir;
    ret = write_documents(&ld, &rs, &rq);
out:
    ranked_sections_release(&rs);
    free(templates_dir);
    free(fonts_dir);
    load_release(&ld);
    return ret;
}
