/* render/mandate: the mandate commission's documents: the regions' named
 * entries, the check of every participant's documents, and the
 * commission's protocol, from core/mandate's findings.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/mandate.h"
#include "core/region.h"
#include "render/doc.h"
#include "render/page.h"
#include "render/render.h"
#include "render/wording.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* A document of the commission being made. */
struct mdoc {
    struct doc d;
    struct doc_context dc;
    const struct event *ev;
    struct mandate_result m;
    size_t *order; /* the entries by region (in the regions' order), then
                      in the registry's order */
    struct strbuf tmp;
};

static const struct mandate_entry *entry(const struct mdoc *md, size_t k)
{
    return &md->m.entries[md->order[k]];
}

static const struct person *person_of(const struct mdoc *md,
                                      const struct mandate_entry *e)
{
    return &md->ev->people[e->person];
}

/* The region's index for sorting: no known region, then the foreign
   players, go last. */
static size_t region_key(const struct person *p)
{
    if (person_foreign(p))
        return region_count() + 1;
    return p->region >= 0 ? (size_t)p->region : region_count();
}

/* The [entries] key naming the group of region key r. */
static const char *region_group(size_t r)
{
    if (r < region_count())
        return "region";
    if (r == region_count())
        return "no-region";
    return "foreign";
}

static void sort_by_region(struct mdoc *md)
{
    size_t n = md->m.n, r, k = 0, i;

    md->order = xcalloc(n + 1, sizeof(size_t));
    for (r = 0; r <= region_count() + 1; r++)
        for (i = 0; i < n; i++)
            if (region_key(&md->ev->people[i]) == r)
                md->order[k++] = i;
}

static void mdoc_open(struct mdoc *md, const struct event *ev,
                      const char *what, const struct render_options *ro,
                      struct diag_list *dl)
{
    struct strbuf title = STRBUF_INIT, subtitle = STRBUF_INIT;

    memset(md, 0, sizeof(*md));
    md->ev = ev;
    strbuf_init(&md->tmp, 0);
    md->dc.event_title = ev->title;
    md->dc.organiser = ev->organisers;
    md->dc.start = ev->start;
    md->dc.end = ev->end;
    md->dc.city = ev->city;
    md->dc.venue = ev->venue;
    md->dc.chief_arbiter = ev->chief_arbiter.name;
    md->dc.chief_arbiter_position = ev->chief_arbiter.position;
    md->dc.chief_secretary = ev->chief_secretary.name;
    md->dc.chief_secretary_position = ev->chief_secretary.position;
    strbuf_addf(&title, "%s-title", what);
    strbuf_addf(&subtitle, "%s-subtitle", what);
    doc_open(&md->d, "mandate", title.buf, subtitle.buf, &md->dc, ro, dl);
    strbuf_release(&title);
    strbuf_release(&subtitle);
    mandate_compute(ev, &md->m);
    sort_by_region(md);
}

static enum err mdoc_close(struct mdoc *md, const char *path)
{
    enum err e = page_write_pdf(&md->d, path);

    doc_close(&md->d);
    mandate_release(&md->m);
    free(md->order);
    strbuf_release(&md->tmp);
    return e;
}

/* Add a paragraph of [section] key expanded (nothing when left out). */
static void add_text(struct mdoc *md, enum doc_part_kind kind,
                     const char *section, const char *key,
                     const struct template_var *vars, size_t n)
{
    strbuf_reset(&md->tmp);
    if (!doc_expand(&md->d, section, key, vars, n, &md->tmp))
        doc_add_text(&md->d, kind, md->tmp.buf);
}

/* Head the columns of sh with the keys of [section] (a NULL-ended list). */
static void head(struct mdoc *md, struct sheet *sh, const char *section,
                 const char *const *keys, const char *align)
{
    size_t c;

    for (c = 0; keys[c]; c++)
        sheet_set_col(sh, c, doc_str(&md->d, section, keys[c]),
                      align[c] == 'r'   ? ALIGN_RIGHT
                      : align[c] == 'c' ? ALIGN_CENTRE
                                        : ALIGN_LEFT,
                      align[c] == 'w'   ? SHEET_WRAP
                      : align[c] == 's' ? SHEET_SIGN
                                        : 0);
}

