/* ingest/eventgames: a section's games in PGN: joined to its results
 * (games = ...), or its results themselves (file = X.pgn).
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_EVENTGAMES_H
#define INGEST_EVENTGAMES_H

#include "core/event.h"
#include "core/tournament.h"
#include "util/diag.h"
#include "util/utf8.h"

/*
 * Build a section's results from the PGN file at path (a historic
 * section known only by its games), as a results CSV of the same games
 * would (ingest/results.h): a game's Round tag ("3", or "3.2": round 3,
 * board 2), White, Black and Result; the players numbered in the order
 * they first appear.  A result of 1-0 or 0-1 with [Termination
 * "forfeit"] or no moves is a forfeit; a game against "bye" (or another
 * name pairing programs give a bye's stand-in) is the bye of the other
 * player; a round in which a player has no game, his absence; a game
 * with the result "*", not played yet.  Every problem goes to dl at
 * FILE:LINE:COL.  *out is NULL when no game could be read.  Returns
 * ERR_OK, ERR_NOINPUT, ERR_IO or ERR_PARSE.
 */
enum err eventgames_results(const char *path, enum encoding enc,
                            struct tournament **out, struct diag_list *dl);

/*
 * Join the games of section s (its games files, and its results file
 * when that is a PGN) to its results, once its players are joined to
 * the registry (event_join()): each game to the results' game of its
 * round with the same two players, named as the registry's joins name
 * them (the FIDE ID, the name's join key, transliterated or cut short).
 * Reported to dl: a result that is not the results' (an error at the
 * game), a game with the colours the other way round, a game of a
 * player or a pair the results do not know (warnings at the game), and
 * once for the section the results' games without a game in PGN (a
 * warning at the games entry of event.ini); the files' own problems
 * (an illegal move) at FILE:LINE:COL.  The joined games go to
 * s->games_pgn in export format.  Returns ERR_OK, or the worst reading
 * error.
 */
enum err eventgames_join(struct event *ev, struct section *s, enum encoding enc,
                         struct diag_list *dl);

#endif
