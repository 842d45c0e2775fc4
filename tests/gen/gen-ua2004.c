/* tests/gen/gen-ua2004: the second example event, the 2004 championships
 * of Ukraine after seed 000 (every person and result fictional),
 * generated deterministically.
 * SPDX-License-Identifier: MIT
 *
 * usage: gen-ua2004 DIR
 *
 * Writes DIR/event.ini, DIR/players.csv (the registry, UTF-8) and the
 * sections' results:
 *   - women: the women's championship, Swiss, 9 rounds, ua-2004
 *     tie-breaks, given by its games alone (women.pgn: byes and
 *     forfeits as games, a historic section's PGN);
 *   - men-semifinal: the men's semi-final, Swiss, 9 rounds, places 1-5
 *     qualify for the final (men-semifinal.trf); a qualifying stage, with
 *     no champion, medals or diplomas;
 *   - men-final: the men's final, a knock-out of 32 (men-final.csv, match
 *     cards): 2 classical games, then rapid, blitz and armageddon while
 *     level; somewhere a match won in rapid, one in blitz, one decided by a
 *     drawn armageddon (black wins), a forfeited game and a walkover;
 *   - clubs: the club team championship, a round robin of 8 clubs on 6
 *     boards (clubs.csv, the teams' match cards), from the module
 *     tests/gen/gen-clubs.c with its registry rows (team, order, captain,
 *     role: the clubs' coaches).
 *
 * The event is assembled from parts: each section is a writer (its
 * players chosen and played, its results file, its [section] of
 * event.ini), and the registry has one row per person, collected from the
 * people every writer entered under one header.  Another section is one
 * more writer in the table in main().
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tournament.h"
#include "gen/gen-clubs.h"
#include "gen/gen-common.h"
#include "ingest/pgn.h"
#include "ingest/trf.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#define MAX_PEOPLE 200

/* ------------------------------------------------------------- people */

struct person {
    char surname[64], given[64], patronymic[64];
    char sex; /* 'm' or 'f' */
    int by, bm, bd;
    int region;
    char club[160];
    char coach[120];
    const char *rank;  /* the national rank: МСМК, МС, КМС */
    const char *title; /* the FIDE title in TRF: g m wg wm; NULL none */
    char fide_id[16];
    int rating;
    int strength;
    char sections[160]; /* the sections entered, "men-semifinal, ..." */
};

static struct person people[MAX_PEOPLE];
static int n_people;

static int name_taken(const char *sur, const char *given)
{
    int i;

    for (i = 0; i < n_people; i++)
        if (!strcmp(people[i].surname, sur) && !strcmp(people[i].given, given))
            return 1;
    return 0;
}

static int rating_taken(int rating)
{
    int i;

    for (i = 0; i < n_people; i++)
        if (people[i].rating == rating)
            return 1;
    return 0;
}

/* A player of rating about lo..hi (unique ratings: the seeding is
   unambiguous). */
static int make_person(char sex, int lo, int hi)
{
    struct person *p = &people[n_people];
    static int next_id = 14100001;

    memset(p, 0, sizeof(*p));
    p->sex = sex;
    do {
        surname_for(p->surname, sizeof(p->surname), gen_surname(), sex);
        snprintf(p->given, sizeof(p->given), "%s", gen_given(sex));
    } while (name_taken(p->surname, p->given));
    snprintf(p->patronymic, sizeof(p->patronymic), "%s", gen_patronymic(sex));
    p->by = 1962 + rnd(26);
    p->bm = 1 + rnd(12);
    p->bd = 1 + rnd(28);
    p->region = pick_region();
    snprintf(p->club, sizeof(p->club), "Шаховий клуб «%s», м. %s",
             rnd(2) ? "Гамбіт" : "Каїса", regions[p->region].city);
    coach_name(p->coach, sizeof(p->coach));
    do
        p->rating = lo + rnd(hi - lo + 1);
    while (rating_taken(p->rating));
    p->strength = p->rating + rnd(80) - 40;
    p->rank = p->rating >= 2450 ? "МСМК" : p->rating >= 2250 ? "МС" : "КМС";
    p->title = p->rating >= 2500   ? (sex == 'f' ? "wg" : "g")
               : p->rating >= 2400 ? (sex == 'f' ? "wm" : "m")
                                   : NULL;
    snprintf(p->fide_id, sizeof(p->fide_id), "%d", next_id += 1 + rnd(300));
    return n_people++;
}

