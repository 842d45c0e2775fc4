/* tests/unit/t-sha256: SHA-256 against the FIPS 180-4 examples and
 * sha256sum.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "util/sha256.h"

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
    return done_testing();
}
