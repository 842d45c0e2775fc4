/* core/tiebreak/internal: what the files of the tie-break engine share (the
 * context of a section, its rounds, the helpers of --explain, and the
 * functions the rows of the table point to).  Not for the rest of the
 * program: it includes core/tiebreak.h.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_TIEBREAK_INTERNAL_H
#define CORE_TIEBREAK_INTERNAL_H

#include <stddef.h>

#include "core/rating.h"
#include "core/tiebreak.h"

struct strbuf;
struct team_tb_context;

/* ============================================================ context */

/* What one round of one player is, for the tie-breaks. */
enum round_flags {
    R_PLAYED = (1 << 0), /* a game, or a round "played" without an opponent
                            (pairing-allocated bye, '0000 - =') as the FIDE
                            checker counts it */
    R_GAME = (1 << 1),   /* a game over the board against an opponent */
    R_VUR = (1 << 2),    /* a voluntarily unplayed round (C.07 16.2) */
    R_BLACK = (1 << 3),  /* the player had black */
    R_WIN = (1 << 4)     /* the round is worth a win */
};

struct rnd {
    double pts;         /* points of the round under the section's scoring */
    int opp;            /* opponent's player index, or -1 */
    unsigned char f;    /* enum round_flags */
    unsigned char s100; /* the game's result x 100 for ratings: 100 50 0 */
    char code;          /* the result letter as written */
};

/* One value that a Buchholz-like sum adds up. */
struct item {
    double score;        /* the opponent's (or dummy's) score */
    double val;          /* what is added: score, or score x points for SB */
    short round;         /* 0-based */
    unsigned char vur;   /* a voluntarily unplayed round */
    unsigned char cut;   /* cut (for --explain) */
};

/* A player's score as his opponents count it: C.07, C.07 for Fore
 * Buchholz, the 2009 rule. */
enum adj_kind { ADJ_C07, ADJ_C07_FORE, ADJ_2009, ADJ_KINDS };

/* An opponent's rating and the points scored against him x 100. */
struct rated {
    int rating;
    int s100;
};

struct tiebreak_context {
    const struct tournament *t;
    int n; /* rounds counted */
    size_t np;
    enum tiebreak_policy policy;
    int rr;
    double win, draw;
    struct rnd *r;          /* np * n, player-major */
    double *score;          /* points over rounds 1..n */
    int *lna;               /* last round (1-based) that is not a VUR */
    int *lmp;               /* last round with an opponent or played */
    double *adj[ADJ_KINDS]; /* a player's score as his opponents count it */
    double *own_fore;       /* FB: own score with the last round a draw */
    int *rating;            /* each player's rating (0: unrated) */
    int all_rated;
    struct item *it;             /* scratch, n + 1 */
    struct item *items;          /* scratch, n + 1 */
    struct rated *rated;         /* scratch, n + 1 */
    struct rating_expect pd;     /* expected scores by rating difference */
    double *sb_pts;              /* np * n: what SB multiplies by, when
                                    not the points of the round */
    int *mark;                   /* scratch, np: position in a DE group + 1 */
    double *tmp;                 /* scratch, np */
    struct tiebreak_value *vals; /* scratch, np */
    /* The Buchholz-like items of every player (buchholz.c) for the kind,
       policy and /P of bh_key (0: none yet), kept for the next criterion
       of the same: bh_sum[p] their values added up in round order;
       bh_count[p] their number, their values at bh_vals[p * n] (in
       ascending order once bh_sorted); or bh_count[p] -1 and their scores
       by round there, bh_flags saying which rounds have one and which are
       voluntarily unplayed. */
    double *bh_sum;
    int *bh_count;
    double *bh_vals;
    unsigned char *bh_flags;
    int bh_key;
    int bh_sorted;
    /* ARO, TPR and PTP of every player (performance.c) for two sets of
       cuts: perf[s] holds np * 3 whole numbers (PERF_UNDEFINED for an
       undefined one); perf_key[s] 0 when empty, perf_ptp[s] 1 when the
       PTPs were made too. */
    int *perf[2];
    long long perf_key[2];
    int perf_ptp[2];
    int perf_next;
};

/* Round r (0-based) of player p. */
static inline struct rnd *R(const struct tiebreak_context *c, size_t p, int r)
{
    return &c->r[p * (size_t)c->n + (size_t)r];
}

/* Under the 2009 rule, is round x a game (the opponent counts with his
   score) or unplayed (a virtual opponent)?  A round robin counts a forfeit
   as played: the opponent was scheduled whatever happened. */
static inline int vo2009_game(const struct tiebreak_context *c,
                              const struct rnd *x)
{
    return (x->f & R_GAME) || (c->rr && x->opp >= 0);
}

/* What SB multiplies an opponent's score by in round r of player p. */
static inline double sb_points(const struct tiebreak_context *c, size_t p,
                               int r)
{
    return c->sb_pts ? c->sb_pts[p * (size_t)c->n + (size_t)r]
                     : R(c, p, r)->pts;
}

/* The unplayed-round policy of tb: its own /V, else the section's. */
static inline enum tiebreak_policy policy_of(const struct tiebreak_context *c,
                                             const struct tiebreak *tb)
{
    return tb->policy >= 0 ? (enum tiebreak_policy)tb->policy : c->policy;
}

/*
 * A player's score as his opponents' Buchholz counts it, made once per
 * context (context.c).  C.07 (16.3): rounds after his last round that is
 * not voluntarily unplayed, where he had no opponent, count as draws
 * (nothing in a round robin); Fore Buchholz also counts his last-round
 * game as a draw.  2009: every unplayed round counts as a draw.
 */