static void enter(int person, const char *section)
{
    struct person *p = &people[person];
    size_t len = strlen(p->sections);

    snprintf(p->sections + len, sizeof(p->sections) - len, "%s%s",
             len ? ", " : "", section);
}

static void trf_name(char *out, size_t n, const struct person *p)
{
    snprintf(out, n, "%s, %s", p->surname, p->given);
}

static int cmp_rating(const void *x, const void *y)
{
    const struct person *a = &people[*(const int *)x];
    const struct person *b = &people[*(const int *)y];

    return b->rating - a->rating;
}

static void clubs_rows(struct strbuf *sb);

/* The registry: one header, one row per person who entered a section,
   then the club championship's people (its players and coaches). */
static void write_registry(const char *dir)
{
    struct strbuf sb = STRBUF_INIT;
    int i;

    strbuf_addstr(&sb, "Прізвище,Ім'я,По батькові,Стать,Дата народження,"
                       "Область,Клуб,Тренер,Звання,FIDE ID,Рейтинг,Секції,"
                       "Паспорт,Медичний допуск,Страховка,Внесок,Федерація,"
                       "Команда,Порядок,Капітан,Роль\n");
    for (i = 0; i < n_people; i++) {
        const struct person *p = &people[i];
        if (!p->sections[0])
            continue;
        csv_put(&sb, p->surname, ',');
        strbuf_addch(&sb, ',');
        csv_put(&sb, p->given, ',');
        strbuf_addf(&sb, ",%s,%s,%02d.%02d.%04d,%s,", p->patronymic,
                    p->sex == 'm' ? "ч" : "ж", p->bd, p->bm, p->by,
                    regions[p->region].spellings[0]);
        csv_put(&sb, p->club, ',');
        strbuf_addch(&sb, ',');
        csv_put(&sb, p->coach, ',');
        strbuf_addf(&sb, ",%s,%s,%d,", p->rank, p->fide_id, p->rating);
        csv_put(&sb, p->sections, ',');
        strbuf_addstr(&sb, ",так,так,так,так,,,,,\n");
    }
    clubs_rows(&sb);
    write_file(dir, "players.csv", &sb);
    strbuf_release(&sb);
}

/* ------------------------------------------------------------- Swiss */

struct swiss_def {
    const char *id, *title, *file, *sex, *tc, *trf_tc, *d1, *d2;
    int players, rounds;
    const char *extra_ini; /* more keys of its [section] */
};

struct swiss {
    const struct swiss_def *def;
    struct sp ps[MAX_PEOPLE];
    int n;
};

static int cmp_points(const void *x, const void *y)
{
    const struct sp *a = *(const struct sp *const *)x;
    const struct sp *b = *(const struct sp *const *)y;

    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    return a->no - b->no;
}

/* Rank by points (the rank column of the file); order[k]: place k+1. */
static void rank_by_points(struct swiss *sw, struct sp **order)
{
    int i;

    for (i = 0; i < sw->n; i++)
        order[i] = &sw->ps[i];
    qsort(order, (size_t)sw->n, sizeof(*order), cmp_points);
    for (i = 0; i < sw->n; i++)
        order[i]->rank = i + 1;
}

/* Play the Swiss of the players pl[0..n) (rating order: start numbers). */
static void swiss_play(struct swiss *sw, const int *pl, int n, uint64_t seed)
{
    int i;

    rng_state = seed;
    sw->n = n;
    memset(sw->ps, 0, sizeof(sw->ps));
    for (i = 0; i < n; i++) {
        sw->ps[i].person = pl[i];
        sw->ps[i].strength = people[pl[i]].strength;
        sw->ps[i].no = i + 1;
        sw->ps[i].out_from = MAX_ROUNDS;
        sw->ps[i].hbye_round = -1;
    }
    simulate(sw->ps, n, sw->def->rounds, 2);
}

static void swiss_ini(const struct swiss *sw, struct strbuf *ini)
{
    const struct swiss_def *d = sw->def;

    strbuf_addf(ini,
                "\n[section %s]\n"
                "title = %s\n"
                "file = %s\n"
                "system = swiss\n"
                "discipline = classic\n"
                "time-control = %s\n"
                "sex = %s\n"
                "rounds = %d\n"
                "rules = ua-2004\n"
                "%s",
                d->id, d->title, d->file, d->tc, d->sex, d->rounds,
                d->extra_ini);
}