static void set_size(struct sheet *sh, size_t row, size_t col, size_t v)
{
    char n[24];

    snprintf(n, sizeof(n), "%zu", v);
    sheet_set_num(sh, row, col, n, (double)v);
}

/* "Прізвище Ім'я По батькові" (full) or "Прізвище Ім'я". */
static void full_name(struct strbuf *out, const struct person *p, int full)
{
    strbuf_addstr(out, p->surname);
    if (*p->given)
        strbuf_addf(out, " %s", p->given);
    if (full && *p->patronymic)
        strbuf_addf(out, " %s", p->patronymic);
}

static void birth_text(struct strbuf *out, const struct person *p)
{
    if (p->has_birth)
        date_format_ua(out, &p->birth);
    else if (p->birth_year)
        strbuf_addf(out, "%d", p->birth_year);
}

/* A hryvnia amount with a blank between thousands: "59 000". */
static void amount(struct strbuf *out, long v)
{
    char n[24];
    size_t len, i;

    snprintf(n, sizeof(n), "%ld", v);
    len = strlen(n);
    for (i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0 && n[i - 1] != '-')
            strbuf_addstr(out, "\xC2\xA0"); /* no-break space */
        strbuf_addch(out, n[i]);
    }
}

/* The reasons of e, in [reasons]' words, separated by "; ". */
static void reasons(struct mdoc *md, const struct mandate_entry *e,
                    struct strbuf *out)
{
    static const char *const keys[REFUSE_N] = {
        "born",     "no-birth", "rank",      "no-rank", "rank-unknown",
        "citizen",  "identity", "medical",   "insurance", "fee"};
    const struct person *p = person_of(md, e);
    char year[16], from[16];
    struct strbuf fee = STRBUF_INIT;
    struct template_var v[6];
    int r;

    snprintf(year, sizeof(year), "%d", p->birth_year);
    snprintf(from, sizeof(from), "%d", md->ev->born_from);
    amount(&fee, e->fee_due);
    v[0].name = "year";
    v[0].value = year;
    v[1].name = "born_from";
    v[1].value = from;
    v[2].name = "rank";
    v[2].value = p->rank;
    v[3].name = "min_rank";
    v[3].value = md->ev->mandate.min_rank;
    v[4].name = "federation";
    v[4].value = p->federation;
    v[5].name = "fee";
    v[5].value = fee.buf;
    for (r = 0; r < REFUSE_N; r++) {
        if (!(e->refused & 1u << r))
            continue;
        if (out->len)
            strbuf_addstr(out, "; ");
        doc_expand(&md->d, "reasons", keys[r], v, 6, out);
    }
    strbuf_release(&fee);
}

/* ------------------------------------------------------ named entries */

static const char *programme_key(int discipline)
{
    static const char *const keys[] = {"classic", "rapid", "blitz", "other"};
    return keys[discipline >= 0 && discipline <= 3 ? discipline : 3];
}

/* The disciplines e entered, each once: "класичні, бліц". */
static void programme(struct mdoc *md, const struct mandate_entry *e,
                      struct strbuf *out)
{
    int seen[4] = {0, 0, 0, 0};
    size_t k;

    for (k = 0; k < e->n_sections; k++) {
        int disc = (int)md->ev->sections[e->sections[k]].discipline;
        if (disc < 0 || disc > 3 || seen[disc]++)
            continue;
        strbuf_addf(out, "%s%s", out->len ? ", " : "",
                    doc_str(&md->d, "programme", programme_key(disc)));
    }
}

/* The officials (team coaches) among entries from..to, apart from the
   participants: [section] officials-heading over a table of their
   number, name, region and team. */
