/* ingest/eventdir: an event folder read into a struct event.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/eventdir.h"
#include "ingest/playoffs.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/mandate.h"
#include "core/norms.h"
#include "core/teamscore.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/eventgames.h"
#include "ingest/matchcards.h"
#include "ingest/presets.h"
#include "ingest/registry.h"
#include "ingest/results.h"
#include "ingest/trf.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ------------------------------------------------------------ key tables */

enum vtype {
    V_TEXT,      /* const char * */
    V_ROMAN,     /* const char *, its Roman numerals as Ukrainian writes them */
    V_DATE,      /* struct date */
    V_YEAR,      /* int, a year */
    V_INT,       /* int, 0..999 */
    V_SIGNATORY, /* struct signatory: "Ім'я ПРІЗВИЩЕ | посада" */
    V_SYSTEM,    /* enum section_system */
    V_DISCIPLINE, /* enum discipline */
    V_SEX,        /* char */
    V_RULES,      /* const char *, a preset */
    V_TIEBREAKS,  /* const char *, a list of codes */
    V_UNPLAYED,   /* const char *, a policy */
    V_SCORING,    /* enum team_scoring */
    V_POINTS,     /* the points of places: [report] team-points */
    V_MIN_RANK,   /* struct mandate_rules: min-rank */
    V_FEE,        /* long: hryvnias */
    V_DOCUMENTS,  /* struct mandate_rules: mandate-documents */
    V_STAGES,     /* struct ko_ladder: the stages of a knock-out match */
    V_COLOUR,     /* char 'b' or 'w': armageddon-draw */
    V_YESNO,      /* int 1 or 0: yes or no (так, ні) */
    V_STAGE,      /* int 1 qualifying, 0 final */
    V_LIST        /* numbered signatories: handled by prefix */
};

struct key {
    const char *name;
    enum vtype type;
    size_t off;
    int required; /* 2 error when missing, 1 warning, 0 optional */
};

#define EV(f) offsetof(struct event, f)
#define SE(f) offsetof(struct section, f)
#define RE(f) offsetof(struct event, report) + offsetof(struct report_info, f)
#define MA(f) offsetof(struct event, mandate) + offsetof(struct mandate_rules, f)

static const struct key event_keys[] = {
    {"title", V_TEXT, EV(title), 2},
    {"short-title", V_TEXT, EV(short_title), 0},
    {"title-locative", V_TEXT, EV(title_locative), 0},
    {"category", V_TEXT, EV(sex_text), 0},
    {"age-group", V_TEXT, EV(age_group), 0},
    {"born-from", V_YEAR, EV(born_from), 0},
    {"rank", V_ROMAN, EV(rank), 0},
    {"start", V_DATE, EV(start), 2},
    {"end", V_DATE, EV(end), 2},
    {"city", V_TEXT, EV(city), 2},
    {"venue", V_TEXT, EV(venue), 1},
    {"organisers", V_TEXT, EV(organisers), 0},
    {"awarding-bodies", V_TEXT, EV(awarding_bodies), 0},
    {"order", V_TEXT, EV(order), 0},
    {"compiled", V_DATE, EV(compiled), 0},
    {"chief-arbiter", V_SIGNATORY, EV(chief_arbiter), 1},
    {"deputy-arbiter", V_SIGNATORY, EV(deputy_arbiter), 0},
    {"chief-secretary", V_SIGNATORY, EV(chief_secretary), 1},
    {"players", V_TEXT, 0, 0},
    {"diploma-signatory-", V_LIST, 0, 0},
    {"report-signatory-", V_LIST, 1, 0},
    {"min-rank", V_MIN_RANK, MA(min_rank), 0},
    {"citizens-only", V_YESNO, MA(citizens_only), 0},
    {"fee-classic", V_FEE, MA(fee[0]), 0},
    {"fee-rapid", V_FEE, MA(fee[1]), 0},
    {"fee-blitz", V_FEE, MA(fee[2]), 0},
    {"mandate-documents", V_DOCUMENTS, MA(documents), 0},
    {"mandate-date", V_DATE, MA(date), 0},
    {"mandate-member-", V_LIST, 2, 0},
    {"arbiter-", V_LIST, 3, 0},
};

static const struct key section_keys[] = {
    {"title", V_TEXT, SE(title), 2},
    {"file", V_TEXT, SE(file), 2},
    {"games", V_TEXT, SE(games), 0},
    {"system", V_SYSTEM, SE(system), 0},
    /* required, unless the time control says it (read_section) */
    {"discipline", V_DISCIPLINE, SE(discipline), 0},
    {"time-control", V_TEXT, SE(time_control), 0},
    {"sex", V_SEX, SE(sex), 0},
    {"rounds", V_INT, SE(rounds), 0},
    {"rules", V_RULES, SE(rules), 0},
    {"tiebreaks", V_TIEBREAKS, SE(tiebreaks), 0},
    {"unplayed", V_UNPLAYED, SE(unplayed), 0},
    {"prize-places", V_INT, SE(prize_places), 0},
    {"qualify-places", V_INT, SE(qualify_places), 0},
    {"qualify-for", V_TEXT, SE(qualify_for), 0},
    {"sheet-name", V_TEXT, SE(sheet_name), 0},
    {"start", V_DATE, SE(start), 0},
    {"end", V_DATE, SE(end), 0},
    {"stage", V_STAGE, SE(qualifying), 0},
    {"awards", V_YESNO, SE(awards), 0},
    {"boards", V_INT, SE(boards), 0},
    {"board-prize-min-games", V_INT, SE(board_prize_min_games), 0},
    {"stages", V_STAGES, SE(ladder), 0},
    {"armageddon-draw", V_COLOUR, SE(ladder.armageddon_draw), 0},
    {"third-place", V_YESNO, SE(ladder.third_place), 0},
    {"time-control-rapid", V_TEXT, SE(time_control_rapid), 0},
    {"time-control-blitz", V_TEXT, SE(time_control_blitz), 0},
    {"time-control-armageddon", V_TEXT, SE(time_control_armageddon), 0},
};

