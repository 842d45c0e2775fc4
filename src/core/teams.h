/* core/teams: the matches of a team competition, built from the players'
 * games and the team records of TRF-26, with the findings that show where
 * the records and the games disagree.
 * SPDX-License-Identifier: MIT
 *
 * A team's round is a match against another team (board by board), a bye
 * or nothing.  It comes from:
 *   - the 001 records: which players met, board by board;
 *   - 310 (or 013) records: the teams and their default board order;
 *   - 300 records: the board order of a team that did not play in its
 *     default order, or played with an unoccupied board (player 0000);
 *   - 330 records: forfeited matches (+- -+ --);
 *   - 240 records: full-, half- and zero-point byes (F H Z);
 *   - 320 records: the pairing-allocated byes with their match and game
 *     points;
 *   - 299 records: abnormal points (a forfeited match scored 2.5-1.5, a
 *     penalty, ...);
 *   - 352 (boards and their colours) and 362 (match points for a win, a
 *     draw and a loss) and 162 (game points).
 * The 310 totals and the informative 802 records are checked against what
 * the results add up to.
 */
#ifndef CORE_TEAMS_H
#define CORE_TEAMS_H

#include <stddef.h>

#include "util/diag.h"

struct tournament;
struct strbuf;

/* What a team's round is. */
enum team_round_kind {
    TR_NONE = 0,    /* no match, no bye, no player with a result: absent */
    TR_MATCH,       /* a match against another team */
    TR_BYE_FULL,    /* full-point bye (240 F) */
    TR_BYE_HALF,    /* half-point bye (240 H) */
    TR_BYE_ZERO,    /* zero-point bye (240 Z, or players without games) */
    TR_BYE_PAIRING, /* pairing-allocated bye (320) */
};

/* One board of a team in a match: its player there and his result. */
struct team_board {
    int player;    /* start number; 0 for an unoccupied board */
    int opp;       /* the opponent's start number; 0 when none */
    char code;     /* the player's result as written ('1' '+' ...) */
    int played;    /* a game over the board */
    double points; /* the player's game points */
};

/* One round of one team. */
struct team_round {
    enum team_round_kind kind;
    int opp;       /* the opponent team (index into t->teams), or -1 */
    char colour;   /* 'w' when the team had white on board 1, 'b', or '-' */
    char result;   /* 'W' 'D' 'L' won, drawn, lost; 'Z' lost without a
                      game (forfeit, absence, zero-point bye); 'F' 'H' 'P'
                      full-point, half-point, pairing-allocated bye */
    int played;    /* a game over the board was played in the match, or
                      the bye's players played ('U') */
    int forfeit;   /* a forfeited match (330) */
    int abnormal;  /* points set by a 299 record */
    double mp, gp; /* match and game points of the round */
    struct team_board *boards; /* n_boards of them for a match, else NULL */
    unsigned line; /* the record that says it (240, 300, 320, 330), or 0 */
};

/* The matches of every team, round by round. */
struct team_table {
    const struct tournament *t;
    size_t n_teams;              /* t->n_teams */
    int n_rounds;                /* t->n_rounds */
    int n_boards;                /* boards a match is played on (352, else the
                                    most a team used) */
    char colours[32];            /* 352: the colour of the first team's player
                                    on each board ("WBWB") */
    double win, draw, loss;      /* match points (362; 2, 1, 0) */
    struct team_round *rounds;   /* n_teams x n_rounds, team-major */
    double *mp, *gp;             /* totals of each team (299 penalties and
                                    bonuses included) */
    double *bonus_mp, *bonus_gp; /* 299 penalties and bonuses of no round */
    struct team_board *boards;   /* storage of every match's boards */
    struct tournament *as_mp;    /* the competition of teams (see below) */
    struct tournament *as_gp;
};

/*
 * Build the matches of the team competition t (t->n_teams > 0) into tt and
 * report to dl, located at the record or the player that shows it, what is
 * inconsistent.  Errors: a team meeting two teams in a round, or players of
 * one team each other; records (240 300 320 330 299) that cannot be read or
 * name unknown teams or players; two byes, two forfeits or two board
 * orders of one team in a round; a bye, a 330 or a 300 record against the
 * games; a 300 list of the wrong length, with a player of another team or
 * without a result, or leaving out a player with a result; more players
 * with a result than boards; a 299 record out of its TRF-26 columns (a
 * note says what it reads in those of the TRF-2025 draft); a 310 total
 * that differs from the results.  Warnings: games that do not pair board
 * by board, or boards out of both teams' 310 order without a 300 record; a
 * 330 record that the boards contradict; a team without a match or a bye
 * record whose first player's result makes it a bye with points; an 802
 * record that disagrees with the results; records for rounds after the
 * last one; 352 and 362 records that cannot be read.  The table is made
 * either way.  Returns ERR_OK, or ERR_DATA when there were errors.  Release
 * with team_table_release().
 */
enum err team_table_build(struct team_table *tt, const struct tournament *t,
                          struct diag_list *dl);
void team_table_release(struct team_table *tt);

/* The round r (0-based) of team k (index into t->teams). */
const struct team_round *team_table_round(const struct team_table *tt, size_t k,
                                          int r);

/*
 * The team competition as a tournament whose players are the teams (start
 * number = team number, name = team name) and whose rounds are the teams'
 * matches: opponent, colour, a result code ('1' '=' '0' for a match with a
 * game over the board, '+' '-' for one without, 'F' 'H' 'Z' 'U' for the
 * byes) and as points the match points (game_points 0) or the game points
 * (game_points 1), with the scoring of a win and a draw set to match
 * points or to game points x boards.  The individual tie-break engine
 * computes Buchholz, progressive score, Koya, wins and direct encounter of
 * the teams on it.  The table owns it.
 */
const struct tournament *team_table_competition(const struct team_table *tt,
                                                int game_points);

/* "a full-point bye", "a match", ... */
const char *team_round_kind_name(enum team_round_kind k);

/* The index into t->teams of the team with this number, or -1. */
int team_table_find(const struct team_table *tt, int no);

/* Append a text dump of the matches (one line per team and round) to
 * out, for tests. */
void team_table_dump(const struct team_table *tt, struct strbuf *out);

#endif
