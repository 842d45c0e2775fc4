/* pipeline/archive: the archive as the commands read and keep it.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include "pipeline/archive.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/commit.h"
#include "archive/manifest.h"
#include "archive/store.h"
#include "pipeline/build.h"
#include "pipeline/prepare.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

struct archive_reader {
    struct catalog *c;
};

enum err archive_reader_open(const char *root, struct archive_reader **out,
                             struct diag_list *dl)
{
    struct catalog *c = NULL;
    enum err e = store_open(root, CATALOG_READONLY, &c, dl);

    *out = NULL;
    if (e)
        return e;
    *out = xcalloc(1, sizeof(**out));
    (*out)->c = c;
    return ERR_OK;
}

void archive_reader_close(struct archive_reader *r)
{
    if (!r)
        return;
    catalog_close(r->c);
    free(r);
}

/* The counts as a table of one row. */
static enum err counts_table(struct catalog *c, struct table *out,
                             struct diag_list *dl)
{
    static const char *const heads[] = {"Events",  "Bundles", "Sections",
                                        "People",  "Entries", "Games"};
    char cells[6][24];
    const char *row[6];
    long long n[6];
    enum err e = catalog_counts(c, n, dl);
    size_t i;

    table_init(out, 6, heads, "nnnnnn");
    if (e)
        return e;
    for (i = 0; i < 6; i++) {
        snprintf(cells[i], sizeof(cells[i]), "%lld", n[i]);
        row[i] = cells[i];
    }
    table_add_row(out, row);
    return ERR_OK;
}

/* One of the three tables of catalog_event_show(). */
static enum err event_table(struct catalog *c, const char *id, int which,
                            struct table *out, struct diag_list *dl)
{
    struct table t[3];
    enum err e = catalog_event_show(c, id, &t[0], &t[1], &t[2], dl);
    int i;

    if (e)
        return e;
    *out = t[which];
    for (i = 0; i < 3; i++)
        if (i != which)
            table_release(&t[i]);
    return ERR_OK;
}

/* The catalogue's filter of the games q asks for. */
static void games_filter(const struct query_games *q,
                         struct catalog_games_filter *out)
{
    struct catalog_games_filter f;

    memset(&f, 0, sizeof(f));
    f.person = q->person;
    f.opponent = q->opponent;
    f.colour = q->colour;
    f.event = q->event;
    f.year = q->year;
    f.section = q->section;
    f.round = q->round;
    f.result = q->result;
    f.eco_from = q->eco_from;
    f.eco_to = q->eco_to;
    f.moves_min = q->moves_min;
    f.moves_max = q->moves_max;
    f.with_moves = q->with_moves;
    f.limit = q->limit;
    f.columns = q->columns;
    *out = f;
}

/* The games q asks for. */
static enum err games_query(struct catalog *c, const struct query_games *q,
                            struct table *out, struct diag_list *dl)
{
    struct catalog_games_filter f;

    games_filter(q, &f);
    return catalog_games(c, &f, out, dl);
}

enum err archive_games_each(struct archive_reader *r,
                            const struct query_games *q, struct table *head,
                            catalog_row_fn fn, void *arg,
                            struct diag_list *dl)
{
    struct catalog_games_filter f;

    games_filter(q, &f);
    return catalog_games_each(r->c, &f, head, fn, arg, dl);
}

enum err archive_query(struct archive_reader *r, const struct query *q,
                       struct table *out, struct diag_list *dl)
{
    struct catalog_filter f;

    memset(out, 0, sizeof(*out));
    f.category = q->f.category;
    f.sex = q->f.sex;
    f.discipline = q->f.discipline;
    f.from = q->f.from;
    f.to = q->f.to;
    f.year = q->f.year;
    f.city = q->f.city;
    switch (q->kind) {
    case QUERY_EVENTS:
        return catalog_events(r->c, &f, out, dl);
    case QUERY_COUNTS:
        return counts_table(r->c, out, dl);
    case QUERY_EVENT_INFO:
        return event_table(r->c, q->text, 0, out, dl);
    case QUERY_EVENT_SECTIONS:
        return event_table(r->c, q->text, 1, out, dl);
    case QUERY_EVENT_VERSIONS:
        return event_table(r->c, q->text, 2, out, dl);
    case QUERY_CHAMPIONS:
        return catalog_champions(r->c, &f, out, dl);
    case QUERY_MEDALS:
        return catalog_medals(r->c, &f, q->by ? q->by : "region", out, dl);
    case QUERY_PEOPLE:
        return catalog_find_people(r->c, q->text, out, dl);
    case QUERY_PLAYER:
        return catalog_player(r->c, q->person, out, dl);
    case QUERY_H2H:
        return catalog_h2h(r->c, q->person, q->other, out, dl);
    case QUERY_CANDIDATES:
        return catalog_candidates(r->c, q->text, q->person, out, dl);
    case QUERY_DIPLOMA:
        return catalog_diploma(r->c, q->text, out, dl);
    case QUERY_EVENT_FILES:
        return catalog_bundle_files(r->c, q->text, 0, out, dl);
    case QUERY_GAMES:
        return games_query(r->c, &q->games, out, dl);
    }
    return ERR_INTERNAL;
}

