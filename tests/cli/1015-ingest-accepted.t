#!/bin/sh
# What check used to accept without a word: a named registry that does
# not exist, 'rounds = 0', a knock-out with fewer rounds than its bracket,
# a tie-break listed twice, fields past a results CSV's header, a start
# number column that gives everybody one number, dates no event has, a
# TRF team without players, 'system = team' on a TRF without teams, and a
# file's tie-break list that standings would not use.  Each is an error at
# its file:line:col (a warning where a real file may have it), and build
# refuses the errors.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
M=$DATA/mini-event
# expect_line DESC TEXT FILE: a line of FILE is exactly TEXT.
expect_line() {
    grep -Fqx -- "$2" "$3"
    ok $? "$1"
    grep -Fqx -- "$2" "$3" || diag_file "$3" 10
}
# edited DESC FILE SED-SCRIPT MESSAGE...: check of the mini event with FILE
# edited exits 65 and prints exactly MESSAGE.
edited() {
    rm -rf ev
    cp -R "$M" ev
    sed -i "$3" "ev/$2"
    expect_failure 65 "$1" sekretar check -q ev
    expect_stdout "$1: message" "$4"
}

# ---- a registry event.ini names must exist (players.csv may be missing)
edited "players = a registry that does not exist" event.ini \
    's/^city = .*/&\nplayers = nope.csv/' \
"ev/event.ini:7:11: error: the registry of players 'ev/nope.csv' does not exist; it must be a CSV file in the event folder"
expect_failure 65 "build refuses it" sekretar build --archive arc ev
[ ! -e arc ]
ok $? "build: nothing written"
edited "players = a registry in a sub-folder that does not exist" event.ini \
    's/^city = .*/&\nplayers = reg\/people.csv/' \
"ev/event.ini:7:11: error: the registry of players 'ev/reg/people.csv' does not exist; it must be a CSV file in the event folder"
rm -rf ev
cp -R "$M" ev
rm ev/players.csv
expect_success "no players.csv and no 'players =': a warning" sekretar check ev
expect_grep "the warning" \
    "^ev/players.csv: warning: no registry of players; the documents need it \(region, coach, birth date\)$" "$out"

# ---- rounds
edited "rounds = 0" event.ini '0,/^rounds = 3$/s//rounds = 0/' \
"ev/event.ini:17:10: error: number of rounds from 1 to 999 expected, found '0' (leave 'rounds' out when the results file says it)"
edited "rounds = 00" event.ini '0,/^rounds = 3$/s//rounds = 00/' \
"ev/event.ini:17:10: error: number of rounds from 1 to 999 expected, found '00' (leave 'rounds' out when the results file says it)"
# A knock-out's bracket of 6 players has 3 rounds.
rm -rf ko
cp -R "$DATA/knockout/byes" ko
sed -i 's/^discipline = classic$/&\nrounds = 2/' ko/event.ini
expect_failure 65 "a knock-out with fewer rounds than its bracket" sekretar check -q ko
expect_stdout "knock-out rounds: message" \
"ko/event.ini:15:10: error: section 'final' has 2 rounds in event.ini, but its bracket of 6 players needs 3"
sed -i 's/^rounds = 2$/rounds = 1/' ko/event.ini
expect_failure 65 "rounds = 1 for 6 players" sekretar check -q ko
expect_stdout "rounds = 1: message" \
"ko/event.ini:15:10: error: section 'final' has 1 round in event.ini, but its bracket of 6 players needs 3"
sed -i 's/^rounds = 1$/rounds = 3/' ko/event.ini
expect_success "rounds = 3 for 6 players" sekretar check -q ko

# ---- a tie-break listed twice
edited "tiebreaks = BH,BH,BH" event.ini 's/^\[section girls\]$/&\ntiebreaks = BH,BH,BH/' \
"ev/event.ini:20:16: error: tie-break 'BH' is listed twice; the second would break no tie the first left
ev/event.ini:20:19: error: tie-break 'BH' is listed twice; the second would break no tie the first left"
edited "the same code in other spellings" event.ini \
    's/^\[section girls\]$/&\ntiebreaks = BH\/C1, WIN, bh\/c1/' \
"ev/event.ini:20:25: error: tie-break 'BH/C1' is listed twice; the second would break no tie the first left"
rm -rf ev
cp -R "$M" ev
sed -i 's/^\[section girls\]$/&\ntiebreaks = DE, BH, DE, BH\/C1, BH/' ev/event.ini
expect_failure 65 "DE again is made among those still tied; BH again is not" \
    sekretar check -q ev
expect_stdout "DE twice is no error: message" \
"ev/event.ini:20:32: error: tie-break 'BH' is listed twice; the second would break no tie the first left"
expect_failure 64 "--tiebreaks BH,BH" sekretar standings --tiebreaks BH,BH "$M/girls.trf"
expect_stderr "--tiebreaks: message" \
"sekretar: error: --tiebreaks: tie-break 'BH' is listed twice; the second would break no tie the first left
Try 'sekretar standings --help'."

# ---- a results CSV's rows: nothing past the header
edited "a field past the header" boys.csv '2s/$/,перенесена/' \
"ev/boys.csv:2:43: error: field 6 'перенесена' is past the header's 5 columns: quote a name with the separator in it (\"Мельник, Ярослав\"), or give the column a header"
edited "a result past the header (a name not quoted)" boys.csv \
    '3s/"Їжакевич, Ілля"/Їжакевич, Ілля/' \
