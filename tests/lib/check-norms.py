#!/usr/bin/python3
# tests/lib/check-norms.py REPORT.xlsx EVENT-DIR STANDINGS-DIR NORMS.ini:
# recompute, apart from the program's code, who fulfilled which rank of
# ЄСКУ under the norms file NORMS.ini: each player's place (the standings
# as 'sekretar standings --format csv' writes them, STANDINGS-DIR/ID.csv),
# his games over the board, their points and the average rating of their
# opponents (read from the section's TRF file here), the section's
# players and regions (the registry), the judges' panel (event.ini); and
# compare with the report: the operative information's count by rank, the
# list of who fulfilled what, and each results protocol's column.
# Prints TAP lines.
# SPDX-License-Identifier: MIT
import configparser, csv, os, re, sys
import openpyxl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import ok, ap, done  # noqa: E402

xlsx, evdir, stdir, normsfile = sys.argv[1:5]


def ini_read(path):
    c = configparser.ConfigParser(interpolation=None, strict=False)
    c.optionxform = str
    c.read(path, encoding="utf-8-sig")
    return c


ev = ini_read(os.path.join(evdir, "event.ini"))
E = ev["event"]
youth = bool(E.get("age-group", "").strip() or E.get("born-from", "").strip())
event_rank = E.get("rank", "")
age_group = E.get("age-group", "")

# The panel: ЄСКУ counts КМС with three judges of category I or higher,
# the other ranks with three of II or higher.
CATS = [("міжнарод", 6), ("арбітр", 6), ("національн", 5), ("ііі категор", 2),
        ("іі категор", 3), ("і категор", 4), ("юний", 1)]


def category(pos):
    best = 0
    for part in pos.lower().replace("’", "'").split(","):
        for word, c in CATS:
            if word in part:
                best = max(best, c)
                break
    return best


cats = []
for k, v in E.items():
    if k in ("chief-arbiter", "deputy-arbiter", "chief-secretary") or \
            re.match(r"arbiter-\d+$", k):
        name, _, pos = v.strip('"').partition("|")
        if name.strip():
            cats.append(category(pos))
first = sum(c >= 4 for c in cats)
second = sum(c >= 3 for c in cats)

# Ranks by level, as the protocol counts them.
LEVEL = {"ЗМСУ": 13, "МСМК": 12, "ГМ": 10, "ММ": 10, "МС": 10, "МФ": 9,
         "КМ": 9, "КМС": 9, "І розряд": 8, "ІІ розряд": 7, "ІІІ розряд": 6,
         "І юн. розряд": 5, "ІІ юн. розряд": 4, "ІІІ юн. розряд": 3}
HELD = {"мсмк": "МСМК", "мс": "МС", "кмс": "КМС", "і": "І розряд",
        "іі": "ІІ розряд", "ііі": "ІІІ розряд", "іюн.": "І юн. розряд",
        "ііюн.": "ІІ юн. розряд", "іііюн.": "ІІІ юн. розряд"}


def held_level(rank):
    r = rank.lower().replace(" ", "").replace("i", "і")
    return LEVEL.get(HELD.get(r, ""), 0)


def counts(rank):
    lv = LEVEL[rank]
    return first >= 3 if lv >= 9 else second >= 3


nf = ini_read(normsfile)
unrated = int(nf["norms"].get("unrated", "0") or 0)
norms = []
for s in nf.sections():
    if not s.startswith("norm "):
        continue
    d = dict(nf[s])
    d["id"] = s.split(" ", 1)[1]
    norms.append(d)

registry = {}
with open(os.path.join(evdir, "players.csv"), encoding="utf-8-sig") as f:
    for row in csv.DictReader(f):
        registry[ap(row["Прізвище"] + " " + row["Ім'я"])] = row


def region(p):
    r = p["Область"].replace(" область", "").replace(" обл.", "")
    return "м. Київ" if r in ("Київ", "м. Київ") else r


def sex_of(s):
    s = s.strip()
    if s in ("boys", "men", "m", "юнаки", "чоловіки", "male"):
        return "m"
    if s in ("girls", "women", "f", "w", "дівчата", "жінки", "female"):
        return "f"
    return ""


def trf(path):
    """The players of a TRF file: number -> name, rating, rounds."""
    players = {}
    for line in open(path, encoding="utf-8-sig"):
        if not line.startswith("001"):
            continue
        no = int(line[4:8])
        name = ap(re.sub(r"\s*,\s*", " ", line[14:47].strip()))
        rating = int(line[48:52]) if line[48:52].strip() else 0
        rounds = []
        i = 91
        while i + 8 <= len(line.rstrip("\n")):
            f = line[i:i + 10]
            opp = f[0:4].strip()
            res = f[7:8] if len(f) > 7 else " "
            rounds.append((int(opp) if opp.isdigit() else 0, res))
            i += 10
        players[no] = {"name": name, "rating": rating, "rounds": rounds}
    return players


wb = openpyxl.load_workbook(xlsx)
expected_rows = []  # (name, section title, rank, norm id)
best_by_person = {}

