/* render/fontsubset: a TrueType font cut down to the characters a document
 * shows, through HarfBuzz's subsetter.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_FONTSUBSET_H
#define RENDER_FONTSUBSET_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/*
 * Write to out (appended) the font of len bytes at ttf with the glyphs of
 * the n code points cps[] only (and what they are built of), glyphs
 * renumbered from 1 (0 is .notdef), without hinting instructions or glyph
 * names.  gids[i] gets the new glyph of cps[i], 0 when the font has none.
 * Returns 0, or -1 when the font cannot be read or cut (out unchanged).
 */
int font_subset(const void *ttf, size_t len, const uint32_t *cps, size_t n,
                struct strbuf *out, unsigned *gids);

#endif
