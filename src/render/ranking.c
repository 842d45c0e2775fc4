/* render/ranking: the final ranking list of a section.
 * SPDX-License-Identifier: MIT
 */
#include "render/doc.h"
#include "render/render.h"
#include "util/banned.h"

enum err render_ranking(const struct doc_context *dc,
                        const struct render_options *ro, const char *path,
                        struct diag_list *dl)
{
    struct doc d;
    enum err e;

    doc_open(&d, "ranking", "title", "subtitle", dc, ro, dl);
    if (!d.err)
        d.ncols = doc_columns(&d, "table", "columns", NULL, &d.cols);
    if (!d.err)
        doc_grid(&d, &d.grid, d.cols, &d.ncols, NULL);
    e = doc_compose(&d, path);
    doc_close(&d);
    return e;
}
