#!/bin/sh
# sekretar desk: the changes it makes to the event's own files.  A name
# the registry does not know, taken as a person's other spelling by the
# check's offer; a missing column added; a registry row changed and one
# added; event.ini's keys changed, added and taken out: each written in
# the file's own encoding, separator and line ends with every other line
# as it was, kept as a backup, listed, undone; a change to a file that
# changed meanwhile refused.
. "$(dirname "$0")/../lib/lib.sh"

if ! command -v curl >/dev/null 2>&1; then
    echo "1..0 # SKIP curl is not installed"
    exit 0
fi
cd "$tmp" || exit 1
export SOURCE_DATE_EPOCH=1686268800
# the Excel export: Windows-1251, ';', CRLF; a results name misspelt
cp -R "$top/tests/example/u10-lviv-2023-cp1251" ev
python3 - <<'PY'
p = "ev/boys-classic.csv"
b = open(p, "rb").read().decode("cp1251")
open(p, "wb").write(b.replace("Кушнір, Остап", "Кушнірр, Остап").encode("cp1251"))
PY
cp ev/players.csv players.orig
cp ev/event.ini ini.orig

desk_start desk.out "$SEKRETAR" desk --no-browser --archive arc ev
pid=$desk_pid
url=$desk_url
base=${url%%/\?t=*}
code() { curl -s -o page -w '%{http_code}' "$@"; }
text() { sed 's/<[^>]*>/ /g; s/&#39;/'"'"'/g; s/&quot;/"/g; s/&amp;/\&/g' page | tr -s ' \n' ' '; }
value() { grep -o "name=\"$1\" value=\"[^\"]*\"" page | head -1 | sed 's/.*value="//; s/"$//'; }
[ "$(code -c jar -b jar -L "$url")" = 200 ]
ok $? "the desk opened"

# ------------------------------------------------- a name, taken as alias
[ "$(code -b jar "$base/check")" = 200 ]
ok $? "the check's page"
text | grep -q "учасника 2 'Кушнірр, Остап' немає в реєстрі"
ok $? "the unknown name, said"
grep -q '<form method="post" action="/fix/alias" class="fix">' page &&
    grep -q '<input type="hidden" name="name" value="Кушнірр, Остап">' page &&
    grep -q '<button name="line" value="13">Кушнір Остап Богданович (рядок 13)</button>' page
ok $? "the offer: the nearest person of the registry, by his row"
csrf=$(value csrf)
sha=$(value sha)
[ "$(sha256sum <ev/players.csv | cut -c1-64)" = "$sha" ]
ok $? "the form carries the registry's hash as read"
post() { # PATH FIELD=VALUE...: the form posted
    p=$1
    shift
    python3 -c 'import sys, urllib.parse
print(urllib.parse.urlencode([tuple(a.split("=", 1)) for a in sys.argv[1:]]), end="")' \
        "csrf=$csrf" "$@" >form
    code -b jar -D head --data-binary @form "$base$p"
}
# the file changed by another program after the page was read
printf '\r\n' >>ev/players.csv
[ "$(post /fix/alias "sha=$sha" "name=Кушнірр, Остап" line=13)" = 409 ]
ok $? "the registry changed meanwhile: 409"
text | grep -q 'файл змінився відтоді, як сторінка його показала' &&
    [ "$(head -c -2 ev/players.csv | sha256sum | cut -c1-64)" = "$sha" ] && [ ! -d ev/.sekretar-desk ]
ok $? "refused, said; nothing written, no backup"
cp players.orig ev/players.csv
[ "$(post /fix/alias "sha=$sha" "name=Кушнірр, Остап" line=13)" = 303 ] &&
    grep -qi '^Location: /check?edit=1#changed' head
ok $? "the choice: written, back to the check with the change"
python3 - players.orig ev/players.csv <<'PY'
import sys
a = open(sys.argv[1], "rb").read().split(b"\r\n")
b = open(sys.argv[2], "rb").read().split(b"\r\n")
head = "Інші написання".encode("cp1251")
ok = (len(a) == len(b) and b[0] == a[0] + b";" + head and
      b[12] == a[12] + ";".encode() + "Кушнірр, Остап".encode("cp1251") and
      all(a[i] == b[i] for i in range(len(a)) if i not in (0, 12)))
