/* archive/commit: the lock of an archive folder, the staging folders of
 * the commands that write into it, and the commit of a new bundle version
 * that no failed, killed or concurrent command can damage.
 * SPDX-License-Identifier: MIT
 *
 * Writers (build, import, rebuild, merge-people) hold the archive's lock
 * (ROOT/.lock, flock) exclusively from looking at the current version to
 * the end of their commit; readers that look at bundles (verify, export)
 * hold it shared, so they never see a commit half done.  A commit is:
 *
 *   1. the new bundle written to YEAR/ID.zip.pending (under a temporary
 *      name, synced, renamed),
 *   2. the catalogue's transaction committed: this is the commit point,
 *   3. the current bundle linked to its version name (ID-vN.zip), and
 *      ID.zip.pending renamed over ID.zip.
 *
 * A writer killed before 2 leaves a pending file that the next writer
 * removes (the catalogue never knew it); one killed after 2 leaves one
 * whose SHA-256 the catalogue records, and the next writer finishes steps
 * 3.  The committed bundle is never replaced by one the catalogue does not
 * record.
 */
#ifndef ARCHIVE_COMMIT_H
#define ARCHIVE_COMMIT_H

#include <stddef.h>

#include "util/diag.h"

struct catalog;
struct strbuf;

#define ARCHIVE_LOCK_FILE  ".lock"
#define ARCHIVE_STAGING    ".staging"
#define ARCHIVE_PENDING    ".pending"
/* How long a command waits for another to release the lock (seconds). */
#define ARCHIVE_LOCK_WAIT 600

struct archive_lock {
    int fd; /* -1: not held */
    int exclusive;
};

#define ARCHIVE_LOCK_INIT {-1, 0}

/*
 * Take the lock of the archive at root, waiting for the command that holds
 * it (at most ARCHIVE_LOCK_WAIT seconds).  Exclusive: root and its lock
 * file are made when missing.  Shared: when the lock file is missing and
 * cannot be made (a read-only copy), nothing is locked and ERR_OK is
 * returned: nobody can write there.  ERR_CREATE or ERR_IO with why.
 */
enum err archive_lock_take(const char *root, int exclusive,
                           struct archive_lock *lk, struct diag_list *dl);
void archive_lock_release(struct archive_lock *lk);

/* A folder for a command's temporary files, inside the archive. */
struct archive_staging {
    char *dir; /* ROOT/.staging/NAME-XXXXXX; NULL when none */
    int fd;    /* its owner file, locked while the command lives */
};

#define ARCHIVE_STAGING_INIT {NULL, -1}

/*
 * Make a staging folder ROOT/.staging/NAME-XXXXXX (root is made when
 * missing).  It holds a file locked for as long as the process lives, so
 * that archive_recover() removes the folders of killed commands and no
 * other.  ERR_CREATE with why.
 */
enum err archive_staging_make(const char *root, const char *name,
                              struct archive_staging *st,
                              struct diag_list *dl);
/* Remove the folder and everything in it (and .staging when empty). */
void archive_staging_remove(struct archive_staging *st);

/* Remove a folder and everything in it (no links followed). */
void archive_remove_tree(const char *dir);

/*
 * Holding the exclusive lock: finish or undo what commands that were
 * stopped left in root (see above): pending bundles the catalogue c (NULL:
 * none) records are put in place, others removed; temporary files of atomic writes and
 * staging folders whose owners are gone are removed.  What was done is
 * appended to report, a line each ("finished the commit of ..."), when
 * report is not NULL.  ERR_IO or ERR_CATALOG with why.
 */
enum err archive_recover(const char *root, struct catalog *c,
                         struct strbuf *report, struct diag_list *dl);

/*
 * Files of root that are neither bundles, the catalogue nor the lock:
 * pending bundles, temporary files, staging folders and anything else in
 * the year folders; each "ROOT/PATH: what it is" appended to a new line of
 * out.  Returns how many.
 */
size_t archive_strays(const char *root, struct strbuf *out);

/*
 * Step 1 of a commit: write the bundle bytes to ROOT/REL.pending (synced).
 * ERR_CREATE or ERR_IO with why; nothing is left on failure.
 */
enum err archive_write_pending(const char *root, const char *rel,
                               const void *zip, size_t len,
                               struct diag_list *dl);
/* Remove ROOT/REL.pending (a commit given up before its catalogue). */
void archive_drop_pending(const char *root, const char *rel);

/*
 * Step 3, after the catalogue committed: keep the current ROOT/REL as
 * ROOT/PREV_REL (a hard link; prev_rel NULL when there was none) and put
 * ROOT/REL.pending in its place.  ERR_CREATE with why (the next writer's
 * archive_recover() then finishes it).
 */
enum err archive_finish(const char *root, const char *rel,
                        const char *prev_rel, struct diag_list *dl);

/*
 * The SHA-256 (hex) of the file at path; ERR_NOINPUT, ERR_DATA when it is
 * not a regular file (a named pipe is not waited for) or ERR_IO.
 */
enum err archive_file_sha256(const char *path, char hex[65],
                             long long *size, struct diag_list *dl);

#endif
