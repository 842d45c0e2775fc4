#!/bin/sh
# tests/lib/docs-block.sh: print the page FILE with its generated block
# replaced by the text in GEN; 'make docs' writes docs/tie-breaks.md with it
# and tests/cli/0006-docs.t compares the page with what it prints.
# SPDX-License-Identifier: MIT
#
# usage: docs-block.sh FILE GEN
# The block is the lines between
#   <!-- begin: the tie-break table, written by 'make docs'; do not edit -->
#   <!-- end: the tie-break table -->
# which become a blank line, GEN, a blank line.  Exit 1 when FILE lacks
# either marker (or has them out of order).
[ $# = 2 ] || { echo "usage: $0 FILE GEN" >&2; exit 2; }
awk -v gen="$2" '
/^<!-- begin: the tie-break table[,.]/ {
    if (begun) { bad = 1 }
    print
    print ""
    while ((getline line < gen) > 0)
        print line
    close(gen)
    print ""
    begun = 1; skip = 1
    next
}
/^<!-- end: the tie-break table/ {
    if (!skip) { bad = 1 }
    skip = 0; ended = 1
}
!skip { print }
END {
    if (!begun || !ended || skip || bad) {
        print FILENAME ": no block <!-- begin: the tie-break table ... --> ... <!-- end: the tie-break table -->" > "/dev/stderr"
        exit 1
    }
}' "$1"
