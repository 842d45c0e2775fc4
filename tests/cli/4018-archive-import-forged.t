#!/bin/sh
# A bundle whose manifest was written to match forged files agrees with
# itself: import makes its results and documents again from its inputs, as
# a build makes them, and refuses it unless it holds exactly what a build
# makes, byte for byte; verify --deep makes them again too.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
mkdir "$tmp/tmpdir"
export TMPDIR="$tmp/tmpdir"
forge() { python3 "$top/tests/lib/forge.py" "$@"; }
cp -R "$DATA/mini-event" ev
sekretar build --archive src ev >/dev/null || exit 1
G=src/2023/2023-06-01-ev.zip
ID=2023-06-01-ev

# refused DESC MESSAGE: bad.zip is refused with MESSAGE, nothing imported.
refused() {
    rm -rf dst
    expect_failure 65 "$1: refused" sekretar archive import --archive dst bad.zip
    expect_stderr "$1: message" "$2
sekretar: error: bad.zip: refused: it does not hold what a build of its inputs makes; nothing was imported"
    [ ! -e dst ]
    ok $? "$1: nothing imported, nothing left"
}

# Another champion in the results.
unzip -p $G results/boys.json |
    sed 's/"Мельник Ярослав"/"Бойко Євген"/' >forged.json
forge $G bad.zip put results/boys.json forged.json
refused "forged results" \
"bad.zip: error: 'results/boys.json' is not what a build of its inputs makes"

# The ranking list of another section under this one's name.
unzip -p $G documents/girls-ranking.pdf >girls.pdf
forge $G bad.zip put documents/boys-ranking.pdf girls.pdf
refused "another section's ranking list" \
"bad.zip: error: 'documents/boys-ranking.pdf' is not what a build of its inputs makes"

# Files a build never makes: a page with a script, a zip inside.
printf '<html><script>alert(1)</script></html>\n' >x.html
forge $G bad.zip put documents/results.html x.html
refused "an HTML file with a script" \
"bad.zip: error: 'documents/results.html' is a file a build never makes"
forge $G bad.zip put documents/old.zip $G
refused "a nested zip" \
"bad.zip: error: 'documents/old.zip' is a file a build never makes"
printf 'hi\n' >notes.txt
forge $G bad.zip put notes.txt notes.txt
refused "a file beside the inputs" \
"bad.zip: error: 'notes.txt' is a file a build never makes"

# No documents at all; no results.
forge $G bad.zip del documents/
refused "no documents" \
"bad.zip: error: 'documents/boys-crosstable.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/boys-diplomas.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/boys-ranking.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/boys-rapid-crosstable.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/boys-rapid-diplomas.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/boys-rapid-ranking.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/coaches-diplomas.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/girls-crosstable.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/girls-diplomas.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/girls-ranking.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/mandate-checklist.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/mandate-entries.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/mandate-protocol.pdf' is missing: a build of its inputs makes it
bad.zip: error: 'documents/report.xlsx' is missing: a build of its inputs makes it"
forge $G bad.zip del results/girls
refused "a section's results taken out" \
"bad.zip: error: 'results/girls.csv' is missing: a build of its inputs makes it
bad.zip: error: 'results/girls.json' is missing: a build of its inputs makes it"

# The manifest's own fields: a role, the creation time (every document
# is dated by it), one a build never writes.
forge $G bad.zip role documents/report.xlsx input
refused "a document listed as an input" \
"bad.zip: error: 'documents/report.xlsx' is listed as input (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet); a build lists it as document (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)"
forge $G bad.zip head created 2023-06-10T00:00:00Z
refused "another creation time" \
"$(unzip -Z1 $G | grep '^documents/' | sort |
    sed "s|.*|bad.zip: error: '&' is not what a build of its inputs makes|")"
forge $G bad.zip head created yesterday
refused "a creation time a build never writes" \
"bad.zip: error: the manifest's creation time 'yesterday' is not one a build writes (YYYY-MM-DDTHH:MM:SSZ)"

