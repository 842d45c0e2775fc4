/* pipeline/desk-edit: the desk's changes to the event's own files: the
 * fixes the check offers, the registry's rows, event.ini's keys, and the
 * journal of changes with their undoing.
 * SPDX-License-Identifier: MIT
 *
 * Every change is made on the file's bytes as read (ingest/csvedit,
 * ingest/ini's ini_edit: the registry stays in its encoding and
 * separator, every other line as it was), checked against the hash the
 * page showed (a change another tab or Excel made in between is never
 * overwritten), and written by pipeline/edits (atomic, the file before
 * kept, undoable).
 */
#include "pipeline/desk-parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/event.h"
#include "ingest/csv.h"
#include "ingest/csvedit.h"
#include "ingest/eventdir.h"
#include "ingest/ini.h"
#include "ingest/registry.h"
#include "pipeline/edits.h"
#include "util/file.h"
#include "util/sha256.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

#define FILE_MAX (64u << 20)

static void h(struct strbuf *out, const char *s)
{
    desk_html(out, s);
}

/* The path of a file of the event folder relative to it; -1 when the
   file is not in it (the desk changes nothing outside). */
static int rel_of(const struct desk *d, const char *path, struct strbuf *out)
{
    size_t n = strlen(d->dir);

    strbuf_reset(out);
    if (!path || !file_inside(d->dir, path))
        return -1;
    if (!strncmp(path, d->dir, n) && path[n] == '/')
        path += n + 1;
    while (!strncmp(path, "./", 2))
        path += 2;
    if (!*path || strstr(path, "..") || *path == '/')
        return -1;
    strbuf_addstr(out, path);
    return 0;
}

static void path_of(const struct desk *d, const char *rel, struct strbuf *out)
{
    strbuf_reset(out);
    strbuf_addf(out, "%s/%s", d->dir, rel);
}

/* The hidden fields every change's form carries. */
static void form_open(struct strbuf *out, const struct desk *d,
                      const char *action, const char *sha, const char *cls)
{
    strbuf_addf(out,
                "<form method=\"post\" action=\"%s\" class=\"%s\">"
                "<input type=\"hidden\" name=\"csrf\" value=\"%s\">",
                action, cls, d->csrf);
    if (sha)
        strbuf_addf(out, "<input type=\"hidden\" name=\"sha\" value=\"%s\">",
                    sha);
}

static void hidden(struct strbuf *out, const char *name, const char *value)
{
    strbuf_addf(out, "<input type=\"hidden\" name=\"%s\" value=\"", name);
    h(out, value);
    strbuf_addstr(out, "\">");
}

/* The person of the registry row at line, or NULL. */
static const struct person *person_at(const struct event *ev, unsigned line)
{
    size_t i;

    for (i = 0; ev && i < ev->n_people; i++)
        if (ev->people[i].at.line == line)
            return &ev->people[i];
    return NULL;
}

void desk_finding_extra(struct strbuf *out, const struct desk *d,
                        const struct prepared *p, const struct diag *g)
{
    struct strbuf rel = STRBUF_INIT, name = STRBUF_INIT;
    const char *reg = p->ev ? p->ev->registry_file : NULL;
    char sha[65];
    unsigned k;

    if (!g->fix || !reg || rel_of(d, reg, &rel) || edits_file_sha(reg, sha))
        goto out;
    if (g->fix == DIAG_FIX_ALIAS) {
        form_open(out, d, "/fix/alias", sha, "fix");
        hidden(out, "name", g->fix_arg);
        strbuf_addstr(out, "<p>");
        strbuf_reset(&name);
        strbuf_addf(&name,
                    _("Is «%s» one of these people? Choose the person, and "
                      "the registry records «%s» as another spelling of "
                      "the person's name (column «%s»):"),
                    g->fix_arg, g->fix_arg, registry_aliases_header);
        h(out, name.buf);
        strbuf_addstr(out, "</p>\n");
        for (k = 0; k < g->n_fix_lines; k++) {
            const struct person *pe = person_at(p->ev, g->fix_lines[k]);
            if (!pe)
                continue;
            strbuf_reset(&name);
            person_full_name(pe, &name);
            strbuf_addf(out, "<button name=\"line\" value=\"%u\">",
                        g->fix_lines[k]);
            h(out, name.buf);
            strbuf_addstr(out, " (");
            strbuf_addf(out, _("line %u"), g->fix_lines[k]);
            strbuf_addstr(out, ")</button> ");
        }
        strbuf_addstr(out, "</form>\n");
    } else if (g->fix == DIAG_FIX_COLUMN && g->file && !strcmp(g->file, reg)) {
        form_open(out, d, "/fix/column", sha, "fix");
        hidden(out, "column", g->fix_arg);
        strbuf_addstr(out, "<button>");
        strbuf_reset(&name);
        strbuf_addf(&name, _("Add the column «%s» to the registry"),
                    g->fix_arg);
        h(out, name.buf);
        strbuf_addstr(out, "</button></form>\n");
    }
out:
    strbuf_release(&rel);
    strbuf_release(&name);
}

/* ---------------------------------------------------------- the diff */

/* The lines of a file's bytes, as UTF-8 text. */
struct lines {
    struct strbuf text;
    char **v;
    size_t n, alloc;
};

