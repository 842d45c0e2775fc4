/* core/standings: the ranking of a section: points, tie-breaks, shared
 * places, direct encounter and play-offs.
 * SPDX-License-Identifier: MIT
 */
#include "core/standings.h"

#include <stdlib.h>
#include <string.h>

#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "util/date.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* One player while a range of the ranking is sorted. */
struct key {
    int player;
    int start_no;
    double value;
    int undefined;
};

/* The orders a range is sorted in: a tie-break's value downwards (an
   undefined one last) or upwards, the points downwards; start numbers
   break every tie, so that any sort gives the same order. */
enum key_order { KEYS_DESC, KEYS_ASC, KEYS_POINTS };

static int key_cmp(const struct key *x, const struct key *y,
                   enum key_order o)
{
    if (o == KEYS_DESC && x->undefined != y->undefined)
        return x->undefined ? 1 : -1;
    if (x->value != y->value) {
        if (o == KEYS_ASC)
            return x->value < y->value ? -1 : 1;
        return x->value > y->value ? -1 : 1;
    }
    return x->start_no - y->start_no;
}

/*
 * Sort k[0..n) in order o, with tmp (n keys) to merge through: runs of 16
 * by insertion, then merged pairwise (qsort's calls through a pointer
 * for every comparison were a fifth of ranking 9,999 players).
 */
static void sort_keys(struct key *k, size_t n, enum key_order o,
                      struct key *tmp)
{
    enum { RUN = 16 };
    struct key *from = k, *to = tmp;
    size_t i, j, w;

    for (i = 0; i < n; i += RUN) {
        size_t end = i + RUN < n ? i + RUN : n;
        for (j = i + 1; j < end; j++) {
            struct key x = k[j];
            size_t m = j;
            while (m > i && key_cmp(&x, &k[m - 1], o) < 0) {
                k[m] = k[m - 1];
                m--;
            }
            k[m] = x;
        }
    }
    for (w = RUN; w < n; w *= 2) {
        for (i = 0; i < n; i += 2 * w) {
            size_t mid = i + w < n ? i + w : n, end = i + 2 * w < n ? i + 2 * w : n;
            size_t x = i, y = mid, z = i;
            while (x < mid && y < end)
                to[z++] = key_cmp(&from[y], &from[x], o) < 0 ? from[y++]
                                                              : from[x++];
            while (x < mid)
                to[z++] = from[x++];
            while (y < end)
                to[z++] = from[y++];
        }
        {
            struct key *t = from;
            from = to;
            to = t;
        }
    }
    if (from != k)
        memcpy(k, from, n * sizeof(*k));
}

/* The ranking while it is made. */
struct ranker {
    struct standings *s;
    int *order;      /* player indexes in ranking order */
    char *brk;       /* brk[k]: position k starts a group of equals */
    int *decided;    /* decided_by of each player */
    unsigned *flags; /* flags of each player */
    struct key *keys;
    struct key *tmp; /* for sort_keys() */
    int *start_no;   /* of each player, read once */
    double *points;  /* of each player: points_of() */
    size_t np;
};

/* The end of the group that starts at position a. */
static size_t group_end(const struct ranker *rk, size_t a)
{
    size_t b = a + 1;

    while (b < rk->np && !rk->brk[b])
        b++;
    return b;
}

/* Sort positions a..b-1 by the keys and mark where the values differ. */
static void split(struct ranker *rk, size_t a, size_t b, int ascending,
                  int criterion)
{
    struct key *k = rk->keys;
    size_t i, n = b - a;

    sort_keys(k, n, ascending ? KEYS_ASC : KEYS_DESC, rk->tmp);
    for (i = 0; i < n; i++) {
        rk->order[a + i] = k[i].player;
        if (i && (k[i].value != k[i - 1].value ||
                  k[i].undefined != k[i - 1].undefined))
            rk->brk[a + i] = 1;
    }
    for (i = a; i < b; i++)
        if (rk->brk[i] && (i + 1 == rk->np || rk->brk[i + 1]) &&
            rk->decided[rk->order[i]] == STANDINGS_UNDECIDED)
            rk->decided[rk->order[i]] = criterion;
}

