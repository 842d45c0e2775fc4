/* core/diploma: who gets a diploma, and its code.
 * SPDX-License-Identifier: MIT
 */
#include "core/diploma.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tournament.h"
#include "util/date.h"
#include "util/decline.h"
#include "util/name.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char *const kind_names[] = {"individual", "coach", "team",
                                         "member", "team-coach"};

const char *diploma_kind_name(enum diploma_kind k)
{
    return (size_t)k < sizeof(kind_names) / sizeof(kind_names[0])
               ? kind_names[k]
               : "individual";
}

int diploma_kind_parse(const char *name, enum diploma_kind *out)
{
    size_t i;

    for (i = 0; i < sizeof(kind_names) / sizeof(kind_names[0]); i++)
        if (!strcmp(kind_names[i], name)) {
            *out = (enum diploma_kind)i;
            return 0;
        }
    return -1;
}

/* ---------------------------------------------------------- the codes */

/* Crockford's base 32: no I, L, O or U to misread. */
static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/* Multiply in GF(32), the field of x^5 + x^2 + 1. */
static int gf32_mul(int a, int b)
{
    int r = 0;

    while (b) {
        if (b & 1)
            r ^= a;
        b >>= 1;
        a <<= 1;
        if (a & 32)
            a ^= 0x25;
    }
    return r;
}

/*
 * The check value of the 11 values v: the sum of v[i] * x^(i+1) in GF(32),
 * so any one changed character changes it (x^(i+1) is never 0), and so
 * does any swap of two neighbours (x^(i+1) + x^(i+2) is never 0 either).
 */
static int check_value(const int v[11])
{
    int i, sum = 0, w = 2;

    for (i = 0; i < 11; i++) {
        sum ^= gf32_mul(w, v[i]);
        w = gf32_mul(w, 2);
    }
    return sum;
}

static void format_code(const int v[12], char out[DIPLOMA_CODE_SIZE])
{
    int i, k = 0;

    memcpy(out, "UA-", 3);
    k = 3;
    for (i = 0; i < 12; i++) {
        if (i && i % 4 == 0)
            out[k++] = '-';
        out[k++] = alphabet[v[i]];
    }
    out[k] = '\0';
}

static void hash_field(struct sha256 *c, const char *s)
{
    s = s ? s : "";
    sha256_update(c, s, strlen(s));
    sha256_update(c, "\n", 1);
}

void diploma_code(const struct event *ev, const struct diploma *d,
                  char out[DIPLOMA_CODE_SIZE])
{
    struct sha256 c;
    unsigned char h[32];
    char num[64];
    int v[12], i;
    unsigned long long bits = 0;

    sha256_init(&c);
    hash_field(&c, "sekretar diploma 1");
    hash_field(&c, ev->title);
    snprintf(num, sizeof(num), "%04d-%02d-%02d", ev->start.y, ev->start.m,
             ev->start.d);
    hash_field(&c, num);
    hash_field(&c, ev->city);
    hash_field(&c, d->section);
    hash_field(&c, diploma_kind_name(d->kind));
    hash_field(&c, d->name);
    snprintf(num, sizeof(num), "%d", d->birth_year);
    hash_field(&c, num);
    hash_field(&c, d->pupil_name);
    hash_field(&c, d->team);
    snprintf(num, sizeof(num), "%d-%d %d", d->place_lo, d->place_hi,
             d->degree);
    hash_field(&c, num);
    sha256_final(&c, h);
    for (i = 0; i < 8; i++)
        bits = bits << 8 | h[i];
    for (i = 0; i < 11; i++)
        v[i] = (int)((bits >> (59 - 5 * i)) & 31);
    v[11] = check_value(v);
    format_code(v, out);
}

static int alphabet_value(unsigned char ch)
{
    const char *p;

    if (ch >= 'a' && ch <= 'z')
        ch = (unsigned char)(ch - 'a' + 'A');
    if (ch == 'O')
        ch = '0';
    else if (ch == 'I' || ch == 'L')
        ch = '1';
    p = ch ? strchr(alphabet, ch) : NULL;
    return p ? (int)(p - alphabet) : -1;
}

