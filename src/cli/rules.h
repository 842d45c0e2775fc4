/* cli/rules: the ranking rules of a section, from the command line, from
 * event.ini and from the results file.
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_RULES_H
#define CLI_RULES_H

#include "core/tiebreak.h"

struct load_item;
struct load;

/* What the command line says about the rules; zero-initialise. */
struct rules_options {
    struct tiebreak_rules preset; /* --rules */
    int have_preset;
    const char *list; /* --tiebreaks */
    int have_policy;  /* --unplayed */
    enum tiebreak_policy policy;
    int prize_places; /* --prize-places; 0 when not given */
};

/*
 * Options for a command: "--rules", "--tiebreaks", "--unplayed",
 * "--prize-places".  rules_option() takes one of them (c is the getopt
 * value 'R', 'T', 'U' or 'P'); returns 0, or prints a usage error for cmd
 * and returns EXIT_USAGE.
 */
int rules_option(struct rules_options *o, int c, const char *arg,
                 const char *cmd);

/*
 * Settle the rules of one section, most specific first: the command line,
 * then the section of event.ini (rules preset, tie-break list, unplayed
 * policy, prize places, system), then the results file's 212/202 record;
 * a policy still unset becomes the one in force on the event's (else the
 * file's) start date.  teams: rank the teams of a team competition (the
 * list is checked against it and named for it; what ranks first comes from
 * the 192 record when nothing else says).  Returns 0; EXIT_USAGE after
 * printing what is wrong with an option; or EXIT_DATAERR with the section's
 * problem in dl (at its line of event.ini, or at the results file).
 */
int rules_for_item(const struct rules_options *o, const struct load *ld,
                   const struct load_item *it, const char *cmd, int teams,
                   struct tiebreak_rules *out, struct diag_list *dl);

struct playoff;

/*
 * The play-offs of a section: those of its playoffs.csv, then the n_extra
 * given on the command line.  Returns an array to free (its start numbers
 * are borrowed).
 */
struct playoff *rules_playoffs(const struct load_item *it,
                               const struct playoff *extra, size_t n_extra,
                               size_t *n);

struct standings;
struct team_table;

/*
 * Rank one section the way its documents will: its rules (rules_for_item()
 * with o), the play-offs of playoffs.csv and then the n_extra given, over
 * rounds 1..n_rounds (0: all); teams ranks the teams of a team
 * competition (NULL: the players).  Returns 0 with s filled (release it);
 * or an exit code with nothing to release: EXIT_USAGE for an option
 * (printed), or EXIT_DATAERR with the problem in dl: unusable rules of the
 * section, or play-offs that do not fit the standings (at their row of
 * playoffs.csv).
 */
int rules_rank(const struct rules_options *o, const struct load *ld,
               const struct load_item *it, const char *cmd,
               const struct team_table *teams, const struct playoff *extra,
               size_t n_extra, int n_rounds, struct standings *s,
               struct diag_list *dl);

/*
 * Warn (at the section in event.ini) about every prize-place tie of s that
 * still needs a play-off.
 */
void rules_playoff_warnings(const struct load_item *it,
                            const struct standings *s, struct diag_list *dl);

/*
 * Rank every section of an event the way its documents will (rules of
 * event.ini, play-offs of playoffs.csv) and report to dl what the
 * secretary must still do: a prize-place tie that needs a play-off
 * (warning, at the section in event.ini) and play-offs that do not fit the
 * standings (errors, at their row in playoffs.csv).
 */
void rules_check_event(const struct load *ld, struct diag_list *dl);

#endif
