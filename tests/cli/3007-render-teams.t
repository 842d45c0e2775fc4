#!/bin/sh
# render of a team competition: the teams' ranking list (match points,
# game points, the team tie-breaks with their legend) equal to
# 'standings'; --players for the players' list; --rounds N for interim
# documents, and its errors.
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/render.sh"
need_poppler
cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2024-08-15
f=$DATA/team-swiss.trf

# Every row of 'standings --format tsv ARGS' (start number, name, points
# and every value, "7.5" written "7½") is a line of TEXT.
every_team() {
    text=$1
    shift
    sekretar standings --format tsv "$@" | tail -n +2 |
        awk -F '\t' '
            function num(v) {
                if (v ~ /\.0$/) sub(/\.0$/, "", v)
                else if (v ~ /\.5$/) { sub(/\.5$/, "½", v); sub(/^0½$/, "½", v) }
                return v
            }
            { re = " " $2 " +" $3; for (k = 4; k <= NF; k++) re = re " +" num($k); print re "( |$)" }' |
        while IFS= read -r re; do
            grep -Eq -- "$re" "$text" || { echo "#   no line: $re"; return 1; }
        done
}

expect_success "render a team competition" sekretar render -o teams "$f"
expect_stdout "its documents" "teams/team-swiss-ranking.pdf
teams/team-swiss-crosstable.pdf
teams/team-swiss-team-crosstable.pdf
teams/team-swiss-boards.pdf
teams/team-swiss-diplomas.pdf"
text teams/team-swiss-ranking.pdf >ranking.txt
expect_grep "the teams' ranking list" "^ +ПРОТОКОЛ РЕЗУЛЬТАТІВ КОМАНДНОЇ ПЕРШОСТІ$" ranking.txt
expect_grep "headed by match and game points" "Місце +Ст. № +Команда +КО +ІО$" ranking.txt
for t in Lviv Kyiv Odesa Kharkiv Dnipro; do
    expect_grep "team $t listed" " $t " ranking.txt
done
expect_grep "Lviv first: 6 match points, 9 game points" "^ +1 +1 +Lviv +6 +9$" ranking.txt
expect_grep "Dnipro: 7½ game points" "^ +2–3 +5 +Dnipro +3 +7½$" ranking.txt
every_team ranking.txt "$f" >diag
ok $? "every team's match points as 'standings' ranks them"
cat diag
expect_grep "the legend of the points" "^КО — командні очки$" ranking.txt
text teams/team-swiss-crosstable.pdf >crosstable.txt
expect_grep "the cross table is the players'" "Lviv 1 +Lviv +2290" crosstable.txt

tb=GPTS,BH:MP,BC,WBP
expect_success "with team tie-breaks" sekretar render --tiebreaks $tb -o tb "$f"
text tb/team-swiss-ranking.pdf >tb.txt
expect_grep "their Ukrainian headings" "Команда +КО +ІО +Бхг-КО +РД +ОД$" tb.txt
every_team tb.txt --tiebreaks $tb "$f" >diag
ok $? "every value equal to 'standings --format tsv'"
cat diag
expect_grep "the legend of a team tie-break" "^Бхг-КО — коефіцієнт Бухгольця \(за командними очками\)$" tb.txt
expect_grep "the legend of board points" "^РД — рахунок дошок" tb.txt

expect_success "--players" sekretar render --players -o players "$f"
text players/team-swiss-ranking.pdf >players.txt
expect_grep "the players' ranking list" "^ +ПРОТОКОЛ РЕЗУЛЬТАТІВ$" players.txt
expect_grep "headed by the players' columns" "Прізвище, ім'я" players.txt
expect_grep "a player listed" " Lviv 1 " players.txt

expect_success "--rounds 3 of a Swiss" sekretar render --rounds 3 -o r3 "$DATA/ua-small.trf"
text r3/ua-small-ranking.pdf >r3.txt
expect_grep "an interim ranking list, titled so" "^ +положення учасників після 3 туру$" r3.txt
text r3/ua-small-crosstable.pdf >r3x.txt
expect_grep "an interim cross table, titled so" "^ +\(швейцарська система\) після 3 туру$" r3x.txt
sekretar standings --rounds 3 --format tsv "$DATA/ua-small.trf" | tail -n +2 |
    awk -F '\t' '{ print $2 "\t" $4 }' >want
ok $? "the standings after round 3"
awk -F '\t' '{ p = $2; if (p ~ /\.0$/) sub(/\.0$/, "", p); else sub(/\.5$/, "½", p); sub(/^0½/, "½", p); print " " $1 " .* " p "( |$)" }' want |
    while IFS= read -r re; do grep -Eq -- "$re" r3.txt || { echo "#   no line: $re"; exit 1; }; done
ok $? "every player's points after round 3"
expect_success "--rounds 2 of a team competition" sekretar render --rounds 2 -o t2 "$f"
text t2/team-swiss-ranking.pdf >t2.txt
expect_grep "titled so" "^ +положення команд після 2 туру$" t2.txt
expect_grep "match and game points after round 2" "^ +1 +1 +Lviv +4 +6½$" t2.txt

expect_failure 64 "--rounds beyond the file" sekretar render --rounds 9 -o x "$f"
expect_stderr "says how many rounds there are" "sekretar: error: --rounds 9: the file has 3 rounds
Try 'sekretar render --help'."
expect_failure 64 "--rounds that is not a number" sekretar render --rounds x -o x "$f"
expect_stderr "says what it wants" "sekretar: error: --rounds wants a round number, not 'x'
Try 'sekretar render --help'."
expect_failure 64 "--rounds 0" sekretar render --rounds 0 -o x "$f"
expect_stderr "says what it wants" "sekretar: error: --rounds wants a round number, not '0'
Try 'sekretar render --help'."
expect_failure 64 "--rounds beyond a section" sekretar render --rounds 99 --section girls -o x "$DATA/mini-event"
expect_stderr "names the section" "sekretar: error: --rounds 99: section 'girls' has 3 rounds
Try 'sekretar render --help'."
[ ! -e x ]
ok $? "nothing written"

done_testing
