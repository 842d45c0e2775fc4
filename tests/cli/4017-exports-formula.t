#!/bin/sh
# exports: no CSV or TSV the program writes is a formula in a spreadsheet.
# A registry whose names, clubs, coaches and title begin with = + - @ goes
# through every export (the bundle's results/*.csv, standings --format
# csv|tsv|csv-excel, query, archive list|show, mandate); every cell that
# would read as a formula starts with an apostrophe, negative numbers stay
# numbers; LibreOffice opens each file with no formula in it (skipped,
# and said, where soffice is not installed); csv-excel is UTF-8 with a
# byte order mark, ';' and decimal commas, and a shared place is "17-18"
# in every export.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1

# ---- the hostile event

cp -R "$DATA/mini-event" ev
for f in boys.csv boys-rapid.csv players.csv; do
    sed -e 's/Мельник/=1+2/g' -e 's/Бойко/+1+2/g' -e 's/Їжакевич/-1+2/g' \
        -e 's/Коваленко/@SUM(1;2)/g' "ev/$f" >x && mv x "ev/$f"
done
sed -e 's/ДЮСШ № 1/"=HYPERLINK(""http:\/\/x"";""ДЮСШ"")"/' \
    -e 's/Гнатюк Ірина/-Гнатюк Ірина/' -e 's/Петрук Ганна/@Петрук Ганна/' \
    -e 's/АР Крим,,Дячук Ольга/АР Крим,+клуб,=Дячук Ольга/' \
    ev/players.csv >x && mv x ev/players.csv
sed 's/^title = .*/title = -Тестовий турнір/' ev/event.ini >x && mv x ev/event.ini
expect_success "the hostile event passes check" sekretar check ev

