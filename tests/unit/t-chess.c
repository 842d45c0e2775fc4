/* tests/unit/t-chess: the move generator pinned by the perft numbers of
 * the standard test positions (chessprogramming.org's "Perft Results"),
 * FEN read and written, and SAN read and written.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/chess.h"
#include "util/strbuf.h"

static const struct {
    const char *name, *fen;
    int depth;
    unsigned long long nodes;
} perfts[] = {
    {"start", CHESS_START_FEN, 1, 20},
    {"start", CHESS_START_FEN, 2, 400},
    {"start", CHESS_START_FEN, 3, 8902},
    {"start", CHESS_START_FEN, 4, 197281},
    {"start", CHESS_START_FEN, 5, 4865609},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 1, 48},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 2,
     2039},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 3,
     97862},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 4,
     4085603},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"position 4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3,
     9467},
    {"position 4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4,
     422333},
    {"position 4 mirrored",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4,
     422333},
    {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     3, 62379},
    {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     4, 2103487},
    {"position 6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - "
     "0 10",
     3, 89890},
    {"position 6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - "
     "0 10",
     4, 3894594},
};

static void test_perft(int slow)
{
    size_t i;

    for (i = 0; i < sizeof(perfts) / sizeof(perfts[0]); i++) {
        struct chess_pos p;
        const char *err = chess_pos_from_fen(&p, perfts[i].fen);
        if (perfts[i].nodes > 1000000 && !slow) {
            ok(1, "# SKIP perft %s depth %d (SEKRETAR_PERFT_SLOW=1)",
               perfts[i].name, perfts[i].depth);
            continue;
        }
        if (!ok(!err, "FEN of %s reads", perfts[i].name))
            diag("%s", err);
        is_int(chess_perft(&p, perfts[i].depth), perfts[i].nodes,
               "perft %s depth %d", perfts[i].name, perfts[i].depth);
    }
}

static void test_fen(void)
{
    static const char *const round_trip[] = {
        CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "8/8/8/8/8/8/8/k6K b - - 99 150",
    };
    static const struct {
        const char *fen, *why;
    } bad[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
         "the FEN's board is not eight ranks of eight squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
         "a rank of the FEN is not eight squares"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "a rank of the FEN is not eight squares"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "a FEN's board has a character that is not a piece, a number of "
         "empty squares or '/'"},
        {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "the FEN's board is not eight ranks of eight squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1",
         "the FEN does not have one king of each colour"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
         "the FEN's side to move is not 'w' or 'b'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
         "the FEN's castling rights are not '-' or some of 'KQkq'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
         "a castling right of the FEN without its king and rook on their "
         "squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
         "the FEN's en passant square is not one a pawn has just passed"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
         "the FEN's counters are not numbers"},
        {"4k3/8/8/8/8/8/8/4K2R w - - 0 1 7",
         "the FEN has more than six fields"},
        {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
         "in the FEN the side not to move is in check"},
        {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on the first or last rank"},
        {"", "the FEN's board is not eight ranks of eight squares"},
    };
    struct strbuf sb = STRBUF_INIT;
    struct chess_pos p, s;
    size_t i;

    for (i = 0; i < sizeof(round_trip) / sizeof(round_trip[0]); i++) {
        ok(!chess_pos_from_fen(&p, round_trip[i]), "FEN %zu reads", i);
        strbuf_reset(&sb);
        chess_pos_to_fen(&p, &sb);
        is_str(sb.buf, round_trip[i], "FEN %zu written back", i);
    }
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        const char *why = chess_pos_from_fen(&p, bad[i].fen);
        if (!why)
            why = "(none)";
        is_str(why, bad[i].why, "bad FEN %zu", i);
    }
    chess_pos_from_fen(&p, CHESS_START_FEN);
    chess_pos_start(&s);
    ok(!memcmp(&p, &s, sizeof(p)), "the start FEN is the start position");
    chess_pos_from_fen(&p, "4k3/8/8/8/8/8/8/4K2R w K -");
    is_int(p.halfmove, 0, "counters left out: halfmove 0");
    is_int(p.fullmove, 1, "counters left out: fullmove 1");
    strbuf_release(&sb);
}

/* Play the moves of san (blank-separated) from fen; the SAN written back
   for each, blank-separated; "!n" for a move that does not read. */
static void play(const char *fen, const char *san, struct strbuf *out)
{
    struct chess_pos p;
    const char *s = san;

    strbuf_reset(out);
    chess_pos_from_fen(&p, fen);
    while (*s) {
        const char *e = strchr(s, ' ');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        struct chess_move m;
        enum chess_san_result r = chess_san_parse(&p, s, len, &m);
        if (out->len)
            strbuf_addch(out, ' ');
        if (r != CHESS_SAN_OK) {
            strbuf_addf(out, "!%d", (int)r);
            return;
        }
        chess_san_write(&p, &m, out);
        chess_make(&p, &m);
        s += len;
        while (*s == ' ')
            s++;
    }
}

