#!/bin/sh
# A knock-out's match cards: every finding of 'check' with its exact
# message and position, and the fields a card row cannot be read with.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1

H='round,match,game,stage,white no,white,black no,black,result'
P1='1,Бойко Андрій'
P2='2,Гнатюк Богдан'
P3='3,Дячук Василь'
P4='4,Коваль Петро'
P5='5,Левченко Олег'
P6='6,Мельник Ігор'
P7='7,Павлюк Роман'
P8='8,Савчук Юрій'

# cards NAME ROW...: NAME.csv with the header and the rows.
cards() {
    f=$1
    shift
    { echo "$H"; for l in "$@"; do echo "$l"; done; } >"$f.csv"
}

# check_cards DESC NAME MESSAGES: check refuses NAME.csv with MESSAGES.
check_cards() {
    expect_failure 65 "$1" sekretar check -q "$2.csv"
    expect_stdout "$1: message" "$3"
}

# Four players: round 1 is the semi-finals (1-4, 2-3), round 2 the final
# and the match for third place.
M2="1,2,1,classic,$P2,$P3,1-0"
M2b="1,2,2,classic,$P3,$P2,0-1"

cards after "1,1,1,classic,$P1,$P4,1-0" "1,1,2,classic,$P4,$P1,0-1" \
    "1,1,3,rapid,$P1,$P4,1-0" "$M2" "$M2b"
check_cards "a game after the match was decided" after \
"after.csv:4:5: error: round 1, match 1: game 3 is played after the match was decided (Бойко Андрій (1) won it in game 2, classic)"

cards missing "1,1,1,classic,$P1,$P4,½-½" "1,1,2,rapid,$P4,$P1,0-1" "$M2" "$M2b"
check_cards "a missing game of a stage" missing \
"missing.csv:3:7: error: round 1, match 1: the classic stage has 1 of its 2 games before this rapid game"

cards notlevel "1,1,1,classic,$P1,$P4,1-0" "1,1,2,rapid,$P4,$P1,0-1" "$M2" "$M2b"
check_cards "a stage before the previous one was level" notlevel \
"notlevel.csv:3:7: error: round 1, match 1: a rapid game while the classic stage is not level (1–0 after 1 of its 2 games)"

cards colours "1,1,1,classic,$P1,$P4,1-0" "1,1,2,classic,$P1,$P4,1-0" "$M2" "$M2b"
check_cards "colours not changed inside a stage" colours \
"colours.csv:3:17: error: round 1, match 1: Бойко Андрій (1) has white in classic games 1 and 2; colours change inside a stage"

cards twice "1,1,1,classic,$P1,$P4,1-0" "1,1,2,classic,$P4,$P1,0-1" \
    "1,2,1,classic,$P2,$P1,1-0" "1,2,2,classic,$P3,$P2,0-1"
check_cards "a player in two matches of a round" twice \
"twice.csv:4:33: error: round 1: Бойко Андрій (1) plays in match 1 (line 2) and in match 2"

cards armageddon "1,1,1,classic,$P1,$P4,½-½" "1,1,2,classic,$P4,$P1,½-½" \
    "1,1,3,rapid,$P1,$P4,½-½" "1,1,4,rapid,$P4,$P1,½-½" \
    "1,1,5,blitz,$P1,$P4,½-½" "1,1,6,blitz,$P4,$P1,½-½" \
    "1,1,7,armageddon,$P4,$P1," "$M2" "$M2b"
check_cards "an armageddon without a result" armageddon \
"armageddon.csv:8:48: error: round 1, match 1: the armageddon game has no result; it decides the match (a draw: black wins)"

# Round 1 is the pairs its rows name: a draw by lot is a bracket too (no
# ratings, no registry: no seeding to warn about).
cards bracket1 "1,1,1,classic,$P1,$P3,1-0" "1,1,2,classic,$P3,$P1,0-1" \
    "1,2,1,classic,$P2,$P4,1-0"
expect_success "round 1 drawn by lot is the bracket" sekretar check bracket1.csv
expect_stdout "drawn by lot: summary" \
"bracket1.csv: 4 players, 1 round, 0 errors, 0 warnings"

cards third "1,1,1,classic,$P1,$P3,1-0" "1,1,2,classic,$P2,$P1,0-1"
check_cards "a third player in a match of round 1" third \
"third.csv:3:17: error: round 1, match 1 is Бойко Андрій (1) against Дячук Василь (3) (line 2), and Гнатюк Богдан (2) is not one of them"

