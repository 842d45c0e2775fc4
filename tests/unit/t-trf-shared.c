/* tests/unit/t-trf-shared: every real TRF of ../shared/data/trf is read,
 * and writing it as TRF-16 or TRF-26 and reading it back keeps the model.
 * SPDX-License-Identifier: MIT
 */
#include <dirent.h>

#include "tap.h"
#include "core/tournament.h"
#include "ingest/trf.h"
#include "util/strbuf.h"

static const char *const dirs[] = {"trf", "trf/edge", "trf/real"};

static void roundtrip(const char *path)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL, *u = NULL, *w = NULL;
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    struct strbuf d1 = STRBUF_INIT, d2 = STRBUF_INIT;

    trf_read(path, NULL, &t, &dl);
    if (!ok(t != NULL, "%s: read", path)) {
        diag_list_release(&dl);
        return;
    }
    ok(t->n_players > 0 && t->n_rounds > 0, "%s: %zu players, %d rounds",
       path, t->n_players, t->n_rounds);
    trf_write(t, t->version, &a);
    trf_parse(a.buf, a.len, "written", NULL, &u, &dl);
    tournament_dump(t, 0, &d1);
    if (u)
        tournament_dump(u, 0, &d2);
    ok(u && !strcmp(d1.buf, d2.buf), "%s: TRF-%d round trip keeps the model",
       path, t->version);
    strbuf_reset(&d1);
    strbuf_reset(&d2);
    trf_write(t, t->version == TRF_16 ? TRF_26 : TRF_16, &b);
    trf_parse(b.buf, b.len, "converted", NULL, &w, &dl);
    tournament_dump(t, DUMP_GAMES_ONLY, &d1);
    if (w)
        tournament_dump(w, DUMP_GAMES_ONLY, &d2);
    ok(w && !strcmp(d1.buf, d2.buf) && w->n_teams == t->n_teams,
       "%s: conversion to TRF-%d keeps players, games and teams", path,
       t->version == TRF_16 ? 26 : 16);
    strbuf_reset(&b);
    if (u)
        trf_write(u, t->version, &b);
    ok(!strcmp(a.buf, b.buf), "%s: writing again gives the same bytes", path);
    tournament_free(t);
    tournament_free(u);
    tournament_free(w);
    diag_list_release(&dl);
    strbuf_release(&a);
    strbuf_release(&b);
    strbuf_release(&d1);
    strbuf_release(&d2);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    const char *shared = getenv("SEKRETAR_SHARED");
    char path[4096];
    size_t i, nfiles = 0;

    if (!shared)
        shared = "../shared/data";
    snprintf(path, sizeof(path), "%s/trf", shared);
    {
        DIR *d = opendir(path);
        if (!d)
            skip_all("no shared test data (../shared/data)");
        closedir(d);
    }
    for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        char *names[256];
        size_t n = 0, k;
        struct dirent *de;
        DIR *d;
        snprintf(path, sizeof(path), "%s/%s", shared, dirs[i]);
        d = opendir(path);
        if (!d)
            continue;
        while ((de = readdir(d)) && n < 256) {
            size_t len = strlen(de->d_name);
            if (len > 4 && !strcmp(de->d_name + len - 4, ".trf"))
                names[n++] = strdup(de->d_name);
        }
        closedir(d);
        qsort(names, n, sizeof(char *), cmp_str);
        for (k = 0; k < n; k++) {
            snprintf(path, sizeof(path), "%s/%s/%s", shared, dirs[i],
                     names[k]);
            roundtrip(path);
            free(names[k]);
            nfiles++;
        }
    }
    ok(nfiles >= 27, "read %zu shared TRF files", nfiles);
    return done_testing();
}
