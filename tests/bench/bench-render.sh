#!/bin/sh
# tests/bench/bench-render.sh: how long the documents of a big section take.
# SPDX-License-Identifier: MIT
#
# Generates a 1,000-player, 11-round Swiss section (gen-section.pl, the same
# file every time), renders its ranking list and cross table RUNS times and
# prints the fastest and the median run.  The target is 80 ms for both
# documents together; BENCH_STRICT=1 makes a slower median an error.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
SEKRETAR=${SEKRETAR:-$top/sekretar}
export SEKRETAR_DATADIR=${SEKRETAR_DATADIR:-$top}
export SEKRETAR_TEST_DATE=2024-08-15
PLAYERS=${PLAYERS:-1000}
ROUNDS=${ROUNDS:-11}
RUNS=${RUNS:-7}
TARGET_MS=80

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sekretar-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
perl "$here/gen-section.pl" --players "$PLAYERS" --rounds "$ROUNDS" \
    --seed 1 >"$tmp/section.trf"

now_ms() { echo $(($(date +%s%N) / 1000000)); }

if [ -n "${TIMEIT:-}" ]; then
    # the median from fork to exit, as bench.sh measures
    median=$("$TIMEIT" "$RUNS" "$SEKRETAR" render --only ranking,crosstable \
        -o "$tmp/out" "$tmp/section.trf")
    best=
else
    i=0
    : >"$tmp/times"
    while [ $i -lt "$RUNS" ]; do
        t0=$(now_ms)
        "$SEKRETAR" render --only ranking,crosstable -o "$tmp/out" \
            "$tmp/section.trf" >/dev/null
        t1=$(now_ms)
        echo $((t1 - t0)) >>"$tmp/times"
        i=$((i + 1))
    done
    sort -n "$tmp/times" >"$tmp/sorted"
    best=$(head -n 1 "$tmp/sorted")
    median=$(sed -n "$(((RUNS + 1) / 2))p" "$tmp/sorted")
fi
for d in ranking crosstable; do
    t0=$(now_ms)
    "$SEKRETAR" render --only $d -o "$tmp/out" "$tmp/section.trf" >/dev/null
    t1=$(now_ms)
    pages=$(pdfinfo "$tmp/out/section-$d.pdf" 2>/dev/null |
        sed -n 's/^Pages: *//p')
    size=$(wc -c <"$tmp/out/section-$d.pdf")
    echo "render: $d alone: $((t1 - t0)) ms, ${pages:-?} pages, $size bytes"
done
echo "render: ranking + cross table of $PLAYERS players, $ROUNDS rounds:" \
    "${best:+best $best ms, }median $median ms of $RUNS runs" \
    "(target $TARGET_MS ms: $(awk -v m="$median" -v t=$TARGET_MS \
        'BEGIN { print m < t ? "within" : "OVER" }'))"
if awk -v m="$median" -v t=$TARGET_MS 'BEGIN { exit !(m > t) }' &&
    [ "${BENCH_STRICT:-0}" = 1 ]; then
    echo "render: slower than the target" >&2
    exit 1
fi
