/* core/teams: the matches of a team competition, built from the players'
 * games and the typed team inputs, with the findings that show where the
 * inputs and the games disagree.
 * SPDX-License-Identifier: MIT
 *
 * A team's round is a match against another team (board by board), a bye
 * or nothing.  It comes from:
 *   - the players' games: which players met, board by board;
 *   - the teams (TRF 310 or 013): their default board order;
 *   - line-ups (TRF 300): the board order of a team that did not play in
 *     its default order, or played with an unoccupied board (player 0000);
 *   - forfeited matches (TRF 330: +- -+ --);
 *   - byes: full-, half- and zero-point (TRF 240: F H Z) and the
 *     pairing-allocated byes with their match and game points (TRF 320);
 *   - abnormal points (TRF 299: a forfeited match scored 2.5-1.5, a
 *     penalty, ...);
 *   - the boards and their colours (TRF 352), the match points of a win, a
 *     draw and a loss (TRF 362) and the game points (TRF 162).
 * The teams' totals and the informative team summaries (TRF 802) are
 * checked against what the results add up to.  The inputs are typed
 * (struct team_input below): the TRF reader (ingest/trf-teams.c) reads the
 * records into them, and reports what cannot be read.
 */
#ifndef CORE_TEAMS_H
#define CORE_TEAMS_H

#include <stddef.h>

#include "util/diag.h"

struct tournament;
struct strbuf;

/* The most boards a match is played on. */
#define TEAM_MAX_BOARDS 31

/* What a team's round is. */
enum team_round_kind {
    TR_NONE = 0,    /* no match, no bye, no player with a result: absent */
    TR_MATCH,       /* a match against another team */
    TR_BYE_FULL,    /* full-point bye (240 F) */
    TR_BYE_HALF,    /* half-point bye (240 H) */
    TR_BYE_ZERO,    /* zero-point bye (240 Z, or players without games) */
    TR_BYE_PAIRING, /* pairing-allocated bye (320) */
};

/* ====================================================== typed inputs */

/* Where a team input was read, for findings: the file, the line and the
 * column that findings about it name. */
struct team_where {
    const char *file;
    unsigned line, col;
};

/* A bye of one team in one round (TRF 240 F H Z, or 320). */
struct team_bye {
    int round;                 /* 0-based, below t->n_rounds */
    int team;                  /* index into t->teams */
    enum team_round_kind kind; /* TR_BYE_FULL, TR_BYE_HALF, TR_BYE_ZERO or
                                  TR_BYE_PAIRING */
    double mp, gp;             /* the points it gives, when has_points */
    int has_points;
    const char *record;   /* what says it, for findings ("240") */
    struct team_where at; /* col: its first team */
};

/* A board of a line-up: the player and where he is written. */
struct team_lineup_board {
    int player; /* start number; 0 for an unoccupied board */
    unsigned col;
};

/* The board order of a team in a match (TRF 300). */
struct team_lineup {
    int round;                        /* 0-based, below t->n_rounds */
    int team, opp;                    /* indexes into t->teams */
    struct team_lineup_board *boards; /* board 1 first */
    int n_boards;                     /* at most TEAM_MAX_BOARDS */
    struct team_where at;             /* col: the team */
    unsigned boards_col;              /* where the boards begin */
};

/* A forfeited match (TRF 330). */
struct team_forfeit {
    int round;            /* 0-based, below t->n_rounds */
    int white, black;     /* indexes into t->teams, not the same */
    char type[3];         /* "+-", "-+" or "--": white's, black's result */
    struct team_where at; /* col: the teams */
    unsigned type_col;    /* where the type is */
};

/* Abnormal points (TRF 299). */
struct team_abnormal {
    char type;     /* the results it rescores: 'W' 'D' 'L' won, drawn,
                      lost over the board; '+' '-' a forfeited match won,
                      lost; 'F' 'H' 'Z' the byes; ' ': it adds a bonus or
                      a penalty */
    double mp, gp; /* the match and game points, when has_mp, has_gp */
    int has_mp, has_gp;
    int round;  /* 0-based, or -1 for every round */
    int *teams; /* indexes into t->teams; NULL for every team */
    int n_teams;
    struct team_where at;
};

/* One round of a team summary: what the team had and its game points. */
struct team_summary_round {
    enum team_round_kind kind; /* TR_MATCH or a bye (TR_BYE_*) */
    int opp;                   /* TR_MATCH: the opponent's team number */
    double gp;
    unsigned col; /* where the round is written */
};

/* What an informative summary (TRF 802) says of a team, round by round as
 * far as it could be read. */
struct team_summary {
    int team; /* index into t->teams */
    struct team_summary_round *rounds;
    int n_rounds;
    struct team_where at;
};

/*
 * The team records of a competition, typed.  Every team and round index is
 * valid for the tournament they belong to; the reader left out what it
 * could not read or what names unknown teams.  A tournament without them
 * (t->team_input NULL) has no line-ups, forfeits or bye records, 2, 1, 0
 * match points and its boards counted from the games.
 */
struct team_input {
    struct team_bye *byes; /* a later bye of a team in a round wins */
    size_t n_byes;
    struct team_lineup *lineups;
    size_t n_lineups;
    struct team_forfeit *forfeits;
    size_t n_forfeits;
    struct team_abnormal *abnormal;
    size_t n_abnormal;
    struct team_summary *summaries;
    size_t n_summaries;
    int n_boards; /* boards of a match (352); 0: not given */
    char colours[TEAM_MAX_BOARDS + 1]; /* with n_boards: the colour of the
                                          first team's player on each
                                          board ("WBWB") */
    double win, draw, loss; /* match points (362), when has_win, ... */
    int has_win, has_draw, has_loss;
};

/* ======================================================= the matches */

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
 * Build the matches of the team competition t (t->n_teams > 0) from its
 * games and its typed inputs (t->team_input) into tt and report to dl,
 * located at the input or the player that shows it, what is inconsistent.
 * Errors: a team meeting two teams in a round, or players of one team each
 * other; line-ups (300) naming unknown players; two byes, two forfeits or
 * two board orders of one team in a round; a bye, a forfeit (330) or a
 * line-up against the games; a line-up of the wrong length, with a player
 * of another team or without a result, or leaving out a player with a
 * result; more players with a result than boards; a team total (310) that
 * differs from the results.  Warnings: games that do not pair board by
 * board, or boards out of both teams' 310 order without a line-up; a
 * forfeit that the boards contradict; a team without a match or a bye
 * whose first player's result makes it a bye with points; a team summary
 * (802) that disagrees with the results.  (What cannot be read, the TRF
 * reader reports.)  The table is made either way.  Returns ERR_OK, or
 * ERR_DATA when there were errors.  Release with team_table_release().
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
