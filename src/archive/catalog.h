/* archive/catalog: the SQLite catalogue of the archive: events, their
 * bundle versions and files, sections, people across events, entries
 * (places, points, tie-breaks, region, club, coach, rank) and games, and
 * the historians' queries over them.
 * SPDX-License-Identifier: MIT
 *
 * The database is in WAL mode and every change is one transaction: a
 * process killed at any moment leaves the catalogue as it was before the
 * change or as after it.  Queries answer with a struct table (a
 * table of strings the CLI prints).
 */
#ifndef ARCHIVE_CATALOG_H
#define ARCHIVE_CATALOG_H

#include <stddef.h>

#include "util/diag.h"
#include "util/table.h"

struct diploma;
struct event;
struct section;
struct knockout;
struct standings;
struct manifest;
struct strbuf;

#define CATALOG_FILE "catalog.sqlite"
/* The schema version this sekretar writes (PRAGMA user_version). */
#define CATALOG_SCHEMA_VERSION 9

struct catalog;

enum catalog_flags {
    CATALOG_CREATE = (1 << 0),  /* make the file (and the schema) if absent */
    CATALOG_READONLY = (1 << 1) /* queries only */
};

/*
 * Open the catalogue at path, migrating an older schema up to
 * CATALOG_SCHEMA_VERSION (refusing a newer one).  ERR_NOINPUT when it does
 * not exist and CATALOG_CREATE is not given, ERR_CATALOG when SQLite fails
 * or the file is not a catalogue (the message comes from sqlite3_errmsg).
 */
enum err catalog_open(const char *path, unsigned flags, struct catalog **out,
                      struct diag_list *dl);
void catalog_close(struct catalog *c);

/* ---------------------------------------------------------------- build */

/* A section as build ranked it. */
struct section_ranking;
struct catalog_section {
    const struct section *sec;
    const struct standings *s; /* its players */
    const struct knockout *ko; /* a knock-out's matches, or NULL */
    /* A team competition: its teams ranked (with their matches), or
       NULL. */
    const struct section_ranking *teams;
};

/* A bundle to record as the current version of its event. */
struct catalog_bundle {
    const char *event_id;
    const struct event *ev;
    const struct catalog_section *sections;
    size_t n_sections;
    const struct manifest *m; /* version, creation, software, files */
    const char *path;         /* relative to the archive root */
    long long size;
    const char *sha256;
    /* Where the previous current version went (its new path), or NULL. */
    const char *previous_path;
    /* The diplomas of the version (core/diploma.h), with their codes. */
    const struct diploma *diplomas;
    size_t n_diplomas;
};

/*
 * In one transaction: record the bundle and its files as the event's
 * current version (the previous version's row keeps its place in the
 * history, at previous_path), and replace the event's sections, entries and
 * games by those of b; every player becomes an entry of a person, found
 * by FIDE ID, else by name and full birth date (merges are followed),
 * else added (a name without a full birth date is one person within the
 * event only: see catalog_candidates).  ERR_DATA when the version is already recorded with another
 * checksum, ERR_CATALOG when SQLite fails (nothing changed).
 */
enum err catalog_add_bundle(struct catalog *c, const struct catalog_bundle *b,
                            struct diag_list *dl);

/* The event's current version, its path and SHA-256 (to free), or 0 when
 * the event is not catalogued (then *path and *sha are NULL). */
int catalog_current(struct catalog *c, const char *event_id, char **path,
                    char **sha);

/* A version of an event's bundle as the catalogue records it. */
struct catalog_version {
    int version; /* 0: none */
    char *path;  /* relative to the archive root */
    char *sha256;
    long long size;
    char *software;
};

/*
 * Version v of the event (0: the current one) into out (release it);
 * returns its number, or 0 when there is none.
 */
int catalog_version_get(struct catalog *c, const char *event_id, int v,
                        struct catalog_version *out);
void catalog_version_release(struct catalog_version *v);

/*
 * Merge person gone into person kept (ids): his entries become kept's, his
 * FIDE ID too when kept has none, and later builds find kept for him.
 * ERR_DATA (with why) when an id is unknown, they are the same person,
 * their FIDE IDs differ, or (unless force) their birth dates (a year and
 * a day of it agree).
 */
enum err catalog_merge_people(struct catalog *c, long long kept, long long gone,
                              int force, struct diag_list *dl);

/* The merges recorded (gone identity, kept identity), for rebuild. */
struct table;
enum err catalog_merges(struct catalog *c, struct table *r,
                        struct diag_list *dl);
