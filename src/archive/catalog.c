/* archive/catalog: the SQLite catalogue (the only file that includes
 * sqlite3.h); SQLite's errors become ours here.
 * SPDX-License-Identifier: MIT
 */
#include "archive/catalog.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/manifest.h"
#include "archive/results.h"
#include "core/diploma.h"
#include "core/event.h"
#include "core/knockout.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "util/collate.h"
#include "util/date.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Statements run once for each person or section of a site or a query,
   prepared once (prep_kept) and reset after each run. */
#define KEPT_STATEMENTS 16

struct catalog {
    sqlite3 *db;
    char *path;
    int readonly;
    struct {
        const char *sql; /* the statement's text: its address is its key */
        sqlite3_stmt *st;
    } kept[KEPT_STATEMENTS];
    size_t nkept;
};

/* ================================================================ schema */

/*
 * migrations[v] takes a catalogue from schema version v to v + 1; the
 * version is PRAGMA user_version.  Never edit a released step: add one.
 */
static const char *const migrations[] = {
    /* 0 -> 1 */
    "CREATE TABLE events ("
    "  id INTEGER PRIMARY KEY,"
    "  key TEXT NOT NULL UNIQUE,"
    "  title TEXT NOT NULL,"
    "  short_title TEXT NOT NULL DEFAULT '',"
    "  category TEXT NOT NULL DEFAULT '',"
    "  age_group TEXT NOT NULL DEFAULT '',"
    "  sex_text TEXT NOT NULL DEFAULT '',"
    "  rank TEXT NOT NULL DEFAULT '',"
    "  start_date TEXT NOT NULL DEFAULT '',"
    "  end_date TEXT NOT NULL DEFAULT '',"
    "  year INTEGER,"
    "  city TEXT NOT NULL DEFAULT '',"
    "  venue TEXT NOT NULL DEFAULT '',"
    "  chief_arbiter TEXT NOT NULL DEFAULT '',"
    "  version INTEGER NOT NULL);"
    "CREATE INDEX events_year ON events(year);"
    "CREATE TABLE bundles ("
    "  id INTEGER PRIMARY KEY,"
    "  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,"
    "  version INTEGER NOT NULL,"
    "  path TEXT NOT NULL UNIQUE,"
    "  size INTEGER NOT NULL,"
    "  sha256 TEXT NOT NULL,"
    "  created TEXT NOT NULL,"
    "  software TEXT NOT NULL,"
    "  UNIQUE (event_id, version));"
    "CREATE TABLE documents ("
    "  bundle_id INTEGER NOT NULL REFERENCES bundles(id) ON DELETE CASCADE,"
    "  name TEXT NOT NULL,"
    "  size INTEGER NOT NULL,"
    "  sha256 TEXT NOT NULL,"
    "  media_type TEXT NOT NULL,"
    "  role TEXT NOT NULL,"
    "  PRIMARY KEY (bundle_id, name)) WITHOUT ROWID;"
    "CREATE TABLE sections ("
    "  id INTEGER PRIMARY KEY,"
    "  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,"
    "  key TEXT NOT NULL,"
    "  title TEXT NOT NULL DEFAULT '',"
    "  system TEXT NOT NULL,"
    "  discipline TEXT NOT NULL,"
    "  sex TEXT NOT NULL DEFAULT '',"
    "  rounds INTEGER NOT NULL,"
    "  players INTEGER NOT NULL,"
    "  rules TEXT NOT NULL DEFAULT '',"
    "  tiebreaks TEXT NOT NULL DEFAULT '',"
    "  unplayed TEXT NOT NULL DEFAULT '',"
    "  prize_places INTEGER NOT NULL,"
    "  UNIQUE (event_id, key));"
    "CREATE TABLE people ("
    "  id INTEGER PRIMARY KEY,"
    "  ident TEXT NOT NULL UNIQUE,"
    "  fide_id TEXT UNIQUE,"
    "  name TEXT NOT NULL,"
    "  key TEXT NOT NULL,"
    "  birth TEXT NOT NULL DEFAULT '',"
    "  sex TEXT NOT NULL DEFAULT '',"
    "  fold TEXT NOT NULL,"
    "  lfold TEXT NOT NULL);"
    "CREATE INDEX people_key ON people(key);"
    "CREATE TABLE merges ("
    "  gone TEXT PRIMARY KEY,"
    "  kept TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE entries ("
    "  id INTEGER PRIMARY KEY,"
    "  section_id INTEGER NOT NULL REFERENCES sections(id) ON DELETE CASCADE,"
    "  person_id INTEGER NOT NULL REFERENCES people(id),"
    "  start_no INTEGER NOT NULL,"
    "  name TEXT NOT NULL,"
    "  rating INTEGER,"
    "  place INTEGER NOT NULL,"
    "  place_to INTEGER NOT NULL,"
    "  points REAL NOT NULL,"
    "  tiebreaks TEXT NOT NULL,"
    "  decided_by TEXT NOT NULL DEFAULT '',"
    "  games INTEGER NOT NULL,"
    "  performance INTEGER,"
    "  region TEXT NOT NULL DEFAULT '',"
    "  club TEXT NOT NULL DEFAULT '',"
    "  coach TEXT NOT NULL DEFAULT '',"
    "  rank TEXT NOT NULL DEFAULT '',"
    "  UNIQUE (section_id, start_no));"
    "CREATE INDEX entries_person ON entries(person_id);"
    /* Covers the champions and medal tables: no row lookups. */
    "CREATE INDEX entries_medals ON entries(place, section_id, person_id, "
    "region, points, start_no) WHERE place <= 3;"
    "CREATE TABLE games ("
    "  section_id INTEGER NOT NULL REFERENCES sections(id) ON DELETE CASCADE,"
    "  round INTEGER NOT NULL,"
    "  white INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,"
    "  black INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,"
    "  result TEXT NOT NULL,"
    "  colours INTEGER NOT NULL DEFAULT 1);"
    "CREATE INDEX games_section ON games(section_id);"
    "CREATE INDEX games_white ON games(white);"
    "CREATE INDEX games_black ON games(black);",
    /* 1 -> 2: the codes of the diplomas of every event's current version
       (sekretar verify). */
    "CREATE TABLE diplomas ("
    "  code TEXT PRIMARY KEY,"
    "  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,"
    "  version INTEGER NOT NULL,"
    "  section TEXT NOT NULL,"
    "  kind TEXT NOT NULL,"
    "  name TEXT NOT NULL,"
    "  birth_year INTEGER,"
    "  place INTEGER NOT NULL,"
    "  place_to INTEGER NOT NULL,"
    "  degree INTEGER NOT NULL,"
    "  region TEXT NOT NULL DEFAULT '',"
    "  team TEXT NOT NULL DEFAULT '',"
    "  pupil TEXT NOT NULL DEFAULT '') WITHOUT ROWID;"
    "CREATE INDEX diplomas_event ON diplomas(event_id);",
    /* 2 -> 3: knock-out sections: a game's stage (classic, rapid, blitz,
       armageddon; '' in other sections), its match and its number in the
       match (game 0: a walkover); the round a player reached. */
    "ALTER TABLE games ADD COLUMN stage TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN ko_match INTEGER;"
    "ALTER TABLE games ADD COLUMN ko_game INTEGER;"
    "ALTER TABLE entries ADD COLUMN round_reached INTEGER;",
    /* 3 -> 4: team competitions: the teams ranked, their members (in
       their order), the board of every game of a match. */
    "CREATE TABLE teams ("
    "  id INTEGER PRIMARY KEY,"
    "  section_id INTEGER NOT NULL REFERENCES sections(id) ON DELETE CASCADE,"
    "  team_no INTEGER NOT NULL,"
    "  name TEXT NOT NULL,"
    "  place INTEGER NOT NULL,"
    "  place_to INTEGER NOT NULL,"
    "  match_points REAL NOT NULL,"
    "  game_points REAL NOT NULL,"
    "  tiebreaks TEXT NOT NULL,"
    "  decided_by TEXT NOT NULL DEFAULT '',"
    "  region TEXT NOT NULL DEFAULT '',"
    "  club TEXT NOT NULL DEFAULT '',"
    "  coach TEXT NOT NULL DEFAULT '',"
    "  UNIQUE (section_id, team_no));"
    "CREATE INDEX teams_medals ON teams(place, section_id) WHERE place <= 3;"
    "CREATE TABLE team_members ("
    "  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,"
    "  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,"
    "  position INTEGER NOT NULL,"
    "  captain INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY (team_id, entry_id)) WITHOUT ROWID;"
    "CREATE INDEX team_members_entry ON team_members(entry_id);"
    "ALTER TABLE games ADD COLUMN board INTEGER;",
    /* 4 -> 5: every round of an entry as the site's cross table shows it
       ("12w1 5b= 0-U": opponent, colour, result code; filled by builds and
       'archive rebuild', empty in rows made before). */
    "ALTER TABLE entries ADD COLUMN rounds TEXT NOT NULL DEFAULT '';"
    /* and every round of a team ("3:2.5:W 0:0:Z": the opponent team's
       number, the game points, the result; 0 and '-' when absent). */
    "ALTER TABLE teams ADD COLUMN rounds TEXT NOT NULL DEFAULT ''",
    /* 5 -> 6: the medals by club and by coach from an index too, as by
       region (query medals; the podium's entries only). */
    "CREATE INDEX IF NOT EXISTS entries_medals_cc ON entries(place, "
    "section_id, club, coach) WHERE place <= 3",
    /* 6 -> 7: a section's stage and whether it awards its places (a
       qualifying stage: no champion, no medals); the key a club is
       grouped by (quotes, blanks and case folded: name_club_key); the
       coaches of an entry or a team as a list, each credited (filled from
       the rows before by fill_7()). */
    "ALTER TABLE sections ADD COLUMN stage TEXT NOT NULL DEFAULT 'final';"
    "ALTER TABLE sections ADD COLUMN awards INTEGER NOT NULL DEFAULT 1;"
    "ALTER TABLE entries ADD COLUMN club_key TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE teams ADD COLUMN club_key TEXT NOT NULL DEFAULT '';"
    "CREATE TABLE coaches ("
    "  entry_id INTEGER REFERENCES entries(id) ON DELETE CASCADE,"
    "  team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE,"
    "  ord INTEGER NOT NULL,"
    "  name TEXT NOT NULL);"
    "CREATE INDEX coaches_entry ON coaches(entry_id);"
    "CREATE INDEX coaches_team ON coaches(team_id);"
    "CREATE INDEX coaches_name ON coaches(name);"
    "DROP INDEX IF EXISTS entries_medals_cc;"
    "CREATE INDEX entries_medals_cc ON entries(place, section_id, club_key) "
    "WHERE place <= 3;"
    /* and the rated games a performance was made of (NULL before: filled
       by builds and 'archive rebuild') */
    "ALTER TABLE entries ADD COLUMN performance_games INTEGER",
    /* 7 -> 8: the Latin search form drops accents and reads umlauts
       written out as the letters ("Mueller" is found as "Müller"). */
    "UPDATE people SET lfold = sek_lfold(name)",
    /* 8 -> 9: the moves of a game recorded in PGN (issue 33): the game
       in export format as the bundle's games/NAME.pgn holds it, its ECO
       code (the ECO tag's), its moves as numbered, its half-moves and
       the FEN of its last position; NULL for a game without moves
       (filled by builds and 'archive rebuild'). */
    "ALTER TABLE games ADD COLUMN pgn TEXT;"
    "ALTER TABLE games ADD COLUMN eco TEXT;"
    "ALTER TABLE games ADD COLUMN moves INTEGER;"
    "ALTER TABLE games ADD COLUMN plies INTEGER;"
    "ALTER TABLE games ADD COLUMN fen TEXT;"
    /* and its event's start date, so that 'query games' reads a year's
       games, and the first N of a million, in the order it prints them
       from an index */
    "ALTER TABLE games ADD COLUMN day TEXT NOT NULL DEFAULT '';"
    "UPDATE games SET day = (SELECT e.start_date FROM sections s JOIN "
    "events e ON e.id = s.event_id WHERE s.id = games.section_id);"
    "CREATE INDEX games_day ON games(day, eco);"
    /* (an ECO code's games without reading the games: what the text
       table prints and sorts by is in the index) */
    "CREATE INDEX games_eco ON games(eco, day, section_id, round, white, "
    "black, result, moves, board, ko_match, ko_game) WHERE eco IS NOT "
    "NULL;"
    "CREATE INDEX games_moves ON games(moves) WHERE moves IS NOT NULL",
    /* 9 -> 10: the event's key in every game instead of its start date
       (the key begins with the date), the game's place in the order its
       event's games were added (a round's games: by board or as paired)
       and its players' names as their entries have them, so that 'query
       games' reads a year's games, and the first N of a million, from
       one index (games_event) in the order it prints them: not sorted,
       neither the games nor the players' entries read. */
    "ALTER TABLE games ADD COLUMN event_key TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN ord INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN white_name TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN black_name TEXT NOT NULL DEFAULT '';"
    "UPDATE games SET event_key = (SELECT e.key FROM sections s JOIN "
    "events e ON e.id = s.event_id WHERE s.id = games.section_id), ord = "
    "rowid, white_name = (SELECT name FROM entries WHERE id = "
    "games.white), black_name = (SELECT name FROM entries WHERE id = "
    "games.black);"
    "DROP INDEX games_day;"
    "DROP INDEX games_eco;"
    "ALTER TABLE games DROP COLUMN day;"
    "CREATE INDEX games_event ON games(event_key, section_id, round, board, "
    "ko_match, ko_game, ord, white_name, black_name, result, eco, moves);"
    "CREATE INDEX games_eco ON games(eco, event_key, section_id, round, "
    "board, ko_match, ko_game, ord, white_name, black_name, result, moves) "
    "WHERE eco IS NOT NULL",
};
#define N_MIGRATIONS (sizeof(migrations) / sizeof(migrations[0]))

/* =============================================================== helpers */

static enum err db_fail(struct catalog *c, struct diag_list *dl,
                        const char *what)
{
    diag_error(dl, c->path, 0, 0, "%s: %s", what, sqlite3_errmsg(c->db));
    return ERR_CATALOG;
}

static enum err exec(struct catalog *c, const char *sql, struct diag_list *dl)
{
    char *msg = NULL;

    if (sqlite3_exec(c->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        diag_error(dl, c->path, 0, 0, "%s", msg ? msg : sqlite3_errmsg(c->db));
        sqlite3_free(msg);
        return ERR_CATALOG;
    }
    return ERR_OK;
}

static sqlite3_stmt *prep(struct catalog *c, const char *sql,
                          struct diag_list *dl)
{
    sqlite3_stmt *st = NULL;