# Five players in a bracket of 8: one match in round 1, three byes.
cards games5 "1,1,1,classic,$P1,$P5,1-0" "1,2,1,classic,$P2,$P4,1-0" \
    "1,3,,,$P3,,,bye" "2,1,,,$P1,,,bye"
check_cards "more matches in round 1 than the players leave; a bye later" games5 \
"games5.csv:3:17: error: round 1, match 2: 5 players play 1 match in round 1 of a bracket of 8, the others have byes; this match is one too many
games5.csv:5:9: error: round 2, match 1: a bye for Бойко Андрій (1), but byes are given in round 1 only"

cards byes3 "1,1,,,$P1,,,bye" "1,2,,,$P2,,,bye" "2,1,1,classic,$P1,$P3,1-0"
check_cards "more byes than the bracket has" byes3 \
"byes3.csv:3:9: error: round 1, match 2: a bye for Гнатюк Богдан (2), but 3 players in a bracket of 4 leave 1 bye
byes3.csv:4:32: error: round 2, match 1: Дячук Василь (3) plays, but round 1, match 2 is not decided"

cards byeof "1,1,,,$P1,,,bye" "1,1,1,classic,$P5,$P1,1-0" \
    "1,2,1,classic,$P2,$P3,1-0"
check_cards "a bye beside the match's games" byeof \
"byeof.csv:2:9: error: round 1, match 1: a bye for Бойко Андрій (1), but the match is Бойко Андрій (1) against Левченко Олег (5)"

cards byes5 "1,4,1,classic,$P4,$P5,1-0" "1,4,2,classic,$P5,$P4,1-0" \
    "1,1,,,$P3,,,bye" "1,2,,,$P1,,,bye" "1,3,,,$P2,,,bye"
expect_success "byes drawn by lot" sekretar check byes5.csv
expect_stdout "byes drawn by lot: summary" \
"byes5.csv: 5 players, 1 round, 0 errors, 0 warnings"

cards undecided "1,1,1,classic,$P1,$P4,1-0" "1,1,2,classic,$P4,$P1," "$M2" \
    "$M2b" "2,1,1,classic,$P1,$P2,1-0"
check_cards "a match played before the one feeding it was decided" undecided \
"undecided.csv:6:17: error: round 2, match 1: Бойко Андрій (1) plays, but round 1, match 1 is not decided"

cards open "1,1,1,classic,$P1,$P4,1-0" "1,1,2,classic,$P4,$P1," "$M2"
expect_success "an open match is not an error" sekretar check open.csv
expect_stdout "open match: summary" \
"open.csv: 4 players, 1 round, 0 errors, 0 warnings"

cards rows "4,1,1,classic,$P1,$P4,1-0" "1,3,1,classic,$P1,$P4,1-0" \
    "1,1,1,classic,$P1,$P4,1-0" "1,1,1,classic,$P4,$P1,1-0" \
    "1,1,3,classic,$P4,$P1,1-0" "1,1,4,armageddon,$P4,$P1,1-0" "$M2" "$M2b"
check_cards "rows outside the bracket, game numbers" rows \
"rows.csv:2:1: error: round 4 is not in the bracket: 4 players play 2 rounds
rows.csv:3:3: error: round 1 has 2 matches, not match 3
rows.csv:5:5: error: round 1, match 1: game 1 is on line 4 already
rows.csv:6:5: error: round 1, match 1: game 3 follows game 1; game 2 is missing
rows.csv:7:7: error: round 1, match 1: the rapid stage has 0 of its 2 games before this armageddon game"

cards walk "1,1,,,$P1,$P4,1-0" "1,2,,,$P2,$P3,+/-" "1,2,1,classic,$P2,$P3,1-0"
check_cards "walkovers" walk \
"walk.csv:2:37: error: round 1, match 1: a walkover (a row without a game number) needs the result +/- or -/+
walk.csv:3:5: error: round 1, match 2: a walkover (a row without a game number) cannot stand beside the match's games"

cards fields "x,1,1,classic,$P1,$P4,1-0" "1,x,1,classic,$P1,$P4,1-0" \
    "1,1,y,classic,$P1,$P4,1-0" "1,1,1,bullet,$P1,$P4,1-0" \
    "1,1,1,classic,$P1,,,1-0" "$M2" "$M2b"
