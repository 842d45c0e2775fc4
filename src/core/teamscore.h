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
    size_t players;     /* people of the region in the sections counted */
    int medals[3];      /* places 1, 2, 3 (a shared place counts its
                           first: "3–4" is a bronze) */
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
 * ranks (team competitions and unranked sections are left out; a player
 * not in the registry, or without a region, counts for no region):
 * TEAM_SCORING_MEDALS orders them by golds, then silvers, then bronzes;
 * TEAM_SCORING_POINTS gives every player the points of his place
 * (ev->report.team_points; players sharing places get the mean of the
 * points of those places) and a region, in each section, the sum of its
 * team_best best results (every result when 0); TEAM_SCORING_NONE lists
 * the regions without places.  Release out in any case.
 */
void team_scores_make(const struct event *ev,
                      const struct section_ranking *const *secs, size_t n,
                      struct team_scores *out);
void team_scores_release(struct team_scores *ts);

/* 1 when section ranking sr takes part in the team standings. */
int team_scores_counts(const struct section_ranking *sr);

#endif
