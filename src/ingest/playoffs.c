/* ingest/playoffs: playoffs.csv, the play-off results a secretary enters.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/playoffs.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/tournament.h"
#include "ingest/csv.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

enum column { COL_SECTION, COL_ORDER, COL_NOTE, COL_COUNT };

static const struct csv_header headers[] = {
    {"секція", COL_SECTION}, {"розділ", COL_SECTION},
    {"турнір", COL_SECTION}, {"section", COL_SECTION},
    {"порядок", COL_ORDER},  {"місця", COL_ORDER},
    {"результат", COL_ORDER}, {"order", COL_ORDER},
    {"примітка", COL_NOTE},  {"note", COL_NOTE},
};

static const char *const column_names[COL_COUNT] = {
    "секція/section", "порядок/order", "примітка/note"};

/* Parse "35 > 7 > 12" into start numbers; -1 with the offending text. */
static int parse_order(const char *s, int **out, size_t *n,
                       struct strbuf *bad)
{
    size_t alloc = 0;
    int *nos = NULL;

    *n = 0;
    while (*s) {
        long v = 0;
        int digits = 0;
        while (*s == ' ' || *s == '>' || *s == '-' || *s == ',' || *s == ';')
            s++;
        if (!*s)
            break;
        while (*s >= '0' && *s <= '9' && digits < 6) {
            v = v * 10 + (*s - '0');
            s++;
            digits++;
        }
        if (!digits || v < 1 || v > 9999 ||
            (*s && *s != ' ' && *s != '>' && *s != '-' && *s != ',' &&
             *s != ';')) {
            strbuf_addstr(bad, s);
            free(nos);
            return -1;
        }
        ALLOC_GROW(nos, *n + 1, alloc);
        nos[(*n)++] = (int)v;
    }
    *out = nos;
    return 0;
}

enum err playoffs_load(const struct csv *c, struct event *ev,
                       struct diag_list *dl)
{
    int col[COL_COUNT];
    size_t errors = dl->nr_errors, r, k;
    struct strbuf bad = STRBUF_INIT;

    if (!c->n_rows)
        return ERR_OK;
    if (csv_map_header(c, &c->rows[0], headers,
                       sizeof(headers) / sizeof(headers[0]), column_names, col,
                       COL_COUNT, dl))
        return ERR_PARSE;
    for (k = 0; k < COL_NOTE; k++)
        if (col[k] < 0) {
            diag_error(dl, c->file, c->rows[0].line, 1,
                       "the header names no '%s' column", column_names[k]);
            return ERR_PARSE;
        }
    for (r = 1; r < c->n_rows; r++) {
        const struct csv_row *row = &c->rows[r];
        const struct csv_field *fs = csv_field_at(row, col[COL_SECTION]);
        const struct csv_field *fo = csv_field_at(row, col[COL_ORDER]);
        const struct csv_field *fn = csv_field_at(row, col[COL_NOTE]);
        struct section *sec = NULL;
        struct section_playoff *po;
        int *nos = NULL;
        size_t n = 0, i, j;
        int dup;

        if (!fs || !*fs->s) {
            diag_error(dl, c->file, row->line, fs ? fs->col : 1,
                       "no section named");
            continue;
        }
        for (i = 0; i < ev->n_sections && !sec; i++)
            if (!strcmp(ev->sections[i].id, fs->s))
                sec = &ev->sections[i];
        if (!sec) {
            diag_error(dl, c->file, row->line, fs->col,
                       "unknown section '%s' (event.ini has no [section "
                       "%s])",
                       fs->s, fs->s);
            continue;
        }
        strbuf_reset(&bad);
        if (!fo || parse_order(fo->s, &nos, &n, &bad)) {
            diag_error(dl, c->file, row->line, fo ? fo->col : 1,
                       "the order must be start numbers in finishing order "
                       "(\"35 > 7\"), not '%s'",
                       fo ? fo->s : "");
            continue;
        }
        if (n < 2) {
            diag_error(dl, c->file, row->line, fo->col,
                       "a play-off needs at least two players, found '%s'",
                       fo->s);
            free(nos);
            continue;
        }
        dup = 0;
        for (i = 0; i < n && !dup; i++)
            for (j = 0; j < i && !dup; j++)
                if (nos[i] == nos[j]) {
                    diag_error(dl, c->file, row->line, fo->col,
                               "start number %d is named twice", nos[i]);
                    dup = 1;
                }
        if (dup) {
            free(nos);
            continue;
        }
        if (sec->t)
            for (i = 0; i < n; i++)
                if (!tournament_player(sec->t, nos[i]))
                    diag_error(dl, c->file, row->line, fo->col,
                               "section '%s' has no player with start number "
                               "%d",
                               sec->id, nos[i]);
        ALLOC_GROW(sec->playoffs, sec->n_playoffs + 1, sec->playoffs_alloc);
        po = &sec->playoffs[sec->n_playoffs++];
        po->start_nos = arena_alloc(&ev->arena, sizeof(int) * n);
        memcpy(po->start_nos, nos, sizeof(int) * n);
        po->n = n;
        po->note = arena_strdup(&ev->arena, fn ? fn->s : "");
        po->at.file = arena_strdup(&ev->arena, c->file);
        po->at.line = row->line;
        po->at.col = fo->col;
        free(nos);
    }
    strbuf_release(&bad);
    return dl->nr_errors > errors ? ERR_DATA : ERR_OK;
}

enum err playoffs_read(const char *path, struct event *ev,
                       struct diag_list *dl)
{
    struct csv *c = NULL;
    enum err e = csv_read(path, NULL, &c, dl);

    if (!e)
        e = playoffs_load(c, ev, dl);
    csv_free(c);
    return e;
}
