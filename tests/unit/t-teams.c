/* tests/unit/t-teams: the matches of a team competition (core/teams), the
 * team tie-breaks (core/tiebreak/team.c) and the ranking of teams, on the hand-made
 * fixtures tests/data/team-swiss.trf (TRF-26: a team bye of every kind, a
 * forfeited match, an out-of-order board, an unoccupied board, drawn
 * matches) and tests/data/team-ua2004.trf (013 records, 6 boards, the
 * 2004 regulation: the board points 6..1 with drawn games); and the exact
 * message of every finding.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "util/file.h"
#include "util/strbuf.h"

static void bail(const char *fmt, ...) TAP_PRINTF(1, 2);
static void bail(const char *fmt, ...)
{
    va_list ap;

    fputs("Bail out! ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    exit(255);
}

static char *fixture(const char *name)
{
    const char *dir = getenv("SEKRETAR_TESTDATA");
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT;

    strbuf_addf(&path, "%s/%s", dir ? dir : "tests/data", name);
    if (file_read(path.buf, 1u << 20, &sb, &dl))
        bail("cannot read %s", path.buf);
    diag_list_release(&dl);
    strbuf_release(&path);
    return strbuf_detach(&sb, NULL);
}

/* text with its first line that starts with from replaced by to (a whole
 * line; "" deletes it), or to appended when from is NULL. */
static char *edit(const char *text, const char *from, const char *to)
{
    struct strbuf sb = STRBUF_INIT;
    const char *at = from ? strstr(text, from) : NULL;

    if (from && !at)
        bail("no line '%s' to edit", from);
    if (!at) {
        strbuf_addstr(&sb, text);
        strbuf_addf(&sb, "%s\n", to);
    } else {
        const char *end = strchr(at, '\n');
        strbuf_add(&sb, text, (size_t)(at - text));
        if (*to)
            strbuf_addf(&sb, "%s\n", to);
        strbuf_addstr(&sb, end ? end + 1 : "");
    }
    return strbuf_detach(&sb, NULL);
}

static struct tournament *parse(const char *text)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;

    trf_parse(text, strlen(text), "t.trf", NULL, &t, &dl);
    diag_list_release(&dl);
    if (!t)
        bail("the fixture does not parse");
    return t;
}

/* The findings of the team table of text, one "LINE:COL: level: message"
 * a line. */
static void findings(const char *text, struct strbuf *out)
{
    struct tournament *t = parse(text);
    struct diag_list dl = DIAG_LIST_INIT;
    struct team_table tt;
    struct strbuf one = STRBUF_INIT;
    size_t i;

    team_table_build(&tt, t, &dl);
    diag_list_sort(&dl);
    for (i = 0; i < dl.nr; i++) {
        strbuf_reset(&one);
        diag_format(&dl.items[i], &one);
        /* "t.trf:" is the same everywhere */
        strbuf_addf(out, "%s\n", one.buf + 6);
    }
    strbuf_release(&one);
    diag_list_release(&dl);
    team_table_release(&tt);
    tournament_free(t);
}

/* The findings of the fixture edited (from -> to) are exactly want. */
static void check_findings(const char *base, const char *from, const char *to,
                           const char *want, const char *desc)
{
    char *text = edit(base, from, to);
    struct strbuf got = STRBUF_INIT;

    findings(text, &got);
    is_str(got.buf, want, "%s", desc);
    strbuf_release(&got);
    free(text);
}

