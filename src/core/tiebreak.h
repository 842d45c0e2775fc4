/* core/tiebreak: the tie-break table (FIDE C.07 / TRF-25 codes with their
 * Ukrainian names and the functions that make them), the code parser, the
 * unplayed-round policies, the rule presets of the regulations and the
 * computation of every value, of players and of teams.
 * SPDX-License-Identifier: MIT
 *
 * The engine is the folder core/tiebreak/, a file per family; this is its
 * one public header.
 */
#ifndef CORE_TIEBREAK_H
#define CORE_TIEBREAK_H

#include <stddef.h>

struct tournament;
struct team_table;
struct diag_list;
struct strbuf;
struct date;
struct tiebreak;
struct tiebreak_value;
struct tiebreak_context;
struct team_tb_context;

/* ------------------------------------------------------------ the table */

/*
 * The rows that other code tells apart (PTS and MPTS rank first, DE is
 * explained with its group, ...).  Nothing chooses a computation by it:
 * the row's functions do.  A row that nobody needs to tell apart is
 * TB_OTHER (0, what a row that does not say gets).
 */
enum tiebreak_id {
    TB_OTHER,
    TB_PTS,  /* points (always the first criterion) */
    TB_DE,   /* direct encounter inside the group still tied */
    TB_MPTS, /* match points of a team competition */
    TB_GPTS, /* game points of a team competition */
    TB_TBR,  /* top board result, board by board, inside the group */
    TB_BBE,  /* bottom board elimination, inside the group */
    TB_EDE,  /* extended direct encounter: match, then game points */
    TB_EDET, /* EDE, then two teams still level board by board */
    TB_WBP   /* the Ukrainian weighted board points */
};

/* What a definition accepts and what its values look like. */
enum tiebreak_def_flags {
    TBD_CUT = (1 << 0),          /* /Cn: the n least significant values go */
    TBD_MEDIAN = (1 << 1),       /* /Mn: n lowest and n highest go */
    TBD_PLAYED = (1 << 2),       /* /P: unplayed games count as played */
    TBD_RATING = (1 << 3),       /* /Un: rating given to unrated players */
    TBD_LIMIT = (1 << 4),        /* /Ln: KS limit in per cent of the maximum */
    TBD_ALLMET = (1 << 5),       /* /A: the Ukrainian restriction of DE */
    TBD_POLICY = (1 << 6),       /* /V2024, /V2026: this criterion's policy */
    TBD_INTEGER = (1 << 7),      /* values are whole numbers */
    TBD_ASCENDING = (1 << 8),    /* a lower value ranks higher (DE) */
    TBD_POINTS = (1 << 9),       /* :MP, :GP: the points of a team competition
                                    it works on */
    TBD_TEAM = (1 << 10),        /* only in a team competition */
    TBD_GROUP = (1 << 11),       /* made inside the group still tied (DE) */
    TBD_INDIVIDUAL = (1 << 12),  /* only in an individual competition */
    TBD_FIRST_ROUNDS = (1 << 13) /* /Cn leaves out the first n rounds (PS) */
};

/*
 * One row of the tie-break table (core/tiebreak/table.c): the code, its
 * names and the functions that make it.  A function that is NULL is not
 * made that way: a value 0, no explanation.
 */
struct tiebreak_def {
    enum tiebreak_id id;  /* TB_OTHER unless other code tells it apart */
    const char *code;     /* the FIDE C.07 / TRF-25 code: "BH" */
    const char *alias;    /* another spelling of the code, or NULL */
    const char *ua_short; /* column heading in the documents: "Бхг" */
    const char *ua_name;  /* full name for the legend */
    const char *ua_team; /* the legend when it counts teams ("кількість
                            виграних матчів"), or NULL: ua_name */
    /* What the code counts, said after the name of the plain code in the
       legend of a player's ranking ("сума очок суперників"), or NULL. */
    const char *ua_note;
    const char *en_name; /* English name (help, --explain) */
    unsigned flags;      /* enum tiebreak_def_flags */

