#!/bin/sh
# The archive in public (pipeline/publish.h): the site of both examples
# carries no birth date, no registry, no mandate papers, no report, no
# diploma, no results file as the pairing program wrote it and no signed
# bundle, checked by a crawl of every page, script, JSON, CSV, PDF and zip
# (tests/lib/privacy-crawl.py); the archive keeps them, verifiable and
# exportable; the archive's site.ini says otherwise, with its errors
# located.  The site is written all or none, never through a link, its
# list of files beside it.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
crawl() {
    python3 "$top/tests/lib/privacy-crawl.py" "$@" \
        "$top/tests/example/u10-lviv-2023/players.csv" \
        "$top/tests/example/ua-2004/players.csv" \
        "$top/tests/example/u10-lviv-2023-cp1251/players.csv"
}
for ev in u10-lviv-2023 ua-2004 u10-lviv-2023-cp1251; do
    sekretar build --archive arc --slug "$(echo $ev | tr -d -- '-' | cut -c1-20)" \
        "$top/tests/example/$ev" >/dev/null 2>&1
    ok $? "build $ev"
done
expect_success "site" sekretar archive site --archive arc -o www

# ---- 1. no personal data in public
expect_success "the crawl finds no personal data" crawl www
expect_grep "the crawl looked at every file and every birth date" \
    "^files [0-9]{3,}, birth dates looked for [0-9]{3}$" "$out"
# ... and it finds them where they are: the archive's own files.
mkdir leak
unzip -q -d leak arc/2023/2023-06-01-u10lviv2023.zip players.csv \
    documents/mandate-entries.pdf
expect_failure 1 "the crawl finds a registry" crawl leak
expect_grep "the crawl: a birth date in the mandate's entries" \
    "^documents/mandate-entries.pdf: a birth date \(" "$out"
expect_grep "the crawl: the registry is no file to publish" \
    "^players.csv: a file the public site must not carry$" "$out"
# --beside-name (for a large archive, where every date is someone's
# birthday): a birth date beside its person's name, addresses aside.
expect_success "beside-name: the site is clean" crawl --beside-name www
mkdir beside
printf '<p><a href="../2014-01-04-e/index.html">x</a> Пономаренко Остап</p>\n<tr><td>Інший Хтось</td><td>04.01.2014</td></tr>\n' \
    >beside/a.html
expect_success "beside-name: an address's date, a date by another name" \
    crawl --beside-name beside
printf '<tr><td>Пономаренко Остап</td><td>04.01.2014</td></tr>\n' >beside/b.html
expect_failure 1 "beside-name: a birth date on its person's row" \
    crawl --beside-name beside
expect_grep "beside-name: found where it is" \
    "^b.html: a birth date \(04.01.2014\)$" "$out"
