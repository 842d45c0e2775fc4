/* ingest/results: a section's results as a CSV of games.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/results.h"

#include <stdlib.h>
#include <string.h>

#include "core/knockout.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

#define RESULTS_MAX_ROUND 99
#define RESULTS_MAX_NO    9999

enum rcol {
    RC_ROUND,
    RC_BOARD,
    RC_WHITE,
    RC_BLACK,
    RC_RESULT,
    RC_WHITE_NO,
    RC_BLACK_NO,
    RC_MATCH,
    RC_GAME,
    RC_STAGE,
    RC_COUNT
};

/* A number from 1 to max, or -1. */
static int positive(const char *s, int max)
{
    int v = num_parse_uint(s, max);
    return v >= 1 ? v : -1;
}

static const struct csv_header rheaders[] = {
    {"тур", RC_ROUND},
    {"round", RC_ROUND},
    {"rd", RC_ROUND},
    {"раунд", RC_ROUND},
    {"дошка", RC_BOARD},
    {"board", RC_BOARD},
    {"bd", RC_BOARD},
    {"стіл", RC_BOARD},
    {"table", RC_BOARD},
    {"білі", RC_WHITE},
    {"white", RC_WHITE},
    {"чорні", RC_BLACK},
    {"black", RC_BLACK},
    {"результат", RC_RESULT},
    {"result", RC_RESULT},
    {"рез", RC_RESULT},
    {"res", RC_RESULT},
    {"стбілих", RC_WHITE_NO},
    {"стномербілих", RC_WHITE_NO},
    {"номербілих", RC_WHITE_NO},
    {"білихст", RC_WHITE_NO},
    {"whiteno", RC_WHITE_NO},
    {"whitenumber", RC_WHITE_NO},
    {"whitestartno", RC_WHITE_NO},
    {"стчорних", RC_BLACK_NO},
    {"стномерчорних", RC_BLACK_NO},
    {"номерчорних", RC_BLACK_NO},
    {"чорнихст", RC_BLACK_NO},
    {"blackno", RC_BLACK_NO},
    {"blacknumber", RC_BLACK_NO},
    {"blackstartno", RC_BLACK_NO},
    {"матч", RC_MATCH},
    {"match", RC_MATCH},
    {"партія", RC_GAME},
    {"game", RC_GAME},
    {"етап", RC_STAGE},
    {"stage", RC_STAGE},
};

static const char *const rcol_names[RC_COUNT] = {
    "тур/round",
    "дошка/board",
    "білі/white",
    "чорні/black",
    "результат/result",
    "ст. № білих/white no",
    "ст. № чорних/black no",
    "матч/match",
    "партія/game",
    "етап/stage",
};

/* A player as the file names it. */
struct rplayer {
    int no;             /* start number; 0 until numbered */
    const char *name;   /* "" when only a number was given */
    char *key;          /* name key, NULL when no name */
    unsigned line, col; /* where first named */
};

struct rreader {
    const struct csv *c;
    struct diag_list *dl;
    int col[RC_COUNT];
    struct rplayer *players;
    size_t n, alloc;
    int *by_no;   /* start number -> players index + 1 */
    size_t *hash; /* name key hash table: players index + 1 */
    size_t hash_size;
    struct strbuf tmp;
    struct arena *arena;
    int cards; /* match cards of a knock-out: match, game, stage columns */
    /* The pairing program's fake player of a bye ("spielfrei"): the
       first field naming it, and the rows read as byes. */
    const struct csv_field *fake;
    size_t n_fake;
};

/* ------------------------------------------------------------- players */

