/* cli/docs: the documents of every section of a load (an event folder or a
 * lone results file), shared by 'render' and 'build'.
 * SPDX-License-Identifier: MIT
 */
#include "cli/docs.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "ingest/load.h"
#include "cli/options.h"
#include "core/ranking.h"
#include "core/event.h"
#include "core/region.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "render/doc.h"
#include "render/template.h"
#include "util/date.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_DATADIR
#define SEKRETAR_DATADIR "/usr/local/share/sekretar"
#endif

/* ------------------------------------------------------------- data dir */

/* The directory the running program is in, or NULL. */
static char *program_dir(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    char *slash;

    if (n <= 0)
        return NULL;
    buf[n] = '\0';
    slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return xstrdup(buf);
}

char *docs_data_dir(const char *sub, const char *env)
{
    const char *v = getenv(env);
    struct strbuf sb = STRBUF_INIT;
    char *dir;

    if (v && *v)
        return xstrdup(v);
    v = getenv("SEKRETAR_DATADIR");
    if (v && *v) {
        strbuf_addf(&sb, "%s/%s", v, sub);
        return strbuf_detach(&sb, NULL);
    }
    dir = program_dir();
    if (dir) {
        strbuf_addf(&sb, "%s/%s", dir, sub);
        if (file_is_dir(sb.buf)) {
            free(dir);
            return strbuf_detach(&sb, NULL);
        }
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/../share/sekretar/%s", dir, sub);
        free(dir);
        if (file_is_dir(sb.buf))
            return strbuf_detach(&sb, NULL);
        strbuf_reset(&sb);
    }
    strbuf_addf(&sb, "%s/%s", SEKRETAR_DATADIR, sub);
    return strbuf_detach(&sb, NULL);
}

int docs_creation_time(long long *out)
{
    const char *v = getenv("SEKRETAR_TEST_DATE");
    struct date d;
    char *end;

    if (v && *v) {
        if (date_parse(v, &d)) {
            cli_error("SEKRETAR_TEST_DATE: cannot read the date '%s'", v);
            return -1;
        }
        *out = (long long)date_days(&d) * 86400;
        return 0;
    }
    v = getenv("SOURCE_DATE_EPOCH");
    if (v && *v) {
        *out = strtoll(v, &end, 10);
        if (*end || *out < 0) {
            cli_error("SOURCE_DATE_EPOCH: not a number of seconds: '%s'", v);
            return -1;
        }
        return 0;
    }
    *out = (long long)time(NULL);
    return 0;
}

/* ------------------------------------------------------------------ job */

/* Everything one section's documents show, and what holds it. */
struct job {
    struct doc_context dc;
    struct arena arena;
    struct doc_player *players;
    struct doc_tiebreak *tbs;
    enum doc_decision *decisions;
    const char **notes;
    size_t n_notes, notes_alloc;
    struct section_ranking own; /* ranked here when the caller did not */
};

static void job_release(struct job *j)
{
    section_ranking_release(&j->own);
    free(j->players);
    free(j->tbs);
    free(j->decisions);
    free(j->notes);
    arena_release(&j->arena);
}

static void add_note(struct job *j, const char *text)
{
    if (!text || !*text)
        return;
    ALLOC_GROW(j->notes, j->n_notes + 1, j->notes_alloc);
    j->notes[j->n_notes++] = arena_strdup(&j->arena, text);
}

/* Expand [notes] key of the templates with vars into a note. */
static void template_note(struct job *j, const struct template *tpl,
                          const char *key, const struct template_var *vars,
                          size_t n)
{
    const struct template_entry *e = template_find(tpl, "notes", key);
    struct strbuf sb = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    int empty = 0;

    if (e && !template_subst(e->value, e, vars, n, &sb, &empty, &dl))
        add_note(j, sb.buf);
    strbuf_release(&sb);
    diag_list_release(&dl);
}

/* The category part of "головний суддя, суддя національної категорії". */
static const char *category_of(const char *position)
{
    const char *comma = position ? strchr(position, ',') : NULL;

    if (!comma)
        return NULL;
    comma++;
    while (*comma == ' ')
        comma++;
    return *comma ? comma : NULL;
}

