#!/usr/bin/env python3
"""tests/lib/ko-renumber.py: knock-out match cards numbered another way.

usage: ko-renumber.py [--top-down] [--players A=B,...] CARDS.csv >OUT.csv

--top-down   number the matches of each round from the top of the standard
             bracket down, as the FIDE World Cup does (round 1's match 1 is
             seed 1 against the last, match 2 the next pair drawn below it;
             a later round's match j is fed by matches 2j-1 and 2j), from
             cards numbered the standard way (match j of round 1: seed j
             against seed 2^k+1-j; round r+1's match j: the winners of
             matches j and m+1-j).  The match for third place stays 2.
--players    give start number A the number B (a drawn bracket from a
             seeded one); the columns of start numbers only.
SPDX-License-Identifier: MIT
"""
import csv
import sys


def standard_order(k, r):
    """The standard numbers of round r's matches drawn top to bottom."""
    order = [1]
    for _ in range(k - 1, r - 1, -1):
        m = len(order)
        order = [x for j in order for x in (j, 2 * m + 1 - j)]
    return order


def column(header, names):
    for i, h in enumerate(header):
        if h.strip().lower() in names:
            return i
    return None


def main(argv):
    top_down, perm, path = False, {}, None
    args = iter(argv)
    for a in args:
        if a == "--top-down":
            top_down = True
        elif a == "--players":
            for pair in next(args).split(","):
                x, y = pair.split("=")
                perm[x] = y
        else:
            path = a
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    c_round = column(header, ("round", "тур"))
    c_match = column(header, ("match", "матч"))
    k = max(int(r[c_round]) for r in body)
    if top_down:
        new = {}
        for r in range(1, k + 1):
            for pos, j in enumerate(standard_order(k, r), 1):
                new[(r, j)] = pos
        for row in body:
            key = (int(row[c_round]), int(row[c_match]))
            if key in new and not (key[0] == k and key[1] == 2):
                row[c_match] = str(new[key])
    if perm:
        nos = [column(header, n) for n in (("white no", "ст. № білих"),
                                           ("black no", "ст. № чорних"))]
        if None in nos:
            nos = [column(header, n) for n in (("white", "білі"),
                                               ("black", "чорні"))]
        for row in body:
            for c in nos:
                row[c] = perm.get(row[c], row[c])
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(header)
    out.writerows(body)


if __name__ == "__main__":
    main(sys.argv[1:])
