/* pipeline/desk: the secretary's desk, the evening's work as local web
 * pages: the event, its check, its documents, its build into the archive.
 * SPDX-License-Identifier: MIT
 *
 * Every page starts from the one prepared event, made afresh from the
 * folder for each request (the U10 example prepares in a few tens of
 * milliseconds), so what the desk shows is what check, render and build
 * see.  Who may ask: a request must name the Host of the printed link
 * (no DNS rebinding) and carry the link's token (then a cookie); a form
 * carries a second secret (no request forged by another site).
 */
#include "pipeline/desk.h"
#include "pipeline/desk-parts.h"
#include "pipeline/edits.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/event.h"
#include "core/tournament.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "pipeline/archive.h"
#include "pipeline/build.h"
#include "pipeline/prepare.h"
#include "pipeline/render.h"
#include "render/render.h"
#include "render/wording.h"
#include "archive/store.h"
#include "util/diag.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/quote.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/table.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ------------------------------------------------------------ secrets */

int desk_secrets(struct desk *d)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[32];
    size_t i;

    if (os_random(raw, sizeof(raw)))
        return -1;
    for (i = 0; i < 16; i++) {
        d->token[2 * i] = hex[raw[i] >> 4];
        d->token[2 * i + 1] = hex[raw[i] & 15];
        d->csrf[2 * i] = hex[raw[16 + i] >> 4];
        d->csrf[2 * i + 1] = hex[raw[16 + i] & 15];
    }
    d->token[32] = d->csrf[32] = '\0';
    return 0;
}

/* Equal without telling by the time taken where they differ. */
static int secret_equal(const char *a, const char *b)
{
    size_t n = strlen(b), i;
    unsigned char diff = 0;

    if (!a || strlen(a) != n || !n)
        return 0;
    for (i = 0; i < n; i++)
        diff |= (unsigned char)(a[i] ^ b[i]);
    return diff == 0;
}

/* -------------------------------------------------------------- pages */

void desk_html(struct strbuf *out, const char *s)
{
    html_quote(out, s ? s : "");
}

static void h(struct strbuf *out, const char *s)
{
    desk_html(out, s);
}

/* A page's head; state: the inputs' state it shows, which its script
   watches (NULL: a page that does not change by itself). */
