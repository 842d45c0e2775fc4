/* ingest/trf-teams: the team records of a TRF file read into the typed
 * inputs of core/teams.h.
 * SPDX-License-Identifier: MIT
 *
 * The fields are cut from the record text by bytes, columns counted from
 * 1 as TRF counts them (the text begins at column 5); the records are all
 * numbers and letters.  The columns are those of TRF-26.
 */
#include "ingest/trf-teams.h"

#include <stdlib.h>
#include <string.h>

#include "core/teams.h"
#include "core/tournament.h"
#include "util/i18n.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Largest number a team record field is read as. */
#define MAX_FIELD_NUMBER 1000009

struct reader {
    struct tournament *t;
    struct diag_list *dl;
    struct strbuf sb;
    int *index_of_no; /* team number -> index + 1 */
    int max_no;
    struct team_input *in;
    size_t byes_alloc, lineups_alloc, forfeits_alloc, abnormal_alloc,
        summaries_alloc;
};

/* ============================================================ fields */

/* Columns a..c (1-based, as TRF counts them) of record r, trimmed. */
static const char *field(struct reader *rd, const struct record *r, unsigned a,
                         unsigned c)
{
    size_t len = strlen(r->text), i = a - 5, j = c - 4;

    strbuf_reset(&rd->sb);
    if (i < len)
        strbuf_add(&rd->sb, r->text + i, (j < len ? j : len) - i);
    strbuf_trim(&rd->sb);
    return rd->sb.buf;
}

/* Whether columns a..c of record r are blank. */
static int field_blank(struct reader *rd, const struct record *r, unsigned a,
                       unsigned c)
{
    return !*field(rd, r, a, c);
}

/* A whole number of digits only; 0 and *out set, or -1. */
static int parse_int(const char *s, int *out)
{
    int v = num_parse_uint(s, MAX_FIELD_NUMBER);

    if (v < 0)
        return -1;
    *out = v;
    return 0;
}

/* "[-]11.5" (a point, not a comma; not rounded); 0 and *out set, or -1. */
static int parse_num(const char *s, double *out)
{
    return num_parse_decimal(s, ".", out);
}

static struct team_where where(const struct reader *rd, const struct record *r,
                               unsigned col)
{
    struct team_where w;

    w.file = rd->t->source;
    w.line = r->line;
    w.col = col;
    return w;
}

/*
 * A team number in columns a..c of r: its index, or -1 after an error
 * ("record 240: no team has number 51").
 */
static int team_field(struct reader *rd, const struct record *r, unsigned a,
                      unsigned c, const char *what)
{
    const char *s = field(rd, r, a, c);
    int no;

    if (parse_int(s, &no)) {
        diag_error(rd->dl, rd->t->source, r->line, a,
                   "record %s: %s expected in columns %u-%u, found '%s'",
                   r->code, what, a, c, s);
        return -1;
    }
    if (no <= 0 || no > rd->max_no || !rd->index_of_no[no]) {
        diag_error(rd->dl, rd->t->source, r->line, a,
                   "record %s: no team has number %d", r->code, no);
        return -1;
    }
    return rd->index_of_no[no] - 1;
}

/* A round number in columns a..c of r (0-based), or -1 after an error. */
static int round_field(struct reader *rd, const struct record *r, unsigned a,
                       unsigned c)
{
    const char *s = field(rd, r, a, c);
    int v;

    if (parse_int(s, &v) || v < 1) {
        diag_error(rd->dl, rd->t->source, r->line, a,
                   "record %s: round number expected in columns %u-%u, "
                   "found '%s'",
                   r->code, a, c, s);
        return -1;
    }
    if (v > rd->t->n_rounds) {
        diag_warning(rd->dl, rd->t->source, r->line, a,
                     "record %s: round %d is after the last round with "
                     "results (%d); the record is not used",
                     r->code, v, rd->t->n_rounds);
        return -1;
    }
    return v - 1;
}

/*
 * A round and two teams in the 3-column fields at rc, xc and yc of r (300:
 * the team and its opponent; 330: white and black): 0, or -1 after an
 * error.
 */
