/* cli/store: where bundles go in the archive folder and how a new version
 * of an event replaces the current one (shared by build, import and
 * rebuild).
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_STORE_H
#define CLI_STORE_H

#include <stdio.h>

#include "archive/catalog.h"
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

/* What the archive holds of an event now. */
struct store_probe {
    char *relpath;        /* "2023/2023-06-01-u10-lviv.zip" */
    char *abspath;        /* ROOT/relpath */
    int catalog_version;  /* 0: not catalogued */
    int disk_version;     /* manifest version of relpath; 0: no file */
    struct manifest disk; /* its manifest */
    char disk_sha[65];
    long long disk_size;
};

/* Look at event_id's current bundle on disk and in the catalogue; exit
 * code or 0. */
int store_probe(const char *root, struct catalog *c, const char *event_id,
                struct store_probe *p);
void store_probe_release(struct store_probe *p);

/* The next version number for the event. */
int store_next_version(const struct store_probe *p);

/* What store_commit() did. */
struct store_result {
    int unchanged;      /* the current bundle already holds these files */
    int recorded;       /* the catalogue was brought up to the disk */
    char *prev_relpath; /* where the previous current version went */
};

/*
 * Make the bundle zip (whose manifest is m) the current version of its
 * event: when the current bundle on disk lists the same files, nothing is
 * written (res->unchanged; the catalogue is brought up to it when behind);
 * else the current file is kept as "ID-vN.zip" (a hard link, so it never
 * disappears), zip is written under a temporary name and renamed, and the
 * catalogue records it in one transaction.  Exit code or 0.
 */
int store_commit(const char *root, struct catalog *c, const struct ranked *r,
                 const char *event_id, struct store_probe *p,
                 const struct manifest *m, const struct strbuf *zip,
                 struct store_result *res);
void store_result_release(struct store_result *res);

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

/* Make a temporary folder under $TMPDIR (else /tmp) into out; exit code
 * or 0. */
int store_tmpdir(struct strbuf *out);
/* Remove a folder made by store_tmpdir() and everything in it. */
void store_remove_tree(const char *dir);

struct bundle;
/*
 * Extract the checked bundle b into a temporary folder (set in *tmp;
 * remove it), load and rank the event there.  Returns 0 with r filled, or
 * an exit code.
 */
int store_load_bundle(struct bundle *b, const char *label, const char *cmd,
                      struct strbuf *tmp, struct ranked *r);

#endif
