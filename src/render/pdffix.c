/* render/pdffix: repair what libharu 2.3.0 writes wrong in a finished PDF,
 * and cut its fonts down to what the document shows.
 * SPDX-License-Identifier: MIT
 */
#include "render/pdffix.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render/fontsubset.h"
#include "util/deflate.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* An object's place in the file, to walk the objects in file order. */
struct place {
    size_t off;
    long idx;
};

static int cmp_place(const void *a, const void *b)
{
    const struct place *x = a, *y = b;
    return x->off < y->off ? -1 : x->off > y->off;
}

/* One indirect object: where it starts and ends in the original, and what
   replaces it. */
struct obj {
    size_t off, end;
    size_t head; /* the end of its dictionary and "stream" keyword */
    int fix;      /* 1: a ToUnicode stream; 2: its length object; 3: repl;
                     4: dropped (the length of a font program replaced) */
    int length;   /* for a ToUnicode stream: its length object's number */
    struct strbuf repl; /* the whole new object when fix is 3 */
};

static const char *find(const char *hay, size_t n, size_t from,
                        const char *needle)
{
    size_t k = strlen(needle);
    const char *p = hay + from, *end = hay + n;

    while (p + k <= end) {
        p = memchr(p, needle[0], (size_t)(end - p) - k + 1);
        if (!p)
            return NULL;
        if (!memcmp(p, needle, k))
            return p;
        p++;
    }
    return NULL;
}

static long read_long(const char *s, const char *end, const char **after)
{
    long v = 0;
    int digits = 0;

    while (s < end && (*s == ' ' || *s == '\r' || *s == '\n'))
        s++;
    while (s < end && *s >= '0' && *s <= '9' && digits < 12) {
        v = v * 10 + (*s - '0');
        s++;
        digits++;
    }
    if (after)
        *after = s;
    return digits ? v : -1;
}

/* The identity ToUnicode CMap for the high bytes of the code points used. */
static void identity_cmap(const uint32_t *cps, size_t ncps,
                          struct strbuf *out)
{
    unsigned used[8] = {0};
    size_t c;
    int h;

    for (c = 0; c < ncps; c++)
        used[(cps[c] >> 8) / 32] |= 1u << ((cps[c] >> 8) % 32);

    strbuf_addstr(out, "/CIDInit /ProcSet findresource begin\n"
                       "12 dict begin\nbegincmap\n"
                       "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) "
                       "/Supplement 0 >> def\n"
                       "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                       "1 begincodespacerange\n<0000> <FFFF>\n"
                       "endcodespacerange\n");
    /* At most 100 entries per block, as the CMap specification asks. */
    for (h = 0; h < 256;) {
        int k = 0, i;
        for (i = h; i < 256 && k < 100; i++)
            if (used[i / 32] & (1u << (i % 32)))
                k++;
        if (!k)
            break;
        strbuf_addf(out, "%d beginbfrange\n", k);
        for (k = 0; h < 256 && k < 100; h++)
            if (used[h / 32] & (1u << (h % 32))) {
                strbuf_addf(out, "<%02X00> <%02XFF> <%02X00>\n", h, h, h);
                k++;
            }
        strbuf_addstr(out, "endbfrange\n");
    }
    strbuf_addstr(out, "endcmap\nCMapName currentdict /CMap defineresource "
                       "pop\nend\nend\n");
}

/* needle in object o's dictionary in the original (from "k 0 obj" to its
   stream's data, or to its end). */
static const char *obj_find(const char *pdf, const struct obj *o,
                            const char *needle)
{
    return find(pdf, o->head, o->off, needle);
}

/* "/Key N 0 R" in object o: N, or -1. */
static long obj_ref(const char *pdf, const struct obj *o, const char *key,
                    long count)
{
    const char *k = obj_find(pdf, o, key);
    long v;

    if (!k)
        return -1;
    v = read_long(k + strlen(key), pdf + o->end, NULL);
    return v > 0 && v < count ? v : -1;
}

