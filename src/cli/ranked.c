/* cli/ranked: an event folder loaded, checked and ranked.
 * SPDX-License-Identifier: MIT
 */
#include "cli/ranked.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/event.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "util/file.h"
#include "util/xalloc.h"
#include "util/banned.h"

int ranked_load(const char *dir, const char *label, const char *cmd,
                ranked_progress_fn *progress, struct ranked *r)
{
    static const struct ranking_overrides players = {.kind = RANK_PLAYERS};
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e;
    size_t i;
    int ret = EXIT_OK;

    memset(r, 0, sizeof(*r));
    if (file_is_regular(dir)) {
        cli_error("'%s' is a file; sekretar %s works on an event folder", dir,
                  cmd);
        return EXIT_USAGE;
    }
    if (!file_is_dir(dir)) {
        cli_error("no event folder '%s'", dir);
        return EXIT_NOINPUT;
    }
    e = load_path(dir, NULL, ENC_AUTO, &r->ld, &dl, &dl);
    if (e == ERR_NOINPUT || e == ERR_IO || !r->ld.ev) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        return cli_exit_code(e ? e : ERR_NOINPUT);
    }
    for (i = 0; i < r->ld.n; i++)
        if (r->ld.items[i].t)
            tournament_validate(r->ld.items[i].t, &dl);
    event_check(r->ld.ev, &dl);
    /* Rank only an event without errors; its play-offs are checked then. */
    if (!dl.nr_errors) {
        /* The archive records players (also of a team competition). */
        r->er.n = r->ld.n;
        r->er.sections = xcalloc(r->ld.n + 1, sizeof(*r->er.sections));
        for (i = 0; i < r->ld.n; i++) {
            const struct load_item *it = &r->ld.items[i];
            struct section_ranking *sr = &r->er.sections[i];
            if (progress)
                progress(it->name, i, r->ld.n);
            if (!section_rank(r->ld.ev, it->section, &players, sr, &dl))
                section_ranking_warnings(sr, &dl);
        }
        r->n = r->ld.n;
    }
    r->warnings = dl.nr_warnings;
    if (dl.nr_errors) {
        cli_print_diags(&dl, stderr, 0);
        cli_error("%s: %zu error%s; %s refuses an event with errors ('sekretar "
                  "check' lists every problem)",
                  label, dl.nr_errors, dl.nr_errors == 1 ? "" : "s", cmd);
        ret = EXIT_DATAERR;
    }
    diag_list_release(&dl);
    return ret;
}

void ranked_release(struct ranked *r)
{
    event_ranking_release(&r->er);
    load_release(&r->ld);
    memset(r, 0, sizeof(*r));
}
