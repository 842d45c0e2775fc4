#!/bin/sh
# One event, one id: an event id is never cut, an id never takes the name a
# kept version moves to ("-v1"), and a build whose event has nothing but
# its id in common with the recorded one is refused, naming both.  Every
# message is exact, and nothing is written when an id is refused.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
ZIPEDIT=${SEKRETAR_BUILD:-$top/build}/tests/zipedit
export SOURCE_DATE_EPOCH=1686268800
# expect_line DESC TEXT FILE: a line of FILE is exactly TEXT.
expect_line() {
    grep -Fqx -- "$2" "$3"
    ok $? "$1"
    grep -Fqx -- "$2" "$3" || diag_file "$3" 10
}
# events ARCHIVE: "ID,VERSION" of every event the catalogue holds.
events() {
    "$SEKRETAR" query --archive "$1" events --format csv 2>/dev/null |
        sed -n 's/^\(20[0-9-]*[a-z0-9-]*\),\([0-9]*\),.*/\1,\2/p' | sort
}
# other DIR TITLE CITY: make DIR another championship (its own title and
# city, sections renamed b1, g1, br).
other() {
    sed -i "s/^title = Тестовий.*/title = $2/; s/^city = .*/city = $3/;
        s/^\[section boys\]/[section b1]/; s/^\[section girls\]/[section g1]/;
        s/^\[section boys-rapid\]/[section br]/" "$1/event.ini"
    sed -i 's/boys-rapid/br/g; s/"boys, br"/"b1, br"/; s/,boys br,/,b1 br,/;
        s/,boys,/,b1,/; s/,girls,/,g1,/' "$1/players.csv"
}

# ------------------------------------------- two folders of one name
mkdir -p boys girls
cp -R "$DATA/mini-event" boys/lviv-2023
cp -R "$DATA/mini-event" girls/lviv-2023
other girls/lviv-2023 "Чемпіонат області серед дівчат" "Львів"
expect_success "the girls' folder checks" sekretar check -q girls/lviv-2023
expect_success "the boys' championship is built" \
    sekretar build --archive arc boys/lviv-2023
sha256sum arc/2023/*.zip >before.sum
expect_failure 65 "the girls' one, of the same folder name and city, is refused" \
    sekretar build --archive arc girls/lviv-2023
expect_stderr "refused: both events named, and how to go on" \
"sekretar: error: '2023-06-01-lviv' in the archive is another event: 'Тестовий турнір \"Мар'янин кубок\"' (Львів; sections boys, girls, boys-rapid), not 'Чемпіонат області серед дівчат' (Львів; sections b1, g1, br); nothing was changed; give this one a name of its own with --slug ('sekretar build --slug NAME DIR')"
sha256sum -c --quiet before.sum && [ ! -e arc/2023/2023-06-01-lviv-v1.zip ] &&
    [ -z "$(ls arc/.staging 2>/dev/null)" ]
ok $? "the boys' bundle is untouched and nothing is left"
events arc >ev.list
expect_text "the catalogue holds the boys' event only, version 1" ev.list \
    "2023-06-01-lviv,1"
expect_success "with --slug it is an event of its own" \
    sekretar build --archive arc --slug lviv-girls girls/lviv-2023
events arc >ev.list
expect_text "two events" ev.list "2023-06-01-lviv,1
2023-06-01-lviv-girls,1"
expect_success "the archive verifies" sekretar archive verify --deep --archive arc

# Another city and title, but the same section names (init's skeleton
# names): still two championships.
cp -R "$DATA/mini-event" kyiv
sed -i 's/^title = .*/title = Кубок Києва/; s/^city = .*/city = Київ/' \
    kyiv/event.ini
expect_failure 65 "--slug onto another city's event with the same sections" \
    sekretar build --archive arc --slug lviv kyiv
expect_stderr "another city: message" \
"sekretar: error: '2023-06-01-lviv' in the archive is another event: 'Тестовий турнір \"Мар'янин кубок\"' (Львів; sections boys, girls, boys-rapid), not 'Кубок Києва' (Київ; sections boys, girls, boys-rapid); nothing was changed; give this one a name of its own with --slug ('sekretar build --slug NAME DIR')"

# A correction keeps most of what the event was: a new title (the city and
# the sections kept), or new sections (title and city kept), is version 2.
sed -i 's/^title = .*/title = Тестовий турнір "Марʼянин кубок", виправлено/' \
    boys/lviv-2023/event.ini
expect_success "a corrected title is the next version" \
    sekretar build --archive arc boys/lviv-2023
sed -i 's/^\[section boys-rapid\]/[section rapid]/; s/^city = .*/city = м. Львів/' \
    boys/lviv-2023/event.ini
sed -i 's/boys-rapid/rapid/g; s/"boys, rapid"/"boys, rapid"/' \
    boys/lviv-2023/players.csv
expect_success "a renamed section (and 'м. Львів') is the next version" \
    sekretar build --archive arc boys/lviv-2023
events arc >ev.list
expect_text "versions 3 and 1" ev.list "2023-06-01-lviv,3
2023-06-01-lviv-girls,1"

