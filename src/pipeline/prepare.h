/* pipeline/prepare: the one prepared event every command starts from:
 * loaded (ingest), checked as 'check' checks it, joined to the registry
 * and every section ranked as its system says (core).
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_PREPARE_H
#define PIPELINE_PREPARE_H

#include <stddef.h>

#include "core/ranking.h"
#include "util/diag.h"
#include "util/utf8.h"

struct event;
struct section;
struct tournament;

/* prepare_options.flags */
/* A section whose results file does not exist yet has no results and is
   no error: an event folder before its first round (the mandate
   commission's documents). */
#define PREPARE_RESULTS_OPTIONAL (1u << 0)
/* Only an event folder will do (build, import, rebuild): a file is
   ERR_USAGE. */
#define PREPARE_FOLDER (1u << 1)

/* What a command asks of the event; zero it, then fill. */
struct prepare_options {
    const char *path;    /* an event folder, or a lone results file */
    const char *section; /* only this section of a folder is ranked; NULL:
                            every one (the whole event is always checked) */
    enum encoding encoding; /* of the results files; ENC_AUTO: detect */
    unsigned flags;
    const char *cmd; /* the command, for messages: "build" */
    /* Where the templates are (their common.ini may name tie-breaks in
       words of its own, for every output alike); NULL: installed. */
    const char *templates_dir;
    /* The command line's rules over the sections' own (--rules,
       --tiebreaks, --unplayed, --prize-places, --playoff, --rounds,
       --teams or --players).  The rules and the play-offs given concern
       what is ranked first (the teams of a team competition unless
       --players); its players are ranked by their section's rules. */
    struct ranking_overrides ov;
    /* Called before each section is ranked (a terminal's progress line);
       may be NULL. */
    void (*progress)(const char *section, size_t i, size_t n);
};

/* One section of the prepared event, as a command shows it. */
struct prepared_section {
    struct section *sec;
    /* The section's name: its id, or a lone file's path as given. */
    const char *name;
    /* What the section's system ranks (its teams, its players, or its
       knock-out's bracket); NULL when it has no results. */
    const struct section_ranking *ranking;
    /* Its players (the same as ranking unless teams are ranked); NULL
       when it has no results. */
    const struct section_ranking *players;
    /* What the ranking said of this section (a tie-break list of the
       file that cannot be used, a play-off still needed, a prize-winner
       without a coach): warnings, also in the event's findings. */
    struct diag_list notes;
};

struct prepared {
    struct event *ev; /* NULL only when no event could be read */
    /* The sections chosen (options.section, else all), in event order. */
    struct prepared_section *secs;
    size_t n;
    /* Every section of the event ranked: sections[i] its players (or its
       knock-out), teams[i] its teams (zeroed for the others); NULL until
       ranked. */
    struct event_ranking er;
    /* The errors of the inputs (not of a ranking: a play-off given that
       does not fit it) and every warning, the notes included. */
    size_t n_errors, n_warnings;
};

/*
 * Prepare o->path: load it, check everything 'sekretar check' checks
 * (the results, event.ini, the registry and the join, what the documents
 * need, the match cards of knock-outs and team competitions, play-offs),
 * and, when nothing is wrong, rank the chosen sections with o's
 * overrides.  Every finding goes to dl, sorted, warnings too (a command
 * that shows only errors filters them).
 *
 * Returns ERR_OK (every chosen section with results ranked); ERR_DATA when
 * the inputs have errors (p->ev is then still there for a summary, nothing
 * is ranked); ERR_USAGE for an unknown section, a section asked of a file,
 * a folder asked of a file (PREPARE_FOLDER) or an override that does not
 * fit (--rounds past the last round, --teams without teams, --tiebreaks
 * the section cannot use): one finding without a location says which;
 * ERR_NOINPUT / ERR_IO when the input cannot be read.  Release p with
 * prepared_release() in any case.
 */
enum err prepare_event(const struct prepare_options *o, struct prepared *p,
                       struct diag_list *dl);

/*
 * Prepare the unpacked bundle in dir as an event folder for the archive's
 * command cmd ("rebuild", "import", ...): only its errors go to dl, and
 * after them "LABEL: N errors; CMD refuses an event with errors".
 */
enum err prepare_bundle_folder(const char *dir, const char *cmd,
                               const char *label, struct prepared *p,
                               struct diag_list *dl);
void prepared_release(struct prepared *p);

struct mandate_result;
/* The mandate commission's findings on the prepared event's registry
   (core/mandate.h); release out with mandate_release(). */
void prepared_mandate(const struct prepared *p, struct mandate_result *out);

/*
 * The people who played in the sections of p, each once: the registry's
 * people joined to the players, and each player the registry does not
 * know.  (A person in two sections is one participant of the event, two
 * entries.)
 */
size_t prepared_people(const struct prepared *p);

/* The rounds a section's results have: a knock-out's from its cards. */
int prepared_rounds(const struct prepared_section *ps);

#endif
