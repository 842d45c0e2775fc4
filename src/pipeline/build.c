/* pipeline/build: the build transaction of a prepared event.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/results.h"
#include "archive/store.h"
#include "core/event.h"
#include "core/norms.h"
#include "core/teamscore.h"
#include "pipeline/prepare.h"
#include "pipeline/publish.h"
#include "pipeline/render.h"
#include "util/date.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/testpoint.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif
#define SOFTWARE "sekretar " SEKRETAR_VERSION

static void iso_time(long long t, char *buf, size_t n)
{
    time_t tt = (time_t)t;
    struct tm tm;

    gmtime_r(&tt, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The seconds iso_time() wrote as s; -1 when it would not write s so. */
static int iso_time_parse(const char *s, long long *out)
{
    struct date d;
    int hh, mm, ss, n = 0;
    char back[32];

    if (!s ||
        sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &d.y, &d.m, &d.d, &hh, &mm, &ss,
               &n) != 6 ||
        s[n] || !date_valid(&d) || d.y < 1970 || hh > 23 || mm > 59 || ss > 59)
        return -1;
    *out = (long long)date_days(&d) * 86400 + hh * 3600 + mm * 60 + ss;
    iso_time(*out, back, sizeof(back));
    return strcmp(back, s) ? -1 : 0;
}

/* Files made for a bundle; names and paths are owned by the list. */
struct doc_files {
    struct bundle_source *items;
    size_t n, alloc;
};

/* Add a file (name inside the bundle, path on disk; both copied). */
static void doc_files_add(struct doc_files *f, const char *name,
                          const char *path, const char *media_type,
                          enum manifest_role role)
{
    struct bundle_source *s;

    ALLOC_GROW(f->items, f->n + 1, f->alloc);
    s = &f->items[f->n++];
    memset(s, 0, sizeof(*s));
    s->name = xstrdup(name);
    s->path = xstrdup(path);
    s->media_type = media_type;
    s->role = role;
}

static void doc_files_release(struct doc_files *f)
{
    size_t i;

    for (i = 0; i < f->n; i++) {
        free((char *)f->items[i].name);
        free((char *)f->items[i].path);
    }
    free(f->items);
    memset(f, 0, sizeof(*f));
}

/* The media type of PGN (registered with IANA). */
#define PGN_TYPE "application/vnd.chess-pgn"

/* The media type of a results file. */
static const char *input_type(enum results_format f)
{
    switch (f) {
    case RESULTS_CSV:
        return "text/csv";
    case RESULTS_PGN:
        return PGN_TYPE;
    case RESULTS_TRF:
        break;
    }
    return "text/plain";
}

/*
 * Write the games of section s (games/NAME.pgn: one PGN in export format)
 * into dir and add it to out; nothing when it has none.
 */
static enum err games_write(const char *dir, const struct section *s,
                            struct doc_files *out, struct diag_list *dl)
{
    struct strbuf name = STRBUF_INIT, path = STRBUF_INIT;
    enum err e = ERR_OK;

    if (!s->games_pgn)
        return ERR_OK;
    strbuf_addf(&path, "%s/games", dir);
    e = file_mkdirs(path.buf, dl);
    strbuf_addf(&name, "games/%s.pgn", s->id);
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/%s", dir, name.buf);
    if (!e)
        e = file_write_atomic(path.buf, s->games_pgn, s->games_pgn_len, dl);
    if (!e)
        doc_files_add(out, name.buf, path.buf, PGN_TYPE, ROLE_RESULTS);
    strbuf_release(&name);
    strbuf_release(&path);
    return e;
}

/*
 * Write into dir the results of every section of p (results/NAME.json and
 * .csv, archive/results.h) and its documents (documents/NAME-ranking.pdf,
 * ...: pipeline/render.h), dated created, and add each to out.
 */
/* A results file pair (JSON and CSV, names inside dir) into the bundle's
   files. */
