/* tests/fuzz/seed-bundle: small real bundles for the bundle fuzz target
 * (a bundle of the example's documents is far over its length limit): the
 * input files of tests/data/mini-event packed as build packs them, once
 * whole and once with one section, into DIR.
 * SPDX-License-Identifier: MIT
 *
 * usage: seed-bundle DIR  (run from the top of the tree)
 */
#include <stdio.h>

#include "archive/bundle.h"
#include "util/file.h"
#include "util/strbuf.h"

static int seed(const char *out, const struct bundle_source *src, size_t n)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf zip = STRBUF_INIT;
    struct manifest m;
    int bad;

    manifest_init(&m);
    manifest_set(&m, "2023-06-01-mini", 1, "sekretar seed",
                 "2023-06-01T00:00:00Z");
    bad = bundle_make(&m, src, n, 1685577600, &zip, &dl) ||
          file_write_atomic(out, zip.buf, zip.len, &dl);
    if (bad)
        fprintf(stderr, "seed-bundle: %s: %s\n", out,
                dl.nr ? dl.items[0].msg : "failed");
    manifest_release(&m);
    strbuf_release(&zip);
    diag_list_release(&dl);
    return bad;
}

int main(int argc, char **argv)
{
    static const struct bundle_source all[] = {
        {.name = "event.ini", .path = "tests/data/mini-event/event.ini",
         .media_type = "text/plain; charset=utf-8", .role = ROLE_INPUT},
        {.name = "players.csv", .path = "tests/data/mini-event/players.csv",
         .media_type = "text/csv", .role = ROLE_INPUT},
        {.name = "boys.csv", .path = "tests/data/mini-event/boys.csv",
         .media_type = "text/csv", .role = ROLE_INPUT},
        {.name = "girls.trf", .path = "tests/data/mini-event/girls.trf",
         .media_type = "text/plain", .role = ROLE_INPUT},
        {.name = "boys-rapid.csv",
         .path = "tests/data/mini-event/boys-rapid.csv",
         .media_type = "text/csv", .role = ROLE_INPUT},
    };
    struct strbuf path = STRBUF_INIT;
    int bad;

    if (argc != 2) {
        fputs("usage: seed-bundle DIR\n", stderr);
        return 64;
    }
    strbuf_addf(&path, "%s/mini.bundle", argv[1]);
    bad = seed(path.buf, all, sizeof(all) / sizeof(all[0]));
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/girls.bundle", argv[1]);
    bad |= seed(path.buf, all + 3, 1);
    strbuf_release(&path);
    return bad ? 1 : 0;
}
