/* archive/results: the machine-readable results of a section.
 * SPDX-License-Identifier: MIT
 */
#include "archive/results.h"

#include <stdio.h>
#include <string.h>

#include "core/event.h"
#include "core/knockout.h"
#include "core/ranking.h"
#include "core/rating.h"
#include "core/region.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "util/quote.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/banned.h"


int results_performance(const struct standings *s, int p, int *games)
{
    const struct tournament *t = s->t;
    const struct player *pl = &t->players[p];
    long long sum = 0;
    int n = 0, r, score100 = 0;

    for (r = 0; r < s->n_rounds && r < t->n_rounds; r++) {
        const struct entry *e = &pl->rounds[r];
        const struct player *o;
        if (!entry_is_rated(e))
            continue;
        o = tournament_player(t, e->opp);
        if (!o || o->rating <= 0)
            continue;
        sum += o->rating;
        n++;
        switch (entry_kind(e)) {
        case EK_WIN:
            score100 += 100;
            break;
        case EK_DRAW:
            score100 += 50;
            break;
        default:
            break;
        }
    }
    if (games)
        *games = n;
    if (!n)
        return 0;
    return rating_performance(sum, n, score100);
}

const char *results_decided_by(const struct standings *s, int row)
{
    const struct standings_row *r = &s->rows[row];

    if (r->flags & STANDINGS_PLAYOFF_NEEDED)
        return "play-off needed";
    switch (r->decided_by) {
    case STANDINGS_BY_POINTS:
        return "points";
    case STANDINGS_UNDECIDED:
        return "shared";
    case STANDINGS_PLAYOFF:
        return "play-off";
    default:
        if (r->decided_by >= 0 && (size_t)r->decided_by < s->rules.n)
            return s->rules.tb[r->decided_by].code;
        return "";
    }
}

/* ----------------------------------------------------------------- JSON */

static void json_key(struct strbuf *out, int indent, const char *key)
{
    strbuf_addchars(out, ' ', (size_t)indent);
    json_quote(out, key);
    strbuf_addstr(out, ": ");
}

/* Points as the documents show them: 7.5, 7.0. */
static void add_points(struct strbuf *out, double v)
{
    strbuf_addf(out, "%.1f", v);
}

static void birth_text(struct strbuf *out, const struct person *pe,
                       const struct player *pl)
{
    if (pe && pe->has_birth)
        date_format_iso(out, &pe->birth);
    else if (pe && pe->birth_year)
        strbuf_addf(out, "%d", pe->birth_year);
    else if (pl->birth)
        strbuf_addstr(out, pl->birth);
}

static void coaches_text(struct strbuf *out, const struct person *pe)
{
    size_t i;

    for (i = 0; pe && i < pe->n_coaches; i++)
        strbuf_addf(out, "%s%s", i ? ", " : "", pe->coaches[i]);
}

static const char *sex_name(char c)
{
    return c == 'm' ? "m" : c == 'f' ? "f" : "";
}

static void json_rounds(struct strbuf *out, const struct standings *s,
                        const struct player *pl)
{
    int r;

    strbuf_addstr(out, "[");
    for (r = 0; r < s->n_rounds && r < s->t->n_rounds; r++) {
        const struct entry *e = &pl->rounds[r];
        strbuf_addf(out, "%s{\"round\": %d, \"opponent\": ", r ? ", " : "",
                    r + 1);
        if (e->opp)
            strbuf_addf(out, "%d", e->opp);
        else
            strbuf_addstr(out, "null");
        strbuf_addstr(out, ", \"colour\": ");
        if (e->colour == 'w' || e->colour == 'b')
            strbuf_addf(out, "\"%c\"", e->colour);
        else
            strbuf_addstr(out, "null");
        strbuf_addstr(out, ", \"result\": ");
        if (e->code == ' ')
            strbuf_addstr(out, "null");
        else {
            char code[2] = {e->code, 0};
            json_quote(out, code);
        }
        strbuf_addstr(out, ", \"points\": ");
        add_points(out, e->points);
        strbuf_addstr(out, "}");
    }
    strbuf_addstr(out, "]");
}

