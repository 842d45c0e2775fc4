#!/bin/sh
# render --only diplomas: the diplomas of every prize place, the coaches'
# and the teams', their wording (placeholders, agreement by sex, plural of
# a team), a golden text, and every error of a diploma template, at its
# file and line, with nothing written.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-09
ex=$top/tests/example/u10-lviv-2023
txt() { pdftotext -layout "$1" - 2>/dev/null; }
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ {print $2}'; }

# ---- 1. who gets one: the example event

expect_success "the example's diplomas" \
    sekretar render --only diplomas -o d "$ex"
expect_stdout "one file per section, then the coaches'" \
"d/boys-classic-diplomas.pdf
d/boys-rapid-diplomas.pdf
d/boys-blitz-diplomas.pdf
d/girls-classic-diplomas.pdf
d/girls-rapid-diplomas.pdf
d/girls-blitz-diplomas.pdf
d/coaches-diplomas.pdf"
# A page for every player whose place starts at 1, 2 or 3 ("3-4" too).
all=0
for s in boys-classic boys-rapid boys-blitz girls-classic girls-rapid girls-blitz; do
    n=$(sekretar standings --section "$s" --format tsv "$ex" |
        awk -F'\t' 'NR > 1 && $1 + 0 <= 3' | wc -l)
    [ "$(pages "d/$s-diplomas.pdf")" = "$n" ] && [ "$n" -ge 3 ] || all=1
done
ok $all "a page for each prize-winner of each of the six sections"
# A coach's page for every coach of every prize-winner (players.csv's
# coaches, by FIDE ID).
for s in boys-classic boys-rapid boys-blitz girls-classic girls-rapid girls-blitz; do
    sekretar standings --section "$s" --format tsv "$ex" >"$s.tsv"
