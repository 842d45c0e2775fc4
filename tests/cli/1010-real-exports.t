#!/bin/sh
# What real exports look like (issue 16): results as printed ("1 – 0",
# "½ – ½", "+ – -"), '?' where Windows-1251 lost the ½, foreign players'
# federations, names cut short, without accents or with titles, start
# numbers in the registry, fake bye players, an empty birth-date column.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1

# Results as printed, with blanks and en or em dashes.
cat >printed.csv <<'CSV'
Тур;Білі;Чорні;Результат
1;Мельник, Ярослав;Бойко, Євген;1 – 0
1;Ґудзь, Мар'яна;Шевчук, Олена;½ – ½
2;Бойко, Євген;Ґудзь, Мар'яна;0 — 1
2;Шевчук, Олена;Мельник, Ярослав;1:0
3;Мельник, Ярослав;Ґудзь, Мар'яна;0,5-0,5
3;Бойко, Євген;Шевчук, Олена;+ – -
4;Шевчук, Олена;Бойко, Євген;- – +
4;Мельник, Ярослав;Ґудзь, Мар'яна;1 - 0
CSV
expect_success "printed results read" sekretar check printed.csv
expect_stdout "printed results: no problems" \
"printed.csv: 4 players, 4 rounds, 0 errors, 0 warnings"
expect_success "printed results as TRF" sekretar convert printed.csv --to trf16
expect_stdout "printed results: the TRF codes" \
"001    1      Мельник, Ярослав                                                                2 w 1     4 b 0     3 w =     3 w 1
001    2      Бойко, Євген                                                                    1 b 0     3 w 0     4 w +     4 b +
001    3      Ґудзь, Мар'яна                                                                  4 w =     2 b 1     1 b =     1 b 0
001    4      Шевчук, Олена                                                                   3 b =     1 w 1     2 b -     2 w -"

# '?' is what Excel writes for ½ in Windows-1251.
printf 'Тур;Білі;Чорні;Результат\r\n1;A B;C D;? – ?\r\n1;E F;;?\r\n' >question.csv
expect_failure 65 "'?' results" sekretar check -q question.csv
expect_stdout "'?' results: messages" \
"question.csv:2:11: error: result '? – ?' has '?' where Excel saved a sign that Windows-1251 does not have (½); write a draw as =, 1/2-1/2 or 0.5-0.5
question.csv:3:8: error: result '?' has '?' where Excel saved a sign that Windows-1251 does not have (½); write a draw as =, 1/2-1/2 or 0.5-0.5, a half-point bye as H"

# A row refused for its '?' (a Windows-1251 file, as Excel saves it):
# the error alone, its players not absent, no points or ranks out of step.
printf 'Тур;Білі;Чорні;Результат\r\n1;Мельник, Ярослав;Бойко, Євген;? – ?\r\n1;Ґудзь, Мар'"'"'яна;Шевчук, Олена;1 – 0\r\n2;Бойко, Євген;Ґудзь, Мар'"'"'яна;0 – 1\r\n2;Шевчук, Олена;Мельник, Ярослав;? – ?\r\n' |
    iconv -f utf-8 -t windows-1251 >lost.csv
expect_failure 65 "refused rows" sekretar check lost.csv
expect_stdout "refused rows: their players not absent" \
"lost.csv:2:33: error: result '? – ?' has '?' where Excel saved a sign that Windows-1251 does not have (½); write a draw as =, 1/2-1/2 or 0.5-0.5
lost.csv:5:34: error: result '? – ?' has '?' where Excel saved a sign that Windows-1251 does not have (½); write a draw as =, 1/2-1/2 or 0.5-0.5
lost.csv: 4 players, 2 rounds, 2 errors, 0 warnings"
# The same in a TRF: the field refused, nothing said of its round.
cat >lost.trf <<'TRF'
012 Lost halves
001    1      Melnyk, Yaroslav                                                   1.0    2     2 w ?     3 b 1
001    2      Boiko, Yevhen                                                      0.5    3     1 b ?     4 w 0
001    3      Gudz, Mariana                                                      1.0    1     4 w 1     1 w 0
001    4      Shevchuk, Olena                                                    1.0    4     3 b 0     2 b 1
TRF
expect_failure 65 "a refused TRF field" sekretar check lost.trf
expect_stdout "refused TRF fields: the errors alone" \
"lost.trf:2:99: error: round 1: result expected in column 99 (1 = 0 + - W D L H F U Z), found '?'
lost.trf:3:99: error: round 1: result expected in column 99 (1 = 0 + - W D L H F U Z), found '?'
lost.trf: 4 players, 2 rounds, 2 errors, 0 warnings"

# A lone TRF without a tie-break record (202/212): ranked by points
# alone, and the ranking says so, as standings --help does.
expect_success "a TRF without tie-break records" sekretar standings "$DATA/ua-small.trf"
expect_grep "no tie-breaks: said under the ranking" \
    '^No tie-breaks: places by points alone \(--rules or --tiebreaks\)\.$' "$out"
