/* core/teamscore: the regions' team standings of an event (командний
 * залік), made as event.ini's [report] team-scoring says.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_TEAMSCORE_H
#define CORE_TEAMSCORE_H

#include <stddef.h>

#include "core/event.h"

struct section_ranking;

/* One region of the standings. */
struct team_score {
    const char *region; /* as the documents name it ("Львівська") */
    int order;          /* the Constitution's order; unknown ones after */
    size_t players;     /* the people of the region who played, in any
                           section (each once) */
    int medals[3];      /* places 1, 2, 3 (a shared place counts its
                           first: "3–4" is a bronze); a team on the
                           podium of a team competition is one medal of
                           the region of its first player */
    double points;      /* TEAM_SCORING_POINTS: the total */
    double *section_points; /* per section counted, in secs order */
    int place_lo, place_hi; /* shared places; 0 when it scored nothing */
};

/* The standings, best first (regions level share a place). */
struct team_scores {
    enum team_scoring how;
    struct team_score *rows;
    size_t n;
    size_t n_sections; /* the length of each section_points */
};

/*
 * Make the standings of the regions of the players of the n sections secs
 * ranks (players[k]: the players of a team competition secs[k] ranks the
 * teams of; NULL or players[k] NULL: secs[k]).  Every person who played
 * counts once in his region's players; the medals and points come from
 * the sections that award their places (a qualifying stage does not) and
 * are ranked (a player not in the registry, or without a region, counts
 * for no region); a team competition's teams give medals, not points:
 * TEAM_SCORING_MEDALS orders them by golds, then silvers, then bronzes;
 * TEAM_SCORING_POINTS gives every player the points of his place
 * (ev->report.team_points; players sharing places get the mean of the
 * points of those places) and a region, in each section, the sum of its
 * team_best best results (every result when 0); TEAM_SCORING_NONE lists
 * the regions without places.  Release out in any case.
 */
void team_scores_make(const struct event *ev,
                      const struct section_ranking *const *secs,
                      const struct section_ranking *const *players, size_t n,
                      struct team_scores *out);
void team_scores_release(struct team_scores *ts);

/* 1 when the players of section ranking sr take part in the team
   standings (medals, points): ranked players, a section that awards. */
int team_scores_counts(const struct section_ranking *sr);
/* 1 when sr ranks the teams of a team competition that awards its
   places: its teams on the podium are medals of their regions. */
int team_scores_team_medals(const struct section_ranking *sr);

#endif
