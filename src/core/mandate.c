/* core/mandate: the mandate commission: admission and the protocol's
 * counts.
 * SPDX-License-Identifier: MIT
 */
#include "core/mandate.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/region.h"
#include "core/tournament.h"
#include "util/diag.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/*
 * The ranks of the Unified Sports Classification of Ukraine and the FIDE
 * titles, highest first; a title as every Ukrainian document writes it
 * (ГМ, ММ, МФ, КМ, ГМж, ММж, МФж, КМж: registry_rank() prints a title
 * of the registry so, whatever letters it was typed in).  For min-rank a title counts as МС (GM, IM,
 * WGM) or as КМС (the others).
 */
static const struct rank_class rank_classes[] = {
    {"ЗМСУ", 13},        {"МСМК", 12},         {"ГМ", 10},
    {"ММ", 10},          {"ГМж", 10},          {"МС", 10},
    {"МФ", 9},           {"ММж", 9},           {"КМ", 9},
    {"МФж", 9},          {"КМж", 9},           {"КМС", 9},
    {"І розряд", 8},     {"ІІ розряд", 7},     {"ІІІ розряд", 6},
    {"І юн. розряд", 5}, {"ІІ юн. розряд", 4}, {"ІІІ юн. розряд", 3},
    {"без розряду", 0},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

size_t rank_class_count(void)
{
    return N(rank_classes);
}

const struct rank_class *rank_class_get(int i)
{
    if (i < 0 || (size_t)i >= N(rank_classes))
        return NULL;
    return &rank_classes[i];
}

int rank_class_level(int i)
{
    const struct rank_class *rc = rank_class_get(i);

    return rc ? rc->level : 0;
}

int mandate_doc_state(const struct person *p, enum mandate_doc d)
{
    switch (d) {
    case MANDATE_IDENTITY:
        return p->checks.identity;
    case MANDATE_MEDICAL:
        return p->checks.medical;
    case MANDATE_INSURANCE:
        return p->checks.insurance;
    case MANDATE_FEE:
    case MANDATE_N_DOCS:
        break;
    }
    return p->checks.fee;
}

const char *mandate_doc_name(enum mandate_doc d)
{
    static const char *const names[] = {"identity", "medical", "insurance",
                                        "fee"};
    return d < MANDATE_N_DOCS ? names[d] : "";
}

long mandate_fee(const struct event *ev, int discipline)
{
    if (discipline < 0 || discipline > 2)
        return 0;
    return ev->mandate.fee[discipline];
}

unsigned mandate_required(const struct event *ev)
{
    const struct mandate_rules *r = &ev->mandate;
    unsigned req;

    if (r->documents_set)
        return r->documents;
    req = 1u << MANDATE_IDENTITY | 1u << MANDATE_MEDICAL |
          1u << MANDATE_INSURANCE;
    if (r->fee[0] || r->fee[1] || r->fee[2])
        req |= 1u << MANDATE_FEE;
    return req;
}

/* The sections person i entered: the registry's list, else the results'. */
static void entered(const struct event *ev, size_t i, struct mandate_entry *e)
{
    const struct person *p = &ev->people[i];
    size_t k, m, alloc = 0;

    for (k = 0; k < p->n_sections; k++) {
        const struct section *s = event_section(ev, p->sections[k]);
        size_t si;
        if (!s)
            continue;
        si = (size_t)(s - ev->sections);
        for (m = 0; m < e->n_sections && e->sections[m] != si; m++)
            ;
        if (m < e->n_sections)
            continue;
        ALLOC_GROW(e->sections, e->n_sections + 1, alloc);
        e->sections[e->n_sections++] = si;
    }
    if (p->n_sections)
        return;
    for (k = 0; k < ev->n_sections; k++) {
        const struct section *s = &ev->sections[k];
        if (!s->t || !s->person)
            continue;
        for (m = 0; m < s->t->n_players && s->person[m] != (int)i; m++)
            ;
        if (m == s->t->n_players)
            continue;
        ALLOC_GROW(e->sections, e->n_sections + 1, alloc);
        e->sections[e->n_sections++] = k;
    }
}

/* The reasons the commission refuses person p (fee_due set). */
static unsigned refusals(const struct event *ev, const struct person *p,
                         long fee_due)
{
    const struct mandate_rules *r = &ev->mandate;
    unsigned req = mandate_required(ev), why = 0;
    int d;

    if (ev->born_from && !p->birth_year)
        why |= 1u << REFUSE_NO_BIRTH;
    else if (ev->born_from && p->birth_year < ev->born_from)
        why |= 1u << REFUSE_BORN;
    if (r->min_rank_class >= 0) {
        int need = rank_classes[r->min_rank_class].level;
        if (p->rank_class == -1)
            why |= 1u << REFUSE_NO_RANK;
        else if (p->rank_class < 0)
            why |= 1u << REFUSE_RANK_UNKNOWN;
        else if (rank_classes[p->rank_class].level < need)
            why |= 1u << REFUSE_RANK;
    }
    if (r->citizens_only && *p->federation && strcmp(p->federation, "UKR"))
        why |= 1u << REFUSE_CITIZEN;
    for (d = 0; d < MANDATE_N_DOCS; d++) {
        if (!(req & 1u << d) || !p->check_col[d])
            continue;
        if (d == MANDATE_FEE && !fee_due)
            continue;
        if (mandate_doc_state(p, (enum mandate_doc)d) != 1)
            why |= 1u << (REFUSE_IDENTITY + d);
    }
    return why;
}

static void count(struct mandate_count *c, const struct person *p,
                  int admitted)
{
    if (!admitted)
        c->refused++;
    else if (p->sex == 'm')
        c->m++;
    else if (p->sex == 'f')
        c->f++;
    else
        c->other++;
}

void mandate_compute(const struct event *ev, struct mandate_result *m)
{
    size_t i, k, nreg = region_count();

    memset(m, 0, sizeof(*m));
    m->ev = ev;
    m->n = ev->n_people;
    m->entries = xcalloc(m->n + 1, sizeof(*m->entries));
    m->by_region = xcalloc(nreg + 1, sizeof(*m->by_region));
    m->by_section = xcalloc(ev->n_sections + 1, sizeof(*m->by_section));
    m->by_rank = xcalloc(N(rank_classes) + 1, sizeof(*m->by_rank));
    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        if (p->birth_year && (!m->min_year || p->birth_year < m->min_year))
            m->min_year = p->birth_year;
        if (p->birth_year > m->max_year)
            m->max_year = p->birth_year;
    }
    m->by_year = xcalloc(
        m->min_year ? (size_t)(m->max_year - m->min_year + 1) : 1,
        sizeof(*m->by_year));
    for (i = 0; i < ev->n_people; i++) {
        const struct person *p = &ev->people[i];
        struct mandate_entry *e = &m->entries[i];
        int ok;
        e->person = i;
        entered(ev, i, e);
        if (p->role && !strcmp(p->role, "coach")) {
            /* Only those who play are admitted or refused. */
            e->official = 1;
            m->officials++;
            continue;
        }
        for (k = 0; k < e->n_sections; k++)
            e->fee_due += mandate_fee(ev, ev->sections[e->sections[k]].discipline);
        e->refused = refusals(ev, p, e->fee_due);
        ok = !e->refused;
        count(&m->total, p, ok);
        count(person_foreign(p) ? &m->foreign
              : &m->by_region[p->region >= 0 ? (size_t)p->region : nreg],
              p, ok);
        count(p->birth_year ? &m->by_year[p->birth_year - m->min_year]
                            : &m->no_year,
              p, ok);
        count(&m->by_rank[p->rank_class >= 0 ? (size_t)p->rank_class
                                             : N(rank_classes)],
              p, ok);
        for (k = 0; k < e->n_sections; k++)
            count(&m->by_section[e->sections[k]], p, ok);
        if (ok)
            m->fees_due += e->fee_due;
        if (p->checks.fee == 1)
            m->fees_collected += e->fee_due;
    }
    for (i = 0; i < nreg; i++)
        if (m->by_region[i].m + m->by_region[i].f + m->by_region[i].other)
            m->regions++;
}

