/* core/norms: the qualifying norms of the Єдина спортивна класифікація
 * України (ЄСКУ) an event's players fulfil, from a norms file
 * (ingest/norms.h reads it).  The norms change by ministry order, so they
 * are data the federation keeps; ЄСКУ's own condition on the judges'
 * panel is code (event_panel_ranks()).
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_NORMS_H
#define CORE_NORMS_H

#include <stddef.h>

#include "util/arena.h"
#include "core/event.h"
#include "util/date.h"

struct event;
struct section;
struct section_ranking;
struct standings_row;

/*
 * One norm: a rank and what fulfils it.  Who it is for (each NULL or 0:
 * anyone): the events of these ranks (event.ini rank: "IV ранг"), these
 * disciplines (bits 1 << enum discipline), one sex, adults or youth or
 * these age groups.  What it asks (each 0: not asked; all asked must
 * hold): a place from place_lo to place_hi, a section of at least
 * min_players players and min_regions regions, at least min_games games
 * over the board scoring min_percent per cent of their points against an
 * average rating of min_average.
 */
struct norm {
    const char *id;   /* the file's [norm ID] */
    unsigned line;    /* its header's line in the norms file */
    const char *rank; /* as the file writes it: "КМС", "І розряд" */
    int rank_class;   /* core/mandate.h rank_class_get() */
    const char **event_ranks;
    size_t n_event_ranks;
    unsigned disciplines;
    char sex;            /* 'm', 'f' or 0 */
    int age;             /* 1 adults only, -1 youth only, 0 either */
    const char **age_groups; /* "до 10 років" as event.ini writes them */
    size_t n_age_groups;
    int place_lo, place_hi;
    int min_players, min_regions, min_games;
    double min_percent;
    int min_average;
};

struct norms {
    struct arena arena;
    const char *file;  /* as event.ini names it */
    const char *path;  /* where it was read */
    const char *title; /* "Кваліфікаційні норми та вимоги ЄСКУ з шахів" */
    const char *order; /* the order that set them */
    struct date from, to; /* in force (to not valid: until replaced) */
    int sample;           /* a sample, not the federation's norms */
    int unrated;          /* an unrated opponent's rating in averages;
                             0: left out of the average */
    struct norm *v;
    size_t n, alloc;
};

void norms_release(struct norms *n);

/* What a player did in a section, as the norms read it. */
struct norm_result {
    int place_lo, place_hi; /* 0: no place */
    int games;              /* over the board */
    double points;          /* of those games */
    int average;            /* of the opponents' ratings; 0 none */
    int players, regions;   /* of the section */
};

/*
 * What every result of section sec shares, into out (the rest zero): the
 * section's players and the regions of the event's registry among them.
 */
void norm_section_of(const struct event *ev, const struct section *sec,
                     struct norm_result *out);
/*
 * The result of the player of row row of section ranking sr, from its
 * section's part (norm_section_of()): his place, his games over the
 * board and their points, the average rating of their opponents (an
 * unrated one counts as unrated, or is left out when 0).  A knock-out's
 * games mix disciplines: its result is its place.
 */
void norm_result_of(const struct section_ranking *sr,
                    const struct standings_row *row, int unrated,
                    const struct norm_result *section,
                    struct norm_result *out);

/* 1 when norm nm is for a player of sex sex ('m', 'f', 0 unknown: the
   section's) in section sec of event ev (its rank, discipline, sex,
   age). */
int norm_applies(const struct norm *nm, const struct event *ev,
                 const struct section *sec, char sex);
/* 1 when the result r fulfils what nm asks. */
int norm_met(const struct norm *nm, const struct norm_result *r);

/*
 * The highest norm of ns that the result r in section sec fulfils, of a
 * rank the panel (event_panel_ranks(), given) lets count and above held (the
 * player's rank class: -1 none, -2 not recognised, taken as none): NULL
 * when none.
 */
const struct norm *norms_best(const struct norms *ns, const struct event *ev,
                              enum panel_ranks panel,
                              const struct section *sec, char sex,
                              const struct norm_result *r, int held);

#endif
