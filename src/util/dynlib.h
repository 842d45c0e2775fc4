/* util/dynlib: outside libraries loaded on first use (dlopen), so that a
 * command pays only for the libraries it calls.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_DYNLIB_H
#define UTIL_DYNLIB_H

#include <stddef.h>

#include "util/diag.h"

struct strbuf;

/* A function of a library: its name and the function pointer (its
   address, as void *) that gets its address. */
struct dynlib_sym {
    const char *name;
    void *slot;
};

/*
 * A library: its SONAME ("libsqlite3.so.0"), what it is for (an N_()
 * phrase: "SQLite, for the archive"), the Debian package that has it (""
 * when unknown) and its functions; then what the first load found.  Each
 * wrapper file keeps one, static, made with DYNLIB_INIT.
 */
struct dynlib {
    const char *soname;
    const char *what;
    const char *package;
    const struct dynlib_sym *syms;
    size_t nsyms;
    int state;  /* 0 not tried, 1 loaded, -1 failed */
    char *why;  /* the failure: dlerror()'s text or the missing function */
};

#define DYNLIB_INIT(soname, what, package, syms)                              \
    {(soname), (what), (package), (syms), sizeof(syms) / sizeof((syms)[0]),   \
     0, NULL}

/*
 * In a wrapper file, before its library's functions are renamed: LIST is
 * an X-macro of the functions it calls, LIST(X, t) giving X(t, fn) for
 * each.  Defines static T_fn (a function pointer of fn's own type for
 * each, named fn), T_syms (their names and slots) and T_lib (the library,
 * DYNLIB_INIT).  The file then says #define fn (*T_fn.fn) for each, so
 * that its calls stay as they are, and calls dynlib_load(&T_lib, ...) at
 * each entry point before the first of them.
 */
#define DYNLIB_SLOT_(t, fn) __typeof__(&fn) fn;
#define DYNLIB_SYM_(t, fn) {#fn, &t##_fn.fn},
#define DYNLIB_DEFINE(t, LIST, soname, what, package)                         \
    _Static_assert(sizeof(soname) > 1, "no SONAME (see DYNLIBS)");            \
    static struct {                                                           \
        LIST(DYNLIB_SLOT_, t)                                                 \
    } t##_fn;                                                                 \
    static const struct dynlib_sym t##_syms[] = {LIST(DYNLIB_SYM_, t)};       \
    static struct dynlib t##_lib = DYNLIB_INIT(soname, what, package, t##_syms)

/*
 * Load lib on the first call: dlopen(soname, RTLD_NOW | RTLD_LOCAL) and
 * every function's address into its slot; one missing fails the whole
 * library (the slots then unused).  Later calls only return what the
 * first found, a failure too (dlopen is not tried again).  Returns ERR_OK,
 * or ERR_UNAVAILABLE with "cannot load the library ..." in dl (when not
 * NULL) at every call.  Safe from several threads.
 */
enum err dynlib_load(struct dynlib *lib, struct diag_list *dl);

/* Append to sb the message of a failed load ("cannot load the library
   'libhpdf-2.3.0.so' (...): ...; install the package ..."), translated. */
void dynlib_message(const struct dynlib *lib, struct strbuf *sb);

#endif
