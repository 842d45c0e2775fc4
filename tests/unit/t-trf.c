/* tests/unit/t-trf: the TRF reader and writer on hand-made files.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "util/strbuf.h"
#include "util/utf8.h"

/* Append a 001 record; name padded to 33 characters (or bytes). */
static void player(struct strbuf *sb, int no, const char *name, int rating,
                   const char *pts, const char *rounds, int by_bytes)
{
    size_t n = by_bytes ? strlen(name) : utf8_len(name);
    char rt[8] = "";

    if (rating)
        snprintf(rt, sizeof(rt), "%d", rating);
    strbuf_addf(sb, "001 %4d m    %s", no, name);
    strbuf_addchars(sb, ' ', n < 33 ? 33 - n : 0);
    strbuf_addf(sb, " %4s UKR %11s %-10s %4s %4s%s\n", rt, "", "2013/05/01",
                pts, "", rounds);
}

static struct tournament *parse(const struct strbuf *sb, struct diag_list *dl)
{
    struct tournament *t = NULL;
    trf_parse(sb->buf, sb->len, "t.trf", NULL, &t, dl);
    return t;
}

/* The first finding of dl, formatted. */
static const char *first(struct diag_list *dl, struct strbuf *out)
{
    strbuf_reset(out);
    if (!dl->nr)
        return "(none)";
    diag_list_sort(dl);
    diag_format(&dl->items[0], out);
    return out->buf;
}

static void test_basic(void)
{
    struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t;
    const struct player *p;

    strbuf_addstr(&sb, "012 Чемпіонат України серед хлопчиків до 10 років\n"
                       "042 2023/06/01\nXXR 9\n");
    player(&sb, 1, "Мельник, Ярослав", 1510, "1.5",
           "     2 w 1     3 b =", 0);
    player(&sb, 2, "Ґудзь, Їржі", 0, "0.5", "     1 b 0  0000 - H", 0);
    player(&sb, 3, "Бойко, Євген", 1402, "1.5", "  0000 - U     1 w =", 0);
    t = parse(&sb, &dl);
    ok(t != NULL, "a small Cyrillic TRF is read");
    is_int(dl.nr, 0, "without findings: %s", first(&dl, &msg));
    is_int(t->n_players, 3, "three players");
    is_int(t->n_rounds, 2, "two rounds");
    is_int(t->planned_rounds, 9, "XXR gives the planned rounds");
    is_str(t->name, "Чемпіонат України серед хлопчиків до 10 років",
           "tournament name");
    p = tournament_player(t, 2);
    is_str(p->name, "Ґудзь, Їржі", "name cut by characters");
    is_int(p->rating, 0, "blank rating is 0");
    is_str(p->fed, "UKR", "federation after a Cyrillic name");
    is_int(entry_kind(&p->rounds[1]), EK_BYE_HALF, "H is a half-point bye");
    is_double(player_score(p, 2), 0.5, "score");
    p = tournament_player(t, 3);
    is_int(entry_kind(&p->rounds[0]), EK_BYE_PAIRING, "U is a pairing bye");
    ok(entry_is_played(&p->rounds[1]), "a draw is played");
    tournament_validate(t, &dl);
    is_int(dl.nr, 0, "consistent: %s", first(&dl, &msg));
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&sb);
    strbuf_release(&msg);
}

