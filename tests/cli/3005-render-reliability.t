#!/bin/sh
# render: every document right, or none and a clear message.  Header texts
# longer than a header can show are bad data at their line; a document the
# input cannot make (a table too wide, a font that is not TrueType) exits
# 65; a failed render writes no document and replaces none.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-03
mini=$DATA/mini-event
ex=$top/tests/example/u10-lviv-2023

# A text of n characters (not bytes): words of a real title, repeated; it
# ends in a letter or a full stop, not in a blank that would be trimmed.
text() {
    perl -CS -e 'my $w = "Чемпіонат України з шахів серед юнаків та дівчат ";
        my $s = $w x ($ARGV[0] / length($w) + 1);
        $s = substr($s, 0, $ARGV[0]); $s =~ s/ $/./; print "$s\n"' -Mutf8 "$1"
}
# Copy the mini event with key set to a text of n characters: the first
# line of the key, or a new line under [event] when it has none.
long_event() {
    rm -rf "$1"
    cp -R "$mini" "$1"
    text "$3" >"$1.text"
    perl -CSD -e 'my ($k, $f) = @ARGV; open(my $t, "<", $f) or die;
        my $v = <$t>; my @l = <STDIN>; my $done = 0;
        for (@l) { $done++ or $_ = "$k = $v" if /^\Q$k\E = / }
        @l = map { /^\[event\]$/ ? ($_, "$k = $v") : $_ } @l unless $done;
        print @l' "$2" "$1.text" <"$mini/event.ini" >"$1/event.ini"
}

# ---- 1. long header texts

long_event ev400 title 400
expect_success "a title of 400 characters renders" \
    sekretar render -o ev400-docs ev400
expect_stdout "a title of 400 characters: all nine documents, the report, the coaches' diplomas and the mandate commission's" \
"ev400-docs/boys-ranking.pdf
ev400-docs/boys-crosstable.pdf
ev400-docs/boys-diplomas.pdf
ev400-docs/girls-ranking.pdf
ev400-docs/girls-crosstable.pdf
ev400-docs/girls-diplomas.pdf
ev400-docs/boys-rapid-ranking.pdf
ev400-docs/boys-rapid-crosstable.pdf
ev400-docs/boys-rapid-diplomas.pdf
ev400-docs/report.xlsx
ev400-docs/coaches-diplomas.pdf
ev400-docs/mandate-entries.pdf
ev400-docs/mandate-checklist.pdf
ev400-docs/mandate-protocol.pdf"
pdftotext ev400-docs/boys-ranking.pdf - | tr -d '\n' | grep -q "$(text 60)"
ok $? "a title of 400 characters: the title is in the document"

long_event ev401 title 401
expect_failure 65 "a title of 401 characters is bad data" \
    sekretar render -o ev401-docs ev401
expect_stderr "a title of 401 characters: where and the limit" \
"ev401/event.ini:3:9: error: 'title' is too long for the documents (401 characters; at most 400)
sekretar: error: ev401: 1 error; render refuses an event with errors ('sekretar check ev401' lists every problem)"
[ ! -e ev401-docs ]
ok $? "a title of 401 characters: nothing written"
expect_failure 65 "check finds the long title too" sekretar check ev401
expect_grep "check: the long title" \
    "^ev401/event.ini:3:9: error: 'title' is too long for the documents \(401 characters; at most 400\)$" "$out"

# What took minutes and gigabytes is refused at once.
long_event ev1m title 1500000
start=$(date +%s)
expect_failure 65 "a title of 1.5 million characters" \
    sekretar render -o ev1m-docs ev1m
expect_stderr "a title of 1.5 million characters: message" \
"ev1m/event.ini:3:9: error: 'title' is too long for the documents (1500000 characters; at most 400)
sekretar: error: ev1m: 1 error; render refuses an event with errors ('sekretar check ev1m' lists every problem)"
[ $(($(date +%s) - start)) -le 5 ]
ok $? "a title of 1.5 million characters: refused within seconds"