static void officials_table(struct mdoc *md, size_t from, size_t to,
                            const char *section, struct strbuf *sb)
{
    static const char *const cols[] = {"number", "name", "region", "team",
                                       NULL};
    struct sheet *sh;
    size_t k, row, n = 0;

    add_text(md, DOC_PART_HEADING, section, "officials-heading", NULL, 0);
    sh = doc_add_table(&md->d, 4);
    head(md, sh, "officials", cols, "rwlw");
    for (k = from; k < to; k++) {
        const struct mandate_entry *e = entry(md, k);
        const struct person *p = person_of(md, e);
        if (!e->official)
            continue;
        row = sheet_add_row(sh);
        set_size(sh, row, 0, ++n);
        strbuf_reset(sb);
        full_name(sb, p, 1);
        sheet_set(sh, row, 1, sb->buf);
        sheet_set(sh, row, 2, person_region(p));
        sheet_set(sh, row, 3, p->team ? p->team : "");
    }
}

/* The entry of region r (region_count(): no known region), from k. */
static size_t region_entry(struct mdoc *md, size_t k, int first)
{
    static const char *const cols[] = {"number",  "name",  "birth",
                                       "rank",    "fide-id", "club",
                                       "coach",   "sections", "doctor",
                                       NULL};
    const struct person *p0 = person_of(md, entry(md, k));
    size_t r = region_key(p0), row, n = 0, c, start = k, end, officials = 0;
    struct template_var v[2];
    struct strbuf sb = STRBUF_INIT;
    struct sheet *sh;

    v[0].name = "region";
    v[0].value = r < region_count() ? region_get((int)r)->full : "";
    v[1].name = "event";
    v[1].value = md->ev->title;
    /* Each region's entry is a form of its own (numbered apart), its
       region under the running header of its next pages. */
    add_text(md, DOC_PART_FORM, "entries",
             region_group(r), v, 2);
    if (!first) {
        add_text(md, DOC_PART_HEADING, "entries", "heading", v, 2);
        add_text(md, DOC_PART_CENTRE, "entries", "event", v, 2);
    }
    add_text(md, DOC_PART_HEADING, "entries",
             region_group(r), v, 2);
    sh = doc_add_table(&md->d, 9);
    head(md, sh, "entries", cols, "rllllwwws");
    for (end = k; end < md->m.n &&
                  region_key(person_of(md, entry(md, end))) == r;
         end++)
        officials += entry(md, end)->official;
    for (; k < end; k++) {
        const struct mandate_entry *e = entry(md, k);
        const struct person *p = person_of(md, e);
        if (e->official)
            continue;
        row = sheet_add_row(sh);
        set_size(sh, row, 0, ++n);
        strbuf_reset(&sb);
        full_name(&sb, p, 1);
        sheet_set(sh, row, 1, sb.buf);
        strbuf_reset(&sb);
        birth_text(&sb, p);
        sheet_set(sh, row, 2, sb.buf);
        sheet_set(sh, row, 3, p->rank);
        sheet_set(sh, row, 4, p->fide_id);
        sheet_set(sh, row, 5, p->club);
        strbuf_reset(&sb);
        for (c = 0; c < p->n_coaches; c++)
            strbuf_addf(&sb, "%s%s", c ? ", " : "", p->coaches[c]);
        sheet_set(sh, row, 6, sb.buf);
        strbuf_reset(&sb);
        programme(md, e, &sb);
        sheet_set(sh, row, 7, sb.buf);
    }
    add_text(md, DOC_PART_TEXT, "entries", "admitted", NULL, 0);
    if (officials)
        officials_table(md, start, end, "entries", &sb);
    for (c = 1; c <= 9; c++) {
        const char *pos;
        strbuf_reset(&sb);
        strbuf_addf(&sb, "sign-%zu", c);
        pos = doc_opt(&md->d, "entries", sb.buf);
        if (!pos)
            break;
        doc_add_sign(&md->d, pos, doc_str(&md->d, "entries", "stamp"));
    }
    strbuf_release(&sb);
    return k;
}

