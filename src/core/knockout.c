/* core/knockout: the bracket of a knock-out section, its matches resolved
 * stage by stage, and the final places.
 * SPDX-License-Identifier: MIT
 *
 * Findings, each at the row of the match card that shows it:
 *   - a row whose round or match is not in the bracket;
 *   - a player in two matches of a round; round 1 with more matches or
 *     byes than its players leave, a match of it with a third player;
 *   - a match that does not follow the bracket (a player who won no match
 *     of the round before), a loser who plays on, a match played before
 *     the one that feeds it was decided;
 *   - two rows with one game number, a game number skipped;
 *   - a stage that is not in the section's ladder, or comes after a later
 *     one; a stage begun before the previous one was level, or before all
 *     of its games were played;
 *   - colours not changed inside a stage;
 *   - a game after the match was decided;
 *   - an armageddon game without a result;
 *   - a walkover beside games, or without a winner;
 *   - a winner missing from the next round when it has begun;
 * and, as a warning, a draw that departs from standard seeding.
 */
#include "core/knockout.h"

#include <stdlib.h>
#include <string.h>

#include "core/tournament.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ------------------------------------------------------------ ladder */

static const struct {
    const char *en, *uk;
} stage_names[KO_N_STAGES] = {
    {N_("classic"), "класичні"},
    {N_("rapid"), "швидкі"},
    {N_("blitz"), "бліц"},
    {N_("armageddon"), "армагедон"},
};

const char *ko_stage_name(enum ko_stage s)
{
    return stage_names[s].en;
}

const char *ko_stage_name_uk(enum ko_stage s)
{
    return stage_names[s].uk;
}

int ko_stage_parse(const char *s, enum ko_stage *out)
{
    static const struct {
        const char *name;
        enum ko_stage v;
    } names[] = {
        {"classic", KO_CLASSIC},   {"classical", KO_CLASSIC},
        {"класичні", KO_CLASSIC},  {"класична", KO_CLASSIC},
        {"класика", KO_CLASSIC},   {"rapid", KO_RAPID},
        {"швидкі", KO_RAPID},      {"швидка", KO_RAPID},
        {"blitz", KO_BLITZ},       {"бліц", KO_BLITZ},
        {"armageddon", KO_ARMAGEDDON}, {"армагедон", KO_ARMAGEDDON},
    };
    struct strbuf low = STRBUF_INIT;
    size_t i;
    int found = -1;

    utf8_lower(&low, s);
    strbuf_trim(&low);
    for (i = 0; i < sizeof(names) / sizeof(names[0]) && found < 0; i++)
        if (!strcmp(low.buf, names[i].name)) {
            *out = names[i].v;
            found = 0;
        }
    strbuf_release(&low);
    return found;
}

void ko_ladder_default(struct ko_ladder *l)
{
    static const struct ko_step seed000[] = {
        {KO_CLASSIC, 2}, {KO_RAPID, 2}, {KO_BLITZ, 2}, {KO_ARMAGEDDON, 1}};
    size_t i;

    memset(l, 0, sizeof(*l));
    for (i = 0; i < sizeof(seed000) / sizeof(seed000[0]); i++)
        l->steps[l->n++] = seed000[i];
    l->armageddon_draw = 'b';
    l->third_place = 1;
}

void ko_ladder_format(const struct ko_ladder *l, struct strbuf *out)
{
    int i;

    for (i = 0; i < l->n; i++)
        strbuf_addf(out, "%s%s %d", i ? ", " : "",
                    ko_stage_name(l->steps[i].stage), l->steps[i].games);
}

/* ------------------------------------------------------------ helpers */

struct kbuild {
    struct knockout *ko;
    const char *file;
    struct diag_list *dl;
    int *seed_of;      /* start number -> seed; 0 none */
    int *entrant_of;   /* start number -> entrants index + 1 */
    int max_no;
    unsigned char *bad; /* per sorted row: left out */
    int numbering;      /* enum ko_numbering of the round last drawn */
    int seeded;         /* 1: the seeds are the registry's or ratings' */
    struct strbuf a, b, c; /* names for messages */
};

static int matches_in_round(const struct knockout *ko, int r)
{
    if (r < ko->n_rounds)
        return ko->size >> r;
    return 1 + (ko->ladder.third_place && ko->n_rounds >= 2);
}

int knockout_round_matches(const struct knockout *ko, int round)
{
    if (round < 1 || round > ko->n_rounds)
        return 0;
    return matches_in_round(ko, round);
}

static struct ko_match *match_at(const struct knockout *ko, int r, int no)
{
    if (r < 1 || r > ko->n_rounds || no < 1 || no > matches_in_round(ko, r))
        return NULL;
    return &ko->matches[ko->round_first[r] + (size_t)(no - 1)];
}

const struct ko_match *knockout_match(const struct knockout *ko, int round,
                                      int no)
{
    return match_at(ko, round, no);
}

static struct ko_entrant *entrant(const struct kbuild *kb, int no)
{
    if (no < 1 || no > kb->max_no || !kb->entrant_of[no])
        return NULL;
    return &kb->ko->entrants[kb->entrant_of[no] - 1];
}

const struct ko_entrant *knockout_entrant(const struct knockout *ko,
                                          int start_no)
{
    size_t i;

    for (i = 0; i < ko->n_entrants; i++)
        if (ko->entrants[i].start_no == start_no)
            return &ko->entrants[i];
    return NULL;
}

/* "Name (12)" into sb. */
static const char *pname(const struct kbuild *kb, struct strbuf *sb, int no)
{
    const struct player *p = tournament_player(kb->ko->t, no);

    strbuf_reset(sb);
    if (p && p->name && *p->name)
        strbuf_addf(sb, "%s (%d)", p->name, no);
    else
        strbuf_addf(sb, "%d", no);
    return sb->buf;
}

