#!/bin/sh
# The games in the archive (issue 33): the examples' PGN games and a
# small event's with ECO tags built into one archive; 'query games' by
# every filter and in every format, its PGN read back by pgn-extract;
# the moves marked in 'query player' and 'query h2h'; the headings in
# Ukrainian; a catalogue of schema 8 migrated, and filled by 'archive
# rebuild'; every bad option.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
PATH=$PATH:/usr/games

# One game of PGN: round, white, black, result, moves, its ECO tag.
game() {
    printf '[Event "Lviv ch"]\n[Site "Lviv"]\n[Date "????.??.??"]\n'
    printf '[Round "%s"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n' \
        "$1" "$2" "$3" "$4"
    [ -n "$6" ] && printf '[ECO "%s"]\n' "$6"
    printf '\n%s%s\n\n' "$5" "$4"
}

# The rows of a TSV answer, its heading left out.
rows() { tail -n +2 "$out" | wc -l | tr -d ' '; }

cp -R "$top/tests/example/u10-lviv-2023" u10-lviv-2023
cp -R "$top/tests/example/ua-2004" ua-2004
cp -R "$DATA/mini-event" ev
sed -i 's/^file = boys.csv$/file = boys.csv\ngames = boys.pgn/' ev/event.ini
{
    game 1.1 "Мельник, Ярослав" "Бойко, Євген" 1-0 \
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 " B90
    game 1.2 "Їжакевич, Ілля" "Коваленко, Андрій" 1/2-1/2 \
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 " D35
    game 2.1 "Бойко, Євген" "Їжакевич, Ілля" 0-1 \
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 " C84
    # No ECO tag.
    game 3.1 "Мельник, Ярослав" "Їжакевич, Ілля" 1/2-1/2 \
        "1. c4 e5 2. Nc3 Nf6 3. Nf3 Nc6 4. g3 d5 5. cxd5 Nxd5 6. Bg2 "
} >ev/boys.pgn
for d in u10-lviv-2023 ua-2004 ev; do
    sekretar build "$d" >/dev/null 2>&1
    ok $? "build $d"
done

# ---------------------------------------------------------------- counts
expect_success "every game" sekretar query games --format tsv
rows >n
expect_text "every game: 2717 of the examples', 10 of the small event's" n 2727
expect_success "the games with moves" sekretar query games --with-moves \
    --format tsv
rows >n
expect_text "419 of the examples (95 of the 2004 final), 4 of the small event" n 423
expect_success "the U10 girls' classical games" sekretar query games \
    --event 2023-06-01-u10-lviv --section girls-classic --with-moves \
    --format tsv
rows >n
expect_text "234 games of girls-classic.pgn" n 234
expect_success "the 2004 women's games" sekretar query games \
    --event 2004-05-03-ua --section women --format tsv
rows >n
expect_text "90 games of women.pgn" n 90

# ----------------------------------------------------- one game, its facts
expect_success "the women's first game" sekretar query games \
    --event 2004-05-03-ua --section women --round 1 --limit 1 --format json
expect_grep "its players and result" \
    '"White": "Ґудзь Зоряна", "Black": "Рибак Юлія", "Result": "1-0"' "$out"
expect_grep "its 28 moves" '"Moves": 28,' "$out"
expect_grep "its FIDE IDs" '"WhiteFIDE": "14100115", "BlackFIDE": "14102947"' \
    "$out"
expect_grep "its moves, first and last, with the example's comments" \
    '"Movetext": "\{Запис партії звірено з бланками обох суперників\.\} 1\. h4 f6 2\. Nf3 c5 .* 14\. Nd4 \$5 \{На цей хід витрачено 25 хвилин\.\} 14\.\.\. cxd4 .* 27\. Qc2 gxh5 28\. a3 \{Чорні здалися\.\} 1-0"' "$out"

expect_success "the Najdorf by its ECO code" sekretar query games --eco B90 \
    --format json
expect_stdout "the Najdorf: every field" \
'[
  {"Year": 2023, "Event": "2023-06-01-ev", "Section": "boys", "Round": 1, "Board": null, "Match": null, "Game": null, "White": "Мельник Ярослав", "Black": "Бойко Євген", "Result": "1-0", "ECO": "B90", "Moves": 5, "Stage": "", "WhiteFIDE": "34187243", "BlackFIDE": "", "Start": "2023-06-01", "FEN": "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6", "Movetext": "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 1-0"}
]'

# --------------------------------------------------------------- filters
expect_success "the small event's boys, as a table" sekretar query games \
    --event 2023-06-01-ev --section boys
