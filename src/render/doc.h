/* render/doc: a document being made, in no particular format: its
 * templates (common.ini, then the document's own), the placeholders every
 * template may use, its table (a sheet) and its legend.  The PDF pages
 * are page.h's; the columns about the players are columns.h's.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_DOC_H
#define RENDER_DOC_H

#include <stddef.h>

#include "render/render.h"
#include "render/sheet.h"
#include "render/template.h"
#include "render/wording.h"
#include "util/strbuf.h"

/* Lines of text gathered for a legend. */
struct doc_lines {
    struct strbuf *items;
    size_t nr, alloc;
};
#define DOC_LINES_INIT                                                         \
    {                                                                          \
        NULL, 0, 0                                                             \
    }

/*
 * A part of a document made of parts (the mandate commission's forms:
 * several tables, paragraphs and signatures) rather than of one table.
 */
enum doc_part_kind {
    DOC_PART_PAGE,    /* start a new page */
    DOC_PART_HEADING, /* a centred line in the heading style */
    DOC_PART_CENTRE,  /* a centred paragraph of body text */
    DOC_PART_TEXT,    /* a paragraph of body text */
    DOC_PART_SMALL,   /* a paragraph of small text */
    DOC_PART_TABLE,   /* a table: the part's sheet */
    DOC_PART_SIGN,    /* a signature: position, the line, the name */
    /* A form of its own within the document (a region's named entry): it
       starts a page (but at the document's start), its pages are
       numbered apart ("Сторінка 1 з 2"), and its text is under the
       running header of its pages after the first. */
    DOC_PART_FORM
};

struct doc_part {
    enum doc_part_kind kind;
    char *text; /* the paragraph, or the signatory's position */
    char *name; /* DOC_PART_SIGN: "Ім'я ПРІЗВИЩЕ", or "" to fill in */
    struct sheet sheet;
};

/* A document being made. */
struct doc {
    const struct doc_context *dc;
    const struct render_options *ro;
    struct diag_list *dl;
    const char *kind; /* "ranking": templates/ranking.ini */
    enum err err;     /* the first error; later steps do nothing */

    struct template tpl; /* common.ini, then KIND.ini */

    /* Placeholders every template may use. */
    struct strbuf dates, place, event_section, title, subtitle;
    struct strbuf details; /* the event's rank, age group, order */
    char rounds[24], players[24];
    struct template_var vars[13];
    size_t n_vars;

    /* The document's table and its legend lines: the document's own (the
       marks of a cross table), then the columns' (columns.h). */
    struct sheet sheet;
    struct doc_lines legend;

    /* A document of parts (doc_add_*()): when there are any, the pages
       show them in order after the header, instead of the sheet, the
       legend and the arbiters' signatures. */
    struct doc_part *parts;
    size_t n_parts, parts_alloc;

    /* A document drawn rather than tabulated (the bracket): called on the
       PDF pages in place of the table, after the first page's header, with
       the flow (struct flow, layout.h) and the height that the legend, the
       notes and the signatures need after it; it may start pages. */
    void (*draw)(struct doc *d, void *flow, double tail);
    void *draw_arg;
};

/*
 * Load templates/common.ini and templates/KIND.ini and fill the
 * placeholders.  The document's title and subtitle are the keys given of
 * [document] (the subtitle's {round} is filled for an interim document).
 * Check d->err afterwards (and always doc_close()).
 */
void doc_open(struct doc *d, const char *kind, const char *title_key,
              const char *subtitle_key, const struct doc_context *dc,
              const struct render_options *ro, struct diag_list *dl);
void doc_close(struct doc *d);

/* Record an error (the first one wins for d->err; all go to dl). */
void doc_fail(struct doc *d, enum err e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Record an error that the template_*() functions already reported. */
void doc_template_failed(struct doc *d, enum err e);

/*
 * 1 when a document reads section/key of the templates: the document kind
 * ("ranking"), or any document when kind is NULL (common.ini).
 */
int doc_key_known(const char *kind, const char *section, const char *key);

/*
 * The value of section/key from the templates, or "" and an error naming
 * the template file when no template has it.
 */
const char *doc_str(struct doc *d, const char *section, const char *key);
/* The same, or NULL without an error. */
const char *doc_opt(struct doc *d, const char *section, const char *key);
/*
 * Append section/key with its placeholders filled from the common ones and
 * extra.  Returns 1 when the text is to be left out (it had placeholders
 * and all were empty, or it is empty), else 0.
 */
int doc_expand(struct doc *d, const char *section, const char *key,
               const struct template_var *extra, size_t n_extra,
               struct strbuf *out);
/* A yes/no switch of the templates. */
int doc_flag(struct doc *d, const char *section, const char *key, int def);

/*
 * The title over a signature line: the role the position (as event.ini
 * writes it, may be NULL) gives, else [signatures] key of the templates
 * ("arbiter": "Головний суддя"), with its category by [signatures]
 * with-category: "Головний суддя, суддя національної категорії".
 */
void doc_sign_title(struct doc *d, const char *key, const char *position,
                    struct strbuf *out);
/* Add section/key expanded (doc_expand()), unless it is to be left out. */
void doc_lines_expand(struct doc *d, struct doc_lines *lines,
                      const char *section, const char *key,
                      const struct template_var *extra, size_t n_extra);
void doc_lines_release(struct doc_lines *lines);

/* Add a part of kind (not a table or a signature) with its text. */
void doc_add_text(struct doc *d, enum doc_part_kind kind, const char *text);
/* Add a table of ncols columns and return its sheet to fill. */
struct sheet *doc_add_table(struct doc *d, size_t ncols);
/* Add a signature: position, and name ("" for a line to fill in). */
void doc_add_sign(struct doc *d, const char *position, const char *name);

#endif
