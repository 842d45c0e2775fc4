/* tests/fuzz/fuzz-ini: libFuzzer target for the event.ini reader and the
 * event description read from it.  Build and run with 'make fuzz'.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>

#include "core/event.h"
#include "ingest/eventdir.h"
#include "ingest/ini.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct ini *ini = NULL;
    struct event *ev = event_new();

    ini_parse((const char *)data, size, "fuzz.ini", &ini, &dl);
    if (ini)
        eventdir_from_ini(ini, ".", ev, &dl);
    ini_free(ini);
    event_free(ev);
    diag_list_release(&dl);
    return 0;
}
