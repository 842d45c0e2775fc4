/* cli/cmd-archive: the archive's bundles and catalogue: list, show,
 * verify, rebuild, export, import, merge-people, forget-person, site (a
 * second-level verb
 * table).
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "cli/options.h"
#include "pipeline/archive.h"
#include "pipeline/forget.h"
#include "pipeline/site.h"
#include "pipeline/transfer.h"
#include "util/date.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char archive_usage[] =
    "usage: sekretar archive VERB [--archive DIR] ...\n"
    "\n"
    "Look after the archive: its bundles (one zip file for each version of\n"
    "an event) and its catalogue (catalog.sqlite).\n"
    "\n"
    "  list [--format F]       the events of the archive\n"
    "  show EVENT [--format F] an event: its fields, sections, versions\n"
    "  verify [--deep]         recompute every checksum of every bundle,\n"
    "                          compare with its manifest and the catalogue\n"
    "                          and name every mismatch (exit 65); --deep\n"
    "                          also checks every row of the catalogue and\n"
    "                          makes the results and documents of every\n"
    "                          bundle this version made again from its\n"
    "                          inputs, to compare byte for byte\n"
    "  rebuild                 make the catalogue again from the bundles\n"
    "                          alone (keeping the people merges it had)\n"
    "  export EVENT -o DIR [--version N]\n"
    "                          unpack a bundle (checked first) into DIR\n"
    "  import BUNDLE.zip       take in a bundle made elsewhere after\n"
    "                          checking it: safe names only (no '..', no\n"
    "                          absolute path, no link, no oversized entry),\n"
    "                          a manifest whose checksums match, an event\n"
    "                          without errors, and exactly the results and\n"
    "                          documents a build of its inputs makes\n"
    "  merge-people A B [--force]\n"
    "                          person B is person A (#ID as 'query search'\n"
    "                          shows them); later builds remember it; two\n"
    "                          people of different birth dates (or FIDE\n"
    "                          IDs) are refused, but for --force (the birth\n"
    "                          dates only)\n"
    "  forget-person ID        take a person's personal data out of the\n"
    "                          archive on request: in every version of\n"
    "                          every event the person played in, the\n"
    "                          birth date becomes its year and the\n"
    "                          registry's columns the program does not\n"
    "                          read are emptied; the results and the\n"
    "                          mandate record stay, the results documents\n"
    "                          byte for byte, and each bundle records the\n"
    "                          removal\n"
    "  site -o DIR             write the archive as a static website into\n"
    "                          DIR: plain HTML pages in Ukrainian and one\n"
    "                          CSS file (no JavaScript needed), every\n"
    "                          document and bundle to download with its\n"
    "                          SHA-256; only the files whose bytes changed\n"
    "                          are written\n"
    "\n"
    "  --archive DIR   the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --format F      text (aligned table, default), tsv, csv, json or\n"
    "                  csv-excel (CSV for Excel: ';', decimal commas)\n"
    "  --force         merge-people: join two people whose birth dates\n"
    "                  differ\n"
    "  -h, --help      show this help\n";

void cmd_archive_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, archive_usage);
}

struct archive_opts {
    const char *archive;
    const char *out;
    enum table_format fmt;
    int version;
    int deep;
    int force;
};

/* Parse the options of a verb; the operands are left in argv[optind..]. */
static int parse_opts(int argc, char **argv, struct archive_opts *o)
{
    static const struct option longopts[] = {
        {"archive", required_argument, NULL, 'a'},
        {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"version", required_argument, NULL, 'v'},
        {"deep", no_argument, NULL, 'd'},
        {"force", no_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    char *end;
    long v;
    int c;

    optind = 1;
    while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            o->archive = optarg;
            break;
        case 'f':
            if (table_format_parse(optarg, &o->fmt))
                return cli_usage_error("archive", "unknown format '%s'",
                                       optarg);
            break;
        case 'o':
            o->out = optarg;
            break;
        case 'v':
            v = strtol(optarg, &end, 10);
            if (*end || v < 1 || v > 1000000)
                return cli_usage_error("archive",
                                       "--version wants a version number, "
                                       "not '%s'",
                                       optarg);
            o->version = (int)v;
            break;
        case 'd':
            o->deep = 1;
            break;
        case 'F':
            o->force = 1;
            break;
        case 'h':
            help_print(archive_usage, stdout);
            return -1;
        default:
            return cli_bad_option("archive", c, argv);
        }
    }
    return 0;
}