/* Is every pair of the group's players met in a game that counts? */
static int all_met(struct tiebreak_context *c, const struct tiebreak *tb,
                   const int *g, size_t n)
{
    size_t i, j;

    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (!tiebreak_met(c, tb, (size_t)g[i], (size_t)g[j]))
                return 0;
    return 1;
}

/* Whether tie-break tb is a direct encounter (for what decided a place). */
static int is_de(const struct tiebreak *tb)
{
    enum tiebreak_id id = tb->def->id;
    return id == TB_DE || id == TB_EDE || id == TB_EDET;
}

/* Apply tie-break i to every group still tied. */
static void apply_tiebreak(struct ranker *rk, size_t i)
{
    struct standings *s = rk->s;
    const struct tiebreak *tb = &s->rules.tb[i];
    size_t nt = s->rules.n, a, b, k;
    int de = (tb->def->flags & TBD_GROUP) != 0;
    int *pos = de ? xcalloc(rk->np ? rk->np : 1, sizeof(int)) : NULL;

    for (a = 0; a < rk->np; a = b) {
        b = group_end(rk, a);
        if (b - a < 2)
            continue;
        if (de) {
            const int *g = rk->order + a;
            if (s->tctx)
                team_tb_group(s->tctx, tb, g, b - a, (int)a + 1,
                              s->rules.prize_places, pos);
            else
                tiebreak_direct_encounter(s->ctx, tb, g, b - a, (int)a + 1,
                                          s->rules.prize_places, pos);
            if (tb->all_met && (int)a + 1 <= s->rules.prize_places &&
                !all_met(s->ctx, tb, g, b - a))
                for (k = a; k < b; k++)
                    rk->flags[rk->order[k]] |= STANDINGS_DE_NOT_APPLIED;
            for (k = a; k < b; k++)
                s->values[(size_t)rk->order[k] * nt + i].value = pos[k - a];
        }
        for (k = a; k < b; k++) {
            int p = rk->order[k];
            const struct tiebreak_value *v = &s->values[(size_t)p * nt + i];
            rk->keys[k - a].player = p;
            rk->keys[k - a].start_no = rk->start_no[p];
            rk->keys[k - a].value = v->value;
            rk->keys[k - a].undefined = v->undefined;
        }
        split(rk, a, b, (tb->def->flags & TBD_ASCENDING) != 0, (int)i);
        if (is_de(tb))
            for (k = a; k < b; k++)
                if (rk->decided[rk->order[k]] == (int)i)
                    rk->flags[rk->order[k]] |= STANDINGS_BY_DE;
    }
    free(pos);
}

static void list_start_nos(struct strbuf *sb, const struct playoff *po)
{
    size_t i;

    for (i = 0; i < po->n; i++)
        strbuf_addf(sb, "%s%d", i ? "," : "", po->start_nos[i]);
}

/*
 * Order a tied group as a play-off finished.  The play-off must name
 * exactly the players of one group still tied.
 */
static int apply_playoff(struct ranker *rk, const struct playoff *po,
                         struct diag_list *dl)
{
    const struct tournament *t = rk->s->t;
    struct strbuf what = STRBUF_INIT;
    size_t *at = xcalloc(po->n ? po->n : 1, sizeof(size_t));
    size_t i, j, a = 0, b = 0;
    int ret = -1;