static void results_add(struct doc_files *out, const char *dir,
                        const struct strbuf *json, const struct strbuf *csv)
{
    struct strbuf path = STRBUF_INIT;

    strbuf_addf(&path, "%s/%s", dir, json->buf);
    doc_files_add(out, json->buf, path.buf, "application/json", ROLE_RESULTS);
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/%s", dir, csv->buf);
    doc_files_add(out, csv->buf, path.buf, "text/csv; charset=utf-8",
                  ROLE_RESULTS);
    strbuf_release(&path);
}

static enum err outputs_write(const struct prepared *p, const char *event_id,
                              const char *dir, long long created,
                              const char *verify_url, struct doc_files *out,
                              struct diag_list *dl)
{
    struct strbuf json = STRBUF_INIT, csv = STRBUF_INIT, sub = STRBUF_INIT;
    struct documents_request rq;
    struct documents_written w;
    size_t i;
    enum err e = ERR_OK;

    for (i = 0; i < p->n && !e; i++) {
        const struct prepared_section *ps = &p->secs[i];
        strbuf_reset(&json);
        strbuf_reset(&csv);
        e = results_write(dir, event_id, p->ev, ps->sec, &ps->players->s,
                          ps->players->ko, &json, &csv, dl);
        if (!e)
            results_add(out, dir, &json, &csv);
        if (!e)
            e = games_write(dir, ps->sec, out, dl);
        if (!e && ps->ranking != ps->players) {
            strbuf_reset(&json);
            strbuf_reset(&csv);
            e = results_write_teams(dir, p->ev, ps->sec, ps->ranking, &json,
                                    &csv, dl);
            if (!e)
                results_add(out, dir, &json, &csv);
        }
    }
    memset(&rq, 0, sizeof(rq));
    memset(&w, 0, sizeof(w));
    strbuf_addf(&sub, "%s/documents", dir);
    rq.outdir = sub.buf;
    rq.created = created;
    rq.verify_url = verify_url;
    if (!e) {
        struct prepare_options all;
        memset(&all, 0, sizeof(all));
        rq.chosen = documents_chosen(0, &all);
        e = documents_write(p, &rq, &w, dl);
        if (e && w.failed_path)
            diag_error(dl, NULL, 0, 0, "%s: not written (the document '%s')",
                       w.failed_path, w.failed_document);
    }
    for (i = 0; i < w.n && !e; i++) {
        strbuf_reset(&json);
        strbuf_addf(&json, "documents/%s", w.files[i].name);
        doc_files_add(out, json.buf, w.files[i].path, w.files[i].media_type,
                      ROLE_DOCUMENT);
    }
    documents_written_release(&w);
    strbuf_release(&json);
    strbuf_release(&csv);
    strbuf_release(&sub);
    return e;
}

