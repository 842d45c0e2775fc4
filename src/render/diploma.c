/* render/diploma: the diplomas of a section (its prize-winners, or its
 * teams and their members) and of the coaches, one page each, laid out by
 * the diploma templates (templates/diploma-*.ini).
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diploma.h"
#include "core/event.h"
#include "core/ranking.h"
#include "core/region.h"
#include "core/tournament.h"
#include "render/doc.h"
#include "render/image.h"
#include "render/layout.h"
#include "render/pdf.h"
#include "render/qr.h"
#include "render/render.h"
#include "render/template.h"
#include "render/wording.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

/* The templates, by the kinds that use them. */
enum dtpl { T_INDIVIDUAL, T_COACH, T_TEAM, T_MEMBER, T_N };
static const char *const tpl_names[T_N] = {
    "diploma-individual", "diploma-coach", "diploma-team", "diploma-member"};

static enum dtpl tpl_of(enum diploma_kind k)
{
    switch (k) {
    case DIPLOMA_INDIVIDUAL:
        return T_INDIVIDUAL;
    case DIPLOMA_COACH:
    case DIPLOMA_TEAM_COACH:
        return T_COACH;
    case DIPLOMA_TEAM:
        return T_TEAM;
    case DIPLOMA_MEMBER:
        return T_MEMBER;
    }
    return T_INDIVIDUAL;
}

/* A text block of a template: [block NAME]. */
struct block {
    const struct template_entry *text; /* its text, for errors */
    const char *name;
    double x, y, w, h; /* points, from the page's top-left corner */
    struct text_style st;
    double min_size;
    int preprinted; /* part of the printed blank */
};

/* One diploma template read and checked. */
struct dtemplate {
    struct template tpl;
    int loaded;
    const char *file; /* the diploma template's path (for messages) */
    double page_w, page_h; /* points, portrait */
    enum pdf_orientation orient;
    int blank;          /* print on the federation's blank */
    struct image background; /* decoded when the template is read */
    int has_background;
    double frame;       /* inset of the frame in points; 0 none */
    struct block *blocks;
    size_t n_blocks, blocks_alloc;
    /* The QR code: top-left corner and size in points; size 0: none. */
    double qr_x, qr_y, qr_size;
    /* The signatures: a row of the diploma signatories. */
    int has_signatures;
    double sig_x, sig_y, sig_w;
    struct text_style sig_style;
};

/* The diplomas of one file being made. */
struct dfile {
    const struct event *ev;
    const struct render_options *ro;
    struct diag_list *dl;
    enum err err;
    struct dtemplate t[T_N];
    struct pdf *pdf;
    struct pdf_span *spans;
    size_t spans_alloc;
};

