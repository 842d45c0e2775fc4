/* core/event: a championship: its description, its sections (each with the
 * results of one tournament), the registry of people and the officials.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_EVENT_H
#define CORE_EVENT_H

#include <stddef.h>

#include "core/knockout.h"
#include "core/tiebreak.h"
#include "util/arena.h"
#include "util/date.h"

struct strbuf;
struct tournament;
struct player;
struct diag_list;
struct norms;
struct region_groups;

/*
 * The longest text of the event (a title, the organisers, a city, a
 * signatory, ...) that goes into the header or the signatures of the
 * documents, in characters: about five lines of the page's header.  A
 * longer one is an error of event.ini.
 */
#define EVENT_TEXT_MAX 400

/* A person who signs: "Ім'я ПРІЗВИЩЕ" and a position or category. */
struct signatory {
    const char *name;     /* "" when not given */
    const char *position; /* "" when not given */
};

/* SYS_AUTO: as the results show (a lone results file names no system). */
enum section_system {
    SYS_SWISS,
    SYS_ROUND_ROBIN,
    SYS_KNOCKOUT,
    SYS_TEAM,
    SYS_AUTO
};
enum discipline { DISC_CLASSIC, DISC_RAPID, DISC_BLITZ, DISC_OTHER };
/* RESULTS_PGN: the games themselves (a historic section known only by
   them), ranked from their Round, White, Black and Result tags. */
enum results_format { RESULTS_TRF, RESULTS_CSV, RESULTS_PGN };

/* Where a value came from, for messages: file, line and column. */
struct where {
    const char *file;
    unsigned line, col;
};

/* One tournament of the event: "[section NAME]" in event.ini. */
/*
 * A play-off the secretary entered for a tie only a play-off could break:
 * the start numbers in finishing order and a note for the documents
 * ("бліц, 2½ : 1½").
 */
struct section_playoff {
    int *start_nos;
    size_t n;
    const char *note; /* "" when none */
    struct where at;  /* the row in playoffs.csv */
};

struct section {
    const char *id;    /* NAME */
    const char *title; /* "Юнаки, класичні шахи" */
    const char *file;  /* results file as written in event.ini */
    const char *path;  /* the same, resolved against the folder */
    enum results_format format;
    enum section_system system;
    enum discipline discipline;
    const char *time_control; /* text for the documents */
    char sex;                 /* 'm' boys/men, 'f' girls/women, 0 mixed */
    int rounds;               /* 0 when not given */
    /*
     * Ranking rules as validated strings; the tie-break engine reads them.
     * rules: a preset (ua-2004, ua-2017, ua-2023, fide) or NULL;
     * tiebreaks: "BH/C1,BH/C2,..." (codes upper-cased, blanks removed) or
     * NULL; unplayed: fide-2024, fide-2026, fide-2009, none or NULL.
     */
    const char *rules;
    const char *tiebreaks;
    const char *unplayed;
    /*
     * The same, parsed (with prize places and the system's round robin);
     * the ranking starts from them.  tb_at: the tiebreaks (else rules)
     * entry, line 0 when neither is given.
     */
    struct tiebreak_rules tb_rules;
    struct where tb_at;
    int prize_places;        /* default 3 */
    /* A knock-out: the stages of a match (stages, armageddon-draw,
       third-place; seed 000's by default) and the time controls of the
       tie-break stages ("" when not given). */
    struct ko_ladder ladder;
    const char *time_control_rapid, *time_control_blitz;
    const char *time_control_armageddon;
    int qualify_places;      /* 0: none */
    const char *qualify_for; /* "" when none */
    /* The name of its sheet in the ministry's report (sheet-name: at most
       31 characters, none of []:*?/\); NULL: its title when it fits,
       else its id. */
    const char *sheet_name;
    /* A qualifying stage (stage = qualifying: a semi-final whose places
       qualify for the final) or the championship itself (0). */
    int qualifying;
    /* The section awards its places: champion, medals, diplomas (awards =
       yes or no; -1 until settled: not for a qualifying stage, else
       yes). */
    int awards;
    /* A team section: the boards of a match (0: as the match cards
       show) and the games a board prize needs (0: 70 % of the rounds). */
    int boards;
    int board_prize_min_games;
    /* The section's own days (start, end in its [section]); else the
       event's: settled by section_settle(). */
    struct date start, end;
    struct where at;         /* the section header in event.ini */

    struct tournament *t; /* the results; NULL when they failed to load */
    int *person;          /* per t->players index: registry index or -1 */
    /* Per registry person: named in a message of the join of this section
       (a nearest name, a start number), so not reported again; NULL
       without a registry. */
    unsigned char *named;

