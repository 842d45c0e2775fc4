/* util/heap: the process's heap, set up for the large tables of a ranking.
 * SPDX-License-Identifier: MIT
 */
#include "util/heap.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#include <sys/mman.h>
#endif

#include "util/banned.h"

/* Address space the heap takes at each growth: more than a ranking of
   10,000 players and 13 rounds uses (22 MB). */
#define HEAP_STEP (32u << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)

void heap_setup(void)
{
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    char *lo, *hi;
    void *p;
    uintptr_t from, to;

    /* glibc carves even a large block from the heap's free top when it
       fits there, so the tables of a ranking all come from this step
       and not from mappings of their own, each faulted in again. */
    if (mallopt(M_TOP_PAD, (int)HEAP_STEP) != 1)
        return;
    /* A second thread (the tie-breaks of a large section) allocates from
       this heap too, not from an arena of its own in 4 KB pages. */
    mallopt(M_ARENA_MAX, 1);
    lo = sbrk(0);
    p = malloc(64);
    if (!p)
        return;
    *(volatile char *)p = 0; /* the heap's first growth, not elided */
    hi = sbrk(0);
    free(p);
    if (lo == (char *)-1 || hi == (char *)-1 || hi <= lo)
        return;
    from = ((uintptr_t)lo + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    to = (uintptr_t)hi & ~(HUGE_PAGE - 1);
    if (to > from)
        (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#endif
}
