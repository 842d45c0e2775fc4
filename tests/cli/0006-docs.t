#!/bin/sh
# The documentation is kept true: the tie-break table of docs/tie-breaks.md
# is the program's (sekretar help --tiebreaks, written by 'make docs'); every
# command the pages show names a command and options its --help lists
# (0002-readme-examples runs the "$ ./sekretar" ones); every link between
# the pages leads to a file and a heading; the README stays a front door.
. "$(dirname "$0")/../lib/lib.sh"

cd "$top" || exit 1

expect_success "help --tiebreaks" sekretar help --tiebreaks
cp "$out" "$tmp/tiebreaks.md"
expect_grep "the table has the codes of individual competitions" \
    '^\| `BH` \| Бхг \| коефіцієнт Бухгольця \(сума очок суперників\) \| Buchholz \|' \
    "$tmp/tiebreaks.md"
expect_grep "the names with modifiers are the program's" \
    '^\| `BH/C1` \| Бхг-1 \| скорочений коефіцієнт Бухгольця 1 ' \
    "$tmp/tiebreaks.md"
expect_grep "the team tie-breaks as a team competition names them" \
    '^\| `WIN` \| Перем\. \| кількість виграних матчів ' "$tmp/tiebreaks.md"
n=$(grep -c '^| `' "$tmp/tiebreaks.md")
want=$(sed -n '/^const struct tiebreak_def tiebreak_table\[\] = {/,/^};/p' \
    src/core/tiebreak/table.c | grep -c '\.code = "')
[ "$want" -gt 30 ] && [ "$n" -gt "$want" ]
ok $? "every row of the table is in it ($want rows, $n lines)"
expect_failure 64 "help --tiebreaks takes no operand" \
    sekretar help --tiebreaks BH
expect_stderr "help --tiebreaks BH: message" \
"sekretar: error: too many operands
Try 'sekretar help --help'."

# The name rule: a tie-break's names are in its row of the table and
# nowhere else (no template, no source, no page but the generated block).
# The names longer than a word are looked for; a heading is one.
awk -F' \\| ' '/^\| `/ { print $3 }' "$tmp/tiebreaks.md" |
    awk 'length($0) > 12' | sort -u >"$tmp/names"
: >"$tmp/copies"
while IFS= read -r name; do
    grep -rlF -- "$name" src templates README.md README.uk.md docs |
        grep -v '^src/core/tiebreak/table\.c$' |
        grep -v '^docs/tie-breaks\.md$' |
        awk -v name="$name" '{ print name ": " $0 }' >>"$tmp/copies"
    # docs/tie-breaks.md: in the generated block only
    sed '/^<!-- begin: the tie-break table/,/^<!-- end: the tie-break table/d' \
        docs/tie-breaks.md | grep -qF -- "$name" &&
        echo "$name: docs/tie-breaks.md outside the table" >>"$tmp/copies"
done <"$tmp/names"
[ "$(wc -l <"$tmp/names")" -gt 20 ] && [ ! -s "$tmp/copies" ]
ok $? "a tie-break's names stand in its row alone ($(wc -l <"$tmp/names") names)"
sed 's/^/#   /' "$tmp/copies" | head -10

sh tests/lib/docs-block.sh docs/tie-breaks.md "$tmp/tiebreaks.md" \
    >"$tmp/tie-breaks.md"
ok $? "docs/tie-breaks.md has the block of the tie-break table"
if cmp -s docs/tie-breaks.md "$tmp/tie-breaks.md"; then
    ok 0 "docs/tie-breaks.md holds the program's table ('make docs')"
else
    ok 1 "docs/tie-breaks.md holds the program's table ('make docs')"
    diff -u docs/tie-breaks.md "$tmp/tie-breaks.md" | sed 's/^/#   /' |
        head -30
fi

n=$(wc -l <README.md)
[ "$n" -lt 250 ]
ok $? "README.md is a front door: $n lines, under 250"
expect_grep "the README gives the set-up: make demo" '^ +make demo ' README.md
expect_grep "the README gives the set-up: make check" '^ +make check ' \
    README.md
expect_grep "README.md links README.uk.md" '\(README\.uk\.md\)' README.md
expect_grep "README.uk.md links README.md" '\(README\.md\)' README.uk.md

if command -v python3 >/dev/null 2>&1; then
    python3 tests/lib/docs-check.py links . >"$out" 2>&1
    rc=$?
    ok $rc "every link of the pages leads to a file and a heading"
    [ $rc = 0 ] || diag_file "$out"
    python3 tests/lib/docs-check.py commands . "$SEKRETAR" >"$out" 2>&1
    rc=$?
    ok $rc "every command the pages show is a command with its options"
    [ $rc = 0 ] || diag_file "$out"
else
    ok 0 "# SKIP python3 is missing (apt-get install python3)"
    ok 0 "# SKIP python3 is missing (apt-get install python3)"
fi
done_testing
