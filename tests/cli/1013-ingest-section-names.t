#!/bin/sh
# A section's name names its files: it must not make a file of the event
# ('coaches': coaches-diplomas.pdf; 'index': the event's page on the
# website), be the name of one of the event's documents ('report',
# 'mandate-entries'), or be another section's name with a word of that
# section's files added ('boys-team', 'boys-teams' beside the team section
# 'boys', 'boys-ranking').  check, standings, render and build refuse such
# a name at its [section NAME] line, exit 65, and write nothing.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-03
# expect_line DESC TEXT FILE: a line of FILE is exactly TEXT.
expect_line() {
    grep -Fqx -- "$2" "$3"
    ok $? "$1"
    grep -Fqx -- "$2" "$3" || diag_file "$3" 10
}
# renamed NAME: the mini event with its section boys-rapid (line 26) named
# NAME, in the registry too.
renamed() {
    rm -rf ev
    cp -R "$DATA/mini-event" ev
    sed -i "s/^\[section boys-rapid\]/[section $1]/" ev/event.ini
    sed -i "s/boys-rapid/$1/g" ev/players.csv
}
# refused NAME MESSAGE: check refuses the mini event with boys-rapid named
# NAME, with exactly MESSAGE.
refused() {
    renamed "$1"
    expect_failure 65 "section '$1': check" sekretar check -q ev
    expect_stdout "section '$1': message" "$2"
}

# ---- the event's own files and documents
refused coaches \
"ev/event.ini:26:10: error: section name 'coaches' makes the file 'documents/coaches-diplomas.pdf', which is the coaches' diplomas; choose another name"
refused index \
"ev/event.ini:26:10: error: section name 'index' makes the file 'site/EVENT/index.html', which is the event's page on the archive's website; choose another name"
for name in report diplomas coaches-diplomas mandate mandate-entries \
    mandate-checklist mandate-protocol; do
    refused $name \
"ev/event.ini:26:10: error: section name '$name' is the name of a document of the event; choose another name"
done

# ---- another section's name and a word of its files
refused boys-ranking \
"ev/event.ini:26:10: error: section name 'boys-ranking' is section 'boys' (line 12) followed by '-ranking', as in its file 'documents/boys-ranking.pdf'; the files of the two would be confused; choose another name"
refused girls-crosstable \
"ev/event.ini:26:10: error: section name 'girls-crosstable' is section 'girls' (line 19) followed by '-crosstable', as in its file 'documents/girls-crosstable.pdf'; the files of the two would be confused; choose another name"
refused boys-diplomas \
"ev/event.ini:26:10: error: section name 'boys-diplomas' is section 'boys' (line 12) followed by '-diplomas', as in its file 'documents/boys-diplomas.pdf'; the files of the two would be confused; choose another name"
# An individual section makes no team files: its '-team' is a name.
renamed boys-team
expect_success "'boys-team' beside the individual section 'boys'" \
    sekretar check -q ev
renamed boys-rapid-2023
expect_success "a longer name that is no file's word" sekretar check -q ev

# The section whose name is refused can come first in event.ini.
renamed girls-ranking
sed -i '/^\[section girls\]$/,/^rounds = 3$/d' ev/event.ini
printf '\n[section girls]\ntitle = Дівчата\nfile = girls.trf\ndiscipline = classic\nsex = girls\nrounds = 3\n' \
    >>ev/event.ini
expect_failure 65 "the clashing name before the other" sekretar check -q ev
expect_stdout "before: message" \
"ev/event.ini:20:10: error: section name 'girls-ranking' is section 'girls' (line 27) followed by '-ranking', as in its file 'documents/girls-ranking.pdf'; the files of the two would be confused; choose another name"

# ---- beside a team competition
rm -rf te
cp -R "$DATA/team-event" te
cp "$DATA/ua-small.trf" te/a.trf
cp "$DATA/ua-small.trf" te/b.trf
cp "$DATA/ua-small.trf" te/c.trf
printf '\n[section clubs-team]\nfile = a.trf\n\n[section clubs-teams]\nfile = b.trf\n\n[section clubs-boards]\nfile = c.trf\n' \
    >>te/event.ini
expect_failure 65 "three names beside the team section 'clubs'" sekretar check -q te
expect_line "clubs-team: message" \
"te/event.ini:18:10: error: section name 'clubs-team' is section 'clubs' (line 11) followed by '-team', as in its file 'documents/clubs-team-crosstable.pdf'; the files of the two would be confused; choose another name" "$out"
expect_line "clubs-teams: message" \
"te/event.ini:21:10: error: section name 'clubs-teams' is section 'clubs' (line 11) followed by '-teams', as in its file 'results/clubs-teams.csv'; the files of the two would be confused; choose another name" "$out"
expect_line "clubs-boards: message" \
"te/event.ini:24:10: error: section name 'clubs-boards' is section 'clubs' (line 11) followed by '-boards', as in its file 'documents/clubs-boards.pdf'; the files of the two would be confused; choose another name" "$out"
# A TRF with team records ranks its teams whatever 'system' says.
rm -rf te
cp -R "$DATA/team-event" te
sed -i '/^system = team$/d' te/event.ini
cp "$DATA/ua-small.trf" te/a.trf
printf '\n[section clubs-team]\nfile = a.trf\n' >>te/event.ini
expect_failure 65 "beside a TRF of teams without 'system = team'" \
    sekretar check -q te
expect_line "teams from the TRF: message" \
"te/event.ini:17:10: error: section name 'clubs-team' is section 'clubs' (line 11) followed by '-team', as in its file 'documents/clubs-team-crosstable.pdf'; the files of the two would be confused; choose another name" "$out"

# ---- every command refuses it, and nothing is written
renamed coaches
msg="ev/event.ini:26:10: error: section name 'coaches' makes the file 'documents/coaches-diplomas.pdf', which is the coaches' diplomas; choose another name"
expect_failure 65 "standings refuses it" sekretar standings ev
expect_line "standings: message" "$msg" "$err"
expect_failure 65 "render refuses it" sekretar render -o out ev
expect_line "render: message" "$msg" "$err"
[ ! -e out ]
ok $? "render: nothing written"
expect_failure 65 "build refuses it (was 70)" sekretar build --archive arc ev
expect_line "build: message" "$msg" "$err"
[ ! -e arc ]
ok $? "build: nothing written"

done_testing
