#!/bin/sh
# The games of an event: a section's PGN files (games =) joined to its
# results, each check message at its line; a section whose only results
# are a PGN (file = X.pgn) ranked as the same games in a CSV; the
# bundle's games/NAME.pgn with the registry's names and FIDE IDs, read
# back by pgn-extract.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-10

# One game of PGN: round, white, black, result, moves.
game() {
    printf '[Event "Lviv ch"]\n[Site "Lviv"]\n[Date "????.??.??"]\n'
    printf '[Round "%s"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n' \
        "$1" "$2" "$3" "$4"
    [ -n "$6" ] && printf '%s\n' "$6"
    printf '\n%s%s\n\n' "$5" "$4"
}

cp -r "$DATA/mini-event" ev
sed -i 's/^file = boys.csv$/file = boys.csv\ngames = boys-games.pgn; extra.pgn/' \
    ev/event.ini
{
    # Transliterated names: the registry's joins find them.
    game 1.1 "Melnyk, Yaroslav" "Boiko, Yevhen" 1-0 "1. e4 e5 2. Nf3 Nc6 "
    # The results have a draw.
    game 1.2 "Їжакевич Ілля" "Коваленко Андрій" 1-0 "1. d4 d5 2. c4 "
    # The colours the other way round.
    game 2 "Їжакевич, Ілля" "Бойко, Євген" 1-0 "1. c4 e5 "
    # A name cut short.
    game 3 "Melnyk Y" "Yizhakevych, Illia" 1/2-1/2 "1. Nf3 Nf6 "
} >ev/boys-games.pgn
{
    game 3 "Петренко, Петро" "Бойко, Євген" 1-0 "1. e4 e5 "
    game 2 "Мельник, Ярослав" "Бойко, Євген" 0-1 "1. e4 e5 2. Ke3 "
} >ev/extra.pgn

expect_failure 65 "games that disagree with the results" sekretar check ev
expect_stdout "each check message at its line" \
"ev/boys-games.pgn:11:1: error: game Їжакевич Ілля - Коваленко Андрій of round 1: the result is 1-0, but the results of section 'boys' have Їжакевич Ілля - Коваленко Андрій 1/2-1/2
ev/boys-games.pgn:21:1: warning: game Їжакевич, Ілля - Бойко, Євген of round 2: the results have the colours the other way round
ev/extra.pgn:1:1: warning: game Петренко, Петро - Бойко, Євген: 'Петренко, Петро' is no player of section 'boys'; the game is left out
ev/extra.pgn:11:1: warning: game Мельник, Ярослав - Бойко, Євген of round 2 is not in the results of section 'boys'; the game is left out
ev/extra.pgn:19:13: error: illegal move 'Ke3' (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2)
ev/event.ini:15:9: warning: section 'boys': 1 of the 5 games of its results has no game in PGN (not every game is recorded)
ev/boys.csv: 4 players, 3 rounds
ev/girls.trf: 3 players, 3 rounds
ev/boys-rapid.csv: 2 players, 1 round
ev: 3 sections, 7 people in the registry, 2 errors, 4 warnings"

# Without the second file and the wrong result: a clean check, a bundle.
sed -i 's/games = boys-games.pgn; extra.pgn/games = boys-games.pgn/' ev/event.ini
sed -i '11,20s/1-0/1\/2-1\/2/' ev/boys-games.pgn
expect_success "the games agree" sekretar check ev
expect_stdout "two warnings left" \
"ev/boys-games.pgn:21:1: warning: game Їжакевич, Ілля - Бойко, Євген of round 2: the results have the colours the other way round
ev/event.ini:15:9: warning: section 'boys': 1 of the 5 games of its results has no game in PGN (not every game is recorded)
ev/boys.csv: 4 players, 3 rounds
ev/girls.trf: 3 players, 3 rounds
ev/boys-rapid.csv: 2 players, 1 round
ev: 3 sections, 7 people in the registry, 0 errors, 2 warnings"

expect_success "the event with games builds" sekretar build --archive arch ev
zip=arch/2023/2023-06-01-ev.zip
unzip -p "$zip" games/boys.pgn >boys.pgn
expect_grep "the bundle's games: the registry's names" \
    '^\[White "Мельник, Ярослав"\]$' boys.pgn
expect_grep "the bundle's games: the FIDE IDs" \
    '^\[WhiteFideId "34187243"\]$' boys.pgn
