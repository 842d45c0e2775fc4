/* tests/fuzz/fuzz-bundle: libFuzzer target for reading a bundle as
 * 'archive import' does: open and check every entry, read the manifest,
 * verify the checksums.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "archive/bundle.h"
#include "util/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct bundle *b = NULL;
    struct manifest m;
    char path[64];
    FILE *fp;

    snprintf(path, sizeof(path), "/tmp/fuzz-bundle-%ld.zip", (long)getpid());
    fp = fopen(path, "wb");
    if (!fp)
        return 0;
    fwrite(data, 1, size, fp);
    fclose(fp);
    manifest_init(&m);
    if (!bundle_open(path, &b, &dl) && !bundle_manifest(b, &m, &dl))
        bundle_verify(b, &m, &dl);
    bundle_close(b);
    manifest_release(&m);
    diag_list_release(&dl);
    unlink(path);
    return 0;
}
