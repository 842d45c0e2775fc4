/* archive/manifest: the manifest.json of a bundle: what it holds (names,
 * sizes, SHA-256), which event and version, made by what and when.
 * SPDX-License-Identifier: MIT
 */
#ifndef ARCHIVE_MANIFEST_H
#define ARCHIVE_MANIFEST_H

#include <stddef.h>

#include "util/diag.h"

struct strbuf;

#define MANIFEST_NAME           "manifest.json"
#define MANIFEST_FORMAT         "sekretar-bundle"
#define MANIFEST_FORMAT_VERSION 1
/* A manifest larger than this is refused unread. */
#define MANIFEST_MAX_SIZE  (4u << 20)
#define MANIFEST_MAX_FILES 10000

/* What a file of a bundle is. */
enum manifest_role {
    ROLE_INPUT,    /* event.ini, players.csv, playoffs.csv, results files */
    ROLE_DOCUMENT, /* a document made from them (PDF, XLSX) */
    ROLE_RESULTS   /* machine-readable results (results/NAME.json) */
};

struct manifest_file {
    char *name; /* path inside the bundle: "results/boys-classic.json" */
    long long size;
    char sha256[65];  /* lower-case hex */
    char *media_type; /* "text/plain; charset=utf-8", "application/pdf" */
    enum manifest_role role;
};

/*
 * A person's personal data taken out of the bundle on his request
 * (sekretar archive forget-person): when, whose (a key that names him and
 * tells nothing of him), the bundle it replaced and the files that changed.
 */
struct manifest_forgotten {
    char *date;      /* "2026-12-05" */
    char *person;    /* 20 lower-case hex digits */
    char *previous;  /* the SHA-256 of the bundle before */
    char *software;  /* what made the changed files again */
    char **files;    /* names of the files that changed */
    size_t n_files;
};

struct manifest {
    char *event;                 /* event id: "2023-06-01-u10-lviv" */
    int version;                 /* 1, 2, ... for re-built events */
    char *software;              /* "sekretar 0.1.0" */
    char *created;               /* "2023-06-09T12:00:00Z" */
    /* Where the diplomas' QR codes lead ("https://host/diplomas/": the
       code and ".html" follow), or NULL: they hold the code alone.  A
       build of the same inputs needs it to make the same diplomas. */
    char *diploma_url;
    /* The removals of personal data, oldest first. */
    struct manifest_forgotten *forgotten;
    size_t n_forgotten;
    struct manifest_file *files; /* sorted by name (manifest_sort) */
    size_t n, alloc;
};

void manifest_init(struct manifest *m);
void manifest_release(struct manifest *m);
/* Set the head fields (copied; NULL leaves a field as it is). */
void manifest_set(struct manifest *m, const char *event, int version,
                  const char *software, const char *created);
/* Add a file (strings copied); returns it. */
struct manifest_file *manifest_add(struct manifest *m, const char *name,
                                   long long size, const char *sha256,
                                   const char *media_type,
                                   enum manifest_role role);
/* Add a removal record (strings copied; files n strings); returns it. */
struct manifest_forgotten *manifest_add_forgotten(
    struct manifest *m, const char *date, const char *person,
    const char *previous, const char *software, const char *const *files,
    size_t n);
/* Copy the removal records of from into to. */
void manifest_copy_forgotten(struct manifest *to, const struct manifest *from);

/* The file called name, or NULL (needs manifest_sort first). */
const struct manifest_file *manifest_find(const struct manifest *m,
                                          const char *name);
/* Sort the files by name (byte order). */
void manifest_sort(struct manifest *m);
/* 1 when a and b list the same names, sizes and checksums. */
int manifest_same_files(const struct manifest *a, const struct manifest *b);

const char *manifest_role_name(enum manifest_role r);
/* Parse "input", "document", "results"; -1 when unknown. */
int manifest_role_parse(const char *s, enum manifest_role *out);

/*
 * Is name a safe path for a file of a bundle: relative, '/'-separated, no
 * empty, "." or ".." component, no backslash, colon or control
 * character, valid UTF-8, at most 255 bytes?  Returns NULL when it is,
 * else why not ("it goes up with '..'").
 */
const char *manifest_name_problem(const char *name);

/* 1 when s is an event id: [a-z0-9] words joined by '-', at most 100. */
int manifest_event_id_ok(const char *s);

/* Append the manifest as JSON (keys in a fixed order, two-space indent). */
void manifest_write(const struct manifest *m, struct strbuf *out);

/*
 * Parse a manifest.json of len bytes and check every field: the format
 * and its version, the event id, a version >= 1, the software and the
 * creation time, and for every file a safe name given once, a size, a
 * SHA-256 of 64 hex digits, a media type and a role.  Problems go to dl at
 * where (with the JSON line when known).  Returns ERR_OK or ERR_ARCHIVE;
 * m is filled and sorted either way.
 */
enum err manifest_parse(const char *buf, size_t len, const char *where,
                        struct manifest *m, struct diag_list *dl);

#endif