# Every other text of the header and the signatures.
for key in organisers city venue chief-arbiter chief-secretary; do
    long_event "ev-$key" "$key" 500
    line=$(grep -n "^$key = " "ev-$key/event.ini" | cut -d: -f1)
    col=$((${#key} + 4))
    expect_failure 65 "a long '$key'" sekretar render -o "ev-$key-docs" "ev-$key"
    expect_stderr "a long '$key': message" \
"ev-$key/event.ini:$line:$col: error: '$key' is too long for the documents (500 characters; at most 400)
sekretar: error: ev-$key: 1 error; render refuses an event with errors ('sekretar check ev-$key' lists every problem)"
done
# Section texts: the first section's.
for key in time-control; do
    long_event "ev-$key" title 10
    sed -i "/^\[section boys\]/a $key = $(text 450)" "ev-$key/event.ini"
    line=$(grep -n "^$key = " "ev-$key/event.ini" | cut -d: -f1)
    expect_failure 65 "a long section '$key'" \
        sekretar render -o "ev-$key-docs" "ev-$key"
    expect_stderr "a long section '$key': message" \
"ev-$key/event.ini:$line:$((${#key} + 4)): error: '$key' is too long for the documents (450 characters; at most 400)
sekretar: error: ev-$key: 1 error; render refuses an event with errors ('sekretar check ev-$key' lists every problem)"
done
long_event ev-section title 10
text 420 >section.text
perl -CSD -e 'open(my $t, "<", shift) or die; my $v = <$t>;
    while (<>) { s/^title = Юнаки, класичні шахи$/title = $v/ and chomp; print }' \
    -Mutf8 section.text "$mini/event.ini" >ev-section/event.ini
line=$(grep -an "^title = Чемпіонат" ev-section/event.ini | cut -d: -f1)
expect_failure 65 "a long section title" sekretar render -o ev-section-docs ev-section
expect_stderr "a long section title: message" \
"ev-section/event.ini:$line:9: error: 'title' is too long for the documents (420 characters; at most 400)
sekretar: error: ev-section: 1 error; render refuses an event with errors ('sekretar check ev-section' lists every problem)"

# A lone results file names its tournament in the 012 record.
{ printf '012 %s\n' "$(text 700)"; grep -v '^012' "$DATA/ua-small.trf"; } >long.trf
expect_failure 65 "a lone TRF with a long tournament name" \
    sekretar render -o long-docs long.trf
expect_stderr "a lone TRF with a long tournament name: message" \
"sekretar: error: the event's title is too long for the documents (700 characters; at most 400)
sekretar: error: long-docs/long-ranking.pdf: not written (the document 'ranking')"
[ ! -e long-docs ]
ok $? "a lone TRF with a long name: nothing written"

# The running header of a long-but-allowed title: on every page, once.
rm -rf lv && cp -R "$ex" lv
text 400 >lv.text
perl -CSD -e 'open(my $t, "<", shift) or die; my $v = <$t>; my $done;
    while (<>) { $done++ or $_ = "title = $v" if /^title = /; print }' \
    lv.text "$ex/event.ini" >lv/event.ini
expect_success "the example with a title of 400 characters" \
    sekretar render --section girls-classic --only ranking -o lv-docs lv
pages=$(pdfinfo lv-docs/girls-classic-ranking.pdf | awk '/^Pages:/ {print $2}')
[ "$pages" -ge 2 ]
ok $? "the ranking list has more than one page ($pages)"
pdftotext -f 2 -l 2 lv-docs/girls-classic-ranking.pdf - | tr -d '\n' |
    grep -q "$(text 60).*Дівчата, класичні шахи\. ПРОТОКОЛ РЕЗУЛЬТАТІВ"
ok $? "page 2 starts with the whole running header"

# ---- 2. data problems exit 65, not 70

cp -R "$top/templates" tpl
sed 's/^table = sans 9$/table = sans 40/; s/^table-min-size = 6$/table-min-size = 40/' \
    "$top/templates/common.ini" >tpl/common.ini
expect_failure 65 "a cross table too wide for the page" \
    sekretar render --templates tpl --only crosstable -o wide-docs "$DATA/ua-small.trf"
expect_stderr "a cross table too wide: message" \
"sekretar: error: the cross table (10 columns) is too wide for the page even at 40 pt
sekretar: error: wide-docs/ua-small-crosstable.pdf: not written (the document 'crosstable')"
sed 's/^serif = LiberationSerif-Regular.ttf$/serif = README.md/' \
    "$top/templates/common.ini" >tpl/common.ini
expect_failure 65 "a template naming a text file as its font" \
    sekretar render --templates tpl -o font-docs "$DATA/ua-small.trf"
expect_stderr "a text file as a font: message" \
"sekretar: error: cannot load the font '$top/fonts/README.md': not a TrueType font
sekretar: error: font-docs/ua-small-ranking.pdf: not written (the document 'ranking')"
[ ! -e wide-docs ] && [ ! -e font-docs ]
ok $? "data problems: nothing written"

# ---- 4. every document or none

# The last section's cross table (60 rounds) cannot fit a page: the five
# documents made before it are not written, and none already there is
# replaced.
rm -rf wide && cp -R "$mini" wide
{
    echo 'round;board;white no;white;black no;black;result'
    r=1
    while [ $r -le 60 ]; do
        if [ $((r % 2)) = 1 ]; then
            echo "$r;1;1;Мельник Ярослав;2;Бойко Євген;1-0"
        else
            echo "$r;1;2;Бойко Євген;1;Мельник Ярослав;1-0"
        fi
        r=$((r + 1))
    done
} >wide/boys-rapid.csv
sed -i '/^\[section boys-rapid\]/,$ s/^rounds = 1$/rounds = 60/' wide/event.ini
expect_success "the 60-round event is consistent" sekretar check wide
mkdir old-docs
echo "the ranking of an earlier render" >old-docs/boys-ranking.pdf
expect_failure 65 "the last document fails" sekretar render -o old-docs wide
expect_stderr "the last document fails: message" \
"sekretar: error: the cross table (67 columns) is too wide for the page even at 6 pt
sekretar: error: old-docs/boys-rapid-crosstable.pdf: not written (the document 'crosstable')
sekretar: error: old-docs: no document written; the 7 documents made before the failure were discarded"
[ "$(ls old-docs)" = boys-ranking.pdf ] &&
    [ "$(cat old-docs/boys-ranking.pdf)" = "the ranking of an earlier render" ]
ok $? "the last document fails: no new document, the old one kept"
[ ! -s "$out" ]
ok $? "the last document fails: no file named as written"
expect_failure 65 "into a new folder" sekretar render -o new-docs wide
[ ! -e new-docs ]
ok $? "into a new folder: the folder is not left behind"

# A document that cannot go into place (a folder has its name): the others
# are taken back, the document they replaced restored.
mkdir blocked
echo "old crosstable" >blocked/girls-crosstable.pdf
echo "old ranking" >blocked/boys-ranking.pdf
mkdir blocked/boys-rapid-crosstable.pdf
expect_failure 73 "a document that cannot go into place" \
    sekretar render -o blocked "$mini"
expect_stderr "cannot go into place: message" \
"blocked/boys-rapid-crosstable.pdf: error: cannot rename into place: Is a directory
sekretar: error: blocked: no document written; the 14 documents made before the failure were discarded"
[ "$(ls blocked | tr '\n' ' ')" = "boys-ranking.pdf boys-rapid-crosstable.pdf girls-crosstable.pdf " ] &&
    [ "$(cat blocked/boys-ranking.pdf)" = "old ranking" ] &&
    [ "$(cat blocked/girls-crosstable.pdf)" = "old crosstable" ]
ok $? "cannot go into place: the old documents back, nothing new, no temporary"
rmdir blocked/boys-rapid-crosstable.pdf
expect_success "then the render succeeds" sekretar render -o blocked "$mini"
[ "$(ls blocked | wc -l)" = 14 ] && [ "$(cat blocked/boys-ranking.pdf)" != "old ranking" ]
ok $? "then every document is replaced"

# ---- 5. templates: a NUL byte is an error, an unknown key a warning

rm -rf tpl5 && cp -R "$top/templates" tpl5
printf '[notes]\nqualify = Місця {places}\000 дають право: {for}.\n' >>tpl5/common.ini
n=$(wc -l <tpl5/common.ini)
expect_failure 65 "a NUL byte in a template value" \
    sekretar render --templates tpl5 -o nul-docs "$mini"
expect_stderr "a NUL byte: file, line and column" \
"tpl5/common.ini:$n:25: error: a NUL byte (templates are text; it would cut the line short)"
[ ! -e nul-docs ]
ok $? "a NUL byte: nothing written"
cp "$top/templates/common.ini" tpl5/common.ini
printf 'title = ПРОТОКОЛ\000 РЕЗУЛЬТАТІВ\n' >tpl5/ranking.ini.new
sed '/^title = /d' "$top/templates/ranking.ini" >>tpl5/ranking.ini.new
mv tpl5/ranking.ini.new tpl5/ranking.ini
expect_failure 65 "a NUL byte in a document's template" \
    sekretar render --templates tpl5 -o nul-docs "$mini"
expect_stderr "a NUL byte in a document's template: message" \
"tpl5/ranking.ini:1:17: error: a NUL byte (templates are text; it would cut the line short)"

cp "$top/templates/ranking.ini" tpl5/ranking.ini
printf '[table]\ncolums = place name points\n[swiss]\nopponent = place\n' >>tpl5/ranking.ini
n=$(wc -l <tpl5/ranking.ini)
printf '[page]\ncolour = white\n' >>tpl5/common.ini
m=$(wc -l <tpl5/common.ini)
expect_success "unknown template keys are not fatal" \
    sekretar render --templates tpl5 -o keys-docs "$mini"
expect_stderr "unknown keys: a warning each, once" \
"tpl5/common.ini:$m:1: warning: unknown key 'colour' in [page] ignored
tpl5/ranking.ini:$((n - 2)):1: warning: unknown key 'colums' in [table] ignored
tpl5/ranking.ini:$n:1: warning: unknown key 'opponent' in [swiss] ignored"
[ "$(ls keys-docs | wc -l)" = 14 ]
ok $? "unknown keys: every document written"
expect_success "the shipped templates have no unknown key" \
    sekretar render -o plain-docs "$mini"
[ ! -s "$err" ]
ok $? "the shipped templates: nothing on stderr"

done_testing
