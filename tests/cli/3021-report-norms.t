#!/bin/sh
# The ministry's report: the ranks and titles of ЄСКУ fulfilled at the
# event under a norms file (dated data, not code), ЄСКУ's condition on the
# judges' panel, and the regions in the ministry's groups (issue 31).
# Who fulfilled what is recomputed apart from the program
# (tests/lib/check-norms.py reads the TRF files itself).
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686300000
ex=$top/tests/example/u10-lviv-2023
openpyxl_python

# report KEY = VALUE lines: added to [report] of event $ev.
report_keys() {
    python3 - "$ev/event.ini" "$@" <<'PY'
import sys
path, *lines = sys.argv[1:]
text = open(path, encoding="utf-8-sig").read().split("\n")
head = text.index("[report]")
for l in reversed(lines):
    key = l.split("=")[0].strip()
    text = [t for t in text if t.split("=")[0].strip() != key]
    head = text.index("[report]")
    text.insert(head + 1, l)
open(path, "w", encoding="utf-8").write("\n".join(text))
PY
}

# check_norms NAME NORMS: the report of $ev read back, the ranks
# recomputed under the norms file NORMS.
check_norms() {
    expect_success "$1: the report" sekretar render --only report -o "$1-docs" "$ev"
    if [ -z "$py" ]; then
        echo "ok $((test_n + 1)) # SKIP no python3 with openpyxl (python3-openpyxl)"
        test_n=$((test_n + 1))
        return
    fi
    mkdir -p "$1-st"
    for s in $(sed -n 's/^\[section \(.*\)\]$/\1/p' "$ev/event.ini"); do
        sekretar standings --section $s --players --format csv "$ev" \
            >"$1-st/$s.csv"
    done
    "$py" "$top/tests/lib/check-norms.py" "$1-docs/report.xlsx" "$ev" \
        "$1-st" "$2" >"$1.tap" 2>&1
    rc=$?
    ok $rc "$1: who fulfilled what, recomputed ($(grep -c '^ok' "$1.tap") checks)"
    [ $rc = 0 ] || grep -v '^ok' "$1.tap" | diag_file /dev/stdin 40
}

# xlsx_text FILE: every cell of every sheet, one per line.
xlsx_text() {
    "$py" - "$1" <<'PY'
import sys, openpyxl
for ws in openpyxl.load_workbook(sys.argv[1]).worksheets:
    for row in ws.iter_rows(values_only=True):
        for v in row:
            if v is not None:
                print("%s: %s" % (ws.title, v))
PY
}

# ---- 1. a norms file of the event folder: places and results

ev=u10
cp -R "$ex" $ev
cat >$ev/norms.ini <<'EOF'
[norms]
title = Кваліфікаційні норми ЄСКУ з шахів (тест)
order = наказ від 01.02.2020 № 100
from = 01.02.2020
unrated = 1000

# The champion of a youth championship, in a section of 10 or more.
[norm kms-youth]
rank = КМС
age = youth
discipline = classic
places = 1
min-players = 10

# Only girls, places 2-4.
[norm first-girls]
rank = І розряд
sex = girls
age-groups = до 10 років; до 12 років
places = 2-4

# An event of another rank: never here.
[norm ms-top]
rank = МС
events = I ранг
places = 1-10

# Results in rapid and classic alike.
[norm second-result]
rank = ІІ розряд
discipline = classic; rapid
min-games = 7
min-score = 60 %
min-average = 1500

[norm third-result]
rank = ІІІ розряд
min-games = 9
min-score = 50
min-average = 1250
EOF
report_keys "norms = norms.ini"
expect_success "check: the norms file read" sekretar check -q $ev
check_norms u10 $ev/norms.ini
if [ -n "$py" ]; then
    xlsx_text u10-docs/report.xlsx >u10.txt
    expect_grep "the norms and their order named" \
        "^Призери: Нормативи: Кваліфікаційні норми ЄСКУ з шахів \(тест\); наказ від 01.02.2020 № 100 \(файл norms.ini\)\.$" u10.txt
    expect_grep "a place norm in words" \
        "^Призери: 2–4 місця$" u10.txt
    expect_grep "a result norm in words" \
        "^Призери: кількість партій не менше 7; не менше 60 % очок; рейтинг суперників у середньому не нижче 1500$" u10.txt
    expect_grep "a result in words" \
        "^Призери: [0-9½]+ з 9 \([0-9,]+ %\); рейтинг суперників у середньому 1[0-9]{3}$" u10.txt
    if grep -q ': МС$' u10.txt; then ok 1 "a norm of another event's rank fulfils nothing"
    else ok 0 "a norm of another event's rank fulfils nothing"; fi
    if grep -q 'ЗРАЗОК' u10.txt; then ok 1 "the federation's norms are no sample"
    else ok 0 "the federation's norms are no sample"; fi
