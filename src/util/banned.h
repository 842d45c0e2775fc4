/* util/banned: make unsafe libc calls fail to compile.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_BANNED_H
#define UTIL_BANNED_H

#define BANNED(func) sorry_##func##_is_banned_use_the_safe_helper

#undef strcpy
#define strcpy(a, b) BANNED(strcpy)
#undef strcat
#define strcat(a, b) BANNED(strcat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(a, b) BANNED(strtok)
#undef atoi
#define atoi(a) BANNED(atoi)
#undef gmtime
#define gmtime(a) BANNED(gmtime)
#undef localtime
#define localtime(a) BANNED(localtime)
#undef ctime
#define ctime(a) BANNED(ctime)

#endif