    list_start_nos(&what, po);
    if (po->n < 2) {
        diag_error(dl, po->file, po->line, po->col,
                   "play-off '%s': a play-off needs two players or more",
                   what.buf);
        goto out;
    }
    for (i = 0; i < po->n; i++) {
        const struct player *p = tournament_player(t, po->start_nos[i]);
        if (!p) {
            diag_error(dl, po->file, po->line, po->col,
                       "play-off '%s': no player has start number %d", what.buf,
                       po->start_nos[i]);
            goto out;
        }
        for (j = 0; j < rk->np; j++)
            if (rk->order[j] == (int)(p - t->players))
                at[i] = j;
        for (j = 0; j < i; j++)
            if (po->start_nos[j] == po->start_nos[i]) {
                diag_error(dl, po->file, po->line, po->col,
                           "play-off '%s': player %d is named twice", what.buf,
                           po->start_nos[i]);
                goto out;
            }
    }
    for (a = at[0]; a > 0 && !rk->brk[a]; a--)
        ;
    b = group_end(rk, a);
    for (i = 1; i < po->n; i++)
        if (at[i] < a || at[i] >= b) {
            diag_error(dl, po->file, po->line, po->col,
                       "play-off '%s': players %d and %d are not tied, "
                       "the tie-breaks already separate them",
                       what.buf, po->start_nos[0], po->start_nos[i]);
            goto out;
        }
    if (b - a != po->n) {
        for (j = a; j < b; j++) {
            int sn = t->players[rk->order[j]].start_no;
            for (i = 0; i < po->n && po->start_nos[i] != sn; i++)
                ;
            if (i == po->n)
                break;
        }
        diag_error(dl, po->file, po->line, po->col,
                   "play-off '%s': player %d is tied with them as well "
                   "(places %zu-%zu) and must be in the play-off",
                   what.buf, t->players[rk->order[j]].start_no, a + 1, b);
        goto out;
    }
    for (i = 0; i < po->n; i++) {
        int p = (int)(tournament_player(t, po->start_nos[i]) - t->players);
        rk->order[a + i] = p;
        rk->brk[a + i] = 1;
        rk->decided[p] = STANDINGS_PLAYOFF;
        rk->flags[p] |= STANDINGS_BY_PLAYOFF;
    }
    ret = 0;
out:
    strbuf_release(&what);
    free(at);
    return ret;
}

/* The points player (or team) p ranks by. */
static double points_of(const struct standings *s, size_t p)
{
    if (s->tctx)
        return team_tb_points(s->tctx, p);
    return player_score(&s->t->players[p], s->n_rounds);
}

/* Tie-breaks computed together, for one pass over the rows. */
#define COLS 8

/*
 * Every value but those of the group tie-breaks (DE, made in the
 * ranking): the tie-breaks in the list's order, COLS at a time into
 * columns, then into the players' rows: one pass over the rows for every
 * COLS tie-breaks, not one for each (a row is nt values; 10,000 rows are
 * megabytes).
 */
static void compute_values(struct standings *s)
{
    size_t np = s->n_rows, nt = s->rules.n, m = np ? np : 1, first, k, p;
    /* every value of a column is written (tiebreak_compute()) */
    struct tiebreak_value *col = xmallocarray(m * COLS, sizeof(*col));

    for (first = 0; first < nt; first += COLS) {
        size_t n = nt - first < COLS ? nt - first : COLS;
        for (k = 0; k < n; k++) {
            const struct tiebreak *tb = &s->rules.tb[first + k];
            if (tb->def->flags & TBD_GROUP)
                continue;
            if (s->tctx)
                team_tb_compute(s->tctx, tb, col + k * m);
            else
                tiebreak_compute(s->ctx, tb, col + k * m);
        }
        for (p = 0; p < np; p++)
            for (k = 0; k < n; k++)
                if (!(s->rules.tb[first + k].def->flags & TBD_GROUP))
                    s->values[p * nt + first + k] = col[k * m + p];
    }
    free(col);
}

