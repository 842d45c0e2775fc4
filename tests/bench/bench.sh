#!/bin/sh
# tests/bench/bench.sh: Sekretar's speed and size against their targets,
# as ratios to a floor or a peer measured in the same run (make bench).
# usage: bench.sh SEKRETAR GEN-SWISS FLOOR OUTDIR TIMEIT
# SPDX-License-Identifier: MIT
#
# - standings with every tie-break on synthetic Swiss events (gen-swiss),
#   against tests/bench/floor.c (parse, score and Buchholz, nothing else)
#   and, when it is there, the FIDE tie-break checker (TieBreakServer's
#   tiebreakchecker.py; FIDE_CHECKER=path/to/tiebreakchecker.py, else
#   looked for in $OUTDIR/TieBreakServer);
# - check of the example event with its registry padded to 200 and to
#   2,000 people;
# - build of the example, then the same build again (up to date);
# - the size of the example's bundle.
# Each time is the median of RUNS runs of the whole process.  Prints one
# line per figure: the value, the target, "within" or "OVER".
set -e
sek=$1
gen=$2
floor=$3
dir=$4
timeit=$5
top=$(cd "$(dirname "$0")/../.." && pwd)
list=BH,BH/C1,BH/C2,BH/C3,BH/M1,FB,AOB,SB,SB/C1,PS,PS/C1,WIN,WON,BPG,BWG,GE,DE,KS,ARO,ARO/C1,TPR,PTP,APRO,APPO
RUNS=${BENCH_RUNS:-11}
export SEKRETAR_DATADIR=${SEKRETAR_DATADIR:-$top}
export SEKRETAR_TEST_DATE=2023-06-09
mkdir -p "$dir"

# median milliseconds of $RUNS runs of the command, from fork to exit
# (timeit: the same for every program, without the shell's cost)
ms() {
    "$timeit" "$RUNS" "$@"
}
# verdict VALUE OP TARGET: "within" when VALUE OP TARGET holds
verdict() {
    awk -v v="$1" -v t="$3" -v op="$2" 'BEGIN {
        ok = op == "<" ? v < t : v > t; print ok ? "within" : "OVER" }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
# the same unrounded, for the verdicts
exact() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
rss() {
    (command -v /usr/bin/time >/dev/null &&
        /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1) || echo '?'
}

echo "== standings with $(echo $list | tr ',' '\n' | wc -l) tie-breaks"
checker=${FIDE_CHECKER:-$dir/TieBreakServer/tiebreakchecker.py}
for size in 300x10 1000x11 9999x13; do
    players=${size%%x*}
    rounds=${size#*x}
    trf=$dir/swiss-${players}x${rounds}.trf
    "$gen" "$players" "$rounds" "$trf"
    "$sek" check -q "$trf"
    s=$(ms "$sek" standings --format tsv --tiebreaks "$list" "$trf")
    f=$(ms "$floor" "$trf")
    r=$(ratio "$s" "$f")
    line="$players x $rounds: $s ms, floor $f ms, $r x the floor"
    if [ "$size" = 9999x13 ]; then
        line="$line (target 6 x: $(verdict "$(exact "$s" "$f")" "<" 6))"
    fi
    echo "$line, max RSS $(rss "$sek" standings --format tsv --tiebreaks "$list" "$trf") KB"
    # The checker on 300 x 10 as it was measured before, and on 1,000 x 11,
    # where the target is (issue 27).
    if [ "$size" = 300x10 ] || [ "$size" = 1000x11 ]; then
        if [ -f "$checker" ] && python3 -c 'import networkx' 2>/dev/null; then
            # the tie-breaks of the checker's reference tables, both ways
            clist="BH BH/C1 BH/C2 BH/C3 BH/M1 PS PS/C1 WIN WON BPG BWG DE SB ARO TPR KS"
            RUNS=3
            # shellcheck disable=SC2086
            c=$(ms python3 "$checker" -s -i "$trf" -o "$dir/checker.json" \
                -t PTS $clist)
            RUNS=${BENCH_RUNS:-11}
            grep -q '"code": 0' "$dir/checker.json" ||
                echo "  (the checker failed on $trf: see $dir/checker.json)"
            s2=$(ms "$sek" standings --format tsv \
                --tiebreaks "$(echo $clist | tr ' ' ',')" "$trf")
            r=$(ratio "$c" "$s2")
            line="$players x $rounds: the FIDE checker $c ms, Sekretar $s2 ms"
            line="$line (the checker's 16 tie-breaks): $r x faster"
            if [ "$size" = 1000x11 ]; then
                line="$line (target 150 x: $(verdict "$(exact "$c" "$s2")" ">" 150))"
            fi
            echo "$line"
        else
            echo "$players x $rounds: the FIDE checker is not here" \
                "(FIDE_CHECKER=.../tiebreakchecker.py, and python3-networkx)"
        fi
    fi
done

echo "== check of the example with a bigger registry"
ex=$top/tests/example/u10-lviv-2023
for people in 200 2000; do
    ev=$dir/registry-$people
    rm -rf "$ev"
    cp -r "$ex" "$ev"
    have=$(($(wc -l <"$ev/players.csv") - 1))
    awk -F, -v n=$((people - have)) 'END {
        for (i = 1; i <= n; i++)
            printf "Запасний%d,Гравець,Іванович,ч,01.01.2013,Львівська,,,,,,,так,так,так,так\n", i
    }' "$ev/players.csv" >>"$ev/players.csv"
    eval "t$people=\$(ms \"\$sek\" check -q \"\$ev\")"
