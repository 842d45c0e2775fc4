/* tests/unit/t-pgn: the PGN reader on games as DGT boards, ChessBase,
 * lichess, pgn-extract and pairing programs write them, on hostile
 * files, and the export-format writer.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "ingest/pgn.h"
#include "util/strbuf.h"

#include <stdio.h>
#include <unistd.h>

static struct strbuf msgs = STRBUF_INIT;

static int has(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

/* The findings of dl, one per line, into msgs. */
static void take_msgs(struct diag_list *dl)
{
    size_t i;

    strbuf_reset(&msgs);
    for (i = 0; i < dl->nr; i++) {
        diag_format(&dl->items[i], &msgs);
        strbuf_addch(&msgs, '\n');
    }
}

/*
 * Read the games of s (len bytes): each one's export form into out (after
 * a line "## N moves, result R, E errors"), the findings into msgs;
 * returns the last pgn_reader_next().
 */
static int read_all(const char *s, size_t len, struct strbuf *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct pgn_reader *r = pgn_reader_mem(s, len, "t.pgn", ENC_AUTO);
    struct pgn_game g;
    int got;

    pgn_game_init(&g);
    strbuf_reset(out);
    while ((got = pgn_reader_next(r, &g, &dl)) > 0) {
        strbuf_addf(out, "## %zu moves, result %s, %u errors\n", g.nr_moves,
                    g.result[0] ? g.result : "none", g.errors);
        pgn_write(&g, out);
    }
    take_msgs(&dl);
    pgn_game_release(&g);
    pgn_reader_free(r);
    diag_list_release(&dl);
    return got;
}

/* The tags of test_basic's first game, in the order export writes them. */
#define TAGS                                                                   \
    "[Event \"Чемпіонат України\"]\n"                          \
    "[Site \"Lviv\"]\n"                                                        \
    "[Date \"2023.06.01\"]\n"                                                  \
    "[Round \"1.2\"]\n"                                                        \
    "[White \"Іванчук, Василь\"]\n"                               \
    "[Black \"O'Brien \\\"Q\\\" \\\\ b\"]\n"                                   \
    "[Result \"1-0\"]\n"                                                       \
    "[WhiteElo \"2700\"]\n"                                                    \
    "[ECO \"C50\"]\n"

static void test_basic(void)
{
    const char *s = TAGS
        "\n"
        "% an escaped line: 1. Zz9\n"
        "1.e4 {[%clk 0:03:00]} 1...e5 2.Nf3 $1 Nc6 ; a comment to the end\n"
        "3. Bc4 (3. Bb5 a6 (3... Nf6 4. O-O) {in (a) variation} 4. Ba4) "
        "3... Bc5 4.c3 Nf6 5.d4 exd4 6.cxd4 Bb4+ 7.Nc3 Nxe4 8.O-O Bxc3\n"
        "9.d5!? Bf6 10.Re1 Ne7 11.Rxe4 d6 12.Bg5 Bxg5 13.Nxg5 h6?! 14.Qe2 "
        "hxg5?? 15.Re1 Be6 16.dxe6 f6 17.Re3 c6 18.Rh3 Rxh3 19.gxh3 g6 "
        "20.Qf3 Qa5 21.Rd1 Qf5 22.Qb3 0-0-0 23.Qa3 Qc5 24.Qb3 d5 25.Bf1 "
        "1-0\n"
        "\n"
        "[Event \"Second\"]\n"
        "[White \"A\"]\n"
        "[Black \"B\"]\n"
        "[Result \"1/2-1/2\"]\n"
        "\n"
        "1. d4 d5 2. c4 c6 1/2-1/2\n";
    const char *want =
        "## 49 moves, result 1-0, 0 errors\n" TAGS "\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ "
        "7. Nc3 Nxe4\n"
        "8. O-O Bxc3 9. d5 Bf6 10. Re1 Ne7 11. Rxe4 d6 12. Bg5 Bxg5 "
        "13. Nxg5 h6 14. Qe2\n"
        "hxg5 15. Re1 Be6 16. dxe6 f6 17. Re3 c6 18. Rh3 Rxh3 19. gxh3 g6 "
        "20. Qf3 Qa5\n"
        "21. Rd1 Qf5 22. Qb3 O-O-O 23. Qa3 Qc5 24. Qb3 d5 25. Bf1 1-0\n"
        "\n"
        "## 4 moves, result 1/2-1/2, 0 errors\n"
        "[Event \"Second\"]\n"
        "[Site \"?\"]\n"
        "[Date \"????.??.??\"]\n"
        "[Round \"?\"]\n"
        "[White \"A\"]\n"
        "[Black \"B\"]\n"
        "[Result \"1/2-1/2\"]\n"
        "\n"
        "1. d4 d5 2. c4 c6 1/2-1/2\n"
        "\n";
    struct strbuf out = STRBUF_INIT;
    int got = read_all(s, strlen(s), &out);

    is_int(got, 0, "two games: read to the end");
    is_str(out.buf, want, "two games: tags, moves, results, export format");
    is_str(msgs.buf, "", "two games: no findings");
    strbuf_release(&out);
}