LANGUAGE=uk "$SEKRETAR" standings "$DATA/ua-small.trf" >"$out" 2>"$err"
expect_grep "no tie-breaks: in Ukrainian" \
    '^Без додаткових показників: місця лише за очками \(--rules або --tiebreaks\)\.$' "$out"
expect_success "with --rules" sekretar standings --rules fide --tiebreaks BH "$DATA/ua-small.trf"
[ "$(grep -c 'No tie-breaks' "$out")" = 0 ]
ok $? "with tie-breaks given: nothing said"
expect_success "standings --help" sekretar standings --help
expect_grep "standings --help: a file without them" 'ranked by points$' "$out"

# The fake player some pairing programs pair the odd one out with.
printf 'Тур;Білі;Чорні;Результат\n1;Мельник, Ярослав;SPIELFREI;1-0\n1;Бойко, Євген;Ґудзь, Мар'"'"'яна;0-1\n' >fake.csv
expect_success "a fake bye player" sekretar check fake.csv
expect_stdout "a fake bye player: a warning at his line" \
"fake.csv:2:20: warning: 'SPIELFREI' is the pairing program's stand-in for a bye, not a player: its 1 game is read as the bye of the opponent
fake.csv: 3 players, 1 round, 0 errors, 1 warning"

# The fake player as Swiss-Manager prints its pairing lists ("+ – -"
# against "spielfrei", also as white), "——" of another list, and a late
# entrant paired with it for no point: byes, and no player anywhere.
cat >bye.csv <<'CSV'
Тур;Дошка;Білі;Чорні;Результат
1;1;Мельник, Ярослав;Бойко, Євген;1 – 0
1;2;Ґудзь, Мар'яна;spielfrei;+ – -
2;1;Бойко, Євген;Ґудзь, Мар'яна;0 – 1
2;2;spielfrei;Мельник, Ярослав;- – +
2;3;Шевчук, Олена;spielfrei;0 – 1
3;1;Мельник, Ярослав;Ґудзь, Мар'яна;½ – ½
3;2;Шевчук, Олена;Бойко, Євген;½ – ½
3;3;——;Вовк, Ігор;0 – 1
CSV
expect_success "byes against a fake player" sekretar check bye.csv
expect_stdout "fake player: one warning, no player" \
"bye.csv:3:20: warning: 'spielfrei' is the pairing program's stand-in for a bye, not a player: its 4 games are read as the byes of the opponents
bye.csv:6:5: warning: player 4 'Шевчук, Олена': absent in rounds 1-2 (no game, no points); the cross table marks them '—'
bye.csv:9:8: warning: player 5 'Вовк, Ігор': absent in rounds 1-2 (no game, no points); the cross table marks them '—'
bye.csv: 5 players, 3 rounds, 0 errors, 3 warnings"
expect_success "fake player: standings" sekretar standings bye.csv
if grep -qi 'spielfrei\|——' "$out"; then ok 1 "fake player: not ranked"; else ok 0 "fake player: not ranked"; fi
expect_grep "fake player: the bye is a point" '^ +1-2 +1  Мельник, Ярослав +2\.5$' "$out"
expect_grep "fake player: no point for the late entrant" '^ +4-5 +4  Шевчук, Олена +0\.5$' "$out"
expect_success "fake player: the rating report" sekretar convert bye.csv --to trf16
expect_stdout "fake player: byes in the report, no player" \
"001    1      Мельник, Ярослав                                                                2 w 1  0000 - U     3 w =
001    2      Бойко, Євген                                                                    1 b 0     3 w 0     4 b =
001    3      Ґудзь, Мар'яна                                                               0000 - U     2 b 1     1 b =
001    4      Шевчук, Олена                                                                          0000 - Z     2 w =
001    5      Вовк, Ігор                                                                                       0000 - U"
# The same fake player as a TRF record: left out, his games byes, 062
# counting the players left.
cat >bye.trf <<'TRF'
012 Bye test
062 4
001    1      Melnyk, Yaroslav                                                   2.5    1     2 w 1     4 b +     3 b =
001    2      Boiko, Yevhen                                                      1.0    3     1 b 0     3 b 0     4 w 1
001    3      Gudz, Mariana                                                      2.5    2     4 b 1     2 w 1     1 w =
001    4      SPIELFREI                                                          0.0    4     3 w 0     1 w -     2 b 0
TRF
expect_success "a fake player in a TRF" sekretar check bye.trf
expect_stdout "TRF: one warning" \
"bye.trf:6:15: warning: player 4 'SPIELFREI' is the pairing program's stand-in for a bye, not a player: left out, his 3 games read as the byes of the opponents
bye.trf: 3 players, 3 rounds, 0 errors, 1 warning"
expect_success "TRF: the rating report" sekretar convert bye.trf --to trf16
expect_stdout "TRF: byes in the report, 062 of three" \
"012 Bye test
062 3
001    1      Melnyk, Yaroslav                                                   2.5    1     2 w 1  0000 - U     3 b =
001    2      Boiko, Yevhen                                                      1.0    3     1 b 0     3 b 0  0000 - U
001    3      Gudz, Mariana                                                      2.5    2  0000 - U     2 w 1     1 w ="

