#!/bin/sh
# tests/bench/bench-games.sh: 'query games' over a catalogue of a million
# games (make bench-games).
# usage: bench-games.sh SEKRETAR TIMEIT OUTDIR [GAMES]
# SPDX-License-Identifier: MIT
#
# Builds the U10 example into a new archive (the catalogue and its
# schema, made by Sekretar), then fills the catalogue by SQL with GAMES
# synthetic games (1,000,000 by default): events of one section of 100
# players and 10 rounds (500 games each) from 2001 to 2025, their
# players drawn from 20,000 people (each in about ten events), every
# other game with moves, an ECO code spread over A00-E99 and 10 to 89
# moves.  Then it times 'query games' by a player, by a range of ECO
# codes and by a year, whole processes (the median of 11 runs, timeit;
# target: 50 ms each), and says how many games each printed.  Needs the
# sqlite3 shell.
set -e
sek=$1
timeit=$2
dir=$3
n=${4:-1000000}
runs=11
top=$(cd "$(dirname "$0")/../.." && pwd)
export SEKRETAR_DATADIR=${SEKRETAR_DATADIR:-$top}
export SOURCE_DATE_EPOCH=1700000000
arc=$dir/archive
export SEKRETAR_ARCHIVE=$arc
command -v sqlite3 >/dev/null 2>&1 || {
    echo "bench-games: the sqlite3 shell is missing (apt-get install sqlite3)"
    exit 1
}
rm -rf "$dir"
mkdir -p "$dir"
cp -R "$top/tests/example/u10-lviv-2023" "$dir/u10-lviv-2023"
"$sek" build "$dir/u10-lviv-2023" >"$dir/build.log" 2>&1

ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }

sections=$((n / 500))
t=$(date +%s%N)
sqlite3 "$arc/catalog.sqlite" <<EOF
PRAGMA foreign_keys = OFF;
PRAGMA synchronous = OFF;
BEGIN;
CREATE TEMP TABLE seq(i INTEGER PRIMARY KEY);
WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s
    WHERE i < max($sections, 20000))
INSERT INTO seq SELECT i FROM s;
CREATE TEMP TABLE base AS SELECT (SELECT coalesce(max(id), 0) FROM people)
    AS p, (SELECT coalesce(max(id), 0) FROM events) AS e,
    (SELECT coalesce(max(id), 0) FROM sections) AS s,
    (SELECT coalesce(max(id), 0) FROM entries) AS en;
-- 20,000 people named Bench, their number in five letters (a search
-- form has no digits: 1234 is "aabcd"), Petro; the name folded as
-- name_fold() folds Latin letters, no Latin search form.
CREATE TEMP TABLE who AS SELECT i, 'Bench' || (SELECT group_concat(
    substr('abcdefiklm', (i / d) % 10 + 1, 1), '') FROM (SELECT 10000 AS d
    UNION ALL SELECT 1000 UNION ALL SELECT 100 UNION ALL SELECT 10
    UNION ALL SELECT 1)) || ' Petro' AS name FROM seq WHERE i <= 20000;
INSERT INTO people (id, ident, fide_id, name, key, birth, sex, fold, lfold)
SELECT base.p + i, 'bench:' || i, CAST(90000000 + i AS TEXT), name,
    lower(name), '', 'm', lower(name), ''
FROM who, base;
-- One event of one section for every 500 games, 2001 to 2025, on days
-- spread over the year.
CREATE TEMP TABLE ev AS SELECT i, date(printf('%d-01-01', 2001 + i % 25),
    '+' || (i * 7 % 360) || ' days') AS day FROM seq WHERE i <= $sections;
INSERT INTO events (id, key, title, category, start_date, end_date, year,
    city, version)
SELECT base.e + i, printf('%s-bench-%05d', day, i), 'Bench ' || i,
    'U' || (8 + 2 * (i % 7)), day, date(day, '+8 days'), 2001 + i % 25,
    'Lviv', 1
FROM ev, base;
INSERT INTO sections (id, event_id, key, title, system, discipline, sex,
    rounds, players, prize_places)
SELECT base.s + i, base.e + i, 'open', 'Open', 'swiss', 'classic', 'm', 10,
    100, 3 FROM seq, base WHERE i <= $sections;
-- 100 players a section: start number k is person (37 i + 101 k) mod
-- 20,000, distinct within the section.
INSERT INTO entries (id, section_id, person_id, start_no, name, place,
    place_to, points, tiebreaks, games)
