#!/bin/sh
# Numbers in templates (and the few in event.ini and TRF team records) are
# finite and in their range, written with digits and a decimal point or
# comma: "nan", "inf", "1e3" or "0x10" is refused at its line, never
# taken.  A NaN passed every range check: damaged PDFs with exit 0, and a
# diploma whose font size was nan was fitted to its box forever.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-03
ex=$top/tests/example/u10-lviv-2023
cp -R "$DATA/mini-event" ev
line() { grep -n "$1" "$top/templates/$2" | head -1 | cut -d: -f1; }

# bad DESC FILE SED-SCRIPT MESSAGE [--only DOCS] [INPUT]: a fresh copy of
# the templates with FILE edited renders nothing, exit 65, and MESSAGE is
# the first line of stderr.
bad() {
    rm -rf tpl out
    mkdir tpl
    cp "$top"/templates/*.ini tpl/
    sed -i "$3" "tpl/$2"
    expect_failure 65 "$1" timeout 20 "$SEKRETAR" render --templates tpl \
        --only "${5:-ranking}" -o out "${6:-ev}"
    head -n 1 "$err" >first
    expect_text "$1: message" first "$4"
    [ -z "$(find out -name '*.pdf' 2>/dev/null)" ]
    ok $? "$1: nothing written"
}

# ---- [page] sizes and margins (common.ini, every document)
l=$(line '^margin-left = 30$' common.ini)
for v in nan NaN -nan inf -inf infinity 1e3 0x10 nan0 '+5' '5 mm'; do
    bad "margin-left = $v" common.ini "s/^margin-left = 30\$/margin-left = $v/" \
        "tpl/common.ini:$l: error: 'margin-left' wants a number from 0 to 200, not '$v'"
done
l=$(line '^width = 210$' common.ini)
bad "page width nan" common.ini 's/^width = 210$/width = nan/' \
    "tpl/common.ini:$l: error: 'width' wants a number from 50 to 2000, not 'nan'"
bad "page width of 400 digits" common.ini \
    "s/^width = 210\$/width = $(printf '9%.0s' $(seq 400))/" \
    "tpl/common.ini:$l: error: 'width' wants a number from 50 to 2000, not '$(printf '9%.0s' $(seq 400))'"
l=$(line '^table-min-size = 6$' common.ini)
bad "table-min-size inf" common.ini 's/^table-min-size = 6$/table-min-size = inf/' \
    "tpl/common.ini:$l: error: 'table-min-size' wants a number from 4 to 72, not 'inf'"

# ---- text styles: "face size"
l=$(line '^body = serif 12$' common.ini)
bad "body = serif nan" common.ini 's/^body = serif 12$/body = serif nan/' \
    "tpl/common.ini:$l: error: 'body' wants a face and a size, as 'serif 12' (faces: serif, serif-bold, sans, sans-bold; sizes 4 to 72), not 'serif nan'"
l=$(line '^table = sans 9$' common.ini)
bad "table = sans inf" common.ini 's/^table = sans 9$/table = sans inf/' \
    "tpl/common.ini:$l: error: 'table' wants a face and a size, as 'serif 12' (faces: serif, serif-bold, sans, sans-bold; sizes 4 to 72), not 'sans inf'"

# ---- a knock-out bracket's size
l=$(line '^size = 8$' bracket.ini)
bad "bracket size nan" bracket.ini 's/^size = 8$/size = nan/' \
    "tpl/bracket.ini:$l: error: 'size' wants a number from 7 to 14, not 'nan'" \
    bracket "$DATA/knockout/byes"

# ---- diplomas: a block's place, a font size, the smallest size
l=$(line '^font = serif-bold 48$' diploma-individual.ini)
bad "a diploma font size of nan (looped forever)" diploma-individual.ini \
    's/^font = serif-bold 48$/font = serif-bold nan/' \
    "tpl/diploma-individual.ini:$l: error: 'font' wants a face and a size, as 'serif 14' (faces: serif, serif-bold, sans, sans-bold; sizes 4 to 200), not 'serif-bold nan'" \
    diplomas "$ex"
bad "a diploma font size of -inf" diploma-individual.ini \
    's/^font = serif-bold 48$/font = serif-bold -inf/' \
    "tpl/diploma-individual.ini:$l: error: 'font' wants a face and a size, as 'serif 14' (faces: serif, serif-bold, sans, sans-bold; sizes 4 to 200), not 'serif-bold -inf'" \
    diplomas "$ex"
l=$(line '^y = 118$' diploma-individual.ini)
bad "a block's y of nan" diploma-individual.ini 's/^y = 118$/y = nan/' \
    "tpl/diploma-individual.ini:$l: error: 'y' wants a number from 0 to 2000, not 'nan'" \
    diplomas "$ex"
l=$(line '^frame = 10$' diploma-individual.ini)
bad "a frame of 1e1" diploma-individual.ini 's/^frame = 10$/frame = 1e1/' \
    "tpl/diploma-individual.ini:$l: error: 'frame' wants a number from 0 to 100, not '1e1'" \
    diplomas "$ex"

# ---- what stays valid: a decimal comma or point
rm -rf tpl out
mkdir tpl
cp "$top"/templates/*.ini tpl/
sed -i 's/^margin-left = 30$/margin-left = 29,5/; s/^margin-right = 10$/margin-right = 10.5/' \
    tpl/common.ini
expect_success "29,5 and 10.5 are numbers" \
    sekretar render --templates tpl --only ranking -o out ev

# ---- event.ini: the points of places (ministry's team standings)
cp -R ev pts
sed -i 's/^\[event\]$/[report]\nteam-scoring = points\nteam-points = 25, nan, 16\n\n[event]/' \
    pts/event.ini
expect_failure 65 "team-points with nan" sekretar check -q pts
expect_stdout "nan: message" \
"pts/event.ini:4:19: error: points of a place expected (a number from 0 to 1000, such as 25 or 12.5), found 'nan'"
sed -i 's/^team-points = .*/team-points = 25, 1e2, 16/' pts/event.ini
expect_failure 65 "team-points with 1e2" sekretar check -q pts
expect_stdout "1e2: message" \
"pts/event.ini:4:19: error: points of a place expected (a number from 0 to 1000, such as 25 or 12.5), found '1e2'"
sed -i 's/^team-points = .*/team-points = 25, 0x14, 16/' pts/event.ini
expect_failure 65 "team-points with 0x14" sekretar check -q pts
expect_stdout "0x14: message" \
"pts/event.ini:4:19: error: points of a place expected (a number from 0 to 1000, such as 25 or 12.5), found '0x14'"

# ---- a TRF's team match points (record 362): a warning, the default used
for v in nan inf -2; do
    sed "13s/.*/362 TW $v   TD 1.0   TL 0.0/" "$DATA/team-swiss.trf" >t.trf
    expect_success "362 TW $v: check" sekretar check t.trf
    expect_stdout "362 TW $v: warning" \
"t.trf:13:5: warning: record 362: match points expected after 'TW'
t.trf: 25 players, 3 rounds, 0 errors, 1 warning"
    sekretar standings t.trf >st.txt 2>&1
    ! grep -qi 'nan\|inf' st.txt
    ok $? "362 TW $v: no NaN in the standings"
done

done_testing
