/* pipeline/prepare: the one prepared event every command starts from.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/prepare.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/mandate.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/load.h"
#include "render/template.h"
#include "render/view.h"
#include "util/datadir.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

void prepared_mandate(const struct prepared *p, struct mandate_result *out)
{
    mandate_compute(p->ev, out);
}

size_t prepared_people(const struct prepared *p)
{
    const struct section **secs = xcalloc(p->n + 1, sizeof(*secs));
    size_t i, n;

    for (i = 0; i < p->n; i++)
        secs[i] = p->secs[i].sec;
    n = event_people(p->ev, secs, p->n, NULL);
    free(secs);
    return n;
}

int prepared_rounds(const struct prepared_section *ps)
{
    const struct tournament *t = ps->sec->t;
    size_t i;
    int n;

    if (!t)
        return 0;
    n = t->n_rounds;
    for (i = 0; t->ko_input && i < t->ko_input->n; i++)
        if (t->ko_input->games[i].round > n)
            n = t->ko_input->games[i].round;
    return n;
}

/* The sections chosen: every one, or o->section (ERR_USAGE when the event
   has no such section, or is a lone file). */
static enum err choose(const struct prepare_options *o, struct prepared *p,
                       struct diag_list *dl)
{
    struct event *ev = p->ev;
    size_t i;

    if (o->section && ev->lone_file) {
        diag_error(dl, NULL, 0, 0,
                   "--section names a section of an event folder; '%s' is "
                   "a file",
                   o->path);
        return ERR_USAGE;
    }
    if (o->section && !event_section(ev, o->section)) {
        struct strbuf names = STRBUF_INIT;
        for (i = 0; i < ev->n_sections; i++)
            strbuf_addf(&names, "%s%s", i ? ", " : "", ev->sections[i].id);
        diag_error(dl, NULL, 0, 0, "no section '%s' in %s (it has: %s)",
                   o->section, o->path, names.buf);
        strbuf_release(&names);
        return ERR_USAGE;
    }
    for (i = 0; i < ev->n_sections; i++)
        section_settle(ev, &ev->sections[i]);
    p->secs = xcalloc(ev->n_sections + 1, sizeof(*p->secs));
    for (i = 0; i < ev->n_sections; i++) {
        struct prepared_section *ps = &p->secs[p->n];
        struct section *s = &ev->sections[i];
        if (o->section && strcmp(o->section, s->id))
            continue;
        ps->sec = s;
        ps->name = ev->lone_file ? o->path : s->id;
        diag_list_init(&ps->notes);
        p->n++;
    }
    return ERR_OK;
}

/* The overrides that do not fit a chosen section: ERR_USAGE. */
static enum err check_overrides(const struct prepare_options *o,
                                const struct prepared *p, struct diag_list *dl)
{
    const struct ranking_overrides *ov = &o->ov;
    size_t i;

    for (i = 0; i < p->n; i++) {
        const struct prepared_section *ps = &p->secs[i];
        const struct tournament *t = ps->sec->t;
        if (!t)
            continue;
        if (ov->n_rounds && t->ko_input) {
            diag_error(dl, NULL, 0, 0,
                       "--rounds %d: a knock-out is ranked by its bracket "
                       "as far as it was played, not after a round; leave "
                       "the later rounds out of its match cards to see an "
                       "earlier state",
                       ov->n_rounds);
            return ERR_USAGE;
        }
        if (ov->n_rounds > t->n_rounds) {
            if (p->ev->lone_file)
                diag_error(dl, NULL, 0, 0,
                           "--rounds %d: the file has %d round%s",
                           ov->n_rounds, t->n_rounds,
                           t->n_rounds == 1 ? "" : "s");
            else
                diag_error(dl, NULL, 0, 0,
                           "--rounds %d: section '%s' has %d round%s",
                           ov->n_rounds, ps->sec->id, t->n_rounds,
                           t->n_rounds == 1 ? "" : "s");
            return ERR_USAGE;
        }
        if (ov->kind == RANK_TEAMS && !t->n_teams && !t->ko_input) {
            diag_error(dl, NULL, 0, 0,
                       "--teams: the file has no teams (records 310 or 013)");
            return ERR_USAGE;
        }
    }
    return ERR_OK;
}

/*
 * The words common.ini of the templates gives the tie-breaks, in every
 * ranking of p; templates that cannot be read change nothing here (the
 * documents say why when they are made).
 */
static void name_tiebreaks(const struct prepare_options *o,
                           struct prepared *p)
{
    struct template tpl = TEMPLATE_INIT;
    struct diag_list scratch = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    char *dir = o->templates_dir ? NULL
                                 : data_dir("templates", "SEKRETAR_TEMPLATES");
    size_t i;

