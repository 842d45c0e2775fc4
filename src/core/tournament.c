/* core/tournament: the model of one section's results.
 * SPDX-License-Identifier: MIT
 */
#include "core/tournament.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

enum entry_kind entry_kind(const struct entry *e)
{
    int opp = e->opp > 0;

    switch (e->code) {
    case '1':
    case 'W':
        return opp ? EK_WIN : EK_BYE_FULL;
    case '=':
    case 'D':
        return opp ? EK_DRAW : EK_BYE_HALF;
    case '0':
    case 'L':
        return opp ? EK_LOSS : EK_BYE_ZERO;
    case '+':
        return opp ? EK_FORFEIT_WIN : EK_BYE_FULL;
    case '-':
        return opp ? EK_FORFEIT_LOSS : EK_BYE_ZERO;
    case 'H':
        return EK_BYE_HALF;
    case 'F':
        return EK_BYE_FULL;
    case 'U':
        return EK_BYE_PAIRING;
    case 'Z':
        return EK_BYE_ZERO;
    default:
        break;
    }
    if (e->flags & ENTRY_INFERRED) {
        if (e->points >= 1.0)
            return EK_BYE_FULL;
        if (e->points > 0.0)
            return EK_BYE_HALF;
        return EK_BYE_ZERO;
    }
    return EK_NONE;
}

int entry_is_played(const struct entry *e)
{
    switch (entry_kind(e)) {
    case EK_WIN:
    case EK_DRAW:
    case EK_LOSS:
        return 1;
    default:
        return 0;
    }
}

int entry_is_absence(const struct entry *e)
{
    enum entry_kind k = entry_kind(e);

    if (e->flags & ENTRY_REFUSED)
        return 0;
    return k == EK_NONE || k == EK_BYE_ZERO;
}

int player_last_round(const struct player *p, int n_rounds)
{
    int r = n_rounds;

    while (r > 0 && entry_is_absence(&p->rounds[r - 1]))
        r--;
    return r;
}

int entry_is_rated(const struct entry *e)
{
    return entry_is_played(e) &&
           (e->code == '1' || e->code == '=' || e->code == '0');
}

int entry_is_forfeit(const struct entry *e)
{
    enum entry_kind k = entry_kind(e);
    return k == EK_FORFEIT_WIN || k == EK_FORFEIT_LOSS;
}

void scoring_default(struct scoring *s)
{
    s->win = 1.0;
    s->draw = 0.5;
    s->loss = 0.0;
    s->absence = 0.0;
    s->pab = 1.0;
    s->unknown = 0.5;
}

double scoring_value(const struct scoring *s, const struct entry *e)
{
    switch (entry_kind(e)) {
    case EK_WIN:
    case EK_FORFEIT_WIN:
    case EK_BYE_FULL:
        return s->win;
    case EK_DRAW:
    case EK_BYE_HALF:
        return s->draw;
    case EK_LOSS:
        return s->loss;
    case EK_BYE_PAIRING:
        return s->pab;
    case EK_FORFEIT_LOSS:
    case EK_BYE_ZERO:
    case EK_NONE:
        return s->absence;
    }
    return 0.0;
}

double player_score(const struct player *p, int n)
{
    double s = 0.0;
    int r;

    for (r = 0; r < n; r++)
        s += p->rounds[r].points;
    return s;
}

struct tournament *tournament_new(void)
{
    struct tournament *t = xcalloc(1, sizeof(*t));

    t->version = TRF_16;
    scoring_default(&t->scoring);
    return t;
}

void tournament_free(struct tournament *t)
{
    if (!t)
        return;
    free(t->records);
    free(t->players);
    free(t->teams);
    free(t->index_of);
    arena_release(&t->arena);
    free(t);
}

struct player *tournament_player(const struct tournament *t, int no)
{
    if (no <= 0 || no > t->max_start_no || !t->index_of[no])
        return NULL;
    return &t->players[t->index_of[no] - 1];
}

void tournament_index(struct tournament *t)
{
    size_t i;
    int max = 0;

    for (i = 0; i < t->n_players; i++)
        if (t->players[i].start_no > max)
            max = t->players[i].start_no;
    free(t->index_of);
    t->index_of = xcalloc((size_t)max + 1, sizeof(int));
    t->max_start_no = max;
    for (i = 0; i < t->n_players; i++) {
        int no = t->players[i].start_no;
        if (no > 0 && !t->index_of[no])
            t->index_of[no] = (int)i + 1;
    }
}

void tournament_set_rounds(struct tournament *t, int n_rounds)
{
    size_t i;

    if (n_rounds <= t->n_rounds) {
        t->n_rounds = n_rounds;
        return;
    }
    for (i = 0; i < t->n_players; i++) {
        struct player *p = &t->players[i];
        struct entry *r = arena_alloc(&t->arena,
                                      sizeof(*r) * (size_t)n_rounds);
        if (t->n_rounds)
            memcpy(r, p->rounds, sizeof(*r) * (size_t)t->n_rounds);
        p->rounds = r;
    }
    t->n_rounds = n_rounds;
}