    /* Players, and the teams' tie-breaks that run on the competition of
     * teams: every value (not for TBD_GROUP: tiebreak_direct_encounter()),
     * and how the value of player p was made, after the line giving it. */
    void (*compute)(struct tiebreak_context *c, const struct tiebreak *tb,
                    struct tiebreak_value *out);
    void (*explain)(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct strbuf *out);
    /* Teams: either the context of the competition of teams and the
     * individual tie-break as that make it (BH:GP is BH on game points),
     * or the values of the teams, how team k's was made (v: its value;
     * group, n: the group it was made in), and for a TBD_GROUP tie-break
     * the places inside a group (see team_tb_group()). */
    struct tiebreak_context *(*team_engine)(struct team_tb_context *c,
                                            const struct tiebreak *tb,
                                            struct tiebreak *as);
    void (*team_compute)(struct team_tb_context *c, const struct tiebreak *tb,
                         struct tiebreak_value *out);
    void (*team_explain)(struct team_tb_context *c, const struct tiebreak *tb,
                         size_t k, const int *group, size_t n,
                         const struct tiebreak_value *v, struct strbuf *out);
    size_t (*team_group)(struct team_tb_context *c, const struct tiebreak *tb,
                         const int *group, size_t n, int first_place,
                         int prize_places, int *pos);
};

/* Every tie-break Sekretar computes, in a fixed order. */
extern const struct tiebreak_def tiebreak_table[];
extern const size_t tiebreak_table_size;

/* The definition for a code or its alias (case-insensitive), or NULL. */
const struct tiebreak_def *tiebreak_def_find(const char *code);

/* -------------------------------------------------- unplayed rounds */

/*
 * How rounds without a game over the board enter Buchholz, Sonneborn-Berger
 * and their relatives (see docs/tie-breaks.md, "Unplayed rounds"):
 * TB_POLICY_NONE      nothing is adjusted: an opponent counts with his
 *                     score, a round without an opponent counts nothing;
 * TB_POLICY_FIDE2009  the virtual opponent of the 2009 rule (C.02 13.15);
 * TB_POLICY_FIDE2024  C.07 as in force from 2024-08-01: voluntarily
 *                     unplayed rounds, the dummy opponent with the player's
 *                     own score, VURs cut first;
 * TB_POLICY_FIDE2026  C.07 amended 2026-03-01: the dummy's score capped.
 */
enum tiebreak_policy {
    TB_POLICY_NONE,
    TB_POLICY_FIDE2009,
    TB_POLICY_FIDE2024,
    TB_POLICY_FIDE2026
};
/* A policy not given: the one in force on the section's start date. */
#define TB_POLICY_DEFAULT (-1)

/* Parse "none", "fide-2009", "fide-2024", "fide-2026"; -1 when unknown. */
int tiebreak_policy_parse(const char *s, enum tiebreak_policy *out);
const char *tiebreak_policy_name(enum tiebreak_policy p);
/*
 * The policy in force on date d: fide-2009 before 2024-08-01, fide-2024
 * before 2026-03-01, fide-2026 from then on and when d is NULL (unknown).
 */
enum tiebreak_policy tiebreak_policy_for_date(const struct date *d);

/* ------------------------------------------------ one parsed criterion */

#define TIEBREAK_CODE_MAX 32

/*
 * A tie-break as a section asks for it: a definition and its modifiers,
 * parsed from codes such as "BH/C1", "BH/M1", "ARO/C1/U1000", "DE/A",
 * "KS/L60", "SB/P", "BH/V2026".  The names are made for this criterion
 * ("Бхг-1", "скорочений коефіцієнт Бухгольця 1 ...").
 */
struct tiebreak {
    const struct tiebreak_def *def;
    int cut_low;  /* /Cn and /Mn: lowest values left out */
    int cut_high; /* /Mn: highest values left out */
    int played;   /* /P: forfeits count as played (round robins) */
    int unrated;  /* /Un: rating of unrated players; -1 when not given */
    int limit;    /* KS: per cent of the maximum score (/Ln, 50) */
    int all_met;  /* DE/A: only when every tied player met every other,
                     and only for a tie that touches the prize places */
    int policy;   /* /V: enum tiebreak_policy, or TB_POLICY_DEFAULT */
    char points;  /* :MP 'M', :GP 'G', or 0: the section's primary points
                     (team competitions) */
    int team;     /* named for a team competition (tiebreak_rules_resolve) */
    char code[TIEBREAK_CODE_MAX]; /* normalised spelling: "BH/C1" */
    char ua_short[64];            /* heading: "Бхг-1" */
    char ua_name[512];            /* legend line */
};

