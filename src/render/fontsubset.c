/* render/fontsubset: HarfBuzz's subsetter (the only file that includes its
 * headers).
 * SPDX-License-Identifier: MIT
 */
#include "render/fontsubset.h"

#include <hb-subset.h>
#include <hb.h>

#include <string.h>

#include "util/sfnt.h"
#include "util/strbuf.h"
#include "util/banned.h"

/*
 * The font of len bytes at ttf cut to the n code points cps[] and the
 * nranges ranges[] (first and last code point), without hinting or glyph
 * names, appended to out; gids (when not NULL) gets the new glyph of each
 * of cps[], 0 when the font has none.  With bare, only the tables a PDF
 * viewer draws a CIDFontType2's glyphs from are kept.  Returns 0, or -1
 * (out unchanged).
 */
static int cut(const void *ttf, size_t len, const uint32_t *cps, size_t n,
               const hb_codepoint_t (*ranges)[2], size_t nranges,
               unsigned flags, int bare, struct strbuf *out, unsigned *gids)
{
    hb_blob_t *blob, *data = NULL;
    hb_face_t *face, *sub = NULL;
    hb_subset_input_t *in;
    hb_subset_plan_t *plan = NULL;
    hb_set_t *want;
    int ret = -1;
    size_t i;

    blob = hb_blob_create((const char *)ttf, (unsigned)len,
                          HB_MEMORY_MODE_READONLY, NULL, NULL);
    face = hb_face_create(blob, 0);
    in = hb_subset_input_create_or_fail();
    if (!in || !hb_face_get_glyph_count(face))
        goto out;
    want = hb_subset_input_unicode_set(in);
    for (i = 0; i < n; i++)
        hb_set_add(want, cps[i]);
    for (i = 0; i < nranges; i++)
        hb_set_add_range(want, ranges[i][0], ranges[i][1]);
    hb_subset_input_set_flags(in, flags);
    if (bare) {
        /* PDF 32000 9.9: a CIDFontType2's glyphs are found through its
           CIDToGIDMap, not a 'cmap', and need no PostScript names.  The
           font's names but its family, style and full and PostScript
           names go too; 'name' and 'OS/2' stay, as dvipdfmx keeps them,
           for viewers that look for them. */
        static const unsigned names[] = {1, 2, 4, 6};
        hb_set_t *drop = hb_subset_input_set(in, HB_SUBSET_SETS_DROP_TABLE_TAG);
        hb_set_t *keep = hb_subset_input_set(in, HB_SUBSET_SETS_NAME_ID);
        hb_set_add(drop, HB_TAG('c', 'm', 'a', 'p'));
        hb_set_add(drop, HB_TAG('p', 'o', 's', 't'));
        hb_set_clear(keep);
        for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
            hb_set_add(keep, names[i]);
    }
    plan = hb_subset_plan_create_or_fail(face, in);
    if (!plan)
        goto out;
    sub = hb_subset_plan_execute_or_fail(plan);
    if (!sub)
        goto out;
    data = hb_face_reference_blob(sub);
    if (!hb_blob_get_length(data))
        goto out;
    if (gids) {
        const hb_map_t *u2o = hb_subset_plan_unicode_to_old_glyph_mapping(plan);
        const hb_map_t *o2n = hb_subset_plan_old_to_new_glyph_mapping(plan);
        for (i = 0; i < n; i++) {
            hb_codepoint_t old = hb_map_get(u2o, cps[i]), neu;
            neu = old == HB_MAP_VALUE_INVALID ? HB_MAP_VALUE_INVALID
                                              : hb_map_get(o2n, old);
            gids[i] = neu == HB_MAP_VALUE_INVALID ? 0 : (unsigned)neu;
        }
    }
    {
        unsigned k;
        const char *d = hb_blob_get_data(data, &k);
        strbuf_add(out, d, k);
    }
    ret = 0;
out:
    hb_blob_destroy(data);
    hb_face_destroy(sub);
    hb_subset_plan_destroy(plan);
    hb_subset_input_destroy(in);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return ret;
}

int font_subset(const void *ttf, size_t len, const uint32_t *cps, size_t n,
                struct strbuf *out, unsigned *gids)
{
    /* Hinting is for screens of the 1990s; PDF viewers and printers
       rasterise well without it, and it is a third of the glyph data. */
    return cut(ttf, len, cps, n, NULL, 0, HB_SUBSET_FLAGS_NO_HINTING, 1, out,
               gids);
}

static void put16(struct strbuf *sb, unsigned v)
{
    strbuf_addch(sb, (char)(v >> 8 & 0xFF));
    strbuf_addch(sb, (char)(v & 0xFF));
}

static void put32(struct strbuf *sb, uint32_t v)
{
    put16(sb, v >> 16);
    put16(sb, v & 0xFFFF);
}

/* v big-endian at p, in place. */
static void set32(char *p, uint32_t v)
{
    p[0] = (char)(v >> 24 & 0xFF);
    p[1] = (char)(v >> 16 & 0xFF);
    p[2] = (char)(v >> 8 & 0xFF);
    p[3] = (char)(v & 0xFF);
}

/* The sum of the big-endian words of a table padded with zeros to a
   multiple of four bytes (n rounded up is within the buffer). */
