/* render/doc: what the documents share: their templates and fonts, the
 * header with the event's particulars, legends, signatures, page numbers,
 * and the Ukrainian way of writing points, places and names.
 * SPDX-License-Identifier: MIT
 */
#include "render/doc.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/tournament.h"
#include "core/standings.h"
#include "util/date.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

/* ---- errors and template access ---- */

void doc_fail(struct doc *d, enum err e, const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;

    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    diag_error(d->dl, NULL, 0, 0, "%s", sb.buf);
    strbuf_release(&sb);
    if (!d->err)
        d->err = e;
}

/* Record a template error that template_*() already reported. */
static void tpl_failed(struct doc *d, enum err e)
{
    if (e && !d->err)
        d->err = e;
}

static const char *template_names(struct doc *d, struct strbuf *sb)
{
    size_t i;

    for (i = 0; i < d->tpl.n_files; i++)
        strbuf_addf(sb, "%s'%s'", i ? " or " : "", d->tpl.files[i]);
    return sb->buf;
}

const char *doc_opt(struct doc *d, const char *section, const char *key)
{
    return template_get(&d->tpl, section, key, NULL);
}

const char *doc_str(struct doc *d, const char *section, const char *key)
{
    const char *v = template_get(&d->tpl, section, key, NULL);

    if (!v) {
        struct strbuf sb = STRBUF_INIT;
        doc_fail(d, ERR_PARSE, "%s: no '%s' in [%s]", template_names(d, &sb),
                 key, section);
        strbuf_release(&sb);
        return "";
    }
    return v;
}

int doc_expand(struct doc *d, const char *section, const char *key,
               const struct template_var *extra, size_t n_extra,
               struct strbuf *out)
{
    const struct template_entry *e = template_find(&d->tpl, section, key);
    struct template_var vars[32];
    size_t n = 0, i;
    int all_empty = 0;
    enum err err;

    if (!e) {
        doc_str(d, section, key);
        return 1;
    }
    for (i = 0; i < d->n_vars && n < 32; i++)
        vars[n++] = d->vars[i];
    for (i = 0; i < n_extra && n < 32; i++)
        vars[n++] = extra[i];
    err = template_subst(e->value, e, vars, n, out, &all_empty, d->dl);
    tpl_failed(d, err);
    return err || all_empty || !*e->value;
}

int doc_flag(struct doc *d, const char *section, const char *key, int def)
{
    static const char *const words[] = {"no", "yes", NULL};
    int v;

    tpl_failed(d,
               template_choice(&d->tpl, section, key, words, def, &v, d->dl));
    return v;
}

/* ---- the keys the documents read ---- */

/*
 * Every key of the templates some document reads: of any document (doc
 * NULL: common.ini's, which every document's own file may change too) or
 * of one.  A key is a name, "*" (any: the titles), "NAME*" or "*NAME" (a
 * family: the policies' notes, the tie-breaks' headings).
 */
static const struct {
    const char *doc, *section, *keys;
} known_keys[] = {
    {NULL, "page",
     "width height margin-left margin-right margin-top margin-bottom "
     "orientation"},
    {NULL, "fonts", "serif serif-bold sans sans-bold"},
    {NULL, "text", "body title heading small table table-min-size"},
    {NULL, "header",
     "organiser event section place dates time-control date-style running"},
    {NULL, "page-numbers", "format when position"},
    {NULL, "signatures", "arbiter secretary with-category"},
    {NULL, "columns",
     "number place start name rank rating region birth coach fed fide-id "
     "points decision"},
    {NULL, "table", "omit-empty"},
    {NULL, "legend", "heading tiebreak"},
    {NULL, "tiebreaks", "*.heading *.legend"},
    {NULL, "decisions",
     "de de.legend playoff playoff.legend playoff-needed "
     "playoff-needed.legend"},
    {NULL, "titles", "*"},
    {NULL, "notes", "playoff playoff-plain playoff-needed qualify unplayed-*"},
    {"ranking", "document", "title subtitle"},
    {"ranking", "table", "columns"},
    {"crosstable", "document",
     "title-swiss subtitle-swiss title-round-robin subtitle-round-robin"},
    {"crosstable", "swiss", "columns opponent round-heading running-total"},
    {"crosstable", "round-robin",
     "order columns diagonal forfeit-win forfeit-loss"},
    {"crosstable", "marks",
     "white black win draw loss played forfeit-win forfeit-loss bye-pairing "
     "bye-full bye-half bye-zero"},
    {"crosstable", "legend",
     "played.start played.place forfeit-win forfeit-loss bye-pairing "
     "bye-full bye-half bye-zero running-total rr-results rr-forfeits"},
};

