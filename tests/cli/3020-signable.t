#!/bin/sh
# Every document signable as printed (issue 30): the wording follows the
# event (its era, its officials), read back from the PDF text and the
# XLSX.  Each block fails on the main before it.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-10
ex=$top/tests/example/ua-2004
openpyxl_python

# ini EVENT KEY VALUE: set [event] KEY (added after 'title' when absent).
ini() {
    python3 - "$1/event.ini" "$2" "$3" <<'PY'
import sys
path, key, value = sys.argv[1:]
lines = open(path, encoding="utf-8").read().split("\n")
head = lines.index("[event]")
end = next((i for i in range(head + 1, len(lines))
            if lines[i].startswith("[")), len(lines))
for i in range(head + 1, end):
    if lines[i].split("=")[0].strip() == key:
        lines[i] = key + " = " + value
        break
else:
    lines.insert(head + 2, key + " = " + value)
open(path, "w", encoding="utf-8").write("\n".join(lines))
PY
}

# pdftext FILE [PAGE]: the text of a PDF (one page), lines joined.
pdftext() {
    if [ -n "$2" ]; then
        pdftotext -f "$2" -l "$2" "$1" - 2>/dev/null
    else
        pdftotext "$1" - 2>/dev/null
    fi | tr '\n' ' ' | tr -s ' '
}

# pdf_has DESC REGEX PDF [PAGE]: a line of the PDF's text (pdftext)
# matches REGEX.
pdf_has() {
    pdftext "$3" $4 >"$tmp/pdf_has.txt"
    expect_grep "$1" "$2" "$tmp/pdf_has.txt"
}

# absent DESC REGEX FILE: ok when no line of FILE matches REGEX (grep -E).
absent() {
    if grep -Eq -- "$2" "$3"; then
        ok 1 "$1"
        grep -E -- "$2" "$3" | head -3 | sed 's/^/#   /'
    else
        ok 0 "$1"
    fi
}

# xlsx_rows FILE: every row of every sheet of an XLSX, its cells joined
# by " | " (needs python3-openpyxl: $py).
xlsx_rows() {
    "$py" - "$1" <<'PY'
import sys, openpyxl
for ws in openpyxl.load_workbook(sys.argv[1]).worksheets:
    for r in ws.iter_rows(values_only=True):
        print(" | ".join(str(c) for c in r if c is not None))
PY
}

# ---- 3: the judge's role and category, one reading everywhere
cp -R "$ex" arb
ini arb chief-arbiter 'Віктор ГОНЧАРЕНКО | суддя національної категорії'
ini arb deputy-arbiter 'Ніна СТАВНИЧА | суддя вищої категорії'
ini arb chief-secretary 'Ольга БІЛОКІНЬ | головний секретар суддя І категорії'
ini arb diploma-signatory-1 ''
expect_success "arbiters: check passes with warnings" sekretar check arb
expect_grep "arbiters: an unknown category is warned at its line" \
    "^arb/event.ini:[0-9]+:[0-9]+: warning: 'deputy-arbiter': the judge's category 'суддя вищої категорії' is none of the known ones" "$out"
absent "arbiters: a known category is not warned" "chief-arbiter.*категор" "$out"
expect_success "arbiters: the documents" sekretar render -o arb-docs arb
pdftext arb-docs/women-ranking.pdf >rank.txt
expect_grep "arbiters: the ranking list's chief arbiter has role and category" \
    "Головний суддя, суддя національної категорії Віктор ГОНЧАРЕНКО" rank.txt
expect_grep "arbiters: a role run into the category is split at it" \
    "Головний секретар, суддя І категорії Ольга БІЛОКІНЬ" rank.txt
pdf_has "arbiters: the protocol's chief arbiter keeps the category" \
    "Головний суддя, суддя національної категорії Віктор ГОНЧАРЕНКО" arb-docs/mandate-protocol.pdf
# 15: an empty diploma-signatory-1 is the fallback to the chief arbiter.
pdf_has "diplomas: an empty signatory falls back to the chief arbiter" \
    "Головний суддя, суддя національної категорії Віктор ГОНЧАРЕНКО" arb-docs/women-diplomas.pdf 1