static int round_two_teams(struct reader *rd, const struct record *r,
                           unsigned rc, unsigned xc, const char *xwhat,
                           unsigned yc, const char *ywhat, int *round, int *x,
                           int *y)
{
    *round = round_field(rd, r, rc, rc + 2);
    if (*round < 0)
        return -1;
    *x = team_field(rd, r, xc, xc + 2, xwhat);
    *y = team_field(rd, r, yc, yc + 2, ywhat);
    return *x < 0 || *y < 0 ? -1 : 0;
}

/* The points in columns a..a+3 of r, "[-]11.5" (blank: *has 0); -1 after
 * an error. */
static int points_field(struct reader *rd, const struct record *r, unsigned a,
                        const char *what, double *v, int *has)
{
    const char *s = field(rd, r, a, a + 3);

    *has = *s != '\0';
    if (*has && parse_num(s, v)) {
        diag_error(rd->dl, rd->t->source, r->line, a,
                   "record %s: %s points expected in columns %u-%u, found "
                   "'%s'",
                   r->code, what, a, a + 3, s);
        return -1;
    }
    return 0;
}

/* ====================================================== the records */

static struct team_bye *add_bye(struct reader *rd, int round, int team,
                                enum team_round_kind kind,
                                const struct record *r, const char *code)
{
    struct team_input *in = rd->in;
    struct team_bye *y;

    ALLOC_GROW(in->byes, in->n_byes + 1, rd->byes_alloc);
    y = &in->byes[in->n_byes++];
    memset(y, 0, sizeof(*y));
    y->round = round;
    y->team = team;
    y->kind = kind;
    y->record = code;
    y->at = where(rd, r, 11);
    return y;
}

/* 240: "240 T RRR PPP1 PPP2 ..." */
static void read_240(struct reader *rd, const struct record *r)
{
    char type = r->text[0];
    enum team_round_kind kind = type == 'F'   ? TR_BYE_FULL
                                : type == 'H' ? TR_BYE_HALF
                                              : TR_BYE_ZERO;
    unsigned c;
    int round;

    if (type != 'F' && type != 'H' && type != 'Z') {
        diag_error(rd->dl, rd->t->source, r->line, 5,
                   "record 240: bye type 'F', 'H' or 'Z' expected in "
                   "column 5, found '%c'",
                   type ? type : ' ');
        return;
    }
    round = round_field(rd, r, 7, 9);
    if (round < 0)
        return;
    for (c = 11; c - 5 < strlen(r->text); c += 5) {
        int k;
        if (field_blank(rd, r, c, c + 3))
            continue;
        k = team_field(rd, r, c, c + 3, "team number");
        if (k >= 0)
            add_bye(rd, round, k, kind, r, "240");
    }
}

/* 320: "320 MMMM GGGG 111 222 333 ..." (a team per round) */
static void read_320(struct reader *rd, const struct record *r)
{
    double mp = 0, gp = 0;
    int has_mp, has_gp, round = 0;
    unsigned c;

    if (points_field(rd, r, 5, "match", &mp, &has_mp) ||
        points_field(rd, r, 10, "game", &gp, &has_gp))
        has_mp = has_gp = 0;
    for (c = 15; c - 5 < strlen(r->text); c += 4, round++) {
        struct team_bye *y;
        int k;
        if (field_blank(rd, r, c, c + 2) || !strcmp(rd->sb.buf, "000") ||
            !strcmp(rd->sb.buf, "0"))
            continue;
        k = team_field(rd, r, c, c + 2, "team number");
        if (k < 0)
            continue;
        if (round >= rd->t->n_rounds) {
            diag_warning(rd->dl, rd->t->source, r->line, c,
                         "record 320: round %d is after the last round "
                         "with results (%d); the bye is not used",
                         round + 1, rd->t->n_rounds);
            continue;
        }
        y = add_bye(rd, round, k, TR_BYE_PAIRING, r, "320");
        y->mp = mp;
        y->gp = gp;
        y->has_points = has_mp && has_gp;
    }
}