fi

# The bundle holds the norms applied; a deep verify makes the report again.
expect_success "build with the norms" sekretar build --archive arc $ev
bundle=$(find arc -name '*.zip' | head -1)
if unzip -l "$bundle" | grep -q ' norms.ini$'; then
    ok 0 "the bundle holds norms.ini among its inputs"
else
    ok 1 "the bundle holds norms.ini among its inputs"
fi
expect_success "a deep verify makes its report again" \
    sekretar archive verify --deep --archive arc

# ---- 2. the sample the program ships: said a sample everywhere

ev=u10-sample
cp -R "$ex" $ev
report_keys "norms = sample"
expect_success "check: the sample" sekretar check $ev
expect_grep "check: a sample is no norms in force" \
    "^$ev/event.ini:[0-9]+:9: warning: norms 'sample' is a sample, not the federation's norms" "$out"
check_norms u10-sample "$top/presets/norms/sample.ini"
if [ -n "$py" ]; then
    xlsx_text u10-sample-docs/report.xlsx >sample.txt
    expect_grep "the report says it is a sample" \
        "^Призери: ЗРАЗОК: файл нормативів — приклад, а не чинні норми ЄСКУ" sample.txt
    expect_grep "a shipped preset named as one" \
        "набір «sample», що постачається з програмою" sample.txt
fi

# ---- 3. ЄСКУ's panel: fewer than three judges of category I

ev=u10-panel
cp -R u10 $ev
rm -f $ev/*.bak
sed -i -e 's/^deputy-arbiter = \(.*\)| .*/deputy-arbiter = \1| заступник головного судді, суддя ІІ категорії/' \
    -e 's/^\(chief-secretary = .*\)суддя І категорії/\1суддя ІІ категорії/' $ev/event.ini
printf 'arbiter-1 = Іван ПЕТРЕНКО | суддя ІІ категорії\n' >arb
sed -i '/^chief-secretary/r arb' $ev/event.ini
line=$(grep -n '^norms' $ev/event.ini | cut -d: -f1)
expect_success "check: a panel below КМС" sekretar check $ev
expect_grep "check: КМС not counted, at the norms line" \
    "^$ev/event.ini:$line:9: warning: the judges' panel has fewer than three judges of category I or higher: ЄСКУ does not count КМС" "$out"
check_norms u10-panel $ev/norms.ini
if [ -n "$py" ]; then
    xlsx_text u10-panel-docs/report.xlsx >panel.txt
    if grep -q '^Оперативна інформація: .*КМС — ' panel.txt; then
        ok 1 "no КМС under that panel"
    else
        ok 0 "no КМС under that panel"
    fi
    expect_grep "the other ranks counted" \
        '^Оперативна інформація: І розряд — [0-9]+; ІІ розряд — [0-9]+; ІІІ розряд — [0-9]+$' panel.txt
    expect_grep "the report says why" \
        "^Призери: Суддівська колегія має менше трьох суддів І категорії або вищої: КМС на змаганнях не зараховується" panel.txt
fi
ev=u10-nopanel
cp -R u10 $ev
sed -i -e 's/^deputy-arbiter = .*//' -e 's/^chief-secretary = .*//' $ev/event.ini
expect_success "check: no panel for ranks" sekretar check $ev
expect_grep "check: no rank counted" \
    "warning: the judges' panel has fewer than three judges of category II or higher: ЄСКУ counts no rank fulfilled" "$out"
check_norms u10-nopanel $ev/norms.ini

# ---- 4. no norms file: the form's line to fill, and why

ev=u10-none
cp -R "$ex" $ev
expect_success "no norms: the report" sekretar render --only report -o none-docs $ev
if [ -n "$py" ]; then
    xlsx_text none-docs/report.xlsx >none.txt
    expect_grep "the operative information's line to fill" \
        "^Оперативна інформація: МСМК ___; МС ___; КМС ___; І розряд ___; ІІ розряд ___; ІІІ розряд ___$" none.txt
    expect_grep "the list says no norms file was named" \
        "^Призери: Файл нормативів ЄСКУ не вказано \(event.ini, \[report\] norms\)" none.txt
    if grep -q 'Виконаний розряд' none.txt; then
        ok 1 "no column of ranks fulfilled without norms"
    else
        ok 0 "no column of ranks fulfilled without norms"
    fi
fi

# ---- 5. a bad norms file: its line and column

ev=u10-bad
cp -R u10 $ev
cat >$ev/norms.ini <<'EOF'
[norms]
title = Тест
from = 31.02.2020

[norm a]
rank = майстер
places = 3-1

[norm b]
discipline = classic
min-games = 9

[norm c]
rank = КМС
min-players = 10

