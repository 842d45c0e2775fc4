/* util/sha256: SHA-256 through OpenSSL's libcrypto (the only file that
 * includes its headers), loaded on first use; EVP's digest uses the
 * processor's SHA extensions where there are any.  Without libcrypto the
 * same digests come from the plain C code below (FIPS 180-4), slower.
 * SPDX-License-Identifier: MIT
 */
#include "util/sha256.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "util/dynlib.h"
#include "util/i18n.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The functions of libcrypto this file calls. */
#define CRYPTO_FUNCTIONS(X, t)                                                \
    X(t, EVP_Digest) X(t, EVP_DigestFinal_ex) X(t, EVP_DigestInit_ex)         \
    X(t, EVP_DigestUpdate) X(t, EVP_MD_CTX_free) X(t, EVP_MD_CTX_new)         \
    X(t, EVP_sha256)

DYNLIB_DEFINE(crypto, CRYPTO_FUNCTIONS, SEKRETAR_SONAME_CRYPTO,
              N_("libcrypto, for SHA-256"),
              SEKRETAR_PACKAGE_CRYPTO);

#define EVP_MD_CTX_new (*crypto_fn.EVP_MD_CTX_new)
#define EVP_MD_CTX_free (*crypto_fn.EVP_MD_CTX_free)
#define EVP_sha256 (*crypto_fn.EVP_sha256)
#define EVP_DigestInit_ex (*crypto_fn.EVP_DigestInit_ex)
#define EVP_DigestUpdate (*crypto_fn.EVP_DigestUpdate)
#define EVP_DigestFinal_ex (*crypto_fn.EVP_DigestFinal_ex)
#define EVP_Digest (*crypto_fn.EVP_Digest)

/* ------------------------------------------------------ the plain code */

/* A digest being made without libcrypto. */
struct plain {
    uint32_t h[8];
    unsigned char block[64];
    size_t used;     /* bytes in block */
    uint64_t total;  /* bytes hashed */
};

static const uint32_t K[64] = {
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
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROR(x, n) ((x) >> (n) | (x) << (32 - (n)))

static void plain_block(struct plain *s, const unsigned char *p)
{
    uint32_t w[64], v[8], t1, t2;
    int i;

    for (i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (i = 16; i < 64; i++)
        w[i] = w[i - 16] +
               (ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ w[i - 15] >> 3) +
               w[i - 7] +
               (ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ w[i - 2] >> 10);
    memcpy(v, s->h, sizeof(v));
    for (i = 0; i < 64; i++) {
        t1 = v[7] + (ROR(v[4], 6) ^ ROR(v[4], 11) ^ ROR(v[4], 25)) +
             ((v[4] & v[5]) ^ (~v[4] & v[6])) + K[i] + w[i];
        t2 = (ROR(v[0], 2) ^ ROR(v[0], 13) ^ ROR(v[0], 22)) +
             ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        memmove(v + 1, v, 7 * sizeof(v[0]));
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (i = 0; i < 8; i++)
        s->h[i] += v[i];
}

static void plain_init(struct plain *s)
{
    static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                   0xa54ff53a, 0x510e527f, 0x9b05688c,
                                   0x1f83d9ab, 0x5be0cd19};

    memcpy(s->h, h0, sizeof(h0));
    s->used = 0;
    s->total = 0;
}

static void plain_update(struct plain *s, const unsigned char *p, size_t len)
{
    s->total += len;
    while (len) {
        size_t k = 64 - s->used < len ? 64 - s->used : len;
        if (!s->used && len >= 64) {
            plain_block(s, p);
            k = 64;
        } else {
            memcpy(s->block + s->used, p, k);
            s->used += k;
            if (s->used == 64) {
                plain_block(s, s->block);
                s->used = 0;
            }
        }
        p += k;
        len -= k;
    }
}

static void plain_final(struct plain *s, unsigned char out[32])
{
    uint64_t bits = s->total * 8;
    unsigned char pad[72] = {0x80};
    size_t n = (s->used < 56 ? 56 : 120) - s->used;
    int i;

    for (i = 0; i < 8; i++)
        pad[n + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
    plain_update(s, pad, n + 8);
    for (i = 0; i < 8; i++) {
        out[4 * i] = (unsigned char)(s->h[i] >> 24);
        out[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
        out[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
        out[4 * i + 3] = (unsigned char)s->h[i];
    }
}


/* ------------------------------------------------------------- public */

/* An allocation failure inside libcrypto: as xmalloc's, fatal. */
static void fail(void)
{
    abort();
}

/* 1 when libcrypto is there (loaded on the first call). */
static int have_crypto(void)
{
    return !dynlib_load(&crypto_lib, NULL);
}

void sha256_init_plain(struct sha256 *c)
{
    struct plain *s = xmalloc(sizeof(*s));

    plain_init(s);
    c->ctx = s;
    c->plain = 1;
}

void sha256_init(struct sha256 *c)
{
    EVP_MD_CTX *ctx;

    if (!have_crypto()) {
        sha256_init_plain(c);
        return;
    }
    c->plain = 0;
    ctx = EVP_MD_CTX_new();
    if (!ctx || EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1)
        fail();
    c->ctx = ctx;
}

void sha256_update(struct sha256 *c, const void *data, size_t len)
{
    if (c->plain)
        plain_update(c->ctx, data, len);
    else if (len && EVP_DigestUpdate(c->ctx, data, len) != 1)
        fail();
}

void sha256_final(struct sha256 *c, unsigned char out[32])
{
    unsigned int n = 32;

    if (c->plain) {
        plain_final(c->ctx, out);
        free(c->ctx);
    } else {
        if (EVP_DigestFinal_ex(c->ctx, out, &n) != 1 || n != 32)
            fail();
        EVP_MD_CTX_free(c->ctx);
    }
    c->ctx = NULL;
}

void sha256_hex(const void *data, size_t len, char out[65])
{
    unsigned char d[32];
    unsigned int n = 32;

    if (!have_crypto()) {
        struct plain s;
        plain_init(&s);
        plain_update(&s, data, len);
        plain_final(&s, d);
    } else if (EVP_Digest(data, len, d, &n, EVP_sha256(), NULL) != 1 ||
               n != 32) {
        fail();
    }
    sha256_to_hex(d, out);
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
