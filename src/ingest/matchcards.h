/* ingest/matchcards: the match cards of a team competition (a section
 * with system = team and a CSV file) read into the same struct tournament
 * a TRF team file gives.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_MATCHCARDS_H
#define INGEST_MATCHCARDS_H

#include "ingest/csv.h"
#include "util/diag.h"

struct event;
struct section;

/* The entries of seed 000 (4.3): up to 12 players, of them up to 4
 * foreigners, 8 of whom play in the competition. */
#define MATCHCARDS_ENTRY_MAX     12
#define MATCHCARDS_FOREIGN_MAX   4
#define MATCHCARDS_SQUAD_MAX     8

/*
 * Build the results of team section s from its match cards c: one row
 * per board, with the columns тур/round, господарі/home, гості/away,
 * дошка/board, гравець господарів/home player, гравець гостей/away
 * player, результат/result (from the home player's side, as the results
 * CSV writes it: 1-0, ½-½, +/-, ...) and optionally колір/colour (the
 * home player's: б/w or ч/b; else white on the odd boards).  A row
 * without a board is the whole match: forfeited (+/-, -/+, -/-) or its
 * score (3½-2½), checked against the boards.  The teams and their
 * entries come from the registry already in ev (команда/team,
 * порядок/order, роль/role): the teams are numbered in the order the
 * registry first names them, their players (those who played) in team
 * order and then entry order; the boards are the section's 'boards' or
 * the most a match used.  Each player is the registry person of his
 * team whose join key (util/name.h) his name has.  Reported at
 * FILE:LINE:COL (errors): a person on two teams, an entry without its
 * order or with an order twice, more players or foreigners than an entry
 * holds, a team that fields more than its squad; unknown teams, a player
 * not in his team's entry, a line-up out of the entry's order, a board
 * played twice, a player on two boards of a round, a match whose boards
 * are missing, a team in two matches of a round, a match score the
 * boards contradict.  Rows with errors are left out.  Sets s->t
 * (with TRF team records 352, 300 and 330 written as a TRF file would
 * have them, so that 'convert' writes them) and s->person.  Returns
 * ERR_OK or ERR_PARSE.
 */
enum err matchcards_load(const struct csv *c, struct event *ev,
                         struct section *s, struct diag_list *dl);
/* Read and load the file at s->path; ERR_NOINPUT when it is missing. */
enum err matchcards_read(const struct csv_options *opts, struct event *ev,
                         struct section *s, struct diag_list *dl);

#endif
