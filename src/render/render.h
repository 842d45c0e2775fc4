/* render/render: the documents of a section (ranking list, cross table)
 * as PDF files, and what a caller gives them.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_RENDER_H
#define RENDER_RENDER_H

#include <stddef.h>

#include "render/template.h"
#include "util/date.h"
#include "util/diag.h"
#include "util/file.h"

struct tournament;
struct standings;
struct team_table;
struct knockout;

/* How the cross table is laid out. */
enum doc_system {
    DOC_SYSTEM_AUTO = 0, /* as the ranking settled it (render_request) */
    DOC_SYSTEM_SWISS,
    DOC_SYSTEM_ROUND_ROBIN
};

/* What decided a player's place beyond the ranking's numbers. */
enum doc_decision {
    DOC_DECIDED_NONE = 0,
    DOC_DECIDED_DE,      /* the direct encounter */
    DOC_DECIDED_PLAYOFF, /* a play-off match */
    DOC_PLAYOFF_NEEDED,  /* a prize-place tie only a play-off can break */
    DOC_DECIDED_BOARDS   /* a team's weighted board points (WBP) */
};

/* What the results file does not say about a player; all may be empty. */
struct doc_player {
    const char *region; /* "Львівська" */
    const char *rank;   /* national rank or title: "КМС", "І" */
    const char *coach;
    const char *club;       /* club or ДЮСШ */
    const char *patronymic; /* по батькові */
    int birth_year; /* 0 when unknown */
};

/*
 * The number a document shows for the player with this start number: one
 * number per player on every document of a section, the start number, or
 * for a knock-out whose match cards give none (numbers in order of
 * appearance) the seed, as its bracket shows it.
 */
struct doc_context;
int doc_player_number(const struct doc_context *dc, int start_no);

/* One tie-break column of the ranking, in the order of the regulation. */
struct doc_tiebreak {
    const char *code; /* FIDE / TRF-26 code: "BH/C1"; templates name it */
    /* Used when the templates know no heading or legend for the code: */
    const char *heading; /* "Бхг-1" */
    const char *legend; /* "усічений коефіцієнт Бухгольця ..." */
    const double *values; /* per player, in t->players order; NaN: blank */
};

/*
 * Everything a document shows.  The caller fills it (from a lone TRF, or
 * from an event folder) and keeps it alive while rendering; strings are
 * UTF-8 and NULL or "" where unknown, and unknown parts are left out of
 * the documents.
 */
struct doc_context {
    const struct tournament *t;
    const struct standings *s; /* ranking order, places, points */

    const char *event_title; /* "Чемпіонат України з шахів ..." */
    const char *section_title; /* "юнаки до 10 років, класичні шахи" */
    const char *organiser;  /* printed above the document's title */
    struct date start, end; /* not valid (zero) when unknown */
    /* The day the document is compiled ("Дата складання"); not valid:
       the day it is made (render_options created). */
    struct date compiled;
    /* The dates as written, shown when start is not a valid date (a lone
       results file's that cannot be read); may be NULL. */
    const char *start_text, *end_text;
    const char *city;
    const char *venue;
    const char *time_control;
    const char *event_rank; /* "IV ранг"; the event's, from event.ini */
    const char *age_group;  /* "до 10 років" */
    const char *order;      /* the ministry's order: "від 12.05.2023 № 345" */
    const char *chief_arbiter; /* any order: "Остап Кравець",
                                  "Кравець, Остап" */
    /* As event.ini writes them: "головний суддя, суддя національної
       категорії" (signatory_split() reads them); NULL: not given. */
    const char *chief_arbiter_position;
    const char *chief_secretary;
    const char *chief_secretary_position;

    enum doc_system system;

    /* The entrants (t->players) are the teams of a team competition
       (t is its competition of teams: core/teams.h). */
    int teams;
    /* The players of a team competition (its cross table of players):
       titled by the teams' system (team_system), each with his team,
       a round he was not fielded in marked as a reserve's. */
    int team_players;
    enum doc_system team_system;
    /* The standings after this round, not the final ones (an interim
       document); 0: final. */
    int after_round;
    /* A team competition's match and game points (MPTS, GPTS), headed and
       explained like tie-breaks; n_points 0 for players. */
    const struct doc_tiebreak *points;
    size_t n_points;

    /* A knock-out's bracket (its matches, stage by stage), or NULL. */
    const struct knockout *ko;
    /* The time controls of a knock-out's tie-break stages; "" unknown. */
    const char *time_control_rapid, *time_control_blitz;
    const char *time_control_armageddon;

