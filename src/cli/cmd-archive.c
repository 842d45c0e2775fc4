/* cli/cmd-archive: the archive's bundles and catalogue: list, show,
 * verify, rebuild, export, import, merge-people (a second-level verb
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
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/ranked.h"
#include "cli/store.h"
#include "core/event.h"
#include "util/date.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char archive_usage[] =
    "usage: sekretar archive VERB [--archive DIR] ...\n"
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
    "\n"
    "  --archive DIR   the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --format F      text (aligned table, default), tsv, csv or json\n"
    "  -h, --help      show this help\n";

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
            fputs(archive_usage, stdout);
            return -1;
        default:
            return store_bad_option("archive", c, argv);
        }
    }
    return 0;
}

/* Fail unless exactly n operands follow. */
static int operands(const char *verb, int argc, int n, const char *what)
{
    if (argc - optind != n)
        return cli_usage_error("archive", "%s wants %s", verb, what);
    return 0;
}

/* ------------------------------------------------------------ list, show */

static int archive_list(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct catalog_filter f;
    struct catalog_rows r;
    struct catalog *c = NULL;
    int ret = operands("list", argc, 0, "no operand");

    (void)argv;
    if (ret)
        return ret;
    ret = store_open(store_root(o->archive), CATALOG_READONLY, &c);
    if (ret)
        return ret;
    memset(&f, 0, sizeof(f));
    if (catalog_events(c, &f, &r, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
    } else {
        long long n[6];
        store_print_rows(&r, o->fmt, stdout);
        if (o->fmt == FMT_TEXT && !catalog_counts(c, n, &dl))
            printf("%lld events, %lld bundles, %lld sections, %lld people, "
                   "%lld entries, %lld games\n",
                   n[0], n[1], n[2], n[3], n[4], n[5]);
    }
    catalog_rows_release(&r);
    catalog_close(c);
    diag_list_release(&dl);
    return ret;
}

static int archive_show(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct catalog_rows info, secs, vers;
    struct catalog *c = NULL;
    int ret = operands("show", argc, 1, "one event");

    if (ret)
        return ret;
    ret = store_open(store_root(o->archive), CATALOG_READONLY, &c);
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
        store_print_rows(&secs, o->fmt, stdout);
    } else {
        store_print_rows(&info, FMT_TEXT, stdout);
        putchar('\n');
        store_print_rows(&secs, FMT_TEXT, stdout);
        putchar('\n');
        store_print_rows(&vers, FMT_TEXT, stdout);
    }
    catalog_rows_release(&info);
    catalog_rows_release(&secs);
    catalog_rows_release(&vers);
    catalog_close(c);
    diag_list_release(&dl);
    return ret;
}

/* --------------------------------------------------------------- bundles */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every ROOT/YEAR/NAME.zip, as "YEAR/NAME.zip", sorted. */
static void scan_bundles(const char *root, char ***out, size_t *n)
{
    struct strbuf sb = STRBUF_INIT;
    size_t alloc = 0;
    DIR *top, *sub;
    struct dirent *d, *e;

    *out = NULL;
    *n = 0;
    top = opendir(root);
    if (!top)
        return;
    while ((d = readdir(top)) != NULL) {
        if (d->d_name[0] == '.')
            continue;
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/%s", root, d->d_name);
        if (!file_is_dir(sb.buf))
            continue;
        sub = opendir(sb.buf);
        if (!sub)
            continue;
        while ((e = readdir(sub)) != NULL) {
            size_t len = strlen(e->d_name);
            if (e->d_name[0] == '.' || len < 5 ||
                strcmp(e->d_name + len - 4, ".zip"))
                continue;
            ALLOC_GROW(*out, *n + 1, alloc);
            strbuf_reset(&sb);
            strbuf_addf(&sb, "%s/%s", d->d_name, e->d_name);
            (*out)[(*n)++] = strbuf_detach(&sb, NULL);
        }
        closedir(sub);
    }
    closedir(top);
    strbuf_release(&sb);
    if (*n)
        qsort(*out, *n, sizeof(**out), cmp_str);
}

