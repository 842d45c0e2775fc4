/* render/page: a document as PDF pages: the header with the event's
 * particulars on the first page and the running header on the others,
 * the table, the legend and notes, the signatures and the page numbers,
 * laid out with layout.h.
 * SPDX-License-Identifier: MIT
 */
#include "render/page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/doc.h"
#include "render/layout.h"
#include "util/i18n.h"
#include "util/num.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

/* A document being laid out on PDF pages. */
struct page {
    struct doc *d;
    struct pdf *pdf;
    struct flow flow;
    struct grid grid; /* the document's sheet */

    /* Styles from [text]. */
    struct text_style body, title_style, heading, small, small_bold;
    enum pdf_face table_face, table_head_face;
    double table_size, table_min_size;

    /* The running header, expanded and wrapped once for every page. */
    struct strbuf running;
    struct pdf_span *running_spans;
    size_t running_n, running_alloc;
    int running_ready;

    /* The forms (DOC_PART_FORM): the page each starts on, from 0; the
       current one's text for its running header. */
    size_t *form_first;
    size_t n_forms, forms_alloc;
    const char *form_text;
};

static void read_style(struct page *pg, const char *key, struct text_style *st)
{
    struct doc *d = pg->d;
    const struct template_entry *e = template_find(&d->tpl, "text", key);
    char face[32];
    double size = 0;
    const char *sp;

    st->face = PDF_SERIF;
    st->size = 10;
    st->align = ALIGN_LEFT;
    if (!e) {
        doc_str(d, "text", key);
        return;
    }
    sp = strchr(e->value, ' ');
    if (sp && (size_t)(sp - e->value) < sizeof(face)) {
        memcpy(face, e->value, (size_t)(sp - e->value));
        face[sp - e->value] = '\0';
        if (!pdf_face_parse(face, &st->face) &&
            !num_parse_decimal(sp + 1, ".,", &size) && size >= 4 &&
            size <= 72) {
            st->size = size;
            return;
        }
    }
    diag_error(d->dl, e->file, e->line, 0,
               "'%s' wants a face and a size, as 'serif 12' (faces: serif, "
               "serif-bold, sans, sans-bold; sizes 4 to 72), not '%s'",
               key, e->value);
    doc_template_failed(d, ERR_PARSE);
}

/* ---- the parts of a page ---- */

/*
 * Drop blanks and separators (". , ; : — –") from both ends: what is left
 * of "{event_section}. {document}" when one of them is empty.
 */
static void trim_separators(struct strbuf *sb)
{
    static const char *const seps[] = {" ", ".", ",", ";", ":", "—", "–"};
    size_t start = 0, i;
    int again = 1;

    while (again) {
        again = 0;
        for (i = 0; i < sizeof(seps) / sizeof(seps[0]); i++) {
            size_t n = strlen(seps[i]);
            if (sb->len - start >= n && !memcmp(sb->buf + start, seps[i], n)) {
                start += n;
                again = 1;
            }
            if (sb->len - start >= n &&
                !memcmp(sb->buf + sb->len - n, seps[i], n)) {
                strbuf_setlen(sb, sb->len - n);
                again = 1;
            }
        }
    }
    if (start) {
        memmove(sb->buf, sb->buf + start, sb->len - start);
        strbuf_setlen(sb, sb->len - start);
    }
}

/* A centred paragraph of the template's section/key, unless empty. */
static void header_line(struct page *pg, const char *key,
                        const struct text_style *style)
{
    struct doc *d = pg->d;
    struct strbuf sb = STRBUF_INIT;
    struct text_style st = *style;

    st.align = ALIGN_CENTRE;
    if (!doc_expand(d, "header", key, NULL, 0, &sb)) {
        trim_separators(&sb);
        flow_text(&pg->flow, &st, sb.buf);
    }
    strbuf_release(&sb);
}

/* Lines of the running header at most; more end in "…". */
#define RUNNING_MAX_LINES 4

