/* util/num: whole numbers as input files write them.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_NUM_H
#define UTIL_NUM_H

/*
 * The value of s when it is only decimal digits (at least one) and at most
 * max (max below 2^31); -1 otherwise.
 */
int num_parse_uint(const char *s, int max);

#endif
