/* pipeline/publish: what the archive's public website may carry.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/publish.h"

#include <stdlib.h>
#include <string.h>

#include "ingest/ini.h"
#include "render/render.h"
#include "util/arena.h"
#include "util/file.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/table.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The documents of results, which any results service publishes. */
static const char *const public_documents[] = {
    "ranking", "crosstable", "team-crosstable", "boards", "bracket",
    "matches", NULL};

static void policy_default(struct publish_policy *p)
{
    size_t i;

    memset(p, 0, sizeof(*p));
    for (i = 0; public_documents[i]; i++)
        p->documents |= render_select(public_documents[i]);
    p->results = 1;
    p->public_bundle = 1;
    p->birth = PUBLISH_BIRTH_YEAR;
}

/* 'base-url': an http or https address with a host, written into pages
   and the sitemap as it is: nothing in it that HTML or XML would read
   otherwise.  0, or -1 with the error said. */
static int read_base_url(struct publish_policy *p, const char *file,
                         const struct ini_entry *en, struct diag_list *dl)
{
    const char *v = en->value, *host, *c;
    size_t n = strlen(v);

    host = !strncmp(v, "https://", 8) ? v + 8
           : !strncmp(v, "http://", 7) ? v + 7
                                       : NULL;
    for (c = v; host && *c; c++)
        if ((unsigned char)*c <= ' ' || strchr("\"'<>\\`", *c) ||
            (unsigned char)*c >= 0x7f)
            host = NULL;
    if (!host || !*host || *host == '/') {
        diag_error(dl, file, en->line, en->col,
                   "base-url: the address the site is served at, "
                   "'https://host/path/' (no blank, quote or angle bracket, "
                   "non-ASCII written as %%XX), not '%s'",
                   v);
        return -1;
    }
    free(p->base_url);
    p->base_url = xmalloc(n + 2);
    memcpy(p->base_url, v, n + 1);
    if (v[n - 1] != '/')
        memcpy(p->base_url + n, "/", 2);
    return 0;
}

/* Take one word of 'publish': 0, or -1 when it is no such word. */
static int take_word(struct publish_policy *p, const char *w)
{
    unsigned docs = render_select(w);

    if (docs)
        p->documents |= docs;
    else if (!strcmp(w, "results"))
        p->results = 1;
    else if (!strcmp(w, "inputs"))
        p->inputs = 1;
    else if (!strcmp(w, "bundle"))
        p->bundle = 1;
    else if (!strcmp(w, "public-bundle"))
        p->public_bundle = 1;
    else
        return -1;
    return 0;
}

/* 'publish = WORD, WORD ...' of e into p. */
static enum err read_publish(struct publish_policy *p, const char *file,
                             const struct ini_entry *e, struct diag_list *dl)
{
    const char *s = e->value;
    enum err ret = ERR_OK;

    p->documents = 0;
    p->results = p->inputs = p->bundle = p->public_bundle = 0;
    if (!strcmp(s, "none"))
        return ERR_OK;
    while (*s) {
        size_t n;
        char *w;
        while (*s == ',' || *s == ' ' || *s == '\t')
            s++;
        n = strcspn(s, ", \t");
        if (!n)
            break;
        w = xstrndup(s, n);
        if (take_word(p, w)) {
            diag_error(dl, file, e->line, e->col + (unsigned)(s - e->value),
                       "publish: '%s' is no document or file the site can "
                       "publish (ranking, crosstable, team-crosstable, "
                       "boards, bracket, matches, diplomas, report, "
                       "mandate, results, inputs, bundle, public-bundle, or "
                       "none)",
                       w);
            ret = ERR_PARSE;
        }
        free(w);
        s += n;
    }
    return ret;
}

void publish_policy_default(struct publish_policy *out)
{
    policy_default(out);
}

