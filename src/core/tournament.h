/* core/tournament: the model of one section's results (players, rounds,
 * games, teams) as a TRF file or a results CSV describes them.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_TOURNAMENT_H
#define CORE_TOURNAMENT_H

#include <stddef.h>

#include "util/arena.h"
#include "util/date.h"

struct team_input;
struct ko_input;

/*
 * One round of one player, as TRF columns 92-99 (+10 per round) write it.
 * Nothing is interpreted away: the opponent, the colour and the result
 * character are kept as written (result letters upper-cased, colour
 * lower-cased), so that the TRF writer gives them back.  Meaning comes from
 * the entry_* functions below.
 */
struct entry {
    int opp;        /* opponent's start number; 0 for none (0000 or blank) */
    char colour;    /* 'w', 'b', '-' or ' ' */
    char code;      /* '1' '=' '0' '+' '-' 'W' 'D' 'L' 'H' 'F' 'U' 'Z' ' ' */
    unsigned char flags;
    double points;  /* what the entry is worth under the section's scoring */
};

enum entry_flags {
    ENTRY_PRESENT = (1 << 0),  /* the field is not blank in the file */
    ENTRY_INFERRED = (1 << 1), /* blank result valued from the points column */
    /* The row of the round's game was refused (an error at its line): the
       round is blank, but the player was not absent. */
    ENTRY_REFUSED = (1 << 2)
};

/* What an entry means for scoring and tie-breaks. */
enum entry_kind {
    EK_NONE = 0,      /* no entry: absent (past the end of the line, blank) */
    EK_WIN,           /* played game won ('1', or 'W' not rated) */
    EK_DRAW,          /* played game drawn ('=', 'D') */
    EK_LOSS,          /* played game lost ('0', 'L') */
    EK_FORFEIT_WIN,   /* '+' against a scheduled opponent */
    EK_FORFEIT_LOSS,  /* '-' against a scheduled opponent */
    EK_BYE_HALF,      /* 'H', or '=' without an opponent */
    EK_BYE_FULL,      /* 'F', or '+'/'1' without an opponent */
    EK_BYE_PAIRING,   /* 'U' pairing-allocated bye */
    EK_BYE_ZERO,      /* 'Z', '-'/'0' without an opponent, blank result */
};

enum entry_kind entry_kind(const struct entry *e);
/* A game over the board: a real opponent and a result of 1 = 0 W D L. */
int entry_is_played(const struct entry *e);
/* A round the player missed: no game, no opponent, no points (blank, or a
   zero-point bye); not a round whose game was refused (ENTRY_REFUSED). */
int entry_is_absence(const struct entry *e);
/* A rated game: played with 1 = 0 (W D L are games of less than a move). */
int entry_is_rated(const struct entry *e);
/* A forfeit (+ or -) against a scheduled opponent. */
int entry_is_forfeit(const struct entry *e);

struct player {
    int start_no;
    char sex;             /* as written: 'm', 'w', 'f' or ' ' */
    const char *title;    /* as written ("", "g", "GM", "wc", ...) */
    /* The name every output prints: as the results write it, or, once
       joined to the registry (core/event.h event_join()), the registry's
       "Прізвище Ім'я"; alias then keeps the results' spelling (for
       messages that point into the file), else NULL. */
    const char *name;
    const char *alias;
    int rating;           /* 0 when blank or 0 */
    const char *fed;
    const char *fide_id;  /* as written; "" when blank */
    const char *birth;    /* as written */
    /* The same, read once (player_birth_read()): the day when it names
       one (else not valid), the year when it gives one (else 0). */
    struct date birth_date;
    int birth_year;
    double points;        /* the points column */
    int has_points;       /* 0 when the points column is blank */
    int rank;             /* the rank column; 0 when blank */
    struct entry *rounds; /* t->n_rounds entries */
    int n_fields;         /* round fields present on the line */
    int team;             /* index into t->teams, or -1 */
    unsigned line;        /* line of the 001 record, 0 when not from a file */
    unsigned col;         /* column of the name in a results CSV; 0 in TRF */
};

/* The last of the first n_rounds (at most t->n_rounds) rounds (1-based) in which the player was
   not absent; 0 when he was absent in all of them.  A value below n_rounds
   means he withdrew after that round. */
int player_last_round(const struct player *p, int n_rounds);

/* A team of a team competition: TRF 013 or 310 records. */
struct team {
    int no;               /* team pairing number (310) or order of 013 */
    const char *name;
    const char *nick;     /* 310 only; "" otherwise */
    const char *strength; /* 310 only, as written */
    double mp, gp;        /* 310 match and game points */
    int has_mp, has_gp;
    int rank;             /* 310 rank; 0 when blank */
    int *members;         /* start numbers in board order */
    int n_members;
    char record;          /* '0' for 013, '3' for 310 */
    unsigned line;
};

