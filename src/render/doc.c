/* render/doc: a document being made, in no particular format: its
 * templates, placeholders, table and legend.
 * SPDX-License-Identifier: MIT
 */
#include "render/doc.h"

#include <stdarg.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "util/i18n.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ---- errors and template access ---- */

void doc_fail(struct doc *d, enum err e, const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;

    va_start(ap, fmt);
    strbuf_vaddf(&sb, _(fmt), ap);
    va_end(ap);
    diag_error(d->dl, NULL, 0, 0, "%s", sb.buf);
    strbuf_release(&sb);
    if (!d->err)
        d->err = e;
}

void doc_template_failed(struct doc *d, enum err e)
{
    if (e && !d->err)
        d->err = e;
}

static const char *template_names(struct doc *d, struct strbuf *sb)
{
    size_t i;

    for (i = 0; i < d->tpl.n_files; i++)
        strbuf_addf(sb, "%s'%s'", i ? " or " : "", d->tpl.files[i]);
    return sb->buf;
}

const char *doc_opt(struct doc *d, const char *section, const char *key)
{
    return template_get(&d->tpl, section, key, NULL);
}

const char *doc_str(struct doc *d, const char *section, const char *key)
{
    const char *v = template_get(&d->tpl, section, key, NULL);

    if (!v) {
        struct strbuf sb = STRBUF_INIT;
        doc_fail(d, ERR_PARSE, "%s: no '%s' in [%s]", template_names(d, &sb),
                 key, section);
        strbuf_release(&sb);
        return "";
    }
    return v;
}

int doc_expand(struct doc *d, const char *section, const char *key,
               const struct template_var *extra, size_t n_extra,
               struct strbuf *out)
{
    const struct template_entry *e = template_find(&d->tpl, section, key);
    struct template_var vars[32];
    size_t n = 0, i;
    int all_empty = 0;
    enum err err;

    if (!e) {
        doc_str(d, section, key);
        return 1;
    }
    for (i = 0; i < d->n_vars && n < 32; i++)
        vars[n++] = d->vars[i];
    for (i = 0; i < n_extra && n < 32; i++)
        vars[n++] = extra[i];
    err = template_subst(e->value, e, vars, n, out, &all_empty, d->dl);
    doc_template_failed(d, err);
    return err || all_empty || !*e->value;
}

int doc_flag(struct doc *d, const char *section, const char *key, int def)
{
    static const char *const words[] = {"no", "yes", NULL};
    int v;

    doc_template_failed(
        d, template_choice(&d->tpl, section, key, words, def, &v, d->dl));
    return v;
}

/* ---- the keys the documents read ---- */

/*
 * Every key of the templates some document reads: of any document (doc
 * NULL: common.ini's, which every document's own file may change too) or
 * of one.  A key is a name, "*" (any: the titles), "NAME*" or "*NAME" (a
 * family: the policies' notes, the tie-breaks' headings).
 */
