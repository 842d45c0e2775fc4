/* ingest/eventdir: an event folder: event.ini, players.csv and the results
 * file of every section, read into a struct event.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_EVENTDIR_H
#define INGEST_EVENTDIR_H

#include "core/event.h"
#include "ingest/ini.h"
#include "util/diag.h"
#include "util/utf8.h"

struct strbuf;

struct eventdir_options {
    enum encoding encoding; /* of the results files; ENC_AUTO: detect */
    const char *section;    /* load only this section's results; NULL: all */
    /* A results file that does not exist yet is no error: the section
       has no results (t NULL), as before the event. */
    int results_optional;
};

/*
 * Fill ev from a parsed event.ini: [event], one [section NAME] per
 * tournament and [report] (see 'sekretar init' for every key).  dir is the
 * folder results files are found in.  Bad or missing values are reported
 * at their file:line:col; unknown keys and sections are warnings.
 */
enum err eventdir_from_ini(const struct ini *ini, const char *dir,
                           struct event *ev, struct diag_list *dl);

/*
 * Load the event folder dir: event.ini (missing: ERR_NOINPUT), the results
 * of each section (TRF, or CSV when the name ends in .csv) and players.csv
 * when present, then join the results to the registry (event_join).
 * Problems of event.ini and the results go to dl, those of the registry
 * and of the join to rdl (which may be dl).  *out is NULL only when
 * event.ini could not be read.  Returns the worst category met in dl.
 */
enum err eventdir_load(const char *dir, const struct eventdir_options *opts,
                       struct event **out, struct diag_list *dl,
                       struct diag_list *rdl);

/* The commented event.ini and the players.csv header of 'sekretar init'. */
/*
 * Does the check of section names know the document doc (a name of
 * render's table of documents): for a document of the event (event_scope
 * 1), that no section may take its name; for a section's, the word its
 * file adds to the section's name?  For a test that keeps the two in step.
 */
int eventdir_knows_document(const char *doc, int event_scope);

void eventdir_skeleton_ini(struct strbuf *out);

/* A key event.ini knows, for a form that edits it (the desk). */
struct eventdir_key {
    const char *name;   /* "title"; "arbiter-" for the numbered ones */
    const char *type;   /* "text", "date", "year", "number", "signatory",
                           "choice", "list" (numbered: name + 1, 2, ...),
                           or what the reader checks by itself
                           ("tiebreaks", "points", "rank", "stages",
                           "documents", "roman") */
    int required;       /* 2 an error when missing, 1 a warning, 0 none */
    const char *const *choices; /* "choice": the values, NULL-terminated */
};

/* The keys of the section kind ("event", "section" or "report"), in the
   order the reader reads them; how many (0: an unknown kind). */
size_t eventdir_keys(const char *kind, struct eventdir_key *out, size_t max);
void eventdir_skeleton_players(struct strbuf *out);

#endif
