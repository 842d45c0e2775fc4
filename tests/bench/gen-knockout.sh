#!/bin/sh
# tests/bench/gen-knockout.sh: the match cards of a synthetic knock-out of
# PLAYERS (a power of 2) by start number, seeds as the start numbers,
# every stage used: matches are decided in turn by the classical games,
# the rapid games, the blitz games, a drawn armageddon (black wins), a
# forfeited game, a walkover, and an upset in the classical games.
# usage: gen-knockout.sh PLAYERS >CARDS.csv
# SPDX-License-Identifier: MIT
awk -v n="$1" '
function row(r, j, g, st, w, b, res) {
    printf "%d,%d,%s,%s,%d,%d,%s\n", r, j, g, st, w, b, res
}
# The match of a (the better seed) and b; returns the winner.
function play(r, j, a, b, kind) {
    if (kind == 5) {
        row(r, j, "", "", a, b, "+/-")
        return a
    }
    if (kind == 6) {
        row(r, j, 1, "classic", a, b, "0-1")
        row(r, j, 2, "classic", b, a, "½-½")
        return b
    }
    if (kind == 0) {
        row(r, j, 1, "classic", a, b, "1-0")
        row(r, j, 2, "classic", b, a, "0-1")
        return a
    }
    if (kind == 4) {
        row(r, j, 1, "classic", a, b, "½-½")
        row(r, j, 2, "classic", b, a, "-/+")
        return a
    }
    row(r, j, 1, "classic", a, b, "½-½")
    row(r, j, 2, "classic", b, a, "½-½")
    if (kind == 1) {
        row(r, j, 3, "rapid", a, b, "1-0")
        row(r, j, 4, "rapid", b, a, "½-½")
        return a
    }
    row(r, j, 3, "rapid", a, b, "½-½")
    row(r, j, 4, "rapid", b, a, "½-½")
    if (kind == 2) {
        row(r, j, 5, "blitz", b, a, "0-1")
        row(r, j, 6, "blitz", a, b, "½-½")
        return a
    }
    row(r, j, 5, "blitz", a, b, "½-½")
    row(r, j, 6, "blitz", b, a, "½-½")
    row(r, j, 7, "armageddon", b, a, "½-½")
    return a
}
BEGIN {
    print "round,match,game,stage,white,black,result"
    m = n / 2
    for (j = 1; j <= m; j++) {
        A[j] = j
        B[j] = n + 1 - j
    }
    for (r = 1; m >= 1; r++) {
        for (j = 1; j <= m; j++) {
            w = play(r, j, A[j], B[j], (r * 3 + j) % 7)
            W[j] = w
            L[j] = w == A[j] ? B[j] : A[j]
        }
        if (m == 2) {
            t1 = L[1] < L[2] ? L[1] : L[2]
            t2 = L[1] < L[2] ? L[2] : L[1]
        }
        if (m == 1 && n >= 4)
            play(r, 2, t1, t2, (r * 3 + 2) % 7)
        for (j = 1; j <= m / 2; j++) {
            x = W[j]
            y = W[m + 1 - j]
            A[j] = x < y ? x : y
            B[j] = x < y ? y : x
        }
        m = m / 2
    }
}'
