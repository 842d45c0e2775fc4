#!/bin/sh
# windows/check.sh: the Windows zip tried under Wine ('make windows-check',
# not part of 'make check'): unpacked into a folder whose path has
# Cyrillic letters and spaces, sekretar.exe checks, renders and builds the
# example events given with Windows paths (drive letter, '\'); the
# documents' text (pdftotext) must equal what the Linux build makes, the
# archive must verify with the Linux build and answer its queries alike;
# two exes building into one archive at once each wait their turn at its
# lock, and the catalogue lists exactly the versions they reported; a
# folder dropped on the exe gets its documents; a document held open as
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

# Two exes at once into one archive, as two secretaries' builds may run:
# each waits its turn for the archive's lock (LockFileEx), as two builds
# on Linux do; no bundle is lost or damaged; the catalogue lists exactly
# the versions the builds said they made.
C="$OUT/check/Архів на двох" CC="$OUT/check/conc"
mkdir -p "$C" "$CC/1" "$CC/2"
for ev in "$@"; do
    cp -R "$ev" "$CC/1/" && cp -R "$ev" "$CC/2/"
done
: >"$CC/said"
# builds_start TAG DIR...: 'build' of each DIR into the archive C, all
# started at once in the background (their pids in $pids).
builds_start() {
    tag=$1 k=0 pids=
    shift
    for d in "$@"; do
        k=$((k + 1))
        exe build --archive "$(winpath "$C")" --slug "$(basename "$d")" \
            "$(winpath "$d")" >"$CC/$tag-$k.out" 2>&1 &
        pids="$pids $!"
    done
}
# builds_end TAG: wait for them; 0 when each ended with 0 and named the
# version it made or found up to date ("ID VERSION" into TAG.said and
# said); else what went wrong, said.
builds_end() {
    tag=$1 k=0 ret=0
    : >"$CC/$tag.said"
    for p in $pids; do
        k=$((k + 1))
        wait "$p"
        rc=$?
        said=$(tr -d '\r' <"$CC/$tag-$k.out" |
            sed -n 's|.*/\([^/]*\)\.zip[ :].*(version \([0-9]*\).*|\1 \2|p' |
            head -1)
        if [ $rc = 0 ] && [ -n "$said" ]; then
            echo "$said" >>"$CC/$tag.said"
        else
            echo "# $tag, build $k: exit $rc"
            sed 's/^/#   /' "$CC/$tag-$k.out" | head -5
            ret=1
        fi
    done
    cat "$CC/$tag.said" >>"$CC/said"
    return $ret
}
# at_lock: how many sekretar.exe processes have the archive C's lock file
# open (Wine's processes hold the Unix file of each file they lock).
at_lock() {
    n=0
    for p in /proc/[0-9]*; do
        grep -aqs 'sekretar\.exe' "$p/cmdline" || continue
        for f in "$p"/fd/*; do
            [ "$(readlink "$f")" = "$(cd "$C" && pwd -P)/.lock" ] &&
                { n=$((n + 1)); break; }
        done
    done
    echo $n
}
# The lock held by another program: both builds render, then wait at the
# lock; nothing is committed until it lets go.
rm -f "$CC/stop"
"$WINE" "$OUT/holdfile.exe" --lock "$(winpath "$C/.lock")" \
    "$(winpath "$CC/stop")" >"$CC/hold.out" 2>&1 &
hold=$!
i=0
while [ $i -lt 100 ] && ! grep -qs holding "$CC/hold.out"; do
    sleep 0.1; i=$((i + 1))
done
builds_start held "$CC/1/$(basename "$1")" "$CC/1/$(basename "${2:-$1}")"
i=0
while [ $i -lt 600 ] && [ "$(at_lock)" -lt 2 ]; do
    sleep 0.1; i=$((i + 1))
done
sleep 2
alive=0
for p in $pids; do
    kill -0 "$p" 2>/dev/null && alive=$((alive + 1))
done
waiting=$(at_lock)
if [ $alive = 2 ] && [ "$waiting" = 2 ] && [ ! -e "$C/catalog.sqlite" ] &&
    ! ls "$C"/[0-9]* >/dev/null 2>&1; then
    ok "two builds at once, the archive's lock held by another program: both wait at it, nothing committed"
else
    not_ok "two builds at once, the archive's lock held by another program: $alive of 2 running, $waiting at the lock"
    ls -A "$C" | sed 's/^/# /'
fi
touch "$CC/stop"
wait $hold
builds_end held && [ "$(cut -d' ' -f2 "$CC/held.said" | sort -u)" = 1 ] &&
    ok "the lock let go: each committed in its turn, version 1 of its event" ||
    not_ok "the lock let go: each committed in its turn, version 1 of its event"
# Every bundle now, by its SHA-256: each must stay, as current or as a kept
# version.
(cd "$C" && sha256sum [0-9]*/*.zip) | cut -d' ' -f1 | sort >"$CC/before"
# The same event twice at once, the two folders differing (its venue):
# both commit, one after the other, three times.
ev=$CC/1/$(basename "$1") ev2=$CC/2/$(basename "$1")
id=$(head -1 "$CC/held.said" | cut -d' ' -f1)
bad=0 v=1
for round in 1 2 3; do
    sed -i "s/^venue = .*/venue = Зала $round-1/" "$ev/event.ini"
    sed -i "s/^venue = .*/venue = Зала $round-2/" "$ev2/event.ini"
    builds_start "pair$round" "$ev" "$ev2"
    builds_end "pair$round" || bad=1
    [ "$(sort -k2n "$CC/pair$round.said" | tr '\n' ' ')" = \
        "$id $((v + 1)) $id $((v + 2)) " ] || {
        echo "# pair $round: not versions $((v + 1)) and $((v + 2)):" \
            "$(tr '\n' ' ' <"$CC/pair$round.said")"
        bad=1
    }
    v=$((v + 2))
