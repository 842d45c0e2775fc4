/* render/layout: text flowing down the pages of a document, and tables
 * (grids) that break across pages with their header row repeated.
 * SPDX-License-Identifier: MIT
 */
#include "render/layout.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define EPS 1e-6

/* Half-point steps the type may shrink before a cell wraps instead. */
#define GRID_NOWRAP_STEPS 3

/* Cells of a GRID_WRAP column shrink down to this share of the size before
   they wrap. */
#define SHRINK_LIMIT 0.85

/* ---- the flow ---- */

void flow_init(struct flow *f, struct pdf *pdf, enum pdf_orientation o)
{
    memset(f, 0, sizeof(*f));
    f->pdf = pdf;
    f->orientation = o;
    pdf_box_for(pdf, o, &f->box);
    f->y = f->box.top;
}

void flow_release(struct flow *f)
{
    free(f->spans);
    f->spans = NULL;
    f->spans_alloc = 0;
}

void flow_new_page(struct flow *f)
{
    pdf_add_page(f->pdf, f->orientation);
    pdf_content_box(f->pdf, &f->box);
    f->y = f->box.top;
    f->pages++;
    if (f->pages > 1 && f->on_page)
        f->on_page(f, f->ctx);
    f->page_top = f->y;
}

double flow_room(const struct flow *f)
{
    return f->box.bottom - f->y;
}

void flow_need(struct flow *f, double h)
{
    if (!f->pages ||
        (f->y + h > f->box.bottom + EPS && f->y > f->page_top + EPS))
        flow_new_page(f);
}

void flow_space(struct flow *f, double h)
{
    if (f->y <= f->page_top + EPS)
        return;
    f->y += h;
    if (f->y > f->box.bottom)
        f->y = f->box.bottom;
}

static double line_height(const struct text_style *st)
{
    return st->size * LAYOUT_LEADING;
}

/* Baseline of a line whose box starts at top. */
static double baseline(struct pdf *pdf, enum pdf_face face, double size,
                       double lead, double top)
{
    double asc = pdf_ascent(pdf, face, size);
    double desc = pdf_descent(pdf, face, size);

    return top + (lead - asc - desc) / 2 + asc;
}

static double aligned_x(struct pdf *pdf, const struct text_style *st,
                        const char *s, size_t len, double x, double width)
{
    double w;

    if (st->align == ALIGN_LEFT)
        return x;
    w = pdf_text_width(pdf, st->face, st->size, s, len);
    if (st->align == ALIGN_CENTRE)
        return x + (width - w) / 2;
    return x + width - w;
}

double flow_text_height(struct flow *f, const struct text_style *st,
                        const char *s, double width)
{
    size_t n = pdf_wrap(f->pdf, st->face, st->size, s, width, &f->spans,
                        &f->spans_alloc);

    return (double)n * line_height(st);
}

void flow_text(struct flow *f, const struct text_style *st, const char *s)
{
    double width = f->box.right - f->box.left, lead = line_height(st);
    struct pdf_span *spans = NULL;
    size_t alloc = 0, n, i;

    /* Own spans: the running header of a new page may wrap text too. */
    n = pdf_wrap(f->pdf, st->face, st->size, s, width, &spans, &alloc);
    for (i = 0; i < n; i++) {
        flow_need(f, lead);
        pdf_text(f->pdf, st->face, st->size,
                 aligned_x(f->pdf, st, s + spans[i].off, spans[i].len,
                           f->box.left, width),
                 baseline(f->pdf, st->face, st->size, lead, f->y),
                 s + spans[i].off, spans[i].len);
        f->y += lead;
    }
    free(spans);
}

double layout_spans_at(struct flow *f, const struct text_style *st,
                       const char *s, const struct pdf_span *spans, size_t n,
                       double x, double y, double width)
{
    double lead = line_height(st);
    size_t i;

    for (i = 0; i < n; i++)
        pdf_text(
            f->pdf, st->face, st->size,
            aligned_x(f->pdf, st, s + spans[i].off, spans[i].len, x, width),
            baseline(f->pdf, st->face, st->size, lead, y + (double)i * lead),
            s + spans[i].off, spans[i].len);
    return (double)n * lead;
}

