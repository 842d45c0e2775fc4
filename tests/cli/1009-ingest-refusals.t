#!/bin/sh
# What the readers refuse, and how: encodings they must not guess, names
# in event.ini that would leave the folder, files that are not files,
# results that convert must not pass, impossible dates and fields that
# overflow their columns.  Every message is exact.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
small=$DATA/ua-small.trf
fresh() { rm -rf ev && cp -R "$DATA/mini-event" ev; }

# A stray byte in a UTF-8 file is named, not taken for Windows-1251.
sed '15s/Їжакевич/Їжак\xffевич/' "$small" >stray.trf
expect_failure 65 "a stray byte in a UTF-8 TRF" sekretar check -q stray.trf
expect_stdout "stray byte in a TRF: message" \
"stray.trf:15:19: error: invalid UTF-8 byte 0xFF in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
fresh
sed -i '3s/$/\xff/' ev/boys.csv
expect_failure 65 "a stray byte in a results CSV" sekretar check -q ev
expect_stdout "stray byte in a results CSV: message" \
"ev/boys.csv:3:45: error: invalid UTF-8 byte 0xFF in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
fresh
sed -i '4s/Їжакевич/Їжак\xffевич/' ev/players.csv
expect_failure 65 "a stray byte in players.csv" sekretar check -q ev
expect_stdout "stray byte in players.csv: message" \
"ev/players.csv:4:5: error: invalid UTF-8 byte 0xFF in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
iconv -f UTF-8 -t WINDOWS-1251 "$small" >cp1251.trf
expect_success "a Windows-1251 TRF is still detected" sekretar check -q cp1251.trf
sekretar convert --to trf16 --latin "$small" |
    grep -v '^\(012\|022\|102\|112\|122\)' >latin.trf
# "ВІВІВІ Бо" in Windows-1251 holds three valid UTF-8 pairs.
{ printf '012 \302\262\302\262\302\262 \301\356\n'; cat latin.trf; } >pairs.trf
expect_failure 65 "more UTF-8 pairs than stray bytes: no guess" \
    sekretar check -q pairs.trf
expect_stdout "no guess: every byte named" \
"pairs.trf:1:9: error: invalid UTF-8 byte 0xC1 in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)
pairs.trf:1:10: error: invalid UTF-8 byte 0xEE in a file that is otherwise UTF-8; correct it (or give the file's encoding with --encoding)"
expect_success "--encoding still decides" \
    sekretar check -q --encoding windows-1251 pairs.trf
sekretar convert --to trf16 --encoding windows-1251 pairs.trf | head -n 1 >title
expect_text "--encoding: the title as written" title "012 ВІВІВІ Бо"
done_testing
