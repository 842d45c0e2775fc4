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
#include "cli/helptext.h"
#include "cli/options.h"
#include "pipeline/prepare.h"
#include "pipeline/render.h"
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

/* Documents chosen by --only, as documents_select() bits. */
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
        sel = documents_select(p);
        if (!sel) {
            struct strbuf known = STRBUF_INIT;
            size_t i;
            for (i = 0; i < documents_count(); i++) {
                if (documents_group(i))
                    strbuf_addf(&known, "%s%s", i ? ", " : "",
                                documents_group(i));
                strbuf_addf(&known, "%s%s", i ? ", " : "",
                            documents_name(i));
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

/* Write the documents of p; print what was written. */
static int write_documents(const struct prepared *p,
                           const struct documents_request *rq)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct documents_written w;
    enum err e = documents_write(p, rq, &w, &dl);
    size_t i;
    int ret = 0;

    cli_print_diags(&dl, stderr, 1);
    if (e && w.failed_path)
        cli_error("%s: not written (the document '%s')", w.failed_path,
                  w.failed_document);
    if (e) {
        ret = cli_exit_code(e);
        if (w.discarded)
            cli_error("%s: no document written; the %zu document%s made "
                      "before the failure %s discarded",
                      rq->outdir, w.discarded, w.discarded == 1 ? "" : "s",
                      w.discarded == 1 ? "was" : "were");
    } else {
        for (i = 0; i < w.n; i++)
            printf("%s\n", w.files[i].path);
    }
    documents_written_release(&w);
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
    struct documents_request rq;
    struct rules_options ro;
    struct prepare_options po;
    struct prepared p;
    enum encoding enc = ENC_AUTO;
    const char *section = NULL;
    char *end;
    int c, ret = EXIT_OK, players = 0, rounds = 0;
    unsigned only = 0;

    memset(&rq, 0, sizeof(rq));
    memset(&ro, 0, sizeof(ro));
    memset(&po, 0, sizeof(po));
    memset(&p, 0, sizeof(p));
    rq.outdir = ".";
    optind = 0;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            rq.outdir = optarg;
            break;
        case 'n':
            if (parse_only(optarg, &only))
                return EXIT_USAGE;
            break;
        case 'S':
            section = optarg;
            break;
        case 's':
            if (!strcmp(optarg, "auto"))
                rq.system = DOCUMENTS_SYSTEM_AUTO;
            else if (!strcmp(optarg, "swiss"))
                rq.system = DOCUMENTS_SYSTEM_SWISS;
            else if (!strcmp(optarg, "round-robin"))
                rq.system = DOCUMENTS_SYSTEM_ROUND_ROBIN;
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
            rq.templates_dir = optarg;
            break;
        case 'e':
            if (encoding_parse(optarg, &enc))
                return cli_usage_error("render", "unknown encoding '%s'",
                                       optarg);
            break;
        case 'h':
            help_print(render_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("render", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("render", "no input file given");
    if (optind + 1 < argc)
        return cli_usage_error("render", "one input at a time");
    if (options_creation_time(&rq.created))
        return EXIT_USAGE;
    po.path = argv[optind];
    po.section = section;
    po.encoding = enc;
    po.templates_dir = rq.templates_dir;
    po.ov = *rules_overrides(&ro);
    po.ov.kind = players ? RANK_PLAYERS : RANK_AUTO;
    po.ov.n_rounds = rounds;
    rq.chosen = documents_chosen(only, &po);
    /* The mandate commission's documents are made before the first round:
       alone, they need no results yet. */
    po.flags = documents_prepare_flags(rq.chosen);
    ret = cli_prepare(&po, "render", 0, &p);
    if (!ret)
        ret = write_documents(&p, &rq);
    prepared_release(&p);
    return ret;
}
