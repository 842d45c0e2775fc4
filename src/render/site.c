/* archive/site: the archive as static HTML pages (site.h).
 * SPDX-License-Identifier: MIT
 *
 * Every page is made in memory from the catalogue (the same queries as
 * 'sekretar query', so the numbers agree) and written only when its bytes
 * differ from the file there.  Links are relative, so the site works from
 * file:// and from any folder of a web server; nothing names another host.
 */
#define _POSIX_C_SOURCE 200809L
#include "render/site.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chess.h"
#include "core/knockout.h"
#include "core/rating.h"
#include "core/region.h"
#include "core/tiebreak.h"
#include "render/board.h"
#include "render/render.h"
#include "render/wording.h"
#include "util/collate.h"
#include "util/date.h"
#include "util/file.h"
#include "util/filetree.h"
#include "util/name.h"
#include "util/num.h"
#include "util/os.h"
#include "util/quote.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/table.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

#define SITE_NAME "Архів чемпіонатів України з шахів"

struct site {
    struct rating_expect expect; /* FIDE's table 8.1b, for rating changes */
    const char *out;
    const struct site_source *src;
    struct diag_list *dl;
    struct site_result *res;
    struct table events;   /* SITE_EVENTS */
    struct table sections; /* SITE_SECTIONS */
    struct table people;   /* SITE_PEOPLE */
    struct table diplomas; /* SITE_DIPLOMAS */
    size_t *dip_ev;        /* diplomas by event (then as listed) */
    size_t *dip_person;    /* diplomas by person (then as listed) */
    size_t *sec_idx;       /* sections by event and key */
    size_t *ev_idx;        /* events by key */
    char **slugs;          /* each person's (s->people's rows) page name */
    size_t *by_id;         /* s->people's rows by id */
    long long *ids;        /* their ids, in that order (for bsearch) */
    size_t *by_key;        /* s->people's rows by key (Ident) */
    size_t *by_slug;       /* s->people's rows by page name */
    const char *page_key;  /* the key page_end records the page under */
    const char *refresh;   /* the page only leads here (a redirect) */
    struct table group_rows[3]; /* SITE_GROUPS: regions, clubs, coaches */
    struct group *groups[3];
    size_t n_groups[3], *group_by_key[3];
    struct filetree *tree; /* the site being made (util/filetree.h) */
    struct strbuf page;
    const char *up; /* from the page being made to the site's root */
    int sorts;      /* the page has a table sort.js sorts */
    int steps;      /* the page has a board game.js steps through */
    struct strbuf event_pgn; /* the games of the event being made */
    size_t event_games;      /* how many */
    size_t games;            /* game pages made */
    struct words *pages; /* every page's path, for the sitemap */
};

/* ================================================================ rows */

/* Ask the source for rows what of key (event, section, person,
   version). */
static enum err rows(struct site *s, enum site_rows what, const char *event,
                     const char *section, long long person, int version,
                     struct table *out)
{
    struct site_key k;

    memset(out, 0, sizeof(*out));
    k.event = event;
    k.section = section;
    k.text = NULL;
    k.person = person;
    k.version = version;
    return s->src->rows(s->src->arg, what, &k, out, s->dl);
}

/* =============================================================== files */

/* A set of strings (letters, categories), sorted when asked. */
struct words {
    char **v;
    size_t n, alloc;
};

static void words_add(struct words *w, const char *word)
{
    size_t i;

    for (i = 0; i < w->n; i++)
        if (!strcmp(w->v[i], word))
            return;
    ALLOC_GROW(w->v, w->n + 1, w->alloc);
    w->v[w->n++] = xstrdup(word);
}

/* Append word, known to be new (no search: a list of many). */
static void words_push(struct words *w, const char *word)
{
    ALLOC_GROW(w->v, w->n + 1, w->alloc);
    w->v[w->n++] = xstrdup(word);
}

static int word_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void words_sort(struct words *w)
{
    if (w->n)
        qsort(w->v, w->n, sizeof(*w->v), word_cmp);
}

/* Age categories youngest first ("U8" before "U10"), then the others in
 * alphabetical order. */
static int category_cmp(const void *a, const void *b)
{
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    int ux = (x[0] == 'U' || x[0] == 'u') && x[1] >= '0' && x[1] <= '9';
    int uy = (y[0] == 'U' || y[0] == 'u') && y[1] >= '0' && y[1] <= '9';

    long nx = ux ? strtol(x + 1, NULL, 10) : 0,
         ny = uy ? strtol(y + 1, NULL, 10) : 0;

    if (ux && uy && nx != ny)
        return nx < ny ? -1 : 1;
    if (ux != uy)
        return ux ? -1 : 1;
    return collate_cmp(x, y);
}

static void words_release(struct words *w)
{
    size_t i;

    for (i = 0; i < w->n; i++)
        free(w->v[i]);
    free(w->v);
    memset(w, 0, sizeof(*w));
}


/* 1 when the last run put the file of key and size (-1: any) at rel. */
static int put_before(struct site *s, const char *rel, const char *key,
                      long long size)
{
    return filetree_unchanged(s->tree, rel, key, size);
}

/*
 * Put len bytes at rel in the site, recorded under key (NULL: their
 * SHA-256): the file the last run wrote with this key and size is kept,
 * not even read.
 */
static enum err put_bytes(struct site *s, const char *rel, const char *key,
                          const void *data, size_t len)
{
    return filetree_put(s->tree, rel, key, data, len, s->dl);
}

/* ============================================================= writing */

static void h(struct site *s, const char *text)
{
    html_quote(&s->page, text);
}

static void add(struct site *s, const char *text)
{
    strbuf_addstr(&s->page, text);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void addf(struct site *s, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    strbuf_vaddf(&s->page, fmt, ap);
    va_end(ap);
}

/* <a href="UP + href">text</a>; href is ours (no quoting needed). */
static void a_link(struct site *s, const char *href, const char *text)
{
    addf(s, "<a href=\"%s%s\">", s->up, href);
    h(s, text);
    add(s, "</a>");
}

/* A page's start, its links from s->up to the site's root. */
static void page_begin_at(struct site *s, const char *title)
{
    strbuf_reset(&s->page);
    s->sorts = 0;
    s->steps = 0;
    add(s, "<!DOCTYPE html>\n<html lang=\"uk\">\n<head>\n"
           "<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, "
           "initial-scale=1\">\n<title>");
    h(s, title);
    add(s, " — " SITE_NAME "</title>\n");
    if (s->refresh) {
        addf(s, "<meta http-equiv=\"refresh\" content=\"0; url=");
        h(s, s->refresh);
        add(s, "\">\n<meta name=\"robots\" content=\"noindex\">\n");
    }
    addf(s, "<link rel=\"stylesheet\" href=\"%sstyle.css\">\n", s->up);
    add(s, "</head>\n<body>\n<header>\n<p class=\"site\">");
    a_link(s, "index.html", SITE_NAME);
    add(s, "</p>\n<nav>");
    a_link(s, "index.html", "Головна");
    add(s, " ");
    a_link(s, "champions/index.html", "Чемпіони");
    add(s, " ");
    a_link(s, "medals/region.html", "Медалі");
    add(s, " ");
    a_link(s, "people/index.html", "Учасники");
    add(s, " ");
    a_link(s, "search.html", "Пошук");
    add(s, "</nav>\n</header>\n<main>\n");
}

static void page_begin(struct site *s, int depth, const char *title)
{
    static const char *const ups[] = {"", "../", "../../", "../../../"};

    s->up = ups[depth];
    page_begin_at(s, title);
}

static void url_path(struct strbuf *out, const char *name);

static enum err page_end(struct site *s, const char *rel)
{
    struct strbuf url = STRBUF_INIT;

    add(s, "</main>\n<footer>\n<p>Сторінки створено програмою Sekretar з "
           "каталогу архіву; документи та пакети — ті, що записані в "
           "архіві, з їхніми SHA-256.</p>\n");
    /* A printout names its source: the page's address, or its path in
       the site when the site's address is not known. */
    if (s->src->base_url)
        strbuf_addstr(&url, s->src->base_url);
    url_path(&url, rel);
    add(s, "<p class=\"source\">Джерело: " SITE_NAME ", ");
    h(s, url.buf);
    add(s, "</p>\n</footer>\n");
    if (s->sorts)
        addf(s, "<script src=\"%ssort.js\"></script>\n", s->up);
    if (s->steps)
        addf(s, "<script src=\"%sgame.js\"></script>\n", s->up);
    add(s, "</body>\n</html>\n");
    strbuf_release(&url);
    if (s->pages && strcmp(rel, "404.html") && !s->refresh)
        words_push(s->pages, rel);
    s->refresh = NULL;
    s->res->pages++;
    if (s->page_key) {
        /* a person's page: recorded under his key (a redirect to where
           he is now, when the page has another name later) */
        char hex[65];
        struct strbuf key = STRBUF_INIT;
        enum err e;
        sha256_hex(s->page.buf, s->page.len, hex);
        strbuf_addf(&key, "person:%s:%s", s->page_key, hex);
        e = put_bytes(s, rel, key.buf, s->page.buf, s->page.len);
        strbuf_release(&key);
        s->page_key = NULL;
        return e;
    }
    return put_bytes(s, rel, NULL, s->page.buf, s->page.len);
}

/* A table's start: <div class="scroll"><table class=cls><thead>... */
static void table_begin(struct site *s, const char *cls,
                        const char *const *heads, const char *nums)
{
    size_t i;

    addf(s, "<div class=\"scroll\">\n<table class=\"%s\">\n<thead><tr>", cls);
    if (strstr(cls, "sortable"))
        s->sorts = 1;
    for (i = 0; heads[i]; i++) {
        add(s, nums && nums[i] == 'n' ? "<th class=\"n\">" : "<th>");
        h(s, heads[i]);
        add(s, "</th>");
    }
    add(s, "</tr></thead>\n<tbody>\n");
}

/* A file's name in a URL path: what is not a letter, digit or one of
 * "-._~/" as %XX (UTF-8 bytes too), so that "#", "?", "%" and blanks in
 * the names of a bundle's files do not break the link. */
static void url_path(struct strbuf *out, const char *name)
{
    for (; *name; name++) {
        unsigned char c = (unsigned char)*name;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            (c >= '0' && c <= '9') || strchr("-._~/", c))
            strbuf_addch(out, (char)c);
        else
            strbuf_addf(out, "%%%02X", c);
    }
}

/* <dt>term</dt><dd>text</dd> when text is not empty. */
static void fact(struct site *s, const char *term, const char *text)
{
    if (!*text)
        return;
    addf(s, "<dt>%s</dt><dd>", term);
    h(s, text);
    add(s, "</dd>\n");
}

static void table_end(struct site *s)
{
    add(s, "</tbody>\n</table>\n</div>\n");
}

static void td(struct site *s, const char *text)
{
    add(s, "<td>");
    h(s, text);
    add(s, "</td>");
}

static void tdn(struct site *s, const char *text)
{
    add(s, "<td class=\"n\">");
    h(s, text);
    add(s, "</td>");
}

static void td_link(struct site *s, const char *href, const char *text)
{
    add(s, "<td>");
    a_link(s, href, text);
    add(s, "</td>");
}

/* A number in a cell of a query's table (0 when empty). */
static int cell_int(const char *s)
{
    return (int)strtol(s, NULL, 10);
}

static long long cell_ll(const char *s)
{
    return strtoll(s, NULL, 10);
}

/* ============================================================ wording */

/* A number of the catalogue as the documents write it (util/num.h):
   "7", "7½", "27¼", "−½", else "27,30"; text that is no number as it is. */
static void number_text(struct strbuf *out, const char *v)
{
    double d;

    if (!*v || num_parse_decimal(v, ".", &d))
        strbuf_addstr(out, v);
    else
        num_points(out, d);
}

/* A place, or shared places "4–5", as the documents write it. */
static void place_text(struct strbuf *out, const char *lo, const char *hi)
{
    doc_place(out, cell_int(lo), cell_int(hi));
}

/* "1–9 червня 2023 р." from two ISO dates, as the documents write them. */
static void dates_text(struct strbuf *out, const char *start, const char *end)
{
    struct date a, b;

    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    if (date_parse(start, &a))
        memset(&a, 0, sizeof(a));
    if (date_parse(end, &b))
        memset(&b, 0, sizeof(b));
    doc_dates(out, &a, &b, start, end, 1);
}

static const char *system_text(const char *sys)
{
    return doc_system_text(sys);
}

static const char *discipline_text(const char *d)
{
    return doc_discipline_text(d);
}

static const char *sex_text(const char *sx)
{
    return !strcmp(sx, "m") ? "Юнаки, чоловіки"
           : !strcmp(sx, "f") ? "Дівчата, жінки"
                              : "Змішані секції";
}

/* ============================================================ lookups */

static const struct site *sort_site;

static int sec_cmp(const void *a, const void *b)
{
    const struct table *t = &sort_site->sections;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int c = strcmp(table_cell(t, i, 0), table_cell(t, j, 0));
    return c ? c : strcmp(table_cell(t, i, 1), table_cell(t, j, 1));
}

static int ev_cmp(const void *a, const void *b)
{
    const struct table *t = &sort_site->events;
    return strcmp(table_cell(t, *(const size_t *)a, 0),
                  table_cell(t, *(const size_t *)b, 0));
}

static void index_make(struct site *s)
{
    size_t i;

    s->sec_idx = xcalloc(s->sections.nrows + 1, sizeof(size_t));
    for (i = 0; i < s->sections.nrows; i++)
        s->sec_idx[i] = i;
    s->ev_idx = xcalloc(s->events.nrows + 1, sizeof(size_t));
    for (i = 0; i < s->events.nrows; i++)
        s->ev_idx[i] = i;
    sort_site = s;
    qsort(s->sec_idx, s->sections.nrows, sizeof(size_t), sec_cmp);
    qsort(s->ev_idx, s->events.nrows, sizeof(size_t), ev_cmp);
}

