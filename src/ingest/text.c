/* ingest/text: the bytes of a text input as UTF-8.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/text.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

/*
 * Where a byte is: line and column (in characters), followed forward
 * through the text once.  LF, CRLF and CR each end a line, as the readers
 * count them.
 */
struct cursor {
    const char *s;
    size_t len, pos, line_start;
    unsigned line;
};

static void cursor_init(struct cursor *c, const char *s, size_t len)
{
    c->s = s;
    c->len = len;
    c->pos = c->line_start = 0;
    c->line = 1;
}

/* Move c to byte off (not before its position); return the column. */
static unsigned cursor_to(struct cursor *c, size_t off)
{
    for (; c->pos < off; c->pos++) {
        char ch = c->s[c->pos];
        if (ch == '\n' || (ch == '\r' && (c->pos + 1 == c->len ||
                                          c->s[c->pos + 1] != '\n'))) {
            c->line++;
            c->line_start = c->pos + 1;
        }
    }
    return (unsigned)(utf8_nlen(c->s + c->line_start, off - c->line_start) + 1);
}

static int is_bom(const char *s, size_t len, size_t i)
{
    return i + 3 <= len && !memcmp(s + i, "\xEF\xBB\xBF", 3);
}

/* Where the first byte-order mark of s[from..len) starts, or len.  Most
   files have none: look for its first byte, not at every byte. */
static size_t first_bom(const char *s, size_t len, size_t from)
{
    const char *p = s + from;

    while (p < s + len &&
           (p = memchr(p, 0xEF, len - (size_t)(p - s))) != NULL) {
        if (is_bom(s, len, (size_t)(p - s)))
            return (size_t)(p - s);
        p++;
    }
    return len;
}

/*
 * Report every byte of data that is not UTF-8, in a file that is UTF-8
 * but for them (more valid multi-byte characters than bad bytes): a
 * guess of another encoding would turn every letter into another one.
 * Returns 1 after reporting, 0 when the file is not such a file.
 */
static int report_stray_bytes(const char *data, size_t len, const char *name,
                              const char *kind, struct diag_list *dl)
{
    struct cursor c;
    size_t multi, i = 0;
    uint32_t cp;

    if (utf8_invalid_count(data, len, &multi) >= multi)
        return 0;
    cursor_init(&c, data, len);
    while (i < len) {
        size_t n = utf8_decode(data + i, len - i, &cp);
        if (n) {
            i += n;
            continue;
        }
        {
            unsigned col = cursor_to(&c, i);
            diag_error(dl, name, c.line, col,
                       "invalid UTF-8 byte 0x%02X in a file that is "
                       "otherwise UTF-8; correct it%s",
                       (unsigned char)data[i],
                       strcmp(kind, "INI")
                           ? " (or give the file's encoding with --encoding)"
                           : "");
        }
        i++;
    }
    return 1;
}

/*
 * Drop every byte-order mark after the start (files joined by copying),
 * text being the decoded text from byte start on: a warning at the start
 * of a line, an error inside one, where it may have shifted the columns
 * or split a name.
 */
static void stray_boms(struct strbuf *text, size_t start, const char *name,
                       struct diag_list *dl)
{
    char *s = text->buf + start;
    size_t len = text->len - start, first = first_bom(s, len, 0), i, o = 0;
    struct cursor c;

    if (first == len)
        return;
    cursor_init(&c, s, len);
    for (i = first; i < len; i++) {
        unsigned col;
        if (!is_bom(s, len, i))
            continue;
        col = cursor_to(&c, i);
        if (col == 1)
            diag_warning(dl, name, c.line, col,
                         "byte-order mark (U+FEFF) at the start of a line "
                         "ignored (were two files joined?)");
        else
            diag_error(dl, name, c.line, col,
                       "byte-order mark (U+FEFF) inside a line (were two "
                       "files joined?); remove it");
    }
    for (i = 0; i < len; i++) {
        if (is_bom(s, len, i))
            i += 2;
        else
            s[o++] = s[i];
    }
    strbuf_setlen(text, start + o);
}

int text_decode(const char *data, size_t len, const char *name,
                const char *kind, enum encoding enc, enum encoding fallback,
                struct strbuf *out, enum encoding *used, struct diag_list *dl)
{
    return text_decode_view(data, len, name, kind, enc, fallback, out, NULL,
                            NULL, used, dl);
}

int text_decode_view(const char *data, size_t len, const char *name,
                     const char *kind, enum encoding enc,
                     enum encoding fallback, struct strbuf *out,
                     const char **view, size_t *vlen, enum encoding *used,
                     struct diag_list *dl)
{
    const char *nul = memchr(data, '\0', len);
    struct cursor c;
    size_t bad, start = out->len;
    unsigned col;

    if (enc == ENC_AUTO && is_bom(data, len, 0))
        enc = ENC_UTF8;
    cursor_init(&c, data, len);
    if (nul) {
        col = cursor_to(&c, (size_t)(nul - data));
        diag_error(dl, name, c.line, col,
                   "binary data (a NUL byte); this is not a %s text file",
                   kind);
        return -1;
    }
    if (enc == ENC_UTF8 && !utf8_valid(data, len, &bad)) {
        col = cursor_to(&c, bad);
        diag_error(dl, name, c.line, col,
                   "invalid UTF-8 byte 0x%02X (is the file in another "
                   "encoding? try --encoding windows-1251%s)",
                   (unsigned char)data[bad],
                   strcmp(kind, "TRF") ? "" : " or latin-1");
        return -1;
    }
    if (enc == ENC_AUTO) {
        if (utf8_valid(data, len, NULL))
            enc = ENC_UTF8;
        else if (report_stray_bytes(data, len, name, kind, dl))
            return -1;
        else
            enc = fallback == ENC_AUTO ? encoding_detect(data, len) : fallback;
    }
    if (used)
        *used = enc;
    /* UTF-8 as it is: the data itself, but a leading byte-order mark. */
    if (view && enc == ENC_UTF8) {
        size_t skip = is_bom(data, len, 0) ? 3 : 0;
        if (first_bom(data, len, skip) == len) {
            *view = data + skip;
            *vlen = len - skip;
            return 0;
        }
    }
    encoding_to_utf8(out, data, len, enc);
    if (enc == ENC_UTF8)
        stray_boms(out, start, name, dl);
    if (view) {
        *view = out->buf + start;
        *vlen = out->len - start;
    }
    return 0;
}

size_t text_line_start(const char *data, size_t len, unsigned ln)
{
    size_t i = 0;
    unsigned at = 1;

    while (at < ln && i < len) {
        if (data[i] == '\r' && i + 1 < len && data[i + 1] == '\n')
            i++;
        if (data[i] == '\r' || data[i] == '\n')
            at++;
        i++;
    }
    return at == ln ? i : len;
}
