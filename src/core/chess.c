/* core/chess: positions, legal moves, FEN, SAN and perft.
 * SPDX-License-Identifier: MIT
 */
#include "core/chess.h"

#include <string.h>

#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define ON_BOARD(sq)   (!((sq)&0x88))
#define KIND(pc)       ((pc)&7)
#define COLOR(pc)      ((pc) >> 3)
#define SQ(file, rank) ((rank)*16 + (file))
#define FILE_OF(sq)    ((sq)&7)
#define RANK_OF(sq)    ((sq) >> 4)

static const int knight_steps[8] = {33, 31, 18, 14, -33, -31, -18, -14};
static const int king_steps[8] = {1, -1, 16, -16, 17, 15, -17, -15};
static const int diag_steps[4] = {17, 15, -17, -15};
static const int orth_steps[4] = {1, -1, 16, -16};
/* The steps of the sliders: a bishop's [0, 4), a rook's [4, 8), a queen's
   [0, 8) (slider_steps()). */
static const int line_steps[8] = {17, 15, -17, -15, 1, -1, 16, -16};

/* The range of line_steps a slider of kind moves along. */
static void slider_steps(int kind, int *lo, int *hi)
{
    *lo = kind == CHESS_ROOK ? 4 : 0;
    *hi = kind == CHESS_BISHOP ? 4 : 8;
}

/* The castling rights lost by a move from or to each square. */
static const unsigned char castle_lost[128] = {
    [0x00] = CHESS_CASTLE_WQ,
    [0x07] = CHESS_CASTLE_WK,
    [0x04] = CHESS_CASTLE_WK | CHESS_CASTLE_WQ,
    [0x70] = CHESS_CASTLE_BQ,
    [0x77] = CHESS_CASTLE_BK,
    [0x74] = CHESS_CASTLE_BK | CHESS_CASTLE_BQ,
};

/* ------------------------------------------------------------------ */
/* Attacks and moves                                                   */
/* ------------------------------------------------------------------ */

int chess_attacked(const struct chess_pos *p, int sq, int by)
{
    const unsigned char *b = p->board;
    int bit = by ? CHESS_BLACK_BIT : 0, i, t;

    /* Pawns of by stand one rank behind sq, as they move. */
    t = by ? sq + 15 : sq - 17;
    if (ON_BOARD(t) && b[t] == (CHESS_PAWN | bit))
        return 1;
    t = by ? sq + 17 : sq - 15;
    if (ON_BOARD(t) && b[t] == (CHESS_PAWN | bit))
        return 1;
    for (i = 0; i < 8; i++) {
        t = sq + knight_steps[i];
        if (ON_BOARD(t) && b[t] == (CHESS_KNIGHT | bit))
            return 1;
        t = sq + king_steps[i];
        if (ON_BOARD(t) && b[t] == (CHESS_KING | bit))
            return 1;
    }
    for (i = 0; i < 4; i++) {
        for (t = sq + diag_steps[i]; ON_BOARD(t); t += diag_steps[i]) {
            if (b[t]) {
                if (b[t] == (CHESS_BISHOP | bit) || b[t] == (CHESS_QUEEN | bit))
                    return 1;
                break;
            }
        }
        for (t = sq + orth_steps[i]; ON_BOARD(t); t += orth_steps[i]) {
            if (b[t]) {
                if (b[t] == (CHESS_ROOK | bit) || b[t] == (CHESS_QUEEN | bit))
                    return 1;
                break;
            }
        }
    }
    return 0;
}

int chess_in_check(const struct chess_pos *p)
{
    return p->check;
}

/* The step (1, 16, 17, 15 and their negatives) that leads from a to b
   along a rank, file or diagonal; 0 when none does. */
static int line_step(int a, int b)
{
    int df = FILE_OF(b) - FILE_OF(a), dr = RANK_OF(b) - RANK_OF(a);

    if (!dr)
        return df > 0 ? 1 : df < 0 ? -1 : 0;
    if (!df)
        return dr > 0 ? 16 : -16;
    if (df == dr)
        return dr > 0 ? 17 : -17;
    if (df == -dr)
        return dr > 0 ? 15 : -15;
    return 0;
}

/* The first occupied square from sq on in steps of step, or -1. */
static int first_piece(const unsigned char *b, int sq, int step)
{
    for (sq += step; ON_BOARD(sq); sq += step)
        if (b[sq])
            return sq;
    return -1;
}

