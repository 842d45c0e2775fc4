/* render/view: what the documents of a section show, built from core
 * values: the event's and the section's header, the entrants ranked
 * (players joined to the registry, or teams), the tie-break columns,
 * what decided the places, and the notes under the legend.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_VIEW_H
#define RENDER_VIEW_H

#include <stddef.h>

#include "render/render.h"
#include "util/arena.h"

struct event;
struct section;
struct section_ranking;
struct template;

/* The view of one ranked section, and what holds it. */
struct view {
    struct doc_context dc;
    struct arena arena;
    struct doc_player *players, *members;
    struct doc_tiebreak *points, *tbs;
    enum doc_decision *decisions;
    const char **notes;
    size_t n_notes, notes_alloc;
};

/*
 * The view of section sec of ev as sr ranks it (its players, or its teams
 * when sr ranked them), the notes worded by tpl's [notes] (common.ini).
 * Strings are borrowed from ev, sr and tpl, which must outlive the view.
 */
void view_init(struct view *v, const struct event *ev,
               const struct section *sec, const struct section_ranking *sr,
               const struct template *tpl);
void view_release(struct view *v);

struct tiebreak_rules;
/*
 * Give the tie-breaks of r the headings and legends common.ini's
 * [tiebreaks] gives their codes (CODE.heading, CODE.legend), where it
 * gives any: the templates' own words, for every output alike (the
 * program's table names every code; see 'sekretar help --tiebreaks').
 */
void view_name_tiebreaks(const struct template *common,
                         struct tiebreak_rules *r);

#endif
