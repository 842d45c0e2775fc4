#!/bin/sh
# Every example command of the README runs (and succeeds), so the
# documentation cannot drift from the program.
. "$(dirname "$0")/../lib/lib.sh"

cd "$top" || exit 1
# The examples' archive is made anew: one left by an older Sekretar would
# answer as that one did.
rm -rf build/readme-archive
grep '^    \$ \./sekretar ' README.md | sed 's/^    \$ \.\/sekretar //' >"$tmp/examples"
[ -s "$tmp/examples" ]
ok $? "the README has examples"
while IFS= read -r line; do
    # shellcheck disable=SC2086
    expect_success "README: sekretar $line" sekretar $line
done <"$tmp/examples"
done_testing
