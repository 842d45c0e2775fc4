/* tests/unit/t-pdffix: the repair of libharu's ToUnicode maps (the fonts'
 * cut is tested on real documents: tests/cli/3002-render-documents.t).
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "render/pdffix.h"
#include "util/deflate.h"
#include "util/strbuf.h"

/* A PDF as libharu lays it out: objects, an xref table, the trailer. */
static void sample(struct strbuf *sb)
{
    size_t off[6];
    int i;

    strbuf_addstr(sb, "%PDF-1.3\n%\xB7\xBE\xAD\xAA\n");
    off[1] = sb->len;
    strbuf_addstr(sb, "1 0 obj\n<<\n/Type /Catalog\n>>\nendobj\n");
    off[2] = sb->len;
    strbuf_addstr(sb, "2 0 obj\n<<\n/Type /Font\n/ToUnicode 3 0 R\n>>\nendobj\n");
    off[3] = sb->len;
    strbuf_addstr(sb, "3 0 obj\n<<\n/Length 4 0 R\n/Type /CMap\n>>\nstream\r\n"
                      "1 begincidrange\n<0000> <FFFF> 0\nendcidrange\n"
                      "\r\nendstream\nendobj\n");
    off[4] = sb->len;
    strbuf_addstr(sb, "4 0 obj\n44\nendobj\n");
    off[5] = sb->len;
    strbuf_addstr(sb, "5 0 obj\n<<\n/Producer (x)\n>>\nendobj\n");
    off[0] = sb->len;
    strbuf_addstr(sb, "xref\n0 6\n0000000000 65535 f\r\n");
    for (i = 1; i < 6; i++)
        strbuf_addf(sb, "%010zu 00000 n\r\n", off[i]);
    strbuf_addf(sb, "trailer\n<<\n/Root 1 0 R\n/Size 6\n>>\nstartxref\n%zu\n"
                    "%%%%EOF\n",
                off[0]);
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

/* Every xref entry points at "N 0 obj"; startxref at "xref". */
static int xref_ok(const struct strbuf *sb)
{
    const char *sx = has(sb, "startxref\n");
    const char *x;
    size_t xoff;
    int i;

    if (!sx)
        return 0;
    xoff = strtoul(sx + 10, NULL, 10);
    if (xoff >= sb->len || strncmp(sb->buf + xoff, "xref\n0 6\n", 9))
        return 0;
    x = sb->buf + xoff + 9 + 20;
    for (i = 1; i < 6; i++) {
        char want[32];
        size_t off = strtoul(x + 20 * (i - 1), NULL, 10);
        snprintf(want, sizeof(want), "%d 0 obj\n", i);
        if (off >= sb->len || strncmp(sb->buf + off, want, strlen(want)))
            return 0;
    }
    return 1;
}

int main(void)
{
    struct strbuf in = STRBUF_INIT, out = STRBUF_INIT, map = STRBUF_INIT;
    static uint32_t used[PDFFIX_USED_WORDS], more[PDFFIX_USED_WORDS];
    struct pdffix_font fonts[2] = {{"A", used}, {"B", more}};
    const char *len;

    used['a' / 32] |= 1u << ('a' % 32);       /* 0x00.. */
    used[0x0416 / 32] |= 1u << (0x0416 % 32); /* 0x04.. (Cyrillic) */
    more[0x2013 / 32] |= 1u << (0x2013 % 32); /* 0x20.. (dashes) */
    sample(&in);
    ok(xref_ok(&in), "the sample's own xref is right");
    is_int(pdffix(in.buf, in.len, fonts, 2, &out), 0, "repaired");
    ok(!has(&out, "begincidrange"), "the encoding CMap is gone");
    ok(xref_ok(&out), "the xref table points at every object again");
    len = has(&out, "4 0 obj\n");
    {
        const char *st = has(&out, "stream\r\n") + 8;
        const char *en = has(&out, "\r\nendstream");
        ok(len && (size_t)strtoul(len + 8, NULL, 10) == (size_t)(en - st),
           "the length object holds the new length");
        ok(en && !inflate_append(&map, st, (size_t)(en - st), 1 << 20),
           "the new map is a compressed stream");
    }
    ok(strstr(map.buf, "3 beginbfrange\n<0000> <00FF> <0000>\n"
                       "<0400> <04FF> <0400>\n<2000> <20FF> <2000>\n"
                       "endbfrange\n") != NULL,
       "an identity map for the high bytes used in any font");
    ok(strstr(map.buf, "/CMapType 2 def") != NULL, "a ToUnicode CMap");
    ok(has(&out, "/Producer (x)") != NULL, "other objects kept");
    ok(has(&out, "/Root 1 0 R") != NULL, "the trailer kept");
    strbuf_reset(&out);
    is_int(pdffix("not a pdf", 9, fonts, 2, &out), -1,
           "anything else is left alone");
    is_int(out.len, 0, "with nothing written");
    strbuf_setlen(&in, in.len - 12); /* cut startxref's number */
    is_int(pdffix(in.buf, in.len, fonts, 2, &out), -1,
           "a cut file is left alone");
    strbuf_release(&in);
    strbuf_release(&out);
    strbuf_release(&map);
    return done_testing();
}
