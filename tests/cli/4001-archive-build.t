#!/bin/sh
# sekretar build: the bundle (same bytes for the same event), the
# catalogue, versions of a corrected event, and every refusal.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
ZIPEDIT=${SEKRETAR_BUILD:-$top/build}/tests/zipedit
export SOURCE_DATE_EPOCH=1686268800
cp -R "$DATA/mini-event" ev

expect_success "build an event" sekretar build --archive arc ev
# The size depends on the fonts embedded in the PDFs: not compared.
sed -E 's/, [0-9]+ bytes\)$/, N bytes)/' "$out" >"$tmp/build.out"
cp "$tmp/build.out" "$out"
expect_stdout "build: where everything went" \
"bundle:    arc/2023/2023-06-01-ev.zip (version 1, 26 files, N bytes)
catalogue: arc/catalog.sqlite (event 2023-06-01-ev: 3 sections, 7 people, 9 entries)
  results/boys.json
  results/boys.csv
  results/girls.json
  results/girls.csv
  results/boys-rapid.json
  results/boys-rapid.csv
  documents/boys-ranking.pdf
  documents/boys-crosstable.pdf
  documents/boys-diplomas.pdf
  documents/girls-ranking.pdf
  documents/girls-crosstable.pdf
  documents/girls-diplomas.pdf
  documents/boys-rapid-ranking.pdf
  documents/boys-rapid-crosstable.pdf
  documents/boys-rapid-diplomas.pdf
  documents/report.xlsx
  documents/coaches-diplomas.pdf
  documents/mandate-entries.pdf
  documents/mandate-checklist.pdf
  documents/mandate-protocol.pdf"
expect_success "an unchanged event" sekretar build --archive arc ev
expect_stdout "unchanged: up to date" \
"arc/2023/2023-06-01-ev.zip: up to date (version 1, 26 files)"
expect_success "the archive from the environment" \
    env SEKRETAR_ARCHIVE=arc2 "$SEKRETAR" build ev
cmp -s arc/2023/2023-06-01-ev.zip arc2/2023/2023-06-01-ev.zip
ok $? "the same event gives the same bytes"
TZ=America/New_York "$SEKRETAR" build --archive arc3 ev >/dev/null 2>&1
cmp -s arc/2023/2023-06-01-ev.zip arc3/2023/2023-06-01-ev.zip
ok $? "in any time zone"

expect_success "export the bundle" \
    sekretar archive export 2023-06-01-ev -o out --archive arc
expect_stdout "export: message" "out: 26 files of 2023-06-01-ev, version 1"
(cd out && find . -type f | sort) >"$tmp/list"
expect_text "the bundle's files" "$tmp/list" \
"./boys-rapid.csv
./boys.csv
./documents/boys-crosstable.pdf
./documents/boys-diplomas.pdf
./documents/boys-ranking.pdf
./documents/boys-rapid-crosstable.pdf
./documents/boys-rapid-diplomas.pdf
./documents/boys-rapid-ranking.pdf
./documents/coaches-diplomas.pdf
./documents/girls-crosstable.pdf
./documents/girls-diplomas.pdf
./documents/girls-ranking.pdf
./documents/mandate-checklist.pdf
./documents/mandate-entries.pdf
./documents/mandate-protocol.pdf
./documents/report.xlsx
./event.ini
./girls.trf
./manifest.json
./players.csv
./results/boys-rapid.csv
./results/boys-rapid.json
./results/boys.csv
./results/boys.json
./results/girls.csv
./results/girls.json"
cmp -s out/girls.trf ev/girls.trf
ok $? "an input file comes back unchanged"
expect_grep "the manifest names the event" '"event": "2023-06-01-ev"' \
    out/manifest.json
expect_grep "the manifest's creation time" '"created": "2023-06-09T00:00:00Z"' \
    out/manifest.json
expect_grep "results JSON: the winner" \
    '"place": 1, "place_to": 1, "start_no": 1, "name": "Ґудзь Мар'"'"'яна"' \
    out/results/girls.json
expect_grep "results JSON: an unrated player's rating is null" \
    '"name": "Бойко Євген", "fide_id": "", "rating": null,' \
    out/results/boys.json
expect_grep "results JSON: a rated player's rating is a number" \
    '"name": "Мельник Ярослав", "fide_id": "34187243", "rating": 1612,' \
    out/results/boys.json
expect_grep "results CSV: tie-break columns" '^Place,StartNo,Name,FIDE,Rating,Birth,Region,Club,Coach,Rank,PTS' \
    out/results/girls.csv

# A corrected event is the next version; the one before is kept.
sed -i 's/^venue = .*/venue = Палац спорту/' ev/event.ini
expect_success "build a corrected event" sekretar build --archive arc ev
expect_grep "the new version" \
    '^bundle:    arc/2023/2023-06-01-ev.zip \(version 2, 26 files' "$out"