/* The data of stream object k: its /Length, direct or an object. */
static int stream_data(const char *pdf, const struct obj *objs, long count,
                       long k, const char **data, size_t *len)
{
    const struct obj *o = &objs[k];
    const char *l = obj_find(pdf, o, "/Length "), *after, *st;
    long v;

    if (!l)
        return -1;
    v = read_long(l + 8, pdf + o->end, &after);
    if (v < 0)
        return -1;
    if (after + 4 <= pdf + o->end && !memcmp(after, " 0 R", 4)) {
        if (v <= 0 || v >= count || !objs[v].off)
            return -1;
        after = obj_find(pdf, &objs[v], " obj");
        if (!after)
            return -1;
        v = read_long(after + 4, pdf + objs[v].end, NULL);
        if (v < 0)
            return -1;
    }
    st = obj_find(pdf, o, "stream");
    if (!st)
        return -1;
    st += 6;
    if (st < pdf + o->end && *st == '\r')
        st++;
    if (st < pdf + o->end && *st == '\n')
        st++;
    if ((size_t)v > o->end - (size_t)(st - pdf))
        return -1;
    *data = st;
    *len = (size_t)v;
    return 0;
}

/* The object holding the /Length of stream object k when it is an
   indirect one ("/Length 18 0 R"), else -1. */
static long indirect_length(const char *pdf, const struct obj *objs,
                            long count, long k)
{
    const char *l = obj_find(pdf, &objs[k], "/Length "), *after;
    long v = l ? read_long(l + 8, pdf + objs[k].end, &after) : -1;

    if (v > 0 && v < count && after + 4 <= pdf + objs[k].end &&
        !memcmp(after, " 0 R", 4))
        return v;
    return -1;
}

/* Object k as a compressed stream of len bytes of data at level, its
   dictionary holding extra (whole lines) and a direct length; the object
   that held its length before, if any, is dropped. */
static void put_stream(const char *pdf, struct obj *objs, long count, long k,
                       const char *extra, const void *data, size_t len,
                       int level)
{
    struct obj *o = &objs[k];
    long lo = indirect_length(pdf, objs, count, k);
    struct strbuf z = STRBUF_INIT;

    deflate_append(&z, data, len, level);
    strbuf_reset(&o->repl);
    strbuf_addf(&o->repl,
                "%ld 0 obj\n<<\n/Length %zu\n%s/Filter [ /FlateDecode ]\n>>\n"
                "stream\r\n",
                k, z.len, extra);
    strbuf_addbuf(&o->repl, &z);
    strbuf_addstr(&o->repl, "\r\nendstream\nendobj\n");
    o->fix = 3;
    if (lo > 0 && !objs[lo].fix)
        objs[lo].fix = 4;
    strbuf_release(&z);
}

/* Bounds of the array after key ("/W [ ... ]") in object o. */
static int array_span(const char *pdf, const struct obj *o, const char *key,
                      size_t *from, size_t *to)
{
    const char *k = obj_find(pdf, o, key), *c;
    int depth = 0;

    if (!k)
        return -1;
    for (c = k + strlen(key); c < pdf + o->end; c++)
        if (*c == '[')
            depth++;
        else if (*c == ']' && --depth == 0) {
            *from = (size_t)(k - pdf);
            *to = (size_t)(c + 1 - pdf);
            return 0;
        } else if (!depth && *c != ' ' && *c != '\n' && *c != '\r')
            return -1;
    return -1;
}

/* The widths of the W array pdf[from..to) ("c [w w ...] ..."), by code. */
static void read_widths(const char *pdf, size_t from, size_t to, int *wid)
{
    const char *c = pdf + from, *end = pdf + to;

    c = memchr(c, '[', (size_t)(end - c));
    if (!c)
        return;
    c++;
    for (;;) {
        long first = read_long(c, end, &c);
        if (first < 0)
            return;
        while (c < end && *c == ' ')
            c++;
        if (c >= end || *c != '[')
            return;
        for (c++;;) {
            long w;
            while (c < end && (*c == ' ' || *c == '\n'))
                c++;
            if (c < end && *c == ']') {
                c++;
                break;
            }
            w = read_long(c, end, &c);
            if (w < 0)
                return;
            if (first >= 0 && first < 0x10000)
                wid[first] = (int)w;
            first++;
        }
    }
}

