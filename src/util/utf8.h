/* util/utf8: UTF-8 decoding, measuring and cutting; legacy encodings.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_UTF8_H
#define UTIL_UTF8_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/*
 * Decode one code point from s (at most len bytes).  Returns the number of
 * bytes used, or 0 when the bytes are not valid UTF-8 (overlong forms,
 * surrogates and values above U+10FFFF are invalid).
 */
size_t utf8_decode(const char *s, size_t len, uint32_t *cp);
/* Append the UTF-8 form of cp. */
void utf8_encode(struct strbuf *sb, uint32_t cp);
/* The length of the ASCII bytes s starts with (eight at a time). */
size_t utf8_ascii_prefix(const char *s, size_t len);

/* 1 when all len bytes are valid UTF-8; else 0 and *bad = offset. */
int utf8_valid(const char *s, size_t len, size_t *bad);
/*
 * The number of bytes of s that are not valid UTF-8 (each counted alone);
 * *multi receives the number of valid multi-byte characters.
 */
size_t utf8_invalid_count(const char *s, size_t len, size_t *multi);
/* Number of code points in a valid UTF-8 string. */
size_t utf8_len(const char *s);
size_t utf8_nlen(const char *s, size_t len);
/* Byte offset of code point number n (0-based), or len when past the end. */
size_t utf8_offset(const char *s, size_t len, size_t n);
/*
 * Longest prefix of s that is at most max_bytes long and ends on a character
 * boundary.
 */
size_t utf8_prefix(const char *s, size_t len, size_t max_bytes);

enum encoding {
    ENC_AUTO = 0,
    ENC_UTF8,
    ENC_CP1251,
    ENC_LATIN1
};

/* "utf-8", "windows-1251" (also "cp1251"), "latin-1" (also "iso-8859-1"). */
int encoding_parse(const char *name, enum encoding *out);
const char *encoding_name(enum encoding e);
/*
 * Guess the encoding of bytes: UTF-8 when they are valid UTF-8, else
 * Windows-1251 when runs of high bytes look like Cyrillic words, else
 * Latin-1.
 */
enum encoding encoding_detect(const char *s, size_t len);
/*
 * Append s converted to UTF-8; ENC_UTF8 input is copied and must already be
 * valid.  A leading UTF-8 byte-order mark is dropped.
 */
void encoding_to_utf8(struct strbuf *out, const char *s, size_t len,
                      enum encoding e);
/*
 * Append s (UTF-8) written in encoding e (ENC_UTF8, ENC_CP1251 or
 * ENC_LATIN1; ENC_AUTO is UTF-8); -1 when a character has no byte there
 * (out then holds what came before it), else 0.
 */
int encoding_from_utf8(struct strbuf *out, const char *s, enum encoding e);
/* The Unicode code point of a Windows-1251 byte (0xFFFD for 0x98). */
uint32_t cp1251_to_ucs(unsigned char c);

/*
 * Simple case mapping for Latin, Latin-1 supplement, Greek-free Cyrillic
 * (incl. Ukrainian ґ є і ї), enough for names.
 */
uint32_t ucs_tolower(uint32_t cp);
uint32_t ucs_toupper(uint32_t cp);
/* Append s with every letter mapped through ucs_tolower/ucs_toupper. */
void utf8_lower(struct strbuf *out, const char *s);
/* 1 when a and b are the same words but for letter case, runs of
   blanks and the alphabet of a Roman numeral ("I  ранг", "і ранг"). */
int utf8_same_words(const char *a, const char *b);
void utf8_upper(struct strbuf *out, const char *s);
/* Append s with its first letter a capital ("фінал ..." -> "Фінал ..."). */
void utf8_capitalise(struct strbuf *out, const char *s);

#endif
