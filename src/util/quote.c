/* util/quote: CSV fields, JSON strings and HTML text.
 * SPDX-License-Identifier: MIT
 */
#include "util/quote.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

int cell_is_number(const char *s, size_t n)
{
    size_t i = 0, digits = 0;

    if (i < n && (s[i] == '-' || s[i] == '+'))
        i++;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
        digits++;
    if (!digits)
        return 0;
    if (i < n && (s[i] == '.' || s[i] == ',')) {
        size_t frac = 0;
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
            frac++;
        if (!frac)
            return 0;
    }
    return i == n;
}

int cell_is_formula(const char *s, size_t n)
{
    if (!n)
        return 0;
    switch (s[0]) {
    case '=':
    case '@':
    case '\t':
    case '\r':
        return 1;
    case '+':
    case '-':
        return !cell_is_number(s, n);
    default:
        return 0;
    }
}

void csv_quote_sep(struct strbuf *out, const char *s, char sep)
{
    const char special[] = {sep, '"', '\r', '\n', 0};
    int guard = cell_is_formula(s, strlen(s));

    if (!guard && !strpbrk(s, special)) {
        strbuf_addstr(out, s);
        return;
    }
    strbuf_addch(out, '"');
    if (guard)
        strbuf_addch(out, '\'');
    for (; *s; s++) {
        if (*s == '"')
            strbuf_addch(out, '"');
        strbuf_addch(out, *s);
    }
    strbuf_addch(out, '"');
}

void csv_quote(struct strbuf *out, const char *s)
{
    csv_quote_sep(out, s, ',');
}

void json_quote(struct strbuf *out, const char *s)
{
    strbuf_addch(out, '"');
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            strbuf_addf(out, "\\%c", c);
        else if (c == '\n')
            strbuf_addstr(out, "\\n");
        else if (c == '\t')
            strbuf_addstr(out, "\\t");
        else if (c < 0x20)
            strbuf_addf(out, "\\u%04x", c);
        else
            strbuf_addch(out, (char)c);
    }
    strbuf_addch(out, '"');
}

void html_quote(struct strbuf *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&':
            strbuf_addstr(out, "&amp;");
            break;
        case '<':
            strbuf_addstr(out, "&lt;");
            break;
        case '>':
            strbuf_addstr(out, "&gt;");
            break;
        case '"':
            strbuf_addstr(out, "&quot;");
            break;
        case '\'':
            strbuf_addstr(out, "&#39;");
            break;
        default:
            strbuf_addch(out, *s);
        }
    }
}