enum err catalog_add_merge(struct catalog *c, const char *gone,
                           const char *kept, struct diag_list *dl);

/* ------------------------------------------------- forgetting a person */

struct tournament;

/*
 * The identity player p of section sec (tournament t) of event ev has in
 * the catalogue of event event_key: "fide:ID", "name:KEY|YYYY-MM-DD" for
 * a full birth date, else "name:KEY|BIRTH@EVENT"; and in keybirth
 * "name:KEY|BIRTH", by which a merge may also find him.
 */
void catalog_player_ident(const struct event *ev, const struct section *sec,
                          const struct tournament *t, int p,
                          const char *event_key, struct strbuf *ident,
                          struct strbuf *keybirth);

/* A person of the catalogue (strings owned; fide NULL when none). */
struct catalog_person {
    long long id;
    char *ident, *fide, *name, *key, *birth;
};
/* Person id into out (release it); -1 when there is none. */
int catalog_person_get(struct catalog *c, long long id,
                       struct catalog_person *out);
void catalog_person_release(struct catalog_person *p);

/*
 * Every identity that leads to person p: his own and those merged into
 * him, one per row of r (column "Ident").
 */
enum err catalog_person_idents(struct catalog *c,
                               const struct catalog_person *p,
                               struct table *r, struct diag_list *dl);

/*
 * The bundles, every version, of the events person id played in: rows of
 * event key, version, path, SHA-256 and 1 for the current version, by
 * event key and version.
 */
enum err catalog_person_bundles(struct catalog *c, long long id,
                                struct table *r, struct diag_list *dl);

/* A bundle rewritten, for catalog_forget(). */
struct catalog_rewritten {
    const char *path; /* as bundles.path holds it */
    const char *sha256;
    long long size;
    const struct manifest *m; /* its files */
};

/*
 * Record, in one transaction, that person's personal data left the
 * archive: his birth as year ("2013" or ""), his identity as ident (the
 * one his redacted entries give in his first event, or his FIDE ID's);
 * the merges whose gone identity holds a full birth date of his removed,
 * the identities of his other events (event_idents) merged into ident,
 * and each rewritten bundle's size, checksum and files.
 */
enum err catalog_forget(struct catalog *c, const struct catalog_person *person,
                        const char *ident, const char *year,
                        const char *const *event_idents, size_t n_idents,
                        const struct catalog_rewritten *b, size_t n_b,
                        struct diag_list *dl);

/* The version whose bundle is at path (relative) into out; 0 when none. */
int catalog_version_at(struct catalog *c, const char *path,
                       struct catalog_version *out);

/*
 * Check the database: SQLite's quick check, that every event has its
 * current bundle and every bundle lists its files; with deep also SQLite's
 * full integrity check, the foreign keys, that every section has as many
 * entries as players and that every game joins two entries of its section
 * (these read every row: seconds for millions of games).  Each problem
 * goes to dl.
 */
enum err catalog_check(struct catalog *c, int deep, struct diag_list *dl);

/* --------------------------------------------------------------- queries */

/* Queries answer with a struct table (util/table.h) of strings. */

struct catalog_filter {
    const char *category;   /* "U10"; NULL any */
    char sex;               /* 'm', 'f'; 0 any */
    const char *discipline; /* "classic", "rapid", "blitz"; NULL any */
    int from, to;           /* years; 0 open */
    int year;               /* 0 any */
    const char *city;       /* folded match; NULL any */
};

/* Events: Event, Version, Start, End, City, Category, Sections, People
 * (who played, each once), Entries (a person in two sections: two),
 * Title. */
enum err catalog_events(struct catalog *c, const struct catalog_filter *f,
                        struct table *r, struct diag_list *dl);
/* One event: its fields (Field, Value), its sections and its versions. */
enum err catalog_event_show(struct catalog *c, const char *event_id,
                            struct table *info,
                            struct table *sections,
                            struct table *versions,
                            struct diag_list *dl);
/* Every bundle version: Event, Version, Path, Size, SHA256, Current. */
enum err catalog_bundles(struct catalog *c, struct table *r,
                         struct diag_list *dl);
/* The files of one bundle version (0: the current one): Name, Size,
   SHA256, Type, Role, Version. */
enum err catalog_bundle_files(struct catalog *c, const char *event_id,
                              int version, struct table *r,
                              struct diag_list *dl);

