/* cli/cmd-convert: write a results file as TRF-16 or TRF-26.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/tournament.h"
#include "ingest/trf.h"
#include "util/file.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char convert_usage[] =
    "usage: sekretar convert FILE --to FORMAT [-o OUT] [--encoding ENC]\n"
    "\n"
    "Write the results of FILE in another format, in UTF-8.  FORMAT is trf16\n"
    "(FIDE TRF-16; teams as 013 records) or trf26 (TRF-2026; teams as 310\n"
    "records, dates YYYY/MM/DD).  Every record of the input is kept.\n"
    "\n"
    "  --to FORMAT     trf16 or trf26\n"
    "  -o, --output F  write to F (atomically) instead of standard output\n"
    "  --encoding ENC  utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -h, --help      show this help\n";

int cmd_convert(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"to", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"encoding", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct trf_options opts = {ENC_AUTO};
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    struct strbuf out = STRBUF_INIT;
    const char *output = NULL, *to = NULL;
    enum trf_version v = TRF_16;
    int c, ret;
    enum err e;

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
        case 'h':
            fputs(convert_usage, stdout);
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
    e = trf_read(argv[optind], &opts, &t, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
        goto out;
    }
    cli_print_diags(&dl, stderr, 1);
    trf_write(t, v, &out);
    if (output) {
        struct diag_list wl = DIAG_LIST_INIT;
        e = file_write_atomic(output, out.buf, out.len, &wl);
        cli_print_diags(&wl, stderr, 1);
        diag_list_release(&wl);
        ret = cli_exit_code(e);
    } else {
        fwrite(out.buf, 1, out.len, stdout);
        ret = EXIT_OK;
    }
out:
    strbuf_release(&out);
    tournament_free(t);
    diag_list_release(&dl);
    return ret;
}
