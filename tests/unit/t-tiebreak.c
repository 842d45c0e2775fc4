/* tests/unit/t-tiebreak: the tie-break table, the code parser and its
 * names, the presets, the policies by date, the value format, the round
 * robin guess and the ranking API.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/standings.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "ingest/trf.h"
#include "util/date.h"
#include "util/strbuf.h"

static void check_code(const char *in, const char *code, const char *ua_short,
                       const char *ua_name)
{
    struct strbuf err = STRBUF_INIT;
    struct tiebreak tb;
    const char *want;

    if (!ok(!tiebreak_parse(in, strlen(in), &tb, &err), "parse '%s'", in)) {
        diag("%s", err.buf);
        strbuf_release(&err);
        return;
    }
    /* Through a variable: gcc -O1 takes code for NULL (-Wformat-overflow). */
    want = code ? code : "";
    is_str(tb.code, want, "'%s' is written '%s'", in, want);
    is_str(tb.ua_short, ua_short, "'%s' heading", in);
    if (ua_name)
        is_str(tb.ua_name, ua_name, "'%s' legend", in);
    strbuf_release(&err);
}

static void check_error(const char *in, const char *msg)
{
    struct strbuf err = STRBUF_INIT;
    struct tiebreak tb;

    ok(tiebreak_parse(in, strlen(in), &tb, &err) == -1, "'%s' is refused", in);
    is_str(err.buf, msg, "'%s': message", in);
    strbuf_release(&err);
}

static void test_table(void)
{
    size_t i;
    int complete = 1;

    for (i = 0; i < tiebreak_table_size; i++) {
        const struct tiebreak_def *d = &tiebreak_table[i];
        if (!*d->ua_short || !*d->ua_name || !*d->en_name ||
            tiebreak_def_find(d->code) != d)
            complete = 0;
    }
    ok(complete, "every tie-break has a heading, names and is found by code");
    ok(tiebreak_def_find("rep") == tiebreak_def_find("GE"),
       "REP is another spelling of GE");
    ok(tiebreak_def_find("EDET") != NULL && tiebreak_def_find("bc") != NULL,
       "team codes are known");
    ok(tiebreak_def_find("EDEX") == NULL, "an unknown code is not");
}

static void test_parse(void)
{
    check_code("BH", "BH", "Бхг", "коефіцієнт Бухгольця (сума очок суперників)");
    check_code("PS", "PS", "Прогр.",
               "прогресивний коефіцієнт (сума очок після кожного туру)");
    check_code("KS", "KS", "Коя",
               "коефіцієнт Коя (очки, набрані проти суперників, що набрали "
               "не менше половини очок)");
    check_code("KS/L60", "KS/L60", "Коя",
               "коефіцієнт Коя (суперники, що набрали не менше 60% очок)");
    check_code("bh/c1", "BH/C1", "Бхг-1",
               "скорочений коефіцієнт Бухгольця 1 (без одного найгіршого "
               "результату)");
    check_code("BH/C3", "BH/C3", "Бхг-3",
               "скорочений коефіцієнт Бухгольця 3 (без трьох найгірших "
               "результатів)");
    check_code("BH/M1", "BH/M1", "Бхг-М1",
               "усереднений (медіанний) коефіцієнт Бухгольця 1 (без одного "
               "найгіршого й одного найкращого результату)");
    check_code("BH/M2", "BH/M2", "Бхг-М2",
               "усереднений (медіанний) коефіцієнт Бухгольця 2 (без двох "
               "найгірших і двох найкращих результатів)");
    check_code("PS/C1", "PS/C1", "Прогр-1",
               "скорочений прогресивний коефіцієнт (без першого туру)");
    check_code("WIN", "WIN", "Перем.", NULL);
    check_code("REP", "GE", "Ігри", NULL);
    check_code("ARO/C1/U1000", "ARO/C1/U1000", "СРС-1", NULL);
    check_code("DE/A", "DE/A", "ОЗ", NULL);
    check_code("SB/P/V2026", "SB/P/V2026", "З-Б", NULL);
    check_error("XYZ", "unknown tie-break 'XYZ'");
    check_code("BH:MP", "BH:MP", "Бхг", NULL);
    check_code("bh:gp/c1", "BH:GP/C1", "Бхг-1", NULL);
    check_code("EMGSB/C1/P", "EMGSB/C1/P", "ЗБ-КІ-1", NULL);
    check_code("MPvGP", "MPVGP", "ІО/КО", NULL);
    check_code("EDET/P", "EDET/P", "РОЗ-Д", NULL);
    check_code("WBP", "WBP", "ОД", NULL);
    check_error("BH:XP", "tie-break 'BH:XP': ':XP' is not ':MP' (match "
                         "points) or ':GP' (game points)");
    check_error("WIN:MP", "tie-break 'WIN' takes no ':MP'");
    check_error("BC/C1", "tie-break 'BC' takes no modifier '/C1'");
    check_error("PS/M1", "tie-break 'PS' takes no modifier '/M1'");
    check_error("BH/C0",
                "tie-break 'BH/C0': '/C' wants the number of values to cut, "
                "1 to 99 ('/C1')");
    check_error("BH/Q", "tie-break 'BH/Q': unknown modifier '/Q'");
    check_error("DE/AA", "tie-break 'DE/AA': unknown modifier '/AA'");
    check_error("ARO/U", "tie-break 'ARO/U': '/U' wants the rating of "
                         "unrated players ('/U1000')");
}