/*
 * Parse one code (len bytes of s, case-insensitive): "BH/C1", and for team
 * competitions "BH:MP/C1", "EMGSB", "BC", ...  Returns 0, or -1 with the
 * reason appended to err ("unknown tie-break 'BHX'", "'WIN' takes no
 * modifier '/C1'", "tie-break 'BC' takes no ':MP'").
 */
int tiebreak_parse(const char *s, size_t len, struct tiebreak *out,
                   struct strbuf *err);

/* ----------------------------------------------------------- the rules */

#define TIEBREAK_MAX 24

/* How a section ranks its players: points, then the list. */
struct tiebreak_rules {
    struct tiebreak tb[TIEBREAK_MAX]; /* after the points; never PTS */
    size_t n;
    int policy;         /* enum tiebreak_policy, or TB_POLICY_DEFAULT */
    int prize_places;   /* places that DE/A and play-offs concern (3) */
    int playoff;        /* a prize-place tie left over goes to a play-off */
    int round_robin;    /* 1, 0, or -1: decided from the file (092 record,
                           players against rounds) */
    char primary;       /* what ranks first: 'P' points (an individual
                           competition), 'M' match points, 'G' game points
                           (a team competition), or 0: not said (points,
                           or the match points of a team competition) */
    const char *preset; /* the preset's name, or NULL */
};

/* Points only, policy by date, 3 prize places, no play-off. */
void tiebreak_rules_init(struct tiebreak_rules *r);

/*
 * Set r to a named preset: "ua-2004" (BH PS PS/C1 WIN DE), "ua-2004-teams"
 * (match points, then GPTS DE WIN WBP: seed 000's club teams), "ua-2017" (BH
 * BH/C1 BH/C2 BH/C3 WIN DE/A, fide-2009), "ua-2023" (BH/C1 BH/C2 BH/C3 WIN
 * DE/A, fide-2009, play-off for prize places), "fide" (no list of its own:
 * the section's list under the policy in force).  Returns -1 when the name
 * is unknown.
 */
int tiebreak_preset(const char *name, struct tiebreak_rules *r);

/* The names of the presets, NULL-terminated. */
extern const char *const tiebreak_preset_names[];

/*
 * Parse a list of codes separated by commas and/or blanks into r->tb
 * (replacing it).  A leading "PTS" or "MPTS" says what ranks first
 * (r->primary) and is left out; so is a leading "GPTS" when "MPTS" follows
 * it ("GPTS,MPTS,EDE": game points rank first), while "GPTS,EDE" breaks
 * ties of match points by game points.  Problems go to
 * dl located at file:line, col + the offset of the bad code (file may be
 * NULL for a command-line option).  Returns 0, or -1 after an error.
 */
int tiebreak_list_parse(const char *s, struct tiebreak_rules *r,
                        struct diag_list *dl, const char *file, unsigned line,
                        unsigned col);

/*
 * Check the list of r against the kind of competition (teams 1: a team
 * competition) and name its tie-breaks for it: "WIN" of teams is the
 * number of matches won.  Returns 0, or -1 with the reason in err ("'BC'
 * is a tie-break of team competitions", "'ARO' is not a tie-break of team
 * competitions").
 */
int tiebreak_rules_resolve(struct tiebreak_rules *r, int teams,
                           struct strbuf *err);

/* Append the list as codes ("BH/C1,BH/C2,WIN") to out. */
void tiebreak_list_format(const struct tiebreak_rules *r, struct strbuf *out);

/* -------------------------------------------------------- computation */

/* A computed value; undefined values (ARO without rated opponents) are
 * shown empty. */
struct tiebreak_value {
    double value;
    int undefined;
};

/*
 * The per-round facts of a section that every tie-break reads, prepared
 * once by tiebreak_context_new(): who met whom, what each round was worth
 * and whether it was played, and each player's score for his opponents.
 */
struct tiebreak_context;