static void test_san(void)
{
    static const struct {
        const char *fen, *in, *out, *what;
    } cases[] = {
        {CHESS_START_FEN, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7",
         "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7", "Ruy Lopez"},
        {CHESS_START_FEN, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7",
         "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", "scholar's mate: '#' written"},
        {CHESS_START_FEN, "f3 e5 g4 Qh4#", "f3 e5 g4 Qh4#", "fool's mate"},
        {CHESS_START_FEN, "e4!? e5?! Nf3!! Nc6?? Bb5+- a6",
         "e4 e5 Nf3 Nc6 Bb5 a6", "annotation marks dropped"},
        {CHESS_START_FEN, "e4 d5 exd5 Qxd5 Nc3 Qd8 d4 Nf6 Nf3 Bg4 Be2 e6 0-0",
         "e4 d5 exd5 Qxd5 Nc3 Qd8 d4 Nf6 Nf3 Bg4 Be2 e6 O-O", "0-0"},
        {"3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0-0", "O-O-O+", "0-0-0 checks"},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6e.p.", "exd6",
         "en passant with e.p."},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6 ep", "exd6 !1",
         "'ep' alone is no move"},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "ed6", "exd6",
         "pawn capture without x"},
        {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q+", "b8=Q+", "promotion"},
        {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8N", "b8=N",
         "promotion "
         "without '='"},
        {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "!2",
         "a pawn on the last rank must promote"},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxc8=R+", "bxc8=R+",
         "capture and promote"},
        {"4k3/8/8/8/8/8/8/N3K1N1 w - - 0 1", "Nf3", "Nf3", "one knight"},
        {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "!3",
         "two knights: ambiguous"},
        {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nbd2", "Nbd2",
         "disambiguated by file"},
        {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nb1d2", "Nbd2",
         "disambiguated by square (more than needed)"},
        {"4k3/8/8/N7/8/8/8/N3K3 w - - 0 1", "N1b3", "N1b3",
         "disambiguated by rank"},
        {"4k3/8/8/N7/8/8/8/N3K3 w - - 0 1", "Nab3", "!3",
         "a file that does not decide: ambiguous"},
        {"5k2/8/8/8/Q2Q4/8/8/Q3K3 w - - 0 1", "Qa4d1", "Qa4d1",
         "three queens: the square"},
        {"4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nd2", "Nd2",
         "a pinned knight does not make it ambiguous"},
        {"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "!2",
         "a pinned knight cannot move"},
        {CHESS_START_FEN, "e5", "!2", "a pawn cannot go three squares"},
        {CHESS_START_FEN,
         "Nf3 Nf6 Ng5 Ng4 Nxf7 Nxf2 Nxd8 Nxd1 Nxb7 Nxb2 "
         "Nxh8",
         "Nf3 Nf6 Ng5 Ng4 Nxf7 Nxf2 Nxd8 Nxd1 Nxb7 Nxb2 !2",
         "no knight "
         "reaches d8"},
        {CHESS_START_FEN, "O-O", "!2", "castling through pieces"},
        {CHESS_START_FEN, "Ke2", "!2", "the king onto his own pawn"},
        {CHESS_START_FEN, "Zz9", "!1", "not a move"},
        {CHESS_START_FEN, "e4 e5 Nf3 Nc6 Bc4 Bc5 Ke2 Nf6 Ke1 Ng8 O-O",
         "e4 e5 "
         "Nf3 Nc6 Bc4 Bc5 Ke2 Nf6 Ke1 Ng8 !2",
         "castling after the king moved"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxa8+ Kd7 Rxh8",
         "Rxa8+ Kd7 "
         "!3",
         "two rooks reach h8"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxa8+ Kd7 Rhxh8",
         "Rxa8+ Kd7 Rhxh8", "rook takes rook"},
        {"4k3/8/8/8/8/8/8/R3K1r1 w Q - 0 1", "O-O-O", "!2",
         "castling out of check"},
        {"4k3/8/8/8/8/8/5r2/R3K3 w Q - 0 1", "O-O-O", "O-O-O",
         "castling on the queen's side with f2 attacked"},
        {"4k3/8/8/8/8/8/3r4/R3K3 w Q - 0 1", "O-O-O", "!2",
         "castling through an attacked square"},
        {"4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2", "exd6", "!2",
         "en passant that uncovers the king"},
        {CHESS_START_FEN, "e2-e4 Ng8-f6 Pd4", "e4 Nf6 d4", "long algebraic"},
    };
    struct strbuf sb = STRBUF_INIT;
    struct chess_pos p;
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        play(cases[i].fen, cases[i].in, &sb);
        is_str(sb.buf, cases[i].out, "SAN: %s", cases[i].what);
    }
    chess_pos_from_fen(&p, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    is_int(chess_status(&p), CHESS_STALEMATE, "stalemate");
    chess_pos_from_fen(&p, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    is_int(chess_status(&p), CHESS_CHECKMATE, "checkmate");
    chess_pos_start(&p);
    is_int(chess_status(&p), CHESS_ONGOING, "the start is no end");
    strbuf_release(&sb);
}

int main(void)
{
    const char *slow = getenv("SEKRETAR_PERFT_SLOW");

    test_perft(slow && *slow == '1');
    test_fen();
    test_san();
    return done_testing();
}