static const struct {
    const char *doc, *section, *keys;
} known_keys[] = {
    {NULL, "page",
     "width height margin-left margin-right margin-top margin-bottom "
     "orientation"},
    {NULL, "fonts", "serif serif-bold sans sans-bold"},
    {NULL, "text", "body title heading small table table-min-size"},
    {NULL, "header",
     "organiser event section details event-rank age-group order place dates "
     "time-control date-style running"},
    {NULL, "page-numbers", "format when position"},
    {NULL, "signatures", "arbiter secretary with-category date side-by-side"},
    {NULL, "columns",
     "number place start name rank rating region birth coach fed fide-id club "
     "patronymic points decision team round"},
    {NULL, "table", "omit-empty"},
    {NULL, "legend", "heading tiebreak round"},
    {NULL, "tiebreaks", "*.heading *.legend"},
    {NULL, "decisions",
     "de de.legend playoff playoff.legend playoff-needed "
     "playoff-needed.legend boards boards.legend"},
    {NULL, "titles", "*"},
    {NULL, "notes", "playoff playoff-plain playoff-needed qualify unplayed-*"},
    {"ranking", "document",
     "title subtitle subtitle-interim title-teams subtitle-teams "
     "subtitle-teams-interim"},
    {"ranking", "table",
     "columns team-columns ko-columns protocol-columns protocol-ko-columns"},
    {"bracket", "document", "title subtitle"},
    {"bracket", "bracket",
     "size min-size round round-final round-third stage-classic stage-rapid "
     "stage-blitz stage-armageddon bye walkover armageddon-draw"},
    {"bracket", "legend",
     "scores stage-* armageddon-draw armageddon-black armageddon-white "
     "forfeit walkover bye"},
    {"matches", "document", "title subtitle"},
    {"matches", "columns",
     "round match game stage white-no white black-no black result score"},
    {"matches", "stages", "classic rapid blitz armageddon walkover"},
    {"matches", "legend",
     "forfeit open armageddon armageddon-black armageddon-white"},
    {"crosstable", "document",
     "title-swiss subtitle-swiss subtitle-swiss-interim title-round-robin "
     "subtitle-round-robin subtitle-round-robin-interim title-team-players "
     "subtitle-team-players-*"},
    {"crosstable", "swiss",
     "columns team-columns opponent round-heading running-total"},
    {"crosstable", "round-robin",
     "order columns diagonal forfeit-win forfeit-loss"},
    {"crosstable", "marks",
     "white black win draw loss played forfeit-win forfeit-loss bye-pairing "
     "bye-full bye-half bye-zero withdrawn reserve"},
    {"mandate", "document",
     "entries-title entries-subtitle checklist-title checklist-subtitle "
     "protocol-title protocol-subtitle"},
    {"mandate", "entries", "*"},
    {"mandate", "programme", "classic rapid blitz other"},
    {"mandate", "officials", "number name region team"},
    {"mandate", "checklist", "*"},
    {"mandate", "protocol", "*"},
    {"mandate", "disciplines", "classic rapid blitz"},
    {"mandate", "reasons",
     "born no-birth rank no-rank rank-unknown citizen identity medical "
     "insurance fee"},
    {"team-crosstable", "document",
     "title-swiss subtitle-swiss subtitle-swiss-interim title-round-robin "
     "subtitle-round-robin subtitle-round-robin-interim"},
    {"team-crosstable", "round-robin", "columns diagonal"},
    {"team-crosstable", "swiss", "columns round-heading"},
    {"team-crosstable", "marks",
     "white black score forfeit-win forfeit-loss match bye"},
    {"team-crosstable", "legend", "rr-score forfeits swiss-match bye"},
    {"boards", "document", "title subtitle subtitle-interim"},
    {"boards", "columns",
     "team board start name rating round games points percent aro "
     "performance"},
    {"boards", "marks",
     "white black win draw loss played forfeit-win forfeit-loss"},
    {"boards", "legend", "played forfeits columns"},
    {"boards", "prizes", "heading board none"},
    {"report", "sheets", "info prizes statistics"},
    {"report", "info", "*"},
    {"report", "team-table", "*"},
    {"report", "prizes", "*"},
    {"report", "statistics", "*"},
    {"report", "panel", "*"},
    {"report", "notes", "*"},
    {"report", "norms", "*"},
    {"report", "groups", "*"},
    {"diploma-*", "document", "title"},
    {"diploma-*", "diploma", "mode background frame"},
    {"diploma-*", "qr", "x y size"},
    {"diploma-*", "signatures", "x y width font align"},
    {"diploma-*", "block *",
     "x y width height font min-size align text preprinted"},
    {"crosstable", "legend",
     "played.start played.place forfeit-win forfeit-loss bye-pairing "
     "bye-full bye-half bye-zero withdrawn reserve running-total rr-results "
     "rr-forfeits"},
};

/* 1 when the word w (n bytes) of a key list matches key. */
static int key_matches(const char *w, size_t n, const char *key)
{
    size_t k = strlen(key);

    if (n == 1 && w[0] == '*')
        return 1;
    if (w[0] == '*')
        return k >= n - 1 && !memcmp(key + k - (n - 1), w + 1, n - 1);
    if (w[n - 1] == '*')
        return k >= n - 1 && !memcmp(key, w, n - 1);
    return k == n && !memcmp(key, w, n);
}

/* 1 when name matches pattern: equal, or "PREFIX*" and name starts so. */
static int name_matches(const char *pattern, const char *name)
{
    size_t n = strlen(pattern);

    if (n && pattern[n - 1] == '*')
        return !strncmp(pattern, name, n - 1);
    return !strcmp(pattern, name);
}

int doc_key_known(const char *kind, const char *section, const char *key)
{
    size_t i;

    for (i = 0; i < sizeof(known_keys) / sizeof(known_keys[0]); i++) {
        const char *w = known_keys[i].keys;
        if ((known_keys[i].doc && kind &&
             !name_matches(known_keys[i].doc, kind)) ||
            !name_matches(known_keys[i].section, section))
            continue;
        while (*w) {
            size_t n = strcspn(w, " ");
            if (key_matches(w, n, key))
                return 1;
            w += n;
            w += strspn(w, " ");
        }
    }
    return 0;
}

