/* core/event: a championship: description, sections, registry, officials.
 * SPDX-License-Identifier: MIT
 */
#include "core/event.h"
#include "core/tiebreak.h"

#include <stdlib.h>
#include <string.h>

#include "core/mandate.h"
#include "core/norms.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/teamscore.h"
#include "core/tournament.h"
#include "core/region.h"
#include "util/decline.h"
#include "util/diag.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ------------------------------------------------------------- lifecycle */

struct event *event_new(void)
{
    struct event *ev = xcalloc(1, sizeof(*ev));

    ev->title = ev->short_title = ev->age_group = ev->sex_text = "";
    ev->rank = ev->city = ev->venue = ev->organisers = ev->order = "";
    ev->awarding_bodies = ev->title_locative = "";
    ev->chief_arbiter.name = ev->chief_arbiter.position = "";
    ev->deputy_arbiter = ev->chief_secretary = ev->chief_arbiter;
    ev->report.sport = ev->report.department = ev->report.team_results = "";
    ev->report.head = ev->report.responsible = ev->chief_arbiter;
    ev->mandate.min_rank = "";
    ev->mandate.min_rank_class = -1;
    return ev;
}

void event_free(struct event *ev)
{
    size_t i;

    if (!ev)
        return;
    for (i = 0; i < ev->n_sections; i++) {
        tournament_free(ev->sections[i].t);
        free(ev->sections[i].playoffs);
    }
    free(ev->sections);
    free(ev->people);
    free(ev->diploma_signatories);
    free(ev->report_signatories);
    free(ev->arbiters);
    free(ev->mandate.members);
    if (ev->report.norms) {
        norms_release(ev->report.norms);
        free(ev->report.norms);
    }
    if (ev->report.groups) {
        region_groups_release(ev->report.groups);
        free(ev->report.groups);
    }
    arena_release(&ev->arena);
    free(ev);
}

struct section *event_add_section(struct event *ev)
{
    struct section *s;

    ALLOC_GROW(ev->sections, ev->n_sections + 1, ev->sections_alloc);
    s = &ev->sections[ev->n_sections++];
    memset(s, 0, sizeof(*s));
    s->id = s->title = s->file = s->path = s->time_control = "";
    s->qualify_for = "";
    s->time_control_rapid = s->time_control_blitz = "";
    s->time_control_armageddon = "";
    ko_ladder_default(&s->ladder);
    s->system = SYS_SWISS;
    tiebreak_rules_init(&s->tb_rules);
    s->tb_rules.round_robin = 0; /* swiss, as the system says */
    s->discipline = DISC_CLASSIC;
    s->prize_places = 3;
    s->awards = -1; /* settled by section_settle() */
    return s;
}

struct person *event_add_person(struct event *ev)
{
    struct person *p;

    ALLOC_GROW(ev->people, ev->n_people + 1, ev->people_alloc);
    p = &ev->people[ev->n_people++];
    memset(p, 0, sizeof(*p));
    p->surname = p->given = p->patronymic = p->region_text = "";
    p->surname_gen = p->given_gen = p->surname_dat = p->given_dat = "";
    p->club = p->rank = p->fide_id = p->federation = "";
    p->team = p->role = "";
    p->captain = -1;
    p->region = -1;
    p->checks.identity = p->checks.medical = -1;
    p->checks.insurance = p->checks.fee = -1;
    p->rank_class = -1;
    return p;
}

const struct person *event_team_first(const struct event *ev,
                                      const struct section *sec,
                                      const struct team_table *tt, int ti)
{
    const struct tournament *t = tt->t;
    const struct team *tm = &t->teams[ti];
    const struct person *first = NULL;
    int m;

    for (m = 0; m < tm->n_members; m++) {
        const struct player *p = tournament_player(t, tm->members[m]);
        const struct person *pe =
            p ? section_person(ev, sec, (int)(p - t->players)) : NULL;
        if (pe && !person_foreign(pe))
            return pe;
        if (pe && !first)
            first = pe;
    }
    return first;
}

void event_team_coach(const struct event *ev, const char *team,
                      const struct person *first, struct strbuf *out)
{
    size_t k, start = out->len;

    for (k = 0; k < ev->n_people; k++)
        if (!strcmp(ev->people[k].role, "coach") &&
            !strcmp(ev->people[k].team, team))
            strbuf_addf(out, "%s%s %s", out->len > start ? ", " : "",
                        ev->people[k].surname, ev->people[k].given);
    if (out->len > start || !first)
        return;
    for (k = 0; k < first->n_coaches; k++)
        strbuf_addf(out, "%s%s", k ? ", " : "", first->coaches[k]);
}

struct section *event_section(const struct event *ev, const char *id)
{
    size_t i;

    for (i = 0; i < ev->n_sections; i++)
        if (!strcmp(ev->sections[i].id, id))
            return &ev->sections[i];
    return NULL;
}

/* ----------------------------------------------------------------- names */

static const char *const system_names[] = {"swiss", "round-robin", "knock-out",
                                           "team", "auto"};
static const char *const discipline_names[] = {"classic", "rapid", "blitz",
                                               "other"};

void section_settle(const struct event *ev, struct section *s)
{
    if (s->awards < 0)
        s->awards = !s->qualifying;
    if (!date_valid(&s->start))
        s->start = ev->start;
    if (!date_valid(&s->end))
        s->end = ev->end;
}

struct date section_compiled(const struct event *ev, const struct section *s)
{
    if (date_valid(&ev->compiled))
        return ev->compiled;
    if (s && date_valid(&s->end))
        return s->end;
    return ev->end;
}

const char *section_stage_name(const struct section *s)
{
    return s->qualifying ? "qualifying" : "final";
}

const char *section_system_name(enum section_system s)
{
    return system_names[s];
}

const char *discipline_name(enum discipline d)
{
    return discipline_names[d];
}

int section_system_parse(const char *s, enum section_system *out)
{
    static const struct {
        const char *name;
        enum section_system v;
    } names[] = {
        {"swiss", SYS_SWISS},
        {"швейцарська", SYS_SWISS},
        {"round-robin", SYS_ROUND_ROBIN},
        {"кругова", SYS_ROUND_ROBIN},
        {"колова", SYS_ROUND_ROBIN},
        {"knock-out", SYS_KNOCKOUT},
        {"knockout", SYS_KNOCKOUT},
        {"олімпійська", SYS_KNOCKOUT},
        {"team", SYS_TEAM},
        {"командна", SYS_TEAM},
    };
    size_t i;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(s, names[i].name)) {
            *out = names[i].v;
            return 0;
        }
    return -1;
}

