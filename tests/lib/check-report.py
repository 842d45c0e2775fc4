#!/usr/bin/python3
# tests/lib/check-report.py REPORT.xlsx EVENT-DIR STANDINGS-DIR: read the
# ministry's report back and recompute every count, place and medal from
# event.ini, the registry (players.csv) and the standings as 'sekretar
# standings --format csv' writes them (STANDINGS-DIR/SECTION.csv: the
# players, of a team competition with --players; SECTION-teams.csv: its
# teams; mandate.csv: 'sekretar mandate --format csv').  Prints TAP lines.
# SPDX-License-Identifier: MIT
import configparser, csv, os, re, sys
import openpyxl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import ok, ap, done  # noqa: E402

xlsx, evdir, stdir = sys.argv[1:4]

ini = configparser.ConfigParser(interpolation=None, strict=False)
ini.read(os.path.join(evdir, "event.ini"), encoding="utf-8")
sections = []
for s in ini.sections():
    if not s.startswith("section "):
        continue
    sec = dict(ini[s])
    sec["id"] = s.split(" ", 1)[1]
    qualifying = sec.get("stage", "final") == "qualifying"
    sec["awards"] = sec.get("awards", "no" if qualifying else "yes") in ("yes", "так")
    sec["team"] = sec.get("system") == "team"
    sec["ko"] = sec.get("system") == "knock-out"
    sections.append(sec)
rep = ini["report"] if ini.has_section("report") else {}
scoring = rep.get("team-scoring") or ("none" if rep.get("team-results") else "medals")

people = {}
registry = []
with open(os.path.join(evdir, "players.csv"), encoding="utf-8-sig") as f:
    for row in csv.DictReader(f):
        row["Клуб"] = row.get("Клуб") or row.get("Клуб/ДЮСШ") or ""
        row["key"] = ap(row["Прізвище"] + " " + row["Ім'я"])
        registry.append(row)
        people[ap(row["Прізвище"] + " " + row["Ім'я"])] = row

def foreign(p):
    return (p.get("Федерація") or "UKR").upper() != "UKR"

def region(p):
    # A foreign player's federation is no region.
    if foreign(p):
        return ""
    r = p["Область"].replace(" область", "").replace(" обл.", "")
    return "м. Київ" if r in ("Київ", "м. Київ") else r

def read(name):
    path = os.path.join(stdir, name)
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f))

def first_place(r):
    return int(r["Rank"].split("-")[0])

standings = {s["id"]: read(s["id"] + ".csv") for s in sections}
teams = {s["id"]: read(s["id"] + "-teams.csv") for s in sections if s["team"]}

def team_region(sid, team):
    # The region of the team's first player in its entry (Порядок), a
    # foreign one only when the team has no other.
    members = sorted((foreign(p), int(p.get("Порядок") or 99), region(p))
                     for p in registry
                     if p.get("Команда") == team and p.get("Роль") != "coach")
    return members[0][2] if members else ""

wb = openpyxl.load_workbook(xlsx)
names = wb.sheetnames
ok(names[:3] == ["Оперативна інформація", "Призери", "Статистика"],
   "the first three sheets")
want = [s.get("sheet-name") or (s["title"] if len(s["title"]) <= 31 else s["id"])
        for s in sections]
ok(names[3:] == want, "a sheet per section, by its short name: %s" % want)
ok(all(len(s) <= 31 and not set(s) & set("[]:*?/\\") for s in names),
   "sheet names within Excel's rules")
ok(len({s.lower() for s in names}) == len(names), "sheet names unique")

info = {}
rows = list(wb["Оперативна інформація"].iter_rows(values_only=True))
for r in rows:
    if r[0] is not None and len(r) > 1 and r[1] is not None:
        info[r[0]] = r[1]
def infokey(start):
    return next((k for k in info if isinstance(k, str) and k.startswith(start)), None)

# The counts, each with what it counts.
# A person by his registry name ("Surname, Given"), however the results
# write him.
players = set()
for s in sections:
    for r in standings[s["id"]]:
        players.add(people[ap(r["Name"])]["key"])
k = infokey("Кількість учасників")
ok(k == "Кількість учасників (осіб, які грали; кожна особа один раз)" and
   info[k] == len(players), "people who played, each once: %d" % len(players))
men = sum(1 for p in players if people[p]["Стать"] == "ч")
youth = "age-group" in ini["event"] or "born-from" in ini["event"]
ok(info["у тому числі " + ("юнаків" if youth else "чоловіків")] == men, "men/boys: %d" % men)
ok(info["у тому числі " + ("дівчат" if youth else "жінок")] == len(players) - men, "women/girls")
mandate = read("mandate.csv")
if mandate:
    admitted = int(next(r for r in mandate if r["item"] == "participants")["count"])
    ok(info.get("Допущено мандатною комісією (осіб)") == admitted,
       "admitted, as the mandate commission's protocol: %d" % admitted)
entries = sum(len(standings[s["id"]]) for s in sections)
ok(info.get(infokey("Кількість заявок у секціях")) == entries, "entries: %d" % entries)
for s in sections:
    ok(info.get("у секції «%s»" % s["title"]) == len(standings[s["id"]]),
       "entries of %s" % s["id"])
