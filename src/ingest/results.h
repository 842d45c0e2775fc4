/* ingest/results: a section's results as a CSV of games, read into the
 * same struct tournament the TRF reader builds.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_RESULTS_H
#define INGEST_RESULTS_H

#include "core/tournament.h"
#include "ingest/csv.h"
#include "util/diag.h"

/*
 * Build a tournament from a parsed results CSV: one row per game, with
 * columns found by header: тур/round, дошка/board (optional), білі/white,
 * чорні/black, результат/result, and optionally ст. № білих/white no and
 * ст. № чорних/black no.  A player is named by start number, by name, or
 * both; players named only by name are numbered after the others, in the
 * order they first appear.  Results: 1-0, 0-1, ½-½ (also 1/2-1/2, 0.5-0.5,
 * =), +/- and -/+ (forfeits), -/- (both absent), as TRF pairs ("1:0",
 * "+:-") too; a row without a black player is a bye of the white one: bye
 * or U (pairing-allocated), F, + or 1 (full point), H, ½ or = (half
 * point), Z, 0 or - (zero).  An empty result is a game not yet played.
 *
 * A header with a матч/match or етап/stage column makes the file the match
 * cards of a knock-out (core/knockout.h): тур/round, матч/match,
 * партія/game (blank or 0: the walkover of a whole match, result +/- or
 * -/+), етап/stage (classic, rapid, blitz, armageddon; класичні, швидкі,
 * бліц, армагедон), білі/white, чорні/black, результат/result; the rows go
 * to t->ko_input and the players get no rounds.
 * Every problem goes to dl as FILE:LINE:COL.  *out is NULL when no game
 * could be read.  Returns ERR_OK or ERR_PARSE.
 */
enum err results_load(const struct csv *c, struct tournament **out,
                      struct diag_list *dl);
/*
 * The TRF result codes of the two sides of a game result as the results
 * CSV writes it ("1-0", "½ – ½", "+/-", "1:0"): *w and *b one of 1 = 0
 * + - W L D.  Returns 0, or -1 when not understood.
 */
int results_parse_game(const char *s, char *w, char *b);

/* Read and load the file at path; ERR_NOINPUT when it is missing. */
enum err results_read(const char *path, const struct csv_options *opts,
                      struct tournament **out, struct diag_list *dl);

#endif
