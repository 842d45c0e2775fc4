/* tests/unit/t-prepare: the prepared event (pipeline/prepare.h) and what is
 * made of it: every section ranked as its system says, the system settled
 * once, an event with errors ranked no further, the overrides that do not
 * fit refused; section_rank() on its own; the view of a prepared section
 * (render/view.h) reads the ranking's system, names and birth years.
 * Run from the top of the tree.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "core/event.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "pipeline/prepare.h"
#include "render/template.h"
#include "render/view.h"
#include "util/file.h"
#include "util/strbuf.h"

/* Prepare path with o's other fields zero; the findings in dl. */
static enum err prep(const char *path, const char *section,
                     struct prepared *p, struct diag_list *dl)
{
    struct prepare_options o;

    memset(&o, 0, sizeof(o));
    o.path = path;
    o.section = section;
    return prepare_event(&o, p, dl);
}

/* The message of the first error of dl, or "". */
static const char *first_error(const struct diag_list *dl)
{
    size_t i;

    for (i = 0; i < dl->nr; i++)
        if (dl->items[i].level == DIAG_ERROR)
            return dl->items[i].msg;
    return "";
}

static void test_event(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct prepared p;
    enum err e = prep("tests/data/mini-event", NULL, &p, &dl);
    size_t i;
    int all = 1;

    is_int(e, ERR_OK, "mini-event: prepared");
    is_int(p.n, 3, "mini-event: its three sections");
    is_int(p.n_errors, 0, "mini-event: no error");
    for (i = 0; i < p.n; i++)
        all &= p.secs[i].ranking && p.secs[i].ranking->ranked &&
               p.secs[i].players == p.secs[i].ranking;
    ok(all, "mini-event: every section ranked, its players");
    is_str(p.secs[0].name, "boys", "a section is named by its id");
    is_int(p.er.n, 3, "the event's ranking: every section");
    ok(p.secs[0].ranking == &p.er.sections[0],
       "the ranking shown is the event's");
    /* boys: 4 players, the first place is Мельник's (start number 1). */
    is_int(p.secs[0].ranking->s.n_rows, 4, "boys: four rows");
    ok(p.secs[0].ranking->s.rows[0].place_lo == 1 &&
           p.secs[0].ranking->s.rows[0].start_no == 1,
       "boys: place 1, start number 1");
    prepared_release(&p);
    diag_list_release(&dl);

    e = prep("tests/data/mini-event", "girls", &p, &dl);
    is_int(e, ERR_OK, "--section girls: prepared");
    ok(p.n == 1 && !strcmp(p.secs[0].sec->id, "girls"),
       "--section girls: that section alone");
    ok(!p.er.sections[0].ranked && p.er.sections[1].ranked,
       "--section girls: the others are not ranked");
    prepared_release(&p);
    diag_list_release(&dl);

    e = prep("tests/data/mini-event", "nobody", &p, &dl);
    is_int(e, ERR_USAGE, "an unknown section: a usage error");
    is_str(first_error(&dl),
           "no section 'nobody' in tests/data/mini-event (it has: boys, "
           "girls, boys-rapid)",
           "an unknown section: its message");
    prepared_release(&p);
    diag_list_release(&dl);

    e = prep("tests/data/tb-rr.trf", "boys", &p, &dl);
    is_int(e, ERR_USAGE, "a section of a lone file: a usage error");
    prepared_release(&p);
    diag_list_release(&dl);
}

/* A copy of mini-event in dir with event.ini's girls rounds = 2. */
static int broken_copy(const char *dir)
{
    static const char *const files[] = {"event.ini", "players.csv",
                                        "boys.csv", "girls.trf",
                                        "boys-rapid.csv"};
    struct diag_list dl = DIAG_LIST_INIT;
    size_t i;
    int ret = 0;

    if (file_mkdirs(dir, &dl))
        ret = -1;
    for (i = 0; !ret && i < sizeof(files) / sizeof(files[0]); i++) {
        struct strbuf in = STRBUF_INIT, out = STRBUF_INIT, sb = STRBUF_INIT;
        char *at;
        strbuf_addf(&in, "tests/data/mini-event/%s", files[i]);
        strbuf_addf(&out, "%s/%s", dir, files[i]);
        if (file_read(in.buf, 1 << 20, &sb, &dl))
            ret = -1;
        at = strstr(sb.buf, "[section girls]");
        if (!ret && !i && at && (at = strstr(at, "rounds = 3")))
            at[9] = '2';
        if (!ret && file_write_atomic(out.buf, sb.buf, sb.len, &dl))
            ret = -1;
        strbuf_release(&in);
        strbuf_release(&out);
        strbuf_release(&sb);
    }
    diag_list_release(&dl);
    return ret;
}

