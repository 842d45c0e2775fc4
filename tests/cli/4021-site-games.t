#!/bin/sh
# sekretar archive site: the games with moves (issue 33): a page per game
# with its players, result and tags, its moves each a link to the board
# after it (SVG; the board of every position read back here equals what
# the catalogue says of the game's last position), the game linked from
# the cross table, the knock-out bracket, the person's and the h2h page;
# PGN of each game, section, event and person the same bytes as 'query
# games --format pgn' and read back by pgn-extract; game.js steps
# through the positions; without the results published, no games.
. "$(dirname "$0")/../lib/lib.sh"

game_py() { python3 "$top/tests/lib/game.py" "$@"; }
command -v pgn-extract >/dev/null 2>&1 || PATH=$PATH:/usr/games

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
sekretar build "$top/tests/example/u10-lviv-2023" >/dev/null 2>&1
ok $? "build the example (its girls' classic games in PGN)"
SOURCE_DATE_EPOCH=1093824000 sekretar build --slug ua-2004 \
    "$top/tests/example/ua-2004" >/dev/null 2>&1
ok $? "build the 2004 example (its women's section given by PGN only)"
expect_success "site" sekretar archive site -o www

ev=2023-06-01-u10-lviv
dir=www/2023/$ev
sec=$dir/girls-classic
ev4=2004-05-03-ua-2004

# ------------------------------------------------------------ a game page
# Round 7: Єременко Ольга (start number 30) against Мороз Аліна (39),
# 0-1 in 50 moves, as the catalogue has it.
sekretar query games --event $ev --section girls-classic --round 7 \
    --format tsv | awk -F '\t' '$8 == "Єременко Ольга" { print $9 "\t" $10 "\t" $12 }' >q
expect_text "the catalogue: the game of round 7" q "$(printf 'Мороз Аліна\t0-1\t50')"
page=$sec/7-30-39.html
[ -f "$page" ]
ok $? "its page, named by round and start numbers"
expect_grep "the heading: the players and the result" \
    '^<h1>Єременко Ольга — Мороз Аліна <span class="result">0–1</span></h1>$' "$page"
expect_grep "the tags: the round" '<dt>Тур</dt><dd>7</dd>' "$page"
expect_grep "the tags: the event" \
    '<dt>Змагання</dt><dd>Чемпіонат України з шахів \(класичні' "$page"
expect_grep "the tags: the number of moves" '<dt>Ходів</dt><dd>50</dd>' "$page"
game_py summary "$page" >s
expect_text "99 half-moves linked, the last board read back" s \
    "$(printf '7\tЄременко Ольга\tМороз Аліна\t99\t1kb3B1/6b1/3p1p1r/4PQ2/pPr5/P1N3pP/3K2P1/3R4')"
nbsp=$(printf '\302\240')
grep -Fq "<span class=\"no\">50.</span>$nbsp<a href=\"#p99\">Qxf5</a>" "$page"
ok $? "the last move, 50. Qxf5, links to the board after it"
n=$(grep -o '<div class="ply" id="p[0-9]*">' "$page" | wc -l)
[ "$n" = 100 ]
ok $? "a board for each of the 100 positions (the first one and after each half-move)"
expect_text "board 0: the first position" \
    "$(game_py board "$page" 0 >b; echo b)" \
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
game_py board "$page" 1 >b
expect_text "board 1, after 1. a3: the pawn on a3, none on a2" b \
    "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR"
grep -o '<div class="ply" id="p1"><svg[^>]*><g id="g1"><use href="#g0"/><use href="#sl" x="0" y="6"/><use href="#sd" x="0" y="5"/><use href="#wp" x="0" y="5"/></g>' "$page" >/dev/null
ok $? "board 1 is board 0 with a2 (light) and a3 (dark) drawn again, the pawn on a3"
expect_grep "after 12. Bg1 (board 23), its squares marked" \
    'id="p23"><svg.*<path class="hl" d="M4 5h1v1h-1zM6 7h1v1h-1z"/>' "$page"
grep -q '<script src="../../../game.js"></script>' "$page" && [ -f www/game.js ]
ok $? "the page's own script, written by the site"
! grep -Eq '(src|href)="(https?:)?//' "$page"
ok $? "nothing from another host"
tidy -errors -q "$page"
ok $? "tidy: the game page is clean"

