/* util/file: read inputs whole; write outputs atomically.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_FILE_H
#define UTIL_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "util/diag.h"

struct strbuf;

/*
 * Append the bytes of the regular file or pipe at path ("-" is standard
 * input) to out; opening a named pipe waits for its writer, so readers of
 * an event folder refuse what is not a regular file (file_not_regular)
 * first.  Fails with ERR_NOINPUT when the file does not exist, is a
 * directory, a device or cannot be opened, ERR_PARSE when it is larger
 * than max_size bytes, and ERR_IO when reading fails; the reason goes to
 * dl.
 */
enum err file_read(const char *path, size_t max_size, struct strbuf *out,
                   struct diag_list *dl);

/*
 * file_read() for a path that a file names (a template, the fonts and
 * images a template names): anything that is not a regular file is
 * refused unopened for reading, as ERR_NOINPUT ("PATH: is a named pipe
 * (FIFO), not a regular file"), so that a named pipe cannot make the
 * reader wait.
 */
enum err file_read_regular(const char *path, size_t max_size,
                           struct strbuf *out, struct diag_list *dl);

/*
 * Is name a safe relative path of a file inside a folder: '/'-separated,
 * not absolute, no empty, "." or ".." component, no backslash, colon or
 * control character, valid UTF-8, at most 255 bytes?  Returns NULL when it
 * is, else why not ("the path goes up with '..'").  The names event.ini
 * gives its files and the names of a bundle's entries follow this rule.
 */
const char *file_name_problem(const char *name);

/*
 * Why path is not a regular file to read: "does not exist", "is a
 * directory", "is a named pipe (FIFO), not a regular file" (a device, a
 * socket), "cannot be read"; NULL
 * when it is one.  Symbolic links are followed; the file is not opened.
 */
const char *file_not_regular(const char *path);

/*
 * 1 when path, with every symbolic link resolved, lies inside the folder
 * dir (also resolved); 0 when it leaves it or cannot be resolved.
 */
int file_inside(const char *dir, const char *path);

/* 1 when a and b name one existing file (links and other spellings). */
int file_same(const char *a, const char *b);

/* Which file path names (links followed): equal for one file. */
struct file_identity {
    unsigned long long dev, ino;
};
/* 0 and *id, or -1 when path names no file that can be looked at. */
int file_identity(const char *path, struct file_identity *id);

/* 1 when path names an existing directory. */
int file_is_dir(const char *path);
/* 1 when path names an existing regular file. */
int file_is_regular(const char *path);

/*
 * An output file written under a temporary name in the same directory and
 * renamed over path on commit, so a failed run never leaves a half-written
 * document.  Write through fp.
 */
struct atomic_file {
    char *path;
    char *tmp;
    FILE *fp;
    int no_sync; /* 1: rename without fsync first (atomic_open sets 0) */
};

enum err atomic_open(struct atomic_file *af, const char *path,
                     struct diag_list *dl);
/* Flush, sync and rename; on failure the temporary file is removed. */
enum err atomic_commit(struct atomic_file *af, struct diag_list *dl);
/* Close and remove the temporary file; safe after a commit or twice. */
void atomic_abort(struct atomic_file *af);
/*
 * Outputs that go into place together or not at all: each is written under
 * a temporary name that atomic_group_add() reserves next to it, and
 * atomic_group_commit() renames them all into place once every one is
 * written.  A file the group replaces is kept (as a hard link) until every
 * rename succeeded, and put back when one fails.
 */
struct atomic_group {
    char **paths; /* where each file goes */
    char **tmps;  /* where it is written first */
    size_t n, alloc;
};
#define ATOMIC_GROUP_INIT {NULL, NULL, 0, 0}

/*
 * Reserve a temporary name for path (an empty file is made there); the
 * caller writes the file to *tmp (owned by the group).  ERR_CREATE /
 * ERR_IO with the reason in dl.
 */
enum err atomic_group_add(struct atomic_group *g, const char *path,
                          const char **tmp, struct diag_list *dl);
/*
 * Rename every file into place.  On failure every path is as it was
 * before, and every temporary file is removed.  Releases the group.
 */
enum err atomic_group_commit(struct atomic_group *g, struct diag_list *dl);
/* Remove every temporary file and release the group; safe twice. */
void atomic_group_abort(struct atomic_group *g);

/* Write len bytes to path atomically. */
enum err file_write_atomic(const char *path, const void *data, size_t len,
                           struct diag_list *dl);
/*
 * The same without the fsync before the rename: for many small files that
 * are made again from elsewhere (the site's pages), synced once at the end
 * by the caller (sync()); a reader never sees half a file.
 */
enum err file_write_atomic_nosync(const char *path, const void *data,
                                  size_t len, struct diag_list *dl);
/*
 * mkdir -p.  Creating outputs (here and in atomic_*) fails with ERR_IO
 * when the disk is full or failing (ENOSPC, EDQUOT, EIO, EFBIG), else
 * with ERR_CREATE.
 */
enum err file_mkdirs(const char *path, struct diag_list *dl);

#endif