static void swiss_trf(const struct swiss *sw, const char *dir)
{
    const struct swiss_def *d = sw->def;
    struct tournament *t = tournament_new();
    struct strbuf sb = STRBUF_INIT;
    struct gen_trf_header h;
    char buf[200];
    int i;

    snprintf(buf, sizeof(buf), "Чемпіонат України з шахів 2004 року. %s",
             d->title);
    memset(&h, 0, sizeof(h));
    h.title = buf;
    h.city = "Алушта";
    h.first_day = d->d1;
    h.last_day = d->d2;
    h.arbiter = "Віктор Гончаренко";
    h.deputy = "Ніна Ставнича";
    h.time_control = d->trf_tc;
    h.players = h.rated = sw->n;
    h.rounds = d->rounds;
    gen_trf_header(t, &h);
    for (i = 0; i < sw->n; i++) {
        const struct sp *s = &sw->ps[i];
        const struct person *pe = &people[s->person];
        struct gen_trf_player gp;
        trf_name(buf, sizeof(buf), pe);
        gp.sex = pe->sex;
        gp.title = pe->title;
        gp.name = buf;
        gp.fide_id = pe->fide_id;
        gp.rating = pe->rating;
        gp.by = pe->by;
        gp.bm = pe->bm;
        gp.bd = pe->bd;
        gen_trf_player(t, s, &gp, d->rounds);
    }
    trf_write(t, TRF_16, &sb);
    write_file(dir, d->file, &sb);
    tournament_free(t);
    strbuf_release(&sb);
}

/* ------------------------------------------------------------ sections */

static const struct swiss_def women_def = {
    "women", "Чемпіонат України серед жінок", "women.pgn", "women",
    "90 хв + 30 с за кожний хід, починаючи з першого",
    "90 min + 30 sec/move", "2004/05/04", "2004/05/12", 20, 9,
    "sheet-name = Жінки\n"
    "start = 04.05.2004\n"
    "end = 12.05.2004\n"};

static const struct swiss_def semi_def = {
    "men-semifinal", "Чемпіонат України серед чоловіків, півфінал",
    "men-semifinal.trf", "men",
    "90 хв + 30 с за кожний хід, починаючи з першого",
    "90 min + 30 sec/move", "2004/05/04", "2004/05/12", 40, 9,
    "sheet-name = Чоловіки, півфінал\n"
    "stage = qualifying\n"
    "qualify-places = 5\n"
    "qualify-for = фінал чемпіонату України серед чоловіків 2004 року\n"
    "start = 04.05.2004\n"
    "end = 12.05.2004\n"};

static struct swiss women, semi;

static void women_run(void)
{
    int pl[20], i;

    for (i = 0; i < 20; i++) {
        pl[i] = make_person('f', 2150, 2480);
        enter(pl[i], "women");
    }
    qsort(pl, 20, sizeof(int), cmp_rating);
    women.def = &women_def;
    swiss_play(&women, pl, 20, 2004050401u);
    {
        struct sp *order[20];
        rank_by_points(&women, order);
    }
}

static void women_ini(struct strbuf *ini)
{
    swiss_ini(&women, ini);
}

/* A name in the games: "Прізвище, Ім'я" as the registry spells it. */
static void pgn_name(char *out, size_t n, int person)
{
    trf_name(out, n, &people[person]);
}

/* A player's title, rating and FIDE ID as the PGN's tags. */
static void pgn_player_tags(struct pgn_game *g, const char *side, int person)
{
    static const char *const titles[][2] = {
        {"g", "GM"}, {"m", "IM"}, {"wg", "WGM"}, {"wm", "WIM"}};
    const struct person *pe = &people[person];
    char tag[32], val[32];
    size_t k;

    for (k = 0; pe->title && k < N(titles); k++)
        if (!strcmp(pe->title, titles[k][0])) {
            snprintf(tag, sizeof(tag), "%sTitle", side);
            pgn_game_set_tag(g, tag, titles[k][1]);
        }
    snprintf(tag, sizeof(tag), "%sElo", side);
    snprintf(val, sizeof(val), "%d", pe->rating);
    pgn_game_set_tag(g, tag, val);
    snprintf(tag, sizeof(tag), "%sFideId", side);
    pgn_game_set_tag(g, tag, pe->fide_id);
}

/* The women's championship survives as its games alone (a historic
   section): its results are the PGN, byes and forfeits in it. */