static void lines_of(struct lines *l, const char *data, size_t len)
{
    char *s, *e;

    strbuf_init(&l->text, len + 1);
    l->v = NULL;
    l->n = l->alloc = 0;
    encoding_to_utf8(&l->text, data, len, encoding_detect(data, len));
    for (s = l->text.buf; *s; s = e) {
        e = s + strcspn(s, "\r\n");
        ALLOC_GROW(l->v, l->n + 1, l->alloc);
        l->v[l->n++] = s;
        if (*e == '\r' && e[1] == '\n')
            *e++ = '\0';
        if (*e)
            *e++ = '\0';
    }
}

static void lines_release(struct lines *l)
{
    strbuf_release(&l->text);
    free(l->v);
}

/* The lines that differ between before and after (what changed in the
   middle: a change of the desk touches one place). */
static void diff(struct strbuf *out, const struct strbuf *before,
                 const struct strbuf *after)
{
    struct lines a, b;
    size_t pre = 0, suf = 0, k, shown = 0;

    lines_of(&a, before->buf, before->len);
    lines_of(&b, after->buf, after->len);
    while (pre < a.n && pre < b.n && !strcmp(a.v[pre], b.v[pre]))
        pre++;
    while (suf < a.n - pre && suf < b.n - pre &&
           !strcmp(a.v[a.n - 1 - suf], b.v[b.n - 1 - suf]))
        suf++;
    strbuf_addstr(out, "<pre class=\"diff\">");
    for (k = pre; k < a.n - suf && shown < 40; k++, shown++) {
        strbuf_addf(out, "<del>%u − ", (unsigned)k + 1);
        h(out, a.v[k]);
        strbuf_addstr(out, "</del>");
    }
    for (k = pre; k < b.n - suf && shown < 80; k++, shown++) {
        strbuf_addf(out, "<ins>%u + ", (unsigned)k + 1);
        h(out, b.v[k]);
        strbuf_addstr(out, "</ins>");
    }
    strbuf_addstr(out, "</pre>\n");
    lines_release(&a);
    lines_release(&b);
}

static void undo_button(struct strbuf *out, const struct desk *d, unsigned no)
{
    char n[16];

    snprintf(n, sizeof(n), "%u", no);
    form_open(out, d, "/undo", NULL, "undo");
    hidden(out, "no", n);
    strbuf_addstr(out, "<button>");
    h(out, _("Undo"));
    strbuf_addstr(out, "</button></form>\n");
}

/* What change e did, in words. */
static void change_words(struct strbuf *out, const struct edit_entry *e)
{
    if (e->undoes)
        strbuf_addf(out, _("change %u undone"), e->undoes);
    else
        strbuf_addstr(out, e->what);
}

void desk_change_said(struct strbuf *out, const struct desk *d, const char *arg)
{
    struct edit_entry *all;
    size_t n, i;
    const struct edit_entry *e = NULL;
    struct strbuf before = STRBUF_INIT, after = STRBUF_INIT, path = STRBUF_INIT,
                  words = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    char *end;
    unsigned long no;

    if (!arg)
        return;
    no = strtoul(arg, &end, 10);
    if (*end || !no)
        return;
    n = edits_list(d->dir, &all);
    for (i = 0; i < n; i++)
        if (all[i].no == no)
            e = &all[i];
    if (e) {
        strbuf_addstr(out, "<div class=\"changes\" id=\"changed\"><p>");
        strbuf_addf(&words, _("Change %u, %s: "), e->no, e->file);
        change_words(&words, e);
        h(out, words.buf);
        strbuf_addstr(out, "</p>\n");
        path_of(d, e->file, &path);
        if (edits_before(d->dir, e->no, e->file, &before) &&
            edits_undoable(d->dir, e, all, n) &&
            file_read(path.buf, FILE_MAX, &after, &dl) == ERR_OK) {
            diff(out, &before, &after);
            undo_button(out, d, e->no);
        } else {
            strbuf_addf(out, "<p>%s</p>\n",
                        _("The file has changed again since."));
        }
        strbuf_addstr(out, "</div>\n");
    }
    edits_free(all, n);
    strbuf_release(&before);
    strbuf_release(&after);
    strbuf_release(&path);
    strbuf_release(&words);
    diag_list_release(&dl);
}

/* ------------------------------------------------------------ answers */

static void redirect(struct http_response *rs, const char *page, unsigned no)
{
    static struct strbuf where = STRBUF_INIT;

    strbuf_reset(&where);
    if (no)
        strbuf_addf(&where, "%s?edit=%u#changed", page, no);
    else
        strbuf_addstr(&where, page);
    rs->status = 303;
    rs->location = where.buf;
}

/* Each finding of dl, a paragraph ("рядок N: " first when it has one). */
static void errors_said(struct strbuf *out, const struct diag_list *dl)
{
    size_t i;

    for (i = 0; i < dl->nr; i++) {
        strbuf_addstr(out, "<p class=\"error\">");
        if (dl->items[i].line)
            strbuf_addf(out, _("line %u: "), dl->items[i].line);
        h(out, dl->items[i].msg);
        strbuf_addstr(out, "</p>\n");
    }
}

/* A change that was not made: why, and the way back. */
static void refused(struct http_response *rs, enum edit_refusal why,
                    const struct diag_list *dl, const char *back)
{
    struct strbuf *out = &rs->body;

    strbuf_reset(out);
    rs->status = why == EDIT_STALE ? 409 : 422;
    desk_page_begin(out,
                    why == EDIT_STALE ? _("The file changed meanwhile")
                                      : _("Nothing was changed"),
                    "", NULL);
    errors_said(out, dl);
    strbuf_addf(out, "<p><a href=\"%s\">%s</a></p>\n", back, _("Back"));
    desk_page_end(out);
}