expect_grep "the bundle's games: the event's title" \
    "^\\[Event \"Тестовий турнір \\\\\"Мар'янин кубок\\\\\"\"\\]$" boys.pgn
grep -c '^\[Event ' boys.pgn >count
expect_text "the bundle's games: the four joined" count 4
unzip -p "$zip" manifest.json >manifest.json
expect_grep "the manifest lists games/boys.pgn" '"games/boys.pgn"' manifest.json
expect_grep "the manifest lists the PGN input" '"boys-games.pgn"' manifest.json
expect_success "verify --deep remakes the bundle" \
    sekretar archive verify --deep --archive arch
PATH=$PATH:/usr/games
if command -v pgn-extract >/dev/null 2>&1; then
    pgn-extract -s boys.pgn >/dev/null 2>pe.err
    ok $? "pgn-extract reads the bundle's games"
    [ ! -s pe.err ]
    ok $? "pgn-extract: no complaint"
    diag_file pe.err
else
    echo "ok $((test_n += 1)) # SKIP pgn-extract is not installed"
    echo "ok $((test_n += 1)) # SKIP pgn-extract is not installed"
fi

# A section whose only results are its games.
cp -r "$DATA/mini-event" pgnonly
sed -i 's/^file = boys.csv$/file = boys.pgn/' pgnonly/event.ini
{
    game 1.1 "Мельник, Ярослав" "Бойко, Євген" 1-0 "1. e4 e5 "
    game 1.2 "Їжакевич, Ілля" "Коваленко, Андрій" 1/2-1/2 "1. d4 d5 "
    game 2.1 "Бойко, Євген" "Їжакевич, Ілля" 0-1 "1. c4 c5 "
    game 2.2 "Коваленко, Андрій" "Мельник, Ярослав" 0-1 "1. Nf3 Nf6 "
    game 3.1 "Мельник, Ярослав" "Їжакевич, Ілля" 1/2-1/2 "1. e4 c5 "
    # A forfeit: no moves.
    game 3.2 "Бойко, Євген" "Коваленко, Андрій" 1-0 ""
} >pgnonly/boys.pgn
expect_success "a PGN-only section checks" sekretar check -q pgnonly
expect_success "a PGN-only section ranks" sekretar standings pgnonly \
    --section boys
cp "$out" pgn.txt
expect_success "the same games as CSV rank" sekretar standings \
    "$DATA/mini-event" --section boys
expect_text "the PGN's standings are the CSV's" pgn.txt "$(cat "$out")"
expect_success "a PGN-only section builds" sekretar build --archive arch2 \
    pgnonly
unzip -p arch2/2023/2023-06-01-pgnonly.zip games/boys.pgn >only.pgn
grep -c '^\[Event ' only.pgn >count
expect_text "its games in the bundle, the forfeit too" count 6

# Byes and absences: a game against "bye", a round without a game.
cp -r "$DATA/mini-event" byes
sed -i 's/^file = boys.csv$/file = boys.pgn/' byes/event.ini
{
    game 1.1 "Мельник, Ярослав" "Бойко, Євген" 1-0 "1. e4 e5 "
    game 1.2 "Їжакевич, Ілля" "bye" 1-0 ""
    game 2.1 "Бойко, Євген" "Їжакевич, Ілля" 0-1 "1. c4 c5 "
    game 2.2 "Коваленко, Андрій" "Мельник, Ярослав" 0-1 "1. Nf3 Nf6 "
} >byes/boys.pgn
expect_success "byes and absences" sekretar check byes
expect_grep "the stand-in of a bye" \
"^byes/boys.pgn:11:1: warning: 'bye' is the pairing program's stand-in for a bye, not a player: its 1 game is read as the bye of the opponent$" "$out"
expect_success "a bye and an absence rank" sekretar standings byes \
    --section boys
expect_grep "the bye's point, the absence's none" \
    '^ +1-2 +3 +Їжакевич Ілля .* 2\.0$' "$out"

printf '[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n' \
    >byes/boys.pgn
expect_failure 65 "a game without a round" sekretar check -q byes
expect_stdout "a game without a round: message" \
"byes/boys.pgn:1:1: error: game without a round (its Round tag is '?'); a PGN that is a section's results needs the round of every game (1 to 99)"

done_testing
