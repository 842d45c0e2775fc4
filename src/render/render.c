/* render/render: the table of the documents a section gets.
 * SPDX-License-Identifier: MIT
 */
#include "render/render.h"

#include <string.h>

#include "render/doc.h"
#include "render/template.h"
#include "util/strbuf.h"
#include "util/banned.h"

const struct render_document render_documents[] = {
    {"ranking", render_ranking},
    {"crosstable", render_crosstable},
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
        first = tpl.nr;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s.ini", ro->templates_dir,
                    render_documents[i].name);
        e = template_load(&tpl, path.buf, dl);
        if (!e)
            warn_unknown(&tpl, first, render_documents[i].name, dl);
    }
    template_release(&tpl);
    strbuf_release(&path);
    return e;
}
