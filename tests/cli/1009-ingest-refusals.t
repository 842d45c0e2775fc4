#!/bin/sh
# What the readers refuse, and how: encodings they must not guess, names
# in event.ini that would leave the folder, files that are not files,
# results that convert must not pass, impossible dates and fields that
# overflow their columns.  Every message is exact.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
small=$DATA/ua-small.trf
fresh() { rm -rf ev && cp -R "$DATA/mini-event" ev; }
# expect_line DESC TEXT FILE: a line of FILE is exactly TEXT.
expect_line() {
    grep -Fqx -- "$2" "$3"
    ok $? "$1"
    grep -Fqx -- "$2" "$3" || diag_file "$3" 10
}
# ini_refused DESC SED-SCRIPT TEXT: a fresh event.ini edited by the script
# is refused by check, which prints the line TEXT.
ini_refused() {
    fresh
    sed -i "$2" ev/event.ini
    expect_failure 65 "$1" sekretar check -q ev
    expect_line "$1: message" "$3" "$out"
}

# A stray byte in a UTF-8 file is named, not taken for Windows-1251.
sed '15s/Їжакевич/Їжак\xffевич/' "$small" >stray.trf
expect_failure 65 "a stray byte in a UTF-8 TRF" sekretar check -q stray.trf
expect_stdout "stray byte in a TRF: message" \
"stray.trf:15:19: error: invalid UTF-8 byte 0xFF in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
fresh
sed -i '3s/$/\xff/' ev/boys.csv
expect_failure 65 "a stray byte in a results CSV" sekretar check -q ev
expect_stdout "stray byte in a results CSV: message" \
"ev/boys.csv:3:45: error: invalid UTF-8 byte 0xFF in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
fresh
sed -i '4s/Їжакевич/Їжак\xffевич/' ev/players.csv
expect_failure 65 "a stray byte in players.csv" sekretar check -q ev
expect_stdout "stray byte in players.csv: message" \
"ev/players.csv:4:5: error: invalid UTF-8 byte 0xFF in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
iconv -f UTF-8 -t WINDOWS-1251 "$small" >cp1251.trf
expect_success "a Windows-1251 TRF is still detected" sekretar check -q cp1251.trf
sekretar convert --to trf16 --latin "$small" 2>/dev/null |
    grep -v '^\(012\|022\|102\|112\|122\)' >latin.trf
# "ВІВІВІ Бо" in Windows-1251 holds three valid UTF-8 pairs.
{ printf '012 \302\262\302\262\302\262 \301\356\n'; cat latin.trf; } >pairs.trf
expect_failure 65 "more UTF-8 pairs than stray bytes: no guess" \
    sekretar check -q pairs.trf
expect_stdout "no guess: every byte named" \
"pairs.trf:1:9: error: invalid UTF-8 byte 0xC1 in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)
pairs.trf:1:10: error: invalid UTF-8 byte 0xEE in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
expect_success "--encoding still decides" \
    sekretar check -q --encoding windows-1251 pairs.trf
sekretar convert --to trf16 --encoding windows-1251 pairs.trf 2>/dev/null | head -n 1 >title
expect_text "--encoding: the title as written" title "012 ВІВІВІ Бо"

# A section name becomes file names: a-z, 0-9 and '-' only.
fresh
sed -i 's|^\[section girls\]|[section ../../evil]|' ev/event.ini
evil="ev/event.ini:19:10: error: section name '../../evil' may hold only a-z, 0-9 and '-' (such as 'boys-classic'); the files of its documents are named after it"
expect_failure 65 "a section name with '..': check" sekretar check -q ev
expect_line "section name: message" "$evil" "$out"
mkdir -p a/b
expect_failure 65 "a section name with '..': render" sekretar render -o a/b/out ev
expect_line "render: message" "$evil" "$err"
expect_failure 65 "a section name with '..': standings" sekretar standings ev
expect_line "standings: message" "$evil" "$err"
expect_failure 65 "a section name with '..': build" \
    sekretar build --archive a/b/arc ev