void desk_page_begin(struct strbuf *out, const char *title, const char *here,
                       const char *state)
{
    static const struct {
        const char *path, *name;
    } nav[] = {
        {"/event", N_("Event")},
        {"/check", N_("Check")},
        {"/registry", N_("Registry")},
        {"/settings", N_("Settings")},
        {"/docs", N_("Documents")},
        {"/archive", N_("Archive")},
        {"/changes", N_("Changes")},
    };
    size_t i;

    strbuf_addf(out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n", _("en"));
    strbuf_addstr(out, ""
                       "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
                       "content=\"width=device-width, initial-scale=1\">\n"
                       "<title>");
    h(out, title);
    strbuf_addstr(out, " — ");
    h(out, _("the secretary's desk"));
    strbuf_addstr(
        out,
        "</title>\n<style>\n"
        "body{font:16px/1.45 'Liberation Sans',Arial,sans-serif;margin:0;"
        "color:#1b1b1b}\n"
        "header{background:#22405f;color:#fff;padding:.6em 1em}\n"
        "header a{color:#fff;margin-right:1.2em;text-decoration:none}\n"
        "header a.here{border-bottom:3px solid #f2c94c}\n"
        "main{padding:1em;max-width:72em}\n"
        "table{border-collapse:collapse;margin:.5em 0 1em}\n"
        "th,td{border:1px solid #c8c8c8;padding:.25em .5em;text-align:left;"
        "vertical-align:top}\n"
        "th{background:#eef1f4}\n"
        ".scroll{overflow-x:auto}\n"
        ".error{color:#a40000}.warning{color:#8a5a00}.ok{color:#1d6b2a}\n"
        "pre.line{background:#f6f6f6;padding:.3em .5em;margin:.2em 0 .8em;"
        "overflow-x:auto}\n"
        "pre.line mark{background:#f2c94c}\n"
        "button{font:inherit;padding:.4em 1.2em;background:#22405f;"
        "color:#fff;border:0;border-radius:3px;cursor:pointer}\n"
        "h2{margin-top:1.2em}\n"
        ".changes{border-left:4px solid #f2c94c;padding:.2em 1em;"
        "background:#fffbea}\n"
        "form.fix{margin:0 0 1em}form.fix button{margin:.2em .4em .2em 0}\n"
        "form.undo,form.fix p{margin:.3em 0}\n"
        "pre.diff{background:#f6f6f6;padding:.3em .5em;overflow-x:auto}\n"
        "pre.diff del{color:#a40000;text-decoration:none;display:block}\n"
        "pre.diff ins{color:#1d6b2a;text-decoration:none;display:block}\n"
        "input,select{font:inherit;max-width:100%}\n"
        "form.settings table,form.row table{width:100%}\n"
        "form.settings th code{font-weight:normal;color:#555;"
        "font-size:.85em}\n"
        "form.settings input[type=text],form.row input{width:100%;"
        "box-sizing:border-box}\n"
        "table.registry td{white-space:nowrap}\n"
        "</style>\n");
    strbuf_addstr(out, "<script src=\"/desk.js\" defer></script>\n");
    strbuf_addf(out, "</head>\n<body>\n<header><strong>%s</strong> ",
                _("Sekretar"));
    for (i = 0; i < sizeof(nav) / sizeof(nav[0]); i++) {
        strbuf_addf(out, "<a href=\"%s\"%s>%s</a>", nav[i].path,
                    !strcmp(nav[i].path, here) ? " class=\"here\"" : "",
                    _(nav[i].name));
    }
    strbuf_addstr(out, "</header>\n<main");
    if (state)
        strbuf_addf(out, " data-state=\"%s\"", state);
    strbuf_addstr(out, ">\n<h1>");
    h(out, title);
    strbuf_addstr(out, "</h1>\n");
}

void desk_page_end(struct strbuf *out)
{
    strbuf_addstr(out, "</main>\n</body>\n</html>\n");
}

void desk_form_button(struct strbuf *out, const struct desk *d,
                        const char *action, const char *label)
{
    strbuf_addf(out,
                "<form method=\"post\" action=\"%s\"><input type=\"hidden\" "
                "name=\"csrf\" value=\"%s\"><button>",
                action, d->csrf);
    h(out, label);
    strbuf_addstr(out, "</button></form>\n");
}

/* A count with its noun in the plural of the language ("1 помилка", "2
   помилки", "5 помилок"). */
#define ERRORS(n)   i18n_ngettext("%zu error", "%zu errors", (n))
#define WARNINGS(n) i18n_ngettext("%zu warning", "%zu warnings", (n))

static void desk_options(const struct desk *d, struct prepare_options *o)
{
    memset(o, 0, sizeof(*o));
    o->path = d->dir;
    o->cmd = "desk";
    o->flags = PREPARE_FOLDER;
    o->templates_dir = d->templates_dir;
}

/* The event folder prepared as check prepares it. */
enum err desk_prepare(const struct desk *d, struct prepared *p,
                      struct diag_list *dl)
{
    struct prepare_options o;

    desk_options(d, &o);
    return prepare_event(&o, p, dl);
}

static size_t file_findings(const struct diag_list *dl, const char *file,
                            enum diag_level level)
{
    size_t i, n = 0;

    for (i = 0; i < dl->nr; i++)
        n += dl->items[i].level == level && dl->items[i].file &&
             !strcmp(dl->items[i].file, file);
    return n;
}

static void findings_cell(struct strbuf *out, const struct diag_list *dl,
                          const char *file)
{
    size_t e = file ? file_findings(dl, file, DIAG_ERROR) : 0,
           w = file ? file_findings(dl, file, DIAG_WARNING) : 0;

    strbuf_addstr(out, "<td>");
    if (e) {
        strbuf_addstr(out, "<span class=\"error\">");
        strbuf_addf(out, ERRORS(e), e);
        strbuf_addstr(out, "</span>");
    }
    if (w) {
        if (e)
            strbuf_addstr(out, ", ");
        strbuf_addstr(out, "<span class=\"warning\">");
        strbuf_addf(out, WARNINGS(w), w);
        strbuf_addstr(out, "</span>");
    }
    if (!e && !w)
        strbuf_addf(out, "<span class=\"ok\">%s</span>", _("read"));
    strbuf_addstr(out, "</td>");
}

/* ------------------------------------------------------------ watching */

/* The inputs of the prepared event a change of which changes the pages:
   event.ini, the registry, playoffs.csv, each section's results and
   games. */
static void inputs_free(char **v, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void inputs_of(const struct desk *d, const struct prepared *p,
                      char ***out, size_t *n_out)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i, k, alloc = 0, n = 0;
    char **v = NULL;

#define WATCH(path)                                                            \
    do {                                                                       \
        ALLOC_GROW(v, n + 1, alloc);                                           \
        v[n++] = xstrdup(path);                                                \
    } while (0)
    strbuf_addf(&sb, "%s/event.ini", d->dir);
    WATCH(p->ev && p->ev->ini_file ? p->ev->ini_file : sb.buf);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s/players.csv", d->dir);
    WATCH(p->ev && p->ev->registry_file ? p->ev->registry_file : sb.buf);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s/playoffs.csv", d->dir);
    WATCH(sb.buf);
    for (i = 0; p->ev && i < p->ev->n_sections; i++) {
        const struct section *sec = &p->ev->sections[i];
        if (sec->path)
            WATCH(sec->path);
        for (k = 0; k < sec->n_games_files; k++)
            WATCH(sec->games_paths[k]);
    }
#undef WATCH
    strbuf_release(&sb);
    *out = v;
    *n_out = n;
}

/* The state of the inputs v: their sizes, modification times and inodes
   (stat alone: a poll costs no read), hashed. */
static void inputs_state(char *const *v, size_t n, char out[65])
{
    struct strbuf sb = STRBUF_INIT;
    struct stat st;
    size_t i;

    for (i = 0; i < n; i++) {
        if (stat(v[i], &st))
            strbuf_addf(&sb, "%s -\n", v[i]);
        else
            strbuf_addf(&sb, "%s %lld %lld.%09lld %llu\n", v[i],
                        (long long)st.st_size, os_mtime_ns(&st) / 1000000000LL,
                        os_mtime_ns(&st) % 1000000000LL,
                        (unsigned long long)st.st_ino);
    }
    sha256_hex(sb.buf, sb.len, out);
    strbuf_release(&sb);
}

/*
 * The event prepared, kept while its inputs do not change: a page asks
 * desk_event() and gets the kept one when a stat of each input finds
 * them as they were (a page is then made in a few milliseconds), else
 * the event prepared again.  One desk to a process, its pages one at a
 * time (util/http's turn).
 */
static struct {
    struct prepared p;
    struct diag_list dl;
    enum err e;
    char **inputs;
    size_t n_inputs;
    char state[65];
    int valid;
} kept;

static int same_inputs(char *const *a, size_t na, char *const *b, size_t nb)
{
    size_t i;

    if (na != nb)
        return 0;
    for (i = 0; i < na; i++)
        if (strcmp(a[i], b[i]))
            return 0;
    return 1;
}

const struct prepared *desk_event(const struct desk *d, struct diag_list *dl,
                                  enum err *e)
{
    char before[65] = "", after[65];
    char **now;
    size_t n_now;

    if (kept.inputs) {
        inputs_state(kept.inputs, kept.n_inputs, before);
        if (kept.valid && !strcmp(before, kept.state))
            goto out;
    }
    prepared_release(&kept.p);
    diag_list_release(&kept.dl);
    memset(&kept.p, 0, sizeof(kept.p));
    kept.e = desk_prepare(d, &kept.p, &kept.dl);
    inputs_of(d, &kept.p, &now, &n_now);
    inputs_state(now, n_now, after);
    /* An input that changed while it was read: not kept, read again by
       the next page. */
    kept.valid = !*before ||
                 !same_inputs(now, n_now, kept.inputs, kept.n_inputs) ||
                 !strcmp(before, after);
    inputs_free(kept.inputs, kept.n_inputs);
    kept.inputs = now;
    kept.n_inputs = n_now;
    memcpy(kept.state, after, sizeof(after));
out:
    diag_list_append(dl, &kept.dl);
    *e = kept.e;
    return &kept.p;
}

/* The places of every ranked section, a line a player: "SECTION\tNO\t
   NAME\tPLACE\tDECIDED". */
static void standings_lines(const struct prepared *p, struct strbuf *out)
{
    size_t i, r;

    for (i = 0; i < p->n; i++) {
        const struct section_ranking *sr = p->secs[i].ranking;
        if (!sr || !sr->ranked)
            continue;
        for (r = 0; r < sr->s.n_rows; r++) {
            const struct standings_row *row = &sr->s.rows[r];
            const struct player *pl = &sr->s.t->players[row->player];
            strbuf_addf(out, "%s\t%d\t%s\t", p->secs[i].sec->id, row->start_no,
                        pl->name);
            if (row->place_hi > row->place_lo)
                strbuf_addf(out, "%d–%d", row->place_lo, row->place_hi);
            else
                strbuf_addf(out, "%d", row->place_lo);
            strbuf_addf(out, "\t%s\n",
                        row->decided_by >= 0 &&
                                (size_t)row->decided_by < sr->s.rules.n
                            ? sr->s.rules.tb[row->decided_by].code
                            : "");
        }
    }
}

/* The value of line's field k (0-based) into out. */
static void field(const char *line, int k, struct strbuf *out)
{
    const char *end;

    strbuf_reset(out);
    while (k-- > 0 && (line = strchr(line, '\t')))
        line++;
    if (!line)
        return;
    end = line + strcspn(line, "\t\n");
    strbuf_add(out, line, (size_t)(end - line));
}

/* Who moved between the standings before and now, as HTML list items. */
static void standings_changes(const struct prepared *p, const char *before,
                              const char *now, struct strbuf *out)
{
    struct strbuf key = STRBUF_INIT, f = STRBUF_INIT, was = STRBUF_INIT,
                  place = STRBUF_INIT, name = STRBUF_INIT, by = STRBUF_INIT;
    const char *l, *o;
    size_t n = 0, i;

    for (l = now; *l; l = strchr(l, '\n') + 1) {
        /* the same section and start number before */
        field(l, 0, &key);
        strbuf_addch(&key, '\t');
        field(l, 1, &f);
        strbuf_addbuf(&key, &f);
        strbuf_addch(&key, '\t');
        strbuf_reset(&was);
        for (o = before; *o; o = strchr(o, '\n') + 1)
            if (!strncmp(o, key.buf, key.len)) {
                field(o, 3, &was);
                break;
            }
        field(l, 3, &place);
        if (!strcmp(was.buf, place.buf) || !*was.buf)
            continue;
        if (++n > 50)
            continue;
        field(l, 0, &f);
        field(l, 2, &name);
        field(l, 4, &by);
        strbuf_addstr(out, "<li>");
        for (i = 0; i < p->n; i++)
            if (!strcmp(p->secs[i].sec->id, f.buf))
                h(out, p->secs[i].sec->title);
        strbuf_addstr(out, ": ");
        h(out, name.buf);
        strbuf_addstr(out, " — ");
        strbuf_reset(&f);
        strbuf_addf(&f, _("place %s → %s"), was.buf, place.buf);
        h(out, f.buf);
        if (*by.buf) {
            strbuf_reset(&f);
            strbuf_addf(&f, _(" (decided by %s)"), by.buf);
            h(out, f.buf);
        }
        strbuf_addstr(out, "</li>\n");
    }
    if (n > 50)
        strbuf_addf(out, _("<li>and %zu more</li>\n"), n - 50);
    strbuf_release(&key);
    strbuf_release(&f);
    strbuf_release(&was);
    strbuf_release(&place);
    strbuf_release(&name);
    strbuf_release(&by);
}

/* After a page showed p (desk_event()'s): when its inputs changed since
   the page before, who moved. */
static void watch_seen(struct desk *d, const struct prepared *p)
{
    struct strbuf now = STRBUF_INIT, ch = STRBUF_INIT;
    const char *state = kept.state; /* p's inputs when it was prepared */

    if (!strcmp(state, d->state))
        goto out;
    standings_lines(p, &now);
    if (d->standings) {
        standings_changes(p, d->standings, now.buf, &ch);
        free(d->changes);
        d->changes = strbuf_detach(&ch, NULL);
    }
    free(d->standings);
    d->standings = strbuf_detach(&now, NULL);
    memcpy(d->state, state, sizeof(d->state));
out:
    strbuf_release(&now);
    strbuf_release(&ch);
}

void desk_release(struct desk *d)
{
    free(d->standings);
    free(d->changes);
    d->standings = d->changes = NULL;
    prepared_release(&kept.p);
    diag_list_release(&kept.dl);
    inputs_free(kept.inputs, kept.n_inputs);
    memset(&kept, 0, sizeof(kept));
}

/* The archive's answer to a question of kind about the event p (its id
   in the archive into id, when not NULL), into r; 0 when the archive has
   no answer (no archive, no such event, no row). */
static int event_query(const struct desk *d, const struct prepared *p,
                       enum query_kind kind, struct strbuf *id,
                       struct table *r)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_reader *rd = NULL;
    struct strbuf own = STRBUF_INIT;
    struct query q;
    int ok = 0;

    if (!id)
        id = &own;
    memset(r, 0, sizeof(*r));
    if (p->ev && !store_event_id(p->ev, d->dir, NULL, id, &dl) &&
        file_is_dir(d->archive) && !archive_reader_open(d->archive, &rd, &dl)) {
        memset(&q, 0, sizeof(q));
        q.kind = kind;
        q.text = id->buf;
        ok = !archive_query(rd, &q, r, &dl) && r->nrows;
    }
    if (rd)
        archive_reader_close(rd);
    strbuf_release(&own);
    diag_list_release(&dl);
    return ok;
}