/* 1 when a piece pc moves along lines of step (a queen always). */
static int slides(int pc, int step)
{
    int k = KIND(pc);

    if (k == CHESS_QUEEN)
        return 1;
    if (step == 1 || step == -1 || step == 16 || step == -16)
        return k == CHESS_ROOK;
    return k == CHESS_BISHOP;
}

/* 1 when the piece of colour by first met from sq along step is one that
   attacks sq along that line. */
static int slider_on_line(const unsigned char *b, int sq, int step, int by)
{
    int t;

    if (!step)
        return 0;
    t = first_piece(b, sq, step);
    return t >= 0 && COLOR(b[t]) == by && slides(b[t], step);
}

/* Whether the side to move is in check after m, which moved pc. */
static int gives_check(const struct chess_pos *p, const struct chess_move *m,
                       int pc)
{
    int ek = p->king[p->side], by = p->side ^ 1, to = m->to, df, dr;

    if ((m->flags & (CHESS_MOVE_CASTLE | CHESS_MOVE_EP)) || m->promo)
        return chess_attacked(p, ek, by);
    df = FILE_OF(ek) - FILE_OF(to);
    dr = RANK_OF(ek) - RANK_OF(to);
    switch (KIND(pc)) {
    case CHESS_PAWN:
        if ((df == 1 || df == -1) && dr == (by ? -1 : 1))
            return 1;
        break;
    case CHESS_KNIGHT:
        if ((df * df == 1 && dr * dr == 4) || (df * df == 4 && dr * dr == 1))
            return 1;
        break;
    case CHESS_KING:
        break;
    default: {
        int step = line_step(ek, to);
        if (step && slides(pc, step) && first_piece(p->board, ek, step) == to)
            return 1;
        break;
    }
    }
    /* A line the piece uncovered. */
    return slider_on_line(p->board, ek, line_step(ek, m->from), by);
}

void chess_make(struct chess_pos *p, const struct chess_move *m)
{
    unsigned char *b = p->board;
    int pc = b[m->from], up = p->side ? -16 : 16;

    if (KIND(pc) == CHESS_PAWN || b[m->to])
        p->halfmove = 0;
    else
        p->halfmove++;
    if (m->flags & CHESS_MOVE_EP)
        b[m->to - up] = CHESS_EMPTY;
    if (m->flags & CHESS_MOVE_CASTLE) {
        int rank = m->from & 0x70;
        if (FILE_OF(m->to) == 6) {
            b[rank + 5] = b[rank + 7];
            b[rank + 7] = CHESS_EMPTY;
        } else {
            b[rank + 3] = b[rank + 0];
            b[rank + 0] = CHESS_EMPTY;
        }
    }
    b[m->to] =
        (unsigned char)(m->promo ? (m->promo | (pc & CHESS_BLACK_BIT)) : pc);
    b[m->from] = CHESS_EMPTY;
    if (KIND(pc) == CHESS_KING)
        p->king[p->side] = m->to;
    p->castle &= (unsigned char)~(castle_lost[m->from] | castle_lost[m->to]);
    p->ep = (m->flags & CHESS_MOVE_DOUBLE) ? (unsigned char)(m->from + up)
                                           : CHESS_NO_SQUARE;
    if (p->side == CHESS_BLACK)
        p->fullmove++;
    p->side ^= 1;
    p->check = (unsigned char)gives_check(p, m, pc);
}

/*
 * 1 when m (pseudo-legal) leaves its own king safe.  Out of check, a
 * piece but the king that does not take en passant exposes its king only
 * when it leaves the line between its king and a slider of the other
 * side (a pin); else the move is played on a copy.
 */
static int keeps_king_safe(const struct chess_pos *p,
                           const struct chess_move *m)
{
    const unsigned char *b = p->board;
    int k = p->king[p->side], step;
    struct chess_pos q;

    if (!p->check && m->from != k && !(m->flags & CHESS_MOVE_EP)) {
        step = line_step(k, m->from);
        if (!step || first_piece(b, k, step) != m->from ||
            line_step(k, m->to) == step)
            return 1;
        return !slider_on_line(b, m->from, step, p->side ^ 1);
    }
    q = *p;
    chess_make(&q, m);
    return !chess_attacked(&q, q.king[p->side], q.side);
}

