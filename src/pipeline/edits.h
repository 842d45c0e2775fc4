/* pipeline/edits: the desk's changes to the event's own files (the
 * registry, event.ini): each file written whole and atomically, the file
 * before kept as a backup, every change in a journal, and undone on
 * request; a change to a file that changed since it was read is refused.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_EDITS_H
#define PIPELINE_EDITS_H

#include <stddef.h>

#include "util/diag.h"

struct strbuf;

/* The folder in the event folder that holds the journal and backups. */
#define EDITS_DIR ".sekretar-desk"

/* One change of the journal. */
struct edit_entry {
    unsigned no;     /* 1, 2, ... */
    long long time;  /* seconds since the epoch */
    char *file;      /* the file changed, relative to the event folder */
    char *what;      /* what was done, as the desk said it */
    char before[65]; /* the file's SHA-256 before (hex) */
    char after[65];  /* and after */
    unsigned undoes; /* the change this one undid; 0 none */
};

/* The outcome of a change that was not made. */
enum edit_refusal {
    EDIT_DONE = 0,
    EDIT_STALE, /* the file changed since it was read: nothing written */
    EDIT_FAILED /* could not be written (said in dl) */
};

/*
 * Write len bytes of data to the file rel of the event folder dir, which
 * held read_sha (hex SHA-256) when the page read it (NULL: not checked);
 * the file before goes to the backups first, the change to the journal
 * after.  *no is the change's number.
 */
enum edit_refusal edits_write(const char *dir, const char *rel,
                              const char *read_sha, const char *data,
                              size_t len, const char *what, unsigned *no,
                              struct diag_list *dl);

/*
 * Undo change no: its file put back as it was before, when it is still
 * as the change left it (else EDIT_STALE); the undoing is a change of its
 * own (*undo_no), so it can be undone in turn.
 */
enum edit_refusal edits_undo(const char *dir, unsigned no, unsigned *undo_no,
                             struct diag_list *dl);

/* The journal's changes, oldest first; free with edits_free(). */
size_t edits_list(const char *dir, struct edit_entry **out);
void edits_free(struct edit_entry *e, size_t n);

/* Whether change e may be undone: the latest change of its file, which
   is still as it left it. */
int edits_undoable(const char *dir, const struct edit_entry *e,
                   const struct edit_entry *all, size_t n);

/* The bytes of file rel before change no (its backup); 0 when none. */
int edits_before(const char *dir, unsigned no, const char *rel,
                 struct strbuf *out);

/* The SHA-256 (hex) of the file at path (archive_file_sha256(), quiet);
   -1 when it cannot be read. */
int edits_file_sha(const char *path, char hex[65]);

#endif
