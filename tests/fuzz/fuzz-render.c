/* tests/fuzz/fuzz-render: libFuzzer target from a fuzzed event and fuzzed
 * templates to every document: the input is up to three parts split by a
 * line "--8<--":
 *   1. a template: its first byte picks which file of templates/ it
 *      replaces (common.ini, ranking.ini, ..., diploma-individual.ini: the
 *      byte modulo 13) and which event of tests/data is rendered
 *      (mini-event, knockout/byes, team-event: the byte / 13 modulo 3), the
 *      rest is the template's text;
 *   2. when not empty, the girls' results (girls.trf) of tests/data/
 *      mini-event, whose registry and other results stay;
 *   3. when not empty, the diplomas' background image (bg.png, which the
 *      diploma templates name; else 2 x 2 grey pixels).
 * The event is prepared as build prepares it; one without errors has
 * every document written (ranking lists, cross tables, diplomas with
 * their QR codes and background, the mandate commission's, the report),
 * all or none.  A crash, a hang, a sanitizer report or a file left
 * outside the output folder is a finding.  Run from the top of the tree
 * ('make fuzz'); its seeds are made by tests/fuzz/seed-render.sh from
 * the tree's own templates and results, and 'make asan-check' runs them
 * through the target once (tests/fuzz/run-corpus.c).
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive/commit.h"
#include "pipeline/prepare.h"
#include "pipeline/render.h"
#include "util/file.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const templates[] = {
    "common.ini",         "ranking.ini",           "crosstable.ini",
    "bracket.ini",        "matches.ini",           "diploma-individual.ini",
    "diploma-team.ini",   "diploma-member.ini",    "diploma-coach.ini",
    "mandate.ini",        "report.ini",            "team-crosstable.ini",
    "boards.ini"};
#define N_TEMPLATES (sizeof(templates) / sizeof(templates[0]))
#define SEPARATOR   "\n--8<--\n"

/* bg.png when the input gives none: 2 x 2 grey pixels. */
static const unsigned char tiny_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d,
    0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02,
    0x08, 0x00, 0x00, 0x00, 0x00, 0x57, 0xdd, 0x52, 0xf8, 0x00, 0x00, 0x00,
    0x0e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xff, 0x8e, 0xe1,
    0xee, 0x19, 0x00, 0x0b, 0x3f, 0x03, 0x97, 0x7e, 0x99, 0x7b, 0xf2, 0x00,
    0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

static char dir[64];
static struct strbuf original[N_TEMPLATES];
static struct strbuf girls = STRBUF_INIT;

static void copy(const char *from, const char *to, struct strbuf *keep)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;

    if (file_read(from, 1 << 22, &sb, &dl) ||
        file_write_atomic(to, sb.buf, sb.len, &dl)) {
        fprintf(stderr, "fuzz-render: %s: run from the top of the tree\n",
                from);
        exit(1);
    }
    if (keep)
        strbuf_addbuf(keep, &sb);
    strbuf_release(&sb);
    diag_list_release(&dl);
}

static void cleanup(void)
{
    archive_remove_tree(dir);
}

/* The diploma templates name bg.png (read relative to the templates). */
static void name_background(struct strbuf *sb)
{
    const char *at = strstr(sb->buf, "\nbackground =");
    struct strbuf out = STRBUF_INIT;

    if (!at)
        return;
    at += strlen("\nbackground =");
    strbuf_add(&out, sb->buf, (size_t)(at - sb->buf));
    strbuf_addstr(&out, " bg.png");
    strbuf_addstr(&out, at);
    strbuf_reset(sb);
    strbuf_addbuf(sb, &out);
    strbuf_release(&out);
}

/* The events: their folder under tests/data and their files. */
static const struct {
    const char *dir;
    const char *files[6];
} events[] = {
    {"mini-event",
     {"players.csv", "boys.csv", "girls.trf", "boys-rapid.csv", "event.ini"}},
    {"knockout/byes", {"players.csv", "final.csv", "event.ini"}},
    {"team-event", {"players.csv", "clubs.trf", "event.ini"}}};
#define N_EVENTS (sizeof(events) / sizeof(events[0]))

/* A folder with the events (0/, 1/, 2/) and a copy of templates/, made
   once. */