/* Registry data of the section's players, in t->players order. */
static void fill_players(struct job *j, const struct load *ld,
                         const struct load_item *it)
{
    const struct tournament *t = it->t;
    size_t i, k;

    j->players = xcalloc(t->n_players ? t->n_players : 1,
                         sizeof(*j->players));
    for (i = 0; i < t->n_players; i++) {
        struct doc_player *dp = &j->players[i];
        const struct player *p = &t->players[i];
        int pi = it->section && it->section->person ? it->section->person[i]
                                                     : -1;
        struct date d;

        if (p->birth && !date_parse(p->birth, &d))
            dp->birth_year = d.y;
        else if (p->birth && strlen(p->birth) >= 4 &&
                 p->birth[0] >= '1' && p->birth[0] <= '2')
            dp->birth_year = (int)strtol(p->birth, NULL, 10);
        if (pi >= 0 && (size_t)pi < ld->ev->n_people) {
            const struct person *pe = &ld->ev->people[pi];
            struct strbuf coaches = STRBUF_INIT;
            if (pe->region >= 0)
                dp->region = region_get(pe->region)->name;
            else if (pe->region_text && *pe->region_text)
                dp->region = pe->region_text;
            dp->rank = pe->rank;
            for (k = 0; k < pe->n_coaches; k++)
                strbuf_addf(&coaches, "%s%s", k ? ", " : "", pe->coaches[k]);
            dp->coach = arena_strdup(&j->arena, coaches.buf);
            strbuf_release(&coaches);
            if (pe->birth_year)
                dp->birth_year = pe->birth_year;
        }
    }
}

/* Tie-break columns and what decided each place. */
static void fill_ranking(struct job *j, const struct template *tpl,
                         const struct load_item *it, const struct playoff *pos,
                         size_t npos)
{
    const struct standings *s = j->dc.s;
    const struct tournament *t = it->t;
    size_t np = t->n_players, nt = s->rules.n, i, k;
    double *values = arena_alloc(&j->arena, sizeof(double) * (np * nt + 1));
    struct strbuf sb = STRBUF_INIT, who = STRBUF_INIT;

    j->tbs = xcalloc(nt + 1, sizeof(*j->tbs));
    for (k = 0; k < nt; k++) {
        j->tbs[k].code = s->rules.tb[k].code;
        j->tbs[k].heading = s->rules.tb[k].ua_short;
        j->tbs[k].legend = s->rules.tb[k].ua_name;
        j->tbs[k].values = values + k * np;
        for (i = 0; i < np; i++)
            values[k * np + i] = NAN;
    }
    j->decisions = xcalloc(np ? np : 1, sizeof(*j->decisions));
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        for (k = 0; k < nt; k++) {
            /* The place inside a tied group; 0 (it separated nobody) is
               left blank rather than printed down the whole column. */
            if (row->values[k].undefined ||
                (s->rules.tb[k].def->id == TB_DE &&
                 row->values[k].value == 0))
                continue;
            values[k * np + (size_t)row->player] = row->values[k].value;
        }
        if (row->flags & STANDINGS_BY_PLAYOFF)
            j->decisions[row->player] = DOC_DECIDED_PLAYOFF;
        else if (row->flags & STANDINGS_PLAYOFF_NEEDED)
            j->decisions[row->player] = DOC_PLAYOFF_NEEDED;
        else if (row->flags & STANDINGS_BY_DE)
            j->decisions[row->player] = DOC_DECIDED_DE;
    }
    j->dc.tiebreaks = j->tbs;
    j->dc.n_tiebreaks = nt;
    j->dc.decisions = j->decisions;

    /* Notes: play-offs played and needed, qualification, unplayed rule. */
    for (k = 0; k < npos; k++) {
        const struct standings_row *first =
            standings_find(s, pos[k].start_nos[0]);
        struct template_var vars[3];
        if (!first)
            continue;
        strbuf_reset(&sb);
        doc_place(&sb, first->place_lo, first->place_lo + (int)pos[k].n - 1);
        strbuf_reset(&who);
        for (i = 0; i < pos[k].n; i++) {
            const struct player *p = tournament_player(t, pos[k].start_nos[i]);
            struct strbuf name = STRBUF_INIT;
            /* Names hold commas ("Шість, Устим"): "Шість Устим (6)". */
            if (p) {
                const char *c;
                for (c = p->name; *c; c++)
                    if (*c != ',')
                        strbuf_addch(&name, *c);
            }
            strbuf_addf(&who, "%s%s (%d)", i ? "; " : "",
                        p ? name.buf : "?", pos[k].start_nos[i]);
            strbuf_release(&name);
        }
        vars[0].name = "places";
        vars[0].value = sb.buf;
        vars[1].name = "note";
        vars[1].value = pos[k].note;
        vars[2].name = "players";
        vars[2].value = who.buf;
        template_note(j, tpl,
                      pos[k].note && *pos[k].note ? "playoff" : "playoff-plain",
                      vars, 3);
    }
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        struct template_var var;
        if (!(row->flags & STANDINGS_PLAYOFF_NEEDED) ||
            (i && s->rows[i - 1].place_lo == row->place_lo))
            continue;
        strbuf_reset(&sb);
        doc_place(&sb, row->place_lo, row->place_hi);
        var.name = "places";
        var.value = sb.buf;
        template_note(j, tpl, "playoff-needed", &var, 1);
    }
    if (it->section && it->section->qualify_places > 0 &&
        it->section->qualify_for && *it->section->qualify_for) {
        struct template_var vars[2];
        strbuf_reset(&sb);
        doc_place(&sb, 1, it->section->qualify_places);
        vars[0].name = "places";
        vars[0].value = sb.buf;
        vars[1].name = "for";
        vars[1].value = it->section->qualify_for;
        template_note(j, tpl, "qualify", vars, 2);
    }
    if (nt) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "unplayed-%s",
                    tiebreak_policy_name((enum tiebreak_policy)s->rules.policy));
        template_note(j, tpl, sb.buf, NULL, 0);
    }
    j->dc.notes = j->notes;
    j->dc.n_notes = j->n_notes;
    strbuf_release(&sb);
    strbuf_release(&who);
}

