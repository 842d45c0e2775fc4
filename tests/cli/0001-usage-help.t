#!/bin/sh
# Usage errors, --help of every command, --version.
. "$(dirname "$0")/../lib/lib.sh"

expect_failure 64 "no command is a usage error" sekretar
expect_grep "usage goes to stderr" '^usage: sekretar' "$err"
expect_failure 64 "unknown command" sekretar frobnicate
expect_grep "names the unknown command" \
    "^sekretar: error: 'frobnicate' is not a sekretar command$" "$err"
expect_success "--help" sekretar --help
expect_grep "--help lists the commands" '^  standings ' "$out"
expect_success "--version" sekretar --version
expect_grep "--version prints the version" '^sekretar [0-9]+\.[0-9]+' "$out"
for cmd in init check standings convert render; do
    expect_success "$cmd --help" sekretar $cmd --help
    expect_grep "$cmd --help shows its usage" "^usage: sekretar $cmd" "$out"
    expect_success "help $cmd" sekretar help $cmd
    expect_grep "help $cmd shows its usage" "^usage: sekretar $cmd" "$out"
    expect_failure 64 "$cmd with a bad option" sekretar $cmd --no-such-option
    expect_grep "$cmd points to --help" "^Try 'sekretar $cmd --help'.$" "$err"
done
expect_failure 64 "check without a file" sekretar check
expect_stderr "check without a file: message" \
"sekretar: error: no input file given
Try 'sekretar check --help'."
expect_failure 64 "unknown encoding" sekretar check --encoding koi8 x.trf
expect_stderr "unknown encoding: message" \
"sekretar: error: unknown encoding 'koi8'
Try 'sekretar check --help'."
expect_failure 64 "unknown standings format" \
    sekretar standings --format xml "$DATA/ua-small.trf"
expect_stderr "unknown format: message" \
"sekretar: error: unknown format 'xml'
Try 'sekretar standings --help'."
expect_failure 64 "--rounds past the end" \
    sekretar standings --rounds 9 "$DATA/ua-small.trf"
expect_stderr "--rounds past the end: message" \
"sekretar: error: --rounds 9: the file has 5 rounds
Try 'sekretar standings --help'."
expect_failure 64 "convert without --to" sekretar convert "$DATA/ua-small.trf"
expect_stderr "convert without --to: message" \
"sekretar: error: --to is required (trf16 or trf26)
Try 'sekretar convert --help'."
done_testing