static void free_list(char **list, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

/*
 * Open the bundle at path, read its manifest and recompute every checksum
 * against it; problems go to dl.  Returns the bundle (to close) or NULL.
 */
static struct bundle *open_checked(const char *path, struct manifest *m,
                                   struct diag_list *dl)
{
    struct bundle *b = NULL;

    manifest_init(m);
    if (bundle_open(path, &b, dl))
        return NULL;
    if (bundle_manifest(b, m, dl) || bundle_verify(b, m, dl)) {
        bundle_close(b);
        return NULL;
    }
    return b;
}

/* Compare the catalogue's list of files of a bundle with its manifest. */
static void compare_files(struct catalog *c, const char *path,
                          const char *event, int version,
                          const struct manifest *m, struct diag_list *dl)
{
    struct catalog_rows r;
    size_t i;

    if (catalog_bundle_files(c, event, version, &r, dl))
        return;
    for (i = 0; i < r.nrows; i++) {
        const char *name = catalog_cell(&r, i, 0);
        const struct manifest_file *f = manifest_find(m, name);
        if (!f)
            diag_error(dl, path, 0, 0,
                       "'%s' is in the catalogue but not in "
                       "the manifest",
                       name);
        else if (f->size != strtoll(catalog_cell(&r, i, 1), NULL, 10) ||
                 strcmp(f->sha256, catalog_cell(&r, i, 2)))
            diag_error(dl, path, 0, 0,
                       "'%s' differs between the manifest "
                       "and the catalogue",
                       name);
    }
    if (m->n != r.nrows)
        for (i = 0; i < m->n; i++) {
            size_t k;
            int found = 0;
            for (k = 0; k < r.nrows && !found; k++)
                found = !strcmp(m->files[i].name, catalog_cell(&r, k, 0));
            if (!found)
                diag_error(dl, path, 0, 0,
                           "'%s' is in the manifest but not "
                           "in the catalogue",
                           m->files[i].name);
        }
    catalog_rows_release(&r);
}

static double now_seconds(void)
{
    struct timeval tv;

    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + tv.tv_usec / 1e6;
}

/* One bundle checked by a verify worker. */
struct vjob {
    char *path;
    struct manifest m;
    struct diag_list dl;
    char sha[65];
    long long size;
    int missing, opened;
};

struct vpool {
    struct vjob *jobs;
    size_t n, next;
    pthread_mutex_t lock;
};

/* Check bundles until none is left (a thread of archive verify). */
static void *verify_worker(void *arg)
{
    struct vpool *p = arg;

    for (;;) {
        struct vjob *j;
        struct bundle *b;
        size_t i;
        pthread_mutex_lock(&p->lock);
        i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->n)
            return NULL;
        j = &p->jobs[i];
        if (!file_is_regular(j->path)) {
            j->missing = 1;
            continue;
        }
        b = open_checked(j->path, &j->m, &j->dl);
        if (b) {
            j->opened = 1;
            j->size = bundle_size(b);
            memcpy(j->sha, bundle_sha256(b), sizeof(j->sha));
        }
        bundle_close(b);
    }
}

