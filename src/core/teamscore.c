/* core/teamscore: the regions' team standings of an event.
 * SPDX-License-Identifier: MIT
 */
#include "core/teamscore.h"

#include <stdlib.h>
#include <string.h>

#include "core/ranking.h"
#include "core/region.h"
#include "core/teams.h"
#include "core/tournament.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

int team_scores_counts(const struct section_ranking *sr)
{
    return sr && sr->ranked && !sr->teams && sr->sec &&
           sr->sec->system != SYS_TEAM && sr->sec->awards != 0;
}

int team_scores_team_medals(const struct section_ranking *sr)
{
    return sr && sr->ranked && sr->teams && sr->sec && sr->sec->awards != 0;
}

/* The row of the region of person pe, added when new; NULL: no region
   (a foreign player scores for none). */
static struct team_score *region_row(struct team_scores *ts, size_t *alloc,
                                     const struct person *pe)
{
    const char *name = person_region(pe);
    size_t i;

    if (!*name || person_foreign(pe))
        return NULL;
    for (i = 0; i < ts->n; i++)
        if (!strcmp(ts->rows[i].region, name))
            return &ts->rows[i];
    ALLOC_GROW(ts->rows, ts->n + 1, *alloc);
    memset(&ts->rows[ts->n], 0, sizeof(ts->rows[0]));
    ts->rows[ts->n].region = name;
    ts->rows[ts->n].order =
        pe->region >= 0 ? pe->region : (int)(region_count() + ts->n);
    ts->rows[ts->n].section_points =
        xcalloc(ts->n_sections ? ts->n_sections : 1, sizeof(double));
    return &ts->rows[ts->n++];
}

/* The points of places lo..hi shared: their mean. */
static double place_points(const struct report_info *ri, int lo, int hi)
{
    double sum = 0;
    int k;

    for (k = lo; k <= hi; k++)
        if (k >= 1 && (size_t)k <= ri->n_team_points)
            sum += ri->team_points[k - 1];
    return sum / (hi - lo + 1);
}

static int cmp_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? 1 : x > y ? -1 : 0;
}

/* -1, 0 or 1: a before b (better), level, or after. */
static int cmp_score(const struct team_score *a, const struct team_score *b,
                     enum team_scoring how)
{
    int k;

    if (how == TEAM_SCORING_POINTS) {
        if (a->points != b->points)
            return a->points > b->points ? -1 : 1;
        return 0;
    }
    if (how == TEAM_SCORING_MEDALS)
        for (k = 0; k < 3; k++)
            if (a->medals[k] != b->medals[k])
                return a->medals[k] > b->medals[k] ? -1 : 1;
    return 0;
}

/* The scoring cmp_rows() sorts by (qsort() passes no context). */
static enum team_scoring sort_how;

static int cmp_rows(const void *pa, const void *pb)
{
    const struct team_score *a = pa, *b = pb;
    int c = cmp_score(a, b, sort_how);

    return c ? c : a->order - b->order;
}

static int scored(const struct team_score *r, enum team_scoring how)
{
    if (how == TEAM_SCORING_POINTS)
        return r->points > 0;
    if (how == TEAM_SCORING_MEDALS)
        return r->medals[0] + r->medals[1] + r->medals[2] > 0;
    return 0;
}

/* The points of one section: each region's best results summed. */
static void section_points(struct team_scores *ts, size_t *alloc,
                           const struct event *ev,
                           const struct section_ranking *sr, size_t k)
{
    const struct report_info *ri = &ev->report;
    const struct standings *s = &sr->s;
    size_t i, j, m;
    double *vals = xcalloc(s->n_rows + 1, sizeof(*vals));
    int *reg = xcalloc(s->n_rows + 1, sizeof(*reg));

    for (i = 0; i < s->n_rows; i++) {
        const struct person *pe =
            section_person(ev, sr->sec, s->rows[i].player);
        struct team_score *r = pe ? region_row(ts, alloc, pe) : NULL;
        reg[i] = r ? (int)(r - ts->rows) : -1;
        vals[i] = place_points(ri, s->rows[i].place_lo, s->rows[i].place_hi);
    }
    for (j = 0; j < ts->n; j++) {
        double *mine = xcalloc(s->n_rows + 1, sizeof(*mine));
        double sum = 0;
        m = 0;
        for (i = 0; i < s->n_rows; i++)
            if (reg[i] == (int)j)
                mine[m++] = vals[i];
        qsort(mine, m, sizeof(*mine), cmp_desc);
        if (ri->team_best > 0 && m > (size_t)ri->team_best)
            m = (size_t)ri->team_best;
        for (i = 0; i < m; i++)
            sum += mine[i];
        ts->rows[j].section_points[k] = sum;
        ts->rows[j].points += sum;
        free(mine);
    }
    free(vals);
    free(reg);
}

