/* render/xlsx: spreadsheets of our sheets, through libxlsxwriter (the only
 * file that includes it; its errors become ours here).
 * SPDX-License-Identifier: MIT
 */
#include "render/xlsx.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xlsxwriter.h>

#include "render/sheet.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The widest column, in characters (its texts wrap). */
#define COL_WIDTH_MAX 42
#define COL_WIDTH_MIN 4
#define MAX_COLS 256
/* Points of a line of 11-point text. */
#define LINE_HEIGHT 15.0

/* A line across the sheet, written when its width is known. */
struct pending {
    lxw_row_t row;
    char *text;
    lxw_format *fmt;
};

/* A format made once: by its number format, alignment and weight. */
struct cached_format {
    char *key;
    lxw_format *fmt;
};

struct xlsx {
    lxw_workbook *wb;
    char *path, *tmpdir;
    lxw_error lerr; /* the first error of a call */

    lxw_format *f_title, *f_big, *f_text;
    struct cached_format *formats;
    size_t n_formats, formats_alloc;

    /* The worksheet being written. */
    lxw_worksheet *ws;
    lxw_row_t row;
    size_t ncols; /* the widest table */
    double width[MAX_COLS];
    struct pending *pend;
    size_t n_pend, pend_alloc;
    long head_row; /* the fixed heading row, or -1 */
};

/* Keep the first error libxlsxwriter returned. */
static void check(struct xlsx *x, lxw_error e)
{
    if (e != LXW_NO_ERROR && x->lerr == LXW_NO_ERROR)
        x->lerr = e;
}

/* A format of the Times New Roman text the documents use. */
static lxw_format *new_format(struct xlsx *x, int bold, int size)
{
    lxw_format *f = workbook_add_format(x->wb);

    format_set_font_name(f, "Times New Roman");
    format_set_font_size(f, size);
    if (bold)
        format_set_bold(f);
    format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
    return f;
}

/*
 * The number format of a value v in style num: whole numbers "0", two
 * decimals "0.00"; halves and quarters as 6½ 27¼, which no number format
 * computes: a format of this one value ([=6.5]"6½") that shows any other
 * value as the general format does, so the cell still holds the number.
 */
static void number_format(struct strbuf *out, enum sheet_num num, double v)
{
    double whole, frac;

    if (num == SHEET_NUM_DECIMALS) {
        strbuf_addstr(out, "0.00");
        return;
    }
    whole = floor(v + 1e-9);
    frac = v - whole;
    if (num == SHEET_NUM_WHOLE || fabs(frac) < 1e-9 ||
        fabs(v * 4 - floor(v * 4 + 0.5)) > 1e-9) {
        strbuf_addstr(out, num == SHEET_NUM_WHOLE ? "0" : "General");
        return;
    }
    strbuf_addf(out, "[=%g]\"", v);
    if (whole != 0)
        strbuf_addf(out, "%.0f", whole);
    strbuf_addstr(out, fabs(frac - 0.5) < 1e-9    ? "½"
                       : fabs(frac - 0.25) < 1e-9 ? "¼"
                                                  : "¾");
    strbuf_addstr(out, "\";General");
}

/* The cell format of these attributes, made the first time. */
static lxw_format *cell_format(struct xlsx *x, const char *numfmt,
                               enum cell_align align, int bold, int head)
{
    struct strbuf key = STRBUF_INIT;
    lxw_format *f;
    size_t i;

    strbuf_addf(&key, "%d%d%d|%s", (int)align, bold, head,
                numfmt ? numfmt : "");
    for (i = 0; i < x->n_formats; i++)
        if (!strcmp(x->formats[i].key, key.buf)) {
            strbuf_release(&key);
            return x->formats[i].fmt;
        }
    f = new_format(x, bold || head, 11);
    format_set_border(f, LXW_BORDER_THIN);
    format_set_text_wrap(f);
    format_set_align(f, align == ALIGN_LEFT     ? LXW_ALIGN_LEFT
                        : align == ALIGN_RIGHT ? LXW_ALIGN_RIGHT
                                               : LXW_ALIGN_CENTER);
    if (head) {
        format_set_align(f, LXW_ALIGN_CENTER);
        format_set_align(f, LXW_ALIGN_VERTICAL_CENTER);
        format_set_bg_color(f, 0xE7E6E6);
    }
    if (numfmt)
        format_set_num_format(f, numfmt);
    ALLOC_GROW(x->formats, x->n_formats + 1, x->formats_alloc);
    x->formats[x->n_formats].key = strbuf_detach(&key, NULL);
    x->formats[x->n_formats++].fmt = f;
    return f;
}

