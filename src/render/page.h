/* render/page: a document as PDF pages.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_PAGE_H
#define RENDER_PAGE_H

#include "util/diag.h"

struct doc;

/*
 * Write d (its sheet and legend made) to the PDF file at path: read the
 * styles, fonts and page of its templates, then the first page's header
 * (organiser, title and subtitle, event, section, place and dates, time
 * control; later pages start with the running header), the sheet fitted
 * to the page width (orientation as [page] says, or as it fits), the
 * legend, the notes, the signatures of the chief arbiter and the chief
 * secretary, and "Сторінка N з M".  The sheet is used up.  Returns d->err
 * (set here when something failed: see render.h).
 */
enum err page_write_pdf(struct doc *d, const char *path);

#endif
