/* render/view: what the documents of a section show, from core values.
 * SPDX-License-Identifier: MIT
 */
#include "render/view.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tournament.h"
#include "render/template.h"
#include "render/wording.h"
#include "util/date.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/name.h"
#include "util/banned.h"

static void add_note(struct view *j, const char *text)
{
    if (!text || !*text)
        return;
    ALLOC_GROW(j->notes, j->n_notes + 1, j->notes_alloc);
    j->notes[j->n_notes++] = arena_strdup(&j->arena, text);
}

/* Expand [notes] key of the templates with vars into a note. */
static void template_note(struct view *j, const struct template *tpl,
                          const char *key, const struct template_var *vars,
                          size_t n)
{
    const struct template_entry *e = template_find(tpl, "notes", key);
    struct strbuf sb = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    int empty = 0;

    if (e && !template_subst(e->value, e, vars, n, &sb, &empty, &dl))
        add_note(j, sb.buf);
    strbuf_release(&sb);
    diag_list_release(&dl);
}

/* 1 when a player of the standings has a round without a game. */
static int any_unplayed(const struct standings *s)
{
    size_t i;
    int r;

    for (i = 0; i < s->t->n_players; i++)
        for (r = 0; r < s->n_rounds; r++)
            if (!entry_is_played(&s->t->players[i].rounds[r]))
                return 1;
    return 0;
}

/* A coach as a table shows him: "Мельничук Т. М." for "Мельничук Тетяна
   Миколаївна" or "Мельничук, Тетяна"; any other form as written. */
static void coach_short(struct strbuf *out, const char *text)
{
    char *copy = xstrdup(text), *w[4], *save = NULL, *c;
    size_t n = 0;

    for (c = copy; *c; c++)
        if (*c == ',')
            *c = ' ';
    for (c = strtok_r(copy, " \t", &save); c && n < 4;
         c = strtok_r(NULL, " \t", &save))
        w[n++] = c;
    if (n == 2 || n == 3)
        name_initials(out, w[0], w[1], n == 3 ? w[2] : NULL);
    else
        strbuf_addstr(out, text);
    free(copy);
}

/* Registry data of the section's players, in t->players order. */
static struct doc_player *fill_players(struct view *j,
                                       const struct event *ev,
                                       const struct section *sec)
{
    const struct tournament *t = sec->t;
    struct doc_player *all;
    size_t i, k;

    all = xcalloc(t->n_players ? t->n_players : 1, sizeof(*all));
    for (i = 0; i < t->n_players; i++) {
        struct doc_player *dp = &all[i];
        const struct player *p = &t->players[i];
        const struct person *pe = section_person(ev, sec, (int)i);

        dp->birth_year = p->birth_year;
        if (pe) {
            struct strbuf coaches = STRBUF_INIT;
            dp->region = person_region(pe);
            dp->rank = pe->rank;
            dp->club = pe->club;
            dp->patronymic = pe->patronymic;
            for (k = 0; k < pe->n_coaches; k++) {
                if (k)
                    strbuf_addstr(&coaches, ", ");
                coach_short(&coaches, pe->coaches[k]);
            }
            dp->coach = arena_strdup(&j->arena, coaches.buf);
            strbuf_release(&coaches);
            if (pe->birth_year)
                dp->birth_year = pe->birth_year;
        }
    }
    return all;
}

