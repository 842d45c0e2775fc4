/* archive/verify: check every bundle of an archive against its manifest
 * and the catalogue; make the catalogue again from the bundles.
 * SPDX-License-Identifier: MIT
 */
#ifndef ARCHIVE_VERIFY_H
#define ARCHIVE_VERIFY_H

#include <stddef.h>

#include "util/diag.h"

struct bundle;
struct event;
struct event_ranking;
struct manifest;

struct archive_verify_result {
    size_t bundles, files, problems;
    size_t remade;     /* deep: bundles whose files were made again */
    size_t not_remade; /* deep: bundles the checker could not make again */
    long long bytes;
    double seconds;
};

/*
 * How verify --deep makes a bundle's files again from its inputs: the
 * archive cannot (that is the render's, through the pipeline), so the
 * caller lends it a checker.  check() compares the files of bundle b,
 * whose manifest is m, with what a build of its inputs makes, every
 * difference an error in dl at label; it returns 0 when it made them
 * again (whatever it found), 1 when it cannot for this bundle (why as a
 * note in dl).
 */
struct archive_checker {
    int (*check)(void *arg, struct bundle *b, const struct manifest *m,
                 const char *label, struct diag_list *dl);
    void *arg;
};

/*
 * Recompute the SHA-256 of every file of every bundle of root against its
 * manifest, and the bundle and its file list against the catalogue; name
 * every bundle missing, replaced or unknown and every stray file; with
 * deep, check every row of the catalogue too, and with ck (may be NULL)
 * make the files of every bundle that passed again and compare.  What
 * stopped commands left is first settled where the archive can be written
 * (notes in dl).  Every problem is an error in dl; ERR_DATA when there was
 * one.
 */
enum err archive_verify(const char *root, int deep,
                        const struct archive_checker *ck,
                        struct archive_verify_result *res,
                        struct diag_list *dl);

/*
 * How an unpacked bundle (an event folder) becomes a ranked event: the
 * archive cannot read event folders itself (that is ingest's), so the
 * caller lends it a loader.  load() fills *ev and *er, valid until
 * release(); it returns ERR_* with the findings in dl.
 */
struct archive_loader {
    enum err (*load)(void *arg, const char *dir, const char *label,
                     const struct event **ev, const struct event_ranking **er,
                     struct diag_list *dl);
    void (*release)(void *arg);
    void *arg;
};

struct archive_rebuild_result {
    char *catalog; /* the catalogue made */
    size_t added, left_out;
    long long counts[6]; /* catalog_counts() */
};

/*
 * Make root's catalogue again from its bundles alone (each checked,
 * unpacked and loaded by ld), keeping the people merges the old one had.
 * Bundles that cannot be taken in are named in dl and counted; the new
 * catalogue replaces the old one only when it was made whole.
 */
enum err archive_rebuild(const char *root, const struct archive_loader *ld,
                         struct archive_rebuild_result *res,
                         struct diag_list *dl);
void archive_rebuild_result_release(struct archive_rebuild_result *res);

#endif
