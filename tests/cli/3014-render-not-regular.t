#!/bin/sh
# What a template names, and the templates themselves, are regular files:
# a named pipe, a folder or a device is refused without being opened (a
# named pipe would make the reader wait forever), with a message that says
# what it is, and nothing is written.  A results file on the command line
# may still be a pipe.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-03
ex=$top/tests/example/u10-lviv-2023
cp -R "$DATA/mini-event" ev
# fresh: a copy of the templates in tpl.
fresh() {
    rm -rf tpl out
    mkdir tpl
    cp "$top"/templates/*.ini tpl/
}
line() { grep -n "$1" "$top/templates/$2" | head -1 | cut -d: -f1; }

# ---- the templates themselves
for name in common ranking crosstable report mandate; do
    fresh
    rm tpl/$name.ini
    mkfifo tpl/$name.ini
    expect_failure 66 "$name.ini is a named pipe: render" \
        timeout 10 "$SEKRETAR" render --templates tpl -o out ev
    expect_stderr "$name.ini: message" \
        "tpl/$name.ini: error: is a named pipe (FIFO), not a regular file"
    [ ! -e out ]
    ok $? "$name.ini: nothing written"
done
fresh
rm tpl/ranking.ini
mkdir tpl/ranking.ini
expect_failure 66 "ranking.ini is a folder" \
    timeout 10 "$SEKRETAR" render --templates tpl -o out ev
expect_stderr "a folder: message" "tpl/ranking.ini: error: is a directory"
fresh
rm tpl/common.ini
ln -s /dev/zero tpl/common.ini
expect_failure 66 "common.ini is a link to a device" \
    timeout 10 "$SEKRETAR" render --templates tpl -o out ev
expect_stderr "a device: message" \
    "tpl/common.ini: error: is a device, not a regular file"
fresh
rm tpl/common.ini
mkfifo tpl/common.ini
expect_failure 66 "common.ini is a named pipe: build" \
    env SEKRETAR_TEMPLATES=tpl timeout 10 "$SEKRETAR" build --archive arc ev
expect_stderr "build: message" \
    "tpl/common.ini: error: is a named pipe (FIFO), not a regular file"
[ ! -e arc/catalog.sqlite ] && [ -z "$(find arc -name '*.zip*' 2>/dev/null)" ]
ok $? "build: no bundle, no catalogue"

# ---- a diploma's background image, at its template line
l=$(line '^background =$' diploma-individual.ini)
fresh
mkfifo tpl/blank.png
sed -i 's/^background =$/background = blank.png/' tpl/diploma-individual.ini
expect_failure 65 "a background that is a named pipe" \
    timeout 10 "$SEKRETAR" render --templates tpl --section boys-classic -o out "$ex"
expect_stderr "background pipe: message" \
"tpl/diploma-individual.ini:$l: error: the background image 'tpl/blank.png' is a named pipe (FIFO), not a regular file
sekretar: error: out/boys-classic-diplomas.pdf: not written (the document 'diplomas')
sekretar: error: out: no document written; the 2 documents made before the failure were discarded"
[ ! -e out ]
ok $? "background pipe: nothing written"
fresh
mkdir tpl/blank.png
sed -i 's/^background =$/background = blank.png/' tpl/diploma-individual.ini
expect_failure 65 "a background that is a folder" \
    timeout 10 "$SEKRETAR" render --templates tpl --section boys-classic -o out "$ex"
expect_grep "background folder: message" \
    "^tpl/diploma-individual.ini:$l: error: the background image 'tpl/blank.png' is a directory$" "$err"
fresh
mkfifo "$tmp/blank.png"
sed -i "s|^background =\$|background = $tmp/blank.png|" tpl/diploma-coach.ini
l=$(line '^background =$' diploma-coach.ini)
expect_failure 65 "an absolute background path to a named pipe (coaches' diplomas)" \
    timeout 10 "$SEKRETAR" render --templates tpl --only coaches-diplomas -o out \
    "$ex"
expect_grep "absolute pipe: message" \
    "^tpl/diploma-coach.ini:$l: error: the background image '$tmp/blank.png' is a named pipe \(FIFO\), not a regular file$" "$err"

# ---- the fonts a template names
mkdir fo
cp "$top"/fonts/*.ttf fo/
rm fo/LiberationSerif-Bold.ttf
mkfifo fo/LiberationSerif-Bold.ttf
expect_failure 66 "a font that is a named pipe" \
    env SEKRETAR_FONTS=fo timeout 10 "$SEKRETAR" render -o out ev
expect_grep "font pipe: message" \
    "^sekretar: error: cannot open font 'fo/LiberationSerif-Bold.ttf': is a named pipe \(FIFO\), not a regular file$" "$err"
[ ! -e out ]
ok $? "font pipe: nothing written"
rm fo/LiberationSerif-Bold.ttf
mkdir fo/LiberationSerif-Bold.ttf
expect_failure 66 "a font that is a folder" \
    env SEKRETAR_FONTS=fo timeout 10 "$SEKRETAR" render -o out ev
expect_grep "font folder: message" \
    "^sekretar: error: cannot open font 'fo/LiberationSerif-Bold.ttf': is a directory$" "$err"

# ---- a bundle in the archive that is a named pipe
sekretar build --archive arc2 ev >/dev/null || exit 1
mv arc2/2023/2023-06-01-ev.zip saved.zip
mkfifo arc2/2023/2023-06-01-ev.zip
sed -i 's/^venue = .*/venue = Друга зала/' ev/event.ini
expect_failure 65 "build over a bundle that is a named pipe" \
    timeout 10 "$SEKRETAR" build --archive arc2 ev
expect_stderr "bundle pipe: message" \
"arc2/2023/2023-06-01-ev.zip: error: not a regular file"
expect_failure 65 "export of it" \
    timeout 10 "$SEKRETAR" archive export --archive arc2 2023-06-01-ev -o exp
expect_grep "export: named" \
    "^arc2/2023/2023-06-01-ev.zip: error: is a named pipe \(FIFO\), not a regular file$" "$err"

# ---- a results file on the command line may still be a pipe
expect_success "a pipe as the results file is read" \
    sh -c "cat '$DATA/ua-small.trf' | '$SEKRETAR' render --only ranking -o piped /dev/stdin"

done_testing
