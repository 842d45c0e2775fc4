/* util/sha256: SHA-256 (FIPS 180-4) for bundle manifests and the archive.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_SHA256_H
#define UTIL_SHA256_H

#include <stddef.h>

/*
 * A digest being made: init, update..., final (which frees it).  None of
 * them fails: libcrypto, loaded on first use, makes the digests, or,
 * when it cannot be loaded, plain C code, slower.
 */
struct sha256 {
    void *ctx;
    int plain; /* made without libcrypto */
};

void sha256_init(struct sha256 *c);
void sha256_update(struct sha256 *c, const void *data, size_t len);
/* Finish and write the 32-byte digest. */
void sha256_final(struct sha256 *c, unsigned char out[32]);
/* Digest of a buffer as 64 lower-case hex digits plus NUL. */
void sha256_hex(const void *data, size_t len, char out[65]);
/* As sha256_init(), by the plain C code whether libcrypto is there or
   not (what sha256_init() falls back to; the tests compare the two). */
void sha256_init_plain(struct sha256 *c);
/* Digest already computed, as hex. */
void sha256_to_hex(const unsigned char digest[32], char out[65]);

#endif
