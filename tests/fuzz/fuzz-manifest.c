/* tests/fuzz/fuzz-manifest: libFuzzer target for the manifest reader.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>

#include "archive/manifest.h"
#include "util/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct manifest m;

    manifest_parse((const char *)data, size, "fuzz", &m, &dl);
    manifest_release(&m);
    diag_list_release(&dl);
    return 0;
}
