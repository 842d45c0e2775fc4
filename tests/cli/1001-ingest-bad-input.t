#!/bin/sh
# Bad input gets a clear message with file:line:col and the documented exit
# code, never a crash.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
good=$DATA/ua-small.trf

expect_failure 66 "missing file" sekretar check nothing.trf
expect_stdout "missing file: message" "nothing.trf: error: no such file"
mkdir adir
expect_failure 66 "a folder without event.ini" sekretar standings adir
expect_stderr "folder without event.ini: message" \
    "adir: error: not an event folder (no event.ini); 'sekretar init adir' writes one"

: >empty.trf
expect_failure 65 "empty file" sekretar check empty.trf
expect_stdout "empty file: message" \
    "empty.trf: error: file is empty; a TRF file is expected"

printf '012 Junk\n\177ELF\001\000\000\000' >junk.trf
expect_failure 65 "binary junk" sekretar check junk.trf
expect_stdout "binary junk: message" \
    "junk.trf:2:6: error: binary data (a NUL byte); this is not a TRF text file"

head -c 3000 /dev/urandom 2>/dev/null | tr -d '\000\n\r' | head -c 2000 >noise.trf
expect_failure 65 "random bytes" sekretar check noise.trf
expect_grep "random bytes: no player records" \
    "^noise.trf: error: no player records \(lines starting '001'\); is this a TRF file\?$" "$out"

{ head -n 3 "$good"; printf '022 '; head -c 10485760 /dev/zero | tr '\000' x; \
  printf '\n'; tail -n +4 "$good"; } >longline.trf
expect_failure 65 "a 10 MB line" sekretar check -q longline.trf
expect_stdout "10 MB line: message" \
    "longline.trf:4:65537: error: line too long (10485764 bytes; at most 65536)"

head -n 15 "$good" >truncated.trf
sed -n 16p "$good" | cut -c1-60 | tr -d '\n' >>truncated.trf
expect_failure 65 "truncated file" sekretar check -q truncated.trf
expect_grep "truncated file: the cut line is named" \
    "^truncated.trf:16:51: error: the file ends in the middle of a player record \(cut at column 51, before the points\); is it truncated\?$" "$out"

sed '13s/^\(.\{60\}\)/\1 /' "$good" >misaligned.trf
expect_failure 65 "misaligned columns" sekretar check -q misaligned.trf
expect_grep "misaligned columns: located message" \
    '^misaligned.trf:13:[0-9]+: error: .*(misaligned|expected)' "$out"

sed '17s/     1 b 0/     1 b 1/' "$good" >twowins.trf
expect_failure 65 "both results of a game are wins" sekretar check -q twowins.trf
expect_stdout "both wins: message" \
"twowins.trf:13:99: error: round 1: both 1 and 5 are given the win ('1' and '1')
twowins.trf:17:81: error: player 5: points column says 2.0, the results add up to 3.0"

sed '14s/^001    2/001    1/' "$good" >dup.trf
expect_failure 65 "a start number used twice" sekretar check -q dup.trf
expect_grep "duplicate: message" \
    '^dup.trf:14:5: error: start number 1 used twice \(first at line 13\)$' "$out"

expect_failure 65 "standings refuse inconsistent results" \
    sekretar standings twowins.trf
expect_stderr "standings refusal: message" \
"twowins.trf:13:99: error: round 1: both 1 and 5 are given the win ('1' and '1')
twowins.trf:17:81: error: player 5: points column says 2.0, the results add up to 3.0
sekretar: error: twowins.trf: 2 errors; standings refuses an event with errors ('sekretar check twowins.trf' lists every problem)"

printf '012 \377\376 Bad UTF-8\n' >bad-utf8.trf
expect_failure 65 "invalid UTF-8 when UTF-8 is forced" \
    sekretar check --encoding utf-8 bad-utf8.trf
expect_stdout "invalid UTF-8: message" \
"bad-utf8.trf:1:5: error: invalid UTF-8 byte 0xFF (is the file in another encoding? try --encoding windows-1251 or latin-1)"
done_testing