# Every game page's last board is the catalogue's last position, and its
# moves the catalogue's number of half-moves.
for e in "$ev girls-classic" "$ev4 women" "$ev4 men-final"; do
    set -- $e
    sekretar query games --event "$1" --section "$2" --with-moves --format tsv | awk -F '\t' '
        NR > 1 { split($17, f, " ")
                 plies = 2 * $12 - (f[2] == "b" ? 1 : 0)
                 print $4 "\t" $8 "\t" $9 "\t" plies "\t" f[1] }' | sort >want
    y=$(echo "$1" | cut -c1-4)
    game_py summary www/$y/$1/$2/*.html | sort >got
    [ "$(wc -l <want)" -gt 80 ] && cmp -s want got
    ok $? "$2: every game's page ($(wc -l <want)) ends on the catalogue's position"
    [ $? = 0 ] || diff want got | head -5 | sed 's/^/#   /'
done

# ------------------------------------------------------------------ links
expect_grep "the cross table: Єременко's round 7 links to the game" \
    '<td class="c"><a class="game" href="girls-classic/7-30-39.html">39 б 0</a></td>' \
    $dir/girls-classic.html
expect_grep "the cross table: Мороз's round 7 too" \
    '<td class="c"><a class="game" href="girls-classic/7-30-39.html">30 ч 1</a></td>' \
    $dir/girls-classic.html
expect_grep "a game without moves still links to the opponent's row" \
    '<td class="c"><a href="#n[0-9]+">' $dir/boys-classic.html
white=$(grep -o '<dt>Білі</dt><dd><a href="../../../people/[^"]*"' "$page" |
    sed 's|.*people/||; s|"$||')
expect_grep "the game's white: her page" '^<h1>Єременко Ольга Михайлівна</h1>$' "www/people/$white"
expect_grep "her page links to the game" \
    "<td><a class=\"game\" href=\"../2023/$ev/girls-classic/7-30-39.html\">ходи</a></td>" \
    "www/people/$white"
[ "$(grep -c '<th>Партія</th>' "www/people/$white")" = 1 ] &&
    [ "$(grep -c '^<h3>' "www/people/$white")" = 3 ]
ok $? "her page: a column of games only for her section with moves (1 of 3)"
expect_grep "her head-to-head page too" \
    "<td><a class=\"game\" href=\"../2023/$ev/girls-classic/7-30-39.html\">ходи</a></td>" \
    "www/h2h/$white"
expect_grep "the section's list of games" \
    '<td><a class="game" href="girls-classic/7-30-39.html">0–1</a></td>' \
    $dir/girls-classic.html
python3 "$top/tests/lib/site.py" check www >check.out 2>&1
rc=$?
ok $rc "every link and anchor of the site resolves (the boards' references too)"
[ $rc = 0 ] || diag_file check.out

# A section without PGN: no game column; the women's section by PGN
# only: its cross table links every game.
! grep -q '<th>Партії</th>' www/2023/$ev/boys-classic.html
ok $? "no game column where there are no games"
n=$(grep -o 'class="game" href="women/' www/2004/$ev4/women.html | wc -l)
[ "$n" -ge 180 ]
ok $? "women: the cross table and the list link the games ($n links)"

# The 2004 final's games (a knock-out, men-final.pgn): round 1's match 3
# went to the rapid games; the bracket links each of its four games, the
# section's list and the game's page name the match, the game and a
# tie-break's stage.
f=www/2004/$ev4/men-final.html
expect_grep "the bracket: a column of the match's games, each linked" \
    '<td><a class="game" href="men-final/1-30-3-1.html">1</a> <a class="game" href="men-final/1-3-30-2.html">2</a> <a class="game" href="men-final/1-3-30-3.html">3</a> <a class="game" href="men-final/1-30-3-4.html">4</a> </td></tr>' \
    $f
expect_grep "the list: the match, the game and its stage" \
    '<td>матч 3, партія 3 \(швидкі\)</td>' $f
expect_grep "the list: the column's heading" '<th>Матч і партія</th>' $f
expect_grep "the list: a classic game without its stage" \
    '<td>матч 3, партія 2</td>' $f
g=www/2004/$ev4/men-final/1-3-30-3.html
expect_grep "the game's page: the match and the game" \
    '<dt>Матч</dt><dd>3, партія 3 \(швидкі\)</dd>' $g
expect_grep "its title: the round and the game" \
    '<title>Зінченко Данило — Чорновол Давид, 1–0, тур 1, партія 3 — ' $g
expect_grep "its Round tag" '<dt>Тур</dt><dd>1\.3</dd>' $g

# ------------------------------------------------------------- downloads
sekretar query games --event $ev --section girls-classic --format pgn >q.pgn
cmp -s q.pgn $dir/girls-classic.pgn
ok $? "the section's PGN is query games --format pgn"
grep -q '<a href="girls-classic.pgn">girls-classic.pgn</a>' $dir/girls-classic.html
ok $? "linked from the section's page"
sekretar query games --event $ev4 --format pgn >q4.pgn 2>/dev/null
cmp -s q4.pgn www/2004/$ev4/$ev4.pgn
ok $? "the event's PGN is query games --format pgn"
grep -q "<a href=\"$ev4.pgn\">$ev4.pgn</a>" www/2004/$ev4/index.html
ok $? "linked from the event's page"
sekretar query games --event $ev --section girls-classic --round 7 \
    --player 'Єременко Ольга' --format pgn >g.pgn
cmp -s g.pgn $sec/7-30-39.pgn
ok $? "the game's PGN is query games'"
grep -q '<a href="7-30-39.pgn">цієї партії</a>' "$page"
ok $? "linked from its page"
pid=$(sekretar query search 'Єременко Ольга' --format tsv | awk -F '\t' 'NR == 2 { print $1 }')
sekretar query games --player "#$pid" --with-moves --format pgn >p.pgn
cmp -s p.pgn "www/people/${white%.html}.pgn"
ok $? "her PGN is query games --player's"
grep -q "<a href=\"${white%.html}.pgn\">" "www/people/$white"
ok $? "linked from her page"
head -7 $sec/7-30-39.pgn | cut -d ' ' -f 1 | tr '\n' ' ' >roster
echo >>roster
expect_text "export format: the seven-tag roster first" roster \
    "[Event [Site [Date [Round [White [Black [Result "
if command -v pgn-extract >/dev/null 2>&1; then
    for f in $dir/girls-classic.pgn www/2004/$ev4/$ev4.pgn \
        "www/people/${white%.html}.pgn" $sec/7-30-39.pgn; do
        pgn-extract -s "$f" >back.pgn 2>pe.err
        [ $? = 0 ] && [ ! -s pe.err ]
        ok $? "pgn-extract reads $(basename "$f") with no complaint"
        diag_file pe.err 5
        expect_text "pgn-extract: every game of $(basename "$f")" \
            "$(grep -c '^\[Event ' back.pgn >n; echo n)" \
            "$(grep -c '^\[Event ' "$f")"
    done
    grep -c '^\[Event ' $dir/girls-classic.pgn >n
    expect_text "the girls' 234 games" n 234
    grep -c '^\[Event ' www/2004/$ev4/$ev4.pgn >n
    expect_text "the 2004 championships' 185 games: 90 women's, 95 of the final" n 185
else
    for k in 1 2 3 4 5 6 7 8 9 10; do
        echo "ok $((test_n += 1)) # SKIP pgn-extract is not installed ($k of 10)"
    done
fi

# ---------------------------------------------------------------- script
# Chromium runs game.js on a copy of the page that presses keys and clicks
# a move; the board it shows is the one the DOM marks.
steps() { game_steps "$page" "$1" "$2"; }
key() { echo "document.dispatchEvent(new KeyboardEvent('keydown', {key: '$1', bubbles: true}));"; }
if command -v chromium >/dev/null 2>&1; then
    steps "" "" >got
    expect_text "the script: the last position shown, its move marked" got \
        'class="board js" class="ply on" id="p99" <a href="#p99" class="cur" '
    steps "$(key ArrowLeft)$(key ArrowLeft)" "" >got
    expect_text "← ←: two positions back" got \
        'class="board js" class="ply on" id="p97" <a href="#p97" class="cur" '
    steps "$(key Home)$(key ArrowRight)" "" >got
    expect_text "Home →: after the first move" got \
        'class="board js" class="ply on" id="p1" <a href="#p1" class="cur" '
    steps "$(key End)" "#p23" >got
    expect_text "an address with #p23, then End: the last" got \
        'class="board js" class="ply on" id="p99" <a href="#p99" class="cur" '
    steps "" "#p23" >got
    expect_text "an address with #p23: that position" got \
        'class="board js" class="ply on" id="p23" <a href="#p23" class="cur" '
    steps "document.querySelector('p.moves a[href=\"#p40\"]').click();" "" >got
    expect_text "a click on a move: its position" got \
        'class="board js" class="ply on" id="p40" <a href="#p40" class="cur" '
else
    for k in 1 2 3 4 5 6; do
        echo "ok $((test_n += 1)) # SKIP the script in Chromium (no chromium) ($k of 6)"
    done
fi
# Without the script the CSS shows the last board, or the one the address
# names (:target).
expect_grep "CSS: the last board, or the one an anchor names" \
    '^\.board:not\(\.js\) \.ply:last-child, \.board:not\(\.js\) \.ply:target \{ display: block; \}$' \
    www/style.css

# ------------------------------------------------------------------ sizes
# A game of 100 moves: its page stays small (each board after the first
# of ten is what changed).
big=$(ls -S $sec/*.html | head -1)
size=$(wc -c <"$big")
[ "$size" -lt 70000 ]
ok $? "the longest game's page: $size bytes"

# ------------------------------------------------------------------ policy
# The results not published: no game page, no PGN, no link to a game.
printf '[site]\npublish = ranking, crosstable\n' >arc/site.ini
expect_success "site without the results" sekretar archive site -o www2
[ ! -e www2/2023/$ev/girls-classic ] && [ ! -e www2/2023/$ev/girls-classic.pgn ] &&
    [ ! -e www2/game.js ] && ! ls www2/people/*.pgn >/dev/null 2>&1
ok $? "no game pages, no PGN, no script"
! grep -rq 'class="game"' www2
ok $? "no link to a game"

done_testing