static const struct key report_keys[] = {
    {"sport", V_TEXT, RE(sport), 0},
    {"department", V_TEXT, RE(department), 0},
    {"head", V_SIGNATORY, RE(head), 0},
    {"responsible", V_SIGNATORY, RE(responsible), 0},
    {"judges", V_INT, RE(judges), 0},
    {"staff", V_INT, RE(staff), 0},
    {"team-results", V_TEXT, RE(team_results), 0},
    {"team-scoring", V_SCORING, RE(team_scoring), 0},
    {"team-points", V_POINTS, RE(team_points), 0},
    {"team-best", V_INT, RE(team_best), 0},
    {"protests", V_TEXT, RE(notes[REPORT_PROTESTS]), 0},
    {"violations", V_TEXT, RE(notes[REPORT_VIOLATIONS]), 0},
    {"medical", V_TEXT, RE(notes[REPORT_MEDICAL]), 0},
    {"conditions", V_TEXT, RE(notes[REPORT_CONDITIONS]), 0},
    {"conclusions", V_TEXT, RE(notes[REPORT_CONCLUSIONS]), 0},
    {"proposals", V_TEXT, RE(notes[REPORT_PROPOSALS]), 0},
    {"norms", V_TEXT, RE(norms_file), 0},
    {"region-groups", V_TEXT, RE(groups_file), 0},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Section names become file names ("boys-classic-ranking.pdf"). */
#define SECTION_NAME_MAX 64

struct loader {
    struct event *ev;
    const struct ini *ini;
    struct diag_list *dl;
    struct strbuf tmp;
};

static const char *dup(struct loader *ld, const char *s)
{
    return arena_strdup(&ld->ev->arena, s);
}

/* An error at the value of entry e (extra characters into it). */
#define err_at(ld, e, extra, ...)                                              \
    diag_error((ld)->dl, (ld)->ini->file, (e)->line, (e)->col + (extra),       \
               __VA_ARGS__)

/* A judge (chief-arbiter, deputy-arbiter, chief-secretary, arbiter-N):
   his category is one of the known ones. */
static int is_judge_key(const char *key)
{
    return !strcmp(key, "chief-arbiter") || !strcmp(key, "deputy-arbiter") ||
           !strcmp(key, "chief-secretary") || !strncmp(key, "arbiter-", 8);
}

static void read_signatory(struct loader *ld, const struct ini_entry *e,
                           struct signatory *s)
{
    const char *v = e->value, *bar = strchr(v, '|');
    int unknown = 0;

    {
        /* A name's apostrophe as the registry's names have it (one
           apostrophe in a document: Мар'яна, not Мар’яна beside them). */
        struct strbuf raw = STRBUF_INIT;
        strbuf_add(&raw, v, bar ? (size_t)(bar - v) : strlen(v));
        strbuf_reset(&ld->tmp);
        name_clean(&ld->tmp, raw.buf);
        strbuf_release(&raw);
    }
    s->name = dup(ld, ld->tmp.buf);
    strbuf_reset(&ld->tmp);
    if (bar)
        strbuf_addstr(&ld->tmp, bar + 1);
    strbuf_trim(&ld->tmp);
    s->position = dup(ld, ld->tmp.buf);
    if (!is_judge_key(e->key))
        return;
    strbuf_reset(&ld->tmp);
    signatory_split(s->position, NULL, &ld->tmp, &unknown);
    if (unknown)
        diag_warning(ld->dl, ld->ini->file, e->line,
                     e->col + (bar ? utf8_nlen(v, (size_t)(bar - v)) + 1 : 0),
                     "'%s': the judge's category '%s' is none of the known "
                     "ones (суддя національної категорії, І, ІІ, ІІІ "
                     "категорії, юний суддя, FIDE Arbiter, International "
                     "Arbiter): the report counts him as of no category",
                     e->key, ld->tmp.buf);
}

/*
 * 1 (after an error) when e is a text of the documents' header or
 * signatures longer than they can show; file names and the report's
 * texts are not.
 */
static int too_long(struct loader *ld, const struct key *k,
                    const struct ini_entry *e)
{
    size_t n;

    if ((k->type != V_TEXT && k->type != V_SIGNATORY) ||
        !strcmp(k->name, "file") || !strcmp(k->name, "games") ||
        (k >= report_keys && k < report_keys + N(report_keys)))
        return 0;
    n = utf8_len(e->value);
    if (n <= EVENT_TEXT_MAX)
        return 0;
    err_at(ld, e, 0,
           "'%s' is too long for the documents (%zu characters; at most %d)",
           e->key, n, EVENT_TEXT_MAX);
    return 1;
}

/*
 * Read the points of places 1, 2, ... ("25, 20, 16, 13"): numbers from 0
 * to 1000 with a decimal point, separated by commas or blanks; an error
 * at the item that is not one.
 */
static void read_points(struct loader *ld, const struct ini_entry *e,
                        struct report_info *ri)
{
    const char *v = e->value, *p = v;
    double *pts = NULL;
    size_t n = 0, alloc = 0;

    for (;;) {
        char item[32];
        size_t len;
        double x;

        p += strspn(p, " \t,");
        if (!*p)
            break;
        len = strcspn(p, " \t,");
        x = -1;
        if (len < sizeof(item)) {
            memcpy(item, p, len);
            item[len] = '\0';
            /* Digits and a decimal point: not "1e2", "0x10" or "nan". */
            if (num_parse_decimal(item, ".", &x) || !(x >= 0 && x <= 1000))
                x = -1;
        }
        if (x < 0) {
            err_at(ld, e, utf8_nlen(v, (size_t)(p - v)),
                   "points of a place expected (a number from 0 to 1000, "
                   "such as 25 or 12.5), found '%.*s'",
                   (int)len, p);
            free(pts);
            return;
        }
        ALLOC_GROW(pts, n + 1, alloc);
        pts[n++] = x;
        p += len;
    }
    if (!n) {
        err_at(ld, e, 0, "empty list of points (write the points of places "
                         "1, 2, ...: '25, 20, 16')");
        free(pts);
        return;
    }
    ri->team_points = arena_alloc(&ld->ev->arena, n * sizeof(*pts));
    memcpy(ri->team_points, pts, n * sizeof(*pts));
    ri->n_team_points = n;
    free(pts);
}

/*
 * The documents the mandate commission requires: "identity, medical,
 * insurance, fee" in any order, or "none"; an error at the word that is
 * none of them.
 */
static void read_documents(struct loader *ld, const struct ini_entry *e)
{
    const char *v = e->value, *p = v;
    unsigned docs = 0;

    for (;;) {
        size_t len;
        int d;

        p += strspn(p, " \t,");
        if (!*p)
            break;
        len = strcspn(p, " \t,");
        for (d = 0; d < MANDATE_N_DOCS; d++)
            if (strlen(mandate_doc_name((enum mandate_doc)d)) == len &&
                !memcmp(p, mandate_doc_name((enum mandate_doc)d), len))
                break;
        if (d < MANDATE_N_DOCS) {
            docs |= 1u << d;
        } else if (!(len == 4 && !memcmp(p, "none", 4))) {
            err_at(ld, e, utf8_nlen(v, (size_t)(p - v)),
                   "unknown document '%.*s' (identity, medical, insurance, "
                   "fee, or none)",
                   (int)len, p);
            return;
        }
        p += len;
    }
    ld->ev->mandate.documents = docs;
    ld->ev->mandate.documents_set = 1;
}

/*
 * The stages of a knock-out match: "classic 2, rapid 2, blitz 2,
 * armageddon 1", each stage once, in that order, armageddon one game.
 */
static void read_stages(struct loader *ld, const struct ini_entry *e,
                        struct ko_ladder *out)
{
    struct ko_ladder l = *out;
    const char *v = e->value, *p = v;
    char item[64];

    l.n = 0;
    while (*p) {
        size_t len;
        char *sp;
        enum ko_stage st;
        int games = -1;

        p += strspn(p, " \t,");
        if (!*p)
            break;
        len = strcspn(p, ",");
        if (len >= sizeof(item))
            len = sizeof(item) - 1;
        memcpy(item, p, len);
        item[len] = '\0';
        sp = strrchr(item, ' ');
        if (sp) {
            *sp = '\0';
            games = num_parse_uint(sp + 1, KO_MAX_GAMES);
        }
        if (games < 1 || ko_stage_parse(item, &st)) {
            err_at(ld, e, utf8_nlen(v, (size_t)(p - v)),
                   "a stage and its number of games expected (such as "
                   "'rapid 2'; classic, rapid, blitz, armageddon; 1 to %d "
                   "games), found '%.*s'",
                   KO_MAX_GAMES, (int)strcspn(p, ","), p);
            return;
        }
        if (l.n && l.steps[l.n - 1].stage >= st) {
            err_at(ld, e, utf8_nlen(v, (size_t)(p - v)),
                   "stage '%s' comes after '%s': the stages go classic, "
                   "rapid, blitz, armageddon, each once",
                   ko_stage_name(st), ko_stage_name(l.steps[l.n - 1].stage));
            return;
        }
        if (st == KO_ARMAGEDDON && games != 1) {
            err_at(ld, e, utf8_nlen(v, (size_t)(p - v)),
                   "armageddon is one game, not %d", games);
            return;
        }
        l.steps[l.n].stage = st;
        l.steps[l.n].games = games;
        l.n++;
        p += strcspn(p, ",");
    }
    if (!l.n) {
        err_at(ld, e, 0, "empty list of stages (write 'classic 2, rapid 2, "
                         "blitz 2, armageddon 1')");
        return;
    }
    *out = l;
}

/* Store the value of e into the field of base the key describes. */
static void set_value(struct loader *ld, const struct key *k,
                      const struct ini_entry *e, char *base)
{
    void *field = base + k->off;
    const char *v = e->value;

    if (too_long(ld, k, e))
        return;
    switch (k->type) {
    case V_TEXT:
        /* One apostrophe in a document: a title's or a venue's as the
           names' (Мар'янин, not Мар’янин beside Мар'яна); a file's name
           as written. */
        if (!strcmp(k->name, "file") || !strcmp(k->name, "players") ||
            !strcmp(k->name, "games")) {
            *(const char **)field = dup(ld, v);
            return;
        }
        strbuf_reset(&ld->tmp);
        name_clean(&ld->tmp, v);
        *(const char **)field = dup(ld, ld->tmp.buf);
        return;
    case V_ROMAN:
        strbuf_reset(&ld->tmp);
        num_roman_fix(&ld->tmp, v);
        *(const char **)field = dup(ld, ld->tmp.buf);
        return;
    case V_DATE:
        strbuf_reset(&ld->tmp);
        if (!date_parse(v, (struct date *)field))
            return;
        if (date_impossible(v, &ld->tmp))
            err_at(ld, e, 0, "date '%s' does not exist (%s)", v, ld->tmp.buf);
        else
            err_at(ld, e, 0,
                   "date '%s' not understood (write 01.06.2023 or "
                   "2023-06-01)",
                   v);
        return;
    case V_YEAR: {
        int y = num_parse_uint(v, 2100);
        if (y < 1900)
            err_at(ld, e, 0, "year expected (such as 2013), found '%s'", v);
        else
            *(int *)field = y;
        return;
    }
    case V_INT: {
        int n = num_parse_uint(v, 999);
        if (n < 0)
            err_at(ld, e, 0, "number from 0 to 999 expected, found '%s'", v);
        else if (!n && !strcmp(k->name, "rounds"))
            err_at(ld, e, 0,
                   "number of rounds from 1 to 999 expected, found '%s' "
                   "(leave 'rounds' out when the results file says it)",
                   v);
        else
            *(int *)field = n;
        return;
    }
    case V_SIGNATORY:
        read_signatory(ld, e, (struct signatory *)field);
        return;
    case V_SYSTEM:
        if (section_system_parse(v, (enum section_system *)field))
            err_at(ld, e, 0,
                   "unknown system '%s' (swiss, round-robin, knock-out, "
                   "team)",
                   v);
        return;
    case V_DISCIPLINE:
        if (discipline_parse(v, (enum discipline *)field))
            err_at(ld, e, 0,
                   "unknown discipline '%s' (classic, rapid, blitz, other)", v);
        return;
    case V_SEX:
        if (sex_parse(v, (char *)field))
            err_at(ld, e, 0,
                   "unknown sex '%s' (boys, girls, men, women, mixed)", v);
        return;
    case V_RULES:
        if (!rules_preset_known(v))
            err_at(ld, e, 0,
                   "unknown rule preset '%s' (ua-2004, ua-2017, ua-2023, "
                   "fide)",
                   v);
        else
            *(const char **)field = dup(ld, v);
        return;
    case V_TIEBREAKS: {
        struct tiebreak_rules r;
        tiebreak_rules_init(&r);
        if (tiebreak_list_parse(v, &r, ld->dl, ld->ini->file, e->line,
                                e->col))
            return;
        if (!r.n) {
            err_at(ld, e, 0, "empty tie-break list");
            return;
        }
        strbuf_reset(&ld->tmp);
        tiebreak_list_format(&r, &ld->tmp);
        *(const char **)field = dup(ld, ld->tmp.buf);
        return;
    }
    case V_UNPLAYED:
        if (!unplayed_policy_known(v))
            err_at(ld, e, 0,
                   "unknown unplayed-round policy '%s' (fide-2024, "
                   "fide-2026, fide-2009, none)",
                   v);
        else
            *(const char **)field = dup(ld, v);
        return;
    case V_SCORING: {
        static const char *const names[] = {"medals", "points", "none"};
        size_t i;
        for (i = 0; i < N(names) && strcmp(v, names[i]); i++)
            ;
        if (i == N(names)) {
            err_at(ld, e, 0,
                   "unknown team scoring '%s' (medals, points, none)", v);
            return;
        }
        *(enum team_scoring *)field = (enum team_scoring)i;
        ld->ev->report.scoring_at.file = ld->ev->ini_file;
        ld->ev->report.scoring_at.line = e->line;
        ld->ev->report.scoring_at.col = e->col;
        return;
    }
    case V_POINTS:
        read_points(ld, e, &ld->ev->report);
        return;
    case V_MIN_RANK: {
        int cls = registry_rank_class(v);
        if (cls < 0) {
            err_at(ld, e, 0,
                   "unknown rank '%s' (КМС, І, ІІ, ІІІ, І юн., ІІ юн., "
                   "ІІІ юн., or a FIDE title)",
                   v);
            return;
        }
        strbuf_reset(&ld->tmp);
        num_roman_fix(&ld->tmp, v);
        ld->ev->mandate.min_rank = dup(ld, ld->tmp.buf);
        ld->ev->mandate.min_rank_class = cls;
        return;
    }
    case V_FEE: {
        int n = num_parse_uint(v, 100000);
        if (n < 0)
            err_at(ld, e, 0,
                   "a fee in hryvnias expected (a whole number from 0 to "
                   "100000, such as 200), found '%s'",
                   v);
        else
            *(long *)field = n;
        return;
    }
    case V_DOCUMENTS:
        read_documents(ld, e);
        return;
    case V_STAGES:
        read_stages(ld, e, (struct ko_ladder *)field);
        return;
    case V_COLOUR:
        if (!strcmp(v, "black") || !strcmp(v, "чорні"))
            *(char *)field = 'b';
        else if (!strcmp(v, "white") || !strcmp(v, "білі"))
            *(char *)field = 'w';
        else
            err_at(ld, e, 0,
                   "who wins a drawn armageddon: black or white (чорні, "
                   "білі), not '%s'",
                   v);
        return;
    case V_STAGE:
        if (!strcmp(v, "final") || !strcmp(v, "фінал"))
            *(int *)field = 0;
        else if (!strcmp(v, "qualifying") || !strcmp(v, "відбірковий"))
            *(int *)field = 1;
        else
            err_at(ld, e, 0,
                   "the stage is final or qualifying (фінал, відбірковий), "
                   "not '%s'",
                   v);
        return;
    case V_YESNO:
        if (!strcmp(v, "yes") || !strcmp(v, "так"))
            *(int *)field = 1;
        else if (!strcmp(v, "no") || !strcmp(v, "ні"))
            *(int *)field = 0;
        else
            err_at(ld, e, 0, "yes or no expected (так, ні), found '%s'", v);
        return;
    case V_LIST:
        return;
    }
}

/* A numbered signatory key: "diploma-signatory-2". */
static void add_listed(struct loader *ld, const struct key *k,
                       const struct ini_entry *e)
{
    struct event *ev = ld->ev;
    const char *num = e->key + strlen(k->name);
    struct signatory **list = k->off == 3   ? &ev->arbiters
                              : k->off == 2 ? &ev->mandate.members
                              : k->off == 1 ? &ev->report_signatories
                                            : &ev->diploma_signatories;
    size_t *n = k->off == 3   ? &ev->n_arbiters
                : k->off == 2 ? &ev->mandate.n_members
                : k->off == 1 ? &ev->n_report_signatories
                              : &ev->n_diploma_signatories;
    int i = num_parse_uint(num, 9);

    if (i < 1) {
        diag_warning(ld->dl, ld->ini->file, e->line, e->key_col,
                     "unknown key '%s' (numbered 1 to 9: '%s1')", e->key,
                     k->name);
        return;
    }
    if ((size_t)i > *n) {
        *list = xreallocarray(*list, (size_t)i, sizeof(**list));
        while (*n < (size_t)i) {
            (*list)[*n].name = (*list)[*n].position = "";
            (*n)++;
        }
    }
    read_signatory(ld, e, &(*list)[i - 1]);
}

/* Read the keys of one ini section through a key table. */
static void read_keys(struct loader *ld, const struct ini_section *s,
                      const struct key *keys, size_t nkeys, char *base)
{
    size_t i, k;

    for (i = 0; i < s->n; i++) {
        const struct ini_entry *e = &s->entries[i];
        const struct key *found = NULL;
        for (k = 0; k < nkeys && !found; k++) {
            if (keys[k].type == V_LIST
                    ? !strncmp(e->key, keys[k].name, strlen(keys[k].name))
                    : !strcmp(e->key, keys[k].name))
                found = &keys[k];
        }
        if (!found) {
            diag_warning(ld->dl, ld->ini->file, e->line, e->key_col,
                         "unknown key '%s' in [%s] ignored", e->key, s->kind);
            continue;
        }
        if (found->type == V_LIST) {
            add_listed(ld, found, e);
            continue;
        }
        if (!*e->value) {
            if (found->required)
                diag_add(
                    ld->dl, found->required == 2 ? DIAG_ERROR : DIAG_WARNING,
                    ld->ini->file, e->line, e->col, "'%s' is empty", e->key);
            continue;
        }
        if (found->off || found->type != V_TEXT ||
            strcmp(found->name, "players"))
            set_value(ld, found, e, base);
    }
    for (k = 0; k < nkeys; k++) {
        if (!keys[k].required || ini_get(s, keys[k].name))
            continue;
        diag_add(ld->dl, keys[k].required == 2 ? DIAG_ERROR : DIAG_WARNING,
                 ld->ini->file, s->line, 1, "[%s%s%s] has no '%s'", s->kind,
                 *s->arg ? " " : "", s->arg, keys[k].name);
    }
}

/*
 * 1 when the value of e, a file that event.ini names, is a name inside the
 * event folder (file_name_problem); else 0 after an error at the value
 * that calls it what ("results file 'x.trf' of section 'boys'").
 */
static int inside_name(struct loader *ld, const struct ini_entry *e,
                       const char *what)
{
    const char *why = file_name_problem(e->value);

    if (!why)
        return 1;
    err_at(ld, e, 0, "%s: %s; name a file inside the event folder", what,
           _(why));
    return 0;
}

/* The team-scoring keys of [report] s against each other: team-results
   alone (the team results in words) means no team standings. */
static void check_scoring(struct loader *ld, const struct ini_section *s)
{
    struct report_info *ri = &ld->ev->report;
    const struct ini_entry *scoring = ini_get(s, "team-scoring");
    const struct ini_entry *pts = ini_get(s, "team-points");
    const struct ini_entry *best = ini_get(s, "team-best");
    const struct ini_entry *words = ini_get(s, "team-results");

    if (words && *words->value && !scoring)
        ri->team_scoring = TEAM_SCORING_NONE;
    else if (words && *words->value &&
             ri->team_scoring != TEAM_SCORING_NONE) {
        diag_warning(ld->dl, ld->ini->file, scoring->line, scoring->key_col,
                     "team-scoring '%s' contradicts team-results (line %u), "
                     "which states the team results in words; keep one "
                     "(team-scoring = none, or no team-results)",
                     scoring->value, words->line);
        diag_also_line(ld->dl, words->line);
    }

    if (ri->team_scoring == TEAM_SCORING_POINTS && !ri->n_team_points &&
        !pts)
        err_at(ld, scoring, 0,
               "team scoring 'points' needs 'team-points' (the points of "
               "places 1, 2, ...: 'team-points = 25, 20, 16')");
    if (ri->team_scoring != TEAM_SCORING_POINTS) {
        if (pts)
            diag_warning(ld->dl, ld->ini->file, pts->line, pts->key_col,
                         "'team-points' ignored: team-scoring is not "
                         "'points'");
        if (best)
            diag_warning(ld->dl, ld->ini->file, best->line, best->key_col,
                         "'team-best' ignored: team-scoring is not "
                         "'points'");
    }
}

/* A section's sheet-name: what a spreadsheet's sheet can be called, and
   no other section's. */
static void check_sheet_name(struct loader *ld, const struct ini_section *is)
{
    const struct ini_entry *e = ini_get(is, "sheet-name");
    const struct event *ev = ld->ev;
    size_t i;

    if (!e)
        return;
    if (!*e->value || utf8_len(e->value) > 31 || strpbrk(e->value, "[]:*?/\\") ||
        e->value[0] == '\'' || e->value[strlen(e->value) - 1] == '\'') {
        err_at(ld, e, 0,
               "sheet name of 1 to 31 characters expected, without [ ] : * ? "
               "/ \\ and not starting or ending with ', found '%s'",
               e->value);
        return;
    }
    for (i = 0; i + 1 < ev->n_sections; i++) {
        struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
        if (ev->sections[i].sheet_name) {
            utf8_lower(&a, ev->sections[i].sheet_name);
            utf8_lower(&b, e->value);
            if (!strcmp(a.buf, b.buf))
                err_at(ld, e, 0,
                       "sheet name '%s' is section '%s''s too (a sheet "
                       "name is the section's alone)",
                       e->value, ev->sections[i].id);
        }
        strbuf_release(&a);
        strbuf_release(&b);
    }
}

/* 1 when s starts with one of the NULL-ended words. */
static int starts_word(const char *s, const char *const *words)
{
    for (; *words; words++)
        if (!strncmp(s, *words, strlen(*words)))
            return 1;
    return 0;
}

/*
 * The minutes a time control gives a player for 60 moves (its base time
 * plus 60 times its increment), as FIDE's Laws tell blitz from rapid and
 * classic: "90 хв + 30 с на хід", "90 min/40 moves + 30 min + 30 sec",
 * "1 год 30 хв", "3+2" (minutes, then seconds a move); -1 when it does
 * not say.
 */
static int time_control_minutes(const char *tc)
{
    static const char *const minutes[] = {"хв", "min", "m ", "'", NULL};
    static const char *const hours[] = {"год", "h", "г ", NULL};
    static const char *const seconds[] = {"сек", "с", "sec", "s", "\"",
                                          "″", NULL};
    static const char *const moves[] = {"ход", "move", NULL};
    long base = 0, inc = 0;
    int plus = 0, any = 0;
    const char *p = tc;

    while (*p) {
        char *end;
        long v;
        if (*p == '+') {
            plus = 1;
            p++;
            continue;
        }
        if (*p < '0' || *p > '9') {
            p++;
            continue;
        }
        v = strtol(p, &end, 10);
        if (v < 0 || v > 10000)
            return -1;
        p = end;
        while (*p == ' ')
            p++;
        if (starts_word(p, moves))
            continue;
        if (starts_word(p, hours))
            base += 60 * v;
        else if (starts_word(p, minutes))
            base += v;
        else if (starts_word(p, seconds))
            inc = inc ? inc : v;
        else if (plus)
            inc = inc ? inc : v;
        else
            base += v;
        any = 1;
    }
    return any && base > 0 ? (int)(base + inc) : -1;
}

/*
 * A section without 'discipline': from its time control by FIDE's limits
 * (blitz: 10 minutes or less for 60 moves; rapid: more than 10, less than
 * 60; classic: 60 or more), else an error that says what to write.
 */
static void discipline_from_time_control(struct loader *ld,
                                         const struct ini_section *is,
                                         struct section *s)
{
    const struct ini_entry *e = ini_get(is, "discipline");
    int m;

    if (e && *e->value)
        return;
    m = time_control_minutes(s->time_control);
    if (m > 0) {
        s->discipline = m <= 10 ? DISC_BLITZ : m < 60 ? DISC_RAPID
                                                      : DISC_CLASSIC;
        return;
    }
    if (*s->time_control)
        diag_error(ld->dl, ld->ini->file, is->line, 1,
                   "[section %s] has no 'discipline', and its time-control "
                   "'%s' does not say one: write discipline = classic (60 "
                   "minutes or more for 60 moves), rapid (more than 10 and "
                   "less than 60) or blitz (10 or less)",
                   is->arg, s->time_control);
    else
        diag_error(ld->dl, ld->ini->file, is->line, 1,
                   "[section %s] has no 'discipline': write discipline = "
                   "classic, rapid or blitz, or its time-control (such as "
                   "'90 хв + 30 с на хід')",
                   is->arg);
}

/*
 * The PGN files of a section's games ("games = a.pgn, b.pgn": separated
 * by ',' or ';'), each a name inside the event folder (an error at the
 * name otherwise).
 */
static void read_games(struct loader *ld, const struct ini_section *is,
                       struct section *s, const char *dir)
{
    const struct ini_entry *e = ini_get(is, "games");
    const char *v, *p;
    size_t n = 0, k;

    if (!e || !*s->games)
        return;
    s->games_at.file = ld->ev->ini_file;
    s->games_at.line = e->line;
    s->games_at.col = e->col;
    v = s->games;
    for (p = v; *p; p++)
        n += *p == ',' || *p == ';';
    s->games_files = arena_alloc(&ld->ev->arena, (n + 2) * sizeof(char *));
    s->games_paths = arena_alloc(&ld->ev->arena, (n + 2) * sizeof(char *));
    for (p = v;;) {
        struct ini_entry item = *e;
        size_t len;
        p += strspn(p, " \t");
        len = strcspn(p, ",;");
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
            len--;
        if (len) {
            const char *name = arena_strndup(&ld->ev->arena, p, len);
            const char *why = file_name_problem(name);
            for (k = 0; k < s->n_games_files; k++)
                if (!strcmp(s->games_files[k], name))
                    break;
            item.value = name;
            item.col = e->col + (unsigned)utf8_nlen(v, (size_t)(p - v));
            if (why) {
                err_at(ld, &item, 0,
                       "games file '%s' of section '%s': %s; name a file "
                       "inside the event folder",
                       name, s->id, _(why));
            } else if (k == s->n_games_files) {
                strbuf_reset(&ld->tmp);
                if (strcmp(dir, "."))
                    strbuf_addf(&ld->tmp, "%s/", dir);
                strbuf_addstr(&ld->tmp, name);
                s->games_files[s->n_games_files] = name;
                s->games_paths[s->n_games_files++] = dup(ld, ld->tmp.buf);
            }
        }
        p += strcspn(p, ",;");
        if (!*p)
            break;
        p++;
    }
}

static void read_section(struct loader *ld, const struct ini_section *is,
                         const char *dir)
{
    struct section *s = event_add_section(ld->ev);
    size_t n = strlen(is->arg);

    s->id = dup(ld, is->arg);
    s->at.file = ld->ev->ini_file;
    s->at.line = is->line;
    s->at.col = 1;
    if (!n)
        diag_error(ld->dl, ld->ini->file, is->line, 1,
                   "[section] needs a name: [section NAME]");
    else if (!name_is_slug(is->arg, SECTION_NAME_MAX))
        diag_error(ld->dl, ld->ini->file, is->line, is->arg_col,
                   "section name '%s' may hold only a-z, 0-9 and '-' (such "
                   "as 'boys-classic'); the files of its documents are "
                   "named after it",
                   is->arg);
    read_keys(ld, is, section_keys, N(section_keys), (char *)s);
    discipline_from_time_control(ld, is, s);
    strbuf_reset(&ld->tmp);
    strbuf_addf(&ld->tmp, _("results file '%s' of section '%s'"), s->file,
                s->id);
    if (*s->file && inside_name(ld, ini_get(is, "file"), ld->tmp.buf)) {
        strbuf_reset(&ld->tmp);
        if (strcmp(dir, "."))
            strbuf_addf(&ld->tmp, "%s/", dir);
        strbuf_addstr(&ld->tmp, s->file);
        s->path = dup(ld, ld->tmp.buf);
        n = strlen(s->file);
        if (n > 4 && (!strcmp(s->file + n - 4, ".csv") ||
                      !strcmp(s->file + n - 4, ".CSV")))
            s->format = RESULTS_CSV;
        else if (n > 4 && (!strcmp(s->file + n - 4, ".pgn") ||
                           !strcmp(s->file + n - 4, ".PGN")))
            s->format = RESULTS_PGN;
    }
    read_games(ld, is, s, dir);
    if (s->qualify_places && !*s->qualify_for)
        diag_warning(ld->dl, ld->ini->file, is->line, 1,
                     "[section %s] has 'qualify-places' but no "
                     "'qualify-for'",
                     is->arg);
    check_sheet_name(ld, is);
}

/* The longest event (days from the first to the last) and its years. */
#define EVENT_DAYS_MAX 366
#define EVENT_YEAR_MIN 1900
#define EVENT_YEAR_MAX 2100

/*
 * 1 when the event's dates (start, end, the mandate commission's) lie in
 * the years a championship can have; else 0 after an error at each that
 * does not ("31.12.9999").
 */
static int event_dates_sane(const struct event *ev, const struct ini_section *s,
                            const struct ini *ini, struct diag_list *dl)
{
    static const char *const keys[] = {"start", "end", "mandate-date",
                                       "compiled"};
    const struct date *dates[4];
    size_t i;
    int sane = 1;

    dates[0] = &ev->start;
    dates[1] = &ev->end;
    dates[2] = &ev->mandate.date;
    dates[3] = &ev->compiled;
    for (i = 0; i < N(keys); i++) {
        const struct ini_entry *e = ini_get(s, keys[i]);
        if (!e || !date_valid(dates[i]) ||
            (dates[i]->y >= EVENT_YEAR_MIN && dates[i]->y <= EVENT_YEAR_MAX))
            continue;
        diag_error(dl, ini->file, e->line, e->col,
                   "date '%s' is not one of an event (the years %d to %d)",
                   e->value, EVENT_YEAR_MIN, EVENT_YEAR_MAX);
        sane = 0;
    }
    return sane;
}

/* A section's own days (start, end) lie within the event's, and the
   documents are not compiled before the event starts. */
static void check_section_dates(struct loader *ld,
                                const struct ini_section *event_sec)
{
    const struct event *ev = ld->ev;
    const struct ini_entry *c = ini_get(event_sec, "compiled");
    size_t i, k;

    if (c && date_valid(&ev->compiled) &&
        date_cmp(&ev->compiled, &ev->start) < 0)
        err_at(ld, c, 0,
               "the documents cannot be compiled (%s) before the event "
               "starts",
               c->value);
    for (i = 0; i < ld->ini->n; i++) {
        const struct ini_section *is = &ld->ini->sections[i];
        const struct section *s;
        const struct ini_entry *e[2];
        const struct date *d[2];
        if (strcmp(is->kind, "section") || !is->arg ||
            !(s = event_section(ev, is->arg)))
            continue;
        e[0] = ini_get(is, "start");
        e[1] = ini_get(is, "end");
        d[0] = &s->start;
        d[1] = &s->end;
        for (k = 0; k < 2; k++)
            if (e[k] && date_valid(d[k]) &&
                (date_cmp(d[k], &ev->start) < 0 ||
                 date_cmp(d[k], &ev->end) > 0))
            {
                if (k)
                    err_at(ld, e[k], 0,
                           "section '%s' ends on %s, outside the event's "
                           "days (start and end of [event])",
                           s->id, e[k]->value);
                else
                    err_at(ld, e[k], 0,
                           "section '%s' starts on %s, outside the event's "
                           "days (start and end of [event])",
                           s->id, e[k]->value);
            }
        if (e[0] && e[1] && date_valid(d[0]) && date_valid(d[1]) &&
            date_cmp(d[1], d[0]) < 0)
            err_at(ld, e[1], 0, "section '%s' ends before it starts ('%s' < "
                   "'%s')", s->id, e[1]->value, e[0]->value);
    }
}

/* Diplomas of a section that awards them, with nobody to sign: a line
   and no name under it. */
static void check_diploma_signers(struct loader *ld,
                                  const struct ini_section *event_sec)
{
    const struct event *ev = ld->ev;
    const struct ini_entry *e = ini_get(event_sec, "diploma-signatory-1");
    const struct signatory **sg;
    size_t i, n;
    int awards = 0;

    for (i = 0; i < ev->n_sections; i++)
        awards |= ev->sections[i].awards > 0 ||
                  (ev->sections[i].awards < 0 && !ev->sections[i].qualifying);
    sg = event_diploma_signers(ev, &n);
    free(sg);
    if (awards && !n)
        diag_warning(ld->dl, ld->ini->file, e ? e->line : event_sec->line,
                     e ? e->col : 1,
                     "the diplomas would have nobody to sign them: name a "
                     "diploma-signatory-1 (\"Ім'я ПРІЗВИЩЕ | посада\") or "
                     "the chief-arbiter");
}

enum err eventdir_from_ini(const struct ini *ini, const char *dir,
                           struct event *ev, struct diag_list *dl)
{
    struct loader ld;
    size_t errors0 = dl->nr_errors, i;
    const struct ini_section *event_sec = NULL;

    memset(&ld, 0, sizeof(ld));
    if (!ev->ini_file)
        ev->ini_file = arena_strdup(&ev->arena, ini->file);
    ld.ev = ev;
    ld.ini = ini;
    ld.dl = dl;
    strbuf_init(&ld.tmp, 64);
    for (i = 0; i < ini->n; i++) {
        const struct ini_section *s = &ini->sections[i];
        if (!strcmp(s->kind, "event") && event_sec) {
            continue; /* the reader said it appears twice: the first counts */
        } else if (!strcmp(s->kind, "event")) {
            const struct ini_entry *pe = ini_get(s, "players");
            event_sec = s;
            read_keys(&ld, s, event_keys, N(event_keys), (char *)ev);
            if (pe && *pe->value) {
                strbuf_reset(&ld.tmp);
                strbuf_addf(&ld.tmp, "registry '%s'", pe->value);
                inside_name(&ld, pe, ld.tmp.buf);
            }
        } else if (!strcmp(s->kind, "section")) {
            read_section(&ld, s, dir);
        } else if (!strcmp(s->kind, "report")) {
            read_keys(&ld, s, report_keys, N(report_keys), (char *)ev);
            check_scoring(&ld, s);
        } else if (*s->kind) {
            diag_warning(dl, ini->file, s->line, 1,
                         "unknown section '[%s]' ignored (event, section, "
                         "report)",
                         s->kind);
        }
    }
    if (!event_sec)
        diag_error(dl, ini->file, 0, 0,
                   "no [event] section (title, dates, city, officials)");
    else if (!event_dates_sane(ev, event_sec, ini, dl))
        ; /* said */
    else if (date_valid(&ev->start) && date_valid(&ev->end) &&
             date_cmp(&ev->end, &ev->start) < 0) {
        const struct ini_entry *e = ini_get(event_sec, "end");
        const struct ini_entry *b = ini_get(event_sec, "start");
        diag_error(dl, ini->file, e ? e->line : 0, e ? e->col : 0,
                   "the event ends before it starts ('%s' < '%s')",
                   e ? e->value : "", b ? b->value : "");
    } else if (date_valid(&ev->start) && date_valid(&ev->end) &&
               date_days(&ev->end) - date_days(&ev->start) > EVENT_DAYS_MAX) {
        const struct ini_entry *e = ini_get(event_sec, "end");
        const struct ini_entry *b = ini_get(event_sec, "start");
        diag_error(dl, ini->file, e ? e->line : 0, e ? e->col : 0,
                   "the event would last %ld days ('%s' to '%s'); a "
                   "championship ends within a year of its start",
                   date_days(&ev->end) - date_days(&ev->start) + 1,
                   b ? b->value : "", e ? e->value : "");
    }
    if (!ev->n_sections)
        diag_error(dl, ini->file, 0, 0,
                   "no [section NAME]; each tournament of the event needs "
                   "one");
    if (event_sec)
        check_diploma_signers(&ld, event_sec);
    if (event_sec && date_valid(&ev->start) && date_valid(&ev->end) &&
        date_cmp(&ev->end, &ev->start) >= 0)
        check_section_dates(&ld, event_sec);
    strbuf_release(&ld.tmp);
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

/* ----------------------------------------------------------------- load */

static enum err worse(enum err a, enum err b)
{
    if (a == ERR_NOINPUT || b == ERR_NOINPUT)
        return ERR_NOINPUT;
    if (a == ERR_IO || b == ERR_IO)
        return ERR_IO;
    return a ? a : b;
}

/* The [report] entry key of ini, or NULL. */
static const struct ini_entry *report_entry(const struct ini *ini,
                                            const char *key)
{
    size_t i;

    for (i = 0; i < ini->n; i++)
        if (!strcmp(ini->sections[i].kind, "report"))
            return ini_get(&ini->sections[i], key);
    return NULL;
}

/* The file [report] key names: its path into out; 1 in the event
   folder, 0 shipped, -1 (said) neither or missing. */
static int preset_file(const struct ini *ini, const char *dir,
                       const struct ini_entry *e, const char *kind,
                       struct strbuf *out, struct diag_list *dl)
{
    const char *why;
    int in = preset_path(dir, kind, e->value, out, &why);

    if (in < 0) {
        diag_error(dl, ini->file, e->line, e->col, "%s '%s': %s", e->key,
                   e->value, _(why));
        return -1;
    }
    why = file_not_regular(out->buf);
    if (why) {
        if (in)
            diag_error(dl, ini->file, e->line, e->col,
                       "%s '%s' %s; name a file of the event folder "
                       "(NAME.ini) or a preset",
                       e->key, out->buf, _(why));
        else
            diag_error(dl, ini->file, e->line, e->col,
                       "%s '%s': no such preset (%s %s)", e->key, e->value,
                       out->buf, _(why));
        return -1;
    }
    return in;
}

/* The norms and groups of regions [report] names, read. */
static enum err load_presets(struct event *ev, const struct ini *ini,
                             const char *dir, struct diag_list *dl)
{
    struct report_info *ri = &ev->report;
    const struct ini_entry *e;
    struct strbuf path = STRBUF_INIT;
    enum err ret = ERR_OK;
    int in;

    e = report_entry(ini, "norms");
    if (e && *e->value &&
        (in = preset_file(ini, dir, e, "norms", &path, dl)) >= 0) {
        struct norms *n = xcalloc(1, sizeof(*n));
        enum err r = norms_read(path.buf, _("the norms file"), n, dl);
        enum panel_ranks panel = event_panel_ranks(ev);
        n->file = arena_strdup(&n->arena, e->value);
        ri->norms = n;
        ri->norms_input = in;
        ret = worse(ret, r);
        if (!r && n->sample)
            diag_warning(dl, ini->file, e->line, e->col,
                         "norms '%s' is a sample, not the federation's "
                         "norms: the ranks the report says fulfilled are "
                         "an example",
                         e->value);
        if (!r && date_valid(&ev->end) &&
            ((date_valid(&n->from) && date_cmp(&ev->end, &n->from) < 0) ||
             (date_valid(&n->to) && date_cmp(&ev->end, &n->to) > 0)))
            diag_warning(dl, ini->file, e->line, e->col,
                         "norms '%s' were not in force when the event "
                         "ended (see their 'from' and 'to')",
                         e->value);
        if (!r && panel == PANEL_BELOW_KMS)
            diag_warning(dl, ini->file, e->line, e->col,
                         "the judges' panel has fewer than three judges of "
                         "category I or higher: ЄСКУ does not count КМС "
                         "fulfilled at the event (chief-arbiter, "
                         "deputy-arbiter, chief-secretary, arbiter-N)");
        else if (!r && panel == PANEL_NO_RANKS)
            diag_warning(dl, ini->file, e->line, e->col,
                         "the judges' panel has fewer than three judges of "
                         "category II or higher: ЄСКУ counts no rank "
                         "fulfilled at the event (chief-arbiter, "
                         "deputy-arbiter, chief-secretary, arbiter-N)");
    } else if (e && *e->value) {
        ret = worse(ret, ERR_PARSE);
    }
    e = report_entry(ini, "region-groups");
    if (e && *e->value &&
        (in = preset_file(ini, dir, e, "regions", &path, dl)) >= 0) {
        struct region_groups *g = xcalloc(1, sizeof(*g));
        enum err r =
            region_groups_read(path.buf, _("the groups of regions"), g, dl);
        g->file = arena_strdup(&g->arena, e->value);
        ri->groups = g;
        ri->groups_input = in;
        ret = worse(ret, r);
        if (!r && ri->team_scoring != TEAM_SCORING_POINTS)
            diag_warning(dl, ini->file, e->line, e->key_col,
                         "'region-groups' ignored: the groups rank the "
                         "regions by points (team-scoring = points)");
    } else if (e && *e->value) {
        ret = worse(ret, ERR_PARSE);
    }
    strbuf_release(&path);
    return ret;
}


/* The [section NAME] of s in event.ini, or NULL. */
static const struct ini_section *section_header(const struct ini *ini,
                                                const struct section *s)
{
    size_t lo = 0, hi = ini->n;

    /* Found by its header's line: the sections are in the file's order,
       and a section read twice is its own. */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ini->sections[mid].line < s->at.line)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < ini->n && ini->sections[lo].line == s->at.line &&
        !strcmp(ini->sections[lo].kind, "section") &&
        !strcmp(ini->sections[lo].arg, s->id))
        return &ini->sections[lo];
    return NULL;
}

