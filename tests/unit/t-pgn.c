/* tests/unit/t-pgn: the PGN reader on games as DGT boards, ChessBase,
 * lichess, pgn-extract and pairing programs write them, on hostile
 * files, and the export-format writer.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "ingest/pgn.h"
#include "util/strbuf.h"

#include <stdio.h>
#include <sys/resource.h>
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
        "1. e4 {[%clk 0:03:00]} 1... e5 2. Nf3 $1 Nc6 {a comment to the end} "
        "3. Bc4 Bc5\n"
        "4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Nc3 Nxe4 8. O-O Bxc3 9. d5 $5 "
        "Bf6 10. Re1\n"
        "Ne7 11. Rxe4 d6 12. Bg5 Bxg5 13. Nxg5 h6 $6 14. Qe2 hxg5 $4 15. Re1 "
        "Be6\n"
        "16. dxe6 f6 17. Re3 c6 18. Rh3 Rxh3 19. gxh3 g6 20. Qf3 Qa5 21. Rd1 "
        "Qf5 22. Qb3\n"
        "O-O-O 23. Qa3 Qc5 24. Qb3 d5 25. Bf1 1-0\n"
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
    is_str(out.buf, want,
           "two games: tags, moves, the main line's comments and NAGs, "
           "results, export format");
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
    ok(has(out.buf, "[Event \"C\"]") &&
           strstr(out.buf, "1. c4 c5 2. Nc3 {x} *"),
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

/* The notes of g, a line a ply: "PLY: $NAG ... {COMMENT}". */
static void notes_text(const struct pgn_game *g, struct strbuf *out)
{
    size_t ply, k;

    strbuf_reset(out);
    for (ply = 0; ply <= g->nr_moves; ply++) {
        const char *c = pgn_game_comment(g, ply);
        const unsigned char *nags = pgn_game_nags(g, ply);
        if (!c && !*nags)
            continue;
        strbuf_addf(out, "%zu:", ply);
        for (k = 0; nags[k]; k++)
            strbuf_addf(out, " $%u", nags[k]);
        if (c)
            strbuf_addf(out, " {%s}", c);
        strbuf_addch(out, '\n');
    }
}

/* Read the first game of s (len bytes) into g, the findings into msgs;
   returns pgn_reader_next()'s answer. */
static int read_one(const char *s, size_t len, struct pgn_game *g)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct pgn_reader *r = pgn_reader_mem(s, len, "t.pgn", ENC_AUTO);
    int got = pgn_reader_next(r, g, &dl);

    take_msgs(&dl);
    pgn_reader_free(r);
    diag_list_release(&dl);
    return got;
}

/* 1 when no line of s is longer than 79 characters (UTF-8). */
static int lines_fit(const char *s)
{
    size_t n = 0;

    for (; *s; s++) {
        if (*s == '\n')
            n = 0;
        else if (((unsigned char)*s & 0xC0) != 0x80 && ++n > 79)
            return 0;
    }
    return 1;
}

/* The text of the comments and NAGs test: before the first move, after
   moves, ';', joined, in a variation, marks and $n, odd bytes. */
static const char noted[] =
    "[Event \"N\"]\n\n"
    "{Перед  партією\n  коментар} 1. e4! {добрий;  хід} {другий} ; кінець "
    "рядка } тут\n"
    "1... e5?? $14 2. Nf3!? (2. d4 {варіант} d5) {після\tваріанта\x01} "
    "Nc6?! 3. Bb5!! $1 $200 $0 $256 $1 a6 ! 4. Ba4 ?? $ d6 5. Bxc6+!? *\n";

