/* cli/options: the options several commands share: the ranking rules
 * ("--rules", "--tiebreaks", "--unplayed", "--prize-places").
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_OPTIONS_H
#define CLI_OPTIONS_H

#include "core/ranking.h"
#include "core/tiebreak.h"

/* What the command line says about the rules; zero-initialise. */
struct rules_options {
    struct tiebreak_rules preset; /* --rules */
    int have_preset;
    struct tiebreak_rules list; /* --tiebreaks, parsed */
    int have_list;
    int have_policy; /* --unplayed */
    enum tiebreak_policy policy;
    int prize_places; /* --prize-places; 0 when not given */
    struct ranking_overrides ov; /* rules_overrides() */
};

/*
 * Take one of the options (c is the getopt value 'R', 'T', 'U' or 'P');
 * returns 0, or prints a usage error for cmd and returns EXIT_USAGE.
 */
int rules_option(struct rules_options *o, int c, const char *arg,
                 const char *cmd);

/* The overrides of the ranking that o holds (pointing into o). */
struct ranking_overrides *rules_overrides(struct rules_options *o);

/*
 * Print the problems of a ranking to stderr: an override at fault
 * (ERR_USAGE) as a usage error of cmd, anything else as located
 * findings.  Returns the exit code for e.
 */
int rules_report(enum err e, struct diag_list *dl, const char *cmd);

/*
 * The creation date of documents and bundles: SEKRETAR_TEST_DATE (a
 * date), SOURCE_DATE_EPOCH (seconds), or now.  Returns -1 after printing
 * why a variable cannot be read.
 */
int options_creation_time(long long *out);

#endif
