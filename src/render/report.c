/* render/report: the ministry's end-of-event report (report.xlsx): the
 * operative information, the prize-winners and qualifiers, the statistics
 * of the participants, and every section's ranking list.
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/ranking.h"
#include "core/region.h"
#include "core/teamscore.h"
#include "core/tournament.h"
#include "render/columns.h"
#include "render/render.h"
#include "render/sheet.h"
#include "render/template.h"
#include "render/view.h"
#include "render/wording.h"
#include "render/xlsx.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* One participant: a registry person, or a player the registry lacks. */
struct part {
    const struct person *pe; /* NULL: not in the registry */
    char sex;                /* 'm', 'f' or 0 */
    int year;                /* 0 unknown */
    const char *region;      /* "" unknown */
    const char *rank;        /* "" unknown */
    unsigned char *in;       /* per section: 1 when playing there */
};

struct report {
    const struct event *ev;
    const struct render_section *secs;
    size_t n;
    const struct render_options *ro;
    struct diag_list *dl;
    const char *path;
    enum err err;
    struct template tpl; /* common.ini, report.ini */
    struct xlsx *x;
    const char **names; /* the sheets' names so far */
    size_t n_names, names_alloc;
    struct part *parts;
    size_t n_parts, parts_alloc;
    int youth; /* юнаки / дівчата rather than чоловіки / жінки */
};

/* The template's text of section/key; an error when it has none. */
static const char *W(struct report *r, const char *section, const char *key)
{
    const char *v = template_get(&r->tpl, section, key, NULL);

    if (v)
        return v;
    diag_error(r->dl, r->path, 0, 0,
               "no [%s] %s in the templates (report.ini)", section, key);
    if (!r->err)
        r->err = ERR_PARSE;
    return "";
}

/* Start a sheet named after want (made valid and unique). */
static void add_sheet(struct report *r, const char *want)
{
    struct strbuf sb = STRBUF_INIT;

    xlsx_sheet_name(want, r->names, r->n_names, &sb);
    xlsx_add_sheet(r->x, sb.buf);
    ALLOC_GROW(r->names, r->n_names + 1, r->names_alloc);
    r->names[r->n_names++] = strbuf_detach(&sb, NULL);
}

static const struct section *sec_of(const struct report *r, size_t k)
{
    return r->secs[k].ranking->sec;
}

/* The players of section k, ranked (a team competition's players). */
static const struct section_ranking *players_of(const struct report *r,
                                                size_t k)
{
    return r->secs[k].players ? r->secs[k].players : r->secs[k].ranking;
}

/* ----------------------------------------------------- the participants */

static void gather(struct report *r)
{
    const struct event *ev = r->ev;
    size_t k, i, j;

    for (k = 0; k < r->n; k++) {
        const struct section *sec = sec_of(r, k);
        const struct tournament *t = sec->t;
        for (i = 0; t && i < t->n_players; i++) {
            const struct person *pe = section_person(ev, sec, (int)i);
            const struct player *p = &t->players[i];
            struct part *pt = NULL;
            for (j = 0; pe && j < r->n_parts; j++)
                if (r->parts[j].pe == pe)
                    pt = &r->parts[j];
            if (!pt) {
                ALLOC_GROW(r->parts, r->n_parts + 1, r->parts_alloc);
                pt = &r->parts[r->n_parts++];
                memset(pt, 0, sizeof(*pt));
                pt->in = xcalloc(r->n + 1, 1);
                pt->pe = pe;
                pt->sex = pe && pe->sex ? pe->sex : sec->sex;
                pt->year = pe && pe->birth_year ? pe->birth_year
                                                : p->birth_year;
                pt->region = person_region(pe);
                pt->rank = pe && pe->rank ? pe->rank : "";
            }
            pt->in[k] = 1;
        }
    }
}

static size_t count_sex(const struct report *r, char sex, size_t k)
{
    size_t i, n = 0;

    for (i = 0; i < r->n_parts; i++)
        if (r->parts[i].sex == sex && (k == (size_t)-1 || r->parts[i].in[k]))
            n++;
    return n;
}