double layout_text_at(struct flow *f, const struct text_style *st,
                      const char *s, double x, double y, double width)
{
    struct pdf_span *spans = NULL;
    size_t alloc = 0, n;
    double h;

    n = pdf_wrap(f->pdf, st->face, st->size, s, width, &spans, &alloc);
    h = layout_spans_at(f, st, s, spans, n, x, y, width);
    free(spans);
    return h;
}

/* ---- grids: building ---- */

/* Keep the grid's view of its sheet in step. */
static void mirror(struct grid *g)
{
    g->ncols = g->sheet.ncols;
    g->cells = g->sheet.cells;
    g->shade = g->sheet.shade;
    g->nrows = g->sheet.nrows;
    g->measured = 0;
}

/* Everything but the sheet, for ncols columns. */
static void grid_setup(struct grid *g, size_t ncols, enum pdf_face face,
                       enum pdf_face head_face)
{
    g->cols = xcalloc(ncols ? ncols : 1, sizeof(*g->cols));
    g->face = face;
    g->head_face = head_face;
    g->size = 9;
    g->pad_x = 2.5;
    g->pad_y = 1.5;
    g->line_width = 0.5;
}

void grid_init(struct grid *g, size_t ncols, enum pdf_face face,
               enum pdf_face head_face)
{
    memset(g, 0, sizeof(*g));
    sheet_init(&g->sheet, ncols);
    grid_setup(g, ncols, face, head_face);
    mirror(g);
}

void grid_init_sheet(struct grid *g, struct sheet *s, enum pdf_face face,
                     enum pdf_face head_face)
{
    size_t c;

    memset(g, 0, sizeof(*g));
    g->sheet = *s;
    memset(s, 0, sizeof(*s));
    grid_setup(g, g->sheet.ncols, face, head_face);
    for (c = 0; c < g->sheet.ncols; c++) {
        g->cols[c].heading = g->sheet.cols[c].heading;
        g->cols[c].align = g->sheet.cols[c].align;
        g->cols[c].flags = g->sheet.cols[c].flags;
    }
    mirror(g);
}

void grid_release(struct grid *g)
{
    sheet_release(&g->sheet);
    free(g->cols);
    memset(g, 0, sizeof(*g));
}

void grid_set_col(struct grid *g, size_t c, const char *heading,
                  enum cell_align align, unsigned flags)
{
    sheet_set_col(&g->sheet, c, heading, align, flags);
    g->cols[c].heading = g->sheet.cols[c].heading;
    g->cols[c].align = align;
    g->cols[c].flags = flags;
    mirror(g);
}

size_t grid_add_row(struct grid *g)
{
    size_t r = sheet_add_row(&g->sheet);

    mirror(g);
    return r;
}

void grid_set(struct grid *g, size_t row, size_t col, const char *text)
{
    sheet_set(&g->sheet, row, col, text);
    mirror(g);
}

void grid_set_shade(struct grid *g, size_t row, size_t col)
{
    sheet_set_shade(&g->sheet, row, col);
}

int grid_col_empty(const struct grid *g, size_t c)
{
    return sheet_col_empty(&g->sheet, c);
}

void grid_drop_col(struct grid *g, size_t c)
{
    size_t n = g->sheet.ncols;

    sheet_drop_col(&g->sheet, c);
    memmove(&g->cols[c], &g->cols[c + 1], (n - c - 1) * sizeof(*g->cols));
    mirror(g);
}

/* ---- grids: measuring and fitting ---- */

static enum pdf_face cell_face(const struct grid *g, size_t c)
{
    return g->cols[c].flags & GRID_BOLD ? pdf_face_bold(g->face) : g->face;
}

/*
 * Widest line of s, and (when word is not NULL) its widest word, both at
 * size 1.  Words end at blanks, and after hyphens when hyphens (as
 * pdf_wrap() breaks names; a heading such as "Бхг-1" is kept whole).
 */
