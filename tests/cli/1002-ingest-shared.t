#!/bin/sh
# The real files of ../shared/data/trf: every main file is consistent, and
# check names what is really wrong with the edge files.
. "$(dirname "$0")/../lib/lib.sh"
need_shared

T=$SHARED/trf
for f in "$T"/*.trf "$T"/real/*.trf; do
    case $f in *team-sample-no299*) continue ;; esac
    expect_success "$(basename "$f"): no errors" sekretar check -q "$f"
done

# The TEC team sample: its 240 record of round 3 names team 50 (which has
# the pairing-allocated bye of round 3) where its 802 record and 310 totals
# say team 47 had the half-point bye.
f=$T/fide-tec-trf26-team-sample-no299.trf
expect_failure 65 "TEC team sample (no 299): two errors" sekretar check "$f"
expect_stdout "TEC team sample (no 299): what is wrong, located" \
"$f:334:55: error: team 47 'Denmark': record 310 says 13.0 match points and 24.5 game points, the results add up to 12.0 and 22.5
$f:512:11: error: round 3: team 'Latvia' has two byes, a half-point bye (record 240, line 345) and the pairing-allocated bye (record 320, line 512); the second is used
$f:641:54: warning: round 3: record 802 says team 47 'Denmark' had a half-point bye (HPB) with 2.0 game points, the results give a zero-point bye (ZPB) with 0.0
$f: 249 players, 14 rounds, 2 errors, 1 warning"
sed 's/^240 H   3   26   50$/240 H   3   26   47/' "$f" >"$tmp/fixed.trf"
expect_success "TEC team sample with 47 in the 240 record: consistent" \
    sekretar check "$tmp/fixed.trf"
expect_grep "TEC team sample fixed: nothing to say" \
    "249 players, 14 rounds, 0 errors, 0 warnings$" "$out"

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
expect_grep "bunratty major: 11 inferences and a withdrawal reported" \
    "56 players, 6 rounds, 0 errors, 12 warnings$" "$out"
expect_grep "bunratty major: the withdrawal" \
    ":53:102: warning: player 40 'Cummins, Ron': withdrew after round 1 \(no game in rounds 2-6\); the cross table marks 'вибув'$" "$out"
expect_success "bunratty minor: reads" \
    sekretar check "$E/bunratty-minor-2011-blankresults.trf"
expect_grep "bunratty minor: the rank column is not a ranking by points" \
    ":14:86: warning: player 1: rank column says 12, but with 3.0 points the place is 42-63$" "$out"
f=$E/fide-tec-trf26-team-sample.trf
expect_failure 65 "TEC team sample: its 299 records are refused" \
    sekretar check -q "$f"
expect_stdout "TEC team sample: 299 records out of their TRF-26 columns" \
"$f:334:55: error: team 47 'Denmark': record 310 says 13.0 match points and 24.5 game points, the results add up to 12.0 and 22.5
$f:512:11: error: round 3: team 'Latvia' has two byes, a half-point bye (record 240, line 345) and the pairing-allocated bye (record 320, line 512); the second is used
$f:539:13: error: record 299 is not in the TRF-26 columns (type 5, match points 8-11, game points 14-17, round 20-22, teams 24-27, 29-32, ...): column 13 holds '2'; the record is not used
$f:540:13: error: record 299 is not in the TRF-26 columns (type 5, match points 8-11, game points 14-17, round 20-22, teams 24-27, 29-32, ...): column 13 holds '1'; the record is not used"
expect_failure 65 "TEC team sample: what the 299 records say in the draft's columns" \
    sekretar check "$f"
expect_grep "TEC team sample: the forfeit win of team 1 in round 1" \
    ":539:13: note: in the columns of the TRF-2025 draft \(match points 7-10, game points 12-15, round 17-19, teams 21-24, ...\) record 299 reads: '\+', 2.0 match points, 2.5 game points, round 1, team 1$" "$out"
expect_grep "TEC team sample: the forfeit loss of everyone" \
    ":540:13: note: .* record 299 reads: '-', 0.0 match points, 1.5 game points, every round, every team$" "$out"
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