static void fmt_points(struct strbuf *sb, double x)
{
    int whole = (int)x;

    if (x - whole > 0.25) {
        if (whole)
            strbuf_addf(sb, "%d", whole);
        strbuf_addstr(sb, "½");
    } else {
        strbuf_addf(sb, "%d", whole);
    }
}

void ko_match_score(const struct ko_match *m, int first, struct strbuf *out)
{
    int i, swap = first && first == m->b;

    if (m->status == KO_WALKOVER) {
        strbuf_addstr(out, m->winner == (swap ? m->b : m->a) ? "+–−" : "−–+");
        return;
    }
    for (i = 0; i < m->n_scores; i++) {
        const struct ko_score *s = &m->scores[i];
        if (!s->games)
            continue;
        if (i)
            strbuf_addstr(out, ", ");
        fmt_points(out, swap ? s->b : s->a);
        strbuf_addstr(out, "–");
        fmt_points(out, swap ? s->a : s->b);
        if (s->stage != KO_CLASSIC) {
            strbuf_addch(out, ' ');
            strbuf_addstr(out, ko_stage_name_uk(s->stage));
        }
    }
}

static int cmp_rows(const void *x, const void *y)
{
    const struct ko_game *a = *(const struct ko_game *const *)x;
    const struct ko_game *b = *(const struct ko_game *const *)y;

    if (a->round != b->round)
        return a->round - b->round;
    if (a->match != b->match)
        return a->match - b->match;
    if (a->game != b->game)
        return a->game - b->game;
    return a->line < b->line ? -1 : a->line > b->line;
}

/* ----------------------------------------------------- rows to matches */

static int place_rows(struct kbuild *kb)
{
    struct knockout *ko = kb->ko;
    size_t i = 0, n = ko->t->ko_input ? ko->t->ko_input->n : 0;
    int bad = 0;

    while (i < n) {
        const struct ko_game *g = ko->sorted[i];
        struct ko_match *m = match_at(ko, g->round, g->match);
        size_t j = i;

        while (j < n && ko->sorted[j]->round == g->round &&
               ko->sorted[j]->match == g->match)
            j++;
        if (!m) {
            if (g->round > ko->n_rounds)
                diag_error(kb->dl, kb->file, g->line, g->col_round,
                           "round %d is not in the bracket: %zu players "
                           "play %d round%s",
                           g->round, ko->n_entrants, ko->n_rounds,
                           ko->n_rounds == 1 ? "" : "s");
            else if (g->round == ko->n_rounds && g->match == 2)
                diag_error(kb->dl, kb->file, g->line, g->col_match,
                           "round %d has no match %d: the section has no "
                           "match for third place (third-place = no)",
                           g->round, g->match);
            else
                diag_error(kb->dl, kb->file, g->line, g->col_match,
                           "round %d has %d match%s, not match %d", g->round,
                           matches_in_round(ko, g->round),
                           matches_in_round(ko, g->round) == 1 ? "" : "es",
                           g->match);
            memset(kb->bad + i, 1, j - i);
            bad = 1;
        } else {
            m->games = ko->sorted + i;
            m->n_games = j - i;
        }
        i = j;
    }
    return bad;
}

/* A player in two matches of a round: the later rows are left out. */
static void two_matches(struct kbuild *kb)
{
    struct knockout *ko = kb->ko;
    size_t n = ko->t->ko_input ? ko->t->ko_input->n : 0, i;
    /* per (round, start number): the first row */
    size_t stride = (size_t)kb->max_no + 1;
    size_t *first = xcalloc(stride * (size_t)(ko->n_rounds + 1), sizeof(*first));

    for (i = 0; i < n; i++) {
        const struct ko_game *g = ko->sorted[i];
        int side;
        if (kb->bad[i])
            continue;
        for (side = 0; side < 2; side++) {
            int no = side ? g->black : g->white;
            size_t *f;
            if (no < 1 || no > kb->max_no)
                continue;
            f = &first[(size_t)g->round * stride + (size_t)no];
            if (!*f) {
                *f = i + 1;
            } else if (ko->sorted[*f - 1]->match != g->match && !kb->bad[i]) {
                const struct ko_game *o = ko->sorted[*f - 1];
                diag_error(kb->dl, kb->file, g->line,
                           side ? g->col_black : g->col_white,
                           "round %d: %s plays in match %d (line %u) and in "
                           "match %d",
                           g->round, pname(kb, &kb->a, no), o->match, o->line,
                           g->match);
                kb->bad[i] = 1;
            }
        }
    }
    free(first);
}

/* ------------------------------------------------------------ matches */

/* The index in ko->sorted of match m's row i. */
static size_t row_index(const struct kbuild *kb, const struct ko_match *m,
                        size_t i)
{
    return (size_t)(m->games + i - kb->ko->sorted);
}

static void set_players(struct kbuild *kb, struct ko_match *m, int x, int y)
{
    int sx = x ? kb->seed_of[x] : 0, sy = y ? kb->seed_of[y] : 0;

    if (!x || (y && sy < sx)) {
        int t = x;
        x = y;
        y = t;
        t = sx;
        sx = sy;
        sy = t;
    }
    m->a = x;
    m->b = y;
    m->seed_a = sx;
    m->seed_b = sy;
}

/* ---------------------------------------------------- the bracket drawn */

/*
 * The bracket is a fact of the cards.  Round 1's matches are the pairs its
 * rows name; a later match is fed by the two matches of the round before
 * whose winners play in it.  What the cards do not show yet (a match not
 * begun) follows the numbering the cards use: the standard one (round 1's
 * match j is seed j against seed 2^k+1-j, round r+1's match j is fed by
 * matches j and m+1-j), or the one from the top of the bracket down (round
 * 1's match j is the j-th pair of the standard bracket drawn, round r+1's
 * match j is fed by matches 2j-1 and 2j; the FIDE World Cup's).
 */
enum ko_numbering { KO_NUM_STANDARD, KO_NUM_TOP_DOWN, KO_NUM_DRAWN };