/* 300: "300 RRR TT1 TT2 PPP1 PPP2 ..." */
static void read_300(struct reader *rd, const struct record *r)
{
    struct team_input *in = rd->in;
    struct team_lineup_board boards[TEAM_MAX_BOARDS];
    struct team_lineup o;
    unsigned c;

    memset(&o, 0, sizeof(o));
    o.at = where(rd, r, 9);
    o.boards_col = 17;
    if (round_two_teams(rd, r, 5, 9, "team number", 13, "team number", &o.round,
                        &o.team, &o.opp))
        return;
    for (c = 17; c - 5 < strlen(r->text); c += 5) {
        const char *s = field(rd, r, c, c + 3);
        int no;
        if (parse_int(s, &no)) {
            diag_error(rd->dl, rd->t->source, r->line, c,
                       "record 300: player number expected in columns "
                       "%u-%u, found '%s'",
                       c, c + 3, s);
            return;
        }
        if (o.n_boards >= TEAM_MAX_BOARDS) {
            diag_error(rd->dl, rd->t->source, r->line, c,
                       "record 300: more than %d boards", TEAM_MAX_BOARDS);
            return;
        }
        boards[o.n_boards].player = no;
        boards[o.n_boards++].col = c;
    }
    o.boards = arena_alloc(&rd->t->arena,
                           sizeof(*o.boards) * (size_t)(o.n_boards + 1));
    memcpy(o.boards, boards, sizeof(*o.boards) * (size_t)o.n_boards);
    ALLOC_GROW(in->lineups, in->n_lineups + 1, rd->lineups_alloc);
    in->lineups[in->n_lineups++] = o;
}

/* 330: "330 TT RRR WWW BBB" */
static void read_330(struct reader *rd, const struct record *r)
{
    struct team_input *in = rd->in;
    struct team_forfeit f;
    const char *s = field(rd, r, 5, 6);

    memset(&f, 0, sizeof(f));
    f.at = where(rd, r, 12);
    f.type_col = 5;
    if (strcmp(s, "+-") && strcmp(s, "-+") && strcmp(s, "--")) {
        diag_error(rd->dl, rd->t->source, r->line, 5,
                   "record 330: forfeit type '+-', '-+' or '--' expected in "
                   "columns 5-6, found '%s'",
                   s);
        return;
    }
    memcpy(f.type, s, 3);
    if (round_two_teams(rd, r, 8, 12, "white team number", 16,
                        "black team number", &f.round, &f.white, &f.black))
        return;
    if (f.white == f.black) {
        diag_error(rd->dl, rd->t->source, r->line, 12,
                   "record 330: team '%s' cannot forfeit against itself",
                   rd->t->teams[f.white].name);
        return;
    }
    ALLOC_GROW(in->forfeits, in->n_forfeits + 1, rd->forfeits_alloc);
    in->forfeits[in->n_forfeits++] = f;
}

/*
 * Say how a 299 record reads in the columns of the TRF-2025 draft (one to
 * the left: match points 7-10, game points 12-15, round 17-19, teams 21-24,
 * 26-29, ...), when it fits them.
 */
static void draft_note(struct reader *rd, const struct record *r, unsigned col)
{
    static const unsigned gaps[] = {6, 11, 16, 20};
    const char *text = r->text;
    size_t len = strlen(text), i;
    struct strbuf what = STRBUF_INIT;
    double mp, gp;
    int round = 0, n = 0;
    unsigned c;

    for (i = 0; i < sizeof(gaps) / sizeof(gaps[0]); i++)
        if (gaps[i] - 5 < len && text[gaps[i] - 5] != ' ')
            goto out;
    if (parse_num(field(rd, r, 7, 10), &mp) ||
        parse_num(field(rd, r, 12, 15), &gp))
        goto out;
    if (!field_blank(rd, r, 17, 19) && parse_int(field(rd, r, 17, 19), &round))
        goto out;
    strbuf_addf(&what, _("'%c', %.1f match points, %.1f game points, %s"),
                text[0], mp, gp, round ? _("round ") : _("every round"));
    if (round)
        strbuf_addf(&what, "%d", round);
    for (c = 21; c - 5 < len; c += 5) {
        int no;
        if (c > 21 && text[c - 6] != ' ')
            goto out;
        if (field_blank(rd, r, c, c + 3))
            continue;
        if (parse_int(field(rd, r, c, c + 3), &no))
            goto out;
        strbuf_addf(&what, "%s%d", n++ ? ", " : _(", team "), no);
    }
    if (!n)
        strbuf_addstr(&what, _(", every team"));
    diag_note(rd->dl, rd->t->source, r->line, col,
              "in the columns of the TRF-2025 draft (match points 7-10, game "
              "points 12-15, round 17-19, teams 21-24, ...) record 299 reads: "
              "%s",
              what.buf);
out:
    strbuf_release(&what);
}