static void add(struct chess_move *out, int *n, int from, int to, int promo,
                int flags)
{
    struct chess_move *m = &out[(*n)++];

    m->from = (unsigned char)from;
    m->to = (unsigned char)to;
    m->promo = (unsigned char)promo;
    m->flags = (unsigned char)flags;
}

/* A pawn's move to to, as the four promotions on the last rank. */
static void add_pawn(struct chess_move *out, int *n, int from, int to,
                     int flags)
{
    if (RANK_OF(to) == 0 || RANK_OF(to) == 7) {
        add(out, n, from, to, CHESS_QUEEN, flags);
        add(out, n, from, to, CHESS_ROOK, flags);
        add(out, n, from, to, CHESS_BISHOP, flags);
        add(out, n, from, to, CHESS_KNIGHT, flags);
    } else {
        add(out, n, from, to, 0, flags);
    }
}

/* The castlings of p whose squares are free and unattacked. */
static void gen_castles(const struct chess_pos *p, struct chess_move *out,
                        int *n)
{
    const unsigned char *b = p->board;
    int side = p->side, rank = side ? 0x70 : 0, them = side ^ 1;
    int king = CHESS_KING | (side ? CHESS_BLACK_BIT : 0);
    int rook = CHESS_ROOK | (side ? CHESS_BLACK_BIT : 0);
    int kflag = side ? CHESS_CASTLE_BK : CHESS_CASTLE_WK;
    int qflag = side ? CHESS_CASTLE_BQ : CHESS_CASTLE_WQ;

    if (!(p->castle & (kflag | qflag)) || b[rank + 4] != king ||
        chess_attacked(p, rank + 4, them))
        return;
    if ((p->castle & kflag) && b[rank + 7] == rook && !b[rank + 5] &&
        !b[rank + 6] && !chess_attacked(p, rank + 5, them) &&
        !chess_attacked(p, rank + 6, them))
        add(out, n, rank + 4, rank + 6, 0, CHESS_MOVE_CASTLE);
    if ((p->castle & qflag) && b[rank + 0] == rook && !b[rank + 1] &&
        !b[rank + 2] && !b[rank + 3] && !chess_attacked(p, rank + 3, them) &&
        !chess_attacked(p, rank + 2, them))
        add(out, n, rank + 4, rank + 2, 0, CHESS_MOVE_CASTLE);
}

/* Every pseudo-legal move of p (castlings already checked in full). */
static int gen_pseudo(const struct chess_pos *p, struct chess_move *out)
{
    const unsigned char *b = p->board;
    int n = 0, sq, side = p->side, up = side ? -16 : 16;
    int home = side ? 6 : 1;

    for (sq = 0; sq < 128; sq++) {
        int pc = b[sq], i, t;
        if (sq & 8) {
            sq += 7;
            continue;
        }
        if (!pc || COLOR(pc) != side)
            continue;
        switch (KIND(pc)) {
        case CHESS_PAWN:
            t = sq + up;
            if (ON_BOARD(t) && !b[t]) {
                add_pawn(out, &n, sq, t, 0);
                if (RANK_OF(sq) == home && !b[t + up])
                    add(out, &n, sq, t + up, 0, CHESS_MOVE_DOUBLE);
            }
            for (i = -1; i <= 1; i += 2) {
                t = sq + up + i;
                if (!ON_BOARD(t))
                    continue;
                if (b[t] && COLOR(b[t]) != side)
                    add_pawn(out, &n, sq, t, CHESS_MOVE_CAPTURE);
                else if (t == p->ep)
                    add(out, &n, sq, t, 0, CHESS_MOVE_CAPTURE | CHESS_MOVE_EP);
            }
            break;
        case CHESS_KNIGHT:
        case CHESS_KING: {
            const int *steps =
                KIND(pc) == CHESS_KNIGHT ? knight_steps : king_steps;
            for (i = 0; i < 8; i++) {
                t = sq + steps[i];
                if (!ON_BOARD(t))
                    continue;
                if (!b[t])
                    add(out, &n, sq, t, 0, 0);
                else if (COLOR(b[t]) != side)
                    add(out, &n, sq, t, 0, CHESS_MOVE_CAPTURE);
            }
            break;
        }
        default: {
            int d, lo, hi;
            slider_steps(KIND(pc), &lo, &hi);
            for (d = lo; d < hi; d++) {
                int step = line_steps[d];
                for (t = sq + step; ON_BOARD(t); t += step) {
                    if (!b[t]) {
                        add(out, &n, sq, t, 0, 0);
                        continue;
                    }
                    if (COLOR(b[t]) != side)
                        add(out, &n, sq, t, 0, CHESS_MOVE_CAPTURE);
                    break;
                }
            }
            break;
        }
        }
    }
    gen_castles(p, out, &n);
    return n;
}

