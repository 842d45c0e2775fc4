/* pipeline/site: the archive's public website, from its catalogue and
 * bundles.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/store.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The archive as the site's source: its catalogue, and the bundle last
   opened (the site reads a bundle's files one after another). */
struct archive_source {
    const char *root;
    struct catalog *c;
    struct bundle *b;
    char *b_path;
    struct strbuf data;
};

/* The current bundle of an event as one row. */
static enum err version_row(struct catalog *c, const char *event,
                            struct table *out)
{
    static const char *const heads[] = {"Version", "Path", "SHA-256", "Size",
                                        "Software"};
    struct catalog_version v;
    char n[2][24];
    const char *row[5];

    table_init(out, 5, heads, "nllnl");
    if (!catalog_version_get(c, event, 0, &v))
        return ERR_OK;
    snprintf(n[0], sizeof(n[0]), "%d", v.version);
    snprintf(n[1], sizeof(n[1]), "%lld", v.size);
    row[0] = n[0];
    row[1] = v.path;
    row[2] = v.sha256;
    row[3] = n[1];
    row[4] = v.software;
    table_add_row(out, row);
    catalog_version_release(&v);
    return ERR_OK;
}

static enum err counts_row(struct catalog *c, struct table *out,
                           struct diag_list *dl)
{
    static const char *const heads[] = {"Events", "Bundles", "Sections",
                                        "People", "Entries", "Games"};
    char n[6][24];
    const char *row[6];
    long long counts[6];
    enum err e = catalog_counts(c, counts, dl);
    size_t i;

    table_init(out, 6, heads, "nnnnnn");
    if (e)
        return e;
    for (i = 0; i < 6; i++) {
        snprintf(n[i], sizeof(n[i]), "%lld", counts[i]);
        row[i] = n[i];
    }
    table_add_row(out, row);
    return ERR_OK;
}

/* One of the three tables of catalog_event_show(). */
static enum err show_table(struct catalog *c, const char *event, int which,
                           struct table *out, struct diag_list *dl)
{
    struct table t[3];
    enum err e = catalog_event_show(c, event, &t[0], &t[1], &t[2], dl);
    int i;

    if (e)
        return e;
    *out = t[which];
    for (i = 0; i < 3; i++)
        if (i != which)
            table_release(&t[i]);
    return ERR_OK;
}

static enum err rows(void *arg, enum site_rows what, const struct site_key *k,
                     struct table *out, struct diag_list *dl)
{
    struct archive_source *a = arg;
    struct catalog_filter f;

    memset(&f, 0, sizeof(f));
    switch (what) {
    case SITE_EVENTS:
        return catalog_events(a->c, &f, out, dl);
    case SITE_SECTIONS:
        return catalog_site_sections(a->c, out, dl);
    case SITE_PEOPLE:
        return catalog_site_people(a->c, out, dl);
    case SITE_DIPLOMAS:
        return catalog_site_diplomas(a->c, out, dl);
    case SITE_EVENT:
        return catalog_site_event(a->c, k->event, out, dl);
    case SITE_RANKING:
        return catalog_site_ranking(a->c, k->event, k->section, out, dl);
    case SITE_KO_GAMES:
        return catalog_site_ko_games(a->c, k->event, k->section, out, dl);
    case SITE_TEAMS:
        return catalog_site_teams(a->c, k->event, k->section, out, dl);
    case SITE_GAMES:
        return catalog_site_games(a->c, k->person, out, dl);
    case SITE_PLAYER:
        return catalog_player(a->c, k->person, out, dl);
    case SITE_CHAMPIONS:
        return catalog_champions(a->c, &f, out, dl);
    case SITE_MEDALS:
        return catalog_medals(a->c, &f, k->text, out, dl);
    case SITE_COUNTS:
        return counts_row(a->c, out, dl);
    case SITE_EVENT_INFO:
        return show_table(a->c, k->event, 0, out, dl);
    case SITE_EVENT_SECTIONS:
        return show_table(a->c, k->event, 1, out, dl);
    case SITE_EVENT_VERSIONS:
        return show_table(a->c, k->event, 2, out, dl);
    case SITE_BUNDLE_FILES:
        return catalog_bundle_files(a->c, k->event, k->version, out, dl);
    case SITE_VERSION:
        return version_row(a->c, k->event, out);
    }
    return ERR_INTERNAL;
}

static enum err bundle(void *arg, const char *relpath, const char *sha,
                       const char *name, const char **bytes, size_t *len,
                       struct diag_list *dl)
{
    struct archive_source *a = arg;
    enum err e;

    if (!a->b_path || strcmp(a->b_path, relpath)) {
        struct strbuf path = STRBUF_INIT;
        bundle_close(a->b);
        a->b = NULL;
        free(a->b_path);
        a->b_path = xstrdup(relpath);
        strbuf_addf(&path, "%s/%s", a->root, relpath);
        e = bundle_open(path.buf, &a->b, dl);
        if (!e && strcmp(bundle_sha256(a->b), sha)) {
            diag_error(dl, path.buf, 0, 0,
                       "the bundle's SHA-256 is %s, the catalogue recorded "
                       "%s; 'sekretar archive verify' tells more",
                       bundle_sha256(a->b), sha);
            e = ERR_ARCHIVE;
        }
        strbuf_release(&path);
        if (e) {
            bundle_close(a->b);
            a->b = NULL;
            free(a->b_path);
            a->b_path = NULL;
            return e;
        }
    }
    if (!name) {
        *bytes = bundle_bytes(a->b);
        *len = (size_t)bundle_size(a->b);
        return ERR_OK;
    }
    strbuf_reset(&a->data);
    e = bundle_read(a->b, name, &a->data, dl);
    *bytes = a->data.buf;
    *len = a->data.len;
    return e;
}

enum err site_publish(const char *root, const char *out,
                      struct site_result *res, struct diag_list *dl)
{
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct archive_source a;
    struct site_source src;
    enum err e;

    memset(&a, 0, sizeof(a));
    memset(res, 0, sizeof(*res));
    a.root = root;
    strbuf_init(&a.data, 0);
    e = store_lock_reader(root, &lk, dl);
    if (!e)
        e = store_open(root, CATALOG_READONLY, &a.c, dl);
    if (!e)
        e = catalog_read_begin(a.c, dl);
    if (!e) {
        src.arg = &a;
        src.rows = rows;
        src.bundle = bundle;
        e = site_write(&src, out, res, dl);
        catalog_read_end(a.c);
    }
    bundle_close(a.b);
    free(a.b_path);
    strbuf_release(&a.data);
    catalog_close(a.c);
    archive_lock_release(&lk);
    return e;
}
