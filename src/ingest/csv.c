/* ingest/csv: an RFC 4180 reader with encoding detection, delimiter
 * sniffing and line/column tracking.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/csv.h"

#include <stdlib.h>
#include <string.h>

#include "ingest/text.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

struct csv_parser {
    struct csv *c;
    struct diag_list *dl;
    const char *name;
    const char *s; /* the decoded text */
    size_t len, pos;
    unsigned line, col;
    struct strbuf field;
    struct csv_field *fields;
    size_t nf, fields_alloc;
    int field_too_long, row_too_wide;
};

/* Choose the delimiter that the first line (outside quotes) uses most. */
static char sniff(const char *s, size_t len)
{
    static const char cand[] = {';', '\t', ','};
    size_t count[3] = {0, 0, 0}, i, k, best = 0;
    int quoted = 0;

    for (i = 0; i < len; i++) {
        if (s[i] == '"')
            quoted = !quoted;
        else if (!quoted && (s[i] == '\n' || s[i] == '\r'))
            break;
        else if (!quoted)
            for (k = 0; k < 3; k++)
                if (s[i] == cand[k])
                    count[k]++;
    }
    for (k = 1; k < 3; k++)
        if (count[k] > count[best])
            best = k;
    return count[best] ? cand[best] : ',';
}

/* Step over one character (or a line end) and keep line and column. */
static void advance(struct csv_parser *p)
{
    char ch = p->s[p->pos++];

    if (ch == '\r' && p->pos < p->len && p->s[p->pos] == '\n')
        p->pos++;
    if (ch == '\n' || ch == '\r') {
        p->line++;
        p->col = 1;
        return;
    }
    while (p->pos < p->len && ((unsigned char)p->s[p->pos] & 0xC0) == 0x80)
        p->pos++;
    p->col++;
}

/* Append the bytes of the character at pos to the field, within limits. */
static void take(struct csv_parser *p, unsigned line, unsigned col)
{
    size_t start = p->pos;

    advance(p);
    if (p->field.len + (p->pos - start) > CSV_MAX_FIELD) {
        if (!p->field_too_long)
            diag_error(p->dl, p->name, line, col,
                       "field too long (more than %u bytes)", CSV_MAX_FIELD);
        p->field_too_long = 1;
        return;
    }
    strbuf_add(&p->field, p->s + start, p->pos - start);
}

static int at_eol(const struct csv_parser *p)
{
    return p->pos >= p->len || p->s[p->pos] == '\n' || p->s[p->pos] == '\r';
}

/* Store the field just read. */
static void end_field(struct csv_parser *p, unsigned line, unsigned col)
{
    struct csv_field *f;

    if (p->nf >= CSV_MAX_FIELDS) {
        if (!p->row_too_wide)
            diag_error(p->dl, p->name, line, col,
                       "too many fields in a row (more than %u)",
                       CSV_MAX_FIELDS);
        p->row_too_wide = 1;
        strbuf_reset(&p->field);
        return;
    }
    ALLOC_GROW(p->fields, p->nf + 1, p->fields_alloc);
    f = &p->fields[p->nf++];
    strbuf_trim(&p->field);
    f->s = arena_strndup(&p->c->arena, p->field.buf, p->field.len);
    f->line = line;
    f->col = col;
    strbuf_reset(&p->field);
    p->field_too_long = 0;
}

/* Read one field starting at pos; returns 1 when it ends the row. */
static int read_field(struct csv_parser *p, int *content)
{
    unsigned line = p->line, col = p->col;
    char d = p->c->delim;

    if (p->pos < p->len && p->s[p->pos] == '"') {
        int warned = 0;
        *content = 1;
        advance(p);
        for (;;) {
            if (p->pos >= p->len) {
                diag_error(p->dl, p->name, line, col,
                           "quoted field is not closed (the closing '\"' "
                           "is missing)");
                break;
            }
            if (p->s[p->pos] == '"') {
                if (p->pos + 1 < p->len && p->s[p->pos + 1] == '"') {
                    advance(p);
                    take(p, line, col);
                    continue;
                }
                advance(p);
                break;
            }
            take(p, line, col);
        }
        /* Text between the closing quote and the delimiter. */
        while (!at_eol(p) && p->s[p->pos] != d) {
            if (!warned && p->s[p->pos] != ' ' && p->s[p->pos] != '\t') {
                diag_error(p->dl, p->name, p->line, p->col,
                           "text after the closing quote of a field; a "
                           "quote inside a quoted field is written '\"\"'");
                warned = 1;
            }
            take(p, line, col);
        }
    } else {
        while (!at_eol(p) && p->s[p->pos] != d) {
            if (p->s[p->pos] != ' ' && p->s[p->pos] != '\t')
                *content = 1;
            take(p, line, col);
        }
    }
    end_field(p, line, col);
    if (p->pos < p->len && p->s[p->pos] == d) {
        advance(p);
        return 0;
    }
    if (p->pos < p->len)
        advance(p); /* the line end */
    return 1;
}

