/* render/image: the images a template names (a diploma's background),
 * read whole and checked when the template is read: a PNG decoded through
 * libpng (the only includer of png.h), a JPEG walked marker by marker.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_IMAGE_H
#define RENDER_IMAGE_H

#include <stddef.h>

struct strbuf;

/* The most pixels an image may have: A4 at 400 dpi is 3307 x 4677. */
#define IMAGE_MAX_PIXELS 25000000u
/* The largest image file read. */
#define IMAGE_MAX_BYTES (64u << 20)

enum image_kind { IMAGE_PNG, IMAGE_JPEG };

/*
 * An image ready for a page.  A PNG is decoded: 8-bit samples, grey or
 * RGB, row by row from the top, whatever the file's depth, palette,
 * interlacing or gamma; its transparent parts are laid on white (the
 * paper).  A JPEG is kept as the file is (a PDF shows it as it is).
 */
struct image {
    enum image_kind kind;
    char *path; /* as read (image_read), or NULL */
    unsigned width, height;
    int components;      /* 1 grey, 3 RGB, 4 CMYK (a JPEG's only) */
    unsigned char *data; /* the pixels (PNG) or the file (JPEG) */
    size_t len;
};

/* What is wrong with an image file. */
enum image_problem {
    IMAGE_OK,
    IMAGE_MISSING,    /* no such file */
    IMAGE_UNREADABLE, /* not a regular file, too large, cannot be read */
    IMAGE_BAD         /* not PNG or JPEG, damaged, or one a PDF cannot show */
};

/*
 * Read the file at path (a regular file of at most IMAGE_MAX_BYTES,
 * opened without waiting: a named pipe is refused unopened) and check it
 * as image_decode() does.  On a problem, img is empty and why gets the
 * reason as the end of a sentence about the file, translated ("is a
 * damaged PNG file (libpng: IDAT: CRC error)").
 */
enum image_problem image_read(const char *path, struct image *img,
                              struct strbuf *why);
/*
 * Check and decode the len bytes of an image file: a PNG libpng reads to
 * its end, or a JPEG whose segments are whole, with a baseline, extended
 * or progressive frame of 8-bit samples in 1, 3 or 4 components, a scan
 * and an end; at most IMAGE_MAX_PIXELS either way.  IMAGE_OK or
 * IMAGE_BAD with why as image_read() says.
 */
enum image_problem image_decode(const void *buf, size_t len, struct image *img,
                                struct strbuf *why);
void image_release(struct image *img);

#endif
