/* render/ranking: the ranking list of a section: its players, or the
 * teams of a team competition; final, or after a round.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>

#include "render/columns.h"
#include "render/page.h"
#include "render/render.h"
#include "util/banned.h"

size_t doc_ranking_open(struct doc *d, const struct doc_context *dc,
                        const struct render_options *ro, struct diag_list *dl)
{
    return doc_ranking_open_as(d, dc, ro, 0, dl);
}

size_t doc_ranking_open_as(struct doc *d, const struct doc_context *dc,
                           const struct render_options *ro, int protocol,
                           struct diag_list *dl)
{
    struct doc_column *cols = NULL;
    size_t ncols = 0;

    doc_open(d, "ranking", dc->teams ? "title-teams" : "title",
             dc->teams ? "subtitle-teams" : "subtitle", dc, ro, dl);
    if (!d->err)
        ncols = doc_columns(d, "table",
                            dc->teams   ? "team-columns"
                            : protocol && dc->ko ? "protocol-ko-columns"
                            : dc->ko    ? "ko-columns"
                            : protocol  ? "protocol-columns"
                                        : "columns",
                            NULL, &cols);
    if (!d->err)
        doc_sheet(d, cols, &ncols, NULL);
    if (!d->err)
        doc_column_legend(d, cols, ncols, &d->legend);
    free(cols);
    return ncols;
}

enum err render_ranking(const struct doc_context *dc,
                        const struct render_options *ro, const char *path,
                        struct diag_list *dl)
{
    struct doc d;
    enum err e;

    doc_ranking_open(&d, dc, ro, dl);
    e = page_write_pdf(&d, path);
    doc_close(&d);
    return e;
}
