/* cli/cmd-build: the main job: check an event, make its documents, bundle
 * everything and add the bundle to the archive's catalogue.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/results.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "archive/store.h"
#include "cli/options.h"
#include "ingest/ranked.h"
#include "util/testpoint.h"
#include "core/event.h"
#include "core/tournament.h"
#include "render/render.h"
#include "util/file.h"
#include "util/name.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

static const char build_usage[] =
    "usage: sekretar build [--archive DIR] [--slug SLUG] EVENT-DIR\n"
    "\n"
    "The main job: check the event folder (an event with errors is refused,\n"
    "exit 65, with every problem listed), rank every section with its\n"
    "rules, write its documents, pack event.ini, players.csv, playoffs.csv,\n"
    "every results file and every document into one zip bundle with a\n"
    "manifest (sizes and SHA-256), and add it to the archive's catalogue.\n"
    "\n"
    "The bundle is ARCHIVE/YEAR/START-SLUG.zip "
    "(2023/2023-06-01-u10-lviv.zip);\n"
    "a corrected event becomes the next version and the one before is kept\n"
    "as START-SLUG-vN.zip.  Building an unchanged event changes nothing.\n"
    "\n"
    "  --archive DIR  the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --slug SLUG    the event's name in the archive (default: the folder's\n"
    "                 name in Latin letters, without a trailing year)\n"
    "  -h, --help     show this help\n"
    "\n"
    "SOURCE_DATE_EPOCH (seconds since 1970) fixes the creation time, so that\n"
    "the same event gives the same bytes.\n";

void cmd_build_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, build_usage);
}

static void iso_time(long long t, char *buf, size_t n)
{
    time_t tt = (time_t)t;
    struct tm tm;

    gmtime_r(&tt, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
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

/*
 * Write every document of the ranked event into dir and add each to out:
 * per section the results (results/NAME.json and .csv, archive/results.h)
 * and the documents (documents/NAME-ranking.pdf, ...: render/render.h),
 * dated created.  Returns 0, or an exit code after printing why.
 */
static int documents_write(const struct ranked *r, const char *event_id,
                           const char *dir, long long created,
                           struct doc_files *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf json = STRBUF_INIT, csv = STRBUF_INIT, sub = STRBUF_INIT;
    struct render_section *secs = xcalloc(r->n + 1, sizeof(*secs));
    struct render_request rq;
    struct render_job job;
    char *templates = options_data_dir("templates", "SEKRETAR_TEMPLATES");
    char *fonts = options_data_dir("fonts", "SEKRETAR_FONTS");
    size_t i;
    enum err e = ERR_OK;

    for (i = 0; i < r->n && !e; i++) {
        strbuf_reset(&json);
        strbuf_reset(&csv);
        e = results_write(dir, event_id, r->ld.ev, r->ld.items[i].section,
                          RANKED_S(r, i), r->er.sections[i].ko, &json, &csv,
                          &dl);
        if (!e) {
            strbuf_addf(&sub, "%s/%s", dir, json.buf);
            doc_files_add(out, json.buf, sub.buf, "application/json",
                          ROLE_RESULTS);
            strbuf_reset(&sub);
            strbuf_addf(&sub, "%s/%s", dir, csv.buf);
            doc_files_add(out, csv.buf, sub.buf, "text/csv; charset=utf-8",
                          ROLE_RESULTS);
            strbuf_reset(&sub);
        }
        if (!e && r->er.teams && r->er.teams[i].ranked &&
            r->er.teams[i].teams) {
            strbuf_reset(&csv);
            e = results_write_teams(dir, r->ld.ev, r->ld.items[i].section,
                                    &r->er.teams[i], &csv, &dl);
            if (!e) {
                strbuf_addf(&sub, "%s/%s", dir, csv.buf);
                doc_files_add(out, csv.buf, sub.buf,
                              "text/csv; charset=utf-8", ROLE_RESULTS);
                strbuf_reset(&sub);
            }
        }
        /* Ranked by ranked_load(): a team competition by teams, its
           players for the documents of players. */
        secs[i].ranking = &r->er.sections[i];
        if (r->er.teams && r->er.teams[i].ranked) {
            secs[i].ranking = &r->er.teams[i];
            secs[i].players = &r->er.sections[i];
        }
    }
    memset(&rq, 0, sizeof(rq));
    memset(&job, 0, sizeof(job));
    strbuf_addf(&sub, "%s/documents", dir);
    rq.outdir = sub.buf;
    rq.templates_dir = templates;
    rq.fonts_dir = fonts;
    rq.created = created;
    if (!e)
        e = render_event(&job, r->ld.ev, secs, r->n, &rq, &dl);
    cli_print_diags(&dl, stderr, 1);
    if (e && job.failed_path)
        cli_error("%s: not written (the document '%s')", job.failed_path,
                  job.failed_document);
    for (i = 0; i < job.n && !e; i++) {
        strbuf_reset(&json);
        strbuf_addf(&json, "documents/%s", job.files[i].name);
        doc_files_add(out, json.buf, job.files[i].path,
                      job.files[i].format == RENDER_XLSX
                          ? "application/vnd.openxmlformats-officedocument."
                            "spreadsheetml.sheet"
                          : "application/pdf",
                      ROLE_DOCUMENT);
    }
    render_job_release(&job);
    free(secs);
    free(templates);
    free(fonts);
    strbuf_release(&json);
    strbuf_release(&csv);
    strbuf_release(&sub);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : 0;
}

