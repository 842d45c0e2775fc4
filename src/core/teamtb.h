/* core/teamtb: the tie-breaks of a team competition (C.07 team section and
 * the Ukrainian board points), computed on the matches of core/teams.
 * SPDX-License-Identifier: MIT
 *
 * Buchholz, Sonneborn-Berger, progressive score, Koya, wins and direct
 * encounter of teams are the individual engine's, run on the competition
 * of teams (team_table_competition()) with match points or game points as
 * a round's points: BH:MP, BH:GP, EMMSB (SB on match points), EGGSB (on
 * game points), EMGSB and EGMSB (the opponents' score in one, the team's
 * own result in the other), PS:MP, KS:MP, WIN, WON, DE.  Here are the
 * rest: the board tie-breaks BC, TBR and BBE (board points as the FIDE
 * tie-break checker counts them: the games of a match played over the
 * board, and for a round without one each board worth the round's result),
 * the extended direct encounter EDE and EDET, the totals MPTS, GPTS,
 * MPvGP, and the Ukrainian weighted board points WBP (2004: boards 6..1).
 */
#ifndef CORE_TEAMTB_H
#define CORE_TEAMTB_H

#include <stddef.h>

#include "core/tiebreak.h"

struct team_table;
struct strbuf;

struct team_tb_context;

/*
 * Prepare the tie-breaks of the teams of tt over rounds 1..n_rounds under
 * policy (not TB_POLICY_DEFAULT); round_robin 0 or 1; primary 'M' or 'G':
 * what ranks first and what a tie-break without :MP or :GP works on.  tt
 * must stay unchanged while the context lives.
 */
struct team_tb_context *team_tb_context_new(const struct team_table *tt,
                                            int n_rounds,
                                            enum tiebreak_policy policy,
                                            int round_robin, char primary);
void team_tb_context_free(struct team_tb_context *c);

/* The individual engine's context of the competition of teams on match
 * points ('M') or game points ('G'). */
struct tiebreak_context *team_tb_engine(struct team_tb_context *c, char points);

/* The primary points of team k (index into t->teams): match or game points
 * over the rounds counted, with the 299 bonuses and penalties. */
double team_tb_points(const struct team_tb_context *c, size_t k);

/*
 * Compute tb (resolved for teams: tiebreak_rules_resolve()) for every team;
 * out[k] belongs to t->teams[k].  Not for the tie-breaks made inside the
 * group still tied (TBD_GROUP: DE, EDE, EDET, TBR, BBE).
 */
void team_tb_compute(struct team_tb_context *c, const struct tiebreak *tb,
                     struct tiebreak_value *out);

/*
 * A tie-break made inside a group of teams (indexes) still level on
 * everything before it, which holds places first_place ..: pos[k] gets
 * group[k]'s position inside the group (1 = best, equal for teams it does
 * not separate), or 0 for all when it separates nobody.  DE as
 * tiebreak_direct_encounter(); EDE: direct encounter on the primary
 * points, then on the others, again and again until neither separates
 * more; EDET: then two teams still level by their match board by board
 * (board 1 first); TBR: the board points of board 1, then of board 2, ...;
 * BBE: the board points without the last board, then without the last
 * two, ...  Returns the number of teams separated.
 */
size_t team_tb_group(struct team_tb_context *c, const struct tiebreak *tb,
                     const int *group, size_t n, int first_place,
                     int prize_places, int *pos);

/*
 * Append to out how tb's value of team k was made (round by round, or
 * board by board).  For the group tie-breaks, group (n teams, k among them)
 * is the group it was made in.
 */
void team_tb_explain(struct team_tb_context *c, const struct tiebreak *tb,
                     size_t k, const int *group, size_t n, struct strbuf *out);

#endif