# event_ini DIR TITLE START END ROUNDS: an event of one section, open, its
# results open.csv.
event_ini() {
    mkdir -p "$1"
    cat >"$1/event.ini" <<INI
[event]
title = $2
start = $3
end = $4
city = Львів
venue = Палац
chief-arbiter = Остап КРАВЕЦЬ | головний суддя
chief-secretary = Марта ГНАТІВ | головний секретар
[section open]
title = Відкритий турнір
file = open.csv
discipline = classic
sex = boys
rounds = $5
INI
}

# An event of foreign players, names as the pairing program exports them.
event_ini ev 'Відкритий чемпіонат' 01.06.2023 03.06.2023 3
cat >ev/players.csv <<'CSV'
Прізвище,Ім'я,Стать,Дата народження,Область,Тренер,Федерація,Секції
Пономаренко-Вишневецький,Остап,ч,04.01.2013,Львівська,Коваль Ігор,,open
Müller,Jörg,ч,2013,Львівська,Коваль Ігор,GER,open
Meyer,Hans,ч,2013,Львівська,Коваль Ігор,ger,open
Kowalski,Jan,ч,2013,Львівська,Коваль Ігор,POL,open
Шевченко,Тарас,ч,2013,м. Київ,Коваль Ігор,,open
CSV
cat >ev/open.csv <<'CSV'
Тур;Білі;Чорні;Результат
1;Пономаренко-Вишне;Muller Jorg;1 – 0
1;Meyer, Dr. Hans;Kowalski Jan;½ – ½
1;Шевченко Тарас;spielfrei;1-0
2;Muller Jorg;Meyer, Dr. Hans;0 — 1
2;Kowalski Jan;Пономаренко-Вишне;+ – -
2;Шевченко Тарас;;bye
3;Пономаренко-Вишне;Meyer, Dr. Hans;0,5-0,5
3;Kowalski Jan;Muller Jorg;1:0
3;Шевченко Тарас;;F
CSV
cp -r ev ev0
expect_success "tolerant joins" sekretar check ev
expect_stdout "tolerant joins: one warning each" \
"ev/open.csv:2:3: warning: player 1 'Пономаренко-Вишне' is taken for 'Пономаренко-Вишневецький Остап' (ev/players.csv line 2): the name is cut short
ev/open.csv:4:18: warning: 'spielfrei' is the pairing program's stand-in for a bye, not a player: its 1 game is read as the bye of the opponent
ev/open.csv: 5 players, 3 rounds
ev: 1 section, 5 people in the registry, 0 errors, 2 warnings"
expect_success "federations from the registry" sekretar standings ev
expect_grep "a German player is GER, by his registry name" '^ +5 +2  Müller Jörg +GER  0\.0$' "$out"
expect_grep "a Polish player is POL" '^ +2 +4  Kowalski Jan +POL  2\.5$' "$out"
expect_grep "no federation is UKR" '^ +1 +5  Шевченко Тарас +UKR  3\.0$' "$out"

# A name too far from every registry entry names the nearest ones, once.
sed -i 's/Шевченко Тарас/Shevchenko Tars/' ev/open.csv
expect_failure 65 "a name not in the registry" sekretar check -q ev
expect_stdout "not in the registry: the nearest, and no second report" \
"ev/open.csv:4:3: error: player 5 'Shevchenko Tars' is not in the registry (ev/players.csv); the nearest: 'Шевченко Тарас' (line 6)"

# A cut name that starts two registry names.
rm -r ev && cp -r ev0 ev
printf 'Пономаренко-Вишневецька,Олена,ч,2013,Львівська,Коваль Ігор,,open\n' >>ev/players.csv
expect_failure 65 "a cut name that fits two people" sekretar check -q ev
expect_stdout "two people: message" \
"ev/open.csv:2:3: error: player 1 'Пономаренко-Вишне' is the start of 2 names of the registry (lines 2 and 7); give the FIDE ID, the start number or the whole name"

# Federation codes.
rm -r ev && cp -r ev0 ev
sed -i 's/,GER,/,Німеччина,/; s/,POL,/,PL,/' ev/players.csv
expect_failure 65 "bad federations" sekretar check -q ev
expect_stdout "bad federations: messages" \
"ev/players.csv:3:42: error: federation 'Німеччина' is not a FIDE code of three letters A-Z (UKR, POL, GER)
ev/players.csv:5:43: error: federation 'PL' is not a FIDE code of three letters A-Z (UKR, POL, GER)"

# A foreign player needs no oblast (an open championship): his federation
# stands where a region does, and the statistics count the foreigners
# apart from the regions.
rm -r ev && cp -r ev0 ev
sed -i '/,GER,\|,ger,\|,POL,/s/,Львівська,/,,/' ev/players.csv
expect_success "foreign players without an oblast" sekretar check -q ev
[ ! -s "$out" ]
ok $? "foreign players without an oblast: no error"
expect_success "foreign players: the mandate counts" sekretar mandate ev
expect_grep "foreign players: one row of other federations" \
    '^region +other federations +3 +3 +0 +0$' "$out"
