/* tests/unit/t-mandate: the mandate commission (core/mandate) on an event
 * made in memory: every rule of admission alone, the documents required
 * by default and as chosen, the fees of the disciplines entered, the
 * counts; and the rank classes the registry's spellings give.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/event.h"
#include "core/mandate.h"
#include "core/region.h"
#include "ingest/registry.h"

/* A person admitted by every rule: born 2013, І юн., every document. */
static struct person *add(struct event *ev, const char *surname, char sex)
{
    static const char *const secs[] = {"classic", "rapid"};
    struct person *p = event_add_person(ev);

    p->surname = surname;
    p->given = "Тест";
    p->sex = sex;
    p->birth_year = 2013;
    p->region = region_find("Львівська");
    p->rank = "І юн.";
    p->rank_class = registry_rank_class(p->rank);
    p->sections = (const char **)secs;
    p->n_sections = 2;
    p->checks.identity = p->checks.medical = 1;
    p->checks.insurance = p->checks.fee = 1;
    p->check_col[0] = p->check_col[1] = p->check_col[2] = 13;
    p->check_col[3] = 16;
    return p;
}

static struct event *make_event(void)
{
    struct event *ev = event_new();
    struct section *s;

    s = event_add_section(ev);
    s->id = "classic";
    s->discipline = DISC_CLASSIC;
    s = event_add_section(ev);
    s->id = "rapid";
    s->discipline = DISC_RAPID;
    ev->born_from = 2013;
    ev->mandate.min_rank = "ІІІ юн.";
    ev->mandate.min_rank_class = registry_rank_class("ІІІ юн.");
    ev->mandate.citizens_only = 1;
    ev->mandate.fee[DISC_CLASSIC] = 200;
    ev->mandate.fee[DISC_RAPID] = 100;
    return ev;
}

/* The refusals of the last person added. */
static unsigned refused_last(const struct event *ev)
{
    struct mandate_result m;
    unsigned r;

    mandate_compute(ev, &m);
    r = m.entries[m.n - 1].refused;
    mandate_release(&m);
    return r;
}

static void rules(void)
{
    struct event *ev = make_event();
    struct person *p;

    add(ev, "Допущений", 'm');
    is_int((int)refused_last(ev), 0, "every rule met: admitted");
    p = add(ev, "Старший", 'm');
    p->birth_year = 2012;
    is_int((int)refused_last(ev), 1 << REFUSE_BORN, "born before born-from");
    p->birth_year = 0;
    is_int((int)refused_last(ev), 1 << REFUSE_NO_BIRTH, "no birth year");
    p->birth_year = 2013;
    p->rank_class = registry_rank_class("б/р");
    is_int((int)refused_last(ev), 1 << REFUSE_RANK, "б/р below ІІІ юн.");
    p->rank_class = -1;
    is_int((int)refused_last(ev), 1 << REFUSE_NO_RANK, "no rank");
    p->rank_class = -2;
    is_int((int)refused_last(ev), 1 << REFUSE_RANK_UNKNOWN,
           "a rank not recognised");
    p->rank_class = registry_rank_class("ІІІ юн.");
    is_int((int)refused_last(ev), 0, "the minimum itself is admitted");
    p->federation = "GER";
    is_int((int)refused_last(ev), 1 << REFUSE_CITIZEN, "GER, citizens only");
    ev->mandate.citizens_only = 0;
    is_int((int)refused_last(ev), 0, "GER, anyone admitted");
    p->federation = "UKR";
    p->checks.insurance = 0;
    p->checks.medical = -1;
    is_int((int)refused_last(ev),
           1 << REFUSE_MEDICAL | 1 << REFUSE_INSURANCE,
           "insurance missing, medical not recorded");
    p->check_col[1] = p->check_col[2] = 0;
    is_int((int)refused_last(ev), 0,
           "documents without their column are not checked");
    p->check_col[1] = p->check_col[2] = 13;
    ev->mandate.documents = 1u << MANDATE_IDENTITY;
    ev->mandate.documents_set = 1;
    is_int((int)refused_last(ev), 0, "only identity required");
    ev->mandate.documents_set = 0;
    p->checks.medical = p->checks.insurance = 1;
    p->checks.fee = 0;
    is_int((int)refused_last(ev), 1 << REFUSE_FEE, "the fee not paid");
    ev->mandate.fee[DISC_CLASSIC] = ev->mandate.fee[DISC_RAPID] = 0;
    is_int((int)mandate_required(ev), 7,
           "no fee set: identity, medical, insurance required");
    is_int((int)refused_last(ev), 0, "no fee set: none due");
    event_free(ev);
}

static void counts(void)
{
    struct event *ev = make_event();
    struct mandate_result m;
    struct person *p;

    add(ev, "Перший", 'm');
    add(ev, "Друга", 'f');
    p = add(ev, "Третій", 'm');
    p->n_sections = 1; /* classic only */
    p = add(ev, "Відмова", 'f');
    p->checks.fee = 0;
    p->region = region_find("м. Київ");
    mandate_compute(ev, &m);
    is_int((int)m.total.m, 2, "admitted boys");
    is_int((int)m.total.f, 1, "admitted girls");
    is_int((int)m.total.refused, 1, "refused");
    is_int((int)m.by_section[0].m + (int)m.by_section[0].f, 3,
           "classic: three entries");
    is_int((int)m.by_section[1].m + (int)m.by_section[1].f, 2,
           "rapid: two entries (the boy in classic only is not one)");
    is_int((int)m.regions, 1, "one region with someone admitted");
    is_int((int)m.by_region[region_find("м. Київ")].refused, 1,
           "Kyiv: the refused girl");
    is_int((int)m.entries[0].fee_due, 300, "classic and rapid: 300 UAH");
    is_int((int)m.entries[2].fee_due, 200, "classic alone: 200 UAH");
    is_int((int)m.fees_due, 800, "due from those admitted");
    is_int((int)m.fees_collected, 800, "collected from those who paid");
    is_int(m.min_year, 2013, "the years from 2013");
    is_int((int)m.by_year[0].m, 2, "born 2013: two boys");
    is_int((int)m.by_rank[registry_rank_class("І юн.")].f, 1,
           "І юн.: one girl");
    mandate_release(&m);
    event_free(ev);
}

static void ranks(void)
{
    static const struct {
        const char *spelling, *label;
    } cases[] = {
        {"КМС", "КМС"},          {"кмс", "КМС"},
        {"I", "І розряд"},       {"1 р.", "І розряд"},
        {"II юн.", "ІІ юн. розряд"}, {"4", "І юн. розряд"},
        {"б/р", "без розряду"},  {"FM", "МФ"},
        {"WGM", "ГМж"},          {"МСМК", "МСМК"},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct rank_class *rc =
            rank_class_get(registry_rank_class(cases[i].spelling));
        is_str(rc ? rc->label : NULL, cases[i].label, "rank '%s'",
               cases[i].spelling);
    }
    is_int(registry_rank_class(""), -1, "no rank");
    is_int(registry_rank_class("майстер"), -2, "a rank not recognised");
    ok(rank_class_get(registry_rank_class("ІІІ"))->level >
           rank_class_get(registry_rank_class("І юн."))->level,
       "the adult ІІІ above the junior І");
    ok(rank_class_get(registry_rank_class("GM"))->level ==
           rank_class_get(registry_rank_class("МС"))->level,
       "GM counts as МС");
}

int main(void)
{
    rules();
    counts();
    ranks();
    return done_testing();
}