    /* Play-off results from playoffs.csv, in file order. */
    struct section_playoff *playoffs;
    size_t n_playoffs, playoffs_alloc;

    /*
     * The PGN files of its games (games = a.pgn, b.pgn) as written and
     * resolved against the folder (a PGN results file is not among
     * them); games: the value as written ("" none).
     */
    const char *games;
    const char **games_files, **games_paths;
    size_t n_games_files;
    struct where games_at; /* the games entry; line 0 when none */
    /*
     * The games of the section joined to its results, as one PGN in
     * export format (the registry's names and FIDE IDs, the event's
     * tags; by round): games/NAME.pgn of the bundle; NULL when the
     * section has no games.  n_games of them.
     */
    const char *games_pgn;
    size_t games_pgn_len, n_games;
    /* Each of those n_games games, in the order of games_pgn. */
    const struct section_game *game_list;
};

/* One game of a section's games_pgn, as joined to its results. */
struct section_game {
    int round;
    int white, black;     /* start numbers, the colours as the game has */
    size_t offset, len;   /* its text in games_pgn (export format) */
    int plies;            /* its half-moves; 0: a result without moves */
    int moves;            /* its moves as numbered (a move: white's and
                             black's half-moves) */
    char eco[4];          /* the ECO tag's code ("B22"); "" when none */
    const char *fen;      /* the position after its last move */
    long ko_row;          /* a knock-out's game: its row of the match
                             cards (an index of t->ko_input->games);
                             -1 in other sections */
};

/* Mandate-commission checks: -1 not recorded, 0 no, 1 yes. */
struct mandate {
    int identity; /* passport or birth certificate */
    int medical;  /* medical clearance */
    int insurance;
    int fee; /* tournament fee paid */
};

/* One row of players.csv. */
struct person {
    const char *surname, *given, *patronymic; /* cleaned (name_clean) */
    /* The genitive and dative the registry gives by hand (columns
       "Прізвище (род.)", "Ім'я (род.)", "... (дав.)"); "" when not:
       person_decline() applies the rules. */
    const char *surname_gen, *given_gen, *surname_dat, *given_dat;
    char sex;                                 /* 'm', 'f' or 0 */
    struct date birth;                        /* valid when has_birth */
    int has_birth;
    int birth_year;          /* 0 when unknown (a year alone is allowed) */
    int region;              /* region index (core/region.h) or -1 */
    const char *region_text; /* as written */
    const char *club;
    const char **coaches;
    size_t n_coaches;
    const char *rank;      /* "КМС", "І", "ІІ юн.", ... as written */
    const char *fide_id;   /* "" when none */
    const char *federation; /* FIDE code ("GER"); "" when none: UKR */
    int rating;            /* 0 when none */
    /* The start number in the sections the person entered (every section
       when he lists none); 0 when none. */
    int start_no;
    const char **sections; /* section ids the person entered; may be 0 */
    size_t n_sections;
    struct mandate checks;
    /* The rank's class (core/mandate.h rank_class_get()): -1 none, -2 not
       recognised. */
    int rank_class;
    struct where at; /* the row in players.csv (column 1) */
    unsigned birth_col, coach_col, sections_col, sex_col; /* 0: no column */
    unsigned start_no_col;
    unsigned rank_col, fed_col; /* 0: no column */
    /* Columns of the mandate checks identity, medical, insurance, fee
       (enum mandate_doc); 0: the registry has no such column. */
    unsigned check_col[4];
    /* The team competitions: the team the person is entered for as the
       match cards name it ("" none), the place in its entry (1, 2, ...;
       0 none), captain (-1 not said, 0 no, 1 yes) and the role ("" a
       player, "coach" the team's coach). */
    const char *team;
    int team_order;
    int captain;
    const char *role;
    unsigned team_col, order_col;
    /* The seed in a knock-out section (1 the best); 0 when none. */
    int seed;
    /* name_key() of "surname given" and of the full name, made once by
       event_join() (NULL before). */
    const char *key, *key_full;
    /* Other spellings of the name the results may use (the registry's
       column "інші написання": a pairing program's, a transliteration),
       joined as the name is; and their name_key()s, made with key. */
    const char **aliases, **alias_keys;
    size_t n_aliases;
};

/*
 * How the regions' team standings (командний залік) of the ministry report
 * are made: [report] team-scoring.
 */
