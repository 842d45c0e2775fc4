#!/bin/sh
# The match cards of a team competition (system = team, a CSV of boards):
# the teams from the registry, the weighted board points with drawn
# games, the same standings as the TRF 'convert' writes, and every
# message of the cards and the entries, exactly.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
mkdir ev bad

cat >ev/event.ini <<'INI'
[event]
title = Тест командних змагань
start = 14.05.2004
end = 16.05.2004
city = Алушта
venue = Зал
chief-arbiter = Віктор ОСТАПЕНКО | головний суддя
chief-secretary = Лариса ДЕМЧУК | головний секретар

[section clubs]
title = Клубні команди
file = cards.csv
system = team
discipline = classic
rounds = 3
boards = 2
rules = ua-2004-teams
INI

cat >ev/players.csv <<'CSV'
Прізвище,Ім'я,Стать,Дата народження,Область,Федерація,Команда,Порядок,Капітан,Роль
Антоненко,Андрій,ч,1970,Харківська,,Арсенал,1,так,
Бабич,Борис,ч,1971,Харківська,,Арсенал,2,,
Власенко,Віктор,ч,1972,Харківська,,Арсенал,3,,
Гончар,Григорій,ч,1960,Харківська,,Арсенал,,,тренер
Дорош,Денис,ч,1973,м. Київ,,Бастіон,1,,
Єременко,Євген,ч,1974,м. Київ,,Бастіон,2,так,
Жук,Захар,ч,1975,м. Київ,,Бастіон,3,,
Заїка,Ігор,ч,1976,Одеська,,Вежа,1,,
Іваненко,Їжак,ч,1977,Одеська,,Вежа,2,,
Йосипенко,Кирило,ч,1978,Одеська,,Вежа,3,,
Лисенко,Максим,ч,1979,Львівська,POL,Гарнізон,1,,
Мороз,Назар,ч,1980,Львівська,,Гарнізон,2,,
Нестор,Олег,ч,1981,Львівська,,Гарнізон,3,,
CSV

cat >ev/cards.csv <<'CSV'
тур,господарі,гості,дошка,гравець господарів,гравець гостей,результат
1,Арсенал,Бастіон,1,Антоненко Андрій,Дорош Денис,½-½
1,Арсенал,Бастіон,2,Бабич Борис,Єременко Євген,½-½
1,Вежа,Гарнізон,1,Заїка Ігор,Лисенко Максим,1-0
1,Вежа,Гарнізон,2,Іваненко Їжак,Мороз Назар,0-1
2,Арсенал,Вежа,1,Антоненко Андрій,Заїка Ігор,1-0
2,Арсенал,Вежа,2,Власенко Віктор,Іваненко Їжак,½-½
2,Арсенал,Вежа,,,,1½-½
2,Бастіон,Гарнізон,1,Дорош Денис,Лисенко Максим,½-½
2,Бастіон,Гарнізон,2,Жук Захар,Мороз Назар,1-0
3,Арсенал,Гарнізон,1,Бабич Борис,Лисенко Максим,0-1
3,Арсенал,Гарнізон,2,Власенко Віктор,Нестор Олег,1-0
3,Бастіон,Вежа,1,Єременко Євген,Заїка Ігор,1-0
3,Бастіон,Вежа,2,Жук Захар,Йосипенко Кирило,0-1
CSV

expect_success "match cards read" sekretar check ev
expect_stdout "match cards: summary" \
"ev/cards.csv: 12 players, 3 rounds
ev: 1 section, 13 people in the registry, 0 errors, 0 warnings"

# Бастіон and Арсенал drew their match and are level on match points,
# game points and matches won; the board weights (2, 1 on two boards, a
# drawn game splitting its board's) put Бастіон first: 2x0.5 + 1x0.5 in
# round 1, 2x0.5 + 1x1 in round 2, 2x1 in round 3 = 5.5 against 5.0.
# Гарнізон and Вежа drew too: 4.0 against 3.5.
expect_success "standings of the match cards" \
    sekretar standings --section clubs --format tsv ev
