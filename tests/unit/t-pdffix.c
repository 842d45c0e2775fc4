/* tests/unit/t-pdffix: the repair of libharu's ToUnicode maps (the fonts'
 * cut is tested on real documents: tests/cli/3002-render-documents.t).
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "render/pdffix.h"
#include "util/deflate.h"
#include "util/strbuf.h"

/* A PDF as libharu lays it out: the n objects of body[] (each what comes
   between "k 0 obj\n" and "endobj"), an xref table, the trailer. */
static void pdf_of(struct strbuf *sb, const char *const *body, int n)
{
    size_t off[16], xref;
    int i;

    strbuf_addstr(sb, "%PDF-1.3\n%\xB7\xBE\xAD\xAA\n");
    for (i = 0; i < n && i < 16; i++) {
        off[i] = sb->len;
        strbuf_addf(sb, "%d 0 obj\n%sendobj\n", i + 1, body[i]);
    }
    xref = sb->len;
    strbuf_addf(sb, "xref\n0 %d\n0000000000 65535 f\r\n", n + 1);
    for (i = 0; i < n && i < 16; i++)
        strbuf_addf(sb, "%010zu 00000 n\r\n", off[i]);
    strbuf_addf(sb, "trailer\n<<\n/Root 1 0 R\n/Size %d\n>>\nstartxref\n%zu\n"
                    "%%%%EOF\n",
                n + 1, xref);
}

/* A font with a ToUnicode map (3) whose length is an object (4). */
static void sample(struct strbuf *sb)
{
    static const char *const body[] = {
        "<<\n/Type /Catalog\n>>\n",
        "<<\n/Type /Font\n/ToUnicode 3 0 R\n>>\n",
        "<<\n/Length 4 0 R\n/Type /CMap\n>>\nstream\r\n"
        "1 begincidrange\n<0000> <FFFF> 0\nendcidrange\n"
        "\r\nendstream\n",
        "44\n",
        "<<\n/Producer (x)\n>>\n",
    };

    pdf_of(sb, body, 5);
}

/* A page's content as libharu leaves it with compression off: a plain
   stream (object 2) whose length is an object of its own (3). */
static void sample_plain(struct strbuf *sb)
{
    static const char *const body[] = {
        "<<\n/Type /Catalog\n>>\n",
        "<<\n/Length 3 0 R\n>>\nstream\r\n"
        "BT /F1 12 Tf 10 10 Td <0041> Tj ET\r\nendstream\n",
        "34\n",
    };

    pdf_of(sb, body, 3);
}

/* needle in sb (which may hold compressed, NUL-carrying streams). */
static const char *has(const struct strbuf *sb, const char *needle)
{
    size_t k = strlen(needle), i;

    for (i = 0; i + k <= sb->len; i++)
        if (!memcmp(sb->buf + i, needle, k))
            return sb->buf + i;
    return NULL;
}

/* The data of the stream object at o (its "stream" to "endstream"),
   inflated into out.  0 or -1. */
static int stream_at(const struct strbuf *sb, const char *o, struct strbuf *out)
{
    const char *st = o ? strstr(o, "stream\r\n") : NULL;
    const char *len = o ? strstr(o, "/Length ") : NULL;
    char *next;
    size_t n;

    if (!st || !len || len > st)
        return -1;
    n = strtoul(len + 8, &next, 10);
    st += 8;
    if (!strncmp(next, " 0 R", 4)) { /* an indirect length: to endstream */
        const char *en = has(sb, "\r\nendstream");
        while (en && en < st)
            en = strstr(en + 1, "\r\nendstream");
        if (!en)
            return -1;
        n = (size_t)(en - st);
    }
    if ((size_t)(st - sb->buf) + n > sb->len)
        return -1;
    strbuf_reset(out);
    return inflate_append(out, st, n, 1 << 20);
}

/*
 * The cross-reference stream that startxref names lists objects 1-5 and
 * the object stream and itself: each one in the file at "N 0 obj", or
 * the N-th of the object stream, whose header names it so.
 */
