/* tests/fuzz/run-corpus: a libFuzzer target's inputs run once each, without
 * libFuzzer: 'run-corpus FILE...' calls LLVMFuzzerTestOneInput() with each
 * file's bytes (so that 'make asan-check' runs the seeds and any findings
 * kept in the tests through the sanitizers with gcc alone).  Exit 0, or
 * 66 for a file that cannot be read; a finding aborts.
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int i;

    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        unsigned char *buf = NULL;
        size_t n = 0, alloc = 0, k;

        if (!f) {
            fprintf(stderr, "run-corpus: cannot read %s\n", argv[i]);
            return 66;
        }
        do {
            if (n == alloc) {
                unsigned char *nb;
                alloc = alloc ? 2 * alloc : 65536;
                nb = realloc(buf, alloc);
                if (!nb)
                    abort();
                buf = nb;
            }
            k = fread(buf + n, 1, alloc - n, f);
            n += k;
        } while (k);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        free(buf);
        printf("%s: %zu bytes\n", argv[i], n);
    }
    return 0;
}
