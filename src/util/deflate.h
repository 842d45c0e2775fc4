/* util/deflate: zlib streams (RFC 1950), as PDF's FlateDecode holds them.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_DEFLATE_H
#define UTIL_DEFLATE_H

#include <stddef.h>

struct strbuf;

/* Append the zlib stream of len bytes of data to out (the best
   compression; the same bytes for the same input). */
void deflate_append(struct strbuf *out, const void *data, size_t len);

/* Append what the zlib stream of len bytes inflates to, at most max bytes.
   Returns 0, or -1 when it is not a whole zlib stream or is longer than max
   (out then holds what came before the data). */
int inflate_append(struct strbuf *out, const void *data, size_t len,
                   size_t max);

#endif
