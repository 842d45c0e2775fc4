#!/bin/sh
# sekretar archive site: the archive of three championships (the example,
# a copy a year later, so that careers span events, and the 2004 example
# with its knock-out and its team competition) as a website: every
# internal link and anchor resolves, tidy finds no error, no page names
# another host; the numbers on the pages are the ones 'query' and
# 'standings' give; a diploma's page says what 'sekretar verify' says;
# the documents are the bundle's bytes; an unchanged
# archive rewrites nothing, a new version rewrites only what changed, a
# person merged away loses his pages; bad uses fail with their messages.
. "$(dirname "$0")/../lib/lib.sh"

site_py() { python3 "$top/tests/lib/site.py" "$@"; }
# fails CODE DESC MESSAGE COMMAND...: the exit code and stderr, exactly
fails() {
    code=$1
    desc=$2
    msg=$3
    shift 3
    expect_failure "$code" "$desc" "$@"
    expect_stderr "$desc: message" "$msg"
}

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
cp -R "$top/tests/example/u10-lviv-2023" u10-lviv-2023
sekretar build u10-lviv-2023 >/dev/null 2>&1
ok $? "build the example"
cp -R u10-lviv-2023 ev2
sed -i 's/^start = 01.06.2023/start = 03.06.2024/; s/^end = 09.06.2023/end = 11.06.2024/; s/^city = Львів/city = Київ/; s/^short-title = .*/short-title = Чемпіонат України U10, 2024/' ev2/event.ini
SOURCE_DATE_EPOCH=1717977600 sekretar build --slug u10-kyiv ev2 >/dev/null 2>&1
ok $? "build a second event, a year later"

# A copy of the archive whose catalogue is made schema 4 again (before it
# kept the rounds: migration 4 -> 5), for the migration at the end.
version() {
    python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("PRAGMA user_version").fetchone()[0])' "$1"
}
schema=$(version arc/catalog.sqlite)
[ "$schema" -ge 5 ]
ok $? "the catalogue has schema 5 or newer"
cp -R arc old
python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("ALTER TABLE entries DROP COLUMN rounds")
c.execute("ALTER TABLE teams DROP COLUMN rounds")
# and what 6 -> 7 adds
c.execute("DROP TABLE coaches")
c.execute("DROP INDEX entries_medals_cc")
c.execute("ALTER TABLE entries DROP COLUMN club_key")
c.execute("ALTER TABLE teams DROP COLUMN club_key")
c.execute("ALTER TABLE sections DROP COLUMN stage")
c.execute("ALTER TABLE sections DROP COLUMN awards")
c.execute("ALTER TABLE entries DROP COLUMN performance_games")
# and what 8 -> 9 adds
c.execute("DROP INDEX games_eco")
c.execute("DROP INDEX games_moves")
c.execute("DROP INDEX games_event")
for col in ("pgn", "eco", "moves", "plies", "fen", "event_key", "ord",
            "white_name", "black_name"):
    c.execute("ALTER TABLE games DROP COLUMN " + col)
c.execute("PRAGMA user_version = 4")
c.commit()' old/catalog.sqlite
ok $? "a copy of the archive with a catalogue before the rounds"
# The 2004 example: a knock-out final, a team competition, their diplomas
# (after the copy: 'archive rebuild' there numbers the people as before).
cp -R "$top/tests/example/ua-2004" ua-2004
SOURCE_DATE_EPOCH=1093824000 sekretar build --slug ua-2004 ua-2004 >/dev/null 2>&1
ok $? "build the 2004 example"

ev=www/2023/2023-06-01-u10-lviv
ev2=www/2024/2024-06-03-u10-kyiv
expect_success "site" sekretar archive site -o www
expect_stdout "site: what it wrote" \
    "www: 3 events, 16 sections, 347 people, 122 diplomas; 1796 pages and 839 files: 2725 written, 0 unchanged, 0 removed"

cp $ev/boys-classic.html first-boys-classic.html

# --------------------------------------------------------------- the pages
expect_success "every link and anchor resolves, no other host" site_py check www
expect_stdout "check: what it looked at" "pages 1796 files 2725 links 504572"
n=0
bad=0
for f in $(find www -name '*.html' | sort); do
    n=$((n + 1))
    if ! tidy -errors -q "$f" >"$tmp/tidy" 2>&1; then
        # tidy exits 1 for warnings alone (which -errors does not show)
        [ -s "$tmp/tidy" ] && { bad=$((bad + 1)); echo "# $f"; diag_file "$tmp/tidy" 5; }
    fi
done
[ "$n" = 1796 ] && [ "$bad" = 0 ]
ok $? "tidy -errors: no error on any of the $n pages"
for f in index.html 2023/index.html 2023/2023-06-01-u10-lviv/index.html \
    2023/2023-06-01-u10-lviv/girls-classic.html people/shevchenko-ostap-ihorovych-2013.html h2h/shevchenko-ostap-ihorovych-2013.html \
    champions/index.html champions/u10.html medals/region.html \
    medals/club.html medals/coach.html people/index.html search.html; do
    [ -f "www/$f" ]
    ok $? "page $f"
done
# every page's title its own: a section's names its event, city and year,
# a person's his year of birth
find www -name '*.html' -exec sed -n 's/.*<title>\(.*\)<\/title>.*/\1/p' {} + | sort | uniq -d >dup.titles
[ ! -s dup.titles ]
ok $? "no two pages share a title"
diag_file dup.titles 5
expect_grep "a section's title: section, event, city, year" \
    '<title>Дівчата, класичні шахи — Чемпіонат України U10, 2023 \(Львів\) — ' \
    "$ev/girls-classic.html"
expect_grep "a person's title: name and year of birth" \
    '<title>Шевченко Остап Ігорович, 2013 р. н. — ' www/people/shevchenko-ostap-ihorovych-2013.html
