#!/bin/sh
# The team diplomas of the 2004 example's club championship, as build
# writes them: clubs-diplomas.pdf with the teams on places 1-3, each
# member who played (the team's list in results/clubs-teams.csv) and, in
# coaches-diplomas.pdf, each team's coach as the registry enters him
# (Роль тренер), not the players' own coaches; without a coach entered,
# the coaches of the members who played; a team coach's and a member's
# code verified (the catalogue has the team diplomas).
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/render.sh"
need_poppler
command -v python3 >/dev/null 2>&1 || {
    echo "1..0 # SKIP no python3"
    exit 0
}
cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1093824000
export SEKRETAR_ARCHIVE=arc
cp -R "$top/tests/example/ua-2004" ua-2004

expect_success "build the 2004 example" sekretar build ua-2004
expect_grep "build: the clubs' diplomas" '^  documents/clubs-diplomas\.pdf$' "$out"
expect_grep "build: the coaches' diplomas" '^  documents/coaches-diplomas\.pdf$' "$out"
for f in documents/clubs-diplomas.pdf documents/coaches-diplomas.pdf \
    results/clubs-teams.csv; do
    unzip -p arc/2004/2004-05-03-ua.zip "$f" >"$(basename "$f")"
done

# One text per page, its lines joined by '|', blanks squeezed.
pages_of() {
    n=$(pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ {print $2}')
    i=1
    while [ "$i" -le "${n:-0}" ]; do
        pdftotext -f "$i" -l "$i" -layout "$1" - 2>/dev/null |
            sed 's/^ *//; s/ *$//; s/  */ /g; /^$/d' | tr '\n' '|'
        echo
        i=$((i + 1))
    done
}
pages_of clubs-diplomas.pdf >clubs.pages
pages_of coaches-diplomas.pdf >coaches.pages

# What the pages should say, from the teams' results and the registry:
# per team on places 1-3 its page (name, place, its members in order),
# then a page for each member ("Given SURNAME", "учасник команди «T»").
python3 - "$top/tests/example/ua-2004/players.csv" >want.txt <<'PY'
import csv, sys
roman = {1: "І", 2: "ІІ", 3: "ІІІ"}
reg = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
rows = [r for r in csv.DictReader(open("clubs-teams.csv", encoding="utf-8"))
        if int(r["Place"]) <= 3]
pages = [l.rstrip("\n") for l in open("clubs.pages", encoding="utf-8")]
coaches = [l.rstrip("\n") for l in open("coaches.pages", encoding="utf-8")]
at = 0
bad = []
for r in rows:
    team, place = r["Team"], roman[int(r["Place"])]
    members = [m.replace(" (к)", "") for m in r["Members"].split("; ")]
    # the diploma's form of each: "Ім'я ПРІЗВИЩЕ"
    names = ", ".join(m.split(" ", 1)[1] + " " + m.split(" ", 1)[0].upper()
                      for m in members)
    p = pages[at] if at < len(pages) else ""
    if not ("нагороджується команда|«" + team + "»|") in p or \
       ("яка посіла " + place + " місце") not in p or \
       ("Склад команди: " + names) not in p.replace("|", " "):
        bad.append("team page %d: %s %s" % (at + 1, team, place))
    at += 1
    for m in members:
        sur, given = m.split(" ", 1)
        p = pages[at] if at < len(pages) else ""
        if ("|" + given + " " + sur.upper() + "|") not in p or \
           ("учасник команди «" + team + "»") not in p or \
           ("яка посіла " + place + " місце") not in p:
            bad.append("member page %d: %s of %s" % (at + 1, m, team))
        at += 1
    # The coach entered for the team (Роль тренер) and no other.
    entered = [e for e in reg if e["Команда"] == team and e["Роль"] == "тренер"]
    mine = [c for c in coaches if "за підготовку команди «" + team + "»," in c]
    want = ["|" + e["Ім'я"] + " " + e["Прізвище"].upper() + "|" for e in entered]
    if len(entered) != 1 or len(mine) != 1 or want[0] not in mine[0] or \
       ("яка посіла " + place + " місце") not in mine[0]:
        bad.append("coach of %s: %s" % (team, mine))
if at != len(pages):
    bad.append("%d pages, %d wanted" % (len(pages), at))
print("\n".join(bad) if bad else "ok")
PY
expect_text "a page for each team on places 1-3, each member who played, each team's coach" \
    want.txt "ok"
n=$(grep -c 'учасник команди' clubs.pages)
[ "$n" -ge 18 ] && [ "$n" -le 36 ]
ok $? "members on 3 teams' pages: $n"

# The team coach's code is in the catalogue.
code=$(grep 'за підготовку команди «Каїса»,' coaches.pages |
    grep -o 'UA-[0-9A-Z]\{4\}-[0-9A-Z]\{4\}-[0-9A-Z]\{4\}')
expect_success "verify the team coach's code" sekretar verify "$code"
expect_grep "verify: the coach of the team" 'Жовтяк' "$out"
expect_grep "verify: the team" 'Каїса' "$out"
code=$(grep 'учасник команди «Каїса»' clubs.pages | head -1 |
    grep -o 'UA-[0-9A-Z]\{4\}-[0-9A-Z]\{4\}-[0-9A-Z]\{4\}')
expect_success "verify a member's code" sekretar verify "$code"
expect_grep "verify: the member" 'Лозинський' "$out"

# The coach comes from the registry's role column: with the members' own
# coach changed to another, the team's diploma still goes to its coach.
python3 - ua-2004/players.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
h = rows[0]
for r in rows[1:]:
    if r[h.index("Команда")] == "Каїса" and not r[h.index("Роль")]:
        r[h.index("Тренер")] = "Іншенко Петро Петрович"
csv.writer(open(sys.argv[1], "w", encoding="utf-8", newline=""),
           lineterminator="\n").writerows(rows)
PY
expect_success "render the diplomas, the members' coach changed" \
    sekretar render --only coaches-diplomas -o other ua-2004
pages_of other/coaches-diplomas.pdf >other.pages
expect_grep "the coach entered for the team" \
    'за підготовку команди «Каїса»,' other.pages
grep 'за підготовку команди «Каїса»,' other.pages >kaissa.pages
expect_grep "his name" "|В'ячеслав ЖОВТЯК|" kaissa.pages
n=$(grep -c 'Петро ІНШЕНКО' other.pages)
ok $([ "$n" = 0 ] && echo 0 || echo 1) "not the members' own coach"

# Without a coach entered (no Роль тренер), the coaches of the members
# who played.
python3 - ua-2004/players.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
h = rows[0]
rows = [r for r in rows if r[h.index("Роль")] != "тренер"]
csv.writer(open(sys.argv[1], "w", encoding="utf-8", newline=""),
           lineterminator="\n").writerows(rows)
PY
expect_success "render the diplomas, no coach entered" \
    sekretar render --only coaches-diplomas -o none ua-2004
pages_of none/coaches-diplomas.pdf >none.pages
grep 'за підготовку команди «Каїса»,' none.pages >kaissa.pages
expect_grep "the members' coach" '|Петро ІНШЕНКО|' kaissa.pages
n=$(grep -c 'за підготовку команди «Каїса»,' none.pages)
ok $([ "$n" = 1 ] && echo 0 || echo 1) "one diploma for the coach of the team"

done_testing