static void test_table(const char *swiss)
{
    struct tournament *t = parse(swiss);
    struct diag_list dl = DIAG_LIST_INIT;
    struct team_table tt;
    struct strbuf sb = STRBUF_INIT;
    const struct team_round *tr;

    ok(team_table_build(&tt, t, &dl) == ERR_OK && dl.nr == 0,
       "team-swiss: consistent, no findings");
    team_table_dump(&tt, &sb);
    is_str(sb.buf,
           "boards 4 WBWB; match points 2.0 1.0 0.0\n"
           "team 1 Lviv: 6.0 9.0\n"
           "  r1 2 w W played mp 2.0 gp 2.5 | 1 1 | 2 0 | 3 = | 4 1\n"
           "  r2 3 w W forfeit mp 2.0 gp 4.0 | 1 + | 2 + | 3 + | 4 +\n"
           "  r3 4 b W played mp 2.0 gp 2.5 | 1 = | 2 1 | 3 + | 4 0\n"
           "team 2 Kyiv: 3.0 6.0\n"
           "  r1 1 b L played mp 0.0 gp 1.5 | 7 0 | 6 1 | 8 = | 9 0\n"
           "  r2 5 w W played mp 2.0 gp 2.5 | 6 1 | 7 = | 8 1 | 9 0\n"
           "  r3 3 w D played mp 1.0 gp 2.0 | 6 0 | 7 = | 8 = | 9 1\n"
           "team 3 Odesa: 2.0 4.0\n"
           "  r1 4 w D played mp 1.0 gp 2.0 | 11 = | 12 = | 13 1 | 14 0\n"
           "  r2 1 b Z forfeit mp 0.0 gp 0.0 | 11 - | 12 - | 13 - | 14 -\n"
           "  r3 2 b D played mp 1.0 gp 2.0 | 11 1 | 12 = | 13 = | 14 0\n"
           "team 4 Kharkiv: 2.0 5.5\n"
           "  r1 3 b D played mp 1.0 gp 2.0 | 16 = | 17 = | 18 0 | 19 1\n"
           "  r2 bye P mp 1.0 gp 2.0\n"
           "  r3 1 w L played mp 0.0 gp 1.5 | 16 = | 17 0 | 0   | 19 1\n"
           "team 5 Dnipro: 3.0 7.5\n"
           "  r1 bye F mp 2.0 gp 4.0\n"
           "  r2 2 b L played mp 0.0 gp 1.5 | 21 0 | 22 = | 23 0 | 24 1\n"
           "  r3 bye H mp 1.0 gp 2.0\n",
           "team-swiss: matches, byes, the forfeit, the 300 orders");
    tr = team_table_round(&tt, 1, 0);
    is_int(tr->boards[0].player, 7, "300: Kyiv's board 1 is player 7");
    is_int(tr->boards[0].opp, 1, "who played Lviv's board 1");
    tr = team_table_round(&tt, 3, 2);
    is_int(tr->boards[2].player, 0, "300: Kharkiv's board 3 unoccupied");
    ok(team_table_round(&tt, 0, 2)->boards[2].points == 1.0,
       "Lviv's board 3 against it: a point");
    is_int(team_table_find(&tt, 5), 4, "team 5 is the fifth");
    is_int(team_table_competition(&tt, 0)->players[0].rounds[1].code, '+',
           "the competition of teams: a forfeit win is '+'");
    ok(team_table_competition(&tt, 1)->players[4].rounds[0].points == 4.0,
       "on game points a full-point bye is worth the 4 boards");
    is_str(team_round_kind_name(TR_BYE_PAIRING), "the pairing-allocated bye",
           "kind names");
    strbuf_release(&sb);
    diag_list_release(&dl);
    team_table_release(&tt);
    tournament_free(t);
}

/* The teams of a fixture ranked by a list or a preset. */
struct ranked {
    struct tournament *t;
    struct team_table tt;
    struct tiebreak_rules rules;
    struct standings s;
};

static void ranked_make(struct ranked *x, const char *text, const char *list)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct standings_options o;
    struct strbuf err = STRBUF_INIT;

    x->t = parse(text);
    team_table_build(&x->tt, x->t, &dl);
    tiebreak_rules_init(&x->rules);
    if (!strncmp(list, "ua-", 3))
        tiebreak_preset(list, &x->rules);
    else
        tiebreak_list_parse(list, &x->rules, &dl, NULL, 0, 0);
    if (tiebreak_rules_resolve(&x->rules, 1, &err))
        bail("%s: %s", list, err.buf);
    memset(&o, 0, sizeof(o));
    o.rules = &x->rules;
    o.teams = &x->tt;
    standings_rank(&x->s, x->t, &o, &dl);
    strbuf_release(&err);
    diag_list_release(&dl);
}

