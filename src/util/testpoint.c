/* util/testpoint: moments a test may stop the program at.
 * SPDX-License-Identifier: MIT
 */
#include "util/testpoint.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/os.h"
#include "util/banned.h"

void test_point(const char *name)
{
    const char *k = getenv("SEKRETAR_TEST_KILL");

    if (k && !strcmp(k, name)) {
        fflush(NULL);
        raise(SIGKILL);
    }
}