/* A knock-out player's matches as a JSON array. */
static void json_matches(struct strbuf *out, const struct knockout *ko,
                         int no)
{
    size_t i;
    int n = 0, k;

    strbuf_addstr(out, "[");
    for (i = 0; i < ko->n_matches; i++) {
        const struct ko_match *m = &ko->matches[i];
        int first = 1;
        if ((m->a != no && m->b != no) || (!m->n_games && m->status != KO_BYE))
            continue;
        strbuf_addf(out, "%s{\"round\": %d, \"match\": %d, \"opponent\": ",
                    n++ ? ", " : "", m->round, m->no);
        if (m->a == no ? m->b : m->a)
            strbuf_addf(out, "%d", m->a == no ? m->b : m->a);
        else
            strbuf_addstr(out, "null");
        strbuf_addstr(out, ", \"stages\": [");
        for (k = 0; k < m->n_scores; k++) {
            const struct ko_score *sc = &m->scores[k];
            if (!sc->games)
                continue;
            strbuf_addf(out, "%s{\"stage\": \"%s\", \"games\": %d, \"points\": ",
                        first ? "" : ", ", ko_stage_name(sc->stage),
                        sc->games);
            add_points(out, m->a == no ? sc->a : sc->b);
            strbuf_addstr(out, ", \"opponent_points\": ");
            add_points(out, m->a == no ? sc->b : sc->a);
            strbuf_addstr(out, "}");
            first = 0;
        }
        strbuf_addf(out, "], \"result\": \"%s\", \"walkover\": %s, "
                         "\"armageddon_draw\": %s}",
                    m->status == KO_BYE ? "bye"
                    : !m->winner        ? "open"
                    : m->winner == no   ? "won"
                                        : "lost",
                    m->status == KO_WALKOVER ? "true" : "false",
                    m->armageddon_draw ? "true" : "false");
    }
    strbuf_addstr(out, "]");
}

void results_json(const char *event_id, const struct event *ev,
                  const struct section *sec, const struct standings *s,
                  const struct knockout *ko, struct strbuf *out)
{
    const struct tournament *t = s->t;
    const struct tiebreak_rules *r = &s->rules;
    struct strbuf sb = STRBUF_INIT;
    size_t i, k;

    strbuf_addstr(out, "{\n");
    json_key(out, 2, "event");
    json_quote(out, event_id);
    strbuf_addstr(out, ",\n");
    json_key(out, 2, "section");
    json_quote(out, sec->id);
    strbuf_addstr(out, ",\n");
    json_key(out, 2, "title");
    json_quote(out, sec->title);
    strbuf_addstr(out, ",\n");
    json_key(out, 2, "system");
    json_quote(out, section_system_name(sec->system));
    strbuf_addstr(out, ",\n");
    json_key(out, 2, "discipline");
    json_quote(out, discipline_name(sec->discipline));
    strbuf_addstr(out, ",\n");
    json_key(out, 2, "sex");
    json_quote(out, sex_name(sec->sex));
    strbuf_addf(out, ",\n  \"rounds\": %d,\n", s->n_rounds);
    json_key(out, 2, "rules");
    strbuf_addstr(out, "{\"preset\": ");
    if (r->preset)
        json_quote(out, r->preset);
    else
        strbuf_addstr(out, "null");
    strbuf_addstr(out, ", \"tiebreaks\": [");
    for (k = 0; k < r->n; k++) {
        if (k)
            strbuf_addstr(out, ", ");
        json_quote(out, r->tb[k].code);
    }
    strbuf_addstr(out, "], \"unplayed\": ");
    json_quote(out, tiebreak_policy_name((enum tiebreak_policy)r->policy));
    strbuf_addf(out, ", \"prize_places\": %d, \"playoff\": %s},\n",
                r->prize_places, r->playoff ? "true" : "false");
    if (ko) {
        strbuf_reset(&sb);
        ko_ladder_format(&ko->ladder, &sb);
        json_key(out, 2, "stages");
        json_quote(out, sb.buf);
        strbuf_addf(out, ",\n  \"third_place\": %s,\n",
                    ko->ladder.third_place ? "true" : "false");
    }
    json_key(out, 2, "standings");
    strbuf_addstr(out, "[");
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        const struct player *pl = &t->players[row->player];
        const struct person *pe = section_person(ev, sec, row->player);
        int rated = 0, perf = results_performance(s, row->player, &rated);

        strbuf_addstr(out, i ? ",\n    {" : "\n    {");
        strbuf_addf(out, "\"place\": %d, \"place_to\": %d, \"start_no\": %d, ",
                    row->place_lo, row->place_hi, row->start_no);
        strbuf_addstr(out, "\"name\": ");
        json_quote(out, pl->name);
        strbuf_addstr(out, ", \"fide_id\": ");
        json_quote(out, pe && *pe->fide_id ? pe->fide_id : pl->fide_id);
        /* An unrated player's rating is null, not 0. */
        if (pl->rating > 0)
            strbuf_addf(out, ", \"rating\": %d, \"birth\": ", pl->rating);
        else
            strbuf_addstr(out, ", \"rating\": null, \"birth\": ");
        strbuf_reset(&sb);
        birth_text(&sb, pe, pl);
        json_quote(out, sb.buf);
        strbuf_addstr(out, ", \"region\": ");
        json_quote(out, person_region(pe));
        strbuf_addstr(out, ", \"club\": ");
        json_quote(out, pe && pe->club ? pe->club : "");
        strbuf_addstr(out, ", \"coach\": ");
        strbuf_reset(&sb);
        coaches_text(&sb, pe);
        json_quote(out, sb.buf);
        strbuf_addstr(out, ", \"rank\": ");
        json_quote(out, pe && pe->rank ? pe->rank : "");
        strbuf_addstr(out, ", \"points\": ");
        add_points(out, row->points);
        strbuf_addstr(out, ", \"tiebreaks\": {");
        for (k = 0; k < r->n; k++) {
            strbuf_addstr(out, k ? ", " : "");
            json_quote(out, r->tb[k].code);
            strbuf_addstr(out, ": ");
            strbuf_reset(&sb);
            tiebreak_format_value(&r->tb[k], &row->values[k], &sb);
            strbuf_addstr(out, sb.len ? sb.buf : "null");
        }
        strbuf_addstr(out, "}, \"decided_by\": ");
        json_quote(out, results_decided_by(s, (int)i));
        strbuf_addstr(out, ", \"performance\": ");
        if (perf)
            strbuf_addf(out, "%d, \"performance_games\": %d", perf, rated);
        else
            strbuf_addstr(out, "null");
        if (ko) {
            const struct ko_entrant *en = knockout_entrant(ko, row->start_no);
            strbuf_addf(out, ", \"round_reached\": %d,\n     \"matches\": ",
                        en ? en->round_reached : 0);
            json_matches(out, ko, row->start_no);
        }
        strbuf_addstr(out, ",\n     \"games\": ");
        json_rounds(out, s, pl);
        strbuf_addstr(out, "}");
    }
    strbuf_addstr(out, "\n  ]\n}\n");
    strbuf_release(&sb);
}

