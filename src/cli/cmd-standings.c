/* cli/cmd-standings: the ranking of a section on the terminal or for machines.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "cli/options.h"
#include "core/event.h"
#include "core/knockout.h"
#include "core/ranking.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "pipeline/prepare.h"
#include "util/i18n.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char standings_usage[] =
    "usage: sekretar standings [options] FILE|DIR\n"
    "\n"
    "Rank the players of a results file (TRF-16, TRF-26 or a results CSV),\n"
    "or of every section of an event folder, by points, then by the\n"
    "tie-breaks, and print the ranking.  Players equal on every criterion\n"
    "share a place (\"4-5\").  A team competition (teams in 310 or 013\n"
    "records) ranks its teams: match points, then the tie-breaks.  The rules\n"
    "come from the options, else from the section in event.ini, else from\n"
    "the file's 212/202 record; a lone file without one is ranked by points\n"
    "alone, and the ranking says so: no tie-breaks (--rules or --tiebreaks).\n"
    "\n"
    "  --section S          only section S of the event folder DIR\n"
    "  --rules PRESET       ua-2004, ua-2004-teams, ua-2017, ua-2023 or fide\n"
    "  --tiebreaks LIST     tie-break codes after the points, in order:\n"
    "                       \"BH/C1,BH/C2,BH/C3,WIN,DE/A\" (default: the\n"
    "                       preset's list, else the file's 212/202 record)\n"
    "  --unplayed POLICY    fide-2024, fide-2026, fide-2009 or none (default:\n"
    "                       the preset's, else the rules in force on the\n"
    "                       start date)\n"
    "  --prize-places N     places that DE/A and play-offs concern (3)\n"
    "  --playoff LIST       a play-off's start numbers in finishing order\n"
    "                       (\"12,5\"); once per play-off\n"
    "  --explain NO         show how every value of player (or team) NO was\n"
    "                       made\n"
    "  --teams              rank the teams (the default for a team file)\n"
    "  --players            rank the players of a team file\n"
    "  --format F           text (aligned table, default), tsv, csv, json or\n"
    "                       csv-excel (CSV for Excel: ';', decimal commas)\n"
    "  --rounds N           count rounds 1..N only (default: every round)\n"
    "  --encoding ENC       utf-8, windows-1251 or latin-1 (default: detect)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Presets: ua-2004 = BH,PS,PS/C1,WIN,DE; ua-2004-teams = match points,\n"
    "then GPTS,DE,WIN,WBP; ua-2017 = BH,BH/C1,BH/C2,BH/C3,WIN,DE/A under\n"
    "fide-2009; ua-2023 = BH/C1,BH/C2,BH/C3,WIN,DE/A under fide-2009, then a\n"
    "play-off for prize places; fide = the list given.\n"
    "\n";

/* After the list of codes. */
static const char standings_usage_end[] =
    "\n"
    "Inconsistent results (see 'sekretar check') are refused with exit 65.\n";

/* Append text to sb filled into lines of at most width columns (the text
 * is ASCII): words are kept with the blanks between them, a line breaks at
 * the blanks. */
static void add_filled(struct strbuf *sb, const char *text, size_t width)
{
    size_t col = 0;
    const char *s = text;

    while (*s) {
        const char *w = s;
        size_t blanks, len;
        while (*w == ' ')
            w++;
        blanks = (size_t)(w - s);
        for (len = 0; w[len] && w[len] != ' '; len++)
            ;
        if (col && col + blanks + len > width) {
            strbuf_addch(sb, '\n');
            col = 0;
        } else if (col) {
            strbuf_add(sb, s, blanks);
            col += blanks;
        }
        strbuf_add(sb, w, len);
        col += len;
        s = w + len;
    }
    strbuf_addch(sb, '\n');
}

/* Append the codes of the rows of the tie-break table whose flags have
 * every bit of want and none of refuse, separated by blanks: "GE (or
 * REP)". */