/* A row of the inputs' table: the file and how it stands to the
   archive's current version. */
static void input_row(struct strbuf *out, const struct table *arch,
                      int archived, const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    struct strbuf msg = STRBUF_INIT;
    const char *cls = "ok";
    char hex[65];
    size_t i;

    if (edits_file_sha(path, hex)) {
        cls = "warning";
        strbuf_addstr(&msg, _("no such file"));
    } else if (archived) {
        const char *v = table_cell(arch, 0, 5);
        for (i = 0; i < arch->nrows; i++)
            if (!strcmp(table_cell(arch, i, 4), "input") &&
                !strcmp(table_cell(arch, i, 0), base))
                break;
        if (i == arch->nrows) {
            cls = "warning";
            strbuf_addf(&msg, _("new: version %s has no such file"), v);
        } else if (strcmp(table_cell(arch, i, 2), hex)) {
            cls = "warning";
            strbuf_addf(&msg, _("changed since version %s"), v);
        } else {
            strbuf_addf(&msg, _("as in version %s"), v);
        }
    } else {
        cls = "";
        strbuf_addstr(&msg, _("not yet in the archive"));
    }
    strbuf_addstr(out, "<tr><td><code>");
    h(out, path);
    strbuf_addf(out, "</code></td><td class=\"%s\">", cls);
    h(out, msg.buf);
    strbuf_addstr(out, "</td></tr>\n");
    strbuf_release(&msg);
}

static void inputs_table(const struct desk *d, const struct prepared *p,
                         struct strbuf *out)
{
    struct table arch;
    int archived = event_query(d, p, QUERY_EVENT_FILES, NULL, &arch);
    size_t i;

    strbuf_addf(out, "<h2>%s</h2>\n<div class=\"scroll\"><table>\n<tr><th>",
                _("Inputs and the archive"));
    h(out, _("File"));
    strbuf_addstr(out, "</th><th>");
    h(out, _("In the archive"));
    strbuf_addstr(out, "</th></tr>\n");
    if (p->ev->ini_file)
        input_row(out, &arch, archived, p->ev->ini_file);
    if (p->ev->registry_file)
        input_row(out, &arch, archived, p->ev->registry_file);
    for (i = 0; i < p->ev->n_sections; i++)
        input_row(out, &arch, archived, p->ev->sections[i].path);
    strbuf_addstr(out, "</table></div>\n");
    table_release(&arch);
}

static void page_event(struct desk *d, struct http_response *rs)
{
    struct diag_list dl = DIAG_LIST_INIT;
    const struct prepared *p;
    struct strbuf *out = &rs->body;
    size_t i;
    enum err e;

    p = desk_event(d, &dl, &e);
    diag_list_sort(&dl);
    watch_seen(d, p);
    desk_page_begin(out, p->ev && p->ev->title ? p->ev->title : d->dir, "/event",
               d->state);
    if (d->changes && *d->changes) {
        strbuf_addf(out, "<div class=\"changes\"><p>%s</p>\n<ul>\n",
                    _("Since the results last changed, these places "
                      "changed:"));
        strbuf_addstr(out, d->changes);
        strbuf_addstr(out, "</ul></div>\n");
    }
    strbuf_addf(out, "<p>%s <code>", _("Event folder:"));
    h(out, d->dir);
    strbuf_addstr(out, "</code></p>\n");
    if (!p->ev) {
        strbuf_addf(out,
                    "<p class=\"error\">%s <a href=\"/check\">%s</a></p>\n",
                    _("The event could not be read:"), _("Check"));
        goto done;
    }
    strbuf_addstr(out, "<p>");
    if (dl.nr_errors) {
        strbuf_addstr(out, "<span class=\"error\">");
        strbuf_addf(out, ERRORS(dl.nr_errors), dl.nr_errors);
        strbuf_addf(out, "</span>: %s; ",
                    _("the documents and the archive wait for them to be "
                      "fixed"));
    } else {
        strbuf_addf(out, "<span class=\"ok\">%s</span>; ", _("No errors"));
    }
    strbuf_addf(out, WARNINGS(dl.nr_warnings), dl.nr_warnings);
    strbuf_addf(out, ". <a href=\"/check\">%s</a></p>\n", _("Check"));
    strbuf_addf(out, "<h2>%s</h2>\n<div class=\"scroll\"><table>\n<tr>",
                _("Sections"));
    {
        static const char *const heads[] = {
            N_("Section"), N_("Title"),  N_("System"), N_("Results file"),
            N_("Players"), N_("Rounds"), N_("State"),
        };
        for (i = 0; i < sizeof(heads) / sizeof(heads[0]); i++)
            strbuf_addf(out, "<th>%s</th>", _(heads[i]));
    }
    strbuf_addstr(out, "</tr>\n");
    for (i = 0; i < p->ev->n_sections; i++) {
        const struct section *s = &p->ev->sections[i];
        strbuf_addstr(out, "<tr><td>");
        h(out, s->id);
        strbuf_addstr(out, "</td><td>");
        h(out, s->title);
        strbuf_addstr(out, "</td><td>");
        h(out, doc_system_text(section_system_name(s->system)));
        strbuf_addstr(out, "</td><td><code>");
        h(out, s->file);
        strbuf_addstr(out, "</code></td>");
        if (s->t)
            strbuf_addf(out, "<td>%zu</td><td>%d</td>", s->t->n_players,
                        s->t->n_rounds);
        else
            strbuf_addstr(out, "<td></td><td></td>");
        if (!s->t && !file_is_regular(s->path))
            strbuf_addf(out, "<td class=\"warning\">%s</td>", _("no file yet"));
        else
            findings_cell(out, &dl, s->path);
        strbuf_addstr(out, "</tr>\n");
    }
    strbuf_addf(out, "</table></div>\n<h2>%s</h2>\n<p>", _("Registry"));
    if (p->ev->registry_file) {
        strbuf_addstr(out, "<code>");
        h(out, p->ev->registry_file);
        strbuf_addstr(out, "</code>: ");
        strbuf_addf(out,
                    i18n_ngettext("%zu person", "%zu people", p->ev->n_people),
                    p->ev->n_people);
    } else {
        h(out, _("no registry (players.csv)"));
    }
    strbuf_addstr(out, "</p>\n");
    inputs_table(d, p, out);
done:
    (void)e;
    desk_page_end(out);
    diag_list_release(&dl);
}