expect_stdout "the table: ECO and moves where recorded, the forfeit too" \
"Year  Event          Section  Round  White             Black             Result  ECO  Moves
2023  2023-06-01-ev  boys         1  Мельник Ярослав   Бойко Євген       1-0     B90      5
2023  2023-06-01-ev  boys         1  Їжакевич Ілля     Коваленко Андрій  ½-½     D35      3
2023  2023-06-01-ev  boys         2  Коваленко Андрій  Мельник Ярослав   0-1
2023  2023-06-01-ev  boys         2  Бойко Євген       Їжакевич Ілля     0-1     C84      5
2023  2023-06-01-ev  boys         3  Мельник Ярослав   Їжакевич Ілля     ½-½              6
2023  2023-06-01-ev  boys         3  Бойко Євген       Коваленко Андрій  +/-"

q() {
    want=$1
    shift
    expect_success "games $*" sekretar query games --format csv "$@"
    cut -d, -f4,8,9 "$out" | tr -d '\r' | tail -n +2 | tr '\n' ' ' |
        sed 's/ $//' >got
    echo >>got
    expect_text "games $*: the games" got "$want"
}
# Two people are named Бойко Євген: the boy is the one born in 2013.
expect_success "the boy Бойко Євген" sekretar query search 'Бойко Євген' \
    --format tsv
boiko=$(awk -F'\t' '$3 == "2013-11-30" { print "#" $1 }' "$out")
q "1,Мельник Ярослав,Бойко Євген" --eco B90
q "1,Мельник Ярослав,Бойко Євген" --eco b20-b99
q "1,Їжакевич Ілля,Коваленко Андрій 2,Бойко Євген,Їжакевич Ілля" --eco C00-D99
q "1,Мельник Ярослав,Бойко Євген 2,Коваленко Андрій,Мельник Ярослав 3,Мельник Ярослав,Їжакевич Ілля" \
    --player 34187243 --section boys
q "1,Мельник Ярослав,Бойко Євген 3,Мельник Ярослав,Їжакевич Ілля" \
    --player 34187243 --section boys --colour white
q "2,Коваленко Андрій,Мельник Ярослав" --player 34187243 --section boys \
    --colour black
q "1,Мельник Ярослав,Бойко Євген" --player 34187243 --opponent "$boiko" \
    --section boys
q "1,Мельник Ярослав,Бойко Євген" --player 34187243 --opponent "$boiko" \
    --section boys --colour white
q "" --player 34187243 --opponent "$boiko" --section boys --colour black
q "1,Їжакевич Ілля,Коваленко Андрій 3,Мельник Ярослав,Їжакевич Ілля" \
    --event 2023-06-01-ev --section boys --result 1/2-1/2
q "2,Коваленко Андрій,Мельник Ярослав 2,Бойко Євген,Їжакевич Ілля" \
    --event 2023-06-01-ev --section boys --round 2
q "1,Мельник Ярослав,Бойко Євген 2,Бойко Євген,Їжакевич Ілля 3,Мельник Ярослав,Їжакевич Ілля" \
    --event 2023-06-01-ev --moves-min 5
q "1,Їжакевич Ілля,Коваленко Андрій" --event 2023-06-01-ev --moves-max 4
q "3,Мельник Ярослав,Їжакевич Ілля" --event 2023-06-01-ev --moves-min 6 \
    --moves-max 6
q "" --year 2004 --eco A00-E99
expect_success "a year's games" sekretar query games --year 2004 --format tsv
rows >n
expect_text "the 2004 championships' games" n 528
expect_success "a year's with moves" sekretar query games --year 2004 \
    --with-moves --limit 10 --format tsv
rows >n
expect_text "--limit 10" n 10

# --------------------------------------------------------------- formats
expect_success "csv" sekretar query games --eco D35 --format csv
expect_stdout "csv: the heading and the row" \
"$(printf 'Year,Event,Section,Round,Board,Match,Game,White,Black,Result,ECO,Moves,Stage,WhiteFIDE,BlackFIDE,Start,FEN,Movetext\r\n2023,2023-06-01-ev,boys,1,,,,Їжакевич Ілля,Коваленко Андрій,½-½,D35,3,,,,2023-06-01,rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4,1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\r')"
expect_success "pgn" sekretar query games --event 2023-06-01-ev --format pgn
cp "$out" ev.pgn
grep -c '^\[Event ' ev.pgn >n
expect_text "pgn: the 4 games with moves" n 4
expect_stderr "pgn: those without moves counted" \
    "sekretar: note: 6 games without moves are left out of the PGN"
expect_grep "pgn: the seven-tag roster first" \
    '^\[Event "Тестовий турнір \\"Мар.янин кубок\\""\]$' ev.pgn
