/* cli/cmd-desk: the secretary's desk: the event's check, documents and
 * build as local web pages, in the secretary's own browser.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "cli/options.h"
#include "pipeline/desk.h"
#include "util/file.h"
#include "util/i18n.h"
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

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

/* Open url in the default browser, where one is known: under WSL
   wslview, else Windows' Explorer (which hands an address to the default
   browser; Windows' localhost reaches the WSL's), elsewhere xdg-open.
   Quietly nothing when none starts. */
static void open_browser(const char *url)
{
    static const char *const ways[][4] = {
        {"wslview", NULL},
        {"explorer.exe", NULL},
        {"xdg-open", NULL},
    };
    size_t i;
    int wsl = getenv("WSL_DISTRO_NAME") != NULL;

    for (i = wsl ? 0 : 2; i < (wsl ? 2u : 3u); i++) {
        pid_t pid = fork();
        int status;
        if (pid == 0) {
            int fd = open("/dev/null", 0);
            if (fd >= 0) {
                dup2(fd, 1);
                dup2(fd, 2);
            }
            execlp(ways[i][0], ways[i][0], url, (char *)NULL);
            _exit(127);
        }
        /* Explorer answers 1 when it did open the address: it is the last
           way tried under WSL, its status not read. */
        if (pid > 0 && waitpid(pid, &status, 0) == pid &&
            (!strcmp(ways[i][0], "explorer.exe") ||
             (WIFEXITED(status) && WEXITSTATUS(status) == 0)))
            return;
    }
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
    struct sigaction sa;
    const char *archive = NULL, *listen = "127.0.0.1", *why = "";
    sigset_t mask, old;
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
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &mask, &old);
    srv = http_start(listen, (unsigned)port, 1u << 20, DESK_COOKIE, desk_handle,
                     desk_quick,
                     &d, &why);
    if (!srv) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
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
        open_browser(url.buf);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    while (!stop)
        sigsuspend(&old);
    http_stop(srv);
    desk_release(&d);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    strbuf_release(&out);
    strbuf_release(&url);
    return EXIT_OK;
}
