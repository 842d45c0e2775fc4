/* tests/unit/t-utf8: UTF-8 helpers and legacy encodings.
 * SPDX-License-Identifier: MIT
 */
#include <iconv.h>

#include "tap.h"
#include "util/strbuf.h"
#include "util/utf8.h"

static void test_decode(void)
{
    uint32_t cp = 0;

    is_int(utf8_decode("A", 1, &cp), 1, "ASCII is one byte");
    is_int(utf8_decode("\xD1\x97", 2, &cp), 2, "ї is two bytes");
    is_int(cp, 0x457, "ї decodes to U+0457");
    is_int(utf8_decode("\xC0\xAF", 2, &cp), 0, "overlong form refused");
    is_int(utf8_decode("\xED\xA0\x80", 3, &cp), 0, "surrogate refused");
    is_int(utf8_decode("\xD1", 1, &cp), 0, "truncated sequence refused");
    is_int(utf8_len("Ґанна Їжак"), 10, "length counts characters");
    is_int(utf8_offset("Їжак", 8, 2), 4, "offset of the third character");
    is_int(utf8_prefix("Їжак", 8, 3), 2, "prefix never cuts a character");
}

static void test_cp1251_table(void)
{
    iconv_t cd = iconv_open("UTF-8", "WINDOWS-1251");
    int c, bad = 0;

    if (cd == (iconv_t)-1) {
        skip("iconv has no WINDOWS-1251");
        return;
    }
    for (c = 0x80; c <= 0xFF; c++) {
        char in[1], out[8], *ip = in, *op = out;
        size_t il = 1, ol = sizeof(out);
        struct strbuf sb = STRBUF_INIT;
        in[0] = (char)c;
        if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1) {
            iconv(cd, NULL, NULL, NULL, NULL);
            if (cp1251_to_ucs((unsigned char)c) != 0xFFFD)
                bad++;
            continue;
        }
        utf8_encode(&sb, cp1251_to_ucs((unsigned char)c));
        if (sb.len != (size_t)(op - out) || memcmp(sb.buf, out, sb.len)) {
            diag("byte 0x%02X differs from iconv", c);
            bad++;
        }
        strbuf_release(&sb);
    }
    iconv_close(cd);
    ok(!bad, "Windows-1251 table equals iconv for every high byte");
}

static void test_detect(void)
{
    /* "Ярослав Мельник" in Windows-1251 */
    const char cp[] = "001    1 m    \xDF\xF0\xEE\xF1\xEB\xE0\xE2 "
                      "\xCC\xE5\xEB\xFC\xED\xE8\xEA";
    const char latin[] = "012 L\xE4s V\xE9gas National Ope\xF1";
    struct strbuf sb = STRBUF_INIT;
    enum encoding e;

    is_int(encoding_detect("plain", 5), ENC_UTF8, "ASCII is UTF-8");
    is_int(encoding_detect("Ярослав", strlen("Ярослав")), ENC_UTF8,
           "valid UTF-8 is UTF-8");
    is_int(encoding_detect(cp, strlen(cp)), ENC_CP1251,
           "Cyrillic words in Windows-1251");
    is_int(encoding_detect(latin, strlen(latin)), ENC_LATIN1,
           "accents between Latin letters are Latin-1");
    encoding_to_utf8(&sb, cp + 14, strlen(cp + 14), ENC_CP1251);
    is_str(sb.buf, "Ярослав Мельник", "Windows-1251 converted");
    strbuf_reset(&sb);
    encoding_to_utf8(&sb, "\xEF\xBB\xBFX", 4, ENC_AUTO);
    is_str(sb.buf, "X", "byte-order mark dropped");
    strbuf_release(&sb);
    ok(!encoding_parse("Windows-1251", &e) && e == ENC_CP1251,
       "encoding names are case-insensitive");
    ok(encoding_parse("koi8-u", &e) == -1, "unknown encoding refused");
}

static void test_case(void)
{
    struct strbuf sb = STRBUF_INIT;

    utf8_upper(&sb, "ґанна їжак-євген іван Łódź");
    is_str(sb.buf, "ҐАННА ЇЖАК-ЄВГЕН ІВАН ŁÓDŹ", "upper case with ґ ї є і");
    strbuf_reset(&sb);
    utf8_lower(&sb, "ҐАННА ЇЖАК ЁЛКА ŁÓDŹ");
    is_str(sb.buf, "ґанна їжак ёлка łódź", "lower case");
    strbuf_release(&sb);
}

int main(void)
{
    test_decode();
    test_cp1251_table();
    test_detect();
    test_case();
    return done_testing();
}
