#!/bin/sh
# The mandate commission: each rule of admission (born-from, min-rank,
# citizens-only, the documents, the fee) refuses with its exact message at
# the registry's line and column; its event.ini keys' errors; 'sekretar
# mandate' counts a person once as a participant and once in each section
# he entered; the counts and the protocol's tables equal what a script
# recomputes from the registry alone; every person is on his region's
# entry; the three documents of the example event against golden texts.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-09
ex=$top/tests/example/u10-lviv-2023
counts=$top/tests/lib/mandate-counts.py
fresh() { rm -rf ev && cp -R "$DATA/mandate-event" ev; }

# ---- 1. each rule and its message (warnings: documents come on the day)

fresh
expect_success "check: who cannot be admitted are warnings" sekretar check ev
expect_stdout "check: every rule, at its column" \
"ev/players.csv:3:103: warning: 'Бойко Євген' cannot be admitted: insurance missing
ev/players.csv:4:66: warning: 'Їжакевич Ілля' cannot be admitted: the fee of 200 UAH is not paid
ev/players.csv:7:53: warning: 'Шевчук Олена' cannot be admitted: no rank; min-rank admits 'ІІІ юн.' or higher
ev/players.csv:8:72: warning: 'Ярошенко Софія' cannot be admitted: medical clearance not recorded
ev/players.csv:9:65: warning: 'Мюллер Ганс' cannot be admitted: federation GER; citizens-only admits citizens of Ukraine (UKR)
ev/players.csv:9:69: warning: 'Мюллер Ганс' is entered for section 'boys' but has no results there
ev/players.csv:10:18: warning: 'Петренко Іван' cannot be admitted: born in 2012; the age group admits players born in 2013 or later
ev/players.csv:10:62: warning: 'Петренко Іван' is entered for section 'boys-rapid' but has no results there
ev/players.csv:11:47: warning: 'Сидоренко Петро' cannot be admitted: rank 'б/р' is below min-rank 'ІІІ юн.'
ev/players.csv:11:54: warning: 'Сидоренко Петро' is entered for section 'boys-rapid' but has no results there
ev/players.csv:11:65: warning: 'Сидоренко Петро' cannot be admitted: passport or birth certificate missing
ev/players.csv:12:50: warning: rank '5 юн.' not recognised (КМС, І, ІІ, ІІІ, І юн., ІІ юн., ІІІ юн., or a FIDE title)
ev/players.csv:12:50: warning: 'Гребенюк Олесь' cannot be admitted: rank '5 юн.' not recognised; min-rank admits 'ІІІ юн.' or higher
ev/players.csv:12:59: warning: 'Гребенюк Олесь' is entered for section 'boys' but has no results there
ev/boys.csv: 4 players, 3 rounds
ev/girls.trf: 3 players, 3 rounds
ev/boys-rapid.csv: 2 players, 1 round
ev: 3 sections, 11 people in the registry, 0 errors, 14 warnings"

# A birth date missing, a fee not recorded.
sed -i 's/^Петренко,Іван,,ч,05.05.2012,/Петренко,Іван,,ч,,/; s/^Їжакевич\(.*\),ні$/Їжакевич\1,/' ev/players.csv
expect_success "no birth date, no fee recorded" sekretar check -q ev
sekretar check ev | grep -E "Петренко|Їжакевич" | grep admitted >"$out"
expect_stdout "no birth date, no fee recorded: messages" \
"ev/players.csv:4:66: warning: 'Їжакевич Ілля' cannot be admitted: the fee of 200 UAH is not recorded as paid
ev/players.csv:10:18: warning: 'Петренко Іван' cannot be admitted: no birth date; the age group (born in 2013 or later) needs one"

# Without rules nobody is refused; the documents required can be chosen.
fresh
sed -i '/^min-rank/d; /^citizens-only/d; /^born-from/d; /^fee-/d' ev/event.ini
sed -i 's/^mandate-date/mandate-documents = none\n&/' ev/event.ini
expect_success "no rules: everyone admitted" sekretar check ev
expect_grep "no rules: no warning of the commission" \
    "11 people in the registry, 0 errors, 5 warnings$" "$out"