expect_line "build: message" "$evil" "$err"
[ -z "$(find a -name '*.pdf')" ] && [ ! -e a/b/arc ]
ok $? "nothing is written"
ini_refused "a quoted section name in Cyrillic" \
    's|^\[section boys\]|[section "Юнаки класика"]|' \
    "ev/event.ini:12:10: error: section name 'Юнаки класика' may hold only a-z, 0-9 and '-' (such as 'boys-classic'); the files of its documents are named after it"

# Files event.ini names stay inside the event folder.
cp "$DATA/mini-event/girls.trf" girls.trf
ini_refused "a results file up with '..'" 's|^file = girls.trf|file = ../girls.trf|' \
    "ev/event.ini:21:8: error: results file '../girls.trf' of section 'girls': the path goes up with '..'; name a file inside the event folder"
ini_refused "an absolute results file" "s|^file = girls.trf|file = $tmp/girls.trf|" \
    "ev/event.ini:21:8: error: results file '$tmp/girls.trf' of section 'girls': the path is absolute; name a file inside the event folder"
fresh
rm ev/girls.trf
ln -s "$tmp/girls.trf" ev/girls.trf
expect_failure 65 "a symbolic link out of the folder" sekretar check -q ev
expect_stdout "symbolic link: message" \
"ev/event.ini:21:8: error: results file 'ev/girls.trf' of section 'girls' is a symbolic link that leaves the event folder"
fresh
mkdir ev/results
mv ev/girls.trf ev/results/girls.trf
ln -s results/girls.trf ev/girls.trf
expect_success "a symbolic link inside the folder is read" sekretar check -q ev
ini_refused "a registry up with '..'" 's|^city = .*|&\nplayers = ../players.csv|' \
    "ev/event.ini:7:11: error: registry '../players.csv': the path goes up with '..'; name a file inside the event folder"

# What is not a regular file is refused unopened; a pipe argument is read.
fresh
rm ev/girls.trf
mkfifo ev/girls.trf
fifo="ev/event.ini:21:8: error: results file 'ev/girls.trf' of section 'girls' is a named pipe (FIFO), not a regular file"
expect_failure 65 "a FIFO as a results file: check" timeout 10 "$SEKRETAR" check -q ev
expect_stdout "FIFO: message" "$fifo"
expect_failure 65 "a FIFO as a results file: standings" \
    timeout 10 "$SEKRETAR" standings ev
expect_stderr "FIFO: standings message" "$fifo
sekretar: error: ev: 1 error; standings refuses an event with errors ('sekretar check ev' lists every problem)"
expect_failure 65 "a FIFO as a results file: render" \
    timeout 10 "$SEKRETAR" render -o out ev
expect_stderr "FIFO: render message" "$fifo
sekretar: error: ev: 1 error; render refuses an event with errors ('sekretar check ev' lists every problem)"
fresh
rm ev/players.csv
mkdir ev/players.csv
expect_failure 65 "players.csv is a folder" sekretar check -q ev
expect_stdout "players.csv folder: message" \
"ev/players.csv: error: the registry of players is a directory; it must be a CSV file in the event folder"
rmdir ev/players.csv
mkfifo ev/players.csv
expect_failure 65 "players.csv is a FIFO" timeout 10 "$SEKRETAR" check -q ev
expect_stdout "players.csv FIFO: message" \
"ev/players.csv: error: the registry of players is a named pipe (FIFO), not a regular file; it must be a CSV file in the event folder"
expect_success "a pipe as an argument is read" \
    sh -c "cat '$small' | '$SEKRETAR' check -q /dev/stdin"
mkfifo pipe.trf
cat "$small" >pipe.trf &
expect_success "a named pipe as an argument is read" \
    sekretar convert --to trf26 -o piped.trf pipe.trf
wait
expect_failure 66 "a device as an argument" sekretar check -q /dev/null
expect_stdout "device: message" "/dev/null: error: not a regular file"

# Two sections, one results file.
ini_refused "two sections share a results file" 's|^file = girls.trf|file = boys.csv|' \
    "ev/event.ini:21:8: error: section 'girls' has the results file of section 'boys' ('boys.csv', line 14); each section needs its own"