/* The registry of the event: its path, relative path and parse. */
struct reg {
    struct strbuf path, rel, raw;
    struct csv *c;
};

static void reg_release(struct reg *r)
{
    strbuf_release(&r->path);
    strbuf_release(&r->rel);
    strbuf_release(&r->raw);
    csv_free(r->c);
}

/* Read the event's registry; 0, or -1 (said in dl). */
static int reg_read(const struct desk *d, struct reg *r, struct diag_list *dl)
{
    const struct prepared *p;
    struct diag_list quiet = DIAG_LIST_INIT;
    struct csv_options opts = {ENC_AUTO, 0};
    enum err e;
    int ret = -1;

    strbuf_init(&r->path, 0);
    strbuf_init(&r->rel, 0);
    strbuf_init(&r->raw, 0);
    r->c = NULL;
    p = desk_event(d, &quiet, &e);
    if (!p->ev || !p->ev->registry_file) {
        diag_error(dl, NULL, 0, 0, "the event has no registry of players");
    } else if (rel_of(d, p->ev->registry_file, &r->rel)) {
        diag_error(dl, p->ev->registry_file, 0, 0,
                   "the registry is not in the event folder; the desk "
                   "changes nothing outside it");
    } else {
        strbuf_addstr(&r->path, p->ev->registry_file);
        if (file_read(r->path.buf, FILE_MAX, &r->raw, dl) == ERR_OK) {
            csv_parse(r->raw.buf, r->raw.len, r->path.buf, &opts, &r->c,
                      &quiet);
            if (r->c && r->c->n_rows)
                ret = 0;
            else
                diag_error(dl, r->path.buf, 0, 0,
                           "the registry cannot be read as a table");
        }
    }
    diag_list_release(&quiet);
    return ret;
}

/* Write the edits of the registry (read with sha), said as what. */
static void reg_write(struct desk *d, struct reg *r, const char *sha,
                      const struct csv_edit *edits, size_t n, const char *what,
                      const char *page, struct http_response *rs)
{
    struct strbuf out = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    enum edit_refusal why = EDIT_FAILED;
    unsigned no = 0;

    if (csv_edit(r->raw.buf, r->raw.len, r->c, edits, n, &out, &dl) == ERR_OK)
        why = edits_write(d->dir, r->rel.buf, sha, out.buf, out.len, what, &no,
                          &dl);
    if (why == EDIT_DONE)
        redirect(rs, page, no);
    else
        refused(rs, why, &dl, page);
    strbuf_release(&out);
    diag_list_release(&dl);
}

static void fix_alias(struct desk *d, const char *body,
                      struct http_response *rs)
{
    struct strbuf sha = STRBUF_INIT, name = STRBUF_INIT, line = STRBUF_INIT,
                  value = STRBUF_INIT, what = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct csv_edit edits[2];
    struct reg r;
    const struct csv_row *row, *head;
    size_t n = 0;
    unsigned ln;
    int col;

    desk_form_value(body, "sha", &sha);
    desk_form_value(body, "name", &name);
    desk_form_value(body, "line", &line);
    strbuf_trim(&name);
    ln = (unsigned)strtoul(line.buf, NULL, 10);
    if (reg_read(d, &r, &dl)) {
        refused(rs, EDIT_FAILED, &dl, "/check");
        goto out;
    }
    head = &r.c->rows[0];
    row = csv_row_at(r.c, ln);
    if (!row || row == head || !name.len || strpbrk(name.buf, ";|")) {
        diag_error(&dl, r.path.buf, ln, 0,
                   "no person's row here, or no name to write");
        refused(rs, EDIT_FAILED, &dl, "/check");
        goto out;
    }
    col = registry_column(r.c, "aliases");
    if (col < 0) {
        col = (int)head->n;
        edits[n].line = head->line;
        edits[n].field = head->n;
        edits[n++].value = registry_aliases_header;
    }
    strbuf_addstr(&value, csv_get(row, (size_t)col));
    strbuf_trim(&value);
    if (value.len)
        strbuf_addstr(&value, "; ");
    strbuf_addbuf(&value, &name);
    edits[n].line = ln;
    edits[n].field = (size_t)col;
    edits[n++].value = value.buf;
    strbuf_addf(&what,
                _("«%s» written as another spelling of the name in "
                  "line %u"),
                name.buf, ln);
    reg_write(d, &r, sha.buf, edits, n, what.buf, "/check", rs);
out:
    reg_release(&r);
    strbuf_release(&sha);
    strbuf_release(&name);
    strbuf_release(&line);
    strbuf_release(&value);
    strbuf_release(&what);
    diag_list_release(&dl);
}

static void fix_column(struct desk *d, const char *body,
                       struct http_response *rs)
{
    struct strbuf sha = STRBUF_INIT, column = STRBUF_INIT, what = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct csv_edit edit;
    struct reg r;

