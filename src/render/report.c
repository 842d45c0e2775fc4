/* render/report: the ministry's end-of-event report (report.xlsx): the
 * operative information, the prize-winners and qualifiers, the statistics
 * of the participants, and every section's ranking list.
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/knockout.h"
#include "core/mandate.h"
#include "core/norms.h"
#include "core/teams.h"
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
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/utf8.h"
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
    size_t people, entries; /* core/event.h event_people() */
    const char **names; /* the sheets' names so far */
    size_t n_names, names_alloc;
    struct part *parts;
    size_t n_parts, parts_alloc;
    int youth; /* юнаки / дівчата rather than чоловіки / жінки */
    /* Per section, per row of its players' ranking: the norm of ЄСКУ the
       player fulfilled (core/norms.h), NULL none; met NULL without a
       norms file. */
    const struct norm ***met;
    struct norm_result **res; /* beside met: each player's result */
    enum panel_ranks panel;   /* the ranks ЄСКУ counts with the panel */
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

/* The norm each player fulfilled, by the event's norms file.  In a team
   competition a player's place is his team's: only his own result
   counts. */
static void norms_gather(struct report *r)
{
    const struct norms *ns = r->ev->report.norms;
    size_t k, i;

    if (!ns)
        return;
    r->met = xcalloc(r->n + 1, sizeof(*r->met));
    r->res = xcalloc(r->n + 1, sizeof(*r->res));
    for (k = 0; k < r->n; k++) {
        const struct section_ranking *sr = players_of(r, k);
        struct norm_result section;
        if (!sr->ranked || sr->teams)
            continue;
        norm_section_of(r->ev, sr->sec, &section);
        r->met[k] = xcalloc(sr->s.n_rows + 1, sizeof(*r->met[k]));
        r->res[k] = xcalloc(sr->s.n_rows + 1, sizeof(*r->res[k]));
        for (i = 0; i < sr->s.n_rows; i++) {
            const struct standings_row *sw = &sr->s.rows[i];
            const struct person *pe = section_person(r->ev, sr->sec,
                                                     sw->player);
            struct norm_result *res = &r->res[k][i];
            norm_result_of(sr, sw, ns->unrated, &section, res);
            if (r->secs[k].players)
                res->place_lo = res->place_hi = 0;
            r->met[k][i] = norms_best(
                ns, r->ev, r->panel, sr->sec,
                player_sex(pe, &sr->s.t->players[sw->player], sr->sec), res,
                pe ? pe->rank_class : -1);
        }
    }
}

/* ----------------------------------------------------- the participants */

