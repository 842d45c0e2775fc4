#!/bin/sh
# tests/bench/bench-knockout.sh: the time of ranking a knock-out of 128
# players with every stage (make bench).  usage: bench-knockout.sh
# SEKRETAR BENCH-KNOCKOUT OUTDIR
# SPDX-License-Identifier: MIT
#
# Two numbers: the ranking alone (core: the bracket built, every match
# resolved, the places; bench-knockout, 1,000 runs), and the whole
# 'sekretar standings' process (reading the cards included), against the
# target of 10 ms.
set -e
sek=$1
bench=$2
dir=$3
mkdir -p "$dir"
cards=$dir/knockout-128.csv
sh "$(dirname "$0")/gen-knockout.sh" 128 >"$cards"
"$sek" check -q "$cards"
core=$("$bench" "$cards" 1000)
runs=50
i=0
start=$(date +%s%N)
while [ $i -lt $runs ]; do
    "$sek" standings --format tsv "$cards" >/dev/null
    i=$((i + 1))
done
end=$(date +%s%N)
ms=$(echo $(((end - start) / runs / 1000)) | sed 's/\(...\)$/.\1/')
verdict=$(awk -v m="$ms" 'BEGIN { print (m < 10) ? "within" : "OVER" }')
printf 'knock-out of 128 players, %s games: ranking %s us (core), %s ms the whole standings (target 10 ms: %s)\n' \
    "$(($(wc -l <"$cards") - 1))" "$core" "$ms" "$verdict"