static void test_quirks(void)
{
    struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t;
    const struct player *p;

    /* BOM, CRLF, a ruler line, a lone CR, lichess' empty opponent field. */
    strbuf_addstr(&sb, "\xEF\xBB\xBF" "012 Quirks\r\n"
                       "123456789012345678901234567890\r\n"
                       "DDD SSSS sTTT NNNN\r\n");
    player(&sb, 1, "A", 0, "1.0", "     2 w 1       - U", 0);
    strbuf_setlen(&sb, sb.len - 1);
    strbuf_addstr(&sb, "\r");
    player(&sb, 2, "B", 0, "0.0", "     1 b 0", 0);
    t = parse(&sb, &dl);
    ok(t && t->n_players == 2, "BOM, CRLF, CR and ruler lines");
    is_int(dl.nr, 0, "no findings: %s", first(&dl, &msg));
    p = tournament_player(t, 1);
    is_int(p->rounds[1].opp, 0, "blank opponent is no opponent");
    is_int(entry_kind(&p->rounds[1]), EK_BYE_PAIRING, "U kept");
    tournament_validate(t, &dl);
    is_int(dl.nr_errors, 1, "points column mismatch found");
    is_str(first(&dl, &msg),
           "t.trf:4:81: error: player 1: points column says 1.0, the "
           "results add up to 2.0",
           "points mismatch message");
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_reset(&sb);

    /* Blank results valued from the points column (ICU files). */
    player(&sb, 1, "A", 0, "2.0", "     2 w 1  0000 -  ", 0);
    player(&sb, 2, "B", 0, "0.0", "     1 b 0  0000 -  ", 0);
    player(&sb, 3, "C", 0, "1.0", "  0000 -    0000 -  ", 0);
    t = parse(&sb, &dl);
    p = tournament_player(t, 1);
    ok(p->rounds[1].flags & ENTRY_INFERRED, "blank result inferred");
    is_double(p->rounds[1].points, 1.0, "worth the full point");
    is_int(entry_kind(&p->rounds[1]), EK_BYE_FULL, "as a full-point bye");
    is_double(tournament_player(t, 3)->rounds[0].points, 0.5,
              "two blanks worth 1.0 together are ½ each");
    is_int(dl.nr_warnings, 2, "each inference is a warning");
    is_str(first(&dl, &msg),
           "t.trf:1:81: warning: player 1: blank result in round 2 valued 1 "
           "from the points column",
           "inference message");
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&sb);
    strbuf_release(&msg);
}

/* Ratings and ranks: the quick way takes digits between spaces; a tab
   reads as a blank the slow way, and anything else is named. */
static void test_optional_numbers(void)
{
    struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t;
    size_t at;

    at = sb.len;
    player(&sb, 1, "A", 0, "0.0", "     2 w 0", 0);
    memcpy(sb.buf + at + 48, "\t150", 4); /* rating, columns 49-52 */
    at = sb.len;
    player(&sb, 2, "B", 1500, "1.0", "     1 b 1", 0);
    memcpy(sb.buf + at + 85, " \t 2", 4); /* rank, columns 86-89 */
    at = sb.len;
    player(&sb, 3, "C", 0, "0.0", "", 0);
    memcpy(sb.buf + at + 48, "x150", 4);
    memcpy(sb.buf + at + 85, "\t\t\t\t", 4);
    t = parse(&sb, &dl);
    if (!ok(t != NULL, "three players read")) {
        diag_list_release(&dl);
        strbuf_release(&sb);
        return;
    }
    is_int(tournament_player(t, 1)->rating, 150,
           "a tab before a rating reads as a blank");
    is_int(tournament_player(t, 2)->rating, 1500, "a rating the quick way");
    is_int(tournament_player(t, 2)->rank, 2, "a tab inside a rank's blanks");
    is_int(tournament_player(t, 3)->rating, 0, "a rating that is none is 0");
    is_int(tournament_player(t, 3)->rank, 0, "tabs alone are no rank");
    is_int(dl.nr, 1, "one finding");
    is_str(first(&dl, &msg),
           "t.trf:3:49: error: rating expected in columns 49-52, found 'x150'",
           "the rating that is none, named");
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&sb);
    strbuf_release(&msg);
}

static void test_encodings(void)
{
    struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t;

    /* A UTF-8 file aligned by bytes by a byte-counting program. */
    player(&sb, 1, "Їжак, Ілля", 0, "1.0", "     2 w 1", 1);
    player(&sb, 2, "Bond, Ann", 0, "0.0", "     1 b 0", 1);
    t = parse(&sb, &dl);
    is_str(tournament_player(t, 1)->name, "Їжак, Ілля",
           "byte-aligned line read");
    is_int(tournament_player(t, 1)->rounds[0].opp, 2, "and its rounds");
    is_str(first(&dl, &msg),
           "t.trf:1: warning: columns are aligned by bytes, not characters; "
           "read them as bytes",
           "with a warning");
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_reset(&sb);

    /* Windows-1251: "Ярослав" */
    player(&sb, 1, "\xDF\xF0\xEE\xF1\xEB\xE0\xE2", 0, "0.0", "", 1);
    t = parse(&sb, &dl);
    is_str(tournament_player(t, 1)->name, "Ярослав", "Windows-1251 decoded");
    is_str(t->encoding, "Windows-1251", "encoding recorded");
    is_str(tournament_player(t, 1)->fed, "UKR", "columns after it intact");
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&sb);
    strbuf_release(&msg);
}

