#!/bin/sh
# render: the ministry's report (report.xlsx): read back, every count and
# place recomputed from the registry and the standings; the sheets' XML of
# a small event against golden files; the same bytes every run; the
# [report] keys' errors at event.ini:LINE:COL; LibreOffice opens it.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686300000
mini=$DATA/mini-event
ex=$top/tests/example/u10-lviv-2023

# A python3 that has openpyxl (Debian's python3-openpyxl).
openpyxl_python

# ---- 1. the examples and events that differ, read back

# check_report NAME DIR: the report of event DIR read back, every count,
# place and medal recomputed from event.ini, the registry, the standings
# and the mandate commission's counts (tests/lib/check-report.py).
check_report() {
    expect_success "$1: the report" sekretar render --only report -o "$1-docs" "$2"
    if [ -z "$py" ]; then
        echo "ok $((test_n + 1)) # SKIP no python3 with openpyxl (python3-openpyxl)"
        test_n=$((test_n + 1))
        return
    fi
    mkdir "$1-st"
    for s in $(sed -n 's/^\[section \(.*\)\]$/\1/p' "$2/event.ini"); do
        sekretar standings --section $s --players --format csv "$2" \
            >"$1-st/$s.csv"
        if sed -n "/^\[section $s\]/,/^\[/p" "$2/event.ini" |
            grep -q '^system = team'; then
            sekretar standings --section $s --format csv "$2" \
                >"$1-st/$s-teams.csv"
        fi
    done
    sekretar mandate --format csv "$2" >"$1-st/mandate.csv"
    "$py" "$top/tests/lib/check-report.py" "$1-docs/report.xlsx" "$2" \
        "$1-st" >"$1.tap" 2>&1
    rc=$?
    ok $rc "$1: read back, every count, place and medal recomputed"
    [ $rc = 0 ] || grep -v '^ok' "$1.tap" | diag_file /dev/stdin 40
}

# Individual, no team standing (team-results says so): none stated.
check_report u10 "$ex"
mv u10-docs ex-docs
# Individual with the regions' medal table.
cp -R "$ex" u10-medals
sed -e '/^team-results/d' -e 's/^\[report\]$/[report]\nteam-scoring = medals/' \
    "$ex/event.ini" >u10-medals/event.ini
check_report u10-medals u10-medals
# A team championship, a qualifying stage, a knock-out final.
check_report ua-2004 "$top/tests/example/ua-2004"
# The same without its sheet names: titles too long give the ids.
cp -R "$top/tests/example/ua-2004" ua-ids
sed '/^sheet-name/d' "$top/tests/example/ua-2004/event.ini" >ua-ids/event.ini
check_report ua-ids ua-ids
sekretar render --only report -o ex-again "$ex" >/dev/null 2>&1
cmp -s ex-docs/report.xlsx ex-again/report.xlsx
ok $? "SOURCE_DATE_EPOCH: the same bytes every run"
unzip -p ex-docs/report.xlsx docProps/core.xml >core.xml
grep -q '<dcterms:created xsi:type="dcterms:W3CDTF">2023-06-09T08:40:00Z' core.xml
ok $? "the creation time is SOURCE_DATE_EPOCH"
grep -q '<dc:subject>Чемпіонат України з шахів' core.xml &&
    grep -q "<dc:creator>Мар'яна КОСТІВ</dc:creator>" core.xml
ok $? "the file's properties"

# ---- 2. a small event: the sheets' XML against golden files

expect_success "the small event's report" \
    sekretar render --only report -o mini-docs "$mini"
mkdir parts && (cd parts && unzip -q ../mini-docs/report.xlsx)
(cd parts && find . -type f | sort) >parts.list
cmp_golden report/mini/parts.list parts.list
sed -E 's/(<dcterms:[a-z]+ [^>]*>)[^<]*/\1DATE/g' parts/docProps/core.xml \
    >parts/docProps/core.xml.blank
mv parts/docProps/core.xml.blank parts/docProps/core.xml
for f in docProps/core.xml docProps/app.xml xl/workbook.xml \
    xl/sharedStrings.xml xl/styles.xml xl/worksheets/sheet1.xml \
    xl/worksheets/sheet2.xml xl/worksheets/sheet3.xml \
    xl/worksheets/sheet4.xml xl/worksheets/sheet5.xml \
    xl/worksheets/sheet6.xml; do
    cmp_golden "report/mini/$f" "parts/$f"
done

# ---- 3. points per place, the best N of a region per section

cp -R "$mini" pts
printf '\n[report]\nteam-scoring = points\nteam-points = 10, 7.5, 5\nteam-best = 1\n' \
    >>pts/event.ini
expect_success "team-scoring = points" sekretar render --only report -o pts-docs pts
if [ -n "$py" ]; then
    "$py" - pts-docs/report.xlsx >pts.out <<'PY'
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])["Оперативна інформація"]
rows = list(ws.iter_rows(values_only=True))
h = [i for i, r in enumerate(rows) if r[0] == "Місце" and r[1] == "Регіон (команда)"][0]
for r in rows[h:]:
    if r[0] is None and r[1] is None:
        break
    print("|".join("" if v is None else str(v) for v in r if True))
PY
    cmp_golden report/mini-points.txt pts.out
else
    echo "ok $((test_n + 1)) # SKIP no python3 with openpyxl"
    test_n=$((test_n + 1))
