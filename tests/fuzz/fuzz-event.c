/* tests/fuzz/fuzz-event: libFuzzer target from event.ini to the catalogue:
 * the input is an event.ini beside the registry and results files of
 * tests/data/mini-event; the event is loaded, checked and ranked with the
 * rules it gives (as build does), and a ranked event is recorded in a
 * catalogue.  A section that cannot be ranked must be refused, never reach
 * the catalogue.  Run from the top of the tree ('make fuzz').
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive/catalog.h"
#include "archive/manifest.h"
#include "archive/store.h"
#include "pipeline/prepare.h"
#include "util/file.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64], catpath[128];

/* A folder with mini-event's registry and results, made once. */
static int setup(void)
{
    static const char *const files[] = {"players.csv", "boys.csv", "girls.trf",
                                        "boys-rapid.csv"};
    struct diag_list dl = DIAG_LIST_INIT;
    size_t i;

    snprintf(dir, sizeof(dir), "/tmp/fuzz-event-%ld", (long)getpid());
    if (file_mkdirs(dir, &dl))
        return -1;
    for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        struct strbuf in = STRBUF_INIT, out = STRBUF_INIT, sb = STRBUF_INIT;
        strbuf_addf(&in, "tests/data/mini-event/%s", files[i]);
        strbuf_addf(&out, "%s/%s", dir, files[i]);
        if (file_read(in.buf, 1 << 20, &sb, &dl) ||
            file_write_atomic(out.buf, sb.buf, sb.len, &dl)) {
            fprintf(stderr, "fuzz-event: run from the top of the tree\n");
            exit(1);
        }
        strbuf_release(&in);
        strbuf_release(&out);
        strbuf_release(&sb);
    }
    snprintf(catpath, sizeof(catpath), "%s.sqlite", dir);
    diag_list_release(&dl);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf ini = STRBUF_INIT;
    struct catalog *c = NULL;
    struct manifest m;
    struct prepare_options o;
    struct prepared p;
    size_t i;

    if (!*dir && setup())
        return 0;
    strbuf_addf(&ini, "%s/event.ini", dir);
    if (file_write_atomic(ini.buf, data, size, &dl))
        goto out;
    memset(&o, 0, sizeof(o));
    o.path = dir;
    o.flags = PREPARE_FOLDER;
    if (prepare_event(&o, &p, &dl)) {
        prepared_release(&p);
        goto out;
    }
    /* Prepared without errors: every section has its standings. */
    for (i = 0; i < p.n; i++)
        if (!p.secs[i].ranking || !p.secs[i].ranking->ranked)
            abort();
    manifest_init(&m);
    manifest_set(&m, "2023-06-01-fuzz", 1, "sekretar fuzz",
                 "2023-06-01T00:00:00Z");
    unlink(catpath);
    if (!catalog_open(catpath, CATALOG_CREATE, &c, &dl))
        store_record(c, p.ev, &p.er, "2023-06-01-fuzz", &m,
                     "2023/2023-06-01-fuzz.zip", 1,
                     "0000000000000000000000000000000000000000000000000000"
                     "000000000000",
                     NULL, &dl);
    catalog_close(c);
    manifest_release(&m);
    prepared_release(&p);
out:
    strbuf_release(&ini);
    diag_list_release(&dl);
    return 0;
}