static void test_encodings(void)
{
    /* "Іванчук" in Windows-1251, "Müller" in Latin-1; CRLF, a BOM. */
    const char cp1251[] = "[White \"\xB2\xE2\xE0\xED\xF7\xF3\xEA\"]\r\n"
                          "[Black \"\xCF\xEE\xED\xEE\xEC\xE0\xF0\xFC\xEE\xE2\"]"
                          "\r\n\r\n1. e4 e5 *\r\n";
    const char latin1[] = "[White \"M\xFCller\"]\n\n1. e4 *\n";
    const char bom[] = "\xEF\xBB\xBF[White \"Ярошенко\"]\r\n\r\n1.e4 *\r\n"
                       "\xEF\xBB\xBF[White \"B\"]\r\n\r\n1.d4 xx *\r\n";
    struct strbuf out = STRBUF_INIT;

    read_all(cp1251, sizeof(cp1251) - 1, &out);
    ok(has(out.buf, "[White \"Іванчук\"]"), "Windows-1251 name read");
    ok(has(out.buf, "[Black \"Пономарьов\"]"), "Windows-1251 name with ь read");
    read_all(latin1, sizeof(latin1) - 1, &out);
    ok(has(out.buf, "[White \"Müller\"]"), "Latin-1 name read");
    read_all(bom, sizeof(bom) - 1, &out);
    ok(has(out.buf, "[White \"Ярошенко\"]"), "UTF-8 with a BOM");
    is_str(msgs.buf,
           "t.pgn:6:6: error: 'xx' is not a move (position "
           "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1)\n",
           "CRLF: line and column of a bad move after a second BOM");
    strbuf_release(&out);
}