/*
 * Stream object k, which libharu wrote without a filter (its pages'
 * content: Sekretar compresses it faster than libharu's zlib), as a
 * compressed stream with a direct length; its length object is dropped.
 * Returns 0, or -1 (the object stays as it is).
 */
static int compress_plain(const char *pdf, struct obj *objs, long count,
                          long k)
{
    struct obj *o = &objs[k];
    const char *d = obj_find(pdf, o, "<<"), *e = obj_find(pdf, o, ">>\nstream");
    const char *data, *line;
    size_t len;
    struct strbuf dict = STRBUF_INIT;

    if (!d || !e || e < d || obj_find(pdf, o, "/Filter") ||
        stream_data(pdf, objs, count, k, &data, &len))
        return -1;
    /* The dictionary's lines but its length: libharu writes one a line. */
    for (line = d + 2; line < e;) {
        const char *nl = memchr(line, '\n', (size_t)(e - line));
        const char *end = nl ? nl : e;
        if (end > line && strncmp(line, "/Length ", 8)) {
            strbuf_add(&dict, line, (size_t)(end - line));
            strbuf_addch(&dict, '\n');
        }
        line = end + 1;
    }
    put_stream(pdf, objs, count, k, dict.buf ? dict.buf : "", data, len,
               DEFLATE_CONTENT);
    strbuf_release(&dict);
    return 0;
}

/*
 * Cut the font of CIDFont object k to the code points cps[] (ascending):
 * its FontFile2 subset, a CIDToGIDMap for the new glyph numbers, a W array
 * of the codes shown.  Returns 0, or -1 (the font is left as it was).
 */
static int cut_font(const char *pdf, struct obj *objs, long count, long k,
                    const uint32_t *cps, size_t ncps)
{
    long map = obj_ref(pdf, &objs[k], "/CIDToGIDMap ", count);
    long desc = obj_ref(pdf, &objs[k], "/FontDescriptor ", count);
    long file = desc > 0 ? obj_ref(pdf, &objs[desc], "/FontFile2 ", count)
                         : -1;
    const char *data;
    size_t len, wfrom, wto, i, run;
    struct strbuf ttf = STRBUF_INIT, font = STRBUF_INIT, sb = STRBUF_INIT;
    unsigned *gids = NULL;
    int *wid = NULL, ret = -1;
    uint32_t top = 0;

    if (map < 0 || file < 0 || objs[map].fix || objs[file].fix ||
        array_span(pdf, &objs[k], "/W ", &wfrom, &wto) ||
        stream_data(pdf, objs, count, file, &data, &len))
        goto out;
    /* libharu writes the font program plain (or, compressing, deflated) */
    if (obj_find(pdf, &objs[file], "/FlateDecode")) {
        if (inflate_append(&ttf, data, len, 64u << 20))
            goto out;
    } else if (obj_find(pdf, &objs[file], "/Filter")) {
        goto out;
    } else {
        strbuf_add(&ttf, data, len);
    }
    gids = xcalloc(ncps ? ncps : 1, sizeof(*gids));
    if (font_subset(ttf.buf, ttf.len, cps, ncps, &font, gids))
        goto out;
    wid = xmallocarray(0x10000, sizeof(*wid));
    for (i = 0; i < 0x10000; i++)
        wid[i] = -1;
    read_widths(pdf, wfrom, wto, wid);

    /* The font program. */
    strbuf_addf(&sb, "/Length1 %zu\n", font.len);
    put_stream(pdf, objs, count, file, sb.buf, font.buf, font.len,
               DEFLATE_BEST);
    /* Code (the character's code point) to glyph: two bytes a code. */
    for (i = 0; i < ncps; i++)
        if (gids[i] && cps[i] > top)
            top = cps[i];
    strbuf_reset(&sb);
    strbuf_grow(&sb, 2 * ((size_t)top + 1));
    memset(sb.buf, 0, 2 * ((size_t)top + 1));
    strbuf_setlen(&sb, 2 * ((size_t)top + 1));
    for (i = 0; i < ncps; i++)
        if (gids[i]) {
            sb.buf[2 * cps[i]] = (char)(gids[i] >> 8);
            sb.buf[2 * cps[i] + 1] = (char)(gids[i] & 0xFF);
        }
    put_stream(pdf, objs, count, map, "", sb.buf, sb.len, DEFLATE_BEST);
    /* The dictionary with a W array of the codes shown. */
    strbuf_reset(&sb);
    strbuf_add(&sb, pdf + objs[k].off, wfrom - objs[k].off);
    strbuf_addstr(&sb, "/W [");
    for (i = 0; i < ncps; i = run) {
        size_t j;
        for (run = i; run < ncps && gids[run] && wid[cps[run]] >= 0 &&
                      (run == i || cps[run] == cps[run - 1] + 1);
             run++)
            ;
        if (run == i) {
            run = i + 1;
            continue;
        }
        strbuf_addf(&sb, " %u [", (unsigned)cps[i]);
        for (j = i; j < run; j++)
            strbuf_addf(&sb, " %d", wid[cps[j]]);
        strbuf_addstr(&sb, " ]");
    }
    strbuf_addstr(&sb, " ]");
    strbuf_add(&sb, pdf + wto, objs[k].end - wto);
    {
        struct strbuf t = objs[k].repl;
        objs[k].repl = sb;
        sb = t;
    }
    objs[k].fix = 3;
    ret = 0;
out:
    free(gids);
    free(wid);
    strbuf_release(&ttf);
    strbuf_release(&font);
    strbuf_release(&sb);
    return ret;
}

