/* cli/cmd-convert: write a results file as TRF-16 or TRF-26.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "pipeline/convert.h"
#include "pipeline/prepare.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char convert_usage[] =
    "usage: sekretar convert FILE --to FORMAT [-o OUT] [--latin] [--encoding "
    "ENC]\n"
    "       sekretar convert DIR --section S --to FORMAT [-o OUT] [--latin]\n"
    "\n"
    "Write the results of FILE (TRF or a results CSV) in another format, in\n"
    "UTF-8.  FORMAT is trf16 (FIDE TRF-16; teams as 013 records) or trf26\n"
    "(TRF-2026; teams as 310 records, dates YYYY/MM/DD).  Every record of\n"
    "the input is kept.  Of an event folder DIR, write section S as the\n"
    "rating report: the header from event.ini, the players' FIDE IDs,\n"
    "federations, titles, ratings, sex and birth dates from the registry,\n"
    "points and ranks from the standings.  Results that 'sekretar check'\n"
    "refuses are not converted (exit 65).\n"
    "\n"
    "  --to FORMAT     trf16 or trf26\n"
    "  --section S     the section of an event folder\n"
    "  --latin         names in Cyrillic transliterated (KMU resolution 55)\n"
    "  -o, --output F  write to F (atomically) instead of standard output\n"
    "  --encoding ENC  utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -h, --help      show this help\n";

void cmd_convert_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, convert_usage);
}

/* Write out to output (atomically), or to standard output. */
static int emit(const struct strbuf *out, const char *output)
{
    struct diag_list wl = DIAG_LIST_INIT;
    enum err e;

    if (!output) {
        fwrite(out->buf, 1, out->len, stdout);
        return EXIT_OK;
    }
    e = file_write_atomic(output, out->buf, out->len, &wl);
    cli_print_diags(&wl, stderr, 1);
    diag_list_release(&wl);
    return cli_exit_code(e);
}

int cmd_convert(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"to", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"encoding", required_argument, NULL, 'e'},
        {"latin", no_argument, NULL, 'l'},
        {"section", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct {
        enum encoding encoding;
    } opts = {ENC_AUTO};
    struct strbuf out = STRBUF_INIT;
    struct prepare_options po;
    struct prepared p;
    const char *output = NULL, *to = NULL, *section = NULL;
    enum trf_version v = TRF_16;
    int c, ret, latin = 0;

    optind = 0;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 't':
            to = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'e':
            if (encoding_parse(optarg, &opts.encoding))
                return cli_usage_error("convert", "unknown encoding '%s'",
                                       optarg);
            break;
        case 'l':
            latin = 1;
            break;
        case 's':
            section = optarg;
            break;
        case 'h':
            help_print(convert_usage, stdout);
            return EXIT_OK;
        default:
            return cli_usage_error("convert", "bad option");
        }
    }
    if (!to)
        return cli_usage_error("convert", "--to is required (trf16 or trf26)");
    if (!strcmp(to, "trf16") || !strcmp(to, "trf"))
        v = TRF_16;
    else if (!strcmp(to, "trf26"))
        v = TRF_26;
    else
        return cli_usage_error("convert", "unknown format '%s' (trf16, trf26)",
                               to);
    if (optind >= argc)
        return cli_usage_error("convert", "no input file given");
    if (optind + 1 < argc)
        return cli_usage_error("convert", "one input file at a time");
    if (file_is_dir(argv[optind]) && !section)
        return cli_usage_error("convert",
                               "'%s' is a folder; name the section of "
                               "the rating report with --section",
                               argv[optind]);
    if (section && !file_is_dir(argv[optind]))
        return cli_usage_error("convert",
                               "--section is for an event folder; '%s' is "
                               "one results file",
                               argv[optind]);
    /* What check refuses is not converted: a TRF must stay consistent. */
    memset(&po, 0, sizeof(po));
    po.path = argv[optind];
    po.section = section;
    po.encoding = opts.encoding;
    ret = cli_prepare(&po, "convert", 1, &p);
    if (!ret) {
        convert_write(&p, v, latin, &out);
        ret = emit(&out, output);
    }
    prepared_release(&p);
    strbuf_release(&out);
    return ret;
}