/* A valid one-round line of player 1 with columns c.. replaced by text. */
static void patched(struct strbuf *sb, size_t c, const char *text)
{
    strbuf_reset(sb);
    player(sb, 1, "A", 0, "1.0", "     2 w 1", 0);
    player(sb, 2, "B", 0, "0.0", "     1 b 0", 0);
    memcpy(sb->buf + c - 1, text, strlen(text));
}

static void expect_error(const char *what, const char *input, size_t len,
                         const char *message)
{
    struct strbuf msg = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    enum err e = trf_parse(input, len, "t.trf", NULL, &t, &dl);

    ok(e == ERR_PARSE, "%s: refused", what);
    is_str(first(&dl, &msg), message, "%s: message", what);
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&msg);
}

static void test_errors(void)
{
    struct strbuf sb = STRBUF_INIT;

    expect_error("empty file", "", 0,
                 "t.trf: error: file is empty; a TRF file is expected");
    expect_error("binary", "012 x\n\001\000\002", 9,
                 "t.trf:2:2: error: binary data (a NUL byte); this is not a "
                 "TRF text file");
    expect_error("no players", "012 Only a header\n022 Kyiv\n", 26,
                 "t.trf: error: no player records (lines starting '001'); is "
                 "this a TRF file?");
    patched(&sb, 5, "  x1");
    expect_error("bad start number", sb.buf, sb.len,
                 "t.trf:1:5: error: start number expected in columns 5-8 (1 "
                 "to 9999), found 'x1'");
    patched(&sb, 49, "15OO");
    expect_error("bad rating", sb.buf, sb.len,
                 "t.trf:1:49: error: rating expected in columns 49-52, found "
                 "'15OO'");
    patched(&sb, 81, "1.0x");
    expect_error("bad points", sb.buf, sb.len,
                 "t.trf:1:81: error: points expected in columns 81-84, found "
                 "'1.0x'");
    patched(&sb, 92, "    2 w 1");
    expect_error("shifted round", sb.buf, sb.len,
                 "t.trf:1:96: error: round 1: blank expected between the "
                 "fields 'OOOO C R'; the line is misaligned");
    patched(&sb, 97, "x");
    expect_error("bad colour", sb.buf, sb.len,
                 "t.trf:1:97: error: round 1: colour 'w', 'b' or '-' expected "
                 "in column 97, found 'x'");
    patched(&sb, 99, "X");
    expect_error("bad result", sb.buf, sb.len,
                 "t.trf:1:99: error: round 1: result expected in column 99 (1 "
                 "= 0 + - W D L H F U Z), found 'X'");
    patched(&sb, 90, "7");
    expect_error("text in the gap", sb.buf, sb.len,
                 "t.trf:1:90: error: columns 90-91 must be blank; the line is "
                 "misaligned");
    strbuf_reset(&sb);
    player(&sb, 1, "A", 0, "1.0", "", 0);
    strbuf_addstr(&sb, "022 ");
    strbuf_addchars(&sb, 'x', TRF_MAX_LINE);
    strbuf_addch(&sb, '\n');
    expect_error("long line", sb.buf, sb.len,
                 "t.trf:2:65537: error: line too long (65540 bytes; at most "
                 "65536)");
    strbuf_release(&sb);
}

static void test_validate(void)
{
    struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t;

    player(&sb, 1, "A", 0, "1.0", "     2 w 1", 0);
    player(&sb, 2, "B", 0, "1.0", "     1 b 1", 0);
    player(&sb, 3, "C", 0, "0.0", "     2 w 0", 0);
    player(&sb, 3, "D", 0, "0.0", "     9 w 0", 0);
    t = parse(&sb, &dl);
    is_str(first(&dl, &msg),
           "t.trf:4:5: error: start number 3 used twice (first at line 3)",
           "duplicate start number");
    diag_list_release(&dl);
    tournament_validate(t, &dl);
    diag_list_sort(&dl);
    is_int(dl.nr_errors, 3, "three game errors");
    strbuf_reset(&msg);
    diag_format(&dl.items[0], &msg);
    is_str(msg.buf,
           "t.trf:1:99: error: round 1: both 1 and 2 are given the win ('1' "
           "and '1')",
           "both sides won");
    strbuf_reset(&msg);
    diag_format(&dl.items[1], &msg);
    is_str(msg.buf, "t.trf:3:92: error: round 1: player 2 is paired twice "
                    "(with 1 and 3)",
           "paired twice");
    strbuf_reset(&msg);
    diag_format(&dl.items[2], &msg);
    is_str(msg.buf,
           "t.trf:4:92: error: round 1: opponent 9 is not a player of the file",
           "unknown opponent");
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&sb);
    strbuf_release(&msg);
}