/* ------------------------------------------------------------------ CSV */

static void csv_field(struct strbuf *out, const char *s, int last)
{
    csv_quote(out, s);
    strbuf_addstr(out, last ? "\r\n" : ",");
}

/* The place ("4-5" when shared) and the start number of a row. */
static void csv_place_no(struct strbuf *out, struct strbuf *sb,
                         const struct standings_row *row)
{
    strbuf_reset(sb);
    if (row->place_hi > row->place_lo)
        strbuf_addf(sb, "%d-%d", row->place_lo, row->place_hi);
    else
        strbuf_addf(sb, "%d", row->place_lo);
    csv_field(out, sb->buf, 0);
    strbuf_reset(sb);
    strbuf_addf(sb, "%d", row->start_no);
    csv_field(out, sb->buf, 0);
}

void results_csv(const struct event *ev, const struct section *sec,
                 const struct standings *s, struct strbuf *out)
{
    static const char *const heads[] = {"Place",  "StartNo", "Name",   "FIDE",
                                        "Rating", "Birth",   "Region", "Club",
                                        "Coach",  "Rank",    "PTS"};
    const struct tiebreak_rules *r = &s->rules;
    struct strbuf sb = STRBUF_INIT;
    size_t i, k, nh = sizeof(heads) / sizeof(heads[0]);

    for (k = 0; k < nh; k++)
        csv_field(out, heads[k], k + 1 == nh && !r->n);
    for (k = 0; k < r->n; k++)
        csv_field(out, r->tb[k].code, k + 1 == r->n);
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        const struct player *pl = &s->t->players[row->player];
        const struct person *pe = section_person(ev, sec, row->player);

        csv_place_no(out, &sb, row);
        csv_field(out, pl->name, 0);
        csv_field(out, pe && *pe->fide_id ? pe->fide_id : pl->fide_id, 0);
        strbuf_reset(&sb);
        if (pl->rating)
            strbuf_addf(&sb, "%d", pl->rating);
        csv_field(out, sb.buf, 0);
        strbuf_reset(&sb);
        birth_text(&sb, pe, pl);
        csv_field(out, sb.buf, 0);
        csv_field(out, person_region(pe), 0);
        csv_field(out, pe && pe->club ? pe->club : "", 0);
        strbuf_reset(&sb);
        coaches_text(&sb, pe);
        csv_field(out, sb.buf, 0);
        csv_field(out, pe && pe->rank ? pe->rank : "", 0);
        strbuf_reset(&sb);
        add_points(&sb, row->points);
        csv_field(out, sb.buf, !r->n);
        for (k = 0; k < r->n; k++) {
            strbuf_reset(&sb);
            tiebreak_format_value(&r->tb[k], &row->values[k], &sb);
            csv_field(out, sb.buf, k + 1 == r->n);
        }
    }
    strbuf_release(&sb);
}

