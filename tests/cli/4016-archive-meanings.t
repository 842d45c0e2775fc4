#!/bin/sh
# What the archive's numbers mean: a qualifying stage (stage =
# qualifying) has no champion, no medals and no diplomas unless awards =
# yes; every coach of a medallist is credited with the medal; one club
# written with other quote marks is one club; age categories youngest
# first.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800

# ---- 1. a qualifying stage
cp -R "$top/tests/example/ua-2004" ua
expect_success "render the 2004 example" sekretar render -o docs ua
[ ! -e docs/men-semifinal-diplomas.pdf ] && [ -s docs/men-final-diplomas.pdf ]
ok $? "the semi-final, a qualifying stage, gives no diplomas"
pdftotext -layout docs/coaches-diplomas.pdf - | grep -c 'півфінал' >n
[ "$(cat n)" = 0 ]
ok $? "nor do its prize-winners' coaches"
expect_success "build it" sekretar build --archive arc ua
expect_success "medals by region" sekretar query --archive arc medals \
    --format tsv
total=$(awk -F'\t' 'NR > 1 { t += $5 } END { print t }' "$out")
# women 3, the final 4 (two bronzes: no match for third place played
# out? its third place is played: 3), the clubs' team 3; no semi-final.
sqlite3 arc/catalog.sqlite "SELECT count(*) FROM entries en JOIN sections s
    ON s.id = en.section_id WHERE en.place <= 3 AND s.key != 'clubs' AND
    s.key != 'men-semifinal'" >want
sqlite3 arc/catalog.sqlite "SELECT count(*) FROM teams WHERE place <= 3" >>want
[ "$total" = "$(awk '{ t += $1 } END { print t }' want)" ]
ok $? "medals by region: the podiums of the sections that award them ($total)"
sqlite3 arc/catalog.sqlite "SELECT stage, awards FROM sections WHERE key =
    'men-semifinal'" >got
expect_text "the catalogue: its stage" got "qualifying|0"
sed -i '/^stage = qualifying$/a awards = yes' ua/event.ini
rm -rf docs
expect_success "awards = yes" sekretar render --only diplomas -o docs ua
[ -s docs/men-semifinal-diplomas.pdf ]
ok $? "awards = yes: its diplomas"
sed -i 's/^stage = qualifying$/stage = semi/' ua/event.ini
l=$(grep -n '^stage = semi$' ua/event.ini | cut -d: -f1)
expect_failure 65 "an unknown stage" sekretar check -q ua
expect_stdout "an unknown stage: where and what" \
"ua/event.ini:$l:9: error: the stage is final or qualifying (фінал, відбірковий), not 'semi'"

# ---- 2. clubs and coaches
cp -R "$DATA/mini-event" mini
sed -i 's/^Мельник,Ярослав,ч,14.03.2013,Львівська обл.,ДЮСШ № 1,/Мельник,Ярослав,ч,14.03.2013,Львівська обл.,Шаховий клуб «Гамбіт»,/' mini/players.csv
sed -i 's/^Їжакевич,Ілля,ч,2014,Київ,,/Їжакевич,Ілля,ч,2014,Київ,"Шаховий  клуб ""ГАМБІТ""",/' mini/players.csv
expect_success "build an event of one club in two spellings" \
    sekretar build --archive arc2 mini
expect_success "medals by club" sekretar query --archive arc2 medals --by \
    club --format tsv
# (Мельник: boys 1st, boys-rapid 2nd; Їжакевич: boys 2nd)
expect_grep "one club: its three medals" "^Шаховий клуб [«\"](Гамбіт|ГАМБІТ)[»\"]	1	2	0	3$" "$out"
[ "$(grep -ci 'гамбіт' "$out")" = 1 ]
ok $? "one club: one row"
expect_success "medals by coach" sekretar query --archive arc2 medals --by \
    coach --format tsv
# (Бойко: boys 3rd, boys-rapid 1st; coached by "Лисенко О. І., Мороз П. П.")
expect_grep "a medallist's two coaches: each credited" \
    "^Лисенко О\. І\.	1	0	1	2$" "$out"
expect_grep "... the other too" "^Мороз П\. П\.	1	0	1	2$" "$out"


# ---- 3. age categories youngest first: U8 before U10 before U12
for a in 12 8 10; do
    rm -rf m$a && cp -R "$DATA/mini-event" m$a
    sed -i "s/^born-from = 2013$/age-group = до $a років/" m$a/event.ini
    sekretar build --archive arc3 --slug u$a m$a >/dev/null 2>&1 ||
        echo "# build m$a failed"
done
expect_success "the site of three age groups" sekretar archive site \
    --archive arc3 -o www3
grep -o 'champions/u[0-9]*\.html">U[0-9]*' www3/champions/index.html |
    sed 's/.*>//' | tr '\n' ' ' >got; echo >>got
expect_text "champions: U8, U10, U12" got "U8 U10 U12 "
done_testing
