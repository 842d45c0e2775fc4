#!/bin/sh
# The documents of a knock-out: the bracket (the example's final of 32 on
# one A4 landscape page, every player in it once for each round he
# reached; 64 and 128 players in parts of 32), the record of its games and
# the ranking list with the round reached, as pdftotext golden texts
# (the same from cards numbered from the top down; a draw by lot);
# --only bracket; the diplomas of the final by its places (with and
# without a match for third place); the 2004 example made by its
# generator.
. "$(dirname "$0")/../lib/lib.sh"
. "$top/tests/lib/render.sh"
need_poppler

ex=$top/tests/example/ua-2004
export SEKRETAR_TEST_DATE=2004-08-30

gen=${SEKRETAR_BUILD:-$top/build}/tests/gen-ua2004
if [ -x "$gen" ]; then
    mkdir -p "$tmp/gen"
    "$gen" "$tmp/gen"
    diff -r "$tmp/gen" "$ex" >"$tmp/diff"
    ok $? "the generator makes the committed ua-2004 files"
    diag_file "$tmp/diff"
else
    echo "ok $((test_n += 1)) # SKIP no generator at $gen"
fi
expect_success "the 2004 example checks" sekretar check -q "$ex"

# The example's final uses every stage, a drawn armageddon, a forfeited
# game and a walkover.
expect_success "the final ranked" \
    sekretar standings --format tsv --section men-final "$ex"
cp "$out" "$tmp/final.tsv"
expect_grep "a match won in rapid" ': 1–1, 1½–½ швидкі won' "$tmp/final.tsv"
expect_grep "a match won in blitz" \
    ': 1–1, 1–1 швидкі, 1½–½ бліц won' "$tmp/final.tsv"
expect_grep "a match won by a drawn armageddon" \
    '½–½ армагедон won \(armageddon drawn\)' "$tmp/final.tsv"
expect_grep "a walkover" 'R1 v 20: \+–− won' "$tmp/final.tsv"
expect_grep "places 17-32 shared" '^17-32	32	Оліфіренко Іван	1	' "$tmp/final.tsv"
grep -c '^5-8	' "$tmp/final.tsv" >"$tmp/n"
[ "$(cat "$tmp/n")" = 4 ]
ok $? "places 5-8 shared by four"

expect_success "render --only bracket" \
    sekretar render --only bracket -o "$tmp/docs" "$ex"
ls "$tmp/docs" >"$tmp/ls"
expect_text "only the knock-out's bracket" "$tmp/ls" "men-final-bracket.pdf"
pdfinfo "$tmp/docs/men-final-bracket.pdf" | grep '^Pages:' >"$tmp/pages"
expect_text "32 players on one page" "$tmp/pages" "Pages:           1"
pdfinfo "$tmp/docs/men-final-bracket.pdf" | grep '^Page size:' >"$tmp/size"
expect_text "A4 landscape" "$tmp/size" \
    "Page size:       841.89 x 595.276 pts (A4)"
text "$tmp/docs/men-final-bracket.pdf" >"$tmp/bracket.txt"
cmp_golden render/ua-2004-men-final-bracket.txt "$tmp/bracket.txt"

