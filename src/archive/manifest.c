/* archive/manifest: reading and writing manifest.json (the only file that
 * includes jansson.h).
 * SPDX-License-Identifier: MIT
 */
#include "archive/manifest.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

void manifest_init(struct manifest *m)
{
    memset(m, 0, sizeof(*m));
}

void manifest_release(struct manifest *m)
{
    size_t i;

    for (i = 0; i < m->n; i++) {
        free(m->files[i].name);
        free(m->files[i].media_type);
    }
    free(m->files);
    for (i = 0; i < m->n_forgotten; i++) {
        struct manifest_forgotten *g = &m->forgotten[i];
        size_t k;
        for (k = 0; k < g->n_files; k++)
            free(g->files[k]);
        free(g->files);
        free(g->date);
        free(g->person);
        free(g->previous);
        free(g->software);
    }
    free(m->forgotten);
    free(m->event);
    free(m->software);
    free(m->created);
    free(m->diploma_url);
    manifest_init(m);
}

static void set_str(char **dst, const char *s)
{
    if (!s)
        return;
    free(*dst);
    *dst = xstrdup(s);
}

void manifest_set(struct manifest *m, const char *event, int version,
                  const char *software, const char *created)
{
    set_str(&m->event, event);
    m->version = version;
    set_str(&m->software, software);
    set_str(&m->created, created);
}

struct manifest_file *manifest_add(struct manifest *m, const char *name,
                                   long long size, const char *sha256,
                                   const char *media_type,
                                   enum manifest_role role)
{
    struct manifest_file *f;

    ALLOC_GROW(m->files, m->n + 1, m->alloc);
    f = &m->files[m->n++];
    memset(f, 0, sizeof(*f));
    f->name = xstrdup(name);
    f->size = size;
    snprintf(f->sha256, sizeof(f->sha256), "%s", sha256 ? sha256 : "");
    f->media_type = xstrdup(media_type ? media_type : "");
    f->role = role;
    return f;
}

struct manifest_forgotten *manifest_add_forgotten(
    struct manifest *m, const char *date, const char *person,
    const char *previous, const char *software, const char *const *files,
    size_t n)
{
    struct manifest_forgotten *g;
    size_t k;

    m->forgotten =
        xrealloc(m->forgotten, (m->n_forgotten + 1) * sizeof(*m->forgotten));
    g = &m->forgotten[m->n_forgotten++];
    g->date = xstrdup(date);
    g->person = xstrdup(person);
    g->previous = xstrdup(previous);
    g->software = xstrdup(software);
    g->files = xcalloc(n ? n : 1, sizeof(*g->files));
    g->n_files = n;
    for (k = 0; k < n; k++)
        g->files[k] = xstrdup(files[k]);
    return g;
}

void manifest_copy_forgotten(struct manifest *to, const struct manifest *from)
{
    size_t i;

    for (i = 0; i < from->n_forgotten; i++) {
        const struct manifest_forgotten *g = &from->forgotten[i];
        manifest_add_forgotten(to, g->date, g->person, g->previous,
                               g->software, (const char *const *)g->files,
                               g->n_files);
    }
}

static int cmp_file(const void *a, const void *b)
{
    return strcmp(((const struct manifest_file *)a)->name,
                  ((const struct manifest_file *)b)->name);
}

void manifest_sort(struct manifest *m)
{
    if (m->n)
        qsort(m->files, m->n, sizeof(*m->files), cmp_file);
}

const struct manifest_file *manifest_find(const struct manifest *m,
                                          const char *name)
{
    struct manifest_file key;

    if (!m->n)
        return NULL;
    key.name = (char *)name;
    return bsearch(&key, m->files, m->n, sizeof(*m->files), cmp_file);
}

int manifest_same_files(const struct manifest *a, const struct manifest *b)
{
    size_t i;

    if (a->n != b->n)
        return 0;
    for (i = 0; i < a->n; i++)
        if (strcmp(a->files[i].name, b->files[i].name) ||
            a->files[i].size != b->files[i].size ||
            strcmp(a->files[i].sha256, b->files[i].sha256))
            return 0;
    return 1;
}

