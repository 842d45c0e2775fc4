/* tests/fuzz/fuzz-csv: libFuzzer target for the CSV reader and the two
 * readers built on it (the registry and the results CSV).  Build and run
 * with 'make fuzz'.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>

#include "core/event.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/csv.h"
#include "ingest/registry.h"
#include "ingest/results.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct csv *c = NULL;
    struct tournament *t = NULL;
    struct event *ev = event_new();

    csv_parse((const char *)data, size, "fuzz.csv", NULL, &c, &dl);
    if (c) {
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