static void measure(struct pdf *pdf, enum pdf_face face, const char *s,
                    int hyphens, double *line, double *word)
{
    const char *p = s;

    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        double w = pdf_text_width(pdf, face, 1.0, p, n);
        if (w > *line)
            *line = w;
        if (word) {
            size_t i = 0;
            while (i < n) {
                size_t j;
                while (i < n && strbuf_is_blank(p[i]))
                    i++;
                for (j = i; j < n && !strbuf_is_blank(p[j]); j++)
                    if (hyphens && p[j] == '-' && j + 1 < n) {
                        j++;
                        break;
                    }
                if (j > i) {
                    w = pdf_text_width(pdf, face, 1.0, p + i, j - i);
                    if (w > *word)
                        *word = w;
                }
                i = j;
            }
        }
        p += n;
        if (*p == '\n')
            p++;
    }
}

static void grid_measure(struct pdf *pdf, struct grid *g)
{
    size_t r, c;

    if (g->measured)
        return;
    for (c = 0; c < g->ncols; c++) {
        struct grid_col *col = &g->cols[c];
        enum pdf_face face = cell_face(g, c);
        int wrap = (col->flags & GRID_WRAP) != 0;

        col->em = col->em_word = col->head_em = col->head_word = 0;
        for (r = 0; r < g->nrows; r++)
            measure(pdf, face, g->cells[r * g->ncols + c], 1, &col->em,
                    wrap ? &col->em_word : NULL);
        measure(pdf, g->head_face, col->heading, 0, &col->head_em,
                &col->head_word);
        if ((col->flags & GRID_SIGN) && col->em < GRID_SIGN_EM)
            col->em = GRID_SIGN_EM;
        if (!wrap)
            col->em_word = col->em;
    }
    g->measured = 1;
}

double grid_natural_width(struct pdf *pdf, struct grid *g, double size,
                          int wrap_heads)
{
    double total = 0;
    size_t c;

    grid_measure(pdf, g);
    for (c = 0; c < g->ncols; c++) {
        const struct grid_col *col = &g->cols[c];
        double h = wrap_heads ? col->head_word : col->head_em;
        total += (col->em > h ? col->em : h) * size + 2 * g->pad_x;
    }
    return total;
}

/*
 * Share extra width: the GRID_WRAP columns first, up to half as much again
 * as their text needs, then every column in proportion to its width.
 */
static void share_extra(struct grid *g, double extra, double size)
{
    double total = 0;
    size_t c;

    for (c = 0; c < g->ncols && extra > EPS; c++) {
        struct grid_col *col = &g->cols[c];
        double cap = col->em * size * 1.5 + 2 * g->pad_x, add;
        if (!(col->flags & GRID_WRAP) || col->width >= cap)
            continue;
        add = cap - col->width < extra ? cap - col->width : extra;
        col->width += add;
        extra -= add;
    }
    if (extra <= EPS)
        return;
    for (c = 0; c < g->ncols; c++)
        total += g->cols[c].width;
    for (c = 0; c < g->ncols && total > 0; c++)
        g->cols[c].width += extra * g->cols[c].width / total;
}

static double max2(double a, double b)
{
    return a > b ? a : b;
}

/*
 * How much narrower a GRID_WRAP column can get: down to its longest word,
 * or (forced) to a few characters, breaking words.
 */
static double slack(const struct grid *g, const struct grid_col *col,
                    double size, int force)
{
    double min = (force ? 2.0 : max2(col->em_word, col->head_word)) * size +
                 2 * g->pad_x;

    if (!(col->flags & GRID_WRAP) || col->width <= min)
        return 0;
    return col->width - min;
}

/*
 * Widen the columns whose heading wraps back to a whole heading, those
 * that need least first, within extra points; returns what was used.
 */
