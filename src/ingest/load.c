/* cli/load: one results file, or the sections of an event folder.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/tournament.h"
#include "core/tiebreak.h"
#include "core/validate.h"
#include "ingest/eventdir.h"
#include "ingest/results.h"
#include "ingest/trf.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static int is_csv_name(const char *path)
{
    size_t n = strlen(path);
    return n > 4 &&
           (!strcmp(path + n - 4, ".csv") || !strcmp(path + n - 4, ".CSV"));
}

/*
 * What ranks a team competition first by its 192 record (FIDE_TEAM_GP_MP,
 * FIDE_TEAM_GP, ...): 'G' game points, 'M' match points, or 0 when it does
 * not say.
 */
static char primary_of_192(const struct tournament *t)
{
    const struct record *r = tournament_record(t, "192");
    size_t len;

    if (!r)
        return 0;
    len = strlen(r->text);
    if (strstr(r->text, "_MP_GP"))
        return 'M';
    if (strstr(r->text, "_GP_MP"))
        return 'G';
    if (strstr(r->text, "_MP_") ||
        (len > 3 && !strcmp(r->text + len - 3, "_MP")))
        return 'M';
    if (strstr(r->text, "_GP_") ||
        (len > 3 && !strcmp(r->text + len - 3, "_GP")))
        return 'G';
    return 0;
}

/* The typed fields of a results file's header records (212/202, 192). */
static void header_fields(struct tournament *t)
{
    const struct record *r;

    if (!t)
        return;
    r = tournament_record(t, "212");
    if (!r)
        r = tournament_record(t, "202");
    if (r) {
        t->tb_list = r->text;
        t->tb_list_code = r->code;
        t->tb_list_line = r->line;
    }
    t->team_primary = primary_of_192(t);
}

static enum err load_dir(const char *dir, const char *section,
                         enum encoding enc, unsigned flags, struct load *ld,
                         struct diag_list *dl, struct diag_list *rdl)
{
    struct eventdir_options opts = {enc, section, 0};
    enum err e;
    size_t i;

    opts.results_optional = (flags & LOAD_RESULTS_OPTIONAL) != 0;
    e = eventdir_load(dir, &opts, &ld->ev, dl, rdl);
    if (!ld->ev)
        return e;
    if (section && !event_section(ld->ev, section)) {
        struct strbuf names = STRBUF_INIT;
        for (i = 0; i < ld->ev->n_sections; i++)
            strbuf_addf(&names, "%s%s", i ? ", " : "", ld->ev->sections[i].id);
        diag_error(dl, NULL, 0, 0, "no section '%s' in %s (it has: %s)",
                   section, dir, names.buf);
        strbuf_release(&names);
        return ERR_USAGE;
    }
    ld->items = xcalloc(ld->ev->n_sections + 1, sizeof(*ld->items));
    for (i = 0; i < ld->ev->n_sections; i++) {
        const struct section *s = &ld->ev->sections[i];
        if (section && strcmp(section, s->id))
            continue;
        header_fields(s->t);
        ld->items[ld->n].name = s->id;
        ld->items[ld->n].t = s->t;
        ld->items[ld->n].section = s;
        ld->n++;
    }
    return e;
}

/* The stem of a file's name: "team-swiss" for "tests/data/team-swiss.trf". */
static const char *file_stem(struct arena *a, const char *path)
{
    const char *base = strrchr(path, '/'), *dot;

    base = base ? base + 1 : path;
    dot = strrchr(base, '.');
    return dot && dot > base ? arena_strndup(a, base, (size_t)(dot - base))
                             : arena_strdup(a, base);
}

/*
 * The event of a lone results file: one section, described by the file's
 * header records, its system decided from the file.
 */
static void lone_event(struct event *ev, const char *path,
                       enum results_format fmt, struct tournament *t)
{
    struct section *s = event_add_section(ev);
    const char *slash = strrchr(path, '/');

    ev->lone_file = 1;
    ev->dir = slash ? arena_strndup(&ev->arena, path, (size_t)(slash - path))
                    : ".";
    s->id = file_stem(&ev->arena, path);
    s->file = arena_strdup(&ev->arena, slash ? slash + 1 : path);
    s->path = arena_strdup(&ev->arena, path);
    s->format = fmt;
    s->t = t;
    s->at.file = s->path;
    s->prize_places = 0; /* not given: the rules' own */
    s->tb_rules.round_robin = -1; /* decided from the file */
    if (!t)
        return;
    ev->title = t->name;
    ev->city = t->city;
    if (t->start_date)
        date_parse(t->start_date, &ev->start);
    if (t->end_date)
        date_parse(t->end_date, &ev->end);
    ev->chief_arbiter.name = t->chief_arbiter ? t->chief_arbiter : "";
    s->time_control = t->time_control ? t->time_control : "";
    s->rounds = t->n_rounds;
    s->system = t->n_teams > 0 ? SYS_TEAM : SYS_AUTO;
}

enum err load_path(const char *path, const char *section, enum encoding enc,
                   struct load *ld, struct diag_list *dl, struct diag_list *rdl)
{
    return load_path_flags(path, section, enc, 0, ld, dl, rdl);
}

enum err load_path_flags(const char *path, const char *section,
                         enum encoding enc, unsigned flags, struct load *ld,
                         struct diag_list *dl, struct diag_list *rdl)
{
    struct trf_options topts = {ENC_AUTO};
    struct csv_options copts = {ENC_AUTO, 0};
    struct tournament *t = NULL;
    enum results_format fmt;
    enum err e;

    memset(ld, 0, sizeof(*ld));
    if (file_is_dir(path))
        return load_dir(path, section, enc, flags, ld, dl, rdl);
    if (section) {
        diag_error(dl, NULL, 0, 0,
                   "--section names a section of an event folder; '%s' is "
                   "a file",
                   path);
        return ERR_USAGE;
    }
    topts.encoding = copts.encoding = enc;
    fmt = is_csv_name(path) ? RESULTS_CSV : RESULTS_TRF;
    if (fmt == RESULTS_CSV)
        e = results_read(path, &copts, &t, dl);
    else
        e = trf_read(path, &topts, &t, dl);
    if (t)
        tournament_drop_fake_players(t, dl);
    header_fields(t);
    ld->ev = event_new();
    lone_event(ld->ev, path, fmt, t);
    ld->items = xcalloc(1, sizeof(*ld->items));
    ld->items[0].name = path;
    ld->items[0].t = t;
    ld->items[0].section = &ld->ev->sections[0];
    ld->n = 1;
    return e;
}

void load_release(struct load *ld)
{
    event_free(ld->ev);
    free(ld->items);
    memset(ld, 0, sizeof(*ld));
}