static void test_errors(void)
{
    const char *s =
        "[Event \"E\"]\n"
        "[Result \"0-1\"]\n"
        "\n"
        "1. e4 e5 2. Nf3 Nf6 3. Ke3 Nc6 4. Bb5 0-1\n"
        "\n"
        "[Event \"F\"]\n"
        "\n"
        "1. Nf3 d5 2. Nc3 d4 3. Nd5 c6 4. Nb4 e5 5. Nd3 f6 6. Nb4 g6\n"
        "7. Nd3 h6 8. e3 Bb4 9. Nfe5 Nd2 *\n"
        "\n"
        "[Event \"G\"]\n"
        "[SetUp \"1\"]\n"
        "[FEN \"4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1\"]\n"
        "\n"
        "1. Ne2 Kd7 2. Nec3 Ke6 3. Ne4 Kd7 4. Nd2 *\n"
        "[Event \"H\"]\n"
        "[FEN \"4k3/8/8/8/8/8/8/1N2K1N w - - 0 1\"]\n"
        "\n"
        "1. Nd2 *\n"
        "[Event \"I\"]\n"
        "[Result \"1-0\"]\n"
        "1. e4 e5 0-1\n"
        "1. f3 e5 2. g4 Qh4# 1-0\n"
        "[FEN \"6k1/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n"
        "1... Kh8 2. Kh6 0-1\n";
    const char *want =
        "t.pgn:4:24: error: illegal move 'Ke3' (position "
        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3)\n"
        "t.pgn:9:29: error: illegal move 'Nd2' (position "
        "rnbqk1nr/pp6/2p2ppp/4N3/1b1p4/3NP3/PPPP1PPP/R1BQKB1R b KQkq - 0 9)\n"
        "t.pgn:15:38: error: ambiguous move 'Nd2' (position "
        "8/3k4/8/8/4N3/8/8/1N2K3 w - - 6 4)\n"
        "t.pgn:17: error: the FEN tag '4k3/8/8/8/8/8/8/1N2K1N w - - 0 1' is "
        "not a position: the FEN's board is not eight ranks of eight "
        "squares\n"
        "t.pgn:22:10: warning: the game ends in '0-1' but its Result tag "
        "says '1-0'\n"
        "t.pgn:23:21: warning: the game ends in checkmate, a win of 0-1, "
        "but its result is '1-0'\n"
        "t.pgn:25:17: warning: the game ends in stalemate, a draw, but its "
        "result is '0-1'\n";
    struct strbuf out = STRBUF_INIT;

    read_all(s, strlen(s), &out);
    is_str(msgs.buf, want, "illegal and ambiguous moves, a bad FEN");
    ok(has(out.buf, "## 4 moves, result 0-1, 1 errors\n[Event \"E\"]"),
       "the game with an illegal move keeps the moves before it");
    ok(has(out.buf, "## 6 moves, result *, 1 errors\n[Event \"G\"]"),
       "the set-up game keeps its moves");
    ok(has(out.buf, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/1N2K1N1 w - - "
                    "0 1\"]\n\n1. Ne2 Kd7 2. Nec3 Ke6 3. Ne4 Kd7 *"),
       "the set-up game written from its FEN");
    ok(has(out.buf, "## 2 moves, result 0-1, 0 errors\n[Event \"I\"]"),
       "the last game is read");
    strbuf_release(&out);
}