static void end_row(struct csv_parser *p, unsigned line, int content)
{
    struct csv *c = p->c;
    struct csv_row *r;

    if (content) {
        ALLOC_GROW(c->rows, c->n_rows + 1, c->rows_alloc);
        r = &c->rows[c->n_rows++];
        r->n = p->nf;
        r->line = line;
        r->fields =
            arena_alloc(&c->arena, sizeof(*r->fields) * (p->nf ? p->nf : 1));
        if (p->nf)
            memcpy(r->fields, p->fields, sizeof(*r->fields) * p->nf);
    }
    p->nf = 0;
    p->row_too_wide = 0;
}

enum err csv_parse(const char *data, size_t len, const char *name,
                   const struct csv_options *opts, struct csv **out,
                   struct diag_list *dl)
{
    struct csv_parser p;
    struct strbuf text = STRBUF_INIT;
    enum encoding enc = opts ? opts->encoding : ENC_AUTO;
    size_t errors0 = dl->nr_errors;
    struct csv *c;

    *out = NULL;
    if (!len) {
        diag_error(dl, name, 0, 0, "file is empty; a CSV file is expected");
        return ERR_PARSE;
    }
    if (text_decode(data, len, name, "CSV", enc, ENC_CP1251, &text, &enc, dl)) {
        strbuf_release(&text);
        return ERR_PARSE;
    }
    c = xcalloc(1, sizeof(*c));
    c->file = arena_strdup(&c->arena, name);
    c->encoding = encoding_name(enc);
    c->delim = opts && opts->delim ? opts->delim : sniff(text.buf, text.len);

    memset(&p, 0, sizeof(p));
    p.c = c;
    p.dl = dl;
    p.name = name;
    p.s = text.buf;
    p.len = text.len;
    p.line = 1;
    p.col = 1;
    strbuf_init(&p.field, 64);
    while (p.pos < p.len) {
        unsigned row_line = p.line;
        int content = 0;
        if (c->n_rows >= CSV_MAX_ROWS) {
            diag_error(dl, name, p.line, 1, "too many rows (more than %u)",
                       CSV_MAX_ROWS);
            break;
        }
        while (!read_field(&p, &content))
            ;
        end_row(&p, row_line, content);
    }
    strbuf_release(&p.field);
    free(p.fields);
    strbuf_release(&text);
    *out = c;
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

enum err csv_read(const char *path, const struct csv_options *opts,
                  struct csv **out, struct diag_list *dl)
{
    struct strbuf buf = STRBUF_INIT;
    enum err e;

    *out = NULL;
    e = file_read(path, CSV_MAX_SIZE, &buf, dl);
    if (!e)
        e = csv_parse(buf.buf, buf.len, path, opts, out, dl);
    strbuf_release(&buf);
    return e;
}

void csv_free(struct csv *c)
{
    if (!c)
        return;
    free(c->rows);
    arena_release(&c->arena);
    free(c);
}

const char *csv_get(const struct csv_row *r, size_t i)
{
    return i < r->n ? r->fields[i].s : "";
}

void csv_header_key(struct strbuf *out, const char *s)
{
    size_t len = strlen(s), i = 0;
    uint32_t cp;

    while (i < len) {
        size_t n = utf8_decode(s + i, len - i, &cp);
        if (!n) {
            i++;
            continue;
        }
        i += n;
        cp = ucs_tolower(cp);
        if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9') ||
            (cp >= 0x0400 && cp <= 0x04FF))
            utf8_encode(out, cp);
    }
}

const struct csv_field *csv_field_at(const struct csv_row *r, int i)
{
    static const struct csv_field blank = {"", 0, 0};

    if (i < 0 || (size_t)i >= r->n)
        return &blank;
    return &r->fields[i];
}

int csv_map_header(const struct csv *c, const struct csv_row *h,
                   const struct csv_header *headers, size_t n_headers,
                   const char *const *names, int *cols, size_t n_cols,
                   struct diag_list *dl)
{
    struct strbuf key = STRBUF_INIT;
    size_t i, k;
    int bad = 0;

    for (k = 0; k < n_cols; k++)
        cols[k] = -1;
    for (i = 0; i < h->n; i++) {
        int found = -1;
        strbuf_reset(&key);
        csv_header_key(&key, h->fields[i].s);
        if (!key.len)
            continue;
        for (k = 0; k < n_headers && found < 0; k++)
            if (!strcmp(headers[k].key, key.buf))
                found = headers[k].col;
        if (found < 0) {
            diag_warning(dl, c->file, h->line, h->fields[i].col,
                         "unknown column '%s' ignored", h->fields[i].s);
        } else if (cols[found] >= 0) {
            diag_error(dl, c->file, h->line, h->fields[i].col,
                       "column '%s' appears twice (columns %d and %zu)",
                       names[found], cols[found] + 1, i + 1);
            bad = 1;
        } else {
            cols[found] = (int)i;
        }
    }
    strbuf_release(&key);
    return bad ? -1 : 0;
}