static void fail_at(struct dfile *f, const struct template_entry *e,
                    enum err err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void fail_at(struct dfile *f, const struct template_entry *e,
                    enum err err, const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;

    va_start(ap, fmt);
    strbuf_vaddf(&sb, _(fmt), ap);
    va_end(ap);
    diag_error(f->dl, e ? e->file : NULL, e ? e->line : 0, 0, "%s", sb.buf);
    strbuf_release(&sb);
    if (!f->err)
        f->err = err;
}

static void failed(struct dfile *f, enum err e)
{
    if (e && !f->err)
        f->err = e;
}

/* ------------------------------------------------- reading a template */

static int read_face(const char *v, struct text_style *st)
{
    char face[32];
    const char *sp = strchr(v, ' ');
    double size = 0;

    if (!sp || (size_t)(sp - v) >= sizeof(face))
        return -1;
    memcpy(face, v, (size_t)(sp - v));
    face[sp - v] = '\0';
    /* A size of "nan" would pass a check written the other way round,
       and the text would be fitted to its box forever. */
    if (pdf_face_parse(face, &st->face) ||
        num_parse_decimal(sp + 1, ".,", &size) || !(size >= 4 && size <= 200))
        return -1;
    st->size = size;
    return 0;
}

static void style_of(struct dfile *f, struct dtemplate *t, const char *section,
                     struct text_style *st)
{
    const struct template_entry *e = template_find(&t->tpl, section, "font");
    static const char *const aligns[] = {"left", "centre", "right", NULL};
    int a;

    st->face = PDF_SERIF;
    st->size = 14;
    st->align = ALIGN_CENTRE;
    if (e && read_face(e->value, st))
        fail_at(f, e, ERR_PARSE,
                "'font' wants a face and a size, as 'serif 14' (faces: "
                "serif, serif-bold, sans, sans-bold; sizes 4 to 200), not "
                "'%s'",
                e->value);
    failed(f, template_choice(&t->tpl, section, "align", aligns, 1, &a, f->dl));
    st->align = a == 0 ? ALIGN_LEFT : a == 2 ? ALIGN_RIGHT : ALIGN_CENTRE;
}

/* A length in millimetres of section/key, as points. */
static double mm(struct dfile *f, struct dtemplate *t, const char *section,
                 const char *key, double def, double max)
{
    double v;

    failed(f, template_number(&t->tpl, section, key, def, 0, max, &v, f->dl));
    return PDF_MM(v);
}

/* Every [block NAME] of the diploma template, in file order. */
static void read_blocks(struct dfile *f, struct dtemplate *t)
{
    size_t i, k;

    for (i = 0; i < t->tpl.nr; i++) {
        const struct template_entry *e = &t->tpl.items[i];
        const char *sec = e->section;
        struct block *b;
        int dup = 0;

        if (strncmp(sec, "block ", 6) || strcmp(e->file, t->file))
            continue;
        for (k = 0; k < i; k++)
            if (!strcmp(t->tpl.items[k].section, sec) &&
                !strcmp(t->tpl.items[k].file, t->file))
                dup = 1;
        if (dup)
            continue;
        ALLOC_GROW(t->blocks, t->n_blocks + 1, t->blocks_alloc);
        b = &t->blocks[t->n_blocks++];
        memset(b, 0, sizeof(*b));
        b->name = sec;
        b->text = template_find(&t->tpl, sec, "text");
        if (!b->text) {
            fail_at(f, e, ERR_PARSE, "[%s] has no 'text'", sec);
            t->n_blocks--;
            continue;
        }
        b->x = mm(f, t, sec, "x", 0, 2000);
        b->y = mm(f, t, sec, "y", 0, 2000);
        b->w = mm(f, t, sec, "width", 0, 2000);
        b->h = mm(f, t, sec, "height", 0, 2000);
        style_of(f, t, sec, &b->st);
        failed(f, template_number(&t->tpl, sec, "min-size", b->st.size, 4,
                                  200, &b->min_size, f->dl));
        if (b->min_size > b->st.size)
            b->min_size = b->st.size;
        b->preprinted = 0;
        {
            static const char *const yn[] = {"no", "yes", NULL};
            failed(f, template_choice(&t->tpl, sec, "preprinted", yn, 0,
                                      &b->preprinted, f->dl));
        }
        if (!f->err && (b->w <= 0 || b->h <= 0))
            fail_at(f, b->text, ERR_PARSE,
                    "[%s] wants a 'width' and a 'height' above 0 mm", sec);
        else if (!f->err && (b->x + b->w > t->page_w + 0.01 ||
                             b->y + b->h > t->page_h + 0.01))
            fail_at(f, b->text, ERR_PARSE,
                    "[%s] (%g x %g mm at %g, %g mm) is outside the page "
                    "(%g x %g mm)",
                    sec, b->w * 25.4 / 72, b->h * 25.4 / 72, b->x * 25.4 / 72,
                    b->y * 25.4 / 72, t->page_w * 25.4 / 72,
                    t->page_h * 25.4 / 72);
    }
}

static void load_template(struct dfile *f, enum dtpl which)
{
    struct dtemplate *t = &f->t[which];
    static const char *const orients[] = {"portrait", "landscape", NULL};
    static const char *const modes[] = {"full", "blank", NULL};
    struct strbuf path = STRBUF_INIT;
    const struct template_entry *e;
    enum err err;
    int v;

    if (t->loaded)
        return;
    t->loaded = 1;
    strbuf_addf(&path, "%s/common.ini", f->ro->templates_dir);
    err = template_load(&t->tpl, path.buf, f->dl);
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/%s.ini", f->ro->templates_dir, tpl_names[which]);
    if (!err)
        err = template_load(&t->tpl, path.buf, f->dl);
    strbuf_release(&path);
    failed(f, err);
    if (err)
        return;
    t->file = t->tpl.files[t->tpl.n_files - 1];
    t->page_w = mm(f, t, "page", "width", 210, 2000);
    t->page_h = mm(f, t, "page", "height", 297, 2000);
    e = template_find(&t->tpl, "page", "orientation");
    v = 0;
    if (e && strcmp(e->file, t->file))
        v = 0; /* common.ini's "auto" is for the tables */
    else
        failed(f, template_choice(&t->tpl, "page", "orientation", orients, 0,
                                  &v, f->dl));
    t->orient = v ? PDF_LANDSCAPE : PDF_PORTRAIT;
    failed(f, template_choice(&t->tpl, "diploma", "mode", modes, 0, &v, f->dl));
    t->blank = v;
    e = template_find(&t->tpl, "diploma", "background");
    if (e && *e->value && !t->blank) {
        struct strbuf img = STRBUF_INIT, why = STRBUF_INIT;
        enum image_problem r;
        if (e->value[0] == '/')
            strbuf_addstr(&img, e->value);
        else
            strbuf_addf(&img, "%s/%s", f->ro->templates_dir, e->value);
        /* Read, decoded and checked here, at the template's line: what a
           page cannot show is refused before any page is made. */
        r = image_read(img.buf, &t->background, &why);
        if (r == IMAGE_MISSING)
            fail_at(f, e, ERR_NOINPUT, "the background image '%s' is missing",
                    img.buf);
        else if (r)
            fail_at(f, e, ERR_PARSE, "the background image '%s' %s", img.buf,
                    why.buf);
        else
            t->has_background = 1;
        strbuf_release(&img);
        strbuf_release(&why);
    }
    t->frame = mm(f, t, "diploma", "frame", 0, 100);
    t->qr_size = mm(f, t, "qr", "size", 0, 200);
    t->qr_x = mm(f, t, "qr", "x", 0, 2000);
    t->qr_y = mm(f, t, "qr", "y", 0, 2000);
    if (template_find(&t->tpl, "signatures", "y") &&
        !strcmp(template_find(&t->tpl, "signatures", "y")->file, t->file)) {
        t->has_signatures = 1;
        t->sig_x = mm(f, t, "signatures", "x", 0, 2000);
        t->sig_y = mm(f, t, "signatures", "y", 0, 2000);
        t->sig_w = mm(f, t, "signatures", "width", 0, 2000);
        style_of(f, t, "signatures", &t->sig_style);
    }
    if (t->orient == PDF_LANDSCAPE) {
        double w = t->page_w;
        t->page_w = t->page_h;
        t->page_h = w;
    }
    read_blocks(f, t);
    if (t->orient == PDF_LANDSCAPE) {
        double w = t->page_w;
        t->page_w = t->page_h;
        t->page_h = w;
    }
}

static void release_template(struct dtemplate *t)
{
    template_release(&t->tpl);
    image_release(&t->background);
    free(t->blocks);
}

/* ------------------------------------------------- the placeholders */

static const char *place_word(int n)
{
    static const char *const w[] = {"", "перше", "друге", "третє"};
    return n >= 1 && n <= 3 ? w[n] : "";
}

/* The values of one diploma's placeholders. */
struct dvars {
    struct strbuf name, name_full, region_full, places, place_roman, degree,
        pupil, members, dates, place, signer, url, body[3], event_in,
        pupil_gen, name_gen, name_dat;
    struct template_var v[48];
    size_t n;
    char sex, pupil_sex;
    char birth[16];
};

static void dvars_init(struct dvars *dv)
{
    memset(dv, 0, sizeof(*dv));
    strbuf_init(&dv->name, 0);
    strbuf_init(&dv->url, 0);
    strbuf_init(&dv->name_full, 0);
    strbuf_init(&dv->region_full, 0);
    strbuf_init(&dv->places, 0);
    strbuf_init(&dv->place_roman, 0);
    strbuf_init(&dv->degree, 0);
    strbuf_init(&dv->pupil, 0);
    strbuf_init(&dv->members, 0);
    strbuf_init(&dv->dates, 0);
    strbuf_init(&dv->place, 0);
    strbuf_init(&dv->signer, 0);
    strbuf_init(&dv->body[0], 0);
    strbuf_init(&dv->body[1], 0);
    strbuf_init(&dv->body[2], 0);
    strbuf_init(&dv->event_in, 0);
    strbuf_init(&dv->pupil_gen, 0);
    strbuf_init(&dv->name_gen, 0);
    strbuf_init(&dv->name_dat, 0);
}

static void dvars_release(struct dvars *dv)
{
    strbuf_release(&dv->name);
    strbuf_release(&dv->url);
    strbuf_release(&dv->name_full);
    strbuf_release(&dv->region_full);
    strbuf_release(&dv->places);
    strbuf_release(&dv->place_roman);
    strbuf_release(&dv->degree);
    strbuf_release(&dv->pupil);
    strbuf_release(&dv->members);
    strbuf_release(&dv->dates);
    strbuf_release(&dv->place);
    strbuf_release(&dv->signer);
    strbuf_release(&dv->body[0]);
    strbuf_release(&dv->body[1]);
    strbuf_release(&dv->body[2]);
    strbuf_release(&dv->event_in);
    strbuf_release(&dv->pupil_gen);
    strbuf_release(&dv->name_gen);
    strbuf_release(&dv->name_dat);
}

static void var(struct dvars *dv, const char *name, const char *value)
{
    dv->v[dv->n].name = name;
    dv->v[dv->n].value = value ? value : "";
    dv->n++;
}

/* The section of event ev with this id. */
static const struct section *section_of(const struct event *ev,
                                        const char *id)
{
    size_t i;

    for (i = 0; i < ev->n_sections; i++)
        if (!strcmp(ev->sections[i].id, id))
            return &ev->sections[i];
    return NULL;
}

/* The placeholder names, for the README and the unit test. */
static void dvars_fill(struct dvars *dv, const struct event *ev,
                       const struct diploma *d, const char *verify_url)
{
    const struct section *sec = section_of(ev, d->section);
    const struct tournament *t = sec ? sec->t : NULL;
    const char *title = ev->lone_file && t ? t->name : ev->title;
    const char *city = ev->lone_file && t ? t->city : ev->city;
    int r = d->region[0] ? region_find(d->region) : -1;
    size_t i;

    dv->sex = d->sex;
    dv->pupil_sex = d->pupil_sex;
    if (d->kind == DIPLOMA_TEAM)
        strbuf_addstr(&dv->name, d->name);
    else
        name_given_surname_upper(&dv->name, d->given, d->surname);
    name_surname_upper(&dv->name_full, d->surname, d->given);
    if (d->patronymic && *d->patronymic)
        strbuf_addf(&dv->name_full, " %s", d->patronymic);
    if (r >= 0)
        strbuf_addstr(&dv->region_full, region_get(r)->full);
    else
        strbuf_addstr(&dv->region_full, d->region);
    doc_place(&dv->places, d->place_lo, d->place_hi);
    num_roman(&dv->place_roman, d->place_lo);
    num_roman(&dv->degree, d->degree);
    if (d->pupil_name) {
        if (d->kind == DIPLOMA_TEAM_COACH) {
            /* A team is named in quotes on every diploma: «Каїса». */
            strbuf_addf(&dv->pupil, "«%s»", d->pupil_name);
            strbuf_addbuf(&dv->pupil_gen, &dv->pupil);
        } else {
            name_given_surname_upper(&dv->pupil, d->pupil_given,
                                     d->pupil_surname);
            name_given_surname_upper(
                &dv->pupil_gen,
                d->pupil_given_gen ? d->pupil_given_gen : d->pupil_given,
                d->pupil_surname_gen ? d->pupil_surname_gen
                                     : d->pupil_surname);
        }
    }
    if (d->given_gen && (*d->given_gen || *d->surname_gen)) {
        name_given_surname_upper(&dv->name_gen, d->given_gen, d->surname_gen);
        name_given_surname_upper(&dv->name_dat, d->given_dat, d->surname_dat);
    }
    /* The team's players as the diploma names everyone: "Ім'я ПРІЗВИЩЕ"
       (a lone results file's as it writes them). */
    for (i = 0; i < d->n_members; i++) {
        struct strbuf sur = STRBUF_INIT, giv = STRBUF_INIT;
        name_split(d->members[i], &sur, &giv, NULL);
        if (i)
            strbuf_addstr(&dv->members, ", ");
        if (ev->lone_file)
            strbuf_addstr(&dv->members, d->members[i]);
        else
            name_given_surname_upper(&dv->members, giv.buf, sur.buf);
        strbuf_release(&sur);
        strbuf_release(&giv);
    }
    /* The section's own days (settled: the event's when it gives none). */
    doc_dates(&dv->dates, sec && date_valid(&sec->start) ? &sec->start
                                                          : &ev->start,
              sec && date_valid(&sec->end) ? &sec->end : &ev->end,
              t ? t->start_date : NULL, t ? t->end_date : NULL, 1);
    if (d->birth_year)
        snprintf(dv->birth, sizeof(dv->birth), "%d", d->birth_year);
    var(dv, "event", title);
    /* After "посіла І місце": the title in the locative event.ini gives,
       else the nominative kept whole in quotes. */
    if (!ev->lone_file && ev->title_locative && *ev->title_locative)
        strbuf_addstr(&dv->event_in, ev->title_locative);
    else if (title && *title)
        strbuf_addf(&dv->event_in, "у змаганнях «%s»", title);
    var(dv, "event_in", dv->event_in.buf);
    var(dv, "section", sec ? sec->title : NULL);
    var(dv, "organiser", ev->organisers);
    /* The awarding bodies, in capitals, as a diploma's heading writes
       them. */
    for (i = 0; i < 3; i++) {
        struct strbuf body = STRBUF_INIT;
        if (event_awarding_body(ev, i, &body))
            utf8_upper(&dv->body[i], body.buf);
        strbuf_release(&body);
    }
    var(dv, "awarding_body_1", dv->body[0].buf);
    var(dv, "awarding_body_2", dv->body[1].buf);
    var(dv, "awarding_body_3", dv->body[2].buf);
    var(dv, "city", city);
    var(dv, "venue", ev->venue);
    var(dv, "dates", dv->dates.buf);
    var(dv, "name", dv->name.buf);
    var(dv, "name_full", dv->name_full.buf);
    var(dv, "surname", d->surname);
    var(dv, "given", d->given);
    var(dv, "patronymic", d->patronymic);
    var(dv, "birth_year", dv->birth);
    var(dv, "region", d->region);
    var(dv, "region_full", dv->region_full.buf);
    var(dv, "club", d->club);
    var(dv, "coach", d->coach);
    var(dv, "rank", d->rank);
    var(dv, "team", d->team);
    var(dv, "members", dv->members.buf);
    var(dv, "pupil", dv->pupil.buf);
    var(dv, "pupil_gen", dv->pupil_gen.buf);
    var(dv, "name_gen", dv->name_gen.buf);
    var(dv, "name_dat", dv->name_dat.buf);
    var(dv, "places", dv->places.buf);
    var(dv, "place_roman", dv->place_roman.buf);
    var(dv, "place_words", place_word(d->place_lo));
    var(dv, "degree", dv->degree.buf);
    var(dv, "code", d->code);
    /* the diploma's page on the archive's site, when its address is
       known: what the QR code holds */
    if (verify_url && *d->code)
        strbuf_addf(&dv->url, "%s%s.html", verify_url, d->code);
    var(dv, "verify_url", dv->url.buf);
}

/*
 * Choose the forms of {sex:M|F|P} (the diploma's subject: a man, a woman,
 * a team) and {pupil-sex:M|F|P} (a coach's pupil) in s, into out; the rest
 * is left for template_subst().  A missing form is the first one (a
 * masculine form is what Ukrainian documents write for one whose sex is
 * unknown).
 */
static enum err choose_forms(const char *s, const struct template_entry *e,
                             char sex, char pupil_sex, struct strbuf *out,
                             struct diag_list *dl)
{
    while (*s) {
        const char *close, *forms;
        char who;
        int want, k;

        if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}')) {
            strbuf_add(out, s, 2);
            s += 2;
            continue;
        }
        if (!strncmp(s, "{sex:", 5)) {
            who = sex;
            forms = s + 5;
        } else if (!strncmp(s, "{pupil-sex:", 11)) {
            who = pupil_sex;
            forms = s + 11;
        } else {
            strbuf_addch(out, *s++);
            continue;
        }
        close = strchr(forms, '}');
        if (!close) {
            diag_error(dl, e->file, e->line, 0,
                       "'{' without '}' (write '{{' for a brace)");
            return ERR_PARSE;
        }
        want = who == 'f' ? 1 : who == 'p' ? 2 : 0;
        for (k = 0; k < want; k++) {
            const char *bar = memchr(forms, '|', (size_t)(close - forms));
            if (!bar)
                break;
            forms = bar + 1;
        }
        if (k < want && want == 2) {
            /* No plural form: a team takes the first. */
            forms = strchr(s, ':') + 1;
        }
        {
            const char *bar = memchr(forms, '|', (size_t)(close - forms));
            strbuf_add(out, forms, (size_t)((bar ? bar : close) - forms));
        }
        s = close + 1;
    }
    return ERR_OK;
}