static void test_comments(void)
{
    struct strbuf out = STRBUF_INIT, notes = STRBUF_INIT;
    struct pgn_game g;

    pgn_game_init(&g);
    is_int(read_one(noted, strlen(noted), &g), 1, "notes: the game read");
    is_str(msgs.buf, "", "notes: no finding");
    is_int(g.nr_moves, 9, "notes: 9 half-moves");
    notes_text(&g, &notes);
    is_str(notes.buf,
           "0: {Перед партією коментар}\n"
           "1: $1 {добрий; хід другий кінець рядка тут}\n"
           "2: $4 $14\n"
           "3: $5 {після варіанта}\n"
           "4: $6\n"
           "5: $3 $1 $200\n"
           "6: $1\n"
           "7: $4\n"
           "9: $5\n",
           "notes: comments before the first move and after moves ('{', ';' "
           "with its '}' left out, several joined, blanks one), the "
           "variation's left out; suffixes (a '+' before or after) and $n as "
           "NAGs ($0, "
           "$256, $ and a second $1 not)");
    is_str(pgn_game_comment(&g, 3), "після варіанта",
           "notes: pgn_game_comment");
    ok(pgn_game_comment(&g, 2) == NULL && pgn_game_comment(&g, 9) == NULL,
       "notes: no comment: NULL");
    ok(*pgn_game_nags(&g, 0) == 0 && *pgn_game_nags(&g, 8) == 0,
       "notes: no NAGs: \"\"");
    pgn_write(&g, &out);
    is_str(strstr(out.buf, "\n\n") + 2,
           "{Перед партією коментар} 1. e4 $1 {добрий; хід другий кінець "
           "рядка тут} 1... e5\n"
           "$4 $14 2. Nf3 $5 {після варіанта} 2... Nc6 $6 3. Bb5 $3 $1 $200 "
           "a6 $1 4. Ba4 $4\n"
           "d6 5. Bxc6+ $5 *\n\n",
           "notes written: NAGs as $n after their move, then {comments}; a "
           "black move after a comment numbered");
    ok(lines_fit(out.buf), "notes written: lines of 79 characters at most");

    /* The moves after an illegal one are left out, and their notes. */
    read_one("1. e4 {так} Ke3?? {ні} $1 2. d4 {теж ні} *", 40, &g);
    notes_text(&g, &notes);
    is_str(notes.buf, "1: {так}\n",
           "an illegal move: the notes after it left out");

    /* A comment to the end of the file. */
    is_int(read_one("[Event \"U\"]\n\n1. e4 e5 {не закритий\nі далі",
                    strlen("[Event \"U\"]\n\n1. e4 e5 {не закритий\nі далі"),
                    &g),
           1, "a '{' to the end of the file: the game read");
    is_str(msgs.buf,
           "t.pgn:3:10: error: a comment '{' without its '}'\n"
           "t.pgn:4:7: warning: the game that begins on line 1 has no result "
           "at the end of its moves\n",
           "a '{' to the end of the file: its error");
    notes_text(&g, &notes);
    is_str(notes.buf, "2: {не закритий і далі}\n",
           "a '{' to the end of the file: the comment kept, 2 moves");
    read_one("1. d4 ; без кінця рядка", strlen("1. d4 ; без кінця рядка"), &g);
    notes_text(&g, &notes);
    is_str(notes.buf, "1: {без кінця рядка}\n",
           "a ';' comment at the end of the file");
    pgn_game_release(&g);
    strbuf_release(&out);
    strbuf_release(&notes);
}

/* A comment of 10 MB, its characters two bytes each, is cut at 1 MB at a
   character, with one warning; the comments after it are left out. */
static void test_big_comment(void)
{
    struct strbuf s = STRBUF_INIT;
    struct pgn_game g;
    const char *c;
    size_t n;
    int i;

    strbuf_addstr(&s, "[Event \"Big\"]\n\n1. e4 {ab ");
    for (i = 0; i < 5 * 1024 * 1024; i++)
        strbuf_addstr(&s, "я");
    strbuf_addstr(&s, "} {more} e5 {also} *\n");
    pgn_game_init(&g);
    is_int(read_one(s.buf, s.len, &g), 1, "a comment of 10 MB: the game");
    is_int(g.nr_moves, 2, "a comment of 10 MB: the moves after it read");
    is_str(msgs.buf,
           "t.pgn:3:7: warning: the game's comments are longer than 1048576 "
           "bytes in all; the rest is left out\n",
           "a comment of 10 MB: one warning where it begins");
    c = pgn_game_comment(&g, 1);
    n = c ? strlen(c) : 0;
    ok(n == 1048575 && !strncmp(c, "ab яя", 7) && !strcmp(c + n - 2, "я"),
       "a comment of 10 MB: cut to 1 MB at a character (%zu bytes)", n);
    ok(utf8_valid(c, n, NULL), "a comment of 10 MB: cut, still UTF-8");
    ok(!pgn_game_comment(&g, 2), "a comment of 10 MB: no room for the next");
    pgn_game_release(&g);
    strbuf_release(&s);
}

