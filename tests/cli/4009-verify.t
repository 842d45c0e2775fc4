#!/bin/sh
# sekretar verify CODE: a diploma's code read back from its QR code
# (zbarimg on the rendered page) is found in the archive with its person,
# place, degree, event, section and bundle; an altered code, an unknown
# one, a malformed one and a missing catalogue are refused.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
cp -R "$top/tests/example/u10-lviv-2023" u10-lviv-2023
expect_success "build the example" sekretar build --archive arc u10-lviv-2023
expect_success "export it" \
    sekretar archive export 2023-06-01-u10-lviv -o ex --archive arc
for f in ex/documents/*-diplomas.pdf; do
    pdftotext "$f" - 2>/dev/null
done | grep -o 'UA-[0-9A-Z]\{4\}-[0-9A-Z]\{4\}-[0-9A-Z]\{4\}' | sort >codes.pdf
sqlite3 arc/catalog.sqlite 'SELECT code FROM diplomas ORDER BY code' \
    >codes.db 2>/dev/null || python3 -c '
import sqlite3
for (c,) in sqlite3.connect("arc/catalog.sqlite").execute(
        "SELECT code FROM diplomas ORDER BY code"):
    print(c)' >codes.db
[ "$(wc -l <codes.pdf)" = 40 ] && cmp -s codes.pdf codes.db
ok $? "every code on the bundle's 40 diplomas is in the catalogue, and no other"

sha=$(sha256sum arc/2023/2023-06-01-u10-lviv.zip | cut -d' ' -f1)
good="UA-RJYD-Y202-78GT: a diploma of the archive
  diploma:  individual, degree І, place 1
  awarded:  Ткаченко Вероніка Ігорівна (born 2015), м. Київ
  event:    2023-06-01-u10-lviv: Чемпіонат України з шахів (класичні, швидка гра та бліц) серед юнаків та дівчат до 10 років (Львів, 2023-06-01 to 2023-06-09)
  section:  girls-classic: Дівчата, класичні шахи
  bundle:   2023/2023-06-01-u10-lviv.zip, version 1
  SHA-256:  $sha"
if command -v zbarimg >/dev/null 2>&1; then
    pdftoppm -png -r 150 -f 1 -l 1 ex/documents/girls-classic-diplomas.pdf page
    code=$(zbarimg -q --raw page-1.png 2>/dev/null)
    [ "$code" = UA-RJYD-Y202-78GT ]
    ok $? "the QR code of the girls' champion's diploma reads $code"
    expect_success "verify the code the QR code gives" \
        sekretar verify --archive arc "$code"
    expect_stdout "whose diploma, which place, event, bundle" "$good"
else
    for d in "the QR code reads" "verify the code the QR code gives" \
        "whose diploma, which place, event, bundle"; do
        ok 0 "# SKIP zbarimg not installed (zbar-tools): $d"
    done
fi
expect_success "typed in lower case, without dashes" \
    sekretar verify --archive arc ua-rjydy20278gt
expect_stdout "the same answer" "$good"
expect_success "a coach's diploma" sekretar verify --archive arc UA-MF02-6938-9B2H
expect_stdout "the coach and his pupil" \
"UA-MF02-6938-9B2H: a diploma of the archive
  diploma:  coach's, degree І, place 1
  awarded:  Савчук Віктор Петрович
  pupil:    Шевченко Остап Ігорович
  event:    2023-06-01-u10-lviv: Чемпіонат України з шахів (класичні, швидка гра та бліц) серед юнаків та дівчат до 10 років (Львів, 2023-06-01 to 2023-06-09)
  section:  boys-classic: Юнаки, класичні шахи
  bundle:   2023/2023-06-01-u10-lviv.zip, version 1
  SHA-256:  $sha"

expect_failure 65 "an altered code" sekretar verify --archive arc UA-RJYD-Y202-78GJ
expect_stderr "altered: message" \
    "sekretar: error: UA-RJYD-Y202-78GJ is not a valid diploma code: its check character does not match (mistyped or altered)"
expect_failure 65 "two characters swapped" sekretar verify --archive arc UA-RJYD-Y220-78GT
expect_stderr "swapped: message" \
    "sekretar: error: UA-RJYD-Y220-78GT is not a valid diploma code: its check character does not match (mistyped or altered)"
# A well-formed code of another event (the mini event's champion).
expect_success "render another event" \
    sekretar render --only diplomas -o mini "$DATA/mini-event"
other=$(pdftotext mini/boys-diplomas.pdf - | grep -o 'UA-[0-9A-Z-]*' | head -1)
expect_failure 65 "an unknown code" sekretar verify --archive arc "$other"
expect_stderr "unknown: message" \
    "sekretar: error: $other: no diploma of the archive has this code"
expect_failure 65 "not a code" sekretar verify --archive arc UA-RJYD-Y202
expect_stderr "not a code: message" \
    "sekretar: error: 'UA-RJYD-Y202' is not a diploma code (UA- and 12 letters and digits, as UA-XXXX-XXXX-XXXX)"
expect_failure 65 "a letter outside the alphabet" sekretar verify --archive arc UA-RJYD-Y202-78GU
expect_failure 66 "no catalogue" sekretar verify --archive nowhere UA-RJYD-Y202-78GT
expect_stderr "no catalogue: message" \
    "sekretar: error: no catalogue at 'nowhere/catalog.sqlite'; 'sekretar build DIR' makes one, 'sekretar archive rebuild' remakes it from the bundles"
expect_failure 64 "no code" sekretar verify --archive arc
expect_stderr "no code: message" "sekretar: error: no code given
Try 'sekretar verify --help'."
expect_failure 64 "two codes" sekretar verify --archive arc A B
expect_success "help" sekretar verify --help
expect_grep "help: usage" "^usage: sekretar verify \[--archive DIR\] CODE$" "$out"

# A read-only copy answers; the codes survive 'archive rebuild'.
cp -R arc ro && chmod -R a-w ro
expect_success "a read-only copy answers" sekretar verify --archive ro UA-RJYD-Y202-78GT
chmod -R u+w ro
expect_success "rebuild the catalogue from the zips" sekretar archive rebuild --archive arc
expect_success "the code after a rebuild" sekretar verify --archive arc UA-RJYD-Y202-78GT
expect_stdout "the same answer after a rebuild" "$good"

# An archive whose site has an address (base-url in its site.ini): a
# diploma's QR code holds the address of its page there, printed under the
# code too; 'verify' takes that address as it takes the code, and the
# site has the page.
mkdir web
printf '[site]\nbase-url = https://archive.example.ua/shakhy\n' >web/site.ini
expect_success "build into an archive with a site address" \
    sekretar build --archive web u10-lviv-2023
expect_success "export it" \
    sekretar archive export 2023-06-01-u10-lviv -o webex --archive web
url=https://archive.example.ua/shakhy/diplomas/UA-RJYD-Y202-78GT.html
pdftotext -f 1 -l 1 webex/documents/girls-classic-diplomas.pdf - >webex.txt
expect_grep "the address printed under the code" "^Перевірити: $url\$" webex.txt
if command -v zbarimg >/dev/null 2>&1; then
    pdftoppm -png -r 150 -f 1 -l 1 webex/documents/girls-classic-diplomas.pdf webpage
    got=$(zbarimg -q --raw webpage-1.png 2>/dev/null)
    [ "$got" = "$url" ]
    ok $? "the QR code holds the address of the diploma's page"
else
    ok 0 "# SKIP zbarimg not installed (zbar-tools): the QR code holds the address"
fi
expect_success "verify the address" sekretar verify --archive web "$url"
expect_grep "the same diploma" "^UA-RJYD-Y202-78GT: a diploma of the archive$" "$out"
expect_grep "its person" "awarded:  Ткаченко Вероніка Ігорівна" "$out"
expect_success "the archive's site" sekretar archive site --archive web -o www
[ -s www/diplomas/UA-RJYD-Y202-78GT.html ]
ok $? "the address is a page of the site"
expect_failure 65 "an address with an altered code" \
    sekretar verify --archive web https://archive.example.ua/shakhy/diplomas/UA-RJYD-Y202-78GA.html
printf '[site]\nbase-url = archive.example.ua\n' >web/site.ini
expect_failure 65 "a wrong address in site.ini stops the build at its line" \
    sekretar build --archive web u10-lviv-2023
expect_grep "the line" "site.ini:2:.*base-url" "$err"

done_testing
