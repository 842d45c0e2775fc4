/* cli/load: one results file, or the sections of an event folder.
 * SPDX-License-Identifier: MIT
 */
#include "cli/load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/event.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/eventdir.h"
#include "ingest/results.h"
#include "ingest/trf.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static int is_csv_name(const char *path)
{
    size_t n = strlen(path);
    return n > 4 &&
           (!strcmp(path + n - 4, ".csv") || !strcmp(path + n - 4, ".CSV"));
}

static enum err load_dir(const char *dir, const char *section,
                         enum encoding enc, struct load *ld,
                         struct diag_list *dl, struct diag_list *rdl)
{
    struct eventdir_options opts = {enc, section};
    enum err e;
    size_t i;

    e = eventdir_load(dir, &opts, &ld->ev, dl, rdl);
    if (!ld->ev)
        return e;
    if (section && !event_section(ld->ev, section)) {
        struct strbuf names = STRBUF_INIT;
        for (i = 0; i < ld->ev->n_sections; i++)
            strbuf_addf(&names, "%s%s", i ? ", " : "", ld->ev->sections[i].id);
        diag_error(dl, NULL, 0, 0, "no section '%s' in %s (it has: %s)",
                   section, dir, names.buf);
        strbuf_release(&names);
        return ERR_USAGE;
    }
    ld->items = xcalloc(ld->ev->n_sections + 1, sizeof(*ld->items));
    for (i = 0; i < ld->ev->n_sections; i++) {
        const struct section *s = &ld->ev->sections[i];
        if (section && strcmp(section, s->id))
            continue;
        ld->items[ld->n].name = s->id;
        ld->items[ld->n].t = s->t;
        ld->items[ld->n].section = s;
        ld->n++;
    }
    return e;
}

enum err load_path(const char *path, const char *section, enum encoding enc,
                   struct load *ld, struct diag_list *dl, struct diag_list *rdl)
{
    struct trf_options topts = {ENC_AUTO};
    struct csv_options copts = {ENC_AUTO, 0};
    enum err e;

    memset(ld, 0, sizeof(*ld));
    if (file_is_dir(path))
        return load_dir(path, section, enc, ld, dl, rdl);
    if (section) {
        diag_error(dl, NULL, 0, 0,
                   "--section names a section of an event folder; '%s' is "
                   "a file",
                   path);
        return ERR_USAGE;
    }
    topts.encoding = copts.encoding = enc;
    if (is_csv_name(path))
        e = results_read(path, &copts, &ld->lone, dl);
    else
        e = trf_read(path, &topts, &ld->lone, dl);
    ld->items = xcalloc(1, sizeof(*ld->items));
    ld->items[0].name = path;
    ld->items[0].t = ld->lone;
    ld->n = 1;
    return e;
}

void load_release(struct load *ld)
{
    event_free(ld->ev);
    tournament_free(ld->lone);
    free(ld->items);
    memset(ld, 0, sizeof(*ld));
}

int load_consistent(const char *path, const char *section, enum encoding enc,
                    const char *cmd, struct load *ld)
{
    struct diag_list dl = DIAG_LIST_INIT, rdl = DIAG_LIST_INIT;
    enum err e = load_path(path, section, enc, ld, &dl, &rdl);
    size_t i;
    int ret = 0;

    if (e == ERR_USAGE) {
        cli_print_diags(&dl, stderr, 0);
        fprintf(stderr, "Try 'sekretar %s --help'.\n", cmd);
        ret = EXIT_USAGE;
        goto out;
    }
    for (i = 0; i < ld->n; i++)
        if (ld->items[i].t)
            tournament_validate(ld->items[i].t, &dl);
    if (e || dl.nr_errors) {
        cli_print_diags(&dl, stderr, 0);
        if (!e)
            cli_error("%s: the results are inconsistent; 'sekretar check %s' "
                      "lists every problem",
                      path, path);
        ret = e ? cli_exit_code(e) : EXIT_DATAERR;
        goto out;
    }
    if (rdl.nr_errors)
        cli_warning("%s: the registry has problems; 'sekretar check %s' "
                    "lists them",
                    path, path);
out:
    diag_list_release(&dl);
    diag_list_release(&rdl);
    return ret;
}
