#!/bin/sh
# A section's results as a CSV of games: every result form, players by
# start number or name, and each error with its exact message.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1

cat >games.csv <<'CSV'
Тур;Дошка;Білі;Чорні;Результат
1;1;Мельник, Ярослав;Бойко, Євген;1-0
1;2;Ґудзь, Мар’яна;Шевчук, Олена;½-½
1;;Коваль, Петро;;bye
2;1;Бойко, Євген;Ґудзь, Марʼяна;0-1
2;2;Шевчук, Олена;Коваль, Петро;+/-
2;;МЕЛЬНИК Ярослав;;H
3;1;Мельник, Ярослав;Ґудзь, Мар'яна;1/2-1/2
3;2;Коваль, Петро;Бойко, Євген;-/-
3;3;Шевчук, Олена;;F
CSV
expect_success "every result form reads" sekretar check games.csv
expect_stdout "result forms: summary" \
"games.csv: 5 players, 3 rounds, 0 errors, 0 warnings"
expect_success "the same as TRF" sekretar convert games.csv --to trf16
expect_stdout "result forms: as TRF" \
"001    1      Мельник, Ярослав                                                                2 w 1  0000 - H     3 w =
001    2      Бойко, Євген                                                                    1 b 0     3 w 0     5 b -
001    3      Ґудзь, Мар'яна                                                                  4 w =     2 b 1     1 b =
001    4      Шевчук, Олена                                                                   3 b =     5 w +  0000 - F
001    5      Коваль, Петро                                                                0000 - U     4 b -     2 w -"
expect_success "Latin names for TRF" sekretar convert --latin games.csv --to trf16
expect_grep "Latin names: KMU-55" '^001    3      Gudz, Mariana  ' "$out"

printf 'round,board,white no,white,black no,black,result\n1,1,7,A B,3,C D,0:1\n1,2,5,,1,,=:=\n2,1,3,,7,,1-0\n' >numbers.csv
expect_success "players by start number" sekretar standings --format csv numbers.csv
expect_stdout "start numbers kept" \
"$(printf 'Rank,StartNo,Name,PTS\r\n1,3,C D,2.0\r\n2-3,1,,0.5\r\n2-3,5,,0.5\r\n4,7,A B,0.0\r')"

cat >bad.csv <<'CSV'
Тур;Дошка;Білі;Чорні;Результат
x;1;А Б;В Г;1-0
1;x;А Б;В Г;1-0
1;1;;В Г;1-0
1;1;А Б;В Г;2-0
1;2;Д Е;Є Ж;bye
1;;Д Е;;1-0
1;;Є Ж;;maybe
2;1;А Б;А Б;1-0
2;2;В Г;А Б;1-0
2;3;А Б;Д Е;0-1
3;1;...;В Г;1-0
CSV
expect_failure 65 "bad rows" sekretar check -q bad.csv
expect_stdout "bad rows: messages" \
"bad.csv:2:1: error: round 'x' is not a number from 1 to 99
bad.csv:3:3: error: board 'x' is not a number
bad.csv:4:5: error: the white player is missing
bad.csv:5:13: error: result '2-0' not understood (1-0, 0-1, ½-½, +/-, -/+, -/-)
bad.csv:6:13: error: result 'bye' is a bye, but the row has a black player
bad.csv:7:9: error: result '1-0' needs a black player; a bye is written bye, F, H or Z
bad.csv:8:9: error: bye result 'maybe' not understood (bye, F, H, Z)
bad.csv:9:9: error: player 1 plays against himself
bad.csv:11:1: error: round 2: player 1 already has a game in this round (line 10)
bad.csv:12:5: error: player name '...' has no letters"

printf 'a;b\n1;2\n' >nohead.csv
expect_failure 65 "no results columns" sekretar check -q nohead.csv
expect_stdout "no results columns: messages" \
"nohead.csv:1:1: error: the header names no 'тур/round' column; is the first line the header?
nohead.csv:1:1: error: the header names no 'білі/white' column; is the first line the header?
nohead.csv:1:1: error: the header names no 'чорні/black' column; is the first line the header?
nohead.csv:1:1: error: the header names no 'результат/result' column; is the first line the header?"

printf 'round;white no;white;black no;black;result\n1;1;A B;2;C D;1-0\n2;1;X Y;12345;C D;0-1\n3;2;A B;3;E F;1-0\n4;5;G H;6;A B;1-0\n' >names.csv
expect_failure 65 "names and numbers that disagree" sekretar check -q names.csv
expect_stdout "names and numbers: messages" \
"names.csv:3:5: error: start number 1 is 'A B' at line 2, here 'X Y'
names.csv:3:9: error: start number '12345' is not a number from 1 to 9999
names.csv:4:5: error: start number 2 is 'C D' at line 2, here 'A B'
names.csv:5:11: error: 'A B' has two start numbers (1 and 6)"

printf 'round;white;black;result\n' >empty-games.csv
expect_failure 65 "a header without games" sekretar check -q empty-games.csv
expect_stdout "no games: message" "empty-games.csv: error: no games"
done_testing