/* Expand block text e for the diploma's vars into out; *empty: it had
   placeholders and all were empty (a region nobody gave). */
static enum err expand(const struct template_entry *e, const struct dvars *dv,
                       struct strbuf *out, int *empty, struct diag_list *dl)
{
    struct strbuf forms = STRBUF_INIT;
    enum err err = choose_forms(e->value, e, dv->sex, dv->pupil_sex, &forms, dl);

    *empty = 0;
    if (!err)
        err = template_subst(forms.buf, e, dv->v, dv->n, out, empty, dl);
    strbuf_release(&forms);
    return err;
}

/* ---------------------------------------------------------- drawing */

/* Draw s wrapped into block b, shrinking it down to its min-size; an error
   at the block's text when it does not fit even so. */
static void draw_block(struct dfile *f, const struct block *b, const char *s,
                       const char *who)
{
    struct text_style st = b->st;
    size_t n, i;
    double lead, y;

    for (;;) {
        n = pdf_wrap(f->pdf, st.face, st.size, s, b->w, &f->spans,
                     &f->spans_alloc);
        lead = st.size * LAYOUT_LEADING;
        if (n * lead <= b->h + 0.01 || st.size - 0.5 < b->min_size - 1e-9)
            break;
        st.size -= 0.5;
    }
    if (n * lead > b->h + 0.01) {
        fail_at(f, b->text, ERR_RENDER,
                "the text of [%s] does not fit its box of %.0f x %.0f mm on "
                "the diploma of %s: at %g pt it takes %zu line%s, %.0f mm: "
                "'%s'",
                b->name, b->w * 25.4 / 72, b->h * 25.4 / 72, who, st.size, n,
                n == 1 ? "" : "s", n * lead * 25.4 / 72, s);
        return;
    }
    /* Centred in the box's height. */
    y = b->y + (b->h - n * lead) / 2;
    for (i = 0; i < n; i++) {
        const char *line = s + f->spans[i].off;
        size_t len = f->spans[i].len;
        double w = pdf_text_width(f->pdf, st.face, st.size, line, len);
        double x = b->x;
        if (st.align == ALIGN_CENTRE)
            x += (b->w - w) / 2;
        else if (st.align == ALIGN_RIGHT)
            x += b->w - w;
        pdf_text(f->pdf, st.face, st.size, x,
                 y + i * lead + pdf_ascent(f->pdf, st.face, st.size) +
                     (lead - st.size) / 2,
                 line, len);
    }
}