done
r=$(ratio "$t2000" "$t200")
echo "check: 200 people $t200 ms; 2,000 people $t2000 ms" \
    "(target 200 ms: $(verdict "$t2000" "<" 200)); 2,000 : 200 = $r" \
    "(target 15: $(verdict "$(exact "$t2000" "$t200")" "<" 15))"

echo "== build of the example, then again unchanged"
rm -rf "$dir/archive"
t0=$(date +%s%N)
"$sek" build --archive "$dir/archive" "$ex" >/dev/null
t1=$(date +%s%N)
first=$(awk -v n=$((t1 - t0)) 'BEGIN { printf "%.1f", n / 1e6 }')
again=$(ms "$sek" build --archive "$dir/archive" "$ex")
p=$(awk -v a="$again" -v b="$first" 'BEGIN { printf "%.1f", 100 * a / b }')
echo "build: first $first ms, unchanged $again ms = $p % of the first" \
    "(target 10 %: $(verdict "$p" "<" 10))"
zip=$(ls "$dir"/archive/*/*.zip)
kb=$(($(wc -c <"$zip") / 1024))
docs=$(unzip -l "$zip" | grep -c 'documents/')
echo "bundle: $kb KB with $docs documents (target 500 KB: $(verdict "$kb" "<" 500))"
# The documents the target was set with (the ranking lists and cross
# tables: every document then), with the inputs and results: the bundle
# less the diplomas, mandate forms and report added since, each entry
# with its local and central headers.
later=$(unzip -lv "$zip" | awk '$1 ~ /^[0-9]+$/ && NF >= 8 &&
        $8 ~ /diplomas\.pdf$|mandate-|\.xlsx$/ { s += $3 + 76 + 2 * length($8) }
    END { print s + 0 }')
kb12=$((($(wc -c <"$zip") - later) / 1024))
echo "  without the $(unzip -l "$zip" | grep -cE 'diplomas\.pdf|mandate-|\.xlsx') documents added since the target was set: $kb12 KB"
unzip -lv "$zip" | awk '$1 ~ /^[0-9]+$/ && NF >= 8 {
        if ($8 ~ /diplomas\.pdf$/) k = "diplomas"
        else if ($8 ~ /mandate-/) k = "mandate forms"
        else if ($8 ~ /\.pdf$/) k = "ranking lists and tables"
        else if ($8 ~ /\.xlsx$/) k = "report"
        else if ($8 ~ /^results\//) k = "results"
        else k = "inputs"
        s[k] += $3 }
    END { for (k in s) printf "  %s: %d KB\n", k, s[k] / 1024 }' | sort