/* The standard bracket's order of round r's matches, top to bottom. */
static void standard_order(const struct knockout *ko, int round, int *order)
{
    int r, m = 1, i;

    order[0] = 1;
    for (r = ko->n_rounds - 1; r >= round; r--) {
        int next = m * 2;
        /* Round r+1's match j is fed by round r's j and next+1-j. */
        for (i = m - 1; i >= 0; i--) {
            int j = order[i];
            order[2 * i] = j;
            order[2 * i + 1] = next + 1 - j;
        }
        m = next;
    }
}

/* The match order of round r as drawn (round k's final alone). */
void knockout_draw_order(const struct knockout *ko, int round, int *order)
{
    int r, m = 1, i;

    order[0] = 1;
    for (r = ko->n_rounds; r > round; r--) {
        for (i = m - 1; i >= 0; i--) {
            const struct ko_match *x = match_at(ko, r, order[i]);
            order[2 * i] = x->feed[0];
            order[2 * i + 1] = x->feed[1];
        }
        m *= 2;
    }
}

/* The seed of start number no; a missing player ranks after them all. */
static int seed_or_none(const struct kbuild *kb, int no)
{
    return no ? kb->seed_of[no] : kb->ko->size + 1;
}

/* Round 1's match j by numbering num (standard or top down): the start
   numbers of its seeds (0: a bye). */
static void seeded_pair(const struct kbuild *kb, const int *order,
                        enum ko_numbering num, int j, int *x, int *y)
{
    const struct knockout *ko = kb->ko;
    int s = num == KO_NUM_TOP_DOWN ? order[j - 1] : j;
    size_t hi = (size_t)(ko->size + 1 - s);

    *x = (size_t)s <= ko->n_entrants ? ko->entrants[s - 1].start_no : 0;
    *y = hi <= ko->n_entrants ? ko->entrants[hi - 1].start_no : 0;
}

static int same_pair(int a, int b, int x, int y)
{
    return (a == x && b == y) || (a == y && b == x);
}

/* The row that names match m's players: its first good game, else its
   first good bye; NULL for none. */
static const struct ko_game *naming_row(const struct kbuild *kb,
                                        const struct ko_match *m)
{
    const struct ko_game *bye = NULL;
    size_t i;

    for (i = 0; i < m->n_games; i++) {
        const struct ko_game *g = m->games[i];
        if (kb->bad[row_index(kb, m, i)])
            continue;
        if (g->black)
            return g;
        if (!bye)
            bye = g;
    }
    return bye;
}

/* Leave out every row of match m. */
static void drop_match(struct kbuild *kb, const struct ko_match *m)
{
    size_t i;

    for (i = 0; i < m->n_games; i++)
        kb->bad[row_index(kb, m, i)] = 1;
}

/*
 * Round 1 from its rows: each match is the pair its rows name (a bye: the
 * player alone).  The matches the cards do not name yet are filled from
 * the seeding with the players not drawn yet: as the cards number the
 * bracket where their matches follow the seeds, else the best left
 * against the worst left, byes to the best.
 */
static void draw_round1(struct kbuild *kb)
{
    struct knockout *ko = kb->ko;
    int m1 = matches_in_round(ko, 1), j;
    int games_allowed = (int)ko->n_entrants - m1; /* matches of two */
    int byes_allowed = ko->size - (int)ko->n_entrants;
    int n_games = 0, n_byes = 0, std = 1, top = 1, left = 0, free_ = 0;
    int *order = xcalloc((size_t)m1 + 1, sizeof(int));
    unsigned char *drawn = xcalloc((size_t)kb->max_no + 1, 1);
    unsigned char *named = xcalloc((size_t)m1 + 1, 1);
    size_t i;

    standard_order(ko, 1, order);
    for (j = 1; j <= m1; j++) {
        struct ko_match *m = match_at(ko, 1, j);
        const struct ko_game *g = naming_row(kb, m);
        int x, y;
        if (!g)
            continue;
        if (g->black && ++n_games > games_allowed) {
            diag_error(kb->dl, kb->file, g->line, g->col_white,
                       "round 1, match %d: %zu players play %d match%s in "
                       "round 1 of a bracket of %d, the others have byes; "
                       "this match is one too many",
                       j, ko->n_entrants, games_allowed,
                       games_allowed == 1 ? "" : "es", ko->size);
            drop_match(kb, m);
            continue;
        }
        if (!g->black && ++n_byes > byes_allowed) {
            diag_error(kb->dl, kb->file, g->line, g->col_white,
                       "round 1, match %d: a bye for %s, but %zu players in "
                       "a bracket of %d leave %d bye%s",
                       j, pname(kb, &kb->a, g->white), ko->n_entrants,
                       ko->size, byes_allowed, byes_allowed == 1 ? "" : "s");
            drop_match(kb, m);
            continue;
        }
        set_players(kb, m, g->white, g->black);
        named[j] = 1;
        drawn[g->white] = 1;
        drawn[g->black] = 1;
        seeded_pair(kb, order, KO_NUM_STANDARD, j, &x, &y);
        std &= same_pair(m->a, m->b, x, y);
        seeded_pair(kb, order, KO_NUM_TOP_DOWN, j, &x, &y);
        top &= same_pair(m->a, m->b, x, y);
    }
    kb->numbering = std ? KO_NUM_STANDARD : top ? KO_NUM_TOP_DOWN
                                                : KO_NUM_DRAWN;
    for (j = 1; j <= m1 && kb->numbering != KO_NUM_DRAWN; j++) {
        int x, y;
        seeded_pair(kb, order, kb->numbering, j, &x, &y);
        if (named[j] || drawn[x] || (y && drawn[y]))
            continue;
        set_players(kb, match_at(ko, 1, j), x, y);
        named[j] = 1;
        drawn[x] = 1;
        drawn[y] = 1;
    }
    /* The rest: the players left, best first, into the matches left. */
    for (i = 0; i < ko->n_entrants; i++)
        left += !drawn[ko->entrants[i].start_no];
    for (j = 1; j <= m1; j++)
        free_ += !named[j];
    for (j = 1; j <= m1 && left > 0; j++) {
        int x = 0, y = 0;
        size_t lo = 0, hi = ko->n_entrants;
        if (named[j])
            continue;
        while (lo < ko->n_entrants && drawn[ko->entrants[lo].start_no])
            lo++;
        x = ko->entrants[lo].start_no;
        drawn[x] = 1;
        if (left > free_) {
            while (hi > 0 && drawn[ko->entrants[hi - 1].start_no])
                hi--;
            y = ko->entrants[hi - 1].start_no;
            drawn[y] = 1;
        }
        left -= y ? 2 : 1;
        free_--;
        set_players(kb, match_at(ko, 1, j), x, y);
    }
    free(order);
    free(drawn);
    free(named);
}