static void draw_qr(struct dfile *f, const struct dtemplate *t,
                    const char *code)
{
    struct qr q;
    double m;
    enum err e;

    if (t->qr_size <= 0)
        return;
    e = qr_encode(code, &q, f->dl);
    if (e) {
        failed(f, e);
        return;
    }
    /* Four modules of quiet zone are part of the size. */
    m = t->qr_size / (q.width + 8);
    pdf_fill_rect(f->pdf, t->qr_x, t->qr_y, t->qr_size, t->qr_size, 1);
    pdf_fill_cells(f->pdf, t->qr_x + 4 * m, t->qr_y + 4 * m, m, q.modules,
                   q.width, q.width);
    qr_release(&q);
}

static void draw_frame(struct dfile *f, const struct dtemplate *t)
{
    double w, h, i = t->frame, j = t->frame + PDF_MM(1.5);

    if (i <= 0)
        return;
    pdf_page_size(f->pdf, &w, &h);
    pdf_line(f->pdf, i, i, w - i, i, 1.5);
    pdf_line(f->pdf, w - i, i, w - i, h - i, 1.5);
    pdf_line(f->pdf, w - i, h - i, i, h - i, 1.5);
    pdf_line(f->pdf, i, h - i, i, i, 1.5);
    pdf_line(f->pdf, j, j, w - j, j, 0.5);
    pdf_line(f->pdf, w - j, j, w - j, h - j, 0.5);
    pdf_line(f->pdf, w - j, h - j, j, h - j, 0.5);
    pdf_line(f->pdf, j, h - j, j, j, 0.5);
}

