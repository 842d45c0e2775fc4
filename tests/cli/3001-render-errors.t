#!/bin/sh
# render: usage errors, missing or bad inputs, templates and fonts, outputs
# that cannot be made; each with its message and exit code, and no
# document left behind when one fails.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
good=$DATA/ua-small.trf
export SEKRETAR_TEST_DATE=2023-06-03

expect_failure 64 "no input" sekretar render
expect_stderr "no input: message" \
"sekretar: error: no input file given
Try 'sekretar render --help'."
expect_failure 64 "two inputs" sekretar render "$good" "$good"
expect_failure 64 "unknown document" sekretar render --only rankings "$good"
expect_stderr "unknown document: message" \
"sekretar: error: --only: unknown document 'rankings' (known: ranking, crosstable, team-crosstable, boards, bracket, matches, report, diplomas, coaches-diplomas, mandate, mandate-entries, mandate-checklist, mandate-protocol)
Try 'sekretar render --help'."
expect_failure 64 "empty --only" sekretar render --only , "$good"
expect_failure 64 "unknown system" sekretar render --system knockout "$good"
expect_stderr "unknown system: message" \
"sekretar: error: --system is auto, swiss or round-robin, not 'knockout'
Try 'sekretar render --help'."
SEKRETAR_TEST_DATE=yesterday expect_failure 64 "a bad SEKRETAR_TEST_DATE" \
    sekretar render "$good"
expect_stderr "bad test date: message" \
    "sekretar: error: SEKRETAR_TEST_DATE: cannot read the date 'yesterday'"
env -u SEKRETAR_TEST_DATE SOURCE_DATE_EPOCH=soon \
    "$SEKRETAR" render "$good" >"$out" 2>"$err"
[ $? = 64 ]
ok $? "a bad SOURCE_DATE_EPOCH"

expect_failure 66 "missing input" sekretar render nothing.trf
expect_stderr "missing input: message" "nothing.trf: error: no such file"
mkdir event
expect_failure 66 "a folder without event.ini" sekretar render event
expect_stderr "a folder without event.ini: message" \
    "event: error: not an event folder (no event.ini); 'sekretar init event' writes one"

# Results whose two sides disagree are refused.
sed '/^001    2 /s/     4 b 0 /     4 b 1 /' "$good" >bad.trf
expect_failure 65 "inconsistent results" sekretar render -o out bad.trf
expect_grep "inconsistent results: located" "^bad.trf:14:[0-9]+: error: " "$err"
expect_grep "inconsistent results: advice" \
    "^sekretar: error: bad.trf: 2 errors; render refuses an event with errors \\('sekretar check bad.trf' lists every problem\\)$" \
    "$err"
[ ! -e out ]
ok $? "inconsistent results: nothing written"

# Outputs that cannot be made: exit 73, and no file of the failed render.
: >afile
expect_failure 73 "output under a file" sekretar render -o afile/docs "$good"
expect_grep "output under a file: message" "^afile: error: exists and is not a directory$" "$err"
mkdir -p blocked/ua-small-ranking.pdf
expect_failure 73 "a directory where the document goes" \
    sekretar render -o blocked "$good"
expect_grep "blocked: message" \
    "^blocked/ua-small-ranking.pdf: error: cannot rename into place: " "$err"
expect_grep "blocked: the other document is not written either" \
    "^sekretar: error: blocked: no document written; the 3 documents made before the failure were discarded$" "$err"
[ "$(ls blocked)" = ua-small-ranking.pdf ]
ok $? "blocked: no temporary file left, nothing else written"

# Templates: missing, or wrong with the file and line.
expect_failure 66 "missing templates" \
    sekretar render --templates notemplates -o out1 "$good"
