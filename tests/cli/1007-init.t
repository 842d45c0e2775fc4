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
