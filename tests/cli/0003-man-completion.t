#!/bin/sh
# The manual pages (sekretar help --man, English and Ukrainian) render
# without warnings and are complete; the bash completion loads and
# completes commands, options, tie-break codes, presets and sections.
. "$(dirname "$0")/../lib/lib.sh"

po=$top/man/uk.po
pages="sekretar sekretar-init sekretar-check sekretar-standings
sekretar-convert sekretar-build sekretar-archive sekretar-query
sekretar-render"

expect_success "the Ukrainian translation is complete and up to date" \
    sekretar help --pot --translations "$po"
expect_grep "the po template names the pages" '^#: .*sekretar-build\(1\)' "$out"
expect_failure 64 "no such manual page" sekretar help --man frobnicate
expect_stderr "no such manual page: message" \
"sekretar: error: no manual page 'frobnicate'
Try 'sekretar help --help'."
printf 'msgid "NAME"\nmsgstr "НАЗВА"\n' >"$tmp/part.po"
expect_failure 65 "a page the po file does not translate" \
    sekretar help --man --translations "$tmp/part.po" build
expect_grep "says how many texts are missing" \
    "texts of sekretar-build\(1\) are not translated" "$err"

for page in $pages; do
    expect_success "$page(1) in English" sekretar help --man "$page"
    cp "$out" "$tmp/$page.1"
    expect_success "$page(1) in Ukrainian" \
        sekretar help --man --translations "$po" "$page"
    cp "$out" "$tmp/$page.uk.1"
done
expect_grep "an option of standings is on its page" \
    '^\\fB\\-\\-tiebreaks\\fR \\fILIST\\fR$' "$tmp/sekretar-standings.1"
expect_grep "the verbs of archive are its commands" '^\\fBverify\\fR' \
    "$tmp/sekretar-archive.1"
expect_grep "the tie-break codes come from the table" \
    '^Codes: PTS BH FB ' "$tmp/sekretar-standings.1"
expect_grep "the Ukrainian page is Ukrainian" \
    '^\.SH "ОПИС"$' "$tmp/sekretar-render.uk.1"
expect_grep "its NAME line" '^sekretar-build \\- перевірити' \
    "$tmp/sekretar-build.uk.1"
# sekretar(1): the event folder and the way through an event, each a
# section of its own (the headed lists of 'sekretar --help').
expect_grep "sekretar(1): the event folder" '^\.SH "THE EVENT FOLDER"$' \
    "$tmp/sekretar.1"
expect_grep "sekretar(1): a results file, its placeholder in italics" \
    '^\\fINAME\\fR\.trf, \\fINAME\\fR\.csv, \\fINAME\\fR\.pgn$' \
    "$tmp/sekretar.1"
sed -n '/^\.SH "THE WAY THROUGH AN EVENT"$/,/^\.SH/p' "$tmp/sekretar.1" |
    sed -n 's/^\\fBsekretar\\fR \([a-z]*\).*/\1/p' | paste -s -d ' ' >"$tmp/way"
expect_text "sekretar(1): the way through an event" "$tmp/way" \
    "init check render build query archive"
expect_grep "sekretar(1) in Ukrainian: the event folder" \
    '^\.SH "ТЕКА ЗМАГАННЯ"$' "$tmp/sekretar.uk.1"
expect_grep "sekretar(1) in Ukrainian: the way through an event" \
    '^\.SH "ПОРЯДОК РОБОТИ ЗІ ЗМАГАННЯМ"$' "$tmp/sekretar.uk.1"

if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    for f in "$tmp"/*.1; do
        MANWIDTH=80 man --warnings -E UTF-8 -l "$f" >/dev/null 2>"$err"
        [ $? = 0 ] && [ ! -s "$err" ]
        ok $? "man -l renders $(basename "$f") without warnings"
        [ -s "$err" ] && diag_file "$err"
    done
else
    ok 0 "# SKIP man or groff is missing (apt-get install man-db groff-base)"
fi

expect_success "completion bash" sekretar completion bash
cp "$out" "$tmp/completion"
expect_failure 64 "completion of another shell" sekretar completion zsh
if command -v bash >/dev/null 2>&1; then
    complete_words() {
        bash -c '. "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _sekretar; echo "${COMPREPLY[*]}"' sh "$tmp/completion" "$@"
    }
    bash -n "$tmp/completion"
    ok $? "the completion script is bash"
    expect_stdout_of() {
        desc=$1 want=$2
        shift 2
        got=$(complete_words "$@")
        [ "$got" = "$want" ]
        ok $? "$desc"
        [ "$got" = "$want" ] || echo "#   got '$got', wanted '$want'"
    }
    expect_stdout_of "a command" "standings" sekretar sta
    expect_stdout_of "an option" "--tiebreaks --teams" sekretar standings --t
    expect_stdout_of "a tie-break code in a list" "BH/C1,WIN BH/C1,WON BH/C1,WBP" \
        sekretar standings --tiebreaks BH/C1,W
    expect_stdout_of "a preset" "ua-2004 ua-2004-teams ua-2017 ua-2023" \
        sekretar render --rules ua
    expect_stdout_of "a verb" "merge-people" sekretar archive --archive x me
    expect_stdout_of "a value the help spells out" "classic rapid blitz" \
        sekretar query champions --discipline ""
    expect_stdout_of "the sections of the event folder on the line" \
        "girls-classic girls-rapid girls-blitz" \
        sekretar standings "$top/tests/example/u10-lviv-2023" --section girls
    got=$(cd "$top/tests/example/u10-lviv-2023" &&
        complete_words sekretar render --section boys-c)
    [ "$got" = boys-classic ]
    ok $? "the sections of the event folder in the current directory"
else
    ok 0 "# SKIP bash is missing"
fi
done_testing
