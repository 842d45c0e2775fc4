/* cli/store: bundles in the archive folder and their versions.
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include "cli/store.h"

#include <errno.h>
#include <dirent.h>
#include <sys/file.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive/bundle.h"
#include "archive/commit.h"
#include "cli/cli.h"
#include "cli/ranked.h"
#include "core/event.h"
#include "util/file.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

const char *store_root(const char *opt)
{
    const char *env = getenv("SEKRETAR_ARCHIVE");

    if (opt)
        return opt;
    return env && *env ? env : "archive";
}

int store_open(const char *root, unsigned flags, struct catalog **out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    enum err e = ERR_OK;

    *out = NULL;
    if (flags & CATALOG_CREATE)
        e = file_mkdirs(root, &dl);
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (!e)
        e = catalog_open(path.buf, flags, out, &dl);
    if (e == ERR_NOINPUT) {
        cli_error("no catalogue at '%s'; 'sekretar build DIR' makes one, "
                  "'sekretar archive rebuild' remakes it from the bundles",
                  path.buf);
    } else if (e) {
        cli_print_diags(&dl, stderr, 0);
    }
    diag_list_release(&dl);
    strbuf_release(&path);
    return e ? cli_exit_code(e) : 0;
}

/* The name a version keeps when the next replaces it: "2023/ID-v1.zip". */
static char *version_path(const char *event_id, int v)
{
    struct strbuf sb = STRBUF_INIT;

    strbuf_addf(&sb, "%.4s/%s-v%d.zip", event_id, event_id, v);
    return strbuf_detach(&sb, NULL);
}

int store_probe(const char *root, struct catalog *c, const char *event_id,
                struct store_probe *p)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    struct catalog_version cv;
    char hex[65];
    long long size = 0;
    char *prev = NULL;
    enum err e;
    int ret = 0;

    memset(p, 0, sizeof(*p));
    strbuf_addf(&sb, "%.4s/%s.zip", event_id, event_id);
    p->relpath = strbuf_detach(&sb, NULL);
    strbuf_addf(&sb, "%s/%s", root, p->relpath);
    p->abspath = strbuf_detach(&sb, NULL);
    catalog_version_get(c, event_id, 0, &cv);
    if (!cv.version) {
        catalog_version_release(&cv);
        if (!file_is_regular(p->abspath))
            return 0;
        cli_error("%s is a bundle the catalogue does not know; nothing was "
                  "changed ('sekretar archive rebuild' takes it in)",
                  p->abspath);
        return EXIT_DATAERR;
    }
    p->catalog_version = cv.version;
    p->catalog_size = cv.size;
    p->software = xstrdup(cv.software);
    memcpy(p->catalog_sha, cv.sha256,
           strlen(cv.sha256) < 64 ? strlen(cv.sha256) + 1 : 65);
    p->catalog_sha[64] = '\0';
    e = archive_file_sha256(p->abspath, hex, &size, &dl);
    if (e == ERR_NOINPUT) {
        cli_error("%s, version %d of '%s', is missing; nothing was changed "
                  "('sekretar archive verify' tells more)",
                  p->abspath, cv.version, event_id);
        ret = EXIT_DATAERR;
    } else if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
    } else if (strcmp(hex, p->catalog_sha) || size != cv.size ||
               strcmp(cv.path, p->relpath)) {
        cli_error("%s is not the bundle the catalogue recorded as version %d "
                  "of '%s'; nothing was changed ('sekretar archive verify' "
                  "tells more)",
                  p->abspath, cv.version, event_id);
        ret = EXIT_DATAERR;
    }
    if (!ret) {
        /* The name the current version will keep must be free (or its). */
        prev = version_path(event_id, cv.version);
        strbuf_addf(&sb, "%s/%s", root, prev);
        diag_list_release(&dl);
        if (file_is_regular(sb.buf) &&
            (archive_file_sha256(sb.buf, hex, NULL, &dl) ||
             strcmp(hex, p->catalog_sha))) {
            cli_error("%s exists and is not version %d of '%s'; move it away "
                      "(nothing was changed)",
                      sb.buf, cv.version, event_id);
            ret = EXIT_CANTCREAT;
        }
    }
    free(prev);
    strbuf_release(&sb);
    catalog_version_release(&cv);
    diag_list_release(&dl);
    return ret;
}

void store_probe_release(struct store_probe *p)
{
    free(p->relpath);
    free(p->abspath);
    free(p->software);
    memset(p, 0, sizeof(*p));
}

int store_has_event(struct catalog *c, const char *event_id)
{
    struct catalog_version v;
    int got = event_id ? catalog_version_get(c, event_id, 0, &v) : 0;

    if (event_id)
        catalog_version_release(&v);
    return got > 0;
}