enum err xlsx_new(struct xlsx **out, const char *path,
                  const struct xlsx_props *props, struct diag_list *dl)
{
    struct xlsx *x = xcalloc(1, sizeof(*x));
    lxw_workbook_options opt;
    lxw_doc_properties dp;
    const char *slash = strrchr(path, '/');

    *out = NULL;
    x->path = xstrdup(path);
    x->tmpdir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
    if (!*x->tmpdir) {
        free(x->tmpdir);
        x->tmpdir = xstrdup("/");
    }
    memset(&opt, 0, sizeof(opt));
    opt.tmpdir = x->tmpdir;
    x->wb = workbook_new_opt(x->path, &opt);
    if (!x->wb) {
        diag_error(dl, path, 0, 0, "cannot create the workbook");
        xlsx_free(x);
        return ERR_CREATE;
    }
    memset(&dp, 0, sizeof(dp));
    dp.title = (char *)props->title;
    dp.subject = (char *)props->subject;
    dp.author = (char *)props->author;
    dp.manager = (char *)props->manager;
    dp.company = (char *)props->company;
    dp.category = (char *)props->category;
    dp.keywords = (char *)props->keywords;
    dp.comments = (char *)props->comments;
    /* libxlsxwriter dates its zip entries 1980-01-01 itself: with a fixed
       creation time the file is the same bytes every time. */
    dp.created = props->created >= 0 ? (time_t)props->created : 0;
    check(x, workbook_set_properties(x->wb, &dp));
    x->f_title = new_format(x, 1, 12);
    format_set_align(x->f_title, LXW_ALIGN_CENTER);
    format_set_text_wrap(x->f_title);
    x->f_big = new_format(x, 1, 14);
    format_set_align(x->f_big, LXW_ALIGN_CENTER);
    format_set_text_wrap(x->f_big);
    x->f_text = new_format(x, 0, 12);
    format_set_align(x->f_text, LXW_ALIGN_LEFT);
    format_set_text_wrap(x->f_text);
    *out = x;
    return ERR_OK;
}

/* The width of a text in column units: its longest line, Cyrillic being
   wider than the digit the unit is. */
static double text_width(const char *s)
{
    size_t longest = 0, len;

    while (*s) {
        len = strcspn(s, "\n");
        if (utf8_nlen(s, len) > longest)
            longest = utf8_nlen(s, len);
        s += len;
        if (*s)
            s++;
    }
    return (double)longest * 1.1 + 1.5;
}

/* Lines a text takes in a column `width` wide. */
static int text_lines(const char *s, double width)
{
    int lines = 0;
    size_t len;

    do {
        len = strcspn(s, "\n");
        lines += len ? (int)ceil((utf8_nlen(s, len) * 1.1 + 1) / width) : 1;
        s += len;
    } while (*s && *s++);
    return lines < 1 ? 1 : lines;
}

/* Write what waited for the sheet's width; set the columns and print. */
static void finish_sheet(struct xlsx *x)
{
    double total = 0;
    size_t c, i, ncols = x->ncols ? x->ncols : 1;

    if (!x->ws)
        return;
    for (c = 0; c < ncols; c++) {
        double w = x->width[c];
        if (w < COL_WIDTH_MIN)
            w = x->ncols ? COL_WIDTH_MIN : 90;
        x->width[c] = w;
        total += w;
        check(x, worksheet_set_column(x->ws, (lxw_col_t)c, (lxw_col_t)c, w,
                                      NULL));
    }
    for (i = 0; i < x->n_pend; i++) {
        struct pending *p = &x->pend[i];
        if (ncols > 1)
            check(x, worksheet_merge_range(x->ws, p->row, 0, p->row,
                                           (lxw_col_t)(ncols - 1), p->text,
                                           p->fmt));
        else
            check(x, worksheet_write_string(x->ws, p->row, 0, p->text,
                                            p->fmt));
        check(x, worksheet_set_row(x->ws, p->row,
                                   (LINE_HEIGHT + 1) *
                                       text_lines(p->text, total),
                                   NULL));
        free(p->text);
    }
    x->n_pend = 0;
    /* A4, fitted to the width, the heading repeated; margins of ДСТУ
       4163:2020 (30 mm left, 10 right, 20 top and bottom). */
    worksheet_set_paper(x->ws, 9);
    if (total > 130)
        worksheet_set_landscape(x->ws);
    worksheet_set_margins(x->ws, 30 / 25.4, 10 / 25.4, 20 / 25.4, 20 / 25.4);
    worksheet_fit_to_pages(x->ws, 1, 0);
    check(x, worksheet_set_footer(x->ws, "&CСторінка &P з &N"));
    if (x->head_row >= 0) {
        worksheet_freeze_panes(x->ws, (lxw_row_t)(x->head_row + 1), 0);
        check(x, worksheet_repeat_rows(x->ws, (lxw_row_t)x->head_row,
                                       (lxw_row_t)x->head_row));
    }
    x->ws = NULL;
}

