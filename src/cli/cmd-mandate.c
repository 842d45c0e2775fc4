/* cli/cmd-mandate: the mandate commission's counts for machines.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/event.h"
#include "core/mandate.h"
#include "core/region.h"
#include "ingest/load.h"
#include "util/file.h"
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
    "  --format F   text (aligned table, default), tsv, csv or json\n"
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

static void make_table(const struct mandate_result *m, struct table *tb)
{
    static const char *const heads[] = {"group", "item",  "count",
                                        "boys",  "girls", "refused"};
    const struct event *ev = m->ev;
    size_t i, nreg = region_count();
    char year[24];

    table_init(tb, 6, heads, "llnnnn");
    add_count(tb, "total", "participants", &m->total);
    add_number(tb, "total", "regions", (long)m->regions);
    for (i = 0; i <= nreg; i++)
        if (has(&m->by_region[i]))
            add_count(tb, "region", i < nreg ? region_get((int)i)->name : "",
                      &m->by_region[i]);
    for (i = 0; i < ev->n_sections; i++)
        add_count(tb, "section", ev->sections[i].id, &m->by_section[i]);
    if (m->min_year)
        for (i = 0; i <= (size_t)(m->max_year - m->min_year); i++) {
            if (!has(&m->by_year[i]))
                continue;
            snprintf(year, sizeof(year), "%d", m->min_year + (int)i);
            add_count(tb, "year", year, &m->by_year[i]);
        }
    if (has(&m->no_year))
        add_count(tb, "year", "", &m->no_year);
    for (i = 0; i <= rank_class_count(); i++)
        if (has(&m->by_rank[i]))
            add_count(tb, "rank",
                      i < rank_class_count() ? rank_class_get((int)i)->label
                                             : "",
                      &m->by_rank[i]);
    add_number(tb, "fees", "due", m->fees_due);
    add_number(tb, "fees", "collected", m->fees_collected);
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
    struct load ld;
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
            fputs(mandate_usage, stdout);
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
    ret = cli_load_consistent_flags(argv[optind], NULL, ENC_AUTO,
                                    LOAD_RESULTS_OPTIONAL, "mandate", &ld);
    if (ret) {
        load_release(&ld);
        return ret;
    }
    mandate_compute(ld.ev, &m);
    make_table(&m, &tb);
    table_print(&tb, fmt, stdout);
    table_release(&tb);
    mandate_release(&m);
    load_release(&ld);
    return EXIT_OK;
}