/* A list checked against the kind of competition. */
static void check_resolve(const char *list, int teams, const char *msg)
{
    struct tiebreak_rules r;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf err = STRBUF_INIT;

    tiebreak_rules_init(&r);
    if (!ok(!tiebreak_list_parse(list, &r, &dl, NULL, 0, 0), "parse '%s'",
            list))
        return;
    is_int(tiebreak_rules_resolve(&r, teams, &err), msg ? -1 : 0, "'%s' %s %s",
           list, msg ? "refused" : "fits", teams ? "for teams" : "for players");
    if (msg)
        is_str(err.buf, msg, "'%s': message", list);
    else
        is_int(r.primary, teams ? 'M' : 0, "'%s': what ranks first", list);
    diag_list_release(&dl);
    strbuf_release(&err);
}

static void test_resolve(void)
{
    struct tiebreak_rules r;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf err = STRBUF_INIT;

    check_resolve("BH,WIN,DE", 0, NULL);
    check_resolve("BH,WIN,DE", 1, NULL);
    check_resolve("BH:MP", 0,
                  "'BH:MP' is a tie-break of team competitions, and the "
                  "section is not one");
    check_resolve("BH,BC", 0,
                  "'BC' is a tie-break of team competitions, and the section "
                  "is not one");
    check_resolve("MPTS,BH", 0,
                  "'MPTS' ranks teams, and the section is not a team "
                  "competition");
    check_resolve("BH,ARO", 1,
                  "'ARO' is not a tie-break of team competitions (the teams "
                  "have no ratings)");
    tiebreak_rules_init(&r);
    tiebreak_list_parse("GPTS,MPTS,BH,WIN", &r, &dl, NULL, 0, 0);
    ok(!tiebreak_rules_resolve(&r, 1, &err) && r.primary == 'G' && r.n == 3 &&
           r.tb[0].def->id == TB_MPTS,
       "GPTS first ranks by game points; MPTS after it is a tie-break");
    is_str(r.tb[1].ua_short, "Бхг-ІО", "BH of game points: its heading");
    is_str(r.tb[2].ua_name,
           "кількість виграних матчів (з технічними перемогами та "
           "повноочковими вільними турами)",
           "WIN of teams: matches won");
    ok(tiebreak_preset("ua-2004-teams", &r) == 0 && r.primary == 'M' &&
           r.n == 4,
       "ua-2004-teams: match points, then four tie-breaks");
    strbuf_reset(&err);
    tiebreak_list_format(&r, &err);
    is_str(err.buf, "GPTS,DE,WIN,WBP", "ua-2004-teams: its list");
    diag_list_release(&dl);
    strbuf_release(&err);
}

