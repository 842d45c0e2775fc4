/* cli/store: where bundles go in the archive folder and how a new version
 * of an event replaces the current one (shared by build, import and
 * rebuild).
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_STORE_H
#define CLI_STORE_H

#include <stdio.h>

#include "archive/catalog.h"
#include "archive/commit.h"
#include "cli/cli.h"
#include "archive/manifest.h"

struct ranked;
struct strbuf;

/* The archive root: opt, else $SEKRETAR_ARCHIVE, else "archive". */
const char *store_root(const char *opt);

/*
 * Open the catalogue of root (flags of catalog_open); prints why not and
 * returns an exit code, or 0.  With CATALOG_CREATE the root is created.
 */
int store_open(const char *root, unsigned flags, struct catalog **out);

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
 * version will keep is free or holds it): else print why and return
 * EXIT_DATAERR, changing nothing.  0 with p filled (release it).
 */
int store_probe(const char *root, struct catalog *c, const char *event_id,
                struct store_probe *p);
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

/*
 * List in inputs (manifest_add, ROLE_INPUT) the files of src that are
 * inputs, with their sizes and SHA-256; exit code or 0 after printing why.
 */
struct bundle_source;
int store_hash_inputs(const struct bundle_source *src, size_t n,
                      struct manifest *inputs);

/*
 * Make the bundle zip (whose manifest is m) the current version of its
 * event, holding the archive's exclusive lock (p from store_probe() under
 * it): the bundle is written as REL.pending, the catalogue records it in
 * one transaction, then the current file is kept as "ID-vN.zip" (a hard
 * link) and the pending one renamed over it (archive/commit.h).  On
 * failure before the catalogue's commit nothing is left.  Sets *prev_rel
 * (to free) to where the previous version went, or NULL.  Exit code or 0.
 */
int store_commit(const char *root, struct catalog *c, const struct ranked *r,
                 const char *event_id, const struct store_probe *p,
                 const struct manifest *m, const struct strbuf *zip,
                 char **prev_rel);

/*
 * Take the archive's lock exclusively (root made when missing) and finish
 * or undo what stopped commands left (archive_recover() with the
 * catalogue when there is one; what was done is said on stderr).  Exit
 * code or 0 (release the lock in any case).
 */
int store_lock_writer(const char *root, struct archive_lock *lk);

/*
 * Take the archive's lock for a command that writes into it: exclusive,
 * root made when missing; then open (or make, with CATALOG_CREATE) the
 * catalogue and finish or undo what stopped commands left
 * (archive_recover(); what was done is said on stderr).  *created tells
 * whether this made the catalogue.  Exit code or 0 (then release the lock
 * and close the catalogue in any case).
 */
int store_open_writer(const char *root, unsigned flags, struct archive_lock *lk,
                      struct catalog **c, int *created);

/*
 * Take the archive's lock for a command that reads bundles (verify,
 * export): where the archive can be written, what stopped commands left is
 * first finished or undone (said on report, or stderr when NULL); then the
 * lock is held shared, so that no commit is seen half done.  Exit code or
 * 0.
 */
int store_lock_reader(const char *root, struct archive_lock *lk, FILE *report);

/*
 * Undo what a writer that failed before committing made: the catalogue
 * when it made it (created), the staging folder, the archive's empty
 * folders.
 */
void store_undo_new(const char *root, int created);

/* Record a bundle already in place (rebuild): exit code or 0. */
int store_record(struct catalog *c, const struct ranked *r,
                 const char *event_id, const struct manifest *m,
                 const char *relpath, long long size, const char *sha,
                 const char *prev_relpath);

/* Print catalogue rows as a table in fmt (cli.h) to fp. */
void store_print_rows(const struct catalog_rows *r, enum table_format fmt,
                      FILE *fp);

/*
 * Report what getopt_long() returned for a bad option (with ':' leading
 * the option string): "unknown option '--x'" or "option '--x' wants a
 * value"; returns EXIT_USAGE.
 */
int store_bad_option(const char *cmd, int c, char **argv);

/*
 * A staging folder in the archive at root (archive_staging_make(), made
 * with root when missing): exit code or 0 after printing why.
 */
int store_staging(const char *root, const char *name,
                  struct archive_staging *st);

struct bundle;
/*
 * Extract the checked bundle b into a staging folder of root (set in *st;
 * remove it), load and rank the event there.  Returns 0 with r filled, or
 * an exit code.
 */
int store_load_bundle(const char *root, struct bundle *b, const char *label,
                      const char *cmd, struct archive_staging *st,
                      struct ranked *r);

#endif
