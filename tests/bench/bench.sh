#!/bin/sh
# tests/bench/bench.sh: time the full tie-break list on synthetic Swiss
# events (make bench).  usage: bench.sh SEKRETAR GEN-SWISS OUTDIR
# SPDX-License-Identifier: MIT
#
# The whole process is timed (read, check, every tie-break, ranking,
# output), with hyperfine when it is installed, else with a loop.  The
# targets: 1,000 players x 11 rounds under 20 ms, 10,000 x 13 under 300 ms
# (9,999: the most a TRF start-number field holds).
set -e
sek=$1
gen=$2
dir=$3
list=BH,BH/C1,BH/C2,BH/C3,BH/M1,FB,AOB,SB,SB/C1,PS,PS/C1,WIN,WON,BPG,BWG,GE,DE,KS,ARO,ARO/C1,TPR,PTP,APRO,APPO
runs=20
mkdir -p "$dir"

# mean milliseconds of $runs runs of the command, without hyperfine
loop_ms() {
    i=0
    start=$(date +%s%N)
    while [ $i -lt $runs ]; do
        "$@" >/dev/null
        i=$((i + 1))
    done
    end=$(date +%s%N)
    echo $(((end - start) / runs / 1000)) | sed 's/\(...\)$/.\1/'
}

for size in 1000x11:20 9999x13:300; do
    players=${size%%x*}
    rest=${size#*x}
    rounds=${rest%%:*}
    target=${rest#*:}
    trf=$dir/swiss-${players}x${rounds}.trf
    "$gen" "$players" "$rounds" "$trf"
    "$sek" check -q "$trf"
    set -- "$sek" standings --format tsv --tiebreaks "$list" "$trf"
    if command -v hyperfine >/dev/null 2>&1; then
        hyperfine -N --warmup 3 --runs $runs --style none \
            --export-json "$dir/bench-$players.json" "$*" >/dev/null 2>&1
        ms=$(sed -n 's/^ *"mean": \([0-9.]*\),*$/\1/p' "$dir/bench-$players.json" |
            awk '{ printf "%.1f", $1 * 1000 }')
        how=hyperfine
    else
        ms=$(loop_ms "$@")
        how="loop of $runs"
    fi
    kb=$( (command -v /usr/bin/time >/dev/null &&
        /usr/bin/time -f %M "$@" 2>&1 >/dev/null) || echo '?')
    verdict=$(awk -v m="$ms" -v t="$target" \
        'BEGIN { print (m < t) ? "within" : "OVER" }')
    printf '%5d players x %2d rounds: %7s ms (%s; target %d ms: %s), max RSS %s KB\n' \
        "$players" "$rounds" "$ms" "$how" "$target" "$verdict" "$kb"
done
echo "tie-breaks: $list"