/* The input files of the event, under their names in the folder. */
static int add_inputs(const struct ranked *r, struct doc_files *f)
{
    const struct event *ev = r->ld.ev;
    struct strbuf path = STRBUF_INIT;
    size_t i, k;
    int ret = 0;

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
    for (i = 0; i < ev->n_sections; i++) {
        const struct section *s = &ev->sections[i];
        const char *why = manifest_name_problem(s->file);
        int dup = 0;
        if (why) {
            struct diag_list dl = DIAG_LIST_INIT;
            diag_error(&dl, s->at.file, s->at.line, 0,
                       "results file '%s' of section '%s': %s; a bundle "
                       "holds the files of the event folder",
                       s->file, s->id, why);
            cli_print_diags(&dl, stderr, 0);
            diag_list_release(&dl);
            ret = EXIT_DATAERR;
            continue;
        }
        for (k = 0; k < f->n; k++)
            if (!strcmp(f->items[k].name, s->file))
                dup = 1;
        if (!dup)
            doc_files_add(f, s->file, s->path,
                          s->format == RESULTS_CSV ? "text/csv" : "text/plain",
                          ROLE_INPUT);
    }
    strbuf_release(&path);
    return ret;
}

static int tty;

static void progress(const char *what, size_t i, size_t n)
{
    if (tty)
        fprintf(stderr, "\r\033[Kranking %s (%zu/%zu)", what, i + 1, n);
}

static void progress_text(const char *what)
{
    if (tty)
        fprintf(stderr, "\r\033[K%s", what);
}

static void progress_done(void)
{
    if (tty)
        fputs("\r\033[K", stderr);
}

/*
 * Is the event's current version made from these inputs by this software?
 * Looked at under the archive's shared lock, before anything is rendered.
 * 1 (and said so), 0, or -1 with *ret set.
 */
static int up_to_date(const char *root, const char *event_id,
                      const struct manifest *inputs, int *ret)
{
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    struct store_probe probe;
    struct catalog *cat = NULL;
    enum err e;
    size_t n;
    int same = 0;

    memset(&probe, 0, sizeof(probe));
    strbuf_addf(&path, "%s/%s", root, CATALOG_FILE);
    if (!file_is_regular(path.buf)) {
        strbuf_release(&path);
        return 0;
    }
    e = store_lock_reader(root, &lk, &dl);
    if (!e)
        e = store_open(root, CATALOG_READONLY, &cat, &dl);
    if (!e)
        e = store_probe(root, cat, event_id, &probe, &dl);
    *ret = cli_report(e, &dl);
    if (!e) {
        n = store_same_inputs(cat, event_id, &probe, inputs,
                              "sekretar " SEKRETAR_VERSION);
        if (n) {
            printf("%s/%s: up to date (version %d, %zu files)\n", root,
                   probe.relpath, probe.catalog_version, n + 1);
            same = 1;
        }
    }
    catalog_close(cat);
    archive_lock_release(&lk);
    store_probe_release(&probe);
    strbuf_release(&path);
    diag_list_release(&dl);
    return *ret ? -1 : same;
}

