/* util/filetree: a folder of many files (a website) made anew all or
 * none, and incrementally: the new tree is made in a staging folder
 * beside it, files that did not change are linked into it rather than
 * written, and one switch puts it in place.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_FILETREE_H
#define UTIL_FILETREE_H

#include <stddef.h>

#include "util/diag.h"

struct strbuf;
struct filetree;

/* What a tree's run did. */
struct filetree_counts {
    long long written;   /* files whose bytes changed (or were new) */
    long long unchanged; /* files kept as they were */
    long long removed;   /* files of the tree before that are not made */
};

/*
 * Start making the tree at dir (a folder, made when missing; a symbolic
 * link to one is followed once, to its folder): what a killed run left
 * beside it is cleaned first (an interrupted switch put back), the list of
 * what the last run wrote is read (beside dir, not in it: .NAME.sekretar
 * -site), and a staging folder is made beside dir.  Errors: ERR_CREATE /
 * ERR_IO.  Release the tree with filetree_commit() or filetree_abort().
 */
enum err filetree_begin(const char *dir, struct filetree **out,
                        struct diag_list *dl);

/*
 * 1 when the last run put rel with this key (a SHA-256, or any string
 * that names the bytes) and, when size >= 0, this size, and it is there
 * as a regular file: it is then kept (linked into the new tree) and
 * nothing need be made.  A symbolic link or any other file is never
 * kept, never followed.
 */
int filetree_unchanged(struct filetree *t, const char *rel, const char *key,
                       long long size);

/*
 * Put len bytes at rel, recorded under key (NULL: their SHA-256): kept
 * when filetree_unchanged() says so or the file there holds the same
 * bytes, else written.  rel is a relative path of plain names.
 */
enum err filetree_put(struct filetree *t, const char *rel, const char *key,
                      const void *data, size_t len, struct diag_list *dl);

/* The bytes of rel as the new tree has them (made by this run) or, else,
 * as the tree before had them; -1 when it has no such file. */
int filetree_get(struct filetree *t, const char *rel, struct strbuf *out);

/* Call fn for each file the last run put: its path and its key. */
void filetree_each_before(struct filetree *t,
                          void (*fn)(void *arg, const char *rel,
                                     const char *key),
                          void *arg);

/*
 * Put the new tree in place of the old (the files synced first, the old
 * tree renamed aside, the new one renamed to dir, the list written, the
 * old tree removed without following a link), or, on an error, leave the
 * old tree whole.  Frees t either way.
 */
enum err filetree_commit(struct filetree *t, struct filetree_counts *counts,
                         struct diag_list *dl);
/* Give up: remove the staging folder; the tree stays as it was. */
void filetree_abort(struct filetree *t);

/* Remove the tree at dir, its links as links (never followed). */
void file_remove_tree(const char *dir);

#endif