    if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) != SQLITE_OK) {
        db_fail(c, dl, "cannot prepare a query");
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

/*
 * The statement of sql (a string constant of this file) prepared the first
 * time and kept: parsing and planning the joins of the site's per-person
 * queries cost more than running them.  Run it through run_rows() or give
 * it back with stmt_done().
 */
static sqlite3_stmt *prep_kept(struct catalog *c, const char *sql,
                               struct diag_list *dl)
{
    sqlite3_stmt *st = NULL;
    size_t i;

    for (i = 0; i < c->nkept; i++)
        if (c->kept[i].sql == sql) {
            sqlite3_reset(c->kept[i].st);
            sqlite3_clear_bindings(c->kept[i].st);
            return c->kept[i].st;
        }
    if (sqlite3_prepare_v3(c->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st,
                           NULL) != SQLITE_OK) {
        db_fail(c, dl, "cannot prepare a query");
        sqlite3_finalize(st);
        return NULL;
    }
    if (c->nkept < KEPT_STATEMENTS) {
        c->kept[c->nkept].sql = sql;
        c->kept[c->nkept].st = st;
        c->nkept++;
    }
    return st;
}

/* Finalize a statement of prep(), reset one of prep_kept(). */
static void stmt_done(struct catalog *c, sqlite3_stmt *st)
{
    size_t i;

    for (i = 0; i < c->nkept; i++)
        if (c->kept[i].st == st) {
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
            return;
        }
    sqlite3_finalize(st);
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

/* Step a statement that returns no row; reset it.  0 or -1. */
static int step_done(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);

    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

static const char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *s = sqlite3_column_text(st, i);
    return s ? (const char *)s : "";
}

/* The collation "uk": Ukrainian alphabetical order (util/collate). */
static int coll_uk(void *arg, int na, const void *a, int nb, const void *b)
{
    (void)arg;
    return collate_cmpn(a, (size_t)na, b, (size_t)nb);
}

/* The result of a fold of the text argument (NULL for NULL). */
static void fold_result(sqlite3_context *ctx, sqlite3_value *v,
                        void (*fold)(struct strbuf *, const char *))
{
    const unsigned char *s = sqlite3_value_text(v);
    struct strbuf sb = STRBUF_INIT;

    if (!s) {
        sqlite3_result_null(ctx);
        return;
    }
    fold(&sb, (const char *)s);
    sqlite3_result_text(ctx, sb.buf, (int)sb.len, SQLITE_TRANSIENT);
    strbuf_release(&sb);
}

/* sek_fold(text): name_fold(). */
static void fn_fold(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    fold_result(ctx, argv[0], name_fold);
}

/* sek_lfold(text): name_fold_latin(). */
static void fn_lfold(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    fold_result(ctx, argv[0], name_fold_latin);
}

/* sek_match(text, query): name_fold_match() of two folded forms. */
static void fn_match(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    const unsigned char *t = sqlite3_value_text(argv[0]);
    const unsigned char *q = sqlite3_value_text(argv[1]);

    (void)argc;
    sqlite3_result_int(
        ctx, t && q && name_fold_match((const char *)t, (const char *)q));
}

/* ============================================================ lifecycle */

void catalog_close(struct catalog *c)
{
    size_t i;

    if (!c)
        return;
    for (i = 0; i < c->nkept; i++)
        sqlite3_finalize(c->kept[i].st);
    if (c->db)
        sqlite3_close(c->db);
    free(c->path);
    free(c);
}

static int user_version(struct catalog *c, struct diag_list *dl)
{
    sqlite3_stmt *st = prep(c, "PRAGMA user_version", dl);
    int v = -1;

    if (!st)
        return -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    else
        db_fail(c, dl, "cannot read the catalogue");
    sqlite3_finalize(st);
    return v;
}

/* Insert the coaches of a list "A, B" (an entry's or a team's: one id of
   the two is 0). */
static enum err add_coaches(struct catalog *c, sqlite3_stmt *st,
                            long long entry_id, long long team_id,
                            const char *list, struct diag_list *dl)
{
    char **names;
    size_t n = name_list_split(list, &names), i;
    enum err e = ERR_OK;

    for (i = 0; i < n; i++) {
        if (!e) {
            if (entry_id)
                sqlite3_bind_int64(st, 1, entry_id);
            else
                sqlite3_bind_null(st, 1);
            if (team_id)
                sqlite3_bind_int64(st, 2, team_id);
            else
                sqlite3_bind_null(st, 2);
            sqlite3_bind_int(st, 3, (int)i + 1);
            bind_text(st, 4, names[i]);
            if (step_done(st))
                e = db_fail(c, dl, "cannot add a coach");
        }
        free(names[i]);
    }
    free(names);
    return e;
}

/* 6 -> 7: the coaches and the club keys of the rows made before. */
static enum err fill_7(struct catalog *c, struct diag_list *dl)
{
    static const char *const tables[] = {"entries", "teams"};
    struct strbuf sql = STRBUF_INIT, key = STRBUF_INIT;
    sqlite3_stmt *rows = NULL, *set = NULL,
                 *add = prep(c,
                             "INSERT INTO coaches (entry_id, team_id, ord, "
                             "name) VALUES (?, ?, ?, ?)",
                             dl);
    enum err e = add ? ERR_OK : ERR_CATALOG;
    size_t t;

    for (t = 0; t < 2 && !e; t++) {
        strbuf_reset(&sql);
        strbuf_addf(&sql, "SELECT id, coach, club FROM %s", tables[t]);
        rows = prep(c, sql.buf, dl);
        strbuf_reset(&sql);
        strbuf_addf(&sql, "UPDATE %s SET club_key = ? WHERE id = ?",
                    tables[t]);
        set = prep(c, sql.buf, dl);
        if (!rows || !set)
            e = ERR_CATALOG;
        while (!e && sqlite3_step(rows) == SQLITE_ROW) {
            long long id = sqlite3_column_int64(rows, 0);
            strbuf_reset(&key);
            name_club_key(&key, col_text(rows, 2));
            bind_text(set, 1, key.buf);
            sqlite3_bind_int64(set, 2, id);
            if (step_done(set))
                e = db_fail(c, dl, "cannot update the catalogue");
            if (!e)
                e = add_coaches(c, add, t ? 0 : id, t ? id : 0,
                                col_text(rows, 1), dl);
        }
        sqlite3_finalize(rows);
        sqlite3_finalize(set);
        rows = set = NULL;
    }
    sqlite3_finalize(add);
    strbuf_release(&sql);
    strbuf_release(&key);
    return e;
}

/* What a step fills in C after its SQL, in the same transaction (by the
   step's number: 6 for 6 -> 7); NULL: nothing. */
static enum err (*const migration_fill[])(struct catalog *c,
                                          struct diag_list *dl) = {
    NULL, NULL, NULL, NULL, NULL, NULL, fill_7};

static enum err migrate(struct catalog *c, int from, struct diag_list *dl)
{
    struct strbuf sb = STRBUF_INIT;
    enum err e = ERR_OK;
    size_t v;

    for (v = (size_t)from; v < N_MIGRATIONS && !e; v++) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "BEGIN IMMEDIATE; %s;", migrations[v]);
        e = exec(c, sb.buf, dl);
        if (!e && v < sizeof(migration_fill) / sizeof(migration_fill[0]) &&
            migration_fill[v])
            e = migration_fill[v](c, dl);
        strbuf_reset(&sb);
        strbuf_addf(&sb, "PRAGMA user_version = %zu; COMMIT;", v + 1);
        if (!e)
            e = exec(c, sb.buf, dl);
        if (e)
            sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
    }
    strbuf_release(&sb);
    return e;
}

/* 1 when the catalogue's folder and file can be written (its WAL too). */
static int can_write_beside(const char *path)
{
    char *dir = xstrdup(path), *slash = strrchr(dir, '/');
    int ok;

    if (slash)
        *slash = '\0';
    ok = !access(slash ? dir : ".", W_OK) && !access(path, W_OK);
    free(dir);
    return ok;
}

static enum err open_immutable(struct catalog *c, const char *path,
                               struct diag_list *dl)
{
    struct strbuf uri = STRBUF_INIT, wal = STRBUF_INIT;
    const char *p;
    struct stat sb;
    enum err e = ERR_OK;

    strbuf_addf(&wal, "%s-wal", path);
    if (!stat(wal.buf, &sb) && sb.st_size > 0) {
        diag_error(dl, wal.buf, 0, 0,
                   "the catalogue is read-only and this file holds changes "
                   "not yet written into it; open the archive once where it "
                   "can be written (any 'sekretar query' there), then copy it");
        strbuf_release(&wal);
        return ERR_CATALOG;
    }
    strbuf_addstr(&uri, "file:");
    for (p = path; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '%' || ch == '?' || ch == '#' || ch < 0x21)
            strbuf_addf(&uri, "%%%02X", ch);
        else
            strbuf_addch(&uri, (char)ch);
    }
    strbuf_addstr(&uri, "?immutable=1");
    if (sqlite3_open_v2(uri.buf, &c->db,
                        SQLITE_OPEN_READONLY | SQLITE_OPEN_URI |
                            SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        if (c->db)
            e = db_fail(c, dl, "cannot open the catalogue");
        else
            diag_error(dl, path, 0, 0, "cannot open the catalogue");
        e = ERR_CATALOG;
    }
    strbuf_release(&uri);
    strbuf_release(&wal);
    return e;
}

enum err catalog_open(const char *path, unsigned flags, struct catalog **out,
                      struct diag_list *dl)
{
    struct catalog *c = xcalloc(1, sizeof(*c));
    int oflags, v, n_tables = 0;
    sqlite3_stmt *st;
    enum err e = ERR_OK;

