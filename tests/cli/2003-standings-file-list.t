#!/bin/sh
# The tie-break list a TRF file carries (212 or 202 record): used when
# neither --rules nor --tiebreaks gives one; a list Sekretar cannot read is
# reported and left out.
. "$(dirname "$0")/../lib/lib.sh"

good=$DATA/ua-small.trf
sed 's/^XXR 5$/XXR 5\n202 BH\/C1, WIN/' "$good" >"$tmp/202.trf"
expect_success "202 record" sekretar standings --format tsv "$tmp/202.trf"
expect_grep "202: its list is the columns" "^Rank	StartNo	Name	PTS	BH/C1	WIN$" "$out"
sed 's/^XXR 5$/XXR 5\n202 BH\/C1, WIN\n212 PTS SB/' "$good" >"$tmp/212.trf"
expect_success "212 record" sekretar standings --format tsv "$tmp/212.trf"
expect_grep "212 comes before 202" "^Rank	StartNo	Name	PTS	SB$" "$out"
expect_success "--tiebreaks overrides the record" \
    sekretar standings --format tsv --tiebreaks KS "$tmp/212.trf"
expect_grep "--tiebreaks: its list" "^Rank	StartNo	Name	PTS	KS$" "$out"
expect_success "--rules with a list of its own overrides the record" \
    sekretar standings --format tsv --rules ua-2023 "$tmp/212.trf"
expect_grep "--rules: the preset's list" \
    "^Rank	StartNo	Name	PTS	BH/C1	BH/C2	BH/C3	WIN	DE/A$" "$out"
expect_success "--rules fide takes the record's list" \
    sekretar standings --format tsv --rules fide "$tmp/212.trf"
expect_grep "--rules fide: the record's list" "^Rank	StartNo	Name	PTS	SB$" "$out"

sed 's/^XXR 5$/XXR 5\n202 EDET\/P,BH:MP\/C1/' "$good" >"$tmp/team.trf"
expect_success "a list of team tie-breaks in an individual file is not an error" \
    sekretar standings --format tsv "$tmp/team.trf"
expect_stderr "the team code is named with its place" \
"$tmp/team.trf:13:5: warning: 'EDET/P' is a tie-break of team competitions, and the section is not one; the file's tie-break list (record 202) is not used"
expect_grep "points only" "^Rank	StartNo	Name	PTS$" "$out"
done_testing