int chess_legal_moves(const struct chess_pos *p, struct chess_move *out)
{
    struct chess_move pseudo[CHESS_MAX_MOVES];
    int n = gen_pseudo(p, pseudo), i, k = 0;

    for (i = 0; i < n; i++)
        if ((pseudo[i].flags & CHESS_MOVE_CASTLE) ||
            keeps_king_safe(p, &pseudo[i]))
            out[k++] = pseudo[i];
    return k;
}

int chess_is_legal(const struct chess_pos *p, const struct chess_move *m)
{
    struct chess_move moves[CHESS_MAX_MOVES];
    int n = chess_legal_moves(p, moves), i;

    for (i = 0; i < n; i++)
        if (moves[i].from == m->from && moves[i].to == m->to &&
            moves[i].promo == m->promo)
            return 1;
    return 0;
}

/* 1 when p has at least one legal move. */
static int has_legal_move(const struct chess_pos *p)
{
    struct chess_move pseudo[CHESS_MAX_MOVES];
    int n = gen_pseudo(p, pseudo), i;

    for (i = 0; i < n; i++)
        if ((pseudo[i].flags & CHESS_MOVE_CASTLE) ||
            keeps_king_safe(p, &pseudo[i]))
            return 1;
    return 0;
}

enum chess_status chess_status(const struct chess_pos *p)
{
    if (has_legal_move(p))
        return CHESS_ONGOING;
    return chess_in_check(p) ? CHESS_CHECKMATE : CHESS_STALEMATE;
}