if [ -n "$py" ]; then
    xlsx_rows arb-docs/report.xlsx | grep -A4 "^Склад суддівської колегії$" |
        sed -n 3,5p >panel.txt
    expect_text "report: the panel by role and category" "panel.txt" \
"Віктор ГОНЧАРЕНКО | Головний суддя | національна
Ніна СТАВНИЧА | Заступник головного судді | не вказано
Ольга БІЛОКІНЬ | Головний секретар | І категорія"
else
    echo "ok $((test_n = test_n + 1)) # SKIP no python3-openpyxl"
fi

# 15: nobody to sign the diplomas is a warning of check.
cp -R "$ex" nosig
ini nosig chief-arbiter ''
ini nosig diploma-signatory-1 ''
expect_success "no signatory: check passes" sekretar check nosig
expect_grep "no signatory: check warns at diploma-signatory-1" \
    "^nosig/event.ini:[0-9]+:[0-9]+: warning: the diplomas would have nobody to sign them" "$out"

# ---- 9: dates: compiled on the section's last day, the section's own days
rm -rf dates-docs
expect_success "dates: the example's documents" \
    sekretar render -o dates-docs "$ex"
pdftext dates-docs/women-ranking.pdf >women.txt
expect_grep "dates: the women's ranking carries its section's days" \
    "Чемпіонат України серед жінок .*4–12 травня 2004 р\." women.txt
absent "dates: not the umbrella event's span on the women's ranking" "3 травня – 30 серпня" women.txt
expect_grep "dates: compiled on the women's last day, not today" \
    "Дата складання: 12\.05\.2004" women.txt
pdftext dates-docs/men-final-bracket.pdf >final.txt
expect_grep "dates: the final's own days (start, end of its section)" \
    "21–30 серпня 2004 р\." final.txt
expect_grep "dates: the final compiled on its last day" \
    "Дата складання: 30\.08\.2004" final.txt
pdf_has "dates: the diploma carries the section's days" \
    "4–12 травня 2004 р\." dates-docs/women-diplomas.pdf 1
cp -R "$ex" comp
ini comp compiled 02.09.2004
expect_success "dates: compiled = in event.ini" \
    sekretar render --only ranking -o comp-docs comp
pdftext comp-docs/clubs-ranking.pdf >clubs.txt
expect_grep "dates: compiled = is printed" "Дата складання: 02\.09\.2004" clubs.txt
expect_grep "dates: the clubs' own days" "6–13 червня 2004 р\." clubs.txt
expect_success "dates: an interim ranking is dated the day it is made" \
    sekretar render --only ranking --section women --rounds 5 -o int-docs comp
pdftext int-docs/women-ranking.pdf >int.txt
expect_grep "dates: the interim date" "Дата складання: 10\.06\.2023" int.txt
cp -R "$ex" badd
ini badd compiled 01.05.2004
python3 - badd/event.ini <<'PY'
import sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
s = s.replace("[section women]\n", "[section women]\nstart = 01.09.2004\n")
open(p, "w", encoding="utf-8").write(s)
PY
expect_failure 65 "dates: a section outside the event is refused" \
    sekretar check badd
expect_grep "dates: the section's start at its line" \
    "^badd/event.ini:[0-9]+:[0-9]+: error: section 'women' starts on 01.09.2004, outside the event's days" "$out"
expect_grep "dates: compiled before the start at its line" \
    "^badd/event.ini:[0-9]+:[0-9]+: error: the documents cannot be compiled \(01.05.2004\) before the event starts" "$out"

# ---- 8: the players' words follow the event's category; 12: titles
pdftext dates-docs/mandate-protocol.pdf >adult.txt
expect_grep "adult: the protocol counts men and women" \
    "\\(чоловіків — 150, жінок — 24\\)" adult.txt
expect_grep "adult: the protocol's columns are Чоловіки, Жінки" \
    "Регіон Чоловіки Жінки Усього" adult.txt
absent "adult: no youth words on the protocol" "юнаків|Юнаки|Дівчата" adult.txt
expect_success "youth: the example's protocol" \
    sekretar render --only mandate-protocol -o youth-docs \
    "$top/tests/example/u10-lviv-2023"