/* The regions of the participants, in the Constitution's order, then the
   others as first met; *n of them (free() the array, not the names). */
static const char **regions(const struct report *r, size_t *n)
{
    const char **out = xcalloc(r->n_parts + region_count() + 1, sizeof(*out));
    size_t i, j, m = 0;
    int g;

    for (g = 0; g < (int)region_count(); g++)
        for (i = 0; i < r->n_parts; i++)
            if (r->parts[i].pe && r->parts[i].pe->region == g) {
                out[m++] = region_get(g)->name;
                break;
            }
    for (i = 0; i < r->n_parts; i++) {
        const char *name = r->parts[i].region;
        if (!*name || (r->parts[i].pe && r->parts[i].pe->region >= 0))
            continue;
        for (j = 0; j < m && strcmp(out[j], name); j++)
            ;
        if (j == m)
            out[m++] = name;
    }
    *n = m;
    return out;
}

/* --------------------------------------------------------- small helpers */

/* A row "label | value" of a two-column sheet. */
static void kv_text(struct sheet *s, const char *label, const char *value)
{
    size_t row = sheet_add_row(s);

    sheet_set(s, row, 0, label);
    sheet_set(s, row, 1, value);
}

static void kv_num(struct sheet *s, const char *label, double v)
{
    struct strbuf sb = STRBUF_INIT;
    size_t row = sheet_add_row(s);

    doc_points(&sb, v);
    sheet_set(s, row, 0, label);
    sheet_set_num(s, row, 1, sb.buf, v);
    strbuf_release(&sb);
}

static void set_int(struct sheet *s, size_t row, size_t col, double v)
{
    struct strbuf sb = STRBUF_INIT;

    doc_points(&sb, v);
    sheet_set_num(s, row, col, sb.buf, v);
    strbuf_release(&sb);
}

static void official(struct strbuf *out, const struct signatory *s)
{
    if (s->position && *s->position)
        strbuf_addf(out, "%s: ", s->position);
    doc_official_name(out, s->name);
}

/* ------------------------------------------- the operative information */

