#!/bin/sh
# The real files of ../shared/data/trf: every main file is consistent, and
# check names what is really wrong with the edge files.
. "$(dirname "$0")/../lib/lib.sh"
need_shared

T=$SHARED/trf
for f in "$T"/*.trf "$T"/real/*.trf; do
    expect_success "$(basename "$f"): no errors" sekretar check -q "$f"
done

E=$T/edge
expect_failure 65 "galway: an ambiguous blank result is an error" \
    sekretar check "$E/galway-major-2011-blankresults.trf"
expect_grep "galway: player 45 named" \
    ":59:81: error: player 45: 3 blank results cannot be valued from the points column \(0.5 for them together\)$" "$out"
expect_grep "galway: a blank result valued ½ is a warning" \
    ":26:81: warning: player 12: blank result in round 1 valued ½ from the points column$" "$out"
expect_grep "galway: a blank result valued 1 is a warning" \
    ":58:81: warning: player 44: blank result in round 5 valued 1 from the points column$" "$out"
expect_failure 65 "bunratty challengers: player 32's blanks are ambiguous" \
    sekretar check -q "$E/bunratty-challengers-2011-blankresults.trf"
expect_grep "bunratty challengers: located" \
    ":45:81: error: player 32: 5 blank results cannot be valued" "$out"
expect_success "bunratty major: blank results all valued" \
    sekretar check "$E/bunratty-major-2011-blankresults.trf"
expect_grep "bunratty major: 11 inferences reported" \
    "56 players, 6 rounds, 0 errors, 11 warnings$" "$out"
expect_success "bunratty minor: reads" \
    sekretar check "$E/bunratty-minor-2011-blankresults.trf"
expect_grep "bunratty minor: the rank column is not a ranking by points" \
    ":14:86: warning: player 1: rank column says 12, but with 3.0 points the place is 42-63$" "$out"
expect_success "TEC team sample: 013 copies beside 310 records accepted" \
    sekretar check "$E/fide-tec-trf26-team-sample.trf"
expect_grep "TEC team sample: 082 disagrees" \
    "fide-tec-trf26-team-sample.trf: 249 players, 14 rounds, 0 errors" "$out"
expect_success "Armstrong Cup: team 013 records" \
    sekretar check "$E/armstrong-cup-2011-team013.trf"
expect_grep "Armstrong Cup: the column ruler '0123...' is not a record" \
    "160 players, 11 rounds, 0 errors, 0 warnings$" "$out"
expect_success "Armstrong 2012: a UTF-8 byte-order mark" \
    sekretar check "$E/armstrong-2012-bom.trf"

sekretar standings "$E/encoding-sample-latin1.trf" >"$tmp/latin1" 2>&1
sekretar standings "$E/encoding-sample-utf8.trf" >"$tmp/utf8" 2>&1
cmp -s "$tmp/latin1" "$tmp/utf8"
ok $? "the same file in Latin-1 and UTF-8 gives the same standings"
expect_grep "Latin-1 decoded" "Örr,Mârk" "$tmp/latin1"
expect_success "Irish juniors in Latin-1" \
    sekretar standings "$E/irish-junior-champs-2011-latin1.trf"
expect_grep "Irish names decoded" "Ó Muireagáin, Colm" "$out"

sekretar standings --format tsv "$T/karl-mala-2005.trf" >"$tmp/full" 2>&1
sekretar standings --format tsv "$E/karl-mala-2005-trimmed.trf" >"$tmp/trim" 2>&1
cmp -s "$tmp/full" "$tmp/trim"
ok $? "trailing blanks trimmed or not: the same standings"
done_testing