static void test_rules(void)
{
    struct tiebreak_rules r;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;

    ok(tiebreak_preset("ua-2017", &r) == 0, "ua-2017 is a preset");
    tiebreak_list_format(&r, &sb);
    is_str(sb.buf, "BH,BH/C1,BH/C2,BH/C3,WIN,DE/A", "ua-2017: its list");
    is_int(r.policy, TB_POLICY_FIDE2009, "ua-2017: the 2009 rule");
    is_int(r.playoff, 0, "ua-2017: no play-off");
    ok(tiebreak_preset("ua-2023", &r) == 0, "ua-2023 is a preset");
    strbuf_reset(&sb);
    tiebreak_list_format(&r, &sb);
    is_str(sb.buf, "BH/C1,BH/C2,BH/C3,WIN,DE/A", "ua-2023: its list");
    is_int(r.playoff, 1, "ua-2023: a play-off for prize places");
    is_int(r.prize_places, 3, "three prize places");
    ok(tiebreak_preset("ua-2004", &r) == 0 && r.n == 5 &&
           r.policy == TB_POLICY_DEFAULT,
       "ua-2004: five tie-breaks, the policy by date");
    ok(tiebreak_preset("fide", &r) == 0 && r.n == 0, "fide: no list");
    ok(tiebreak_preset("ua-1999", &r) == -1, "an unknown preset");

    tiebreak_rules_init(&r);
    ok(!tiebreak_list_parse("PTS BH,  BH/C1;WIN", &r, &dl, "f.trf", 7, 5),
       "a list with commas, blanks and semicolons");
    strbuf_reset(&sb);
    tiebreak_list_format(&r, &sb);
    is_str(sb.buf, "BH,BH/C1,WIN", "the leading PTS is left out");
    ok(tiebreak_list_parse("BH, XX", &r, &dl, "f.trf", 7, 5) == -1,
       "a bad code in a list");
    ok(dl.nr == 1 && dl.items[0].line == 7 && dl.items[0].col == 9,
       "the bad code is located at its column");
    ok(r.n == 3, "a bad list leaves the rules as they were");
    diag_list_release(&dl);
    strbuf_release(&sb);
}

static void test_policy(void)
{
    struct date d;
    enum tiebreak_policy p;

    ok(tiebreak_policy_parse("fide-2026", &p) == 0 && p == TB_POLICY_FIDE2026,
       "fide-2026 is a policy");
    ok(tiebreak_policy_parse("fide-2023", &p) == -1, "fide-2023 is not");
    is_str(tiebreak_policy_name(TB_POLICY_NONE), "none", "the name of none");
    date_parse("2024-07-31", &d);
    is_int(tiebreak_policy_for_date(&d), TB_POLICY_FIDE2009,
           "2024-07-31: the 2009 rule");
    date_parse("2024-08-01", &d);
    is_int(tiebreak_policy_for_date(&d), TB_POLICY_FIDE2024,
           "2024-08-01: C.07 2024");
    date_parse("2026-02-28", &d);
    is_int(tiebreak_policy_for_date(&d), TB_POLICY_FIDE2024,
           "2026-02-28: still C.07 2024");
    date_parse("2026-03-01", &d);
    is_int(tiebreak_policy_for_date(&d), TB_POLICY_FIDE2026,
           "2026-03-01: the 2026 amendment");
    is_int(tiebreak_policy_for_date(NULL), TB_POLICY_FIDE2026,
           "no date: the rules in force now");
}

static void check_format(const char *code, double v, int undefined,
                         const char *want)
{
    struct strbuf err = STRBUF_INIT, sb = STRBUF_INIT;
    struct tiebreak tb;
    struct tiebreak_value tv;

    tiebreak_parse(code, strlen(code), &tb, &err);
    tv.value = v;
    tv.undefined = undefined;
    tiebreak_format_value(&tb, &tv, &sb);
    is_str(sb.buf, want, "%s %g is printed '%s'", code, v, want);
    strbuf_release(&err);
    strbuf_release(&sb);
}

static void test_format(void)
{
    check_format("SB", 18.25, 0, "18.25");
    check_format("SB", 18.75, 0, "18.75");
    check_format("BH", 12.5, 0, "12.5");
    check_format("BH", 12, 0, "12.0");
    check_format("BH", 0, 0, "0.0");
    check_format("AOB", 12.33, 0, "12.33");
    check_format("WIN", 5, 0, "5");
    check_format("TPR", -12, 0, "-12");
    check_format("ARO", 1620, 1, "");
}

/* The 092 record's type, and the system the reader makes of it. */
static void set_type(struct tournament *t, const char *type)
{
    t->type = type;
    t->system_hint = trf_system_from_type(type);
}

/* A tournament of n players with the 092 record type and r rounds. */
static struct tournament *make(size_t n, int rounds, const char *type)
{
    struct tournament *t = tournament_new();
    size_t i;

    for (i = 0; i < n; i++)
        tournament_add_player(t)->start_no = (int)i + 1;
    tournament_set_rounds(t, rounds);
    tournament_index(t);
    set_type(t, type);
    return t;
}

