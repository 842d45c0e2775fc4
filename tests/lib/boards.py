#!/usr/bin/python3
"""Check a Swiss section page's pairings of round R against its cross
table: every game of the round once, with its result, and the boards in
the order FIDE C.04.2 lists pairings (the higher score of the two before
the round, then the sum of both, then the smaller start number).

    boards.py CROSS.tsv PAIRS.tsv R

CROSS.tsv: the cross table's rows (site.py table PAGE '#crosstable');
PAIRS.tsv: the round's (site.py table PAGE '#rR').  One line per problem;
exit 1 when there is one.
"""
import re
import sys

VALUE = {"1": 1.0, "½": 0.5, "0": 0.0, "+": 1.0, "−": 0.0}


def main():
    cross, pairs, rnd = sys.argv[1], sys.argv[2], int(sys.argv[3])
    score, games = {}, {}
    for line in open(cross, encoding="utf-8"):
        c = line.rstrip("\n").split("\t")
        no = int(c[1])
        cells = c[3:3 + rnd]
        score[no] = 0.0
        for k, cell in enumerate(cells):
            m = re.fullmatch(r"(\d+) ([бч]) (.+)", cell)
            v = m.group(3) if m else cell.split(" ")[-1]
            if k < rnd - 1:
                score[no] += VALUE.get(v, 0.0)
            elif m:
                games[no] = (int(m.group(1)), m.group(2), v)
    bad, seen, keys = [], set(), []
    for line in open(pairs, encoding="utf-8"):
        c = line.rstrip("\n").split("\t")
        if len(c) < 6 or not c[0]:
            continue
        w, res, b = int(c[1]), c[3], int(c[4])
        want = games.get(w)
        if not want or want[0] != b or want[1] != "б":
            bad.append("board %s: %d-%d is no game of white %d" % (c[0], w, b, w))
        else:
            r = {"1": "1–0", "0": "0–1", "½": "½–½", "+": "+ : −",
                 "−": "− : +"}[want[2]]
            if r != res:
                bad.append("board %s: %s, the cross table says %s" % (c[0], res, r))
        seen |= {w, b}
        keys.append((-max(score[w], score[b]), -(score[w] + score[b]),
                     min(w, b)))
    if keys != sorted(keys):
        bad.append("the boards are not in C.04.2's order")
    missing = {n for n, g in games.items() if n not in seen}
    if missing:
        bad.append("games missing for %s" % sorted(missing)[:5])
    if len(keys) < 10:
        bad.append("only %d boards: the test shows nothing" % len(keys))
    for x in bad:
        print(x)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
