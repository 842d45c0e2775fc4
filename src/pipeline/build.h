/* pipeline/build: the build transaction of a prepared event: up to date?,
 * staging, results, documents, manifest, bundle, commit, undo.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_BUILD_H
#define PIPELINE_BUILD_H

#include <stddef.h>

#include "util/diag.h"

struct manifest;
struct prepared;

struct build_options {
    const char *dir;  /* the event folder p was prepared from */
    const char *root; /* the archive */
    const char *slug; /* the event's name in the archive; NULL: the
                         folder's */
    long long created; /* creation time of the bundle and its documents */
    /* Called as each step begins ("writing the documents", ...) with the
       per cent of the build done before it (the documents take most of
       the time); may be NULL. */
    void (*progress)(const char *what, int percent);
};

/* What a build did, for the command to say. */
struct build_summary {
    char *event_id;
    /* 1: the archive already holds the event made from these inputs by
       this software (nothing was written); version is its version. */
    int up_to_date;
    char *relpath; /* the bundle in the archive: "2023/2023-06-01-x.zip" */
    int version;
    size_t files;  /* in the bundle, its manifest included */
    size_t bytes;
    /* The version before, kept under another name; NULL when none. */
    char *previous;
    int previous_version;
    const char *catalog;      /* the catalogue's file in the archive */
    /* Catalogued: the sections, the people who played (each once) and
       their entries (a person in two sections: two). */
    size_t sections, people, entries;
    /* The files the build made (results and documents), bundle names. */
    char **made;
    size_t n_made;
};

/*
 * Build the prepared event p (ranked, without errors) into the archive
 * o->root: when it is not up to date, write its results and documents
 * into a staging folder of the archive, pack them with its inputs and a
 * manifest into a bundle, and under the archive's lock commit the bundle
 * and the catalogue's transaction, keeping the version before; a
 * failure leaves the archive as it was.  Errors: ERR_USAGE (a bad slug),
 * ERR_DATA (an input the bundle cannot hold), the render's, the store's
 * (ERR_ARCHIVE, ERR_CATALOG, ERR_CREATE, ERR_IO).  Release out in any
 * case.
 */
enum err pipeline_build(const struct prepared *p, const struct build_options *o,
                        struct build_summary *out, struct diag_list *dl);
void build_summary_release(struct build_summary *s);

/* The software a build names in its manifests: "sekretar 0.1.0". */
const char *build_software(void);

/*
 * Make again the bundle whose manifest is m from its inputs, prepared as
 * p: the results and documents into dir (an empty folder) as a build
 * makes them, with m's event id, creation time and diploma address, packed
 * with p's inputs under m's head and removal records (manifest.h
 * manifest_forgotten); the zip's bytes in zip, its manifest in made.
 * ERR_DATA for a creation time a build never writes; the render's errors
 * otherwise.
 */
enum err build_remake_bundle(const struct prepared *p,
                             const struct manifest *m, const char *dir,
                             struct manifest *made, struct strbuf *zip,
                             struct diag_list *dl);

/*
 * Is the bundle whose manifest is m, unpacked and prepared as p, exactly
 * what a build of p makes?  Its results and documents are made again as
 * a build makes them (the event id m->event, the creation time
 * m->created) into dir, an empty folder, and packed with p's inputs as a
 * build packs them; then every file m lists is compared with what the
 * build lists (name, role, media type, size and SHA-256: byte for byte,
 * since a build is deterministic for one software, templates, fonts and
 * creation time), and the zip with the zip's len bytes.  Each difference
 * is an error in dl at label ("B.zip: 'results/x.json' is not what a
 * build of its inputs makes"): ERR_DATA.  The render's errors otherwise.
 */
enum err build_check_bundle(const struct prepared *p, const struct manifest *m,
                            const void *zip, size_t len, const char *dir,
                            const char *label, struct diag_list *dl);

#endif
