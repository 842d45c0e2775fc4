#!/bin/sh
# A diploma's background image is read, decoded and checked when its
# template is read: a damaged, cut, empty or enormous file, or one a PDF
# cannot show, is refused at the template's line (exit 65) with nothing
# written, in render and in build; never a crash (libpng used to abort
# the process under libharu, exit 134, leaving *.pdf.tmp-* behind).  What
# a PDF can show works: 16-bit, palette, interlaced, with transparency, a
# JPEG whatever its name.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1
export SEKRETAR_TEST_DATE=2023-06-09
ev=$DATA/mini-event
mkpng() { python3 "$top/tests/lib/mkpng.py" "$1" "$2"; }
mkdir tpl
cp "$top"/templates/*.ini tpl/
sed -i 's/^background =$/background = bg.png/' tpl/diploma-individual.ini
l=$(grep -n '^background =$' "$top/templates/diploma-individual.ini" | cut -d: -f1)

# render_with FILE: the girls' diplomas on FILE as the background, into o/.
render_with() {
    cp "$1" tpl/bg.png
    rm -rf o
    sekretar render --templates tpl --only diplomas --section girls -o o "$ev"
}
# The first image of page 1 as PPM bytes.
pixels() {
    rm -f px-000.ppm
    pdfimages -f 1 -l 1 o/girls-diplomas.pdf px && cat px-000.ppm
}

# ---- refused at the template's line, nothing written

# refused KIND-OR-FILE DESC REASON
refused() {
    f=$1
    [ -f "$f" ] || { mkpng "$1" "$1.png"; f=$1.png; }
    expect_failure 65 "$2: refused" render_with "$f"
    expect_stderr "$2: message" \
"tpl/diploma-individual.ini:$l: error: the background image 'tpl/bg.png' $3
sekretar: error: o/girls-diplomas.pdf: not written (the document 'diplomas')"
    [ ! -e o ]
    ok $? "$2: nothing written, no temporary file"
}
refused truncated "a truncated PNG" \
    "is a damaged PNG file (libpng: read beyond end of data)"
refused crc "a PNG with a wrong CRC" \
    "is a damaged PNG file (libpng: IDAT: CRC error)"
refused bad-filter "a PNG with a bad row filter" \
    "is a damaged PNG file (libpng: bad adaptive filter value)"
refused empty "an empty file" "is empty, not a PNG or JPEG file"
refused huge-header "30,000 x 30,000 pixels in the header" \
    "has 30000 x 30000 pixels; an image may have at most 25000000 (A4 at 400 dpi has 3307 x 4677)"
refused enormous "a valid PNG of 6,000 x 6,000 pixels" \
    "has 6000 x 6000 pixels; an image may have at most 25000000 (A4 at 400 dpi has 3307 x 4677)"
printf 'GIF89a\001\000\001\000' >gif
refused gif "a GIF" "is not a PNG or JPEG file"

# JPEG files, made by pdftoppm from a page, then broken.
mkpng rgb rgb.png
render_with rgb.png >/dev/null 2>&1
pdftoppm -jpeg -r 20 -f 1 -l 1 o/girls-diplomas.pdf j
pdftoppm -jpeg -jpegopt progressive=y -r 20 -f 1 -l 1 \
    o/girls-diplomas.pdf jp
python3 - <<'EOF'
d = open('j-1.jpg', 'rb').read()
sof = d.index(b'\xff\xc0')
app = d.index(b'\xff\xe0')
def put(name, at, byte):
    b = bytearray(d)
    for i, v in zip(at, byte):
        b[i] = v
    open(name, 'wb').write(bytes(b))
open('cut.jpg', 'wb').write(d[:len(d) // 2])
put('b12.jpg', [sof + 4], [12])
put('arith.jpg', [sof + 1], [0xc9])
put('lossless.jpg', [sof + 1], [0xc3])
put('zero.jpg', [app + 2, app + 3], [0, 0])
put('comp2.jpg', [sof + 9], [2])
EOF
refused cut.jpg "a cut JPEG" \
    "is a damaged JPEG file (it ends before its end marker)"
refused b12.jpg "a 12-bit JPEG" \
    "is a JPEG file a PDF cannot show (samples of other than 8 bits)"
refused arith.jpg "an arithmetic-coded JPEG" \
    "is a JPEG file a PDF cannot show (arithmetic coding)"
refused lossless.jpg "a lossless JPEG" \
    "is a JPEG file a PDF cannot show (lossless)"
refused zero.jpg "a JPEG segment of length 0" \
    "is a damaged JPEG file (a segment with a length under 2)"
refused comp2.jpg "a JPEG frame header of the wrong length" \
    "is a damaged JPEG file (a frame header of a bad length)"

# ---- what a PDF can show works, pixel for pixel

expect_success "an RGB PNG" render_with rgb.png
pixels >rgb.ppm
python3 - <<'EOF' >want.ppm
import sys
w, h = 60, 80
sys.stdout.buffer.write(b'P6\n60 80\n255\n' + bytes(
    (x * 7 + y * 3 + i * 50) % 256 for y in range(h) for x in range(w)
    for i in range(3)))
EOF
cmp -s want.ppm rgb.ppm
ok $? "its pixels as they are"
# same KIND DESC WANT: KIND's pixels are WANT's.
same() {
    mkpng "$1" "$1.png"
    expect_success "$2" render_with "$1.png"
    pixels >"$1.px"
    cmp -s "$3" "$1.px"
    ok $? "$2: the same pixels as $3"
}
same interlaced "an interlaced PNG" rgb.ppm
same rgb16 "a 16-bit RGB PNG" rgb.ppm
same alpha "an opaque RGBA PNG" rgb.ppm
mkpng gray gray.png
render_with gray.png >/dev/null 2>&1
pixels >gray.pgm
[ "$(pdfimages -list o/girls-diplomas.pdf | awk 'NR == 3 {print $6}')" = gray ]
ok $? "a grey PNG stays grey"
same gray16 "a 16-bit grey PNG (no gamma: as viewers show it)" gray.pgm
same gray-alpha "a grey PNG with alpha" gray.pgm
same bits1 "a 1-bit grey PNG" bits1.px
python3 -c 'import sys; sys.stdout.buffer.write(b"P6\n60 80\n255\n" + b"\xff" * 14400)' >white.ppm
same clear "a fully transparent PNG: the white of the paper" white.ppm
same palette-trns "a palette with transparency: white too" white.ppm
mkpng palette palette.png
expect_success "a palette PNG" render_with palette.png
expect_success "a JPEG named .png" render_with j-1.jpg
pdfimages -list o/girls-diplomas.pdf | awk 'NR == 3 {print $9}' >enc
[ "$(cat enc)" = jpeg ]
ok $? "embedded as the JPEG it is"
cmp -s j-1.jpg "$(pdfimages -j -f 1 -l 1 o/girls-diplomas.pdf jj && echo jj-000.jpg)"
ok $? "byte for byte"
expect_success "a progressive JPEG" render_with jp-1.jpg
[ "$(pdfimages -list o/girls-diplomas.pdf | awk 'NR > 2' | wc -l)" = 3 ]
ok $? "one background on each of the 3 pages"

# ---- build: refused the same way, nothing left in the archive

cp crc.png tpl/bg.png
expect_failure 65 "build with a damaged background" \
    env SEKRETAR_TEMPLATES=tpl "$SEKRETAR" build --archive arc "$ev"
expect_grep "build: at the template's line" \
    "^tpl/diploma-individual.ini:$l: error: the background image 'tpl/bg.png' is a damaged PNG file \(libpng: IDAT: CRC error\)$" "$err"
[ ! -e arc ]
ok $? "build: no archive folder left"
mkdir arc2
expect_failure 65 "build into an archive that exists" \
    env SEKRETAR_TEMPLATES=tpl "$SEKRETAR" build --archive arc2 "$ev"
[ -z "$(ls -A arc2)" ]
ok $? "build: the archive's folder as it was, no staging left"
cp rgb.png tpl/bg.png
expect_success "build with a good background" \
    env SEKRETAR_TEMPLATES=tpl "$SEKRETAR" build --archive arc "$ev"
done_testing