static double whole_headings(struct grid *g, double extra, double size)
{
    double used = 0;
    size_t c;

    for (;;) {
        size_t best = g->ncols;
        double best_d = 0;
        for (c = 0; c < g->ncols; c++) {
            struct grid_col *col = &g->cols[c];
            double d =
                max2(col->em, col->head_em) * size + 2 * g->pad_x - col->width;
            if (d > EPS && d <= extra - used + EPS &&
                (best == g->ncols || d < best_d)) {
                best = c;
                best_d = d;
            }
        }
        if (best == g->ncols)
            return used;
        g->cols[best].width += best_d;
        used += best_d;
    }
}

/*
 * Try to fit at one size; 0 on success.  Without may_wrap, no column wraps
 * its cells (step 3 is not tried).
 */
static int fit_at(struct grid *g, double width, double size, int force,
                  int may_wrap)
{
    double total = 0, give = 0, extra;
    size_t c;

    /* 1: everything on one line. */
    for (c = 0; c < g->ncols; c++) {
        struct grid_col *col = &g->cols[c];
        col->width = max2(col->em, col->head_em) * size + 2 * g->pad_x;
        total += col->width;
    }
    if (total <= width + EPS) {
        share_extra(g, width - total, size);
        return 0;
    }
    /* 2: headings wrap at blanks; what is left goes first to the headings
       that need least to be whole again ("Ст. №" before "Рік
       народження"), then as share_extra() says. */
    total = 0;
    for (c = 0; c < g->ncols; c++) {
        struct grid_col *col = &g->cols[c];
        col->width = max2(col->em, col->head_word) * size + 2 * g->pad_x;
        total += col->width;
    }
    if (total <= width + EPS) {
        share_extra(g, width - total - whole_headings(g, width - total, size),
                    size);
        return 0;
    }
    if (!may_wrap)
        return -1;
    /* 3: the GRID_WRAP columns give way down to their longest word, and a
       little more to keep short headings whole. */
    for (c = 0; c < g->ncols; c++)
        give += slack(g, &g->cols[c], size, force);
    if (total - give > width + EPS)
        return -1;
    extra = whole_headings(g, (give - (total - width)) * 0.2, size);
    for (c = 0; c < g->ncols; c++)
        g->cols[c].width -=
            slack(g, &g->cols[c], size, force) * (total + extra - width) / give;
    return 0;
}

int grid_fit(struct pdf *pdf, struct grid *g, double width, double max_size,
             double min_size)
{
    double size;

    grid_measure(pdf, g);
    /* A slightly smaller type reads better than names broken in two. */
    for (size = max_size;
         size >= max_size - GRID_NOWRAP_STEPS * 0.5 - EPS &&
         size >= min_size - EPS;
         size -= 0.5)
        if (!fit_at(g, width, size, 0, 0)) {
            g->size = size;
            return 0;
        }
    for (size = max_size; size >= min_size - EPS; size -= 0.5)
        if (!fit_at(g, width, size, 0, 1)) {
            g->size = size;
            return 0;
        }
    /* The last resort: long words in names break between letters. */
    g->size = min_size;
    return fit_at(g, width, min_size, 1, 1);
}

/* ---- grids: drawing ---- */

/* How one cell is set: its size, face and lines. */
struct cell_set {
    enum pdf_face face;
    double size;
    int sub; /* lines after the first are GRID_SUB_SCALE smaller */
    struct pdf_span *spans;
    size_t n, alloc;
};

/* Split s at new lines only. */
static size_t split_lines(const char *s, struct cell_set *cs)
{
    size_t off = 0;

    cs->n = 0;
    for (;;) {
        const char *nl = strchr(s + off, '\n');
        size_t len = nl ? (size_t)(nl - s - off) : strlen(s + off);
        ALLOC_GROW(cs->spans, cs->n + 1, cs->alloc);
        cs->spans[cs->n].off = off;
        cs->spans[cs->n].len = len;
        cs->n++;
        if (!nl)
            break;
        off += len + 1;
    }
    return cs->n;
}