expect_stdout "the board weights decide, drawn games split" \
"$(printf 'Rank\tStartNo\tName\tMPTS\tGPTS\tDE\tWIN\tWBP
1\t2\tБастіон\t4.0\t3.5\t0\t1\t5.5
2\t1\tАрсенал\t4.0\t3.5\t0\t1\t5.0
3\t4\tГарнізон\t2.0\t2.5\t0\t0\t4.0
4\t3\tВежа\t2.0\t2.5\t0\t0\t3.5')"
cp "$out" cards.tsv
expect_success "explained" sekretar standings --section clubs --explain 2 ev
expect_grep "explained: a drawn round" '^  r1  1 Арсенал: 2x0\.5 1x0\.5$' "$out"
expect_grep "explained: decided" '^Place: decided by WBP \(ОД\)$' "$out"

# The teams are numbered in registry order, their players in entry
# order; the TRF of the same event ranks the same.
expect_success "as TRF-26" sekretar convert ev --section clubs --to trf26 -o ev.trf
expect_grep "TRF: team 1" '^310   1 Арсенал  .*    1    2    3$' ev.trf
expect_grep "TRF: line-up" '^300   1   1   2    1    2$' ev.trf
expect_grep "TRF: the teams' tie-breaks" '^202 GPTS,DE,WIN,WBP$' ev.trf
expect_success "the TRF ranks" sekretar standings --format tsv ev.trf
cp "$out" trf.tsv
expect_success "the same standings" cmp trf.tsv cards.tsv
expect_success "as TRF-16" sekretar convert ev --section clubs --to trf16 -o ev16.trf
expect_success "the TRF-16 ranks" sekretar standings --format tsv ev16.trf
cp "$out" trf16.tsv
expect_success "the same standings again" cmp trf16.tsv cards.tsv

# As Excel saves them here: ';', Windows-1251, CRLF, and "1/2-1/2" for a
# draw and "1,5-0,5" for a score (Windows-1251 has no ½).
mkdir ev1251
cp ev/event.ini ev1251/
sed 's/,/;/g; s/1½-½/1,5-0,5/; s/½-½/1\/2-1\/2/; s/$/\r/' ev/cards.csv | iconv -f UTF-8 -t WINDOWS-1251 >ev1251/cards.csv
sed 's/$/\r/' ev/players.csv | iconv -f UTF-8 -t WINDOWS-1251 >ev1251/players.csv
expect_success "match cards in Windows-1251" \
    sekretar standings --section clubs --format tsv ev1251
cp "$out" cp1251.tsv
expect_success "Windows-1251: the same standings" cmp cp1251.tsv cards.tsv
sed -i 's/;1,5-0,5/;1?-?/' ev1251/cards.csv
expect_failure 65 "Excel's '?' for ½ in a score" sekretar check -q ev1251
expect_stdout "'?' in a score: message" \
"ev1251/cards.csv:8:19: error: match score '1?-?' has '?' where Excel saved a sign that Windows-1251 does not have (½); write 3.5-2.5 or 3,5-2,5"

# A colour column: the home player of board 1 had black.
sed 's/^тур,\(.*\)/тур,\1,колір/; s/^1,Арсенал,Бастіон,1,\(.*\)/1,Арсенал,Бастіон,1,\1,ч/' \
    ev/cards.csv >cards2.csv && mv cards2.csv ev/cards.csv
expect_success "a colour column" sekretar convert ev --section clubs --to trf26
expect_grep "colour: black" '^001    1 m    Антоненко, Андрій .*  4 b =' "$out"
expect_grep "colour: board 2 as before" '^001    2 m    Бабич, Борис .*  5 b =' "$out"