# Names in Ukrainian alphabetical order (Ґ after Г, Є after Е, І and Ї
# after И, an apostrophe not a letter, a blank before any letter): every
# letter's page, and the letters of the index, against a key made here
# from the alphabet itself.
cat >uk_order.py <<'PY'
import sys
ABC = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"
def key(name):
    out = []
    for ch in name.lower():
        if ch in "'\u2019\u02bc":
            continue
        out.append(-1 if ch in " ,-" else ABC.index(ch) if ch in ABC
                   else 100 + ord(ch))
    return out
bad = 0
for f in sys.argv[1:]:
    names = [l.split("\t")[0] for l in open(f, encoding="utf-8") if l.strip()]
    for a, b in zip(names, names[1:]):
        if key(a) > key(b):
            print("# %s: %s before %s" % (f, a, b)); bad = 1
sys.exit(bad)
PY
for f in www/people/*.html; do
    [ "$f" = www/people/index.html ] && continue
    site_py table "$f" 1 >"$(basename "$f" .html).rows"
done
sed -n 's/.*<p class="letters">//p' www/people/index.html | grep -o '>[^<]*</a>' |
    sed 's/^>//; s/<.a>$//' >letters.rows
python3 uk_order.py letters.rows *.rows
ok $? "people and letters in Ukrainian alphabetical order"
# Roman numerals in Ukrainian text in one alphabet: Cyrillic І and Х (the
# 2004 example's event.ini writes "I ранг" with a Latin I).
grep -rhoP '(?<![A-Za-z])[VІХ]*[IX][IVXІХ]*(?= (ступеня|ранг|юн\.|розряд))' www >latin
[ ! -s latin ]
ok $? "no Latin I in a Roman numeral of the Ukrainian text"
diag_file latin 3
expect_grep "a diploma's degree: Cyrillic І" '>І ступеня, 1 місце<' \
    www/2004/2004-05-03-ua-2004/index.html
expect_grep "the cross table's cells" \
    '<td class="c"><a href="#n6">6 б ½</a></td><td class="c"><a href="#n4">4 ч ½</a></td>' \
    "$ev/boys-classic.html"
expect_grep "the legend of a tie-break" \
    '<dt>Бхг-1</dt><dd>скорочений коефіцієнт Бухгольця 1' "$ev/girls-classic.html"
# The pairings of every round, on boards as FIDE C.04.2 lists them,
# checked against the cross table (tests/lib/boards.py).
site_py table "$ev/boys-classic.html" '#crosstable' >cross.tsv
for r in 1 4 9; do
    site_py table "$ev/boys-classic.html" "#r$r" >pairs.tsv &&
        python3 "$top/tests/lib/boards.py" cross.tsv pairs.tsv $r >boards.out 2>&1
    ok $? "round $r's pairings: every game once, its result, boards in C.04.2's order"
    diag_file boards.out 5
done
expect_grep "a round's pairings, board 1" \
    '<details id="r9"><summary>Тур 9</summary>' "$ev/boys-classic.html"
expect_grep "a bye said in words" '<td colspan="3">вільний від гри, 1 очко</td>' \
    "$ev/boys-blitz.html"

# A section page links its own documents and results, labelled.
expect_grep "a section's documents, labelled" \
    '<li><a href="files/documents/girls-classic-ranking.pdf">Протокол результатів \(PDF\)</a>, [0-9]+ КБ</li>' \
    "$ev/girls-classic.html"
expect_grep "a section's results" \
    '<li><a href="files/results/girls-classic.json">Результати \(JSON\)</a></li>' \
    "$ev/girls-classic.html"
grep -q 'boys-classic' "$ev/girls-classic.html"
[ $? = 1 ]
ok $? "no file of another section"
sed -n '/id="files"/,/<\/ul>/p' www/2004/2004-05-03-ua-2004/clubs.html >clubs.files
expect_grep "a team section: the team cross table and the boards" \
    'Турнірна таблиця командної першості \(PDF\).*|Підсумки виступів за дошками \(PDF\)' clubs.files
expect_grep "a knock-out: the bracket" 'Сітка змагань \(PDF\)' \
    www/2004/2004-05-03-ua-2004/men-final.html
# A person's address is his name and year, whatever order the events
# were built in (here the other way round: the catalogue numbers the
# people otherwise); namesakes born the same year are told apart by
# their first event.
SOURCE_DATE_EPOCH=1093824000 sekretar build --archive rev --slug ua-2004 ua-2004 >/dev/null 2>&1 &&
    SOURCE_DATE_EPOCH=1717977600 sekretar build --archive rev --slug u10-kyiv ev2 >/dev/null 2>&1 &&
    sekretar build --archive rev u10-lviv-2023 >/dev/null 2>&1 &&
    sekretar archive --archive rev site -o rev-www >/dev/null 2>&1
ok $? "the same events built in the other order, and their site"
python3 -c 'import sqlite3, sys
a = sqlite3.connect(sys.argv[1]).execute("SELECT id FROM people WHERE name LIKE ?", ("Шевченко Остап%",)).fetchone()[0]
b = sqlite3.connect(sys.argv[2]).execute("SELECT id FROM people WHERE name LIKE ?", ("Шевченко Остап%",)).fetchone()[0]
sys.exit(a == b)' arc/catalog.sqlite rev/catalog.sqlite
ok $? "the catalogue numbers him otherwise there"
(cd www && ls people h2h) >pages.a
(cd rev-www && ls people h2h) >pages.b
cmp -s pages.a pages.b && grep -q '^shevchenko-ostap-ihorovych-2013.html$' pages.a &&
    diff -r www rev-www >/dev/null
ok $? "every page has the same name and the same bytes"
rm -rf rev rev-www
expect_grep "a game links to the head-to-head page" \
    'href="../h2h/shevchenko-ostap-ihorovych-2013.html#p-' www/people/shevchenko-ostap-ihorovych-2013.html

# The search, in a real browser when there is one (its script folds the
# Latin letters as the catalogue does).
if command -v chromium >/dev/null 2>&1; then
    timeout 120 chromium --headless --no-sandbox --disable-gpu \
        --user-data-dir="$tmp/chromium" --virtual-time-budget=5000 \
        --dump-dom "file://$tmp/www/search.html?q=Shevchenko+Ostap" \
        >dom 2>/dev/null
    expect_grep "search in Chromium: 'Shevchenko Ostap' finds one" \
        '<p id="count">Знайдено: 1</p>' dom
    expect_grep "search in Chromium: Шевченко Остап, his page" \
        '<li><a href="people/shevchenko-ostap-ihorovych-2013.html">Шевченко Остап Ігорович</a> \(2013\)</li>' dom
    for q in '34170731' '%D0%A8%D0%B5%D0%B2%D1%87%D0%B5%D0%BD%D0%BA%D0%BE+%D0%9E.+%D0%86.'; do
        timeout 120 chromium --headless --no-sandbox --disable-gpu \
            --user-data-dir="$tmp/chromium" --virtual-time-budget=5000 \
            --dump-dom "file://$tmp/www/search.html?q=$q" >dom 2>/dev/null
        grep -q '<p id="count">Знайдено: 1</p>' dom &&
            grep -q '<li><a href="people/shevchenko-ostap-ihorovych-2013.html">Шевченко Остап Ігорович</a>' dom
        found=$?
        case $q in 3*) what="his FIDE ID" ;; *) what="'Шевченко О. І.'" ;; esac
        ok $found "search in Chromium: $what finds him alone"
    done
else
    for what in "finds one" "his page" "by FIDE ID" "by initials"; do
        test_n=$((test_n + 1))
        echo "ok $test_n # SKIP search in Chromium: $what (no chromium)"
    done
fi

# On a phone (390 px) and a desktop (1280 px) in Chromium: a ranking list's
# place, name and points on screen (on a phone those three first), a cross
# table's name and points on screen while its rounds scroll, and no page
# that scrolls sideways (tests/lib/phone.py).
for w in 390 1280; do
    /usr/bin/python3 "$top/tests/lib/phone.py" $w www/index.html \
        "$ev/index.html" "$ev/boys-classic.html" \
        www/2004/2004-05-03-ua-2004/clubs.html \
        www/2004/2004-05-03-ua-2004/men-final.html "$ev/girls-classic/7-30-39.html" www/people/shevchenko-ostap-ihorovych-2013.html \
        www/h2h/shevchenko-ostap-ihorovych-2013.html www/medals/region.html www/search.html >phone.out 2>&1
    rc=$?
    if [ $rc = 77 ]; then
        test_n=$((test_n + 1))
        echo "ok $test_n # SKIP at $w px in Chromium (no chromium or selenium)"
    else
        [ $rc = 0 ]
        ok $? "at $w px in Chromium: places, names and points on screen"
        diag_file phone.out 10
    fi
done

# The checker finds what is wrong.
cp -R www broken
sed -i 's|href="people/index.html"|href="people/nobody.html"|' broken/index.html
sed -i 's|href="#n6"|href="#n999"|' broken/2023/2023-06-01-u10-lviv/boys-classic.html
echo '<p><a href="https://example.org/">x</a></p>' >>broken/search.html
expect_failure 1 "check: broken links fail" site_py check broken
expect_grep "a missing file" \
    "^index.html: 'people/nobody.html': no file people/nobody.html$" "$out"
expect_grep "a missing anchor" \
    "^2023/2023-06-01-u10-lviv/boys-classic.html: '#n999': no id 'n999' in 2023/2023-06-01-u10-lviv/boys-classic.html$" "$out"
expect_grep "another host" "^search.html names another host$" "$out"
expect_grep "a link off the site" \
    "^search.html: href 'https://example.org/' leaves the site$" "$out"
rm -rf broken

# ------------------------------------------------ the numbers of the pages
# pts V: points as the pages write them (7.5 -> 7½, 7.0 -> 7, 0.5 -> ½)
pts='function pts(v) { if (v ~ /\.5$/) { sub(/\.5$/, "", v); return (v == "0" ? "" : v) "½" } sub(/\.0$/, "", v); return v }'

sekretar query champions --format tsv | awk -F '\t' "$pts"'
    NR > 1 && $3 == "U10" { print $1 "\t" $7 "\t" $8 "\t" pts($9) }' | sort >champions.want
site_py table www/champions/u10.html all | awk -F '\t' \
    '{ print $1 "\t" $4 "\t" $5 "\t" $6 }' | sort >champions.got
[ "$(wc -l <champions.want)" = 12 ] && cmp -s champions.want champions.got
ok $? "champions: the page's 12 rows are query champions'"

for by in region club coach; do
    sekretar query medals --by $by --format tsv | awk -F '\t' 'NR > 1' \
        | sed 's/^?\t/не вказано\t/' >medals.want
    site_py table www/medals/$by.html 1 | cut -f 2- >medals.got
    [ -s medals.want ] && cmp -s medals.want medals.got
    ok $? "medals by $by: the page is query medals --by $by"
done

# A page for each region, club and coach: its medals are the medal
# table's, every medallist of the table has one, linked from it.
for by in region:regions club:clubs coach:coaches; do
    dir=${by#*:}
    by=${by%:*}
    sekretar query medals --by $by --format tsv | python3 -c '
import html, re, sys
www, by, dir = sys.argv[1:4]
page = open("%s/medals/%s.html" % (www, by), encoding="utf-8").read()
links = dict((html.unescape(n), h) for h, n in
             re.findall(r"<td><a href=\"\.\./%s/([^\"]+)\">([^<]*)</a></td>" % dir, page))
bad = n = 0
for line in list(sys.stdin)[1:]:
    name, g, s_, b, t = line.rstrip("\n").split("\t")
    if name == "?":
        continue
    n += 1
    if name not in links:
        print("# no link for %s" % name); bad += 1; continue
    g2 = open("%s/%s/%s" % (www, dir, links[name]), encoding="utf-8").read()
    want = "<dt>Медалі</dt><dd>золото %s, срібло %s, бронза %s</dd>" % (g, s_, b)
    if want not in g2:
        print("# %s: %s" % (name, re.search(r"<dt>Медалі</dt><dd>[^<]*", g2).group(0))); bad += 1
print("# %d %s pages" % (n, by))
sys.exit(1 if bad or n < 3 else 0)' www $by $dir >groups.out
    ok $? "$by pages: every medallist's, their medals the medal table's"
    diag_file groups.out 3
    [ -s www/$dir/index.html ]
    ok $? "$dir/index.html lists them"
done
expect_grep "a region's page: a section's players and medallists" \
    '<td class="n">11</td><td><a href="../people/shevchenko-ostap-ihorovych-2013.html">Шевченко Остап</a> \(1\)</td>' \
    www/regions/lvivska.html
# The players of other federations (the 2004 clubs' foreigners) apart from
# the regions: a list of their own under the regions', a page each.
python3 -c '
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.index("<h2>Інші федерації</h2>")
names = lambda t: re.findall(r"<tr><td><a href=\"[^\"]+\">([^<]+)</a>", t)
reg, fed = names(s[:i]), names(s[i:])
print("# regions %d, federations %s" % (len(reg), " ".join(fed)))
ok = "POL" in fed and "POL" not in reg and "Львівська" in reg and \
    all(re.fullmatch("[A-Z]{3}", f) for f in fed) and \
    not any(re.fullmatch("[A-Z]{3}", r) for r in reg)
sys.exit(0 if ok else 1)' www/regions/index.html >fed.out
ok $? "the regions' list: other federations apart"
diag_file fed.out 2
expect_grep "a federation's page is named so" '<h1>Федерація: POL</h1>' www/regions/pol.html

sekretar query player 34170731 --format tsv | awk -F '\t' "$pts"'
    NR > 1 { sub(/-/, "–", $4); few = $8 != "" && $8 < 5 ? "*" : ""
             print $1 "\t" $4 "\t" pts($5) "\t" $6 "\t" $7 few "\t" $9 "\t" $10 "\t" $11 "\t" $12 "\t" $13 }' >player.want
site_py table www/people/shevchenko-ostap-ihorovych-2013.html '#career' | cut -f 1,4-8,10- >player.got
[ "$(wc -l <player.want)" = 6 ] && cmp -s player.want player.got
ok $? "a player's six events: the page is query player"

opp=$(sekretar query search 'Їжакевич Олександр' --format tsv | awk -F '\t' 'NR == 2 { print $1 }')
oppslug=yizhakevych-oleksandr-mykolaiovych-2013
# query h2h names White and Black; the page says the colour and result of
# person #1 (Шевченко, Остап)
sekretar query h2h '#1' "#$opp" --format tsv | awk -F '\t' 'NR > 1 {
    w = $5 == "Шевченко Остап"
    split($7, r, "-")
    res = w ? r[1] : r[2]
    if (res == "½") res = "½"
    print $1 "\t" $4 "\t" (w ? "білі" : "чорні") "\t" res }' >h2h.want
site_py table www/h2h/shevchenko-ostap-ihorovych-2013.html "@p-$oppslug" | cut -f 3,5-7 >h2h.got
[ "$(wc -l <h2h.want)" = 6 ] && cmp -s h2h.want h2h.got
ok $? "head-to-head: the page's six games are query h2h's"
site_py table www/h2h/shevchenko-ostap-ihorovych-2013.html "@p-$oppslug" | head -1 | cut -f 2 >h2h.score
expect_text "head-to-head: the score against him" h2h.score "3 з 6класичні: 1 з 2швидкі: 0 з 2бліц: 2 з 2"
# the score in each discipline: query h2h's games of each, counted
sekretar query h2h '#1' "#$opp" --format tsv | awk -F '\t' 'NR > 1 {
    w = $5 == "Шевченко Остап"; split($7, r, "-"); res = w ? r[1] : r[2]
    d = $3 ~ /blitz/ ? "бліц" : $3 ~ /rapid/ ? "швидкі" : "класичні"
    pts[d] += res == "½" ? 0.5 : res; n[d]++ }
    END { for (d in n) print d ": " pts[d] " з " n[d] }' | sort >h2h.by.want
grep -o "<tr id=\"p-$oppslug\">.*" www/h2h/shevchenko-ostap-ihorovych-2013.html | grep -o '<span class="by">[^<]*' |
    sed 's/<span class="by">//; s/: ½/: 0.5/; s/½/.5/' | sort >h2h.by.got
cmp -s h2h.by.want h2h.by.got
ok $? "head-to-head: the score in each discipline is query h2h's"
diag_file h2h.by.got 5

# The rating change of every performance, computed again from the
# catalogue by FIDE's formula (tests/lib/ratingchange.py).
python3 "$top/tests/lib/ratingchange.py" arc/catalog.sqlite www >rc.out 2>&1
ok $? "every rating change on the person pages is FIDE's formula's"
diag_file rc.out 5
expect_grep "rating changes: children (K 40 and 20) and adults (K 10)" '^changes [0-9]{3}$' rc.out
grep -q 'title="K = 10, ' www/people/*-*.html && grep -q 'title="K = 40, ' www/people/*-*.html
ok $? "K 10 and K 40 both on the pages"

# A FIDE ID leads to the player's profile at FIDE.
expect_grep "the FIDE profile" \
    '<dd><a class="out" href="https://ratings.fide.com/profile/34170731">34170731</a>' \
    www/people/shevchenko-ostap-ihorovych-2013.html

# Champions by year: every champion of the U10 category under his year.
site_py table www/champions/years.html all | wc -l >years.n
expect_text "champions by year: 12 of U10, 3 of 2004" years.n 15
expect_grep "2024 first" '<p class="letters"><a href="#y2024">2024</a> <a href="#y2023">2023</a> <a href="#y2004">2004</a></p>' \
    www/champions/years.html
expect_grep "the categories' page leads to it" 'href="years.html"' \
    www/champions/index.html

# Tables sorted in the browser by a click on a heading (tests/lib/sort.py).
sorts() {
    /usr/bin/python3 "$top/tests/lib/sort.py" "$@" >sort.out 2>&1
    rc=$?
    if [ $rc = 77 ]; then
        test_n=$((test_n + 1))
        echo "ok $test_n # SKIP sorted in Chromium: $2 by $3 (no chromium)"
    else
        [ $rc = 0 ]
        ok $? "sorted in Chromium: $2 by $3"
        diag_file sort.out 5
    fi
}
sorts "$ev/boys-classic.html" ranking Рейтинг num
sorts "$ev/boys-classic.html" ranking Очки num
sorts www/medals/region.html medals Разом num
sorts www/people/sh.html people "Прізвище, ім'я" text
grep -q '<script src="../../sort.js"></script>' "$ev/boys-classic.html" &&
    ! grep -q 'sort.js' "$ev/index.html"
ok $? "the sorting script on a page with a table to sort"

for sec in boys-classic girls-blitz; do
    sekretar standings --section $sec --format tsv u10-lviv-2023 | awk -F '\t' "$pts"'
        NR > 1 { line = $1 "\t" $2 "\t" $3 "\t" pts($4)
                 for (i = 5; i <= NF; i++) line = line "\t" pts($i)
                 print line }' >rank.want
    ncodes=$(head -1 rank.want | awk -F '\t' '{ print NF - 4 }')
    # standings --format tsv writes a shared place 17-18, the page 17–18
    site_py table $ev/$sec.html '#ranking' | awk -F '\t' -v n="$ncodes" '{
        gsub(/–/, "-", $1); line = $1 "\t" $2 "\t" $3 "\t" $8
        for (i = 9; i < 9 + n; i++) line = line "\t" $i
        print line }' >rank.got
    [ -s rank.want ] && cmp -s rank.want rank.got
    ok $? "$sec: places, points and tie-breaks are the standings'"
done

expect_grep "shared places as 17–18" \
    '<tr id="n12"><td class="n">17–18</td>' $ev/boys-classic.html

# The documents published are the archive's bytes: the results documents
# (pipeline/publish.h), never the registry's; the results for machines are
# the bundle's with the births cut to the year; no input file, no signed
# bundle, but a zip of what is published, with its SHA-256 beside it.
site_py table $ev/index.html "#document" | cut -f 1,3 >docs.tsv
[ "$(wc -l <docs.tsv)" = 12 ]
ok $? "the event page lists the 12 ranking lists and cross tables"
bad=0
while IFS="$(printf '\t')" read -r name sha; do
    got=$(sha256sum "$ev/files/$name" | cut -d ' ' -f 1)
    [ "$got" = "$sha" ] || bad=$((bad + 1))
done <docs.tsv
[ "$bad" = 0 ]
ok $? "every document's SHA-256 on the page is its bytes'"
[ "$(site_py table $ev/index.html '#results' | wc -l)" = 13 ] &&
    [ ! -e "$ev/index.html.input" ] && ! grep -q 'id="input"' $ev/index.html
ok $? "the results for machines (the girls' games in PGN too), no input file"
unzip -p arc/2023/2023-06-01-u10-lviv.zip results/boys-classic.json |
    sed 's/"birth": "\([0-9]\{4\}\)[^"]*"/"birth": "\1"/g' >cut.json
cmp -s cut.json $ev/files/results/boys-classic.json
ok $? "a section's results: the bundle's, the births cut to the year"
[ ! -e $ev/2023-06-01-u10-lviv.zip ] && [ ! -e $ev/files/players.csv ] &&
    [ ! -e $ev/files/documents/mandate-entries.pdf ] &&
    [ ! -e $ev/files/documents/report.xlsx ] &&
    [ ! -e $ev/files/documents/boys-classic-diplomas.pdf ]
ok $? "no signed bundle, registry, mandate papers, report or diplomas"
(cd $ev && sha256sum -c --quiet 2023-06-01-u10-lviv-public.zip.sha256)
ok $? "the public zip has its SHA-256 beside it"
expect_grep "the public zip's SHA-256 on the page" \
    "$(sha256sum $ev/2023-06-01-u10-lviv-public.zip | cut -d ' ' -f 1)" "$ev/index.html"
unzip -Z1 $ev/2023-06-01-u10-lviv-public.zip | sort >pz
(cd $ev/files && find . -type f | sed 's|^\./||'; echo README.txt; echo manifest.json) |
    sort | cmp -s - pz
ok $? "the public zip holds what is published, a note and a manifest"
expect_grep "the note says what is left out" "реєстр учасників" \
    "$ev/index.html"

# ------------------------------------------- a knock-out, a team competition
ko=www/2004/2004-05-03-ua-2004
site_py table $ko/men-final.html '#r5' >final
expect_text "the final: both players, the score, the winner" final \
    "1	Зінченко Данило	Кравець Лук'ян	½–1½				Кравець Лук'ян	1 2"
site_py table $ko/men-final.html '#r5-3' >third
expect_text "the match for third place" third \
    "2	Костюк Лук'ян	Щербак Данило	½–1½				Щербак Данило	1 2"
site_py table $ko/men-final.html '#r4' | sed -n 2p >semi
expect_text "a semi-final to the armageddon, stage by stage" semi \
    "2	Зінченко Данило	Щербак Данило	1–1	1–1	1–1	1–0	Зінченко Данило	1 2 3 4 5 6 7"
site_py table $ko/men-final.html '#r1' | sed -n 13p >walkover
expect_text "a walkover" walkover "13	Поліщук Давид	Стасюк В'ячеслав	+–−				Поліщук Давид	"
[ "$(site_py table $ko/men-final.html '#r1' | wc -l)" = 16 ] &&
    [ "$(site_py table $ko/men-final.html '#r2' | wc -l)" = 8 ]
ok $? "16 matches in round 1, 8 in round 2"
grep -q 'Турнірної таблиці по турах немає' $ko/men-final.html
[ $? = 1 ]
ok $? "a knock-out is not said to lack its rounds"
site_py table $ko/men-final.html '#ranking' | sed -n '1,4p;5p' | cut -f 1,3,9 >koplaces
expect_text "a knock-out's ranking: the round reached, no tie-breaks" koplaces \
"1	Кравець Лук'ян	фінал
2	Зінченко Данило	фінал
3	Щербак Данило	матч за 3 місце
4	Костюк Лук'ян	матч за 3 місце
5–8	Зінченко Юрій	3-й раунд"
grep -q 'неявки: правило «віртуального суперника» (ФІДЕ, 2009)' www/2023/2023-06-01-u10-lviv/girls-classic.html
ok $? "the unplayed-round rule in words"

site_py table $ko/clubs.html '#teams' | cut -f 1-7 | head -3 >teams
expect_text "the teams' ranking: place, team, region, coach, match and game points" teams \
"1	2	Каїса	м. Київ	Жовтяк В'ячеслав	14	27
2	4	Дебют	Дніпропетровська	Волошин Ярослав	8	23½
3	6	Чорноморець	Одеська	Стасюк Богдан	8	23½"
site_py table $ko/clubs.html '#team-crosstable' >xt
expect_text "the team cross table: the winners' row" "$(head -1 xt >xt1; echo xt1)" \
    "1	2	Каїса	7 4½–1½	8 3½–2½	4 4–2	6 3½–2½	1 3½–2½	3 4½–1½	5 3½–2½	14	27"
# every row: its match scores add up to its game points, its wins and
# draws (2 and 1) to its match points; every score is its opponent's
# turned round
awk -F '\t' '
    function v(x) { sub(/½/, ".5", x); return x + 0 }
    { no = $2
      for (i = 4; i <= 10; i++) {
          split($i, a, " "); split(a[2], p, "–")
          gp[no] += v(p[1]); mine = v(p[1]); theirs = v(p[2])
          mp[no] += mine > theirs ? 2 : mine == theirs ? 1 : 0
          score[no, i] = a[1] " " p[1] "–" p[2]
          opp[no, i] = a[1]; rev[no, i] = p[2] "–" p[1]
      }
      want_gp[no] = v($12); want_mp[no] = v($11) }
    END {
      for (no in gp) {
          if (gp[no] != want_gp[no] || mp[no] != want_mp[no]) { print "# team " no; bad = 1 }
          for (i = 4; i <= 10; i++) {
              o = opp[no, i]
              if (score[o, i] != no " " rev[no, i]) { print "# " no " round " i - 3; bad = 1 }
          }
      }
      exit bad }' xt
ok $? "the team cross table: scores add up to game and match points, both sides agree"
expect_grep "the event page: a team's medal, linked to its row" \
    '<td><a href="clubs.html#t2">Каїса</a></td>' $ko/index.html
expect_grep "the team champion links to the teams' ranking" \
    'href="../2004/2004-05-03-ua-2004/clubs.html#teams">Каїса</a>' www/champions/other.html
expect_grep "a team's players, linked, in board order" \
    '<dt>Каїса</dt><dd><a href="\.\./\.\./people/[a-z-]+-[0-9]{4}\.html">Лозинський Богдан</a>; ' $ko/clubs.html
# a performance over fewer than five rated games is marked, its count in
# the mark's title, and the legend says why; a section without one has no
# such line
expect_grep "a performance of 3 rated games: marked" \
    '<td class="n">2718<abbr class="few" title="за 3 рейтингові партії">\*</abbr></td>' $ko/clubs.html
expect_grep "the mark's legend" \
    '<dt>\*</dt><dd>рейтинг-перформанс менш ніж за 5 рейтингових партій' $ko/clubs.html
! grep -q '<dt>\*</dt>' $ko/women.html && ! grep -q 'class="few"' $ko/women.html
ok $? "a section of full performances: no mark, no legend"

# ------------------------------------------------------------- diplomas
# Every diploma of the catalogue has its page, which says what 'sekretar
# verify' says; the event's page and the person's link to it.
python3 -c 'import sqlite3, sys
for r in sqlite3.connect(sys.argv[1]).execute("SELECT code, kind FROM diplomas ORDER BY code"):
    print(*r)' arc/catalog.sqlite >codes
[ "$(wc -l <codes)" = 122 ] && [ "$(ls www/diplomas | wc -l)" = 122 ]
ok $? "122 diplomas, 122 diploma pages"
bad=0
while read -r code kind; do
    [ -f "www/diplomas/$code.html" ] || { echo "# no page of $code"; bad=$((bad + 1)); }
done <codes
[ "$bad" = 0 ]
ok $? "a page for every code"
# diploma CODE: what the page and 'sekretar verify' must both say
diploma() {
    code=$1
    page=www/diplomas/$code.html
    sekretar verify "$code" >verify.out
    sha=$(sed -n 's/^  SHA-256: *//p' verify.out)
    awarded=$(sed -n 's/^  awarded: *\([^(,]*[^ (,]\).*/\1/p' verify.out)
    place=$(sed -n 's/^  diploma: .*, degree \([IV]*\), place \(.*\)$/\1 ступеня, \2 місце/p' verify.out | sed 's/-/–/')
    section=$(sed -n 's/^  section: *\([^:]*\):.*/\1/p' verify.out)
    grep -q "<dd class=\"sha\">$sha</dd>" "$page" &&
        grep -q "$(echo "$awarded" | sed "s/'/\&#39;/g")" "$page" && grep -q "$place" "$page" &&
        grep -q "href=\"\.\./[0-9]*/[^/]*/$section\.html\"" "$page"
}
for kind in individual coach team member team-coach; do
    code=$(awk -v k=$kind '$2 == k { print $1; exit }' codes)
    diploma "$code"
    ok $? "a $kind diploma's page: its SHA-256, name, degree, place and section are verify's"
