#!/bin/sh
# A long club name (160 characters) or a long club and coach (300) pass
# check and every document is drawn: the mandate commission's entries wrap
# the club, the coach and the sections instead of failing the table.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-10
ex=$top/tests/example/u10-lviv-2023

# long LEN DIR: the example with three players' club (and coach) LEN long.
long() {
    cp -R "$ex" "$2"
    python3 - "$1" "$2/players.csv" <<'PY'
import csv, io, sys
n, path = int(sys.argv[1]), sys.argv[2]
text = ("Шаховий клуб " + "дуже довга назва " * 40)[:n].rstrip()
rows = list(csv.reader(open(path, encoding="utf-8-sig").read().splitlines()))
for r in rows[1:4]:
    r[6] = text
    if n > 200:
        r[7] = text
out = io.StringIO()
csv.writer(out, lineterminator="\r\n").writerows(rows)
open(path, "w", encoding="utf-8-sig").write(out.getvalue())
PY
}

for n in 160 300; do
    long $n ev$n
    expect_success "a club of $n characters: check" sekretar check ev$n
    expect_success "a club of $n characters: every document" \
        sekretar render -o docs$n ev$n
    [ -f docs$n/mandate-entries.pdf ] && [ -f docs$n/report.xlsx ] &&
        [ -f docs$n/coaches-diplomas.pdf ]
    ok $? "a club of $n characters: the entries, the report, the coaches' diplomas"
    pdftotext docs$n/mandate-entries.pdf - 2>/dev/null | tr -d '\n ' |
        grep -q 'дужедовганазвадужедовганазва'
    ok $? "a club of $n characters: its text on the entries"
done

done_testing
