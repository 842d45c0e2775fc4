#!/bin/sh
# 'sekretar init' writes a skeleton that 'check' then walks a secretary
# through; it never overwrites.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
expect_success "init a new folder" sekretar init new/u12
expect_stdout "init: what it wrote" \
"wrote new/u12/event.ini
wrote new/u12/players.csv"
expect_grep "comments in Ukrainian" '^# Повна назва змагань / full title$' new/u12/event.ini
expect_grep "comments in English" '^# UTF-8\.  Lines' new/u12/event.ini
expect_grep "registry header" "^Прізвище,Ім'я,По батькові,Стать,Дата народження,Область,.*,FIDE ID,Рейтинг,Федерація," new/u12/players.csv
expect_failure 73 "init does not overwrite" sekretar init new/u12
expect_stderr "no overwrite: message" \
"sekretar: error: new/u12/event.ini exists; not overwritten
sekretar: error: new/u12/players.csv exists; not overwritten"
expect_failure 65 "the skeleton asks to be filled in" sekretar check -q new/u12
expect_stdout "skeleton: what to fill in" \
"new/u12/event.ini:9:1: error: 'title' is empty
new/u12/event.ini:21:1: error: 'start' is empty
new/u12/event.ini:22:1: error: 'end' is empty
new/u12/event.ini:24:1: error: 'city' is empty
new/u12/event.ini:66:8: error: results file 'new/u12/boys-classic.trf' of section 'boys-classic' does not exist"
sed -i 's/^title = $/title = Чемпіонат/; s/^start = $/start = 01.06.2024/; s/^end = $/end = 02.06.2024/; s/^city = $/city = Київ/; s/^venue = $/venue = Зал/; s/^chief-arbiter = $/chief-arbiter = А Б/; s/^chief-secretary = $/chief-secretary = В Г/' new/u12/event.ini
cp "$DATA/ua-small.trf" new/u12/boys-classic.trf
expect_failure 65 "filled in: only the registry is missing" sekretar check -q new/u12
expect_grep "filled in: players to register" \
    "^new/u12/boys-classic.trf:13:15: error: player 1 'Мельник, Ярослав' is not in the registry \(new/u12/players.csv\)$" "$out"
# The skeleton's sample values nobody changed (issue 32, point 7).
expect_failure 65 "filled in: the samples unchanged" sekretar check new/u12
expect_grep "samples unchanged: the rank" \
    "^new/u12/event.ini:19:8: warning: 'rank' is still the sample 'sekretar init' wrote \\('ІV ранг'\\), which the documents print; write this event's \\(where it is right, delete init's first line, and this is not said again\\)$" "$out"
for k in category:13:12 age-group:14:13 title:64:9 time-control:71:16; do
    expect_grep "samples unchanged: ${k%%:*}" "^new/u12/event.ini:${k#*:}: warning: '${k%%:*}' is still the sample" "$out"
done
sed 's/^category = .*/category = чоловіки/; s/^age-group = .*/age-group = /; s/^rank = .*/rank = ІІІ ранг/; s/^title = Юнаки, класичні шахи/title = Чоловіки/; s/^time-control = .*/time-control = 15 хв + 10 с на хід/' \
    new/u12/event.ini >changed.ini && cp changed.ini new/u12/event.ini
expect_failure 65 "samples changed" sekretar check -q new/u12
[ "$(grep -c 'still the sample' "$out")" = 0 ]
ok $? "samples changed: no warning"
sed -i 1d new/u12/event.ini
sed -i 's/^category = .*/category = юнаки та дівчата/' new/u12/event.ini
expect_failure 65 "a sample kept on purpose, init's first line deleted" sekretar check -q new/u12
[ "$(grep -c 'still the sample' "$out")" = 0 ]
ok $? "a sample kept on purpose: no warning"

# A section without 'discipline' takes it from its time control, by
# FIDE's limits for 60 moves (blitz 10 minutes or less, rapid less than
# 60, classic 60 or more): the programme of the mandate's entries says.
cp -R "$DATA/mini-event" mini
sed -i '/^\[section girls\]/,/^$/{/^discipline/d}; s/^sex = girls$/sex = girls\ntime-control = x/' mini/event.ini
if command -v pdftotext >/dev/null 2>&1; then
    for tc in '15 хв + 10 с на хід:швидкі' '3 хв + 2 с:бліц' '5+5:бліц' '10+5:швидкі' '10 min:бліц' \
        '90 хв на 40 ходів + 30 хв + 30 с на хід:класичні' '1 год:класичні' '59 хв:швидкі'; do
        sed -i "s/^time-control = .*/time-control = ${tc%:*}/" mini/event.ini
        rm -rf md && sekretar render --only mandate-entries -o md mini >/dev/null 2>&1 &&
            pdftotext -layout md/mandate-entries.pdf - | grep -q "Ґудзь Мар'яна .* ${tc##*:}$"
        ok $? "no discipline: '${tc%:*}' is ${tc##*:}"
    done
else
    ok 0 "# SKIP pdftotext (poppler-utils) is not installed"
fi
sed -i 's/^time-control = .*/time-control = за регламентом/' mini/event.ini
expect_failure 65 "no discipline, a time control that does not say" sekretar check -q mini
expect_stdout "no discipline: what to write" \
"mini/event.ini:19:1: error: [section girls] has no 'discipline', and its time-control 'за регламентом' does not say one: write discipline = classic (60 minutes or more for 60 moves), rapid (more than 10 and less than 60) or blitz (10 or less)"
sed -i '/^time-control = /d' mini/event.ini
expect_failure 65 "no discipline, no time control" sekretar check -q mini
expect_stdout "no discipline, no time control: what to write" \
"mini/event.ini:19:1: error: [section girls] has no 'discipline': write discipline = classic, rapid or blitz, or its time-control (such as '90 хв + 30 с на хід')"

expect_failure 64 "init without a folder" sekretar init
expect_stderr "init without a folder: message" \
"sekretar: error: no folder given
Try 'sekretar init --help'."
: >afile
expect_failure 73 "init where a file is" sekretar init afile
expect_failure 64 "init of two folders" sekretar init a b
expect_stderr "two folders: message" \
"sekretar: error: one folder at a time
Try 'sekretar init --help'."
expect_failure 64 "convert of a folder" sekretar convert new/u12 --to trf16
expect_stderr "convert of a folder: message" \
"sekretar: error: 'new/u12' is a folder; name the section of the rating report with --section
Try 'sekretar convert --help'."
done_testing
