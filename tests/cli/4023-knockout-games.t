#!/bin/sh
# A knock-out's games in PGN (issue 33): the 2004 final's men-final.pgn
# joined to its match cards, so that every game played over the board
# has its moves in the catalogue by round, match and game, a tie-break's
# stage with it; joined by the Round tag's game number ("1.3"), or in
# the order of the games when the tag has none; colours the other way
# round, a result that disagrees, a game no match has, a game twice and
# games not recorded, each said at its line.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
ev4=2004-05-03-ev

cp -R "$top/tests/example/ua-2004" ev
expect_success "check the 2004 example" sekretar check ev
expect_grep "no warning: every game of the final is joined" \
    '4 sections, 182 people in the registry, 0 errors, 0 warnings' "$out"
expect_success "build it" sekretar build ev

# The games of the match cards played over the board (a result 1-0, 0-1
# or a draw and a game number): each one is in men-final.pgn.
played=$(awk -F, 'NR > 1 && $3 != "" && ($9 == "1-0" || $9 == "0-1" ||
    $9 == "½-½")' ev/men-final.csv | wc -l)
games=$(grep -c '^\[Round ' ev/men-final.pgn)
[ "$played" = 95 ] && [ "$games" = 95 ]
ok $? "the final: 95 games over the board, 95 in its PGN ($played, $games)"
expect_success "the final's games with moves" sekretar query games \
    --event $ev4 --section men-final --with-moves --format tsv
n=$(tail -n +2 "$out" | wc -l)
[ "$n" = 95 ]
ok $? "all 95 have their moves in the catalogue ($n)"
expect_success "the final's games" sekretar query games --event $ev4 \
    --section men-final --format tsv
n=$(tail -n +2 "$out" | awk -F '\t' '$12 == ""' | wc -l)
[ "$n" = 2 ]
ok $? "the two without moves: a forfeit and a walkover ($n)"

# Round 1, match 3 went to the rapid games: game 3, its moves those of
# the PGN's "1.3".
expect_success "round 1, match 3, as JSON" sekretar query games \
    --event $ev4 --section men-final --round 1 --format json
grep '"Match": 3, "Game": 3,' "$out" >g3.json
expect_grep "game 3 of match 3: its players, result and stage" \
    '"White": "Зінченко Данило", "Black": "Чорновол Давид", "Result": "1-0", "ECO": "", "Moves": 21, "Stage": "rapid"' \
    g3.json
awk 'm && /^$/ { exit } m
    /^\[Round "1.3"\]/ { r = 1 } r && /^\[White "Зінченко, Данило"\]/ { w = 1 }
    r && w && /^$/ { m = 1 }' ev/men-final.pgn |
    tr '\n' ' ' | sed 's/ $//' >want
grep -q "\"Movetext\": \"$(cat want)\"" g3.json
ok $? "its moves are the PGN's game 1.3: $(cut -c1-40 want)..."
expect_success "the final's game 2, as PGN" sekretar query games \
    --event $ev4 --section men-final --round 5 --format pgn
awk '/^\[Round "5.2"\]/' "$out" >r
[ "$(wc -l <r)" = 2 ]
ok $? "round 5 has the final's and the match for 3rd place's game 2"
expect_grep "the export's Round tag: round and game" '^\[Round "5\.1"\]' "$out"

# ------------------------------------------------ joined without numbers
# The Round tags without the game ("1"), and without the round ("?"):
# the games join in their order, each to the same row.
mkdir plain
cp -R ev plain/ev
sed -i 's/^\[Round "\([0-9]*\)\.[0-9]*"\]/[Round "\1"]/' plain/ev/men-final.pgn
expect_success "check, the Round tags without the game" sekretar check \
    plain/ev