# convert refuses what check refuses, with every problem.
# convert_refused DESC FILE TEXT: convert FILE exits 65, stderr is TEXT
# and the refusal, counting the errors of TEXT.
convert_refused() {
    n=$(printf '%s\n' "$3" | grep -c ': error: ')
    s=s; [ "$n" = 1 ] && s=
    expect_failure 65 "$1" sekretar convert --to trf26 -o conv.trf "$2"
    expect_stderr "$1: message" "$3
sekretar: error: $2: $n error$s; convert refuses an event with errors ('sekretar check $2' lists every problem)"
    [ ! -e conv.trf ]
    ok $? "$1: no output"
}
sed '13s/     5 w 1/     1 w 1/' "$small" >self.trf
convert_refused "convert: a player paired with himself" self.trf \
"self.trf:13:92: error: round 1: player 1 is paired with himself
self.trf:17:92: error: round 1: player 5 is paired with 1, but 1 is paired with 1
self.trf:19:122: warning: player 7 'Ярошенко, Софія': absent in round 4 (no game, no points); the cross table marks it '—'"
sed '13s/     5 w 1/     5 b 1/' "$small" >colours.trf
convert_refused "convert: the two sides of a game disagree" colours.trf \
"colours.trf:13:97: error: round 1: colours of 1 ('b') and 5 ('b') do not match
colours.trf:19:122: warning: player 7 'Ярошенко, Софія': absent in round 4 (no game, no points); the cross table marks it '—'"
sed '13s/     5 w 1/     9 w 1/' "$small" >unknown.trf
convert_refused "convert: an unknown opponent" unknown.trf \
"unknown.trf:13:92: error: round 1: opponent 9 is not a player of the file
unknown.trf:17:92: error: round 1: player 5 is paired with 1, but 1 is paired with 9
unknown.trf:19:122: warning: player 7 'Ярошенко, Софія': absent in round 4 (no game, no points); the cross table marks it '—'"
{ cat "$small"; printf '\357\273\277'; sed -n '19s/^001    7/001    8/p' "$small"; } >joined.trf
convert_refused "convert: two files joined" joined.trf \
"joined.trf:6:5: warning: record 062 says 7 players, the file has 8
joined.trf:19:122: warning: player 7 'Ярошенко, Софія': absent in round 4 (no game, no points); the cross table marks it '—'
joined.trf:20:1: warning: byte-order mark (U+FEFF) at the start of a line ignored (were two files joined?)
joined.trf:20:92: error: round 1: player 3 is paired twice (with 7 and 8)
joined.trf:20:102: error: round 2: player 1 is paired twice (with 7 and 8)
joined.trf:20:112: error: round 3: player 6 is paired twice (with 7 and 8)
joined.trf:20:122: warning: player 8 'Ярошенко, Софія': absent in round 4 (no game, no points); the cross table marks it '—'
joined.trf:20:132: error: round 5: player 4 is paired twice (with 7 and 8)"
sed '14s/^/\xef\xbb\xbf/' "$small" >bom-line.trf
expect_success "convert: a byte-order mark starting a line is harmless" \
    sekretar convert --to trf16 bom-line.trf
expect_stderr "harmless mark: warning" \
"bom-line.trf:14:1: warning: byte-order mark (U+FEFF) at the start of a line ignored (were two files joined?)
bom-line.trf:19:122: warning: player 7 'Ярошенко, Софія': absent in round 4 (no game, no points); the cross table marks it '—'"
[ "$(grep -c '^001' "$out")" = 7 ]
ok $? "harmless mark: no player is dropped"
sed '14s/^\(001    2 w    \)/\1\xef\xbb\xbf/' "$small" >bom-name.trf
expect_failure 65 "a byte-order mark inside a name" sekretar check -q bom-name.trf
expect_stdout "mark inside a name: message" \
"bom-name.trf:14:15: error: byte-order mark (U+FEFF) inside a line (were two files joined?); remove it"

# A cut larger than the rounds.
ini_refused "a cut of more results than rounds" \
    '/^\[section girls\]/,/^rounds/s/^rounds = 3$/&\ntiebreaks = BH\/C99, BH\/M1, SB/' \
    "ev/event.ini:25:13: error: tie-break 'BH/C99' leaves out 99 results, but section 'girls' has 3 rounds; the cut must leave at least one"
expect_failure 65 "a cut of more results than rounds: standings" \
    sekretar standings --section girls ev
