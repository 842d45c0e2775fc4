/* render/qr: QR codes through libqrencode.
 * SPDX-License-Identifier: MIT
 */
#include "render/qr.h"

#include <stdlib.h>
#include <string.h>

#include <qrencode.h>

#include "util/xalloc.h"
#include "util/banned.h"

int qr_encode(const char *text, struct qr *out)
{
    QRcode *c = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    size_t n, i;

    memset(out, 0, sizeof(*out));
    if (!c)
        return -1;
    n = (size_t)c->width * (size_t)c->width;
    out->width = c->width;
    out->modules = xmalloc(n ? n : 1);
    for (i = 0; i < n; i++)
        out->modules[i] = c->data[i] & 1;
    QRcode_free(c);
    return 0;
}

void qr_release(struct qr *q)
{
    free(q->modules);
    memset(q, 0, sizeof(*q));
}