static int xref_ok(const struct strbuf *sb)
{
    const char *sx = has(sb, "startxref\n"), *x;
    struct strbuf xs = STRBUF_INIT, os = STRBUF_INIT;
    const unsigned char *e;
    int i, good = 1, in_file = 0, packed = 0;

    if (!sx)
        return 0;
    x = sb->buf + strtoul(sx + 10, NULL, 10);
    if (x >= sb->buf + sb->len || strncmp(x, "7 0 obj\n<< /Type /XRef /Size 8 "
                                             "/W [ 1 4 2 ] /Root 1 0 R ",
                                          48) ||
        stream_at(sb, x, &xs) || xs.len != 8 * 7)
        return 0;
    e = (const unsigned char *)xs.buf;
    if (e[0] != 0 || e[5] != 0xFF || e[6] != 0xFF)
        good = 0;
    for (i = 1; i < 8 && good; i++) {
        const unsigned char *f = e + 7 * i;
        size_t f2 = (size_t)f[1] << 24 | (size_t)f[2] << 16 |
                    (size_t)f[3] << 8 | f[4];
        unsigned f3 = (unsigned)f[5] << 8 | f[6];
        char want[32];
        if (f[0] == 1) {
            snprintf(want, sizeof(want), "%d 0 obj\n", i);
            good = f2 < sb->len && !strncmp(sb->buf + f2, want, strlen(want));
            in_file++;
        } else if (f[0] == 2) {
            /* the object stream's header: "N offset N offset ..." */
            const char *h;
            unsigned k;
            char *next;
            if (f2 != 6 || stream_at(sb, has(sb, "6 0 obj\n<< /Type /ObjStm"),
                                     &os))
                return 0;
            for (h = os.buf, k = 0; k < f3; k++) {
                strtoul(h, &next, 10);
                strtoul(next, &next, 10);
                h = next;
            }
            good = strtoul(h, NULL, 10) == (unsigned long)i;
            packed++;
        } else
            good = 0;
    }
    strbuf_release(&xs);
    strbuf_release(&os);
    /* the ToUnicode map (3) in the file with the object stream and the
       xref; the catalogue, font, length and info objects packed */
    return good && in_file == 3 && packed == 4;
}

/* The body of object k in the object stream os (header "k off ...",
   the bodies from first on), up to its line's end; "" when absent. */
static void packed_body(const struct strbuf *os, size_t first, unsigned long k,
                        char *out, size_t n)
{
    const char *h = os->buf;
    char *next;

    snprintf(out, n, "%s", "");
    while (h < os->buf + first) {
        unsigned long num = strtoul(h, &next, 10), off;
        if (next == h)
            return;
        off = strtoul(next, &next, 10);
        h = next;
        if (num == k && first + off < os->len) {
            const char *b = os->buf + first + off;
            snprintf(out, n, "%.*s", (int)strcspn(b, "\n"), b);
            return;
        }
    }
}