const double *tb_adjusted(struct tiebreak_context *c, enum adj_kind k);

/* The average over the opponents p met over the board of their values v
 * (undefined ones left out), in hundredths or rounded to a whole number. */
void tb_average_of_opponents(const struct tiebreak_context *c, size_t p,
                             const struct tiebreak_value *v, int hundredths,
                             struct tiebreak_value *out);

/* The row for len bytes of s, a code or its alias (case-insensitive), or
 * NULL (table.c). */
const struct tiebreak_def *tb_def_find(const char *s, size_t len);

/* Are len bytes of a, upper-cased, the string b? */
int tb_eq_nocase(const char *a, size_t alen, const char *b);

/* ============================================================ explain */

/* "12 Name (w 1)": player p's opponent and result in round r. */
void tb_put_opponent(const struct tiebreak_context *c, size_t p, int r,
                     struct strbuf *out);

/* A value with one decimal, or two when it is a quarter. */
void tb_put_num(struct strbuf *out, double v);

/* Explain an average of the opponents' values (AOB, APRO, APPO): each
 * opponent met over the board with his value of the tie-break code. */
void tb_explain_opponents(struct tiebreak_context *c, const struct tiebreak *tb,
                          size_t p, const char *code, struct strbuf *out);

/* ====================================================== the functions */

/*
 * What the rows of the table (table.c) point to.  A compute function fills
 * out[] for every player of the context (zeroed before), an explain
 * function appends how player p's value was made, after the line that
 * gives it (see tiebreak_compute(), tiebreak_explain()).
 * TB_ROW_FUNCTIONS(bh) declares tb_bh() and tb_bh_explain(); the family's
 * file defines them.
 */
#define TB_ROW_FUNCTIONS(name)                                                 \
    void tb_##name(struct tiebreak_context *c, const struct tiebreak *tb,      \
                   struct tiebreak_value *out);                                \
    void tb_##name##_explain(struct tiebreak_context *c,                       \
                             const struct tiebreak *tb, size_t p,              \
                             struct strbuf *out)

/* buchholz.c */
TB_ROW_FUNCTIONS(bh);
TB_ROW_FUNCTIONS(fb);
TB_ROW_FUNCTIONS(sb);
TB_ROW_FUNCTIONS(aob);
/* counts.c */
TB_ROW_FUNCTIONS(pts);
TB_ROW_FUNCTIONS(ps);
TB_ROW_FUNCTIONS(win);
TB_ROW_FUNCTIONS(won);
TB_ROW_FUNCTIONS(bpg);
TB_ROW_FUNCTIONS(bwg);
TB_ROW_FUNCTIONS(ge);
TB_ROW_FUNCTIONS(ks);
/* performance.c */
TB_ROW_FUNCTIONS(aro);
TB_ROW_FUNCTIONS(tpr);
TB_ROW_FUNCTIONS(ptp);
TB_ROW_FUNCTIONS(apro);
TB_ROW_FUNCTIONS(appo);

/*
 * team.c.  An engine function picks the context of the competition of
 * teams and the individual tie-break that makes a team tie-break (BH:GP is
 * BH on game points, EMGSB is SB on match points multiplying by game
 * points); the others compute on the teams themselves, or inside the group
 * still tied (team_tb_group()).
 */
#define TB_TEAM_ENGINE(name)                                                   \
    struct tiebreak_context *tb_team_##name(struct team_tb_context *c,         \
                                            const struct tiebreak *tb,         \
                                            struct tiebreak *as)
#define TB_TEAM_ROW_FUNCTIONS(name)                                            \
    void tb_team_##name(struct team_tb_context *c, const struct tiebreak *tb,  \
                        struct tiebreak_value *out);                           \
    void tb_team_##name##_explain(                                             \
        struct team_tb_context *c, const struct tiebreak *tb, size_t k,        \
        const int *group, size_t n, const struct tiebreak_value *v,            \
        struct strbuf *out)
#define TB_TEAM_GROUP(name)                                                    \
    size_t tb_team_##name(struct team_tb_context *c,                           \
                          const struct tiebreak *tb, const int *group,         \
                          size_t n, int first_place, int prize_places,         \
                          int *pos)

TB_TEAM_ENGINE(on_points);
TB_TEAM_ENGINE(on_match_points);
TB_TEAM_ENGINE(sb_mm);
TB_TEAM_ENGINE(sb_mg);
TB_TEAM_ENGINE(sb_gm);
TB_TEAM_ENGINE(sb_gg);
TB_TEAM_ROW_FUNCTIONS(mpts);
TB_TEAM_ROW_FUNCTIONS(gpts);
TB_TEAM_ROW_FUNCTIONS(mpvgp);
TB_TEAM_ROW_FUNCTIONS(bc);
TB_TEAM_ROW_FUNCTIONS(wbp);
TB_TEAM_GROUP(de);
TB_TEAM_GROUP(tbr);
TB_TEAM_GROUP(bbe);
TB_TEAM_GROUP(ede);
TB_TEAM_GROUP(edet);

/* How a group tie-break of teams was made: the group and the boards of
 * its teams (TBR, BBE), or the matches among them (DE, EDE, EDET). */
void tb_team_boards_explain(struct team_tb_context *c,
                            const struct tiebreak *tb, size_t k,
                            const int *group, size_t n,
                            const struct tiebreak_value *v, struct strbuf *out);
void tb_team_matches_explain(struct team_tb_context *c,
                             const struct tiebreak *tb, size_t k,
                             const int *group, size_t n,
                             const struct tiebreak_value *v,
                             struct strbuf *out);

#endif
