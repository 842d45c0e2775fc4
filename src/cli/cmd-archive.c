/* cli/cmd-archive: the archive's bundles and catalogue: list, show,
 * verify, rebuild, export, import, merge-people, site (a second-level verb
 * table).
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/manifest.h"
#include "archive/site.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "ingest/ranked.h"
#include "archive/store.h"
#include "archive/verify.h"
#include "core/event.h"
#include "util/date.h"
#include "util/file.h"
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
    "                          also checks every row of the catalogue\n"
    "  rebuild                 make the catalogue again from the bundles\n"
    "                          alone (keeping the people merges it had)\n"
    "  export EVENT -o DIR [--version N]\n"
    "                          unpack a bundle (checked first) into DIR\n"
    "  import BUNDLE.zip       take in a bundle made elsewhere after\n"
    "                          checking it: safe names only (no '..', no\n"
    "                          absolute path, no link, no oversized entry),\n"
    "                          a manifest whose checksums match, an event\n"
    "                          without errors\n"
    "  merge-people A B        person B is person A (#ID as 'query search'\n"
    "                          shows them); later builds remember it\n"
    "  site -o DIR             write the archive as a static website into\n"
    "                          DIR: plain HTML pages in Ukrainian and one\n"
    "                          CSS file (no JavaScript needed), every\n"
    "                          document and bundle to download with its\n"
    "                          SHA-256; only the files whose bytes changed\n"
    "                          are written\n"
    "\n"
    "  --archive DIR   the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --format F      text (aligned table, default), tsv, csv or json\n"
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

static int archive_list(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct catalog_filter f;
    struct table r;
    struct catalog *c = NULL;
    int ret = operands("list", argc, 0, N_("no operand"));

    (void)argv;
    if (ret)
        return ret;
    ret = cli_report(
        store_open(cli_archive_root(o->archive), CATALOG_READONLY, &c, &dl),
        &dl);
    if (ret)
        return ret;
    memset(&f, 0, sizeof(f));
    if (catalog_events(c, &f, &r, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
    } else {
        long long n[6];
        table_print(&r, o->fmt, stdout);
        if (o->fmt == FMT_TEXT && !catalog_counts(c, n, &dl))
            printf(_("%lld events, %lld bundles, %lld sections, %lld people, "
                     "%lld entries, %lld games\n"),
                   n[0], n[1], n[2], n[3], n[4], n[5]);
    }
    table_release(&r);
    catalog_close(c);
    diag_list_release(&dl);
    return ret;
}

static int archive_show(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct table info, secs, vers;
    struct catalog *c = NULL;
    int ret = operands("show", argc, 1, N_("one event"));

    if (ret)
        return ret;
    ret = cli_report(
        store_open(cli_archive_root(o->archive), CATALOG_READONLY, &c, &dl),
        &dl);
    if (ret)
        return ret;
    if (catalog_event_show(c, argv[optind], &info, &secs, &vers, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
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
        ret = cli_print_candidates(c, argv[optind], 0, stdout);
    }
    table_release(&info);
    table_release(&secs);
    table_release(&vers);
    catalog_close(c);
    diag_list_release(&dl);
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
    e = archive_verify(root, o->deep, &res, &dl);
    if (e && e != ERR_DATA)
        return cli_report(e, &dl);
    cli_print_diags(&dl, stdout, 1);
    printf(_("%s: %zu bundle%s, %zu files, %lld bytes checked in %.2f s: "),
           root, res.bundles, res.bundles == 1 ? "" : "s", res.files, res.bytes,
           res.seconds);
    if (res.problems)
        printf(_("%zu problem%s\n"), res.problems,
               res.problems == 1 ? "" : "s");
    else
        puts(_("all match"));
    diag_list_release(&dl);
    return res.problems ? EXIT_DATAERR : EXIT_OK;
}

/* The loader of unpacked bundles: ranked_load() quietly. */
static enum err load_ranked(void *arg, const char *dir, const char *label,
                            const struct event **ev,
                            const struct event_ranking **er,
                            struct diag_list *dl)
{
    struct ranked *r = arg;
    enum err e = ranked_load_quiet(dir, label, "rebuild", NULL, r, dl);

    *ev = r->ld.ev;
    *er = &r->er;
    return e;
}

static void release_ranked(void *arg)
{
    ranked_release(arg);
}

