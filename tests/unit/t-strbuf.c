/* tests/unit/t-strbuf: the string buffer, arena, diagnostics and HTML
 * quoting.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/quote.h"
#include "util/strbuf.h"

int main(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct arena a = ARENA_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    char *s;
    size_t len, i;

    is_str(sb.buf, "", "empty buffer is an empty string");
    strbuf_addf(&sb, "%s-%d", "round", 7);
    strbuf_addch(&sb, '!');
    is_str(sb.buf, "round-7!", "addf and addch");
    strbuf_addchars(&sb, ' ', 3);
    strbuf_rtrim(&sb);
    is_int(sb.len, 8, "rtrim");
    for (i = 0; i < 1000; i++)
        strbuf_addstr(&sb, "0123456789");
    is_int(sb.len, 10008, "grows");
    s = strbuf_detach(&sb, &len);
    is_int(len, 10008, "detach gives the length");
    is_int(sb.len, 0, "detach leaves it empty");
    free(s);
    strbuf_addstr(&sb, "  x y  ");
    strbuf_trim(&sb);
    is_str(sb.buf, "x y", "trim");
    strbuf_release(&sb);

    is_str(arena_printf(&a, "%d/%s", 5, "b"), "5/b", "arena printf");
    s = arena_alloc(&a, 100000);
    ok(s[0] == 0 && s[99999] == 0, "large arena allocation is zeroed");
    is_str(arena_strndup(&a, "abcdef", 3), "abc", "arena strndup");
    arena_release(&a);

    dl.limit = 3;
    diag_error(&dl, "b.trf", 9, 2, "late");
    diag_warning(&dl, "a.trf", 5, 0, "first file");
    diag_error(&dl, "b.trf", 3, 1, "early");
    diag_error(&dl, "b.trf", 1, 1, "dropped");
    is_int(dl.nr, 3, "stores up to the limit");
    is_int(dl.nr_dropped, 1, "counts what it drops");
    is_int(dl.nr_errors, 3, "counts every error");
    diag_list_sort(&dl);
    diag_format(&dl.items[0], &sb);
    is_str(sb.buf, "b.trf:3:1: error: early",
           "sorted by line within a file, files in first-seen order");
    strbuf_reset(&sb);
    diag_format(&dl.items[2], &sb);
    is_str(sb.buf, "a.trf:5: warning: first file", "unknown column left out");
    strbuf_release(&sb);
    diag_list_release(&dl);
    is_str(err_str(ERR_DATA), "bad input data", "err_str");

    html_quote(&sb, "Турнір \"Мар'янин кубок\" <1 & 2>");
    is_str(sb.buf,
           "Турнір &quot;Мар&#39;янин кубок&quot; &lt;1 &amp; 2&gt;",
           "html_quote: & < > \" ' as references, Cyrillic as it is");
    strbuf_reset(&sb);
    html_quote(&sb, NULL);
    is_str(sb.buf, "", "html_quote: NULL is empty");
    strbuf_release(&sb);
    return done_testing();
}