enum diploma_code_status diploma_code_read(const char *text,
                                           char out[DIPLOMA_CODE_SIZE])
{
    const char *s = text, *page;
    int v[12], n = 0;

    out[0] = '\0';
    while (*s == ' ' || *s == '\t')
        s++;
    /* the address of its page that the QR code holds ("https://host/
       diplomas/UA-....html"): the code in it */
    if ((!strncmp(s, "https://", 8) || !strncmp(s, "http://", 7)) &&
        (page = strstr(s, "/diplomas/")) != NULL)
        s = page + 10;
    if ((s[0] != 'U' && s[0] != 'u') || (s[1] != 'A' && s[1] != 'a'))
        return DIPLOMA_CODE_MALFORMED;
    for (s += 2; *s; s++) {
        int x;
        if (*s == '-' || *s == ' ' || *s == '\t')
            continue;
        if (!strcmp(s, ".html") && text != s && strstr(text, "/diplomas/"))
            break;
        x = alphabet_value((unsigned char)*s);
        if (x < 0 || n == 12)
            return DIPLOMA_CODE_MALFORMED;
        v[n++] = x;
    }
    if (n != 12)
        return DIPLOMA_CODE_MALFORMED;
    format_code(v, out);
    return check_value(v) == v[11] ? DIPLOMA_CODE_OK : DIPLOMA_CODE_ALTERED;
}

/* --------------------------------------------------- who gets one */

static struct diploma *add(struct diploma_list *l)
{
    struct diploma *d;

    ALLOC_GROW(l->items, l->n + 1, l->alloc);
    d = &l->items[l->n++];
    memset(d, 0, sizeof(*d));
    return d;
}

static const char *keep(struct diploma_list *l, const struct strbuf *sb)
{
    return arena_strdup(&l->arena, sb->buf);
}

/* The name parts of a name as written ("Прізвище Ім'я По батькові"). */
static void split_into(struct diploma_list *l, const char *name,
                       const char **surname, const char **given,
                       const char **patronymic)
{
    struct strbuf s = STRBUF_INIT, g = STRBUF_INIT, p = STRBUF_INIT;

    name_split(name ? name : "", &s, &g, &p);
    *surname = keep(l, &s);
    *given = keep(l, &g);
    if (patronymic)
        *patronymic = keep(l, &p);
    strbuf_release(&s);
    strbuf_release(&g);
    strbuf_release(&p);
}

/* The declined forms of d's name (pe its registry person, or NULL). */
static void decline(struct diploma_list *l, struct diploma *d,
                    const struct person *pe)
{
    struct strbuf g = STRBUF_INIT, s = STRBUF_INIT;
    int c;

    for (c = NAME_GENITIVE; c <= NAME_DATIVE; c++) {
        strbuf_reset(&g);
        strbuf_reset(&s);
        person_decline(pe, d->given, d->surname,
                       d->sex == 'p' ? 0 : d->sex, c, &g, &s);
        if (c == NAME_GENITIVE) {
            d->given_gen = keep(l, &g);
            d->surname_gen = keep(l, &s);
        } else {
            d->given_dat = keep(l, &g);
            d->surname_dat = keep(l, &s);
        }
    }
    strbuf_release(&g);
    strbuf_release(&s);
}

/* Fill d with player p (index pi of t) of section sec. */
static void fill_person(struct diploma_list *l, struct diploma *d,
                        const struct event *ev, const struct section *sec,
                        const struct tournament *t, size_t pi)
{
    const struct player *p = &t->players[pi];
    const struct person *pe = section_person(ev, sec, (int)pi);
    struct strbuf sb = STRBUF_INIT;
    size_t k;

    d->section = sec->id;
    d->sex = player_sex(pe, p, sec);
    if (pe) {
        d->surname = pe->surname ? pe->surname : "";
        d->given = pe->given ? pe->given : "";
        d->patronymic = pe->patronymic ? pe->patronymic : "";
        d->birth_year = pe->birth_year ? pe->birth_year : p->birth_year;
        d->region = person_region(pe);
        d->club = pe->club ? pe->club : "";
        d->rank = pe->rank ? pe->rank : "";
        strbuf_reset(&sb);
        for (k = 0; k < pe->n_coaches; k++)
            strbuf_addf(&sb, "%s%s", k ? ", " : "", pe->coaches[k]);
        d->coach = keep(l, &sb);
    } else {
        split_into(l, p->name, &d->surname, &d->given, &d->patronymic);
        d->birth_year = p->birth_year;
        d->region = d->club = d->coach = d->rank = "";
    }
    decline(l, d, pe);
    /* The name as the code and the catalogue keep it. */
    strbuf_reset(&sb);
    strbuf_addstr(&sb, d->surname);
    if (*d->given)
        strbuf_addf(&sb, " %s", d->given);
    if (*d->patronymic)
        strbuf_addf(&sb, " %s", d->patronymic);
    d->name = keep(l, &sb);
    strbuf_release(&sb);
}