/* Write data to dir/name. */
static enum err put(const char *dir, const char *name,
                    const struct strbuf *data, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    enum err e;

    strbuf_addf(&path, "%s/%s", dir, name);
    e = file_write_atomic(path.buf, data->buf, data->len, dl);
    strbuf_release(&path);
    return e;
}

enum err results_write(const char *dir, const char *event_id,
                       const struct event *ev, const struct section *sec,
                       const struct standings *s, const struct knockout *ko,
                       struct strbuf *json_name, struct strbuf *csv_name,
                       struct diag_list *dl)
{
    struct strbuf sub = STRBUF_INIT, data = STRBUF_INIT;
    enum err e = ERR_OK;

    strbuf_addf(&sub, "%s/results", dir);
    if (file_mkdirs(sub.buf, dl))
        e = ERR_CREATE;
    if (!e) {
        results_json(event_id, ev, sec, s, ko, &data);
        strbuf_addf(json_name, "results/%s.json", sec->id);
        e = put(dir, json_name->buf, &data, dl);
    }
    if (!e) {
        strbuf_reset(&data);
        results_csv(ev, sec, s, &data);
        strbuf_addf(csv_name, "results/%s.csv", sec->id);
        e = put(dir, csv_name->buf, &data, dl);
    }
    strbuf_release(&sub);
    strbuf_release(&data);
    return e;
}

/* ------------------------------------------------------------ the teams */

/* MPTS and GPTS have their own columns. */
static int points_code(const struct tiebreak *tb)
{
    return tb->def->id == TB_MPTS || tb->def->id == TB_GPTS;
}

void results_teams_csv(const struct event *ev, const struct section *sec,
                       const struct section_ranking *tr, struct strbuf *out)
{
    static const char *const heads[] = {"Place", "No",   "Team", "Region",
                                        "Club",  "Coach", "MPTS", "GPTS"};
    const struct standings *s = &tr->s;
    const struct team_table *tt = tr->teams;
    const struct tiebreak_rules *r = &s->rules;
    struct strbuf sb = STRBUF_INIT;
    size_t i, k, nh = sizeof(heads) / sizeof(heads[0]);
    int m;

    for (k = 0; k < nh; k++)
        csv_field(out, heads[k], 0);
    for (k = 0; k < r->n; k++)
        if (!points_code(&r->tb[k]))
            csv_field(out, r->tb[k].code, 0);
    csv_field(out, "Members", 1);
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        int ti = team_table_find(tt, row->start_no);
        const struct team *tm;
        const struct person *first;
        if (ti < 0)
            continue;
        tm = &tt->t->teams[ti];
        first = event_team_first(ev, sec, tt, ti);
        csv_place_no(out, &sb, row);
        csv_field(out, tm->name, 0);
        csv_field(out, person_region(first), 0);
        csv_field(out, first && first->club ? first->club : "", 0);
        strbuf_reset(&sb);
        event_team_coach(ev, tm->name, first, &sb);
        csv_field(out, sb.buf, 0);
        strbuf_reset(&sb);
        add_points(&sb, tt->mp[ti]);
        csv_field(out, sb.buf, 0);
        strbuf_reset(&sb);
        add_points(&sb, tt->gp[ti]);
        csv_field(out, sb.buf, 0);
        for (k = 0; k < r->n; k++) {
            if (points_code(&r->tb[k]))
                continue;
            strbuf_reset(&sb);
            tiebreak_format_value(&r->tb[k], &row->values[k], &sb);
            csv_field(out, sb.buf, 0);
        }
        /* The members in the team's order; the captain marked "(к)". */
        strbuf_reset(&sb);
        for (m = 0; m < tm->n_members; m++) {
            const struct player *p = tournament_player(tt->t, tm->members[m]);
            const struct person *pe;
            if (!p)
                continue;
            pe = section_person(ev, sec, (int)(p - tt->t->players));
            strbuf_addf(&sb, "%s%s%s", sb.len ? "; " : "", p->name,
                        pe && pe->captain == 1 ? " (к)" : "");
        }
        csv_field(out, sb.buf, 1);
    }
    strbuf_release(&sb);
}