int cmd_build(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"archive", required_argument, NULL, 'a'},
        {"slug", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf id = STRBUF_INIT, zip = STRBUF_INIT;
    struct doc_files files = {NULL, 0, 0};
    struct archive_staging st = ARCHIVE_STAGING_INIT;
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct store_probe probe;
    struct catalog *cat = NULL;
    struct manifest m, inputs;
    struct ranked r;
    const char *opt_archive = NULL, *slug = NULL, *root, *dir;
    const char *software = "sekretar " SEKRETAR_VERSION;
    char created[32];
    char *prev = NULL;
    long long when;
    size_t i, n_entries = 0;
    int c, ret = EXIT_OK, made_catalog = 0;
    enum err e;

    memset(&r, 0, sizeof(r));
    memset(&probe, 0, sizeof(probe));
    manifest_init(&m);
    manifest_init(&inputs);
    optind = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            opt_archive = optarg;
            break;
        case 's':
            slug = optarg;
            break;
        case 'h':
            fputs(build_usage, stdout);
            return EXIT_OK;
        default:
            return cli_bad_option("build", c, argv);
        }
    }
    if (optind >= argc)
        return cli_usage_error("build", "no event folder given");
    if (optind + 1 < argc)
        return cli_usage_error("build", "one event folder at a time");
    dir = argv[optind];
    root = cli_archive_root(opt_archive);
    if (options_creation_time(&when))
        return EXIT_USAGE;
    iso_time(when, created, sizeof(created));
    tty = isatty(2);

    ret = ranked_load(dir, dir, "build", progress, &r);
    if (ret)
        goto out;
    e = store_event_id(r.ld.ev, dir, slug, &id, &dl);
    if (e == ERR_USAGE) {
        ret = cli_usage_error("build", "%s", dl.items[0].msg);
        goto out;
    }
    ret = cli_report(e, &dl);
    if (!ret)
        ret = add_inputs(&r, &files);
    if (!ret)
        ret = cli_report(
            store_hash_inputs(files.items, files.n, &inputs, &dl), &dl);
    if (ret)
        goto out;
    /* Decided from the inputs and the software, before any rendering. */
    if (up_to_date(root, id.buf, &inputs, &ret))
        goto out;

    progress_text("writing the documents");
    ret = cli_report(archive_staging_make(root, "build", &st, &dl), &dl);
    if (ret)
        goto out;
    ret = documents_write(&r, id.buf, st.dir, when, &files);
    if (ret)
        goto out;
    test_point("rendered");

    /* From here to the commit the archive is ours alone. */
    e = store_open_writer(root, CATALOG_CREATE, &lk, &cat, &made_catalog, &dl);
    if (!e)
        e = store_probe(root, cat, id.buf, &probe, &dl);
    ret = cli_report(e, &dl);
    if (ret)
        goto out;
    if (store_same_inputs(cat, id.buf, &probe, &inputs, software)) {
        /* Another build committed these inputs while this one rendered. */
        printf("%s/%s: up to date (version %d)\n", root, probe.relpath,
               probe.catalog_version);
        goto out;
    }
    progress_text("writing the bundle");
    manifest_set(&m, id.buf, store_next_version(&probe), software, created);
    if (bundle_make(&m, files.items, files.n, when, &zip, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_SOFTWARE;
        goto out;
    }
    progress_text("adding it to the catalogue");
    ret = cli_report(store_commit(root, cat, r.ld.ev, &r.er, id.buf, &probe,
                                  &m, &zip, &prev, &dl),
                     &dl);
    progress_done();
    if (ret)
        goto out;
    made_catalog = 0; /* it holds the event now */
    for (i = 0; i < r.n; i++)
        n_entries += RANKED_S(&r, i)->n_rows;
    printf("bundle:    %s/%s (version %d, %zu files, %zu bytes)\n", root,
           probe.relpath, m.version, m.n + 1, zip.len);
    if (prev)
        printf("previous:  %s/%s (version %d, kept)\n", root, prev,
               probe.catalog_version);
    printf("catalogue: %s/%s (event %s: %zu sections, %zu players)\n", root,
           CATALOG_FILE, id.buf, r.n, n_entries);
    for (i = 0; i < files.n; i++)
        if (files.items[i].role != ROLE_INPUT)
            printf("  %s\n", files.items[i].name);
    if (r.warnings)
        printf("%zu warning%s: 'sekretar check %s' lists them\n", r.warnings,
               r.warnings == 1 ? "" : "s", dir);
out:
    progress_done();
    archive_staging_remove(&st);
    if (cat && made_catalog && store_has_event(cat, id.buf))
        made_catalog = 0;
    catalog_close(cat);
    if (ret)
        store_undo_new(root, made_catalog);
    archive_lock_release(&lk);
    free(prev);
    store_probe_release(&probe);
    manifest_release(&m);
    manifest_release(&inputs);
    doc_files_release(&files);
    ranked_release(&r);
    strbuf_release(&id);
    strbuf_release(&zip);
    diag_list_release(&dl);
    return ret;
}
