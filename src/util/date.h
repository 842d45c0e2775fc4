/* util/date: calendar dates as tournament files write them.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_DATE_H
#define UTIL_DATE_H

struct strbuf;

struct date {
    int y, m, d;
};

/*
 * Parse a date written as YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD, DD.MM.YYYY,
 * DD/MM/YYYY, DD-MM-YYYY (spaces after the separators allowed, as in
 * "28. 07. 2005"), "May 29, 2020", "29 May 2020" or "1 червня 2023".
 * Two-digit years are refused (10.09.13 could be either end).  Returns 0 and
 * fills *out, or -1.
 */
int date_parse(const char *s, struct date *out);
int date_valid(const struct date *d);
/*
 * The year of a birth date as files write it: of a date date_parse()
 * reads, or a year of four digits alone or before a separator ("2013",
 * "2013/00/00"); 0 when it gives none.
 */
int date_year_of(const char *s);
/*
 * 1 when s is written as a date with a four-digit year but names a day
 * that does not exist ("2023/02/31", "01.13.2023"); the reason is appended
 * to why ("February 2023 has 28 days", "there is no month 13").  0 for a
 * valid date, for what is not written as a date (two-digit years, text),
 * and for a month or day of 0, which files write for an unknown part
 * ("1985/00/00").
 */
int date_impossible(const char *s, struct strbuf *why);
/* -1, 0 or 1. */
int date_cmp(const struct date *a, const struct date *b);
/* Days since 1970-01-01 (proleptic Gregorian). */
long date_days(const struct date *d);
/* The date `days` days after 1970-01-01 (date_days backwards). */
void date_from_days(struct date *out, long days);
/* "2023-06-01". */
void date_format_iso(struct strbuf *out, const struct date *d);
/* "2023/06/01" as TRF-26 writes dates. */
void date_format_trf(struct strbuf *out, const struct date *d);
/* "01.06.2023". */
void date_format_ua(struct strbuf *out, const struct date *d);
/* "1 червня 2023 р." */
void date_format_ua_long(struct strbuf *out, const struct date *d);

#endif
