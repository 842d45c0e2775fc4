#!/bin/sh
# Killing 'sekretar build' at random moments leaves the catalogue as it was
# before or as after: intact (SQLite's checks and ours), one version or the
# next, every section whole; building again then gives an archive that
# verifies.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
cp -R "$top/tests/example/u10-lviv-2023" ev
ROUNDS=${KILL_ROUNDS:-12}

now_ms() { echo $(($(date +%s%N) / 1000000)); }
rand() { od -An -N2 -tu2 /dev/urandom | tr -d ' '; }
version() {
    "$SEKRETAR" query --archive arc events --format csv 2>/dev/null |
        sed -n 's/^2023-06-01-u10-lviv,\([0-9]*\),.*/\1/p'
}

t0=$(now_ms)
sekretar build --archive arc ev >/dev/null 2>&1
ok $? "a first build"
span=$(($(now_ms) - t0 + 20))
echo "# a build takes about $span ms; killing within that"

# What goes wrong is said on standard error too, so that 'make check'
# (prove without -v) shows it.
say() { echo "$*"; echo "4004: $*" >&2; }
i=0
bad=0
while [ $i -lt "$ROUNDS" ]; do
    i=$((i + 1))
    sed -i "s/^venue = .*/venue = Зала $i/" ev/event.ini
    before=$(version)
    "$SEKRETAR" build --archive arc ev >/dev/null 2>&1 &
    pid=$!
    delay=$(($(rand) % span))
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    after=$(version)
    "$SEKRETAR" archive verify --deep --archive arc >verify.out 2>&1
    if grep -E 'integrity|foreign key|has no bundle|entries for|joins entries|lists no file|cannot' verify.out >/dev/null; then
        say "# round $i (kill after $delay ms): the catalogue is damaged"
        say "$(sed 's/^/#   /' verify.out | head -5)"
        bad=$((bad + 1))
    fi
    if [ "$after" != "$before" ] && [ "$after" != $((before + 1)) ]; then
        say "# round $i (kill after $delay ms): version $before became '$after'"
        say "$("$SEKRETAR" query --archive arc events --format csv 2>&1 | sed 's/^/#   /' | head -5)"
        bad=$((bad + 1))
    fi
    "$SEKRETAR" query --archive arc events --format csv >events.out 2>&1
    if ! grep -q ',6,196,454,' events.out; then
        say "# round $i (kill after $delay ms): the event is not whole:"
        say "$(sed 's/^/#   /' events.out)"
        bad=$((bad + 1))
    fi
    # Building again brings archive and catalogue together.
    "$SEKRETAR" build --archive arc ev >/dev/null 2>&1 &&
        "$SEKRETAR" archive verify --deep --archive arc >verify.out 2>&1
    if [ $? != 0 ]; then
        say "# round $i: after building again, verify fails:"
        say "$(sed 's/^/#   /' verify.out | head -5)"
        bad=$((bad + 1))
    fi
done
[ $bad = 0 ]
ok $? "$ROUNDS builds killed at random: the catalogue intact each time"
expect_success "the archive verifies at the end" \
    sekretar archive verify --deep --archive arc
done_testing