enum err render_mandate_entries(const struct event *ev,
                                const struct render_section *secs, size_t n,
                                const struct render_options *ro,
                                const char *path, struct diag_list *dl)
{
    struct mdoc md;
    size_t k = 0;

    (void)secs;
    (void)n;
    mdoc_open(&md, ev, "entries", ro, dl);
    if (!md.m.n)
        add_text(&md, DOC_PART_TEXT, "entries", "none", NULL, 0);
    while (!md.d.err && k < md.m.n)
        k = region_entry(&md, k, k == 0);
    return mdoc_close(&md, path);
}

/* The commission's members sign (else the chief arbiter and secretary). */
static void commission_signs(struct mdoc *md)
{
    const struct mandate_rules *r = &md->ev->mandate;
    struct strbuf name = STRBUF_INIT;
    size_t i, signed_ = 0;

    for (i = 0; i < r->n_members; i++) {
        if (!*r->members[i].name)
            continue;
        strbuf_reset(&name);
        doc_official_name(&name, r->members[i].name);
        doc_add_sign(&md->d,
                     doc_str(&md->d, "protocol",
                             i ? "member-sign" : "chair-sign"),
                     name.buf);
        signed_++;
    }
    if (!signed_) {
        const struct signatory *s[2] = {&md->ev->chief_arbiter,
                                        &md->ev->chief_secretary};
        const char *keys[2] = {"arbiter", "secretary"};
        struct strbuf title = STRBUF_INIT;
        for (i = 0; i < 2; i++) {
            strbuf_reset(&name);
            strbuf_reset(&title);
            doc_official_name(&name, s[i]->name);
            doc_sign_title(&md->d, keys[i], s[i]->position, &title);
            doc_add_sign(&md->d, title.buf, name.buf);
        }
        strbuf_release(&title);
    }
    strbuf_release(&name);
}

/* ------------------------------------------------------------ checklist */

/* The mark of a check: so, not, not recorded, not required. */
static const char *mark(struct mdoc *md, int state, int required)
{
    if (!required && state < 0)
        return doc_str(&md->d, "checklist", "not-required");
    return doc_str(&md->d, "checklist",
                   state > 0 ? "yes" : state == 0 ? "no" : "unknown");
}

enum err render_mandate_checklist(const struct event *ev,
                                  const struct render_section *secs, size_t n,
                                  const struct render_options *ro,
                                  const char *path, struct diag_list *dl)
{
    static const char *const cols[] = {
        "number",    "name",    "region", "birth",    "identity", "medical",
        "insurance", "fee-due", "fee",    "decision", NULL};
    static const char *const refused_cols[] = {"number", "name", "region",
                                               "reason", NULL};
    struct strbuf sb = STRBUF_INIT;
    struct mdoc md;
    struct sheet *sh;
    unsigned req;
    size_t k, row, d, refused = 0, no_all = 0;

    (void)secs;
    (void)n;
    mdoc_open(&md, ev, "checklist", ro, dl);
    req = mandate_required(ev);
    sh = doc_add_table(&md.d, 10);
    head(&md, sh, "checklist", cols, "rwlccccrcl");
    for (k = 0; k < md.m.n && !md.d.err; k++) {
        const struct mandate_entry *e = entry(&md, k);
        const struct person *p = person_of(&md, e);
        if (e->official)
            continue;
        row = sheet_add_row(sh);
        set_size(sh, row, 0, ++no_all);
        strbuf_reset(&sb);
        full_name(&sb, p, 0);
        sheet_set(sh, row, 1, sb.buf);
        sheet_set(sh, row, 2, person_region(p));
        if (p->birth_year)
            set_size(sh, row, 3, (size_t)p->birth_year);
        for (d = 0; d < MANDATE_N_DOCS - 1; d++)
            sheet_set(sh, row, 4 + d,
                      mark(&md, mandate_doc_state(p, (enum mandate_doc)d),
                           (req & 1u << d) != 0));
        strbuf_reset(&sb);
        amount(&sb, e->fee_due);
        sheet_set_num(sh, row, 7, sb.buf, (double)e->fee_due);
        sheet_set(sh, row, 8,
                  mark(&md, p->checks.fee,
                       (req & 1u << MANDATE_FEE) && e->fee_due));
        sheet_set(sh, row, 9,
                  doc_str(&md.d, "checklist",
                          e->refused ? "refused" : "admitted"));
        refused += e->refused != 0;
    }
    add_text(&md, DOC_PART_HEADING, "checklist", "refused-heading", NULL, 0);
    if (!refused) {
        add_text(&md, DOC_PART_TEXT, "checklist", "none-refused", NULL, 0);
    } else {
        size_t no = 0;
        sh = doc_add_table(&md.d, 4);
        head(&md, sh, "checklist", refused_cols, "rwlw");
        for (k = 0; k < md.m.n && !md.d.err; k++) {
            const struct mandate_entry *e = entry(&md, k);
            const struct person *p = person_of(&md, e);
            if (!e->refused)
                continue;
            row = sheet_add_row(sh);
            set_size(sh, row, 0, ++no);
            strbuf_reset(&sb);
            full_name(&sb, p, 0);
            sheet_set(sh, row, 1, sb.buf);
            sheet_set(sh, row, 2, person_region(p));
            strbuf_reset(&sb);
            reasons(&md, e, &sb);
            sheet_set(sh, row, 3, sb.buf);
        }
    }
    if (md.m.officials)
        officials_table(&md, 0, md.m.n, "checklist", &sb);
    commission_signs(&md);
    strbuf_release(&sb);
    return mdoc_close(&md, path);
}

