/* cli/cmd-query: the historians' questions to the archive's catalogue.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "pipeline/archive.h"
#include "util/i18n.h"
#include "util/xalloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char query_usage[] =
    "usage: sekretar query [--archive DIR] [--format F] QUESTION ...\n"
    "\n"
    "Answer the historians' questions from the catalogue of the archive.\n"
    "\n"
    "  champions [--category U10] [--sex m|f]\n"
    "            [--discipline classic|rapid|blitz] [--from YEAR] [--to YEAR]\n"
    "                      the winners of every section\n"
    "  player NAME|FIDE_ID|#ID\n"
    "                      every event of one person: place, points, games,\n"
    "                      performance, region, club, coach, rank\n"
    "  h2h A B             every game between two people (each as for player)\n"
    "  medals [--by region|club|coach] [--year YEAR] [--category C] [--sex S]\n"
    "         [--discipline D]\n"
    "                      gold, silver and bronze medals (places 1-3)\n"
    "  events [--year YEAR] [--city CITY] [--category C]\n"
    "                      the events of the archive\n"
    "  search TEXT         people whose name matches TEXT\n"
    "  games [--player NAME [--colour white|black]] [--opponent NAME]\n"
    "        [--event EVENT] [--year YEAR] [--section S] [--round N]\n"
    "        [--result 1-0|0-1|1/2-1/2] [--eco A00-B99] [--moves-min N]\n"
    "        [--moves-max N] [--with-moves] [--limit N]\n"
    "                      the games: event, section, round, board, white,\n"
    "                      black, result, ECO code and number of moves (of\n"
    "                      the games recorded in PGN); --eco takes one code\n"
    "                      or a range, --moves-min and --moves-max count\n"
    "                      moves as they are numbered, --with-moves leaves\n"
    "                      out the games without moves\n"
    "\n"
    "Names match word by word from the start of each word, in any case and\n"
    "order, with the apostrophes ' ’ ʼ alike, і ї й alike, г ґ alike, е є\n"
    "alike, and in Latin letters too (\"Shevchenko\" finds \"Шевченко\").\n"
    "\n"
    "  --archive DIR   the archive (default: $SEKRETAR_ARCHIVE, else archive)\n"
    "  --format F      text (aligned table, default), tsv, csv, json or\n"
    "                  csv-excel (CSV for Excel: ';', decimal commas); for\n"
    "                  games also pgn (the games with moves, as PGN)\n"
    "  -h, --help      show this help\n"
    "\n"
    "Exit status: 0 answered (also with no rows), 64 bad question, 65 a\n"
    "name that matches several people, 66 no catalogue or nobody matches.\n";

void cmd_query_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, query_usage);
}

struct query_opts {
    const char *archive;
    enum table_format fmt;
    int pgn; /* --format pgn */
    struct query_filter f;
    const char *by;
    /* games: the options as given, and the first option of games given
       (to refuse it for another question) and of the other questions
       (to refuse it for games) */
    struct query_games g;
    const char *player, *opponent;
    char eco[2][4];
    const char *games_opt, *other_opt;
};

/* A whole number from 1 to max for option opt; 0 or an exit code. */
static int parse_count(const char *opt, const char *arg, int max, int *out)
{
    char *end;
    long v = strtol(arg, &end, 10);

    if (end == arg || *end || v < 1 || v > max)
        return cli_usage_error("query",
                               "--%s wants a whole number from 1 to %d, not "
                               "'%s'",
                               opt, max, arg);
    *out = (int)v;
    return 0;
}

/* 1 when s is an ECO code (A00 to E99, any letter case), copied to out. */
static int eco_code(const char *s, size_t n, char out[4])
{
    if (n != 3 || !strchr("ABCDEabcde", s[0]) || s[1] < '0' || s[1] > '9' ||
        s[2] < '0' || s[2] > '9')
        return 0;
    out[0] = (char)(s[0] >= 'a' ? s[0] - 'a' + 'A' : s[0]);
    out[1] = s[1];
    out[2] = s[2];
    out[3] = '\0';
    return 1;
}