enum err publish_policy_read(const char *root, struct publish_policy *out,
                             struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    struct ini *ini = NULL;
    enum err e = ERR_OK;
    size_t i, k;

    policy_default(out);
    strbuf_addf(&path, "%s/%s", root, PUBLISH_SETTINGS);
    if (!file_is_regular(path.buf)) {
        strbuf_release(&path);
        return ERR_OK;
    }
    e = ini_read(path.buf, &ini, dl);
    for (i = 0; !e && i < ini->n; i++) {
        const struct ini_section *sec = &ini->sections[i];
        if (strcmp(sec->kind, "site")) {
            diag_error(dl, path.buf, sec->line, 1,
                       "unknown section [%s] (the settings of the site are "
                       "in [site])",
                       sec->kind);
            e = ERR_PARSE;
            continue;
        }
        for (k = 0; k < sec->n; k++) {
            const struct ini_entry *en = &sec->entries[k];
            if (!strcmp(en->key, "publish")) {
                if (read_publish(out, path.buf, en, dl))
                    e = ERR_PARSE;
            } else if (!strcmp(en->key, "birth")) {
                if (!strcmp(en->value, "year"))
                    out->birth = PUBLISH_BIRTH_YEAR;
                else if (!strcmp(en->value, "none"))
                    out->birth = PUBLISH_BIRTH_NONE;
                else {
                    diag_error(dl, path.buf, en->line, en->col,
                               "birth: 'year' or 'none', not '%s' (the site "
                               "never publishes a whole birth date)",
                               en->value);
                    e = ERR_PARSE;
                }
            } else if (!strcmp(en->key, "base-url")) {
                if (read_base_url(out, path.buf, en, dl))
                    e = ERR_PARSE;
            } else {
                diag_error(dl, path.buf, en->line, en->key_col,
                           "unknown key '%s' in [site] (publish, birth, "
                           "base-url)",
                           en->key);
                e = ERR_PARSE;
            }
        }
    }
    if (!e)
        out->source = PUBLISH_SETTINGS;
    ini_free(ini);
    strbuf_release(&path);
    return e;
}

void publish_policy_release(struct publish_policy *p)
{
    free(p->base_url);
    memset(p, 0, sizeof(*p));
}

/* The document a file of a bundle is ("documents/boys-ranking.pdf": the
   ranking), as the document table names it; -1 when none. */
static long document_of(const char *name)
{
    return strncmp(name, "documents/", 10) ? -1
                                           : render_document_of(name + 10);
}

enum publish_as publish_file(const struct publish_policy *p, const char *name,
                             const char *role)
{
    long d;

    if (!strcmp(role, "input"))
        return p->inputs ? PUBLISH_AS_IS : PUBLISH_NOT;
    if (!strcmp(role, "results"))
        return p->results ? PUBLISH_CUT : PUBLISH_NOT;
    if (strcmp(role, "document"))
        return PUBLISH_NOT;
    d = document_of(name);
    return d >= 0 && (p->documents & (1u << d)) ? PUBLISH_AS_IS : PUBLISH_NOT;
}

/* A birth as published: "2013" of "2013-03-14" or "2013"; "" else. */
static void cut_birth(const struct publish_policy *p, const char *s,
                      size_t n, struct strbuf *out)
{
    size_t i;

    if (p->birth == PUBLISH_BIRTH_NONE || n < 4)
        return;
    for (i = 0; i < 4; i++)
        if (s[i] < '0' || s[i] > '9')
            return;
    strbuf_add(out, s, 4);
}

/* The first n bytes of key in s (len bytes), or NULL. */
static const char *find(const char *s, size_t len, const char *key, size_t n)
{
    const char *end = s + len;

    for (; (size_t)(end - s) >= n; s++) {
        s = memchr(s, key[0], (size_t)(end - s) - n + 1);
        if (!s)
            return NULL;
        if (!memcmp(s, key, n))
            return s;
    }
    return NULL;
}

/* The JSON of archive/results.c: every "birth" value cut.  The key can
   stand nowhere else unescaped: a name's quotes are written \". */
static void cut_json(const struct publish_policy *p, const char *s, size_t len,
                     struct strbuf *out)
{
    static const char key[] = "\"birth\": \"";
    const char *end = s + len;

    while (s < end) {
        const char *k = find(s, (size_t)(end - s), key, sizeof(key) - 1);
        const char *q;
        if (!k) {
            strbuf_add(out, s, (size_t)(end - s));
            return;
        }
        k += sizeof(key) - 1;
        strbuf_add(out, s, (size_t)(k - s));
        q = memchr(k, '"', (size_t)(end - k));
        if (!q)
            q = end;
        cut_birth(p, k, (size_t)(q - k), out);
        s = q;
    }
}

/* The end of the CSV field starting at s (RFC 4180). */
static const char *csv_field_end(const char *s, const char *end)
{
    if (s < end && *s == '"') {
        for (s++; s < end; s++)
            if (*s == '"') {
                if (s + 1 < end && s[1] == '"')
                    s++;
                else
                    return s + 1;
            }
        return end;
    }
    while (s < end && *s != ',' && *s != '\r' && *s != '\n')
        s++;
    return s;
}

