/* render/pdffix: repair what libharu 2.3.0 writes wrong in a finished PDF.
 * SPDX-License-Identifier: MIT
 */
#include "render/pdffix.h"

#include <stdlib.h>
#include <string.h>

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

/* One indirect object: where it starts and ends in the original. */
struct obj {
    size_t off, end;
    int fix;      /* 1: a ToUnicode stream; 2: its length object */
    int length;   /* for a ToUnicode stream: its length object's number */
};

static const char *find(const char *hay, size_t n, size_t from,
                        const char *needle)
{
    size_t k = strlen(needle), i;

    for (i = from; i + k <= n; i++)
        if (hay[i] == needle[0] && !memcmp(hay + i, needle, k))
            return hay + i;
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

/* The identity ToUnicode CMap for the high bytes used. */
static void identity_cmap(const unsigned used[8], struct strbuf *out)
{
    int h;

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

int pdffix_tounicode(const char *pdf, size_t n, const unsigned used[8],
                     struct strbuf *out)
{
    const char *xref, *p, *end = pdf + n, *trailer, *startxref;
    struct obj *objs = NULL;
    long count, i, first;
    size_t *newoff = NULL, norder = 0;
    struct place *order = NULL;
    struct strbuf cmap = STRBUF_INIT;
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
    for (i = 0; i < (long)norder; i++)
        objs[order[i].idx].end = i + 1 < (long)norder
                                     ? order[i + 1].off
                                     : (size_t)(xref - pdf);
    /* Mark the ToUnicode streams and their length objects. */
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
        objs[k].fix = 1;
        objs[k].length = (int)len;
        objs[len].fix = 2;
    }
    identity_cmap(used, &cmap);
    /* Copy the header, then every object in file order. */
    newoff = xcalloc((size_t)count, sizeof(size_t));
    if (!norder)
        goto out;
    strbuf_add(out, pdf, order[0].off);
    for (i = 0; i < (long)norder; i++) {
        long k = order[i].idx;
        newoff[k] = out->len;
        if (objs[k].fix == 1)
            strbuf_addf(out,
                        "%ld 0 obj\n<<\n/Length %d 0 R\n>>\nstream\r\n%s"
                        "\r\nendstream\nendobj\n",
                        k, objs[k].length, cmap.buf);
        else if (objs[k].fix == 2)
            strbuf_addf(out, "%ld 0 obj\n%zu\nendobj\n", k, cmap.len);
        else
            strbuf_add(out, pdf + objs[k].off, objs[k].end - objs[k].off);
    }
    {
        size_t xoff = out->len;
        strbuf_addf(out, "xref\n0 %ld\n0000000000 65535 f\r\n", count);
        for (i = 1; i < count; i++)
            strbuf_addf(out, "%010zu 00000 %c\r\n", newoff[i],
                        objs[i].off ? 'n' : 'f');
        /* The trailer dictionary as it was, then the new startxref. */
        strbuf_add(out, trailer, (size_t)(startxref - trailer));
        strbuf_addf(out, "startxref\n%zu\n%%%%EOF\n", xoff);
    }
    ret = 0;
out:
    if (ret)
        strbuf_reset(out);
    free(objs);
    free(order);
    free(newoff);
    strbuf_release(&cmap);
    return ret;
}
