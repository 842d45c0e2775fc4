#!/bin/sh
# The 2004 example in the archive: the knock-out's games with their stage,
# match and game number, the places and the round reached; query
# champions names the final's winner, h2h shows the tie-break games with
# their stage, player the round reached; the final's diplomas by its
# places, verified; 'archive rebuild' gives the same; the final's cards
# numbered from the top of the bracket down give the same places.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1093824000
export SEKRETAR_ARCHIVE=arc
cp -R "$top/tests/example/ua-2004" ua-2004
expect_success "build the 2004 example" sekretar build --slug ua-2004 ua-2004
expect_grep "the bracket in the bundle" '^  documents/men-final-bracket\.pdf$' "$out"
expect_grep "the record of games in the bundle" \
    '^  documents/men-final-matches\.pdf$' "$out"
expect_grep "the final's diplomas in the bundle" \
    '^  documents/men-final-diplomas\.pdf$' "$out"

# The final's diplomas in the catalogue by its places, verified.
python3 - arc/catalog.sqlite >diplomas.txt <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for r in db.execute("SELECT place, place_to, degree, name FROM diplomas "
                    "WHERE section = 'men-final' AND kind = 'individual' "
                    "ORDER BY place"):
    print(*r)
print(db.execute("SELECT code FROM diplomas WHERE section = 'men-final' "
                 "AND place = 1 AND kind = 'individual'").fetchone()[0],
      file=open("code", "w"))
PY
expect_text "the final's diplomas: I, II from the final, III from the match for third" \
    diplomas.txt "1 1 1 Кравець Лук'ян Богданович
2 2 2 Зінченко Данило Олегович
3 3 3 Щербак Данило Іванович"
expect_success "verify the champion's diploma" sekretar verify "$(cat code)"
expect_grep "the champion's diploma: degree І, place 1" \
    'diploma: +individual, degree І, place 1$' "$out"
expect_grep "the champion's name" "awarded: +Кравець Лук'ян" "$out"

unzip -p arc/2004/2004-05-03-ua-2004.zip results/men-final.json >final.json
python3 - final.json >json.txt <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(d["system"], d["stages"], d["third_place"], d["rules"]["unplayed"])
for p in d["standings"]:
    for m in p["matches"]:
        if m["walkover"] or m["armageddon_draw"] or p["place"] <= 2 and m["round"] == 5:
            print(p["place"], p["place_to"], p["name"], p["round_reached"],
                  m["round"], m["match"], m["opponent"], m["result"],
                  " ".join("%s %s-%s" % (s["stage"], s["points"], s["opponent_points"])
                           for s in m["stages"]))
PY
expect_text "the results JSON: stages, round reached, matches" json.txt \
"knock-out classic 2, rapid 2, blitz 2, armageddon 1 True none
1 1 Кравець Лук'ян 5 5 1 3 won classic 1.5-0.5
2 2 Зінченко Данило 5 5 1 4 lost classic 0.5-1.5
3 3 Щербак Данило 5 1 10 23 won classic 1.0-1.0 rapid 1.0-1.0 blitz 1.0-1.0 armageddon 0.5-0.5
9 16 Поліщук Давид 2 1 13 20 won 
17 32 Стасюк В'ячеслав 1 1 13 13 lost 
17 32 Мельничук Максим 1 1 10 10 lost classic 1.0-1.0 rapid 1.0-1.0 blitz 1.0-1.0 armageddon 0.5-0.5"