check_cards "fields a row cannot be read with" fields \
"fields.csv:2:1: error: round 'x' is not a number from 1 to 99
fields.csv:3:3: error: match 'x' is not a number from 1 to 999
fields.csv:4:5: error: game 'y' is not a number from 1 to 99 (blank or 0: a walkover of the whole match)
fields.csv:5:7: error: stage 'bullet' not understood (classic, rapid, blitz, armageddon; класичні, швидкі, бліц, армагедон)
fields.csv:6:31: error: the black player is missing; a row of a match card names both players, but for a bye in round 1 (no game, result bye)"

# Eight players: round 2 is the semi-finals, so a loser of round 1 is out.
R1_1="1,1,1,classic,$P1,$P8,1-0"
R1_2="1,1,2,classic,$P8,$P1,0-1"
R1_3="1,2,1,classic,$P2,$P7,1-0"
R1_4="1,2,2,classic,$P7,$P2,0-1"
R1_5="1,3,1,classic,$P3,$P6,1-0"
R1_6="1,3,2,classic,$P6,$P3,0-1"
R1_7="1,4,1,classic,$P4,$P5,1-0"
R1_8="1,4,2,classic,$P5,$P4,0-1"

cards loser "$R1_1" "$R1_2" "$R1_3" "$R1_4" "$R1_5" "$R1_6" "$R1_7" "$R1_8" \
    "2,1,1,classic,$P1,$P5,1-0" "2,1,2,classic,$P5,$P1,0-1" \
    "2,2,1,classic,$P2,$P3,1-0" "2,2,2,classic,$P3,$P2,0-1"
check_cards "a loser who plays on" loser \
"loser.csv:10:32: error: round 2, match 1: Левченко Олег (5) lost in round 1 and is out of the tournament"

cards winner "$R1_1" "$R1_2" "$R1_3" "$R1_4" "$R1_5" "$R1_6" "$R1_7" "$R1_8" \
    "2,1,1,classic,$P1,$P4,1-0" "2,1,2,classic,$P4,$P1,0-1" \
    "3,1,1,classic,$P1,$P2,1-0" "3,1,2,classic,$P2,$P1,0-1"
check_cards "a winner missing from the next round" winner \
"winner.csv:12:1: error: round 3 has begun, but Гнатюк Богдан (2), who won round 1, match 2, has no game in round 2, match 2
winner.csv:12:1: error: round 3 has begun, but Дячук Василь (3), who won round 1, match 3, has no game in round 2, match 2
winner.csv:12:32: error: round 3, match 1: Гнатюк Богдан (2) plays, but round 2, match 2 is not decided"

# Round 2 fed by round 1's matches 1 and 2, 3 and 4 (numbered from the
# top of the bracket down, as the World Cup numbers them): the bracket is
# the winners who meet.
cards bracket "$R1_1" "$R1_2" "$R1_3" "$R1_4" "$R1_5" "$R1_6" "$R1_7" \
    "$R1_8" "2,1,1,classic,$P1,$P2,1-0" "2,1,2,classic,$P2,$P1,0-1" \
    "2,2,1,classic,$P4,$P3,1-0" "2,2,2,classic,$P3,$P4,0-1"
expect_success "round 2 fed by the winners who meet" sekretar check bracket.csv
expect_stdout "winners who meet: summary" \
"bracket.csv: 8 players, 2 rounds, 0 errors, 0 warnings"

cards follow "$R1_1" "$R1_2" "$R1_3" "$R1_4" "$R1_5" "$R1_6" "$R1_7" \
    "$R1_8" "2,1,1,classic,$P1,$P2,1-0" "2,1,2,classic,$P3,$P1,0-1"
check_cards "a match that does not follow the bracket" follow \
"follow.csv:11:17: error: round 2, match 1 does not follow the bracket: it is played by the winners of round 1, matches 1 and 2, and Дячук Василь (3) is not one of them"

cards one "1,1,1,classic,$P1,$P1,1-0"
check_cards "a player against himself" one \
"one.csv: error: a knock-out needs two players or more, the match cards name 1
one.csv:2:32: error: player 1 plays against himself"

# The ladder of event.ini: its keys and their errors.
mkdir ev
cat >ev/event.ini <<'INI'
[event]
title = Тест
start = 2004-08-21
end = 2004-08-30
city = Алушта
venue = Зал
chief-arbiter = Віктор ГОНЧАРЕНКО | головний суддя
chief-secretary = Ольга БІЛОКІНЬ | головний секретар

