/* ingest/eventgames: a section's games in PGN, joined to its results or
 * made its results.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/eventgames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/knockout.h"
#include "ingest/csv.h"
#include "ingest/pgn.h"
#include "ingest/results.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The highest round a Round tag may give (the results CSV's). */
#define GAMES_MAX_ROUND 99

/*
 * The round of a Round tag: "3" or "3.2" (round 3, board 2 into *board
 * when it is given, else 0); -1 for "?", "-" or anything else.
 */
static int game_round(const char *tag, int *board)
{
    char buf[16];
    const char *dot;
    size_t n;
    int r;

    *board = 0;
    if (!tag)
        return -1;
    dot = strchr(tag, '.');
    n = dot ? (size_t)(dot - tag) : strlen(tag);
    if (!n || n >= sizeof(buf))
        return -1;
    memcpy(buf, tag, n);
    buf[n] = '\0';
    r = num_parse_uint(buf, GAMES_MAX_ROUND);
    if (r < 1)
        return -1;
    if (dot) {
        int b = num_parse_uint(dot + 1, 100000);
        if (b < 1)
            return -1;
        *board = b;
    }
    return r;
}

/* The board of a game: its Board tag, else the Round tag's ("3.2"). */
static int game_board(const struct pgn_game *g, int from_round)
{
    const char *b = pgn_game_tag(g, "Board");
    int n = b ? num_parse_uint(b, 100000) : -1;

    return n >= 1 ? n : from_round;
}

/* A forfeit: a decisive result with [Termination "forfeit"] or no moves. */
static int game_forfeit(const struct pgn_game *g)
{
    const char *term = pgn_game_tag(g, "Termination");

    if (strcmp(g->result, "1-0") && strcmp(g->result, "0-1"))
        return 0;
    return !g->nr_moves || (term && !strcmp(term, "forfeit"));
}

/* ------------------------------------------------ a PGN as the results */

/* What the games' tags say of a player beside his name (WhiteTitle,
   WhiteElo, WhiteFideId), the first value given. */
struct ptags {
    char *key; /* name_key() of the name */
    char *title, *fide_id;
    int elo;
};

/* The results CSV the games make, row by row. */
struct as_csv {
    struct csv *c;
    struct diag_list *dl;
    struct ptags *tags;
    size_t n_tags, alloc_tags;
};

/* Keep the tags of side ("White", "Black") of g. */
static void keep_tags(struct as_csv *a, const struct pgn_game *g,
                      const char *side, const char *name)
{
    struct strbuf key = STRBUF_INIT, tag = STRBUF_INIT;
    const char *title, *fide, *elo;
    struct ptags *pt = NULL;
    size_t i;

    name_key(&key, name);
    for (i = 0; i < a->n_tags && !pt; i++)
        if (!strcmp(a->tags[i].key, key.buf))
            pt = &a->tags[i];
    if (!pt) {
        ALLOC_GROW(a->tags, a->n_tags + 1, a->alloc_tags);
        pt = &a->tags[a->n_tags++];
        memset(pt, 0, sizeof(*pt));
        pt->key = strbuf_detach(&key, NULL);
    }
    strbuf_addf(&tag, "%sTitle", side);
    title = pgn_game_tag(g, tag.buf);
    strbuf_reset(&tag);
    strbuf_addf(&tag, "%sFideId", side);
    fide = pgn_game_tag(g, tag.buf);
    strbuf_reset(&tag);
    strbuf_addf(&tag, "%sElo", side);
    elo = pgn_game_tag(g, tag.buf);
    if (!pt->title && title && *title && strcmp(title, "-"))
        pt->title = xstrdup(title);
    if (!pt->fide_id && fide && *fide && strcmp(fide, "0"))
        pt->fide_id = xstrdup(fide);
    if (!pt->elo && elo)
        pt->elo = num_parse_uint(elo, 4000) > 0 ? num_parse_uint(elo, 4000) : 0;
    strbuf_release(&key);
    strbuf_release(&tag);
}

