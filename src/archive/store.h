/* archive/store: an event's place in the archive: its id, the lock taken
 * by the commands that read and write the archive, the versions of its
 * bundle and the commit of a new one (archive/commit.h), and the recording
 * of a ranked event in the catalogue.  Every function returns enum err with
 * its findings in a diag_list; nothing here prints.
 * SPDX-License-Identifier: MIT
 */
#ifndef ARCHIVE_STORE_H
#define ARCHIVE_STORE_H

#include <stddef.h>

#include "archive/catalog.h"
#include "archive/commit.h"
#include "archive/manifest.h"
#include "util/diag.h"

struct event;
struct event_ranking;
struct strbuf;
struct bundle_source;

/* The longest event id, and the longest slug after "YYYY-MM-DD-". */
#define STORE_ID_MAX   100
#define STORE_SLUG_MAX (STORE_ID_MAX - 11)

/*
 * Why event_id cannot name an event in the archive: longer than
 * STORE_ID_MAX, not a-z, 0-9 and '-', or ending as the name of a kept
 * version does ("-v1": "ID-v1.zip" is version 1 of "ID"); NULL when it
 * can.  The reason is untranslated (N_).
 */
const char *store_id_problem(const char *event_id);
/* ERR_DATA with an error in dl when store_id_problem() finds one. */
enum err store_id_check(const char *event_id, struct diag_list *dl);

/*
 * The id of an event in the archive, "2023-06-01-u10-lviv": its start date
 * and slug (a-z, 0-9, '-': slug when given, else the folder dir's name in
 * Latin letters without a date or trailing year).  An id is never cut: a
 * slug longer than STORE_SLUG_MAX, or one that ends as a kept version's
 * name ("-v1"), is refused.  ERR_DATA when the event has no start date or
 * the folder's name makes no id, ERR_USAGE for a slug that is not one.
 */
enum err store_event_id(const struct event *ev, const char *dir,
                        const char *slug, struct strbuf *out,
                        struct diag_list *dl);

/*
 * Open the catalogue of root (flags of catalog_open); with CATALOG_CREATE
 * root is made.  ERR_NOINPUT says how a catalogue is made.
 */
enum err store_open(const char *root, unsigned flags, struct catalog **out,
                    struct diag_list *dl);

/*
 * Take the archive's lock exclusively (root made when missing) and finish
 * or undo what stopped commands left (archive_recover() with the catalogue
 * when there is one; each thing done is a note in dl).  Release the lock in
 * any case.
 */
enum err store_lock_writer(const char *root, struct archive_lock *lk,
                           struct diag_list *dl);

/*
 * store_lock_writer(), then open (or make, with CATALOG_CREATE) the
 * catalogue; *created tells whether this made it.  Release the lock and
 * close the catalogue in any case.
 */
enum err store_open_writer(const char *root, unsigned flags,
                           struct archive_lock *lk, struct catalog **c,
                           int *created, struct diag_list *dl);

/*
 * The lock for a command that reads bundles (verify, export): where the
 * archive can be written, what stopped commands left is first finished or
 * undone (notes in dl); then the lock is held shared, so that no commit is
 * seen half done.
 */
enum err store_lock_reader(const char *root, struct archive_lock *lk,
                           struct diag_list *dl);

/* What the archive holds of an event now (looked at under the lock). */
struct store_probe {
    char *relpath;       /* "2023/2023-06-01-u10-lviv.zip" */
    char *abspath;       /* ROOT/relpath */
    int catalog_version; /* 0: not catalogued */
    char catalog_sha[65];
    long long catalog_size;
    char *software; /* what made the current version; NULL when none */
};

/*
 * Look at event_id's current version in the catalogue and check that the
 * bundle on disk is the one it recorded (and that the name the current
 * version will keep is free or holds it); else ERR_DATA (ERR_CREATE for a
 * name in the way) with why, changing nothing.  Release p in any case.
 */
enum err store_probe(const char *root, struct catalog *c, const char *event_id,
                     struct store_probe *p, struct diag_list *dl);
void store_probe_release(struct store_probe *p);

/* 1 when the catalogue records a version of the event (NULL: none). */
int store_has_event(struct catalog *c, const char *event_id);

/* The next version number for the event. */
int store_next_version(const struct store_probe *p);

/*
 * When the event's current version was made by software from the input
 * files listed in inputs (names, sizes and checksums of its ROLE_INPUT
 * files), so that building it again would make the same documents: the
 * number of files it lists (without the manifest); else 0.
 */
size_t store_same_inputs(struct catalog *c, const char *event_id,
                         const struct store_probe *p,
                         const struct manifest *inputs, const char *software);

/* List in inputs (ROLE_INPUT) the files of src that are inputs, with their
 * sizes and SHA-256. */
enum err store_hash_inputs(const struct bundle_source *src, size_t n,
                           struct manifest *inputs, struct diag_list *dl);

/*
 * Record the bundle at relpath (size, sha: of the zip; m: its manifest) of
 * the ranked event ev as the event's current version, the previous one
 * now at prev_relpath (NULL: none), in one transaction.
 */
enum err store_record(struct catalog *c, const struct event *ev,
                      const struct event_ranking *er, const char *event_id,
                      const struct manifest *m, const char *relpath,
                      long long size, const char *sha,
                      const char *prev_relpath, struct diag_list *dl);

/*
 * Make the bundle zip (whose manifest is m) of the ranked event the
 * current version of its event, holding the archive's exclusive lock (p
 * from store_probe() under it): the bundle is written as REL.pending, the
 * catalogue records it in one transaction, then the current file is kept
 * as "ID-vN.zip" (a hard link) and the pending one renamed over it.  On
 * failure before the catalogue's commit nothing is left.  Sets *prev_rel
 * (to free) to where the previous version went, or NULL.
 */
enum err store_commit(const char *root, struct catalog *c,
                      const struct event *ev, const struct event_ranking *er,
                      const char *event_id, const struct store_probe *p,
                      const struct manifest *m, const struct strbuf *zip,
                      char **prev_rel, struct diag_list *dl);

/*
 * Undo what a writer that failed before committing made: the catalogue
 * when it made it (created), the staging folder, an archive folder that
 * holds nothing else.
 */
void store_undo_new(const char *root, int created);

#endif
