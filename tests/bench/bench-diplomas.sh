#!/bin/sh
# tests/bench/bench-diplomas.sh: how long 500 diplomas take.
# SPDX-License-Identifier: MIT
#
# Writes a one-round section of DIPLOMAS players (500) who all drew, so
# that all of them share places 1-500 and each gets a diploma of the 1st
# degree: one file of 500 pages.  Renders it RUNS times and prints the
# fastest and the median run, the file's size and its fonts (each must be
# embedded once).  The target is 1 s; BENCH_STRICT=1 makes a slower median
# an error.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
SEKRETAR=${SEKRETAR:-$top/sekretar}
export SEKRETAR_DATADIR=${SEKRETAR_DATADIR:-$top}
export SEKRETAR_TEST_DATE=2023-06-09
DIPLOMAS=${DIPLOMAS:-500}
RUNS=${RUNS:-5}
TARGET_MS=1000

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sekretar-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
perl -e '
use utf8;
binmode STDOUT, ":utf8";
my $n = $ARGV[0];
print "012 Чемпіонат України з шахів серед юнаків до 10 років (класичні шахи)\n",
    "022 Львів\n042 2023/06/01\n052 2023/06/09\n062 $n\n",
    "092 Individual: Swiss-System\n102 Остап КРАВЕЦЬ\n";
for my $i (1 .. $n) {
    my $opp = $i % 2 ? $i + 1 : $i - 1;
    my $name = sprintf("Гравець%04d, Учасник", $i);
    printf("001 %4d m    %-33s %4d UKR %11d %10s %4.1f %4d  %4d %s =\n",
        $i, $name, 1500, 34000000 + $i, "2013/01/01", 0.5, 1, $opp,
        $i % 2 ? "w" : "b");
}' "$DIPLOMAS" >"$tmp/flat.trf"

now_ms() { echo $(($(date +%s%N) / 1000000)); }

i=0
: >"$tmp/times"
while [ $i -lt "$RUNS" ]; do
    t0=$(now_ms)
    "$SEKRETAR" render --only diplomas -o "$tmp/out" "$tmp/flat.trf" >/dev/null
    t1=$(now_ms)
    echo $((t1 - t0)) >>"$tmp/times"
    i=$((i + 1))
done
f=$tmp/out/flat-diplomas.pdf
pages=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Pages: *//p')
fonts=$(pdffonts "$f" 2>/dev/null | awk 'NR > 2' | wc -l)
embedded=$(pdffonts "$f" 2>/dev/null | awk 'NR > 2 {print $1}' | sort -u | wc -l)
sort -n "$tmp/times" >"$tmp/sorted"
best=$(head -n 1 "$tmp/sorted")
median=$(sed -n "$(((RUNS + 1) / 2))p" "$tmp/sorted")
echo "diplomas: ${pages:-?} pages, $(wc -c <"$f") bytes, $fonts fonts" \
    "($embedded different: each embedded once)"
echo "diplomas: $DIPLOMAS diplomas in one file: best $best ms, median" \
    "$median ms of $RUNS runs (target $TARGET_MS ms)"
if [ "$fonts" != "$embedded" ] || [ "${pages:-0}" != "$DIPLOMAS" ]; then
    echo "diplomas: wrong file" >&2
    exit 1
fi
if [ "$median" -gt $TARGET_MS ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
    echo "diplomas: slower than the target" >&2
    exit 1
fi