/* The players of t take what the tags say of them where t has nothing. */
static void apply_tags(struct as_csv *a, struct tournament *t)
{
    struct strbuf key = STRBUF_INIT;
    size_t i, k;

    for (i = 0; t && i < t->n_players; i++) {
        struct player *p = &t->players[i];
        strbuf_reset(&key);
        name_key(&key, p->name);
        for (k = 0; k < a->n_tags; k++) {
            const struct ptags *pt = &a->tags[k];
            if (strcmp(pt->key, key.buf))
                continue;
            if (pt->title && (!p->title || !*p->title))
                p->title = arena_strdup(&t->arena, pt->title);
            if (pt->fide_id && (!p->fide_id || !*p->fide_id))
                p->fide_id = arena_strdup(&t->arena, pt->fide_id);
            if (pt->elo && !p->rating)
                p->rating = pt->elo;
            break;
        }
    }
    strbuf_release(&key);
    for (k = 0; k < a->n_tags; k++) {
        free(a->tags[k].key);
        free(a->tags[k].title);
        free(a->tags[k].fide_id);
    }
    free(a->tags);
}

static void add_field(struct as_csv *a, struct csv_row *row, const char *s,
                      unsigned line)
{
    struct csv_field *f = &row->fields[row->n++];

    f->s = arena_strdup(&a->c->arena, s);
    f->line = line;
    f->col = line ? 1 : 0;
}

static struct csv_row *add_row(struct as_csv *a, unsigned line)
{
    struct csv *c = a->c;
    struct csv_row *row;

    ALLOC_GROW(c->rows, c->n_rows + 1, c->rows_alloc);
    row = &c->rows[c->n_rows++];
    row->fields = arena_alloc(&c->arena, 5 * sizeof(*row->fields));
    row->n = 0;
    row->line = line;
    return row;
}

/* A game's row: round, board, white, black, result. */
static void game_row(struct as_csv *a, const struct pgn_game *g)
{
    const char *w = pgn_game_tag(g, "White"), *b = pgn_game_tag(g, "Black");
    const char *rt = pgn_game_tag(g, "Round");
    const char *res = g->result;
    struct csv_row *row;
    char num[16];
    int board, r = game_round(rt, &board);

    if (r < 0) {
        diag_error(a->dl, g->file, g->line, 1,
                   "game without a round (its Round tag is '%s'); a PGN "
                   "that is a section's results needs the round of every "
                   "game (1 to %d)",
                   rt ? rt : "", GAMES_MAX_ROUND);
        return;
    }
    if (!w || !*w || !strcmp(w, "?")) {
        diag_error(a->dl, g->file, g->line, 1,
                   "game of round %d without its white player (its White "
                   "tag is '%s'); a PGN that is a section's results names "
                   "both",
                   r, w ? w : "");
        return;
    }
    if (!b || !*b || !strcmp(b, "?")) {
        diag_error(a->dl, g->file, g->line, 1,
                   "game of round %d without its black player (its Black "
                   "tag is '%s'); a PGN that is a section's results names "
                   "both",
                   r, b ? b : "");
        return;
    }
    if (!name_is_bye(w))
        keep_tags(a, g, "White", w);
    if (!name_is_bye(b))
        keep_tags(a, g, "Black", b);
    if (game_forfeit(g))
        res = !strcmp(res, "1-0") ? "+/-" : "-/+";
    else if (!strcmp(res, "*"))
        res = "";
    row = add_row(a, g->line);
    snprintf(num, sizeof(num), "%d", r);
    add_field(a, row, num, g->line);
    board = game_board(g, board);
    if (board > 0)
        snprintf(num, sizeof(num), "%d", board);
    else
        num[0] = '\0';
    add_field(a, row, num, g->line);
    add_field(a, row, w, g->line);
    add_field(a, row, b, g->line);
    add_field(a, row, res, g->line);
}

enum err eventgames_results(const char *path, enum encoding enc,
                            struct tournament **out, struct diag_list *dl)
{
    static const char *const header[] = {"round", "board", "white", "black",
                                         "result"};
    struct pgn_reader *r = pgn_reader_open(path, enc, dl);
    struct pgn_game g;
    struct as_csv a;
    struct csv_row *h;
    size_t errors = dl->nr_errors, i;
    enum err e = ERR_OK;
    int got;

