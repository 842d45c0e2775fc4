/* archive/store: an event's place in the archive, the locks of readers
 * and writers, versions, commits (see store.h).
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include "archive/store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/bundle.h"
#include "core/diploma.h"
#include "core/event.h"
#include "core/ranking.h"
#include "util/date.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/os.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/testpoint.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Append the slug of s: Latin lower-case words joined by '-'. */
static void slugify(struct strbuf *out, const char *s)
{
    struct strbuf lat = STRBUF_INIT;
    size_t i, start = out->len;
    int dash = 0;

    name_translit(&lat, s);
    for (i = 0; i < lat.len; i++) {
        char c = lat.buf[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (dash && out->len > start)
                strbuf_addch(out, '-');
            dash = 0;
            strbuf_addch(out, c);
        } else {
            dash = 1;
        }
    }
    strbuf_release(&lat);
}

/* The length of a "-vN" ending of id (a kept version's name), or 0. */
static size_t version_tail(const char *id)
{
    size_t n = strlen(id), k = n;

    while (k > 0 && id[k - 1] >= '0' && id[k - 1] <= '9')
        k--;
    if (k == n || k < 2 || id[k - 1] != 'v' || id[k - 2] != '-')
        return 0;
    return n - k + 2;
}

const char *store_id_problem(const char *event_id)
{
    if (strlen(event_id) > STORE_ID_MAX)
        return N_("it is longer than 100 characters");
    if (!name_is_slug(event_id, STORE_ID_MAX))
        return N_("it is not a-z, 0-9 and '-'");
    if (version_tail(event_id))
        return N_("it ends as the name of a kept version does ('-v1', "
                  "'-v2', ...)");
    return NULL;
}

/* "2023-06-01-u10-lviv": the start date and the folder's slug. */
enum err store_event_id(const struct event *ev, const char *dir,
                        const char *slug, struct strbuf *out,
                        struct diag_list *dl)
{
    struct strbuf base = STRBUF_INIT, s = STRBUF_INIT, date = STRBUF_INIT;
    char *path = NULL;
    const char *name;
    char year[8];
    size_t n, tail;
    enum err e = ERR_OK;

    if (!date_valid(&ev->start)) {
        diag_error(dl, NULL, 0, 0,
                   "%s: event.ini gives no start date; the archive files an "
                   "event under it",
                   ev->ini_file);
        return ERR_DATA;
    }
    date_format_iso(&date, &ev->start);
    if (slug) {
        slugify(&s, slug);
        if (!s.len || strcmp(s.buf, slug)) {
            diag_error(dl, NULL, 0, 0,
                       "--slug wants a-z, 0-9 and '-', like 'u10-lviv', "
                       "not '%s'",
                       slug);
            e = ERR_USAGE;
        } else if (s.len > STORE_SLUG_MAX) {
            diag_error(dl, NULL, 0, 0,
                       "--slug '%s' has %zu characters; an event's name in "
                       "the archive has at most %d",
                       slug, s.len, STORE_SLUG_MAX);
            e = ERR_USAGE;
        } else if ((tail = version_tail(s.buf)) != 0) {
            diag_error(dl, NULL, 0, 0,
                       "--slug '%s' ends as the name of a kept version does "
                       "('%s'); choose another, such as '%.*s-%s'",
                       slug, s.buf + s.len - tail, (int)(s.len - tail), s.buf,
                       s.buf + s.len - tail + 2);
            e = ERR_USAGE;
        }
    } else {
        path = realpath(dir, NULL);
        strbuf_addstr(&base, path ? path : dir);
        while (base.len > 1 && base.buf[base.len - 1] == '/')
            strbuf_setlen(&base, base.len - 1);
        name = strrchr(base.buf, '/');
        name = name ? name + 1 : base.buf;
        slugify(&s, name);
        /* The date and year are in the id already. */
        if (!strncmp(s.buf, date.buf, date.len) && s.buf[date.len] == '-') {
            memmove(s.buf, s.buf + date.len + 1, s.len - date.len);
            strbuf_setlen(&s, s.len - date.len - 1);
        }
        snprintf(year, sizeof(year), "-%d", ev->start.y);
        n = strlen(year);
        if (s.len > n && !strcmp(s.buf + s.len - n, year))
            strbuf_setlen(&s, s.len - n);
        if (!s.len)
            strbuf_addstr(&s, "event");
        /* Never cut: two long names that begin alike would be one event. */
        if (s.len > STORE_SLUG_MAX) {
            diag_error(dl, NULL, 0, 0,
                       "%s: the folder's name makes the name '%s' in the "
                       "archive, %zu characters, and it has at most %d; "
                       "give a shorter one with --slug",
                       dir, s.buf, s.len, STORE_SLUG_MAX);
            e = ERR_DATA;
        } else if ((tail = version_tail(s.buf)) != 0) {
            diag_error(dl, NULL, 0, 0,
                       "%s: the folder's name makes the name '%s' in the "
                       "archive, which ends as the name of a kept version "
                       "does ('%s'); give another with --slug, such as "
                       "'%.*s-%s'",
                       dir, s.buf, s.buf + s.len - tail, (int)(s.len - tail),
                       s.buf, s.buf + s.len - tail + 2);
            e = ERR_DATA;
        }
    }
    if (!e)
        strbuf_addf(out, "%s-%s", date.buf, s.buf);
    free(path);
    strbuf_release(&base);
    strbuf_release(&s);
    strbuf_release(&date);
    return e;
}