static size_t fnv(const char *s)
{
    size_t h = 2166136261u;

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static void hash_put(struct rreader *rd, size_t idx);

static void hash_grow(struct rreader *rd)
{
    size_t i, old = rd->hash_size;
    size_t *tab = rd->hash;

    rd->hash_size = old ? old * 2 : 256;
    rd->hash = xcalloc(rd->hash_size, sizeof(size_t));
    for (i = 0; i < old; i++)
        if (tab[i])
            hash_put(rd, tab[i] - 1);
    free(tab);
}

static void hash_put(struct rreader *rd, size_t idx)
{
    size_t h;

    if ((rd->n + 1) * 2 > rd->hash_size)
        hash_grow(rd);
    h = fnv(rd->players[idx].key) & (rd->hash_size - 1);
    while (rd->hash[h])
        h = (h + 1) & (rd->hash_size - 1);
    rd->hash[h] = idx + 1;
}

/* The player whose name has this key, or -1. */
static long hash_find(const struct rreader *rd, const char *key)
{
    size_t h;

    if (!rd->hash_size)
        return -1;
    h = fnv(key) & (rd->hash_size - 1);
    while (rd->hash[h]) {
        if (!strcmp(rd->players[rd->hash[h] - 1].key, key))
            return (long)rd->hash[h] - 1;
        h = (h + 1) & (rd->hash_size - 1);
    }
    return -1;
}

static size_t new_player(struct rreader *rd)
{
    struct rplayer *p;

    ALLOC_GROW(rd->players, rd->n + 1, rd->alloc);
    p = &rd->players[rd->n];
    memset(p, 0, sizeof(*p));
    p->name = "";
    return rd->n++;
}

static void set_name(struct rreader *rd, size_t idx, const char *name,
                     const char *key, const struct csv_field *f)
{
    struct rplayer *p = &rd->players[idx];

    strbuf_reset(&rd->tmp);
    name_clean(&rd->tmp, name);
    p->name = arena_strdup(rd->arena, rd->tmp.buf);
    p->key = xstrdup(key);
    p->line = f->line;
    p->col = f->col;
    hash_put(rd, idx);
}

static const struct csv_field *rfield(const struct rreader *rd,
                                      const struct csv_row *r, enum rcol k)
{
    return csv_field_at(r, rd->col[k]);
}

/*
 * How side_player works: SIDE_NUMBERED makes the players named by start
 * number (and reports bad numbers), SIDE_NAMED the players named only by
 * name (and reports bad names), SIDE_LOOKUP finds either without reports.
 */
enum side_mode { SIDE_LOOKUP, SIDE_NUMBERED, SIDE_NAMED };

/* side_player(): the side names the pairing program's fake bye player. */
#define SIDE_FAKE (-3)

/*
 * The player a row names on one side.  Returns the players index, -1 for
 * an empty side (or one the mode skips), -2 for an error, SIDE_FAKE for
 * the pairing program's fake player of a bye ("spielfrei", "——"), who is
 * no player.
 */
static long side_player(struct rreader *rd, const struct csv_row *r,
                        enum rcol name_col, enum rcol no_col,
                        enum side_mode mode)
{
    const struct csv_field *nf = rfield(rd, r, name_col);
    const struct csv_field *nof = rfield(rd, r, no_col);
    const char *name = nf->s;
    const struct csv_field *numf = NULL;
    struct strbuf key = STRBUF_INIT;
    long idx = -1;
    int no = 0;

    if (*name && name_is_bye(name))
        return SIDE_FAKE;
    if (rd->col[no_col] >= 0 && *nof->s)
        numf = nof;
    else if (*name && strspn(name, "0123456789") == strlen(name))
        numf = nf;
    if (numf) {
        no = positive(numf->s, RESULTS_MAX_NO);
        if (no < 0) {
            if (mode == SIDE_NUMBERED)
                diag_error(rd->dl, rd->c->file, numf->line, numf->col,
                           "start number '%s' is not a number from 1 to %d",
                           numf->s, RESULTS_MAX_NO);
            return -2;
        }
        if (numf == nf)
            name = "";
    }
    if (!numf && !*name)
        return -1;
    if ((mode == SIDE_NUMBERED && !numf) || (mode == SIDE_NAMED && numf))
        return -1;
    if (numf && mode == SIDE_LOOKUP)
        return rd->by_no[no] - 1;
    if (*name)
        name_key(&key, name);
    if (numf) {
        idx = rd->by_no[no] - 1;
        if (idx < 0) {
            idx = (long)new_player(rd);
            rd->players[idx].no = no;
            rd->players[idx].line = numf->line;
            rd->players[idx].col = numf->col;
            rd->by_no[no] = (int)idx + 1;
        }
        if (key.len) {
            struct rplayer *p = &rd->players[idx];
            if (!p->key) {
                long other = hash_find(rd, key.buf);
                if (other >= 0) {
                    diag_error(rd->dl, rd->c->file, nf->line, nf->col,
                               "'%s' has two start numbers (%d and %d)", name,
                               rd->players[other].no, no);
                    /* Named all the same, but not findable by the name. */
                    strbuf_reset(&rd->tmp);
                    name_clean(&rd->tmp, name);
                    p->name = arena_strdup(rd->arena, rd->tmp.buf);
                    p->line = nf->line;
                    p->col = nf->col;
                } else {
                    set_name(rd, (size_t)idx, name, key.buf, nf);
                }
            } else if (strcmp(p->key, key.buf)) {
                diag_error(rd->dl, rd->c->file, nf->line, nf->col,
                           "start number %d is '%s' at line %u, here '%s'", no,
                           p->name, p->line, name);
            }
        }
    } else {
        if (!key.len) {
            if (mode == SIDE_NAMED)
                diag_error(rd->dl, rd->c->file, nf->line, nf->col,
                           "player name '%s' has no letters", name);
            strbuf_release(&key);
            return -2;
        }
        idx = hash_find(rd, key.buf);
        if (idx < 0 && mode == SIDE_NAMED) {
            idx = (long)new_player(rd);
            set_name(rd, (size_t)idx, name, key.buf, nf);
        }
    }
    strbuf_release(&key);
    return idx;
}

/* ------------------------------------------------------------- results */

/* One character of a result as the pairing programs and Excel print it. */
static size_t result_dash(const char *s)
{
    /* en dash, em dash, minus sign, hyphen, figure dash */
    static const char *const dashes[] = {"\xe2\x80\x93", "\xe2\x80\x94",
                                         "\xe2\x88\x92", "\xe2\x80\x90",
                                         "\xe2\x80\x92"};
    size_t i;

    if (*s == '-')
        return 1;
    for (i = 0; i < sizeof(dashes) / sizeof(dashes[0]); i++)
        if (!strncmp(s, dashes[i], 3))
            return 3;
    return 0;
}

/*
 * The result as the plain forms: dashes made '-', a dash between blanks
 * (as "1 – 0" and "+ – -" print) made the separator ':', other blanks
 * dropped.
 */
static void result_plain(struct strbuf *n, const char *s)
{
    size_t i = 0, d;

    while (s[i]) {
        if ((d = result_dash(s + i)) != 0) {
            if (i && strbuf_is_blank(s[i - 1]) && strbuf_is_blank(s[i + d]))
                strbuf_addch(n, ':');
            else
                strbuf_addch(n, '-');
            i += d;
        } else if (strbuf_is_blank(s[i])) {
            i++;
        } else {
            strbuf_addch(n, s[i++]);
        }
    }
}

int results_parse_game(const char *s, char *w, char *b)
{
    static const char *const pairs[] = {"10", "01", "==", "+-", "-+",
                                        "--", "WL", "LW", "DD"};
    struct strbuf plain = STRBUF_INIT, n = STRBUF_INIT;
    size_t i;
    int ok = -1;

    result_plain(&plain, s);
    s = plain.buf;
    for (i = 0; s[i]; i++) {
        if (!strncmp(s + i, "½", 2)) {
            strbuf_addch(&n, '=');
            i++;
        } else if (!strncmp(s + i, "1/2", 3)) {
            strbuf_addch(&n, '=');
            i += 2;
        } else if (!strncmp(s + i, "0.5", 3) || !strncmp(s + i, "0,5", 3)) {
            strbuf_addch(&n, '=');
            i += 2;
        } else if (s[i] == '-' && n.len == 1 && n.buf[0] != '-' &&
                   s[i + 1] != '\0') {
            /* the separator of "1-0" */
        } else if (s[i] == ':' || s[i] == '/') {
            /* separators */
        } else {
            char c = s[i];
            if (c >= 'a' && c <= 'z')
                c = (char)(c - 'a' + 'A');
            strbuf_addch(&n, c);
        }
    }
    if (n.len == 1 && n.buf[0] == '=')
        strbuf_addch(&n, '=');
    for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]) && n.len == 2; i++)
        if (!strcmp(n.buf, pairs[i])) {
            *w = n.buf[0];
            *b = n.buf[1];
            ok = 0;
        }
    strbuf_release(&n);
    strbuf_release(&plain);
    return ok;
}

