/* util/xalloc: allocation wrappers; out of memory is fatal.
 * SPDX-License-Identifier: MIT
 */
#include "util/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/banned.h"

static void die_oom(void)
{
    fputs("sekretar: fatal: out of memory\n", stderr);
    exit(70);
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        die_oom();
    return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
    void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
    if (!p)
        die_oom();
    return p;
}

void *xrealloc(void *ptr, size_t size)
{
    void *p;

    if (!size) {
        free(ptr);
        return NULL;
    }
    p = realloc(ptr, size);
    if (!p)
        die_oom();
    return p;
}

void *xmallocarray(size_t nmemb, size_t size)
{
    if (size && nmemb > SIZE_MAX / size)
        die_oom();
    return xmalloc(nmemb * size);
}

void *xreallocarray(void *ptr, size_t nmemb, size_t size)
{
    if (size && nmemb > SIZE_MAX / size)
        die_oom();
    return xrealloc(ptr, nmemb * size);
}

char *xstrdup(const char *s)
{
    return xmemdup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    const char *end = memchr(s, '\0', n);
    return xmemdup(s, end ? (size_t)(end - s) : n);
}

char *xmemdup(const void *p, size_t n)
{
    char *r = xmalloc(n + 1);
    memcpy(r, p, n);
    r[n] = '\0';
    return r;
}
