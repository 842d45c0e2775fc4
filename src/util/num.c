/* util/num: whole numbers as input files write them.
 * SPDX-License-Identifier: MIT
 */
#include "util/num.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

int num_parse_uint(const char *s, int max)
{
    long v = 0;

    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (*s - '0');
        if (v > max)
            return -1;
    }
    return (int)v;
}

int num_parse_decimal(const char *s, const char *marks, double *out)
{
    double v = 0.0, scale = 0.1;
    int digits = 0, neg = 0;

    if (*s == '-') {
        neg = 1;
        s++;
    }
    for (; *s >= '0' && *s <= '9'; s++, digits++)
        v = v * 10 + (*s - '0');
    if (*s && strchr(marks, *s)) {
        for (s++; *s >= '0' && *s <= '9'; s++, digits++) {
            v += (*s - '0') * scale;
            scale /= 10;
        }
    }
    if (*s || !digits)
        return -1;
    *out = neg ? -v : v;
    return 0;
}

/* "00" to "99". */
static const char digit_pairs[] = "00010203040506070809"
                                  "10111213141516171819"
                                  "20212223242526272829"
                                  "30313233343536373839"
                                  "40414243444546474849"
                                  "50515253545556575859"
                                  "60616263646566676869"
                                  "70717273747576777879"
                                  "80818283848586878889"
                                  "90919293949596979899";

size_t num_fixed(char out[NUM_FIXED_MAX], double x, int decimals)
{
    static const int scale[] = {1, 10, 100};
    int d = decimals < 0 ? 0 : decimals > 2 ? 2 : decimals;
    double y = fabs(x) * scale[d];
    long long v = num_round(y);
    unsigned long long ip, t;
    unsigned fp;
    size_t k = 0, ndig = 1;
    char *p;

    if (v < 0) /* beyond a long long (no value of a ranking): printf's */
        return (size_t)snprintf(out, NUM_FIXED_MAX, "%.*f", d, x);
    /* by constants: no division instruction */
    ip = d == 0 ? (unsigned long long)v
         : d == 1 ? (unsigned long long)v / 10
                  : (unsigned long long)v / 100;
    fp = (unsigned)((unsigned long long)v - ip * (unsigned)scale[d]);
    if (ip < 10000) /* a ranking's numbers: no loop */
        ndig = ip < 10 ? 1 : ip < 100 ? 2 : ip < 1000 ? 3 : 4;
    else
        for (t = ip; t >= 10; t /= 10)
            ndig++;
    if (x < 0 && y >= 0.5)
        out[k++] = '-';
    /* The whole part in place, two digits at a time from its end. */
    p = out + k + ndig;
    while (ip >= 100) {
        unsigned pair = (unsigned)(ip % 100);
        p -= 2;
        p[0] = digit_pairs[2 * pair];
        p[1] = digit_pairs[2 * pair + 1];
        ip /= 100;
    }
    if (ip >= 10) {
        p[-2] = digit_pairs[2 * ip];
        p[-1] = digit_pairs[2 * ip + 1];
    } else {
        p[-1] = (char)('0' + ip);
    }
    k += ndig;
    if (d == 1) {
        out[k++] = '.';
        out[k++] = (char)('0' + fp);
    } else if (d == 2) {
        out[k++] = '.';
        out[k++] = digit_pairs[2 * fp];
        out[k++] = digit_pairs[2 * fp + 1];
    }
    out[k] = '\0';
    return k;
}

/* The fraction of |v| as ½ ¼ ¾, or NULL when it is none of them (or 0). */
static const char *fraction(double a, double *whole)
{
    double frac;

    *whole = floor(a + 1e-9);
    frac = a - *whole;
    if (fabs(frac - 0.5) < 1e-9)
        return "½";
    if (fabs(frac - 0.25) < 1e-9)
        return "¼";
    if (fabs(frac - 0.75) < 1e-9)
        return "¾";
    return NULL;
}