static void team_table(struct report *r, const struct team_scores *ts)
{
    const int points = ts->how == TEAM_SCORING_POINTS;
    size_t ncols = points ? 4 + r->n : 7, i, k, c;
    struct sheet s;
    struct strbuf sb = STRBUF_INIT;

    sheet_init(&s, ncols);
    sheet_set_col(&s, 0, W(r, "team-table", "place"), ALIGN_CENTRE, 0);
    sheet_set_col(&s, 1, W(r, "team-table", "region"), ALIGN_LEFT,
                  SHEET_WRAP);
    sheet_set_col(&s, 2, W(r, "team-table", "players"), ALIGN_CENTRE, 0);
    if (points) {
        for (k = 0; k < r->n; k++) {
            sheet_set_col(&s, 3 + k, sec_of(r, k)->title, ALIGN_CENTRE,
                          SHEET_WRAP);
            sheet_set_col_num(&s, 3 + k, SHEET_NUM_HALVES);
        }
        sheet_set_col(&s, 3 + r->n, W(r, "team-table", "points"),
                      ALIGN_CENTRE, SHEET_BOLD);
        sheet_set_col_num(&s, 3 + r->n, SHEET_NUM_HALVES);
    } else {
        sheet_set_col(&s, 3, W(r, "team-table", "gold"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 4, W(r, "team-table", "silver"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 5, W(r, "team-table", "bronze"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 6, W(r, "team-table", "medals"), ALIGN_CENTRE,
                      SHEET_BOLD);
    }
    for (i = 0; i < ts->n; i++) {
        const struct team_score *t = &ts->rows[i];
        size_t row = sheet_add_row(&s);
        if (t->place_lo) {
            strbuf_reset(&sb);
            doc_place(&sb, t->place_lo, t->place_hi);
            if (t->place_hi > t->place_lo)
                sheet_set(&s, row, 0, sb.buf);
            else
                sheet_set_num(&s, row, 0, sb.buf, t->place_lo);
        }
        sheet_set(&s, row, 1, t->region);
        set_int(&s, row, 2, (double)t->players);
        if (points) {
            for (k = 0; k < r->n; k++)
                if (team_scores_counts(r->secs[k].ranking))
                    set_int(&s, row, 3 + k, t->section_points[k]);
            set_int(&s, row, 3 + r->n, t->points);
        } else {
            for (c = 0; c < 3; c++)
                set_int(&s, row, 3 + c, t->medals[c]);
            set_int(&s, row, 6, t->medals[0] + t->medals[1] + t->medals[2]);
        }
    }
    xlsx_table(r->x, &s, 0);
    sheet_release(&s);
    strbuf_release(&sb);
}

static void info_sheet(struct report *r)
{
    const struct event *ev = r->ev;
    const struct report_info *ri = &ev->report;
    const struct section_ranking **rk = xcalloc(r->n + 1, sizeof(*rk));
    struct team_scores ts;
    struct strbuf sb = STRBUF_INIT;
    struct sheet s;
    const char **regs;
    size_t nregs, i, k;
    int place;

    add_sheet(r, W(r, "sheets", "info"));
    xlsx_title(r->x, W(r, "info", "ministry"), 0);
    if (ri->department && *ri->department)
        xlsx_title(r->x, ri->department, 0);
    xlsx_gap(r->x);
    xlsx_title(r->x, W(r, "info", "title"), 1);
    xlsx_title(r->x, W(r, "info", "subtitle"), 0);
    xlsx_title(r->x, ev->title, 0);
    xlsx_gap(r->x);

    sheet_init(&s, 2);
    sheet_set_col(&s, 0, W(r, "info", "item"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 1, W(r, "info", "value"), ALIGN_LEFT, SHEET_WRAP);
    kv_text(&s, W(r, "info", "sport"),
            ri->sport && *ri->sport ? ri->sport : "шахи");
    kv_text(&s, W(r, "info", "event"), ev->title);
    if (ev->rank && *ev->rank)
        kv_text(&s, W(r, "info", "rank"), ev->rank);
    if (ev->order && *ev->order)
        kv_text(&s, W(r, "info", "order"), ev->order);
    doc_dates(&sb, &ev->start, &ev->end, NULL, NULL, 1);
    kv_text(&s, W(r, "info", "dates"), sb.buf);
    strbuf_reset(&sb);
    strbuf_addstr(&sb, ev->city ? ev->city : "");
    if (ev->venue && *ev->venue)
        strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", ev->venue);
    kv_text(&s, W(r, "info", "place"), sb.buf);
    kv_num(&s, W(r, "info", "players"), (double)r->n_parts);
    kv_num(&s, W(r, "info", r->youth ? "boys" : "men"),
           (double)count_sex(r, 'm', (size_t)-1));
    kv_num(&s, W(r, "info", r->youth ? "girls" : "women"),
           (double)count_sex(r, 'f', (size_t)-1));
    kv_text(&s, W(r, "info", "sections"), "");
    for (k = 0; k < r->n; k++) {
        size_t n = 0;
        for (i = 0; i < r->n_parts; i++)
            n += r->parts[i].in[k];
        kv_num(&s, sec_of(r, k)->title, (double)n);
    }
    regs = regions(r, &nregs);
    kv_num(&s, W(r, "info", "regions"), (double)nregs);
    strbuf_reset(&sb);
    for (i = 0; i < nregs; i++)
        strbuf_addf(&sb, "%s%s", i ? ", " : "", regs[i]);
    kv_text(&s, W(r, "info", "region-list"), sb.buf);
    free(regs);
    if (ri->team_scoring != TEAM_SCORING_NONE)
        kv_num(&s, W(r, "info", "teams"), (double)nregs);
    strbuf_reset(&sb);
    {
        const struct signatory *o[3];
        o[0] = &ev->chief_arbiter;
        o[1] = &ev->deputy_arbiter;
        o[2] = &ev->chief_secretary;
        for (i = 0; i < 3; i++) {
            if (!o[i]->name || !*o[i]->name)
                continue;
            if (sb.len)
                strbuf_addstr(&sb, "\n");
            official(&sb, o[i]);
        }
    }
    kv_text(&s, W(r, "info", "arbiters"), sb.buf);
    if (ri->judges > 0)
        kv_num(&s, W(r, "info", "judges"), ri->judges);
    if (ri->staff > 0)
        kv_num(&s, W(r, "info", "staff"), ri->staff);

    for (k = 0; k < r->n; k++)
        rk[k] = r->secs[k].ranking;
    team_scores_make(ev, rk, r->n, &ts);
    strbuf_reset(&sb);
    if (ts.how == TEAM_SCORING_NONE) {
        strbuf_addstr(&sb, ri->team_results && *ri->team_results
                               ? ri->team_results
                               : W(r, "info", "team-none"));
    } else {
        for (place = 1; place <= 3; place++) {
            size_t before = sb.len;
            for (i = 0; i < ts.n; i++) {
                if (ts.rows[i].place_lo != place)
                    continue;
                if (sb.len == before) {
                    if (sb.len)
                        strbuf_addstr(&sb, "; ");
                    doc_place(&sb, ts.rows[i].place_lo, ts.rows[i].place_hi);
                    strbuf_addstr(&sb, " – ");
                } else {
                    strbuf_addstr(&sb, ", ");
                }
                strbuf_addstr(&sb, ts.rows[i].region);
            }
        }
    }
    kv_text(&s, W(r, "info", "team-places"), sb.buf);
    xlsx_table(r->x, &s, 0);
    sheet_release(&s);

    if (ts.how != TEAM_SCORING_NONE) {
        xlsx_gap(r->x);
        xlsx_title(r->x, W(r, "info", "team-heading"), 0);
        strbuf_reset(&sb);
        if (ts.how == TEAM_SCORING_MEDALS) {
            strbuf_addstr(&sb, W(r, "info", "team-medals"));
        } else {
            struct strbuf best = STRBUF_INIT;
            struct template_var v;
            char num[16];
            if (ri->team_best > 0) {
                snprintf(num, sizeof(num), "%d", ri->team_best);
                v.name = "n";
                v.value = num;
                template_subst(W(r, "info", "team-best"), NULL, &v, 1, &best,
                               NULL, r->dl);
            }
            v.name = "best";
            v.value = best.buf;
            template_subst(W(r, "info", "team-points"), NULL, &v, 1, &sb,
                           NULL, r->dl);
            strbuf_release(&best);
        }
        xlsx_text(r->x, sb.buf);
        team_table(r, &ts);
    }
    team_scores_release(&ts);
    free(rk);

    xlsx_gap(r->x);
    for (i = 0; i < ev->n_report_signatories; i++) {
        const struct signatory *sg = &ev->report_signatories[i];
        if (!*sg->name)
            continue;
        strbuf_reset(&sb);
        doc_official_name(&sb, sg->name);
        xlsx_signature(r->x, sg->position, sb.buf);
    }
    if (!ev->n_report_signatories && ev->chief_arbiter.name &&
        *ev->chief_arbiter.name) {
        strbuf_reset(&sb);
        doc_official_name(&sb, ev->chief_arbiter.name);
        xlsx_signature(r->x, ev->chief_arbiter.position, sb.buf);
    }
    if (ri->head.name && *ri->head.name && ri->head.name != ev->chief_arbiter.name) {
        strbuf_reset(&sb);
        doc_official_name(&sb, ri->head.name);
        xlsx_signature(r->x, ri->head.position, sb.buf);
    }
    if (ri->responsible.name && *ri->responsible.name &&
        ri->responsible.name != ev->chief_arbiter.name) {
        strbuf_reset(&sb);
        doc_official_name(&sb, ri->responsible.name);
        xlsx_signature(r->x, ri->responsible.position, sb.buf);
    }
    xlsx_text(r->x, W(r, "info", "date-line"));
    strbuf_release(&sb);
}

/* ------------------------------------------- prize-winners, qualifiers */

/* The cells of a team of a team competition, as player_cells(): its
   name, no birth year, its first player's region and club, its coach, no
   rank. */
static void team_cells(struct report *r, struct sheet *s, size_t row,
                       size_t first, const struct section_ranking *sr,
                       const struct standings_row *sw, int with_club)
{
    const struct player *p = &sr->s.t->players[sw->player];
    int ti = team_table_find(sr->teams, p->start_no);
    const struct person *pe =
        ti >= 0 ? event_team_first(r->ev, sr->sec, sr->teams, ti) : NULL;
    struct strbuf sb = STRBUF_INIT;

    sheet_set(s, row, first, p->name ? p->name : "");
    sheet_set(s, row, first + 2, person_region(pe));
    if (with_club) {
        sheet_set(s, row, first + 3, pe && pe->club ? pe->club : "");
        if (ti >= 0)
            event_team_coach(r->ev, p->name ? p->name : "", pe, &sb);
        sheet_set(s, row, first + 4, sb.buf);
    }
    strbuf_release(&sb);
}

/* The cells of one player of a ranking: name, birth, region, club, coach,
   rank from column `first` on. */
static void player_cells(struct report *r, struct sheet *s, size_t row,
                         size_t first, const struct section_ranking *sr,
                         const struct standings_row *sw, int with_club)
{
    const struct section *sec = sr->sec;
    const struct player *p = &sr->s.t->players[sw->player];
    const struct person *pe =
        sr->teams ? NULL : section_person(r->ev, sec, sw->player);
    struct strbuf sb = STRBUF_INIT;
    size_t k, c = first;

    if (sr->teams) {
        team_cells(r, s, row, first, sr, sw, with_club);
        return;
    }

    doc_player_name(&sb, p->name ? p->name : "");
    sheet_set(s, row, c++, sb.buf);
    if (pe && pe->birth_year)
        set_int(s, row, c, pe->birth_year);
    else if (p->birth_year)
        set_int(s, row, c, p->birth_year);
    c++;
    sheet_set(s, row, c++, person_region(pe));
    if (!with_club)
        goto out;
    sheet_set(s, row, c++, pe && pe->club ? pe->club : "");
    strbuf_reset(&sb);
    for (k = 0; pe && k < pe->n_coaches; k++)
        strbuf_addf(&sb, "%s%s", k ? ", " : "", pe->coaches[k]);
    sheet_set(s, row, c++, sb.buf);
    sheet_set(s, row, c++, pe && pe->rank ? pe->rank : "");
out:
    strbuf_release(&sb);
}

static void place_cell(struct sheet *s, size_t row, size_t col,
                       const struct standings_row *sw)
{
    struct strbuf sb = STRBUF_INIT;

    doc_place(&sb, sw->place_lo, sw->place_hi);
    sheet_set_num(s, row, col, sb.buf,
                  sw->place_hi > sw->place_lo ? NAN : sw->place_lo);
    strbuf_release(&sb);
}

static void prizes_sheet(struct report *r)
{
    static const char *const keys[] = {"place",  "name", "birth", "region",
                                       "club",   "coach", "rank",
                                       "points"};
    static const enum cell_align aligns[] = {
        ALIGN_CENTRE, ALIGN_LEFT, ALIGN_CENTRE, ALIGN_LEFT,
        ALIGN_LEFT,   ALIGN_LEFT, ALIGN_CENTRE, ALIGN_CENTRE};
    struct strbuf sb = STRBUF_INIT;
    size_t k, i, c;

    add_sheet(r, W(r, "sheets", "prizes"));
    xlsx_title(r->x, W(r, "prizes", "title"), 1);
    xlsx_title(r->x, r->ev->title, 0);
    for (k = 0; k < r->n; k++) {
        const struct section_ranking *sr = r->secs[k].ranking;
        struct sheet s;
        sheet_init(&s, 8);
        for (c = 0; c < 8; c++)
            sheet_set_col(&s, c, W(r, "prizes", keys[c]), aligns[c],
                          c == 1 || c == 4 || c == 5 ? SHEET_WRAP : 0);
        sheet_set_col_num(&s, 7, SHEET_NUM_HALVES);
        for (i = 0; i < sr->s.n_rows; i++) {
            const struct standings_row *sw = &sr->s.rows[i];
            size_t row;
            if (sw->place_lo > 3)
                break;
            row = sheet_add_row(&s);
            place_cell(&s, row, 0, sw);
            player_cells(r, &s, row, 1, sr, sw, 1);
            strbuf_reset(&sb);
            doc_points(&sb, sw->points);
            sheet_set_num(&s, row, 7, sb.buf, sw->points);
        }
        xlsx_gap(r->x);
        xlsx_title(r->x, sec_of(r, k)->title, 0);
        xlsx_table(r->x, &s, 0);
        sheet_release(&s);
    }
    /* The qualifiers and, in order, who takes a place they decline. */
    for (k = 0; k < r->n; k++) {
        const struct section *sec = sec_of(r, k);
        const struct section_ranking *sr = players_of(r, k);
        struct template_var v;
        struct sheet s;
        size_t q = sec->qualify_places > 0 ? (size_t)sec->qualify_places : 0;
        if (!q || !sec->qualify_for || !*sec->qualify_for)
            continue;
        sheet_init(&s, 6);
        sheet_set_col(&s, 0, W(r, "prizes", "order"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 1, W(r, "prizes", "place"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 2, W(r, "prizes", "name"), ALIGN_LEFT, SHEET_WRAP);
        sheet_set_col(&s, 3, W(r, "prizes", "birth"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 4, W(r, "prizes", "region"), ALIGN_LEFT, 0);
        sheet_set_col(&s, 5, W(r, "prizes", "status"), ALIGN_LEFT, 0);
        for (i = 0; i < sr->s.n_rows && i < 2 * q; i++) {
            const struct standings_row *sw = &sr->s.rows[i];
            size_t row = sheet_add_row(&s);
            char num[16];
            set_int(&s, row, 0, (double)(i + 1));
            place_cell(&s, row, 1, sw);
            player_cells(r, &s, row, 2, sr, sw, 0);
            strbuf_reset(&sb);
            if (i < q) {
                strbuf_addstr(&sb, W(r, "prizes", "qualified"));
            } else {
                snprintf(num, sizeof(num), "%zu", i - q + 1);
                v.name = "n";
                v.value = num;
                template_subst(W(r, "prizes", "substitute"), NULL, &v, 1, &sb,
                               NULL, r->dl);
            }
            sheet_set(&s, row, 5, sb.buf);
        }
        xlsx_gap(r->x);
        strbuf_reset(&sb);
        v.name = "for";
        v.value = sec->qualify_for;
        template_subst(W(r, "prizes", "qualify-title"), NULL, &v, 1, &sb, NULL,
                       r->dl);
        xlsx_title(r->x, sb.buf, 0);
        xlsx_title(r->x, sec->title, 0);
        xlsx_table(r->x, &s, 0);
        sheet_release(&s);
    }
    strbuf_release(&sb);
}

/* ------------------------------------------------------------ statistics */

/* A table of participants by a text (region, sex, rank) per section and
   in total; values[i] the text of participant i ("" unknown). */
static void count_table(struct report *r, const char *heading,
                        const char *const *values, const char *const *order,
                        size_t n_order)
{
    const char **keys = xcalloc(r->n_parts + n_order + 2, sizeof(*keys));
    size_t nk = 0, i, j, k, row;
    struct sheet s;

    for (i = 0; i < n_order; i++)
        for (j = 0; j < r->n_parts; j++)
            if (!strcmp(values[j], order[i])) {
                keys[nk++] = order[i];
                break;
            }
    for (j = 0; j < r->n_parts; j++) {
        for (i = 0; i < nk && strcmp(keys[i], values[j]); i++)
            ;
        if (i == nk && *values[j])
            keys[nk++] = values[j];
    }
    for (j = 0; j < r->n_parts && *values[j]; j++)
        ;
    if (j < r->n_parts)
        keys[nk++] = "";
    sheet_init(&s, r->n + 2);
    sheet_set_col(&s, 0, heading, ALIGN_LEFT, SHEET_WRAP);
    for (k = 0; k < r->n; k++)
        sheet_set_col(&s, 1 + k, sec_of(r, k)->title, ALIGN_CENTRE,
                      SHEET_WRAP);
    sheet_set_col(&s, r->n + 1, W(r, "statistics", "total"), ALIGN_CENTRE,
                  SHEET_BOLD);
    for (i = 0; i <= nk; i++) {
        size_t total = 0;
        row = sheet_add_row(&s);
        sheet_set(&s, row, 0,
                  i == nk       ? W(r, "statistics", "all")
                  : *keys[i]    ? keys[i]
                                : W(r, "statistics", "unknown"));
        for (k = 0; k <= r->n; k++) {
            size_t c = 0;
            for (j = 0; j < r->n_parts; j++)
                if ((i == nk || !strcmp(values[j], keys[i])) &&
                    (k == r->n || r->parts[j].in[k]))
                    c++;
            set_int(&s, row, 1 + k, (double)c);
            total = c;
        }
        (void)total;
    }
    xlsx_table(r->x, &s, 0);
    sheet_release(&s);
    free(keys);
}

static void statistics_sheet(struct report *r)
{
    static const char *const ranks[] = {
        "ГМ", "ММ", "МФ", "КМ", "МСМК", "МС", "КМС", "І", "ІІ", "ІІІ",
        "І юн.", "ІІ юн.", "ІІІ юн."};
    const char **vals = xcalloc(r->n_parts + 1, sizeof(*vals));
    const char **order;
    char (*years)[16] = xcalloc(r->n_parts + 1, sizeof(*years));
    const char *yorder[200];
    char ybuf[200][16];
    size_t i, nregs, ny = 0;
    int y, lo = 9999, hi = 0;

    add_sheet(r, W(r, "sheets", "statistics"));
    xlsx_title(r->x, W(r, "statistics", "title"), 1);
    xlsx_title(r->x, r->ev->title, 0);
    xlsx_gap(r->x);
    order = regions(r, &nregs);
    for (i = 0; i < r->n_parts; i++)
        vals[i] = r->parts[i].region;
    count_table(r, W(r, "statistics", "region"), vals, order, nregs);
    free(order);

    xlsx_gap(r->x);
    for (i = 0; i < r->n_parts; i++)
        vals[i] = r->parts[i].sex == 'm'
                      ? W(r, "statistics", r->youth ? "boys" : "men")
                  : r->parts[i].sex == 'f'
                      ? W(r, "statistics", r->youth ? "girls" : "women")
                      : "";
    count_table(r, W(r, "statistics", "sex"), vals, NULL, 0);

    xlsx_gap(r->x);
    for (i = 0; i < r->n_parts; i++) {
        y = r->parts[i].year;
        if (y > 0) {
            snprintf(years[i], sizeof(years[i]), "%d", y);
            if (y < lo)
                lo = y;
            if (y > hi)
                hi = y;
        }
        vals[i] = years[i];
    }
    for (y = lo; y <= hi && ny < 200; y++) {
        snprintf(ybuf[ny], sizeof(ybuf[ny]), "%d", y);
        yorder[ny] = ybuf[ny];
        ny++;
    }
    count_table(r, W(r, "statistics", "birth"), vals, yorder, ny);

    xlsx_gap(r->x);
    for (i = 0; i < r->n_parts; i++)
        vals[i] = r->parts[i].rank;
    count_table(r, W(r, "statistics", "rank"), vals, ranks,
                sizeof(ranks) / sizeof(ranks[0]));
    free(vals);
    free(years);
}

/* ------------------------------------------------------ ranking lists */

static void ranking_sheet(struct report *r, size_t k)
{
    const struct section *sec = sec_of(r, k);
    struct view v;
    struct doc d;
    size_t i;
    struct strbuf sb = STRBUF_INIT;

    view_init(&v, r->ev, sec, r->secs[k].ranking, &r->tpl);
    doc_ranking_open(&d, &v.dc, r->ro, r->dl);
    if (d.err) {
        if (!r->err)
            r->err = d.err;
        goto out;
    }
    add_sheet(r, sec->title && *sec->title ? sec->title : sec->id);
    xlsx_title(r->x, d.title.buf, 1);
    xlsx_title(r->x, r->ev->title, 0);
    xlsx_title(r->x, sec->title, 0);
    strbuf_reset(&sb);
    doc_dates(&sb, &r->ev->start, &r->ev->end, NULL, NULL, 1);
    if (r->ev->city && *r->ev->city)
        strbuf_addf(&sb, ", %s", r->ev->city);
    xlsx_title(r->x, sb.buf, 0);
    xlsx_title(r->x, d.subtitle.buf, 0);
    xlsx_table(r->x, &d.sheet, XLSX_HEAD_FIXED);
    xlsx_gap(r->x);
    for (i = 0; i < d.legend.nr; i++)
        xlsx_text(r->x, d.legend.items[i].buf);
    for (i = 0; i < v.dc.n_notes; i++)
        xlsx_text(r->x, v.dc.notes[i]);
    xlsx_gap(r->x);
    if (r->ev->chief_arbiter.name && *r->ev->chief_arbiter.name) {
        strbuf_reset(&sb);
        doc_official_name(&sb, r->ev->chief_arbiter.name);
        xlsx_signature(r->x, r->ev->chief_arbiter.position, sb.buf);
    }
    if (r->ev->chief_secretary.name && *r->ev->chief_secretary.name) {
        strbuf_reset(&sb);
        doc_official_name(&sb, r->ev->chief_secretary.name);
        xlsx_signature(r->x, r->ev->chief_secretary.position, sb.buf);
    }
out:
    doc_close(&d);
    view_release(&v);
    strbuf_release(&sb);
}

/* ---------------------------------------------------------------- public */

enum err render_report(const struct event *ev,
                       const struct render_section *secs, size_t n,
                       const struct render_options *ro, const char *path,
                       struct diag_list *dl)
{
    struct report r;
    struct strbuf sb = STRBUF_INIT, title = STRBUF_INIT;
    struct xlsx_props props;
    enum err e;
    size_t i;

    memset(&r, 0, sizeof(r));
    r.ev = ev;
    r.secs = secs;
    r.n = n;
    r.ro = ro;
    r.dl = dl;
    r.path = path;
    r.youth = ev->born_from > 0 || (ev->age_group && *ev->age_group);
    strbuf_addf(&sb, "%s/common.ini", ro->templates_dir);
    e = template_load(&r.tpl, sb.buf, dl);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s/report.ini", ro->templates_dir);
    if (!e)
        e = template_load(&r.tpl, sb.buf, dl);
    if (e)
        goto out;
    gather(&r);

    memset(&props, 0, sizeof(props));
    strbuf_addf(&title, "%s", W(&r, "info", "title"));
    props.title = title.buf;
    props.subject = ev->title;
    props.author = ev->chief_secretary.name;
    props.manager = ev->chief_arbiter.name;
    props.company = ev->organisers;
    props.category = ev->report.sport;
    props.keywords = "шахи, звіт, Мінмолодьспорт";
    props.comments = "Sekretar " SEKRETAR_VERSION;
    props.created = ro->created;
    e = xlsx_new(&r.x, path, &props, dl);
    if (e)
        goto out;
    info_sheet(&r);
    prizes_sheet(&r);
    statistics_sheet(&r);
    for (i = 0; i < n; i++)
        ranking_sheet(&r, i);
    if (r.err) {
        e = r.err;
        xlsx_free(r.x);
    } else {
        e = xlsx_close(r.x, dl);
    }
out:
    for (i = 0; i < r.n_parts; i++)
        free(r.parts[i].in);
    free(r.parts);
    for (i = 0; i < r.n_names; i++)
        free((char *)r.names[i]);
    free(r.names);
    template_release(&r.tpl);
    strbuf_release(&sb);
    strbuf_release(&title);
    return e;
}
