#!/bin/sh
# tests/bench/bench-sections.sh: how long 'check' takes for an event of
# SECTIONS sections (2,000 by default, gen-sections.sh), the median of RUNS
# runs.  The target is 1 s: nothing that reads an event may compare every
# section with every other (the shared-file check did, and took 25 s for
# 2,000).  BENCH_STRICT=1 makes a slower median an error.
# SPDX-License-Identifier: MIT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
SEKRETAR=${SEKRETAR:-$top/sekretar}
SECTIONS=${SECTIONS:-2000}
RUNS=${RUNS:-5}
TARGET_MS=1000

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sekretar-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sh "$here/gen-sections.sh" "$SECTIONS" "$tmp/ev"
"$SEKRETAR" check -q "$tmp/ev" >/dev/null
if [ -n "${TIMEIT:-}" ]; then
    median=$("$TIMEIT" "$RUNS" "$SEKRETAR" check -q "$tmp/ev")
else
    i=0
    : >"$tmp/times"
    while [ $i -lt "$RUNS" ]; do
        t0=$(($(date +%s%N) / 1000000))
        "$SEKRETAR" check -q "$tmp/ev" >/dev/null
        echo $(($(date +%s%N) / 1000000 - t0)) >>"$tmp/times"
        i=$((i + 1))
    done
    median=$(sort -n "$tmp/times" | sed -n "$(((RUNS + 1) / 2))p")
fi
echo "check: $SECTIONS sections: median $median ms of $RUNS runs" \
    "(target $TARGET_MS ms: $(awk -v m="$median" -v t=$TARGET_MS \
        'BEGIN { print m < t ? "within" : "OVER" }'))"
if awk -v m="$median" -v t=$TARGET_MS 'BEGIN { exit !(m > t) }' &&
    [ "${BENCH_STRICT:-0}" = 1 ]; then
    echo "check: slower than the target" >&2
    exit 1
fi