# Every player once for each round he reached: his full name in round 1,
# "Прізвище І." after it.
sed '/Умовні позначення/,$d' "$tmp/bracket.txt" >"$tmp/tree.txt"
tail -n +2 "$tmp/final.tsv" | while IFS='	' read -r rank no name round rest; do
    sur=${name%% *}
    giv=${name#* }
    ini=$(printf '%s' "$giv" | sed 's/^\(.\).*/\1/')
    n=$(grep -o "$sur \($giv\|$ini\.\)" "$tmp/tree.txt" | wc -l)
    [ "$n" = "$round" ] || echo "$name: $n times, round $round"
done >"$tmp/rounds"
[ ! -s "$tmp/rounds" ]
ok $? "every player once for each round he reached"
diag_file "$tmp/rounds"

expect_success "the final's documents" \
    sekretar render --section men-final -o "$tmp/final" "$ex"
ls "$tmp/final" >"$tmp/ls"
expect_text "ranking, bracket, matches, diplomas; no cross table" "$tmp/ls" \
"men-final-bracket.pdf
men-final-diplomas.pdf
men-final-matches.pdf
men-final-ranking.pdf"
text "$tmp/final/men-final-matches.pdf" >"$tmp/matches.txt"
cmp_golden render/ua-2004-men-final-matches.txt "$tmp/matches.txt"
text "$tmp/final/men-final-ranking.pdf" >"$tmp/ranking.txt"
cmp_golden render/ua-2004-men-final-ranking.txt "$tmp/ranking.txt"
expect_success "the bracket byte-identical between runs" \
    sekretar render --only bracket -o "$tmp/again" "$ex"
cmp -s "$tmp/again/men-final-bracket.pdf" "$tmp/docs/men-final-bracket.pdf"
ok $? "byte-identical bracket"

# The final numbered from the top of the bracket down (the World Cup's
# way): the same bracket drawn; the record of games by the cards' numbers.
cp -R "$ex" "$tmp/wc"
python3 "$top/tests/lib/ko-renumber.py" --top-down "$ex/men-final.csv" \
    >"$tmp/wc/men-final.csv"
expect_success "the final numbered from the top down" \
    sekretar render --section men-final -o "$tmp/wcd" "$tmp/wc"
text "$tmp/wcd/men-final-bracket.pdf" >"$tmp/wc-bracket.txt"
cmp_golden render/ua-2004-men-final-bracket.txt "$tmp/wc-bracket.txt"
text "$tmp/wcd/men-final-ranking.pdf" >"$tmp/wc-ranking.txt"
cmp_golden render/ua-2004-men-final-ranking.txt "$tmp/wc-ranking.txt"
text "$tmp/wcd/men-final-matches.pdf" >"$tmp/wc-matches.txt"
sed -n 's/^ *1 *2 *1 *класичні *\([0-9]*\) .*/\1/p' "$tmp/wc-matches.txt" >"$tmp/m2"
expect_text "the record: round 1's match 2 is 16 against 17 (white 17)" \
    "$tmp/m2" 17
# Round 1 alone: round 2's matches still to come are drawn as numbered.
awk -F, 'NR == 1 || $1 == 1' "$tmp/wc/men-final.csv" >"$tmp/wc/r1.csv"
cp "$tmp/wc/r1.csv" "$tmp/wc/men-final.csv"
awk -F, 'NR == 1 || $1 == 1' "$ex/men-final.csv" >"$tmp/std-r1.csv"
cp -R "$ex" "$tmp/std"
cp "$tmp/std-r1.csv" "$tmp/std/men-final.csv"
expect_success "round 1 alone, from the top down" \
    sekretar render --only bracket -o "$tmp/wcr1" "$tmp/wc"
expect_success "round 1 alone, numbered the standard way" \
    sekretar render --only bracket -o "$tmp/stdr1" "$tmp/std"
text "$tmp/wcr1/men-final-bracket.pdf" >"$tmp/a.txt"
text "$tmp/stdr1/men-final-bracket.pdf" >"$tmp/b.txt"
cmp -s "$tmp/a.txt" "$tmp/b.txt"
ok $? "round 1 alone: the same bracket either way"

# A draw by lot: the bracket as drawn, round 1's pairs side by side.
expect_success "the bracket of a draw by lot" \
    sekretar render --only bracket -o "$tmp/drawn" "$top/tests/data/knockout/drawn"
text "$tmp/drawn/final-bracket.pdf" >"$tmp/drawn.txt"
cmp_golden render/knockout-drawn-bracket.txt "$tmp/drawn.txt"

# The final's diplomas follow its places: I and II from the final, III
# from the match for third place (its loser, 4th, gets none).
awk -F'\t' 'NR > 1 && $1 + 0 <= 4 {print $1 ": " $3}' "$tmp/final.tsv" >"$tmp/top"
expect_text "places 1-4: the final's winner and loser, the match for third's" \
    "$tmp/top" "1: Кравець Лук'ян
2: Зінченко Данило
3: Щербак Данило
4: Костюк Лук'ян"
pdfinfo "$tmp/final/men-final-diplomas.pdf" | grep '^Pages:' >"$tmp/pages"
expect_text "three diplomas" "$tmp/pages" "Pages:           3"
text "$tmp/final/men-final-diplomas.pdf" >"$tmp/diplomas.txt"
awk 'want && NF {sub(/^ +/, ""); name = $0; want = 0}
     /нагороджується/ {want = 1}
     /посів .* місце/ {sub(/^ +/, ""); print name ": " $0}' \
    "$tmp/diplomas.txt" >"$tmp/awarded"
expect_text "the final's winner I, its loser II, the match for third's winner III" \
    "$tmp/awarded" "Лук'ян КРАВЕЦЬ: посів І місце
Данило ЗІНЧЕНКО: посів ІІ місце
Данило ЩЕРБАК: посів ІІІ місце"

# Without a match for third place the semi-finals' losers share 3-4 and
# each gets a diploma of degree III.
mkdir -p "$tmp/no3rd"
sh "$top/tests/bench/gen-knockout.sh" 8 | grep -v '^3,2,' >"$tmp/no3rd/final.csv"
cat >"$tmp/no3rd/event.ini" <<'EOF'
[event]
title = Кубок
start = 01.06.2023
end = 02.06.2023
city = Львів

[section final]
title = Фінал
file = final.csv
system = knock-out
discipline = classic
rounds = 3
third-place = no
EOF
expect_success "a knock-out without a match for third place" \
    sekretar render --only diplomas -o "$tmp/no3rd/d" "$tmp/no3rd"
text "$tmp/no3rd/d/final-diplomas.pdf" |
    sed -n 's/^ *\(.*\) ступеня$/\1/p' | paste -sd ' ' >"$tmp/degrees"
expect_text "degrees I, II, III, III" "$tmp/degrees" "І ІІ ІІІ ІІІ"

# Larger brackets: parts of 32 players, a page each.
sh "$top/tests/bench/gen-knockout.sh" 64 >"$tmp/ko64.csv"
sh "$top/tests/bench/gen-knockout.sh" 128 >"$tmp/ko128.csv"
expect_success "a bracket of 64" \
    sekretar render --only bracket -o "$tmp/b64" "$tmp/ko64.csv"
pdfinfo "$tmp/b64/ko64-bracket.pdf" | grep '^Pages:' >"$tmp/pages"
expect_text "64: two pages of 32 (the final beside the second), the legend after" \
    "$tmp/pages" "Pages:           3"
expect_success "a bracket of 128" \
    sekretar render --only bracket -o "$tmp/b128" "$tmp/ko128.csv"
pdfinfo "$tmp/b128/ko128-bracket.pdf" | grep '^Pages:' >"$tmp/pages"
expect_text "128: four pages of 32, one of the final, the legend after" \
    "$tmp/pages" "Pages:           6"
text "$tmp/b128/ko128-bracket.pdf" | grep -c '^ *6-й раунд  *К' >"$tmp/n"
expect_text "128: the rounds after the parts on a page of their own" \
    "$tmp/n" 1

printf 'round,white,black,result\n1,1,2,1-0\n' >"$tmp/swiss.csv"
expect_success "--only bracket of a Swiss file" \
    sekretar render --only bracket -o "$tmp/none" "$tmp/swiss.csv"
[ ! -e "$tmp/none/swiss-bracket.pdf" ] && [ ! -e "$tmp/none/swiss-matches.pdf" ]
ok $? "a Swiss section has no bracket and no matches"
done_testing