    const struct doc_player *players; /* NULL, or t->n_players entries */
    /* A team competition: its matches (t is tt->as_mp or as_gp), the
       registry data of its players (tt->t->players order) and the games
       a board prize needs (0: 70 % of the rounds). */
    const struct team_table *tt;
    const struct doc_player *members;
    int board_prize_min_games;
    const struct doc_tiebreak *tiebreaks;
    size_t n_tiebreaks;
    const enum doc_decision *decisions; /* NULL, or per player */
    const char *const *notes;           /* lines under the legend: play-off
                                           results and the like */
    size_t n_notes;
};

struct render_options {
    const char *templates_dir; /* holds common.ini and one .ini per document */
    const char *fonts_dir;
    long long created; /* creation date (s since 1970 UTC); < 0 none */
    /* A diploma's page on the archive's site without its code and
       ".html" ("https://host/diplomas/"), or NULL: none known. */
    const char *verify_url;
};

/*
 * Each render_DOC() renders one document of dc to the PDF file at path
 * (written under a temporary name and renamed, so a failure leaves no
 * file).  Errors go to dl: ERR_NOINPUT (a template or font missing),
 * ERR_PARSE (a template is wrong; FILE:LINE), ERR_RENDER (the input makes
 * no document: the page cannot hold the table, a header text is too long,
 * a font libharu cannot use), ERR_INTERNAL (libharu failed otherwise),
 * ERR_CREATE / ERR_IO (the output file).
 *
 * The final ranking list: templates/ranking.ini.
 */
enum err render_ranking(const struct doc_context *dc,
                        const struct render_options *ro, const char *path,
                        struct diag_list *dl);
/*
 * The cross table: Swiss (opponent, colour, result and running total per
 * round) or the round-robin grid: templates/crosstable.ini.
 */
enum err render_crosstable(const struct doc_context *dc,
                           const struct render_options *ro, const char *path,
                           struct diag_list *dl);
/*
 * A knock-out's bracket (templates/bracket.ini): the tree from round 1 to
 * the final, each match with both players (seed, name, region) and the
 * score of every stage played, the winner in bold; the match for third
 * place beside the final.  Up to 32 players on one page; a larger bracket
 * in parts of 32 on a page each, the rounds after them (and the match for
 * third place) beside the last part or on a page of their own.
 */
enum err render_bracket(const struct doc_context *dc,
                        const struct render_options *ro, const char *path,
                        struct diag_list *dl);
/* A knock-out's games by round, match and stage (templates/matches.ini). */
enum err render_matches(const struct doc_context *dc,
                        const struct render_options *ro, const char *path,
                        struct diag_list *dl);

/*
 * The documents of a team competition ranked by teams (dc->tt): the team
 * cross table (templates/team-crosstable.ini: the round-robin grid of
 * match scores, or per round the opponent, the colour of board 1 and the
 * score) and the boards (templates/boards.ini: each team's players in
 * its order with their games, points, per cent, opponents' average
 * rating and performance; the board prizes under the table).
 */
enum err render_team_crosstable(const struct doc_context *dc,
                                const struct render_options *ro,
                                const char *path, struct diag_list *dl);
enum err render_boards(const struct doc_context *dc,
                       const struct render_options *ro, const char *path,
                       struct diag_list *dl);

/*
 * Read the templates of every document as the documents will (common.ini,
 * then NAME.ini of each): their errors go to dl (ERR_NOINPUT, ERR_PARSE,
 * ERR_IO).  A key no document reads is a warning at its FILE:LINE:COL, not
 * an error, so that templates made for a later Sekretar (with keys this
 * one does not know yet) still give documents, while a misspelt key is
 * not ignored in silence.
 */
enum err render_check_templates(const struct render_options *ro,
                                struct diag_list *dl);

/* -------------------------------------------------- the documents */

/* What one document is about. */
enum render_scope {
    RENDER_SECTION, /* a section: its ranking list, its cross table */
    RENDER_ENTRANT, /* one player or team of a section (diplomas) */
    RENDER_EVENT    /* the whole event (the ministry's report) */
};

/* The file a document is written as. */
enum render_format { RENDER_PDF, RENDER_XLSX, RENDER_HTML };

/* The file name extension of a format: "pdf". */
const char *render_format_ext(enum render_format f);
/* The document a file of the documents is ("boys-ranking.pdf": the
   ranking; "report.xlsx"), as render_documents names it (its index);
   -1 when none. */
long render_document_of(const char *file_name);

/* A document of a section's players even in a team competition (the
   cross table, until the team tables come). */
#define RENDER_OF_PLAYERS (1u << 0)
/* A document of a knock-out section only, or of any other only. */
#define RENDER_KNOCKOUT (1u << 1)
#define RENDER_NOT_KNOCKOUT (1u << 2)
/* A document of the final standings only: left out of interim documents
   (--rounds) and of a team competition's players (--players) unless
   --only names it (the diplomas). */
