/* render/board: a chess position as SVG (board.h).
 * SPDX-License-Identifier: MIT
 */
#include "render/board.h"

#include "util/strbuf.h"
#include "util/banned.h"

/* The shapes of the pieces in a square of side 100, y down: pawn,
   knight, bishop, rook, queen, king (chess_piece's order from 1). */
static const char *const shapes[] = {
    NULL,
    /* pawn: a head, a body, a base */
    "M50 16a13 13 0 1 0 .1 0zM41 42h18l10 34H31zM24 77h52v10H24z",
    /* knight: a horse's head looking left */
    "M30 87h48c2-26-2-50-20-66l-4-9-6 8c-12 4-22 16-28 30l6 8 12-4 8-6"
    "c0 12-8 22-16 30z",
    /* bishop: a ball, a mitre, a collar, a base */
    "M50 9a6 6 0 1 0 .1 0zM50 19c-14 12-18 26-12 38h24c6-12 2-26-12-38z"
    "M36 60h28v7H36zM24 87c0-10 14-14 26-14s26 4 26 14z",
    /* rook: battlements, a tower, a base */
    "M26 16h11v8h7v-8h12v8h7v-8h11v18l-8 6v30l5 6H29l5-6V40l-8-6z"
    "M21 78h58v10H21z",
    /* queen: a crown of five points with balls, a base */
    "M20 32l12 38h36l12-38-15 20-6-28-9 26-9-26-6 28z"
    "M20 25a5 5 0 1 0 .1 0zM35 18a5 5 0 1 0 .1 0zM50 14a5 5 0 1 0 .1 0z"
    "M65 18a5 5 0 1 0 .1 0zM80 25a5 5 0 1 0 .1 0zM30 72h40v6H30z"
    "M24 80h52v8H24z",
    /* king: a cross, a crown, a base */
    "M46 6h8v7h7v8h-7v9h-8v-9h-7v-8h7z"
    "M50 34c-20-12-36 8-20 30l2 6h36l2-6c16-22 0-42-20-30z"
    "M30 72h40v6H30zM24 80h52v8H24z",
};

static const char piece_letters[] = " pnbrqk";

/* The id of the shape of a piece on the board ("wk", "bp"). */
static void piece_id(struct strbuf *out, unsigned char piece)
{
    strbuf_addch(out, piece & CHESS_BLACK_BIT ? 'b' : 'w');
    strbuf_addch(out, piece_letters[piece & 7]);
}

void board_defs(struct strbuf *out)
{
    int f, r, k;

    strbuf_addstr(out, "<svg class=\"defs\" aria-hidden=\"true\" "
                       "width=\"0\" height=\"0\"><defs>\n");
    /* a square of side 1, light and dark */
    strbuf_addstr(out, "<rect id=\"sl\" width=\"1\" height=\"1\" "
                       "fill=\"#f0d9b5\"/><rect id=\"sd\" width=\"1\" "
                       "height=\"1\" fill=\"#b58863\"/>\n");
    /* the board: the light squares and the dark ones (a1 is dark); the
       files and ranks in their corners apart ("co"), to draw over the
       pieces */
    strbuf_addstr(out, "<g id=\"bd\"><rect width=\"8\" height=\"8\" "
                       "fill=\"#f0d9b5\"/><path fill=\"#b58863\" d=\"");
    for (r = 0; r < 8; r++)
        for (f = 0; f < 8; f++)
            if (!((f + r) % 2))
                strbuf_addf(out, "M%d %dh1v1h-1z", f, 7 - r);
    strbuf_addstr(out, "\"/></g>\n<g id=\"co\" font-family=\"Liberation "
                       "Sans, Arial, sans-serif\" font-size=\".2\" "
                       "fill=\"#5a4632\">");
    for (f = 0; f < 8; f++)
        strbuf_addf(out, "<text x=\"%d.82\" y=\"7.95\">%c</text>", f,
                    'a' + f);
    for (r = 0; r < 8; r++)
        strbuf_addf(out, "<text x=\".04\" y=\"%d.2\">%d</text>", 7 - r,
                    r + 1);
    strbuf_addstr(out, "</g>\n");
    /* the pieces: white ones light with a dark outline, black ones dark */
    for (k = 1; k <= 6; k++) {
        strbuf_addf(out, "<path id=\"s%c\" d=\"%s\"/>", piece_letters[k],
                    shapes[k]);
        strbuf_addf(out, "<g id=\"w%c\" transform=\"scale(.01)\" "
                         "fill=\"#fff\" stroke=\"#222\" stroke-width=\"3\" "
                         "stroke-linejoin=\"round\"><use href=\"#s%c\"/>"
                         "</g>",
                    piece_letters[k], piece_letters[k]);
        strbuf_addf(out, "<g id=\"b%c\" transform=\"scale(.01)\" "
                         "fill=\"#222\" stroke=\"#000\" stroke-width=\"3\" "
                         "stroke-linejoin=\"round\"><use href=\"#s%c\"/>"
                         "</g>\n",
                    piece_letters[k], piece_letters[k]);
    }
    strbuf_addstr(out, "</defs></svg>\n");
}

/* The piece of sq drawn at its place. */
static void piece_at(struct strbuf *out, int sq, unsigned char piece)
{
    strbuf_addstr(out, "<use href=\"#");
    piece_id(out, piece);
    strbuf_addf(out, "\" x=\"%d\" y=\"%d\"/>", sq & 7, 7 - (sq >> 4));
}

void board_full(struct strbuf *out, const struct chess_pos *p)
{
    int sq;

    strbuf_addstr(out, "<use href=\"#bd\"/>");
    for (sq = 0; sq < 128; sq++)
        if (!(sq & 0x88) && p->board[sq])
            piece_at(out, sq, p->board[sq]);
}

void board_diff(struct strbuf *out, const char *prev,
                const struct chess_pos *before, const struct chess_pos *after)
{
    int sq;

    strbuf_addf(out, "<use href=\"#%s\"/>", prev);
    for (sq = 0; sq < 128; sq++) {
        if ((sq & 0x88) || before->board[sq] == after->board[sq])
            continue;
        strbuf_addf(out, "<use href=\"#%s\" x=\"%d\" y=\"%d\"/>",
                    ((sq & 7) + (sq >> 4)) % 2 ? "sl" : "sd", sq & 7,
                    7 - (sq >> 4));
        if (after->board[sq])
            piece_at(out, sq, after->board[sq]);
    }
}

void board_mark(struct strbuf *out, const struct chess_move *m)
{
    strbuf_addf(out, "<path class=\"hl\" d=\"M%d %dh1v1h-1zM%d %dh1v1h-1z\"/>",
                m->from & 7, 7 - (m->from >> 4), m->to & 7, 7 - (m->to >> 4));
}
