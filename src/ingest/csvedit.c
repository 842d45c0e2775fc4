/* ingest/csvedit: a CSV file changed field by field, every other byte
 * kept.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/csvedit.h"

#include <stdlib.h>
#include <string.h>

#include "ingest/text.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

size_t csv_row_spans(const char *d, size_t len, size_t i, char delim,
                     size_t (*span)[2], size_t max)
{
    size_t n = 0;

    for (;;) {
        size_t j = i;
        if (j < len && d[j] == '"') {
            for (j++; j < len; j++)
                if (d[j] == '"') {
                    if (j + 1 < len && d[j + 1] == '"')
                        j++;
                    else
                        break;
                }
            if (j < len)
                j++;
        }
        while (j < len && d[j] != delim && d[j] != '\n' && d[j] != '\r')
            j++;
        if (n < max) {
            span[n][0] = i;
            span[n][1] = j;
        }
        n++;
        if (j >= len || d[j] != delim)
            return n;
        i = j + 1;
    }
}

const struct csv_row *csv_row_at(const struct csv *c, unsigned ln)
{
    size_t lo = 0, hi = c->n_rows;

    /* rows are in the order of their lines */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->rows[mid].line < ln)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < c->n_rows && c->rows[lo].line == ln ? &c->rows[lo] : NULL;
}

/* The line end the file uses ("\n" when it has none). */
static const char *line_end(const char *data, size_t len)
{
    const char *nl = memchr(data, '\n', len);

    if (nl)
        return nl > data && nl[-1] == '\r' ? "\r\n" : "\n";
    return memchr(data, '\r', len) ? "\r" : "\n";
}

/* value written as a field of the file: encoded, quoted when it must be;
   -1 when the encoding has no byte for one of its characters. */
static int put_value(struct strbuf *out, const char *value, enum encoding e,
                     char delim)
{
    struct strbuf enc = STRBUF_INIT;
    size_t i;
    int ret = encoding_from_utf8(&enc, value, e);

    if (!ret && strpbrk(enc.buf, "\"\r\n") == NULL &&
        !memchr(enc.buf, delim, enc.len)) {
        strbuf_addbuf(out, &enc);
    } else if (!ret) {
        strbuf_addch(out, '"');
        for (i = 0; i < enc.len; i++) {
            if (enc.buf[i] == '"')
                strbuf_addch(out, '"');
            strbuf_addch(out, enc.buf[i]);
        }
        strbuf_addch(out, '"');
    }
    strbuf_release(&enc);
    return ret;
}

/* The last edit of field k of line ln, or NULL. */
static const char *edited(const struct csv_edit *edits, size_t n, unsigned ln,
                          size_t k)
{
    const char *v = NULL;
    size_t i;

    for (i = 0; i < n; i++)
        if (edits[i].line == ln && edits[i].field == k)
            v = edits[i].value;
    return v;
}

/* How many fields the row of line ln has after the edits (it had nf). */
static size_t width_after(const struct csv_edit *edits, size_t n, unsigned ln,
                          size_t nf)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (edits[i].line == ln && edits[i].field + 1 > nf)
            nf = edits[i].field + 1;
    return nf;
}

static int cmp_unsigned(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

    return x < y ? -1 : x > y;
}

/* Write one row's fields: the edits of line ln over the nf spans. */
static int put_row(struct strbuf *out, const char *data, size_t (*span)[2],
                   size_t nf, const struct csv_edit *edits, size_t n,
                   unsigned ln, enum encoding e, char delim, const char **bad)
{
    size_t k, width = width_after(edits, n, ln, nf);

    for (k = 0; k < width; k++) {
        const char *v = edited(edits, n, ln, k);
        if (k)
            strbuf_addch(out, delim);
        if (v) {
            if (put_value(out, v, e, delim)) {
                *bad = v;
                return -1;
            }
        } else if (k < nf) {
            strbuf_add(out, data + span[k][0], span[k][1] - span[k][0]);
        }
    }
    return 0;
}

/* Whether row b (read back) is row a with the edits of line ln. */
static int row_as_meant(const struct csv_row *a, const struct csv_row *b,
                        const struct csv_edit *edits, size_t n, unsigned ln)
{
    size_t k, width = width_after(edits, n, ln, a ? a->n : 0);

    if (b->n != width)
        return 0;
    for (k = 0; k < width; k++) {
        const char *v = edited(edits, n, ln, k);
        if (!v)
            v = a && k < a->n ? a->fields[k].s : "";
        if (strcmp(v, b->fields[k].s))
            return 0;
    }
    return 1;
}