void xlsx_add_sheet(struct xlsx *x, const char *name)
{
    finish_sheet(x);
    x->ws = workbook_add_worksheet(x->wb, name);
    if (!x->ws) {
        check(x, LXW_ERROR_SHEETNAME_ALREADY_USED);
        return;
    }
    x->row = 0;
    x->ncols = 0;
    memset(x->width, 0, sizeof(x->width));
    x->head_row = -1;
}

static void add_pending(struct xlsx *x, const char *text, lxw_format *fmt)
{
    if (!x->ws)
        return;
    ALLOC_GROW(x->pend, x->n_pend + 1, x->pend_alloc);
    x->pend[x->n_pend].row = x->row++;
    x->pend[x->n_pend].text = xstrdup(text ? text : "");
    x->pend[x->n_pend++].fmt = fmt;
}

void xlsx_title(struct xlsx *x, const char *text, int big)
{
    add_pending(x, text, big ? x->f_big : x->f_title);
}

void xlsx_text(struct xlsx *x, const char *text)
{
    add_pending(x, text, x->f_text);
}

void xlsx_gap(struct xlsx *x)
{
    if (x->ws)
        x->row++;
}

void xlsx_signature(struct xlsx *x, const char *position, const char *name)
{
    struct strbuf sb = STRBUF_INIT;

    strbuf_addf(&sb, "%s    ______________    %s", position ? position : "",
                name ? name : "");
    add_pending(x, sb.buf, x->f_text);
    strbuf_release(&sb);
}

void xlsx_table(struct xlsx *x, const struct sheet *s, unsigned flags)
{
    struct strbuf fmt = STRBUF_INIT;
    size_t r, c, ncols = s->ncols < MAX_COLS ? s->ncols : MAX_COLS;
    double w;
    int lines, l;

    if (!x->ws)
        return;
    if (ncols > x->ncols)
        x->ncols = ncols;
    for (c = 0; c < ncols; c++) {
        w = text_width(s->cols[c].heading);
        for (r = 0; r < s->nrows; r++)
            if (text_width(sheet_cell(s, r, c)) > w)
                w = text_width(sheet_cell(s, r, c));
        if (w > COL_WIDTH_MAX)
            w = COL_WIDTH_MAX;
        if (w > x->width[c])
            x->width[c] = w;
    }
    if (flags & XLSX_HEAD_FIXED)
        x->head_row = (long)x->row;
    lines = 1;
    for (c = 0; c < ncols; c++) {
        check(x, worksheet_write_string(
                     x->ws, x->row, (lxw_col_t)c, s->cols[c].heading,
                     cell_format(x, NULL, ALIGN_CENTRE, 1, 1)));
        l = text_lines(s->cols[c].heading, x->width[c]);
        if (l > lines)
            lines = l;
    }
    check(x, worksheet_set_row(x->ws, x->row, LINE_HEIGHT * lines, NULL));
    x->row++;
    for (r = 0; r < s->nrows; r++, x->row++) {
        lines = 1;
        for (c = 0; c < ncols; c++) {
            const struct sheet_col *col = &s->cols[c];
            const char *text = sheet_cell(s, r, c);
            double v = sheet_num(s, r, c);
            int bold = (col->flags & SHEET_BOLD) != 0;
            if (!isnan(v)) {
                strbuf_reset(&fmt);
                number_format(&fmt, col->num, v);
                check(x, worksheet_write_number(
                             x->ws, x->row, (lxw_col_t)c, v,
                             cell_format(x, fmt.buf, col->align, bold, 0)));
                continue;
            }
            l = text_lines(text, x->width[c]);
            if (l > lines)
                lines = l;
            if (*text)
                check(x, worksheet_write_string(
                             x->ws, x->row, (lxw_col_t)c, text,
                             cell_format(x, NULL, col->align, bold, 0)));
            else
                check(x, worksheet_write_blank(
                             x->ws, x->row, (lxw_col_t)c,
                             cell_format(x, NULL, col->align, bold, 0)));
        }
        if (lines > 1)
            check(x,
                  worksheet_set_row(x->ws, x->row, LINE_HEIGHT * lines, NULL));
    }
    strbuf_release(&fmt);
}

