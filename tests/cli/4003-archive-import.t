#!/bin/sh
# sekretar archive import: a bundle from elsewhere is taken in only after
# it is checked: no zip slip ('..', absolute paths, links, bombs), a valid
# manifest whose checksums match.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
ZIPEDIT=${SEKRETAR_BUILD:-$top/build}/tests/zipedit
export SOURCE_DATE_EPOCH=1686268800
cp -R "$DATA/mini-event" ev
sekretar build --archive src ev >/dev/null || exit 1
G=src/2023/2023-06-01-ev.zip
printf 'hi\n' >x

refused() {
    desc=$1
    want=$2
    expect_failure 65 "$desc is refused" sekretar archive import --archive dst bad.zip
    expect_stderr "$desc: message" "$want
sekretar: error: bad.zip: refused; nothing was imported"
}

"$ZIPEDIT" $G bad.zip put ../evil.txt x
refused "an entry with '..'" "bad.zip: error: entry '../evil.txt': the path goes up with '..'"
"$ZIPEDIT" $G bad.zip put results/../../evil.txt x
refused "'..' inside a path" "bad.zip: error: entry 'results/../../evil.txt': the path goes up with '..'"
"$ZIPEDIT" $G bad.zip put /tmp/evil.txt x
refused "an absolute path" "bad.zip: error: entry '/tmp/evil.txt': the path is absolute"
"$ZIPEDIT" $G bad.zip put 'c:\evil.txt' x
refused "a Windows path" "bad.zip: error: entry 'c:\\evil.txt': the path has a colon"
"$ZIPEDIT" $G bad.zip link players.csv /etc/passwd
refused "a symbolic link" "bad.zip: error: entry 'players.csv': it is a symbolic link"
"$ZIPEDIT" $G bad.zip zeros big.bin 80000000
refused "a zip bomb" "bad.zip: error: entry 'big.bin': it inflates more than 1000 times (a zip bomb?)"
"$ZIPEDIT" $G bad.zip del manifest.json
refused "no manifest" "bad.zip: error: no manifest.json in the bundle"
printf '{"format": ' >m.json
"$ZIPEDIT" $G bad.zip put manifest.json m.json
refused "a manifest that is not JSON" "bad.zip:manifest.json:1:11: error: not valid JSON: unexpected token near end of file"
printf '{"format": "other", "format_version": 2, "event": "../x", "version": 0, "software": 1, "created": "", "files": [{"name": "../a", "size": -1, "sha256": "xyz", "type": "t", "role": "boss"}]}' >m.json
"$ZIPEDIT" $G bad.zip put manifest.json m.json
refused "a manifest with bad fields" "bad.zip:manifest.json: error: format 'other' is not 'sekretar-bundle'
bad.zip:manifest.json: error: format_version 2 is newer than this sekretar reads (1)
bad.zip:manifest.json: error: event id '../x' is not a-z, 0-9 and '-'
bad.zip:manifest.json: error: the manifest: 'version' is not a whole number of 1 or more
bad.zip:manifest.json: error: the manifest: 'software' is not a string
bad.zip:manifest.json: error: file '../a': the path goes up with '..'
bad.zip:manifest.json: error: file 1: 'size' is not a whole number of 0 or more
bad.zip:manifest.json: error: file '../a': 'sha256' is not 64 lower-case hex digits
bad.zip:manifest.json: error: file '../a': unknown role 'boss' (input, document or results)"
"$ZIPEDIT" $G bad.zip put event.ini x
refused "a file that does not match the manifest" "bad.zip: error: 'event.ini' has 3 bytes; the manifest says 769"
printf 'not a zip\n' >bad.zip
refused "not a zip" "bad.zip: error: not a readable zip: Not a zip archive"
[ ! -e dst/2023 ]
ok $? "nothing was written"

expect_failure 66 "a missing bundle" sekretar archive import --archive dst none.zip
expect_stderr "a missing bundle: message" "sekretar: error: no bundle 'none.zip'"

expect_success "a good bundle is imported" sekretar archive import --archive dst $G
expect_stdout "imported: message" \
"src/2023/2023-06-01-ev.zip: imported as dst/2023/2023-06-01-ev.zip (version 1)"
cmp -s $G dst/2023/2023-06-01-ev.zip
ok $? "imported byte for byte"
expect_success "the import verifies" sekretar archive verify --archive dst
expect_success "again: nothing to do" sekretar archive import --archive dst $G
expect_stdout "again: message" \
"src/2023/2023-06-01-ev.zip: already in the archive as dst/2023/2023-06-01-ev.zip (version 1)"

# Versions: a newer bundle replaces the current one, an older is refused.
sed -i 's/^venue = .*/venue = Палац спорту/' ev/event.ini
sekretar build --archive src ev >/dev/null || exit 1
expect_success "version 2 from elsewhere" sekretar archive import --archive dst $G
expect_stdout "version 2: message" \
"src/2023/2023-06-01-ev.zip: imported as dst/2023/2023-06-01-ev.zip (version 2)"
[ -f dst/2023/2023-06-01-ev-v1.zip ]
ok $? "version 1 kept"
expect_failure 65 "an older version is refused" \
    sekretar archive import --archive dst src/2023/2023-06-01-ev-v1.zip
expect_stderr "older version: message" \
"sekretar: error: src/2023/2023-06-01-ev-v1.zip: the archive has version 2 of '2023-06-01-ev'; this bundle is version 1"
expect_success "the archive verifies" sekretar archive verify --archive dst
done_testing
