/* render/pdffix: repair what libharu 2.3.0 writes wrong in a finished PDF.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_PDFFIX_H
#define RENDER_PDFFIX_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* Words of the bitmap of the code points a document shows. */
#define PDFFIX_USED_WORDS (0x10000 / 32)

/* A font of the document and the code points shown in it: bit c of
   used[c / 32] for each code point c (below 0x10000).  name is libharu's
   (the /BaseFont after the subset tag, "LiberationSans-Bold,Bold"). */
struct pdffix_font {
    const char *name;
    const uint32_t *used;
};

/*
 * Write pdf (n bytes, as libharu 2.3.0 writes it) to out with the cross-
 * reference table rebuilt and two things mended:
 *
 * - libharu gives every UTF-8 font a /ToUnicode stream that is the
 *   encoding CMap (begincidrange), not a Unicode map, so viewers cannot
 *   copy or search the text reliably.  Its content streams show text as
 *   UTF-16BE codes, so the right map is the identity: each becomes an
 *   identity bfrange map for the high bytes of the code points used in
 *   any font.
 * - libharu embeds each font with all its glyph names, widths and
 *   hinting, and a width for every character of the font: each font
 *   program is cut to the glyphs of the code points used in it (of the
 *   fonts[] entry of its name; of all when none has it; render/
 *   fontsubset), with a CIDToGIDMap for the new glyph numbers and widths
 *   for those code points only.  A font that cannot be cut stays whole.
 *
 * Returns 0, or -1 when the file does not look as libharu writes it (out
 * is then left empty and the caller keeps the original).
 */
int pdffix(const char *pdf, size_t n, const struct pdffix_font *fonts,
           size_t nfonts, struct strbuf *out);

#endif
