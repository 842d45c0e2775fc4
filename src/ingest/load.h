/* ingest/load: what a command works on, always an event: an event folder,
 * or a lone results file read as an event of one section.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_LOAD_H
#define INGEST_LOAD_H

#include <stddef.h>

#include "util/diag.h"
#include "util/utf8.h"

struct event;
struct section;
struct tournament;

struct load_item {
    const char *name;              /* section id, or the file name */
    struct tournament *t;          /* NULL when the results failed */
    const struct section *section; /* its section (never NULL) */
};

struct load {
    struct event *ev;        /* the event (NULL only when none was read) */
    struct load_item *items; /* sections in event.ini order */
    size_t n;
};

/*
 * Load path: an event folder (every section, or only the one called
 * section), or a lone results file (TRF, or a results CSV when the name
 * ends in .csv).  enc is the encoding of the results files.  Problems of the
 * results and of event.ini go to dl, those of the registry to rdl.
 * Returns ERR_USAGE (with a diag) for an unknown section or a section
 * asked of a lone file.  Release with load_release().
 */
enum err load_path(const char *path, const char *section, enum encoding enc,
                   struct load *ld, struct diag_list *dl,
                   struct diag_list *rdl);
/*
 * The same with flags: LOAD_RESULTS_OPTIONAL, a section whose results file
 * does not exist yet has no results (its item's t NULL) and is no error:
 * an event folder before the event (the mandate commission).
 */
#define LOAD_RESULTS_OPTIONAL (1u << 0)
enum err load_path_flags(const char *path, const char *section,
                         enum encoding enc, unsigned flags, struct load *ld,
                         struct diag_list *dl, struct diag_list *rdl);
void load_release(struct load *ld);

#endif
