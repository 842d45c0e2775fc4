#!/bin/sh
# Every example command of the documentation runs (and succeeds), so the
# documentation cannot drift from the program: each line that starts with
# "$ ./sekretar" in README.md, README.uk.md and docs/**/*.md, page by page.
# tests/cli/0006-docs.t checks the other commands the pages show.
. "$(dirname "$0")/../lib/lib.sh"

cd "$top" || exit 1
# What the examples write (build/readme-*) is made anew: an archive left by
# an older Sekretar would answer as that one did, and init refuses a folder
# it has filled.
rm -rf build/readme-*
{
    echo README.md
    echo README.uk.md
    find docs -name '*.md' | LC_ALL=C sort
} >"$tmp/pages"
# The archive the examples ask (query, verify, archive site), whatever page
# shows its build first.
expect_success "the examples' archive" \
    sekretar build --archive build/readme-archive tests/example/u10-lviv-2023
: >"$tmp/all"
while IFS= read -r page; do
    grep '^ *\$ \./sekretar ' "$page" | sed 's/^ *\$ \.\/sekretar //' |
        sed "s|^|$page	|" >>"$tmp/all"
done <"$tmp/pages"
grep -q '^README.md	' "$tmp/all"
ok $? "the README has examples"
grep -q '^README.uk.md	' "$tmp/all"
ok $? "README.uk.md has examples"
grep -q '^docs/' "$tmp/all"
ok $? "docs/ has examples"
while IFS='	' read -r page line; do
    # shellcheck disable=SC2086
    expect_success "$page: sekretar $line" sekretar $line
done <"$tmp/all"
done_testing
