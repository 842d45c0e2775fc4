/* render/fontsubset: HarfBuzz's subsetter (the only file that includes its
 * headers).
 * SPDX-License-Identifier: MIT
 */
#include "render/fontsubset.h"

#include <hb-subset.h>
#include <hb.h>

#include "util/strbuf.h"
#include "util/banned.h"

int font_subset(const void *ttf, size_t len, const uint32_t *cps, size_t n,
                struct strbuf *out, unsigned *gids)
{
    hb_blob_t *blob, *cut = NULL;
    hb_face_t *face, *sub = NULL;
    hb_subset_input_t *in;
    hb_subset_plan_t *plan = NULL;
    int ret = -1;
    size_t i;

    blob = hb_blob_create((const char *)ttf, (unsigned)len,
                          HB_MEMORY_MODE_READONLY, NULL, NULL);
    face = hb_face_create(blob, 0);
    in = hb_subset_input_create_or_fail();
    if (!in || !hb_face_get_glyph_count(face))
        goto out;
    for (i = 0; i < n; i++)
        hb_set_add(hb_subset_input_unicode_set(in), cps[i]);
    /* Hinting is for screens of the 1990s; PDF viewers and printers
       rasterise well without it, and it is a third of the glyph data. */
    hb_subset_input_set_flags(in, HB_SUBSET_FLAGS_NO_HINTING);
    plan = hb_subset_plan_create_or_fail(face, in);
    if (!plan)
        goto out;
    sub = hb_subset_plan_execute_or_fail(plan);
    if (!sub)
        goto out;
    cut = hb_face_reference_blob(sub);
    if (!hb_blob_get_length(cut))
        goto out;
    {
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
        const char *d = hb_blob_get_data(cut, &k);
        strbuf_add(out, d, k);
    }
    ret = 0;
out:
    hb_blob_destroy(cut);
    hb_face_destroy(sub);
    hb_subset_plan_destroy(plan);
    hb_subset_input_destroy(in);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return ret;
}
