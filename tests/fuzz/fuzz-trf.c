/* tests/fuzz/fuzz-trf: libFuzzer target for the TRF reader, the checks, the
 * team matches and tie-breaks, and the writer.  Build and run with 'make
 * fuzz'.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Rank the teams of t with every team tie-break. */
static void rank_teams(const struct tournament *t, struct diag_list *dl)
{
    struct team_table tt;
    struct tiebreak_rules rules;
    struct standings_options o;
    struct standings s;
    struct strbuf err = STRBUF_INIT;

    team_table_build(&tt, t, dl);
    tiebreak_rules_init(&rules);
    tiebreak_list_parse("GPTS,DE,EDE,EDET,TBR,BBE,BC,WBP,BH:MP/C1,BH:GP,"
                        "EMMSB,EMGSB,EGMSB,EGGSB,PS:MP,KS:MP,WIN,WON,MPVGP",
                        &rules, dl, NULL, 0, 0);
    tiebreak_rules_resolve(&rules, 1, &err);
    memset(&o, 0, sizeof(o));
    o.rules = &rules;
    o.teams = &tt;
    standings_rank(&s, t, &o, dl);
    standings_release(&s);
    team_table_release(&tt);
    strbuf_release(&err);
}

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
        if (t->n_teams)
            rank_teams(t, &dl);
        trf_write(t, TRF_26, &out);
        trf_parse(out.buf, out.len, "again.trf", NULL, &u, &dl);
    }
    tournament_free(t);
    tournament_free(u);
    strbuf_release(&out);
    diag_list_release(&dl);
    return 0;
}
