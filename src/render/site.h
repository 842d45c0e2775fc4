/* render/site: the archive as a static website: plain HTML pages in
 * Ukrainian, one CSS file, the documents and bundles to download, an
 * optional search; made from the catalogue's rows and the bundles' files,
 * which a source gives (pipeline/site.c: the archive's).
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_SITE_H
#define RENDER_SITE_H

#include <stddef.h>

#include "core/chess.h"
#include "util/diag.h"
#include "util/table.h"

/* The file in the site's folder that lists what the site wrote. */
#define SITE_STATE_FILE ".sekretar-site"

/* What a run wrote. */
struct site_result {
    long long events, sections, people, diplomas, pages;
    long long files;     /* documents and bundles */
    long long written;   /* files whose bytes changed (or were new) */
    long long unchanged; /* files left as they were */
    long long removed;   /* files of an earlier run no longer made */
};

/* The rows the pages are made of: the catalogue's, by what they are. */
enum site_rows {
    SITE_EVENTS,         /* every event, newest first */
    SITE_SECTIONS,       /* every section of every event */
    SITE_PEOPLE,         /* every person */
    SITE_MERGES,         /* the people merged: Gone, Kept (their keys) */
    SITE_GROUPS,         /* key.text: every entry of each region, club or
                            coach (catalog_site_groups) */
    SITE_DIPLOMAS,       /* every diploma */
    SITE_EVENT,          /* key.event: the event's facts */
    SITE_RANKING,        /* key.event, key.section: its ranking */
    SITE_KO_GAMES,       /* key.event, key.section: a knock-out's games */
    SITE_TEAMS,          /* key.event, key.section: a team competition's */
    SITE_GAMES,          /* key.person: his games */
    SITE_PLAYER,         /* key.person: his results */
    SITE_CHAMPIONS,      /* every section's champion */
    SITE_MEDALS,         /* key.text: by region, club or coach */
    SITE_COUNTS,         /* one row: events, bundles, sections, people,
                            entries, games */
    SITE_EVENT_INFO,     /* key.event: 'archive show's three tables */
    SITE_EVENT_SECTIONS,
    SITE_EVENT_VERSIONS,
    SITE_BUNDLE_FILES,   /* key.event, key.version: the bundle's files */
    SITE_VERSION,        /* key.event, key.version (0: the current one):
                            one row of that bundle: version, path,
                            SHA-256, size, software */
    SITE_SECTION_GAMES   /* key.event, key.section: its games with moves
                            (catalog_site_section_games) */
};

struct site_key {
    const char *event, *section, *text;
    long long person;
    int version;
};

/* A bundle of the archive, or one of its files. */
struct site_file_ref {
    const char *relpath;    /* the bundle, relative to the archive */
    const char *bundle_sha; /* its SHA-256, as the catalogue recorded it */
    const char *name;       /* a file of it; NULL: the bundle itself */
    const char *sha;        /* the file's SHA-256, as catalogued */
    int cut;                /* published with the births cut */
};

/* A game as its PGN gives it: its tags (name, value, name, value, ...),
   its moves from its first position, and the comments and NAGs of its
   movetext. */
struct site_game {
    const char *const *tags; /* 2 * n_tags */
    size_t n_tags;
    struct chess_pos start;
    const struct chess_move *moves;
    size_t n_moves;
    /* For k up to n_moves: the comment after half-move k (k 0: before
       the first move; UTF-8) and the NAGs of half-move k (1 to 255,
       0-ended), NULL when none; the arrays NULL when the game has none. */
    const char *const *comments;
    const unsigned char *const *nags;
};

/* Where the pages' rows and files come from, and what may be published:
   the source applies the policy (pipeline/publish.h) to every row and
   file it gives. */
struct site_source {
    void *arg;
    /* The rows what of key into out (its columns as the catalogue names
       them); SITE_BUNDLE_FILES gives the files of a bundle the site
       publishes only, with a column Publish: "as-is" or "cut".
       ERR_CATALOG and the like with the reason in dl. */
    enum err (*rows)(void *arg, enum site_rows what, const struct site_key *key,
                     struct table *out, struct diag_list *dl);
    /* The bytes to publish of f (checked against the catalogue's SHA-256
       first: ERR_ARCHIVE when they differ), valid until the next call. */
    enum err (*file)(void *arg, const struct site_file_ref *f,
                     const char **bytes, size_t *len, struct diag_list *dl);
    /* A zip of what the site publishes of event's bundle f, with a note of
       what it leaves out; valid until the next call. */
    enum err (*public_zip)(void *arg, const struct site_file_ref *f,
                           const char *event, const char **bytes, size_t *len,
                           struct diag_list *dl);
    /* The game of pgn (len bytes: one game in export format, as the
       catalogue holds it) into out, lent until the next call; ERR_PARSE
       with the reason in dl when it is not one game whose moves are all
       legal. */
    enum err (*game)(void *arg, const char *pgn, size_t len,
                     struct site_game *out, struct diag_list *dl);
    const char *tag; /* names the policy, in the keys of derived files */
    int bundle;        /* the signed bundle is published */
    int public_bundle; /* a zip of what is published, per event */
    int inputs;        /* the results files as written are published */
    const char *left_out; /* what the site leaves out, and why */
    const char *base_url; /* the site's address ending in "/", or NULL */
};

/*
 * Write the site of src into out (made when missing).  Every file is
 * written under a temporary name and renamed, and only when its bytes
 * differ from what is there, so an unchanged archive changes nothing and a
 * new build rewrites only the pages it changed; files an earlier run wrote
 * that are no longer made (a person merged into another) are removed.  A
 * bundle whose SHA-256 is not the catalogue's, or a document whose bytes
 * are not the manifest's, stops the run (ERR_ARCHIVE).  ERR_CREATE /
 * ERR_IO when out cannot be written.
 */
enum err site_write(const struct site_source *src, const char *out,
                    struct site_result *res, struct diag_list *dl);

#endif