sed -i 's/^mandate-documents = none/mandate-documents = medical, insurance/' ev/event.ini
expect_success "medical and insurance only" sekretar check ev
grep admitted "$out" >"$tmp/adm"
expect_text "medical and insurance only: those two" "$tmp/adm" \
"ev/players.csv:3:103: warning: 'Бойко Євген' cannot be admitted: insurance missing
ev/players.csv:8:72: warning: 'Ярошенко Софія' cannot be admitted: medical clearance not recorded"

# min-rank as typed with a Latin I, a higher one: the 2nd and 3rd junior
# ranks are refused now, the adult ІІ and ІІІ are above it; citizens-only
# in Ukrainian (Мюллер of GER admitted).
fresh
sed -i 's/^min-rank = .*/min-rank = I юн./; s/^citizens-only = .*/citizens-only = ні/' ev/event.ini
expect_success "min-rank I юн. (Latin I)" sekretar check ev
grep -E "min-rank|citizens" "$out" >"$tmp/rank"
expect_text "min-rank I юн.: the ranks below it" "$tmp/rank" \
"ev/players.csv:7:53: warning: 'Шевчук Олена' cannot be admitted: no rank; min-rank admits 'І юн.' or higher
ev/players.csv:8:51: warning: 'Ярошенко Софія' cannot be admitted: rank 'ІІІ юн.' is below min-rank 'І юн.'
ev/players.csv:10:51: warning: 'Петренко Іван' cannot be admitted: rank 'ІІІ юн.' is below min-rank 'І юн.'
ev/players.csv:11:47: warning: 'Сидоренко Петро' cannot be admitted: rank 'б/р' is below min-rank 'І юн.'
ev/players.csv:12:50: warning: 'Гребенюк Олесь' cannot be admitted: rank '5 юн.' not recognised; min-rank admits 'І юн.' or higher"

# ---- 2. the keys of event.ini

fresh
sed -i 's/^min-rank = .*/min-rank = майстер/; s/^citizens-only = .*/citizens-only = maybe/; s/^fee-rapid = .*/fee-rapid = 100 грн/' ev/event.ini
sed -i 's/^mandate-date/mandate-documents = identity, passport\nmandate-member-0 = X\n&/' ev/event.ini
expect_failure 65 "bad mandate keys" sekretar check -q ev
expect_stdout "bad mandate keys: messages" \
"ev/event.ini:12:12: error: unknown rank 'майстер' (КМС, І, ІІ, ІІІ, І юн., ІІ юн., ІІІ юн., or a FIDE title)
ev/event.ini:13:17: error: yes or no expected (так, ні), found 'maybe'
ev/event.ini:15:13: error: a fee in hryvnias expected (a whole number from 0 to 100000, such as 200), found '100 грн'
ev/event.ini:16:31: error: unknown document 'passport' (identity, medical, insurance, fee, or none)"
fresh
sed -i 's/^mandate-member-1 /mandate-member-0 /' ev/event.ini
sekretar check ev | grep member >"$out"
expect_stdout "a member numbered 0: warning" \
"ev/event.ini:17:1: warning: unknown key 'mandate-member-0' (numbered 1 to 9: 'mandate-member-1')"
fresh
sed -i 's/^mandate-date = .*/mandate-date = 31.02.2023/' ev/event.ini
expect_failure 65 "a commission's day that does not exist" sekretar check -q ev
expect_grep "the day: message" "^ev/event.ini:16:16: error: date '31.02.2023' does not exist" "$out"

# ---- 3. sekretar mandate

fresh
expect_success "mandate: the counts" sekretar mandate --format csv ev
tr -d '\r' <"$out" >"$tmp/counts"
expect_text "mandate: every group" "$tmp/counts" \
"group,item,count,boys,girls,refused
total,participants,3,2,1,8
total,regions,3,,,
region,АР Крим,0,0,0,1
region,Волинська,1,0,1,1
region,Львівська,1,1,0,0
region,Одеська,1,1,0,2
region,Харківська,0,0,0,1
region,м. Київ,0,0,0,2
region,other federations,0,0,0,1
section,boys,2,2,0,4
section,girls,1,0,1,2
section,boys-rapid,1,1,0,3
year,2012,0,0,0,1
year,2013,3,2,1,3
year,2014,0,0,0,4
rank,КМС,0,0,0,1
rank,ІІ розряд,0,0,0,1
rank,ІІІ розряд,0,0,0,1
rank,І юн. розряд,3,2,1,0
rank,ІІІ юн. розряд,0,0,0,2
rank,без розряду,0,0,0,1
rank,,0,0,0,2
fees,due,700,,,
fees,collected,2000,,,"
# Мельник (boys and boys-rapid) and Коваленко (boys) are the boys
# admitted: two participants, three section entries.
sekretar mandate --format json ev >"$out" 2>"$err"
expect_grep "json: the participants" \
    '"group": "total", "item": "participants", "count": 3, "boys": 2' "$out"