/* The match of round r that start number no plays in, or NULL. */
static struct ko_match *match_of(const struct knockout *ko, int r, int no)
{
    int j;

    for (j = 1; no && j <= matches_in_round(ko, r); j++) {
        struct ko_match *m = match_at(ko, r, j);
        if (m->a == no || m->b == no)
            return m;
    }
    return NULL;
}

static void add_feed(struct ko_match *m, int no, unsigned char *claimed)
{
    m->feed[m->feed[0] ? 1 : 0] = no;
    claimed[no] = 1;
}

/*
 * The matches of round r-1 that feed round r's matches: first those whose
 * winners play in them, then those whose players play in them while they
 * are undecided; the rest as the cards number the bracket (or in order).
 * Round k's match for third place is fed by the semi-finals.
 */
static void feed_round(struct kbuild *kb, int r)
{
    struct knockout *ko = kb->ko;
    int mp = matches_in_round(ko, r - 1), mr = r < ko->n_rounds
                                                     ? matches_in_round(ko, r)
                                                     : 1;
    unsigned char *claimed = xcalloc((size_t)mp + 1, 1);
    int pass, j, std = 1, top = 1, seen = 0;

    for (pass = 0; pass < 2; pass++)
        for (j = 1; j <= mr; j++) {
            struct ko_match *m = match_at(ko, r, j);
            size_t i;
            for (i = 0; i < m->n_games && !m->feed[1]; i++) {
                const struct ko_game *g = m->games[i];
                int side;
                if (kb->bad[row_index(kb, m, i)])
                    continue;
                for (side = 0; side < 2 && !m->feed[1]; side++) {
                    int no = side ? g->black : g->white;
                    const struct ko_match *p = match_of(ko, r - 1, no);
                    if (!p || claimed[p->no] ||
                        (pass ? p->winner != 0 : p->winner != no))
                        continue;
                    add_feed(m, p->no, claimed);
                }
            }
        }
    for (j = 1; j <= mr; j++) {
        const struct ko_match *m = match_at(ko, r, j);
        int k;
        for (k = 0; k < 2 && m->feed[k]; k++) {
            seen = 1;
            std &= m->feed[k] == j || m->feed[k] == mp + 1 - j;
            top &= m->feed[k] == 2 * j - 1 || m->feed[k] == 2 * j;
        }
    }
    if (seen)
        kb->numbering = std ? KO_NUM_STANDARD : top ? KO_NUM_TOP_DOWN
                                                    : KO_NUM_DRAWN;
    for (j = 1; j <= mr; j++) {
        struct ko_match *m = match_at(ko, r, j);
        int want[2] = {j, mp + 1 - j}, k;
        if (kb->numbering == KO_NUM_TOP_DOWN) {
            want[0] = 2 * j - 1;
            want[1] = 2 * j;
        }
        for (k = 0; k < 2 && kb->numbering != KO_NUM_DRAWN; k++)
            if (!m->feed[1] && !claimed[want[k]] && m->feed[0] != want[k])
                add_feed(m, want[k], claimed);
    }
    for (j = 1; j <= mr; j++) {
        struct ko_match *m = match_at(ko, r, j);
        int p;
        for (p = 1; p <= mp && !m->feed[1]; p++)
            if (!claimed[p])
                add_feed(m, p, claimed);
        if (m->feed[0] > m->feed[1]) {
            int t = m->feed[0];
            m->feed[0] = m->feed[1];
            m->feed[1] = t;
        }
    }
    if (r == ko->n_rounds && mr < matches_in_round(ko, r)) {
        struct ko_match *third = match_at(ko, r, 2);
        third->feed[0] = 1;
        third->feed[1] = 2;
    }
    free(claimed);
}

/* Who plays match m (not round 1's: drawn already), from the matches that
   feed it: their winners, their losers in the match for third place. */
static void expected_players(struct kbuild *kb, struct ko_match *m,
                             const struct ko_match **f1,
                             const struct ko_match **f2)
{
    struct knockout *ko = kb->ko;

    *f1 = *f2 = NULL;
    if (m->round == 1)
        return;
    *f1 = match_at(ko, m->round - 1, m->feed[0]);
    *f2 = match_at(ko, m->round - 1, m->feed[1]);
    if (m->round == ko->n_rounds && m->no == 2)
        set_players(kb, m, (*f1)->loser, (*f2)->loser);
    else
        set_players(kb, m, (*f1)->winner, (*f2)->winner);
}