    desk_form_value(body, "sha", &sha);
    desk_form_value(body, "column", &column);
    strbuf_trim(&column);
    if (reg_read(d, &r, &dl)) {
        refused(rs, EDIT_FAILED, &dl, "/check");
        goto out;
    }
    if (!column.len || registry_column(r.c, column.buf) >= 0) {
        diag_error(&dl, r.path.buf, r.c->rows[0].line, 0,
                   "the registry has the column '%s' already, or it is "
                   "none of the registry's",
                   column.buf);
        refused(rs, EDIT_FAILED, &dl, "/check");
        goto out;
    }
    edit.line = r.c->rows[0].line;
    edit.field = r.c->rows[0].n;
    edit.value = column.buf;
    strbuf_addf(&what, _("the column «%s» added"), column.buf);
    reg_write(d, &r, sha.buf, &edit, 1, what.buf, "/registry", rs);
out:
    reg_release(&r);
    strbuf_release(&sha);
    strbuf_release(&column);
    strbuf_release(&what);
    diag_list_release(&dl);
}

/* ----------------------------------------------------------- registry */

static void page_registry(struct desk *d, const char *arg_row,
                          const char *arg_edit, struct http_response *rs)
{
    struct strbuf *out = &rs->body, t = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct reg r;
    const struct csv_row *head, *row = NULL;
    char sha[65], sep[2] = {0, 0};
    size_t i, k;
    int is_new = arg_row && !strcmp(arg_row, "new");

    desk_page_begin(out, _("Registry"), "/registry", NULL);
    desk_change_said(out, d, arg_edit);
    if (reg_read(d, &r, &dl)) {
        errors_said(out, &dl);
        goto out;
    }
    sha256_hex(r.raw.buf, r.raw.len, sha);
    head = &r.c->rows[0];
    if (arg_row && !is_new)
        row = csv_row_at(r.c, (unsigned)strtoul(arg_row, NULL, 10));
    if (row == head)
        row = NULL;
    strbuf_addf(out, "<p><code>");
    h(out, r.path.buf);
    strbuf_addstr(out, "</code> — ");
    strbuf_addf(&t, i18n_ngettext("%zu row", "%zu rows", r.c->n_rows - 1),
                r.c->n_rows - 1);
    sep[0] = r.c->delim;
    strbuf_addf(&t, _(", %s, separated by '%s'"),
                r.c->encoding ? r.c->encoding : "utf-8",
                r.c->delim == '\t' ? "tab" : sep);
    h(out, t.buf);
    strbuf_addstr(out, "</p>\n");
    if (row || is_new) {
        char ln[16];
        snprintf(ln, sizeof(ln), "%u", row ? row->line : 0u);
        strbuf_addstr(out, "<h2>");
        strbuf_reset(&t);
        if (row)
            strbuf_addf(&t, _("Line %u"), row->line);
        else
            strbuf_addstr(&t, _("A new row"));
        h(out, t.buf);
        strbuf_addstr(out, "</h2>\n");
        form_open(out, d, "/registry/row", sha, "row");
        hidden(out, "line", ln);
        strbuf_addstr(out, "<table>\n");
        for (k = 0; k < head->n; k++) {
            strbuf_addf(out, "<tr><th><label for=\"f%zu\">", k);
            h(out, head->fields[k].s);
            strbuf_addf(out,
                        "</label></th><td><input id=\"f%zu\" "
                        "name=\"f%zu\" size=\"40\" value=\"",
                        k, k);
            h(out, row ? csv_get(row, k) : "");
            strbuf_addstr(out, "\"></td></tr>\n");
        }
        strbuf_addf(out,
                    "</table>\n<button>%s</button> <a href=\"/registry\">"
                    "%s</a></form>\n",
                    _("Save"), _("Cancel"));
    } else {
        strbuf_addf(out, "<p><a href=\"/registry?row=new\">%s</a></p>\n",
                    _("Add a row"));
    }
    strbuf_addstr(out, "<div class=\"scroll\"><table class=\"registry\">\n"
                       "<tr><th></th>");
    for (k = 0; k < head->n; k++) {
        strbuf_addstr(out, "<th>");
        h(out, head->fields[k].s);
        strbuf_addstr(out, "</th>");
    }
    strbuf_addstr(out, "</tr>\n");
    for (i = 1; i < r.c->n_rows; i++) {
        const struct csv_row *rw = &r.c->rows[i];
        strbuf_addf(out, "<tr id=\"l%u\"><td><a href=\"/registry?row=%u\">",
                    rw->line, rw->line);
        strbuf_addf(out, _("line %u"), rw->line);
        strbuf_addstr(out, "</a></td>");
        for (k = 0; k < head->n; k++) {
            strbuf_addstr(out, "<td>");
            h(out, csv_get(rw, k));
            strbuf_addstr(out, "</td>");
        }
        strbuf_addstr(out, "</tr>\n");
    }
    strbuf_addstr(out, "</table></div>\n");
out:
    desk_page_end(out);
    reg_release(&r);
    strbuf_release(&t);
    diag_list_release(&dl);
}