expect_grep "foreign players: two regions, not five" '^total +regions +2$' "$out"
expect_success "foreign players: the documents" sekretar render -o ev-docs ev
if command -v pdftotext >/dev/null 2>&1; then
    pdftotext -layout ev-docs/open-ranking.pdf foreign.txt
    grep -q 'Müller Jörg  *GER ' foreign.txt && grep -q 'Kowalski Jan  *POL ' foreign.txt &&
        grep -q 'Шевченко Тарас  *м. Київ ' foreign.txt
    ok $? "foreign players: the ranking list's region column holds the federation"
    pdftotext -layout ev-docs/mandate-protocol.pdf foreign.txt
    grep -q '^ *інші федерації  *3  *0  *3  *0' foreign.txt
    ok $? "foreign players: the protocol counts them apart"
    tr '\n' ' ' <foreign.txt | tr -s ' ' >foreign.line
    expect_grep "foreign players: the regions' entries without them, theirs apart" \
        'Розглянуто іменні заявки регіонів: 2; учасників у них: 2; заявки учасників інших федерацій: 3\.' foreign.line
else
    ok 0 "# SKIP pdftotext (poppler-utils) is not installed"
    ok 0 "# SKIP pdftotext (poppler-utils) is not installed"
    ok 0 "# SKIP pdftotext (poppler-utils) is not installed"
fi
openpyxl_python
if [ -n "$py" ]; then
    "$py" - ev-docs/report.xlsx >foreign.txt <<'PY'
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])["Статистика"]
for row in ws.iter_rows(min_row=5, values_only=True):
    if row[0] == "Усього":
        break
    print(row[0], row[-1])
PY
    expect_text "foreign players: the statistics, regions then other federations" foreign.txt \
"Львівська 1
м. Київ 1
інші федерації 3"
else
    ok 0 "# SKIP no python3 with openpyxl"
fi

# Start numbers in the registry join names the results spell otherwise.
rm -r ev && cp -r ev0 ev
cat >ev/players.csv <<'CSV'
№,Прізвище,Ім'я,Стать,Дата народження,Область,Тренер,Федерація,Секції
1,Пономаренко-Вишневецький,Остап,ч,04.01.2013,Львівська,Коваль Ігор,,open
2,Müller,Jörg,ч,2013,Львівська,Коваль Ігор,GER,open
3,Meyer,Hans,ч,2013,Львівська,Коваль Ігор,ger,open
4,Kowalski,Jan,ч,2013,Львівська,Коваль Ігор,POL,open
5,Шевченко,Тарас,ч,2013,м. Київ,Коваль Ігор,,open
CSV
cat >ev/open.csv <<'CSV'
Тур;Ст. № білих;Білі;Ст. № чорних;Чорні;Результат
1;1;Ponomarenko-V.;2;Mueller J.;1 – 0
1;3;Meyer H.;4;Kowalsky J.;½ – ½
2;2;Mueller J.;3;Meyer H.;0 — 1
2;4;Kowalsky J.;1;Ponomarenko-V.;+ – -
2;5;Shevchenko T.;;;bye
CSV
expect_success "joined by start numbers" sekretar check ev
expect_stdout "start numbers: joined; the late entrant's absence warned" \
"ev/open.csv:6:5: warning: player 5 'Шевченко Тарас': absent in round 1 (no game, no points); the cross table marks it '—'
ev/open.csv: 5 players, 2 rounds
ev: 1 section, 5 people in the registry, 0 errors, 1 warning"
sed -i 's/^3,Meyer,Hans/3,Бойко,Євген/' ev/players.csv
expect_failure 65 "a start number of another person" sekretar check -q ev
expect_stdout "start number of another person: message" \
"ev/open.csv:3:5: error: player 3 'Meyer H.' has start number 3, which ev/players.csv line 4 gives to 'Бойко Євген'"
# A "№" column of row numbers in another order than the start numbers.
cat >ev/players.csv <<'CSV'
№,Прізвище,Ім'я,Стать,Дата народження,Область,Тренер,Федерація,Секції
1,Kowalski,Jan,ч,2013,Львівська,Коваль Ігор,POL,open
2,Meyer,Hans,ч,2013,Львівська,Коваль Ігор,ger,open
3,Müller,Jörg,ч,2013,Львівська,Коваль Ігор,GER,open
4,Пономаренко-Вишневецький,Остап,ч,04.01.2013,Львівська,Коваль Ігор,,open
5,Шевченко,Тарас,ч,2013,м. Київ,Коваль Ігор,,open
CSV
sed -i 's/Ponomarenko-V\./Пономаренко-Вишне/g; s/Mueller J\./Muller Jorg/g; s/Meyer H\./Meyer, Dr. Hans/g; s/Kowalsky J\./Kowalski Jan/g' ev/open.csv
expect_success "a column of row numbers" sekretar check ev
expect_stdout "row numbers: one warning, joined by names" \
"ev/players.csv:2:1: warning: the start numbers of the registry are not those of section 'open' (4 of 5 players have another name there); the section is joined by names
ev/open.csv:2:5: warning: player 1 'Пономаренко-Вишне' is taken for 'Пономаренко-Вишневецький Остап' (ev/players.csv line 5): the name is cut short
ev/open.csv:6:5: warning: player 5 'Shevchenko T.' is taken for 'Шевченко Тарас' (ev/players.csv line 6): the name is cut short
ev/open.csv:6:5: warning: player 5 'Шевченко Тарас': absent in round 1 (no game, no points); the cross table marks it '—'
ev/open.csv: 5 players, 2 rounds
ev: 1 section, 5 people in the registry, 0 errors, 4 warnings"