    *out = NULL;
    c->path = xstrdup(path);
    c->readonly = !!(flags & CATALOG_READONLY);
    if (!(flags & CATALOG_CREATE) && !file_is_regular(path)) {
        diag_error(dl, NULL, 0, 0, "no catalogue at '%s'", path);
        catalog_close(c);
        return ERR_NOINPUT;
    }
    oflags = c->readonly ? SQLITE_OPEN_READONLY
                         : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (c->readonly && !can_write_beside(path)) {
        /*
         * A historian's read-only copy: SQLite cannot make the shared-memory
         * file a WAL database wants, and nobody can change the catalogue
         * there, so it is opened as immutable.  Changes still in a WAL file
         * would be missed: refuse those.
         */
        e = open_immutable(c, path, dl);
        if (e) {
            catalog_close(c);
            return e;
        }
    } else if (sqlite3_open_v2(path, &c->db, oflags | SQLITE_OPEN_NOMUTEX,
                               NULL) != SQLITE_OK) {
        if (c->db)
            e = db_fail(c, dl, "cannot open the catalogue");
        else
            diag_error(dl, path, 0, 0, "cannot open the catalogue");
        catalog_close(c);
        return ERR_CATALOG;
    }
    sqlite3_busy_timeout(c->db, 30000);
    sqlite3_create_collation_v2(c->db, "uk", SQLITE_UTF8, NULL, coll_uk,
                                NULL);
    sqlite3_create_function(c->db, "sek_fold", 1,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, fn_fold,
                            NULL, NULL);
    sqlite3_create_function(c->db, "sek_lfold", 1,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, fn_lfold,
                            NULL, NULL);
    sqlite3_create_function(c->db, "sek_match", 2,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, fn_match,
                            NULL, NULL);
    e = exec(c, "PRAGMA foreign_keys = ON", dl);
    /* A reader (queries, the site) maps the file instead of copying pages
       out of it, and keeps more of them. */
    if (!e && c->readonly)
        e = exec(c, "PRAGMA mmap_size = 1073741824; PRAGMA cache_size = -65536",
                 dl);
    if (!e && !c->readonly)
        e = exec(c, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL", dl);
    if (e)
        goto fail;
    v = user_version(c, dl);
    if (v < 0)
        goto fail;
    st = prep(c, "SELECT count(*) FROM sqlite_master", dl);
    if (!st)
        goto fail;
    if (sqlite3_step(st) == SQLITE_ROW)
        n_tables = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (v == 0 && n_tables > 0) {
        diag_error(dl, path, 0, 0,
                   "not a sekretar catalogue (it has tables "
                   "but no schema version)");
        goto fail;
    }
    if (v > (int)N_MIGRATIONS) {
        diag_error(dl, path, 0, 0,
                   "the catalogue has schema version %d; "
                   "this sekretar knows up to %d",
                   v, (int)N_MIGRATIONS);
        goto fail;
    }
    if (v < (int)N_MIGRATIONS) {
        if (c->readonly) {
            diag_error(dl, path, 0, 0,
                       "the catalogue has schema version %d "
                       "and needs %d; the next 'sekretar build' or 'archive "
                       "import' there migrates it",
                       v, (int)N_MIGRATIONS);
            goto fail;
        }
        if (migrate(c, v, dl))
            goto fail;
    }
    *out = c;
    return ERR_OK;
fail:
    catalog_close(c);
    return ERR_CATALOG;
}

/* ================================================================ build */

static enum err rollback(struct catalog *c, enum err e)
{
    sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
    return e;
}

/* The statements of one build, prepared once. */
struct add_ctx {
    struct catalog *c;
    struct diag_list *dl;
    const char *event_key; /* the event being added */
    long long game_ord;    /* the games added so far */
    sqlite3_stmt *person_by_fide, *person_by_ident, *people_by_key, *merge_of,
        *set_fide, *add_person, *add_entry, *add_game, *add_team, *add_coach,
        *add_member;
};

static void add_ctx_release(struct add_ctx *a)
{
    sqlite3_finalize(a->person_by_fide);
    sqlite3_finalize(a->person_by_ident);
    sqlite3_finalize(a->people_by_key);
    sqlite3_finalize(a->merge_of);
    sqlite3_finalize(a->set_fide);
    sqlite3_finalize(a->add_person);
    sqlite3_finalize(a->add_entry);
    sqlite3_finalize(a->add_game);
    sqlite3_finalize(a->add_team);
    sqlite3_finalize(a->add_coach);
    sqlite3_finalize(a->add_member);
}

static int add_ctx_init(struct add_ctx *a, struct catalog *c,
                        struct diag_list *dl)
{
    memset(a, 0, sizeof(*a));
    a->c = c;
    a->dl = dl;
    a->person_by_fide = prep(c, "SELECT id FROM people WHERE fide_id = ?", dl);
    a->person_by_ident =
        prep(c, "SELECT id, fide_id FROM people WHERE ident = ?", dl);
    a->people_by_key =
        prep(c,
             "SELECT id, fide_id, birth FROM people WHERE key = ? "
             "ORDER BY id",
             dl);
    a->merge_of = prep(c, "SELECT kept FROM merges WHERE gone = ?", dl);
    a->set_fide = prep(c, "UPDATE people SET fide_id = ? WHERE id = ?", dl);
    a->add_person = prep(c,
                         "INSERT INTO people (ident, fide_id, name, key, "
                         "birth, sex, fold, lfold) VALUES (?, ?, ?, ?, ?, "
                         "?, ?, ?)",
                         dl);
    a->add_entry =
        prep(c,
             "INSERT INTO entries (section_id, person_id, start_no, name, "
             "rating, place, place_to, points, tiebreaks, decided_by, "
             "games, performance, region, club, coach, rank, round_reached, "
             "rounds, club_key, performance_games) VALUES (?, ?, ?, ?, ?, ?, "
             "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             dl);
    a->add_game = prep(c,
                       "INSERT INTO games (section_id, round, white, "
                       "black, result, colours, stage, ko_match, ko_game, "
                       "board, pgn, eco, moves, plies, fen, event_key, ord) "
                       "VALUES (?, "
                       "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       dl);
    a->add_team = prep(c,
                       "INSERT INTO teams (section_id, team_no, name, place, "
                       "place_to, match_points, game_points, tiebreaks, "
                       "decided_by, region, club, coach, rounds, club_key) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       dl);
    a->add_coach = prep(c,
                        "INSERT INTO coaches (entry_id, team_id, ord, name) "
                        "VALUES (?, ?, ?, ?)",
                        dl);
    a->add_member = prep(c,
                         "INSERT INTO team_members (team_id, entry_id, "
                         "position, captain) VALUES (?, ?, ?, ?)",
                         dl);
    return a->person_by_fide && a->person_by_ident && a->people_by_key &&
                   a->merge_of && a->set_fide && a->add_person &&
                   a->add_entry && a->add_game && a->add_team &&
                   a->add_member && a->add_coach
               ? 0
               : -1;
}

/* Who a player is: what identifies him across events. */
struct who {
    struct strbuf name;  /* "Прізвище Ім'я По батькові" */
    struct strbuf key;   /* name_key of surname and given name */
    struct strbuf birth; /* "2013-10-17", "2013" or "" */
    /* "fide:ID", "name:KEY|BIRTH" for a full birth date, else
       "name:KEY|BIRTH@EVENT": a name without a full birth date is one
       person within an event only. */
    struct strbuf ident;
    const char *fide;    /* "" when none */
    char sex;
};

static void who_fill(struct who *w, const struct event *ev,
                     const struct section *sec, const struct tournament *t,
                     int p, const char *event_key)
{
    const struct player *pl = &t->players[p];
    const struct person *pe = section_person(ev, sec, p);
    struct strbuf sur = STRBUF_INIT, giv = STRBUF_INIT, pat = STRBUF_INIT;

    strbuf_reset(&w->name);
    strbuf_reset(&w->key);
    strbuf_reset(&w->birth);
    strbuf_reset(&w->ident);
    if (pe) {
        strbuf_addstr(&sur, pe->surname);
        strbuf_addstr(&giv, pe->given);
        strbuf_addstr(&pat, pe->patronymic ? pe->patronymic : "");
        w->fide = *pe->fide_id ? pe->fide_id : pl->fide_id;
        w->sex = pe->sex;
        if (pe->has_birth)
            date_format_iso(&w->birth, &pe->birth);
        else if (pe->birth_year)
            strbuf_addf(&w->birth, "%d", pe->birth_year);
    } else {
        name_split(pl->name, &sur, &giv, &pat);
        w->fide = pl->fide_id;
        w->sex = player_sex(NULL, pl, NULL);
    }
    if (!w->birth.len && date_valid(&pl->birth_date))
        date_format_iso(&w->birth, &pl->birth_date);
    else if (!w->birth.len && pl->birth_year)
        strbuf_addf(&w->birth, "%04d", pl->birth_year);
    if (!w->fide)
        w->fide = "";
    strbuf_addbuf(&w->name, &sur);
    if (giv.len)
        strbuf_addf(&w->name, " %s", giv.buf);
    if (pat.len)
        strbuf_addf(&w->name, " %s", pat.buf);
    strbuf_addf(&sur, " %s", giv.buf);
    name_key(&w->key, sur.buf);
    if (*w->fide)
        strbuf_addf(&w->ident, "fide:%s", w->fide);
    else if (w->birth.len == 10)
        strbuf_addf(&w->ident, "name:%s|%s", w->key.buf, w->birth.buf);
    else
        strbuf_addf(&w->ident, "name:%s|%s@%s", w->key.buf, w->birth.buf,
                    event_key);
    strbuf_release(&sur);
    strbuf_release(&giv);
    strbuf_release(&pat);
}

/*
 * The person id for w, adding the person when new; -1 on failure.  People
 * are one across events by FIDE ID, or by name and full birth date, or by
 * a merge; the same name with a year or no birth date is a new person (a
 * candidate that catalog_candidates() lists), never merged silently.
 */
static long long find_person(struct add_ctx *a, const struct who *w)
{
    struct strbuf fold = STRBUF_INIT, lfold = STRBUF_INIT, id2 = STRBUF_INIT;
    char *merged_into = NULL;
    long long id = 0;
    const char *idents[2];
    int k;

    if (*w->fide) {
        sqlite3_bind_text(a->person_by_fide, 1, w->fide, -1, SQLITE_STATIC);
        if (sqlite3_step(a->person_by_fide) == SQLITE_ROW)
            id = sqlite3_column_int64(a->person_by_fide, 0);
        sqlite3_reset(a->person_by_fide);
        if (id)
            return id;
    }
    /* A merge recorded for either identity leads to the person kept; the
       name alone only with a full birth date. */
    strbuf_addf(&id2, "name:%s|%s", w->key.buf, w->birth.buf);
    idents[0] = w->ident.buf;
    idents[1] = id2.buf;
    for (k = 0; k < (w->birth.len == 10 ? 2 : 1) && !id; k++) {
        char *kept = NULL;
        sqlite3_bind_text(a->merge_of, 1, idents[k], -1, SQLITE_STATIC);
        if (sqlite3_step(a->merge_of) == SQLITE_ROW)
            kept = xstrdup(col_text(a->merge_of, 0));
        sqlite3_reset(a->merge_of);
        if (!kept)
            continue;
        sqlite3_bind_text(a->person_by_ident, 1, kept, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(a->person_by_ident) == SQLITE_ROW)
            id = sqlite3_column_int64(a->person_by_ident, 0);
        sqlite3_reset(a->person_by_ident);
        /* Not there yet (rebuild adds events in the order they were
           built): he is added under the identity kept, which the events
           still to come find. */
        if (!id && !merged_into)
            merged_into = kept;
        else
            free(kept);
    }
    /* The same identity: a name without a full birth date in this event;
       or one added under it by a merge (above), to which his FIDE ID then
       comes. */
    if (!id) {
        int no_fide = 0;
        sqlite3_bind_text(a->person_by_ident, 1, w->ident.buf, -1,
                          SQLITE_STATIC);
        if (sqlite3_step(a->person_by_ident) == SQLITE_ROW) {
            id = sqlite3_column_int64(a->person_by_ident, 0);
            no_fide = sqlite3_column_type(a->person_by_ident, 1) ==
                      SQLITE_NULL;
        }
        sqlite3_reset(a->person_by_ident);
        if (id && no_fide && *w->fide) {
            sqlite3_bind_text(a->set_fide, 1, w->fide, -1, SQLITE_STATIC);
            sqlite3_bind_int64(a->set_fide, 2, id);
            if (step_done(a->set_fide))
                id = -1;
        }
    }
    /* The same name and full birth date, without another FIDE ID. */
    if (!id && w->birth.len == 10) {
        int need_fide = 0;
        sqlite3_bind_text(a->people_by_key, 1, w->key.buf, -1, SQLITE_STATIC);
        while (sqlite3_step(a->people_by_key) == SQLITE_ROW) {
            int has_fide =
                sqlite3_column_type(a->people_by_key, 1) != SQLITE_NULL;
            const char *birth = col_text(a->people_by_key, 2);
            if ((*w->fide && has_fide) || strcmp(birth, w->birth.buf))
                continue;
            id = sqlite3_column_int64(a->people_by_key, 0);
            need_fide = *w->fide && !has_fide;
            break;
        }
        sqlite3_reset(a->people_by_key);
        if (need_fide) {
            sqlite3_bind_text(a->set_fide, 1, w->fide, -1, SQLITE_STATIC);
            sqlite3_bind_int64(a->set_fide, 2, id);
            if (step_done(a->set_fide))
                id = -1;
        }
    }
    if (!id) {
        name_fold(&fold, w->name.buf);
        name_fold_latin(&lfold, w->name.buf);
        bind_text(a->add_person, 1, merged_into ? merged_into : w->ident.buf);
        bind_text(a->add_person, 2, *w->fide ? w->fide : NULL);
        bind_text(a->add_person, 3, w->name.buf);
        bind_text(a->add_person, 4, w->key.buf);
        bind_text(a->add_person, 5, w->birth.buf);
        bind_text(a->add_person, 6,
                  w->sex == 'm'   ? "m"
                  : w->sex == 'f' ? "f"
                                  : "");
        bind_text(a->add_person, 7, fold.buf);
        bind_text(a->add_person, 8, lfold.buf);
        if (step_done(a->add_person))
            id = -1;
        else
            id = sqlite3_last_insert_rowid(a->c->db);
    }
    free(merged_into);
    strbuf_release(&fold);
    strbuf_release(&lfold);
    strbuf_release(&id2);
    return id;
}

/* The result of a game as "1-0", "½-½", "+/-" ... from white's side. */
static const char *game_result(char w, char b)
{
    switch (w) {
    case '1':
    case 'W':
        return "1-0";
    case '0':
    case 'L':
        return "0-1";
    case '=':
    case 'D':
        return "½-½";
    case '+':
        return "+/-";
    case '-':
        return b == '-' ? "-/-" : "-/+";
    default:
        return "?";
    }
}

/* Bind a game's moves (parameters 11 to 15 of add_game): sg's, or NULL
   for a game without moves (sg NULL or no half-moves). */
static void bind_moves(sqlite3_stmt *st, const struct section *sec,
                       const struct section_game *sg)
{
    int k;

    if (!sg || !sg->plies) {
        for (k = 11; k <= 15; k++)
            sqlite3_bind_null(st, k);
        return;
    }
    sqlite3_bind_text(st, 11, sec->games_pgn + sg->offset, (int)sg->len,
                      SQLITE_STATIC);
    bind_text(st, 12, *sg->eco ? sg->eco : NULL);
    sqlite3_bind_int(st, 13, sg->moves);
    sqlite3_bind_int(st, 14, sg->plies);
    bind_text(st, 15, sg->fen);
}

/*
 * The section's games in PGN by player and round: at[index * n_rounds +
 * round - 1] for both of its players (indexes of t->players); NULL where
 * none.  Free it.
 */
static const struct section_game **games_at(const struct section *sec,
                                            const struct tournament *t)
{
    const struct section_game **at;
    size_t i, nr = (size_t)t->n_rounds;

    if (!sec->n_games || !nr)
        return NULL;
    at = xcalloc(t->n_players * nr + 1, sizeof(*at));
    for (i = 0; i < sec->n_games; i++) {
        const struct section_game *sg = &sec->game_list[i];
        const struct player *w = tournament_player(t, sg->white);
        const struct player *b = tournament_player(t, sg->black);
        if (!w || !b || sg->round < 1 || (size_t)sg->round > nr)
            continue;
        at[(size_t)(w - t->players) * nr + (size_t)sg->round - 1] = sg;
        at[(size_t)(b - t->players) * nr + (size_t)sg->round - 1] = sg;
    }
    return at;
}

static int is_game(const struct entry *e)
{
    switch (entry_kind(e)) {
    case EK_WIN:
    case EK_DRAW:
    case EK_LOSS:
    case EK_FORFEIT_WIN:
    case EK_FORFEIT_LOSS:
        return e->opp > 0;
    default:
        return 0;
    }
}

/* The rounds column: "OPP" "COLOUR" "CODE" per round, blank-separated;
 * a blank colour or code is '-' or '_'. */
static void entry_rounds(struct strbuf *out, const struct player *pl,
                         int n_rounds)
{
    int r;

    for (r = 0; r < n_rounds; r++) {
        const struct entry *e = &pl->rounds[r];
        strbuf_addf(out, "%s%d%c%c", r ? " " : "", e->opp,
                    e->colour == 'w' || e->colour == 'b' ? e->colour : '-',
                    e->code == ' ' ? '_' : e->code);
    }
}

/* {"BH/C1": 21.5, ...}: the tie-break values of a row. */
static void tiebreaks_json(const struct standings *s,
                           const struct standings_row *row,
                           struct strbuf *out, struct strbuf *val)
{
    size_t k;

    strbuf_reset(out);
    strbuf_addch(out, '{');
    for (k = 0; k < s->rules.n; k++) {
        strbuf_reset(val);
        tiebreak_format_value(&s->rules.tb[k], &row->values[k], val);
        strbuf_addf(out, "%s\"%s\": %s", k ? ", " : "", s->rules.tb[k].code,
                    val->len ? val->buf : "null");
    }
    strbuf_addch(out, '}');
}

/* The board (1-based) player p sat at in round r of his team's match, or
 * 0 (not a team competition, no match). */
static int game_board(const struct team_table *tt, const struct player *p,
                      int r)
{
    const struct team_round *tr;
    int b;

    if (!tt || p->team < 0 || (size_t)p->team >= tt->n_teams ||
        r >= tt->n_rounds)
        return 0;
    tr = team_table_round(tt, (size_t)p->team, r);
    for (b = 0; tr->kind == TR_MATCH && tr->boards && b < tt->n_boards; b++)
        if (tr->boards[b].player == p->start_no)
            return b + 1;
    return 0;
}

/* The rounds column of team ti: "OPP:GP:RESULT" per round. */
static void team_rounds(struct strbuf *out, const struct team_table *tt,
                        size_t ti)
{
    int r;

    strbuf_reset(out);
    for (r = 0; r < tt->n_rounds; r++) {
        const struct team_round *tr = team_table_round(tt, ti, r);
        int opp = tr->kind == TR_MATCH && tr->opp >= 0
                      ? tt->t->teams[tr->opp].no
                      : 0;
        strbuf_addf(out, "%s%d:%g:%c", r ? " " : "", opp, tr->gp,
                    tr->kind == TR_NONE || !tr->result ? '-' : tr->result);
    }
}

/*
 * The teams of a team competition ranked (tr), with their members (the
 * entries entry_of[] gives the players of t): region and club of the
 * team's first member, the coach of its registry entry (role coach) or
 * of its first member.
 */
static enum err add_teams(struct add_ctx *a, long long sid,
                          const struct event *ev, const struct section *sec,
                          const struct section_ranking *tr,
                          const long long *entry_of)
{
    const struct standings *s = &tr->s;
    const struct team_table *tt = tr->teams;
    const struct tournament *t = tt->t;
    struct strbuf tbs = STRBUF_INIT, val = STRBUF_INIT, coach = STRBUF_INIT;
    enum err ret = ERR_OK;
    size_t i;
    int m;

    for (i = 0; i < s->n_rows && !ret; i++) {
        const struct standings_row *row = &s->rows[i];
        int ti = team_table_find(tt, s->t->players[row->player].start_no);
        const struct team *tm;
        const struct person *first;
        long long team_id;
        if (ti < 0)
            continue;
        tm = &t->teams[ti];
        first = event_team_first(ev, sec, tt, ti);
        strbuf_reset(&coach);
        event_team_coach(ev, tm->name, first, &coach);
        tiebreaks_json(s, row, &tbs, &val);
        sqlite3_bind_int64(a->add_team, 1, sid);
        sqlite3_bind_int(a->add_team, 2, tm->no);
        bind_text(a->add_team, 3, tm->name);
        sqlite3_bind_int(a->add_team, 4, row->place_lo);
        sqlite3_bind_int(a->add_team, 5, row->place_hi);
        sqlite3_bind_double(a->add_team, 6, tt->mp[ti]);
        sqlite3_bind_double(a->add_team, 7, tt->gp[ti]);
        bind_text(a->add_team, 8, tbs.buf);
        bind_text(a->add_team, 9, results_decided_by(s, (int)i));
        bind_text(a->add_team, 10, person_region(first));
        bind_text(a->add_team, 11, first && first->club ? first->club : "");
        bind_text(a->add_team, 12, coach.buf);
        team_rounds(&val, tt, (size_t)ti);
        bind_text(a->add_team, 13, val.buf);
        strbuf_reset(&val);
        name_club_key(&val, first && first->club ? first->club : "");
        bind_text(a->add_team, 14, val.buf);
        if (step_done(a->add_team)) {
            ret = db_fail(a->c, a->dl, "cannot add a team");
            break;
        }
        team_id = sqlite3_last_insert_rowid(a->c->db);
        ret = add_coaches(a->c, a->add_coach, 0, team_id, coach.buf, a->dl);
        for (m = 0; m < tm->n_members; m++) {
            const struct player *p = tournament_player(t, tm->members[m]);
            const struct person *pe;
            size_t pi;
            if (!p)
                continue;
            pi = (size_t)(p - t->players);
            if (!entry_of[pi])
                continue;
            pe = section_person(ev, sec, (int)pi);
            sqlite3_bind_int64(a->add_member, 1, team_id);
            sqlite3_bind_int64(a->add_member, 2, entry_of[pi]);
            sqlite3_bind_int(a->add_member, 3, m + 1);
            sqlite3_bind_int(a->add_member, 4, pe && pe->captain == 1);
            if (step_done(a->add_member)) {
                ret = db_fail(a->c, a->dl, "cannot add a team member");
                break;
            }
        }
    }
    strbuf_release(&tbs);
    strbuf_release(&val);
    strbuf_release(&coach);
    return ret;
}

/* The games a player played over the board in his knock-out matches. */
static int ko_games_played(const struct knockout *ko, int no)
{
    size_t i, k;
    int n = 0;

    for (i = 0; i < ko->n_matches; i++)
        for (k = 0; k < ko->matches[i].n_games; k++) {
            const struct ko_game *g = ko->matches[i].games[k];
            if ((g->white == no || g->black == no) &&
                ko_game_over_board(g))
                n++;
        }
    return n;
}

/* Add the game bound to add_game, numbered after the event's games added
   before it (games.ord: a round's games in the order they were added, by
   board or as paired); 0 or non-zero as step_done(). */
static int add_game_step(struct add_ctx *a)
{
    sqlite3_bind_int64(a->add_game, 17, ++a->game_ord);
    return step_done(a->add_game);
}

/* Every row of a knock-out's match cards that its matches use, with its
   stage, match and game number, and its moves when the section's PGN has
   them. */
static enum err add_ko_games(struct add_ctx *a, long long sid,
                             const struct section *sec,
                             const struct knockout *ko,
                             const struct tournament *t,
                             const long long *entry_of)
{
    const struct section_game **by_row = NULL;
    enum err ret = ERR_OK;
    size_t i, k;

    if (sec->n_games && t->ko_input) {
        by_row = xcalloc(t->ko_input->n + 1, sizeof(*by_row));
        for (i = 0; i < sec->n_games; i++) {
            const struct section_game *sg = &sec->game_list[i];
            if (sg->ko_row >= 0 && (size_t)sg->ko_row < t->ko_input->n)
                by_row[sg->ko_row] = sg;
        }
    }
    for (i = 0; i < ko->n_matches; i++) {
        const struct ko_match *m = &ko->matches[i];
        for (k = 0; k < m->n_games; k++) {
            const struct ko_game *g = m->games[k];
            int w, b;
            if (!g->black || g->wcode == ' ')
                continue;
            w = t->index_of[g->white] - 1;
            b = t->index_of[g->black] - 1;
            if (w < 0 || b < 0 || !entry_of[w] || !entry_of[b])
                continue;
            sqlite3_bind_int64(a->add_game, 1, sid);
            sqlite3_bind_int(a->add_game, 2, m->round);
            sqlite3_bind_int64(a->add_game, 3, entry_of[w]);
            sqlite3_bind_int64(a->add_game, 4, entry_of[b]);
            bind_text(a->add_game, 5, game_result(g->wcode, g->bcode));
            sqlite3_bind_int(a->add_game, 6, g->game > 0);
            bind_text(a->add_game, 7,
                      g->game ? ko_stage_name(g->stage) : "walkover");
            sqlite3_bind_int(a->add_game, 8, m->no);
            sqlite3_bind_int(a->add_game, 9, g->game);
            sqlite3_bind_null(a->add_game, 10);
            bind_moves(a->add_game, sec,
                       by_row ? by_row[g - t->ko_input->games] : NULL);
            if (add_game_step(a)) {
                ret = db_fail(a->c, a->dl, "cannot add a game");
                goto out;
            }
        }
    }
out:
    free(by_row);
    return ret;
}

static enum err add_section(struct add_ctx *a, long long event_id,
                            const struct event *ev,
                            const struct catalog_section *cs)
{
    const struct section *sec = cs->sec;
    const struct standings *s = cs->s;
    const struct tournament *t = s->t;
    const struct team_table *tt = cs->teams ? cs->teams->teams : NULL;
    const struct standings *rs;
    struct strbuf tbs = STRBUF_INIT, val = STRBUF_INIT, coach = STRBUF_INIT;
    struct who w;
    long long sid, *entry_of = NULL;
    const struct section_game **at = NULL;
    sqlite3_stmt *st;
    enum err ret = ERR_OK;
    size_t i, k;
    int r, board;

    memset(&w, 0, sizeof(w));
    strbuf_init(&w.name, 0);
    strbuf_init(&w.key, 0);
    strbuf_init(&w.birth, 0);
    strbuf_init(&w.ident, 0);
    st = prep(a->c,
              "INSERT INTO sections (event_id, key, title, system, "
              "discipline, sex, rounds, players, rules, tiebreaks, unplayed, "
              "prize_places, stage, awards) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
              "?, ?, ?, ?, ?, ?)",
              a->dl);
    if (!st)
        return ERR_CATALOG;
    /* A team competition is recorded with the rules its teams ranked
       by. */
    rs = cs->teams ? &cs->teams->s : s;
    strbuf_reset(&tbs);
    tiebreak_list_format(&rs->rules, &tbs);
    sqlite3_bind_int64(st, 1, event_id);
    bind_text(st, 2, sec->id);
    bind_text(st, 3, sec->title ? sec->title : "");
    bind_text(st, 4, section_system_name(sec->system));
    bind_text(st, 5, discipline_name(sec->discipline));
    bind_text(st, 6, sec->sex == 'm' ? "m" : sec->sex == 'f' ? "f" : "");
    sqlite3_bind_int(st, 7, s->n_rounds);
    sqlite3_bind_int64(st, 8, (long long)s->n_rows);
    bind_text(st, 9, rs->rules.preset ? rs->rules.preset : "");
    bind_text(st, 10, tbs.buf);
    bind_text(st, 11,
              tiebreak_policy_name((enum tiebreak_policy)rs->rules.policy));
    sqlite3_bind_int(st, 12, rs->rules.prize_places);
    bind_text(st, 13, section_stage_name(sec));
    sqlite3_bind_int(st, 14, sec->awards != 0);
    if (step_done(st)) {
        sqlite3_finalize(st);
        ret = db_fail(a->c, a->dl, "cannot add a section");
        goto out;
    }
    sqlite3_finalize(st);
    sid = sqlite3_last_insert_rowid(a->c->db);

    entry_of = xcalloc(t->n_players + 1, sizeof(*entry_of));
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        const struct player *pl = &t->players[row->player];
        const struct person *pe = section_person(ev, sec, row->player);
        long long pid;
        int games = 0, perf, rated = 0;
        sqlite3_stmt *e = a->add_entry;

        who_fill(&w, ev, sec, t, row->player, a->event_key);
        pid = find_person(a, &w);
        if (pid < 0) {
            ret = db_fail(a->c, a->dl, "cannot add a person");
            goto out;
        }
        tiebreaks_json(s, row, &tbs, &val);
        for (r = 0; r < s->n_rounds && r < t->n_rounds; r++)
            if (entry_is_played(&pl->rounds[r]))
                games++;
        if (cs->ko)
            games = ko_games_played(cs->ko, pl->start_no);
        strbuf_reset(&coach);
        for (k = 0; pe && k < pe->n_coaches; k++)
            strbuf_addf(&coach, "%s%s", k ? ", " : "", pe->coaches[k]);
        perf = results_performance(s, row->player, &rated);
        strbuf_reset(&val);
        entry_rounds(&val, pl, s->n_rounds < t->n_rounds ? s->n_rounds
                                                          : t->n_rounds);
        sqlite3_bind_int64(e, 1, sid);
        sqlite3_bind_int64(e, 2, pid);
        sqlite3_bind_int(e, 3, pl->start_no);
        bind_text(e, 4, pl->name);
        if (pl->rating)
            sqlite3_bind_int(e, 5, pl->rating);
        else
            sqlite3_bind_null(e, 5);
        sqlite3_bind_int(e, 6, row->place_lo);
        sqlite3_bind_int(e, 7, row->place_hi);
        sqlite3_bind_double(e, 8, row->points);
        bind_text(e, 9, tbs.buf);
        bind_text(e, 10, results_decided_by(s, (int)i));
        sqlite3_bind_int(e, 11, games);
        if (perf)
            sqlite3_bind_int(e, 12, perf);
        else
            sqlite3_bind_null(e, 12);
        bind_text(e, 13, person_region(pe));
        bind_text(e, 14, pe && pe->club ? pe->club : "");
        bind_text(e, 15, coach.buf);
        bind_text(e, 16, pe && pe->rank ? pe->rank : "");
        if (cs->ko && knockout_entrant(cs->ko, pl->start_no))
            sqlite3_bind_int(
                e, 17, knockout_entrant(cs->ko, pl->start_no)->round_reached);
        else
            sqlite3_bind_null(e, 17);
        bind_text(e, 18, val.buf);
        strbuf_reset(&val);
        name_club_key(&val, pe && pe->club ? pe->club : "");
        bind_text(e, 19, val.buf);
        if (perf)
            sqlite3_bind_int(e, 20, rated);
        else
            sqlite3_bind_null(e, 20);
        if (step_done(e)) {
            ret = db_fail(a->c, a->dl, "cannot add an entry");
            goto out;
        }
        entry_of[row->player] = sqlite3_last_insert_rowid(a->c->db);
        ret = add_coaches(a->c, a->add_coach, entry_of[row->player], 0,
                          coach.buf, a->dl);
        if (ret)
            goto out;
    }

    /* Every game of the section has its event's key. */
    bind_text(a->add_game, 16, a->event_key);
    if (cs->ko) {
        ret = add_ko_games(a, sid, sec, cs->ko, t, entry_of);
        goto out;
    }
    /* Every game once, from the side of the lower start number. */
    at = games_at(sec, t);
    for (i = 0; i < t->n_players; i++) {
        const struct player *pl = &t->players[i];
        for (r = 0; r < s->n_rounds && r < t->n_rounds; r++) {
            const struct entry *e = &pl->rounds[r];
            const struct player *op;
            const struct entry *oe;
            const struct section_game *sg;
            int white_is_p;
            long long wid, bid;
            if (!is_game(e) || e->opp <= pl->start_no)
                continue;
            op = tournament_player(t, e->opp);
            if (!op)
                continue;
            oe = &op->rounds[r];
            if (oe->opp != pl->start_no)
                continue;
            white_is_p = e->colour != 'b';
            wid = entry_of[white_is_p ? i : (size_t)(op - t->players)];
            bid = entry_of[white_is_p ? (size_t)(op - t->players) : i];
            if (!wid || !bid)
                continue;
            sqlite3_bind_int64(a->add_game, 1, sid);
            sqlite3_bind_int(a->add_game, 2, r + 1);
            sqlite3_bind_int64(a->add_game, 3, wid);
            sqlite3_bind_int64(a->add_game, 4, bid);
            bind_text(a->add_game, 5,
                      white_is_p ? game_result(e->code, oe->code)
                                 : game_result(oe->code, e->code));
            sqlite3_bind_int(a->add_game, 6,
                             e->colour == 'w' || e->colour == 'b');
            bind_text(a->add_game, 7, "");
            sqlite3_bind_null(a->add_game, 8);
            sqlite3_bind_null(a->add_game, 9);
            board = game_board(tt, pl, r);
            if (board)
                sqlite3_bind_int(a->add_game, 10, board);
            else
                sqlite3_bind_null(a->add_game, 10);
            sg = at ? at[i * (size_t)t->n_rounds + (size_t)r] : NULL;
            if (sg && sg->white != op->start_no && sg->black != op->start_no)
                sg = NULL;
            bind_moves(a->add_game, sec, sg);
            if (add_game_step(a)) {
                ret = db_fail(a->c, a->dl, "cannot add a game");
                goto out;
            }
        }
    }
    if (tt)
        ret = add_teams(a, sid, ev, sec, cs->teams, entry_of);
out:
    free(at);
    free(entry_of);
    strbuf_release(&tbs);
    strbuf_release(&val);
    strbuf_release(&coach);
    strbuf_release(&w.name);
    strbuf_release(&w.key);
    strbuf_release(&w.birth);
    strbuf_release(&w.ident);
    return ret;
}

static long long event_row(struct catalog *c, const struct catalog_bundle *b,
                           long long *old_id, int *old_version,
                           struct diag_list *dl)
{
    const struct event *ev = b->ev;
    struct strbuf cat = STRBUF_INIT, sd = STRBUF_INIT, ed = STRBUF_INIT;
    sqlite3_stmt *st;
    long long id = 0;

    *old_id = 0;
    *old_version = 0;
    st = prep(c, "SELECT id, version FROM events WHERE key = ?", dl);
    if (!st)
        return -1;
    bind_text(st, 1, b->event_id);
    if (sqlite3_step(st) == SQLITE_ROW) {
        *old_id = sqlite3_column_int64(st, 0);
        *old_version = sqlite3_column_int(st, 1);
    }
    sqlite3_finalize(st);
    event_category(ev, &cat);
    if (date_valid(&ev->start))
        date_format_iso(&sd, &ev->start);
    if (date_valid(&ev->end))
        date_format_iso(&ed, &ev->end);
    st = prep(c,
              *old_id ? "UPDATE events SET title = ?2, short_title = ?3, "
                        "category = ?4, age_group = ?5, sex_text = ?6, rank = "
                        "?7, start_date = ?8, end_date = ?9, year = ?10, city "
                        "= ?11, venue = ?12, chief_arbiter = ?13, version = "
                        "?14 WHERE key = ?1"
                      : "INSERT INTO events (key, title, short_title, "
                        "category, age_group, sex_text, rank, start_date, "
                        "end_date, year, city, venue, chief_arbiter, version) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
                        "?12, ?13, ?14)",
              dl);
    if (!st) {
        id = -1;
        goto out;
    }
    bind_text(st, 1, b->event_id);
    bind_text(st, 2, ev->title ? ev->title : "");
    bind_text(st, 3, ev->short_title ? ev->short_title : "");
    bind_text(st, 4, cat.buf);
    bind_text(st, 5, ev->age_group ? ev->age_group : "");
    bind_text(st, 6, ev->sex_text ? ev->sex_text : "");
    bind_text(st, 7, ev->rank ? ev->rank : "");
    bind_text(st, 8, sd.buf);
    bind_text(st, 9, ed.buf);
    if (date_valid(&ev->start))
        sqlite3_bind_int(st, 10, ev->start.y);
    else
        sqlite3_bind_null(st, 10);
    bind_text(st, 11, ev->city ? ev->city : "");
    bind_text(st, 12, ev->venue ? ev->venue : "");
    bind_text(st, 13, ev->chief_arbiter.name ? ev->chief_arbiter.name : "");
    sqlite3_bind_int(st, 14, b->m->version);
    if (step_done(st))
        id = -1;
    else
        id = *old_id ? *old_id : sqlite3_last_insert_rowid(c->db);
    sqlite3_finalize(st);
out:
    strbuf_release(&cat);
    strbuf_release(&sd);
    strbuf_release(&ed);
    return id;
}

/* Run sql with one integer parameter; 0 or -1. */
static int exec_id(struct catalog *c, const char *sql, long long id,
                   struct diag_list *dl)
{
    sqlite3_stmt *st = prep(c, sql, dl);
    int rc;

    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    rc = step_done(st);
    sqlite3_finalize(st);
    return rc;
}

static enum err add_bundle_row(struct catalog *c, long long event_id,
                               const struct catalog_bundle *b, int old_version,
                               struct diag_list *dl)
{
    sqlite3_stmt *st;
    long long bid;
    size_t i;

    if (old_version && b->previous_path) {
        st = prep(c,
                  "UPDATE bundles SET path = ? WHERE event_id = ? AND "
                  "version = ?",
                  dl);
        if (!st)
            return ERR_CATALOG;
        bind_text(st, 1, b->previous_path);
        sqlite3_bind_int64(st, 2, event_id);
        sqlite3_bind_int(st, 3, old_version);
        if (step_done(st)) {
            sqlite3_finalize(st);
            return db_fail(c, dl, "cannot move the previous version");
        }
        sqlite3_finalize(st);
    }
    st = prep(c,
              "INSERT INTO bundles (event_id, version, path, size, sha256, "
              "created, software) VALUES (?, ?, ?, ?, ?, ?, ?)",
              dl);
    if (!st)
        return ERR_CATALOG;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int(st, 2, b->m->version);
    bind_text(st, 3, b->path);
    sqlite3_bind_int64(st, 4, b->size);
    bind_text(st, 5, b->sha256);
    bind_text(st, 6, b->m->created ? b->m->created : "");
    bind_text(st, 7, b->m->software ? b->m->software : "");
    if (step_done(st)) {
        sqlite3_finalize(st);
        return db_fail(c, dl, "cannot add the bundle");
    }
    sqlite3_finalize(st);
    bid = sqlite3_last_insert_rowid(c->db);
    st = prep(c,
              "INSERT INTO documents (bundle_id, name, size, sha256, "
              "media_type, role) VALUES (?, ?, ?, ?, ?, ?)",
              dl);
    if (!st)
        return ERR_CATALOG;
    for (i = 0; i < b->m->n; i++) {
        const struct manifest_file *f = &b->m->files[i];
        sqlite3_bind_int64(st, 1, bid);
        bind_text(st, 2, f->name);
        sqlite3_bind_int64(st, 3, f->size);
        bind_text(st, 4, f->sha256);
        bind_text(st, 5, f->media_type);
        bind_text(st, 6, manifest_role_name(f->role));
        if (step_done(st)) {
            sqlite3_finalize(st);
            return db_fail(c, dl, "cannot add a file of the bundle");
        }
    }
    sqlite3_finalize(st);
    return ERR_OK;
}


/* The players' names of every game of the event key, as their entries
   have them (games.white_name, black_name: what 'query games' prints,
   read from its index). */
static enum err add_game_names(struct catalog *c, const char *key,
                               struct diag_list *dl)
{
    sqlite3_stmt *st = prep(
        c,
        "UPDATE games SET white_name = (SELECT name FROM entries WHERE id "
        "= games.white), black_name = (SELECT name FROM entries WHERE id = "
        "games.black) WHERE event_key = ?",
        dl);

    if (!st)
        return ERR_CATALOG;
    bind_text(st, 1, key);
    if (step_done(st)) {
        sqlite3_finalize(st);
        return db_fail(c, dl, "cannot name the players of the games");
    }
    sqlite3_finalize(st);
    return ERR_OK;
}

/* The diplomas of b, replacing those of the event's earlier version. */
static enum err add_diplomas(struct catalog *c, long long eid,
                             const struct catalog_bundle *b,
                             struct diag_list *dl)
{
    sqlite3_stmt *st;
    size_t i;

    if (exec_id(c, "DELETE FROM diplomas WHERE event_id = ?", eid, dl))
        return db_fail(c, dl, "cannot replace the diplomas");
    if (!b->n_diplomas)
        return ERR_OK;
    st = prep(c,
              "INSERT OR REPLACE INTO diplomas (code, event_id, version, "
              "section, kind, name, birth_year, place, place_to, degree, "
              "region, team, pupil) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
              "?, ?)",
              dl);
    if (!st)
        return ERR_CATALOG;
    for (i = 0; i < b->n_diplomas; i++) {
        const struct diploma *d = &b->diplomas[i];
        sqlite3_reset(st);
        bind_text(st, 1, d->code);
        sqlite3_bind_int64(st, 2, eid);
        sqlite3_bind_int(st, 3, b->m->version);
        bind_text(st, 4, d->section);
        bind_text(st, 5, diploma_kind_name(d->kind));
        bind_text(st, 6, d->name);
        if (d->birth_year)
            sqlite3_bind_int(st, 7, d->birth_year);
        else
            sqlite3_bind_null(st, 7);
        sqlite3_bind_int(st, 8, d->place_lo);
        sqlite3_bind_int(st, 9, d->place_hi);
        sqlite3_bind_int(st, 10, d->degree);
        bind_text(st, 11, d->region);
        bind_text(st, 12, d->team);
        bind_text(st, 13, d->pupil_name);
        if (step_done(st)) {
            enum err e = db_fail(c, dl, "cannot record a diploma");
            sqlite3_finalize(st);
            return e;
        }
    }
    sqlite3_finalize(st);
    return ERR_OK;
}

enum err catalog_add_bundle(struct catalog *c, const struct catalog_bundle *b,
                            struct diag_list *dl)
{
    struct add_ctx a;
    long long eid, old_id;
    int old_version;
    enum err e;
    size_t i;

    /* Only ranked sections reach the catalogue (a bug otherwise). */
    for (i = 0; i < b->n_sections; i++)
        if (!b->sections[i].sec || !b->sections[i].sec->t ||
            !b->sections[i].s ||
            (!b->sections[i].s->n_rows && b->sections[i].sec->t->n_players)) {
            diag_error(dl, c->path, 0, 0,
                       "section %zu of event '%s' was not ranked; nothing "
                       "was recorded",
                       i + 1, b->event_id);
            return ERR_INTERNAL;
        }
    if (exec(c, "BEGIN IMMEDIATE", dl))
        return ERR_CATALOG;
    if (add_ctx_init(&a, c, dl)) {
        add_ctx_release(&a);
        return rollback(c, ERR_CATALOG);
    }
    a.event_key = b->event_id;
    eid = event_row(c, b, &old_id, &old_version, dl);
    if (eid < 0) {
        e = db_fail(c, dl, "cannot record the event");
        goto fail;
    }
    if (old_id && old_version >= b->m->version) {
        diag_error(dl, c->path, 0, 0,
                   "event '%s' is catalogued at version %d; version %d is "
                   "not newer",
                   b->event_id, old_version, b->m->version);
        e = ERR_DATA;
        goto fail;
    }
    if (old_id) {
        /* The people of the old version who are in no other event go. */
        if (exec(c,
                 "CREATE TEMP TABLE IF NOT EXISTS gone_people (id INTEGER "
                 "PRIMARY KEY); DELETE FROM gone_people",
                 dl) ||
            exec_id(c,
                    "INSERT OR IGNORE INTO gone_people SELECT "
                    "en.person_id FROM entries en JOIN sections s ON s.id "
                    "= en.section_id WHERE s.event_id = ?",
                    eid, dl) ||
            exec_id(c, "DELETE FROM sections WHERE event_id = ?", eid, dl)) {
            e = db_fail(c, dl, "cannot replace the event");
            goto fail;
        }
    }
    e = add_bundle_row(c, eid, b, old_version, dl);
    if (e)
        goto fail;
    for (i = 0; i < b->n_sections; i++) {
        e = add_section(&a, eid, b->ev, &b->sections[i]);
        if (e)
            goto fail;
    }
    e = add_game_names(c, b->event_id, dl);
    if (e)
        goto fail;
    e = add_diplomas(c, eid, b, dl);
    if (e)
        goto fail;
    if (old_id && exec(c,
                       "DELETE FROM people WHERE id IN (SELECT id FROM "
                       "gone_people) AND NOT EXISTS (SELECT 1 FROM entries "
                       "WHERE person_id = people.id)",
                       dl)) {
        e = ERR_CATALOG;
        goto fail;
    }
    add_ctx_release(&a);
    if (exec(c, "COMMIT", dl))
        return rollback(c, ERR_CATALOG);
    return ERR_OK;
fail:
    add_ctx_release(&a);
    return rollback(c, e);
}

int catalog_current(struct catalog *c, const char *event_id, char **path,
                    char **sha)
{
    struct diag_list dl = DIAG_LIST_INIT;
    sqlite3_stmt *st;
    int v = 0;

    *path = *sha = NULL;
    st = prep(c,
              "SELECT b.version, b.path, b.sha256 FROM events e JOIN "
              "bundles b ON b.event_id = e.id AND b.version = e.version "
              "WHERE e.key = ?",
              &dl);
    diag_list_release(&dl);
    if (!st)
        return 0;
    bind_text(st, 1, event_id);
    if (sqlite3_step(st) == SQLITE_ROW) {
        v = sqlite3_column_int(st, 0);
        *path = xstrdup(col_text(st, 1));
        *sha = xstrdup(col_text(st, 2));
    }
    sqlite3_finalize(st);
    return v;
}

/* The row of st (version, path, SHA-256, size, software) into out, st
   finalized; its version, or 0 when there is none. */
static int version_row(sqlite3_stmt *st, struct catalog_version *out)
{
    if (sqlite3_step(st) == SQLITE_ROW) {
        out->version = sqlite3_column_int(st, 0);
        out->path = xstrdup(col_text(st, 1));
        out->sha256 = xstrdup(col_text(st, 2));
        out->size = sqlite3_column_int64(st, 3);
        out->software = xstrdup(col_text(st, 4));
    }
    sqlite3_finalize(st);
    return out->version;
}

int catalog_version_get(struct catalog *c, const char *event_id, int v,
                        struct catalog_version *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    sqlite3_stmt *st;

    memset(out, 0, sizeof(*out));
    st = prep(c,
              "SELECT b.version, b.path, b.sha256, b.size, b.software FROM "
              "events e JOIN bundles b ON b.event_id = e.id AND b.version = "
              "(CASE WHEN ?2 > 0 THEN ?2 ELSE e.version END) WHERE e.key = ?1",
              &dl);
    diag_list_release(&dl);
    if (!st)
        return 0;
    bind_text(st, 1, event_id);
    sqlite3_bind_int(st, 2, v);
    return version_row(st, out);
}

void catalog_version_release(struct catalog_version *v)
{
    free(v->path);
    free(v->sha256);
    free(v->software);
    memset(v, 0, sizeof(*v));
}

/* =============================================================== people */

/* The identity of person id and his FIDE ID (to free); -1 when unknown. */
static int person_ident(struct catalog *c, long long id, char **ident,
                        char **fide, char **keybirth, char **birth)
{
    struct diag_list dl = DIAG_LIST_INIT;
    sqlite3_stmt *st = prep(c,
                            "SELECT ident, fide_id, 'name:' || key || '|' "
                            "|| birth, birth FROM people WHERE id = ?",
                            &dl);
    int found = -1;

    diag_list_release(&dl);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW) {
        *ident = xstrdup(col_text(st, 0));
        *fide = sqlite3_column_type(st, 1) == SQLITE_NULL
                    ? NULL
                    : xstrdup(col_text(st, 1));
        *keybirth = xstrdup(col_text(st, 2));
        *birth = xstrdup(col_text(st, 3));
        found = 0;
    }
    sqlite3_finalize(st);
    return found;
}

static enum err add_merge(struct catalog *c, const char *gone, const char *kept,
                          struct diag_list *dl)
{
    sqlite3_stmt *st;
    int rc;

