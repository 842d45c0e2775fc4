/* tests/fuzz/fuzz-trf: libFuzzer target for the TRF reader, the checks and
 * the writer.  Build and run with 'make fuzz'.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>

#include "core/standings.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL, *u = NULL;
    struct strbuf out = STRBUF_INIT;

    trf_parse((const char *)data, size, "fuzz.trf", NULL, &t, &dl);
    if (t) {
        struct standings s;
        tournament_validate(t, &dl);
        standings_compute(&s, t, 0);
        standings_release(&s);
        trf_write(t, TRF_26, &out);
        trf_parse(out.buf, out.len, "again.trf", NULL, &u, &dl);
    }
    tournament_free(t);
    tournament_free(u);
    strbuf_release(&out);
    diag_list_release(&dl);
    return 0;
}
