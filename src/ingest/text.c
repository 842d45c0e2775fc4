/* ingest/text: the bytes of a text input as UTF-8.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/text.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

/* Line and column (in characters) of byte offset off. */
static void locate(const char *data, size_t off, unsigned *line, unsigned *col)
{
    size_t k, ls = 0;

    *line = 1;
    for (k = 0; k < off; k++)
        if (data[k] == '\n') {
            (*line)++;
            ls = k + 1;
        }
    *col = (unsigned)(utf8_nlen(data + ls, off - ls) + 1);
}

int text_decode(const char *data, size_t len, const char *name,
                const char *kind, enum encoding enc, struct strbuf *out,
                enum encoding *used, struct diag_list *dl)
{
    const char *nul = memchr(data, '\0', len);
    unsigned line, col;
    size_t bad;

    if (enc == ENC_AUTO && len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))
        enc = ENC_UTF8;
    if (nul) {
        locate(data, (size_t)(nul - data), &line, &col);
        diag_error(dl, name, line, col,
                   "binary data (a NUL byte); this is not a %s text file",
                   kind);
        return -1;
    }
    if (enc == ENC_UTF8 && !utf8_valid(data, len, &bad)) {
        locate(data, bad, &line, &col);
        diag_error(dl, name, line, col,
                   "invalid UTF-8 byte 0x%02X (is the file in another "
                   "encoding? try --encoding windows-1251)",
                   (unsigned char)data[bad]);
        return -1;
    }
    if (enc == ENC_AUTO)
        enc = utf8_valid(data, len, NULL) ? ENC_UTF8 : ENC_CP1251;
    encoding_to_utf8(out, data, len, enc);
    if (used)
        *used = enc;
    return 0;
}
