/* core/chess: the rules of chess: a position, its legal moves, FEN and
 * SAN (standard algebraic notation), and perft to pin them.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_CHESS_H
#define CORE_CHESS_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* The piece kinds; a piece on the board is kind | CHESS_BLACK_BIT for black. */
enum chess_piece {
    CHESS_EMPTY = 0,
    CHESS_PAWN = 1,
    CHESS_KNIGHT = 2,
    CHESS_BISHOP = 3,
    CHESS_ROOK = 4,
    CHESS_QUEEN = 5,
    CHESS_KING = 6
};
#define CHESS_BLACK_BIT 8

enum chess_color { CHESS_WHITE = 0, CHESS_BLACK = 1 };

/* Castling rights, as FEN's KQkq. */
enum chess_castle_flags {
    CHESS_CASTLE_WK = (1 << 0),
    CHESS_CASTLE_WQ = (1 << 1),
    CHESS_CASTLE_BK = (1 << 2),
    CHESS_CASTLE_BQ = (1 << 3)
};

/* No en passant square. */
#define CHESS_NO_SQUARE 0x80

/*
 * A position.  Squares are 0x88 numbers: rank * 16 + file, a1 = 0, h1 = 7,
 * a8 = 0x70; board[sq] holds a piece (0 empty).  ep is the square a pawn
 * that has just moved two squares passed over (FEN's fifth field), or
 * CHESS_NO_SQUARE.  A plain value: copy it to keep it.
 */
struct chess_pos {
    unsigned char board[128];
    unsigned char side; /* enum chess_color to move */
    unsigned char castle;
    unsigned char ep;
    unsigned char king[2]; /* where each king stands */
    unsigned char check;   /* the side to move is in check */
    unsigned halfmove;     /* plies since a capture or a pawn move */
    unsigned fullmove;     /* from 1, counted after each black move */
};

enum chess_move_flags {
    CHESS_MOVE_CAPTURE = (1 << 0),
    CHESS_MOVE_EP = (1 << 1),     /* en passant (also a capture) */
    CHESS_MOVE_CASTLE = (1 << 2), /* the king's move of a castling */
    CHESS_MOVE_DOUBLE = (1 << 3)  /* a pawn's first move of two squares */
};

/* A move: from and to are 0x88 squares, promo the kind promoted to (0 for
   none). */
struct chess_move {
    unsigned char from, to, promo, flags;
};

/* More than the most legal moves a position can have (218). */
#define CHESS_MAX_MOVES 256

/* The FEN of the initial position. */
#define CHESS_START_FEN                                                        \
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Set p to the initial position. */
void chess_pos_start(struct chess_pos *p);

/*
 * Read a FEN (six fields; the two counters may be left out) into p.
 * Returns NULL, or an English message (marked with N_, to translate) of
 * what is wrong: a rank that is not eight squares, a king missing or
 * doubled, a pawn on the first or last rank, a castling right without its
 * king and rook at home, an en passant square that no pawn passed, the
 * side not to move in check.  p is unspecified after an error.
 */
const char *chess_pos_from_fen(struct chess_pos *p, const char *fen);

/* Append the FEN of p to out. */
void chess_pos_to_fen(const struct chess_pos *p, struct strbuf *out);

/* 1 when the side to move is in check. */
int chess_in_check(const struct chess_pos *p);

/* 1 when a piece of colour by attacks square sq. */
int chess_attacked(const struct chess_pos *p, int sq, int by);

/* Fill out (room for CHESS_MAX_MOVES) with the legal moves of p; return
   how many. */
int chess_legal_moves(const struct chess_pos *p, struct chess_move *out);

/* 1 when m is one of the legal moves of p. */
int chess_is_legal(const struct chess_pos *p, const struct chess_move *m);

enum chess_status { CHESS_ONGOING = 0, CHESS_CHECKMATE, CHESS_STALEMATE };
enum chess_status chess_status(const struct chess_pos *p);

/* Play m, a legal move of p, on p. */
void chess_make(struct chess_pos *p, const struct chess_move *m);

enum chess_san_result {
    CHESS_SAN_OK = 0,
    CHESS_SAN_SYNTAX,   /* not a move in algebraic notation */
    CHESS_SAN_ILLEGAL,  /* no legal move of p fits it */
    CHESS_SAN_AMBIGUOUS /* more than one does */
};

/*
 * Read one move of SAN (len bytes of s, no blanks) as a move of p into
 * *m.  Beside the standard form it takes O-O and 0-0, e.p. or ep after
 * an en passant capture, a promotion with or without '=' (e8=Q, e8Q),
 * ':' for 'x', a missing or needless 'x', a needless disambiguation, and
 * the marks + # ! ? after it.
 */
enum chess_san_result chess_san_parse(const struct chess_pos *p, const char *s,
                                      size_t len, struct chess_move *m);

/* Append the SAN of m, a legal move of p, with + or # when it checks or
   mates. */
void chess_san_write(const struct chess_pos *p, const struct chess_move *m,
                     struct strbuf *out);

/* Append a square's name ("e4"). */
void chess_square_name(int sq, struct strbuf *out);

/* The number of leaf positions depth plies below p (perft). */
uint64_t chess_perft(const struct chess_pos *p, int depth);

#endif
