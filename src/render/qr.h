/* render/qr: QR codes (ISO/IEC 18004) through libqrencode.  The only
 * file that includes qrencode.h.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_QR_H
#define RENDER_QR_H

#include <stddef.h>

/* A QR code: width x width modules, row by row, 1 dark, 0 light. */
struct qr {
    int width;
    unsigned char *modules;
};

/*
 * Encode text (8-bit bytes, error correction level M, the smallest
 * version that holds it) into out.  Returns 0, or -1 when libqrencode
 * cannot (out of memory, a text too long for any version).
 */
int qr_encode(const char *text, struct qr *out);
void qr_release(struct qr *q);

#endif