/*
 * Expand and wrap the running header once: every page of a document has
 * the same width, and a header made again on every page of a long
 * document is quadratic.  Returns 0 when there is none.
 */
static int prepare_running(struct page *pg, double width)
{
    struct doc *d = pg->d;
    struct strbuf sb = STRBUF_INIT;
    size_t n;

    if (pg->running_ready)
        return pg->running.len > 0;
    pg->running_ready = 1;
    if (doc_expand(d, "header", "running", NULL, 0, &sb)) {
        strbuf_release(&sb);
        return 0;
    }
    trim_separators(&sb);
    n = pdf_wrap(pg->pdf, pg->small.face, pg->small.size, sb.buf, width,
                 &pg->running_spans, &pg->running_alloc);
    if (n > RUNNING_MAX_LINES) {
        /* Cut the last line kept so that "…" fits after it. */
        const struct pdf_span *last = &pg->running_spans[RUNNING_MAX_LINES - 1];
        double room = width - pdf_text_width(pg->pdf, pg->small.face,
                                             pg->small.size, "…", (size_t)-1);
        size_t keep = pdf_fit(pg->pdf, pg->small.face, pg->small.size,
                              sb.buf + last->off, last->len, room);
        strbuf_setlen(&sb, last->off + keep);
        strbuf_rtrim(&sb);
        strbuf_addstr(&sb, "…");
        n = pdf_wrap(pg->pdf, pg->small.face, pg->small.size, sb.buf, width,
                     &pg->running_spans, &pg->running_alloc);
    }
    pg->running_n = n;
    strbuf_release(&pg->running);
    pg->running = sb; /* takes the text */
    return 1;
}

/* The running header of every page after the first. */
static void running_header(struct flow *f, void *ctx)
{
    struct page *pg = ctx;
    double h;

    if (!prepare_running(pg, f->box.right - f->box.left))
        return;
    h = layout_spans_at(f, &pg->small, pg->running.buf, pg->running_spans,
                        pg->running_n, f->box.left, f->y,
                        f->box.right - f->box.left);
    f->y += h + pg->small.size * 0.6;
    if (pg->form_text && *pg->form_text) {
        /* The form's own line: "від команди: Львівська область". */
        h = layout_text_at(f, &pg->small_bold, pg->form_text, f->box.left,
                           f->y, f->box.right - f->box.left);
        f->y += h + pg->small.size * 0.6;
    }
}

static enum pdf_orientation orientation(struct page *pg, struct grid *g)
{
    struct doc *d = pg->d;
    static const char *const words[] = {"auto", "portrait", "landscape", NULL};
    struct pdf_box b;
    int v;

    doc_template_failed(d, template_choice(&d->tpl, "page", "orientation",
                                           words, 0, &v, d->dl));
    if (v == 1)
        return PDF_PORTRAIT;
    if (v == 2 || d->err || !g)
        return PDF_LANDSCAPE;
    pdf_box_for(pg->pdf, PDF_PORTRAIT, &b);
    if (grid_natural_width(pg->pdf, g, pg->table_size, 1) <= b.right - b.left)
        return PDF_PORTRAIT;
    return PDF_LANDSCAPE;
}