static void save_row(struct desk *d, const char *body, struct http_response *rs)
{
    struct strbuf sha = STRBUF_INIT, line = STRBUF_INIT, what = STRBUF_INIT,
                  name = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct csv_edit *edits = NULL;
    struct strbuf *vals = NULL;
    const struct csv_row *head = NULL, *row = NULL;
    struct reg r;
    size_t k, n = 0;
    unsigned ln;

    desk_form_value(body, "sha", &sha);
    desk_form_value(body, "line", &line);
    ln = (unsigned)strtoul(line.buf, NULL, 10);
    if (reg_read(d, &r, &dl)) {
        refused(rs, EDIT_FAILED, &dl, "/registry");
        goto out;
    }
    head = &r.c->rows[0];
    if (ln && (!(row = csv_row_at(r.c, ln)) || row == head)) {
        diag_error(&dl, r.path.buf, ln, 0, "no person's row here");
        refused(rs, EDIT_FAILED, &dl, "/registry");
        goto out;
    }
    vals = xcalloc(head->n + 1, sizeof(*vals));
    edits = xcalloc(head->n + 1, sizeof(*edits));
    for (k = 0; k < head->n; k++) {
        strbuf_reset(&name);
        strbuf_addf(&name, "f%zu", k);
        strbuf_init(&vals[k], 0);
        if (!desk_form_value(body, name.buf, &vals[k]))
            continue;
        strbuf_trim(&vals[k]);
        if (!strcmp(vals[k].buf, row ? csv_get(row, k) : ""))
            continue;
        edits[n].line = ln;
        edits[n].field = k;
        edits[n++].value = vals[k].buf;
    }
    if (!n) {
        redirect(rs, "/registry", 0);
        goto out;
    }
    if (row)
        strbuf_addf(&what, _("line %u changed"), ln);
    else
        strbuf_addstr(&what, _("a row added"));
    reg_write(d, &r, sha.buf, edits, n, what.buf, "/registry", rs);
out:
    if (vals)
        for (k = 0; k < head->n; k++)
            strbuf_release(&vals[k]);
    free(vals);
    free(edits);
    reg_release(&r);
    strbuf_release(&sha);
    strbuf_release(&line);
    strbuf_release(&what);
    strbuf_release(&name);
    diag_list_release(&dl);
}

/* ----------------------------------------------------------- settings */

#define KEYS_MAX 64

/* event.ini of the event: path, relative path, bytes, parse. */
struct ini_file {
    struct strbuf path, rel, raw;
    struct ini *ini;
};

static void ini_file_release(struct ini_file *f)
{
    strbuf_release(&f->path);
    strbuf_release(&f->rel);
    strbuf_release(&f->raw);
    ini_free(f->ini);
}

static int ini_file_read(const struct desk *d, struct ini_file *f,
                         struct diag_list *dl)
{
    struct diag_list quiet = DIAG_LIST_INIT;

    strbuf_init(&f->path, 0);
    strbuf_init(&f->rel, 0);
    strbuf_init(&f->raw, 0);
    f->ini = NULL;
    strbuf_addstr(&f->rel, "event.ini");
    path_of(d, f->rel.buf, &f->path);
    if (file_read(f->path.buf, INI_MAX_SIZE, &f->raw, dl) != ERR_OK)
        return -1;
    ini_parse(f->raw.buf, f->raw.len, f->path.buf, &f->ini, &quiet);
    diag_list_release(&quiet);
    if (!f->ini) {
        diag_error(dl, f->path.buf, 0, 0, "event.ini cannot be read");
        return -1;
    }
    return 0;
}

/* What each key of event.ini is, in words (the settings' labels). */
static const struct {
    const char *key, *label;
} key_labels[] = {
    {"title", N_("Title")},
    {"short-title", N_("Short title")},
    {"title-locative", N_("Title after «у» (locative)")},
    {"category", N_("Who plays (category)")},
    {"age-group", N_("Age group")},
    {"born-from", N_("Born in or later (year)")},
    {"rank", N_("Rank of the event")},
    {"start", N_("First day")},
    {"end", N_("Last day")},
    {"city", N_("City")},
    {"venue", N_("Venue")},
    {"organisers", N_("Organisers")},
    {"awarding-bodies", N_("Who awards")},
    {"order", N_("Order (date and number)")},
    {"compiled", N_("Documents dated")},
    {"chief-arbiter", N_("Chief arbiter")},
    {"deputy-arbiter", N_("Deputy chief arbiter")},
    {"chief-secretary", N_("Chief secretary")},
    {"players", N_("Registry file")},
    {"diploma-signatory-", N_("Diploma signatory")},
    {"report-signatory-", N_("Report signatory")},
    {"min-rank", N_("Lowest rank admitted")},
    {"citizens-only", N_("Citizens of Ukraine only")},
    {"fee-classic", N_("Entry fee, classic (UAH)")},
    {"fee-rapid", N_("Entry fee, rapid (UAH)")},
    {"fee-blitz", N_("Entry fee, blitz (UAH)")},
    {"mandate-documents", N_("Documents the mandate commission checks")},
    {"mandate-date", N_("Mandate commission's date")},
    {"mandate-member-", N_("Mandate commission member")},
    {"arbiter-", N_("Arbiter")},
    {"file", N_("Results file")},
    {"games", N_("Games (PGN files)")},
    {"system", N_("System")},
    {"discipline", N_("Discipline")},
    {"time-control", N_("Time control")},
    {"sex", N_("Sex")},
    {"rounds", N_("Rounds")},
    {"rules", N_("Rules (tie-break preset)")},
    {"tiebreaks", N_("Tie-breaks (FIDE codes)")},
    {"unplayed", N_("Unplayed rounds in tie-breaks")},
    {"prize-places", N_("Prize places")},
    {"qualify-places", N_("Places that qualify")},
    {"qualify-for", N_("What they qualify for")},
    {"sheet-name", N_("Sheet in the ministry's report")},
    {"stage", N_("Stage")},
    {"awards", N_("Diplomas and medals")},
    {"boards", N_("Boards of a match")},
    {"board-prize-min-games", N_("Games a board prize needs")},
    {"stages", N_("Stages of a match")},
    {"armageddon-draw", N_("Who wins a drawn armageddon")},
    {"third-place", N_("Match for third place")},
    {"time-control-rapid", N_("Time control, rapid")},
    {"time-control-blitz", N_("Time control, blitz")},
    {"time-control-armageddon", N_("Time control, armageddon")},
    {"sport", N_("Sport")},
    {"department", N_("Department")},
    {"head", N_("Head (signs)")},
    {"responsible", N_("Responsible (signs)")},
    {"judges", N_("Number of judges")},
    {"staff", N_("Number of staff")},
    {"team-results", N_("Team results in words")},
    {"team-scoring", N_("Team standings of the regions")},
    {"team-points", N_("Points of places")},
    {"team-best", N_("Results of a region that count")},
    {"protests", N_("Protests")},
    {"violations", N_("Violations")},
    {"medical", N_("Medical care")},
    {"conditions", N_("Conditions")},
    {"conclusions", N_("Conclusions")},
    {"proposals", N_("Proposals")},
    {"norms", N_("Qualifying norms")},
    {"region-groups", N_("Groups of regions")},
};

