#!/usr/bin/python3
"""Read a game page of the site (a board per position, in SVG) back.

    game.py board PAGE N    the position of board N (#pN: after ply N) as
                            FEN's first field, read from its SVG, each
                            board's reference to the one before followed
                            back to one drawn whole
    game.py summary PAGE... per page: ROUND WHITE BLACK PLIES FEN-FIELD
                            (the round from the page's name, the players
                            from its heading, the moves linked in its move
                            list, the last board), tab-separated

Exit 1 with a message when a page is not as expected.
"""
import html
import re
import sys

USE = re.compile(r'<use href="#([a-z0-9]+)"(?: x="(\d)" y="(\d)")?/>')


def groups(text):
    """Every board's group: id -> its contents."""
    return dict(re.findall(r'<g id="(g\d+)">(.*?)</g>', text))


def board(gs, gid, depth=0):
    """The pieces of group gid: {(file, rank): "wp"}."""
    if depth > 64:
        sys.exit("references too deep at %s" % gid)
    squares = {}
    for ref, x, y in USE.findall(gs[gid]):
        if ref.startswith("g"):
            squares = dict(board(gs, ref, depth + 1))
        elif ref == "bd":
            squares = {}
        elif ref in ("sl", "sd"):
            squares.pop((int(x), 7 - int(y)), None)
        elif re.fullmatch(r"[wb][pnbrqk]", ref):
            squares[(int(x), 7 - int(y))] = ref
        else:
            sys.exit("an unknown shape '%s' in %s" % (ref, gid))
    return squares


def fen(squares):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = squares.get((f, rank))
            if not p:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p[1].upper() if p[0] == "w" else p[1]
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "board":
        text = open(sys.argv[2], encoding="utf-8").read()
        print(fen(board(groups(text), "g" + sys.argv[3])))
        return
    if len(sys.argv) < 3 or sys.argv[1] != "summary":
        sys.exit(__doc__)
    for page in sys.argv[2:]:
        text = open(page, encoding="utf-8").read()
        h1 = re.search(r"<h1>(.*?) — (.*?) <span", text)
        moves = re.search(r'<p class="moves">(.*?)</p>', text, re.S)
        if not h1 or not moves:
            sys.exit("%s: no heading or no moves" % page)
        plies = len(re.findall(r'<a href="#p\d+">', moves.group(1)))
        gs = groups(text)
        rnd = re.match(r"(\d+)-", page.rsplit("/", 1)[-1]).group(1)
        print("\t".join([rnd, html.unescape(h1.group(1)),
                         html.unescape(h1.group(2)), str(plies),
                         fen(board(gs, "g%d" % plies))]))


main()
