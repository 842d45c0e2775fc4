/* tests/gen/gen-common: what the example generators share (gen-example,
 * gen-ua2004): a deterministic random source, Ukrainian names, the
 * regions, a simple Swiss pairing (score groups, no rematches, colour
 * balance) with games played by strength, and the file writers.
 * SPDX-License-Identifier: MIT
 */
#ifndef GEN_COMMON_H
#define GEN_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "util/strbuf.h"

struct tournament;

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_ROUNDS 11

/* The random source: set rng_state, then draw. */
extern uint64_t rng_state;
uint64_t rng_next(void);
int rnd(int n);      /* 0 .. n-1 */
double rnd01(void);  /* [0, 1) */

/* A given name of a boy ('m') or a girl, a patronymic, a surname (each one
   draw). */
const char *gen_given(char sex);
const char *gen_patronymic(char sex);
const char *gen_surname(void);
/* A surname for a woman: "-ий" becomes "-а". */
void surname_for(char *out, size_t n, const char *s, char sex);
/* A coach's full name (adult, either sex). */
void coach_name(char *out, size_t n);

struct region_info {
    const char *spellings[3]; /* how the registry writes it */
    const char *city;         /* for clubs */
    int weight;
};
extern const struct region_info regions[];
extern const size_t n_regions;
/* A region, by weight. */
int pick_region(void);

/* A player of a Swiss section during the simulation. */
struct sp {
    int person;
    int no;
    int strength;   /* plays by it (Elo-like) */
    double score;
    int opp[MAX_ROUNDS];
    char col[MAX_ROUNDS];
    char res[MAX_ROUNDS]; /* TRF code */
    int nw, nb;
    int had_bye;
    int out_from;   /* withdrawn from this round (0-based); MAX_ROUNDS none */
    int hbye_round; /* -1 none */
    double bh[4];   /* BH/C1, BH/C2, BH/C3 (index 1..3) */
    int wins;
    int rank;
};

/* Pair and play rounds 1..rounds of ps[0..n) (forfeits: about that many
   forfeited games in 400). */
void simulate(struct sp *ps, int n, int rounds, int forfeits);

void die(const char *what);
void write_file(const char *dir, const char *name, const struct strbuf *sb);
/* UTF-8 to Windows-1251 (every character used exists there). */
void to_cp1251(struct strbuf *out, const char *s);
/* A CSV field, quoted when it holds the delimiter, a quote or a break. */
void csv_put(struct strbuf *out, const char *s, char delim);
/* A header record of a TRF file. */
void add_record(struct tournament *t, const char *code, const char *text);

/* The header of a Swiss section's TRF file (records 012 to 122, XXR). */
struct gen_trf_header {
    const char *title, *city, *first_day, *last_day; /* "2023/06/02" */
    const char *arbiter, *deputy, *time_control;
    int players, rated, rounds;
};
void gen_trf_header(struct tournament *t, const struct gen_trf_header *h);

/* A player of a Swiss section, as simulate() played him. */
struct gen_trf_player {
    char sex;           /* 'm' or 'f' */
    const char *title;  /* TRF title ("g", "wm"); NULL: none */
    const char *name;   /* "Прізвище, Ім'я" */
    const char *fide_id;
    int rating;
    int by, bm, bd;     /* birth date */
};
void gen_trf_player(struct tournament *t, const struct sp *s,
                    const struct gen_trf_player *p, int rounds);

/*
 * The games of a section simulate() played, as PGN in rounds and boards
 * (by the white player's number): legal random moves (core/chess) that
 * end as the result says, with no mate or stalemate on the board (a
 * resignation or an agreed draw: the Result tag is what counts).  name:
 * a player's name in the tags.  byes: a bye is a game against "bye" and
 * a forfeit one without moves ([Termination "forfeit"]), as a section
 * given by its games alone has them; else both are left out.  The moves
 * are drawn from their own random source (seed): rng_state is kept.  With
 * notes, the first board of each round has a comment on how the game
 * ended, of every third round also one before the moves and a move marked
 * "!?" ($5) with a comment.
 */
struct pgn_game;
struct gen_pgn {
    const char *event, *site;
    int y, m, d; /* the first round's day; each round a day later */
    void (*name)(char *out, size_t n, int person);
    /* More tags of a player (side "White" or "Black"); may be NULL. */
    void (*player_tags)(struct pgn_game *g, const char *side, int person);
    int byes;
    int notes; /* a few games with comments and a NAG */
};
void gen_pgn_games(struct strbuf *out, const struct sp *ps, int n, int rounds,
                   const struct gen_pgn *g, uint64_t seed);
/*
 * One game as gen_pgn_games() writes them, of round round (1-based), its
 * Round tag "ROUND.NO", dated day days after gp's first day, with plies
 * random half-moves drawn from rng_state; who: the players for
 * gp->player_tags.
 */
void gen_pgn_game(struct strbuf *out, const struct gen_pgn *gp, int round,
                  int no, int day, const int *who, const char *white,
                  const char *black, const char *result, int plies);

#endif
