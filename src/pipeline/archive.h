/* pipeline/archive: the archive as the commands read and keep it: its
 * catalogue's answers, verify, rebuild from the bundles, merges of people
 * and the public site.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_ARCHIVE_H
#define PIPELINE_ARCHIVE_H

#include "archive/catalog.h"
#include "archive/verify.h"
#include "util/diag.h"
#include "util/table.h"

/* The catalogue of an archive, open for questions. */
struct archive_reader;

/* Open root's catalogue read-only: ERR_NOINPUT when there is none. */
enum err archive_reader_open(const char *root, struct archive_reader **out,
                             struct diag_list *dl);
void archive_reader_close(struct archive_reader *r);

/* Which events a question is about; zero: every one. */
struct query_filter {
    const char *category;   /* "U10"; NULL any */
    char sex;               /* 'm', 'f'; 0 any */
    const char *discipline; /* "classic", "rapid", "blitz"; NULL any */
    int from, to;           /* years; 0 open */
    int year;               /* 0 any */
    const char *city;       /* folded match; NULL any */
};

enum query_kind {
    QUERY_EVENTS,          /* the events (filter) */
    QUERY_COUNTS,          /* one row: events, bundles, sections, people,
                              entries, games */
    QUERY_EVENT_INFO,      /* text: an event id */
    QUERY_EVENT_SECTIONS,  /* text: an event id */
    QUERY_EVENT_VERSIONS,  /* text: an event id */
    QUERY_CHAMPIONS,       /* filter */
    QUERY_MEDALS,          /* filter, by: region, club or coach */
    QUERY_PEOPLE,          /* text: a name, a FIDE ID or #ID */
    QUERY_PLAYER,          /* person */
    QUERY_H2H,             /* person and other */
    QUERY_CANDIDATES,      /* text: an event id, or person: who may be the
                              same person twice */
    QUERY_DIPLOMA,         /* text: a diploma's code, as read */
    QUERY_EVENT_FILES,     /* text: an event id; the files of its current
                              version: Name, Size, SHA256, Type, Role,
                              Version */
    QUERY_GAMES            /* games: the games (archive/catalog.h
                              catalog_games(): its columns) */
};

/* Which games QUERY_GAMES answers with; a zero field: any. */
struct query_games {
    long long person, opponent; /* his games; against him */
    char colour;                /* 'w', 'b': person's colour */
    const char *event;          /* an event's id */
    int year;
    const char *section; /* a section's key */
    int round;
    const char *result;            /* "1-0", "0-1", "½-½" */
    const char *eco_from, *eco_to; /* ECO codes, both or neither */
    int moves_min, moves_max;
    int with_moves;
    int limit;
    int columns; /* 0: to Moves only; 1: all, the PGN empty; 2: all */
};

struct query {
    enum query_kind kind;
    struct query_filter f;
    const char *by;
    const char *text;
    long long person, other;
    struct query_games games;
};

/* The answer to q as a table (its columns as the catalogue names them). */
enum err archive_query(struct archive_reader *r, const struct query *q,
                       struct table *out, struct diag_list *dl);
/* The games q asks for, row by row as they come (catalog_games_each()):
   head gets the headings (release it), fn each row. */
enum err archive_games_each(struct archive_reader *r,
                            const struct query_games *q, struct table *head,
                            catalog_row_fn fn, void *arg,
                            struct diag_list *dl);

/*
 * Make root's catalogue again from its bundles alone, each prepared as an
 * event folder (archive/verify.h archive_rebuild()).
 */
enum err archive_rebuild_all(const char *root,
                             struct archive_rebuild_result *res,
                             struct diag_list *dl);

/*
 * archive_verify() of root; with deep, every bundle made by this software
 * is also unpacked, prepared and compared with what a build of its inputs
 * makes (pipeline/build.h build_check_bundle()), in a temporary folder
 * under $TMPDIR: a file that differs, is missing or is one a build never
 * makes is a problem.
 */
enum err archive_verify_all(const char *root, int deep,
                            struct archive_verify_result *res,
                            struct diag_list *dl);

/* Join person gone into kept in root's catalogue, under its lock; force:
   even when their birth dates differ (catalog_merge_people()). */
enum err archive_merge_people(const char *root, long long kept, long long gone,
                              int force, struct diag_list *dl);

#endif
