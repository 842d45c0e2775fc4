/* tests/unit/t-dynlib: libraries loaded on first use: a library found,
 * one missing (reported at every call, never opened again), one without
 * a function.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

#include "tap.h"
#include "util/dynlib.h"
#include "util/strbuf.h"

static double (*my_cos)(double);
static double (*my_sqrt)(double);
static void (*my_none)(void);

static const struct dynlib_sym m_syms[] = {
    {"cos", &my_cos},
    {"sqrt", &my_sqrt},
};
static const struct dynlib_sym bad_syms[] = {
    {"sqrt", &my_sqrt},
    {"sekretar_no_such_function", &my_none},
};

/* The only message in dl, or "" (and then a failed test). */
static const char *message(const struct diag_list *dl, size_t i)
{
    return i < dl->nr ? dl->items[i].msg : "";
}

static void test_found(void)
{
    struct dynlib lib = DYNLIB_INIT("libm.so.6", "a test library", "libc6",
                                    m_syms);
    struct diag_list dl = DIAG_LIST_INIT;

    is_int(dynlib_load(&lib, &dl), ERR_OK, "libm.so.6 loads");
    is_int(dl.nr, 0, "and reports nothing");
    ok(my_cos && my_sqrt, "both slots are filled");
    if (my_cos && my_sqrt) {
        is_double(my_cos(0.0), 1.0, "cos(0) through the slot");
        is_double(my_sqrt(2.25), 1.5, "sqrt(2.25) through the slot");
    }
    is_int(dynlib_load(&lib, &dl), ERR_OK, "a second call: loaded");
    diag_list_release(&dl);
}

static void test_missing(void)
{
    static const char want[] =
        "cannot load the library 'libsekretar-none.so.7' (a test library): "
        "libsekretar-none.so.7: cannot open shared object file: No such "
        "file or directory; install the package sekretar-test";
    struct dynlib lib = DYNLIB_INIT("libsekretar-none.so.7", "a test library",
                                    "sekretar-test", m_syms);
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;

    is_int(dynlib_load(&lib, &dl), ERR_UNAVAILABLE, "a missing library");
    is_int(dl.nr_errors, 1, "one error");
    is_str(message(&dl, 0), want, "the message names soname, use, package");
    is_int(dynlib_load(&lib, &dl), ERR_UNAVAILABLE, "a second call fails too");
    is_int(dl.nr_errors, 2, "and reports again");
    is_str(message(&dl, 1), want, "the same message");
    dynlib_message(&lib, &sb);
    is_str(sb.buf, want, "dynlib_message() gives it too");
    is_int(dynlib_load(&lib, NULL), ERR_UNAVAILABLE, "without a diag_list");
    free(lib.why); /* a wrapper's library is static: kept to the end */
    strbuf_release(&sb);
    diag_list_release(&dl);
}

/* A failure is remembered: the library is not opened again when it has
   appeared since. */
static void test_not_retried(void)
{
    char dir[] = "/tmp/t-dynlib-XXXXXX";
    struct strbuf path = STRBUF_INIT, want = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    Dl_info info;
    void *h = dlopen("libm.so.6", RTLD_NOW), *fn = h ? dlsym(h, "cos") : NULL;

    if (!fn || !dladdr(fn, &info) || !info.dli_fname || !mkdtemp(dir)) {
        ok(0, "the test's set-up (libm's path, a temporary folder)");
        return;
    }
    strbuf_addf(&path, "%s/libm-copy.so.6", dir);
    {
        struct dynlib lib = DYNLIB_INIT(path.buf, "a test library", "",
                                        m_syms);
        struct dynlib fresh = DYNLIB_INIT(path.buf, "a test library", "",
                                          m_syms);
        strbuf_addf(&want,
                    "cannot load the library '%s' (a test library): %s: "
                    "cannot open shared object file: No such file or "
                    "directory",
                    path.buf, path.buf);
        is_int(dynlib_load(&lib, &dl), ERR_UNAVAILABLE, "absent at first");
        is_str(message(&dl, 0), want.buf,
               "no package known: no advice to install one");
        ok(!symlink(info.dli_fname, path.buf), "the library appears");
        is_int(dynlib_load(&lib, &dl), ERR_UNAVAILABLE,
               "the failure is remembered, dlopen not tried again");
        is_str(message(&dl, 1), want.buf, "with the first message");
        is_int(dynlib_load(&fresh, NULL), ERR_OK,
               "while a library not tried before loads from there");
        free(lib.why);
    }
    unlink(path.buf);
    rmdir(dir);
    dlclose(h);
    strbuf_release(&path);
    strbuf_release(&want);
    diag_list_release(&dl);
}

static void test_no_function(void)
{
    struct dynlib lib = DYNLIB_INIT("libm.so.6", "a test library", "libc6",
                                    bad_syms);
    struct diag_list dl = DIAG_LIST_INIT;

    my_sqrt = NULL;
    is_int(dynlib_load(&lib, &dl), ERR_UNAVAILABLE,
           "a function missing fails the whole library");
    is_str(message(&dl, 0),
           "cannot load the library 'libm.so.6' (a test library): it has no "
           "function 'sekretar_no_such_function'; install the package libc6",
           "the message names the function");
    ok(!my_sqrt && !my_none, "no slot is filled, the found one's neither");
    free(lib.why);
    diag_list_release(&dl);
}

int main(void)
{
    test_found();
    test_missing();
    test_not_retried();
    test_no_function();
    return done_testing();
}