static void set_place(struct diploma *d, const struct standings_row *row)
{
    d->place_lo = row->place_lo;
    d->place_hi = row->place_hi;
    d->degree = row->place_lo;
}

/* A coach's diploma of coach (a name as the registry writes it) for the
   pupil diploma (a prize-winner or a team) at index of. */
static void add_coach(struct diploma_list *l, const struct event *ev,
                      size_t of, const char *coach, enum diploma_kind kind)
{
    struct diploma *d = add(l);
    const struct diploma *pupil = &l->items[of];
    struct strbuf sb = STRBUF_INIT;

    d->kind = kind;
    d->section = pupil->section;
    d->place_lo = pupil->place_lo;
    d->place_hi = pupil->place_hi;
    d->degree = pupil->degree;
    name_clean(&sb, coach);
    d->name = keep(l, &sb);
    split_into(l, d->name, &d->surname, &d->given, &d->patronymic);
    decline(l, d, NULL);
    d->region = d->club = d->coach = d->rank = "";
    d->team = pupil->kind == DIPLOMA_TEAM ? pupil->name : "";
    d->pupil_given_gen = pupil->given_gen;
    d->pupil_surname_gen = pupil->surname_gen;
    d->pupil_name = pupil->name;
    d->pupil_surname = pupil->surname;
    d->pupil_given = pupil->given;
    d->pupil_sex = pupil->sex;
    diploma_code(ev, d, d->code);
    strbuf_release(&sb);
}

/* Split "A, B" (the coaches as the diploma keeps them) and add one coach
   diploma each, unless seen already (a coach named twice). */
static void add_coaches(struct diploma_list *l, const struct event *ev,
                        size_t of, const char *list, enum diploma_kind kind,
                        size_t first)
{
    const char *s = list;

    while (s && *s) {
        size_t n = strcspn(s, ","), i;
        char *one = xstrndup(s, n);
        struct strbuf c = STRBUF_INIT;
        int seen = 0;
        name_clean(&c, one);
        for (i = first; c.len && i < l->n; i++)
            if (l->items[i].kind == kind &&
                l->items[i].pupil_name == l->items[of].name &&
                !strcmp(l->items[i].name, c.buf))
                seen = 1;
        if (c.len && !seen)
            add_coach(l, ev, of, c.buf, kind);
        strbuf_release(&c);
        free(one);
        s += n;
        if (*s == ',')
            s++;
    }
}

static void collect_players(struct diploma_list *l, const struct event *ev,
                            const struct section_ranking *r)
{
    const struct standings *s = &r->s;
    size_t first = l->n, n_winners, i;

    for (i = 0; i < s->n_rows && s->rows[i].place_lo <= 3; i++) {
        struct diploma *d = add(l);
        d->kind = DIPLOMA_INDIVIDUAL;
        fill_person(l, d, ev, r->sec, s->t, (size_t)s->rows[i].player);
        set_place(d, &s->rows[i]);
        d->team = "";
        diploma_code(ev, d, d->code);
    }
    n_winners = l->n;
    for (i = first; i < n_winners; i++)
        add_coaches(l, ev, i, l->items[i].coach, DIPLOMA_COACH, n_winners);
}

