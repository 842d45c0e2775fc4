/* cli/rules: the ranking rules of a section, from the command line, from
 * event.ini and from the results file.
 * SPDX-License-Identifier: MIT
 */
#include "cli/rules.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ingest/load.h"
#include "core/event.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "util/date.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

int rules_option(struct rules_options *o, int c, const char *arg,
                 const char *cmd)
{
    char *end;
    long v;

    switch (c) {
    case 'R':
        if (tiebreak_preset(arg, &o->preset))
            return cli_usage_error(cmd,
                                   "unknown rules '%s' (ua-2004, "
                                   "ua-2004-teams, ua-2017, ua-2023 or "
                                   "fide)",
                                   arg);
        o->have_preset = 1;
        return 0;
    case 'T': {
        struct tiebreak_rules probe;
        struct diag_list dl = DIAG_LIST_INIT;
        tiebreak_rules_init(&probe);
        if (tiebreak_list_parse(arg, &probe, &dl, NULL, 0, 0)) {
            cli_usage_error(cmd, "--tiebreaks: %s", dl.items[0].msg);
            diag_list_release(&dl);
            return EXIT_USAGE;
        }
        o->list = arg;
        return 0;
    }
    case 'U':
        if (tiebreak_policy_parse(arg, &o->policy))
            return cli_usage_error(cmd,
                                   "unknown policy '%s' for unplayed rounds "
                                   "(fide-2024, fide-2026, fide-2009 or "
                                   "none)",
                                   arg);
        o->have_policy = 1;
        return 0;
    case 'P':
        v = strtol(arg, &end, 10);
        if (*end || v < 1 || v > 9999)
            return cli_usage_error(cmd,
                                   "--prize-places wants a number of places, "
                                   "not '%s'",
                                   arg);
        o->prize_places = (int)v;
        return 0;
    default:
        return cli_usage_error(cmd, "bad option");
    }
}

/* Use the file's 212 or 202 record when nothing else gave a list. */
static void list_from_file(const struct tournament *t,
                           struct tiebreak_rules *rules, int teams)
{
    const struct record *r = tournament_record(t, "212");
    struct diag_list dl = DIAG_LIST_INIT, warn = DIAG_LIST_INIT;
    struct tiebreak_rules got = *rules;
    struct strbuf err = STRBUF_INIT;
    size_t i;

    if (!r)
        r = tournament_record(t, "202");
    if (!r)
        return;
    if (!tiebreak_list_parse(r->text, &got, &dl, t->source, r->line, 5)) {
        if (!tiebreak_rules_resolve(&got, teams, &err))
            *rules = got;
        else
            diag_error(&dl, t->source, r->line, 5, "%s", err.buf);
    }
    strbuf_release(&err);
    for (i = 0; i < dl.nr; i++)
        diag_warning(&warn, t->source, dl.items[i].line, dl.items[i].col,
                     "%s; the file's tie-break list (record %s) is not used",
                     dl.items[i].msg, r->code);
    cli_print_diags(&warn, stderr, 1);
    diag_list_release(&dl);
    diag_list_release(&warn);
}

/*
 * What ranks a team competition first by its 192 record (FIDE_TEAM_GP_MP,
 * FIDE_TEAM_GP, ...): 'G' game points, 'M' match points, or 0 when it does
 * not say.
 */
static char primary_of_192(const struct tournament *t)
{
    const struct record *r = tournament_record(t, "192");
    size_t len;

    if (!r)
        return 0;
    len = strlen(r->text);
    if (strstr(r->text, "_MP_GP"))
        return 'M';
    if (strstr(r->text, "_GP_MP"))
        return 'G';
    if (strstr(r->text, "_MP_") ||
        (len > 3 && !strcmp(r->text + len - 3, "_MP")))
        return 'M';
    if (strstr(r->text, "_GP_") ||
        (len > 3 && !strcmp(r->text + len - 3, "_GP")))
        return 'G';
    return 0;
}

/* The rules event.ini gives a section; 0, or -1 with the problem in dl. */
static int section_rules(const struct section *sec, struct tiebreak_rules *r,
                         struct diag_list *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    size_t i;
    int bad = 0;

    if (sec->rules && tiebreak_preset(sec->rules, r))
        bad = 1;
    if (!bad && sec->tiebreaks &&
        tiebreak_list_parse(sec->tiebreaks, r, &dl, sec->at.file,
                            sec->at.line, 0))
        bad = 1;
    if (!bad && sec->unplayed) {
        enum tiebreak_policy p;
        if (tiebreak_policy_parse(sec->unplayed, &p))
            bad = 1;
        else
            r->policy = (int)p;
    }
    if (sec->prize_places > 0)
        r->prize_places = sec->prize_places;
    if (sec->system == SYS_ROUND_ROBIN)
        r->round_robin = 1;
    else if (sec->system == SYS_SWISS)
        r->round_robin = 0;
    if (bad) {
        /* event.ini was validated on loading; this is a safety net. */
        if (!dl.nr)
            diag_error(out, sec->at.file, sec->at.line, 0,
                       "section '%s': unusable ranking rules", sec->id);
        for (i = 0; i < dl.nr; i++)
            diag_error(out, dl.items[i].file, dl.items[i].line,
                       dl.items[i].col, "%s", dl.items[i].msg);
    }
    diag_list_release(&dl);
    return bad ? -1 : 0;
}