static void begin(struct page *pg, enum pdf_orientation o)
{
    struct doc *d = pg->d;
    struct strbuf place = STRBUF_INIT, dates = STRBUF_INIT;
    struct text_style st;
    int no_place, no_dates;
    double width, lead;

    flow_init(&pg->flow, pg->pdf, o);
    pg->flow.on_page = running_header;
    pg->flow.ctx = pg;
    flow_new_page(&pg->flow);
    if (d->err)
        return;

    header_line(pg, "organiser", &pg->heading);
    st = pg->title_style;
    st.align = ALIGN_CENTRE;
    flow_space(&pg->flow, pg->body.size * 0.3);
    flow_text(&pg->flow, &st, d->title.buf);
    if (d->subtitle.len) {
        st = pg->body;
        st.align = ALIGN_CENTRE;
        flow_text(&pg->flow, &st, d->subtitle.buf);
    }
    flow_space(&pg->flow, pg->body.size * 0.3);
    header_line(pg, "event", &pg->heading);
    header_line(pg, "section", &pg->body);
    header_line(pg, "details", &pg->body);
    flow_space(&pg->flow, pg->body.size * 0.4);

    /* Place on the left and dates on the right of one line when they fit. */
    no_place = doc_expand(d, "header", "place", NULL, 0, &place);
    no_dates = doc_expand(d, "header", "dates", NULL, 0, &dates);
    width = pg->flow.box.right - pg->flow.box.left;
    lead = pg->body.size * LAYOUT_LEADING;
    if (!no_place && !no_dates &&
        pdf_text_width(pg->pdf, pg->body.face, pg->body.size, place.buf,
                       place.len) +
                pdf_text_width(pg->pdf, pg->body.face, pg->body.size, dates.buf,
                               dates.len) +
                2 * pg->body.size <=
            width) {
        st = pg->body;
        layout_text_at(&pg->flow, &st, place.buf, pg->flow.box.left, pg->flow.y,
                       width);
        st.align = ALIGN_RIGHT;
        layout_text_at(&pg->flow, &st, dates.buf, pg->flow.box.left, pg->flow.y,
                       width);
        pg->flow.y += lead;
    } else {
        st = pg->body;
        if (!no_place)
            flow_text(&pg->flow, &st, place.buf);
        if (!no_dates)
            flow_text(&pg->flow, &st, dates.buf);
    }
    strbuf_reset(&place);
    if (!doc_expand(d, "header", "time-control", NULL, 0, &place)) {
        st = pg->body;
        flow_text(&pg->flow, &st, place.buf);
    }
    flow_space(&pg->flow, pg->body.size * 0.6);
    strbuf_release(&place);
    strbuf_release(&dates);
}

static void draw_table(struct page *pg, struct grid *g)
{
    struct doc *d = pg->d;
    double width = pg->flow.box.right - pg->flow.box.left;

    if (d->err)
        return;
    if (grid_fit(pg->pdf, g, width, pg->table_size, pg->table_min_size)) {
        doc_fail(d, ERR_RENDER,
                 "the %s (%zu columns) is too wide for the page even at %g pt",
                 d->n_parts                      ? _("table")
                 : strcmp(d->kind, "crosstable") ? _("ranking table")
                                                 : _("cross table"),
                 g->ncols, pg->table_min_size);
        return;
    }
    grid_draw(&pg->flow, g);
}

static void legend(struct page *pg, const struct doc_lines *lines)
{
    struct doc *d = pg->d;
    double lead = pg->small.size * LAYOUT_LEADING;
    const char *heading;
    size_t i;

    if (!lines->nr || d->err)
        return;
    heading = doc_str(d, "legend", "heading");
    flow_space(&pg->flow, pg->small.size);
    flow_need(&pg->flow, 2 * lead);
    if (*heading)
        flow_text(&pg->flow, &pg->small_bold, heading);
    for (i = 0; i < lines->nr; i++)
        flow_text(&pg->flow, &pg->small, lines->items[i].buf);
}

static void notes(struct page *pg)
{
    struct doc *d = pg->d;
    size_t i;

    if (!d->dc->n_notes || d->err)
        return;
    flow_space(&pg->flow, pg->small.size);
    for (i = 0; i < d->dc->n_notes; i++)
        flow_text(&pg->flow, &pg->small, d->dc->notes[i]);
}

/* The signatories: position lines, names, heights. */
struct signatures {
    struct strbuf position[2], name[2];
    struct strbuf date; /* "Дата складання: 09.06.2023", or empty */
    double height[2];
    double total; /* of the block, without the space above it */
    int side;     /* [signatures] side-by-side: both on one line */
    double width; /* of one signature */
};

/* Signatures are set in these shares of the width: position, line. */
#define SIGN_POSITION 0.45
#define SIGN_LINE     0.22

