#!/bin/sh
# standings of a knock-out: every way a match is decided (classical games,
# rapid, blitz, a drawn armageddon won by black, a forfeited game, a
# walkover), an open match, shared places, byes to the best seeds (the
# registry's seed column, else the rating), in every format.
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
expect_failure 65 "without the seed column: by rating" \
    sekretar check -q "$tmp/byes"
expect_stdout "by rating: the byes are Гнатюк's and Дячук's" \
"$tmp/byes/final.csv:2:7: error: round 1, match 1: a bye for Коваль Петро (1), but the bracket gives none here (byes go to the best seeds, in round 1)
$tmp/byes/final.csv:3:7: error: round 1, match 2: a bye for Гнатюк Богдан (2), but the bracket gives none here (byes go to the best seeds, in round 1)
$tmp/byes/final.csv:4:16: error: round 1, match 3 does not follow the bracket: it is seed 3 against seed 6, and Дячук Василь (3) is seed 2
$tmp/byes/final.csv:10:16: error: round 1, match 4 does not follow the bracket: it is seed 4 against seed 5, and Мельник Ігор (5) is seed 3
$tmp/byes/final.csv:12:16: error: round 2, match 1: Коваль Петро (1) plays, but round 1, match 4 is not decided
$tmp/byes/final.csv:13:16: error: round 2, match 1 does not follow the bracket: it is played by the winners of round 1, matches 1 and 4, and Мельник Ігор (5) is not one of them"

# A knock-out has no standings "after round N": said so, not "0 rounds".
expect_failure 64 "--rounds on a knock-out" \
    sekretar standings --section men-final --rounds 2 "$top/tests/example/ua-2004"
expect_stderr "--rounds on a knock-out: why" \
"sekretar: error: --rounds 2: a knock-out is ranked by its bracket as far as it was played, not after a round; leave the later rounds out of its match cards to see an earlier state
Try 'sekretar standings --help'."
done_testing
