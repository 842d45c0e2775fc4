#!/usr/bin/env python3
# tests/lib/pdf-fonts.py FILE.pdf: the embedded TrueType programs of a PDF
# as Sekretar writes it (FontFile2 streams, FlateDecode, a direct or an
# indirect /Length): prints "N fonts, glyphs G at most, B bytes at most"
# (G: the largest maxp.numGlyphs, B: the largest compressed stream), then
# "tables T" (the tables of every program, in order, once each) and
# "N ToUnicode maps" (the distinct streams the fonts point at), and
# exits 1 when a program cannot be inflated or is not a TrueType font.
# SPDX-License-Identifier: MIT
import re
import struct
import sys
import zlib

pdf = open(sys.argv[1], "rb").read()


def length(m):
    if m.group(2):
        obj = re.search(rb"(?:^|\n)" + m.group(1) + rb" 0 obj\s+(\d+)", pdf)
        return int(obj.group(1))
    return int(m.group(1))


n = glyphs = biggest = 0
all_tables = []
for m in re.finditer(rb"<<\s*/Length (\d+)( 0 R)?\s*/Length1 \d+", pdf):
    start = pdf.index(b"stream", m.end()) + 6
    start += 2 if pdf[start:start + 2] == b"\r\n" else 1
    size = length(m)
    font = zlib.decompress(pdf[start:start + size])
    if font[:4] != b"\x00\x01\x00\x00":
        sys.exit(1)
    tables = {}
    for i in range(struct.unpack(">H", font[4:6])[0]):
        tag, _, off, ln = struct.unpack(">4sIII", font[12 + 16 * i:28 + 16 * i])
        tables[tag] = off
        if tag not in all_tables:
            all_tables.append(tag)
    glyphs = max(glyphs, struct.unpack(">H", font[tables[b"maxp"] + 4:tables[b"maxp"] + 6])[0])
    biggest = max(biggest, size)
    n += 1
print("%d fonts, glyphs %d at most, %d bytes at most" % (n, glyphs, biggest))
print("tables " + " ".join(sorted(t.decode().strip() for t in all_tables)))
# the objects packed in object streams, and those outside them
objects = [pdf]
for m in re.finditer(rb"/Type /ObjStm[^>]*/Length (\d+)[^>]*>>\s*stream\r?\n", pdf):
    objects.append(zlib.decompress(pdf[m.end():m.end() + int(m.group(1))]))
maps = set()
for text in objects:
    maps.update(re.findall(rb"/ToUnicode (\d+) 0 R", text))
print("%d ToUnicode maps" % len(maps))