/* Height of a signatory's position wrapped to its share of the width. */
static double sign_height_in(struct page *pg, const char *position,
                             double width)
{
    return flow_text_height(&pg->flow, &pg->body, position,
                            width * SIGN_POSITION - pg->body.size);
}

static double sign_height(struct page *pg, const char *position)
{
    return sign_height_in(pg, position,
                          pg->flow.box.right - pg->flow.box.left);
}

/*
 * One signature at the cursor: the position (height tall) on the left,
 * the line to sign on level with its last line (ДСТУ 4163:2020), then
 * the name; the cursor goes below it with the gap between signatures.
 */
static void draw_sign_in(struct page *pg, const char *position,
                         const char *name, double height, double x,
                         double width)
{
    double lead = pg->body.size * LAYOUT_LEADING, gap = 1.6 * lead;
    double wpos = width * SIGN_POSITION, wline = width * SIGN_LINE;
    double y = pg->flow.y, last;

    layout_text_at(&pg->flow, &pg->body, position, x, y,
                   wpos - pg->body.size);
    last = y + height - lead;
    pdf_line(pg->pdf, x + wpos, last + lead * 0.8, x + wpos + wline,
             last + lead * 0.8, 0.5);
    layout_text_at(&pg->flow, &pg->body, name,
                   x + wpos + wline + pg->body.size, last,
                   width - wpos - wline - pg->body.size);
    pg->flow.y = y + height + gap;
}

static void draw_sign(struct page *pg, const char *position, const char *name,
                      double height)
{
    draw_sign_in(pg, position, name, height, pg->flow.box.left,
                 pg->flow.box.right - pg->flow.box.left);
}

static void signatures_prepare(struct page *pg, struct signatures *sg)
{
    struct doc *d = pg->d;
    static const char *const keys[2] = {"arbiter", "secretary"};
    const struct doc_context *dc = d->dc;
    const char *names[2], *positions[2];
    double width = pg->flow.box.right - pg->flow.box.left;
    double gap = 1.6 * pg->body.size * LAYOUT_LEADING;
    int i;

    names[0] = dc->chief_arbiter;
    names[1] = dc->chief_secretary;
    positions[0] = dc->chief_arbiter_position;
    positions[1] = dc->chief_secretary_position;
    sg->total = 0;
    /* Side by side where the page is short of room (a bracket). */
    sg->side = doc_flag(d, "signatures", "side-by-side", 0);
    sg->width = sg->side ? (width - 2 * pg->body.size) / 2 : width;
    for (i = 0; i < 2; i++) {
        strbuf_init(&sg->position[i], 0);
        strbuf_init(&sg->name[i], 0);
        doc_sign_title(d, keys[i], positions[i], &sg->position[i]);
        doc_official_name(&sg->name[i], names[i]);
        sg->height[i] = sign_height_in(pg, sg->position[i].buf, sg->width);
        if (!sg->side)
            sg->total += sg->height[i] + (i ? gap : 0);
        else if (sg->height[i] > sg->total)
            sg->total = sg->height[i];
    }
    strbuf_init(&sg->date, 0);
    if (date_valid(&dc->compiled) || d->ro->created >= 0) {
        /* The day the document is compiled (event.ini's, a section's last
           day), else the day it was made, in Kyiv's calendar (UTC is near
           enough: documents are made in the day). */
        struct date day;
        struct strbuf text = STRBUF_INIT;
        struct template_var v = {"date", NULL};
        if (date_valid(&dc->compiled))
            day = dc->compiled;
        else
            date_from_days(&day, (long)(d->ro->created / 86400));
        date_format_ua(&text, &day);
        v.value = text.buf;
        if (!doc_expand(d, "signatures", "date", &v, 1, &sg->date) &&
            sg->date.len)
            sg->total += gap + flow_text_height(&pg->flow, &pg->body,
                                                sg->date.buf, width);
        else
            strbuf_reset(&sg->date);
        strbuf_release(&text);
    }
}

