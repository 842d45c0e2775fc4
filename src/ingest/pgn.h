/* ingest/pgn: games in PGN (Portable Game Notation), read as a stream
 * with every move checked by core/chess, and written in export format.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_PGN_H
#define INGEST_PGN_H

#include <stddef.h>

#include "core/chess.h"
#include "util/diag.h"
#include "util/strbuf.h"
#include "util/utf8.h"

/* NAGs one half-move keeps at most (the others are left out). */
#define PGN_NAGS 7

/*
 * What the movetext says of the position after half-move ply (0: before
 * the first move): a comment, and the NAGs of the move that made it
 * (numeric annotation glyphs, 1 to 255: $1 is "!", $14 "+=").
 */
struct pgn_note {
    size_t ply;
    size_t comment;                   /* 1 + its offset in notes; 0: none */
    unsigned char nags[PGN_NAGS + 1]; /* in order, 0-ended */
};

/*
 * One game: its tags (names and values in UTF-8, in the order read), the
 * position it starts from (a FEN tag's, or the initial one), its moves
 * as far as they are legal, the comments and NAGs of its main line, and
 * its result.  Initialise with pgn_game_init(); a reader fills it again
 * for every game.
 */
struct pgn_game {
    const char *file;   /* the file's name, lent by the reader */
    unsigned line;      /* where the game starts */
    struct strbuf text; /* the tags' names and values, each NUL-ended */
    size_t *tags;       /* 2 * nr_tags offsets into text: name, value */
    size_t nr_tags, alloc_tags;
    struct chess_pos start;
    struct chess_move *moves;
    size_t nr_moves, alloc_moves;
    struct strbuf notes;   /* the comments' text (UTF-8), each NUL-ended */
    struct pgn_note *note; /* by ply, one a ply at most */
    size_t nr_notes, alloc_notes;
    /* "1-0", "0-1", "1/2-1/2" or "*": the movetext's end, else the
       Result tag's; "" when neither gives one. */
    char result[8];
    unsigned errors; /* errors found in the game (its moves stop there) */
};

void pgn_game_init(struct pgn_game *g);
void pgn_game_release(struct pgn_game *g);
/* The comments of one game are kept up to this many bytes in all. */
#define PGN_COMMENTS (1024 * 1024)

/* Empty g for another game (its memory kept). */
void pgn_game_reset(struct pgn_game *g);

/* The value of tag name (the first such tag), lent; NULL when none. */
const char *pgn_game_tag(const struct pgn_game *g, const char *name);
const char *pgn_game_tag_name(const struct pgn_game *g, size_t i);
const char *pgn_game_tag_value(const struct pgn_game *g, size_t i);
/* Set tag name to value (copied): the first such tag's value, else a
   new tag at the end. */
void pgn_game_set_tag(struct pgn_game *g, const char *name, const char *value);
/* Append a legal move of the game's last position (for writers). */
void pgn_game_add_move(struct pgn_game *g, const struct chess_move *m);

/*
 * Add the comment text (len bytes of UTF-8) after half-move ply (0:
 * before the first move); a comment there already gets a blank and this
 * one after it.  Kept as a line of words: line ends, tabs and control
 * characters are blanks, a run of blanks is one, none begins or ends it;
 * a '}' is left out (it would end the comment in PGN).  Nothing is kept
 * of a comment of blanks.
 */
void pgn_game_add_comment(struct pgn_game *g, size_t ply, const char *text,
                          size_t len);
/* Add NAG nag (1 to 255; others are left out) to half-move ply (1 or
   more), unless the move has it or PGN_NAGS already. */
void pgn_game_add_nag(struct pgn_game *g, size_t ply, unsigned nag);
/* The comment after half-move ply (0: before the first move), lent;
   NULL when none. */
const char *pgn_game_comment(const struct pgn_game *g, size_t ply);
/* The NAGs of half-move ply, 0-ended and lent ("" when none). */
const unsigned char *pgn_game_nags(const struct pgn_game *g, size_t ply);

/*
 * Append g in PGN export format: the seven-tag roster first (Event, Site,
 * Date, Round, White, Black, Result; "?", "????.??.??" or the game's
 * result where a tag is missing), then the other tags in their order, a
 * blank line, the moves in SAN with their numbers, each followed by its
 * NAGs ($1) and its comment ({...}; a comment before the first move
 * begins the movetext), in lines of at most 79 characters (UTF-8), the
 * result, and a blank line.  A black move after a comment has its number
 * (12...).
 */
void pgn_write(const struct pgn_game *g, struct strbuf *out);

/*
 * A reader of one PGN file, which it reads in chunks (memory does not
 * grow with the file): games one at a time, their tag values converted
 * to UTF-8 (a value that is not UTF-8 is in the encoding enc, or with
 * ENC_AUTO the one encoding_detect() guesses from the file's text).
 */
struct pgn_reader;

/* Open path; NULL after an error (ERR_NOINPUT's kind) added to dl. */
struct pgn_reader *pgn_reader_open(const char *path, enum encoding enc,
                                   struct diag_list *dl);
/* Read len bytes at data (lent; kept until pgn_reader_free), named name. */
struct pgn_reader *pgn_reader_mem(const char *data, size_t len,
                                  const char *name, enum encoding enc);
void pgn_reader_free(struct pgn_reader *r);

/*
 * Read the next game into g.  Returns 1 for a game, 0 at the end of the
 * file, -1 when reading stops: the file is not PGN (binary data, HTML)
 * or cannot be read, one error added to dl.  Each problem of a game is
 * added to dl at FILE:LINE:COL (an illegal or ambiguous move names the
 * move and the position's FEN; the game's later moves are left out) and
 * the next game is read as usual.  The main line's comments ({...} and
 * ';' to the line's end) and NAGs ($n, and a move's !, ?, !!, ??, !?, ?!
 * as $1 to $6) are kept in g's notes, up to PGN_COMMENTS bytes of
 * comments a game (a warning where the rest is cut); variations are
 * skipped with what they hold, and so is what follows a move left out.
 */
int pgn_reader_next(struct pgn_reader *r, struct pgn_game *g,
                    struct diag_list *dl);

/* The number of games read so far. */
size_t pgn_reader_games(const struct pgn_reader *r);

/*
 * Read every game of path, calling fn(game, ctx) for each (nonzero from
 * fn stops the reading).  Returns ERR_OK; ERR_NOINPUT or ERR_IO; or
 * ERR_PARSE when dl received an error.
 */
enum err pgn_read_file(const char *path, enum encoding enc,
                       int (*fn)(const struct pgn_game *g, void *ctx),
                       void *ctx, struct diag_list *dl);

#endif
