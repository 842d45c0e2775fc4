#!/bin/sh
# 'archive forget-person': a person's personal data leaves every version of
# every event he played in; his results stay (name, year of birth), the
# results documents stay byte for byte, each bundle still verifies (deep
# too) and records the removal, the catalogue keeps him one person, a
# killed run is finished or undone, and an input that still names his
# birth date where the program cannot tell what it is stops it unchanged.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
mkdir "$tmp/tmpdir"
export TMPDIR="$tmp/tmpdir"
# search ARCHIVE TEXT: the rows of 'query search' as CSV, in s.txt.
search() {
    "$SEKRETAR" query --archive "$1" search "$2" --format csv | tr -d '\r' \
        >s.txt
}
A=arc/2023/2023-06-01-a.zip
A1=arc/2023/2023-06-01-a-v1.zip
B=arc/2024/2024-06-01-b.zip

# Event a, built twice (version 1 kept); event b a year later (but built
# first), its registry in Windows-1251 with CRLF and a column the program
# does not read (an address).
cp -R "$DATA/mini-event" a
sekretar build --archive arc a >/dev/null 2>&1 &&
    sed -i 's/^venue = .*/venue = Палац мистецтв, зала 2/' a/event.ini &&
    sekretar build --archive arc a >/dev/null 2>&1
ok $? "event a, two versions"
cp -R "$DATA/mini-event" b
sed -i 's/\.06\.2023/.06.2024/' b/event.ini
sed -i 's#^042 2023#042 2024#; s#^052 2023#052 2024#' b/girls.trf
python3 - <<'EOF'
rows = open('b/players.csv', encoding='utf-8').read().splitlines()
out = [r + (',Адреса' if i == 0 else ',"вул. Зелена, %d"' % i)
       for i, r in enumerate(rows)]
open('b/players.csv', 'wb').write(('\r\n'.join(out) + '\r\n').encode('cp1251'))
EOF
# Built before a's versions were (the order 'archive rebuild' adds them).
SOURCE_DATE_EPOCH=1686000000 sekretar build --archive arc b >/dev/null 2>&1
ok $? "event b, its registry in Windows-1251"
cp -a arc arc0
SOURCE_DATE_EPOCH=1686268800 sekretar archive --archive arc0 site -o www0 \
    >/dev/null
ok $? "the site before"

# Шевчук Олена (no FIDE ID, born 09.05.2014) plays in both events, in the
# registry and in the TRF of the girls.
id=$(search arc Шевчук && sed -n 's/^\([0-9]*\),Шевчук Олена,2014-05-09,,2$/\1/p' s.txt)
[ -n "$id" ]
ok $? "one person across the two events (#$id)"

expect_failure 65 "an unknown person is refused" \
    sekretar archive --archive arc forget-person '#9999'
expect_stderr "... saying so" "sekretar: error: no person #9999 in the catalogue"
expect_failure 64 "a person id is wanted" \
    sekretar archive --archive arc forget-person Шевчук

# An input that holds her birth date where the program reads nothing of
# it: refused at its line, nothing changed.
cp -a arc0 arc-x
sekretar archive --archive arc-x export 2024-06-01-b -o bx >/dev/null &&
    printf '# Шевчук Олена, 09.05.2014: перевірено\n' >>bx/event.ini &&
    sekretar build --archive arc-x bx --slug b >/dev/null 2>&1
ok $? "a version of b whose event.ini holds her birth date in a comment"
cp -a arc-x arc-x0
expect_failure 65 "forget-person refuses it" \
    sekretar archive --archive arc-x forget-person "$id"
expect_grep "... at the line and column of the date" \
    "arc-x/2024/2024-06-01-b.zip/event.ini:[0-9]+:17: error: still holds the birth date of the person to forget \\(09\\.05\\.2014\\) where sekretar cannot tell what it is; nothing was changed" \
    "$err"
diff -r arc-x0 arc-x >/dev/null
ok $? "... and changes nothing"
[ -z "$(ls arc-x/.staging 2>/dev/null)" ]
ok $? "... and leaves nothing behind"

# The removal.
SOURCE_DATE_EPOCH=1764892800 expect_success "forget-person" \
    sekretar archive --archive arc forget-person "#$id"
expect_stdout "... says what it did" \
    "#$id Шевчук Олена: personal data taken out of the archive (events: 2; bundles rewritten: 3, with nothing more to take out: 0); the results stay"

# Her rows: the birth date its year, the address gone; every other byte of
# the files as it was.
for z in "$A1" "$A" "$B"; do
    unzip -p "arc0/${z#arc/}" players.csv >before.csv
    unzip -p "$z" players.csv >after.csv
    diff before.csv after.csv >d.txt
    [ "$(grep -c '^[<>]' d.txt)" = 2 ]
    ok $? "$z: one row of players.csv changed"
done
unzip -p "$B" players.csv | iconv -f cp1251 -t utf-8 | tr -d '\r' |
    grep '^Шевчук' >row.txt
expect_text "... in Windows-1251, the address emptied" row.txt \
    "Шевчук,Олена,ж,2014,Харківська,,Петрук Ганна,,,,girls,так,"
unzip -p "$B" players.csv | grep -c "$(printf '\r$')" >crlf.txt
expect_text "... its CRLF line ends kept" crlf.txt 8
unzip -p "$A" girls.trf | grep Шевчук >trf.txt
expect_text "the TRF record: the year, in the date's columns" trf.txt \
    "001    2 w    Шевчук, Олена                          UKR             2014        1.5    2     1 b 0  0000 - U     3 w ="

