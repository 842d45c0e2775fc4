#!/bin/sh
# render: the largest shared file (283 players and the pairing program's
# fake bye player, "spielfrei", left out) across many pages: every
# player in the ranking list, the header row and the page number on every
# page, the cross table in landscape.
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/render.sh"
need_shared
need_poppler

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2005-07-31
trf=$SHARED/trf/karl-mala-2005.trf

expect_success "karl-mala: render" sekretar render -o km "$trf"
for d in ranking crosstable; do
    pdf=km/karl-mala-2005-$d.pdf
    pages=$(pdfinfo "$pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
    [ "${pages:-0}" -gt 4 ]
    ok $? "$d: many pages ($pages)"
    text "$pdf" >$d.txt
    heads=$(grep -c "Прізвище, ім'я" $d.txt)
    [ "$heads" = "$pages" ]
    ok $? "$d: the header row on each of the $pages pages ($heads)"
    numbers=$(grep -c "Сторінка [0-9]* з $pages\$" $d.txt)
    [ "$numbers" = "$pages" ]
    ok $? "$d: 'Сторінка N з $pages' on each page"
    expect_grep "$d: the running header on later pages" \
        "9\. Karl-Mala-Gedenkturnier\. (ПРОТОКОЛ|ТУРНІРНА)" $d.txt
    expect_grep "$d: the signatures at the end" \
        "Головний суддя +Ralph BLUM \(SV Griesheim\)" $d.txt
done
every_row "$trf" ranking.txt
ok $? "every one of the 283 players, places and scores in the ranking list"
if grep -q spielfrei ranking.txt crosstable.txt; then
    ok 1 "the fake bye player is in no document"
else
    ok 0 "the fake bye player is in no document"
fi
pdfinfo km/karl-mala-2005-ranking.pdf 2>/dev/null >info
expect_grep "the ranking list is portrait" "^Page size: +595.* x 841.* \(A4\)" info
pdfinfo km/karl-mala-2005-crosstable.pdf 2>/dev/null >info
expect_grep "the cross table is landscape" "^Page size: +841.* x 595.* \(A4\)" info
expect_grep "a forfeit in the cross table" " 153− " crosstable.txt
done_testing