expect_grep "no warning" ', 0 errors, 0 warnings' "$out"
sed -i 's/^\[Round "[0-9]*"\]/[Round "?"]/' plain/ev/men-final.pgn
expect_success "check, the Round tags unknown" sekretar check plain/ev
expect_grep "no warning" ', 0 errors, 0 warnings' "$out"
SEKRETAR_ARCHIVE=arc2 sekretar build plain/ev >/dev/null 2>&1
ok $? "build it into another archive"
SEKRETAR_ARCHIVE=arc2 sekretar query games --event $ev4 --section men-final \
    --format csv >plain.csv
sekretar query games --event $ev4 --section men-final --format csv \
    >numbered.csv
cmp -s plain.csv numbered.csv
ok $? "the same games, each with the same moves, as with the numbers"
[ -s plain.csv ] || diag_file plain.csv

# ----------------------------------------------------------- its faults
# Line of the N-th game's [Event tag in F.
line_of() { grep -n '^\[Event ' "$2" | sed -n "$1p" | cut -d: -f1; }
mkdir bad
cp -R ev bad/ev
p=bad/ev/men-final.pgn
# Game 1 (1.1, Оліфіренко - Заїка ½-½): its colours turned round; game 2
# (1.2, Заїка - Оліфіренко 1-0) given as 0-1; game 3 (1.1 of match 2)
# again at the end, and as a game of round 2, where they did not meet.
python3 -c 'import re, sys
games = open(sys.argv[1], encoding="utf-8").read().rstrip("\n").split("\n\n[Event ")
games = [games[0]] + ["[Event " + g for g in games[1:]]
tags, moves = games[0].split("\n\n")
tags = re.sub(r"^\[(White|Black)", lambda m: "[" + ("Black" if m.group(1) == "White" else "White"), tags, flags=re.M)
games[0] = tags + "\n\n" + moves
games[1] = re.sub(r" 1-0$", " 0-1", games[1].replace("[Result \"1-0\"]", "[Result \"0-1\"]"))
games.append(games[2])
games.append(games[2].replace("[Round \"1.1\"]", "[Round \"2.1\"]"))
open(sys.argv[1], "w", encoding="utf-8").write("\n\n".join(games) + "\n\n")' $p
ok $? "four faults made in the final's PGN"
l1=$(line_of 1 $p) l2=$(line_of 2 $p) l3=$(line_of 3 $p)
n=$(grep -c '^\[Event ' $p)
expect_failure 65 "check with them" sekretar check bad/ev
expect_grep "the colours turned round: a warning at its line" \
    "men-final.pgn:$l1:1: warning: game Заїка, Іван - Оліфіренко, Іван of round 1: the results have the colours the other way round" \
    "$out"
expect_grep "the result that disagrees: an error at its line" \
    "men-final.pgn:$l2:1: error: game Заїка, Іван - Оліфіренко, Іван of round 1: the result is 0-1, but the results of section 'men-final' have Заїка Іван - Оліфіренко Іван 1-0" \
    "$out"
expect_grep "the game twice: the second left out, the first's line said" \
    "men-final.pgn:$(line_of $((n - 1)) $p):1: warning: game Карпенко, Захар - Зінченко, Юрій of round 1 is there twice \(line $l3\); the second is left out" \
    "$out"
expect_grep "a game of a round they did not meet in: left out" \
    "men-final.pgn:$(line_of $n $p):1: warning: game Карпенко, Захар - Зінченко, Юрій of round 2 is not in the results of section 'men-final'; the game is left out" \
    "$out"
[ "$(grep -c 'men-final.pgn' "$out")" = 4 ]
ok $? "nothing else said of the file"
[ "$(grep -c 'men-final.pgn' "$out")" = 4 ] || diag_file "$out"

# Games not recorded: the final's last three taken out.
mkdir few
cp -R ev few/ev
p=few/ev/men-final.pgn
l=$(line_of 93 $p)
head -n $((l - 1)) $p >p.tmp && mv p.tmp $p
expect_success "check with the last 3 games not recorded" sekretar check \
    few/ev
expect_grep "one warning at the games entry: 3 of 95" \
    "event.ini:[0-9]*:[0-9]*: warning: section 'men-final': 3 of the 95 games of its results have no game in PGN \(not every game is recorded\)" \
    "$out"

done_testing