    strbuf_addf(&path, "%s/common.ini", dir ? dir : o->templates_dir);
    scratch.errors_only = 1;
    if (file_is_regular(path.buf) && !template_load(&tpl, path.buf, &scratch))
        for (i = 0; i < p->er.n; i++) {
            if (p->er.sections[i].ranked)
                view_name_tiebreaks(&tpl, &p->er.sections[i].s.rules);
            if (p->er.teams[i].ranked)
                view_name_tiebreaks(&tpl, &p->er.teams[i].s.rules);
        }
    template_release(&tpl);
    diag_list_release(&scratch);
    strbuf_release(&path);
    free(dir);
}

/* Move the findings of from to the end of to (from emptied). */
static void move_diags(struct diag_list *to, struct diag_list *from)
{
    diag_list_append(to, from);
    diag_list_release(from);
    diag_list_init(from);
}

/* Copy the findings of from into to. */
static void copy_diags(struct diag_list *to, const struct diag_list *from)
{
    size_t i;

    for (i = 0; i < from->nr; i++)
        diag_add(to, from->items[i].level, from->items[i].file,
                 from->items[i].line, from->items[i].col, "%s",
                 from->items[i].msg);
}

/*
 * Rank section si as its system says: a knock-out by its bracket, a team
 * competition by its teams (and its players beside them, by their own
 * rules), any other by its players.  What the ranking says goes to
 * ps->notes, its errors to dl.
 */
static enum err rank_section(const struct prepare_options *o,
                             struct prepared *p, struct prepared_section *ps,
                             size_t si, struct diag_list *dl)
{
    const struct tournament *t = ps->sec->t;
    struct section_ranking *pl = &p->er.sections[si];
    struct section_ranking *tm = &p->er.teams[si];
    struct diag_list mine = DIAG_LIST_INIT;
    enum err e;

    if (t->ko_input) {
        /* Ranked with the event's check, for what the cards get wrong. */
        ps->ranking = ps->players = pl;
        return pl->ranked ? ERR_OK : ERR_DATA;
    }
    if (t->n_teams && o->ov.kind != RANK_PLAYERS) {
        struct ranking_overrides teams = o->ov, players = o->ov;
        struct diag_list pdl = DIAG_LIST_INIT;
        teams.kind = RANK_TEAMS;
        e = section_rank(p->ev, ps->sec, &teams, tm, &mine);
        if (!e) {
            /* The rules and play-offs given are the teams'. */
            players.kind = RANK_PLAYERS;
            players.preset = players.list = NULL;
            players.extra = NULL;
            players.n_extra = 0;
            if (section_rank(p->ev, ps->sec, &players, pl, &pdl)) {
                size_t k;
                for (k = 0; k < pdl.nr; k++)
                    if (pdl.items[k].level == DIAG_ERROR)
                        diag_add(&mine, DIAG_ERROR, pdl.items[k].file,
                                 pdl.items[k].line, pdl.items[k].col, "%s",
                                 pdl.items[k].msg);
                e = ERR_DATA;
            }
        }
        diag_list_release(&pdl);
        ps->ranking = tm;
    } else {
        struct ranking_overrides players = o->ov;
        players.kind = RANK_PLAYERS;
        e = section_rank(p->ev, ps->sec, &players, pl, &mine);
        ps->ranking = pl;
    }
    ps->players = pl;
    if (e == ERR_USAGE) {
        move_diags(dl, &mine);
        return e;
    }
    /* Errors are the event's; the rest is what this ranking says. */
    {
        size_t k;
        for (k = 0; k < mine.nr; k++)
            diag_add(mine.items[k].level == DIAG_ERROR ? dl : &ps->notes,
                     mine.items[k].level, mine.items[k].file,
                     mine.items[k].line, mine.items[k].col, "%s",
                     mine.items[k].msg);
    }
    diag_list_release(&mine);
    if (!e && ps->ranking->ranked)
        copy_diags(dl, &ps->notes);
    return e;
}

enum err prepare_event(const struct prepare_options *o, struct prepared *p,
                       struct diag_list *dl)
{
    struct load ld;
    enum err e, loaded;
    size_t i, n;
    unsigned lflags = 0;

