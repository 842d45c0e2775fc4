/* pipeline/publish: what the archive's public website may carry: one
 * policy, safe by default, that the site's source applies to every row
 * and file it gives (pipeline/site.c), not each page.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_PUBLISH_H
#define PIPELINE_PUBLISH_H

#include <stddef.h>

#include "util/diag.h"

struct strbuf;
struct table;

/* The archive's settings file of the site: ROOT/site.ini, [site]. */
#define PUBLISH_SETTINGS "site.ini"

/* How a birth is published. */
enum publish_birth {
    PUBLISH_BIRTH_YEAR = 0, /* the year alone (the default) */
    PUBLISH_BIRTH_NONE      /* nothing */
};

struct publish_policy {
    /* The documents published, as render's document table names them
       (bits by its index); the default: the results documents (ranking
       lists, cross tables, a knock-out's bracket and games, the team
       tables), never the registry's (the mandate commission's papers,
       the report, the diplomas) unless the settings name them. */
    unsigned documents;
    int results;       /* the results as JSON and CSV, births cut */
    int inputs;        /* the results files as the pairing program wrote
                          them (they hold full birth dates): no */
    int bundle;        /* the signed bundle itself: no */
    int public_bundle; /* a zip of what is published: yes */
    enum publish_birth birth;
    /* The address the site is served at, ending in "/"
       ("https://archive.example.ua/"), or NULL: unknown, so no sitemap
       and printouts name the page by its path. */
    char *base_url;
    const char *source; /* the settings file read, or NULL: the default */
};

/*
 * The policy of the archive at root: the default, or what ROOT/site.ini
 * says in [site]: 'publish = ranking, crosstable, ..., results,
 * public-bundle' (render's document names, a group of them such as
 * 'diplomas' or 'mandate', and results, inputs, bundle, public-bundle;
 * 'none' alone for nothing), 'birth = year' or 'none', 'base-url =
 * https://...' (http or https, no blank, quote or angle bracket; a "/"
 * added at its end).  An unknown word is
 * an error at its line and column (ERR_PARSE); a file that is not there is
 * the default.
 */
enum err publish_policy_read(const char *root, struct publish_policy *out,
                             struct diag_list *dl);
void publish_policy_release(struct publish_policy *p);
/* The default policy alone (what a results service publishes). */
void publish_policy_default(struct publish_policy *out);

/* What becomes of a file of a bundle (its name inside, its manifest role:
   "document", "results", "input"). */
enum publish_as {
    PUBLISH_NOT = 0, /* left in the archive */
    PUBLISH_AS_IS,   /* published as the bundle holds it */
    PUBLISH_CUT      /* published with the births cut (publish_cut()) */
};
enum publish_as publish_file(const struct publish_policy *p, const char *name,
                             const char *role);

/*
 * A file published PUBLISH_CUT, from the bundle's bytes: the results as
 * archive/results.c writes them (JSON, CSV) with every birth date as the
 * policy says (the year, or nothing).
 */
void publish_cut(const struct publish_policy *p, const char *name,
                 const char *bytes, size_t len, struct strbuf *out);

/*
 * The rows of the catalogue as the site may show them: a column named
 * "Birth" (a date, or a year) becomes its year, or nothing; a person's
 * identity ("Ident", and a merge's "Gone" and "Kept": a full birth date
 * may be in it) becomes a key that names him and tells nothing of him
 * (20 hex digits of a SHA-256); a game's moves ("PGN") are emptied
 * unless the results are published.
 */
void publish_rows(const struct publish_policy *p, struct table *t);

/*
 * The key that names a person (his catalogue identity) on the site and in
 * a bundle's removal record, and tells nothing of him: 20 hex digits of a
 * SHA-256.
 */
void publish_person_key(const char *ident, char out[21]);

/* A line for a reader: what the site leaves out and why. */
void publish_left_out(const struct publish_policy *p, struct strbuf *out);

#endif