/* The CSV of archive/results.c: its "Birth" column cut. */
static void cut_csv(const struct publish_policy *p, const char *s, size_t len,
                    struct strbuf *out)
{
    const char *end = s + len;
    long birth = -1, col = 0;
    int header = 1;

    while (s < end) {
        const char *f = csv_field_end(s, end);
        if (header && f - s == 5 && !memcmp(s, "Birth", 5))
            birth = col;
        if (!header && col == birth)
            cut_birth(p, s, (size_t)(f - s), out);
        else
            strbuf_add(out, s, (size_t)(f - s));
        s = f;
        if (s < end && *s == ',') {
            strbuf_addch(out, ',');
            s++;
            col++;
            continue;
        }
        /* the line's end */
        while (s < end && (*s == '\r' || *s == '\n')) {
            if (*s == '\n')
                header = 0;
            strbuf_addch(out, *s++);
        }
        col = 0;
    }
}

void publish_cut(const struct publish_policy *p, const char *name,
                 const char *bytes, size_t len, struct strbuf *out)
{
    size_t n = strlen(name);

    if (n > 5 && !strcmp(name + n - 5, ".json"))
        cut_json(p, bytes, len, out);
    else if (n > 4 && !strcmp(name + n - 4, ".csv"))
        cut_csv(p, bytes, len, out);
    else
        strbuf_add(out, bytes, len);
}

void publish_person_key(const char *ident, char out[21])
{
    struct strbuf sb = STRBUF_INIT;
    char hex[65];

    strbuf_addf(&sb, "sekretar person %s", ident);
    sha256_hex(sb.buf, sb.len, hex);
    memcpy(out, hex, 20);
    out[20] = '\0';
    strbuf_release(&sb);
}

void publish_rows(const struct publish_policy *p, struct table *t)
{
    struct strbuf sb = STRBUF_INIT;
    size_t c, r;

    for (c = 0; c < t->ncols; c++) {
        if (!strcmp(t->heads[c], "Ident") || !strcmp(t->heads[c], "Gone") ||
            !strcmp(t->heads[c], "Kept")) {
            for (r = 0; r < t->nrows; r++) {
                char **cell = &t->cells[r * t->ncols + c];
                char hex[21];
                publish_person_key(*cell, hex);
                *cell = arena_strdup(&t->text, hex);
            }
            continue;
        }
        if (!strcmp(t->heads[c], "PGN") && !p->results) {
            /* a game's moves are results: published with them */
            for (r = 0; r < t->nrows; r++)
                t->cells[r * t->ncols + c] = (char *)"";
            continue;
        }
        if (strcmp(t->heads[c], "Birth"))
            continue;
        for (r = 0; r < t->nrows; r++) {
            char **cell = &t->cells[r * t->ncols + c];
            strbuf_reset(&sb);
            cut_birth(p, *cell, strlen(*cell), &sb);
            /* the year is the cell's own start: cut in place */
            (*cell)[sb.len] = '\0';
        }
    }
    strbuf_release(&sb);
}

void publish_left_out(const struct publish_policy *p, struct strbuf *out)
{
    static const struct {
        const char *name, *words;
    } docs[] = {
        {"mandate", "документи мандатної комісії"},
        {"report", "звіт для міністерства"},
        {"diplomas", "дипломи"},
    };
    size_t i;

    strbuf_addstr(out, p->birth == PUBLISH_BIRTH_YEAR
                           ? "Учасників названо з роком народження, без "
                             "дати. "
                           : "Учасників названо без дат і років "
                             "народження. ");
    strbuf_addstr(out, "В архіві федерації, не тут, зберігаються реєстр "
                       "учасників");
    for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++)
        if ((p->documents & render_select(docs[i].name)) !=
            render_select(docs[i].name))
            strbuf_addf(out, ", %s", docs[i].words);
    if (!p->inputs)
        strbuf_addstr(out, ", вхідні файли програм жеребкування");
    if (!p->bundle)
        strbuf_addstr(out, " і повний підписаний пакет змагання");
    strbuf_addstr(out, ": вони містять особисті дані учасників (повні дати "
                       "народження, документи, медичні допуски, страхування, "
                       "внески).");
}