/* The row of the section (event, key) in s->sections, or -1. */
static long sec_find(const struct site *s, const char *event, const char *key)
{
    size_t lo = 0, hi = s->sections.nrows;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2, r = s->sec_idx[mid];
        int c = strcmp(table_cell(&s->sections, r, 0), event);
        if (!c)
            c = strcmp(table_cell(&s->sections, r, 1), key);
        if (!c)
            return (long)r;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* The row of the event in s->events, or -1. */
static long ev_find(const struct site *s, const char *event)
{
    size_t lo = 0, hi = s->events.nrows;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2, r = s->ev_idx[mid];
        int c = strcmp(table_cell(&s->events, r, 0), event);
        if (!c)
            return (long)r;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* The year of an event id ("2023-06-01-u10-lviv"). */
static void year_of(struct strbuf *out, const char *event)
{
    strbuf_add(out, event, strlen(event) >= 4 ? 4 : strlen(event));
}

/* The URL of an event's page, of a section's, of a person's. */
static void event_url(struct strbuf *out, const char *event)
{
    strbuf_reset(out);
    year_of(out, event);
    strbuf_addf(out, "/%s/index.html", event);
}

static void section_url(struct strbuf *out, const char *event,
                        const char *section)
{
    strbuf_reset(out);
    year_of(out, event);
    strbuf_addf(out, "/%s/%s.html", event, section);
}

/* ========================================================= person URLs */

/* A name in Latin letters for a file name: "shevchenko-ostap-ihorovych";
   "other" when nothing of it is left. */
static void name_slug(struct strbuf *out, const char *name)
{
    struct strbuf t = STRBUF_INIT;
    const char *p;

    strbuf_reset(out);
    name_translit(&t, name);
    for (p = t.buf; *p; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            strbuf_addch(out, c);
        else if (out->len && out->buf[out->len - 1] != '-')
            strbuf_addch(out, '-');
    }
    while (out->len && out->buf[out->len - 1] == '-')
        strbuf_setlen(out, out->len - 1);
    if (!out->len)
        strbuf_addstr(out, "other");
    strbuf_release(&t);
}

/*
 * A person's pages are named by him, not by the catalogue's numbering
 * (which follows the order the events were built): his name in Latin
 * letters and his year of birth, "people/shevchenko-ostap-ihorovych-2013
 * .html".  Namesakes born the same year are told apart by their first
 * event (its date, then the event, section and start number): the first
 * has the name alone, the next "-2", "-3".
 */
static void slug_base(struct strbuf *out, const char *name, const char *year)
{
    name_slug(out, name);
    if (*year)
        strbuf_addf(out, "-%.4s", year);
    else if (!strchr(out->buf, '-'))
        /* never a letter's page (people/sh.html) */
        strbuf_addstr(out, "-x");
}

static const struct site *sort_people;

static int slug_cmp(const void *a, const void *b)
{
    const struct table *pp = &sort_people->people;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int c = strcmp(sort_people->slugs[i], sort_people->slugs[j]);

    if (!c)
        c = strcmp(table_cell(pp, i, 7), table_cell(pp, j, 7));
    if (!c)
        c = strcmp(table_cell(pp, i, 3), table_cell(pp, j, 3));
    if (!c)
        c = strcmp(table_cell(pp, i, 6), table_cell(pp, j, 6));
    return c ? c : (i > j) - (i < j);
}

static int id_cmp(const void *a, const void *b)
{
    const struct table *pp = &sort_people->people;
    long long x = cell_ll(table_cell(pp, *(const size_t *)a, 0)),
              y = cell_ll(table_cell(pp, *(const size_t *)b, 0));
    return (x > y) - (x < y);
}

static int key_cmp(const void *a, const void *b)
{
    const struct table *pp = &sort_people->people;
    return strcmp(table_cell(pp, *(const size_t *)a, 6),
                  table_cell(pp, *(const size_t *)b, 6));
}

static int slug_only_cmp(const void *a, const void *b)
{
    return strcmp(sort_people->slugs[*(const size_t *)a],
                  sort_people->slugs[*(const size_t *)b]);
}

static void slugs_make(struct site *s)
{
    const struct table *pp = &s->people;
    size_t i, j, n = pp->nrows, *order = xcalloc(n + 1, sizeof(*order));
    struct strbuf sb = STRBUF_INIT;

    s->slugs = xcalloc(n + 1, sizeof(*s->slugs));
    s->by_id = xcalloc(n + 1, sizeof(*s->by_id));
    for (i = 0; i < n; i++) {
        slug_base(&sb, table_cell(pp, i, 1), table_cell(pp, i, 2));
        s->slugs[i] = xstrdup(sb.buf);
        order[i] = s->by_id[i] = i;
    }
    sort_people = s;
    if (n) {
        qsort(order, n, sizeof(*order), slug_cmp);
        qsort(s->by_id, n, sizeof(*s->by_id), id_cmp);
    }
    for (i = 0; i < n; i = j) {
        const char *base = s->slugs[order[i]];
        for (j = i + 1; j < n && !strcmp(s->slugs[order[j]], base); j++) {
            strbuf_reset(&sb);
            strbuf_addf(&sb, "%s-%zu", base, j - i + 1);
            free(s->slugs[order[j]]);
            s->slugs[order[j]] = xstrdup(sb.buf);
        }
    }
    s->ids = xcalloc(n + 1, sizeof(*s->ids));
    for (i = 0; i < n; i++)
        s->ids[i] = cell_ll(table_cell(pp, s->by_id[i], 0));
    s->by_key = xcalloc(n + 1, sizeof(*s->by_key));
    s->by_slug = xcalloc(n + 1, sizeof(*s->by_slug));
    for (i = 0; i < n; i++)
        s->by_key[i] = s->by_slug[i] = i;
    if (n) {
        qsort(s->by_key, n, sizeof(*s->by_key), key_cmp);
        qsort(s->by_slug, n, sizeof(*s->by_slug), slug_only_cmp);
    }
    free(order);
    strbuf_release(&sb);
}

/* The row of s->people whose column col (6: key; -1: page name) is text,
   or -1. */
static long person_find(const struct site *s, int col, const char *text)
{
    const size_t *idx = col < 0 ? s->by_slug : s->by_key;
    size_t lo = 0, hi = s->people.nrows;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *x = col < 0 ? s->slugs[idx[mid]]
                                : table_cell(&s->people, idx[mid], 6);
        int c = strcmp(x, text);
        if (!c)
            return (long)idx[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* The row of s->people of the person with this id, or -1. */
static long person_row(const struct site *s, const char *person)
{
    long long id = cell_ll(person);
    size_t lo = 0, hi = s->people.nrows;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        long long x = s->ids[mid];
        if (x == id)
            return (long)s->by_id[mid];
        if (x < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* A person's page name (his id when he has no page). */
static const char *person_slug(const struct site *s, const char *person)
{
    long r = person_row(s, person);

    return r < 0 ? person : s->slugs[r];
}

static void person_url(const struct site *s, struct strbuf *out,
                       const char *person)
{
    strbuf_reset(out);
    strbuf_addf(out, "people/%s.html", person_slug(s, person));
}

/* The title an event is listed under: its short title, else its title. */
static const char *event_title(const struct site *s, const char *event)
{
    long r = ev_find(s, event);
    const char *t;

    if (r < 0)
        return event;
    t = table_cell(&s->events, (size_t)r, 9);
    return *t ? t : event;
}

static const char *section_title(const struct site *s, const char *event,
                                 const char *section)
{
    long r = sec_find(s, event, section);
    const char *t = r < 0 ? "" : table_cell(&s->sections, (size_t)r, 2);

    return *t ? t : section;
}

/* The name of an event for a page's title: its title, then the city and
 * year when the title does not already say them, "Чемпіонат України ...
 * (Львів, 2023)"; title NULL for the catalogue's short one. */
static void event_label(struct strbuf *out, const struct site *s,
                        const char *event, const char *title)
{
    long r = ev_find(s, event);
    const char *t = title ? title : event_title(s, event), *city;
    struct strbuf year = STRBUF_INIT;

    year_of(&year, event);
    strbuf_addstr(out, t);
    city = r < 0 ? "" : table_cell(&s->events, (size_t)r, 4);
    if (*city && strstr(t, city))
        city = "";
    if (!strstr(t, year.buf))
        strbuf_addf(out, " (%s%s%s)", city, *city ? ", " : "", year.buf);
    else if (*city)
        strbuf_addf(out, " (%s)", city);
    strbuf_release(&year);
}

/* The search shard of a Latin fold: its first two letters or digits. */
static void shard_of(struct strbuf *out, const char *latin)
{
    size_t i;

    strbuf_reset(out);
    for (i = 0; i < 2; i++) {
        unsigned char c = (unsigned char)latin[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            break;
        strbuf_addch(out, (char)c);
    }
    if (out->len < 2) {
        strbuf_reset(out);
        strbuf_addstr(out, "other");
    }
}

/* =========================================================== sections */

/*
 * The parts of a section page, in order: each says whether the section
 * has it and writes it.  A further kind of table (a knock-out bracket,
 * team tables) is one more row.
 */
struct section_view {
    const char *event, *section;
    const struct table *ranking; /* SITE_RANKING */
    struct tiebreak_rules rules; /* the section's tie-breaks as used */
    const char *system;
    int rounds;
    const struct table *ko_games; /* a knock-out's: SITE_KO_GAMES */
    const struct table *teams;    /* a team competition's: SITE_TEAMS */
    const struct table *files;    /* the event's: SITE_BUNDLE_FILES */
    const struct table *games;    /* its games with moves:
                                     SITE_SECTION_GAMES */
};

/* ============================================================== games */

/* The columns of a section's games (SITE_SECTION_GAMES). */
enum {
    G_ROUND, G_BOARD, G_MATCH, G_GAME, G_STAGE, G_WNO, G_BNO, G_WHITE,
    G_BLACK, G_WNAME, G_BNAME, G_RESULT, G_ECO, G_MOVES, G_PGN
};

/*
 * The URL of a game's page (ext "html") or its PGN ("pgn"): in its
 * section's folder, named by its round and the start numbers of white
 * and black, a knock-out game by its number in the match too:
 * "2023/EVENT/girls-classic/3-12-7.html", ".../final/1-5-28-2.html".
 */
static void game_url(struct strbuf *out, const char *event,
                     const char *section, const char *round, const char *wno,
                     const char *bno, const char *game, const char *ext)
{
    strbuf_reset(out);
    year_of(out, event);
    strbuf_addf(out, "/%s/%s/%s-%s-%s", event, section, round, wno, bno);
    if (cell_int(game) > 0)
        strbuf_addf(out, "-%d", cell_int(game));
    strbuf_addf(out, ".%s", ext);
}

/* The URL of row i of a section's games. */
static void section_game_url(struct strbuf *out, const struct section_view *v,
                             size_t i, const char *ext)
{
    const struct table *g = v->games;

    game_url(out, v->event, v->section, table_cell(g, i, G_ROUND),
             table_cell(g, i, G_WNO), table_cell(g, i, G_BNO),
             table_cell(g, i, G_GAME), ext);
}

/* A URL of game_url() as a link from a page of its event's folder (a
   section's page): "girls-classic/3-12-7.html". */
static const char *from_event(const struct strbuf *url, const char *event)
{
    const char *p = strchr(url->buf, '/');

    return p && !strncmp(p + 1, event, strlen(event)) &&
                   p[1 + strlen(event)] == '/'
               ? p + 2 + strlen(event)
               : url->buf;
}

/* The row of v's games with moves of round between start numbers a and b
   (either with white), game number game of a knock-out match (< 0: any),
   or -1. */
static long game_find(const struct section_view *v, int round, int a, int b,
                      int game)
{
    const struct table *g = v->games;
    size_t i;

    for (i = 0; g && i < g->nrows; i++) {
        int w = cell_int(table_cell(g, i, G_WNO)),
            bl = cell_int(table_cell(g, i, G_BNO));
        if (cell_int(table_cell(g, i, G_ROUND)) == round &&
            ((w == a && bl == b) || (w == b && bl == a)) &&
            (game < 0 || cell_int(table_cell(g, i, G_GAME)) == game) &&
            *table_cell(g, i, G_PGN))
            return (long)i;
    }
    return -1;
}

struct section_part {
    int (*has)(const struct section_view *v);
    void (*write)(struct site *s, const struct section_view *v);
};

static int has_rows(const struct section_view *v)
{
    return v->ranking->nrows > 0;
}

/* The Ukrainian heading of a tie-break code as used. */
static const char *tb_heading(const struct section_view *v, const char *code)
{
    size_t k;

    for (k = 0; k < v->rules.n; k++)
        if (!strcmp(v->rules.tb[k].code, code))
            return v->rules.tb[k].ua_short;
    return code;
}

/* The value of code in a tiebreaks cell ({"BH/C1": 49.0, "WIN": 6}). */
static void tb_value(struct strbuf *out, const char *cell, const char *code)
{
    struct strbuf key = STRBUF_INIT, v = STRBUF_INIT;
    const char *p, *end;

    strbuf_addf(&key, "\"%s\": ", code);
    p = strstr(cell, key.buf);
    if (p) {
        p += key.len;
        end = p + strcspn(p, ",}");
        strbuf_add(&v, p, (size_t)(end - p));
        if (strcmp(v.buf, "null"))
            number_text(out, v.buf);
    }
    strbuf_release(&key);
    strbuf_release(&v);
}

/* How unplayed rounds entered the tie-breaks, in words. */
static const char *policy_text(const char *code)
{
    if (!strcmp(code, "fide-2009"))
        return "правило «віртуального суперника» (ФІДЕ, 2009)";
    if (!strcmp(code, "fide-2024"))
        return "ФІДЕ C.07 (2024)";
    if (!strcmp(code, "fide-2026"))
        return "ФІДЕ C.07 зі змінами 2026 року";
    if (!strcmp(code, "none"))
        return "без поправок";
    return code;
}

/* The round a knock-out player reached, in words: the final, the match
   for 3rd place (places 3-4 in the last round), or the round he lost. */
static void reached_text(struct strbuf *out, const struct section_view *v,
                         const char *reached, const char *place)
{
    int r = cell_int(reached), last = v->rounds;

    if (!*reached)
        return;
    if (r >= last && last > 0)
        strbuf_addstr(out, cell_int(place) >= 3 ? "матч за 3 місце" : "фінал");
    else
        strbuf_addf(out, "%d-й раунд", r);
}

static void decided_text(struct strbuf *out, const struct section_view *v,
                         const char *d)
{
    if (!strcmp(d, "points"))
        strbuf_addstr(out, "очки");
    else if (!strcmp(d, "shared"))
        strbuf_addstr(out, "місце поділено");
    else if (!strcmp(d, "play-off"))
        strbuf_addstr(out, "додатковий матч");
    else if (!strcmp(d, "play-off needed"))
        strbuf_addstr(out, "потрібен додатковий матч");
    else
        strbuf_addstr(out, tb_heading(v, d));
}

/* Append the headings fixed (NULL-ended), of the kinds kinds ('n' a
 * number), to heads and nums from n; the new count. */
static size_t heads_put(const char **heads, char *nums, size_t n,
                        const char *const *fixed, const char *kinds)
{
    size_t i;

    for (i = 0; fixed[i]; i++) {
        heads[n] = fixed[i];
        nums[n++] = kinds[i];
    }
    return n;
}

/* A performance's cell: perf over games rated games; one of fewer than
 * RATING_PERFORMANCE_MIN_GAMES marked "*" with the count in its title.
 * Whether one was marked into *few. */
static void perf_cell(struct site *s, const char *perf, const char *games,
                      int *few)
{
    int n = cell_int(games);

    if (!*perf || !*games || n >= RATING_PERFORMANCE_MIN_GAMES) {
        tdn(s, perf);
        return;
    }
    *few = 1;
    add(s, "<td class=\"n\">");
    h(s, perf);
    addf(s, "<abbr class=\"few\" title=\"за %d рейтингов%s парті%s\">*"
            "</abbr></td>",
         n, n == 1 ? "у" : "і", n == 1 ? "ю" : "ї");
}

/* The legend line of the mark perf_cell puts. */
static void perf_few_legend(struct site *s)
{
    addf(s, "<dt>*</dt><dd>рейтинг-перформанс менш ніж за %d рейтингових "
            "партій — малонадійний показник</dd>\n",
         RATING_PERFORMANCE_MIN_GAMES);
}

static void part_ranking(struct site *s, const struct section_view *v)
{
    static const char *const first_heads[] = {
        "Місце",  "Ст. №",    "Прізвище, ім'я", "Розряд", "Рейтинг",
        "Регіон", "Рік нар.", "Очки",           NULL};
    static const char *const last_heads[] = {"Рп", "Вирішило", NULL};
    const struct table *r = v->ranking;
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    const char **heads;
    char *nums;
    size_t i, k, n = 0;
    int few = 0;

    static const char *const ko_heads[] = {"Дійшов до", NULL};
    int ko = !strcmp(v->system, "knock-out");

    heads = xcalloc(v->rules.n + 12, sizeof(*heads));
    nums = xcalloc(v->rules.n + 12, 1);
    n = heads_put(heads, nums, n, first_heads, "nnllnlnn");
    for (k = 0; k < v->rules.n && !ko; k++) {
        heads[n] = v->rules.tb[k].ua_short;
        nums[n++] = 'n';
    }
    n = heads_put(heads, nums, n, ko ? ko_heads : last_heads, ko ? "l" : "nl");
    add(s, v->teams && v->teams->nrows
               ? "<h2 id=\"ranking\">Особисті результати</h2>\n"
               : "<h2 id=\"ranking\">Підсумкова таблиця</h2>\n");
    table_begin(s, "ranking sortable", heads, nums);
    for (i = 0; i < r->nrows; i++) {
        addf(s, "<tr id=\"n%s\">", table_cell(r, i, 2));
        strbuf_reset(&sb);
        place_text(&sb, table_cell(r, i, 0), table_cell(r, i, 1));
        tdn(s, sb.buf);
        tdn(s, table_cell(r, i, 2));
        person_url(s, &url, table_cell(r, i, 4));
        td_link(s, url.buf, table_cell(r, i, 3));
        td(s, table_cell(r, i, 6));
        tdn(s, table_cell(r, i, 5));
        td(s, table_cell(r, i, 7));
        strbuf_reset(&sb);
        strbuf_add(&sb, table_cell(r, i, 16),
                   strlen(table_cell(r, i, 16)) >= 4 ? 4 : 0);
        tdn(s, sb.buf);
        strbuf_reset(&sb);
        number_text(&sb, table_cell(r, i, 10));
        addf(s, "<td class=\"n pts\">");
        h(s, sb.buf);
        add(s, "</td>");
        if (ko) {
            strbuf_reset(&sb);
            reached_text(&sb, v, table_cell(r, i, 17), table_cell(r, i, 0));
            td(s, sb.buf);
            add(s, "</tr>\n");
            continue;
        }
        for (k = 0; k < v->rules.n; k++) {
            strbuf_reset(&sb);
            tb_value(&sb, table_cell(r, i, 11), v->rules.tb[k].code);
            tdn(s, sb.buf);
        }
        perf_cell(s, table_cell(r, i, 14), table_cell(r, i, 18), &few);
        strbuf_reset(&sb);
        decided_text(&sb, v, table_cell(r, i, 12));
        td(s, sb.buf);
        add(s, "</tr>\n");
    }
    table_end(s);
    if (ko) {
        add(s, "<dl class=\"legend\">\n<dt>Очки</dt><dd>очки, набрані в "
               "усіх партіях матчів</dd>\n<dt>Дійшов до</dt><dd>раунд, у "
               "якому учасник вибув, або фінал і матч за 3 місце; місця "
               "визначає сітка змагань</dd>\n</dl>\n");
        free(heads);
        free(nums);
        strbuf_release(&sb);
        strbuf_release(&url);
        return;
    }
    add(s, "<dl class=\"legend\">\n<dt>Очки</dt><dd>набрані очки</dd>\n");
    for (k = 0; k < v->rules.n; k++) {
        add(s, "<dt>");
        h(s, v->rules.tb[k].ua_short);
        add(s, "</dt><dd>");
        h(s, v->rules.tb[k].ua_name);
        add(s, "</dd>\n");
    }
    /* The performance is ARO's average plus FIDE's difference: ARO's
       name is the tie-break table's. */
    add(s, "<dt>Рп</dt><dd>рейтинг-перформанс: ");
    h(s, tiebreak_def_find("ARO")->ua_name);
    add(s, " плюс різниця FIDE за набрані очки (рейтингові партії з "
           "рейтинговими суперниками)</dd>\n");
    if (few)
        perf_few_legend(s);
    add(s, "<dt>Вирішило</dt><dd>що визначило місце: очки, додатковий "
           "показник (його скорочення), додатковий матч; «місце поділено», "
           "коли рівні всі показники</dd>\n</dl>\n");
    free(heads);
    free(nums);
    strbuf_release(&sb);
    strbuf_release(&url);
}

/* A cross table's row: place, start number and name of ranking row i. */
static void cross_row_begin(struct site *s, const struct table *r, size_t i)
{
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;

    place_text(&sb, table_cell(r, i, 0), table_cell(r, i, 1));
    tdn(s, sb.buf);
    tdn(s, table_cell(r, i, 2));
    person_url(s, &url, table_cell(r, i, 4));
    td_link(s, url.buf, table_cell(r, i, 3));
    strbuf_release(&sb);
    strbuf_release(&url);
}

/* The points of ranking row i and the row's end. */
static void cross_row_end(struct site *s, const struct table *r, size_t i)
{
    struct strbuf sb = STRBUF_INIT;

    number_text(&sb, table_cell(r, i, 10));
    add(s, "<td class=\"n pts\">");
    h(s, sb.buf);
    add(s, "</td></tr>\n");
    strbuf_release(&sb);
}

static void tdc(struct site *s, const char *text)
{
    add(s, "<td class=\"c\">");
    h(s, text);
    add(s, "</td>");
}

/* One round of a rounds cell ("12w1"): opponent, colour, code; the
 * pointer after it, or NULL at the end. */
static const char *round_next(const char *p, int *opp, char *colour,
                              char *code)
{
    while (*p == ' ')
        p++;
    if (!*p)
        return NULL;
    *opp = 0;
    while (*p >= '0' && *p <= '9')
        *opp = *opp * 10 + (*p++ - '0');
    *colour = *p ? *p++ : '-';
    *code = *p ? *p++ : '_';
    return p;
}

/* A cross-table cell: "31 б 1", "в 1" (a bye), "—" (absent). */
static void cross_cell(struct strbuf *out, int opp, char colour, char code)
{
    const char *res;

    switch (code) {
    case '1':
    case 'W':
        res = "1";
        break;
    case '=':
    case 'D':
        res = "½";
        break;
    case '0':
    case 'L':
        res = "0";
        break;
    case '+':
        res = "+";
        break;
    case '-':
        res = "−";
        break;
    case 'H':
        res = "½";
        break;
    case 'F':
    case 'U':
        res = "1";
        break;
    default:
        res = "0";
    }
    if (opp > 0 && strchr("1=0+-WDL", code)) {
        strbuf_addf(out, "%d %s %s", opp,
                    colour == 'w'   ? "б"
                    : colour == 'b' ? "ч"
                                    : "",
                    res);
        return;
    }
    if (code == 'H' || code == 'F' || code == 'U' ||
        (opp == 0 && strchr("=+1", code)))
        strbuf_addf(out, "в %s", code == '=' ? "½" : res);
    else
        strbuf_addstr(out, "—");
}

static int has_rounds(const struct section_view *v)
{
    size_t i;

    for (i = 0; i < v->ranking->nrows; i++)
        if (*table_cell(v->ranking, i, 15))
            return 1;
    return 0;
}

static void part_crosstable(struct site *s, const struct section_view *v)
{
    static const char *const first_heads[] = {"Місце", "Ст. №",
                                              "Прізвище, ім'я", NULL};
    const struct table *r = v->ranking;
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    const char **heads;
    char *nums, *labels;
    size_t i, n = 0;
    int k;

    heads = xcalloc((size_t)v->rounds + 6, sizeof(*heads));
    nums = xcalloc((size_t)v->rounds + 6, 1);
    labels = xcalloc((size_t)v->rounds + 1, 12);
    n = heads_put(heads, nums, n, first_heads, "nnl");
    for (k = 0; k < v->rounds; k++) {
        snprintf(labels + 12 * k, 12, "%d", k + 1);
        heads[n] = labels + 12 * k;
        nums[n++] = 'c';
    }
    heads[n] = "Очки";
    nums[n++] = 'n';
    add(s, "<h2 id=\"crosstable\">Турнірна таблиця по турах</h2>\n");
    table_begin(s, "cross", heads, nums);
    for (i = 0; i < r->nrows; i++) {
        const char *p = table_cell(r, i, 15);
        int opp;
        char colour, code;
        add(s, "<tr>");
        cross_row_begin(s, r, i);
        for (k = 0; k < v->rounds; k++) {
            strbuf_reset(&sb);
            p = p ? round_next(p, &opp, &colour, &code) : NULL;
            if (!p)
                strbuf_addstr(&sb, "—");
            else
                cross_cell(&sb, opp, colour, code);
            if (p && opp > 0 && strchr("1=0+-WDL", code)) {
                /* a game with moves: its page; else the opponent's row */
                long g = game_find(v, k + 1, cell_int(table_cell(r, i, 2)),
                                   opp, -1);
                if (g >= 0) {
                    section_game_url(&url, v, (size_t)g, "html");
                    addf(s, "<td class=\"c\"><a class=\"game\" "
                            "href=\"%s\">",
                         from_event(&url, v->event));
                } else
                    addf(s, "<td class=\"c\"><a href=\"#n%d\">", opp);
                h(s, sb.buf);
                add(s, "</a></td>");
            } else
                tdc(s, sb.buf);
        }
        cross_row_end(s, r, i);
    }
    table_end(s);
    add(s, "<p class=\"legend\">У клітинці: стартовий номер суперника, колір "
           "(б — білими, ч — чорними) і результат (1 — перемога, ½ — нічия, "
           "0 — поразка, + і − — технічні перемога й поразка); «в 1», «в ½» "
           "— вільний тур з очками; «—» — тур пропущено без очок.</p>\n");
    if (v->games && v->games->nrows)
        add(s, "<p class=\"legend\">Клітинка партії із записаними ходами "
               "веде на її сторінку, інша — до рядка суперника.</p>\n");
    free(heads);
    free(nums);
    free(labels);
    strbuf_release(&sb);
    strbuf_release(&url);
}

static int is_round_robin(const struct section_view *v)
{
    return !strcmp(v->system, "round-robin");
}

static int has_round_table(const struct section_view *v)
{
    return has_rounds(v) && !is_round_robin(v);
}

static int has_grid(const struct section_view *v)
{
    return has_rounds(v) && is_round_robin(v);
}

/* The result of a game in a cross-table cell of the grid: "1", "½", "0",
 * "+", "−"; NULL when the round is no game. */
static const char *grid_result(int opp, char code)
{
    if (opp <= 0)
        return NULL;
    switch (code) {
    case '1':
    case 'W':
        return "1";
    case '=':
    case 'D':
        return "½";
    case '0':
    case 'L':
        return "0";
    case '+':
        return "+";
    case '-':
        return "−";
    default:
        return NULL;
    }
}

/*
 * The round-robin grid: a row and a column a player in the order of the
 * places, his result against each opponent in the cell (two in a double
 * round robin, in the order played), the diagonal marked.
 */
static void part_grid(struct site *s, const struct section_view *v)
{
    static const char *const first_heads[] = {"Місце", "Ст. №",
                                              "Прізвище, ім'я", NULL};
    const struct table *r = v->ranking;
    size_t n = r->nrows, i, j, k = 0;
    const char **heads = xcalloc(n + 6, sizeof(*heads));
    char *nums = xcalloc(n + 6, 1), *labels = xcalloc(n + 1, 24);
    int *start = xcalloc(n + 1, sizeof(int));
    struct strbuf *cells = xcalloc(n + 1, sizeof(*cells));
    struct strbuf sb = STRBUF_INIT;

    k = heads_put(heads, nums, k, first_heads, "nnl");
    for (i = 0; i < n; i++) {
        start[i] = cell_int(table_cell(r, i, 2));
        snprintf(labels + 24 * i, 24, "%zu", i + 1);
        heads[k] = labels + 24 * i;
        nums[k++] = 'c';
        strbuf_init(&cells[i], 0);
    }
    heads[k] = "Очки";
    nums[k++] = 'n';
    add(s, "<h2 id=\"crosstable\">Турнірна таблиця</h2>\n");
    table_begin(s, "cross grid", heads, nums);
    for (i = 0; i < n; i++) {
        const char *p = table_cell(r, i, 15);
        int opp, round = 0;
        char colour, code;
        for (j = 0; j < n; j++)
            strbuf_reset(&cells[j]);
        /* each result (ours: no quoting needed), a game with moves
           linked to its page */
        while ((p = round_next(p, &opp, &colour, &code))) {
            const char *res = grid_result(opp, code);
            long g = game_find(v, ++round, start[i], opp, -1);
            for (j = 0; res && j < n && start[j] != opp; j++)
                ;
            if (!res || j >= n)
                continue;
            if (cells[j].len)
                strbuf_addch(&cells[j], ' ');
            if (g < 0) {
                strbuf_addstr(&cells[j], res);
                continue;
            }
            section_game_url(&sb, v, (size_t)g, "html");
            strbuf_addf(&cells[j], "<a class=\"game\" href=\"%s\">%s</a>",
                        from_event(&sb, v->event), res);
        }
        add(s, "<tr>");
        cross_row_begin(s, r, i);
        for (j = 0; j < n; j++) {
            if (j == i)
                add(s, "<td class=\"c diag\">×</td>");
            else
                addf(s, "<td class=\"c\">%s</td>", cells[j].buf);
        }
        cross_row_end(s, r, i);
    }
    table_end(s);
    add(s, "<p class=\"legend\">Рядок — учасник, стовпець — суперник (за "
           "місцями): 1 — перемога, ½ — нічия, 0 — поразка, + і − — технічні "
           "перемога й поразка; × — сам із собою; порожня клітинка — партії "
           "не було.</p>\n");
    if (v->games && v->games->nrows)
        add(s, "<p class=\"legend\">Результат партії із записаними ходами "
               "веде на її сторінку.</p>\n");
    for (i = 0; i < n; i++)
        strbuf_release(&cells[i]);
    free(cells);
    free(start);
    free(heads);
    free(nums);
    free(labels);
    strbuf_release(&sb);
}

/* ========================================================= knock-out */

static int is_knockout(const struct section_view *v)
{
    return !strcmp(v->system, "knock-out") && v->ko_games;
}

/* The ranking row of start number no, or -1. */
static long ranking_row(const struct table *r, int no)
{
    size_t i;

    for (i = 0; i < r->nrows; i++)
        if (cell_int(table_cell(r, i, 2)) == no)
            return (long)i;
    return -1;
}

/* A player of a match: his name linked to his page, "—" when unknown. */
static void ko_player(struct site *s, const struct table *r, long row)
{
    struct strbuf url = STRBUF_INIT;

    if (row < 0) {
        add(s, "<td>—</td>");
        return;
    }
    person_url(s, &url, table_cell(r, (size_t)row, 4));
    td_link(s, url.buf, table_cell(r, (size_t)row, 3));
    strbuf_release(&url);
}

/* The points of a game's result for white (w) and black, in halves. */
static void result_halves(const char *res, int *w, int *b)
{
    *w = *b = 0;
    if (!strcmp(res, "1-0") || !strcmp(res, "+/-"))
        *w = 2;
    else if (!strcmp(res, "0-1") || !strcmp(res, "-/+"))
        *b = 2;
    else if (!strcmp(res, "½-½"))
        *w = *b = 1;
}

static void halves_text(struct strbuf *out, int halves)
{
    if (halves / 2 || !(halves % 2))
        strbuf_addf(out, "%d", halves / 2);
    if (halves % 2)
        strbuf_addstr(out, "½");
}

/* The winner of a match of round between ranking rows a and b: the one
 * who reached a later round, else (the last round) the better place; -1
 * while the match is open. */
static long ko_winner(const struct table *r, int round, long a, long b)
{
    int ra, rb, pa, pb;

    if (a < 0 || b < 0)
        return a < 0 ? b : a;
    ra = cell_int(table_cell(r, (size_t)a, 17));
    rb = cell_int(table_cell(r, (size_t)b, 17));
    if (ra != rb)
        return ra > round ? a : rb > round ? b : -1;
    pa = cell_int(table_cell(r, (size_t)a, 1));
    pb = cell_int(table_cell(r, (size_t)b, 1));
    pa = cell_int(table_cell(r, (size_t)a, 0)) == pa ? pa : 0;
    pb = cell_int(table_cell(r, (size_t)b, 0)) == pb ? pb : 0;
    if (pa && pb && pa != pb)
        return pa < pb ? a : b;
    return -1;
}

static const char *const ko_stages[] = {"classic", "rapid", "blitz",
                                        "armageddon"};
static const char *const ko_stage_heads[] = {"Класичні", "Швидкі", "Бліц",
                                             "Армагедон"};

/*
 * The bracket round by round: every match with its two players (the one
 * with white in its first game first), the score of each stage played
 * ("1½–½"), a walkover as "+–−", and the winner.
 */
static void part_bracket(struct site *s, const struct section_view *v)
{
    const struct table *g = v->ko_games, *r = v->ranking;
    const char *heads[10];
    char nums[10];
    int used[4] = {0, 0, 0, 0}, n_rounds = 0;
    size_t i, j, k, n;
    struct strbuf sb = STRBUF_INIT;

    for (i = 0; i < g->nrows; i++) {
        for (k = 0; k < 4; k++)
            if (!strcmp(table_cell(g, i, 3), ko_stages[k]))
                used[k] = 1;
        if (cell_int(table_cell(g, i, 0)) > n_rounds)
            n_rounds = cell_int(table_cell(g, i, 0));
    }
    if (v->rounds > n_rounds)
        n_rounds = v->rounds;
    add(s, "<h2 id=\"bracket\">Сітка змагань</h2>\n<p class=\"legend\">Матчі "
           "кожного раунду: учасники (першим — той, хто грав білими першу "
           "партію), рахунок кожного етапу матчу і переможець.</p>\n");
    for (i = 0; i < g->nrows; i = j) {
        int round = cell_int(table_cell(g, i, 0));
        int match = cell_int(table_cell(g, i, 1));
        int a = cell_int(table_cell(g, i, 4)), b = cell_int(table_cell(g, i, 5));
        int pts[4][2], walkover = 0;
        long ra = ranking_row(r, a), rb = ranking_row(r, b), w;
        memset(pts, 0, sizeof(pts));
        for (k = 0; k < 4; k++)
            pts[k][0] = pts[k][1] = -1;
        for (j = i; j < g->nrows && cell_int(table_cell(g, j, 0)) == round &&
                    cell_int(table_cell(g, j, 1)) == match;
             j++) {
            int hw, hb, flip = cell_int(table_cell(g, j, 4)) != a;
            result_halves(table_cell(g, j, 6), &hw, &hb);
            if (!strcmp(table_cell(g, j, 3), "walkover")) {
                walkover = 1;
                continue;
            }
            for (k = 0; k < 4; k++)
                if (!strcmp(table_cell(g, j, 3), ko_stages[k])) {
                    if (pts[k][0] < 0)
                        pts[k][0] = pts[k][1] = 0;
                    pts[k][0] += flip ? hb : hw;
                    pts[k][1] += flip ? hw : hb;
                }
        }
        /* a new round (the last one's match 2: the match for third) */
        if (!i || round != cell_int(table_cell(g, i - 1, 0)) ||
            (round == n_rounds && match == 2 &&
             cell_int(table_cell(g, i - 1, 1)) == 1)) {
            if (i)
                table_end(s);
            strbuf_reset(&sb);
            if (round == n_rounds && match == 2)
                strbuf_addstr(&sb, "Матч за 3 місце");
            else if (round == n_rounds)
                strbuf_addstr(&sb, "Фінал");
            else
                strbuf_addf(&sb, "%d-й раунд", round);
            addf(s, "<h3 id=\"r%d%s\">", round,
                 round == n_rounds && match == 2 ? "-3" : "");
            h(s, sb.buf);
            add(s, "</h3>\n");
            n = 0;
            heads[n] = "Матч";
            nums[n++] = 'n';
            heads[n] = "Учасник";
            nums[n++] = 'l';
            heads[n] = "Учасник";
            nums[n++] = 'l';
            for (k = 0; k < 4; k++)
                if (used[k]) {
                    heads[n] = ko_stage_heads[k];
                    nums[n++] = 'n';
                }
            heads[n] = "Переможець";
            nums[n++] = 'l';
            if (v->games && v->games->nrows) {
                heads[n] = "Партії";
                nums[n++] = 'l';
            }
            heads[n] = NULL;
            nums[n] = 0;
            table_begin(s, "bracket", heads, nums);
        }
        add(s, "<tr>");
        addf(s, "<td class=\"n\">%d</td>", match);
        ko_player(s, r, ra);
        ko_player(s, r, rb);
        for (k = 0; k < 4; k++) {
            if (!used[k])
                continue;
            strbuf_reset(&sb);
            if (walkover && k == 0)
                strbuf_addstr(&sb, "+–−");
            else if (pts[k][0] >= 0) {
                halves_text(&sb, pts[k][0]);
                strbuf_addstr(&sb, "–");
                halves_text(&sb, pts[k][1]);
            }
            tdn(s, sb.buf);
        }
        w = ko_winner(r, round, ra, rb);
        if (w >= 0)
            ko_player(s, r, w);
        else
            add(s, "<td>матч не завершено</td>");
        if (v->games && v->games->nrows) {
            /* the match's games with moves, by their numbers */
            add(s, "<td>");
            for (k = i; k < j; k++) {
                long gr = game_find(v, round, cell_int(table_cell(g, k, 4)),
                                    cell_int(table_cell(g, k, 5)),
                                    cell_int(table_cell(g, k, 2)));
                if (gr < 0)
                    continue;
                section_game_url(&sb, v, (size_t)gr, "html");
                addf(s, "<a class=\"game\" href=\"%s\">%d</a> ",
                     from_event(&sb, v->event),
                     cell_int(table_cell(g, k, 2)));
            }
            add(s, "</td>");
        }
        add(s, "</tr>\n");
    }
    if (g->nrows)
        table_end(s);
    else
        add(s, "<p>Матчів у каталозі немає.</p>\n");
    add(s, "<p class=\"legend\">+–− — перемога без гри (неявка суперника на "
           "матч).");
    if (v->games && v->games->nrows)
        add(s, " Партії — номери партій матчу із записаними ходами, кожен "
               "веде на сторінку партії.");
    add(s, "</p>\n");
    strbuf_release(&sb);
}

/* ================================================================ teams */

static int is_team(const struct section_view *v)
{
    return v->teams && v->teams->nrows > 0;
}

/* Round r (0-based) of a teams' rounds cell ("3:2.5:W 0:0:Z"): the
 * opponent team's number, the game points (text) and the result; 0 when
 * the cell has no such round. */
static int team_round(const char *cell, int r, int *opp, struct strbuf *gp,
                      char *res)
{
    const char *p = cell, *end;
    int k;

    for (k = 0; k < r && p; k++) {
        p = strchr(p, ' ');
        if (p)
            p++;
    }
    if (!p || !*p)
        return 0;
    *opp = (int)strtol(p, (char **)&end, 10);
    if (*end != ':')
        return 0;
    p = end + 1;
    end = strchr(p, ':');
    if (!end)
        return 0;
    strbuf_reset(gp);
    strbuf_add(gp, p, (size_t)(end - p));
    *res = end[1] ? end[1] : '-';
    return 1;
}

/* The row of team no in the teams table, or -1. */
static long team_row(const struct table *t, int no)
{
    size_t i;

    for (i = 0; i < t->nrows; i++)
        if (cell_int(table_cell(t, i, 2)) == no)
            return (long)i;
    return -1;
}

/* The teams' ranking: place, team, its players (linked), region, club,
 * coach, match and game points, every tie-break, what decided. */
static void part_teams(struct site *s, const struct section_view *v)
{
    static const char *const first_heads[] = {
        "Місце", "№", "Команда", "Регіон", "Тренер", "Командні очки", "Очки",
        NULL};
    static const char *const last_heads[] = {"Вирішило", NULL};
    const struct table *t = v->teams;
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    const char **heads;
    char *nums;
    size_t i, k, n = 0;

    heads = xcalloc(v->rules.n + 12, sizeof(*heads));
    nums = xcalloc(v->rules.n + 12, 1);
    n = heads_put(heads, nums, n, first_heads, "nnlllnn");
    for (k = 0; k < v->rules.n; k++) {
        heads[n] = v->rules.tb[k].ua_short;
        nums[n++] = 'n';
    }
    n = heads_put(heads, nums, n, last_heads, "l");
    add(s, "<h2 id=\"teams\">Командна підсумкова таблиця</h2>\n");
    table_begin(s, "teams sortable", heads, nums);
    for (i = 0; i < t->nrows; i++) {
        addf(s, "<tr id=\"t%s\">", table_cell(t, i, 2));
        strbuf_reset(&sb);
        place_text(&sb, table_cell(t, i, 0), table_cell(t, i, 1));
        tdn(s, sb.buf);
        tdn(s, table_cell(t, i, 2));
        td(s, table_cell(t, i, 3));
        td(s, table_cell(t, i, 8));
        td(s, table_cell(t, i, 10));
        strbuf_reset(&sb);
        number_text(&sb, table_cell(t, i, 4));
        addf(s, "<td class=\"n pts\">");
        h(s, sb.buf);
        add(s, "</td>");
        strbuf_reset(&sb);
        number_text(&sb, table_cell(t, i, 5));
        tdn(s, sb.buf);
        for (k = 0; k < v->rules.n; k++) {
            strbuf_reset(&sb);
            tb_value(&sb, table_cell(t, i, 6), v->rules.tb[k].code);
            tdn(s, sb.buf);
        }
        strbuf_reset(&sb);
        decided_text(&sb, v, table_cell(t, i, 7));
        td(s, sb.buf);
        add(s, "</tr>\n");
    }
    table_end(s);
    add(s, "<dl class=\"legend\">\n<dt>Командні очки</dt><dd>очки за матчі "
           "(перемога, нічия, поразка)</dd>\n<dt>Очки</dt><dd>очки, набрані "
           "гравцями команди на всіх шахівницях</dd>\n");
    for (k = 0; k < v->rules.n; k++) {
        add(s, "<dt>");
        h(s, v->rules.tb[k].ua_short);
        add(s, "</dt><dd>");
        h(s, v->rules.tb[k].ua_name);
        add(s, "</dd>\n");
    }
    add(s, "</dl>\n<h3 id=\"lineups\">Склад команд</h3>\n<dl class=\"lineups\">\n");
    for (i = 0; i < t->nrows; i++) {
        const char *p = table_cell(t, i, 12);
        add(s, "<dt>");
        h(s, table_cell(t, i, 3));
        add(s, "</dt><dd>");
        /* "PERSON NAME\tPERSON NAME", in board order */
        for (k = 0; *p; k++) {
            const char *tab = strchr(p, '\t'), *blank = strchr(p, ' ');
            size_t len = tab ? (size_t)(tab - p) : strlen(p);
            if (k)
                add(s, "; ");
            if (blank && (size_t)(blank - p) < len) {
                strbuf_reset(&sb);
                strbuf_add(&sb, p, (size_t)(blank - p));
                person_url(s, &url, sb.buf);
                strbuf_reset(&sb);
                strbuf_add(&sb, blank + 1, len - (size_t)(blank - p) - 1);
                a_link(s, url.buf, sb.buf);
            }
            p += len;
            if (*p)
                p++;
        }
        add(s, "</dd>\n");
    }
    add(s, "</dl>\n");
    free(heads);
    free(nums);
    strbuf_release(&sb);
    strbuf_release(&url);
}

/*
 * The teams' cross table: a row per team in place order, a cell per round
 * with the opponent team's number and the match score ("5 3½–2½"), the
 * match and game points at the end.
 */
static void part_team_crosstable(struct site *s, const struct section_view *v)
{
    const struct table *t = v->teams;
    struct strbuf sb = STRBUF_INIT, gp = STRBUF_INIT, ogp = STRBUF_INIT,
                  num = STRBUF_INIT;
    size_t i;
    int r, n_rounds = 0;

    for (i = 0; i < t->nrows; i++) {
        int n = 0, opp;
        char res;
        while (team_round(table_cell(t, i, 11), n, &opp, &gp, &res))
            n++;
        if (n > n_rounds)
            n_rounds = n;
    }
    add(s, "<h2 id=\"team-crosstable\">Турнірна таблиця команд</h2>\n");
    if (!n_rounds) {
        add(s, "<p class=\"legend\">Матчів команд по турах немає: каталог "
               "записав цю секцію до того, як став зберігати їх; "
               "'sekretar archive rebuild' відновить їх із пакетів.</p>\n");
        goto out;
    }
    add(s, "<div class=\"scroll\">\n<table class=\"cross\">\n<thead><tr>"
           "<th class=\"n\">Місце</th><th class=\"n\">№</th><th>Команда</th>");
    for (r = 1; r <= n_rounds; r++)
        addf(s, "<th class=\"c\">%d</th>", r);
    add(s, "<th class=\"n\">Командні очки</th><th class=\"n\">Очки</th>"
           "</tr></thead>\n<tbody>\n");
    for (i = 0; i < t->nrows; i++) {
        addf(s, "<tr id=\"x%s\">", table_cell(t, i, 2));
        strbuf_reset(&sb);
        place_text(&sb, table_cell(t, i, 0), table_cell(t, i, 1));
        tdn(s, sb.buf);
        tdn(s, table_cell(t, i, 2));
        td(s, table_cell(t, i, 3));
        for (r = 0; r < n_rounds; r++) {
            int opp = 0, oopp;
            char res = '-', ores;
            long orow;
            strbuf_reset(&sb);
            if (!team_round(table_cell(t, i, 11), r, &opp, &gp, &res))
                res = '-';
            orow = opp ? team_row(t, opp) : -1;
            if (orow >= 0 && team_round(table_cell(t, (size_t)orow, 11), r,
                                        &oopp, &ogp, &ores)) {
                addf(s, "<td class=\"c\"><a href=\"#x%d\">%d ", opp, opp);
                strbuf_reset(&num);
                number_text(&num, gp.buf);
                strbuf_addbuf(&sb, &num);
                strbuf_addstr(&sb, "–");
                strbuf_reset(&num);
                number_text(&num, ogp.buf);
                strbuf_addbuf(&sb, &num);
                if (res == 'Z' || ores == 'Z')
                    strbuf_addstr(&sb, res == 'Z' ? " −" : " +");
                h(s, sb.buf);
                add(s, "</a></td>");
                continue;
            }
            /* a bye or no match */
            strbuf_reset(&sb);
            if (res == 'F' || res == 'H' || res == 'P') {
                strbuf_addstr(&sb, "в ");
                strbuf_reset(&num);
                number_text(&num, gp.buf);
                strbuf_addbuf(&sb, &num);
            } else {
                strbuf_addstr(&sb, "—");
            }
            add(s, "<td class=\"c\">");
            h(s, sb.buf);
            add(s, "</td>");
        }
        strbuf_reset(&sb);
        number_text(&sb, table_cell(t, i, 4));
        add(s, "<td class=\"n pts\">");
        h(s, sb.buf);
        add(s, "</td>");
        strbuf_reset(&sb);
        number_text(&sb, table_cell(t, i, 5));
        tdn(s, sb.buf);
        add(s, "</tr>\n");
    }
    add(s, "</tbody>\n</table>\n</div>\n<p class=\"legend\">У клітинці — "
           "номер команди-суперника і рахунок матчу (очки команди рядка "
           "першими); «−» — матч програно без гри, «+» — виграно без гри; "
           "«в» — вільний від гри тур; «—» — команда в турі не грала.</p>\n");
out:
    strbuf_release(&sb);
    strbuf_release(&gp);
    strbuf_release(&ogp);
    strbuf_release(&num);
}

/* Rows catalogued before the catalogue kept the rounds (schema 4). */
static int lacks_rounds(const struct section_view *v)
{
    return has_rows(v) && !has_rounds(v) && strcmp(v->system, "knock-out");
}

static void part_no_rounds(struct site *s, const struct section_view *v)
{
    (void)v;
    add(s, "<p class=\"legend\">Турнірної таблиці по турах немає: каталог "
           "записав цю секцію до того, як став зберігати тури; 'sekretar "
           "archive rebuild' відновить їх із пакетів.</p>\n");
}

/*
 * The pairings of every round, as a pairing list is published: a Swiss
 * round's games ordered on boards as FIDE C.04.2 lists them (the higher
 * score of the two players before the round, then the sum of their
 * scores, then the smaller start number; the boards themselves are not
 * in the pairing program's files), then who had no game; a round robin's
 * by the smaller start number, without boards.  One <details> a round,
 * closed, so that a long event stays one short page.
 */
struct pairing {
    long white, black; /* rows of the ranking; black -1: no opponent */
    char code;         /* white's (or the lone player's) result */
    int top, sum, first; /* halves before the round; start number */
};

static int pairing_cmp(const void *a, const void *b)
{
    const struct pairing *x = a, *y = b;

    if ((x->black < 0) != (y->black < 0))
        return x->black < 0 ? 1 : -1;
    if (x->top != y->top)
        return y->top - x->top;
    if (x->sum != y->sum)
        return y->sum - x->sum;
    return x->first - y->first;
}

static int pairing_rr_cmp(const void *a, const void *b)
{
    const struct pairing *x = a, *y = b;

    if ((x->black < 0) != (y->black < 0))
        return x->black < 0 ? 1 : -1;
    return x->first - y->first;
}

static int code_halves(char code)
{
    return strchr("1W+FU", code) ? 2 : strchr("=DH", code) ? 1 : 0;
}

static const char *pair_result(char code)
{
    switch (code) {
    case '1':
    case 'W':
        return "1–0";
    case '0':
    case 'L':
        return "0–1";
    case '=':
    case 'D':
        return "½–½";
    case '+':
        return "+ : −";
    case '-':
        return "− : +";
    }
    return "";
}

static void part_pairings(struct site *s, const struct section_view *v)
{
    static const char *const heads[] = {"Стіл", "Ст. №", "Білі",
                                        "Результат", "Ст. №", "Чорні", NULL};
    const struct table *r = v->ranking;
    size_t n = r->nrows, i;
    int rounds = v->rounds, k, max_no = 0, swiss = !is_round_robin(v);
    int *opp = xcalloc(n * (size_t)rounds + 1, sizeof(int));
    char *code = xcalloc(n * (size_t)rounds + 1, 1);
    char *colour = xcalloc(n * (size_t)rounds + 1, 1);
    int *halves = xcalloc(n + 1, sizeof(int)), *no = xcalloc(n + 1,
                                                             sizeof(int));
    long *row_of;
    struct pairing *pp = xcalloc(n + 1, sizeof(*pp));
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;

    for (i = 0; i < n; i++) {
        const char *p = table_cell(r, i, 15);
        no[i] = cell_int(table_cell(r, i, 2));
        if (no[i] > max_no)
            max_no = no[i];
        for (k = 0; k < rounds && p; k++) {
            size_t at = i * (size_t)rounds + (size_t)k;
            p = round_next(p, &opp[at], &colour[at], &code[at]);
            if (!p)
                code[at] = 0;
        }
    }
    row_of = xcalloc((size_t)max_no + 2, sizeof(*row_of));
    for (i = 0; i <= (size_t)max_no; i++)
        row_of[i] = -1;
    for (i = 0; i < n; i++)
        if (no[i] > 0)
            row_of[no[i]] = (long)i;
    add(s, "<h2 id=\"pairings\">Пари по турах</h2>\n");
    add(s, swiss ? "<p class=\"legend\">Столи — у порядку, в якому FIDE "
                   "(C.04.2) велить публікувати пари: за більшою сумою очок "
                   "гравців пари перед туром, потім за сумою очок обох, потім "
                   "за меншим стартовим номером. «+ : −» — технічна "
                   "перемога.</p>\n"
                 : "<p class=\"legend\">Пари кожного туру за меншим "
                   "стартовим номером. «+ : −» — технічна перемога.</p>\n");
    for (k = 0; k < rounds; k++) {
        size_t m = 0;
        for (i = 0; i < n; i++) {
            size_t at = i * (size_t)rounds + (size_t)k;
            int o = opp[at];
            long orow = o > 0 && o <= max_no ? row_of[o] : -1;
            char c = code[at];
            if (!c)
                continue;
            if (orow >= 0 && strchr("1=0+-WDL", c)) {
                /* the game once: from white's side, or the smaller
                   start number's when no colour is known */
                char col = colour[at];
                if (col == 'b' || (col != 'w' && no[i] > o))
                    continue;
                pp[m].white = (long)i;
                pp[m].black = orow;
                pp[m].top = halves[i] > halves[orow] ? halves[i]
                                                     : halves[orow];
                pp[m].sum = halves[i] + halves[orow];
                pp[m].first = no[i] < o ? no[i] : o;
            } else if (strchr("HFU+=1-Z0", c)) {
                pp[m].white = (long)i;
                pp[m].black = -1;
                pp[m].first = no[i];
                pp[m].top = pp[m].sum = 0;
            } else {
                continue;
            }
            pp[m].code = c;
            m++;
        }
        for (i = 0; i < n; i++)
            halves[i] += code[i * (size_t)rounds + (size_t)k]
                             ? code_halves(code[i * (size_t)rounds + (size_t)k])
                             : 0;
        if (!m)
            continue;
        qsort(pp, m, sizeof(*pp), swiss ? pairing_cmp : pairing_rr_cmp);
        addf(s, "<details id=\"r%d\"><summary>Тур %d</summary>\n", k + 1,
             k + 1);
        table_begin(s, "pairings", heads, "nnlcnl");
        for (i = 0; i < m; i++) {
            const struct pairing *g = &pp[i];
            add(s, "<tr>");
            strbuf_reset(&sb);
            if (swiss && g->black >= 0)
                strbuf_addf(&sb, "%zu", i + 1);
            tdn(s, sb.buf);
            tdn(s, table_cell(r, (size_t)g->white, 2));
            person_url(s, &url, table_cell(r, (size_t)g->white, 4));
            td_link(s, url.buf, table_cell(r, (size_t)g->white, 3));
            if (g->black >= 0) {
                tdc(s, pair_result(g->code));
                tdn(s, table_cell(r, (size_t)g->black, 2));
                person_url(s, &url, table_cell(r, (size_t)g->black, 4));
                td_link(s, url.buf, table_cell(r, (size_t)g->black, 3));
            } else {
                strbuf_reset(&sb);
                cross_cell(&sb, 0, '-', g->code);
                addf(s, "<td colspan=\"3\">%s</td>",
                     !strcmp(sb.buf, "—") ? "тур пропущено, без очок"
                     : code_halves(g->code) == 2 ? "вільний від гри, 1 очко"
                                                 : "вільний від гри, ½ очка");
            }
            add(s, "</tr>\n");
        }
        table_end(s);
        add(s, "</details>\n");
    }
    free(opp);
    free(code);
    free(colour);
    free(halves);
    free(no);
    free(row_of);
    free(pp);
    strbuf_release(&sb);
    strbuf_release(&url);
}

static int has_pairings(const struct section_view *v)
{
    return has_rounds(v) && strcmp(v->system, "knock-out") &&
           strcmp(v->system, "team");
}

static void size_text(struct strbuf *out, const char *bytes);

/* The section's own files the site publishes: its documents, as
   render/render.c's table names and labels them, and its results. */
static long section_file(const struct section_view *v, const char *dir,
                         const char *tail)
{
    size_t i, n = strlen(v->section);

    for (i = 0; v->files && i < v->files->nrows; i++) {
        const char *name = table_cell(v->files, i, 0);
        if (!strncmp(name, dir, strlen(dir)) &&
            !strncmp(name + strlen(dir), v->section, n) &&
            !strcmp(name + strlen(dir) + n, tail))
            return (long)i;
    }
    return -1;
}

static void file_item(struct site *s, const struct section_view *v,
                      long row, const char *label, const char *ext)
{
    const char *name = table_cell(v->files, (size_t)row, 0);
    struct strbuf sb = STRBUF_INIT;

    add(s, "<li><a href=\"files/");
    url_path(&s->page, name);
    add(s, "\">");
    h(s, label);
    add(s, " (");
    h(s, ext);
    add(s, ")</a>");
    if (strcmp(table_cell(v->files, (size_t)row, 5), "cut")) {
        size_text(&sb, table_cell(v->files, (size_t)row, 1));
        add(s, ", ");
        h(s, sb.buf);
    }
    add(s, "</li>\n");
    strbuf_release(&sb);
}

static int has_files(const struct section_view *v)
{
    size_t i;

    for (i = 0; i < render_n_documents; i++) {
        char tail[64];
        snprintf(tail, sizeof(tail), "-%s.%s", render_documents[i].name,
                 render_format_ext(render_documents[i].format));
        if (render_documents[i].scope == RENDER_SECTION &&
            section_file(v, "documents/", tail) >= 0)
            return 1;
    }
    return section_file(v, "results/", ".json") >= 0 ||
           section_file(v, "results/", ".csv") >= 0;
}

static void part_files(struct site *s, const struct section_view *v)
{
    static const struct {
        const char *tail, *label, *ext;
    } results[] = {
        {".json", "Результати", "JSON"},
        {".csv", "Результати", "CSV"},
        {"-teams.csv", "Результати команд", "CSV"},
    };
    size_t i;
    long row;

    add(s, "<h2 id=\"files\">Документи секції</h2>\n<ul class=\"files\">\n");
    for (i = 0; i < render_n_documents; i++) {
        const struct render_document *d = &render_documents[i];
        char tail[64], ext[8];
        size_t k;
        if (d->scope != RENDER_SECTION)
            continue;
        snprintf(tail, sizeof(tail), "-%s.%s", d->name,
                 render_format_ext(d->format));
        snprintf(ext, sizeof(ext), "%s", render_format_ext(d->format));
        for (k = 0; ext[k]; k++)
            ext[k] = (char)(ext[k] >= 'a' && ext[k] <= 'z' ? ext[k] - 32
                                                          : ext[k]);
        row = section_file(v, "documents/", tail);
        if (row >= 0)
            file_item(s, v, row, d->label, ext);
    }
    for (i = 0; i < sizeof(results) / sizeof(results[0]); i++) {
        row = section_file(v, "results/", results[i].tail);
        if (row >= 0)
            file_item(s, v, row, results[i].label, results[i].ext);
    }
    add(s, "</ul>\n<p>Усі документи змагання, їхні контрольні суми і "
           "пакет — на <a href=\"index.html#documents\">сторінці "
           "змагання</a>.</p>\n");
}

/* A result as a page writes it: "1–0", "½–½" (of the catalogue's "½-½"
   and PGN's "1/2-1/2"). */
static void result_text(struct strbuf *out, const char *res)
{
    if (!strcmp(res, "1/2-1/2"))
        res = "½-½";
    for (; *res; res++) {
        if (*res == '-')
            strbuf_addstr(out, "–");
        else
            strbuf_addch(out, *res);
    }
}

/* A knock-out game's stage after its number when it is a tie-break's
   (" (швидкі)"); the classic games' is not said.  stage: the catalogue's
   English name. */
static void tiebreak_stage(struct strbuf *out, const char *stage)
{
    enum ko_stage st;

    if (!ko_stage_parse(stage, &st) && st != KO_CLASSIC)
        strbuf_addf(out, " (%s)", ko_stage_name_uk(st));
}

/* Games with moves of a section: a part of its page. */
static int has_games(const struct section_view *v)
{
    return v->games && v->games->nrows > 0;
}

/*
 * The section's games with moves: one row a game (round, board or
 * match, the players, the result linked to the game's page, the ECO
 * code and the moves), and all of them as one PGN file.
 */
static void part_games(struct site *s, const struct section_view *v)
{
    const char *heads[] = {"Тур", "Дошка", "Білі", "Чорні",
                           "Результат", "ECO", "Ходів", NULL};
    const struct table *g = v->games;
    struct strbuf url = STRBUF_INIT, sb = STRBUF_INIT;
    size_t i;
    /* A knock-out's match and game are words, not a board's number. */
    int ko = g->nrows && *table_cell(g, 0, G_MATCH);

    if (ko)
        heads[1] = "Матч і партія";

    add(s, "<h2 id=\"games\">Партії</h2>\n<p>Партії із записаними ходами: ");
    addf(s, "%zu. Усі одним файлом PGN: <a href=\"%s.pgn\">%s.pgn</a>; "
            "партія — за посиланням на її результат.</p>\n",
         g->nrows, v->section, v->section);
    table_begin(s, "games-list", heads, ko ? "nlllllln" : "nnllllln");
    for (i = 0; i < g->nrows; i++) {
        add(s, "<tr>");
        tdn(s, table_cell(g, i, G_ROUND));
        strbuf_reset(&sb);
        if (*table_cell(g, i, G_MATCH)) {
            strbuf_addf(&sb, "матч %s, партія %s", table_cell(g, i, G_MATCH),
                        table_cell(g, i, G_GAME));
            tiebreak_stage(&sb, table_cell(g, i, G_STAGE));
        } else
            strbuf_addstr(&sb, table_cell(g, i, G_BOARD));
        if (ko)
            td(s, sb.buf);
        else
            tdn(s, sb.buf);
        person_url(s, &url, table_cell(g, i, G_WHITE));
        td_link(s, url.buf, table_cell(g, i, G_WNAME));
        person_url(s, &url, table_cell(g, i, G_BLACK));
        td_link(s, url.buf, table_cell(g, i, G_BNAME));
        strbuf_reset(&sb);
        result_text(&sb, table_cell(g, i, G_RESULT));
        section_game_url(&url, v, i, "html");
        addf(s, "<td><a class=\"game\" href=\"%s\">",
             from_event(&url, v->event));
        h(s, sb.buf);
        add(s, "</a></td>");
        td(s, table_cell(g, i, G_ECO));
        tdn(s, table_cell(g, i, G_MOVES));
        add(s, "</tr>\n");
    }
    table_end(s);
    strbuf_release(&url);
    strbuf_release(&sb);
}

/* The tags of a game the page names in Ukrainian (the others keep their
   PGN names). */
static const struct {
    const char *tag, *words;
} game_tags[] = {
    {"Event", "Змагання"},
    {"Section", "Секція"},
    {"Site", "Місце"},
    {"Date", "Дата"},
    {"EventDate", "Початок змагання"},
    {"Round", "Тур"},
    {"Board", "Дошка"},
    {"Result", "Результат"},
    {"ECO", "ECO"},
    {"Opening", "Дебют"},
    {"Variation", "Варіант"},
    {"WhiteTitle", "Звання білих"},
    {"BlackTitle", "Звання чорних"},
    {"WhiteElo", "Рейтинг білих"},
    {"BlackElo", "Рейтинг чорних"},
    {"WhiteFideId", "FIDE ID білих"},
    {"BlackFideId", "FIDE ID чорних"},
    {"TimeControl", "Контроль часу"},
    {"Termination", "Завершення"},
    {"PlyCount", "Півходів"},
    {"Annotator", "Коментатор"},
    {"FEN", "Початкова позиція (FEN)"},
    {"SetUp", "Позиція задана"},
};

/* The NAGs the page shows, as chess books print them (the others are
   not shown): the sign, and what it says in words. */
static const struct {
    unsigned char nag;
    const char *sign, *words;
} nag_signs[] = {
    {1, "!", "добрий хід"},
    {2, "?", "помилка"},
    {3, "!!", "дуже сильний хід"},
    {4, "??", "груба помилка"},
    {5, "!?", "хід, що заслуговує на увагу"},
    {6, "?!", "сумнівний хід"},
    {7, "□", "єдиний хід"},
    {8, "□", "єдиний розумний хід"},
    {10, "=", "рівна позиція"},
    {11, "=", "рівні шанси, спокійна позиція"},
    {12, "=", "рівні шанси, гостра позиція"},
    {13, "∞", "неясна позиція"},
    {14, "+=", "у білих трохи краще"},
    {15, "=+", "у чорних трохи краще"},
    {16, "±", "у білих краще"},
    {17, "∓", "у чорних краще"},
    {18, "+−", "у білих вирішальна перевага"},
    {19, "−+", "у чорних вирішальна перевага"},
    {22, "⨀", "білі в цугцванзі"},
    {23, "⨀", "чорні в цугцванзі"},
    {32, "⟳", "у білих перевага в розвитку"},
    {33, "⟳", "у чорних перевага в розвитку"},
    {36, "→", "у білих ініціатива"},
    {37, "→", "у чорних ініціатива"},
    {40, "↑", "у білих атака"},
    {41, "↑", "у чорних атака"},
    {44, "=∞", "у білих компенсація за матеріал"},
    {45, "=∞", "у чорних компенсація за матеріал"},
    {132, "⇆", "у білих контргра"},
    {133, "⇆", "у чорних контргра"},
    {138, "⊕", "у білих цейтнот"},
    {139, "⊕", "у чорних цейтнот"},
    {140, "∆", "з ідеєю"},
    {146, "N", "новинка"},
};

/* The signs of a move's NAGs (0-ended): those of the move itself (1 to
   8) right after it, the others after a blank. */
static void game_nags(struct site *s, const unsigned char *nags)
{
    size_t k, i;

    for (k = 0; nags[k]; k++) {
        for (i = 0; i < sizeof(nag_signs) / sizeof(nag_signs[0]); i++)
            if (nag_signs[i].nag == nags[k])
                break;
        if (i == sizeof(nag_signs) / sizeof(nag_signs[0]))
            continue;
        if (nags[k] > 8)
            add(s, " ");
        addf(s, "<span class=\"nag\" title=\"%s\">%s</span>",
             nag_signs[i].words, nag_signs[i].sign);
    }
}

/* Plies between two boards drawn whole (the others are drawn as what
   changed over the one before: a page of a long game stays small, and a
   board is never more than this many references deep). */
#define GAME_KEYFRAME 10

/* The board of each position of the game, the last one shown: each
   reached by its anchor (#p0 the first position, #pN after ply N), with
   a link to the one before and after it. */
static void game_boards(struct site *s, const struct site_game *sg,
                        const struct strbuf *sans, const size_t *san_at)
{
    struct chess_pos pos = sg->start, before;
    struct strbuf id = STRBUF_INIT;
    size_t k, n = sg->n_moves;

    add(s, "<div class=\"board\" id=\"board\">\n");
    board_defs(&s->page);
    for (k = 0; k <= n; k++) {
        if (k) {
            before = pos;
            chess_make(&pos, &sg->moves[k - 1]);
        }
        addf(s, "<div class=\"ply\" id=\"p%zu\"><svg viewBox=\"0 0 8 8\" "
                "role=\"img\" aria-label=\"",
             k);
        if (k)
            addf(s, "Позиція після %s", sans->buf + san_at[k - 1]);
        else
            add(s, "Початкова позиція");
        addf(s, "\"><g id=\"g%zu\">", k);
        if (k % GAME_KEYFRAME == 0)
            board_full(&s->page, &pos);
        else {
            strbuf_reset(&id);
            strbuf_addf(&id, "g%zu", k - 1);
            board_diff(&s->page, id.buf, &before, &pos);
        }
        add(s, "</g><use href=\"#co\"/>");
        if (k)
            board_mark(&s->page, &sg->moves[k - 1]);
        add(s, "</svg><p class=\"step\">");
        if (k)
            addf(s, "<a href=\"#p%zu\" rel=\"prev\">←</a> ",
                 k - 1);
        if (k)
            h(s, sans->buf + san_at[k - 1]);
        else
            add(s, "початок");
        if (k && sg->nags && sg->nags[k])
            game_nags(s, sg->nags[k]);
        if (k < n)
            addf(s, " <a href=\"#p%zu\" rel=\"next\">→</a>",
                 k + 1);
        add(s, "</p></div>\n");
    }
    add(s, "</div>\n");
    strbuf_release(&id);
}

/*
 * The page of row i of a section's games (and its PGN beside it): its
 * players and result, its tags, its moves (each a link to the position
 * after it) and the board of every position, which anchors show without
 * a script and game.js steps through with the arrow keys.
 */
static enum err write_game(struct site *s, const struct section_view *v,
                           size_t i)
{
    const struct table *g = v->games;
    const char *pgn = table_cell(g, i, G_PGN);
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT, sans = STRBUF_INIT;
    struct chess_pos pos;
    struct site_game sg;
    size_t k, t, *san_at = NULL;
    enum err e;

    memset(&sg, 0, sizeof(sg));
    e = s->src->game(s->src->arg, pgn, strlen(pgn), &sg, s->dl);
    if (e)
        goto out;
    /* every move's SAN, numbered: "12. Nf3", "12… Nc6" */
    san_at = xcalloc(sg.n_moves + 1, sizeof(*san_at));
    pos = sg.start;
    for (k = 0; k < sg.n_moves; k++) {
        san_at[k] = sans.len;
        strbuf_addf(&sans, "%u%s ", pos.fullmove,
                    pos.side == CHESS_WHITE ? "." : "…");
        chess_san_write(&pos, &sg.moves[k], &sans);
        strbuf_addch(&sans, '\0');
        chess_make(&pos, &sg.moves[k]);
    }
    strbuf_reset(&sb);
    result_text(&sb, table_cell(g, i, G_RESULT));
    strbuf_addf(&url, "%s — %s, %s, тур %s", table_cell(g, i, G_WNAME),
                table_cell(g, i, G_BNAME), sb.buf, table_cell(g, i, G_ROUND));
    /* (a knock-out's players meet in one match, in games numbered) */
    if (*table_cell(g, i, G_MATCH))
        strbuf_addf(&url, ", партія %s", table_cell(g, i, G_GAME));
    strbuf_addf(&url, " — %s — ", section_title(s, v->event, v->section));
    event_label(&url, s, v->event, NULL);
    page_begin(s, 3, url.buf);
    s->steps = 1;
    add(s, "<p class=\"crumbs\"><a href=\"../../index.html\">");
    strbuf_reset(&url);
    year_of(&url, v->event);
    h(s, url.buf);
    add(s, "</a> › <a href=\"../index.html\">");
    h(s, event_title(s, v->event));
    addf(s, "</a> › <a href=\"../%s.html#games\">", v->section);
    h(s, section_title(s, v->event, v->section));
    add(s, "</a></p>\n<h1>");
    h(s, table_cell(g, i, G_WNAME));
    add(s, " — ");
    h(s, table_cell(g, i, G_BNAME));
    add(s, " <span class=\"result\">");
    h(s, sb.buf);
    add(s, "</span></h1>\n<div class=\"gameview\">\n");
    game_boards(s, &sg, &sans, san_at);
    add(s, "<div class=\"record\">\n<dl class=\"facts\">\n");
    person_url(s, &url, table_cell(g, i, G_WHITE));
    add(s, "<dt>Білі</dt><dd>");
    a_link(s, url.buf, table_cell(g, i, G_WNAME));
    add(s, "</dd>\n<dt>Чорні</dt><dd>");
    person_url(s, &url, table_cell(g, i, G_BLACK));
    a_link(s, url.buf, table_cell(g, i, G_BNAME));
    add(s, "</dd>\n");
    if (*table_cell(g, i, G_STAGE) && *table_cell(g, i, G_MATCH)) {
        strbuf_reset(&url);
        strbuf_addf(&url, "%s, партія %s", table_cell(g, i, G_MATCH),
                    table_cell(g, i, G_GAME));
        tiebreak_stage(&url, table_cell(g, i, G_STAGE));
        fact(s, "Матч", url.buf);
    }
    for (k = 0; k < sizeof(game_tags) / sizeof(game_tags[0]); k++) {
        for (t = 0; t < sg.n_tags; t++)
            if (!strcmp(sg.tags[2 * t], game_tags[k].tag))
                break;
        if (t < sg.n_tags && !strcmp(game_tags[k].tag, "Result")) {
            strbuf_reset(&url);
            result_text(&url, sg.tags[2 * t + 1]);
            fact(s, game_tags[k].words, url.buf);
        } else if (t < sg.n_tags)
            fact(s, game_tags[k].words, sg.tags[2 * t + 1]);
    }
    /* the tags the page does not name, as PGN names them */
    for (t = 0; t < sg.n_tags; t++) {
        const char *tag = sg.tags[2 * t];
        for (k = 0; k < sizeof(game_tags) / sizeof(game_tags[0]); k++)
            if (!strcmp(tag, game_tags[k].tag))
                break;
        if (k < sizeof(game_tags) / sizeof(game_tags[0]) ||
            !strcmp(tag, "White") || !strcmp(tag, "Black"))
            continue;
        add(s, "<dt>");
        h(s, tag);
        add(s, "</dt><dd>");
        h(s, sg.tags[2 * t + 1]);
        add(s, "</dd>\n");
    }
    addf(s, "<dt>Ходів</dt><dd>%s</dd>\n</dl>\n", table_cell(g, i, G_MOVES));
    /* the moves, each a link to the position after it, with its NAGs and
       the comment after it (one before the first move above them) */
    add(s, "<h2 id=\"moves\">Ходи</h2>\n");
    if (sg.comments && sg.comments[0]) {
        add(s, "<p class=\"comment\">");
        h(s, sg.comments[0]);
        add(s, "</p>\n");
    }
    add(s, "<p class=\"moves\">");
    for (k = 0; k < sg.n_moves; k++) {
        const char *san = sans.buf + san_at[k], *move = strchr(san, ' ') + 1;
        if (!k || strstr(san, ". ") || (sg.comments && sg.comments[k]))
            addf(s, "%s<span class=\"no\">%.*s</span>\u00a0", k ? " " : "",
                 (int)(move - san - 1), san);
        else
            add(s, " ");
        addf(s, "<a href=\"#p%zu\">", k + 1);
        h(s, move);
        add(s, "</a>");
        if (sg.nags && sg.nags[k + 1])
            game_nags(s, sg.nags[k + 1]);
        if (sg.comments && sg.comments[k + 1]) {
            add(s, " <span class=\"comment\">");
            h(s, sg.comments[k + 1]);
            add(s, "</span>");
        }
    }
    add(s, " <span class=\"result\">");
    strbuf_reset(&url);
    result_text(&url, table_cell(g, i, G_RESULT));
    h(s, url.buf);
    add(s, "</span></p>\n<p class=\"legend\">Хід — посилання на позицію "
           "після нього; зі сценарієм сторінки позиції гортають клавіші ← "
           "і →, Home і End.</p>\n");
    section_game_url(&url, v, i, "pgn");
    addf(s, "<p>PGN: <a href=\"%s\">цієї партії</a>, <a href=\"../%s.pgn\">"
            "усіх партій секції</a>.</p>\n</div>\n</div>\n",
         strrchr(url.buf, '/') + 1, v->section);
    e = put_bytes(s, url.buf, NULL, pgn, strlen(pgn));
    section_game_url(&url, v, i, "html");
    if (!e)
        e = page_end(s, url.buf);
    s->res->files++;
    s->games++;
out:
    free(san_at);
    strbuf_release(&sb);
    strbuf_release(&url);
    strbuf_release(&sans);
    return e;
}

/* Every game page of the section, its PGN, and its games into the
   event's. */
static enum err write_games(struct site *s, const struct section_view *v)
{
    const struct table *g = v->games;
    struct strbuf all = STRBUF_INIT, rel = STRBUF_INIT;
    size_t i;
    enum err e = ERR_OK;

    for (i = 0; g && i < g->nrows && !e; i++) {
        e = write_game(s, v, i);
        strbuf_addstr(&all, table_cell(g, i, G_PGN));
    }
    if (!e && all.len) {
        strbuf_addbuf(&s->event_pgn, &all);
        s->event_games += g->nrows;
        year_of(&rel, v->event);
        strbuf_addf(&rel, "/%s/%s.pgn", v->event, v->section);
        e = put_bytes(s, rel.buf, NULL, all.buf, all.len);
        s->res->files++;
    }
    strbuf_release(&all);
    strbuf_release(&rel);
    return e;
}

static const struct section_part section_parts[] = {
    {is_team, part_teams},
    {is_team, part_team_crosstable},
    {has_rows, part_ranking},
    {is_knockout, part_bracket},
    {has_round_table, part_crosstable},
    {has_grid, part_grid},
    {lacks_rounds, part_no_rounds},
    {has_pairings, part_pairings},
    {has_games, part_games},
    {has_files, part_files},
};

/* The medallists of a section (places 1-3) as links, for the event page. */
static void medallists(struct site *s, const struct table *r, int place)
{
    struct strbuf url = STRBUF_INIT;
    size_t i;
    int any = 0;

    add(s, "<td>");
    for (i = 0; i < r->nrows; i++) {
        if (cell_int(table_cell(r, i, 0)) != place)
            continue;
        if (any++)
            add(s, ", ");
        person_url(s, &url, table_cell(r, i, 4));
        a_link(s, url.buf, table_cell(r, i, 3));
    }
    add(s, "</td>");
    strbuf_release(&url);
}

/* The teams on places 1-3 of a team competition, for the event page: a
 * cell each, the team linked to its row of the section's ranking. */
static enum err team_medallists(struct site *s, const char *event,
                                const char *section)
{
    struct table t;
    int place;
    size_t i;
    enum err e = rows(s, SITE_TEAMS, event, section, 0, 0, &t);

    for (place = 1; place <= 3 && !e; place++) {
        int any = 0;
        add(s, "<td>");
        for (i = 0; i < t.nrows; i++) {
            if (cell_int(table_cell(&t, i, 0)) != place)
                continue;
            if (any++)
                add(s, ", ");
            addf(s, "<a href=\"%s.html#t%s\">", section,
                 table_cell(&t, i, 2));
            h(s, table_cell(&t, i, 3));
            add(s, "</a>");
        }
        add(s, "</td>");
    }
    table_release(&t);
    return e;
}

static enum err write_section(struct site *s, const char *event, size_t row,
                              const struct table *files,
                              struct table *ranking)
{
    const struct table *t = &s->sections;
    struct section_view v;
    struct diag_list quiet = DIAG_LIST_INIT;
    struct strbuf url = STRBUF_INIT, sb = STRBUF_INIT;
    struct table ko_games, teams, games;
    long er = ev_find(s, event);
    const char *p;
    size_t i;
    enum err e;

    memset(&v, 0, sizeof(v));
    memset(&ko_games, 0, sizeof(ko_games));
    memset(&teams, 0, sizeof(teams));
    memset(&games, 0, sizeof(games));
    v.event = event;
    v.section = table_cell(t, row, 1);
    v.system = table_cell(t, row, 3);
    v.rounds = cell_int(table_cell(t, row, 6));
    v.ranking = ranking;
    v.files = files;
    tiebreak_rules_init(&v.rules);
    if (tiebreak_list_parse(table_cell(t, row, 9), &v.rules, &quiet, NULL, 0,
                            0))
        v.rules.n = 0;
    diag_list_release(&quiet);
    e = rows(s, SITE_RANKING, event, v.section, 0, 0, ranking);
    if (!e && !strcmp(v.system, "knock-out")) {
        e = rows(s, SITE_KO_GAMES, event, v.section, 0, 0, &ko_games);
        v.ko_games = &ko_games;
    }
    if (!e && !strcmp(v.system, "team")) {
        e = rows(s, SITE_TEAMS, event, v.section, 0, 0, &teams);
        v.teams = &teams;
    }
    if (!e)
        e = rows(s, SITE_SECTION_GAMES, event, v.section, 0, 0, &games);
    if (e)
        goto out;
    /* the games' moves, unless the policy leaves them out (all of them:
       publish_rows()) */
    v.games = games.nrows && *table_cell(&games, 0, G_PGN) ? &games : NULL;
    /* titles tell the pages apart: section, event, city and year */
    strbuf_addf(&sb, "%s — ", section_title(s, event, v.section));
    event_label(&sb, s, event, NULL);
    page_begin(s, 2, sb.buf);
    strbuf_reset(&sb);
    add(s, "<p class=\"crumbs\">");
    add(s, "<a href=\"../index.html\">");
    year_of(&sb, event);
    h(s, sb.buf);
    add(s, "</a> › <a href=\"index.html\">");
    h(s, event_title(s, event));
    add(s, "</a></p>\n<h1>");
    h(s, section_title(s, event, v.section));
    add(s, "</h1>\n<p class=\"sub\">");
    if (er >= 0) {
        strbuf_reset(&sb);
        dates_text(&sb, table_cell(&s->events, (size_t)er, 2),
                   table_cell(&s->events, (size_t)er, 3));
        h(s, sb.buf);
        add(s, ", ");
        h(s, table_cell(&s->events, (size_t)er, 4));
    }
    add(s, "</p>\n<dl class=\"facts\">\n");
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s, %s турів", system_text(v.system),
                table_cell(t, row, 6));
    fact(s, "Система", sb.buf);
    fact(s, "Дисципліна", discipline_text(table_cell(t, row, 4)));
    fact(s, "Учасників", table_cell(t, row, 7));
    strbuf_reset(&sb);
    if (*table_cell(t, row, 8))
        strbuf_addf(&sb, "%s; ", table_cell(t, row, 8));
    strbuf_addstr(&sb, "показники: ");
    if (!*table_cell(t, row, 9))
        strbuf_addstr(&sb, "лише очки");
    /* The tie-breaks as the documents head them ("ОЗ", "Бхг-1"). */
    for (p = table_cell(t, row, 9); *p;) {
        size_t n = strcspn(p, ",");
        char code[32];
        snprintf(code, sizeof(code), "%.*s", (int)n, p);
        strbuf_addf(&sb, "%s%s", p == table_cell(t, row, 9) ? "" : ", ",
                    tb_heading(&v, code));
        p += n;
        if (*p)
            p++;
    }
    strbuf_addf(&sb, "; неявки: %s", policy_text(table_cell(t, row, 10)));
    /* A knock-out is ranked by its bracket, not by points and tie-breaks. */
    if (strcmp(v.system, "knock-out"))
        fact(s, "Правила", sb.buf);
    add(s, "</dl>\n");
    for (i = 0; i < sizeof(section_parts) / sizeof(section_parts[0]); i++)
        if (section_parts[i].has(&v))
            section_parts[i].write(s, &v);
    section_url(&url, event, v.section);
    e = page_end(s, url.buf);
    if (!e)
        e = write_games(s, &v);
    s->res->sections++;
out:
    table_release(&ko_games);
    table_release(&teams);
    table_release(&games);
    strbuf_release(&url);
    strbuf_release(&sb);
    return e;
}

/* ============================================================ diplomas */

/* The columns of s->diplomas (SITE_DIPLOMAS). */
enum {
    D_CODE, D_KIND, D_NAME, D_BORN, D_REGION, D_TEAM, D_PUPIL, D_PLACE,
    D_PLACE_TO, D_DEGREE, D_EVENT, D_SECTION, D_VERSION, D_BUNDLE, D_SHA,
    D_PERSON, D_PUPIL_PERSON
};

static int dip_ev_cmp(const void *a, const void *b)
{
    const struct table *t = &sort_site->diplomas;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int c = strcmp(table_cell(t, i, D_EVENT), table_cell(t, j, D_EVENT));
    return c ? c : (i > j) - (i < j);
}

static int dip_person_cmp(const void *a, const void *b)
{
    const struct table *t = &sort_site->diplomas;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    long long p = cell_ll(table_cell(t, i, D_PERSON)),
              q = cell_ll(table_cell(t, j, D_PERSON));
    return p != q ? (p > q) - (p < q) : (i > j) - (i < j);
}

static void dip_index_make(struct site *s)
{
    size_t i, n = s->diplomas.nrows;

    s->dip_ev = xcalloc(n + 1, sizeof(size_t));
    s->dip_person = xcalloc(n + 1, sizeof(size_t));
    for (i = 0; i < n; i++)
        s->dip_ev[i] = s->dip_person[i] = i;
    sort_site = s;
    qsort(s->dip_ev, n, sizeof(size_t), dip_ev_cmp);
    qsort(s->dip_person, n, sizeof(size_t), dip_person_cmp);
}

/* The first position in s->dip_ev of the event's diplomas (the next
 * positions up to one of another event are its others). */
static size_t dip_ev_first(const struct site *s, const char *event)
{
    size_t lo = 0, hi = s->diplomas.nrows;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(table_cell(&s->diplomas, s->dip_ev[mid], D_EVENT),
                   event) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static size_t dip_person_first(const struct site *s, long long person)
{
    size_t lo = 0, hi = s->diplomas.nrows;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cell_ll(table_cell(&s->diplomas, s->dip_person[mid], D_PERSON)) <
            person)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void diploma_url(struct strbuf *out, const char *code)
{
    strbuf_reset(out);
    strbuf_addf(out, "diplomas/%s.html", code);
}

static const char *diploma_kind_text(const char *kind)
{
    return !strcmp(kind, "individual") ? "призера"
           : !strcmp(kind, "coach")    ? "тренера призера"
           : !strcmp(kind, "team")     ? "команди-призера"
           : !strcmp(kind, "member")   ? "гравця команди-призера"
           : !strcmp(kind, "team-coach") ? "тренера команди-призера"
                                         : kind;
}

/* "І ступеня, 1 місце", "ІІІ ступеня, 3–4 місце" of diploma row i. */
static void diploma_degree_text(struct strbuf *out, const struct table *d,
                                size_t i)
{
    num_roman(out, cell_int(table_cell(d, i, D_DEGREE)));
    strbuf_addstr(out, " ступеня, ");
    place_text(out, table_cell(d, i, D_PLACE), table_cell(d, i, D_PLACE_TO));
    strbuf_addstr(out, " місце");
}

/* A name, linked to the person's page when the person is known. */
static void person_or_name(struct site *s, const char *person,
                           const char *name)
{
    struct strbuf url = STRBUF_INIT;

    if (*person) {
        person_url(s, &url, person);
        a_link(s, url.buf, name);
    } else {
        h(s, name);
    }
    strbuf_release(&url);
}

/*
 * The page of diploma row i: whose it is, the place and degree, the event
 * and the section, the bundle that gave it and its SHA-256 (what
 * 'sekretar verify CODE' prints).
 */
static enum err write_diploma(struct site *s, size_t i)
{
    const struct table *d = &s->diplomas;
    const char *code = table_cell(d, i, D_CODE),
               *kind = table_cell(d, i, D_KIND),
               *event = table_cell(d, i, D_EVENT),
               *sec = table_cell(d, i, D_SECTION);
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    long er = ev_find(s, event);
    enum err e;

    strbuf_addf(&sb, "Диплом %s: %s", code, table_cell(d, i, D_NAME));
    page_begin(s, 1, sb.buf);
    add(s, "<h1>Диплом <span class=\"code\">");
    h(s, code);
    add(s, "</span></h1>\n<p class=\"sub\">Диплом архіву: цей код записано "
           "в каталозі разом із дипломом, який його має.</p>\n"
           "<dl class=\"facts\">\n");
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s, ", diploma_kind_text(kind));
    diploma_degree_text(&sb, d, i);
    fact(s, "Диплом", sb.buf);
    add(s, "<dt>Кому</dt><dd>");
    person_or_name(s, table_cell(d, i, D_PERSON), table_cell(d, i, D_NAME));
    if (*table_cell(d, i, D_BORN))
        addf(s, ", %s р. н.", table_cell(d, i, D_BORN));
    if (*table_cell(d, i, D_REGION)) {
        add(s, ", ");
        h(s, table_cell(d, i, D_REGION));
    }
    add(s, "</dd>\n");
    if (*table_cell(d, i, D_PUPIL) && !strcmp(kind, "coach")) {
        add(s, "<dt>Учень</dt><dd>");
        person_or_name(s, table_cell(d, i, D_PUPIL_PERSON),
                       table_cell(d, i, D_PUPIL));
        add(s, "</dd>\n");
    }
    if (*table_cell(d, i, D_TEAM) && strcmp(kind, "team"))
        fact(s, "Команда", table_cell(d, i, D_TEAM));
    add(s, "<dt>Змагання</dt><dd>");
    event_url(&url, event);
    a_link(s, url.buf, event_title(s, event));
    if (er >= 0) {
        strbuf_reset(&sb);
        dates_text(&sb, table_cell(&s->events, (size_t)er, 2),
                   table_cell(&s->events, (size_t)er, 3));
        add(s, " (");
        h(s, table_cell(&s->events, (size_t)er, 4));
        add(s, ", ");
        h(s, sb.buf);
        add(s, ")");
    }
    add(s, "</dd>\n<dt>Секція</dt><dd>");
    section_url(&url, event, sec);
    a_link(s, url.buf, section_title(s, event, sec));
    add(s, "</dd>\n<dt>Пакет</dt><dd>");
    /* The signed bundle is the archive's; the site links it where it
       publishes it. */
    if (s->src->bundle) {
        strbuf_reset(&url);
        year_of(&url, event);
        strbuf_addf(&url, "/%s/%s.zip", event, event);
        a_link(s, url.buf, table_cell(d, i, D_BUNDLE));
    } else {
        h(s, table_cell(d, i, D_BUNDLE));
    }
    addf(s, ", версія %s</dd>\n", table_cell(d, i, D_VERSION));
    addf(s, "<dt>SHA-256</dt><dd class=\"sha\">%s</dd>\n</dl>\n",
         table_cell(d, i, D_SHA));
    add(s, "<p class=\"legend\">Те саме, без мережі, скаже "
           "<code>sekretar verify ");
    h(s, code);
    add(s, "</code> з архіву; SHA-256 — контрольна сума пакета змагання, "
           "що видав диплом.</p>\n");
    diploma_url(&url, code);
    e = page_end(s, url.buf);
    s->res->diplomas++;
    strbuf_release(&sb);
    strbuf_release(&url);
    return e;
}

/* The diplomas of an event (by section and place) as a table. */
static void event_diplomas(struct site *s, const char *event)
{
    static const char *const heads[] = {"Код",  "Диплом", "Кому",
                                        "Секція", "Ступінь, місце", NULL};
    const struct table *d = &s->diplomas;
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    size_t k = dip_ev_first(s, event);
    int any = 0;

    for (; k < d->nrows &&
           !strcmp(table_cell(d, s->dip_ev[k], D_EVENT), event);
         k++) {
        size_t i = s->dip_ev[k];
        if (!any++) {
            add(s, "<h2 id=\"diplomas\">Дипломи</h2>\n<p>Код кожного "
                   "диплома веде до його сторінки: кому, за що, з якого "
                   "пакета.</p>\n");
            table_begin(s, "diplomas", heads, "lllll");
        }
        add(s, "<tr><td class=\"code\">");
        diploma_url(&url, table_cell(d, i, D_CODE));
        a_link(s, url.buf, table_cell(d, i, D_CODE));
        add(s, "</td>");
        td(s, diploma_kind_text(table_cell(d, i, D_KIND)));
        add(s, "<td>");
        person_or_name(s, table_cell(d, i, D_PERSON), table_cell(d, i, D_NAME));
        add(s, "</td>");
        section_url(&url, event, table_cell(d, i, D_SECTION));
        td_link(s, url.buf, section_title(s, event, table_cell(d, i, D_SECTION)));
        strbuf_reset(&sb);
        diploma_degree_text(&sb, d, i);
        td(s, sb.buf);
        add(s, "</tr>\n");
    }
    if (any)
        table_end(s);
    strbuf_release(&sb);
    strbuf_release(&url);
}

/* A person's diplomas as a list, for his page. */
static void person_diplomas(struct site *s, const char *person)
{
    const struct table *d = &s->diplomas;
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    long long id = cell_ll(person);
    size_t k = dip_person_first(s, id);
    int any = 0;

    for (; k < d->nrows &&
           cell_ll(table_cell(d, s->dip_person[k], D_PERSON)) == id;
         k++) {
        size_t i = s->dip_person[k];
        const char *ev = table_cell(d, i, D_EVENT);
        if (!*table_cell(d, i, D_PERSON))
            break;
        if (!any++)
            add(s, "<h2 id=\"diplomas\">Дипломи</h2>\n<ul class=\"diplomas\">\n");
        add(s, "<li>");
        diploma_url(&url, table_cell(d, i, D_CODE));
        a_link(s, url.buf, table_cell(d, i, D_CODE));
        strbuf_reset(&sb);
        strbuf_addf(&sb, ": %s, %s, ", event_title(s, ev),
                    section_title(s, ev, table_cell(d, i, D_SECTION)));
        if (*table_cell(d, i, D_TEAM))
            strbuf_addf(&sb, "команда %s, ", table_cell(d, i, D_TEAM));
        diploma_degree_text(&sb, d, i);
        h(s, sb.buf);
        add(s, "</li>\n");
    }
    if (any)
        add(s, "</ul>\n");
    strbuf_release(&sb);
    strbuf_release(&url);
}

/* ============================================================== events */

/* An event's bundle as the catalogue records it: its path in the archive
   and its SHA-256 (the source checks the bytes against it). */
struct lazy_bundle {
    const char *relpath, *sha;
};

/* The key a published file is recorded under: its SHA-256, or for a file
   derived from the bundle under the policy, what it was made of. */
static void file_key(const struct site *s, const char *how, const char *sha,
                     struct strbuf *out)
{
    strbuf_reset(out);
    if (how)
        strbuf_addf(out, "%s:%s:", how, s->src->tag ? s->src->tag : "");
    strbuf_addstr(out, sha);
}

/* Publish a file of the bundle (name, sha, size as the catalogue lists
 * it; cut: its births cut) at rel in the site. */
static enum err copy_file(struct site *s, struct lazy_bundle *lb,
                          const char *name, const char *sha, long long size,
                          int cut, const char *rel)
{
    struct site_file_ref f;
    struct strbuf key = STRBUF_INIT;
    const char *bytes = NULL;
    size_t len = 0;
    enum err e = ERR_OK;

    s->res->files++;
    file_key(s, cut ? "cut" : NULL, sha, &key);
    if (put_before(s, rel, key.buf, cut ? -1 : size))
        goto out;
    memset(&f, 0, sizeof(f));
    f.relpath = lb->relpath;
    f.bundle_sha = lb->sha;
    f.name = name;
    f.sha = sha;
    f.cut = cut;
    e = s->src->file(s->src->arg, &f, &bytes, &len, s->dl);
    if (!e)
        e = put_bytes(s, rel, key.buf, bytes, len);
out:
    strbuf_release(&key);
    return e;
}

/* The bundle itself into rel: a copy of the bytes the source checked
 * against the catalogue's SHA-256.  (Not a hard link: a file of the site
 * changed in place would change the archive's bundle.) */
static enum err copy_bundle(struct site *s, struct lazy_bundle *lb,
                            long long size, const char *rel)
{
    struct site_file_ref f;
    const char *bytes = NULL;
    size_t len = 0;
    enum err e;

    s->res->files++;
    if (put_before(s, rel, lb->sha, size))
        return ERR_OK;
    memset(&f, 0, sizeof(f));
    f.relpath = lb->relpath;
    f.bundle_sha = lb->sha;
    e = s->src->file(s->src->arg, &f, &bytes, &len, s->dl);
    if (!e)
        e = put_bytes(s, rel, lb->sha, bytes, len);
    return e;
}

/*
 * The zip of what is published of the event at rel, and beside it its
 * SHA-256 as sha256sum writes it (rel.sha256); the SHA-256 into sha.
 */
static enum err write_public_zip(struct site *s, struct lazy_bundle *lb,
                           const char *event, const char *rel,
                           struct strbuf *sha)
{
    struct strbuf key = STRBUF_INIT, side = STRBUF_INIT, text = STRBUF_INIT;
    struct site_file_ref f;
    const char *bytes = NULL, *base = strrchr(rel, '/');
    size_t len = 0;
    char hex[65];
    enum err e = ERR_OK;

    s->res->files++;
    file_key(s, "public", lb->sha, &key);
    strbuf_addf(&side, "%s.sha256", rel);
    strbuf_reset(sha);
    if (put_before(s, rel, key.buf, -1) && put_before(s, side.buf, key.buf, -1) &&
        !filetree_get(s->tree, side.buf, &text) && text.len >= 64) {
        strbuf_add(sha, text.buf, 64);
        goto out;
    }
    memset(&f, 0, sizeof(f));
    f.relpath = lb->relpath;
    f.bundle_sha = lb->sha;
    e = s->src->public_zip(s->src->arg, &f, event, &bytes, &len, s->dl);
    if (e)
        goto out;
    sha256_hex(bytes, len, hex);
    strbuf_addstr(sha, hex);
    e = put_bytes(s, rel, key.buf, bytes, len);
    strbuf_reset(&text);
    strbuf_addf(&text, "%s  %s\n", hex, base ? base + 1 : rel);
    if (!e)
        e = put_bytes(s, side.buf, key.buf, text.buf, text.len);
out:
    strbuf_release(&key);
    strbuf_release(&side);
    strbuf_release(&text);
    return e;
}

static void size_text(struct strbuf *out, const char *bytes)
{
    long long n = cell_ll(bytes);

    long long tenths = (n * 10 + 512 * 1024) / (1024 * 1024);

    if (n < 10 * 1024)
        strbuf_addf(out, "%lld Б", n);
    else if (n < 1024 * 1024)
        strbuf_addf(out, "%lld КБ", (n + 512) / 1024);
    else /* "2,5 МБ" */
        strbuf_addf(out, "%lld,%lld МБ", tenths / 10, tenths % 10);
}

static enum err write_event(struct site *s, size_t erow)
{
    const struct table *evs = &s->events;
    const char *event = table_cell(evs, erow, 0);
    struct table info, files, shows[3], ver, *rankings = NULL;
    struct lazy_bundle lb = {NULL, NULL};
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT,
                  rel = STRBUF_INIT;
    size_t i, k, first = 0, n = 0;
    enum err e;
    static const char *const sec_heads[] = {"Секція", "Система", "Турів",
                                            "Учасників", "І місце", "ІІ місце",
                                            "ІІІ місце", NULL};
    static const char *const file_heads[] = {"Файл", "Розмір", "SHA-256",
                                             NULL};
    static const char *const ver_heads[] = {"Версія", "Створено", "Розмір",
                                            "Програма", "", "Завантажити",
                                            NULL};

    memset(&info, 0, sizeof(info));
    memset(&files, 0, sizeof(files));
    memset(shows, 0, sizeof(shows));
    memset(&ver, 0, sizeof(ver));
    e = rows(s, SITE_EVENT, event, NULL, 0, 0, &info);
    if (!e)
        e = rows(s, SITE_VERSION, event, NULL, 0, 0, &ver);
    if (!e && !ver.nrows) {
        diag_error(s->dl, NULL, 0, 0, "event '%s' has no current bundle",
                   event);
        e = ERR_CATALOG;
    }
    if (!e)
        e = rows(s, SITE_BUNDLE_FILES, event, NULL, 0,
                 cell_int(table_cell(&ver, 0, 0)), &files);
    if (!e)
        e = rows(s, SITE_EVENT_INFO, event, NULL, 0, 0, &shows[0]);
    if (!e)
        e = rows(s, SITE_EVENT_SECTIONS, event, NULL, 0, 0, &shows[1]);
    if (!e)
        e = rows(s, SITE_EVENT_VERSIONS, event, NULL, 0, 0, &shows[2]);
    if (e || !info.nrows)
        goto out;
    /* The event's sections, in the catalogue's order. */
    for (i = 0; i < s->sections.nrows; i++)
        if (!strcmp(table_cell(&s->sections, i, 0), event)) {
            if (!n)
                first = i;
            n++;
        }
    rankings = xcalloc(n + 1, sizeof(*rankings));
    strbuf_reset(&s->event_pgn);
    s->event_games = 0;
    for (k = 0; k < n && !e; k++)
        e = write_section(s, event, first + k, &files, &rankings[k]);
    if (e)
        goto out;

    lb.relpath = table_cell(&ver, 0, 1);
    lb.sha = table_cell(&ver, 0, 2);
    strbuf_reset(&sb);
    event_label(&sb, s, event, table_cell(&info, 0, 0));
    page_begin(s, 2, sb.buf);
    strbuf_reset(&sb);
    add(s, "<p class=\"crumbs\"><a href=\"../index.html\">");
    year_of(&sb, event);
    h(s, sb.buf);
    add(s, "</a></p>\n<h1>");
    h(s, table_cell(&info, 0, 0));
    add(s, "</h1>\n<dl class=\"facts\">\n");
    strbuf_reset(&sb);
    dates_text(&sb, table_cell(&info, 0, 5), table_cell(&info, 0, 6));
    fact(s, "Дати", sb.buf);
    fact(s, "Місто", table_cell(&info, 0, 7));
    fact(s, "Місце проведення", table_cell(&info, 0, 8));
    fact(s, "Вікова група", table_cell(&info, 0, 3));
    fact(s, "Ранг", table_cell(&info, 0, 4));
    fact(s, "Головний суддя", table_cell(&info, 0, 9));
    add(s, "</dl>\n<h2 id=\"sections\">Секції та призери</h2>\n");
    table_begin(s, "sections", sec_heads, "llnnlll");
    for (k = 0; k < n; k++) {
        size_t row = first + k;
        add(s, "<tr>");
        add(s, "<td>");
        addf(s, "<a href=\"%s.html\">", table_cell(&s->sections, row, 1));
        h(s, section_title(s, event, table_cell(&s->sections, row, 1)));
        add(s, "</a></td>");
        strbuf_reset(&sb);
        td(s, system_text(table_cell(&s->sections, row, 3)));
        tdn(s, table_cell(&s->sections, row, 6));
        tdn(s, table_cell(&s->sections, row, 7));
        if (!strcmp(table_cell(&s->sections, row, 13), "0")) {
            /* No champion, no medals: its places qualify. */
            addf(s, "<td colspan=\"3\">%s</td>",
                 !strcmp(table_cell(&s->sections, row, 12), "qualifying")
                     ? "відбірковий етап: без медалей"
                     : "без медалей");
        } else if (!strcmp(table_cell(&s->sections, row, 3), "team")) {
            e = team_medallists(s, event, table_cell(&s->sections, row, 1));
            if (e)
                goto out;
        } else {
            medallists(s, &rankings[k], 1);
            medallists(s, &rankings[k], 2);
            medallists(s, &rankings[k], 3);
        }
        add(s, "</tr>\n");
    }
    table_end(s);
    event_diplomas(s, event);

    add(s, "<h2 id=\"documents\">Документи</h2>\n<p>Документи змагання "
           "такі, як записано в архіві (SHA-256 — їхні контрольні суми з "
           "маніфесту пакета), і результати для машин.</p>\n");
    for (k = 0; k < 3 && !e; k++) {
        static const char *const roles[] = {"document", "results", "input"};
        static const char *const role_heads[] = {
            "Документи змагання", "Результати для машин (JSON, CSV)",
            "Вхідні файли програм жеребкування"};
        static const char *const role_notes[] = {
            NULL,
            "Отримано з файлів пакета: дати народження скорочено до року.",
            NULL};
        size_t shown = 0;
        for (i = 0; i < files.nrows; i++)
            shown += !strcmp(table_cell(&files, i, 4), roles[k]);
        if (!shown)
            continue;
        addf(s, "<h3 id=\"%s\">%s</h3>\n", roles[k], role_heads[k]);
        if (role_notes[k])
            addf(s, "<p>%s</p>\n", role_notes[k]);
        table_begin(s, "files", file_heads, "lnl");
        for (i = 0; i < files.nrows && !e; i++) {
            const char *name = table_cell(&files, i, 0);
            int cut = !strcmp(table_cell(&files, i, 5), "cut");
            if (strcmp(table_cell(&files, i, 4), roles[k]))
                continue;
            strbuf_reset(&rel);
            year_of(&rel, event);
            strbuf_addf(&rel, "/%s/files/%s", event, name);
            e = copy_file(s, &lb, name, table_cell(&files, i, 2),
                          cell_ll(table_cell(&files, i, 1)), cut, rel.buf);
            add(s, "<tr><td><a href=\"files/");
            url_path(&s->page, name);
            add(s, "\">");
            h(s, name);
            add(s, "</a></td>");
            strbuf_reset(&sb);
            if (!cut)
                size_text(&sb, table_cell(&files, i, 1));
            tdn(s, sb.buf);
            add(s, "<td class=\"sha\">");
            if (!cut)
                h(s, table_cell(&files, i, 2));
            add(s, "</td></tr>\n");
        }
        table_end(s);
    }
    if (e)
        goto out;
    if (s->event_pgn.len) {
        /* every game with moves of the event, one PGN */
        strbuf_reset(&rel);
        year_of(&rel, event);
        strbuf_addf(&rel, "/%s/%s.pgn", event, event);
        e = put_bytes(s, rel.buf, NULL, s->event_pgn.buf, s->event_pgn.len);
        s->res->files++;
        if (e)
            goto out;
        addf(s, "<h3 id=\"games\">Партії</h3>\n<p>Партії змагання із "
                "записаними ходами (%zu) одним файлом PGN: <a href=\"%s.pgn\">"
                "%s.pgn</a>; кожна — на сторінці своєї секції.</p>\n",
             s->event_games, event, event);
    }

    add(s, "<h2 id=\"bundle\">Пакет</h2>\n");
    if (s->src->public_bundle) {
        struct strbuf sha = STRBUF_INIT;
        strbuf_reset(&rel);
        year_of(&rel, event);
        strbuf_addf(&rel, "/%s/%s-public.zip", event, event);
        e = write_public_zip(s, &lb, event, rel.buf, &sha);
        addf(s, "<p><a href=\"%s-public.zip\">%s-public.zip</a>: "
                "опубліковане тут одним zip-файлом (документи, результати і "
                "маніфест), SHA-256 <span class=\"sha\">%s</span> "
                "(<a href=\"%s-public.zip.sha256\">%s-public.zip.sha256"
                "</a>).</p>\n",
             event, event, sha.buf, event, event);
        strbuf_release(&sha);
        if (e)
            goto out;
    }
    if (s->src->left_out) {
        add(s, "<p class=\"left-out\">");
        h(s, s->src->left_out);
        add(s, "</p>\n");
    }
    if (s->src->bundle) {
        strbuf_reset(&rel);
        year_of(&rel, event);
        strbuf_addf(&rel, "/%s/%s.zip", event, event);
        e = copy_bundle(s, &lb, cell_ll(table_cell(&ver, 0, 3)), rel.buf);
        if (e)
            goto out;
        add(s, "<p>");
        addf(s, "<a href=\"%s.zip\">%s.zip</a> (", event, event);
        strbuf_reset(&sb);
        strbuf_addstr(&sb, table_cell(&ver, 0, 3));
        {
            struct strbuf st = STRBUF_INIT;
            size_text(&st, sb.buf);
            h(s, st.buf);
            strbuf_release(&st);
        }
        addf(s, "), версія %s, SHA-256 <span class=\"sha\">%s</span>: усе "
                "змагання одним zip-файлом — вхідні файли, документи, "
                "результати і маніфест; 'sekretar archive import' приймає "
                "його в інший архів.</p>\n",
             table_cell(&ver, 0, 0), table_cell(&ver, 0, 2));
    }
    /* Every version, the earlier ones downloadable as the current one
       is: the public files of that bundle, one zip each. */
    add(s, "<h3 id=\"versions\">Версії</h3>\n");
    table_begin(s, "versions", ver_heads, "nlnlll");
    for (i = 0; i < shows[2].nrows && !e; i++) {
        const char *no = table_cell(&shows[2], i, 0);
        int current = *table_cell(&shows[2], i, 5) != 0;
        add(s, "<tr>");
        tdn(s, no);
        td(s, table_cell(&shows[2], i, 3));
        strbuf_reset(&sb);
        size_text(&sb, table_cell(&shows[2], i, 2));
        tdn(s, sb.buf);
        td(s, table_cell(&shows[2], i, 4));
        td(s, current ? "поточна" : "");
        if (!s->src->public_bundle) {
            td(s, "");
        } else if (current) {
            addf(s, "<td><a href=\"%s-public.zip\">zip</a></td>", event);
        } else {
            struct table old;
            struct strbuf sha = STRBUF_INIT;
            memset(&old, 0, sizeof(old));
            e = rows(s, SITE_VERSION, event, NULL, 0, cell_int(no), &old);
            if (!e && old.nrows) {
                struct lazy_bundle ob = {NULL, NULL};
                ob.relpath = table_cell(&old, 0, 1);
                ob.sha = table_cell(&old, 0, 2);
                strbuf_reset(&rel);
                year_of(&rel, event);
                strbuf_addf(&rel, "/%s/%s-v%s-public.zip", event, event, no);
                e = write_public_zip(s, &ob, event, rel.buf, &sha);
                addf(s, "<td><a href=\"%s-v%s-public.zip\">zip</a> "
                        "(<a href=\"%s-v%s-public.zip.sha256\">SHA-256</a>)"
                        "</td>",
                     event, no, event, no);
            } else {
                td(s, "");
            }
            strbuf_release(&sha);
            table_release(&old);
        }
        add(s, "</tr>\n");
    }
    table_end(s);
    if (e)
        goto out;
    event_url(&url, event);
    e = page_end(s, url.buf);
    s->res->events++;
out:
    for (k = 0; rankings && k < n; k++)
        table_release(&rankings[k]);
    free(rankings);
    table_release(&info);
    table_release(&files);
    for (i = 0; i < 3; i++)
        table_release(&shows[i]);
    table_release(&ver);
    strbuf_release(&sb);
    strbuf_release(&url);
    strbuf_release(&rel);
    return e;
}

/* The events of a year (rows lo..hi of s->events) as a table. */
static void events_table(struct site *s, size_t lo, size_t hi, int newest)
{
    static const char *const heads[] = {"Дати",    "Змагання", "Місто",
                                        "Категорія", "Секцій", "Учасників",
                                        NULL};
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    size_t i;

    table_begin(s, "events sortable", heads, "lllnnn");
    for (i = lo; i < hi; i++) {
        size_t r = newest ? hi - 1 - (i - lo) : i;
        const char *event = table_cell(&s->events, r, 0);
        add(s, "<tr>");
        strbuf_reset(&sb);
        dates_text(&sb, table_cell(&s->events, r, 2),
                   table_cell(&s->events, r, 3));
        td(s, sb.buf);
        event_url(&url, event);
        td_link(s, url.buf, event_title(s, event));
        td(s, table_cell(&s->events, r, 4));
        td(s, table_cell(&s->events, r, 5));
        tdn(s, table_cell(&s->events, r, 6));
        tdn(s, table_cell(&s->events, r, 7));
        add(s, "</tr>\n");
    }
    table_end(s);
    strbuf_release(&sb);
    strbuf_release(&url);
}

static enum err write_years(struct site *s)
{
    struct strbuf sb = STRBUF_INIT, rel = STRBUF_INIT;
    size_t lo, hi;
    enum err e = ERR_OK;

    for (lo = 0; lo < s->events.nrows && !e; lo = hi) {
        strbuf_reset(&sb);
        year_of(&sb, table_cell(&s->events, lo, 0));
        for (hi = lo + 1; hi < s->events.nrows &&
                          !strncmp(table_cell(&s->events, hi, 0), sb.buf, 4);
             hi++)
            ;
        strbuf_reset(&rel);
        strbuf_addf(&rel, "Змагання %s року", sb.buf);
        page_begin(s, 1, rel.buf);
        add(s, "<h1>");
        h(s, sb.buf);
        add(s, " рік</h1>\n");
        events_table(s, lo, hi, 0);
        strbuf_reset(&rel);
        strbuf_addf(&rel, "%s/index.html", sb.buf);
        e = page_end(s, rel.buf);
    }
    strbuf_release(&sb);
    strbuf_release(&rel);
    return e;
}

static enum err write_index(struct site *s)
{
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    long long counts[6] = {0, 0, 0, 0, 0, 0};
    size_t lo, hi, n = s->events.nrows, k;
    struct table c;
    enum err e;

    e = rows(s, SITE_COUNTS, NULL, NULL, 0, 0, &c);
    for (k = 0; !e && c.nrows && k < 6 && k < c.ncols; k++)
        counts[k] = cell_ll(table_cell(&c, 0, k));
    table_release(&c);
    if (e)
        return e;
    page_begin(s, 0, "Головна");
    add(s, "<h1>" SITE_NAME "</h1>\n");
    addf(s, "<p>Змагань: %lld, секцій: %lld, учасників: %lld, партій: "
            "%lld.</p>\n",
         counts[0], counts[2], counts[3], counts[5]);
    add(s, "<ul class=\"entry\">\n<li><a href=\"champions/index.html\">"
           "Чемпіони</a> за віковими категоріями, статтю та дисципліною</li>\n"
           "<li><a href=\"medals/region.html\">Медальні заліки</a> регіонів, "
           "клубів і тренерів</li>\n<li><a href=\"people/index.html\">"
           "Учасники</a> за абеткою</li>\n<li><a href=\"search.html\">"
           "Пошук</a> за прізвищем</li>\n</ul>\n");
    add(s, "<h2 id=\"years\">Роки</h2>\n<p class=\"years\">");
    for (lo = 0; lo < n; lo = hi) {
        strbuf_reset(&sb);
        year_of(&sb, table_cell(&s->events, lo, 0));
        for (hi = lo + 1;
             hi < n && !strncmp(table_cell(&s->events, hi, 0), sb.buf, 4); hi++)
            ;
        strbuf_reset(&url);
        strbuf_addf(&url, "%s/index.html", sb.buf);
        add(s, "<span class=\"year\">");
        a_link(s, url.buf, sb.buf);
        addf(s, " <span class=\"count\">(%zu)</span></span> ", hi - lo);
    }
    add(s, "</p>\n<h2 id=\"latest\">Останні змагання</h2>\n");
    events_table(s, n > 10 ? n - 10 : 0, n, 1);
    e = page_end(s, "index.html");
    strbuf_release(&sb);
    strbuf_release(&url);
    return e;
}

/* ============================================================== people */

/* A game's result from one side: "1", "½", "0", "+", "−". */
static const char *result_for(const char *res, int white)
{
    if (!strcmp(res, "1-0"))
        return white ? "1" : "0";
    if (!strcmp(res, "0-1"))
        return white ? "0" : "1";
    if (!strcmp(res, "½-½"))
        return "½";
    if (!strcmp(res, "+/-"))
        return white ? "+" : "−";
    if (!strcmp(res, "-/+"))
        return white ? "−" : "+";
    if (!strcmp(res, "-/-"))
        return "−";
    return "?";
}

/* "білі", "чорні", or "" when the colours are not known, of row i of a
 * person's games. */
static const char *colour_text(const struct table *games, size_t i)
{
    if (!cell_int(table_cell(games, i, 9)))
        return "";
    return !strcmp(table_cell(games, i, 4), "w") ? "білі" : "чорні";
}

/* The score of a result from one side, in halves. */
static int halves_for(const char *res, int white)
{
    const char *r = result_for(res, white);

    return !strcmp(r, "1") || !strcmp(r, "+") ? 2 : !strcmp(r, "½") ? 1 : 0;
}

/* The columns of a person's games (SITE_GAMES) past the ones named. */
enum { PG_WNO = 11, PG_BNO, PG_KO_GAME, PG_PGN };

/* The cell of row i of a person's games on a page of people/ or h2h/:
   a link to the game's page when its moves are recorded. */
static void game_cell(struct site *s, const struct table *games, size_t i)
{
    struct strbuf url = STRBUF_INIT;

    if (!*table_cell(games, i, PG_PGN)) {
        add(s, "<td></td>");
        return;
    }
    game_url(&url, table_cell(games, i, 1), table_cell(games, i, 2),
             table_cell(games, i, 3), table_cell(games, i, PG_WNO),
             table_cell(games, i, PG_BNO), table_cell(games, i, PG_KO_GAME),
             "html");
    addf(s, "<td><a class=\"game\" href=\"../%s\">ходи</a></td>", url.buf);
    strbuf_release(&url);
}

/* Rows of games sorted by the opponent's name and person, then as they
 * came. */
static const struct table *sort_games;
static int game_cmp(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    long long x = cell_ll(table_cell(sort_games, i, 6)),
              y = cell_ll(table_cell(sort_games, j, 6));
    int c = collate_cmp(table_cell(sort_games, i, 7),
                        table_cell(sort_games, j, 7));

    if (c)
        return c;
    if (x != y)
        return x < y ? -1 : 1;
    return i < j ? -1 : i > j;
}

/*
 * The head-to-head page of a person: one row a game, grouped by opponent,
 * the opponent and the score against him on the first row of each group
 * (whose id the person's games link to).
 */
static enum err write_h2h(struct site *s, const char *id, const char *name,
                          const struct table *games)
{
    static const char *const heads[] = {"Суперник", "Рахунок", "Рік",
                                        "Змагання", "Тур",     "Колір",
                                        "Результат", "Партія", NULL};
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT, rel = STRBUF_INIT;
    size_t i, j, g, *order = xcalloc(games->nrows + 1, sizeof(*order));
    enum err e;

    for (i = 0; i < games->nrows; i++)
        order[i] = i;
    sort_games = games;
    qsort(order, games->nrows, sizeof(*order), game_cmp);
    strbuf_addf(&sb, "%s: особисті зустрічі", name);
    page_begin(s, 1, sb.buf);
    add(s, "<h1>");
    h(s, sb.buf);
    add(s, "</h1>\n<p>");
    person_url(s, &url, id);
    a_link(s, url.buf, name);
    add(s, "; рахунок — його очки в партіях із суперником, усього і, де "
           "грали в кількох видах програми, окремо в кожному.</p>\n");
    table_begin(s, "meet", heads, "lnnlnlll");
    for (i = 0; i < games->nrows; i = j) {
        const char *opp = table_cell(games, order[i], 6);
        /* the score in all, and in each discipline apart (classic, rapid,
           blitz: a blitz win is not a classical one) */
        static const char *const kinds[] = {"classic", "rapid", "blitz"};
        int halves = 0, by[4][2], shown = 0, k;
        memset(by, 0, sizeof(by));
        for (j = i; j < games->nrows &&
                    !strcmp(table_cell(games, order[j], 6), opp);
             j++) {
            long sr = sec_find(s, table_cell(games, order[j], 1),
                               table_cell(games, order[j], 2));
            const char *d =
                sr < 0 ? "" : table_cell(&s->sections, (size_t)sr, 4);
            int x = halves_for(table_cell(games, order[j], 5),
                               !strcmp(table_cell(games, order[j], 4), "w"));
            for (k = 0; k < 3 && strcmp(d, kinds[k]); k++)
                ;
            halves += x;
            by[k][0] += x;
            by[k][1]++;
        }
        for (g = i; g < j; g++) {
            size_t row = order[g];
            const char *ev = table_cell(games, row, 1),
                       *sec = table_cell(games, row, 2);
            long er = ev_find(s, ev);
            if (g == i) {
                strbuf_reset(&sb);
                strbuf_addf(&sb, "%.1f", halves / 2.0);
                strbuf_reset(&rel);
                number_text(&rel, sb.buf);
                addf(s, "<tr id=\"p-%s\"><td><a href=\"../people/%s.html\">",
                     person_slug(s, opp), person_slug(s, opp));
                h(s, table_cell(games, row, 7));
                addf(s, "</a></td><td>%s з %zu", rel.len ? rel.buf : "0",
                     j - i);
                for (k = 0; k < 4; k++)
                    shown += by[k][1] > 0;
                for (k = 0; k < 3 && shown > 1; k++) {
                    if (!by[k][1])
                        continue;
                    strbuf_reset(&sb);
                    strbuf_addf(&sb, "%.1f", by[k][0] / 2.0);
                    strbuf_reset(&rel);
                    number_text(&rel, sb.buf);
                    addf(s, "<br><span class=\"by\">%s: %s з %d</span>",
                         doc_discipline_short(kinds[k]),
                         rel.len ? rel.buf : "0",
                         by[k][1]);
                }
                add(s, "</td>");
            } else
                add(s, "<tr><td></td><td></td>");
            section_url(&url, ev, sec);
            addf(s, "<td>%s</td><td><a href=\"../%s\">",
                 table_cell(games, row, 0), url.buf);
            h(s, er < 0 ? ev : table_cell(&s->events, (size_t)er, 4));
            add(s, ": ");
            h(s, section_title(s, ev, sec));
            addf(s, "</a></td><td>%s</td><td>%s</td><td>%s</td>",
                 table_cell(games, row, 3), colour_text(games, row),
                 result_for(table_cell(games, row, 5),
                            !strcmp(table_cell(games, row, 4), "w")));
            game_cell(s, games, row);
            add(s, "</tr>\n");
        }
    }
    table_end(s);
    if (!games->nrows)
        add(s, "<p>Партій за шахівницею немає.</p>\n");
    strbuf_reset(&rel);
    strbuf_addf(&rel, "h2h/%s.html", person_slug(s, id));
    e = page_end(s, rel.buf);
    free(order);
    strbuf_release(&sb);
    strbuf_release(&url);
    strbuf_release(&rel);
    return e;
}

/*
 * The change of a player's rating over one section, as FIDE computes it
 * (Rating Regulations 8.3): K times the sum of (score - expected score)
 * over the games played against rated opponents, a difference over 400
 * counted as 400, the expected score from table 8.1b.  K by FIDE's rules
 * from what the archive knows: 20 in rapid and blitz; in classical chess
 * 40 to the end of the year the player turns 18 while under 2300, 20
 * under 2400, 10 from 2400 (a newcomer's K of 40 and the 10 of one who
 * once had 2400 need his history, which FIDE has).  Its cell, "+8,4", or
 * an empty one when there is no rating, no rated game or no K; 1 when a
 * change was written.
 */
static int rating_change_cell(struct site *s, const char *born,
                              const struct table *hist, size_t i,
                              const struct table *games)
{
    const char *ev = table_cell(hist, i, 1), *sec = table_cell(hist, i, 2);
    int own = cell_int(table_cell(hist, i, 8)), k, n = 0;
    long sr = sec_find(s, ev, sec);
    const char *disc = sr < 0 ? "" : table_cell(&s->sections, (size_t)sr, 4);
    long long sum = 0; /* in hundredths of a point */
    size_t g;

    if (own <= 0) {
        td(s, "");
        return 0;
    }
    if (!strcmp(disc, "rapid") || !strcmp(disc, "blitz"))
        k = 20;
    else if (!strcmp(disc, "classic") && own >= 2400)
        k = 10;
    else if (!strcmp(disc, "classic") && own >= 2300)
        k = 20;
    else if (!strcmp(disc, "classic") && *born)
        k = cell_int(table_cell(hist, i, 0)) - cell_int(born) <= 18 ? 40 : 20;
    else
        k = 0; /* another discipline, or the age unknown */
    for (g = 0; g < games->nrows && k; g++) {
        const char *res = table_cell(games, g, 5);
        int opp = cell_int(table_cell(games, g, 8)), o, h;
        if (strcmp(table_cell(games, g, 1), ev) ||
            strcmp(table_cell(games, g, 2), sec) || opp <= 0 ||
            (strcmp(res, "1-0") && strcmp(res, "0-1") && strcmp(res, "½-½")))
            continue;
        o = opp < own - 400 ? own - 400 : opp > own + 400 ? own + 400 : opp;
        h = halves_for(res, !strcmp(table_cell(games, g, 4), "w"));
        sum += h * 50 - rating_expected_pct(&s->expect, own, o);
        n++;
    }
    if (!n || !k) {
        td(s, "");
        return 0;
    }
    {
        /* K * sum / 100, to a tenth, half away from zero */
        long long tenths = rating_div_round(sum * k, 10);
        long long a = tenths < 0 ? -tenths : tenths;
        addf(s, "<td class=\"n\" title=\"K = %d, партій: %d\">%s%lld,%lld"
                "</td>",
             k, n, tenths > 0 ? "+" : tenths < 0 ? "−" : "", a / 10, a % 10);
    }
    return 1;
}

static enum err write_person(struct site *s, size_t prow)
{
    const struct table *pp = &s->people;
    const char *id = table_cell(pp, prow, 0), *name = table_cell(pp, prow, 1);
    struct table hist, games;
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT, rel = STRBUF_INIT;
    static const char *const hist_heads[] = {
        "Рік",    "Змагання", "Секція", "Місце", "Очки",  "Партій", "Рп",
        "Рейтинг", "Зміна", "Регіон",  "Клуб",   "Тренер", "Розряд", NULL};
    const char *game_heads[] = {"Тур",       "Колір",  "Суперник", "Рейтинг",
                                "Результат", "Партія", NULL};
    struct strbuf pgn = STRBUF_INIT;
    size_t recorded = 0, k;
    int moves = 0;
    size_t i;
    int medals[3] = {0, 0, 0}, few = 0, changes = 0;
    enum err e;

    memset(&hist, 0, sizeof(hist));
    memset(&games, 0, sizeof(games));
    e = rows(s, SITE_PLAYER, NULL, NULL, cell_ll(id), 0, &hist);
    if (!e)
        e = rows(s, SITE_GAMES, NULL, NULL, cell_ll(id), 0, &games);
    if (e)
        goto out;
    /* namesakes told apart in the title by the year of birth */
    strbuf_addstr(&sb, name);
    if (*table_cell(pp, prow, 2))
        strbuf_addf(&sb, ", %s р. н.", table_cell(pp, prow, 2));
    page_begin(s, 1, sb.buf);
    strbuf_reset(&sb);
    add(s, "<h1>");
    h(s, name);
    add(s, "</h1>\n<dl class=\"facts\">\n");
    /* The source gives the year alone (pipeline/publish.h). */
    if (*table_cell(pp, prow, 2))
        fact(s, "Рік народження", table_cell(pp, prow, 2));
    {
        /* a FIDE ID leads to the player's profile at FIDE, the one link
           to another site (a link to follow, nothing the page loads) */
        const char *fide = table_cell(pp, prow, 3);
        if (*fide && strspn(fide, "0123456789") == strlen(fide))
            addf(s, "<dt>FIDE ID</dt><dd><a class=\"out\" "
                    "href=\"https://ratings.fide.com/profile/%s\">%s</a> "
                    "(профіль і рейтинги на сайті FIDE)</dd>\n",
                 fide, fide);
        else
            fact(s, "FIDE ID", fide);
    }
    for (i = 0; i < hist.nrows; i++) {
        int pl = cell_int(table_cell(&hist, i, 3));
        if (pl >= 1 && pl <= 3)
            medals[pl - 1]++;
    }
    addf(s, "<dt>Виступів</dt><dd>%zu</dd>\n<dt>Медалі</dt><dd>золото "
            "%d, срібло %d, бронза %d</dd>\n</dl>\n",
         hist.nrows, medals[0], medals[1], medals[2]);
    strbuf_reset(&url);
    strbuf_addf(&url, "h2h/%s.html", person_slug(s, id));
    add(s, "<p>");
    a_link(s, url.buf, "Особисті зустрічі з кожним суперником");
    add(s, "</p>\n<h2 id=\"career\">Виступи</h2>\n");
    table_begin(s, "career sortable", hist_heads, "nllnnnnnnllll");
    for (i = 0; i < hist.nrows; i++) {
        const char *ev = table_cell(&hist, i, 1), *sec = table_cell(&hist, i, 2);
        add(s, "<tr>");
        tdn(s, table_cell(&hist, i, 0));
        event_url(&url, ev);
        td_link(s, url.buf, event_title(s, ev));
        section_url(&url, ev, sec);
        td_link(s, url.buf, section_title(s, ev, sec));
        strbuf_reset(&sb);
        /* "4-5" as the query says it, "4–5" on the page */
        {
            const char *pl = table_cell(&hist, i, 3), *dash = strchr(pl, '-');
            if (dash) {
                strbuf_add(&sb, pl, (size_t)(dash - pl));
                strbuf_addf(&sb, "–%s", dash + 1);
            } else
                strbuf_addstr(&sb, pl);
        }
        tdn(s, sb.buf);
        strbuf_reset(&sb);
        number_text(&sb, table_cell(&hist, i, 4));
        tdn(s, sb.buf);
        tdn(s, table_cell(&hist, i, 5));
        perf_cell(s, table_cell(&hist, i, 6), table_cell(&hist, i, 7), &few);
        tdn(s, table_cell(&hist, i, 8));
        changes += rating_change_cell(s, table_cell(pp, prow, 2), &hist, i,
                                      &games);
        td(s, table_cell(&hist, i, 9));
        td(s, table_cell(&hist, i, 10));
        td(s, table_cell(&hist, i, 11));
        td(s, table_cell(&hist, i, 12));
        add(s, "</tr>\n");
    }
    table_end(s);
    if (few || changes) {
        add(s, "<dl class=\"legend\">\n");
        if (few)
            perf_few_legend(s);
        if (changes)
            add(s, "<dt>Зміна</dt><dd>зміна рейтингу за турнір за формулою "
                   "FIDE (K × сума різниць між набраними й очікуваними "
                   "очками; різниця рейтингів понад 400 рахується як 400), "
                   "лише за зіграні партії проти суперників із рейтингом. "
                   "K — за правилами FIDE з року народження й рейтингу: 20 "
                   "у швидких шахах і бліці; у класичних 40 до кінця року, "
                   "коли гравцеві виповнюється 18, за рейтингу нижче 2300, "
                   "20 за рейтингу нижче 2400, 10 від 2400 (новачкові до 30 "
                   "партій і тому, хто колись мав 2400, FIDE дає інший K: "
                   "остаточні зміни — на сайті FIDE).</dd>\n");
        add(s, "</dl>\n");
    }
    person_diplomas(s, id);
    add(s, "<h2 id=\"games\">Партії</h2>\n");
    /* his games with moves, one PGN beside the page */
    for (i = 0; i < games.nrows; i++)
        if (*table_cell(&games, i, PG_PGN)) {
            strbuf_addstr(&pgn, table_cell(&games, i, PG_PGN));
            recorded++;
        }
    if (recorded) {
        strbuf_reset(&rel);
        strbuf_addf(&rel, "people/%s.pgn", person_slug(s, id));
        e = put_bytes(s, rel.buf, NULL, pgn.buf, pgn.len);
        s->res->files++;
        if (e)
            goto out;
        addf(s, "<p>Партії із записаними ходами (%zu) одним файлом PGN: "
                "<a href=\"%s.pgn\">%s.pgn</a>.</p>\n",
             recorded, person_slug(s, id), person_slug(s, id));
    }
    for (i = 0; i < games.nrows; i++) {
        const char *ev = table_cell(&games, i, 1), *sec = table_cell(&games, i, 2);
        int white = !strcmp(table_cell(&games, i, 4), "w");
        if (!i || strcmp(ev, table_cell(&games, i - 1, 1)) ||
            strcmp(sec, table_cell(&games, i - 1, 2))) {
            if (i)
                table_end(s);
            add(s, "<h3>");
            section_url(&url, ev, sec);
            strbuf_reset(&sb);
            strbuf_addf(&sb, "%s, %s", event_title(s, ev),
                        section_title(s, ev, sec));
            a_link(s, url.buf, sb.buf);
            add(s, "</h3>\n");
            /* a column of links to the games where there are any */
            for (k = i, moves = 0; k < games.nrows &&
                                   !strcmp(ev, table_cell(&games, k, 1)) &&
                                   !strcmp(sec, table_cell(&games, k, 2));
                 k++)
                moves |= *table_cell(&games, k, PG_PGN) != '\0';
            game_heads[5] = moves ? "Партія" : NULL;
            table_begin(s, "games", game_heads, "nllnll");
        }
        /* many rows: the shortest links, alignment from the CSS */
        addf(s, "<tr><td>%s</td><td>%s</td><td><a href=\"%s.html\">",
             table_cell(&games, i, 3), colour_text(&games, i),
             person_slug(s, table_cell(&games, i, 6)));
        h(s, table_cell(&games, i, 7));
        add(s, "</a></td><td>");
        h(s, table_cell(&games, i, 8));
        addf(s, "</td><td><a href=\"../h2h/%s.html#p-%s\">%s</a></td>",
             person_slug(s, id), person_slug(s, table_cell(&games, i, 6)),
             result_for(table_cell(&games, i, 5), white));
        if (moves)
            game_cell(s, &games, i);
        add(s, "</tr>\n");
    }
    if (games.nrows)
        table_end(s);
    else
        add(s, "<p>Партій за шахівницею немає.</p>\n");
    strbuf_reset(&rel);
    strbuf_addf(&rel, "people/%s.html", person_slug(s, id));
    s->page_key = table_cell(pp, prow, 6);
    e = page_end(s, rel.buf);
    if (e)
        goto out;

    e = write_h2h(s, id, name, &games);
    s->res->people++;
out:
    strbuf_release(&pgn);
    table_release(&hist);
    table_release(&games);
    strbuf_release(&sb);
    strbuf_release(&url);
    strbuf_release(&rel);
    return e;
}

/* The first letter of a name, in capitals ("Ш"). */
static void first_letter(struct strbuf *out, const char *name)
{
    uint32_t cp = 0;
    size_t n = utf8_decode(name, strlen(name), &cp);

    strbuf_reset(out);
    if (n && cp)
        utf8_encode(out, ucs_toupper(cp));
}

/* The page of a letter: its transliteration in small letters ("shch"),
 * "other" for what is no letter. */
static void letter_file(struct strbuf *out, const char *letter)
{
    name_slug(out, letter);
}

/* Letters in Ukrainian alphabetical order (util/collate). */
static int letter_cmp(const void *a, const void *b)
{
    return collate_cmp(*(char *const *)a, *(char *const *)b);
}

/* The people by the first letter of their surname. */
static enum err write_people_index(struct site *s)
{
    const struct table *pp = &s->people;
    static const char *const heads[] = {"Прізвище, ім'я", "Рік народження",
                                        "FIDE ID", NULL};
    struct strbuf letter = STRBUF_INIT, file = STRBUF_INIT, rel = STRBUF_INIT,
                  url = STRBUF_INIT, sb = STRBUF_INIT;
    struct words set = {NULL, 0, 0}, files = {NULL, 0, 0};
    size_t i, j, k;
    enum err e = ERR_OK;

    for (i = 0; i < pp->nrows; i++) {
        first_letter(&letter, table_cell(pp, i, 1));
        words_add(&set, letter.buf);
    }
    if (set.n)
        qsort(set.v, set.n, sizeof(*set.v), letter_cmp);
    page_begin(s, 1, "Учасники");
    add(s, "<h1>Учасники</h1>\n<p>За першою літерою прізвища.</p>\n"
           "<p class=\"letters\">");
    for (i = 0; i < set.n; i++) {
        letter_file(&file, set.v[i]);
        words_add(&files, file.buf);
        strbuf_reset(&url);
        strbuf_addf(&url, "people/%s.html", file.buf);
        a_link(s, url.buf, *set.v[i] ? set.v[i] : "інші");
        add(s, " ");
    }
    add(s, "</p>\n");
    e = page_end(s, "people/index.html");
    /* One page a transliteration: И and Й (both "y") share one. */
    for (k = 0; k < files.n && !e; k++) {
        strbuf_reset(&sb);
        for (i = 0; i < set.n; i++) {
            letter_file(&file, set.v[i]);
            if (!strcmp(file.buf, files.v[k]))
                strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", set.v[i]);
        }
        page_begin(s, 1, sb.buf);
        add(s, "<h1>Учасники: ");
        h(s, sb.buf);
        add(s, "</h1>\n");
        table_begin(s, "people sortable", heads, "lll");
        for (j = 0; j < pp->nrows; j++) {
            struct date d;
            first_letter(&letter, table_cell(pp, j, 1));
            letter_file(&file, letter.buf);
            if (strcmp(file.buf, files.v[k]))
                continue;
            add(s, "<tr>");
            person_url(s, &url, table_cell(pp, j, 0));
            td_link(s, url.buf, table_cell(pp, j, 1));
            strbuf_reset(&sb);
            if (!date_parse(table_cell(pp, j, 2), &d))
                date_format_ua(&sb, &d);
            else
                strbuf_addstr(&sb, table_cell(pp, j, 2));
            td(s, sb.buf);
            td(s, table_cell(pp, j, 3));
            add(s, "</tr>\n");
        }
        table_end(s);
        strbuf_reset(&rel);
        strbuf_addf(&rel, "people/%s.html", files.v[k]);
        e = page_end(s, rel.buf);
    }
    words_release(&set);
    words_release(&files);
    strbuf_release(&letter);
    strbuf_release(&file);
    strbuf_release(&rel);
    strbuf_release(&url);
    strbuf_release(&sb);
    return e;
}

/* =========================================================== champions */

/* A category's file name: a-z, 0-9 and '-' of its lower case. */
static void category_file(struct strbuf *out, const char *cat)
{
    strbuf_reset(out);
    for (; *cat; cat++) {
        char c = *cat;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')
            strbuf_addch(out, c);
    }
    if (!out->len)
        strbuf_addstr(out, "other");
}

/* Row k of the champions (SITE_CHAMPIONS) as a table row, with its year
   or without. */
static void champion_row(struct site *s, const struct table *r, size_t k,
                         int year)
{
    const char *ev = table_cell(r, k, 1), *sec = table_cell(r, k, 3);
    struct strbuf url = STRBUF_INIT, sb = STRBUF_INIT;

    add(s, "<tr>");
    if (year)
        tdn(s, table_cell(r, k, 0));
    event_url(&url, ev);
    td_link(s, url.buf, event_title(s, ev));
    section_url(&url, ev, sec);
    td_link(s, url.buf, section_title(s, ev, sec));
    /* a team competition's champion: its team */
    if (*table_cell(r, k, 9)) {
        person_url(s, &url, table_cell(r, k, 9));
        td_link(s, url.buf, table_cell(r, k, 6));
    } else {
        strbuf_reset(&url);
        section_url(&url, ev, sec);
        strbuf_addstr(&url, "#teams");
        td_link(s, url.buf, table_cell(r, k, 6));
    }
    td(s, table_cell(r, k, 7));
    number_text(&sb, table_cell(r, k, 8));
    tdn(s, sb.buf);
    add(s, "</tr>\n");
    strbuf_release(&url);
    strbuf_release(&sb);
}

static const struct table *sort_champions;

/* Newest year first; within a year as the catalogue lists them. */
static int champion_year_cmp(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int c = strcmp(table_cell(sort_champions, j, 0),
                   table_cell(sort_champions, i, 0));
    return c ? c : (i > j) - (i < j);
}

/* champions/years.html: every year's champions, newest first. */
static enum err write_champions_by_year(struct site *s, const struct table *r)
{
    static const char *const heads[] = {"Змагання", "Секція", "Чемпіон",
                                        "Регіон", "Очки", NULL};
    size_t i, *order = xcalloc(r->nrows + 1, sizeof(*order));
    const char *year = NULL;
    enum err e;

    for (i = 0; i < r->nrows; i++)
        order[i] = i;
    sort_champions = r;
    if (r->nrows)
        qsort(order, r->nrows, sizeof(*order), champion_year_cmp);
    page_begin(s, 1, "Чемпіони за роками");
    add(s, "<h1>Чемпіони за роками</h1>\n<p class=\"crumbs\"><a "
           "href=\"index.html\">Чемпіони за категоріями</a></p>\n");
    if (r->nrows) {
        add(s, "<p class=\"letters\">");
        for (i = 0; i < r->nrows; i++)
            if (!year || strcmp(year, table_cell(r, order[i], 0))) {
                year = table_cell(r, order[i], 0);
                addf(s, "%s<a href=\"#y%s\">%s</a>", i ? " " : "", year,
                     year);
            }
        add(s, "</p>\n");
    } else {
        add(s, "<p>Чемпіонів в архіві ще немає.</p>\n");
    }
    year = NULL;
    for (i = 0; i < r->nrows; i++) {
        const char *y = table_cell(r, order[i], 0);
        if (!year || strcmp(year, y)) {
            if (year)
                table_end(s);
            year = y;
            addf(s, "<h2 id=\"y%s\">%s</h2>\n", y, y);
            table_begin(s, "champions sortable", heads, "lllln");
        }
        champion_row(s, r, order[i], 0);
    }
    if (year)
        table_end(s);
    e = page_end(s, "champions/years.html");
    free(order);
    return e;
}

static enum err write_champions(struct site *s)
{
    struct table r;
    struct strbuf file = STRBUF_INIT, rel = STRBUF_INIT, url = STRBUF_INIT,
                  sb = STRBUF_INIT;
    struct words set = {NULL, 0, 0};
    char **cats;
    size_t i, n;
    static const char *const sexes[] = {"m", "f", ""};
    static const char *const discs[] = {"classic", "rapid", "blitz", NULL};
    static const char *const heads[] = {"Рік",    "Змагання", "Секція",
                                        "Чемпіон", "Регіон",  "Очки", NULL};
    enum err e;

    e = rows(s, SITE_CHAMPIONS, NULL, NULL, 0, 0, &r);
    if (e)
        return e;
    for (i = 0; i < r.nrows; i++)
        words_add(&set, table_cell(&r, i, 2));
    if (set.n)
        qsort(set.v, set.n, sizeof(*set.v), category_cmp);
    cats = set.v;
    n = set.n;
    page_begin(s, 1, "Чемпіони");
    add(s, "<h1>Чемпіони</h1>\n<p>Переможці кожної секції за роками, за "
           "віковою категорією, статтю та дисципліною.</p>\n<ul>\n");
    for (i = 0; i < n; i++) {
        category_file(&file, cats[i]);
        strbuf_reset(&url);
        strbuf_addf(&url, "champions/%s.html", file.buf);
        add(s, "<li>");
        a_link(s, url.buf, *cats[i] ? cats[i] : "без категорії");
        add(s, "</li>\n");
    }
    add(s, "</ul>\n<p>Усі чемпіони одного року: <a "
           "href=\"years.html\">чемпіони за роками</a>.</p>\n");
    e = page_end(s, "champions/index.html");
    if (!e)
        e = write_champions_by_year(s, &r);
    for (i = 0; i < n && !e; i++) {
        size_t x, y;
        strbuf_reset(&sb);
        strbuf_addf(&sb, "Чемпіони %s", cats[i]);
        page_begin(s, 1, sb.buf);
        add(s, "<h1>");
        h(s, sb.buf);
        add(s, "</h1>\n");
        for (x = 0; x < 3; x++)
            for (y = 0; y < 4; y++) {
                size_t k;
                int any = 0;
                for (k = 0; k < r.nrows; k++) {
                    const char *disc = table_cell(&r, k, 5);
                    int known = 0, d;
                    if (strcmp(table_cell(&r, k, 2), cats[i]) ||
                        strcmp(table_cell(&r, k, 4), sexes[x]))
                        continue;
                    for (d = 0; discs[d]; d++)
                        if (!strcmp(disc, discs[d]))
                            known = d + 1;
                    if (y < 3 ? !discs[y] || strcmp(disc, discs[y]) : known)
                        continue;
                    if (!any++) {
                        addf(s, "<h2 id=\"%s-%s\">", *sexes[x] ? sexes[x] : "x",
                             y < 3 ? discs[y] : "other");
                        strbuf_reset(&sb);
                        strbuf_addf(&sb, "%s, %s", sex_text(sexes[x]),
                                    y < 3 ? discipline_text(discs[y]) : disc);
                        h(s, sb.buf);
                        add(s, "</h2>\n");
                        table_begin(s, "champions sortable", heads, "nlllln");
                    }
                    champion_row(s, &r, k, 1);
                }
                if (any)
                    table_end(s);
            }
        category_file(&file, cats[i]);
        strbuf_reset(&rel);
        strbuf_addf(&rel, "champions/%s.html", file.buf);
        e = page_end(s, rel.buf);
    }
    words_release(&set);
    table_release(&r);
    strbuf_release(&file);
    strbuf_release(&rel);
    strbuf_release(&url);
    strbuf_release(&sb);
    return e;
}

/* ============================================ regions, clubs, coaches */

/*
 * A page for each region, club and coach: every event and section its
 * players (and teams) were in, how many, and who of them took a medal;
 * and a list of them all.  A club is one club however its quotes were
 * typed (grouped by its key, named as first written, as the medal table
 * names it); a player's every coach is credited.
 */
struct group {
    char *key, *shown, *slug;
    size_t first, n; /* rows of the table */
    int events, entries, medals[3];
};

static const struct {
    const char *by, *dir, *what, *title;
} group_kinds[] = {
    {"region", "regions", "Регіон", "Регіони"},
    {"club", "clubs", "Клуб", "Клуби"},
    {"coach", "coaches", "Тренер", "Тренери"},
};

/* 1 when a group of players by region is a foreign federation's: the
   catalogue keeps a foreign player's federation ("POL") as his region. */
static int group_federation(size_t kind, const char *shown)
{
    size_t i;

    if (kind != 0 || region_find(shown) >= 0 || strlen(shown) != 3)
        return 0;
    for (i = 0; i < 3; i++)
        if (shown[i] < 'A' || shown[i] > 'Z')
            return 0;
    return 1;
}

static int group_shown_cmp(const void *a, const void *b)
{
    const struct group *x = a, *y = b;
    int c = collate_cmp(x->shown, y->shown);
    return c ? c : strcmp(x->key, y->key);
}

static const struct group *sort_groups;

/* By page name, then as listed. */
static int group_slug_cmp(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int c = strcmp(sort_groups[i].slug, sort_groups[j].slug);
    return c ? c : (i > j) - (i < j);
}

static int group_key_cmp(const void *a, const void *b)
{
    return strcmp(sort_groups[*(const size_t *)a].key,
                  sort_groups[*(const size_t *)b].key);
}

/* The groups of rows r (sorted by group), named and counted, their page
   names made unique; in alphabetical order. */
static size_t groups_make(const struct table *r, struct group **out)
{
    struct group *g = NULL;
    size_t n = 0, alloc = 0, i, j;
    struct strbuf sb = STRBUF_INIT;

    for (i = 0; i < r->nrows; i = j) {
        const char *key = table_cell(r, i, 0), *shown = table_cell(r, i, 1),
                   *ev = "";
        ALLOC_GROW(g, n + 1, alloc);
        memset(&g[n], 0, sizeof(g[n]));
        g[n].first = i;
        for (j = i; j < r->nrows && !strcmp(table_cell(r, j, 0), key); j++) {
            int pl = cell_int(table_cell(r, j, 8));
            if (strcmp(table_cell(r, j, 1), shown) < 0)
                shown = table_cell(r, j, 1);
            if (strcmp(table_cell(r, j, 4), ev)) {
                ev = table_cell(r, j, 4);
                g[n].events++;
            }
            g[n].entries += !strcmp(table_cell(r, j, 10), "p");
            if (!strcmp(table_cell(r, j, 9), "1") && pl >= 1 && pl <= 3)
                g[n].medals[pl - 1]++;
        }
        g[n].n = j - i;
        g[n].key = xstrdup(key);
        g[n].shown = xstrdup(shown);
        n++;
    }
    if (n)
        qsort(g, n, sizeof(*g), group_shown_cmp);
    /* its name in Latin letters; a second of one name (in the order of
       the names) "-2", "-3" */
    {
        size_t *idx = xcalloc(n + 1, sizeof(*idx));
        for (i = 0; i < n; i++) {
            name_slug(&sb, g[i].shown);
            if (!strcmp(sb.buf, "index"))
                strbuf_addstr(&sb, "-2");
            g[i].slug = strbuf_detach(&sb, NULL);
            idx[i] = i;
        }
        sort_groups = g;
        if (n)
            qsort(idx, n, sizeof(*idx), group_slug_cmp);
        for (i = 0; i < n; i = j) {
            for (j = i + 1; j < n && !strcmp(g[idx[j]].slug, g[idx[i]].slug);
                 j++) {
                strbuf_reset(&sb);
                strbuf_addf(&sb, "%s-%zu", g[idx[j]].slug, j - i + 1);
                free(g[idx[j]].slug);
                g[idx[j]].slug = strbuf_detach(&sb, NULL);
            }
        }
        /* a "-2" that another's own name is: that one gets its number */
        if (n)
            qsort(idx, n, sizeof(*idx), group_slug_cmp);
        for (i = 1; i < n; i++)
            if (!strcmp(g[idx[i]].slug, g[idx[i - 1]].slug)) {
                strbuf_reset(&sb);
                strbuf_addf(&sb, "%s-n%zu", g[idx[i]].slug, idx[i] + 1);
                free(g[idx[i]].slug);
                g[idx[i]].slug = strbuf_detach(&sb, NULL);
            }
        free(idx);
    }
    strbuf_release(&sb);
    *out = g;
    return n;
}

static void groups_release(struct group *g, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        free(g[i].key);
        free(g[i].shown);
        free(g[i].slug);
    }
    free(g);
}

static enum err write_group(struct site *s, size_t kind, const struct table *r,
                            const struct group *g)
{
    static const char *const heads[] = {"Рік", "Змагання", "Секція",
                                        "Учасників", "Призери", NULL};
    struct strbuf sb = STRBUF_INIT, url = STRBUF_INIT;
    size_t i, j;
    enum err e;

    strbuf_addf(&sb, "%s: %s",
                group_federation(kind, g->shown) ? "Федерація"
                                                 : group_kinds[kind].what,
                g->shown);
    page_begin(s, 1, sb.buf);
    addf(s, "<p class=\"crumbs\"><a href=\"index.html\">%s</a></p>\n<h1>",
         group_kinds[kind].title);
    h(s, sb.buf);
    add(s, "</h1>\n<dl class=\"facts\">\n");
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%d", g->events);
    fact(s, "Змагань", sb.buf);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%d", g->entries);
    fact(s, "Виступів гравців", sb.buf);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "золото %d, срібло %d, бронза %d", g->medals[0],
                g->medals[1], g->medals[2]);
    fact(s, "Медалі", sb.buf);
    add(s, "</dl>\n");
    table_begin(s, "group sortable", heads, "nllnl");
    for (i = g->first; i < g->first + g->n; i = j) {
        const char *ev = table_cell(r, i, 4), *sec = table_cell(r, i, 5);
        int players = 0, shown = 0;
        for (j = i; j < g->first + g->n && !strcmp(table_cell(r, j, 4), ev) &&
                    !strcmp(table_cell(r, j, 5), sec);
             j++)
            players += !strcmp(table_cell(r, j, 10), "p");
        add(s, "<tr>");
        tdn(s, table_cell(r, i, 3));
        event_url(&url, ev);
        td_link(s, url.buf, event_title(s, ev));
        section_url(&url, ev, sec);
        td_link(s, url.buf, section_title(s, ev, sec));
        strbuf_reset(&sb);
        if (players)
            strbuf_addf(&sb, "%d", players);
        tdn(s, sb.buf);
        add(s, "<td>");
        for (; i < j; i++) {
            int pl = cell_int(table_cell(r, i, 8));
            if (strcmp(table_cell(r, i, 9), "1"))
                continue;
            if (shown++)
                add(s, "; ");
            if (*table_cell(r, i, 6))
                person_url(s, &url, table_cell(r, i, 6));
            else {
                section_url(&url, ev, sec);
                strbuf_addstr(&url, "#teams");
            }
            a_link(s, url.buf, table_cell(r, i, 7));
            addf(s, " (%d)", pl);
        }
        add(s, "</td></tr>\n");
    }
    table_end(s);
    add(s, "<p class=\"legend\">Учасників — гравців цієї групи в секції; "
           "призери — місця 1–3 секцій, що дають медалі (у дужках — "
           "місце).</p>\n");
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s/%s.html", group_kinds[kind].dir, g->slug);
    e = page_end(s, sb.buf);
    strbuf_release(&sb);
    strbuf_release(&url);
    return e;
}

/* The page of the group keyed key of kind (for the medal tables), or
   NULL. */
static const char *group_slug(const struct site *s, size_t kind,
                              const char *name)
{
    struct strbuf key = STRBUF_INIT;
    const char *slug = NULL;
    size_t lo = 0, hi = s->n_groups[kind];

    if (kind == 1)
        name_club_key(&key, name);
    else
        strbuf_addstr(&key, name);
    while (lo < hi && !slug) {
        size_t mid = lo + (hi - lo) / 2;
        const struct group *g = &s->groups[kind][s->group_by_key[kind][mid]];
        int c = strcmp(g->key, key.buf);
        if (!c)
            slug = g->slug;
        else if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    strbuf_release(&key);
    return slug;
}

/* The list of groups of kind k: the regions' (or the clubs', the
   coaches'), or (federations) the foreign federations'. */
static void write_groups_table(struct site *s, size_t k, int federations)
{
    const char *heads[] = {"Назва",  "Змагань", "Виступів", "Золото",
                           "Срібло", "Бронза",  NULL};
    const struct group *g = s->groups[k];
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    if (federations)
        heads[0] = "Федерація";
    table_begin(s, "groups sortable", heads, "lnnnnn");
    for (i = 0; i < s->n_groups[k]; i++) {
        if (group_federation(k, g[i].shown) != federations)
            continue;
        add(s, "<tr>");
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s.html", g[i].slug);
        add(s, "<td>");
        addf(s, "<a href=\"%s\">", sb.buf);
        h(s, g[i].shown);
        add(s, "</a></td>");
        addf(s, "<td class=\"n\">%d</td><td class=\"n\">%d</td><td "
                "class=\"n\">%d</td><td class=\"n\">%d</td><td "
                "class=\"n\">%d</td></tr>\n",
             g[i].events, g[i].entries, g[i].medals[0], g[i].medals[1],
             g[i].medals[2]);
    }
    table_end(s);
    strbuf_release(&sb);
}

static enum err write_groups(struct site *s)
{
    struct strbuf sb = STRBUF_INIT;
    enum err e = ERR_OK;
    size_t k, i;

    for (k = 0; k < 3 && !e; k++) {
        const struct group *g = s->groups[k];
        for (i = 0; i < s->n_groups[k] && !e; i++)
            e = write_group(s, k, &s->group_rows[k], &g[i]);
        if (e)
            break;
        page_begin(s, 1, group_kinds[k].title);
        addf(s, "<h1>%s</h1>\n<p class=\"tabs\">", group_kinds[k].title);
        for (i = 0; i < 3; i++) {
            if (i == k)
                addf(s, "<strong>%s</strong> ", group_kinds[i].title);
            else
                addf(s, "<a href=\"../%s/index.html\">%s</a> ",
                     group_kinds[i].dir, group_kinds[i].title);
        }
        add(s, "</p>\n");
        write_groups_table(s, k, 0);
        /* the players of other federations apart from the regions */
        for (i = 0; i < s->n_groups[k]; i++)
            if (group_federation(k, g[i].shown))
                break;
        if (i < s->n_groups[k]) {
            add(s, "<h2>Інші федерації</h2>\n");
            write_groups_table(s, k, 1);
        }
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/index.html", group_kinds[k].dir);
        e = page_end(s, sb.buf);
    }
    strbuf_release(&sb);
    return e;
}

/* ============================================================== medals */

/* 1 when rows a and b of a medal table have the same medals. */
static int same_medals(const struct table *r, size_t a, size_t b)
{
    int k;

    for (k = 1; k <= 3; k++)
        if (strcmp(table_cell(r, a, (size_t)k), table_cell(r, b, (size_t)k)))
            return 0;
    return 1;
}

static enum err write_medals(struct site *s)
{
    static const char *const bys[] = {"region", "club", "coach"};
    static const char *const names[] = {"Регіони", "Клуби", "Тренери"};
    static const char *const what[] = {"Регіон", "Клуб", "Тренер"};
    struct strbuf rel = STRBUF_INIT;
    enum err e = ERR_OK;
    size_t b, i, k;

    for (b = 0; b < 3 && !e; b++) {
        struct table r;
        const char *heads[] = {"Місце", what[b], "Золото", "Срібло",
                               "Бронза", "Разом", NULL};
        struct site_key key;
        memset(&key, 0, sizeof(key));
        key.text = bys[b];
        memset(&r, 0, sizeof(r));
        e = s->src->rows(s->src->arg, SITE_MEDALS, &key, &r, s->dl);
        if (e)
            break;
        strbuf_reset(&rel);
        strbuf_addf(&rel, "Медальний залік: %s", names[b]);
        page_begin(s, 1, rel.buf);
        add(s, "<h1>Медальний залік: ");
        h(s, names[b]);
        add(s, "</h1>\n<p class=\"tabs\">");
        for (k = 0; k < 3; k++) {
            strbuf_reset(&rel);
            strbuf_addf(&rel, "medals/%s.html", bys[k]);
            if (k == b) {
                add(s, "<strong>");
                h(s, names[k]);
                add(s, "</strong> ");
            } else {
                a_link(s, rel.buf, names[k]);
                add(s, " ");
            }
        }
        add(s, "</p>\n<p>Медалі (місця 1–3) усіх секцій усіх років; спільне "
               "місце рахується як перше з них.</p>\n");
        table_begin(s, "medals sortable", heads, "nlnnnn");
        for (i = 0; i < r.nrows; i++) {
            /* the same medals, the same place: "9–10" */
            size_t lo = i, hi = i;
            while (lo > 0 && same_medals(&r, lo - 1, i))
                lo--;
            while (hi + 1 < r.nrows && same_medals(&r, hi + 1, i))
                hi++;
            add(s, "<tr>");
            if (lo == hi)
                addf(s, "<td class=\"n\">%zu</td>", i + 1);
            else
                addf(s, "<td class=\"n\">%zu–%zu</td>", lo + 1, hi + 1);
            if (!strcmp(table_cell(&r, i, 0), "?")) {
                td(s, "не вказано");
            } else {
                const char *slug = group_slug(s, b, table_cell(&r, i, 0));
                if (slug) {
                    strbuf_reset(&rel);
                    strbuf_addf(&rel, "%s/%s.html", group_kinds[b].dir, slug);
                    td_link(s, rel.buf, table_cell(&r, i, 0));
                } else {
                    td(s, table_cell(&r, i, 0));
                }
            }
            tdn(s, table_cell(&r, i, 1));
            tdn(s, table_cell(&r, i, 2));
            tdn(s, table_cell(&r, i, 3));
            tdn(s, table_cell(&r, i, 4));
            add(s, "</tr>\n");
        }
        table_end(s);
        table_release(&r);
        strbuf_reset(&rel);
        strbuf_addf(&rel, "medals/%s.html", bys[b]);
        e = page_end(s, rel.buf);
    }
    strbuf_release(&rel);
    return e;
}

/* The sorting script: a click on a heading of a table.sortable orders its
 * rows by that column (numbers as numbers: "7½", "17-18", "2385*"; words
 * in Ukrainian order), again the other way; the page is whole without it.
 * ("\u00bd" is "½", the script's text being ASCII.) */
static const char sort_js[] =
    "/* Sekretar: tables sorted by a column when its heading is clicked. "
    "*/\n"
    "(function () {\n"
    "  'use strict';\n"
    "  var coll = window.Intl ? new Intl.Collator('uk') : null;\n"
    "  function value(td, num) {\n"
    "    var t = td ? td.textContent.replace(/\\s+/g, ' ').trim() : '';\n"
    "    if (!num) return t === '' ? null : t;\n"
    "    t = t.replace(/ /g, '').replace(',', '.').replace('\\u00bd', '.5');\n"
    "    var v = parseFloat(t);\n"
    "    return isNaN(v) ? null : v;\n"
    "  }\n"
    "  function cmp(x, y, num) {\n"
    "    if (num) return x - y;\n"
    "    return coll ? coll.compare(x, y) : (x < y ? -1 : x > y ? 1 : 0);\n"
    "  }\n"
    "  function sortBy(table, col, th) {\n"
    "    var num = (' ' + th.className + ' ').indexOf(' n ') >= 0;\n"
    "    var up = th.getAttribute('aria-sort') !== 'ascending';\n"
    "    var body = table.tBodies[0], rows = [], i;\n"
    "    for (i = 0; i < body.rows.length; i++)\n"
    "      rows.push({r: body.rows[i], i: i, v: value(body.rows[i].cells[col], num)});\n"
    "    rows.sort(function (a, b) {\n"
    "      if (a.v === null || b.v === null)\n"
    "        return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;\n"
    "      var c = cmp(a.v, b.v, num);\n"
    "      return (up ? c : -c) || a.i - b.i;\n"
    "    });\n"
    "    rows.forEach(function (x) { body.appendChild(x.r); });\n"
    "    for (i = 0; i < th.parentNode.cells.length; i++)\n"
    "      th.parentNode.cells[i].removeAttribute('aria-sort');\n"
    "    th.setAttribute('aria-sort', up ? 'ascending' : 'descending');\n"
    "  }\n"
    "  function ready() {\n"
    "    var tables = document.querySelectorAll('table.sortable');\n"
    "    Array.prototype.forEach.call(tables, function (table) {\n"
    "      if (!table.tHead || !table.tBodies.length) return;\n"
    "      var heads = table.tHead.rows[0].cells;\n"
    "      Array.prototype.forEach.call(heads, function (th, col) {\n"
    "        if (!th.textContent.trim()) return;\n"
    "        var b = document.createElement('button');\n"
    "        b.type = 'button';\n"
    "        b.className = 'sort';\n"
    "        b.title = '\\u0423\\u043f\\u043e\\u0440\\u044f\\u0434\\u043a\\u0443\\u0432\\u0430\\u0442\\u0438';\n"
    "        while (th.firstChild) b.appendChild(th.firstChild);\n"
    "        th.appendChild(b);\n"
    "        b.addEventListener('click', function () { sortBy(table, col, th); });\n"
    "      });\n"
    "    });\n"
    "  }\n"
    "  if (document.readyState === 'loading')\n"
    "    document.addEventListener('DOMContentLoaded', ready);\n"
    "  else\n"
    "    ready();\n"
    "})();\n";

/* ============================================================== search */

/* The search script: folds what is typed as name_fold_latin() folds the
 * names (Cyrillic in the official transliteration, Latin accents dropped,
 * ae oe ue -> a o u, then y j -> i, g -> h, w -> v, kh -> h, x -> ks,
 * doubled letters once) and loads the index files of the words' first two
 * letters. */
static const char search_js[] =
    "/* Sekretar: search of the archive's people; the site works without "
    "it. */\n"
    "(function () {\n"
    "  'use strict';\n"
    "  var T = {'а':'a','б':'b','в':'v','г':'h','ґ':'g','д':'d','е':'e',"
    "'є':'ie','ж':'zh','з':'z','и':'y','і':'i','ї':'i','й':'i','к':'k',"
    "'л':'l','м':'m','н':'n','о':'o','п':'p','р':'r','с':'s','т':'t',"
    "'у':'u','ф':'f','х':'kh','ц':'ts','ч':'ch','ш':'sh','щ':'shch',"
    "'ь':'','ю':'iu','я':'ia','ё':'e','ы':'y','э':'e','ъ':''};\n"
    "  function fold(s) {\n"
    "    var out = '', i, c;\n"
    "    s = s.toLowerCase().replace(/['\\u2019\\u02bc`]/g, '')"
    ".normalize('NFD').replace(/[\\u0300-\\u036f]/g, '')"
    ".replace(/\\u00df/g, 'ss').replace(/\\u00e6/g, 'ae')"
    ".replace(/\\u0153/g, 'oe').replace(/\\u00f8/g, 'o')"
    ".replace(/[\\u0111\\u00f0]/g, 'd').replace(/\\u0142/g, 'l')"
    ".replace(/\\u00fe/g, 'th').replace(/\\u0131/g, 'i');\n"
    "    for (i = 0; i < s.length; i++) {\n"
    "      c = s.charAt(i);\n"
    "      out += T.hasOwnProperty(c) ? T[c] : (/[a-z0-9]/.test(c) ? c : ' ');\n"
    "    }\n"
    "    out = out.replace(/([aou])e/g, '$1').replace(/kh/g, 'h')"
    ".replace(/[yj]/g, 'i')"
    ".replace(/g/g, 'h').replace(/w/g, 'v').replace(/x/g, 'ks')"
    ".replace(/([a-z])\\1+/g, '$1');\n"
    "    return out.split(/ +/).filter(function (w) { return w; });\n"
    "  }\n"
    "  var shards = {}, want = null;\n"
    "  window.sekretarIndex = function (key, rows) { shards[key] = rows; "
    "show(); };\n"
    "  function shardOf(w) { return /^[a-z0-9]{2}/.test(w) ? w.slice(0, 2) "
    ": 'other'; }\n"
    "  function load(key) {\n"
    "    if (shards[key] !== undefined) return;\n"
    "    shards[key] = null;\n"
    "    var sc = document.createElement('script');\n"
    "    sc.src = 'search/' + key + '.js';\n"
    "    sc.onerror = function () { shards[key] = []; show(); };\n"
    "    document.head.appendChild(sc);\n"
    "  }\n"
    "  function matches(words, latin) {\n"
    "    var have = latin.split(' ');\n"
    "    return words.every(function (w) {\n"
    "      return have.some(function (h) { return h.indexOf(w) === 0; });\n"
    "    });\n"
    "  }\n"
    "  function show() {\n"
    "    var out = document.getElementById('results'), seen = {}, rows = [];\n"
    "    if (!want || !out) return;\n"
    "    want.forEach(function (w) {\n"
    "      (shards[shardOf(w)] || []).forEach(function (r) {\n"
    "        if (!seen[r[0]] && matches(want, r[3])) { seen[r[0]] = 1; "
    "rows.push(r); }\n"
    "      });\n"
    "    });\n"
    "    out.textContent = '';\n"
    "    rows.slice(0, 200).forEach(function (r) {\n"
    "      var li = document.createElement('li'), a = "
    "document.createElement('a');\n"
    "      a.href = 'people/' + r[0] + '.html';\n"
    "      a.textContent = r[1];\n"
    "      li.appendChild(a);\n"
    "      if (r[2]) li.appendChild(document.createTextNode(' (' + r[2] + "
    "')'));\n"
    "      out.appendChild(li);\n"
    "    });\n"
    "    document.getElementById('count').textContent = want.length ? "
    "'Знайдено: ' + rows.length : '';\n"
    "  }\n"
    "  function run() {\n"
    "    var q = document.getElementById('q').value;\n"
    /* initials ("Шевченко О. І.") match as the start of a word; a
       search needs one word of two letters, whose index is loaded */
    "    want = fold(q);\n"
    "    if (!want.some(function (w) { return w.length >= 2; })) want = [];\n"
    "    want.forEach(function (w) { if (w.length >= 2) load(shardOf(w)); });\n"
    "    show();\n"
    "  }\n"
    "  document.addEventListener('DOMContentLoaded', function () {\n"
    "    var q = document.getElementById('q'), f = "
    "document.getElementById('search');\n"
    "    if (!q || !f) return;\n"
    "    f.addEventListener('submit', function (e) { e.preventDefault(); "
    "run(); });\n"
    "    q.addEventListener('input', run);\n"
    "    document.getElementById('js').hidden = false;\n"
    "    var m = /[?&]q=([^&]*)/.exec(location.search);\n"
    "    if (m) { q.value = decodeURIComponent(m[1].replace(/\\+/g, ' ')); "
    "run(); }\n"
    "  });\n"
    "})();\n";

static enum err write_search(struct site *s)
{
    const struct table *pp = &s->people;
    struct strbuf shard = STRBUF_INIT, data = STRBUF_INIT, rel = STRBUF_INIT;
    struct words set = {NULL, 0, 0};
    char **keys, **words;
    size_t i, j, n;
    enum err e;

    page_begin(s, 0, "Пошук");
    add(s, "<h1>Пошук учасника</h1>\n"
           "<form id=\"search\" action=\"search.html\">\n"
           "<p><label for=\"q\">Прізвище та ім'я (кирилицею або "
           "латиницею, можна ініціали: «Шевченко О. І.») або FIDE "
           "ID</label>\n<input id=\"q\" name=\"q\" type=\"search\" "
           "autocomplete=\"off\"></p>\n</form>\n"
           "<div id=\"js\" hidden>\n<p id=\"count\"></p>\n<ul "
           "id=\"results\"></ul>\n</div>\n"
           "<p>Без JavaScript: <a href=\"people/index.html\">учасники за "
           "абеткою</a>.</p>\n<script src=\"search.js\"></script>\n");
    e = page_end(s, "search.html");
    if (!e)
        e = put_bytes(s, "search.js", NULL, search_js, sizeof(search_js) - 1);
    /* One index file per first two letters, people in name order; the
       words of a name in its Latin search form and the FIDE ID. */
    words = xcalloc(pp->nrows + 1, sizeof(*words));
    for (i = 0; i < pp->nrows; i++) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_addstr(&sb, table_cell(pp, i, 5));
        if (*table_cell(pp, i, 3))
            strbuf_addf(&sb, "%s%s", sb.len ? " " : "", table_cell(pp, i, 3));
        words[i] = strbuf_detach(&sb, NULL);
    }
    for (i = 0; i < pp->nrows && !e; i++) {
        const char *w = words[i];
        for (; w && *w; w = strchr(w, ' ') ? strchr(w, ' ') + 1 : NULL) {
            shard_of(&shard, w);
            words_add(&set, shard.buf);
        }
    }
    words_sort(&set);
    keys = set.v;
    n = set.n;
    for (j = 0; j < n && !e; j++) {
        int any = 0;
        strbuf_reset(&data);
        strbuf_addf(&data, "sekretarIndex(\"%s\", [\n", keys[j]);
        for (i = 0; i < pp->nrows; i++) {
            /* every word of the name, and the FIDE ID, lead to the
               person */
            const char *latin = words[i], *w = latin;
            struct date d;
            int hit = 0;
            while (w && *w && !hit) {
                shard_of(&shard, w);
                hit = !strcmp(shard.buf, keys[j]);
                w = strchr(w, ' ');
                if (w)
                    w++;
            }
            if (!hit)
                continue;
            strbuf_addstr(&data, any++ ? ",\n[" : "[");
            json_quote(&data, s->slugs[i]);
            strbuf_addch(&data, ',');
            json_quote(&data, table_cell(pp, i, 1));
            strbuf_addch(&data, ',');
            strbuf_reset(&shard);
            if (!date_parse(table_cell(pp, i, 2), &d))
                date_format_ua(&shard, &d);
            else
                strbuf_addstr(&shard, table_cell(pp, i, 2));
            json_quote(&data, shard.buf);
            strbuf_addch(&data, ',');
            json_quote(&data, latin);
            strbuf_addch(&data, ']');
        }
        strbuf_addstr(&data, "]);\n");
        strbuf_reset(&rel);
        strbuf_addf(&rel, "search/%s.js", keys[j]);
        e = put_bytes(s, rel.buf, NULL, data.buf, data.len);
    }
    words_release(&set);
    for (i = 0; i < pp->nrows; i++)
        free(words[i]);
    free(words);
    strbuf_release(&shard);
    strbuf_release(&data);
    strbuf_release(&rel);
    return e;
}

/* ================================================================= CSS */

static const char game_js[] =
    "/* Sekretar: a game's board stepped through its positions: the arrow\n"
    "   keys, Home and End, a click on a move; without it each move is a link\n"
    "   to its position (#pN), which the CSS shows by :target. */\n"
    "(function () {\n"
    "  'use strict';\n"
    "  function ready() {\n"
    "    var board = document.getElementById('board');\n"
    "    if (!board) return;\n"
    "    var plies = board.querySelectorAll('.ply');\n"
    "    var last = plies.length - 1, cur = -1;\n"
    "    if (last < 0) return;\n"
    "    var links = document.querySelectorAll('p.moves a');\n"
    "    function show(k, remember) {\n"
    "      k = Math.max(0, Math.min(last, k));\n"
    "      if (k === cur) return;\n"
    "      if (cur >= 0) {\n"
    "        plies[cur].classList.remove('on');\n"
    "        if (cur > 0 && links[cur - 1]) links[cur - 1].classList.remove('cur');\n"
    "      }\n"
    "      cur = k;\n"
    "      plies[k].classList.add('on');\n"
    "      if (k > 0 && links[k - 1]) links[k - 1].classList.add('cur');\n"
    "      if (remember && history.replaceState)\n"
    "        history.replaceState(null, '', '#p' + k);\n"
    "    }\n"
    "    var m = /^#p(\\d+)$/.exec(location.hash);\n"
    "    board.classList.add('js');\n"
    "    show(m ? +m[1] : last);\n"
    "    document.addEventListener('keydown', function (ev) {\n"
    "      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;\n"
    "      var t = ev.target && ev.target.tagName;\n"
    "      if (t === 'INPUT' || t === 'TEXTAREA' || t === 'SELECT') return;\n"
    "      var k = {ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: last}[ev.key];\n"
    "      if (k === undefined) return;\n"
    "      ev.preventDefault();\n"
    "      show(k, true);\n"
    "    });\n"
    "    document.addEventListener('click', function (ev) {\n"
    "      var a = ev.target.closest ? ev.target.closest('a') : null;\n"
    "      var h = a ? /^#p(\\d+)$/.exec(a.getAttribute('href') || '') : null;\n"
    "      if (!h) return;\n"
    "      ev.preventDefault();\n"
    "      show(+h[1], true);\n"
    "    });\n"
    "  }\n"
    "  if (document.readyState === 'loading')\n"
    "    document.addEventListener('DOMContentLoaded', ready);\n"
    "  else\n"
    "    ready();\n"
    "})();\n";

static const char style_css[] =
    "/* Sekretar: the archive's pages, on a screen, a phone and paper. */\n"
    ":root { --ink: #1b1b1b; --line: #c9c9c9; --head: #eef1f4; --link: "
    "#0b4f8a; }\n"
    "html { font-family: \"Liberation Serif\", \"Times New Roman\", serif; "
    "color: var(--ink); background: #fff; }\n"
    "body { margin: 0 auto; max-width: 72rem; padding: 0 1rem 2rem; "
    "line-height: 1.4; }\n"
    "header { border-bottom: 2px solid var(--ink); padding: 0.6rem 0; }\n"
    "header .site { margin: 0; font-weight: bold; font-size: 1.1rem; }\n"
    "header .site a { color: var(--ink); text-decoration: none; }\n"
    "nav a { margin-right: 0.9rem; white-space: nowrap; }\n"
    "a { color: var(--link); }\n"
    "h1 { font-size: 1.6rem; line-height: 1.2; margin: 1rem 0 0.5rem; }\n"
    "h2 { font-size: 1.25rem; margin: 1.6rem 0 0.5rem; }\n"
    "h3 { font-size: 1.05rem; margin: 1.2rem 0 0.4rem; }\n"
    ".crumbs, .sub { margin: 0.3rem 0; color: #444; }\n"
    "dl.facts { display: grid; grid-template-columns: max-content auto; "
    "gap: 0.15rem 1rem; margin: 0.6rem 0; }\n"
    "dl.facts dt { font-weight: bold; }\n"
    "dl.facts dd { margin: 0; }\n"
    ".scroll { overflow-x: auto; margin: 0.4rem 0 0.8rem; }\n"
    "table { border-collapse: collapse; font-family: \"Liberation Sans\", "
    "Arial, sans-serif; font-size: 0.88rem; }\n"
    "th, td { border: 1px solid var(--line); padding: 0.2rem 0.45rem; "
    "text-align: left; vertical-align: top; }\n"
    "th { background: var(--head); font-weight: bold; }\n"
    "td.n, th.n { text-align: right; white-space: nowrap; }\n"
    "td.c { text-align: center; white-space: nowrap; }\n"
    "td.diag { background: #d5d8dc; }\n"
    "td.pts { font-weight: bold; }\n"
    "table.games td:nth-child(1), table.games td:nth-child(4), table.meet "
    "td:nth-child(3), table.meet td:nth-child(5) { text-align: right; }\n"
    "table.meet td:nth-child(2) { white-space: nowrap; }\n"
    /* links told apart by more than colour (WCAG 1.4.1): underlined,
       thin in tables */
    "td a { text-decoration-thickness: 1px; text-underline-offset: 0.15em; }\n"
    ".source { display: none; }\n"
    "tbody tr { background: #fff; }\n"
    "tbody tr:nth-child(even) { background: #f7f8f9; }\n"
    ".sha { font-family: \"Liberation Mono\", monospace; font-size: 0.75rem; "
    "word-break: break-all; }\n"
    "dl.legend { font-size: 0.9rem; display: grid; grid-template-columns: "
    "max-content auto; gap: 0.1rem 0.8rem; }\n"
    "dl.legend dt { font-weight: bold; }\n"
    "dl.legend dd { margin: 0; }\n"
    "p.legend { font-size: 0.9rem; }\n"
    "dl.lineups { display: grid; grid-template-columns: max-content auto; "
    "gap: 0.3rem 0.8rem; }\n"
    "dl.lineups dt { font-weight: bold; }\n"
    "dl.lineups dd { margin: 0; }\n"
    ".count { color: #666; }\n"
    ".year { white-space: nowrap; margin-right: 0.5rem; }\n"
    ".years a, .letters a { display: inline-block; margin: 0 0.2rem 0.3rem "
    "0; }\n"
    "input[type=search] { font-size: 1rem; padding: 0.3rem; width: 100%; "
    "max-width: 24rem; box-sizing: border-box; display: block; }\n"
    "footer { margin-top: 2rem; border-top: 1px solid var(--line); "
    "font-size: 0.85rem; color: #555; }\n"
    "@media (max-width: 40rem) { body { padding: 0 0.5rem 1rem; } h1 { "
    "font-size: 1.3rem; } table { font-size: 0.8rem; } dl.facts, "
    "dl.legend { gap: 0.15rem 0.6rem; } }\n"
    /* A phone: a ranking list shows the place, the name and the points
       first (the start number, rank, rating, region and year are on the
       person's page), the tie-breaks to the right; a cross table keeps
       the name at the left and the points at the right while the rounds
       scroll between them. */
    "@media (max-width: 40rem) { table.ranking :is(th, td):is(:nth-child(2), "
    ":nth-child(4), :nth-child(5), :nth-child(6), :nth-child(7)), "
    "table.teams :is(th, td):is(:nth-child(2), :nth-child(4), "
    ":nth-child(5)), table.pairings :is(th, td):is(:nth-child(2), "
    ":nth-child(5)) { display: none; } table.cross :is(th, "
    "td):nth-child(3) { position: sticky; left: 0; background: inherit; "
    "max-width: 9rem; } table.cross :is(th, td):last-child { position: "
    "sticky; right: 0; background: inherit; } table.cross thead tr { "
    "background: var(--head); } }\n"
    "button.sort { font: inherit; color: inherit; background: none; "
    "border: 0; padding: 0; cursor: pointer; text-align: inherit; }\n"
    "th[aria-sort=ascending] button.sort::after { content: \" \\25B2\"; }\n"
    "th[aria-sort=descending] button.sort::after { content: \" \\25BC\"; }\n"
    "@media print { nav, footer p, #search, #js { display: none; } "
    "footer p.source { display: block; } body { "
    "max-width: none; padding: 0; } a { color: var(--ink); text-decoration: "
    "none; } .scroll { overflow: visible; } table { font-size: 8pt; } thead "
    "{ display: table-header-group; } tr { break-inside: avoid; } }\n";

/* The game pages' part of style.css (apart: a C string has a length
   limit). */
static const char game_css[] =
    /* A game: the board beside the moves, under them on a phone; one
       position shown, the last, or the one an anchor names (#p12), or
       the one game.js shows. */
    "div.gameview { display: grid; grid-template-columns: minmax(0, 28rem) "
    "minmax(0, 1fr); gap: 0 1.5rem; align-items: start; }\n"
    ".board { position: sticky; top: 0.5rem; }\n"
    "svg.defs { position: absolute; width: 0; height: 0; overflow: hidden; }\n"
    ".board .ply { display: none; }\n"
    ".board:not(.js) .ply:last-child, .board:not(.js) .ply:target { "
    "display: block; }\n"
    ".board:not(.js) .ply:target ~ .ply:last-child { display: none; }\n"
    ".board.js .ply.on { display: block; }\n"
    ".ply svg { display: block; width: 100%; height: auto; border: 1px "
    "solid #5a4632; box-sizing: border-box; }\n"
    ".ply .hl { fill: none; stroke: #1c6ed6; stroke-width: 0.06; }\n"
    ".step { text-align: center; margin: 0.3rem 0 0.8rem; font-family: "
    "\"Liberation Sans\", Arial, sans-serif; }\n"
    ".step a { display: inline-block; padding: 0 0.9rem; font-size: 1.3rem; "
    "text-decoration: none; }\n"
    "p.moves { font-family: \"Liberation Sans\", Arial, sans-serif; "
    "line-height: 1.9; }\n"
    "p.moves a { text-decoration: none; padding: 0.1rem 0.2rem; "
    "border-radius: 3px; white-space: nowrap; }\n"
    "p.moves a.cur { background: #1c6ed6; color: #fff; }\n"
    "p.moves .no { color: #555; }\n"
    "p.moves .comment, p.comment { font-family: \"Liberation Serif\", "
    "\"Times New Roman\", serif; color: #2f4858; overflow-wrap: anywhere; }\n"
    "p.moves .comment { font-style: italic; }\n"
    "p.moves .nag { font-weight: bold; }\n"
    "h1 .result { white-space: nowrap; }\n"
    "@media (max-width: 50rem) { div.gameview { grid-template-columns: minmax(0, "
    "1fr); } .board { position: static; max-width: 28rem; } }\n";

/* ======================================== robots.txt, sitemap, 404 page */

/* Pages in one sitemap file at most (the protocol's limit). */
#define SITEMAP_MAX 50000

/*
 * robots.txt (every page may be crawled), and with the site's address
 * known the sitemap: sitemap.xml lists every page, or, past SITEMAP_MAX
 * pages, indexes sitemap-1.xml, sitemap-2.xml, ... that do.  Without the
 * address there is no sitemap (its addresses must be whole).
 */
static enum err write_robots_sitemap(struct site *s)
{
    const char *base = s->src->base_url;
    const struct words *p = s->pages;
    struct strbuf out = STRBUF_INIT, rel = STRBUF_INIT;
    size_t i, k, files = (p->n + SITEMAP_MAX - 1) / SITEMAP_MAX;
    enum err e;

    strbuf_addstr(&out, "# " SITE_NAME "\nUser-agent: *\nAllow: /\n");
    if (base)
        strbuf_addf(&out, "Sitemap: %ssitemap.xml\n", base);
    e = put_bytes(s, "robots.txt", NULL, out.buf, out.len);
    for (k = 0; base && k < files && !e; k++) {
        strbuf_reset(&out);
        strbuf_addstr(&out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                            "<urlset xmlns=\"http://www.sitemaps.org/"
                            "schemas/sitemap/0.9\">\n");
        for (i = k * SITEMAP_MAX; i < p->n && i < (k + 1) * SITEMAP_MAX; i++) {
            strbuf_addf(&out, "<url><loc>%s", base);
            url_path(&out, p->v[i]);
            strbuf_addstr(&out, "</loc></url>\n");
        }
        strbuf_addstr(&out, "</urlset>\n");
        strbuf_reset(&rel);
        if (files == 1)
            strbuf_addstr(&rel, "sitemap.xml");
        else
            strbuf_addf(&rel, "sitemap-%zu.xml", k + 1);
        e = put_bytes(s, rel.buf, NULL, out.buf, out.len);
    }
    if (base && files > 1 && !e) {
        strbuf_reset(&out);
        strbuf_addstr(&out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                            "<sitemapindex xmlns=\"http://www.sitemaps.org/"
                            "schemas/sitemap/0.9\">\n");
        for (k = 0; k < files; k++)
            strbuf_addf(&out, "<sitemap><loc>%ssitemap-%zu.xml</loc>"
                              "</sitemap>\n",
                        base, k + 1);
        strbuf_addstr(&out, "</sitemapindex>\n");
        e = put_bytes(s, "sitemap.xml", NULL, out.buf, out.len);
    }
    strbuf_release(&out);
    strbuf_release(&rel);
    return e;
}

/*
 * 404.html, the page a web server shows for an address the site does not
 * have (at any depth: its links start from the site's address, or from
 * the server's root when that is not known).
 */
static enum err write_not_found(struct site *s)
{
    const char *up = s->up;
    enum err e;

    s->up = s->src->base_url ? s->src->base_url : "/";
    page_begin_at(s, "Сторінку не знайдено");
    add(s, "<h1>Сторінку не знайдено</h1>\n<p>Такої сторінки в архіві "
           "немає: можливо, адресу змінено або набрано з помилкою.</p>\n"
           "<ul>\n<li>");
    a_link(s, "index.html", "Головна сторінка архіву");
    add(s, "</li>\n<li>");
    a_link(s, "search.html", "Пошук учасника");
    add(s, "</li>\n<li>");
    a_link(s, "people/index.html", "Учасники за абеткою");
    add(s, "</li>\n</ul>\n");
    e = page_end(s, "404.html");
    s->up = up;
    return e;
}

/* ======================================================== redirects */

/*
 * A person's page that the last run wrote and this one does not (he was
 * merged into another, or his page's name changed when a namesake's
 * earlier event came in, or the page was named by the catalogue's number
 * before the pages were named by the people) leads to his page now: the
 * address a reader kept, or another site linked, keeps working.  The page
 * is recorded under the key of the person it was made for, so that it
 * keeps leading where he is after the next run too.
 */
struct moved {
    char **rel, **key;
    size_t n, alloc;
};

static void moved_add(void *arg, const char *rel, const char *key)
{
    struct moved *m = arg;

    if (strncmp(rel, "people/", 7) || strchr(rel + 7, '/'))
        return;
    ALLOC_GROW(m->rel, m->n + 1, m->alloc);
    m->key = xrealloc(m->key, m->alloc * sizeof(*m->key));
    m->rel[m->n] = xstrdup(rel);
    m->key[m->n] = xstrdup(key);
    m->n++;
}

/* The row of s->people of the person keyed ident (followed through the
   merges), or -1. */
static long person_by_key(const struct site *s, const struct table *merges,
                          const char *ident)
{
    size_t i, hops;

    for (hops = 0; hops < 64; hops++) {
        long row = person_find(s, 6, ident);
        if (row >= 0)
            return row;
        for (i = 0; i < merges->nrows; i++)
            if (!strcmp(table_cell(merges, i, 0), ident))
                break;
        if (i == merges->nrows)
            return -1;
        ident = table_cell(merges, i, 1);
    }
    return -1;
}

static enum err write_redirects(struct site *s)
{
    struct moved m = {NULL, NULL, 0, 0};
    struct table merges;
    struct strbuf name = STRBUF_INIT, to = STRBUF_INIT, key = STRBUF_INIT;
    size_t i;
    enum err e;

    memset(&merges, 0, sizeof(merges));
    e = rows(s, SITE_MERGES, NULL, NULL, 0, 0, &merges);
    if (!e)
        filetree_each_before(s->tree, moved_add, &m);
    for (i = 0; i < m.n && !e; i++) {
        const char *file = m.rel[i] + 7, *k = m.key[i];
        size_t len = strlen(file) - (strlen(file) > 5 ? 5 : 0);
        long row = -1;
        strbuf_reset(&name);
        strbuf_add(&name, file, len);
        if (person_find(s, -1, name.buf) >= 0)
            continue; /* his page, or now another's of that name */
        if (!strncmp(k, "person:", 7)) {
            const char *end = strchr(k + 7, ':');
            strbuf_reset(&key);
            strbuf_add(&key, k + 7, end ? (size_t)(end - k - 7) : 0);
            row = person_by_key(s, &merges, key.buf);
        } else if (name.len && strspn(name.buf, "0123456789") == name.len) {
            /* named by the catalogue's number, as pages were before */
            row = person_row(s, name.buf);
            if (row >= 0) {
                strbuf_reset(&key);
                strbuf_addstr(&key, table_cell(&s->people, (size_t)row, 6));
            }
        }
        if (row < 0 || !strcmp(s->slugs[row], name.buf))
            continue;
        strbuf_reset(&to);
        strbuf_addf(&to, "%s.html", s->slugs[row]);
        s->refresh = to.buf;
        page_begin(s, 1, table_cell(&s->people, (size_t)row, 1));
        add(s, "<h1>");
        h(s, table_cell(&s->people, (size_t)row, 1));
        add(s, "</h1>\n<p>Сторінка цієї особи тепер тут: ");
        strbuf_reset(&name);
        strbuf_addf(&name, "people/%s", to.buf);
        a_link(s, name.buf, table_cell(&s->people, (size_t)row, 1));
        add(s, ".</p>\n");
        s->page_key = key.buf;
        e = page_end(s, m.rel[i]);
    }
    for (i = 0; i < m.n; i++) {
        free(m.rel[i]);
        free(m.key[i]);
    }
    free(m.rel);
    free(m.key);
    table_release(&merges);
    strbuf_release(&name);
    strbuf_release(&to);
    strbuf_release(&key);
    return e;
}

/* ============================================================== public */

enum err site_write(const struct site_source *src, const char *out,
                    struct site_result *res, struct diag_list *dl)
{
    struct site s;
    struct words pages = {NULL, 0, 0};
    struct strbuf css = STRBUF_INIT;
    enum err e;
    size_t i;

    memset(res, 0, sizeof(*res));
    memset(&s, 0, sizeof(s));
    s.src = src;
    s.out = out;
    s.dl = dl;
    s.res = res;
    s.up = "";
    s.pages = &pages;
    strbuf_init(&s.page, 0);
    strbuf_init(&s.event_pgn, 0);
    e = rows(&s, SITE_EVENTS, NULL, NULL, 0, 0, &s.events);
    if (!e)
        e = rows(&s, SITE_SECTIONS, NULL, NULL, 0, 0, &s.sections);
    if (!e)
        e = rows(&s, SITE_PEOPLE, NULL, NULL, 0, 0, &s.people);
    if (!e)
        e = rows(&s, SITE_DIPLOMAS, NULL, NULL, 0, 0, &s.diplomas);
    if (!e)
        e = filetree_begin(out, &s.tree, dl);
    if (e)
        goto out;
    index_make(&s);
    dip_index_make(&s);
    rating_expect_init(&s.expect);
    slugs_make(&s);
    strbuf_addstr(&css, style_css);
    strbuf_addstr(&css, game_css);
    e = put_bytes(&s, "style.css", NULL, css.buf, css.len);
    if (!e)
        e = put_bytes(&s, "sort.js", NULL, sort_js, sizeof(sort_js) - 1);

    if (!e)
        e = write_index(&s);
    if (!e)
        e = write_years(&s);
    for (i = 0; i < s.events.nrows && !e; i++)
        e = write_event(&s, i);
    /* the game pages' script, when there are any */
    if (!e && s.games)
        e = put_bytes(&s, "game.js", NULL, game_js, sizeof(game_js) - 1);
    for (i = 0; i < s.people.nrows && !e; i++)
        e = write_person(&s, i);
    for (i = 0; i < s.diplomas.nrows && !e; i++)
        e = write_diploma(&s, i);
    if (!e)
        e = write_people_index(&s);
    if (!e)
        e = write_champions(&s);
    for (i = 0; i < 3 && !e; i++) {
        struct site_key key;
        memset(&key, 0, sizeof(key));
        key.text = group_kinds[i].by;
        e = src->rows(src->arg, SITE_GROUPS, &key, &s.group_rows[i], dl);
        if (!e) {
            size_t j, n = groups_make(&s.group_rows[i], &s.groups[i]);
            s.n_groups[i] = n;
            s.group_by_key[i] = xcalloc(n + 1, sizeof(size_t));
            for (j = 0; j < n; j++)
                s.group_by_key[i][j] = j;
            sort_groups = s.groups[i];
            if (n)
                qsort(s.group_by_key[i], n, sizeof(size_t), group_key_cmp);
        }
    }
    if (!e)
        e = write_groups(&s);
    if (!e)
        e = write_medals(&s);
    if (!e)
        e = write_search(&s);
    if (!e)
        e = write_redirects(&s);
    if (!e)
        e = write_not_found(&s);
    if (!e)
        e = write_robots_sitemap(&s);
    if (!e) {
        /* The new site in place of the old, all of it or none. */
        struct filetree_counts n;
        e = filetree_commit(s.tree, &n, dl);
        s.tree = NULL;
        res->written = n.written;
        res->unchanged = n.unchanged;
        res->removed = n.removed;
    }
out:
    filetree_abort(s.tree);
    for (i = 0; s.slugs && i < s.people.nrows; i++)
        free(s.slugs[i]);
    free(s.slugs);
    table_release(&s.events);
    table_release(&s.sections);
    table_release(&s.people);
    table_release(&s.diplomas);
    free(s.dip_ev);
    free(s.dip_person);
    free(s.sec_idx);
    free(s.ev_idx);
    free(s.by_id);
    free(s.ids);
    free(s.by_key);
    free(s.by_slug);
    for (i = 0; i < 3; i++) {
        groups_release(s.groups[i], s.n_groups[i]);
        free(s.group_by_key[i]);
        table_release(&s.group_rows[i]);
    }
    words_release(&pages);
    strbuf_release(&s.page);
    strbuf_release(&s.event_pgn);
    strbuf_release(&css);
    return e;
}