/* Count every person who played in section sr once, in his region. */
static void count_players(struct team_scores *out, size_t *alloc,
                          const struct event *ev,
                          const struct section_ranking *sr,
                          unsigned char *seen)
{
    size_t i;

    for (i = 0; sr && sr->ranked && i < sr->s.n_rows; i++) {
        const struct person *pe =
            section_person(ev, sr->sec, sr->s.rows[i].player);
        struct team_score *r = pe ? region_row(out, alloc, pe) : NULL;
        size_t pi;
        if (!r)
            continue;
        pi = (size_t)(pe - ev->people);
        if (!seen[pi]) {
            seen[pi] = 1;
            r->players++;
        }
    }
}

/* The medals of the teams of team competition tr (one a team, for the
   region of its first player). */
static void team_medals(struct team_scores *out, size_t *alloc,
                        const struct event *ev,
                        const struct section_ranking *tr)
{
    size_t i;

    for (i = 0; i < tr->s.n_rows; i++) {
        const struct standings_row *row = &tr->s.rows[i];
        int ti = team_table_find(tr->teams, row->start_no);
        const struct person *pe =
            ti >= 0 ? event_team_first(ev, tr->sec, tr->teams, ti) : NULL;
        struct team_score *r = pe ? region_row(out, alloc, pe) : NULL;
        if (r && row->place_lo >= 1 && row->place_lo <= 3)
            r->medals[row->place_lo - 1]++;
    }
}

void team_scores_make(const struct event *ev,
                      const struct section_ranking *const *secs,
                      const struct section_ranking *const *players, size_t n,
                      struct team_scores *out)
{
    size_t alloc = 0, i, j, k;
    unsigned char *seen = NULL;

    memset(out, 0, sizeof(*out));
    out->how = ev->report.team_scoring;
    out->n_sections = n;
    seen = xcalloc(ev->n_people + 1, 1);
    for (k = 0; k < n; k++) {
        const struct section_ranking *sr = secs[k];
        count_players(out, &alloc, ev, players && players[k] ? players[k] : sr,
                      seen);
        if (team_scores_team_medals(sr)) {
            if (out->how == TEAM_SCORING_MEDALS)
                team_medals(out, &alloc, ev, sr);
            continue;
        }
        if (!team_scores_counts(sr))
            continue;
        for (i = 0; out->how == TEAM_SCORING_MEDALS && i < sr->s.n_rows;
             i++) {
            const struct standings_row *row = &sr->s.rows[i];
            const struct person *pe =
                section_person(ev, sr->sec, row->player);
            struct team_score *r = pe ? region_row(out, &alloc, pe) : NULL;
            if (r && row->place_lo >= 1 && row->place_lo <= 3)
                r->medals[row->place_lo - 1]++;
        }
        if (out->how == TEAM_SCORING_POINTS)
            section_points(out, &alloc, ev, sr, k);
    }
    sort_how = out->how;
    if (out->n)
        qsort(out->rows, out->n, sizeof(*out->rows), cmp_rows);
    for (i = 0; i < out->n; i = k) {
        for (k = i + 1;
             k < out->n && !cmp_score(&out->rows[i], &out->rows[k], out->how);
             k++)
            ;
        if (!scored(&out->rows[i], out->how))
            continue;
        for (j = i; j < k; j++) {
            out->rows[j].place_lo = (int)i + 1;
            out->rows[j].place_hi = (int)k;
        }
    }
    free(seen);
}

void team_scores_release(struct team_scores *ts)
{
    size_t i;

    for (i = 0; i < ts->n; i++)
        free(ts->rows[i].section_points);
    free(ts->rows);
    memset(ts, 0, sizeof(*ts));
}

void region_groups_release(struct region_groups *g)
{
    if (!g)
        return;
    arena_release(&g->arena);
    free(g->v);
    memset(g, 0, sizeof(*g));
}

int region_groups_same(const struct region_group *ga, size_t a,
                       const struct region_group *gb, size_t b)
{
    if (ga->regions[a] >= 0 || gb->regions[b] >= 0)
        return ga->regions[a] == gb->regions[b];
    return utf8_same_words(ga->units[a], gb->units[b]);
}

const struct team_score *team_scores_unit(const struct team_scores *ts,
                                          const struct region_group *g,
                                          size_t u)
{
    size_t i;

    for (i = 0; i < ts->n; i++)
        if (g->regions[u] >= 0 ? ts->rows[i].order == g->regions[u]
                               : (ts->rows[i].order >= (int)region_count() &&
                                  utf8_same_words(ts->rows[i].region, g->units[u])))
            return &ts->rows[i];
    return NULL;
}

void team_scores_group_places(const struct team_scores *ts,
                              const struct region_group *g, int *place)
{
    size_t u, v;

    for (u = 0; u < g->n; u++) {
        const struct team_score *a = team_scores_unit(ts, g, u);
        place[u] = 0;
        if (!a || a->points <= 0)
            continue;
        place[u] = 1;
        for (v = 0; v < g->n; v++) {
            const struct team_score *b = team_scores_unit(ts, g, v);
            if (b && b->points > a->points)
                place[u]++;
        }
    }
}
