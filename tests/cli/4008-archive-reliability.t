#!/bin/sh
# The archive never loses a signed bundle: builds that fail, are killed in
# their commit or run two at a time leave every committed bundle as it was
# and a catalogue that verifies; nothing is left behind; a section that
# cannot be ranked is refused before anything is written; read-only copies
# answer queries; export trusts only the catalogue.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
ZIPEDIT=${SEKRETAR_BUILD:-$top/build}/tests/zipedit
unset SOURCE_DATE_EPOCH SEKRETAR_TEST_DATE
# Nothing of sekretar's may stay in the temporary folder.
mkdir "$tmp/tmpdir"
export TMPDIR="$tmp/tmpdir"
skip() {
    test_n=$((test_n + 1))
    echo "ok $test_n # SKIP $1"
}
ID=2023-06-01-ev
cp -R "$DATA/mini-event" ev

# ---------------------------------------------------------------- ranking
# A team-only tie-break in an individual section: an error everywhere,
# counted, and build writes nothing.
cp -R ev team
sed -i '/^\[section girls\]/a tiebreaks = EDET' team/event.ini
line=$(grep -n '^tiebreaks = EDET' team/event.ini | cut -d: -f1):13
expect_failure 65 "check: a team tie-break in an individual section" \
    sekretar check team
expect_grep "check: the error" \
"^team/event.ini:$line: error: section 'girls': 'EDET' is a tie-break of team competitions, and the section is not one$" "$out"
expect_grep "check: counted" \
    "^team: 3 sections, 7 people in the registry, 1 error, 0 warnings$" "$out"
expect_failure 65 "build refuses it" sekretar build --archive tarc team
expect_stderr "build: the error and the refusal" \
"team/event.ini:$line: error: section 'girls': 'EDET' is a tie-break of team competitions, and the section is not one
sekretar: error: team: 1 error; build refuses an event with errors ('sekretar check team' lists every problem)"
[ ! -e tarc ]
ok $? "nothing was written"
for code in BH:GP GPTS EDE BC TBR BBE WBP MPvGP EMMSB; do
    sed -i "s/^tiebreaks = .*/tiebreaks = $code/" team/event.ini
    "$SEKRETAR" build --archive tarc team >/dev/null 2>&1
    rc=$?
    [ $rc = 65 ] && [ ! -e tarc ]
    ok $? "build refuses $code in an individual section (exit $rc)"
done
sed -i '/^tiebreaks = /d' team/event.ini
expect_success "the corrected event builds under the same slug" \
    sekretar build --archive tarc --slug ev team
expect_success "and verifies" sekretar archive verify --deep --archive tarc

# ------------------------------------------------------------ up to date
expect_success "a first build" sekretar build --archive arc ev
expect_success "again, without SOURCE_DATE_EPOCH" sekretar build --archive arc ev
expect_stdout "up to date from the inputs" \
"arc/2023/$ID.zip: up to date (version 1, 26 files)"
[ ! -d arc/.staging ]
ok $? "nothing was rendered for it"
sleep 1
expect_success "a second later, still" sekretar build --archive arc ev
expect_stdout "still version 1" \
"arc/2023/$ID.zip: up to date (version 1, 26 files)"

# ---------------------------------------------------- what verify names
snapshot() { (cd arc && sha256sum 2023/*.zip) | sort -k2 >"$1"; }

# Every committed bundle is still there with its bytes: versions kept stay
# as they were, the current one is current or kept under its version.
unchanged() {
    ok_all=0
    while read -r sum path; do
        case $path in
        *-v*.zip) grep -q "^$sum  $path\$" "$2" || ok_all=1 ;;
        *) grep -q "^$sum " "$2" || ok_all=1 ;;
        esac
    done <"$1"
    return $ok_all
}

version() {
    "$SEKRETAR" query --archive arc events --format csv 2>/dev/null |
        sed -n "s/^$ID,\([0-9]*\),.*/\1/p"
}

: >arc/2023/notes.txt
: >arc/2023/$ID.zip.tmp-AbC123
expect_failure 65 "verify names a stray file" \
    sekretar archive verify --archive arc
expect_grep "the stray, named" "^sekretar: error: arc/2023/notes.txt: not a bundle$" "$out"
expect_grep "a temporary file of a stopped command is removed, and said" \
    "^sekretar: note: arc/2023/$ID.zip.tmp-AbC123: removed a file that a stopped command left$" "$out"
rm arc/2023/notes.txt
[ ! -e arc/2023/$ID.zip.tmp-AbC123 ]
ok $? "it is gone"

# ------------------------------------------------------- kills in commit
# 20 builds killed inside the commit window: before the catalogue's commit
# (nothing happened), after it (the next command finishes it), or after
# rendering (its staging folder is left).  After each, verify says all
# match, and no committed bundle changed.
i=0
bad=0
while [ $i -lt 20 ]; do
    i=$((i + 1))
    case $((i % 3)) in
    0) point=pending ;;
    1) point=committed ;;
    2) point=rendered ;;
    esac
    sed -i "s/^venue = .*/venue = Зала $i/" ev/event.ini
    snapshot before.sum
    v0=$(version)
    SEKRETAR_TEST_KILL=$point "$SEKRETAR" build --archive arc ev >/dev/null 2>&1
    rc=$?
    [ $rc = 137 ] || { echo "# kill $i at $point: exit $rc"; bad=$((bad + 1)); }
    "$SEKRETAR" archive verify --deep --archive arc >verify.out 2>&1 || {
        echo "# kill $i at $point: verify fails"
        sed 's/^/#   /' verify.out | head -5
        bad=$((bad + 1))
    }
    snapshot after.sum
    unchanged before.sum after.sum || {
        echo "# kill $i at $point: a committed bundle changed"
        bad=$((bad + 1))
    }
    v1=$(version)
    want=$v0
    [ $point = committed ] && want=$((v0 + 1))
    [ "$v1" = "$want" ] || {
        echo "# kill $i at $point: version $v0 became $v1, wanted $want"
        bad=$((bad + 1))
    }
    if ls -A arc/2023 | grep -qv '\.zip$' || [ -e arc/.staging ]; then
        echo "# kill $i at $point: left behind:"
        ls -A arc arc/2023 | sed 's/^/#   /'
        bad=$((bad + 1))
    fi