static void women_files(const char *dir)
{
    struct strbuf sb = STRBUF_INIT;
    struct gen_pgn g;

    memset(&g, 0, sizeof(g));
    g.event = "Чемпіонат України серед жінок";
    g.site = "Алушта UKR";
    g.y = 2004;
    g.m = 5;
    g.d = 4;
    g.name = pgn_name;
    g.player_tags = pgn_player_tags;
    g.byes = 1;
    g.notes = 1;
    gen_pgn_games(&sb, women.ps, women.n, women.def->rounds, &g,
                  2004050403u);
    write_file(dir, women.def->file, &sb);
    strbuf_release(&sb);
}

/* The semi-final; its places 1-5 go to the final, fixed on points. */
static int semi_qualifiers[5];

static void semi_run(void)
{
    int pl[40], i;
    uint64_t seed = 2004050402u;

    for (i = 0; i < 40; i++) {
        pl[i] = make_person('m', 2280, 2540);
        enter(pl[i], "men-semifinal");
    }
    qsort(pl, 40, sizeof(int), cmp_rating);
    semi.def = &semi_def;
    for (;;) {
        struct sp *order[40];
        swiss_play(&semi, pl, 40, seed++);
        rank_by_points(&semi, order);
        /* Places 1-5 must be theirs by points alone. */
        if (order[4]->score > order[5]->score) {
            for (i = 0; i < 5; i++)
                semi_qualifiers[i] = order[i]->person;
            break;
        }
    }
}

static void semi_ini(struct strbuf *ini)
{
    swiss_ini(&semi, ini);
}

static void semi_files(const char *dir)
{
    swiss_trf(&semi, dir);
}

/* --------------------------------------------------------- knock-out */

enum stage { CLASSIC, RAPID, BLITZ, ARMAGEDDON };
static const char *const stage_words[] = {"класичні", "швидкі", "бліц",
                                          "армагедон"};
static const int stage_games[] = {2, 2, 2, 1};
static const double stage_draws[] = {0.45, 0.3, 0.2, 0.12};

/* How a match of the example is made to end, beside the natural ones. */
enum force {
    F_NONE,
    F_RAPID,      /* decided in the rapid games */
    F_BLITZ,      /* decided in the blitz games */
    F_ARMAGEDDON, /* level to the armageddon, drawn: black wins */
    F_FORFEIT,    /* a draw, then the weaker player forfeits game 2 */
    F_WALKOVER    /* the weaker player does not come */
};

#define KO_PLAYERS 32
#define KO_ROUNDS 5

static int ko_seed[KO_PLAYERS + 1];    /* seed -> person */
static struct strbuf cards = STRBUF_INIT;
/* The games played over the board, for men-final.pgn. */
static struct ko_played {
    int round, match, game, white, black;
    const char *res;
} ko_played[KO_PLAYERS * 12];
static int n_ko_played;

static void card(int round, int match, int game, int stage, int w, int b,
                 const char *res)
{
    char wn[160], bn[160];

    snprintf(wn, sizeof(wn), "%s %s", people[ko_seed[w]].surname,
             people[ko_seed[w]].given);
    snprintf(bn, sizeof(bn), "%s %s", people[ko_seed[b]].surname,
             people[ko_seed[b]].given);
    if (game)
        strbuf_addf(&cards, "%d,%d,%d,%s,%d,", round, match, game,
                    stage_words[stage], w);
    else
        strbuf_addf(&cards, "%d,%d,,,%d,", round, match, w);
    csv_put(&cards, wn, ',');
    strbuf_addf(&cards, ",%d,", b);
    csv_put(&cards, bn, ',');
    strbuf_addf(&cards, ",%s\n", res);
    if (game && (!strcmp(res, "1-0") || !strcmp(res, "0-1") ||
                 !strcmp(res, "½-½")) &&
        n_ko_played < (int)(sizeof(ko_played) / sizeof(*ko_played))) {
        struct ko_played *k = &ko_played[n_ko_played++];
        k->round = round;
        k->match = match;
        k->game = game;
        k->white = w;
        k->black = b;
        k->res = !strcmp(res, "½-½") ? "1/2-1/2" : res;
    }
}

