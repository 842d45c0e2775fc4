#!/bin/sh
# The Ukrainian interface (GNU gettext): po/uk.po translates every message
# of the sources, and with a Ukrainian locale every class of bad input gets
# its message in Ukrainian, at the same file:line:col and with the same
# exit code as in English.  The other tests run in English (tests/lib).
. "$(dirname "$0")/../lib/lib.sh"

po=$top/po/uk.po

# --- the catalogue: complete, valid, and the plural forms of Ukrainian

if command -v msgfmt >/dev/null 2>&1; then
    msgfmt --check --statistics -o /dev/null "$po" >"$out" 2>&1
    ok $? "po/uk.po: msgfmt --check accepts it"
    # "N translated messages." and nothing untranslated or fuzzy.
    expect_grep "po/uk.po: every message translated, none fuzzy" \
        '^[0-9]+ translated messages\.$' "$out"
else
    ok 0 "# SKIP msgfmt is missing (apt-get install gettext)"
    ok 0 "# SKIP msgfmt is missing (apt-get install gettext)"
fi
expect_grep "po/uk.po: the three plural forms of Ukrainian" \
    '^"Plural-Forms: nplurals=3; plural=\(n%10==1 && n%100!=11 \? 0 : n%10>=2 && "$' \
    "$po"

if command -v xgettext >/dev/null 2>&1 && command -v msgcmp >/dev/null 2>&1; then
    if [ -z "$XGETTEXT_OPTS" ]; then
        eval "$(make -s --no-print-directory -C "$top" po-vars)"
    fi
    # shellcheck disable=SC2086
    (cd "$top" && xgettext $XGETTEXT_OPTS -o "$tmp/fresh.pot" $PO_SRCS)
    ok $? "xgettext extracts the messages of the sources"
    msgcmp "$po" "$tmp/fresh.pot" >"$out" 2>&1
    rc=$?
    ok $rc "po/uk.po translates every message of the sources ('make update-po')"
    [ $rc = 0 ] || diag_file "$out" 20
    n=$(grep -c '^msgid ' "$tmp/fresh.pot")
    [ "$n" -gt 600 ]
    ok $? "the sources have $n messages marked (diagnostics, usage, output)"
else
    for i in 1 2 3; do
        ok 0 "# SKIP xgettext or msgcmp is missing (apt-get install gettext)"
    done
fi

# --- LANG=uk_UA.UTF-8 where that locale was never made (a Debian without
# it in /etc/locale.gen; LOCPATH, a folder without locales, makes this
# machine one): the messages in Ukrainian all the same.

mkdir "$tmp/no-locales"
# glibc's setlocale() leaks LOCPATH's list when it finds no locale there:
# tests/lsan-locpath.supp keeps an ASan build's report to ours.
lsan="suppressions=$top/tests/lsan-locpath.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
nolocale() {
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/no-locales" \
        LSAN_OPTIONS="$lsan" LANG=uk_UA.UTF-8 "$@"
}
nolocale locale >/dev/null 2>"$err"
expect_grep "the locale uk_UA.UTF-8 is not there" \
    '^locale: Cannot set LC_MESSAGES to default locale' "$err"
nolocale "$SEKRETAR" check --help >"$out" 2>"$err"
expect_grep "without the locale: check --help in Ukrainian" \
    '^  -q, --quiet     повідомляти лише про помилки, без попереджень і підсумку$' "$out"
nolocale "$SEKRETAR" standings --bogus >/dev/null 2>"$err"
expect_text "without the locale: a usage error in Ukrainian" "$err" \
"standings: невідомий параметр «--bogus»
sekretar: помилка: хибний параметр
Спробуйте 'sekretar standings --help'."
env -u LC_ALL -u LANGUAGE LOCPATH="$tmp/no-locales" LANG=uk_UA.UTF-8 \
    LSAN_OPTIONS="$lsan" LC_MESSAGES=C "$SEKRETAR" frobnicate >/dev/null 2>"$err"
expect_grep "without the locale, LC_MESSAGES=C: English" \
    "^sekretar: error: 'frobnicate' is not a sekretar command\$" "$err"

# --- the messages in Ukrainian

if locale -a 2>/dev/null | grep -qix 'uk_UA\.utf-\?8'; then
    have_uk=1
