/* archive/bundle: one event as a zip: its inputs, its documents, its
 * machine-readable results and manifest.json.  Written byte for byte the
 * same for the same event and creation time; read back with every entry
 * checked before anything is trusted or extracted.
 * SPDX-License-Identifier: MIT
 */
#ifndef ARCHIVE_BUNDLE_H
#define ARCHIVE_BUNDLE_H

#include <stddef.h>

#include "archive/manifest.h"
#include "util/diag.h"

struct strbuf;

/* A file to put in a bundle: where it goes, where it is, what it is. */
struct bundle_source {
    const char *name;       /* path inside the bundle (manifest_name_problem) */
    const char *path;       /* the file on disk */
    /* Or its bytes (path NULL): a file made in memory. */
    const char *bytes;
    size_t len;
    const char *media_type; /* "application/pdf" */
    enum manifest_role role;
};

/* The largest file a bundle takes in or gives out, and the largest bundle. */
#define BUNDLE_MAX_ENTRY   (256u << 20)
#define BUNDLE_MAX_SIZE    (1024u << 20)
#define BUNDLE_MAX_ENTRIES 10000

/*
 * Make a bundle in memory: read every source (at most BUNDLE_MAX_ENTRY
 * bytes each), list it in m (whose event, version, software and created
 * the caller has set; files are added and sorted here) and append the zip
 * to zip: the entries in name order with manifest.json among them, each
 * dated mtime (seconds since 1970, UTC), compressed with deflate, so that
 * the same files and manifest give the same bytes.  Returns ERR_OK,
 * ERR_NOINPUT/ERR_IO (a source), ERR_USAGE (two sources with one name, or
 * a name that is not safe) or ERR_ARCHIVE (libzip failed), with the reason
 * in dl.
 */
enum err bundle_make(struct manifest *m, const struct bundle_source *src,
                     size_t n, long long mtime, struct strbuf *zip,
                     struct diag_list *dl);

/* A bundle opened for reading (the whole file is held in memory). */
struct bundle;

/*
 * Open the bundle at path and check every entry before anything is read:
 * a safe name (manifest_name_problem: no '..', no absolute path - zip
 * slip), no directory entries other than plain folders, no symbolic link
 * or other special file, not encrypted, at most BUNDLE_MAX_ENTRY bytes
 * (and not more than 1000 times its compressed size), no name twice, at
 * most BUNDLE_MAX_ENTRIES entries.  Returns ERR_OK, ERR_NOINPUT (no such
 * file), ERR_IO, or ERR_ARCHIVE (not a zip, or an entry refused: every
 * one is reported to dl as "PATH: entry 'NAME': why").
 */
enum err bundle_open(const char *path, struct bundle **out,
                     struct diag_list *dl);
void bundle_close(struct bundle *b);

/* The size, the bytes and the SHA-256 (hex) of the whole zip file. */
long long bundle_size(const struct bundle *b);
const char *bundle_bytes(const struct bundle *b);
const char *bundle_sha256(const struct bundle *b);
/* The entries' names (files only, in zip order). */
size_t bundle_count(const struct bundle *b);
const char *bundle_name(const struct bundle *b, size_t i);

/*
 * Read the entry called name into out (appended).  ERR_NOINPUT when there
 * is none, ERR_ARCHIVE when it cannot be inflated, fails its CRC or is not
 * the size its header says.
 */
enum err bundle_read(struct bundle *b, const char *name, struct strbuf *out,
                     struct diag_list *dl);

/*
 * bundle_open(), bundle_manifest() and bundle_verify() in one: the bundle
 * (to close) whose every checksum matches its manifest m, or NULL with the
 * problems in dl.
 */
struct bundle *bundle_open_checked(const char *path, struct manifest *m,
                                   struct diag_list *dl);

/* Read and parse manifest.json (manifest_parse); ERR_ARCHIVE when bad. */
enum err bundle_manifest(struct bundle *b, struct manifest *m,
                         struct diag_list *dl);

/*
 * Recompute the size and SHA-256 of every file m lists and compare; an
 * entry that m does not list is a mismatch too.  Each mismatch goes to dl
 * as "PATH: 'NAME': ..." and the result is ERR_ARCHIVE.
 */
enum err bundle_verify(struct bundle *b, const struct manifest *m,
                       struct diag_list *dl);

/*
 * Write every file entry under dir (which must exist), creating folders,
 * refusing to follow or replace anything that exists.  Only for a bundle
 * that bundle_open() accepted.
 */
enum err bundle_extract(struct bundle *b, const char *dir,
                        struct diag_list *dl);

#endif
