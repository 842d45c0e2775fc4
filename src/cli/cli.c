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

#include "pipeline/archive.h"
#include "pipeline/prepare.h"
#include "util/arena.h"
#include "util/i18n.h"
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
    fprintf(stderr, _("sekretar: %s: "), _(level));
    vfprintf(stderr, _(fmt), ap);
    fputc('\n', stderr);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(N_("error"), fmt, ap);
    va_end(ap);
}

void cli_warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(N_("warning"), fmt, ap);
    va_end(ap);
}

void cli_add_count(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;

    if (sb->len)
        strbuf_addstr(sb, ", ");
    va_start(ap, fmt);
    strbuf_vaddf(sb, fmt, ap);
    va_end(ap);
}

void cli_try_help(const char *cmd)
{
    fprintf(stderr, _("Try 'sekretar %s --help'.\n"), cmd);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(N_("error"), fmt, ap);
    va_end(ap);
    cli_try_help(cmd);
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
        fprintf(fp, _("sekretar: note: %zu more findings not shown\n"),
                dl->nr_dropped);
    strbuf_release(&sb);
}

int cli_finish(int code)
{
    if (fflush(stdout) || ferror(stdout)) {
        if (errno != EPIPE)
            fprintf(stderr,
                    _("sekretar: error: writing the output failed: %s\n"),
                    strerror(errno));
        return EXIT_IOERR;
    }
    return code;
}

