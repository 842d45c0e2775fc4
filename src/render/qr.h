/* render/qr: QR codes (ISO/IEC 18004) through libqrencode.  The only
 * file that includes qrencode.h.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_QR_H
#define RENDER_QR_H

#include <stddef.h>

#include "util/diag.h"

/* A QR code: width x width modules, row by row, 1 dark, 0 light. */
struct qr {
    int width;
    unsigned char *modules;
};

/*
 * Encode text (8-bit bytes, error correction level M, the smallest
 * version that holds it) into out.  Returns ERR_OK, or ERR_INTERNAL
 * with its message in dl when libqrencode cannot encode it (out of
 * memory, a text too long for any version).
 */
enum err qr_encode(const char *text, struct qr *out, struct diag_list *dl);
void qr_release(struct qr *q);

#endif