    if (!strcmp(gone, kept))
        return ERR_OK;
    st =
        prep(c, "INSERT OR REPLACE INTO merges (gone, kept) VALUES (?, ?)", dl);
    if (!st)
        return ERR_CATALOG;
    bind_text(st, 1, gone);
    bind_text(st, 2, kept);
    rc = step_done(st);
    sqlite3_finalize(st);
    if (rc)
        return db_fail(c, dl, "cannot record the merge");
    /* Merges that led to the person gone now lead to the one kept. */
    st = prep(c, "UPDATE merges SET kept = ? WHERE kept = ?", dl);
    if (!st)
        return ERR_CATALOG;
    bind_text(st, 1, kept);
    bind_text(st, 2, gone);
    rc = step_done(st);
    sqlite3_finalize(st);
    return rc ? db_fail(c, dl, "cannot record the merge") : ERR_OK;
}

/* Whether two birth dates of the catalogue ("2013-11-30", "2013", "")
   can be one person's: equal, one unknown, or a year and a day in it. */
static int births_agree(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);

    if (!na || !nb || !strcmp(a, b))
        return 1;
    if (na == 4 && nb > 4)
        return !strncmp(a, b, 4);
    if (nb == 4 && na > 4)
        return !strncmp(a, b, 4);
    return 0;
}

enum err catalog_merge_people(struct catalog *c, long long kept, long long gone,
                              int force, struct diag_list *dl)
{
    char *ki = NULL, *kf = NULL, *kk = NULL, *gi = NULL, *gf = NULL, *gk = NULL;
    char *kb = NULL, *gb = NULL;
    struct strbuf sb = STRBUF_INIT;
    sqlite3_stmt *st = NULL;
    enum err e = ERR_OK;

    if (kept == gone) {
        diag_error(dl, NULL, 0, 0, "#%lld and #%lld are the same person", kept,
                   gone);
        return ERR_DATA;
    }
    if (person_ident(c, kept, &ki, &kf, &kk, &kb)) {
        diag_error(dl, NULL, 0, 0, "no person #%lld in the catalogue", kept);
        return ERR_DATA;
    }
    if (person_ident(c, gone, &gi, &gf, &gk, &gb)) {
        diag_error(dl, NULL, 0, 0, "no person #%lld in the catalogue", gone);
        e = ERR_DATA;
        goto out;
    }
    if (kf && gf && strcmp(kf, gf)) {
        diag_error(dl, NULL, 0, 0,
                   "#%lld and #%lld have different FIDE IDs "
                   "(%s and %s)",
                   kept, gone, kf, gf);
        e = ERR_DATA;
        goto out;
    }
    if (!force && !births_agree(kb, gb)) {
        diag_error(dl, NULL, 0, 0,
                   "#%lld and #%lld have different birth dates (%s and %s): "
                   "two people, or a date typed wrong; --force joins them "
                   "all the same",
                   kept, gone, kb, gb);
        e = ERR_DATA;
        goto out;
    }
    if (exec(c, "BEGIN IMMEDIATE", dl)) {
        e = ERR_CATALOG;
        goto out;
    }
    e = add_merge(c, gi, ki, dl);
    if (!e)
        e = add_merge(c, gk, ki, dl);
    if (!e && gf) {
        strbuf_addf(&sb, "fide:%s", gf);
        e = add_merge(c, sb.buf, ki, dl);
    }
    if (!e) {
        st =
            prep(c, "UPDATE entries SET person_id = ? WHERE person_id = ?", dl);
        if (!st)
            e = ERR_CATALOG;
        else {
            sqlite3_bind_int64(st, 1, kept);
            sqlite3_bind_int64(st, 2, gone);
            if (step_done(st))
                e = db_fail(c, dl, "cannot move the entries");
            sqlite3_finalize(st);
        }
    }
    if (!e && exec_id(c, "DELETE FROM people WHERE id = ?", gone, dl))
        e = db_fail(c, dl, "cannot remove the person merged");
    if (!e && gf && !kf) {
        st = prep(c, "UPDATE people SET fide_id = ? WHERE id = ?", dl);
        if (!st)
            e = ERR_CATALOG;
        else {
            bind_text(st, 1, gf);
            sqlite3_bind_int64(st, 2, kept);
            if (step_done(st))
                e = db_fail(c, dl, "cannot move the FIDE ID");
            sqlite3_finalize(st);
        }
    }
    if (!e && exec(c, "COMMIT", dl))
        e = ERR_CATALOG;
    if (e)
        rollback(c, e);
out:
    strbuf_release(&sb);
    free(ki);
    free(kf);
    free(kk);
    free(gi);
    free(gf);
    free(gk);
    free(kb);
    free(gb);
    return e;
}

/* ====================================================== forgetting */

static enum err run_rows(struct catalog *c, sqlite3_stmt *st, const char *align,
                         struct table *r, struct diag_list *dl);

void catalog_player_ident(const struct event *ev, const struct section *sec,
                          const struct tournament *t, int p,
                          const char *event_key, struct strbuf *ident,
                          struct strbuf *keybirth)
{
    struct who w;