/* A file of the findings read once, in UTF-8, with where each line
   starts: the check's findings of one file show its lines from one read. */
struct file_lines {
    char *path; /* NULL: none read */
    struct strbuf text;
    size_t *starts; /* of lines 1..n: starts[k - 1] */
    size_t n, alloc;
};

static void lines_release(struct file_lines *fl)
{
    free(fl->path);
    strbuf_release(&fl->text);
    free(fl->starts);
    memset(fl, 0, sizeof(*fl));
}

/* Line n (1-based) of the file at path, into out; 0 when it has none. */
static int file_line(struct file_lines *fl, const char *path, unsigned n,
                     struct strbuf *out)
{
    const char *s, *nl;
    size_t len;

    if (!fl->path || strcmp(fl->path, path)) {
        struct diag_list dl = DIAG_LIST_INIT;
        struct strbuf raw = STRBUF_INIT;
        lines_release(fl);
        fl->path = xstrdup(path);
        if (file_read(path, 64u << 20, &raw, &dl) == ERR_OK) {
            encoding_to_utf8(&fl->text, raw.buf, raw.len,
                             encoding_detect(raw.buf, raw.len));
            for (s = fl->text.buf; s; s = nl ? nl + 1 : NULL) {
                ALLOC_GROW(fl->starts, fl->n + 1, fl->alloc);
                fl->starts[fl->n++] = (size_t)(s - fl->text.buf);
                nl = memchr(s, '\n', fl->text.len - fl->starts[fl->n - 1]);
            }
        }
        strbuf_release(&raw);
        diag_list_release(&dl);
    }
    if (!n || n > fl->n)
        return 0;
    s = fl->text.buf + fl->starts[n - 1];
    nl = memchr(s, '\n', fl->text.len - fl->starts[n - 1]);
    len = nl ? (size_t)(nl - s) : fl->text.len - fl->starts[n - 1];
    if (len && s[len - 1] == '\r')
        len--;
    strbuf_add(out, s, len);
    return 1;
}

/* The line with the character at col (1-based) marked. */
static void marked_line(struct strbuf *out, const char *line, unsigned col)
{
    const char *s = line;
    unsigned c = 1;
    struct strbuf part = STRBUF_INIT;

    strbuf_addstr(out, "<pre class=\"line\">");
    while (*s && c < col) {
        uint32_t cp;
        size_t n = utf8_decode(s, strlen(s), &cp);
        if (!n)
            n = 1;
        s += n;
        c++;
    }
    strbuf_add(&part, line, (size_t)(s - line));
    h(out, part.buf);
    if (col) {
        uint32_t cp;
        size_t n = *s ? utf8_decode(s, strlen(s), &cp) : 0;
        strbuf_reset(&part);
        if (n)
            strbuf_add(&part, s, n);
        else
            strbuf_addch(&part, ' ');
        strbuf_addstr(out, "<mark>");
        h(out, part.buf);
        strbuf_addstr(out, "</mark>");
        s += n;
    }
    h(out, s);
    strbuf_addstr(out, "</pre>\n");
    strbuf_release(&part);
}

static void page_check(struct desk *d, const char *arg_edit,
                       struct http_response *rs)
{
    struct diag_list dl = DIAG_LIST_INIT;
    const struct prepared *p;
    struct strbuf *out = &rs->body, sb = STRBUF_INIT, line = STRBUF_INIT;
    struct file_lines fl;
    const char *file = NULL;
    size_t i;
    enum err e;

    memset(&fl, 0, sizeof(fl));
    p = desk_event(d, &dl, &e);
    diag_list_sort(&dl);
    watch_seen(d, p);
    desk_page_begin(out, _("Check"), "/check", d->state);
    desk_change_said(out, d, arg_edit);
    strbuf_addstr(out, "<p>");
    if (dl.nr_errors) {
        strbuf_addstr(out, "<span class=\"error\">");
        strbuf_addf(out, ERRORS(dl.nr_errors), dl.nr_errors);
        strbuf_addstr(out, "</span>, ");
    } else {
        strbuf_addf(out, "<span class=\"ok\">%s</span>, ", _("No errors"));
    }
    strbuf_addf(out, WARNINGS(dl.nr_warnings), dl.nr_warnings);
    strbuf_addf(out, " (%s <code>sekretar check</code>).</p>\n",
                _("as given by"));
    for (i = 0; i < dl.nr; i++) {
        const struct diag *g = &dl.items[i];
        const char *f = g->file ? g->file : "";
        if (!file || strcmp(file, f)) {
            file = f;
            strbuf_addstr(out, "<h2><code>");
            h(out, *f ? f : "sekretar");
            strbuf_addstr(out, "</code></h2>\n");
        }
        strbuf_addf(out, "<p class=\"%s\">",
                    g->level == DIAG_ERROR     ? "error"
                    : g->level == DIAG_WARNING ? "warning"
                                               : "note");
        strbuf_reset(&sb);
        if (g->line && g->col)
            strbuf_addf(&sb, _("line %u, column %u: "), g->line, g->col);
        else if (g->line)
            strbuf_addf(&sb, _("line %u: "), g->line);
        h(out, sb.buf);
        h(out, g->msg);
        strbuf_addstr(out, "</p>\n");
        strbuf_reset(&line);
        if (*f && g->line && file_line(&fl, f, g->line, &line))
            marked_line(out, line.buf, g->col);
        strbuf_reset(&line);
        if (*f && g->also_line && file_line(&fl, f, g->also_line, &line)) {
            strbuf_reset(&sb);
            strbuf_addf(&sb, _("line %u: "), g->also_line);
            strbuf_addstr(out, "<p class=\"note\">");
            h(out, sb.buf);
            strbuf_addstr(out, "</p>\n");
            marked_line(out, line.buf, 0);
        }
        desk_finding_extra(out, d, p, g);
    }
    if (dl.nr_dropped)
        strbuf_addf(out, _("<p>%zu more not shown.</p>\n"), dl.nr_dropped);
    desk_page_end(out);
    strbuf_release(&sb);
    strbuf_release(&line);
    lines_release(&fl);
    diag_list_release(&dl);
}