void mandate_release(struct mandate_result *m)
{
    size_t i;

    for (i = 0; i < m->n; i++)
        free(m->entries[i].sections);
    free(m->entries);
    free(m->by_region);
    free(m->by_section);
    free(m->by_year);
    free(m->by_rank);
    memset(m, 0, sizeof(*m));
}

/* ---------------------------------------------------------------- check */

static const char *const doc_words[] = {N_("passport or birth certificate"),
                                        N_("medical clearance"),
                                        N_("insurance"), N_("fee")};

/* Warn about the reasons of entry e (the age group's when warn_age). */
static void warn_entry(const struct event *ev, const struct mandate_entry *e,
                       int warn_age, struct strbuf *name, struct diag_list *dl)
{
    const struct person *p = &ev->people[e->person];
    const struct mandate_rules *r = &ev->mandate;
    const char *file = p->at.file;
    unsigned line = p->at.line, why = e->refused;
    unsigned rank_col = p->rank_col ? p->rank_col : 1;
    int d;

    strbuf_reset(name);
    person_name(p, name);
    if (warn_age && why & 1u << REFUSE_NO_BIRTH)
        diag_warning(dl, file, line, p->birth_col ? p->birth_col : 1,
                     "'%s' cannot be admitted: no birth date; the age group "
                     "(born in %d or later) needs one",
                     name->buf, ev->born_from);
    if (warn_age && why & 1u << REFUSE_BORN)
        diag_warning(dl, file, line, p->birth_col ? p->birth_col : 1,
                     "'%s' cannot be admitted: born in %d; the age group "
                     "admits players born in %d or later",
                     name->buf, p->birth_year, ev->born_from);
    if (why & 1u << REFUSE_NO_RANK)
        diag_warning(
            dl, file, line, rank_col,
            "'%s' cannot be admitted: no rank; min-rank admits '%s' or higher",
            name->buf, r->min_rank);
    if (why & 1u << REFUSE_RANK_UNKNOWN)
        diag_warning(dl, file, line, rank_col,
                     "'%s' cannot be admitted: rank '%s' not recognised; "
                     "min-rank admits '%s' or higher",
                     name->buf, p->rank, r->min_rank);
    if (why & 1u << REFUSE_RANK)
        diag_warning(
            dl, file, line, rank_col,
            "'%s' cannot be admitted: rank '%s' is below min-rank '%s'",
            name->buf, p->rank, r->min_rank);
    if (why & 1u << REFUSE_CITIZEN)
        diag_warning(dl, file, line, p->fed_col ? p->fed_col : 1,
                     "'%s' cannot be admitted: federation %s; citizens-only "
                     "admits citizens of Ukraine (UKR)",
                     name->buf, p->federation);
    for (d = 0; d < MANDATE_N_DOCS; d++) {
        int state = mandate_doc_state(p, (enum mandate_doc)d);
        if (!(why & 1u << (REFUSE_IDENTITY + d)))
            continue;
        if (d == MANDATE_FEE)
            diag_warning(dl, file, line, p->check_col[d],
                         "'%s' cannot be admitted: the fee of %ld UAH is %s",
                         name->buf, e->fee_due,
                         state ? _("not recorded as paid") : _("not paid"));
        else
            diag_warning(dl, file, line, p->check_col[d],
                         "'%s' cannot be admitted: %s %s", name->buf,
                         _(doc_words[d]),
                         state ? _("not recorded") : _("missing"));
    }
}

void mandate_check(const struct event *ev, struct diag_list *dl)
{
    struct strbuf name = STRBUF_INIT;
    struct mandate_result m;
    size_t i, k, j;

    mandate_compute(ev, &m);
    for (i = 0; i < m.n; i++) {
        const struct mandate_entry *e = &m.entries[i];
        int plays = 0;
        if (!e->refused)
            continue;
        /* event_check() reports the age of a player as an error. */
        for (k = 0; k < ev->n_sections && !plays; k++) {
            const struct section *s = &ev->sections[k];
            if (!s->t || !s->person)
                continue;
            for (j = 0; j < s->t->n_players && !plays; j++)
                plays = s->person[j] == (int)i;
        }
        warn_entry(ev, e, !plays, &name, dl);
    }
    mandate_release(&m);
    strbuf_release(&name);
}