/* The diploma signatories (event.ini), else the chief arbiter
   (event_diploma_signers()): position over a line to sign on and the name,
   side by side. */
static void draw_signatures(struct dfile *f, const struct dtemplate *t)
{
    const struct event *ev = f->ev;
    size_t n, i, k, lines;
    const struct signatory **sg = event_diploma_signers(ev, &n);
    struct strbuf *pos;
    struct text_style st = t->sig_style;
    double col, lead = st.size * LAYOUT_LEADING, top = t->sig_y, most = 0;

    if (!t->has_signatures || !n) {
        free(sg);
        return;
    }
    pos = xcalloc(n, sizeof(*pos));
    for (i = 0; i < n; i++) {
        strbuf_init(&pos[i], 0);
        if (sg[i] == &ev->chief_arbiter)
            /* "Головний суддя, суддя національної категорії". */
            signatory_title(sg[i],
                            template_get(&t->tpl, "signatures", "arbiter",
                                         "Головний суддя"),
                            &pos[i]);
        else
            strbuf_addstr(&pos[i], sg[i]->position);
    }
    col = t->sig_w / (double)n;
    if (n == 1)
        col = t->sig_w / 2; /* one line to sign on is not a page wide */
    for (i = 0; i < n; i++) {
        lines = pdf_wrap(f->pdf, st.face, st.size, pos[i].buf, col - st.size,
                         &f->spans, &f->spans_alloc);
        if (lines * lead > most)
            most = lines * lead;
    }
    for (i = 0; i < n; i++) {
        struct strbuf name = STRBUF_INIT;
        double x = t->sig_x + (t->sig_w - n * col) / 2 + i * col + st.size / 2,
               w = col - st.size;
        double base = top + most + 2 * lead;
        lines = pdf_wrap(f->pdf, st.face, st.size, pos[i].buf, w, &f->spans,
                         &f->spans_alloc);
        for (k = 0; k < lines; k++) {
            const char *s = pos[i].buf + f->spans[k].off;
            double tw = pdf_text_width(f->pdf, st.face, st.size, s,
                                       f->spans[k].len);
            pdf_text(f->pdf, st.face, st.size, x + (w - tw) / 2,
                     top + most - (lines - k - 1) * lead - lead * 0.2, s,
                     f->spans[k].len);
        }
        pdf_line(f->pdf, x + w * 0.1, base, x + w * 0.9, base, 0.5);
        doc_official_name(&name, sg[i]->name);
        {
            double tw = pdf_text_width(f->pdf, st.face, st.size, name.buf,
                                       name.len);
            pdf_text(f->pdf, st.face, st.size, x + (w - tw) / 2, base + lead,
                     name.buf, name.len);
        }
        strbuf_release(&name);
    }
    for (i = 0; i < n; i++)
        strbuf_release(&pos[i]);
    free(pos);
    free(sg);
}