    memset(&w, 0, sizeof(w));
    strbuf_init(&w.name, 0);
    strbuf_init(&w.key, 0);
    strbuf_init(&w.birth, 0);
    strbuf_init(&w.ident, 0);
    who_fill(&w, ev, sec, t, p, event_key);
    strbuf_reset(ident);
    strbuf_addbuf(ident, &w.ident);
    strbuf_reset(keybirth);
    strbuf_addf(keybirth, "name:%s|%s", w.key.buf, w.birth.buf);
    strbuf_release(&w.name);
    strbuf_release(&w.key);
    strbuf_release(&w.birth);
    strbuf_release(&w.ident);
}

int catalog_person_get(struct catalog *c, long long id,
                       struct catalog_person *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    sqlite3_stmt *st = prep(c,
                            "SELECT ident, fide_id, name, key, birth FROM "
                            "people WHERE id = ?",
                            &dl);
    int found = -1;

    diag_list_release(&dl);
    memset(out, 0, sizeof(*out));
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW) {
        out->id = id;
        out->ident = xstrdup(col_text(st, 0));
        out->fide = sqlite3_column_type(st, 1) == SQLITE_NULL
                        ? NULL
                        : xstrdup(col_text(st, 1));
        out->name = xstrdup(col_text(st, 2));
        out->key = xstrdup(col_text(st, 3));
        out->birth = xstrdup(col_text(st, 4));
        found = 0;
    }
    sqlite3_finalize(st);
    return found;
}

void catalog_person_release(struct catalog_person *p)
{
    free(p->ident);
    free(p->fide);
    free(p->name);
    free(p->key);
    free(p->birth);
    memset(p, 0, sizeof(*p));
}

enum err catalog_person_idents(struct catalog *c,
                               const struct catalog_person *p,
                               struct table *r, struct diag_list *dl)
{
    sqlite3_stmt *st = prep(c,
                            "SELECT ?1 AS Ident UNION SELECT gone FROM "
                            "merges WHERE kept = ?1 ORDER BY 1",
                            dl);

    if (st)
        bind_text(st, 1, p->ident);
    return run_rows(c, st, "l", r, dl);
}

enum err catalog_person_bundles(struct catalog *c, long long id,
                                struct table *r, struct diag_list *dl)
{
    sqlite3_stmt *st =
        prep(c,
             "SELECT e.key AS Event, b.version AS Version, b.path AS Path, "
             "b.sha256 AS SHA256, b.version = e.version AS Current FROM "
             "bundles b JOIN events e ON e.id = b.event_id WHERE e.id IN "
             "(SELECT s.event_id FROM entries n JOIN sections s ON s.id = "
             "n.section_id WHERE n.person_id = ?) ORDER BY e.key, b.version",
             dl);

    if (st)
        sqlite3_bind_int64(st, 1, id);
    return run_rows(c, st, "lrllr", r, dl);
}

/* "name:KEY|YYYY-MM-DD": an identity that holds a full birth date. */
static int ident_has_date(const char *s)
{
    size_t n = strlen(s);

    return !strncmp(s, "name:", 5) && n > 16 && s[n - 11] == '|' &&
           s[n - 3] == '-' && s[n - 6] == '-';
}

/* Run sql with text parameters a and b (b NULL: one); 0 or -1. */
static int exec_text(struct catalog *c, const char *sql, const char *a,
                     const char *b, struct diag_list *dl)
{
    sqlite3_stmt *st = prep(c, sql, dl);
    int rc;

    if (!st)
        return -1;
    bind_text(st, 1, a);
    if (b)
        bind_text(st, 2, b);
    rc = step_done(st);
    sqlite3_finalize(st);
    return rc;
}

enum err catalog_forget(struct catalog *c, const struct catalog_person *person,
                        const char *ident, const char *year,
                        const char *const *event_idents, size_t n_idents,
                        const struct catalog_rewritten *b, size_t n_b,
                        struct diag_list *dl)
{
    struct table idents;
    sqlite3_stmt *st = NULL;
    enum err e = ERR_OK;
    size_t i, k;

