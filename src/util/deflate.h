/* util/deflate: zlib streams (RFC 1950), as PDF's FlateDecode holds them.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_DEFLATE_H
#define UTIL_DEFLATE_H

#include <stddef.h>

struct strbuf;

/* Compression levels: the best one a small stream (a font, a map) can
   afford, and the one for the pages' content, nearly as small at a
   seventh of the time. */
#define DEFLATE_BEST 9
#define DEFLATE_CONTENT 6

/* Append the zlib stream of len bytes of data at level (1-12) to out (the
   same bytes for the same input). */
void deflate_append(struct strbuf *out, const void *data, size_t len,
                    int level);

/* Append what the zlib stream of len bytes inflates to, at most max bytes.
   Returns 0, or -1 when it is not a whole zlib stream or is longer than max
   (out then holds what came before the data). */
int inflate_append(struct strbuf *out, const void *data, size_t len,
                   size_t max);

#endif
