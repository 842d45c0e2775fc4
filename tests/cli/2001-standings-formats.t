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
done_testing
