/* cli/ranked: an event folder loaded, checked and ranked section by
 * section, the way 'build', 'archive rebuild' and 'archive import' need it.
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_RANKED_H
#define CLI_RANKED_H

#include <stddef.h>

#include "core/ranking.h"
#include "ingest/load.h"

struct ranked {
    struct load ld;
    struct event_ranking er; /* per ld.items[i] (every section) */
    size_t n;                /* sections ranked */
    size_t warnings;         /* warnings the check found (not printed) */
};

/* The standings of section i. */
#define RANKED_S(r, i) (&(r)->er.sections[i].s)

/* Progress lines for a terminal: called before each section. */
typedef void ranked_progress_fn(const char *what, size_t i, size_t n);

/*
 * Load the event folder dir, check it as 'sekretar check' does (results,
 * registry, event.ini, what the documents need, play-offs) and rank every
 * section with its rules (event.ini, else the file) and play-offs.  On
 * errors print them to stderr, each at FILE:LINE:COL, then
 * "sekretar: error: LABEL: N errors; CMD refuses ..." and return 65; a
 * missing folder or event.ini gives 66.  progress may be NULL.  Returns 0
 * with r filled (release with ranked_release() in any case).
 */
int ranked_load(const char *dir, const char *label, const char *cmd,
                ranked_progress_fn *progress, struct ranked *r);
void ranked_release(struct ranked *r);

/* ranked_load() printing nothing: the findings go to dl (ERR_USAGE: dir
 * is a file). */
enum err ranked_load_quiet(const char *dir, const char *label,
                           const char *cmd, ranked_progress_fn *progress,
                           struct ranked *r, struct diag_list *dl);

#endif
