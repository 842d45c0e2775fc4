/* core/teamscore: the regions' team standings of an event (командний
 * залік), made as event.ini's [report] team-scoring says.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_TEAMSCORE_H
#define CORE_TEAMSCORE_H

#include <stddef.h>

#include "core/event.h"
#include "util/arena.h"

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

/*
 * The ministry's groups of regions (Група I, II, III, відомства/ФСТ),
 * where a regulation ranks the regions within them: data the report's
 * preset gives (ingest/presets.h), not code.
 */
struct region_group {
    const char *name;   /* "Група I" */
    const char **units; /* the regions and bodies, in the group's order */
    int *regions;       /* per unit: the region (core/region.h) or -1 */
    size_t n;
    unsigned line, col; /* of its units in the file */
};
struct region_groups {
    struct arena arena;
    const char *file;  /* as event.ini names it */
    const char *path;  /* where it was read */
    const char *title; /* may be NULL */
    struct region_group *v;
    size_t n, alloc;
};
void region_groups_release(struct region_groups *g);
/* 1 when unit a of group ga and unit b of gb are the same unit. */
int region_groups_same(const struct region_group *ga, size_t a,
                       const struct region_group *gb, size_t b);

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

/*
 * The row of ts for unit u of group g (the region it names, or a body
 * whose name the registry writes the same but for letter case), or NULL
 * when nobody of it played.
 */
const struct team_score *team_scores_unit(const struct team_scores *ts,
                                          const struct region_group *g,
                                          size_t u);
/*
 * The places within group g of its units by ts's points: place[u] 1, 1,
 * 3 for points level; 0 for a unit that scored nothing.
 */
void team_scores_group_places(const struct team_scores *ts,
                              const struct region_group *g, int *place);

/* 1 when the players of section ranking sr take part in the team
   standings (medals, points): ranked players, a section that awards. */
int team_scores_counts(const struct section_ranking *sr);
/* 1 when sr ranks the teams of a team competition that awards its
   places: its teams on the podium are medals of their regions. */
int team_scores_team_medals(const struct section_ranking *sr);

#endif