/* Report a row whose player no is not one of the match's. */
static void wrong_player(struct kbuild *kb, const struct ko_match *m,
                         const struct ko_match *f1, const struct ko_match *f2,
                         const struct ko_game *g, int no, unsigned col)
{
    const struct ko_entrant *e = entrant(kb, no);
    const struct ko_match *feeder = NULL;
    int third = m->round == kb->ko->n_rounds && m->no == 2;

    if (f1 && (f1->a == no || f1->b == no) && !f1->winner)
        feeder = f1;
    else if (f2 && (f2->a == no || f2->b == no) && !f2->winner)
        feeder = f2;
    if (feeder) {
        diag_error(kb->dl, kb->file, g->line, col,
                   "round %d, match %d: %s plays, but round %d, match %d "
                   "is not decided",
                   m->round, m->no, pname(kb, &kb->a, no), feeder->round,
                   feeder->no);
        return;
    }
    if (e && e->out && !third) {
        diag_error(kb->dl, kb->file, g->line, col,
                   "round %d, match %d: %s lost in round %d and is out of "
                   "the tournament",
                   m->round, m->no, pname(kb, &kb->a, no), e->round_reached);
        return;
    }
    if (m->round == 1) {
        const struct ko_game *named = naming_row(kb, m);
        diag_error(kb->dl, kb->file, g->line, col,
                   "round 1, match %d is %s against %s (line %u), and %s "
                   "is not one of them",
                   m->no, pname(kb, &kb->a, m->a), pname(kb, &kb->b, m->b),
                   named ? named->line : 0, pname(kb, &kb->c, no));
    } else if (third) {
        diag_error(kb->dl, kb->file, g->line, col,
                   "round %d, match %d does not follow the bracket: it is "
                   "played by the losers of round %d, matches %d and %d, "
                   "and %s is not one of them",
                   m->round, m->no, f1->round, f1->no, f2->no,
                   pname(kb, &kb->a, no));
    } else {
        diag_error(kb->dl, kb->file, g->line, col,
                   "round %d, match %d does not follow the bracket: it is "
                   "played by the winners of round %d, matches %d and %d, "
                   "and %s is not one of them",
                   m->round, m->no, f1->round, f1->no, f2->no,
                   pname(kb, &kb->a, no));
    }
}

int ko_game_over_board(const struct ko_game *g)
{
    return g->game && g->black &&
           (g->wcode == '1' || g->wcode == '=' || g->wcode == '0');
}

static double side_points(char code)
{
    switch (code) {
    case '1':
    case '+':
        return 1;
    case '=':
        return 0.5;
    default:
        return 0;
    }
}

static int ladder_step(const struct ko_ladder *l, enum ko_stage s)
{
    int i;

    for (i = 0; i < l->n; i++)
        if (l->steps[i].stage == s)
            return i;
    return -1;
}

static void decide(struct ko_match *m, int winner, int step)
{
    m->winner = winner;
    m->loser = winner == m->a ? m->b : m->a;
    m->decided_step = step;
    m->status = KO_DECIDED;
}

/* The walkover row of a match: 1 when it settled the match. */
static int walkover(struct kbuild *kb, struct ko_match *m,
                    const struct ko_game *g)
{
    if (m->n_games > 1) {
        diag_error(kb->dl, kb->file, g->line, g->col_game,
                   "round %d, match %d: a walkover (a row without a game "
                   "number) cannot stand beside the match's games",
                   m->round, m->no);
        return 0;
    }
    if (!((g->wcode == '+' && g->bcode == '-') ||
          (g->wcode == '-' && g->bcode == '+'))) {
        diag_error(kb->dl, kb->file, g->line, g->col_result,
                   "round %d, match %d: a walkover (a row without a game "
                   "number) needs the result +/- or -/+",
                   m->round, m->no);
        return 0;
    }
    m->winner = g->wcode == '+' ? g->white : g->black;
    m->loser = g->wcode == '+' ? g->black : g->white;
    m->status = KO_WALKOVER;
    return 1;
}