/* 1 when the word w (n bytes) of a key list matches key. */
static int key_matches(const char *w, size_t n, const char *key)
{
    size_t k = strlen(key);

    if (n == 1 && w[0] == '*')
        return 1;
    if (w[0] == '*')
        return k >= n - 1 && !memcmp(key + k - (n - 1), w + 1, n - 1);
    if (w[n - 1] == '*')
        return k >= n - 1 && !memcmp(key, w, n - 1);
    return k == n && !memcmp(key, w, n);
}

int doc_key_known(const char *kind, const char *section, const char *key)
{
    size_t i;

    for (i = 0; i < sizeof(known_keys) / sizeof(known_keys[0]); i++) {
        const char *w = known_keys[i].keys;
        if ((known_keys[i].doc && kind && strcmp(known_keys[i].doc, kind)) ||
            strcmp(known_keys[i].section, section))
            continue;
        while (*w) {
            size_t n = strcspn(w, " ");
            if (key_matches(w, n, key))
                return 1;
            w += n;
            w += strspn(w, " ");
        }
    }
    return 0;
}

/* Read a style "FACE SIZE" ("serif-bold 14"). */
static void read_style(struct doc *d, const char *key, struct text_style *st)
{
    const struct template_entry *e = template_find(&d->tpl, "text", key);
    char face[32];
    double size;
    char *end;
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
        size = strtod(sp + 1, &end);
        if (!pdf_face_parse(face, &st->face) && !*end && size >= 4 &&
            size <= 72) {
            st->size = size;
            return;
        }
    }
    diag_error(d->dl, e->file, e->line, 0,
               "'%s' wants a face and a size, as 'serif 12' (faces: serif, "
               "serif-bold, sans, sans-bold; sizes 4 to 72), not '%s'",
               key, e->value);
    tpl_failed(d, ERR_PARSE);
}

/* ---- writing numbers, places, names ---- */

void doc_points(struct strbuf *out, double v)
{
    double whole = floor(v + 1e-9), frac = v - whole;

    if (fabs(frac) < 1e-9) {
        strbuf_addf(out, "%.0f", whole);
    } else if (fabs(frac - 0.5) < 1e-9 || fabs(frac - 0.25) < 1e-9 ||
               fabs(frac - 0.75) < 1e-9) {
        /* Sonneborn-Berger's quarters as ¼ and ¾, like the ½ of points. */
        if (whole != 0)
            strbuf_addf(out, "%.0f", whole);
        strbuf_addstr(out, fabs(frac - 0.5) < 1e-9    ? "½"
                           : fabs(frac - 0.25) < 1e-9 ? "¼"
                                                      : "¾");
    } else {
        doc_number(out, v, DOC_DECIMALS);
    }
}

void doc_place(struct strbuf *out, int lo, int hi)
{
    if (hi > lo)
        strbuf_addf(out, "%d–%d", lo, hi);
    else
        strbuf_addf(out, "%d", lo);
}

enum doc_number_style doc_number_style(const double *v, size_t n)
{
    enum doc_number_style st = DOC_WHOLE;
    size_t i;

    for (i = 0; i < n; i++) {
        double x = v[i];
        if (isnan(x) || fabs(x - floor(x + 0.5)) < 1e-9)
            continue;
        /* Halves and quarters are written with ½ ¼ ¾. */
        if (fabs(x * 4 - floor(x * 4 + 0.5)) < 1e-9)
            st = DOC_HALVES;
        else
            return DOC_DECIMALS;
    }
    return st;
}