SELECT base.en + (s.i - 1) * 100 + k.i, base.s + s.i,
    base.p + 1 + (37 * s.i + 101 * k.i) % 20000, k.i,
    (SELECT name FROM who WHERE who.i = 1 + (37 * s.i + 101 * k.i) %
    20000), k.i, k.i, 5.0, '{}', 10
FROM seq s, seq k, base WHERE s.i <= $sections AND k.i <= 100;
-- Round r, board b: players (2b - 2 + r) mod 100 and (2b - 1 + r) mod
-- 100 (+1), every player once a round.
INSERT INTO games (section_id, round, white, black, result, pgn, eco,
    moves, plies, fen, event_key, ord)
SELECT base.s + s.i, r.i,
    base.en + (s.i - 1) * 100 + 1 + (2 * b.i - 2 + r.i) % 100,
    base.en + (s.i - 1) * 100 + 1 + (2 * b.i - 1 + r.i) % 100,
    CASE (s.i + r.i + b.i) % 3 WHEN 0 THEN '1-0' WHEN 1 THEN '0-1'
        ELSE '½-½' END,
    CASE WHEN (s.i + b.i) % 2 = 0 THEN
        '[Event "Bench"]' || char(10) || '[Site "Lviv UKR"]' || char(10) ||
        '[Date "????.??.??"]' || char(10) || '[Round "' || r.i || '"]' ||
        char(10) || '[White "?"]' || char(10) || '[Black "?"]' ||
        char(10) || '[Result "*"]' || char(10) || char(10) ||
        '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *' ||
        char(10) || char(10) END,
    CASE WHEN (s.i + b.i) % 2 = 0 THEN
        char(65 + (s.i * 7 + r.i * 3 + b.i) % 5) ||
        printf('%02d', (s.i * 13 + r.i * 11 + b.i * 17) % 100) END,
    CASE WHEN (s.i + b.i) % 2 = 0 THEN 10 + (s.i + r.i * 7 + b.i) % 80 END,
    CASE WHEN (s.i + b.i) % 2 = 0 THEN 20 + 2 * ((s.i + r.i * 7 + b.i) % 80)
        END,
    CASE WHEN (s.i + b.i) % 2 = 0 THEN
        'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6' END,
    (SELECT printf('%s-bench-%05d', day, i) FROM ev WHERE ev.i = s.i),
    (r.i - 1) * 50 + b.i
FROM seq s, seq r, seq b, base
WHERE s.i <= $sections AND r.i <= 10 AND b.i <= 50;
-- The players' names in their games, as a build gives them.
UPDATE games SET white_name = (SELECT name FROM entries WHERE id =
    games.white), black_name = (SELECT name FROM entries WHERE id =
    games.black) WHERE white_name = '';
COMMIT;
ANALYZE;
EOF
echo "filled the catalogue by SQL in $(ms_since "$t") ms"
sqlite3 "$arc/catalog.sqlite" "SELECT count(*) || ' games, ' ||
    count(pgn) || ' with moves' FROM games"
ls -l "$arc/catalog.sqlite" |
    awk '{ printf "catalogue: %.1f MB\n", $5 / 1048576 }'

time_q() {
    label=$1
    shift
    "$@" --format tsv >"$dir/q.out"
    rows=$(($(wc -l <"$dir/q.out") - 1))
    printf '  %-46s %6d games %8s ms\n' "$label" "$rows" \
        "$("$timeit" $runs "$@")"
}
echo "query games (whole process, text table, median of $runs runs; target 50 ms):"
time_q "--player '#ID' (a history of ~100 games)" \
    "$sek" query games --player "#1000"
time_q "--player NAME (the name searched)" \
    "$sek" query games --player "Benchbmmmm Petro"
time_q "--eco B20-B99" "$sek" query games --eco B20-B99
time_q "--eco B20-B99 --limit 100" "$sek" query games --eco B20-B99 \
    --limit 100
time_q "--eco B22" "$sek" query games --eco B22
time_q "--year 2013" "$sek" query games --year 2013
time_q "--year 2013 --limit 100" "$sek" query games --year 2013 --limit 100
time_q "--year 2013 --eco B20-B99 --moves-min 60" "$sek" query games \
    --year 2013 --eco B20-B99 --moves-min 60
time_q "--event ID --round 5" "$sek" query games \
    --event "$(sqlite3 "$arc/catalog.sqlite" "SELECT key FROM events WHERE
        key LIKE '%-bench-00012'")" --round 5