/* The code points (ascending) set in any of the bitmaps bits[0..nb). */
static size_t code_points(const uint32_t *const *bits, size_t nb,
                          uint32_t *cps)
{
    size_t n = 0, b, w;
    uint32_t c;

    for (w = 0; w < PDFFIX_USED_WORDS; w++) {
        uint32_t any = 0;
        for (b = 0; b < nb; b++)
            any |= bits[b][w];
        for (c = 0; any; c++, any >>= 1)
            if (any & 1)
                cps[n++] = (uint32_t)(w * 32 + c);
    }
    return n;
}

/* The code points of CIDFont object k: of its fonts[] entry, else all. */
static size_t font_code_points(const char *pdf, const struct obj *o,
                               const struct pdffix_font *fonts,
                               size_t nfonts, uint32_t *cps)
{
    const char *b = obj_find(pdf, o, "/BaseFont /"), *plus, *e;
    const uint32_t *all[16];
    size_t i, n = 0;

    if (b) {
        b += 11;
        for (e = b; e < pdf + o->end && *e != '\n' && *e != ' ' &&
                    *e != '/' && *e != '>';
             e++)
            ;
        plus = memchr(b, '+', (size_t)(e - b));
        if (plus)
            b = plus + 1;
        for (i = 0; i < nfonts; i++)
            if (strlen(fonts[i].name) == (size_t)(e - b) &&
                !memcmp(fonts[i].name, b, (size_t)(e - b)) && n < 16)
                all[n++] = fonts[i].used;
    }
    if (!n)
        for (i = 0; i < nfonts && n < 16; i++)
            all[n++] = fonts[i].used;
    return code_points(all, n, cps);
}

/* The body of a whole object's text t ("k 0 obj\n...\nendobj\n"): what
   lies between the two, without the white space around it. */
static void obj_body(const struct strbuf *t, const char **b, size_t *n)
{
    const char *s = t->buf, *e = t->buf + t->len;

    s = find(s, t->len, 0, " obj");
    s = s ? s + 4 : t->buf;
    while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' '))
        e--;
    if (e - s >= 6 && !memcmp(e - 6, "endobj", 6))
        e -= 6;
    while (s < e && (*s == '\n' || *s == '\r' || *s == ' '))
        s++;
    while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' '))
        e--;
    *b = s;
    *n = (size_t)(e - s);
}