/* The entry key of section s in event.ini, or NULL. */
static const struct ini_entry *
section_entry(const struct ini *ini, const struct section *s, const char *key)
{
    const struct ini_section *is = section_header(ini, s);

    return is ? ini_get(is, key) : NULL;
}

/*
 * Why the file at path, an input event.ini names, cannot be read: not a
 * regular file (a named pipe would block the reader: it is not opened), or
 * a symbolic link out of the event folder dir; NULL when it can.
 */
static const char *input_problem(const char *dir, const char *path)
{
    const char *why = file_not_regular(path);

    if (why)
        return why;
    if (!file_inside(dir, path))
        return N_("is a symbolic link that leaves the event folder");
    return NULL;
}

static enum err load_results(struct section *s, const struct ini *ini,
                             const char *dir,
                             const struct eventdir_options *opts,
                             struct diag_list *dl)
{
    struct trf_options topts = {ENC_AUTO};
    struct csv_options copts = {ENC_AUTO, 0};
    const struct ini_entry *e = section_entry(ini, s, "file");
    const char *why = input_problem(dir, s->path);
    enum err e2;

    if (why) {
        diag_error(dl, ini->file, e ? e->line : s->at.line, e ? e->col : 1,
                   "results file '%s' of section '%s' %s", s->path, s->id,
                   _(why));
        return ERR_PARSE;
    }
    if (opts)
        topts.encoding = copts.encoding = opts->encoding;
    if (s->format == RESULTS_CSV && s->system == SYS_TEAM)
        return ERR_OK; /* match cards: read with the registry */
    if (s->format == RESULTS_PGN) {
        const struct ini_entry *se = section_entry(ini, s, "system");
        if (s->system == SYS_KNOCKOUT || s->system == SYS_TEAM) {
            const char *what;
            if (s->system == SYS_KNOCKOUT)
                what = _("a knock-out");
            else
                what = _("a team competition");
            diag_error(dl, ini->file, se ? se->line : s->at.line,
                       se ? se->col : 1,
                       "section '%s' is %s: its results cannot be the games "
                       "of '%s' alone (a PGN ranks a section of players, "
                       "swiss or round-robin)",
                       s->id, what, s->file);
            return ERR_PARSE;
        }
        return eventgames_results(s->path, topts.encoding, &s->t, dl);
    }
    if (s->format == RESULTS_CSV) {
        enum err r = results_read(s->path, &copts, &s->t, dl);
        const struct ini_entry *se = section_entry(ini, s, "system");
        int cards = s->t && s->t->ko_input;
        if (!r && cards != (s->system == SYS_KNOCKOUT)) {
            diag_error(dl, ini->file, se ? se->line : e ? e->line : 0,
                       se ? se->col : e ? e->col : 0,
                       cards ? _("section '%s': '%s' holds match cards (матч, "
                               "етап), but the section is not a knock-out "
                               "(system = knock-out)")
                             : _("section '%s' is a knock-out: '%s' should "
                               "be match cards (тур, матч, партія, етап, "
                               "білі, чорні, результат)"),
                       s->id, s->file);
            return ERR_PARSE;
        }
        if (!r && cards && s->rounds && s->t->n_players > 1) {
            /* The bracket of n players has the rounds of 2^k >= n. */
            const struct ini_entry *re = section_entry(ini, s, "rounds");
            int k = 0;
            while (k < 30 && (size_t)1 << k < s->t->n_players)
                k++;
            if (s->rounds < k) {
                diag_error(dl, ini->file, re ? re->line : s->at.line,
                           re ? re->col : 1,
                           "section '%s' has %d round%s in event.ini, but "
                           "its bracket of %zu players needs %d",
                           s->id, s->rounds, s->rounds == 1 ? "" : "s",
                           s->t->n_players, k);
                return ERR_PARSE;
            }
        }
        return r;
    }
    if (s->system == SYS_KNOCKOUT) {
        const struct ini_entry *se = section_entry(ini, s, "system");
        diag_error(dl, ini->file, se ? se->line : s->at.line,
                   se ? se->col : 1,
                   "section '%s' is a knock-out: its file is a CSV of match "
                   "cards (тур, матч, партія, етап, білі, чорні, результат), "
                   "not '%s'",
                   s->id, s->file);
        return ERR_PARSE;
    }
    e2 = trf_read(s->path, &topts, &s->t, dl);
    if (s->t)
        tournament_drop_fake_players(s->t, dl);
    if (!e2 && s->system == SYS_TEAM && s->t && !s->t->n_teams) {
        const struct ini_entry *se = section_entry(ini, s, "system");
        diag_error(dl, ini->file, se ? se->line : s->at.line, se ? se->col : 1,
                   "section '%s' is a team competition (system = team), but "
                   "'%s' has no teams (records 013 or 310); name its teams "
                   "there, or give the section its system",
                   s->id, s->file);
        return ERR_PARSE;
    }
    return e2;
}

