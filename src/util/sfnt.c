/* util/sfnt: the table directory of a TrueType (sfnt) font.
 * SPDX-License-Identifier: MIT
 */
#include "util/sfnt.h"

#include <string.h>

#include "util/banned.h"

uint32_t sfnt_get32(const void *p)
{
    const unsigned char *b = p;

    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 |
           b[3];
}

enum sfnt_fault sfnt_check(const void *font, size_t len, unsigned *n)
{
    const unsigned char *d = font;
    uint32_t version = len >= 12 ? sfnt_get32(d) : 0;
    unsigned k, i;

    *n = 0;
    if (version != 0x00010000 && version != 0x74727565 /* 'true' */)
        return SFNT_NOT_TRUETYPE;
    k = (unsigned)d[4] << 8 | d[5];
    if (len < 12 + 16 * (size_t)k)
        return SFNT_SHORT;
    for (i = 0; i < k; i++) {
        const unsigned char *r = sfnt_record(font, i);
        if (sfnt_get32(r + 8) > len ||
            sfnt_get32(r + 12) > len - sfnt_get32(r + 8))
            return SFNT_PAST_END;
    }
    *n = k;
    return SFNT_OK;
}

const unsigned char *sfnt_find(const void *font, unsigned n, const char *tag)
{
    unsigned i;

    for (i = 0; i < n; i++)
        if (!memcmp(sfnt_record(font, i), tag, 4))
            return sfnt_record(font, i);
    return NULL;
}
