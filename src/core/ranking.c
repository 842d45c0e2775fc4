/* core/ranking: the rules of a section settled, and its ranking.
 * SPDX-License-Identifier: MIT
 */
#include "core/ranking.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/knockout.h"
#include "core/tournament.h"
#include "util/date.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Use the file's 212 or 202 list when nothing else gave one. */
static void list_from_file(const struct tournament *t,
                           struct tiebreak_rules *rules, int teams,
                           struct diag_list *dl)
{
    struct diag_list pd = DIAG_LIST_INIT;
    struct tiebreak_rules got = *rules;
    struct strbuf err = STRBUF_INIT;
    size_t i;

    if (!t->tb_list)
        return;
    if (!tiebreak_list_parse(t->tb_list, &got, &pd, t->source, t->tb_list_line,
                             5)) {
        if (!tiebreak_rules_resolve(&got, teams, &err))
            *rules = got;
        else
            diag_error(&pd, t->source, t->tb_list_line, 5, "%s", err.buf);
    }
    for (i = 0; i < pd.nr; i++)
        diag_warning(dl, t->source, pd.items[i].line, pd.items[i].col,
                     "%s; the file's tie-break list (record %s) is not used",
                     pd.items[i].msg, t->tb_list_code);
    strbuf_release(&err);
    diag_list_release(&pd);
}

enum err section_rules(const struct event *ev, const struct section *sec,
                       const struct ranking_overrides *o, int teams,
                       struct tiebreak_rules *out, struct diag_list *dl)
{
    const struct tournament *t = sec->t;
    struct strbuf err = STRBUF_INIT;
    enum err e = ERR_OK;

    *out = sec->tb_rules;
    if (!teams && t && t->n_teams && !o->preset && !o->list &&
        (out->primary == 'M' || out->primary == 'G')) {
        /* The players of a team competition whose rules rank teams: by
           points alone. */
        int pp = out->prize_places;
        tiebreak_rules_init(out);
        out->prize_places = pp;
    }
    if (o->preset) {
        int rr = out->round_robin;
        *out = *o->preset;
        out->round_robin = rr;
        if (sec->prize_places > 0)
            out->prize_places = sec->prize_places;
    }
    if (o->list) {
        memcpy(out->tb, o->list->tb, sizeof(out->tb));
        out->n = o->list->n;
        if (o->list->primary)
            out->primary = o->list->primary;
    } else if (!out->n && t) {
        list_from_file(t, out, teams, dl);
    }
    if (o->have_policy)
        out->policy = (int)o->policy;
    if (o->prize_places)
        out->prize_places = o->prize_places;
    if (out->policy == TB_POLICY_DEFAULT && date_valid(&ev->start))
        out->policy = (int)tiebreak_policy_for_date(&ev->start);
    if (teams && !out->primary && t)
        out->primary = t->team_primary;
    if (tiebreak_rules_resolve(out, teams, &err)) {
        if (o->list) {
            diag_error(dl, NULL, 0, 0, "--tiebreaks: %s", err.buf);
            e = ERR_USAGE;
        } else if (o->preset) {
            diag_error(dl, NULL, 0, 0, "--rules %s: %s",
                       out->preset ? out->preset : "", err.buf);
            e = ERR_USAGE;
        } else {
            unsigned line = sec->tb_at.line ? sec->tb_at.line : sec->at.line;
            unsigned col = sec->tb_at.line ? sec->tb_at.col : 0;
            if (ev->lone_file)
                diag_error(dl, sec->at.file, 0, 0, "%s", err.buf);
            else
                diag_error(dl, sec->at.file, line, col, "section '%s': %s",
                           sec->id, err.buf);
            e = ERR_DATA;
        }
    }
    strbuf_release(&err);
    return e;
}

/* The play-offs of a section: its playoffs.csv, then extra. */
static struct playoff *section_playoffs(const struct section *sec,
                                        const struct playoff *extra,
                                        size_t n_extra, size_t *n)
{
    size_t ns = sec->n_playoffs, i;
    struct playoff *all = xcalloc(ns + n_extra + 1, sizeof(*all));

    for (i = 0; i < ns; i++) {
        const struct section_playoff *sp = &sec->playoffs[i];
        all[i].start_nos = sp->start_nos;
        all[i].n = sp->n;
        all[i].file = sp->at.file;
        all[i].line = sp->at.line;
        all[i].col = sp->at.col;
        all[i].note = sp->note;
    }
    for (i = 0; i < n_extra; i++)
        all[ns + i] = extra[i];
    *n = ns + n_extra;
    return all;
}

