/* ingest/text: the bytes of a text input as UTF-8, with the checks every
 * text reader makes first.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_TEXT_H
#define INGEST_TEXT_H

#include <stddef.h>

#include "util/diag.h"
#include "util/utf8.h"

struct strbuf;

/*
 * Append data converted to UTF-8 to out.  The encoding is enc, or when
 * ENC_AUTO: UTF-8 when the bytes are valid UTF-8 (a byte-order mark is
 * dropped), else fallback (ENC_AUTO: encoding_detect's guess).  Reported
 * to dl with their line and column, returning -1: a NUL byte (binary
 * data); bytes that are not UTF-8 when enc is ENC_UTF8; and with ENC_AUTO
 * every such byte of a file that is UTF-8 but for a few (more valid
 * multi-byte characters than bad bytes), which is not guessed to be in
 * another encoding.  A byte-order mark later in the text is dropped with
 * a warning at the start of a line, an error inside one.  kind names the
 * expected file in the messages ("TRF", "CSV", "INI").  Returns 0, or -1
 * after an error.  *used receives the encoding read.
 */
int text_decode(const char *data, size_t len, const char *name,
                const char *kind, enum encoding enc, enum encoding fallback,
                struct strbuf *out, enum encoding *used, struct diag_list *dl);

/*
 * As text_decode(), the text being *view (*vlen bytes): out's, or for
 * UTF-8 that needs no change (a leading byte-order mark left out) data
 * itself, nothing copied and out left as it was.
 */
int text_decode_view(const char *data, size_t len, const char *name,
                     const char *kind, enum encoding enc,
                     enum encoding fallback, struct strbuf *out,
                     const char **view, size_t *vlen, enum encoding *used,
                     struct diag_list *dl);

/*
 * The byte of data where physical line ln (from 1) begins, line ends
 * being LF, CRLF or CR as the readers count them; len when the text has
 * fewer lines.
 */
size_t text_line_start(const char *data, size_t len, unsigned ln);

#endif