static void ranked_free(struct ranked *x)
{
    standings_release(&x->s);
    team_table_release(&x->tt);
    tournament_free(x->t);
}

/* Rank the teams of text by list; the values of column col in the order
 * of the teams' numbers, and the ranking, as "1:6.0 2:3.0 ..." */
static void rank(const char *text, const char *list, size_t col,
                 struct strbuf *values, struct strbuf *order)
{
    struct ranked x;
    const struct standings *s = &x.s;
    size_t i, k;

    ranked_make(&x, text, list);
    for (k = 0; k < x.tt.n_teams; k++)
        for (i = 0; i < s->n_rows; i++)
            if (s->rows[i].player == (int)k) {
                strbuf_addf(values, "%s%d:", k ? " " : "", s->rows[i].start_no);
                if (col < x.rules.n)
                    tiebreak_format_value(&x.rules.tb[col],
                                          &s->rows[i].values[col], values);
                else
                    strbuf_addf(values, "%.1f", s->rows[i].points);
            }
    for (i = 0; i < s->n_rows; i++) {
        strbuf_addf(order, "%s%d", i ? " " : "", s->rows[i].start_no);
        if (s->rows[i].place_hi > s->rows[i].place_lo)
            strbuf_addstr(order, "=");
    }
    ranked_free(&x);
}

static void check_rank(const char *text, const char *list, size_t col,
                       const char *values, const char *order)
{
    struct strbuf v = STRBUF_INIT, o = STRBUF_INIT;

    rank(text, list, col, &v, &o);
    is_str(v.buf, values, "%s: column %zu", list, col + 1);
    if (order)
        is_str(o.buf, order, "%s: the ranking", list);
    strbuf_release(&v);
    strbuf_release(&o);
}