/* ---------------------------------------------------------- documents */

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of the documents' folder, sorted. */
/* N of a folder of documents after round N ("round-5"), else 0. */
static int round_dir(const char *s)
{
    char *end;
    long v;

    if (strncmp(s, "round-", 6) || s[6] < '1' || s[6] > '9')
        return 0;
    v = strtol(s + 6, &end, 10);
    return *end || v > 9999 ? 0 : (int)v;
}

static int round_cmp(const void *a, const void *b)
{
    int x = round_dir(*(char *const *)a), y = round_dir(*(char *const *)b);
    return (x > y) - (x < y);
}

/* The regular files (dirs: the folders of documents after a round) of the
   documents' folder, or of its subfolder sub (NULL: none), sorted. */
static size_t doc_entries(const struct desk *d, const char *sub, int dirs,
                          char ***out)
{
    struct strbuf path = STRBUF_INIT, folder = STRBUF_INIT;
    struct dirent *de;
    char **v = NULL;
    size_t n = 0, alloc = 0;
    DIR *dir;

    strbuf_addstr(&folder, d->outdir);
    if (sub)
        strbuf_addf(&folder, "/%s", sub);
    dir = opendir(folder.buf);
    while (dir && (de = readdir(dir))) {
        if (de->d_name[0] == '.' || file_name_problem(de->d_name))
            continue;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", folder.buf, de->d_name);
        if (dirs ? !round_dir(de->d_name) || !file_is_dir(path.buf)
                 : !file_is_regular(path.buf))
            continue;
        ALLOC_GROW(v, n + 1, alloc);
        v[n++] = xstrdup(de->d_name);
    }
    if (dir)
        closedir(dir);
    strbuf_release(&path);
    strbuf_release(&folder);
    if (n)
        qsort(v, n, sizeof(*v), dirs ? round_cmp : name_cmp);
    *out = v;
    return n;
}

static size_t doc_files(const struct desk *d, char ***out)
{
    return doc_entries(d, NULL, 0, out);
}

static void free_names(char **v, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* The section (its index) a document file is of, and which document
   (render_documents' index) it is; -1, -1 for a file of no section (the
   event's), -1 and the document for the event's. */
static long doc_section(const struct event *ev, const char *name, long *doc)
{
    long k = render_document_of(name);
    size_t i, n;

    *doc = k;
    if (k < 0 || render_documents[k].scope != RENDER_SECTION || !ev)
        return -1;
    n = strlen(name) - strlen(strrchr(name, '.')) -
        strlen(render_documents[k].name) - 1;
    for (i = 0; i < ev->n_sections; i++)
        if (strlen(ev->sections[i].id) == n &&
            !strncmp(name, ev->sections[i].id, n))
            return (long)i;
    *doc = -1;
    return -1;
}

static void doc_item(struct strbuf *out, const char *sub, const char *name,
                     long doc)
{
    strbuf_addstr(out, "<li><a href=\"/docs/");
    if (sub) {
        h(out, sub);
        strbuf_addch(out, '/');
    }
    h(out, name);
    strbuf_addstr(out, "\" target=\"_blank\">");
    h(out, doc >= 0 ? render_documents[doc].label : name);
    strbuf_addstr(out, "</a> <small><code>");
    h(out, name);
    strbuf_addstr(out, "</code></small></li>\n");
}

/* The documents by section (its title), then the event's, then any
   other file of the folder. */
static void docs_list(const struct event *ev, char **names, size_t n,
                      struct strbuf *out)
{
    long sec, doc;
    size_t i, k;
    int any;

    for (k = 0; ev && k <= ev->n_sections + 1; k++) {
        any = 0;
        for (i = 0; i < n; i++) {
            sec = doc_section(ev, names[i], &doc);
            if (k < ev->n_sections    ? sec != (long)k
                : k == ev->n_sections ? sec >= 0 || doc < 0
                                      : doc >= 0)
                continue;
            if (!any++) {
                strbuf_addstr(out, "<h2>");
                h(out, k < ev->n_sections    ? ev->sections[k].title
                       : k == ev->n_sections ? _("The whole event")
                                             : _("Other files"));
                strbuf_addstr(out, "</h2>\n<ul class=\"docs\">\n");
            }
            doc_item(out, NULL, names[i], doc);
        }
        if (any)
            strbuf_addstr(out, "</ul>\n");
    }
    if (!ev) {
        strbuf_addstr(out, "<ul class=\"docs\">\n");
        for (i = 0; i < n; i++)
            doc_item(out, NULL, names[i], -1);
        strbuf_addstr(out, "</ul>\n");
    }
}

/* The documents' page; given: the event prepared already (NULL: it is
   prepared here, for the sections' titles). */
static void page_docs(const struct desk *d, struct http_response *rs,
                      const char *said, const struct prepared *given)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf *out = &rs->body, head = STRBUF_INIT;
    char **names, **rounds;
    size_t n = doc_files(d, &names), i, j;

    desk_page_begin(out, _("Documents"), "/docs", NULL);
    if (said)
        strbuf_addstr(out, said);
    strbuf_addf(out, "<p>%s <code>",
                _("The documents of every section and of the event (as "
                  "'sekretar render' writes them), in the folder"));
    h(out, d->outdir);
    strbuf_addstr(out, "</code>.</p>\n");
    desk_form_button(out, d, "/render", _("Make the documents"));
    strbuf_addf(out,
                "<form method=\"post\" action=\"/render\"><input "
                "type=\"hidden\" name=\"csrf\" value=\"%s\"><label>%s "
                "<input type=\"number\" name=\"round\" min=\"1\" "
                "max=\"9999\" required></label> <button>%s</button></form>\n",
                d->csrf, _("The rankings and cross tables after round"),
                _("Make"));
    if (!n)
        strbuf_addf(out, "<p>%s</p>\n", _("No documents yet."));
    else {
        enum err e;
        if (!given)
            given = desk_event(d, &dl, &e);
        docs_list(given->ev, names, n, out);
    }
    free_names(names, n);
    /* the documents after a round, each round in its folder */
    n = doc_entries(d, NULL, 1, &rounds);
    for (i = 0; i < n; i++) {
        char **files;
        size_t k = doc_entries(d, rounds[i], 0, &files);
        strbuf_addstr(out, "<h2>");
        strbuf_reset(&head);
        strbuf_addf(&head, _("After round %d"), round_dir(rounds[i]));
        h(out, head.buf);
        strbuf_addstr(out, "</h2>\n<ul class=\"docs\">\n");
        for (j = 0; j < k; j++)
            doc_item(out, rounds[i], files[j], render_document_of(files[j]));
        strbuf_addstr(out, "</ul>\n");
        free_names(files, k);
    }
    free_names(rounds, n);
    strbuf_release(&head);
    diag_list_release(&dl);
    desk_page_end(out);
}

static const char *media_type(const char *name)
{
    const char *dot = strrchr(name, '.');

    if (!dot)
        return "application/octet-stream";
    if (!strcmp(dot, ".pdf"))
        return "application/pdf";
    if (!strcmp(dot, ".xlsx"))
        return "application/"
               "vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    if (!strcmp(dot, ".csv"))
        return "text/csv; charset=utf-8";
    if (!strcmp(dot, ".json"))
        return "application/json";
    return "application/octet-stream";
}

/* A document of the list, as a file (only a name the list has). */
static void serve_doc(const struct desk *d, const char *name,
                      struct http_response *rs, struct strbuf *path,
                      struct strbuf *disp)
{
    const char *slash = strchr(name, '/');
    struct strbuf sub = STRBUF_INIT;
    char **names;
    size_t n, i;

    /* a file of the folder, or of a round's folder in it */
    if (slash) {
        strbuf_add(&sub, name, (size_t)(slash - name));
        name = slash + 1;
    }
    n = slash && (!round_dir(sub.buf) || strchr(name, '/'))
            ? (names = NULL, 0)
            : doc_entries(d, slash ? sub.buf : NULL, 0, &names);
    for (i = 0; i < n && strcmp(names[i], name); i++)
        ;
    if (i == n) {
        rs->status = 404;
        rs->content_type = "text/plain; charset=utf-8";
        strbuf_addf(&rs->body, "%s\n", _("no such document"));
    } else {
        strbuf_addstr(path, d->outdir);
        if (slash)
            strbuf_addf(path, "/%s", sub.buf);
        strbuf_addf(path, "/%s", name);
        rs->file = path->buf;
        rs->content_type = media_type(name);
        /* A PDF opens in the browser (to look at and print); the others
           are downloaded. */
        strbuf_addstr(disp, strcmp(rs->content_type, "application/pdf")
                                ? "attachment"
                                : "inline");
        strbuf_addstr(disp, "; filename=\"");
        strbuf_addstr(disp, name);
        strbuf_addstr(disp, "\"");
        rs->disposition = disp->buf;
    }
    free_names(names, n);
    strbuf_release(&sub);
}

/* The findings of a refused step, as a page's paragraph. */
static void findings_said(struct strbuf *out, const struct diag_list *dl,
                          const char *what)
{
    size_t i;
    struct strbuf sb = STRBUF_INIT;

    strbuf_addstr(out, "<div class=\"error\"><p>");
    h(out, what);
    strbuf_addstr(out, "</p><ul>\n");
    for (i = 0; i < dl->nr; i++) {
        if (dl->items[i].level != DIAG_ERROR)
            continue;
        strbuf_reset(&sb);
        diag_format(&dl->items[i], &sb);
        strbuf_addstr(out, "<li>");
        h(out, sb.buf);
        strbuf_addstr(out, "</li>\n");
    }
    strbuf_addf(out, "</ul><p><a href=\"/check\">%s</a></p></div>\n",
                _("Check"));
    strbuf_release(&sb);
}

/* The documents (round 0), or the rankings and cross tables after a
   round, into their folder. */
static void do_render(const struct desk *d, int round, struct http_response *rs)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct documents_request rq;
    struct prepare_options po;
    struct documents_written w;
    struct prepared p;
    struct strbuf said = STRBUF_INIT, dir = STRBUF_INIT;
    enum err e;

    memset(&p, 0, sizeof(p));
    memset(&w, 0, sizeof(w));
    desk_options(d, &po);
    po.ov.n_rounds = round;
    e = prepare_event(&po, &p, &dl);
    if (e == ERR_USAGE) {
        findings_said(&said, &dl, _("No documents made."));
    } else if (e || dl.nr_errors) {
        findings_said(&said, &dl,
                      _("No documents made: the inputs have errors."));
    } else {
        memset(&rq, 0, sizeof(rq));
        strbuf_addstr(&dir, d->outdir);
        if (round)
            strbuf_addf(&dir, "/round-%d", round);
        rq.outdir = dir.buf;
        rq.templates_dir = d->templates_dir;
        rq.created = d->created ? d->created : (long long)time(NULL);
        rq.chosen = documents_chosen(0, &po);
        e = documents_write(&p, &rq, &w, &dl);
        if (e)
            findings_said(&said, &dl, _("No documents made."));
        else {
            strbuf_addf(&said, "<p class=\"ok\">%s ", _("Made:"));
            strbuf_addf(&said,
                        i18n_ngettext("%zu document", "%zu documents", w.n),
                        w.n);
            strbuf_addstr(&said, ".</p>\n");
        }
    }
    page_docs(d, rs, said.buf, &p);
    documents_written_release(&w);
    strbuf_release(&said);
    strbuf_release(&dir);
    prepared_release(&p);
    diag_list_release(&dl);
}