/* One game: 2 white wins, 1 a draw, 0 black wins (by strength). */
static int game_by_strength(int w, int b, int stage)
{
    double d = people[ko_seed[w]].strength - people[ko_seed[b]].strength + 20;
    double e = 1.0 / (1.0 + pow(10.0, -d / 400.0)), u = rnd01();
    double draw = stage_draws[stage];

    return u < e - draw / 2 ? 2 : u < e + draw / 2 ? 1 : 0;
}

/* Play the match of seeds a (better) and b; returns the winner's seed. */
static int ko_match(int round, int match, int a, int b, enum force f)
{
    static const char *const res[] = {"0-1", "½-½", "1-0"};
    int stage, game = 0, w;

    if (f == F_WALKOVER) {
        card(round, match, 0, 0, a, b, "+/-");
        return a;
    }
    for (stage = CLASSIC; stage <= ARMAGEDDON; stage++) {
        int g;
        double pa = 0, pb = 0;
        w = rnd(2) ? a : b; /* the colours of the stage, by lot */
        for (g = 0; g < stage_games[stage]; g++) {
            int white = g % 2 ? (w == a ? b : a) : w;
            int black = white == a ? b : a;
            int r = game_by_strength(white, black, stage);
            game++;
            if (f == F_FORFEIT && stage == CLASSIC) {
                if (g == 0) {
                    r = 1;
                } else {
                    /* the weaker player b does not come to game 2 */
                    card(round, match, game, stage, white, black,
                         white == b ? "-/+" : "+/-");
                    pa += 1;
                    break;
                }
            }
            if ((f == F_RAPID && stage < RAPID) ||
                (f == F_BLITZ && stage < BLITZ) || f == F_ARMAGEDDON)
                r = 1;
            if ((f == F_RAPID && stage == RAPID) ||
                (f == F_BLITZ && stage == BLITZ))
                r = g == 0 ? (r == 1 ? 2 : r) : 1;
            card(round, match, game, stage, white, black, res[r]);
            if (white == a) {
                pa += r / 2.0;
                pb += (2 - r) / 2.0;
            } else {
                pb += r / 2.0;
                pa += (2 - r) / 2.0;
            }
            if (stage == ARMAGEDDON && r == 1)
                return black; /* a draw: black wins */
        }
        if (pa != pb)
            return pa > pb ? a : b;
    }
    return a; /* not reached: the armageddon decides */
}

static enum force force_of(int round, int match)
{
    if (round != 1)
        return F_NONE;
    switch (match) {
    case 3:
        return F_RAPID;
    case 6:
        return F_BLITZ;
    case 10:
        return F_ARMAGEDDON;
    case 8:
        return F_FORFEIT;
    case 13:
        return F_WALKOVER;
    default:
        return F_NONE;
    }
}

static void final_run(void)
{
    int pl[KO_PLAYERS], winners[KO_ROUNDS + 1][KO_PLAYERS + 1];
    int losers[KO_PLAYERS + 1];
    int i, r, m, n = 0;

    for (i = 0; i < 5; i++)
        pl[n++] = semi_qualifiers[i];
    while (n < KO_PLAYERS)
        pl[n++] = make_person('m', 2500, 2660);
    for (i = 0; i < KO_PLAYERS; i++)
        enter(pl[i], "men-final");
    qsort(pl, KO_PLAYERS, sizeof(int), cmp_rating);
    for (i = 0; i < KO_PLAYERS; i++)
        ko_seed[i + 1] = pl[i];
    rng_state = 2004082101u;
    strbuf_addstr(&cards, "Тур,Матч,Партія,Етап,Ст. № білих,Білі,"
                          "Ст. № чорних,Чорні,Результат\n");
    for (m = 1; m <= KO_PLAYERS / 2; m++)
        winners[1][m] = ko_match(1, m, m, KO_PLAYERS + 1 - m, force_of(1, m));
    for (r = 2; r <= KO_ROUNDS; r++) {
        int nm = KO_PLAYERS >> r, prev = nm * 2;
        for (m = 1; m <= nm; m++) {
            int x = winners[r - 1][m], y = winners[r - 1][prev + 1 - m];
            int a = x < y ? x : y, b = x < y ? y : x;
            winners[r][m] = ko_match(r, m, a, b, F_NONE);
            losers[m] = winners[r][m] == a ? b : a;
        }
        if (r == KO_ROUNDS - 1)
            for (m = 1; m <= 2; m++)
                winners[0][m] = losers[m];
    }
    {
        int x = winners[0][1], y = winners[0][2];
        ko_match(KO_ROUNDS, 2, x < y ? x : y, x < y ? y : x, F_NONE);
    }
}