static void draw_diploma(struct dfile *f, const struct diploma *d)
{
    struct dtemplate *t = &f->t[tpl_of(d->kind)];
    struct dvars dv;
    struct strbuf text = STRBUF_INIT;
    size_t i;

    load_template(f, tpl_of(d->kind));
    if (f->err)
        return;
    pdf_add_page(f->pdf, t->orient);
    if (t->has_background) {
        double w, h;
        pdf_page_size(f->pdf, &w, &h);
        pdf_image(f->pdf, &t->background, 0, 0, w, h);
    }
    if (!t->blank)
        draw_frame(f, t);
    dvars_init(&dv);
    dvars_fill(&dv, f->ev, d, f->ro->verify_url);
    for (i = 0; i < t->n_blocks && !f->err; i++) {
        const struct block *b = &t->blocks[i];
        int empty;
        if (t->blank && b->preprinted)
            continue;
        strbuf_reset(&text);
        failed(f, expand(b->text, &dv, &text, &empty, f->dl));
        if (!f->err && text.len && !empty)
            draw_block(f, b, text.buf, dv.name.buf);
    }
    if (!f->err) {
        draw_signatures(f, t);
        draw_qr(f, t, dv.url.len ? dv.url.buf : d->code);
    }
    strbuf_release(&text);
    dvars_release(&dv);
}

