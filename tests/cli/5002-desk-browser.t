#!/bin/sh
# The secretary's evening through the desk in headless Chromium (Selenium):
# open the printed link, see the planted fault, fix the file, make the
# documents, build (tests/lib/desk-walk.py); skipped without Chromium.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
cp -R "$top/tests/example/u10-lviv-2023" ev
sed -i '5s/,02\.02\.2013,/,02.13.2013,/' ev/players.csv
desk_start desk.out "$SEKRETAR" desk --no-browser --archive arc ev
pid=$desk_pid
url=$desk_url
mkdir shots
/usr/bin/python3 "$top/tests/lib/desk-walk.py" "$url" ev arc \
    "$top/tests/example/u10-lviv-2023/players.csv" "${DESK_SHOTS:-shots}"
rc=$?
kill -TERM $pid
wait $pid
[ $rc = 77 ] && { echo "1..0 # SKIP no Chromium or Selenium"; exit 0; }
exit $rc
