#!/bin/sh
# tests/bench/bench-pgn.sh: reading and checking a PGN of GAMES (100,000)
# legal random games, about 8 million half-moves, against pgn-extract
# checking the same file in the same run (make bench).
# usage: bench-pgn.sh BENCH-PGN OUTDIR TIMEIT [GAMES]
# SPDX-License-Identifier: MIT
#
# bench-pgn gen writes the file once (kept in OUTDIR); the times are the
# median of RUNS runs of the whole process: 'bench-pgn read' (ingest/pgn
# with every move checked by core/chess) and 'pgn-extract -r -s' (report
# errors, extract nothing).  The target: at least as fast as pgn-extract,
# in bounded memory (the maximum resident size is printed beside the
# file's size).  BENCH_STRICT=1 makes a slower run an error.
set -e
bench=$1
dir=$2
timeit=$3
games=${4:-100000}
RUNS=${BENCH_RUNS:-3}
mkdir -p "$dir"
pgn=$dir/games-$games.pgn
[ -s "$pgn" ] || "$bench" gen "$games" "$pgn"
"$bench" read "$pgn" >"$dir/pgn-read.out"
ours=$("$timeit" "$RUNS" "$bench" read "$pgn")
rss=$( (/usr/bin/time -f %M "$bench" read "$pgn" 2>&1 >/dev/null |
    tail -n 1) 2>/dev/null || echo '?')
size=$(($(wc -c <"$pgn") / 1048576))
extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null ||
    true)
if [ -z "$extract" ]; then
    echo "pgn: $(cat "$dir/pgn-read.out") in $ours ms, $rss KB at most" \
        "($size MB file); pgn-extract is not installed (make deps)"
    exit 0
fi
theirs=$("$timeit" "$RUNS" "$extract" -r -s "$pgn")
ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
verdict=$(awk -v a="$ours" -v b="$theirs" \
    'BEGIN { print a <= b ? "within" : "OVER" }')
echo "pgn: $(cat "$dir/pgn-read.out") ($size MB): $ours ms," \
    "pgn-extract $theirs ms, $ratio x pgn-extract (target 1.0: $verdict)," \
    "$rss KB at most"
if [ "$verdict" = OVER ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
    echo "pgn: slower than pgn-extract" >&2
    exit 1
fi