/* Read a style "FACE SIZE" ("serif-bold 14"). */

void doc_lines_expand(struct doc *d, struct doc_lines *lines,
                      const char *section, const char *key,
                      const struct template_var *extra, size_t n_extra)
{
    struct strbuf sb = STRBUF_INIT;

    if (doc_expand(d, section, key, extra, n_extra, &sb)) {
        strbuf_release(&sb);
        return;
    }
    ALLOC_GROW(lines->items, lines->nr + 1, lines->alloc);
    lines->items[lines->nr++] = sb;
}

void doc_lines_release(struct doc_lines *lines)
{
    size_t i;

    for (i = 0; i < lines->nr; i++)
        strbuf_release(&lines->items[i]);
    free(lines->items);
    memset(lines, 0, sizeof(*lines));
}

/* ---- a document of parts ---- */

static struct doc_part *add_part(struct doc *d, enum doc_part_kind kind)
{
    struct doc_part *p;

    ALLOC_GROW(d->parts, d->n_parts + 1, d->parts_alloc);
    p = &d->parts[d->n_parts++];
    memset(p, 0, sizeof(*p));
    p->kind = kind;
    return p;
}

void doc_add_text(struct doc *d, enum doc_part_kind kind, const char *text)
{
    add_part(d, kind)->text = xstrdup(text ? text : "");
}

struct sheet *doc_add_table(struct doc *d, size_t ncols)
{
    struct doc_part *p = add_part(d, DOC_PART_TABLE);

    sheet_init(&p->sheet, ncols);
    return &p->sheet;
}

void doc_sign_title(struct doc *d, const char *key, const char *position,
                    struct strbuf *out)
{
    struct strbuf role = STRBUF_INIT, cat = STRBUF_INIT;
    struct template_var v[2];

    signatory_split(position, &role, &cat, NULL);
    v[0].name = "position";
    v[0].value = role.len ? role.buf : doc_str(d, "signatures", key);
    v[1].name = "category";
    v[1].value = cat.buf;
    if (!cat.len || doc_expand(d, "signatures", "with-category", v, 2, out))
        strbuf_addstr(out, v[0].value);
    strbuf_release(&role);
    strbuf_release(&cat);
}

void doc_add_sign(struct doc *d, const char *position, const char *name)
{
    struct doc_part *p = add_part(d, DOC_PART_SIGN);

    p->text = xstrdup(position ? position : "");
    p->name = xstrdup(name ? name : "");
}

/* ---- lifecycle ---- */

static void set_var(struct doc *d, const char *name, const char *value)
{
    assert(d->n_vars < sizeof(d->vars) / sizeof(d->vars[0]));
    d->vars[d->n_vars].name = name;
    d->vars[d->n_vars].value = value ? value : "";
    d->n_vars++;
}

static void load_templates(struct doc *d)
{
    struct strbuf path = STRBUF_INIT;
    enum err e;

    strbuf_addf(&path, "%s/common.ini", d->ro->templates_dir);
    e = template_load(&d->tpl, path.buf, d->dl);
    if (!e) {
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s.ini", d->ro->templates_dir, d->kind);
        e = template_load(&d->tpl, path.buf, d->dl);
    }
    doc_template_failed(d, e);
    strbuf_release(&path);
}

/* One part of the details line: [header] key with {var} = value, after
   the parts before it; nothing when the value is empty. */
static void details_part(struct doc *d, const char *key, const char *var,
                         const char *value)
{
    struct template_var v;
    struct strbuf sb = STRBUF_INIT;

    if (!value || !*value)
        return;
    v.name = var;
    v.value = value;
    if (!doc_expand(d, "header", key, &v, 1, &sb) && sb.len)
        strbuf_addf(&d->details, "%s%s", d->details.len ? "; " : "", sb.buf);
    strbuf_release(&sb);
}

