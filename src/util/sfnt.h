/* util/sfnt: the table directory of a TrueType (sfnt) font.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_SFNT_H
#define UTIL_SFNT_H

#include <stddef.h>
#include <stdint.h>

/* What is wrong with a font's table directory. */
enum sfnt_fault {
    SFNT_OK,
    SFNT_NOT_TRUETYPE, /* no TrueType version ('\0\1\0\0' or 'true') */
    SFNT_SHORT,        /* the directory is cut short */
    SFNT_PAST_END      /* a table goes past the end of the font */
};

/*
 * Check the directory of the font of len bytes at font: *n gets its
 * number of tables (0 unless SFNT_OK), each of them within the font.
 */
enum sfnt_fault sfnt_check(const void *font, size_t len, unsigned *n);

/* The big-endian 32-bit word at p. */
uint32_t sfnt_get32(const void *p);

/* Record i (below the n of sfnt_check()): its 16 bytes, tag first. */
static inline const unsigned char *sfnt_record(const void *font, unsigned i)
{
    return (const unsigned char *)font + 12 + 16 * (size_t)i;
}

/* The record of table tag ("glyf"), or NULL. */
const unsigned char *sfnt_find(const void *font, unsigned n, const char *tag);

#endif
