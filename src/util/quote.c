/* util/quote: CSV fields, JSON strings and HTML text.
 * SPDX-License-Identifier: MIT
 */
#include "util/quote.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

void csv_quote(struct strbuf *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        strbuf_addstr(out, s);
        return;
    }
    strbuf_addch(out, '"');
    for (; *s; s++) {
        if (*s == '"')
            strbuf_addch(out, '"');
        strbuf_addch(out, *s);
    }
    strbuf_addch(out, '"');
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