/* The a-th player (from 1) meets the b-th in round r (from 0), a with
   white winning. */
static void meet(struct tournament *t, int a, int b, int r)
{
    struct entry *x = &t->players[a - 1].rounds[r];
    struct entry *y = &t->players[b - 1].rounds[r];

    x->opp = t->players[b - 1].start_no;
    x->colour = 'w';
    x->code = '1';
    y->opp = t->players[a - 1].start_no;
    y->colour = 'b';
    y->code = '0';
}

/* n players of the rounds, who met as games[] says (a, b, round). */
static struct tournament *played(size_t n, int rounds, const int (*games)[3],
                                 size_t ngames)
{
    struct tournament *t = make(n, rounds, NULL);
    size_t i;

    for (i = 0; i < ngames; i++)
        meet(t, games[i][0], games[i][1], games[i][2]);
    return t;
}

static void test_round_robin(void)
{
    /* without a 092 record or games: from the numbers */
    static const struct {
        size_t players;
        int rounds, rr;
        const char *what;
    } counts[] = {
        {8, 6, 0, "Swiss"},
        {5, 10, 1, "a double round robin"},
        {5, 5, 1, "a round robin"},
        {5, 4, 0, "Swiss (a round robin of 5 takes 5)"},
        {5, 8, 0, "Swiss"},
    };
    /* with games: two rounds of four players; 1 and 2 in rounds 1 and 4 */
    static const int two_rounds[][3] = {
        {1, 2, 0}, {3, 4, 0}, {1, 3, 1}, {2, 4, 1}};
    static const int twice[][3] = {{1, 2, 0}, {1, 2, 3}};
    struct tournament *t = make(8, 7, NULL);
    size_t i;

    ok(tiebreak_is_round_robin(t), "8 players, 7 rounds: round robin");
    set_type(t, "Individual: Swiss-System");
    ok(!tiebreak_is_round_robin(t), "unless the 092 record says Swiss");
    set_type(t, "Individual: Dutch System");
    ok(!tiebreak_is_round_robin(t), "or Dutch (FIDE's Swiss system)");
    set_type(t, "Колова система");
    ok(tiebreak_is_round_robin(t), "'колова' is a round robin");
    tournament_free(t);
    t = make(8, 9, NULL);
    t->planned_rounds = 7;
    ok(tiebreak_is_round_robin(t), "8 players of XXR 7: round robin");
    t->planned_rounds = 9;
    ok(!tiebreak_is_round_robin(t), "8 players of XXR 9: Swiss");
    tournament_free(t);
    for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
        t = make(counts[i].players, counts[i].rounds, NULL);
        ok(tiebreak_is_round_robin(t) == counts[i].rr,
           "%zu players, %d rounds: %s", counts[i].players, counts[i].rounds,
           counts[i].what);
        tournament_free(t);
    }
    t = played(4, 3, two_rounds, 4);
    ok(tiebreak_is_round_robin(t), "4 players, 3 rounds, no rematch");
    meet(t, 1, 2, 2);
    ok(!tiebreak_is_round_robin(t), "1 and 2 met twice: Swiss");
    tournament_free(t);
    t = make(4, 3, NULL);
    t->players[2].start_no = 10; /* numbers with a gap */
    t->players[3].start_no = 11;
    tournament_index(t);
    meet(t, 1, 2, 0);
    meet(t, 3, 4, 0);
    meet(t, 3, 4, 1);
    ok(!tiebreak_is_round_robin(t), "10 and 11 met twice: Swiss");
    tournament_free(t);
    t = played(4, 6, twice, 2);
    ok(tiebreak_is_round_robin(t), "4 players, 6 rounds, two meetings");
    meet(t, 1, 2, 5);
    ok(!tiebreak_is_round_robin(t), "three: Swiss");
    tournament_free(t);
}