/* Set the text of a cell in its column: shrink or wrap when too wide. */
static void set_cell(struct pdf *pdf, const struct grid *g, size_t c,
                     const char *s, int heading, struct cell_set *cs)
{
    const struct grid_col *col = &g->cols[c];
    double avail = col->width - 2 * g->pad_x;

    cs->face = heading ? g->head_face : cell_face(g, c);
    cs->size = g->size;
    cs->sub = !heading && (col->flags & GRID_SUBLINE);
    if (!heading && !(col->flags & GRID_WRAP)) {
        split_lines(s, cs);
        return;
    }
    if (!heading && !strchr(s, '\n')) {
        double w = pdf_text_width(pdf, cs->face, cs->size, s, (size_t)-1);
        if (w > avail + EPS && w * SHRINK_LIMIT <= avail) {
            /* A little smaller rather than on two lines. */
            cs->size = cs->size * avail / w;
            cs->size = (double)(long)(cs->size * 10) / 10;
            split_lines(s, cs);
            return;
        }
    }
    cs->n = pdf_wrap(pdf, cs->face, cs->size, s, avail + EPS, &cs->spans,
                     &cs->alloc);
}

/* Height of line k of a cell, and the size of its text. */
static double line_lead(const struct grid *g, const struct cell_set *cs,
                        size_t k)
{
    return g->size * LAYOUT_LEADING * (k && cs->sub ? GRID_SUB_SCALE : 1);
}

static double line_size(const struct cell_set *cs, size_t k)
{
    return cs->size * (k && cs->sub ? GRID_SUB_SCALE : 1);
}

static double cell_height(const struct grid *g, const struct cell_set *cs)
{
    double h = 0;
    size_t k;

    for (k = 0; k < cs->n; k++)
        h += line_lead(g, cs, k);
    return h;
}

/* Lay out row r ((size_t)-1: the header row); returns its height. */
static double set_row(struct pdf *pdf, const struct grid *g, size_t r,
                      struct cell_set *sets)
{
    double h = g->size * LAYOUT_LEADING;
    size_t c;

    for (c = 0; c < g->ncols; c++) {
        const char *s =
            r == (size_t)-1 ? g->cols[c].heading : g->cells[r * g->ncols + c];
        double ch;
        set_cell(pdf, g, c, s, r == (size_t)-1, &sets[c]);
        ch = cell_height(g, &sets[c]);
        if (ch > h)
            h = ch;
    }
    return h + 2 * g->pad_y;
}

static void draw_row(struct pdf *pdf, const struct grid *g, size_t r,
                     const struct cell_set *sets, double x0, double top,
                     double height)
{
    double x = x0;
    size_t c, i;

    for (c = 0; c < g->ncols; c++) {
        const struct grid_col *col = &g->cols[c];
        const struct cell_set *cs = &sets[c];
        const char *s =
            r == (size_t)-1 ? col->heading : g->cells[r * g->ncols + c];
        double y = top + (height - cell_height(g, cs)) / 2;
        struct text_style st;

        if (r != (size_t)-1 && g->shade[r * g->ncols + c])
            pdf_fill_rect(pdf, x, top, col->width, height, 0.8);
        st.face = cs->face;
        st.align = r == (size_t)-1 ? ALIGN_CENTRE : col->align;
        for (i = 0; i < cs->n; i++) {
            const struct pdf_span *sp = &cs->spans[i];
            double avail = col->width - 2 * g->pad_x;
            double lead = line_lead(g, cs, i);
            st.size = line_size(cs, i);
            pdf_text(
                pdf, cs->face, st.size,
                aligned_x(pdf, &st, s + sp->off, sp->len, x + g->pad_x, avail),
                baseline(pdf, cs->face, st.size, lead, y), s + sp->off,
                sp->len);
            y += lead;
        }
        x += col->width;
    }
}

/* The vertical rules of a block of rows, and its bottom line. */
static void close_block(struct pdf *pdf, const struct grid *g, double x0,
                        double top, double bottom)
{
    double x = x0;
    size_t c;

    for (c = 0; c < g->ncols; c++)
        x += g->cols[c].width;
    pdf_line(pdf, x0, bottom, x, bottom, g->line_width);
    x = x0;
    pdf_line(pdf, x, top, x, bottom, g->line_width);
    for (c = 0; c < g->ncols; c++) {
        x += g->cols[c].width;
        pdf_line(pdf, x, top, x, bottom, g->line_width);
    }
}

