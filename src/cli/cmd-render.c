/* cli/cmd-render: the PDF documents of an event folder or of a lone
 * results file (ranking list, cross table).
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/docs.h"
#include "ingest/load.h"
#include "cli/options.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char render_usage[] =
    "usage: sekretar render [options] FILE|DIR\n"
    "\n"
    "Write the documents of every section of an event folder (or of a lone\n"
    "results file) as PDF files: the final ranking list (NAME-ranking.pdf)\n"
    "and the cross table (NAME-crosstable.pdf), NAME being the section's\n"
    "name in event.ini (or the file's name without its extension).  Each\n"
    "section is ranked by its rules (event.ini, playoffs.csv) and its\n"
    "players carry the registry's region, rank and coach.  The cross table\n"
    "is a round-robin grid for a round-robin section, else a Swiss table.\n"
    "\n"
    "  -o, --output DIR     write into DIR (made when missing; default: .)\n"
    "  --section S          only section S of the event folder\n"
    "  --only LIST          only these documents, comma-separated: ranking,\n"
    "                       crosstable\n"
    "  --system S           cross table: auto (default), swiss, round-robin\n"
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
        const struct render_document *rd;
        if (comma)
            *comma = '\0';
        rd = render_find(p);
        if (!rd) {
            struct strbuf known = STRBUF_INIT;
            size_t i;
            for (i = 0; i < render_n_documents; i++)
                strbuf_addf(&known, "%s%s", i ? ", " : "",
                            render_documents[i].name);
            cli_usage_error("render",
                            "--only: unknown document '%s' (known: "
                            "%s)",
                            p, known.buf);
            strbuf_release(&known);
            ret = -1;
            break;
        }
        *mask |= 1u << (rd - render_documents);
        p = comma ? comma + 1 : NULL;
    }
    free(copy);
    if (!ret && !*mask) {
        cli_usage_error("render", "--only wants a list of documents");
        ret = -1;
    }
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
        {"templates", required_argument, NULL, 't'},
        {"encoding", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct docs_options o;
    struct docs_output out;
    struct rules_options ro;
    struct load ld;
    enum encoding enc = ENC_AUTO;
    const char *section = NULL, *input;
    int c, ret = EXIT_OK;

    memset(&o, 0, sizeof(o));
    memset(&out, 0, sizeof(out));
    memset(&ro, 0, sizeof(ro));
    memset(&ld, 0, sizeof(ld));
    o.outdir = ".";
    optind = 0;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            o.outdir = optarg;
            break;
        case 'n':
            if (parse_only(optarg, &o.only))
                return EXIT_USAGE;
            break;
        case 'S':
            section = optarg;
            break;
        case 's':
            if (!strcmp(optarg, "auto"))
                o.system = DOC_SYSTEM_AUTO;
            else if (!strcmp(optarg, "swiss"))
                o.system = DOC_SYSTEM_SWISS;
            else if (!strcmp(optarg, "round-robin"))
                o.system = DOC_SYSTEM_ROUND_ROBIN;
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
        case 't':
            o.templates_dir = optarg;
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
    if (docs_creation_time(&o.created))
        return EXIT_USAGE;

    ret = cli_load_consistent(input, section, enc, "render", &ld);
    if (ret)
        goto out;
    /* The players, also of a team competition, for now. */
    o.rules = rules_overrides(&ro);
    ro.ov.kind = RANK_PLAYERS;
    ret = docs_render(&ld, &o, &out);
out:
    docs_output_release(&out);
    load_release(&ld);
    return ret;
}