void doc_number(struct strbuf *out, double v, enum doc_number_style st)
{
    char buf[64], *p;

    if (isnan(v))
        return;
    switch (st) {
    case DOC_WHOLE:
        strbuf_addf(out, "%.0f", v);
        return;
    case DOC_HALVES:
        doc_points(out, v);
        return;
    case DOC_DECIMALS:
        break;
    }
    /* The Ukrainian decimal comma. */
    snprintf(buf, sizeof(buf), "%.2f", v);
    p = strchr(buf, '.');
    if (p)
        *p = ',';
    strbuf_addstr(out, buf);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* 1 when word has letters and all of them are capitals. */
static int all_caps(const char *s, size_t len)
{
    size_t i = 0;
    int letters = 0;

    while (i < len) {
        uint32_t cp;
        size_t n = utf8_decode(s + i, len - i, &cp);
        if (!n)
            return 0;
        if (ucs_tolower(cp) != cp)
            letters++;
        else if (ucs_toupper(cp) != cp)
            return 0;
        i += n;
    }
    return letters > 1;
}

static void add_upper(struct strbuf *out, const char *s, size_t len)
{
    char *tmp = xstrndup(s, len);

    utf8_upper(out, tmp);
    free(tmp);
}

/* Words of s (up to 16) as spans; returns the count. */
static size_t words(const char *s, size_t len, const char **w, size_t *wl)
{
    size_t n = 0, i = 0;

    while (i < len && n < 16) {
        size_t j;
        while (i < len && is_blank(s[i]))
            i++;
        for (j = i; j < len && !is_blank(s[j]); j++)
            ;
        if (j > i) {
            w[n] = s + i;
            wl[n] = j - i;
            n++;
        }
        i = j;
    }
    return n;
}

void doc_official_name(struct strbuf *out, const char *name)
{
    const char *w[16], *paren, *comma;
    size_t wl[16], n, len, i;

    if (!name)
        return;
    while (is_blank(*name))
        name++;
    len = strlen(name);
    while (len && is_blank(name[len - 1]))
        len--;
    /* "(SV Griesheim)" and the like stay after the name. */
    paren = memchr(name, '(', len);
    comma = memchr(name, ',', paren ? (size_t)(paren - name) : len);
    if (comma) {
        /* "Прізвище, Ім'я" */
        const char *given = comma + 1;
        size_t glen = (size_t)((paren ? paren : name + len) - given);
        size_t slen = (size_t)(comma - name);
        n = words(given, glen, w, wl);
        for (i = 0; i < n; i++)
            strbuf_addf(out, "%s%.*s", i ? " " : "", (int)wl[i], w[i]);
        if (n)
            strbuf_addch(out, ' ');
        n = words(name, slen, w, wl);
        for (i = 0; i < n; i++) {
            if (i)
                strbuf_addch(out, ' ');
            add_upper(out, w[i], wl[i]);
        }
    } else {
        n = words(name, paren ? (size_t)(paren - name) : len, w, wl);
        if (n > 1 && all_caps(w[0], wl[0]) && !all_caps(w[n - 1], wl[n - 1])) {
            /* "КРАВЕЦЬ Остап": the surname goes last. */
            for (i = 1; i < n; i++)
                strbuf_addf(out, "%.*s ", (int)wl[i], w[i]);
            add_upper(out, w[0], wl[0]);
        } else {
            for (i = 0; i + 1 < n; i++)
                strbuf_addf(out, "%.*s ", (int)wl[i], w[i]);
            if (n)
                add_upper(out, w[n - 1], wl[n - 1]);
        }
    }
    if (paren)
        strbuf_addf(out, " %.*s", (int)(name + len - paren), paren);
}

void doc_player_name(struct strbuf *out, const char *name)
{
    int blank = 0;

    if (!name)
        return;
    while (is_blank(*name))
        name++;
    for (; *name; name++) {
        if (is_blank(*name)) {
            blank = 1;
            continue;
        }
        if (blank && out->len && out->buf[out->len - 1] != ' ')
            strbuf_addch(out, ' ');
        blank = 0;
        strbuf_addch(out, *name);
        if (*name == ',' && name[1] && !is_blank(name[1]))
            strbuf_addch(out, ' ');
    }
}

const char *doc_fide_title(const char *t)
{
    static const char *const map[][3] = {
        {"g", "gm", "GM"},    {"m", "im", "IM"},    {"f", "fm", "FM"},
        {"c", "cm", "CM"},    {"wg", "wgm", "WGM"}, {"wm", "wim", "WIM"},
        {"wf", "wfm", "WFM"}, {"wc", "wcm", "WCM"},
    };
    char low[8];
    size_t i;

    if (!t)
        return "";
    while (is_blank(*t))
        t++;
    for (i = 0; t[i] && i + 1 < sizeof(low); i++)
        low[i] = (char)(t[i] >= 'A' && t[i] <= 'Z' ? t[i] - 'A' + 'a' : t[i]);
    low[i] = '\0';
    while (i && is_blank(low[i - 1]))
        low[--i] = '\0';
    for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (!strcmp(low, map[i][0]) || !strcmp(low, map[i][1]))
            return map[i][2];
    return t;
}

void doc_rank(struct doc *d, size_t i, struct strbuf *out)
{
    const struct tournament *t = d->dc->t;
    const char *title = doc_fide_title(t->players[i].title);
    const char *rank = d->dc->players ? d->dc->players[i].rank : NULL;

    if (*title) {
        const char *ua = doc_opt(d, "titles", title);
        strbuf_addstr(out, ua ? ua : title);
    }
    if (rank && *rank) {
        if (*title)
            strbuf_addstr(out, ", ");
        strbuf_addstr(out, rank);
    }
}

/* [tiebreaks] CODE.what, or the caller's text, or (for a heading) the code. */
static const char *tiebreak_text(struct doc *d, const struct doc_tiebreak *tb,
                                 const char *what, const char *given,
                                 const char *last)
{
    struct strbuf key = STRBUF_INIT;
    const char *v;

    strbuf_addf(&key, "%s.%s", tb->code ? tb->code : "", what);
    v = doc_opt(d, "tiebreaks", key.buf);
    strbuf_release(&key);
    if (v)
        return v;
    return given && *given ? given : last;
}

const char *doc_tiebreak_heading(struct doc *d, const struct doc_tiebreak *tb)
{
    return tiebreak_text(d, tb, "heading", tb->heading,
                         tb->code ? tb->code : "");
}

const char *doc_tiebreak_legend(struct doc *d, const struct doc_tiebreak *tb)
{
    return tiebreak_text(d, tb, "legend", tb->legend, "");
}

/* "1–3 червня 2023 р." or "01.06.2023–03.06.2023". */
static void format_dates(struct strbuf *out, const char *a, const char *b,
                         int longform)
{
    struct date da, db;
    int ha = a && *a && !date_parse(a, &da);
    int hb = b && *b && !date_parse(b, &db);

    if (!ha) {
        /* As written, when the dates cannot be read. */
        if (a && *a)
            strbuf_addstr(out, a);
        if (b && *b && (!a || strcmp(a, b)))
            strbuf_addf(out, "%s%s", out->len ? "–" : "", b);
        return;
    }
    if (!hb || !date_cmp(&da, &db)) {
        if (longform)
            date_format_ua_long(out, &da);
        else
            date_format_ua(out, &da);
        return;
    }
    if (!longform) {
        date_format_ua(out, &da);
        strbuf_addstr(out, "–");
        date_format_ua(out, &db);
        return;
    }
    if (da.y == db.y && da.m == db.m) {
        strbuf_addf(out, "%d–", da.d);
    } else if (da.y == db.y) {
        /* "30 травня" without the year, which the end date gives. */
        struct strbuf year = STRBUF_INIT;
        size_t start = out->len;
        date_format_ua_long(out, &da);
        strbuf_addf(&year, " %d р.", da.y);
        if (out->len - start > year.len &&
            !strcmp(out->buf + out->len - year.len, year.buf))
            strbuf_setlen(out, out->len - year.len);
        strbuf_release(&year);
        strbuf_addstr(out, " – ");
    } else {
        date_format_ua_long(out, &da);
        strbuf_addstr(out, " – ");
    }
    date_format_ua_long(out, &db);
}

/* ---- lifecycle ---- */

static void set_var(struct doc *d, const char *name, const char *value)
{
    d->vars[d->n_vars].name = name;
    d->vars[d->n_vars].value = value ? value : "";
    d->n_vars++;
}

static void load_templates(struct doc *d)
{
    struct strbuf path = STRBUF_INIT;
    enum err e;

    strbuf_addf(&path, "%s/common.ini", d->ro->templates_dir);
    e = template_load(&d->tpl, path.buf, d->dl);
    if (!e) {
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s.ini", d->ro->templates_dir, d->kind);
        e = template_load(&d->tpl, path.buf, d->dl);
    }
    tpl_failed(d, e);
    strbuf_release(&path);
}

static void set_vars(struct doc *d, const char *title_key,
                     const char *subtitle_key)
{
    const struct doc_context *dc = d->dc;
    static const char *const date_styles[] = {"short", "long", NULL};
    int longform;
    const char *sub;

    tpl_failed(d, template_choice(&d->tpl, "header", "date-style", date_styles,
                                  1, &longform, d->dl));
    format_dates(&d->dates, dc->start_date, dc->end_date, longform);
    if (dc->city && *dc->city)
        strbuf_addstr(&d->place, dc->city);
    if (dc->venue && *dc->venue)
        strbuf_addf(&d->place, "%s%s", d->place.len ? ", " : "", dc->venue);
    if (dc->event_title && *dc->event_title)
        strbuf_addstr(&d->event_section, dc->event_title);
    if (dc->section_title && *dc->section_title)
        strbuf_addf(&d->event_section, "%s%s",
                    d->event_section.len ? " — " : "", dc->section_title);
    snprintf(d->rounds, sizeof(d->rounds), "%d", dc->s ? dc->s->n_rounds : 0);
    snprintf(d->players, sizeof(d->players), "%zu",
             dc->t ? dc->t->n_players : (size_t)0);
    strbuf_addstr(&d->title, doc_str(d, "document", title_key));
    sub = subtitle_key ? doc_opt(d, "document", subtitle_key) : NULL;
    if (sub)
        strbuf_addstr(&d->subtitle, sub);

    set_var(d, "event", dc->event_title);
    set_var(d, "section", dc->section_title);
    set_var(d, "event_section", d->event_section.buf);
    set_var(d, "organiser", dc->organiser);
    set_var(d, "dates", d->dates.buf);
    set_var(d, "city", dc->city);
    set_var(d, "venue", dc->venue);
    set_var(d, "place", d->place.buf);
    set_var(d, "time_control", dc->time_control);
    set_var(d, "rounds", d->rounds);
    set_var(d, "players", d->players);
    set_var(d, "document", d->title.buf);
}

/*
 * Refuse header texts longer than a header can show (event.ini's are
 * refused where they are read, at their line; a lone results file's come
 * here): bad data, not a document of a hundred pages of title.
 */
static void check_lengths(struct doc *d)
{
    const struct doc_context *dc = d->dc;
    const struct {
        const char *what, *text;
    } texts[] = {
        {"the event's title", dc->event_title},
        {"the section's title", dc->section_title},
        {"the organisers", dc->organiser},
        {"the city", dc->city},
        {"the venue", dc->venue},
        {"the time control", dc->time_control},
        {"the chief arbiter", dc->chief_arbiter},
        {"the chief arbiter's category", dc->chief_arbiter_category},
        {"the chief secretary", dc->chief_secretary},
        {"the chief secretary's category", dc->chief_secretary_category},
    };
    size_t i, n;

    for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        if (!texts[i].text)
            continue;
        n = utf8_len(texts[i].text);
        if (n > EVENT_TEXT_MAX)
            doc_fail(d, ERR_RENDER,
                     "%s is too long for the documents (%zu characters; at "
                     "most %d)",
                     texts[i].what, n, EVENT_TEXT_MAX);
    }
}

