/* cli/cmd-build: the main job: check an event, make its documents, bundle
 * everything and add the bundle to the archive's catalogue.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "cli/options.h"
#include "pipeline/build.h"
#include "pipeline/prepare.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/banned.h"


static const char build_usage[] =
    "usage: sekretar build [--archive DIR] [--slug SLUG] EVENT-DIR\n"
    "\n"
    "The main job: check the event folder (an event with errors is refused,\n"
    "exit 65, with every problem listed), rank every section with its\n"
    "rules, write its documents, pack event.ini, players.csv, playoffs.csv,\n"
    "every results file and every document into one zip bundle with a\n"
    "manifest (sizes and SHA-256), and add it to the archive's catalogue.\n"
    "\n"
    "The bundle is ARCHIVE/YEAR/START-SLUG.zip "
    "(2023/2023-06-01-u10-lviv.zip);\n"
    "a corrected event becomes the next version and the one before is kept\n"
    "as START-SLUG-vN.zip.  Building an unchanged event changes nothing.\n"
    "\n"
    "  --archive DIR  the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --slug SLUG    the event's name in the archive (default: the folder's\n"
    "                 name in Latin letters, without a trailing year)\n"
    "  -h, --help     show this help\n"
    "\n"
    "SOURCE_DATE_EPOCH (seconds since 1970) fixes the creation time, so that\n"
    "the same event gives the same bytes.\n";

void cmd_build_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, build_usage);
}

static int tty;

static void progress(const char *what, size_t i, size_t n)
{
    if (tty) {
        fputs("\r\033[K", stderr);
        fprintf(stderr, _("ranking %s (%zu/%zu)"), what, i + 1, n);
    }
}

static void progress_text(const char *what, int percent)
{
    (void)percent;
    if (tty)
        fprintf(stderr, "\r\033[K%s", _(what));
}

static void progress_done(void)
{
    if (tty)
        fputs("\r\033[K", stderr);
}

int cmd_build(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"archive", required_argument, NULL, 'a'},
        {"slug", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct diag_list dl = DIAG_LIST_INIT;
    struct prepare_options po;
    struct build_options bo;
    struct build_summary sum;
    struct prepared p;
    const char *opt_archive = NULL;
    size_t i;
    int c, ret = EXIT_OK;
    enum err e;

    memset(&po, 0, sizeof(po));
    memset(&bo, 0, sizeof(bo));
    memset(&sum, 0, sizeof(sum));
    optind = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            opt_archive = optarg;
            break;
        case 's':
            bo.slug = optarg;
            break;
        case 'h':
            help_print(build_usage, stdout);
            return EXIT_OK;
        default:
            return cli_bad_option("build", c, argv);
        }
    }
    if (optind >= argc)
        return cli_usage_error("build", "no event folder given");
    if (optind + 1 < argc)
        return cli_usage_error("build", "one event folder at a time");
    bo.dir = argv[optind];
    bo.root = cli_archive_root(opt_archive);
    if (options_creation_time(&bo.created))
        return EXIT_USAGE;
    tty = isatty(2);
    bo.progress = progress_text;

    po.path = bo.dir;
    po.flags = PREPARE_FOLDER;
    po.cmd = "build";
    po.progress = progress;
    ret = cli_prepare(&po, "build", 0, &p);
    progress_done();
    if (ret)
        goto out;
    e = pipeline_build(&p, &bo, &sum, &dl);
    progress_done();
    if (e == ERR_USAGE) {
        ret = cli_usage_error("build", "%s", dl.items[0].msg);
        goto out;
    }
    ret = cli_report(e, &dl);
    if (ret)
        goto out;
    if (sum.up_to_date) {
        if (sum.files)
            printf(_("%s/%s: up to date (version %d, %zu files)\n"), bo.root,
                   sum.relpath, sum.version, sum.files);
        else
            printf(_("%s/%s: up to date (version %d)\n"), bo.root,
                   sum.relpath, sum.version);
        goto out;
    }
    printf(_("bundle:    %s/%s (version %d, %zu files, %zu bytes)\n"), bo.root,
           sum.relpath, sum.version, sum.files, sum.bytes);
    if (sum.previous)
        printf(_("previous:  %s/%s (version %d, kept)\n"), bo.root,
               sum.previous, sum.previous_version);
    {
        struct strbuf counts = STRBUF_INIT;
        cli_add_count(&counts,
                      i18n_ngettext("%zu section", "%zu sections",
                                    sum.sections),
                      sum.sections);
        cli_add_count(&counts,
                      i18n_ngettext("%zu person", "%zu people", sum.people),
                      sum.people);
        cli_add_count(&counts,
                      i18n_ngettext("%zu entry", "%zu entries", sum.entries),
                      sum.entries);
        printf(_("catalogue: %s/%s (event %s: %s)\n"), bo.root, sum.catalog,
               sum.event_id, counts.buf);
        strbuf_release(&counts);
    }
    for (i = 0; i < sum.n_made; i++)
        printf("  %s\n", sum.made[i]);
    /* The count check gives, of the one list check prints. */
    if (p.n_warnings)
        printf(i18n_ngettext("%zu warning: 'sekretar check %s' lists it\n",
                             "%zu warnings: 'sekretar check %s' lists them\n",
                             p.n_warnings),
               p.n_warnings, bo.dir);
out:
    build_summary_release(&sum);
    prepared_release(&p);
    diag_list_release(&dl);
    return ret;
}
