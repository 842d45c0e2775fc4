#!/bin/sh
# tests/bench/bench-desk.sh: how fast the secretary's desk answers, on the
# U10 example (6 sections, 196 people): a page made from the event folder
# (target 20 ms) and a results file changed until the check's page shows
# it (target 300 ms: the pages' script asks for the inputs' state every
# 100 ms, then loads the page).  Medians of RUNS requests with curl;
# BENCH_STRICT=1 makes a slower median an error.
# SPDX-License-Identifier: MIT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
SEKRETAR=${SEKRETAR:-$top/sekretar}
export SEKRETAR_DATADIR=${SEKRETAR_DATADIR:-$top}
RUNS=${RUNS:-21}
POLL_MS=100

if ! command -v curl >/dev/null 2>&1; then
    echo "desk: curl is not installed; skipped"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sekretar-bench.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
cp -R "$top/tests/example/u10-lviv-2023" "$tmp/ev"
"$SEKRETAR" desk --no-browser --archive "$tmp/arc" "$tmp/ev" >"$tmp/out" 2>&1 &
pid=$!
n=0
while ! grep -q 'http://' "$tmp/out" && [ $n -lt 100 ]; do
    sleep 0.1
    n=$((n + 1))
done
url=$(grep -o 'http://[^ ]*' "$tmp/out")
base=${url%%/\?t=*}
curl -s -c "$tmp/jar" -o /dev/null "$url"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ms() { curl -s -b "$tmp/jar" -o /dev/null -w '%{time_total}\n' "$1" |
    awk '{ printf "%.1f\n", $1 * 1000 }'; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }

for page in event check; do
    i=0
    while [ $i -lt "$RUNS" ]; do
        ms "$base/$page"
        i=$((i + 1))
    done | median >"$tmp/$page.ms"
done
i=0
while [ $i -lt "$RUNS" ]; do
    ms "$base/state"
    i=$((i + 1))
done | median >"$tmp/state.ms"

# A results file rewritten as the pairing program does; the state changes
# at once (a stat), then the check's page is made.
i=0
while [ $i -lt "$RUNS" ]; do
    before=$(curl -s -b "$tmp/jar" "$base/state")
    t0=$(now_ms)
    printf '\n' >>"$tmp/ev/boys-classic.trf"
    while [ "$(curl -s -b "$tmp/jar" "$base/state")" = "$before" ]; do :; done
    curl -s -b "$tmp/jar" -o /dev/null "$base/check"
    echo $(($(now_ms) - t0))
    i=$((i + 1))
done | median >"$tmp/change.ms"

page=$(cat "$tmp/event.ms")
check=$(cat "$tmp/check.ms")
state=$(cat "$tmp/state.ms")
change=$(cat "$tmp/change.ms")
worst=$(awk -v c="$change" -v p=$POLL_MS 'BEGIN { printf "%.0f", c + p }')
echo "desk (U10 example, medians of $RUNS): event page $page ms," \
    "check page $check ms (target 20: $(awk -v a="$page" 'BEGIN { printf "%.2f", a / 20 }')x);" \
    "inputs' state $state ms; a results file changed -> check page $change ms," \
    "at most $worst ms with the page's ${POLL_MS} ms poll (target 300: $(awk -v a="$worst" 'BEGIN { printf "%.2f", a / 300 }')x)"
if [ "${BENCH_STRICT:-0}" = 1 ]; then
    awk -v a="$page" -v w="$worst" 'BEGIN { exit !(a <= 20 && w <= 300) }'
fi