    *out = NULL;
    if (!r)
        return ERR_NOINPUT;
    memset(&a, 0, sizeof(a));
    a.c = xcalloc(1, sizeof(*a.c));
    a.dl = dl;
    a.c->file = arena_strdup(&a.c->arena, path);
    a.c->encoding = "UTF-8";
    a.c->delim = ',';
    h = add_row(&a, 0);
    for (i = 0; i < 5; i++)
        add_field(&a, h, header[i], 0);
    pgn_game_init(&g);
    while ((got = pgn_reader_next(r, &g, dl)) > 0)
        game_row(&a, &g);
    if (got < 0)
        e = ERR_PARSE;
    pgn_game_release(&g);
    pgn_reader_free(r);
    if (!e) {
        if (a.c->n_rows < 2) {
            /* No game read: said already when each was refused. */
            if (dl->nr_errors == errors)
                diag_error(dl, path, 0, 0, "no games");
            e = ERR_PARSE;
        } else {
            e = results_load(a.c, out, dl);
        }
    }
    apply_tags(&a, *out);
    csv_free(a.c);
    if (!e && dl->nr_errors > errors)
        e = ERR_PARSE;
    return e;
}

/* ------------------------------------------------------------ the join */

/* A section's player as the games may name him: his join keys. */
struct gplayer {
    char *keys[4];  /* name, alias, the registry's two; NULL: none */
    char *ukeys[2]; /* name and alias with umlauts read */
};

/* A game joined, in export format, to be put in order. */
struct joined {
    int round, board;
    size_t seq;
    char *text;
    struct section_game sg; /* its round, players, moves, ECO and FEN */
};

struct gjoin {
    struct event *ev;
    struct section *s;
    struct diag_list *dl;
    struct gplayer *pl;
    unsigned *seen; /* per player and round: the line of its game */
    unsigned *ko_seen; /* a knock-out: per row of its match cards */
    struct joined *games;
    size_t n, alloc;
    struct strbuf key, tmp;
};

static char *key_of(const char *s, int umlauts)
{
    struct strbuf k = STRBUF_INIT;

    if (umlauts)
        name_join_key_umlauts(&k, s);
    else
        name_join_key(&k, s);
    if (!k.len) {
        strbuf_release(&k);
        return NULL;
    }
    return strbuf_detach(&k, NULL);
}

static void players_make(struct gjoin *j)
{
    const struct tournament *t = j->s->t;
    size_t i;

    j->pl = xcalloc(t->n_players + 1, sizeof(*j->pl));
    for (i = 0; i < t->n_players; i++) {
        const struct player *p = &t->players[i];
        const struct person *pe = section_person(j->ev, j->s, (int)i);
        j->pl[i].keys[0] = key_of(p->name, 0);
        j->pl[i].ukeys[0] = key_of(p->name, 1);
        if (p->alias) {
            j->pl[i].keys[1] = key_of(p->alias, 0);
            j->pl[i].ukeys[1] = key_of(p->alias, 1);
        }
        if (pe && pe->key) {
            j->pl[i].keys[2] = xstrdup(pe->key);
            j->pl[i].keys[3] = xstrdup(pe->key_full);
        }
    }
}

static void players_release(struct gjoin *j)
{
    size_t i, k;

    for (i = 0; i < j->s->t->n_players; i++) {
        for (k = 0; k < 4; k++)
            free(j->pl[i].keys[k]);
        for (k = 0; k < 2; k++)
            free(j->pl[i].ukeys[k]);
    }
    free(j->pl);
}

/*
 * The one player whose key (of kind: 0 exact, 1 umlauts read, 2 a key
 * the name starts or that starts the name) is key; -1 none, -2 several.
 */
static long find_by(const struct gjoin *j, const char *key, int kind)
{
    const struct tournament *t = j->s->t;
    size_t i, k, len = strlen(key);
    long found = -1;

    for (i = 0; i < t->n_players; i++) {
        int hit = 0;
        for (k = 0; k < 4 && !hit; k++) {
            const char *pk = kind == 1 ? (k < 2 ? j->pl[i].ukeys[k] : NULL)
                                       : j->pl[i].keys[k];
            size_t pl;
            if (!pk)
                continue;
            pl = strlen(pk);
            if (kind != 2) {
                hit = !strcmp(pk, key);
            } else {
                /* One cut short: the shorter starts the longer and
                   holds two words at least (the surname whole). */
                const char *shorter = pl < len ? pk : key;
                size_t m = pl < len ? pl : len;
                hit = m >= 3 && !strncmp(pk, key, m) && strchr(shorter, ' ');
            }
        }
        if (!hit)
            continue;
        if (found >= 0 && found != (long)i)
            return -2;
        found = (long)i;
    }
    return found;
}