enum team_scoring {
    TEAM_SCORING_MEDALS = 0, /* a medal table: golds, then silvers, then
                                bronzes of places 1-3 (the default) */
    TEAM_SCORING_POINTS,     /* points per place (team-points), the best
                                team-best results of a region per section */
    TEAM_SCORING_NONE        /* no team standings: team-results says so */
};

/* What the chief arbiter writes in the report ([report] protests, ...). */
enum report_note {
    REPORT_PROTESTS,    /* protests and how they were decided */
    REPORT_VIOLATIONS,  /* violations of discipline */
    REPORT_MEDICAL,     /* medical cases */
    REPORT_CONDITIONS,  /* the venue, equipment, accommodation */
    REPORT_CONCLUSIONS, /* the chief arbiter's conclusions */
    REPORT_PROPOSALS,   /* proposals */
    REPORT_NOTES
};

/* The [report] fields of the ministry report. */
struct report_info {
    const char *notes[REPORT_NOTES]; /* NULL or "": blank lines to fill */
    const char *sport;            /* "шахи" */
    const char *department;       /* the ministry's department */
    struct signatory head;        /* head of the department */
    struct signatory responsible; /* the ministry's official for chess */
    int judges;                   /* number of judges; 0 unknown */
    int staff;                    /* service staff; 0 unknown */
    const char *team_results; /* "командного заліку не було" or text */
    enum team_scoring team_scoring;
    /* TEAM_SCORING_POINTS: the points of places 1, 2, ... (a place past
       the list scores 0) and how many results of a region count in each
       section (0: all of them). */
    double *team_points;
    size_t n_team_points;
    int team_best;
    struct where scoring_at; /* team-scoring in event.ini; line 0: none */
    /* The norms of ЄСКУ (norms =) and the ministry's groups of regions
       (region-groups =) when event.ini names them and they could be read
       (ingest/presets.h); NULL otherwise.  *_input: the file is one of
       the event folder's, an input of the bundle. */
    const char *norms_file, *groups_file; /* as written; NULL none */
    struct norms *norms;
    struct region_groups *groups;
    int norms_input, groups_input;
};

/*
 * The mandate commission's rules of admission and its members ([event]
 * min-rank, citizens-only, fee-classic|rapid|blitz, mandate-documents,
 * mandate-date, mandate-member-N).
 */
struct mandate_rules {
    const char *min_rank; /* as written; "" none */
    int min_rank_class;   /* its class (core/mandate.h); -1 none */
    int citizens_only;    /* 1: only federation UKR */
    long fee[3];          /* hryvnias by discipline (classic rapid blitz) */
    /* Required documents: bits of enum mandate_doc; documents_set 0: the
       default (identity, medical, insurance; fee when a fee is set). */
    unsigned documents;
    int documents_set;
    struct date date; /* the commission's day; not valid: the start */
    struct signatory *members; /* the first is the chairman */
    size_t n_members;
};

struct event {
    struct arena arena;        /* every string of the event */
    const char *dir;           /* the event folder */
    const char *ini_file;      /* path of event.ini; NULL for a lone file */
    int lone_file;             /* a lone results file: no event.ini, no
                                  registry, described by its header */
    const char *registry_file; /* path of players.csv, NULL when absent */

    const char *title; /* full title */
    const char *short_title;
    /* The title after "посіла І місце": "у чемпіонаті України з шахів
       ..." (title-locative); "" when not given. */
    const char *title_locative;
    const char *age_group; /* "до 10 років" */
    const char *sex_text;  /* "юнаки та дівчата" */
    int born_from;         /* youngest category: born in this year or
                              later; 0 when no age limit */
    const char *rank;      /* rank of the event: "IV ранг" */
    struct date start, end;
    /* The day the documents are compiled ("Дата складання": compiled =);
       not valid: each section's last day. */
    struct date compiled;
    const char *city, *venue;
    const char *organisers;
    /* Who awards the diplomas and receives the report, "A; B" as the
       regulation names them ("Міністерство молоді та спорту України;
       Федерація шахів України"); "" when not given: the organisers. */
    const char *awarding_bodies;
    const char *order; /* ministry order number; "" when none */
    struct signatory chief_arbiter, deputy_arbiter, chief_secretary;
    struct signatory *diploma_signatories;
    size_t n_diploma_signatories;
    struct signatory *report_signatories;
    size_t n_report_signatories;
    /* The other judges of the panel (arbiter-N: "Ім'я ПРІЗВИЩЕ | посада,
       категорія"), after the chief arbiter, his deputy and the chief
       secretary. */
    struct signatory *arbiters;
    size_t n_arbiters;
    struct report_info report;
    struct mandate_rules mandate;