int store_next_version(const struct store_probe *p)
{
    return p->catalog_version + 1;
}

int store_hash_inputs(const struct bundle_source *src, size_t n,
                      struct manifest *inputs)
{
    struct diag_list dl = DIAG_LIST_INIT;
    size_t i;
    int ret = 0;

    for (i = 0; i < n && !ret; i++) {
        char hex[65];
        long long size;
        enum err e;
        if (src[i].role != ROLE_INPUT)
            continue;
        e = archive_file_sha256(src[i].path, hex, &size, &dl);
        if (e) {
            cli_print_diags(&dl, stderr, 0);
            ret = cli_exit_code(e);
        } else {
            manifest_add(inputs, src[i].name, size, hex, src[i].media_type,
                         ROLE_INPUT);
        }
    }
    manifest_sort(inputs);
    diag_list_release(&dl);
    return ret;
}

size_t store_same_inputs(struct catalog *c, const char *event_id,
                         const struct store_probe *p,
                         const struct manifest *inputs, const char *software)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct catalog_rows rows;
    size_t i, n = 0, n_files;
    int same;

    if (!p->catalog_version || !p->software || strcmp(p->software, software))
        return 0;
    memset(&rows, 0, sizeof(rows));
    same = !catalog_bundle_files(c, event_id, p->catalog_version, &rows, &dl);
    for (i = 0; same && i < rows.nrows; i++) {
        const struct manifest_file *f;
        if (strcmp(catalog_cell(&rows, i, 4), "input"))
            continue;
        n++;
        f = manifest_find(inputs, catalog_cell(&rows, i, 0));
        same = f && f->size == strtoll(catalog_cell(&rows, i, 1), NULL, 10) &&
               !strcmp(f->sha256, catalog_cell(&rows, i, 2));
    }
    n_files = same && n == inputs->n ? rows.nrows : 0;
    catalog_rows_release(&rows);
    diag_list_release(&dl);
    return n_files;
}

int store_record(struct catalog *c, const struct ranked *r,
                 const char *event_id, const struct manifest *m,
                 const char *relpath, long long size, const char *sha,
                 const char *prev_relpath)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct catalog_section *cs = xcalloc(r->n + 1, sizeof(*cs));
    struct catalog_bundle cb;
    enum err e;
    size_t i;

    for (i = 0; i < r->n; i++) {
        cs[i].sec = r->ld.items[i].section;
        cs[i].s = RANKED_S(r, i);
    }
    memset(&cb, 0, sizeof(cb));
    cb.event_id = event_id;
    cb.ev = r->ld.ev;
    cb.sections = cs;
    cb.n_sections = r->n;
    cb.m = m;
    cb.path = relpath;
    cb.size = size;
    cb.sha256 = sha;
    cb.previous_path = prev_relpath;
    e = catalog_add_bundle(c, &cb, &dl);
    if (e)
        cli_print_diags(&dl, stderr, 0);
    diag_list_release(&dl);
    free(cs);
    return e ? cli_exit_code(e) : 0;
}

int store_commit(const char *root, struct catalog *c, const struct ranked *r,
                 const char *event_id, const struct store_probe *p,
                 const struct manifest *m, const struct strbuf *zip,
                 char **prev_rel)
{
    struct diag_list dl = DIAG_LIST_INIT;
    char *prev = NULL;
    char hex[65];
    enum err e;
    int ret;

    *prev_rel = NULL;
    if (p->catalog_version)
        prev = version_path(event_id, p->catalog_version);
    e = archive_write_pending(root, p->relpath, zip->buf, zip->len, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        free(prev);
        return cli_exit_code(e);
    }
    cli_test_point("pending");
    sha256_hex(zip->buf, zip->len, hex);
    ret = store_record(c, r, event_id, m, p->relpath, (long long)zip->len, hex,
                       prev);
    if (ret) {
        archive_drop_pending(root, p->relpath);
        free(prev);
        diag_list_release(&dl);
        return ret;
    }
    /* Committed: from here on the next writer would finish it. */
    cli_test_point("committed");
    e = archive_finish(root, p->relpath, prev, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        cli_error("version %d of '%s' is in the catalogue; the next build, "
                  "import or 'sekretar archive verify' puts its bundle in "
                  "place",
                  m->version, event_id);
        ret = cli_exit_code(e);
    }
    *prev_rel = prev;
    diag_list_release(&dl);
    return ret;
}

/* Say on fp what archive_recover() did, a line each. */
static void say_recovered(const struct strbuf *rep, FILE *fp)
{
    const char *s = rep->buf, *nl;

    while (s && *s && (nl = strchr(s, '\n')) != NULL) {
        fprintf(fp, "sekretar: %.*s\n", (int)(nl - s), s);
        s = nl + 1;
    }
}