static double start_block(struct flow *f, const struct grid *g,
                          struct cell_set *head, double head_h, double x0,
                          double total)
{
    double top = f->y;

    pdf_fill_rect(f->pdf, x0, top, total, head_h, 0.9);
    draw_row(f->pdf, g, (size_t)-1, head, x0, top, head_h);
    pdf_line(f->pdf, x0, top, x0 + total, top, g->line_width);
    pdf_line(f->pdf, x0, top + head_h, x0 + total, top + head_h, g->line_width);
    f->y = top + head_h;
    return top;
}

/* Height of rows from..nrows-1. */
static double rows_height(struct pdf *pdf, const struct grid *g, size_t from,
                          struct cell_set *sets)
{
    double h = 0;
    size_t r;

    for (r = from; r < g->nrows; r++)
        h += set_row(pdf, g, r, sets);
    return h;
}

double grid_start_height(struct flow *f, struct grid *g)
{
    struct cell_set *sets = xcalloc(g->ncols ? g->ncols : 1, sizeof(*sets));
    double head_h = set_row(f->pdf, g, (size_t)-1, sets), h = head_h, all;
    size_t c;

    if (g->nrows)
        h += set_row(f->pdf, g, 0, sets);
    if (g->keep_tail > 0 && g->keep_rows && g->nrows <= g->keep_rows) {
        all = head_h + rows_height(f->pdf, g, 0, sets) + g->keep_tail;
        if (all <= f->box.bottom - f->page_top)
            h = all;
    }
    for (c = 0; c < g->ncols; c++)
        free(sets[c].spans);
    free(sets);
    return h;
}

void grid_draw(struct flow *f, struct grid *g)
{
    struct cell_set *head = xcalloc(g->ncols ? g->ncols : 1, sizeof(*head));
    struct cell_set *sets = xcalloc(g->ncols ? g->ncols : 1, sizeof(*sets));
    double total = 0, x0, head_h, top, width, tail_h = 0;
    size_t r, c, tail_from, page_first = 0;

    for (c = 0; c < g->ncols; c++)
        total += g->cols[c].width;
    head_h = set_row(f->pdf, g, (size_t)-1, head);
    tail_from = g->nrows > g->keep_rows ? g->nrows - g->keep_rows : 0;
    if (g->keep_tail > 0 && g->keep_rows)
        tail_h = rows_height(f->pdf, g, tail_from, sets) + g->keep_tail;
    flow_need(f, grid_start_height(f, g));
    width = f->box.right - f->box.left;
    x0 = f->box.left + (total < width ? (width - total) / 2 : 0);
    top = start_block(f, g, head, head_h, x0, total);
    for (r = 0; r < g->nrows; r++) {
        double h = set_row(f->pdf, g, r, sets);
        /* Break before the last rows when they and what follows the grid
           do not fit here but do on a page of their own. */
        int keep = tail_h > 0 && r == tail_from && r > page_first &&
                   f->y + tail_h > f->box.bottom + EPS &&
                   head_h + tail_h <= f->box.bottom - f->page_top;
        if (keep || f->y + h > f->box.bottom + EPS) {
            close_block(f->pdf, g, x0, top, f->y);
            flow_new_page(f);
            width = f->box.right - f->box.left;
            x0 = f->box.left + (total < width ? (width - total) / 2 : 0);
            top = start_block(f, g, head, head_h, x0, total);
            page_first = r;
        }
        draw_row(f->pdf, g, r, sets, x0, f->y, h);
        f->y += h;
        if (r + 1 < g->nrows)
            pdf_line(f->pdf, x0, f->y, x0 + total, f->y, g->line_width);
    }
    close_block(f->pdf, g, x0, top, f->y);
    for (c = 0; c < g->ncols; c++) {
        free(head[c].spans);
        free(sets[c].spans);
    }
    free(head);
    free(sets);
}
