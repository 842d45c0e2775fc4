#!/bin/sh
# The documents of the example club championship (match cards): the
# teams' ranking list with the board-weight mark, the team cross table
# and the boards, as golden texts whose numbers are those of
# 'standings --section clubs --format tsv'.
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/render.sh"
need_poppler
cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2004-08-30
EX=$top/tests/example/ua-2004

expect_success "render the club championship" \
    sekretar render --section clubs -o docs "$EX"
expect_stdout "its documents" "docs/clubs-ranking.pdf
docs/clubs-crosstable.pdf
docs/clubs-team-crosstable.pdf
docs/clubs-boards.pdf
docs/clubs-diplomas.pdf"
for d in ranking team-crosstable boards; do
    text docs/clubs-$d.pdf >$d.txt
    cmp_golden render/clubs-$d.txt $d.txt
done

sekretar standings --section clubs --format tsv "$EX" | tail -n +2 >tsv
# "23.5" is written "23½", "14.0" "14"; DE 0 (it separated nobody) blank.
half() { printf '%s' "$1" | sed 's/\.5$/½/; s/\.0$//; s/^0½$/½/'; }

# Ranking list: place, number, team, КО ІО [ОЗ] Перем. ОД, and "за ОД"
# where the board weights decided (places 2 and 3: level on everything
# before).
bad=0
while IFS='	' read -r place no name mp gp de win wbp; do
    dev=
    [ "$de" = 0 ] || dev=" +$de"
    re="^ *$place +$no +$name +$(half $mp) +$(half $gp)$dev +$win +$(half $wbp)"
    case $place in 2|3) re="$re +за ОД$" ;; *) re="$re$" ;; esac
    grep -Eq -- "$re" ranking.txt || { echo "#   no line: $re"; bad=1; }
done <tsv
ok $bad "ranking list: every number of the standings"

# Team cross table: number, team, the grid, КО ІО [ОЗ] Перем. ОД, place.
bad=0
while IFS='	' read -r place no name mp gp de win wbp; do
    dev=
    [ "$de" = 0 ] || dev=" +$de"
    re="^ *$no +$name .* $(half $mp) +$(half $gp)$dev +$win +$(half $wbp) +$place$"
    grep -Eq -- "$re" team-crosstable.txt || { echo "#   no line: $re"; bad=1; }
done <tsv
ok $bad "team cross table: every total of the standings"
expect_grep "team cross table: the forfeited match" \
    '^ *7 +Славутич .* 6–0\+ ' team-crosstable.txt
expect_grep "team cross table: lost by forfeit" \
    '^ *3 +Поділля .* 0–6− ' team-crosstable.txt

# Boards: each team's players' points add up to its game points, less
# the 6 of the match Поділля forfeited to Славутич (no player played it).
bad=0
while IFS='	' read -r place no name mp gp de win wbp; do
    want=$gp
    [ "$name" = Славутич ] && want=$(awk -v g="$gp" 'BEGIN { print g - 6 }')
    got=$(awk -v t="$name" '$1 == t {
            v = $(NF - 3); h = 0
            if (v ~ /½$/) { sub(/½$/, "", v); h = 0.5 }
            s += v + h
        } END { printf "%.1f", s }' boards.txt)
    [ "$got" = "$(printf '%.1f' "$want")" ] ||
        { echo "#   $name: the boards give $got, the standings $want"; bad=1; }
done <tsv
ok $bad "boards: the players' points are the teams' game points"
expect_grep "boards: the forfeited board" \
    '^Ґорґани +[0-9] +[0-9]+ +Ткачук Павло .* \+ ' boards.txt
expect_grep "boards: the prize heading" \
    '^Кращі результати за дошками \(серед гравців, які зіграли не менше 5 партій;' boards.txt
expect_grep "boards: the prize of board 6" \
    '^6 дошка — Руденко Євген \(Каїса\): 6 з 7 \(85,7 %\)$' boards.txt

# board-prize-min-games: 7 games (every round) changes board 2's prize;
# 8 leaves every board without one.
cp -r "$EX" ev
sed -i 's/^boards = 6$/boards = 6\nboard-prize-min-games = 7/' ev/event.ini
expect_success "a board prize needs 7 games" \
    sekretar render --section clubs --only boards -o docs7 ev
text docs7/clubs-boards.pdf >boards7.txt
expect_grep "7 games: the heading" 'не менше 7 партій;' boards7.txt
expect_grep "7 games: board 2" \
    '^2 дошка — Beridze Levan \(Дебют\): 2½ з 7 \(35,7 %\)$' boards7.txt
sed -i 's/^board-prize-min-games = 7$/board-prize-min-games = 8/' ev/event.ini
expect_success "a board prize needs 8 games" \
    sekretar render --section clubs --only boards -o docs8 ev
text docs8/clubs-boards.pdf >boards8.txt
expect_grep "8 games: no prize on board 1" \
    '^1 дошка — немає гравця з достатньою кількістю партій$' boards8.txt

done_testing
