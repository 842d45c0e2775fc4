/* ingest/matchcards: the match cards of a team competition.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/matchcards.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/teams.h"
#include "core/tournament.h"
#include "ingest/results.h"
#include "ingest/trf-teams.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

#define MC_MAX_ROUND 99

enum mcol {
    MC_ROUND,
    MC_HOME,
    MC_AWAY,
    MC_BOARD,
    MC_HOME_PLAYER,
    MC_AWAY_PLAYER,
    MC_RESULT,
    MC_COLOUR,
    MC_COUNT
};

static const struct csv_header mheaders[] = {
    {"тур", MC_ROUND},
    {"round", MC_ROUND},
    {"rd", MC_ROUND},
    {"господарі", MC_HOME},
    {"господар", MC_HOME},
    {"home", MC_HOME},
    {"hometeam", MC_HOME},
    {"гості", MC_AWAY},
    {"гість", MC_AWAY},
    {"away", MC_AWAY},
    {"awayteam", MC_AWAY},
    {"дошка", MC_BOARD},
    {"board", MC_BOARD},
    {"bd", MC_BOARD},
    {"гравецьгосподарів", MC_HOME_PLAYER},
    {"гравецьгосподаря", MC_HOME_PLAYER},
    {"homeplayer", MC_HOME_PLAYER},
    {"гравецьгостей", MC_AWAY_PLAYER},
    {"гравецьгостя", MC_AWAY_PLAYER},
    {"awayplayer", MC_AWAY_PLAYER},
    {"результат", MC_RESULT},
    {"result", MC_RESULT},
    {"рез", MC_RESULT},
    {"колір", MC_COLOUR},
    {"коліргосподарів", MC_COLOUR},
    {"colour", MC_COLOUR},
    {"color", MC_COLOUR},
    {"homecolour", MC_COLOUR},
};

static const char *const mcol_names[MC_COUNT] = {
    "тур/round",
    "господарі/home",
    "гості/away",
    "дошка/board",
    "гравець господарів/home_player",
    "гравець гостей/away_player",
    "результат/result",
    "колір/colour",
};

/* A team: its name, the registry people of its entry in entry order. */
struct mteam {
    const char *name;
    char *key;
    size_t *members; /* registry indexes, entry order */
    size_t n, alloc;
    char **keys;  /* the members' join keys ("surname given") */
    char **fulls; /* with the patronymic */
    int *no;      /* per member: start number, 0 when he did not play */
    int n_played; /* members who played, for the squad */
};

/* One board of a match as a row gives it. */
struct mboard {
    int used;
    int home, away; /* member indexes in their teams; -1 empty */
    char hc, ac;    /* TRF result codes of each side */
    char colour;    /* the home player's 'w' or 'b' */
    const struct csv_row *row;
};

struct mmatch {
    int round; /* 1-based */
    int home, away;
    unsigned line; /* the first row */
    struct mboard boards[TEAM_MAX_BOARDS + 1]; /* 1-based */
    const struct csv_row *forfeit; /* the whole match forfeited */
    char ftype[3];
    const struct csv_row *total; /* the match score */
    double th, ta;
};

/* A member's name key, for the sorted index of names. */
struct mkey {
    const char *key;
    int team, m;
};

struct mreader {
    const struct csv *c;
    struct event *ev;
    struct section *s;
    struct diag_list *dl;
    int col[MC_COUNT];
    struct mteam *teams;
    size_t n_teams, teams_alloc;
    struct mmatch *matches;
    size_t n_matches, matches_alloc;
    int *of; /* (round-1) x n_teams -> match index + 1 */
    int *board_of; /* per member, (round-1): board + 1, by team */
    int n_rounds, n_boards;
    struct mkey *index; /* every member's keys, sorted */
    size_t n_index;
    struct strbuf tmp;
};

static const struct csv_field *mfield(const struct mreader *rd,
                                      const struct csv_row *r, enum mcol k)
{
    return csv_field_at(r, rd->col[k]);
}

static unsigned at_col(const struct csv_field *f)
{
    return f->col ? f->col : 1;
}

/* ----------------------------------------------------------- the teams */

static int team_by_key(const struct mreader *rd, const char *key)
{
    size_t k;

    for (k = 0; k < rd->n_teams; k++)
        if (!strcmp(rd->teams[k].key, key))
            return (int)k;
    return -1;
}

/* Whether person p plays in section s's teams. */
static int in_section(const struct person *p, const struct section *s)
{
    size_t i;

    if (!*p->team || !strcmp(p->role, "coach"))
        return 0;
    if (!p->n_sections)
        return 1;
    for (i = 0; i < p->n_sections; i++)
        if (!strcmp(p->sections[i], s->id))
            return 1;
    return 0;
}

static const struct event *cmp_ev;

static int cmp_order(const void *a, const void *b)
{
    const struct person *x = &cmp_ev->people[*(const size_t *)a];
    const struct person *y = &cmp_ev->people[*(const size_t *)b];

    if (x->team_order != y->team_order)
        return x->team_order - y->team_order;
    return x->at.line < y->at.line ? -1 : x->at.line > y->at.line;
}