/*
 * 299: "299 T  MMMM  GGGG  RRR PPP1 PPP2 ...": type in column 5, match
 * points in 8-11, game points in 14-17, round in 20-22 (blank or 000: every
 * round), teams in 24-27, 29-32, ... (none: every team).  The columns
 * between the fields must be blank: a record written one column to the
 * left, as the TRF-2025 draft had it, is reported and not used.
 */
static void read_299(struct reader *rd, const struct record *r)
{
    static const unsigned gaps[][2] = {{6, 7}, {12, 13}, {18, 19}};
    struct team_input *in = rd->in;
    const char *text = r->text;
    size_t len = strlen(text), n_teams = 0, teams_alloc = 0;
    struct team_abnormal a;
    int *teams = NULL;
    unsigned c;
    size_t i;
    const char *s;

    memset(&a, 0, sizeof(a));
    a.at = where(rd, r, 5);
    a.type = text[0];
    if (!strchr("WDLFHZ+- ", a.type) || !a.type) {
        diag_error(rd->dl, rd->t->source, r->line, 5,
                   "record 299: type 'W', 'D', 'L', 'F', 'H', 'Z', '+', '-' "
                   "or blank expected in column 5, found '%c'",
                   a.type);
        return;
    }
    for (i = 0; i < sizeof(gaps) / sizeof(gaps[0]); i++)
        if (!field_blank(rd, r, gaps[i][0], gaps[i][1])) {
            unsigned at = gaps[i][0];
            while (at - 5 < len && text[at - 5] == ' ')
                at++;
            diag_error(rd->dl, rd->t->source, r->line, at,
                       "record 299 is not in the TRF-26 columns (type 5, "
                       "match points 8-11, game points 14-17, round 20-22, "
                       "teams 24-27, 29-32, ...): column %u holds '%c'; the "
                       "record is not used",
                       at, text[at - 5]);
            draft_note(rd, r, at);
            return;
        }
    for (c = 23; c - 5 < len; c += 5)
        if (text[c - 5] != ' ') {
            diag_error(rd->dl, rd->t->source, r->line, c,
                       "record 299 is not in the TRF-26 columns (teams "
                       "24-27, 29-32, ...): column %u holds '%c'; the record "
                       "is not used",
                       c, text[c - 5]);
            return;
        }
    if (points_field(rd, r, 8, "match", &a.mp, &a.has_mp) ||
        points_field(rd, r, 14, "game", &a.gp, &a.has_gp))
        return;
    a.round = -1;
    s = field(rd, r, 20, 22);
    if (*s && strcmp(s, "000") && strcmp(s, "0")) {
        a.round = round_field(rd, r, 20, 22);
        if (a.round < 0)
            return;
    }
    for (c = 24; c - 5 < len; c += 5) {
        int k;
        if (field_blank(rd, r, c, c + 3))
            continue;
        k = team_field(rd, r, c, c + 3, "team number");
        if (k < 0)
            goto out;
        ALLOC_GROW(teams, n_teams + 1, teams_alloc);
        teams[n_teams++] = k;
    }
    if (n_teams) {
        a.teams = arena_alloc(&rd->t->arena, sizeof(int) * n_teams);
        memcpy(a.teams, teams, sizeof(int) * n_teams);
        a.n_teams = (int)n_teams;
    }
    ALLOC_GROW(in->abnormal, in->n_abnormal + 1, rd->abnormal_alloc);
    in->abnormal[in->n_abnormal++] = a;
out:
    free(teams);
}

