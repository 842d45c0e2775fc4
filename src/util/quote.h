/* util/quote: a string as a CSV field, a JSON string and HTML text, one
 * way for every writer.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_QUOTE_H
#define UTIL_QUOTE_H

#include <stddef.h>

struct strbuf;

/*
 * 1 when a spreadsheet opening a CSV or TSV file would take the cell s (n
 * bytes) for a formula: it begins with = + - @, a tab or a carriage return
 * (OWASP's list) and is not a plain number ("-5", "+2.5", "-0,5" stay
 * numbers).  Every CSV and TSV writer asks this one function.
 */
int cell_is_formula(const char *s, size_t n);
/* 1 when s (n bytes) is a plain number: a sign, digits, then one decimal
   point or comma with digits after it. */
int cell_is_number(const char *s, size_t n);

/*
 * s as one CSV field (RFC 4180): quoted when it holds , " CR or LF; a cell
 * cell_is_formula() flags is neutralised: a leading apostrophe, quoted
 * (LibreOffice and Excel show it as text).  csv_quote_sep() the same with
 * the separator sep (';' for a spreadsheet in a locale whose decimal
 * separator is the comma).
 */
void csv_quote(struct strbuf *out, const char *s);
void csv_quote_sep(struct strbuf *out, const char *s, char sep);

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
