#!/bin/sh
# windows/package.sh: the Windows zip: sekretar.exe (linked statically),
# "Робоче місце.cmd" (a folder dropped on it opens the desk), the
# templates, presets and Liberation fonts, the Ukrainian message
# catalogue, the guide (ЧИТАЙМЕНЕ.txt), the NOTICE and the libraries'
# licences (licences/, from windows/deps.sh), the text files
# with Windows' line ends.
# SPDX-License-Identifier: MIT
#
#   sh windows/package.sh OUT EXE LOCALEDIR ZIP
set -eu

OUT=$1 EXE=$2 LOCALE=$3 ZIP=$4
DIR=$OUT/pkg/sekretar
crlf() { sed 's/\r*$/\r/' "$1" >"$2"; }

rm -rf "$OUT/pkg" && mkdir -p "$DIR/fonts" "$DIR/templates" "$DIR/presets"
cp "$EXE" "$DIR/sekretar.exe"
# a folder dropped on it starts the desk (the exe itself: the documents)
cp windows/desk.cmd "$DIR/Робоче місце.cmd"
cp templates/*.ini "$DIR/templates/"
crlf templates/README.md "$DIR/templates/README.txt"
cp -R presets/. "$DIR/presets/"
cp fonts/*.ttf "$DIR/fonts/"
crlf /usr/share/doc/fonts-liberation2/copyright "$DIR/fonts/LICENCE.txt"
for mo in "$LOCALE"/*/LC_MESSAGES/sekretar.mo; do
    l=${mo#"$LOCALE"/}
    mkdir -p "$DIR/locale/$(dirname "$l")"
    cp "$mo" "$DIR/locale/$l"
done
crlf windows/ЧИТАЙМЕНЕ.txt "$DIR/ЧИТАЙМЕНЕ.txt"
crlf windows/NOTICE.txt "$DIR/NOTICE.txt"
mkdir -p "$DIR/licences"
for l in "$OUT/deps/licences/"*.txt; do
    [ -f "$l" ] && crlf "$l" "$DIR/licences/$(basename "$l")"
done
cat "$OUT/deps/stamp/"*.version | sed 's/^/  /' | sed 's/\r*$/\r/' \
    >>"$DIR/NOTICE.txt"
mkdir -p "$DIR/приклад"
cp -R tests/example/u10-lviv-2023 "$DIR/приклад/"
rm -f "$ZIP"
(cd "$OUT/pkg" && zip -qr -X "$(basename "$ZIP")" sekretar)
mv "$OUT/pkg/$(basename "$ZIP")" "$ZIP"
echo "$ZIP: $(wc -c <"$ZIP") bytes"