/* Tie-break columns and what decided each place. */
static void fill_ranking(struct view *j, const struct template *tpl,
                         const struct section *sec, const struct playoff *pos,
                         size_t npos)
{
    const struct standings *s = j->dc.s;
    const struct tournament *t = s->t;
    size_t np = t->n_players, nt = s->rules.n, i, k;
    double *values = arena_alloc(&j->arena, sizeof(double) * (np * nt + 1));
    struct strbuf sb = STRBUF_INIT, who = STRBUF_INIT;

    j->tbs = xcalloc(nt + 1, sizeof(*j->tbs));
    for (k = 0; k < nt; k++) {
        j->tbs[k].code = s->rules.tb[k].code;
        j->tbs[k].heading = s->rules.tb[k].ua_short;
        j->tbs[k].legend = s->rules.tb[k].ua_name;
        j->tbs[k].values = values + k * np;
        for (i = 0; i < np; i++)
            values[k * np + i] = NAN;
    }
    j->decisions = xcalloc(np ? np : 1, sizeof(*j->decisions));
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        for (k = 0; k < nt; k++) {
            /* The place inside a tied group; 0 (it separated nobody) is
               left blank rather than printed down the whole column. */
            if (row->values[k].undefined ||
                ((s->rules.tb[k].def->flags & TBD_GROUP) &&
                 row->values[k].value == 0))
                continue;
            values[k * np + (size_t)row->player] = row->values[k].value;
        }
        if (row->flags & STANDINGS_BY_PLAYOFF)
            j->decisions[row->player] = DOC_DECIDED_PLAYOFF;
        else if (row->flags & STANDINGS_PLAYOFF_NEEDED)
            j->decisions[row->player] = DOC_PLAYOFF_NEEDED;
        else if (row->flags & STANDINGS_BY_DE)
            j->decisions[row->player] = DOC_DECIDED_DE;
        else if (row->decided_by >= 0 &&
                 s->rules.tb[row->decided_by].def->id == TB_WBP)
            j->decisions[row->player] = DOC_DECIDED_BOARDS;
    }
    j->dc.tiebreaks = j->tbs;
    j->dc.n_tiebreaks = nt;
    j->dc.decisions = j->decisions;

    /* Notes: play-offs played and needed, qualification, unplayed rule. */
    for (k = 0; k < npos; k++) {
        const struct standings_row *first =
            standings_find(s, pos[k].start_nos[0]);
        struct template_var vars[3];
        if (!first)
            continue;
        strbuf_reset(&sb);
        doc_place(&sb, first->place_lo, first->place_lo + (int)pos[k].n - 1);
        strbuf_reset(&who);
        for (i = 0; i < pos[k].n; i++) {
            const struct player *p = tournament_player(t, pos[k].start_nos[i]);
            struct strbuf name = STRBUF_INIT;
            /* Names hold commas ("Шість, Устим"): "Шість Устим (6)". */
            if (p) {
                const char *c;
                for (c = p->name; *c; c++)
                    if (*c != ',')
                        strbuf_addch(&name, *c);
            }
            strbuf_addf(&who, "%s%s (%d)", i ? "; " : "", p ? name.buf : "?",
                        pos[k].start_nos[i]);
            strbuf_release(&name);
        }
        vars[0].name = "places";
        vars[0].value = sb.buf;
        vars[1].name = "note";
        vars[1].value = pos[k].note;
        vars[2].name = "players";
        vars[2].value = who.buf;
        template_note(j, tpl,
                      pos[k].note && *pos[k].note ? "playoff" : "playoff-plain",
                      vars, 3);
    }
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        struct template_var var;
        if (!(row->flags & STANDINGS_PLAYOFF_NEEDED) ||
            (i && s->rows[i - 1].place_lo == row->place_lo))
            continue;
        strbuf_reset(&sb);
        doc_place(&sb, row->place_lo, row->place_hi);
        var.name = "places";
        var.value = sb.buf;
        template_note(j, tpl, "playoff-needed", &var, 1);
    }
    if (sec->qualify_places > 0 && sec->qualify_for && *sec->qualify_for) {
        struct template_var vars[2];
        struct strbuf to = STRBUF_INIT;
        strbuf_reset(&sb);
        doc_place(&sb, 1, sec->qualify_places);
        /* The qualification as a title in quotes, its first letter a
           capital: «Фінал чемпіонату України ...». */
        utf8_capitalise(&to, sec->qualify_for);
        vars[0].name = "places";
        vars[0].value = sb.buf;
        vars[1].name = "for";
        vars[1].value = to.buf;
        template_note(j, tpl, "qualify", vars, 2);
        strbuf_release(&to);
    }
    /* How unplayed rounds entered the tie-breaks, when there are any: a
       round robin counts a forfeit as played. */
    if (nt && any_unplayed(s)) {
        strbuf_reset(&sb);
        strbuf_addf(
            &sb, "unplayed-%s%s",
            tiebreak_policy_name((enum tiebreak_policy)s->rules.policy),
            s->rules.round_robin == 1 ? "-round-robin" : "");
        template_note(j, tpl, sb.buf, NULL, 0);
    }
    j->dc.notes = j->notes;
    j->dc.n_notes = j->n_notes;
    strbuf_release(&sb);
    strbuf_release(&who);
}

/* The header: from event.ini for a section, from the TRF for a lone file. */
static void fill_header(struct view *j, const struct event *ev,
                        const struct section *sec)
{
    const struct tournament *t = sec->t;
    struct doc_context *dc = &j->dc;
    struct strbuf sb = STRBUF_INIT;

    if (ev->lone_file) {
        dc->event_title = t->name;
        dc->city = t->city;
        dc->start = ev->start;
        dc->end = ev->end;
        dc->start_text = t->start_date;
        dc->end_text = t->end_date;
        dc->time_control = t->time_control;
        dc->chief_arbiter = t->chief_arbiter;
        return;
    }
    dc->event_title = ev->title;
    dc->section_title = sec->title;
    dc->organiser = ev->organisers;
    /* The section's own days (the event's when it gives none). */
    if (date_valid(&sec->start))
        dc->start = sec->start;
    if (date_valid(&sec->end))
        dc->end = sec->end;
    dc->city = ev->city;
    dc->venue = ev->venue;
    dc->event_rank = ev->rank;
    dc->age_group = ev->age_group;
    dc->order = ev->order;
    dc->time_control = sec->time_control && *sec->time_control
                           ? sec->time_control
                           : t->time_control;
    dc->chief_arbiter = ev->chief_arbiter.name;
    dc->chief_arbiter_position = ev->chief_arbiter.position;
    dc->chief_secretary = ev->chief_secretary.name;
    dc->chief_secretary_position = ev->chief_secretary.position;
    strbuf_release(&sb);
}