[norm d]
rank = І розряд
min-score = 120 %
sex = кішки
EOF
expect_failure 65 "a bad norms file" sekretar check -q $ev
expect_grep "a date: where" "^$ev/norms.ini:3:8: error: 'from': a date DD.MM.YYYY expected, found '31.02.2020'$" "$out"
expect_grep "a rank: where and what" "^$ev/norms.ini:6:8: error: 'rank': a rank or title expected" "$out"
expect_grep "places: where and what" "^$ev/norms.ini:7:10: error: 'places': a place or places expected \('1' or '1-3'\), found '3-1'$" "$out"
expect_grep "no rank" "^$ev/norms.ini:9:1: error: \[norm b\] has no 'rank'" "$out"
expect_grep "nothing asked" "^$ev/norms.ini:13:1: error: \[norm c\] asks nothing" "$out"
expect_grep "a per cent: where" "^$ev/norms.ini:19:13: error: 'min-score': a per cent" "$out"
expect_grep "a sex: where" "^$ev/norms.ini:20:7: error: 'sex': male, female or any expected" "$out"
expect_failure 65 "build refuses it" sekretar build --archive arc-bad $ev
if [ -d arc-bad ] && find arc-bad -name '*.zip' | grep -q .; then
    ok 1 "no bundle of an event with a bad norms file"
else
    ok 0 "no bundle of an event with a bad norms file"
fi

# The header's keys, the values of a norm, unknown keys and sections.
ev=u10-bad2
cp -R "$ex" $ev
report_keys "norms = n2.ini"
line=$(grep -n '^norms' $ev/event.ini | cut -d: -f1)
cat >$ev/n2.ini <<'EOF'
[norms]
order = наказ
sample = maybe
unrated = 0
colour = red
to = 01.01.2020

[norm a]
rank = КМС
places = 1
min-players = many
discipline = chess960
age = old
weight = 60

[table]
x = 1
EOF
expect_failure 65 "a norms file's header and values" sekretar check $ev
expect_grep "no title: at [norms]" "^$ev/n2.ini:1:1: error: the norms file: no \[norms\] title \(what the norms are: \"Кваліфікаційні норми та вимоги ЄСКУ з шахів\"\)$" "$out"
expect_grep "sample: yes or no" "^$ev/n2.ini:3:10: error: 'sample': yes or no expected, found 'maybe'$" "$out"
expect_grep "unrated: a number" "^$ev/n2.ini:4:11: error: 'unrated': a whole number from 1 to 3000 expected, found '0'$" "$out"
expect_grep "an unknown key of [norms]" "^$ev/n2.ini:5:1: warning: unknown key 'colour' in \[norms\] ignored \(title, order, from, to, sample, unrated\)$" "$out"
expect_grep "min-players: a number" "^$ev/n2.ini:11:15: error: 'min-players': a whole number from 1 to 10000 expected, found 'many'$" "$out"
expect_grep "discipline: one of three" "^$ev/n2.ini:12:14: error: 'discipline': classic, rapid or blitz expected, found 'chess960'$" "$out"
expect_grep "age: one of three" "^$ev/n2.ini:13:7: error: 'age': adult, youth or any expected, found 'old'$" "$out"
expect_grep "an unknown key of a norm" "^$ev/n2.ini:14:1: warning: unknown key 'weight' in \[norm a\] ignored$" "$out"
expect_grep "an unknown section" "^$ev/n2.ini:16:1: warning: unknown section '\[table\]' ignored \(norms, norm ID\)$" "$out"
printf '[norms]\ntitle = Нормативи\nto = 01.01.2020\n' >$ev/n2.ini
expect_failure 65 "norms without a norm" sekretar check $ev
expect_grep "no norm: said" "^$ev/n2.ini: error: the norms file: no \[norm ID\] section$" "$out"
printf '[norm a]\nrank = КМС\nplaces = 1\n' >>$ev/n2.ini
expect_success "norms no longer in force" sekretar check $ev
expect_grep "not in force: at the norms line" "^$ev/event.ini:$line:9: warning: norms 'n2.ini' were not in force when the event ended \(see their 'from' and 'to'\)$" "$out"

