#!/bin/sh
# sekretar desk: the evening's work over HTTP, as a browser does it: the
# printed link (its secret becomes a cookie), the event, its check with the
# input's line marked, the documents made and served, the build into the
# archive; and the rules that keep others out: no secret, another Host
# (DNS rebinding), a form without its secret, a path out of the folder, a
# body over the limit.
. "$(dirname "$0")/../lib/lib.sh"

if ! command -v curl >/dev/null 2>&1; then
    echo "1..0 # SKIP curl is not installed"
    exit 0
fi
cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
cp -R "$top/tests/example/u10-lviv-2023" ev

# Ukrainian unless the locale names a language (these tests: C.UTF-8)
expect_success "desk --help" sekretar desk --help
expect_grep "desk --help: in Ukrainian by default" "^Робоче місце секретаря" "$out"
expect_success "desk --help in English" env LANGUAGE=en "$SEKRETAR" desk --help
expect_grep "desk --help: English when the locale says" "^The secretary's desk" "$out"
expect_failure 64 "a bad port" env LANGUAGE=en "$SEKRETAR" desk --port x ev
expect_stderr "a bad port: message" \
"sekretar: error: --port wants a port number (0 to 65535), not 'x'
Try 'sekretar desk --help'."
expect_failure 66 "no such folder" sekretar desk --no-browser nowhere
expect_stderr "no such folder: message" "sekretar: помилка: nowhere: немає такої теки змагання"