/* Fail unless exactly n operands follow. */
static int operands(const char *verb, int argc, int n, const char *what)
{
    if (argc - optind != n)
        return cli_usage_error("archive", "%s wants %s", verb, _(what));
    return 0;
}

/* ------------------------------------------------------------ list, show */

/* Open the archive's catalogue; returns 0 or the exit code. */
static int open_reader(struct archive_opts *o, struct archive_reader **r)
{
    struct diag_list dl = DIAG_LIST_INIT;

    return cli_report(archive_reader_open(cli_archive_root(o->archive), r,
                                          &dl),
                      &dl);
}

/* Ask r; print the problem.  Returns 0 or the exit code. */
static int ask(struct archive_reader *r, const struct query *q,
               struct table *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e = archive_query(r, q, out, &dl);

    if (e)
        cli_print_diags(&dl, stderr, 0);
    diag_list_release(&dl);
    return e ? EXIT_IOERR : 0;
}

static long long count(const struct table *t, size_t col)
{
    return strtoll(table_cell(t, 0, col), NULL, 10);
}

static int archive_list(int argc, char **argv, struct archive_opts *o)
{
    struct query q;
    struct table r, n;
    struct archive_reader *rd = NULL;
    int ret = operands("list", argc, 0, N_("no operand"));

    (void)argv;
    if (!ret)
        ret = open_reader(o, &rd);
    if (ret)
        return ret;
    memset(&q, 0, sizeof(q));
    memset(&n, 0, sizeof(n));
    q.kind = QUERY_EVENTS;
    ret = ask(rd, &q, &r);
    if (!ret) {
        table_print(&r, o->fmt, stdout);
        q.kind = QUERY_COUNTS;
        if (o->fmt == FMT_TEXT && !ask(rd, &q, &n))
            printf(_("%lld events, %lld bundles, %lld sections, %lld people, "
                     "%lld entries, %lld games\n"),
                   count(&n, 0), count(&n, 1), count(&n, 2), count(&n, 3),
                   count(&n, 4), count(&n, 5));
    }
    table_release(&r);
    table_release(&n);
    archive_reader_close(rd);
    return ret;
}

static int archive_show(int argc, char **argv, struct archive_opts *o)
{
    struct table info, secs, vers;
    struct archive_reader *rd = NULL;
    struct query q;
    int ret = operands("show", argc, 1, N_("one event"));

    if (!ret)
        ret = open_reader(o, &rd);
    if (ret)
        return ret;
    memset(&q, 0, sizeof(q));
    memset(&info, 0, sizeof(info));
    memset(&secs, 0, sizeof(secs));
    memset(&vers, 0, sizeof(vers));
    q.text = argv[optind];
    q.kind = QUERY_EVENT_INFO;
    ret = ask(rd, &q, &info);
    q.kind = QUERY_EVENT_SECTIONS;
    if (!ret)
        ret = ask(rd, &q, &secs);
    q.kind = QUERY_EVENT_VERSIONS;
    if (!ret)
        ret = ask(rd, &q, &vers);
    if (ret) {
        /* said */
    } else if (!info.nrows) {
        cli_error("no event '%s' in the archive ('sekretar archive list' "
                  "lists them)",
                  argv[optind]);
        ret = EXIT_NOINPUT;
    } else if (o->fmt != FMT_TEXT) {
        table_print(&secs, o->fmt, stdout);
    } else {
        table_print(&info, FMT_TEXT, stdout);
        putchar('\n');
        table_print(&secs, FMT_TEXT, stdout);
        putchar('\n');
        table_print(&vers, FMT_TEXT, stdout);
        ret = cli_print_candidates(rd, argv[optind], 0, stdout);
    }
    table_release(&info);
    table_release(&secs);
    table_release(&vers);
    archive_reader_close(rd);
    return ret;
}

