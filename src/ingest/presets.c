/* ingest/presets: the norms file and the groups of regions.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/presets.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/mandate.h"
#include "core/norms.h"
#include "core/region.h"
#include "core/teamscore.h"
#include "ingest/ini.h"
#include "ingest/registry.h"
#include "util/datadir.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

int preset_path(const char *dir, const char *kind, const char *value,
                struct strbuf *out, const char **why)
{
    size_t n = strlen(value), i;

    strbuf_reset(out);
    *why = NULL;
    if (n > 4 && !strcmp(value + n - 4, ".ini")) {
        *why = file_name_problem(value);
        if (*why)
            return -1;
        strbuf_addf(out, "%s/%s", dir, value);
        return 1;
    }
    for (i = 0; i < n; i++)
        if (!islower((unsigned char)value[i]) &&
            !isdigit((unsigned char)value[i]) && value[i] != '-') {
            *why = N_("neither a file of the event folder (NAME.ini) nor "
                      "the name of a preset (a-z, 0-9, -)");
            return -1;
        }
    if (!n) {
        *why = N_("empty");
        return -1;
    }
    {
        char *dd = data_dir("presets", "SEKRETAR_PRESETS");
        strbuf_addf(out, "%s/%s/%s.ini", dd, kind, value);
        free(dd);
    }
    return 0;
}

/* ------------------------------------------------------------ reading */

struct reader {
    struct ini *ini;
    struct arena *arena;
    struct diag_list *dl;
};

#define fail(rd, e, ...)                                                        \
    diag_error((rd)->dl, (rd)->ini->file, (e)->line, (e)->col, __VA_ARGS__)

/* The values of a list "a; b; c" (blanks trimmed, empty ones skipped),
   copied into the arena; *n of them. */
static const char **list(struct reader *rd, const char *v, size_t *n)
{
    const char **out = NULL;
    size_t alloc = 0;
    const char *p = v;

    *n = 0;
    while (*p) {
        const char *end = strchr(p, ';');
        struct strbuf sb = STRBUF_INIT;
        if (!end)
            end = p + strlen(p);
        strbuf_add(&sb, p, (size_t)(end - p));
        strbuf_trim(&sb);
        if (sb.len) {
            ALLOC_GROW(out, *n + 1, alloc);
            out[(*n)++] = arena_strdup(rd->arena, sb.buf);
        }
        strbuf_release(&sb);
        p = *end ? end + 1 : end;
    }
    if (out) {
        /* Into the arena, so that the norms own one block. */
        const char **kept = arena_alloc(rd->arena, *n * sizeof(*kept));
        memcpy(kept, out, *n * sizeof(*kept));
        free(out);
        return kept;
    }
    return NULL;
}

/* A whole number from 1 to max; -1 (after an error) otherwise. */
static int whole(struct reader *rd, const struct ini_entry *e, int max)
{
    char *end;
    long v = strtol(e->value, &end, 10);

    while (*end == ' ')
        end++;
    if (end == e->value || *end || v < 1 || v > max) {
        fail(rd, e, "'%s': a whole number from 1 to %d expected, found '%s'",
            e->key, max, e->value);
        return -1;
    }
    return (int)v;
}