/* Play the games of match m (players known) through the ladder. */
static void play(struct kbuild *kb, struct ko_match *m)
{
    const struct ko_ladder *l = &kb->ko->ladder;
    const struct ko_game *prev = NULL, *prev_in_step = NULL;
    const struct ko_game *decider = NULL;
    int step = 0, open = 0, last_no = 0;
    size_t i;

    m->status = KO_OPEN;
    m->decided_step = -1;
    for (i = 0; i < m->n_games; i++) {
        const struct ko_game *g = m->games[i];
        size_t ri = row_index(kb, m, i);
        struct ko_score *sc;
        int s;
        double pa, pb;

        if (g->game > 0 && g->game > last_no + 1 && !decider)
            diag_error(kb->dl, kb->file, g->line, g->col_game,
                       "round %d, match %d: game %d follows game %d; game %d "
                       "is missing",
                       m->round, m->no, g->game, last_no, last_no + 1);
        if (g->game > last_no)
            last_no = g->game;
        if (kb->bad[ri])
            continue;
        if (g->game == 0) {
            if (!walkover(kb, m, g))
                kb->bad[ri] = 1;
            return;
        }
        if (decider) {
            diag_error(kb->dl, kb->file, g->line, g->col_game,
                       "round %d, match %d: game %d is played after the "
                       "match was decided (%s won it in game %d, %s)",
                       m->round, m->no, g->game, pname(kb, &kb->a, m->winner),
                       decider->game, _(ko_stage_name(decider->stage)));
            kb->bad[ri] = 1;
            continue;
        }
        if (prev && g->game == prev->game) {
            diag_error(kb->dl, kb->file, g->line, g->col_game,
                       "round %d, match %d: game %d is on line %u already",
                       m->round, m->no, g->game, prev->line);
            kb->bad[ri] = 1;
            continue;
        }
        s = ladder_step(l, g->stage);
        if (s < 0) {
            struct strbuf lad = STRBUF_INIT;
            ko_ladder_format(l, &lad);
            diag_error(kb->dl, kb->file, g->line, g->col_stage,
                       "round %d, match %d: stage '%s' is not one of the "
                       "section's stages (%s)",
                       m->round, m->no, _(ko_stage_name(g->stage)), lad.buf);
            strbuf_release(&lad);
            kb->bad[ri] = 1;
            continue;
        }
        if (s < step) {
            diag_error(kb->dl, kb->file, g->line, g->col_stage,
                       "round %d, match %d: a %s game after the %s stage",
                       m->round, m->no, _(ko_stage_name(g->stage)),
                       _(ko_stage_name(l->steps[step].stage)));
            kb->bad[ri] = 1;
            continue;
        }
        while (s > step) {
            /* The stage so far must be complete and level. */
            const struct ko_score *cur =
                m->n_scores > step ? &m->scores[step] : NULL;
            int played = cur ? cur->games : 0;
            if (cur && cur->a != cur->b) {
                struct strbuf sc_ = STRBUF_INIT;
                fmt_points(&sc_, cur->a);
                strbuf_addstr(&sc_, "–");
                fmt_points(&sc_, cur->b);
                diag_error(kb->dl, kb->file, g->line, g->col_stage,
                           "round %d, match %d: a %s game while the %s stage "
                           "is not level (%s after %d of its %d games)",
                           m->round, m->no, _(ko_stage_name(g->stage)),
                           _(ko_stage_name(l->steps[step].stage)), sc_.buf,
                           played, l->steps[step].games);
                strbuf_release(&sc_);
                kb->bad[ri] = 1;
                break;
            }
            if (played < l->steps[step].games) {
                diag_error(kb->dl, kb->file, g->line, g->col_stage,
                           "round %d, match %d: the %s stage has %d of its "
                           "%d games before this %s game",
                           m->round, m->no,
                           _(ko_stage_name(l->steps[step].stage)), played,
                           l->steps[step].games, _(ko_stage_name(g->stage)));
                kb->bad[ri] = 1;
                break;
            }
            step++;
            prev_in_step = NULL;
        }
        if (kb->bad[ri])
            continue;
        while (m->n_scores <= step) {
            m->scores[m->n_scores].stage = l->steps[m->n_scores].stage;
            m->n_scores++;
        }
        sc = &m->scores[step];
        if (sc->games >= l->steps[step].games) {
            diag_error(kb->dl, kb->file, g->line, g->col_game,
                       "round %d, match %d: game %d is a %s game too many "
                       "(the stage has %d)",
                       m->round, m->no, g->game, _(ko_stage_name(g->stage)),
                       l->steps[step].games);
            kb->bad[ri] = 1;
            continue;
        }
        if (prev_in_step && prev_in_step->white == g->white) {
            diag_error(kb->dl, kb->file, g->line, g->col_white,
                       "round %d, match %d: %s has white in %s games %d and "
                       "%d; colours change inside a stage",
                       m->round, m->no, pname(kb, &kb->a, g->white),
                       _(ko_stage_name(g->stage)), prev_in_step->game, g->game);
        }
        prev = g;
        prev_in_step = g;
        if (g->wcode == ' ') {
            if (g->stage == KO_ARMAGEDDON)
                diag_error(kb->dl, kb->file, g->line, g->col_result,
                           "round %d, match %d: the armageddon game has no "
                           "result; it decides the match (a draw: %s wins)",
                           m->round, m->no,
                           l->armageddon_draw == 'w' ? _("white") : _("black"));
            open = 1;
            continue;
        }
        pa = side_points(g->white == m->a ? g->wcode : g->bcode);
        pb = side_points(g->white == m->a ? g->bcode : g->wcode);
        sc->a += pa;
        sc->b += pb;
        sc->games++;
        if (open)
            continue;
        if (g->stage == KO_ARMAGEDDON && pa == pb && pa == 0.5) {
            decide(m, l->armageddon_draw == 'w' ? g->white : g->black, step);
            m->armageddon_draw = 1;
            decider = g;
        } else if (sc->a * 2 > l->steps[step].games ||
                   sc->b * 2 > l->steps[step].games) {
            decide(m, sc->a > sc->b ? m->a : m->b, step);
            decider = g;
        }
    }
}

/* Resolve every match, round by round, and report what breaks. */
static void resolve(struct kbuild *kb)
{
    struct knockout *ko = kb->ko;
    int r, j;

    for (r = 1; r <= ko->n_rounds; r++) {
        if (r == 1)
            draw_round1(kb);
        else
            feed_round(kb, r);
        for (j = 1; j <= matches_in_round(ko, r); j++) {
            struct ko_match *m = match_at(ko, r, j);
            const struct ko_match *f1, *f2;
            struct ko_entrant *ea, *eb;
            size_t i;
            int told[2] = {0, 0}; /* players reported in this match */

            expected_players(kb, m, &f1, &f2);
            for (i = 0; i < m->n_games; i++) {
                const struct ko_game *g = m->games[i];
                size_t ri = row_index(kb, m, i);
                int side;
                if (!g->black && !kb->bad[ri]) {
                    /* A bye row names a player the bracket gives a bye. */
                    kb->bad[ri] = 1;
                    if (r == 1 && (!m->a || !m->b) && g->white &&
                        (g->white == m->a || g->white == m->b))
                        continue;
                    if (r == 1)
                        diag_error(kb->dl, kb->file, g->line, g->col_white,
                                   "round 1, match %d: a bye for %s, but the "
                                   "match is %s against %s",
                                   j, pname(kb, &kb->a, g->white),
                                   pname(kb, &kb->b, m->a),
                                   pname(kb, &kb->c, m->b));
                    else
                        diag_error(kb->dl, kb->file, g->line, g->col_white,
                                   "round %d, match %d: a bye for %s, but "
                                   "byes are given in round 1 only",
                                   r, j, pname(kb, &kb->a, g->white));
                    continue;
                }
                for (side = 0; side < 2 && !kb->bad[ri]; side++) {
                    int no = side ? g->black : g->white;
                    if (no && (no == m->a || no == m->b))
                        continue;
                    kb->bad[ri] = 1;
                    if (no == told[0] || no == told[1])
                        continue;
                    told[told[0] ? 1 : 0] = no;
                    wrong_player(kb, m, f1, f2, g, no,
                                 side ? g->col_black : g->col_white);
                }
            }
            ea = entrant(kb, m->a);
            eb = entrant(kb, m->b);
            if (ea)
                ea->round_reached = r;
            if (eb)
                eb->round_reached = r;
            if (!m->a || !m->b) {
                if (r == 1) {
                    m->status = KO_BYE;
                    m->winner = m->a ? m->a : m->b;
                }
                continue;
            }
            play(kb, m);
            if (m->loser) {
                struct ko_entrant *el = entrant(kb, m->loser);
                int semi = r == ko->n_rounds - 1 && ko->ladder.third_place &&
                           ko->n_rounds >= 2;
                if (el && !semi)
                    el->out = 1;
            }
        }
    }
}