static void test_errors(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct prepared p;
    char dir[64];
    enum err e;
    size_t i;
    int none = 1;

    snprintf(dir, sizeof(dir), "/tmp/t-prepare-%ld", (long)getpid());
    if (broken_copy(dir)) {
        ok(0, "a copy of mini-event");
        return;
    }
    e = prep(dir, NULL, &p, &dl);
    is_int(e, ERR_DATA, "rounds that disagree: the event has errors");
    is_int(p.n_errors, 1, "rounds that disagree: one error of the inputs");
    is_str(first_error(&dl),
           "section 'girls' has 2 rounds in event.ini, but its results "
           "have 3",
           "rounds that disagree: its message");
    for (i = 0; i < p.n; i++)
        none &= p.secs[i].ranking == NULL;
    ok(none && p.ev, "an event with errors: nothing shown ranked, the "
                     "event still there");
    prepared_release(&p);
    diag_list_release(&dl);
    {
        struct strbuf cmd = STRBUF_INIT;
        strbuf_addf(&cmd, "rm -rf '%s'", dir);
        if (system(cmd.buf))
            diag("could not remove %s", dir);
        strbuf_release(&cmd);
    }
}

static void test_systems(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct prepared p;
    struct prepare_options o;
    enum err e;

    /* A lone round robin: its system is the one its ranking settled. */
    e = prep("tests/data/tb-rr.trf", NULL, &p, &dl);
    is_int(e, ERR_OK, "a lone round robin: prepared");
    is_int(p.secs[0].sec->system, SYS_ROUND_ROBIN,
           "a lone round robin: its system settled");
    is_int(p.secs[0].ranking->s.rules.round_robin, 1,
           "a lone round robin: ranked as one");
    prepared_release(&p);
    diag_list_release(&dl);

    e = prep("tests/data/tb-swiss.trf", NULL, &p, &dl);
    is_int(p.secs[0].sec->system, SYS_SWISS, "a lone Swiss: a Swiss");
    prepared_release(&p);
    diag_list_release(&dl);

    /* A team competition: its teams, and its players beside them. */
    e = prep("tests/data/team-event", NULL, &p, &dl);
    is_int(e, ERR_OK, "a team event: prepared");
    ok(p.secs[0].ranking->teams != NULL,
       "a team event: its teams are what is shown");
    ok(p.secs[0].players != p.secs[0].ranking &&
           p.secs[0].players->ranked && !p.secs[0].players->teams,
       "a team event: its players ranked beside them");
    ok(p.er.teams[0].ranked, "a team event: the event's teams ranking");
    prepared_release(&p);
    diag_list_release(&dl);

    /* --players: the players of a team competition alone. */
    memset(&o, 0, sizeof(o));
    o.path = "tests/data/team-event";
    o.ov.kind = RANK_PLAYERS;
    e = prepare_event(&o, &p, &dl);
    ok(!e && !p.secs[0].ranking->teams &&
           p.secs[0].players == p.secs[0].ranking,
       "--players: the players are what is shown");
    prepared_release(&p);
    diag_list_release(&dl);

    /* A knock-out: its bracket. */
    e = prep("tests/data/knockout/stages.csv", NULL, &p, &dl);
    is_int(e, ERR_OK, "a knock-out: prepared");
    ok(p.secs[0].ranking->ko != NULL, "a knock-out: ranked by its bracket");
    is_int(p.secs[0].sec->system, SYS_KNOCKOUT, "a knock-out: its system");
    prepared_release(&p);
    diag_list_release(&dl);

    /* Overrides that do not fit. */
    memset(&o, 0, sizeof(o));
    o.path = "tests/data/tb-rr.trf";
    o.ov.n_rounds = 9;
    e = prepare_event(&o, &p, &dl);
    is_int(e, ERR_USAGE, "--rounds past the last round: a usage error");
    is_str(first_error(&dl), "--rounds 9: the file has 3 rounds",
           "--rounds past the last: its message");
    prepared_release(&p);
    diag_list_release(&dl);

    memset(&o, 0, sizeof(o));
    o.path = "tests/data/knockout/stages.csv";
    o.ov.n_rounds = 1;
    e = prepare_event(&o, &p, &dl);
    is_int(e, ERR_USAGE, "--rounds of a knock-out: a usage error");
    prepared_release(&p);
    diag_list_release(&dl);

    memset(&o, 0, sizeof(o));
    o.path = "tests/data/tb-rr.trf";
    o.ov.kind = RANK_TEAMS;
    e = prepare_event(&o, &p, &dl);
    is_int(e, ERR_USAGE, "--teams without teams: a usage error");
    prepared_release(&p);
    diag_list_release(&dl);

    memset(&o, 0, sizeof(o));
    o.path = "tests/data/mini-event/boys.csv";
    o.flags = PREPARE_FOLDER;
    o.cmd = "build";
    e = prepare_event(&o, &p, &dl);
    is_int(e, ERR_USAGE, "a file where a folder is wanted");
    is_str(first_error(&dl),
           "'tests/data/mini-event/boys.csv' is a file; sekretar build works "
           "on an event folder",
           "a file where a folder is wanted: its message");
    prepared_release(&p);
    diag_list_release(&dl);
}

