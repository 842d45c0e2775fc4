/* cli/ranked: an event folder loaded, checked and ranked.
 * SPDX-License-Identifier: MIT
 */
#include "cli/ranked.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/rules.h"
#include "core/event.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "util/file.h"
#include "util/xalloc.h"
#include "util/banned.h"

int ranked_load(const char *dir, const char *label, const char *cmd,
                ranked_progress_fn *progress, struct ranked *r)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct rules_options none;
    enum err e;
    size_t i;
    int ret = EXIT_OK;

    memset(r, 0, sizeof(*r));
    memset(&none, 0, sizeof(none));
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
        r->s = xcalloc(r->ld.n + 1, sizeof(*r->s));
        for (i = 0; i < r->ld.n && !ret; i++) {
            const struct load_item *it = &r->ld.items[i];
            if (progress)
                progress(it->name, i, r->ld.n);
            ret = rules_rank(&none, &r->ld, it, cmd, NULL, NULL, 0, 0,
                             &r->s[i], &dl);
            r->n = i + 1; /* ranked, or zeroed when it failed */
            if (ret == EXIT_DATAERR)
                ret = 0; /* a play-off at fault: counted as an error below */
            else if (!ret)
                rules_playoff_warnings(it, &r->s[i], &dl);
        }
    }
    r->warnings = dl.nr_warnings;
    if (!ret && dl.nr_errors) {
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
    size_t i;

    for (i = 0; i < r->n; i++)
        standings_release(&r->s[i]);
    free(r->s);
    load_release(&r->ld);
    memset(r, 0, sizeof(*r));
}