/* The label of key in words ("Призові місця"; a numbered one with its
   number), into out; the key alone when it has none. */
static void key_label(const char *key, struct strbuf *out)
{
    size_t i, n;

    for (i = 0; i < sizeof(key_labels) / sizeof(key_labels[0]); i++) {
        n = strlen(key_labels[i].key);
        if (!strcmp(key, key_labels[i].key)) {
            strbuf_addstr(out, _(key_labels[i].label));
            return;
        }
        if (key_labels[i].key[n - 1] == '-' &&
            !strncmp(key, key_labels[i].key, n) && key[n]) {
            strbuf_addf(out, "%s %s", _(key_labels[i].label), key + n);
            return;
        }
    }
    strbuf_addstr(out, key);
}

/* The input of one key of a section (value: as the file has it). */
static void key_input(struct strbuf *out, const char *anchor,
                      const struct eventdir_key *k, const char *key,
                      const char *value)
{
    struct strbuf label = STRBUF_INIT;
    size_t i;
    int known = !*value;

    strbuf_addstr(out, "<tr><th><label for=\"");
    h(out, anchor);
    strbuf_addstr(out, ".k.");
    h(out, key);
    strbuf_addstr(out, "\">");
    key_label(key, &label);
    h(out, label.buf);
    strbuf_release(&label);
    if (k && k->required == 2)
        strbuf_addstr(out, " *");
    strbuf_addstr(out, "<br><code>");
    h(out, key);
    strbuf_addstr(out, "</code></label></th><td>");
    if (k && !strcmp(k->type, "choice")) {
        strbuf_addstr(out, "<select id=\"");
        h(out, anchor);
        strbuf_addstr(out, ".k.");
        h(out, key);
        strbuf_addstr(out, "\" name=\"k.");
        h(out, key);
        strbuf_addf(out, "\"><option value=\"\">%s</option>", _("(not given)"));
        for (i = 0; k->choices[i]; i++) {
            int sel = !strcmp(value, k->choices[i]);
            known |= sel;
            strbuf_addstr(out, "<option");
            if (sel)
                strbuf_addstr(out, " selected");
            strbuf_addstr(out, ">");
            h(out, k->choices[i]);
            strbuf_addstr(out, "</option>");
        }
        if (!known) { /* a synonym the reader takes ("швейцарська") */
            strbuf_addstr(out, "<option selected>");
            h(out, value);
            strbuf_addstr(out, "</option>");
        }
        strbuf_addstr(out, "</select>");
    } else {
        const char *type =
            k && (!strcmp(k->type, "number") || !strcmp(k->type, "year"))
                ? "number"
                : "text";
        strbuf_addf(out, "<input type=\"%s\" id=\"", type);
        h(out, anchor);
        strbuf_addstr(out, ".k.");
        h(out, key);
        strbuf_addstr(out, "\" name=\"k.");
        h(out, key);
        strbuf_addstr(out, "\" value=\"");
        h(out, value);
        strbuf_addstr(out, "\"");
        if (!strcmp(type, "number"))
            strbuf_addstr(out, " min=\"0\"");
        else
            strbuf_addstr(out, " size=\"60\"");
        if (k && !strcmp(k->type, "date"))
            strbuf_addf(out, " placeholder=\"%s\"", _("dd.mm.yyyy"));
        if (k && !strcmp(k->type, "signatory"))
            strbuf_addf(out, " placeholder=\"%s\"",
                        _("Name SURNAME | position"));
        strbuf_addstr(out, ">");
    }
    strbuf_addstr(out, "</td></tr>\n");
}

/* The keys of section s a form shows: the known ones, the numbered ones
   given (and the next number), then those the file has that none knows. */