# The person pages and the search give the year alone.
p=$(grep -l 'Рік народження' www/people/*.html | head -n 1)
[ -n "$p" ] && ! grep -q 'Дата народження' www/people/*.html
ok $? "person pages: the year of birth, no date"
cat www/search/*.js >search.all
expect_grep "the search index: years alone" '^\["[a-z0-9-]+-20[01][0-9]","[^"]*","20[01][0-9]",' \
    search.all

# ---- 2. the archive keeps what the site leaves out
expect_success "the archive still verifies" sekretar archive --archive arc verify --deep
expect_success "the full bundle still exports" \
    sekretar archive --archive arc export 2023-06-01-u10lviv2023 -o full
[ -s full/players.csv ] && [ -s full/documents/mandate-entries.pdf ]
ok $? "the export has the registry and the mandate papers"

# ---- 3. the archive's settings
printf '[site]\npublish = ranking, diplomas, results\nbirth = none\n' \
    >arc/site.ini
expect_success "site.ini: diplomas, no birth" \
    sekretar archive site --archive arc -o www
e=www/2023/2023-06-01-u10lviv2023
[ -s $e/files/documents/boys-classic-diplomas.pdf ] &&
    [ ! -e $e/files/documents/boys-classic-crosstable.pdf ]
ok $? "site.ini: the documents it names, no other"
grep -q '"birth": ""' $e/files/results/boys-classic.json &&
    ! grep -q '"birth": "20' $e/files/results/boys-classic.json
ok $? "site.ini: birth = none, none in the results"
ls www/people/*-*.html >/dev/null && ! grep -q 'Рік народження' www/people/*-*.html
ok $? "birth = none: none on the person pages"
printf '[site]\npublish = ranking, passports\n' >arc/site.ini
expect_failure 65 "site.ini: an unknown word" \
    sekretar archive site --archive arc -o www
expect_stderr "an unknown word: where and what" \
"arc/site.ini:2:20: error: publish: 'passports' is no document or file the site can publish (ranking, crosstable, team-crosstable, boards, bracket, matches, diplomas, report, mandate, results, inputs, bundle, public-bundle, or none)"
printf '[site]\nbirth = date\n' >arc/site.ini
expect_failure 65 "site.ini: birth = date" \
    sekretar archive site --archive arc -o www
expect_stderr "birth = date: message" \
"arc/site.ini:2:9: error: birth: 'year' or 'none', not 'date' (the site never publishes a whole birth date)"
printf '[site]\nbase-url = ftp://archive.example.ua/\n' >arc/site.ini
expect_failure 65 "site.ini: a base-url not http(s)" \
    sekretar archive site --archive arc -o www
expect_stderr "base-url: message" \
"arc/site.ini:2:12: error: base-url: the address the site is served at, 'https://host/path/' (no blank, quote or angle bracket, non-ASCII written as %XX), not 'ftp://archive.example.ua/'"
[ -s www/people/index.html ] && [ ! -e www/.sekretar-site ]
ok $? "a refused run leaves the site as it was"
rm arc/site.ini

# ---- 3a. what servers and crawlers ask for: robots.txt always; with the
# site's address a sitemap of every page, printouts naming the page's
# address; a 404 page whose links work at any depth
expect_success "site without an address" sekretar archive site --archive arc -o www
printf '# Архів чемпіонатів України з шахів\nUser-agent: *\nAllow: /\n' >want
cmp -s want www/robots.txt && [ ! -e www/sitemap.xml ]
ok $? "no address: robots.txt allows all, no sitemap"
expect_grep "no address: a printout names the page's path" \
    '<p class="source">Джерело: Архів чемпіонатів України з шахів, people/shevchenko-ostap-ihorovych-2013\.html</p>' \
    www/people/shevchenko-ostap-ihorovych-2013.html
expect_grep "no address: the 404 page's links from the server's root" \
    '<a href="/search\.html">Пошук учасника</a>' www/404.html
printf '[site]\nbase-url = https://archive.example.ua/shakhy\n' >arc/site.ini
expect_success "site with its address" sekretar archive site --archive arc -o www
expect_grep "robots.txt names the sitemap" \
    '^Sitemap: https://archive\.example\.ua/shakhy/sitemap\.xml$' www/robots.txt
# (a page that only leads to another, a person's old address, is none)
(cd www && find . -name '*.html' ! -name 404.html -exec grep -L 'http-equiv="refresh"' {} + | sed 's|^\./|https://archive.example.ua/shakhy/|' | sort) >pages.want
sed -n 's|^<url><loc>\(.*\)</loc></url>$|\1|p' www/sitemap.xml | sort >pages.got
[ -s pages.want ] && cmp -s pages.want pages.got
ok $? "the sitemap lists every page but the 404 ($(wc -l <pages.want))"
head -2 www/sitemap.xml | tail -1 | grep -q '^<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">$'
ok $? "the sitemap's namespace"
expect_grep "a printout names the page's address" \
    '<p class="source">Джерело: Архів чемпіонатів України з шахів, https://archive\.example\.ua/shakhy/people/shevchenko-ostap-ihorovych-2013\.html</p>' \
    www/people/shevchenko-ostap-ihorovych-2013.html
expect_grep "the 404 page's links from the site's address" \
    '<a href="https://archive\.example\.ua/shakhy/search\.html">Пошук учасника</a>' www/404.html
rm arc/site.ini

# ---- 4. never through a link
expect_success "site again, as by default" sekretar archive site --archive arc -o www
mkdir outside
echo mine >outside/keep.html
rm -rf www/people
ln -s "$tmp/outside" www/people
expect_success "site over a linked folder" sekretar archive site --archive arc -o www
[ "$(ls outside)" = keep.html ] && [ "$(cat outside/keep.html)" = mine ]
ok $? "nothing written into, nothing removed from, the linked folder"
[ -d www/people ] && [ ! -L www/people ] && [ -s www/people/index.html ]
ok $? "the site's own folder in its place"
ln -sf "$tmp/outside/keep.html" www/style.css
expect_success "site over a linked file" sekretar archive site --archive arc -o www
[ "$(cat outside/keep.html)" = mine ] && [ ! -L www/style.css ]
ok $? "a linked file is replaced, never written through"

# ---- 5. all or none
mkdir disk
if ! mount -t tmpfs -o size=40m tmpfs disk 2>/dev/null; then
    for what in "the first site" "a full disk: exit 74" \
        "a full disk: the site as it was" "a full disk: nothing left beside"; do
        test_n=$((test_n + 1))
        echo "ok $test_n # SKIP $what (cannot mount a tmpfs here)"
    done
    done_testing
fi
trap 'umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"' EXIT
expect_success "the first site" sekretar archive site --archive arc -o disk/www
(cd disk/www && find . -type f | sort | xargs sha256sum) >before
# A new version of an event, and the disk full before its pages fit.
cp -R "$top/tests/example/u10-lviv-2023" ev
sed -i 's/^venue = .*/venue = Палац спорту/' ev/event.ini
sekretar build --archive arc --slug u10lviv2023 ev >/dev/null 2>&1
dd if=/dev/zero of=disk/fill bs=64k 2>/dev/null
expect_failure 74 "a full disk: exit 74" \
    sekretar archive site --archive arc -o disk/www
(cd disk/www && find . -type f | sort | xargs sha256sum) >after
cmp -s before after
ok $? "a full disk: the site as it was"
[ "$(ls -A disk | sort | tr '\n' ' ')" = ".www.lock .www.sekretar-site fill www " ]
ok $? "a full disk: nothing left beside it ($(ls -A disk | tr '\n' ' '))"

done_testing