/*
 * A winner who has no game in the next round when a later round has
 * begun (while the next round is being played its matches may come in one
 * by one).
 */
static void missing_winners(struct kbuild *kb)
{
    struct knockout *ko = kb->ko;
    int r, j;

    for (r = 1; r + 1 < ko->n_rounds; r++) {
        const struct ko_game *begun = NULL;
        size_t i;
        int nm = matches_in_round(ko, r + 1);
        for (i = 0; i < ko->t->ko_input->n && !begun; i++)
            if (ko->t->ko_input->games[i].round > r + 1)
                begun = &ko->t->ko_input->games[i];
        if (!begun)
            continue;
        for (j = 1; j <= nm; j++) {
            const struct ko_match *m = match_at(ko, r + 1, j);
            int k;
            if (m->n_games)
                continue;
            for (k = 0; k < 2; k++) {
                const struct ko_match *f = match_at(ko, r, m->feed[k]);
                if (!f->winner)
                    continue;
                diag_error(kb->dl, kb->file, begun->line, 1,
                           "round %d has begun, but %s, who won round %d, "
                           "match %d, has no game in round %d, match %d",
                           begun->round, pname(kb, &kb->a, f->winner), r,
                           f->no, r + 1, j);
            }
        }
    }
}

/* --------------------------------------------------- standard seeding */

/* Round 1's match m against standard seeding: 0 when it follows it, else
   its description into sb; *top gets the best seed in it. */
static int round1_departs(const struct kbuild *kb, const struct ko_match *m,
                          int *top, struct strbuf *sb)
{
    int n = (int)kb->ko->n_entrants;
    int s1 = seed_or_none(kb, m->a), s2 = seed_or_none(kb, m->b);
    int hi = s1 < s2 ? s2 : s1, partner;

    *top = s1 < s2 ? s1 : s2;
    partner = kb->ko->size + 1 - *top;
    if (*top > n || (hi > n ? partner > n : hi == partner))
        return 0;
    strbuf_reset(sb);
    if (hi > n)
        strbuf_addf(sb,
                    _("seed %d has a bye, where seed %d would meet seed %d"),
                    *top, *top, partner);
    else if (partner > n)
        strbuf_addf(sb,
                    _("seed %d against seed %d, where seed %d would have a "
                      "bye"),
                    *top, hi, *top);
    else
        strbuf_addf(sb,
                    _("seed %d against seed %d, where seed %d would meet "
                      "seed %d"),
                    *top, hi, *top, partner);
    return 1;
}

/*
 * Where the draw departs from standard seeding (the seeds from the
 * registry's seed column or the ratings): a warning for each round, at
 * the first match that departs.  Round 1's matches are seed i against
 * seed 2^k+1-i; a later round's join the branches whose best seeds make
 * m+1 (m matches in the round before), checked while the rounds before
 * follow the seeding.
 */
static void seeding_warnings(struct kbuild *kb)
{
    struct knockout *ko = kb->ko;
    int *top = xcalloc(ko->n_matches + 1, sizeof(int));
    struct strbuf what = STRBUF_INIT, first = STRBUF_INIT;
    int r, j;

    for (r = 1; r <= ko->n_rounds; r++) {
        int mr = r < ko->n_rounds ? matches_in_round(ko, r) : 1;
        int mp = r > 1 ? matches_in_round(ko, r - 1) : 0;
        int departs = 0;
        const struct ko_match *at = NULL;
        for (j = 1; j <= mr; j++) {
            const struct ko_match *m = match_at(ko, r, j);
            size_t ix = (size_t)(m - ko->matches);
            int d;
            if (r == 1) {
                d = round1_departs(kb, m, &top[ix], &what);
            } else {
                int tp = top[match_at(ko, r - 1, m->feed[0]) - ko->matches];
                int tq = top[match_at(ko, r - 1, m->feed[1]) - ko->matches];
                int lo = tp < tq ? tp : tq, hi = tp < tq ? tq : tp;
                top[ix] = lo;
                d = lo + hi != mp + 1;
                if (d) {
                    strbuf_reset(&what);
                    strbuf_addf(&what,
                                _("the branches of seeds %d and %d meet, "
                                  "where seed %d's would meet seed %d's"),
                                lo, hi, lo, mp + 1 - lo);
                }
            }
            if (d && !departs++) {
                at = m;
                strbuf_reset(&first);
                strbuf_addbuf(&first, &what);
            }
        }
        if (departs) {
            const struct ko_game *g = at->n_games ? at->games[0] : NULL;
            diag_warning(kb->dl, kb->file, g ? g->line : 0,
                         g ? g->col_white : 0,
                         "round %d: the draw departs from standard seeding "
                         "in %d of its %d matches, first in match %d: %s",
                         r, departs, mr, at->no, first.buf);
            break; /* the later rounds cannot follow it */
        }
    }
    strbuf_release(&what);
    strbuf_release(&first);
    free(top);
}

/* ------------------------------------------------------------- places */

/*
 * How far a player got, larger the better: the final's winner and loser,
 * the winner and loser of the match for third place, then the round
 * reached, a player still in ahead of those out in it.  While the final
 * or the match for third place is open, its players are ranked by the
 * round they reached (those for third place after the semi-finals still
 * being played).
 */