regions = {region(people[p]) for p in players} - {""}
ok(info["Кількість регіонів"] == len(regions), "regions: %d" % len(regions))
ok(set(info["Регіони"].split(", ")) == regions, "the list of regions")
def club_key(c):
    return " ".join(re.sub("[«»\"“”„']", "", c).lower().split())
clubs = {club_key(people[p]["Клуб"]) for p in players if people[p]["Клуб"]}
ok(info["Кількість клубів, ДЮСШ"] == len(clubs), "clubs: %d" % len(clubs))
h = next(i for i, r in enumerate(rows) if r[:3] == ("№", "Клуб, ДЮСШ", "Учасників (осіб, які грали)"))
got = {}
for r in rows[h + 1:]:
    if r[0] is None:
        break
    got[club_key(r[1])] = r[2]
want = {}
for p in players:
    if people[p]["Клуб"]:
        want[club_key(people[p]["Клуб"])] = want.get(club_key(people[p]["Клуб"]), 0) + 1
ok(got == want, "the clubs that took part, each with its people")

# The team prize places: the teams of a team championship, else the
# regions' standing, else the regulation's words.
places = info["Призові місця команд-учасниць"]
team_secs = [s for s in sections if s["team"] and s["awards"]]
medals = {r: [0, 0, 0] for r in regions}
for s in sections:
    if not s["awards"]:
        continue
    if s["team"]:
        for t in teams[s["id"]]:
            if first_place(t) <= 3:
                medals[team_region(s["id"], t["Name"])][first_place(t) - 1] += 1
        continue
    for r in standings[s["id"]]:
        lo = first_place(r)
        if lo <= 3:
            if region(people[ap(r["Name"])]):
                medals[region(people[ap(r["Name"])])][lo - 1] += 1
order = sorted(regions, key=lambda r: [-m for m in medals[r]])
if team_secs:
    want = "; ".join("%d – %s (%s)" % (first_place(t), t["Name"],
                                        team_region(s["id"], t["Name"]))
                     for s in team_secs for t in teams[s["id"]]
                     if first_place(t) <= 3)
    ok(places == want, "team prize places: the teams (%s)" % want)
elif scoring == "none":
    ok(places == (rep.get("team-results") or "командного заліку не було"),
       "team prize places: none, in the regulation's words")
else:
    top = [r for r in order if sum(medals[r])][:3]
    ok(all(r in places for r in top), "team prize places: the regions")

heads = [i for i, r in enumerate(rows) if r[0] == "Місце" and r[1] == "Регіон (команда)"]
if scoring == "none":
    ok(not heads and not any(r[0] == "Командний залік регіонів" for r in rows),
       "no team standing where the event has none")
elif scoring == "medals":
    head = heads[0]
    table = [r for r in rows[head + 1:head + 1 + len(regions)]]
    ok(rows[head][2] == "Учасників (осіб, які грали)",
       "the regions' column says what it counts")
    good = sorted(t[1] for t in table) == sorted(regions)
    for t in table:
        m = medals[t[1]]
        who = sum(1 for p in players if region(people[p]) == t[1])
        better = sum(1 for r in regions if [-x for x in medals[r]] < [-x for x in m])
        level = sum(1 for r in regions if medals[r] == m)
        want = None if not sum(m) else (better + 1 if level == 1
                                        else "%d–%d" % (better + 1, better + level))
        if list(t[3:7]) != m + [sum(m)] or t[0] != want or t[2] != who:
            good = False
            print("# %s: %s, want %s %s %d" % (t[1], t, want, m, who))
    ok(good, "the medal table: awarding sections, teams once, shared places")
    ok(sum(t[2] for t in table) ==
       sum(1 for p in players if region(people[p])),
       "the regions' people add up to the people with a region")

# The judges' panel by category; the chief arbiter's parts; the signatures.
def category(pos):
    for w, c in (("міжнародн", "міжнародна"), ("національн", "національна"),
                 ("ІІІ категор", "ІІІ категорія"), ("ІІ категор", "ІІ категорія"),
                 ("І категор", "І категорія")):
        if w in pos:
            return c
    return "не вказано"
panel = [v.split("|") for k, v in ini["event"].items()
         if k in ("chief-arbiter", "deputy-arbiter", "chief-secretary")
         or k.startswith("arbiter-")]
h = next(i for i, r in enumerate(rows) if r[0] == "Ім'я ПРІЗВИЩЕ" and r[2] == "Суддівська категорія")
got = [(r[0], r[2]) for r in rows[h + 1:h + 1 + len(panel)]]
# (a name's apostrophe as the documents print it: ')
ok(got == [(re.sub("[’ʼ]", "'", p[0].strip()), category(p[1])) for p in panel],
   "the judges' panel by category")
strong = sum(1 for p in panel if category(p[1]) in ("міжнародна", "національна", "І категорія"))
verdict = rows[h + 1 + len(panel) + 1][0]
ok(verdict.startswith("Суддівська колегія має " +
                      ("щонайменше трьох" if strong >= 3 else "менше трьох")),
   "ЄСКУ's condition on the panel: %d judges of category I or higher" % strong)
