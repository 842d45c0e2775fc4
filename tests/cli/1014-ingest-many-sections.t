#!/bin/sh
# An event of thousands of sections is read in a time that grows with the
# number of sections, not with its cube: the shared-file check looks at
# each file once.  Sections that share a results file are still found,
# however far apart, each at its own 'file' line.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
gen=$top/tests/bench/gen-sections.sh
# expect_line DESC TEXT FILE: a line of FILE is exactly TEXT.
expect_line() {
    grep -Fqx -- "$2" "$3"
    ok $? "$1"
    grep -Fqx -- "$2" "$3" || diag_file "$3" 10
}
# file_line SECTION: the line of the section's 'file' entry in ev/event.ini.
file_line() {
    awk -v s="[section $1]" '$0 == s { n = 1 } n && /^file = / { print NR; exit }' \
        ev/event.ini
}

# 2,500 sections took 50 s when every pair was compared (and every lookup
# of a section's line walked event.ini); now a fraction of a second.
sh "$gen" 2500 ev
expect_success "check of 2,500 sections, within 20 s" \
    timeout 20 "$SEKRETAR" check -q ev
[ ! -s "$out" ]
ok $? "no finding"

# Sections far apart share a file: the later one is named, with the first.
sed -i 's/^file = s2400\.csv$/file = s7.csv/' ev/event.ini
rm ev/s2400.csv
sed -i '/,s2400$/d' ev/players.csv
# Three sections, one file: both later ones name the first.
sed -i 's/^file = s1300\.csv$/file = s1200.csv/; s/^file = s1250\.csv$/file = s1200.csv/' \
    ev/event.ini
rm ev/s1300.csv ev/s1250.csv
sed -i '/,s1300$/d; /,s1250$/d' ev/players.csv
expect_failure 65 "shared files among 2,500 sections" \
    timeout 20 "$SEKRETAR" check -q ev
expect_stdout "each later section named at its line, with the first" \
"ev/event.ini:$(file_line s1250):8: error: section 's1250' has the results file of section 's1200' ('s1200.csv', line $(file_line s1200)); each section needs its own
ev/event.ini:$(file_line s1300):8: error: section 's1300' has the results file of section 's1200' ('s1200.csv', line $(file_line s1200)); each section needs its own
ev/event.ini:$(file_line s2400):8: error: section 's2400' has the results file of section 's7' ('s7.csv', line $(file_line s7)); each section needs its own"

# One file under two names (a symbolic link) is one file.
sh "$gen" 3 small
ln -s s0.csv small/link.csv
sed -i 's/^file = s2\.csv$/file = link.csv/' small/event.ini
expect_failure 65 "a link to another section's file" sekretar check -q small
expect_stdout "the link: message" \
"small/event.ini:26:8: error: section 's2' has the results file of section 's0' ('s0.csv', line 12); each section needs its own"

done_testing