else
    have_uk=
fi

uk() { env LC_ALL=uk_UA.UTF-8 "$SEKRETAR" "$@"; }

# The part of each line before the message ("FILE:LINE:COL" or "-").
where() {
    sed -E 's/^(.*): (error|warning|note|помилка|попередження|примітка): .*/\1/;t;s/.*/-/' "$1"
}

# both CODE STREAM DESC ENGLISH UKRAINIAN ARGS...: sekretar ARGS exits
# with CODE in English and in Ukrainian, writes ENGLISH and UKRAINIAN to
# STREAM (out or err) and names the same places in both.
both() {
    # (expect_failure sets code and desc: other names here)
    b_code=$1 b_stream=$2 b_desc=$3 b_en=$4 b_ua=$5
    shift 5
    eval "b_file=\$$b_stream"
    expect_failure "$b_code" "$b_desc: exit $b_code" sekretar "$@"
    expect_text "$b_desc: English" "$b_file" "$b_en"
    where "$b_file" >"$tmp/where-en"
    if [ -z "$have_uk" ]; then
        for i in 1 2 3; do
            ok 0 "# SKIP $b_desc: no uk_UA.UTF-8 locale ('make deps' as root makes it)"
        done
        return
    fi
    expect_failure "$b_code" "$b_desc: exit $b_code in Ukrainian" uk "$@"
    expect_text "$b_desc: Ukrainian" "$b_file" "$b_ua"
    where "$b_file" >"$tmp/where-uk"
    cmp -s "$tmp/where-en" "$tmp/where-uk"
    ok $? "$b_desc: the same file:line:col in both"
}

cd "$tmp" || exit 1

# TRF: the columns of a player record, a pairing that disagrees.
trf() { printf '001 %4d      %-33s%33s%4s       %s\n' "$@"; }
{ trf 1 "Boiko, Yevhen" "" 1.0 "   2 w 1"; trf 2 "Koval, Petro" "" 0.0 "   1 b 0"; } >two.trf
sed 's/   1 b 0/   1 w 0/' two.trf >colours.trf
sed 's/   1 b 0/   1 b 1/' two.trf >wins.trf
sed 's/   1 b 0/   1 b Q/' two.trf >junk.trf
: >empty.trf
printf '001    1 m    Foo Bar                          1500 UKR              2000/01/01  1.0    1     2 w 1\n' >shifted.trf

both 66 out "a missing file" \
"nothing.trf: error: no such file" \
"nothing.trf: помилка: немає такого файлу" \
    check nothing.trf
both 65 out "an empty TRF" \
"empty.trf: error: file is empty; a TRF file is expected" \
"empty.trf: помилка: файл порожній; очікується файл TRF" \
    check empty.trf
both 65 out "a misaligned TRF line" \
"shifted.trf:1:48: error: '1500' runs over column 48, the blank between the name (15-47) and the rating (49-52); a value too long, or the line is misaligned
shifted.trf:1:53: error: 'UKR' runs over column 53, the blank between the rating (49-52) and the federation (54-56); a value too long, or the line is misaligned
shifted.trf:1:92: error: round 1: opponent 2 is not a player of the file
shifted.trf: 1 player, 1 round, 3 errors, 0 warnings" \
"shifted.trf:1:48: помилка: '1500' заходить за стовпець 48, пробіл між ім'ям (15-47) і рейтингом (49-52); значення задовге або рядок зсунуто
shifted.trf:1:53: помилка: 'UKR' заходить за стовпець 53, пробіл між рейтингом (49-52) і федерацією (54-56); значення задовге або рядок зсунуто
shifted.trf:1:92: помилка: тур 1: суперник 2 не є учасником файлу
shifted.trf: 1 учасник, 1 тур, 3 помилки, 0 попереджень" \
    check shifted.trf
both 65 out "TRF: colours that disagree" \
"colours.trf:1:97: error: round 1: colours of 1 ('w') and 2 ('w') do not match
colours.trf: 2 players, 1 round, 1 error, 0 warnings" \
"colours.trf:1:97: помилка: тур 1: кольори 1 ('w') і 2 ('w') не узгоджуються
colours.trf: 2 учасники, 1 тур, 1 помилка, 0 попереджень" \
    check colours.trf