int cli_prepare(const struct prepare_options *o, const char *cmd,
                int show_warnings, struct prepared *p)
{
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e;
    size_t i;
    int ret = 0;

    /* Warnings not shown are counted, not written. */
    dl.errors_only = !show_warnings;
    e = prepare_event(o, p, &dl);

    if (e == ERR_USAGE) {
        /* The command line's problem has no location. */
        for (i = 0; i < dl.nr; i++)
            if (!dl.items[i].file && dl.items[i].level == DIAG_ERROR)
                break;
        if (i < dl.nr)
            ret = cli_usage_error(cmd, "%s", dl.items[i].msg);
        else
            ret = EXIT_USAGE;
    } else {
        cli_print_diags(&dl, stderr, show_warnings);
        /* What the rankings say of the sections shown (a tie-break list
           of the file not used) belongs to what the command shows. */
        for (i = 0; !show_warnings && !e && i < p->n; i++)
            cli_print_diags(&p->secs[i].notes, stderr, 1);
        if (e == ERR_DATA && p->n_errors)
            cli_error("%s: %zu error%s; %s refuses an event with errors "
                      "('sekretar check %s' lists every problem)",
                      o->path, p->n_errors, p->n_errors == 1 ? "" : "s", cmd,
                      o->path);
        ret = e ? cli_exit_code(e) : 0;
    }
    diag_list_release(&dl);
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

/*
 * The headings of the text tables (the catalogue's column names) and the
 * fields of 'archive show', in the user's language; tsv, csv and json
 * keep them as they are (machines read them).
 */
static const char *const text_words[] = {
    N_("Bronze"),   N_("Birth"),         N_("Black"),   N_("Category"),
    N_("Champion"), N_("Chief arbiter"), N_("City"),    N_("Club"),
    N_("Coach"),    N_("Created"),       N_("Dates"),   N_("Discipline"),
    N_("End"),      N_("Event"),         N_("Events"),  N_("FIDE"),
    N_("Field"),    N_("Files"),         N_("Games"),   N_("Gold"),
    N_("Matches"),  N_("Medallists"),    N_("Name"),    N_("No"),
    N_("Path"),     N_("Performance"),   N_("Person"),  N_("Place"),
    N_("People"),   N_("Entries"),
    N_("Players"),  N_("Points"),        N_("Rank"),    N_("Rating"),
    N_("Region"),   N_("Result"),        N_("Round"),   N_("Rounds"),
    N_("Section"),  N_("Sections"),      N_("Sex"),     N_("Silver"),
    N_("Size"),     N_("Software"),      N_("Start"),   N_("Status"),
    N_("System"),   N_("Tiebreaks"),     N_("Title"),   N_("Total"),
    N_("Value"),    N_("Venue"),         N_("Version"), N_("White"),
    N_("Year"),     N_("Board"),         N_("Boards"),  N_("ECO"),
    N_("Game"),     N_("Match"),         N_("Moves"),   N_("RatedGames"),
    N_("Reached"),  N_("Recorded"),      N_("Stage"),   N_("Team"),
};

/*
 * The catalogue's codes in the cells of some columns, in the user's
 * words in a text table (tsv, csv and json keep the codes).
 */
static const struct {
    const char *head, *code, *word;
} text_values[] = {
    {"System", "swiss", N_("Swiss system")},
    {"System", "round-robin", N_("round robin")},
    {"System", "knock-out", N_("knock-out system")},
    {"System", "team", N_("team competition")},
    {"Discipline", "classic", N_("classic")},
    {"Discipline", "rapid", N_("rapid")},
    {"Discipline", "blitz", N_("blitz")},
    {"Stage", "classic", N_("classic")},
    {"Stage", "rapid", N_("rapid")},
    {"Stage", "blitz", N_("blitz")},
    {"Stage", "armageddon", N_("armageddon")},
    {"Stage", "walkover", N_("walkover")},
    {"Sex", "m", N_("male")},
    {"Sex", "f", N_("female")},
    {"Status", "current", N_("current")},
    {"Reached", "final", N_("final")},
    {"Reached", "3rd place match", N_("3rd place match")},
};

/* The cell s of the column head in the user's words: a code of
   text_values, a knock-out's "round N", else s itself. */
static char *text_value(const char *head, char *s, struct arena *a)
{
    size_t i;

    for (i = 0; i < sizeof(text_values) / sizeof(text_values[0]); i++)
        if (!strcmp(head, text_values[i].head) &&
            !strcmp(s, text_values[i].code))
            return (char *)_(text_values[i].word);
    if (!strcmp(head, "Reached") && !strncmp(s, "round ", 6)) {
        struct strbuf sb = STRBUF_INIT;
        char *t;
        strbuf_addf(&sb, _("round %s"), s + 6);
        t = arena_strdup(a, sb.buf);
        strbuf_release(&sb);
        return t;
    }
    return s;
}

static int has_values(const char *head)
{
    size_t i;

    for (i = 0; i < sizeof(text_values) / sizeof(text_values[0]); i++)
        if (!strcmp(head, text_values[i].head))
            return 1;
    return 0;
}

static char *text_word(char *s)
{
    size_t i;

    for (i = 0; i < sizeof(text_words) / sizeof(text_words[0]); i++)
        if (!strcmp(s, text_words[i]))
            return (char *)_(text_words[i]);
    return s;
}

void table_print(const struct table *tb, enum table_format fmt, FILE *fp)
{
    struct table tr = *tb;
    struct arena words = ARENA_INIT;
    size_t i;

    if (fmt == FMT_TEXT && i18n_active()) {
        tr.heads = xmallocarray(tb->ncols, sizeof(*tr.heads));
        for (i = 0; i < tb->ncols; i++)
            tr.heads[i] = text_word(tb->heads[i]);
        /* 'archive show': the names of the fields too. */
        if (tb->ncols == 2 && !strcmp(tb->heads[0], "Field")) {
            tr.cells = xmallocarray(tb->nrows * 2, sizeof(*tr.cells));
            for (i = 0; i < tb->nrows * 2; i++)
                tr.cells[i] = i % 2 ? tb->cells[i] : text_word(tb->cells[i]);
        }
        for (i = 0; i < tb->ncols; i++) {
            size_t row;
            if (!has_values(tb->heads[i]))
                continue;
            if (tr.cells == tb->cells) {
                tr.cells = xmallocarray(tb->nrows * tb->ncols + 1,
                                        sizeof(*tr.cells));
                memcpy(tr.cells, tb->cells,
                       tb->nrows * tb->ncols * sizeof(*tr.cells));
            }
            for (row = 0; row < tb->nrows; row++)
                tr.cells[row * tb->ncols + i] = text_value(
                    tb->heads[i], tr.cells[row * tb->ncols + i], &words);
        }
    }
    table_write_file(&tr, fmt, fp);
    arena_release(&words);
    if (tr.heads != tb->heads)
        free(tr.heads);
    if (tr.cells != tb->cells)
        free(tr.cells);
}

int cli_print_candidates(struct archive_reader *rd, const char *event_id,
                         long long person, FILE *fp)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct query q;
    struct table r;
    size_t i;
    int ret = 0;

    memset(&q, 0, sizeof(q));
    q.kind = QUERY_CANDIDATES;
    q.text = event_id;
    q.person = person;
    if (archive_query(rd, &q, &r, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        ret = EXIT_IOERR;
    }
    for (i = 0; !ret && i < r.nrows; i++) {
        const char *birth = table_cell(&r, i, 2);
        const char *cbirth = table_cell(&r, i, 5);
        if (!i)
            fputc('\n', fp);
        fprintf(fp,
                _("#%s %s (%s): possibly the same person as #%s (%s, %s; "
                  "%s); 'sekretar archive merge-people %s %s' joins them\n"),
                table_cell(&r, i, 0), table_cell(&r, i, 1),
                *birth ? birth : _("no birth date"), table_cell(&r, i, 3),
                table_cell(&r, i, 4), *cbirth ? cbirth : _("no birth date"),
                *table_cell(&r, i, 6) ? table_cell(&r, i, 6) : _("no events"),
                table_cell(&r, i, 3), table_cell(&r, i, 0));
    }
    table_release(&r);
    diag_list_release(&dl);
    return ret;
}
