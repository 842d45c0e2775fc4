/* util/dynlib: outside libraries loaded on first use; the only file that
 * calls dlopen.
 * SPDX-License-Identifier: MIT
 */
#include "util/dynlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* One load at a time: archive verify opens bundles from two threads. */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

/* Open lib and fill its slots; state 1, or -1 with why. */
static void open_lib(struct dynlib *lib)
{
    struct strbuf why = STRBUF_INIT;
    void *h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
    size_t i;

    if (!h) {
        const char *e = dlerror();
        strbuf_addstr(&why, e ? e : "dlopen failed");
    }
    /* Every function first, so that a failure fills no slot. */
    for (i = 0; h && i < lib->nsyms; i++)
        if (!dlsym(h, lib->syms[i].name)) {
            strbuf_addf(&why, _("it has no function '%s'"),
                        lib->syms[i].name);
            dlclose(h);
            h = NULL;
        }
    for (i = 0; h && i < lib->nsyms; i++) {
        void *fn = dlsym(h, lib->syms[i].name);
        /* POSIX: a function's address fits a void * and back. */
        memcpy(lib->syms[i].slot, &fn, sizeof(fn));
    }
    if (h) {
        lib->state = 1;
        strbuf_release(&why);
    } else {
        lib->state = -1;
        lib->why = strbuf_detach(&why, NULL);
    }
}

enum err dynlib_load(struct dynlib *lib, struct diag_list *dl)
{
    int state;

    pthread_mutex_lock(&load_lock);
    if (!lib->state)
        open_lib(lib);
    state = lib->state;
    pthread_mutex_unlock(&load_lock);
    if (state > 0)
        return ERR_OK;
    if (dl) {
        struct strbuf sb = STRBUF_INIT;
        dynlib_message(lib, &sb);
        diag_error(dl, NULL, 0, 0, "%s", sb.buf);
        strbuf_release(&sb);
    }
    return ERR_UNAVAILABLE;
}

void dynlib_message(const struct dynlib *lib, struct strbuf *sb)
{
    const char *why = lib->why ? lib->why : "";

    if (lib->package && *lib->package)
        strbuf_addf(sb,
                    _("cannot load the library '%s' (%s): %s; install the "
                      "package %s"),
                    lib->soname, _(lib->what), why, lib->package);
    else
        strbuf_addf(sb, _("cannot load the library '%s' (%s): %s"),
                    lib->soname, _(lib->what), why);
}
