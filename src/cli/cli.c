/* cli/cli: exit codes, messages and output helpers shared by the commands.
 * SPDX-License-Identifier: MIT
 */
#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "archive/catalog.h"
#include "core/validate.h"
#include "ingest/load.h"
#include "ingest/ranked.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

int cli_exit_code(enum err e)
{
    switch (e) {
    case ERR_OK:
        return EXIT_OK;
    case ERR_USAGE:
        return EXIT_USAGE;
    case ERR_NOINPUT:
        return EXIT_NOINPUT;
    case ERR_IO:
        return EXIT_IOERR;
    case ERR_PARSE:
    case ERR_DATA:
    case ERR_ARCHIVE:
    case ERR_RENDER:
        return EXIT_DATAERR;
    case ERR_CREATE:
        return EXIT_CANTCREAT;
    case ERR_CATALOG:
        return EXIT_IOERR;
    case ERR_INTERNAL:
        return EXIT_SOFTWARE;
    }
    return EXIT_SOFTWARE;
}

static void vreport(const char *level, const char *fmt, va_list ap)
{
    fflush(stdout);
    fprintf(stderr, "sekretar: %s: ", level);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("error", fmt, ap);
    va_end(ap);
}

void cli_warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("warning", fmt, ap);
    va_end(ap);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("error", fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'sekretar %s --help'.\n", cmd);
    return EXIT_USAGE;
}

void cli_print_diags(struct diag_list *dl, FILE *fp, int show_warnings)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    diag_list_sort(dl);
    if (fp == stderr)
        fflush(stdout);
    for (i = 0; i < dl->nr; i++) {
        const struct diag *d = &dl->items[i];
        if (d->level != DIAG_ERROR && !show_warnings)
            continue;
        strbuf_reset(&sb);
        if (!d->file)
            strbuf_addstr(&sb, "sekretar: ");
        diag_format(d, &sb);
        fprintf(fp, "%s\n", sb.buf);
    }
    if (dl->nr_dropped)
        fprintf(fp, "sekretar: note: %zu more findings not shown\n",
                dl->nr_dropped);
    strbuf_release(&sb);
}

int cli_finish(int code)
{
    if (fflush(stdout) || ferror(stdout)) {
        if (errno != EPIPE)
            fprintf(stderr, "sekretar: error: writing the output failed: %s\n",
                    strerror(errno));
        return EXIT_IOERR;
    }
    return code;
}

int cli_load_consistent(const char *path, const char *section, int enc,
                        const char *cmd, struct load *ld)
{
    return cli_load_consistent_flags(path, section, enc, 0, cmd, ld);
}

int cli_load_consistent_flags(const char *path, const char *section, int enc,
                              unsigned flags, const char *cmd,
                              struct load *ld)
{
    struct diag_list dl = DIAG_LIST_INIT, rdl = DIAG_LIST_INIT;
    enum err e;
    size_t i;
    int ret = 0;

    /* Only the errors are shown: the warnings are 'check''s. */
    dl.errors_only = rdl.errors_only = 1;
    e = load_path_flags(path, section, (enum encoding)enc, flags, ld, &dl,
                        &rdl);

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

int cli_report(enum err e, struct diag_list *dl)
{
    cli_print_diags(dl, stderr, 1);
    diag_list_release(dl);
    diag_list_init(dl);
    return e ? cli_exit_code(e) : 0;
}

const char *cli_archive_root(const char *opt)
{
    const char *env = getenv("SEKRETAR_ARCHIVE");

    if (opt)
        return opt;
    return env && *env ? env : "archive";
}

int cli_bad_option(const char *cmd, int c, char **argv)
{
    const char *arg = optind > 0 ? argv[optind - 1] : "";

    if (c == ':')
        return cli_usage_error(cmd, "option '%s' wants a value", arg);
    return cli_usage_error(cmd, "unknown option '%s'", arg);
}

void table_print(const struct table *tb, enum table_format fmt, FILE *fp)
{
    struct strbuf sb = STRBUF_INIT;

    table_write(tb, fmt, &sb);
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}

int ranked_load(const char *dir, const char *label, const char *cmd,
                ranked_progress_fn *progress, struct ranked *r)
{
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e = ranked_load_quiet(dir, label, cmd, progress, r, &dl);

    if (e == ERR_USAGE) {
        cli_error("%s", dl.items[0].msg);
        diag_list_release(&dl);
        return EXIT_USAGE;
    }
    cli_print_diags(&dl, stderr, 0);
    diag_list_release(&dl);
    return e ? cli_exit_code(e) : 0;
}

int cli_print_candidates(struct catalog *c, const char *event_id,
                         long long person, FILE *fp)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct table r;
    size_t i;
    int ret = 0;

    if (catalog_candidates(c, event_id, person, &r, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
    }
    for (i = 0; !ret && i < r.nrows; i++) {
        const char *birth = table_cell(&r, i, 2);
        const char *cbirth = table_cell(&r, i, 5);
        if (!i)
            fputc('\n', fp);
        fprintf(fp,
                "#%s %s (%s): possibly the same person as #%s (%s, %s; %s); "
                "'sekretar archive merge-people %s %s' joins them\n",
                table_cell(&r, i, 0), table_cell(&r, i, 1),
                *birth ? birth : "no birth date", table_cell(&r, i, 3),
                table_cell(&r, i, 4), *cbirth ? cbirth : "no birth date",
                *table_cell(&r, i, 6) ? table_cell(&r, i, 6) : "no events",
                table_cell(&r, i, 3), table_cell(&r, i, 0));
    }
    table_release(&r);
    diag_list_release(&dl);
    return ret;
}