#define RENDER_FINAL (1u << 3)
/* A document made before the first round (the mandate commission's): when
   the documents asked for are all such, the results need not exist yet. */
#define RENDER_BEFORE_RESULTS (1u << 4)
/* A document of a team competition's teams only. */
#define RENDER_OF_TEAMS (1u << 5)

struct event;
struct render_section;

/* The documents, by name, in the order they are made. */
struct render_document {
    const char *name; /* "ranking": also the file name suffix */
    /* What a reader calls it, for a link to the file ("Протокол
       результатів"), as the document's title says it. */
    const char *label;
    enum render_scope scope;
    enum render_format format;
    unsigned flags; /* RENDER_OF_PLAYERS, RENDER_FINAL, ... */
    /* RENDER_SECTION: a document of the section dc shows. */
    enum err (*render)(const struct doc_context *dc,
                       const struct render_options *ro, const char *path,
                       struct diag_list *dl);
    /* RENDER_EVENT: a document of the event and its n sections secs. */
    enum err (*render_event)(const struct event *ev,
                             const struct render_section *secs, size_t n,
                             const struct render_options *ro,
                             const char *path, struct diag_list *dl);
    /* RENDER_SECTION, instead of render: a document made from the event
       and the section's ranking rather than from its view. */
    enum err (*render_ranked)(const struct event *ev,
                              const struct render_section *rs,
                              const struct render_options *ro,
                              const char *path, struct diag_list *dl);
    /* When it returns 1 for the sections (one for RENDER_SECTION) the
       document is not made (no diploma to give); NULL: always made. */
    int (*none)(const struct event *ev, const struct render_section *secs,
                size_t n);
    /* The templates it reads after common.ini (NULL-terminated); NULL:
       NAME.ini. */
    const char *const *templates;
    /* --only GROUP chooses it too ("diplomas", "mandate": the documents
       made together); NULL: none. */
    const char *group;
};
extern const struct render_document render_documents[];
extern const size_t render_n_documents;
/* The document called name, or NULL. */
const struct render_document *render_find(const char *name);
/* 1 when render_documents[i] starts a group that is not also a
   document's name (lists name the group first: "mandate"). */
int render_group_starts(size_t i);
/* The documents (render_documents[] bits) that name or their group is;
   0 when none. */
unsigned render_select(const char *name);

/*
 * The ministry's end-of-event report (templates/report.ini), XLSX: the
 * sheets "Оперативна інформація" (the event, the participants in total, by
 * sex and by section, the regions, the arbiters, the regions' team
 * standings as [report] team-scoring makes them, signatures), "Призери"
 * (places 1-3 of every section; the qualifiers and their substitutes),
 * "Статистика" (participants by region and section, sex, year of birth,
 * rank) and one sheet per section: its ranking list as the PDF has it,
 * numbers as numbers.  Errors: ERR_NOINPUT / ERR_PARSE (templates),
 * ERR_CREATE / ERR_IO (the file), ERR_INTERNAL.
 */
enum err render_report(const struct event *ev,
                       const struct render_section *secs, size_t n,
                       const struct render_options *ro, const char *path,
                       struct diag_list *dl);

/*
 * The diplomas of a section (templates/diploma-individual.ini,
 * diploma-team.ini, diploma-member.ini): its prize-winners (places 1-3),
 * or its teams on places 1-3 each followed by its members who played, one
 * page each in place order, with the code of each (core/diploma.h) and
 * its QR code.  Errors: ERR_NOINPUT (a template, a font or the background
 * image missing), ERR_PARSE (a template is wrong, at its FILE:LINE),
 * ERR_RENDER (a text does not fit its box, at the template's FILE:LINE),
 * ERR_CREATE / ERR_IO (the file).
 */
enum err render_diplomas(const struct event *ev,
                         const struct render_section *rs,
                         const struct render_options *ro, const char *path,
                         struct diag_list *dl);
/* The coaches' diplomas of the n sections (templates/diploma-coach.ini). */
enum err render_coach_diplomas(const struct event *ev,
                               const struct render_section *secs, size_t n,
                               const struct render_options *ro,
                               const char *path, struct diag_list *dl);
/* 1 when the sections give no such diploma. */
int render_diplomas_none(const struct event *ev,
                         const struct render_section *secs, size_t n);
int render_coach_diplomas_none(const struct event *ev,
                               const struct render_section *secs, size_t n);

