#!/bin/sh
# One prepared event behind every command (src/pipeline/prepare.c): what
# check refuses, render, standings, convert and mandate refuse too, with
# the same errors; a section's system is settled once, by its ranking, and
# the cross table follows it; a knock-out is ranked by its bracket for the
# check's warnings; build counts the warnings check counts.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-09
fresh() { rm -rf ev out && cp -R "$DATA/mini-event" ev; }

# ---- 1. an event check refuses makes no document and no ranking

# refused CMD-WORDS DESC: "sekretar CMD ev" exits 65 with the errors
# "sekretar check -q ev" gives and the refusal naming the command.
refused() {
    sekretar check -q ev >want 2>&1
    n=$(grep -c ': error: ' want)
    s=s; [ "$n" = 1 ] && s=
    expect_failure 65 "$2: $1 refuses" sekretar $1 ev
    expect_stderr "$2: $1's message" "$(cat want)
sekretar: error: ev: $n error$s; ${1%% *} refuses an event with errors ('sekretar check ev' lists every problem)"
}

fresh
sed -i '/^\[section girls\]/,/^rounds/s/^rounds = 3$/rounds = 2/' ev/event.ini
want="ev/event.ini:19:1: error: section 'girls' has 2 rounds in event.ini, but its results have 3"
expect_failure 65 "rounds that disagree: check" sekretar check -q ev
expect_stdout "rounds that disagree: check's error" "$want"
refused "render -o out" "rounds that disagree"
[ ! -e out ]
ok $? "rounds that disagree: no document written"
refused "standings" "rounds that disagree"
refused "standings --section boys" "rounds that disagree"
refused "convert --to trf16 --section boys" "rounds that disagree"

fresh
sed -i 's/^Коваленко,Андрій,ч,17.02.2013,/Коваленко,Андрій,ч,17.02.2012,/' ev/players.csv
want="ev/players.csv:5:20: error: 'Коваленко Андрій' was born in 2012; the age group admits players born in 2013 or later"
expect_failure 65 "too old for the age group: check" sekretar check -q ev
expect_stdout "too old: check's error" "$want"
refused "render -o out" "too old"
[ ! -e out ]
ok $? "too old: no document written"
refused "render -o out --only diplomas" "too old"
refused "render -o out --only report" "too old"

fresh
sed -n '2p' ev/players.csv >>ev/players.csv
refused "render -o out" "a registry duplicate"
[ ! -e out ]
ok $? "a registry duplicate: no document written"
# The mandate commission's counts of a registry check cannot use.
refused "mandate" "a registry duplicate"
[ ! -s "$out" ]
ok $? "a registry duplicate: no counts printed"
# Before the first round: no results yet is no error of the commission's.
rm ev/boys.csv ev/girls.trf ev/boys-rapid.csv
expect_failure 65 "before the first round, a registry duplicate: mandate" \
    sekretar mandate ev
expect_stderr "before the first round: mandate's message" \
"ev/players.csv:9:1: error: FIDE ID 34187243 is given twice (first at line 2)
sekretar: error: ev: 1 error; mandate refuses an event with errors ('sekretar check ev' lists every problem)"

# A play-off given on the command line that does not fit is the command
# line's problem: no refusal of the event.
expect_failure 65 "a play-off that does not fit" \
    sekretar standings --tiebreaks DE/A --rounds 3 --playoff 6,77 \
    "$DATA/tb-de.trf"
expect_stderr "a play-off that does not fit: message" \
"sekretar: error: play-off '6,77': no player has start number 77"

# ---- 2. the system is the ranking's: the cross table follows it

# A round robin whose 092 record calls it a Swiss: ranked as a Swiss, so
# its cross table is the Swiss table, titled so.
sed 's/^092 Individual: Round robin/092 Individual: Swiss-System/' \
    "$DATA/tb-rr.trf" >rrswiss.trf
expect_success "a round robin called a Swiss: standings" \
    sekretar standings --explain 1 rrswiss.trf
expect_grep "called a Swiss: ranked as a Swiss" \
    "^Unplayed rounds: fide-2024; Swiss system$" "$out"
expect_success "called a Swiss: render" sekretar render -o out rrswiss.trf
pdftotext -layout out/rrswiss-crosstable.pdf ct.txt
expect_grep "called a Swiss: the cross table's title" \
    "^ +\(швейцарська система\)$" ct.txt
! grep -q 'колова' ct.txt
ok $? "called a Swiss: no word of a round robin"
# And the file that says round robin: the grid, titled so.
rm -rf out
expect_success "a round robin: render" \
    sekretar render -o out "$DATA/tb-rr.trf"