static void add_codes(struct strbuf *sb, unsigned want, unsigned refuse)
{
    size_t i, n = 0;

    for (i = 0; i < tiebreak_table_size; i++) {
        const struct tiebreak_def *d = &tiebreak_table[i];
        if ((d->flags & want) != want || (d->flags & refuse))
            continue;
        strbuf_addf(sb, "%s%s", n++ ? " " : "", d->code);
        if (d->alias)
            strbuf_addf(sb, " (or %s)", d->alias);
    }
}

/* The usage, with the tie-break codes of the table. */
void cmd_standings_usage(struct strbuf *sb)
{
    struct strbuf para = STRBUF_INIT;

    strbuf_addstr(sb, standings_usage);
    strbuf_addstr(&para, "Codes: ");
    add_codes(&para, 0, TBD_TEAM);
    strbuf_addstr(&para,
                  ".  Modifiers: /Cn cut the n lowest values, /Mn the n "
                  "lowest and highest, /P forfeits count as played, /Un "
                  "rating of unrated players, /Ln KS limit in per cent, /A "
                  "DE only when all tied players met and only for prize "
                  "places, /V2009 /V2024 /V2026 this code's unplayed-round "
                  "rules.");
    add_filled(sb, para.buf, 70);
    strbuf_reset(&para);
    strbuf_addstr(&para, "Teams: ");
    add_codes(&para, TBD_TEAM, 0);
    strbuf_addstr(&para, ", and ");
    add_codes(&para, TBD_POINTS, 0);
    strbuf_addstr(&para, " on match or game points (BH:MP, BH:GP; plain: "
                         "the points that rank first).  A list starting "
                         "with \"GPTS,MPTS\" ranks by game points.");
    add_filled(sb, para.buf, 70);
    strbuf_addstr(sb, standings_usage_end);
    strbuf_release(&para);
}

/* Print the usage. */
static void print_usage(void)
{
    struct strbuf sb = STRBUF_INIT;

    cmd_standings_usage(&sb);
    help_print(sb.buf, stdout);
    strbuf_release(&sb);
}

#define MAX_PLAYOFFS 64

struct standings_cli {
    struct playoff playoffs[MAX_PLAYOFFS];
    int *playoff_nos[MAX_PLAYOFFS];
    size_t n_playoffs;
};

/* Parse "12,5,7" into a play-off; -1 when it is not a list of numbers. */
static int parse_playoff(const char *s, struct standings_cli *o)
{
    struct playoff *po = &o->playoffs[o->n_playoffs];
    size_t n = 0, alloc = 0;
    int *nos = NULL;
    char *end;

    while (*s) {
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > 9999 || (*end && *end != ',')) {
            free(nos);
            return -1;
        }
        ALLOC_GROW(nos, n + 1, alloc);
        nos[n++] = (int)v;
        s = *end ? end + 1 : end;
    }
    if (!n)
        return -1;
    o->playoff_nos[o->n_playoffs] = nos;
    po->start_nos = nos;
    po->n = n;
    o->n_playoffs++;
    return 0;
}

/* "4" or, with ranges, "4-5" (shared places) into buf. */
static void place_text(char buf[2 * NUM_FIXED_MAX],
                       const struct standings_row *row, int ranges)
{
    size_t n = num_fixed(buf, row->place_lo, 0);

    if (ranges && row->place_hi > row->place_lo) {
        buf[n++] = '-';
        num_fixed(buf + n, row->place_hi, 0);
    }
}


static const char *primary_code(const struct standings *s)
{
    if (!s->teams)
        return "PTS";
    return s->rules.primary == 'G' ? "GPTS" : "MPTS";
}

/* The legend and what decided the places, under the text table; of a
   lone file (lone) ranked by points alone, that it is. */
