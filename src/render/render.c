/* render/render: the table of the documents a section gets.
 * SPDX-License-Identifier: MIT
 */
#include "render/render.h"

#include <string.h>

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
