/* util/table: a table of strings, and its text, TSV, CSV and JSON forms.
 * SPDX-License-Identifier: MIT
 */
#include "util/table.h"

#include <stdlib.h>
#include <string.h>

#include "util/quote.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

int table_format_parse(const char *s, enum table_format *out)
{
    static const char *const names[] = {"text", "tsv", "csv", "json",
                                        "csv-excel"};
    size_t i;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(s, names[i])) {
            *out = (enum table_format)i;
            return 0;
        }
    return -1;
}

void table_init(struct table *tb, size_t ncols, const char *const *heads,
                const char *align)
{
    size_t i;

    memset(tb, 0, sizeof(*tb));
    tb->ncols = ncols;
    tb->heads = xcalloc(ncols, sizeof(char *));
    tb->align = xcalloc(ncols + 1, 1);
    for (i = 0; i < ncols; i++) {
        tb->heads[i] = xstrdup(heads[i]);
        tb->align[i] = align && align[i] ? align[i] : 'l';
    }
}

void table_init_empty(struct table *tb, size_t ncols)
{
    memset(tb, 0, sizeof(*tb));
    tb->ncols = ncols;
    tb->heads = xcalloc(ncols + 1, sizeof(char *));
    tb->align = xcalloc(ncols + 1, 1);
    memset(tb->align, 'l', ncols);
}

/* A row of cells, their lengths lens (NULL: each up to its NUL). */
static void add_row(struct table *tb, const char *const *cells,
                    const size_t *lens)
{
    size_t i;

    ALLOC_GROW(tb->cells, (tb->nrows + 1) * tb->ncols, tb->alloc);
    for (i = 0; i < tb->ncols; i++) {
        size_t n = lens ? lens[i] : cells[i] ? strlen(cells[i]) : 0;
        tb->cells[tb->nrows * tb->ncols + i] =
            n ? arena_strndup(&tb->text, cells[i], n) : (char *)"";
    }
    tb->nrows++;
}

void table_add_row(struct table *tb, const char *const *cells)
{
    add_row(tb, cells, NULL);
}

void table_add_row_n(struct table *tb, const char *const *cells,
                     const size_t *lens)
{
    add_row(tb, cells, lens);
}

const char *table_cell(const struct table *tb, size_t row, size_t col)
{
    const char *s = tb->cells[row * tb->ncols + col];

    return s ? s : "";
}

void table_release(struct table *tb)
{
    size_t i;

    for (i = 0; i < tb->ncols; i++)
        free(tb->heads[i]);
    arena_release(&tb->text);
    free(tb->heads);
    free(tb->align);
    free(tb->cells);
    memset(tb, 0, sizeof(*tb));
}

/* The text table into out; with fp, out is written to fp (and emptied)
   every 64 KB, so that a table of 40,000 rows needs no 4 MB copy. */
static void write_text(const struct table *tb, struct strbuf *out, FILE *fp)
{
    size_t *w = xcalloc(tb->ncols, sizeof(size_t));
    size_t r, c;

    for (c = 0; c < tb->ncols; c++)
        w[c] = utf8_len(tb->heads[c]);
    for (r = 0; r < tb->nrows; r++)
        for (c = 0; c < tb->ncols; c++) {
            size_t n = utf8_len(tb->cells[r * tb->ncols + c]);
            if (n > w[c])
                w[c] = n;
        }
    /* Each line straight into out, its trailing blanks cut there. */
    for (r = 0; r <= tb->nrows; r++) {
        size_t start = out->len;
        for (c = 0; c < tb->ncols; c++) {
            const char *s = r ? tb->cells[(r - 1) * tb->ncols + c]
                              : tb->heads[c];
            size_t len = strlen(s), n = utf8_nlen(s, len);
            int right = tb->align[c] != 'l';
            if (c)
                strbuf_add(out, "  ", 2);
            if (right && n < w[c])
                strbuf_addchars(out, ' ', w[c] - n);
            strbuf_add(out, s, len);
            if (!right && c + 1 < tb->ncols && n < w[c])
                strbuf_addchars(out, ' ', w[c] - n);
        }
        while (out->len > start && strbuf_is_space(out->buf[out->len - 1]))
            out->len--;
        strbuf_addch(out, '\n');
        if (fp && out->len >= 65536) {
            fwrite(out->buf, 1, out->len, fp);
            strbuf_reset(out);
        }
    }
    free(w);
}

/* The n bytes of s to d, a tab or line break as a blank; d's end. */
static char *tsv_copy(char *d, const char *s, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        char c = s[i];
        /* one test a byte for what is nearly never there */
        if ((unsigned char)c < 0x20 && (c == '\t' || c == '\n' || c == '\r'))
            c = ' ';
        d[i] = c;
    }
    return d + n;
}

static void put_tsv(struct strbuf *out, const char *s, size_t n)
{
    if (cell_is_formula(s, n))
        strbuf_addch(out, '\'');
    strbuf_grow(out, n);
    tsv_copy(out->buf + out->len, s, n);
    strbuf_setlen(out, out->len + n);
}

/* A CSV field for a spreadsheet of the comma locale: ';' the separator, a
   number's decimal point a comma. */
