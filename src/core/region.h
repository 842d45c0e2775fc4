/* core/region: the 27 regions of Ukraine (Constitution, art. 133) and the
 * spellings secretaries write them in.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_REGION_H
#define CORE_REGION_H

#include <stddef.h>

struct region {
    const char *name; /* as tables write it: "Львівська", "м. Київ" */
    const char *full; /* "Львівська область", "місто Київ" */
    const char *latin; /* KMU-55: "Lvivska", "Kyiv" */
};

/* Number of regions (27) and region i (0-based, in the Constitution's order).
 */
size_t region_count(void);
const struct region *region_get(int i);

/*
 * The region s names, or -1.  Accepted: the short adjective ("Львівська"),
 * with "обл.", "обл" or "область" after it, any letter case, apostrophe
 * variants, the cities with or without "м." / "місто" ("м. Київ",
 * "Київ"), "АР Крим", "АРК", "Крим", "Автономна Республіка Крим", and the
 * KMU-55 Latin forms ("Lvivska", "Kyiv").
 */
int region_find(const char *s);

#endif