/* The TRF code of a bye; 0 when s is not a bye. */
static char parse_bye(const char *s)
{
    static const struct {
        const char *s;
        char code;
    } byes[] = {
        {"bye", 'U'}, {"вільний", 'U'}, {"u", 'U'}, {"f", 'F'}, {"+", '+'},
        {"1", 'F'},   {"h", 'H'},       {"½", 'H'}, {"=", 'H'}, {"1/2", 'H'},
        {"z", 'Z'},   {"0", 'Z'},       {"-", '-'},
    };
    struct strbuf low = STRBUF_INIT;
    size_t i;
    char code = 0;

    utf8_lower(&low, s);
    for (i = 0; i < sizeof(byes) / sizeof(byes[0]) && !code; i++)
        if (!strcmp(low.buf, byes[i].s))
            code = byes[i].code;
    strbuf_release(&low);
    return code;
}

/* Whether header h is that of match cards (господарі/home, гості/away). */
static int match_cards_header(const struct csv_row *h)
{
    struct strbuf key = STRBUF_INIT;
    size_t k;
    int home = 0, away = 0;

    for (k = 0; k < h->n; k++) {
        strbuf_reset(&key);
        csv_header_key(&key, h->fields[k].s);
        home |= !strcmp(key.buf, "господарі") || !strcmp(key.buf, "home");
        away |= !strcmp(key.buf, "гості") || !strcmp(key.buf, "away");
    }
    strbuf_release(&key);
    return home && away;
}