static int is_stream(const char *b, size_t n)
{
    return n >= 9 && !memcmp(b + n - 9, "endstream", 9);
}

static void put_field(struct strbuf *x, int type, size_t f2, unsigned f3)
{
    strbuf_addch(x, (char)type);
    strbuf_addch(x, (char)(f2 >> 24 & 0xFF));
    strbuf_addch(x, (char)(f2 >> 16 & 0xFF));
    strbuf_addch(x, (char)(f2 >> 8 & 0xFF));
    strbuf_addch(x, (char)(f2 & 0xFF));
    strbuf_addch(x, (char)(f3 >> 8 & 0xFF));
    strbuf_addch(x, (char)(f3 & 0xFF));
}

/*
 * Write the file as PDF 1.5 does it: the stream objects as they are, every
 * other object in one compressed object stream, and the cross-reference
 * table as a compressed stream with the trailer's entries (libharu's
 * dictionaries and its 20-byte xref lines are a fifth of a small
 * document).  Object count is the object stream, count + 1 the xref.
 */
static int pack(const char *pdf, size_t head, struct obj *objs, long count,
                const struct place *order, size_t norder, const char *trailer,
                const char *startxref, struct strbuf *out)
{
    struct strbuf idx = STRBUF_INIT, bodies = STRBUF_INIT, z = STRBUF_INIT,
                  x = STRBUF_INIT;
    const char *v, *d, *de;
    size_t *off = xcalloc((size_t)count + 2, sizeof(*off));
    long *slot = xcalloc((size_t)count + 2, sizeof(*slot));
    long i, packed = 0;
    size_t xoff;

    /* The header, at PDF 1.5 (object and xref streams). */
    v = find(pdf, head, 0, "%PDF-1.");
    if (!v || (size_t)(v - pdf) + 8 > head) {
        free(off);
        free(slot);
        return -1;
    }
    strbuf_add(out, pdf, head);
    if (out->buf[v - pdf + 7] < '5')
        out->buf[v - pdf + 7] = '5';
    for (i = 0; i < count + 2; i++)
        slot[i] = -1;
    for (i = 0; i < (long)norder; i++) {
        long k = order[i].idx;
        const char *b;
        size_t n;
        if (objs[k].fix == 4)
            continue;
        obj_body(&objs[k].repl, &b, &n);
        if (is_stream(b, n)) {
            off[k] = out->len;
            strbuf_addbuf(out, &objs[k].repl);
        } else {
            strbuf_addf(&idx, "%ld %zu ", k, bodies.len);
            strbuf_add(&bodies, b, n);
            strbuf_addch(&bodies, '\n');
            slot[k] = packed++;
        }
    }
    strbuf_addbuf(&idx, &bodies);
    deflate_append(&z, idx.buf, idx.len, DEFLATE_BEST);
    off[count] = out->len;
    strbuf_addf(out,
                "%ld 0 obj\n<< /Type /ObjStm /N %ld /First %zu /Length %zu "
                "/Filter /FlateDecode >>\nstream\r\n",
                count, packed, idx.len - bodies.len, z.len);
    strbuf_addbuf(out, &z);
    strbuf_addstr(out, "\r\nendstream\nendobj\n");

    /* The xref stream: free, in the file (1) or in the object stream (2). */
    for (i = 0; i < count + 2; i++) {
        if (i == 0)
            put_field(&x, 0, 0, 65535);
        else if (slot[i] >= 0)
            put_field(&x, 2, (size_t)count, (unsigned)slot[i]);
        else if (off[i] || i == count + 1)
            put_field(&x, 1, i == count + 1 ? out->len : off[i], 0);
        else
            put_field(&x, 0, 0, 0);
    }
    strbuf_reset(&z);
    deflate_append(&z, x.buf, x.len, DEFLATE_BEST);
    xoff = out->len;
    strbuf_addf(out, "%ld 0 obj\n<< /Type /XRef /Size %ld /W [ 1 4 2 ] ",
                count + 1, count + 2);
    /* The trailer's entries but /Size: "/Root 1 0 R", "/Info 3 0 R", ... */
    d = find(pdf, (size_t)(startxref - pdf), (size_t)(trailer - pdf), "<<");
    de = d ? d + 2 : startxref;
    while (d && de < startxref) {
        const char *nl = memchr(de, '\n', (size_t)(startxref - de));
        const char *end = nl ? nl : startxref;
        if (end > de && *de == '/' && !(end - de >= 5 && !memcmp(de, "/Size", 5))) {
            strbuf_add(out, de, (size_t)(end - de));
            strbuf_addch(out, ' ');
        }
        de = end + 1;
    }
    strbuf_addf(out, "/Filter /FlateDecode /Length %zu >>\nstream\r\n", z.len);
    strbuf_addbuf(out, &z);
    strbuf_addf(out, "\r\nendstream\nendobj\nstartxref\n%zu\n%%%%EOF\n", xoff);
    strbuf_release(&idx);
    strbuf_release(&bodies);
    strbuf_release(&z);
    strbuf_release(&x);
    free(off);
    free(slot);
    return 0;
}