pdf_has "youth: the protocol counts юнаки and дівчата" \
    "\\(юнаків — [0-9]+, дівчат — [0-9]+\\).*Регіон Юнаки Дівчата Усього" youth-docs/mandate-protocol.pdf
pdftotext -layout dates-docs/clubs-crosstable.pdf - >titles.txt 2>/dev/null
pdftotext -layout dates-docs/mandate-entries.pdf - >>titles.txt 2>/dev/null
pdftotext -layout dates-docs/women-ranking.pdf - >>titles.txt 2>/dev/null
absent "titles: no Latin titles on the cross table, the entries, the ranking" "(^| )(GM|IM|FM|CM|WGM|WIM|WFM|WCM)( |,|$)" titles.txt
expect_grep "titles: a registry's GM is ГМ" "Лозинський Богдан +Каїса +ГМ " titles.txt
expect_grep "titles: a TRF's WIM is ММж" "Ґудзь Зоряна +ММж, МСМК" titles.txt
if [ -n "$py" ]; then
    xlsx_rows dates-docs/report.xlsx >stats.txt
    absent "titles: none in Latin letters in the report" \
        "(^| \| )(GM|IM|FM|CM|WGM|WIM|WFM|WCM)( \| |$)" stats.txt
    expect_grep "report: adult words (у тому числі чоловіків)" \
        "^у тому числі чоловіків \| " stats.txt
else
    echo "ok $((test_n = test_n + 1)) # SKIP no python3-openpyxl"
    echo "ok $((test_n = test_n + 1)) # SKIP no python3-openpyxl"
fi

# ---- 4: the awarding body is the event's; 6: the title after "місце"
pdftext dates-docs/women-diplomas.pdf 1 >w1.txt
expect_grep "2004: the diploma is the Committee's" \
    "^ДЕРЖАВНИЙ КОМІТЕТ УКРАЇНИ З ПИТАНЬ ФІЗИЧНОЇ КУЛЬТУРИ І СПОРТУ ДИПЛОМ" w1.txt
absent "2004: no ministry of 2023 on the diploma" "МІНІСТЕРСТВО" w1.txt
expect_grep "2004: a grammatical sentence after the place" \
    "посіла І місце у чемпіонатах України з шахів 2004 року серед чоловіків і жінок" w1.txt
pdf_has "2004: the coaches' diploma is the Committee's" \
    "^ДЕРЖАВНИЙ КОМІТЕТ УКРАЇНИ" dates-docs/coaches-diplomas.pdf 1
if [ -n "$py" ]; then
    head -1 stats.txt >head.txt
    expect_text "2004: the report goes to the Committee" head.txt \
        "ДЕРЖАВНИЙ КОМІТЕТ УКРАЇНИ З ПИТАНЬ ФІЗИЧНОЇ КУЛЬТУРИ І СПОРТУ"
else
    echo "ok $((test_n = test_n + 1)) # SKIP no python3-openpyxl"
fi
cp -R "$ex" plain
python3 - plain/event.ini <<'PY'
import sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read().split("\n")
s = [l for l in s if not l.startswith(("title-locative", "awarding-bodies"))]
open(p, "w", encoding="utf-8").write("\n".join(s))
PY
expect_success "no title-locative, no awarding-bodies: diplomas" \
    sekretar render --only diplomas --section women -o plain-docs plain
pdftext plain-docs/women-diplomas.pdf 1 >p1.txt
expect_grep "the organisers head the diploma, one a line" \
    "^ДЕРЖАВНИЙ КОМІТЕТ УКРАЇНИ З ПИТАНЬ ФІЗИЧНОЇ КУЛЬТУРИ І СПОРТУ ФЕДЕРАЦІЯ ШАХІВ УКРАЇНИ ДИПЛОМ" p1.txt
expect_grep "the nominative title kept whole in quotes" \
    "посіла І місце у змаганнях «Чемпіонати України з шахів 2004 року серед чоловіків і жінок»" p1.txt
expect_success "init: a new event" sekretar init newev
expect_grep "init: today's awarding bodies as the default" \
    "^awarding-bodies = Міністерство молоді та спорту України; Федерація шахів України$" newev/event.ini