answers() {
    expect_success "query champions$1" sekretar query champions
    # (the semi-final, a qualifying stage, has no champion)
    expect_stdout "the final's winner is the men's champion$1" \
"Year  Event               Category  Section    Sex  Discipline  Champion                   Region      Points  Person
2004  2004-05-03-ua-2004            women      f    classic     Ґудзь Зоряна Ігорівна      м. Київ        7.0       1
2004  2004-05-03-ua-2004            men-final  m    classic     Кравець Лук'ян Богданович  Харківська     8.0      61
2004  2004-05-03-ua-2004            clubs           classic     Каїса                      м. Київ       14.0"
    expect_success "query h2h$1" sekretar query h2h 'Зінченко Данило' 'Щербак Данило'
    expect_stdout "h2h: the semi-final's games by stage, their moves (men-final.pgn)$1" \
"#62 Зінченко Данило Олегович, born 1975-10-02, FIDE ID 14111713
#63 Щербак Данило Іванович, born 1983-11-05, FIDE ID 14110349
Year  Event               Section    Round  White            Black            Result  Stage       Match  Game  Board  Moves
2004  2004-05-03-ua-2004  men-final      4  Зінченко Данило  Щербак Данило    1-0     classic         2     1            20
2004  2004-05-03-ua-2004  men-final      4  Щербак Данило    Зінченко Данило  1-0     classic         2     2            36
2004  2004-05-03-ua-2004  men-final      4  Зінченко Данило  Щербак Данило    1-0     rapid           2     3            23
2004  2004-05-03-ua-2004  men-final      4  Щербак Данило    Зінченко Данило  1-0     rapid           2     4            47
2004  2004-05-03-ua-2004  men-final      4  Щербак Данило    Зінченко Данило  1-0     blitz           2     5            50
2004  2004-05-03-ua-2004  men-final      4  Зінченко Данило  Щербак Данило    1-0     blitz           2     6            31
2004  2004-05-03-ua-2004  men-final      4  Щербак Данило    Зінченко Данило  0-1     armageddon      2     7            13"
    expect_success "query player$1" sekretar query player --format tsv 'Стасюк Вячеслав'
    expect_stdout "player: the round reached, a walkover$1" \
"Year	Event	Section	Place	Points	Games	Performance	RatedGames	Rating	Region	Club	Coach	Rank	Reached	Team	Boards	Recorded
2004	2004-05-03-ua-2004	men-final	17-32	0.0	0			2540	Рівненська	Шаховий клуб «Каїса», м. Рівне	Жук Сергій Ігорович	МСМК	round 1			"
}
answers ""
expect_success "rebuild the catalogue" sekretar archive rebuild
answers " (rebuilt)"

# The final's cards numbered from the top of the bracket down (the World
# Cup's way) into an archive of their own: the same places and diplomas,
# every game under the match number of its card.
export SEKRETAR_ARCHIVE=arc-wc
cp -R "$top/tests/example/ua-2004" wc
python3 "$top/tests/lib/ko-renumber.py" --top-down \
    "$top/tests/example/ua-2004/men-final.csv" >wc/men-final.csv
expect_success "build the 2004 example numbered from the top down" \
    sekretar build --slug ua-2004 wc
unzip -p arc-wc/2004/2004-05-03-ua-2004.zip results/men-final.json >wc.json
python3 - wc.json >wc.txt <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["standings"][:4]:
    print(p["place"], p["name"], p["round_reached"],
          " ".join("%d.%d" % (m["round"], m["match"]) for m in p["matches"]))
PY
expect_text "the places as numbered the standard way, the cards' match numbers" \
    wc.txt "1 Кравець Лук'ян 5 1.5 2.3 3.2 4.1 5.1
2 Зінченко Данило 5 1.13 2.7 3.4 4.2 5.1
3 Щербак Данило 5 1.12 2.6 3.3 4.2 5.2
4 Костюк Лук'ян 5 1.2 2.1 3.1 4.1 5.2"
python3 - arc-wc/catalog.sqlite >wc-diplomas.txt <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for r in db.execute("SELECT place, degree, name FROM diplomas "
                    "WHERE section = 'men-final' AND kind = 'individual' "
                    "ORDER BY place"):
    print(*r)
PY
expect_text "the same diplomas from the top down" wc-diplomas.txt \
"1 1 Кравець Лук'ян Богданович
2 2 Зінченко Данило Олегович
3 3 Щербак Данило Іванович"
done_testing