done
code=$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT code FROM diplomas WHERE section = '"'men-final'"' AND kind = '"'individual'"' AND place = 1").fetchone()[0])' arc/catalog.sqlite)
sekretar verify "$code" >verify.out
expect_grep "the knock-out champion's diploma" "awarded: +Кравець Лук'ян" verify.out
page=www/diplomas/$code.html
expect_grep "its page: the champion, linked" \
    '<dt>Кому</dt><dd><a href="\.\./people/[a-z-]+-[0-9]{4}\.html">Кравець Лук&#39;ян Богданович</a>' $page
expect_grep "its page: the bundle, named (the archive keeps it)" \
    '<dt>Пакет</dt><dd>2004/2004-05-03-ua-2004\.zip, версія 1' $page
expect_grep "its page: the bundle's SHA-256" \
    "$(sha256sum arc/2004/2004-05-03-ua-2004.zip | cut -d ' ' -f 1)" $page
who=$(sed -n 's|.*<dt>Кому</dt><dd><a href="\.\./people/\([a-z0-9-]*\)\.html".*|\1|p' $page)
expect_grep "the champion's page links his diploma" \
    "<li><a href=\"\.\./diplomas/$code\.html\">$code</a>" "www/people/$who.html"
expect_grep "the event's page links it" \
    "<a href=\"\.\./\.\./diplomas/$code\.html\">$code</a>" \
    www/2004/2004-05-03-ua-2004/index.html
