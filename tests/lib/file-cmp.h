/* tests/lib/file-cmp: compare two output files in the C unit tests.
 * SPDX-License-Identifier: MIT
 */
#ifndef TESTS_FILE_CMP_H
#define TESTS_FILE_CMP_H

#include <string.h>

#include "util/file.h"
#include "util/strbuf.h"

/* 1 when the files a and b both hold the same bytes, more than 1000. */
#if defined(__GNUC__)
__attribute__((unused))
#endif
static int same_file(const char *a, const char *b)
{
    struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    int same;

    file_read(a, 1 << 24, &x, &dl);
    file_read(b, 1 << 24, &y, &dl);
    same = x.len > 1000 && x.len == y.len && !memcmp(x.buf, y.buf, x.len);
    strbuf_release(&x);
    strbuf_release(&y);
    diag_list_release(&dl);
    return same;
}

#endif