enum err store_open(const char *root, unsigned flags, struct catalog **out,
                    struct diag_list *dl)
{
    struct diag_list mine = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    enum err e = ERR_OK;

    *out = NULL;
    if (flags & CATALOG_CREATE)
        e = file_mkdirs(root, &mine);
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (!e)
        e = catalog_open(path.buf, flags, out, &mine);
    if (e == ERR_NOINPUT)
        diag_error(dl, NULL, 0, 0,
                   "no catalogue at '%s'; 'sekretar build DIR' makes one, "
                   "'sekretar archive rebuild' remakes it from the bundles",
                   path.buf);
    else
        diag_list_append(dl, &mine);
    diag_list_release(&mine);
    strbuf_release(&path);
    return e;
}

/* What archive_recover() did, a note each. */
static enum err recover(const char *root, struct catalog *c,
                        struct diag_list *dl)
{
    struct strbuf rep = STRBUF_INIT;
    enum err e = archive_recover(root, c, &rep, dl);
    const char *s = rep.buf, *nl;

    while (*s && (nl = strchr(s, '\n')) != NULL) {
        diag_note(dl, NULL, 0, 0, "%.*s", (int)(nl - s), s);
        s = nl + 1;
    }
    strbuf_release(&rep);
    return e;
}

enum err store_lock_writer(const char *root, struct archive_lock *lk,
                           struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    struct catalog *c = NULL;
    enum err e;

    e = archive_lock_take(root, 1, lk, dl);
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (!e && file_is_regular(path.buf))
        e = catalog_open(path.buf, 0, &c, dl);
    if (!e)
        e = recover(root, c, dl);
    catalog_close(c);
    strbuf_release(&path);
    return e;
}

enum err store_open_writer(const char *root, unsigned flags,
                           struct archive_lock *lk, struct catalog **c,
                           int *created, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    enum err e;

    *c = NULL;
    *created = 0;
    if (!(flags & CATALOG_CREATE) && !file_is_dir(root))
        return store_open(root, flags, c, dl); /* says there is none */
    e = store_lock_writer(root, lk, dl);
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    *created = !file_is_regular(path.buf);
    if (!e)
        e = store_open(root, flags, c, dl);
    strbuf_release(&path);
    return e;
}

enum err store_lock_reader(const char *root, struct archive_lock *lk,
                           struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    struct catalog *c = NULL;
    enum err e = ERR_OK;

    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (file_is_regular(path.buf) && !access(root, W_OK) &&
        !access(path.buf, W_OK)) {
        e = archive_lock_take(root, 1, lk, dl);
        if (!e)
            e = catalog_open(path.buf, 0, &c, dl);
        if (!e)
            e = recover(root, c, dl);
        catalog_close(c);
        if (!e && lk->fd >= 0 && flock(lk->fd, LOCK_SH))
            e = ERR_IO;
    } else {
        e = archive_lock_take(root, 0, lk, dl);
    }
    strbuf_release(&path);
    return e;
}

