/* tests/bench/bench-knockout: the time of ranking a knock-out: the match
 * cards read once, then the bracket built, every match resolved stage by
 * stage and the places given (knockout_build) again and again.
 * SPDX-License-Identifier: MIT
 *
 * usage: bench-knockout CARDS.csv [RUNS]
 * Prints the mean time of one ranking in microseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/knockout.h"
#include "core/tournament.h"
#include "ingest/results.h"
#include "util/diag.h"
#include "util/xalloc.h"

static double now_us(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
    struct csv_options co = {ENC_AUTO, 0};
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    struct ko_ladder l;
    int runs = argc > 2 ? atoi(argv[2]) : 1000, i;
    int *seeds;
    size_t k;
    double t0, t1;

    if (argc < 2 || runs < 1) {
        fprintf(stderr, "usage: bench-knockout CARDS.csv [RUNS]\n");
        return 64;
    }
    if (results_read(argv[1], &co, &t, &dl) || !t || !t->ko_input) {
        fprintf(stderr, "bench-knockout: %s: not match cards\n", argv[1]);
        return 65;
    }
    ko_ladder_default(&l);
    /* Seeds as the start numbers, as gen-knockout.sh writes them. */
    seeds = xcalloc(t->n_players, sizeof(int));
    for (k = 0; k < t->n_players; k++)
        seeds[k] = t->players[k].start_no;
    t0 = now_us();
    for (i = 0; i < runs; i++) {
        struct knockout ko;
        if (knockout_build(&ko, t, seeds, t->n_players, 0, &l, &dl)) {
            fprintf(stderr, "bench-knockout: the cards have errors\n");
            return 65;
        }
        knockout_release(&ko);
    }
    t1 = now_us();
    printf("%.1f\n", (t1 - t0) / runs);
    free(seeds);
    tournament_free(t);
    diag_list_release(&dl);
    return 0;
}