/* Check that every diploma template reads and every block expands (with
   the placeholders of an empty diploma), so an unknown placeholder is
   found even where no diploma uses it. */
static void check_templates(struct dfile *f, int which_mask)
{
    struct diploma empty;
    struct dvars dv;
    struct strbuf sb = STRBUF_INIT;
    int k;
    size_t i;

    memset(&empty, 0, sizeof(empty));
    empty.section = empty.name = empty.surname = empty.given =
        empty.patronymic = empty.region = empty.club = empty.coach =
            empty.rank = empty.team = "";
    for (k = 0; k < T_N && !f->err; k++) {
        if (!(which_mask & (1 << k)))
            continue;
        load_template(f, (enum dtpl)k);
        dvars_init(&dv);
        dvars_fill(&dv, f->ev, &empty, NULL);
        for (i = 0; i < f->t[k].n_blocks; i++) {
            int empty;
            strbuf_reset(&sb);
            failed(f, expand(f->t[k].blocks[i].text, &dv, &sb, &empty, f->dl));
        }
        dvars_release(&dv);
    }
    strbuf_release(&sb);
}

/* Write the diplomas of kinds `kinds` (bits of enum diploma_kind) of the
   n sections to path. */
static enum err write_diplomas(const struct event *ev,
                               const struct section_ranking *const *rs,
                               size_t n, unsigned kinds,
                               const struct render_options *ro,
                               const char *path, struct diag_list *dl)
{
    static const char *const faces[PDF_N_FACES] = {"serif", "serif-bold",
                                                   "sans", "sans-bold"};
    struct dfile f;
    struct diploma_list list;
    struct pdf_options po;
    struct dtemplate *first;
    size_t i;
    int k, mask = 0;
    enum err e;

    memset(&f, 0, sizeof(f));
    memset(&list, 0, sizeof(list));
    f.ev = ev;
    f.ro = ro;
    f.dl = dl;
    for (i = 0; i < n; i++)
        diploma_collect(&list, ev, rs[i]);
    for (k = 0; k < 5; k++)
        if (kinds & (1u << k))
            mask |= 1 << tpl_of((enum diploma_kind)k);
    check_templates(&f, mask);
    first = &f.t[T_INDIVIDUAL];
    for (k = 0; k < T_N; k++)
        if (mask & (1 << k)) {
            first = &f.t[k];
            break;
        }
    for (k = 0; k < T_N && !f.err; k++)
        if ((mask & (1 << k)) && (fabs(f.t[k].page_w - first->page_w) > 0.5 ||
                                  fabs(f.t[k].page_h - first->page_h) > 0.5))
            fail_at(&f, template_find(&f.t[k].tpl, "page", "width"), ERR_PARSE,
                    "the page of %s.ini (%.0f x %.0f mm) differs from that "
                    "of %s.ini (%.0f x %.0f mm), which go into one file",
                    tpl_names[k], f.t[k].page_w * 25.4 / 72,
                    f.t[k].page_h * 25.4 / 72, tpl_names[first - f.t],
                    first->page_w * 25.4 / 72, first->page_h * 25.4 / 72);
    if (!f.err) {
        memset(&po, 0, sizeof(po));
        po.font_dir = ro->fonts_dir;
        for (k = 0; k < PDF_N_FACES; k++)
            po.font_files[k] = template_get(&first->tpl, "fonts", faces[k], "");
        po.page_width = first->page_w;
        po.page_height = first->page_h;
        po.created = ro->created;
        po.title = "Дипломи";
        po.subject = ev->lone_file ? NULL : ev->title;
        po.creator = "Sekretar " SEKRETAR_VERSION;
        f.pdf = pdf_new(&po);
        for (i = 0; i < list.n && !f.err; i++)
            if (kinds & (1u << list.items[i].kind))
                draw_diploma(&f, &list.items[i]);
        if (!f.err) {
            e = pdf_save(f.pdf, path, dl);
            failed(&f, e);
        }
        pdf_free(f.pdf);
    }
    for (k = 0; k < T_N; k++)
        release_template(&f.t[k]);
    free(f.spans);
    diploma_list_release(&list);
    return f.err;
}

