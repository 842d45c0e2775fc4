/* render/render: the table of the documents, and the documents of an
 * event written all or none.
 * SPDX-License-Identifier: MIT
 */
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/ranking.h"
#include "render/doc.h"
#include "render/template.h"
#include "render/view.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char *const diploma_templates[] = {
    "diploma-individual", "diploma-team", "diploma-member", NULL};
static const char *const coach_templates[] = {"diploma-coach", NULL};
/* The mandate commission's three documents share one file. */
static const char *const mandate_templates[] = {"mandate", NULL};

const struct render_document render_documents[] = {
    {"ranking", "Протокол результатів",
     RENDER_SECTION, RENDER_PDF, 0, render_ranking, NULL, NULL,
     NULL, NULL, NULL},
    {"crosstable", "Турнірна таблиця",
     RENDER_SECTION, RENDER_PDF,
     RENDER_OF_PLAYERS | RENDER_NOT_KNOCKOUT, render_crosstable, NULL, NULL,
     NULL, NULL, NULL},
    {"team-crosstable", "Турнірна таблиця командної першості",
     RENDER_SECTION, RENDER_PDF, RENDER_OF_TEAMS,
     render_team_crosstable, NULL, NULL, NULL, NULL, NULL},
    {"boards", "Підсумки виступів за дошками",
     RENDER_SECTION, RENDER_PDF, RENDER_OF_TEAMS, render_boards,
     NULL, NULL, NULL, NULL, NULL},
    {"bracket", "Сітка змагань",
     RENDER_SECTION, RENDER_PDF, RENDER_KNOCKOUT, render_bracket,
     NULL, NULL, NULL, NULL, NULL},
    {"matches", "Протокол матчів",
     RENDER_SECTION, RENDER_PDF, RENDER_KNOCKOUT, render_matches,
     NULL, NULL, NULL, NULL, NULL},
    {"report", "Звіт для міністерства",
     RENDER_EVENT, RENDER_XLSX, 0, NULL, render_report, NULL, NULL,
     NULL, NULL},
    {"diplomas", "Дипломи",
     RENDER_SECTION, RENDER_PDF, RENDER_FINAL, NULL, NULL,
     render_diplomas, render_diplomas_none, diploma_templates, "diplomas"},
    {"coaches-diplomas", "Дипломи тренерів",
     RENDER_EVENT, RENDER_PDF, RENDER_FINAL, NULL,
     render_coach_diplomas, NULL, render_coach_diplomas_none, coach_templates,
     "diplomas"},
    {"mandate-entries", "Іменні заявки",
     RENDER_EVENT, RENDER_PDF, RENDER_BEFORE_RESULTS, NULL,
     render_mandate_entries, NULL, NULL, mandate_templates, "mandate"},
    {"mandate-checklist", "Відомість мандатної комісії",
     RENDER_EVENT, RENDER_PDF, RENDER_BEFORE_RESULTS,
     NULL, render_mandate_checklist, NULL, NULL, mandate_templates,
     "mandate"},
    {"mandate-protocol", "Протокол мандатної комісії",
     RENDER_EVENT, RENDER_PDF, RENDER_BEFORE_RESULTS,
     NULL, render_mandate_protocol, NULL, NULL, mandate_templates,
     "mandate"},
};

const size_t render_n_documents =
    sizeof(render_documents) / sizeof(render_documents[0]);

const struct render_document *render_find(const char *name)
{
    size_t i;

    for (i = 0; i < render_n_documents; i++)
        if (!strcmp(render_documents[i].name, name))
            return &render_documents[i];
    return NULL;
}

int render_group_starts(size_t i)
{
    const char *g = i < render_n_documents ? render_documents[i].group : NULL;

    return g && !render_find(g) &&
           (!i || !render_documents[i - 1].group ||
            strcmp(g, render_documents[i - 1].group));
}

unsigned render_select(const char *name)
{
    unsigned mask = 0;
    size_t i;

    for (i = 0; i < render_n_documents; i++)
        if (!strcmp(render_documents[i].name, name) ||
            (render_documents[i].group &&
             !strcmp(render_documents[i].group, name)))
            mask |= 1u << i;
    return mask;
}

/* Warn about the keys of tpl's entries from index first that kind does not
   read. */
