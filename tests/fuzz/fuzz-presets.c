/* tests/fuzz/fuzz-presets: libFuzzer target for the report's data files,
 * a norms file and a file of groups of regions (ingest/presets), and the
 * norms' words read from them.  Build and run with 'make fuzz'; seeds:
 * presets/.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "core/norms.h"
#include "core/teamscore.h"
#include "ingest/presets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    struct diag_list dl = DIAG_LIST_INIT;
    struct norms n;
    struct region_groups g;
    FILE *f;

    /* The readers take a file, as event.ini names it. */
    if (!*path)
        snprintf(path, sizeof(path), "/tmp/fuzz-presets-%ld.ini",
                 (long)getpid());
    f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    norms_read(path, "norms", &n, &dl);
    norms_release(&n);
    region_groups_read(path, "groups", &g, &dl);
    region_groups_release(&g);
    diag_list_release(&dl);
    return 0;
}
