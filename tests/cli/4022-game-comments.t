#!/bin/sh
# The comments and NAGs of a game (issue 33): a section's PGN with a
# comment before the first move and after moves ('{...}' and ';'), NAGs
# as $n and as the suffixes !, ?, a variation; built, its game keeps them
# in the bundle's games/NAME.pgn, the catalogue and 'query games --format
# pgn' (written as export format, read back by pgn-extract), and its
# page shows each after its move (the HTML escaped, NAGs as their
# signs), with the script still stepping through it; a comment of 2 MB
# is cut with one warning.
. "$(dirname "$0")/../lib/lib.sh"

game_py() { python3 "$top/tests/lib/game.py" "$@"; }
command -v pgn-extract >/dev/null 2>&1 || PATH=$PATH:/usr/games

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc

cp -R "$DATA/mini-event" ev
sed -i 's/^file = boys.csv$/file = boys.csv\ngames = boys.pgn/' ev/event.ini
cat >ev/boys.pgn <<'EOF'
[Event "Lviv ch"]
[Site "Lviv"]
[Date "????.??.??"]
[Round "1.1"]
[White "Мельник, Ярослав"]
[Black "Бойко, Євген"]
[Result "1-0"]

{Коментар перед ходами: <b>жирно</b> & "лапки"} 1. e4! {Найкращий хід
за Фішером.} c5? 2. Nf3 (2. c3 {варіант, якого не буде}) d6 ; після d6: } дужка
3. d4 cxd4 $14 4. Nxd4 Nf6 5. Nc3 a6 $13 {Варіант Найдорфа.} 1-0

EOF
expect_success "check: the PGN with comments" sekretar check ev/boys.pgn
expect_stdout "check: no finding" \
    "ev/boys.pgn: 1 game, 10 half-moves, 0 errors, 0 warnings"
sekretar build ev >/dev/null 2>&1
ok $? "build the event"

# The game as export format writes it: the comment before the first move
# begins the movetext, NAGs as $n after their move, each comment after
# its move and its NAGs, the ';' one as '{...}' without its '}', the
# variation left out, a black move after a comment numbered; lines of 79
# characters at most.
movetext='{Коментар перед ходами: <b>жирно</b> & "лапки"} 1. e4 $1 {Найкращий хід за
Фішером.} 1... c5 $2 2. Nf3 d6 {після d6: дужка} 3. d4 cxd4 $14 4. Nxd4 Nf6
5. Nc3 a6 $13 {Варіант Найдорфа.} 1-0'
expect_success "query games --format pgn" sekretar query games \
    --event 2023-06-01-ev --section boys --format pgn
sed -n '/^$/,/^$/p' "$out" | sed '/^$/d' >got
expect_text "query games --format pgn: the comments and NAGs" got "$movetext"
cp "$out" q.pgn
zip=$(ls arc/2023/2023-06-01-ev*.zip)
unzip -p "$zip" games/boys.pgn | sed -n '/^$/,/^$/p' | sed '/^$/d' >got
expect_text "the bundle's games/boys.pgn: the same" got "$movetext"
python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT pgn FROM games WHERE pgn IS NOT NULL").fetchone()[0], end="")' \
    arc/catalog.sqlite | sed -n '/^$/,/^$/p' | sed '/^$/d' >got
expect_text "the catalogue's games.pgn: the same" got "$movetext"
! grep -q 'варіант, якого не буде' q.pgn
ok $? "the variation and its comment left out"
python3 -c 'import sys
text = open(sys.argv[1], encoding="utf-8").read()
moves = text.split("\n\n")[1].split("\n")
sys.exit(max(len(line) for line in moves) > 79)' q.pgn
ok $? "no line of the movetext over 79 characters"
if command -v pgn-extract >/dev/null 2>&1; then
    pgn-extract -s q.pgn >back.pgn 2>pe.err
    [ $? = 0 ] && [ ! -s pe.err ]
    ok $? "pgn-extract reads it with no complaint"
    diag_file pe.err 5
    grep -q '{ Найкращий хід за Фішером. }' back.pgn &&
        grep -q 'cxd4 \$14' back.pgn && grep -q '{ після d6: дужка }' back.pgn
    ok $? "pgn-extract: the comments and NAGs read"