enum err standings_rank(struct standings *s, const struct tournament *t,
                        const struct standings_options *o, struct diag_list *dl)
{
    struct ranker rk;
    size_t np = t->n_players, nt, i, a, b;
    enum err ret = ERR_OK;

    memset(s, 0, sizeof(*s));
    if (o->rules)
        s->rules = *o->rules;
    else
        tiebreak_rules_init(&s->rules);
    if (o->teams) {
        s->teams = o->teams;
        if (s->rules.primary != 'G')
            s->rules.primary = 'M';
        t = team_table_competition(o->teams, s->rules.primary == 'G');
        np = t->n_players;
    }
    s->t = t;
    s->n_rounds = o->n_rounds > 0 && o->n_rounds <= t->n_rounds ? o->n_rounds
                                                                : t->n_rounds;
    if (s->rules.policy == TB_POLICY_DEFAULT) {
        struct date d;
        int known = t->start_date && !date_parse(t->start_date, &d);
        s->rules.policy = tiebreak_policy_for_date(known ? &d : NULL);
    }
    if (s->rules.round_robin < 0)
        s->rules.round_robin = tiebreak_is_round_robin(t);
    nt = s->rules.n;
    s->n_rows = np;
    s->rows = xcalloc(np ? np : 1, sizeof(*s->rows));
    /* Every value is written but those of the group tie-breaks (DE),
       which start at 0 for the players no group concerns: zeroed alone,
       not the whole table of megabytes. */
    s->values = xmallocarray(np && nt ? np * nt : 1, sizeof(*s->values));
    for (i = 0; i < nt; i++)
        if (s->rules.tb[i].def->flags & TBD_GROUP)
            for (a = 0; a < np; a++) {
                s->values[a * nt + i].value = 0;
                s->values[a * nt + i].undefined = 0;
            }
    if (s->teams) {
        s->tctx = team_tb_context_new(s->teams, s->n_rounds,
                                      (enum tiebreak_policy)s->rules.policy,
                                      s->rules.round_robin, s->rules.primary);
        s->ctx = team_tb_engine(s->tctx, s->rules.primary);
    } else {
        s->ctx = tiebreak_context_new(t, s->n_rounds,
                                      (enum tiebreak_policy)s->rules.policy,
                                      s->rules.round_robin);
    }
    compute_values(s);

    memset(&rk, 0, sizeof(rk));
    rk.s = s;
    rk.np = np;
    rk.order = xcalloc(np ? np : 1, sizeof(int));
    rk.brk = xcalloc(np ? np : 1, 1);
    rk.decided = xcalloc(np ? np : 1, sizeof(int));
    rk.flags = xcalloc(np ? np : 1, sizeof(unsigned));
    rk.keys = xcalloc(np ? np : 1, sizeof(struct key));
    rk.tmp = xcalloc(np ? np : 1, sizeof(struct key));
    rk.start_no = xmallocarray(np ? np : 1, sizeof(int));
    rk.points = xmallocarray(np ? np : 1, sizeof(double));
    for (i = 0; i < np; i++) {
        rk.start_no[i] = t->players[i].start_no;
        rk.points[i] = points_of(s, i);
        rk.keys[i].player = (int)i;
        rk.keys[i].start_no = rk.start_no[i];
        rk.keys[i].value = rk.points[i];
    }
    sort_keys(rk.keys, np, KEYS_POINTS, rk.tmp);
    for (i = 0; i < np; i++) {
        rk.order[i] = rk.keys[i].player;
        rk.brk[i] = !i || rk.keys[i].value != rk.keys[i - 1].value;
    }
    for (i = 0; i < np; i++)
        rk.decided[rk.order[i]] = rk.brk[i] && (i + 1 == np || rk.brk[i + 1])
                                      ? STANDINGS_BY_POINTS
                                      : STANDINGS_UNDECIDED;
    for (i = 0; i < nt; i++)
        apply_tiebreak(&rk, i);
    for (i = 0; i < o->n_playoffs; i++)
        if (apply_playoff(&rk, &o->playoffs[i], dl))
            ret = ERR_DATA;

    for (a = 0; a < np; a = b) {
        b = group_end(&rk, a);
        for (i = a; i < b; i++) {
            struct standings_row *row = &s->rows[i];
            int p = rk.order[i];
            row->player = p;
            row->start_no = rk.start_no[p];
            row->points = rk.points[p];
            row->values = &s->values[(size_t)p * nt];
            row->place_lo = (int)a + 1;
            row->place_hi = (int)b;
            row->flags = rk.flags[p];
            row->decided_by = rk.decided[p];
            if (b - a > 1) {
                row->flags |= STANDINGS_SHARED;
                row->decided_by = STANDINGS_UNDECIDED;
                row->flags &= ~(unsigned)STANDINGS_BY_DE;
                if (s->rules.playoff && row->place_lo <= s->rules.prize_places)
                    row->flags |= STANDINGS_PLAYOFF_NEEDED;
            }
        }
    }
    free(rk.order);
    free(rk.brk);
    free(rk.decided);
    free(rk.flags);
    free(rk.keys);
    free(rk.tmp);
    free(rk.start_no);
    free(rk.points);
    return ret;
}

