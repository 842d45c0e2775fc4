# tests/lib/lib.sh: TAP helpers for the CLI tests (sourced by tests/cli/*.t).
# SPDX-License-Identifier: MIT
#
# expect_success DESC CMD...        CMD exits 0
# expect_failure CODE DESC CMD...   CMD exits with CODE
#   Both leave CMD's output in $out and $err (files).
# expect_stderr DESC TEXT           $err is exactly TEXT (one or more lines)
# expect_stdout DESC TEXT           $out is exactly TEXT
# expect_grep DESC PATTERN FILE     a line of FILE matches PATTERN (grep -E)
# cmp_golden NAME FILE              FILE equals tests/expected/NAME; when the
#                                   golden file is missing it is written and
#                                   the test fails, so a person reviews it.
# need_shared                       skip the whole script without ../shared/data
# desk_start OUT CMD...             start CMD (a 'sekretar desk') in the
#                                   background, its output in OUT and
#                                   OUT.err; $desk_pid, and $desk_url once
#                                   it printed its link (10 s at most)
# openpyxl_python                   a python3 with openpyxl into $py ("" none)

top=$(cd "$(dirname "$0")/../.." && pwd)
SEKRETAR=${SEKRETAR:-$top/sekretar}
SHARED=${SEKRETAR_SHARED:-$top/../shared/data}
DATA=$top/tests/data
EXPECTED=$top/tests/expected
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sekretar-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/stdout
err=$tmp/stderr
test_n=0
test_failed=0
# The messages in English whatever the locale of the person running the
# tests (tests/cli/0004-i18n.t asks for Ukrainian itself).
export LC_ALL=C.UTF-8
unset LANGUAGE

sekretar() { "$SEKRETAR" "$@"; }

ok() {
    test_n=$((test_n + 1))
    if [ "$1" = 0 ]; then
        echo "ok $test_n - $2"
    else
        test_failed=$((test_failed + 1))
        echo "not ok $test_n - $2"
    fi
}

diag_file() {
    sed 's/^/#   /' "$1" | head -${2:-20}
}

expect_success() {
    desc=$1
    shift
    "$@" >"$out" 2>"$err"
    rc=$?
    ok $rc "$desc"
    if [ $rc != 0 ]; then
        echo "#   exit code $rc; stderr:"
        diag_file "$err"
    fi
}

expect_failure() {
    code=$1
    desc=$2
    shift 2
    "$@" >"$out" 2>"$err"
    rc=$?
    [ $rc = "$code" ]
    ok $? "$desc"
    if [ $rc != "$code" ]; then
        echo "#   exit code $rc, wanted $code; stderr:"
        diag_file "$err"
    fi
}

expect_text() {
    printf '%s\n' "$3" >"$tmp/want"
    if cmp -s "$tmp/want" "$2"; then
        ok 0 "$1"
    else
        ok 1 "$1"
        diff -u "$tmp/want" "$2" | sed 's/^/#   /' | head -30
    fi
}

expect_stderr() { expect_text "$1" "$err" "$2"; }
expect_stdout() { expect_text "$1" "$out" "$2"; }

expect_grep() {
    if grep -Eq -- "$2" "$3"; then
        ok 0 "$1"
    else
        ok 1 "$1"
        echo "#   no line matches: $2"
        diag_file "$3" 10
    fi
}

cmp_golden() {
    want=$EXPECTED/$1
    if [ ! -f "$want" ]; then
        mkdir -p "$(dirname "$want")"
        cp "$2" "$want"
        ok 1 "golden $1 (written now: review it and commit)"
        return
    fi
    if cmp -s "$want" "$2"; then
        ok 0 "golden $1"
    else
        ok 1 "golden $1"
        diff -u "$want" "$2" | sed 's/^/#   /' | head -40
    fi
}

need_shared() {
    if [ ! -d "$SHARED/trf" ]; then
        echo "1..0 # SKIP no shared test data at $SHARED"
        exit 0
    fi
}

openpyxl_python() {
    py=
    for p in python3 /usr/bin/python3; do
        if command -v "$p" >/dev/null 2>&1 &&
            "$p" -c 'import openpyxl' 2>/dev/null; then
            py=$p
            return
        fi
    done
}

done_testing() {
    echo "1..$test_n"
    [ $test_failed = 0 ]
    exit $?
}

desk_start() {
    desk_out=$1
    shift
    rm -f "$desk_out"
    "$@" >"$desk_out" 2>"$desk_out.err" &
    desk_pid=$!
    desk_n=0
    while ! grep -q 'http://' "$desk_out" 2>/dev/null && [ $desk_n -lt 100 ]; do
        sleep 0.1
        desk_n=$((desk_n + 1))
    done
    desk_url=$(grep -o 'http://[^ ]*' "$desk_out")
}

# What game.js shows on a copy of the game page $1 (written beside it)
# that runs the script $2 once loaded, opened at the anchor $3 (or none),
# in headless Chromium: the board's "js" class, the position shown and
# the move marked, on one line.
game_steps() {
    steps_copy=$(cd "$(dirname "$1")" && pwd)/steps.html
    sed "s|</body>|<script>addEventListener('DOMContentLoaded', function () { $2 });</script></body>|" \
        "$1" >"$steps_copy"
    steps_dir=$(mktemp -d "$tmp/chr.XXXXXX")
    timeout 60 chromium --headless --no-sandbox --disable-gpu \
        --user-data-dir="$steps_dir" --virtual-time-budget=3000 --dump-dom \
        "file://$steps_copy$3" 2>/dev/null |
        grep -o 'class="ply on" id="p[0-9]*"\|<a href="#p[0-9]*" class="cur"\|class="board js"' |
        tr '\n' ' '
    echo
    rm -rf "$steps_dir" "$steps_copy"
}
