/* pipeline/transfer: an event's bundle out of the archive and into it.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include "pipeline/transfer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/manifest.h"
#include "archive/store.h"
#include "core/event.h"
#include "pipeline/build.h"
#include "pipeline/prepare.h"
#include "util/date.h"
#include "util/file.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

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

/* 1 when path is absent or an empty folder. */
static int empty_or_absent(const char *path)
{
    DIR *d;
    struct dirent *de;
    int empty;

    if (!file_is_dir(path) && !file_is_regular(path))
        return 1;
    d = opendir(path);
    empty = d != NULL;
    while (d && (de = readdir(d)) != NULL)
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
            empty = 0;
    if (d)
        closedir(d);
    return empty;
}

/* Unpack b into out beside it and rename: a failure leaves nothing. */
static enum err unpack_to(struct bundle *b, const char *out,
                          struct diag_list *dl)
{
    struct strbuf tmpdir = STRBUF_INIT;
    char *parent = xstrdup(out), *slash = strrchr(parent, '/');
    enum err e = ERR_OK;

    if (slash && slash != parent) {
        *slash = '\0';
        e = file_mkdirs(parent, dl);
    }
    free(parent);
    strbuf_addf(&tmpdir, "%s.tmp-XXXXXX", out);
    if (!e && !mkdtemp(tmpdir.buf)) {
        diag_error(dl, out, 0, 0, "cannot create: %s", strerror(errno));
        e = ERR_CREATE;
        strbuf_reset(&tmpdir);
    }
    if (!e)
        e = bundle_extract(b, tmpdir.buf, dl);
    if (!e && file_is_dir(out) && rmdir(out)) {
        diag_error(dl, out, 0, 0, "cannot replace: %s", strerror(errno));
        e = ERR_CREATE;
    }
    if (!e && rename(tmpdir.buf, out)) {
        diag_error(dl, out, 0, 0, "cannot put the export in place: %s",
                   strerror(errno));
        e = ERR_CREATE;
    }
    if (e && tmpdir.len) {
        archive_remove_tree(tmpdir.buf);
        name_export_files(dl, tmpdir.buf, out);
    }
    strbuf_release(&tmpdir);
    return e;
}

enum err transfer_export(const char *root, const char *event_id, int version,
                         const char *out, struct transfer_result *res,
                         struct diag_list *dl)
{
    struct table info, secs, vers;
    struct strbuf path = STRBUF_INIT;
    struct catalog *c = NULL;
    struct bundle *b = NULL;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct catalog_version cv;
    struct manifest m;
    const char *rel = NULL;
    size_t i;
    int v = 0;
    enum err e;

    memset(res, 0, sizeof(*res));
    memset(&info, 0, sizeof(info));
    memset(&secs, 0, sizeof(secs));
    memset(&vers, 0, sizeof(vers));
    manifest_init(&m);
    memset(&cv, 0, sizeof(cv));
    e = store_lock_reader(root, &lk, dl);
    if (!e)
        e = store_open(root, CATALOG_READONLY, &c, dl);
    if (!e)
        e = catalog_event_show(c, event_id, &info, &secs, &vers, dl);
    if (e)
        goto out;
    for (i = 0; i < vers.nrows; i++) {
        int vi = (int)strtol(table_cell(&vers, i, 0), NULL, 10);
        if (version ? vi == version
                    : !strcmp(table_cell(&vers, i, 5), "current")) {
            rel = table_cell(&vers, i, 1);
            v = vi;
        }
    }
    if (!info.nrows) {
        diag_error(dl, NULL, 0, 0,
                   "no event '%s' in the archive ('sekretar archive list' "
                   "lists them)",
                   event_id);
        e = ERR_NOINPUT;
        goto out;
    }
    if (!rel) {
        diag_error(dl, NULL, 0, 0, "event '%s' has no version %d", event_id,
                   version);
        e = ERR_NOINPUT;
        goto out;
    }
    if (!empty_or_absent(out)) {
        diag_error(dl, NULL, 0, 0, "%s exists and is not an empty folder",
                   out);
        e = ERR_CREATE;
        goto out;
    }
    strbuf_addf(&path, "%s/%s", root, rel);
    b = bundle_open_checked(path.buf, &m, dl);
    if (!b) {
        diag_error(dl, NULL, 0, 0,
                   "%s: the bundle does not match its manifest; nothing "
                   "exported",
                   path.buf);
        e = ERR_DATA;
        goto out;
    }
    /* Its own manifest can be forged with it: the catalogue has the say. */
    catalog_version_get(c, event_id, v, &cv);
    if (!cv.version || strcmp(cv.sha256, bundle_sha256(b)) ||
        cv.size != bundle_size(b) || m.version != v || !m.event ||
        strcmp(m.event, event_id)) {
        diag_error(dl, NULL, 0, 0,
                   "%s is not the bundle the catalogue recorded as version %d "
                   "of '%s' (SHA-256 %s, recorded %s); nothing exported",
                   path.buf, v, event_id, bundle_sha256(b),
                   cv.sha256 ? cv.sha256 : "none");
        e = ERR_DATA;
        goto out;
    }
    e = unpack_to(b, out, dl);
    if (!e) {
        res->version = v;
        res->files = bundle_count(b);
    }
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
    return e;
}

