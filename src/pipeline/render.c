/* pipeline/render: the documents of a prepared event, written all or none.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/render.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "pipeline/prepare.h"
#include "render/render.h"
#include "util/datadir.h"
#include "util/xalloc.h"
#include "util/banned.h"

size_t documents_count(void)
{
    return render_n_documents;
}

const char *documents_name(size_t i)
{
    return i < render_n_documents ? render_documents[i].name : NULL;
}

const char *documents_group(size_t i)
{
    return render_group_starts(i) ? render_documents[i].group : NULL;
}

unsigned documents_select(const char *name)
{
    return render_select(name);
}

unsigned documents_chosen(unsigned only, const struct prepare_options *o)
{
    int interim = o->ov.n_rounds || o->ov.kind == RANK_PLAYERS;
    unsigned chosen = 0;
    size_t i;

    if (only)
        return only;
    /* The event's documents are about the whole event at its end, the
       diplomas about the final standings: one section or an interim
       ranking makes them only when asked for. */
    for (i = 0; i < render_n_documents; i++) {
        const struct render_document *rd = &render_documents[i];
        if ((o->section || interim) && rd->scope == RENDER_EVENT)
            continue;
        if (interim && (rd->flags & RENDER_FINAL))
            continue;
        chosen |= 1u << i;
    }
    return chosen;
}

unsigned documents_prepare_flags(unsigned chosen)
{
    size_t i;

    for (i = 0; i < render_n_documents; i++)
        if ((chosen & 1u << i) &&
            !(render_documents[i].flags & RENDER_BEFORE_RESULTS))
            return 0;
    return PREPARE_RESULTS_OPTIONAL;
}

static const char *media_type(enum render_format f)
{
    switch (f) {
    case RENDER_XLSX:
        return "application/vnd.openxmlformats-officedocument."
               "spreadsheetml.sheet";
    case RENDER_HTML:
        return "text/html; charset=utf-8";
    case RENDER_PDF:
        break;
    }
    return "application/pdf";
}

enum err documents_write(const struct prepared *p,
                         const struct documents_request *rq,
                         struct documents_written *out, struct diag_list *dl)
{
    struct render_request r;
    struct render_job job;
    struct render_section *secs = xcalloc(p->n + 1, sizeof(*secs));
    char *templates = rq->templates_dir
                          ? xstrdup(rq->templates_dir)
                          : data_dir("templates", "SEKRETAR_TEMPLATES");
    char *fonts = data_dir("fonts", "SEKRETAR_FONTS");
    size_t i, n = 0;
    enum err e;

    memset(out, 0, sizeof(*out));
    memset(&r, 0, sizeof(r));
    r.outdir = rq->outdir;
    r.only = rq->chosen;
    r.system = rq->system == DOCUMENTS_SYSTEM_SWISS ? DOC_SYSTEM_SWISS
               : rq->system == DOCUMENTS_SYSTEM_ROUND_ROBIN
                   ? DOC_SYSTEM_ROUND_ROBIN
                   : DOC_SYSTEM_AUTO;
    r.templates_dir = templates;
    r.fonts_dir = fonts;
    r.created = rq->created;
    r.verify_url = rq->verify_url;
    for (i = 0; i < p->n; i++) {
        const struct prepared_section *ps = &p->secs[i];
        if (!ps->ranking)
            continue; /* no results yet: the mandate's documents alone */
        secs[n].ranking = ps->ranking;
        secs[n].players = ps->players != ps->ranking ? ps->players : NULL;
        n++;
    }
    e = render_event(&job, p->ev, secs, n, &r, dl);
    if (e) {
        if (job.failed_path)
            out->failed_path = xstrdup(job.failed_path);
        out->failed_document = job.failed_document;
        out->discarded = job.n;
    } else {
        out->files = xcalloc(job.n + 1, sizeof(*out->files));
        for (i = 0; i < job.n; i++) {
            out->files[i].path = xstrdup(job.files[i].path);
            out->files[i].name = xstrdup(job.files[i].name);
            out->files[i].media_type = media_type(job.files[i].format);
        }
        out->n = job.n;
    }
    render_job_release(&job);
    free(secs);
    free(templates);
    free(fonts);
    return e;
}

void documents_written_release(struct documents_written *out)
{
    size_t i;

    for (i = 0; i < out->n; i++) {
        free(out->files[i].path);
        free(out->files[i].name);
    }
    free(out->files);
    free(out->failed_path);
    memset(out, 0, sizeof(*out));
}
