/* render/pdffix: repair what libharu 2.3.0 writes wrong in a finished PDF.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_PDFFIX_H
#define RENDER_PDFFIX_H

#include <stddef.h>

struct strbuf;

/*
 * libharu 2.3.0 gives every UTF-8 font a /ToUnicode stream that is the
 * encoding CMap (begincidrange), not a Unicode map, so viewers cannot copy
 * or search the text reliably.  Its content streams show text as UTF-16BE
 * codes, so the right map is the identity: pdffix_tounicode() writes pdf
 * (n bytes) to out with every ToUnicode stream replaced by an identity
 * bfrange map for the high bytes set in used[] (bit h of used[h / 32]: a
 * code 0xHH.. was shown), and the cross-reference table rebuilt.  Returns
 * 0, or -1 when the file does not look as libharu writes it (out is then
 * left empty and the caller keeps the original).
 */
int pdffix_tounicode(const char *pdf, size_t n, const unsigned used[8],
                     struct strbuf *out);

#endif
