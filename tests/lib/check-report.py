#!/usr/bin/python3
# tests/lib/check-report.py REPORT.xlsx EVENT-DIR STANDINGS-DIR: read the
# ministry's report back and recompute every count and place from the
# registry (players.csv) and the standings (STANDINGS-DIR/SECTION.csv, as
# 'sekretar standings --format csv' writes them).  Prints TAP lines.
# SPDX-License-Identifier: MIT
import configparser, csv, glob, os, sys
import openpyxl

xlsx, evdir, stdir = sys.argv[1:4]
n = 0
failed = 0

def ok(cond, what):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print(("ok" if cond else "not ok") + " %d - %s" % (n, what))

ini = configparser.ConfigParser(interpolation=None)
ini.read(os.path.join(evdir, "event.ini"), encoding="utf-8")
sections = [(s.split(" ", 1)[1], ini[s]["title"]) for s in ini.sections()
            if s.startswith("section ")]
def ap(s):
    return s.replace("\u2019", "'").replace("\u02bc", "'")

people = {}
with open(os.path.join(evdir, "players.csv"), encoding="utf-8-sig") as f:
    for row in csv.DictReader(f):
        people[ap(row["Прізвище"] + ", " + row["Ім'я"])] = row

def region(p):
    r = p["Область"].replace(" область", "").replace(" обл.", "")
    return "м. Київ" if r in ("Київ", "м. Київ") else r

standings = {}
for sid, _ in sections:
    with open(os.path.join(stdir, sid + ".csv"), encoding="utf-8") as f:
        standings[sid] = list(csv.DictReader(f))

wb = openpyxl.load_workbook(xlsx)
names = wb.sheetnames
ok(names[:3] == ["Оперативна інформація", "Призери", "Статистика"],
   "the first three sheets")
ok(names[3:] == [t[:31] for _, t in sections], "a sheet per section")
ok(all(len(s) <= 31 and not set(s) & set("[]:*?/\\") for s in names),
   "sheet names within Excel's rules")
ok(len({s.lower() for s in names}) == len(names), "sheet names unique")

info = {}
rows = list(wb["Оперативна інформація"].iter_rows(values_only=True))
for r in rows:
    if r[0] is not None and len(r) > 1 and r[1] is not None:
        info[r[0]] = r[1]

players = set()
for sid, _ in sections:
    for r in standings[sid]:
        players.add(ap(r["Name"]))
ok(info["Кількість учасників"] == len(players), "participants: %d" % len(players))
boys = sum(1 for p in players if people[p]["Стать"] == "ч")
ok(info["у тому числі юнаків"] == boys, "boys: %d" % boys)
ok(info["у тому числі дівчат"] == len(players) - boys, "girls")
for sid, title in sections:
    ok(info[title] == len(standings[sid]), "players of %s" % sid)
regions = {region(people[p]) for p in players}
ok(info["Кількість регіонів"] == len(regions), "regions: %d" % len(regions))
ok(set(info["Регіони"].split(", ")) == regions, "the list of regions")

# The medal table: golds, silvers, bronzes of places 1-3; ties shared.
medals = {r: [0, 0, 0] for r in regions}
for sid, _ in sections:
    for r in standings[sid]:
        lo = int(r["Rank"].split("-")[0])
        if lo <= 3:
            medals[region(people[ap(r["Name"])])][lo - 1] += 1
order = sorted(regions, key=lambda r: [-m for m in medals[r]])
head = [i for i, r in enumerate(rows) if r[0] == "Місце" and r[1] == "Регіон (команда)"][0]
table = [r for r in rows[head + 1:head + 1 + len(regions)]]
ok([t[1] for t in table if sum(medals[t[1]])] ==
   [r for r in order if sum(medals[r])] or
   sorted(t[1] for t in table) == sorted(regions), "every region in the table")
good = True
for t in table:
    m = medals[t[1]]
    better = sum(1 for r in regions if [-x for x in medals[r]] < [-x for x in m])
    level = sum(1 for r in regions if medals[r] == m)
    want = None if not sum(m) else (better + 1 if level == 1
                                    else "%d–%d" % (better + 1, better + level))
    if list(t[3:7]) != m + [sum(m)] or t[0] != want:
        good = False
        print("# %s: %s, want %s %s" % (t[1], t, want, m))
ok(good, "the medal table and its shared places")

# Prize-winners: places 1-3 of every section, as the standings have them.
pr = list(wb["Призери"].iter_rows(values_only=True))
for sid, title in sections:
    i = pr.index(next(r for r in pr if r[0] == title)) + 2
    want = [(r["Name"], float(r["PTS"])) for r in standings[sid]
            if int(r["Rank"].split("-")[0]) <= 3]
    got = []
    while i < len(pr) and pr[i][0] is not None:
        got.append((pr[i][1], pr[i][7]))
        i += 1
    ok(got == want, "prize-winners of %s" % sid)

# Every ranking list: places, points and tie-breaks as numbers.
for sid, title in sections:
    ws = wb[title[:31]]
    rs = list(ws.iter_rows(values_only=True))
    h = next(i for i, r in enumerate(rs) if r[0] == "Місце")
    pts = list(rs[h]).index("Очки")
    good = ws.freeze_panes == "A%d" % (h + 2) and \
        ws.print_title_rows == "$%d:$%d" % (h + 1, h + 1) and \
        ws.page_setup.paperSize == 9 and \
        ws.sheet_properties.pageSetUpPr.fitToPage
    for k, r in enumerate(standings[sid]):
        x = rs[h + 1 + k]
        # The CSV gives a shared place as its first ("17" of "17–18").
        place = x[0] if isinstance(x[0], int) else int(x[0].split("–")[0])
        if place != int(r["Rank"].split("-")[0]) or x[2] != r["Name"] or x[pts] != float(r["PTS"]):
            good = False
            print("# %s: %s %s" % (sid, x, r))
        tbs = [float(v) if v else None for v in list(r.values())[4:]]
        got = [v for v in x[pts + 1:pts + 1 + len(tbs)]]
        if any(isinstance(v, str) for v in got if v is not None):
            good = False
        # A direct encounter that separated nobody is left blank (0).
        if any(g != t and not (g is None and t in (None, 0.0))
               for g, t in zip(got, tbs)):
            good = False
            print("# %s tie-breaks: %s %s" % (sid, got, tbs))
    ok(good, "ranking list of %s: numbers, frozen heading, A4" % sid)

print("1..%d" % n)
sys.exit(1 if failed else 0)
