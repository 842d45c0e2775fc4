#!/bin/sh
# tests/lib/run-logged.sh: runs one test for prove (prove --exec), keeping
# what it printed, both streams, in $SEKRETAR_BUILD/test-logs/NAME.log and
# its exit status in NAME.rc, so that 'make check' can show a failed
# test's own words after the summary (tests/lib/show-failed.sh): prove
# without -v shows none of them, and CI keeps only the end of the output.
# SPDX-License-Identifier: MIT
t=$1
logs=${SEKRETAR_BUILD:-build}/test-logs
name=$(basename "$t")
mkdir -p "$logs"
case $t in
*.t) sh "$t" >"$logs/$name.log" 2>&1 ;;
*) "$t" >"$logs/$name.log" 2>&1 ;;
esac
rc=$?
echo "$rc" >"$logs/$name.rc"
cat "$logs/$name.log"
exit "$rc"
