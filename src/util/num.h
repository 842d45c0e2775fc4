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

/*
 * The value of s when it is "[-]DIGITS[MARK DIGITS]" with at least one
 * digit ("11.5", "-1.0", ".5", "3."), MARK one of the characters of
 * marks ("." or ".,"): 0 and *out set (-0.0 for "-0"), else -1.
 */
int num_parse_decimal(const char *s, const char *marks, double *out);

#endif
