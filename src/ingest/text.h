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
 * dropped), else Windows-1251.  A NUL byte (binary data), or bytes that
 * are not UTF-8 when enc is ENC_UTF8, are reported to dl with their line
 * and column; kind names the expected file in the message ("CSV",
 * "event.ini").  Returns 0, or -1 after such a report.  *used receives
 * the encoding read.
 */
int text_decode(const char *data, size_t len, const char *name,
                const char *kind, enum encoding enc, struct strbuf *out,
                enum encoding *used, struct diag_list *dl);

#endif
