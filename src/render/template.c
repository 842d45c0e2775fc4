/* render/template: the editable wording and layout of the documents
 * (the .ini files of templates/), read with file:line errors.
 * SPDX-License-Identifier: MIT
 */
#include "render/template.h"

#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "util/i18n.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Largest template file accepted. */
#define TEMPLATE_MAX_SIZE (1024u * 1024)

static int is_key_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
           c == '/' || c == '+';
}

/* Trim blanks from both ends of [*s, *s + *len). */
static void trim(const char **s, size_t *len)
{
    while (*len && strbuf_is_blank(**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && strbuf_is_blank((*s)[*len - 1]))
        (*len)--;
}

/*
 * Append the value text s (len bytes) with its escapes resolved and, when
 * the whole of it is in double quotes, without them.  Returns -1 with a
 * message in *why on a bad escape.
 */
static int add_value(struct strbuf *out, const char *s, size_t len,
                     const char **why)
{
    size_t i;

    if (len >= 2 && s[0] == '"' && s[len - 1] == '"' &&
        !(len >= 3 && s[len - 2] == '\\')) {
        s++;
        len -= 2;
    }
    for (i = 0; i < len; i++) {
        if (s[i] != '\\') {
            strbuf_addch(out, s[i]);
            continue;
        }
        if (++i == len) {
            *why = N_("a backslash at the end of the value");
            return -1;
        }
        switch (s[i]) {
        case 'n':
            strbuf_addch(out, '\n');
            break;
        case 't':
            strbuf_addch(out, '\t');
            break;
        case '\\':
        case '"':
            strbuf_addch(out, s[i]);
            break;
        default:
            *why = N_("unknown escape (only \\n \\t \\\\ \\\" are known)");
            return -1;
        }
    }
    return 0;
}

static const char *remember_file(struct template *tpl, const char *name)
{
    ALLOC_GROW(tpl->files, tpl->n_files + 1, tpl->files_alloc);
    tpl->files[tpl->n_files] = xstrdup(name);
    return tpl->files[tpl->n_files++];
}

/* The entry of this file with section/key, from index first on. */
static const struct template_entry *find_in_file(const struct template *tpl,
                                                 size_t first,
                                                 const char *section,
                                                 const char *key)
{
    size_t i;

    for (i = first; i < tpl->nr; i++)
        if (!strcmp(tpl->items[i].section, section) &&
            !strcmp(tpl->items[i].key, key))
            return &tpl->items[i];
    return NULL;
}

static void drop_entries(struct template *tpl, size_t from)
{
    size_t i;

    for (i = from; i < tpl->nr; i++) {
        free(tpl->items[i].section);
        free(tpl->items[i].key);
        free(tpl->items[i].value);
    }
    tpl->nr = from;
}

enum err template_parse(struct template *tpl, const char *name,
                        const char *text, size_t len, struct diag_list *dl)
{
    const char *file = remember_file(tpl, name);
    size_t first = tpl->nr, pos = 0, bad;
    char *section = xstrdup("");
    struct strbuf value = STRBUF_INIT;
    struct template_entry *open = NULL; /* value that may continue */
    unsigned line = 0, errors = 0;
    const char *why;

    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        pos = 3;
    if (!utf8_valid(text + pos, len - pos, &bad)) {
        const char *p;
        line = 1;
        for (p = text + pos; p < text + pos + bad; p++)
            line += *p == '\n';
        diag_error(dl, file, line, 0, "not valid UTF-8 (templates are UTF-8)");
        free(section);
        return ERR_PARSE;
    }
    while (pos < len) {
        const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos;
        const char *eq;

        pos += n + (nl != NULL);
        line++;
        if (n && s[n - 1] == '\r')
            n--;
        if (memchr(s, '\0', n)) {
            /* It would cut the value short without a word. */
            const char *z = memchr(s, '\0', n);
            diag_error(dl, file, line,
                       (unsigned)utf8_nlen(s, (size_t)(z - s)) + 1,
                       "a NUL byte (templates are text; it would cut the "
                       "line short)");
            errors++;
            open = NULL;
            continue;
        }
        if (n > TEMPLATE_MAX_LINE) {
            diag_error(dl, file, line, 0,
                       "line too long (%zu bytes; at most %d)", n,
                       TEMPLATE_MAX_LINE);
            errors++;
            open = NULL;
            continue;
        }
        if (n && strbuf_is_blank(s[0])) {
            const char *c = s;
            size_t cn = n;
            trim(&c, &cn);
            if (!cn) {
                open = NULL;
                continue;
            }
            if (open) {
                /* A continuation line: one more line of the value. */
                strbuf_reset(&value);
                strbuf_addstr(&value, open->value);
                strbuf_addch(&value, '\n');
                if (add_value(&value, c, cn, &why)) {
                    diag_error(dl, file, line, 0, "%s", _(why));
                    errors++;
                    continue;
                }
                free(open->value);
                open->value = xstrdup(value.buf);
                continue;
            }
            if (c[0] == '#' || c[0] == ';')
                continue;
            diag_error(dl, file, line, 0,
                       "an indented line continues a value, but no "
                       "'key = value' is above it");
            errors++;
            continue;
        }
        open = NULL;
        trim(&s, &n);
        if (!n || s[0] == '#' || s[0] == ';')
            continue;
        if (s[0] == '[') {
            const char *nm = s + 1;
            size_t nn;
            if (s[n - 1] != ']') {
                diag_error(dl, file, line, 0,
                           "a section name must end with ']'");
                errors++;
                continue;
            }
            nn = n - 2;
            trim(&nm, &nn);
            if (!nn || memchr(nm, '[', nn) || memchr(nm, ']', nn)) {
                diag_error(dl, file, line, 0, "bad section name '%.*s'", (int)n,
                           s);
                errors++;
                continue;
            }
            free(section);
            section = xstrndup(nm, nn);
            continue;
        }
        eq = memchr(s, '=', n);
        if (!eq) {
            diag_error(dl, file, line, 0,
                       "expected 'key = value' or '[section]'");
            errors++;
            continue;
        }
        {
            const char *k = s, *v = eq + 1;
            size_t kn = (size_t)(eq - s), vn = n - kn - 1, i;
            const struct template_entry *dup;
            char *key;

            trim(&k, &kn);
            trim(&v, &vn);
            if (!kn) {
                diag_error(dl, file, line, 0, "a key is missing before '='");
                errors++;
                continue;
            }
            for (i = 0; i < kn; i++)
                if (!is_key_char(k[i]))
                    break;
            if (i < kn) {
                diag_error(dl, file, line, 0,
                           "bad key '%.*s' (keys are ASCII letters, digits "
                           "and _-./+)",
                           (int)kn, k);
                errors++;
                continue;
            }
            key = xstrndup(k, kn);
            dup = find_in_file(tpl, first, section, key);
            if (dup) {
                diag_error(dl, file, line, 0,
                           "'%s' is given twice in [%s] (first on line %u)",
                           key, section, dup->line);
                errors++;
                free(key);
                continue;
            }
            strbuf_reset(&value);
            if (add_value(&value, v, vn, &why)) {
                diag_error(dl, file, line, 0, "%s", _(why));
                errors++;
                free(key);
                continue;
            }
            ALLOC_GROW(tpl->items, tpl->nr + 1, tpl->alloc);
            open = &tpl->items[tpl->nr++];
            open->section = xstrdup(section);
            open->key = key;
            open->value = xstrdup(value.buf);
            open->file = file;
            open->line = line;
        }
    }
    free(section);
    strbuf_release(&value);
    if (errors) {
        drop_entries(tpl, first);
        return ERR_PARSE;
    }
    return ERR_OK;
}

enum err template_load(struct template *tpl, const char *path,
                       struct diag_list *dl)
{
    struct strbuf sb = STRBUF_INIT;
    /* Never a named pipe: the reader would wait for a writer forever. */
    enum err e = file_read_regular(path, TEMPLATE_MAX_SIZE, &sb, dl);

    if (!e)
        e = template_parse(tpl, path, sb.buf, sb.len, dl);
    strbuf_release(&sb);
    return e;
}

void template_release(struct template *tpl)
{
    size_t i;

    drop_entries(tpl, 0);
    free(tpl->items);
    for (i = 0; i < tpl->n_files; i++)
        free(tpl->files[i]);
    free(tpl->files);
    memset(tpl, 0, sizeof(*tpl));
}

const struct template_entry *template_find(const struct template *tpl,
                                           const char *section, const char *key)
{
    size_t i;

    for (i = tpl->nr; i-- > 0;)
        if (!strcmp(tpl->items[i].key, key) &&
            !strcmp(tpl->items[i].section, section))
            return &tpl->items[i];
    return NULL;
}

const char *template_get(const struct template *tpl, const char *section,
                         const char *key, const char *def)
{
    const struct template_entry *e = template_find(tpl, section, key);

    return e ? e->value : def;
}

enum err template_number(const struct template *tpl, const char *section,
                         const char *key, double def, double min, double max,
                         double *out, struct diag_list *dl)
{
    const struct template_entry *e = template_find(tpl, section, key);
    double v = 0;

    *out = def;
    if (!e)
        return ERR_OK;
    /* Digits with a decimal point or comma only: strtod() would take
       "nan", "inf", "0x1p4" and "1e9", and a NaN passes every range
       check written as v < min || v > max. */
    if (num_parse_decimal(e->value, ".,", &v) || !(v >= min && v <= max)) {
        diag_error(dl, e->file, e->line, 0,
                   "'%s' wants a number from %g to %g, not '%s'", key, min, max,
                   e->value);
        return ERR_PARSE;
    }
    *out = v;
    return ERR_OK;
}

enum err template_choice(const struct template *tpl, const char *section,
                         const char *key, const char *const *choices, int def,
                         int *out, struct diag_list *dl)
{
    const struct template_entry *e = template_find(tpl, section, key);
    struct strbuf known = STRBUF_INIT;
    int i;

    *out = def;
    if (!e)
        return ERR_OK;
    for (i = 0; choices[i]; i++) {
        if (!strcmp(e->value, choices[i])) {
            *out = i;
            strbuf_release(&known);
            return ERR_OK;
        }
        strbuf_addf(&known, "%s'%s'", i ? ", " : "", choices[i]);
    }
    diag_error(dl, e->file, e->line, 0, "'%s' is one of %s, not '%s'", key,
               known.buf, e->value);
    strbuf_release(&known);
    return ERR_PARSE;
}

enum err template_subst(const char *s, const struct template_entry *e,
                        const struct template_var *vars, size_t n_vars,
                        struct strbuf *out, int *all_empty,
                        struct diag_list *dl)
{
    int seen = 0, filled = 0;
    enum err ret = ERR_OK;

    while (*s) {
        const char *close;
        size_t i, n;

        if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}')) {
            strbuf_addch(out, s[0]);
            s += 2;
            continue;
        }
        if (*s != '{') {
            strbuf_addch(out, *s++);
            continue;
        }
        close = strchr(s, '}');
        if (!close) {
            diag_error(dl, e ? e->file : NULL, e ? e->line : 0, 0,
                       "'{' without '}' (write '{{' for a brace)");
            return ERR_PARSE;
        }
        n = (size_t)(close - s - 1);
        for (i = 0; i < n_vars; i++)
            if (strlen(vars[i].name) == n && !memcmp(vars[i].name, s + 1, n))
                break;
        if (i == n_vars) {
            diag_error(dl, e ? e->file : NULL, e ? e->line : 0, 0,
                       "unknown placeholder '{%.*s}'", (int)n, s + 1);
            ret = ERR_PARSE;
        } else {
            seen = 1;
            if (vars[i].value && *vars[i].value) {
                filled = 1;
                strbuf_addstr(out, vars[i].value);
            }
        }
        s = close + 1;
    }
    if (all_empty)
        *all_empty = seen && !filled;
    return ret;
}