/* ------------------------------------------------------------- protocol */

/* A row of a count table: label, boys, girls, total admitted, refused. */
static void count_row(struct sheet *sh, const char *label,
                      const struct mandate_count *c)
{
    size_t row = sheet_add_row(sh);

    sheet_set(sh, row, 0, label);
    set_size(sh, row, 1, c->m);
    set_size(sh, row, 2, c->f);
    set_size(sh, row, 3, c->m + c->f + c->other);
    set_size(sh, row, 4, c->refused);
}

/* Everyone a count counts: admitted or refused. */
static size_t count_all(const struct mandate_count *c)
{
    return c->m + c->f + c->other + c->refused;
}

static int counted(const struct mandate_count *c)
{
    return count_all(c) > 0;
}

static void add_to(struct mandate_count *sum, const struct mandate_count *c)
{
    sum->m += c->m;
    sum->f += c->f;
    sum->other += c->other;
    sum->refused += c->refused;
}

/* A count table headed by [protocol] heading_key, first column label_key. */
static struct sheet *count_table(struct mdoc *md, const char *heading_key,
                                 const char *label_key)
{
    /* Юнаки and дівчата of a youth event, чоловіки and жінки of an
       adult one. */
    const int youth = event_youth(md->ev);
    const char *cols[] = {label_key, youth ? "boys" : "men",
                          youth ? "girls" : "women", "total", "refused", NULL};
    struct sheet *sh;

    add_text(md, DOC_PART_HEADING, "protocol", heading_key, NULL, 0);
    sh = doc_add_table(&md->d, 5);
    head(md, sh, "protocol", cols, "wrrrr");
    sheet_set_col(sh, 0, doc_str(&md->d, "protocol", label_key), ALIGN_LEFT,
                  SHEET_WRAP);
    return sh;
}

static void totals_row(struct mdoc *md, struct sheet *sh,
                       const struct mandate_count *sum)
{
    count_row(sh, doc_str(&md->d, "protocol", "totals"), sum);
}