void standings_compute(struct standings *s, const struct tournament *t,
                       int n_rounds)
{
    struct standings_options o;

    memset(&o, 0, sizeof(o));
    o.n_rounds = n_rounds;
    standings_rank(s, t, &o, NULL);
}

void standings_release(struct standings *s)
{
    free(s->rows);
    free(s->values);
    if (s->tctx)
        team_tb_context_free(s->tctx);
    else
        tiebreak_context_free(s->ctx);
    s->tctx = NULL;
    s->rows = NULL;
    s->values = NULL;
    s->ctx = NULL;
    s->n_rows = 0;
}

const struct standings_row *standings_find(const struct standings *s,
                                           int start_no)
{
    size_t i;

    for (i = 0; i < s->n_rows; i++)
        if (s->rows[i].start_no == start_no)
            return &s->rows[i];
    return NULL;
}

/* Are rows a and b level on points and on tie-breaks 0..i-1? */
static int level_before(const struct standings_row *a,
                        const struct standings_row *b, size_t i)
{
    size_t j;

    if (a->points != b->points)
        return 0;
    for (j = 0; j < i; j++)
        if (a->values[j].undefined != b->values[j].undefined ||
            a->values[j].value != b->values[j].value)
            return 0;
    return 1;
}

/* How the direct encounter (tie-break i) went for row r. */
static void explain_de(const struct standings *s, const struct standings_row *r,
                       size_t i, struct strbuf *out)
{
    const struct tournament *t = s->t;
    const struct tiebreak *tb = &s->rules.tb[i];
    size_t k, first = s->n_rows, n = 0;
    double pts = 0;
    int rd;

    strbuf_addf(out, "%s (%s: %s) = %.0f\n", tb->code, tb->ua_short,
                tb->ua_name, r->values[i].value);
    for (k = 0; k < s->n_rows; k++)
        if (level_before(r, &s->rows[k], i)) {
            if (first == s->n_rows)
                first = k;
            n++;
        }
    if (n < 2) {
        strbuf_addstr(out, _("  not needed: nobody is level with him on "
                             "everything before\n"));
        return;
    }
    strbuf_addf(out, _("  tied group, places %zu-%zu:"), first + 1, first + n);
    for (k = first; k < s->n_rows; k++)
        if (level_before(r, &s->rows[k], i))
            strbuf_addf(out, " %d", s->rows[k].start_no);
    strbuf_addch(out, '\n');
    for (rd = 0; rd < s->n_rounds; rd++) {
        const struct entry *e = &t->players[r->player].rounds[rd];
        const struct player *o = tournament_player(t, e->opp);
        const struct standings_row *orow;
        char code[2] = {0};
        int counts;
        if (!o || !(orow = standings_find(s, o->start_no)) ||
            !level_before(r, orow, i))
            continue;
        counts =
            tiebreak_met(s->ctx, tb, (size_t)r->player, (size_t)orow->player);
        if (counts)
            pts += e->points;
        code[0] = e->code;
        tiebreak_explain_round(out, rd);
        tiebreak_explain_game(out, o->start_no, o->name, e->colour, code);
        strbuf_addf(out, "%s\n",
                    counts ? ""
                           : _(": not a game over the board, does not count"));
    }
    strbuf_addf(out, _("  points in these games: %.1f\n"), pts);
    if (r->flags & STANDINGS_DE_NOT_APPLIED)
        strbuf_addstr(out, _("  not applied: not every player of the group "
                             "played every other one\n"));
    else if (tb->all_met && (int)first + 1 > s->rules.prize_places)
        strbuf_addf(out,
                    _("  not applied: places %zu-%zu are not prize "
                    "places (1-%d)\n"),
                    first + 1, first + n, s->rules.prize_places);
    else if (r->values[i].value == 0)
        strbuf_addstr(out, _("  the games among them separate nobody\n"));
}