static int find_rcolumns(struct rreader *rd, const struct csv_row *h)
{
    size_t k;
    int bad;

    if (match_cards_header(h)) {
        diag_error(rd->dl, rd->c->file, h->line, 1,
                   "these are the match cards of a team competition "
                   "(господарі/home, гості/away): they are read in an event "
                   "folder, as the file of a section with 'system = team', "
                   "its teams from the registry");
        return -1;
    }

    bad = csv_map_header(rd->c, h, rheaders,
                         sizeof(rheaders) / sizeof(rheaders[0]), rcol_names,
                         rd->col, RC_COUNT, rd->dl);
    rd->cards = rd->col[RC_MATCH] >= 0 || rd->col[RC_STAGE] >= 0;
    for (k = 0; k < RC_COUNT; k++) {
        int cards_only = k == RC_MATCH || k == RC_GAME || k == RC_STAGE;
        if (k == RC_BOARD || k == RC_WHITE_NO || k == RC_BLACK_NO ||
            rd->col[k] >= 0 || (cards_only && !rd->cards))
            continue;
        diag_error(rd->dl, rd->c->file, h->line, 1,
                   "the header names no '%s' column; is the first line the "
                   "header?",
                   rcol_names[k]);
        bad = 1;
    }
    return bad ? -1 : 0;
}

/*
 * A field of row r past the header's n columns that holds something: the
 * columns of the row are not the header's (a name with the separator in
 * it, unquoted), so the row is an error at the first such field.  Empty
 * fields there (a spreadsheet's trailing separators) are nothing.
 */
static void extra_fields(struct rreader *rd, const struct csv_row *r, size_t n)
{
    size_t k;

    for (k = n; k < r->n; k++) {
        if (!*r->fields[k].s)
            continue;
        diag_error(rd->dl, rd->c->file, r->line, r->fields[k].col,
                   "field %zu '%s' is past the header's %zu columns: "
                   "quote a name with the separator in it (\"Мельник, "
                   "Ярослав\"), or give the column a header",
                   k + 1, r->fields[k].s, n);
        return;
    }
}

/* Round of a row, or -1 (reported). */
static int row_round(struct rreader *rd, const struct csv_row *r, int report)
{
    const struct csv_field *f = rfield(rd, r, RC_ROUND);
    int v = positive(f->s, RESULTS_MAX_ROUND);

    if (v < 0 && report)
        diag_error(rd->dl, rd->c->file, r->line, f->col ? f->col : 1,
                   "round '%s' is not a number from 1 to %d", f->s,
                   RESULTS_MAX_ROUND);
    return v;
}

struct numbered {
    int no;
    size_t idx;
};

static int cmp_by_no(const void *a, const void *b)
{
    const struct numbered *x = a, *y = b;
    return x->no - y->no;
}

static void set_entry(struct tournament *t, struct player *p, int r, int opp,
                      char colour, char code)
{
    struct entry *e = &p->rounds[r];

    e->opp = opp;
    e->colour = colour;
    e->code = code;
    e->flags = ENTRY_PRESENT;
    e->points = scoring_value(&t->scoring, e);
}

/*
 * The result of a game row between players w and b (indexes; b -1 for a
 * bye, whose code goes to *wc) as TRF codes, ' ' for a game not played
 * yet.  Returns 0, or -1 when the row is left out (reported).
 */