static void protocol_members(struct mdoc *md, struct strbuf *out)
{
    const struct mandate_rules *r = &md->ev->mandate;
    struct strbuf name = STRBUF_INIT, one = STRBUF_INIT;
    size_t i;

    for (i = 0; i < r->n_members; i++) {
        struct template_var v[2], m;
        if (!*r->members[i].name)
            continue;
        strbuf_reset(&name);
        strbuf_reset(&one);
        doc_official_name(&name, r->members[i].name);
        v[0].name = "name";
        v[0].value = name.buf;
        v[1].name = "position";
        v[1].value = r->members[i].position;
        if (*r->members[i].position)
            doc_expand(&md->d, "protocol", "member", v, 2, &one);
        else
            strbuf_addstr(&one, name.buf);
        if (out->len)
            strbuf_addstr(out, "; ");
        if (!i) {
            m.name = "member";
            m.value = one.buf;
            doc_expand(&md->d, "protocol", "chair", &m, 1, out);
        } else {
            strbuf_addbuf(out, &one);
        }
    }
    strbuf_release(&name);
    strbuf_release(&one);
}

static void protocol_counts(struct mdoc *md)
{
    const struct event *ev = md->ev;
    const struct mandate_result *m = &md->m;
    struct mandate_count sum;
    struct sheet *sh;
    char year[16];
    size_t i, nreg = region_count();

    sh = count_table(md, "by-region", "region");
    for (i = 0; i <= nreg; i++)
        if (counted(&m->by_region[i]))
            count_row(sh,
                      i < nreg ? region_get((int)i)->name
                               : doc_str(&md->d, "protocol", "no-region"),
                      &m->by_region[i]);
    if (counted(&m->foreign))
        count_row(sh, doc_str(&md->d, "protocol", "foreign"), &m->foreign);
    totals_row(md, sh, &m->total);

    memset(&sum, 0, sizeof(sum));
    sh = count_table(md, "by-section", "section");
    for (i = 0; i < ev->n_sections; i++) {
        count_row(sh, ev->sections[i].title, &m->by_section[i]);
        add_to(&sum, &m->by_section[i]);
    }
    totals_row(md, sh, &sum);

    sh = count_table(md, "by-year", "year");
    for (i = 0; m->min_year && i <= (size_t)(m->max_year - m->min_year);
         i++) {
        if (!counted(&m->by_year[i]))
            continue;
        snprintf(year, sizeof(year), "%d", m->min_year + (int)i);
        count_row(sh, year, &m->by_year[i]);
    }
    if (counted(&m->no_year))
        count_row(sh, doc_str(&md->d, "protocol", "no-year"), &m->no_year);
    totals_row(md, sh, &m->total);

    sh = count_table(md, "by-rank", "rank");
    for (i = 0; i <= rank_class_count(); i++)
        if (counted(&m->by_rank[i]))
            count_row(sh,
                      i < rank_class_count()
                          ? rank_class_get((int)i)->label
                          : doc_str(&md->d, "protocol", "no-rank"),
                      &m->by_rank[i]);
    totals_row(md, sh, &m->total);
}

static void protocol_fees(struct mdoc *md)
{
    static const char *const disc[] = {"classic", "rapid", "blitz"};
    struct strbuf fees = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT;
    struct template_var v[2];
    int d;

    add_text(md, DOC_PART_HEADING, "protocol", "fees-heading", NULL, 0);
    for (d = 0; d < 3; d++) {
        if (!md->ev->mandate.fee[d])
            continue;
        strbuf_reset(&a);
        amount(&a, md->ev->mandate.fee[d]);
        v[0].name = "discipline";
        v[0].value = doc_str(&md->d, "disciplines", disc[d]);
        v[1].name = "amount";
        v[1].value = a.buf;
        if (fees.len)
            strbuf_addstr(&fees, ", ");
        doc_expand(&md->d, "protocol", "fee", v, 2, &fees);
    }
    if (!fees.len) {
        add_text(md, DOC_PART_TEXT, "protocol", "no-fees", NULL, 0);
    } else {
        v[0].name = "fees";
        v[0].value = fees.buf;
        add_text(md, DOC_PART_TEXT, "protocol", "fees", v, 1);
        strbuf_reset(&a);
        amount(&a, md->m.fees_due);
        amount(&b, md->m.fees_collected);
        v[0].name = "due";
        v[0].value = a.buf;
        v[1].name = "collected";
        v[1].value = b.buf;
        add_text(md, DOC_PART_TEXT, "protocol", "fees-due", v, 2);
    }
    strbuf_release(&fees);
    strbuf_release(&a);
    strbuf_release(&b);
}