/*
 * The section's ranking rules parsed once from its validated strings:
 * preset, list, unplayed policy, prize places, and the round robin its
 * system implies.
 */
static void settle_rules(struct section *s, const struct ini *ini)
{
    struct diag_list scratch = DIAG_LIST_INIT;
    struct tiebreak_rules *r = &s->tb_rules;
    const struct ini_entry *e = section_entry(ini, s, "tiebreaks");
    enum tiebreak_policy p;

    if (!e)
        e = section_entry(ini, s, "rules");
    if (e) {
        s->tb_at.file = ini->file;
        s->tb_at.line = e->line;
        s->tb_at.col = e->col;
    }
    tiebreak_rules_init(r);
    /* Each string was checked when read: these cannot fail. */
    if (s->rules && *s->rules)
        tiebreak_preset(s->rules, r);
    if (s->tiebreaks && *s->tiebreaks)
        tiebreak_list_parse(s->tiebreaks, r, &scratch, NULL, 0, 0);
    if (s->unplayed && *s->unplayed && !tiebreak_policy_parse(s->unplayed, &p))
        r->policy = (int)p;
    if (s->prize_places > 0)
        r->prize_places = s->prize_places;
    if (s->system == SYS_ROUND_ROBIN)
        r->round_robin = 1;
    else if (s->system == SYS_SWISS)
        r->round_robin = 0;
    diag_list_release(&scratch);
}