static char *join_key(struct strbuf *tmp, const char *a, const char *b,
                      const char *c)
{
    struct strbuf k = STRBUF_INIT;

    strbuf_reset(tmp);
    strbuf_addf(tmp, "%s %s%s%s", a, b, *c ? " " : "", c);
    name_join_key(&k, tmp->buf);
    return strbuf_detach(&k, NULL);
}

static int cmp_mkey(const void *a, const void *b)
{
    const struct mkey *x = a, *y = b;
    int c = strcmp(x->key, y->key);

    if (c)
        return c;
    return x->team != y->team ? x->team - y->team : x->m - y->m;
}

/* The sorted index of every member's keys (with and without the
 * patronymic). */
static void make_index(struct mreader *rd)
{
    size_t k, i, n = 0;

    for (k = 0; k < rd->n_teams; k++)
        n += 2 * rd->teams[k].n;
    rd->index = xcalloc(n + 1, sizeof(*rd->index));
    for (k = 0; k < rd->n_teams; k++)
        for (i = 0; i < rd->teams[k].n; i++) {
            struct mkey *x = &rd->index[rd->n_index++];
            x->key = rd->teams[k].keys[i];
            x->team = (int)k;
            x->m = (int)i;
            if (strcmp(rd->teams[k].fulls[i], rd->teams[k].keys[i])) {
                x = &rd->index[rd->n_index++];
                x->key = rd->teams[k].fulls[i];
                x->team = (int)k;
                x->m = (int)i;
            }
        }
    qsort(rd->index, rd->n_index, sizeof(*rd->index), cmp_mkey);
}