/* "3", "1-3" or "1–3" into lo, hi. */
static int places(const char *s, int *lo, int *hi)
{
    char *end;
    long a = strtol(s, &end, 10), b;

    if (end == s || a < 1)
        return -1;
    while (*end == ' ')
        end++;
    if (!*end) {
        *lo = *hi = (int)a;
        return 0;
    }
    if (*end == '-')
        end++;
    else if (!strncmp(end, "\xe2\x80\x93", 3)) /* – */
        end += 3;
    else
        return -1;
    s = end;
    b = strtol(s, &end, 10);
    while (*end == ' ')
        end++;
    if (end == s || *end || b < a || b > 10000)
        return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

static void read_header(struct reader *rd, const struct ini_section *s,
                        struct norms *out)
{
    size_t i;

    for (i = 0; i < s->n; i++) {
        const struct ini_entry *e = &s->entries[i];
        if (!strcmp(e->key, "title")) {
            out->title = arena_strdup(rd->arena, e->value);
        } else if (!strcmp(e->key, "order")) {
            out->order = arena_strdup(rd->arena, e->value);
        } else if (!strcmp(e->key, "from") || !strcmp(e->key, "to")) {
            struct date *d = e->key[0] == 'f' ? &out->from : &out->to;
            if (*e->value && date_parse(e->value, d))
                fail(rd, e, "'%s': a date DD.MM.YYYY expected, found '%s'",
                    e->key, e->value);
        } else if (!strcmp(e->key, "sample")) {
            if (!strcmp(e->value, "yes"))
                out->sample = 1;
            else if (strcmp(e->value, "no"))
                fail(rd, e, "'sample': yes or no expected, found '%s'",
                    e->value);
        } else if (!strcmp(e->key, "unrated")) {
            int v = whole(rd, e, 3000);
            out->unrated = v > 0 ? v : 0;
        } else {
            diag_warning(rd->dl, rd->ini->file, e->line, e->key_col,
                         "unknown key '%s' in [norms] ignored (title, "
                         "order, from, to, sample, unrated)",
                         e->key);
        }
    }
}

static void read_norm(struct reader *rd, const struct ini_section *s,
                      struct norm *nm)
{
    size_t i, k;

    memset(nm, 0, sizeof(*nm));
    nm->id = arena_strdup(rd->arena, s->arg);
    nm->line = s->line;
    nm->rank_class = -1;
    for (i = 0; i < s->n; i++) {
        const struct ini_entry *e = &s->entries[i];
        const char *v = e->value;
        if (!strcmp(e->key, "rank")) {
            nm->rank = arena_strdup(rd->arena, v);
            nm->rank_class = registry_rank_class(v);
            if (nm->rank_class < 0 || !rank_class_level(nm->rank_class))
                fail(rd, e,
                    "'rank': a rank or title expected (МСМК, МС, КМС, І "
                    "розряд, ..., ІІІ юн. розряд), found '%s'",
                    v);
        } else if (!strcmp(e->key, "events")) {
            nm->event_ranks = list(rd, v, &nm->n_event_ranks);
        } else if (!strcmp(e->key, "discipline")) {
            size_t n;
            const char **d = list(rd, v, &n);
            for (k = 0; k < n; k++) {
                enum discipline dc;
                if (discipline_parse(d[k], &dc))
                    fail(rd, e,
                        "'discipline': classic, rapid or blitz expected, "
                        "found '%s'",
                        d[k]);
                else
                    nm->disciplines |= 1u << dc;
            }
        } else if (!strcmp(e->key, "sex")) {
            if (strcmp(v, "any") && sex_parse(v, &nm->sex))
                fail(rd, e,
                    "'sex': male, female or any expected (boys, girls, "
                    "men, women), found '%s'",
                    v);
        } else if (!strcmp(e->key, "age")) {
            if (!strcmp(v, "adult"))
                nm->age = 1;
            else if (!strcmp(v, "youth"))
                nm->age = -1;
            else if (strcmp(v, "any"))
                fail(rd, e, "'age': adult, youth or any expected, found '%s'",
                    v);
        } else if (!strcmp(e->key, "age-groups")) {
            nm->age_groups = list(rd, v, &nm->n_age_groups);
        } else if (!strcmp(e->key, "places")) {
            if (places(v, &nm->place_lo, &nm->place_hi))
                fail(rd, e,
                    "'places': a place or places expected ('1' or '1-3'), "
                    "found '%s'",
                    v);
        } else if (!strcmp(e->key, "min-players")) {
            nm->min_players = whole(rd, e, 10000);
        } else if (!strcmp(e->key, "min-regions")) {
            nm->min_regions = whole(rd, e, 100);
        } else if (!strcmp(e->key, "min-games")) {
            nm->min_games = whole(rd, e, 1000);
        } else if (!strcmp(e->key, "min-average")) {
            nm->min_average = whole(rd, e, 3500);
        } else if (!strcmp(e->key, "min-score")) {
            char *end;
            double p = strtod(v, &end);
            while (*end == ' ')
                end++;
            if (*end == '%')
                end++;
            if (end == v || *end || p <= 0 || p > 100)
                fail(rd, e,
                    "'min-score': a per cent of the points of the games "
                    "played expected ('50 %%'), found '%s'",
                    v);
            else
                nm->min_percent = p;
        } else {
            diag_warning(rd->dl, rd->ini->file, e->line, e->key_col,
                         "unknown key '%s' in [norm %s] ignored", e->key,
                         s->arg);
        }
    }
    if (!nm->rank)
        diag_error(rd->dl, rd->ini->file, s->line, 1,
                   "[norm %s] has no 'rank' (the rank it fulfils: КМС, І "
                   "розряд, ...)",
                   s->arg);
    else if (!nm->place_lo && !nm->min_games && !nm->min_percent &&
             !nm->min_average)
        diag_error(rd->dl, rd->ini->file, s->line, 1,
                   "[norm %s] asks nothing: give 'places' or a result "
                   "(min-games, min-score, min-average)",
                   s->arg);
    /* A bad number was said; asking 0 is not asking. */
    if (nm->min_players < 0)
        nm->min_players = 0;
    if (nm->min_regions < 0)
        nm->min_regions = 0;
    if (nm->min_games < 0)
        nm->min_games = 0;
    if (nm->min_average < 0)
        nm->min_average = 0;
}

/* Parse path into rd->ini for a file read into arena; ERR_NOINPUT when
   it cannot be read, ERR_PARSE when it holds nothing. */
static enum err open_ini(const char *path, const char *name,
                         struct arena *arena, struct reader *rd,
                         struct diag_list *dl)
{
    const char *why = file_not_regular(path);
    struct ini *ini = NULL;
    enum err e;

    rd->ini = NULL;
    rd->arena = arena;
    rd->dl = dl;
    if (why) {
        diag_error(dl, path, 0, 0, "%s '%s' %s", name, path, _(why));
        return ERR_NOINPUT;
    }
    e = ini_read(path, &ini, dl);
    rd->ini = ini;
    return ini ? ERR_OK : e ? e : ERR_PARSE;
}

enum err norms_read(const char *path, const char *name, struct norms *out,
                    struct diag_list *dl)
{
    struct ini *ini;
    struct reader rd;
    size_t errors0 = dl->nr_errors, i;
    unsigned header = 0; /* the line of [norms] */
    enum err e;

    memset(out, 0, sizeof(*out));
    out->path = arena_strdup(&out->arena, path);
    if ((e = open_ini(path, name, &out->arena, &rd, dl)))
        return e;
    ini = rd.ini;
    for (i = 0; i < ini->n; i++) {
        const struct ini_section *s = &ini->sections[i];
        if (!strcmp(s->kind, "norms")) {
            header = s->line;
            read_header(&rd, s, out);
        } else if (!strcmp(s->kind, "norm") && *s->arg) {
            ALLOC_GROW(out->v, out->n + 1, out->alloc);
            read_norm(&rd, s, &out->v[out->n++]);
        } else if (*s->kind) {
            diag_warning(dl, ini->file, s->line, 1,
                         "unknown section '[%s%s%s]' ignored (norms, norm ID)",
                         s->kind, *s->arg ? " " : "", s->arg);
        }
    }
    /* At the [norms] line that lacks it, else the file's. */
    if (!header || !out->title || !*out->title)
        diag_error(dl, ini->file, header, header ? 1 : 0,
                   "%s: no [norms] title (what the norms are: "
                   "\"Кваліфікаційні норми та вимоги ЄСКУ з шахів\")",
                   name);
    if (!out->n)
        diag_error(dl, ini->file, 0, 0, "%s: no [norm ID] section", name);
    ini_free(ini);
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

enum err region_groups_read(const char *path, const char *name,
                            struct region_groups *out, struct diag_list *dl)
{
    struct ini *ini;
    struct reader rd;
    size_t errors0 = dl->nr_errors, i, k, g, u;
    enum err e;

    memset(out, 0, sizeof(*out));
    out->path = arena_strdup(&out->arena, path);
    if ((e = open_ini(path, name, &out->arena, &rd, dl)))
        return e;
    ini = rd.ini;
    for (i = 0; i < ini->n; i++) {
        const struct ini_section *s = &ini->sections[i];
        if (!strcmp(s->kind, "groups")) {
            const struct ini_entry *t = ini_get(s, "title");
            if (t)
                out->title = arena_strdup(&out->arena, t->value);
        } else if (!strcmp(s->kind, "group") && *s->arg) {
            struct region_group *gr;
            const struct ini_entry *nm = ini_get(s, "name");
            const struct ini_entry *un = ini_get(s, "units");
            ALLOC_GROW(out->v, out->n + 1, out->alloc);
            gr = &out->v[out->n++];
            memset(gr, 0, sizeof(*gr));
            gr->name = arena_strdup(&out->arena,
                                    nm && *nm->value ? nm->value : s->arg);
            if (!un || !*un->value) {
                diag_error(dl, ini->file, s->line, 1,
                           "[group %s] has no 'units' (its regions and "
                           "bodies, separated by ';')",
                           s->arg);
                continue;
            }
            gr->units = list(&rd, un->value, &gr->n);
            gr->regions = arena_alloc(&out->arena,
                                      (gr->n + 1) * sizeof(*gr->regions));
            for (k = 0; k < gr->n; k++)
                gr->regions[k] = region_find(gr->units[k]);
            gr->line = un->line;
            gr->col = un->col;
        } else if (*s->kind) {
            diag_warning(dl, ini->file, s->line, 1,
                         "unknown section '[%s%s%s]' ignored (groups, group "
                         "ID)",
                         s->kind, *s->arg ? " " : "", s->arg);
        }
    }
    if (!out->n)
        diag_error(dl, ini->file, 0, 0, "%s: no [group ID] section", name);
    /* A unit in two groups would count twice. */
    for (g = 0; g < out->n; g++)
        for (u = 0; u < out->v[g].n; u++) {
            size_t g2, u2;
            for (g2 = g; g2 < out->n; g2++)
                for (u2 = g2 == g ? u + 1 : 0; u2 < out->v[g2].n; u2++)
                    if (region_groups_same(&out->v[g], u, &out->v[g2], u2))
                        diag_error(dl, ini->file, out->v[g2].line,
                                   out->v[g2].col,
                                   "'%s' is in two groups ('%s' and '%s')",
                                   out->v[g2].units[u2], out->v[g].name,
                                   out->v[g2].name);
        }
    ini_free(ini);
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}