static void final_ini(struct strbuf *ini)
{
    strbuf_addstr(ini,
                  "\n[section men-final]\n"
                  "title = Чемпіонат України серед чоловіків, фінал\n"
                  "sheet-name = Чоловіки, фінал\n"
                  "file = men-final.csv\n"
                  "# The games, as the boards recorded them\n"
                  "games = men-final.pgn\n"
                  "system = knock-out\n"
                  "discipline = classic\n"
                  "time-control = 90 хв + 30 с за кожний хід, починаючи з "
                  "першого\n"
                  "time-control-rapid = 15 хв + 10 с за кожний хід\n"
                  "time-control-blitz = 5 хв + 5 с за кожний хід\n"
                  "time-control-armageddon = білим 6 хв, чорним 5 хв, без "
                  "додавання часу\n"
                  "sex = men\n"
                  "rounds = 5\n"
                  "stages = classic 2, rapid 2, blitz 2, armageddon 1\n"
                  "armageddon-draw = black\n"
                  "third-place = yes\n"
                  "start = 21.08.2004\n"
                  "end = 30.08.2004\n");
}

/* The final's games as the boards recorded them: every game played over
   the board, its Round tag the round and the game of the match ("2.3"),
   the way knock-out events number them; the first game of a round on its
   first day, the others on the second. */
static void final_files(const char *dir)
{
    struct strbuf sb = STRBUF_INIT;
    struct gen_pgn g;
    uint64_t saved = rng_state;
    char wn[200], bn[200];
    int i;

    write_file(dir, "men-final.csv", &cards);
    strbuf_release(&cards);
    memset(&g, 0, sizeof(g));
    g.event = "Чемпіонат України серед чоловіків, фінал";
    g.site = "Алушта UKR";
    g.y = 2004;
    g.m = 8;
    g.d = 21;
    g.name = pgn_name;
    g.player_tags = pgn_player_tags;
    rng_state = 2004082102u;
    for (i = 0; i < n_ko_played; i++) {
        const struct ko_played *k = &ko_played[i];
        int who[2];
        who[0] = ko_seed[k->white];
        who[1] = ko_seed[k->black];
        pgn_name(wn, sizeof(wn), who[0]);
        pgn_name(bn, sizeof(bn), who[1]);
        gen_pgn_game(&sb, &g, k->round, k->game,
                     2 * (k->round - 1) + (k->game > 1), who, wn, bn, k->res,
                     20 + rnd(80));
    }
    rng_state = saved;
    write_file(dir, "men-final.pgn", &sb);
    strbuf_release(&sb);
}

/* -------------------------------------------------------------- clubs */

/* What clubs_generate() gave: the [section clubs] text and the registry
   rows in the columns of CLUBS_REGISTRY_HEADER. */
static struct strbuf clubs_section = STRBUF_INIT, clubs_registry = STRBUF_INIT;

static void clubs_run(void)
{
}

/* The club module writes its match cards and gives its section and its
   people at once, so its files come before the event's ini (main()). */
static void clubs_files(const char *dir)
{
    if (!clubs_generate(2004, &clubs_section, &clubs_registry, dir)) {
        fprintf(stderr, "gen-ua2004: no seed of the club championship "
                        "has its tie\n");
        exit(1);
    }
}

static void clubs_ini(struct strbuf *ini)
{
    strbuf_addch(ini, '\n');
    strbuf_addbuf(ini, &clubs_section);
    /* The club championship's own days (its match cards have none). */
    strbuf_addstr(ini, "start = 06.06.2004\n"
                       "end = 13.06.2004\n");
}

/* One field of a CSV line at *p ("..." with "" inside, or up to a
   comma), unquoted into out; *p is left after its comma. */
static void csv_take(const char **p, struct strbuf *out)
{
    const char *s = *p;

    strbuf_reset(out);
    if (*s == '"') {
        for (s++; *s && !(*s == '"' && s[1] != '"'); s++) {
            if (*s == '"')
                s++;
            strbuf_addch(out, *s);
        }
        if (*s == '"')
            s++;
    } else {
        while (*s && *s != ',' && *s != '\n')
            strbuf_addch(out, *s++);
    }
    if (*s == ',')
        s++;
    *p = s;
}

/* The club championship's registry rows in the event's columns: its
   Розряд as Звання, the documents of each player (not of a coach), then
   Федерація, Команда, Порядок, Капітан, Роль. */
