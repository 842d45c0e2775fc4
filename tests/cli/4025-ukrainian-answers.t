#!/bin/sh
# The archive's answers in Ukrainian under a Ukrainian locale: every
# heading of every text table, the catalogue's codes in the cells (system,
# discipline, sex, a version's state, a knock-out stage and the round a
# player reached), whom 'query player' and 'query h2h' found, the lines
# of 'standings --explain' (colours, rounds, cut values, what decided a
# place) and the labels of 'verify'; tsv, csv and json keep the codes.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
for e in u10-lviv-2023 ua-2004; do
    sekretar build "$top/tests/example/$e" >/dev/null 2>&1
    ok $? "build the example $e"
done

uk() { LANGUAGE=uk "$SEKRETAR" "$@"; }
# The first line of a text table: no word in Latin letters but FIDE's
# name and the hash's.
latin_free() {
    head -1 "$1" | sed 's/FIDE//g; s/SHA-256//g' | grep -q '[A-Za-z]'
    [ $? != 0 ]
}

code=$(sqlite3 arc/catalog.sqlite "SELECT code FROM diplomas WHERE kind = 'individual' ORDER BY code LIMIT 1" 2>/dev/null)
n=0
bad=0
for a in "query champions" "query player #257" "query h2h #257 #258" \
    "query player #1" "query medals" "query medals --by club" \
    "query medals --by coach" "query events" "query search Бойко" \
    "archive list" "archive show 2004-05-03-ua" \
    "archive show 2023-06-01-u10-lviv" "query games --year 2004" \
    "query games --player #257 --with-moves"; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    uk $a >"answer" 2>&1 || { echo "# $a: failed"; bad=$((bad + 1)); }
    # the answers of player and h2h start with whom they found
    case $a in *player* | *h2h*) sed -i '/^#[0-9]/d' answer ;; esac
    # archive show: two tables, its fields then its sections and versions
    sed -n '/^$/{n;p}' answer >more
    if ! latin_free answer || { [ -s more ] && ! latin_free more; }; then
        echo "# $a: a heading in Latin letters:"
        head -1 answer | sed 's/^/#   /'
        bad=$((bad + 1))
    fi
done
[ $bad = 0 ]
ok $? "$n answers: every heading in Ukrainian"

# --------------------------------------------------------- the codes
expect_success "archive show" uk archive show 2004-05-03-ua
expect_grep "a Swiss section's system" \
    '^women +Чемпіонат України серед жінок +швейцарська система +класичні +жін\. ' "$out"
expect_grep "the knock-out's" '^men-final .* нокаут-система +класичні +чол\. ' "$out"
expect_grep "the team competition's (no sex)" \
    '^clubs .* командна першість +класичні +7 ' "$out"
expect_grep "the current version" '^ +1 +2004/2004-05-03-ua\.zip .* чинна +[0-9]+$' "$out"
if grep -E 'swiss|knock-out|classic| current ' "$out" >/dev/null; then r=1; else r=0; fi
ok $r "no code left in English"
expect_success "champions" uk query champions
expect_grep "a champion's sex and discipline" \
    '^2004 +2004-05-03-ua +women +жін\. +класичні +Ґудзь Зоряна Ігорівна ' "$out"
expect_grep "a rapid section" '^2023 .* boys-rapid +чол\. +швидкі +Кравець Володимир Петрович ' "$out"
expect_grep "a blitz section" '^2023 .* girls-blitz +жін\. +бліц ' "$out"

# --------------------------------------------------- whom a name found
expect_success "query player: a knock-out's champion" uk query player "Кравець Лук'ян"
expect_grep "whom it found: number, name, birth date, FIDE ID" \
    "^#257 Кравець Лук'ян Богданович, нар\. 1980-08-02, FIDE ID 14112014$" "$out"
expect_grep "the round he reached: the final" \
    '^2004 +2004-05-03-ua +men-final +1 +8\.0 +10 .* МСМК +фінал +10$' "$out"