both 65 out "TRF: two wins, a points column" \
"wins.trf:1:99: error: round 1: both 1 and 2 are given the win ('1' and '1')
wins.trf:2:81: error: player 2: points column says 0.0, the results add up to 1.0
wins.trf: 2 players, 1 round, 2 errors, 0 warnings" \
"wins.trf:1:99: помилка: тур 1: перемогу дано і 1, і 2 ('1' і '1')
wins.trf:2:81: помилка: учасник 2: стовпець очок каже 0.0, результати дають 1.0
wins.trf: 2 учасники, 1 тур, 2 помилки, 0 попереджень" \
    check wins.trf
both 65 out "TRF: a result that is no result" \
"junk.trf:2:99: error: round 1: result expected in column 99 (1 = 0 + - W D L H F U Z), found 'Q'
junk.trf: 2 players, 1 round, 1 error, 0 warnings" \
"junk.trf:2:99: помилка: тур 1: очікується результат у стовпці 99 (1 = 0 + - W D L H F U Z), знайдено 'Q'
junk.trf: 2 учасники, 1 тур, 1 помилка, 0 попереджень" \
    check junk.trf

# A results CSV with N games that are not results: N errors, 2N players,
# for the three plural forms (1; 2-4, 22; 5-20, 11) and 21.
games() {
    echo "Тур;Дошка;Білі;Чорні;Результат"
    i=1
    while [ $i -le "$1" ]; do
        echo "1;$i;White$i, A;Black$i, B;2-0"
        i=$((i + 1))
    done
}
for n in 1 2 5 11 21 22; do
    games $n >games$n.csv
done
both 65 out "CSV: one bad result" \
"games1.csv:2:25: error: result '2-0' not understood (1-0, 0-1, ½-½, +/-, -/+, -/-)
games1.csv: 2 players, 1 round, 1 error, 0 warnings" \
"games1.csv:2:25: помилка: результат '2-0' не зрозумілий (1-0, 0-1, ½-½, +/-, -/+, -/-)
games1.csv: 2 учасники, 1 тур, 1 помилка, 0 попереджень" \
    check games1.csv
both 65 out "CSV: two bad results" \
"games2.csv:2:25: error: result '2-0' not understood (1-0, 0-1, ½-½, +/-, -/+, -/-)
games2.csv:3:25: error: result '2-0' not understood (1-0, 0-1, ½-½, +/-, -/+, -/-)
games2.csv: 4 players, 1 round, 2 errors, 0 warnings" \
"games2.csv:2:25: помилка: результат '2-0' не зрозумілий (1-0, 0-1, ½-½, +/-, -/+, -/-)
games2.csv:3:25: помилка: результат '2-0' не зрозумілий (1-0, 0-1, ½-½, +/-, -/+, -/-)
games2.csv: 4 учасники, 1 тур, 2 помилки, 0 попереджень" \
    check games2.csv
for n in 5 11 21 22; do
    sekretar check games$n.csv | tail -n 1 >"$tmp/en$n"
    if [ -n "$have_uk" ]; then
        uk check games$n.csv | tail -n 1 >"$tmp/uk$n"
    fi
done
expect_text "CSV: 5 errors, in English" "$tmp/en5" \
    "games5.csv: 10 players, 1 round, 5 errors, 0 warnings"
if [ -n "$have_uk" ]; then
    expect_text "CSV: 5 errors: 10 учасників, 5 помилок" "$tmp/uk5" \
        "games5.csv: 10 учасників, 1 тур, 5 помилок, 0 попереджень"
    expect_text "CSV: 11 errors: 22 учасники, 11 помилок" "$tmp/uk11" \
        "games11.csv: 22 учасники, 1 тур, 11 помилок, 0 попереджень"
    expect_text "CSV: 21 errors: 42 учасники, 21 помилка" "$tmp/uk21" \
        "games21.csv: 42 учасники, 1 тур, 21 помилка, 0 попереджень"
    expect_text "CSV: 22 errors: 44 учасники, 22 помилки" "$tmp/uk22" \
        "games22.csv: 44 учасники, 1 тур, 22 помилки, 0 попереджень"
else
    for i in 1 2 3 4; do
        ok 0 "# SKIP plural forms: no uk_UA.UTF-8 locale"
    done
fi

