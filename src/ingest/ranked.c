/* ingest/ranked: an event folder loaded, checked and ranked.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/ranked.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "util/file.h"
#include "util/xalloc.h"
#include "util/banned.h"

enum err ranked_load_quiet(const char *dir, const char *label,
                           const char *cmd, ranked_progress_fn *progress,
                           struct ranked *r, struct diag_list *dl)
{
    static const struct ranking_overrides players = {.kind = RANK_PLAYERS};
    static const struct ranking_overrides teams = {.kind = RANK_TEAMS};
    struct diag_list mine = DIAG_LIST_INIT;
    enum err e;
    size_t i;

    memset(r, 0, sizeof(*r));
    if (file_is_regular(dir)) {
        diag_error(dl, NULL, 0, 0,
                   "'%s' is a file; sekretar %s works on an event folder", dir,
                   cmd);
        return ERR_USAGE;
    }
    if (!file_is_dir(dir)) {
        diag_error(dl, NULL, 0, 0, "no event folder '%s'", dir);
        return ERR_NOINPUT;
    }
    e = load_path(dir, NULL, ENC_AUTO, &r->ld, &mine, &mine);
    if (e == ERR_NOINPUT || e == ERR_IO || !r->ld.ev) {
        diag_list_append(dl, &mine);
        diag_list_release(&mine);
        return e ? e : ERR_NOINPUT;
    }
    for (i = 0; i < r->ld.n; i++)
        if (r->ld.items[i].t)
            tournament_validate(r->ld.items[i].t, &mine);
    event_check(r->ld.ev, &mine);
    /* Rank only an event without errors; its play-offs are checked then. */
    if (!mine.nr_errors) {
        /* The archive records players (also of a team competition). */
        r->er.n = r->ld.n;
        r->er.sections = xcalloc(r->ld.n + 1, sizeof(*r->er.sections));
        r->er.teams = xcalloc(r->ld.n + 1, sizeof(*r->er.teams));
        for (i = 0; i < r->ld.n; i++) {
            const struct load_item *it = &r->ld.items[i];
            struct section_ranking *sr = &r->er.sections[i];
            if (progress)
                progress(it->name, i, r->ld.n);
            if (!section_rank(r->ld.ev, it->section, &players, sr, &mine))
                section_ranking_warnings(sr, &mine);
            /* A team competition: its teams too (documents, archive). */
            if (it->t && it->t->n_teams &&
                !section_rank(r->ld.ev, it->section, &teams, &r->er.teams[i],
                              &mine))
                section_ranking_warnings(&r->er.teams[i], &mine);
        }
        r->n = r->ld.n;
    }
    r->warnings = mine.nr_warnings;
    e = ERR_OK;
    if (mine.nr_errors) {
        for (i = 0; i < mine.nr; i++)
            if (mine.items[i].level == DIAG_ERROR)
                diag_add(dl, DIAG_ERROR, mine.items[i].file,
                         mine.items[i].line, mine.items[i].col, "%s",
                         mine.items[i].msg);
        diag_error(dl, NULL, 0, 0,
                   "%s: %zu error%s; %s refuses an event with errors "
                   "('sekretar check' lists every problem)",
                   label, mine.nr_errors, mine.nr_errors == 1 ? "" : "s", cmd);
        e = ERR_DATA;
    }
    diag_list_release(&mine);
    return e;
}

void ranked_release(struct ranked *r)
{
    event_ranking_release(&r->er);
    load_release(&r->ld);
    memset(r, 0, sizeof(*r));
}
