/* core/knockout: a knock-out section: the bracket, its matches (games
 * played in stages: classic, rapid, blitz, armageddon), who won each and
 * how, and the final places.
 * SPDX-License-Identifier: MIT
 *
 * The bracket has 2^k slots for n players (2^(k-1) < n <= 2^k).  It is
 * read from the cards: round 1's matches are the pairs its rows name (a
 * player alone: a bye), and a later match is fed by the two matches of the
 * round before whose winners play in it.  What the cards do not show yet
 * follows their numbering: the standard one (seed i meets seed 2^k+1-i in
 * match i of round 1, and round r+1's match j is played by the winners of
 * round r's matches j and m+1-j, m matches in round r, so that seeds 1 and
 * 2 can only meet in the final) or the one from the top of the bracket
 * down (round 1's match i is the i-th pair of the standard bracket drawn,
 * round r+1's match j is fed by matches 2j-1 and 2j).  The last round is
 * match 1, the final, and, with a match for third place, match 2 between
 * the losers of the semi-finals.
 *
 * A match is a ladder of stages (seed 000, section 4.2: 2 classic games,
 * then, while level, 2 rapid, 2 blitz and one armageddon game in which a
 * draw means the player with black wins); the first to score more than
 * half of a stage's games wins the match.  A forfeited game counts as a
 * game lost; a walkover (a row without a game number) gives the whole
 * match.  A match whose games are not all played is open.
 */
#ifndef CORE_KNOCKOUT_H
#define CORE_KNOCKOUT_H

#include <stddef.h>

#include "util/diag.h"

struct tournament;
struct strbuf;

enum ko_stage { KO_CLASSIC, KO_RAPID, KO_BLITZ, KO_ARMAGEDDON, KO_N_STAGES };

/* The most steps of a ladder, and of games in one step. */
#define KO_MAX_STEPS 8
#define KO_MAX_GAMES 20
/* The most rounds of a bracket (2^12 = 4096 slots). */
#define KO_MAX_ROUNDS 12

/* The stages a level match goes through, in order. */
struct ko_ladder {
    struct ko_step {
        enum ko_stage stage;
        int games;
    } steps[KO_MAX_STEPS];
    int n;
    char armageddon_draw; /* who wins an armageddon drawn: 'b' or 'w' */
    int third_place;      /* 1: a match for third place */
};

/* Seed 000's: classic 2, rapid 2, blitz 2, armageddon 1, a draw in the
   armageddon for black, a match for third place. */
void ko_ladder_default(struct ko_ladder *l);
/* "classic 2, rapid 2, blitz 2, armageddon 1" */
void ko_ladder_format(const struct ko_ladder *l, struct strbuf *out);

/* classic, rapid, blitz, armageddon */
const char *ko_stage_name(enum ko_stage s);
/* The Ukrainian words: класичні, швидкі, бліц, армагедон. */
const char *ko_stage_name_uk(enum ko_stage s);
/* English or Ukrainian, any case; -1 when unknown. */
int ko_stage_parse(const char *s, enum ko_stage *out);

/* ================================================== typed input */

/* One row of a match card: a game, the walkover of a whole match, or a
   player's bye in round 1 (black 0, code 'U'). */
struct ko_game {
    int round, match;
    int game;              /* 1, 2, ... in the match; 0: a walkover */
    enum ko_stage stage;   /* unused for a walkover */
    int white, black;      /* start numbers; black 0 for a bye */
    char wcode, bcode;     /* TRF result codes: 1 = 0 + -; ' ' not played */
    unsigned line;
    /* Columns of its fields: round, match, game, stage, white, black,
       result. */
    unsigned col_round, col_match, col_game, col_stage, col_white,
        col_black, col_result;
};

/* 1 when row g is a game played over the board: a game number, an
   opponent and a result 1, = or 0 (not a forfeit, a walkover or a
   bye). */
int ko_game_over_board(const struct ko_game *g);

struct ko_input {
    const char *file; /* the match-card CSV */
    struct ko_game *games; /* in file order */
    size_t n;
};