/* The first index entry of key, or n_index. */
static size_t index_first(const struct mreader *rd, const char *key)
{
    size_t lo = 0, hi = rd->n_index;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(rd->index[mid].key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* A person entered for two teams: the same name and birth year (and no
 * two FIDE IDs). */
static void check_two_teams(struct mreader *rd)
{
    const struct event *ev = rd->ev;
    size_t i, j;

    for (i = 0; i < rd->n_index; i++)
        for (j = i + 1; j < rd->n_index &&
                        !strcmp(rd->index[i].key, rd->index[j].key);
             j++) {
            const struct mkey *a = &rd->index[i], *b = &rd->index[j];
            const struct person *x =
                &ev->people[rd->teams[a->team].members[a->m]];
            const struct person *y =
                &ev->people[rd->teams[b->team].members[b->m]];
            const struct person *later = x->at.line > y->at.line ? x : y;
            const struct person *first = later == x ? y : x;
            if (a->team == b->team ||
                strcmp(rd->teams[a->team].keys[a->m], a->key) ||
                strcmp(rd->teams[b->team].keys[b->m], b->key) ||
                (x->birth_year && y->birth_year &&
                 x->birth_year != y->birth_year) ||
                (*x->fide_id && *y->fide_id && strcmp(x->fide_id, y->fide_id)))
                continue;
            strbuf_reset(&rd->tmp);
            person_name(later, &rd->tmp);
            diag_error(rd->dl, later->at.file, later->at.line,
                       later->team_col ? later->team_col : 1,
                       "'%s' is on two teams: '%s' (line %u) and '%s'",
                       rd->tmp.buf, first->team, first->at.line, later->team);
        }
}

/* The order, the size and the foreigners of each team's entry. */
static void check_entry(struct mreader *rd, const struct mteam *tm)
{
    const struct event *ev = rd->ev;
    size_t i, foreign = 0;

    for (i = 0; i < tm->n; i++) {
        const struct person *p = &ev->people[tm->members[i]];
        strbuf_reset(&rd->tmp);
        person_name(p, &rd->tmp);
        if (!p->team_order) {
            diag_error(rd->dl, p->at.file, p->at.line,
                       p->order_col ? p->order_col : 1,
                       "'%s' of team '%s' has no порядок/order (the place "
                       "in the team's entry: 1, 2, ...)",
                       rd->tmp.buf, tm->name);
            continue;
        }
        if (i && ev->people[tm->members[i - 1]].team_order == p->team_order)
            diag_error(rd->dl, p->at.file, p->at.line, p->order_col,
                       "'%s' has order %d in team '%s', as has line %u",
                       rd->tmp.buf, p->team_order, tm->name,
                       ev->people[tm->members[i - 1]].at.line);
        if (i == MATCHCARDS_ENTRY_MAX)
            diag_error(rd->dl, p->at.file, p->at.line,
                       p->team_col ? p->team_col : 1,
                       "team '%s' has %zu players in its entry; an entry "
                       "holds at most %d",
                       tm->name, tm->n, MATCHCARDS_ENTRY_MAX);
        if (*p->federation && strcmp(p->federation, "UKR") &&
            ++foreign == MATCHCARDS_FOREIGN_MAX + 1)
            diag_error(rd->dl, p->at.file, p->at.line,
                       p->team_col ? p->team_col : 1,
                       "team '%s' has more than %d foreign players in its "
                       "entry ('%s', federation %s, is the %zuth)",
                       tm->name, MATCHCARDS_FOREIGN_MAX, rd->tmp.buf,
                       p->federation, foreign);
    }
}

static void make_teams(struct mreader *rd)
{
    struct event *ev = rd->ev;
    struct strbuf key = STRBUF_INIT;
    size_t i, k;

    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        struct mteam *tm;
        int t;
        if (!in_section(p, rd->s))
            continue;
        strbuf_reset(&key);
        name_key(&key, p->team);
        t = team_by_key(rd, key.buf);
        if (t < 0) {
            ALLOC_GROW(rd->teams, rd->n_teams + 1, rd->teams_alloc);
            tm = &rd->teams[rd->n_teams++];
            memset(tm, 0, sizeof(*tm));
            tm->name = p->team;
            tm->key = xstrdup(key.buf);
        } else {
            tm = &rd->teams[t];
        }
        ALLOC_GROW(tm->members, tm->n + 1, tm->alloc);
        tm->members[tm->n++] = i;
    }
    cmp_ev = ev;
    for (k = 0; k < rd->n_teams; k++) {
        struct mteam *tm = &rd->teams[k];
        qsort(tm->members, tm->n, sizeof(size_t), cmp_order);
        tm->keys = xcalloc(tm->n + 1, sizeof(char *));
        tm->fulls = xcalloc(tm->n + 1, sizeof(char *));
        tm->no = xcalloc(tm->n + 1, sizeof(int));
        for (i = 0; i < tm->n; i++) {
            const struct person *p = &ev->people[tm->members[i]];
            tm->keys[i] = join_key(&rd->tmp, p->surname, p->given, "");
            tm->fulls[i] =
                join_key(&rd->tmp, p->surname, p->given, p->patronymic);
        }
        check_entry(rd, tm);
    }
    make_index(rd);
    check_two_teams(rd);
    strbuf_release(&key);
}

/* The member of team t a name is, or -1; *other: the team he is in. */
static int find_member(const struct mreader *rd, int t, const char *key,
                       int *other, int *other_m)
{
    size_t i;

    *other = *other_m = -1;
    for (i = index_first(rd, key);
         i < rd->n_index && !strcmp(rd->index[i].key, key); i++) {
        if (rd->index[i].team == t)
            return rd->index[i].m;
        if (*other < 0) {
            *other = rd->index[i].team;
            *other_m = rd->index[i].m;
        }
    }
    return -1;
}

/* ------------------------------------------------------------ the rows */

static int find_mcolumns(struct mreader *rd, const struct csv_row *h)
{
    size_t k;
    int bad;

    bad = csv_map_header(rd->c, h, mheaders,
                         sizeof(mheaders) / sizeof(mheaders[0]), mcol_names,
                         rd->col, MC_COUNT, rd->dl);
    for (k = 0; k < MC_COUNT; k++) {
        if (k == MC_COLOUR || rd->col[k] >= 0)
            continue;
        diag_error(rd->dl, rd->c->file, h->line, 1,
                   "the header names no '%s' column; match cards have "
                   "round,home,away,board,home_player,away_player,result "
                   "(тур, господарі, гості, дошка, ...)",
                   mcol_names[k]);
        bad = 1;
    }
    return bad ? -1 : 0;
}

/* The team a row names in column k, or -1 (reported). */
static int row_team(struct mreader *rd, const struct csv_row *r, enum mcol k)
{
    const struct csv_field *f = mfield(rd, r, k);
    struct strbuf key = STRBUF_INIT;
    int t;

    name_key(&key, f->s);
    t = *f->s ? team_by_key(rd, key.buf) : -1;
    strbuf_release(&key);
    if (t < 0) {
        if (!*f->s)
            diag_error(rd->dl, rd->c->file, r->line, at_col(f),
                       k == MC_HOME ? _("the home team is missing")
                                    : _("the away team is missing"));
        else
            diag_error(rd->dl, rd->c->file, f->line, f->col,
                       "team '%s' has no entry in the registry (%s: the "
                       "column команда/team)",
                       f->s,
                       rd->ev->registry_file ? rd->ev->registry_file
                                             : "players.csv");
    }
    return t;
}

/* A match score "3½-2½" (also 3.5:2.5, 4 – 2): 0, or -1. */
static int parse_score(const char *s, double *h, double *a)
{
    struct strbuf x = STRBUF_INIT;
    const char *p;
    double v[2];
    int n = 0, ok = 0;

    for (p = s; *p && n < 2;) {
        strbuf_reset(&x);
        while (*p == ' ')
            p++;
        while ((*p >= '0' && *p <= '9') || *p == '.' || *p == ',')
            strbuf_addch(&x, *p++);
        if (!strncmp(p, "½", 2)) {
            if (!x.len)
                strbuf_addch(&x, '0');
            strbuf_addstr(&x, ".5");
            p += 2;
        }
        if (!x.len || num_parse_decimal(x.buf, ".,", &v[n]))
            break;
        n++;
        while (*p == ' ')
            p++;
        if (n == 1) {
            if (*p == '-' || *p == ':')
                p++;
            else if (!strncmp(p, "\xe2\x80\x93", 3) ||
                     !strncmp(p, "\xe2\x80\x94", 3))
                p += 3;
            else
                break;
        }
    }
    if (n == 2 && !*p) {
        *h = v[0];
        *a = v[1];
        ok = 1;
    }
    strbuf_release(&x);
    return ok ? 0 : -1;
}

/* The match of home and away in round r, made when new; or NULL after an
 * error (a team in another match of the round). */
static struct mmatch *row_match(struct mreader *rd, const struct csv_row *r,
                                int round, int home, int away)
{
    int *oh = &rd->of[(size_t)(round - 1) * rd->n_teams + (size_t)home];
    int *oa = &rd->of[(size_t)(round - 1) * rd->n_teams + (size_t)away];
    struct mmatch *m;
    int side;

    for (side = 0; side < 2; side++) {
        int *o = side ? oa : oh, me = side ? away : home;
        const struct mmatch *x;
        if (!*o)
            continue;
        x = &rd->matches[*o - 1];
        if (x->home == home && x->away == away)
            return &rd->matches[*o - 1];
        diag_error(rd->dl, rd->c->file, r->line,
                   at_col(mfield(rd, r, side ? MC_AWAY : MC_HOME)),
                   "round %d: team '%s' is in two matches: '%s' - '%s' "
                   "(line %u) and '%s' - '%s'",
                   round, rd->teams[me].name, rd->teams[x->home].name,
                   rd->teams[x->away].name, x->line, rd->teams[home].name,
                   rd->teams[away].name);
        return NULL;
    }
    ALLOC_GROW(rd->matches, rd->n_matches + 1, rd->matches_alloc);
    m = &rd->matches[rd->n_matches++];
    memset(m, 0, sizeof(*m));
    m->round = round;
    m->home = home;
    m->away = away;
    m->line = r->line;
    *oh = *oa = (int)rd->n_matches;
    return m;
}

/* The member a row names in column k of team t: -1 for an empty cell,
 * -2 after an error. */
static int row_player(struct mreader *rd, const struct csv_row *r,
                      enum mcol k, int t)
{
    const struct csv_field *f = mfield(rd, r, k);
    struct strbuf key = STRBUF_INIT;
    int m, other, other_m;

    if (!*f->s)
        return -1;
    name_join_key(&key, f->s);
    m = find_member(rd, t, key.buf, &other, &other_m);
    strbuf_release(&key);
    if (m >= 0)
        return m;
    if (other >= 0) {
        const struct person *p =
            &rd->ev->people[rd->teams[other].members[other_m]];
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "'%s' is not in the entry of '%s': %s line %u enters "
                   "him for '%s'",
                   f->s, rd->teams[t].name, p->at.file, p->at.line,
                   rd->teams[other].name);
    } else {
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "'%s' is not in the entry of '%s' (%s: команда/team)",
                   f->s, rd->teams[t].name,
                   rd->ev->registry_file ? rd->ev->registry_file
                                         : "players.csv");
    }
    return -2;
}

