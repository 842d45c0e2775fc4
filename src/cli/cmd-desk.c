/* cli/cmd-desk: the secretary's desk: the event's check, documents and
 * build as local web pages, in the secretary's own browser.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "cli/options.h"
#include "pipeline/desk.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char desk_usage[] =
    "usage: sekretar desk [--archive DIR] [--output DIR] [--port N]\n"
    "                     [--listen ADDR] [--no-browser] [EVENT-DIR]\n"
    "\n"
    "The secretary's desk: the event folder (default: the current folder)\n"
    "as local web pages in the browser: its sections and files with their\n"
    "state, every error and warning of the check with the line of the\n"
    "input and the place marked, the documents made, looked at and\n"
    "downloaded, and the build into the archive with its answer.  It\n"
    "prints the desk's link (with a one-time secret) and opens it in the\n"
    "default browser; it stops with Ctrl-C.\n"
    "\n"
    "  --archive DIR  the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --output DIR   where the documents are written (default: the event\n"
    "                 folder's documents/)\n"
    "  --port N       the port (default: a free one)\n"
    "  --listen ADDR  listen on ADDR, not 127.0.0.1 (other machines may\n"
    "                 then reach the desk: a warning)\n"
    "  --no-browser   print the link only\n"
    "  -h, --help     show this help\n"
    "\n"
    "Only the browser that opened the printed link is served (the link's\n"
    "secret becomes a cookie), only under the link's host name, and every\n"
    "form carries a second secret.\n"
    "\n"
    "Exit status: 0 stopped, 64 bad usage, 66 no such folder, 69 cannot\n"
    "listen.\n";

void cmd_desk_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, desk_usage);
}

int cmd_desk(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"archive", required_argument, NULL, 'a'},
        {"output", required_argument, NULL, 'o'},
        {"port", required_argument, NULL, 'p'},
        {"listen", required_argument, NULL, 'l'},
        {"no-browser", no_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct desk d;
    struct http_server *srv;
    struct strbuf out = STRBUF_INIT, url = STRBUF_INIT;
    const char *archive = NULL, *listen = "127.0.0.1", *why = "";
    long port = 0;
    char *end;
    int c, browser = 1;

    memset(&d, 0, sizeof(d));
    optind = 0;
    while ((c = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            archive = optarg;
            break;
        case 'o':
            d.outdir = optarg;
            break;
        case 'p':
            port = strtol(optarg, &end, 10);
            if (!*optarg || *end || port < 0 || port > 65535)
                return cli_usage_error("desk",
                                       "--port wants a port number (0 to "
                                       "65535), not '%s'",
                                       optarg);
            break;
        case 'l':
            listen = optarg;
            break;
        case 'n':
            browser = 0;
            break;
        case 'h':
            help_print(desk_usage, stdout);
            return EXIT_OK;
        default:
            return cli_bad_option("desk", c, argv);
        }
    }
    if (optind + 1 < argc)
        return cli_usage_error("desk", "one event folder at a time");
    d.dir = optind < argc ? argv[optind] : ".";
    if (!file_is_dir(d.dir)) {
        cli_error("%s: no such event folder", d.dir);
        return EXIT_NOINPUT;
    }
    d.archive = cli_archive_root(archive);
    if (!d.outdir) {
        strbuf_addf(&out, "%s/documents", d.dir);
        d.outdir = out.buf;
    }
    if (options_creation_time(&d.created))
        return EXIT_USAGE;
    if (desk_secrets(&d)) {
        cli_error("no random source (/dev/urandom) for the desk's secret");
        strbuf_release(&out);
        return EXIT_UNAVAILABLE;
    }
    /* The signals that stop the desk wait for the main thread only. */
    os_interrupt_prepare();
    srv = http_start(listen, (unsigned)port, 1u << 20, DESK_COOKIE, desk_handle,
                     desk_quick,
                     &d, &why);
    if (!srv) {
        os_interrupt_cancel();
        cli_error("cannot listen on %s port %ld: %s", listen, port, _(why));
        strbuf_release(&out);
        return EXIT_UNAVAILABLE;
    }
    if (strcmp(listen, "127.0.0.1"))
        cli_warning("listening on %s: other machines of the network may "
                    "reach the desk (the link's secret still guards it)",
                    listen);
    snprintf(d.host, sizeof(d.host), "%s:%u", listen, http_port(srv));
    snprintf(d.host2, sizeof(d.host2), "localhost:%u", http_port(srv));
    strbuf_addf(&url, "http://%s/?t=%s", d.host, d.token);
    printf(_("The desk of %s: %s\n(Ctrl-C stops it)\n"), d.dir, url.buf);
    fflush(stdout);
    if (browser)
        os_open_url(url.buf);
    os_interrupt_wait();
    http_stop(srv);
    desk_release(&d);
    strbuf_release(&out);
    strbuf_release(&url);
    return EXIT_OK;
}