fi

# ---- 4. bad [report] values: an error at event.ini:LINE:COL

bad() {
    rm -rf bad && cp -R "$mini" bad
    printf '\n[report]\n%s\n' "$1" >>bad/event.ini
    n=$(($(wc -l <"$mini/event.ini") + 3))
}
bad "team-scoring = medal"
expect_failure 65 "an unknown team scoring" sekretar render -o bad-docs bad
expect_grep "unknown team scoring: where and what" \
    "^bad/event.ini:$n:16: error: unknown team scoring 'medal' \(medals, points, none\)$" "$err"
bad "team-scoring = points
team-points = 10, 7, x5"
expect_failure 65 "a bad number of points" sekretar render -o bad-docs bad
expect_grep "a bad number of points: its column" \
    "^bad/event.ini:$((n + 1)):22: error: points of a place expected \(a number from 0 to 1000, such as 25 or 12.5\), found 'x5'$" "$err"
bad "team-scoring = points"
expect_failure 65 "points without their list" sekretar render -o bad-docs bad
expect_grep "points without their list: message" \
    "^bad/event.ini:$n:16: error: team scoring 'points' needs 'team-points'" "$err"
bad "team-best = two"
expect_failure 65 "a bad team-best" sekretar render -o bad-docs bad
expect_grep "a bad team-best: message" \
    "^bad/event.ini:$n:13: error: number from 0 to 999 expected, found 'two'$" "$err"
[ ! -e bad-docs ]
ok $? "bad [report] values: nothing written"
bad "team-points = 5"
expect_success "team-points without team-scoring = points" \
    sekretar check bad
expect_grep "team-points ignored: a warning" \
    "^bad/event.ini:$n:1: warning: 'team-points' ignored: team-scoring is not 'points'$" "$out"

# ---- 4b. team-results and team-scoring that contradict; sheet names

bad "team-scoring = medals
team-results = командного заліку не було"
expect_success "team-scoring and team-results both: check passes" sekretar check bad
expect_grep "they contradict: a warning where" \
    "^bad/event.ini:$n:1: warning: team-scoring 'medals' contradicts team-results \(line $((n + 1))\)" "$out"
bad "team-results = командного заліку не було"
expect_success "team-results alone" sekretar check bad
! grep -q 'contradicts' "$out"
ok $? "team-results alone: no team standing, nothing to warn of"
sekretar init init-ev >/dev/null 2>&1
grep -q '^team-scoring = none$' init-ev/event.ini &&
    grep -q '^team-results = командного заліку не було$' init-ev/event.ini
ok $? "init writes settings that agree"

sheet() {
    rm -rf bad && cp -R "$mini" bad
    sed "/^\[section $1\]/a sheet-name = $2" "$mini/event.ini" >bad/event.ini
    n=$(($(grep -n "^\[section $1\]" bad/event.ini | cut -d: -f1) + 1))
}
sheet girls "Дівчата: класика"
expect_failure 65 "a sheet name Excel refuses" sekretar check bad
expect_grep "a sheet name Excel refuses: where and what" \
    "^bad/event.ini:$n:14: error: sheet name of 1 to 31 characters expected, without \[ \] : \* \? / . and not starting or ending with ', found 'Дівчата: класика'$" "$out"
sheet girls "Дівчата, класичні шахи, чемпіонат"
expect_failure 65 "a sheet name over 31 characters" sekretar check bad
rm -rf bad && cp -R "$mini" bad
sed -e '/^\[section boys\]/a sheet-name = Юнаки' \
    -e '/^\[section girls\]/a sheet-name = юнаки' "$mini/event.ini" >bad/event.ini
n=$(($(grep -n '^\[section girls\]' bad/event.ini | cut -d: -f1) + 1))
expect_failure 65 "two sections, one sheet name" sekretar check bad
expect_grep "two sections, one sheet name: message" \
    "^bad/event.ini:$n:14: error: sheet name 'юнаки' is section 'boys''s too" "$out"
sheet girls "Дівчата"
expect_success "a good sheet name" sekretar render --only report -o sheet-docs bad
unzip -p sheet-docs/report.xlsx xl/workbook.xml | grep -q '<sheet name="Дівчата"'
ok $? "the sheet is named so"

# ---- 5. LibreOffice opens it: every sheet converts, Cyrillic intact

if command -v soffice >/dev/null 2>&1; then
    HOME=$tmp timeout 300 soffice --headless --convert-to pdf --outdir lo \
        ex-docs/report.xlsx >lo.log 2>&1
    ok $? "LibreOffice converts the report"
    pdftotext lo/report.pdf lo.txt 2>/dev/null
    grep -q 'ОПЕРАТИВНА ІНФОРМАЦІЯ' lo.txt && grep -q 'Призери змагань' lo.txt &&
        grep -q 'Статистика учасників' lo.txt &&
        [ "$(grep -c 'ПРОТОКОЛ РЕЗУЛЬТАТІВ' lo.txt)" -ge 6 ] &&
        grep -q "Дем'яненко Єгор" lo.txt && grep -q '7½' lo.txt
    ok $? "every sheet printed, Cyrillic and ½ intact"
else
    echo "ok $((test_n + 1)) # SKIP soffice absent (libreoffice-calc-nogui)"
    echo "ok $((test_n + 2)) # SKIP soffice absent"
    test_n=$((test_n + 2))
fi

done_testing
