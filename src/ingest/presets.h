/* ingest/presets: the report's data files that event.ini's [report]
 * names: the qualifying norms of ЄСКУ (norms =) and the ministry's groups
 * of regions (region-groups =).  Both change by ministry order, so they
 * are data, not code.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_PRESETS_H
#define INGEST_PRESETS_H

#include "util/diag.h"

struct norms;
struct region_groups;
struct strbuf;

/*
 * Where the file event.ini's value names: a name ending in ".ini" is a
 * file of the event folder dir (it goes into the bundle with the other
 * inputs); any other is one the program ships, kind/NAME.ini under the
 * data folder's presets ("norms/sample", "regions/ministry").  Sets out
 * and returns 1 when it is in the event folder, 0 when a shipped one, -1
 * when the value is neither (*why says why).
 */
int preset_path(const char *dir, const char *kind, const char *value,
                struct strbuf *out, const char **why);

/*
 * Read a norms file: a [norms] section (title, order, from, to, sample,
 * unrated) and one [norm ID] per norm (rank; events, discipline, sex,
 * age; places, min-players, min-regions, min-games, min-score,
 * min-average).  name is how messages call the file.  Problems go to dl at
 * file:line:col.  Returns ERR_OK, ERR_NOINPUT or ERR_PARSE; release out
 * (core/norms.h) in any case.
 */
enum err norms_read(const char *path, const char *name, struct norms *out,
                    struct diag_list *dl);

/*
 * Read a file of groups of regions: a [groups] section (title) and one
 * [group ID] per group (name; units, the regions and bodies in the
 * group's order, separated by ';').  A unit that names a region of
 * Ukraine is that region however it is spelt.
 */
enum err region_groups_read(const char *path, const char *name,
                            struct region_groups *out, struct diag_list *dl);

#endif
