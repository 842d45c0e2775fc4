/* archive/verify: every bundle of the archive checked against its manifest
 * and the catalogue, every stray file named; and the catalogue made again
 * from the bundles alone.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include "archive/verify.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/commit.h"
#include "archive/manifest.h"
#include "archive/store.h"
#include "util/file.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/testpoint.h"
#include "util/xalloc.h"
#include "util/banned.h"

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

/* Compare the catalogue's list of files of a bundle with its manifest. */
static void compare_files(struct catalog *c, const char *path,
                          const char *event, int version,
                          const struct manifest *m, struct diag_list *dl)
{
    struct table r;
    size_t i;

    if (catalog_bundle_files(c, event, version, &r, dl))
        return;
    for (i = 0; i < r.nrows; i++) {
        const char *name = table_cell(&r, i, 0);
        const struct manifest_file *f = manifest_find(m, name);
        if (!f)
            diag_error(dl, path, 0, 0,
                       "'%s' is in the catalogue but not in "
                       "the manifest",
                       name);
        else if (f->size != strtoll(table_cell(&r, i, 1), NULL, 10) ||
                 strcmp(f->sha256, table_cell(&r, i, 2)))
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
                found = !strcmp(m->files[i].name, table_cell(&r, k, 0));
            if (!found)
                diag_error(dl, path, 0, 0,
                           "'%s' is in the manifest but not "
                           "in the catalogue",
                           m->files[i].name);
        }
    table_release(&r);
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
        b = bundle_open_checked(j->path, &j->m, &j->dl);
        if (b) {
            j->opened = 1;
            j->size = bundle_size(b);
            memcpy(j->sha, bundle_sha256(b), sizeof(j->sha));
        }
        bundle_close(b);
    }
}

/* Make the files of the bundle at path again through ck and compare. */
static void remake(const struct archive_checker *ck, const char *path,
                   struct archive_verify_result *res, struct diag_list *dl)
{
    struct diag_list mine = DIAG_LIST_INIT;
    struct manifest m;
    struct bundle *b = bundle_open_checked(path, &m, &mine);

    if (!b) {
        /* It changed since it was checked a moment ago. */
        diag_list_append(dl, &mine);
    } else if (ck->check(ck->arg, b, &m, path, dl)) {
        res->not_remade++;
    } else {
        res->remade++;
    }
    bundle_close(b);
    manifest_release(&m);
    diag_list_release(&mine);
}