    struct section *sections;
    size_t n_sections, sections_alloc;
    struct person *people;
    size_t n_people, people_alloc;
};

struct event *event_new(void);
/* Frees the event with its sections' tournaments. */
void event_free(struct event *ev);

/* Add a zeroed section (defaults set) or person; valid until the next add. */
struct section *event_add_section(struct event *ev);
struct person *event_add_person(struct event *ev);
/*
 * The registry person of player p (an index into sec->t->players) as the
 * event's join found him, or NULL.
 */
const struct person *section_person(const struct event *ev,
                                    const struct section *sec, int p);
/*
 * The participants of the n sections secs: the people who played there,
 * each once (a registry person joined to players of several sections is
 * one; a player the registry does not know is one), the event's count of
 * participants everywhere (report, catalogue, site); their entries (a
 * person in three sections: three) into *entries (may be NULL).
 */
size_t event_people(const struct event *ev,
                    const struct section *const *secs, size_t n,
                    size_t *entries);
/*
 * The first name and surname of a person (pe, may be NULL: then given,
 * surname and sex alone) in case c (util/decline.h), into g and s: the
 * registry's forms where it gives them, else the rules of grammar.
 */
void person_decline(const struct person *pe, const char *given,
                    const char *surname, char sex, int c, struct strbuf *g,
                    struct strbuf *s);
/* A player's sex, 'm', 'f' or 0: the registry's (pe, may be NULL), else
   the results file's (p, may be NULL: 'm', 'w' or 'f'), else the
   section's (sec, may be NULL). */
char player_sex(const struct person *pe, const struct player *p,
                const struct section *sec);
/* Append "Прізвище Ім'я" of the person, as messages name him. */
void person_name(const struct person *p, struct strbuf *out);
/* "Прізвище Ім'я По батькові", as the join's messages name a person. */
void person_full_name(const struct person *p, struct strbuf *out);
/*
 * The person's region as the documents name it ("Львівська"), or "";
 * for a foreign player (person_foreign()) his federation ("GER").
 */
const char *person_region(const struct person *pe);
/* 1 when the person plays for a federation other than UKR. */
int person_foreign(const struct person *pe);
/*
 * Append awarding body i (from 0) of the event as written: of its
 * awarding-bodies, else of its organisers, at semicolons; returns 0 when
 * there is no body i (nothing appended).
 */
int event_awarding_body(const struct event *ev, size_t i, struct strbuf *out);
/*
 * 1 for a youth event (an age group or a youngest year of birth: its
 * documents say юнаки, дівчата), 0 for an adult one (чоловіки, жінки):
 * the one rule of every document's words for its players.
 */
int event_youth(const struct event *ev);
/*
 * Append the event's category: "U10" from an age group "до 10 років", else
 * from the youngest year of birth admitted; nothing for an open event.
 */
void event_category(const struct event *ev, struct strbuf *out);

/*
 * A team of a team competition (index ti into tt->t->teams, tt its
 * matches: core/teams.h): the registry person of its first player (for
 * its region and club; a foreign player, whose federation is no region,
 * only when the team has no other), or NULL; and its coaches appended to out: the
 * registry's people with the team and the role coach, else the coaches
 * of that first player.
 */
struct team_table;
const struct person *event_team_first(const struct event *ev,
                                      const struct section *sec,
                                      const struct team_table *tt, int ti);
void event_team_coach(const struct event *ev, const char *team,
                      const struct person *first, struct strbuf *out);

/*
 * A judge's category, from the position written beside his name
 * ("головний суддя, суддя національної категорії"): the categories of
 * Ukraine's sports judges, lowest first.  ЄСКУ counts a rank fulfilled
 * only where the panel had at least three judges of category I or higher
 * (КМС) or II or higher (the other ranks).
 */
enum arbiter_category {
    ARB_NONE,          /* not said */
    ARB_YOUNG,         /* юний суддя */
    ARB_III,           /* ІІІ категорії */
    ARB_II,            /* ІІ категорії */
    ARB_I,             /* І категорії */
    ARB_NATIONAL,      /* національної категорії */
    ARB_INTERNATIONAL, /* міжнародної категорії, арбітр ФІДЕ (IA, FA) */
    ARB_CATEGORIES
};
enum arbiter_category arbiter_category(const char *position);
/*
 * The one reading of a signatory's position, for every document: its
 * parts at commas (or a role run into a category without one: "головний
 * суддя суддя національної категорії") are its role, those that name no
 * category, joined by ", " into role, and its category, those that do,
 * into category (either may be NULL).  Returns the highest category
 * named.  A part that reads as a category (it says "категорі", "арбітр",
 * "arbiter") but is none of the known ones is a category all the same,
 * and *unknown (may be NULL) is set to 1.
 */
