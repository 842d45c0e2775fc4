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
#include "archive/manifest.h"
#include "archive/store.h"
#include "ingest/pgn.h"
#include "pipeline/publish.h"
#include "util/date.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The archive as the site's source: its catalogue, and the bundle last
   opened (the site reads a bundle's files one after another). */
struct archive_source {
    const char *root;
    struct catalog *c;
    const struct publish_policy *policy;
    struct bundle *b;
    char *b_path;
    struct strbuf data, cut;
    struct pgn_game game; /* the last game read (game()) */
    const char **tags;    /* its tags for the site */
    size_t tags_alloc;
    const char **comments; /* its comments and NAGs by ply, for the site */
    const unsigned char **nags;
    size_t notes_alloc, nags_alloc;
};

/* The current bundle of an event as one row. */
static enum err version_row(struct catalog *c, const char *event,
                            int version, struct table *out)
{
    static const char *const heads[] = {"Version", "Path", "SHA-256", "Size",
                                        "Software"};
    struct catalog_version v;
    char n[2][24];
    const char *row[5];

    table_init(out, 5, heads, "nllnl");
    if (!catalog_version_get(c, event, version, &v))
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

/* The files of a bundle the policy publishes, with how (Publish). */
static enum err public_files(struct archive_source *a, const char *event,
                             int version, struct table *out,
                             struct diag_list *dl)
{
    static const char *const heads[] = {"Name", "Size", "SHA256", "Type",
                                        "Role", "Publish"};
    struct table all;
    enum err e = catalog_bundle_files(a->c, event, version, &all, dl);
    size_t i, c;

    table_init(out, 6, heads, "lnllll");
    for (i = 0; !e && i < all.nrows; i++) {
        enum publish_as as = publish_file(a->policy, table_cell(&all, i, 0),
                                          table_cell(&all, i, 4));
        const char *row[6];
        if (as == PUBLISH_NOT)
            continue;
        for (c = 0; c < 5; c++)
            row[c] = table_cell(&all, i, c);
        row[5] = as == PUBLISH_CUT ? "cut" : "as-is";
        table_add_row(out, row);
    }
    table_release(&all);
    return e;
}

static enum err rows_of(struct archive_source *a, enum site_rows what,
                        const struct site_key *k, struct table *out,
                        struct diag_list *dl)
{
    struct catalog_filter f;

    memset(&f, 0, sizeof(f));
    switch (what) {
    case SITE_EVENTS:
        return catalog_events(a->c, &f, out, dl);
    case SITE_SECTIONS:
        return catalog_site_sections(a->c, out, dl);
    case SITE_PEOPLE:
        return catalog_site_people(a->c, out, dl);
    case SITE_GROUPS:
        return catalog_site_groups(a->c, k->text, out, dl);
    case SITE_MERGES:
        return catalog_merges(a->c, out, dl);
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
        return public_files(a, k->event, k->version, out, dl);
    case SITE_VERSION:
        return version_row(a->c, k->event, k->version, out);
    case SITE_SECTION_GAMES:
        return catalog_site_section_games(a->c, k->event, k->section, out,
                                          dl);
    }
    return ERR_INTERNAL;
}

/* The rows the site shows: a birth as the policy publishes it. */
static enum err rows(void *arg, enum site_rows what, const struct site_key *k,
                     struct table *out, struct diag_list *dl)
{
    struct archive_source *a = arg;
    enum err e = rows_of(a, what, k, out, dl);

    if (!e)
        publish_rows(a->policy, out);
    return e;
}

/* Open the bundle at relpath (a path the catalogue holds: checked to be
   a file of the archive) and check its bytes against sha. */
static enum err open_bundle(struct archive_source *a, const char *relpath,
                            const char *sha, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    const char *why = file_name_problem(relpath);
    enum err e;

    if (a->b_path && !strcmp(a->b_path, relpath))
        return ERR_OK;
    bundle_close(a->b);
    a->b = NULL;
    FREE_AND_NULL(a->b_path);
    strbuf_addf(&path, "%s/%s", a->root, relpath);
    if (why) {
        diag_error(dl, a->root, 0, 0,
                   "the catalogue names the bundle '%s': %s; 'sekretar "
                   "archive verify' tells more",
                   relpath, _(why));
        e = ERR_ARCHIVE;
    } else {
        e = bundle_open(path.buf, &a->b, dl);
    }
    if (!e && strcmp(bundle_sha256(a->b), sha)) {
        diag_error(dl, path.buf, 0, 0,
                   "the bundle's SHA-256 is %s, the catalogue recorded %s; "
                   "'sekretar archive verify' tells more",
                   bundle_sha256(a->b), sha);
        e = ERR_ARCHIVE;
    }
    strbuf_release(&path);
    if (e) {
        bundle_close(a->b);
        a->b = NULL;
        return e;
    }
    a->b_path = xstrdup(relpath);
    return ERR_OK;
}

/* File name of the open bundle, checked against the catalogue's sha, into
   a->data. */
static enum err read_checked(struct archive_source *a, const char *name,
                             const char *sha, struct diag_list *dl)
{
    char hex[65];
    enum err e;

    strbuf_reset(&a->data);
    e = bundle_read(a->b, name, &a->data, dl);
    if (e)
        return e;
    sha256_hex(a->data.buf, a->data.len, hex);
    if (sha && strcmp(hex, sha)) {
        diag_error(dl, a->b_path, 0, 0,
                   "'%s' has SHA-256 %s, the catalogue recorded %s", name, hex,
                   sha);
        return ERR_ARCHIVE;
    }
    return ERR_OK;
}

static enum err file(void *arg, const struct site_file_ref *f,
                     const char **bytes, size_t *len, struct diag_list *dl)
{
    struct archive_source *a = arg;
    enum err e = open_bundle(a, f->relpath, f->bundle_sha, dl);

    if (e)
        return e;
    if (!f->name) {
        *bytes = bundle_bytes(a->b);
        *len = (size_t)bundle_size(a->b);
        return ERR_OK;
    }
    e = read_checked(a, f->name, f->sha, dl);
    if (e)
        return e;
    if (!f->cut) {
        *bytes = a->data.buf;
        *len = a->data.len;
        return ERR_OK;
    }
    strbuf_reset(&a->cut);
    publish_cut(a->policy, f->name, a->data.buf, a->data.len, &a->cut);
    *bytes = a->cut.buf;
    *len = a->cut.len;
    return ERR_OK;
}

/* One game of the catalogue's PGN, read by ingest/pgn (its moves
   checked by core/chess). */
static enum err game(void *arg, const char *pgn, size_t len,
                     struct site_game *out, struct diag_list *dl)
{
    struct archive_source *a = arg;
    struct pgn_reader *r = pgn_reader_mem(pgn, len, "catalogue", ENC_UTF8);
    struct diag_list quiet = DIAG_LIST_INIT;
    size_t i;
    int got = pgn_reader_next(r, &a->game, &quiet);

    pgn_reader_free(r);
    diag_list_release(&quiet);
    if (got != 1 || a->game.errors) {
        diag_error(dl, NULL, 0, 0,
                   "a game of the catalogue is not PGN whose moves are "
                   "legal; 'sekretar archive rebuild' makes it again");
        return ERR_PARSE;
    }
    ALLOC_GROW(a->tags, 2 * a->game.nr_tags + 1, a->tags_alloc);
    for (i = 0; i < a->game.nr_tags; i++) {
        a->tags[2 * i] = pgn_game_tag_name(&a->game, i);
        a->tags[2 * i + 1] = pgn_game_tag_value(&a->game, i);
    }
    out->tags = a->tags;
    out->n_tags = a->game.nr_tags;
    out->start = a->game.start;
    out->moves = a->game.moves;
    out->n_moves = a->game.nr_moves;
    out->comments = NULL;
    out->nags = NULL;
    if (!a->game.nr_notes)
        return ERR_OK;
    ALLOC_GROW(a->comments, a->game.nr_moves + 1, a->notes_alloc);
    ALLOC_GROW(a->nags, a->game.nr_moves + 1, a->nags_alloc);
    memset(a->comments, 0, (a->game.nr_moves + 1) * sizeof(*a->comments));
    memset(a->nags, 0, (a->game.nr_moves + 1) * sizeof(*a->nags));
    for (i = 0; i < a->game.nr_notes; i++) {
        const struct pgn_note *n = &a->game.note[i];
        if (n->ply > a->game.nr_moves)
            continue;
        if (n->comment)
            a->comments[n->ply] = a->game.notes.buf + n->comment - 1;
        if (n->nags[0])
            a->nags[n->ply] = n->nags;
    }
    out->comments = a->comments;
    out->nags = a->nags;
    return ERR_OK;
}

/* Seconds since 1970 of a manifest's "2023-06-09T00:00:00Z"; 0 when it
   is no such time. */
static long long iso_seconds(const char *s)
{
    struct date d;
    char day[11];
    int h = 0, m = 0, sec = 0;

    if (!s || strlen(s) < 10)
        return 0;
    memcpy(day, s, 10);
    day[10] = '\0';
    if (date_parse(day, &d))
        return 0;
    if (s[10] == 'T')
        sscanf(s + 11, "%2d:%2d:%2d", &h, &m, &sec);
    return (long long)date_days(&d) * 86400 + h * 3600 + m * 60 + sec;
}

/* The name of the note in a public bundle. */
#define PUBLIC_NOTE "README.txt"

static enum err public_zip(void *arg, const struct site_file_ref *f,
                              const char *event, const char **bytes,
                              size_t *len, struct diag_list *dl)
{
    struct archive_source *a = arg;
    struct table files;
    struct strbuf *data = NULL, note = STRBUF_INIT;
    struct bundle_source *src = NULL;
    struct manifest m, own;
    size_t i, n = 0;
    long long when;
    enum err e;

    manifest_init(&m);
    manifest_init(&own);
    memset(&files, 0, sizeof(files));
    e = open_bundle(a, f->relpath, f->bundle_sha, dl);
    /* The signed bundle's manifest: its event, version and day. */
    if (!e)
        e = read_checked(a, MANIFEST_NAME, NULL, dl);
    if (!e)
        e = manifest_parse(a->data.buf, a->data.len, a->b_path, &own, dl);
    if (!e)
        e = public_files(a, event, own.version, &files, dl);
    if (e)
        goto out;
    data = xcalloc(files.nrows + 1, sizeof(*data));
    src = xcalloc(files.nrows + 2, sizeof(*src));
    for (i = 0; !e && i < files.nrows; i++) {
        const char *name = table_cell(&files, i, 0);
        strbuf_init(&data[i], 0);
        e = read_checked(a, name, table_cell(&files, i, 2), dl);
        if (e)
            break;
        if (!strcmp(table_cell(&files, i, 5), "cut"))
            publish_cut(a->policy, name, a->data.buf, a->data.len, &data[i]);
        else
            strbuf_addbuf(&data[i], &a->data);
        src[n].name = name;
        src[n].bytes = data[i].buf;
        src[n].len = data[i].len;
        src[n].media_type = table_cell(&files, i, 3);
        src[n].role = !strcmp(table_cell(&files, i, 4), "document")
                          ? ROLE_DOCUMENT
                      : !strcmp(table_cell(&files, i, 4), "results")
                          ? ROLE_RESULTS
                          : ROLE_INPUT;
        n++;
    }
    if (e)
        goto out;
    strbuf_addf(&note,
                "%s, версія %d: те, що публічний сайт архіву публікує з "
                "цього змагання.\n\n",
                event, own.version);
    publish_left_out(a->policy, &note);
    strbuf_addstr(&note, "\n");
    src[n].name = PUBLIC_NOTE;
    src[n].bytes = note.buf;
    src[n].len = note.len;
    src[n].media_type = "text/plain; charset=utf-8";
    src[n].role = ROLE_DOCUMENT;
    n++;
    manifest_set(&m, own.event, own.version, own.software, own.created);
    when = iso_seconds(own.created);
    strbuf_reset(&a->cut);
    e = bundle_make(&m, src, n, when, &a->cut, dl);
    *bytes = a->cut.buf;
    *len = a->cut.len;
out:
    for (i = 0; data && i < files.nrows; i++)
        strbuf_release(&data[i]);
    free(data);
    free(src);
    strbuf_release(&note);
    table_release(&files);
    manifest_release(&m);
    manifest_release(&own);
    return e;
}

enum err site_publish(const char *root, const char *out,
                      struct site_result *res, struct diag_list *dl)
{
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct publish_policy policy;
    struct archive_source a;
    struct site_source src;
    struct strbuf left = STRBUF_INIT, tag = STRBUF_INIT;
    enum err e;

    memset(&a, 0, sizeof(a));
    memset(&src, 0, sizeof(src));
    memset(res, 0, sizeof(*res));
    a.root = root;
    a.policy = &policy;
    strbuf_init(&a.data, 0);
    strbuf_init(&a.cut, 0);
    pgn_game_init(&a.game);
    e = publish_policy_read(root, &policy, dl);
    if (e) {
        strbuf_release(&a.data);
        strbuf_release(&a.cut);
        pgn_game_release(&a.game);
        return e;
    }
    publish_left_out(&policy, &left);
    /* Files derived under another policy are made again. */
    strbuf_addf(&tag, "d%x-r%d-i%d-b%d", policy.documents, policy.results,
                policy.inputs, (int)policy.birth);
    e = store_lock_reader(root, &lk, dl);
    if (!e)
        e = store_open(root, CATALOG_READONLY, &a.c, dl);
    if (!e)
        e = catalog_read_begin(a.c, dl);
    if (!e) {
        src.arg = &a;
        src.rows = rows;
        src.file = file;
        src.public_zip = public_zip;
        src.game = game;
        src.tag = tag.buf;
        src.bundle = policy.bundle;
        src.public_bundle = policy.public_bundle;
        src.inputs = policy.inputs;
        src.left_out = left.buf;
        src.base_url = policy.base_url;
        e = site_write(&src, out, res, dl);
        catalog_read_end(a.c);
    }
    bundle_close(a.b);
    free(a.b_path);
    strbuf_release(&a.data);
    strbuf_release(&a.cut);
    pgn_game_release(&a.game);
    free(a.tags);
    free(a.comments);
    free(a.nags);
    strbuf_release(&left);
    strbuf_release(&tag);
    publish_policy_release(&policy);
    catalog_close(a.c);
    archive_lock_release(&lk);
    return e;
}