pdftotext -layout out/tb-rr-crosstable.pdf ct.txt
expect_grep "a round robin: the grid's title" "^ +\(колова система\)$" ct.txt
# render --system still lays it out as asked.
rm -rf out
expect_success "--system swiss" \
    sekretar render --system swiss -o out "$DATA/tb-rr.trf"
pdftotext -layout out/tb-rr-crosstable.pdf ct.txt
expect_grep "--system swiss: the Swiss table" "^ +\(швейцарська система\)$" \
    ct.txt

# ---- 3. a knock-out's prize-winners are those of its bracket

rm -rf ko
cp -R "$top/tests/example/ua-2004" ko
# Nobody of the final has a coach.
python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
coach, secs = rows[0].index("Тренер"), rows[0].index("Секції")
for r in rows[1:]:
    if "men-final" in r[secs].split(", "):
        r[coach] = ""
csv.writer(open(sys.argv[1], "w", encoding="utf-8", newline=""),
           lineterminator="\n").writerows(rows)' ko/players.csv
expect_success "a knock-out without coaches: check" sekretar check ko
grep "prize-winner of section 'men-final'" "$out" | sed 's/^[^ ]* //' >got
printf '%s\n' \
"warning: 'Кравець Лук'ян' is a prize-winner of section 'men-final' (place 1) but has no coach for the diploma" \
"warning: 'Зінченко Данило' is a prize-winner of section 'men-final' (place 2) but has no coach for the diploma" \
"warning: 'Щербак Данило' is a prize-winner of section 'men-final' (place 3) but has no coach for the diploma" |
    sort >want
sort got | cmp -s - want
ok $? "a knock-out without coaches: its three prize-winners, not its 32"

# ---- 4. build says the warnings check says

rm -rf ev
cp -R "$top/tests/example/u10-lviv-2023" ev
expect_success "check: warnings" sekretar check ev
w=$(sed -n 's/^ev: .*, 0 errors, \([0-9]*\) warnings\{0,1\}$/\1/p' "$out")
[ "${w:-0}" -gt 0 ]
ok $? "check: the example has warnings ($w)"
expect_success "build" sekretar build --archive arch ev
expect_grep "build: the same count of warnings" \
    "^$w warnings?: 'sekretar check ev' lists (it|them)$" "$out"

# ---- 5. a tie-break's words: the program's table, or common.ini's, the
# same in every output

rm -rf tpl out
cp -R "$top/templates" tpl
sed -i '/^\[tiebreaks\]$/a WIN.heading = Вигр.\nWIN.legend = кількість перемог разом з вільними турами' \
    tpl/common.ini
expect_success "words of common.ini: standings" \
    env SEKRETAR_TEMPLATES=tpl "$SEKRETAR" standings --section boys-classic \
    "$top/tests/example/u10-lviv-2023"
expect_grep "standings: the template's words" \
    "^  WIN        Вигр\\.: кількість перемог разом з вільними турами$" "$out"
expect_success "words of common.ini: render" \
    sekretar render --templates tpl --section boys-classic \
    -o out "$top/tests/example/u10-lviv-2023"
pdftotext -layout out/boys-classic-ranking.pdf rk.txt
expect_grep "render: the same words" \
    "^Вигр\\. — кількість перемог разом з вільними турами$" rk.txt
# Without them, the table's words, in both.
expect_success "the table's words: standings" sekretar standings \
    --section boys-classic "$top/tests/example/u10-lviv-2023"
expect_grep "standings: the table's words" \
    "^  WIN        Перем\\.: кількість перемог \\(з перемогами через неявку та повноочковими вільними турами\\)$" \
    "$out"

# ---- 6. a birth year is read once, the same on every output

# A prize-winner whose registry row gives the year of birth alone (her
# section is given by its games, which give none): the ranking list and
# the diploma both have it.
rm -rf by arch out
cp -R "$top/tests/example/ua-2004" by
python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
birth = rows[0].index("Дата народження")
for r in rows[1:]:
    if r[0] == "Ґудзь":
        r[birth] = "1963"
csv.writer(open(sys.argv[1], "w", encoding="utf-8", newline=""),
           lineterminator="\n").writerows(rows)' by/players.csv
expect_success "a year alone: build" sekretar build --archive arch by
expect_success "a year alone: render" \
    sekretar render --section women -o out by
pdftotext -layout out/women-ranking.pdf rk.txt
expect_grep "a year alone: the ranking list has it" \
    "Ґудзь Зоряна .* 1963 " rk.txt
code=$(sqlite3 arch/catalog.sqlite \
    "SELECT code FROM diplomas WHERE name LIKE 'Ґудзь%'")
expect_success "a year alone: verify" sekretar verify --archive arch "$code"
expect_grep "a year alone: the diploma has it" \
    "^  awarded:  Ґудзь Зоряна Ігорівна \(born 1963\), м\. Київ$" "$out"

done_testing
