/* tests/fuzz/fuzz-csv: libFuzzer target for the CSV reader and the
 * readers built on it (the registry, the results CSV, and match cards
 * with the same file as their registry).  Build and run
 * with 'make fuzz'.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>

#include "core/event.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/csv.h"
#include "ingest/matchcards.h"
#include "ingest/registry.h"
#include "ingest/results.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The file as match cards whose teams it also registers. */
static void match_cards(const struct csv *c, struct diag_list *dl)
{
    static const struct ranking_overrides teams = {.kind = RANK_TEAMS};
    struct event *ev = event_new();
    struct section *sec = event_add_section(ev);

    sec->id = "clubs";
    sec->system = SYS_TEAM;
    sec->format = RESULTS_CSV;
    registry_load(c, ev, dl);
    ev->registry_file = "fuzz.csv";
    matchcards_load(c, ev, sec, dl);
    if (sec->t) {
        struct section_ranking sr;
        tournament_validate(sec->t, dl);
        section_rank(ev, sec, &teams, &sr, dl);
        section_ranking_release(&sr);
    }
    event_free(ev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct csv *c = NULL;
    struct tournament *t = NULL;
    struct event *ev = event_new();

    csv_parse((const char *)data, size, "fuzz.csv", NULL, &c, &dl);
    if (c) {
        match_cards(c, &dl);
        results_load(c, &t, &dl);
        registry_load(c, ev, &dl);
        if (t) {
            struct standings s;
            struct section *sec = event_add_section(ev);
            tournament_validate(t, &dl);
            standings_compute(&s, t, 0);
            standings_release(&s);
            sec->id = "s";
            sec->format = RESULTS_CSV;
            sec->t = t;
            ev->registry_file = "fuzz.csv";
            event_join(ev, &dl);
            event_check(ev, &dl);
        }
    }
    csv_free(c);
    event_free(ev);
    diag_list_release(&dl);
    return 0;
}