enum err csv_edit(const char *data, size_t len, const struct csv *c,
                  const struct csv_edit *edits, size_t n, struct strbuf *out,
                  struct diag_list *dl)
{
    enum encoding e = ENC_UTF8;
    struct csv_options opts;
    struct csv *again = NULL;
    struct diag_list quiet = DIAG_LIST_INIT;
    size_t(*span)[2] = xcalloc(CSV_MAX_FIELDS, sizeof(*span));
    unsigned *lines = xmallocarray(n + 1, sizeof(*lines));
    size_t i, k, n_lines = 0, done = 0, added = 0;
    const char *bad = NULL, *eol = line_end(data, len);
    enum err ret = ERR_OK;

    strbuf_reset(out);
    if (c->encoding)
        encoding_parse(c->encoding, &e);
    for (i = 0; i < n; i++) {
        if (!edits[i].line)
            added = 1;
        else if (edits[i].field >= CSV_MAX_FIELDS) {
            diag_error(dl, c->file, edits[i].line, 1, "too many columns");
            ret = ERR_DATA;
            goto out;
        } else
            lines[n_lines++] = edits[i].line;
    }
    qsort(lines, n_lines, sizeof(*lines), cmp_unsigned);
    for (i = 0; i < n_lines; i++) {
        const struct csv_row *r;
        size_t at, nf;
        if (i && lines[i] == lines[i - 1])
            continue;
        r = csv_row_at(c, lines[i]);
        at = text_line_start(data, len, lines[i]);
        if (!r || at < done || at >= len) {
            diag_error(dl, c->file, lines[i], 1, "no row begins here");
            ret = ERR_DATA;
            goto out;
        }
        nf = csv_row_spans(data, len, at, c->delim, span, CSV_MAX_FIELDS);
        if (nf != r->n || nf > CSV_MAX_FIELDS) {
            diag_error(dl, c->file, lines[i], 1,
                       "the row cannot be taken apart safely (%zu fields "
                       "read, %zu counted); change it by hand",
                       r->n, nf);
            ret = ERR_DATA;
            goto out;
        }
        strbuf_add(out, data + done, at - done);
        if (put_row(out, data, span, nf, edits, n, lines[i], e, c->delim, &bad))
            break;
        done = span[nf - 1][1];
    }
    if (!bad) {
        strbuf_add(out, data + done, len - done);
        if (added) {
            if (out->len && out->buf[out->len - 1] != '\n' &&
                out->buf[out->len - 1] != '\r')
                strbuf_addstr(out, eol);
            if (!put_row(out, data, span, 0, edits, n, 0, e, c->delim, &bad))
                strbuf_addstr(out, eol);
        }
    }
    if (bad) {
        diag_error(dl, c->file, 0, 0,
                   "'%s' cannot be written in the file's encoding (%s); "
                   "save the file as UTF-8 first",
                   bad, c->encoding ? c->encoding : "utf-8");
        ret = ERR_DATA;
        goto out;
    }
    /* Read back: every row as it was, but the rows edited as meant. */
    opts.encoding = e;
    opts.delim = c->delim;
    csv_parse(out->buf, out->len, c->file, &opts, &again, &quiet);
    if (!again || again->n_rows != c->n_rows + added) {
        diag_error(dl, c->file, 0, 0,
                   "the file changed does not read back (%zu rows, not "
                   "%zu); change it by hand",
                   again ? again->n_rows : 0, c->n_rows + added);
        ret = ERR_DATA;
        goto out;
    }
    for (k = 0; k < again->n_rows; k++) {
        const struct csv_row *a = k < c->n_rows ? &c->rows[k] : NULL;
        if (!row_as_meant(a, &again->rows[k], edits, n, a ? a->line : 0)) {
            diag_error(dl, c->file, a ? a->line : again->rows[k].line, 1,
                       "the row changed does not read back as meant; "
                       "change it by hand");
            ret = ERR_DATA;
            goto out;
        }
    }
out:
    if (ret)
        strbuf_reset(out);
    free(span);
    free(lines);
    csv_free(again);
    diag_list_release(&quiet);
    return ret;
}
