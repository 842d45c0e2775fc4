/* ingest/ini: the INI dialect of event.ini.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/ini.h"

#include <stdlib.h>
#include <string.h>

#include "ingest/text.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

struct ini_parser {
    struct ini *ini;
    struct diag_list *dl;
    const char *name;
    const char *line; /* the current line and its length */
    size_t len;
    unsigned no;
    struct strbuf tmp;
};

/* Column (1-based, in characters) of byte offset off of the line. */
static unsigned col_of(const struct ini_parser *p, size_t off)
{
    return (unsigned)(utf8_nlen(p->line, off) + 1);
}

static int is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

/* Lower-case ASCII copy of s[0..n) in the arena. */
static const char *lower_dup(struct ini_parser *p, const char *s, size_t n)
{
    char *d = arena_strndup(&p->ini->arena, s, n);
    size_t i;

    for (i = 0; i < n; i++)
        if (d[i] >= 'A' && d[i] <= 'Z')
            d[i] = (char)(d[i] - 'A' + 'a');
    return d;
}

/* The line from off on, cut to about 40 characters, for messages. */
static const char *preview(struct ini_parser *p, size_t off)
{
    size_t n = utf8_offset(p->line + off, p->len - off, 40);

    strbuf_reset(&p->tmp);
    strbuf_add(&p->tmp, p->line + off, n);
    if (n < p->len - off)
        strbuf_addstr(&p->tmp, "...");
    return p->tmp.buf;
}

/* Offset of the first non-blank at or after off. */
static size_t skip_blanks(const struct ini_parser *p, size_t off)
{
    while (off < p->len && strbuf_is_blank(p->line[off]))
        off++;
    return off;
}

/* 1 when only blanks or a comment follow offset off. */
static int rest_is_empty(const struct ini_parser *p, size_t off)
{
    off = skip_blanks(p, off);
    return off >= p->len || p->line[off] == '#' || p->line[off] == ';';
}

/*
 * After a header that cannot be read, its keys go to a section nobody
 * reads, so that they are not reported once more as keys outside any
 * section.
 */
static void lost_section(struct ini_parser *p)
{
    struct ini *ini = p->ini;
    struct ini_section *s;

    ALLOC_GROW(ini->sections, ini->n + 1, ini->alloc);
    s = &ini->sections[ini->n++];
    memset(s, 0, sizeof(*s));
    s->kind = s->arg = "";
    s->line = p->no;
}

/*
 * Read a quoted string that starts at line[*off] == '"' into tmp.  Returns
 * 0 and moves *off past the closing quote, or -1 (reported) when it is not
 * closed.
 */
static int read_quoted(struct ini_parser *p, size_t *off, const char *what)
{
    size_t i = *off + 1;

    strbuf_reset(&p->tmp);
    while (i < p->len) {
        char c = p->line[i];
        if (c == '\\' && i + 1 < p->len &&
            (p->line[i + 1] == '"' || p->line[i + 1] == '\\')) {
            strbuf_addch(&p->tmp, p->line[i + 1]);
            i += 2;
            continue;
        }
        if (c == '"') {
            *off = i + 1;
            return 0;
        }
        strbuf_addch(&p->tmp, c);
        i++;
    }
    diag_error(p->dl, p->name, p->no, col_of(p, *off),
               "quoted %s is not closed (the closing '\"' is missing)", what);
    return -1;
}

static struct ini_section *current(struct ini *ini)
{
    return ini->n ? &ini->sections[ini->n - 1] : NULL;
}

