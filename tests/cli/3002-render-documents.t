#!/bin/sh
# render: the ranking list and the cross table of the fixtures, as text
# (pdftotext -layout) against golden files; every player and every value
# of the ranking in the PDF; the same bytes on every run in test mode.
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/render.sh"
need_poppler
cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2024-08-15

for f in ua-small ua-open ua-rr; do
    expect_success "$f: render" sekretar render -o "$f" "$DATA/$f.trf"
    expect_stdout "$f: the files written" "$f/$f-ranking.pdf
$f/$f-crosstable.pdf
$f/$f-diplomas.pdf"
    for d in ranking crosstable; do
        text "$f/$f-$d.pdf" >"$f-$d.txt"
        cmp_golden "render/$f-$d.txt" "$f-$d.txt"
    done
    every_row "$DATA/$f.trf" "$f-ranking.txt"
    ok $? "$f: every player, place and score in the ranking list"
    expect_success "$f: again" sekretar render -o "$f.2" "$DATA/$f.trf"
    cmp -s "$f/$f-ranking.pdf" "$f.2/$f-ranking.pdf" &&
        cmp -s "$f/$f-crosstable.pdf" "$f.2/$f-crosstable.pdf"
    ok $? "$f: byte-identical PDFs on a second run"
done

# SOURCE_DATE_EPOCH is the same instant as SEKRETAR_TEST_DATE.
env -u SEKRETAR_TEST_DATE SOURCE_DATE_EPOCH=1723680000 \
    "$SEKRETAR" render -o epoch "$DATA/ua-small.trf" >/dev/null
cmp -s epoch/ua-small-ranking.pdf ua-small/ua-small-ranking.pdf
ok $? "SOURCE_DATE_EPOCH gives the same bytes"
expect_grep "the creation date is recorded" \
    "^CreationDate: +Thu Aug 15 00:00:00 2024 UTC" \
    "$(pdfinfo -isodates ua-small/ua-small-ranking.pdf >info 2>/dev/null;
       pdfinfo ua-small/ua-small-ranking.pdf >info 2>/dev/null; echo info)"
expect_grep "the title is the document's and the event's" \
    "^Title: +ПРОТОКОЛ РЕЗУЛЬТАТІВ\. Чемпіонат Львівської області" info
pdffonts ua-small/ua-small-crosstable.pdf >fonts 2>/dev/null
expect_grep "Liberation Serif embedded" "LiberationSerif +CID TrueType +Identity-H +yes +yes +yes" fonts
expect_grep "Liberation Sans embedded" "LiberationSans +CID TrueType +Identity-H +yes +yes +yes" fonts
# Each font is cut to the glyphs shown (libharu embedded ~30 KB of each
# whole font, glyph names and all: a page was 200 KB); the text is intact.
python3 "$top/tests/lib/pdf-fonts.py" ua-small/ua-small-crosstable.pdf >fontsizes
ok $? "the fonts' programs can be read back"
expect_grep "four fonts, each a subset of a few dozen glyphs" \
    "^4 fonts, glyphs (2[0-9]|[3-9][0-9]|1[0-4][0-9]) at most, [0-9]{4} bytes at most$" fontsizes
# A CIDFontType2's program needs no 'cmap' (the CIDToGIDMap finds the
# glyphs) nor glyph names ('post'); the four fonts share one ToUnicode map.
expect_grep "the font programs hold only the tables a PDF viewer draws from" \
    "^tables OS/2 glyf head hhea hmtx loca maxp name$" fontsizes
expect_grep "the four fonts share one ToUnicode map" "^1 ToUnicode maps$" fontsizes
n=$(wc -c <ua-small/ua-small-crosstable.pdf)
[ "$n" -lt 40000 ]
ok $? "a one-page cross table is under 40 KB ($n bytes)"
if command -v qpdf >/dev/null 2>&1; then
    qpdf --check ua-small/ua-small-crosstable.pdf >qpdf.out 2>&1
    ok $? "qpdf finds no fault in the cut fonts"
else
    ok 0 "# SKIP qpdf is not installed"
fi

# Ukrainian letters and marks come through.
expect_grep "ґ, є, і, ї and the apostrophe" "Ґудзь, Мар'яна" ua-small-ranking.txt
expect_grep "ї" "Їжакевич, Ілля" ua-small-ranking.txt
expect_grep "the modifier-letter apostrophe" "Дʼяченко" ua-open-ranking.txt
expect_grep "½ in scores" " 4½\$" ua-small-ranking.txt
expect_grep "a Swiss cell: opponent, colour, result, the legend as printed" "^12 ○ 1 — стартовий номер суперника" ua-small-crosstable.txt
expect_grep "signatures as Ім'я ПРІЗВИЩЕ" "Головний суддя +Остап КРАВЕЦЬ" ua-small-ranking.txt
expect_grep "page numbers on a long document" "Сторінка 3 з 3" ua-open-crosstable.txt

