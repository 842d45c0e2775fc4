/* util/diag: the project error enum and located diagnostics.
 * SPDX-License-Identifier: MIT
 */
#include "util/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

const char *err_str(enum err e)
{
    /*
     * No default label: with -Wall the compiler names any enum value that
     * has no message here.
     */
    switch (e) {
    case ERR_OK:
        return "success";
    case ERR_USAGE:
        return "bad usage";
    case ERR_NOINPUT:
        return "missing input";
    case ERR_IO:
        return "input/output error";
    case ERR_PARSE:
        return "malformed input";
    case ERR_DATA:
        return "bad input data";
    case ERR_CREATE:
        return "cannot create output";
    case ERR_RENDER:
        return "document rendering failed";
    case ERR_ARCHIVE:
        return "archive error";
    case ERR_CATALOG:
        return "catalogue error";
    case ERR_INTERNAL:
        return "internal error";
    }
    return "unknown error";
}

void diag_list_init(struct diag_list *dl)
{
    struct diag_list blank = DIAG_LIST_INIT;
    *dl = blank;
}

void diag_list_rename_file(struct diag_list *dl, const char *from,
                           const char *to)
{
    size_t i;

    for (i = 0; i < dl->nr; i++)
        if (dl->items[i].file && !strcmp(dl->items[i].file, from)) {
            free(dl->items[i].file);
            dl->items[i].file = xstrdup(to);
        }
}

void diag_list_release(struct diag_list *dl)
{
    size_t i;

    for (i = 0; i < dl->nr; i++) {
        free(dl->items[i].file);
        free(dl->items[i].msg);
        free(dl->items[i].fix_arg);
    }
    free(dl->items);
    diag_list_init(dl);
}

void diag_add(struct diag_list *dl, enum diag_level level, const char *file,
              unsigned line, unsigned col, const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    struct diag *d;
    va_list ap;

    dl->last_kept = 0;
    if (level == DIAG_ERROR)
        dl->nr_errors++;
    else if (level == DIAG_WARNING)
        dl->nr_warnings++;
    if (dl->errors_only && level != DIAG_ERROR)
        return;
    if (dl->limit && dl->nr >= dl->limit) {
        dl->nr_dropped++;
        return;
    }
    dl->last_kept = 1;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, _(fmt), ap);
    va_end(ap);
    ALLOC_GROW(dl->items, dl->nr + 1, dl->alloc);
    d = &dl->items[dl->nr++];
    memset(d, 0, sizeof(*d));
    d->level = level;
    d->file = file ? xstrdup(file) : NULL;
    d->line = line;
    d->col = col;
    d->msg = strbuf_detach(&sb, NULL);
}

/* Insertion-ordered merge sort keeps equal keys in their original order. */
static int diag_cmp(const struct diag *a, const struct diag *b, char **files,
                    size_t nfiles)
{
    size_t ia = nfiles, ib = nfiles, i;

    for (i = 0; i < nfiles; i++) {
        if (ia == nfiles && a->file && !strcmp(files[i], a->file))
            ia = i;
        if (ib == nfiles && b->file && !strcmp(files[i], b->file))
            ib = i;
    }
    if (ia != ib)
        return ia < ib ? -1 : 1;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return 0;
}

void diag_list_sort(struct diag_list *dl)
{
    char **files = NULL;
    size_t nfiles = 0, alloc = 0, i, j;
    struct diag *tmp;
    size_t width;

    if (dl->nr < 2)
        return;
    for (i = 0; i < dl->nr; i++) {
        const char *f = dl->items[i].file;
        int seen = 0;
        if (!f)
            continue;
        for (j = 0; j < nfiles && !seen; j++)
            seen = !strcmp(files[j], f);
        if (!seen) {
            ALLOC_GROW(files, nfiles + 1, alloc);
            files[nfiles++] = dl->items[i].file;
        }
    }
    tmp = xmallocarray(dl->nr, sizeof(*tmp));
    for (width = 1; width < dl->nr; width *= 2) {
        for (i = 0; i < dl->nr; i += 2 * width) {
            size_t lo = i, mid = i + width, hi = i + 2 * width, a, b, k;
            if (mid > dl->nr)
                mid = dl->nr;
            if (hi > dl->nr)
                hi = dl->nr;
            a = lo;
            b = mid;
            k = lo;
            while (a < mid && b < hi) {
                if (diag_cmp(&dl->items[b], &dl->items[a], files, nfiles) < 0)
                    tmp[k++] = dl->items[b++];
                else
                    tmp[k++] = dl->items[a++];
            }
            while (a < mid)
                tmp[k++] = dl->items[a++];
            while (b < hi)
                tmp[k++] = dl->items[b++];
        }
        memcpy(dl->items, tmp, dl->nr * sizeof(*tmp));
    }
    free(tmp);
    free(files);
}

void diag_format(const struct diag *d, struct strbuf *out)
{
    static const char *const level_name[] = {N_("error"), N_("warning"),
                                             N_("note")};

    if (d->file) {
        strbuf_addstr(out, d->file);
        if (d->line) {
            strbuf_addf(out, ":%u", d->line);
            if (d->col)
                strbuf_addf(out, ":%u", d->col);
        }
        strbuf_addstr(out, ": ");
    }
    strbuf_addf(out, "%s: %s", _(level_name[d->level]), d->msg);
}

void diag_list_append(struct diag_list *to, const struct diag_list *from)
{
    size_t i;

    for (i = 0; i < from->nr; i++) {
        const struct diag *d = &from->items[i];
        diag_add(to, d->level, d->file, d->line, d->col, "%s", d->msg);
        if (d->also_line)
            diag_also_line(to, d->also_line);
        if (d->fix)
            diag_fix(to, d->fix, d->fix_arg, d->fix_lines, d->n_fix_lines);
    }
}

void diag_also_line(struct diag_list *dl, unsigned line)
{
    if (dl->last_kept && dl->nr)
        dl->items[dl->nr - 1].also_line = line;
}

void diag_fix(struct diag_list *dl, enum diag_fix fix, const char *arg,
              const unsigned *lines, unsigned n_lines)
{
    struct diag *d;
    unsigned k;

    if (!dl->last_kept || !dl->nr)
        return;
    d = &dl->items[dl->nr - 1];
    free(d->fix_arg);
    d->fix = fix;
    d->fix_arg = xstrdup(arg ? arg : "");
    d->n_fix_lines = 0;
    for (k = 0; k < n_lines && k < DIAG_FIX_LINES; k++)
        d->fix_lines[d->n_fix_lines++] = lines[k];
}