static void print_notes(const struct standings *s, int lone)
{
    const struct tiebreak_rules *r = &s->rules;
    size_t i;

    if (!r->n) {
        /* A lone file without a 212/202 record, no rules given. */
        if (lone)
            printf("\n%s\n", _("No tie-breaks: places by points alone "
                                "(--rules or --tiebreaks)."));
        return;
    }
    printf(_("\nUnplayed rounds: %s.\n"),
           tiebreak_policy_name((enum tiebreak_policy)r->policy));
    if (s->teams) {
        const struct tiebreak_def *d = tiebreak_def_find(primary_code(s));
        printf("  %-10s %s: %s\n", d->code, d->ua_short, d->ua_name);
    }
    for (i = 0; i < r->n; i++)
        printf("  %-10s %s: %s\n", r->tb[i].code, r->tb[i].ua_short,
               r->tb[i].ua_name);
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        if (i && row->place_lo == s->rows[i - 1].place_lo)
            continue;
        if (row->flags & STANDINGS_PLAYOFF_NEEDED)
            printf(_("Places %d-%d: a tie for a prize place; a play-off is "
                     "needed.\n"),
                   row->place_lo, row->place_hi);
        else if (row->flags & STANDINGS_BY_PLAYOFF)
            printf(_("Place %d: decided by a play-off.\n"), row->place_lo);
        else if (row->flags & STANDINGS_BY_DE)
            printf(_("Place %d: decided by direct encounter (%s).\n"),
                   row->place_lo, r->tb[row->decided_by].code);
        if ((row->flags & STANDINGS_DE_NOT_APPLIED) &&
            (!i || !(s->rows[i - 1].flags & STANDINGS_DE_NOT_APPLIED) ||
             s->rows[i - 1].points != row->points))
            printf(s->teams ? _("Place %d: direct encounter not applied: not "
                                "every team level with %d met every "
                                "other.\n")
                            : _("Place %d: direct encounter not applied: not "
                                "every player level with %d met every "
                                "other.\n"),
                   row->place_lo, row->start_no);
    }
}

/* Points with one decimal, as "%.1f" writes them ("6.5", "0.0"): the
   quick way for whole and half points, printf's for any other. */
static void points_text(char buf[NUM_FIXED_MAX], double v)
{
    if (v >= 0 && v < 1e9 && v * 2 == floor(v * 2))
        num_fixed(buf, v, 1);
    else
        snprintf(buf, NUM_FIXED_MAX, "%.1f", v);
}

/* Rows from..to of a ranking into a table (text) or, streamed, into out,
   which goes to stdout as it fills. */
struct rows_job {
    const struct standings *s;
    struct table *tb;
    enum table_format fmt;
    size_t nfix, from, to;
    struct strbuf out;
};

static void format_rows(struct rows_job *j)
{
    const struct standings *s = j->s;
    const struct tournament *t = s->t;
    const struct tiebreak_rules *r = &s->rules;
    int text = j->fmt == FMT_TEXT, teams = s->teams != NULL;
    size_t nfix = j->nfix, ncols = nfix + r->n, i, k;
    const char **cells = xcalloc(ncols, sizeof(char *));
    size_t *lens = xcalloc(ncols, sizeof(size_t));
    char (*vals)[TIEBREAK_VALUE_TEXT] = xcalloc(r->n + 1, sizeof(*vals));

    for (i = j->from; i < j->to; i++) {
        const struct standings_row *row = &s->rows[i];
        const struct player *p = &t->players[row->player];
        char place[2 * NUM_FIXED_MAX], no[NUM_FIXED_MAX], rtg[NUM_FIXED_MAX],
            pts[NUM_FIXED_MAX];
        place_text(place, row, j->fmt != FMT_JSON);
        num_fixed(no, p->start_no, 0);
        if (p->rating)
            num_fixed(rtg, p->rating, 0);
        else
            rtg[0] = '\0';
        points_text(pts, row->points);
        cells[0] = place;
        cells[1] = no;
        cells[2] = p->name;
        if (text && !teams) {
            cells[3] = rtg;
            cells[4] = p->fed;
            cells[5] = pts;
        } else {
            cells[3] = pts;
        }
        for (k = 0; k < nfix; k++)
            lens[k] = TABLE_LEN_UNKNOWN;
        for (k = 0; k < r->n; k++) {
            lens[nfix + k] =
                tiebreak_value_text(&r->tb[k], &row->values[k], vals[k]);
            cells[nfix + k] = vals[k];
        }
        if (text) {
            table_add_row(j->tb, cells);
            continue;
        }
        table_stream_row(j->tb, j->fmt, cells, lens, i, &j->out);
        if (j->out.len > 60000) {
            fwrite(j->out.buf, 1, j->out.len, stdout);
            strbuf_reset(&j->out);
        }
    }
    free(vals);
    free(cells);
    free(lens);
}