static void test_roundtrip(void)
{
    struct strbuf sb = STRBUF_INIT, out1 = STRBUF_INIT, out2 = STRBUF_INIT;
    struct strbuf d1 = STRBUF_INIT, d2 = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t, *u;

    strbuf_addstr(&sb, "012 Командний турнір\n042 01.06.2023\n");
    player(&sb, 1, "Мельник, Ярослав", 1510, "1.0", "     2 w 1", 0);
    player(&sb, 2, "Ґудзь, Їржі", 0, "0.0", "     1 b 0", 0);
    strbuf_addstr(&sb, "013 Львівська область                1    2\n"
                       "240 H   1    7\nFRA    1 m    Test\n");
    t = parse(&sb, &dl);
    is_int(t->n_teams, 1, "013 team read");
    is_int(tournament_player(t, 2)->team, 0, "members linked");
    trf_write(t, TRF_16, &out1);
    u = NULL;
    trf_parse(out1.buf, out1.len, "t2.trf", NULL, &u, &dl);
    tournament_dump(t, 0, &d1);
    tournament_dump(u, 0, &d2);
    is_str(d2.buf, d1.buf, "TRF-16 round trip keeps the model");
    tournament_free(u);
    trf_write(t, TRF_26, &out2);
    ok(strstr(out2.buf, "042 2023/06/01\n") != NULL, "TRF-26 date form");
    ok(strstr(out2.buf, "310   1 Львівська область") != NULL,
       "TRF-26 team record");
    u = NULL;
    trf_parse(out2.buf, out2.len, "t3.trf", NULL, &u, &dl);
    strbuf_reset(&d1);
    strbuf_reset(&d2);
    tournament_dump(t, DUMP_GAMES_ONLY, &d1);
    tournament_dump(u, DUMP_GAMES_ONLY, &d2);
    is_str(d2.buf, d1.buf, "TRF-26 output keeps players and games");
    is_int(u->n_teams, 1, "and the team");
    strbuf_reset(&out1);
    trf_write(u, TRF_26, &out1);
    is_str(out1.buf, out2.buf, "writing TRF-26 again gives the same bytes");
    tournament_free(u);
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&sb);
    strbuf_release(&out1);
    strbuf_release(&out2);
    strbuf_release(&d1);
    strbuf_release(&d2);
}

/* Record 092 read into the system hint. */
static void test_system(void)
{
    static const struct {
        const char *type; /* NULL: no 092 record */
        enum trf_system want;
    } cases[] = {
        {NULL, TRF_SYSTEM_UNKNOWN},
        {"Round robin", TRF_SYSTEM_ROUND_ROBIN},
        {"Individual: round-robin", TRF_SYSTEM_ROUND_ROBIN},
        {"Individual: Swiss-System", TRF_SYSTEM_SWISS},
        {"Double RR", TRF_SYSTEM_ROUND_ROBIN},
        {"Berger tables", TRF_SYSTEM_ROUND_ROBIN},
        {"Колова система", TRF_SYSTEM_ROUND_ROBIN},
        {"КРУГОВА", TRF_SYSTEM_ROUND_ROBIN},
        {"швейцарська система", TRF_SYSTEM_SWISS},
        {"Swiss, not a round robin", TRF_SYSTEM_SWISS},
        {"Knock-out", TRF_SYSTEM_UNKNOWN},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct strbuf sb = STRBUF_INIT;
        struct diag_list dl = DIAG_LIST_INIT;
        struct tournament *t;

        if (cases[i].type)
            strbuf_addf(&sb, "092 %s\n", cases[i].type);
        player(&sb, 1, "Мельник, Ярослав", 1510, "1.0", "     2 w 1", 0);
        player(&sb, 2, "Бойко, Євген", 1402, "0.0", "     1 b 0", 0);
        t = parse(&sb, &dl);
        is_int(t ? (int)t->system_hint : -1, (int)cases[i].want,
               "092 '%s': system %d", cases[i].type ? cases[i].type : "",
               (int)cases[i].want);
        tournament_free(t);
        diag_list_release(&dl);
        strbuf_release(&sb);
    }
}

int main(void)
{
    test_basic();
    test_quirks();
    test_optional_numbers();
    test_encodings();
    test_errors();
    test_validate();
    test_roundtrip();
    test_system();
    return done_testing();
}
