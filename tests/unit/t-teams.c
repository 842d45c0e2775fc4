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

/* The findings of the TRF reader about text and, when table, of its team
 * table, one "LINE:COL: level: message" a line. */
static void findings_of(const char *text, int table, struct strbuf *out)
{
    struct tournament *t = NULL;
    struct diag_list dl = DIAG_LIST_INIT;
    struct team_table tt;
    struct strbuf one = STRBUF_INIT;
    size_t i;

    trf_parse(text, strlen(text), "t.trf", NULL, &t, &dl);
    if (!t)
        bail("the fixture does not parse");
    if (table)
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
    if (table)
        team_table_release(&tt);
    tournament_free(t);
}

/* The findings of the team records of text (the TRF reader's, which reads
 * them) and of its team table. */
static void findings(const char *text, struct strbuf *out)
{
    findings_of(text, 1, out);
}

/* The reader's findings only. */
static void reading(const char *text, struct strbuf *out)
{
    findings_of(text, 0, out);
}

/* What fn makes of the fixture edited (from -> to) is exactly want. */
static void check_edit(const char *base, const char *from, const char *to,
                       void (*fn)(const char *, struct strbuf *),
                       const char *want, const char *desc)
{
    char *text = edit(base, from, to);
    struct strbuf got = STRBUF_INIT;

    fn(text, &got);
    is_str(got.buf, want, "%s", desc);
    strbuf_release(&got);
    free(text);
}

