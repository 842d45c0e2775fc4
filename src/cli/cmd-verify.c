/* cli/cmd-verify: whose diploma a code is, from the archive's catalogue.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "core/diploma.h"
#include "pipeline/archive.h"
#include "util/i18n.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char verify_usage[] =
    "usage: sekretar verify [--archive DIR] CODE\n"
    "\n"
    "Say whose diploma CODE (as UA-XXXX-XXXX-XXXX, printed under the\n"
    "diploma's QR code) is, from the catalogue of the archive, offline: the\n"
    "person, team or coach, the place and the degree, the event and the\n"
    "section, and the bundle of the event's version that gave it, with its\n"
    "SHA-256.  The code may be typed in any case, with or without its\n"
    "dashes.  A code with a wrong check character (mistyped or altered) and\n"
    "a code no diploma of the archive has are told apart.\n"
    "\n"
    "  --archive DIR   the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  -h, --help      show this help\n"
    "\n"
    "Exit status: 0 a diploma of the archive, 64 bad usage, 65 an unknown,\n"
    "altered or malformed code, 66 no catalogue.\n";

void cmd_verify_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, verify_usage);
}

/* The kind of a diploma (core/diploma.h's names) in the reader's words. */
static const char *kind_words(const char *kind)
{
    static const char *const words[][2] = {
        {"individual", N_("individual")},   {"coach", N_("coach's")},
        {"team", N_("team")},               {"member", N_("team member's")},
        {"team-coach", N_("team coach's")},
    };
    size_t i;

    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (!strcmp(kind, words[i][0]))
            return _(words[i][1]);
    return kind;
}

static void print_diploma(const struct table *r)
{
    const char *kind = table_cell(r, 0, 1), *lo = table_cell(r, 0, 7),
               *hi = table_cell(r, 0, 8);

    struct strbuf degree = STRBUF_INIT;

    num_roman(&degree, (int)strtol(table_cell(r, 0, 9), NULL, 10));
    printf(_("%s: a diploma of the archive\n"), table_cell(r, 0, 0));
    printf(_("  diploma:  %s, degree %s, place %s%s%s\n"), kind_words(kind),
           degree.buf,
           lo, strcmp(lo, hi) ? "-" : "", strcmp(lo, hi) ? hi : "");
    strbuf_release(&degree);
    printf(_("  awarded:  %s"), table_cell(r, 0, 2));
    if (*table_cell(r, 0, 3))
        printf(_(" (born %s)"), table_cell(r, 0, 3));
    if (*table_cell(r, 0, 4))
        printf(", %s", table_cell(r, 0, 4));
    printf("\n");
    if (*table_cell(r, 0, 6))
        printf(_("  pupil:    %s\n"), table_cell(r, 0, 6));
    if (*table_cell(r, 0, 5) && strcmp(kind, "team"))
        printf(_("  team:     %s\n"), table_cell(r, 0, 5));
    printf(_("  event:    %s: %s (%s, %s to %s)\n"), table_cell(r, 0, 10),
           table_cell(r, 0, 11), table_cell(r, 0, 14), table_cell(r, 0, 12),
           table_cell(r, 0, 13));
    printf(_("  section:  %s%s%s\n"), table_cell(r, 0, 15),
           *table_cell(r, 0, 16) ? ": " : "", table_cell(r, 0, 16));
    printf(_("  bundle:   %s, version %s\n"), table_cell(r, 0, 18),
           table_cell(r, 0, 17));
    printf(_("  SHA-256:  %s\n"), table_cell(r, 0, 19));
}

int cmd_verify(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"archive", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct diag_list dl = DIAG_LIST_INIT;
    const char *archive = NULL;
    char code[DIPLOMA_CODE_SIZE];
    struct archive_reader *rd = NULL;
    struct query q;
    struct table r;
    enum err e;
    int opt, ret;

    optind = 0;
    while ((opt = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'a':
            archive = optarg;
            break;
        case 'h':
            help_print(verify_usage, stdout);
            return EXIT_OK;
        default:
            return cli_bad_option("verify", opt, argv);
        }
    }
    if (optind >= argc)
        return cli_usage_error("verify", "no code given");
    if (optind + 1 < argc)
        return cli_usage_error("verify", "one code at a time");
    switch (diploma_code_read(argv[optind], code)) {
    case DIPLOMA_CODE_MALFORMED:
        cli_error("'%s' is not a diploma code (UA- and 12 letters and "
                  "digits, as UA-XXXX-XXXX-XXXX)",
                  argv[optind]);
        return EXIT_DATAERR;
    case DIPLOMA_CODE_ALTERED:
        cli_error("%s is not a valid diploma code: its check character does "
                  "not match (mistyped or altered)",
                  code);
        return EXIT_DATAERR;
    case DIPLOMA_CODE_OK:
        break;
    }
    ret = cli_report(archive_reader_open(cli_archive_root(archive), &rd, &dl),
                     &dl);
    if (ret)
        return ret;
    memset(&q, 0, sizeof(q));
    q.kind = QUERY_DIPLOMA;
    q.text = code;
    e = archive_query(rd, &q, &r, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
    } else if (!r.nrows) {
        cli_error("%s: no diploma of the archive has this code", code);
        ret = EXIT_DATAERR;
    } else {
        print_diploma(&r);
    }
    table_release(&r);
    archive_reader_close(rd);
    diag_list_release(&dl);
    return ret;
}
