/* tests/unit/t-sha256: SHA-256 against the FIPS 180-4 examples and
 * sha256sum, whole and in pieces.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "util/sha256.h"

/* The digest of len bytes at p, given to sha256_update() in pieces of
   piece bytes. */
static void pieces(const void *p, size_t len, size_t piece, char hex[65])
{
    struct sha256 c;
    unsigned char d[32];
    size_t at;

    sha256_init(&c);
    for (at = 0; at < len; at += piece)
        sha256_update(&c, (const char *)p + at,
                      len - at < piece ? len - at : piece);
    sha256_final(&c, d);
    sha256_to_hex(d, hex);
}

int main(void)
{
    char hex[65];
    struct sha256 c;
    unsigned char d[32];
    static char million[1000000];
    size_t i;

    sha256_hex("", 0, hex);
    is_str(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
           "empty input");
    sha256_hex("abc", 3, hex);
    is_str(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
           "'abc'");
    sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
    is_str(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
           "two-block message");
    memset(million, 'a', sizeof(million));
    sha256_init(&c);
    for (i = 0; i < sizeof(million); i += 997)
        sha256_update(&c, million + i,
                      sizeof(million) - i < 997 ? sizeof(million) - i : 997);
    sha256_final(&c, d);
    sha256_to_hex(d, hex);
    is_str(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
           "a million 'a' in odd-sized pieces");
    sha256_hex("Чемпіонат", strlen("Чемпіонат"), hex);
    is_str(hex, "47ae16124fea6800c5831606cbf725845bf24fae5b2984ba25f1c8fe0f5eb21d",
           "UTF-8 text (value from sha256sum)");
    {
        /* Every length across the padding's edges (55, 56, 64 bytes...),
           whole and in pieces of 1, 63 and 64 bytes. */
        static const size_t sizes[] = {1, 63, 64, 300};
        static unsigned char bytes[300];
        char want[65];
        size_t n, k, bad = 0;
        for (i = 0; i < sizeof(bytes); i++)
            bytes[i] = (unsigned char)(i * 7 + 3);
        for (n = 0; n <= sizeof(bytes); n++) {
            sha256_hex(bytes, n, want);
            for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
                pieces(bytes, n, sizes[k], hex);
                bad += strcmp(hex, want) != 0;
            }
        }
        is_int(bad, 0, "in pieces as whole, on 0..300 bytes");
    }
    return done_testing();
}