/* --------------------------------------------------------- verify, rebuild */

static int cli_verify(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_verify_result res;
    const char *root = cli_archive_root(o->archive);
    enum err e;
    int ret = operands("verify", argc, 0, N_("no operand"));

    (void)argv;
    if (ret)
        return ret;
    e = archive_verify_all(root, o->deep, &res, &dl);
    if (e && e != ERR_DATA)
        return cli_report(e, &dl);
    cli_print_diags(&dl, stdout, 1);
    printf(_("%s: %zu bundle%s, %zu files, %lld bytes checked in %.2f s"), root,
           res.bundles, res.bundles == 1 ? "" : "s", res.files, res.bytes,
           res.seconds);
    /* --deep: how many bundles' files were made again and compared. */
    if (o->deep)
        printf(i18n_ngettext(", %zu made again from its inputs",
                             ", %zu made again from their inputs", res.remade),
               res.remade);
    if (o->deep && res.not_remade)
        printf(_(", %zu not"), res.not_remade);
    fputs(": ", stdout);
    if (res.problems)
        printf(_("%zu problem%s\n"), res.problems,
               res.problems == 1 ? "" : "s");
    else
        puts(_("all match"));
    diag_list_release(&dl);
    return res.problems ? EXIT_DATAERR : EXIT_OK;
}

static int cli_rebuild(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_rebuild_result res;
    enum err e;
    int ret = operands("rebuild", argc, 0, N_("no operand"));

    (void)argv;
    if (ret)
        return ret;
    e = archive_rebuild_all(cli_archive_root(o->archive), &res, &dl);
    ret = cli_report(e, &dl);
    if (!ret) {
        printf(_("%s: rebuilt from %zu bundle%s: %lld events, %lld sections, "
                 "%lld people, %lld entries, %lld games\n"),
               res.catalog, res.added, res.added == 1 ? "" : "s", res.counts[0],
               res.counts[2], res.counts[3], res.counts[4], res.counts[5]);
        if (res.left_out) {
            printf(_("%zu bundle%s left out (see above)\n"), res.left_out,
                   res.left_out == 1 ? "" : "s");
            ret = EXIT_DATAERR;
        }
    }
    archive_rebuild_result_release(&res);
    return ret;
}

/* ---------------------------------------------------------------- export */

static int archive_export(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct transfer_result res;
    enum err e;
    int ret = operands("export", argc, 1, N_("one event and -o DIR"));

    if (ret)
        return ret;
    if (!o->out)
        return cli_usage_error("archive", "export wants -o DIR");
    e = transfer_export(cli_archive_root(o->archive), argv[optind],
                        o->version, o->out, &res, &dl);
    cli_print_diags(&dl, stderr, 1);
    if (!e)
        printf(_("%s: %zu files of %s, version %d\n"), o->out, res.files,
               argv[optind], res.version);
    transfer_result_release(&res);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : 0;
}

/* ---------------------------------------------------------------- import */

static int archive_import(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct transfer_result res;
    const char *root = cli_archive_root(o->archive);
    enum err e;
    int ret = operands("import", argc, 1, N_("one bundle"));

    if (ret)
        return ret;
    e = transfer_import(root, argv[optind], &res, &dl);
    cli_print_diags(&dl, stderr, 1);
    if (!e && res.already)
        printf(_("%s: already in the archive as %s/%s (version %d)\n"),
               argv[optind], root, res.relpath, res.version);
    else if (!e)
        printf(_("%s: imported as %s/%s (version %d)\n"), argv[optind], root,
               res.relpath, res.version);
    transfer_result_release(&res);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : 0;
}

/* ---------------------------------------------------------- merge-people */

static int person_id(const char *verb, const char *s, long long *out)
{
    char *end;

    if (*s == '#')
        s++;
    *out = strtoll(s, &end, 10);
    if ((!*s || *end || *out <= 0) && !strcmp(verb, "merge-people"))
        return cli_usage_error("archive",
                               "merge-people wants two person ids like '#12', "
                               "not '%s'",
                               s);
    if (!*s || *end || *out <= 0)
        return cli_usage_error("archive",
                               "forget-person wants a person id like '#12', "
                               "not '%s'",
                               s);
    return 0;
}