void results_teams_json(const struct event *ev, const struct section *sec,
                        const struct section_ranking *tr, struct strbuf *out)
{
    const struct standings *s = &tr->s;
    const struct team_table *tt = tr->teams;
    const struct tiebreak_rules *r = &s->rules;
    struct strbuf sb = STRBUF_INIT;
    size_t i, k;
    int m, n = 0;

    strbuf_addstr(out, "{\"section\": ");
    json_quote(out, sec->id);
    strbuf_addstr(out, ",\n  \"teams\": [");
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        int ti = team_table_find(tt, row->start_no);
        const struct team *tm;
        const struct person *first;
        int nm = 0;
        if (ti < 0)
            continue;
        tm = &tt->t->teams[ti];
        first = event_team_first(ev, sec, tt, ti);
        strbuf_addstr(out, n++ ? ",\n    {" : "\n    {");
        strbuf_addf(out, "\"place\": %d, \"place_to\": %d, \"no\": %d, "
                         "\"team\": ",
                    row->place_lo, row->place_hi, row->start_no);
        json_quote(out, tm->name);
        strbuf_addstr(out, ", \"region\": ");
        json_quote(out, person_region(first));
        strbuf_addstr(out, ", \"club\": ");
        json_quote(out, first && first->club ? first->club : "");
        strbuf_addstr(out, ", \"coach\": ");
        strbuf_reset(&sb);
        event_team_coach(ev, tm->name, first, &sb);
        json_quote(out, sb.buf);
        strbuf_addstr(out, ",\n     \"match_points\": ");
        add_points(out, tt->mp[ti]);
        strbuf_addstr(out, ", \"game_points\": ");
        add_points(out, tt->gp[ti]);
        strbuf_addstr(out, ", \"tiebreaks\": {");
        for (k = 0; k < r->n; k++) {
            if (points_code(&r->tb[k]))
                continue;
            strbuf_addstr(out, nm++ ? ", " : "");
            json_quote(out, r->tb[k].code);
            strbuf_addstr(out, ": ");
            strbuf_reset(&sb);
            tiebreak_format_value(&r->tb[k], &row->values[k], &sb);
            strbuf_addstr(out, sb.len ? sb.buf : "null");
        }
        /* The members in the team's order, one record each. */
        strbuf_addstr(out, "},\n     \"members\": [");
        nm = 0;
        for (m = 0; m < tm->n_members; m++) {
            const struct player *p = tournament_player(tt->t, tm->members[m]);
            const struct person *pe;
            if (!p)
                continue;
            pe = section_person(ev, sec, (int)(p - tt->t->players));
            strbuf_addf(out, "%s{\"order\": %d, \"name\": ", nm++ ? ", " : "",
                        m + 1);
            json_quote(out, p->name);
            strbuf_addf(out, ", \"captain\": %s}",
                        pe && pe->captain == 1 ? "true" : "false");
        }
        strbuf_addstr(out, "]}");
    }
    strbuf_addstr(out, "\n  ]\n}\n");
    strbuf_release(&sb);
}

enum err results_write_teams(const char *dir, const struct event *ev,
                             const struct section *sec,
                             const struct section_ranking *tr,
                             struct strbuf *json_name, struct strbuf *csv_name,
                             struct diag_list *dl)
{
    struct strbuf data = STRBUF_INIT;
    enum err e;

    results_teams_json(ev, sec, tr, &data);
    strbuf_addf(json_name, "results/%s-teams.json", sec->id);
    e = put(dir, json_name->buf, &data, dl);
    if (!e) {
        strbuf_reset(&data);
        results_teams_csv(ev, sec, tr, &data);
        strbuf_addf(csv_name, "results/%s-teams.csv", sec->id);
        e = put(dir, csv_name->buf, &data, dl);
    }
    strbuf_release(&data);
    return e;
}
