/* util/arena: many small allocations released all at once.
 * SPDX-License-Identifier: MIT
 */
#include "util/arena.h"

#include <stdarg.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"
#include "util/banned.h"

struct arena_block {
    struct arena_block *next;
    alignas(max_align_t) unsigned char data[];
};

#define ARENA_BLOCK 65536
#define ALIGN_UP(n) (((n) + alignof(max_align_t) - 1) & ~(alignof(max_align_t) - 1))

void *arena_alloc(struct arena *a, size_t size)
{
    void *p;

    size = ALIGN_UP(size ? size : 1);
    if (!a->head || a->used + size > a->cap) {
        size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
        struct arena_block *b = xmalloc(sizeof(*b) + cap);

        b->next = a->head;
        a->head = b;
        a->used = 0;
        a->cap = cap;
    }
    p = a->head->data + a->used;
    a->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
    const char *end = memchr(s, '\0', n);
    size_t len = end ? (size_t)(end - s) : n;
    char *r = arena_alloc(a, len + 1);

    memcpy(r, s, len);
    r[len] = '\0';
    return r;
}

char *arena_strdup(struct arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
    va_list ap;
    int n;
    char *r;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return arena_strdup(a, "");
    r = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(r, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return r;
}

void arena_release(struct arena *a)
{
    struct arena_block *b = a->head;

    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
    a->used = a->cap = 0;
}