expect_grep "a coach's diploma names the pupil, linked" \
    '<dt>Учень</dt><dd><a href="\.\./people/shevchenko-ostap-ihorovych-2013\.html">Шевченко Остап Ігорович</a>' \
    "www/diplomas/$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT code FROM diplomas WHERE kind = '"'coach'"' AND pupil = '"'Шевченко Остап Ігорович'"' AND section = '"'boys-classic'"' ORDER BY event_id").fetchone()[0])' arc/catalog.sqlite).html"

# --------------------------------------------------- rebuilds and changes
snapshot() { site_py snapshot www | LC_ALL=C sort >"$1"; }
snapshot before
expect_success "site again" sekretar archive site -o www
expect_stdout "an unchanged archive: nothing written" \
    "www: 3 events, 16 sections, 347 people, 122 diplomas; 1796 pages and 839 files: 0 written, 2725 unchanged, 0 removed"
snapshot again
cmp -s before again
ok $? "an unchanged archive: every file as it was (inode and bytes)"
expect_success "site into another folder" sekretar archive site -o www2
diff -r www www2 >/dev/null
ok $? "the same archive gives the same bytes"
rm -rf www2

sed -i 's/^venue = .*/venue = Палац спорту/' ev2/event.ini
SOURCE_DATE_EPOCH=1717977600 sekretar build --slug u10-kyiv ev2 >/dev/null 2>&1
ok $? "a new version of the second event (another venue)"
expect_success "site after the new version" sekretar archive site -o www
expect_stdout "the new version: what was written" \
    "www: 3 events, 16 sections, 347 people, 122 diplomas; 1796 pages and 840 files: 57 written, 2670 unchanged, 0 removed"