done
[ $bad = 0 ]
ok $? "20 builds killed in the commit window: every committed bundle kept, all verify"
expect_success "a build after the kills" sekretar build --archive arc ev
expect_success "verify --deep at the end" sekretar archive verify --deep --archive arc

# --------------------------------------------------- concurrent builds
# 20 pairs of builds of one event at once, from two folders that differ:
# both succeed, one after the other, and nothing committed is lost.
cp -R ev eva
cp -R ev evb
i=0
bad=0
while [ $i -lt 20 ]; do
    i=$((i + 1))
    sed -i "s/^venue = .*/venue = Зала $i-a/" eva/event.ini
    sed -i "s/^venue = .*/venue = Зала $i-b/" evb/event.ini
    snapshot before.sum
    v0=$(version)
    "$SEKRETAR" build --archive arc --slug ev eva >a.out 2>&1 &
    pa=$!
    "$SEKRETAR" build --archive arc --slug ev evb >b.out 2>&1 &
    pb=$!
    wait $pa
    ra=$?
    wait $pb
    rb=$?
    if [ $ra != 0 ] || [ $rb != 0 ]; then
        echo "# pair $i: exits $ra and $rb"
        sed 's/^/#   a: /' a.out | head -3
        sed 's/^/#   b: /' b.out | head -3
        bad=$((bad + 1))
    fi
    "$SEKRETAR" archive verify --deep --archive arc >verify.out 2>&1 || {
        echo "# pair $i: verify fails"
        sed 's/^/#   /' verify.out | head -5
        bad=$((bad + 1))
    }
    snapshot after.sum
    unchanged before.sum after.sum || {
        echo "# pair $i: a committed bundle changed"
        bad=$((bad + 1))
    }
    v1=$(version)
    [ "$v1" = $((v0 + 2)) ] || {
        echo "# pair $i: version $v0 became $v1, wanted $((v0 + 2))"
        bad=$((bad + 1))
    }