/* The home player's colour of a row: 'w', 'b', or 0 after an error. */
static char row_colour(struct mreader *rd, const struct csv_row *r, int board)
{
    static const char *const white[] = {"w", "white", "б", "білі", "білий",
                                        NULL};
    static const char *const black[] = {"b", "black", "ч", "чорні", "чорний",
                                        NULL};
    const struct csv_field *f = mfield(rd, r, MC_COLOUR);
    struct strbuf low = STRBUF_INIT;
    char c = 0;
    size_t i;

    if (!*f->s)
        return board % 2 ? 'w' : 'b';
    utf8_lower(&low, f->s);
    for (i = 0; white[i]; i++)
        if (!strcmp(low.buf, white[i]))
            c = 'w';
    for (i = 0; black[i]; i++)
        if (!strcmp(low.buf, black[i]))
            c = 'b';
    strbuf_release(&low);
    if (!c)
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "colour '%s' not understood (б/w for white, ч/b for "
                   "black: the home player's)",
                   f->s);
    return c;
}

/* A row without a board: the whole match forfeited, or its score. */
static void whole_match(struct mreader *rd, const struct csv_row *r,
                        struct mmatch *m)
{
    const struct csv_field *f = mfield(rd, r, MC_RESULT);
    double th, ta;
    char h, a;

    if (!results_parse_game(f->s, &h, &a) && (h == '+' || h == '-') &&
        (a == '+' || a == '-') && !(h == '+' && a == '+')) {
        if (m->forfeit) {
            diag_error(rd->dl, rd->c->file, r->line, at_col(f),
                       "round %d: match '%s' - '%s' is forfeited at line %u "
                       "already",
                       m->round, rd->teams[m->home].name,
                       rd->teams[m->away].name, m->forfeit->line);
            return;
        }
        m->forfeit = r;
        m->ftype[0] = h;
        m->ftype[1] = a;
        return;
    }
    if (!parse_score(f->s, &th, &ta)) {
        if (m->total) {
            diag_error(rd->dl, rd->c->file, r->line, at_col(f),
                       "round %d: match '%s' - '%s' has its score at line "
                       "%u already",
                       m->round, rd->teams[m->home].name,
                       rd->teams[m->away].name, m->total->line);
            return;
        }
        m->total = r;
        m->th = th;
        m->ta = ta;
        return;
    }
    if (strchr(f->s, '?'))
        diag_error(rd->dl, rd->c->file, r->line, at_col(f),
                   "match score '%s' has '?' where Excel saved a sign that "
                   "Windows-1251 does not have (½); write 3.5-2.5 or 3,5-2,5",
                   f->s);
    else
        diag_error(rd->dl, rd->c->file, r->line, at_col(f),
                   "result '%s' of a row without a board is neither a "
                   "forfeited match (+/-, -/+, -/-) nor the match score "
                   "(3½-2½)",
                   f->s);
}