static int row_game(struct rreader *rd, const struct csv_row *row, long w,
                    long b, char *wc, char *bc)
{
    const struct csv *c = rd->c;
    const struct csv_field *rf = rfield(rd, row, RC_RESULT);
    const struct csv_field *bf = rfield(rd, row, RC_BLACK);

    *wc = *bc = ' ';
    if (w < 0) {
        diag_error(rd->dl, c->file, row->line,
                   rfield(rd, row, RC_WHITE)->col
                       ? rfield(rd, row, RC_WHITE)->col
                       : 1,
                   "the white player is missing");
        return -1;
    }
    if (b < 0 && rd->cards &&
        (*rfield(rd, row, RC_GAME)->s || parse_bye(rf->s) != 'U')) {
        diag_error(rd->dl, c->file, row->line, bf->col ? bf->col : 1,
                   "the black player is missing; a row of a match card "
                   "names both players, but for a bye in round 1 (no game, "
                   "result bye)");
        return -1;
    }
    if (*rf->s && strchr(rf->s, '?') &&
        (b < 0 || results_parse_game(rf->s, wc, bc))) {
        diag_error(rd->dl, c->file, rf->line, rf->col,
                   "result '%s' has '?' where Excel saved a sign that "
                   "Windows-1251 does not have (½); write a draw as =, "
                   "1/2-1/2 or 0.5-0.5%s",
                   rf->s, b < 0 ? _(", a half-point bye as H") : "");
        return -1;
    }
    if (b >= 0 && *rf->s && results_parse_game(rf->s, wc, bc)) {
        diag_error(rd->dl, c->file, rf->line, rf->col,
                   parse_bye(rf->s)
                       ? _("result '%s' is a bye, but the row has a black "
                           "player")
                       : _("result '%s' not understood (1-0, 0-1, ½-½, "
                           "+/-, -/+, -/-)"),
                   rf->s);
        return -1;
    }
    if (b < 0) {
        *wc = parse_bye(rf->s);
        if (!*wc) {
            char x, y;
            diag_error(rd->dl, c->file, row->line,
                       rf->col ? rf->col : (unsigned)rd->col[RC_RESULT] + 1,
                       !results_parse_game(rf->s, &x, &y)
                           ? _("result '%s' needs a black player; a bye "
                               "is written bye, F, H or Z")
                           : _("bye result '%s' not understood (bye, F, "
                               "H, Z)"),
                       rf->s);
            return -1;
        }
    }
    if (b == w) {
        diag_error(rd->dl, c->file, row->line, bf->col,
                   "player %d plays against himself", rd->players[w].no);
        return -1;
    }
    return 0;
}

/*
 * The bye of a row whose other side is the pairing program's fake player:
 * the real player's result made the TRF code of a bye (a win 'U', a draw
 * 'H', a loss 'Z'; the result bye, F, H, Z as written; no result yet
 * 'U').  white: the real player is white.  Returns the code, or 0 when the
 * result is not understood (reported).
 */
static char fake_bye(struct rreader *rd, const struct csv_row *row, int white)
{
    const struct csv_field *rf = rfield(rd, row, RC_RESULT);
    const struct csv_field *ff =
        rfield(rd, row, white ? RC_BLACK : RC_WHITE);
    char w, b, c;

    if (!rd->fake)
        rd->fake = ff;
    if (!*rf->s)
        return 'U';
    if (strchr(rf->s, '?')) {
        diag_error(rd->dl, rd->c->file, rf->line, rf->col,
                   "result '%s' has '?' where Excel saved a sign that "
                   "Windows-1251 does not have (½); write a draw as =, "
                   "1/2-1/2 or 0.5-0.5%s",
                   rf->s, _(", a half-point bye as H"));
        return 0;
    }
    if (!results_parse_game(rf->s, &w, &b)) {
        c = white ? w : b;
        return c == '1' || c == '+' || c == 'W'   ? 'U'
               : c == '=' || c == 'D'             ? 'H'
                                                  : 'Z';
    }
    c = parse_bye(rf->s);
    if (c == '+' || c == 'F')
        return 'U';
    if (c == '-')
        return 'Z';
    if (c)
        return c;
    diag_error(rd->dl, rd->c->file, rf->line, rf->col,
               _("result '%s' not understood (1-0, 0-1, ½-½, +/-, -/+, "
                 "-/-)"),
               rf->s);
    return 0;
}