static const char *const role_names[] = {"input", "document", "results"};

const char *manifest_role_name(enum manifest_role r)
{
    return role_names[r];
}

int manifest_role_parse(const char *s, enum manifest_role *out)
{
    size_t i;

    for (i = 0; i < sizeof(role_names) / sizeof(role_names[0]); i++)
        if (!strcmp(s, role_names[i])) {
            *out = (enum manifest_role)i;
            return 0;
        }
    return -1;
}

const char *manifest_name_problem(const char *name)
{
    return file_name_problem(name);
}

int manifest_event_id_ok(const char *s)
{
    return name_is_slug(s, 100);
}

/* ---------------------------------------------------------------- write */

void manifest_write(const struct manifest *m, struct strbuf *out)
{
    json_t *root = json_object(), *files = json_array();
    char *text;
    size_t i;

    json_object_set_new(root, "format", json_string(MANIFEST_FORMAT));
    json_object_set_new(root, "format_version",
                        json_integer(MANIFEST_FORMAT_VERSION));
    json_object_set_new(root, "event", json_string(m->event ? m->event : ""));
    json_object_set_new(root, "version", json_integer(m->version));
    json_object_set_new(root, "software",
                        json_string(m->software ? m->software : ""));
    json_object_set_new(root, "created",
                        json_string(m->created ? m->created : ""));
    if (m->diploma_url)
        json_object_set_new(root, "diploma_url",
                            json_string(m->diploma_url));
    if (m->n_forgotten) {
        json_t *all = json_array();
        for (i = 0; i < m->n_forgotten; i++) {
            const struct manifest_forgotten *g = &m->forgotten[i];
            json_t *o = json_object(), *names = json_array();
            size_t k;
            json_object_set_new(o, "date", json_string(g->date));
            json_object_set_new(o, "person", json_string(g->person));
            json_object_set_new(o, "previous", json_string(g->previous));
            json_object_set_new(o, "software", json_string(g->software));
            for (k = 0; k < g->n_files; k++)
                json_array_append_new(names, json_string(g->files[k]));
            json_object_set_new(o, "files", names);
            json_array_append_new(all, o);
        }
        json_object_set_new(root, "forgotten", all);
    }
    for (i = 0; i < m->n; i++) {
        const struct manifest_file *f = &m->files[i];
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(f->name));
        json_object_set_new(o, "size", json_integer(f->size));
        json_object_set_new(o, "sha256", json_string(f->sha256));
        json_object_set_new(o, "type", json_string(f->media_type));
        json_object_set_new(o, "role", json_string(role_names[f->role]));
        json_array_append_new(files, o);
    }
    json_object_set_new(root, "files", files);
    text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (!text) {
        /* Only when out of memory, or a string is not UTF-8 (a bug). */
        fputs("sekretar: fatal: cannot write a manifest\n", stderr);
        exit(70);
    }
    strbuf_addstr(out, text);
    strbuf_addch(out, '\n');
    free(text);
    json_decref(root);
}

/* ---------------------------------------------------------------- parse */

/* The string member key of o, or NULL after reporting what is wrong. */
static const char *get_string(json_t *o, const char *key, const char *what,
                              const char *where, struct diag_list *dl)
{
    json_t *v = json_object_get(o, key);

    if (!v) {
        diag_error(dl, where, 0, 0, "%s has no '%s'", what, key);
        return NULL;
    }
    if (!json_is_string(v)) {
        diag_error(dl, where, 0, 0, "%s: '%s' is not a string", what, key);
        return NULL;
    }
    return json_string_value(v);
}

static int get_int(json_t *o, const char *key, const char *what,
                   const char *where, long long min, long long *out,
                   struct diag_list *dl)
{
    json_t *v = json_object_get(o, key);

    if (!v) {
        diag_error(dl, where, 0, 0, "%s has no '%s'", what, key);
        return -1;
    }
    if (!json_is_integer(v) || json_integer_value(v) < min) {
        diag_error(dl, where, 0, 0,
                   "%s: '%s' is not a whole number of %lld "
                   "or more",
                   what, key, min);
        return -1;
    }
    *out = json_integer_value(v);
    return 0;
}

