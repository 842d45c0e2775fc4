#!/bin/sh
# sekretar query over the example championship: champions, a player's
# history, head-to-head, medals, events, name search (Ukrainian folding and
# Latin); people merged across events; 'archive rebuild' from the zips
# gives the same answers.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
export SEKRETAR_ARCHIVE=arc
cp -R "$top/tests/example/u10-lviv-2023" u10-lviv-2023
sekretar build u10-lviv-2023 >/dev/null 2>&1
ok $? "build the example"

q() {
    name=$1
    shift
    expect_success "query $*" sekretar query "$@"
    cmp_golden "query/$name" "$out"
}
q champions.text champions
q champions-girls-classic.json champions --sex f --discipline classic --format json
q champions.csv champions --category u10 --from 2023 --to 2023 --format csv
q player-shevchenko.text player 'Шевченко Остап'
q player-fide.tsv player 34170731 --format tsv
q h2h.text h2h 'Мельничук Єгор' 'Kushnir Ostap'
q medals.text medals
q medals-coach.csv medals --by coach --year 2023 --format csv
q events.text events --year 2023 --city львів --category U10
q search-latin.text search kushnir
q search-apostrophe.text search 'Мар’янчук'
expect_success "і, ї and й alike" sekretar query search 'Іжакевич'
expect_grep "Їжакевич found as Іжакевич" 'Їжакевич Олександр' "$out"
expect_success "ґ as г" sekretar query search 'Гудзь Тетяна'
expect_grep "Ґудзь found as Гудзь" 'Ґудзь Тетяна' "$out"
expect_success "є as е" sekretar query search 'егор'
expect_grep "Єгор found as егор" 'Єгор' "$out"
expect_success "Latin finds Cyrillic" sekretar query search 'Yegor Melnychuk'
expect_grep "Yegor Melnychuk finds Мельничук Єгор" 'Мельничук Єгор' "$out"
expect_success "no match is an empty table" sekretar query search Zzyzx
expect_stdout "no match: headings only" "Person  Name  Birth  FIDE  Events"
expect_success "events of another year" sekretar query events --year 2004
expect_stdout "another year: headings only" \
    "Event  Version  Start  End  City  Category  Sections  People  Entries  Title"

# The same answers from a catalogue rebuilt from the zips alone.
for a in "champions" "player 34170731" "medals --by region" "events" \
    "h2h #1 #2" "search шевч"; do
    # shellcheck disable=SC2086
    "$SEKRETAR" query $a >"before-$(echo $a | tr ' #' '__')" 2>&1
done
rm arc/catalog.sqlite
expect_success "rebuild from the zips" sekretar archive rebuild
expect_stdout "rebuild: message" \
"arc/catalog.sqlite: rebuilt from 1 bundle: 1 events, 6 sections, 196 people, 454 entries, 2189 games"
same=0
for a in "champions" "player 34170731" "medals --by region" "events" \
    "h2h #1 #2" "search шевч"; do
    # shellcheck disable=SC2086
    "$SEKRETAR" query $a >after 2>&1
    cmp -s after "before-$(echo $a | tr ' #' '__')" || {
        echo "# differs after rebuild: query $a"
        same=1
    }
done
ok $same "rebuild gives the same query answers"
expect_success "the rebuilt archive verifies" sekretar archive verify

# One person under two records: merged, and the merge survives a rebuild.
cp -R "$DATA/mini-event" ev
sekretar build ev >/dev/null 2>&1
ok $? "build the mini event"
cp -R "$DATA/mini-event" cup
sed -i 's/^start = .*/start = 01.06.2024/; s/^end = .*/end = 03.06.2024/' \
    cup/event.ini
sed -i 's/^Мельник,Ярослав,ч,14.03.2013,\(.*\),34187243,/Мельник,Ярослав,ч,14.04.2013,\1,,/' \
    cup/players.csv
sekretar build cup >/dev/null 2>&1
ok $? "build a second event"
expect_success "two records of one name" sekretar query search 'Мельник Ярослав'
expect_stdout "two records: listed" \
"Person  Name             Birth       FIDE      Events
   197  Мельник Ярослав  2013-03-14  34187243       1
   204  Мельник Ярослав  2013-04-14                 1"
expect_failure 65 "an ambiguous name" sekretar query player 'Мельник Ярослав'
expect_stderr "ambiguous: message" \
"sekretar: error: 'Мельник Ярослав' matches 2 people; name one by FIDE ID or #ID:
Person  Name             Birth       FIDE      Events
   197  Мельник Ярослав  2013-03-14  34187243       1
   204  Мельник Ярослав  2013-04-14                 1"
expect_failure 65 "their birth dates differ" sekretar archive merge-people '#197' '#204'
expect_stderr "birth dates differ: message" \
"sekretar: error: #197 and #204 have different birth dates (2013-03-14 and 2013-04-14): two people, or a date typed wrong; --force joins them all the same"
expect_success "merge them" sekretar archive merge-people --force '#197' '#204'
expect_stdout "merge: message" "#204 is now #197"
expect_success "one person, two events" sekretar query player 34187243
expect_stdout "one person, two events: history" \
"#197 Мельник Ярослав, born 2013-03-14, FIDE ID 34187243
Year  Event           Section     Place  Points  Games  Performance  RatedGames  Rating  Region     Club      Coach                 Rank   Reached  Team  Boards  Recorded
2023  2023-06-01-ev   boys            1     2.5      3                             1612  Львівська  ДЮСШ № 1  Коваль Ігор Петрович  І юн.
2023  2023-06-01-ev   boys-rapid      2     0.0      1                             1612  Львівська  ДЮСШ № 1  Коваль Ігор Петрович  І юн.
2024  2024-06-01-cup  boys            1     2.5      3                             1612  Львівська  ДЮСШ № 1  Коваль Ігор Петрович  І юн.
2024  2024-06-01-cup  boys-rapid      2     0.0      1                             1612  Львівська  ДЮСШ № 1  Коваль Ігор Петрович  І юн."
expect_success "rebuild keeps the merge" sekretar archive rebuild
expect_success "still one person" sekretar query search 'Мельник Ярослав' --format csv
expect_grep "still one: FIDE and two events" ',Мельник Ярослав,2013-03-14,34187243,2' "$out"
[ "$(wc -l <"$out")" = 2 ]
ok $? "still one: one row"
done_testing