/*
 * Prepare the tie-breaks of t over rounds 1..n_rounds (1 <= n_rounds <=
 * t->n_rounds) under policy (not TB_POLICY_DEFAULT); round_robin 0 or 1.
 * The tournament must stay unchanged while the context lives.
 */
struct tiebreak_context *tiebreak_context_new(const struct tournament *t,
                                              int n_rounds,
                                              enum tiebreak_policy policy,
                                              int round_robin);
void tiebreak_context_free(struct tiebreak_context *c);

/*
 * Is the section a round robin?  From t->system_hint (what the reader made
 * of the 092 record: "Swiss", "Dutch", "Round robin", "Berger", ...) or,
 * when it is unknown, from the event's rounds (XXR or 142, else those in
 * the file; not the rounds a ranking counts) against the players: one
 * cycle (n - 1 rounds for n players, n when n is odd) or two, and nobody
 * meeting anyone more often than that.  (The FIDE checker looks at the
 * numbers alone, with either parity: 5 players of 4 rounds would be a
 * round robin.)
 */
int tiebreak_is_round_robin(const struct tournament *t);

/*
 * Compute tb for every player: out[i] belongs to t->players[i].  tb must not
 * be DE, whose value depends on the ranking (see
 * tiebreak_direct_encounter()).
 */
void tiebreak_compute(struct tiebreak_context *c, const struct tiebreak *tb,
                      struct tiebreak_value *out);

/*
 * Make tie-breaks that multiply by the player's points of a round (SB)
 * multiply by his points in res instead: a tournament with the same
 * players in the same order and the same rounds (the game points of the
 * teams, for the extended Sonneborn-Berger EMGSB).  NULL: the context's own.
 */
void tiebreak_context_set_sb_points(struct tiebreak_context *c,
                                    const struct tournament *res);

/*
 * Direct encounter (C.07 section 6) inside a group of players (indexes
 * into t->players) still tied on everything before, which holds places
 * first_place .. first_place + n - 1.  pos[k] gets group[k]'s position
 * inside the group (1 = best, equal positions for players DE cannot
 * separate), or 0 for all when DE separates nobody.  The group is split
 * again and again on the games among the players still level, as C.07
 * says.  With tb->all_met the encounter counts only when every player of
 * the group played every other one, and only for a group that touches the
 * places 1..prize_places.  Returns the number of players separated.
 */
size_t tiebreak_direct_encounter(struct tiebreak_context *c,
                                 const struct tiebreak *tb, const int *group,
                                 size_t n, int first_place, int prize_places,
                                 int *pos);

/*
 * The direct encounter of a group on other points than the context's: what
 * player p made in round r is pts[p * rounds + r] (the rounds of the
 * context), and win the most a round can give (the unplayed encounters of
 * a Swiss group count that much at best).  No /A restriction.  Returns 1
 * when the encounters split the group, pos[] then holding each one's
 * place in it (1 first, equals sharing one), else 0 with pos[] all 0: a
 * split into level pairs counts, though nobody stands alone.  The extended
 * direct encounter of teams splits a group on match points, game points and
 * board points this way.
 */
int tiebreak_direct_encounter_on(struct tiebreak_context *c,
                                 const struct tiebreak *tb, const int *group,
                                 size_t n, const double *pts, double win,
                                 int *pos);

/* The lines of an explanation in the user's words: a round's head
   ("  r1  ", "  т1  "), and a game: the opponent's number and name, the
   colour (w, b, else unknown) and the result code ("5 Шевченко, Остап
   (чорними 1)"). */
void tiebreak_explain_round(struct strbuf *out, int round_index);
void tiebreak_explain_game(struct strbuf *out, int start_no, const char *name,
                           char colour, const char *result);
/*
 * Append to out how tb's value of player p (index into t->players) was
 * made, round by round: the opponent, the value taken, what was cut.  Not
 * for DE (the standings explain it, knowing the group).
 */
void tiebreak_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                      size_t p, struct strbuf *out);

/* The rounds and policy a context was made for. */
int tiebreak_context_rounds(const struct tiebreak_context *c);
enum tiebreak_policy tiebreak_context_policy(const struct tiebreak_context *c);

/*
 * Have the players a and b (indexes) met in a game that counts for the
 * direct encounter (played over the board; in a round robin or with /P
 * also a forfeit)?
 */