/* The name a version keeps when the next replaces it: "2023/ID-v1.zip". */
static char *version_path(const char *event_id, int v)
{
    struct strbuf sb = STRBUF_INIT;

    strbuf_addf(&sb, "%.4s/%s-v%d.zip", event_id, event_id, v);
    return strbuf_detach(&sb, NULL);
}

enum err store_id_check(const char *event_id, struct diag_list *dl)
{
    /* An imported bundle names its own id: "X-v1" would take the name
       version 1 of "X" moves to. */
    if (store_id_problem(event_id)) {
        diag_error(dl, NULL, 0, 0,
                   "event id '%s' cannot be filed in the archive: %s; "
                   "nothing was changed",
                   event_id, _(store_id_problem(event_id)));
        return ERR_DATA;
    }
    return ERR_OK;
}

enum err store_probe(const char *root, struct catalog *c, const char *event_id,
                     struct store_probe *p, struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    struct catalog_version cv;
    char hex[65];
    long long size = 0;
    char *prev = NULL;
    enum err e;
    enum err ret = ERR_OK;

    memset(p, 0, sizeof(*p));
    e = store_id_check(event_id, out);
    if (e)
        return e;
    strbuf_addf(&sb, "%.4s/%s.zip", event_id, event_id);
    p->relpath = strbuf_detach(&sb, NULL);
    strbuf_addf(&sb, "%s/%s", root, p->relpath);
    p->abspath = strbuf_detach(&sb, NULL);
    catalog_version_get(c, event_id, 0, &cv);
    if (!cv.version) {
        catalog_version_release(&cv);
        if (!file_is_regular(p->abspath))
            return 0;
        diag_error(out, NULL, 0, 0, "%s is a bundle the catalogue does not know; nothing was "
                  "changed ('sekretar archive rebuild' takes it in)",
                  p->abspath);
        return ERR_DATA;
    }
    p->catalog_version = cv.version;
    p->catalog_size = cv.size;
    p->software = xstrdup(cv.software);
    memcpy(p->catalog_sha, cv.sha256,
           strlen(cv.sha256) < 64 ? strlen(cv.sha256) + 1 : 65);
    p->catalog_sha[64] = '\0';
    e = archive_file_sha256(p->abspath, hex, &size, &dl);
    if (e == ERR_NOINPUT) {
        diag_error(out, NULL, 0, 0, "%s, version %d of '%s', is missing; nothing was changed "
                  "('sekretar archive verify' tells more)",
                  p->abspath, cv.version, event_id);
        ret = ERR_DATA;
    } else if (e) {
        diag_list_append(out, &dl);
        ret = e == ERR_DATA ? ERR_DATA : ERR_IO;
    } else if (strcmp(hex, p->catalog_sha) || size != cv.size ||
               strcmp(cv.path, p->relpath)) {
        diag_error(out, NULL, 0, 0, "%s is not the bundle the catalogue recorded as version %d "
                  "of '%s'; nothing was changed ('sekretar archive verify' "
                  "tells more)",
                  p->abspath, cv.version, event_id);
        ret = ERR_DATA;
    }
    if (!ret) {
        /* The name the current version will keep must be free (or its). */
        prev = version_path(event_id, cv.version);
        strbuf_addf(&sb, "%s/%s", root, prev);
        diag_list_release(&dl);
        if (file_is_regular(sb.buf) &&
            (archive_file_sha256(sb.buf, hex, NULL, &dl) ||
             strcmp(hex, p->catalog_sha))) {
            diag_error(out, NULL, 0, 0, "%s exists and is not version %d of '%s'; move it away "
                      "(nothing was changed)",
                      sb.buf, cv.version, event_id);
            ret = ERR_CREATE;
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

enum err store_hash_inputs(const struct bundle_source *src, size_t n,
                           struct manifest *inputs, struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    size_t i;
    enum err ret = ERR_OK;

    for (i = 0; i < n && !ret; i++) {
        char hex[65];
        long long size;
        enum err e;
        if (src[i].role != ROLE_INPUT)
            continue;
        e = archive_file_sha256(src[i].path, hex, &size, &dl);
        if (e) {
            diag_list_append(out, &dl);
            ret = e;
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
    struct table rows;
    size_t i, n = 0, n_files;
    int same;

    if (!p->catalog_version || !p->software || strcmp(p->software, software))
        return 0;
    memset(&rows, 0, sizeof(rows));
    same = !catalog_bundle_files(c, event_id, p->catalog_version, &rows, &dl);
    for (i = 0; same && i < rows.nrows; i++) {
        const struct manifest_file *f;
        if (strcmp(table_cell(&rows, i, 4), "input"))
            continue;
        n++;
        f = manifest_find(inputs, table_cell(&rows, i, 0));
        same = f && f->size == strtoll(table_cell(&rows, i, 1), NULL, 10) &&
               !strcmp(f->sha256, table_cell(&rows, i, 2));
    }
    n_files = same && n == inputs->n ? rows.nrows : 0;
    table_release(&rows);
    diag_list_release(&dl);
    return n_files;
}

enum err store_record(struct catalog *c, const struct event *ev,
                      const struct event_ranking *er, const char *event_id,
                      const struct manifest *m, const char *relpath,
                      long long size, const char *sha,
                      const char *prev_relpath, struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct catalog_section *cs = xcalloc(er->n + 1, sizeof(*cs));
    struct catalog_bundle cb;
    struct diploma_list dips;
    enum err e;
    size_t i;

    memset(&dips, 0, sizeof(dips));
    for (i = 0; i < er->n; i++) {
        cs[i].sec = er->sections[i].sec;
        cs[i].s = &er->sections[i].s;
        cs[i].ko = er->sections[i].ko;
        if (er->teams && er->teams[i].ranked && er->teams[i].teams)
            cs[i].teams = &er->teams[i];
        /* The diplomas its documents give, as render_diplomas() makes
           them: a team competition's from its teams' ranking. */
        diploma_collect(&dips, ev,
                        cs[i].teams ? cs[i].teams : &er->sections[i]);
    }
    memset(&cb, 0, sizeof(cb));
    cb.event_id = event_id;
    cb.ev = ev;
    cb.sections = cs;
    cb.n_sections = er->n;
    cb.m = m;
    cb.path = relpath;
    cb.size = size;
    cb.sha256 = sha;
    cb.previous_path = prev_relpath;
    cb.diplomas = dips.items;
    cb.n_diplomas = dips.n;
    e = catalog_add_bundle(c, &cb, &dl);
    diag_list_append(out, &dl);
    diag_list_release(&dl);
    diploma_list_release(&dips);
    free(cs);
    return e;
}

/* ---------------------------------------------------- one event, one id */

/*
 * 1 when a and b say the same: name_fold() forms equal (letter case,
 * apostrophes, punctuation and spacing aside); for a city, "м. Львів" is
 * "Львів".
 */
static int same_text(const char *a, const char *b, int city)
{
    struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
    const char *p, *q;
    int same;

    name_fold(&x, a ? a : "");
    name_fold(&y, b ? b : "");
    p = x.buf;
    q = y.buf;
    if (city) {
        if (!strncmp(p, "м ", 3))
            p += 3;
        if (!strncmp(q, "м ", 3))
            q += 3;
    }
    same = !strcmp(p, q);
    strbuf_release(&x);
    strbuf_release(&y);
    return same;
}

static int cmp_cstr(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "'TITLE' (CITY; sections a, b, c, ...)" for the message of a clash. */
static void describe(struct strbuf *sb, const char *title, const char *city,
                     const char *const *secs, size_t n)
{
    size_t i;

    strbuf_addf(sb, "'%s' (%s; %s ", title && *title ? title : "?",
                city && *city ? city : "?",
                n == 1 ? _("section") : _("sections"));
    for (i = 0; i < n && i < 5; i++)
        strbuf_addf(sb, "%s%s", i ? ", " : "", secs[i]);
    if (n > 5)
        strbuf_addf(sb, _(" and %zu more"), n - 5);
    strbuf_addch(sb, ')');
}

/*
 * Is ev the event the catalogue records as event_id (or is there none)?
 * Two different events can make one id: folders of one name in different
 * parents ("boys/lviv-2023", "girls/lviv-2023"), or a chosen --slug.  A
 * corrected event keeps most of what it was, so ev is taken for a new
 * version when at least two of its title, its city and its sections (one
 * section name in common is enough) agree with the recorded event's; else
 * ERR_DATA, naming both.
 */
static enum err check_same_event(struct catalog *c, const struct event *ev,
                                 const char *event_id, struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct table info, secs, vers;
    struct strbuf was = STRBUF_INIT, is = STRBUF_INIT;
    const char *title = "", *city = "";
    const char **keys, **mine;
    size_t i, agree = 0, common = 0;
    enum err e;

    e = catalog_event_show(c, event_id, &info, &secs, &vers, &dl);
    if (e || !info.nrows) {
        diag_list_append(out, &dl);
        diag_list_release(&dl);
        table_release(&info);
        table_release(&secs);
        table_release(&vers);
        return e;
    }
    for (i = 0; i < info.nrows; i++) {
        if (!strcmp(table_cell(&info, i, 0), "Title"))
            title = table_cell(&info, i, 1);
        else if (!strcmp(table_cell(&info, i, 0), "City"))
            city = table_cell(&info, i, 1);
    }
    keys = xcalloc(secs.nrows + 1, sizeof(*keys));
    mine = xcalloc(ev->n_sections + 1, sizeof(*mine));
    for (i = 0; i < secs.nrows; i++)
        keys[i] = table_cell(&secs, i, 0);
    qsort(keys, secs.nrows, sizeof(*keys), cmp_cstr);
    for (i = 0; i < ev->n_sections; i++) {
        mine[i] = ev->sections[i].id;
        if (secs.nrows &&
            bsearch(&mine[i], keys, secs.nrows, sizeof(*keys), cmp_cstr))
            common++;
    }
    agree = (size_t)same_text(ev->title, title, 0) +
            (size_t)same_text(ev->city, city, 1) + (common > 0);
    if (agree < 2) {
        for (i = 0; i < secs.nrows; i++)
            keys[i] = table_cell(&secs, i, 0); /* in the recorded order */
        describe(&was, title, city, keys, secs.nrows);
        describe(&is, ev->title, ev->city, mine, ev->n_sections);
        diag_error(out, NULL, 0, 0,
                   "'%s' in the archive is another event: %s, not %s; "
                   "nothing was changed; give this one a name of its own "
                   "with --slug ('sekretar build --slug NAME DIR')",
                   event_id, was.buf, is.buf);
        e = ERR_DATA;
    }
    free(keys);
    free(mine);
    strbuf_release(&was);
    strbuf_release(&is);
    table_release(&info);
    table_release(&secs);
    table_release(&vers);
    diag_list_release(&dl);
    return e;
}

enum err store_commit(const char *root, struct catalog *c,
                      const struct event *ev, const struct event_ranking *er,
                      const char *event_id, const struct store_probe *p,
                      const struct manifest *m, const struct strbuf *zip,
                      char **prev_rel, struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    char *prev = NULL;
    char hex[65];
    enum err e;

    *prev_rel = NULL;
    if (p->catalog_version) {
        e = check_same_event(c, ev, event_id, out);
        if (e)
            return e;
        prev = version_path(event_id, p->catalog_version);
    }
    e = archive_write_pending(root, p->relpath, zip->buf, zip->len, &dl);
    if (e) {
        diag_list_append(out, &dl);
        diag_list_release(&dl);
        free(prev);
        return e;
    }
    test_point("pending");
    sha256_hex(zip->buf, zip->len, hex);
    e = store_record(c, ev, er, event_id, m, p->relpath, (long long)zip->len,
                     hex, prev, out);
    if (e) {
        archive_drop_pending(root, p->relpath);
        free(prev);
        diag_list_release(&dl);
        return e;
    }
    /* Committed: from here on the next writer would finish it. */
    test_point("committed");
    e = archive_finish(root, p->relpath, prev, &dl);
    if (e) {
        diag_list_append(out, &dl);
        diag_error(out, NULL, 0, 0,
                   "version %d of '%s' is in the catalogue; the next build, "
                   "import or 'sekretar archive verify' puts its bundle in "
                   "place",
                   m->version, event_id);
    }
    *prev_rel = prev;
    diag_list_release(&dl);
    return e;
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