void doc_open(struct doc *d, const char *kind, const char *title_key,
              const char *subtitle_key, const struct doc_context *dc,
              const struct render_options *ro, struct diag_list *dl)
{
    static const char *const face_keys[PDF_N_FACES] = {"serif", "serif-bold",
                                                       "sans", "sans-bold"};
    struct pdf_options po;
    struct strbuf title = STRBUF_INIT;
    const char *v;
    int i;

    memset(d, 0, sizeof(*d));
    d->kind = kind;
    d->dc = dc;
    d->ro = ro;
    d->dl = dl;
    strbuf_init(&d->dates, 0);
    strbuf_init(&d->place, 0);
    strbuf_init(&d->event_section, 0);
    strbuf_init(&d->title, 0);
    strbuf_init(&d->subtitle, 0);
    strbuf_init(&d->running, 0);
    check_lengths(d);
    if (d->err)
        return;
    load_templates(d);
    if (d->err)
        return;

    set_vars(d, title_key, subtitle_key);
    read_style(d, "body", &d->body);
    read_style(d, "title", &d->title_style);
    read_style(d, "heading", &d->heading);
    read_style(d, "small", &d->small);
    d->small_bold = d->small;
    d->small_bold.face = pdf_face_bold(d->small.face);
    {
        struct text_style tb;
        read_style(d, "table", &tb);
        d->table_face = tb.face;
        d->table_head_face = pdf_face_bold(tb.face);
        d->table_size = tb.size;
    }
    tpl_failed(d, template_number(&d->tpl, "text", "table-min-size", 6, 4, 72,
                                  &d->table_min_size, d->dl));
    if (d->table_min_size > d->table_size)
        d->table_min_size = d->table_size;

    memset(&po, 0, sizeof(po));
    po.font_dir = ro->fonts_dir;
    for (i = 0; i < PDF_N_FACES; i++)
        po.font_files[i] = doc_str(d, "fonts", face_keys[i]);
    tpl_failed(d, template_number(&d->tpl, "page", "width", 210, 50, 2000,
                                  &po.page_width, d->dl));
    tpl_failed(d, template_number(&d->tpl, "page", "height", 297, 50, 2000,
                                  &po.page_height, d->dl));
    tpl_failed(d, template_number(&d->tpl, "page", "margin-left", 30, 0, 200,
                                  &po.margin_left, d->dl));
    tpl_failed(d, template_number(&d->tpl, "page", "margin-right", 10, 0, 200,
                                  &po.margin_right, d->dl));
    tpl_failed(d, template_number(&d->tpl, "page", "margin-top", 20, 0, 200,
                                  &po.margin_top, d->dl));
    tpl_failed(d, template_number(&d->tpl, "page", "margin-bottom", 20, 0, 200,
                                  &po.margin_bottom, d->dl));
    if (d->err)
        return;
    po.page_width = PDF_MM(po.page_width);
    po.page_height = PDF_MM(po.page_height);
    po.margin_left = PDF_MM(po.margin_left);
    po.margin_right = PDF_MM(po.margin_right);
    po.margin_top = PDF_MM(po.margin_top);
    po.margin_bottom = PDF_MM(po.margin_bottom);
    po.created = ro->created;
    strbuf_addstr(&title, d->title.buf);
    v = dc->event_title;
    if (v && *v)
        strbuf_addf(&title, ". %s", d->event_section.buf);
    po.title = title.buf;
    po.creator = "Sekretar " SEKRETAR_VERSION;
    d->pdf = pdf_new(&po);
    strbuf_release(&title);
}

