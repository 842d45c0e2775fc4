/* render/fontsubset: HarfBuzz's subsetter (the only file that includes its
 * headers), loaded on first use; without it the fonts are not cut.
 * SPDX-License-Identifier: MIT
 */
#include "render/fontsubset.h"

#include <hb-subset.h>
#include <hb.h>

#include "util/dynlib.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* The functions of HarfBuzz this file calls. */
#define HB_FUNCTIONS(X, t)                                                    \
    X(t, hb_blob_create) X(t, hb_blob_destroy) X(t, hb_blob_get_data)         \
    X(t, hb_blob_get_length) X(t, hb_face_create) X(t, hb_face_destroy)       \
    X(t, hb_face_get_glyph_count) X(t, hb_face_reference_blob)                \
    X(t, hb_map_get) X(t, hb_set_add) X(t, hb_set_add_range)

DYNLIB_DEFINE(hb, HB_FUNCTIONS, SEKRETAR_SONAME_HARFBUZZ,
              N_("HarfBuzz, for the fonts of the PDF documents"),
              SEKRETAR_PACKAGE_HARFBUZZ);

/* The functions of HarfBuzz's subsetter. */
#define HB_SUBSET_FUNCTIONS(X, t)                                             \
    X(t, hb_subset_input_create_or_fail) X(t, hb_subset_input_destroy)        \
    X(t, hb_subset_input_set_flags) X(t, hb_subset_input_unicode_set)         \
    X(t, hb_subset_plan_create_or_fail) X(t, hb_subset_plan_destroy)          \
    X(t, hb_subset_plan_execute_or_fail)                                      \
    X(t, hb_subset_plan_old_to_new_glyph_mapping)                             \
    X(t, hb_subset_plan_unicode_to_old_glyph_mapping)

DYNLIB_DEFINE(hb_subset, HB_SUBSET_FUNCTIONS, SEKRETAR_SONAME_HARFBUZZ_SUBSET,
              N_("HarfBuzz's subsetter, for the fonts of the PDF documents"),
              SEKRETAR_PACKAGE_HARFBUZZ_SUBSET);

#define hb_blob_create (*hb_fn.hb_blob_create)
#define hb_blob_destroy (*hb_fn.hb_blob_destroy)
#define hb_blob_get_data (*hb_fn.hb_blob_get_data)
#define hb_blob_get_length (*hb_fn.hb_blob_get_length)
#define hb_face_create (*hb_fn.hb_face_create)
#define hb_face_destroy (*hb_fn.hb_face_destroy)
#define hb_face_get_glyph_count (*hb_fn.hb_face_get_glyph_count)
#define hb_face_reference_blob (*hb_fn.hb_face_reference_blob)
#define hb_map_get (*hb_fn.hb_map_get)
#define hb_set_add (*hb_fn.hb_set_add)
#define hb_set_add_range (*hb_fn.hb_set_add_range)
#define hb_subset_input_create_or_fail                                        \
    (*hb_subset_fn.hb_subset_input_create_or_fail)
#define hb_subset_input_destroy (*hb_subset_fn.hb_subset_input_destroy)
#define hb_subset_input_set_flags (*hb_subset_fn.hb_subset_input_set_flags)
#define hb_subset_input_unicode_set (*hb_subset_fn.hb_subset_input_unicode_set)
#define hb_subset_plan_create_or_fail                                         \
    (*hb_subset_fn.hb_subset_plan_create_or_fail)
#define hb_subset_plan_destroy (*hb_subset_fn.hb_subset_plan_destroy)
#define hb_subset_plan_execute_or_fail                                        \
    (*hb_subset_fn.hb_subset_plan_execute_or_fail)
#define hb_subset_plan_old_to_new_glyph_mapping                               \
    (*hb_subset_fn.hb_subset_plan_old_to_new_glyph_mapping)
#define hb_subset_plan_unicode_to_old_glyph_mapping                           \
    (*hb_subset_fn.hb_subset_plan_unicode_to_old_glyph_mapping)

/*
 * The font of len bytes at ttf cut to the n code points cps[] and the
 * nranges ranges[] (first and last code point), without hinting or glyph
 * names, appended to out; gids (when not NULL) gets the new glyph of each
 * of cps[], 0 when the font has none.  Returns 0, or -1 (out unchanged).
 */
static int cut(const void *ttf, size_t len, const uint32_t *cps, size_t n,
               const hb_codepoint_t (*ranges)[2], size_t nranges,
               unsigned flags, struct strbuf *out, unsigned *gids)
{
    hb_blob_t *blob, *data = NULL;
    hb_face_t *face, *sub = NULL;
    hb_subset_input_t *in;
    hb_subset_plan_t *plan = NULL;
    hb_set_t *want;
    int ret = -1;
    size_t i;

    /* Without HarfBuzz the caller keeps the whole font (pdf.c, pdffix.c). */
    if (dynlib_load(&hb_lib, NULL) || dynlib_load(&hb_subset_lib, NULL))
        return -1;
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
    return cut(ttf, len, cps, n, NULL, 0, HB_SUBSET_FLAGS_NO_HINTING, out,
               gids);
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
    return cut(ttf, len, NULL, 0, ranges, sizeof(ranges) / sizeof(ranges[0]),
               HB_SUBSET_FLAGS_DEFAULT, out, NULL);
}
