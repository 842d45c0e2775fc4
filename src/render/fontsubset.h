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
 * renumbered from 1 (0 is .notdef), without hinting instructions, glyph
 * names, 'cmap' or 'post', and with four names (a font program for a
 * PDF's CIDFontType2, which does without the rest).  gids[i] gets the new
 * glyph of cps[i], 0 when the font has none.  Returns 0, or -1 when the
 * font cannot be read or cut (out unchanged).
 */
int font_subset(const void *ttf, size_t len, const uint32_t *cps, size_t n,
                struct strbuf *out, unsigned *gids);

/*
 * Append to out the font of len bytes at ttf cut to the characters a
 * document of Sekretar may show: Latin (with every European extension,
 * Vietnamese included), Greek, Cyrillic, punctuation, currency, letter-
 * like and number forms, arrows, mathematical operators and geometric
 * shapes; without hinting or glyph names.  libharu, which looks a
 * character up by walking the font's character map, then has far fewer
 * ranges to walk.  Returns 0, or -1 (out unchanged).
 */
int font_cut_repertoire(const void *ttf, size_t len, struct strbuf *out);

#endif