#define KIND(k) (1u << (k))
#define SECTION_KINDS                                                          \
    (KIND(DIPLOMA_INDIVIDUAL) | KIND(DIPLOMA_TEAM) | KIND(DIPLOMA_MEMBER))
#define COACH_KINDS (KIND(DIPLOMA_COACH) | KIND(DIPLOMA_TEAM_COACH))

enum err render_diplomas(const struct event *ev,
                         const struct render_section *rs,
                         const struct render_options *ro, const char *path,
                         struct diag_list *dl)
{
    const struct section_ranking *r = rs->ranking;

    return write_diplomas(ev, &r, 1, SECTION_KINDS, ro, path, dl);
}

enum err render_coach_diplomas(const struct event *ev,
                               const struct render_section *secs, size_t n,
                               const struct render_options *ro,
                               const char *path, struct diag_list *dl)
{
    const struct section_ranking **rs = xcalloc(n + 1, sizeof(*rs));
    enum err e;
    size_t i;

    for (i = 0; i < n; i++)
        rs[i] = secs[i].ranking;
    e = write_diplomas(ev, rs, n, COACH_KINDS, ro, path, dl);
    free(rs);
    return e;
}

/* How many diplomas of kinds the sections give. */
static size_t count(const struct event *ev, const struct render_section *secs,
                    size_t n, unsigned kinds)
{
    struct diploma_list list;
    size_t i, c = 0;

    memset(&list, 0, sizeof(list));
    for (i = 0; i < n; i++)
        diploma_collect(&list, ev, secs[i].ranking);
    for (i = 0; i < list.n; i++)
        if (kinds & (1u << list.items[i].kind))
            c++;
    diploma_list_release(&list);
    return c;
}

int render_diplomas_none(const struct event *ev,
                         const struct render_section *secs, size_t n)
{
    return !count(ev, secs, n, SECTION_KINDS);
}

int render_coach_diplomas_none(const struct event *ev,
                               const struct render_section *secs, size_t n)
{
    return !count(ev, secs, n, COACH_KINDS);
}
