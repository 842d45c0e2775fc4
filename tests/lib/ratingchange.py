#!/usr/bin/python3
"""The rating changes on a site's person pages, computed again from the
catalogue as FIDE's Rating Regulations (8.3) compute them: K times the sum
over games played against rated opponents of (score - expected score), a
difference over 400 counted as 400, the expectation from table 8.1b; K 20
in rapid and blitz, in classical chess 10 from 2400, 20 from 2300, else
40 to the end of the year the player turns 18 and 20 after it (no change
when his year of birth is unknown).

    ratingchange.py CATALOG SITE

Prints "changes N" and one line per change that differs or is missing;
exit 1 when there is one.
"""
import sqlite3, math, sys, re, glob, html
db = sqlite3.connect(sys.argv[1])
www = sys.argv[2]
# FIDE Rating Regulations table 8.1b: the difference each expected score
# (0.50 .. 0.99) reaches up to
PD = [3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121,
      129, 137, 145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245,
      256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456,
      484, 517, 559, 619, 735]
def pct(d):
    i = next((i for i, u in enumerate(PD) if abs(d) <= u), len(PD))
    return 50 + i if d >= 0 else 50 - i
rows = db.execute("""
SELECT e.year, e.key, s.key, s.discipline, p.birth, me.rating, op.rating,
  CASE WHEN me.id = g.white THEN 'w' ELSE 'b' END, g.result, p.name
FROM games g JOIN entries me ON me.id IN (g.white, g.black)
JOIN entries op ON op.id = CASE WHEN me.id = g.white THEN g.black ELSE g.white END
JOIN sections s ON s.id = g.section_id JOIN events e ON e.id = s.event_id
JOIN people p ON p.id = me.person_id""").fetchall()
acc = {}
for y, ev, sec, disc, born, own, opp, col, res, name in rows:
    if not own or not opp or res not in ("1-0", "0-1", "½-½"):
        continue
    o = max(own - 400, min(own + 400, opp))
    h = {"1-0": 2, "0-1": 0, "½-½": 1}[res]
    if col == "b" and h != 1:
        h = 2 - h
    a = acc.setdefault((name, ev, sec), [0, 0, y, disc, born, own])
    a[0] += h * 50 - pct(own - o)
    a[1] += 1
want = {}
for (name, ev, sec), (sm, n, y, disc, born, own) in acc.items():
    if disc in ("rapid", "blitz"): k = 20
    elif own >= 2400: k = 10
    elif own >= 2300: k = 20
    elif born: k = 40 if y - int(born[:4]) <= 18 else 20
    else: continue
    t = sm * k / 10.0
    t = math.floor(abs(t) + 0.5) * (1 if t >= 0 else -1)
    want[(name, ev, sec)] = t

# compare with the pages
bad = 0; seen = 0
for f in glob.glob(www + "/people/*-*.html"):
    txt = open(f, encoding="utf-8").read()
    if 'http-equiv="refresh"' in txt: continue
    name = html.unescape(re.search(r"<h1>(.*?)</h1>", txt).group(1))
    for row in re.findall(r'<tr>(.*?)</tr>', txt.split('id="career"')[1].split("</table>")[0]):
        links = re.findall(r'href="\.\./(\d{4})/([^/]+)/([^"]+)\.html"', row)
        if not links: continue
        ev, sec = links[1][1], links[1][2]
        m = re.search(r'title="K = \d+, партій: \d+">([+−]?)(\d+),(\d)</td>', row)
        w = want.get((name, ev, sec))
        if m:
            got = (int(m.group(2)) * 10 + int(m.group(3))) * (-1 if m.group(1) == "−" else 1)
            seen += 1
            if w != got: bad += 1; print("diff", name, ev, sec, got, w)
        elif w is not None:
            bad += 1; print("missing", name, ev, sec, w)
print("changes %d" % seen)
sys.exit(1 if bad or not seen else 0)