/* Finish or undo what stopped commands left (holding the exclusive lock). */
static enum err recover(const char *root, struct catalog *c, FILE *report,
                        struct diag_list *dl)
{
    struct strbuf rep = STRBUF_INIT;
    enum err e = archive_recover(root, c, &rep, dl);

    say_recovered(&rep, report);
    strbuf_release(&rep);
    return e;
}

int store_lock_writer(const char *root, struct archive_lock *lk)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    struct catalog *c = NULL;
    enum err e;

    e = archive_lock_take(root, 1, lk, &dl);
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (!e && file_is_regular(path.buf))
        e = catalog_open(path.buf, 0, &c, &dl);
    if (!e)
        e = recover(root, c, stderr, &dl);
    catalog_close(c);
    if (e)
        cli_print_diags(&dl, stderr, 0);
    strbuf_release(&path);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : 0;
}

int store_open_writer(const char *root, unsigned flags, struct archive_lock *lk,
                      struct catalog **c, int *created)
{
    struct strbuf path = STRBUF_INIT;
    int ret;

    *c = NULL;
    *created = 0;
    if (!(flags & CATALOG_CREATE) && !file_is_dir(root))
        return store_open(root, flags, c); /* says there is none */
    ret = store_lock_writer(root, lk);
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    *created = !file_is_regular(path.buf);
    if (!ret)
        ret = store_open(root, flags, c);
    strbuf_release(&path);
    return ret;
}

int store_lock_reader(const char *root, struct archive_lock *lk, FILE *report)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    struct catalog *c = NULL;
    enum err e = ERR_OK;

    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (file_is_regular(path.buf) && !access(root, W_OK) &&
        !access(path.buf, W_OK)) {
        e = archive_lock_take(root, 1, lk, &dl);
        if (!e)
            e = catalog_open(path.buf, 0, &c, &dl);
        if (!e)
            e = recover(root, c, report ? report : stderr, &dl);
        catalog_close(c);
        if (!e && lk->fd >= 0 && flock(lk->fd, LOCK_SH))
            e = ERR_IO;
    } else {
        e = archive_lock_take(root, 0, lk, &dl);
    }
    if (e)
        cli_print_diags(&dl, stderr, 0);
    strbuf_release(&path);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : 0;
}

/* 1 when the folder dir holds nothing but the archive's lock file. */
static int only_lock_in(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int others = 0;

    if (!d)
        return 0;
    while ((de = readdir(d)) != NULL)
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
            strcmp(de->d_name, ARCHIVE_LOCK_FILE))
            others = 1;
    closedir(d);
    return !others;
}

void store_undo_new(const char *root, int created)
{
    static const char *const tails[] = {"", "-wal", "-shm", "-journal"};
    struct strbuf path = STRBUF_INIT;
    size_t i;

    if (!created)
        return;
    for (i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s%s", root, CATALOG_FILE, tails[i]);
        unlink(path.buf);
    }
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/%s", root, ARCHIVE_STAGING);
    rmdir(path.buf);
    /* An archive folder that holds nothing else goes too. */
    if (only_lock_in(root)) {
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, ARCHIVE_LOCK_FILE);
        unlink(path.buf);
        rmdir(root);
    }
    strbuf_release(&path);
}

int store_staging(const char *root, const char *name,
                  struct archive_staging *st)
{
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e = archive_staging_make(root, name, st, &dl);

    if (e)
        cli_print_diags(&dl, stderr, 0);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : 0;
}

int store_load_bundle(const char *root, struct bundle *b, const char *label,
                      const char *cmd, struct archive_staging *st,
                      struct ranked *r)
{
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e;
    int ret;

    memset(r, 0, sizeof(*r));
    ret = store_staging(root, cmd, st);
    if (ret)
        return ret;
    e = bundle_extract(b, st->dir, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        return cli_exit_code(e);
    }
    diag_list_release(&dl);
    return ranked_load(st->dir, label, cmd, NULL, r);
}

void store_print_rows(const struct catalog_rows *r, enum table_format fmt,
                      FILE *fp)
{
    struct table tb;
    size_t i;

    table_init(&tb, r->ncols, (const char *const *)r->heads, r->align);
    for (i = 0; i < r->nrows; i++)
        table_add_row(&tb, (const char *const *)&r->cells[i * r->ncols]);
    table_print(&tb, fmt, fp);
    table_release(&tb);
}

int store_bad_option(const char *cmd, int c, char **argv)
{
    const char *arg = optind > 0 ? argv[optind - 1] : "";

    if (c == ':')
        return cli_usage_error(cmd, "option '%s' wants a value", arg);
    return cli_usage_error(cmd, "unknown option '%s'", arg);
}
