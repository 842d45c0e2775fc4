/* util/num: numbers as input files write them, and as every output writes
 * points and values: the one writer of them.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_NUM_H
#define UTIL_NUM_H

#include <math.h>
#include <stddef.h>

/*
 * The value of s when it is only decimal digits (at least one) and at most
 * max (max below 2^31); -1 otherwise.
 */
int num_parse_uint(const char *s, int max);

/*
 * The value of s when it is "[-]DIGITS[MARK DIGITS]" with at least one
 * digit ("11.5", "-1.0", ".5", "3."), MARK one of the characters of
 * marks ("." or ".,"): 0 and *out set (-0.0 for "-0"), else -1.
 */
int num_parse_decimal(const char *s, const char *marks, double *out);

/* llround(y), without a call where y >= 0 (y less its whole part is exact
   below 2^52): for the hundreds of thousands of values of a ranking. */
static inline long long num_round(double y)
{
    long long v;

    if (!(y >= 0 && y < 4e15))
        return llround(y);
    v = (long long)y;
    return y - (double)v >= 0.5 ? v + 1 : v;
}

/* The most num_fixed() writes, its NUL included. */
#define NUM_FIXED_MAX 32

/*
 * x with decimals (0 to 2) decimals into out, as printf's "%.*f" writes a
 * value that is a whole number of hundredths (halves away from zero
 * otherwise), without its cost; returns the length.
 */
size_t num_fixed(char out[NUM_FIXED_MAX], double x, int decimals);

struct strbuf;
/*
 * Points and values as the documents (PDF, XLSX, HTML) write them, in
 * Ukrainian: "6½", "½", "7", "27¼", "−½" (a minus sign), other fractions
 * with two decimals and a comma ("27,30"); NaN: nothing.  The machine
 * formats (TSV, CSV, JSON, the text of 'standings') write decimals with a
 * point: num_fixed().
 */
void num_points(struct strbuf *out, double v);

/*
 * How a column of values is written: whole numbers, halves and quarters
 * ("45½", "27¼") or two decimals with a comma ("27,30"), whichever all
 * values need (NaN: blank).
 */
enum num_style { NUM_WHOLE, NUM_HALVES, NUM_DECIMALS };
enum num_style num_style_of(const double *v, size_t n);
void num_write(struct strbuf *out, double v, enum num_style st);

/*
 * Roman numerals as Ukrainian text writes them: the letters I and X in
 * Cyrillic (І, Х), V in Latin, as typists do ("ІІ ступеня", "ІV ранг",
 * "ІХ"); the one writer of them.  num_roman() appends n (1 to 39; other
 * numbers in digits); num_roman_fix() appends s with every word that is a
 * Roman numeral (only the letters I, V and X in either alphabet, in
 * capitals) rewritten so: "II юн." gives "ІІ юн.", "IV ранг" "ІV ранг";
 * "IM" and "Vasyl" stay as they are.
 */
void num_roman(struct strbuf *out, int n);
void num_roman_fix(struct strbuf *out, const char *s);

#endif
