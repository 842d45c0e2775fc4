#!/bin/sh
# The example championship (the input of 'make demo'): both of its forms
# check clean and give the same standings; the generator makes exactly the
# committed files; the event has the shape its description promises.
. "$(dirname "$0")/../lib/lib.sh"

cd "$top" || exit 1
ex=tests/example/u10-lviv-2023
cp=tests/example/u10-lviv-2023-cp1251

expect_success "the example checks clean" sekretar check $ex
expect_grep "example: summary (the withdrawal is the one warning)" \
    "^$ex: 6 sections, 196 people in the registry, 0 errors, 1 warning$" "$out"
expect_grep "example: the withdrawal, at the first round missed" \
    "^$ex/boys-classic.trf:58:142: warning: player 46 'Тимошенко Ігор': withdrew after round 5 \(no game in rounds 6-9\); the cross table marks 'вибув'$" "$out"
awk '/ players, /{ n = $2 + 0; if (n < 40 || n > 120) bad = 1 } END { exit bad }' "$out"
ok $? "every section has 40 to 120 players"
expect_grep "classic has 9 rounds" "^$ex/boys-classic.trf: 84 players, 9 rounds$" "$out"
expect_grep "blitz has 11 rounds" "^$ex/girls-blitz.trf: 61 players, 11 rounds$" "$out"
expect_success "the Windows-1251 CSV form checks clean" sekretar check $cp
expect_grep "CSV form: summary" \
    "^$cp: 6 sections, 196 people in the registry, 0 errors, 1 warning$" "$out"
expect_grep "CSV form: the withdrawal at the player's first row" \
    "^$cp/boys-classic.csv:24:29: warning: player 46 'Тимошенко Ігор': withdrew after round 5" "$out"

! grep -q 'Прізвище' $cp/players.csv
ok $? "the CSV form is not UTF-8"
grep -q ';' $cp/boys-classic.csv
ok $? "the CSV form is ';'-separated"

expect_success "standings of the example" sekretar standings $ex
cp "$out" "$tmp/trf.text"
expect_success "standings of the CSV form" sekretar standings $cp
cmp -s "$tmp/trf.text" "$out"
ok $? "both forms give the same standings"

expect_success "girls-classic" sekretar standings --section girls-classic $ex
# 7 and 35 are equal on points, BH/C1, BH/C2, BH/C3 and wins; 35 won their
# game, so the direct encounter (DE/A of ua-2023) gives 35 the bronze.
expect_grep "the tie for bronze: 35 third" '^    3  35  Данилів Юлія .* 6\.5 .* 1$' "$out"
expect_grep "the tie for bronze: 7 fourth" '^    4   7  Рибак Уляна .* 6\.5 .* 2$' "$out"
expect_grep "the note says the direct encounter decided" \
    '^Place 3: decided by direct encounter \(DE/A\)\.$' "$out"
expect_grep "the direct encounter: 35 beat 7" \
    '^001   35 .*     7 w 1' $ex/girls-classic.trf

grep -c ' - U' $ex/girls-blitz.trf >"$tmp/byes"
[ "$(cat "$tmp/byes")" -ge 5 ]
ok $? "pairing byes"
grep -q '0000 - H' $ex/boys-classic.trf
ok $? "a half-point bye"
grep -Eq ' [0-9]+ [wb] \+' $ex/boys-rapid.trf
ok $? "forfeits"
grep -Eq '  0000 - -  0000 - -  0000 - -  0000 - -$' $ex/boys-classic.trf
ok $? "a withdrawal (rounds 6-9 not played)"
cut -d, -f6 $ex/players.csv | sed 1d | sed 's/ обл\.$//; s/ область$//; s/^м\. //' |
    sort -u | wc -l >"$tmp/regions"
[ "$(cat "$tmp/regions")" -ge 20 ]
ok $? "players from 20 or more regions ($(cat "$tmp/regions"))"

gen=${SEKRETAR_BUILD:-$top/build}/tests/gen-example
if [ -x "$gen" ]; then
    mkdir -p "$tmp/a" "$tmp/b"
    "$gen" "$tmp/a" "$tmp/b"
    diff -r "$tmp/a" $ex >"$tmp/diff" && diff -r "$tmp/b" $cp >>"$tmp/diff"
    ok $? "the generator makes the committed files"
    diag_file "$tmp/diff"
else
    echo "ok $((test_n += 1)) # SKIP no generator at $gen"
fi
done_testing