# The same files packed otherwise, or with something before the zip.
forge $G bad.zip
refused "the same files packed by another zip" \
"bad.zip: error: its files are what a build makes, but not packed as a build packs them"
forge $G bad.zip prepend x.html
refused "a page before the zip" \
"bad.zip: error: its files are what a build makes, but not packed as a build packs them"
forge $G bad.zip head software 'sekretar 0.0.9' put results/boys.json forged.json
refused "made by other software" \
"bad.zip: error: 'results/boys.json' is not what a build of its inputs makes
bad.zip: note: it was made by 'sekretar 0.0.9'; this is 'sekretar 0.1.0', whose documents may differ"

# What a build makes is taken in, and the site's files are the build's.
expect_success "the bundle a build made is imported" \
    sekretar archive import --archive dst $G
cmp -s $G dst/2023/$ID.zip
ok $? "byte for byte"

# ---- verify --deep

expect_success "verify --deep of a built archive" \
    sekretar archive verify --deep --archive src
expect_grep "verify --deep: made again, all match" \
    "^src: 1 bundle, 26 files, [0-9]+ bytes checked in [0-9.]+ s, 1 made again from its inputs: all match$" "$out"
# A forged bundle the catalogue was made to record (rebuild takes in what
# agrees with itself): only making its files again tells.
cp -R src arc
forge $G arc/2023/$ID.zip put results/boys.json forged.json \
    put documents/boys-ranking.pdf girls.pdf
sekretar archive rebuild --archive arc >/dev/null 2>&1
expect_success "plain verify: the checksums agree" \
    sekretar archive verify --archive arc
expect_failure 65 "verify --deep finds the forgery" \
    sekretar archive verify --deep --archive arc
sed -i 's/checked in [0-9.]* s/checked in T s/; s/files, [0-9]* bytes/files, N bytes/' "$out"
expect_stdout "verify --deep: each forged file named" \
"arc/2023/$ID.zip: error: 'documents/boys-ranking.pdf' is not what a build of its inputs makes
arc/2023/$ID.zip: error: 'results/boys.json' is not what a build of its inputs makes
arc: 1 bundle, 26 files, N bytes checked in T s, 1 made again from its inputs: 2 problems"
# A bundle of other software is not made again: its documents may differ.
forge $G arc/2023/$ID.zip head software 'sekretar 0.0.9'
sekretar archive rebuild --archive arc >/dev/null 2>&1
expect_success "verify --deep: another software's bundle" \
    sekretar archive verify --deep --archive arc
sed -i 's/checked in [0-9.]* s/checked in T s/; s/files, [0-9]* bytes/files, N bytes/' "$out"
expect_stdout "verify --deep: said, not made again" \
"arc/2023/$ID.zip: note: made by 'sekretar 0.0.9': its results and documents are not made again by 'sekretar 0.1.0'
arc: 1 bundle, 26 files, N bytes checked in T s, 0 made again from their inputs, 1 not: all match"
[ -z "$(ls -A "$TMPDIR")" ]
ok $? "verify leaves no temporary folder"
# A bundle built where the site's address is known (its diplomas' QR codes
# hold it, the manifest records it) is made again with that address, in an
# archive that has none; another address in its manifest is a forgery.
mkdir web
printf '[site]\nbase-url = https://archive.example.ua/shakhy\n' >web/site.ini
sekretar build --archive web ev >/dev/null 2>&1
W=web/2023/$ID.zip
unzip -p $W manifest.json | grep -q '"diploma_url": "https://archive.example.ua/shakhy/diplomas/"'
ok $? "the manifest records where the diplomas lead"
rm -rf other
expect_success "imported into an archive without an address" \
    sekretar archive import --archive other $W
cmp -s $W other/2023/$ID.zip
ok $? "the same bytes"
forge $W bad.zip head diploma_url https://evil.example/diplomas/
rm -rf dst
expect_failure 65 "another address in the manifest: refused" \
    sekretar archive import --archive dst bad.zip
expect_grep "the diplomas named" "diplomas.pdf' is not what a build of its inputs makes" "$err"
done_testing
