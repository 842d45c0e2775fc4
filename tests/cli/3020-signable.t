#!/bin/sh
# Every document signable as printed (issue 30): the wording follows the
# event (its era, its officials), read back from the PDF text and the
# XLSX.  Each block fails on the main before it.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-10
ex=$top/tests/example/ua-2004
openpyxl_python

# ini EVENT KEY VALUE: set [event] KEY (added after 'title' when absent).
ini() {
    python3 - "$1/event.ini" "$2" "$3" <<'PY'
import sys
path, key, value = sys.argv[1:]
lines = open(path, encoding="utf-8").read().split("\n")
head = lines.index("[event]")
end = next((i for i in range(head + 1, len(lines))
            if lines[i].startswith("[")), len(lines))
for i in range(head + 1, end):
    if lines[i].split("=")[0].strip() == key:
        lines[i] = key + " = " + value
        break
else:
    lines.insert(head + 2, key + " = " + value)
open(path, "w", encoding="utf-8").write("\n".join(lines))
PY
}

# pdftext FILE [PAGE]: the text of a PDF (one page), lines joined.
pdftext() {
    if [ -n "$2" ]; then
        pdftotext -f "$2" -l "$2" "$1" - 2>/dev/null
    else
        pdftotext "$1" - 2>/dev/null
    fi | tr '\n' ' ' | tr -s ' '
}

# ---- 3: the judge's role and category, one reading everywhere
cp -R "$ex" arb
ini arb chief-arbiter 'Віктор ГОНЧАРЕНКО | суддя національної категорії'
ini arb deputy-arbiter 'Ніна СТАВНИЧА | суддя вищої категорії'
ini arb chief-secretary 'Ольга БІЛОКІНЬ | головний секретар суддя І категорії'
ini arb diploma-signatory-1 ''
expect_success "arbiters: check passes with warnings" sekretar check arb
expect_grep "arbiters: an unknown category is warned at its line" \
    "^arb/event.ini:[0-9]+:[0-9]+: warning: 'deputy-arbiter': the judge's category 'суддя вищої категорії' is none of the known ones" "$out"
grep -q "chief-arbiter.*категор" "$out"
[ $? != 0 ]
ok $? "arbiters: a known category is not warned"
expect_success "arbiters: the documents" sekretar render -o arb-docs arb
pdftext arb-docs/women-ranking.pdf >rank.txt
expect_grep "arbiters: the ranking list's chief arbiter has role and category" \
    "Головний суддя, суддя національної категорії Віктор ГОНЧАРЕНКО" rank.txt
expect_grep "arbiters: a role run into the category is split at it" \
    "Головний секретар, суддя І категорії Ольга БІЛОКІНЬ" rank.txt
pdftext arb-docs/mandate-protocol.pdf >prot.txt
expect_grep "arbiters: the protocol's chief arbiter keeps the category" \
    "Головний суддя, суддя національної категорії Віктор ГОНЧАРЕНКО" prot.txt
# 15: an empty diploma-signatory-1 is the fallback to the chief arbiter.
pdftext arb-docs/women-diplomas.pdf 1 >dipl.txt
expect_grep "diplomas: an empty signatory falls back to the chief arbiter" \
    "Головний суддя, суддя національної категорії Віктор ГОНЧАРЕНКО" dipl.txt
if [ -n "$py" ]; then
    "$py" - arb-docs/report.xlsx >panel.txt <<'PY'
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
rows = [[c for c in r if c is not None] for r in ws.iter_rows(values_only=True)]
i = next(i for i, r in enumerate(rows) if r == ["Склад суддівської колегії"])
for r in rows[i + 2:i + 5]:
    print(" | ".join(str(c) for c in r))
PY
    expect_text "report: the panel by role and category" "panel.txt" \
"Віктор ГОНЧАРЕНКО | Головний суддя | національна
Ніна СТАВНИЧА | Заступник головного судді | не вказано
Ольга БІЛОКІНЬ | Головний секретар | І категорія"
else
    echo "ok $((test_n = test_n + 1)) # SKIP no python3-openpyxl"
fi

# 15: nobody to sign the diplomas is a warning of check.
cp -R "$ex" nosig
ini nosig chief-arbiter ''
ini nosig diploma-signatory-1 ''
expect_success "no signatory: check passes" sekretar check nosig
expect_grep "no signatory: check warns at diploma-signatory-1" \
    "^nosig/event.ini:[0-9]+:[0-9]+: warning: the diplomas would have nobody to sign them" "$out"

done_testing