static void test_tiebreaks(const char *swiss, const char *ua)
{
    /* The primary points and the totals. */
    check_rank(swiss, "MPTS", 99, "1:6.0 2:3.0 3:2.0 4:2.0 5:3.0",
               "1 2= 5= 3= 4=");
    check_rank(swiss, "GPTS", 0, "1:9.0 2:6.0 3:4.0 4:5.5 5:7.5", "1 5 2 4 3");
    check_rank(swiss, "GPTS,MPTS", 99, "1:9.0 2:6.0 3:4.0 4:5.5 5:7.5",
               "1 5 2 4 3");
    check_rank(swiss, "MPvGP", 0, "1:9.0 2:6.0 3:4.0 4:5.5 5:7.5", NULL);
    /* Direct encounter: Kyiv beat Dnipro; Odesa and Kharkiv drew. */
    check_rank(swiss, "DE", 0, "1:0 2:1 3:0 4:0 5:2", "1 2 5 3= 4=");
    check_rank(swiss, "EDE", 0, "1:0 2:1 3:0 4:0 5:2", "1 2 5 3= 4=");
    /* Board points: Lviv 2.5 2 2.5 2 (the forfeit win a point a board),
     * Kyiv 1 2 2 1, Odesa 1.5 1 1.5 0, Kharkiv 2 1.5 1 3 (the PAB a point
     * a board, its unoccupied board nothing), Dnipro 1.5 2 1.5 2.5 (the
     * full-point bye 1, the half-point bye ½ a board). */
    check_rank(swiss, "BC", 0, "1:22.0 2:15.0 3:8.0 4:20.0 5:20.0",
               "1 2 5 3 4");
    check_rank(swiss, "TBR", 0, "1:0 2:2 3:2 4:1 5:1", "1 5 2 4 3");
    check_rank(swiss, "BBE", 0, "1:0 2:2 3:2 4:1 5:1", "1 5 2 4 3");
    check_rank(swiss, "WBP", 0, "1:23.0 2:15.0 3:12.0 4:7.5 5:2.5", NULL);
    check_rank(swiss, "WIN", 0, "1:3 2:1 3:0 4:0 5:1", NULL);
    check_rank(swiss, "WON", 0, "1:2 2:1 3:0 4:0 5:0", NULL);
    /* Buchholz on match points (2024: a forfeit counts the team's own
     * score), on game points, and the extended Sonneborn-Berger. */
    check_rank(swiss, "BH:MP", 0, "1:11.0 2:11.0 3:7.0 4:10.0 5:9.0", NULL);
    check_rank(swiss, "BH:GP", 0, "1:20.5 2:20.5 3:15.5 4:18.5 5:21.0", NULL);
    check_rank(swiss, "EMMSB", 0, "1:22.0 2:8.0 3:5.0 4:4.0 5:9.0", NULL);
    check_rank(swiss, "EMGSB", 0, "1:36.5 2:20.5 3:10.0 4:17.0 5:22.5", NULL);
    check_rank(swiss, "EGMSB", 0, "1:41.0 2:19.0 3:11.5 4:9.5 5:22.5", NULL);
    check_rank(swiss, "PS:MP", 0, "1:12.0 2:5.0 3:4.0 4:5.0 5:7.0", NULL);
    check_rank(swiss, "KS:MP", 0, "1:2.0 2:2.0 3:1.0 4:0.0 5:0.0", NULL);

    /* 2004: match points, game points, direct encounter, matches won, board
     * points 6..1.  Шахіст and Ферзь: 3 match points, 9.5 game points,
     * drew their match, won one match each: board points 35 to 34.5. */
    check_rank(ua, "ua-2004-teams", 99, "1:3.0 2:3.0 3:4.0 4:2.0", "3 1 2 4");
    check_rank(ua, "ua-2004-teams", 0, "1:9.5 2:9.5 3:9.5 4:7.5", NULL);
    check_rank(ua, "ua-2004-teams", 1, "1:0 2:0 3:0 4:0", NULL);
    check_rank(ua, "ua-2004-teams", 2, "1:1 2:1 3:2 4:1", NULL);
    check_rank(ua, "ua-2004-teams", 3, "1:35.0 2:34.5 3:32.0 4:24.5", NULL);
    check_rank(ua, "WBP", 0, "1:35.0 2:34.5 3:32.0 4:24.5", "3 1 2 4");
}

/* The lines of team-swiss.trf that the findings name: 14-38 the players
 * (player n at 13 + n), 39-43 the 310 records, 44-45 the 240, 46-47 the
 * 300, 48 the 320, 49 the 330 record; an appended line is 50. */