    memset(p, 0, sizeof(*p));
    memset(&ld, 0, sizeof(ld));
    if (o->flags & PREPARE_FOLDER) {
        if (file_is_regular(o->path)) {
            diag_error(dl, NULL, 0, 0,
                       "'%s' is a file; sekretar %s works on an event folder",
                       o->path, o->cmd ? o->cmd : "");
            return ERR_USAGE;
        }
        if (!file_is_dir(o->path)) {
            diag_error(dl, NULL, 0, 0, "no event folder '%s'", o->path);
            return ERR_NOINPUT;
        }
    }
    if (o->flags & PREPARE_RESULTS_OPTIONAL)
        lflags |= LOAD_RESULTS_OPTIONAL;
    /* The whole event is read and checked, whatever section is chosen. */
    loaded = load_path_flags(o->path, NULL, o->encoding, lflags, &ld, dl, dl);
    p->ev = ld.ev;
    ld.ev = NULL;
    load_release(&ld);
    if (!p->ev)
        return loaded ? loaded : ERR_NOINPUT;
    if (loaded == ERR_NOINPUT || loaded == ERR_IO)
        return loaded;
    e = choose(o, p, dl);
    if (!e)
        e = check_overrides(o, p, dl);
    if (e)
        return e;

    for (i = 0; i < p->ev->n_sections; i++) {
        const struct tournament *t = p->ev->sections[i].t;
        if (!t)
            continue;
        tournament_validate(t, dl);
        tournament_absences(t, dl);
    }
    if (!p->ev->lone_file)
        event_check(p->ev, dl);

    n = p->ev->n_sections;
    p->er.n = n;
    p->er.sections = xcalloc(n + 1, sizeof(*p->er.sections));
    p->er.teams = xcalloc(n + 1, sizeof(*p->er.teams));
    /* A knock-out's cards are checked by making its bracket, whatever
       else is wrong. */
    for (i = 0; i < n; i++) {
        const struct section *s = &p->ev->sections[i];
        if (s->t && s->t->ko_input)
            section_rank(p->ev, s, NULL, &p->er.sections[i], dl);
    }
    /* What the inputs get wrong; a ranking's own failure (a play-off
       that does not fit it) is not counted there. */
    p->n_errors = dl->nr_errors;
    for (i = 0; i < p->n && !dl->nr_errors; i++) {
        struct prepared_section *ps = &p->secs[i];
        size_t si = (size_t)(ps->sec - p->ev->sections);
        if (!ps->sec->t)
            continue;
        if (o->progress)
            o->progress(ps->name, i, p->n);
        e = rank_section(o, p, ps, si, dl);
        if (e == ERR_USAGE)
            return e;
        if (e)
            continue;
        section_ranking_warnings(p->ev, ps->ranking, dl);
        /* A section that names no system (a lone file) has the one its
           ranking settled, for every output alike. */
        if (ps->sec->system == SYS_AUTO)
            ps->sec->system = ps->ranking->ko      ? SYS_KNOCKOUT
                              : ps->ranking->teams ? SYS_TEAM
                              : ps->ranking->s.rules.round_robin == 1
                                  ? SYS_ROUND_ROBIN
                                  : SYS_SWISS;
    }
    /* The ranking's errors located in an input (event.ini, playoffs.csv)
       are the inputs' too. */
    for (i = p->n_errors ? dl->nr : 0; i < dl->nr; i++)
        if (dl->items[i].level == DIAG_ERROR && dl->items[i].file)
            p->n_errors++;
    p->n_warnings = dl->nr_warnings;
    if (!dl->nr_errors && !loaded) {
        name_tiebreaks(o, p);
        return ERR_OK;
    }
    /* Nothing of an event with errors is shown as ranked. */
    for (i = 0; i < p->n; i++)
        p->secs[i].ranking = p->secs[i].players = NULL;
    return ERR_DATA;
}

void prepared_release(struct prepared *p)
{
    size_t i;

    for (i = 0; i < p->n; i++)
        diag_list_release(&p->secs[i].notes);
    free(p->secs);
    event_ranking_release(&p->er);
    event_free(p->ev);
    memset(p, 0, sizeof(*p));
}

enum err prepare_bundle_folder(const char *dir, const char *cmd,
                               const char *label, struct prepared *p,
                               struct diag_list *dl)
{
    struct prepare_options o;
    struct diag_list mine = DIAG_LIST_INIT;
    enum err e;
    size_t i;

    memset(&o, 0, sizeof(o));
    o.path = dir;
    o.flags = PREPARE_FOLDER;
    o.cmd = cmd;
    e = prepare_event(&o, p, &mine);
    for (i = 0; i < mine.nr; i++)
        if (mine.items[i].level == DIAG_ERROR)
            diag_add(dl, DIAG_ERROR, mine.items[i].file, mine.items[i].line,
                     mine.items[i].col, "%s", mine.items[i].msg);
    if (e == ERR_DATA)
        diag_error(dl, NULL, 0, 0,
                   "%s: %zu error%s; %s refuses an event with errors "
                   "('sekretar check' lists every problem)",
                   label, mine.nr_errors, mine.nr_errors == 1 ? "" : "s",
                   cmd);
    diag_list_release(&mine);
    return e;
}
