#!/bin/sh
# archive rebuild and export when bundles are damaged: each is named, the
# good ones still count, nothing half-done is left.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
ZIPEDIT=${SEKRETAR_BUILD:-$top/build}/tests/zipedit
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
cp -R "$DATA/mini-event" ev
sekretar build ev >/dev/null || exit 1
sed -i 's/^venue = .*/venue = Палац спорту/' ev/event.ini
sekretar build ev >/dev/null || exit 1

expect_success "rebuild with two versions" sekretar archive rebuild
expect_stdout "rebuild: counts" \
"arc/catalog.sqlite: rebuilt from 2 bundles: 1 events, 3 sections, 7 people, 9 entries, 10 games"
expect_success "show after rebuild" sekretar archive show 2023-06-01-ev
expect_grep "version 1 kept" '^      1  2023/2023-06-01-ev-v1.zip ' "$out"
expect_grep "version 2 current" '^      2  2023/2023-06-01-ev.zip .* current ' "$out"
expect_success "verify after rebuild" sekretar archive verify

printf 'x\n' >x
"$ZIPEDIT" arc/2023/2023-06-01-ev-v1.zip bad.zip put event.ini x
cp bad.zip arc/2023/2023-06-01-ev-v1.zip
expect_failure 65 "export of a damaged bundle" \
    sekretar archive export 2023-06-01-ev --version 1 -o out
expect_stderr "export of a damaged bundle: message" \
"arc/2023/2023-06-01-ev-v1.zip: error: 'event.ini' has 2 bytes; the manifest says 769
sekretar: error: arc/2023/2023-06-01-ev-v1.zip: the bundle does not match its manifest; nothing exported"
[ ! -e out ]
ok $? "nothing exported"
expect_failure 65 "rebuild with a damaged bundle" sekretar archive rebuild
expect_stderr "rebuild: the damaged bundle named" \
"arc/2023/2023-06-01-ev-v1.zip: error: 'event.ini' has 2 bytes; the manifest says 769"
expect_stdout "rebuild: the rest taken in" \
"arc/catalog.sqlite: rebuilt from 1 bundle: 1 events, 3 sections, 7 people, 9 entries, 10 games
1 bundle left out (see above)"
[ ! -e arc/catalog.sqlite.rebuild ]
ok $? "no temporary catalogue left"
expect_success "export of the good version" \
    sekretar archive export 2023-06-01-ev -o out
expect_stdout "export: message" "out: 26 files of 2023-06-01-ev, version 2"
expect_success "the export is an event folder again" sekretar check -q out
done_testing
