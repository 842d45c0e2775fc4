#!/bin/sh
# A long club name (160 characters) or a long club and coach (300, 400)
# pass check and every document is drawn: the mandate commission's entries
# wrap the club, the coach and the sections instead of failing the table.
# Over 400 characters (event.ini's limit for its texts) a registry's field
# is refused by check and build at its line and column, before a document
# could fail on it (a 40,000-character club was beyond the report's cell,
# build exit 70 after check passed).
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
text += "я" * (n - len(text))
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

for n in 160 300 400; do
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

# Over the limit: refused where it is written, by check and by build.
long 401 ev401
expect_failure 65 "a club of 401 characters: check refuses it" \
    sekretar check ev401
expect_grep "a club of 401 characters: at its line and column" \
    "^ev401/players.csv:2:[0-9]+: error: 'Клуб/ДЮСШ' is too long for the documents \(401 characters; at most 400\)$" "$out"
expect_failure 65 "a club of 401 characters: build refuses it" \
    sekretar build --archive arc ev401
expect_grep "build: the club, at its line and column" \
    "^ev401/players.csv:2:[0-9]+: error: 'Клуб/ДЮСШ' is too long" "$err"
[ ! -e arc ]
ok $? "a club of 401 characters: nothing in the archive"
cp -R "$ex" big
python3 - big/players.csv <<'PY'
import csv, io, sys
path = sys.argv[1]
rows = list(csv.reader(open(path, encoding="utf-8-sig").read().splitlines()))
rows[1][6] = "Club " + "x" * 40000
rows[2][0] = "Ш" + "е" * 3000
out = io.StringIO()
csv.writer(out, lineterminator="\r\n").writerows(rows)
open(path, "w", encoding="utf-8-sig").write(out.getvalue())
PY
expect_failure 65 "a 40,000-character club and a 3,000-character surname" \
    sekretar check big
expect_grep "the club, at its line" \
    "^big/players.csv:2:[0-9]+: error: 'Клуб/ДЮСШ' is too long for the documents \(40005 characters; at most 400\)$" "$out"
expect_grep "the surname, at its line" \
    "^big/players.csv:3:1: error: 'Прізвище' is too long for the documents \(3001 characters; at most 400\)$" "$out"

done_testing