static void section_form(struct strbuf *out, const struct desk *d,
                         const struct ini_section *s, const char *sha)
{
    struct eventdir_key keys[KEYS_MAX];
    static const struct eventdir_key signatory = {"", "signatory", 0, NULL};
    size_t nk = eventdir_keys(s->kind, keys, KEYS_MAX), i, j, last;
    struct strbuf key = STRBUF_INIT, anchor = STRBUF_INIT;

    strbuf_addf(&anchor, "%s%s%s", s->kind, *s->arg ? "-" : "", s->arg);
    strbuf_addstr(out, "<h2 id=\"");
    h(out, anchor.buf);
    strbuf_addstr(out, "\">[");
    h(out, s->kind);
    if (*s->arg) {
        strbuf_addch(out, ' ');
        h(out, s->arg);
    }
    strbuf_addstr(out, "]</h2>\n");
    form_open(out, d, "/settings", sha, "settings");
    hidden(out, "kind", s->kind);
    hidden(out, "arg", s->arg);
    strbuf_addstr(out, "<table>\n");
    for (i = 0; i < nk; i++) {
        const struct ini_entry *e;
        if (strcmp(keys[i].type, "list")) {
            e = ini_get(s, keys[i].name);
            key_input(out, anchor.buf, &keys[i], keys[i].name,
                      e ? e->value : "");
            continue;
        }
        /* the numbered ones given, and one more */
        for (j = 9, last = 0; j >= 1 && !last; j--) {
            strbuf_reset(&key);
            strbuf_addf(&key, "%s%zu", keys[i].name, j);
            if (ini_get(s, key.buf))
                last = j;
        }
        for (j = 1; j <= last + 1 && j <= 9; j++) {
            strbuf_reset(&key);
            strbuf_addf(&key, "%s%zu", keys[i].name, j);
            e = ini_get(s, key.buf);
            key_input(out, anchor.buf, &signatory, key.buf, e ? e->value : "");
        }
    }
    for (j = 0; j < s->n; j++) { /* keys the reader warns of */
        int known = 0;
        for (i = 0; i < nk && !known; i++)
            known = !strcmp(keys[i].type, "list")
                        ? !strncmp(s->entries[j].key, keys[i].name,
                                   strlen(keys[i].name))
                        : !strcmp(s->entries[j].key, keys[i].name);
        if (!known)
            key_input(out, anchor.buf, NULL, s->entries[j].key,
                      s->entries[j].value);
    }
    strbuf_addf(out, "</table>\n<button>%s</button></form>\n", _("Save"));
    strbuf_release(&key);
    strbuf_release(&anchor);
}

static void page_settings(struct desk *d, const char *arg_edit,
                          struct http_response *rs)
{
    struct strbuf *out = &rs->body;
    struct diag_list dl = DIAG_LIST_INIT;
    struct ini_file f;
    char sha[65];
    size_t i;

    desk_page_begin(out, _("Settings"), "/settings", NULL);
    desk_change_said(out, d, arg_edit);
    if (ini_file_read(d, &f, &dl)) {
        errors_said(out, &dl);
    } else {
        sha256_hex(f.raw.buf, f.raw.len, sha);
        strbuf_addf(out, "<p>%s <code>", _("The keys of"));
        h(out, f.path.buf);
        strbuf_addf(out, "</code>; %s</p>\n",
                    _("* marks the keys every event needs. A key left empty "
                      "is taken out of the file; the comments stay."));
        for (i = 0; i < f.ini->n; i++)
            if (!strcmp(f.ini->sections[i].kind, "event") ||
                !strcmp(f.ini->sections[i].kind, "section") ||
                !strcmp(f.ini->sections[i].kind, "report"))
                section_form(out, d, &f.ini->sections[i], sha);
    }
    desk_page_end(out);
    ini_file_release(&f);
    diag_list_release(&dl);
}

/* Whether key is one a form of section s may set. */
static int settable(const struct ini_section *s, const char *key,
                    const struct eventdir_key *keys, size_t nk)
{
    size_t i;

    if (ini_get(s, key))
        return 1;
    for (i = 0; i < nk; i++) {
        size_t n = strlen(keys[i].name);
        if (!strcmp(keys[i].type, "list")
                ? !strncmp(key, keys[i].name, n) && key[n] >= '1' &&
                      key[n] <= '9' && !key[n + 1]
                : !strcmp(key, keys[i].name))
            return 1;
    }
    return 0;
}

static void save_settings(struct desk *d, const char *body,
                          struct http_response *rs)
{
    struct strbuf sha = STRBUF_INIT, kind = STRBUF_INIT, arg = STRBUF_INIT,
                  what = STRBUF_INIT, cur = STRBUF_INIT, next = STRBUF_INIT,
                  name = STRBUF_INIT, val = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct eventdir_key keys[KEYS_MAX];
    const struct ini_section *s = NULL;
    struct ini_file f;
    const char *p;
    size_t i, nk, n = 0;
    enum edit_refusal why = EDIT_FAILED;
    unsigned no = 0;