int sex_parse(const char *s, char *out)
{
    static const struct {
        const char *s;
        char sex;
    } names[] = {
        {"m", 'm'},        {"boys", 'm'},    {"men", 'm'},   {"юнаки", 'm'},
        {"чоловіки", 'm'}, {"f", 'f'},       {"w", 'f'},     {"girls", 'f'},
        {"women", 'f'},    {"дівчата", 'f'}, {"жінки", 'f'}, {"mixed", 0},
        {"open", 0},       {"змішана", 0},   {"male", 'm'},
        {"female", 'f'},
    };
    size_t i;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(s, names[i].s)) {
            *out = names[i].sex;
            return 0;
        }
    return -1;
}

int discipline_parse(const char *s, enum discipline *out)
{
    static const struct {
        const char *name;
        enum discipline v;
    } names[] = {
        {"classic", DISC_CLASSIC}, {"класичні", DISC_CLASSIC},
        {"rapid", DISC_RAPID},     {"швидкі", DISC_RAPID},
        {"blitz", DISC_BLITZ},     {"бліц", DISC_BLITZ},
        {"other", DISC_OTHER},
    };
    size_t i;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(s, names[i].name)) {
            *out = names[i].v;
            return 0;
        }
    return -1;
}

int rules_preset_known(const char *s)
{
    struct tiebreak_rules r;
    return !tiebreak_preset(s, &r);
}

int unplayed_policy_known(const char *s)
{
    enum tiebreak_policy p;
    return !tiebreak_policy_parse(s, &p);
}

/* ------------------------------------------------------------------ join */

/* "Прізвище Ім'я" for messages. */
void person_name(const struct person *p, struct strbuf *out)
{
    strbuf_addstr(out, p->surname);
    if (*p->given) {
        if (*p->surname)
            strbuf_addch(out, ' ');
        strbuf_addstr(out, p->given);
    }
}

static int person_entered(const struct person *p, const char *section)
{
    size_t i;

    for (i = 0; i < p->n_sections; i++)
        if (!strcmp(p->sections[i], section))
            return 1;
    return 0;
}

/* The name keys of every person, made once. */
static void person_keys(struct event *ev)
{
    struct strbuf tmp = STRBUF_INIT, k = STRBUF_INIT;
    size_t i;

    for (i = 0; i < ev->n_people; i++) {
        struct person *p = &ev->people[i];
        if (p->key)
            continue;
        strbuf_reset(&tmp);
        strbuf_reset(&k);
        strbuf_addf(&tmp, "%s %s", p->surname, p->given);
        name_join_key(&k, tmp.buf);
        p->key = arena_strdup(&ev->arena, k.buf);
        if (*p->patronymic) {
            strbuf_addf(&tmp, " %s", p->patronymic);
            strbuf_reset(&k);
            name_join_key(&k, tmp.buf);
            p->key_full = arena_strdup(&ev->arena, k.buf);
        } else {
            p->key_full = p->key;
        }
        if (p->n_aliases) {
            size_t a;
            p->alias_keys =
                arena_alloc(&ev->arena, sizeof(char *) * p->n_aliases);
            for (a = 0; a < p->n_aliases; a++) {
                strbuf_reset(&k);
                name_join_key(&k, p->aliases[a]);
                p->alias_keys[a] = arena_strdup(&ev->arena, k.buf);
            }
        }
    }
    strbuf_release(&tmp);
    strbuf_release(&k);
}

/* A sorted index of people by a string of theirs (name key, FIDE ID). */
struct ix {
    const char *key;
    size_t person;
};

static int cmp_ix(const void *a, const void *b)
{
    const struct ix *x = a, *y = b;
    int d = strcmp(x->key, y->key);

    if (d)
        return d;
    return x->person < y->person ? -1 : x->person > y->person;
}

/* The first entry of ix (n, sorted) whose key is not below key. */
static size_t ix_lower(const struct ix *ix, size_t n, const char *key)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ix[mid].key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The first entry of ix (n, sorted) whose key is key, or n. */
static size_t ix_find(const struct ix *ix, size_t n, const char *key)
{
    size_t lo = ix_lower(ix, n, key);

    return lo < n && !strcmp(ix[lo].key, key) ? lo : n;
}

/*
 * The people's name keys (both forms, once each), the same with umlauts
 * read (name_join_key_umlauts(): the join's second chance) and FIDE IDs,
 * sorted.
 */
struct people_index {
    struct ix *names, *umlauts, *ids;
    size_t n_names, n_umlauts, n_ids;
    struct arena keys; /* the umlauts' keys */
};

static void people_index_make(const struct event *ev, struct people_index *pi)
{
    struct strbuf tmp = STRBUF_INIT, k = STRBUF_INIT;
    size_t i, f, a, n = ev->n_people * 2 + 1;

    for (i = 0; i < ev->n_people; i++)
        n += ev->people[i].n_aliases;
    memset(&pi->keys, 0, sizeof(pi->keys));
    pi->names = xmallocarray(n, sizeof(*pi->names));
    pi->umlauts = xmallocarray(n, sizeof(*pi->umlauts));
    pi->ids = xmallocarray(ev->n_people + 1, sizeof(*pi->ids));
    pi->n_names = pi->n_umlauts = pi->n_ids = 0;
    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        pi->names[pi->n_names].key = p->key;
        pi->names[pi->n_names++].person = i;
        if (strcmp(p->key_full, p->key)) {
            pi->names[pi->n_names].key = p->key_full;
            pi->names[pi->n_names++].person = i;
        }
        for (f = 0; f < 2; f++) {
            strbuf_reset(&tmp);
            strbuf_reset(&k);
            strbuf_addf(&tmp, "%s %s", p->surname, p->given);
            if (f && !*p->patronymic)
                break;
            if (f)
                strbuf_addf(&tmp, " %s", p->patronymic);
            name_join_key_umlauts(&k, tmp.buf);
            pi->umlauts[pi->n_umlauts].key = arena_strdup(&pi->keys, k.buf);
            pi->umlauts[pi->n_umlauts++].person = i;
        }
        for (a = 0; a < p->n_aliases; a++) {
            pi->names[pi->n_names].key = p->alias_keys[a];
            pi->names[pi->n_names++].person = i;
            strbuf_reset(&k);
            name_join_key_umlauts(&k, p->aliases[a]);
            pi->umlauts[pi->n_umlauts].key = arena_strdup(&pi->keys, k.buf);
            pi->umlauts[pi->n_umlauts++].person = i;
        }
        if (*p->fide_id) {
            pi->ids[pi->n_ids].key = p->fide_id;
            pi->ids[pi->n_ids++].person = i;
        }
    }
    qsort(pi->names, pi->n_names, sizeof(*pi->names), cmp_ix);
    qsort(pi->umlauts, pi->n_umlauts, sizeof(*pi->umlauts), cmp_ix);
    qsort(pi->ids, pi->n_ids, sizeof(*pi->ids), cmp_ix);
    strbuf_release(&tmp);
    strbuf_release(&k);
}