static void section_header(struct ini_parser *p, size_t off)
{
    struct ini *ini = p->ini;
    struct ini_section *s;
    size_t end, i, k0, k1, a0;
    const char *kind, *arg;
    int quoted = 0, dup = 0;

    for (end = off + 1; end < p->len; end++) {
        if (p->line[end] == '"')
            quoted = !quoted;
        else if (p->line[end] == ']' && !quoted)
            break;
    }
    if (end >= p->len) {
        diag_error(p->dl, p->name, p->no, col_of(p, p->len),
                   "section header is not closed (']' is missing)");
        lost_section(p);
        return;
    }
    if (!rest_is_empty(p, end + 1)) {
        diag_error(p->dl, p->name, p->no, col_of(p, skip_blanks(p, end + 1)),
                   "text after the section header");
        lost_section(p);
        return;
    }
    for (k0 = off + 1; k0 < end && strbuf_is_blank(p->line[k0]); k0++)
        ;
    for (k1 = k0; k1 < end && !strbuf_is_blank(p->line[k1]); k1++)
        ;
    if (k0 == k1) {
        diag_error(p->dl, p->name, p->no, col_of(p, off),
                   "empty section name '[]'");
        lost_section(p);
        return;
    }
    for (i = k0; i < k1; i++)
        if (!is_name_char(p->line[i])) {
            diag_error(p->dl, p->name, p->no, col_of(p, i),
                       "bad character in the section name (letters, digits, "
                       "'-', '_' and '.' only)");
            lost_section(p);
            return;
        }
    kind = lower_dup(p, p->line + k0, k1 - k0);
    for (a0 = k1; a0 < end && strbuf_is_blank(p->line[a0]); a0++)
        ;
    if (a0 < end && p->line[a0] == '"') {
        size_t q = a0;
        if (read_quoted(p, &q, "section name")) {
            lost_section(p);
            return;
        }
        while (q < end && strbuf_is_blank(p->line[q]))
            q++;
        if (q != end) {
            diag_error(p->dl, p->name, p->no, col_of(p, q),
                       "text after the closing quote of the section name");
            lost_section(p);
            return;
        }
        arg = arena_strndup(&ini->arena, p->tmp.buf, p->tmp.len);
    } else {
        size_t a1 = end;
        while (a1 > a0 && strbuf_is_blank(p->line[a1 - 1]))
            a1--;
        arg = arena_strndup(&ini->arena, p->line + a0, a1 - a0);
    }
    for (i = 0; i < ini->n; i++)
        if (!strcmp(ini->sections[i].kind, kind) &&
            !strcmp(ini->sections[i].arg, arg)) {
            diag_error(p->dl, p->name, p->no, col_of(p, off),
                       "section '[%s%s%s]' appears twice (first at line %u)",
                       kind, *arg ? " " : "", arg, ini->sections[i].line);
            diag_also_line(p->dl, ini->sections[i].line);
            dup = 1;
            break;
        }
    ALLOC_GROW(ini->sections, ini->n + 1, ini->alloc);
    s = &ini->sections[ini->n++];
    memset(s, 0, sizeof(*s));
    /* The keys of a repeated section go to one that nobody reads. */
    s->kind = dup ? "" : kind;
    s->arg = arg;
    s->line = p->no;
    s->arg_col = col_of(p, a0 < end ? a0 : off);
}

static void key_value(struct ini_parser *p, size_t off)
{
    struct ini_section *s = current(p->ini);
    struct ini_entry *e;
    const char *eq = memchr(p->line + off, '=', p->len - off);
    size_t k1, v0, v1, i;
    const char *key, *value;
    unsigned vcol;

    if (!eq) {
        diag_error(p->dl, p->name, p->no, col_of(p, off),
                   "expected 'key = value', found '%s'", preview(p, off));
        return;
    }
    k1 = (size_t)(eq - p->line);
    while (k1 > off && strbuf_is_blank(p->line[k1 - 1]))
        k1--;
    if (k1 == off) {
        diag_error(p->dl, p->name, p->no, col_of(p, off),
                   "missing key before '='");
        return;
    }
    for (i = off; i < k1; i++)
        if (!is_name_char(p->line[i])) {
            strbuf_reset(&p->tmp);
            strbuf_add(&p->tmp, p->line + off, k1 - off);
            diag_error(p->dl, p->name, p->no, col_of(p, off),
                       "bad key '%s' (letters, digits, '-', '_' and '.' "
                       "only)",
                       p->tmp.buf);
            return;
        }
    key = lower_dup(p, p->line + off, k1 - off);
    if (!s) {
        diag_error(p->dl, p->name, p->no, col_of(p, off),
                   "key '%s' before the first section header (such as "
                   "'[event]')",
                   key);
        return;
    }
    for (v0 = (size_t)(eq - p->line) + 1;
         v0 < p->len && strbuf_is_blank(p->line[v0]); v0++)
        ;
    vcol = col_of(p, v0 < p->len ? v0 : off);
    if (v0 < p->len && p->line[v0] == '"') {
        size_t q = v0;
        if (read_quoted(p, &q, "value"))
            return;
        if (!rest_is_empty(p, q)) {
            diag_error(p->dl, p->name, p->no, col_of(p, skip_blanks(p, q)),
                       "text after the closing quote of the value");
            return;
        }
        value = arena_strndup(&p->ini->arena, p->tmp.buf, p->tmp.len);
    } else {
        v1 = p->len;
        while (v1 > v0 && strbuf_is_blank(p->line[v1 - 1]))
            v1--;
        value = arena_strndup(&p->ini->arena, p->line + v0, v1 - v0);
    }
    for (i = 0; i < s->n; i++)
        if (!strcmp(s->entries[i].key, key)) {
            diag_error(p->dl, p->name, p->no, col_of(p, off),
                       "key '%s' given twice in one section (first at line "
                       "%u)",
                       key, s->entries[i].line);
            diag_also_line(p->dl, s->entries[i].line);
            return;
        }
    ALLOC_GROW(s->entries, s->n + 1, s->alloc);
    e = &s->entries[s->n++];
    e->key = key;
    e->value = value;
    e->line = p->no;
    e->col = vcol;
    e->key_col = col_of(p, off);
}