# ---- 5: names declined: coach diplomas name the pupil in the genitive
pdftext dates-docs/coaches-diplomas.pdf >coach.txt
expect_grep "genitive: a man's pupil (Лук'яна КРАВЦЯ: -ець drops its е)" \
    "за підготовку учасника Лук'яна КРАВЦЯ" coach.txt
expect_grep "genitive: a woman's surname on a consonant does not change" \
    "за підготовку учасниці Зоряни ҐУДЗЬ" coach.txt
expect_grep "genitive: a team in quotes" "за підготовку команди «Каїса»" coach.txt
u10=$top/tests/example/u10-lviv-2023
expect_success "u10: the coaches' diplomas" \
    sekretar render --only diplomas -o u10-docs "$u10"
pdftext u10-docs/coaches-diplomas.pdf >u10c.txt
expect_grep "genitive: Остапа ШЕВЧЕНКА (the issue's example)" \
    "за підготовку учасника Остапа ШЕВЧЕНКА" u10c.txt
expect_grep "genitive: Вероніки ТКАЧЕНКО (the issue's example)" \
    "за підготовку учасниці Вероніки ТКАЧЕНКО" u10c.txt
expect_grep "genitive: an adjectival woman's surname (-ська)" \
    "учасниці Стефанії КОВАЛЬСЬКОЇ" u10c.txt
absent "genitive: no nominative left after \"учасника\"" "учасника [^ ]+ ШЕВЧЕНКО,|учасника Остап " u10c.txt
cp -R "$u10" forms
python3 - forms/players.csv <<'PY'
import csv, io, sys
path = sys.argv[1]
rows = list(csv.reader(io.StringIO(open(path, encoding="utf-8-sig").read())))
rows[0] += ["Ім'я (род.)", "Прізвище (род.)"]
for r in rows[1:]:
    r += ["Остапа", "Шевченка-Залізняка"] if r[0] == "Шевченко" and r[1] == "Остап" else ["", ""]
out = io.StringIO()
csv.writer(out, lineterminator="\r\n").writerows(rows)
open(path, "w", encoding="utf-8-sig").write(out.getvalue())
PY
expect_success "the registry's own forms: check" sekretar check forms
expect_success "the registry's own forms: diplomas" \
    sekretar render --only diplomas -o forms-docs forms
pdf_has "the registry's genitive wins over the rule" \
    "за підготовку учасника Остапа ШЕВЧЕНКА-ЗАЛІЗНЯКА" forms-docs/coaches-diplomas.pdf

# ---- 7: team coaches are officials: neither admitted nor refused
expect_success "coaches: check" sekretar check "$ex"
absent "coaches: check does not refuse a team's coach" "Левченко Павло' cannot be admitted" "$out"
pdftext dates-docs/mandate-protocol.pdf >mp.txt
expect_grep "coaches: nobody refused on the protocol" \
    "\\(чоловіків — 150, жінок — 24\\) з регіонів: 22; не допущено: 0\\." mp.txt
expect_grep "coaches: counted apart on the protocol" \
    "Представників і тренерів команд: 8; допуску мандатної комісії вони не потребують" mp.txt
absent "coaches: no coach among those not admitted" "Левченко Павло" mp.txt
pdf_has "coaches: listed apart on the checklist" \
    "Представники, тренери команд \\(допуску мандатної комісії не потребують\\).* Левченко Павло Олександрович Харківська Гамбіт" dates-docs/mandate-checklist.pdf
pdf_has "coaches: the region's entry lists its team's coach apart" \
    "Представники, тренери команди № Прізвище, ім'я, по батькові.* 1 Левченко Павло Олександрович .*Гамбіт" dates-docs/mandate-entries.pdf

# ---- 14: each region's entry is a form of its own
pdftotext dates-docs/mandate-entries.pdf entries.txt 2>/dev/null
forms=$(grep -E "^(від команди: |іноземні учасники)" entries.txt | sort -u | wc -l)
firsts=$(grep -c "^Сторінка 1 з " entries.txt)
[ "$forms" -gt 10 ] && [ "$firsts" = "$forms" ]
ok $? "entries: each of the $forms regions' forms numbered from 1 ($firsts)"
pdf_has "entries: a continuation page names its region under the running header" \
    "ІМЕННА ЗАЯВКА від команди: Вінницька область .*Сторінка 2 з 2" dates-docs/mandate-entries.pdf 2

