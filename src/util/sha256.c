/* util/sha256: SHA-256 (FIPS 180-4) for bundle manifests.
 * SPDX-License-Identifier: MIT
 */
#include "util/sha256.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SHA256_SHANI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "util/banned.h"

static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void block(struct sha256 *c, const unsigned char *p)
{
    uint32_t w[64], a, b, cc, d, e, f, g, h, t1, t2;
    int i;

    for (i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
    for (i = 16; i < 64; i++) {
        uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    a = c->h[0];
    b = c->h[1];
    cc = c->h[2];
    d = c->h[3];
    e = c->h[4];
    f = c->h[5];
    g = c->h[6];
    h = c->h[7];
    for (i = 0; i < 64; i++) {
        t1 = h + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) +
             k[i] + w[i];
        t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) +
             ((a & b) ^ (a & cc) ^ (b & cc));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = cc;
        cc = b;
        b = a;
        a = t1 + t2;
    }
    c->h[0] += a;
    c->h[1] += b;
    c->h[2] += cc;
    c->h[3] += d;
    c->h[4] += e;
    c->h[5] += f;
    c->h[6] += g;
    c->h[7] += h;
}

#ifdef SHA256_SHANI
/*
 * The x86 SHA extensions (Intel SHA-NI, also in AMD Zen): the same
 * compression four rounds at a time, about ten times faster than block().
 * Used when the processor has them (see blocks()); a bundle's files are
 * hashed twice over on every 'archive verify'.
 */
__attribute__((target("sha,sse4.1,ssse3"))) static void
blocks_shani(uint32_t state[8], const unsigned char *p, size_t n)
{
    const __m128i mask =
        _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i st0, st1, tmp, msg, m[4], abef, cdgh;
    int g;

    tmp = _mm_loadu_si128((const __m128i *)&state[0]);
    st1 = _mm_loadu_si128((const __m128i *)&state[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);    /* CDAB */
    st1 = _mm_shuffle_epi32(st1, 0x1B);    /* EFGH */
    st0 = _mm_alignr_epi8(tmp, st1, 8);    /* ABEF */
    st1 = _mm_blend_epi16(st1, tmp, 0xF0); /* CDGH */
    for (; n; n--, p += 64) {
        abef = st0;
        cdgh = st1;
#pragma GCC unroll 16
        for (g = 0; g < 16; g++) {
            __m128i *cur = &m[g & 3];
            if (g < 4)
                *cur = _mm_shuffle_epi8(
                    _mm_loadu_si128((const __m128i *)(p + 16 * g)), mask);
            msg = _mm_add_epi32(*cur,
                                _mm_loadu_si128((const __m128i *)&k[4 * g]));
            st1 = _mm_sha256rnds2_epu32(st1, st0, msg);
            if (g >= 3 && g <= 14) {
                /* The words of the next group: W[t-7] and sigma1. */
                __m128i *next = &m[(g + 1) & 3];
                tmp = _mm_alignr_epi8(*cur, m[(g + 3) & 3], 4);
                *next = _mm_add_epi32(*next, tmp);
                *next = _mm_sha256msg2_epu32(*next, *cur);
            }
            msg = _mm_shuffle_epi32(msg, 0x0E);
            st0 = _mm_sha256rnds2_epu32(st0, st1, msg);
            if (g >= 1 && g <= 12) {
                /* sigma0 of the group before, for the group after next. */
                __m128i *prev = &m[(g + 3) & 3];
                *prev = _mm_sha256msg1_epu32(*prev, *cur);
            }
        }
        st0 = _mm_add_epi32(st0, abef);
        st1 = _mm_add_epi32(st1, cdgh);
    }
    tmp = _mm_shuffle_epi32(st0, 0x1B);    /* FEBA */
    st1 = _mm_shuffle_epi32(st1, 0xB1);    /* DCHG */
    st0 = _mm_blend_epi16(tmp, st1, 0xF0); /* DCBA */
    st1 = _mm_alignr_epi8(st1, tmp, 8);    /* ABEF */
    _mm_storeu_si128((__m128i *)&state[0], st0);
    _mm_storeu_si128((__m128i *)&state[4], st1);
}

/* 1 when the processor has SHA-NI, SSSE3 and SSE4.1. */
static int have_shani(void)
{
    static int known = -1;
    unsigned a, b, c, d;

    if (known < 0) {
        known = 0;
        if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) &&
            (c & bit_SSE4_1) && __get_cpuid_count(7, 0, &a, &b, &c, &d) &&
            (b & bit_SHA))
            known = 1;
        if (getenv("SEKRETAR_NO_SHANI"))
            known = 0;
    }
    return known;
}
#endif

/* Compress n whole blocks at p. */
static void blocks(struct sha256 *c, const unsigned char *p, size_t n)
{
#ifdef SHA256_SHANI
    if (have_shani()) {
        blocks_shani(c->h, p, n);
        return;
    }
#endif
    for (; n; n--, p += 64)
        block(c, p);
}

void sha256_init(struct sha256 *c)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                   0xa54ff53a, 0x510e527f, 0x9b05688c,
                                   0x1f83d9ab, 0x5be0cd19};
    memcpy(c->h, iv, sizeof(iv));
    c->len = 0;
    c->nbuf = 0;
}

void sha256_update(struct sha256 *c, const void *data, size_t len)
{
    const unsigned char *p = data;

    c->len += len;
    if (c->nbuf) {
        size_t n = 64 - c->nbuf < len ? 64 - c->nbuf : len;
        memcpy(c->buf + c->nbuf, p, n);
        c->nbuf += n;
        p += n;
        len -= n;
        if (c->nbuf == 64) {
            blocks(c, c->buf, 1);
            c->nbuf = 0;
        }
    }
    if (len >= 64) {
        blocks(c, p, len / 64);
        p += len / 64 * 64;
        len %= 64;
    }
    if (len) {
        memcpy(c->buf, p, len);
        c->nbuf = len;
    }
}

void sha256_final(struct sha256 *c, unsigned char out[32])
{
    uint64_t bits = c->len * 8;
    unsigned char pad[72];
    size_t n = (c->nbuf < 56 ? 56 : 120) - c->nbuf;
    int i;

    memset(pad, 0, sizeof(pad));
    pad[0] = 0x80;
    for (i = 0; i < 8; i++)
        pad[n + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
    sha256_update(c, pad, n + 8);
    for (i = 0; i < 8; i++) {
        out[4 * i] = (unsigned char)(c->h[i] >> 24);
        out[4 * i + 1] = (unsigned char)(c->h[i] >> 16);
        out[4 * i + 2] = (unsigned char)(c->h[i] >> 8);
        out[4 * i + 3] = (unsigned char)c->h[i];
    }
}

void sha256_to_hex(const unsigned char digest[32], char out[65])
{
    static const char hex[] = "0123456789abcdef";
    int i;

    for (i = 0; i < 32; i++) {
        out[2 * i] = hex[digest[i] >> 4];
        out[2 * i + 1] = hex[digest[i] & 15];
    }
    out[64] = '\0';
}

void sha256_hex(const void *data, size_t len, char out[65])
{
    struct sha256 c;
    unsigned char d[32];

    sha256_init(&c);
    sha256_update(&c, data, len);
    sha256_final(&c, d);
    sha256_to_hex(d, out);
}