# Without Мельник (boys and boys-rapid): one participant fewer, one entry
# fewer in each of his two sections, none fewer in girls.  (The commission
# meets before the first round: a registry without a player of the
# results is an error of the event, so the results go too.)
sed -i '/^Мельник,/d' ev/players.csv
rm ev/boys.csv ev/girls.trf ev/boys-rapid.csv
sekretar mandate --format csv ev 2>"$err" | tr -d '\r' | grep -E "^(total,participants|section)," >"$out"
expect_stdout "one person in two sections: once, and once in each" \
"total,participants,2,1,1,8
section,boys,1,1,0,4
section,girls,1,0,1,2
section,boys-rapid,0,0,0,3"
fresh
expect_success "mandate: text" sekretar mandate ev
expect_grep "text: a heading" "^group +item +count +boys +girls +refused$" "$out"
expect_failure 64 "mandate: no folder" sekretar mandate
expect_stderr "no folder: message" \
"sekretar: error: no event folder given
Try 'sekretar mandate --help'."
expect_failure 64 "mandate: a file" sekretar mandate ev/girls.trf
expect_stderr "a file: message" \
"sekretar: error: 'ev/girls.trf' is a file; the mandate commission works on an event folder (event.ini, players.csv)
Try 'sekretar mandate --help'."
expect_failure 66 "mandate: a folder that is not there" sekretar mandate nowhere
expect_failure 64 "mandate: unknown format" sekretar mandate --format xml ev
expect_stderr "unknown format: message" \
"sekretar: error: unknown format 'xml'
Try 'sekretar mandate --help'."
expect_success "mandate --help" sekretar mandate --help
expect_grep "help: the usage" "^usage: sekretar mandate \[--format F\] DIR$" "$out"

# ---- 4. recomputed from the registry

for d in "$ex" ev; do
    sekretar mandate --format csv "$d" >"$tmp/sk.csv"
    python3 "$counts" "$d" >"$tmp/py.csv"
    cmp -s "$tmp/sk.csv" "$tmp/py.csv"
    ok $? "the counts equal the registry's, recomputed ($(basename "$d"))"
    [ $? = 0 ] || diff "$tmp/py.csv" "$tmp/sk.csv" | sed 's/^/#   /' | head
done
# The same event as Excel saves it (Windows-1251, a full-name column, +).
sekretar mandate --format csv "$ex-cp1251" >"$tmp/cp.csv"
sekretar mandate --format csv "$ex" >"$tmp/utf.csv"
cmp -s "$tmp/cp.csv" "$tmp/utf.csv"
ok $? "the Windows-1251 copy of the example gives the same counts"
# The example: 196 people, each once; 454 section entries.
sekretar mandate --format csv "$ex" | tr -d '\r' >"$tmp/ex.csv"
[ "$(grep -c . "$ex/players.csv")" = 197 ] &&
    grep -q '^total,participants,196,124,72,0$' "$tmp/ex.csv" &&
    [ "$(awk -F, '$1 == "section" { n += $3 } END { print n }' "$tmp/ex.csv")" = 454 ]
ok $? "the example: 196 participants once, 454 entries of sections"

expect_success "render the commission's documents" \
    sekretar render --only mandate -o docs "$ex"
