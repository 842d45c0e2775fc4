/* cli/cmd-render: the PDF documents of a section (ranking list, cross
 * table).
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "core/validate.h"
#include "ingest/trf.h"
#include "render/render.h"
#include "util/date.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_DATADIR
#define SEKRETAR_DATADIR "/usr/local/share/sekretar"
#endif

static const char render_usage[] =
    "usage: sekretar render [options] FILE.trf\n"
    "\n"
    "Write the documents of a section as PDF files: the final ranking list\n"
    "(NAME-ranking.pdf) and the cross table (NAME-crosstable.pdf), NAME\n"
    "being the input's name without its extension.  The cross table is a\n"
    "round-robin grid when every pair of players met, else a Swiss table.\n"
    "\n"
    "  -o, --output DIR   write into DIR (made when missing; default: .)\n"
    "  --only LIST        only these documents, comma-separated: ranking,\n"
    "                     crosstable\n"
    "  --system S         cross table: auto (default), swiss, round-robin\n"
    "  --templates DIR    read the templates from DIR\n"
    "  --encoding ENC     utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -h, --help         show this help\n"
    "\n"
    "Templates (wording, layout) and fonts are found in SEKRETAR_TEMPLATES\n"
    "and SEKRETAR_FONTS, or in SEKRETAR_DATADIR/templates and /fonts, or\n"
    "next to the program, or in the installed share directory.  With\n"
    "SEKRETAR_TEST_DATE=YYYY-MM-DD or SOURCE_DATE_EPOCH=SECONDS the PDFs "
    "carry\n"
    "that creation date and are byte-identical between runs.\n"
    "\n"
    "Inconsistent results (see 'sekretar check') are refused with exit 65.\n";

/* The directory the running program is in, or NULL. */
static char *program_dir(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    char *slash;

    if (n <= 0)
        return NULL;
    buf[n] = '\0';
    slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return xstrdup(buf);
}

/*
 * Where the templates or fonts (sub) are: the environment, next to the
 * program (a build tree), ../share/sekretar from it (an installed tree
 * moved elsewhere), or the share directory of the installation.
 */
static char *data_dir(const char *sub, const char *env)
{
    const char *v = getenv(env);
    struct strbuf sb = STRBUF_INIT;
    char *dir;

    if (v && *v)
        return xstrdup(v);
    v = getenv("SEKRETAR_DATADIR");
    if (v && *v) {
        strbuf_addf(&sb, "%s/%s", v, sub);
        return strbuf_detach(&sb, NULL);
    }
    dir = program_dir();
    if (dir) {
        strbuf_addf(&sb, "%s/%s", dir, sub);
        if (file_is_dir(sb.buf)) {
            free(dir);
            return strbuf_detach(&sb, NULL);
        }
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/../share/sekretar/%s", dir, sub);
        free(dir);
        if (file_is_dir(sb.buf))
            return strbuf_detach(&sb, NULL);
        strbuf_reset(&sb);
    }
    strbuf_addf(&sb, "%s/%s", SEKRETAR_DATADIR, sub);
    return strbuf_detach(&sb, NULL);
}

/*
 * The creation date into *out: SEKRETAR_TEST_DATE (a date),
 * SOURCE_DATE_EPOCH (seconds), or now.  -1 when a variable cannot be read.
 */
static int creation_time(long long *out)
{
    const char *v = getenv("SEKRETAR_TEST_DATE");
    struct date d;
    char *end;

    if (v && *v) {
        if (date_parse(v, &d)) {
            cli_error("SEKRETAR_TEST_DATE: cannot read the date '%s'", v);
            return -1;
        }
        *out = (long long)date_days(&d) * 86400;
        return 0;
    }
    v = getenv("SOURCE_DATE_EPOCH");
    if (v && *v) {
        *out = strtoll(v, &end, 10);
        if (*end || *out < 0) {
            cli_error("SOURCE_DATE_EPOCH: not a number of seconds: '%s'", v);
            return -1;
        }
        return 0;
    }
    *out = (long long)time(NULL);
    return 0;
}

/* Documents chosen by --only, as flags by render_documents[] index. */
static int parse_only(const char *list, unsigned *mask)
{
    char *copy = xstrdup(list), *p = copy;
    int ret = 0;

    *mask = 0;
    while (p && *p) {
        char *comma = strchr(p, ',');
        const struct render_document *rd;
        if (comma)
            *comma = '\0';
        rd = render_find(p);
        if (!rd) {
            struct strbuf known = STRBUF_INIT;
            size_t i;
            for (i = 0; i < render_n_documents; i++)
                strbuf_addf(&known, "%s%s", i ? ", " : "",
                            render_documents[i].name);
            cli_usage_error("render",
                            "--only: unknown document '%s' (known: "
                            "%s)",
                            p, known.buf);
            strbuf_release(&known);
            ret = -1;
            break;
        }
        *mask |= 1u << (rd - render_documents);
        p = comma ? comma + 1 : NULL;
    }
    free(copy);
    if (!ret && !*mask) {
        cli_usage_error("render", "--only wants a list of documents");
        ret = -1;
    }
    return ret;
}