static void clubs_rows(struct strbuf *sb)
{
    /* The event's columns 0-11 and 16-20, as CLUBS_REGISTRY_HEADER's. */
    static const int from[] = {0, 1, 2,  3,  4,  5,  6,  7, 8,
                               9, 10, 12, -1, -1, -1, -1, 11, 13,
                               14, 15, 16};
    struct strbuf f[17];
    const char *p = clubs_registry.buf;
    size_t i;

    for (i = 0; i < N(f); i++)
        strbuf_init(&f[i], 0);
    while (*p) {
        for (i = 0; i < N(f); i++)
            csv_take(&p, &f[i]);
        while (*p == '\n' || *p == '\r')
            p++;
        for (i = 0; i < N(from); i++) {
            if (i)
                strbuf_addch(sb, ',');
            if (from[i] >= 0)
                csv_put(sb, f[from[i]].buf, ',');
            else if (f[12].len)
                strbuf_addstr(sb, "так"); /* one entered: a player */
        }
        strbuf_addch(sb, '\n');
    }
    for (i = 0; i < N(f); i++)
        strbuf_release(&f[i]);
}

/* -------------------------------------------------------------- event */

/* A section of the event: who plays and how, its [section] of event.ini,
   its results file. */
struct section_writer {
    void (*run)(void);
    void (*ini)(struct strbuf *ini);
    void (*files)(const char *dir);
};

static const struct section_writer writers[] = {
    {women_run, women_ini, women_files},
    {semi_run, semi_ini, semi_files},
    {final_run, final_ini, final_files},
    {clubs_run, clubs_ini, clubs_files},
};

static void event_ini(struct strbuf *sb)
{
    strbuf_addstr(
        sb,
        "# The second example of Sekretar: the 2004 championships of "
        "Ukraine\n"
        "# after seed 000 (fictional people and results).\n"
        "# Generated by tests/gen/gen-ua2004.c; do not edit by hand.\n"
        "\n"
        "[event]\n"
        "title = Чемпіонати України з шахів 2004 року серед чоловіків і "
        "жінок\n"
        "short-title = Чемпіонати України 2004\n"
        "title-locative = у чемпіонатах України з шахів 2004 року серед "
        "чоловіків і жінок\n"
        "category = чоловіки та жінки\n"
        "rank = I ранг\n"
        "start = 03.05.2004\n"
        "end = 30.08.2004\n"
        "city = Алушта\n"
        "venue = Будинок творчості «Кримські зорі» (вигаданий)\n"
        "organisers = Державний комітет України з питань фізичної культури "
        "і спорту; Федерація шахів України\n"
        "# The regulation awards \"дипломами ... Комітету\".\n"
        "awarding-bodies = Державний комітет України з питань фізичної "
        "культури і спорту\n"
        "chief-arbiter = Віктор ГОНЧАРЕНКО | головний суддя, суддя "
        "національної категорії\n"
        "deputy-arbiter = Ніна СТАВНИЧА | заступник головного судді, "
        "суддя І категорії\n"
        "chief-secretary = Ольга БІЛОКІНЬ | головний секретар, суддя "
        "національної категорії\n"
        "diploma-signatory-1 = Михайло ДУБЧАК | Заступник Голови "
        "Держкомспорту України\n"
        "report-signatory-1 = Віктор ГОНЧАРЕНКО | Головний суддя\n");
}

int main(int argc, char **argv)
{
    struct strbuf ini = STRBUF_INIT;
    size_t i;

    if (argc != 2) {
        fprintf(stderr, "usage: gen-ua2004 DIR\n");
        return 64;
    }
    rng_state = 20040503u;
    event_ini(&ini);
    for (i = 0; i < N(writers); i++)
        writers[i].run();
    /* The files first: a writer may learn its section from them. */
    for (i = 0; i < N(writers); i++)
        writers[i].files(argv[1]);
    for (i = 0; i < N(writers); i++)
        writers[i].ini(&ini);
    strbuf_addstr(&ini, "\n[report]\n"
                        "sport = шахи\n"
                        "judges = 7\n"
                        "staff = 3\n");
    write_file(argv[1], "event.ini", &ini);
    write_registry(argv[1]);
    strbuf_release(&ini);
    strbuf_release(&clubs_section);
    strbuf_release(&clubs_registry);
    return 0;
}
