/* tests/tap: a tiny Test Anything Protocol emitter for the C unit tests.
 * SPDX-License-Identifier: MIT
 *
 * Header-only: each test program includes it once.  Output goes to stdout;
 * prove reads it.
 */
#ifndef TESTS_TAP_H
#define TESTS_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define TAP_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define TAP_UNUSED __attribute__((unused))
#else
#define TAP_PRINTF(a, b)
#define TAP_UNUSED
#endif

static int tap_n;
static int tap_failed;
static int tap_planned = -1;

static void tap_vdesc(const char *fmt, va_list ap)
{
    if (fmt && *fmt) {
        fputs(" - ", stdout);
        vprintf(fmt, ap);
    }
    fputc('\n', stdout);
}

static TAP_UNUSED void plan(int n)
{
    tap_planned = n;
    printf("1..%d\n", n);
}

static TAP_UNUSED void skip_all(const char *why)
{
    printf("1..0 # SKIP %s\n", why);
    exit(0);
}


static void diag(const char *fmt, ...) TAP_PRINTF(1, 2);
static void diag(const char *fmt, ...)
{
    va_list ap;
    fputs("# ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

static int ok(int cond, const char *fmt, ...) TAP_PRINTF(2, 3);
static int ok(int cond, const char *fmt, ...)
{
    va_list ap;
    tap_n++;
    if (!cond)
        tap_failed++;
    printf("%sok %d", cond ? "" : "not ", tap_n);
    va_start(ap, fmt);
    tap_vdesc(fmt, ap);
    va_end(ap);
    return cond;
}

static TAP_UNUSED int skip(const char *why)
{
    tap_n++;
    printf("ok %d # SKIP %s\n", tap_n, why);
    return 1;
}

#define is_int(got, want, ...)                                                 \
    do {                                                                       \
        long long tap_g_ = (long long)(got), tap_w_ = (long long)(want);       \
        if (!ok(tap_g_ == tap_w_, __VA_ARGS__))                                \
            diag("     got: %lld\n#     want: %lld", tap_g_, tap_w_);          \
    } while (0)

#define is_double(got, want, ...)                                              \
    do {                                                                       \
        double tap_g_ = (got), tap_w_ = (want);                                \
        if (!ok(fabs(tap_g_ - tap_w_) < 1e-9, __VA_ARGS__))                    \
            diag("     got: %g\n#     want: %g", tap_g_, tap_w_);              \
    } while (0)

#define is_str(got, want, ...)                                                 \
    do {                                                                       \
        const char *tap_g_ = (got), *tap_w_ = (want);                          \
        if (!ok(tap_g_ && tap_w_ && !strcmp(tap_g_, tap_w_), __VA_ARGS__))     \
            diag("     got: '%s'\n#     want: '%s'",                           \
                 tap_g_ ? tap_g_ : "(null)", tap_w_ ? tap_w_ : "(null)");      \
    } while (0)

/* Print the plan if none was given; exit status is the number of failures. */
static int done_testing(void)
{
    if (tap_planned < 0)
        printf("1..%d\n", tap_n);
    else if (tap_planned != tap_n)
        diag("planned %d tests but ran %d", tap_planned, tap_n);
    return tap_failed > 254 ? 254 : tap_failed;
}

#endif