sed -n 1,8p ev.pgn | cut -d' ' -f1 | tr '\n' ' ' >tags
echo >>tags
expect_text "pgn: Event Site Date Round White Black Result, then the rest" \
    tags "[Event [Site [Date [Round [White [Black [Result [ECO "
expect_grep "pgn: the registry's names" '^\[White "Мельник, Ярослав"\]$' ev.pgn
expect_grep "pgn: the FIDE ID" '^\[WhiteFideId "34187243"\]$' ev.pgn
expect_grep "pgn: the event's site" '^\[Site "Львів UKR"\]$' ev.pgn
expect_success "pgn of every game with moves" sekretar query games \
    --with-moves --format pgn
cp "$out" all.pgn
if command -v pgn-extract >/dev/null 2>&1; then
    for f in ev.pgn all.pgn; do
        pgn-extract -s "$f" >back.pgn 2>pe.err
        ok $? "pgn-extract reads $f"
        [ ! -s pe.err ]
        ok $? "pgn-extract: no complaint about $f"
        diag_file pe.err
        grep -c '^\[Event ' back.pgn >n
        grep -c '^\[Event ' "$f" >want
        expect_text "pgn-extract: every game of $f" n "$(cat want)"
    done
    expect_text "pgn-extract: 423 games" n 423
else
    for k in 1 2 3 4 5 6 7; do
        echo "ok $((test_n += 1)) # SKIP pgn-extract is not installed ($k of 7)"
    done
fi

# ------------------------------------------------------ player and h2h
expect_success "player: his recorded games" sekretar query player 34187243 \
    --format tsv
cut -f3,6,17 "$out" >got
expect_text "player: 2 of his 3 games recorded in boys, none in boys-rapid" \
    got "$(printf 'Section\tGames\tRecorded\nboys\t3\t2\nboys-rapid\t1\t')"
expect_success "h2h: the moves of each game" sekretar query h2h 34187243 \
    'Їжакевич Ілля'
expect_stdout "h2h: 6 moves" \
"#348 Мельник Ярослав, born 2013-03-14, FIDE ID 34187243
#349 Їжакевич Ілля, born 2014
Year  Event          Section  Round  White            Black          Result  Stage  Match  Game  Board  Moves
2023  2023-06-01-ev  boys         3  Мельник Ярослав  Їжакевич Ілля  ½-½                                    6"

# ------------------------------------------------------------- Ukrainian
expect_success "in Ukrainian" env LC_ALL=uk_UA.UTF-8 "$SEKRETAR" query games \
    --eco B90
expect_stdout "in Ukrainian: the headings" \
" Рік  Змагання       Турнір  Тур  Білі             Чорні        Результат  Дебют  Ходів
2023  2023-06-01-ev  boys      1  Мельник Ярослав  Бойко Євген  1-0        B90        5"
expect_success "h2h in Ukrainian" env LC_ALL=uk_UA.UTF-8 "$SEKRETAR" query \
    h2h 34187243 'Їжакевич Ілля'
grep -v '^#' "$out" | head -1 | tr -s ' ' >got
expect_text "h2h in Ukrainian: no English heading" got \
    " Рік Змагання Турнір Тур Білі Чорні Результат Етап Матч Партія Дошка Ходів"
expect_success "pgn in Ukrainian" env LC_ALL=uk_UA.UTF-8 "$SEKRETAR" query \
    games --event 2023-06-01-ev --section boys --format pgn
expect_stderr "pgn in Ukrainian: the note" \
    "sekretar: примітка: 2 партії без ходів не включено до PGN"

# ------------------------------------------------------------ bad options
bad() {
    msg=$1
    shift
    expect_failure 64 "query $*" sekretar query "$@"
    expect_stderr "query $*: message" "sekretar: error: $msg
Try 'sekretar query --help'."
}
bad "--eco wants an ECO code (A00 to E99) or a range of them (B20-B99), not 'F00'" \
    games --eco F00
bad "--eco wants an ECO code (A00 to E99) or a range of them (B20-B99), not 'B20-'" \
    games --eco B20-
bad "--eco C99-C00: the range ends before it begins" games --eco C99-C00
bad "--result wants 1-0, 0-1 or 1/2-1/2, not '2-0'" games --result 2-0
bad "--colour wants white or black, not 'red'" games --player 1 --colour red
bad "--colour says the colour of --player; name the player" games \
    --colour white
bad "--round wants a whole number from 1 to 999, not '0'" games --round 0
bad "--moves-min wants a whole number from 1 to 100000, not 'x'" games \
    --moves-min x
bad "--moves-min 30 is more than --moves-max 20" games --moves-min 30 \
    --moves-max 20
