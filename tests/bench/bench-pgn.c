/* tests/bench/bench-pgn: the PGN benchmark's two halves (make bench).
 * usage: bench-pgn gen GAMES FILE   write GAMES legal random games
 *        bench-pgn read FILE        read and check every game of FILE
 * The generator picks each move at random among the legal ones (core/chess
 * only picks; the reader checks them as it checks any file), with a
 * lichess-like share of clock comments and NAGs, and CRLF in a tenth of
 * the games.  read prints "GAMES games, PLIES plies, ERRORS errors" and
 * fails when a game has an error.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chess.h"
#include "ingest/pgn.h"
#include "util/diag.h"
#include "util/strbuf.h"

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;

/* A xorshift64* random number below n. */
static unsigned rnd(unsigned n)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (unsigned)((rng * 2685821657736338717ULL) >> 33) % n;
}

static const char *const surnames[] = {
    "Іванчук", "Пономарьов", "Ельянов",  "Кузьмін", "Музичук",
    "Ушеніна", "Жукова",     "Ярошенко", "Smith",   "Müller"};

static void gen_game(FILE *fp, unsigned i, struct strbuf *sb)
{
    struct chess_move moves[CHESS_MAX_MOVES], m;
    struct chess_pos p;
    const char *eol = i % 10 == 3 ? "\r\n" : "\n", *result;
    unsigned plies = 20 + rnd(121), k;
    size_t line_start;
    int n = 0;

    strbuf_reset(sb);
    chess_pos_start(&p);
    line_start = 0;
    for (k = 0; k < plies; k++) {
        n = chess_legal_moves(&p, moves);
        if (!n)
            break;
        if (sb->len - line_start > 70) {
            strbuf_addstr(sb, eol);
            line_start = sb->len;
        } else if (sb->len) {
            strbuf_addch(sb, ' ');
        }
        if (p.side == CHESS_WHITE)
            strbuf_addf(sb, "%u. ", p.fullmove);
        m = moves[rnd((unsigned)n)];
        chess_san_write(&p, &m, sb);
        chess_make(&p, &m);
        if (i % 4 == 0)
            strbuf_addf(sb, " { [%%clk 0:%02u:%02u] }", rnd(60), rnd(60));
        else if (rnd(40) == 0)
            strbuf_addf(sb, " $%u", 1 + rnd(6));
    }
    n = chess_legal_moves(&p, moves);
    if (!n && chess_in_check(&p))
        result = p.side == CHESS_WHITE ? "0-1" : "1-0";
    else if (!n)
        result = "1/2-1/2";
    else
        result = rnd(3) == 0 ? "1-0" : rnd(2) ? "0-1" : "1/2-1/2";
    fprintf(fp, "[Event \"Чемпіонат України\"]%s[Site \"Київ\"]%s", eol, eol);
    fprintf(fp, "[Date \"2004.05.%02u\"]%s[Round \"%u.%u\"]%s", 1 + i % 28, eol,
            1 + i % 11, 1 + i % 40, eol);
    fprintf(fp, "[White \"%s, A%u\"]%s[Black \"%s, B%u\"]%s", surnames[i % 10],
            i, eol, surnames[(i / 10) % 10], i + 1, eol);
    fprintf(fp, "[Result \"%s\"]%s[WhiteElo \"%u\"]%s[BlackElo \"%u\"]%s%s",
            result, eol, 2000 + rnd(700), eol, 2000 + rnd(700), eol, eol);
    fprintf(fp, "%s %s%s%s", sb->buf, result, eol, eol);
}

static int gen(unsigned games, const char *path)
{
    struct strbuf sb = STRBUF_INIT;
    FILE *fp = fopen(path, "wb");
    unsigned i;

    if (!fp) {
        perror(path);
        return 1;
    }
    for (i = 0; i < games; i++)
        gen_game(fp, i, &sb);
    strbuf_release(&sb);
    if (fclose(fp)) {
        perror(path);
        return 1;
    }
    return 0;
}

static int count(const struct pgn_game *g, void *ctx)
{
    unsigned long long *n = ctx;

    n[0]++;
    n[1] += g->nr_moves;
    return 0;
}

static int read_file(const char *path)
{
    struct diag_list dl = DIAG_LIST_INIT;
    unsigned long long n[2] = {0, 0};
    struct strbuf sb = STRBUF_INIT;
    enum err e;

    dl.errors_only = 1;
    e = pgn_read_file(path, ENC_AUTO, count, n, &dl);
    if (dl.nr) {
        diag_format(&dl.items[0], &sb);
        fprintf(stderr, "%s\n", sb.buf);
    }
    printf("%llu games, %llu plies, %zu errors\n", n[0], n[1], dl.nr_errors);
    strbuf_release(&sb);
    diag_list_release(&dl);
    return e != ERR_OK;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "gen"))
        return gen((unsigned)strtoul(argv[2], NULL, 10), argv[3]);
    if (argc == 3 && !strcmp(argv[1], "read"))
        return read_file(argv[2]);
    fprintf(stderr, "usage: bench-pgn gen GAMES FILE | bench-pgn read FILE\n");
    return 2;
}