/* The player a game's tag names (a FIDE ID in fide, may be NULL); -1
   none or several, -2 a bye's stand-in. */
static long find_player(struct gjoin *j, const char *name, const char *fide)
{
    const struct tournament *t = j->s->t;
    char *k;
    long found;
    size_t i;

    if (fide && *fide && strcmp(fide, "0"))
        for (i = 0; i < t->n_players; i++)
            if (!strcmp(t->players[i].fide_id, fide))
                return (long)i;
    if (!name || !*name || !strcmp(name, "?"))
        return -1;
    if (name_is_bye(name))
        return -2;
    k = key_of(name, 0);
    if (!k)
        return -1;
    found = find_by(j, k, 0);
    if (found == -1) {
        char *u = key_of(name, 1);
        if (u)
            found = find_by(j, u, 1);
        free(u);
    }
    if (found == -1)
        found = find_by(j, k, 2);
    free(k);
    return found < 0 ? -1 : found;
}

/* The result of player p's entry as PGN writes it from his side as
   white; NULL when it has none (no game, not played yet). */
static const char *entry_result(const struct entry *e)
{
    switch (entry_kind(e)) {
    case EK_WIN:
    case EK_FORFEIT_WIN:
        return "1-0";
    case EK_LOSS:
    case EK_FORFEIT_LOSS:
        return "0-1";
    case EK_DRAW:
        return "1/2-1/2";
    default:
        return NULL;
    }
}

/* The same result from the other side. */
static const char *flip(const char *res)
{
    if (!strcmp(res, "1-0"))
        return "0-1";
    if (!strcmp(res, "0-1"))
        return "1-0";
    return res;
}

/* A date in PGN form: "2004.05.04". */
static void pgn_date(struct strbuf *out, const struct date *d)
{
    strbuf_addf(out, "%04d.%02d.%02d", d->y, d->m, d->d);
}

/* Set the tags the archive's PGN fills from event.ini and the registry. */
static void set_tags(struct gjoin *j, struct pgn_game *g, const char *round,
                     long w, long b)
{
    const struct event *ev = j->ev;
    const struct section *s = j->s;
    const struct tournament *t = s->t;
    const struct date *start = date_valid(&s->start) ? &s->start : &ev->start;
    const struct date *end = date_valid(&s->end) ? &s->end : &ev->end;
    const char *date = pgn_game_tag(g, "Date");
    /* Read before any tag is set: setting one moves the values. */
    int has_board = pgn_game_tag(g, "Board") != NULL;
    int whole_date = date && !strchr(date, '?') && strlen(date) == 10;
    int bd, sides;
    long who[2];

    game_round(pgn_game_tag(g, "Round"), &bd);
    pgn_game_set_tag(g, "Event", ev->title);
    strbuf_reset(&j->tmp);
    strbuf_addf(&j->tmp, "%s UKR", ev->city);
    pgn_game_set_tag(g, "Site", j->tmp.buf);
    /* The game's own day when it gives one whole, else what the
       section's days say of it. */
    if (!whole_date) {
        strbuf_reset(&j->tmp);
        if (start->y == end->y && start->m == end->m && start->d == end->d)
            pgn_date(&j->tmp, start);
        else if (start->y == end->y && start->m == end->m)
            strbuf_addf(&j->tmp, "%04d.%02d.??", start->y, start->m);
        else if (start->y == end->y)
            strbuf_addf(&j->tmp, "%04d.??.??", start->y);
        else
            strbuf_addstr(&j->tmp, "????.??.??");
        pgn_game_set_tag(g, "Date", j->tmp.buf);
    }
    pgn_game_set_tag(g, "Round", round);
    who[0] = w;
    who[1] = b;
    for (sides = 0; sides < 2; sides++) {
        const struct player *p = &t->players[who[sides]];
        const struct person *pe = section_person(ev, s, (int)who[sides]);
        strbuf_reset(&j->tmp);
        if (pe && *pe->surname && *pe->given)
            strbuf_addf(&j->tmp, "%s, %s", pe->surname, pe->given);
        else
            strbuf_addstr(&j->tmp, p->name);
        pgn_game_set_tag(g, sides ? "Black" : "White", j->tmp.buf);
    }
    if (*g->result)
        pgn_game_set_tag(g, "Result", g->result);
    if (!has_board && bd > 0 && !t->ko_input) {
        strbuf_reset(&j->tmp);
        strbuf_addf(&j->tmp, "%d", bd);
        pgn_game_set_tag(g, "Board", j->tmp.buf);
    }
    pgn_game_set_tag(g, "Section", s->title);
    strbuf_reset(&j->tmp);
    pgn_date(&j->tmp, start);
    pgn_game_set_tag(g, "EventDate", j->tmp.buf);
    for (sides = 0; sides < 2; sides++) {
        const char *id = t->players[who[sides]].fide_id;
        if (id && *id && strcmp(id, "0"))
            pgn_game_set_tag(g, sides ? "BlackFideId" : "WhiteFideId", id);
    }
}