static int archive_verify(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    struct catalog_rows rows;
    struct catalog *c = NULL;
    struct vjob *jobs = NULL;
    struct vpool pool;
    pthread_t worker;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct strbuf strays = STRBUF_INIT;
    const char *root = store_root(o->archive), *line, *nl;
    char **disk = NULL;
    size_t n_disk = 0, i, k, n_files = 0, problems;
    int threaded;
    long long bytes = 0;
    double t0 = now_seconds();
    int ret = operands("verify", argc, 0, "no operand");

    (void)argv;
    if (ret)
        return ret;
    ret = store_lock_reader(root, &lk, stdout);
    if (!ret)
        ret = store_open(root, CATALOG_READONLY, &c);
    if (ret) {
        archive_lock_release(&lk);
        return ret;
    }
    memset(&rows, 0, sizeof(rows));
    if (catalog_bundles(c, &rows, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
        goto out;
    }
    jobs = xcalloc(rows.nrows + 1, sizeof(*jobs));
    for (i = 0; i < rows.nrows; i++) {
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, catalog_cell(&rows, i, 2));
        jobs[i].path = xstrdup(path.buf);
        diag_list_init(&jobs[i].dl);
        manifest_init(&jobs[i].m);
    }
    /*
     * Two threads (the machines have two cores): one checks bundles from
     * the start; this one checks the catalogue's own structure, then joins
     * in.  Only this thread uses the catalogue.
     */
    pool.jobs = jobs;
    pool.n = rows.nrows;
    pool.next = 0;
    pthread_mutex_init(&pool.lock, NULL);
    threaded = !pthread_create(&worker, NULL, verify_worker, &pool);
    catalog_check(c, o->deep, &dl);
    verify_worker(&pool);
    if (threaded)
        pthread_join(worker, NULL);
    pthread_mutex_destroy(&pool.lock);
    for (i = 0; i < rows.nrows; i++) {
        struct vjob *j = &jobs[i];
        const char *event = catalog_cell(&rows, i, 0);
        int version = (int)strtol(catalog_cell(&rows, i, 1), NULL, 10);

        if (j->missing) {
            diag_error(&dl, j->path, 0, 0, "missing (version %d of '%s')",
                       version, event);
            continue;
        }
        for (k = 0; k < j->dl.nr; k++)
            diag_add(&dl, j->dl.items[k].level, j->dl.items[k].file,
                     j->dl.items[k].line, j->dl.items[k].col, "%s",
                     j->dl.items[k].msg);
        if (!j->opened)
            continue;
        n_files += j->m.n + 1;
        bytes += j->size;
        if (strcmp(j->sha, catalog_cell(&rows, i, 4)) ||
            j->size != strtoll(catalog_cell(&rows, i, 3), NULL, 10))
            diag_error(&dl, j->path, 0, 0,
                       "the bundle is not the one the catalogue recorded "
                       "(size or SHA-256 differ)");
        if (!j->m.event || strcmp(j->m.event, event) || j->m.version != version)
            diag_error(&dl, j->path, 0, 0,
                       "the manifest says version %d of '%s'; the catalogue, "
                       "version %d of '%s'",
                       j->m.version, j->m.event ? j->m.event : "", version,
                       event);
        else
            compare_files(c, j->path, event, version, &j->m, &dl);
    }
    scan_bundles(root, &disk, &n_disk);
    for (i = 0; i < n_disk; i++) {
        /* rows are sorted by path, as disk is */
        char *key = disk[i];
        size_t lo = 0, hi = rows.nrows;
        int found = 0;
        while (lo < hi && !found) {
            size_t mid = (lo + hi) / 2;
            int d = strcmp(key, catalog_cell(&rows, mid, 2));
            if (!d)
                found = 1;
            else if (d < 0)
                hi = mid;
            else
                lo = mid + 1;
        }
        if (!found)
            diag_error(&dl, NULL, 0, 0,
                       "%s/%s: a bundle the catalogue does not know "
                       "('sekretar archive rebuild' takes it in)",
                       root, disk[i]);
    }
    archive_strays(root, &strays);
    for (line = strays.buf; *line && (nl = strchr(line, '\n')); line = nl + 1)
        diag_error(&dl, NULL, 0, 0, "%.*s", (int)(nl - line), line);
    problems = dl.nr_errors;
    cli_print_diags(&dl, stdout, 0);
    printf("%s: %zu bundle%s, %zu files, %lld bytes checked in %.2f s: ", root,
           rows.nrows, rows.nrows == 1 ? "" : "s", n_files, bytes,
           now_seconds() - t0);
    if (problems) {
        printf("%zu problem%s\n", problems, problems == 1 ? "" : "s");
        ret = EXIT_DATAERR;
    } else {
        puts("all match");
    }
out:
    for (i = 0; jobs && i < rows.nrows; i++) {
        free(jobs[i].path);
        manifest_release(&jobs[i].m);
        diag_list_release(&jobs[i].dl);
    }
    free(jobs);
    free_list(disk, n_disk);
    catalog_rows_release(&rows);
    catalog_close(c);
    archive_lock_release(&lk);
    strbuf_release(&path);
    strbuf_release(&strays);
    diag_list_release(&dl);
    return ret;
}

/* --------------------------------------------------------------- rebuild */

struct found {
    char *rel; /* "2023/ID.zip" */
    char *event, *created;
    int version;
};

static int cmp_found(const void *a, const void *b)
{
    const struct found *x = a, *y = b;
    int d = strcmp(x->created, y->created);

    if (d)
        return d;
    d = strcmp(x->event, y->event);
    return d ? d : x->version - y->version;
}

