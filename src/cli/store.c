/* cli/store: bundles in the archive folder and their versions.
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include "cli/store.h"

#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive/bundle.h"
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

int store_probe(const char *root, struct catalog *c, const char *event_id,
                struct store_probe *p)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    struct bundle *b = NULL;
    char *cpath = NULL, *csha = NULL;
    enum err e;
    int ret = 0;

    memset(p, 0, sizeof(*p));
    manifest_init(&p->disk);
    strbuf_addf(&sb, "%.4s/%s.zip", event_id, event_id);
    p->relpath = strbuf_detach(&sb, NULL);
    strbuf_addf(&sb, "%s/%s", root, p->relpath);
    p->abspath = strbuf_detach(&sb, NULL);
    p->catalog_version = catalog_current(c, event_id, &cpath, &csha);
    free(cpath);
    free(csha);
    if (!file_is_regular(p->abspath))
        return 0;
    e = bundle_open(p->abspath, &b, &dl);
    if (!e)
        e = bundle_manifest(b, &p->disk, &dl);
    if (!e && (!p->disk.event || strcmp(p->disk.event, event_id))) {
        diag_error(&dl, p->abspath, 0, 0, "the bundle is of event '%s'",
                   p->disk.event ? p->disk.event : "");
        e = ERR_ARCHIVE;
    }
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        cli_error("the current bundle '%s' is damaged; 'sekretar archive "
                  "verify' tells more",
                  p->abspath);
        ret = EXIT_DATAERR;
    } else {
        p->disk_version = p->disk.version;
        p->disk_size = bundle_size(b);
        memcpy(p->disk_sha, bundle_sha256(b), sizeof(p->disk_sha));
    }
    bundle_close(b);
    diag_list_release(&dl);
    return ret;
}

void store_probe_release(struct store_probe *p)
{
    free(p->relpath);
    free(p->abspath);
    manifest_release(&p->disk);
    memset(p, 0, sizeof(*p));
}

int store_next_version(const struct store_probe *p)
{
    int v = p->catalog_version > p->disk_version ? p->catalog_version
                                                 : p->disk_version;
    return v + 1;
}

void store_result_release(struct store_result *res)
{
    free(res->prev_relpath);
    memset(res, 0, sizeof(*res));
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
        cs[i].s = &r->s[i];
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

/* The name the version before keeps: "2023/ID-v1.zip". */
static char *version_path(const char *event_id, int v)
{
    struct strbuf sb = STRBUF_INIT;

    strbuf_addf(&sb, "%.4s/%s-v%d.zip", event_id, event_id, v);
    return strbuf_detach(&sb, NULL);
}

/* Keep the current bundle as version v under its own name (a hard link). */
static int keep_previous(const char *root, const struct store_probe *p,
                         const char *prev_rel)
{
    struct strbuf abs = STRBUF_INIT;
    int ret = 0;

    strbuf_addf(&abs, "%s/%s", root, prev_rel);
    if (!link(p->abspath, abs.buf)) {
        ret = 0;
    } else if (errno != EEXIST) {
        cli_error("%s: cannot keep the previous version: %s", abs.buf,
                  strerror(errno));
        ret = EXIT_CANTCREAT;
    } else {
        /* A build stopped after the link: the same bytes are fine. */
        struct diag_list dl = DIAG_LIST_INIT;
        struct bundle *b = NULL;
        if (bundle_open(abs.buf, &b, &dl) ||
            strcmp(bundle_sha256(b), p->disk_sha)) {
            cli_error("%s exists and is not the current bundle; move it away",
                      abs.buf);
            ret = EXIT_CANTCREAT;
        }
        bundle_close(b);
        diag_list_release(&dl);
    }
    strbuf_release(&abs);
    return ret;
}

int store_load_bundle(struct bundle *b, const char *label, const char *cmd,
                      struct strbuf *tmp, struct ranked *r)
{
    struct diag_list dl = DIAG_LIST_INIT;
    int ret;