/*
 * Any record that is not a player (001) or team (013, 310) record, kept
 * verbatim for the TRF writer: the tournament header (012 ... 362), byes
 * (240), accelerations (250), forbidden pairs (260), 299/300/320/330,
 * national rating records, 801/802, JaVaFo's XXR/XXC and unknown records.
 * text is the line from column 5 on, without trailing blanks.  What the
 * engine uses of them the reader puts in typed fields (the header fields,
 * system_hint, scoring, team_input).
 */
struct record {
    char code[4];
    const char *text;
    int after_players;    /* it came after the first 001 record */
    unsigned line;
};

enum trf_version { TRF_16 = 16, TRF_26 = 26 };

/*
 * The pairing system the file names (TRF record 092, the tournament type:
 * "Round robin", "Individual: Swiss-System", "Колова система"), as the
 * reader decided it.  Unknown: none named, or words that say neither.
 */
enum trf_system {
    TRF_SYSTEM_UNKNOWN = 0,
    TRF_SYSTEM_SWISS,
    TRF_SYSTEM_ROUND_ROBIN
};

/* The point values of the section (TRF-26 record 162; defaults 1 / ½ / 0). */
struct scoring {
    double win, draw, loss, absence, pab, unknown;
};

struct tournament {
    struct arena arena;   /* every string and array of the tournament */
    const char *source;   /* file the model came from */
    enum trf_version version;
    const char *encoding; /* encoding the file was read in */

    struct record *records;
    size_t n_records, records_alloc;
    struct player *players; /* in file order */
    size_t n_players, players_alloc;
    struct team *teams;
    size_t n_teams, teams_alloc;
    /* The typed team records (core/teams.h), in the arena; NULL when
       there are none. */
    struct team_input *team_input;
    /* The rows of a knock-out's match cards (core/knockout.h), in the
       arena; NULL for other results.  The players have no rounds. */
    struct ko_input *ko_input;
    /* The results file named some players by name alone: their start
       numbers were given in order of appearance, numbers no document
       shows (a knock-out's documents show the seed). */
    int numbers_assigned;

    int n_rounds;         /* width of the round grid: highest round with an
                             entry */
    int planned_rounds;   /* XXR or 142; 0 when unknown */
    struct scoring scoring;

    int max_start_no;
    int *index_of;        /* start number -> player index + 1 (0 = none) */

    /* Header fields, pointing into records (NULL when absent). */
    const char *name, *city, *federation, *start_date, *end_date;
    const char *type, *chief_arbiter, *time_control, *tiebreaks;
    enum trf_system system_hint; /* what type says of the system */

    /*
     * Set by the reader: the file's own tie-break list (the text of record
     * 212, else 202; NULL when none) and where it is, and what ranks a team
     * competition first by its 192 record ('M' match points, 'G' game
     * points, 0 not said).
     */
    const char *tb_list;
    const char *tb_list_code; /* "212" or "202" */
    unsigned tb_list_line;
    char team_primary;
};

struct tournament *tournament_new(void);
void tournament_free(struct tournament *t);

/* The player with start number no, or NULL. */
struct player *tournament_player(const struct tournament *t, int no);
/* Rebuild index_of after players were added or renumbered. */
void tournament_index(struct tournament *t);
/* Make every player's round array t->n_rounds long (new rounds blank). */
void tournament_set_rounds(struct tournament *t, int n_rounds);
/*
 * Add a player with zeroed fields and blank rounds and return it; the pointer
 * is valid until the next player is added.
 */
struct player *tournament_add_player(struct tournament *t);
/* Read p->birth ("2013/03/14", "14.03.2013", "2013") into p->birth_date
   and p->birth_year; the readers call it when they set p->birth. */
void player_birth_read(struct player *p);
/*
 * Add a record (code: three characters; text: from column 5 on, copied
 * into t's arena) at line 0 and return it; valid until the next is added.
 */
struct record *tournament_add_record(struct tournament *t, const char *code,
                                     const char *text, int after_players);
/* The first record with this code, or NULL. */
const struct record *tournament_record(const struct tournament *t,
                                       const char *code);
/* Set the header-field pointers from the records. */
void tournament_header_from_records(struct tournament *t);

/* Points of an entry under the scoring (ignores ENTRY_INFERRED). */
double scoring_value(const struct scoring *s, const struct entry *e);
void scoring_default(struct scoring *s);

enum dump_flags {
    DUMP_GAMES_ONLY = (1 << 0) /* players' identities and rounds only */
};

/*
 * Append a text dump of everything the model holds, one item per line, to
 * compare two models (the TRF round-trip tests).  Line numbers, the source
 * name and the encoding are left out.
 */
struct strbuf;
void tournament_dump(const struct tournament *t, unsigned flags,
                     struct strbuf *out);

/* Sum of the player's entry points over rounds 1..n. */
double player_score(const struct player *p, int n);

#endif
