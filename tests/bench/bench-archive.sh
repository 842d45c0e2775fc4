#!/bin/sh
# tests/bench/bench-archive.sh: the archive at scale (make bench-archive).
# usage: bench-archive.sh SEKRETAR GEN-ARCHIVE OUTDIR N
# SPDX-License-Identifier: MIT
#
# Writes N synthetic championships (gen-archive), builds every one into one
# archive with 'sekretar build' (bundles and catalogue, two at a time),
# then times the historians' queries (target: 50 ms each, the whole
# process), 'archive verify' of every bundle against the speed of
# reading the same files, and 'archive site' of the whole archive.
set -e
sek=$1
gen=$2
dir=$3
n=$4
arc=$dir/archive
runs=20
rm -rf "$dir"
mkdir -p "$dir"
# A copy of the program: the build of 2,000 events takes minutes, and a
# 'make' meanwhile would replace the file under it.
top=$(cd "$(dirname "$0")/../.." && pwd)
export SEKRETAR_DATADIR=${SEKRETAR_DATADIR:-$top}
cp "$sek" "$dir/sekretar"
sek=$dir/sekretar
export SOURCE_DATE_EPOCH=1700000000
export SEKRETAR_ARCHIVE=$arc

ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }

t=$(date +%s%N)
"$gen" "$dir/events" "$n"
echo "generated $n event folders in $(ms_since "$t") ms"

t=$(date +%s%N)
ls "$dir/events" | xargs -P 2 -I{} "$sek" build "$dir/events/{}" \
    >"$dir/build.log" 2>&1
ms=$(ms_since "$t")
echo "built $n events (bundles + catalogue) in $ms ms: $((ms / n)) ms an event"
"$sek" archive list | tail -1
ls -l "$arc/catalog.sqlite" | awk '{ printf "catalogue: %.1f MB\n", $5 / 1048576 }'

# A champion of many events: the person of the first U10 girls' title.
who=$("$sek" query champions --category U10 --sex f --format csv |
    sed -n '2p' | awk -F, '{ print $NF }')
name=$("$sek" query player "#$who" --format csv >/dev/null &&
    "$sek" query search "#$who" --format csv | sed -n '2p' | cut -d, -f2)
other=$("$sek" query champions --category U12 --sex f --format csv |
    sed -n '2p' | awk -F, '{ print $NF }')
echo "history of #$who ($name): $("$sek" query player "#$who" --format csv | tail -n +2 | wc -l) entries"

time_q() {
    label=$1
    shift
    if command -v hyperfine >/dev/null 2>&1; then
        # hyperfine -N splits the command like a shell: quote each word.
        cmd=
        for w in "$@"; do
            cmd="$cmd '$w'"
        done
        hyperfine -N --warmup 3 --runs $runs --style none \
            --export-json "$dir/q.json" "$cmd" >/dev/null 2>&1
        v=$(sed -n 's/^ *"mean": \([0-9.]*\),*$/\1/p' "$dir/q.json" |
            awk '{ printf "%.1f", $1 * 1000 }')
    else
        t=$(date +%s%N)
        i=0
        while [ $i -lt $runs ]; do
            "$@" >/dev/null
            i=$((i + 1))
        done
        v=$(($(ms_since "$t") / runs))
    fi
    printf '  %-44s %8s ms\n' "$label" "$v"
}
echo "queries (whole process, mean of $runs runs; target 50 ms):"
time_q "query player #ID (a history)" "$sek" query player "#$who"
time_q "query player FULL NAME (folded search)" "$sek" query search "$name"
time_q "query champions" "$sek" query champions
time_q "query champions --category U10 --sex f" "$sek" query champions --category U10 --sex f --discipline classic
time_q "query h2h #A #B" "$sek" query h2h "#$who" "#$other"
time_q "query medals --by region" "$sek" query medals --by region
time_q "query events --year 2010" "$sek" query events --year 2010
time_q "query search shevchenko (Latin)" "$sek" query search shevchenko

bytes=$(cat "$arc"/*/*.zip | wc -c)
t=$(date +%s%N)
cat "$arc"/*/*.zip >/dev/null
read_ms=$(ms_since "$t")
t=$(date +%s%N)
"$sek" archive verify >"$dir/verify.log"
verify_ms=$(ms_since "$t")
tail -1 "$dir/verify.log"
awk -v b="$bytes" -v r="$read_ms" -v v="$verify_ms" 'BEGIN {
    printf "verify: %.1f MB in %d ms = %.0f MB/s; reading the same files: %d ms = %.0f MB/s\n",
        b / 1048576, v, b / 1048576 / (v / 1000), r, b / 1048576 / ((r ? r : 1) / 1000) }'

# The website of the whole archive (target: under a minute), then again
# unchanged (nothing is written).
t=$(date +%s%N)
"$sek" archive site -o "$dir/site" >"$dir/site.log"
site_ms=$(ms_since "$t")
echo "site: $(cat "$dir/site.log") in $site_ms ms"
du -sh "$dir/site" | awk '{ print "site: " $1 " on disk" }'
t=$(date +%s%N)
"$sek" archive site -o "$dir/site" >"$dir/site.log"
echo "site again, unchanged: $(cat "$dir/site.log") in $(ms_since "$t") ms"