expect_stderr "missing templates: message" \
"notemplates/common.ini: error: no such file"
[ ! -e out1/ua-small-ranking.pdf ]
ok $? "missing templates: no document"
cp -R "$top/templates" tpl
printf 'this is not a key\n' >>tpl/ranking.ini
n=$(wc -l <tpl/ranking.ini)
expect_failure 65 "a broken template" \
    sekretar render --templates tpl -o out2 "$good"
expect_grep "a broken template: file and line" \
    "^tpl/ranking.ini:$n: error: expected 'key = value' or '\[section\]'$" "$err"
[ ! -e out2/ua-small-ranking.pdf ]
ok $? "a broken template: no document"
cp "$top/templates/ranking.ini" tpl/ranking.ini
sed 's/^event = {event}$/event = {evnt}/' "$top/templates/common.ini" >tpl/common.ini
n=$(grep -n '^event = {evnt}$' tpl/common.ini | cut -d: -f1)
expect_failure 65 "an unknown placeholder" \
    sekretar render --templates tpl --only ranking -o out3 "$good"
expect_grep "an unknown placeholder: file and line" \
    "^tpl/common.ini:$n: error: unknown placeholder '\{evnt\}'$" "$err"
cp "$top/templates/common.ini" tpl/common.ini
sed 's/^columns = place start name/columns = place start nom/' \
    "$top/templates/ranking.ini" >tpl/ranking.ini
expect_failure 65 "an unknown column" \
    sekretar render --templates tpl --only ranking -o out3 "$good"
expect_grep "an unknown column: message" \
    "^tpl/ranking.ini:[0-9]+: error: unknown column 'nom' \(known: number place start name " "$err"
grep -v '^points = ' "$top/templates/common.ini" >tpl/common.ini
cp "$top/templates/ranking.ini" tpl/ranking.ini
expect_failure 65 "a missing heading" \
    sekretar render --templates tpl --only ranking -o out3 "$good"
expect_grep "a missing heading: message" \
    "^sekretar: error: 'tpl/common.ini' or 'tpl/ranking.ini': no 'points' in \[columns\]$" "$err"
cp "$top/templates/common.ini" tpl/common.ini
sed 's/^played = {opp} {colour} {result}$/played = {opp} {color} {result}/' \
    "$top/templates/crosstable.ini" >tpl/crosstable.ini
n=$(grep -n '^played = ' tpl/crosstable.ini | cut -d: -f1)
expect_failure 65 "an unknown placeholder in a mark" \
    sekretar render --templates tpl --only crosstable -o out3 "$DATA/ua-open.trf"
expect_stderr "a mark's error once, not once a cell" \
"tpl/crosstable.ini:$n: error: unknown placeholder '{color}'
sekretar: error: out3/ua-open-crosstable.pdf: not written (the document 'crosstable')"
sed 's/^opponent = start$/opponent = nobody/; s/^order = start$/order = random/' \
    "$top/templates/crosstable.ini" >tpl/crosstable.ini
expect_failure 65 "a Swiss choice not among the choices" \
    sekretar render --templates tpl --only crosstable -o out3 "$good"
expect_grep "a Swiss choice: message" \
    "^tpl/crosstable.ini:[0-9]+: error: 'opponent' is one of 'start', 'place', not 'nobody'$" "$err"
expect_failure 65 "a round-robin choice not among the choices" \
    sekretar render --templates tpl --only crosstable -o out3 "$DATA/ua-rr.trf"
expect_grep "a round-robin choice: message" \
    "^tpl/crosstable.ini:[0-9]+: error: 'order' is one of 'start', 'place', not 'random'$" "$err"
cp "$top/templates/crosstable.ini" tpl/crosstable.ini
sed 's/^body = serif 12$/body = roman 12/' "$top/templates/common.ini" >tpl/common.ini
expect_failure 65 "a bad style" \
    sekretar render --templates tpl --only ranking -o out3 "$good"
expect_grep "a bad style: message" \
    "^tpl/common.ini:[0-9]+: error: 'body' wants a face and a size, as 'serif 12'" "$err"