static void warn_unknown(const struct template *tpl, size_t first,
                         const char *kind, struct diag_list *dl)
{
    size_t i;

    for (i = first; i < tpl->nr; i++) {
        const struct template_entry *e = &tpl->items[i];
        if (!doc_key_known(kind, e->section, e->key))
            diag_warning(dl, e->file, e->line, 1,
                         "unknown key '%s' in [%s] ignored", e->key,
                         e->section);
    }
}

enum err render_check_templates(const struct render_options *ro,
                                struct diag_list *dl)
{
    struct template tpl = TEMPLATE_INIT;
    struct strbuf path = STRBUF_INIT;
    enum err e;
    size_t i, first;

    strbuf_addf(&path, "%s/common.ini", ro->templates_dir);
    e = template_load(&tpl, path.buf, dl);
    if (!e)
        warn_unknown(&tpl, 0, NULL, dl);
    for (i = 0; i < render_n_documents && !e; i++) {
        const struct render_document *rd = &render_documents[i];
        const char *const *names = rd->templates;
        size_t k;
        /* Documents that share their templates read them once. */
        if (names && i && render_documents[i - 1].templates == names)
            continue;
        for (k = 0; !e && (names ? names[k] != NULL : k == 0); k++) {
            const char *name = names ? names[k] : rd->name;
            first = tpl.nr;
            strbuf_reset(&path);
            strbuf_addf(&path, "%s/%s.ini", ro->templates_dir, name);
            e = template_load(&tpl, path.buf, dl);
            if (!e)
                warn_unknown(&tpl, first, name, dl);
        }
    }
    template_release(&tpl);
    strbuf_release(&path);
    return e;
}

const char *render_format_ext(enum render_format f)
{
    switch (f) {
    case RENDER_PDF:
        return "pdf";
    case RENDER_XLSX:
        return "xlsx";
    case RENDER_HTML:
        return "html";
    }
    return "pdf";
}

long render_document_of(const char *base)
{
    const char *dot = base ? strrchr(base, '.') : NULL;
    size_t len, i, best_len = 0;
    long best = -1;

    if (!dot)
        return -1;
    len = (size_t)(dot - base);
    for (i = 0; i < render_n_documents; i++) {
        const char *d = render_documents[i].name;
        size_t n = strlen(d);
        int match;
        if (strcmp(dot + 1, render_format_ext(render_documents[i].format)))
            continue;
        if (render_documents[i].scope == RENDER_EVENT)
            match = len == n && !strncmp(base, d, n);
        else
            match = len > n + 1 && base[len - n - 1] == '-' &&
                    !strncmp(base + len - n, d, n);
        /* "team-crosstable" before "crosstable", "coaches-diplomas"
           before "diplomas": the longest name that fits. */
        if (match && n > best_len) {
            best = (long)i;
            best_len = n;
        }
    }
    return best;
}

/* ------------------------------------------------ an event's documents */

enum err render_begin(struct render_job *job, const struct render_request *rq,
                      struct diag_list *dl)
{
    struct strbuf common = STRBUF_INIT;
    enum err e;

    memset(job, 0, sizeof(*job));
    job->rq = rq;
    job->made_dir = !file_is_dir(rq->outdir);
    e = file_mkdirs(rq->outdir, dl);
    if (e)
        return e;
    strbuf_addf(&common, "%s/common.ini", rq->templates_dir);
    e = template_load(&job->common, common.buf, dl);
    strbuf_release(&common);
    if (e)
        return e;
    job->ro.templates_dir = rq->templates_dir;
    job->ro.fonts_dir = rq->fonts_dir;
    job->ro.created = rq->created;
    job->ro.verify_url = rq->verify_url;
    /* Every template's errors and warnings once, not once a document. */
    return render_check_templates(&job->ro, dl);
}

/*
 * Write document rd of view v (NULL: of the event ev) as SECTION-NAME.EXT
 * (NAME.EXT) under a temporary name.
 */