/* 1 when player p played a game over the board. */
static int played(const struct tournament *t, const struct player *p)
{
    int r;

    for (r = 0; r < t->n_rounds; r++)
        if (entry_is_played(&p->rounds[r]))
            return 1;
    return 0;
}

/* The coaches the registry enters for team (its people with the team and
   the role тренер/coach), "Surname Given Patronymic, ..." into out. */
static void team_coaches(const struct event *ev, const char *team,
                         struct strbuf *out)
{
    size_t k;

    for (k = 0; team && *team && k < ev->n_people; k++) {
        const struct person *pe = &ev->people[k];
        if (!pe->role || strcmp(pe->role, "coach") || !pe->team ||
            strcmp(pe->team, team))
            continue;
        strbuf_addf(out, "%s%s", out->len ? ", " : "", pe->surname);
        if (pe->given && *pe->given)
            strbuf_addf(out, " %s", pe->given);
        if (pe->patronymic && *pe->patronymic)
            strbuf_addf(out, " %s", pe->patronymic);
    }
}

static void collect_teams(struct diploma_list *l, const struct event *ev,
                          const struct section_ranking *r)
{
    const struct standings *s = &r->s;
    const struct team_table *tt = r->teams;
    const struct tournament *pt = tt->t;
    size_t i;
    int k;

    for (i = 0; i < s->n_rows && s->rows[i].place_lo <= 3; i++) {
        int ti = team_table_find(tt, s->rows[i].start_no);
        const struct team *team;
        struct diploma *d;
        struct strbuf coaches = STRBUF_INIT, entered = STRBUF_INIT;
        size_t at, m;

        if (ti < 0)
            continue;
        team = &pt->teams[ti];
        at = l->n;
        d = add(l);
        d->kind = DIPLOMA_TEAM;
        d->section = r->sec->id;
        set_place(d, &s->rows[i]);
        d->name = team->name ? team->name : "";
        d->surname = d->given = d->patronymic = "";
        d->given_gen = d->surname_gen = d->given_dat = d->surname_dat = "";
        d->team = d->name;
        d->sex = 'p';
        d->region = d->club = d->coach = d->rank = "";
        d->members =
            arena_alloc(&l->arena, sizeof(char *) * ((size_t)team->n_members + 1));
        for (k = 0; k < team->n_members; k++) {
            const struct player *p = tournament_player(pt, team->members[k]);
            struct diploma *md;
            struct strbuf sb = STRBUF_INIT;
            if (!p || !played(pt, p))
                continue;
            md = add(l);
            md->kind = DIPLOMA_MEMBER;
            fill_person(l, md, ev, r->sec, pt, (size_t)(p - pt->players));
            set_place(md, &s->rows[i]);
            md->team = l->items[at].name;
            diploma_code(ev, md, md->code);
            strbuf_addf(&sb, "%s%s%s", md->surname, *md->given ? " " : "",
                        md->given);
            l->items[at].members[l->items[at].n_members++] = keep(l, &sb);
            strbuf_release(&sb);
            if (*md->coach)
                strbuf_addf(&coaches, "%s%s", coaches.len ? ", " : "",
                            md->coach);
        }
        d = &l->items[at];
        diploma_code(ev, d, d->code);
        m = l->n;
        /* The team's coach as the registry enters him (role тренер), else
           the coaches of the members who played. */
        team_coaches(ev, d->name, &entered);
        add_coaches(l, ev, at, entered.len ? entered.buf : coaches.buf,
                    DIPLOMA_TEAM_COACH, m);
        strbuf_release(&coaches);
        strbuf_release(&entered);
    }
}

void diploma_collect(struct diploma_list *out, const struct event *ev,
                     const struct section_ranking *r)
{
    if (!r->ranked || !r->sec || !r->sec->t)
        return;
    /* A qualifying stage gives no diplomas unless it awards its places. */
    if (r->sec->awards == 0)
        return;
    if (r->teams)
        collect_teams(out, ev, r);
    else if (!r->sec->t->n_teams)
        collect_players(out, ev, r);
}

void diploma_list_release(struct diploma_list *l)
{
    free(l->items);
    arena_release(&l->arena);
    memset(l, 0, sizeof(*l));
}