static void signatures_release(struct signatures *sg)
{
    int i;

    for (i = 0; i < 2; i++) {
        strbuf_release(&sg->position[i]);
        strbuf_release(&sg->name[i]);
    }
    strbuf_release(&sg->date);
}

static void signatures(struct page *pg)
{
    struct doc *d = pg->d;
    struct signatures sg;
    double lead = pg->body.size * LAYOUT_LEADING;
    int i;

    if (d->err)
        return;
    signatures_prepare(pg, &sg);
    /* Two lines above the signatures, fewer rather than a page of only
       signatures. */
    if (flow_room(&pg->flow) >= sg.total + 2 * lead)
        flow_space(&pg->flow, 2 * lead);
    else if (flow_room(&pg->flow) >= sg.total + 0.6 * lead)
        flow_space(&pg->flow, flow_room(&pg->flow) - sg.total);
    else
        flow_need(&pg->flow, sg.total);
    if (sg.side) {
        double y0 = pg->flow.y, most = 0;
        for (i = 0; i < 2; i++) {
            pg->flow.y = y0;
            draw_sign_in(pg, sg.position[i].buf, sg.name[i].buf, sg.height[i],
                         pg->flow.box.left +
                             i * (sg.width + 2 * pg->body.size),
                         sg.width);
            if (pg->flow.y > most)
                most = pg->flow.y;
        }
        pg->flow.y = most;
    } else {
        for (i = 0; i < 2; i++)
            draw_sign(pg, sg.position[i].buf, sg.name[i].buf, sg.height[i]);
    }
    if (sg.date.len)
        flow_text(&pg->flow, &pg->body, sg.date.buf);
    signatures_release(&sg);
}

/*
 * Height of what follows the table: the legend, the notes and the
 * signatures (with the least space above them).
 */
static double end_height(struct page *pg)
{
    struct doc *d = pg->d;
    double width = pg->flow.box.right - pg->flow.box.left;
    double lead = pg->small.size * LAYOUT_LEADING, h = 0;
    struct signatures sg;
    size_t i;

    if (d->legend.nr) {
        h += pg->small.size + lead;
        for (i = 0; i < d->legend.nr; i++)
            h += flow_text_height(&pg->flow, &pg->small, d->legend.items[i].buf,
                                  width);
    }
    if (d->dc->n_notes) {
        h += pg->small.size;
        for (i = 0; i < d->dc->n_notes; i++)
            h +=
                flow_text_height(&pg->flow, &pg->small, d->dc->notes[i], width);
    }
    signatures_prepare(pg, &sg);
    h += sg.total + 0.6 * pg->body.size * LAYOUT_LEADING;
    signatures_release(&sg);
    return h;
}

/* ---- a document of parts ---- */

/* The parts' tables as grids (each takes its part's sheet over). */
static struct grid *parts_grids(struct page *pg)
{
    struct doc *d = pg->d;
    struct grid *g = xcalloc(d->n_parts + 1, sizeof(*g));
    size_t i;

    for (i = 0; i < d->n_parts; i++)
        if (d->parts[i].kind == DOC_PART_TABLE)
            grid_init_sheet(&g[i], &d->parts[i].sheet, pg->table_face,
                            pg->table_head_face);
    return g;
}

/* As orientation(), for the widest of the parts' tables. */
static enum pdf_orientation parts_orientation(struct page *pg,
                                              struct grid *g)
{
    struct doc *d = pg->d;
    size_t i, widest = d->n_parts;
    double w = -1;

    for (i = 0; i < d->n_parts; i++) {
        double x;
        if (d->parts[i].kind != DOC_PART_TABLE)
            continue;
        x = grid_natural_width(pg->pdf, &g[i], pg->table_size, 1);
        if (x > w) {
            w = x;
            widest = i;
        }
    }
    if (widest == d->n_parts) {
        struct grid none;
        struct sheet empty;
        enum pdf_orientation o;
        sheet_init(&empty, 1);
        grid_init_sheet(&none, &empty, pg->table_face, pg->table_head_face);
        o = orientation(pg, &none);
        grid_release(&none);
        return o;
    }
    return orientation(pg, &g[widest]);
}