/* "White - Black" of a game as its tags name them, for messages. */
static const char *pair_name(struct gjoin *j, const struct pgn_game *g)
{
    const char *w = pgn_game_tag(g, "White"), *b = pgn_game_tag(g, "Black");

    strbuf_reset(&j->key);
    strbuf_addf(&j->key, "%s - %s", w ? w : "?", b ? b : "?");
    return j->key.buf;
}

/*
 * The round of the results in which players w and b met, by the game's
 * Round tag, else the one round they met in; -1 when none.  *white: w
 * had white there.
 */
static int find_round(const struct tournament *t, long w, long b, int tagged,
                      int *white)
{
    const struct player *pw = &t->players[w];
    int nb = t->players[b].start_no, r, found = -1;

    for (r = 1; r <= t->n_rounds; r++) {
        const struct entry *e = &pw->rounds[r - 1];
        if (tagged > 0 && r != tagged)
            continue;
        if (e->opp != nb || (e->colour != 'w' && e->colour != 'b'))
            continue;
        if (found > 0)
            return -1; /* untagged, and they met twice */
        found = r;
        *white = e->colour == 'w';
    }
    return found;
}

/*
 * What the catalogue keeps of game g besides its text: its half-moves,
 * its moves as numbered, its ECO code (the tag's, when it is one: a
 * letter A-E and two digits) and the FEN of its last position.
 */
static void game_facts(struct gjoin *j, const struct pgn_game *g,
                       struct section_game *sg)
{
    const char *eco = pgn_game_tag(g, "ECO");
    struct chess_pos pos = g->start;
    size_t i;

    memset(sg, 0, sizeof(*sg));
    for (i = 0; i < g->nr_moves; i++)
        chess_make(&pos, &g->moves[i]);
    sg->plies = (int)g->nr_moves;
    if (!sg->plies)
        sg->moves = 0;
    else if (g->start.side == CHESS_WHITE)
        sg->moves = (sg->plies + 1) / 2;
    else
        sg->moves = sg->plies / 2 + 1;
    if (eco && eco[0] >= 'A' && eco[0] <= 'E' && eco[1] >= '0' &&
        eco[1] <= '9' && eco[2] >= '0' && eco[2] <= '9' &&
        (!eco[3] || eco[3] == ' ' || (eco[3] >= 'a' && eco[3] <= 'z'))) {
        memcpy(sg->eco, eco, 3);
        sg->eco[3] = '\0';
    }
    strbuf_reset(&j->tmp);
    chess_pos_to_fen(&pos, &j->tmp);
    sg->fen = arena_strdup(&j->ev->arena, j->tmp.buf);
}

/* An error when game g's result (from white w's side) is not res, the
   result of the results' game of round r between w and b, from the side
   of its white (w when white, else b); res NULL: nothing to compare. */
static void check_result(struct gjoin *j, const struct pgn_game *g, int r,
                         long w, long b, int white, const char *res)
{
    const struct tournament *t = j->s->t;
    const struct player *rw = &t->players[white ? w : b];
    const struct player *rb = &t->players[white ? b : w];

    if (!res ||
        (strcmp(g->result, "1-0") && strcmp(g->result, "0-1") &&
         strcmp(g->result, "1/2-1/2")) ||
        !strcmp(white ? res : flip(res), g->result))
        return;
    diag_error(j->dl, g->file, g->line, 1,
               "game %s of round %d: the result is %s, but the results of "
               "section '%s' have %s - %s %s",
               pair_name(j, g), r, g->result, j->s->id, rw->name, rb->name,
               res);
}