[section final]
title = Фінал
file = final.csv
system = knock-out
discipline = classic
stages = classic 2, rapid 4, armageddon 1
armageddon-draw = white
third-place = no
INI
cards ev/final "1,1,1,classic,$P1,$P4,½-½" "1,1,2,classic,$P4,$P1,½-½" \
    "1,1,3,rapid,$P1,$P4,1-0" "1,1,4,rapid,$P4,$P1,1-0" \
    "1,1,5,rapid,$P1,$P4,½-½" "1,1,6,rapid,$P4,$P1,½-½" \
    "1,1,7,armageddon,$P4,$P1,½-½" "$M2" "$M2b" \
    "2,1,1,classic,$P2,$P4,1-0" "2,1,2,classic,$P4,$P2,0-1"
expect_success "a ladder of event.ini" sekretar standings ev
expect_stdout "classic 2, rapid 4, armageddon 1; a drawn armageddon for white; no third place" \
"[final] Фінал
Тест

Place  No  Name           Round  Matches
    1   2  Гнатюк Богдан      2  R1 v 3: 2–0 won; R2 v 4: 2–0 won
    2   4  Коваль Петро       2  R1 v 1: 1–1, 2–2 швидкі, ½–½ армагедон won (armageddon drawn); R2 v 2: 0–2 lost
  3-4   1  Бойко Андрій       1  R1 v 4: 1–1, 2–2 швидкі, ½–½ армагедон lost (armageddon drawn)
  3-4   3  Дячук Василь       1  R1 v 2: 0–2 lost"

cp ev/event.ini good.ini
mv ev/final.csv ladder.csv
cards ev/final "1,1,1,classic,$P1,$P2,1-0" "1,1,2,classic,$P2,$P1,0-1"
sed -e 's/^stages = .*/stages = classic 2, rapid, blitz 2/' \
    -e 's/^armageddon-draw = .*/armageddon-draw = нічия/' \
    -e 's/^third-place = .*/third-place = maybe/' good.ini >ev/event.ini
expect_failure 65 "bad ladder keys" sekretar check -q ev
expect_stdout "bad ladder keys: messages" \
"ev/event.ini:15:21: error: a stage and its number of games expected (such as 'rapid 2'; classic, rapid, blitz, armageddon; 1 to 20 games), found 'rapid'
ev/event.ini:16:19: error: who wins a drawn armageddon: black or white (чорні, білі), not 'нічия'
ev/event.ini:17:15: error: yes or no expected (так, ні), found 'maybe'"
sed -e 's/^stages = .*/stages = rapid 2, classic 2/' good.ini >ev/event.ini
expect_failure 65 "stages out of order" sekretar check -q ev
expect_stdout "stages out of order: message" \
"ev/event.ini:15:19: error: stage 'classic' comes after 'rapid': the stages go classic, rapid, blitz, armageddon, each once"
sed -e 's/^stages = .*/stages = classic 2, armageddon 2/' good.ini >ev/event.ini
expect_failure 65 "a long armageddon" sekretar check -q ev
expect_stdout "a long armageddon: message" \
"ev/event.ini:15:21: error: armageddon is one game, not 2"
sed -e 's/^stages = .*/stages = classic 2, rapid 2/' good.ini >ev/event.ini
cp ladder.csv ev/final.csv
expect_failure 65 "a stage the ladder does not have" sekretar check -q ev
expect_stdout "a stage the ladder does not have: message" \
"ev/final.csv:6:5: error: round 1, match 1: game 5 is a rapid game too many (the stage has 2)
ev/final.csv:7:5: error: round 1, match 1: game 6 is a rapid game too many (the stage has 2)
ev/final.csv:8:7: error: round 1, match 1: stage 'armageddon' is not one of the section's stages (classic 2, rapid 2)
ev/final.csv:11:33: error: round 2, match 1: Коваль Петро (4) plays, but round 1, match 1 is not decided"
sed -e 's/^system = .*/system = swiss/' good.ini >ev/event.ini
expect_failure 65 "match cards of a Swiss section" sekretar check -q ev
expect_stdout "match cards of a Swiss section: message" \
"ev/event.ini:13:10: error: section 'final': 'final.csv' holds match cards (матч, етап), but the section is not a knock-out (system = knock-out)"
printf 'round,white,black,result\n1,1,2,1-0\n' >ev/final.csv
cp good.ini ev/event.ini
expect_failure 65 "a knock-out without match cards" sekretar check -q ev
expect_stdout "a knock-out without match cards: message" \
"ev/event.ini:13:10: error: section 'final' is a knock-out: 'final.csv' should be match cards (тур, матч, партія, етап, білі, чорні, результат)"

done_testing