static void people_index_release(struct people_index *pi)
{
    free(pi->names);
    free(pi->umlauts);
    free(pi->ids);
    arena_release(&pi->keys);
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;

    return x < y ? -1 : x > y;
}

/* Column of a player's name: TRF columns 15-47, or where a CSV names it. */
static unsigned name_col(const struct section *s, const struct player *pl)
{
    return s->format == RESULTS_TRF ? 15 : pl->col;
}

/* The registry's name becomes the player's, and fills his blank fields. */
static void complete_player(struct tournament *t, struct player *pl,
                            const struct person *p)
{
    struct strbuf name = STRBUF_INIT;

    person_name(p, &name);
    if (strcmp(name.buf, pl->name)) {
        if (!pl->alias)
            pl->alias = pl->name;
        pl->name = arena_strdup(&t->arena, name.buf);
    }
    strbuf_release(&name);
    if (!pl->rating && p->rating)
        pl->rating = p->rating;
    if (!*pl->fide_id && *p->fide_id)
        pl->fide_id = arena_strdup(&t->arena, p->fide_id);
    if (!*pl->birth && p->has_birth)
        pl->birth = arena_printf(&t->arena, "%04d/%02d/%02d", p->birth.y,
                                 p->birth.m, p->birth.d);
    else if (!*pl->birth && p->birth_year)
        pl->birth = arena_printf(&t->arena, "%04d", p->birth_year);
    player_birth_read(pl);
    if ((pl->sex == ' ' || !pl->sex) && p->sex)
        pl->sex = p->sex == 'f' ? 'w' : 'm';
    if (!*pl->fed)
        pl->fed = *p->federation ? arena_strdup(&t->arena, p->federation)
                                 : "UKR";
}

/* ---------------------------------------------------------- join helpers */

/* The Levenshtein distance of a and b (bytes), or max + 1 when over max. */
static size_t edit_distance(const char *a, const char *b, size_t max)
{
    size_t n = strlen(a), m = strlen(b), i, j, d, best;
    size_t local[128], *row = m < 128 ? local : xmallocarray(m + 1, sizeof(d));

    if ((n > m ? n - m : m - n) > max) {
        if (row != local)
            free(row);
        return max + 1;
    }
    for (j = 0; j <= m; j++)
        row[j] = j;
    for (i = 1; i <= n; i++) {
        size_t diag = row[0];
        row[0] = best = i;
        for (j = 1; j <= m; j++) {
            size_t up = row[j];
            d = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < d)
                d = up + 1;
            if (row[j - 1] + 1 < d)
                d = row[j - 1] + 1;
            row[j] = d;
            diag = up;
            if (d < best)
                best = d;
        }
        if (best > max)
            break;
    }
    d = i <= n ? max + 1 : row[m];
    if (row != local)
        free(row);
    return d > max ? max + 1 : d;
}

/* Do two join keys loosely name one person: surnames (the first words)
 * of which one starts the other, or one letter apart (two when both have
 * six letters or more)? */
static int keys_agree(const char *a, const char *b)
{
    size_t wa = strcspn(a, " "), wb = strcspn(b, " ");
    size_t w = wa < wb ? wa : wb;
    char sa[64], sb[64];

    if (!w)
        return 0;
    if (!strncmp(a, b, w))
        return 1;
    if (wa >= sizeof(sa) || wb >= sizeof(sb))
        return 0;
    memcpy(sa, a, wa);
    sa[wa] = '\0';
    memcpy(sb, b, wb);
    sb[wb] = '\0';
    return edit_distance(sa, sb, w < 6 ? 1 : 2) <= (w < 6 ? 1u : 2u);
}

void person_full_name(const struct person *p, struct strbuf *out)
{
    person_name(p, out);
    if (*p->patronymic)
        strbuf_addf(out, " %s", p->patronymic);
}

/* What join_section works with. */
struct join {
    struct event *ev;
    struct section *s;
    const struct people_index *pi;
    struct diag_list *dl;
    int *by_no;    /* start number -> person; -1 none, -2 two people */
    int max_no;    /* the highest start number of by_no */
    size_t cut;    /* the longest player name of the section, characters */
    size_t *cand;  /* candidates, n_people + 1 */
    struct strbuf key, ukey; /* the player's join keys: as spelled, and
                                with umlauts read */
};

/* Does the person's start number apply to the section? */
static int start_no_applies(const struct person *p, const char *section)
{
    return p->start_no > 0 && (!p->n_sections || person_entered(p, section));
}

/*
 * Person p has the start number person a has, both in section j->s: a
 * number joins neither of them then.  Both entered for the section by
 * name (Секції): the registry contradicts itself, an error at p's number.
 * Otherwise (one lists no sections: his number counts in every section)
 * the registry may number each section apart, which it cannot say without
 * the sections: a warning, once a section, when a player of the section
 * has that number.
 */
static void start_number_twice(struct join *j, const struct person *a,
                               const struct person *p, int *warned)
{
    const struct tournament *t = j->s->t;
    struct strbuf an = STRBUF_INIT, pn = STRBUF_INIT;
    int no = p->start_no;

    person_full_name(a, &an);
    person_full_name(p, &pn);
    if (a->n_sections && p->n_sections)
        diag_error(j->dl, p->at.file, p->at.line,
                   p->start_no_col ? p->start_no_col : 1,
                   "start number %d of section '%s' is given to '%s' (line "
                   "%u) too; each player of a section has his own",
                   no, j->s->id, an.buf, a->at.line);
    else if (!*warned && no <= t->max_start_no && t->index_of &&
             t->index_of[no] > 0) {
        diag_warning(j->dl, p->at.file, p->at.line,
                     p->start_no_col ? p->start_no_col : 1,
                     "start number %d is given to '%s' (line %u) and '%s', "
                     "who may both play in section '%s': it joins neither "
                     "(list the sections each entered, Секції, for the "
                     "numbers to count)",
                     no, an.buf, a->at.line, pn.buf, j->s->id);
        *warned = 1;
    }
    strbuf_release(&an);
    strbuf_release(&pn);
}

static void start_numbers_make(struct join *j)
{
    const struct event *ev = j->ev;
    size_t i;
    int *first, warned = 0;

    j->by_no = NULL;
    j->max_no = 0;
    for (i = 0; i < ev->n_people; i++)
        if (start_no_applies(&ev->people[i], j->s->id) &&
            ev->people[i].start_no > j->max_no)
            j->max_no = ev->people[i].start_no;
    if (!j->max_no)
        return;
    j->by_no = xmallocarray((size_t)j->max_no + 1, sizeof(int));
    first = xmallocarray((size_t)j->max_no + 1, sizeof(int));
    for (i = 0; i <= (size_t)j->max_no; i++)
        j->by_no[i] = first[i] = -1;
    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        if (!start_no_applies(p, j->s->id))
            continue;
        if (first[p->start_no] < 0)
            first[p->start_no] = (int)i;
        else
            start_number_twice(j, &ev->people[first[p->start_no]], p, &warned);
        j->by_no[p->start_no] = j->by_no[p->start_no] == -1 ? (int)i : -2;
    }
    free(first);
}