/* The input files of the event, under their names in the folder. */
static enum err add_inputs(const struct event *ev, struct doc_files *f,
                           struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    enum err e = ERR_OK;
    size_t i, k, g;

    doc_files_add(f, "event.ini", ev->ini_file, "text/plain; charset=utf-8",
                  ROLE_INPUT);
    if (ev->registry_file) {
        const char *base = strrchr(ev->registry_file, '/');
        doc_files_add(f, base ? base + 1 : ev->registry_file, ev->registry_file,
                      "text/csv", ROLE_INPUT);
    }
    strbuf_addf(&path, "%s/playoffs.csv", ev->dir);
    if (file_is_regular(path.buf))
        doc_files_add(f, "playoffs.csv", path.buf, "text/csv", ROLE_INPUT);
    /* The report's norms and groups of regions from the event folder
       (a preset the program ships is not an input). */
    if (ev->report.norms && ev->report.norms_input)
        doc_files_add(f, ev->report.norms->file, ev->report.norms->path,
                      "text/plain; charset=utf-8", ROLE_INPUT);
    if (ev->report.groups && ev->report.groups_input)
        doc_files_add(f, ev->report.groups->file, ev->report.groups->path,
                      "text/plain; charset=utf-8", ROLE_INPUT);
    for (i = 0; i < ev->n_sections; i++) {
        const struct section *s = &ev->sections[i];
        const char *why = manifest_name_problem(s->file);
        int dup = 0;
        if (why) {
            diag_error(dl, s->at.file, s->at.line, 0,
                       "results file '%s' of section '%s': %s; a bundle "
                       "holds the files of the event folder",
                       s->file, s->id, _(why));
            e = ERR_DATA;
            continue;
        }
        for (k = 0; k < f->n; k++)
            if (!strcmp(f->items[k].name, s->file))
                dup = 1;
        if (!dup)
            doc_files_add(f, s->file, s->path, input_type(s->format),
                          ROLE_INPUT);
        for (g = 0; g < s->n_games_files; g++) {
            for (k = dup = 0; k < f->n; k++)
                if (!strcmp(f->items[k].name, s->games_files[g]))
                    dup = 1;
            if (!dup && *s->games_paths[g])
                doc_files_add(f, s->games_files[g], s->games_paths[g],
                              PGN_TYPE, ROLE_INPUT);
        }
    }
    strbuf_release(&path);
    return e;
}

/*
 * Is the event's current version made from these inputs by this software?
 * Looked at under the archive's shared lock, before anything is rendered.
 * 1 (its version in out), 0, or -1 with *e set.
 */
static int up_to_date(const char *root, const char *event_id,
                      const struct manifest *inputs,
                      struct build_summary *out, enum err *e,
                      struct diag_list *dl)
{
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct strbuf path = STRBUF_INIT;
    struct store_probe probe;
    struct catalog *cat = NULL;
    size_t n;
    int same = 0;

    memset(&probe, 0, sizeof(probe));
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (!file_is_regular(path.buf)) {
        strbuf_release(&path);
        return 0;
    }
    *e = store_lock_reader(root, &lk, dl);
    if (!*e)
        *e = store_open(root, CATALOG_READONLY, &cat, dl);
    if (!*e)
        *e = store_probe(root, cat, event_id, &probe, dl);
    if (!*e) {
        n = store_same_inputs(cat, event_id, &probe, inputs, SOFTWARE);
        if (n) {
            out->up_to_date = 1;
            out->relpath = xstrdup(probe.relpath);
            out->version = probe.catalog_version;
            out->files = n + 1;
            same = 1;
        }
    }
    catalog_close(cat);
    archive_lock_release(&lk);
    store_probe_release(&probe);
    strbuf_release(&path);
    return *e ? -1 : same;
}

static void step(const struct build_options *o, const char *what,
                 int percent)
{
    if (o->progress)
        o->progress(what, percent);
}

enum err pipeline_build(const struct prepared *p, const struct build_options *o,
                        struct build_summary *out, struct diag_list *dl)
{
    struct strbuf id = STRBUF_INIT, zip = STRBUF_INIT, verify = STRBUF_INIT;
    struct publish_policy policy;
    struct doc_files files = {NULL, 0, 0};
    struct archive_staging st = ARCHIVE_STAGING_INIT;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct store_probe probe;
    struct catalog *cat = NULL;
    struct manifest m, inputs;
    char created[32];
    size_t i;
    int made_catalog = 0, had_root = file_is_dir(o->root);
    enum err e;

    memset(out, 0, sizeof(*out));
    memset(&probe, 0, sizeof(probe));
    memset(&policy, 0, sizeof(policy));
    manifest_init(&m);
    manifest_init(&inputs);
    iso_time(o->created, created, sizeof(created));

