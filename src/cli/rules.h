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
 * file's) start date.  Returns 0, or an exit code after printing why.
 */
int rules_for_item(const struct rules_options *o, const struct load *ld,
                   const struct load_item *it, const char *cmd,
                   struct tiebreak_rules *out);

#endif