static uint32_t table_sum(const char *d, size_t n)
{
    const unsigned char *p = (const unsigned char *)d;
    uint32_t sum = 0;
    size_t i;

    for (i = 0; i < n; i += 4)
        sum += sfnt_get32(p + i);
    return sum;
}

/*
 * A 'cmap' of one format-4 subtable (Windows, Unicode BMP) with a single
 * segment from U+0000 to last, through a glyph array: libharu 2.3.0 finds
 * a character's glyph by walking the segments one by one, for every one
 * of the 65,536 codes of each font of each document and for every
 * character it shows or measures; HarfBuzz writes a segment for each run
 * of the font's characters, a hundred and more.
 */
static int flat_cmap(hb_face_t *face, uint32_t last, struct strbuf *out)
{
    hb_font_t *font = hb_font_create(face);
    uint32_t n = last + 1, c;

    if (n + 8 > 0x7FF0) {
        hb_font_destroy(font);
        return -1;
    }
    put16(out, 0); /* version */
    put16(out, 1); /* one subtable */
    put16(out, 3);
    put16(out, 1);
    put32(out, 12);
    put16(out, 4);                   /* format */
    put16(out, 16 + 2 * 8 + 2 * n); /* length */
    put16(out, 0);                   /* language */
    put16(out, 4);                   /* 2 segments */
    put16(out, 4);                   /* searchRange */
    put16(out, 1);                   /* entrySelector */
    put16(out, 0);                   /* rangeShift */
    put16(out, last);                /* endCode */
    put16(out, 0xFFFF);
    put16(out, 0); /* reservedPad */
    put16(out, 0); /* startCode */
    put16(out, 0xFFFF);
    put16(out, 0); /* idDelta */
    put16(out, 1);
    put16(out, 4); /* idRangeOffset: to the glyph array, two words on */
    put16(out, 0);
    for (c = 0; c < n; c++) {
        hb_codepoint_t g = 0;
        if (!hb_font_get_nominal_glyph(font, c, &g) || g > 0xFFFF)
            g = 0;
        put16(out, (unsigned)g);
    }
    hb_font_destroy(font);
    return 0;
}

/* The font sfnt (len bytes) with its 'cmap' table replaced by cmap. */
static int replace_cmap(const char *sfnt, size_t len, const struct strbuf *cmap,
                        struct strbuf *out)
{
    unsigned n, i;
    size_t at, head_at = 0;

    if (sfnt_check(sfnt, len, &n) != SFNT_OK || !sfnt_find(sfnt, n, "cmap"))
        return -1;
    strbuf_add(out, sfnt, 12 + 16 * (size_t)n);
    for (i = 0; i < n; i++) {
        const unsigned char *r = sfnt_record(sfnt, i);
        int is_cmap = !memcmp(r, "cmap", 4);
        const char *t = is_cmap ? cmap->buf : sfnt + sfnt_get32(r + 8);
        size_t tl = is_cmap ? cmap->len : sfnt_get32(r + 12), rec = 12 + 16 * i;
        at = out->len;
        if (!memcmp(r, "head", 4) && tl >= 12)
            head_at = at;
        strbuf_add(out, t, tl);
        while (out->len % 4)
            strbuf_addch(out, '\0');
        if (head_at == at && head_at)
            memset(out->buf + at + 8, 0, 4); /* checkSumAdjustment */
        set32(out->buf + rec + 4, table_sum(out->buf + at, tl));
        set32(out->buf + rec + 8, (uint32_t)at);
        set32(out->buf + rec + 12, (uint32_t)tl);
    }
    if (head_at)
        set32(out->buf + head_at + 8,
              0xB1B0AFBAu - table_sum(out->buf, out->len));
    return 0;
}

int font_cut_repertoire(const void *ttf, size_t len, struct strbuf *out)
{
    static const hb_codepoint_t ranges[][2] = {
        {0x0020, 0x052F}, /* Latin, IPA, Greek, Cyrillic */
        {0x1E00, 0x1EFF}, /* Latin Extended Additional */
        {0x2000, 0x22FF}, /* punctuation to mathematical operators */
        {0x25A0, 0x25FF}, /* geometric shapes */
    };

    /* The hinting stays in the font libharu reads: libharu 2.3.0 writes
       an absent 'prep' table as an empty one at the end of the font, and
       fails (HPDF_INVALID_OBJECT) when the font it writes then comes to a
       multiple of its 4,096-byte buffers.  font_subset() drops it. */
    struct strbuf cutf = STRBUF_INIT, cmap = STRBUF_INIT;
    size_t nr = sizeof(ranges) / sizeof(ranges[0]);
    hb_blob_t *blob;
    hb_face_t *face;
    int ret;

    if (cut(ttf, len, NULL, 0, ranges, nr, HB_SUBSET_FLAGS_DEFAULT, 0, &cutf,
            NULL))
        return -1;
    blob = hb_blob_create(cutf.buf, (unsigned)cutf.len,
                          HB_MEMORY_MODE_READONLY, NULL, NULL);
    face = hb_face_create(blob, 0);
    ret = flat_cmap(face, ranges[nr - 1][1], &cmap) ||
          replace_cmap(cutf.buf, cutf.len, &cmap, out);
    if (ret) /* the cut font with HarfBuzz's own map */
        strbuf_addbuf(out, &cutf);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    strbuf_release(&cutf);
    strbuf_release(&cmap);
    return 0;
}
