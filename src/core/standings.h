/* core/standings: the ranking of a section: points, tie-breaks, shared
 * places, direct encounter and play-offs.
 * SPDX-License-Identifier: MIT
 *
 * The documents render from struct standings (read-only): each row names a
 * player, his points, the value of every tie-break of s->rules (in that
 * order, with an "undefined" flag), his place or shared places, and what
 * decided the place.  The tie-break descriptors (s->rules.tb[i]) give the
 * FIDE code and the Ukrainian heading and full name for the legend.
 */
#ifndef CORE_STANDINGS_H
#define CORE_STANDINGS_H

#include <stddef.h>

#include "core/tiebreak.h"
#include "util/diag.h"

struct tournament;
struct strbuf;
struct team_table;
struct team_tb_context;

/* What decided a place, beyond the points. */
enum standings_flags {
    STANDINGS_SHARED = (1 << 0),         /* level on every criterion: the
                                            place is shared ("4-5") */
    STANDINGS_BY_DE = (1 << 1),          /* direct encounter decided it */
    STANDINGS_PLAYOFF_NEEDED = (1 << 2), /* a prize-place tie that only a
                                            play-off can break (rules with
                                            play-offs, none entered yet) */
    STANDINGS_BY_PLAYOFF = (1 << 3),     /* a play-off result decided it */
    STANDINGS_DE_NOT_APPLIED = (1 << 4)  /* DE/A was due but did not apply:
                                            not every tied player met every
                                            other, or no prize place */
};

/* decided_by values besides a tie-break index. */
#define STANDINGS_BY_POINTS (-1) /* alone on his points */
#define STANDINGS_UNDECIDED (-2) /* place shared */
#define STANDINGS_PLAYOFF   (-3) /* decided by a play-off */

struct standings_row {
    int player; /* index into t->players */
    int start_no;
    double points;
    /* One value per tie-break of s->rules, in that order. */
    const struct tiebreak_value *values;
    int place_lo; /* shared places: 4 and 5 for "4-5"; equal when alone */
    int place_hi;
    unsigned flags; /* enum standings_flags */
    /*
     * The criterion that separated the player from everyone level with
     * him on points: an index into s->rules.tb, or STANDINGS_BY_POINTS,
     * STANDINGS_UNDECIDED, STANDINGS_PLAYOFF.
     */
    int decided_by;
};

/*
 * A play-off: the start numbers of the players in their finishing order,
 * where it was entered (file NULL for the command line) and a note for the
 * documents ("бліц, 2½ : 1½"; may be NULL).
 */
struct playoff {
    const int *start_nos;
    size_t n;
    const char *file;
    unsigned line, col;
    const char *note;
};

struct standings_options {
    int n_rounds;                       /* 0: every round of the file */
    const struct tiebreak_rules *rules; /* NULL: points only */
    const struct playoff *playoffs;     /* results entered, or NULL */
    size_t n_playoffs;
    const struct team_table *teams; /* rank these teams (a team
                                       competition), not the players */
};

struct standings {
    const struct tournament *t;  /* the players ranked; for teams, the
                                    competition of teams (a player is a
                                    team: team_table_competition()) */
    int n_rounds;                /* rounds counted */
    struct tiebreak_rules rules; /* as used: policy and system resolved */
    struct standings_row *rows;  /* in ranking order */
    size_t n_rows;
    struct tiebreak_value *values;  /* n_rows * rules.n, rows point here */
    struct tiebreak_context *ctx;   /* kept for standings_explain() */
    const struct team_table *teams; /* a team competition, or NULL */
    struct team_tb_context *tctx;   /* its tie-breaks (owns ctx) */
};

/*
 * Rank the players of t (or, with o->teams, the teams of that table, by the
 * primary points of o->rules: match points unless the list starts with
 * GPTS) by points over rounds 1..o->n_rounds, then by each
 * tie-break of o->rules in turn, each one looked at only for the players
 * still level on everything before it (direct encounter inside the group
 * still tied).  Players level on every criterion share a place and are
 * listed by start number.  A policy left at TB_POLICY_DEFAULT becomes the
 * one in force on the section's start date (042 record); round_robin -1 is
 * decided from the file.  Play-off results reorder the tied groups they
 * name.  Returns ERR_OK, or ERR_DATA with the problems in dl (a play-off
 * naming players who are not tied with each other); the ranking is made
 * either way.  Release with standings_release().
 */
enum err standings_rank(struct standings *s, const struct tournament *t,
                        const struct standings_options *o,
                        struct diag_list *dl);

/* Rank by points alone over rounds 1..n_rounds (0: all rounds). */
void standings_compute(struct standings *s, const struct tournament *t,
                       int n_rounds);

void standings_release(struct standings *s);

/* The row of the player with this start number, or NULL. */
const struct standings_row *standings_find(const struct standings *s,
                                           int start_no);

/*
 * Append to out how every value of the player with start number start_no
 * was made (round by round) and what decided his place.  Returns -1 when
 * there is no such player.
 */
int standings_explain(const struct standings *s, int start_no,
                      struct strbuf *out);

#endif
