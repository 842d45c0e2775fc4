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
 * Append the bytes of the regular file at path ("-" is standard input) to
 * out.  Fails with ERR_NOINPUT when the file does not exist, is a directory
 * or cannot be opened, ERR_PARSE when it is larger than max_size bytes, and
 * ERR_IO when reading fails; the reason goes to dl.
 */
enum err file_read(const char *path, size_t max_size, struct strbuf *out,
                   struct diag_list *dl);

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
};

enum err atomic_open(struct atomic_file *af, const char *path,
                     struct diag_list *dl);
/* Flush, sync and rename; on failure the temporary file is removed. */
enum err atomic_commit(struct atomic_file *af, struct diag_list *dl);
/* Close and remove the temporary file; safe after a commit or twice. */
void atomic_abort(struct atomic_file *af);
/* Write len bytes to path atomically. */
enum err file_write_atomic(const char *path, const void *data, size_t len,
                           struct diag_list *dl);
/*
 * mkdir -p.  Creating outputs (here and in atomic_*) fails with ERR_IO
 * when the disk is full or failing (ENOSPC, EDQUOT, EIO, EFBIG), else
 * with ERR_CREATE.
 */
enum err file_mkdirs(const char *path, struct diag_list *dl);

#endif
