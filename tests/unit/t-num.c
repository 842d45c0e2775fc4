/* tests/unit/t-num: the fixed-decimal writer of the values of a ranking,
 * and the readers of numbers.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "tap.h"
#include "util/num.h"

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

int main(void)
{
    size_t i;
    double d;

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
    return done_testing();
}