static enum err write_document(struct render_job *job,
                               const struct render_document *rd,
                               const struct view *v, const struct event *ev,
                               const struct render_section *rs,
                               const char *section, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    struct render_file *f;
    const char *tmp;
    enum err e;

    strbuf_addf(&path, "%s/%s%s%s.%s", job->rq->outdir, section ? section : "",
                section ? "-" : "", rd->name, render_format_ext(rd->format));
    e = atomic_group_add(&job->grp, path.buf, &tmp, dl);
    if (!e) {
        e = rd->render_ranked ? rd->render_ranked(ev, rs, &job->ro, tmp, dl)
            : v ? rd->render(&v->dc, &job->ro, tmp, dl)
                : rd->render_event(ev, job->secs, job->n_secs, &job->ro, tmp,
                                   dl);
        diag_list_rename_file(dl, tmp, path.buf);
    }
    if (e) {
        job->failed_path = strbuf_detach(&path, NULL);
        job->failed_document = rd->name;
        return e;
    }
    ALLOC_GROW(job->files, job->n + 1, job->alloc);
    f = &job->files[job->n++];
    f->name = xstrdup(path.buf + strlen(job->rq->outdir) + 1);
    f->path = strbuf_detach(&path, NULL);
    f->section = section;
    f->document = rd->name;
    f->format = rd->format;
    return ERR_OK;
}

enum err render_section(struct render_job *job, const struct event *ev,
                        const struct render_section *rs, struct diag_list *dl)
{
    const struct section *sec = rs->ranking->sec;
    struct view v, players;
    enum err e = ERR_OK;
    size_t i;

    ALLOC_GROW(job->secs, job->n_secs + 1, job->secs_alloc);
    job->secs[job->n_secs++] = *rs;
    view_init(&v, ev, sec, rs->ranking, &job->common);
    view_init(&players, ev, sec, rs->players ? rs->players : rs->ranking,
              &job->common);
    if (job->rq->system != DOC_SYSTEM_AUTO)
        v.dc.system = players.dc.system = job->rq->system;
    if (v.dc.tt) {
        /* The players of a team competition. */
        players.dc.team_players = 1;
        players.dc.team_system = v.dc.system;
    }
    for (i = 0; i < render_n_documents && !e; i++) {
        const struct render_document *rd = &render_documents[i];
        if (rd->scope != RENDER_SECTION ||
            (job->rq->only && !(job->rq->only & (1u << i))) ||
            (rd->flags & RENDER_OF_TEAMS && !v.dc.tt) ||
            (rd->flags & RENDER_KNOCKOUT && !rs->ranking->ko) ||
            (rd->flags & RENDER_NOT_KNOCKOUT && rs->ranking->ko) ||
            (rd->none && rd->none(ev, rs, 1)))
            continue;
        e = write_document(job, rd,
                           rd->flags & RENDER_OF_PLAYERS ? &players : &v, ev,
                           rs, sec->id, dl);
    }
    view_release(&v);
    view_release(&players);
    return e;
}

enum err render_event_documents(struct render_job *job, const struct event *ev,
                                struct diag_list *dl)
{
    enum err e = ERR_OK;
    size_t i;

    if (ev->lone_file)
        return ERR_OK;
    for (i = 0; i < render_n_documents && !e; i++) {
        const struct render_document *rd = &render_documents[i];
        if (rd->scope != RENDER_EVENT ||
            (job->rq->only && !(job->rq->only & (1u << i))) ||
            (rd->none && rd->none(ev, job->secs, job->n_secs)))
            continue;
        e = write_document(job, rd, NULL, ev, NULL, NULL, dl);
    }
    return e;
}

enum err render_commit(struct render_job *job, struct diag_list *dl)
{
    enum err e = atomic_group_commit(&job->grp, dl);

    if (!e)
        job->made_dir = 0;
    return e;
}

void render_job_release(struct render_job *job)
{
    size_t i;

    atomic_group_abort(&job->grp);
    /* A folder made for documents that were not written goes too. */
    if (job->made_dir && job->rq)
        rmdir(job->rq->outdir);
    for (i = 0; i < job->n; i++) {
        free(job->files[i].path);
        free(job->files[i].name);
    }
    free(job->files);
    free(job->secs);
    free(job->failed_path);
    template_release(&job->common);
    memset(job, 0, sizeof(*job));
}

enum err render_event(struct render_job *job, const struct event *ev,
                      const struct render_section *secs, size_t n,
                      const struct render_request *rq, struct diag_list *dl)
{
    enum err e = render_begin(job, rq, dl);
    size_t i;

    for (i = 0; i < n && !e; i++)
        e = render_section(job, ev, &secs[i], dl);
    if (!e)
        e = render_event_documents(job, ev, dl);
    if (!e)
        e = render_commit(job, dl);
    return e;
}