void doc_close(struct doc *d)
{
    grid_release(&d->grid);
    free(d->cols);
    doc_lines_release(&d->legend);
    flow_release(&d->flow);
    pdf_free(d->pdf);
    template_release(&d->tpl);
    strbuf_release(&d->dates);
    strbuf_release(&d->place);
    strbuf_release(&d->event_section);
    strbuf_release(&d->title);
    strbuf_release(&d->subtitle);
    strbuf_release(&d->running);
    free(d->running_spans);
    d->pdf = NULL;
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
static void header_line(struct doc *d, const char *key,
                        const struct text_style *style)
{
    struct strbuf sb = STRBUF_INIT;
    struct text_style st = *style;

    st.align = ALIGN_CENTRE;
    if (!doc_expand(d, "header", key, NULL, 0, &sb)) {
        trim_separators(&sb);
        flow_text(&d->flow, &st, sb.buf);
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
static int prepare_running(struct doc *d, double width)
{
    struct strbuf sb = STRBUF_INIT;
    size_t n;

    if (d->running_ready)
        return d->running.len > 0;
    d->running_ready = 1;
    if (doc_expand(d, "header", "running", NULL, 0, &sb)) {
        strbuf_release(&sb);
        return 0;
    }
    trim_separators(&sb);
    n = pdf_wrap(d->pdf, d->small.face, d->small.size, sb.buf, width,
                 &d->running_spans, &d->running_alloc);
    if (n > RUNNING_MAX_LINES) {
        /* Cut the last line kept so that "…" fits after it. */
        const struct pdf_span *last = &d->running_spans[RUNNING_MAX_LINES - 1];
        double room = width - pdf_text_width(d->pdf, d->small.face,
                                             d->small.size, "…", (size_t)-1);
        size_t keep = pdf_fit(d->pdf, d->small.face, d->small.size,
                              sb.buf + last->off, last->len, room);
        strbuf_setlen(&sb, last->off + keep);
        strbuf_rtrim(&sb);
        strbuf_addstr(&sb, "…");
        n = pdf_wrap(d->pdf, d->small.face, d->small.size, sb.buf, width,
                     &d->running_spans, &d->running_alloc);
    }
    d->running_n = n;
    strbuf_release(&d->running);
    d->running = sb; /* takes the text */
    return 1;
}

/* The running header of every page after the first. */
static void running_header(struct flow *f, void *ctx)
{
    struct doc *d = ctx;
    double h;

    if (!prepare_running(d, f->box.right - f->box.left))
        return;
    h = layout_spans_at(f, &d->small, d->running.buf, d->running_spans,
                        d->running_n, f->box.left, f->y,
                        f->box.right - f->box.left);
    f->y += h + d->small.size * 0.6;
}

enum pdf_orientation doc_orientation(struct doc *d, struct grid *g)
{
    static const char *const words[] = {"auto", "portrait", "landscape", NULL};
    struct pdf_box b;
    int v;

    tpl_failed(d, template_choice(&d->tpl, "page", "orientation", words, 0, &v,
                                  d->dl));
    if (v == 1)
        return PDF_PORTRAIT;
    if (v == 2 || d->err)
        return PDF_LANDSCAPE;
    pdf_box_for(d->pdf, PDF_PORTRAIT, &b);
    if (grid_natural_width(d->pdf, g, d->table_size, 1) <= b.right - b.left)
        return PDF_PORTRAIT;
    return PDF_LANDSCAPE;
}

void doc_begin(struct doc *d, enum pdf_orientation o)
{
    struct strbuf place = STRBUF_INIT, dates = STRBUF_INIT;
    struct text_style st;
    int no_place, no_dates;
    double width, lead;

    flow_init(&d->flow, d->pdf, o);
    d->flow.on_page = running_header;
    d->flow.ctx = d;
    flow_new_page(&d->flow);
    if (d->err)
        return;

    header_line(d, "organiser", &d->heading);
    st = d->title_style;
    st.align = ALIGN_CENTRE;
    flow_space(&d->flow, d->body.size * 0.3);
    flow_text(&d->flow, &st, d->title.buf);
    if (d->subtitle.len) {
        st = d->body;
        st.align = ALIGN_CENTRE;
        flow_text(&d->flow, &st, d->subtitle.buf);
    }
    flow_space(&d->flow, d->body.size * 0.3);
    header_line(d, "event", &d->heading);
    header_line(d, "section", &d->body);
    flow_space(&d->flow, d->body.size * 0.4);

    /* Place on the left and dates on the right of one line when they fit. */
    no_place = doc_expand(d, "header", "place", NULL, 0, &place);
    no_dates = doc_expand(d, "header", "dates", NULL, 0, &dates);
    width = d->flow.box.right - d->flow.box.left;
    lead = d->body.size * LAYOUT_LEADING;
    if (!no_place && !no_dates &&
        pdf_text_width(d->pdf, d->body.face, d->body.size, place.buf,
                       place.len) +
                pdf_text_width(d->pdf, d->body.face, d->body.size, dates.buf,
                               dates.len) +
                2 * d->body.size <=
            width) {
        st = d->body;
        layout_text_at(&d->flow, &st, place.buf, d->flow.box.left, d->flow.y,
                       width);
        st.align = ALIGN_RIGHT;
        layout_text_at(&d->flow, &st, dates.buf, d->flow.box.left, d->flow.y,
                       width);
        d->flow.y += lead;
    } else {
        st = d->body;
        if (!no_place)
            flow_text(&d->flow, &st, place.buf);
        if (!no_dates)
            flow_text(&d->flow, &st, dates.buf);
    }
    strbuf_reset(&place);
    if (!doc_expand(d, "header", "time-control", NULL, 0, &place)) {
        st = d->body;
        flow_text(&d->flow, &st, place.buf);
    }
    flow_space(&d->flow, d->body.size * 0.6);
    strbuf_release(&place);
    strbuf_release(&dates);
}

void doc_table(struct doc *d, struct grid *g)
{
    double width = d->flow.box.right - d->flow.box.left;

    if (d->err)
        return;
    if (grid_fit(d->pdf, g, width, d->table_size, d->table_min_size)) {
        doc_fail(d, ERR_RENDER,
                 "the %s (%zu columns) is too wide for the page even at %g pt",
                 strcmp(d->kind, "crosstable") ? "ranking table"
                                               : "cross table",
                 g->ncols, d->table_min_size);
        return;
    }
    grid_draw(&d->flow, g);
}

void doc_lines_expand(struct doc *d, struct doc_lines *lines,
                      const char *section, const char *key,
                      const struct template_var *extra, size_t n_extra)
{
    struct strbuf sb = STRBUF_INIT;

    if (doc_expand(d, section, key, extra, n_extra, &sb)) {
        strbuf_release(&sb);
        return;
    }
    ALLOC_GROW(lines->items, lines->nr + 1, lines->alloc);
    lines->items[lines->nr++] = sb;
}

void doc_lines_release(struct doc_lines *lines)
{
    size_t i;

    for (i = 0; i < lines->nr; i++)
        strbuf_release(&lines->items[i]);
    free(lines->items);
    memset(lines, 0, sizeof(*lines));
}

void doc_legend(struct doc *d, const struct doc_lines *lines)
{
    double lead = d->small.size * LAYOUT_LEADING;
    const char *heading;
    size_t i;

    if (!lines->nr || d->err)
        return;
    heading = doc_str(d, "legend", "heading");
    flow_space(&d->flow, d->small.size);
    flow_need(&d->flow, 2 * lead);
    if (*heading)
        flow_text(&d->flow, &d->small_bold, heading);
    for (i = 0; i < lines->nr; i++)
        flow_text(&d->flow, &d->small, lines->items[i].buf);
}

void doc_notes(struct doc *d)
{
    size_t i;

    if (!d->dc->n_notes || d->err)
        return;
    flow_space(&d->flow, d->small.size);
    for (i = 0; i < d->dc->n_notes; i++)
        flow_text(&d->flow, &d->small, d->dc->notes[i]);
}

/* The signatories: position lines, names, heights. */
struct signatures {
    struct strbuf position[2], name[2];
    double height[2];
    double total; /* of the block, without the space above it */
};

/* Signatures are set in these shares of the width: position, line. */
#define SIGN_POSITION 0.45
#define SIGN_LINE     0.22

static void signatures_prepare(struct doc *d, struct signatures *sg)
{
    static const char *const keys[2] = {"arbiter", "secretary"};
    const struct doc_context *dc = d->dc;
    const char *names[2], *cats[2];
    double width = d->flow.box.right - d->flow.box.left;
    double gap = 1.6 * d->body.size * LAYOUT_LEADING;
    int i;

    names[0] = dc->chief_arbiter;
    names[1] = dc->chief_secretary;
    cats[0] = dc->chief_arbiter_category;
    cats[1] = dc->chief_secretary_category;
    sg->total = 0;
    for (i = 0; i < 2; i++) {
        struct template_var v[] = {
            {"position", doc_str(d, "signatures", keys[i])},
            {"category", cats[i]},
        };
        strbuf_init(&sg->position[i], 0);
        strbuf_init(&sg->name[i], 0);
        if (cats[i] && *cats[i])
            doc_expand(d, "signatures", "with-category", v, 2,
                       &sg->position[i]);
        else
            strbuf_addstr(&sg->position[i], v[0].value);
        doc_official_name(&sg->name[i], names[i]);
        sg->height[i] =
            flow_text_height(&d->flow, &d->body, sg->position[i].buf,
                             width * SIGN_POSITION - d->body.size);
        sg->total += sg->height[i] + (i ? gap : 0);
    }
}

static void signatures_release(struct signatures *sg)
{
    int i;

    for (i = 0; i < 2; i++) {
        strbuf_release(&sg->position[i]);
        strbuf_release(&sg->name[i]);
    }
}

void doc_signatures(struct doc *d)
{
    struct signatures sg;
    double width = d->flow.box.right - d->flow.box.left;
    double lead = d->body.size * LAYOUT_LEADING, gap = 1.6 * lead;
    double wpos = width * SIGN_POSITION, wline = width * SIGN_LINE;
    int i;

    if (d->err)
        return;
    signatures_prepare(d, &sg);
    /* Two lines above the signatures, fewer rather than a page of only
       signatures. */
    if (flow_room(&d->flow) >= sg.total + 2 * lead)
        flow_space(&d->flow, 2 * lead);
    else if (flow_room(&d->flow) >= sg.total + 0.6 * lead)
        flow_space(&d->flow, flow_room(&d->flow) - sg.total);
    else
        flow_need(&d->flow, sg.total);
    for (i = 0; i < 2; i++) {
        double y = d->flow.y, last;
        double x = d->flow.box.left;
        layout_text_at(&d->flow, &d->body, sg.position[i].buf, x, y,
                       wpos - d->body.size);
        last = y + sg.height[i] - lead;
        /* The line to sign on, level with the last line of the position
           (ДСТУ 4163:2020), then the name. */
        pdf_line(d->pdf, x + wpos, last + lead * 0.8, x + wpos + wline,
                 last + lead * 0.8, 0.5);
        layout_text_at(&d->flow, &d->body, sg.name[i].buf,
                       x + wpos + wline + d->body.size, last,
                       width - wpos - wline - d->body.size);
        d->flow.y = y + sg.height[i] + gap;
    }
    signatures_release(&sg);
}

/*
 * Height of what follows the table: the legend, the notes and the
 * signatures (with the least space above them).
 */
static double end_height(struct doc *d)
{
    double width = d->flow.box.right - d->flow.box.left;
    double lead = d->small.size * LAYOUT_LEADING, h = 0;
    struct signatures sg;
    size_t i;

    if (d->legend.nr) {
        h += d->small.size + lead;
        for (i = 0; i < d->legend.nr; i++)
            h += flow_text_height(&d->flow, &d->small, d->legend.items[i].buf,
                                  width);
    }
    if (d->dc->n_notes) {
        h += d->small.size;
        for (i = 0; i < d->dc->n_notes; i++)
            h += flow_text_height(&d->flow, &d->small, d->dc->notes[i], width);
    }
    signatures_prepare(d, &sg);
    h += sg.total + 0.6 * d->body.size * LAYOUT_LEADING;
    signatures_release(&sg);
    return h;
}

/* "Сторінка N з M" on every page of a document of more than one page. */
static void page_numbers(struct doc *d)
{
    static const char *const when_words[] = {"never", "multi", "always", NULL};
    static const char *const pos_words[] = {"bottom", "top", NULL};
    size_t n = pdf_page_count(d->pdf), i;
    char num[24], total[24];
    struct template_var v[2];
    int when, pos;

    tpl_failed(d, template_choice(&d->tpl, "page-numbers", "when", when_words,
                                  1, &when, d->dl));
    tpl_failed(d, template_choice(&d->tpl, "page-numbers", "position",
                                  pos_words, 0, &pos, d->dl));
    if (d->err || !when || (when == 1 && n < 2))
        return;
    snprintf(total, sizeof(total), "%zu", n);
    v[0].name = "n";
    v[0].value = num;
    v[1].name = "m";
    v[1].value = total;
    for (i = 0; i < n; i++) {
        struct strbuf sb = STRBUF_INIT;
        struct text_style st = d->small;
        struct pdf_box b;
        double w, h, y;

        snprintf(num, sizeof(num), "%zu", i + 1);
        doc_expand(d, "page-numbers", "format", v, 2, &sb);
        pdf_select_page(d->pdf, i);
        pdf_content_box(d->pdf, &b);
        pdf_page_size(d->pdf, &w, &h);
        st.align = ALIGN_CENTRE;
        y = pos ? (b.top - st.size * LAYOUT_LEADING) / 2
                : b.bottom +
                      (pdf_margin_bottom(d->pdf) - st.size * LAYOUT_LEADING) /
                          2;
        layout_text_at(&d->flow, &st, sb.buf, b.left, y, b.right - b.left);
        strbuf_release(&sb);
    }
}

enum err doc_compose(struct doc *d, const char *path)
{
    if (!d->err) {
        doc_column_legend(d, d->cols, d->ncols, &d->legend);
        doc_begin(d, doc_orientation(d, &d->grid));
        /* The last rows of the table go with the end of the document:
           signatures always sign some of the table. */
        d->grid.keep_tail = end_height(d);
        d->grid.keep_rows = 3;
        doc_table(d, &d->grid);
        doc_legend(d, &d->legend);
        doc_notes(d);
        doc_signatures(d);
    }
    return doc_finish(d, path);
}

enum err doc_finish(struct doc *d, const char *path)
{
    enum err e;

    if (d->err)
        return d->err;
    page_numbers(d);
    if (d->err)
        return d->err;
    e = pdf_save(d->pdf, path, d->dl);
    if (e && !d->err)
        d->err = e;
    return d->err;
}