static void test_findings(const char *swiss)
{
    static const struct {
        const char *from, *to; /* the edit (from NULL: appended) */
        const char *want;      /* the findings */
        const char *desc;
    } cases[] = {
        {NULL, "240 F   2    9",
         "50:11: error: record 240: no team has number 9\n",
         "240: an unknown team"},
        {NULL, "240 X   2    5",
         "50:5: error: record 240: bye type 'F', 'H' or 'Z' expected "
         "in column 5, found 'X'\n",
         "240: a bad type"},
        {NULL, "240 F   x    5",
         "50:7: error: record 240: round number expected in columns "
         "7-9, found 'x'\n",
         "240: a bad round"},
        {NULL, "240 F   7    5",
         "50:7: warning: record 240: round 7 is after the last round "
         "with results (3); the record is not used\n",
         "240: a round after the last"},
        {NULL, "240 H   2    2",
         "50:11: error: record 240 gives team 'Kyiv' a half-point "
         "bye in round 2, but it played 'Dnipro'\n",
         "240: a bye for a team that played"},
        {NULL, "240 Z   1    5",
         "43:55: error: team 5 'Dnipro': record 310 says 3.0 match points and "
         "7.5 game points, the results add up to 1.0 and 3.5\n"
         "50:11: error: round 1: team 'Dnipro' has two byes, a full-point bye "
         "(record 240, line 44) and a zero-point bye (record 240, line 50); "
         "the "
         "second is used\n",
         "240: two byes"},
        {"320  1.0", "320  1.x  2.0      4",
         "42:62: error: team 4 'Kharkiv': record 310 says 2.0 match points and "
         "5.5 game points, the results add up to 2.0 and 7.5\n"
         "48:5: error: record 320: match points expected in columns 5-8, found "
         "'1.x'\n",
         "320: bad match points"},
        {"320  1.0", "320  1.0  2.0      4           2",
         "48:31: warning: record 320: round 5 is after the last "
         "round with results (3); the bye is not used\n",
         "320: a bye after the last round"},
        {"330 +-", "330 ++   2   1   3",
         "14:102: warning: round 2: team 'Lviv' has no match and no bye "
         "record; "
         "its first player's result makes it a full-point bye\n"
         "49:5: error: record 330: forfeit type '+-', '-+' or '--' expected in "
         "columns 5-6, found '++'\n",
         "330: a bad type"},
        {"330 +-", "330 +-   2   1   1",
         "14:102: warning: round 2: team 'Lviv' has no match and no bye "
         "record; "
         "its first player's result makes it a full-point bye\n"
         "49:12: error: record 330: team 'Lviv' cannot forfeit against "
         "itself\n",
         "330: a team against itself"},
        {NULL, "330 +-   1   3   5",
         "50:12: error: record 330: 'Odesa' - 'Dnipro' in round 1, "
         "but players of 'Odesa' met players of 'Kharkiv'\n",
         "330: against the games"},
        {NULL, "330 --   2   3   4",
         "50:12: error: record 330: team 'Odesa' has two forfeited "
         "matches in round 2 (the other at line 49)\n",
         "330: two forfeits"},
        {"330 +-", "330 -+   2   1   3",
         "49:5: warning: record 330: forfeited match 'Lviv' - "
         "'Odesa' (-+) in round 2, but the boards give 4.0 - 0.0\n",
         "330: the boards say otherwise"},
        {NULL, "300   1   2   1    6    7    8    9",
         "50:9: error: record 300: team 'Kyiv' has two board orders "
         "in round 1 (the other at line 46)\n",
         "300: two orders"},
        {NULL, "300   1   5   3   21   22   23   24",
         "50:9: error: record 300: 'Dnipro' - 'Odesa' in round 1, "
         "but 'Odesa' met 'Kharkiv'\n",
         "300: against the games"},
        {"300   1", "300   1   2   1    7    6    8",
         "22:92: error: round 1: player 9 of 'Kyiv' has a result but "
         "is on no board of the 300 record (line 46)\n"
         "46:17: error: record 300: 3 boards listed for 'Kyiv' in "
         "round 1, the matches are played on 4\n",
         "300: a board left out"},
        {"300   1", "300   1   2   1    7    6    8   14",
         "22:92: error: round 1: player 9 of 'Kyiv' has a result but is on no "
         "board of the 300 record (line 46)\n"
         "46:32: error: record 300: player 14 is not in team 'Kyiv'\n",
         "300: a player of another team"},
        {NULL, "300   3   2   3    6    7    8   10",
         "22:112: error: round 3: player 9 of 'Kyiv' has a result but is on no "
         "board of the 300 record (line 50)\n"
         "40:55: error: team 2 'Kyiv': record 310 says 3.0 match points and "
         "6.0 "
         "game points, the results add up to 2.0 and 5.0\n"
         "41:55: error: team 3 'Odesa': record 310 says 2.0 match points and "
         "4.0 game points, the results add up to 3.0 and 4.0\n"
         "50:32: error: record 300: player 10 of 'Kyiv' has no result in round "
         "3\n",
         "300: a player without a result"},
        {"300   1", "300   1   2   1    7    6    8   x9",
         "19:92: warning: round 1: the boards of 'Lviv' - 'Kyiv' follow the "
         "order (record 310) of neither team: player 6 of 'Kyiv' is on board "
         "2; "
         "a 300 record gives the order of a team that played out of its order\n"
         "46:32: error: record 300: player number expected in columns 32-35, "
         "found 'x9'\n",
         "300: a bad player number"},
        {NULL, "300   1   1   2    2    1    3    4",
         "15:92: warning: round 1, board 1 of 'Lviv' - 'Kyiv': player 2 of "
         "'Lviv' played 6, but board 1 of 'Kyiv' is player 7: the 300 records "
         "of the two teams do not pair the boards\n",
         "300: orders that do not pair"},
        {"300   1", "",
         "19:92: warning: round 1: the boards of 'Lviv' - 'Kyiv' follow the "
         "order (record 310) of neither team: player 6 of 'Kyiv' is on board "
         "2; "
         "a 300 record gives the order of a team that played out of its "
         "order\n",
         "300 missing: out of order"},
        {NULL, "299 X   1.0   1.0",
         "50:5: error: record 299: type 'W', 'D', 'L', 'F', 'H', "
         "'Z', '+', '-' or blank expected in column 5, found 'X'\n",
         "299: a bad type"},
        {"352 ", "352 WBXB",
         "12:7: warning: record 352: colour 'W' or 'B' expected for each board "
         "(at most 31), found 'X'; the record is not used\n",
         "352: a bad colour"},
        {"362 ", "362 TW 2.0   XX 1.0",
         "13:14: warning: record 362: 'TW', 'TD' or 'TL' and the match points "
         "expected, found 'XX 1.0'; the rest of the record is not used\n",
         "362: a bad field"},
        {"310   1",
         "310   1 Lviv                             LVI             5.0    9.0  "
         " "
         "      1    2    3    4    5",
         "39:55: error: team 1 'Lviv': record 310 says 5.0 match points and "
         "9.0 "
         "game points, the results add up to 6.0 and 9.0\n",
         "310: a total that does not add up"},
        {NULL,
         "802   5 DNI      3.0    7.5  FPB    4.0     2 b  1.5   ZPB    0.0",
         "50:56: warning: round 3: record 802 says team 5 'Dnipro' had a "
         "zero-point bye (ZPB) with 0.0 game points, the results give a "
         "half-point bye (HPB) with 2.0\n",
         "802: a round that disagrees"},
        {"001   14",
         "001   14 m    Odesa 4                           2160 UKR             "
         " "
         "           0.0         24 b 0  0000 - -     9 w 0",
         "27:92: error: round 1: players of team 'Odesa' meet players of "
         "'Kharkiv' and of 'Dnipro'\n",
         "meeting two teams"},
        {"001   11",
         "001   11 m    Odesa 1                           2190 UKR             "
         " "
         "           1.5         12 w =  0000 - -     6 b 1",
         "24:92: error: round 1: players 11 and 12 of team 'Odesa' played each "
         "other\n",
         "players of one team"},
        {"310   1",
         "310   1 Lviv                             LVI             6.0    9.0  "
         " "
         "      1    2    3    5",
         "22:92: warning: round 1: player 9 of team 'Kyiv' played 4, who is in "
         "no team\n"
         "32:112: warning: round 3: player 19 of team 'Kharkiv' played 4, who "
         "is in no team\n"
         "39:55: error: team 1 'Lviv': record 310 says 6.0 match points and "
         "9.0 "
         "game points, the results add up to 5.0 and 7.0\n"
         "40:55: error: team 2 'Kyiv': record 310 says 3.0 match points and "
         "6.0 "
         "game points, the results add up to 4.0 and 6.0\n",
         "a player in no team"},
        {"001   10",
         "001   10 m    Kyiv 5                            2200 UKR   "
         "                      0.0       0000 - -  0000 - +",
         "23:102: error: round 2: team 'Kyiv' has more players with "
         "a result than the 4 boards (player 10)\n",
         "more players than boards"},
        {NULL, "299 +   2.0   2.5\n299 -   0.0   1.5",
         "39:62: error: team 1 'Lviv': record 310 says 6.0 match points and "
         "9.0 "
         "game points, the results add up to 6.0 and 7.5\n"
         "41:62: error: team 3 'Odesa': record 310 says 2.0 match points and "
         "4.0 game points, the results add up to 2.0 and 5.5\n",
         "299: a forfeited match 2.5 - 1.5"},
        {NULL, "299    -1.0               3",
         "41:55: error: team 3 'Odesa': record 310 says 2.0 match points and "
         "4.0 game points, the results add up to 1.0 and 4.0\n",
         "299: a penalty"},
        {NULL, "299 +  2.0  2.5   1    1",
         "50:13: error: record 299 is not in the TRF-26 columns (type 5, match "
         "points 8-11, game points 14-17, round 20-22, teams 24-27, 29-32, "
         "...): column 13 holds '2'; the record is not used\n"
         "50:13: note: in the columns of the TRF-2025 draft (match points "
         "7-10, "
         "game points 12-15, round 17-19, teams 21-24, ...) record 299 reads: "
         "'+', 2.0 match points, 2.5 game points, round 1, team 1\n",
         "299: in the TRF-2025 draft's columns"},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_findings(swiss, cases[i].from, cases[i].to, cases[i].want,
                       cases[i].desc);
}

/* A 299 record outside a team competition is said not to be used. */
static void test_individual_299(void)
{
    char *small = fixture("ua-small.trf");
    char *text = edit(small, NULL, "299 +   1.0   1.0");
    struct tournament *t = parse(text);
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    tournament_validate(t, &dl);
    for (i = 0; i < dl.nr; i++)
        if (strstr(dl.items[i].msg, "299"))
            diag_format(&dl.items[i], &sb);
    is_str(sb.buf,
           "t.trf:20:1: warning: record 299 (abnormal points) is read in team "
           "competitions only; here it is not used",
           "299 in an individual competition: a warning");
    strbuf_release(&sb);
    diag_list_release(&dl);
    tournament_free(t);
    free(text);
    free(small);
}

/* How a team's values were made. */
static void test_explain(const char *swiss)
{
    struct ranked x;
    struct strbuf sb = STRBUF_INIT;

    /* GPTS first, no MPTS after it: a tie-break of match points */
    ranked_make(&x, swiss, "GPTS,TBR,WBP");
    ok(standings_explain(&x.s, 4, &sb) == 0, "explain team 4");
    ok(strstr(sb.buf, "Team 4 Kharkiv: 2.0 match points after 3 rounds, "
                      "place 4\n") != NULL,
       "explain: the team, its points and place");
    ok(strstr(sb.buf, "  r2  the pairing-allocated bye: 2.0\n") != NULL,
       "explain: GPTS round by round, the bye");
    ok(strstr(sb.buf,
              "TBR (ВД: результати верхніх дошок (порівнюються по черзі "
              "1-а, 2-а, ... дошка)) = 0\n  not needed") != NULL,
       "explain: TBR not needed after GPTS");
    ok(strstr(sb.buf, "  r3  1 Lviv: 4x0.5 3x0.0 2x0.0 1x1.0\n") != NULL,
       "explain: WBP board by board, the unoccupied board");
    is_int(standings_explain(&x.s, 9, &sb), -1, "explain: no team 9");
    strbuf_release(&sb);
    ranked_free(&x);
}

int main(void)
{
    char *swiss = fixture("team-swiss.trf");
    char *ua = fixture("team-ua2004.trf");

    test_table(swiss);
    test_tiebreaks(swiss, ua);
    test_findings(swiss);
    test_individual_299();
    test_explain(swiss);
    free(swiss);
    free(ua);
    return done_testing();
}
