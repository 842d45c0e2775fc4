/* render/image: the images a template names, read whole and checked
 * before a page is drawn.  The only file that includes png.h: libpng's
 * simplified API, which reports a damaged file as a message instead of
 * the longjmp (or, in libharu's hands, the abort) of its older one.
 * SPDX-License-Identifier: MIT
 */
#include "render/image.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const unsigned char png_magic[8] = {0x89, 'P',  'N',  'G',
                                           '\r', '\n', 0x1a, '\n'};

static unsigned get16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static unsigned long get32(const unsigned char *p)
{
    return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
           (unsigned long)p[2] << 8 | p[3];
}

/* IMAGE_BAD after why says that w x h is too many pixels. */
static enum image_problem too_many(unsigned long w, unsigned long h,
                                   struct strbuf *why)
{
    strbuf_addf(why,
                _("has %lu x %lu pixels; an image may have at most %u "
                  "(A4 at 400 dpi has 3307 x 4677)"),
                w, h, IMAGE_MAX_PIXELS);
    return IMAGE_BAD;
}

static int too_large(unsigned long w, unsigned long h)
{
    return (unsigned long long)w * h > IMAGE_MAX_PIXELS;
}

/* ------------------------------------------------------------------ PNG */

static enum image_problem png_bad(png_image *pi, struct strbuf *why)
{
    strbuf_addf(why, _("is a damaged PNG file (libpng: %s)"),
                *pi->message ? pi->message : "?");
    png_image_free(pi);
    return IMAGE_BAD;
}

static enum image_problem decode_png(const unsigned char *b, size_t len,
                                     struct image *img, struct strbuf *why)
{
    png_image pi;
    png_color white = {255, 255, 255};
    size_t stride, size;

    /* The size first, from the header, before libpng allocates anything:
       a small file may claim 30,000 x 30,000 pixels. */
    if (len >= 24 && !memcmp(b + 12, "IHDR", 4) &&
        too_large(get32(b + 16), get32(b + 20)))
        return too_many(get32(b + 16), get32(b + 20), why);
    memset(&pi, 0, sizeof(pi));
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&pi, b, len))
        return png_bad(&pi, why);
    if (too_large(pi.width, pi.height)) {
        png_image_free(&pi);
        return too_many(pi.width, pi.height, why);
    }
    /* 8-bit grey or RGB: what a PDF takes without a mask; transparency is
       laid on the white of the paper.  A 16-bit file without gamma is
       read as viewers show it (sRGB), not as linear light. */
    pi.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    pi.format =
        pi.format & PNG_FORMAT_FLAG_COLOR ? PNG_FORMAT_RGB : PNG_FORMAT_GRAY;
    stride = PNG_IMAGE_ROW_STRIDE(pi);
    size = PNG_IMAGE_BUFFER_SIZE(pi, stride);
    img->data = malloc(size ? size : 1);
    if (!img->data) {
        png_image_free(&pi);
        strbuf_addf(why, _("is too large to decode: %s"), strerror(ENOMEM));
        return IMAGE_BAD;
    }
    if (!png_image_finish_read(&pi, &white, img->data, 0, NULL)) {
        free(img->data);
        img->data = NULL;
        return png_bad(&pi, why);
    }
    img->kind = IMAGE_PNG;
    img->width = pi.width;
    img->height = pi.height;
    img->components = pi.format == PNG_FORMAT_RGB ? 3 : 1;
    img->len = size;
    png_image_free(&pi);
    return IMAGE_OK;
}

/* ----------------------------------------------------------------- JPEG */

static enum image_problem jpeg_bad(struct strbuf *why, const char *what)
{
    strbuf_addf(why, _("is a damaged JPEG file (%s)"), _(what));
    return IMAGE_BAD;
}

/*
 * Walk the segments of a JPEG file to its frame header and first scan,
 * the way libharu reads them (a marker and a length each, no fill bytes),
 * and check that the file goes on to an end marker: libharu copies the
 * file into the PDF as it is, so what it cannot read or a PDF cannot show
 * is refused here.
 */
static enum image_problem check_jpeg(const unsigned char *b, size_t len,
                                     struct image *img, struct strbuf *why)
{
    size_t i = 2, k;
    unsigned w = 0, h = 0;
    int comps = 0, frame = 0;