/* The loader of unpacked bundles: each prepared as an event folder. */
static enum err load_prepared(void *arg, const char *dir, const char *label,
                              const struct event **ev,
                              const struct event_ranking **er,
                              struct diag_list *dl)
{
    struct prepared *p = arg;
    enum err e;

    prepared_release(p);
    e = prepare_bundle_folder(dir, "rebuild", label, p, dl);
    *ev = p->ev;
    *er = &p->er;
    return e;
}

static void release_prepared(void *arg)
{
    prepared_release(arg);
}

enum err archive_rebuild_all(const char *root,
                             struct archive_rebuild_result *res,
                             struct diag_list *dl)
{
    struct prepared p;
    struct archive_loader ld = {load_prepared, release_prepared, NULL};
    enum err e;

    memset(&p, 0, sizeof(p));
    ld.arg = &p;
    e = archive_rebuild(root, &ld, res, dl);
    prepared_release(&p);
    return e;
}

/*
 * The checker of verify --deep: the bundle unpacked into a temporary
 * folder (the archive may be read-only), prepared as an event folder and
 * compared with what a build of it makes (build_check_bundle()).  A
 * bundle made by other software is not made again: its documents may
 * differ without anything being wrong.
 */
static int remake_bundle(void *arg, struct bundle *b, const struct manifest *m,
                         const char *label, struct diag_list *dl)
{
    char *tmp;
    struct strbuf dir = STRBUF_INIT, in = STRBUF_INIT, made = STRBUF_INIT;
    struct diag_list mine = DIAG_LIST_INIT;
    struct prepare_options o;
    struct prepared p;
    enum err e;

    (void)arg;
    if (strcmp(m->software, build_software())) {
        diag_note(dl, label, 0, 0,
                  "made by '%s': its results and documents are not made "
                  "again by '%s'",
                  m->software, build_software());
        return 1;
    }
    memset(&p, 0, sizeof(p));
    tmp = os_temp_dir();
    strbuf_addf(&dir, "%s/sekretar-verify-XXXXXX", tmp);
    free(tmp);
    if (!mkdtemp(dir.buf)) {
        diag_error(dl, label, 0, 0, "its files cannot be made again: %s: %s",
                   dir.buf, strerror(errno));
        strbuf_release(&dir);
        return 0;
    }
    strbuf_addf(&in, "%s/bundle", dir.buf);
    strbuf_addf(&made, "%s/made", dir.buf);
    e = mkdir(in.buf, 0700) || mkdir(made.buf, 0700) ? ERR_CREATE : ERR_OK;
    if (!e)
        e = bundle_extract(b, in.buf, &mine);
    if (!e) {
        memset(&o, 0, sizeof(o));
        o.path = in.buf;
        o.flags = PREPARE_FOLDER;
        o.cmd = "verify";
        e = prepare_event(&o, &p, &mine);
        if (e == ERR_DATA)
            diag_error(dl, label, 0, 0,
                       "its inputs have %zu error%s ('sekretar check' of "
                       "the exported event lists them): its files cannot "
                       "be made again",
                       mine.nr_errors, mine.nr_errors == 1 ? "" : "s");
    }
    if (!e)
        e = build_check_bundle(&p, m, bundle_bytes(b), (size_t)bundle_size(b),
                               made.buf, label, dl);
    if (e && e != ERR_DATA) {
        size_t i;
        for (i = 0; i < mine.nr; i++)
            if (mine.items[i].level == DIAG_ERROR)
                diag_add(dl, DIAG_ERROR, mine.items[i].file, mine.items[i].line,
                         mine.items[i].col, "%s", mine.items[i].msg);
        diag_error(dl, label, 0, 0, "its files cannot be made again");
    }
    prepared_release(&p);
    archive_remove_tree(dir.buf);
    diag_list_release(&mine);
    strbuf_release(&dir);
    strbuf_release(&in);
    strbuf_release(&made);
    return 0;
}

enum err archive_verify_all(const char *root, int deep,
                            struct archive_verify_result *res,
                            struct diag_list *dl)
{
    struct archive_checker ck = {remake_bundle, NULL};

    return archive_verify(root, deep, &ck, res, dl);
}

enum err archive_merge_people(const char *root, long long kept, long long gone,
                              int force, struct diag_list *dl)
{
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct catalog *c = NULL;
    int made = 0;
    enum err e = store_open_writer(root, 0, &lk, &c, &made, dl);

    if (!e)
        e = catalog_merge_people(c, kept, gone, force, dl);
    catalog_close(c);
    archive_lock_release(&lk);
    return e;
}