# An empty birth-date column warns as a missing one does.
rm -r ev && cp -r ev0 ev
sed -i '1!s/,04.01.2013,\|,2013,/,,/' ev/players.csv
expect_success "an empty birth-date column" sekretar check ev
expect_grep "empty birth-date column: message" \
    "^ev/players.csv:1:21: warning: the 'дата народження/birth date' column is empty in every row; the documents need it$" "$out"
printf 'Прізвище,Ім'"'"'я,Стать,Область,Тренер,Секції\nШевченко,Тарас,ч,м. Київ,Коваль Ігор,open\n' >ev/players.csv
expect_failure 65 "a missing birth-date column" sekretar check ev
expect_grep "missing birth-date column: message" \
    "^ev/players.csv:1:1: warning: no 'дата народження/birth date' column; the documents need it$" "$out"

# The rating report of a section: sekretar convert DIR --section S.
expect_failure 64 "convert of a folder without --section" sekretar convert ev0 --to trf16
expect_stderr "no --section: message" \
"sekretar: error: 'ev0' is a folder; name the section of the rating report with --section
Try 'sekretar convert --help'."
expect_failure 64 "--section of a lone file" sekretar convert printed.csv --section open --to trf16
expect_stderr "--section of a lone file: message" \
"sekretar: error: --section is for an event folder; 'printed.csv' is one results file
Try 'sekretar convert --help'."
expect_failure 64 "an unknown section" sekretar convert ev0 --section nope --to trf16
expect_grep "an unknown section: message" "no section 'nope' in ev0 \(it has: open\)" "$err"

# TRF-16 layout, column by column, of every 001 line; columns count
# characters, so each one that is not ASCII is made one '?' first (awk
# here counts bytes).
trf_layout() {
    sed 's/[^ -~]/?/g' "$1" | awk '
    function bad(what) { printf "# line %d: %s: %s\n", NR, what, $0; n++ }
    /^001/ {
        players++
        if (substr($0, 4, 1) != " ") bad("column 4")
        if (substr($0, 5, 4) !~ /^ *[0-9]+$/) bad("start number 5-8")
        if (substr($0, 9, 1) != " ") bad("column 9")
        if (substr($0, 10, 1) !~ /^[mw ]$/) bad("sex 10")
        if (substr($0, 11, 3) !~ /^ *(g|i|f|c|wg|wi|wf|wc)?$/) bad("title 11-13")
        if (substr($0, 14, 1) != " ") bad("column 14")
        if (substr($0, 15, 1) !~ /[A-Za-z?]/) bad("name 15-47")
        if (substr($0, 48, 1) != " ") bad("column 48")
        if (substr($0, 49, 4) !~ /^( *[0-9]+|    )$/) bad("rating 49-52")
        if (substr($0, 53, 1) != " ") bad("column 53")
        if (substr($0, 54, 3) !~ /^[A-Z][A-Z][A-Z]$/) bad("federation 54-56")
        if (substr($0, 57, 1) != " ") bad("column 57")
        if (substr($0, 58, 11) !~ /^ *[0-9]*$/) bad("FIDE ID 58-68")
        if (substr($0, 69, 1) != " ") bad("column 69")
        if (substr($0, 70, 10) !~ /^[12][0-9][0-9][0-9](\/[01][0-9]\/[0-3][0-9])? *$/) bad("birth 70-79")
        if (substr($0, 80, 1) != " ") bad("column 80")
        if (substr($0, 81, 4) !~ /^ *[0-9]+\.[05]$/) bad("points 81-84")
        if (substr($0, 85, 1) != " ") bad("column 85")
        if (substr($0, 86, 4) !~ /^ *[0-9]+$/) bad("rank 86-89")
        if ((length($0) - 89) % 10 != 0) bad("round fields of 10")
        for (c = 90; c < length($0); c += 10) {
            if (substr($0, c, 2) != "  ") bad("blanks at " c)
            if (substr($0, c + 2, 4) !~ /^( *[0-9]+|    )$/) bad("opponent at " c + 2)
            if (substr($0, c + 6, 1) != " ") bad("column " c + 6)
            if (substr($0, c + 7, 1) !~ /[wb -]/) bad("colour at " c + 7)
            if (substr($0, c + 8, 1) != " ") bad("column " c + 8)
            if (substr($0, c + 9, 1) !~ /[-+WDL10=HFUZ ]/) bad("result at " c + 9)
        }
    }
    END { if (!players) bad("no player"); exit n > 0 }'
}

