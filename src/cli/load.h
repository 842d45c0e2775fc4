/* cli/load: what a command works on: one results file, or the sections of
 * an event folder.
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_LOAD_H
#define CLI_LOAD_H

#include <stddef.h>

#include "util/diag.h"
#include "util/utf8.h"

struct event;
struct section;
struct tournament;

struct load_item {
    const char *name;              /* section id, or the file name */
    struct tournament *t;          /* NULL when the results failed */
    const struct section *section; /* NULL for a lone file */
};

struct load {
    struct event *ev;        /* NULL for a lone file */
    struct tournament *lone; /* the lone file's results */
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
void load_release(struct load *ld);

/*
 * load_path() for a command that needs consistent results: print every
 * problem of the results and of event.ini, refuse inconsistent results
 * ("'sekretar check PATH' lists every problem"), and warn when the registry
 * has problems.  Returns 0, or the exit code (64 for a bad --section,
 * 65, 66, 74) after printing why.  Release ld either way.
 */
int load_consistent(const char *path, const char *section, enum encoding enc,
                    const char *cmd, struct load *ld);

#endif