# The example: a forfeited board, a forfeited match, and the board
# weights separating places 2 and 3.
EX=$top/tests/example/ua-2004
expect_success "the example" sekretar check $EX
expect_success "the example's standings" sekretar standings --section clubs --format tsv $EX
cp "$out" example.tsv
expect_stdout "the example ranks" \
"$(printf 'Rank\tStartNo\tName\tMPTS\tGPTS\tDE\tWIN\tWBP
1\t2\tКаїса\t14.0\t27.0\t0\t7\t92.0
2\t4\tДебют\t8.0\t23.5\t0\t3\t83.0
3\t6\tЧорноморець\t8.0\t23.5\t0\t3\t78.0
4\t7\tСлавутич\t7.0\t23.5\t0\t2\t67.5
5\t5\tЛев\t7.0\t22.0\t0\t3\t78.5
6\t3\tПоділля\t6.0\t14.5\t0\t3\t55.0
7\t8\tҐорґани\t5.0\t17.5\t0\t2\t55.0
8\t1\tГамбіт\t1.0\t16.5\t0\t0\t58.0')"
expect_grep "example: the forfeited board" '^3,Ґорґани,Поділля,6,[^,]*,,\+/-$' $EX/clubs.csv
expect_grep "example: the forfeited match" '^5,Славутич,Поділля,,,,\+/-$' $EX/clubs.csv
expect_success "the example as TRF" sekretar convert $EX --section clubs --to trf26 -o example.trf
expect_grep "example TRF: the forfeited match" '^330 \+-   5   7   3$' example.trf
expect_success "the example's TRF ranks" sekretar standings --format tsv example.trf
cp "$out" example-trf.tsv
expect_success "the example: the same standings" cmp example-trf.tsv example.tsv


cp ev/event.ini bad/event.ini
sed -i 's/^rounds = 3/rounds = 5/' bad/event.ini
cat >bad/players.csv <<'CSV'
Прізвище,Ім'я,Стать,Дата народження,Область,Федерація,Команда,Порядок,Капітан,Роль
Антоненко,Андрій,ч,1970,Харківська,,Арсенал,1,,
Бабич,Андрій,ч,1970,Харківська,GER,Арсенал,2,,
Власенко,Андрій,ч,1970,Харківська,,Арсенал,3,,
Гнатюк,Андрій,ч,1970,Харківська,GER,Арсенал,4,,
Дем'янчук,Андрій,ч,1970,Харківська,,Арсенал,5,,
Ємець,Андрій,ч,1970,Харківська,GER,Арсенал,6,,
Жовтяк,Андрій,ч,1970,Харківська,,Арсенал,7,,
Зінчук,Андрій,ч,1970,Харківська,GER,Арсенал,8,,
Ільків,Андрій,ч,1970,Харківська,,Арсенал,9,,
Йовенко,Андрій,ч,1970,Харківська,GER,Арсенал,10,,
Кравець,Андрій,ч,1970,Харківська,,Арсенал,11,,
Лозинський,Андрій,ч,1970,Харківська,,Арсенал,12,,
Мельник,Андрій,ч,1970,Харківська,,Арсенал,13,,
Дорош,Денис,ч,1973,м. Київ,,Бастіон,1,,
Єременко,Євген,ч,1974,м. Київ,,Бастіон,2,так,
Жук,Захар,ч,1975,м. Київ,,Бастіон,2,,
Заїка,Ігор,ч,1976,Одеська,,Вежа,1,,
Іваненко,Їжак,ч,1977,Одеська,,Вежа,,,
Дорош,Денис,ч,1973,Одеська,,Вежа,3,,
Лисенко,Максим,ч,1979,Львівська,,Гарнізон,1,,
Мороз,Назар,ч,1980,Львівська,,Гарнізон,2,,
Нестор,Олег,ч,1981,Львівська,,Гарнізон,3,,
Гончар,Григорій,ч,1960,Харківська,,Арсенал,,,суддя
CSV