expect_grep "the previous version kept" \
    '^previous:  arc/2023/2023-06-01-ev-v1.zip \(version 1, kept\)' "$out"
cmp -s arc/2023/2023-06-01-ev-v1.zip arc2/2023/2023-06-01-ev.zip
ok $? "version 1 is kept byte for byte"
expect_success "show lists both versions" \
    sekretar archive show 2023-06-01-ev --archive arc
expect_grep "show: version 1" '^      1  2023/2023-06-01-ev-v1.zip ' "$out"
expect_grep "show: version 2 current" '^      2  2023/2023-06-01-ev.zip .* current ' \
    "$out"
expect_success "verify both versions" sekretar archive verify --archive arc
expect_grep "verify: all match" '^arc: 2 bundles, 52 files, [0-9]+ bytes checked in .*: all match$' \
    "$out"
sed -i 's/^venue = .*/venue = Палац мистецтв/' ev/event.ini
expect_success "a third version" sekretar build --archive arc ev
expect_grep "version 3" '\(version 3, ' "$out"
[ -f arc/2023/2023-06-01-ev-v2.zip ] && [ -f arc/2023/2023-06-01-ev-v1.zip ]
ok $? "versions 1 and 2 kept"

expect_success "--slug names the bundle" \
    sekretar build --archive arc --slug mini-cup ev
expect_grep "--slug: the path" '^bundle:    arc/2023/2023-06-01-mini-cup.zip ' "$out"

# Refusals.
cp -R "$DATA/mini-event" bad
sed -i 's/     2 w 1     3 b 1/     2 w 0     3 b 1/' bad/girls.trf
expect_failure 65 "an event with errors is refused" \
    sekretar build --archive arc bad
expect_stderr "refused: every error listed" \
"bad/girls.trf:10:81: error: player 1: points column says 3.0, the results add up to 2.0
bad/girls.trf:10:99: error: round 1: results of 1 ('0') and 2 ('0') do not match
sekretar: error: bad: 2 errors; build refuses an event with errors ('sekretar check bad' lists every problem)"
[ ! -e arc/2023/2023-06-01-bad.zip ]
ok $? "refused: no bundle"
expect_failure 64 "no folder" sekretar build
expect_stderr "no folder: message" \
"sekretar: error: no event folder given
Try 'sekretar build --help'."
expect_failure 64 "two folders" sekretar build ev bad
expect_stderr "two folders: message" \
"sekretar: error: one event folder at a time
Try 'sekretar build --help'."
expect_failure 64 "a file" sekretar build ev/girls.trf
expect_stderr "a file: message" \
"sekretar: error: 'ev/girls.trf' is a file; sekretar build works on an event folder
Try 'sekretar build --help'."
expect_failure 66 "a missing folder" sekretar build nowhere
expect_stderr "a missing folder: message" \
"sekretar: error: no event folder 'nowhere'"
mkdir empty
expect_failure 66 "a folder without event.ini" sekretar build empty
expect_grep "without event.ini: message" 'event.ini' "$err"
expect_failure 64 "a bad slug" sekretar build --slug 'Кубок!' ev
expect_stderr "a bad slug: message" \
"sekretar: error: --slug wants a-z, 0-9 and '-', like 'u10-lviv', not 'Кубок!'
Try 'sekretar build --help'."
expect_failure 64 "a bad SOURCE_DATE_EPOCH" \
    env SOURCE_DATE_EPOCH=yesterday "$SEKRETAR" build ev
expect_stderr "a bad SOURCE_DATE_EPOCH: message" \
"sekretar: error: SOURCE_DATE_EPOCH: not a number of seconds: 'yesterday'"
cp -R "$DATA/mini-event" outside
sed -i 's|^file = girls.trf|file = ../ev/girls.trf|' outside/event.ini
expect_failure 65 "a results file outside the folder" \
    sekretar build --archive arc outside
expect_stderr "outside the folder: message" \
"outside/event.ini:21:8: error: results file '../ev/girls.trf' of section 'girls': the path goes up with '..'; name a file inside the event folder
sekretar: error: outside: 1 error; build refuses an event with errors ('sekretar check outside' lists every problem)"
: >arc-file
expect_failure 73 "an archive that is a file" sekretar build --archive arc-file ev
expect_stderr "archive is a file: message" \
"arc-file: error: exists and is not a directory"
# A damaged current bundle is not replaced.
"$ZIPEDIT" arc/2023/2023-06-01-ev.zip broken.zip del manifest.json
cp broken.zip arc/2023/2023-06-01-ev.zip
sed -i 's/^venue = .*/venue = Палац шахів/' ev/event.ini
expect_failure 65 "a damaged current bundle" sekretar build --archive arc ev
expect_stderr "damaged current bundle: message" \
"sekretar: error: arc/2023/2023-06-01-ev.zip is not the bundle the catalogue recorded as version 3 of '2023-06-01-ev'; nothing was changed ('sekretar archive verify' tells more)"
done_testing
