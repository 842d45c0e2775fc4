/* util/collate: Ukrainian alphabetical order (ICU's "uk" collation, the
 * one file that knows ICU).
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_COLLATE_H
#define UTIL_COLLATE_H

#include <stddef.h>

/*
 * Compare the UTF-8 texts a (na bytes) and b (nb bytes) in Ukrainian
 * alphabetical order: а б в г ґ д е є ж з и і ї й к ... ю я, Cyrillic
 * before Latin, a blank before any letter ("Шевченко Остап" before
 * "Шевченкова Анна"), apostrophes not counted ("Дем'яненко" as
 * "Демяненко", after "Демченко"), capitals and small letters apart only
 * where nothing else differs; texts equal in that order are compared by
 * their bytes, so that the order is total.  <0, 0 or >0.
 */
int collate_cmpn(const char *a, size_t na, const char *b, size_t nb);

/* collate_cmpn() of two NUL-terminated texts. */
int collate_cmp(const char *a, const char *b);

#endif
