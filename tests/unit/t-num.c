/* tests/unit/t-num: the fixed-decimal writer of the values of a ranking,
 * and the readers of numbers.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "tap.h"
#include "util/num.h"
#include "util/strbuf.h"

static const struct {
    double x;
    int decimals;
    const char *text;
} fixed[] = {
    {0, 0, "0"},
    {0, 2, "0.00"},
    {-0.0, 1, "0.0"},
    {7, 0, "7"},
    {-7, 2, "-7.00"},
    {43.5, 0, "44"},
    {43.5, 1, "43.5"},
    {43.5, 2, "43.50"},
    {-0.5, 0, "-1"},
    {0.5, 1, "0.5"},
    {106.955, 2, "106.96"},
    {98.23, 1, "98.2"},
    {98.23, 2, "98.23"},
    {0.004, 2, "0.00"},
    {-0.004, 2, "0.00"},
    {0.005, 2, "0.01"},
    {-0.005, 2, "-0.01"},
    {-0.005, 1, "0.0"},
    {12.05, 1, "12.1"},
    {-12.05, 1, "-12.1"},
    {99.995, 2, "100.00"},
    {99.995, 0, "100"},
    {1918, 0, "1918"},
    {1918, 1, "1918.0"},
    {2147483648.0, 0, "2147483648"},
    {123456789012.345, 2, "123456789012.35"},
    /* beyond what the quick way holds: as printf writes it */
    {1e18, 1, "1000000000000000000.0"},
    /* decimals outside 0..2 are taken as the nearest */
    {2.675, -1, "3"},
    {2.675, 3, "2.68"},
};

/* The documents' way (num_points): ½ ¼ ¾, the minus sign, the comma. */
static const struct {
    double x;
    const char *text;
} points[] = {
    {0, "0"},          {7, "7"},          {6.5, "6½"},     {0.5, "½"},
    {-0.5, "−½"},      {-1.5, "−1½"},     {-3, "−3"},      {-0.0, "0"},
    {27.25, "27¼"},    {27.75, "27¾"},    {-0.25, "−¼"},   {27.3, "27,30"},
    {-27.3, "−27,30"}, {106.96, "106,96"}, {1918, "1918"},
};

/* A column's style: num_style_of() of its values, num_write() each. */
static void test_columns(void)
{
    static const double whole[] = {3, 12, NAN}, halves[] = {3, 12.5, NAN},
                        decimals[] = {3, 12.5, 1.3};
    struct strbuf sb = STRBUF_INIT;

    is_int(num_style_of(whole, 3), NUM_WHOLE, "a column of whole numbers");
    is_int(num_style_of(halves, 3), NUM_HALVES, "a column with a half");
    is_int(num_style_of(decimals, 3), NUM_DECIMALS, "a column with decimals");
    num_write(&sb, 3, NUM_DECIMALS);
    is_str(sb.buf, "3,00", "a whole number in a column of decimals");
    strbuf_reset(&sb);
    num_write(&sb, -0.5, NUM_HALVES);
    is_str(sb.buf, "−½", "-0.5 in a column of halves");
    strbuf_reset(&sb);
    num_write(&sb, NAN, NUM_HALVES);
    is_str(sb.buf, "", "NaN: blank");
    strbuf_release(&sb);
}

int main(void)
{
    size_t i;
    double d;

    for (i = 0; i < sizeof(points) / sizeof(points[0]); i++) {
        struct strbuf sb = STRBUF_INIT;
        num_points(&sb, points[i].x);
        is_str(sb.buf, points[i].text, "num_points(%g)", points[i].x);
        strbuf_release(&sb);
    }
    test_columns();

    for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
        char out[NUM_FIXED_MAX];
        size_t n = num_fixed(out, fixed[i].x, fixed[i].decimals);
        is_str(out, fixed[i].text, "num_fixed(%.17g, %d)", fixed[i].x,
               fixed[i].decimals);
        is_int(n, strlen(fixed[i].text), "its length");
    }
    ok(num_round(2.5) == 3 && num_round(2.4999) == 2 && num_round(-2.5) == -3,
       "num_round: halves away from zero");
    is_int(num_parse_uint("0042", 100), 42, "parse_uint: leading zeros");
    is_int(num_parse_uint("101", 100), -1, "parse_uint: over the maximum");
    is_int(num_parse_uint("4 2", 100), -1, "parse_uint: a blank inside");
    ok(!num_parse_decimal("11,5", ".,", &d) && d == 11.5,
       "parse_decimal: a comma for the mark");
    ok(num_parse_decimal("1.2.3", ".", &d) == -1, "parse_decimal: two marks");
    {
        static const struct {
            int n;
            const char *text;
        } romans[] = {{1, "І"},  {2, "ІІ"},   {3, "ІІІ"}, {4, "ІV"},
                      {5, "V"},  {9, "ІХ"},   {10, "Х"},  {14, "ХІV"},
                      {39, "ХХХІХ"}, {40, "40"}, {0, "0"}};
        static const struct {
            const char *in, *out;
        } fixes[] = {
            {"II юн.", "ІІ юн."},     /* Latin */
            {"IV ранг", "ІV ранг"},   /* Latin I, V */
            {"І ранг", "І ранг"},     /* already Cyrillic */
            {"IІ", "ІІ"},             /* mixed */
            {"IM", "IM"},             /* a FIDE title */
            {"Vasyl IX", "Vasyl ІХ"}, /* a word, then a numeral */
            {"КМС", "КМС"},           /* no numeral */
            {"I.", "І."},             /* a dot ends it */
            {"XIV-й", "ХІV-й"},       {"", ""}};
        struct strbuf sb = STRBUF_INIT;
        for (i = 0; i < sizeof(romans) / sizeof(romans[0]); i++) {
            strbuf_reset(&sb);
            num_roman(&sb, romans[i].n);
            is_str(sb.buf, romans[i].text, "num_roman(%d)", romans[i].n);
        }
        for (i = 0; i < sizeof(fixes) / sizeof(fixes[0]); i++) {
            strbuf_reset(&sb);
            num_roman_fix(&sb, fixes[i].in);
            is_str(sb.buf, fixes[i].out, "num_roman_fix(%s)", fixes[i].in);
        }
        strbuf_release(&sb);
    }
    return done_testing();
}
