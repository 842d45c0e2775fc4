/* tests/fuzz/fuzz-pgn: libFuzzer target for the PGN reader and the move
 * generator: every game of the input is read, written in export format
 * and read again (a game without errors must come back with the same
 * moves and no error, and written again be the same text, its comments
 * and NAGs with it; no line of its movetext longer than 79 characters);
 * the input's first line is also tried as a FEN, whose position is
 * searched two plies deep and its moves written and read back in SAN.
 * Build and run with 'make fuzz'.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/chess.h"
#include "ingest/pgn.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* No line of the movetext (after the first blank line) is longer than
   79 characters (UTF-8). */
static void lines_fit(const char *s)
{
    size_t n = 0;

    s = strstr(s, "\n\n");
    if (!s)
        abort();
    for (s += 2; *s; s++) {
        if (*s == '\n')
            n = 0;
        else if (((unsigned char)*s & 0xC0) != 0x80 && ++n > 79)
            abort();
    }
}

/* A game without errors, written, reads back the same. */
static void round_trip(const struct pgn_game *g)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT, again = STRBUF_INIT;
    struct pgn_reader *r;
    struct pgn_game back;
    size_t i;

    pgn_write(g, &out);
    lines_fit(out.buf);
    r = pgn_reader_mem(out.buf, out.len, "back.pgn", ENC_UTF8);
    pgn_game_init(&back);
    if (pgn_reader_next(r, &back, &dl) != 1 || back.errors ||
        back.nr_moves != g->nr_moves)
        abort();
    for (i = 0; i < g->nr_moves; i++)
        if (memcmp(&back.moves[i], &g->moves[i], sizeof(g->moves[i])))
            abort();
    pgn_write(&back, &again);
    if (strcmp(again.buf, out.buf))
        abort();
    pgn_game_release(&back);
    pgn_reader_free(r);
    strbuf_release(&out);
    strbuf_release(&again);
    diag_list_release(&dl);
}

/* The first line as a FEN: its moves' SAN must read back as the moves. */
static void fen_line(const char *data, size_t size)
{
    struct chess_move moves[CHESS_MAX_MOVES];
    struct strbuf fen = STRBUF_INIT, san = STRBUF_INIT;
    const char *nl = memchr(data, '\n', size);
    struct chess_pos p;
    int n, i;

    strbuf_add(&fen, data, nl ? (size_t)(nl - data) : size);
    if (strlen(fen.buf) != fen.len || chess_pos_from_fen(&p, fen.buf)) {
        strbuf_release(&fen);
        return;
    }
    n = chess_legal_moves(&p, moves);
    for (i = 0; i < n; i++) {
        struct chess_move m;
        strbuf_reset(&san);
        chess_san_write(&p, &moves[i], &san);
        if (chess_san_parse(&p, san.buf, san.len, &m) != CHESS_SAN_OK ||
            m.from != moves[i].from || m.to != moves[i].to ||
            m.promo != moves[i].promo)
            abort();
    }
    (void)chess_perft(&p, 2);
    strbuf_reset(&san);
    chess_pos_to_fen(&p, &san);
    strbuf_release(&fen);
    strbuf_release(&san);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct pgn_reader *r =
        pgn_reader_mem((const char *)data, size, "fuzz.pgn", ENC_AUTO);
    struct pgn_game g;

    pgn_game_init(&g);
    while (pgn_reader_next(r, &g, &dl) > 0)
        if (!g.errors)
            round_trip(&g);
    pgn_game_release(&g);
    pgn_reader_free(r);
    diag_list_release(&dl);
    fen_line((const char *)data, size);
    return 0;
}
