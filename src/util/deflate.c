/* util/deflate: zlib streams through zlib (the only file that includes its
 * header).
 * SPDX-License-Identifier: MIT
 */
#include "util/deflate.h"

#include <stdlib.h>

#include <zlib.h>

#include "util/strbuf.h"
#include "util/banned.h"

void deflate_append(struct strbuf *out, const void *data, size_t len)
{
    uLong bound = compressBound((uLong)len);
    uLongf n = bound;

    strbuf_grow(out, (size_t)bound);
    if (compress2((Bytef *)out->buf + out->len, &n, (const Bytef *)data,
                  (uLong)len, Z_BEST_COMPRESSION) != Z_OK)
        abort(); /* only out of memory: as xmalloc, fatal */
    strbuf_setlen(out, out->len + (size_t)n);
}

int inflate_append(struct strbuf *out, const void *data, size_t len,
                   size_t max)
{
    z_stream z = {0};
    size_t start = out->len;
    int r;

    if (inflateInit(&z) != Z_OK)
        abort();
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    do {
        strbuf_grow(out, 64 * 1024);
        z.next_out = (Bytef *)out->buf + out->len;
        z.avail_out = (uInt)(out->alloc - out->len - 1);
        r = inflate(&z, Z_NO_FLUSH);
        strbuf_setlen(out, (size_t)((char *)z.next_out - out->buf));
        if (out->len - start > max)
            r = Z_DATA_ERROR;
    } while (r == Z_OK);
    inflateEnd(&z);
    if (r != Z_STREAM_END) {
        strbuf_setlen(out, start);
        return -1;
    }
    return 0;
}