enum arbiter_category signatory_split(const char *position,
                                      struct strbuf *role,
                                      struct strbuf *category, int *unknown);
/*
 * Append the signatory's title as documents print it over his line:
 * his role, else def_role (may be NULL), then ", " and his
 * category when he has one: "Головний суддя, суддя національної
 * категорії".
 */
void signatory_title(const struct signatory *s, const char *def_role,
                     struct strbuf *out);
/* The judges of the panel: chief arbiter, deputy, chief secretary and
   arbiter-N, those with a name; n of them into *n (free() the array). */
const struct signatory **event_panel(const struct event *ev, size_t *n);

/* Which ranks ЄСКУ counts with the event's panel (event_panel()). */
enum panel_ranks {
    PANEL_NO_RANKS,  /* fewer than three judges of category II or higher */
    PANEL_BELOW_KMS, /* three of II or higher, fewer than three of I */
    PANEL_ALL_RANKS  /* three of category I or higher */
};
enum panel_ranks event_panel_ranks(const struct event *ev);
/* 1 when a rank of class rank_class (core/mandate.h) counts under p: КМС
   and above need PANEL_ALL_RANKS, the others PANEL_BELOW_KMS. */
int panel_counts_rank(enum panel_ranks p, int rank_class);

/*
 * Who signs the diplomas: the diploma signatories with a name (an empty
 * diploma-signatory-N is not one), else the chief arbiter when named; n
 * of them into *n, none when nobody is named (free() the array).
 */
const struct signatory **event_diploma_signers(const struct event *ev,
                                               size_t *n);

/* The section with this id, or NULL. */
struct section *event_section(const struct event *ev, const char *id);

/*
 * Settle what a section leaves open: whether it awards its places (a
 * qualifying stage does not unless its awards key says yes) and its days
 * (the event's when its [section] gives none).  The pipeline calls it once, before
 * anything reads the section.
 */
void section_settle(const struct event *ev, struct section *s);
/*
 * The day a final document of the section is compiled ("Дата
 * складання"): the event's compiled, else the section's last day; not
 * valid when neither is known.
 */
struct date section_compiled(const struct event *ev,
                             const struct section *s);
/* The section's stage as the catalogue names it: "final", "qualifying". */
const char *section_stage_name(const struct section *s);

const char *section_system_name(enum section_system s);
const char *discipline_name(enum discipline d);
/* Parse the names event.ini uses; -1 when unknown. */
int section_system_parse(const char *s, enum section_system *out);
int discipline_parse(const char *s, enum discipline *out);
/* A section's sex as event.ini writes it (boys, men, юнаки, ... 'm';
   girls, women, дівчата, ... 'f'; mixed, open 0); -1 when unknown. */
int sex_parse(const char *s, char *out);

/* 1 for a rule preset the engine knows: ua-2004 ua-2017 ua-2023 fide. */
int rules_preset_known(const char *s);
/* 1 for an unplayed-round policy: fide-2024 fide-2026 fide-2009 none. */
int unplayed_policy_known(const char *s);

/*
 * Join every section's players to the registry: by FIDE ID, else by the
 * registry's start number when the names agree loosely, else by the join
 * key (util/name.h name_join_key: no accents, no titles) and birth year,
 * else by a unique registry name the results name starts (cut short by
 * the pairing program: 12 characters or more, or the section's longest);
 * among the people who entered the section when there are any.  Fills
 * section->person (and section->named: the people a message named); a
 * player found takes the registry's name, "Прізвище Ім'я" (person_name():
 * every output prints it; the results' spelling is kept as his alias),
 * and his blank rating, FIDE ID, birth date, sex and federation from the
 * registry.  Players not found (with the nearest
 * names), found twice or by a start number of another person are
 * reported to dl at their line in the results, once.
 */
void event_join(struct event *ev, struct diag_list *dl);

/*
 * What the documents need, reported to dl: players outside the age group or
 * without a birth date where there is one (errors), a player in a section
 * of the other sex (error), a person twice in one discipline (unless one of the sections has
 * qualify-places: a qualifying stage) or twice in
 * the registry (errors),
 * people entered for a section they have no results in (warnings), games
 * dated outside the event (warnings).
 */
void event_check(const struct event *ev, struct diag_list *dl);

#endif
