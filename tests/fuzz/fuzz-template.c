/* tests/fuzz/fuzz-template: libFuzzer target for the template reader and
 * its placeholders.  Build and run with 'make fuzz'.
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>

#include "render/template.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const struct template_var vars[] = {
        {"event", "Чемпіонат"}, {"n", "1"}, {"m", ""}};
    struct template tpl = TEMPLATE_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT;
    size_t i;

    template_parse(&tpl, "fuzz.ini", (const char *)data, size, &dl);
    for (i = 0; i < tpl.nr; i++) {
        int empty;
        double num;
        strbuf_reset(&out);
        template_subst(tpl.items[i].value, &tpl.items[i], vars, 3, &out,
                       &empty, &dl);
        template_number(&tpl, tpl.items[i].section, tpl.items[i].key, 0, -1e9,
                        1e9, &num, &dl);
    }
    strbuf_release(&out);
    template_release(&tpl);
    diag_list_release(&dl);
    return 0;
}
