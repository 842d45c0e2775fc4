#!/usr/bin/env python3
# tests/lib/mandate-counts.py EVENT-DIR: the mandate commission's counts
# recomputed from players.csv and event.ini alone, without Sekretar, in
# the rows 'sekretar mandate --format csv' prints.
# tests/lib/mandate-counts.py --entries EVENT-DIR TEXT: every person of
# players.csv on a page of TEXT (pdftotext of mandate-entries.pdf) that is
# the entry of his region; prints who is not, exits 1 then.  Knows what the test
# events use: a UTF-8 registry with the Ukrainian headers that 'sekretar
# init' writes (and Федерація), the rules born-from, min-rank,
# citizens-only, fee-*, the default documents.
# SPDX-License-Identifier: MIT
import csv
import re
import sys

REGIONS = ["АР Крим", "Вінницька", "Волинська", "Дніпропетровська",
           "Донецька", "Житомирська", "Закарпатська", "Запорізька",
           "Івано-Франківська", "Київська", "Кіровоградська", "Луганська",
           "Львівська", "Миколаївська", "Одеська", "Полтавська", "Рівненська",
           "Сумська", "Тернопільська", "Харківська", "Херсонська",
           "Хмельницька", "Черкаська", "Чернівецька", "Чернігівська",
           "м. Київ", "м. Севастополь"]
# The protocol's rank labels, highest first, with their levels.
RANKS = [("КМС", 9, "КМС"), ("І розряд", 8, "І"), ("ІІ розряд", 7, "ІІ"),
         ("ІІІ розряд", 6, "ІІІ"), ("І юн. розряд", 5, "І юн."),
         ("ІІ юн. розряд", 4, "ІІ юн."), ("ІІІ юн. розряд", 3, "ІІІ юн."),
         ("без розряду", 0, "б/р")]


# The players of other federations: one group after the regions.
FOREIGN = "\x00foreign"


def region_of(text):
    t = re.sub(r"\s+(обл\.?|область)$", "", text.strip())
    if t in ("Київ", "м. Київ"):
        return "м. Київ"
    return t if t in REGIONS else ""


def ini(path):
    keys, secs, cur = {}, {}, None
    for line in open(path, encoding="utf-8-sig"):
        line = line.strip()
        m = re.match(r"^\[section (.+)\]$", line)
        if m:
            cur = m.group(1)
            secs[cur] = {}
        elif line.startswith("["):
            cur = None if line == "[event]" else "-"
        elif "=" in line and not line.startswith("#"):
            k, v = (x.strip() for x in line.split("=", 1))
            if cur is None:
                keys[k] = v
            elif cur != "-":
                secs[cur][k] = v
    return keys, secs


def main():
    d = sys.argv[1]
    ev, secs = ini(d + "/event.ini")
    born_from = int(ev.get("born-from") or 0)
    level = {short: lvl for _, lvl, short in RANKS}
    min_level = level.get(ev.get("min-rank", ""), -1)
    fees = {k: int(ev.get("fee-" + k) or 0) for k in ("classic", "rapid",
                                                       "blitz")}
    with_fee = any(fees.values())
    rows = list(csv.DictReader(open(d + "/players.csv", encoding="utf-8-sig")))

    def zero():
        return [0, 0, 0]  # boys, girls, refused

    total, by_region, by_sec = zero(), {}, {s: zero() for s in secs}
    by_year, by_rank = {}, {}
    due = collected = 0
    for r in rows:
        entered = [s for s in re.split(r"[,; ]+", r["Секції"]) if s in secs]
        fee = sum(fees.get(secs[s]["discipline"], 0) for s in entered)
        year = int(r["Дата народження"][-4:])
        ok = not born_from or year >= born_from
        if min_level >= 0:
            ok = ok and level.get(r["Розряд"], -1) >= min_level
        if ev.get("citizens-only") == "yes":
            ok = ok and r.get("Федерація", "") in ("", "UKR")
        docs = ["Паспорт/свідоцтво", "Медичний допуск", "Страховка"]
        if with_fee and fee:
            docs.append("Внесок")
        ok = ok and all(r.get(k) == "так" for k in docs if k in r)
        col = (0 if r["Стать"] == "ч" else 1) if ok else 2
        reg = region_of(r["Область"])
        if r.get("Федерація", "").upper() not in ("", "UKR"):
            reg = FOREIGN
        rank = next((lab for lab, _, short in RANKS if short == r["Розряд"]),
                    "")
        for counts in (total, by_region.setdefault(reg, zero()),
                       by_year.setdefault(year, zero()),
                       by_rank.setdefault(rank, zero())):
            counts[col] += 1
        for s in entered:
            by_sec[s][col] += 1
        if ok:
            due += fee
        if r.get("Внесок") == "так":
            collected += fee

    def row(group, item, c):
        print("%s,%s,%d,%d,%d,%d" % (group, item, c[0] + c[1], c[0], c[1],
                                     c[2]), end="\r\n")

    print("group,item,count,boys,girls,refused", end="\r\n")
    row("total", "participants", total)
    print("total,regions,%d,,," % sum(1 for k, c in by_region.items()
                                     if k and k != FOREIGN and c[0] + c[1]),
          end="\r\n")
    for reg in REGIONS + [""]:
        if reg in by_region:
            row("region", reg, by_region[reg])
    if FOREIGN in by_region:
        row("region", "other federations", by_region[FOREIGN])
    for s in secs:
        row("section", s, by_sec[s])
    for y in sorted(by_year):
        row("year", str(y), by_year[y])
    for lab, _, _ in RANKS + [("", 0, "")]:
        if lab in by_rank:
            row("rank", lab, by_rank[lab])
    print("fees,due,%d,,," % due, end="\r\n")
    print("fees,collected,%d,,," % collected, end="\r\n")


def entries(d, text_file):
    pages = open(text_file, encoding="utf-8").read().split("\f")
    apos = str.maketrans({"’": "'", "ʼ": "'"})
    heads = []
    for pg in pages:
        m = re.search(r"від команди: (.*)|^ *(іноземні учасники.*)", pg, re.M)
        heads.append((m.group(1) or m.group(2).strip()) if m
                     else heads[-1] if heads else "")
    bad = 0
    for r in csv.DictReader(open(d + "/players.csv", encoding="utf-8-sig")):
        name = " ".join(x for x in (r["Прізвище"], r["Ім'я"],
                                    r["По батькові"]) if x).translate(apos)
        reg = region_of(r["Область"])
        want = "місто Київ" if reg == "м. Київ" else reg + " область"
        if r.get("Федерація", "").upper() not in ("", "UKR"):
            want = "іноземні учасники (інші федерації)"
        found = [heads[i] for i, pg in enumerate(pages)
                 if name in pg.translate(apos)]
        if found != [want]:
            print("%s (%s): on the pages of %s" % (name, want, found))
            bad = 1
    sys.exit(bad)


if sys.argv[1] == "--entries":
    entries(sys.argv[2], sys.argv[3])
else:
    main()
