/* util/collate: Ukrainian alphabetical order through ICU (libicu): the
 * CLDR "uk" collation, Cyrillic ordered before every other script.
 * SPDX-License-Identifier: MIT
 */
#include "util/collate.h"

#include <stdint.h>
#include <string.h>

#include <unicode/ucol.h>
#include <unicode/uscript.h>

#include "util/name.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/banned.h"

static UCollator *coll;
static int coll_failed;
/* the texts being compared, without apostrophes */
static struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;

static UCollator *collator(void)
{
    UErrorCode st = U_ZERO_ERROR;
    int32_t first[] = {USCRIPT_CYRILLIC};

    if (coll || coll_failed)
        return coll;
    coll = ucol_open("uk", &st);
    if (U_FAILURE(st)) {
        coll = NULL;
        coll_failed = 1;
        return NULL;
    }
    ucol_setReorderCodes(coll, first, 1, &st);
    if (U_FAILURE(st)) {
        /* the order within each script is still right */
        st = U_ZERO_ERROR;
    }
    return coll;
}

/* s without its apostrophes, into out (a name's apostrophe is not a
 * letter: "Дем'яненко" is ordered as "Демяненко"). */
static void drop_apostrophes(struct strbuf *out, const char *s, size_t n)
{
    size_t i = 0;

    strbuf_reset(out);
    while (i < n) {
        uint32_t cp;
        size_t k = utf8_decode(s + i, n - i, &cp);
        if (!k) {
            strbuf_addch(out, s[i++]);
            continue;
        }
        if (!name_is_apostrophe(cp))
            strbuf_add(out, s + i, k);
        i += k;
    }
}

int collate_cmpn(const char *a, size_t na, const char *b, size_t nb)
{
    UCollator *c = collator();
    UErrorCode st = U_ZERO_ERROR;
    UCollationResult r = UCOL_EQUAL;
    int byte;

    if (c && na < INT32_MAX && nb < INT32_MAX) {
        drop_apostrophes(&x, a, na);
        drop_apostrophes(&y, b, nb);
        r = ucol_strcollUTF8(c, x.buf, (int32_t)x.len, y.buf, (int32_t)y.len,
                             &st);
        if (U_FAILURE(st))
            r = UCOL_EQUAL;
    }
    if (r != UCOL_EQUAL)
        return r == UCOL_LESS ? -1 : 1;
    byte = memcmp(a, b, na < nb ? na : nb);
    if (byte)
        return byte;
    return (na > nb) - (na < nb);
}

int collate_cmp(const char *a, const char *b)
{
    return collate_cmpn(a, strlen(a), b, strlen(b));
}
