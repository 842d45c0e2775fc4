/* core/validate: consistency checks of a tournament's results.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_VALIDATE_H
#define CORE_VALIDATE_H

#include <stddef.h>

struct tournament;
struct diag_list;

/*
 * Report to dl every inconsistency of t, located at the line and column of
 * the record that shows it: the two sides of a game that disagree on the
 * opponent, the colours or the result, a player named by two opponents in
 * one round, an unknown opponent, a points column that differs from the
 * results (errors); a rank column out of step with the points, byes with an
 * opponent, games without a result, header counts that disagree
 * (warnings); in a team competition, what team_table_build() reports.
 */
void tournament_validate(const struct tournament *t, struct diag_list *dl);
/* Warnings for the rounds each player missed (no game, no points): gaps
   and a withdrawal before the last round.  Individual competitions only. */
void tournament_absences(const struct tournament *t, struct diag_list *dl);

/*
 * Leave out of t the pairing program's fake player of a bye, a player
 * named like one (util/name.h name_is_bye(): "spielfrei", "bye",
 * "вільний", "——"): each of his opponents' games against him becomes a
 * bye without an opponent (a win 'U', a draw 'H', a loss 'Z'), and he is
 * no player of t; one warning at his record says so.  Not in a team
 * competition (its players are its teams' members).  Record 062, when it
 * counted him, counts the players left.  Returns how many were left out.
 */
size_t tournament_drop_fake_players(struct tournament *t,
                                    struct diag_list *dl);

/* Column of the opponent field of round r (0-based) in a 001 record. */
unsigned trf_round_col(int r);

#endif