    memset(&idents, 0, sizeof(idents)); /* run_rows() makes it */
    if (exec(c, "BEGIN IMMEDIATE", dl))
        return ERR_CATALOG;
    e = catalog_person_idents(c, person, &idents, dl);
    /* Merges kept under his old identity lead to the new one; those that
       hold a full birth date of his go (his events' identities replace
       them). */
    if (!e && strcmp(person->ident, ident) &&
        exec_text(c, "UPDATE merges SET kept = ?1 WHERE kept = ?2", ident,
                  person->ident, dl))
        e = db_fail(c, dl, "cannot move the merges");
    for (i = 0; !e && i < idents.nrows; i++) {
        const char *g = table_cell(&idents, i, 0);
        if (ident_has_date(g) &&
            exec_text(c, "DELETE FROM merges WHERE gone = ?", g, NULL, dl))
            e = db_fail(c, dl, "cannot remove a merge");
    }
    for (i = 0; !e && i < n_idents; i++)
        e = add_merge(c, event_idents[i], ident, dl);
    if (!e) {
        st = prep(c, "UPDATE people SET ident = ?, birth = ? WHERE id = ?",
                  dl);
        if (!st)
            e = ERR_CATALOG;
        else {
            bind_text(st, 1, ident);
            bind_text(st, 2, year);
            sqlite3_bind_int64(st, 3, person->id);
            if (step_done(st))
                e = db_fail(c, dl, "cannot change the person");
            sqlite3_finalize(st);
        }
    }
    for (i = 0; !e && i < n_b; i++) {
        long long bid = 0;
        st = prep(c,
                  "UPDATE bundles SET sha256 = ?, size = ? WHERE path = ? "
                  "RETURNING id",
                  dl);
        if (!st) {
            e = ERR_CATALOG;
            break;
        }
        bind_text(st, 1, b[i].sha256);
        sqlite3_bind_int64(st, 2, b[i].size);
        bind_text(st, 3, b[i].path);
        if (sqlite3_step(st) == SQLITE_ROW)
            bid = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        if (!bid) {
            diag_error(dl, c->path, 0, 0, "no bundle '%s' in the catalogue",
                       b[i].path);
            e = ERR_CATALOG;
            break;
        }
        if (exec_id(c, "DELETE FROM documents WHERE bundle_id = ?", bid, dl)) {
            e = db_fail(c, dl, "cannot change the bundle's files");
            break;
        }
        st = prep(c,
                  "INSERT INTO documents (bundle_id, name, size, sha256, "
                  "media_type, role) VALUES (?, ?, ?, ?, ?, ?)",
                  dl);
        if (!st) {
            e = ERR_CATALOG;
            break;
        }
        for (k = 0; !e && k < b[i].m->n; k++) {
            const struct manifest_file *f = &b[i].m->files[k];
            sqlite3_bind_int64(st, 1, bid);
            bind_text(st, 2, f->name);
            sqlite3_bind_int64(st, 3, f->size);
            bind_text(st, 4, f->sha256);
            bind_text(st, 5, f->media_type);
            bind_text(st, 6, manifest_role_name(f->role));
            if (step_done(st))
                e = db_fail(c, dl, "cannot change the bundle's files");
        }
        sqlite3_finalize(st);
    }
    table_release(&idents);
    if (!e && exec(c, "COMMIT", dl))
        e = ERR_CATALOG;
    if (e)
        rollback(c, e);
    return e;
}

int catalog_version_at(struct catalog *c, const char *path,
                       struct catalog_version *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    sqlite3_stmt *st;

    memset(out, 0, sizeof(*out));
    st = prep(c,
              "SELECT version, path, sha256, size, software FROM bundles "
              "WHERE path = ?",
              &dl);
    diag_list_release(&dl);
    if (!st)
        return 0;
    bind_text(st, 1, path);
    return version_row(st, out);
}

/* ================================================================= rows */

/*
 * Run a prepared statement: r's headings from the column names, its
 * alignment from align (one letter per column), then fn for every row as
 * it comes (its cells never NULL, and their lengths in bytes), until fn
 * returns non-zero.  st NULL (prep() failed and said why): ERR_CATALOG.
 */
static enum err run_each(struct catalog *c, sqlite3_stmt *st,
                         const char *align, struct table *r,
                         catalog_row_fn fn, void *arg, struct diag_list *dl)
{
    size_t i, n, *lens;
    const char **row;
    int rc;

    memset(r, 0, sizeof(*r));
    if (!st)
        return ERR_CATALOG;
    n = (size_t)sqlite3_column_count(st);
    row = xcalloc(n + 1, sizeof(*row));
    lens = xcalloc(n + 1, sizeof(*lens));
    table_init_empty(r, n);
    for (i = 0; i < n; i++) {
        r->heads[i] = xstrdup(sqlite3_column_name(st, (int)i));
        r->align[i] = align && i < strlen(align) ? align[i] : 'l';
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (i = 0; i < n; i++) {
            row[i] = col_text(st, (int)i);
            lens[i] = (size_t)sqlite3_column_bytes(st, (int)i);
        }
        if (fn(arg, r, row, lens)) {
            rc = SQLITE_DONE;
            break;
        }
    }
    free(row);
    free(lens);
    stmt_done(c, st);
    if (rc != SQLITE_DONE)
        return db_fail(c, dl, "query failed");
    return ERR_OK;
}

/* A row into the table arg. */
static int add_row(void *arg, const struct table *head,
                   const char *const *cells, const size_t *lens)
{
    (void)head;
    table_add_row_n(arg, cells, lens);
    return 0;
}

/* run_each() into r, one row per result. */
static enum err run_rows(struct catalog *c, sqlite3_stmt *st, const char *align,
                         struct table *r, struct diag_list *dl)
{
    return run_each(c, st, align, r, add_row, r, dl);
}

enum err catalog_merges(struct catalog *c, struct table *r,
                        struct diag_list *dl)
{
    sqlite3_stmt *st = prep(
        c, "SELECT gone AS Gone, kept AS Kept FROM merges ORDER BY gone", dl);

    return run_rows(c, st, "ll", r, dl);
}

enum err catalog_add_merge(struct catalog *c, const char *gone,
                           const char *kept, struct diag_list *dl)
{
    return add_merge(c, gone, kept, dl);
}

enum err catalog_counts(struct catalog *c, long long counts[6],
                        struct diag_list *dl)
{
    static const char *const tables[6] = {"events", "bundles", "sections",
                                          "people", "entries", "games"};
    struct strbuf sql = STRBUF_INIT;
    size_t i;

    for (i = 0; i < 6; i++) {
        sqlite3_stmt *st;
        strbuf_reset(&sql);
        strbuf_addf(&sql, "SELECT count(*) FROM %s", tables[i]);
        st = prep(c, sql.buf, dl);
        if (!st) {
            strbuf_release(&sql);
            return ERR_CATALOG;
        }
        counts[i] =
            sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
        sqlite3_finalize(st);
    }
    strbuf_release(&sql);
    return ERR_OK;
}

/* ================================================================ check */

/* Report every row of a query whose first column is a message. */
static enum err check_query(struct catalog *c, const char *sql,
                            struct diag_list *dl)
{
    sqlite3_stmt *st = prep(c, sql, dl);
    int rc;

    if (!st)
        return ERR_CATALOG;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        diag_error(dl, c->path, 0, 0, "%s", col_text(st, 0));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? ERR_OK : db_fail(c, dl, "check failed");
}

enum err catalog_check(struct catalog *c, int deep, struct diag_list *dl)
{
    size_t errs = dl->nr_errors;
    sqlite3_stmt *st;
    int rc;

    st = prep(c, deep ? "PRAGMA integrity_check" : "PRAGMA quick_check", dl);
    if (!st)
        return ERR_CATALOG;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (strcmp(col_text(st, 0), "ok"))
            diag_error(dl, c->path, 0, 0, "integrity: %s", col_text(st, 0));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(c, dl, "integrity check failed");
    if (check_query(c,
                    "SELECT 'event ''' || key || ''' has no bundle of its "
                    "version ' || version FROM events e WHERE NOT EXISTS "
                    "(SELECT 1 FROM bundles b WHERE b.event_id = e.id AND "
                    "b.version = e.version)",
                    dl) ||
        check_query(c,
                    "SELECT 'bundle ''' || b.path || ''' lists no file' "
                    "FROM bundles b WHERE NOT EXISTS (SELECT 1 FROM "
                    "documents d WHERE d.bundle_id = b.id)",
                    dl))
        return ERR_CATALOG;
    if (deep &&
        (check_query(c,
                     "SELECT 'foreign key: a row of ' || \"table\" || ' "
                     "points to no ' || parent FROM pragma_foreign_key_check",
                     dl) ||
         check_query(c,
                     "SELECT 'section ''' || s.key || ''' of ''' || e.key || "
                     "''' has ' || coalesce(n.n, 0) || ' entries for ' || "
                     "s.players || ' players' FROM sections s JOIN events e "
                     "ON e.id = s.event_id LEFT JOIN (SELECT section_id, "
                     "count(*) AS n FROM entries GROUP BY section_id) n ON "
                     "n.section_id = s.id WHERE s.players != coalesce(n.n, 0)",
                     dl) ||
         check_query(c,
                     "SELECT 'a game of round ' || g.round || ' joins "
                     "entries of another section' FROM games g JOIN entries "
                     "w ON w.id = g.white JOIN entries b ON b.id = g.black "
                     "WHERE w.section_id != g.section_id OR b.section_id != "
                     "g.section_id",
                     dl)))
        return ERR_CATALOG;
    return dl->nr_errors > errs ? ERR_CATALOG : ERR_OK;
}

/* ============================================================== queries */

/* Append " AND ..." for the filter's fields; binds are named :cat, :sex,
 * :disc, :from, :to, :year, :city. */
static void filter_sql(const struct catalog_filter *f, struct strbuf *sql)
{
    if (f->category)
        strbuf_addstr(sql, " AND upper(e.category) = upper(:cat)");
    if (f->sex)
        strbuf_addstr(sql, " AND s.sex = :sex");
    if (f->discipline)
        strbuf_addstr(sql, " AND s.discipline = :disc");
    if (f->from)
        strbuf_addstr(sql, " AND e.year >= :from");
    if (f->to)
        strbuf_addstr(sql, " AND e.year <= :to");
    if (f->year)
        strbuf_addstr(sql, " AND e.year = :year");
    if (f->city)
        strbuf_addstr(sql, " AND sek_match(sek_fold(e.city), sek_fold(:city))");
}

static void bind_named_text(sqlite3_stmt *st, const char *name, const char *v)
{
    int i = sqlite3_bind_parameter_index(st, name);
    if (i)
        bind_text(st, i, v);
}

static void bind_named_int(sqlite3_stmt *st, const char *name, int v)
{
    int i = sqlite3_bind_parameter_index(st, name);
    if (i)
        sqlite3_bind_int(st, i, v);
}

static void filter_bind(const struct catalog_filter *f, sqlite3_stmt *st)
{
    char sex[2] = {f->sex, 0};

    bind_named_text(st, ":cat", f->category);
    bind_named_text(st, ":sex", sex);
    bind_named_text(st, ":disc", f->discipline);
    bind_named_int(st, ":from", f->from);
    bind_named_int(st, ":to", f->to);
    bind_named_int(st, ":year", f->year);
    bind_named_text(st, ":city", f->city);
}

static enum err filtered(struct catalog *c, const char *head,
                         const struct catalog_filter *f, const char *tail,
                         const char *align, struct table *r,
                         struct diag_list *dl)
{
    struct strbuf sql = STRBUF_INIT;
    sqlite3_stmt *st;

    strbuf_addstr(&sql, head);
    filter_sql(f, &sql);
    strbuf_addstr(&sql, tail);
    st = prep(c, sql.buf, dl);
    strbuf_release(&sql);
    if (st)
        filter_bind(f, st);
    return run_rows(c, st, align, r, dl);
}

enum err catalog_events(struct catalog *c, const struct catalog_filter *f,
                        struct table *r, struct diag_list *dl)
{
    struct catalog_filter ef = *f;

    /* Sections' fields do not filter events. */
    ef.sex = 0;
    ef.discipline = NULL;
    return filtered(
        c,
        "SELECT e.key AS Event, e.version AS Version, e.start_date AS Start, "
        "e.end_date AS End, e.city AS City, e.category AS Category, "
        "(SELECT count(*) FROM sections s WHERE s.event_id = e.id) AS "
        "Sections, (SELECT count(DISTINCT en.person_id) FROM entries en JOIN "
        "sections s ON s.id = en.section_id WHERE s.event_id = e.id) AS "
        "People, (SELECT coalesce(sum(players), 0) FROM sections s WHERE "
        "s.event_id = e.id) AS Entries, CASE WHEN e.short_title != '' THEN "
        "e.short_title ELSE e.title END AS Title FROM events e WHERE 1",
        &ef, " ORDER BY e.start_date, e.key", "lnllllnnnl", r, dl);
}

enum err catalog_event_show(struct catalog *c, const char *event_id,
                            struct table *info,
                            struct table *sections,
                            struct table *versions, struct diag_list *dl)
{
    sqlite3_stmt *st;
    enum err e;

    memset(info, 0, sizeof(*info));
    memset(sections, 0, sizeof(*sections));
    memset(versions, 0, sizeof(*versions));
    st = prep_kept(c,
              "SELECT Field, Value FROM (SELECT 1 AS o, 'Event' AS Field, key "
              "AS Value FROM events WHERE key = ?1 UNION ALL SELECT 2, "
              "'Title', title FROM events WHERE key = ?1 UNION ALL SELECT 3, "
              "'Category', category FROM events WHERE key = ?1 UNION ALL "
              "SELECT 4, 'Dates', start_date || ' - ' || end_date FROM events "
              "WHERE key = ?1 UNION ALL SELECT 5, 'City', city FROM events "
              "WHERE key = ?1 UNION ALL SELECT 6, 'Venue', venue FROM events "
              "WHERE key = ?1 UNION ALL SELECT 7, 'Chief arbiter', "
              "chief_arbiter FROM events WHERE key = ?1 UNION ALL SELECT 8, "
              "'Version', version FROM events WHERE key = ?1) ORDER BY o",
              dl);
    if (!st)
        return ERR_CATALOG;
    bind_text(st, 1, event_id);
    e = run_rows(c, st, "ll", info, dl);
    if (e || !info->nrows)
        return e;
    st = prep_kept(c,
              "SELECT s.key AS Section, s.title AS Title, s.system AS System, "
              "s.discipline AS Discipline, s.sex AS Sex, s.rounds AS Rounds, "
              "s.players AS Players, (SELECT count(*) FROM games g WHERE "
              "g.section_id = s.id) AS Games, s.tiebreaks AS Tiebreaks, "
              "coalesce((SELECT group_concat(name, '; ') FROM (SELECT t.name "
              "FROM teams t WHERE t.section_id = s.id AND t.place <= 3 ORDER "
              "BY t.place, t.team_no)), (SELECT group_concat(name, '; ') FROM "
              "(SELECT en.name FROM entries en WHERE en.section_id = s.id AND "
              "en.place <= 3 ORDER BY en.place, en.start_no))) AS Medallists "
              "FROM sections s JOIN "
              "events e ON e.id = s.event_id WHERE e.key = ? ORDER BY s.id",
              dl);
    if (!st)
        return ERR_CATALOG;
    bind_text(st, 1, event_id);
    e = run_rows(c, st, "lllllnnnll", sections, dl);
    if (e)
        return e;
    st = prep_kept(c,
              "SELECT b.version AS Version, b.path AS Path, b.size AS Size, "
              "b.created AS Created, b.software AS Software, CASE WHEN "
              "b.version = e.version THEN 'current' ELSE '' END AS Status, "
              "(SELECT count(*) FROM documents d WHERE d.bundle_id = b.id) AS "
              "Files FROM bundles b JOIN events e ON e.id = b.event_id WHERE "
              "e.key = ? ORDER BY b.version",
              dl);
    if (!st)
        return ERR_CATALOG;
    bind_text(st, 1, event_id);
    return run_rows(c, st, "nlnllln", versions, dl);
}

enum err catalog_bundles(struct catalog *c, struct table *r,
                         struct diag_list *dl)
{
    sqlite3_stmt *st =
        prep(c,
             "SELECT e.key AS Event, b.version AS Version, b.path AS Path, "
             "b.size AS Size, b.sha256 AS SHA256, CASE WHEN b.version = "
             "e.version THEN 'current' ELSE '' END AS Status FROM bundles b "
             "JOIN events e ON e.id = b.event_id ORDER BY b.path",
             dl);

    return run_rows(c, st, "lnlnll", r, dl);
}

enum err catalog_bundle_files(struct catalog *c, const char *event_id,
                              int version, struct table *r,
                              struct diag_list *dl)
{
    sqlite3_stmt *st =
        prep_kept(c,
             "SELECT d.name AS Name, d.size AS Size, d.sha256 AS SHA256, "
             "d.media_type AS Type, d.role AS Role, b.version AS Version "
             "FROM documents d JOIN bundles b ON b.id = d.bundle_id JOIN "
             "events e ON e.id = b.event_id WHERE e.key = ? AND b.version = "
             "CASE WHEN ? > 0 THEN ?2 ELSE e.version END ORDER BY d.name "
             "COLLATE uk",
             dl);

    if (st) {
        bind_text(st, 1, event_id);
        sqlite3_bind_int(st, 2, version);
    }
    return run_rows(c, st, "lnllln", r, dl);
}