/* The signatures from part i on: their height together. */
static double signs_height(struct page *pg, size_t i)
{
    struct doc *d = pg->d;
    double lead = pg->body.size * LAYOUT_LEADING, h = 0;

    for (; i < d->n_parts && d->parts[i].kind == DOC_PART_SIGN; i++)
        h += sign_height(pg, d->parts[i].text) + (h > 0 ? 1.6 * lead : 0);
    return h;
}

/*
 * The height of the parts after table i up to the next table or page
 * break: what its last rows go with, so that the signatures sign some of
 * the table.
 */
static double tail_height(struct page *pg, size_t i)
{
    struct doc *d = pg->d;
    double width = pg->flow.box.right - pg->flow.box.left;
    double lead = pg->body.size * LAYOUT_LEADING, h = 0;

    for (i++; i < d->n_parts; i++) {
        const struct doc_part *p = &d->parts[i];
        if (p->kind == DOC_PART_TABLE || p->kind == DOC_PART_PAGE ||
            p->kind == DOC_PART_FORM)
            break;
        if (p->kind == DOC_PART_SIGN) {
            h += signs_height(pg, i) + 1.5 * lead;
            while (i + 1 < d->n_parts && d->parts[i + 1].kind == DOC_PART_SIGN)
                i++;
        } else {
            h += flow_text_height(&pg->flow,
                                  p->kind == DOC_PART_SMALL   ? &pg->small
                                  : p->kind == DOC_PART_HEADING ? &pg->heading
                                                              : &pg->body,
                                  p->text, width) +
                 pg->body.size * 0.7;
        }
    }
    return h;
}

static void draw_parts(struct page *pg, struct grid *g)
{
    struct doc *d = pg->d;
    double lead = pg->body.size * LAYOUT_LEADING;
    size_t i;

    for (i = 0; i < d->n_parts && !d->err; i++) {
        const struct doc_part *p = &d->parts[i];
        struct text_style st = pg->body;
        switch (p->kind) {
        case DOC_PART_PAGE:
            flow_new_page(&pg->flow);
            break;
        case DOC_PART_FORM:
            /* A form starts a page: its text is for its next pages. */
            pg->form_text = NULL;
            if (i > 0)
                flow_new_page(&pg->flow);
            ALLOC_GROW(pg->form_first, pg->n_forms + 1, pg->forms_alloc);
            pg->form_first[pg->n_forms++] = pdf_page_count(pg->pdf) - 1;
            pg->form_text = p->text;
            break;
        case DOC_PART_HEADING:
            st = pg->heading;
            st.align = ALIGN_CENTRE;
            flow_space(&pg->flow, pg->body.size * 0.4);
            if (i + 1 < d->n_parts && d->parts[i + 1].kind == DOC_PART_TABLE &&
                !grid_fit(pg->pdf, &g[i + 1],
                          pg->flow.box.right - pg->flow.box.left,
                          pg->table_size, pg->table_min_size)) {
                /* A heading stays with the start of its table (a short
                   table with what follows it). */
                g[i + 1].keep_rows = 2;
                g[i + 1].keep_tail = tail_height(pg, i + 1);
                flow_need(&pg->flow,
                          flow_text_height(&pg->flow, &st, p->text,
                                           pg->flow.box.right -
                                               pg->flow.box.left) +
                              pg->body.size * 0.3 +
                              grid_start_height(&pg->flow, &g[i + 1]));
            } else {
                flow_need(&pg->flow, 3 * lead);
            }
            flow_text(&pg->flow, &st, p->text);
            flow_space(&pg->flow, pg->body.size * 0.3);
            break;
        case DOC_PART_CENTRE:
            st.align = ALIGN_CENTRE;
            flow_text(&pg->flow, &st, p->text);
            break;
        case DOC_PART_TEXT:
            flow_text(&pg->flow, &st, p->text);
            break;
        case DOC_PART_SMALL:
            flow_text(&pg->flow, &pg->small, p->text);
            break;
        case DOC_PART_TABLE:
            g[i].keep_rows = 2;
            g[i].keep_tail = tail_height(pg, i);
            draw_table(pg, &g[i]);
            flow_space(&pg->flow, pg->body.size * 0.6);
            break;
        case DOC_PART_SIGN:
            if (i == 0 || d->parts[i - 1].kind != DOC_PART_SIGN) {
                /* The signatures together, below a little space. */
                double h = signs_height(pg, i);
                if (flow_room(&pg->flow) >= h + 2 * lead)
                    flow_space(&pg->flow, 1.5 * lead);
                else
                    flow_need(&pg->flow, h);
            }
            draw_sign(pg, p->text, p->name, sign_height(pg, p->text));
            break;
        }
    }
}

