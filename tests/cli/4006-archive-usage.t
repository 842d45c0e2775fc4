#!/bin/sh
# Every usage error of build, archive and query, exactly; --help of each.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
cp -R "$DATA/mini-event" ev
sekretar build ev >/dev/null 2>&1
ok $? "build an event"

# fails CODE "ARGS" MESSAGE: exit code and stderr; a usage error (64) ends
# with the pointer to the command's help.
fails() {
    code=$1
    args=$2
    msg=$3
    cmd=${args%% *}
    # shellcheck disable=SC2086
    expect_failure "$code" "$args" sekretar $args
    if [ "$code" = 64 ]; then
        expect_stderr "$args: message" "$msg
Try 'sekretar $cmd --help'."
    else
        expect_stderr "$args: message" "$msg"
    fi
}

for cmd in build archive query; do
    expect_success "$cmd --help" sekretar $cmd --help
    expect_grep "$cmd --help: usage" "^usage: sekretar $cmd" "$out"
    expect_success "help $cmd" sekretar help $cmd
    expect_grep "help $cmd: usage" "^usage: sekretar $cmd" "$out"
done
expect_success "archive show --help" sekretar archive show --help
expect_grep "a verb's --help" "^usage: sekretar archive VERB" "$out"
expect_success "query player --help" sekretar query player --help
expect_grep "a question's --help" "^usage: sekretar query" "$out"

fails 64 "build --bogus ev" "sekretar: error: unknown option '--bogus'"
fails 64 "build ev --archive" "sekretar: error: option '--archive' wants a value"
fails 64 "archive" \
    "sekretar: error: no verb given (list, show, verify, rebuild, export, import, merge-people, forget-person or site)"
fails 64 "archive --format csv" \
    "sekretar: error: no verb given (list, show, verify, rebuild, export, import, merge-people, forget-person or site)"
fails 64 "archive frob" \
    "sekretar: error: 'frob' is not an archive verb (list, show, verify, rebuild, export, import, merge-people, forget-person or site)"
fails 64 "archive list x" "sekretar: error: list wants no operand"
fails 64 "archive list --format xml" "sekretar: error: unknown format 'xml'"
fails 64 "archive list --bogus" "sekretar: error: unknown option '--bogus'"
fails 64 "archive show" "sekretar: error: show wants one event"
fails 66 "archive show nope" \
    "sekretar: error: no event 'nope' in the archive ('sekretar archive list' lists them)"
fails 64 "archive verify x" "sekretar: error: verify wants no operand"
fails 64 "archive rebuild x" "sekretar: error: rebuild wants no operand"
fails 64 "archive export 2023-06-01-ev" "sekretar: error: export wants -o DIR"
fails 64 "archive export -o out" "sekretar: error: export wants one event and -o DIR"
fails 66 "archive export nope -o out" \
    "sekretar: error: no event 'nope' in the archive ('sekretar archive list' lists them)"
fails 66 "archive export 2023-06-01-ev -o out --version 9" \
    "sekretar: error: event '2023-06-01-ev' has no version 9"
fails 64 "archive export 2023-06-01-ev -o out --version x" \
    "sekretar: error: --version wants a version number, not 'x'"
mkdir full && : >full/file
fails 73 "archive export 2023-06-01-ev -o full" \
    "sekretar: error: full exists and is not an empty folder"
fails 64 "archive import" "sekretar: error: import wants one bundle"
fails 64 "archive merge-people 1" "sekretar: error: merge-people wants two person ids"
fails 64 "archive merge-people x 2" \
    "sekretar: error: merge-people wants two person ids like '#12', not 'x'"
fails 65 "archive merge-people 1 1" "sekretar: error: #1 and #1 are the same person"
fails 65 "archive merge-people 1 99999" "sekretar: error: no person #99999 in the catalogue"
fails 65 "archive merge-people 99999 1" "sekretar: error: no person #99999 in the catalogue"
fails 65 "archive merge-people #1 #5" \
    "sekretar: error: #1 and #5 have different FIDE IDs (34187243 and 34187250)"

fails 64 "query" \
    "sekretar: error: no question given (champions, player, h2h, medals, events, search or games)"
fails 64 "query frob" \
    "sekretar: error: 'frob' is not a question (champions, player, h2h, medals, events, search or games)"
fails 64 "query player" "sekretar: error: player wants one name or FIDE ID"
fails 64 "query search a b" "sekretar: error: search wants one text"
fails 64 "query h2h a" "sekretar: error: h2h wants two people"
fails 64 "query champions x" "sekretar: error: champions takes options only, not 'x'"
fails 64 "query events --by region" "sekretar: error: --by is for medals"
fails 64 "query medals --by age" \
    "sekretar: error: --by wants region, club or coach, not 'age'"
fails 64 "query champions --sex x" "sekretar: error: --sex wants m or f, not 'x'"
fails 64 "query champions --discipline chess" \
    "sekretar: error: --discipline wants classic, rapid or blitz, not 'chess'"
fails 64 "query champions --from 20" "sekretar: error: --from wants a year, not '20'"
fails 64 "query champions --to x" "sekretar: error: --to wants a year, not 'x'"
fails 64 "query events --year 3000" "sekretar: error: --year wants a year, not '3000'"
fails 64 "query champions --format xml" "sekretar: error: unknown format 'xml'"
fails 64 "query champions --bogus" "sekretar: error: unknown option '--bogus'"
fails 64 "query champions --sex" "sekretar: error: option '--sex' wants a value"
fails 66 "query player Zzyzx" "sekretar: error: nobody in the archive matches 'Zzyzx'"
fails 66 "query h2h #1 Zzyzx" "sekretar: error: nobody in the archive matches 'Zzyzx'"
fails 66 "query champions --archive nowhere" \
    "sekretar: error: no catalogue at 'nowhere/catalog.sqlite'; 'sekretar build DIR' makes one, 'sekretar archive rebuild' remakes it from the bundles"
fails 66 "archive list --archive nowhere" \
    "sekretar: error: no catalogue at 'nowhere/catalog.sqlite'; 'sekretar build DIR' makes one, 'sekretar archive rebuild' remakes it from the bundles"
done_testing
