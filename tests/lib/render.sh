# tests/lib/render.sh: helpers for the document tests (sourced after
# lib.sh).
# SPDX-License-Identifier: MIT
#
# need_poppler            skip the script without pdftotext
# text PDF                the text of PDF, laid out as on the page
# every_row TRF TEXT      every row of the ranking of TRF (place "3–4",
#                         start number, name with a blank after each
#                         comma, points "4½") is a line of TEXT; names the
#                         rows that are not

need_poppler() {
    if ! command -v pdftotext >/dev/null 2>&1; then
        echo "1..0 # SKIP pdftotext (poppler-utils) is not installed"
        exit 0
    fi
}

text() { pdftotext -layout "$1" - 2>/dev/null; }

every_row() {
    # Places shared by equal points are written "lo–hi".
    sekretar standings --format tsv "$1" | tail -n +2 |
        awk -F '\t' '{ n++; pts[n] = $4; line[n] = $0 }
            END {
                for (i = 1; i <= n; i = j) {
                    for (j = i; j <= n && pts[j] == pts[i]; j++)
                        ;
                    place = j - 1 > i ? i "–" j - 1 : i
                    for (k = i; k < j; k++) {
                        split(line[k], f, "\t")
                        print place "\t" f[2] "\t" f[3] "\t" f[4]
                    }
                }
            }' |
        sed 's/\.5$/½/; s/\.0$//; s/	0½$/	½/' >"$tmp/rows"
    missing=0
    while IFS='	' read -r place no name pts; do
        re=$(printf '%s' "$name" |
            sed 's/,\([^ ]\)/, \1/g; s/[][\.*^$()+?{}|/]/\\&/g')
        grep -Eq "^ *$place +$no +$re .* $pts\$" "$2" || {
            echo "#   missing: $place $no $name $pts"
            missing=$((missing + 1))
        }
    done <"$tmp/rows"
    [ $missing = 0 ] && [ -s "$tmp/rows" ]
}

