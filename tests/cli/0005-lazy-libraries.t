#!/bin/sh
# The outside libraries are loaded on first use (util/dynlib): a command
# opens only those it calls, so standings, check and --version open none of
# them, and the program is linked to none.
. "$(dirname "$0")/../lib/lib.sh"

heavy='libsqlite3|libzip|libcrypto|libxlsxwriter|libhpdf|libharfbuzz|libqrencode'

# opened DESC WANT CMD...: CMD succeeds, and the libraries it loads with
# dlopen (LD_DEBUG=files: "file=libhpdf-2.3.0.so [0];  dynamically loaded
# by ..."), without their versions and sorted, are WANT.
opened() {
    desc=$1
    want=$2
    shift 2
    LD_DEBUG=files LD_DEBUG_OUTPUT=$tmp/ld "$@" >"$out" 2>"$err"
    rc=$?
    ok $rc "$desc: succeeds"
    [ $rc = 0 ] || diag_file "$err"
    got=$(cat "$tmp"/ld.* 2>/dev/null |
        sed -n 's/^[[:space:]]*[0-9]*:[[:space:]]*file=\([^ ]*\) .*dynamically loaded by .*/\1/p' |
        sed 's/\.so.*//; s/-[0-9.]*$//' | sort -u | tr '\n' ' ')
    [ "$got" = "$want" ]
    ok $? "$desc: loads '$want'"
    [ "$got" = "$want" ] || echo "#   got '$got'"
    # The loader's log names the libraries linked too (a log to trust).
    grep -q 'file=libc\.so\.6 .*needed by' "$tmp"/ld.* 2>/dev/null
    ok $? "$desc: the loader's log is there"
    rm -f "$tmp"/ld.*
}

objdump -p "$SEKRETAR" | sed -n 's/^ *NEEDED *//p' >"$tmp/needed"
expect_grep "the program is linked to libc" '^libc\.so\.6$' "$tmp/needed"
! grep -Eq "^($heavy)" "$tmp/needed"
ok $? "and to none of the libraries loaded on first use"
grep -E "^($heavy)" "$tmp/needed" | diag_file /dev/stdin

opened "--version" "" sekretar --version
opened "standings of a TRF" "" sekretar standings "$DATA/ua-small.trf"
opened "check of the example event" "" \
    sekretar check -q "$top/tests/example/u10-lviv-2023"
opened "render of the ranking list" "libharfbuzz libharfbuzz-subset libhpdf " \
    sekretar render -o "$tmp/docs" --only ranking "$DATA/ua-small.trf"
opened "render with the diplomas (codes: SHA-256, QR codes)" \
    "libcrypto libharfbuzz libharfbuzz-subset libhpdf libqrencode " \
    sekretar render -o "$tmp/docs" --only ranking,diplomas "$DATA/ua-small.trf"
opened "build of an event (the report: libxlsxwriter)" \
    "libcrypto libharfbuzz libharfbuzz-subset libhpdf libqrencode libsqlite3 libxlsxwriter libzip " \
    sekretar build --archive "$tmp/archive" "$DATA/mini-event"
opened "query: the catalogue only" "libsqlite3 " \
    sekretar query --archive "$tmp/archive" champions
# (libcrypto comes as libzip's own dependency, before SHA-256 asks for it.)
opened "archive verify: the catalogue and the bundles" "libsqlite3 libzip " \
    sekretar archive verify --archive "$tmp/archive"

# libharu's byte-at-a-time HPDF_MemCpy and HPDF_MemSet: its calls bind to
# the program's own (render/pdf.c), which the program exports.
LD_DEBUG=bindings LD_DEBUG_OUTPUT=$tmp/ldb sekretar render -o "$tmp/docs" \
    --only ranking "$DATA/ua-small.trf" >"$out" 2>"$err"
ok $? "render with the binding log: succeeds"
for f in HPDF_MemCpy HPDF_MemSet; do
    grep -q "binding file [^ ]*libhpdf[^ ]* \[0\] to [^ ]*sekretar \[0\]: normal symbol \`$f'" \
        "$tmp"/ldb.* 2>/dev/null
    ok $? "libharu's $f is the program's"
done
rm -f "$tmp"/ldb.*
done_testing
