/* core/validate: consistency checks of a tournament's results.
 * SPDX-License-Identifier: MIT
 */
#include "core/validate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/teams.h"
#include "core/tournament.h"
#include "util/diag.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

unsigned trf_round_col(int r)
{
    return (unsigned)(92 + r * 10);
}

/* 1 when results a (of one side) and b (of the other) fit together. */
static int results_match(char a, char b)
{
    static const char *const pairs[] = {"10", "01", "==", "+-", "-+", "--",
                                        "WL", "LW", "DD", "  "};
    size_t i;

    for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
        if (pairs[i][0] == a && pairs[i][1] == b)
            return 1;
    return 0;
}

static int colours_match(char a, char b)
{
    if (a == '-' || b == '-' || a == ' ' || b == ' ')
        return a == b || ((a == '-' || a == ' ') && (b == '-' || b == ' '));
    return a != b;
}

static const char *show_points(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.1f", v);
    return buf;
}

static void check_games(const struct tournament *t, struct diag_list *dl)
{
    const char *f = t->source;
    int nr = t->n_rounds, r, max_no = t->max_start_no;
    size_t i, np = t->n_players;
    /* first player (index + 1) naming each start number, per round */
    int *named = xcalloc((size_t)max_no + 1, sizeof(int));
    /* each player's start number and rounds, read once: a pass over a
       round then reads the rounds alone, and an opponent's round is one
       look-up */
    int *no = xmallocarray(np ? np : 1, sizeof(int));
    const struct entry **rounds = xmallocarray(np ? np : 1, sizeof(*rounds));

    for (i = 0; i < np; i++) {
        no[i] = t->players[i].start_no;
        rounds[i] = t->players[i].rounds;
    }
    for (r = 0; r < nr; r++) {
        int pab = 0;
        unsigned col = trf_round_col(r);
        memset(named, 0, sizeof(int) * ((size_t)max_no + 1));
        for (i = 0; i < np; i++) {
            const struct entry *e = &rounds[i][r], *g;
            int opp = e->opp, q;

            if (!(e->flags & ENTRY_PRESENT))
                continue;
            if (e->code == 'U' && pab++)
                diag_warning(dl, f, t->players[i].line, col + 7,
                             "round %d: more than one pairing-allocated bye "
                             "('U') in the round",
                             r + 1);
            if (opp <= 0) {
                if (strchr("10WDL", e->code) && e->code != ' ')
                    diag_warning(dl, f, t->players[i].line, col + 7,
                                 "round %d: result '%c' without an opponent "
                                 "(read as a bye)",
                                 r + 1, e->code);
                continue;
            }
            if (e->code == 'H' || e->code == 'F' || e->code == 'U' ||
                e->code == 'Z') {
                diag_error(dl, f, t->players[i].line, col + 7,
                           "round %d: bye '%c' with an opponent (%d)", r + 1,
                           e->code, opp);
                continue;
            }
            if (opp == no[i]) {
                diag_error(dl, f, t->players[i].line, col,
                           "round %d: player %d is paired with himself", r + 1,
                           no[i]);
                continue;
            }
            /* the opponent's index (tournament_player()), -1 for none;
               his start number is opp */
            q = opp <= max_no ? t->index_of[opp] - 1 : -1;
            if (q < 0) {
                diag_error(dl, f, t->players[i].line, col,
                           "round %d: opponent %d is not a player of the file",
                           r + 1, opp);
                continue;
            }
            if (named[opp]) {
                diag_error(dl, f, t->players[i].line, col,
                           "round %d: player %d is paired twice (with %d and "
                           "%d)",
                           r + 1, opp, no[named[opp] - 1], no[i]);
                continue;
            }
            named[opp] = (int)i + 1;
            g = &rounds[q][r];
            if (g->flags & ENTRY_REFUSED)
                continue; /* its error is at its field */
            if (!(g->flags & ENTRY_PRESENT) || g->opp != no[i]) {
                if (!(g->flags & ENTRY_PRESENT) || g->opp <= 0)
                    diag_error(dl, f, t->players[i].line, col,
                               "round %d: player %d is paired with %d, but "
                               "%d has no opponent in that round",
                               r + 1, no[i], opp, opp);
                else
                    diag_error(dl, f, t->players[i].line, col,
                               "round %d: player %d is paired with %d, but "
                               "%d is paired with %d",
                               r + 1, no[i], opp, opp, g->opp);
                continue;
            }
            if (no[i] > opp)
                continue; /* the pair was checked from the other side */
            if (!colours_match(e->colour, g->colour))
                diag_error(dl, f, t->players[i].line, col + 5,
                           "round %d: colours of %d ('%c') and %d ('%c') do "
                           "not match",
                           r + 1, no[i], e->colour, opp, g->colour);
            if (!results_match(e->code, g->code)) {
                if ((e->code == '1' || e->code == '+' || e->code == 'W') &&
                    (g->code == '1' || g->code == '+' || g->code == 'W'))
                    diag_error(dl, f, t->players[i].line, col + 7,
                               "round %d: both %d and %d are given the win "
                               "('%c' and '%c')",
                               r + 1, no[i], opp, e->code, g->code);
                else
                    diag_error(dl, f, t->players[i].line, col + 7,
                               "round %d: results of %d ('%c') and %d ('%c') "
                               "do not match",
                               r + 1, no[i], e->code, opp, g->code);
            } else if (e->code == ' ') {
                diag_warning(dl, f, t->players[i].line, col + 7,
                             "round %d: game %d - %d has no result yet", r + 1,
                             no[i], opp);
            } else if ((e->colour == '-' || e->colour == ' ') &&
                       entry_is_played(e)) {
                diag_warning(dl, f, t->players[i].line, col + 5,
                             "round %d: played game %d - %d without colours",
                             r + 1, no[i], opp);
            }
        }
    }
    free(named);
    free(no);
    free(rounds);
}

