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

int table_format_parse(const char *s, enum table_format *out)
{
    static const char *const names[] = {"text", "tsv", "csv", "json"};
    size_t i;

    for (i = 0; i < 4; i++)
        if (!strcmp(s, names[i])) {
            *out = (enum table_format)i;
            return 0;
        }
    return -1;
}

void table_init(struct table *tb, size_t ncols, const char *const *heads,
                const char *align)
{
    size_t i;

    memset(tb, 0, sizeof(*tb));
    tb->ncols = ncols;
    tb->heads = xcalloc(ncols, sizeof(char *));
    tb->align = xcalloc(ncols + 1, 1);
    for (i = 0; i < ncols; i++) {
        tb->heads[i] = xstrdup(heads[i]);
        tb->align[i] = align && align[i] ? align[i] : 'l';
    }
}

void table_add_row(struct table *tb, const char *const *cells)
{
    size_t i;

    ALLOC_GROW(tb->cells, (tb->nrows + 1) * tb->ncols, tb->alloc);
    for (i = 0; i < tb->ncols; i++)
        tb->cells[tb->nrows * tb->ncols + i] =
            xstrdup(cells[i] ? cells[i] : "");
    tb->nrows++;
}

void table_release(struct table *tb)
{
    size_t i;

    for (i = 0; i < tb->ncols; i++)
        free(tb->heads[i]);
    for (i = 0; i < tb->nrows * tb->ncols; i++)
        free(tb->cells[i]);
    free(tb->heads);
    free(tb->align);
    free(tb->cells);
    memset(tb, 0, sizeof(*tb));
}

static void print_text(const struct table *tb, FILE *fp)
{
    size_t *w = xcalloc(tb->ncols, sizeof(size_t));
    size_t r, c;

    for (c = 0; c < tb->ncols; c++)
        w[c] = utf8_len(tb->heads[c]);
    for (r = 0; r < tb->nrows; r++)
        for (c = 0; c < tb->ncols; c++) {
            size_t n = utf8_len(tb->cells[r * tb->ncols + c]);
            if (n > w[c])
                w[c] = n;
        }
    for (r = 0; r <= tb->nrows; r++) {
        struct strbuf line = STRBUF_INIT;
        for (c = 0; c < tb->ncols; c++) {
            const char *s = r ? tb->cells[(r - 1) * tb->ncols + c]
                              : tb->heads[c];
            int right = tb->align[c] != 'l';
            size_t n = utf8_len(s), k;
            if (c)
                strbuf_addstr(&line, "  ");
            if (right)
                for (k = n; k < w[c]; k++)
                    strbuf_addch(&line, ' ');
            strbuf_addstr(&line, s);
            if (!right && c + 1 < tb->ncols)
                for (k = n; k < w[c]; k++)
                    strbuf_addch(&line, ' ');
        }
        strbuf_rtrim(&line);
        fprintf(fp, "%s\n", line.buf);
        strbuf_release(&line);
    }
    free(w);
}

static void put_csv(FILE *fp, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, fp);
        return;
    }
    fputc('"', fp);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', fp);
        fputc(*s, fp);
    }
    fputc('"', fp);
}

static void put_tsv(FILE *fp, const char *s)
{
    for (; *s; s++)
        fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, fp);
}

static void put_json_string(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(fp, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", fp);
        else if (c == '\t')
            fputs("\\t", fp);
        else if (c < 0x20)
            fprintf(fp, "\\u%04x", c);
        else
            fputc(c, fp);
    }
    fputc('"', fp);
}

void table_print(const struct table *tb, enum table_format fmt, FILE *fp)
{
    size_t r, c;

    switch (fmt) {
    case FMT_TEXT:
        print_text(tb, fp);
        return;
    case FMT_TSV:
    case FMT_CSV:
        for (r = 0; r <= tb->nrows; r++) {
            for (c = 0; c < tb->ncols; c++) {
                const char *s = r ? tb->cells[(r - 1) * tb->ncols + c]
                                  : tb->heads[c];
                if (c)
                    fputc(fmt == FMT_TSV ? '\t' : ',', fp);
                if (fmt == FMT_TSV)
                    put_tsv(fp, s);
                else
                    put_csv(fp, s);
            }
            fputs(fmt == FMT_CSV ? "\r\n" : "\n", fp);
        }
        return;
    case FMT_JSON:
        fputs("[", fp);
        for (r = 0; r < tb->nrows; r++) {
            fputs(r ? ",\n  {" : "\n  {", fp);
            for (c = 0; c < tb->ncols; c++) {
                const char *s = tb->cells[r * tb->ncols + c];
                if (c)
                    fputs(", ", fp);
                put_json_string(fp, tb->heads[c]);
                fputs(": ", fp);
                if (tb->align[c] == 'n')
                    fputs(*s ? s : "null", fp);
                else
                    put_json_string(fp, s);
            }
            fputs("}", fp);
        }
        fputs(tb->nrows ? "\n]\n" : "]\n", fp);
        return;
    }
}

int cli_load_consistent(const char *path, const char *section, int enc,
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

void cli_print_rows(const struct catalog_rows *r, enum table_format fmt,
                      FILE *fp)
{
    struct table tb;
    size_t i;

    table_init(&tb, r->ncols, (const char *const *)r->heads, r->align);
    for (i = 0; i < r->nrows; i++)
        table_add_row(&tb, (const char *const *)&r->cells[i * r->ncols]);
    table_print(&tb, fmt, fp);
    table_release(&tb);
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