enum err catalog_diploma(struct catalog *c, const char *code,
                         struct table *r, struct diag_list *dl)
{
    sqlite3_stmt *st = prep(
        c,
        "SELECT d.code AS Code, d.kind AS Kind, d.name AS Name, "
        "coalesce(d.birth_year, '') AS Born, d.region AS Region, d.team AS "
        "Team, d.pupil AS Pupil, d.place AS Place, d.place_to AS PlaceTo, "
        "d.degree AS Degree, e.key AS Event, e.title AS Title, e.start_date "
        "AS Start, e.end_date AS End, e.city AS City, d.section AS Section, "
        "coalesce(s.title, '') AS SectionTitle, d.version AS Version, "
        "coalesce(b.path, '') AS Bundle, coalesce(b.sha256, '') AS SHA256 "
        "FROM diplomas d JOIN events e ON e.id = d.event_id LEFT JOIN "
        "sections s ON s.event_id = d.event_id AND s.key = d.section LEFT "
        "JOIN bundles b ON b.event_id = d.event_id AND b.version = "
        "d.version WHERE d.code = ?",
        dl);

    if (st)
        bind_text(st, 1, code);
    return run_rows(c, st, NULL, r, dl);
}

enum err catalog_champions(struct catalog *c, const struct catalog_filter *f,
                           struct table *r, struct diag_list *dl)
{
    return filtered(
        c,
        /* A team competition's champion is its winning team (points:
           its match points; no person). */
        "SELECT e.year AS Year, e.key AS Event, e.category AS Category, s.key "
        "AS Section, s.sex AS Sex, s.discipline AS Discipline, "
        "coalesce(p.name, en.name) AS Champion, en.region AS Region, "
        "printf('%.1f', en.points) AS Points, p.id AS Person FROM (SELECT "
        "section_id, person_id, NULL AS name, region, points, start_no FROM "
        "entries WHERE place = 1 AND place <= 3 AND section_id NOT IN "
        "(SELECT section_id FROM teams) UNION ALL SELECT section_id, NULL, "
        "name, region, match_points, team_no FROM teams WHERE place = 1) en "
        "JOIN sections s ON s.id = en.section_id JOIN events e ON e.id = "
        "s.event_id LEFT JOIN people p ON p.id = en.person_id WHERE "
        "s.awards",
        f, " ORDER BY e.start_date, e.key, s.id, en.start_no", "nlllllllnn", r,
        dl);
}

enum err catalog_find_people(struct catalog *c, const char *text,
                             struct table *r, struct diag_list *dl)
{
    static const char head[] =
        "SELECT p.id AS Person, p.name AS Name, p.birth AS Birth, "
        "coalesce(p.fide_id, '') AS FIDE, (SELECT count(DISTINCT s.event_id) "
        "FROM entries en JOIN sections s ON s.id = en.section_id WHERE "
        "en.person_id = p.id) AS Events FROM people p WHERE ";
    struct strbuf sql = STRBUF_INIT, f1 = STRBUF_INIT, f2 = STRBUF_INIT;
    sqlite3_stmt *st;
    const char *s = text;
    int digits = *s != '\0';

    for (; *s; s++)
        if (*s < '0' || *s > '9')
            digits = 0;
    strbuf_addstr(&sql, head);
    if (text[0] == '#')
        strbuf_addstr(&sql, "p.id = ?1");
    else if (digits)
        strbuf_addstr(&sql, "p.fide_id = ?1");
    else
        strbuf_addstr(&sql, "sek_match(p.fold, ?1) OR sek_match(p.lfold, ?2)");
    strbuf_addstr(&sql, " ORDER BY p.name COLLATE uk, p.birth, p.id");
    st = prep(c, sql.buf, dl);
    strbuf_release(&sql);
    if (st && text[0] == '#') {
        sqlite3_bind_int64(st, 1, strtoll(text + 1, NULL, 10));
    } else if (st && digits) {
        bind_text(st, 1, text);
    } else if (st) {
        name_fold(&f1, text);
        name_fold_latin(&f2, text);
        bind_text(st, 1, f1.buf);
        bind_text(st, 2, f2.buf);
    }
    strbuf_release(&f1);
    strbuf_release(&f2);
    return run_rows(c, st, "nllln", r, dl);
}

enum err catalog_player(struct catalog *c, long long person,
                        struct table *r, struct diag_list *dl)
{
    sqlite3_stmt *st = prep_kept(
        c,
        "SELECT e.year AS Year, e.key AS Event, s.key AS Section, CASE WHEN "
        "en.place_to > en.place THEN en.place || '-' || en.place_to ELSE "
        "en.place END AS Place, printf('%.1f', en.points) AS Points, "
        "en.games AS Games, en.performance AS Performance, "
        "coalesce(en.performance_games, '') AS RatedGames, en.rating AS "
        "Rating, en.region AS Region, en.club AS Club, en.coach AS Coach, "
        "en.rank AS Rank, CASE WHEN en.round_reached IS NULL OR "
        "en.round_reached = '' THEN '' WHEN en.round_reached >= s.rounds "
        "THEN CASE WHEN en.place >= 3 THEN '3rd place match' ELSE 'final' "
        "END ELSE 'round ' || en.round_reached END AS Reached, "
        "coalesce((SELECT "
        "t.name FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE "
        "tm.entry_id = en.id), '') AS Team, CASE WHEN s.system = 'team' THEN "
        "coalesce((SELECT group_concat(round || ':' || board, ' ') FROM "
        "(SELECT g.round, g.board FROM games g WHERE (g.white = en.id OR "
        "g.black = en.id) AND g.board IS NOT NULL ORDER BY g.round)), '') "
        "ELSE '' END AS Boards, coalesce(nullif((SELECT count(*) FROM "
        "games g WHERE (g.white = en.id OR g.black = en.id) AND g.pgn IS "
        "NOT NULL), 0), '') AS Recorded FROM entries "
        "en JOIN sections s ON s.id = en.section_id JOIN events e ON e.id = "
        "s.event_id WHERE en.person_id = ? ORDER BY e.start_date, e.key, "
        "s.id",
        dl);

    if (st)
        sqlite3_bind_int64(st, 1, person);
    return run_rows(c, st, "nllrnnnnnllllnlln", r, dl);
}

enum err catalog_candidates(struct catalog *c, const char *event_id,
                            long long person, struct table *r,
                            struct diag_list *dl)
{
    /*
     * Two people of one name key are possibly one when no FIDE IDs or
     * full birth dates tell them apart: not two FIDE IDs, not two full
     * dates (equal ones are one person already), the years alike.
     */
    static const char sql[] =
        "WITH mine(id) AS (SELECT ?2 WHERE ?2 > 0 UNION SELECT en.person_id "
        "FROM entries en JOIN sections s ON s.id = en.section_id JOIN "
        "events e ON e.id = s.event_id WHERE e.key = ?1) "
        "SELECT p.id AS Person, p.name AS Name, p.birth AS Birth, q.id AS "
        "Candidate, q.name AS CandidateName, q.birth AS CandidateBirth, "
        "(SELECT group_concat(k, ', ') FROM (SELECT DISTINCT e.key AS k "
        "FROM entries en JOIN sections s ON s.id = en.section_id JOIN "
        "events e ON e.id = s.event_id WHERE en.person_id = q.id ORDER BY "
        "e.start_date, e.key)) AS Events FROM mine JOIN people p ON p.id = "
        "mine.id JOIN people q ON q.key = p.key AND q.id != p.id WHERE NOT "
        "(p.fide_id IS NOT NULL AND q.fide_id IS NOT NULL) AND NOT "
        "(length(p.birth) = 10 AND length(q.birth) = 10) AND (p.birth = '' "
        "OR q.birth = '' OR substr(p.birth, 1, 4) = substr(q.birth, 1, 4)) "
        "AND (q.id > p.id OR q.id NOT IN (SELECT id FROM mine)) "
        "ORDER BY p.id, q.id";
    sqlite3_stmt *st = prep(c, sql, dl);

    if (st) {
        bind_text(st, 1, event_id ? event_id : "");
        sqlite3_bind_int64(st, 2, person);
    }
    return run_rows(c, st, "nllnlll", r, dl);
}

enum err catalog_h2h(struct catalog *c, long long a, long long b,
                     struct table *r, struct diag_list *dl)
{
    sqlite3_stmt *st = prep_kept(
        c,
        "SELECT e.year AS Year, e.key AS Event, s.key AS Section, g.round AS "
        "Round, w.name AS White, bl.name AS Black, g.result AS Result, "
        "g.stage AS Stage, g.ko_match AS Match, g.ko_game AS Game, "
        "coalesce(g.board, '') AS Board, coalesce(g.moves, '') AS Moves "
        "FROM games g JOIN entries w ON w.id = g.white JOIN entries bl ON "
        "bl.id = "
        "g.black JOIN sections s ON s.id = g.section_id JOIN events e ON e.id "
        "= s.event_id WHERE (g.white IN (SELECT id FROM entries WHERE "
        "person_id = ?1) AND g.black IN (SELECT id FROM entries WHERE "
        "person_id = ?2)) OR (g.white IN (SELECT id FROM entries WHERE "
        "person_id = ?2) AND g.black IN (SELECT id FROM entries WHERE "
        "person_id = ?1)) ORDER BY e.start_date, e.key, s.id, g.round, "
        "g.ko_game",
        dl);

    if (st) {
        sqlite3_bind_int64(st, 1, a);
        sqlite3_bind_int64(st, 2, b);
    }
    return run_rows(c, st, "nllnllllnnnn", r, dl);
}

/* The statement of catalog_games(); NULL when prep() failed (and said
   why). */
static sqlite3_stmt *games_stmt(struct catalog *c,
                                const struct catalog_games_filter *f,
                                struct diag_list *dl)
{
    /* The person's side of a game (g.white or g.black), and the other. */
    static const char *const side[] = {"g.white", "g.black"};
    /* The other fields: each given one adds its condition. */
    const struct {
        int on;
        const char *sql;
    } conds[] = {
        {f->event != NULL, " AND g.event_key = :event"},
        /* (an event's key begins with its start date) */
        {f->year != 0, " AND g.event_key BETWEEN :day_from AND :day_to"},
        {f->section != NULL, " AND s.key = :section"},
        {f->round != 0, " AND g.round = :round"},
        {f->result != NULL, " AND g.result = :result"},
        {f->eco_from != NULL, " AND g.eco BETWEEN :eco_from AND :eco_to"},
        {f->moves_min != 0, " AND g.moves >= :moves_min"},
        {f->moves_max != 0, " AND g.moves <= :moves_max"},
        {f->with_moves, " AND g.pgn IS NOT NULL"},
    };
    struct strbuf sql = STRBUF_INIT;
    sqlite3_stmt *st;
    char day[2][16];
    int k;

    strbuf_addstr(
        &sql,
        "SELECT e.year AS Year, e.key AS Event, s.key AS Section, g.round "
        "AS Round, coalesce(g.board, '') AS Board, coalesce(g.ko_match, '') "
        "AS Match, coalesce(g.ko_game, '') AS Game, g.white_name AS White, "
        "g.black_name AS Black, g.result AS Result, coalesce(g.eco, '') AS ECO, "
        "coalesce(g.moves, '') AS Moves");
    /* The columns the text table does not print only for the formats
       that print them (without them SQLite leaves the people out of the
       join, and a year's 40,000 games are not asked for 7 empty cells
       each). */
    if (f->columns >= 1)
        strbuf_addstr(&sql, ", g.stage AS Stage, coalesce(pw.fide_id, '') "
                            "AS WhiteFIDE, coalesce(pb.fide_id, '') AS "
                            "BlackFIDE, e.start_date AS Start, "
                            "coalesce(g.fen, '') AS FEN, CASE WHEN g.pgn IS "
                            "NULL THEN '' ELSE trim(replace(substr(g.pgn, "
                            "instr(g.pgn, char(10, 10)) + 2), char(10), ' ')) "
                            "END AS Movetext, ");
    if (f->columns >= 2)
        strbuf_addstr(&sql, "coalesce(g.pgn, '') AS PGN ");
    else if (f->columns >= 1)
        strbuf_addstr(&sql, "'' AS PGN ");
    else
        strbuf_addstr(&sql, " ");
    strbuf_addstr(&sql, "FROM games g ");
    /*
     * The first N games of ECO codes or of the whole archive: read in the
     * order they are printed (games_event's) until there are N, not every
     * one found and sorted; SQLite does not see that for itself.  A
     * player, an event, a section or the moves select fewer games by
     * their own indexes.
     */
    if (f->limit > 0 && f->person <= 0 && f->opponent <= 0 && !f->event &&
        !f->section && !f->moves_min && !f->moves_max)
        strbuf_addstr(&sql, "INDEXED BY games_event ");
    /* The players' entries and persons only for their FIDE IDs (the
       names are the game's own). */
    if (f->columns >= 1)
        strbuf_addstr(&sql, "JOIN entries w ON w.id = g.white JOIN entries "
                            "bl ON bl.id = g.black LEFT JOIN people pw ON "
                            "pw.id = w.person_id LEFT JOIN people pb ON pb.id "
                            "= bl.person_id ");
    strbuf_addstr(&sql, "JOIN sections s ON s.id = g.section_id JOIN events "
                        "e ON e.id = s.event_id WHERE 1");
    /* With a colour, the person is on that side only; without, on either
       (and his opponent on the other). */
    if (f->person > 0) {
        strbuf_addstr(&sql, " AND (");
        for (k = 0; k < 2; k++) {
            if ((f->colour == 'w' && k) || (f->colour == 'b' && !k))
                continue;
            if (k && !f->colour)
                strbuf_addstr(&sql, " OR ");
            strbuf_addf(&sql,
                        "(%s IN (SELECT id FROM entries WHERE person_id = "
                        ":me)",
                        side[k]);
            if (f->opponent > 0)
                strbuf_addf(&sql,
                            " AND %s IN (SELECT id FROM entries WHERE "
                            "person_id = :opp)",
                            side[!k]);
            strbuf_addstr(&sql, ")");
        }
        strbuf_addstr(&sql, ")");
    }
    if (f->person <= 0 && f->opponent > 0)
        strbuf_addstr(&sql,
                      " AND (g.white IN (SELECT id FROM entries WHERE "
                      "person_id = :opp) OR g.black IN (SELECT id FROM "
                      "entries WHERE person_id = :opp))");
    for (k = 0; k < (int)(sizeof(conds) / sizeof(conds[0])); k++)
        if (conds[k].on)
            strbuf_addstr(&sql, conds[k].sql);
    /* By date and event (the key), then as games_event holds them. */
    strbuf_addstr(&sql, " ORDER BY g.event_key, g.section_id, g.round, "
                        "g.board, g.ko_match, g.ko_game, g.ord");
    if (f->limit > 0)
        strbuf_addstr(&sql, " LIMIT :limit");
    st = prep(c, sql.buf, dl);
    strbuf_release(&sql);
    if (st) {
        int i = sqlite3_bind_parameter_index(st, ":me");
        if (i)
            sqlite3_bind_int64(st, i, f->person);
        i = sqlite3_bind_parameter_index(st, ":opp");
        if (i)
            sqlite3_bind_int64(st, i, f->opponent);
        bind_named_text(st, ":event", f->event);
        /* ("2013-12-31-kyiv" is before "2013-12-32") */
        snprintf(day[0], sizeof(day[0]), "%04d-01-01", f->year);
        snprintf(day[1], sizeof(day[1]), "%04d-12-32", f->year);
        bind_named_text(st, ":day_from", day[0]);
        bind_named_text(st, ":day_to", day[1]);
        bind_named_text(st, ":section", f->section);
        bind_named_int(st, ":round", f->round);
        bind_named_text(st, ":result", f->result);
        bind_named_text(st, ":eco_from", f->eco_from);
        bind_named_text(st, ":eco_to", f->eco_to);
        bind_named_int(st, ":moves_min", f->moves_min);
        bind_named_int(st, ":moves_max", f->moves_max);
        bind_named_int(st, ":limit", f->limit);
    }
    return st;
}

/* The alignment of catalog_games()' columns. */
#define GAMES_ALIGN "nllnnnnllllnlllllll"

enum err catalog_games(struct catalog *c, const struct catalog_games_filter *f,
                       struct table *r, struct diag_list *dl)
{
    return run_rows(c, games_stmt(c, f, dl), GAMES_ALIGN, r, dl);
}

enum err catalog_games_each(struct catalog *c,
                            const struct catalog_games_filter *f,
                            struct table *head, catalog_row_fn fn, void *arg,
                            struct diag_list *dl)
{
    return run_each(c, games_stmt(c, f, dl), GAMES_ALIGN, head, fn, arg, dl);
}