static void print_standings(const struct standings *s, enum table_format fmt,
                            const char *title, int lone)
{
    const struct tiebreak_rules *r = &s->rules;
    int text = fmt == FMT_TEXT, teams = s->teams != NULL;
    size_t nfix = text && !teams ? 6 : 4, ncols = nfix + r->n, i;
    const char **heads = xcalloc(ncols, sizeof(char *));
    char *align = xcalloc(ncols + 1, 1);
    struct rows_job head;
    struct table tb;

    if (text && !teams) {
        static const char *const h[] = {N_("Place"), N_("No"),  N_("Name"),
                                        N_("Rtg"),   N_("Fed"), N_("Pts")};
        for (i = 0; i < 6; i++)
            heads[i] = _(h[i]);
        memcpy(align, "rrlrln", 6);
    } else {
        heads[0] = text ? _("Place") : "Rank";
        heads[1] = text ? _("No") : "StartNo";
        heads[2] = text ? _("Team") : "Name";
        heads[3] = primary_code(s);
        memcpy(align, text ? "rrln" : "nnln", 4);
    }
    for (i = 0; i < r->n; i++) {
        heads[nfix + i] = r->tb[i].code;
        align[nfix + i] = 'n';
    }
    table_init(&tb, ncols, heads, align);
    memset(&head, 0, sizeof(head));
    head.s = s;
    head.tb = &tb;
    head.fmt = fmt;
    head.nfix = nfix;
    head.to = s->n_rows;
    strbuf_init(&head.out, 0);
    /* TSV, CSV and JSON go out row by row, without a table of every cell. */
    if (!text)
        table_stream_begin(&tb, fmt, &head.out);
    format_rows(&head);
    if (!text) {
        table_stream_end(&tb, fmt, s->n_rows, &head.out);
        fwrite(head.out.buf, 1, head.out.len, stdout);
    }
    if (text) {
        if (title && *title)
            printf("%s\n\n", title);
        table_print(&tb, fmt, stdout);
        print_notes(s, lone);
    }
    table_release(&tb);
    free(heads);
    free(align);
    strbuf_release(&head.out);
}

/* s in the user's language for the text table, else as it is. */
static const char *tr(int text, const char *s)
{
    return text ? _(s) : s;
}

/*
 * The matches of player no in a knock-out: "R1 v 8: 2–0 won; R2 v 4:
 * 1–1, 1½–½ швидкі won; R3 v 2: 1–1 open" (a bye: "R1 bye").
 */
static void ko_player_matches(const struct knockout *ko, int no, int text,
                              struct strbuf *out)
{
    size_t i, mark;

    for (i = 0; i < ko->n_matches; i++) {
        const struct ko_match *m = &ko->matches[i];
        if ((m->a != no && m->b != no) || (!m->n_games && m->status != KO_BYE))
            continue;
        if (out->len)
            strbuf_addstr(out, "; ");
        if (m->status == KO_BYE) {
            strbuf_addf(out, text ? _("R%d bye") : "R%d bye", m->round);
            continue;
        }
        strbuf_addf(out, text ? _("R%d%s v %d:") : "R%d%s v %d:", m->round,
                    m->round != ko->n_rounds || m->no != 2 ? ""
                    : text                                ? _(" (3rd)")
                                                          : " (3rd)",
                    m->a == no ? m->b : m->a);
        mark = out->len;
        strbuf_addch(out, ' ');
        ko_match_score(m, no, out);
        if (out->len == mark + 1)
            strbuf_setlen(out, mark); /* no game played yet */
        strbuf_addstr(out, !m->winner        ? tr(text, N_(" open"))
                           : m->winner == no ? tr(text, N_(" won"))
                                             : tr(text, N_(" lost")));
        if (m->armageddon_draw)
            strbuf_addstr(out, tr(text, N_(" (armageddon drawn)")));
    }
}