snapshot after
# rewritten (another inode) exactly when the bytes changed
join before after | awk '($2 != $4) != ($3 != $5) { print "#", $1; bad = 1 } END { exit bad }'
ok $? "a file is rewritten exactly when its bytes changed"
join before after | awk '$2 != $4 { print $1 }' >rewritten
expect_grep "the event's page is rewritten" '^\./2024/2024-06-03-u10-kyiv/index\.html$' rewritten
expect_grep "its public zip is" '^\./2024/2024-06-03-u10-kyiv/2024-06-03-u10-kyiv-public\.zip$' rewritten
grep -q 'people/shevchenko-ostap-ihorovych-2013.html\|u10-kyiv/boys-classic.html\|2023-06-01' rewritten
[ $? = 1 ]
ok $? "a person's page, a section and the other event are not"
expect_grep "the versions on the event page" '<td class="n">2</td>' "$ev2/index.html"
expect_grep "the new venue" 'Палац спорту' "$ev2/index.html"
expect_grep "the earlier version downloadable, its public files zipped" \
    '<td><a href="2024-06-03-u10-kyiv-v1-public.zip">zip</a>' "$ev2/index.html"
(cd "$ev2" && sha256sum -c 2024-06-03-u10-kyiv-v1-public.zip.sha256) >/dev/null &&
    unzip -p "$ev2/2024-06-03-u10-kyiv-v1-public.zip" manifest.json |
    grep -q '"version": 1,' &&
    unzip -p "$ev2/2024-06-03-u10-kyiv-public.zip" manifest.json |
    grep -q '"version": 2,' &&
    ! unzip -l "$ev2/2024-06-03-u10-kyiv-v1-public.zip" | grep -q 'players.csv\|mandate'
