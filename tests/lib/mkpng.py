# tests/lib/mkpng.py: PNG files of every kind, good and bad, for the tests
# of images (tests/cli/3017-render-images.t) and the fuzz seeds.
# SPDX-License-Identifier: MIT
#
# usage: python3 mkpng.py KIND OUT
#   rgb gray gray16 rgb16 palette palette-trns interlaced alpha clear
#   gray-alpha bits1                      good files (60 x 80 unless said)
#   truncated crc empty huge-header enormous bad-filter  damaged ones
import struct
import sys
import zlib

SIG = b'\x89PNG\r\n\x1a\n'
W, H = 60, 80


def chunk(t, d, crc=None):
    c = zlib.crc32(t + d) & 0xffffffff if crc is None else crc
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', c)


def sample(x, y, i, depth):
    """The value of sample i of pixel (x, y): the same in every layout."""
    v = (x * 7 + y * 3 + i * 50) % 256
    if depth == 16:
        return v * 257
    if depth < 8:
        return v >> (8 - depth)
    return v


def row(y, xs, spp, depth, alpha=None):
    """Pixels xs of row y packed at depth bits per sample."""
    bits = []
    for x in xs:
        for i in range(spp):
            if alpha is not None and i == spp - 1:
                bits.append((alpha, depth))
            else:
                bits.append((sample(x, y, i, depth), depth))
    out = bytearray()
    acc = n = 0
    for v, d in bits:
        acc = acc << d | v
        n += d
        while n >= 8:
            out.append(acc >> (n - 8) & 0xff)
            n -= 8
    if n:
        out.append(acc << (8 - n) & 0xff)
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
         (1, 0, 2, 2), (0, 1, 1, 2)]


def png(w=W, h=H, depth=8, ctype=2, interlace=0, plte=None, trns=None,
        alpha=None, filt=0):
    spp = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    raw = b''
    if not interlace:
        for y in range(h):
            raw += bytes([filt]) + row(y, range(w), spp, depth, alpha)
    else:
        for x0, y0, dx, dy in ADAM7:
            xs = list(range(x0, w, dx))
            if not xs:
                continue
            for y in range(y0, h, dy):
                raw += b'\x00' + row(y, xs, spp, depth, alpha)
    out = SIG + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ctype, 0,
                                           0, interlace))
    if plte is not None:
        out += chunk(b'PLTE', plte)
    if trns is not None:
        out += chunk(b'tRNS', trns)
    return out + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')


def main():
    kind, name = sys.argv[1], sys.argv[2]
    grey_palette = bytes(v for i in range(256) for v in (i, i, i))
    if kind == 'rgb':
        d = png()
    elif kind == 'gray':
        d = png(ctype=0)
    elif kind == 'gray16':
        d = png(ctype=0, depth=16)
    elif kind == 'rgb16':
        d = png(depth=16)
    elif kind == 'palette':
        d = png(ctype=3, plte=grey_palette)
    elif kind == 'palette-trns':
        d = png(ctype=3, plte=grey_palette, trns=b'\x00' * 256)
    elif kind == 'interlaced':
        d = png(interlace=1)
    elif kind == 'alpha':
        d = png(ctype=6, alpha=255)
    elif kind == 'clear':
        d = png(ctype=6, alpha=0)
    elif kind == 'gray-alpha':
        d = png(ctype=4, alpha=255)
    elif kind == 'bits1':
        d = png(ctype=0, depth=1)
    elif kind == 'truncated':
        d = png()[:100]
    elif kind == 'crc':
        d = bytearray(png())
        i = d.index(b'IDAT')
        n = struct.unpack('>I', d[i - 4:i])[0]
        d[i + 4 + n] ^= 0xff
        d = bytes(d)
    elif kind == 'empty':
        d = b''
    elif kind == 'huge-header':
        d = (SIG + chunk(b'IHDR', struct.pack('>IIBBBBB', 30000, 30000, 8, 2,
                                              0, 0, 0)) +
             chunk(b'IDAT', zlib.compress(b'\0' * 1000)) + chunk(b'IEND', b''))
    elif kind == 'enormous':
        # A valid file of 6000 x 6000 grey pixels, 36 million, in 50 kB.
        n = 6000
        z = zlib.compressobj(9)
        data = b''.join(z.compress(b'\0' + b'\x80' * n) for _ in range(n))
        data += z.flush()
        d = (SIG + chunk(b'IHDR', struct.pack('>IIBBBBB', n, n, 8, 0, 0, 0,
                                              0)) +
             chunk(b'IDAT', data) + chunk(b'IEND', b''))
    elif kind == 'bad-filter':
        d = png(filt=9)
    else:
        sys.exit('mkpng: unknown kind ' + kind)
    with open(name, 'wb') as f:
        f.write(d)


main()