cat >bad/cards.csv <<'CSV'
тур,господарі,гості,дошка,гравець господарів,гравець гостей,результат,колір
1,Арсенал,Бастіон,1,Антоненко Андрій,Дорош Денис,½-½,
1,Арсенал,Бастіон,2,Бабич Андрій,Заїка Ігор,½-½,
1,Вежа,Гарнізон,1,Невідомий Гравець,Лисенко Максим,1-0,
1,Вежа,Гарнізон,2,Заїка Ігор,Мороз Назар,0-1,x
1,Фортеця,Гарнізон,1,Заїка Ігор,Мороз Назар,0-1,
2,Арсенал,Вежа,1,Власенко Андрій,Заїка Ігор,1-0,
2,Арсенал,Вежа,1,Гнатюк Андрій,Іваненко Їжак,1-0,
2,Арсенал,Вежа,2,Кравець Андрій,Іваненко Їжак,1-0,
2,Бастіон,Гарнізон,1,Дорош Денис,Лисенко Максим,½-½,
2,Бастіон,Гарнізон,,,,2-0,
3,Арсенал,Гарнізон,,,,+/-,
3,Арсенал,Гарнізон,1,Дем'янчук Андрій,Лисенко Максим,1-0,
3,Арсенал,Гарнізон,2,Ємець Андрій,Мороз Назар,1-0,
3,Вежа,Гарнізон,1,Заїка Ігор,Нестор Олег,1-0,
3,Бастіон,Вежа,1,Жук Захар,Заїка Ігор,1-0,
3,Бастіон,Вежа,2,Дорош Денис,Іваненко Їжак,1-0,
4,Арсенал,Бастіон,1,Жовтяк Андрій,Дорош Денис,1-0,
4,Арсенал,Бастіон,2,Зінчук Андрій,,1-0,
4,Арсенал,Бастіон,2,Лозинський Андрій,Єременко Євген,0-1,
4,Вежа,Гарнізон,1,Заїка Ігор,Лисенко Максим,,
4,Вежа,Гарнізон,2,Іваненко Їжак,Мороз Назар,2-0,
5,Арсенал,Вежа,1,Ільків Андрій,Заїка Ігор,1-0,
5,Арсенал,Вежа,2,Йовенко Андрій,Іваненко Їжак,1-0,
5,Бастіон,Гарнізон,1,Дорош Денис,Лисенко Максим,1-0,
5,Бастіон,Гарнізон,2,Дорош Денис,Мороз Назар,1-0,
5,Бастіон,Бастіон,1,Дорош Денис,Мороз Назар,1-0,
x,Бастіон,Гарнізон,1,Дорош Денис,Лисенко Максим,1-0,
5,Бастіон,Гарнізон,9,Дорош Денис,Лисенко Максим,1-0,
5,Бастіон,Гарнізон,,,,maybe,
5,Бастіон,Гарнізон,,,,1-1,
5,Бастіон,Гарнізон,,,,2-0,
5,Арсенал,Вежа,,,,+/-,
5,Арсенал,Вежа,,,,-/+,
CSV