static void put_csv_excel(struct strbuf *out, const char *s)
{
    const char *dot = strchr(s, '.');
    size_t n = strlen(s);

    if (dot && !cell_is_formula(s, n) && n < 64) {
        char num[64];
        memcpy(num, s, n + 1);
        num[dot - s] = ',';
        if (cell_is_number(num, n)) {
            strbuf_addstr(out, num);
            return;
        }
    }
    csv_quote_sep(out, s, ';');
}

/* The length of cell c of a row: lens[c] when known, else strlen. */
static size_t cell_len(const char *const *cells, const size_t *lens, size_t c)
{
    if (!cells[c])
        return 0;
    return lens && lens[c] != TABLE_LEN_UNKNOWN ? lens[c] : strlen(cells[c]);
}

/* A TSV row: its length first, then the bytes, in one growth of out (a
   ranking of 10,000 players is 300,000 cells); the lengths of the first
   KNOWN cells are measured once. */
static void tsv_row(const struct table *tb, const char *const *cells,
                    const size_t *lens, struct strbuf *out)
{
    enum { KNOWN = 64 };
    size_t c, total = tb->ncols + 1, len[KNOWN];
    char *d;

    for (c = 0; c < tb->ncols; c++) {
        size_t n = cell_len(cells, lens, c);
        if (c < KNOWN)
            len[c] = n;
        total += n + 1; /* an apostrophe, for a formula */
    }
    strbuf_grow(out, total);
    d = out->buf + out->len;
    for (c = 0; c < tb->ncols; c++) {
        size_t n = c < KNOWN ? len[c] : cell_len(cells, lens, c);
        const char *s = cells[c] ? cells[c] : "";
        if (c)
            *d++ = '\t';
        if (cell_is_formula(s, n))
            *d++ = '\'';
        d = tsv_copy(d, s, n);
    }
    *d++ = '\n';
    strbuf_setlen(out, (size_t)(d - out->buf));
}

void table_stream_begin(const struct table *tb, enum table_format fmt,
                        struct strbuf *out)
{
    size_t c;

    if (fmt == FMT_JSON) {
        strbuf_addstr(out, "[");
        return;
    }
    if (fmt == FMT_CSV_EXCEL)
        strbuf_addstr(out, "\xEF\xBB\xBF"); /* the byte order mark */
    for (c = 0; c < tb->ncols; c++) {
        if (c)
            strbuf_addch(out, fmt == FMT_TSV         ? '\t'
                              : fmt == FMT_CSV_EXCEL ? ';'
                                                     : ',');
        if (fmt == FMT_TSV)
            put_tsv(out, tb->heads[c], strlen(tb->heads[c]));
        else if (fmt == FMT_CSV_EXCEL)
            csv_quote_sep(out, tb->heads[c], ';');
        else
            csv_quote(out, tb->heads[c]);
    }
    strbuf_addstr(out, fmt == FMT_TSV ? "\n" : "\r\n");
}

void table_stream_row(const struct table *tb, enum table_format fmt,
                      const char *const *cells, const size_t *lens,
                      size_t index, struct strbuf *out)
{
    size_t c;

    if (fmt == FMT_TSV) {
        tsv_row(tb, cells, lens, out);
        return;
    }
    if (fmt == FMT_JSON)
        strbuf_addstr(out, index ? ",\n  {" : "\n  {");
    for (c = 0; c < tb->ncols; c++) {
        const char *s = cells[c] ? cells[c] : "";
        if (fmt == FMT_JSON) {
            if (c)
                strbuf_addstr(out, ", ");
            json_quote(out, tb->heads[c]);
            strbuf_addstr(out, ": ");
            if (tb->align[c] == 'n')
                strbuf_addstr(out, *s ? s : "null");
            else
                json_quote(out, s);
            continue;
        }
        if (fmt == FMT_CSV_EXCEL) {
            if (c)
                strbuf_addch(out, ';');
            put_csv_excel(out, s);
            continue;
        }
        if (c)
            strbuf_addch(out, ',');
        csv_quote(out, s);
    }
    strbuf_addstr(out, fmt == FMT_JSON ? "}" : "\r\n");
}

void table_stream_end(const struct table *tb, enum table_format fmt,
                      size_t nrows, struct strbuf *out)
{
    (void)tb;
    if (fmt == FMT_JSON)
        strbuf_addstr(out, nrows ? "\n]\n" : "]\n");
}

void table_write(const struct table *tb, enum table_format fmt,
                 struct strbuf *out)
{
    size_t r;

    if (fmt == FMT_TEXT) {
        write_text(tb, out, NULL);
        return;
    }
    table_stream_begin(tb, fmt, out);
    for (r = 0; r < tb->nrows; r++)
        table_stream_row(tb, fmt, (const char *const *)tb->cells + r * tb->ncols,
                         NULL, r, out);
    table_stream_end(tb, fmt, tb->nrows, out);
}

void table_write_file(const struct table *tb, enum table_format fmt,
                      FILE *fp)
{
    struct strbuf sb = STRBUF_INIT;

    if (fmt == FMT_TEXT)
        write_text(tb, &sb, fp);
    else
        table_write(tb, fmt, &sb);
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}