/* The person with the player's start number, or -1. */
static int by_start_no(const struct join *j, const struct player *pl)
{
    if (!j->by_no || pl->start_no < 1 || pl->start_no > j->max_no)
        return -1;
    return j->by_no[pl->start_no] >= 0 ? j->by_no[pl->start_no] : -1;
}

static int person_keys_agree(const struct person *p, const char *key)
{
    size_t a;

    for (a = 0; a < p->n_aliases; a++)
        if (keys_agree(key, p->alias_keys[a]))
            return 1;
    return keys_agree(key, p->key) || keys_agree(key, p->key_full);
}

/*
 * Keep the candidates (n) of the player's birth year, each once in
 * registry order, and those entered for the section when there are any.
 */
static size_t cand_filter(struct join *j, size_t n, int year)
{
    const struct event *ev = j->ev;
    size_t a, k, n_entered = 0;

    qsort(j->cand, n, sizeof(*j->cand), cmp_size);
    for (a = k = 0; a < n; a++) {
        const struct person *p = &ev->people[j->cand[a]];
        if (year && p->birth_year && year != p->birth_year)
            continue;
        if (!k || j->cand[k - 1] != j->cand[a])
            j->cand[k++] = j->cand[a];
    }
    n = k;
    for (a = 0; a < n; a++)
        if (person_entered(&ev->people[j->cand[a]], j->s->id))
            j->cand[n_entered++] = j->cand[a];
    return n_entered ? n_entered : n;
}

/* Candidates whose key is key (exact) or starts with it (prefix); by
   the keys with umlauts read when umlauts. */
static size_t cand_by_key(struct join *j, const char *key, int prefix,
                          int umlauts)
{
    const struct people_index *pi = j->pi;
    const struct ix *ix = umlauts ? pi->umlauts : pi->names;
    size_t nix = umlauts ? pi->n_umlauts : pi->n_names;
    size_t k, n = 0, len = strlen(key);

    for (k = ix_lower(ix, nix, key); k < nix; k++) {
        const char *pk = ix[k].key;
        if (prefix ? strncmp(pk, key, len) : strcmp(pk, key))
            break;
        j->cand[n++] = ix[k].person;
    }
    return n;
}

/*
 * The candidates of key (exact, or prefix), else of ukey (the same name
 * with umlauts read) among the people's names with umlauts read; filtered
 * by the birth year.
 */
static size_t cand_find(struct join *j, const char *key, const char *ukey,
                        int prefix, int year)
{
    size_t n = cand_filter(j, cand_by_key(j, key, prefix, 0), year);

    if (!n)
        n = cand_filter(j, cand_by_key(j, ukey, prefix, 1), year);
    return n;
}

/* Cut off the last word of key when it is a title cut short. */
static void drop_title_start(struct strbuf *key)
{
    char *last = strrchr(key->buf, ' ');

    if (last && name_is_title_start(last + 1, strlen(last + 1)))
        strbuf_setlen(key, (size_t)(last - key->buf));
}

/* Name up to three registry people nearest to key into msg, flag them;
   their rows into lines; how many. */
static unsigned nearest_people(struct join *j, const char *key,
                               struct strbuf *msg, unsigned lines[3])
{
    const struct event *ev = j->ev;
    size_t max = 3 + strlen(key) / 10, best[3], dist[3], n = 0, i, k;
    struct strbuf name = STRBUF_INIT, cut = STRBUF_INIT;

    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        size_t d = edit_distance(key, p->key, max), d2;
        if (p->n_sections && !person_entered(p, j->s->id))
            continue;
        /* The results name may be a registry name cut short. */
        strbuf_reset(&cut);
        strbuf_add(&cut, p->key_full,
                   strlen(key) < strlen(p->key_full) ? strlen(key)
                                                     : strlen(p->key_full));
        d2 = edit_distance(key, cut.buf, max) + 1;
        if (d2 < d)
            d = d2;
        if (d > max)
            continue;
        /* Keep the three nearest, in order of distance, earlier rows
           first. */
        if (n == 3 && dist[2] <= d)
            continue;
        k = n < 3 ? n++ : 2;
        for (; k > 0 && dist[k - 1] > d; k--) {
            best[k] = best[k - 1];
            dist[k] = dist[k - 1];
        }
        best[k] = i;
        dist[k] = d;
    }
    for (k = 0; k < n; k++) {
        strbuf_reset(&name);
        person_full_name(&ev->people[best[k]], &name);
        strbuf_addf(msg, _("%s'%s' (line %u)"), k ? ", " : _("; the nearest: "),
                    name.buf, ev->people[best[k]].at.line);
        j->s->named[best[k]] = 1;
        lines[k] = ev->people[best[k]].at.line;
    }
    strbuf_release(&name);
    strbuf_release(&cut);
    return (unsigned)n;
}

/* The section's players whose start number names another person in the
 * registry; 1 when the column is not the section's start numbers. */
static int start_numbers_foreign(struct join *j)
{
    struct tournament *t = j->s->t;
    size_t i, n_with = 0, n_other = 0;
    const struct person *first = NULL;

    if (!j->by_no)
        return 0;
    for (i = 0; i < t->n_players; i++) {
        int p = by_start_no(j, &t->players[i]);
        if (p < 0)
            continue;
        n_with++;
        strbuf_reset(&j->key);
        name_join_key(&j->key, t->players[i].name);
        if (!person_keys_agree(&j->ev->people[p], j->key.buf)) {
            n_other++;
            if (!first)
                first = &j->ev->people[p];
        }
    }
    if (n_other * 2 <= n_with)
        return 0;
    diag_warning(j->dl, first->at.file, first->at.line,
                 first->start_no_col ? first->start_no_col : 1,
                 "the start numbers of the registry are not those of section "
                 "'%s' (%zu of %zu players have another name there); the "
                 "section is joined by names",
                 j->s->id, n_other, n_with);
    return 1;
}