/* The input's file name without directories and extension. */
static void file_stem(struct strbuf *out, const char *path)
{
    const char *base = strrchr(path, '/'), *dot;

    base = base ? base + 1 : path;
    dot = strrchr(base, '.');
    if (dot && dot > base)
        strbuf_add(out, base, (size_t)(dot - base));
    else
        strbuf_addstr(out, base);
}

/* One section's documents: what they show and the name of their files. */
struct render_job {
    struct doc_context dc;
    struct strbuf stem;
};

/* Fill a job from a lone TRF file (the tournament and its standings). */
static void job_from_trf(struct render_job *job, const char *path,
                         const struct tournament *t, const struct standings *s,
                         enum doc_system system)
{
    memset(&job->dc, 0, sizeof(job->dc));
    job->dc.t = t;
    job->dc.s = s;
    job->dc.event_title = t->name;
    job->dc.city = t->city;
    job->dc.start_date = t->start_date;
    job->dc.end_date = t->end_date;
    job->dc.time_control = t->time_control;
    job->dc.chief_arbiter = t->chief_arbiter;
    job->dc.system = system;
    strbuf_init(&job->stem, 0);
    file_stem(&job->stem, path);
}

/* Render the chosen documents of a job into outdir; the exit code. */
static int run_job(const struct render_job *job,
                   const struct render_options *ro, const char *outdir,
                   unsigned only)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    int ret = EXIT_OK;
    size_t i;

    for (i = 0; i < render_n_documents; i++) {
        enum err e;
        if (only && !(only & (1u << i)))
            continue;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s-%s.pdf", outdir, job->stem.buf,
                    render_documents[i].name);
        e = render_documents[i].render(&job->dc, ro, path.buf, &dl);
        if (e) {
            cli_print_diags(&dl, stderr, 1);
            cli_error("%s: the %s was not written", path.buf,
                      render_documents[i].name);
            ret = cli_exit_code(e);
            break;
        }
        printf("%s\n", path.buf);
        diag_list_release(&dl);
        diag_list_init(&dl);
    }
    diag_list_release(&dl);
    strbuf_release(&path);
    return ret;
}

int cmd_render(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"only", required_argument, NULL, 'n'},
        {"system", required_argument, NULL, 's'},
        {"templates", required_argument, NULL, 't'},
        {"encoding", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct trf_options opts = {ENC_AUTO};
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    struct standings s;
    struct render_job job;
    struct render_options ro;
    const char *outdir = ".", *templates = NULL, *input;
    enum doc_system system = DOC_SYSTEM_AUTO;
    char *templates_dir = NULL, *fonts_dir = NULL;
    unsigned only = 0;
    int c, ret;
    enum err e;

    optind = 0;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            outdir = optarg;
            break;
        case 'n':
            if (parse_only(optarg, &only))
                return EXIT_USAGE;
            break;
        case 's':
            if (!strcmp(optarg, "auto"))
                system = DOC_SYSTEM_AUTO;
            else if (!strcmp(optarg, "swiss"))
                system = DOC_SYSTEM_SWISS;
            else if (!strcmp(optarg, "round-robin"))
                system = DOC_SYSTEM_ROUND_ROBIN;
            else
                return cli_usage_error("render",
                                       "--system is auto, swiss or "
                                       "round-robin, not '%s'",
                                       optarg);
            break;
        case 't':
            templates = optarg;
            break;
        case 'e':
            if (encoding_parse(optarg, &opts.encoding))
                return cli_usage_error("render", "unknown encoding '%s'",
                                       optarg);
            break;
        case 'h':
            fputs(render_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("render", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("render", "no input file given");
    if (optind + 1 < argc)
        return cli_usage_error("render", "one input at a time");
    input = argv[optind];
    if (file_is_dir(input)) {
        /* Event folders come with event.ini support. */
        cli_error("%s: is a directory; rendering an event folder is not "
                  "supported yet: give a TRF file",
                  input);
        return EXIT_NOINPUT;
    }
    if (creation_time(&ro.created))
        return EXIT_USAGE;

    e = trf_read(input, &opts, &t, &dl);
    if (!e && t)
        tournament_validate(t, &dl);
    if (e || dl.nr_errors) {
        cli_print_diags(&dl, stderr, 0);
        if (!e)
            cli_error("%s: the results are inconsistent; 'sekretar check %s' "
                      "lists every problem",
                      input, input);
        ret = e ? cli_exit_code(e) : EXIT_DATAERR;
        goto out;
    }
    e = file_mkdirs(outdir, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
        goto out;
    }
    templates_dir = templates ? xstrdup(templates)
                              : data_dir("templates", "SEKRETAR_TEMPLATES");
    fonts_dir = data_dir("fonts", "SEKRETAR_FONTS");
    ro.templates_dir = templates_dir;
    ro.fonts_dir = fonts_dir;

    standings_compute(&s, t, 0);
    job_from_trf(&job, input, t, &s, system);
    ret = run_job(&job, &ro, outdir, only);
    strbuf_release(&job.stem);
    standings_release(&s);
out:
    free(templates_dir);
    free(fonts_dir);
    tournament_free(t);
    diag_list_release(&dl);
    return ret;
}