ok $? "version 1's zip: its checksum, its manifest, no personal file"

sekretar archive merge-people --force 2 4 >/dev/null 2>&1
ok $? "merge two people"
expect_success "site after the merge" sekretar archive site -o www
expect_grep "the merged person's head-to-head page is removed" \
    "346 people, 122 diplomas; 1795 pages and 840 files: [0-9]+ written, [0-9]+ unchanged, 1 removed$" "$out"
gone=www/people/demianenko-yehor-olehovych-2013.html
[ ! -e www/h2h/demianenko-yehor-olehovych-2013.html ] &&
    [ -e www/people/boiko-marko-mykhailovych-2013.html ]
ok $? "his head-to-head page is gone, the person kept has his"
expect_grep "his old address leads to the person kept" \
    '<meta http-equiv="refresh" content="0; url=boiko-marko-mykhailovych-2013.html">' "$gone"
expect_grep "and says so" \
    '<p>Сторінка цієї особи тепер тут: <a href="../people/boiko-marko-mykhailovych-2013.html">Бойко Марко Михайлович</a>.</p>' "$gone"
grep -q 'demianenko-yehor' www/sitemap.xml 2>/dev/null
[ $? != 0 ]
ok $? "the old address is in no sitemap"
expect_success "links still resolve after the merge" site_py check www
grep -q ' h2h/demianenko-yehor-olehovych-2013.html$' .www.sekretar-site
[ $? = 1 ] && grep -q '^person:[0-9a-f]\{20\}:[0-9a-f]\{64\} people/demianenko-yehor-olehovych-2013.html$' .www.sekretar-site
ok $? "the site's list of files, beside it: the old page kept, under his key"
expect_success "site once more" sekretar archive site -o www
expect_grep "nothing written: the old address stays" \
    "1795 pages and 840 files: 0 written, 2726 unchanged, 0 removed$" "$out"
