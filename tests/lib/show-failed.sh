#!/bin/sh
# tests/lib/show-failed.sh LOGDIR: after a failed 'make check', each failed
# test's own words (tests/lib/run-logged.sh kept them): its failed
# assertions and the comments and messages around them, the passed ones
# left out, at most 40 lines a test.
# SPDX-License-Identifier: MIT
dir=$1
for rc in "$dir"/*.rc; do
    [ -f "$rc" ] || continue
    log=${rc%.rc}.log
    if [ "$(cat "$rc")" != 0 ] || grep -q '^not ok' "$log"; then
        echo
        echo "=== $(basename "${rc%.rc}") (exit $(cat "$rc")): what it said"
        grep -v -e '^ok ' -e '^1\.\.[0-9]*$' "$log" | tail -n 40
    fi
done