/* ======================================================= engine */

enum ko_status {
    KO_EMPTY = 0, /* its players are not known yet */
    KO_OPEN,      /* being played, or not begun */
    KO_DECIDED,   /* won over the board (forfeited games included) */
    KO_WALKOVER,  /* won without a game */
    KO_BYE        /* no opponent: the player goes through */
};

/* What a match scored in one step of the ladder. */
struct ko_score {
    enum ko_stage stage;
    int games;     /* games with a result */
    double a, b;   /* points of the match's players a and b */
};

struct ko_match {
    int round, no;        /* 1-based; round k no 2: the match for 3rd */
    int a, b;             /* start numbers: a the better seed; 0 none */
    int seed_a, seed_b;   /* 0 for none */
    struct ko_score scores[KO_MAX_STEPS]; /* the steps played, in order */
    int n_scores;
    enum ko_status status;
    int winner, loser;    /* start numbers; 0 while open */
    int decided_step;     /* the step of the ladder that decided; -1 */
    int feed[2];          /* the matches of the round before that feed it
                             (the semi-finals for third place), the one
                             drawn above first; 0 in round 1 */
    int armageddon_draw;  /* 1: decided by a drawn armageddon */
    const struct ko_game **games; /* its rows, by game number */
    size_t n_games;
};

/* A player of the bracket, by seed. */
struct ko_entrant {
    int start_no;
    int seed;
    int round_reached;    /* the last round he has a match in */
    int out;              /* 1: he lost his last match */
    int place_lo, place_hi;
};

struct knockout {
    struct ko_ladder ladder;
    const struct tournament *t;
    int n_rounds;                 /* k */
    int size;                     /* 2^k */
    struct ko_match *matches;     /* round 1 first, by match number */
    size_t n_matches;
    size_t round_first[KO_MAX_ROUNDS + 2]; /* index of round r's match 1 */
    struct ko_entrant *entrants;  /* in place order (then seed) */
    size_t n_entrants;
    const struct ko_game **sorted; /* every row, by round, match, game */
};

/*
 * Build the bracket of t's players (seeds: their start numbers, best seed
 * first, n of them: every player of t; seeded: 1 when the seeds are the
 * registry's or the ratings', and a draw that departs from standard
 * seeding is warned about) from t->ko_input under ladder l,
 * resolve every match and give the places: 1 and 2 from the final, 3 and
 * 4 from the match for third place (shared 3-4 without one), then the
 * players out in the same round share the places after the others
 * (5-8, 9-16, ...); players still in share the places of the round they
 * are in.  What the cards get wrong goes to dl at its FILE:LINE:COL (see
 * knockout.c); the rows in error are left out of the matches.  Returns
 * ERR_OK or ERR_DATA.  Release with knockout_release().
 */
enum err knockout_build(struct knockout *ko, const struct tournament *t,
                        const int *seeds, size_t n, int seeded,
                        const struct ko_ladder *l, struct diag_list *dl);
void knockout_release(struct knockout *ko);

/* Round r's match no, or NULL. */
const struct ko_match *knockout_match(const struct knockout *ko, int round,
                                      int no);
/* The number of matches of round r (the final round: 1 or 2). */
int knockout_round_matches(const struct knockout *ko, int round);
/* The entrant with this start number, or NULL. */
const struct ko_entrant *knockout_entrant(const struct knockout *ko,
                                          int start_no);
/*
 * The matches of round r in the order the bracket draws them top to
 * bottom (so that the two matches feeding one are next to each other):
 * order[0..m-1] are match numbers.  Round k's match for third place is not
 * part of it.
 */
void knockout_draw_order(const struct knockout *ko, int round, int *order);
/*
 * Append the score of a match stage by stage, player first's points first
 * (the match's player a when first is neither): "1–1, 1½–½ швидкі"
 * (classic unnamed, then the Ukrainian stage names); "+–−" for a
 * walkover; "" for a bye or a match not begun.
 */
void ko_match_score(const struct ko_match *m, int first, struct strbuf *out);

#endif