/*
 * Keep game g, joined to round r between players w (white in g) and b
 * (indexes of t->players): its tags set (Round to round_tag), its text in
 * export format and its facts; order: its place in the round (a board,
 * else 0); ko_row: its row of a knock-out's match cards, else -1.
 */
static void keep_game(struct gjoin *j, struct pgn_game *g, size_t seq, int r,
                      int order, const char *round_tag, long w, long b,
                      long ko_row)
{
    const struct tournament *t = j->s->t;
    struct strbuf text = STRBUF_INIT;
    struct joined *jg;

    set_tags(j, g, round_tag, w, b);
    pgn_write(g, &text);
    ALLOC_GROW(j->games, j->n + 1, j->alloc);
    jg = &j->games[j->n++];
    jg->round = r;
    jg->board = order;
    jg->seq = seq;
    jg->text = strbuf_detach(&text, NULL);
    game_facts(j, g, &jg->sg);
    jg->sg.round = r;
    jg->sg.white = t->players[w].start_no;
    jg->sg.black = t->players[b].start_no;
    jg->sg.ko_row = ko_row;
}

/* A game of round r of players w and b found twice: a warning. */
static void twice(struct gjoin *j, const struct pgn_game *g, int r,
                  unsigned first)
{
    diag_warning(j->dl, g->file, g->line, 1,
                 "game %s of round %d is there twice (line %u); the second "
                 "is left out",
                 pair_name(j, g), r, first);
}

/* A game whose players never met in round tagged (or at all): left out. */
static void not_in_results(struct gjoin *j, const struct pgn_game *g,
                           int tagged)
{
    if (tagged > 0)
        diag_warning(j->dl, g->file, g->line, 1,
                     "game %s of round %d is not in the results of section "
                     "'%s'; the game is left out",
                     pair_name(j, g), tagged, j->s->id);
    else
        diag_warning(j->dl, g->file, g->line, 1,
                     "game %s is not in the results of section '%s' (its "
                     "Round tag names no round); the game is left out",
                     pair_name(j, g), j->s->id);
}

/* The colours of a game the other way round from its results': a
   warning. */
static void colours_swapped(struct gjoin *j, const struct pgn_game *g, int r)
{
    diag_warning(j->dl, g->file, g->line, 1,
                 "game %s of round %d: the results have the colours the "
                 "other way round",
                 pair_name(j, g), r);
}

/* The result of a match card's row as PGN writes it, from its white's
   side; NULL for a row without a game over the board or forfeited. */
static const char *row_result(const struct ko_game *k)
{
    switch (k->wcode) {
    case '1':
    case '+':
        return "1-0";
    case '0':
        return "0-1";
    case '-':
        return k->bcode == '+' ? "0-1" : NULL;
    case '=':
        return "1/2-1/2";
    default:
        return NULL;
    }
}

/*
 * The row of the match cards a game of players wn and bn (start numbers,
 * white first) is: in round tagged (any when 0 or less), the row of game
 * number no of their match, else the first row not joined yet with the
 * game's colours, else the first row not joined yet; *white: the game's
 * white is the row's.  -1 when they have no game in that round, -2 - the
 * first row when every one of their rows there is joined already.
 */
static long find_ko_row(struct gjoin *j, int wn, int bn, int tagged, int no,
                        int *white)
{
    const struct ko_input *in = j->s->t->ko_input;
    long numbered = -1, same = -1, other = -1, any = -1;
    int numbered_white = 0;
    size_t i;

    for (i = 0; i < in->n; i++) {
        const struct ko_game *k = &in->games[i];
        int fw;
        if (!k->game || !k->black || (tagged > 0 && k->round != tagged))
            continue;
        if (k->white == wn && k->black == bn)
            fw = 1;
        else if (k->white == bn && k->black == wn)
            fw = 0;
        else
            continue;
        if (any < 0)
            any = (long)i;
        if (j->ko_seen[i])
            continue;
        if (no > 0 && k->game == no && numbered < 0) {
            numbered = (long)i;
            numbered_white = fw;
        }
        if (fw && same < 0)
            same = (long)i;
        if (!fw && other < 0)
            other = (long)i;
    }
    if (numbered >= 0) {
        *white = numbered_white;
        return numbered;
    }
    if (same >= 0) {
        *white = 1;
        return same;
    }
    if (other >= 0) {
        *white = 0;
        return other;
    }
    return any < 0 ? -1 : -2 - any;
}

