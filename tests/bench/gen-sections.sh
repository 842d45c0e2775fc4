#!/bin/sh
# tests/bench/gen-sections.sh N DIR: an event folder of N sections (s0,
# s1, ...), each with its own results CSV of two players and one game, and
# a registry of all 2*N people: what 'check' reads for thousands of
# sections (make bench, tests/cli/1014-ingest-many-sections.t).
# SPDX-License-Identifier: MIT
set -eu
n=$1
d=$2
rm -rf "$d"
mkdir -p "$d"
# Names are Cyrillic letters counted in base 20, so that no two are alike.
awk -v n="$n" -v d="$d" '
function code(i,  s, k) {
    s = ""
    for (k = 0; k < 4; k++) {
        s = s L[i % 20]
        i = int(i / 20)
    }
    return s
}
BEGIN {
    split("а б в г д е ж з и к л м н о п р с т у ф", L, " ")
    L[0] = L[20]
    ini = d "/event.ini"
    reg = d "/players.csv"
    print "[event]\ntitle = Багато секцій\nstart = 01.06.2023\n" \
        "end = 03.06.2023\ncity = Львів\nvenue = Палац мистецтв\n" \
        "chief-arbiter = Остап КРАВЕЦЬ | головний суддя\n" \
        "chief-secretary = Марта ГНАТІВ | головний секретар\n" > ini
    print "Прізвище,Ім'\''я,Стать,Дата народження,Область,Клуб,Тренер," \
        "Розряд,Секції" > reg
    for (i = 0; i < n; i++) {
        s = "s" i
        printf "[section %s]\ntitle = Секція %d\nfile = %s.csv\n" \
            "discipline = classic\nsex = boys\nrounds = 1\n\n", s, i, s > ini
        a = "Ва" code(2 * i)
        b = "Ва" code(2 * i + 1)
        f = d "/" s ".csv"
        print "Тур,Білі,Чорні,Результат" > f
        printf "1,\"%s, Іван\",\"%s, Петро\",1-0\n", a, b > f
        close(f)
        printf "%s,Іван,ч,01.01.2013,Львівська,,Коваль Ігор,,%s\n", a, s > reg
        printf "%s,Петро,ч,01.01.2013,Львівська,,Коваль Ігор,,%s\n", b, s > reg
    }
}'
