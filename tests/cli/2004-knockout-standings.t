#!/bin/sh
# standings of a knock-out: every way a match is decided (classical games,
# rapid, blitz, a drawn armageddon won by black, a forfeited game, a
# walkover), an open match, shared places, byes to the best seeds (the
# registry's seed column, else the rating), in every format; the bracket
# as the cards give it: numbered from the top down, drawn by lot (a
# warning where the draw departs from the seeding).
. "$(dirname "$0")/../lib/lib.sh"

# tests/data/knockout/stages.csv, 8 players by start number (seeds as the
# start numbers: no ratings, no names):
#   round 1: 1-8 won 2-0; 7 beats 2 in rapid; 6 beats 3 in blitz; 4 beats
#   5 by a drawn armageddon with black;
#   round 2: 1 beats 4 after 4 forfeits game 2; 6 beats 7 by walkover;
#   round 3: 1 wins the final; the match for 3rd place (4-7) is open.
for fmt in text tsv csv json; do
    expect_success "knock-out standings --format $fmt" \
        sekretar standings --format $fmt "$DATA/knockout/stages.csv"
    cmp_golden standings/knockout-stages.$fmt "$out"
done
expect_success "the open match is no error" \
    sekretar check "$DATA/knockout/stages.csv"
expect_stdout "open match: summary" \
"$DATA/knockout/stages.csv: 8 players, 3 rounds, 0 errors, 0 warnings"

# Six players: byes to seeds 1 and 2 (the registry's seed column: Коваль
# and Гнатюк, though Гнатюк and Дячук rate higher), then by rating
# (Дячук and Мельник level on 2550: by name).
cp -r "$DATA/knockout/byes" "$tmp/byes"
expect_success "byes to the registry's seeds" sekretar check -q "$tmp/byes"
expect_success "standings with byes" sekretar standings "$tmp/byes"
expect_stdout "byes: places of an unfinished bracket" \
"[final] Фінал
Тест

Place  No  Name           Round  Matches
    1   1  Коваль Петро       3  R1 bye; R2 v 5: 1½–½ won
  2-3   2  Гнатюк Богдан      2  R1 bye
  2-3   3  Дячук Василь       2  R1 v 4: 1–1, 1–1 швидкі, 1½–½ бліц won
    4   5  Мельник Ігор       3  R1 v 6: 1½–½ won; R2 v 1: ½–1½ lost
  5-6   6  Бойко Андрій       1  R1 v 5: ½–1½ lost
  5-6   4  Левченко Олег      1  R1 v 3: 1–1, 1–1 швидкі, ½–1½ бліц lost"
cut -d, -f1-5 "$DATA/knockout/byes/players.csv" >"$tmp/byes/players.csv"
expect_success "without the seed column: the cards' byes stand" \
    sekretar check "$tmp/byes"
grep seeding "$out" >"$tmp/warn"
expect_text "by rating the byes are Гнатюк's and Дячук's: a warning" "$tmp/warn" \
"$tmp/byes/final.csv:2:7: warning: round 1: the draw departs from standard seeding in 3 of its 4 matches, first in match 1: seed 5 has a bye, where seed 5 would meet seed 4"

# The 2004 final numbered from the top of the bracket down, as the FIDE
# World Cup and pairing programs number it (match 1: seed 1 against 32,
# match 2: 16 against 17; round 2's match 1 fed by matches 1 and 2): the
# same bracket, the same places.
ex=$top/tests/example/ua-2004
cp -R "$ex" "$tmp/wc"
python3 "$top/tests/lib/ko-renumber.py" --top-down "$ex/men-final.csv" \
    >"$tmp/wc/men-final.csv"
sed -n 2,6p "$tmp/wc/men-final.csv" | cut -d, -f1,2,5,7 >"$tmp/head"
expect_text "the World Cup's numbering: match 1 is 1-32, the next 16-17" \
    "$tmp/head" "1,1,32,1
1,1,1,32
1,9,31,2
1,9,2,31
1,13,30,3"
expect_success "cards numbered from the top down check" sekretar check -q "$tmp/wc"
expect_success "the final as numbered" \
    sekretar standings --section men-final "$ex"