    e = store_event_id(p->ev, o->dir, o->slug, &id, dl);
    if (!e) {
        out->event_id = xstrdup(id.buf);
        e = add_inputs(p->ev, &files, dl);
    }
    if (!e)
        e = store_hash_inputs(files.items, files.n, &inputs, dl);
    /* The archive's site (its site.ini): a diploma's QR code holds the
       address of its page there when the site's address is known. */
    if (!e)
        e = publish_policy_read(o->root, &policy, dl);
    if (!e && policy.base_url)
        strbuf_addf(&verify, "%sdiplomas/", policy.base_url);
    /* Decided from the inputs and the software, before any rendering. */
    if (e || up_to_date(o->root, id.buf, &inputs, out, &e, dl))
        goto out;

    step(o, N_("writing the documents"), 35);
    e = archive_staging_make(o->root, "build", &st, dl);
    if (!e)
        e = outputs_write(p, id.buf, st.dir, o->created,
                          policy.base_url ? verify.buf : NULL, &files, dl);
    if (e)
        goto out;
    test_point("rendered");

    /* From here to the commit the archive is ours alone. */
    e = store_open_writer(o->root, CATALOG_CREATE, &lk, &cat, &made_catalog,
                          dl);
    if (!e)
        e = store_probe(o->root, cat, id.buf, &probe, dl);
    if (e)
        goto out;
    if (store_same_inputs(cat, id.buf, &probe, &inputs, SOFTWARE)) {
        /* Another build committed these inputs while this one rendered. */
        out->up_to_date = 1;
        out->relpath = xstrdup(probe.relpath);
        out->version = probe.catalog_version;
        goto out;
    }
    step(o, N_("writing the bundle"), 85);
    manifest_set(&m, id.buf, store_next_version(&probe), SOFTWARE, created);
    if (policy.base_url)
        m.diploma_url = xstrdup(verify.buf);
    e = bundle_make(&m, files.items, files.n, o->created, &zip, dl);
    if (e) {
        /* Two files of one name: the check let through what it must not. */
        if (e == ERR_USAGE)
            e = ERR_INTERNAL;
        goto out;
    }
    step(o, N_("adding it to the catalogue"), 95);
    e = store_commit(o->root, cat, p->ev, &p->er, id.buf, &probe, &m, &zip,
                     &out->previous, dl);
    if (e)
        goto out;
    made_catalog = 0; /* it holds the event now */
    out->relpath = xstrdup(probe.relpath);
    out->version = m.version;
    out->files = m.n + 1;
    out->bytes = zip.len;
    out->previous_version = probe.catalog_version;
    out->catalog = CATALOG_FILE;
    out->sections = p->n;
    out->people = prepared_people(p);
    for (i = 0; i < p->n; i++)
        out->entries += p->secs[i].players->s.n_rows;
    out->made = xcalloc(files.n + 1, sizeof(*out->made));
    for (i = 0; i < files.n; i++)
        if (files.items[i].role != ROLE_INPUT)
            out->made[out->n_made++] = xstrdup(files.items[i].name);
out:
    archive_staging_remove(&st);
    if (cat && made_catalog && store_has_event(cat, id.buf))
        made_catalog = 0;
    catalog_close(cat);
    if (e)
        store_undo_new(o->root, made_catalog);
    archive_lock_release(&lk);
    /* An archive folder this build made for nothing goes too (rmdir:
       only while empty). */
    if (e && !had_root)
        rmdir(o->root);
    store_probe_release(&probe);
    manifest_release(&m);
    manifest_release(&inputs);
    doc_files_release(&files);
    strbuf_release(&id);
    strbuf_release(&zip);
    strbuf_release(&verify);
    publish_policy_release(&policy);
    return e;
}

void build_summary_release(struct build_summary *s)
{
    size_t i;

    free(s->event_id);
    free(s->relpath);
    free(s->previous);
    for (i = 0; i < s->n_made; i++)
        free(s->made[i]);
    free(s->made);
    memset(s, 0, sizeof(*s));
}

const char *build_software(void)
{
    return SOFTWARE;
}

enum err build_remake_bundle(const struct prepared *p,
                             const struct manifest *m, const char *dir,
                             struct manifest *made, struct strbuf *zip,
                             struct diag_list *dl)
{
    struct doc_files files = {NULL, 0, 0};
    long long created;
    enum err e;