/* ------------------------------------------------------------ archive */

static void versions_table(const struct desk *d, const struct prepared *p,
                           struct strbuf *out)
{
    struct strbuf id = STRBUF_INIT;
    static const struct {
        const char *name, *head;
    } cols[] = {
        {"Version", N_("Version")}, {"Path", N_("Bundle")},
        {"Size", N_("Bytes")},      {"Created", N_("Created")},
        {"Status", N_("State")},    {"Files", N_("Files")},
    };
    struct table r;
    size_t i, j, k;

    if (!event_query(d, p, QUERY_EVENT_VERSIONS, &id, &r)) {
        strbuf_addf(out, "<p>%s</p>\n",
                    _("The archive has no version of this event yet."));
        goto out;
    }
    strbuf_addf(out, "<p>%s <code>", _("The event in the archive:"));
    h(out, id.buf);
    strbuf_addstr(out, "</code></p>\n<div class=\"scroll\"><table>\n<tr>");
    for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
        strbuf_addstr(out, "<th>");
        h(out, _(cols[k].head));
        strbuf_addstr(out, "</th>");
    }
    strbuf_addstr(out, "</tr>\n");
    for (i = 0; i < r.nrows; i++) {
        strbuf_addstr(out, "<tr>");
        for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
            const char *v = "";
            for (j = 0; j < r.ncols; j++)
                if (!strcmp(r.heads[j], cols[k].name))
                    v = table_cell(&r, i, j);
            if (!strcmp(cols[k].name, "Status"))
                v = !strcmp(v, "current") ? _("current") : _("earlier");
            strbuf_addstr(out, "<td>");
            if (!strcmp(cols[k].name, "Path") && *v) {
                /* the bundle, downloaded as it is in the archive */
                strbuf_addstr(out, "<a href=\"/bundle/");
                h(out, v);
                strbuf_addstr(out, "\" download>");
                h(out, v);
                strbuf_addstr(out, "</a>");
            } else {
                h(out, v);
            }
            strbuf_addstr(out, "</td>");
        }
        strbuf_addstr(out, "</tr>\n");
    }
    strbuf_addstr(out, "</table></div>\n");
    desk_form_button(out, d, "/verify",
                     _("Verify the archive (every bundle against its "
                       "manifest and the catalogue)"));
out:
    table_release(&r);
    strbuf_release(&id);
}

static void plain(struct http_response *rs, int status, const char *text);
static void page_archive(const struct desk *d, struct http_response *rs,
                         const char *said, const struct prepared *given);

/* Whether rel is the path of a version of the event in the archive (the
   desk serves no other file of it). */
static int event_bundle(const struct desk *d, const char *rel)
{
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e;
    const struct prepared *p = desk_event(d, &dl, &e);
    struct table r;
    size_t i, j;
    int found = 0;

    if (event_query(d, p, QUERY_EVENT_VERSIONS, NULL, &r))
        for (i = 0; i < r.nrows; i++)
            for (j = 0; j < r.ncols; j++)
                found |= !strcmp(r.heads[j], "Path") &&
                         !strcmp(table_cell(&r, i, j), rel);
    table_release(&r);
    diag_list_release(&dl);
    return found;
}

static void serve_bundle(const struct desk *d, const char *rel,
                         struct http_response *rs, struct strbuf *path,
                         struct strbuf *disp)
{
    const char *base = strrchr(rel, '/');