int tiebreak_met(const struct tiebreak_context *c, const struct tiebreak *tb,
                 size_t a, size_t b);

/* Print a value as the documents show it: whole numbers without decimals
 * for integer tie-breaks, else one decimal, or two when the value is a
 * quarter (SB 18.25); "" when undefined. */
void tiebreak_format_value(const struct tiebreak *tb,
                           const struct tiebreak_value *v, struct strbuf *out);

/* The same into out, NUL-terminated; returns its length. */
#define TIEBREAK_VALUE_TEXT 32 /* NUM_FIXED_MAX */
size_t tiebreak_value_text(const struct tiebreak *tb,
                           const struct tiebreak_value *v,
                           char out[TIEBREAK_VALUE_TEXT]);

/* ------------------------------------------------ team competitions */

/*
 * The tie-breaks of a team competition (C.07 team section and the
 * Ukrainian board points), computed on the matches of core/teams.
 * Buchholz, Sonneborn-Berger, progressive score, Koya, wins and direct
 * encounter of teams are the individual engine's, run on the competition
 * of teams (team_table_competition()) with match points or game points as
 * a round's points: BH:MP, BH:GP, EMMSB (SB on match points), EGGSB (on
 * game points), EMGSB and EGMSB (the opponents' score in one, the team's
 * own result in the other), PS:MP, KS:MP, WIN, WON, DE.  The rest are the
 * teams' own: the board tie-breaks BC, TBR and BBE (board points as the
 * FIDE tie-break checker counts them: the games of a match played over the
 * board, and for a round without one each board worth the round's result),
 * the extended direct encounter EDE and EDET, the totals MPTS, GPTS,
 * MPvGP, and the Ukrainian weighted board points WBP (2004: boards 6..1).
 */

/*
 * Prepare the tie-breaks of the teams of tt over rounds 1..n_rounds under
 * policy (not TB_POLICY_DEFAULT); round_robin 0 or 1; primary 'M' or 'G':
 * what ranks first and what a tie-break without :MP or :GP works on.  tt
 * must stay unchanged while the context lives.
 */
struct team_tb_context *team_tb_context_new(const struct team_table *tt,
                                            int n_rounds,
                                            enum tiebreak_policy policy,
                                            int round_robin, char primary);
void team_tb_context_free(struct team_tb_context *c);

/* The individual engine's context of the competition of teams on match
 * points ('M') or game points ('G'). */
struct tiebreak_context *team_tb_engine(struct team_tb_context *c, char points);

/* The primary points of team k (index into t->teams): match or game points
 * over the rounds counted, with the 299 bonuses and penalties. */
double team_tb_points(const struct team_tb_context *c, size_t k);

/*
 * Compute tb (resolved for teams: tiebreak_rules_resolve()) for every team;
 * out[k] belongs to t->teams[k].  Not for the tie-breaks made inside the
 * group still tied (TBD_GROUP: DE, EDE, EDET, TBR, BBE).
 */
void team_tb_compute(struct team_tb_context *c, const struct tiebreak *tb,
                     struct tiebreak_value *out);

/*
 * A tie-break made inside a group of teams (indexes) still level on
 * everything before it, which holds places first_place ..: pos[k] gets
 * group[k]'s position inside the group (1 = best, equal for teams it does
 * not separate), or 0 for all when it separates nobody.  DE as
 * tiebreak_direct_encounter(); EDE: direct encounter on the primary
 * points, then on the others, again and again until neither separates
 * more; EDET: then two teams still level by their match board by board
 * (board 1 first); TBR: the board points of board 1, then of board 2, ...;
 * BBE: the board points without the last board, then without the last
 * two, ...  Returns the number of teams separated.
 */
size_t team_tb_group(struct team_tb_context *c, const struct tiebreak *tb,
                     const int *group, size_t n, int first_place,
                     int prize_places, int *pos);

/*
 * Append to out how tb's value of team k was made (round by round, or
 * board by board).  For the group tie-breaks, group (n teams, k among them)
 * is the group it was made in.
 */
void team_tb_explain(struct team_tb_context *c, const struct tiebreak *tb,
                     size_t k, const int *group, size_t n, struct strbuf *out);

#endif