/* The registry person of player i, reported when not found; or -1. */
static int join_player(struct join *j, size_t i, int use_numbers)
{
    struct event *ev = j->ev;
    struct section *s = j->s;
    struct tournament *t = s->t;
    struct player *pl = &t->players[i];
    const struct people_index *pi = j->pi;
    struct strbuf msg = STRBUF_INIT, name = STRBUF_INIT;
    size_t n = 0, k;
    int year = pl->birth_year, by_id = 0, found = -1, numbered, cut;

    if (*pl->fide_id && strcmp(pl->fide_id, "0")) {
        for (k = ix_find(pi->ids, pi->n_ids, pl->fide_id);
             k < pi->n_ids && !strcmp(pi->ids[k].key, pl->fide_id); k++)
            j->cand[n++] = pi->ids[k].person;
        by_id = n > 0;
        if (n) {
            n = cand_filter(j, n, 0);
            goto decide;
        }
    }
    strbuf_reset(&j->key);
    name_join_key(&j->key, pl->name);
    strbuf_reset(&j->ukey);
    name_join_key_umlauts(&j->ukey, pl->name);
    numbered = use_numbers ? by_start_no(j, pl) : -1;
    if (numbered >= 0) {
        const struct person *p = &ev->people[numbered];
        if (person_keys_agree(p, j->key.buf)) {
            found = numbered;
            goto out;
        }
        person_full_name(p, &name);
        diag_error(j->dl, t->source, pl->line, name_col(s, pl),
                   "player %d '%s' has start number %d, which %s line %u "
                   "gives to '%s'",
                   pl->start_no, pl->name, pl->start_no, ev->registry_file,
                   p->at.line, name.buf);
        s->named[numbered] = 1;
        /* Reported once: the name may still find him. */
        n = cand_find(j, j->key.buf, j->ukey.buf, 0, year);
        if (n == 1)
            found = (int)j->cand[0];
        goto out;
    }
    n = cand_find(j, j->key.buf, j->ukey.buf, 0, year);
    cut = utf8_len(pl->name) >= 12 ||
          (j->cut >= 8 && utf8_len(pl->name) == j->cut);
    if (!n && cut) {
        /* A title cut short at the end ("Böttcher,Frank,D" of "Dr.") is
           left out: the rest starts the registry's name. */
        drop_title_start(&j->key);
        drop_title_start(&j->ukey);
    }
    if (!n && j->key.len && cut) {
        n = cand_find(j, j->key.buf, j->ukey.buf, 1, year);
        if (n == 1) {
            person_full_name(&ev->people[j->cand[0]], &name);
            diag_warning(j->dl, t->source, pl->line, name_col(s, pl),
                         "player %d '%s' is taken for '%s' (%s line %u): "
                         "the name is cut short",
                         pl->start_no, pl->name, name.buf, ev->registry_file,
                         ev->people[j->cand[0]].at.line);
            found = (int)j->cand[0];
            goto out;
        }
        if (n > 1) {
            for (k = 0; k < n; k++)
                s->named[j->cand[k]] = 1;
            diag_error(j->dl, t->source, pl->line, name_col(s, pl),
                       "player %d '%s' is the start of %zu names of the "
                       "registry (lines %u and %u); give the FIDE ID, the "
                       "start number or the whole name",
                       pl->start_no, pl->name, n,
                       ev->people[j->cand[0]].at.line,
                       ev->people[j->cand[1]].at.line);
            goto out;
        }
    }
decide:
    if (!n) {
        unsigned lines[3], nl = nearest_people(j, j->key.buf, &msg, lines);
        diag_error(j->dl, t->source, pl->line, name_col(s, pl),
                   "player %d '%s' is not in the registry (%s)%s", pl->start_no,
                   pl->name, ev->registry_file, msg.buf);
        if (nl)
            diag_fix(j->dl, DIAG_FIX_ALIAS, pl->name, lines, nl);
    } else if (n > 1) {
        for (k = 0; k < n; k++)
            s->named[j->cand[k]] = 1;
        diag_error(j->dl, t->source, pl->line, name_col(s, pl),
                   "player %d '%s' matches %zu people of the registry "
                   "(lines %u and %u)%s",
                   pl->start_no, pl->name, n, ev->people[j->cand[0]].at.line,
                   ev->people[j->cand[1]].at.line,
                   by_id ? "" : _("; give the FIDE ID or the birth date"));
    } else {
        found = (int)j->cand[0];
    }
out:
    strbuf_release(&msg);
    strbuf_release(&name);
    return found;
}

/*
 * Join the players of a section: by FIDE ID, else by the registry's start
 * number (when its name agrees), else by the join key (exact, then a
 * unique registry name the results name starts, cut short by the pairing
 * program); each failure is reported once, naming the nearest people.
 */
static void join_section(struct event *ev, struct section *s,
                         const struct people_index *pi, struct diag_list *dl)
{
    struct tournament *t = s->t;
    struct join j;
    size_t i;
    int use_numbers;

    memset(&j, 0, sizeof(j));
    j.ev = ev;
    j.s = s;
    j.pi = pi;
    j.dl = dl;
    /* As many as a key's prefix may find: every entry of an index. */
    j.cand = xmallocarray((pi->n_names > pi->n_umlauts ? pi->n_names
                                                       : pi->n_umlauts) +
                              pi->n_ids + 1,
                          sizeof(size_t));
    strbuf_init(&j.key, 64);
    strbuf_init(&j.ukey, 64);
    s->person = arena_alloc(&ev->arena, sizeof(int) * (t->n_players + 1));
    s->named = arena_alloc(&ev->arena, ev->n_people + 1);
    memset(s->named, 0, ev->n_people + 1);
    for (i = 0; i < t->n_players; i++)
        if (utf8_len(t->players[i].name) > j.cut)
            j.cut = utf8_len(t->players[i].name);
    start_numbers_make(&j);
    use_numbers = !start_numbers_foreign(&j);
    for (i = 0; i < t->n_players; i++) {
        s->person[i] = join_player(&j, i, use_numbers);
        if (s->person[i] >= 0)
            complete_player(t, &t->players[i], &ev->people[s->person[i]]);
    }
    free(j.by_no);
    free(j.cand);
    strbuf_release(&j.key);
    strbuf_release(&j.ukey);
}

void event_join(struct event *ev, struct diag_list *dl)
{
    struct people_index pi;
    size_t i;

    person_keys(ev);
    people_index_make(ev, &pi);
    for (i = 0; i < ev->n_sections; i++) {
        struct section *s = &ev->sections[i];
        if (!s->t || s->person)
            continue; /* none, or joined by its reader (match cards) */
        if (!ev->registry_file) {
            s->person =
                arena_alloc(&ev->arena, sizeof(int) * (s->t->n_players + 1));
            memset(s->person, 0xff, sizeof(int) * (s->t->n_players + 1));
            continue;
        }
        join_section(ev, s, &pi, dl);
    }
    people_index_release(&pi);
}

/* ----------------------------------------------------------------- check */

/* People who play: a flag per registry row. */
static char *players_in_results(const struct event *ev)
{
    char *plays = xcalloc(ev->n_people + 1, 1);
    size_t i, k;

    for (i = 0; i < ev->n_sections; i++) {
        const struct section *s = &ev->sections[i];
        if (!s->t || !s->person)
            continue;
        for (k = 0; k < s->t->n_players; k++)
            if (s->person[k] >= 0)
                plays[s->person[k]] = 1;
    }
    return plays;
}

