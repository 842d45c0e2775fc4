#!/bin/sh
# convert: TRF-16 <-> TRF-26, to standard output or atomically to a file.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
expect_success "to TRF-26 on standard output" \
    sekretar convert --to trf26 "$DATA/ua-small.trf"
cmp_golden convert/ua-small.trf26 "$out"
expect_success "to TRF-26 in a file" \
    sekretar convert --to trf26 -o small26.trf "$DATA/ua-small.trf"
cmp -s small26.trf "$EXPECTED/convert/ua-small.trf26"
ok $? "the file holds the same bytes"
expect_success "back to TRF-16" sekretar convert --to trf16 small26.trf
sekretar standings --format tsv "$DATA/ua-small.trf" >a.tsv
sekretar convert --to trf16 -o small16.trf small26.trf 2>/dev/null
sekretar standings --format tsv small16.trf >b.tsv
cmp -s a.tsv b.tsv
ok $? "the round trip keeps the standings"
expect_failure 64 "unknown target format" \
    sekretar convert --to pgn "$DATA/ua-small.trf"
expect_stderr "unknown target: message" \
"sekretar: error: unknown format 'pgn' (trf16, trf26)
Try 'sekretar convert --help'."
expect_failure 73 "an output that cannot be created" \
    sekretar convert --to trf16 -o no/such/dir/x.trf "$DATA/ua-small.trf"
expect_grep "cannot create: message" \
    "^no/such/dir/x.trf: error: cannot create: No such file or directory$" "$err"
[ ! -e no ]
ok $? "nothing half-written is left"
: >empty.trf
expect_failure 65 "unreadable input is refused" sekretar convert --to trf26 -o out.trf empty.trf
[ ! -e out.trf ]
ok $? "and no output file is created"
done_testing