# No full birth date of hers anywhere in the archive.
found=0
for z in "$A1" "$A" "$B"; do
    rm -rf x && mkdir x && (cd x && unzip -q "../$z") || found=1
    for f in $(find x -type f); do
        case $f in
        *.pdf) pdftotext "$f" - 2>/dev/null ;;
        *.xlsx) unzip -p "$f" 2>/dev/null ;;
        *) iconv -f cp1251 -t utf-8 "$f" 2>/dev/null || cat "$f" ;;
        esac | grep -Eq '09\.05\.2014|2014-05-09|2014/05/09' && {
            echo "# $z: $f"
            found=1
        }
    done
done
sqlite3 arc/catalog.sqlite .dump | grep -q '2014-05-09' && found=1
[ $found = 0 ]
ok $? "her birth date is nowhere in the bundles or the catalogue"

# The removal recorded in each bundle.
for z in "$A1" "$A" "$B"; do
    before=$(sha256sum "arc0/${z#arc/}" | cut -c1-64)
    unzip -p "$z" manifest.json | python3 -c '
import json, sys
g = json.load(sys.stdin)["forgotten"]
assert len(g) == 1, g
g = g[0]
assert g["date"] == "2025-12-05", g
assert len(g["person"]) == 20 and int(g["person"], 16) >= 0, g
assert g["previous"] == sys.argv[1], g
assert g["software"].startswith("sekretar "), g
assert "players.csv" in g["files"], g
assert "documents/mandate-entries.pdf" in g["files"], g
assert not [f for f in g["files"] if f.endswith("ranking.pdf") or
            f.endswith("crosstable.pdf")], g
' "$before"
    ok $? "$z: the removal recorded (date, key, the bundle replaced, files)"
done

expect_success "verify --deep: every bundle made again from its inputs" \
    sekretar archive --archive arc verify --deep
expect_grep "... all match" "3 made again from their inputs: all match" "$out"

# The results documents, and the results as published: byte for byte.
for z in "$A1" "$A" "$B"; do
    for d in boys-ranking.pdf girls-ranking.pdf girls-crosstable.pdf \
        girls-diplomas.pdf; do
        unzip -p "arc0/${z#arc/}" "documents/$d" >d0
        unzip -p "$z" "documents/$d" >d1
        cmp -s d0 d1 || echo "# $z $d differs"
    done >cmp.txt
    [ ! -s cmp.txt ]
    ok $? "$z: the results documents unchanged"
done
SOURCE_DATE_EPOCH=1686268800 sekretar archive --archive arc site -o www1 \
    >/dev/null
ok $? "the site after"
for f in 2023/2023-06-01-a/2023-06-01-a-public.zip \
    2023/2023-06-01-a/2023-06-01-a-v1-public.zip \
    2024/2024-06-01-b/2024-06-01-b-public.zip 2023/2023-06-01-a/girls.html; do
    cmp -s "www0/$f" "www1/$f"
    ok $? "the site's $f unchanged"
done

# The catalogue: the year, one person in both events, also when made
# again from the bundles.
search arc Шевчук
expect_grep "search: the year alone, two events" "^$id,Шевчук Олена,2014,,2\$" s.txt
expect_success "rebuild" sekretar archive --archive arc rebuild
search arc Шевчук
expect_grep "... still one person in two events" "^[0-9]+,Шевчук Олена,2014,,2\$" \
    s.txt

# A person with a FIDE ID keeps it as his identity; his birth its year.
gid=$(search arc Ґудзь && sed -n 's/^\([0-9]*\),.*,2013-07-02,34187250,2$/\1/p' s.txt)
expect_success "forget a person with a FIDE ID" \
    sekretar archive --archive arc forget-person "$gid"
search arc 34187250
expect_grep "... the year, the FIDE ID, two events" ",2013,34187250,2\$" s.txt

# Again: nothing more to take out, nothing changed.
cp -a arc arc1
expect_success "forget-person again" \
    sekretar archive --archive arc forget-person "$id"
expect_grep "... nothing more" "\\(events: 2; bundles rewritten: 0, with nothing more to take out: 3\\)" "$out"
diff -r arc1/2023 arc/2023 && diff -r arc1/2024 arc/2024 &&
    [ "$(sqlite3 arc1/catalog.sqlite .dump)" = \
        "$(sqlite3 arc/catalog.sqlite .dump)" ]
ok $? "... the bundles byte for byte as they were, the catalogue too"

# A bundle with a removal goes into another archive: import makes it again.
expect_success "import a bundle with a removal recorded" \
    sekretar archive import --archive other "$B"

# Killed with the bundles pending, or after the catalogue's commit: the
# next writer undoes or finishes it; the archive verifies.
for k in pending committed; do
    rm -rf k && cp -a arc0 k
    SEKRETAR_TEST_KILL=$k "$SEKRETAR" archive --archive k forget-person "$id" \
        >/dev/null 2>&1
    [ $? = 137 ]
    ok $? "killed at '$k'"
    expect_success "... verify after it" sekretar archive --archive k verify
    ls k/2023 k/2024 | grep -c pending >pend.txt
    expect_text "... nothing pending" pend.txt 0
    search k Шевчук
    if [ $k = pending ]; then
        expect_grep "... undone: the date" ",2014-05-09,,2\$" s.txt
    else
        expect_grep "... finished: the year" ",2014,,2\$" s.txt
        expect_success "... deep verify" \
            sekretar archive --archive k verify --deep
    fi
done

done_testing
