/* render/pdf: PDF files through libharu: embedded TrueType fonts, pages,
 * measured UTF-8 text, lines.  The only file that includes hpdf.h.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_PDF_H
#define RENDER_PDF_H

#include <stddef.h>

#include "util/diag.h"

/*
 * Coordinates are in points (1/72 inch) and measured from the top-left
 * corner of the page; y grows downwards.  Text is UTF-8.
 *
 * Errors are sticky: the first failure (a font that cannot be read,
 * anything libharu refuses) is recorded with its category and message, every
 * later call does nothing, and pdf_save() reports it.  libharu never
 * longjmps or aborts: its error handler only records the error and detail
 * numbers.
 */
struct pdf;

/* The four faces a document may use. */
enum pdf_face {
    PDF_SERIF,
    PDF_SERIF_BOLD,
    PDF_SANS,
    PDF_SANS_BOLD,
    PDF_N_FACES
};

/* "serif", "serif-bold", "sans", "sans-bold"; -1 when unknown. */
int pdf_face_parse(const char *name, enum pdf_face *out);
/* The bold face of f (f itself when it is bold). */
enum pdf_face pdf_face_bold(enum pdf_face f);

enum pdf_orientation { PDF_PORTRAIT, PDF_LANDSCAPE };

/* Millimetres to points. */
#define PDF_MM(mm) ((mm)*72.0 / 25.4)

struct pdf_options {
    const char *font_dir;                /* where the .ttf files are */
    const char *font_files[PDF_N_FACES]; /* file names in font_dir */
    double page_width, page_height;      /* portrait, in points */
    /* Margins of a portrait page; a landscape page keeps the left margin
       (the binding edge) on its left. */
    double margin_left, margin_right, margin_top, margin_bottom;
    /* Creation date, seconds since 1970 UTC; negative: none recorded. */
    long long created;
    const char *title; /* document properties; UTF-8, may be NULL */
    const char *subject;
    const char *creator;
};

/* A new empty document; fonts are loaded when first used. */
struct pdf *pdf_new(const struct pdf_options *o);
void pdf_free(struct pdf *p);

/* 1 once something failed. */
int pdf_failed(const struct pdf *p);

/*
 * Write the document to path: under a temporary name, renamed on success,
 * so a failed render leaves no file.  Reports the sticky error, if any, or
 * the failure to write: ERR_RENDER (a font libharu cannot use, a size or a
 * text out of its range: the input's fault), ERR_INTERNAL (libharu failed
 * otherwise: a bug), ERR_NOINPUT (a font file is missing), ERR_CREATE /
 * ERR_IO (the file).
 */
enum err pdf_save(struct pdf *p, const char *path, struct diag_list *dl);

/* Pages. */

/* Add a page and make it current. */
void pdf_add_page(struct pdf *p, enum pdf_orientation o);
size_t pdf_page_count(const struct pdf *p);
/* Make page i (0-based) current again, to add page numbers at the end. */
void pdf_select_page(struct pdf *p, size_t i);

/* The current page's size and its area inside the margins. */
struct pdf_box {
    double left, top, right, bottom;
};
void pdf_page_size(const struct pdf *p, double *w, double *h);
void pdf_content_box(const struct pdf *p, struct pdf_box *b);
/* The same for a page of orientation o that does not exist yet. */
void pdf_box_for(const struct pdf *p, enum pdf_orientation o,
                 struct pdf_box *b);
/* The bottom margin (for page numbers). */
double pdf_margin_bottom(const struct pdf *p);

/* Measuring. */

/* Width of len bytes of s (a NUL-terminated s may pass (size_t)-1). */
double pdf_text_width(struct pdf *p, enum pdf_face f, double size,
                      const char *s, size_t len);
/* Height above and below the baseline, in points (both positive). */
double pdf_ascent(struct pdf *p, enum pdf_face f, double size);
double pdf_descent(struct pdf *p, enum pdf_face f, double size);
/*
 * The longest prefix of s (len bytes) not wider than width, in bytes; it
 * ends on a character boundary, so a UTF-8 character is never cut.
 */
size_t pdf_fit(struct pdf *p, enum pdf_face f, double size, const char *s,
               size_t len, double width);

/* One line of wrapped text: len bytes from off. */
struct pdf_span {
    size_t off, len;
};
/*
 * Break s into lines not wider than width: at explicit new lines, then at
 * blanks, after hyphens and dashes, and (for a word longer than the line)
 * between characters.  Blanks at the break are dropped.  The lines go to
 * *spans (grown as needed; *alloc is its capacity).  Returns the number of
 * lines (at least 1; an empty s is one empty line).
 */
size_t pdf_wrap(struct pdf *p, enum pdf_face f, double size, const char *s,
                double width, struct pdf_span **spans, size_t *alloc);

/* Drawing on the current page. */

/* Draw len bytes of s ((size_t)-1: all of it) with its baseline at y. */
void pdf_text(struct pdf *p, enum pdf_face f, double size, double x,
              double baseline, const char *s, size_t len);
/* A straight line of the given width (points), in black. */
void pdf_line(struct pdf *p, double x0, double y0, double x1, double y1,
              double width);
/* A filled rectangle; gray from 0 (black) to 1 (white). */
void pdf_fill_rect(struct pdf *p, double x, double y, double w, double h,
                   double gray);
/* The set ones of cols x rows cells (row by row from the top) as black
   squares of side cell, the first with its top left corner at (x, y): a
   QR code's modules. */
void pdf_fill_cells(struct pdf *p, double x, double y, double cell,
                    const unsigned char *cells, int cols, int rows);

/* Images. */

struct image;
/*
 * Draw img (render/image.h: checked and decoded) into the box whose
 * top-left corner is (x, y), w wide and h high, on the current page.  An
 * image is embedded once per document however many pages show it (the
 * same path is the same image).  libharu's failure is the sticky error
 * ERR_RENDER.
 */
void pdf_image(struct pdf *p, const struct image *img, double x, double y,
               double w, double h);

#endif