    if (iso_time_parse(m->created, &created)) {
        diag_error(dl, NULL, 0, 0,
                   "the manifest's creation time '%s' is not one a build "
                   "writes (YYYY-MM-DDTHH:MM:SSZ)",
                   m->created ? m->created : "");
        return ERR_DATA;
    }
    /* What a build of these inputs puts in its bundle, made by the
       build's own code: the inputs, then the results and documents. */
    e = add_inputs(p->ev, &files, dl);
    if (!e)
        e = outputs_write(p, m->event, dir, created, m->diploma_url, &files,
                          dl);
    if (!e) {
        manifest_set(made, m->event, m->version, m->software, m->created);
        if (m->diploma_url)
            made->diploma_url = xstrdup(m->diploma_url);
        manifest_copy_forgotten(made, m);
        e = bundle_make(made, files.items, files.n, created, zip, dl);
        /* A results file under the name of a file a build makes. */
        if (e == ERR_USAGE)
            e = ERR_DATA;
    }
    doc_files_release(&files);
    return e;
}

enum err build_check_bundle(const struct prepared *p, const struct manifest *m,
                            const void *zip, size_t len, const char *dir,
                            const char *label, struct diag_list *dl)
{
    struct strbuf remade = STRBUF_INIT;
    struct manifest made;
    long long created;
    size_t i = 0, k = 0, problems = 0;
    enum err e;

    manifest_init(&made);
    if (iso_time_parse(m->created, &created)) {
        diag_error(dl, label, 0, 0,
                   "the manifest's creation time '%s' is not one a build "
                   "writes (YYYY-MM-DDTHH:MM:SSZ)",
                   m->created ? m->created : "");
        return ERR_DATA;
    }
    e = build_remake_bundle(p, m, dir, &made, &remade, dl);
    if (e)
        goto out;
    while (i < m->n || k < made.n) {
        const struct manifest_file *mf = i < m->n ? &m->files[i] : NULL;
        const struct manifest_file *wf = k < made.n ? &made.files[k] : NULL;
        int c = !mf ? 1 : !wf ? -1 : strcmp(mf->name, wf->name);

        problems++;
        if (c < 0) {
            diag_error(dl, label, 0, 0, "'%s' is a file a build never makes",
                       mf->name);
            i++;
            continue;
        }
        if (c > 0) {
            diag_error(dl, label, 0, 0,
                       "'%s' is missing: a build of its inputs makes it",
                       wf->name);
            k++;
            continue;
        }
        if (mf->role != wf->role || strcmp(mf->media_type, wf->media_type))
            diag_error(dl, label, 0, 0,
                       "'%s' is listed as %s (%s); a build lists it as %s "
                       "(%s)",
                       mf->name, manifest_role_name(mf->role), mf->media_type,
                       manifest_role_name(wf->role), wf->media_type);
        else if (mf->size != wf->size || strcmp(mf->sha256, wf->sha256))
            diag_error(dl, label, 0, 0,
                       "'%s' is not what a build of its inputs makes",
                       mf->name);
        else
            problems--;
        i++;
        k++;
    }
    /* The same files: then the same zip, or something rides along in it
       (a comment, data before or between the entries, other headers). */
    if (!problems && (remade.len != len || memcmp(remade.buf, zip, len))) {
        diag_error(dl, label, 0, 0,
                   "its files are what a build makes, but not packed as a "
                   "build packs them");
        problems++;
    }
    if (problems && strcmp(m->software, SOFTWARE))
        diag_note(dl, label, 0, 0,
                  "it was made by '%s'; this is '%s', whose documents may "
                  "differ",
                  m->software, SOFTWARE);
    e = problems ? ERR_DATA : ERR_OK;
out:
    manifest_release(&made);
    strbuf_release(&remade);
    return e;
}