/*
 * The one warning of the fake bye player of a file: the rows that name
 * it were read as byes.
 */
static void fake_warning(struct rreader *rd)
{
    if (!rd->fake)
        return;
    diag_warning(rd->dl, rd->c->file, rd->fake->line, rd->fake->col,
                 i18n_ngettext("'%s' is the pairing program's stand-in for a bye, not "
                    "a player: its %zu game is read as the bye of the "
                    "opponent",
                    "'%s' is the pairing program's stand-in for a bye, not "
                    "a player: its %zu games are read as the byes of the "
                    "opponents",
                    rd->n_fake),
                 rd->fake->s, rd->n_fake);
}

/* The players x and y (indexes, or below 0) of a row refused in round r
   were not absent from it. */
static void refused(struct rreader *rd, struct tournament *t, int r, long x,
                    long y)
{
    long side[2];
    int k;

    side[0] = x;
    side[1] = y;
    for (k = 0; k < 2; k++) {
        struct player *p =
            side[k] >= 0 ? tournament_player(t, rd->players[side[k]].no)
                         : NULL;
        if (p && !(p->rounds[r - 1].flags & ENTRY_PRESENT))
            p->rounds[r - 1].flags |= ENTRY_REFUSED;
    }
}

/* Put the games into t; rows with errors are left out (their players not
   absent). */
static void add_games(struct rreader *rd, struct tournament *t, unsigned *seen)
{
    const struct csv *c = rd->c;
    size_t i;
    int nr = t->n_rounds;

    for (i = 1; i < c->n_rows; i++) {
        const struct csv_row *row = &c->rows[i];
        const struct csv_field *bd = rfield(rd, row, RC_BOARD);
        int r = row_round(rd, row, 0);
        long w = side_player(rd, row, RC_WHITE, RC_WHITE_NO, SIDE_LOOKUP);
        long b = side_player(rd, row, RC_BLACK, RC_BLACK_NO, SIDE_LOOKUP);
        struct player *pw, *pb = NULL;
        char wc = ' ', bc = ' ';
        unsigned *sw, *sb = NULL;
        int fake = 0;

        if (r < 0 || w == -2 || b == -2)
            continue;
        if (*bd->s && positive(bd->s, 100000) < 0) {
            diag_error(rd->dl, c->file, bd->line, bd->col,
                       "board '%s' is not a number", bd->s);
            refused(rd, t, r, w, b);
            continue;
        }
        if (w == SIDE_FAKE || b == SIDE_FAKE) {
            /* The pairing program's fake player: a bye of the other. */
            int white = b == SIDE_FAKE;
            long real = white ? w : b;
            if (real < 0)
                continue;
            if (!(wc = fake_bye(rd, row, white))) {
                refused(rd, t, r, real, -1);
                continue;
            }
            w = real;
            b = -1;
            fake = 1;
        } else if (row_game(rd, row, w, b, &wc, &bc)) {
            refused(rd, t, r, w, b);
            continue;
        }
        pw = tournament_player(t, rd->players[w].no);
        sw = &seen[(size_t)(pw - t->players) * (size_t)nr + (size_t)(r - 1)];
        if (b >= 0) {
            pb = tournament_player(t, rd->players[b].no);
            sb =
                &seen[(size_t)(pb - t->players) * (size_t)nr + (size_t)(r - 1)];
        }
        if (*sw || (sb && *sb)) {
            struct player *p = *sw ? pw : pb;
            diag_error(rd->dl, c->file, row->line, 1,
                       "round %d: player %d already has a game in this round "
                       "(line %u)",
                       r, p->start_no, *sw ? *sw : *sb);
            continue;
        }
        *sw = row->line;
        if (!pb) {
            set_entry(t, pw, r - 1, 0, '-', wc);
            if (fake)
                rd->n_fake++;
            continue;
        }
        *sb = row->line;
        set_entry(t, pw, r - 1, pb->start_no, 'w', wc);
        set_entry(t, pb, r - 1, pw->start_no, 'b', bc);
    }
}

/* The column of field f, 1 for a field the row lacks. */
static unsigned col_of(const struct csv_field *f)
{
    return f->col ? f->col : 1;
}

/* Put the rows of a knock-out's match cards into t->ko_input; rows with
   errors are left out. */