uint64_t chess_perft(const struct chess_pos *p, int depth)
{
    struct chess_move moves[CHESS_MAX_MOVES];
    uint64_t nodes = 0;
    int n, i;

    if (depth <= 0)
        return 1;
    n = chess_legal_moves(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    for (i = 0; i < n; i++) {
        struct chess_pos q = *p;
        chess_make(&q, &moves[i]);
        nodes += chess_perft(&q, depth - 1);
    }
    return nodes;
}

/* ------------------------------------------------------------------ */
/* FEN                                                                 */
/* ------------------------------------------------------------------ */

static const char piece_chars[] = " PNBRQK";

void chess_pos_start(struct chess_pos *p)
{
    static const unsigned char back[8] = {
        CHESS_ROOK, CHESS_KNIGHT, CHESS_BISHOP, CHESS_QUEEN,
        CHESS_KING, CHESS_BISHOP, CHESS_KNIGHT, CHESS_ROOK};
    int f;

    memset(p, 0, sizeof(*p));
    for (f = 0; f < 8; f++) {
        p->board[SQ(f, 0)] = back[f];
        p->board[SQ(f, 1)] = CHESS_PAWN;
        p->board[SQ(f, 6)] = CHESS_PAWN | CHESS_BLACK_BIT;
        p->board[SQ(f, 7)] = (unsigned char)(back[f] | CHESS_BLACK_BIT);
    }
    p->side = CHESS_WHITE;
    p->castle =
        CHESS_CASTLE_WK | CHESS_CASTLE_WQ | CHESS_CASTLE_BK | CHESS_CASTLE_BQ;
    p->ep = CHESS_NO_SQUARE;
    p->king[0] = SQ(4, 0);
    p->king[1] = SQ(4, 7);
    p->halfmove = 0;
    p->fullmove = 1;
}

static int piece_of_char(int c)
{
    const char *at;

    if (!c)
        return 0;
    at = strchr(piece_chars + 1, c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    if (!at)
        return 0;
    return (int)(at - piece_chars) |
           (c >= 'a' && c <= 'z' ? CHESS_BLACK_BIT : 0);
}

/* Read a FEN counter at *s (digits), moving *s past it; -1 when none. */
static long fen_number(const char **s)
{
    long v = 0;
    int digits = 0;

    while (**s >= '0' && **s <= '9') {
        if (v < 100000000)
            v = v * 10 + (**s - '0');
        (*s)++;
        digits++;
    }
    return digits ? v : -1;
}

const char *chess_pos_from_fen(struct chess_pos *p, const char *fen)
{
    const char *s = fen;
    int rank = 7, file = 0, kings[2] = {0, 0}, pawns[2] = {0, 0};
    long v;

    memset(p, 0, sizeof(*p));
    p->ep = CHESS_NO_SQUARE;
    while (*s == ' ')
        s++;
    for (; *s && *s != ' '; s++) {
        int pc;
        if (*s == '/') {
            if (file != 8 || rank == 0)
                return N_("a rank of the FEN is not eight squares");
            rank--;
            file = 0;
        } else if (*s >= '1' && *s <= '8') {
            file += *s - '0';
            if (file > 8)
                return N_("a rank of the FEN is not eight squares");
        } else if ((pc = piece_of_char(*s)) != 0) {
            if (file >= 8)
                return N_("a rank of the FEN is not eight squares");
            if (KIND(pc) == CHESS_PAWN) {
                if (rank == 0 || rank == 7)
                    return N_("a pawn on the first or last rank");
                pawns[COLOR(pc)]++;
            }
            if (KIND(pc) == CHESS_KING) {
                kings[COLOR(pc)]++;
                p->king[COLOR(pc)] = (unsigned char)SQ(file, rank);
            }
            p->board[SQ(file, rank)] = (unsigned char)pc;
            file++;
        } else {
            return N_("a FEN's board has a character that is not a piece, "
                      "a number of empty squares or '/'");
        }
    }
    if (rank != 0 || file != 8)
        return N_("the FEN's board is not eight ranks of eight squares");
    if (kings[0] != 1 || kings[1] != 1)
        return N_("the FEN does not have one king of each colour");
    if (pawns[0] > 8 || pawns[1] > 8)
        return N_("the FEN has more than eight pawns of one colour");
    while (*s == ' ')
        s++;
    if ((*s == 'w' || *s == 'b') && (s[1] == ' ' || !s[1]))
        p->side = *s++ == 'b' ? CHESS_BLACK : CHESS_WHITE;
    else
        return N_("the FEN's side to move is not 'w' or 'b'");
    while (*s == ' ')
        s++;
    if (*s == '-') {
        s++;
    } else {
        for (; *s && *s != ' '; s++) {
            int bit;
            switch (*s) {
            case 'K':
                bit = CHESS_CASTLE_WK;
                break;
            case 'Q':
                bit = CHESS_CASTLE_WQ;
                break;
            case 'k':
                bit = CHESS_CASTLE_BK;
                break;
            case 'q':
                bit = CHESS_CASTLE_BQ;
                break;
            default:
                return N_("the FEN's castling rights are not '-' or some "
                          "of 'KQkq'");
            }
            if (p->castle & bit)
                return N_("the FEN's castling rights are not '-' or some "
                          "of 'KQkq'");
            p->castle |= (unsigned char)bit;
        }
    }
    {
        static const struct {
            int flag, king, rook, piece_bit;
        } homes[4] = {{CHESS_CASTLE_WK, 0x04, 0x07, 0},
                      {CHESS_CASTLE_WQ, 0x04, 0x00, 0},
                      {CHESS_CASTLE_BK, 0x74, 0x77, CHESS_BLACK_BIT},
                      {CHESS_CASTLE_BQ, 0x74, 0x70, CHESS_BLACK_BIT}};
        int i;
        for (i = 0; i < 4; i++)
            if ((p->castle & homes[i].flag) &&
                (p->board[homes[i].king] != (CHESS_KING | homes[i].piece_bit) ||
                 p->board[homes[i].rook] != (CHESS_ROOK | homes[i].piece_bit)))
                return N_("a castling right of the FEN without its king and "
                          "rook on their squares");
    }
    while (*s == ' ')
        s++;
    if (*s == '-') {
        s++;
    } else if (*s >= 'a' && *s <= 'h' && (s[1] == '3' || s[1] == '6')) {
        int sq = SQ(*s - 'a', s[1] - '1');
        int want_rank = p->side == CHESS_WHITE ? 5 : 2;
        int up = p->side == CHESS_WHITE ? -16 : 16; /* the mover's way */
        int pawn = CHESS_PAWN | (p->side == CHESS_WHITE ? CHESS_BLACK_BIT : 0);
        if (RANK_OF(sq) != want_rank || p->board[sq] || p->board[sq - up] ||
            p->board[sq + up] != pawn)
            return N_("the FEN's en passant square is not one a pawn has "
                      "just passed");
        p->ep = (unsigned char)sq;
        s += 2;
    } else {
        return N_("the FEN's en passant square is not '-' or a square");
    }
    while (*s == ' ')
        s++;
    p->halfmove = 0;
    p->fullmove = 1;
    if (*s) {
        v = fen_number(&s);
        if (v < 0)
            return N_("the FEN's counters are not numbers");
        p->halfmove = (unsigned)v;
        while (*s == ' ')
            s++;
        if (*s) {
            v = fen_number(&s);
            if (v < 0)
                return N_("the FEN's counters are not numbers");
            p->fullmove = v > 0 ? (unsigned)v : 1;
        }
        while (*s == ' ')
            s++;
        if (*s)
            return N_("the FEN has more than six fields");
    }
    if (chess_attacked(p, p->king[p->side ^ 1], p->side))
        return N_("in the FEN the side not to move is in check");
    p->check = (unsigned char)chess_attacked(p, p->king[p->side], p->side ^ 1);
    return NULL;
}

void chess_square_name(int sq, struct strbuf *out)
{
    strbuf_addch(out, 'a' + FILE_OF(sq));
    strbuf_addch(out, '1' + RANK_OF(sq));
}

void chess_pos_to_fen(const struct chess_pos *p, struct strbuf *out)
{
    int rank, file;

    for (rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (file = 0; file < 8; file++) {
            int pc = p->board[SQ(file, rank)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                strbuf_addch(out, '0' + empty);
            empty = 0;
            strbuf_addch(out, COLOR(pc) ? piece_chars[KIND(pc)] - 'A' + 'a'
                                        : piece_chars[KIND(pc)]);
        }
        if (empty)
            strbuf_addch(out, '0' + empty);
        if (rank)
            strbuf_addch(out, '/');
    }
    strbuf_addstr(out, p->side ? " b " : " w ");
    if (!p->castle)
        strbuf_addch(out, '-');
    if (p->castle & CHESS_CASTLE_WK)
        strbuf_addch(out, 'K');
    if (p->castle & CHESS_CASTLE_WQ)
        strbuf_addch(out, 'Q');
    if (p->castle & CHESS_CASTLE_BK)
        strbuf_addch(out, 'k');
    if (p->castle & CHESS_CASTLE_BQ)
        strbuf_addch(out, 'q');
    strbuf_addch(out, ' ');
    if (p->ep == CHESS_NO_SQUARE)
        strbuf_addch(out, '-');
    else
        chess_square_name(p->ep, out);
    strbuf_addf(out, " %u %u", p->halfmove, p->fullmove);
}

/* ------------------------------------------------------------------ */
/* SAN                                                                 */
/* ------------------------------------------------------------------ */

/*
 * The squares from which a piece of kind (of the side to move) reaches
 * to by its way of moving (pawns: pushing when capture is 0, capturing
 * when 1), into from[] (at most 16); return how many.  Legality is not
 * checked.
 */
static int sources(const struct chess_pos *p, int kind, int to, int capture,
                   int *from)
{
    const unsigned char *b = p->board;
    int bit = p->side ? CHESS_BLACK_BIT : 0, piece = kind | bit, n = 0, i, t;

    switch (kind) {
    case CHESS_PAWN: {
        int up = p->side ? -16 : 16;
        if (capture) {
            for (i = -1; i <= 1; i += 2) {
                t = to - up + i;
                if (ON_BOARD(t) && b[t] == piece)
                    from[n++] = t;
            }
        } else {
            t = to - up;
            if (ON_BOARD(t) && b[t] == piece)
                from[n++] = t;
            else if (ON_BOARD(t) && !b[t] && RANK_OF(to) == (p->side ? 4 : 3) &&
                     b[t - up] == piece)
                from[n++] = t - up;
        }
        break;
    }
    case CHESS_KNIGHT:
    case CHESS_KING: {
        const int *steps = kind == CHESS_KNIGHT ? knight_steps : king_steps;
        for (i = 0; i < 8; i++) {
            t = to + steps[i];
            if (ON_BOARD(t) && b[t] == piece)
                from[n++] = t;
        }
        break;
    }
    default: {
        int d, lo, hi;
        slider_steps(kind, &lo, &hi);
        for (d = lo; d < hi; d++) {
            int step = line_steps[d];
            for (t = to + step; ON_BOARD(t); t += step) {
                if (b[t]) {
                    if (b[t] == piece && n < 16)
                        from[n++] = t;
                    break;
                }
            }
        }
        break;
    }
    }
    return n;
}

/* Fill m for a move of the piece on from to to (the piece's own way). */
static void fill_move(const struct chess_pos *p, int from, int to, int promo,
                      struct chess_move *m)
{
    int pc = p->board[from];

    m->from = (unsigned char)from;
    m->to = (unsigned char)to;
    m->promo = (unsigned char)promo;
    m->flags = 0;
    if (p->board[to])
        m->flags |= CHESS_MOVE_CAPTURE;
    if (KIND(pc) == CHESS_PAWN) {
        if (to == p->ep && FILE_OF(from) != FILE_OF(to))
            m->flags |= CHESS_MOVE_CAPTURE | CHESS_MOVE_EP;
        if (to - from == 32 || from - to == 32)
            m->flags |= CHESS_MOVE_DOUBLE;
    }
}

/* The marks that may follow a move ("+", "#", "!?", "+-", "=", ...). */
static int is_annotation(int c)
{
    return c == '+' || c == '#' || c == '!' || c == '?' || c == '-' ||
           c == '=' || c == '/';
}

/* A castling of the side to move: king (1) or queen's side (0). */
static enum chess_san_result castle_move(const struct chess_pos *p, int king,
                                         struct chess_move *m)
{
    struct chess_move moves[4];
    int n = 0, i, rank = p->side ? 0x70 : 0;

    gen_castles(p, moves, &n);
    for (i = 0; i < n; i++)
        if (moves[i].to == rank + (king ? 6 : 2)) {
            *m = moves[i];
            return CHESS_SAN_OK;
        }
    return CHESS_SAN_ILLEGAL;
}

static int promo_kind(int c)
{
    switch (c) {
    case 'N':
    case 'n':
        return CHESS_KNIGHT;
    case 'B':
    case 'b':
        return CHESS_BISHOP;
    case 'R':
    case 'r':
        return CHESS_ROOK;
    case 'Q':
    case 'q':
        return CHESS_QUEEN;
    default:
        return 0;
    }
}

enum chess_san_result chess_san_parse(const struct chess_pos *p, const char *s,
                                      size_t len, struct chess_move *m)
{
    char t[16];
    size_t n = 0, i;
    int kind = CHESS_PAWN, promo = 0, to, ffile = -1, frank = -1;
    int from[16], nf, found = 0, capture_mark = 0, k;

    /* The marks after the move, then "e.p." / "ep". */
    while (len && is_annotation((unsigned char)s[len - 1]))
        len--;
    if (len >= 4 && !memcmp(s + len - 4, "e.p.", 4))
        len -= 4;
    else if (len >= 4 && s[len - 1] == 'p' && s[len - 2] == 'e' &&
             s[len - 3] >= '1' && s[len - 3] <= '8')
        len -= 2;
    if (!len || len > 12)
        return CHESS_SAN_SYNTAX;
    /* Castling: O-O, 0-0, O-O-O, 0-0-0 (o and letters O mixed). */
    if (s[0] == 'O' || s[0] == '0' || s[0] == 'o') {
        int zeros = 0;
        for (i = 0; i < len; i++) {
            if (s[i] == 'O' || s[i] == '0' || s[i] == 'o')
                zeros++;
            else if (s[i] != '-')
                return CHESS_SAN_SYNTAX;
        }
        if (zeros == 2 && len == 3)
            return castle_move(p, 1, m);
        if (zeros == 3 && len == 5)
            return castle_move(p, 0, m);
        return CHESS_SAN_SYNTAX;
    }
    /* Keep the letters and digits that matter: drop 'x', ':', '-'. */
    for (i = 0; i < len; i++) {
        char c = s[i];
        if (c == 'x' || c == ':' || c == '-') {
            capture_mark = 1;
            if (c == '-')
                capture_mark = 0;
            continue;
        }
        if (c == '=' || c == '(' || c == ')' || c == '/')
            continue;
        t[n++] = c;
    }
    if (n < 2)
        return CHESS_SAN_SYNTAX;
    i = 0;
    if (t[0] && strchr("NBRQK", t[0])) {
        kind = t[0] == 'N'   ? CHESS_KNIGHT
               : t[0] == 'B' ? CHESS_BISHOP
               : t[0] == 'R' ? CHESS_ROOK
               : t[0] == 'Q' ? CHESS_QUEEN
                             : CHESS_KING;
        i = 1;
    } else if (t[0] == 'P') {
        i = 1;
    }
    /* A promotion: a piece letter after a last-rank square. */
    if (kind == CHESS_PAWN && n - i >= 3 && promo_kind(t[n - 1]) &&
        (t[n - 2] == '8' || t[n - 2] == '1')) {
        promo = promo_kind(t[n - 1]);
        n--;
    }
    if (n - i < 2 || n - i > 4)
        return CHESS_SAN_SYNTAX;
    if (t[n - 2] < 'a' || t[n - 2] > 'h' || t[n - 1] < '1' || t[n - 1] > '8')
        return CHESS_SAN_SYNTAX;
    to = SQ(t[n - 2] - 'a', t[n - 1] - '1');
    for (; i < n - 2; i++) {
        if (t[i] >= 'a' && t[i] <= 'h' && ffile < 0 && frank < 0)
            ffile = t[i] - 'a';
        else if (t[i] >= '1' && t[i] <= '8' && frank < 0)
            frank = t[i] - '1';
        else
            return CHESS_SAN_SYNTAX;
    }
    if (p->board[to] && COLOR(p->board[to]) == p->side)
        return CHESS_SAN_ILLEGAL;
    if (kind == CHESS_PAWN) {
        int last = p->side ? 0 : 7;
        int capture = ffile >= 0 && ffile != FILE_OF(to);
        if ((RANK_OF(to) == last) != (promo != 0))
            return CHESS_SAN_ILLEGAL;
        if (!capture && capture_mark && ffile < 0)
            return CHESS_SAN_SYNTAX;
        if (capture && !p->board[to] && to != p->ep)
            return CHESS_SAN_ILLEGAL;
        if (!capture && p->board[to])
            return CHESS_SAN_ILLEGAL;
        nf = sources(p, kind, to, capture, from);
    } else {
        nf = sources(p, kind, to, 0, from);
    }
    for (k = 0; k < nf; k++) {
        struct chess_move cand;
        if (ffile >= 0 && FILE_OF(from[k]) != ffile)
            continue;
        if (frank >= 0 && RANK_OF(from[k]) != frank)
            continue;
        fill_move(p, from[k], to, promo, &cand);
        if (!keeps_king_safe(p, &cand))
            continue;
        if (found++)
            return CHESS_SAN_AMBIGUOUS;
        *m = cand;
    }
    return found ? CHESS_SAN_OK : CHESS_SAN_ILLEGAL;
}

void chess_san_write(const struct chess_pos *p, const struct chess_move *m,
                     struct strbuf *out)
{
    int kind = KIND(p->board[m->from]);
    struct chess_pos q;

    if (m->flags & CHESS_MOVE_CASTLE) {
        strbuf_addstr(out, FILE_OF(m->to) == 6 ? "O-O" : "O-O-O");
    } else if (kind == CHESS_PAWN) {
        if (m->flags & CHESS_MOVE_CAPTURE) {
            strbuf_addch(out, 'a' + FILE_OF(m->from));
            strbuf_addch(out, 'x');
        }
        chess_square_name(m->to, out);
        if (m->promo) {
            strbuf_addch(out, '=');
            strbuf_addch(out, piece_chars[m->promo]);
        }
    } else {
        int from[16], nf = sources(p, kind, m->to, 0, from), k;
        int others = 0, same_file = 0, same_rank = 0;
        for (k = 0; k < nf; k++) {
            struct chess_move cand;
            if (from[k] == m->from)
                continue;
            fill_move(p, from[k], m->to, 0, &cand);
            if (!keeps_king_safe(p, &cand))
                continue;
            others++;
            if (FILE_OF(from[k]) == FILE_OF(m->from))
                same_file = 1;
            if (RANK_OF(from[k]) == RANK_OF(m->from))
                same_rank = 1;
        }
        strbuf_addch(out, piece_chars[kind]);
        if (others) {
            if (!same_file) {
                strbuf_addch(out, 'a' + FILE_OF(m->from));
            } else if (!same_rank) {
                strbuf_addch(out, '1' + RANK_OF(m->from));
            } else {
                chess_square_name(m->from, out);
            }
        }
        if (m->flags & CHESS_MOVE_CAPTURE)
            strbuf_addch(out, 'x');
        chess_square_name(m->to, out);
    }
    q = *p;
    chess_make(&q, m);
    if (chess_in_check(&q))
        strbuf_addch(out, has_legal_move(&q) ? '+' : '#');
}