E=$top/tests/example/u10-lviv-2023
for s in girls-classic boys-blitz; do
    expect_success "rating report of $s" \
        sekretar convert "$E" --section $s --to trf16 -o $s.trf
    expect_success "$s: the report passes check" sekretar check $s.trf
    expect_stdout "$s: without a problem" \
        "$s.trf: $(grep -c '^001' $s.trf) players, $(sed -n 's/^XXR //p' $s.trf) rounds, 0 errors, 0 warnings"
    # The report writes the names as TRF does, "Прізвище, Ім'я".
    sekretar standings --format tsv $s.trf | sed 's/, / /' >from-trf.tsv 2>&1
    sekretar standings --format tsv --section $s "$E" >from-event.tsv 2>&1
    cmp -s from-trf.tsv from-event.tsv
    ok $? "$s: the same standings from the report as from the event"
    trf_layout $s.trf
    ok $? "$s: the TRF-16 layout, column by column"
    expect_success "$s: TRF-2026 too" \
        sekretar convert "$E" --section $s --to trf26 -o $s-26.trf
    sekretar standings --format tsv $s-26.trf | sed 's/, / /' >from-trf26.tsv 2>&1
    cmp -s from-trf26.tsv from-event.tsv
    ok $? "$s: TRF-2026 gives the same standings"
done
expect_grep "the header from event.ini" "^102 Богдан ЛЕВИЦЬКИЙ$" girls-classic.trf
expect_grep "the tie-breaks as used" "^202 BH/C1,BH/C2,BH/C3,WIN,DE/A$" girls-classic.trf
expect_grep "TRF-2026: rounds in 142" "^142 9$" girls-classic-26.trf

# Foreign players: federation, title, FIDE ID and rating from the registry.
rm -r ev && cp -r ev0 ev
cat >ev/players.csv <<'CSV'
№,Прізвище,Ім'я,Стать,Дата народження,Область,Тренер,Звання,FIDE ID,Рейтинг,Федерація,Секції
1,Пономаренко-Вишневецький,Остап,ч,04.01.2013,Львівська,Коваль Ігор,КМС,34100010,1650,,open
2,Müller,Jörg,ч,2013,Львівська,Коваль Ігор,,4600010,1720,GER,open
3,Meyer,Hans,ч,12.05.2013,Львівська,Коваль Ігор,IM,4600029,2410,ger,open
4,Kowalski,Jan,ч,2013,Львівська,Коваль Ігор,CM,1100010,2010,POL,open
5,Шевченко,Тарас,ч,2013,м. Київ,Коваль Ігор,,,,,open
CSV
cat >ev/open.csv <<'CSV'
Тур;Ст. № білих;Білі;Ст. № чорних;Чорні;Результат
1;1;Ponomarenko-V.;2;Mueller J.;1 – 0
1;3;Meyer H.;4;Kowalsky J.;½ – ½
1;5;Shevchenko T.;;;bye
2;2;Mueller J.;3;Meyer H.;0 — 1
2;4;Kowalsky J.;1;Ponomarenko-V.;+ – -
2;5;Shevchenko T.;;;H
CSV
expect_success "rating report of foreign players" sekretar convert ev --section open --to trf16
expect_stdout "foreign players: the report" \
"012 Відкритий чемпіонат, Відкритий турнір
022 Львів
032 UKR
042 2023/06/01
052 2023/06/03
062 5
072 4
082 0
092 Individual: Swiss-System
102 Остап КРАВЕЦЬ
112
122
XXR 2
001    1 m    Пономаренко-Вишневецький, Остап   1650 UKR    34100010 2013/01/04  1.0    4     2 w 1     4 b -
001    2 m    Müller, Jörg                      1720 GER     4600010 2013        0.0    5     1 b 0     3 w 0
001    3 m  i Meyer, Hans                       2410 GER     4600029 2013/05/12  1.5    1     4 w =     2 b 1
001    4 m  c Kowalski, Jan                     2010 POL     1100010 2013        1.5    2     3 b =     1 w +
001    5 m    Шевченко, Тарас                        UKR             2013        1.5    3  0000 - U  0000 - H"
cp "$out" open.trf
expect_success "foreign players: the report passes check" sekretar check open.trf
sekretar standings --format tsv open.trf | cut -f1,2,4- >from-trf.tsv
sekretar standings --format tsv ev | cut -f1,2,4- >from-event.tsv
cmp -s from-trf.tsv from-event.tsv
ok $? "foreign players: the same standings"
trf_layout open.trf
ok $? "foreign players: the TRF-16 layout, column by column"
sekretar convert ev --section open --to trf16 --latin -o open-latin.trf
trf_layout open-latin.trf
ok $? "foreign players, --latin: the TRF-16 layout"
expect_grep "--latin: names in Latin letters" \
    "^001    5 m    Shevchenko, Taras                      UKR             2013  " open-latin.trf
expect_grep "--latin: the header too" "^102 Ostap KRAVETS$" open-latin.trf

# The archive: one person across events by FIDE ID or by name and full
# birth date; the same name with only a year is a candidate to merge.
cp -R "$DATA/mini-event" ev1
cp -R "$DATA/mini-event" cup
sed -i 's/^start = .*/start = 01.06.2024/; s/^end = .*/end = 03.06.2024/' \
    cup/event.ini