static void gather(struct report *r)
{
    const struct event *ev = r->ev;
    const struct section **secs = xcalloc(r->n + 1, sizeof(*secs));
    size_t k, i, j;

    for (k = 0; k < r->n; k++)
        secs[k] = sec_of(r, k);
    r->people = event_people(ev, secs, r->n, &r->entries);
    free(secs);

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
   others as first met, foreign players in none; *n of them (free() the
   array, not the names). */
static const char **regions(const struct report *r, size_t *n)
{
    const char **out = xcalloc(r->n_parts + region_count() + 1, sizeof(*out));
    size_t i, j, m = 0;
    int g;

    for (g = 0; g < (int)region_count(); g++)
        for (i = 0; i < r->n_parts; i++)
            if (r->parts[i].pe && r->parts[i].pe->region == g &&
                !person_foreign(r->parts[i].pe)) {
                out[m++] = region_get(g)->name;
                break;
            }
    for (i = 0; i < r->n_parts; i++) {
        const char *name = r->parts[i].region;
        if (!*name || person_foreign(r->parts[i].pe) ||
            (r->parts[i].pe && r->parts[i].pe->region >= 0))
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

    num_points(&sb, v);
    sheet_set(s, row, 0, label);
    sheet_set_num(s, row, 1, sb.buf, v);
    strbuf_release(&sb);
}

static void set_int(struct sheet *s, size_t row, size_t col, double v)
{
    struct strbuf sb = STRBUF_INIT;

    num_points(&sb, v);
    sheet_set_num(s, row, col, sb.buf, v);
    strbuf_release(&sb);
}


/* ------------------------------------------------------- ranks fulfilled */

static void player_cells(struct report *r, struct sheet *s, size_t row,
                         size_t first, const struct section_ranking *sr,
                         const struct standings_row *sw, int with_club);

/* Append the template's text of [norms] key with one {name} as value. */
static void norms_text(struct report *r, const char *key, const char *name,
                       const char *value, struct strbuf *out)
{
    struct template_var v;

    v.name = name;
    v.value = value;
    template_subst(W(r, "norms", key), NULL, &v, 1, out, NULL, r->dl);
}

/* A per cent as Ukrainian text writes it: "50", "66,7". */
static void percent(struct strbuf *out, double p)
{
    char num[NUM_FIXED_MAX], *dot;

    num_fixed(num, p, fabs(p - floor(p + 0.5)) < 0.05 ? 0 : 1);
    dot = strchr(num, '.');
    if (dot)
        *dot = ',';
    strbuf_addstr(out, num);
}

/* Whether ЄСКУ counts the ranks fulfilled with the event's panel, in
   words. */
static const char *panel_words(struct report *r)
{
    switch (r->panel) {
    case PANEL_ALL_RANKS:
        return W(r, "panel", "qualifies");
    case PANEL_BELOW_KMS:
        return W(r, "panel", "qualifies-below-kms");
    case PANEL_NO_RANKS:
        break;
    }
    return W(r, "panel", "not-qualifies");
}

/* The norm in words: "1 місце; кількість учасників не менше 10". */
static void norm_words(struct report *r, const struct norm *nm,
                       struct strbuf *out)
{
    struct strbuf v = STRBUF_INIT;
    size_t start = out->len;

#define SEP() (out->len > start ? strbuf_addstr(out, "; ") : (void)0)
    if (nm->place_lo) {
        doc_place(&v, nm->place_lo, nm->place_hi);
        norms_text(r, nm->place_hi > nm->place_lo ? "w-places" : "w-place",
                   "place", v.buf, out);
    }
    if (nm->min_players) {
        strbuf_reset(&v);
        strbuf_addf(&v, "%d", nm->min_players);
        SEP();
        norms_text(r, "w-players", "n", v.buf, out);
    }
    if (nm->min_regions) {
        strbuf_reset(&v);
        strbuf_addf(&v, "%d", nm->min_regions);
        SEP();
        norms_text(r, "w-regions", "n", v.buf, out);
    }
    if (nm->min_games) {
        strbuf_reset(&v);
        strbuf_addf(&v, "%d", nm->min_games);
        SEP();
        norms_text(r, "w-games", "n", v.buf, out);
    }
    if (nm->min_percent > 0) {
        strbuf_reset(&v);
        percent(&v, nm->min_percent);
        SEP();
        norms_text(r, "w-score", "p", v.buf, out);
    }
    if (nm->min_average) {
        strbuf_reset(&v);
        strbuf_addf(&v, "%d", nm->min_average);
        SEP();
        norms_text(r, "w-average", "n", v.buf, out);
    }
#undef SEP
    strbuf_release(&v);
}

/* What the player did, in the norm's words: his place, his points of
   his games and the average of his opponents, as far as nm asks. */
static void result_words(struct report *r, const struct norm *nm,
                         const struct norm_result *res, struct strbuf *out)
{
    struct strbuf v = STRBUF_INIT;

    if (nm->place_lo) {
        doc_place(&v, res->place_lo, res->place_hi);
        norms_text(r, "w-place", "place", v.buf, out);
    }
    if (nm->min_games || nm->min_percent > 0) {
        struct template_var vars[3];
        struct strbuf pts = STRBUF_INIT, g = STRBUF_INIT, pc = STRBUF_INIT;
        num_points(&pts, res->points);
        strbuf_addf(&g, "%d", res->games);
        percent(&pc, res->games ? 100.0 * res->points / res->games : 0);
        vars[0].name = "points";
        vars[0].value = pts.buf;
        vars[1].name = "games";
        vars[1].value = g.buf;
        vars[2].name = "p";
        vars[2].value = pc.buf;
        if (out->len)
            strbuf_addstr(out, "; ");
        template_subst(W(r, "norms", "r-score"), NULL, vars, 3, out, NULL,
                       r->dl);
        strbuf_release(&pts);
        strbuf_release(&g);
        strbuf_release(&pc);
    }
    if (nm->min_average) {
        strbuf_reset(&v);
        strbuf_addf(&v, "%d", res->average);
        if (out->len)
            strbuf_addstr(out, "; ");
        norms_text(r, "r-average", "n", v.buf, out);
    }
    strbuf_release(&v);
}

/* The people who fulfilled a rank, each once with his highest, counted
   by rank: "КМС — 1; І розряд — 3"; 0 when nobody did. */
static int fulfilled_counts(struct report *r, struct strbuf *out)
{
    size_t nc = rank_class_count(), k, i, j, nb = 0, alloc = 0;
    size_t *count = xcalloc(nc + 1, sizeof(*count));
    struct best {
        const struct person *pe;
        int cls;
    } *best = NULL;
    int any = 0;
    int c;

    for (k = 0; r->met && k < r->n; k++) {
        const struct section_ranking *sr = players_of(r, k);
        for (i = 0; r->met[k] && i < sr->s.n_rows; i++) {
            const struct norm *nm = r->met[k][i];
            const struct person *pe;
            if (!nm)
                continue;
            pe = section_person(r->ev, sr->sec, sr->s.rows[i].player);
            for (j = 0; pe && j < nb && best[j].pe != pe; j++)
                ;
            if (pe && j < nb) {
                if (rank_class_level(nm->rank_class) >
                    rank_class_level(best[j].cls))
                    best[j].cls = nm->rank_class;
                continue;
            }
            ALLOC_GROW(best, nb + 1, alloc);
            best[nb].pe = pe;
            best[nb++].cls = nm->rank_class;
        }
    }
    for (j = 0; j < nb; j++)
        count[best[j].cls]++;
    for (c = 0; (size_t)c < nc; c++)
        if (count[c]) {
            strbuf_addf(out, "%s%s — %zu", any ? "; " : "",
                        rank_class_get(c)->label, count[c]);
            any = 1;
        }
    free(best);
    free(count);
    return any;
}

/* The line of the operative information: the ranks fulfilled, or the
   form's line to fill when no norms file says. */
static void fulfilled_line(struct report *r, struct sheet *s)
{
    struct strbuf sb = STRBUF_INIT;

    if (!r->ev->report.norms)
        strbuf_addstr(&sb, W(r, "norms", "blank"));
    else if (!fulfilled_counts(r, &sb))
        strbuf_addstr(&sb, W(r, "norms", "none"));
    kv_text(s, W(r, "norms", "fulfilled"), sb.buf);
    strbuf_release(&sb);
}

/* The list of who fulfilled what under which norms (the basis of the
   extracts from the protocol for each rank). */
static void fulfilled_table(struct report *r)
{
    const struct norms *ns = r->ev->report.norms;
    struct strbuf sb = STRBUF_INIT;
    struct template_var v[3];
    struct sheet s;
    size_t k, i, n = 0;

    xlsx_gap(r->x);
    xlsx_title(r->x, W(r, "norms", "title"), 0);
    if (!ns) {
        xlsx_text(r->x, W(r, "norms", "no-file"));
        return;
    }
    v[0].name = "title";
    v[0].value = ns->title;
    v[1].name = "order";
    v[1].value = ns->order ? ns->order : "";
    v[2].name = "file";
    v[2].value = ns->file;
    if (!r->ev->report.norms_input)
        template_subst(W(r, "norms", "source-preset"), NULL, v, 3, &sb, NULL,
                       r->dl);
    else if (ns->order && *ns->order)
        template_subst(W(r, "norms", "source"), NULL, v, 3, &sb, NULL, r->dl);
    else
        template_subst(W(r, "norms", "source-no-order"), NULL, v, 3, &sb,
                       NULL, r->dl);
    xlsx_text(r->x, sb.buf);
    if (ns->sample)
        xlsx_text(r->x, W(r, "norms", "sample"));
    if (r->panel != PANEL_ALL_RANKS)
        xlsx_text(r->x, panel_words(r));
    sheet_init(&s, 10);
    sheet_set_col(&s, 0, W(r, "norms", "no"), ALIGN_CENTRE, 0);
    sheet_set_col(&s, 1, W(r, "norms", "name"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 2, W(r, "norms", "birth"), ALIGN_CENTRE, 0);
    sheet_set_col(&s, 3, W(r, "norms", "region"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 4, W(r, "norms", "section"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 5, W(r, "norms", "held"), ALIGN_CENTRE, 0);
    sheet_set_col(&s, 6, W(r, "norms", "rank"), ALIGN_CENTRE, SHEET_BOLD);
    sheet_set_col(&s, 7, W(r, "norms", "result"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 8, W(r, "norms", "norm"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 9, W(r, "norms", "norm-id"), ALIGN_LEFT, 0);
    for (k = 0; r->met && k < r->n; k++) {
        const struct section_ranking *sr = players_of(r, k);
        for (i = 0; r->met[k] && i < sr->s.n_rows; i++) {
            const struct norm *nm = r->met[k][i];
            const struct standings_row *sw = &sr->s.rows[i];
            const struct person *pe;
            size_t row;
            if (!nm)
                continue;
            pe = section_person(r->ev, sr->sec, sw->player);
            row = sheet_add_row(&s);
            set_int(&s, row, 0, (double)++n);
            player_cells(r, &s, row, 1, sr, sw, 0);
            sheet_set(&s, row, 4, sr->sec->title);
            sheet_set(&s, row, 5, pe && pe->rank ? pe->rank : "");
            sheet_set(&s, row, 6, nm->rank);
            strbuf_reset(&sb);
            result_words(r, nm, &r->res[k][i], &sb);
            sheet_set(&s, row, 7, sb.buf);
            strbuf_reset(&sb);
            norm_words(r, nm, &sb);
            sheet_set(&s, row, 8, sb.buf);
            sheet_set(&s, row, 9, nm->id);
        }
    }
    if (n)
        xlsx_table(r->x, &s, 0);
    else
        xlsx_text(r->x, W(r, "norms", "nobody"));
    sheet_release(&s);
    strbuf_release(&sb);
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

/* The regions in the ministry's groups (event.ini region-groups): each
   group's units in its order, with their points and their place within
   the group; those of ts in no group after them. */
static void group_tables(struct report *r, const struct team_scores *ts)
{
    const struct region_groups *gs = r->ev->report.groups;
    size_t g, u, i, j;
    unsigned char *grouped = xcalloc(ts->n + 1, 1);
    struct sheet s;

    if (gs->title && *gs->title) {
        xlsx_gap(r->x);
        xlsx_title(r->x, gs->title, 0);
    }
    for (g = 0; g < gs->n; g++) {
        const struct region_group *gr = &gs->v[g];
        int *place = xcalloc(gr->n + 1, sizeof(*place));
        team_scores_group_places(ts, gr, place);
        sheet_init(&s, 4);
        sheet_set_col(&s, 0, W(r, "groups", "no"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 1, gr->name, ALIGN_LEFT, SHEET_WRAP);
        sheet_set_col(&s, 2, W(r, "groups", "points"), ALIGN_CENTRE, 0);
        sheet_set_col_num(&s, 2, SHEET_NUM_HALVES);
        sheet_set_col(&s, 3, W(r, "groups", "place"), ALIGN_CENTRE,
                      SHEET_BOLD);
        for (u = 0; u < gr->n; u++) {
            const struct team_score *t = team_scores_unit(ts, gr, u);
            size_t row = sheet_add_row(&s);
            set_int(&s, row, 0, (double)(u + 1));
            sheet_set(&s, row, 1, gr->units[u]);
            set_int(&s, row, 2, t ? t->points : 0);
            if (place[u])
                set_int(&s, row, 3, place[u]);
            if (t)
                grouped[t - ts->rows] = 1;
        }
        xlsx_gap(r->x);
        xlsx_table(r->x, &s, 0);
        sheet_release(&s);
        free(place);
    }
    for (i = 0, j = 0; i < ts->n; i++)
        j += !grouped[i];
    if (j) {
        sheet_init(&s, 3);
        sheet_set_col(&s, 0, W(r, "groups", "no"), ALIGN_CENTRE, 0);
        sheet_set_col(&s, 1, W(r, "groups", "outside"), ALIGN_LEFT,
                      SHEET_WRAP);
        sheet_set_col(&s, 2, W(r, "groups", "points"), ALIGN_CENTRE, 0);
        sheet_set_col_num(&s, 2, SHEET_NUM_HALVES);
        for (i = 0, j = 0; i < ts->n; i++) {
            size_t row;
            if (grouped[i])
                continue;
            row = sheet_add_row(&s);
            set_int(&s, row, 0, (double)++j);
            sheet_set(&s, row, 1, ts->rows[i].region);
            set_int(&s, row, 2, ts->rows[i].points);
        }
        xlsx_gap(r->x);
        xlsx_table(r->x, &s, 0);
        sheet_release(&s);
    }
    free(grouped);
}

/* The clubs (ДЮСШ) of the people who played, each once as first
   written, with its people; *n of them (free() both arrays). */
static const char **clubs(const struct report *r, size_t *n,
                          size_t **people)
{
    const char **out = xcalloc(r->n_parts + 1, sizeof(*out));
    char **keys = xcalloc(r->n_parts + 1, sizeof(*keys));
    struct strbuf key = STRBUF_INIT;
    size_t i, j, m = 0;

    *people = xcalloc(r->n_parts + 1, sizeof(**people));
    for (i = 0; i < r->n_parts; i++) {
        const struct person *pe = r->parts[i].pe;
        if (!pe || !pe->club || !*pe->club)
            continue;
        strbuf_reset(&key);
        name_club_key(&key, pe->club);
        for (j = 0; j < m && strcmp(keys[j], key.buf); j++)
            ;
        if (j == m) {
            keys[m] = xstrdup(key.buf);
            out[m++] = pe->club;
        }
        (*people)[j]++;
    }
    for (i = 0; i < m; i++)
        free(keys[i]);
    free(keys);
    strbuf_release(&key);
    *n = m;
    return out;
}

/* The clubs and ДЮСШ that took part, a row each with its people. */
static void club_table(struct report *r)
{
    size_t n, i, *people;
    const char **cl = clubs(r, &n, &people);
    struct sheet s;

    xlsx_gap(r->x);
    xlsx_title(r->x, W(r, "info", "club-list"), 0);
    sheet_init(&s, 3);
    sheet_set_col(&s, 0, W(r, "info", "club-no"), ALIGN_CENTRE, 0);
    sheet_set_col(&s, 1, W(r, "info", "club"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 2, W(r, "info", "club-people"), ALIGN_CENTRE, 0);
    for (i = 0; i < n; i++) {
        size_t row = sheet_add_row(&s);
        set_int(&s, row, 0, (double)(i + 1));
        sheet_set(&s, row, 1, cl[i]);
        set_int(&s, row, 2, (double)people[i]);
    }
    xlsx_table(r->x, &s, 0);
    sheet_release(&s);
    free(cl);
    free(people);
}

/* The teams of the team competitions that award their places; their
   number into *teams; the prize places appended to sb ("1 – Каїса
   (м. Київ); 2 – ..."), a section's title first when there are several.
   0 when the event has no such competition. */
static int team_places(struct report *r, struct strbuf *sb, size_t *teams)
{
    size_t k, i, n = 0, nsec = 0;
    int any = 0;

    for (k = 0; k < r->n; k++)
        nsec += team_scores_team_medals(r->secs[k].ranking);
    *teams = 0;
    for (k = 0; k < r->n; k++) {
        const struct section_ranking *tr = r->secs[k].ranking;
        if (!team_scores_team_medals(tr))
            continue;
        any = 1;
        *teams += tr->s.n_rows;
        if (sb->len)
            strbuf_addstr(sb, "\n");
        if (nsec > 1)
            strbuf_addf(sb, "%s: ", sec_of(r, k)->title);
        for (i = 0, n = 0; i < tr->s.n_rows; i++) {
            const struct standings_row *sw = &tr->s.rows[i];
            const struct player *p = &tr->s.t->players[sw->player];
            int ti = team_table_find(tr->teams, p->start_no);
            const struct person *pe =
                ti >= 0 ? event_team_first(r->ev, tr->sec, tr->teams, ti)
                        : NULL;
            if (sw->place_lo > 3)
                break;
            if (n++)
                strbuf_addstr(sb, "; ");
            doc_place(sb, sw->place_lo, sw->place_hi);
            strbuf_addf(sb, " – %s", p->name ? p->name : "");
            if (*person_region(pe))
                strbuf_addf(sb, " (%s)", person_region(pe));
        }
    }
    return any;
}

/* The regions' prize places of the team standings ts appended to sb. */
static void region_places(const struct team_scores *ts, struct strbuf *sb)
{
    size_t i;
    int place;

    for (place = 1; place <= 3; place++) {
        size_t before = sb->len;
        for (i = 0; i < ts->n; i++) {
            if (ts->rows[i].place_lo != place)
                continue;
            if (sb->len == before) {
                if (sb->len)
                    strbuf_addstr(sb, "; ");
                doc_place(sb, ts->rows[i].place_lo, ts->rows[i].place_hi);
                strbuf_addstr(sb, " – ");
            } else {
                strbuf_addstr(sb, ", ");
            }
            strbuf_addstr(sb, ts->rows[i].region);
        }
    }
}

/* A signature line: position, the line to sign on, the name; a blank
   line for a name that is not given. */
static void sign(struct report *r, const char *position, const char *name,
                 const char *default_position)
{
    struct strbuf sb = STRBUF_INIT;

    if (name && *name)
        doc_official_name(&sb, name);
    else
        strbuf_addstr(&sb, W(r, "info", "name-blank"));
    xlsx_signature(r->x,
                   position && *position ? position : default_position,
                   sb.buf);
    strbuf_release(&sb);
}

/* A judge's signature line: his role and category (signatory_title()),
   def the role when event.ini gives none. */
static void sign_judge(struct report *r, const struct signatory *sg,
                       const char *def)
{
    struct strbuf title = STRBUF_INIT;

    signatory_title(sg, def, &title);
    sign(r, title.buf, sg->name, def);
    strbuf_release(&title);
}

/* The judges' panel by category, and whether it lets ranks count. */
static void panel(struct report *r)
{
    static const char *const cats[ARB_CATEGORIES] = {
        "cat-none",     "cat-young",        "cat-iii", "cat-ii",
        "cat-i",        "cat-national",     "cat-international"};
    size_t n, i, count[ARB_CATEGORIES] = {0};
    const struct signatory **pn = event_panel(r->ev, &n);
    struct strbuf sb = STRBUF_INIT, role = STRBUF_INIT;
    struct sheet s;
    int c;

    xlsx_gap(r->x);
    xlsx_title(r->x, W(r, "panel", "title"), 0);
    sheet_init(&s, 3);
    sheet_set_col(&s, 0, W(r, "panel", "name"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 1, W(r, "panel", "position"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 2, W(r, "panel", "category"), ALIGN_LEFT, SHEET_WRAP);
    for (i = 0; i < n; i++) {
        size_t row = sheet_add_row(&s);
        strbuf_reset(&sb);
        strbuf_reset(&role);
        c = signatory_split(pn[i]->position, &role, NULL, NULL);
        count[c]++;
        doc_official_name(&sb, pn[i]->name);
        sheet_set(&s, row, 0, sb.buf);
        /* The role written, else the one the panel's place gives. */
        sheet_set(&s, row, 1,
                  role.len                                ? role.buf
                  : pn[i] == &r->ev->chief_arbiter        ? W(r, "panel", "chief")
                  : pn[i] == &r->ev->deputy_arbiter       ? W(r, "panel", "deputy")
                  : pn[i] == &r->ev->chief_secretary      ? W(r, "panel", "secretary")
                                                          : W(r, "panel", "arbiter"));
        sheet_set(&s, row, 2, W(r, "panel", cats[c]));
    }
    strbuf_release(&role);
    xlsx_table(r->x, &s, 0);
    sheet_release(&s);
    strbuf_reset(&sb);
    strbuf_addstr(&sb, W(r, "panel", "by-category"));
    for (c = ARB_CATEGORIES - 1; c >= ARB_NONE; c--)
        if (count[c])
            strbuf_addf(&sb, " %s — %zu;", W(r, "panel", cats[c]), count[c]);
    strbuf_setlen(&sb, sb.len - (sb.buf[sb.len - 1] == ';'));
    xlsx_text(r->x, sb.buf);
    xlsx_text(r->x, panel_words(r));
    free(pn);
    strbuf_release(&sb);
}

/* The chief arbiter's parts of the report: written, or lines to fill. */
static void notes(struct report *r)
{
    static const char *const keys[REPORT_NOTES] = {
        "protests", "violations", "medical", "conditions", "conclusions",
        "proposals"};
    const struct report_info *ri = &r->ev->report;
    struct sheet s;
    size_t i;

    xlsx_gap(r->x);
    sheet_init(&s, 2);
    sheet_set_col(&s, 0, W(r, "info", "item"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 1, W(r, "notes", "text"), ALIGN_LEFT, SHEET_WRAP);
    for (i = 0; i < REPORT_NOTES; i++)
        kv_text(&s, W(r, "notes", keys[i]),
                ri->notes[i] && *ri->notes[i] ? ri->notes[i]
                                               : W(r, "notes", "blank"));
    xlsx_table(r->x, &s, 0);
    sheet_release(&s);
}

/* The end of the operative information: the panel, the chief arbiter's
   notes, every signatory of the form and the date. */
static void info_end(struct report *r)
{
    const struct event *ev = r->ev;
    const struct report_info *ri = &ev->report;
    size_t i;

    panel(r);
    notes(r);
    xlsx_gap(r->x);
    for (i = 0; i < ev->n_report_signatories; i++)
        if (*ev->report_signatories[i].name)
            sign(r, ev->report_signatories[i].position,
                 ev->report_signatories[i].name, "");
    if (!ev->n_report_signatories)
        sign_judge(r, &ev->chief_arbiter, W(r, "info", "sign-chief"));
    sign(r, ri->head.position, ri->head.name, W(r, "info", "sign-head"));
    sign(r, ri->responsible.position, ri->responsible.name,
         W(r, "info", "sign-responsible"));
    xlsx_text(r->x, W(r, "info", "date-line"));
}

static void info_sheet(struct report *r)
{
    const struct event *ev = r->ev;
    const struct report_info *ri = &ev->report;
    const struct section_ranking **rk = xcalloc(r->n + 1, sizeof(*rk));
    const struct section_ranking **pl = xcalloc(r->n + 1, sizeof(*pl));
    struct team_scores ts;
    struct strbuf sb = STRBUF_INIT;
    struct sheet s;
    const char **regs;
    size_t nregs, ncl, i, k, teams = 0;
    int has_teams;

    for (k = 0; k < r->n; k++) {
        rk[k] = r->secs[k].ranking;
        pl[k] = r->secs[k].players;
    }
    team_scores_make(ev, rk, pl, r->n, &ts);

    add_sheet(r, W(r, "sheets", "info"));
    {
        /* The body the report goes to: the first awarding body of the
           event (its era's: Держкомспорт in 2004), in capitals. */
        struct strbuf body = STRBUF_INIT, up = STRBUF_INIT;
        if (event_awarding_body(ev, 0, &body))
            utf8_upper(&up, body.buf);
        xlsx_title(r->x, up.len ? up.buf : W(r, "info", "ministry"), 0);
        strbuf_release(&body);
        strbuf_release(&up);
    }
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
    kv_text(&s, W(r, "info", "order"),
            ev->order && *ev->order ? ev->order : W(r, "info", "order-blank"));
    doc_dates(&sb, &ev->start, &ev->end, NULL, NULL, 1);
    kv_text(&s, W(r, "info", "dates"), sb.buf);
    strbuf_reset(&sb);
    strbuf_addstr(&sb, ev->city ? ev->city : "");
    if (ev->venue && *ev->venue)
        strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", ev->venue);
    kv_text(&s, W(r, "info", "place"), sb.buf);
    kv_num(&s, W(r, "info", "players"), (double)r->people);
    kv_num(&s, W(r, "info", r->youth ? "boys" : "men"),
           (double)count_sex(r, 'm', (size_t)-1));
    kv_num(&s, W(r, "info", r->youth ? "girls" : "women"),
           (double)count_sex(r, 'f', (size_t)-1));
    if (!ev->lone_file && ev->n_people) {
        struct mandate_result m;
        mandate_compute(ev, &m);
        kv_num(&s, W(r, "info", "admitted"),
               (double)(m.total.m + m.total.f + m.total.other));
        mandate_release(&m);
    }
    kv_num(&s, W(r, "info", "entries"), (double)r->entries);
    for (k = 0; k < r->n; k++) {
        const struct tournament *t = sec_of(r, k)->t;
        struct template_var v;
        v.name = "section";
        v.value = sec_of(r, k)->title;
        strbuf_reset(&sb);
        template_subst(W(r, "info", "entries-of"), NULL, &v, 1, &sb, NULL,
                       r->dl);
        kv_num(&s, sb.buf, t ? (double)t->n_players : 0);
    }
    regs = regions(r, &nregs);
    kv_num(&s, W(r, "info", "regions"), (double)nregs);
    strbuf_reset(&sb);
    for (i = 0; i < nregs; i++)
        strbuf_addf(&sb, "%s%s", i ? ", " : "", regs[i]);
    kv_text(&s, W(r, "info", "region-list"), sb.buf);
    free(regs);
    {
        size_t *people;
        free(clubs(r, &ncl, &people));
        free(people);
    }
    kv_num(&s, W(r, "info", "clubs"), (double)ncl);

    strbuf_reset(&sb);
    has_teams = team_places(r, &sb, &teams);
    if (has_teams)
        kv_num(&s, W(r, "info", "teams"), (double)teams);
    else if (ts.how != TEAM_SCORING_NONE)
        kv_num(&s, W(r, "info", "teams"), (double)nregs);
    if (!has_teams) {
        if (ts.how != TEAM_SCORING_NONE)
            region_places(&ts, &sb);
        else
            strbuf_addstr(&sb, ri->team_results && *ri->team_results
                                   ? ri->team_results
                                   : W(r, "info", "team-none"));
    }
    kv_text(&s, W(r, "info", "team-places"), sb.buf);
    fulfilled_line(r, &s);
    if (ri->judges > 0)
        kv_num(&s, W(r, "info", "judges"), ri->judges);
    if (ri->staff > 0)
        kv_num(&s, W(r, "info", "staff"), ri->staff);
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
        if (ts.how == TEAM_SCORING_POINTS && ev->report.groups)
            group_tables(r, &ts);
        team_table(r, &ts);
    }
    team_scores_release(&ts);
    free(rk);
    free(pl);
    club_table(r);
    info_end(r);
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

/* The members of the teams on the podium of team competition tr (they
   receive medals too): place, team, name, year of birth, rank. */
static void team_members(struct report *r, const struct section_ranking *tr)
{
    const struct team_table *tt = tr->teams;
    struct strbuf sb = STRBUF_INIT;
    struct sheet s;
    size_t i;
    int m;

    sheet_init(&s, 5);
    sheet_set_col(&s, 0, W(r, "prizes", "place"), ALIGN_CENTRE, 0);
    sheet_set_col(&s, 1, W(r, "prizes", "team"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 2, W(r, "prizes", "name"), ALIGN_LEFT, SHEET_WRAP);
    sheet_set_col(&s, 3, W(r, "prizes", "birth"), ALIGN_CENTRE, 0);
    sheet_set_col(&s, 4, W(r, "prizes", "rank"), ALIGN_CENTRE, 0);
    for (i = 0; i < tr->s.n_rows && tr->s.rows[i].place_lo <= 3; i++) {
        const struct standings_row *sw = &tr->s.rows[i];
        int ti = team_table_find(tt, sw->start_no);
        const struct team *tm = ti >= 0 ? &tt->t->teams[ti] : NULL;
        for (m = 0; tm && m < tm->n_members; m++) {
            const struct player *p = tournament_player(tt->t, tm->members[m]);
            const struct person *pe =
                p ? section_person(r->ev, tr->sec, (int)(p - tt->t->players))
                  : NULL;
            size_t row;
            if (!p)
                continue;
            row = sheet_add_row(&s);
            place_cell(&s, row, 0, sw);
            sheet_set(&s, row, 1, tm->name ? tm->name : "");
            strbuf_reset(&sb);
            doc_player_name(&sb, p->name ? p->name : "");
            if (pe && pe->captain == 1)
                strbuf_addf(&sb, " %s", W(r, "prizes", "captain"));
            sheet_set(&s, row, 2, sb.buf);
            if (pe && pe->birth_year)
                set_int(&s, row, 3, pe->birth_year);
            else if (p->birth_year)
                set_int(&s, row, 3, p->birth_year);
            sheet_set(&s, row, 4, pe && pe->rank ? pe->rank : "");
        }
    }
    xlsx_gap(r->x);
    xlsx_title(r->x, W(r, "prizes", "members-title"), 0);
    xlsx_table(r->x, &s, 0);
    sheet_release(&s);
    strbuf_release(&sb);
}

/* A knock-out player's last round in words ("фінал", "матч за 3
   місце", "2-й раунд") and the matches he won (over the board or by a
   walkover; a bye is none), into the cells col and col + 1. */
static void ko_cells(struct report *r, struct sheet *s, size_t row,
                     size_t col, const struct knockout *ko, int no)
{
    const struct ko_entrant *en = knockout_entrant(ko, no);
    struct strbuf sb = STRBUF_INIT;
    struct template_var v;
    char num[16];
    size_t i;
    int won = 0, third = 0, last = en ? en->round_reached : 0;

    for (i = 0; i < ko->n_matches; i++) {
        const struct ko_match *m = &ko->matches[i];
        if (m->a != no && m->b != no)
            continue;
        if (m->winner == no && m->a && m->b &&
            (m->status == KO_DECIDED || m->status == KO_WALKOVER))
            won++;
        if (m->round == last && m->no == 2)
            third = 1;
    }
    snprintf(num, sizeof(num), "%d", last);
    v.name = "round";
    v.value = num;
    template_subst(W(r, "prizes", last == ko->n_rounds
                                      ? (third ? "ko-third" : "ko-final")
                                      : "ko-round"),
                   NULL, &v, 1, &sb, NULL, r->dl);
    sheet_set(s, row, col, sb.buf);
    set_int(s, row, col + 1, won);
    strbuf_release(&sb);
}

static void prizes_sheet(struct report *r)
{
    static const char *const keys[] = {"place",  "name", "birth", "region",
                                       "club",   "coach", "rank",
                                       "points", "matches"};
    static const enum cell_align aligns[] = {
        ALIGN_CENTRE, ALIGN_LEFT, ALIGN_CENTRE, ALIGN_LEFT, ALIGN_LEFT,
        ALIGN_LEFT,   ALIGN_CENTRE, ALIGN_CENTRE, ALIGN_CENTRE};
    struct strbuf sb = STRBUF_INIT;
    size_t k, i, c;

    add_sheet(r, W(r, "sheets", "prizes"));
    xlsx_title(r->x, W(r, "prizes", "title"), 1);
    xlsx_title(r->x, r->ev->title, 0);
    for (k = 0; k < r->n; k++) {
        const struct section_ranking *sr = r->secs[k].ranking;
        const struct knockout *ko = sr->ko;
        size_t ncols = ko ? 9 : 8;
        struct sheet s;
        sheet_init(&s, ncols);
        for (c = 0; c < ncols; c++)
            sheet_set_col(&s, c,
                          W(r, "prizes", ko && c == 7 ? "round" : keys[c]),
                          aligns[c],
                          c == 1 || c == 4 || c == 5 ? SHEET_WRAP : 0);
        if (!ko)
            sheet_set_col_num(&s, 7, SHEET_NUM_HALVES);
        for (i = 0; i < sr->s.n_rows; i++) {
            const struct standings_row *sw = &sr->s.rows[i];
            size_t row;
            if (sw->place_lo > 3)
                break;
            row = sheet_add_row(&s);
            place_cell(&s, row, 0, sw);
            player_cells(r, &s, row, 1, sr, sw, 1);
            if (ko) {
                ko_cells(r, &s, row, 7, ko, sw->start_no);
                continue;
            }
            strbuf_reset(&sb);
            num_points(&sb, sw->points);
            sheet_set_num(&s, row, 7, sb.buf, sw->points);
        }
        xlsx_gap(r->x);
        xlsx_title(r->x, sec_of(r, k)->title, 0);
        if (!sec_of(r, k)->awards)
            xlsx_text(r->x, W(r, "prizes", "no-awards"));
        xlsx_table(r->x, &s, 0);
        sheet_release(&s);
        if (sr->teams)
            team_members(r, sr);
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
    fulfilled_table(r);
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
    /* The foreign players in one row after the regions. */
    for (i = 0; i < r->n_parts; i++)
        if (person_foreign(r->parts[i].pe))
            order[nregs] = W(r, "statistics", "foreign");
    nregs += order[nregs] != NULL;
    for (i = 0; i < r->n_parts; i++)
        vals[i] = person_foreign(r->parts[i].pe)
                      ? W(r, "statistics", "foreign")
                      : r->parts[i].region;
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

/* What a section's sheet is called: its sheet-name, else its title when
   a sheet's 31 characters hold it, else its id. */
static const char *sheet_name(const struct section *sec)
{
    if (sec->sheet_name && *sec->sheet_name)
        return sec->sheet_name;
    if (sec->title && *sec->title && utf8_len(sec->title) <= 31 &&
        !strpbrk(sec->title, "[]:*?/\\"))
        return sec->title;
    return sec->id;
}

static void ranking_sheet(struct report *r, size_t k)
{
    const struct section *sec = sec_of(r, k);
    struct view v;
    struct doc d;
    size_t i;
    struct strbuf sb = STRBUF_INIT;

    view_init(&v, r->ev, sec, r->secs[k].ranking, &r->tpl);
    doc_ranking_open_as(&d, &v.dc, r->ro, 1, r->dl);
    if (d.err) {
        if (!r->err)
            r->err = d.err;
        goto out;
    }
    /* The results protocol's "Виконаний розряд", row by row of the
       ranking. */
    if (r->met && r->met[k] && !r->secs[k].players &&
        d.sheet.nrows == r->secs[k].ranking->s.n_rows) {
        size_t c = sheet_append_col(&d.sheet, W(r, "norms", "column"),
                                    ALIGN_CENTRE, SHEET_WRAP);
        for (i = 0; i < d.sheet.nrows; i++)
            if (r->met[k][i])
                sheet_set(&d.sheet, i, c, r->met[k][i]->rank);
    }
    add_sheet(r, sheet_name(sec));
    xlsx_title(r->x, d.title.buf, 1);
    xlsx_title(r->x, r->ev->title, 0);
    xlsx_title(r->x, sec->title, 0);
    strbuf_reset(&sb);
    doc_dates(&sb, &v.dc.start, &v.dc.end, NULL, NULL, 1);
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
    if (r->ev->chief_arbiter.name && *r->ev->chief_arbiter.name)
        sign_judge(r, &r->ev->chief_arbiter, W(r, "info", "sign-chief"));
    if (r->ev->chief_secretary.name && *r->ev->chief_secretary.name)
        sign_judge(r, &r->ev->chief_secretary,
                   W(r, "info", "sign-secretary"));
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
    r.youth = event_youth(ev);
    r.panel = event_panel_ranks(ev);
    strbuf_addf(&sb, "%s/common.ini", ro->templates_dir);
    e = template_load(&r.tpl, sb.buf, dl);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s/report.ini", ro->templates_dir);
    if (!e)
        e = template_load(&r.tpl, sb.buf, dl);
    if (e)
        goto out;
    gather(&r);
    norms_gather(&r);

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
    for (i = 0; r.met && i < n; i++) {
        free(r.met[i]);
        free(r.res[i]);
    }
    free(r.met);
    free(r.res);
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