# The layout of the cross table: detected, or as asked.
expect_grep "ua-rr is a round robin" "колова система" ua-rr-crosstable.txt
expect_grep "ua-open is Swiss" "швейцарська система" ua-open-crosstable.txt
expect_success "a round robin as a Swiss table" \
    sekretar render --system swiss --only crosstable -o forced "$DATA/ua-rr.trf"
expect_stdout "only the cross table" "forced/ua-rr-crosstable.pdf"
text forced/ua-rr-crosstable.pdf >forced.txt
expect_grep "--system swiss" "швейцарська система" forced.txt
expect_success "--system round-robin" \
    sekretar render --system round-robin --only crosstable -o forced "$DATA/ua-small.trf"
text forced/ua-small-crosstable.pdf >forced.txt
expect_grep "--system round-robin" "колова система" forced.txt

# Opponents by row number, and the round robin in ranking order.
cp -R "$top/templates" tpl
sed -i 's/^opponent = start$/opponent = place/; s/^order = start$/order = place/' \
    tpl/crosstable.ini
expect_success "opponents by place" sekretar render --templates tpl \
    --only crosstable -o byplace "$DATA/ua-small.trf"
sekretar render --templates tpl --only crosstable -o byplace \
    "$DATA/ua-rr.trf" >/dev/null
text byplace/ua-small-crosstable.pdf >byplace.txt
expect_grep "a row-number column is added" "^ *№ +Місце +Ст\. № " byplace.txt
expect_grep "opponents by row: Мельник met Бойко (row 2) in round 3" \
    "^ 1 +1 +1 +Мельник, Ярослав +1612 +5○1 +7●1 +2○½ +3●1 +4○1 +4½\$" byplace.txt
expect_grep "the legend says row numbers" "номер рядка суперника" byplace.txt
text byplace/ua-rr-crosstable.pdf >byplace.txt
expect_grep "the round robin in ranking order" \
    "^ 1 +Тимошенко, Оксана +1263 +× +\+ +½ +1 +1 +½ +1 +½ +½ +7 +1\$" byplace.txt

# Without an event title: no stray separators in the running header.
grep -v '^012 ' "$DATA/ua-open.trf" >untitled.trf
expect_success "no event title" sekretar render --only crosstable -o untitled untitled.trf
text untitled/untitled-crosstable.pdf >untitled.txt
expect_grep "the running header is the document's title alone" \
    "^.?ТУРНІРНА ТАБЛИЦЯ\$" untitled.txt

# The templates and fonts are found next to the program, or in
# ../share/sekretar from it, without SEKRETAR_DATADIR.
mkdir -p tree inst/bin inst/share/sekretar
cp "$SEKRETAR" tree/sekretar
cp "$SEKRETAR" inst/bin/sekretar
ln -s "$top/templates" tree/templates
ln -s "$top/fonts" tree/fonts
ln -s "$top/templates" inst/share/sekretar/templates
ln -s "$top/fonts" inst/share/sekretar/fonts
env -u SEKRETAR_DATADIR tree/sekretar render --only ranking -o found1 \
    "$DATA/ua-small.trf" >/dev/null 2>&1
cmp -s found1/ua-small-ranking.pdf ua-small/ua-small-ranking.pdf
ok $? "templates and fonts beside the program"
env -u SEKRETAR_DATADIR inst/bin/sekretar render --only ranking -o found2 \
    "$DATA/ua-small.trf" >/dev/null 2>&1
cmp -s found2/ua-small-ranking.pdf ua-small/ua-small-ranking.pdf
ok $? "templates and fonts in ../share/sekretar"
# A round robin with a forfeit: the note says the forfeit counted as
# played (fide-2009 and C.07 alike); a Swiss note stays as it was.
for pol in fide-2009 fide-2024; do
    expect_success "round robin under $pol" sekretar render --unplayed $pol \
        --only ranking -o rr-$pol "$DATA/tb-rr.trf"
    pdftotext "rr-$pol/tb-rr-ranking.pdf" - | tr '\n' ' ' >rr-$pol.txt
done
expect_grep "round robin, fide-2009: the forfeit counted as played" \
    "Партії без гри \(неявки\) в коефіцієнтах враховано як зіграні, з фактичним результатом; тури без суперника — за правилом «віртуального суперника» \(ФІДЕ, 2009\)\." rr-fide-2009.txt
expect_grep "round robin, fide-2024: the forfeit counted as played" \
    "Партії без гри \(неявки\) в коефіцієнтах враховано як зіграні, з фактичним результатом; тури без суперника не враховано \(ФІДЕ C\.07, 2024\)\." rr-fide-2024.txt
done_testing