/* A knock-out's places: Rank StartNo Name Round Matches. */
static void print_knockout(const struct section_ranking *sr,
                           enum table_format fmt, const char *title)
{
    const struct standings *s = &sr->s;
    int text = fmt == FMT_TEXT;
    const char *heads[] = {text ? "Place" : "Rank", text ? "No" : "StartNo",
                           "Name", "Round", "Matches"};
    struct strbuf ms = STRBUF_INIT;
    struct table tb;
    size_t i;

    table_init(&tb, 5, heads, text ? "rrlrl" : "nnlnl");
    for (i = 0; i < s->n_rows; i++) {
        const struct standings_row *row = &s->rows[i];
        const struct ko_entrant *e = knockout_entrant(sr->ko, row->start_no);
        char place[2 * NUM_FIXED_MAX], no[16], round[16];
        const char *cells[5];
        place_text(place, row, fmt != FMT_JSON);
        snprintf(no, sizeof(no), "%d", row->start_no);
        snprintf(round, sizeof(round), "%d", e->round_reached);
        strbuf_reset(&ms);
        ko_player_matches(sr->ko, row->start_no, text, &ms);
        cells[0] = place;
        cells[1] = no;
        cells[2] = s->t->players[row->player].name;
        cells[3] = round;
        cells[4] = ms.buf;
        table_add_row(&tb, cells);
    }
    if (text && title && *title)
        printf("%s\n\n", title);
    table_print(&tb, fmt, stdout);
    table_release(&tb);
    strbuf_release(&ms);
}

/* Title of a section's table on the terminal. */
static const char *item_title(const struct prepared *p,
                              const struct prepared_section *ps,
                              struct strbuf *sb)
{
    strbuf_reset(sb);
    if (p->ev->lone_file)
        return ps->sec->t->name;
    strbuf_addf(sb, "[%s] %s", ps->sec->id,
                ps->sec->title ? ps->sec->title : "");
    if (p->ev->title)
        strbuf_addf(sb, "\n%s", p->ev->title);
    return sb->buf;
}