int main(void)
{
    struct strbuf in = STRBUF_INIT, out = STRBUF_INIT, map = STRBUF_INIT,
                  os = STRBUF_INIT;
    static uint32_t used[PDFFIX_USED_WORDS], more[PDFFIX_USED_WORDS];
    struct pdffix_font fonts[2] = {{"A", used}, {"B", more}};
    const char *st, *at;
    char body[64], want[64];
    size_t first = 0;

    used['a' / 32] |= 1u << ('a' % 32);       /* 0x00.. */
    used[0x0416 / 32] |= 1u << (0x0416 % 32); /* 0x04.. (Cyrillic) */
    more[0x2013 / 32] |= 1u << (0x2013 % 32); /* 0x20.. (dashes) */
    sample(&in);
    is_int(pdffix(in.buf, in.len, fonts, 2, &out), 0, "repaired");
    ok(!has(&out, "begincidrange"), "the encoding CMap is gone");
    ok(xref_ok(&out), "the xref stream points at every object again, in "
                      "the file or in the object stream");
    ok(!strncmp(out.buf, "%PDF-1.5\n", 9), "a PDF 1.5 (object streams)");
    st = has(&out, "3 0 obj\n<<\n/Length 4 0 R\n");
    ok(st && !stream_at(&out, st, &map), "the new map is a compressed stream");
    at = has(&out, "6 0 obj\n<< /Type /ObjStm /N 4 /First ");
    if (at)
        first = strtoul(at + strlen("6 0 obj\n<< /Type /ObjStm /N 4 /First "),
                        NULL, 10);
    ok(at && !stream_at(&out, at, &os), "the other four in one object stream");
    packed_body(&os, first, 4, body, sizeof(body));
    {
        /* the map's compressed length: its stream's bytes in the file */
        const char *s0 = st ? strstr(st, "stream\r\n") + 8 : NULL;
        const char *s1 = has(&out, "\r\nendstream");
        snprintf(want, sizeof(want), "%zu",
                 s0 && s1 ? (size_t)(s1 - s0) : (size_t)0);
    }
    is_str(body, want, "the length object holds the new length");
    packed_body(&os, first, 1, body, sizeof(body));
    is_str(body, "<<", "the catalogue packed as it was");
    ok(strstr(map.buf, "3 beginbfrange\n<0000> <00FF> <0000>\n"
                       "<0400> <04FF> <0400>\n<2000> <20FF> <2000>\n"
                       "endbfrange\n") != NULL,
       "an identity map for the high bytes used in any font");
    ok(strstr(map.buf, "/CMapType 2 def") != NULL, "a ToUnicode CMap");
    ok(strstr(os.buf, "/Producer (x)") != NULL, "other objects kept");
    ok(has(&out, "/Root 1 0 R") != NULL, "the trailer kept");
    strbuf_reset(&out);
    is_int(pdffix("not a pdf", 9, fonts, 2, &out), -1,
           "anything else is left alone");
    is_int(out.len, 0, "with nothing written");
    /* A plain stream is deflated, with its length direct. */
    {
        struct strbuf plain = STRBUF_INIT, fixed = STRBUF_INIT,
                      data = STRBUF_INIT, objs = STRBUF_INIT;
        const char *o2, *os;
        sample_plain(&plain);
        is_int(pdffix(plain.buf, plain.len, fonts, 2, &fixed), 0,
               "a file with a plain content stream is repaired");
        o2 = has(&fixed, "2 0 obj\n<<\n/Length ");
        ok(o2 && strstr(o2, "/Filter [ /FlateDecode ]") &&
               !stream_at(&fixed, o2, &data) &&
               !strcmp(data.buf, "BT /F1 12 Tf 10 10 Td <0041> Tj ET"),
           "the content is deflated and inflates to what it was");
        os = has(&fixed, "4 0 obj\n<< /Type /ObjStm /N 1 ");
        ok(os && !stream_at(&fixed, os, &objs) && !strncmp(objs.buf, "1 0 ", 4),
           "only the catalogue is packed: the length object is dropped");
        ok(!has(&fixed, "3 0 obj"), "and is nowhere in the file");
        strbuf_release(&plain);
        strbuf_release(&fixed);
        strbuf_release(&data);
        strbuf_release(&objs);
    }
    /* No "%PDF-1." before the first object: nothing it could write. */
    {
        struct strbuf bad = STRBUF_INIT, fixed = STRBUF_INIT;
        sample(&bad);
        bad.buf[1] = 'X';
        is_int(pdffix(bad.buf, bad.len, fonts, 2, &fixed), -1,
               "a file without its PDF header is left alone");
        is_int(fixed.len, 0, "and nothing is written for it");
        strbuf_release(&bad);
        strbuf_release(&fixed);
    }
    strbuf_setlen(&in, in.len - 12); /* cut startxref's number */
    is_int(pdffix(in.buf, in.len, fonts, 2, &out), -1,
           "a cut file is left alone");
    strbuf_release(&in);
    strbuf_release(&out);
    strbuf_release(&map);
    strbuf_release(&os);
    return done_testing();
}