[ ! -e www/.sekretar-site ]
ok $? "the list is not in the site"

# A round robin: the grid.
# (its results file named with a blank, '#' and Cyrillic letters)
cp -R "$DATA/mini-event" rr-event
mv rr-event/girls.trf "rr-event/дівчата #1.trf"
sed -i 's/^file = girls.trf/file = дівчата #1.trf\nsystem = round-robin/' rr-event/event.ini
sekretar build --archive rr rr-event >/dev/null 2>&1
ok $? "build an event with a round robin"
# The results files published too, as the archive's settings say.
printf '[site]\npublish = ranking, crosstable, results, inputs\n' >rr/site.ini
expect_success "site of it" sekretar archive --archive rr site -o rr-www
site_py table rr-www/2023/2023-06-01-rr-event/girls.html '#crosstable' >grid
expect_text "the round-robin grid, the diagonal marked" grid \
"1	1	Ґудзь Мар'яна	×	1	1	3
2–3	2	Шевчук Олена	0	×	½	1½
2–3	3	Ярошенко Софія	0	½	×	1½"
expect_success "its links resolve" site_py check rr-www
expect_grep "a file's name in its link, %-encoded" \
    '<a href="files/%D0%B4%D1%96%D0%B2%D1%87%D0%B0%D1%82%D0%B0%20%231.trf">дівчата #1.trf</a>' \
    rr-www/2023/2023-06-01-rr-event/index.html
