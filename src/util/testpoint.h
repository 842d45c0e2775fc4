/* util/testpoint: moments a test may stop the program at.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_TESTPOINT_H
#define UTIL_TESTPOINT_H

/*
 * When $SEKRETAR_TEST_KILL names this moment ("rendered", "pending",
 * "committed", "rebuilt"), the process kills itself here with SIGKILL, as
 * a power cut or kill -9 would; otherwise nothing happens.
 */
void test_point(const char *name);

#endif
