/* render/wording: how the documents write points, places, names and
 * dates in Ukrainian.
 * SPDX-License-Identifier: MIT
 */
#include "render/wording.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/date.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

const char *doc_system_text(const char *sys)
{
    return !strcmp(sys, "swiss")         ? "швейцарська система"
           : !strcmp(sys, "round-robin") ? "колова система"
           : !strcmp(sys, "knock-out")   ? "нокаут-система"
           : !strcmp(sys, "team")        ? "командна першість"
                                         : sys;
}

const char *doc_discipline_text(const char *d)
{
    return !strcmp(d, "classic") ? "класичні шахи"
           : !strcmp(d, "rapid") ? "швидкі шахи"
           : !strcmp(d, "blitz") ? "блискавичні шахи (бліц)"
                                 : d;
}

const char *doc_discipline_short(const char *d)
{
    return !strcmp(d, "classic") ? "класичні"
           : !strcmp(d, "rapid") ? "швидкі"
           : !strcmp(d, "blitz") ? "бліц"
                                 : d;
}

void doc_place(struct strbuf *out, int lo, int hi)
{
    if (hi > lo)
        strbuf_addf(out, "%d–%d", lo, hi);
    else
        strbuf_addf(out, "%d", lo);
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
        while (i < len && strbuf_is_blank(s[i]))
            i++;
        for (j = i; j < len && !strbuf_is_blank(s[j]); j++)
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
    while (strbuf_is_blank(*name))
        name++;
    len = strlen(name);
    while (len && strbuf_is_blank(name[len - 1]))
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
    while (strbuf_is_blank(*name))
        name++;
    for (; *name; name++) {
        if (strbuf_is_blank(*name)) {
            blank = 1;
            continue;
        }
        if (blank && out->len && out->buf[out->len - 1] != ' ')
            strbuf_addch(out, ' ');
        blank = 0;
        strbuf_addch(out, *name);
        if (*name == ',' && name[1] && !strbuf_is_blank(name[1]))
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
    while (strbuf_is_blank(*t))
        t++;
    for (i = 0; t[i] && i + 1 < sizeof(low); i++)
        low[i] = (char)(t[i] >= 'A' && t[i] <= 'Z' ? t[i] - 'A' + 'a' : t[i]);
    low[i] = '\0';
    while (i && strbuf_is_blank(low[i - 1]))
        low[--i] = '\0';
    for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (!strcmp(low, map[i][0]) || !strcmp(low, map[i][1]))
            return map[i][2];
    return t;
}

void doc_dates(struct strbuf *out, const struct date *start,
               const struct date *end, const char *a, const char *b,
               int longform)
{
    struct date da = *start, db = *end;
    int hb = date_valid(&db);

    if (!date_valid(&da)) {
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