/* "Сторінка N з M" on every page of a document of more than one page. */
static void page_numbers(struct page *pg)
{
    struct doc *d = pg->d;
    static const char *const when_words[] = {"never", "multi", "always", NULL};
    static const char *const pos_words[] = {"bottom", "top", NULL};
    size_t n = pdf_page_count(pg->pdf), i;
    char num[24], total[24];
    struct template_var v[2];
    int when, pos;

    doc_template_failed(d, template_choice(&d->tpl, "page-numbers", "when",
                                           when_words, 1, &when, d->dl));
    doc_template_failed(d, template_choice(&d->tpl, "page-numbers", "position",
                                           pos_words, 0, &pos, d->dl));
    if (d->err || !when)
        return;
    v[0].name = "n";
    v[0].value = num;
    v[1].name = "m";
    v[1].value = total;
    for (i = 0; i < n; i++) {
        struct strbuf sb = STRBUF_INIT;
        struct text_style st = pg->small;
        struct pdf_box b;
        double w, h, y;
        size_t first = 0, end = n, k;

        /* Numbered within its form, when the document has forms. */
        for (k = 0; k < pg->n_forms; k++) {
            if (pg->form_first[k] <= i)
                first = pg->form_first[k];
            else {
                end = pg->form_first[k];
                break;
            }
        }
        if (when == 1 && end - first < 2)
            continue;
        snprintf(total, sizeof(total), "%zu", end - first);
        snprintf(num, sizeof(num), "%zu", i - first + 1);
        doc_expand(d, "page-numbers", "format", v, 2, &sb);
        pdf_select_page(pg->pdf, i);
        pdf_content_box(pg->pdf, &b);
        pdf_page_size(pg->pdf, &w, &h);
        st.align = ALIGN_CENTRE;
        y = pos ? (b.top - st.size * LAYOUT_LEADING) / 2
                : b.bottom +
                      (pdf_margin_bottom(pg->pdf) - st.size * LAYOUT_LEADING) /
                          2;
        layout_text_at(&pg->flow, &st, sb.buf, b.left, y, b.right - b.left);
        strbuf_release(&sb);
    }
}