sed 's/^table = sans 9$/table = sans 40/; s/^table-min-size = 6$/table-min-size = 40/' \
    "$top/templates/common.ini" >tpl/common.ini
expect_failure 65 "a table too wide for the page" \
    sekretar render --templates tpl --only ranking -o out3 "$good"
expect_grep "too wide: message" \
    "^sekretar: error: the ranking table \(6 columns\) is too wide for the page even at 40 pt$" "$err"
[ ! -e out3/ua-small-ranking.pdf ]
ok $? "bad templates: no document"

# Fonts: missing, not fonts, cut short, refused by libharu.
SEKRETAR_FONTS=nofonts expect_failure 66 "missing fonts" \
    sekretar render -o out4 "$good"
expect_grep "missing fonts: message" \
    "^sekretar: error: cannot open font 'nofonts/Liberation[A-Za-z-]+\.ttf': no such file$" "$err"
[ ! -e out4 ]
ok $? "missing fonts: no document, no temporary file, no folder"
mkdir junkfonts cutfonts lockedfonts noglyffonts shortfonts
for f in "$top"/fonts/*.ttf; do
    b=$(basename "$f")
    printf 'not a font' >"junkfonts/$b"
    head -c 5000 "$f" >"cutfonts/$b"
    # The same font with embedding forbidden (OS/2 fsType 2).
    perl -e 'local $/; binmode STDIN; binmode STDOUT; my $d = <STDIN>;
        for my $i (0 .. unpack("n", substr($d, 4, 2)) - 1) {
            my ($t, $s, $o) = unpack("a4NN", substr($d, 12 + 16 * $i, 12));
            substr($d, $o + 8, 2) = pack("n", 2) if $t eq "OS/2";
        }
        print $d' <"$f" >"lockedfonts/$b"
    # Without a glyf table; and a directory promising more tables than
    # the file holds.
    perl -e 'local $/; binmode STDIN; binmode STDOUT; my $d = <STDIN>;
        $d =~ s/glyf/glyX/; print $d' <"$f" >"noglyffonts/$b"
    printf '\000\001\000\000\000\377' >"shortfonts/$b"
    head -c 600 /dev/zero >>"shortfonts/$b"
done
SEKRETAR_FONTS=noglyffonts expect_failure 65 "a font without glyphs" \
    sekretar render -o out5 "$good"
expect_grep "no glyf: message" \
    "^sekretar: error: cannot load the font 'noglyffonts/Liberation[A-Za-z-]+\.ttf': a table libharu needs is missing$" "$err"
SEKRETAR_FONTS=shortfonts expect_failure 65 "a font directory cut short" \
    sekretar render -o out5 "$good"
expect_grep "short directory: message" \
    "^sekretar: error: cannot load the font 'shortfonts/Liberation[A-Za-z-]+\.ttf': its table directory is cut short$" "$err"
SEKRETAR_FONTS=junkfonts expect_failure 65 "not a font" \
    sekretar render -o out5 "$good"
expect_grep "not a font: message" \
    "^sekretar: error: cannot load the font 'junkfonts/Liberation[A-Za-z-]+\.ttf': not a TrueType font$" "$err"
SEKRETAR_FONTS=cutfonts expect_failure 65 "a font cut short" \
    sekretar render -o out5 "$good"
expect_grep "a font cut short: message" \
    "^sekretar: error: cannot load the font 'cutfonts/Liberation[A-Za-z-]+\.ttf': a table goes past the end of the file$" "$err"
SEKRETAR_FONTS=lockedfonts expect_failure 65 "a font libharu refuses" \
    sekretar render -o out5 "$good"
expect_grep "refused font: libharu's error in our words" \
    "^sekretar: error: cannot load the font 'lockedfonts/Liberation[A-Za-z-]+\.ttf': the font does not allow embedding \(libharu error 0x105D, detail 0\)$" "$err"
[ ! -e out5 ]
ok $? "bad fonts: nothing left"
done_testing