done
[ $bad = 0 ] &&
    ok "the same event twice at once (two folders), 3 times: both commit, in turn (versions 2 to $v)" ||
    not_ok "the same event twice at once (two folders), 3 times"
# The same folder twice at once (changed again): one commits, the other
# finds it up to date, and both name that one new version.
sed -i "s/^venue = .*/venue = Зала 4/" "$ev/event.ini"
builds_start twin "$ev" "$ev"
builds_end twin &&
    [ "$(sort -u "$CC/twin.said" | tr '\n' ' ')" = "$id $((v + 1)) " ] &&
    ok "the same folder twice at once: one new version, named by both ($(head -1 "$CC/twin.said"))" ||
    { not_ok "the same folder twice at once"; sed 's/^/# /' "$CC/twin.said"; }
(cd "$C" && sha256sum [0-9]*/*.zip) | cut -d' ' -f1 | sort >"$CC/after"
SEKRETAR_DATADIR=$SRC "$LINUX" archive verify --archive "$C" \
    >"$CC/verify.out" 2>&1 && [ -z "$(comm -23 "$CC/before" "$CC/after")" ] &&
    ok "the archive verifies with the Linux build, every earlier bundle kept, nothing left behind" ||
    { not_ok "the archive verifies with the Linux build, every earlier bundle kept, nothing left behind"; sed 's/^/# /' "$CC/verify.out" | head; comm -23 "$CC/before" "$CC/after" | sed 's/^/# lost: /'; }
# The versions in the catalogue, "ID VERSION" a line, as the builds said
# them.
"$LINUX" query --archive "$C" events --format csv | sed 1d | cut -d, -f1 |
    while read -r id; do
        "$LINUX" archive show --archive "$C" "$id" |
            awk -v id="$id" '/^Version +Path/ { f = 1; next }
                f && $1 ~ /^[0-9]+$/ { print id " " $1 }'
    done | sort >"$CC/catalogue"
[ -s "$CC/catalogue" ] && sort -u "$CC/said" | cmp -s - "$CC/catalogue" &&
    ok "the catalogue lists exactly the versions the builds said ($(wc -l <"$CC/catalogue"))" ||
    { not_ok "the catalogue lists exactly the versions the builds said"; sort -u "$CC/said" | diff - "$CC/catalogue" | sed 's/^/# /'; }
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
