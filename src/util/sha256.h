/* util/sha256: SHA-256 (FIPS 180-4) for bundle manifests and the archive.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_SHA256_H
#define UTIL_SHA256_H

#include <stddef.h>

/* A digest being made: init, update..., final (which frees it). */
struct sha256 {
    void *ctx;
};

void sha256_init(struct sha256 *c);
void sha256_update(struct sha256 *c, const void *data, size_t len);
/* Finish and write the 32-byte digest. */
void sha256_final(struct sha256 *c, unsigned char out[32]);
/* Digest of a buffer as 64 lower-case hex digits plus NUL. */
void sha256_hex(const void *data, size_t len, char out[65]);
/* Digest already computed, as hex. */
void sha256_to_hex(const unsigned char digest[32], char out[65]);

#endif