bad "--limit wants a whole number from 1 to 1000000000, not '-1'" games \
    --limit -1
bad "--category is not an option of games" games --category U10
bad "--player is for games" champions --player 1
bad "--format pgn is for games" events --format pgn
bad "games takes options only, not 'Мельник'" games Мельник
bad "unknown format 'xml'" games --format xml
expect_failure 66 "an unknown player" sekretar query games --player Zzyzx
expect_stderr "an unknown player: message" \
    "sekretar: error: nobody in the archive matches 'Zzyzx'"

# ------------------------------------------------- migration and rebuild
if command -v sqlite3 >/dev/null 2>&1; then
    sqlite3 arc/catalog.sqlite "DROP INDEX games_eco; DROP INDEX games_moves;
        DROP INDEX games_event;
        ALTER TABLE games DROP COLUMN pgn; ALTER TABLE games DROP COLUMN eco;
        ALTER TABLE games DROP COLUMN moves; ALTER TABLE games DROP COLUMN plies;
        ALTER TABLE games DROP COLUMN fen; ALTER TABLE games DROP COLUMN event_key;
        ALTER TABLE games DROP COLUMN ord;
        ALTER TABLE games DROP COLUMN white_name;
        ALTER TABLE games DROP COLUMN black_name;
        PRAGMA user_version = 8;"
    ok $? "a catalogue of version 8 (before the moves)"
    expect_failure 74 "a query does not migrate" sekretar query games
    expect_grep "version 8: message" \
        "the catalogue has schema version 8 and needs 10; the next 'sekretar build' or 'archive import' there migrates it" \
        "$err"
    sed -i 's/^title = .*/title = Тестовий турнір "Мар'"'"'янин кубок", виправлений/' \
        ev/event.ini
    expect_success "a build migrates it" sekretar build ev
    expect_success "migrated: the games with moves" sekretar query games \
        --with-moves --format tsv
    rows >n
    expect_text "migrated: only the event built again has its moves" n 4
    # 9 -> 10 gave the games of every event, not only the one built
    # again, their event's key, their place in its order and their
    # players' names
    sqlite3 arc/catalog.sqlite "SELECT count(*) FROM games g WHERE event_key
        NOT IN (SELECT key FROM events) OR ord = 0 OR white_name != (SELECT
        name FROM entries WHERE id = g.white) OR black_name != (SELECT name
        FROM entries WHERE id = g.black); SELECT count(*) FROM
        (SELECT event_key, ord FROM games GROUP BY 1, 2 HAVING count(*) > 1);
        SELECT count(DISTINCT event_key) = (SELECT count(*) FROM events)
        FROM games" >got
    expect_text "migrated: every game has its event's key and its place" got \
        "$(printf '0\n0\n1')"
    expect_success "archive rebuild" sekretar archive rebuild
    expect_success "rebuilt: the games with moves" sekretar query games \
        --with-moves --format tsv
    rows >n
    expect_text "rebuilt: every bundle's moves" n 423
    expect_success "rebuilt: the Najdorf" sekretar query games --eco B90 \
        --format tsv
    cut -f11,12,17 "$out" | tail -1 >got
    expect_text "rebuilt: its ECO, moves and FEN" got \
        "$(printf 'B90\t5\trnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6')"
else
    for k in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
        echo "ok $((test_n += 1)) # SKIP no sqlite3 shell ($k of 12)"
    done
fi

# ------------------------------------------------- written as they come
# The machines' formats and the PGN are written row by row (none kept):
# an empty answer is still whole, and a big one equals the table's rows.
expect_success "no game: json" sekretar query games --year 1999 --format json
expect_stdout "no game: an empty array" "[]"
expect_success "no game: tsv" sekretar query games --year 1999 --format tsv
expect_stdout "no game: the heading alone" "$(printf 'Year\tEvent\tSection\tRound\tBoard\tMatch\tGame\tWhite\tBlack\tResult\tECO\tMoves\tStage\tWhiteFIDE\tBlackFIDE\tStart\tFEN\tMovetext')"
expect_success "no game: pgn" sekretar query games --year 1999 --format pgn
[ ! -s "$out" ] && [ ! -s "$err" ]
ok $? "no game: no PGN, no note"
sekretar query games --format json >all.json &&
    python3 -c 'import json, sys
rows = json.load(open(sys.argv[1], encoding="utf-8"))
print(len(rows), sum(1 for r in rows if r["Movetext"]), len(set(r["Stage"] for r in rows)))' all.json >n
expect_text "every game as JSON: 2727 games, 423 with moves, 6 stages ('' and 5 of the final's)" n "2727 423 6"

done_testing