for item in ("Протести та їх розгляд", "Порушення дисципліни", "Медичні випадки",
             "Висновки головного судді", "Пропозиції"):
    ok(item in info, "the report has '%s'" % item)
text = [r[0] for r in rows if isinstance(r[0], str)]
for who in ("Начальник відділу", "Відповідальний з виду спорту Мінмолодьспорту"):
    ok(any(t.startswith(who) for t in text), "a signature line for '%s'" % who)
ok(info.get("Наказ Мінмолодьспорту") == (ini["event"].get("order") or
                                         "від «____» ______________ 20___ р. № ______"),
   "the ministry's order, or a line to fill")

# Prize-winners: places 1-3 of every section, as the standings have them;
# a knock-out's round reached and matches won; a podium team's members.
pr = list(wb["Призери"].iter_rows(values_only=True))
for s in sections:
    sid = s["id"]
    i = pr.index(next(r for r in pr if r[0] == s["title"])) + 1
    if not s["awards"]:
        ok(pr[i][0].startswith("(відбірковий етап"), "%s: awards nothing, said" % sid)
        i += 1
    src = teams[sid] if s["team"] else standings[sid]
    head = pr[i]
    i += 1
    got = []
    while i < len(pr) and pr[i][0] is not None:
        got.append(pr[i])
        i += 1
    if s["ko"]:
        want = [(r["Name"], "фінал" if first_place(r) <= 2 else "матч за 3 місце",
                 r["Matches"].count(" won")) for r in src if first_place(r) <= 3]
        ok(head[7:9] == ("Досягнутий раунд", "Виграно матчів") and
           [(g[1], g[7], g[8]) for g in got] == want,
           "knock-out prize-winners: round and matches won, no game points")
    else:
        want = [(r["Name"], float(r["MPTS" if s["team"] else "PTS"])) for r in src
                if first_place(r) <= 3]
        ok([(g[1], g[7]) for g in got] == want, "prize-winners of %s" % sid)
    if s["team"]:
        h = next(j for j in range(i, len(pr)) if pr[j][0] == "Місце" and pr[j][1] == "Команда")
        got = set()
        for r in pr[h + 1:]:
            if r[0] is None:
                break
            got.add((r[1], ap(r[2].replace(" (капітан)", ""))))
        played = {people[ap(r["Name"])]["key"] for r in standings[sid]}
        want = {(p["Команда"], ap(p["Прізвище"] + " " + p["Ім'я"])) for p in registry
                if p.get("Команда") in [t["Name"] for t in src if first_place(t) <= 3]
                and ap(p["Прізвище"] + " " + p["Ім'я"]) in played}
        ok(got == want, "the podium teams' members who played (%d)" % len(want))

# Every ranking list: places, points and tie-breaks as numbers.
for s, title in zip(sections, names[3:]):
    sid = s["id"]
    if s["ko"] or s["team"]:
        continue
    ws = wb[title]
    rs = list(ws.iter_rows(values_only=True))
    h = next(i for i, r in enumerate(rs) if r[0] == "Місце")
    pts = list(rs[h]).index("Очки")
    name = list(rs[h]).index("Прізвище, ім'я")
    good = ws.freeze_panes == "A%d" % (h + 2) and \
        ws.print_title_rows == "$%d:$%d" % (h + 1, h + 1) and \
        ws.page_setup.paperSize == 9 and \
        ws.sheet_properties.pageSetUpPr.fitToPage
    for k, r in enumerate(standings[sid]):
        x = rs[h + 1 + k]
        place = x[0] if isinstance(x[0], int) else int(x[0].split("–")[0])
        if place != first_place(r) or x[name] != r["Name"] or x[pts] != float(r["PTS"]):
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

# The results protocols as the ministry's form has them: the FIDE ID, the
# club (ДЮСШ) and the patronymic of every player, from the registry; a
# column left out only where no player of the section has one.
for s, title in zip(sections, names[3:]):
    sid = s["id"]
    if s["team"]:
        continue
    rs = list(wb[title].iter_rows(values_only=True))
    h = next(i for i, r in enumerate(rs) if r[0] == "Місце")
    head = list(rs[h])
    name = head.index("Прізвище, ім'я")
    rows = []
    for x in rs[h + 1:]:
        if x[0] is None:
            break
        rows.append((x, people.get(ap(x[name]))))
    good = len(rows) > 0 and all(p is not None for x, p in rows)
    for col, key in (("ФІДЕ ID", "FIDE ID"), ("Клуб, ДЮСШ", "Клуб"),
                     ("По батькові", "По батькові")):
        want = [(p or {}).get(key, "").strip() for x, p in rows]
        if col not in head:
            if any(want):
                good = False
                print("# %s: no column %s" % (sid, col))
            continue
        got = [str(x[head.index(col)] or "") for x, p in rows]
        if got != want:
            good = False
            print("# %s %s: %s != %s" % (sid, col, got[:5], want[:5]))
    ok(good, "results protocol of %s: FIDE ID, club and patronymic of %d players"
       % (sid, len(rows)))

done()