/* The first person of each group that shares a key: ix sorted, for each
 * person the index of the first one before him with his key, or -1. */
static void first_alike(const struct ix *ix, size_t n, long *first)
{
    size_t i = 0, k;

    while (i < n) {
        for (k = i + 1; k < n && !strcmp(ix[k].key, ix[i].key); k++)
            first[ix[k].person] = (long)ix[i].person;
        i = k;
    }
}

static void check_people(const struct event *ev, const char *plays,
                         struct diag_list *dl)
{
    struct strbuf name = STRBUF_INIT, kb = STRBUF_INIT;
    struct ix *ids = xmallocarray(ev->n_people + 1, sizeof(*ids));
    struct ix *names = xmallocarray(ev->n_people + 1, sizeof(*names));
    long *same_id = xmallocarray(ev->n_people + 1, sizeof(long));
    long *same_name = xmallocarray(ev->n_people + 1, sizeof(long));
    char **keys = xcalloc(ev->n_people + 1, sizeof(char *));
    size_t i, n_ids = 0;

    /* Each person's full name key with his birth year, once. */
    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        struct strbuf k = STRBUF_INIT;
        if (p->key_full) {
            strbuf_addstr(&k, p->key_full);
        } else {
            strbuf_reset(&kb);
            strbuf_addf(&kb, "%s %s %s", p->surname, p->given, p->patronymic);
            name_key(&k, kb.buf);
        }
        strbuf_addf(&k, "|%d", p->birth_year);
        keys[i] = strbuf_detach(&k, NULL);
        names[i].key = keys[i];
        names[i].person = i;
        same_id[i] = same_name[i] = -1;
        if (*p->fide_id) {
            ids[n_ids].key = p->fide_id;
            ids[n_ids++].person = i;
        }
    }
    qsort(ids, n_ids, sizeof(*ids), cmp_ix);
    qsort(names, ev->n_people, sizeof(*names), cmp_ix);
    first_alike(ids, n_ids, same_id);
    first_alike(names, ev->n_people, same_name);
    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        long jf = same_id[i], jn = same_name[i];
        strbuf_reset(&name);
        person_name(p, &name);
        /* The first earlier row that is the same person, as the rows go. */
        if (jf >= 0 && (jn < 0 || jf <= jn))
            diag_error(dl, p->at.file, p->at.line, 1,
                       "FIDE ID %s is given twice (first at line %u)",
                       p->fide_id, ev->people[jf].at.line);
        else if (jn >= 0)
            diag_error(dl, p->at.file, p->at.line, 1,
                       "'%s' is listed twice (first at line %u)", name.buf,
                       ev->people[jn].at.line);
        if (!plays[i])
            continue;
        if (ev->born_from && !p->birth_year)
            diag_error(dl, p->at.file, p->at.line,
                       p->birth_col ? p->birth_col : 1,
                       "'%s' has no birth date; the age group (born in %d "
                       "or later) needs one",
                       name.buf, ev->born_from);
        else if (ev->born_from && p->birth_year < ev->born_from)
            diag_error(dl, p->at.file, p->at.line,
                       p->birth_col ? p->birth_col : 1,
                       "'%s' was born in %d; the age group admits players "
                       "born in %d or later",
                       name.buf, p->birth_year, ev->born_from);
    }
    for (i = 0; i < ev->n_people; i++)
        free(keys[i]);
    free(keys);
    free(ids);
    free(names);
    free(same_id);
    free(same_name);
    strbuf_release(&name);
    strbuf_release(&kb);
}

/* Entries of the registry's section column that the results do not show. */
static void check_entries(const struct event *ev, struct diag_list *dl)
{
    struct strbuf name = STRBUF_INIT;
    size_t i, k, m;

    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        for (k = 0; k < p->n_sections; k++) {
            const struct section *s = event_section(ev, p->sections[k]);
            int found = 0;
            if (!s) {
                diag_error(dl, p->at.file, p->at.line, p->sections_col,
                           "unknown section '%s' (event.ini has no "
                           "[section %s])",
                           p->sections[k], p->sections[k]);
                continue;
            }
            if (!s->t || !s->person || (s->named && s->named[i]))
                continue;
            if (s->system == SYS_TEAM && *p->team)
                continue; /* a reserve of his team's entry */
            for (m = 0; m < s->t->n_players && !found; m++)
                found = s->person[m] == (int)i;
            if (!found) {
                strbuf_reset(&name);
                person_name(p, &name);
                diag_warning(dl, p->at.file, p->at.line, p->sections_col,
                             "'%s' is entered for section '%s' but has no "
                             "results there",
                             name.buf, s->id);
            }
        }
    }
    strbuf_release(&name);
}

static void check_section(const struct event *ev, size_t si, int *first_in_disc,
                          struct diag_list *dl)
{
    const struct section *s = &ev->sections[si];
    const struct tournament *t = s->t;
    struct strbuf name = STRBUF_INIT;
    size_t k, m;

    for (k = 0; k < t->n_players; k++) {
        const struct player *pl = &t->players[k];
        int pi = s->person[k];
        const struct person *p;
        if (pi < 0)
            continue;
        p = &ev->people[pi];
        strbuf_reset(&name);
        person_name(p, &name);
        if (s->sex && p->sex && s->sex != p->sex)
            diag_error(dl, t->source, pl->line, name_col(s, pl),
                       "player %d '%s' is a %s (players.csv line %u) but "
                       "plays in section '%s'",
                       pl->start_no, name.buf,
                       p->sex == 'f' ? _("girl") : _("boy"), p->at.line, s->id);
        for (m = 0; m < k; m++)
            if (s->person[m] == pi) {
                diag_error(dl, t->source, pl->line, name_col(s, pl),
                           "players %d and %d are the same person '%s' "
                           "(players.csv line %u)",
                           t->players[m].start_no, pl->start_no, name.buf,
                           p->at.line);
                break;
            }
        if (m == k && s->discipline != DISC_OTHER) {
            int *first = &first_in_disc[(size_t)pi * 3 + s->discipline];
            /* A qualifying stage's players go on to another section. */
            if (*first >= 0 && (size_t)*first != si &&
                !s->qualify_places && !ev->sections[*first].qualify_places)
                diag_error(dl, t->source, pl->line, name_col(s, pl),
                           "player %d '%s' also plays in section '%s' of the "
                           "same discipline",
                           pl->start_no, name.buf, ev->sections[*first].id);
            else
                *first = (int)si;
        }
    }
    if (s->rounds && t->n_rounds > s->rounds)
        diag_error(dl, s->at.file, s->at.line, s->at.col,
                   "section '%s' has %d rounds in event.ini, but its "
                   "results have %d",
                   s->id, s->rounds, t->n_rounds);
    strbuf_release(&name);
}