for s in ev.sections():
    if not s.startswith("section "):
        continue
    S = ev[s]
    sid = s.split(" ", 1)[1]
    if not S.get("file", "").endswith(".trf"):
        continue
    pl = trf(os.path.join(evdir, S["file"]))
    for p in pl.values():
        if not p["rating"] and p["name"] in registry:
            p["rating"] = int(registry[p["name"]].get("Рейтинг") or 0)
    with open(os.path.join(stdir, sid + ".csv"), encoding="utf-8") as f:
        st = list(csv.DictReader(f))
    regions = {region(registry[p["name"]]) for p in pl.values()
               if p["name"] in registry and registry[p["name"]]["Область"]}
    disc = S.get("discipline", "classic")
    ssex = sex_of(S.get("sex", ""))
    rows = []
    for r in st:
        p = pl[int(r["StartNo"])]
        lo = int(r["Rank"].split("-")[0])
        hi = int(r["Rank"].split("-")[-1])
        games, points, ratings = 0, 0.0, []
        for opp, res in p["rounds"]:
            if not opp or res not in "10=WDL" or res == " ":
                continue
            games += 1
            points += {"1": 1, "W": 1, "=": 0.5, "D": 0.5}.get(res, 0)
            o = pl.get(opp)
            if o and o["rating"]:
                ratings.append(o["rating"])
            elif unrated:
                ratings.append(unrated)
        avg = (sum(ratings) + len(ratings) // 2) // len(ratings) if ratings else 0
        pe = registry.get(p["name"])
        held = held_level(pe.get("Звання") or pe.get("Розряд") or "") if pe else 0
        psex = ssex or (sex_of({"ч": "m", "ж": "f"}.get(pe["Стать"], "")) if pe else "")
        best = None
        for nm in norms:
            lv = LEVEL[nm["rank"]]
            if lv <= held or not counts(nm["rank"]):
                continue
            if best and lv <= LEVEL[best["rank"]]:
                continue
            ev_ranks = [x.strip().lower() for x in nm.get("events", "").split(";") if x.strip()]
            if ev_ranks and event_rank.strip().lower() not in ev_ranks:
                continue
            discs = [x.strip() for x in nm.get("discipline", "").split(";") if x.strip()]
            if discs and disc not in discs:
                continue
            if nm.get("sex", "any") != "any" and sex_of(nm["sex"]) != psex:
                continue
            a = nm.get("age", "any")
            if (a == "adult" and youth) or (a == "youth" and not youth):
                continue
            groups = [x.strip().lower() for x in nm.get("age-groups", "").split(";") if x.strip()]
            if groups and age_group.strip().lower() not in groups:
                continue
            if "places" in nm:
                pa, _, pb = nm["places"].partition("-")
                if not (int(pa) <= lo <= int(pb or pa)):
                    continue
            if int(nm.get("min-players", 0)) > len(pl):
                continue
            if int(nm.get("min-regions", 0)) > len(regions):
                continue
            if int(nm.get("min-games", 0)) > games:
                continue
            ms = float(nm.get("min-score", "0").replace("%", "").strip() or 0)
            if ms and (not games or points * 100 < ms * games - 1e-9):
                continue
            if int(nm.get("min-average", 0)) > avg:
                continue
            best = nm
        rows.append(best["rank"] if best else None)
        if best:
            expected_rows.append((p["name"], S["title"], best["rank"], best["id"]))
            key = p["name"]
            if key not in best_by_person or LEVEL[best["rank"]] > LEVEL[best_by_person[key]]:
                best_by_person[key] = best["rank"]
    # The results protocol of the section: its last column.
    ws = None
    for name in wb.sheetnames:
        w = wb[name]
        if w["A1"].value == "ПРОТОКОЛ РЕЗУЛЬТАТІВ" and \
                any(c.value == S["title"] for c in w["A"][:5]):
            ws = w
            break
    ok(ws is not None, "%s: its results protocol" % sid)
    if ws is None:
        continue
    table = list(ws.iter_rows(values_only=True))
    h = next(i for i, r in enumerate(table) if r and r[0] == "Місце")
    col = list(table[h]).index("Виконаний розряд") \
        if "Виконаний розряд" in table[h] else None
    ok(col is not None, "%s: the protocol has 'Виконаний розряд'" % sid)
    if col is None:
        continue
    got = [r[col] for r in table[h + 1:h + 1 + len(rows)]]
    ok(got == rows, "%s: 'Виконаний розряд' of every player (%d fulfilled)"
       % (sid, sum(1 for x in rows if x)))
    if got != rows:
        for i, (a, b) in enumerate(zip(got, rows)):
            if a != b:
                print("# row %d: report %r, recomputed %r" % (i + 1, a, b))

# The operative information: people once, with their highest rank.
info = {}
for r in wb[wb.sheetnames[0]].iter_rows(values_only=True):
    if r and r[0] and len(r) > 1:
        info[str(r[0])] = r[1]
by = {}
for rank in best_by_person.values():
    by[rank] = by.get(rank, 0) + 1
want = "; ".join("%s — %d" % (k, by[k])
                 for k in sorted(by, key=lambda k: -LEVEL[k])) or "ніхто не виконав"
got = info.get("Виконали спортивні звання та розрядні нормативи (осіб)")
ok(got == want, "operative information: fulfilled by rank (%s)" % want)
if got != want:
    print("# report: %r" % got)

# The list on the prize-winners' sheet.
ws = wb[wb.sheetnames[1]]
table = list(ws.iter_rows(values_only=True))
try:
    h = next(i for i, r in enumerate(table)
             if r and r[0] == "№" and "Виконаний розряд" in r)
    head = list(table[h])
    listed = []
    for r in table[h + 1:]:
        if r[0] is None:
            break
        listed.append((ap(r[1]), r[head.index("Секція")],
                       r[head.index("Виконаний розряд")],
                       r[head.index("Пункт файлу")]))
except StopIteration:
    listed = []
ok(listed == expected_rows,
   "the list of who fulfilled what: %d rows" % len(expected_rows))
if listed != expected_rows:
    for a, b in zip(listed, expected_rows):
        if a != b:
            print("# report %r, recomputed %r" % (a, b))
            break
    print("# %d listed, %d recomputed" % (len(listed), len(expected_rows)))

done()
