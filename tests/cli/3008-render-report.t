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

# ---- 1. the example event, read back

expect_success "the example's report" \
    sekretar render --only report -o ex-docs "$ex"
expect_stdout "only the report" "ex-docs/report.xlsx"
if [ -n "$py" ]; then
    mkdir st
    for s in boys-classic boys-rapid boys-blitz girls-classic girls-rapid \
        girls-blitz; do
        sekretar standings --section $s --format csv "$ex" >st/$s.csv
    done
    "$py" "$top/tests/lib/check-report.py" ex-docs/report.xlsx "$ex" st \
        >check.tap 2>&1
    rc=$?
    ok $rc "read back: every count and place recomputed"
    [ $rc = 0 ] || grep -v '^ok' check.tap | diag_file /dev/stdin 40
else
    echo "ok $((test_n + 1)) # SKIP no python3 with openpyxl (python3-openpyxl)"
    test_n=$((test_n + 1))
fi

sekretar render --only report -o ex-again "$ex" >/dev/null 2>&1
cmp -s ex-docs/report.xlsx ex-again/report.xlsx
ok $? "SOURCE_DATE_EPOCH: the same bytes every run"
unzip -p ex-docs/report.xlsx docProps/core.xml >core.xml
grep -q '<dcterms:created xsi:type="dcterms:W3CDTF">2023-06-09T08:40:00Z' core.xml
ok $? "the creation time is SOURCE_DATE_EPOCH"
grep -q '<dc:subject>Чемпіонат України з шахів' core.xml &&
    grep -q '<dc:creator>Мар’яна КОСТІВ</dc:creator>' core.xml
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

# ---- 5. LibreOffice opens it: every sheet converts, Cyrillic intact

if command -v soffice >/dev/null 2>&1; then
    HOME=$tmp timeout 300 soffice --headless --convert-to pdf --outdir lo \
        ex-docs/report.xlsx >lo.log 2>&1
    ok $? "LibreOffice converts the report"
    pdftotext lo/report.pdf lo.txt 2>/dev/null
    grep -q 'ОПЕРАТИВНА ІНФОРМАЦІЯ' lo.txt && grep -q 'Призери змагань' lo.txt &&
        grep -q 'Статистика учасників' lo.txt &&
        [ "$(grep -c 'ПРОТОКОЛ РЕЗУЛЬТАТІВ' lo.txt)" -ge 6 ] &&
        grep -q "Дем'яненко, Єгор" lo.txt && grep -q '7½' lo.txt
    ok $? "every sheet printed, Cyrillic and ½ intact"
else
    echo "ok $((test_n + 1)) # SKIP soffice absent (libreoffice-calc-nogui)"
    echo "ok $((test_n + 2)) # SKIP soffice absent"
    test_n=$((test_n + 2))
fi

done_testing