# event.ini and the registry of an event folder.
cp -r "$DATA/mini-event" ev
cp -r "$DATA/mini-event" good
sed -i 's/^end = 03.06.2023/end = 31.05.2023/; s/^rounds = 1/rounds = 1\ncolour = red/; s/^sex = girls/sex = ladies/' ev/event.ini
sed -i '2s/,ч,14.03.2013,Львівська обл.,/,x,31.02.2013,Марсіанська обл.,/' ev/players.csv
both 65 out "an event folder with bad event.ini and players.csv" \
"ev/event.ini:5:7: error: the event ends before it starts ('31.05.2023' < '01.06.2023')
ev/event.ini:23:7: error: unknown sex 'ladies' (boys, girls, men, women, mixed)
ev/event.ini:32:1: warning: unknown key 'colour' in [section] ignored
ev/players.csv:2:17: error: sex 'x' not understood (ч or ж, m or f)
ev/players.csv:2:19: error: birth date '31.02.2013' does not exist (February 2013 has 28 days)
ev/players.csv:2:19: error: 'Мельник Ярослав' has no birth date; the age group (born in 2013 or later) needs one
ev/players.csv:2:30: error: unknown region 'Марсіанська обл.' (one of the 24 oblasts, АР Крим, м. Київ or м. Севастополь)
ev/girls.trf:4:5: warning: date '2023/06/01' is outside the event (01.06.2023 - 31.05.2023)
ev/girls.trf:5:5: warning: date '2023/06/03' is outside the event (01.06.2023 - 31.05.2023)
ev/boys.csv: 4 players, 3 rounds
ev/girls.trf: 3 players, 3 rounds
ev/boys-rapid.csv: 2 players, 1 round
ev: 3 sections, 7 people in the registry, 6 errors, 3 warnings" \
"ev/event.ini:5:7: помилка: змагання закінчується раніше, ніж починається ('31.05.2023' < '01.06.2023')
ev/event.ini:23:7: помилка: невідома стать 'ladies' (boys, girls, men, women, mixed)
ev/event.ini:32:1: попередження: невідомий ключ 'colour' у [section] пропущено
ev/players.csv:2:17: помилка: стать 'x' не зрозуміла (ч або ж, m або f)
ev/players.csv:2:19: помилка: дати народження '31.02.2013' не існує (лютий 2013 р. має 28 днів)
ev/players.csv:2:19: помилка: 'Мельник Ярослав' не має дати народження; вікова група (2013 р. н. і молодші) її потребує
ev/players.csv:2:30: помилка: невідомий регіон 'Марсіанська обл.' (одна з 24 областей, АР Крим, м. Київ або м. Севастополь)
ev/girls.trf:4:5: попередження: дата '2023/06/01' поза змаганням (01.06.2023 - 31.05.2023)
ev/girls.trf:5:5: попередження: дата '2023/06/03' поза змаганням (01.06.2023 - 31.05.2023)
ev/boys.csv: 4 учасники, 3 тури
ev/girls.trf: 3 учасники, 3 тури
ev/boys-rapid.csv: 2 учасники, 1 тур
ev: 3 турніри, 7 осіб у реєстрі, 6 помилок, 3 попередження" \
    check ev
mkdir notev
both 66 err "a folder without event.ini" \
"notev: error: not an event folder (no event.ini); 'sekretar init notev' writes one" \
"notev: помилка: це не тека змагання (немає event.ini); 'sekretar init notev' створює його" \
    standings notev

# Usage errors: exit 64 in both.
both 64 err "an unknown option" \
"standings: unrecognized option '--bogus'
sekretar: error: bad option
Try 'sekretar standings --help'." \
"standings: невідомий параметр «--bogus»
sekretar: помилка: хибний параметр
Спробуйте 'sekretar standings --help'." \
    standings --bogus two.trf
both 64 err "unknown rules" \
"sekretar: error: unknown rules 'ua-1999' (ua-2004, ua-2004-teams, ua-2017, ua-2023 or fide)
Try 'sekretar standings --help'." \
"sekretar: помилка: невідомі правила 'ua-1999' (ua-2004, ua-2004-teams, ua-2017, ua-2023 або fide)
Спробуйте 'sekretar standings --help'." \
    standings --rules ua-1999 two.trf