static void set_vars(struct doc *d, const char *title_key,
                     const char *subtitle_key)
{
    const struct doc_context *dc = d->dc;
    static const char *const date_styles[] = {"short", "long", NULL};
    int longform;
    const char *sub;

    doc_template_failed(d, template_choice(&d->tpl, "header", "date-style",
                                           date_styles, 1, &longform, d->dl));
    doc_dates(&d->dates, &dc->start, &dc->end, dc->start_text, dc->end_text,
              longform);
    if (dc->city && *dc->city)
        strbuf_addstr(&d->place, dc->city);
    if (dc->venue && *dc->venue)
        strbuf_addf(&d->place, "%s%s", d->place.len ? ", " : "", dc->venue);
    details_part(d, "event-rank", "rank", dc->event_rank);
    details_part(d, "age-group", "age_group", dc->age_group);
    details_part(d, "order", "order", dc->order);
    if (dc->event_title && *dc->event_title)
        strbuf_addstr(&d->event_section, dc->event_title);
    if (dc->section_title && *dc->section_title)
        strbuf_addf(&d->event_section, "%s%s",
                    d->event_section.len ? " — " : "", dc->section_title);
    snprintf(d->rounds, sizeof(d->rounds), "%d", dc->s ? dc->s->n_rounds : 0);
    snprintf(d->players, sizeof(d->players), "%zu",
             dc->t ? dc->t->n_players : (size_t)0);
    strbuf_addstr(&d->title, doc_str(d, "document", title_key));
    if (subtitle_key && dc->after_round > 0) {
        /* An interim document: "положення після 3 туру". */
        struct strbuf key = STRBUF_INIT;
        struct template_var v;
        char round[24];
        snprintf(round, sizeof(round), "%d", dc->after_round);
        v.name = "round";
        v.value = round;
        strbuf_addf(&key, "%s-interim", subtitle_key);
        doc_expand(d, "document", key.buf, &v, 1, &d->subtitle);
        strbuf_release(&key);
    } else {
        sub = subtitle_key ? doc_opt(d, "document", subtitle_key) : NULL;
        if (sub)
            strbuf_addstr(&d->subtitle, sub);
    }

    set_var(d, "event", dc->event_title);
    set_var(d, "section", dc->section_title);
    set_var(d, "event_section", d->event_section.buf);
    set_var(d, "organiser", dc->organiser);
    set_var(d, "dates", d->dates.buf);
    set_var(d, "city", dc->city);
    set_var(d, "venue", dc->venue);
    set_var(d, "place", d->place.buf);
    set_var(d, "details", d->details.buf);
    set_var(d, "time_control", dc->time_control);
    set_var(d, "rounds", d->rounds);
    set_var(d, "players", d->players);
    set_var(d, "document", d->title.buf);
}

/*
 * Refuse header texts longer than a header can show (event.ini's are
 * refused where they are read, at their line; a lone results file's come
 * here): bad data, not a document of a hundred pages of title.
 */
static void check_lengths(struct doc *d)
{
    const struct doc_context *dc = d->dc;
    const struct {
        const char *what, *text;
    } texts[] = {
        {"the event's title", dc->event_title},
        {"the section's title", dc->section_title},
        {"the organisers", dc->organiser},
        {"the city", dc->city},
        {"the venue", dc->venue},
        {"the time control", dc->time_control},
        {"the chief arbiter", dc->chief_arbiter},
        {"the chief arbiter's position", dc->chief_arbiter_position},
        {"the chief secretary", dc->chief_secretary},
        {"the chief secretary's position", dc->chief_secretary_position},
    };
    size_t i, n;

    for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        if (!texts[i].text)
            continue;
        n = utf8_len(texts[i].text);
        if (n > EVENT_TEXT_MAX)
            doc_fail(d, ERR_RENDER,
                     "%s is too long for the documents (%zu characters; at "
                     "most %d)",
                     texts[i].what, n, EVENT_TEXT_MAX);
    }
}

void doc_open(struct doc *d, const char *kind, const char *title_key,
              const char *subtitle_key, const struct doc_context *dc,
              const struct render_options *ro, struct diag_list *dl)
{
    memset(d, 0, sizeof(*d));
    d->kind = kind;
    d->dc = dc;
    d->ro = ro;
    d->dl = dl;
    strbuf_init(&d->dates, 0);
    strbuf_init(&d->place, 0);
    strbuf_init(&d->details, 0);
    strbuf_init(&d->event_section, 0);
    strbuf_init(&d->title, 0);
    strbuf_init(&d->subtitle, 0);
    check_lengths(d);
    if (d->err)
        return;
    load_templates(d);
    if (d->err)
        return;
    set_vars(d, title_key, subtitle_key);
}

void doc_close(struct doc *d)
{
    size_t i;

    for (i = 0; i < d->n_parts; i++) {
        free(d->parts[i].text);
        free(d->parts[i].name);
        if (d->parts[i].kind == DOC_PART_TABLE)
            sheet_release(&d->parts[i].sheet);
    }
    free(d->parts);
    sheet_release(&d->sheet);
    doc_lines_release(&d->legend);
    template_release(&d->tpl);
    strbuf_release(&d->dates);
    strbuf_release(&d->place);
    strbuf_release(&d->details);
    strbuf_release(&d->event_section);
    strbuf_release(&d->title);
    strbuf_release(&d->subtitle);
}