export SEKRETAR_ARCHIVE="$tmp/arch" SOURCE_DATE_EPOCH=1700000000
sekretar build ev1 >/dev/null 2>&1
ok $? "archive: build an event"
sekretar build cup >/dev/null 2>&1
ok $? "archive: build another with the same people"
expect_success "a full birth date is one person" sekretar query search 'Бойко'
expect_stdout "full birth date: one person, two events" \
"Person  Name         Birth       FIDE  Events
     3  Бойко Євген  2013-11-30             2"
expect_success "a year alone is two records" sekretar query search 'Їжакевич'
expect_stdout "a year alone: two records" \
"Person  Name           Birth  FIDE  Events
     2  Їжакевич Ілля  2014              1
     8  Їжакевич Ілля  2014              1"
expect_success "archive show names the candidates" sekretar archive show 2024-06-01-cup
expect_grep "archive show: the candidate and the command" \
    "^#8 Їжакевич Ілля \(2014\): possibly the same person as #2 \(Їжакевич Ілля, 2014; 2023-06-01-ev1\); 'sekretar archive merge-people 2 8' joins them$" "$out"
[ "$(grep -c 'possibly the same person' "$out")" = 1 ]
ok $? "archive show: only that one"
expect_success "query player names the candidates" sekretar query player '#2'
expect_grep "query player: the candidate and the command" \
    "^#2 Їжакевич Ілля \(2014\): possibly the same person as #8 \(Їжакевич Ілля, 2014; 2024-06-01-cup\); 'sekretar archive merge-people 8 2' joins them$" "$out"
expect_success "merge the candidates" sekretar archive merge-people 2 8
expect_success "merged: no candidate left" sekretar archive show 2024-06-01-cup
if grep -q 'possibly the same person' "$out"; then ok 1 "merged: none"; else ok 0 "merged: none"; fi
expect_success "merged: one person" sekretar query search 'Їжакевич' --format csv
expect_grep "merged: two events" '^2,Їжакевич Ілля,2014,,2' "$out"

# German spellings (a list typed as Swiss-Chess prints it: "Kuehnert",
# "Müller" where the registry has "Kühnert", "Mueller"), a name cut inside
# its trailing title ("Böttcher,Frank,D" of "Dr.") and one cut after its
# comma: all joined, the cut ones with a warning.
event_ini de 'Меморіал Ріхтера' 27.10.2023 29.10.2023 2
cat >de/players.csv <<'CSV'
Прізвище,Ім'я,Стать,Дата народження,Область,Тренер,Федерація
Kühnert,Hanno,ч,1975,Львівська,Коваль Ігор,GER
Mueller,Johannes,ч,1980,Львівська,Коваль Ігор,GER
Böttcher,Frank,ч,1960,Львівська,Коваль Ігор,GER
Tschernatschenko,Johannes,ч,1990,Львівська,Коваль Ігор,GER
CSV
cat >de/open.csv <<'CSV'
Round;Board;White;Black;Result
1;1;Kuehnert,Hanno;Müller,Johannes;1 – 0
1;2;Böttcher,Frank,D;Tschernatschenko,;½ – ½
2;1;Müller,Johannes;Böttcher,Frank,D;0 – 1
2;2;Tschernatschenko,;Kuehnert,Hanno;0 – 1
CSV
expect_success "German spellings and a cut title" sekretar check de
expect_stdout "German spellings: joined, the cut names warned" \
"de/open.csv:3:5: warning: player 3 'Böttcher,Frank,D' is taken for 'Böttcher Frank' (de/players.csv line 4): the name is cut short
de/open.csv:3:22: warning: player 4 'Tschernatschenko,' is taken for 'Tschernatschenko Johannes' (de/players.csv line 5): the name is cut short
de/open.csv: 4 players, 2 rounds
de: 1 section, 4 people in the registry, 0 errors, 2 warnings"

# The archive finds "Mueller" as "Müller" (and the other way round), also
# in a catalogue made before (its Latin forms folded again).
export SEKRETAR_ARCHIVE="$tmp/arch-de"
expect_success "German spellings: build" sekretar build de
expect_success "search Müller" sekretar query search Müller
expect_stdout "Müller finds Mueller" \
"Person  Name              Birth  FIDE  Events
     4  Mueller Johannes  1980              1"
expect_success "search Kuehnert" sekretar query search Kuehnert
expect_grep "Kuehnert finds Kühnert" '^ +1  Kühnert Hanno +1975 ' "$out"
if command -v sqlite3 >/dev/null 2>&1; then
    sqlite3 "$SEKRETAR_ARCHIVE/catalog.sqlite" "UPDATE people SET lfold =
        'mueler iohanes' WHERE name = 'Mueller Johannes';
        DROP INDEX games_eco; DROP INDEX games_moves; DROP INDEX games_event;
        ALTER TABLE games DROP COLUMN pgn; ALTER TABLE games DROP COLUMN eco;
        ALTER TABLE games DROP COLUMN moves; ALTER TABLE games DROP COLUMN plies;
        ALTER TABLE games DROP COLUMN fen; ALTER TABLE games DROP COLUMN event_key;
        ALTER TABLE games DROP COLUMN ord;
        ALTER TABLE games DROP COLUMN white_name;
        ALTER TABLE games DROP COLUMN black_name;
        PRAGMA user_version = 7;"
    ok $? "a catalogue of version 7 (the Latin forms of before)"
    sed -i 's/^title = Меморіал Ріхтера$/title = Меморіал Курта Ріхтера/' de/event.ini
    expect_success "the next build migrates it" sekretar build de
    expect_success "migrated: search Müller" sekretar query search Müller
    expect_grep "migrated: Müller finds Mueller" '^ +4  Mueller Johannes +1980 ' "$out"