/*
 * Join game g of a knock-out section: to a row of its match cards by its
 * players (either colours), the round of its Round tag when it gives one,
 * and the number of the game in the match after the round ("2.3": round
 * 2, game 3), the way knock-out events number their games.
 */
static int join_ko_game(struct gjoin *j, struct pgn_game *g, size_t seq,
                        long w, long b)
{
    const struct tournament *t = j->s->t;
    const struct ko_game *k;
    int no, tagged = game_round(pgn_game_tag(g, "Round"), &no);
    int white = 1;
    long row = find_ko_row(j, t->players[w].start_no, t->players[b].start_no,
                           tagged, no, &white);
    char tag[32];

    if (row == -1) {
        not_in_results(j, g, tagged);
        return 0;
    }
    if (row < -1) {
        k = &t->ko_input->games[-2 - row];
        twice(j, g, k->round, j->ko_seen[-2 - row]);
        return 0;
    }
    k = &t->ko_input->games[row];
    j->ko_seen[row] = g->line;
    if (!white)
        colours_swapped(j, g, k->round);
    check_result(j, g, k->round, w, b, white, row_result(k));
    snprintf(tag, sizeof(tag), "%d.%d", k->round, k->game);
    /* In the round, by match and game. */
    keep_game(j, g, seq, k->round, k->match * 1000 + k->game, tag, w, b, row);
    return 1;
}

/* Join one game; 1 when it was joined (into j->games). */
static int join_game(struct gjoin *j, struct pgn_game *g, size_t seq)
{
    struct tournament *t = j->s->t;
    long w = find_player(j, pgn_game_tag(g, "White"),
                         pgn_game_tag(g, "WhiteFideId"));
    long b = find_player(j, pgn_game_tag(g, "Black"),
                         pgn_game_tag(g, "BlackFideId"));
    int board, tagged = game_round(pgn_game_tag(g, "Round"), &board);
    int r, white = 1;
    unsigned *seen;
    char tag[16];

    if (w == -2 || b == -2)
        return 0; /* a bye: the results have it as one */
    if (w < 0 || b < 0) {
        const char *who =
            w < 0 ? pgn_game_tag(g, "White") : pgn_game_tag(g, "Black");
        diag_warning(j->dl, g->file, g->line, 1,
                     "game %s: '%s' is no player of section '%s'; the game "
                     "is left out",
                     pair_name(j, g), who ? who : "", j->s->id);
        return 0;
    }
    if (t->ko_input)
        return join_ko_game(j, g, seq, w, b);
    r = find_round(t, w, b, tagged, &white);
    if (r < 0) {
        not_in_results(j, g, tagged);
        return 0;
    }
    seen = &j->seen[(size_t)w * (size_t)t->n_rounds + (size_t)(r - 1)];
    if (*seen) {
        twice(j, g, r, *seen);
        return 0;
    }
    *seen = g->line;
    j->seen[(size_t)b * (size_t)t->n_rounds + (size_t)(r - 1)] = g->line;
    if (!white)
        colours_swapped(j, g, r);
    check_result(j, g, r, w, b, white,
                 entry_result(&t->players[white ? w : b].rounds[r - 1]));
    snprintf(tag, sizeof(tag), "%d", r);
    keep_game(j, g, seq, r, game_board(g, board), tag, w, b, -1);
    return 1;
}