/* 352: the colours of the first team's players, board by board. */
static void read_352(struct reader *rd, const struct record *r)
{
    struct team_input *in = rd->in;
    const char *s = r->text;
    size_t n = 0;

    /* A bad record leaves the colours read before it in place, but not
     * its number of boards. */
    for (; *s && *s != ' '; s++) {
        char c = *s >= 'a' && *s <= 'z' ? (char)(*s - 'a' + 'A') : *s;
        if ((c != 'W' && c != 'B') || n >= TEAM_MAX_BOARDS) {
            diag_warning(rd->dl, rd->t->source, r->line,
                         (unsigned)(5 + (s - r->text)),
                         "record 352: colour 'W' or 'B' expected for each "
                         "board (at most %d), found '%c'; the record is not "
                         "used",
                         TEAM_MAX_BOARDS, *s);
            return;
        }
        in->colours[n++] = c;
    }
    in->colours[n] = '\0';
    in->n_boards = (int)n;
}

/* 362: "TW 2.0   TD 1.0   TL 0.0" */
static void read_362(struct reader *rd, const struct record *r)
{
    struct team_input *in = rd->in;
    const char *s = r->text;

    while (*s) {
        const char *at = s;
        char *end;
        double v;
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        at = s;
        if (s[0] != 'T' || !strchr("WDL", s[1]) || !s[1] || s[2] != ' ') {
            diag_warning(rd->dl, rd->t->source, r->line,
                         (unsigned)(5 + (at - r->text)),
                         "record 362: 'TW', 'TD' or 'TL' and the match "
                         "points expected, found '%.8s'; the rest of the "
                         "record is not used",
                         at);
            return;
        }
        v = strtod(s + 2, &end);
        /* Not "nan" or "inf": points are a finite number, 0 or more. */
        if (end == s + 2 || !(v >= 0 && v <= 1000)) {
            diag_warning(rd->dl, rd->t->source, r->line,
                         (unsigned)(5 + (at - r->text)),
                         "record 362: match points expected after '%.2s'", at);
            return;
        }
        if (s[1] == 'W') {
            in->win = v;
            in->has_win = 1;
        } else if (s[1] == 'D') {
            in->draw = v;
            in->has_draw = 1;
        } else {
            in->loss = v;
            in->has_loss = 1;
        }
        s = end;
    }
}

/* The next blank-separated word of *s (at most n - 1 bytes) into w. */
static int next_word(const char **s, char *w, size_t n)
{
    size_t len = 0;

    while (**s == ' ')
        (*s)++;
    while (**s && **s != ' ') {
        if (len + 1 < n)
            w[len++] = **s;
        (*s)++;
    }
    w[len] = '\0';
    return len > 0;
}

/*
 * 802, informative: the team number in columns 5-7, its nickname, total
 * match and game points, then for each round the opponent, the colour and
 * the game points (with 'f' for a forfeit), or the bye (PAB FPB HPB ZPB)
 * and its game points.  The fields are read as words, not by columns: the
 * TRF-26 text and its example disagree on the columns, and programs write
 * them either way.  A record of no team is left out; the rounds are read
 * up to the first that cannot be.
 */