done
n=$(python3 -c '
import csv, sys
n = 0
people = list(csv.DictReader(open(sys.argv[1], encoding="utf-8-sig")))
for s in sys.argv[2:]:
    for r in list(csv.reader(open(s + ".tsv"), delimiter="\t"))[1:]:
        if int(r[0].split("-")[0]) > 3:
            continue
        for p in people:
            if p["Прізвище"] + " " + p["Ім'"'"'я"] == r[2] and s in p["Секції"]:
                n += len([c for c in p["Тренер"].split(",") if c.strip()])
print(n)' "$ex/players.csv" boys-classic boys-rapid boys-blitz girls-classic girls-rapid girls-blitz)
[ "$(pages d/coaches-diplomas.pdf)" = "$n" ] && [ "$n" = 22 ]
ok $? "a page for each coach of each prize-winner ($n)"

txt d/girls-classic-diplomas.pdf >gc.txt
cmp_golden render/girls-classic-diplomas.txt gc.txt
expect_grep "the degree in Roman numerals" "^ +ІІІ ступеня$" gc.txt
expect_grep "the name large: Ім'я ПРІЗВИЩЕ" "^ +Вероніка ТКАЧЕНКО$" gc.txt
expect_grep "the region in full" "^ +\(місто Київ\)$" gc.txt
expect_grep "a girl: посіла" "^ +посіла І місце$" gc.txt
expect_grep "the bronze of the direct encounter" "^ +посіла ІІІ місце$" gc.txt
expect_grep "the signatories of event.ini" "Президент Федерації шахів України +Головний суддя змагань" gc.txt
expect_grep "their names" "Андрій ГОНЧАРУК +Богдан ЛЕВИЦЬКИЙ" gc.txt
expect_grep "the place and the dates" "^ +м\. Львів, 1–9 червня 2023 р\.$" gc.txt
txt d/boys-classic-diplomas.pdf >bc.txt
expect_grep "a boy: посів" "^ +посів І місце$" bc.txt
if grep -q "посіла" bc.txt; then ok 1 "no girl's form on a boy's diploma"; else ok 0 "no girl's form on a boy's diploma"; fi
txt d/coaches-diplomas.pdf >co.txt
expect_grep "a coach" "^ +нагороджується тренер$" co.txt
expect_grep "of a boy" "за підготовку учасника Остапа ШЕВЧЕНКА,$" co.txt
expect_grep "of a girl" "за підготовку учасниці Вероніки ТКАЧЕНКО,$" co.txt
expect_grep "who placed (her)" "^ +яка посіла І місце$" co.txt
expect_grep "who placed (his)" "^ +який посів І місце$" co.txt
expect_grep "every diploma has its code" "Код перевірки диплома: UA-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$" gc.txt
[ "$(grep -c 'Код перевірки диплома: UA-' co.txt)" = 22 ] &&
    [ "$(grep -o 'UA-[0-9A-Z-]*' co.txt | sort -u | wc -l)" = 22 ]
ok $? "22 coaches' diplomas, 22 different codes"
pdffonts d/coaches-diplomas.pdf 2>/dev/null | awk 'NR > 2 {print $1}' >fonts
[ "$(wc -l <fonts)" -le 4 ] && [ "$(sort -u fonts | wc -l)" = "$(wc -l <fonts)" ] &&
    [ "$(pdffonts d/coaches-diplomas.pdf | awk 'NR > 2 && $5 == "yes"' | wc -l)" = "$(wc -l <fonts)" ]
ok $? "22 pages, every font embedded once"

expect_success "render again" sekretar render --only diplomas -o d2 "$ex"
cmp -s d/coaches-diplomas.pdf d2/coaches-diplomas.pdf
ok $? "the same bytes in test mode"
expect_success "interim standings give no diploma" \
    sekretar render --rounds 5 --section boys-classic -o r5 "$ex"
[ ! -e r5/boys-classic-diplomas.pdf ]
ok $? "interim: no diplomas unless --only names them"

# ---- 2. a team competition: its teams and their members who played

expect_success "a team competition's diplomas" \
    sekretar render --only diplomas -o t "$DATA/team-swiss.trf"
expect_stdout "its one file" "t/team-swiss-diplomas.pdf"
# Three teams, each with the four players who played (the fifth did not).
[ "$(pages t/team-swiss-diplomas.pdf)" = 15 ]
ok $? "3 teams and 12 members: 15 pages"
txt t/team-swiss-diplomas.pdf >team.txt
expect_grep "a team" "^ +нагороджується команда$" team.txt
expect_grep "its place, feminine (команда)" "^ +яка посіла І місце$" team.txt
expect_grep "its members who played" "Склад команди: Lviv 1, Lviv 2, Lviv 3, Lviv 4$" team.txt
if grep -q "Lviv 5" team.txt; then ok 1 "the reserve who did not play has none"; else ok 0 "the reserve who did not play has none"; fi
expect_grep "a member" "^ +учасник команди «Lviv»,$" team.txt
[ "$(grep -c 'нагороджується команда' team.txt)" = 3 ] &&
    [ "$(grep -c 'учасник команди' team.txt)" = 12 ]
ok $? "3 team diplomas, 12 members' diplomas"
# Kyiv and Dnipro share places 2-3: the 2nd degree for both, and members.
[ "$(grep -c '^ *ІІ ступеня$' team.txt)" = 10 ] &&
    [ "$(grep -c '^ *ІІІ ступеня$' team.txt)" = 0 ]
ok $? "a shared place 2-3: the 2nd degree to each, 10 pages"

# The same teams in an event folder whose registry names the coaches.
expect_success "a team event's diplomas" \
    sekretar render --only diplomas -o te "$DATA/team-event"
expect_stdout "the section's and the coaches'" "te/clubs-diplomas.pdf
te/coaches-diplomas.pdf"
txt te/coaches-diplomas.pdf >tc.txt
[ "$(pages te/coaches-diplomas.pdf)" = 4 ]
ok $? "a team's coaches: one each, however many players they coached (4)"
expect_grep "Lviv's coach" "^ +Ігор КОВАЛЬ$" tc.txt
expect_grep "for the team" "за підготовку команди «Lviv»,$" tc.txt
expect_grep "Kyiv's two coaches" "^ +Олена ЛИСЕНКО$" tc.txt
[ "$(grep -c 'за підготовку команди «Kyiv»,' tc.txt)" = 2 ] &&
    [ "$(grep -c 'за підготовку команди «Dnipro»,' tc.txt)" = 1 ]
ok $? "Kyiv's two coaches, Dnipro's one"
txt te/clubs-diplomas.pdf >tm.txt
expect_grep "a girl of a team: учасниця" "^ +учасниця команди «Kyiv»,$" tm.txt
[ "$(grep -c 'учасник команди' tm.txt)" = 11 ]
ok $? "and 11 boys: учасник"

# ---- 3. print on the federation's blank; a background image

mkdir tpl
cp "$top"/templates/*.ini tpl/
sed -i 's/^mode = full$/mode = blank/' tpl/diploma-individual.ini
expect_success "print-on-blank mode" \
    sekretar render --templates tpl --only diplomas --section girls-classic -o b "$ex"
txt b/girls-classic-diplomas.pdf >blank.txt
if grep -q "МІНІСТЕРСТВО\|ДИПЛОМ$" blank.txt; then ok 1 "blank: the printed words left out"; else ok 0 "blank: the printed words left out"; fi
expect_grep "blank: the name still printed" "^ +Вероніка ТКАЧЕНКО$" blank.txt
cp "$top"/templates/diploma-individual.ini tpl/
pdftoppm -png -r 30 -f 1 -l 1 d/boys-classic-diplomas.pdf bg >/dev/null 2>&1
mv bg-1.png tpl/blank.png
sed -i 's/^background =$/background = blank.png/' tpl/diploma-individual.ini
expect_success "a background image" \
    sekretar render --templates tpl --only diplomas --section girls-classic -o bgd "$ex"
[ "$(pdfimages -list bgd/girls-classic-diplomas.pdf 2>/dev/null | awk 'NR > 2 {print $11}' | sort -u | wc -l)" = 1 ] &&
    [ "$(pdfimages -list bgd/girls-classic-diplomas.pdf 2>/dev/null | awk 'NR > 2' | wc -l)" = 3 ]
ok $? "the background on each of 3 pages, embedded once"

# ---- 4. every template error, at its file and line; nothing written

# fail DESC SED-SCRIPT FILE MESSAGE: break FILE of a fresh copy, render,
# and expect exit 65 (66 for a missing file), MESSAGE and no document.
fail() {
    rm -rf tpl e
    mkdir tpl
    cp "$top"/templates/*.ini tpl/
    sed -i "$2" "tpl/$3"
    expect_failure "${5:-65}" "$1" \
        sekretar render --templates tpl --section boys-classic -o e "$ex"
    expect_stderr "$1: message" "$4"
    [ ! -e e ]
    ok $? "$1: nothing written"
}
line() { grep -n "$1" "$top/templates/$2" | head -1 | cut -d: -f1; }

l=$(line '^text = {degree} ступеня$' diploma-individual.ini)
fail "an unknown placeholder" 's/^text = {degree} ступеня$/text = {degre} ступеня/' \
    diploma-individual.ini "tpl/diploma-individual.ini:$l: error: unknown placeholder '{degre}'
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^y = 118$' diploma-individual.ini)
fail "a bad number" 's/^y = 118$/y = 11.8.0/' diploma-individual.ini \
"tpl/diploma-individual.ini:$l: error: 'y' wants a number from 0 to 2000, not '11.8.0'
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^background =$' diploma-individual.ini)
fail "a missing image" 's/^background =$/background = blank.png/' diploma-individual.ini \
"tpl/diploma-individual.ini:$l: error: the background image 'tpl/blank.png' is missing
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded" 66
fail "not an image" 's/^background =$/background = common.ini/' diploma-individual.ini \
"tpl/diploma-individual.ini:$l: error: the background image 'tpl/common.ini' is not a PNG or JPEG file
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^text = {name}$' diploma-individual.ini)
fail "a text that does not fit its box" '/^\[block name\]$/,/^text/ s/^height = 26$/height = 5/' \
    diploma-individual.ini "tpl/diploma-individual.ini:$l: error: the text of [block name] does not fit its box of 170 x 5 mm on the diploma of Остап ШЕВЧЕНКО: at 20 pt it takes 1 line, 8 mm: 'Остап ШЕВЧЕНКО'
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^font = serif-bold 32$' diploma-individual.ini)
fail "a bad font" 's/^font = serif-bold 32$/font = bold 32/' diploma-individual.ini \
"tpl/diploma-individual.ini:$l: error: 'font' wants a face and a size, as 'serif 14' (faces: serif, serif-bold, sans, sans-bold; sizes 4 to 200), not 'bold 32'
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^\[block region\]$' diploma-individual.ini)
fail "a block without text" '/^\[block region\]$/,/^text/ s/^text = .*$/txt = x/' \
    diploma-individual.ini "tpl/diploma-individual.ini:$((l + 1)): error: [block region] has no 'text'
tpl/diploma-individual.ini:$((l + 6)):1: warning: unknown key 'txt' in [block region] ignored
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^text = {code}\|^text = Код' diploma-individual.ini)
fail "a block outside the page" '/^\[block code\]$/,/^text/ s/^width = 120$/width = 190/' \
    diploma-individual.ini "tpl/diploma-individual.ini:$l: error: [block code] (190 x 8 mm at 44, 266 mm) is outside the page (210 x 297 mm)
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^align = left$' diploma-individual.ini)
fail "a bad alignment" '0,/^align = left$/s//align = middle/' diploma-individual.ini \
"tpl/diploma-individual.ini:$l: error: 'align' is one of 'left', 'centre', 'right', not 'middle'
sekretar: error: e/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: e: no document written; the 2 documents made before the failure were discarded"
l=$(line '^text = нагороджується тренер$' diploma-coach.ini)
rm -rf tpl e
mkdir tpl
cp "$top"/templates/*.ini tpl/
sed -i 's/^text = нагороджується тренер$/text = {coach-sex:a|b}/' tpl/diploma-coach.ini
expect_failure 65 "an unknown placeholder in the coaches' template" \
    sekretar render --templates tpl -o e "$ex"
expect_stderr "the coaches' template: message" \
"tpl/diploma-coach.ini:$l: error: unknown placeholder '{coach-sex:a|b}'
sekretar: error: e/coaches-diplomas.pdf: not written (the document 'coaches-diplomas')
sekretar: error: e: no document written; the 19 documents made before the failure were discarded"
[ ! -e e ]
ok $? "the coaches' template: nothing written"
rm -rf tpl
mkdir tpl
cp "$top"/templates/*.ini tpl/
rm tpl/diploma-member.ini
expect_failure 66 "a missing template" \
    sekretar render --templates tpl -o e "$DATA/ua-small.trf"
expect_stderr "a missing template: message" \
"tpl/diploma-member.ini: error: no such file"
[ ! -e e ]
ok $? "a missing template: nothing written"

done_testing