/* n lower-case hex digits and nothing else. */
static int is_hex(const char *s, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return 0;
    return s[n] == '\0';
}

/* One record of "forgotten": every field there and of its form. */
static void parse_forgotten(json_t *o, size_t k, const char *where,
                            struct manifest *m, struct diag_list *dl)
{
    char what[64];
    const char *date, *person, *prev, *soft;
    const char **names = NULL;
    json_t *files;
    size_t i, n = 0;
    int bad = 0;

    snprintf(what, sizeof(what), "record %zu of 'forgotten'", k + 1);
    if (!json_is_object(o)) {
        diag_error(dl, where, 0, 0, "%s is not an object", what);
        return;
    }
    date = get_string(o, "date", what, where, dl);
    person = get_string(o, "person", what, where, dl);
    prev = get_string(o, "previous", what, where, dl);
    soft = get_string(o, "software", what, where, dl);
    if (!date || !person || !prev || !soft)
        return;
    if (strlen(date) != 10 || date[4] != '-' || date[7] != '-') {
        diag_error(dl, where, 0, 0, "%s: date '%s' is not YYYY-MM-DD", what,
                   date);
        bad = 1;
    }
    if (!is_hex(person, 20)) {
        diag_error(dl, where, 0, 0,
                   "%s: 'person' is not 20 lower-case hex digits", what);
        bad = 1;
    }
    if (!is_hex(prev, 64)) {
        diag_error(dl, where, 0, 0,
                   "%s: 'previous' is not 64 lower-case hex digits", what);
        bad = 1;
    }
    files = json_object_get(o, "files");
    if (!files || !json_is_array(files) ||
        (n = json_array_size(files)) > MANIFEST_MAX_FILES) {
        diag_error(dl, where, 0, 0, "%s has no 'files' array", what);
        return;
    }
    names = xcalloc(n ? n : 1, sizeof(*names));
    for (i = 0; i < n; i++) {
        json_t *v = json_array_get(files, i);
        names[i] = json_is_string(v) ? json_string_value(v) : NULL;
        if (!names[i] || manifest_name_problem(names[i])) {
            diag_error(dl, where, 0, 0, "%s: file %zu is not a file's name",
                       what, i + 1);
            bad = 1;
        }
    }
    if (!bad)
        manifest_add_forgotten(m, date, person, prev, soft, names, n);
    free(names);
}

static void parse_file(json_t *o, size_t k, const char *where,
                       struct manifest *m, struct diag_list *dl)
{
    char what[64];
    const char *name, *sha, *type, *role;
    const char *why;
    enum manifest_role r = ROLE_INPUT;
    long long size = 0;
    int bad = 0;

    snprintf(what, sizeof(what), "file %zu", k + 1);
    if (!json_is_object(o)) {
        diag_error(dl, where, 0, 0, "%s of 'files' is not an object", what);
        return;
    }
    name = get_string(o, "name", what, where, dl);
    if (!name)
        return;
    if ((why = manifest_name_problem(name)) != NULL) {
        diag_error(dl, where, 0, 0, "file '%s': %s", name, _(why));
        bad = 1;
    } else if (!strcmp(name, MANIFEST_NAME)) {
        diag_error(dl, where, 0, 0, "the manifest lists itself");
        bad = 1;
    }
    snprintf(what, sizeof(what), "file %zu", k + 1);
    if (get_int(o, "size", what, where, 0, &size, dl))
        bad = 1;
    sha = get_string(o, "sha256", what, where, dl);
    if (!sha)
        bad = 1;
    else if (!is_hex(sha, 64)) {
        diag_error(dl, where, 0, 0,
                   "file '%s': 'sha256' is not 64 lower-case hex digits", name);
        bad = 1;
    }
    type = get_string(o, "type", what, where, dl);
    role = get_string(o, "role", what, where, dl);
    if (!type || !role)
        bad = 1;
    else if (manifest_role_parse(role, &r)) {
        diag_error(dl, where, 0, 0,
                   "file '%s': unknown role '%s' (input, document or "
                   "results)",
                   name, role);
        bad = 1;
    }
    if (!bad)
        manifest_add(m, name, size, sha, type, r);
}