enum err xlsx_close(struct xlsx *x, struct diag_list *dl)
{
    lxw_error e;
    enum err ret = ERR_OK;

    finish_sheet(x);
    if (x->lerr != LXW_NO_ERROR) {
        diag_error(dl, x->path, 0, 0, "libxlsxwriter: %s",
                   lxw_strerror(x->lerr));
        ret = ERR_INTERNAL;
    }
    e = workbook_close(x->wb);
    x->wb = NULL;
    if (!ret && e != LXW_NO_ERROR) {
        diag_error(dl, x->path, 0, 0, "cannot write the workbook: %s",
                   lxw_strerror(e));
        ret = e == LXW_ERROR_CREATING_XLSX_FILE ||
                      e == LXW_ERROR_CREATING_TMPFILE
                  ? ERR_CREATE
                  : ERR_IO;
    }
    xlsx_free(x);
    return ret;
}

void xlsx_free(struct xlsx *x)
{
    size_t i;

    if (!x)
        return;
    if (x->wb)
        lxw_workbook_free(x->wb);
    for (i = 0; i < x->n_formats; i++)
        free(x->formats[i].key);
    free(x->formats);
    for (i = 0; i < x->n_pend; i++)
        free(x->pend[i].text);
    free(x->pend);
    free(x->path);
    free(x->tmpdir);
    free(x);
}

/* ------------------------------------------------------- sheet names */

/* 1 when name equals one of taken in any letter case. */
static int name_taken(const char *name, const char *const *taken, size_t n)
{
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    size_t i;
    int found = 0;

    utf8_lower(&a, name);
    for (i = 0; i < n && !found; i++) {
        strbuf_reset(&b);
        utf8_lower(&b, taken[i]);
        found = !strcmp(a.buf, b.buf);
    }
    strbuf_release(&a);
    strbuf_release(&b);
    return found;
}

/* Append s cleaned for a name, shortened to max characters. */
static void clean_name(struct strbuf *out, const char *s, size_t max)
{
    size_t start = out->len, chars = 0, len = strlen(s), k;
    uint32_t cp;

    while (len && chars < max) {
        k = utf8_decode(s, len, &cp);
        if (!k)
            k = 1;
        if (k == 1 && (strchr("[]:*?/\\", *s) || (unsigned char)*s < 0x20))
            strbuf_addch(out, '-');
        else
            strbuf_add(out, s, k);
        s += k;
        len -= k;
        chars++;
    }
    /* No apostrophe at either end, no blanks at the end. */
    while (out->len > start &&
           (out->buf[out->len - 1] == '\'' || out->buf[out->len - 1] == ' '))
        strbuf_setlen(out, out->len - 1);
    while (out->len > start && out->buf[start] == '\'') {
        memmove(out->buf + start, out->buf + start + 1, out->len - start);
        out->len--;
    }
}

void xlsx_sheet_name(const char *want, const char *const *taken, size_t n,
                     struct strbuf *out)
{
    size_t start = out->len;
    int k;

    clean_name(out, want && *want ? want : "Аркуш", 31);
    if (out->len == start)
        strbuf_addstr(out, "Аркуш");
    for (k = 2; name_taken(out->buf + start, taken, n); k++) {
        char num[16];
        struct strbuf base = STRBUF_INIT;
        snprintf(num, sizeof(num), " (%d)", k);
        clean_name(&base, want && *want ? want : "Аркуш", 31 - strlen(num));
        strbuf_setlen(out, start);
        strbuf_addf(out, "%s%s", base.buf, num);
        strbuf_release(&base);
    }
}