/* The ranking API on tests/data/tb-de.trf: what decided each place. */
static void test_standings(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    struct tiebreak_rules r;
    struct standings_options o;
    struct standings s;
    const struct standings_row *row;
    static const int order[] = {3, 6, 1};
    struct playoff po = {order, 3, NULL, 0, 0, NULL};

    trf_read("tests/data/tb-de.trf", NULL, &t, &dl);
    if (!ok(t != NULL, "tb-de.trf read")) {
        diag_list_release(&dl);
        return;
    }
    tiebreak_rules_init(&r);
    tiebreak_list_parse("DE", &r, &dl, NULL, 0, 0);
    memset(&o, 0, sizeof(o));
    o.rules = &r;
    is_int(standings_rank(&s, t, &o, &dl), ERR_OK, "ranked by DE");
    row = standings_find(&s, 3);
    ok(row && row->place_lo == 2 && row->place_hi == 2 &&
           (row->flags & STANDINGS_BY_DE) && row->decided_by == 0,
       "player 3: second, by direct encounter");
    ok(!row->values[0].undefined && row->values[0].value == 2,
       "player 3: DE value 2");
    row = standings_find(&s, 4);
    ok(row && row->decided_by == STANDINGS_BY_POINTS &&
           row->values[0].value == 0,
       "player 4: alone on his points");
    standings_release(&s);

    tiebreak_preset("ua-2023", &r);
    tiebreak_list_parse("DE/A", &r, &dl, NULL, 0, 0);
    o.n_rounds = 3;
    standings_rank(&s, t, &o, &dl);
    row = standings_find(&s, 6);
    ok(row && row->place_lo == 1 && row->place_hi == 3 &&
           (row->flags & STANDINGS_SHARED) &&
           (row->flags & STANDINGS_PLAYOFF_NEEDED) &&
           (row->flags & STANDINGS_DE_NOT_APPLIED) &&
           row->decided_by == STANDINGS_UNDECIDED,
       "after round 3: places 1-3 shared, a play-off needed");
    standings_release(&s);

    o.playoffs = &po;
    o.n_playoffs = 1;
    is_int(standings_rank(&s, t, &o, &dl), ERR_OK, "with the play-off");
    ok(s.rows[0].start_no == 3 && s.rows[1].start_no == 6 &&
           s.rows[2].start_no == 1,
       "the play-off's order");
    ok((s.rows[0].flags & STANDINGS_BY_PLAYOFF) &&
           s.rows[0].decided_by == STANDINGS_PLAYOFF &&
           s.rows[0].place_lo == 1 && s.rows[0].place_hi == 1 &&
           !(s.rows[0].flags & STANDINGS_PLAYOFF_NEEDED),
       "decided by the play-off");
    standings_release(&s);
    tournament_free(t);
    diag_list_release(&dl);
}

/* What a context keeps for the next tie-break (the Buchholz items, the
   ratings) gives the values of a fresh context, in either order. */
static void test_kept_work(void)
{
    static const char *const codes[] = {
        "BH/C1", "SB", "AOB", "ARO",    "PTP",   "APPO",  "KS",
        "FB",    "BH", "TPR", "ARO/C1", "SB/C1", "BH/M1", "APRO"};
    enum { N = sizeof(codes) / sizeof(codes[0]) };
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    struct tiebreak_context *c, *f;
    struct tiebreak tb;
    struct tiebreak_value a[64], b[64];
    struct strbuf err = STRBUF_INIT;
    size_t i, k, p, same = 0, n = 0;

    trf_read("tests/data/ua-small.trf", NULL, &t, &dl);
    if (!ok(t != NULL && t->n_players <= 64, "ua-small.trf read")) {
        diag_list_release(&dl);
        return;
    }
    c = tiebreak_context_new(t, t->n_rounds, TB_POLICY_FIDE2024, 0);
    f = tiebreak_context_new(t, t->n_rounds, TB_POLICY_FIDE2024, 0);
    for (k = 0; k < 2 * N; k++) {
        /* the list's order, then backwards */
        i = k < N ? k : 2 * N - 1 - k;
        tiebreak_parse(codes[i], strlen(codes[i]), &tb, &err);
        tiebreak_compute(c, &tb, a);
        tiebreak_context_free(f);
        f = tiebreak_context_new(t, t->n_rounds, TB_POLICY_FIDE2024, 0);
        tiebreak_compute(f, &tb, b);
        for (p = 0; p < t->n_players; p++, n++)
            same +=
                a[p].value == b[p].value && a[p].undefined == b[p].undefined;
    }
    is_int(same, n, "kept work gives a fresh context's values (%zu)", n);
    tiebreak_context_free(f);
    tiebreak_context_free(c);
    tournament_free(t);
    strbuf_release(&err);
    diag_list_release(&dl);
}

int main(void)
{
    test_table();
    test_parse();
    test_rules();
    test_resolve();
    test_policy();
    test_format();
    test_round_robin();
    test_standings();
    test_kept_work();
    return done_testing();
}
