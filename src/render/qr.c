/* render/qr: QR codes through libqrencode.
 * SPDX-License-Identifier: MIT
 */
#include "render/qr.h"

#include <stdlib.h>
#include <string.h>

#include <qrencode.h>

#include "util/xalloc.h"
#include "util/banned.h"

enum err qr_encode(const char *text, struct qr *out, struct diag_list *dl)
{
    QRcode *c;
    size_t n, i;

    memset(out, 0, sizeof(*out));
    c = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!c) {
        diag_error(dl, NULL, 0, 0, "cannot make the QR code of '%s'", text);
        return ERR_INTERNAL;
    }
    n = (size_t)c->width * (size_t)c->width;
    out->width = c->width;
    out->modules = xmalloc(n ? n : 1);
    for (i = 0; i < n; i++)
        out->modules[i] = c->data[i] & 1;
    QRcode_free(c);
    return ERR_OK;
}

void qr_release(struct qr *q)
{
    free(q->modules);
    memset(q, 0, sizeof(*q));
}