static void read_802(struct reader *rd, const struct record *r)
{
    static const struct {
        const char *abbr;
        enum team_round_kind kind;
    } byes[] = {
        {"ZPB", TR_BYE_ZERO},
        {"FPB", TR_BYE_FULL},
        {"HPB", TR_BYE_HALF},
        {"PAB", TR_BYE_PAIRING},
    };
    struct team_input *in = rd->in;
    struct team_summary *sum;
    const char *s;
    char w[16];
    int no, k, n = 0;
    size_t j;

    if (parse_int(field(rd, r, 5, 7), &no) || no <= 0 || no > rd->max_no ||
        !rd->index_of_no[no] || strlen(r->text) < 10)
        return;
    k = rd->index_of_no[no] - 1;
    s = r->text + 10; /* column 15: the totals */
    if (!next_word(&s, w, sizeof(w)) || !next_word(&s, w, sizeof(w)))
        return;
    ALLOC_GROW(in->summaries, in->n_summaries + 1, rd->summaries_alloc);
    sum = &in->summaries[in->n_summaries++];
    memset(sum, 0, sizeof(*sum));
    sum->team = k;
    sum->at = where(rd, r, 5);
    sum->rounds = arena_alloc(&rd->t->arena, sizeof(*sum->rounds) *
                                                 (size_t)(rd->t->n_rounds + 1));
    for (n = 0; n < rd->t->n_rounds; n++) {
        struct team_summary_round *sr = &sum->rounds[n];
        sr->kind = TR_MATCH;
        while (*s == ' ')
            s++;
        sr->col = (unsigned)(5 + (s - r->text));
        if (!next_word(&s, w, sizeof(w)))
            break;
        for (j = 0; j < sizeof(byes) / sizeof(byes[0]); j++)
            if (!strcmp(w, byes[j].abbr))
                sr->kind = byes[j].kind;
        if (sr->kind == TR_MATCH &&
            (parse_int(w, &sr->opp) || !next_word(&s, w, sizeof(w))))
            break;
        if (!next_word(&s, w, sizeof(w)))
            break;
        if (w[0] && w[strlen(w) - 1] == 'f')
            w[strlen(w) - 1] = '\0';
        if (parse_num(w, &sr->gp))
            break;
    }
    sum->n_rounds = n;
}

/* ============================================================ public */

/* Copy n items of size each from a growing array into the arena. */
static void *to_arena(struct tournament *t, void *items, size_t n, size_t size)
{
    void *copy = NULL;

    if (n) {
        copy = arena_alloc(&t->arena, n * size);
        memcpy(copy, items, n * size);
    }
    free(items);
    return copy;
}

void trf_teams_read(struct tournament *t, struct diag_list *dl)
{
    struct reader rd;
    struct team_input *in;
    size_t i, k;

    memset(&rd, 0, sizeof(rd));
    rd.t = t;
    rd.dl = dl;
    strbuf_init(&rd.sb, 0);
    in = rd.in = arena_alloc(&t->arena, sizeof(*in));
    for (k = 0; k < t->n_teams; k++)
        if (t->teams[k].no > rd.max_no)
            rd.max_no = t->teams[k].no;
    rd.index_of_no = xcalloc((size_t)rd.max_no + 1, sizeof(int));
    for (k = 0; k < t->n_teams; k++)
        if (t->teams[k].no > 0 && !rd.index_of_no[t->teams[k].no])
            rd.index_of_no[t->teams[k].no] = (int)k + 1;
    for (i = 0; i < t->n_records; i++) {
        const struct record *r = &t->records[i];
        if (!strcmp(r->code, "240"))
            read_240(&rd, r);
        else if (!strcmp(r->code, "300"))
            read_300(&rd, r);
        else if (!strcmp(r->code, "330"))
            read_330(&rd, r);
        else if (!strcmp(r->code, "299"))
            read_299(&rd, r);
        else if (!strcmp(r->code, "352"))
            read_352(&rd, r);
        else if (!strcmp(r->code, "362"))
            read_362(&rd, r);
        else if (!strcmp(r->code, "802"))
            read_802(&rd, r);
    }
    /* The checker gives the 320 byes after those of 240: a later bye wins
     * a conflict (reported by core/teams). */
    for (i = 0; i < t->n_records; i++)
        if (!strcmp(t->records[i].code, "320"))
            read_320(&rd, &t->records[i]);
    in->byes = to_arena(t, in->byes, in->n_byes, sizeof(*in->byes));
    in->lineups = to_arena(t, in->lineups, in->n_lineups, sizeof(*in->lineups));
    in->forfeits =
        to_arena(t, in->forfeits, in->n_forfeits, sizeof(*in->forfeits));
    in->abnormal =
        to_arena(t, in->abnormal, in->n_abnormal, sizeof(*in->abnormal));
    in->summaries =
        to_arena(t, in->summaries, in->n_summaries, sizeof(*in->summaries));
    t->team_input = in;
    free(rd.index_of_no);
    strbuf_release(&rd.sb);
}
