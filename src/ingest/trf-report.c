/* ingest/trf-report: a section of an event as the FIDE rating report (TRF).
 * SPDX-License-Identifier: MIT
 */
#include "ingest/trf-report.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/standings.h"
#include "core/tiebreak.h"
#include "ingest/csv.h"
#include "ingest/trf.h"
#include "util/date.h"
#include "util/name.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The TRF code of a FIDE title as registries write it ("GM", "ММ"), or "". */
static const char *fide_title(const char *rank)
{
    static const struct {
        const char *rank, *code;
    } titles[] = {
        {"gm", "g"},   {"гм", "g"},   {"im", "i"},   {"мм", "i"},
        {"fm", "f"},   {"мф", "f"},   {"cm", "c"},   {"км", "c"},
        {"wgm", "wg"}, {"жгм", "wg"}, {"wim", "wi"}, {"жмм", "wi"},
        {"wfm", "wf"}, {"жмф", "wf"}, {"wcm", "wc"}, {"жкм", "wc"},
    };
    struct strbuf key = STRBUF_INIT;
    const char *code = "";
    size_t i;

    csv_header_key(&key, rank);
    for (i = 0; i < sizeof(titles) / sizeof(titles[0]) && !*code; i++)
        if (!strcmp(key.buf, titles[i].rank))
            code = titles[i].code;
    strbuf_release(&key);
    return code;
}

/* A header record; latin: its text transliterated. */
static void record(struct strbuf *out, const char *code, const char *text,
                   int latin)
{
    strbuf_addstr(out, code);
    if (text && *text) {
        strbuf_addch(out, ' ');
        if (latin)
            name_translit(out, text);
        else
            strbuf_addstr(out, text);
    }
    strbuf_addch(out, '\n');
}

static void record_date(struct strbuf *out, const char *code,
                        const struct date *d)
{
    strbuf_addstr(out, code);
    if (date_valid(d)) {
        strbuf_addch(out, ' ');
        date_format_trf(out, d);
    }
    strbuf_addch(out, '\n');
}

static const char *system_type(const struct section *sec,
                               const struct tournament *t)
{
    switch (sec->system) {
    case SYS_ROUND_ROBIN:
        return "Individual: Round robin";
    case SYS_KNOCKOUT:
        return "Individual: Knock-out";
    case SYS_TEAM:
        return "Team: Swiss-System";
    case SYS_SWISS:
        return "Individual: Swiss-System";
    case SYS_AUTO:
        break;
    }
    return t->type && *t->type ? t->type : "Individual: Swiss-System";
}

/* The header records of the report. */
static void write_header(const struct event *ev, const struct section *sec,
                         const struct standings *st, enum trf_version v,
                         int latin, struct strbuf *out)
{
    const struct tournament *t = sec->t;
    struct strbuf sb = STRBUF_INIT;
    size_t i, rated = 0;

    strbuf_addstr(&sb, ev->title);
    if (*sec->title)
        strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", sec->title);
    record(out, "012", sb.buf, latin);
    record(out, "022", ev->city, latin);
    record(out, "032", "UKR", latin);
    record_date(out, "042", &ev->start);
    record_date(out, "052", &ev->end);
    for (i = 0; i < t->n_players; i++)
        rated += t->players[i].rating > 0;
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%zu", t->n_players);
    record(out, "062", sb.buf, latin);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%zu", rated);
    record(out, "072", sb.buf, latin);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%zu", t->n_teams);
    record(out, "082", sb.buf, latin);
    record(out, "092", system_type(sec, t), latin);
    record(out, "102", ev->chief_arbiter.name, latin);
    record(out, "112", ev->deputy_arbiter.name, latin);
    record(out, "122", sec->time_control, latin);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%d", st->n_rounds);
    record(out, v == TRF_26 ? "142" : "XXR", sb.buf, latin);
    strbuf_reset(&sb);
    tiebreak_list_format(&st->rules, &sb);
    if (sb.len)
        record(out, "202", sb.buf, latin);
    strbuf_release(&sb);
}

void trf_write_report(const struct event *ev, const struct section *sec,
                      const struct standings *st, enum trf_version v,
                      int latin, struct strbuf *out)
{
    const struct tournament *t = sec->t;
    struct strbuf name = STRBUF_INIT, lat = STRBUF_INIT;
    int *rank = xcalloc(t->n_players + 1, sizeof(int));
    double *points = xcalloc(t->n_players + 1, sizeof(double));
    size_t i;

    write_header(ev, sec, st, v, latin, out);
    for (i = 0; i < st->n_rows; i++) {
        rank[st->rows[i].player] = (int)i + 1;
        points[st->rows[i].player] = st->rows[i].points;
    }
    for (i = 0; i < t->n_players; i++) {
        const struct person *pe = section_person(ev, sec, (int)i);
        struct player p = t->players[i];
        strbuf_reset(&name);
        if (pe && *pe->surname) {
            strbuf_addstr(&name, pe->surname);
            if (*pe->given)
                strbuf_addf(&name, ", %s", pe->given);
            p.name = name.buf;
        }
        if (latin && name_has_cyrillic(p.name)) {
            strbuf_reset(&lat);
            name_translit(&lat, p.name);
            p.name = lat.buf;
        }
        if (pe && !*p.title)
            p.title = fide_title(pe->rank);
        if (!*p.fed)
            p.fed = pe && *pe->federation ? pe->federation : "UKR";
        p.points = points[i];
        p.has_points = rank[i] > 0;
        p.rank = rank[i];
        trf_write_player(t, &p, out);
    }
    /* A team competition: its teams and the records of its matches. */
    for (i = 0; i < t->n_teams; i++)
        trf_write_team(&t->teams[i], v, out);
    for (i = 0; i < t->n_records && t->n_teams; i++) {
        static const char *const team_codes[] = {"240", "299", "300", "320",
                                                 "330", "352", "362"};
        size_t k;
        for (k = 0; k < sizeof(team_codes) / sizeof(team_codes[0]); k++)
            if (!strcmp(t->records[i].code, team_codes[k]))
                trf_write_record(&t->records[i], v, out);
    }
    free(rank);
    free(points);
    strbuf_release(&name);
    strbuf_release(&lat);
}