expect_failure 65 "bad entries and cards" sekretar check -q bad
expect_stdout "bad entries and cards: every message" \
"bad/players.csv:11:38: error: team 'Арсенал' has more than 4 foreign players in its entry ('Йовенко Андрій', federation GER, is the 5th)
bad/players.csv:13:38: error: team 'Арсенал' has 14 players in its entry; an entry holds at most 12
bad/players.csv:17:35: error: 'Жук Захар' has order 2 in team 'Бастіон', as has line 16
bad/players.csv:19:36: error: 'Іваненко Їжак' of team 'Вежа' has no порядок/order (the place in the team's entry: 1, 2, ...)
bad/players.csv:20:1: error: 'Дорош Денис' is listed twice (first at line 15)
bad/players.csv:20:29: error: 'Дорош Денис' is on two teams: 'Бастіон' (line 15) and 'Вежа'
bad/players.csv:24:44: error: 'Гончар Григорій' of team 'Арсенал' has no порядок/order (the place in the team's entry: 1, 2, ...)
bad/players.csv:24:46: error: роль/role 'суддя' not understood (тренер/coach, or empty for a player)
bad/cards.csv:2:1: error: round 1: match 'Арсенал' - 'Бастіон' has no board 2; the matches are played on 2 boards
bad/cards.csv:3:34: error: 'Заїка Ігор' is not in the entry of 'Бастіон': bad/players.csv line 18 enters him for 'Вежа'
bad/cards.csv:4:1: error: round 1: match 'Вежа' - 'Гарнізон' has no boards 1, 2; the matches are played on 2 boards
bad/cards.csv:4:19: error: 'Невідомий Гравець' is not in the entry of 'Вежа' (bad/players.csv: команда/team)
bad/cards.csv:5:46: error: colour 'x' not understood (б/w for white, ч/b for black: the home player's)
bad/cards.csv:6:3: error: team 'Фортеця' has no entry in the registry (bad/players.csv: the column команда/team)
bad/cards.csv:8:16: error: round 2: board 1 of 'Арсенал' - 'Вежа' is played twice (line 7)
bad/cards.csv:10:1: error: round 2: match 'Бастіон' - 'Гарнізон' has no board 2; the matches are played on 2 boards
bad/cards.csv:11:23: error: round 2: the score '2-0' of 'Бастіон' - 'Гарнізон' contradicts its boards, which give 0.5-0.5
bad/cards.csv:12:23: error: round 3: match 'Арсенал' - 'Гарнізон' is forfeited, but line 13 plays board 1
bad/cards.csv:15:8: error: round 3: team 'Гарнізон' is in two matches: 'Арсенал' - 'Гарнізон' (line 12) and 'Вежа' - 'Гарнізон'
bad/cards.csv:17:18: error: round 3: the line-up of 'Бастіон' is out of its entry's order: 'Дорош Денис' (order 1) on board 2, below 'Жук Захар' (order 2) on board 1
bad/cards.csv:19:36: error: result '1-0' of board 2 scores a player who is not there; an empty board loses by forfeit (-/+ or +/-)
bad/cards.csv:21:1: error: round 4: match 'Вежа' - 'Гарнізон' has no boards 1, 2; the matches are played on 2 boards
bad/cards.csv:21:45: error: the result of board 1 is missing
bad/cards.csv:22:45: error: result '2-0' not understood (1-0, 0-1, ½-½, +/-, -/+, -/-)
bad/cards.csv:24:18: error: team 'Арсенал' fields a 9th player, 'Йовенко Андрій'; a team plays with at most 8 of its entry
bad/cards.csv:25:1: error: round 5: match 'Бастіон' - 'Гарнізон' has no board 2; the matches are played on 2 boards
bad/cards.csv:26:22: error: round 5: 'Дорош Денис' plays board 1 already (line 25)
bad/cards.csv:27:11: error: team 'Бастіон' plays against itself
bad/cards.csv:28:1: error: round 'x' is not a number from 1 to 99
bad/cards.csv:29:20: error: board '9' is not a number from 1 to 2
bad/cards.csv:30:23: error: result 'maybe' of a row without a board is neither a forfeited match (+/-, -/+, -/-) nor the match score (3½-2½)
bad/cards.csv:31:23: error: round 5: the score '1-1' of 'Бастіон' - 'Гарнізон' contradicts its boards, which give 1-0
bad/cards.csv:32:23: error: round 5: match 'Бастіон' - 'Гарнізон' has its score at line 31 already
bad/cards.csv:33:19: error: round 5: match 'Арсенал' - 'Вежа' is forfeited, but line 23 plays board 1
bad/cards.csv:34:19: error: round 5: match 'Арсенал' - 'Вежа' is forfeited at line 33 already"

# Match cards need the registry's teams: not a lone file, not a section
# without 'system = team'.
expect_failure 65 "match cards alone" sekretar check -q ev/cards.csv
expect_stdout "match cards alone: message" \
"ev/cards.csv:1:1: error: these are the match cards of a team competition (господарі/home, гості/away): they are read in an event folder, as the file of a section with 'system = team', its teams from the registry"
sed 's/^system = team$/system = round-robin/' ev/event.ini >ev/event2.ini && mv ev/event2.ini ev/event.ini
expect_failure 65 "match cards of an individual section" sekretar check -q ev
expect_stdout "individual section: message" \
"ev/cards.csv:1:1: error: these are the match cards of a team competition (господарі/home, гості/away): they are read in an event folder, as the file of a section with 'system = team', its teams from the registry"
sed 's/^system = round-robin$/system = team/' ev/event.ini >ev/event2.ini && mv ev/event2.ini ev/event.ini

printf 'тур,господарі,гості,гравець господарів,результат\n' >ev/cards.csv
expect_failure 65 "no match-card columns" sekretar check -q ev
expect_stdout "no match-card columns: messages" \
"ev/cards.csv:1:1: error: the header names no 'дошка/board' column; match cards have round,home,away,board,home_player,away_player,result (тур, господарі, гості, дошка, ...)
ev/cards.csv:1:1: error: the header names no 'гравець гостей/away_player' column; match cards have round,home,away,board,home_player,away_player,result (тур, господарі, гості, дошка, ...)"

done_testing