/* How tie-break i of team row r was made. */
static void explain_team(const struct standings *s,
                         const struct standings_row *r, size_t i,
                         struct strbuf *out)
{
    int *group = xcalloc(s->n_rows ? s->n_rows : 1, sizeof(int));
    size_t k, n = 0;

    for (k = 0; k < s->n_rows; k++)
        if (level_before(r, &s->rows[k], i))
            group[n++] = s->rows[k].player;
    team_tb_explain(s->tctx, &s->rules.tb[i], (size_t)r->player, group, n, out);
    free(group);
}

int standings_explain(const struct standings *s, int start_no,
                      struct strbuf *out)
{
    const struct standings_row *r = standings_find(s, start_no);
    const struct player *p;
    unsigned long n;
    size_t i;

    if (!r)
        return -1;
    p = &s->t->players[r->player];
    n = (unsigned long)s->n_rounds;
    strbuf_addf(out,
                !s->teams ? i18n_ngettext("Player %d %s: %.1f points after "
                                          "%d round, place %d",
                                          "Player %d %s: %.1f points after "
                                          "%d rounds, place %d",
                                          n)
                : s->rules.primary == 'G'
                    ? i18n_ngettext("Team %d %s: %.1f game points after %d "
                                    "round, place %d",
                                    "Team %d %s: %.1f game points after %d "
                                    "rounds, place %d",
                                    n)
                    : i18n_ngettext("Team %d %s: %.1f match points after %d "
                                    "round, place %d",
                                    "Team %d %s: %.1f match points after %d "
                                    "rounds, place %d",
                                    n),
                p->start_no, p->name, r->points, s->n_rounds, r->place_lo);
    if (r->place_hi > r->place_lo)
        strbuf_addf(out, "-%d", r->place_hi);
    strbuf_addf(out, _("\nUnplayed rounds: %s; %s\n"),
                tiebreak_policy_name((enum tiebreak_policy)s->rules.policy),
                s->rules.round_robin ? _("round robin") : _("Swiss system"));
    for (i = 0; i < s->rules.n; i++) {
        if (s->tctx)
            explain_team(s, r, i, out);
        else if (s->rules.tb[i].def->id == TB_DE)
            explain_de(s, r, i, out);
        else
            tiebreak_explain(s->ctx, &s->rules.tb[i], (size_t)r->player, out);
    }
    strbuf_addstr(out, _("Place: "));
    if (r->decided_by == STANDINGS_BY_POINTS)
        strbuf_addstr(out, _("decided by the points\n"));
    else if (r->decided_by == STANDINGS_PLAYOFF)
        strbuf_addstr(out, _("decided by a play-off\n"));
    else if (r->decided_by >= 0)
        strbuf_addf(out, _("decided by %s (%s)\n"),
                    s->rules.tb[r->decided_by].code,
                    s->rules.tb[r->decided_by].ua_short);
    else if (r->flags & STANDINGS_PLAYOFF_NEEDED)
        strbuf_addstr(out, _("shared; a prize-place tie: a play-off is "
                             "needed\n"));
    else
        strbuf_addstr(out, _("shared: level on every criterion\n"));
    return 0;
}