sys.exit(0 if ok else 1)
PY
ok $? "Windows-1251, ';', CRLF as before: the header gains the column, row 13 the name, every other byte as it was"
LANGUAGE=uk "$SEKRETAR" check ev >check.out 2>&1
ok $? "check passes: the results name joins by the registry's other spelling"
cmp -s ev/.sekretar-desk/0001-players.csv players.orig
ok $? "the file before kept as the backup"
[ "$(code -b jar "$base/check?edit=1")" = 200 ] && text | grep -q 'Помилок немає' &&
    grep -q '<del>1 − ПІБ;Стать' page && grep -q '<ins>13 + Кушнір Остап Богданович;.*;Кушнірр, Остап</ins>' page
ok $? "the check again: no errors, and what changed shown line by line"

# ----------------------------------------------------- the journal, undo
[ "$(code -b jar "$base/changes")" = 200 ] && text | grep -q "1 [0-9.]* [0-9:]* players.csv «Кушнірр, Остап» записано як інше написання імені в рядку 13"
ok $? "the changes' page lists it"
[ "$(post /undo no=1)" = 303 ] && grep -qi '^Location: /changes?edit=2#changed' head &&
    cmp -s ev/players.csv players.orig
ok $? "undone: the registry as it was"
[ "$(post /undo no=1)" = 409 ] &&
    text | grep -qF 'Тим часом файл змінився файл змінено після зміни 1; її не скасовано Назад'
ok $? "undone twice: refused, said (the file is not as change 1 left it)"
[ "$(post /undo no=2)" = 303 ] && iconv -f cp1251 -t utf-8 ev/players.csv | grep -q ';Кушнірр, Остап'"$(printf '\r')"'$'
ok $? "the undoing undone: the name back"
[ "$(post /undo no=99)" = 422 ] && text | grep -qF 'у журналі немає зміни 99'
ok $? "no such change: refused, said"

# ----------------------------------------------- a missing column added
python3 - <<'PY'
p = "ev/players.csv"
rows = open(p, "rb").read().decode("cp1251").split("\r\n")
# drop the sex column (the 2nd) of every row; no row quotes a ';' there
open(p, "wb").write("\r\n".join(
    ";".join(r.split(";")[:1] + r.split(";")[2:]) if r else r
    for r in rows).encode("cp1251"))
PY
cp ev/players.csv nosex.csv
[ "$(code -b jar "$base/check")" = 200 ] && grep -q '<form method="post" action="/fix/column" class="fix">' page &&
    grep -q 'Додати до реєстру стовпець «Стать»' page
ok $? "a missing column: the offer to add it"
sha=$(grep -A1 'action="/fix/column"' page | grep -o 'name="sha" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//')
[ "$(post /fix/column "sha=$sha" "column=Стать")" = 303 ] &&
    head -1 ev/players.csv | iconv -f cp1251 -t utf-8 | grep -q ';Стать.$'
ok $? "added: the header's last column"
[ "$(post /fix/column "sha=$(sha256sum <ev/players.csv | cut -c1-64)" "column=Стать")" = 422 ] &&
    text | grep -qF 'рядок 1: у реєстрі вже є стовпець «Стать», або такого стовпця реєстр не знає'
ok $? "a column the registry has: refused, said"

# --------------------------------------------------- registry rows
[ "$(code -b jar "$base/registry?row=13")" = 200 ] &&
    grep -q '<input id="f0" name="f0" size="40" value="Кушнір Остап Богданович">' page
ok $? "a row's form: its fields"
sha=$(value sha)
[ "$(post /registry/row "sha=$sha" line=13 "f0=Кушнір Остап Богданович" "f2=Київська")" = 303 ] &&
    sed -n 13p ev/players.csv | iconv -f cp1251 -t utf-8 | grep -q '^Кушнір Остап Богданович;[^;]*;Київська;'
ok $? "a field of a row changed"
n=$(wc -l <ev/players.csv)
sha=$(sha256sum <ev/players.csv | cut -c1-64)
[ "$(post /registry/row "sha=$sha" line=0 "f0=Новенький Іван Петрович" "f1=2014-03-03" "f2=Львівська")" = 303 ] &&
    [ "$(wc -l <ev/players.csv)" = $((n + 1)) ] &&
    tail -n 1 ev/players.csv | iconv -f cp1251 -t utf-8 | grep -q '^Новенький Іван Петрович;2014-03-03;Львівська;*'"$(printf '\r')"'$'
