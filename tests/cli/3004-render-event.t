#!/bin/sh
# render DIR: the documents of every section of an event folder, ranked by
# each section's rules, with the registry's regions and the event's header.
. "$(dirname "$0")/../lib/lib.sh"

export SEKRETAR_TEST_DATE=2023-06-09
ex=$top/tests/example/u10-lviv-2023
txt() { pdftotext -layout "$1" - 2>/dev/null; }

expect_success "render the example event" sekretar render -o "$tmp/docs" "$ex"
n=$(ls "$tmp/docs"/*.pdf | wc -l)
[ "$n" = 22 ]
ok $? "three documents for each of the six sections, the coaches' diplomas and three of the mandate commission ($n)"
expect_grep "the files are named after the sections" \
    "/girls-classic-ranking.pdf$" "$out"

txt "$tmp/docs/girls-classic-ranking.pdf" >"$tmp/gc.txt"
expect_grep "the event's title" "Чемпіонат України з шахів \(класичні, швидка гра та бліц\)" "$tmp/gc.txt"
expect_grep "the section's title" "Дівчата, класичні шахи" "$tmp/gc.txt"
expect_grep "city, venue and dates" "Львів, Львівський палац мистецтв.*1–9 червня 2023 р\." "$tmp/gc.txt"
expect_grep "the section's time control" "Контроль часу: 90 хв \+ 30 с" "$tmp/gc.txt"
expect_grep "the regulation's tie-breaks as headings" \
    "Очки +Бхг-1 +Бхг-2 +Бхг-3 +Перем\. +ОЗ" "$tmp/gc.txt"
expect_grep "the direct encounter gave 35 the bronze" \
    "^ +3 +35 +Данилів Юлія +ІІ юн\. +Волинська +2013 +Савчук С\. В\. +6½ +44½ +40½ +36 +6 +1 +за ОЗ" "$tmp/gc.txt"
expect_grep "and 7 fourth" \
    "^ +4 +7 +Рибак Уляна +ІІ +1614 +Херсонська +2013 +Карпенко Г\. П\. +6½ +44½ +40½ +36 +6 +2 +за ОЗ" "$tmp/gc.txt"
expect_grep "the mark is in the legend" \
    "^за ОЗ — місце визначено за результатом особистої зустрічі" "$tmp/gc.txt"
expect_grep "the qualification places" \
    "місця 1–2, здобули право участі в змаганнях «Чемпіонат світу та чемпіонат Європи 2023 року \\(класичні шахи\\)»" "$tmp/gc.txt"
! grep -q "віртуального суперника" "$tmp/gc.txt"
ok $? "every girl played every round: no note on unplayed rounds"
txt "$tmp/docs/boys-classic-ranking.pdf" >"$tmp/bk.txt"
expect_grep "a boy withdrew: the unplayed-round rule" \
    "правилом «віртуального суперника» \(ФІДЕ, 2009\)" "$tmp/bk.txt"
expect_grep "the chief arbiter with his category" \
    "Головний суддя, суддя національної категорії +Богдан ЛЕВИЦЬКИЙ" "$tmp/gc.txt"
expect_grep "the chief secretary" "Головний секретар, суддя І категорії +Мар'яна КОСТІВ" "$tmp/gc.txt"
expect_grep "page numbers" "Сторінка 1 з [0-9]" "$tmp/gc.txt"
for no in $(awk '/^001/ {print $2}' "$ex/girls-classic.trf"); do
    grep -Eq "^ *[0-9–]+ +$no " "$tmp/gc.txt" || { echo "# player $no missing"; break; }
done
ok $? "every player of the section is in its ranking list"

pdftotext "$tmp/docs/girls-classic-ranking.pdf" /dev/null 2>"$tmp/pdfwarn"
[ ! -s "$tmp/pdfwarn" ]
ok $? "a reader finds no fault (the ToUnicode maps are right)"
diag_file "$tmp/pdfwarn" 3

txt "$tmp/docs/boys-classic-crosstable.pdf" >"$tmp/bc.txt"
expect_grep "the cross table of a Swiss section" "ТУРНІРНА ТАБЛИЦЯ" "$tmp/bc.txt"
expect_grep "under its section's title" "Юнаки, класичні шахи" "$tmp/bc.txt"

expect_success "one section" sekretar render --section girls-blitz -o "$tmp/one" "$ex"
n=$(ls "$tmp/one" | wc -l)
[ "$n" = 3 ]
ok $? "only its three documents"
expect_success "render again" sekretar render --section girls-blitz -o "$tmp/two" "$ex"
cmp -s "$tmp/one/girls-blitz-ranking.pdf" "$tmp/two/girls-blitz-ranking.pdf" &&
    cmp -s "$tmp/one/girls-blitz-crosstable.pdf" "$tmp/two/girls-blitz-crosstable.pdf"
ok $? "the same bytes in test mode"

expect_success "the same event in Windows-1251 CSV" \
    sekretar render --section girls-classic -o "$tmp/cp" "$ex-cp1251"
txt "$tmp/cp/girls-classic-ranking.pdf" >"$tmp/cp.txt"
cmp -s "$tmp/gc.txt" "$tmp/cp.txt"
ok $? "gives the same ranking list"

ev=$tmp/playoff
cp -R "$DATA/playoff-event" "$ev"
expect_success "a tie that needs a play-off" sekretar render -o "$ev/out" "$ev"
txt "$ev/out/final-ranking.pdf" >"$tmp/po.txt"
expect_grep "shared places marked" "^ *1–3 +1 +Один Олег .* ДМ\?$" "$tmp/po.txt"
expect_grep "and explained" \
    "^Місця 1–3: рівність за всіма показниками; місця визначає додатковий матч\.$" "$tmp/po.txt"
printf 'Секція;Порядок;Примітка\nfinal;6 > 1 > 3;бліц, 2 : 1 : 0\n' >"$ev/playoffs.csv"
expect_success "after the play-off" sekretar render -o "$ev/out" "$ev"
txt "$ev/out/final-ranking.pdf" >"$tmp/po.txt"
expect_grep "the play-off's order" "^ *1 +6 +Шість Устим .* ДМ$" "$tmp/po.txt"
expect_grep "the play-off's note" \
    "^Місця 1–3 розподілено за результатами додаткового матчу \(бліц, 2 : 1 : 0\): Шість Устим \(6\); Один Олег \(1\); Три" "$tmp/po.txt"

# The header names the event's rank, age group and the ministry's order;
# the list has the coaches (surname and initials) and the day it was made.
expect_grep "rank, age group and ministry order under the section" \
    "^ +ІV ранг; вікова група до 10 років; наказ Мінмолодьспорту від 15\.05\.2023 № 412$" "$tmp/bk.txt"
expect_grep "a coach column" "Тренер +Очки +Бхг-1" "$tmp/bk.txt"
expect_grep "two coaches, each by surname and initials" \
    "^ +1 +5 +Шевченко Остап .* Савчук В\. П\., Зінченко Г\. О\. +7½" "$tmp/bk.txt"
expect_grep "the day the list was made" "^Дата складання: 09\.06\.2023$" "$tmp/bk.txt"

# The cross table: the colour mark apart from the numbers; the boy who
# withdrew after round 5 is marked once, and the legend says what it means.
txt "$tmp/docs/boys-classic-crosstable.pdf" >"$tmp/bx.txt"
# (in reading order: the layout's columns squeeze a narrow cell's blanks)
pdftotext -raw "$tmp/docs/boys-classic-crosstable.pdf" - 2>/dev/null |
    tr '\n' ' ' >"$tmp/bx.raw"
expect_grep "a cell reads opponent, colour (a circle: no digit), result apart" \
    "1 5 Шевченко Остап І 1726 Львівська 6 ○ ½ ½ 4 ● ½ 1 9 ● 1 2 12 ○ 1 3 14 ● ½ " \
    "$tmp/bx.raw"
expect_grep "the withdrawal is marked after his last game" \
    "75 46 Тимошенко Ігор .* 7 ○ 0 2½ вибув 2½ 39½ " "$tmp/bx.raw"
expect_grep "the legend explains the mark" \
    "^вибув — вибув з турніру: з цього туру до кінця не грав$" "$tmp/bx.txt"
expect_grep "the legend shows a cell as printed" \
    "^12 ○ 1 — стартовий номер суперника, колір фігур" "$tmp/bx.txt"

expect_failure 64 "an unknown section" sekretar render --section nope -o "$tmp/x" "$ex"
expect_grep "names it" "section 'nope'" "$err"
done_testing