static int cli_rebuild(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_rebuild_result res;
    struct ranked r;
    struct archive_loader ld = {load_ranked, release_ranked, NULL};
    enum err e;
    int ret = operands("rebuild", argc, 0, N_("no operand"));

    (void)argv;
    if (ret)
        return ret;
    memset(&r, 0, sizeof(r));
    ld.arg = &r;
    e = archive_rebuild(cli_archive_root(o->archive), &ld, &res, &dl);
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

/* Findings about files under the temporary folder tmp name them under out. */
static void name_export_files(struct diag_list *dl, const char *tmp,
                              const char *out)
{
    size_t i, n = strlen(tmp);

    for (i = 0; i < dl->nr; i++) {
        char *f = dl->items[i].file;
        struct strbuf sb = STRBUF_INIT;
        if (!f || strncmp(f, tmp, n) || (f[n] && f[n] != '/'))
            continue;
        strbuf_addf(&sb, "%s%s", out, f + n);
        free(f);
        dl->items[i].file = strbuf_detach(&sb, NULL);
    }
}

static int archive_export(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct table info, secs, vers;
    struct strbuf path = STRBUF_INIT;
    struct catalog *c = NULL;
    struct bundle *b = NULL;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct strbuf tmpdir = STRBUF_INIT;
    struct catalog_version cv;
    struct manifest m;
    const char *root = cli_archive_root(o->archive), *rel = NULL;
    size_t i;
    int ret = operands("export", argc, 1, N_("one event and -o DIR")), v = 0;
    enum err e;

    manifest_init(&m);
    memset(&cv, 0, sizeof(cv));
    if (ret)
        return ret;
    if (!o->out)
        return cli_usage_error("archive", "export wants -o DIR");
    e = store_lock_reader(root, &lk, &dl);
    if (!e)
        e = store_open(root, CATALOG_READONLY, &c, &dl);
    ret = cli_report(e, &dl);
    if (ret) {
        archive_lock_release(&lk);
        return ret;
    }
    if (catalog_event_show(c, argv[optind], &info, &secs, &vers, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
        goto out;
    }
    for (i = 0; i < vers.nrows; i++) {
        int vi = (int)strtol(table_cell(&vers, i, 0), NULL, 10);
        if (o->version ? vi == o->version
                       : !strcmp(table_cell(&vers, i, 5), "current")) {
            rel = table_cell(&vers, i, 1);
            v = vi;
        }
    }
    if (!info.nrows) {
        cli_error("no event '%s' in the archive ('sekretar archive list' "
                  "lists them)",
                  argv[optind]);
        ret = EXIT_NOINPUT;
        goto out;
    }
    if (!rel) {
        cli_error("event '%s' has no version %d", argv[optind], o->version);
        ret = EXIT_NOINPUT;
        goto out;
    }
    if (file_is_dir(o->out) || file_is_regular(o->out)) {
        DIR *d = opendir(o->out);
        struct dirent *e;
        int empty = d != NULL;
        while (d && (e = readdir(d)) != NULL)
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
                empty = 0;
        if (d)
            closedir(d);
        if (!empty) {
            cli_error("%s exists and is not an empty folder", o->out);
            ret = EXIT_CANTCREAT;
            goto out;
        }
    }
    strbuf_addf(&path, "%s/%s", root, rel);
    b = bundle_open_checked(path.buf, &m, &dl);
    if (!b) {
        cli_print_diags(&dl, stderr, 0);
        cli_error("%s: the bundle does not match its manifest; nothing "
                  "exported",
                  path.buf);
        ret = EXIT_DATAERR;
        goto out;
    }
    /* Its own manifest can be forged with it: the catalogue has the say. */
    catalog_version_get(c, argv[optind], v, &cv);
    if (!cv.version || strcmp(cv.sha256, bundle_sha256(b)) ||
        cv.size != bundle_size(b) || m.version != v ||
        !m.event || strcmp(m.event, argv[optind])) {
        cli_error("%s is not the bundle the catalogue recorded as version %d "
                  "of '%s' (SHA-256 %s, recorded %s); nothing exported",
                  path.buf, v, argv[optind], bundle_sha256(b),
                  cv.sha256 ? cv.sha256 : "none");
        ret = EXIT_DATAERR;
        goto out;
    }
    /* Unpacked beside DIR and renamed: a failure leaves no half export. */
    strbuf_reset(&tmpdir);
    strbuf_addf(&tmpdir, "%s.tmp-XXXXXX", o->out);
    {
        char *parent = xstrdup(o->out), *slash = strrchr(parent, '/');
        e = ERR_OK;
        if (slash && slash != parent) {
            *slash = '\0';
            e = file_mkdirs(parent, &dl);
        }
        free(parent);
    }
    if (!e && !mkdtemp(tmpdir.buf)) {
        diag_error(&dl, o->out, 0, 0, "cannot create: %s", strerror(errno));
        e = ERR_CREATE;
        strbuf_reset(&tmpdir);
    }
    if (!e)
        e = bundle_extract(b, tmpdir.buf, &dl);
    if (!e && file_is_dir(o->out) && rmdir(o->out)) {
        diag_error(&dl, o->out, 0, 0, "cannot replace: %s", strerror(errno));
        e = ERR_CREATE;
    }
    if (!e && rename(tmpdir.buf, o->out)) {
        diag_error(&dl, o->out, 0, 0, "cannot put the export in place: %s",
                   strerror(errno));
        e = ERR_CREATE;
    }
    if (e) {
        if (tmpdir.len) {
            archive_remove_tree(tmpdir.buf);
            name_export_files(&dl, tmpdir.buf, o->out);
        }
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e); /* 74 for a full disk */
        goto out;
    }
    printf(_("%s: %zu files of %s, version %d\n"), o->out, bundle_count(b),
           argv[optind], v);
out:
    bundle_close(b);
    manifest_release(&m);
    catalog_version_release(&cv);
    table_release(&info);
    table_release(&secs);
    table_release(&vers);
    catalog_close(c);
    archive_lock_release(&lk);
    strbuf_release(&path);
    strbuf_release(&tmpdir);
    diag_list_release(&dl);
    return ret;
}

/* ---------------------------------------------------------------- import */

static int archive_import(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf bytes = STRBUF_INIT, date = STRBUF_INIT;
    struct archive_staging st = ARCHIVE_STAGING_INIT;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct store_probe probe;
    struct catalog *c = NULL;
    struct bundle *b = NULL;
    struct manifest m;
    struct ranked r;
    const char *root = cli_archive_root(o->archive), *zip;
    char *prev = NULL;
    int ret = operands("import", argc, 1, N_("one bundle")), made = 0;
    enum err e;
    int had_root = file_is_dir(root);

    if (ret)
        return ret;
    zip = argv[optind];
    memset(&probe, 0, sizeof(probe));
    memset(&r, 0, sizeof(r));
    if (!file_is_regular(zip)) {
        cli_error("no bundle '%s'", zip);
        return EXIT_NOINPUT;
    }
    b = bundle_open_checked(zip, &m, &dl);
    if (!b) {
        cli_print_diags(&dl, stderr, 0);
        cli_error("%s: refused; nothing was imported", zip);
        ret = EXIT_DATAERR;
        goto out;
    }
    e = archive_staging_make(root, "import", &st, &dl);
    if (!e)
        e = bundle_extract(b, st.dir, &dl);
    ret = cli_report(e, &dl);
    if (!ret)
        ret = ranked_load(st.dir, zip, "import", NULL, &r);
    if (ret)
        goto out;
    date_format_iso(&date, &r.ld.ev->start);
    if (strncmp(m.event, date.buf, date.len) || m.event[date.len] != '-') {
        cli_error("%s: event id '%s' does not start with the event's start "
                  "date %s; refused",
                  zip, m.event, date.buf);
        ret = EXIT_DATAERR;
        goto out;
    }
    if (file_read(zip, BUNDLE_MAX_SIZE, &bytes, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
        goto out;
    }
    e = store_open_writer(root, CATALOG_CREATE, &lk, &c, &made, &dl);
    if (!e)
        e = store_probe(root, c, m.event, &probe, &dl);
    ret = cli_report(e, &dl);
    if (ret)
        goto out;
    if (probe.catalog_version && !strcmp(probe.catalog_sha, bundle_sha256(b))) {
        printf(_("%s: already in the archive as %s/%s (version %d)\n"), zip,
               root, probe.relpath, probe.catalog_version);
        goto out;
    }
    if (m.version < store_next_version(&probe)) {
        cli_error("%s: the archive has version %d of '%s'; this bundle is "
                  "version %d",
                  zip, probe.catalog_version, m.event, m.version);
        ret = EXIT_DATAERR;
        goto out;
    }
    ret = cli_report(store_commit(root, c, r.ld.ev, &r.er, m.event, &probe,
                                  &m, &bytes, &prev, &dl),
                     &dl);
    if (ret)
        goto out;
    made = 0;
    printf(_("%s: imported as %s/%s (version %d)\n"), zip, root, probe.relpath,
           m.version);
out:
    archive_staging_remove(&st);
    ranked_release(&r);
    bundle_close(b);
    if (c && made && store_has_event(c, m.event))
        made = 0; /* a commit that failed after the catalogue's */
    manifest_release(&m);
    catalog_close(c);
    if (ret)
        store_undo_new(root, made || !had_root);
    archive_lock_release(&lk);
    free(prev);
    store_probe_release(&probe);
    strbuf_release(&bytes);
    strbuf_release(&date);
    diag_list_release(&dl);
    return ret;
}

/* ---------------------------------------------------------- merge-people */

static int person_id(const char *s, long long *out)
{
    char *end;

    if (*s == '#')
        s++;
    *out = strtoll(s, &end, 10);
    if (!*s || *end || *out <= 0)
        return cli_usage_error("archive",
                               "merge-people wants two person ids like '#12', "
                               "not '%s'",
                               s);
    return 0;
}

static int archive_merge(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct catalog *c = NULL;
    long long a, b;
    enum err e;
    int ret = operands("merge-people", argc, 2, N_("two person ids")), made = 0;

    if (!ret)
        ret = person_id(argv[optind], &a);
    if (!ret)
        ret = person_id(argv[optind + 1], &b);
    if (!ret)
        ret = cli_report(store_open_writer(cli_archive_root(o->archive), 0,
                                           &lk, &c, &made, &dl),
                         &dl);
    if (ret) {
        catalog_close(c);
        archive_lock_release(&lk);
        return ret;
    }
    e = catalog_merge_people(c, a, b, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
    } else {
        printf(_("#%lld is now #%lld\n"), b, a);
    }
    catalog_close(c);
    archive_lock_release(&lk);
    diag_list_release(&dl);
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
    ret = cli_report(site_write(cli_archive_root(o->archive), o->out, &res,
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
    {"merge-people", archive_merge}, {"site", archive_site},
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
                                          "merge-people or site)");
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
                           "merge-people or site)",
                           verb);
}