/* The header: from event.ini for a section, from the TRF for a lone file. */
static void fill_header(struct job *j, const struct load *ld,
                        const struct load_item *it)
{
    const struct tournament *t = it->t;
    struct doc_context *dc = &j->dc;
    struct strbuf sb = STRBUF_INIT;

    if (ld->ev->lone_file) {
        dc->event_title = t->name;
        dc->city = t->city;
        dc->start = ld->ev->start;
        dc->end = ld->ev->end;
        dc->start_text = t->start_date;
        dc->end_text = t->end_date;
        dc->time_control = t->time_control;
        dc->chief_arbiter = t->chief_arbiter;
        return;
    }
    dc->event_title = ld->ev->title;
    dc->section_title = it->section->title;
    dc->organiser = ld->ev->organisers;
    if (date_valid(&ld->ev->start))
        dc->start = ld->ev->start;
    if (date_valid(&ld->ev->end))
        dc->end = ld->ev->end;
    dc->city = ld->ev->city;
    dc->venue = ld->ev->venue;
    dc->time_control = it->section->time_control && *it->section->time_control
                           ? it->section->time_control
                           : t->time_control;
    dc->chief_arbiter = ld->ev->chief_arbiter.name;
    dc->chief_arbiter_category = category_of(ld->ev->chief_arbiter.position);
    dc->chief_secretary = ld->ev->chief_secretary.name;
    dc->chief_secretary_category =
        category_of(ld->ev->chief_secretary.position);
    if (it->section->system == SYS_ROUND_ROBIN)
        dc->system = DOC_SYSTEM_ROUND_ROBIN;
    else if (it->section->system == SYS_SWISS)
        dc->system = DOC_SYSTEM_SWISS;
    strbuf_release(&sb);
}

/*
 * Render one section's documents, each under a temporary name of grp (the
 * caller puts them in place); the exit code.
 */