desk_start desk.out "$SEKRETAR" desk --no-browser --archive arc ev
pid=$desk_pid
url=$desk_url
base=${url%%/\?t=*}
port=${base##*:}
echo "# $url"
expect_grep "the link: 127.0.0.1, a free port, a secret of 32 hex digits" \
    '^Робоче місце секретаря для ev: http://127\.0\.0\.1:[0-9]+/\?t=[0-9a-f]{32}$' desk.out

code() { curl -s -o page -w '%{http_code}' "$@"; }

# a port taken, an address that is none: said, exit 69
expect_failure 69 "the port taken" sekretar desk --no-browser --port "$port" ev
expect_stderr "the port taken: message" \
"sekretar: помилка: неможливо слухати на 127.0.0.1, порт $port: неможливо слухати там (порт зайнятий або такої адреси немає)"
expect_failure 69 "not an address" sekretar desk --no-browser --listen nowhere ev
expect_stderr "not an address: message (no warning first)" \
"sekretar: помилка: неможливо слухати на nowhere, порт 0: це не адреса IPv4"
expect_failure 69 "the port taken, in English" env LANGUAGE=en "$SEKRETAR" desk \
    --no-browser --port "$port" ev
expect_stderr "the port taken: message in English" \
"sekretar: error: cannot listen on 127.0.0.1 port $port: cannot listen there (the port taken, or no such address)"
text() { sed 's/<[^>]*>/ /g' page | tr -s ' \n' ' '; }

[ "$(code "$base/event")" = 403 ]
ok $? "no secret: 403"
grep -q "open the link that 'sekretar desk' printed" page
ok $? "no secret: says what to do"
[ "$(code -H "Host: evil.example:$port" "$url")" = 421 ]
ok $? "another Host, even with the secret (DNS rebinding): 421"
[ "$(code "$base/?t=0123456789abcdef0123456789abcdef")" = 403 ]
ok $? "a wrong secret: 403"
[ "$(code -c jar -D head "$url")" = 303 ]
ok $? "the printed link: a redirect"
grep -qi '^Set-Cookie: sekretar_desk=[0-9a-f]\{32\}; Path=/; HttpOnly; SameSite=Strict' head
ok $? "the secret becomes a cookie: HttpOnly, SameSite=Strict"
grep -qi '^Location: /event' head
ok $? "to the event's page, the secret out of the address"
tok=${url##*t=}
[ "$(code -H "Cookie: sekretar_desk=$tok" -H "Host: localhost:$port" "$base/event")" = 200 ]
ok $? "localhost names the desk too"

# ---------------------------------------------------------- the event
[ "$(code -b jar "$base/event")" = 200 ]
ok $? "the event's page"
text >event.txt
grep -q 'Чемпіонат України з шахів (класичні, швидка гра та бліц) серед юнаків та дівчат до 10 років' event.txt
ok $? "the event's title"
grep -q 'boys-classic Юнаки, класичні шахи швейцарська система boys-classic.trf 84 9 1 попередження' event.txt
ok $? "a section: title, system, file, players, rounds, its warning"
grep -q 'girls-blitz Дівчата, бліц швейцарська система girls-blitz.trf 61 11 прочитано' event.txt
ok $? "a section read without a finding"
grep -q 'players.csv : 196 осіб' event.txt
ok $? "the registry: 196 people"
grep -q 'Помилок немає ; 1 попередження' event.txt
ok $? "the check's counts"
grep -q 'ev/event.ini ще не в архіві' event.txt
ok $? "not yet in the archive"

# ---------------------------------------------------------- the check
# a registry row with a birth date that is no date
sed -i '5s/,02\.02\.2013,/,02.13.2013,/' ev/players.csv
LANGUAGE=uk "$SEKRETAR" check ev >check.out
[ "$(code -b jar "$base/check")" = 200 ]
ok $? "the check's page"
err_line=$(grep -m1 ': помилка: ' check.out)
echo "# $err_line"
msg=${err_line#*: помилка: }
loc=$(echo "$err_line" | sed 's/^ev\/players.csv:\([0-9]*\):\([0-9]*\): .*/рядок \1, позиція \2/')
text >check.txt
grep -qF "$loc" check.txt
ok $? "the error's line and column as check gives them"
python3 - page "$msg" <<'PY' >check.diag
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.index("<h2><code>ev/players.csv</code></h2>")
p = re.search(r'<p class="error">([^<]*)</p>\n<pre class="line">(.*?)</pre>', s[i:])
msg = html.unescape(p.group(1))
line = html.unescape(re.sub(r"</?mark>", "", p.group(2)))
want = open("ev/players.csv", encoding="utf-8").read().split("\n")[4]
print("# %s" % msg)
sys.exit(0 if sys.argv[2] in msg and line == want else 1)
PY
ok $? "under the players.csv heading: the message and the row of the file"
cat check.diag
python3 - page check.out <<'PY'
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
first = [l for l in open(sys.argv[2], encoding="utf-8") if ": помилка: " in l][0]
col = int(first.split(":")[2])
p = re.search(r'<pre class="line">(.*?)<mark>(.*?)</mark>', s)
before = html.unescape(p.group(1))
want = open("ev/players.csv", encoding="utf-8").read().split("\n")[4]
sys.exit(0 if len(before) == col - 1 and html.unescape(p.group(2)) == want[col - 1] else 1)
PY
ok $? "the mark stands at check's column"

# --------------------------------------------------------- the documents
[ "$(code -b jar "$base/docs")" = 200 ]
ok $? "the documents' page"
csrf=$(grep -o 'name="csrf" value="[0-9a-f]*"' page | head -1 | sed 's/.*value="//; s/"//')
[ ${#csrf} = 32 ]
ok $? "its form carries a secret of its own"
[ "$(code -b jar -d csrf=0123 "$base/render")" = 403 ]
ok $? "a form without the page's secret: 403"
[ "$(code -b jar -d "csrf=$csrf" "$base/render")" = 200 ]
ok $? "make the documents, with errors in the inputs"
text | grep -q 'Документи не створено: у вхідних файлах є помилки'
ok $? "refused: the inputs have errors"
[ ! -d ev/documents ] || [ -z "$(ls ev/documents)" ]
ok $? "refused: no document written"
cp "$top/tests/example/u10-lviv-2023/players.csv" ev/players.csv
[ "$(code -b jar -d "csrf=$csrf" "$base/render")" = 200 ]
ok $? "make the documents"
n=$(ls ev/documents | wc -l)
text | grep -q "Створено: $n документ"
ok $? "made: $n documents, said"
[ "$n" -ge 20 ]
ok $? "every document of every section ($n)"
grep -q 'href="/docs/boys-classic-ranking.pdf"' page
ok $? "each listed"
[ "$(code -b jar -D head "$base/docs/boys-classic-ranking.pdf")" = 200 ] &&
    cmp -s page ev/documents/boys-classic-ranking.pdf
ok $? "a ranking list served as it was written"
grep -qi '^Content-Type: application/pdf' head && grep -qi '^Content-Disposition: inline' head
ok $? "a PDF opens in the browser"
[ "$(code -b jar -D head "$base/docs/report.xlsx")" = 200 ] &&
    grep -qi '^Content-Disposition: attachment; filename="report.xlsx"' head
ok $? "the report is downloaded"
[ "$(code -b jar --path-as-is "$base/docs/../event.ini")" = 404 ] &&
    [ "$(code -b jar "$base/docs/..%2Fevent.ini")" = 404 ] &&
    [ "$(code -b jar "$base/docs/..%2F..%2Fev%2Fevent.ini")" = 404 ]
ok $? "nothing out of the documents' folder"
echo x >ev/documents/.hidden
[ "$(code -b jar "$base/docs/.hidden")" = 404 ]
ok $? "no file the list does not show"
# the documents after a round, in their folder
[ "$(code -b jar -d "csrf=$csrf&round=3" "$base/render")" = 200 ] &&
    text | grep -q 'Після 3-го туру' && [ -f ev/documents/round-3/boys-classic-ranking.pdf ]
ok $? "the rankings and cross tables after round 3: made and listed"
[ "$(ls ev/documents/round-3 | wc -l)" = 12 ]
ok $? "after round 3: a ranking and a cross table of each of the 6 sections"
pdftotext ev/documents/round-3/boys-classic-ranking.pdf r3.txt 2>/dev/null || true
[ ! -s r3.txt ] || grep -qi 'після 3' r3.txt
ok $? "after round 3: the list says so"
[ "$(code -b jar "$base/docs/round-3/boys-classic-ranking.pdf")" = 200 ] &&
    cmp -s page ev/documents/round-3/boys-classic-ranking.pdf
ok $? "after round 3: served"
[ "$(code -b jar "$base/docs/round-3/..%2Freport.xlsx")" = 404 ] &&
    [ "$(code -b jar "$base/docs/round-x/boys-classic-ranking.pdf")" = 404 ]
ok $? "after round 3: nothing out of its folder"
[ "$(code -b jar -d "csrf=$csrf&round=99" "$base/render")" = 200 ] &&
    text | grep -q 'Документи не створено' && [ ! -d ev/documents/round-99 ]
ok $? "after round 99 of 9: refused, said"
[ "$(code -b jar -d "csrf=$csrf&round=x" "$base/render")" = 400 ] &&
    [ "$(cat page)" = "sekretar desk: a round is a number from 1" ]
ok $? "a round that is no number: 400, said"
head -c 1100000 /dev/zero | tr '\0' a >big
[ "$(code -b jar --data-binary @big "$base/render")" = 413 ]
ok $? "a body over the limit: 413"

# ----------------------------------------------------------- the build
[ "$(code -b jar "$base/archive")" = 200 ]
ok $? "the archive's page"
text | grep -q 'В архіві цього змагання ще немає'
ok $? "not yet in the archive"
# the build, its progress asked for while it runs (as the page's script)
curl -s -o build.page -b jar -d "csrf=$csrf" "$base/build" &
bpid=$!
: >progress.log
while kill -0 $bpid 2>/dev/null; do
    curl -s -b jar "$base/progress" >>progress.log
    sleep 0.02
done
wait $bpid
ok $? "build"
cp build.page page
grep -v '^-1' progress.log | sort -un | sed 's/^/# /' | head -8
grep -q "^35	пишемо документи$" progress.log &&
    ! grep -v '^-1	$' progress.log | grep -qv '^[0-9]\{1,2\}	[^	]\+$'
ok $? "its progress while it ran: the documents' step (the longest), every answer a per cent and a step"
[ "$(code -b jar "$base/progress")" = 200 ] && [ "$(cat page)" = "-1	" ]
ok $? "no build: no progress"
cp build.page page
text | grep -q 'Зібрано: версія 1, пакет 2023/2023-06-01-ev.zip'
ok $? "built: version 1, the bundle named"
sekretar archive verify --archive arc >/dev/null
ok $? "the archive verifies"
text | grep -q '1 2023/2023-06-01-ev.zip [0-9]* 2023-06-09T00:00:00Z чинна'
ok $? "the versions' table"
[ "$(code -b jar -d "csrf=$csrf" "$base/build")" = 200 ] &&
    text | grep -q 'Архів уже має це змагання з цих самих файлів (версія 1)'
ok $? "built again: up to date"
grep -q '<a href="/bundle/2023/2023-06-01-ev.zip" download>2023/2023-06-01-ev.zip</a>' page
ok $? "the bundle's link"
[ "$(code -b jar -D head "$base/bundle/2023/2023-06-01-ev.zip")" = 200 ] &&
    cmp -s page arc/2023/2023-06-01-ev.zip &&
    grep -qi '^Content-Disposition: attachment; filename="2023-06-01-ev.zip"' head
ok $? "the bundle downloaded as it is in the archive"
ls arc | sed 's/^/# archive: /'
cat=$(ls arc | grep -v '^20' | head -1)
[ "$(code -b jar "$base/bundle/$cat")" = 404 ] &&
    [ "$(code -b jar --path-as-is "$base/bundle/2023/../2023/2023-06-01-ev.zip")" = 404 ] &&
    [ "$(code -b jar "$base/bundle/2023/2023-06-02-other.zip")" = 404 ]
ok $? "no other file of the archive: its catalogue, a path with '..', another bundle"
[ "$(code -b jar -d "csrf=$csrf" "$base/verify")" = 200 ] &&
    text | grep -q 'Архів перевірено: 1 пакет, [0-9]* файл.*, кожен такий, як кажуть його маніфест і каталог'
ok $? "the archive verified"
[ "$(code -b jar -d "csrf=0" "$base/verify")" = 403 ]
ok $? "verify: a form without the page's secret: 403"
# watching: the pages' script, the inputs' state, who moved
[ "$(code -b jar -D head "$base/desk.js")" = 200 ] && grep -qi '^Content-Type: text/javascript' head &&
    grep -q "get('/state'" page && grep -q "get('/progress'" page
ok $? "the watching script"
[ "$(code -b jar "$base/event")" = 200 ] && grep -q '<script src="/desk.js" defer></script>' page
ok $? "the event's page watches"
shown=$(sed -n 's/.*<main data-state="\([0-9a-f]*\)">.*/\1/p' page)
[ "$(code -b jar "$base/state")" = 200 ] && [ "$(cat page)" = "$shown" ] && [ ${#shown} = 64 ]
ok $? "the state the page shows is the inputs' state"
sed -i '48s/^rules = ua-2023$/rules = ua-2004/' ev/event.ini
code -b jar "$base/state" >/dev/null
[ "$(cat page)" != "$shown" ]
ok $? "a changed input: another state"
[ "$(code -b jar "$base/event")" = 200 ]
text >event.txt
grep -q 'Після останньої зміни файлів результатів змінилися місця' event.txt &&
    grep -Eq 'Юнаки, класичні шахи: [^:]+ — місце [0-9–]+ → [0-9–]+' event.txt
ok $? "who moved, said"
grep -o 'Юнаки, класичні шахи: [^<]*' page | head -3 | sed 's/^/# /'
sed -i '48s/^rules = ua-2004$/rules = ua-2023/' ev/event.ini

# the inputs against the archive's current version
[ "$(code -b jar "$base/event")" = 200 ]
text >event.txt
grep -q 'ev/boys-classic.trf як у версії 1' event.txt && grep -q 'ev/players.csv як у версії 1' event.txt
ok $? "built: every input as in version 1"
printf '\n' >>ev/boys-rapid.trf
[ "$(code -b jar "$base/event")" = 200 ]
text >event.txt
grep -q 'ev/boys-rapid.trf змінено після версії 1' event.txt &&
    grep -q 'ev/boys-classic.trf як у версії 1' event.txt
ok $? "a results file changed since the build: said"
[ "$(code -b jar -X PUT "$base/build")" = 405 ]
ok $? "another method: 405"

kill -TERM $pid
wait $pid
ok $? "stopped by a signal: exit 0"

# --listen: another address of the machine, reached by its address
desk_start desk-any.out "$SEKRETAR" desk --no-browser --listen 0.0.0.0 --archive arc ev
pid=$desk_pid
grep -q 'other machines of the network may reach the desk\|можуть бачити інші комп' desk-any.out.err
ok $? "--listen: a warning"
url=$desk_url
port=${url##*:}
port=${port%%/*}
tok=${url##*t=}
[ "$(code -H "Cookie: sekretar_desk=$tok" -H "Host: 127.0.0.1:$port" "http://127.0.0.1:$port/event")" = 200 ]
ok $? "--listen 0.0.0.0: an address with the port names the desk"
[ "$(code -H "Cookie: sekretar_desk=$tok" -H "Host: evil.example:$port" "http://127.0.0.1:$port/event")" = 421 ] &&
    [ "$(code -H "Cookie: sekretar_desk=$tok" -H "Host: 127.0.0.1:1" "http://127.0.0.1:$port/event")" = 421 ] &&
    [ "$(code -H "Cookie: sekretar_desk=$tok" -H "Host: 1.2.3.4.5:$port" "http://127.0.0.1:$port/event")" = 421 ]
ok $? "--listen 0.0.0.0: a name, another port, no address: 421"
kill -TERM $pid
wait $pid

# English when the locale names it
desk_start desk-en.out env LANG=en_GB.UTF-8 LC_ALL= LANGUAGE=en "$SEKRETAR" desk \
    --no-browser --archive arc ev
pid=$desk_pid
grep -q '^The desk of ev: http://127\.0\.0\.1:' desk-en.out
ok $? "English: the link"
url=$desk_url
[ "$(code -L -c jar2 -b jar2 "$url")" = 200 ]
ok $? "English: the event's page"
text >event.txt
grep -q 'No errors ; 1 warning' event.txt && grep -q 'Section Title System Results file Players Rounds State' event.txt &&
    grep -q '<html lang="en">' page
ok $? "English: the page's words"
kill -TERM $pid
wait $pid
done_testing