/* Seeding order: registry seed, then rating, then name. */
struct seeding {
    int start_no, seed, rating;
    const char *name;
};

static int cmp_seeding(const void *x, const void *y)
{
    const struct seeding *a = x, *b = y;
    int c;

    if (a->seed != b->seed)
        return !a->seed ? 1 : !b->seed ? -1 : a->seed - b->seed;
    if (a->rating != b->rating)
        return b->rating - a->rating;
    c = strcmp(a->name, b->name);
    return c ? c : a->start_no - b->start_no;
}

int *knockout_seeds(const struct event *ev, const struct section *sec,
                    int *seeded)
{
    const struct tournament *t = sec->t;
    struct seeding *sd = xcalloc(t->n_players + 1, sizeof(*sd));
    int *seeds = xcalloc(t->n_players + 1, sizeof(*seeds));
    size_t i;

    for (i = 0; i < t->n_players; i++) {
        const struct person *pe = section_person(ev, sec, (int)i);
        sd[i].start_no = t->players[i].start_no;
        sd[i].seed = pe ? pe->seed : 0;
        sd[i].rating = t->players[i].rating;
        sd[i].name = t->players[i].name ? t->players[i].name : "";
        if (sd[i].seed > 0 || sd[i].rating > 0)
            *seeded = 1;
    }
    qsort(sd, t->n_players, sizeof(*sd), cmp_seeding);
    for (i = 0; i < t->n_players; i++)
        seeds[i] = sd[i].start_no;
    free(sd);
    return seeds;
}

/* The points a player scored in the games of his matches. */
static double ko_points(const struct knockout *ko, int no)
{
    double sum = 0;
    size_t i;
    int k;

    for (i = 0; i < ko->n_matches; i++) {
        const struct ko_match *m = &ko->matches[i];
        if (m->a != no && m->b != no)
            continue;
        for (k = 0; k < m->n_scores; k++)
            sum += m->a == no ? m->scores[k].a : m->scores[k].b;
    }
    return sum;
}

/* A knock-out ranked: its bracket, and its places as standings rows. */
static enum err knockout_rank(const struct event *ev,
                              const struct section *sec,
                              struct section_ranking *out,
                              struct diag_list *dl)
{
    const struct tournament *t = sec->t;
    struct standings *s = &out->s;
    int seeded = 0;
    int *seeds = knockout_seeds(ev, sec, &seeded);
    enum err e;
    size_t i;

    out->ko = xcalloc(1, sizeof(*out->ko));
    e = knockout_build(out->ko, t, seeds, t->n_players, seeded, &sec->ladder,
                       dl);
    free(seeds);
    if (e)
        return e;
    s->t = t;
    s->n_rounds = out->ko->n_rounds;
    tiebreak_rules_init(&s->rules);
    s->rules.policy = (int)TB_POLICY_NONE; /* no tie-breaks to adjust */
    s->n_rows = out->ko->n_entrants;
    s->rows = xcalloc(s->n_rows + 1, sizeof(*s->rows));
    for (i = 0; i < s->n_rows; i++) {
        const struct ko_entrant *en = &out->ko->entrants[i];
        struct standings_row *row = &s->rows[i];
        row->start_no = en->start_no;
        row->player = t->index_of[en->start_no] - 1;
        row->points = ko_points(out->ko, en->start_no);
        row->place_lo = en->place_lo;
        row->place_hi = en->place_hi;
        row->flags = en->place_lo != en->place_hi ? STANDINGS_SHARED : 0;
        row->decided_by = en->place_lo != en->place_hi ? STANDINGS_UNDECIDED
                                                       : STANDINGS_BY_POINTS;
    }
    out->ranked = 1;
    return ERR_OK;
}

enum err section_rank(const struct event *ev, const struct section *sec,
                      const struct ranking_overrides *o,
                      struct section_ranking *out, struct diag_list *dl)
{
    static const struct ranking_overrides none;
    struct tiebreak_rules rules;
    struct standings_options so;
    int teams;
    enum err e;