static int cmp_joined(const void *a, const void *b)
{
    const struct joined *x = a, *y = b;
    int xb = x->board > 0 ? x->board : 1000000;
    int yb = y->board > 0 ? y->board : 1000000;

    if (x->round != y->round)
        return x->round < y->round ? -1 : 1;
    if (xb != yb)
        return xb < yb ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The results' games without a game in PGN: one warning. */
static void missing_games(struct gjoin *j)
{
    const struct tournament *t = j->s->t;
    const struct where *at = &j->s->games_at;
    size_t i, all = 0, missing = 0;
    int r;

    if (t->ko_input) {
        /* The games over the board of the match cards. */
        for (i = 0; i < t->ko_input->n; i++) {
            const struct ko_game *k = &t->ko_input->games[i];
            if (!ko_game_over_board(k))
                continue;
            all++;
            missing += !j->ko_seen[i];
        }
    } else {
        for (i = 0; i < t->n_players; i++)
            for (r = 0; r < t->n_rounds; r++) {
                const struct entry *e = &t->players[i].rounds[r];
                if (!entry_is_played(e) || e->colour != 'w')
                    continue;
                all++;
                if (!j->seen[i * (size_t)t->n_rounds + (size_t)r])
                    missing++;
            }
    }
    if (!missing)
        return;
    diag_warning(j->dl, at->file, at->line, at->col,
                 i18n_ngettext("section '%s': %zu of the %zu games of its "
                               "results has no game in PGN (not every game "
                               "is recorded)",
                               "section '%s': %zu of the %zu games of its "
                               "results have no game in PGN (not every game "
                               "is recorded)",
                               missing),
                 j->s->id, missing, all);
}

/* Read one file's games into the join; errors of the file to dl. */
static enum err join_file(struct gjoin *j, const char *path, enum encoding enc,
                          struct diag_list *dl, size_t *seq)
{
    struct pgn_reader *r = pgn_reader_open(path, enc, dl);
    struct pgn_game g;
    size_t errors = dl->nr_errors;
    int got;

    if (!r)
        return ERR_NOINPUT;
    pgn_game_init(&g);
    while ((got = pgn_reader_next(r, &g, dl)) > 0)
        join_game(j, &g, (*seq)++);
    pgn_game_release(&g);
    pgn_reader_free(r);
    if (got < 0)
        return ERR_PARSE;
    return dl->nr_errors > errors ? ERR_PARSE : ERR_OK;
}

enum err eventgames_join(struct event *ev, struct section *s, enum encoding enc,
                         struct diag_list *dl)
{
    struct gjoin j;
    struct section_game *list;
    struct strbuf all = STRBUF_INIT;
    enum err ret = ERR_OK;
    size_t i, seq = 0;

    if (!s->t || (!s->n_games_files && s->format != RESULTS_PGN))
        return ERR_OK;
    memset(&j, 0, sizeof(j));
    j.ev = ev;
    j.s = s;
    j.dl = dl;
    strbuf_init(&j.key, 64);
    strbuf_init(&j.tmp, 64);
    players_make(&j);
    j.seen =
        xcalloc(s->t->n_players * (size_t)s->t->n_rounds + 1, sizeof(*j.seen));
    if (s->t->ko_input)
        j.ko_seen = xcalloc(s->t->ko_input->n + 1, sizeof(*j.ko_seen));
    if (s->format == RESULTS_PGN) {
        /* Its problems were reported when it was read as the results. */
        struct diag_list scratch = DIAG_LIST_INIT;
        scratch.errors_only = 1;
        join_file(&j, s->path, enc, &scratch, &seq);
        diag_list_release(&scratch);
    }
    for (i = 0; i < s->n_games_files; i++) {
        enum err e;
        if (!*s->games_paths[i] ||
            (s->format == RESULTS_PGN && !strcmp(s->games_paths[i], s->path)))
            continue;
        e = join_file(&j, s->games_paths[i], enc, dl, &seq);
        if (e > ret)
            ret = e;
    }
    if (s->n_games_files)
        missing_games(&j);
    qsort(j.games, j.n, sizeof(*j.games), cmp_joined);
    list = j.n ? arena_alloc(&ev->arena, j.n * sizeof(*list)) : NULL;
    for (i = 0; i < j.n; i++) {
        list[i] = j.games[i].sg;
        list[i].offset = all.len;
        strbuf_addstr(&all, j.games[i].text);
        list[i].len = all.len - list[i].offset;
        free(j.games[i].text);
    }
    free(j.games);
    if (j.n) {
        s->games_pgn = arena_strdup(&ev->arena, all.buf);
        s->games_pgn_len = all.len;
        s->n_games = j.n;
        s->game_list = list;
    }
    strbuf_release(&all);
    free(j.seen);
    free(j.ko_seen);
    players_release(&j);
    strbuf_release(&j.key);
    strbuf_release(&j.tmp);
    return ret;
}