static void add_cards(struct rreader *rd, struct tournament *t)
{
    const struct csv *c = rd->c;
    struct ko_game *games = NULL;
    struct ko_input *in;
    size_t n = 0, alloc = 0, i;

    for (i = 1; i < c->n_rows; i++) {
        const struct csv_row *row = &c->rows[i];
        const struct csv_field *mf = rfield(rd, row, RC_MATCH);
        const struct csv_field *gf = rfield(rd, row, RC_GAME);
        const struct csv_field *sf = rfield(rd, row, RC_STAGE);
        int r = row_round(rd, row, 0);
        long w = side_player(rd, row, RC_WHITE, RC_WHITE_NO, SIDE_LOOKUP);
        long b = side_player(rd, row, RC_BLACK, RC_BLACK_NO, SIDE_LOOKUP);
        struct ko_game g;

        if (r < 0 || w == -2 || b == -2)
            continue;
        memset(&g, 0, sizeof(g));
        g.match = positive(mf->s, 999);
        if (g.match < 0) {
            diag_error(rd->dl, c->file, row->line, col_of(mf),
                       "match '%s' is not a number from 1 to 999", mf->s);
            continue;
        }
        if (*gf->s && strcmp(gf->s, "0") &&
            (g.game = positive(gf->s, 99)) < 0) {
            diag_error(rd->dl, c->file, row->line, col_of(gf),
                       "game '%s' is not a number from 1 to 99 (blank or 0: "
                       "a walkover of the whole match)",
                       gf->s);
            continue;
        }
        if (w == SIDE_FAKE || b == SIDE_FAKE) {
            /* The pairing program's fake player: a bye of the other. */
            int white = b == SIDE_FAKE;
            long real = white ? w : b;
            char code;
            if (real < 0 || !(code = fake_bye(rd, row, white)))
                continue;
            if (code != 'U') {
                diag_error(rd->dl, c->file, row->line, col_of(rfield(rd, row, RC_RESULT)),
                           "result '%s' against '%s', the pairing program's "
                           "bye: a bye of a knock-out goes through (1-0 "
                           "for the player, or bye)",
                           rfield(rd, row, RC_RESULT)->s, rd->fake->s);
                continue;
            }
            g.round = r;
            g.white = rd->players[real].no;
            g.wcode = 'U';
            g.bcode = ' ';
            g.line = row->line;
            g.col_round = col_of(rfield(rd, row, RC_ROUND));
            g.col_match = col_of(mf);
            g.col_game = col_of(gf);
            g.col_stage = col_of(sf);
            g.col_white = col_of(rfield(rd, row, white ? RC_WHITE : RC_BLACK));
            g.col_black = col_of(rfield(rd, row, white ? RC_BLACK : RC_WHITE));
            g.col_result = col_of(rfield(rd, row, RC_RESULT));
            g.game = 0;
            rd->n_fake++;
            ALLOC_GROW(games, n + 1, alloc);
            games[n++] = g;
            continue;
        }
        if (g.game && ko_stage_parse(sf->s, &g.stage)) {
            diag_error(rd->dl, c->file, row->line, col_of(sf),
                       "stage '%s' not understood (classic, rapid, blitz, "
                       "armageddon; класичні, швидкі, бліц, армагедон)",
                       sf->s);
            continue;
        }
        if (row_game(rd, row, w, b, &g.wcode, &g.bcode))
            continue;
        g.round = r;
        g.white = rd->players[w].no;
        g.black = b >= 0 ? rd->players[b].no : 0;
        g.line = row->line;
        g.col_round = col_of(rfield(rd, row, RC_ROUND));
        g.col_match = col_of(mf);
        g.col_game = col_of(gf);
        g.col_stage = col_of(sf);
        g.col_white = col_of(rfield(rd, row, RC_WHITE));
        g.col_black = col_of(rfield(rd, row, RC_BLACK));
        g.col_result = col_of(rfield(rd, row, RC_RESULT));
        ALLOC_GROW(games, n + 1, alloc);
        games[n++] = g;
    }
    in = arena_alloc(&t->arena, sizeof(*in));
    in->file = t->source;
    in->n = n;
    in->games = arena_alloc(&t->arena, (n + 1) * sizeof(*games));
    if (n)
        memcpy(in->games, games, n * sizeof(*games));
    free(games);
    t->ko_input = in;
}

