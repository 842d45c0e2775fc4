/* render/board: a chess position as SVG for the site's game pages, the
 * pieces drawn by our own shapes (no font, nothing from elsewhere).
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_BOARD_H
#define RENDER_BOARD_H

#include "core/chess.h"

struct strbuf;

/*
 * Append the shapes the boards of one HTML page use, as a hidden <svg>
 * to put once before them: the squares (id "bd"), their files and ranks
 * to draw over a board ("co"),
 * a light and a dark square ("sl", "sd") and the twelve pieces ("wk",
 * "wq", ..., "bp"), in a square of side 1.
 */
void board_defs(struct strbuf *out);

/* Append the position p as the contents of an <svg viewBox="0 0 8 8">:
   the squares and every piece, white at the bottom. */
void board_full(struct strbuf *out, const struct chess_pos *p);

/*
 * Append the position after as what changed from before, drawn over the
 * group whose id is prev (the contents board_full() or board_diff()
 * wrote of before, inside <g id="PREV">): each square whose piece
 * changed is covered and its new piece drawn.
 */
void board_diff(struct strbuf *out, const char *prev,
                const struct chess_pos *before, const struct chess_pos *after);

/* Append the marks of move m (its squares), drawn over a board. */
void board_mark(struct strbuf *out, const struct chess_move *m);

#endif