/*
 * A cut of the section's own tie-break list that leaves out as many
 * results as the section has rounds, or more ("BH/C99" of 3 rounds): an
 * error at the list.  The rounds are the most of event.ini's, the file's
 * and its header's.
 */
static void check_cuts(const struct section *s, const struct ini *ini,
                       struct diag_list *dl)
{
    const struct ini_entry *e = section_entry(ini, s, "tiebreaks");
    struct diag_list scratch = DIAG_LIST_INIT;
    struct tiebreak_rules r;
    int rounds = s->rounds;
    size_t i;

    if (!s->t || !s->tiebreaks || !*s->tiebreaks || !e)
        return;
    tiebreak_rules_init(&r);
    /* The list was read from e already: it parses without a finding. */
    if (tiebreak_list_parse(s->tiebreaks, &r, &scratch, NULL, 0, 0)) {
        diag_list_release(&scratch);
        return;
    }
    if (s->t->n_rounds > rounds)
        rounds = s->t->n_rounds;
    if (s->t->planned_rounds > rounds)
        rounds = s->t->planned_rounds;
    for (i = 0; i < r.n; i++) {
        int cut = r.tb[i].cut_low + r.tb[i].cut_high;
        if (cut && cut >= rounds)
            diag_error(dl, ini->file, e->line, e->col,
                       "tie-break '%s' leaves out %d result%s, but section "
                       "'%s' has %d round%s; the cut must leave at least "
                       "one",
                       r.tb[i].code, cut, cut == 1 ? "" : "s", s->id, rounds,
                       rounds == 1 ? "" : "s");
    }
}