/* A board row. */
static void board_row(struct mreader *rd, const struct csv_row *r,
                      struct mmatch *m, int board)
{
    const struct csv_field *rf = mfield(rd, r, MC_RESULT);
    struct mboard *b = &m->boards[board];
    int hp, ap, side;
    char h, a, colour;

    hp = row_player(rd, r, MC_HOME_PLAYER, m->home);
    ap = row_player(rd, r, MC_AWAY_PLAYER, m->away);
    if (hp == -2 || ap == -2)
        return;
    if (!*rf->s) {
        diag_error(rd->dl, rd->c->file, r->line, at_col(rf),
                   "the result of board %d is missing", board);
        return;
    }
    if (results_parse_game(rf->s, &h, &a)) {
        if (strchr(rf->s, '?'))
            diag_error(rd->dl, rd->c->file, r->line, at_col(rf),
                       "result '%s' has '?' where Excel saved a sign that "
                       "Windows-1251 does not have (½); write a draw as =, "
                       "1/2-1/2 or 0.5-0.5",
                       rf->s);
        else
            diag_error(rd->dl, rd->c->file, r->line, at_col(rf),
                       "result '%s' not understood (1-0, 0-1, ½-½, +/-, "
                       "-/+, -/-)",
                       rf->s);
        return;
    }
    if ((hp < 0 && h != '-') || (ap < 0 && a != '-')) {
        diag_error(rd->dl, rd->c->file, r->line, at_col(rf),
                   "result '%s' of board %d scores a player who is not "
                   "there; an empty board loses by forfeit (-/+ or +/-)",
                   rf->s, board);
        return;
    }
    if (hp < 0 && ap < 0 && !(h == '-' && a == '-')) {
        diag_error(rd->dl, rd->c->file, r->line, at_col(rf),
                   "board %d has no players", board);
        return;
    }
    colour = row_colour(rd, r, board);
    if (!colour)
        return;
    if (b->used) {
        diag_error(rd->dl, rd->c->file, r->line,
                   at_col(mfield(rd, r, MC_BOARD)),
                   "round %d: board %d of '%s' - '%s' is played twice "
                   "(line %u)",
                   m->round, board, rd->teams[m->home].name,
                   rd->teams[m->away].name, b->row->line);
        return;
    }
    /* A team plays one match a round (row_match): a player twice in the
       round is twice in this match. */
    for (side = 0; side < 2; side++) {
        int p = side ? ap : hp, k;
        enum mcol pc = side ? MC_AWAY_PLAYER : MC_HOME_PLAYER;
        for (k = 1; p >= 0 && k <= TEAM_MAX_BOARDS; k++) {
            const struct mboard *x = &m->boards[k];
            if (!x->used || (side ? x->away : x->home) != p)
                continue;
            diag_error(rd->dl, rd->c->file, r->line, at_col(mfield(rd, r, pc)),
                       "round %d: '%s' plays board %d already (line %u)",
                       m->round, mfield(rd, r, pc)->s, k, x->row->line);
            return;
        }
    }
    board = (int)(b - m->boards);
    b->used = 1;
    b->home = hp;
    b->away = ap;
    b->hc = h;
    b->ac = a;
    b->colour = colour;
    b->row = r;
    if (board > rd->n_boards)
        rd->n_boards = board;
}

static void read_rows(struct mreader *rd)
{
    const struct csv *c = rd->c;
    int max_board =
        rd->s->boards > 0 && rd->s->boards <= TEAM_MAX_BOARDS ? rd->s->boards
                                                              : TEAM_MAX_BOARDS;
    size_t i;

    for (i = 1; i < c->n_rows; i++) {
        const struct csv_row *r = &c->rows[i];
        const struct csv_field *rf = mfield(rd, r, MC_ROUND);
        const struct csv_field *bf = mfield(rd, r, MC_BOARD);
        int round = num_parse_uint(rf->s, MC_MAX_ROUND), home, away, board;
        struct mmatch *m;

        if (round < 1) {
            diag_error(rd->dl, c->file, r->line, at_col(rf),
                       "round '%s' is not a number from 1 to %d", rf->s,
                       MC_MAX_ROUND);
            continue;
        }
        home = row_team(rd, r, MC_HOME);
        away = row_team(rd, r, MC_AWAY);
        if (home < 0 || away < 0)
            continue;
        if (home == away) {
            diag_error(rd->dl, c->file, r->line,
                       at_col(mfield(rd, r, MC_AWAY)),
                       "team '%s' plays against itself",
                       rd->teams[home].name);
            continue;
        }
        board = *bf->s ? num_parse_uint(bf->s, max_board) : 0;
        if (*bf->s && board < 1) {
            diag_error(rd->dl, c->file, bf->line, bf->col,
                       "board '%s' is not a number from 1 to %d", bf->s,
                       max_board);
            continue;
        }
        if (round > rd->n_rounds)
            rd->n_rounds = round;
        m = row_match(rd, r, round, home, away);
        if (!m)
            continue;
        if (!board)
            whole_match(rd, r, m);
        else
            board_row(rd, r, m, board);
    }
}