enum err archive_verify(const char *root, int deep,
                        const struct archive_checker *ck,
                        struct archive_verify_result *res,
                        struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    struct table rows;
    struct catalog *c = NULL;
    struct vjob *jobs = NULL;
    struct vpool pool;
    pthread_t worker;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct strbuf strays = STRBUF_INIT;
    const char *line, *nl;
    char **disk = NULL;
    size_t n_disk = 0, i, k, n_files = 0;
    int threaded;
    long long bytes = 0;
    double t0 = now_seconds();
    enum err ret;

    memset(res, 0, sizeof(*res));
    ret = store_lock_reader(root, &lk, out);
    /* What stopped commands left, judged as the recovery of the lock just
       judged it: a staging folder it let be as one being made (a minute
       young) is not named a stray by the same command seconds later, when
       a deep check ends. */
    if (!ret)
        archive_strays(root, &strays);
    if (!ret)
        ret = store_open(root, CATALOG_READONLY, &c, out);
    if (ret) {
        archive_lock_release(&lk);
        strbuf_release(&strays);
        return ret;
    }
    memset(&rows, 0, sizeof(rows));
    if (catalog_bundles(c, &rows, out)) {
        ret = ERR_CATALOG;
        goto out;
    }
    jobs = xcalloc(rows.nrows + 1, sizeof(*jobs));
    for (i = 0; i < rows.nrows; i++) {
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, table_cell(&rows, i, 2));
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
    catalog_check(c, deep, &dl);
    verify_worker(&pool);
    if (threaded)
        pthread_join(worker, NULL);
    pthread_mutex_destroy(&pool.lock);
    for (i = 0; i < rows.nrows; i++) {
        struct vjob *j = &jobs[i];
        const char *event = table_cell(&rows, i, 0);
        int version = (int)strtol(table_cell(&rows, i, 1), NULL, 10);
        size_t errors = dl.nr_errors;

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
        if (strcmp(j->sha, table_cell(&rows, i, 4)) ||
            j->size != strtoll(table_cell(&rows, i, 3), NULL, 10))
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
        /* A bundle that is what the catalogue recorded: is it what its
           inputs make? */
        if (deep && ck && dl.nr_errors == errors)
            remake(ck, j->path, res, &dl);
    }
    scan_bundles(root, &disk, &n_disk);
    for (i = 0; i < n_disk; i++) {
        /* rows are sorted by path, as disk is */
        char *key = disk[i];
        size_t lo = 0, hi = rows.nrows;
        int found = 0;
        while (lo < hi && !found) {
            size_t mid = (lo + hi) / 2;
            int d = strcmp(key, table_cell(&rows, mid, 2));
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
    for (line = strays.buf; *line && (nl = strchr(line, '\n')); line = nl + 1)
        diag_error(&dl, NULL, 0, 0, "%.*s", (int)(nl - line), line);
    res->problems = dl.nr_errors;
    res->bundles = rows.nrows;
    res->files = n_files;
    res->bytes = bytes;
    res->seconds = now_seconds() - t0;
    diag_list_append(out, &dl);
    ret = res->problems ? ERR_DATA : ERR_OK;
out:
    for (i = 0; jobs && i < rows.nrows; i++) {
        free(jobs[i].path);
        manifest_release(&jobs[i].m);
        diag_list_release(&jobs[i].dl);
    }
    free(jobs);
    free_list(disk, n_disk);
    table_release(&rows);
    catalog_close(c);
    archive_lock_release(&lk);
    strbuf_release(&path);
    strbuf_release(&strays);
    diag_list_release(&dl);
    return ret;
}


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
static enum err carry_merges(const char *old, struct catalog *to,
                             struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct table r;
    struct catalog *from = NULL;
    size_t i;
    enum err ret = ERR_OK;

    memset(&r, 0, sizeof(r));
    if (!file_is_regular(old))
        return ERR_OK;
    if (catalog_open(old, 0, &from, &dl) || catalog_merges(from, &r, &dl)) {
        diag_list_append(out, &dl);
        diag_warning(out, NULL, 0, 0,
                     "the old catalogue cannot be read; its people merges "
                     "are lost");
    }
    for (i = 0; i < r.nrows && !ret; i++)
        if (catalog_add_merge(to, table_cell(&r, i, 0),
                              table_cell(&r, i, 1), out))
            ret = ERR_CATALOG;
    table_release(&r);
    catalog_close(from);
    diag_list_release(&dl);
    return ret;
}

/* Remove the catalogue at path and the files SQLite keeps beside it. */
static void unlink_catalog(const char *path)
{
    static const char *const tails[] = {"", "-wal", "-shm", "-journal"};
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    for (i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s%s", path, tails[i]);
        unlink(sb.buf);
    }
    strbuf_release(&sb);
}

enum err archive_rebuild(const char *root, const struct archive_loader *ld,
                         struct archive_rebuild_result *res,
                         struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT, tmpcat = STRBUF_INIT, cat = STRBUF_INIT;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct found *found = NULL;
    struct catalog *c = NULL;
    char **disk = NULL;
    size_t n_disk = 0, n_found = 0, alloc = 0, i;
    enum err ret;

    memset(res, 0, sizeof(*res));
    if (!file_is_dir(root)) {
        diag_error(dl, NULL, 0, 0, "no archive at '%s'", root);
        return ERR_NOINPUT;
    }
    strbuf_addf(&cat, "%s/%s", root, CATALOG_FILE);
    ret = store_lock_writer(root, &lk, dl);
    if (ret)
        goto out;
    scan_bundles(root, &disk, &n_disk);
    for (i = 0; i < n_disk; i++) {
        struct manifest m;
        struct bundle *b;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, disk[i]);
        b = bundle_open_checked(path.buf, &m, dl);
        if (b) {
            ALLOC_GROW(found, n_found + 1, alloc);
            found[n_found].rel = xstrdup(disk[i]);
            found[n_found].event = xstrdup(m.event);
            found[n_found].created = xstrdup(m.created ? m.created : "");
            found[n_found].version = m.version;
            n_found++;
        } else {
            res->left_out++;
        }
        bundle_close(b);
        manifest_release(&m);
    }
    qsort(found, n_found, sizeof(*found), cmp_found);

    strbuf_addf(&tmpcat, "%s.rebuild", cat.buf);
    unlink_catalog(tmpcat.buf);
    ret = file_mkdirs(root, dl);
    if (!ret)
        ret = catalog_open(tmpcat.buf, CATALOG_CREATE, &c, dl);
    if (ret) {
        ret = ERR_CREATE;
        goto out;
    }
    ret = carry_merges(cat.buf, c, dl);
    for (i = 0; i < n_found && !ret; i++) {
        struct archive_staging st = ARCHIVE_STAGING_INIT;
        const struct event *ev = NULL;
        const struct event_ranking *er = NULL;
        struct manifest m;
        struct bundle *b;
        enum err e;

        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, found[i].rel);
        b = bundle_open_checked(path.buf, &m, dl);
        if (!b) {
            res->left_out++;
            manifest_release(&m);
            continue;
        }
        e = archive_staging_make(root, "rebuild", &st, dl);
        if (!e)
            e = bundle_extract(b, st.dir, dl);
        if (!e)
            e = ld->load(ld->arg, st.dir, path.buf, &ev, &er, dl);
        if (!e)
            e = store_record(c, ev, er, m.event, &m, found[i].rel,
                             bundle_size(b), bundle_sha256(b), NULL, dl);
        if (e) {
            diag_error(dl, NULL, 0, 0, "%s: not taken into the catalogue",
                       path.buf);
            res->left_out++;
        } else {
            res->added++;
        }
        ld->release(ld->arg);
        archive_staging_remove(&st);
        bundle_close(b);
        manifest_release(&m);
    }
    if (!ret && catalog_counts(c, res->counts, dl))
        ret = ERR_CATALOG;
    test_point("rebuilt");
    catalog_close(c);
    c = NULL;
    if (ret) {
        unlink_catalog(tmpcat.buf);
        goto out;
    }
    if (rename(tmpcat.buf, cat.buf)) {
        diag_error(dl, NULL, 0, 0,
                   "%s: cannot put the new catalogue in place: %s", cat.buf,
                   strerror(errno));
        ret = ERR_CREATE;
        goto out;
    }
    res->catalog = xstrdup(cat.buf);
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
    return ret;
}

void archive_rebuild_result_release(struct archive_rebuild_result *res)
{
    free(res->catalog);
    memset(res, 0, sizeof(*res));
}
