/* cli/cmd-query: the historians' questions to the archive's catalogue.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "pipeline/archive.h"
#include "util/i18n.h"
#include "util/xalloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char query_usage[] =
    "usage: sekretar query [--archive DIR] [--format F] QUESTION ...\n"
    "\n"
    "Answer the historians' questions from the catalogue of the archive.\n"
    "\n"
    "  champions [--category U10] [--sex m|f]\n"
    "            [--discipline classic|rapid|blitz] [--from YEAR] [--to YEAR]\n"
    "                      the winners of every section\n"
    "  player NAME|FIDE_ID|#ID\n"
    "                      every event of one person: place, points, games,\n"
    "                      performance, region, club, coach, rank\n"
    "  h2h A B             every game between two people (each as for player)\n"
    "  medals [--by region|club|coach] [--year YEAR] [--category C] [--sex S]\n"
    "         [--discipline D]\n"
    "                      gold, silver and bronze medals (places 1-3)\n"
    "  events [--year YEAR] [--city CITY] [--category C]\n"
    "                      the events of the archive\n"
    "  search TEXT         people whose name matches TEXT\n"
    "\n"
    "Names match word by word from the start of each word, in any case and\n"
    "order, with the apostrophes ' ’ ʼ alike, і ї й alike, г ґ alike, е є\n"
    "alike, and in Latin letters too (\"Shevchenko\" finds \"Шевченко\").\n"
    "\n"
    "  --archive DIR   the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --format F      text (aligned table, default), tsv, csv, json or\n"
    "                  csv-excel (CSV for Excel: ';', decimal commas)\n"
    "  -h, --help      show this help\n"
    "\n"
    "Exit status: 0 answered (also with no rows), 64 bad question, 65 a\n"
    "name that matches several people, 66 no catalogue or nobody matches.\n";

void cmd_query_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, query_usage);
}

struct query_opts {
    const char *archive;
    enum table_format fmt;
    struct query_filter f;
    const char *by;
};

static int parse_year(const char *opt, const char *arg, int *out)
{
    char *end;
    long v = strtol(arg, &end, 10);

    if (*end || v < 1800 || v > 2200)
        return cli_usage_error("query", "--%s wants a year, not '%s'", opt,
                               arg);
    *out = (int)v;
    return 0;
}

/* Parse the options of a question; returns 0 or an exit code. */
static int parse_opts(int argc, char **argv, int permute, struct query_opts *o)
{
    static const struct option longopts[] = {
        {"archive", required_argument, NULL, 'a'},
        {"format", required_argument, NULL, 'f'},
        {"category", required_argument, NULL, 'c'},
        {"sex", required_argument, NULL, 's'},
        {"discipline", required_argument, NULL, 'd'},
        {"from", required_argument, NULL, 'F'},
        {"to", required_argument, NULL, 'T'},
        {"year", required_argument, NULL, 'y'},
        {"city", required_argument, NULL, 'C'},
        {"by", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c, ret;

    while ((c = getopt_long(argc, argv, permute ? ":h" : "+:h", longopts,
                            NULL)) != -1) {
        ret = 0;
        switch (c) {
        case 'a':
            o->archive = optarg;
            break;
        case 'f':
            if (table_format_parse(optarg, &o->fmt))
                return cli_usage_error("query", "unknown format '%s'", optarg);
            break;
        case 'c':
            o->f.category = optarg;
            break;
        case 's':
            if (!strcmp(optarg, "m") || !strcmp(optarg, "boys") ||
                !strcmp(optarg, "men"))
                o->f.sex = 'm';
            else if (!strcmp(optarg, "f") || !strcmp(optarg, "girls") ||
                     !strcmp(optarg, "women"))
                o->f.sex = 'f';
            else
                return cli_usage_error("query", "--sex wants m or f, not '%s'",
                                       optarg);
            break;
        case 'd':
            if (strcmp(optarg, "classic") && strcmp(optarg, "rapid") &&
                strcmp(optarg, "blitz"))
                return cli_usage_error("query",
                                       "--discipline wants classic, rapid "
                                       "or blitz, not '%s'",
                                       optarg);
            o->f.discipline = optarg;
            break;
        case 'F':
            ret = parse_year("from", optarg, &o->f.from);
            break;
        case 'T':
            ret = parse_year("to", optarg, &o->f.to);
            break;
        case 'y':
            ret = parse_year("year", optarg, &o->f.year);
            break;
        case 'C':
            o->f.city = optarg;
            break;
        case 'b':
            if (strcmp(optarg, "region") && strcmp(optarg, "club") &&
                strcmp(optarg, "coach"))
                return cli_usage_error("query",
                                       "--by wants region, club or coach, "
                                       "not '%s'",
                                       optarg);
            o->by = optarg;
            break;
        case 'h':
            help_print(query_usage, stdout);
            return -1;
        default:
            return cli_bad_option("query", c, argv);
        }
        if (ret)
            return ret;
    }
    return 0;
}

/* Whom a name found, on a line above a text table: "#12 Шевченко Остап
   Ігорович, born 2013-05-06, FIDE ID 34171234". */
static void print_found(const struct table *r, FILE *fp)
{
    const char *birth = table_cell(r, 0, 2), *fide = table_cell(r, 0, 3);

    fprintf(fp, "#%s %s", table_cell(r, 0, 0), table_cell(r, 0, 1));
    if (*birth)
        fprintf(fp, _(", born %s"), birth);
    if (*fide)
        fprintf(fp, _(", FIDE ID %s"), fide);
    fputc('\n', fp);
}

/* The one person text names; prints why not, and whom it found to found
   (when not NULL).  Returns 0 or an exit code. */
static int one_person(struct archive_reader *rd, const char *text,
                      long long *id, FILE *found)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct query q;
    struct table r;
    int ret = 0;

    memset(&q, 0, sizeof(q));
    q.kind = QUERY_PEOPLE;
    q.text = text;
    if (archive_query(rd, &q, &r, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        return EXIT_IOERR;
    }
    if (!r.nrows) {
        cli_error("nobody in the archive matches '%s'", text);
        ret = EXIT_NOINPUT;
    } else if (r.nrows > 1) {
        cli_error("'%s' matches %zu people; name one by FIDE ID or #ID:", text,
                  r.nrows);
        fflush(stdout);
        table_print(&r, FMT_TEXT, stderr);
        ret = EXIT_DATAERR;
    } else {
        *id = strtoll(table_cell(&r, 0, 0), NULL, 10);
        if (found)
            print_found(&r, found);
    }
    table_release(&r);
    diag_list_release(&dl);
    return ret;
}

int cmd_query(int argc, char **argv)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_reader *rd = NULL;
    struct query qu;
    struct table r;
    long long pid = 0;
    struct query_opts o;
    const char *q;
    char **args;
    int nargs, ret;
    enum err e = ERR_OK;
    FILE *found;

    memset(&o, 0, sizeof(o));
    memset(&r, 0, sizeof(r));
    o.fmt = FMT_TEXT;
    optind = 0;
    ret = parse_opts(argc, argv, 0, &o);
    if (ret)
        return ret < 0 ? EXIT_OK : ret;
    if (optind >= argc)
        return cli_usage_error("query", "no question given (champions, "
                                        "player, h2h, medals, events or "
                                        "search)");
    q = argv[optind];
    if (strcmp(q, "champions") && strcmp(q, "player") && strcmp(q, "h2h") &&
        strcmp(q, "medals") && strcmp(q, "events") && strcmp(q, "search"))
        return cli_usage_error("query",
                               "'%s' is not a question (champions, "
                               "player, h2h, medals, events or "
                               "search)",
                               q);
    /* Options may follow the question too. */
    args = argv + optind;
    nargs = argc - optind;
    optind = 0;
    ret = parse_opts(nargs, args, 1, &o);
    if (ret)
        return ret < 0 ? EXIT_OK : ret;
    args += optind;
    nargs -= optind;
    if ((!strcmp(q, "player") || !strcmp(q, "search")) && nargs != 1)
        return cli_usage_error("query", "%s wants one %s", q,
                               !strcmp(q, "player") ? _("name or FIDE ID")
                                                    : _("text"));
    if (!strcmp(q, "h2h") && nargs != 2)
        return cli_usage_error("query", "h2h wants two people");
    if ((!strcmp(q, "champions") || !strcmp(q, "medals") ||
         !strcmp(q, "events")) &&
        nargs)
        return cli_usage_error("query", "%s takes options only, not '%s'", q,
                               args[0]);
    if (o.by && strcmp(q, "medals"))
        return cli_usage_error("query", "--by is for medals");
    ret = cli_report(
        archive_reader_open(cli_archive_root(o.archive), &rd, &dl), &dl);
    if (ret)
        return ret;
    /* A text table says whom the names found; the other formats are
       for machines, which ask for the person's row by 'search'. */
    found = o.fmt == FMT_TEXT ? stdout : NULL;
    memset(&qu, 0, sizeof(qu));
    qu.f = o.f;
    qu.by = o.by;
    if (!strcmp(q, "champions")) {
        qu.kind = QUERY_CHAMPIONS;
    } else if (!strcmp(q, "events")) {
        qu.kind = QUERY_EVENTS;
    } else if (!strcmp(q, "medals")) {
        qu.kind = QUERY_MEDALS;
    } else if (!strcmp(q, "search")) {
        qu.kind = QUERY_PEOPLE;
        qu.text = args[0];
    } else if (!strcmp(q, "player")) {
        qu.kind = QUERY_PLAYER;
        ret = one_person(rd, args[0], &pid, found);
        qu.person = pid;
    } else {
        qu.kind = QUERY_H2H;
        ret = one_person(rd, args[0], &qu.person, found);
        if (!ret)
            ret = one_person(rd, args[1], &qu.other, found);
    }
    if (!ret)
        e = archive_query(rd, &qu, &r, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
    } else if (!ret) {
        table_print(&r, o.fmt, stdout);
        if (pid > 0 && o.fmt == FMT_TEXT)
            ret = cli_print_candidates(rd, NULL, pid, stdout);
    }
    table_release(&r);
    archive_reader_close(rd);
    diag_list_release(&dl);
    return ret;
}