both 64 err "a tie-break modifier out of range" \
"sekretar: error: --tiebreaks: tie-break 'BH/C0': '/C' wants the number of values to cut, 1 to 99 ('/C1')
Try 'sekretar standings --help'." \
"sekretar: помилка: --tiebreaks: додатковий показник 'BH/C0': '/C' потребує кількості значень, що відкидаються, від 1 до 99 ('/C1')
Спробуйте 'sekretar standings --help'." \
    standings --tiebreaks BH/C0 two.trf
both 64 err "no input" \
"sekretar: error: no input file given
Try 'sekretar check --help'." \
"sekretar: помилка: не вказано вхідного файлу
Спробуйте 'sekretar check --help'." \
    check
both 64 err "a section that is not there" \
"sekretar: error: no section 'nope' in good (it has: boys, girls, boys-rapid)
Try 'sekretar standings --help'." \
"sekretar: помилка: немає турніру 'nope' у good (є: boys, girls, boys-rapid)
Спробуйте 'sekretar standings --help'." \
    standings --section nope good

# Output: the text table of standings; tsv keeps its column names.
both 0 out "standings as text" \
"Place  No  Name           Rtg  Fed  Pts
    1   1  Boiko, Yevhen            1.0
    2   2  Koval, Petro             0.0

No tie-breaks: places by points alone (--rules or --tiebreaks)." \
"М.  Ст. №  Учасник        Рейт.  Фед.  Очки
 1      1  Boiko, Yevhen                1.0
 2      2  Koval, Petro                 0.0

Без додаткових показників: місця лише за очками (--rules або --tiebreaks)." \
    standings two.trf
if [ -n "$have_uk" ]; then
    uk standings --rules ua-2023 --explain 3 "$DATA/ua-small.trf" >"$out"
    expect_grep "standings --explain: the head" \
        '^Учасник 3 Їжакевич, Ілля: 1.5 очка після 5 турів, місце 7$' "$out"
    expect_grep "standings --explain: a Buchholz item" \
        '^  т1  7 Ярошенко, Софія \(білими 0\): 2.0 = очки суперника, скориговані з 1.5 \(його незіграні тури рахуються як нічиї\)$' "$out"
    expect_grep "standings --explain: what decided the place" \
        '^Місце: визначено за BH/C1 \(Бхг-1\)$' "$out"
else
    for i in 1 2 3; do
        ok 0 "# SKIP --explain: no uk_UA.UTF-8 locale"
    done
fi
if [ -n "$have_uk" ]; then
    uk standings --format tsv two.trf >"$tmp/tsv-uk"
    sekretar standings --format tsv two.trf >"$tmp/tsv-en"
    cmp -s "$tmp/tsv-en" "$tmp/tsv-uk"
    ok $? "standings as tsv: the same bytes in Ukrainian"
else
    ok 0 "# SKIP tsv: no uk_UA.UTF-8 locale"
fi

# The mandate commission's refusals and table, a knock-out's matches.
if [ -n "$have_uk" ]; then
    uk check "$DATA/mandate-event" >"$out" 2>&1
    expect_grep "mandate: a refusal in Ukrainian, at its place" \
        "^$DATA/mandate-event/players.csv:4:66: попередження: 'Їжакевич Ілля' не можна допустити: внесок 200 грн не сплачено\$" "$out"
    uk mandate "$DATA/mandate-event" >"$out" 2>&1
    expect_grep "mandate: the text table's headings" \
        '^група   пункт           кількість  хлопці  дівчата  не допущено$' "$out"
    expect_grep "mandate: the fees" '^внески  зібрано              2000$' "$out"
    uk mandate --format tsv "$DATA/mandate-event" >"$out" 2>&1
    expect_grep "mandate as tsv: English columns" \
        "^group$(printf '\t')item$(printf '\t')count" "$out"
    uk standings "$DATA/knockout/stages.csv" >"$out" 2>&1
    expect_grep "knock-out: a player's matches" \
        '^  2      6             3  т1 проти 3: 1–1, 1–1 швидкі, 1½–½ бліц перемога; т2 проти 7: \+–− перемога; т3 проти 1: ½–1½ поразка$' "$out"
else
    for i in 1 2 3 4 5; do
        ok 0 "# SKIP mandate and knock-out: no uk_UA.UTF-8 locale"
    done
