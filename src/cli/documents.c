/* cli/documents: the documents of an event for its bundle.
 * SPDX-License-Identifier: MIT
 */
#include "cli/documents.h"

#include <stdlib.h>
#include <string.h>

#include "archive/results.h"
#include "cli/cli.h"
#include "cli/docs.h"
#include "ingest/ranked.h"
#include "core/event.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

void doc_files_add(struct doc_files *f, const char *name, const char *path,
                   const char *media_type, enum manifest_role role)
{
    struct bundle_source *s;

    ALLOC_GROW(f->items, f->n + 1, f->alloc);
    s = &f->items[f->n++];
    s->name = xstrdup(name);
    s->path = xstrdup(path);
    s->media_type = media_type;
    s->role = role;
}

void doc_files_release(struct doc_files *f)
{
    size_t i;

    for (i = 0; i < f->n; i++) {
        free((char *)f->items[i].name);
        free((char *)f->items[i].path);
    }
    free(f->items);
    memset(f, 0, sizeof(*f));
}

/* Write data to dir/name and list it. */
static int put(const char *dir, const char *name, const struct strbuf *data,
               const char *type, enum manifest_role role, struct doc_files *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    enum err e;

    strbuf_addf(&path, "%s/%s", dir, name);
    e = file_write_atomic(path.buf, data->buf, data->len, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        strbuf_release(&path);
        return cli_exit_code(e);
    }
    doc_files_add(out, name, path.buf, type, role);
    strbuf_release(&path);
    return 0;
}

/* The PDF documents of every section, into dir/documents. */
static int write_pdfs(const struct ranked *r, const char *dir,
                      long long created, struct doc_files *out)
{
    struct docs_options o;
    struct docs_output d;
    struct strbuf sub = STRBUF_INIT, name = STRBUF_INIT;
    size_t i;
    int ret;

    memset(&o, 0, sizeof(o));
    memset(&d, 0, sizeof(d));
    strbuf_addf(&sub, "%s/documents", dir);
    o.outdir = sub.buf;
    o.created = created;
    o.quiet = 1;
    o.ranking = &r->er; /* ranked once, by ranked_load() */
    ret = docs_render(&r->ld, &o, &d);
    for (i = 0; i < d.n && !ret; i++) {
        strbuf_reset(&name);
        strbuf_addf(&name, "documents/%s", d.files[i].name);
        doc_files_add(out, name.buf, d.files[i].path, "application/pdf",
                      ROLE_DOCUMENT);
    }
    docs_output_release(&d);
    strbuf_release(&sub);
    strbuf_release(&name);
    return ret;
}

int documents_write(const struct ranked *r, const char *event_id,
                    const char *dir, long long created,
                    struct doc_files *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sub = STRBUF_INIT, name = STRBUF_INIT, data = STRBUF_INIT;
    const struct event *ev = r->ld.ev;
    size_t i;
    int ret = 0;

    strbuf_addf(&sub, "%s/results", dir);
    if (file_mkdirs(sub.buf, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_CANTCREAT;
    }
    for (i = 0; i < r->n && !ret; i++) {
        const struct section *sec = r->ld.items[i].section;
        strbuf_reset(&data);
        results_json(event_id, ev, sec, RANKED_S(r, i), &data);
        strbuf_reset(&name);
        strbuf_addf(&name, "results/%s.json", sec->id);
        ret = put(dir, name.buf, &data, "application/json", ROLE_RESULTS, out);
        if (ret)
            break;
        strbuf_reset(&data);
        results_csv(ev, sec, RANKED_S(r, i), &data);
        strbuf_reset(&name);
        strbuf_addf(&name, "results/%s.csv", sec->id);
        ret = put(dir, name.buf, &data, "text/csv; charset=utf-8", ROLE_RESULTS,
                  out);
    }
    if (!ret)
        ret = write_pdfs(r, dir, created, out);
    diag_list_release(&dl);
    strbuf_release(&sub);
    strbuf_release(&name);
    strbuf_release(&data);
    return ret;
}
