/* core/norms: which qualifying norms of ЄСКУ a player's result fulfils.
 * SPDX-License-Identifier: MIT
 */
#include "core/norms.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/mandate.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

void norms_release(struct norms *n)
{
    if (!n)
        return;
    arena_release(&n->arena);
    free(n->v);
    memset(n, 0, sizeof(*n));
}

void norm_section_of(const struct event *ev, const struct section *sec,
                     struct norm_result *out)
{
    const struct tournament *t = sec->t;
    const char **seen;
    size_t i, j, n = 0;

    memset(out, 0, sizeof(*out));
    out->players = t ? (int)t->n_players : 0;
    if (!t)
        return;
    seen = xcalloc(t->n_players + 1, sizeof(*seen));
    for (i = 0; i < t->n_players; i++) {
        const char *r = person_region(section_person(ev, sec, (int)i));
        if (!*r)
            continue;
        for (j = 0; j < n && strcmp(seen[j], r); j++)
            ;
        if (j == n)
            seen[n++] = r;
    }
    out->regions = (int)n;
    free(seen);
}

void norm_result_of(const struct section_ranking *sr,
                    const struct standings_row *row, int unrated,
                    const struct norm_result *section,
                    struct norm_result *out)
{
    const struct standings *s = &sr->s;
    const struct tournament *t = s->t;
    const struct player *p = &t->players[row->player];
    long sum = 0;
    int rated = 0, r;

    memset(out, 0, sizeof(*out));
    out->players = section->players;
    out->regions = section->regions;
    out->place_lo = row->place_lo;
    out->place_hi = row->place_hi;
    /* A knock-out's games are of several disciplines (rapid and blitz
       tie-breaks): its norms are its places. */
    if (sr->ko)
        return;
    for (r = 0; r < s->n_rounds && r < t->n_rounds; r++) {
        const struct entry *e = &p->rounds[r];
        const struct player *o;
        if (!entry_is_played(e))
            continue;
        out->games++;
        switch (entry_kind(e)) {
        case EK_WIN:
            out->points += 1;
            break;
        case EK_DRAW:
            out->points += 0.5;
            break;
        default:
            break;
        }
        o = tournament_player(t, e->opp);
        if (o && o->rating > 0) {
            sum += o->rating;
            rated++;
        } else if (unrated > 0) {
            sum += unrated;
            rated++;
        }
    }
    /* Rounded to the nearest point, as the average is printed. */
    out->average = rated ? (int)((sum + rated / 2) / rated) : 0;
}

static int in_list(const char *const *v, size_t n, const char *s)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (s && utf8_same_words(v[i], s))
            return 1;
    return 0;
}

int norm_applies(const struct norm *nm, const struct event *ev,
                 const struct section *sec, char sex)
{
    char who = sec->sex ? sec->sex : sex;

    if (nm->n_event_ranks && !in_list(nm->event_ranks, nm->n_event_ranks,
                                      ev->rank))
        return 0;
    if (nm->disciplines && !(nm->disciplines & (1u << sec->discipline)))
        return 0;
    if (nm->sex && nm->sex != who)
        return 0;
    if (nm->age && nm->age != (event_youth(ev) ? -1 : 1))
        return 0;
    if (nm->n_age_groups &&
        !in_list(nm->age_groups, nm->n_age_groups, ev->age_group))
        return 0;
    return 1;
}

int norm_met(const struct norm *nm, const struct norm_result *r)
{
    if (nm->place_lo &&
        (!r->place_lo || r->place_lo < nm->place_lo ||
         r->place_lo > nm->place_hi))
        return 0;
    if (nm->min_players && r->players < nm->min_players)
        return 0;
    if (nm->min_regions && r->regions < nm->min_regions)
        return 0;
    if (nm->min_games && r->games < nm->min_games)
        return 0;
    /* Per cent of the games played, exactly: 4½ of 9 is 50 %. */
    if (nm->min_percent > 0 &&
        (!r->games || r->points * 100 < nm->min_percent * r->games - 1e-9))
        return 0;
    if (nm->min_average && r->average < nm->min_average)
        return 0;
    return 1;
}

const struct norm *norms_best(const struct norms *ns, const struct event *ev,
                              enum panel_ranks panel,
                              const struct section *sec, char sex,
                              const struct norm_result *r, int held)
{
    const struct norm *best = NULL;
    int held_level = rank_class_level(held);
    size_t i;

    for (i = 0; ns && i < ns->n; i++) {
        const struct norm *nm = &ns->v[i];
        int level = rank_class_level(nm->rank_class);
        if (level <= held_level || !panel_counts_rank(panel, nm->rank_class))
            continue;
        if (best && level <= rank_class_level(best->rank_class))
            continue;
        if (norm_applies(nm, ev, sec, sex) && norm_met(nm, r))
            best = nm;
    }
    return best;
}
