#!/bin/sh
# A full disk exits 74 in every command, with the file it could not write;
# render then leaves no document.  Standard output is /dev/full; files go
# to a small tmpfs (skipped, visibly, where mounting is not permitted).
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-03
mini=$DATA/mini-event
small=$DATA/ua-small.trf
full="sekretar: error: writing the output failed: No space left on device"

# ---- standard output on a full disk

# Run sekretar with the words of $1 and its output on /dev/full.
to_full_stdout() {
    # shellcheck disable=SC2086
    sekretar $1 >/dev/full 2>"$err"
    rc=$?
    [ $rc = 74 ]
    ok $? "$1 to a full stdout: exit 74 ($rc)"
    expect_stderr "$1 to a full stdout: message" "$full"
}
for cmd in "check $small" "standings $small" "standings --format json $small" \
    "convert $DATA/tb-rr.trf --to trf26" "help render"; do
    to_full_stdout "$cmd"
done
expect_success "build an archive to query" \
    sekretar build --archive arch "$mini"
for cmd in "query --archive arch champions" "query --archive arch events" \
    "archive list --archive arch" "archive verify --archive arch"; do
    to_full_stdout "$cmd"
done

# ---- files on a full disk

mkdir disk
if ! mount -t tmpfs -o size=64k tmpfs disk 2>/dev/null; then
    for what in render convert init build export "render, part written"; do
        test_n=$((test_n + 1))
        echo "ok $test_n # SKIP $what on a full disk: cannot mount a tmpfs here"
    done
    done_testing
fi
trap 'umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"' EXIT
# Fill it: every write fails.
dd if=/dev/zero of=disk/fill bs=4k 2>/dev/null

expect_failure 74 "render to a full disk" sekretar render -o disk/docs "$mini"
expect_stderr "render to a full disk: message" \
"disk/docs/boys-ranking.pdf: error: write failed: No space left on device
sekretar: error: disk/docs/boys-ranking.pdf: not written (the document 'ranking')"
[ ! -e disk/docs ]
ok $? "render to a full disk: nothing left"

expect_failure 74 "convert -o to a full disk" \
    sekretar convert "$DATA/tb-rr.trf" --to trf26 -o disk/x.trf
expect_stderr "convert -o to a full disk: message" \
    "disk/x.trf: error: write failed: No space left on device"
[ "$(ls disk)" = fill ]
ok $? "convert -o to a full disk: no file"

expect_failure 74 "init on a full disk" sekretar init disk/event
expect_stderr "init on a full disk: message" \
"disk/event/event.ini: error: write failed: No space left on device
disk/event/players.csv: error: write failed: No space left on device"
[ ! -e disk/event ]
ok $? "init on a full disk: no half folder"

expect_failure 74 "build into a full disk" sekretar build --archive disk/arch "$mini"
expect_grep "build into a full disk: message" \
    "^disk/arch/(catalog.sqlite|2023/2023-06-01-mini-event.zip.*|\.staging/build-[^/]*/.*): .*(No space left on device|disk is full|database or disk is full)" "$err"

expect_failure 74 "archive export to a full disk" \
    sekretar archive export --archive arch 2023-06-01-mini-event -o disk/export
expect_grep "archive export to a full disk: message" \
    "^disk/export/[^:]+: error: write failed: No space left on device" "$err"
[ -z "$(ls -A disk | grep '^export')" ]
ok $? "archive export to a full disk: nothing of it is left"

# Room for some documents but not all: none is written.
rm -rf disk/*
umount disk
# Half of what the documents take: some are made, the next one fails.
"$SEKRETAR" render -o probe "$mini" >/dev/null
half=$(($(cat probe/* | wc -c) / 2 / 1024))
mount -t tmpfs -o size=${half}k tmpfs disk
expect_failure 74 "render to a disk that fills up" sekretar render -o disk/docs "$mini"
expect_grep "a disk that fills up: the document that failed" \
    "^disk/docs/[a-z-]+\.pdf: error: write failed: No space left on device$" "$err"
expect_grep "a disk that fills up: the others discarded" \
    "^sekretar: error: disk/docs: no document written; the [1-9] documents? made before the failure (was|were) discarded$" "$err"
[ ! -e disk/docs ] && [ -z "$(ls disk)" ]
ok $? "a disk that fills up: no document, no temporary file"
done_testing