/* What a side's result is worth in game points. */
static double code_points(const struct scoring *sc, char code)
{
    return code == '1' || code == '+'   ? sc->win
           : code == '=' || code == 'D' ? sc->draw
                                        : sc->loss;
}

/* The boards of one side out of its entry's order: the first such. */
static void check_lineup(struct mreader *rd, const struct mmatch *m, int side)
{
    const struct mteam *tm = &rd->teams[side ? m->away : m->home];
    const struct person *last = NULL;
    int k, last_board = 0;

    for (k = 1; k <= rd->n_boards; k++) {
        const struct mboard *b = &m->boards[k];
        int p = side ? b->away : b->home;
        const struct person *pe;
        if (!b->used || p < 0)
            continue;
        pe = &rd->ev->people[tm->members[p]];
        if (!pe->team_order)
            continue; /* without an order: said */
        if (last && pe->team_order < last->team_order) {
            strbuf_reset(&rd->tmp);
            person_name(pe, &rd->tmp);
            strbuf_addch(&rd->tmp, '\0');
            person_name(last, &rd->tmp);
            diag_error(rd->dl, rd->c->file, b->row->line,
                       at_col(mfield(rd, b->row, side ? MC_AWAY_PLAYER
                                                      : MC_HOME_PLAYER)),
                       "round %d: the line-up of '%s' is out of its entry's "
                       "order: '%s' (order %d) on board %d, below '%s' "
                       "(order %d) on board %d",
                       m->round, tm->name, rd->tmp.buf, pe->team_order, k,
                       rd->tmp.buf + strlen(rd->tmp.buf) + 1, last->team_order,
                       last_board);
            return;
        }
        last = pe;
        last_board = k;
    }
}

static void check_matches(struct mreader *rd)
{
    const struct scoring *sc = NULL;
    struct scoring def;
    size_t i;
    int k;

    scoring_default(&def);
    sc = &def;
    for (i = 0; i < rd->n_matches; i++) {
        struct mmatch *m = &rd->matches[i];
        struct strbuf missing = STRBUF_INIT;
        int n_missing = 0, any = 0;
        double h = 0, a = 0;
        for (k = 1; k <= rd->n_boards; k++) {
            if (m->boards[k].used) {
                any = any ? any : k;
                h += code_points(sc, m->boards[k].hc);
                a += code_points(sc, m->boards[k].ac);
                continue;
            }
            strbuf_addf(&missing, "%s%d", n_missing ? ", " : "", k);
            n_missing++;
        }
        if (m->forfeit && any) {
            diag_error(rd->dl, rd->c->file, m->forfeit->line,
                       at_col(mfield(rd, m->forfeit, MC_RESULT)),
                       "round %d: match '%s' - '%s' is forfeited, but line "
                       "%u plays board %d",
                       m->round, rd->teams[m->home].name,
                       rd->teams[m->away].name, m->boards[any].row->line, any);
            m->forfeit = NULL;
        } else if (!m->forfeit && n_missing) {
            diag_error(rd->dl, rd->c->file, m->line, 1,
                       "round %d: match '%s' - '%s' has no board%s %s; the "
                       "matches are played on %d boards",
                       m->round, rd->teams[m->home].name,
                       rd->teams[m->away].name, n_missing == 1 ? "" : "s",
                       missing.buf, rd->n_boards);
        } else if (m->forfeit) {
            h = m->ftype[0] == '+' ? rd->n_boards * sc->win : 0;
            a = m->ftype[1] == '+' ? rd->n_boards * sc->win : 0;
        }
        strbuf_release(&missing);
        if (m->total && (m->th != h || m->ta != a)) {
            struct strbuf x = STRBUF_INIT;
            strbuf_addf(&x, "%g-%g", h, a);
            diag_error(rd->dl, rd->c->file, m->total->line,
                       at_col(mfield(rd, m->total, MC_RESULT)),
                       "round %d: the score '%s' of '%s' - '%s' contradicts "
                       "its boards, which give %s",
                       m->round, mfield(rd, m->total, MC_RESULT)->s,
                       rd->teams[m->home].name, rd->teams[m->away].name,
                       x.buf);
            strbuf_release(&x);
        }
        if (!m->forfeit) {
            check_lineup(rd, m, 0);
            check_lineup(rd, m, 1);
        }
    }
}