/* The peak resident size in KB. */
static long peak_kb(void)
{
    struct rusage ru;

    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static int big_note(const struct pgn_game *g, void *ctx)
{
    const char *c = pgn_game_comment(g, 1);

    *(size_t *)ctx = c ? strlen(c) : 0;
    return 0;
}

/* A file of 10 MB that a '{' opens: read in bounded memory (first of
   the tests, before any other grows the peak). */
static void test_big_file(void)
{
    char path[] = "/tmp/t-pgn-XXXXXX", line[1024];
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf want = STRBUF_INIT;
    int fd = mkstemp(path), i;
    size_t n = 0;
    long before;
    FILE *fp;

    if (!ok(fd >= 0, "a temporary file"))
        return;
    fp = fdopen(fd, "wb");
    memset(line, 'x', sizeof(line) - 1);
    line[sizeof(line) - 1] = '\n';
    fputs("[Event \"Unclosed\"]\n\n1. e4 {", fp);
    for (i = 0; i < 10 * 1024; i++)
        fwrite(line, 1, sizeof(line), fp);
    fclose(fp);
    before = peak_kb();
    is_int(pgn_read_file(path, ENC_AUTO, big_note, &n, &dl), ERR_PARSE,
           "10 MB in an unclosed comment: an error");
    take_msgs(&dl);
    strbuf_addf(&want,
                "%s:3:7: error: a comment '{' without its '}'\n"
                "%s:3:7: warning: the game's comments are longer than 1048576 "
                "bytes in all; the rest is left out\n"
                "%s:10243:1: warning: the game that begins on line 1 has no "
                "result at the end of its moves\n",
                path, path, path);
    is_str(msgs.buf, want.buf,
           "10 MB in an unclosed comment: the comment's error and its "
           "warning");
    is_int(n, 1048575,
           "10 MB in an unclosed comment: 1 MB kept (the "
           "last line's end left out)");
    ok(peak_kb() - before < 8 * 1024,
       "10 MB in an unclosed comment: read in less than 8 MB more (%ld KB)",
       peak_kb() - before);
    unlink(path);
    diag_list_release(&dl);
    strbuf_release(&want);
}

/* Written and read back, the game is the same: its moves, its notes and
   the text written again. */
static void round_trip(const struct pgn_game *g, const char *what)
{
    struct strbuf out = STRBUF_INIT, again = STRBUF_INIT, a = STRBUF_INIT,
                  b = STRBUF_INIT;
    struct pgn_game back;
    size_t i;

    pgn_write(g, &out);
    pgn_game_init(&back);
    is_int(read_one(out.buf, out.len, &back), 1, "%s: read back", what);
    is_str(msgs.buf, "", "%s: read back, no finding", what);
    ok(back.nr_moves == g->nr_moves, "%s: the moves read back", what);
    for (i = 0; i < g->nr_moves && i < back.nr_moves; i++)
        if (memcmp(&back.moves[i], &g->moves[i], sizeof(g->moves[i])))
            break;
    ok(i == g->nr_moves, "%s: the same moves", what);
    notes_text(g, &a);
    notes_text(&back, &b);
    is_str(b.buf, a.buf, "%s: the same comments and NAGs", what);
    pgn_write(&back, &again);
    is_str(again.buf, out.buf, "%s: written again, the same text", what);
    ok(lines_fit(out.buf), "%s: lines of 79 characters at most", what);
    pgn_game_release(&back);
    strbuf_release(&out);
    strbuf_release(&again);
    strbuf_release(&a);
    strbuf_release(&b);
}

static void test_write_notes(void)
{
    struct strbuf s = STRBUF_INIT, out = STRBUF_INIT, notes = STRBUF_INIT;
    struct chess_move m;
    struct chess_pos p;
    struct pgn_game g;
    int i;

    pgn_game_init(&g);
    read_one(noted, strlen(noted), &g);
    round_trip(&g, "the notes' game");

    /* Made by a writer: comments normalised, in any order of plies. */
    pgn_game_reset(&g);
    chess_pos_start(&p);
    chess_san_parse(&p, "e4", 2, &m);
    pgn_game_add_move(&g, &m);
    chess_make(&p, &m);
    chess_san_parse(&p, "c5", 2, &m);
    pgn_game_add_move(&g, &m);
    pgn_game_add_comment(&g, 2, " Сицилійський\n\tзахист} ",
                         strlen(" Сицилійський\n\tзахист} "));
    pgn_game_add_comment(&g, 0, "a", 1);
    pgn_game_add_comment(&g, 2, "знову", strlen("знову"));
    pgn_game_add_comment(&g, 0, "b", 1);
    pgn_game_add_comment(&g, 1, " \n}\t", 4);
    pgn_game_add_nag(&g, 1, 1);
    pgn_game_add_nag(&g, 1, 1);
    pgn_game_add_nag(&g, 1, 0);
    pgn_game_add_nag(&g, 1, 256);
    pgn_game_add_nag(&g, 0, 5);
    for (i = 0; i < 9; i++)
        pgn_game_add_nag(&g, 2, 10 + (unsigned)i);
    notes_text(&g, &notes);
    is_str(notes.buf,
           "0: {a b}\n1: $1\n2: $10 $11 $12 $13 $14 $15 $16 {Сицилійський "
           "захист знову}\n",
           "written notes: blanks one, '}' out, joined in any order, an empty "
           "comment and NAGs 0, 256, a repeat, the eighth and on left out");
    round_trip(&g, "a writer's notes");

    /* Words that would begin a line as a tag or an escape, a word longer
       than a line. */
    for (i = 0; i < 12; i++)
        strbuf_addstr(&s, "[Event \"x\"] %escape ");
    pgn_game_add_comment(&g, 1, s.buf, s.len);
    round_trip(&g, "'[' and '%' in a comment");
    strbuf_reset(&out);
    pgn_write(&g, &out);
    ok(!has(out.buf, "\n[Event \"x") && !has(out.buf, "\n%") &&
           has(out.buf, "\n [Event \"x\"]") && has(out.buf, "\n %escape"),
       "'[' and '%%' in a comment: never at a line's start, a blank first");
    strbuf_reset(&s);
    strbuf_addchars(&s, 'a', 200);
    pgn_game_reset(&g);
    pgn_game_add_comment(&g, 0, s.buf, s.len);
    strbuf_reset(&out);
    pgn_write(&g, &out);
    ok(lines_fit(out.buf), "a word of 200 bytes: lines of 79 characters at most");
    read_one(out.buf, out.len, &g);
    strbuf_reset(&s);
    strbuf_addchars(&s, 'a', 77);
    strbuf_addch(&s, ' ');
    strbuf_addchars(&s, 'a', 78);
    strbuf_addch(&s, ' ');
    strbuf_addchars(&s, 'a', 45);
    is_str(pgn_game_comment(&g, 0), s.buf,
           "a word of 200 bytes: in pieces of a line each");
    strbuf_reset(&s);
    for (i = 0; i < 100; i++)
        strbuf_addstr(&s, "я");
    pgn_game_reset(&g);
    pgn_game_add_comment(&g, 0, s.buf, s.len);
    strbuf_reset(&out);
    pgn_write(&g, &out);
    ok(lines_fit(out.buf),
       "a word of 100 characters, 200 bytes: lines of 79 characters");
    read_one(out.buf, out.len, &g);
    strbuf_reset(&s);
    for (i = 0; i < 101; i++)
        strbuf_addstr(&s, i == 77 ? " " : "я");
    is_str(pgn_game_comment(&g, 0), s.buf,
           "a word of 100 characters: in pieces of 78 characters with "
           "the braces");
    pgn_game_release(&g);
    strbuf_release(&s);
    strbuf_release(&out);
    strbuf_release(&notes);
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
    ok(has(out.buf, "\n\n1. O-O-O {комментар} 1... Bxe2 2. Nxe2 $2 O-O "
                    "3. Kb1 b3 4. c3 bxa2+ 1/2-1/2\n"),
       "cp1251.pgn: the moves from the FEN, a comment in Windows-1251");
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
    test_big_file();
    test_basic();
    test_encodings();
    test_errors();
    test_not_pgn();
    test_hostile();
    test_comments();
    test_big_comment();
    test_write_notes();
    test_file();
    test_data_files();
    strbuf_release(&msgs);
    return done_testing();
}
