/* util/quote: a string as a CSV field, a JSON string and HTML text, one
 * way for every writer.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_QUOTE_H
#define UTIL_QUOTE_H

struct strbuf;

/* s as one CSV field (RFC 4180): quoted when it holds , " CR or LF. */
void csv_quote(struct strbuf *out, const char *s);

/*
 * s as a JSON string with its quotes: " and \ escaped, \n and \t, other
 * control characters as \u00xx; bytes from 0x80 pass as they are (the
 * text is UTF-8).  (Our own rather than jansson's encoder: jansson refuses
 * a string that is not valid UTF-8, and the archive's JSON must stay the
 * same bytes.)  NULL is "".
 */
void json_quote(struct strbuf *out, const char *s);

/*
 * s as HTML text or an attribute value: & < > " ' as character
 * references, the rest as it is (UTF-8).  NULL is "".
 */
void html_quote(struct strbuf *out, const char *s);

#endif
