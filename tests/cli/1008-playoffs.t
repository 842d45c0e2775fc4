#!/bin/sh
# playoffs.csv: the secretary enters a play-off and the ranking follows it;
# check says which ties still need one and what is wrong with a row.
. "$(dirname "$0")/../lib/lib.sh"

ev=$tmp/event
cp -R "$DATA/playoff-event" "$ev"

expect_success "a tie for the prize places: check warns" sekretar check "$ev"
expect_grep "the tie is named with its section" \
    "^$ev/event.ini:11: warning: section 'final': places 1-3 are tied on every criterion and need a play-off; enter its result in playoffs.csv$" "$out"
expect_success "standings without the play-off" sekretar standings "$ev"
expect_grep "shared places 1-3" '^  1-3   6  Шість Устим ' "$out"
expect_grep "a play-off is needed" \
    '^Places 1-3: a tie for a prize place; a play-off is needed\.$' "$out"

printf 'Секція;Порядок;Примітка\r\nfinal;6 > 1 > 3;бліц, 2 : 1 : 0\r\n' >"$ev/playoffs.csv"
expect_success "with playoffs.csv: check is clean" sekretar check "$ev"
expect_grep "no warning left" ", 0 errors, 0 warnings$" "$out"
expect_success "standings follow the play-off" sekretar standings "$ev"
expect_grep "6 first" '^    1   6  Шість Устим ' "$out"
expect_grep "1 second" '^    2   1  Один Олег ' "$out"
expect_grep "3 third" '^    3   3  Три Роман ' "$out"
expect_grep "the note says so" '^Place 1: decided by a play-off\.$' "$out"

printf 'section,order\nfinal,6 > 1\n' >"$ev/playoffs.csv"
expect_failure 65 "a play-off that leaves a tied player out" sekretar check "$ev"
expect_grep "located at the row" \
    "^$ev/playoffs.csv:2:7: error: play-off '6,1': player 3 is tied with them as well \(places 1-3\) and must be in the play-off$" "$out"
expect_failure 65 "standings refuse it too" sekretar standings "$ev"
expect_grep "with the same message" "^$ev/playoffs.csv:2:7: error: play-off '6,1'" "$err"

printf 'section,order\nsemifinal,6 > 1 > 3\nfinal,6 > x\nfinal,6\nfinal,6 > 1 > 6\nfinal,6 > 1 > 77\n' >"$ev/playoffs.csv"
expect_failure 65 "bad rows" sekretar check -q "$ev"
expect_stdout "every bad row is named" \
"$ev/playoffs.csv:2:1: error: unknown section 'semifinal' (event.ini has no [section semifinal])
$ev/playoffs.csv:3:7: error: the order must be start numbers in finishing order (\"35 > 7\"), not '6 > x'
$ev/playoffs.csv:4:7: error: a play-off needs at least two players, found '6'
$ev/playoffs.csv:5:7: error: start number 6 is named twice
$ev/playoffs.csv:6:7: error: section 'final' has no player with start number 77"

printf 'section;who\nfinal;6 1 3\n' >"$ev/playoffs.csv"
expect_failure 65 "a header without the order column" sekretar check -q "$ev"
expect_grep "names the missing column" \
    "^$ev/playoffs.csv:1:1: error: the header names no 'порядок/order' column$" "$out"
done_testing