fi

# The documents and the bundle are the same bytes in every language.
if [ -n "$have_uk" ]; then
    export SOURCE_DATE_EPOCH=1700000000
    sekretar render -o docs-en good >/dev/null 2>&1 &&
        uk render -o docs-uk good >/dev/null 2>&1 &&
        [ "$(ls docs-uk | wc -l)" -gt 10 ] && diff -r docs-en docs-uk >/dev/null
    ok $? "render: the same $(ls docs-en | wc -l) files, byte for byte, in Ukrainian"
    sekretar build --archive arch-en good >/dev/null 2>&1 &&
        uk build --archive arch-uk good >"$out" 2>&1 &&
        cmp -s arch-en/2023/2023-06-01-good.zip arch-uk/2023/2023-06-01-good.zip
    ok $? "build: the same bundle in Ukrainian"
    expect_grep "build: what it did, in Ukrainian" \
        '^каталог:   arch-uk/catalog.sqlite \(змагання 2023-06-01-good: 3 турніри, 7 осіб, 9 стартів\)$' "$out"
    sekretar archive site --archive arch-en -o site-en >/dev/null 2>&1 &&
        uk archive site --archive arch-en -o site-uk >"$out" 2>&1 &&
        diff -r site-en site-uk >/dev/null
    ok $? "archive site: the same pages in Ukrainian"
    expect_grep "archive site: its summary in Ukrainian" \
        '^site-uk: змагань: 1, турнірів: 3, осіб: 7, дипломів: 18; сторінок: 72 і файлів: 13: записано 104, без змін 0, вилучено 0$' "$out"
    unset SOURCE_DATE_EPOCH
else
    for i in 1 2 3 4 5; do
        ok 0 "# SKIP documents: no uk_UA.UTF-8 locale"
    done
fi

# --help from the translations of the manual pages (man/uk.po).
if [ -n "$have_uk" ]; then
    uk init --help >"$out"
    expect_text "init --help in Ukrainian" "$out" \
"використання: sekretar init DIR

Створити теку змагання DIR (якщо її немає) і записати в неї event.ini з
коментарями (українською та англійською), який треба заповнити, і
players.csv із заголовком реєстру учасників. Наявні файли не
перезаписуються. Потім покладіть поруч файли результатів і запустіть
'sekretar check DIR'.

  -h, --help  показати цю довідку

Стан виходу: 0 записано, 73 файл уже існує або його неможливо записати."
    bad=
    for c in init check standings convert build archive query render verify mandate; do
        uk "$c" --help >"$tmp/help" 2>&1
        head -n 1 "$tmp/help" | grep -q "^використання: sekretar $c" || bad="$bad $c"
        grep -q '^  -h, --help  *показати цю довідку$' "$tmp/help" || bad="$bad $c"
    done
    [ -z "$bad" ]
    ok $? "every command's --help in Ukrainian${bad:+ (not:$bad)}"
    uk check --help >"$out"
    expect_grep "check --help in Ukrainian: its options" \
        '^  -q, --quiet     повідомляти лише про помилки, без попереджень і підсумку$' "$out"
    # LANGUAGE=uk alone (no LANG) speaks Ukrainian too; an unknown
    # language, English.
    env -u LC_ALL -u LANG LANGUAGE=uk "$SEKRETAR" frobnicate >/dev/null 2>"$err"
    expect_grep "LANGUAGE=uk without LANG" \
        "^sekretar: помилка: 'frobnicate' не є командою sekretar$" "$err"
    env -u LC_ALL LANG=de_DE.UTF-8 LANGUAGE=de "$SEKRETAR" frobnicate >/dev/null 2>"$err"
    expect_grep "another language: English" \
        "^sekretar: error: 'frobnicate' is not a sekretar command$" "$err"
    env -u LC_ALL LANG=C LANGUAGE=uk "$SEKRETAR" frobnicate >/dev/null 2>"$err"
    expect_grep "LANG=C: English (gettext ignores LANGUAGE there)" \
        "^sekretar: error: 'frobnicate' is not a sekretar command$" "$err"
else
    for i in 1 2 3 4 5 6; do
        ok 0 "# SKIP --help and LANGUAGE: no uk_UA.UTF-8 locale"
    done
fi

done_testing