# A file of groups without units, with no group; a name that is neither.
ev=u10-badgroups
cp -R "$ex" $ev
sed -i '/^team-results/d' $ev/event.ini
report_keys "team-scoring = points" "team-points = 5, 3" "region-groups = g.ini"
line=$(grep -n '^region-groups' $ev/event.ini | cut -d: -f1)
printf '[groups]\ntitle = x\n[group a]\nname = A\n[set b]\n' >$ev/g.ini
expect_failure 65 "a group without units" sekretar check $ev
expect_grep "no units: at its group" "^$ev/g.ini:3:1: error: \[group a\] has no 'units' \(its regions and bodies, separated by ';'\)$" "$out"
expect_grep "an unknown section of groups" "^$ev/g.ini:5:1: warning: unknown section '\[set b\]' ignored \(groups, group ID\)$" "$out"
printf '# none\n' >$ev/g.ini
expect_failure 65 "no group at all" sekretar check -q $ev
expect_grep "no group: said" "^$ev/g.ini: error: the groups of regions: no \[group ID\] section$" "$out"
report_keys "region-groups = Мої групи"
line=$(grep -n '^region-groups' $ev/event.ini | cut -d: -f1)
expect_failure 65 "neither a file nor a preset" sekretar check -q $ev
expect_grep "neither: at its value" "^$ev/event.ini:$line:17: error: region-groups 'Мої групи': neither a file of the event folder \(NAME.ini\) nor the name of a preset \(a-z, 0-9, -\)$" "$out"

ev=u10-missing
cp -R "$ex" $ev
report_keys "norms = federation.ini"
line=$(grep -n '^norms' $ev/event.ini | cut -d: -f1)
expect_failure 65 "a norms file that is not there" sekretar check -q $ev
expect_grep "missing: at its event.ini line" \
    "^$ev/event.ini:$line:9: error: norms '$ev/federation.ini' does not exist" "$out"
report_keys "norms = ../norms.ini"
expect_failure 65 "a norms file out of the folder" sekretar check -q $ev
expect_grep "out of the folder: refused" "^$ev/event.ini:$line:9: error: norms '../norms.ini':" "$out"
report_keys "norms = eskhu2030"
expect_failure 65 "a preset the program does not ship" sekretar check -q $ev
expect_grep "no such preset" "^$ev/event.ini:$line:9: error: norms 'eskhu2030': no such preset" "$out"

# ---- 6. the regions in the ministry's groups

ev=u10-groups
cp -R "$ex" $ev
sed -i '/^team-results/d' $ev/event.ini
report_keys "team-scoring = points" "team-points = 25, 20, 16, 13, 11, 10, 9, 8" \
    "region-groups = ministry"
expect_success "groups: check" sekretar check -q $ev
expect_success "groups: the report" sekretar render --only report -o groups-docs $ev
if [ -n "$py" ]; then
    "$py" - groups-docs/report.xlsx "$top/presets/regions/ministry.ini" >groups.tap <<'PY'
import sys, configparser, openpyxl
xlsx, groups = sys.argv[1:]
g = configparser.ConfigParser(interpolation=None)
g.read(groups, encoding="utf-8")
ws = openpyxl.load_workbook(xlsx).worksheets[0]
rows = [r for r in ws.iter_rows(values_only=True)]
# The flat table: region -> points (its last column).
h = next(i for i, r in enumerate(rows) if r[1] == "Регіон (команда)")
points = {}
for r in rows[h + 1:]:
    if r[1] is None:
        break
    points[r[1]] = r[len([c for c in rows[h] if c is not None]) - 1]
n = 0
bad = 0
for s in g.sections():
    if not s.startswith("group "):
        continue
    name = g[s]["name"]
    units = [u.strip() for u in g[s]["units"].split(";")]
    i = next(i for i, r in enumerate(rows) if r[1] == name)
    got = [(r[1], r[2], r[3]) for r in rows[i + 1:i + 1 + len(units)]]
    want = []
    for u in units:
        p = points.get(u, 0)
        place = 1 + sum(1 for v in units if points.get(v, 0) > p) if p > 0 else None
        want.append((u, p, place))
    n += 1
    if got != want:
        bad += 1
        print("not ok %d - %s: %r != %r" % (n, name, got, want))
    else:
        print("ok %d - %s: %d units, points and places" % (n, name, len(units)))
print("1..%d" % n)
sys.exit(1 if bad else 0)
PY
    rc=$?
    ok $rc "every group's units listed, their points and places in the group recomputed ($(grep -c '^ok' groups.tap) groups)"
    [ $rc = 0 ] || diag_file groups.tap 20
fi
report_keys "team-scoring = medals"
expect_success "groups with medals: check" sekretar check $ev
expect_grep "groups need points: said" \
    "warning: 'region-groups' ignored: the groups rank the regions by points \(team-scoring = points\)" "$out"
cat >$ev/groups.ini <<'EOF'
[group a]
name = Перша
units = Львівська; м. Київ

[group b]
name = Друга
units = Одеська; Київ
EOF
report_keys "team-scoring = points" "region-groups = groups.ini"
expect_failure 65 "a region in two groups" sekretar check -q $ev
expect_grep "a region in two groups: where" \
    "^$ev/groups.ini:7:9: error: 'Київ' is in two groups \('Перша' and 'Друга'\)$" "$out"

done_testing
