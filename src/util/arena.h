/* util/arena: many small allocations released all at once.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_ARENA_H
#define UTIL_ARENA_H

#include <stddef.h>

struct arena_block;

/*
 * An arena hands out memory that lives until arena_release(); the model keeps
 * its names, titles and other small strings here.  Zero-initialise or use
 * ARENA_INIT.
 */
struct arena {
    struct arena_block *head;
    size_t used;
    size_t cap;
};

#define ARENA_INIT {NULL, 0, 0}

/* Memory aligned for any object; zero-filled. */
void *arena_alloc(struct arena *a, size_t size);
/* Copies of strings that live in the arena. */
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
char *arena_printf(struct arena *a, const char *fmt, ...);
void arena_release(struct arena *a);

#endif