# ---- 1: the direct-encounter column is what its legend says
expect_success "u10: the girls' ranking list" \
    sekretar render --only ranking --section girls-classic -o u10-rank "$u10"
pdf_has "DE: the legend says the column is a place among the tied" \
    "ОЗ — результат особистих зустрічей у групі .*; у колонці — місце серед рівних \\(1 — найкраще\\)" u10-rank/girls-classic-ranking.pdf
pdf_has "DE of teams: the same in the team ranking" \
    "ОЗ-КО — результат особистих зустрічей команд \\(за командними очками\\); у колонці — місце серед рівних \\(1 — найкраще\\)" dates-docs/clubs-ranking.pdf

# ---- 16: the colour of a cross-table cell is no letter a digit resembles
pdftext dates-docs/women-crosstable.pdf >wc.txt
expect_grep "cells: the legend gives the circles" \
    "12 ○ 1 — стартовий номер суперника, колір фігур \\(○ — білі, ● — чорні\\)" wc.txt
absent "cells: no б or ч beside the digits" "[0-9] [бч] [01½]" wc.txt

# ---- 10: a qualifying stage qualifies, it awards no diplomas
[ ! -e dates-docs/men-semifinal-diplomas.pdf ] && [ -e dates-docs/women-diplomas.pdf ]
ok $? "semi-final: no diplomas of a qualifying stage, the final's are made"
pdf_has "semi-final: the qualification note, a grammatical sentence" \
    "Учасники, що посіли місця 1–5, здобули право участі в змаганнях «Фінал чемпіонату України серед чоловіків 2004 року»\\." \
    dates-docs/men-semifinal-ranking.pdf
absent "semi-final: no coach's diploma for a semi-finalist" \
    "Чемпіонат України серед чоловіків, півфінал" coach.txt
cp -R "$ex" semi
python3 - semi/event.ini <<'PY'
import sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
s = s.replace("stage = qualifying\n", "stage = qualifying\nawards = yes\n")
s = s.replace("chief-secretary = Ольга БІЛОКІНЬ", "chief-secretary = Ольга Мар’ЯНЧУК")
s = s.replace("venue = Будинок творчості", "venue = Будинок творчості «Мар’їна гора»,")
open(p, "w", encoding="utf-8").write(s)
PY
expect_success "semi-final with awards = yes: documents" \
    sekretar render -o semi-docs semi
[ -e semi-docs/men-semifinal-diplomas.pdf ]
ok $? "semi-final with awards = yes: its diplomas"

# ---- 17: the smaller points
pdf_has "knock-out record: the legend says who wins a drawn armageddon" \
    "Армагедон: нічия в ньому — перемога в матчі учасника, який грав чорними\\." \
    dates-docs/men-final-matches.pdf
pdf_has "bracket: the same, by the section's armageddon-draw" \
    "армагедон закінчився внічию: переможцем матчу визнано учасника, який грав чорними" \
    dates-docs/men-final-bracket.pdf
pdf_has "team diploma: the team in quotes, its members as Ім'я ПРІЗВИЩЕ" \
    "нагороджується команда «Каїса» .*Склад команди: Богдан ЛОЗИНСЬКИЙ, Marek KOWALCZYK," \
    dates-docs/clubs-diplomas.pdf 1
pdf_has "one apostrophe: a signatory typed with ’ is printed as the registry's names" \
    "Головний секретар, суддя національної категорії Ольга МАР'ЯНЧУК" \
    semi-docs/women-ranking.pdf
pdf_has "one apostrophe: a venue typed with ’ too" "«Мар'їна гора»" \
    semi-docs/women-ranking.pdf
pdftotext -bbox -f 1 -l 1 dates-docs/clubs-team-crosstable.pdf - 2>/dev/null |
    sed -n 's/.*<word xMin="[0-9.]*" yMin="\([0-9]*\).*/\1/p' | head -1 >top.txt
