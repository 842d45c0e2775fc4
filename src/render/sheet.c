/* render/sheet: a document's table independent of its format.
 * SPDX-License-Identifier: MIT
 */
#include "render/sheet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"
#include "util/banned.h"

void sheet_init(struct sheet *s, size_t ncols)
{
    size_t c;

    memset(s, 0, sizeof(*s));
    s->ncols = ncols;
    s->cols = xcalloc(ncols ? ncols : 1, sizeof(*s->cols));
    for (c = 0; c < ncols; c++)
        s->cols[c].heading = "";
}

void sheet_release(struct sheet *s)
{
    arena_release(&s->arena);
    free(s->cols);
    free(s->cells);
    free(s->shade);
    free(s->num);
    memset(s, 0, sizeof(*s));
}

void sheet_set_col(struct sheet *s, size_t c, const char *heading,
                   enum cell_align align, unsigned flags)
{
    s->cols[c].heading = arena_strdup(&s->arena, heading ? heading : "");
    s->cols[c].align = align;
    s->cols[c].flags = flags;
}

size_t sheet_add_row(struct sheet *s)
{
    size_t old = s->alloc, i;

    ALLOC_GROW(s->cells, (s->nrows + 1) * s->ncols, s->alloc);
    if (s->alloc != old) {
        s->shade = xrealloc(s->shade, s->alloc);
        s->num = xreallocarray(s->num, s->alloc, sizeof(*s->num));
    }
    for (i = 0; i < s->ncols; i++) {
        s->cells[s->nrows * s->ncols + i] = "";
        s->shade[s->nrows * s->ncols + i] = 0;
        s->num[s->nrows * s->ncols + i] = NAN;
    }
    return s->nrows++;
}

void sheet_set(struct sheet *s, size_t row, size_t col, const char *text)
{
    s->cells[row * s->ncols + col] =
        text && *text ? arena_strdup(&s->arena, text) : "";
}

void sheet_set_num(struct sheet *s, size_t row, size_t col, const char *text,
                   double v)
{
    sheet_set(s, row, col, text);
    s->num[row * s->ncols + col] = v;
}

void sheet_set_col_num(struct sheet *s, size_t c, enum sheet_num num)
{
    s->cols[c].num = num;
}

double sheet_num(const struct sheet *s, size_t row, size_t col)
{
    return s->num[row * s->ncols + col];
}

void sheet_set_shade(struct sheet *s, size_t row, size_t col)
{
    s->shade[row * s->ncols + col] = 1;
}

const char *sheet_cell(const struct sheet *s, size_t row, size_t col)
{
    return s->cells[row * s->ncols + col];
}

int sheet_col_empty(const struct sheet *s, size_t c)
{
    size_t r;

    for (r = 0; r < s->nrows; r++)
        if (*s->cells[r * s->ncols + c])
            return 0;
    return 1;
}

size_t sheet_append_col(struct sheet *s, const char *heading,
                        enum cell_align align, unsigned flags)
{
    size_t n = s->nrows * (s->ncols + 1), r, i;
    const char **cells = xcalloc(n + 1, sizeof(*cells));
    unsigned char *shade = xcalloc(n + 1, 1);
    double *num = xcalloc(n + 1, sizeof(*num));

    for (r = 0; r < s->nrows; r++) {
        for (i = 0; i < s->ncols; i++) {
            cells[r * (s->ncols + 1) + i] = s->cells[r * s->ncols + i];
            shade[r * (s->ncols + 1) + i] = s->shade[r * s->ncols + i];
            num[r * (s->ncols + 1) + i] = s->num[r * s->ncols + i];
        }
        cells[r * (s->ncols + 1) + s->ncols] = "";
        num[r * (s->ncols + 1) + s->ncols] = NAN;
    }
    free(s->cells);
    free(s->shade);
    free(s->num);
    s->cells = cells;
    s->shade = shade;
    s->num = num;
    s->alloc = n + 1;
    s->cols = xreallocarray(s->cols, s->ncols + 1, sizeof(*s->cols));
    memset(&s->cols[s->ncols], 0, sizeof(*s->cols));
    s->ncols++;
    sheet_set_col(s, s->ncols - 1, heading, align, flags);
    return s->ncols - 1;
}

void sheet_drop_col(struct sheet *s, size_t c)
{
    size_t r, i, k = 0;

    for (r = 0; r < s->nrows; r++)
        for (i = 0; i < s->ncols; i++)
            if (i != c) {
                s->cells[k] = s->cells[r * s->ncols + i];
                s->shade[k] = s->shade[r * s->ncols + i];
                s->num[k] = s->num[r * s->ncols + i];
                k++;
            }
    memmove(&s->cols[c], &s->cols[c + 1],
            (s->ncols - c - 1) * sizeof(*s->cols));
    s->ncols--;
}
