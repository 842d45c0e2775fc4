/* util/heap: the process's heap, set up for the large tables of a ranking.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_HEAP_H
#define UTIL_HEAP_H

/*
 * Call first in main(), before anything is allocated.  The heap then
 * grows in steps of 32 MB of address space (touched pages only become
 * memory), and its first step is backed by 2 MB pages where the kernel
 * offers them on request (transparent huge pages, "madvise" mode): the
 * 20 MB of a 10,000-player ranking cost a few hundred page faults
 * instead of five thousand, a sixth of its time.  Every thread allocates
 * from this heap.  Without glibc or such pages, nothing changes.
 */
void heap_setup(void);

#endif
