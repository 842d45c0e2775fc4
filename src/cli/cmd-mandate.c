/* cli/cmd-mandate: the mandate commission's counts for machines.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "core/event.h"
#include "core/mandate.h"
#include "core/region.h"
#include "pipeline/prepare.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/table.h"
#include "util/utf8.h"
#include "util/banned.h"

static const char mandate_usage[] =
    "usage: sekretar mandate [--format F] DIR\n"
    "\n"
    "Decide, as the mandate commission does, which people of the registry\n"
    "of the event folder DIR can be admitted under the rules of event.ini\n"
    "(born-from, min-rank, citizens-only, the documents required, the fees\n"
    "of the disciplines entered), and print the counts of its protocol: one\n"
    "row per group and item, with the admitted (boys, girls) and those not\n"
    "admitted.  Groups: total (the participants, and the regions with\n"
    "someone admitted), region, section (a person is counted in every\n"
    "section he entered), year (of birth), rank, fees (due from those\n"
    "admitted, and collected, in hryvnias in the count column).  'sekretar\n"
    "check' says who is not admitted and why; 'sekretar render --only\n"
    "mandate' writes the commission's documents.  The results files need\n"
    "not exist yet: the commission meets before the first round.\n"
    "\n"
    "  --format F   text (aligned table, default), tsv, csv, json or\n"
    "               csv-excel (CSV for Excel: ';', decimal commas)\n"
    "  -h, --help   show this help\n"
    "\n"
    "Exit status: 0, 64 a bad command line or not an event folder,\n"
    "65 inconsistent results, 66 a missing folder or file.\n";

void cmd_mandate_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, mandate_usage);
}

/* Add a row: group, item and the count c (count: its admitted). */
static void add_count(struct table *tb, const char *group, const char *item,
                      const struct mandate_count *c)
{
    char n[4][24];
    const char *cells[6];

    snprintf(n[0], sizeof(n[0]), "%zu", c->m + c->f + c->other);
    snprintf(n[1], sizeof(n[1]), "%zu", c->m);
    snprintf(n[2], sizeof(n[2]), "%zu", c->f);
    snprintf(n[3], sizeof(n[3]), "%zu", c->refused);
    cells[0] = group;
    cells[1] = item;
    cells[2] = n[0];
    cells[3] = n[1];
    cells[4] = n[2];
    cells[5] = n[3];
    table_add_row(tb, cells);
}

/* Add a row of one number (the regions, the fees). */
static void add_number(struct table *tb, const char *group, const char *item,
                       long v)
{
    char n[24];
    const char *cells[6] = {group, item, n, NULL, NULL, NULL};

    snprintf(n, sizeof(n), "%ld", v);
    table_add_row(tb, cells);
}

static int has(const struct mandate_count *c)
{
    return c->m + c->f + c->other + c->refused > 0;
}

/* A word of the table: in the user's language for the text table, as it
   is for tsv, csv and json. */
static int text_table;
static const char *w(const char *s)
{
    return text_table ? _(s) : s;
}

static void make_table(const struct mandate_result *m, struct table *tb)
{
    static const char *const heads[] = {N_("group"), N_("item"),
                                        N_("count"), N_("boys"),
                                        N_("girls"), N_("refused")};
    const char *h[6];
    const struct event *ev = m->ev;
    size_t i, nreg = region_count();
    char year[24];

    for (i = 0; i < 6; i++)
        h[i] = w(heads[i]);
    table_init(tb, 6, h, "llnnnn");
    add_count(tb, w(N_("total")), w(N_("participants")), &m->total);
    add_number(tb, w(N_("total")), w(N_("regions")), (long)m->regions);
    for (i = 0; i <= nreg; i++)
        if (has(&m->by_region[i]))
            add_count(tb, w(N_("region")), i < nreg ? region_get((int)i)->name : "",
                      &m->by_region[i]);
    if (has(&m->foreign))
        add_count(tb, w(N_("region")), w(N_("other federations")),
                  &m->foreign);
    for (i = 0; i < ev->n_sections; i++)
        add_count(tb, w(N_("section")), ev->sections[i].id, &m->by_section[i]);
    if (m->min_year)
        for (i = 0; i <= (size_t)(m->max_year - m->min_year); i++) {
            if (!has(&m->by_year[i]))
                continue;
            snprintf(year, sizeof(year), "%d", m->min_year + (int)i);
            add_count(tb, w(N_("year")), year, &m->by_year[i]);
        }
    if (has(&m->no_year))
        add_count(tb, w(N_("year")), "", &m->no_year);
    for (i = 0; i <= rank_class_count(); i++)
        if (has(&m->by_rank[i]))
            add_count(tb, w(N_("rank")),
                      i < rank_class_count() ? rank_class_get((int)i)->label
                                             : "",
                      &m->by_rank[i]);
    add_number(tb, w(N_("fees")), w(N_("due")), m->fees_due);
    add_number(tb, w(N_("fees")), w(N_("collected")), m->fees_collected);
}

int cmd_mandate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum table_format fmt = FMT_TEXT;
    struct mandate_result m;
    struct table tb;
    struct prepare_options po;
    struct prepared p;
    int c, ret;

    optind = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (table_format_parse(optarg, &fmt))
                return cli_usage_error("mandate", "unknown format '%s'",
                                       optarg);
            break;
        case 'h':
            help_print(mandate_usage, stdout);
            return EXIT_OK;
        default:
            return cli_bad_option("mandate", c, argv);
        }
    }
    if (optind >= argc)
        return cli_usage_error("mandate", "no event folder given");
    if (optind + 1 < argc)
        return cli_usage_error("mandate", "one event folder only");
    if (access(argv[optind], F_OK) == 0 && !file_is_dir(argv[optind]))
        return cli_usage_error("mandate",
                               "'%s' is a file; the mandate commission works "
                               "on an event folder (event.ini, players.csv)",
                               argv[optind]);
    /* The commission meets before the first round: results may be
       missing yet. */
    memset(&po, 0, sizeof(po));
    po.path = argv[optind];
    po.flags = PREPARE_RESULTS_OPTIONAL | PREPARE_FOLDER;
    po.cmd = "mandate";
    ret = cli_prepare(&po, "mandate", 0, &p);
    if (ret) {
        prepared_release(&p);
        return ret;
    }
    prepared_mandate(&p, &m);
    text_table = fmt == FMT_TEXT;
    make_table(&m, &tb);
    table_print(&tb, fmt, stdout);
    table_release(&tb);
    mandate_release(&m);
    prepared_release(&p);
    return EXIT_OK;
}
