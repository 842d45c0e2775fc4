/* pipeline/games: the games of a PGN file, read and checked for the
 * commands (check).
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_GAMES_H
#define PIPELINE_GAMES_H

#include <stddef.h>

#include "util/diag.h"
#include "util/utf8.h"

/* What a PGN file holds. */
struct games_summary {
    size_t games;
    size_t moves; /* half-moves, as far as each game's are legal */
};

/* 1 when path names a PGN file (its name ends in ".pgn", any case). */
int games_is_pgn(const char *path);

/*
 * Read every game of the PGN file path (the encoding of its tag values
 * enc, or detected), each move checked, into *s; every problem goes to
 * dl.  Returns ERR_OK, ERR_NOINPUT, ERR_IO, or ERR_PARSE after errors.
 */
enum err games_check(const char *path, enum encoding enc,
                     struct games_summary *s, struct diag_list *dl);

#endif
