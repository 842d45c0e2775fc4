#!/bin/sh
# sekretar check FILE.pgn: every game read, every move checked; an
# illegal move reported with its position, the file's other games still
# read; a file that is not PGN refused with one error.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
pgn=$DATA/pgn

expect_success "a Windows-1251 PGN with a FEN" sekretar check \
    "$pgn/cp1251.pgn"
expect_stdout "a Windows-1251 PGN: summary" \
"$pgn/cp1251.pgn: 1 game, 8 half-moves, 0 errors, 0 warnings"

cp "$pgn/hostile.pgn" hostile.pgn
expect_failure 65 "an illegal move" sekretar check hostile.pgn
expect_stdout "an illegal move: where, the move and the position" \
"hostile.pgn:3:7: warning: the value of tag 'Site' is not in quotes
hostile.pgn:14:13: error: illegal move 'Ke3' (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2)
hostile.pgn: 2 games, 41 half-moves, 1 error, 1 warning"
expect_failure 65 "an illegal move, quietly" sekretar check -q hostile.pgn
expect_stdout "quietly: the error alone" \
"hostile.pgn:14:13: error: illegal move 'Ke3' (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2)"

printf '<!DOCTYPE html>\n<html><body>1. e4</body></html>\n' >page.pgn
expect_failure 65 "HTML named .pgn" sekretar check -q page.pgn
expect_stdout "HTML: one error" \
"page.pgn:1:1: error: this is not a PGN file: it begins with '<' (HTML or XML?)"

expect_failure 66 "a missing PGN" sekretar check -q missing.pgn
expect_stdout "a missing PGN: message" "missing.pgn: error: does not exist"

done_testing