static int level_of(const struct knockout *ko, const struct ko_entrant *e)
{
    int k = ko->n_rounds;

    if (e->round_reached == k && k >= 1) {
        const struct ko_match *fin = match_at(ko, k, 1);
        const struct ko_match *third = match_at(ko, k, 2);
        if (fin->a == e->start_no || fin->b == e->start_no) {
            if (fin->winner)
                return fin->winner == e->start_no ? 1000 : 990;
            return k * 10 + 5;
        }
        if (third && (third->a == e->start_no || third->b == e->start_no)) {
            if (third->winner)
                return third->winner == e->start_no ? 980 : 970;
            return (k - 1) * 10 + 2;
        }
    }
    return e->round_reached * 10 + (e->out ? 0 : 5);
}

/* By level (kept in place_lo until the places are given), then seed. */
static int cmp_places(const void *x, const void *y)
{
    const struct ko_entrant *a = x, *b = y;

    if (a->place_lo != b->place_lo)
        return b->place_lo - a->place_lo;
    return a->seed - b->seed;
}

static void places(struct knockout *ko)
{
    size_t i, j;

    for (i = 0; i < ko->n_entrants; i++)
        ko->entrants[i].place_lo = level_of(ko, &ko->entrants[i]);
    qsort(ko->entrants, ko->n_entrants, sizeof(*ko->entrants), cmp_places);
    for (i = 0; i < ko->n_entrants; i = j) {
        int l = ko->entrants[i].place_lo;
        for (j = i + 1; j < ko->n_entrants && ko->entrants[j].place_lo == l;
             j++)
            ;
        while (i < j) {
            ko->entrants[i].place_hi = (int)j;
            i++;
        }
    }
    for (i = 0; i < ko->n_entrants; i = j) {
        int hi = ko->entrants[i].place_hi;
        for (j = i; j < ko->n_entrants && ko->entrants[j].place_hi == hi; j++)
            ko->entrants[j].place_lo = (int)i + 1;
    }
}

/* -------------------------------------------------------------- build */

enum err knockout_build(struct knockout *ko, const struct tournament *t,
                        const int *seeds, size_t n, int seeded,
                        const struct ko_ladder *l, struct diag_list *dl)
{
    struct kbuild kb;
    size_t errors0 = dl->nr_errors, i, nrows;
    int r;

    memset(ko, 0, sizeof(*ko));
    ko->ladder = *l;
    ko->t = t;
    memset(&kb, 0, sizeof(kb));
    kb.ko = ko;
    kb.dl = dl;
    kb.seeded = seeded;
    kb.file = t->ko_input && t->ko_input->file ? t->ko_input->file
                                                : t->source;
    if (n < 2) {
        diag_error(dl, kb.file, 0, 0,
                   "a knock-out needs two players or more, the match cards "
                   "name %zu",
                   n);
        return ERR_DATA;
    }
    ko->size = 1;
    while ((size_t)ko->size < n && ko->n_rounds < KO_MAX_ROUNDS) {
        ko->size *= 2;
        ko->n_rounds++;
    }
    if ((size_t)ko->size < n) {
        diag_error(dl, kb.file, 0, 0,
                   "a knock-out of %zu players is more than %d rounds", n,
                   KO_MAX_ROUNDS);
        return ERR_DATA;
    }
    for (r = 1; r <= ko->n_rounds; r++) {
        ko->round_first[r] = ko->n_matches;
        ko->n_matches += (size_t)matches_in_round(ko, r);
    }
    ko->matches = xcalloc(ko->n_matches + 1, sizeof(*ko->matches));
    for (r = 1; r <= ko->n_rounds; r++) {
        int j;
        for (j = 1; j <= matches_in_round(ko, r); j++) {
            struct ko_match *m = match_at(ko, r, j);
            m->round = r;
            m->no = j;
            m->decided_step = -1;
        }
    }
    ko->n_entrants = n;
    ko->entrants = xcalloc(n, sizeof(*ko->entrants));
    kb.max_no = t->max_start_no;
    for (i = 0; i < n; i++)
        if (seeds[i] > kb.max_no)
            kb.max_no = seeds[i];
    kb.seed_of = xcalloc((size_t)kb.max_no + 1, sizeof(int));
    kb.entrant_of = xcalloc((size_t)kb.max_no + 1, sizeof(int));
    for (i = 0; i < n; i++) {
        ko->entrants[i].start_no = seeds[i];
        ko->entrants[i].seed = (int)i + 1;
        kb.seed_of[seeds[i]] = (int)i + 1;
        kb.entrant_of[seeds[i]] = (int)i + 1;
    }
    nrows = t->ko_input ? t->ko_input->n : 0;
    ko->sorted = xcalloc(nrows + 1, sizeof(*ko->sorted));
    for (i = 0; i < nrows; i++)
        ko->sorted[i] = &t->ko_input->games[i];
    qsort(ko->sorted, nrows, sizeof(*ko->sorted), cmp_rows);
    kb.bad = xcalloc(nrows + 1, 1);
    strbuf_init(&kb.a, 64);
    strbuf_init(&kb.b, 64);
    strbuf_init(&kb.c, 64);

    place_rows(&kb);
    two_matches(&kb);
    resolve(&kb);
    if (nrows)
        missing_winners(&kb);
    if (kb.seeded)
        seeding_warnings(&kb);
    places(ko);

    strbuf_release(&kb.a);
    strbuf_release(&kb.b);
    strbuf_release(&kb.c);
    free(kb.bad);
    free(kb.seed_of);
    free(kb.entrant_of);
    return dl->nr_errors > errors0 ? ERR_DATA : ERR_OK;
}

void knockout_release(struct knockout *ko)
{
    free(ko->matches);
    free(ko->entrants);
    free(ko->sorted);
    memset(ko, 0, sizeof(*ko));
}