/* A team that fields more players than its squad: at the first game of
 * the one too many. */
static void check_squads(struct mreader *rd)
{
    size_t i;
    int k, side;

    for (i = 0; i < rd->n_matches; i++) {
        const struct mmatch *m = &rd->matches[i];
        for (k = 1; k <= rd->n_boards; k++)
            for (side = 0; side < 2; side++) {
                const struct mboard *b = &m->boards[k];
                struct mteam *tm = &rd->teams[side ? m->away : m->home];
                int p = side ? b->away : b->home;
                if (!b->used || p < 0 || tm->no[p])
                    continue;
                tm->no[p] = -1;
                if (++tm->n_played == MATCHCARDS_SQUAD_MAX + 1)
                    diag_error(rd->dl, rd->c->file, b->row->line,
                               at_col(mfield(rd, b->row,
                                             side ? MC_AWAY_PLAYER
                                                  : MC_HOME_PLAYER)),
                               "team '%s' fields a %dth player, '%s'; a "
                               "team plays with at most %d of its entry",
                               tm->name, MATCHCARDS_SQUAD_MAX + 1,
                               mfield(rd, b->row,
                                      side ? MC_AWAY_PLAYER : MC_HOME_PLAYER)
                                   ->s,
                               MATCHCARDS_SQUAD_MAX);
            }
    }
}

/* --------------------------------------------------------- the model */

static void set_entry(struct tournament *t, int no, int r, int opp,
                      char colour, char code)
{
    struct entry *e = &tournament_player(t, no)->rounds[r];

    e->opp = opp;
    e->colour = colour;
    e->code = code;
    e->flags = ENTRY_PRESENT;
    e->points = scoring_value(&t->scoring, e);
}

static void birth_text(const struct person *p, struct strbuf *out)
{
    if (p->has_birth)
        strbuf_addf(out, "%04d/%02d/%02d", p->birth.y, p->birth.m,
                    p->birth.d);
    else if (p->birth_year)
        strbuf_addf(out, "%04d", p->birth_year);
}

/* The players (those who played), the teams and the team records. */
static struct tournament *build(struct mreader *rd)
{
    struct event *ev = rd->ev;
    struct tournament *t = tournament_new();
    struct strbuf sb = STRBUF_INIT;
    size_t k, i, n = 0;
    int next = 0, r, side;

    t->source = arena_strdup(&t->arena, rd->c->file);
    t->encoding = rd->c->encoding;
    t->version = TRF_26;
    t->n_rounds = rd->n_rounds;
    t->planned_rounds = rd->s->rounds;
    rd->s->person = arena_alloc(&ev->arena, sizeof(int) * (ev->n_people + 1));
    for (k = 0; k < rd->n_teams; k++) {
        struct mteam *tm = &rd->teams[k];
        struct team *team;
        ALLOC_GROW(t->teams, t->n_teams + 1, t->teams_alloc);
        team = &t->teams[t->n_teams++];
        memset(team, 0, sizeof(*team));
        team->no = (int)k + 1;
        team->name = arena_strdup(&t->arena, tm->name);
        team->nick = team->strength = "";
        team->record = '3';
        team->members = arena_alloc(&t->arena, sizeof(int) * (tm->n + 1));
        for (i = 0; i < tm->n; i++) {
            const struct person *pe = &ev->people[tm->members[i]];
            struct player *p;
            if (!tm->no[i])
                continue;
            tm->no[i] = ++next;
            team->members[team->n_members++] = next;
            p = tournament_add_player(t);
            p->start_no = next;
            strbuf_reset(&sb);
            person_name(pe, &sb);
            p->name = arena_strdup(&t->arena, sb.buf);
            p->sex = pe->sex == 'f' ? 'w' : pe->sex == 'm' ? 'm' : ' ';
            p->title = "";
            p->rating = pe->rating;
            p->fed = *pe->federation ? pe->federation : "UKR";
            p->fide_id = pe->fide_id;
            strbuf_reset(&sb);
            birth_text(pe, &sb);
            p->birth = arena_strdup(&t->arena, sb.buf);
            player_birth_read(p);
            p->team = (int)k;
            p->line = pe->at.line;
            for (r = 0; r < t->n_rounds; r++)
                p->rounds[r].colour = p->rounds[r].code = ' ';
            if (n < ev->n_people)
                rd->s->person[n++] = (int)tm->members[i];
        }
    }
    tournament_index(t);
    strbuf_reset(&sb);
    for (r = 1; r <= rd->n_boards; r++)
        strbuf_addch(&sb, r % 2 ? 'W' : 'B');
    tournament_add_record(t, "352", sb.buf, 1);
    for (i = 0; i < rd->n_matches; i++) {
        const struct mmatch *m = &rd->matches[i];
        const struct mteam *th = &rd->teams[m->home], *ta = &rd->teams[m->away];
        if (m->forfeit) {
            strbuf_reset(&sb);
            strbuf_addf(&sb, "%c%c %3d %3d %3d", m->ftype[0], m->ftype[1],
                        m->round, m->home + 1, m->away + 1);
            tournament_add_record(t, "330", sb.buf, 1);
            continue;
        }
        for (r = 1; r <= rd->n_boards; r++) {
            const struct mboard *b = &m->boards[r];
            int hn = b->used && b->home >= 0 ? th->no[b->home] : 0;
            int an = b->used && b->away >= 0 ? ta->no[b->away] : 0;
            if (hn)
                set_entry(t, hn, m->round - 1, an, b->colour, b->hc);
            if (an)
                set_entry(t, an, m->round - 1, hn,
                          b->colour == 'w' ? 'b' : 'w', b->ac);
        }
        for (side = 0; side < 2; side++) {
            const struct mteam *tm = side ? ta : th;
            strbuf_reset(&sb);
            strbuf_addf(&sb, "%3d %3d %3d", m->round,
                        (side ? m->away : m->home) + 1,
                        (side ? m->home : m->away) + 1);
            for (r = 1; r <= rd->n_boards; r++) {
                const struct mboard *b = &m->boards[r];
                int p = side ? b->away : b->home;
                strbuf_addf(&sb, " %4d", b->used && p >= 0 ? tm->no[p] : 0);
            }
            tournament_add_record(t, "300", sb.buf, 1);
        }
    }
    strbuf_release(&sb);
    return t;
}