/*
 * The diploma whose code (canonical, core/diploma.h) is code, in r: Code,
 * Kind, Name, Born, Region, Team, Pupil, Place, PlaceTo, Degree, Event,
 * Title, Start, End, City, Section, SectionTitle, Version, Bundle,
 * SHA256 (the bundle of the version that gave it); no row when unknown.
 */
enum err catalog_diploma(struct catalog *c, const char *code,
                         struct table *r, struct diag_list *dl);

/* Winners (place 1) of every section: Year, Event, Category, Section,
 * Sex, Discipline, Champion, Region, Points, Person. */
enum err catalog_champions(struct catalog *c, const struct catalog_filter *f,
                           struct table *r, struct diag_list *dl);

/*
 * People that text names: "#ID", a FIDE ID (digits), or name words
 * matched as word prefixes after folding (name_fold, name_fold_latin):
 * Person, Name, Birth, FIDE, Events.
 */
enum err catalog_find_people(struct catalog *c, const char *text,
                             struct table *r, struct diag_list *dl);

/* A person's history: Year, Event, Section, Place, Points, Games,
 * Performance, RatedGames, Rating, Region, Club, Coach, Rank, Reached,
 * Team, Boards, Recorded (his games there with moves, from PGN). */
enum err catalog_player(struct catalog *c, long long person,
                        struct table *r, struct diag_list *dl);

/*
 * The people possibly the same as another one (the same name, and no FIDE
 * IDs or full birth dates that tell them apart), never merged by
 * themselves: Person, Name, Birth, Candidate, CandidateName,
 * CandidateBirth, Events (of the candidate).  For the people of event_id,
 * or for person (> 0); the pairs within the event once.
 */
enum err catalog_candidates(struct catalog *c, const char *event_id,
                            long long person, struct table *r,
                            struct diag_list *dl);

/* Every game between two people: Year, Event, Section, Round, White,
 * Black, Result, Stage, Match, Game, Board, Moves (empty: no moves
 * recorded). */
enum err catalog_h2h(struct catalog *c, long long a, long long b,
                     struct table *r, struct diag_list *dl);

/* Which games catalog_games() answers with; a zero field: any. */
struct catalog_games_filter {
    long long person;     /* his games */
    long long opponent;   /* against him */
    char colour;          /* 'w', 'b': person's colour */
    const char *event;    /* an event's id */
    int year;
    const char *section;  /* a section's key */
    int round;
    const char *result;   /* as games.result: "1-0", "0-1", "½-½" */
    const char *eco_from, *eco_to; /* ECO codes, both or neither */
    int moves_min, moves_max;      /* moves as numbered */
    int with_moves;       /* only games with moves */
    int limit;            /* at most so many rows */
    int columns;          /* 0: the columns to Moves only (the text
                             table's); 1: every one, the PGN empty; 2:
                             the PGN too */
};

/*
 * Games, by event (start date), section, round and board: Year, Event,
 * Section, Round, Board, Match, Game (a knock-out's match and the game's
 * number in it, else empty), White, Black, Result, ECO, Moves (empty: no
 * moves recorded), Stage (a knock-out's: classic, rapid, blitz,
 * armageddon, walkover; else empty), WhiteFIDE, BlackFIDE, Start (the
 * event's start date), FEN (after the last move), Movetext (the moves on
 * one line, with the result), PGN (the game in export format, as the
 * bundle has it; empty without moves).
 */
enum err catalog_games(struct catalog *c, const struct catalog_games_filter *f,
                       struct table *r, struct diag_list *dl);

/*
 * A row of a query as it comes: head has the headings and alignment (no
 * rows), cells the row's strings (never NULL) and lens their lengths in
 * bytes; a non-zero return stops the query.
 */
typedef int (*catalog_row_fn)(void *arg, const struct table *head,
                              const char *const *cells, const size_t *lens);
/* catalog_games() row by row, none of them kept (the memory does not
   grow with the answer): head gets the headings (release it), fn every
   row. */
enum err catalog_games_each(struct catalog *c,
                            const struct catalog_games_filter *f,
                            struct table *head, catalog_row_fn fn, void *arg,
                            struct diag_list *dl);

/* Medal table by by ("region", "club" or "coach"): Region, Gold, Silver,
 * Bronze, Total (f->year, f->category, f->sex and f->discipline apply). */
enum err catalog_medals(struct catalog *c, const struct catalog_filter *f,
                        const char *by, struct table *r,
                        struct diag_list *dl);