/* section_rank() of a prepared event's section again, with a list given:
   the same places by other rules. */
static void test_section_rank(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct prepared p;
    struct section_ranking sr;
    struct tiebreak_rules list;
    struct ranking_overrides o;
    enum err e;

    prep("tests/data/tb-rr.trf", NULL, &p, &dl);
    memset(&o, 0, sizeof(o));
    tiebreak_rules_init(&list);
    tiebreak_list_parse("SB", &list, &dl, NULL, 0, 0);
    o.list = &list;
    o.kind = RANK_PLAYERS;
    e = section_rank(p.ev, p.secs[0].sec, &o, &sr, &dl);
    is_int(e, ERR_OK, "section_rank: ranked with a list given");
    is_str(sr.s.rules.tb[0].code, "SB", "section_rank: the list given");
    is_int(sr.s.n_rows, 4, "section_rank: every player");
    /* 1 and 2 have 2 points each: SB separates them (2: 3.0, 1: 2.0). */
    is_int(sr.s.rows[0].start_no, 2, "section_rank: SB puts 2 first");
    is_int(sr.s.rows[1].start_no, 1, "section_rank: 1 second");
    is_double(sr.s.rows[0].values[0].value, 3.0, "section_rank: 2's SB");
    ok(sr.s.rows[0].place_lo == 1 && sr.s.rows[1].place_lo == 2,
       "section_rank: places 1 and 2");
    section_ranking_release(&sr);
    prepared_release(&p);
    diag_list_release(&dl);
}

/* The view of a prepared section: the system, the names of the
   tie-breaks and the birth years are the ranking's and the players'. */
static void test_view(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct template tpl = TEMPLATE_INIT;
    struct prepared p;
    struct view v;
    const struct tournament *t;
    size_t i;
    int years = 1;

    prep("tests/data/tb-rr.trf", NULL, &p, &dl);
    view_init(&v, p.ev, p.secs[0].sec, p.secs[0].ranking, &tpl);
    is_int(v.dc.system, DOC_SYSTEM_ROUND_ROBIN, "view: the ranking's system");
    is_int(v.dc.n_tiebreaks, 2, "view: the ranking's tie-breaks");
    is_str(v.dc.tiebreaks[0].heading, "З-Б", "view: SB's heading");
    is_str(v.dc.tiebreaks[0].legend, "коефіцієнт Зоннеборна-Бергера",
           "view: SB's legend, the table's");
    view_release(&v);
    prepared_release(&p);
    diag_list_release(&dl);

    prep("tests/data/mini-event", "girls", &p, &dl);
    view_init(&v, p.ev, p.secs[0].sec, p.secs[0].ranking, &tpl);
    t = p.secs[0].sec->t;
    for (i = 0; i < t->n_players; i++)
        years &= v.dc.players[i].birth_year > 2000;
    ok(years, "view: every girl's year of birth");
    ok(v.dc.system == DOC_SYSTEM_SWISS, "view: event.ini's Swiss");
    view_release(&v);
    prepared_release(&p);
    diag_list_release(&dl);
}

int main(void)
{
    test_event();
    test_errors();
    test_systems();
    test_section_rank();
    test_view();
    return done_testing();
}
