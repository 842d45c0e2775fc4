/* pipeline/desk-parts: what the desk's two files share (desk.c: the
 * event, check, documents and archive; desk-edit.c: the changes to the
 * event's files).  Not for other modules.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_DESK_PARTS_H
#define PIPELINE_DESK_PARTS_H

#include "pipeline/desk.h"
#include "pipeline/prepare.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* A page's head (here: its path in the menu; state: the inputs' state it
   shows, which its script watches, or NULL) and its end. */
void desk_page_begin(struct strbuf *out, const char *title, const char *here,
                     const char *state);
void desk_page_end(struct strbuf *out);

/* s as HTML text. */
void desk_html(struct strbuf *out, const char *s);

/* A form of one button that posts to action. */
void desk_form_button(struct strbuf *out, const struct desk *d,
                      const char *action, const char *label);

/* The event folder prepared as check prepares it. */
enum err desk_prepare(const struct desk *d, struct prepared *p,
                      struct diag_list *dl);

/* The event prepared, kept while its inputs are as they were (each a
   stat): its findings appended to dl, the preparing's outcome in *e. */
const struct prepared *desk_event(const struct desk *d, struct diag_list *dl,
                                  enum err *e);

/* The value of name in a form's body, decoded, into out; 0 when none. */
int desk_form_value(const char *body, const char *name, struct strbuf *out);

/* desk-edit.c */

/* Under a finding of the check page: the other line it is about, and
   the fixes it offers (a name taken as a registry person's other
   spelling, a missing column added). */
void desk_finding_extra(struct strbuf *out, const struct desk *d,
                        const struct prepared *p, const struct diag *g);

/* The change ?edit=N of a page: what changed, with its undo button. */
void desk_change_said(struct strbuf *out, const struct desk *d,
                      const char *arg);

/* The pages of the changes (GET /registry, /settings, /changes) and
   their forms (POST /fix/alias, /fix/column, /registry/row, /settings,
   /undo): 1 when the path is one of them, answered. */
int desk_edit_get(struct desk *d, const char *path, const char *arg_row,
                  const char *arg_edit, struct http_response *rs);
int desk_edit_post(struct desk *d, const char *path, const char *body,
                   struct http_response *rs);

#endif