expect_line "standings: the cut is named" \
    "ev/event.ini:25:13: error: tie-break 'BH/C99' leaves out 99 results, but section 'girls' has 3 rounds; the cut must leave at least one" "$err"
ini_refused "a cut of every round" 's/^rounds = 1$/&\ntiebreaks = BH\/C1/' \
    "ev/event.ini:32:13: error: tie-break 'BH/C1' leaves out 1 result, but section 'boys-rapid' has 1 round; the cut must leave at least one"

# Dates that name no day, wherever a date is read.
sed 's|^042 2023/06/01|042 2023/02/31|; s|^052 2023/06/03|052 2023/13/03|
     15s|2014/01/21|2014/04/31|' "$small" >dates.trf
printf '132%88s2023/06/01  2023/06/31  2023/06/02\n' "" >>dates.trf
expect_failure 65 "impossible dates in a TRF" sekretar check -q dates.trf
expect_stdout "impossible TRF dates: messages" \
"dates.trf:4:5: error: record 042: date '2023/02/31' does not exist (February 2023 has 28 days)
dates.trf:5:5: error: record 052: date '2023/13/03' does not exist (there is no month 13)
dates.trf:15:70: error: birth date '2014/04/31' does not exist (April 2014 has 30 days)
dates.trf:20:104: error: record 132: date '2023/06/31' does not exist (June 2023 has 30 days)"
sed 's|^042 2023/06/01|042 23/06/01|; 15s|2014/01/21|2014/00/00|' "$small" >unknown-parts.trf
expect_success "two-digit years and unknown parts are not impossible" \
    sekretar check -q unknown-parts.trf
ini_refused "an impossible date in event.ini" 's/^end = 03.06.2023/end = 29.02.2023/' \
    "ev/event.ini:5:7: error: date '29.02.2023' does not exist (February 2023 has 28 days)"
fresh
sed -i 's/17.02.2013/31.02.2013/' ev/players.csv
expect_failure 65 "an impossible birth date in players.csv" sekretar check -q ev
expect_line "impossible birth date: message" \
    "ev/players.csv:5:20: error: birth date '31.02.2013' does not exist (February 2013 has 28 days)" "$out"

# A value that overflows its columns is not split into the next field.
sed '13s/1612 UKR    34187243/2147483648  34187243/' "$small" >rating.trf
expect_failure 65 "a rating over its columns" sekretar check -q rating.trf
expect_stdout "rating over its columns: message" \
"rating.trf:13:53: error: '2147483648' runs over column 53, the blank between the rating (49-52) and the federation (54-56); a value too long, or the line is misaligned"
sed '13s/1612 UKR    34187243/1612 UKRR   34187243/' "$small" >fed.trf
expect_failure 65 "a federation over its columns" sekretar check -q fed.trf
expect_stdout "federation over its columns: message" \
"fed.trf:13:57: error: 'UKRR' runs over column 57, the blank between the federation (54-56) and the FIDE ID (58-68); a value too long, or the line is misaligned"
sed '39s/^310   1 Lviv                             /310   1 Lviv Chess Club of the Region 12/' \
    "$DATA/team-swiss.trf" >team.trf
expect_failure 65 "a team name over its columns" sekretar check -q team.trf
expect_stdout "team name over its columns: message" \
"team.trf:39:41: error: '12LVI' runs over column 41, the blank between the team name (9-40) and the nickname (42-46); a value too long, or the line is misaligned"
sed 's/^062 7$/062 99999999999999999999/' "$small" >count.trf
expect_success "a count too large is not read as another" sekretar check count.trf
expect_line "count too large: message" \
    "count.trf:6:5: warning: record 062 says 99999999999999999999 players, the file has 7" "$out"
# Two [event] sections (found by fuzzing: the second one's dates crashed
# the check of the dates' order): the first counts.
cp -R "$DATA/mini-event" twoev
printf '\n[event]\nstart = 01.06.2030\n' >>twoev/event.ini
n=$(grep -c '' twoev/event.ini)
expect_failure 65 "a second [event] section" sekretar check -q twoev
expect_stdout "second [event]: message" \
"twoev/event.ini:$((n - 1)):1: error: section '[event]' appears twice (first at line 2)"
done_testing