    memset(r, 0, sizeof(*r));
    ret = store_tmpdir(tmp);
    if (ret)
        return ret;
    if (bundle_extract(b, tmp->buf, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        return EXIT_CANTCREAT;
    }
    diag_list_release(&dl);
    return ranked_load(tmp->buf, label, cmd, NULL, r);
}

/*
 * Take into the catalogue the current bundle that a build stopped before
 * its commit left on disk (the catalogue knows an older version or none),
 * so that no bundle of the archive is unknown to it; from then on it is the
 * catalogued current version.
 */
static int adopt_unrecorded(struct catalog *c, const char *event_id,
                            struct store_probe *p)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf tmp = STRBUF_INIT;
    struct bundle *b = NULL;
    struct ranked r;
    char *prev = NULL;
    int ret;

    memset(&r, 0, sizeof(r));
    if (bundle_open(p->abspath, &b, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        return EXIT_DATAERR;
    }
    ret = store_load_bundle(b, p->abspath, "build", &tmp, &r);
    if (p->catalog_version)
        prev = version_path(event_id, p->catalog_version);
    if (!ret)
        ret = store_record(c, &r, event_id, &p->disk, p->relpath,
                           bundle_size(b), bundle_sha256(b), prev);
    if (!ret)
        p->catalog_version = p->disk_version;
    free(prev);
    ranked_release(&r);
    if (tmp.len)
        store_remove_tree(tmp.buf);
    strbuf_release(&tmp);
    bundle_close(b);
    diag_list_release(&dl);
    return ret;
}

int store_commit(const char *root, struct catalog *c, const struct ranked *r,
                 const char *event_id, struct store_probe *p,
                 const struct manifest *m, const struct strbuf *zip,
                 struct store_result *res)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf dir = STRBUF_INIT;
    char hex[65];
    char *slash;
    int ret = 0;
    enum err e;

    memset(res, 0, sizeof(*res));
    if (p->disk_version && manifest_same_files(m, &p->disk)) {
        res->unchanged = 1;
        if (p->catalog_version >= p->disk_version)
            return 0;
        /* A build stopped between the rename and the commit. */
        if (p->catalog_version)
            res->prev_relpath = version_path(event_id, p->catalog_version);
        res->recorded = 1;
        return store_record(c, r, event_id, &p->disk, p->relpath, p->disk_size,
                            p->disk_sha, res->prev_relpath);
    }
    if (p->disk_version > p->catalog_version) {
        ret = adopt_unrecorded(c, event_id, p);
        if (ret)
            return ret;
    }
    if (p->disk_version) {
        res->prev_relpath = version_path(event_id, p->disk_version);
        ret = keep_previous(root, p, res->prev_relpath);
        if (ret)
            return ret;
        if (p->catalog_version != p->disk_version) {
            free(res->prev_relpath);
            res->prev_relpath = p->catalog_version
                                    ? version_path(event_id, p->catalog_version)
                                    : NULL;
        }
    } else if (p->catalog_version) {
        res->prev_relpath = version_path(event_id, p->catalog_version);
    }
    strbuf_addstr(&dir, p->abspath);
    slash = strrchr(dir.buf, '/');
    if (slash)
        strbuf_setlen(&dir, (size_t)(slash - dir.buf));
    e = file_mkdirs(dir.buf, &dl);
    if (!e)
        e = file_write_atomic(p->abspath, zip->buf, zip->len, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e); /* 74 for a full disk */
    }
    diag_list_release(&dl);
    strbuf_release(&dir);
    if (ret)
        return ret;
    sha256_hex(zip->buf, zip->len, hex);
    return store_record(c, r, event_id, m, p->relpath, (long long)zip->len, hex,
                        res->prev_relpath);
}

int store_tmpdir(struct strbuf *out)
{
    const char *t = getenv("TMPDIR");

    strbuf_addf(out, "%s/sekretar-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(out->buf)) {
        cli_error("cannot make a temporary folder '%s': %s", out->buf,
                  strerror(errno));
        return EXIT_CANTCREAT;
    }
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

void store_remove_tree(const char *dir)
{
    nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
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