/* Counts for a summary: events, bundles, sections, people, entries,
 * games. */
enum err catalog_counts(struct catalog *c, long long counts[6],
                        struct diag_list *dl);

/* ------------------------------------------------------------------ site */

/* A read transaction: every query until catalog_read_end() sees one
 * state of the catalogue. */
enum err catalog_read_begin(struct catalog *c, struct diag_list *dl);
void catalog_read_end(struct catalog *c);

/* Every section of every event: Event, Section, Title, System,
 * Discipline, Sex, Rounds, Players, Rules, Tiebreaks, Unplayed, Prize. */
enum err catalog_site_sections(struct catalog *c, struct table *r,
                               struct diag_list *dl);
/* One event (one row, none when unknown): Title, Short, Category, Age,
 * Rank, Start, End, City, Venue, Arbiter, Version. */
enum err catalog_site_event(struct catalog *c, const char *event_id,
                            struct table *r, struct diag_list *dl);
/* A section's ranking list: Place, PlaceTo, StartNo, Name, Person,
 * Rating, Rank, Region, Club, Coach, Points, Tiebreaks ({"CODE": value,
 * ...}), Decided, Games, Performance, Rounds (the rounds column), Birth,
 * Reached (a knock-out's round reached, else ""). */
enum err catalog_site_ranking(struct catalog *c, const char *event_id,
                              const char *section, struct table *r,
                              struct diag_list *dl);
/* The people with an entry: Person, Name, Birth, FIDE, Sex, Latin (the
 * name folded to Latin letters), Ident (whom the catalogue knows him as:
 * private, a full birth date in it), First (his first entry: start date,
 * event, section and start number), by name. */
/* Every entry (and team) of a region, a club (by its key) or a coach (by
 * = "region", "club", "coach"): Grp, Shown (the name as written), Start,
 * Year, Event, Section, Person (none for a team), Name, Place, Medal (1:
 * a place 1-3 of a section that awards them), Kind ("p" a person, "t" a
 * team), by group, then as the events and sections came. */
enum err catalog_site_groups(struct catalog *c, const char *by,
                             struct table *r, struct diag_list *dl);
enum err catalog_site_people(struct catalog *c, struct table *r,
                             struct diag_list *dl);
/* A person's games: Year, Event, Section, Round, Colour (his: w, b),
 * Result (white's side: "1-0"), Opponent (person), Name, Rating, Colours
 * (0: colours not known), Me (his name in the section), WhiteNo, BlackNo
 * (start numbers), KoGame (a knock-out game's number in its match, else
 * 0), PGN (the game in export format; empty: no moves recorded). */
enum err catalog_site_games(struct catalog *c, long long person,
                            struct table *r, struct diag_list *dl);
/* A section's games with moves (from PGN), in the order of
 * catalog_games(): Round,
 * Board, Match, Game (a knock-out's, else "" and 0), Stage, WhiteNo,
 * BlackNo (start numbers), White, Black (persons), WhiteName, BlackName,
 * Result, ECO, Moves, PGN (the game in export format, as the bundle's
 * games/NAME.pgn holds it). */
enum err catalog_site_section_games(struct catalog *c, const char *event_id,
                                    const char *section, struct table *r,
                                    struct diag_list *dl);
/* A knock-out's games by round, match and game: Round, Match, Game (0 a
 * walkover), Stage, White, Black (start numbers), Result. */
enum err catalog_site_ko_games(struct catalog *c, const char *event_id,
                               const char *section, struct table *r,
                               struct diag_list *dl);
/* A team competition's teams by place: Place, PlaceTo, No, Name, MP, GP,
 * Tiebreaks, Decided, Region, Club, Coach, Rounds (the teams' rounds
 * column: "OPP:GP:RESULT" per round), Members ("PERSON NAME" joined by
 * tabs, in board order). */
enum err catalog_site_teams(struct catalog *c, const char *event_id,
                            const char *section, struct table *r,
                            struct diag_list *dl);
/* Every diploma of the current versions, by event, section and place:
 * Code, Kind, Name, Born, Region, Team, Pupil, Place, PlaceTo, Degree,
 * Event, Section, Version, Bundle, SHA256 (as catalog_diploma), Person
 * (a player's diploma: his person, "" when no entry of the section has
 * his name), PupilPerson (a coach's diploma: the pupil's person, or ""). */
enum err catalog_site_diplomas(struct catalog *c, struct table *r,
                               struct diag_list *dl);

#endif