/*
 * The mandate commission's documents (templates/mandate.ini), from
 * core/mandate's findings on the registry: the named entry of every
 * region (mandate-entries.pdf: each region on its own pages, every
 * person of the registry with birth date, rank, FIDE ID, club, coach,
 * the disciplines entered, the doctor's column and the certification
 * lines), the check of each participant's documents and fee with the
 * decision, those not admitted apart with the reasons
 * (mandate-checklist.pdf), and the commission's protocol: its date and
 * members, the participants admitted by region, section, year of birth
 * and rank with totals, the regions, the fees, those not admitted, the
 * signatures (mandate-protocol.pdf).  Errors as render_ranking() says.
 */
enum err render_mandate_entries(const struct event *ev,
                                const struct render_section *secs, size_t n,
                                const struct render_options *ro,
                                const char *path, struct diag_list *dl);
enum err render_mandate_checklist(const struct event *ev,
                                  const struct render_section *secs, size_t n,
                                  const struct render_options *ro,
                                  const char *path, struct diag_list *dl);
enum err render_mandate_protocol(const struct event *ev,
                                 const struct render_section *secs, size_t n,
                                 const struct render_options *ro,
                                 const char *path, struct diag_list *dl);

/* ------------------------------------------------ an event's documents */

struct section_ranking;

/* A section to write the documents of. */
struct render_section {
    const struct section_ranking *ranking; /* its players or teams */
    /* Its players ranked, for the documents RENDER_OF_PLAYERS of a team
       competition whose teams `ranking` ranks; NULL: ranking. */
    const struct section_ranking *players;
};

/* What to write, and where. */
struct render_request {
    const char *outdir;        /* made when missing */
    unsigned only;             /* render_documents[] bits; 0: all */
    enum doc_system system;    /* AUTO: as the section says */
    const char *templates_dir; /* common.ini and one .ini per document */
    const char *fonts_dir;
    long long created; /* creation date of the documents (s since 1970) */
    const char *verify_url; /* documents_request's */
};

/* A file written: its path, and its name inside outdir. */
struct render_file {
    char *path;
    char *name;
    const char *section;  /* the section's id (borrowed from the event);
                             NULL for a document of the event */
    const char *document; /* "ranking", "crosstable" (static) */
    enum render_format format;
};

/*
 * Every document of an event or none: the documents are written under
 * temporary names and put in place together by render_commit().
 */
struct render_job {
    const struct render_request *rq;
    struct render_options ro;
    struct template common; /* common.ini, for the views' notes */
    struct atomic_group grp;
    int made_dir;              /* rq->outdir was made here */
    struct render_file *files; /* written (in place after the commit) */
    size_t n, alloc;
    /* The sections render_section() was given, for the event's documents
       (borrowed: they must live until render_event_documents()). */
    struct render_section *secs;
    size_t n_secs, secs_alloc;
    /* After render_section() failed: the document that was not made
       (its path, or NULL when the failure came before any). */
    char *failed_path;
    const char *failed_document;
};

/*
 * Start writing documents (job zeroed, or as render_job_release() left
 * it): make rq->outdir and read every template as the
 * documents will (render_check_templates(): warnings to dl too).  Errors:
 * ERR_CREATE / ERR_IO (the folder), ERR_NOINPUT / ERR_PARSE / ERR_IO (the
 * templates).  Release the job in any case.
 */
enum err render_begin(struct render_job *job, const struct render_request *rq,
                      struct diag_list *dl);
/*
 * Write the documents of the section rs->ranking ranks (rq->only of
 * them), named SECTION-DOCUMENT.EXT, under temporary names; each is added
 * to job->files.  Errors as render_ranking() says, the document that
 * failed in job->failed_path and failed_document.
 */
enum err render_section(struct render_job *job, const struct event *ev,
                        const struct render_section *rs, struct diag_list *dl);
/*
 * Write the documents of the event (RENDER_EVENT, rq->only of them) about
 * the sections given to render_section(), named NAME.EXT; nothing for a
 * lone results file.  Errors as render_report() says.
 */
enum err render_event_documents(struct render_job *job, const struct event *ev,
                                struct diag_list *dl);
/*
 * Put every document written into place (a failure puts back what they
 * would have replaced: ERR_CREATE / ERR_IO).
 */
enum err render_commit(struct render_job *job, struct diag_list *dl);
/* Remove what was not committed (and a folder made for it); free. */
void render_job_release(struct render_job *job);

/*
 * The steps above for the n sections of secs: every document of
 * them written and in place (listed in job->files), or none.  Release the
 * job in any case.
 */
enum err render_event(struct render_job *job, const struct event *ev,
                      const struct render_section *secs, size_t n,
                      const struct render_request *rq, struct diag_list *dl);

#endif