/* The merges of the old catalogue, carried into the new one. */
static int carry_merges(const char *old, struct catalog *to)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct catalog_rows r;
    struct catalog *from = NULL;
    size_t i;
    int ret = 0;

    memset(&r, 0, sizeof(r));
    if (!file_is_regular(old))
        return 0;
    if (catalog_open(old, 0, &from, &dl) || catalog_merges(from, &r, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        cli_warning("the old catalogue cannot be read; its people merges "
                    "are lost");
    }
    for (i = 0; i < r.nrows && !ret; i++)
        if (catalog_add_merge(to, catalog_cell(&r, i, 0),
                              catalog_cell(&r, i, 1), &dl)) {
            cli_print_diags(&dl, stderr, 0);
            ret = EXIT_IOERR;
        }
    catalog_rows_release(&r);
    catalog_close(from);
    diag_list_release(&dl);
    return ret;
}

static int archive_rebuild(int argc, char **argv, struct archive_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT, tmpcat = STRBUF_INIT, cat = STRBUF_INIT;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct found *found = NULL;
    struct catalog *c = NULL;
    const char *root = store_root(o->archive);
    char **disk = NULL;
    size_t n_disk = 0, n_found = 0, alloc = 0, i, bad = 0, added = 0;
    long long counts[6];
    int ret = operands("rebuild", argc, 0, "no operand");

    (void)argv;
    if (ret)
        return ret;
    if (!file_is_dir(root)) {
        cli_error("no archive at '%s'", root);
        return EXIT_NOINPUT;
    }
    strbuf_addf(&cat, "%s/%s", root, CATALOG_FILE);
    ret = store_lock_writer(root, &lk);
    if (ret)
        goto out;
    scan_bundles(root, &disk, &n_disk);
    for (i = 0; i < n_disk; i++) {
        struct manifest m;
        struct bundle *b;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, disk[i]);
        b = open_checked(path.buf, &m, &dl);
        if (b) {
            ALLOC_GROW(found, n_found + 1, alloc);
            found[n_found].rel = xstrdup(disk[i]);
            found[n_found].event = xstrdup(m.event);
            found[n_found].created = xstrdup(m.created ? m.created : "");
            found[n_found].version = m.version;
            n_found++;
        } else {
            bad++;
        }
        bundle_close(b);
        manifest_release(&m);
    }
    cli_print_diags(&dl, stderr, 0);
    diag_list_release(&dl);
    qsort(found, n_found, sizeof(*found), cmp_found);

    strbuf_addf(&tmpcat, "%s.rebuild", cat.buf);
    unlink(tmpcat.buf);
    strbuf_addstr(&path, "");
    if (file_mkdirs(root, &dl) ||
        catalog_open(tmpcat.buf, CATALOG_CREATE, &c, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_CANTCREAT;
        goto out;
    }
    ret = carry_merges(cat.buf, c);
    for (i = 0; i < n_found && !ret; i++) {
        struct archive_staging st = ARCHIVE_STAGING_INIT;
        struct manifest m;
        struct ranked r;
        struct bundle *b;
        int r_ret;

        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, found[i].rel);
        b = open_checked(path.buf, &m, &dl);
        if (!b) {
            cli_print_diags(&dl, stderr, 0);
            bad++;
            manifest_release(&m);
            continue;
        }
        r_ret = store_load_bundle(root, b, path.buf, "rebuild", &st, &r);
        if (!r_ret)
            r_ret = store_record(c, &r, m.event, &m, found[i].rel,
                                 bundle_size(b), bundle_sha256(b), NULL);
        if (r_ret) {
            cli_error("%s: not taken into the catalogue", path.buf);
            bad++;
        } else {
            added++;
        }
        ranked_release(&r);
        archive_staging_remove(&st);
        bundle_close(b);
        manifest_release(&m);
    }
    if (!ret && catalog_counts(c, counts, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
    }
    catalog_close(c);
    c = NULL;
    if (ret) {
        unlink(tmpcat.buf);
        goto out;
    }
    if (rename(tmpcat.buf, cat.buf)) {
        cli_error("%s: cannot put the new catalogue in place: %s", cat.buf,
                  strerror(errno));
        ret = EXIT_CANTCREAT;
        goto out;
    }
    printf("%s: rebuilt from %zu bundle%s: %lld events, %lld sections, %lld "
           "people, %lld entries, %lld games\n",
           cat.buf, added, added == 1 ? "" : "s", counts[0], counts[2],
           counts[3], counts[4], counts[5]);
    if (bad) {
        printf("%zu bundle%s left out (see above)\n", bad, bad == 1 ? "" : "s");
        ret = EXIT_DATAERR;
    }
out:
    for (i = 0; i < n_found; i++) {
        free(found[i].rel);
        free(found[i].event);
        free(found[i].created);
    }
    free(found);
    free_list(disk, n_disk);
    catalog_close(c);
    archive_lock_release(&lk);
    strbuf_release(&path);
    strbuf_release(&tmpcat);
    strbuf_release(&cat);
    diag_list_release(&dl);
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
    struct catalog_rows info, secs, vers;
    struct strbuf path = STRBUF_INIT;
    struct catalog *c = NULL;
    struct bundle *b = NULL;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct strbuf tmpdir = STRBUF_INIT;
    struct catalog_version cv;
    struct manifest m;
    const char *root = store_root(o->archive), *rel = NULL;
    size_t i;
    int ret = operands("export", argc, 1, "one event and -o DIR"), v = 0;
    enum err e;

    manifest_init(&m);
    memset(&cv, 0, sizeof(cv));
    if (ret)
        return ret;
    if (!o->out)
        return cli_usage_error("archive", "export wants -o DIR");
    ret = store_lock_reader(root, &lk, stderr);
    if (!ret)
        ret = store_open(root, CATALOG_READONLY, &c);
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
        int vi = (int)strtol(catalog_cell(&vers, i, 0), NULL, 10);
        if (o->version ? vi == o->version
                       : !strcmp(catalog_cell(&vers, i, 5), "current")) {
            rel = catalog_cell(&vers, i, 1);
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
    b = open_checked(path.buf, &m, &dl);
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
    printf("%s: %zu files of %s, version %d\n", o->out, bundle_count(b),
           argv[optind], v);
out:
    bundle_close(b);
    manifest_release(&m);
    catalog_version_release(&cv);
    catalog_rows_release(&info);
    catalog_rows_release(&secs);
    catalog_rows_release(&vers);
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
    const char *root = store_root(o->archive), *zip;
    char *prev = NULL;
    int ret = operands("import", argc, 1, "one bundle"), made = 0;
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
    b = open_checked(zip, &m, &dl);
    if (!b) {
        cli_print_diags(&dl, stderr, 0);
        cli_error("%s: refused; nothing was imported", zip);
        ret = EXIT_DATAERR;
        goto out;
    }
    ret = store_load_bundle(root, b, zip, "import", &st, &r);
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
    ret = store_open_writer(root, CATALOG_CREATE, &lk, &c, &made);
    if (!ret)
        ret = store_probe(root, c, m.event, &probe);
    if (ret)
        goto out;
    if (probe.catalog_version && !strcmp(probe.catalog_sha, bundle_sha256(b))) {
        printf("%s: already in the archive as %s/%s (version %d)\n", zip, root,
               probe.relpath, probe.catalog_version);
        goto out;
    }
    if (m.version < store_next_version(&probe)) {
        cli_error("%s: the archive has version %d of '%s'; this bundle is "
                  "version %d",
                  zip, probe.catalog_version, m.event, m.version);
        ret = EXIT_DATAERR;
        goto out;
    }
    ret = store_commit(root, c, &r, m.event, &probe, &m, &bytes, &prev);
    if (ret)
        goto out;
    made = 0;
    printf("%s: imported as %s/%s (version %d)\n", zip, root, probe.relpath,
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
    int ret = operands("merge-people", argc, 2, "two person ids"), made = 0;

    if (!ret)
        ret = person_id(argv[optind], &a);
    if (!ret)
        ret = person_id(argv[optind + 1], &b);
    if (!ret)
        ret = store_open_writer(store_root(o->archive), 0, &lk, &c, &made);
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
        printf("#%lld is now #%lld\n", b, a);
    }
    catalog_close(c);
    archive_lock_release(&lk);
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
    {"verify", archive_verify},      {"rebuild", archive_rebuild},
    {"export", archive_export},      {"import", archive_import},
    {"merge-people", archive_merge},
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
                                          "verify, rebuild, export, import "
                                          "or merge-people)");
    verb = argv[optind];
    for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
        if (strcmp(verb, verbs[i].name))
            continue;
        optind++; /* the operands follow the verb */
        return verbs[i].fn(argc, argv, &o);
    }
    return cli_usage_error("archive",
                           "'%s' is not an archive verb (list, "
                           "show, verify, rebuild, export, import "
                           "or merge-people)",
                           verb);
}