static void test_not_pgn(void)
{
    static const char bin[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    struct strbuf out = STRBUF_INIT;
    const char *html = "<!DOCTYPE html>\n<html><body>1. e4</body></html>\n";
    const char *text = "Dear arbiter,\nhere are the games.\n";

    is_int(read_all(bin, sizeof(bin) - 1, &out), -1, "binary: stops");
    is_str(msgs.buf,
           "t.pgn:3:1: error: binary data (a NUL byte); this is not a PGN "
           "file\n",
           "binary: one error");
    is_int(read_all("\x01\x02junk", 6, &out), -1, "control bytes: stop");
    is_str(msgs.buf,
           "t.pgn:1:1: error: this is not a PGN file: it begins with "
           "neither a tag nor a move\n",
           "control bytes: one error");
    is_int(read_all(bin + 8, sizeof(bin) - 9, &out), -1, "NUL: stops");
    is_str(msgs.buf,
           "t.pgn:1:1: error: binary data (a NUL byte); this is not a PGN "
           "file\n",
           "NUL: one error");
    is_int(read_all(html, strlen(html), &out), -1, "HTML: stops");
    is_str(msgs.buf,
           "t.pgn:1:1: error: this is not a PGN file: it begins with '<' "
           "(HTML or XML?)\n",
           "HTML: one error");
    is_int(read_all(text, strlen(text), &out), -1, "a letter: stops");
    is_str(msgs.buf,
           "t.pgn:1:1: error: this is not a PGN file: it begins with "
           "'Dear', not a tag or a move\n",
           "a letter: one error");
    is_int(read_all("", 0, &out), 0, "an empty file: no game");
    strbuf_release(&out);
}

static void test_hostile(void)
{
    struct strbuf s = STRBUF_INIT, out = STRBUF_INIT;
    int i;

    /* A game of 10,000 moves (knights to and fro). */
    strbuf_addstr(&s, "[Event \"Long\"]\n\n");
    for (i = 0; i < 10000; i++)
        strbuf_addf(&s, "%d. %s %s ", i + 1, i % 2 ? "Ng1" : "Nf3",
                    i % 2 ? "Ng8" : "Nf6");
    strbuf_addstr(&s, "1/2-1/2\n");
    read_all(s.buf, s.len, &out);
    ok(has(out.buf, "## 20000 moves, result 1/2-1/2, 0 errors\n"),
       "a game of 10,000 moves");
    is_str(msgs.buf, "", "a game of 10,000 moves: no finding");

    /* A comment of 10 MB. */
    strbuf_reset(&s);
    strbuf_addstr(&s, "[Event \"Big\"]\n\n1. e4 {");
    strbuf_addchars(&s, 'x', 10 * 1024 * 1024);
    strbuf_addstr(&s, "} e5 *\n");
    read_all(s.buf, s.len, &out);
    ok(has(out.buf, "## 2 moves, result *, 0 errors\n"), "a comment of 10 MB");

    /* Unbalanced braces and parentheses. */
    strbuf_reset(&s);
    strbuf_addstr(&s, "[Event \"A\"]\n\n1. e4 { never closed e5 *\n\n"
                      "[Event \"B\"]\n\n1. d4 (1. e4 e5 d5 *\n\n"
                      "[Event \"C\"]\n\n1. c4 ) c5 } 2. Nc3 {x} *\n"
                      "[Event \"D\"]\n\n1. e4 {unclosed");
    read_all(s.buf, s.len, &out);
    is_str(msgs.buf,
           "t.pgn:3:7: error: a comment '{' without its '}'\n"
           "t.pgn:5:1: warning: the game that begins on line 1 has no "
           "result at the end of its moves\n"
           "t.pgn:7:7: error: a variation '(' without its ')'\n"
           "t.pgn:9:1: warning: the game that begins on line 5 has no "
           "result at the end of its moves\n"
           "t.pgn:11:7: error: ')' without its '('\n"
           "t.pgn:11:12: error: unexpected character '}'\n"
           "t.pgn:14:7: error: a comment '{' without its '}'\n"
           "t.pgn:14:16: warning: the game that begins on line 12 has no "
           "result at the end of its moves\n",
           "unbalanced braces and parentheses");
    ok(has(out.buf, "[Event \"C\"]") && strstr(out.buf, "1. c4 c5 2. Nc3 *"),
       "the game after them is read");

    /* Odd tags. */
    strbuf_reset(&s);
    strbuf_addstr(&s, "[Event \"a \\\\\" b\"]\n[Site Lviv]\n[ \"x\"]\n"
                      "[Round \"3\n[Date \"2023.01.01\"] junk\n"
                      "[Annotator \"\\\"]\n\n*\n");
    read_all(s.buf, s.len, &out);
    is_str(msgs.buf,
           "t.pgn:1:15: error: tag 'Event' does not end with ']'\n"
           "t.pgn:2:7: warning: the value of tag 'Site' is not in quotes\n"
           "t.pgn:3:1: error: a tag without a name\n"
           "t.pgn:4:8: error: the value of tag 'Round' has no closing '\"'\n"
           "t.pgn:6:12: error: the value of tag 'Annotator' has no closing "
           "'\"'\n",
           "odd tags");
    ok(has(out.buf, "[Event \"a \\\\\"]\n[Site \"Lviv\"]\n"
                    "[Date \"2023.01.01\"]\n[Round \"3\"]\n"),
       "odd tags: their values");
    strbuf_release(&s);
    strbuf_release(&out);
}

/* Count the games of a file and their moves. */
static int count(const struct pgn_game *g, void *ctx)
{
    size_t *n = ctx;

    n[0]++;
    n[1] += g->nr_moves;
    return 0;
}

static void test_file(void)
{
    char path[] = "/tmp/t-pgn-XXXXXX";
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf s = STRBUF_INIT;
    size_t n[2] = {0, 0};
    int fd = mkstemp(path), i;
    FILE *fp;

    if (!ok(fd >= 0, "a temporary file")) {
        strbuf_release(&s);
        return;
    }
    fp = fdopen(fd, "wb");
    /* Many chunks' worth, so that tokens straddle the chunks' ends. */
    for (i = 0; i < 3000; i++)
        fprintf(fp,
                "[Event \"Game %d\"]\r\n[White \"W\"]\r\n\r\n1.e4 e5 2.Nf3 "
                "{%*s} Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 "
                "d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 1/2-1/2\r\n\r\n",
                i, i % 97, "");
    fclose(fp);
    is_int(pgn_read_file(path, ENC_AUTO, count, n, &dl), ERR_OK,
           "a file of 3,000 games reads");
    is_int(n[0], 3000, "3,000 games");
    is_int(n[1], 3000 * 20, "60,000 moves");
    is_int(dl.nr, 0, "no findings");
    unlink(path);
    is_int(pgn_read_file(path, ENC_AUTO, count, n, &dl), ERR_NOINPUT,
           "a missing file");
    take_msgs(&dl);
    ok(has(msgs.buf, "error: "), "a missing file: an error");
    diag_list_release(&dl);
    strbuf_release(&s);
}

/* The first game of a file of tests/data/pgn: its export form. */
static int first(const struct pgn_game *g, void *ctx)
{
    struct strbuf *out = ctx;

    if (!out->len)
        pgn_write(g, out);
    return 0;
}

static void test_data_files(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT;

    is_int(
        pgn_read_file("tests/data/pgn/cp1251.pgn", ENC_AUTO, first, &out, &dl),
        ERR_OK, "cp1251.pgn reads");
    ok(has(out.buf, "[White \"Ярошенко, Іван\"]\n[Black \"Пономарьов, "
                    "Руслан\"]"),
       "cp1251.pgn: the names");
    ok(has(out.buf, "\n\n1. O-O-O Bxe2 2. Nxe2 O-O 3. Kb1 b3 4. c3 "
                    "bxa2+ 1/2-1/2\n"),
       "cp1251.pgn: the moves from the FEN");
    strbuf_reset(&out);
    is_int(
        pgn_read_file("tests/data/pgn/hostile.pgn", ENC_AUTO, first, &out, &dl),
        ERR_PARSE, "hostile.pgn: an error");
    take_msgs(&dl);
    is_str(msgs.buf,
           "tests/data/pgn/hostile.pgn:3:7: warning: the value of tag 'Site' "
           "is not in quotes\n"
           "tests/data/pgn/hostile.pgn:14:13: error: illegal move 'Ke3' "
           "(position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq "
           "e6 0 2)\n",
           "hostile.pgn: the findings");
    ok(has(out.buf, "[Event \"Odd \\\"quoted\\\" \\\\ event\"]\n"
                    "[Site \"Lviv\"]\n"),
       "hostile.pgn: the tags");
    ok(has(out.buf, "19. Bh6 Bxh6 20. Qxh6 *\n"), "hostile.pgn: the moves");
    diag_list_release(&dl);
    strbuf_release(&out);
}

int main(void)
{
    test_basic();
    test_encodings();
    test_errors();
    test_not_pgn();
    test_hostile();
    test_file();
    test_data_files();
    strbuf_release(&msgs);
    return done_testing();
}
