/* core/ranking: how the sections of an event are ranked: the rules
 * settled most specific first, players or teams, play-offs.  Typed inputs
 * only; it prints nothing.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_RANKING_H
#define CORE_RANKING_H

#include <stddef.h>

#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "util/diag.h"

struct event;
struct section;

/* What is ranked: players, or the teams of a team competition. */
enum ranking_kind {
    RANK_AUTO = 0, /* the teams of a team section, else the players */
    RANK_PLAYERS,
    RANK_TEAMS
};

/* What the command line says, over the section's own rules; zero it. */
struct ranking_overrides {
    const struct tiebreak_rules *preset; /* --rules: replaces the rules */
    const struct tiebreak_rules *list;   /* --tiebreaks: replaces the list */
    int have_policy;                     /* --unplayed */
    enum tiebreak_policy policy;
    int prize_places;               /* --prize-places; 0: not given */
    const struct playoff *extra;    /* --playoff results, after the file's */
    size_t n_extra;
    int n_rounds;                   /* --rounds; 0: every round */
    enum ranking_kind kind;
};

/* One section ranked. */
struct section_ranking {
    const struct section *sec;
    int ranked;                /* 0: it could not be ranked (see dl) */
    struct standings s;        /* when ranked */
    struct team_table *teams;  /* the teams ranked (owned), or NULL */
    struct knockout *ko;       /* a knock-out's bracket (owned), or NULL:
                                  s then holds its places, by game
                                  points, without tie-breaks */
    struct playoff *playoffs;  /* the play-offs used (start numbers borrowed) */
    size_t n_playoffs;
};

/*
 * Settle the rules of section sec, most specific first: o's preset and
 * list, then the section's own (event.ini: preset, list, unplayed policy,
 * prize places, system), then the results file's list (record 212 or
 * 202; when it cannot be used, a warning to dl says why); a policy still
 * unset becomes the one in force on the event's (else the file's) start
 * date; teams: for a team competition (the list is checked against it; what
 * ranks first comes from the file's 192 record when nothing else says).
 * Returns ERR_OK; ERR_DATA with the section's problem in dl (at event.ini);
 * or ERR_USAGE with o's problem in dl (no location: an option).
 */
enum err section_rules(const struct event *ev, const struct section *sec,
                       const struct ranking_overrides *o, int teams,
                       struct tiebreak_rules *out, struct diag_list *dl);

/*
 * The seeds of a knock-out section: the start numbers of sec->t's players,
 * best first, by the registry's seed column (seeded people first), then
 * by rating, then by name; *seeded is 1 when a seed or a rating ranks
 * them (not the names alone).  Returns an array of sec->t->n_players
 * (free it).
 */
int *knockout_seeds(const struct event *ev, const struct section *sec,
                    int *seeded);

/*
 * Rank section sec the way its documents will (a knock-out: its bracket,
 * knockout_build() with the section's ladder and knockout_seeds()): its
 * rules (section_rules),
 * its play-offs (playoffs.csv, then o's), its players or its teams (o's
 * kind), over o->n_rounds.  Returns ERR_OK with out->ranked set; ERR_DATA
 * (unusable rules, play-offs that do not fit: at their row of playoffs.csv)
 * or ERR_USAGE (an override) with the problems in dl.  Release out in any
 * case.
 */
enum err section_rank(const struct event *ev, const struct section *sec,
                      const struct ranking_overrides *o,
                      struct section_ranking *out, struct diag_list *dl);
void section_ranking_release(struct section_ranking *r);

/* Every section of an event ranked. */
struct event_ranking {
    struct section_ranking *sections; /* in event order */
    size_t n;
    /* Beside players ranked: per section, the teams of a team competition
       ranked (zeroed for the others); NULL when not made. */
    struct section_ranking *teams;
};

/*
 * Rank every section of ev (those without results are left unranked);
 * a section that fails does not stop the others.  Returns the worst
 * error (ERR_USAGE before ERR_DATA), problems in dl.  Release out in any
 * case.
 */
enum err event_rank(const struct event *ev, const struct ranking_overrides *o,
                    struct event_ranking *out, struct diag_list *dl);
void event_ranking_release(struct event_ranking *r);

/*
 * Warn about what the ranking r of a section of ev leaves to do: every
 * prize-place tie that still needs a play-off (at the section in
 * event.ini), every prize-winner by the ranking's places without a coach
 * for the diploma (at the person in players.csv).
 */
void section_ranking_warnings(const struct event *ev,
                              const struct section_ranking *r,
                              struct diag_list *dl);

#endif
