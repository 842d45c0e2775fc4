#!/bin/sh
# windows/check.sh: the Windows zip tried under Wine ('make windows-check',
# not part of 'make check'): unpacked into a folder whose path has
# Cyrillic letters and spaces, sekretar.exe checks, renders and builds the
# example events given with Windows paths (drive letter, '\'); the
# documents' text (pdftotext) must equal what the Linux build makes, the
# archive must verify with the Linux build and answer its queries alike;
# a folder dropped on the exe gets its documents; a document held open as
# Excel holds one is refused with a clear message.  TAP output.
# SPDX-License-Identifier: MIT
#
#   sh windows/check.sh OUT ZIP EVENT...
set -u

OUT=$(cd "$1" && pwd) ZIP=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
shift 2
SRC=$(pwd)
LINUX=$SRC/sekretar
WINE=${WINE:-$(command -v wine64 || echo /usr/lib/wine/wine64)}
WINESERVER=${WINESERVER:-$(command -v wineserver ||
    echo /usr/lib/wine/wineserver64)}
export WINEPREFIX="$OUT/wineprefix" WINEDEBUG=-all
T="$OUT/check/Мої документи"
n=0 failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
# The Windows name of a Unix path (Wine's drive Z: is /).
winpath() { printf 'Z:%s' "$1" | tr / '\\'; }
# Run sekretar.exe with a closed standard input.
exe() { "$WINE" "$T/sekretar/sekretar.exe" "$@" </dev/null; }
same_text() { # PDF-DIR-A PDF-DIR-B: 0 when every PDF's text is equal
    r=0
    for f in "$1"/*.pdf; do
        b=$(basename "$f")
        pdftotext -layout "$f" "$OUT/check/a.txt" 2>/dev/null
        pdftotext -layout "$2/$b" "$OUT/check/b.txt" 2>/dev/null ||
            { echo "# $b: missing"; r=1; continue; }
        cmp -s "$OUT/check/a.txt" "$OUT/check/b.txt" ||
            { echo "# $b: the text differs"; r=1; }
    done
    return $r
}

rm -rf "$OUT/check" && mkdir -p "$T"
(cd "$T" && unzip -q "$ZIP") && ok "unpacked into '$T'" ||
    not_ok "unpacked into '$T'"
"$WINE" wineboot -i >/dev/null 2>&1
export SOURCE_DATE_EPOCH=1700000000

for ev in "$@"; do
    name=$(basename "$ev")
    E="$OUT/check/Змагання $name"
    cp -R "$ev" "$E"
    W=$(winpath "$E")
    exe check "$W" >"$OUT/check/$name.check.out" 2>&1
    wrc=$?
    "$LINUX" check "$ev" >/dev/null 2>&1
    lrc=$?
    [ $wrc = $lrc ] && ok "$name: check answers $wrc as on Linux" ||
        { not_ok "$name: check answers $wrc, Linux $lrc"; \
          sed 's/^/# /' "$OUT/check/$name.check.out" | head -20; }
    exe render -o "$(winpath "$OUT/check/win-$name")" "$W" \
        >"$OUT/check/$name.render.out" 2>&1 &&
        ok "$name: render" ||
        { not_ok "$name: render"; sed 's/^/# /' "$OUT/check/$name.render.out" | head; }
    SEKRETAR_DATADIR=$SRC "$LINUX" render -o "$OUT/check/linux-$name" "$ev" \
        >/dev/null 2>&1
    same_text "$OUT/check/linux-$name" "$OUT/check/win-$name" &&
        ok "$name: the documents' text equals the Linux build's" ||
        not_ok "$name: the documents' text equals the Linux build's"
done

# Both events built into one archive by the exe; verified and asked by the
# Linux build, which answers as on an archive it built itself.
A="$OUT/check/Архів змагань"
for ev in "$@"; do
    name=$(basename "$ev")
    exe build --archive "$(winpath "$A")" --slug "$name" \
        "$(winpath "$OUT/check/Змагання $name")" >"$OUT/check/build.out" 2>&1 &&
        ok "$name: build into the archive" ||
        { not_ok "$name: build into the archive"; sed 's/^/# /' "$OUT/check/build.out" | head; }
    SEKRETAR_DATADIR=$SRC "$LINUX" build --archive "$OUT/check/linux-archive" \
        --slug "$name" "$ev" >/dev/null 2>&1
done
SEKRETAR_DATADIR=$SRC "$LINUX" archive verify --archive "$A" \
    >"$OUT/check/verify.out" 2>&1 &&
    ok "the archive verifies with the Linux build" ||
    { not_ok "the archive verifies with the Linux build"; sed 's/^/# /' "$OUT/check/verify.out" | head; }
for q in champions medals events; do
    "$LINUX" query --archive "$A" $q >"$OUT/check/q-win.txt" 2>&1
    "$LINUX" query --archive "$OUT/check/linux-archive" $q \
        >"$OUT/check/q-linux.txt" 2>&1
    cmp -s "$OUT/check/q-win.txt" "$OUT/check/q-linux.txt" &&
        ok "query $q: the same answer" ||
        { not_ok "query $q: the same answer"; diff "$OUT/check/q-linux.txt" "$OUT/check/q-win.txt" | head | sed 's/^/# /'; }
done
for q in champions "medals --by region" "search Ко"; do
    # shellcheck disable=SC2086
    exe query --archive "$(winpath "$A")" $q >"$OUT/check/q-exe.txt" 2>&1
    # shellcheck disable=SC2086
    "$LINUX" query --archive "$A" $q >"$OUT/check/q-linux.txt" 2>&1
    tr -d '\r' <"$OUT/check/q-exe.txt" | cmp -s - "$OUT/check/q-linux.txt" &&
        ok "query $q by the exe: the Linux build's answer" ||
        { not_ok "query $q by the exe: the Linux build's answer"; diff "$OUT/check/q-linux.txt" "$OUT/check/q-exe.txt" | head | sed 's/^/# /'; }
done
# The archive's website (its lists in Ukrainian alphabetical order: ICU).
exe archive site --archive "$(winpath "$A")" -o "$(winpath "$OUT/check/site-win")" \
    >"$OUT/check/site.out" 2>&1
"$LINUX" archive site --archive "$A" -o "$OUT/check/site-linux" >/dev/null 2>&1
diff -r -x '.*' "$OUT/check/site-linux" "$OUT/check/site-win" >"$OUT/check/site.diff" &&
    ok "archive site by the exe: the Linux build's pages" ||
    { not_ok "archive site by the exe: the Linux build's pages"; head -20 "$OUT/check/site.diff" | sed 's/^/# /'; sed 's/^/# /' "$OUT/check/site.out" | head -5; }

# A folder dropped on the exe (its only argument): its documents appear in
# its documents/ folder.
ev=$1
name=$(basename "$ev")
D="$OUT/check/Змагання $name"
rm -rf "$D/documents"
exe "$(winpath "$D")" >"$OUT/check/drop.out" 2>&1
ls "$D/documents"/*.pdf >/dev/null 2>&1 &&
    same_text "$OUT/check/linux-$name" "$D/documents" &&
    ok "a folder dropped on the exe gets its documents" ||
    { not_ok "a folder dropped on the exe gets its documents"; sed 's/^/# /' "$OUT/check/drop.out" | head; }
exe >"$OUT/check/noarg.out" 2>&1
grep -q 'Перетягніть теку' "$OUT/check/noarg.out" &&
    ok "no argument: what to do, in Ukrainian" ||
    { not_ok "no argument: what to do, in Ukrainian"; sed 's/^/# /' "$OUT/check/noarg.out" | head; }

# The desk: its page answers a browser (curl) with the event's title.
# desk_answers NAME OUT PROGRAM ARGS...: the desk PROGRAM starts (with
# --no-browser, a port, the event folder) answers; said as NAME.
port=$((18000 + $$ % 1000))
desk_answers() {
    name=$1 out=$2
    shift 2
    port=$((port + 1))
    timeout 60 "$WINE" "$@" --no-browser --port $port "$(winpath "$D")" \
        </dev/null >"$out" 2>&1 &
    desk=$!
    i=0
    while [ $i -lt 150 ] && ! grep -qs 'http://' "$out"; do
        sleep 0.1; i=$((i + 1))
    done
    url=$(grep -o 'http://[^ ]*' "$out" | head -1 | tr -d '\r')
    if [ -n "$url" ] && curl -s -c "$out.cookies" -L "$url" |
        grep -q '<title>.*робоче місце секретаря'; then
        ok "$name at $url"
    else
        not_ok "$name"
        sed 's/^/# /' "$out" | head
    fi
    kill $desk 2>/dev/null
    wait $desk 2>/dev/null
}
desk_answers "the desk answers" "$OUT/check/desk.out" \
    "$T/sekretar/sekretar.exe" desk
# "Робоче місце.cmd": a folder dropped on it starts the desk (its
# arguments go to 'sekretar desk').
desk_answers "a folder dropped on 'Робоче місце.cmd': the desk answers" \
    "$OUT/check/deskcmd.out" "$(winpath "$T/sekretar/Робоче місце.cmd")"

# A document held open (as Excel holds a workbook) while the documents are
# written again: a clear message and a failure, not a crash.
H="$D/documents/$(cd "$D/documents" && ls *.xlsx | head -1)"
rm -f "$OUT/check/stop"
"$WINE" "$OUT/holdfile.exe" "$(winpath "$H")" "$(winpath "$OUT/check/stop")" \
    >"$OUT/check/hold.out" 2>&1 &
hold=$!
i=0
while [ $i -lt 100 ] && ! grep -qs holding "$OUT/check/hold.out"; do
    sleep 0.1; i=$((i + 1))
done
exe render -o "$(winpath "$D/documents")" "$(winpath "$D")" \
    >"$OUT/check/locked.out" 2>&1
rc=$?
touch "$OUT/check/stop"
wait $hold
if [ $rc -ne 0 ] && [ $rc -lt 128 ] &&
    grep -q 'open in another program' "$OUT/check/locked.out"; then
    ok "a document held open: exit $rc, $(grep -m1 'open in another' "$OUT/check/locked.out" | tr -d '\r')"
else
    not_ok "a document held open: exit $rc"
    sed 's/^/# /' "$OUT/check/locked.out" | head
fi

# Wine's own processes (its server, its devices) end with the test.
"$WINESERVER" -k 2>/dev/null
echo "1..$n"
[ $failed = 0 ]