else
    for k in 1 2 3 4; do
        test_n=$((test_n + 1))
        echo "ok $test_n # SKIP the migration: no sqlite3 shell (package sqlite3)"
    done
fi

# Two people of different birth dates are not merged without --force.
cp -R de de2
sed -i 's/^start = .*/start = 27.10.2024/; s/^end = .*/end = 29.10.2024/' de2/event.ini
sed -i 's/^Mueller,Johannes,ч,1980,/Mueller,Johannes,ч,12.05.1981,/' de2/players.csv
expect_success "another event, another Mueller" sekretar build de2
expect_success "two Muellers" sekretar query search Mueller
expect_grep "two Muellers: the second" '^ +8  Mueller Johannes +1981-05-12 ' "$out"
expect_failure 65 "merge two birth dates" sekretar archive merge-people 4 8
expect_stderr "merge two birth dates: why" \
"sekretar: error: #4 and #8 have different birth dates (1980 and 1981-05-12): two people, or a date typed wrong; --force joins them all the same"
expect_success "merge two birth dates: --force" sekretar archive merge-people --force 4 8
expect_success "merged by force: one Mueller" sekretar query search Mueller
expect_grep "merged by force: two events" '^ +4  Mueller Johannes +1980 +2$' "$out"
export SEKRETAR_ARCHIVE="$tmp/arch"

# Every output prints the registry's name, "Прізвище Ім'я", not the cut
# or titled spelling of the pairing program ('Пономаренко-Вишне',
# 'Meyer, Dr. Hans', 'Muller Jorg').
cut_names() {
    grep -c 'Пономаренко-Вишне\([^в]\|$\)\|Meyer, Dr\|Muller Jorg' "$@" | awk -F: '{ n += $NF } END { print n }'
}
expect_success "full names: render" sekretar render -o ev0-docs ev0
if command -v pdftotext >/dev/null 2>&1; then
    for d in ranking crosstable; do
        pdftotext -layout ev0-docs/open-$d.pdf $d.txt
        grep -q 'Пономаренко-Вишневецький Остап' $d.txt &&
            grep -q 'Müller Jörg' $d.txt && grep -q 'Meyer Hans' $d.txt &&
            [ "$(cut_names $d.txt)" = 0 ]
        ok $? "full names: the $d prints the registry's names"
    done
else
    ok 0 "# SKIP pdftotext (poppler-utils) is not installed"
    ok 0 "# SKIP pdftotext (poppler-utils) is not installed"
fi
expect_success "full names: standings" sekretar standings --format csv ev0
expect_grep "full names: standings" "^4,1,Пономаренко-Вишневецький Остап," "$out"

# The fake bye player is no person of the archive: not searched, not
# counted, no games.
expect_success "archive: an event with a fake bye player" sekretar build ev0
expect_grep "build: one section, not '1 sections'" \
    '^catalogue: .* \(event 2023-06-01-ev0: 1 section, 5 people, 5 entries\)$' "$out"
expect_grep "build: the count of warnings check gives" \
    "^2 warnings: 'sekretar check ev0' lists them$" "$out"
expect_success "archive: search the fake player" sekretar query search spielfrei
expect_stdout "archive: the fake player is nobody" "Person  Name  Birth  FIDE  Events"
expect_success "archive: the section" sekretar archive show 2023-06-01-ev0
expect_grep "archive: five players, six games" '^open .* 3 +5 +6 ' "$out"
expect_success "full names: the head-to-head" \
    sekretar query h2h 'Пономаренко-Вишневецький' 'Meyer'
expect_grep "full names: both in full" \
    '^2023  2023-06-01-ev0  open +3  Пономаренко-Вишневецький Остап  Meyer Hans  ½-½' "$out"
unzip -p "$SEKRETAR_ARCHIVE/2023/2023-06-01-ev0.zip" results/open.csv >open-results.csv
grep -q 'Пономаренко-Вишневецький Остап' open-results.csv && [ "$(cut_names open-results.csv)" = 0 ]
ok $? "full names: the results CSV of the archive"
expect_success "full names: the site" sekretar archive site -o www
grep -rl 'Пономаренко-Вишне' www | xargs grep -l 'Пономаренко-Вишневецький Остап' >/dev/null &&
    [ "$(grep -rl 'Пономаренко-Вишне\([^в]\|$\)\|Meyer, Dr\|Muller Jorg' www | wc -l)" = 0 ]
ok $? "full names: the site's pages"

done_testing