    if (!event_bundle(d, rel) || strstr(rel, "..")) {
        plain(rs, 404, "sekretar desk: no such bundle of this event\n");
        return;
    }
    strbuf_addf(path, "%s/%s", d->archive, rel);
    strbuf_addf(disp, "attachment; filename=\"%s\"", base ? base + 1 : rel);
    rs->file = path->buf;
    rs->content_type = "application/zip";
    rs->disposition = disp->buf;
}

static void do_verify(const struct desk *d, struct http_response *rs)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_verify_result res;
    struct strbuf said = STRBUF_INIT;

    memset(&res, 0, sizeof(res));
    if (archive_verify_all(d->archive, 0, &res, &dl) || dl.nr_errors) {
        findings_said(&said, &dl, _("The archive does not verify."));
    } else {
        strbuf_addstr(&said, "<p class=\"ok\">");
        strbuf_addf(&said,
                    i18n_ngettext("The archive verifies: %zu bundle",
                                  "The archive verifies: %zu bundles",
                                  res.bundles),
                    res.bundles);
        strbuf_addstr(&said, ", ");
        strbuf_addf(&said, i18n_ngettext("%zu file", "%zu files", res.files),
                    res.files);
        strbuf_addf(&said, ", %s</p>\n",
                    _("each as its manifest and the catalogue say."));
    }
    page_archive(d, rs, said.buf, NULL);
    strbuf_release(&said);
    diag_list_release(&dl);
}

/* The archive's page; given: the event prepared already (NULL: it is
   prepared here, for its id in the archive). */
static void page_archive(const struct desk *d, struct http_response *rs,
                         const char *said, const struct prepared *given)
{
    struct diag_list dl = DIAG_LIST_INIT;
    const struct prepared *p = given;
    struct strbuf *out = &rs->body;
    enum err e;

    if (!p)
        p = desk_event(d, &dl, &e);
    desk_page_begin(out, _("Archive"), "/archive", NULL);
    if (said)
        strbuf_addstr(out, said);
    strbuf_addf(out, "<p>%s <code>", _("Archive:"));
    h(out, d->archive);
    strbuf_addstr(out, "</code>. ");
    h(out, _("The build (as 'sekretar build') checks the event, makes its "
             "documents and its bundle and adds it to the archive's "
             "catalogue; a signed bundle is never replaced, a corrected "
             "event becomes the next version."));
    strbuf_addstr(out, "</p>\n");
    desk_form_button(out, d, "/build", _("Build into the archive"));
    strbuf_addstr(out, "<p id=\"progress\" hidden><progress max=\"100\" "
                       "value=\"0\"></progress> <span></span></p>\n");
    strbuf_addf(out, "<h2>%s</h2>\n", _("Versions"));
    versions_table(d, p, out);
    desk_page_end(out);
    diag_list_release(&dl);
}

/*
 * The build's progress, which the archive page's script asks for while
 * the build (a request of its own) runs: the per cent done and the step,
 * or -1 when no build runs.  One desk to a process.
 */
static pthread_mutex_t progress_lock = PTHREAD_MUTEX_INITIALIZER;
static int progress_pct = -1;
static char progress_step[200];

static void progress_set(int pct, const char *step)
{
    pthread_mutex_lock(&progress_lock);
    progress_pct = pct;
    snprintf(progress_step, sizeof(progress_step), "%s", step ? step : "");
    pthread_mutex_unlock(&progress_lock);
}

/* The sections ranked: the first third. */
static void progress_ranking(const char *section, size_t i, size_t n)
{
    char step[200];

    snprintf(step, sizeof(step), _("ranking %s (%zu/%zu)"), section, i + 1,
             n);
    progress_set(2 + (int)(30 * (i + 1) / (n ? n : 1)), step);
}

/* The build's steps, at the share the build gives them. */
static void progress_building(const char *what, int percent)
{
    progress_set(percent, _(what));
}

static int host_ok(const struct desk *d, const char *host);

int desk_quick(void *ctx, const struct http_request *rq,
               struct http_response *rs)
{
    const struct desk *d = ctx;

    if (strcmp(rq->path, "/progress") || strcmp(rq->method, "GET") ||
        !host_ok(d, rq->host) || !secret_equal(rq->cookie, d->token))
        return 0; /* the turn's handler answers, or refuses */
    rs->content_type = "text/plain; charset=utf-8";
    pthread_mutex_lock(&progress_lock);
    strbuf_addf(&rs->body, "%d\t%s\n", progress_pct, progress_step);
    pthread_mutex_unlock(&progress_lock);
    return 1;
}

static void do_build(const struct desk *d, struct http_response *rs)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct build_options o;
    struct build_summary s;
    struct prepare_options po;
    struct prepared p;
    struct strbuf said = STRBUF_INIT;
    enum err e;

    memset(&p, 0, sizeof(p));
    memset(&s, 0, sizeof(s));
    progress_set(1, _("reading the event"));
    desk_options(d, &po);
    po.progress = progress_ranking;
    e = prepare_event(&po, &p, &dl);
    if (e || dl.nr_errors) {
        findings_said(&said, &dl,
                      _("Not built: the archive takes no event with "
                        "errors."));
    } else {
        memset(&o, 0, sizeof(o));
        o.dir = d->dir;
        o.root = d->archive;
        o.created = d->created ? d->created : (long long)time(NULL);
        o.progress = progress_building;
        e = pipeline_build(&p, &o, &s, &dl);
        if (e)
            findings_said(&said, &dl, _("Not built."));
        else if (s.up_to_date)
            strbuf_addf(&said,
                        _("<p class=\"ok\">The archive has this event "
                          "from these same files (version %d): nothing "
                          "changed.</p>\n"),
                        s.version);
        else {
            strbuf_addf(&said,
                        _("<p class=\"ok\">Built: version %d, bundle "
                          "<code>"),
                        s.version);
            h(&said, s.relpath);
            strbuf_addstr(&said, "</code>, ");
            strbuf_addf(&said, i18n_ngettext("%zu file", "%zu files", s.files),
                        s.files);
            strbuf_addstr(&said, ".</p>\n");
        }
    }
    progress_set(-1, NULL);
    page_archive(d, rs, said.buf, &p);
    build_summary_release(&s);
    strbuf_release(&said);
    prepared_release(&p);
    diag_list_release(&dl);
}

/* ------------------------------------------------------------ routing */

