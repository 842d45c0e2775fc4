/* util/date: calendar dates as tournament files write them.
 * SPDX-License-Identifier: MIT
 */
#include "util/date.h"

#include <string.h>

#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char *const month_en[12] = {
    "jan", "feb", "mar", "apr", "may", "jun",
    "jul", "aug", "sep", "oct", "nov", "dec",
};

/* Ukrainian month names in the genitive, as dates are written. */
static const char *const month_ua[12] = {
    "січня",  "лютого",  "березня",  "квітня",  "травня",    "червня",
    "липня",  "серпня",  "вересня",  "жовтня",  "листопада", "грудня",
};

/* The number of days of month m (1-12) of year y. */
static int days_in_month(int y, int m)
{
    static const int mdays[12] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

    return mdays[m - 1] + (m == 2 && leap);
}

int date_year_of(const char *s)
{
    struct date d;
    int y = 0, i;

    if (!date_parse(s, &d))
        return d.y;
    for (i = 0; i < 4; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        y = y * 10 + (s[i] - '0');
    }
    if (y < 1000)
        return 0;
    return (s[4] == '\0' || s[4] == '/' || s[4] == '-' || s[4] == '.') ? y : 0;
}

int date_valid(const struct date *d)
{
    if (d->y < 1000 || d->y > 9999 || d->m < 1 || d->m > 12 || d->d < 1)
        return 0;
    return d->d <= days_in_month(d->y, d->m);
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Read up to 4 digits; returns the count read. */
static int read_num(const char **p, int *val)
{
    int n = 0, v = 0;

    while (is_digit(**p) && n < 5) {
        v = v * 10 + (**p - '0');
        (*p)++;
        n++;
    }
    *val = v;
    return n;
}

static void skip_spaces(const char **p)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
}

/* Month number of the name at *p (English prefix or Ukrainian), or 0. */
static int read_month_name(const char **p)
{
    int i;

    for (i = 0; i < 12; i++) {
        size_t n = strlen(month_ua[i]);
        if (!strncmp(*p, month_ua[i], n)) {
            *p += n;
            return i + 1;
        }
    }
    for (i = 0; i < 12; i++) {
        const char *s = *p;
        int k;
        for (k = 0; k < 3; k++) {
            char c = s[k];
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            if (c != month_en[i][k])
                break;
        }
        if (k == 3) {
            s += 3;
            while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
                s++;
            if (*s == '.')
                s++;
            *p = s;
            return i + 1;
        }
    }
    return 0;
}

/* Read the fields of a date written in one of date_parse's forms. */
static int parse_fields(const char *s, struct date *out)
{
    const char *p = s;
    int a, b, c, na, nb, nc, m;
    char sep1, sep2;
    struct date d;

    skip_spaces(&p);
    if (!is_digit(*p)) {
        /* "May 29, 2020" */
        m = read_month_name(&p);
        if (!m)
            return -1;
        skip_spaces(&p);
        if (read_num(&p, &b) < 1)
            return -1;
        if (*p == ',')
            p++;
        skip_spaces(&p);
        if (read_num(&p, &c) != 4)
            return -1;
        d.y = c;
        d.m = m;
        d.d = b;
        goto done;
    }
    na = read_num(&p, &a);
    skip_spaces(&p);
    if (!is_digit(*p) && *p != '-' && *p != '/' && *p != '.') {
        /* "29 May 2020", "1 червня 2023" */
        m = read_month_name(&p);
        if (!m || na > 2)
            return -1;
        skip_spaces(&p);
        if (read_num(&p, &c) != 4)
            return -1;
        d.y = c;
        d.m = m;
        d.d = a;
        goto done;
    }
    sep1 = *p;
    if (sep1 != '-' && sep1 != '/' && sep1 != '.')
        return -1;
    p++;
    skip_spaces(&p);
    nb = read_num(&p, &b);
    skip_spaces(&p);
    sep2 = *p;
    if (sep2 != sep1)
        return -1;
    p++;
    skip_spaces(&p);
    nc = read_num(&p, &c);
    if (nb < 1 || nb > 2)
        return -1;
    if (na == 4 && nc >= 1 && nc <= 2) {
        d.y = a;
        d.m = b;
        d.d = c;
    } else if (na >= 1 && na <= 2 && nc == 4) {
        d.y = c;
        d.m = b;
        d.d = a;
    } else {
        return -1;
    }
done:
    skip_spaces(&p);
    if (!strncmp(p, "р.", 3))
        p += 3;
    skip_spaces(&p);
    if (*p)
        return -1;
    *out = d;
    return 0;
}

int date_parse(const char *s, struct date *out)
{
    struct date d;

    if (parse_fields(s, &d) || !date_valid(&d))
        return -1;
    *out = d;
    return 0;
}

int date_impossible(const char *s, struct strbuf *why)
{
    static const char *const month_name[12] = {
        N_("January"),   N_("February"), N_("March"),    N_("April"),
        N_("May"),       N_("June"),     N_("July"),     N_("August"),
        N_("September"), N_("October"),  N_("November"), N_("December"),
    };
    int days;
    struct date d;

    if (parse_fields(s, &d) || date_valid(&d) || d.y < 1000 || !d.m || !d.d)
        return 0;
    if (d.m > 12) {
        strbuf_addf(why, _("there is no month %d"), d.m);
        return 1;
    }
    days = days_in_month(d.y, d.m);
    strbuf_addf(why,
                i18n_ngettext("%s %d has %d day", "%s %d has %d days",
                              (unsigned long)days),
                _(month_name[d.m - 1]), d.y, days);
    return 1;
}

int date_cmp(const struct date *a, const struct date *b)
{
    long x = date_days(a), y = date_days(b);
    return x < y ? -1 : x > y;
}

long date_days(const struct date *d)
{
    /* Howard Hinnant's days_from_civil. */
    long y = d->y - (d->m <= 2);
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long mp = (d->m + 9) % 12;
    long doy = (153 * mp + 2) / 5 + d->d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void date_from_days(struct date *out, long days)
{
    /* Howard Hinnant's civil_from_days. */
    long z = days + 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;

    out->d = (int)(doy - (153 * mp + 2) / 5 + 1);
    out->m = (int)(mp < 10 ? mp + 3 : mp - 9);
    out->y = (int)(yoe + era * 400 + (out->m <= 2));
}

void date_format_iso(struct strbuf *out, const struct date *d)
{
    strbuf_addf(out, "%04d-%02d-%02d", d->y, d->m, d->d);
}

void date_format_trf(struct strbuf *out, const struct date *d)
{
    strbuf_addf(out, "%04d/%02d/%02d", d->y, d->m, d->d);
}

void date_format_ua(struct strbuf *out, const struct date *d)
{
    strbuf_addf(out, "%02d.%02d.%04d", d->d, d->m, d->y);
}

void date_format_ua_long(struct strbuf *out, const struct date *d)
{
    strbuf_addf(out, "%d %s %d р.", d->d, month_ua[d->m - 1], d->y);
}