[ "$(cat top.txt)" -ge 56 ]
ok $? "team cross table: its text starts 20 mm from the top (at $(cat top.txt) pt)"
pdftotext -bbox -f 1 -l 1 dates-docs/men-final-bracket.pdf - 2>/dev/null |
    sed -n 's/.*<word xMin="[0-9.]*" yMin="\([0-9]*\).*/\1/p' | head -1 >btop.txt
[ "$(cat btop.txt)" -ge 56 ] &&
    [ "$(pdfinfo dates-docs/men-final-bracket.pdf | sed -n 's/^Pages: *//p')" = 1 ]
ok $? "bracket: 20 mm from the top (at $(cat btop.txt) pt), 32 players, legend and signatures on one page"

# ---- 11: a team competition's table of players
pdftext dates-docs/clubs-crosstable.pdf 1 >cp.txt
expect_grep "team players: titled by the teams' system" \
    "ТУРНІРНА ТАБЛИЦЯ ГРАВЦІВ \\(командний турнір, колова система\\)" cp.txt
expect_grep "team players: each with his team" \
    "Місце Ст. № Прізвище, ім'я Команда .* Руденко Євген Каїса " cp.txt
pdftext dates-docs/clubs-crosstable.pdf >call.txt
absent "team players: nobody 'вибув' in a team competition" "вибув" call.txt
expect_grep "team players: an unfielded round is a reserve's" \
    "— — у цьому турі команда не виставила гравця \\(запасний\\)" call.txt

# ---- 2: a knock-out without start numbers: one number per player
cp -R "$ex" kon
python3 - kon/men-final.csv <<'PY'
import csv, io, sys
p = sys.argv[1]
rows = list(csv.reader(open(p, encoding="utf-8")))
out = io.StringIO()
w = csv.writer(out, lineterminator="\n")
for r in rows:
    w.writerow([c for i, c in enumerate(r) if i not in (4, 6)])
open(p, "w", encoding="utf-8").write(out.getvalue())
PY
expect_success "knock-out cards without start numbers: documents" \
    sekretar render --section men-final -o kon-docs kon
pdftotext -layout kon-docs/men-final-ranking.pdf - 2>/dev/null |
    sed -n 's/^ *[0-9–]* \{1,\}\([0-9]\{1,\}\) \{1,\}\(Оліфіренко Іван\|Кравець Лук.ян\|Заїка Іван\) .*/\2 \1/p' |
    sort >kon-rank.txt
pdftotext -layout kon-docs/men-final-bracket.pdf - 2>/dev/null |
    sed -n 's/^ *\([0-9]\{1,\}\) \(Оліфіренко Іван\|Кравець Лук.ян\|Заїка Іван\) .*/\2 \1/p' |
    sort -u >kon-bracket.txt
expect_text "knock-out: the ranking list numbers players as the bracket does (the seed)" \
    kon-rank.txt "$(cat kon-bracket.txt)"
[ "$(wc -l <kon-rank.txt)" = 3 ]
ok $? "knock-out: three players compared"
pdftotext -layout kon-docs/men-final-matches.pdf - 2>/dev/null >kon-matches.txt
expect_grep "knock-out: the record of games by the same numbers" \
    "^ +1 +1 +1 +класичні +32 +Оліфіренко Іван +1 +Заїка Іван +½–½" kon-matches.txt

# ---- 13: boards: the prize's tie rule stated and applied, the legend true
cp -R "$top/tests/data/team-event" te
printf 'board-prize-min-games = 1\n' >>te/event.ini
expect_success "boards: a team event with a 1-game board prize" \
    sekretar render --only boards -o te-docs te
pdftext te-docs/clubs-boards.pdf >tb.txt
expect_grep "boards: the tie rule in the heading" \
    "за рівного відсотка вище той, хто зіграв більше партій, далі — вищий турнірний перформанс, інакше приз ділять" tb.txt
expect_grep "boards: 100 % in 2 games beats 100 % in 1 (board 4)" \
    "4 дошка — Kharkiv 4 \\(Kharkiv\\): 2 з 2 \\(100,0 %\\)" tb.txt
expect_grep "boards: the games column's legend counts every board and forfeit" \
    "Партії — тури, у яких гравець був на дошці \\(на будь-якій, з неявками\\)" tb.txt

done_testing
