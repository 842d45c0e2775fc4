#!/bin/sh
# The render fuzz target (tests/fuzz/fuzz-render.c: every document of a
# fuzzed event with fuzzed templates and background images) run once on
# each of its seeds (tests/fuzz/seed-render.sh), without libFuzzer: under
# 'make asan-check' through AddressSanitizer and UBSan.  Each seed's
# outcome is asserted: the three events' documents made with every
# template as it is; damaged backgrounds and numbers that are no numbers
# refused at the template's line.
. "$(dirname "$0")/../lib/lib.sh"

run=$SEKRETAR_BUILD/tests/fuzz-render-seeds
cd "$top" || exit 1
expect_success "the seeds are made" sh tests/fuzz/seed-render.sh "$tmp/seeds"
# From the top of the tree (the target reads tests/data and templates/).
SEKRETAR_DATADIR=$top FUZZ_RENDER_SAY=1 "$run" "$tmp"/seeds/* \
    >"$tmp/said" 2>"$err" &
pid=$!
wait $pid
ok $? "every seed goes through the target (no crash, no sanitizer report)"
diag_file "$err" 5
cd "$tmp" || exit 1
sed -i "s|^$tmp/||" said
[ ! -e /tmp/fuzz-render-$pid ]
ok $? "the target removes its folder when it ends"
# said: an outcome line, then "seeds/NAME: N bytes"
outcome() {
    awk -v f="seeds/$1:" '$1 == f { print prev } { prev = $0 }' said
}
for s in common ranking crosstable diploma-individual diploma-team \
    diploma-member diploma-coach mandate report ranking-girls \
    diploma-rgb diploma-alpha diploma-interlaced diploma-palette-trns; do
    [ "$(outcome $s)" = "documents 14" ]
    ok $? "mini-event, $s: its 14 documents"
done
for s in ko-common ko-ranking ko-bracket ko-matches ko-diploma-individual \
    ko-diploma-coach; do
    [ "$(outcome $s)" = "documents 8" ]
    ok $? "the knock-out, $s: its 8 documents"
done
for s in team-common team-ranking team-crosstable team-team-crosstable \
    team-boards team-diploma-team team-diploma-member; do
    [ "$(outcome $s)" = "documents 10" ]
    ok $? "the team competition, $s: its 10 documents"
done
for s in truncated crc bad-filter huge-header; do
    outcome diploma-$s >o
    expect_grep "a $s background is refused at the template's line" \
        "^refused: diploma-individual.ini:20: the background image '.*/bg.png' (is a damaged PNG file|has 30000 x 30000 pixels)" o
done
outcome common-nan >o
expect_text "nan is no margin" o \
    "refused: common.ini:9: 'margin-left' wants a number from 0 to 200, not 'nan'"
outcome ko-bracket-inf >o
expect_text "1e999 is no text size" o \
    "refused: bracket.ini:40: 'min-size' wants a number from 7 to 14, not '1e999'"
n=$(grep -c ': [0-9]* bytes$' said)
[ "$n" = "$(ls seeds | wc -l)" ] && [ "$n" -ge 36 ]
ok $? "every seed was run ($n)"
done_testing