cp "$out" "$tmp/std.txt"
expect_success "the final from the top down" \
    sekretar standings --section men-final "$tmp/wc"
cmp -s "$out" "$tmp/std.txt"
ok $? "either numbering: the same places and matches"
# While round 2 is being played its matches follow the cards' numbering.
awk -F, 'NR == 1 || $1 == 1 || ($1 == 2 && $2 == 1)' "$tmp/wc/men-final.csv" \
    >"$tmp/wc/part.csv"
expect_success "round 2 begun, from the top down" \
    sekretar standings "$tmp/wc/part.csv"
expect_grep "round 2's match 1: the winners of round 1's matches 1 and 2" \
    "^ *1  17  Костюк Лук'ян  *3  R1 v 16: .* won; R2 v 1: 1½–½ won\$" "$out"

# A draw by lot (tests/data/knockout/drawn: seeds by rating 1-8; round 1
# 1-5, 3-8, 2-6, 4-7 numbered from the top down): the bracket stands, a
# warning says the draw departs from the seeding.
expect_success "a draw by lot checks" sekretar check "$DATA/knockout/drawn"
grep -v 'no coach' "$out" >"$tmp/drawn"
expect_text "a draw by lot: one warning" "$tmp/drawn" \
"$DATA/knockout/drawn/final.csv:2:18: warning: round 1: the draw departs from standard seeding in 4 of its 4 matches, first in match 1: seed 1 against seed 5, where seed 1 would meet seed 8
$DATA/knockout/drawn/final.csv: 8 players, 3 rounds
$DATA/knockout/drawn: 1 section, 8 people in the registry, 0 errors, 4 warnings"
expect_success "standings of a draw by lot" \
    sekretar standings --format tsv "$DATA/knockout/drawn"
cmp_golden standings/knockout-drawn.tsv "$out"
expect_success "the cards alone: no ratings, no seeding to warn about" \
    sekretar check "$DATA/knockout/drawn/final.csv"
expect_stdout "the cards alone: summary" \
"$DATA/knockout/drawn/final.csv: 8 players, 3 rounds, 0 errors, 0 warnings"
# Round 1 as seeded, the semi-finals not: seed 1 meets seed 2.
mkdir "$tmp/semis"
cp "$DATA/knockout/drawn/event.ini" "$DATA/knockout/drawn/players.csv" \
    "$tmp/semis/"
{
    echo 'Тур,Матч,Партія,Етап,Білі,Чорні,Результат'
    for m in 'Бойко Андрій,Савчук Юрій' 'Коваль Петро,Левченко Олег' \
        'Гнатюк Богдан,Павлюк Роман' 'Дячук Василь,Мельник Ігор'; do
        n=$((${n:-0} + 1))
        echo "1,$n,1,класичні,$m,1-0"
    done
    echo '2,1,1,класичні,Бойко Андрій,Гнатюк Богдан,1-0'
} >"$tmp/semis/final.csv"
sed -i 's/^discipline = classic$/&\nstages = classic 1/' "$tmp/semis/event.ini"
expect_success "semi-finals that depart from the seeding check" \
    sekretar check "$tmp/semis"
grep seeding "$out" >"$tmp/warn"
expect_text "semi-finals that depart from the seeding: a warning" "$tmp/warn" \
"$tmp/semis/final.csv:6:16: warning: round 2: the draw departs from standard seeding in 2 of its 2 matches, first in match 1: the branches of seeds 1 and 2 meet, where seed 1's would meet seed 4's"

# A knock-out has no standings "after round N": said so, not "0 rounds".
expect_failure 64 "--rounds on a knock-out" \
    sekretar standings --section men-final --rounds 2 "$top/tests/example/ua-2004"
expect_stderr "--rounds on a knock-out: why" \
"sekretar: error: --rounds 2: a knock-out is ranked by its bracket as far as it was played, not after a round; leave the later rounds out of its match cards to see an earlier state
Try 'sekretar standings --help'."
done_testing
