#!/bin/sh
# standings: the text table and the machine formats, byte for byte.
. "$(dirname "$0")/../lib/lib.sh"

for fmt in text tsv csv json; do
    expect_success "standings --format $fmt" \
        sekretar standings --format $fmt "$DATA/ua-small.trf"
    cmp_golden standings/ua-small.$fmt "$out"
done
expect_success "standings after round 3" \
    sekretar standings --rounds 3 --format tsv "$DATA/ua-small.trf"
cmp_golden standings/ua-small-r3.tsv "$out"
# A team competition: the teams by match points, then team tie-breaks.
for fmt in text tsv csv json; do
    expect_success "team standings --format $fmt" \
        sekretar standings --format $fmt --tiebreaks GPTS,DE,BH:MP,BC,WBP \
        "$DATA/team-swiss.trf"
    cmp_golden standings/team-swiss.$fmt "$out"
done
done_testing