/* Read the styles and the page from the templates and start the PDF. */
static void page_open(struct page *pg, struct doc *d)
{
    static const char *const face_keys[PDF_N_FACES] = {"serif", "serif-bold",
                                                       "sans", "sans-bold"};
    struct pdf_options po;
    /* The page's size and margins in millimetres. */
    const struct {
        const char *key;
        double def, min, max;
        double *out;
    } sizes[] = {
        {"width", 210, 50, 2000, &po.page_width},
        {"height", 297, 50, 2000, &po.page_height},
        {"margin-left", 30, 0, 200, &po.margin_left},
        {"margin-right", 10, 0, 200, &po.margin_right},
        {"margin-top", 20, 0, 200, &po.margin_top},
        {"margin-bottom", 20, 0, 200, &po.margin_bottom},
    };
    struct strbuf title = STRBUF_INIT;
    const char *v;
    int i;

    memset(pg, 0, sizeof(*pg));
    memset(&po, 0, sizeof(po));
    pg->d = d;
    strbuf_init(&pg->running, 0);
    read_style(pg, "body", &pg->body);
    read_style(pg, "title", &pg->title_style);
    read_style(pg, "heading", &pg->heading);
    read_style(pg, "small", &pg->small);
    pg->small_bold = pg->small;
    pg->small_bold.face = pdf_face_bold(pg->small.face);
    {
        struct text_style tb;
        read_style(pg, "table", &tb);
        pg->table_face = tb.face;
        pg->table_head_face = pdf_face_bold(tb.face);
        pg->table_size = tb.size;
    }
    doc_template_failed(d, template_number(&d->tpl, "text", "table-min-size", 6,
                                           4, 72, &pg->table_min_size, d->dl));
    if (pg->table_min_size > pg->table_size)
        pg->table_min_size = pg->table_size;

    po.font_dir = d->ro->fonts_dir;
    for (i = 0; i < PDF_N_FACES; i++)
        po.font_files[i] = doc_str(d, "fonts", face_keys[i]);
    for (i = 0; i < (int)(sizeof(sizes) / sizeof(sizes[0])); i++)
        doc_template_failed(d,
                            template_number(&d->tpl, "page", sizes[i].key,
                                            sizes[i].def, sizes[i].min,
                                            sizes[i].max, sizes[i].out, d->dl));
    if (d->err)
        goto out;
    po.page_width = PDF_MM(po.page_width);
    po.page_height = PDF_MM(po.page_height);
    po.margin_left = PDF_MM(po.margin_left);
    po.margin_right = PDF_MM(po.margin_right);
    po.margin_top = PDF_MM(po.margin_top);
    po.margin_bottom = PDF_MM(po.margin_bottom);
    po.created = d->ro->created;
    strbuf_addstr(&title, d->title.buf);
    v = d->dc->event_title;
    if (v && *v)
        strbuf_addf(&title, ". %s", d->event_section.buf);
    po.title = title.buf;
    po.creator = "Sekretar " SEKRETAR_VERSION;
    pg->pdf = pdf_new(&po);
out:
    strbuf_release(&title);
}

static void page_close(struct page *pg)
{
    grid_release(&pg->grid);
    flow_release(&pg->flow);
    pdf_free(pg->pdf);
    strbuf_release(&pg->running);
    free(pg->running_spans);
    free(pg->form_first);
}

enum err page_write_pdf(struct doc *d, const char *path)
{
    struct page pg;
    enum err e;

    if (d->err)
        return d->err;
    page_open(&pg, d);
    if (!d->err && d->n_parts) {
        struct grid *g = parts_grids(&pg);
        size_t i;
        begin(&pg, parts_orientation(&pg, g));
        draw_parts(&pg, g);
        for (i = 0; i < d->n_parts; i++)
            if (d->parts[i].kind == DOC_PART_TABLE)
                grid_release(&g[i]);
        free(g);
    } else if (!d->err && d->draw) {
        begin(&pg, orientation(&pg, NULL));
        if (!d->err)
            d->draw(d, &pg.flow, end_height(&pg));
        legend(&pg, &d->legend);
        notes(&pg);
        signatures(&pg);
    } else if (!d->err) {
        grid_init_sheet(&pg.grid, &d->sheet, pg.table_face, pg.table_head_face);
        begin(&pg, orientation(&pg, &pg.grid));
        /* The last rows of the table go with the end of the document:
           signatures always sign some of the table. */
        pg.grid.keep_tail = end_height(&pg);
        pg.grid.keep_rows = 3;
        draw_table(&pg, &pg.grid);
        legend(&pg, &d->legend);
        notes(&pg);
        signatures(&pg);
    }
    if (!d->err)
        page_numbers(&pg);
    if (!d->err) {
        e = pdf_save(pg.pdf, path, d->dl);
        if (e && !d->err)
            d->err = e;
    }
    page_close(&pg);
    return d->err;
}
