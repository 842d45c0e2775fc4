#!/bin/sh
# tests/fuzz/seed-render.sh OUT: the seeds of tests/fuzz/fuzz-render.c,
# made from the tree's own templates, mini-event's results and the PNG
# files of tests/lib/mkpng.py: each template as it is, with the three
# events (mini-event, a knock-out, a team competition); the girls' results
# given; the diploma with good and damaged backgrounds; numbers that are
# no numbers.  Run from the top of the tree.
# SPDX-License-Identifier: MIT
set -e
out=$1
mkdir -p "$out"
sep='
--8<--
'
i=0
for t in common ranking crosstable bracket matches diploma-individual \
    diploma-team diploma-member diploma-coach mandate report \
    team-crosstable boards; do
    { printf "\\$(printf %03o $i)"; cat templates/$t.ini; } >"$out/$t"
    i=$((i + 1))
done
# The knock-out (13 + i) and the team competition (26 + i).
for t in 0:common 1:ranking 3:bracket 4:matches 5:diploma-individual \
    8:diploma-coach; do
    i=${t%%:*}; t=${t#*:}
    { printf "\\$(printf %03o $((13 + i)))"; cat templates/$t.ini; } \
        >"$out/ko-$t"
done
for t in 0:common 1:ranking 2:crosstable 6:diploma-team 7:diploma-member \
    11:team-crosstable 12:boards; do
    i=${t%%:*}; t=${t#*:}
    { printf "\\$(printf %03o $((26 + i)))"; cat templates/$t.ini; } \
        >"$out/team-$t"
done
{ printf '\001'; cat templates/ranking.ini; printf '%s' "$sep";
  cat tests/data/mini-event/girls.trf; } >"$out/ranking-girls"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for kind in rgb palette-trns interlaced alpha truncated crc huge-header \
    bad-filter; do
    python3 tests/lib/mkpng.py $kind "$tmp/$kind.png"
    { printf '\005'
      sed 's/^background =.*/background = bg.png/' \
          templates/diploma-individual.ini
      printf '%s%s' "$sep" "$sep"; cat "$tmp/$kind.png"; } \
        >"$out/diploma-$kind"
done
{ printf '\000'; sed 's/^\(margin-left *=\).*/\1 nan/' templates/common.ini; } \
    >"$out/common-nan"
{ printf '\020'; sed 's/^\(min-size *=\).*/\1 1e999/' templates/bracket.ini; } \
    >"$out/ko-bracket-inf"