static int archive_merge(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    long long a, b;
    int ret = operands("merge-people", argc, 2, N_("two person ids"));

    if (!ret)
        ret = person_id("merge-people", argv[optind], &a);
    if (!ret)
        ret = person_id("merge-people", argv[optind + 1], &b);
    if (ret)
        return ret;
    ret = cli_report(
        archive_merge_people(cli_archive_root(o->archive), a, b, o->force, &dl),
        &dl);
    if (!ret)
        printf(_("#%lld is now #%lld\n"), b, a);
    return ret;
}

/* --------------------------------------------------------- forget-person */

static int archive_forget(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct forget_result res;
    struct strbuf day = STRBUF_INIT;
    struct date d;
    long long now;
    long long id;
    int ret = operands("forget-person", argc, 1, N_("a person id"));

    if (!ret)
        ret = person_id("forget-person", argv[optind], &id);
    if (!ret && options_creation_time(&now))
        ret = EXIT_USAGE;
    if (ret)
        return ret;
    date_from_days(&d, (long)(now / 86400));
    date_format_iso(&day, &d);
    ret = cli_report(
        forget_person(cli_archive_root(o->archive), id, day.buf, &res, &dl),
        &dl);
    if (!ret)
        printf(_("#%lld %s: personal data taken out of the archive "
                 "(events: %d; bundles rewritten: %d, with nothing more to "
                 "take out: %d); the results stay\n"),
               id, res.name ? res.name : "", res.events, res.rewritten,
               res.unchanged);
    forget_result_release(&res);
    strbuf_release(&day);
    return ret;
}

static int archive_site(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct site_result res;
    int ret;

    (void)argv;
    if (argc != optind)
        return cli_usage_error("archive", "site wants no operand");
    if (!o->out)
        return cli_usage_error("archive", "site wants -o DIR");
    ret = cli_report(site_publish(cli_archive_root(o->archive), o->out, &res,
                                  &dl),
                     &dl);
    if (!ret)
        printf(_("%s: %lld events, %lld sections, %lld people, %lld diplomas; "
                 "%lld pages and %lld files: %lld written, %lld unchanged, "
                 "%lld removed\n"),
               o->out, res.events, res.sections, res.people, res.diplomas,
               res.pages, res.files, res.written, res.unchanged, res.removed);
    diag_list_release(&dl);
    return ret;
}

/* ----------------------------------------------------------------- table */

struct archive_verb {
    const char *name;
    int (*fn)(int argc, char **argv, struct archive_opts *o);
};

static const struct archive_verb verbs[] = {
    {"list", archive_list},          {"show", archive_show},
    {"verify", cli_verify},          {"rebuild", cli_rebuild},
    {"export", archive_export},      {"import", archive_import},
    {"merge-people", archive_merge}, {"forget-person", archive_forget},
    {"site", archive_site},
};

int cmd_archive(int argc, char **argv)
{
    struct archive_opts o;
    const char *verb;
    size_t i;
    int ret;

    memset(&o, 0, sizeof(o));
    o.fmt = FMT_TEXT;
    /* Options may stand before the verb or after it (getopt permutes). */
    ret = parse_opts(argc, argv, &o);
    if (ret)
        return ret < 0 ? EXIT_OK : ret;
    if (optind >= argc)
        return cli_usage_error("archive", "no verb given (list, show, "
                                          "verify, rebuild, export, import, "
                                          "merge-people, forget-person or site)");
    verb = argv[optind];
    for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
        if (strcmp(verb, verbs[i].name))
            continue;
        optind++; /* the operands follow the verb */
        return verbs[i].fn(argc, argv, &o);
    }
    return cli_usage_error("archive",
                           "'%s' is not an archive verb (list, "
                           "show, verify, rebuild, export, import, "
                           "merge-people, forget-person or site)",
                           verb);
}