static int hex_value(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* The value of name in a form's body (application/x-www-form-urlencoded),
   decoded, into out; 0 when it has none. */
int desk_form_value(const char *body, const char *name, struct strbuf *out)
{
    size_t n = strlen(name);
    const char *s = body;

    while (s && *s) {
        const char *end = strchr(s, '&');
        if (!end)
            end = s + strlen(s);
        if ((size_t)(end - s) > n && !strncmp(s, name, n) && s[n] == '=') {
            for (s += n + 1; s < end; s++) {
                int hi, lo;
                if (*s == '+')
                    strbuf_addch(out, ' ');
                else if (*s == '%' && end - s >= 3 &&
                         (hi = hex_value(s[1])) >= 0 &&
                         (lo = hex_value(s[2])) >= 0) {
                    strbuf_addch(out, (char)(hi * 16 + lo));
                    s += 2;
                } else
                    strbuf_addch(out, *s);
            }
            return 1;
        }
        s = *end ? end + 1 : end;
    }
    return 0;
}

/*
 * Whether host (the request's Host header) names the desk: the printed
 * link's, "localhost" with its port, or, for a desk listening on another
 * address (--listen), any IPv4 address with its port: a page of another
 * site that resolves its own name to the desk (DNS rebinding) names that
 * name, never an address.
 */
static int host_ok(const struct desk *d, const char *host)
{
    const char *port = strrchr(d->host, ':'), *s = host;
    int dots = 0, digits = 0;

    if (!strcmp(host, d->host) || !strcmp(host, d->host2))
        return 1;
    if (!port || !strncmp(d->host, "127.0.0.1:", 10))
        return 0;
    for (; *s && *s != ':'; s++) {
        if (*s == '.') {
            if (!digits)
                return 0;
            dots++;
            digits = 0;
        } else if (*s >= '0' && *s <= '9' && digits < 3) {
            digits++;
        } else {
            return 0;
        }
    }
    return dots == 3 && digits && !strcmp(s, port);
}

/*
 * The pages' script: a watching page asks for the inputs' state ten
 * times a second (a stat of each: no read, no check) and reloads when it
 * is not the state the page shows, so a file the pairing program writes
 * is checked within a tenth of a second and a page's load; while the
 * build's form is sent, its progress is asked for and shown.
 */
static const char desk_js[] =
    "(function () {\n"
    "  var m = document.querySelector('main[data-state]'), gone = false;\n"
    "  function get(path, then) {\n"
    "    return fetch(path, {credentials: 'same-origin', cache: 'no-store'})\n"
    "      .then(function (r) { return r.ok ? r.text() : null; })\n"
    "      .then(then, function () { then(null); });\n"
    "  }\n"
    "  if (!window.fetch) return;\n"
    "  /* leaving the page (a link, a form): no reload to race with it */\n"
    "  window.addEventListener('beforeunload', function () { gone = true; "
    "});\n"
    "  /* a form sent: its answer is the next page, not a reload; the\n"
    "     build's shows its progress meanwhile */\n"
    "  document.addEventListener('submit', function (ev) {\n"
    "    var box = document.getElementById('progress');\n"
    "    gone = true;\n"
    "    if (ev.target.getAttribute('action') !== '/build' || !box) return;\n"
    "    box.hidden = false;\n"
    "    setInterval(function () {\n"
    "      get('/progress', function (t) {\n"
    "        var f = t ? t.split('\\t') : [];\n"
    "        if (f.length < 2 || +f[0] < 0) return;\n"
    "        box.querySelector('progress').value = +f[0];\n"
    "        box.querySelector('span').textContent = f[1].trim();\n"
    "      });\n"
    "    }, 250);\n"
    "  });\n"
    "  if (!m) return;\n"
    "  var shown = m.getAttribute('data-state'), busy = false;\n"
    "  setInterval(function () {\n"
    "    if (busy || gone) return;\n"
    "    busy = true;\n"
    "    get('/state', function (s) {\n"
    "      busy = false;\n"
    "      if (s && !gone && s.trim() !== shown) location.reload();\n"
    "    });\n"
    "  }, 100);\n"
    "})();\n";

/* The inputs' state: what the pages' script compares. */
static void state_answer(struct desk *d, struct http_response *rs)
{
    char state[65];

    if (!kept.inputs) {
        struct diag_list dl = DIAG_LIST_INIT;
        enum err e;
        desk_event(d, &dl, &e);
        diag_list_release(&dl);
    }
    inputs_state(kept.inputs, kept.n_inputs, state);
    rs->content_type = "text/plain; charset=utf-8";
    strbuf_addf(&rs->body, "%s\n", state);
}

static void plain(struct http_response *rs, int status, const char *text)
{
    rs->status = status;
    rs->content_type = "text/plain; charset=utf-8";
    strbuf_reset(&rs->body);
    strbuf_addstr(&rs->body, text);
}

void desk_handle(void *ctx, const struct http_request *rq,
                 struct http_response *rs)
{
    static struct strbuf cookie = STRBUF_INIT, path = STRBUF_INIT,
                         disp = STRBUF_INIT;
    struct desk *d = ctx;
    const char *t = http_arg(rq, "t");
    int post = !strcmp(rq->method, "POST");

    /* A page the link's host does not name is another site's (DNS
       rebinding): refused before anything else. */
    if (!host_ok(d, rq->host)) {
        plain(rs, 421, "sekretar desk: this host is not the desk's\n");
        return;
    }
    if (!secret_equal(rq->cookie, d->token)) {
        if (!post && t && secret_equal(t, d->token)) {
            /* The printed link: the token becomes a cookie, the address
               loses it. */
            strbuf_reset(&cookie);
            strbuf_addf(&cookie, "%s=%s; Path=/; HttpOnly; SameSite=Strict",
                        DESK_COOKIE, d->token);
            rs->set_cookie = cookie.buf;
            rs->status = 303;
            rs->location = strcmp(rq->path, "/") ? rq->path : "/event";
            return;
        }
        plain(rs, 403,
              "sekretar desk: open the link that 'sekretar desk' printed "
              "(відкрийте посилання, яке надрукував 'sekretar desk')\n");
        return;
    }
    if (!strcmp(rq->method, "GET") || !strcmp(rq->method, "HEAD")) {
        if (!strcmp(rq->path, "/") || !strcmp(rq->path, "/event"))
            page_event(d, rs);
        else if (!strcmp(rq->path, "/check"))
            page_check(d, http_arg(rq, "edit"), rs);
        else if (desk_edit_get(d, rq->path, http_arg(rq, "row"),
                               http_arg(rq, "edit"), rs))
            ;
        else if (!strcmp(rq->path, "/docs"))
            page_docs(d, rs, NULL, NULL);
        else if (!strcmp(rq->path, "/archive"))
            page_archive(d, rs, NULL, NULL);
        else if (!strcmp(rq->path, "/state"))
            state_answer(d, rs);
        else if (!strcmp(rq->path, "/desk.js")) {
            rs->content_type = "text/javascript; charset=utf-8";
            strbuf_addstr(&rs->body, desk_js);
        } else if (!strncmp(rq->path, "/bundle/", 8)) {
            strbuf_reset(&path);
            strbuf_reset(&disp);
            serve_bundle(d, rq->path + 8, rs, &path, &disp);
        } else if (!strncmp(rq->path, "/docs/", 6)) {
            strbuf_reset(&path);
            strbuf_reset(&disp);
            serve_doc(d, rq->path + 6, rs, &path, &disp);
        } else
            plain(rs, 404, "sekretar desk: no such page\n");
        return;
    }
    if (!post) {
        plain(rs, 405, "sekretar desk: GET or POST\n");
        return;
    }
    if (rq->body_too_large) {
        plain(rs, 413, "sekretar desk: the request is too large\n");
        return;
    }
    {
        struct strbuf v = STRBUF_INIT;
        int ok =
            desk_form_value(rq->body, "csrf", &v) && secret_equal(v.buf, d->csrf);
        strbuf_release(&v);
        if (!ok) {
            plain(rs, 403, "sekretar desk: a form of another page\n");
            return;
        }
    }
    if (!strcmp(rq->path, "/render")) {
        struct strbuf v = STRBUF_INIT;
        char *end;
        long round = 0;
        if (desk_form_value(rq->body, "round", &v)) {
            round = strtol(v.buf, &end, 10);
            if (!*v.buf || *end || round < 1 || round > 9999)
                round = -1;
        }
        strbuf_release(&v);
        if (round < 0)
            plain(rs, 400, "sekretar desk: a round is a number from 1\n");
        else
            do_render(d, (int)round, rs);
    } else if (!strcmp(rq->path, "/build"))
        do_build(d, rs);
    else if (!strcmp(rq->path, "/verify"))
        do_verify(d, rs);
    else if (desk_edit_post(d, rq->path, rq->body, rs))
        ;
    else
        plain(rs, 404, "sekretar desk: no such page\n");
}
