/* util/xalloc: allocation wrappers; out of memory is fatal.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_XALLOC_H
#define UTIL_XALLOC_H

#include <stddef.h>

/*
 * Each wrapper prints "sekretar: fatal: out of memory" and exits with 70
 * when the allocation fails; they never return NULL.  xrealloc(p, 0) frees p
 * and returns NULL.
 */
void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
/* xmallocarray and xreallocarray also die when nmemb * size overflows. */
void *xmallocarray(size_t nmemb, size_t size);
void *xreallocarray(void *ptr, size_t nmemb, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xmemdup(const void *p, size_t n);

/*
 * Grow the array x of nr used elements so that it holds at least nr_needed,
 * keeping alloc (its capacity) up to date; the git ALLOC_GROW idiom.
 */
#define ALLOC_GROW(x, nr_needed, alloc)                                        \
    do {                                                                       \
        if ((size_t)(nr_needed) > (size_t)(alloc)) {                           \
            size_t alloc_grow_n_ = (size_t)(alloc) * 2 + 16;                   \
            if (alloc_grow_n_ < (size_t)(nr_needed))                           \
                alloc_grow_n_ = (size_t)(nr_needed);                           \
            (x) = xreallocarray((x), alloc_grow_n_, sizeof(*(x)));             \
            (alloc) = alloc_grow_n_;                                           \
        }                                                                      \
    } while (0)

#define FREE_AND_NULL(p)                                                       \
    do {                                                                       \
        free(p);                                                               \
        (p) = NULL;                                                            \
    } while (0)

#endif