/* [tiebreaks] CODE.what of common.ini, else def. */
static const char *points_name(const struct template *common, const char *code,
                               const char *what, const char *def)
{
    struct strbuf key = STRBUF_INIT;
    const char *v;

    strbuf_addf(&key, "%s.%s", code, what);
    v = template_get(common, "tiebreaks", key.buf, NULL);
    strbuf_release(&key);
    return v ? v : def;
}

void view_name_tiebreaks(const struct template *common,
                         struct tiebreak_rules *r)
{
    size_t k;

    for (k = 0; k < r->n; k++) {
        struct tiebreak *tb = &r->tb[k];
        const char *h = points_name(common, tb->code, "heading", NULL);
        const char *l = points_name(common, tb->code, "legend", NULL);
        if (h)
            snprintf(tb->ua_short, sizeof(tb->ua_short), "%s", h);
        if (l)
            snprintf(tb->ua_name, sizeof(tb->ua_name), "%s", l);
    }
}

/* The match and game points of every team over the rounds counted. */
static void fill_points(struct view *v, const struct section_ranking *sr,
                        const struct template *tpl)
{
    static const char *const codes[2] = {"MPTS", "GPTS"};
    const struct team_table *tt = sr->teams;
    const struct standings *s = &sr->s;
    size_t np = s->t->n_players, i, k;
    double *values = arena_alloc(&v->arena, sizeof(double) * (2 * np + 1));
    int r;

    v->points = xcalloc(2, sizeof(*v->points));
    for (k = 0; k < 2; k++) {
        const struct tiebreak_def *def = tiebreak_def_find(codes[k]);
        v->points[k].code = codes[k];
        v->points[k].heading = points_name(tpl, codes[k], "heading",
                                           def ? def->ua_short : codes[k]);
        v->points[k].legend =
            points_name(tpl, codes[k], "legend", def ? def->ua_name : NULL);
        v->points[k].values = values + k * np;
    }
    for (i = 0; i < np; i++) {
        int ti = team_table_find(tt, s->t->players[i].start_no);
        double mp = 0, gp = 0;
        if (ti >= 0) {
            mp = tt->bonus_mp[ti];
            gp = tt->bonus_gp[ti];
            for (r = 0; r < s->n_rounds; r++) {
                mp += team_table_round(tt, (size_t)ti, r)->mp;
                gp += team_table_round(tt, (size_t)ti, r)->gp;
            }
        }
        values[i] = mp;
        values[np + i] = gp;
    }
    v->dc.points = v->points;
    v->dc.n_points = 2;
}

void view_init(struct view *v, const struct event *ev,
               const struct section *sec, const struct section_ranking *sr,
               const struct template *tpl)
{
    memset(v, 0, sizeof(*v));
    v->dc.s = &sr->s;
    v->dc.t = sr->s.t;
    fill_header(v, ev, sec);
    /* The system as the ranking settled it (core/standings.h), for the
       cross table too. */
    v->dc.system = sr->s.rules.round_robin == 1 ? DOC_SYSTEM_ROUND_ROBIN
                                                : DOC_SYSTEM_SWISS;
    v->dc.ko = sr->ko;
    v->dc.time_control_rapid = sec->time_control_rapid;
    v->dc.time_control_blitz = sec->time_control_blitz;
    v->dc.time_control_armageddon = sec->time_control_armageddon;
    if (sec->t && sr->s.n_rounds < sec->t->n_rounds)
        v->dc.after_round = sr->s.n_rounds;
    /* A final document is compiled on the section's last day (or the
       event's compiled); an interim one on the day it is made. */
    if (!v->dc.after_round)
        v->dc.compiled = section_compiled(ev, sec);
    if (sr->teams) {
        v->dc.teams = 1;
        fill_points(v, sr, tpl);
        v->dc.tt = sr->teams;
        v->members = fill_players(v, ev, sec);
        v->dc.members = v->members;
        v->dc.board_prize_min_games = sec->board_prize_min_games;
    } else {
        v->players = fill_players(v, ev, sec);
        v->dc.players = v->players;
    }
    /* The play-offs, for the notes that name them. */
    fill_ranking(v, tpl, sec, sr->playoffs, sr->n_playoffs);
}

void view_release(struct view *v)
{
    free(v->players);
    free(v->members);
    free(v->points);
    free(v->tbs);
    free(v->decisions);
    free(v->notes);
    arena_release(&v->arena);
}