/* Whether a round of the player's was refused (ENTRY_REFUSED). */
static int player_refused(const struct player *p, int n_rounds)
{
    int r;

    for (r = 0; r < n_rounds; r++)
        if (p->rounds[r].flags & ENTRY_REFUSED)
            return 1;
    return 0;
}

static int cmp_double_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* How many of the n values sorted from the highest are above x. */
static size_t count_above(const double *sorted, size_t n, double x)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (sorted[mid] > x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void check_points_and_ranks(const struct tournament *t,
                                   struct diag_list *dl)
{
    size_t i, n = t->n_players;
    double *score = xmallocarray(n ? n : 1, sizeof(double));
    double *sorted = NULL;
    char b1[32], b2[32];
    int refused_any = 0;

    for (i = 0; i < n; i++) {
        const struct player *p = &t->players[i];
        score[i] = player_score(p, t->n_rounds);
        if (player_refused(p, t->n_rounds))
            continue; /* the results do not add up: its error says why */
        if (p->has_points && fabs(p->points - score[i]) > 1e-9)
            diag_error(dl, t->source, p->line, 81,
                       "player %d: points column says %s, the results add "
                       "up to %s",
                       p->start_no, show_points(p->points, b1, sizeof(b1)),
                       show_points(score[i], b2, sizeof(b2)));
    }
    /* A refused game makes every place uncertain: no rank is checked. */
    for (i = 0; i < n && !refused_any; i++)
        refused_any = player_refused(&t->players[i], t->n_rounds);
    /* In a team competition the rank column ranks boards, not points. */
    for (i = 0; i < n && !t->n_teams; i++) {
        const struct player *p = &t->players[i];
        size_t lo, hi;
        if (!p->rank || refused_any)
            continue;
        /* the scores sorted, for the first rank to check */
        if (!sorted) {
            sorted = xmallocarray(n, sizeof(double));
            memcpy(sorted, score, n * sizeof(double));
            qsort(sorted, n, sizeof(double), cmp_double_desc);
        }
        /* The places of the players above, and of those level with him. */
        lo = count_above(sorted, n, score[i] + 1e-9);
        hi = count_above(sorted, n, score[i] - 1e-9);
        if ((size_t)p->rank < lo + 1 || (size_t)p->rank > hi) {
            if (hi - lo > 1)
                diag_warning(dl, t->source, p->line, 86,
                             "player %d: rank column says %d, but with %s "
                             "points the place is %zu-%zu",
                             p->start_no, p->rank,
                             show_points(score[i], b1, sizeof(b1)), lo + 1,
                             hi);
            else
                diag_warning(dl, t->source, p->line, 86,
                             "player %d: rank column says %d, but with %s "
                             "points the place is %zu",
                             p->start_no, p->rank,
                             show_points(score[i], b1, sizeof(b1)), lo + 1);
        }
    }
    free(score);
    free(sorted);
}

/* Compare a header count (062, 082) with what the file holds. */
static void check_count(const struct tournament *t, const char *code,
                        size_t actual, const char *what,
                        struct diag_list *dl)
{
    const struct record *r = tournament_record(t, code);
    const char *s;
    int v;

    if (!r)
        return;
    for (s = r->text; *s == ' '; s++)
        ;
    if (!*s || strspn(s, "0123456789") != strlen(s))
        return;
    /* A number too large to read is not the count either. */
    v = num_parse_uint(s, 999999999);
    if (v < 0 || (size_t)v != actual)
        diag_warning(dl, t->source, r->line, 5,
                     "record %s says %s %s, the file has %zu", code, s, what,
                     actual);
}

static void check_teams(const struct tournament *t, struct diag_list *dl)
{
    size_t i, j;

    for (i = 0; i < t->n_teams; i++)
        for (j = 0; j < i; j++)
            if (!strcmp(t->teams[i].name, t->teams[j].name)) {
                diag_error(dl, t->source, t->teams[i].line, 5,
                           "team '%s' is listed twice (first at line %u)",
                           t->teams[i].name, t->teams[j].line);
                break;
            }
    if (t->n_teams)
        check_count(t, "082", t->n_teams, "teams", dl);
}

/* The matches of a team competition (core/teams.c says what is checked). */
static void check_team_matches(const struct tournament *t,
                               struct diag_list *dl)
{
    struct team_table tt;

    team_table_build(&tt, t, dl);
    team_table_release(&tt);
}

/* The code of a bye that stands for a result c against the fake player. */
static char fake_bye_code(char c)
{
    switch (c) {
    case '1':
    case '+':
    case 'W':
    case ' ':
        return 'U';
    case '=':
    case 'D':
        return 'H';
    default:
        return 'Z';
    }
}

size_t tournament_drop_fake_players(struct tournament *t,
                                    struct diag_list *dl)
{
    size_t i, k, kept = 0, dropped = 0;
    int r;

    if (t->n_teams || t->ko_input)
        return 0;
    for (i = 0; i < t->n_players; i++) {
        const struct player *f = &t->players[i];
        size_t games = 0;
        if (!name_is_bye(f->name)) {
            t->players[kept++] = t->players[i];
            continue;
        }
        for (k = 0; k < t->n_players; k++) {
            struct player *p = &t->players[k];
            if (k == i)
                continue;
            for (r = 0; r < t->n_rounds; r++) {
                struct entry *e = &p->rounds[r];
                if (e->opp != f->start_no)
                    continue;
                e->opp = 0;
                e->colour = '-';
                e->code = fake_bye_code(e->code);
                e->flags = ENTRY_PRESENT;
                e->points = scoring_value(&t->scoring, e);
                games++;
            }
        }
        diag_warning(dl, t->source, f->line, f->col ? f->col : 15,
                     i18n_ngettext("player %d '%s' is the pairing "
                                   "program's stand-in for a bye, not a "
                                   "player: left out, his %zu game read as "
                                   "the bye of the opponent",
                                   "player %d '%s' is the pairing "
                                   "program's stand-in for a bye, not a "
                                   "player: left out, his %zu games read "
                                   "as the byes of the opponents",
                                   games),
                     f->start_no, f->name, games);
        dropped++;
    }
    if (dropped) {
        /* Record 062 counted him: it counts the players left. */
        for (k = 0; k < t->n_records; k++) {
            struct record *rec = &t->records[k];
            if (!strcmp(rec->code, "062") &&
                num_parse_uint(rec->text + strspn(rec->text, " "),
                               999999999) == (int)t->n_players) {
                rec->text = arena_printf(&t->arena, "%zu", kept);
                break;
            }
        }
        t->n_players = kept;
        tournament_index(t);
    }
    return dropped;
}

/* Append the rounds from..to (1-based) to sb as "5" or "4-9". */
static void add_rounds(struct strbuf *sb, int from, int to)
{
    if (sb->len)
        strbuf_addstr(sb, ", ");
    if (from == to)
        strbuf_addf(sb, "%d", from);
    else
        strbuf_addf(sb, "%d-%d", from, to);
}

void tournament_absences(const struct tournament *t, struct diag_list *dl)
{
    struct strbuf gaps = STRBUF_INIT;
    size_t i;

    if (t->n_teams) /* reserves sit out rounds as a matter of course */
        return;
    for (i = 0; i < t->n_players; i++) {
        const struct player *p = &t->players[i];
        int last = player_last_round(p, t->n_rounds), r, from = 0, first = 0;
        int many;
        unsigned col;

        if (!last)
            continue;
        strbuf_reset(&gaps);
        for (r = 1; r <= last + 1; r++) {
            int absent = r <= last && entry_is_absence(&p->rounds[r - 1]);
            if (absent && !from)
                from = r;
            if (absent && !first)
                first = r;
            if (!absent && from) {
                add_rounds(&gaps, from, r - 1);
                from = 0;
            }
        }
        col = p->col ? p->col
                     : trf_round_col((first ? first : last + 1) - 1);
        many = strchr(gaps.buf, ',') || strchr(gaps.buf, '-');
        if (gaps.len)
            diag_warning(dl, t->source, p->line, col,
                         "player %d '%s': absent in round%s %s (no game, "
                         "no points); the cross table marks %s '—'",
                         p->start_no, p->name, many ? "s" : "", gaps.buf,
                         many ? "them" : "it");
        if (last < t->n_rounds) {
            strbuf_reset(&gaps);
            add_rounds(&gaps, last + 1, t->n_rounds);
            diag_warning(dl, t->source, p->line,
                         p->col ? p->col : trf_round_col(last),
                         "player %d '%s': withdrew after round %d (no game "
                         "in round%s %s); the cross table marks "
                         "'вибув'",
                         p->start_no, p->name, last,
                         last + 1 < t->n_rounds ? "s" : "", gaps.buf);
        }
    }
    strbuf_release(&gaps);
}

void tournament_validate(const struct tournament *t, struct diag_list *dl)
{
    check_games(t, dl);
    check_points_and_ranks(t, dl);
    check_teams(t, dl);
    if (t->n_teams)
        check_team_matches(t, dl);
    else if (tournament_record(t, "299"))
        diag_warning(dl, t->source, tournament_record(t, "299")->line, 1,
                     "record 299 (abnormal points) is read in team "
                     "competitions only; here it is not used");
    check_count(t, "062", t->n_players, "players", dl);
}
