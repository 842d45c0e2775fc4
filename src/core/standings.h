/* core/standings: the ranking of a section.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_STANDINGS_H
#define CORE_STANDINGS_H

#include <stddef.h>

struct tournament;

struct standings_row {
    int player;   /* index into t->players */
    int start_no;
    double points;
    int place_lo; /* shared places: 4 and 5 for "4-5"; equal when alone */
    int place_hi;
};

struct standings {
    const struct tournament *t;
    int n_rounds; /* rounds counted */
    struct standings_row *rows; /* in ranking order */
    size_t n_rows;
};

/*
 * Rank the players of t by points over rounds 1..n_rounds (0: all rounds of
 * the file).  Players equal on points share a place; inside a place they are
 * listed by start number.  Release with standings_release().
 */
void standings_compute(struct standings *s, const struct tournament *t,
                       int n_rounds);
void standings_release(struct standings *s);

#endif