/* Tournament dates (TRF 042/052) outside the event's dates. */
static void check_dates(const struct event *ev, const struct section *s,
                        struct diag_list *dl)
{
    static const char *const codes[] = {"042", "052"};
    /* The section's own days when it gives them. */
    const struct date *start = date_valid(&s->start) ? &s->start : &ev->start;
    const struct date *end = date_valid(&s->end) ? &s->end : &ev->end;
    size_t i;

    if (!date_valid(start) || !date_valid(end))
        return;
    for (i = 0; i < 2; i++) {
        const struct record *r = tournament_record(s->t, codes[i]);
        struct date d;
        if (!r || date_parse(r->text, &d))
            continue;
        if (date_cmp(&d, start) < 0 || date_cmp(&d, end) > 0) {
            struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
            date_format_ua(&a, start);
            date_format_ua(&b, end);
            if (date_cmp(start, &ev->start) || date_cmp(end, &ev->end))
                diag_warning(dl, s->t->source, r->line, 5,
                             "date '%s' is outside the section's days (%s - "
                             "%s)",
                             r->text, a.buf, b.buf);
            else
                diag_warning(dl, s->t->source, r->line, 5,
                             "date '%s' is outside the event (%s - %s)",
                             r->text, a.buf, b.buf);
            strbuf_release(&a);
            strbuf_release(&b);
        }
    }
}

void event_check(const struct event *ev, struct diag_list *dl)
{
    char *plays = players_in_results(ev);
    int *first = xmallocarray(ev->n_people * 3 + 1, sizeof(int));
    size_t i;

    for (i = 0; i < ev->n_people * 3; i++)
        first[i] = -1;
    check_people(ev, plays, dl);
    check_entries(ev, dl);
    mandate_check(ev, dl);
    for (i = 0; i < ev->n_sections; i++) {
        const struct section *s = &ev->sections[i];
        if (!s->t)
            continue;
        check_dates(ev, s, dl);
        if (s->person)
            check_section(ev, i, first, dl);
    }
    free(first);
    free(plays);
}

const struct person *section_person(const struct event *ev,
                                    const struct section *sec, int p)
{
    if (!ev || !sec || !sec->person || p < 0 || sec->person[p] < 0 ||
        (size_t)sec->person[p] >= ev->n_people)
        return NULL;
    return &ev->people[sec->person[p]];
}

/* 1 when the part (len bytes) holds word. */
static int part_has(const char *part, size_t len, const char *word)
{
    size_t n = strlen(word), i;

    for (i = 0; i + n <= len; i++)
        if (!memcmp(part + i, word, n))
            return 1;
    return 0;
}

/* The category one part of a position names, or ARB_NONE. */
static enum arbiter_category part_category(const char *part, size_t len)
{
    /* Most specific first: "ІІІ" holds "ІІ" and "І". */
    static const struct {
        const char *text;
        enum arbiter_category c;
    } words[] = {
        {"міжнародн", ARB_INTERNATIONAL},
        {"Міжнародн", ARB_INTERNATIONAL},
        {"арбітр ФІДЕ", ARB_INTERNATIONAL},
        {"Арбітр ФІДЕ", ARB_INTERNATIONAL},
        {"арбітр FIDE", ARB_INTERNATIONAL},
        {"FIDE Arbiter", ARB_INTERNATIONAL},
        {"FIDE arbiter", ARB_INTERNATIONAL},
        {"International Arbiter", ARB_INTERNATIONAL},
        {"International arbiter", ARB_INTERNATIONAL},
        {"національн", ARB_NATIONAL},
        {"Національн", ARB_NATIONAL},
        {"ІІІ категор", ARB_III},
        {"III категор", ARB_III},
        {"ІІ категор", ARB_II},
        {"II категор", ARB_II},
        {"І категор", ARB_I},
        {"I категор", ARB_I},
        {"першої категор", ARB_I},
        {"другої категор", ARB_II},
        {"третьої категор", ARB_III},
        {"юний суддя", ARB_YOUNG},
        {"Юний суддя", ARB_YOUNG},
        {"юного судді", ARB_YOUNG},
        {"ФІДЕ", ARB_INTERNATIONAL},
        {"FIDE", ARB_INTERNATIONAL},
    };
    size_t i;

    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (part_has(part, len, words[i].text))
            return words[i].c;
    /* "IA", "FA": the FIDE titles of arbiters, alone. */
    if (len == 2 && (!memcmp(part, "IA", 2) || !memcmp(part, "FA", 2)))
        return ARB_INTERNATIONAL;
    return ARB_NONE;
}

/* 1 when a part reads as a category, known or not. */
static int part_looks_category(const char *part, size_t len)
{
    static const char *const words[] = {"категор", "арбітр", "Арбітр",
                                        "rbiter"};
    size_t i;

    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (part_has(part, len, words[i]))
            return 1;
    return 0;
}

/* The roles a position may run into its category without a comma. */
static size_t role_prefix(const char *part, size_t len)
{
    static const char *const roles[] = {
        "заступник головного судді", "заступник головного секретаря",
        "головний суддя", "головний секретар", "Заступник головного судді",
        "Заступник головного секретаря", "Головний суддя",
        "Головний секретар"};
    size_t i, n;

    for (i = 0; i < sizeof(roles) / sizeof(roles[0]); i++) {
        n = strlen(roles[i]);
        if (len > n + 1 && !strncmp(part, roles[i], n) && part[n] == ' ' &&
            part_looks_category(part + n + 1, len - n - 1))
            return n;
    }
    return 0;
}

static void add_part(struct strbuf *to, const char *s, size_t len)
{
    if (!to)
        return;
    if (to->len)
        strbuf_addstr(to, ", ");
    strbuf_add(to, s, len);
}

enum arbiter_category signatory_split(const char *position,
                                      struct strbuf *role,
                                      struct strbuf *category, int *unknown)
{
    enum arbiter_category best = ARB_NONE, c;
    const char *p = position ? position : "";

    while (*p) {
        const char *end = p + strcspn(p, ",;");
        const char *a = p, *b = end;
        size_t r;
        while (a < b && (*a == ' ' || *a == '\t'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '.'))
            b--;
        if ((r = role_prefix(a, (size_t)(b - a))) != 0) {
            add_part(role, a, r);
            a += r + 1;
        }
        if (b > a) {
            c = part_category(a, (size_t)(b - a));
            if (c != ARB_NONE || part_looks_category(a, (size_t)(b - a))) {
                /* "національної категорії" alone: the judge's. */
                if (category && c >= ARB_III && c <= ARB_NATIONAL &&
                    !part_has(a, (size_t)(b - a), "суддя")) {
                    add_part(category, "суддя ", strlen("суддя "));
                    strbuf_add(category, a, (size_t)(b - a));
                } else {
                    add_part(category, a, (size_t)(b - a));
                }
                if (c == ARB_NONE && unknown)
                    *unknown = 1;
            } else {
                add_part(role, a, (size_t)(b - a));
            }
            if (c > best)
                best = c;
        }
        p = *end ? end + 1 : end;
    }
    if (role && role->len) {
        /* The role opens the line: "Головний суддя". */
        struct strbuf up = STRBUF_INIT;
        utf8_capitalise(&up, role->buf);
        strbuf_reset(role);
        strbuf_addbuf(role, &up);
        strbuf_release(&up);
    }
    return best;
}