/* The findings of the fixture edited (from -> to) are exactly want. */
static void check_findings(const char *base, const char *from, const char *to,
                           const char *want, const char *desc)
{
    check_edit(base, from, to, findings, want, desc);
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

/* ====================================== the team records, typed (ingest) */

/* The typed input of text's team records, dumped one item a line. */
static void dump_input(const char *text, struct strbuf *out)
{
    struct tournament *t = parse(text);
    const struct team_input *in = t->team_input;
    size_t i;
    int k;

    if (!in) {
        strbuf_addstr(out, "none\n");
        tournament_free(t);
        return;
    }
    for (i = 0; i < in->n_byes; i++) {
        const struct team_bye *y = &in->byes[i];
        strbuf_addf(out, "bye %s r%d team %d %s", y->record, y->round, y->team,
                    team_round_kind_name(y->kind));
        if (y->has_points)
            strbuf_addf(out, " %.1f %.1f", y->mp, y->gp);
        strbuf_addf(out, " @%s:%u:%u\n", y->at.file, y->at.line, y->at.col);
    }
    for (i = 0; i < in->n_lineups; i++) {
        const struct team_lineup *o = &in->lineups[i];
        strbuf_addf(out,
                    "lineup r%d team %d opp %d @%u:%u boards@%u:", o->round,
                    o->team, o->opp, o->at.line, o->at.col, o->boards_col);
        for (k = 0; k < o->n_boards; k++)
            strbuf_addf(out, " %d@%u", o->boards[k].player, o->boards[k].col);
        strbuf_addch(out, '\n');
    }
    for (i = 0; i < in->n_forfeits; i++) {
        const struct team_forfeit *f = &in->forfeits[i];
        strbuf_addf(out, "forfeit r%d %d %d %s @%u:%u type@%u\n", f->round,
                    f->white, f->black, f->type, f->at.line, f->at.col,
                    f->type_col);
    }
    for (i = 0; i < in->n_abnormal; i++) {
        const struct team_abnormal *a = &in->abnormal[i];
        strbuf_addf(out, "abnormal '%c' r%d", a->type, a->round);
        if (a->has_mp)
            strbuf_addf(out, " mp %.1f", a->mp);
        if (a->has_gp)
            strbuf_addf(out, " gp %.1f", a->gp);
        strbuf_addstr(out, a->teams ? " teams" : " every team");
        for (k = 0; k < a->n_teams; k++)
            strbuf_addf(out, " %d", a->teams[k]);
        strbuf_addf(out, " @%u\n", a->at.line);
    }
    for (i = 0; i < in->n_summaries; i++) {
        const struct team_summary *sum = &in->summaries[i];
        strbuf_addf(out, "summary team %d @%u:", sum->team, sum->at.line);
        for (k = 0; k < sum->n_rounds; k++) {
            const struct team_summary_round *sr = &sum->rounds[k];
            if (sr->kind == TR_MATCH)
                strbuf_addf(out, " %d", sr->opp);
            else
                strbuf_addf(out, " %s", team_round_kind_name(sr->kind));
            strbuf_addf(out, " %.1f@%u", sr->gp, sr->col);
        }
        strbuf_addch(out, '\n');
    }
    strbuf_addf(out, "boards %d %s\n", in->n_boards,
                in->n_boards ? in->colours : "-");
    strbuf_addf(out, "match points %d:%.1f %d:%.1f %d:%.1f\n", in->has_win,
                in->win, in->has_draw, in->draw, in->has_loss, in->loss);
    tournament_free(t);
}

/* The fixture edited (from -> to) reads into exactly want. */
static void check_input(const char *base, const char *from, const char *to,
                        const char *want, const char *desc)
{
    check_edit(base, from, to, dump_input, want, desc);
}

/* What the team records of team-swiss.trf read into. */
#define SWISS_240                                                              \
    "bye 240 r0 team 4 a full-point bye @t.trf:44:11\n"                        \
    "bye 240 r2 team 4 a half-point bye @t.trf:45:11\n"
#define SWISS_320                                                              \
    "bye 320 r1 team 3 the pairing-allocated bye 1.0 2.0 @t.trf:48:11\n"
#define SWISS_300_330                                                          \
    "lineup r0 team 1 opp 0 @46:9 boards@17: 7@17 6@22 8@27 9@32\n"            \
    "lineup r2 team 3 opp 0 @47:9 boards@17: 16@17 17@22 0@27 19@32\n"         \
    "forfeit r1 0 2 +- @49:12 type@5\n"
#define SWISS_352_362 "boards 4 WBWB\nmatch points 1:2.0 1:1.0 1:0.0\n"

/* Each team record read into its typed form. */
static void test_input(const char *swiss, const char *ua)
{
    check_input(swiss, NULL, "",
                SWISS_240 SWISS_320 SWISS_300_330 SWISS_352_362,
                "team-swiss: 240, 320, 300, 330, 352 and 362 typed");
    check_input(swiss, NULL, "240 Z   2    1    3",
                SWISS_240
                "bye 240 r1 team 0 a zero-point bye @t.trf:50:11\n"
                "bye 240 r1 team 2 a zero-point bye @t.trf:50:11\n" SWISS_320
                    SWISS_300_330 SWISS_352_362,
                "240: a bye of two teams, after the bye records before it; "
                "320 last");
    check_input(swiss, "320  1.0", "320             0   4   0",
                SWISS_240 "bye 320 r1 team 3 the pairing-allocated bye "
                          "@t.trf:48:11\n" SWISS_300_330 SWISS_352_362,
                "320: without points; '0' is no team");
    check_input(swiss, NULL,
                "299 +   2.0   2.5   1    1    3\n"
                "299    -1.0\n"
                "299 H         1.5  000\n"
                "802   5 DNI      3.0    7.5  FPB    4.0     2 b  1.5   HPB   "
                " 2.0\n"
                "802   1 LVI      6.0    9.0     2 w  2.5     3 w  4.0f    4 "
                "b  x\n"
                "802   9 XXX      0.0    0.0     1 w  0.0\n"
                "352 wbwbwb\n"
                "362 TD 0.5",
                SWISS_240 SWISS_320 SWISS_300_330
                "abnormal '+' r0 mp 2.0 gp 2.5 teams 0 2 @50\n"
                "abnormal ' ' r-1 mp -1.0 every team @51\n"
                "abnormal 'H' r-1 gp 1.5 every team @52\n"
                "summary team 4 @53: a full-point bye 4.0@30 2 1.5@45 "
                "a half-point bye 2.0@56\n"
                "summary team 0 @54: 2 2.5@33 3 4.0@46\n"
                "boards 6 WBWBWB\n"
                "match points 1:2.0 1:0.5 1:0.0\n",
                "299 (a result rescored, a penalty, every round), 802 (read "
                "as far as it can be, of a team), 352 and 362 again");
    check_input(ua, NULL, "", "boards 0 -\nmatch points 0:0.0 0:0.0 0:0.0\n",
                "team-ua2004 (013 records): no team records");
}

/* Each column error of the team records, exactly, from the reader (what
 * the table finds besides is test_findings'). */
static void test_input_errors(const char *swiss)
{
    static const struct {
        const char *from, *to; /* the edit (from NULL: appended at 50) */
        const char *want;
        const char *desc;
    } cases[] = {
        {NULL, "240 F   2    x",
         "50:11: error: record 240: team number expected in columns 11-14, "
         "found 'x'\n",
         "240: a team that is no number"},
        {NULL, "240 F   2    5    9",
         "50:16: error: record 240: no team has number 9\n",
         "240: an unknown second team"},
        {NULL, "240",
         "50:5: error: record 240: bye type 'F', 'H' or 'Z' expected in "
         "column 5, found ' '\n",
         "240: no type"},
        {NULL, "240 F   0    5",
         "50:7: error: record 240: round number expected in columns 7-9, "
         "found '0'\n",
         "240: round 0"},
        {"320  1.0", "320  1.0  2.x      4",
         "48:10: error: record 320: game points expected in columns 10-13, "
         "found '2.x'\n",
         "320: bad game points"},
        {"320  1.0", "320  1.0  2.0      x",
         "48:19: error: record 320: team number expected in columns 19-21, "
         "found 'x'\n",
         "320: a team that is no number"},
        {"320  1.0", "320  1.0  2.0      4   77",
         "48:23: error: record 320: no team has number 77\n",
         "320: an unknown team"},
        {NULL, "300   x   2   1    7    6    8    9",
         "50:5: error: record 300: round number expected in columns 5-7, "
         "found 'x'\n",
         "300: a bad round"},
        {NULL, "300   9   2   1    7    6    8    9",
         "50:5: warning: record 300: round 9 is after the last round with "
         "results (3); the record is not used\n",
         "300: a round after the last"},
        {NULL, "300   2   y   9    7    6    8    9",
         "50:9: error: record 300: team number expected in columns 9-11, "
         "found 'y'\n"
         "50:13: error: record 300: no team has number 9\n",
         "300: a bad team and an unknown opponent"},
        {NULL,
         "300   2   2   5    1    2    3    4    5    6    7    8    9   10"
         "   11   12   13   14   15   16   17   18   19   20   21   22   23"
         "   24   25   26   27   28   29   30   31   32",
         "50:172: error: record 300: more than 31 boards\n",
         "300: more than 31 boards"},
        {"330 +-", "330 +-   z   1   3",
         "49:8: error: record 330: round number expected in columns 8-10, "
         "found 'z'\n",
         "330: a bad round"},
        {"330 +-", "330 +-   2   w   3",
         "49:12: error: record 330: white team number expected in columns "
         "12-14, found 'w'\n",
         "330: a bad white team"},
        {"330 +-", "330 +-   2   1  99",
         "49:16: error: record 330: no team has number 99\n",
         "330: an unknown black team"},
        {"330 +-", "330 +-   2   1   b",
         "49:16: error: record 330: black team number expected in columns "
         "16-18, found 'b'\n",
         "330: a bad black team"},
        {NULL, "299 +   2.0   2.5 1",
         "50:19: error: record 299 is not in the TRF-26 columns (type 5, "
         "match points 8-11, game points 14-17, round 20-22, teams 24-27, "
         "29-32, ...): column 19 holds '1'; the record is not used\n",
         "299: a field over its gap"},
        {NULL, "299 +   2.0   2.5    1    1    13",
         "50:33: error: record 299 is not in the TRF-26 columns (teams "
         "24-27, 29-32, ...): column 33 holds '3'; the record is not used\n",
         "299: a team over its gap"},
        {NULL, "299 +   x.0   2.5",
         "50:8: error: record 299: match points expected in columns 8-11, "
         "found 'x.0'\n",
         "299: bad match points"},
        {NULL, "299 +   2.0   2,5",
         "50:14: error: record 299: game points expected in columns 14-17, "
         "found '2,5'\n",
         "299: game points with a comma"},
        {NULL, "299 +   2.0   2.5   x",
         "50:20: error: record 299: round number expected in columns 20-22, "
         "found 'x'\n",
         "299: a bad round"},
        {NULL, "299 +   2.0   2.5   4",
         "50:20: warning: record 299: round 4 is after the last round with "
         "results (3); the record is not used\n",
         "299: a round after the last"},
        {NULL, "299 +   2.0   2.5    1    1    8",
         "50:29: error: record 299: no team has number 8\n",
         "299: an unknown team"},
        {NULL, "299 +   2.0   2.5   1    z",
         "50:24: error: record 299: team number expected in columns 24-27, "
         "found 'z'\n",
         "299: a team that is no number"},
        {"352 ", "352 WBWBWBWBWBWBWBWBWBWBWBWBWBWBWBWB",
         "12:36: warning: record 352: colour 'W' or 'B' expected for each "
         "board (at most 31), found 'B'; the record is not used\n",
         "352: more than 31 boards"},
        {"362 ", "362 TW x",
         "13:5: warning: record 362: match points expected after 'TW'\n",
         "362: no number"},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_edit(swiss, cases[i].from, cases[i].to, reading, cases[i].want,
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
              "1-а, 2-а, ... дошка); у колонці — місце серед рівних (1 — "
              "найкраще)) = 0\n  not needed") != NULL,
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
    test_input(swiss, ua);
    test_input_errors(swiss);
    test_individual_299();
    test_explain(swiss);
    free(swiss);
    free(ua);
    return done_testing();
}