/* --eco A00-B99 or --eco B22; 0 or an exit code. */
static int parse_eco(const char *arg, struct query_opts *o)
{
    const char *dash = strchr(arg, '-');
    size_t n1 = dash ? (size_t)(dash - arg) : strlen(arg);

    if (!eco_code(arg, n1, o->eco[0]) ||
        !eco_code(dash ? dash + 1 : arg, dash ? strlen(dash + 1) : n1,
                  o->eco[1]))
        return cli_usage_error("query",
                               "--eco wants an ECO code (A00 to E99) or a "
                               "range of them (B20-B99), not '%s'",
                               arg);
    if (strcmp(o->eco[0], o->eco[1]) > 0)
        return cli_usage_error("query",
                               "--eco %s: the range ends before it begins",
                               arg);
    o->g.eco_from = o->eco[0];
    o->g.eco_to = o->eco[1];
    return 0;
}

/* --result: 1-0, 0-1, 1/2-1/2 (or ½-½) as the catalogue writes it. */
static int parse_result(const char *arg, struct query_opts *o)
{
    if (!strcmp(arg, "1-0") || !strcmp(arg, "0-1"))
        o->g.result = arg;
    else if (!strcmp(arg, "1/2-1/2") || !strcmp(arg, "½-½"))
        o->g.result = "½-½";
    else
        return cli_usage_error("query",
                               "--result wants 1-0, 0-1 or 1/2-1/2, not '%s'",
                               arg);
    return 0;
}

static int parse_year(const char *opt, const char *arg, int *out)
{
    char *end;
    long v = strtol(arg, &end, 10);

    if (*end || v < 1800 || v > 2200)
        return cli_usage_error("query", "--%s wants a year, not '%s'", opt,
                               arg);
    *out = (int)v;
    return 0;
}