ok $? "a row added at the end, CRLF"
sha=$(sha256sum <ev/players.csv | cut -c1-64)
cp ev/players.csv before.csv
[ "$(post /registry/row "sha=$sha" line=0 f0= f1=)" = 303 ] && cmp -s before.csv ev/players.csv
ok $? "an empty new row: nothing to add, nothing written"
[ "$(post /fix/alias "sha=$sha" "name=Хтось" line=1)" = 422 ] &&
    text | grep -qF 'рядок 1: тут немає рядка особи або немає імені, яке слід записати'
ok $? "a name offered for the header's line: refused, said"
[ "$(post /registry/row "sha=$sha" line=13 "f0=Кушнір 😀")" = 422 ] && text | grep -q 'Windows-1251'
ok $? "a character Windows-1251 has not: refused, said"

# ---------------------------------------------------------- event.ini
[ "$(code -b jar "$base/settings")" = 200 ] && grep -q '<h2 id="section-boys-classic">\[section boys-classic\]</h2>' page &&
    grep -q '<select id="section-boys-classic.k.system" name="k.system"><option value="">(не задано)</option><option selected>swiss</option>' page
ok $? "the settings: each section, the allowed values of a key"
sha=$(value sha)
[ "$(post /settings "sha=$sha" kind=section arg=boys-classic k.prize-places=6 k.evil=1 k.sheet-name=)" = 303 ]
ok $? "a key changed"
diff ini.orig ev/event.ini | grep '^[<>]' | tr -d '\r' >ini.diff
printf '%s\n' '< prize-places = 3' '> prize-places = 6' | diff - ini.diff >/dev/null
ok $? "only its line changed; an unknown key of the form ignored"
sha=$(sha256sum <ev/event.ini | cut -c1-64)
[ "$(post /settings "sha=$sha" kind=event arg= "k.compiled=10.06.2023" "k.deputy-arbiter=")" = 303 ] &&
    ! grep -q '^deputy-arbiter' ev/event.ini &&
    grep -q "^compiled = 10.06.2023$(printf '\r')\$" ev/event.ini
ok $? "a key added (CRLF as the file), a key emptied taken out"
"$SEKRETAR" check ev >/dev/null 2>&1
ok $? "check passes"
[ "$(post /settings "sha=$sha" kind=event arg= "k.city=Київ")" = 409 ] && grep -q '^city = Львів' ev/event.ini
ok $? "event.ini changed meanwhile: refused, nothing written"
sha=$(sha256sum <ev/event.ini | cut -c1-64)
[ "$(post /settings "sha=$sha" kind=event arg= "k.city=Київ
[section x]")" = 422 ] && grep -q '^city = Львів' ev/event.ini &&
    text | grep -qF 'значення в ev/event.ini — це один рядок'
ok $? "a value of two lines: refused, said"
[ "$(code -b jar -d "csrf=0&sha=$sha&kind=event&k.city=X" "$base/settings")" = 403 ]
ok $? "a form without the page's secret: 403"
ls ev/.sekretar-desk | grep -c -- '-players.csv$\|-event.ini$' | grep -qx 8
ok $? "a backup of each change (8: 6 of the registry, 2 of event.ini)"

# a key given twice: the check shows both lines
first=$(grep -n '^city = ' ev/event.ini | cut -d: -f1)
sed -i "${first}a city = Одеса" ev/event.ini
[ "$(code -b jar "$base/check")" = 200 ] && python3 - page "$first" <<'PY'
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
first = int(sys.argv[2])
m = re.search(r'<p class="error">рядок %d, позиція 1: ([^<]*)</p>\n<pre class="line">'
              r'(.*?)</pre>\n<p class="note">рядок %d: </p>\n<pre class="line">(.*?)</pre>'
              % (first + 1, first), s)
ok = (m and "уперше в рядку %d" % first in html.unescape(m.group(1)) and
      re.sub("</?mark>", "", html.unescape(m.group(2))).startswith("city = Одеса") and
      html.unescape(m.group(3)).startswith("city = Львів"))
sys.exit(0 if ok else 1)
PY
ok $? "a key given twice: its line and the first one shown"

kill -TERM $pid
wait $pid
done_testing
