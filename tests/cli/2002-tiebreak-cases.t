#!/bin/sh
# The tie-break cases of tests/cases/tiebreak.cases: each runs 'sekretar
# standings' and compares its output (or, for %%FAIL, its exit code and
# error message) exactly.  Format:
#   %%CASE description          %%FAIL code description
#   %%ARGS arguments            %%ARGS arguments
#   expected standard output    expected standard error
# A bare file name in the arguments is taken from tests/data; lines that
# start with '#' are comments and end an expected block.
. "$(dirname "$0")/../lib/lib.sh"

cases=$top/tests/cases/tiebreak.cases
kind=
blanks=0

run_case() {
    [ -n "$kind" ] || return 0
    # shellcheck disable=SC2086
    set -f
    set -- $args
    set +f
    for a do
        case $a in
        */*) ;;
        *.trf) a=$DATA/$a ;;
        esac
        set -- "$@" "$a"
        shift
    done
    if [ "$kind" = CASE ]; then
        expect_success "$desc" sekretar standings "$@"
        got=$out
    else
        expect_failure "$code" "$desc" sekretar standings "$@"
        got=$err
    fi
    if cmp -s "$tmp/want" "$got"; then
        ok 0 "$desc: output"
    else
        ok 1 "$desc: output"
        diff -u "$tmp/want" "$got" | sed 's/^/#   /' | head -40
    fi
    kind=
}

state=none
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
    '%%CASE '*)
        run_case
        kind=CASE desc=${line#%%CASE } state=head
        ;;
    '%%FAIL '*)
        run_case
        rest=${line#%%FAIL }
        kind=FAIL code=${rest%% *} desc=${rest#* } state=head
        ;;
    '%%ARGS '*)
        args=${line#%%ARGS }
        : >"$tmp/want"
        state=body blanks=0
        ;;
    '#'*)
        [ "$state" = body ] && state=after
        ;;
    '')
        [ "$state" = body ] && blanks=$((blanks + 1))
        ;;
    *)
        if [ "$state" = body ]; then
            while [ "$blanks" -gt 0 ]; do
                echo >>"$tmp/want"
                blanks=$((blanks - 1))
            done
            printf '%s\n' "$line" >>"$tmp/want"
        fi
        ;;
    esac
done <"$cases"
run_case
done_testing