/*
 * Whether the input at path (what: "the registry of players"), named by
 * the entry e of event.ini or by its fixed name (e NULL), can be read: 1
 * yes, 0 it does not exist, -1 after an error at e or at path.
 */
static int folder_input(const char *dir, const char *path, const char *what,
                        const struct ini *ini, const struct ini_entry *e,
                        struct diag_list *dl)
{
    const char *why = input_problem(dir, path);

    if (!why)
        return 1;
    if (!strcmp(why, "does not exist"))
        return 0;
    if (e)
        diag_error(dl, ini->file, e->line, e->col,
                   "%s '%s' %s; it must be a CSV file in the event folder",
                   _(what), path, _(why));
    else
        diag_error(dl, path, 0, 0,
                   "%s %s; it must be a CSV file in the event folder", _(what),
                   _(why));
    return -1;
}

/* A section's results file, by the file it names (file_identity). */
struct file_owner {
    struct file_identity id;
    size_t section;
};

static int cmp_owner(const void *a, const void *b)
{
    const struct file_owner *x = a, *y = b;

    if (x->id.dev != y->id.dev)
        return x->id.dev < y->id.dev ? -1 : 1;
    if (x->id.ino != y->id.ino)
        return x->id.ino < y->id.ino ? -1 : 1;
    return x->section < y->section ? -1 : x->section > y->section;
}

/*
 * Sections whose results file is the file of an earlier section: an
 * error at the later 'file' entry; their path is cleared so that the file
 * is not read twice.  Each file is looked at once and the sections sorted
 * by the file they name, so that thousands of sections take no longer
 * than reading them.
 */
static enum err shared_files(struct event *ev, const struct ini *ini,
                             struct diag_list *dl)
{
    struct file_owner *own = xcalloc(ev->n_sections + 1, sizeof(*own));
    enum err ret = ERR_OK;
    size_t i, n = 0, first = 0;

    for (i = 0; i < ev->n_sections; i++)
        if (*ev->sections[i].path &&
            !file_identity(ev->sections[i].path, &own[n].id))
            own[n++].section = i;
    qsort(own, n, sizeof(*own), cmp_owner);
    for (i = 1; i < n; i++) {
        struct section *s = &ev->sections[own[i].section];
        const struct section *f;
        const struct ini_entry *e, *fe;
        if (own[i].id.dev != own[first].id.dev ||
            own[i].id.ino != own[first].id.ino) {
            first = i;
            continue;
        }
        f = &ev->sections[own[first].section];
        e = section_entry(ini, s, "file");
        fe = section_entry(ini, f, "file");
        diag_error(dl, ini->file, e ? e->line : s->at.line, e ? e->col : 1,
                   "section '%s' has the results file of section '%s' "
                   "('%s', line %u); each section needs its own",
                   s->id, f->id, f->file, fe ? fe->line : f->at.line);
        diag_also_line(dl, fe ? fe->line : f->at.line);
        s->path = "";
        ret = ERR_PARSE;
    }
    free(own);
    return ret;
}

/* -------------------------------------------- names of the documents */

/*
 * The files a section's name makes: its documents (render/render.c's table
 * of documents), its results (archive/results.c) and its page on the
 * archive's website (archive/site.c), by the kind of section that makes
 * them.  A section must not make a file of the event's, and no section's
 * name may be another's with the word of one of its files added: the
 * second would overwrite the first ("boys-team-crosstable.pdf" of the team
 * section "boys" and the cross table of "boys-team").
 */
enum made_by { MADE_ALL, MADE_NOT_KO, MADE_TEAMS, MADE_KO };

static const struct {
    const char *word;       /* what follows "NAME-", or NULL: nothing */
    const char *dir, *tail; /* the file: DIR NAME TAIL */
    enum made_by by;
} section_files[] = {
    {"ranking", "documents/", "-ranking.pdf", MADE_ALL},
    {"crosstable", "documents/", "-crosstable.pdf", MADE_NOT_KO},
    {"team", "documents/", "-team-crosstable.pdf", MADE_TEAMS},
    {"team-crosstable", "documents/", "-team-crosstable.pdf", MADE_TEAMS},
    {"boards", "documents/", "-boards.pdf", MADE_TEAMS},
    {"bracket", "documents/", "-bracket.pdf", MADE_KO},
    {"matches", "documents/", "-matches.pdf", MADE_KO},
    {"diplomas", "documents/", "-diplomas.pdf", MADE_ALL},
    {NULL, "results/", ".json", MADE_ALL},
    {NULL, "results/", ".csv", MADE_ALL},
    {"teams", "results/", "-teams.csv", MADE_TEAMS},
    {NULL, "site/EVENT/", ".html", MADE_ALL},
};

/* The files of the event as a whole, and what each is. */
static const struct {
    const char *name, *what;
} event_files[] = {
    {"documents/report.xlsx", N_("the ministry's report")},
    {"documents/coaches-diplomas.pdf", N_("the coaches' diplomas")},
    {"documents/mandate-entries.pdf", N_("the mandate commission's entries")},
    {"documents/mandate-checklist.pdf",
     N_("the mandate commission's checklist")},
    {"documents/mandate-protocol.pdf", N_("the mandate commission's protocol")},
    {"site/EVENT/index.html", N_("the event's page on the archive's website")},
};

/* Names of the event's documents ('render --only'): no section's name. */
static const char *const event_document_names[] = {
    "report",          "coaches-diplomas",  "diplomas",        "mandate",
    "mandate-entries", "mandate-checklist", "mandate-protocol"};

/* Does section s make files of this kind? */
static int makes(const struct section *s, enum made_by by)
{
    int ko = s->system == SYS_KNOCKOUT;
    int teams = s->system == SYS_TEAM || (s->t && s->t->n_teams > 0);

    switch (by) {
    case MADE_ALL:
        return 1;
    case MADE_NOT_KO:
        return !ko;
    case MADE_TEAMS:
        return teams && !ko;
    case MADE_KO:
        return ko;
    }
    return 1;
}

static int cmp_section_name(const void *a, const void *b)
{
    return strcmp((*(const struct section *const *)a)->id,
                  (*(const struct section *const *)b)->id);
}

/* Why the name of s clashes with the event's files or another section's
   (sorted, n of them), or 0 after nothing; said at its [section] line. */
static int name_clash(const struct section *s, const struct ini_section *is,
                      const struct section **sorted, size_t n,
                      const struct ini *ini, struct strbuf *sb,
                      struct diag_list *dl)
{
    const char *dash;
    size_t k, f;

