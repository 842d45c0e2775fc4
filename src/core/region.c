/* core/region: the 27 regions of Ukraine and their spellings.
 * SPDX-License-Identifier: MIT
 */
#include "core/region.h"

#include <string.h>

#include "util/name.h"
#include "util/strbuf.h"
#include "util/banned.h"

/*
 * The Constitution's list (art. 133).  A renaming (e.g. of Кіровоградська)
 * needs a change here and a new alias below, nothing else.
 */
static const struct region regions[] = {
    {"АР Крим", "Автономна Республіка Крим", "AR Krym"},
    {"Вінницька", "Вінницька область", "Vinnytska"},
    {"Волинська", "Волинська область", "Volynska"},
    {"Дніпропетровська", "Дніпропетровська область", "Dnipropetrovska"},
    {"Донецька", "Донецька область", "Donetska"},
    {"Житомирська", "Житомирська область", "Zhytomyrska"},
    {"Закарпатська", "Закарпатська область", "Zakarpatska"},
    {"Запорізька", "Запорізька область", "Zaporizka"},
    {"Івано-Франківська", "Івано-Франківська область", "Ivano-Frankivska"},
    {"Київська", "Київська область", "Kyivska"},
    {"Кіровоградська", "Кіровоградська область", "Kirovohradska"},
    {"Луганська", "Луганська область", "Luhanska"},
    {"Львівська", "Львівська область", "Lvivska"},
    {"Миколаївська", "Миколаївська область", "Mykolaivska"},
    {"Одеська", "Одеська область", "Odeska"},
    {"Полтавська", "Полтавська область", "Poltavska"},
    {"Рівненська", "Рівненська область", "Rivnenska"},
    {"Сумська", "Сумська область", "Sumska"},
    {"Тернопільська", "Тернопільська область", "Ternopilska"},
    {"Харківська", "Харківська область", "Kharkivska"},
    {"Херсонська", "Херсонська область", "Khersonska"},
    {"Хмельницька", "Хмельницька область", "Khmelnytska"},
    {"Черкаська", "Черкаська область", "Cherkaska"},
    {"Чернівецька", "Чернівецька область", "Chernivetska"},
    {"Чернігівська", "Чернігівська область", "Chernihivska"},
    {"м. Київ", "місто Київ", "Kyiv"},
    {"м. Севастополь", "місто Севастополь", "Sevastopol"},
};

#define N_REGIONS (sizeof(regions) / sizeof(regions[0]))

/* Other spellings, as keys (see name_key), and the region they name. */
static const struct {
    const char *key;
    int region;
} aliases[] = {
    {"ar krym", 0},
    {"ark", 0},
    {"krym", 0},
    {"avtonomna respublika krym", 0},
    {"respublika krym", 0},
    {"kyiv", 25},
    {"misto kyiv", 25},
    {"m kyiv", 25},
    {"sevastopol", 26},
    {"misto sevastopol", 26},
    {"m sevastopol", 26},
    {"ivano frankivska", 8},
};

size_t region_count(void)
{
    return N_REGIONS;
}

const struct region *region_get(int i)
{
    if (i < 0 || (size_t)i >= N_REGIONS)
        return NULL;
    return &regions[i];
}

/* Drop a trailing " обл", " обл.", " область" (as keys: "obl", "oblast"). */
static void drop_suffix(struct strbuf *k)
{
    static const char *const suffixes[] = {" oblast", " obl"};
    size_t i, n;

    for (i = 0; i < 2; i++) {
        n = strlen(suffixes[i]);
        if (k->len > n && !strcmp(k->buf + k->len - n, suffixes[i])) {
            strbuf_setlen(k, k->len - n);
            return;
        }
    }
}

int region_find(const char *s)
{
    struct strbuf key = STRBUF_INIT, k2 = STRBUF_INIT;
    size_t i;
    int found = -1;

    name_key(&key, s);
    drop_suffix(&key);
    for (i = 0; i < N_REGIONS && found < 0; i++) {
        strbuf_reset(&k2);
        name_key(&k2, regions[i].name);
        if (!strcmp(k2.buf, key.buf))
            found = (int)i;
    }
    for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]) && found < 0; i++)
        if (!strcmp(aliases[i].key, key.buf))
            found = aliases[i].region;
    strbuf_release(&key);
    strbuf_release(&k2);
    return found;
}