/* Object o as it was, into t, with its "/ToUnicode K 0 R" (a font's)
   pointing at the one map kept. */
static void share_tounicode(const char *pdf, const struct obj *o,
                            long tounicode, struct strbuf *t)
{
    const char *r = obj_find(pdf, o, "/ToUnicode "), *after;

    if (r && tounicode > 0 && read_long(r + 11, pdf + o->end, &after) > 0) {
        strbuf_add(t, pdf + o->off, (size_t)(r + 11 - (pdf + o->off)));
        strbuf_addf(t, "%ld", tounicode);
        strbuf_add(t, after, (size_t)(pdf + o->end - after));
    } else {
        strbuf_add(t, pdf + o->off, o->end - o->off);
    }
}

int pdffix(const char *pdf, size_t n, const struct pdffix_font *fonts,
           size_t nfonts, struct strbuf *out)
{
    const char *xref, *p, *end = pdf + n, *trailer, *startxref;
    struct obj *objs = NULL;
    long count = 0, i, first, tounicode = 0;
    size_t norder = 0, ncps = 0;
    struct place *order = NULL;
    struct strbuf cmap = STRBUF_INIT;
    uint32_t *cps = NULL;
    int ret = -1;

    strbuf_reset(out);
    /* The last "xref" section: "xref\n0 COUNT\n" and 20-byte entries. */
    startxref = NULL;
    for (p = pdf; (p = find(pdf, n, (size_t)(p - pdf), "startxref")); p++)
        startxref = p;
    if (!startxref)
        return -1;
    xref = pdf + read_long(startxref + 9, end, NULL);
    if (xref < pdf || xref + 4 > end || memcmp(xref, "xref", 4))
        return -1;
    first = read_long(xref + 5, end, &p);
    count = read_long(p, end, &p);
    if (first != 0 || count < 2 || count > 1000000)
        return -1;
    while (p < end && (*p == '\r' || *p == '\n'))
        p++;
    if (p + 20 * count > end)
        return -1;
    objs = xcalloc((size_t)count, sizeof(*objs));
    for (i = 0; i < count; i++) {
        const char *e = p + 20 * i;
        long off = read_long(e, e + 10, NULL);
        if (e[17] == 'n' && (off <= 0 || (size_t)off >= n))
            goto out;
        objs[i].off = e[17] == 'n' ? (size_t)off : 0;
        strbuf_init(&objs[i].repl, 0);
    }
    trailer = p + 20 * count;
    /* Objects in file order; each ends where the next one starts. */
    order = xcalloc((size_t)count, sizeof(*order));
    for (i = 1; i < count; i++)
        if (objs[i].off) {
            order[norder].off = objs[i].off;
            order[norder].idx = i;
            norder++;
        }
    qsort(order, norder, sizeof(*order), cmp_place);
    for (i = 0; i < (long)norder; i++) {
        struct obj *o = &objs[order[i].idx];
        const char *st;
        o->end = i + 1 < (long)norder ? order[i + 1].off : (size_t)(xref - pdf);
        /* libharu's dictionaries hold no binary: the first "stream" line
           ends the dictionary of a stream object */
        st = find(pdf, o->end, o->off, ">>\nstream");
        o->head = st ? (size_t)(st - pdf) + 16 : o->end;
        if (o->head > o->end)
            o->head = o->end;
    }
    /* Mark the ToUnicode streams and their length objects.  Every font
       gets the same map (identity_cmap), so the first stream serves them
       all and the others are dropped. */
    for (p = pdf; (p = find(pdf, (size_t)(xref - pdf), (size_t)(p - pdf),
                            "/ToUnicode "));
         p++) {
        long k = read_long(p + 11, end, NULL), len;
        const char *d;
        if (k <= 0 || k >= count || !objs[k].off)
            goto out;
        if (objs[k].fix)
            continue;
        d = find(pdf, objs[k].end, objs[k].off, "/Length ");
        if (!d)
            goto out;
        len = read_long(d + 8, end, NULL);
        if (len <= 0 || len >= count || !objs[len].off)
            goto out;
        if (objs[len].fix)
            goto out;
        if (tounicode) {
            objs[k].fix = 4;
            objs[len].fix = 4;
            continue;
        }
        objs[k].fix = 1;
        objs[k].length = (int)len;
        objs[len].fix = 2;
        tounicode = k;
    }
    cps = xmallocarray(0x10000, sizeof(*cps));
    {
        const uint32_t *all[16];
        size_t k;
        for (k = 0; k < nfonts && k < 16; k++)
            all[k] = fonts[k].used;
        ncps = code_points(all, k, cps);
    }
    {
        struct strbuf plain = STRBUF_INIT;
        identity_cmap(cps, ncps, &plain);
        deflate_append(&cmap, plain.buf, plain.len, DEFLATE_BEST);
        strbuf_release(&plain);
    }
    /* Each font cut to the characters shown; one that cannot be is kept. */
    for (i = 1; i < count; i++)
        if (objs[i].off && !objs[i].fix &&
            obj_find(pdf, &objs[i], "/Subtype /CIDFontType2")) {
            ncps = font_code_points(pdf, &objs[i], fonts, nfonts, cps);
            cut_font(pdf, objs, count, i, cps, ncps);
        }
    /* What libharu left plain (with compression off: the pages), deflated. */
    for (i = 1; i < count; i++)
        if (objs[i].off && !objs[i].fix && obj_find(pdf, &objs[i], ">>\nstream"))
            compress_plain(pdf, objs, count, i);
    /* The objects as they are to be, in file order. */
    if (!norder)
        goto out;
    for (i = 0; i < (long)norder; i++) {
        long k = order[i].idx;
        struct strbuf *t = &objs[k].repl;
        if (objs[k].fix == 1) {
            strbuf_reset(t);
            strbuf_addf(t,
                        "%ld 0 obj\n<<\n/Length %d 0 R\n/Filter [ /FlateDecode ]"
                        "\n>>\nstream\r\n",
                        k, objs[k].length);
            strbuf_addbuf(t, &cmap);
            strbuf_addstr(t, "\r\nendstream\nendobj\n");
        } else if (objs[k].fix == 2) {
            strbuf_reset(t);
            strbuf_addf(t, "%ld 0 obj\n%zu\nendobj\n", k, cmap.len);
        } else if (objs[k].fix != 3 && objs[k].fix != 4) {
            share_tounicode(pdf, &objs[k], tounicode, t);
        }
    }
    ret = pack(pdf, order[0].off, objs, count, order, norder, trailer,
               startxref, out);
out:
    if (ret)
        strbuf_reset(out);
    if (objs)
        for (i = 0; i < count; i++)
            strbuf_release(&objs[i].repl);
    free(objs);
    free(order);
    free(cps);
    strbuf_release(&cmap);
    return ret;
}