    for (k = 0; k < N(event_document_names); k++)
        if (!strcmp(s->id, event_document_names[k])) {
            diag_error(dl, ini->file, is->line, is->arg_col,
                       "section name '%s' is the name of a document of the "
                       "event; choose another name",
                       s->id);
            return 1;
        }
    for (f = 0; f < N(section_files); f++) {
        if (!makes(s, section_files[f].by))
            continue;
        strbuf_reset(sb);
        strbuf_addf(sb, "%s%s%s", section_files[f].dir, s->id,
                    section_files[f].tail);
        for (k = 0; k < N(event_files); k++)
            if (!strcmp(sb->buf, event_files[k].name)) {
                diag_error(dl, ini->file, is->line, is->arg_col,
                           "section name '%s' makes the file '%s', which is "
                           "%s; choose another name",
                           s->id, sb->buf, _(event_files[k].what));
                return 1;
            }
    }
    /* "boys-team": the section "boys" and a word of its files' names. */
    for (dash = strchr(s->id, '-'); dash; dash = strchr(dash + 1, '-')) {
        struct section key, *kp = &key;
        const struct section **t;
        char *base = xstrndup(s->id, (size_t)(dash - s->id));
        key.id = base;
        t = bsearch(&kp, sorted, n, sizeof(*sorted), cmp_section_name);
        free(base);
        if (!t)
            continue;
        for (f = 0; f < N(section_files); f++) {
            if (!section_files[f].word ||
                strcmp(dash + 1, section_files[f].word) ||
                !makes(*t, section_files[f].by))
                continue;
            strbuf_reset(sb);
            strbuf_addf(sb, "%s%s%s", section_files[f].dir, (*t)->id,
                        section_files[f].tail);
            diag_error(dl, ini->file, is->line, is->arg_col,
                       "section name '%s' is section '%s' (line %u) followed "
                       "by '-%s', as in its file '%s'; the files of the two "
                       "would be confused; choose another name",
                       s->id, (*t)->id, (*t)->at.line, section_files[f].word,
                       sb->buf);
            diag_also_line(dl, (*t)->at.line);
            return 1;
        }
    }
    return 0;
}

/*
 * Section names that make a file the event makes ("coaches":
 * coaches-diplomas.pdf; "index": the event's page on the website), that
 * are another section's name and a word of its files' names ("boys-team",
 * "boys-teams" beside the team section "boys"; "boys-ranking"), or that
 * name a document of the event ("report", "mandate-entries"): an error at
 * the name in its [section NAME] line.  Sections are looked up in a sorted
 * list, so that thousands of them cost little.
 */
static enum err clashing_names(const struct event *ev, const struct ini *ini,
                               struct diag_list *dl)
{
    const struct section **sorted =
        xcalloc(ev->n_sections + 1, sizeof(*sorted));
    struct strbuf sb = STRBUF_INIT;
    size_t n = 0, i;
    enum err ret = ERR_OK;

    for (i = 0; i < ev->n_sections; i++)
        if (name_is_slug(ev->sections[i].id, SECTION_NAME_MAX))
            sorted[n++] = &ev->sections[i];
    qsort(sorted, n, sizeof(*sorted), cmp_section_name);
    for (i = 0; i < ev->n_sections; i++) {
        const struct section *s = &ev->sections[i];
        const struct ini_section *is = section_header(ini, s);
        if (is && name_is_slug(s->id, SECTION_NAME_MAX) &&
            name_clash(s, is, sorted, n, ini, &sb, dl))
            ret = ERR_PARSE;
    }
    free(sorted);
    strbuf_release(&sb);
    return ret;
}

int eventdir_knows_document(const char *doc, int event_scope)
{
    size_t k;

    if (event_scope) {
        for (k = 0; k < N(event_document_names); k++)
            if (!strcmp(doc, event_document_names[k]))
                return 1;
        return 0;
    }
    for (k = 0; k < N(section_files); k++)
        if (section_files[k].word && !strcmp(doc, section_files[k].word))
            return 1;
    return 0;
}

/*
 * The match cards of the team sections (system = team, a CSV file): read
 * once the registry is, which holds the teams' entries.
 */
static enum err load_match_cards(struct event *ev, const struct ini *ini,
                                 const struct eventdir_options *opts,
                                 struct diag_list *dl)
{
    struct csv_options copts = {ENC_AUTO, 0};
    enum err ret = ERR_OK;
    size_t i;

    if (opts)
        copts.encoding = opts->encoding;
    for (i = 0; i < ev->n_sections; i++) {
        struct section *s = &ev->sections[i];
        if (!*s->path || s->format != RESULTS_CSV || s->system != SYS_TEAM ||
            (opts && opts->section && strcmp(opts->section, s->id)) ||
            input_problem(ev->dir, s->path))
            continue;
        ret = worse(ret, matchcards_read(&copts, ev, s, dl));
        check_cuts(s, ini, dl);
        if (s->t && *s->title)
            s->t->name = arena_strdup(&s->t->arena, s->title);
    }
    return ret;
}

/* The first line of init's skeleton (eventdir_skeleton_ini()). */
#define SKELETON_FIRST_LINE "# event.ini: опис змагань для Sekretar"

/*
 * In an event.ini that init wrote (its first line still init's), a
 * warning for each value the documents print still equal to the
 * skeleton's sample (rank, time control, category, age group, a
 * section's title): defaults nobody changed.
 */
static void unchanged_samples(const struct ini *ini, const char *path,
                              struct diag_list *dl)
{
    static const struct {
        const char *kind, *key;
    } keys[] = {{"event", "category"},   {"event", "age-group"},
                {"event", "rank"},       {"section", "title"},
                {"section", "time-control"}};
    struct strbuf sb = STRBUF_INIT;
    struct diag_list quiet;
    struct ini *skel = NULL;
    size_t i, j, k;

    diag_list_init(&quiet);
    if (file_read(path, INI_MAX_SIZE, &sb, &quiet) ||
        strncmp(sb.buf, SKELETON_FIRST_LINE, strlen(SKELETON_FIRST_LINE))) {
        diag_list_release(&quiet);
        strbuf_release(&sb);
        return;
    }
    strbuf_reset(&sb);
    eventdir_skeleton_ini(&sb);
    ini_parse(sb.buf, sb.len, "skeleton", &skel, &quiet);
    for (i = 0; skel && i < ini->n; i++) {
        const struct ini_section *s = &ini->sections[i];
        for (k = 0; k < N(keys); k++) {
            const struct ini_entry *e = ini_get(s, keys[k].key), *se = NULL;
            if (!e || !*e->value || strcmp(s->kind, keys[k].kind))
                continue;
            for (j = 0; j < skel->n && !se; j++)
                if (!strcmp(skel->sections[j].kind, s->kind))
                    se = ini_get(&skel->sections[j], keys[k].key);
            if (se && !strcmp(se->value, e->value))
                diag_warning(dl, ini->file, e->line, e->col,
                             "'%s' is still the sample 'sekretar init' "
                             "wrote ('%s'), which the documents print; "
                             "write this event's (where it is right, "
                             "delete init's first line, and this is not "
                             "said again)",
                             e->key, e->value);
        }
    }
    if (skel)
        ini_free(skel);
    diag_list_release(&quiet);
    strbuf_release(&sb);
}

/*
 * The games of every section read (its results' players joined to the
 * registry first): a games file that cannot be read is an error at the
 * games entry.
 */
static enum err load_games(struct event *ev, const struct ini *ini,
                           const struct eventdir_options *opts,
                           struct diag_list *dl)
{
    enum encoding enc = opts ? opts->encoding : ENC_AUTO;
    enum err ret = ERR_OK;
    size_t i, k;

    for (i = 0; i < ev->n_sections; i++) {
        struct section *s = &ev->sections[i];
        if (opts && opts->section && strcmp(opts->section, s->id))
            continue;
        for (k = 0; k < s->n_games_files; k++) {
            const char *why = input_problem(ev->dir, s->games_paths[k]);
            if (!why)
                continue;
            diag_error(dl, ini->file, s->games_at.line, s->games_at.col,
                       "games file '%s' of section '%s' %s", s->games_paths[k],
                       s->id, _(why));
            s->games_paths[k] = "";
            ret = worse(ret, ERR_PARSE);
        }
        ret = worse(ret, eventgames_join(ev, s, enc, dl));
    }
    return ret;
}

enum err eventdir_load(const char *dir, const struct eventdir_options *opts,
                       struct event **out, struct diag_list *dl,
                       struct diag_list *rdl)
{
    struct strbuf path = STRBUF_INIT;
    const struct ini_entry *pe = NULL;
    struct ini *ini = NULL;
    struct event *ev;
    enum err e, ret;
    size_t i;
    const char *why;
    int in;

    *out = NULL;
    strbuf_addf(&path, "%s/event.ini", dir);
    if (!file_is_regular(path.buf) && !file_is_dir(path.buf)) {
        diag_error(dl, dir, 0, 0,
                   "not an event folder (no event.ini); 'sekretar init %s' "
                   "writes one",
                   dir);
        strbuf_release(&path);
        return ERR_NOINPUT;
    }
    e = ini_read(path.buf, &ini, dl);
    if (!ini) {
        strbuf_release(&path);
        return e;
    }
    ev = event_new();
    ev->dir = arena_strdup(&ev->arena, dir);
    ev->ini_file = arena_strdup(&ev->arena, path.buf);
    ret = worse(e, eventdir_from_ini(ini, dir, ev, dl));
    unchanged_samples(ini, path.buf, dl);
    ret = worse(ret, shared_files(ev, ini, dl));
    ret = worse(ret, load_presets(ev, ini, dir, dl));
    for (i = 0; i < ev->n_sections; i++)
        settle_rules(&ev->sections[i], ini);
    for (i = 0; i < ev->n_sections; i++) {
        struct section *s = &ev->sections[i];
        if (!*s->path ||
            (opts && opts->section && strcmp(opts->section, s->id)))
            continue;
        if (opts && opts->results_optional &&
            (why = file_not_regular(s->path)) && !strcmp(why, "does not exist"))
            continue;
        ret = worse(ret, load_results(s, ini, dir, opts, dl));
        check_cuts(s, ini, dl);
        /* The documents title the section, not the pairing program. */
        if (s->t && *s->title)
            s->t->name = arena_strdup(&s->t->arena, s->title);
    }
    strbuf_reset(&path);
    for (i = 0; i < ini->n && !pe; i++)
        if (!strcmp(ini->sections[i].kind, "event"))
            pe = ini_get(&ini->sections[i], "players");
    if (pe && !*pe->value)
        pe = NULL;
    strbuf_addf(&path, "%s/%s", dir, pe ? pe->value : "players.csv");
    /* A name out of the folder is an error of event.ini already. */
    in = pe && file_name_problem(pe->value)
             ? -1
             : folder_input(dir, path.buf, N_("the registry of players"), ini,
                            pe, rdl);
    if (in > 0)
        registry_read(path.buf, NULL, ev, rdl);
    else if (!in && pe)
        /* Named but missing: not the folder without a registry. */
        diag_error(rdl, ini->file, pe->line, pe->col,
                   "%s '%s' %s; it must be a CSV file in the event folder",
                   _("the registry of players"), path.buf, _("does not exist"));
    else if (!in)
        diag_warning(rdl, path.buf, 0, 0,
                     "no registry of players; the documents need it "
                     "(region, coach, birth date)");
    ret = worse(ret, load_match_cards(ev, ini, opts, dl));
    /* Once the results say which sections are team competitions. */
    ret = worse(ret, clashing_names(ev, ini, dl));
    event_join(ev, rdl);
    ret = worse(ret, load_games(ev, ini, opts, dl));
    /* Play-offs the secretary entered for ties only they could break. */
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/playoffs.csv", dir);
    switch (
        folder_input(dir, path.buf, N_("the play-offs file"), ini, NULL, dl)) {
    case 1: {
        enum err po = playoffs_read(path.buf, ev, dl);
        if (po && !ret)
            ret = po;
        break;
    }
    case -1:
        ret = worse(ret, ERR_PARSE);
        break;
    }
    ini_free(ini);
    strbuf_release(&path);
    *out = ev;
    return ret;
}