void num_points(struct strbuf *out, double v)
{
    double a = fabs(v), whole;
    const char *f;

    if (isnan(v))
        return;
    f = fraction(a, &whole);
    if (fabs(a - whole) < 1e-9) {
        /* A whole number: no "-0". */
        if (v < 0 && whole > 0)
            strbuf_addstr(out, "−");
        strbuf_addf(out, "%.0f", whole);
    } else if (f) {
        /* Sonneborn-Berger's quarters as ¼ and ¾, like the ½ of points:
           "−½" for -0.5, not "-1½". */
        if (v < 0)
            strbuf_addstr(out, "−");
        if (whole != 0)
            strbuf_addf(out, "%.0f", whole);
        strbuf_addstr(out, f);
    } else {
        num_write(out, v, NUM_DECIMALS);
    }
}

enum num_style num_style_of(const double *v, size_t n)
{
    enum num_style st = NUM_WHOLE;
    size_t i;

    for (i = 0; i < n; i++) {
        double x = v[i];
        if (isnan(x) || fabs(x - floor(x + 0.5)) < 1e-9)
            continue;
        /* Halves and quarters are written with ½ ¼ ¾. */
        if (fabs(x * 4 - floor(x * 4 + 0.5)) < 1e-9)
            st = NUM_HALVES;
        else
            return NUM_DECIMALS;
    }
    return st;
}

void num_write(struct strbuf *out, double v, enum num_style st)
{
    char buf[64], *p;

    if (isnan(v))
        return;
    switch (st) {
    case NUM_WHOLE:
        num_points(out, floor(v + 0.5));
        return;
    case NUM_HALVES:
        num_points(out, v);
        return;
    case NUM_DECIMALS:
        break;
    }
    /* The Ukrainian decimal comma, and the minus sign. */
    snprintf(buf, sizeof(buf), "%.2f", fabs(v));
    p = strchr(buf, '.');
    if (p)
        *p = ',';
    if (v < 0 && strcmp(buf, "0,00"))
        strbuf_addstr(out, "−");
    strbuf_addstr(out, buf);
}

#define CYR_I "\xd0\x86" /* І U+0406 */
#define CYR_X "\xd0\xa5" /* Х U+0425 */

void num_roman(struct strbuf *out, int n)
{
    static const char *const ones[] = {"", CYR_I, CYR_I CYR_I,
                                       CYR_I CYR_I CYR_I, CYR_I "V", "V",
                                       "V" CYR_I, "V" CYR_I CYR_I,
                                       "V" CYR_I CYR_I CYR_I, CYR_I CYR_X};
    int i;

    if (n < 1 || n > 39) {
        strbuf_addf(out, "%d", n);
        return;
    }
    for (i = 0; i < n / 10; i++)
        strbuf_addstr(out, CYR_X);
    strbuf_addstr(out, ones[n % 10]);
}

/* The length of the Roman numeral letter at s (I, V, X, І, Х), 0 if none;
 * its Latin capital into *c. */
static size_t roman_letter(const char *s, char *c)
{
    if (*s == 'I' || *s == 'V' || *s == 'X') {
        *c = *s;
        return 1;
    }
    if (!strncmp(s, CYR_I, 2) || !strncmp(s, CYR_X, 2)) {
        *c = s[1] == CYR_I[1] ? 'I' : 'X';
        return 2;
    }
    return 0;
}

/* A byte that ends a word: not a letter, digit or the start of a UTF-8
 * letter. */
static int word_end(char c)
{
    return !c || strchr(" \t.,;:-()/", c) != NULL;
}

void num_roman_fix(struct strbuf *out, const char *s)
{
    int start = 1;

    while (*s) {
        size_t n = 0, k;
        char c = 0;

        if (start) {
            while ((k = roman_letter(s + n, &c)))
                n += k;
        }
        if (start && n && word_end(s[n])) {
            size_t i = 0;
            while (i < n) {
                k = roman_letter(s + i, &c);
                strbuf_addstr(out, c == 'I' ? CYR_I : c == 'X' ? CYR_X : "V");
                i += k;
            }
            s += n;
            start = 0;
            continue;
        }
        start = word_end(*s);
        strbuf_addch(out, *s++);
    }
}