static void setup(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf from = STRBUF_INIT, to = STRBUF_INIT;
    size_t i, k;

    /* The fonts: the tree's, unless the caller says where they are. */
    if (!getenv("SEKRETAR_DATADIR")) {
        char cwd[4096];
        if (getcwd(cwd, sizeof(cwd)))
            setenv("SEKRETAR_DATADIR", cwd, 1);
    }
    snprintf(dir, sizeof(dir), "/tmp/fuzz-render-%ld", (long)getpid());
    atexit(cleanup);
    strbuf_addf(&to, "%s/templates", dir);
    if (file_mkdirs(to.buf, &dl))
        exit(1);
    for (k = 0; k < N_EVENTS; k++) {
        strbuf_reset(&to);
        strbuf_addf(&to, "%s/%zu", dir, k);
        if (file_mkdirs(to.buf, &dl))
            exit(1);
        for (i = 0; events[k].files[i]; i++) {
            strbuf_reset(&from);
            strbuf_reset(&to);
            strbuf_addf(&from, "tests/data/%s/%s", events[k].dir,
                        events[k].files[i]);
            strbuf_addf(&to, "%s/%zu/%s", dir, k, events[k].files[i]);
            copy(from.buf, to.buf,
                 k || strcmp(events[k].files[i], "girls.trf") ? NULL : &girls);
        }
    }
    for (i = 0; i < N_TEMPLATES; i++) {
        strbuf_init(&original[i], 0);
        strbuf_reset(&from);
        strbuf_reset(&to);
        strbuf_addf(&from, "templates/%s", templates[i]);
        strbuf_addf(&to, "%s/templates/%s", dir, templates[i]);
        copy(from.buf, to.buf, &original[i]);
        if (!strncmp(templates[i], "diploma-", 8))
            name_background(&original[i]);
    }
    strbuf_release(&from);
    strbuf_release(&to);
    diag_list_release(&dl);
}

static void put(const char *name, const void *bytes, size_t len)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;

    strbuf_addf(&path, "%s/%s", dir, name);
    file_write_atomic(path.buf, bytes, len, &dl);
    strbuf_release(&path);
    diag_list_release(&dl);
}

/* With FUZZ_RENDER_SAY set (run-corpus, the seeds' test), what became of
   an input: "documents N", or "refused: " and its first error. */
static void say_made(size_t n)
{
    if (getenv("FUZZ_RENDER_SAY"))
        printf("documents %zu\n", n);
}

static void say_refused(const struct diag_list *dl)
{
    size_t i;

    if (!getenv("FUZZ_RENDER_SAY"))
        return;
    for (i = 0; i < dl->nr; i++)
        if (dl->items[i].level == DIAG_ERROR) {
            const char *f = dl->items[i].file ? dl->items[i].file : "";
            const char *slash = strrchr(f, '/');
            printf("refused: %s:%u: %s\n", slash ? slash + 1 : f,
                   dl->items[i].line, dl->items[i].msg);
            return;
        }
    printf("refused\n");
}

/* The next part of [*p, end) up to the separator (or the end). */
static size_t part(const uint8_t **p, const uint8_t *end, const uint8_t **at)
{
    const uint8_t *s = *p;
    size_t n = (size_t)(end - s), k = strlen(SEPARATOR), i;

    *at = s;
    for (i = 0; i + k <= n; i++)
        if (!memcmp(s + i, SEPARATOR, k)) {
            *p = s + i + k;
            return i;
        }
    *p = end;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT, tpl = STRBUF_INIT, ev = STRBUF_INIT;
    struct documents_request rq;
    struct documents_written w;
    struct prepare_options o;
    struct prepared p;
    const uint8_t *cur = data, *end = data + size, *at;
    size_t i, n, which, event;

    if (!*dir)
        setup();
    if (!size)
        return 0;
    which = data[0] % N_TEMPLATES;
    event = (data[0] / N_TEMPLATES) % N_EVENTS;
    cur++;
    /* Every template as it was, but the one this input gives. */
    for (i = 0; i < N_TEMPLATES; i++) {
        strbuf_reset(&tpl);
        strbuf_addf(&tpl, "templates/%s", templates[i]);
        if (i != which)
            put(tpl.buf, original[i].buf, original[i].len);
    }
    n = part(&cur, end, &at);
    strbuf_reset(&tpl);
    strbuf_addf(&tpl, "templates/%s", templates[which]);
    put(tpl.buf, at, n);
    n = part(&cur, end, &at);
    if (n)
        put("0/girls.trf", at, n);
    else
        put("0/girls.trf", girls.buf, girls.len);
    n = part(&cur, end, &at);
    if (n)
        put("templates/bg.png", at, n);
    else
        put("templates/bg.png", tiny_png, sizeof(tiny_png));

    memset(&o, 0, sizeof(o));
    memset(&p, 0, sizeof(p));
    strbuf_addf(&ev, "%s/%zu", dir, event);
    o.path = ev.buf;
    o.flags = PREPARE_FOLDER;
    o.cmd = "render";
    o.flags |= documents_prepare_flags(documents_chosen(0, &o));
    if (prepare_event(&o, &p, &dl) == ERR_OK) {
        strbuf_addf(&out, "%s/out", dir);
        strbuf_reset(&tpl);
        strbuf_addf(&tpl, "%s/templates", dir);
        memset(&rq, 0, sizeof(rq));
        memset(&w, 0, sizeof(w));
        rq.outdir = out.buf;
        rq.chosen = documents_chosen(0, &o);
        rq.templates_dir = tpl.buf;
        rq.created = 1685577600; /* 2023-06-01 */
        rq.verify_url = "https://archive.example.ua/diplomas/";
        if (!documents_write(&p, &rq, &w, &dl))
            say_made(w.n);
        else
            say_refused(&dl);
        documents_written_release(&w);
        archive_remove_tree(out.buf);
    } else {
        say_refused(&dl);
    }
    prepared_release(&p);
    strbuf_release(&out);
    strbuf_release(&tpl);
    strbuf_release(&ev);
    diag_list_release(&dl);
    return 0;
}