expect_stdout "only the three" \
"docs/mandate-entries.pdf
docs/mandate-checklist.pdf
docs/mandate-protocol.pdf"
pdftotext -layout docs/mandate-protocol.pdf protocol.txt
# Every row of the protocol's tables is the recomputed count.
bad=0
while IFS=, read -r group item n m f r; do
    label=$item
    case $group in
    region | year | rank) ;;
    section)
        label=$(awk -v s="[section $item]" '$0 == s { on = 1; next }
            on && /^title = / { sub(/^title = /, ""); print; exit }' "$ex/event.ini")
        ;;
    *) continue ;;
    esac
    grep -Eq "^$label +$m +$f +$n +$r\$" protocol.txt || {
        echo "# no row '$label $m $f $n $r' in the protocol"
        bad=1
    }
done <"$tmp/ex.csv"
ok $bad "the protocol's rows are the registry's counts"
[ "$(grep -Ec '^Усього +124 +72 +196 +0$' protocol.txt)" = 3 ] &&
    grep -Eq '^Усього +283 +171 +454 +0$' protocol.txt
ok $? "the protocol's totals: 196 by region, year and rank; 454 by section"
tr '\n' ' ' <protocol.txt | tr -s ' ' >protocol.line
expect_grep "the protocol: the regions" \
    "Розглянуто іменні заявки регіонів: 23; учасників у них: 196\. Допущено до змагань учасників: 196 \(юнаків — 124, дівчат — 72\) з регіонів: 23; не допущено: 0\." protocol.line
expect_grep "the protocol: the fees" \
    "Нараховано з допущених учасників: 59 000 грн; сплачено: 59 000 грн\." protocol.line
pdftotext docs/mandate-entries.pdf entries.txt
python3 "$counts" --entries "$ex" entries.txt >"$out"
ok $? "every registry person is on his region's entry"
[ -s "$out" ] && diag_file "$out"

# ---- 5. golden texts of the example's documents

for d in entries checklist protocol; do
    pdftotext -layout "docs/mandate-$d.pdf" "$d.txt"
    cmp_golden "mandate/$d.txt" "$d.txt"
done

# ---- 6. those not admitted, in the documents

expect_success "render the test event's" sekretar render --only mandate -o ev-docs ev
pdftotext -layout ev-docs/mandate-checklist.pdf - >checklist.txt
expect_grep "checklist: a refusal and its reason" \
    "Сидоренко Петро +Одеська +кваліфікація б/р нижча за ІІІ юн\.; немає копії паспорта" checklist.txt
expect_grep "checklist: the decision" "Мельник Ярослав .* 300 +так +допущено$" checklist.txt
pdftotext -layout ev-docs/mandate-protocol.pdf - >protocol2.txt
expect_grep "protocol: those not admitted, with the reason" \
    "^Мюллер Ганс \(GER\) — не громадянин України \(GER\)\.$" protocol2.txt
expect_grep "protocol: the chairman signs" "^Голова мандатної комісії +Ірина ФЕДОРИШИН$" protocol2.txt
expect_success "one of them alone" \
    sekretar render --only mandate-protocol -o one ev
expect_stdout "one of them alone: its file" "one/mandate-protocol.pdf"

# Before the first round: no results yet, the registry's entries count.
fresh
sekretar mandate --format csv ev >"$tmp/with.csv"
rm ev/boys.csv ev/girls.trf ev/boys-rapid.csv
expect_success "before the event: the counts" sekretar mandate --format csv ev
cmp -s "$out" "$tmp/with.csv"
ok $? "before the event: the same counts from the registry's entries"
expect_success "before the event: the documents" \
    sekretar render --only mandate -o pre ev
expect_stdout "before the event: the three" \
"pre/mandate-entries.pdf
pre/mandate-checklist.pdf
pre/mandate-protocol.pdf"
expect_failure 65 "before the event: the other documents need results" \
    sekretar render --only mandate,ranking -o pre2 ev
expect_grep "the other documents: why" \
    "^ev/event.ini:23:8: error: results file 'ev/boys.csv' of section 'boys' does not exist$" "$err"

# An event without a registry: the entries say so, the protocol counts 0.
fresh
rm ev/players.csv
expect_success "no registry: the documents still" \
    sekretar render --only mandate -o noreg ev
pdftotext -layout noreg/mandate-entries.pdf - >noreg.txt
expect_grep "no registry: the entries say so" \
    "^У реєстрі учасників \(players.csv\) немає жодної особи\.$" noreg.txt

done_testing