# ------------------------------------------------- ids are never cut
# Two names alike in their first 89 characters were one event: now a slug
# over 89 characters is refused, from the folder or from --slug.
long=championship-of-the-lviv-region-among-boys-and-girls-under-ten-years-in-classical-chess
mkdir -p longs
cp -R "$DATA/mini-event" "longs/$long-boys"
cp -R "$DATA/mini-event" "longs/$long-girls"
expect_failure 65 "a folder name of more than 89 slug characters" \
    sekretar build --archive larc "longs/$long-boys"
expect_stderr "long folder name: message" \
"sekretar: error: longs/$long-boys: the folder's name makes the name '$long-boys' in the archive, 92 characters, and it has at most 89; give a shorter one with --slug"
[ ! -e larc ]
ok $? "nothing is written for it"
expect_failure 65 "nor the other one" sekretar build --archive larc "longs/$long-girls"
expect_stderr "the other: message" \
"sekretar: error: longs/$long-girls: the folder's name makes the name '$long-girls' in the archive, 93 characters, and it has at most 89; give a shorter one with --slug"
ninety=$(printf 'x%.0s' $(seq 90))
expect_failure 64 "--slug of 90 characters" \
    sekretar build --archive larc --slug "$ninety" "longs/$long-boys"
expect_stderr "--slug too long: message" \
"sekretar: error: --slug '$ninety' has 90 characters; an event's name in the archive has at most 89
Try 'sekretar build --help'."
expect_success "89 characters are the limit" \
    sekretar build --archive larc --slug "${ninety#x}" "longs/$long-boys"
expect_grep "the whole id" "^catalogue: larc/catalog.sqlite \(event 2023-06-01-${ninety#x}: " "$out"
# The year at its end is dropped before the length is counted.
cp -R "$DATA/mini-event" "longs/$(printf 'y%.0s' $(seq 89))-2023"
expect_success "89 characters and the year" \
    sekretar build --archive larc "longs/$(printf 'y%.0s' $(seq 89))-2023"

# --------------------------------------------------- "-vN" is refused
mkdir vs
cp -R "$DATA/mini-event" vs/mini
expect_failure 64 "--slug ending in -v1" \
    sekretar build --archive varc --slug mini-v1 vs/mini
expect_stderr "--slug -v1: message" \
"sekretar: error: --slug 'mini-v1' ends as the name of a kept version does ('-v1'); choose another, such as 'mini-1'
Try 'sekretar build --help'."
expect_failure 64 "--slug ending in -v12" \
    sekretar build --archive varc --slug u10-v12 vs/mini
expect_stderr "--slug -v12: message" \
"sekretar: error: --slug 'u10-v12' ends as the name of a kept version does ('-v12'); choose another, such as 'u10-12'
Try 'sekretar build --help'."
cp -R vs/mini vs/lviv-v2
expect_failure 65 "a folder whose name ends in -v2" sekretar build --archive varc vs/lviv-v2
expect_stderr "folder -v2: message" \
"sekretar: error: vs/lviv-v2: the folder's name makes the name 'lviv-v2' in the archive, which ends as the name of a kept version does ('-v2'); give another with --slug, such as 'lviv-2'"
[ ! -e varc ]
ok $? "nothing is written"
expect_success "'-v' without a number is a name like any other" \
    sekretar build --archive varc --slug mini-v vs/mini
expect_success "so is '-v1' inside a name" \
    sekretar build --archive varc --slug mini-v1-lviv vs/mini

# An imported bundle whose id ends in -v1 would take the name version 1 of
# 'mini' moves to, and wedge every later build of it.
expect_success "mini is built" sekretar build --archive varc --slug mini vs/mini
expect_success "a bundle of its own elsewhere" \
    sekretar build --archive other --slug mini vs/mini
unzip -p other/2023/2023-06-01-mini.zip manifest.json |
    sed 's/"2023-06-01-mini"/"2023-06-01-mini-v1"/' >manifest.json
"$ZIPEDIT" other/2023/2023-06-01-mini.zip forged.zip put manifest.json manifest.json
cp -R varc varc.before
expect_failure 65 "its import under '...-mini-v1' is refused" \
    sekretar archive import --archive varc forged.zip
expect_stderr "import -v1: message" \
"sekretar: error: event id '2023-06-01-mini-v1' cannot be filed in the archive: it ends as the name of a kept version does ('-v1', '-v2', ...); nothing was changed"
[ ! -e varc/2023/2023-06-01-mini-v1.zip ] &&
    diff -r varc.before/2023 varc/2023 >/dev/null
ok $? "nothing is imported"
sed -i 's/^venue = .*/venue = Інша зала/' vs/mini/event.ini
expect_success "mini's next version is made" \
    sekretar build --archive varc --slug mini vs/mini
expect_grep "version 1 kept under its name" \
    "^previous:  varc/2023/2023-06-01-mini-v1.zip \(version 1, kept\)$" "$out"
expect_success "and the archive verifies" \
    sekretar archive verify --deep --archive varc

done_testing