    for (;;) {
        unsigned m, seg;
        if (i + 4 > len)
            return jpeg_bad(why, N_("it ends before its first scan"));
        if (b[i] != 0xff)
            return jpeg_bad(why, N_("a marker is missing between its "
                                    "segments"));
        m = b[i + 1];
        if (m == 0xff || m == 0x00 || m == 0x01 || (m >= 0xd0 && m <= 0xd9))
            return jpeg_bad(why, N_("a marker out of place before its "
                                    "first scan"));
        seg = get16(b + i + 2);
        /* libharu would seek back by a length under 2, and loop. */
        if (seg < 2)
            return jpeg_bad(why, N_("a segment with a length under 2"));
        if (seg > len - i - 2)
            return jpeg_bad(why, N_("a segment runs past the end of the "
                                    "file"));
        if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) {
            const unsigned char *f = b + i + 4;
            if (frame)
                return jpeg_bad(why, N_("two frame headers"));
            if (m != 0xc0 && m != 0xc1 && m != 0xc2) {
                strbuf_addf(why, _("is a JPEG file a PDF cannot show (%s)"),
                            m == 0xc3 || m == 0xcb || m == 0xc7 || m == 0xcf
                                ? _("lossless")
                            : m >= 0xc9 ? _("arithmetic coding")
                                        : _("hierarchical"));
                return IMAGE_BAD;
            }
            if (seg < 8 || seg != 8 + 3u * f[5])
                return jpeg_bad(why, N_("a frame header of a bad length"));
            if (f[0] != 8) {
                strbuf_addf(why, _("is a JPEG file a PDF cannot show (%s)"),
                            _("samples of other than 8 bits"));
                return IMAGE_BAD;
            }
            h = get16(f + 1);
            w = get16(f + 3);
            comps = f[5];
            if (comps != 1 && comps != 3 && comps != 4) {
                strbuf_addf(why, _("is a JPEG file a PDF cannot show (%s)"),
                            _("colour components other than 1, 3 or 4"));
                return IMAGE_BAD;
            }
            if (!w || !h)
                return jpeg_bad(why, N_("no width or height in its frame "
                                        "header"));
            if (too_large(w, h))
                return too_many(w, h, why);
            frame = 1;
        }
        if (m == 0xda) {
            if (!frame)
                return jpeg_bad(why, N_("a scan before its frame header"));
            i += 2 + seg;
            break;
        }
        i += 2 + seg;
    }
    /* A cut file has no end marker after its scans. */
    for (k = len; k >= i + 2; k--)
        if (b[k - 2] == 0xff && b[k - 1] == 0xd9)
            break;
    if (k < i + 2)
        return jpeg_bad(why, N_("it ends before its end marker"));
    img->kind = IMAGE_JPEG;
    img->width = w;
    img->height = h;
    img->components = comps;
    img->data = xmalloc(len);
    memcpy(img->data, b, len);
    img->len = len;
    return IMAGE_OK;
}

/* --------------------------------------------------------------- public */

enum image_problem image_decode(const void *buf, size_t len, struct image *img,
                                struct strbuf *why)
{
    const unsigned char *b = buf;

    memset(img, 0, sizeof(*img));
    if (!len) {
        strbuf_addstr(why, _("is empty, not a PNG or JPEG file"));
        return IMAGE_BAD;
    }
    if (len >= sizeof(png_magic) && !memcmp(b, png_magic, sizeof(png_magic)))
        return decode_png(b, len, img, why);
    if (len >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff)
        return check_jpeg(b, len, img, why);
    strbuf_addstr(why, _("is not a PNG or JPEG file"));
    return IMAGE_BAD;
}

enum image_problem image_read(const char *path, struct image *img,
                              struct strbuf *why)
{
    struct strbuf sb = STRBUF_INIT;
    struct stat st;
    enum image_problem r;
    /* Opened without waiting: a named pipe is refused, not read. */
    int fd = open(path, O_RDONLY | O_NONBLOCK);

    memset(img, 0, sizeof(*img));
    if (fd < 0) {
        if (errno == ENOENT)
            return IMAGE_MISSING;
        strbuf_addf(why, _("cannot be opened: %s"), strerror(errno));
        return IMAGE_UNREADABLE;
    }
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        const char *p = file_not_regular(path);
        close(fd);
        strbuf_addstr(why, _(p ? p : "is not a regular file"));
        return IMAGE_UNREADABLE;
    }
    if ((unsigned long long)st.st_size > IMAGE_MAX_BYTES) {
        close(fd);
        strbuf_addf(why, _("has %lld bytes; an image may have at most %u"),
                    (long long)st.st_size, IMAGE_MAX_BYTES);
        return IMAGE_UNREADABLE;
    }
    strbuf_grow(&sb, (size_t)st.st_size + 1);
    for (;;) {
        ssize_t n;
        if (sb.len >= IMAGE_MAX_BYTES)
            break;
        if (sb.alloc - sb.len < 2)
            strbuf_grow(&sb, 65536);
        n = read(fd, sb.buf + sb.len, sb.alloc - sb.len - 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            strbuf_addf(why, _("cannot be read: %s"), strerror(errno));
            close(fd);
            strbuf_release(&sb);
            return IMAGE_UNREADABLE;
        }
        if (!n)
            break;
        sb.len += (size_t)n;
        sb.buf[sb.len] = '\0';
    }
    close(fd);
    r = image_decode(sb.buf, sb.len, img, why);
    strbuf_release(&sb);
    if (!r)
        img->path = xstrdup(path);
    return r;
}

void image_release(struct image *img)
{
    free(img->path);
    free(img->data);
    memset(img, 0, sizeof(*img));
}