/* ------------------------------------------------------------- skeleton */

void eventdir_skeleton_ini(struct strbuf *out)
{
    strbuf_addstr(
        out,
        "# event.ini: опис змагань для Sekretar / the event for Sekretar.\n"
        "# Кодування UTF-8.  Рядки '# ...' - коментарі.  Значення можна\n"
        "# взяти в лапки \"...\".  Ключ без значення можна залишити "
        "порожнім.\n"
        "# UTF-8.  Lines '# ...' are comments.  Values may be quoted \"...\".\n"
        "# Check it with: sekretar check THIS-FOLDER\n"
        "\n"
        "[event]\n"
        "# Повна назва змагань / full title\n"
        "title = \n"
        "# Коротка назва / short title\n"
        "short-title = \n"
        "# Категорія: стать і вік / category: sex and age group\n"
        "category = юнаки та дівчата\n"
        "age-group = до 10 років\n"
        "# Рік народження наймолодшої категорії: не раніше / players born\n"
        "# in this year or later (leave empty when there is no age limit)\n"
        "born-from = \n"
        "# Ранг змагань / rank of the event\n"
        "rank = ІV ранг\n"
        "# Дати початку і закінчення / first and last day (01.06.2023)\n"
        "start = \n"
        "end = \n"
        "# Місто і місце проведення / city and venue\n"
        "city = \n"
        "venue = \n"
        "# Організатори / organisers\n"
        "organisers = Міністерство молоді та спорту України; Федерація шахів "
        "України\n"
        "# Хто нагороджує (шапка дипломів і звіту), через ';' / awarding\n"
        "# bodies: the heading of the diplomas and the report\n"
        "awarding-bodies = Міністерство молоді та спорту України; Федерація "
        "шахів України\n"
        "# Наказ Мінмолодьспорту (номер і дата), якщо є / ministry order\n"
        "order = \n"
        "# Суддівська колегія: Ім'я ПРІЗВИЩЕ | посада, категорія\n"
        "# Officials: Given SURNAME | position and category\n"
        "chief-arbiter = \n"
        "deputy-arbiter = \n"
        "chief-secretary = \n"
        "# Підписи на дипломах і звітах (1 до 9) / signatories of diplomas\n"
        "# and reports, numbered 1 to 9\n"
        "diploma-signatory-1 = \n"
        "report-signatory-1 = \n");
    strbuf_addstr(
        out,
        "# Мандатна комісія / the mandate commission.  Кваліфікація не\n"
        "# нижче / the lowest rank admitted (КМС, І, ІІ, ІІІ, І юн., ...)\n"
        "min-rank = \n"
        "# Лише громадяни України / only citizens of Ukraine: yes, no\n"
        "citizens-only = no\n"
        "# Турнірний внесок, грн / the tournament fee in hryvnias\n"
        "fee-classic = \n"
        "fee-rapid = \n"
        "fee-blitz = \n"
        "# Потрібні документи / the documents required (identity, medical,\n"
        "# insurance, fee; or none); default: the first three, and the fee\n"
        "# when there is one\n"
        "# mandate-documents = identity, medical, insurance, fee\n"
        "# День засідання (день приїзду) / the commission's day (01.06.2023)\n"
        "mandate-date = \n"
        "# Склад комісії, перший - голова / its members, the first chairs:\n"
        "# Ім'я ПРІЗВИЩЕ | посада (1 до 9)\n"
        "mandate-member-1 = \n"
        "\n"
        "# Одна секція на кожен турнір / one section per tournament.\n"
        "# NAME: одне слово / one word, used in players.csv (column Секції).\n"
        "[section boys-classic]\n"
        "title = Юнаки, класичні шахи\n"
        "# Файл результатів: TRF або CSV / results file: TRF or CSV\n"
        "file = boys-classic.trf\n"
        "# swiss, round-robin, knock-out, team\n"
        "system = swiss\n"
        "# classic, rapid, blitz\n"
        "discipline = classic\n"
        "time-control = 90 хв + 30 с на хід\n"
        "# boys, girls, men, women, mixed\n"
        "sex = boys\n"
        "rounds = 9\n"
        "# Правила: ua-2004, ua-2017, ua-2023, fide; або власний список\n"
        "# rules: a preset, or an own list such as tiebreaks = BH/C1, BH, WIN\n"
        "rules = ua-2023\n"
        "# tiebreaks = \n"
        "# Незіграні тури / unplayed rounds: fide-2024, fide-2026, fide-2009, "
        "none\n"
        "unplayed = fide-2009\n"
        "# Призові місця / prize places (3 when not given)\n"
        "prize-places = 3\n"
        "# Місця, що дають право участі, і куди / places that qualify, and "
        "for what\n"
        "qualify-places = 0\n"
        "qualify-for = \n"
        "# Етап / stage: final (фінал), or qualifying (відбірковий: its\n"
        "# places qualify for the final; no champion, medals or diplomas\n"
        "# unless awards = yes)\n"
        "stage = final\n"
        "# Командні змагання (system = team) / team competitions: дошок у\n"
        "# матчі / boards of a match; партій для призу за дошкою (70 %\n"
        "# турів, якщо не задано) / games a board prize needs (70 % of the\n"
        "# rounds when not given)\n"
        "# boards = 6\n"
        "# board-prize-min-games = 5\n"
        "# Нокаут / knock-out (file: CSV матчів / match cards):\n"
        "# stages = classic 2, rapid 2, blitz 2, armageddon 1\n"
        "# armageddon-draw = black\n"
        "# third-place = yes\n");
    strbuf_addstr(
        out,
        "\n"
        "# Для звіту Мінмолодьспорту / for the ministry report\n"
        "[report]\n"
        "sport = шахи\n"
        "department = \n"
        "# Ім'я ПРІЗВИЩЕ | посада\n"
        "head = \n"
        "responsible = \n"
        "# Кількість суддів і обслуговуючого персоналу / judges and staff\n"
        "judges = \n"
        "staff = \n"
        "# Командний залік регіонів, якщо Положення його встановлює / the\n"
        "# regions' team standings where the regulation ranks them:\n"
        "# medals (медальний залік / a medal table), points (очки за\n"
        "# місця: team-points, найкращі team-best результатів регіону в\n"
        "# кожній секції / the best N of a region per section), none.\n"
        "# Без нього / without it: team-results = командного заліку не було\n"
        "team-scoring = none\n"
        "team-results = командного заліку не було\n"
        "# team-points = 25, 20, 16, 13, 11, 10, 9, 8\n"
        "# team-best = 2\n"
        "# Групи регіонів Мінмолодьспорту (з team-scoring = points) / the\n"
        "# ministry's groups of regions (with team-scoring = points):\n"
        "# region-groups = ministry\n"
        "# Нормативи ЄСКУ: файл федерації в теці змагань (зразок:\n"
        "# presets/norms/sample.ini) / the norms of ЄСКУ, the federation's\n"
        "# file in the event folder:\n"
        "# norms = norms.ini\n");
}

void eventdir_skeleton_players(struct strbuf *out)
{
    strbuf_addstr(out, registry_header);
    strbuf_addch(out, '\n');
}

size_t eventdir_keys(const char *kind, struct eventdir_key *out, size_t max)
{
    static const char *const systems[] = {"swiss", "round-robin",
                                          "knock-out", "team", NULL};
    static const char *const disciplines[] = {"classic", "rapid", "blitz",
                                              "other", NULL};
    static const char *const sexes[] = {"boys", "girls", "men", "women",
                                        "mixed", NULL};
    static const char *const unplayed[] = {"fide-2024", "fide-2026",
                                           "fide-2009", "none", NULL};
    static const char *const scoring[] = {"medals", "points", "none", NULL};
    static const char *const colours[] = {"black", "white", NULL};
    static const char *const yesno[] = {"так", "ні", NULL};
    static const char *const stages[] = {"final", "qualifying", NULL};
    /* What a form knows of each kind of value (the reader checks the
       rest): its type, and the values it allows. */
    static const struct {
        const char *type;
        const char *const *choices;
    } kinds[] = {
        [V_TEXT] = {"text", NULL},
        [V_ROMAN] = {"roman", NULL},
        [V_DATE] = {"date", NULL},
        [V_YEAR] = {"year", NULL},
        [V_INT] = {"number", NULL},
        [V_SIGNATORY] = {"signatory", NULL},
        [V_SYSTEM] = {"choice", systems},
        [V_DISCIPLINE] = {"choice", disciplines},
        [V_SEX] = {"choice", sexes},
        [V_RULES] = {"choice", tiebreak_preset_names},
        [V_TIEBREAKS] = {"tiebreaks", NULL},
        [V_UNPLAYED] = {"choice", unplayed},
        [V_SCORING] = {"choice", scoring},
        [V_POINTS] = {"points", NULL},
        [V_MIN_RANK] = {"rank", NULL},
        [V_FEE] = {"number", NULL},
        [V_DOCUMENTS] = {"documents", NULL},
        [V_STAGES] = {"stages", NULL},
        [V_COLOUR] = {"choice", colours},
        [V_YESNO] = {"choice", yesno},
        [V_STAGE] = {"choice", stages},
        [V_LIST] = {"list", NULL},
    };
    const struct key *keys;
    size_t n, i;

    if (!strcmp(kind, "event")) {
        keys = event_keys;
        n = N(event_keys);
    } else if (!strcmp(kind, "section")) {
        keys = section_keys;
        n = N(section_keys);
    } else if (!strcmp(kind, "report")) {
        keys = report_keys;
        n = N(report_keys);
    } else {
        return 0;
    }
    for (i = 0; i < n && i < max; i++) {
        out[i].name = keys[i].name;
        out[i].required = keys[i].required;
        /* a kind the table forgot is text, never a crash */
        out[i].type = kinds[keys[i].type].type ? kinds[keys[i].type].type
                                               : "text";
        out[i].choices = kinds[keys[i].type].choices;
    }
    return i;
}