enum err transfer_import(const char *root, const char *zip,
                         struct transfer_result *res, struct diag_list *dl)
{
    struct strbuf bytes = STRBUF_INIT, date = STRBUF_INIT;
    struct archive_staging st = ARCHIVE_STAGING_INIT;
    struct archive_staging made_st = ARCHIVE_STAGING_INIT;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct store_probe probe;
    struct catalog *c = NULL;
    struct bundle *b = NULL;
    struct prepared p;
    struct manifest m;
    char *prev = NULL;
    int made = 0, had_root = file_is_dir(root);
    enum err e;

    memset(res, 0, sizeof(*res));
    memset(&probe, 0, sizeof(probe));
    memset(&p, 0, sizeof(p));
    manifest_init(&m);
    if (!file_is_regular(zip)) {
        diag_error(dl, NULL, 0, 0, "no bundle '%s'", zip);
        return ERR_NOINPUT;
    }
    b = bundle_open_checked(zip, &m, dl);
    if (!b) {
        diag_error(dl, NULL, 0, 0, "%s: refused; nothing was imported", zip);
        e = ERR_DATA;
        goto out;
    }
    e = archive_staging_make(root, "import", &st, dl);
    if (!e)
        e = bundle_extract(b, st.dir, dl);
    if (e)
        goto out;
    e = prepare_bundle_folder(st.dir, "import", zip, &p, dl);
    if (e)
        goto out;
    date_format_iso(&date, &p.ev->start);
    if (strncmp(m.event, date.buf, date.len) || m.event[date.len] != '-') {
        diag_error(dl, NULL, 0, 0,
                   "%s: event id '%s' does not start with the event's start "
                   "date %s; refused",
                   zip, m.event, date.buf);
        e = ERR_DATA;
        goto out;
    }
    /* An id the archive cannot file is said before anything is made. */
    e = store_id_check(m.event, dl);
    if (e)
        goto out;
    /* Its results and documents must be what a build of its inputs makes,
       byte for byte, and it may hold nothing else: a manifest written to
       match forged files says nothing. */
    e = archive_staging_make(root, "derive", &made_st, dl);
    if (!e)
        e = build_check_bundle(&p, &m, bundle_bytes(b), (size_t)bundle_size(b),
                               made_st.dir, zip, dl);
    if (e == ERR_DATA)
        diag_error(dl, NULL, 0, 0,
                   "%s: refused: it does not hold what a build of its inputs "
                   "makes; nothing was imported",
                   zip);
    if (e)
        goto out;
    e = file_read(zip, BUNDLE_MAX_SIZE, &bytes, dl);
    if (e) {
        e = ERR_IO;
        goto out;
    }
    e = store_open_writer(root, CATALOG_CREATE, &lk, &c, &made, dl);
    if (!e)
        e = store_probe(root, c, m.event, &probe, dl);
    if (e)
        goto out;
    if (probe.catalog_version && !strcmp(probe.catalog_sha, bundle_sha256(b))) {
        res->already = 1;
        res->relpath = xstrdup(probe.relpath);
        res->version = probe.catalog_version;
        goto out;
    }
    if (m.version < store_next_version(&probe)) {
        diag_error(dl, NULL, 0, 0,
                   "%s: the archive has version %d of '%s'; this bundle is "
                   "version %d",
                   zip, probe.catalog_version, m.event, m.version);
        e = ERR_DATA;
        goto out;
    }
    e = store_commit(root, c, p.ev, &p.er, m.event, &probe, &m, &bytes, &prev,
                     dl);
    if (e)
        goto out;
    made = 0;
    res->relpath = xstrdup(probe.relpath);
    res->version = m.version;
out:
    archive_staging_remove(&made_st);
    archive_staging_remove(&st);
    prepared_release(&p);
    bundle_close(b);
    if (c && made && store_has_event(c, m.event))
        made = 0; /* a commit that failed after the catalogue's */
    manifest_release(&m);
    catalog_close(c);
    if (e)
        store_undo_new(root, made || !had_root);
    archive_lock_release(&lk);
    free(prev);
    store_probe_release(&probe);
    strbuf_release(&bytes);
    strbuf_release(&date);
    return e;
}

void transfer_result_release(struct transfer_result *res)
{
    free(res->relpath);
    memset(res, 0, sizeof(*res));
}
