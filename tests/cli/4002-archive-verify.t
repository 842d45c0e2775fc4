#!/bin/sh
# sekretar archive verify: every checksum against the manifests and the
# catalogue; each tampering is named.
. "$(dirname "$0")/../lib/lib.sh"

# The time a verify took varies: "checked in T s".
verify() {
    "$SEKRETAR" archive verify "$@"
    rc=$?
    sed -i -e 's/checked in [0-9.]* s/checked in T s/' -e 's/files, [0-9]* bytes checked/files, N bytes checked/' "$out" 2>/dev/null
    return $rc
}

cd "$tmp" || exit 1
ZIPEDIT=${SEKRETAR_BUILD:-$top/build}/tests/zipedit
export SOURCE_DATE_EPOCH=1686268800
cp -R "$DATA/mini-event" ev
sekretar build --archive arc ev >/dev/null || exit 1
Z=arc/2023/2023-06-01-ev.zip
cp $Z good.zip

expect_success "a fresh archive verifies" verify --archive arc
expect_grep "verify: summary" \
    '^arc: 1 bundle, 26 files, N bytes checked in T s: all match$' "$out"

# A file of the bundle changed, the manifest left as it was.
printf 'tampered\n' >x
"$ZIPEDIT" good.zip $Z put event.ini x
expect_failure 65 "a changed file" verify --archive arc
expect_stdout "a changed file: named" \
"arc/2023/2023-06-01-ev.zip: error: 'event.ini' has 9 bytes; the manifest says 769
arc: 1 bundle, 0 files, N bytes checked in T s: 1 problem"

# Same size, other bytes.
head -c 769 "$DATA/mini-event/event.ini" | tr 'a' 'b' >y
"$ZIPEDIT" good.zip $Z put event.ini y
expect_failure 65 "a changed byte" verify --archive arc
expect_grep "a changed byte: named" \
    "^arc/2023/2023-06-01-ev.zip: error: 'event.ini' does not match its SHA-256 in the manifest$" \
    "$out"

# A file added to the zip, one taken out.
"$ZIPEDIT" good.zip $Z put extra.txt x del results/boys.csv
expect_failure 65 "files added and removed" verify --archive arc
expect_grep "a file taken out" \
    "^arc/2023/2023-06-01-ev.zip: error: 'results/boys.csv' is in the manifest but not in the zip$" \
    "$out"
expect_grep "a file added" \
    "^arc/2023/2023-06-01-ev.zip: error: 'extra.txt' is in the zip but not in the manifest$" \
    "$out"

# A consistent bundle (new manifest) that is not the one catalogued.
cp -R "$DATA/mini-event" ev2
sed -i 's/^venue = .*/venue = Інший палац/' ev2/event.ini
sekretar build --archive other --slug ev ev2 >/dev/null || exit 1
cp other/2023/2023-06-01-ev.zip $Z
expect_failure 65 "another bundle in its place" verify --archive arc
expect_stdout "another bundle: named" \
"arc/2023/2023-06-01-ev.zip: error: the bundle is not the one the catalogue recorded (size or SHA-256 differ)
arc/2023/2023-06-01-ev.zip: error: 'documents/boys-crosstable.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/boys-ranking.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/boys-rapid-crosstable.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/boys-rapid-ranking.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/girls-crosstable.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/girls-ranking.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/mandate-checklist.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/mandate-entries.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/mandate-protocol.pdf' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'documents/report.xlsx' differs between the manifest and the catalogue
arc/2023/2023-06-01-ev.zip: error: 'event.ini' differs between the manifest and the catalogue
arc: 1 bundle, 26 files, N bytes checked in T s: 12 problems"

# A missing bundle and an unknown one.
rm $Z
cp good.zip arc/2023/stray.zip
expect_failure 65 "missing and unknown bundles" verify --archive arc
expect_stdout "missing and unknown: named" \
"arc/2023/2023-06-01-ev.zip: error: missing (version 1 of '2023-06-01-ev')
sekretar: error: arc/2023/stray.zip: a bundle the catalogue does not know ('sekretar archive rebuild' takes it in)
arc: 1 bundle, 0 files, N bytes checked in T s: 2 problems"
rm arc/2023/stray.zip

# Not a zip at all.
printf 'PK\003\004 not really\n' >$Z
expect_failure 65 "not a zip" verify --archive arc
expect_grep "not a zip: named" \
    '^arc/2023/2023-06-01-ev.zip: error: not a readable zip: ' "$out"
cp good.zip $Z
expect_success "repaired, it verifies again" verify --archive arc

# A damaged catalogue.
mkdir notdb
printf 'this is not a database, just text that pretends to be one.\n' \
    >notdb/catalog.sqlite
expect_failure 74 "a catalogue that is not a database" \
    sekretar archive verify --archive notdb
expect_stderr "not a database: message" \
"notdb/catalog.sqlite: error: file is not a database"
expect_failure 66 "no catalogue" sekretar archive verify --archive nowhere
expect_stderr "no catalogue: message" \
"sekretar: error: no catalogue at 'nowhere/catalog.sqlite'; 'sekretar build DIR' makes one, 'sekretar archive rebuild' remakes it from the bundles"
done_testing