"ev/boys.csv:3:5: error: player 3 'Їжакевич' is not in the registry (ev/players.csv); the nearest: 'Їжакевич Ілля' (line 4)
ev/boys.csv:3:14: error: player 4 'Ілля' is not in the registry (ev/players.csv)
ev/boys.csv:3:20: error: result 'Коваленко, Андрій' not understood (1-0, 0-1, ½-½, +/-, -/+, -/-)
ev/boys.csv:3:40: error: field 6 '½-½' is past the header's 5 columns: quote a name with the separator in it (\"Мельник, Ярослав\"), or give the column a header"
rm -rf ev
cp -R "$M" ev
sed -i '2,$s/$/;;/; 2,$s/;/,/g' ev/boys.csv
expect_success "empty fields past the header (a spreadsheet's separators)" \
    sekretar check -q ev
rm -rf ev
cp -R "$M" ev
sed -i '1s/$/,Примітка/; 2s/$/,перенесена/' ev/boys.csv
expect_success "a column with a header is only a warning" sekretar check ev
expect_grep "unknown column: warning" \
    "^ev/boys.csv:1:32: warning: unknown column 'Примітка' ignored$" "$out"

# ---- start numbers in the registry
edited "a № column that gives everybody 1" players.csv '1s/$/,№/; 2,$s/$/,1/' \
"ev/players.csv:1:103: error: the '№' column gives every person (7) start number 1; a start number is each player's own in his section (leave the column empty when the results name the players)"
edited "everybody 5, without the sections column" players.csv \
    '1s/$/,Ст. №/; 2,$s/$/,5/; 1s/,Секції//; 2,$s/,\("[^"]*"\|[a-z -]*\),\(так\|ні\),5$/,\2,5/' \
"ev/players.csv:1:96: error: the 'Ст. №' column gives every person (7) start number 5; a start number is each player's own in his section (leave the column empty when the results name the players)"
edited "one number for two players of a section" players.csv \
    '1s/$/,№/; 2s/$/,1/; 3s/$/,2/; 4s/$/,3/; 5s/$/,3/; 6s/$/,1/; 7s/$/,2/; 8s/$/,3/' \
"ev/players.csv:5:70: error: start number 3 of section 'boys' is given to 'Їжакевич Ілля' (line 4) too; each player of a section has his own"
rm -rf ev
cp -R "$M" ev
sed -i '1s/$/,№/; 2s/$/,1/; 3s/$/,2/; 4s/$/,3/; 5s/$/,4/; 6s/$/,1/; 7s/$/,2/; 8s/$/,3/' \
    ev/players.csv
expect_success "each section numbered apart" sekretar check -q ev

# ---- dates
edited "end = 31.12.9999" event.ini 's/^end = .*/end = 31.12.9999/' \
"ev/event.ini:5:7: error: date '31.12.9999' is not one of an event (the years 1900 to 2100)"
edited "start = 1000-01-01" event.ini 's/^start = .*/start = 1000-01-01/' \
"ev/event.ini:4:9: error: date '1000-01-01' is not one of an event (the years 1900 to 2100)"
edited "mandate-date = 01.06.3023" event.ini 's/^city = .*/&\nmandate-date = 01.06.3023/' \
"ev/event.ini:7:16: error: date '01.06.3023' is not one of an event (the years 1900 to 2100)"
edited "an event of two years" event.ini 's/^end = .*/end = 03.06.2025/' \
"ev/event.ini:5:7: error: the event would last 734 days ('01.06.2023' to '03.06.2025'); a championship ends within a year of its start"
rm -rf ev
cp -R "$M" ev
sed -i 's/^end = .*/end = 31.05.2024/' ev/event.ini
expect_success "a year from the start is still an event" sekretar check -q ev

# ---- teams of a TRF
n=$(grep -n '^013' "$DATA/team-ua2004.trf" | head -1 | cut -d: -f1)
sed "${n}s/^\(.\{36\}\).*/\1/" "$DATA/team-ua2004.trf" >empty013.trf
expect_failure 65 "a 013 team with no players" sekretar check -q empty013.trf
expect_stdout "013: message" \
"empty013.trf:$n:37: error: team 'Шахіст' lists no players (their start numbers from column 37 of record 013)"
sed '40s/^\(.\{71\}\).*/\1/' "$DATA/team-swiss.trf" >empty310.trf
expect_failure 65 "a 310 team with no players" sekretar check -q empty310.trf
expect_line "310: message" \
"empty310.trf:40:72: error: team 'Kyiv' lists no players (their start numbers from column 72 of record 310)" "$out"
edited "system = team on a TRF without teams" event.ini \
    's/^\[section girls\]$/&\nsystem = team/' \
"ev/event.ini:20:10: error: section 'girls' is a team competition (system = team), but 'girls.trf' has no teams (records 013 or 310); name its teams there, or give the section its system"

# ---- a file's tie-break list: check says what standings says
sed '6s/.*/092 Chaos\n212 BH, XYZ/' "$DATA/tb-swiss.trf" >chaos.trf
sekretar standings chaos.trf >/dev/null 2>standings.err
expect_success "092 Chaos, 212 with an unknown code: check" sekretar check chaos.trf
grep ' warning: .*record 212' "$out" >check.212
expect_text "check warns as standings does" check.212 "$(cat standings.err)"
expect_text "the warning" check.212 \
"chaos.trf:7:9: warning: unknown tie-break 'XYZ'; the file's tie-break list (record 212) is not used"
sed '6s/.*/092 Individual: Swiss-System\n212 BH, WIN, BH/' "$DATA/tb-swiss.trf" >twice.trf
expect_success "212 with a code twice: check" sekretar check twice.trf
expect_grep "212 twice: warning" \
    "^twice.trf:7:14: warning: tie-break 'BH' is listed twice; the second would break no tie the first left; the file's tie-break list \(record 212\) is not used$" "$out"

done_testing