static struct tournament *build(struct rreader *rd, int n_rounds)
{
    struct tournament *t = tournament_new();
    struct numbered *order = xmallocarray(rd->n, sizeof(*order));
    unsigned *seen;
    size_t i;
    int r;

    t->source = arena_strdup(&t->arena, rd->c->file);
    t->encoding = rd->c->encoding;
    for (i = 0; i < rd->n; i++) {
        order[i].no = rd->players[i].no;
        order[i].idx = i;
    }
    qsort(order, rd->n, sizeof(*order), cmp_by_no);
    t->n_rounds = n_rounds;
    for (i = 0; i < rd->n; i++) {
        const struct rplayer *rp = &rd->players[order[i].idx];
        struct player *p = tournament_add_player(t);
        p->start_no = rp->no;
        p->name = arena_strdup(&t->arena, rp->name);
        p->line = rp->line;
        p->col = rp->col;
        for (r = 0; r < n_rounds; r++)
            p->rounds[r].colour = p->rounds[r].code = ' ';
    }
    free(order);
    tournament_index(t);
    if (rd->cards) {
        add_cards(rd, t);
        fake_warning(rd);
        return t;
    }
    seen = xcalloc(rd->n * (size_t)n_rounds + 1, sizeof(unsigned));
    add_games(rd, t, seen);
    free(seen);
    fake_warning(rd);
    return t;
}

enum err results_load(const struct csv *c, struct tournament **out,
                      struct diag_list *dl)
{
    struct rreader rd;
    size_t errors0 = dl->nr_errors, i;
    int n_rounds = 0, next_no = 0, pass, assigned = 0;

    *out = NULL;
    if (!c->n_rows) {
        diag_error(dl, c->file, 0, 0,
                   "no header line; a results CSV starts with one (тур, "
                   "дошка, білі, чорні, результат)");
        return ERR_PARSE;
    }
    memset(&rd, 0, sizeof(rd));
    rd.c = c;
    rd.dl = dl;
    strbuf_init(&rd.tmp, 64);
    if (find_rcolumns(&rd, &c->rows[0]))
        goto out;
    rd.by_no = xcalloc(RESULTS_MAX_NO + 1, sizeof(int));
    {
        struct arena names = ARENA_INIT;
        rd.arena = &names;
        /* Numbered players first, then those named only by name. */
        for (pass = 1; pass >= 0; pass--)
            for (i = 1; i < c->n_rows; i++) {
                const struct csv_row *row = &c->rows[i];
                int r = row_round(&rd, row, pass);
                if (pass)
                    extra_fields(&rd, row, c->rows[0].n);
                if (r < 0)
                    continue;
                if (r > n_rounds)
                    n_rounds = r;
                side_player(&rd, row, RC_WHITE, RC_WHITE_NO,
                            pass ? SIDE_NUMBERED : SIDE_NAMED);
                side_player(&rd, row, RC_BLACK, RC_BLACK_NO,
                            pass ? SIDE_NUMBERED : SIDE_NAMED);
            }
        for (i = 0; i < rd.n; i++)
            if (rd.players[i].no > next_no)
                next_no = rd.players[i].no;
        for (i = 0; i < rd.n; i++)
            if (!rd.players[i].no) {
                if (next_no >= RESULTS_MAX_NO) {
                    diag_error(
                        dl, c->file, rd.players[i].line, rd.players[i].col,
                        "too many players (more than %d)", RESULTS_MAX_NO);
                    break;
                }
                rd.players[i].no = ++next_no;
                rd.by_no[next_no] = (int)i + 1;
                assigned = 1;
            }
        if (i == rd.n && rd.n) {
            *out = build(&rd, rd.cards ? 0 : n_rounds);
            if (*out)
                (*out)->numbers_assigned = assigned;
        }
        else if (!rd.n)
            diag_error(dl, c->file, 0, 0, "no games");
        arena_release(&names);
    }
out:
    for (i = 0; i < rd.n; i++)
        free(rd.players[i].key);
    free(rd.players);
    free(rd.by_no);
    free(rd.hash);
    strbuf_release(&rd.tmp);
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

enum err results_read(const char *path, const struct csv_options *opts,
                      struct tournament **out, struct diag_list *dl)
{
    struct csv *c = NULL;
    enum err e = csv_read(path, opts, &c, dl);

    *out = NULL;
    if (c) {
        enum err e2 = results_load(c, out, dl);
        if (!e)
            e = e2;
    }
    csv_free(c);
    return e;
}
