/* util/num: whole numbers as input files write them.
 * SPDX-License-Identifier: MIT
 */
#include "util/num.h"

#include <string.h>

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

size_t num_fixed(char out[NUM_FIXED_MAX], double x, int decimals)
{
    static const int scale[] = {1, 10, 100};
    char buf[NUM_FIXED_MAX];
    size_t i = sizeof(buf) - 1, k;
    double y = fabs(x) * scale[decimals < 0 ? 0 : decimals > 2 ? 2 : decimals];
    long long v = num_round(y);
    int d;

    for (d = 0; d < decimals && d < 2; d++) {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    }
    if (d)
        buf[--i] = '.';
    do {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v && i > 1);
    if (x < 0 && y >= 0.5)
        buf[--i] = '-';
    for (k = 0; i < sizeof(buf) - 1; k++)
        out[k] = buf[i++];
    out[k] = '\0';
    return k;
}