enum err manifest_parse(const char *buf, size_t len, const char *where,
                        struct manifest *m, struct diag_list *dl)
{
    size_t errs = dl->nr_errors, i, n;
    json_error_t je;
    json_t *root, *files;
    const char *s;
    long long v;

    manifest_init(m);
    root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        diag_error(dl, where, (unsigned)(je.line > 0 ? je.line : 0),
                   (unsigned)(je.column > 0 ? je.column : 0),
                   "not valid JSON: %s", je.text);
        return ERR_ARCHIVE;
    }
    if (!json_is_object(root)) {
        diag_error(dl, where, 0, 0, "the manifest is not a JSON object");
        json_decref(root);
        return ERR_ARCHIVE;
    }
    s = get_string(root, "format", "the manifest", where, dl);
    if (s && strcmp(s, MANIFEST_FORMAT))
        diag_error(dl, where, 0, 0, "format '%s' is not '%s'", s,
                   MANIFEST_FORMAT);
    if (!get_int(root, "format_version", "the manifest", where, 1, &v, dl) &&
        v != MANIFEST_FORMAT_VERSION)
        diag_error(dl, where, 0, 0,
                   "format_version %lld is newer than this sekretar reads "
                   "(%d)",
                   v, MANIFEST_FORMAT_VERSION);
    s = get_string(root, "event", "the manifest", where, dl);
    if (s && !manifest_event_id_ok(s))
        diag_error(dl, where, 0, 0, "event id '%s' is not a-z, 0-9 and '-'", s);
    else if (s)
        set_str(&m->event, s);
    if (!get_int(root, "version", "the manifest", where, 1, &v, dl)) {
        if (v > 1000000)
            diag_error(dl, where, 0, 0, "version %lld is too large", v);
        else
            m->version = (int)v;
    }
    s = get_string(root, "software", "the manifest", where, dl);
    set_str(&m->software, s);
    s = get_string(root, "created", "the manifest", where, dl);
    set_str(&m->created, s);
    if (json_object_get(root, "diploma_url")) {
        const char *c;
        s = get_string(root, "diploma_url", "the manifest", where, dl);
        for (c = s; c && *c; c++)
            if ((unsigned char)*c <= ' ' || (unsigned char)*c >= 0x7f ||
                strchr("\"'<>\\`", *c))
                break;
        if (s && (*c || (strncmp(s, "https://", 8) && strncmp(s, "http://", 7))))
            diag_error(dl, where, 0, 0,
                       "diploma_url '%s' is not an http or https address", s);
        else if (s)
            set_str(&m->diploma_url, s);
    }
    if ((files = json_object_get(root, "forgotten")) != NULL) {
        if (!json_is_array(files) ||
            json_array_size(files) > MANIFEST_MAX_FILES)
            diag_error(dl, where, 0, 0, "'forgotten' is not an array");
        else
            for (i = 0; i < json_array_size(files); i++)
                parse_forgotten(json_array_get(files, i), i, where, m, dl);
    }
    files = json_object_get(root, "files");
    if (!files || !json_is_array(files)) {
        diag_error(dl, where, 0, 0, "the manifest has no 'files' array");
    } else if ((n = json_array_size(files)) > MANIFEST_MAX_FILES) {
        diag_error(dl, where, 0, 0,
                   "the manifest lists %zu files (at most "
                   "%d)",
                   n, MANIFEST_MAX_FILES);
    } else {
        for (i = 0; i < n; i++)
            parse_file(json_array_get(files, i), i, where, m, dl);
        manifest_sort(m);
        for (i = 1; i < m->n; i++)
            if (!strcmp(m->files[i].name, m->files[i - 1].name))
                diag_error(dl, where, 0, 0, "file '%s' is listed twice",
                           m->files[i].name);
    }
    json_decref(root);
    return dl->nr_errors > errs ? ERR_ARCHIVE : ERR_OK;
}