/* Parse the options of a question; returns 0 or an exit code. */
static int parse_opts(int argc, char **argv, int permute, struct query_opts *o)
{
    static const struct option longopts[] = {
        {"archive", required_argument, NULL, 'a'},
        {"format", required_argument, NULL, 'f'},
        {"category", required_argument, NULL, 'c'},
        {"sex", required_argument, NULL, 's'},
        {"discipline", required_argument, NULL, 'd'},
        {"from", required_argument, NULL, 'F'},
        {"to", required_argument, NULL, 'T'},
        {"year", required_argument, NULL, 'y'},
        {"city", required_argument, NULL, 'C'},
        {"by", required_argument, NULL, 'b'},
        {"player", required_argument, NULL, 'P'},
        {"opponent", required_argument, NULL, 'O'},
        {"colour", required_argument, NULL, 'W'},
        {"color", required_argument, NULL, 'W'},
        {"event", required_argument, NULL, 'E'},
        {"section", required_argument, NULL, 'S'},
        {"round", required_argument, NULL, 'R'},
        {"result", required_argument, NULL, 'r'},
        {"eco", required_argument, NULL, 'e'},
        {"moves-min", required_argument, NULL, 'm'},
        {"moves-max", required_argument, NULL, 'M'},
        {"with-moves", no_argument, NULL, 'w'},
        {"limit", required_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c, ret, li;

    while ((c = getopt_long(argc, argv, permute ? ":h" : "+:h", longopts,
                            &li)) != -1) {
        ret = 0;
        if (strchr("POWESRremMwl", c) && !o->games_opt)
            o->games_opt = longopts[li].name;
        if (strchr("csdFTCb", c) && !o->other_opt)
            o->other_opt = longopts[li].name;
        switch (c) {
        case 'a':
            o->archive = optarg;
            break;
        case 'f':
            o->pgn = !strcmp(optarg, "pgn");
            if (!o->pgn && table_format_parse(optarg, &o->fmt))
                return cli_usage_error("query", "unknown format '%s'", optarg);
            break;
        case 'P':
            o->player = optarg;
            break;
        case 'O':
            o->opponent = optarg;
            break;
        case 'W':
            if (!strcmp(optarg, "white") || !strcmp(optarg, "w"))
                o->g.colour = 'w';
            else if (!strcmp(optarg, "black") || !strcmp(optarg, "b"))
                o->g.colour = 'b';
            else
                return cli_usage_error("query",
                                       "--colour wants white or black, not "
                                       "'%s'",
                                       optarg);
            break;
        case 'E':
            o->g.event = optarg;
            break;
        case 'S':
            o->g.section = optarg;
            break;
        case 'R':
            ret = parse_count("round", optarg, 999, &o->g.round);
            break;
        case 'r':
            ret = parse_result(optarg, o);
            break;
        case 'e':
            ret = parse_eco(optarg, o);
            break;
        case 'm':
            ret = parse_count("moves-min", optarg, 100000, &o->g.moves_min);
            break;
        case 'M':
            ret = parse_count("moves-max", optarg, 100000, &o->g.moves_max);
            break;
        case 'w':
            o->g.with_moves = 1;
            break;
        case 'l':
            ret = parse_count("limit", optarg, 1000000000, &o->g.limit);
            break;
        case 'c':
            o->f.category = optarg;
            break;
        case 's':
            if (!strcmp(optarg, "m") || !strcmp(optarg, "boys") ||
                !strcmp(optarg, "men"))
                o->f.sex = 'm';
            else if (!strcmp(optarg, "f") || !strcmp(optarg, "girls") ||
                     !strcmp(optarg, "women"))
                o->f.sex = 'f';
            else
                return cli_usage_error("query", "--sex wants m or f, not '%s'",
                                       optarg);
            break;
        case 'd':
            if (strcmp(optarg, "classic") && strcmp(optarg, "rapid") &&
                strcmp(optarg, "blitz"))
                return cli_usage_error("query",
                                       "--discipline wants classic, rapid "
                                       "or blitz, not '%s'",
                                       optarg);
            o->f.discipline = optarg;
            break;
        case 'F':
            ret = parse_year("from", optarg, &o->f.from);
            break;
        case 'T':
            ret = parse_year("to", optarg, &o->f.to);
            break;
        case 'y':
            ret = parse_year("year", optarg, &o->f.year);
            break;
        case 'C':
            o->f.city = optarg;
            break;
        case 'b':
            if (strcmp(optarg, "region") && strcmp(optarg, "club") &&
                strcmp(optarg, "coach"))
                return cli_usage_error("query",
                                       "--by wants region, club or coach, "
                                       "not '%s'",
                                       optarg);
            o->by = optarg;
            break;
        case 'h':
            help_print(query_usage, stdout);
            return -1;
        default:
            return cli_bad_option("query", c, argv);
        }
        if (ret)
            return ret;
    }
    return 0;
}

/* Whom a name found, on a line above a text table: "#12 Шевченко Остап
   Ігорович, born 2013-05-06, FIDE ID 34171234". */
static void print_found(const struct table *r, FILE *fp)
{
    const char *birth = table_cell(r, 0, 2), *fide = table_cell(r, 0, 3);

    fprintf(fp, "#%s %s", table_cell(r, 0, 0), table_cell(r, 0, 1));
    if (*birth)
        fprintf(fp, _(", born %s"), birth);
    if (*fide)
        fprintf(fp, _(", FIDE ID %s"), fide);
    fputc('\n', fp);
}

/* The one person text names; prints why not, and whom it found to found
   (when not NULL).  Returns 0 or an exit code. */
static int one_person(struct archive_reader *rd, const char *text,
                      long long *id, FILE *found)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct query q;
    struct table r;
    int ret = 0;

    memset(&q, 0, sizeof(q));
    q.kind = QUERY_PEOPLE;
    q.text = text;
    if (archive_query(rd, &q, &r, &dl)) {
        cli_print_diags(&dl, stderr, 0);
        diag_list_release(&dl);
        return EXIT_IOERR;
    }
    if (!r.nrows) {
        cli_error("nobody in the archive matches '%s'", text);
        ret = EXIT_NOINPUT;
    } else if (r.nrows > 1) {
        cli_error("'%s' matches %zu people; name one by FIDE ID or #ID:", text,
                  r.nrows);
        fflush(stdout);
        table_print(&r, FMT_TEXT, stderr);
        ret = EXIT_DATAERR;
    } else {
        *id = strtoll(table_cell(&r, 0, 0), NULL, 10);
        if (found)
            print_found(&r, found);
    }
    table_release(&r);
    diag_list_release(&dl);
    return ret;
}

/* The columns of catalog_games() that the text table shows. */
enum { G_YEAR, G_EVENT, G_SECTION, G_ROUND, G_BOARD, G_MATCH, G_GAME,
       G_WHITE, G_BLACK, G_RESULT, G_ECO, G_MOVES, G_PGN = 18 };

/*
 * Whether the text table prints column k of catalog_games(): the board
 * only where a team match gives one (boards), the match and the game in
 * it only where a knock-out's games are (matches), and no long columns.
 */
static int games_column(size_t k, int boards, int matches)
{
    if (k == G_BOARD)
        return boards;
    if (k == G_MATCH || k == G_GAME)
        return matches;
    return k <= G_MOVES;
}

/* What query games writes as the rows come (the PGN, or a machine's
   format): none of them is kept. */
struct games_out {
    const struct query_opts *o;
    struct table view; /* the columns written: every one but the PGN */
    struct strbuf sb;  /* written out every 64 KB */
    size_t rows, without;
};

/* The headings, once, from head. */
static void games_begin(struct games_out *g, const struct table *head)
{
    if (g->view.ncols)
        return;
    g->view = *head;
    g->view.ncols = G_PGN < head->ncols ? G_PGN : head->ncols;
    g->view.nrows = 0;
    if (!g->o->pgn)
        table_stream_begin(&g->view, g->o->fmt, &g->sb);
}

static int games_row(void *arg, const struct table *head,
                     const char *const *cells, const size_t *lens)
{
    struct games_out *g = arg;

    games_begin(g, head);
    if (g->o->pgn) {
        if (head->ncols > G_PGN && lens[G_PGN])
            strbuf_add(&g->sb, cells[G_PGN], lens[G_PGN]);
        else
            g->without++;
    } else {
        table_stream_row(&g->view, g->o->fmt, cells, lens, g->rows, &g->sb);
    }
    g->rows++;
    if (g->sb.len >= 65536) {
        fwrite(g->sb.buf, 1, g->sb.len, stdout);
        strbuf_reset(&g->sb);
    }
    return 0;
}

/*
 * Write the games the query selects as they come: the games with moves
 * as PGN (a note counts those without), or every column but the PGN in a
 * machine's format.  0 or an exit code.
 */
static int stream_games(struct archive_reader *rd, const struct query *qu,
                        const struct query_opts *o, struct diag_list *dl)
{
    struct games_out g;
    struct table head;
    enum err e;

    memset(&g, 0, sizeof(g));
    g.o = o;
    strbuf_init(&g.sb, 65536);
    e = archive_games_each(rd, &qu->games, &head, games_row, &g, dl);
    if (!e) {
        games_begin(&g, &head);
        if (!o->pgn)
            table_stream_end(&g.view, o->fmt, g.rows, &g.sb);
    }
    fwrite(g.sb.buf, 1, g.sb.len, stdout);
    strbuf_release(&g.sb);
    table_release(&head);
    if (e) {
        cli_print_diags(dl, stderr, 0);
        return cli_exit_code(e);
    }
    if (g.without)
        fprintf(stderr,
                i18n_ngettext("sekretar: note: %zu game without moves is "
                              "left out of the PGN\n",
                              "sekretar: note: %zu games without moves "
                              "are left out of the PGN\n",
                              g.without),
                g.without);
    return 0;
}

/* Print the games of r as a text table (it needs every row for the
   widths of its columns); 0. */
static int print_games(const struct table *r, const struct query_opts *o)
{
    struct table v;
    size_t i, k, n;
    int boards = 0, matches = 0;

    /* A view of r's columns, its strings lent. */
    for (i = 0; i < r->nrows; i++) {
        if (*table_cell(r, i, G_BOARD))
            boards = 1;
        if (*table_cell(r, i, G_MATCH))
            matches = 1;
    }
    memset(&v, 0, sizeof(v));
    v.heads = xcalloc(r->ncols, sizeof(*v.heads));
    v.align = xcalloc(r->ncols + 1, 1);
    for (k = 0; k < r->ncols && k < G_PGN; k++)
        if (games_column(k, boards, matches)) {
            v.heads[v.ncols] = r->heads[k];
            v.align[v.ncols++] = r->align[k];
        }
    v.cells = xmallocarray(r->nrows * v.ncols + 1, sizeof(*v.cells));
    for (i = 0; i < r->nrows; i++)
        for (k = 0, n = 0; k < r->ncols && k < G_PGN; k++)
            if (games_column(k, boards, matches))
                v.cells[i * v.ncols + n++] = r->cells[i * r->ncols + k];
    v.nrows = r->nrows;
    table_print(&v, o->fmt, stdout);
    free(v.cells);
    free(v.heads);
    free(v.align);
    return 0;
}

/* query games: the games the options select. */
static int query_games(struct query_opts *o)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_reader *rd = NULL;
    struct query qu;
    struct table r;
    FILE *found;
    int ret;
    enum err e;

    if (o->other_opt)
        return cli_usage_error("query", "--%s is not an option of games",
                               o->other_opt);
    if (o->g.colour && !o->player)
        return cli_usage_error("query",
                               "--colour says the colour of --player; name "
                               "the player");
    if (o->g.moves_min && o->g.moves_max && o->g.moves_min > o->g.moves_max)
        return cli_usage_error("query",
                               "--moves-min %d is more than --moves-max %d",
                               o->g.moves_min, o->g.moves_max);
    ret = cli_report(
        archive_reader_open(cli_archive_root(o->archive), &rd, &dl), &dl);
    if (ret)
        return ret;
    memset(&r, 0, sizeof(r));
    memset(&qu, 0, sizeof(qu));
    qu.kind = QUERY_GAMES;
    qu.games = o->g;
    qu.games.year = o->f.year;
    qu.games.columns = o->pgn ? 2 : o->fmt == FMT_TEXT ? 0 : 1;
    /* A text table says whom the names found, as player and h2h do. */
    found = o->fmt == FMT_TEXT && !o->pgn ? stdout : NULL;
    if (o->player)
        ret = one_person(rd, o->player, &qu.games.person, found);
    if (!ret && o->opponent)
        ret = one_person(rd, o->opponent, &qu.games.opponent, found);
    if (!ret && (o->pgn || o->fmt != FMT_TEXT)) {
        ret = stream_games(rd, &qu, o, &dl);
    } else if (!ret) {
        e = archive_query(rd, &qu, &r, &dl);
        if (e) {
            cli_print_diags(&dl, stderr, 0);
            ret = cli_exit_code(e);
        } else {
            ret = print_games(&r, o);
        }
    }
    table_release(&r);
    archive_reader_close(rd);
    diag_list_release(&dl);
    return ret;
}