else
    for k in 1 2; do
        echo "ok $((test_n += 1)) # SKIP pgn-extract is not installed ($k of 2)"
    done
fi
# Read back by sekretar, written again: the same text.
expect_success "check: query's PGN" sekretar check q.pgn
expect_stdout "check: query's PGN, no finding" \
    "q.pgn: 1 game, 10 half-moves, 0 errors, 0 warnings"

# ------------------------------------------------------------- its page
expect_success "site" sekretar archive site -o www
page=www/2023/2023-06-01-ev/boys/1-1-2.html
expect_grep "the comment before the first move above the moves, escaped" \
    '^<p class="comment">Коментар перед ходами: &lt;b&gt;жирно&lt;/b&gt; &amp; &quot;лапки&quot;</p>$' \
    "$page"
grep -A1 '^<p class="comment">' "$page" | tail -1 | grep -q '^<p class="moves">'
ok $? "the move list right after it"
nbsp=$(printf '\302\240')
grep -Fq "<a href=\"#p1\">e4</a><span class=\"nag\" title=\"добрий хід\">!</span> <span class=\"comment\">Найкращий хід за Фішером.</span> <span class=\"no\">1…</span>$nbsp<a href=\"#p2\">c5</a><span class=\"nag\" title=\"помилка\">?</span> " "$page"
ok $? "1. e4! with its comment, then 1… c5? numbered after it"
grep -Fq '<a href="#p4">d6</a> <span class="comment">після d6: дужка</span> <span class="no">3.</span>' "$page"
ok $? "the ';' comment after d6"
grep -Fq '<a href="#p6">cxd4</a> <span class="nag" title="у білих трохи краще">+=</span> <span class="no">4.</span>' "$page"
ok $? "\$14 after cxd4: +="
grep -Fq '<a href="#p10">a6</a> <span class="nag" title="неясна позиція">∞</span> <span class="comment">Варіант Найдорфа.</span> <span class="result">1–0</span>' "$page"
ok $? "\$13 and the last comment after a6"
grep -Fq '<a href="#p1" rel="prev">←</a> 1… c5<span class="nag" title="помилка">?</span> <a href="#p3" rel="next">→</a></p>' "$page"
ok $? "the board's caption after c5: its sign"
! grep -q 'варіант, якого не буде' "$page"
ok $? "the page: no variation"
game_py summary "$page" >s
expect_text "10 half-moves linked, the last board" s \
    "$(printf '1\tМельник Ярослав\tБойко Євген\t10\trnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R')"
tidy -errors -q "$page"
ok $? "tidy: the page is clean"

# The script steps through the moves as before (tests/lib/lib.sh).
if command -v chromium >/dev/null 2>&1; then
    game_steps "$page" "" >got
    expect_text "the script: the last position, its move marked" got \
        'class="board js" class="ply on" id="p10" <a href="#p10" class="cur" '
    game_steps "$page" "document.querySelector('p.moves a[href=\"#p2\"]').click();" >got
    expect_text "a click on the move after a comment: its position" got \
        'class="board js" class="ply on" id="p2" <a href="#p2" class="cur" '
    game_steps "$page" "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home', bubbles: true})); document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));" >got
    expect_text "Home →: the first move, past the comment before it" got \
        'class="board js" class="ply on" id="p1" <a href="#p1" class="cur" '
else
    for k in 1 2 3; do
        echo "ok $((test_n += 1)) # SKIP the script in Chromium (no chromium) ($k of 3)"
    done
fi

# ----------------------------------------------------- a comment of 2 MB
{
    printf '[Event "Big"]\n\n1. e4 {'
    head -c 2000000 /dev/zero | tr '\0' x
    printf '} e5 {more} 2. Nf3 *\n'
} >big.pgn
expect_success "a comment of 2 MB" sekretar check big.pgn
expect_stdout "a comment of 2 MB: cut, one warning where it begins" \
"big.pgn:3:7: warning: the game's comments are longer than 1048576 bytes in all; the rest is left out
big.pgn: 1 game, 3 half-moves, 0 errors, 1 warning"

done_testing