mkdir out
sekretar build --archive a ev >/dev/null 2>&1
ok $? "built into an archive"
id=$(sekretar archive list --archive a --format csv | sed -n 2p | cut -d, -f1)
(cd out && unzip -q ../a/*/*.zip 'results/*.csv' && mv results/* . &&
    rmdir results)
for s in boys girls boys-rapid; do
    sekretar standings --section $s --format csv ev >out/st-$s.csv
    sekretar standings --section $s --format tsv ev >out/st-$s.tsv
    sekretar standings --section $s --format csv-excel ev >out/st-$s.xl.csv
done
sekretar mandate --format csv ev >out/mandate.csv
sekretar mandate --format tsv ev >out/mandate.tsv
sekretar archive list --archive a --format csv >out/list.csv
sekretar archive show --archive a --format csv "$id" >out/show.csv
sekretar archive list --archive a --format tsv >out/list.tsv
sekretar query --archive a --format csv champions >out/champions.csv
sekretar query --archive a --format csv medals --by coach >out/coach.csv
sekretar query --archive a --format csv medals --by club >out/club.csv
sekretar query --archive a --format tsv player '#1' >out/player.tsv
sekretar query --archive a --format csv-excel medals --by club >out/club.xl.csv
[ "$(ls out | wc -l)" -eq 22 ]
ok $? "every export written ($(ls out | wc -l) files)"

# ---- read back as a spreadsheet would: no cell is a formula

python3 - out >parse.out 2>&1 <<'PY'
import csv, glob, os, re, sys
bad, guarded, files = [], set(), 0
num = re.compile(r"^[+-]?[0-9]+([.,][0-9]+)?$")
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*"))):
    files += 1
    raw = open(f, "rb").read()
    excel = f.endswith(".xl.csv")
    if excel != raw.startswith(b"\xef\xbb\xbf"):
        bad.append("BAD %s: byte order mark %s" % (f, "missing" if excel else "there"))
    text = raw.decode("utf-8-sig")
    delim = "\t" if f.endswith(".tsv") else ";" if excel else ","
    for row in csv.reader(text.splitlines(), delimiter=delim):
        for c in row:
            if c[:1] in ("=", "+", "-", "@", "\t", "\r") and not num.match(c):
                bad.append("BAD %s: %r" % (f, c))
            if c.startswith("'"):
                guarded.add(c)
print("files:", files)
print("\n".join(bad) if bad else "no formula")
for want in ("'=1+2 Ярослав", "'-1+2 Ілля", "'+1+2 Євген",
             "'@SUM(1;2) Андрій", "'-Тестовий турнір", "'+клуб",
             "'=HYPERLINK(\"http://x\";\"ДЮСШ\")", "'@Петрук Ганна"):
    print(want, "guarded" if want in guarded else "MISSING")
PY
! grep -q "MISSING\|^BAD" parse.out && grep -q '^no formula$' parse.out
ok $? "no cell of any export begins with = + - @ tab or CR"
grep -q "MISSING\|^BAD" parse.out && diag_file parse.out 30

# csv-excel: ';', a decimal comma, the place shared written "17-18"
ex=$top/tests/example/u10-lviv-2023
sekretar standings --section boys-blitz --format csv-excel "$ex" >blitz.csv
sekretar standings --section boys-blitz --format csv "$ex" >blitz-plain.csv
sekretar standings --section boys-blitz --format tsv "$ex" >blitz.tsv
grep -q '^17-18;12;Єременко Степан;7,0;64,0;' blitz.csv
ok $? "csv-excel: ';' and decimal commas"
grep -q '^17-18,12,Єременко Степан,7.0,' blitz-plain.csv &&
    grep -q "^17-18	12	Єременко Степан	7.0	" blitz.tsv
ok $? "a shared place is 17-18 in csv and tsv alike"
sekretar standings --format csv-excel ev/girls.trf >/dev/null 2>&1
ok $? "csv-excel of a lone file"

# ---- LibreOffice opens them: text, never a computed value

openpyxl_python
lo_py=$py
if command -v soffice >/dev/null 2>&1 && [ -n "$lo_py" ]; then
    mkdir lo lo/c lo/t lo/x
    cp out/*.tsv lo/t/ && cp out/*.xl.csv lo/x/ && cp out/*.csv lo/c/ &&
        rm lo/c/*.xl.csv
    # UTF-8 named for the plain files; csv-excel by its byte order mark in
    # a Ukrainian locale (1058).
    for d in c:44,34,76,1 t:9,34,76,1 x:59,34,,1,,1058; do
        (cd lo/${d%%:*} && HOME=$tmp timeout 300 soffice --headless \
            --infilter="CSV:${d#*:}" --convert-to xlsx ./* >/dev/null 2>&1)
    done
    "$lo_py" - lo >lo.out 2>&1 <<'PY'
import glob, os, sys, openpyxl
n, bad, texts, nums = 0, [], set(), []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*", "*.xlsx"))):
    n += 1
    for row in openpyxl.load_workbook(f).active.iter_rows():
        for c in row:
            if c.data_type == "f":
                bad.append("BAD %s %s: formula %r" % (f, c.coordinate, c.value))
            if isinstance(c.value, str):
                texts.add(c.value)
            elif f.endswith("st-boys.xl.xlsx") and c.column == 4 and c.row > 1:
                nums.append(c.value)
print("converted:", n)
print("\n".join(bad) if bad else "no formula")
for want in ("'=1+2 Ярослав", "'@SUM(1;2) Андрій", "'-Тестовий турнір"):
    print(want, "shown" if want in texts else "MISSING")
print("points:", nums)
PY
    grep -q '^converted: 22' lo.out && grep -q '^no formula$' lo.out &&
        ! grep -q MISSING lo.out
    ok $? "LibreOffice: every export opened, no formula, the text shown"
    grep -q "MISSING\|^BAD" lo.out && diag_file lo.out 30
    grep -q '^points: \[2.5, 2, 1, 0.5\]$' lo.out
    ok $? "LibreOffice: points stay numbers (csv-excel's decimal commas)"
else
    echo "ok $((test_n + 1)) # SKIP soffice or openpyxl absent (libreoffice-calc-nogui, python3-openpyxl)"
    echo "ok $((test_n + 2)) # SKIP soffice or openpyxl absent"
    test_n=$((test_n + 2))
fi

done_testing