    memset(out, 0, sizeof(*out));
    out->sec = sec;
    if (!o)
        o = &none;
    if (!sec->t)
        return ERR_OK; /* its results did not load: said already */
    if (sec->t->ko_input)
        return knockout_rank(ev, sec, out, dl);
    teams = o->kind == RANK_TEAMS ||
            (o->kind == RANK_AUTO && sec->t->n_teams > 0);
    if (teams) {
        /* Its findings are the results' own, reported by the validation. */
        struct diag_list tdl = DIAG_LIST_INIT;
        out->teams = xcalloc(1, sizeof(*out->teams));
        team_table_build(out->teams, sec->t, &tdl);
        diag_list_release(&tdl);
    }
    e = section_rules(ev, sec, o, teams, &rules, dl);
    if (e)
        return e;
    out->playoffs = section_playoffs(sec, o->extra, o->n_extra,
                                     &out->n_playoffs);
    memset(&so, 0, sizeof(so));
    so.n_rounds = o->n_rounds;
    so.rules = &rules;
    so.playoffs = out->playoffs;
    so.n_playoffs = out->n_playoffs;
    so.teams = out->teams;
    if (standings_rank(&out->s, sec->t, &so, dl)) {
        standings_release(&out->s);
        memset(&out->s, 0, sizeof(out->s));
        return ERR_DATA;
    }
    out->ranked = 1;
    return ERR_OK;
}

void section_ranking_release(struct section_ranking *r)
{
    if (r->ranked)
        standings_release(&r->s);
    if (r->teams) {
        team_table_release(r->teams);
        free(r->teams);
    }
    if (r->ko) {
        knockout_release(r->ko);
        free(r->ko);
    }
    free(r->playoffs);
    memset(r, 0, sizeof(*r));
}

enum err event_rank(const struct event *ev, const struct ranking_overrides *o,
                    struct event_ranking *out, struct diag_list *dl)
{
    enum err worst = ERR_OK;
    size_t i;

    memset(out, 0, sizeof(*out)); /* no teams until they are ranked */
    out->n = ev->n_sections;
    out->sections = xcalloc(out->n + 1, sizeof(*out->sections));
    for (i = 0; i < ev->n_sections; i++) {
        enum err e = section_rank(ev, &ev->sections[i], o, &out->sections[i],
                                  dl);
        if (e == ERR_USAGE || (e && !worst))
            worst = e;
    }
    return worst;
}

void event_ranking_release(struct event_ranking *r)
{
    size_t i;

    for (i = 0; i < r->n; i++) {
        section_ranking_release(&r->sections[i]);
        if (r->teams)
            section_ranking_release(&r->teams[i]);
    }
    free(r->sections);
    free(r->teams);
    memset(r, 0, sizeof(*r));
}

void section_ranking_warnings(const struct event *ev,
                              const struct section_ranking *r,
                              struct diag_list *dl)
{
    const struct standings *s = &r->s;
    const struct section *sec = r->sec;
    struct strbuf name = STRBUF_INIT;
    size_t k;

    if (!r->ranked || sec->at.line == 0)
        return;
    for (k = 0; k < s->n_rows; k++) {
        const struct standings_row *row = &s->rows[k];
        if (!(row->flags & STANDINGS_PLAYOFF_NEEDED) ||
            (k && s->rows[k - 1].place_lo == row->place_lo))
            continue;
        diag_warning(dl, sec->at.file, sec->at.line, 0,
                     "section '%s': places %d-%d are tied on every "
                     "criterion and need a play-off; enter its result in "
                     "playoffs.csv",
                     sec->id, row->place_lo, row->place_hi);
    }
    /* The prize-winners' coaches get diplomas: a team competition's
       places are its teams'. */
    for (k = 0; !r->teams && !sec->t->n_teams && k < s->n_rows; k++) {
        const struct standings_row *row = &s->rows[k];
        const struct person *p;
        if (row->place_lo > sec->prize_places)
            break;
        p = section_person(ev, sec, row->player);
        if (!p || p->n_coaches)
            continue;
        strbuf_reset(&name);
        person_name(p, &name);
        diag_warning(dl, p->at.file, p->at.line,
                     p->coach_col ? p->coach_col : 1,
                     "'%s' is a prize-winner of section '%s' (place %d) but "
                     "has no coach for the diploma",
                     name.buf, sec->id, row->place_lo);
    }
    strbuf_release(&name);
}
