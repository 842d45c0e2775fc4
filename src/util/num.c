/* util/num: whole numbers as input files write them.
 * SPDX-License-Identifier: MIT
 */
#include "util/num.h"

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