done
[ $bad = 0 ]
ok $? "20 pairs of concurrent builds: both committed in turn, nothing lost"
n=$(ls arc/2023/*.zip | wc -l)
[ "$n" = "$(version)" ]
ok $? "one bundle per version ($n)"

# ---------------------------------------------------- failing to write
# The year folder cannot be made: the build fails and leaves no catalogue.
mkdir narc
: >narc/2023
expect_failure 73 "a year folder that cannot be made" \
    sekretar build --archive narc ev
expect_stderr "the reason" \
"narc/2023: error: exists and is not a directory"
[ "$(ls -A narc | grep -v '^\.lock$')" = 2023 ]
ok $? "no catalogue or staging folder is left"

# A third of the bundle: no room for its documents.
if mkdir full && mount -t tmpfs \
    -o size=$(($(stat -c %s arc/2023/$ID.zip) / 3 / 1024))k sekretar-test full \
    2>/dev/null; then
        # No room for the documents: nothing is left in the archive.
    expect_failure 74 "a full disk while rendering" \
        sekretar build --archive full/arc ev
    [ ! -e full/arc ] || [ -z "$(ls -A full/arc)" ]
    ok $? "a full disk leaves nothing behind"
    # Room for one version: the next fails for space, the first is kept.
    # The smallest disk, in steps of a quarter of the bundle, where the
    # first version fits (its documents, its bundle, the catalogue and its
    # journal); a second needs a bundle more.
    z=$(stat -c %s arc/2023/$ID.zip)
    c=$(stat -c %s arc/catalog.sqlite)
    sed -i "s/^venue = .*/venue = Повний диск/" ev/event.ini
    fits=
    for q in 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
        umount full
        mount -t tmpfs -o size=$(((z * q / 4 + c) / 1024 + 64))k \
            sekretar-test full
        if "$SEKRETAR" build --archive full/arc ev >"$out" 2>"$err"; then
            fits=$q
            break
        fi
    done
    [ -n "$fits" ]
    ok $? "a first version on a small disk ($fits quarters of the bundle)"
    sum=$(sha256sum <full/arc/2023/$ID.zip)
    sed -i "s/^venue = .*/venue = Повний диск 2/" ev/event.ini
    "$SEKRETAR" build --archive full/arc ev >"$out" 2>"$err"
    rc=$?
    [ $rc = 74 ] || [ $rc = 73 ]
    ok $? "the next fails for lack of space (exit $rc)"
    [ "$(sha256sum <full/arc/2023/$ID.zip)" = "$sum" ] &&
        [ "$(ls -A full/arc/2023)" = "$ID.zip" ] && [ ! -e full/arc/.staging ]
    ok $? "the committed bundle is kept and nothing else is left"
    expect_success "the small archive verifies" \
        sekretar archive verify --deep --archive full/arc
    umount full
else
    for n in 1 2 3 4 5 6; do skip "cannot mount a small tmpfs here"; done
fi

# ------------------------------------------------------------ export
# A bundle that agrees with itself but is not the recorded one is refused.
cp -R ev forged
sed -i "s/^venue = .*/venue = Підробка/" forged/event.ini
"$SEKRETAR" build --archive farc --slug ev forged >/dev/null 2>&1
cur=$(version)
cp arc/2023/$ID.zip keep.zip
cp farc/2023/$ID.zip arc/2023/$ID.zip
expect_failure 65 "export of a forged, self-consistent bundle" \
    sekretar archive export --archive arc $ID -o exported
expect_grep "export: refused against the catalogue" \
    "^sekretar: error: arc/2023/$ID.zip is not the bundle the catalogue recorded as version $cur of '$ID' \(SHA-256 [0-9a-f]{64}, recorded [0-9a-f]{64}\); nothing exported$" "$err"
[ ! -e exported ]
ok $? "nothing exported"
expect_failure 65 "build refuses to replace it" sekretar build --archive arc ev
expect_stderr "build: why" \
"sekretar: error: arc/2023/$ID.zip is not the bundle the catalogue recorded as version $cur of '$ID'; nothing was changed ('sekretar archive verify' tells more)"
cp keep.zip arc/2023/$ID.zip
expect_success "the recorded one exports" \
    sekretar archive export --archive arc $ID -o exported

# -------------------------------------------------------- read-only copy
cp -R arc copy
if mkdir ro && mount --bind copy ro 2>/dev/null &&
    mount -o remount,bind,ro ro 2>/dev/null; then
    expect_success "query champions on a read-only copy" \
        sekretar query --archive ro champions
    expect_grep "it answers" "Шевченко|Бойко|Коваль|Ткач" "$out"
    expect_success "archive list on a read-only copy" \
        sekretar archive list --archive ro
    expect_success "archive show on a read-only copy" \
        sekretar archive show --archive ro $ID
    expect_success "archive verify --deep on a read-only copy" \
        sekretar archive verify --deep --archive ro
    expect_success "archive export from a read-only copy" \
        sekretar archive export --archive ro $ID -o exported-ro
    umount ro
else
    for n in 1 2 3 4 5 6 7; do skip "cannot mount a read-only copy here"; done
fi

# ---------------------------------------------- staging folders of others
# A staging folder's owner file is locked, then written: one that is
# empty in a young folder is being made this instant and is left alone
# (its lock not even tried); empty in an old folder, or written and not
# locked, its owner is gone and the next build removes it.
mkdir -p arc/.staging/build-made arc/.staging/build-old arc/.staging/build-dead
: >arc/.staging/build-made/.owner
: >arc/.staging/build-old/.owner
echo 4242 >arc/.staging/build-dead/.owner
touch -d '2 minutes ago' arc/.staging/build-old
sed -i "s/^venue = .*/venue = Зала 99/" ev/event.ini
expect_success "a build beside three staging folders" \
    sekretar build --archive arc ev
[ -d arc/.staging/build-made ] && [ ! -e arc/.staging/build-old ] &&
    [ ! -e arc/.staging/build-dead ]
ok $? "the one being made is kept, the old empty one and the dead one removed"
ls -A arc/.staging | sed 's/^/# /'
rm -rf arc/.staging

# ------------------------------------------------------- option order
expect_success "options before the verb" \
    sekretar archive --archive arc --deep verify
expect_grep "verify ran" "all match$" "$out"
expect_success "options around the verb" \
    sekretar archive --archive arc show --format tsv $ID
expect_failure 64 "only options, no verb" sekretar archive --archive arc
expect_stderr "no verb: message" \
"sekretar: error: no verb given (list, show, verify, rebuild, export, import, merge-people, forget-person or site)
Try 'sekretar archive --help'."

# ------------------------------------------------------- nothing in /tmp
[ -z "$(ls -A "$TMPDIR")" ]
ok $? "nothing left in \$TMPDIR"
done_testing