enum arbiter_category arbiter_category(const char *position)
{
    return signatory_split(position, NULL, NULL, NULL);
}

void signatory_title(const struct signatory *s, const char *def_role,
                     struct strbuf *out)
{
    struct strbuf role = STRBUF_INIT, cat = STRBUF_INIT;

    signatory_split(s->position, &role, &cat, NULL);
    strbuf_addstr(out, role.len ? role.buf : def_role ? def_role : "");
    if (cat.len) {
        if (out->len)
            strbuf_addstr(out, ", ");
        strbuf_addbuf(out, &cat);
    }
    strbuf_release(&role);
    strbuf_release(&cat);
}

const struct signatory **event_diploma_signers(const struct event *ev,
                                               size_t *n)
{
    const struct signatory **out =
        xcalloc(ev->n_diploma_signatories + 1, sizeof(*out));
    size_t i, m = 0;

    for (i = 0; i < ev->n_diploma_signatories; i++)
        if (ev->diploma_signatories[i].name &&
            *ev->diploma_signatories[i].name)
            out[m++] = &ev->diploma_signatories[i];
    if (!m && ev->chief_arbiter.name && *ev->chief_arbiter.name)
        out[m++] = &ev->chief_arbiter;
    *n = m;
    return out;
}

const struct signatory **event_panel(const struct event *ev, size_t *n)
{
    const struct signatory **out =
        xcalloc(ev->n_arbiters + 4, sizeof(*out));
    const struct signatory *first[3];
    size_t i, m = 0;

    first[0] = &ev->chief_arbiter;
    first[1] = &ev->deputy_arbiter;
    first[2] = &ev->chief_secretary;
    for (i = 0; i < 3; i++)
        if (first[i]->name && *first[i]->name)
            out[m++] = first[i];
    for (i = 0; i < ev->n_arbiters; i++)
        if (ev->arbiters[i].name && *ev->arbiters[i].name)
            out[m++] = &ev->arbiters[i];
    *n = m;
    return out;
}

char player_sex(const struct person *pe, const struct player *p,
                const struct section *sec)
{
    if (pe && (pe->sex == 'm' || pe->sex == 'f'))
        return pe->sex;
    if (p && p->sex == 'm')
        return 'm';
    if (p && (p->sex == 'w' || p->sex == 'f'))
        return 'f';
    return sec && (sec->sex == 'm' || sec->sex == 'f') ? sec->sex : 0;
}

enum panel_ranks event_panel_ranks(const struct event *ev)
{
    size_t n, i, first = 0, second = 0;
    const struct signatory **pn = event_panel(ev, &n);

    for (i = 0; i < n; i++) {
        enum arbiter_category c = signatory_split(pn[i]->position, NULL, NULL,
                                                  NULL);
        first += c >= ARB_I;
        second += c >= ARB_II;
    }
    free(pn);
    return first >= 3 ? PANEL_ALL_RANKS
           : second >= 3 ? PANEL_BELOW_KMS
                         : PANEL_NO_RANKS;
}

int panel_counts_rank(enum panel_ranks p, int rank_class)
{
    int level = rank_class_level(rank_class);

    if (!level)
        return 0;
    return level >= RANK_LEVEL_KMS ? p == PANEL_ALL_RANKS
                                   : p != PANEL_NO_RANKS;
}

int event_awarding_body(const struct event *ev, size_t i, struct strbuf *out)
{
    const char *p = ev->awarding_bodies && *ev->awarding_bodies
                        ? ev->awarding_bodies
                        : ev->organisers ? ev->organisers : "";
    size_t k = 0;

    while (*p) {
        const char *end = p + strcspn(p, ";");
        const char *a = p, *b = end;
        while (a < b && *a == ' ')
            a++;
        while (b > a && b[-1] == ' ')
            b--;
        if (b > a && k++ == i) {
            strbuf_add(out, a, (size_t)(b - a));
            return 1;
        }
        p = *end ? end + 1 : end;
    }
    return 0;
}

void person_decline(const struct person *pe, const char *given,
                    const char *surname, char sex, int c, struct strbuf *g,
                    struct strbuf *s)
{
    const char *gf = NULL, *sf = NULL;

    if (pe) {
        gf = c == NAME_GENITIVE ? pe->given_gen : pe->given_dat;
        sf = c == NAME_GENITIVE ? pe->surname_gen : pe->surname_dat;
    }
    if (gf && *gf)
        strbuf_addstr(g, gf);
    else
        decline_given(given, sex, (enum name_case)c, g);
    if (sf && *sf)
        strbuf_addstr(s, sf);
    else
        decline_surname(surname, sex, (enum name_case)c, s);
}

int event_youth(const struct event *ev)
{
    return ev->born_from > 0 || (ev->age_group && *ev->age_group);
}

size_t event_people(const struct event *ev,
                    const struct section *const *secs, size_t n,
                    size_t *entries)
{
    unsigned char *seen = xcalloc(ev->n_people + 1, 1);
    size_t i, k, people = 0, all = 0;

    for (i = 0; i < n; i++) {
        const struct section *s = secs[i];
        for (k = 0; s->t && k < s->t->n_players; k++) {
            int pi = s->person ? s->person[k] : -1;
            all++;
            if (pi < 0 || (size_t)pi >= ev->n_people || !seen[pi]++)
                people++;
        }
    }
    free(seen);
    if (entries)
        *entries = all;
    return people;
}

int person_foreign(const struct person *pe)
{
    return pe && pe->federation && *pe->federation &&
           strcmp(pe->federation, "UKR") != 0;
}

const char *person_region(const struct person *pe)
{
    if (!pe)
        return "";
    if (person_foreign(pe))
        return pe->federation;
    if (pe->region >= 0)
        return region_get(pe->region)->name;
    return pe->region_text ? pe->region_text : "";
}

/* The category of an event: "U10" from "до 10 років", else from the year
 * of the oldest admitted players; "" for an open event. */
void event_category(const struct event *ev, struct strbuf *out)
{
    const char *s = ev->age_group;

    for (; s && *s; s++)
        if (*s >= '0' && *s <= '9') {
            int n = 0;
            while (*s >= '0' && *s <= '9' && n < 1000)
                n = n * 10 + (*s++ - '0');
            strbuf_addf(out, "U%d", n);
            return;
        }
    if (ev->born_from > 0 && date_valid(&ev->start))
        strbuf_addf(out, "U%d", ev->start.y - ev->born_from);
}

