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

static int is_hex64(const char *s)
{
    size_t i;

    for (i = 0; i < 64; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return 0;
    return s[64] == '\0';
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
    else if (!is_hex64(sha)) {
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