enum err ini_parse(const char *data, size_t len, const char *name,
                   struct ini **out, struct diag_list *dl)
{
    struct ini_parser p;
    struct strbuf text = STRBUF_INIT;
    enum encoding enc = ENC_AUTO;
    size_t errors0 = dl->nr_errors, pos = 0;

    *out = NULL;
    if (!len) {
        diag_error(dl, name, 0, 0,
                   "file is empty; an event description is "
                   "expected ('sekretar init' writes one)");
        return ERR_PARSE;
    }
    if (text_decode(data, len, name, "INI", ENC_AUTO, ENC_CP1251, &text, &enc,
                    dl)) {
        strbuf_release(&text);
        return ERR_PARSE;
    }
    if (enc != ENC_UTF8)
        diag_warning(dl, name, 0, 0,
                     "not UTF-8; read as Windows-1251 (save it as UTF-8)");
    memset(&p, 0, sizeof(p));
    p.ini = xcalloc(1, sizeof(*p.ini));
    p.ini->file = arena_strdup(&p.ini->arena, name);
    p.dl = dl;
    p.name = name;
    strbuf_init(&p.tmp, 128);
    while (pos < text.len) {
        size_t end = pos, off = 0;
        while (end < text.len && text.buf[end] != '\n' && text.buf[end] != '\r')
            end++;
        p.line = text.buf + pos;
        p.len = end - pos;
        p.no++;
        pos = end;
        if (pos < text.len && text.buf[pos] == '\r')
            pos++;
        if (pos < text.len && text.buf[pos] == '\n')
            pos++;
        while (off < p.len && strbuf_is_blank(p.line[off]))
            off++;
        if (off == p.len || p.line[off] == '#' || p.line[off] == ';')
            continue;
        if (p.line[off] == '[')
            section_header(&p, off);
        else
            key_value(&p, off);
    }
    strbuf_release(&p.tmp);
    strbuf_release(&text);
    *out = p.ini;
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

enum err ini_read(const char *path, struct ini **out, struct diag_list *dl)
{
    struct strbuf buf = STRBUF_INIT;
    enum err e;

    *out = NULL;
    e = file_read(path, INI_MAX_SIZE, &buf, dl);
    if (!e)
        e = ini_parse(buf.buf, buf.len, path, out, dl);
    strbuf_release(&buf);
    return e;
}

void ini_free(struct ini *ini)
{
    size_t i;

    if (!ini)
        return;
    for (i = 0; i < ini->n; i++)
        free(ini->sections[i].entries);
    free(ini->sections);
    arena_release(&ini->arena);
    free(ini);
}

const struct ini_entry *ini_get(const struct ini_section *s, const char *key)
{
    size_t i;

    for (i = 0; i < s->n; i++)
        if (!strcmp(s->entries[i].key, key))
            return &s->entries[i];
    return NULL;
}

/* The section [kind arg] of ini, or NULL. */
static const struct ini_section *section_of(const struct ini *ini,
                                            const char *kind, const char *arg)
{
    size_t i;

    for (i = 0; ini && i < ini->n; i++)
        if (!strcmp(ini->sections[i].kind, kind) &&
            !strcmp(ini->sections[i].arg, arg))
            return &ini->sections[i];
    return NULL;
}

/* "key = value", the value quoted when a reader would not take it whole. */
static void entry_line(struct strbuf *out, const char *key, const char *value)
{
    size_t n = strlen(value);

    strbuf_addf(out, "%s = ", key);
    if (*value == '"' || strbuf_is_blank(*value) ||
        (n && strbuf_is_blank(value[n - 1]))) {
        strbuf_addch(out, '"');
        for (; *value; value++) {
            if (*value == '"' || *value == '\\')
                strbuf_addch(out, '\\');
            strbuf_addch(out, *value);
        }
        strbuf_addch(out, '"');
    } else {
        strbuf_addstr(out, value);
    }
}

/* Whether section b (read back) is a with key set to value. */
static int section_as_meant(const struct ini_section *a,
                            const struct ini_section *b, const char *key,
                            const char *value)
{
    size_t i, n = 0;
    const struct ini_entry *e;

    for (i = 0; i < a->n; i++) {
        if (!strcmp(a->entries[i].key, key))
            continue;
        e = ini_get(b, a->entries[i].key);
        if (!e || strcmp(e->value, a->entries[i].value))
            return 0;
        n++;
    }
    e = ini_get(b, key);
    if (*value ? !e || strcmp(e->value, value) : e != NULL)
        return 0;
    return b->n == n + (*value != '\0');
}

enum err ini_edit(const char *data, size_t len, const char *name,
                  const char *kind, const char *arg, const char *key,
                  const char *value, struct strbuf *out, struct diag_list *dl)
{
    struct diag_list quiet = DIAG_LIST_INIT;
    struct strbuf text = STRBUF_INIT, mid = STRBUF_INIT;
    struct ini *ini = NULL, *again = NULL;
    const struct ini_section *s, *t;
    const struct ini_entry *e;
    enum encoding enc = ENC_AUTO;
    const char *eol = "\n", *nl;
    size_t at, end, i;
    enum err ret = ERR_DATA;
    int bom = len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3);