static void protocol_refused(struct mdoc *md)
{
    struct strbuf name = STRBUF_INIT, why = STRBUF_INIT;
    size_t k;

    add_text(md, DOC_PART_HEADING, "protocol", "refused-heading", NULL, 0);
    if (!md->m.total.refused)
        add_text(md, DOC_PART_TEXT, "protocol", "none-refused", NULL, 0);
    for (k = 0; k < md->m.n; k++) {
        const struct mandate_entry *e = entry(md, k);
        const struct person *p = person_of(md, e);
        struct template_var v[3];
        if (!e->refused)
            continue;
        strbuf_reset(&name);
        strbuf_reset(&why);
        full_name(&name, p, 0);
        reasons(md, e, &why);
        v[0].name = "name";
        v[0].value = name.buf;
        v[1].name = "region";
        v[1].value = person_region(p);
        v[2].name = "reasons";
        v[2].value = why.buf;
        add_text(md, DOC_PART_TEXT, "protocol", "refused-line", v, 3);
    }
    strbuf_release(&name);
    strbuf_release(&why);
}

enum err render_mandate_protocol(const struct event *ev,
                                 const struct render_section *secs, size_t n,
                                 const struct render_options *ro,
                                 const char *path, struct diag_list *dl)
{
    struct strbuf sb = STRBUF_INIT, members = STRBUF_INIT;
    char num[9][24];
    struct template_var v[9];
    struct mdoc md;
    const struct date *day;
    size_t i, entered = 0, nreg = region_count(), foreign;

    (void)secs;
    (void)n;
    mdoc_open(&md, ev, "protocol", ro, dl);
    day = date_valid(&ev->mandate.date) ? &ev->mandate.date : &ev->start;
    doc_dates(&sb, day, day, NULL, NULL, 1);
    v[0].name = "date";
    v[0].value = sb.buf;
    add_text(&md, DOC_PART_TEXT, "protocol", "date", v, 1);
    protocol_members(&md, &members);
    if (members.len) {
        v[0].name = "members";
        v[0].value = members.buf;
        add_text(&md, DOC_PART_TEXT, "protocol", "members", v, 1);
    }
    for (i = 0; i < nreg; i++)
        entered += counted(&md.m.by_region[i]);
    /* The regions' entries are the regions' players; the players of other
       federations entered apart. */
    foreign = count_all(&md.m.foreign);
    {
        const struct {
            const char *name;
            size_t n;
        } counts[9] = {
            {"regions_entered", entered},
            {"participants", md.m.n - md.m.officials - foreign},
            {"admitted", md.m.total.m + md.m.total.f + md.m.total.other},
            {"boys", md.m.total.m},
            {"girls", md.m.total.f},
            {"regions", md.m.regions},
            {"refused", md.m.total.refused},
            {"officials", md.m.officials},
            {"foreign", foreign},
        };
        for (i = 0; i < 9; i++) {
            snprintf(num[i], sizeof(num[i]), "%zu", counts[i].n);
            v[i].name = counts[i].name;
            v[i].value = num[i];
        }
    }
    add_text(&md, DOC_PART_TEXT, "protocol",
             foreign ? "considered-foreign" : "considered", v, 9);
    add_text(&md, DOC_PART_TEXT, "protocol",
             event_youth(ev) ? "admitted" : "admitted-adult", v, 9);
    if (md.m.officials)
        add_text(&md, DOC_PART_TEXT, "protocol", "officials", v, 9);
    protocol_counts(&md);
    protocol_fees(&md);
    protocol_refused(&md);
    commission_signs(&md);
    strbuf_release(&sb);
    strbuf_release(&members);
    return mdoc_close(&md, path);
}