struct player *tournament_add_player(struct tournament *t)
{
    struct player *p;

    ALLOC_GROW(t->players, t->n_players + 1, t->players_alloc);
    p = &t->players[t->n_players++];
    memset(p, 0, sizeof(*p));
    p->title = p->name = p->fed = p->fide_id = p->birth = "";
    p->sex = ' ';
    p->team = -1;
    p->rounds = t->n_rounds
                    ? arena_alloc(&t->arena, sizeof(struct entry) *
                                                 (size_t)t->n_rounds)
                    : NULL;
    return p;
}

void player_birth_read(struct player *p)
{
    memset(&p->birth_date, 0, sizeof(p->birth_date));
    p->birth_year = 0;
    if (!p->birth || !*p->birth)
        return;
    if (!date_parse(p->birth, &p->birth_date))
        p->birth_year = p->birth_date.y;
    else
        p->birth_year = date_year_of(p->birth);
}

struct record *tournament_add_record(struct tournament *t, const char *code,
                                     const char *text, int after_players)
{
    struct record *r;

    ALLOC_GROW(t->records, t->n_records + 1, t->records_alloc);
    r = &t->records[t->n_records++];
    memset(r, 0, sizeof(*r));
    memcpy(r->code, code, 3);
    r->text = arena_strdup(&t->arena, text);
    r->after_players = after_players;
    return r;
}

const struct record *tournament_record(const struct tournament *t,
                                       const char *code)
{
    size_t i;

    for (i = 0; i < t->n_records; i++)
        if (!strcmp(t->records[i].code, code))
            return &t->records[i];
    return NULL;
}

void tournament_header_from_records(struct tournament *t)
{
    static const struct {
        const char *code;
        size_t off;
    } map[] = {
        {"012", offsetof(struct tournament, name)},
        {"022", offsetof(struct tournament, city)},
        {"032", offsetof(struct tournament, federation)},
        {"042", offsetof(struct tournament, start_date)},
        {"052", offsetof(struct tournament, end_date)},
        {"092", offsetof(struct tournament, type)},
        {"102", offsetof(struct tournament, chief_arbiter)},
        {"122", offsetof(struct tournament, time_control)},
        {"202", offsetof(struct tournament, tiebreaks)},
    };
    size_t i;

    for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        const struct record *r = tournament_record(t, map[i].code);
        const char **field = (const char **)((char *)t + map[i].off);
        *field = r ? r->text : NULL;
    }
}

void tournament_dump(const struct tournament *t, unsigned flags,
                     struct strbuf *out)
{
    size_t i;
    int r, k;

    if (!(flags & DUMP_GAMES_ONLY)) {
        strbuf_addf(out, "version %d\nrounds %d planned %d\n", t->version,
                    t->n_rounds, t->planned_rounds);
        strbuf_addf(out, "scoring %.2f %.2f %.2f %.2f %.2f %.2f\n",
                    t->scoring.win, t->scoring.draw, t->scoring.loss,
                    t->scoring.absence, t->scoring.pab, t->scoring.unknown);
        for (i = 0; i < t->n_records; i++)
            strbuf_addf(out, "record %s [%s]\n", t->records[i].code,
                        t->records[i].text);
        for (i = 0; i < t->n_teams; i++) {
            const struct team *tm = &t->teams[i];
            strbuf_addf(out, "team %d [%s] [%s] [%s] %d:%.1f %d:%.1f %d:",
                        tm->no, tm->name, tm->nick, tm->strength, tm->has_mp,
                        tm->mp, tm->has_gp, tm->gp, tm->rank);
            for (k = 0; k < tm->n_members; k++)
                strbuf_addf(out, " %d", tm->members[k]);
            strbuf_addch(out, '\n');
        }
    } else {
        strbuf_addf(out, "rounds %d\n", t->n_rounds);
    }
    for (i = 0; i < t->n_players; i++) {
        const struct player *p = &t->players[i];
        strbuf_addf(out, "player %d [%c] [%s] [%s] %d [%s] [%s] [%s]",
                    p->start_no, p->sex, p->title, p->name, p->rating,
                    p->fed, p->fide_id, p->birth);
        if (!(flags & DUMP_GAMES_ONLY))
            strbuf_addf(out, " %d:%.1f rank %d team %d", p->has_points,
                        p->points, p->rank, p->team);
        strbuf_addch(out, '\n');
        for (r = 0; r < t->n_rounds; r++) {
            const struct entry *e = &p->rounds[r];
            if (!(e->flags & ENTRY_PRESENT))
                continue;
            strbuf_addf(out, "  r%d %d %c %c %.2f%s\n", r + 1, e->opp,
                        e->colour, e->code, e->points,
                        (e->flags & ENTRY_INFERRED) ? " inferred" : "");
        }
    }
}