    strbuf_reset(out);
    if (strpbrk(value, "\r\n")) {
        diag_error(dl, name, 0, 0, "a value of %s is one line", name);
        goto out;
    }
    if (text_decode(data, len, name, "INI", ENC_AUTO, ENC_CP1251, &text, &enc,
                    &quiet) ||
        ini_parse(data, len, name, &ini, &quiet) != ERR_OK ||
        !(s = section_of(ini, kind, arg))) {
        diag_error(dl, name, 0, 0, "no section [%s%s%s] to change", kind,
                   *arg ? " " : "", arg);
        goto out;
    }
    nl = memchr(text.buf, '\n', text.len);
    if (nl && nl > text.buf && nl[-1] == '\r')
        eol = "\r\n";
    e = ini_get(s, key);
    if (e) {
        at = text_line_start(text.buf, text.len, e->line);
        for (end = at; end < text.len && text.buf[end] != '\n' &&
                       text.buf[end] != '\r';
             end++)
            ;
        strbuf_add(&mid, text.buf, at);
        if (*value) {
            i = at;
            while (i < end && strbuf_is_blank(text.buf[i]))
                i++;
            strbuf_add(&mid, text.buf + at, i - at); /* the indent */
            entry_line(&mid, key, value);
        } else { /* the line goes, its line end too */
            if (end < text.len && text.buf[end] == '\r')
                end++;
            if (end < text.len && text.buf[end] == '\n')
                end++;
        }
        strbuf_add(&mid, text.buf + end, text.len - end);
    } else if (*value) {
        unsigned last = s->line;
        for (i = 0; i < s->n; i++)
            if (s->entries[i].line > last)
                last = s->entries[i].line;
        at = text_line_start(text.buf, text.len, last + 1);
        strbuf_add(&mid, text.buf, at);
        if (at && text.buf[at - 1] != '\n' && text.buf[at - 1] != '\r')
            strbuf_addstr(&mid, eol);
        entry_line(&mid, key, value);
        strbuf_addstr(&mid, eol);
        strbuf_add(&mid, text.buf + at, text.len - at);
    } else {
        strbuf_addbuf(&mid, &text); /* nothing to take out */
    }
    if (bom)
        strbuf_addstr(out, "\xEF\xBB\xBF");
    if (encoding_from_utf8(out, mid.buf, enc == ENC_UTF8 ? ENC_UTF8 : enc)) {
        diag_error(dl, name, 0, 0,
                   "'%s' cannot be written in the file's encoding (%s); "
                   "save the file as UTF-8 first",
                   value, encoding_name(enc));
        goto out;
    }
    /* Read back: the section as meant, every other as it was. */
    if (ini_parse(out->buf, out->len, name, &again, &quiet) != ERR_OK ||
        again->n != ini->n) {
        diag_error(dl, name, 0, 0, "the file changed does not read back; "
                                   "change it by hand");
        goto out;
    }
    for (i = 0; i < ini->n; i++) {
        const struct ini_section *a = &ini->sections[i];
        t = section_of(again, a->kind, a->arg);
        if (!t || !section_as_meant(a, t, a == s ? key : "",
                                    a == s ? value : "")) {
            diag_error(dl, name, a->line, 1,
                       "the file changed does not read back as meant here; "
                       "change it by hand");
            goto out;
        }
    }
    ret = ERR_OK;
out:
    if (ret)
        strbuf_reset(out);
    ini_free(ini);
    ini_free(again);
    strbuf_release(&text);
    strbuf_release(&mid);
    diag_list_release(&quiet);
    return ret;
}
