/* util/utf8: UTF-8 decoding, measuring and cutting; legacy encodings.
 * SPDX-License-Identifier: MIT
 */
#include "util/utf8.h"

#include <string.h>

#include "util/num.h"
#include "util/strbuf.h"
#include "util/banned.h"

size_t utf8_decode(const char *s, size_t len, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t c;
    size_t n, i;

    if (!len)
        return 0;
    if (u[0] < 0x80) {
        *cp = u[0];
        return 1;
    } else if (u[0] >= 0xC2 && u[0] <= 0xDF) {
        n = 2;
        c = u[0] & 0x1F;
    } else if (u[0] >= 0xE0 && u[0] <= 0xEF) {
        n = 3;
        c = u[0] & 0x0F;
    } else if (u[0] >= 0xF0 && u[0] <= 0xF4) {
        n = 4;
        c = u[0] & 0x07;
    } else {
        return 0;
    }
    if (len < n)
        return 0;
    for (i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (u[i] & 0x3F);
    }
    if ((n == 3 && c < 0x800) || (n == 4 && c < 0x10000) || c > 0x10FFFF ||
        (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

void utf8_encode(struct strbuf *sb, uint32_t cp)
{
    if (cp < 0x80) {
        strbuf_addch(sb, (int)cp);
    } else if (cp < 0x800) {
        strbuf_addch(sb, (int)(0xC0 | (cp >> 6)));
        strbuf_addch(sb, (int)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        strbuf_addch(sb, (int)(0xE0 | (cp >> 12)));
        strbuf_addch(sb, (int)(0x80 | ((cp >> 6) & 0x3F)));
        strbuf_addch(sb, (int)(0x80 | (cp & 0x3F)));
    } else {
        strbuf_addch(sb, (int)(0xF0 | (cp >> 18)));
        strbuf_addch(sb, (int)(0x80 | ((cp >> 12) & 0x3F)));
        strbuf_addch(sb, (int)(0x80 | ((cp >> 6) & 0x3F)));
        strbuf_addch(sb, (int)(0x80 | (cp & 0x3F)));
    }
}

size_t utf8_ascii_prefix(const char *s, size_t len)
{
    size_t i = 0;

    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (w & 0x8080808080808080ULL)
            break;
    }
    while (i < len && !((unsigned char)s[i] & 0x80))
        i++;
    return i;
}

int utf8_valid(const char *s, size_t len, size_t *bad)
{
    size_t i = 0;
    uint32_t cp;

    while (i < len) {
        size_t n;
        if ((unsigned char)s[i] < 0x80) {
            i += utf8_ascii_prefix(s + i, len - i);
            continue;
        }
        n = utf8_decode(s + i, len - i, &cp);
        if (!n) {
            if (bad)
                *bad = i;
            return 0;
        }
        i += n;
    }
    return 1;
}

size_t utf8_invalid_count(const char *s, size_t len, size_t *multi)
{
    size_t i = 0, bad = 0;
    uint32_t cp;

    *multi = 0;
    while (i < len) {
        size_t n = utf8_decode(s + i, len - i, &cp);
        if (!n) {
            bad++;
            i++;
            continue;
        }
        *multi += n > 1;
        i += n;
    }
    return bad;
}

size_t utf8_nlen(const char *s, size_t len)
{
    size_t i, n = 0;

    for (i = 0; i < len; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            n++;
    return n;
}

size_t utf8_len(const char *s)
{
    return utf8_nlen(s, strlen(s));
}

size_t utf8_offset(const char *s, size_t len, size_t n)
{
    size_t i;

    for (i = 0; i < len; i++) {
        if (((unsigned char)s[i] & 0xC0) != 0x80) {
            if (!n)
                return i;
            n--;
        }
    }
    return len;
}

size_t utf8_prefix(const char *s, size_t len, size_t max_bytes)
{
    size_t n = len < max_bytes ? len : max_bytes;

    if (n == len)
        return n;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

int encoding_parse(const char *name, enum encoding *out)
{
    static const struct {
        const char *name;
        enum encoding e;
    } names[] = {
        {"auto", ENC_AUTO},         {"utf-8", ENC_UTF8},
        {"utf8", ENC_UTF8},         {"windows-1251", ENC_CP1251},
        {"cp1251", ENC_CP1251},     {"win1251", ENC_CP1251},
        {"latin-1", ENC_LATIN1},    {"latin1", ENC_LATIN1},
        {"iso-8859-1", ENC_LATIN1},
    };
    size_t i, j;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        const char *a = names[i].name, *b = name;
        for (j = 0; a[j] && b[j]; j++) {
            char c = b[j];
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            if (c != a[j])
                break;
        }
        if (!a[j] && !b[j]) {
            *out = names[i].e;
            return 0;
        }
    }
    return -1;
}

const char *encoding_name(enum encoding e)
{
    switch (e) {
    case ENC_AUTO:
        return "auto";
    case ENC_UTF8:
        return "UTF-8";
    case ENC_CP1251:
        return "Windows-1251";
    case ENC_LATIN1:
        return "Latin-1";
    }
    return "unknown";
}

static const uint16_t cp1251_high[64] = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,
    0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
    0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0xFFFD, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
    0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7,
    0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
    0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7,
    0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,
};

uint32_t cp1251_to_ucs(unsigned char c)
{
    if (c < 0x80)
        return c;
    if (c >= 0xC0)
        return 0x0410 + (uint32_t)(c - 0xC0);
    return cp1251_high[c - 0x80];
}

/* Letters of Windows-1251 that Ukrainian and Russian words are made of. */
static int cp1251_letter(unsigned char c)
{
    return c >= 0xC0 || c == 0xA5 || c == 0xB4 || c == 0xAA || c == 0xBA ||
           c == 0xB2 || c == 0xB3 || c == 0xAF || c == 0xBF || c == 0xA8 ||
           c == 0xB8;
}

enum encoding encoding_detect(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i, cyr_runs = 0, latin_singles = 0, c1_controls = 0;

    if (utf8_valid(s, len, NULL))
        return ENC_UTF8;
    /*
     * Why this works: in Windows-1251 a Cyrillic word is a run of high
     * bytes, while Latin-1 text puts an accented letter between ASCII
     * letters.  Bytes 0x80-0x9F are C1 controls in Latin-1 but common
     * punctuation and letters in Windows-1251.
     */
    for (i = 0; i < len;) {
        size_t run = 0;
        while (i + run < len && u[i + run] >= 0x80 && cp1251_letter(u[i + run]))
            run++;
        if (run >= 2) {
            cyr_runs++;
            i += run;
            continue;
        }
        if (u[i] >= 0x80 && u[i] < 0xA0)
            c1_controls++;
        if (u[i] >= 0xC0)
            latin_singles++;
        i += run ? run : 1;
    }
    if (cyr_runs > latin_singles || (c1_controls && cyr_runs))
        return ENC_CP1251;
    return ENC_LATIN1;
}

void encoding_to_utf8(struct strbuf *out, const char *s, size_t len,
                      enum encoding e)
{
    size_t i;

    if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3)) {
        s += 3;
        len -= 3;
        if (e == ENC_AUTO)
            e = ENC_UTF8;
    }
    if (e == ENC_AUTO)
        e = encoding_detect(s, len);
    strbuf_grow(out, len + len / 2);
    switch (e) {
    case ENC_AUTO:
    case ENC_UTF8:
        strbuf_add(out, s, len);
        break;
    case ENC_CP1251:
        for (i = 0; i < len; i++)
            utf8_encode(out, cp1251_to_ucs((unsigned char)s[i]));
        break;
    case ENC_LATIN1:
        for (i = 0; i < len; i++)
            utf8_encode(out, (unsigned char)s[i]);
        break;
    }
}

int encoding_from_utf8(struct strbuf *out, const char *s, enum encoding e)
{
    size_t len = strlen(s), n;
    uint32_t cp;
    unsigned b;

    if (e == ENC_AUTO || e == ENC_UTF8) {
        strbuf_add(out, s, len);
        return 0;
    }
    while (len) {
        n = utf8_decode(s, len, &cp);
        if (!n)
            return -1;
        s += n;
        len -= n;
        if (cp < 0x80) {
            strbuf_addch(out, (char)cp);
            continue;
        }
        if (e == ENC_LATIN1) {
            if (cp > 0xFF)
                return -1;
            strbuf_addch(out, (char)cp);
            continue;
        }
        for (b = 0x80; b <= 0xFF && cp1251_to_ucs((unsigned char)b) != cp; b++)
            ;
        if (b > 0xFF)
            return -1;
        strbuf_addch(out, (char)b);
    }
    return 0;
}

/* Upper-case letters of Latin Extended-A whose lower case is c + 1. */
static int latin_ext_a_upper(uint32_t c)
{
    if ((c >= 0x0100 && c <= 0x012F) || (c >= 0x0132 && c <= 0x0137) ||
        (c >= 0x014A && c <= 0x0177))
        return !(c & 1);
    if ((c >= 0x0139 && c <= 0x0148) || (c >= 0x0179 && c <= 0x017E))
        return c & 1;
    return 0;
}

uint32_t ucs_tolower(uint32_t c)
{
    if (c >= 'A' && c <= 'Z')
        return c + 32;
    if ((c >= 0xC0 && c <= 0xDE && c != 0xD7))
        return c + 32;
    if (c >= 0x0410 && c <= 0x042F)
        return c + 32;
    if (c >= 0x0400 && c <= 0x040F)
        return c + 80;
    if (c >= 0x0460 && c <= 0x04FF && !(c & 1))
        return c + 1;
    if (latin_ext_a_upper(c))
        return c + 1;
    if (c == 0x0178)
        return 0xFF;
    return c;
}

uint32_t ucs_toupper(uint32_t c)
{
    if (c >= 'a' && c <= 'z')
        return c - 32;
    if ((c >= 0xE0 && c <= 0xFE && c != 0xF7))
        return c - 32;
    if (c >= 0x0430 && c <= 0x044F)
        return c - 32;
    if (c >= 0x0450 && c <= 0x045F)
        return c - 80;
    if (c >= 0x0461 && c <= 0x04FF && (c & 1))
        return c - 1;
    if (c >= 0x0101 && c <= 0x017F && latin_ext_a_upper(c - 1))
        return c - 1;
    if (c == 0xFF)
        return 0x0178;
    return c;
}

static void map_case(struct strbuf *out, const char *s,
                     uint32_t (*fn)(uint32_t))
{
    size_t len = strlen(s), i = 0;
    uint32_t cp;

    while (i < len) {
        size_t n = utf8_decode(s + i, len - i, &cp);
        if (!n) {
            strbuf_addch(out, s[i++]);
            continue;
        }
        utf8_encode(out, fn(cp));
        i += n;
    }
}

void utf8_lower(struct strbuf *out, const char *s)
{
    map_case(out, s, ucs_tolower);
}

void utf8_upper(struct strbuf *out, const char *s)
{
    map_case(out, s, ucs_toupper);
}

void utf8_capitalise(struct strbuf *out, const char *s)
{
    uint32_t cp;
    size_t n = utf8_decode(s, strlen(s), &cp);

    if (!n) {
        strbuf_addstr(out, s);
        return;
    }
    utf8_encode(out, ucs_toupper(cp));
    strbuf_addstr(out, s + n);
}

/* s in lower case, each run of blanks one space, none at the ends, a
   Roman numeral in one alphabet ("I ранг", "І ранг"). */
static void words_key(struct strbuf *out, const char *s)
{
    struct strbuf low = STRBUF_INIT, roman = STRBUF_INIT;
    const char *p;

    num_roman_fix(&roman, s);
    utf8_lower(&low, roman.buf);
    strbuf_release(&roman);
    for (p = low.buf; *p; p++) {
        if (*p == ' ' || *p == '\t') {
            if (out->len && out->buf[out->len - 1] != ' ')
                strbuf_addch(out, ' ');
        } else {
            strbuf_addch(out, *p);
        }
    }
    if (out->len && out->buf[out->len - 1] == ' ')
        strbuf_setlen(out, out->len - 1);
    strbuf_release(&low);
}

int utf8_same_words(const char *a, const char *b)
{
    struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
    int same;

    words_key(&x, a);
    words_key(&y, b);
    same = !strcmp(x.buf, y.buf);
    strbuf_release(&x);
    strbuf_release(&y);
    return same;
}