int rules_for_item(const struct rules_options *o, const struct load *ld,
                   const struct load_item *it, const char *cmd, int teams,
                   struct tiebreak_rules *out, struct diag_list *dl)
{
    const struct section *sec = it->section;
    struct strbuf err = STRBUF_INIT;
    int ret = 0;

    tiebreak_rules_init(out);
    if (sec && section_rules(sec, out, dl))
        return EXIT_DATAERR;
    if (o->have_preset) {
        int rr = out->round_robin, pp = out->prize_places;
        *out = o->preset;
        out->round_robin = rr;
        if (!sec || sec->prize_places <= 0)
            out->prize_places = o->preset.prize_places;
        else
            out->prize_places = pp;
    }
    if (o->list) {
        struct diag_list dl = DIAG_LIST_INIT;
        tiebreak_list_parse(o->list, out, &dl, NULL, 0, 0);
        diag_list_release(&dl);
    } else if (!out->n && it->t) {
        list_from_file(it->t, out, teams);
    }
    if (o->have_policy)
        out->policy = (int)o->policy;
    if (o->prize_places)
        out->prize_places = o->prize_places;
    if (out->policy == TB_POLICY_DEFAULT && ld->ev &&
        date_valid(&ld->ev->start))
        out->policy = (int)tiebreak_policy_for_date(&ld->ev->start);
    if (teams && !out->primary && it->t)
        out->primary = primary_of_192(it->t);
    if (tiebreak_rules_resolve(out, teams, &err)) {
        if (o->list)
            ret = cli_usage_error(cmd, "--tiebreaks: %s", err.buf);
        else if (o->have_preset)
            ret = cli_usage_error(cmd, "--rules %s: %s",
                                  out->preset ? out->preset : "", err.buf);
        else {
            if (sec)
                diag_error(dl, sec->at.file, sec->at.line, 0,
                           "section '%s': %s", sec->id, err.buf);
            else
                diag_error(dl, it->t ? it->t->source : NULL, 0, 0, "%s",
                           err.buf);
            ret = EXIT_DATAERR;
        }
    }
    strbuf_release(&err);
    return ret;
}

struct playoff *rules_playoffs(const struct load_item *it,
                               const struct playoff *extra, size_t n_extra,
                               size_t *n)
{
    size_t ns = it->section ? it->section->n_playoffs : 0, i;
    struct playoff *all = xcalloc(ns + n_extra + 1, sizeof(*all));

    for (i = 0; i < ns; i++) {
        const struct section_playoff *sp = &it->section->playoffs[i];
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

int rules_rank(const struct rules_options *o, const struct load *ld,
               const struct load_item *it, const char *cmd,
               const struct team_table *teams, const struct playoff *extra,
               size_t n_extra, int n_rounds, struct standings *s,
               struct diag_list *dl)
{
    struct tiebreak_rules rules;
    struct standings_options so;
    struct playoff *pos;
    size_t npos;
    int ret;

    memset(s, 0, sizeof(*s));
    ret = rules_for_item(o, ld, it, cmd, teams != NULL, &rules, dl);
    if (ret)
        return ret;
    pos = rules_playoffs(it, extra, n_extra, &npos);
    memset(&so, 0, sizeof(so));
    so.n_rounds = n_rounds;
    so.rules = &rules;
    so.playoffs = pos;
    so.n_playoffs = npos;
    so.teams = teams;
    if (standings_rank(s, it->t, &so, dl)) {
        standings_release(s);
        ret = EXIT_DATAERR;
    }
    free(pos);
    return ret;
}

void rules_playoff_warnings(const struct load_item *it,
                            const struct standings *s, struct diag_list *dl)
{
    size_t k;

    if (!it->section)
        return;
    for (k = 0; k < s->n_rows; k++) {
        const struct standings_row *row = &s->rows[k];
        if (!(row->flags & STANDINGS_PLAYOFF_NEEDED) ||
            (k && s->rows[k - 1].place_lo == row->place_lo))
            continue;
        diag_warning(dl, it->section->at.file, it->section->at.line, 0,
                     "section '%s': places %d-%d are tied on every "
                     "criterion and need a play-off; enter its result in "
                     "playoffs.csv",
                     it->section->id, row->place_lo, row->place_hi);
    }
}

void rules_check_event(const struct load *ld, struct diag_list *dl)
{
    struct rules_options none;
    size_t i;

    memset(&none, 0, sizeof(none));
    for (i = 0; i < ld->n; i++) {
        const struct load_item *it = &ld->items[i];
        struct standings s;

        if (!it->t || !it->section ||
            rules_rank(&none, ld, it, "check", NULL, NULL, 0, 0, &s, dl))
            continue;
        rules_playoff_warnings(it, &s, dl);
        standings_release(&s);
    }
}