static int render_item(const struct load *ld, const struct load_item *it,
                       const struct docs_options *o,
                       const struct render_options *ro,
                       const struct template *tpl, struct atomic_group *grp,
                       struct docs_output *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    const struct section_ranking *sr;
    const struct playoff *pos = NULL;
    struct job j;
    const char *stem;
    size_t npos = 0, i;
    int ret = 0;

    memset(&j, 0, sizeof(j));
    if (o->ranking) {
        sr = &o->ranking->sections[it - ld->items];
    } else {
        enum err e = section_rank(ld->ev, it->section, o->rules, &j.own, &dl);
        if (e) {
            ret = rules_report(e, &dl, "render");
            goto out;
        }
        sr = &j.own;
    }
    j.dc.s = &sr->s;
    /* The play-offs, for the notes that name them. */
    pos = sr->playoffs;
    npos = sr->n_playoffs;
    j.dc.t = it->t;
    fill_header(&j, ld, it);
    if (o->system != DOC_SYSTEM_AUTO)
        j.dc.system = o->system;
    fill_players(&j, ld, it);
    j.dc.players = j.players;
    fill_ranking(&j, tpl, it, pos, npos);
    stem = it->section->id;
    for (i = 0; i < render_n_documents; i++) {
        struct docs_file *f;
        const char *tmp;
        enum err e;
        if (o->only && !(o->only & (1u << i)))
            continue;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s-%s.pdf", o->outdir, stem,
                    render_documents[i].name);
        e = atomic_group_add(grp, path.buf, &tmp, &dl);
        if (!e) {
            e = render_documents[i].render(&j.dc, ro, tmp, &dl);
            diag_list_rename_file(&dl, tmp, path.buf);
        }
        if (e) {
            cli_print_diags(&dl, stderr, 1);
            cli_error("%s: the %s was not written", path.buf,
                      render_documents[i].name);
            ret = cli_exit_code(e);
            goto out;
        }
        cli_print_diags(&dl, stderr, 1); /* its warnings */
        ALLOC_GROW(out->files, out->n + 1, out->alloc);
        f = &out->files[out->n++];
        f->path = xstrdup(path.buf);
        f->name = xstrdup(path.buf + strlen(o->outdir) + 1);
        f->section = stem;
        f->document = render_documents[i].name;
        diag_list_release(&dl);
    }
out:
    job_release(&j);
    strbuf_release(&path);
    diag_list_release(&dl);
    return ret;
}

int docs_render(const struct load *ld, const struct docs_options *o,
                struct docs_output *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct render_options ro;
    struct template tpl = TEMPLATE_INIT;
    struct atomic_group grp = ATOMIC_GROUP_INIT;
    struct strbuf common = STRBUF_INIT;
    char *templates_dir = NULL, *fonts_dir = NULL;
    size_t i, first = out->n;
    int ret = EXIT_OK, made_dir = !file_is_dir(o->outdir);
    enum err e;

    e = file_mkdirs(o->outdir, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
        goto out;
    }
    templates_dir = o->templates_dir
                        ? xstrdup(o->templates_dir)
                        : docs_data_dir("templates", "SEKRETAR_TEMPLATES");
    fonts_dir = docs_data_dir("fonts", "SEKRETAR_FONTS");
    strbuf_addf(&common, "%s/common.ini", templates_dir);
    e = template_load(&tpl, common.buf, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
        goto out;
    }
    memset(&ro, 0, sizeof(ro));
    ro.templates_dir = templates_dir;
    ro.fonts_dir = fonts_dir;
    ro.created = o->created;
    /* Every template's errors and warnings once, not once a document. */
    e = render_check_templates(&ro, &dl);
    cli_print_diags(&dl, stderr, 1);
    if (e) {
        ret = cli_exit_code(e);
        goto out;
    }
    for (i = 0; i < ld->n && !ret; i++)
        if (ld->items[i].t)
            ret = render_item(ld, &ld->items[i], o, &ro, &tpl, &grp, out);
    /* Every document or none: they go into place together. */
    if (!ret) {
        e = atomic_group_commit(&grp, &dl);
        if (e) {
            cli_print_diags(&dl, stderr, 0);
            ret = cli_exit_code(e);
        }
    }
    if (ret) {
        size_t n = out->n - first;
        atomic_group_abort(&grp);
        if (n && !o->quiet)
            cli_error("%s: no document written; the %zu document%s made "
                      "before the failure %s discarded",
                      o->outdir, n, n == 1 ? "" : "s", n == 1 ? "was" : "were");
    } else if (!o->quiet) {
        for (i = first; i < out->n; i++)
            printf("%s\n", out->files[i].path);
    }
out:
    /* A folder made for documents that were not written goes too. */
    if (ret && made_dir)
        rmdir(o->outdir);
    template_release(&tpl);
    strbuf_release(&common);
    free(templates_dir);
    free(fonts_dir);
    diag_list_release(&dl);
    return ret;
}

void docs_output_release(struct docs_output *out)
{
    size_t i;

    for (i = 0; i < out->n; i++) {
        free(out->files[i].path);
        free(out->files[i].name);
    }
    free(out->files);
    arena_release(&out->arena);
    memset(out, 0, sizeof(*out));
}