int cmd_query(int argc, char **argv)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct archive_reader *rd = NULL;
    struct query qu;
    struct table r;
    long long pid = 0;
    struct query_opts o;
    const char *q;
    char **args;
    int nargs, ret;
    enum err e = ERR_OK;
    FILE *found;

    memset(&o, 0, sizeof(o));
    memset(&r, 0, sizeof(r));
    o.fmt = FMT_TEXT;
    optind = 0;
    ret = parse_opts(argc, argv, 0, &o);
    if (ret)
        return ret < 0 ? EXIT_OK : ret;
    if (optind >= argc)
        return cli_usage_error("query", "no question given (champions, "
                                        "player, h2h, medals, events, "
                                        "search or games)");
    q = argv[optind];
    if (strcmp(q, "champions") && strcmp(q, "player") && strcmp(q, "h2h") &&
        strcmp(q, "medals") && strcmp(q, "events") && strcmp(q, "search") &&
        strcmp(q, "games"))
        return cli_usage_error("query",
                               "'%s' is not a question (champions, "
                               "player, h2h, medals, events, search or "
                               "games)",
                               q);
    /* Options may follow the question too. */
    args = argv + optind;
    nargs = argc - optind;
    optind = 0;
    ret = parse_opts(nargs, args, 1, &o);
    if (ret)
        return ret < 0 ? EXIT_OK : ret;
    args += optind;
    nargs -= optind;
    if ((!strcmp(q, "player") || !strcmp(q, "search")) && nargs != 1)
        return cli_usage_error("query", "%s wants one %s", q,
                               !strcmp(q, "player") ? _("name or FIDE ID")
                                                    : _("text"));
    if (!strcmp(q, "h2h") && nargs != 2)
        return cli_usage_error("query", "h2h wants two people");
    if ((!strcmp(q, "champions") || !strcmp(q, "medals") ||
         !strcmp(q, "events") || !strcmp(q, "games")) &&
        nargs)
        return cli_usage_error("query", "%s takes options only, not '%s'", q,
                               args[0]);
    if (o.by && strcmp(q, "medals"))
        return cli_usage_error("query", "--by is for medals");
    if (!strcmp(q, "games"))
        return query_games(&o);
    if (o.games_opt)
        return cli_usage_error("query", "--%s is for games", o.games_opt);
    if (o.pgn)
        return cli_usage_error("query", "--format pgn is for games");
    ret = cli_report(
        archive_reader_open(cli_archive_root(o.archive), &rd, &dl), &dl);
    if (ret)
        return ret;
    /* A text table says whom the names found; the other formats are
       for machines, which ask for the person's row by 'search'. */
    found = o.fmt == FMT_TEXT ? stdout : NULL;
    memset(&qu, 0, sizeof(qu));
    qu.f = o.f;
    qu.by = o.by;
    if (!strcmp(q, "champions")) {
        qu.kind = QUERY_CHAMPIONS;
    } else if (!strcmp(q, "events")) {
        qu.kind = QUERY_EVENTS;
    } else if (!strcmp(q, "medals")) {
        qu.kind = QUERY_MEDALS;
    } else if (!strcmp(q, "search")) {
        qu.kind = QUERY_PEOPLE;
        qu.text = args[0];
    } else if (!strcmp(q, "player")) {
        qu.kind = QUERY_PLAYER;
        ret = one_person(rd, args[0], &pid, found);
        qu.person = pid;
    } else {
        qu.kind = QUERY_H2H;
        ret = one_person(rd, args[0], &qu.person, found);
        if (!ret)
            ret = one_person(rd, args[1], &qu.other, found);
    }
    if (!ret)
        e = archive_query(rd, &qu, &r, &dl);
    if (e) {
        cli_print_diags(&dl, stderr, 0);
        ret = cli_exit_code(e);
    } else if (!ret) {
        table_print(&r, o.fmt, stdout);
        if (pid > 0 && o.fmt == FMT_TEXT)
            ret = cli_print_candidates(rd, NULL, pid, stdout);
    }
    table_release(&r);
    archive_reader_close(rd);
    diag_list_release(&dl);
    return ret;
}
