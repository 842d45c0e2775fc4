/* ingest/ranked: an event folder loaded, checked and ranked section by
 * section, the way 'build', 'archive rebuild' and 'archive import' need it
 * (ingest reads it, core checks and ranks it).
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_RANKED_H
#define INGEST_RANKED_H

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

void ranked_release(struct ranked *r);

/*
 * Load the event folder dir, check it as 'sekretar check' does (results,
 * registry, event.ini, what the documents need, play-offs) and rank every
 * section's players with its rules (event.ini, else the file) and
 * play-offs.  Errors go to dl, ending with "LABEL: N errors; CMD refuses
 * ..." (ERR_DATA); ERR_USAGE when dir is a file, ERR_NOINPUT when it or
 * its event.ini is missing.  progress may be NULL.  Release r with
 * ranked_release() in any case.
 */
enum err ranked_load_quiet(const char *dir, const char *label,
                           const char *cmd, ranked_progress_fn *progress,
                           struct ranked *r, struct diag_list *dl);

#endif