cmp -s "rr-event/дівчата #1.trf" "rr-www/2023/2023-06-01-rr-event/files/дівчата #1.trf"
ok $? "the file is there under its own name"
tidy -errors -q rr-www/2023/2023-06-01-rr-event/girls.html
ok $? "tidy: the grid page is clean"

# ------------------------------------------------------------- migration
# (where the archive can be written, its lock migrates the catalogue)
expect_success "site of a catalogue before the rounds" \
    sekretar archive --archive old site -o w1
version old/catalog.sqlite >version
expect_text "the catalogue is migrated to schema $schema" version "$schema"
expect_grep "rows of before have no rounds: said so" \
    "Турнірної таблиці по турах немає: каталог записав цю секцію до того" \
    w1/2023/2023-06-01-u10-lviv/boys-classic.html
expect_success "archive rebuild fills the rounds" sekretar archive --archive old rebuild
expect_success "site after the rebuild" sekretar archive --archive old site -o w1
cmp -s first-boys-classic.html w1/2023/2023-06-01-u10-lviv/boys-classic.html
ok $? "after the rebuild the section page is the one of a new catalogue"

# ---------------------------------------------------------------- failures
fails 64 "site without -o" "sekretar: error: site wants -o DIR
Try 'sekretar archive --help'." sekretar archive site
fails 64 "site with an operand" "sekretar: error: site wants no operand
Try 'sekretar archive --help'." sekretar archive site -o www x
fails 66 "site of no archive" \
    "sekretar: error: no catalogue at 'nowhere/catalog.sqlite'; 'sekretar build DIR' makes one, 'sekretar archive rebuild' remakes it from the bundles" \
    sekretar archive --archive nowhere site -o w
[ ! -e nowhere ] && [ ! -e w ]
ok $? "site of no archive makes nothing"
: >afile
fails 73 "site into a file" "afile: error: exists and is not a directory" \
    sekretar archive site -o afile
cp arc/2023/2023-06-01-u10-lviv.zip keep.zip
cp arc/2024/2024-06-03-u10-kyiv.zip arc/2023/2023-06-01-u10-lviv.zip
sha_new=$(sha256sum arc/2023/2023-06-01-u10-lviv.zip | cut -d ' ' -f 1)
sha_old=$(sha256sum keep.zip | cut -d ' ' -f 1)
fails 65 "a bundle replaced in the archive" \
    "arc/2023/2023-06-01-u10-lviv.zip: error: the bundle's SHA-256 is $sha_new, the catalogue recorded $sha_old; 'sekretar archive verify' tells more" \
    sekretar archive site -o fresh
cp keep.zip arc/2023/2023-06-01-u10-lviv.zip

sekretar archive site -o www >/dev/full 2>"$err"
[ $? = 74 ]
ok $? "site with its report to a full stdout: exit 74"
expect_stderr "site to a full stdout: message" \
    "sekretar: error: writing the output failed: No space left on device"

mkdir disk
if ! mount -t tmpfs -o size=600k tmpfs disk 2>/dev/null; then
    for what in "exit 74" message "no temporary file"; do
        test_n=$((test_n + 1))
        echo "ok $test_n # SKIP site on a disk that fills up: $what (cannot mount a tmpfs here)"
    done
    done_testing
fi
trap 'umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"' EXIT
expect_failure 74 "site on a disk that fills up: exit 74" \
    sekretar archive site -o disk/www
expect_grep "site on a disk that fills up: the file that failed" \
    "^disk/www/[^:]+: error: write failed: No space left on device$" "$err"
[ -z "$(find disk -name '*.tmp-*')" ]
ok $? "site on a disk that fills up: no temporary file left"
umount disk

done_testing