expect_success "query player: the man he beat in the final" uk query player '#258'
expect_grep "the runner-up also reached the final" '^2004 .* men-final +2 .* фінал +17$' "$out"
bronze=$(sqlite3 arc/catalog.sqlite "SELECT person_id FROM entries en JOIN sections s ON s.id = en.section_id WHERE s.key = 'men-final' AND en.place = 3")
expect_success "query player: the bronze" uk query player "#$bronze"
expect_grep "the 3rd place match" '^2004 .* men-final +3 .* матч за 3 місце +20$' "$out"
out1=$(sqlite3 arc/catalog.sqlite "SELECT person_id FROM entries en JOIN sections s ON s.id = en.section_id WHERE s.key = 'men-final' AND en.round_reached = 1 ORDER BY en.person_id LIMIT 1")
expect_success "query player: out in round 1" uk query player "#$out1"
expect_grep "round 1 in words" '^2004 .* men-final .* 1-й раунд +2$' "$out"
expect_success "query player in English" sekretar query player '#257'
expect_grep "English: whom it found" \
    "^#257 Кравець Лук'ян Богданович, born 1980-08-02, FIDE ID 14112014$" "$out"
expect_grep "English: the heading and the final" 'Reached +Team +Boards +Recorded$' "$out"
expect_grep "English: final" ' final +10$' "$out"
expect_success "query player --format csv" uk query player '#257' --format csv
expect_grep "csv: the codes' headings and no line of whom it found" \
    '^Year,Event,Section,Place,Points,Games,Performance,RatedGames,' "$out"
if grep '^#' "$out" >/dev/null; then r=1; else r=0; fi
ok $r "csv: nothing but the table"
expect_success "query h2h" uk query h2h "Кравець Лук'ян" 'Зінченко Данило'
expect_stdout "h2h: whom it found, both, and the games by stage with their moves" \
"#257 Кравець Лук'ян Богданович, нар. 1980-08-02, FIDE ID 14112014
#258 Зінченко Данило Олегович, нар. 1975-10-02, FIDE ID 14111713
 Рік  Змагання       Турнір     Тур  Білі             Чорні            Результат  Етап      Матч  Партія  Дошка  Ходів
2004  2004-05-03-ua  men-final    5  Зінченко Данило  Кравець Лук'ян   0-1        класичні     1       1            37
2004  2004-05-03-ua  men-final    5  Кравець Лук'ян   Зінченко Данило  ½-½        класичні     1       2            11"
expect_success "archive show --format json keeps the codes" \
    uk archive show 2004-05-03-ua --format json
expect_grep "json: knock-out" '"knock-out"' "$out"

# ------------------------------------------------------------ verify
expect_success "verify" uk verify "$code"
expect_grep "verify: the labels aligned (diploma)" '^  диплом:      особистий, ступінь ' "$out"
expect_grep "verify: the labels aligned (awarded)" '^  нагороджено: ' "$out"
expect_grep "verify: the labels aligned (hash)" '^  SHA-256:     [0-9a-f]{64}$' "$out"

# ------------------------------------------------- standings --explain
trf=$top/tests/example/u10-lviv-2023/boys-classic.trf
expect_success "explain" uk standings --rules ua-2023 --explain 2 "$trf"
expect_grep "a round and a game with black" \
    '^  т1  1 Мельничук, Єгор \(чорними 1\): 5\.5 = очки суперника$' "$out"
expect_grep "a cut value" \
    '^  т2  8 Оліфіренко, Тимофій \(білими 1\): 4\.5 = очки суперника; відкинуто$' "$out"
expect_grep "a draw" '\(білими =\)' "$out"
expect_grep "what decided the place, with its Ukrainian name" \
    '^Місце: визначено за BH/C1 \(Бхг-1\)$' "$out"
if grep -E '\((w|b) |CUT| r[0-9]|undefined' "$out" >/dev/null; then r=1; else r=0; fi
ok $r "explain: no English left"
expect_success "explain in English" sekretar standings --rules ua-2023 --explain 2 "$trf"
expect_grep "English: a round and a game with black" \
    '^  r1  1 Мельничук, Єгор \(b 1\): 5\.5 = ' "$out"
expect_grep "English: decided by" '^Place: decided by BH/C1 \(Бхг-1\)$' "$out"
done_testing