enum err catalog_medals(struct catalog *c, const struct catalog_filter *f,
                        const char *by, struct table *r,
                        struct diag_list *dl)
{
    struct strbuf head = STRBUF_INIT;
    const char *col = !strcmp(by, "club")    ? "club"
                      : !strcmp(by, "coach") ? "coach"
                                             : "region";
    enum err e;

    /* col is one of three names, never the user's text.  A team
       competition's medal counts once, for its team; a section that does
       not award its places (a qualifying stage) counts none.  A club is
       grouped by its key (its name as first written is shown); every
       coach of a medallist is credited with the medal. */
    if (!strcmp(col, "coach"))
        strbuf_addstr(&head,
                      "SELECT CASE WHEN en.grp = '' THEN '?' ELSE en.grp END "
                      "AS Coach, sum(en.place = 1) AS Gold, sum(en.place = "
                      "2) AS Silver, sum(en.place = 3) AS Bronze, count(*) AS "
                      "Total FROM (SELECT en.section_id, en.place, "
                      "coalesce(co.name, '') AS grp FROM entries en LEFT "
                      "JOIN coaches co ON co.entry_id = en.id WHERE en.place "
                      "<= 3 AND en.section_id NOT IN (SELECT section_id FROM "
                      "teams) UNION ALL SELECT t.section_id, t.place, "
                      "coalesce(co.name, '') FROM teams t LEFT JOIN coaches "
                      "co ON co.team_id = t.id WHERE t.place <= 3) en JOIN "
                      "sections s ON s.id = en.section_id JOIN events e ON "
                      "e.id = s.event_id WHERE s.awards");
    else if (!strcmp(col, "club"))
        strbuf_addstr(&head,
                      "SELECT CASE WHEN en.grp = '' THEN '?' ELSE "
                      "min(en.shown) END AS Club, sum(en.place = 1) AS Gold, "
                      "sum(en.place = 2) AS Silver, sum(en.place = 3) AS "
                      "Bronze, count(*) AS Total FROM (SELECT section_id, "
                      "place, club_key AS grp, club AS shown FROM entries "
                      "INDEXED BY entries_medals_cc WHERE place <= 3 AND "
                      "section_id NOT IN (SELECT section_id FROM teams) UNION "
                      "ALL SELECT section_id, place, club_key, club FROM teams "
                      "WHERE place <= 3) en JOIN sections s ON s.id = "
                      "en.section_id JOIN events e ON e.id = s.event_id WHERE "
                      "s.awards");
    else
        strbuf_addstr(&head,
                      "SELECT CASE WHEN en.grp = '' THEN '?' ELSE en.grp END "
                      "AS Region, sum(en.place = 1) AS Gold, sum(en.place = "
                      "2) AS Silver, sum(en.place = 3) AS Bronze, count(*) AS "
                      "Total FROM (SELECT section_id, place, region AS grp "
                      "FROM entries INDEXED BY entries_medals WHERE place <= "
                      "3 AND section_id NOT IN (SELECT section_id FROM teams) "
                      "UNION ALL SELECT section_id, place, region FROM teams "
                      "WHERE place <= 3) en JOIN sections s ON s.id = "
                      "en.section_id JOIN events e ON e.id = s.event_id WHERE "
                      "s.awards");
    e = filtered(c, head.buf, f,
                 !strcmp(col, "club")
                     ? " GROUP BY en.grp ORDER BY Gold DESC, Silver DESC, "
                       "Bronze DESC, 1 COLLATE uk"
                     : " GROUP BY 1 ORDER BY Gold DESC, Silver DESC, Bronze "
                       "DESC, 1 COLLATE uk",
                 "lnnnn", r, dl);
    strbuf_release(&head);
    return e;
}

/* ================================================================= site */

enum err catalog_read_begin(struct catalog *c, struct diag_list *dl)
{
    return exec(c, "BEGIN", dl);
}

void catalog_read_end(struct catalog *c)
{
    sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL);
}

enum err catalog_site_sections(struct catalog *c, struct table *r,
                               struct diag_list *dl)
{
    sqlite3_stmt *st = prep(
        c,
        "SELECT e.key AS Event, s.key AS Section, s.title AS Title, s.system "
        "AS System, s.discipline AS Discipline, s.sex AS Sex, s.rounds AS "
        "Rounds, s.players AS Players, s.rules AS Rules, s.tiebreaks AS "
        "Tiebreaks, s.unplayed AS Unplayed, s.prize_places AS Prize, s.stage "
        "AS Stage, s.awards AS Awards FROM sections s JOIN events e ON e.id = "
        "s.event_id ORDER BY e.start_date, e.key, s.id",
        dl);

    return run_rows(c, st, "llllllnnlllnln", r, dl);
}

enum err catalog_site_event(struct catalog *c, const char *event_id,
                            struct table *r, struct diag_list *dl)
{
    sqlite3_stmt *st = prep_kept(
        c,
        "SELECT title AS Title, short_title AS Short, category AS Category, "
        "age_group AS Age, rank AS Rank, start_date AS Start, end_date AS "
        "End, city AS City, venue AS Venue, chief_arbiter AS Arbiter, "
        "version AS Version FROM events WHERE key = ?",
        dl);

    if (st)
        bind_text(st, 1, event_id);
    return run_rows(c, st, "llllllllllln", r, dl);
}

/* A query of one section of an event (its two parameters: the event's
   key, the section's key), kept prepared, into r as run_rows() makes
   it. */
static enum err section_rows(struct catalog *c, const char *sql,
                             const char *event_id, const char *section,
                             const char *align, struct table *r,
                             struct diag_list *dl)
{
    sqlite3_stmt *st = prep_kept(c, sql, dl);

    if (st) {
        bind_text(st, 1, event_id);
        bind_text(st, 2, section);
    }
    return run_rows(c, st, align, r, dl);
}

enum err catalog_site_ranking(struct catalog *c, const char *event_id,
                              const char *section, struct table *r,
                              struct diag_list *dl)
{
    return section_rows(
        c,
        "SELECT en.place AS Place, en.place_to AS PlaceTo, en.start_no AS "
        "StartNo, en.name AS Name, en.person_id AS Person, en.rating AS "
        "Rating, en.rank AS Rank, en.region AS Region, en.club AS Club, "
        "en.coach AS Coach, printf('%.1f', en.points) AS Points, "
        "en.tiebreaks AS Tiebreaks, en.decided_by AS Decided, en.games AS "
        "Games, en.performance AS Performance, en.rounds AS Rounds, "
        "p.birth AS Birth, coalesce(en.round_reached, '') AS Reached, "
        "coalesce(en.performance_games, '') AS PerformanceGames FROM "
        "entries en JOIN sections s ON s.id = "
        "en.section_id JOIN events e ON e.id = s.event_id JOIN people p ON "
        "p.id = en.person_id WHERE e.key = ? AND s.key = ? ORDER BY "
        "en.place, en.start_no",
        event_id, section, "nnnlnnllllnllnnllnl", r, dl);
}

enum err catalog_site_groups(struct catalog *c, const char *by,
                             struct table *r, struct diag_list *dl)
{
    /* by chooses one of three statements, never the user's text */
    static const char *const tail =
        " JOIN sections s ON s.id = x.section_id JOIN events e ON e.id = "
        "s.event_id";
    struct strbuf q = STRBUF_INIT;
    enum err e;

    if (!strcmp(by, "coach"))
        strbuf_addf(&q,
                    "SELECT co.name AS Grp, co.name AS Shown, e.start_date AS "
                    "Start, e.year AS Year, e.key AS Event, s.key AS Section, "
                    "x.person_id AS Person, x.name AS Name, x.place AS Place, "
                    "(s.awards AND x.place BETWEEN 1 AND 3 AND s.system <> "
                    "'team') AS Medal, 'p' AS Kind, s.id AS Sid FROM entries "
                    "x JOIN coaches co ON co.entry_id = x.id%s UNION ALL "
                    "SELECT co.name, "
                    "co.name, e.start_date, e.year, e.key, s.key, NULL, "
                    "x.name, x.place, (s.awards AND x.place BETWEEN 1 AND "
                    "3), 't', s.id FROM teams x JOIN coaches co ON co.team_id "
                    "= x.id%s",
                    tail, tail);
    else {
        const char *g = !strcmp(by, "club") ? "x.club_key" : "x.region",
                   *w = !strcmp(by, "club") ? "x.club" : "x.region";
        strbuf_addf(&q,
                    "SELECT %s AS Grp, %s AS Shown, e.start_date AS Start, "
                    "e.year AS Year, e.key AS Event, s.key AS Section, "
                    "x.person_id AS Person, x.name AS Name, x.place AS Place, "
                    "(s.awards AND x.place BETWEEN 1 AND 3 AND s.system <> "
                    "'team') AS Medal, 'p' AS Kind, s.id AS Sid FROM entries "
                    "x%s WHERE %s <> '' UNION ALL SELECT %s, %s, "
                    "e.start_date, e.year, e.key, "
                    "s.key, NULL, x.name, x.place, (s.awards AND x.place "
                    "BETWEEN 1 AND 3), 't', s.id FROM teams x%s WHERE %s <> "
                    "''",
                    g, w, tail, g, g, w, tail, g);
    }
    strbuf_addstr(&q, " ORDER BY 1, 3, 5, 12, 11, 9, 8");
    e = run_rows(c, prep(c, q.buf, dl), "llllllnlnnln", r, dl);
    strbuf_release(&q);
    return e;
}

enum err catalog_site_people(struct catalog *c, struct table *r,
                             struct diag_list *dl)
{
    sqlite3_stmt *st = prep(
        c,
        "SELECT p.id AS Person, p.name AS Name, p.birth AS Birth, "
        "coalesce(p.fide_id, '') AS FIDE, p.sex AS Sex, p.lfold AS Latin, "
        "p.ident AS Ident, (SELECT min(e.start_date || ' ' || e.key || ' ' "
        "|| s.key || ' ' || printf('%06d', en.start_no)) FROM entries en "
        "JOIN sections s ON s.id = en.section_id JOIN events e ON e.id = "
        "s.event_id WHERE en.person_id = p.id) AS First "
        "FROM people p WHERE EXISTS (SELECT 1 FROM entries en WHERE "
        "en.person_id = p.id) ORDER BY p.name COLLATE uk, p.birth, p.id",
        dl);

    return run_rows(c, st, "nlllllll", r, dl);
}

enum err catalog_site_games(struct catalog *c, long long person,
                            struct table *r, struct diag_list *dl)
{
    sqlite3_stmt *st = prep_kept(
        c,
        "SELECT e.year AS Year, e.key AS Event, s.key AS Section, g.round AS "
        "Round, CASE WHEN me.id = g.white THEN 'w' ELSE 'b' END AS Colour, "
        "g.result AS Result, op.person_id AS Opponent, op.name AS Name, "
        "op.rating AS Rating, g.colours AS Colours, me.name AS Me, "
        "CASE WHEN me.id = g.white THEN me.start_no ELSE op.start_no END "
        "AS WhiteNo, CASE WHEN me.id = g.white THEN op.start_no ELSE "
        "me.start_no END AS BlackNo, coalesce(g.ko_game, 0) AS KoGame, "
        "coalesce(g.pgn, '') AS PGN FROM entries me JOIN "
        "games g ON g.white = me.id OR g.black = me.id JOIN entries op ON "
        "op.id = (CASE WHEN me.id = g.white THEN g.black ELSE g.white END) "
        "JOIN sections s ON s.id = g.section_id JOIN events e ON e.id = "
        "s.event_id WHERE me.person_id = ? ORDER BY e.start_date, e.key, "
        "s.id, g.round, g.board, g.ko_match, g.ko_game, g.rowid",
        dl);

    if (st)
        sqlite3_bind_int64(st, 1, person);
    return run_rows(c, st, "nllnllnlnnlnnnl", r, dl);
}

enum err catalog_site_section_games(struct catalog *c, const char *event_id,
                                    const char *section, struct table *r,
                                    struct diag_list *dl)
{
    return section_rows(
        c,
        "SELECT g.round AS Round, coalesce(g.board, '') AS Board, "
        "coalesce(g.ko_match, '') AS Match, coalesce(g.ko_game, 0) AS Game, "
        "g.stage AS Stage, w.start_no AS WhiteNo, b.start_no AS BlackNo, "
        "w.person_id AS White, b.person_id AS Black, w.name AS WhiteName, "
        "b.name AS BlackName, g.result AS Result, coalesce(g.eco, '') AS "
        "ECO, g.moves AS Moves, g.pgn AS PGN FROM games g JOIN entries w ON "
        "w.id = g.white JOIN entries b ON b.id = g.black JOIN sections s ON "
        "s.id = g.section_id JOIN events e ON e.id = s.event_id WHERE e.key "
        "= ? AND s.key = ? AND g.pgn IS NOT NULL ORDER BY g.round, g.board, "
        "g.ko_match, g.ko_game, g.rowid",
        event_id, section, "nnnnlnnnnllllnl", r, dl);
}

enum err catalog_site_diplomas(struct catalog *c, struct table *r,
                               struct diag_list *dl)
{
    /* The person of a player's diploma and of a coach's pupil: the one of
       the section's entries whose person has the diploma's name. */
    sqlite3_stmt *st = prep(
        c,
        "SELECT d.code AS Code, d.kind AS Kind, d.name AS Name, "
        "coalesce(d.birth_year, '') AS Born, d.region AS Region, d.team AS "
        "Team, d.pupil AS Pupil, d.place AS Place, d.place_to AS PlaceTo, "
        "d.degree AS Degree, e.key AS Event, d.section AS Section, "
        "d.version AS Version, coalesce(b.path, '') AS Bundle, "
        "coalesce(b.sha256, '') AS SHA256, coalesce((SELECT min(en.person_id) "
        "FROM entries en JOIN people p ON p.id = en.person_id WHERE "
        "en.section_id = s.id AND p.name = d.name AND d.kind IN "
        "('individual', 'member')), '') AS Person, coalesce((SELECT "
        "min(en.person_id) FROM entries en JOIN people p ON p.id = "
        "en.person_id WHERE en.section_id = s.id AND p.name = d.pupil AND "
        "d.kind = 'coach'), '') AS PupilPerson FROM diplomas d JOIN events e "
        "ON e.id = d.event_id LEFT JOIN sections s ON s.event_id = "
        "d.event_id AND s.key = d.section LEFT JOIN bundles b ON b.event_id "
        "= d.event_id AND b.version = d.version ORDER BY e.start_date, "
        "e.key, s.id, d.place, CASE d.kind WHEN 'team' THEN 0 WHEN "
        "'individual' THEN 1 WHEN 'member' THEN 2 WHEN 'coach' THEN 3 ELSE 4 "
        "END, d.name, d.code",
        dl);

    return run_rows(c, st, NULL, r, dl);
}

enum err catalog_site_ko_games(struct catalog *c, const char *event_id,
                               const char *section, struct table *r,
                               struct diag_list *dl)
{
    return section_rows(
        c,
        "SELECT g.round AS Round, g.ko_match AS Match, g.ko_game AS Game, "
        "g.stage AS Stage, w.start_no AS White, b.start_no AS Black, "
        "g.result AS Result FROM games g JOIN entries w ON w.id = g.white "
        "JOIN entries b ON b.id = g.black JOIN sections s ON s.id = "
        "g.section_id JOIN events e ON e.id = s.event_id WHERE e.key = ? AND "
        "s.key = ? AND g.ko_match IS NOT NULL ORDER BY g.round, g.ko_match, "
        "g.ko_game",
        event_id, section, "nnnlnnl", r, dl);
}

enum err catalog_site_teams(struct catalog *c, const char *event_id,
                            const char *section, struct table *r,
                            struct diag_list *dl)
{
    return section_rows(
        c,
        "SELECT t.place AS Place, t.place_to AS PlaceTo, t.team_no AS No, "
        "t.name AS Name, printf('%.1f', t.match_points) AS MP, "
        "printf('%.1f', t.game_points) AS GP, t.tiebreaks AS Tiebreaks, "
        "t.decided_by AS Decided, t.region AS Region, t.club AS Club, "
        "t.coach AS Coach, t.rounds AS Rounds, (SELECT group_concat(x, "
        "char(9)) FROM (SELECT en.person_id || ' ' || en.name AS x FROM "
        "team_members m JOIN entries en ON en.id = m.entry_id WHERE "
        "m.team_id = t.id ORDER BY m.position)) AS Members FROM teams t JOIN "
        "sections s ON s.id = t.section_id JOIN events e ON e.id = "
        "s.event_id WHERE e.key = ? AND s.key = ? ORDER BY t.place, "
        "t.team_no",
        event_id, section, "nnnlnnllllllll", r, dl);
}