    desk_form_value(body, "sha", &sha);
    desk_form_value(body, "kind", &kind);
    desk_form_value(body, "arg", &arg);
    if (ini_file_read(d, &f, &dl)) {
        refused(rs, EDIT_FAILED, &dl, "/settings");
        goto out;
    }
    for (i = 0; i < f.ini->n && !s; i++)
        if (!strcmp(f.ini->sections[i].kind, kind.buf) &&
            !strcmp(f.ini->sections[i].arg, arg.buf))
            s = &f.ini->sections[i];
    nk = eventdir_keys(kind.buf, keys, KEYS_MAX);
    if (!s) {
        diag_error(&dl, f.path.buf, 0, 0, "no section [%s %s]", kind.buf,
                   arg.buf);
        refused(rs, EDIT_FAILED, &dl, "/settings");
        goto out;
    }
    strbuf_addbuf(&cur, &f.raw);
    /* Each "k.KEY" of the form, in its order. */
    for (p = body; (p = strstr(p, "k.")) != NULL; p += 2) {
        const struct ini_entry *e;
        if (p != body && p[-1] != '&')
            continue;
        strbuf_reset(&name);
        strbuf_add(&name, p + 2, strcspn(p + 2, "=&"));
        if (!settable(s, name.buf, keys, nk))
            continue;
        strbuf_reset(&val);
        strbuf_addstr(&val, "k.");
        strbuf_addbuf(&val, &name);
        strbuf_reset(&next);
        desk_form_value(body, val.buf, &next);
        strbuf_trim(&next);
        e = ini_get(s, name.buf);
        if (!strcmp(next.buf, e ? e->value : ""))
            continue;
        strbuf_reset(&val);
        strbuf_addbuf(&val, &next);
        if (ini_edit(cur.buf, cur.len, f.path.buf, kind.buf, arg.buf, name.buf,
                     val.buf, &next, &dl) != ERR_OK) {
            refused(rs, EDIT_FAILED, &dl, "/settings");
            goto out;
        }
        {
            struct strbuf t = cur;
            cur = next;
            next = t;
        }
        strbuf_addstr(&what, n++ ? ", " : "");
        strbuf_addbuf(&what, &name);
    }
    if (!n) {
        redirect(rs, "/settings", 0);
        goto out;
    }
    strbuf_reset(&name);
    strbuf_addf(&name, "[%s%s%s]: %s", kind.buf, arg.len ? " " : "", arg.buf,
                what.buf);
    why = edits_write(d->dir, f.rel.buf, sha.buf, cur.buf, cur.len, name.buf,
                      &no, &dl);
    if (why == EDIT_DONE)
        redirect(rs, "/settings", no);
    else
        refused(rs, why, &dl, "/settings");
out:
    ini_file_release(&f);
    strbuf_release(&sha);
    strbuf_release(&kind);
    strbuf_release(&arg);
    strbuf_release(&what);
    strbuf_release(&cur);
    strbuf_release(&next);
    strbuf_release(&name);
    strbuf_release(&val);
    diag_list_release(&dl);
}

/* ------------------------------------------------------------ changes */

static void page_changes(struct desk *d, const char *arg_edit,
                         struct http_response *rs)
{
    struct strbuf *out = &rs->body, words = STRBUF_INIT;
    struct edit_entry *all;
    size_t n = edits_list(d->dir, &all), i;

    desk_page_begin(out, _("Changes"), "/changes", NULL);
    desk_change_said(out, d, arg_edit);
    if (!n) {
        strbuf_addf(out, "<p>%s</p>\n",
                    _("The desk has changed no file of the event yet."));
    } else {
        strbuf_addf(out,
                    "<p>%s <code>%s/" EDITS_DIR "</code>.</p>\n"
                    "<table>\n<tr><th>№</th><th>%s</th><th>%s</th>"
                    "<th>%s</th><th></th></tr>\n",
                    _("Every change the desk made, newest first; the files "
                      "before them are kept in"),
                    d->dir, _("When"), _("File"), _("What"));
        for (i = n; i-- > 0;) {
            const struct edit_entry *e = &all[i];
            time_t t = (time_t)e->time;
            struct tm tm;
            char when[32] = "";
            if (localtime_r(&t, &tm))
                strftime(when, sizeof(when), "%d.%m.%Y %H:%M:%S", &tm);
            strbuf_addf(out,
                        "<tr><td><a href=\"/changes?edit=%u#changed\">"
                        "%u</a></td><td>%s</td><td>",
                        e->no, e->no, when);
            h(out, e->file);
            strbuf_addstr(out, "</td><td>");
            strbuf_reset(&words);
            change_words(&words, e);
            h(out, words.buf);
            strbuf_addstr(out, "</td><td>");
            if (edits_undoable(d->dir, e, all, n))
                undo_button(out, d, e->no);
            strbuf_addstr(out, "</td></tr>\n");
        }
        strbuf_addstr(out, "</table>\n");
    }
    desk_page_end(out);
    edits_free(all, n);
    strbuf_release(&words);
}

static void undo(struct desk *d, const char *body, struct http_response *rs)
{
    struct strbuf v = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    unsigned no = 0;
    enum edit_refusal why;

    desk_form_value(body, "no", &v);
    why = edits_undo(d->dir, (unsigned)strtoul(v.buf, NULL, 10), &no, &dl);
    if (why == EDIT_DONE)
        redirect(rs, "/changes", no);
    else
        refused(rs, why, &dl, "/changes");
    strbuf_release(&v);
    diag_list_release(&dl);
}

int desk_edit_get(struct desk *d, const char *path, const char *arg_row,
                  const char *arg_edit, struct http_response *rs)
{
    if (!strcmp(path, "/registry"))
        page_registry(d, arg_row, arg_edit, rs);
    else if (!strcmp(path, "/settings"))
        page_settings(d, arg_edit, rs);
    else if (!strcmp(path, "/changes"))
        page_changes(d, arg_edit, rs);
    else
        return 0;
    return 1;
}

int desk_edit_post(struct desk *d, const char *path, const char *body,
                   struct http_response *rs)
{
    if (!strcmp(path, "/fix/alias"))
        fix_alias(d, body, rs);
    else if (!strcmp(path, "/fix/column"))
        fix_column(d, body, rs);
    else if (!strcmp(path, "/registry/row"))
        save_row(d, body, rs);
    else if (!strcmp(path, "/settings"))
        save_settings(d, body, rs);
    else if (!strcmp(path, "/undo"))
        undo(d, body, rs);
    else
        return 0;
    return 1;
}