/* The typed team inputs, located at the match cards' rows: build()
 * wrote a 330 record for each forfeited match and two 300 records for
 * each other one, in the order of the matches. */
static void team_inputs(struct mreader *rd, struct tournament *t)
{
    struct team_input *in;
    size_t i, l = 0, f = 0, side;

    trf_teams_read(t, rd->dl);
    in = t->team_input;
    for (i = 0; i < rd->n_matches; i++) {
        const struct mmatch *m = &rd->matches[i];
        struct team_where w;
        w.file = t->source;
        w.line = m->forfeit ? m->forfeit->line : m->line;
        w.col = 1;
        if (m->forfeit && f < in->n_forfeits) {
            in->forfeits[f].at = w;
            in->forfeits[f++].type_col =
                at_col(mfield(rd, m->forfeit, MC_RESULT));
        }
        for (side = 0; !m->forfeit && side < 2 && l < in->n_lineups; side++) {
            in->lineups[l].at = w;
            in->lineups[l++].boards_col = 1;
        }
    }
}

enum err matchcards_load(const struct csv *c, struct event *ev,
                         struct section *s, struct diag_list *dl)
{
    struct mreader rd;
    size_t errors0 = dl->nr_errors, k, i;

    if (!c->n_rows) {
        diag_error(dl, c->file, 0, 0,
                   "no header line; match cards start with one (тур, "
                   "господарі, гості, дошка, гравець господарів, гравець "
                   "гостей, результат)");
        return ERR_PARSE;
    }
    memset(&rd, 0, sizeof(rd));
    rd.c = c;
    rd.ev = ev;
    rd.s = s;
    rd.dl = dl;
    strbuf_init(&rd.tmp, 64);
    if (find_mcolumns(&rd, &c->rows[0]))
        goto out;
    make_teams(&rd);
    if (!rd.n_teams) {
        diag_error(dl, c->file, 0, 0,
                   "no team of section '%s' in the registry%s%s: its "
                   "players need the columns команда/team and "
                   "порядок/order",
                   s->id, ev->registry_file ? " " : "",
                   ev->registry_file ? ev->registry_file : "");
        goto out;
    }
    rd.of = xcalloc((size_t)MC_MAX_ROUND * rd.n_teams, sizeof(int));
    read_rows(&rd);
    if (s->boards > TEAM_MAX_BOARDS)
        diag_error(dl, ev->ini_file, s->at.line, 1,
                   "section '%s' has %d boards; a match has at most %d",
                   s->id, s->boards, TEAM_MAX_BOARDS);
    else if (s->boards > 0)
        rd.n_boards = s->boards;
    if (!rd.n_matches) {
        diag_error(dl, c->file, 0, 0, "no matches");
        goto out;
    }
    if (!rd.n_boards)
        rd.n_boards = 1;
    check_matches(&rd);
    check_squads(&rd);
    s->t = build(&rd);
    team_inputs(&rd, s->t);
out:
    for (k = 0; k < rd.n_teams; k++) {
        for (i = 0; i < rd.teams[k].n; i++) {
            free(rd.teams[k].keys[i]);
            free(rd.teams[k].fulls[i]);
        }
        free(rd.teams[k].keys);
        free(rd.teams[k].fulls);
        free(rd.teams[k].no);
        free(rd.teams[k].members);
        free(rd.teams[k].key);
    }
    free(rd.teams);
    free(rd.index);
    free(rd.matches);
    free(rd.of);
    strbuf_release(&rd.tmp);
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

enum err matchcards_read(const struct csv_options *opts, struct event *ev,
                         struct section *s, struct diag_list *dl)
{
    struct csv *c = NULL;
    enum err e = csv_read(s->path, opts, &c, dl);

    if (c) {
        enum err e2 = matchcards_load(c, ev, s, dl);
        if (!e)
            e = e2;
    }
    csv_free(c);
    return e;
}