int cmd_standings(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"rounds", required_argument, NULL, 'r'},
        {"encoding", required_argument, NULL, 'e'},
        {"section", required_argument, NULL, 's'},
        {"rules", required_argument, NULL, 'R'},
        {"tiebreaks", required_argument, NULL, 'T'},
        {"unplayed", required_argument, NULL, 'U'},
        {"prize-places", required_argument, NULL, 'P'},
        {"playoff", required_argument, NULL, 'O'},
        {"explain", required_argument, NULL, 'X'},
        {"teams", no_argument, NULL, 't'},
        {"players", no_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct {
        enum encoding encoding;
    } opts = {ENC_AUTO};
    enum table_format fmt = FMT_TEXT;
    struct standings_cli o;
    struct rules_options ro;
    struct prepare_options po;
    struct prepared p;
    struct strbuf title = STRBUF_INIT;
    const char *section = NULL, *fmt_name = "text";
    int c, rounds = 0, explain = 0, ret = EXIT_OK;
    int want_teams = 0, want_players = 0;
    size_t i;
    char *end;

    memset(&o, 0, sizeof(o));
    memset(&ro, 0, sizeof(ro));
    memset(&po, 0, sizeof(po));
    memset(&p, 0, sizeof(p));
    optind = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            fmt_name = optarg;
            if (table_format_parse(optarg, &fmt)) {
                ret =
                    cli_usage_error("standings", "unknown format '%s'", optarg);
                goto out;
            }
            break;
        case 'r':
        case 'X': {
            long v = strtol(optarg, &end, 10);
            if (*end || v < 1 || v > 9999) {
                ret = cli_usage_error("standings", "--%s wants %s, not '%s'",
                                      c == 'r' ? "rounds" : "explain",
                                      c == 'r' ? _("a round number")
                                               : _("a start number"),
                                      optarg);
                goto out;
            }
            if (c == 'r')
                rounds = (int)v;
            else
                explain = (int)v;
            break;
        }
        case 'e':
            if (encoding_parse(optarg, &opts.encoding)) {
                ret = cli_usage_error("standings", "unknown encoding '%s'",
                                      optarg);
                goto out;
            }
            break;
        case 's':
            section = optarg;
            break;
        case 't':
            want_teams = 1;
            break;
        case 'p':
            want_players = 1;
            break;
        case 'R':
        case 'T':
        case 'U':
        case 'P':
            ret = rules_option(&ro, c, optarg, "standings");
            if (ret)
                goto out;
            break;
        case 'O':
            if (o.n_playoffs >= MAX_PLAYOFFS) {
                ret = cli_usage_error("standings",
                                      "too many play-offs (at most %d)",
                                      MAX_PLAYOFFS);
                goto out;
            }
            if (parse_playoff(optarg, &o)) {
                ret = cli_usage_error("standings",
                                      "--playoff wants start numbers in "
                                      "finishing order, like '12,5', not "
                                      "'%s'",
                                      optarg);
                goto out;
            }
            break;
        case 'h':
            print_usage();
            ret = EXIT_OK;
            goto out;
        default:
            ret = cli_usage_error("standings", "bad option");
            goto out;
        }
    }
    if (optind >= argc) {
        ret = cli_usage_error("standings", "no input file given");
        goto out;
    }
    if (optind + 1 < argc) {
        ret = cli_usage_error("standings", "one input file at a time");
        goto out;
    }
    if (want_teams && want_players) {
        ret = cli_usage_error("standings", "--teams and --players exclude "
                                           "each other");
        goto out;
    }
    po.path = argv[optind];
    po.section = section;
    po.encoding = opts.encoding;
    po.ov = *rules_overrides(&ro);
    po.ov.extra = o.playoffs;
    po.ov.n_extra = o.n_playoffs;
    po.ov.n_rounds = rounds;
    po.ov.kind = want_players ? RANK_PLAYERS
                 : want_teams ? RANK_TEAMS
                              : RANK_AUTO;
    ret = cli_prepare(&po, "standings", 0, &p);
    if (ret)
        goto out;
    if (p.n > 1 && (fmt != FMT_TEXT || explain || o.n_playoffs)) {
        ret = cli_usage_error("standings",
                              "%s%s works on one section; choose it with "
                              "--section",
                              explain       ? "--explain"
                              : o.n_playoffs ? "--playoff"
                                             : "--format ",
                              explain || o.n_playoffs ? "" : fmt_name);
        goto out;
    }
    for (i = 0; i < p.n && !ret; i++) {
        const struct prepared_section *ps = &p.secs[i];
        const struct section_ranking *sr = ps->ranking;

        if (!sr)
            continue;
        if (explain &&
            (sr->teams ? team_table_find(sr->teams, explain) < 0
                       : !tournament_player(ps->sec->t, explain))) {
            ret = cli_usage_error("standings",
                                  sr->teams ? _("--explain %d: no team has "
                                                "that number")
                                            : _("--explain %d: no player has "
                                                "that start number"),
                                  explain);
        } else if (explain) {
            struct strbuf sb = STRBUF_INIT;
            standings_explain(&sr->s, explain, &sb);
            fputs(sb.buf, stdout);
            strbuf_release(&sb);
        } else {
            if (i)
                putchar('\n');
            if (sr->ko)
                print_knockout(sr, fmt, item_title(&p, ps, &title));
            else
                print_standings(&sr->s, fmt, item_title(&p, ps, &title),
                                p.ev->lone_file);
        }
    }
out:
    for (i = 0; i < o.n_playoffs; i++)
        free(o.playoff_nos[i]);
    prepared_release(&p);
    strbuf_release(&title);
    return ret;
}
