/* tests/gen/gen-example: the bundled example championship (modelled on the
 * 2023 U10 championship of Ukraine in Lviv), generated deterministically.
 * SPDX-License-Identifier: MIT
 *
 * usage: gen-example UTF8-DIR CP1251-DIR
 *
 * Writes one event twice: UTF8-DIR holds event.ini, players.csv (UTF-8
 * with a byte-order mark, ',' separated) and one TRF-16 file per section;
 * CP1251-DIR holds the same event with players.csv and a results CSV per
 * section in Windows-1251, ';' separated, as Excel saves them here.
 * Everything is fictional: names, clubs, coaches, officials.  The Swiss
 * pairing is simple (score groups, no rematches, colour balance).  One
 * section (girls-classic) is chosen among seeds so that two players tie
 * for a prize place on points, BH/C1, BH/C2, BH/C3 and wins, and only
 * their direct encounter separates them.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tournament.h"
#include "gen/gen-common.h"
#include "ingest/trf.h"
#include "util/name.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define MAX_PEOPLE 400

/* ------------------------------------------------------------- people */

struct club {
    char name[160];
    int region;
    char coaches[3][120];
    int n_coaches;
};

struct person {
    char surname[64], given[64], patronymic[64];
    char sex; /* 'm' or 'f' */
    int by, bm, bd;
    int region, spelling;
    int club;
    char coaches[2][120];
    int n_coaches;
    const char *rank;
    char fide_id[16];
    int rating;
    int strength;
    int in_section[6];
};

static struct person people[MAX_PEOPLE];
static int n_people;
static struct club clubs[120];
static int n_clubs;

static void make_clubs(void)
{
    size_t r;
    int k, c;

    for (r = 0; r < n_regions; r++) {
        int nclubs = regions[r].weight >= 5   ? 3
                     : regions[r].weight >= 3 ? 2
                                              : 1;
        for (k = 0; k < nclubs; k++) {
            struct club *cl = &clubs[n_clubs++];
            cl->region = (int)r;
            switch ((k + (int)r) % 4) {
            case 0:
                snprintf(cl->name, sizeof(cl->name), "ДЮСШ № %d м. %s",
                         1 + rnd(7), regions[r].city);
                break;
            case 1:
                snprintf(cl->name, sizeof(cl->name),
                         "Шаховий клуб \"Гамбіт\", м. %s", regions[r].city);
                break;
            case 2:
                snprintf(cl->name, sizeof(cl->name), "СДЮШОР «Шахи» м. %s",
                         regions[r].city);
                break;
            default:
                snprintf(cl->name, sizeof(cl->name), "КЗ «ДЮСШ № %d»",
                         1 + rnd(12));
                break;
            }
            cl->n_coaches = 1 + rnd(3);
            for (c = 0; c < cl->n_coaches; c++)
                coach_name(cl->coaches[c], sizeof(cl->coaches[c]));
        }
    }
}

static const char *pick_rank(void)
{
    static const struct {
        const char *rank;
        int weight;
    } ranks[] = {{"І юн.", 35}, {"ІІ юн.", 20}, {"ІІІ юн.", 8}, {"ІІІ", 16},
                 {"ІІ", 13},    {"І", 6},       {"КМС", 2}};
    int r = rnd(100);
    size_t i;

    for (i = 0; i < N(ranks); i++) {
        r -= ranks[i].weight;
        if (r < 0)
            return ranks[i].rank;
    }
    return "І юн.";
}

static int name_taken(const char *sur, const char *given, char sex)
{
    int i;

    for (i = 0; i < n_people; i++)
        if (people[i].sex == sex && !strcmp(people[i].surname, sur) &&
            !strcmp(people[i].given, given))
            return 1;
    return 0;
}

static void make_person(char sex)
{
    struct person *p = &people[n_people];
    int k, clubs_here[8], nh = 0;
    static int next_id = 34170001;

    memset(p, 0, sizeof(*p));
    p->sex = sex;
    do {
        surname_for(p->surname, sizeof(p->surname), gen_surname(), sex);
        snprintf(p->given, sizeof(p->given), "%s", gen_given(sex));
    } while (name_taken(p->surname, p->given, sex));
    snprintf(p->patronymic, sizeof(p->patronymic), "%s", gen_patronymic(sex));
    p->by = 2013 + (rnd(10) < 6 ? 0 : rnd(10) < 7 ? 1 : 2 + rnd(2));
    p->bm = 1 + rnd(12);
    p->bd = 1 + rnd(28);
    p->region = pick_region();
    p->spelling = rnd(3);
    for (k = 0; k < n_clubs; k++)
        if (clubs[k].region == p->region && nh < 8)
            clubs_here[nh++] = k;
    p->club = clubs_here[rnd(nh)];
    p->n_coaches = rnd(5) == 0 && clubs[p->club].n_coaches > 1 ? 2 : 1;
    for (k = 0; k < p->n_coaches; k++)
        snprintf(p->coaches[k], sizeof(p->coaches[k]), "%s",
                 clubs[p->club].coaches[k]);
    p->rank = pick_rank();
    p->strength = 900 + rnd(500) + (p->by == 2013 ? 150 : 0) +
                  (strcmp(p->rank, "І юн.") ? 150 : 0) + rnd(300);
    if (rnd(100) < 55)
        p->rating = p->strength + rnd(120) - 60;
    if (p->rating || rnd(100) < 40)
        snprintf(p->fide_id, sizeof(p->fide_id), "%d", next_id += 1 + rnd(40));
    n_people++;
}

/* ------------------------------------------------------------- sections */

struct section_def {
    const char *id, *title, *file_base, *tc, *trf_tc;
    char sex;
    int rounds, players;
    const char *d1, *d2; /* TRF dates */
    const char *disc;
    int forfeits, hbyes, withdrawal, search_de;
};

static const struct section_def sections[6] = {
    {"boys-classic", "Юнаки, класичні шахи", "boys-classic",
     "90 хв + 30 с за кожний хід, починаючи з першого", "90 min + 30 sec/move",
     'm', 9, 84, "2023/06/02", "2023/06/07", "classic", 3, 2, 1, 0},
    {"boys-rapid", "Юнаки, швидкі шахи", "boys-rapid",
     "10 хв + 5 с за кожний хід, починаючи з першого", "10 min + 5 sec/move",
     'm', 9, 96, "2023/06/08", "2023/06/08", "rapid", 4, 1, 0, 0},
    {"boys-blitz", "Юнаки, бліц", "boys-blitz",
     "3 хв + 3 с за кожний хід, починаючи з першого", "3 min + 3 sec/move", 'm',
     11, 103, "2023/06/09", "2023/06/09", "blitz", 5, 0, 0, 0},
    {"girls-classic", "Дівчата, класичні шахи", "girls-classic",
     "90 хв + 30 с за кожний хід, починаючи з першого", "90 min + 30 sec/move",
     'f', 9, 52, "2023/06/02", "2023/06/07", "classic", 0, 0, 0, 1},
    {"girls-rapid", "Дівчата, швидкі шахи", "girls-rapid",
     "10 хв + 5 с за кожний хід, починаючи з першого", "10 min + 5 sec/move",
     'f', 9, 58, "2023/06/08", "2023/06/08", "rapid", 2, 1, 0, 0},
    {"girls-blitz", "Дівчата, бліц", "girls-blitz",
     "3 хв + 3 с за кожний хід, починаючи з першого", "3 min + 3 sec/move", 'f',
     11, 61, "2023/06/09", "2023/06/09", "blitz", 3, 0, 0, 0},
};

static struct sp sps[6][MAX_PEOPLE];
static int n_sps[6];
static const struct sp *cmp_base;

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* Buchholz cuts and wins (opponents' final scores; games with an opponent). */
static void tiebreaks(struct sp *ps, int n, int rounds)
{
    int i, r, c;

    for (i = 0; i < n; i++) {
        double v[MAX_ROUNDS];
        int nv = 0;
        ps[i].wins = 0;
        for (r = 0; r < rounds; r++) {
            char x = ps[i].res[r];
            if (ps[i].opp[r])
                v[nv++] = ps[ps[i].opp[r] - 1].score;
            if (x == '1' || x == '+' || x == 'U')
                ps[i].wins++;
        }
        qsort(v, (size_t)nv, sizeof(double), cmp_double);
        for (c = 1; c <= 3; c++) {
            int k;
            ps[i].bh[c] = 0;
            for (k = c; k < nv; k++)
                ps[i].bh[c] += v[k];
        }
    }
}

static int same_tb(const struct sp *a, const struct sp *b)
{
    return a->score == b->score && a->bh[1] == b->bh[1] &&
           a->bh[2] == b->bh[2] && a->bh[3] == b->bh[3] && a->wins == b->wins;
}

static int cmp_rank(const void *x, const void *y)
{
    const struct sp *a = &cmp_base[*(const int *)x];
    const struct sp *b = &cmp_base[*(const int *)y];
    int c;

    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    for (c = 1; c <= 3; c++)
        if (a->bh[c] != b->bh[c])
            return a->bh[c] < b->bh[c] ? 1 : -1;
    if (a->wins != b->wins)
        return b->wins - a->wins;
    return a->no - b->no;
}

/*
 * Rank the players; returns 1 when the first three places hold a tie of
 * exactly two players equal on everything but their (decisive) game.
 */
static int rank_players(struct sp *ps, int n, int rounds)
{
    int *order = xmallocarray((size_t)n, sizeof(int));
    int i, r, de = 0;

    tiebreaks(ps, n, rounds);
    for (i = 0; i < n; i++)
        order[i] = i;
    cmp_base = ps;
    qsort(order, (size_t)n, sizeof(int), cmp_rank);
    for (i = 0; i + 1 < n && i < 3; i++) {
        struct sp *a = &ps[order[i]], *b = &ps[order[i + 1]];
        if (!same_tb(a, b))
            continue;
        if ((i + 2 < n && same_tb(b, &ps[order[i + 2]])) ||
            (i > 0 && same_tb(a, &ps[order[i - 1]])))
            continue;
        for (r = 0; r < rounds; r++)
            if (a->opp[r] == b->no && (a->res[r] == '1' || a->res[r] == '0')) {
                de = 1;
                if (a->res[r] == '0') {
                    int t = order[i];
                    order[i] = order[i + 1];
                    order[i + 1] = t;
                }
            }
    }
    for (i = 0; i < n; i++)
        ps[order[i]].rank = i + 1;
    free(order);
    return de;
}

static int cmp_seed(const void *x, const void *y)
{
    const struct person *a = &people[*(const int *)x];
    const struct person *b = &people[*(const int *)y];
    int c;

    if (a->rating != b->rating)
        return b->rating - a->rating;
    c = strcmp(a->surname, b->surname);
    return c ? c : strcmp(a->given, b->given);
}

/* Choose the players of section s and give them start numbers. */
static void enter_players(int s, int *entrants, int *n)
{
    const struct section_def *def = &sections[s];
    int pool[MAX_PEOPLE], np = 0, i;

    for (i = 0; i < n_people; i++)
        if (people[i].sex == def->sex)
            pool[np++] = i;
    /* A random subset of the pool, the same size each run. */
    for (i = np - 1; i > 0; i--) {
        int j = rnd(i + 1), t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    *n = def->players < np ? def->players : np;
    memcpy(entrants, pool, sizeof(int) * (size_t)*n);
    qsort(entrants, (size_t)*n, sizeof(int), cmp_seed);
}

static void run_section(int s, const int *entrants, int n, uint64_t seed)
{
    const struct section_def *def = &sections[s];
    struct sp *ps = sps[s];
    int i;

    rng_state = seed;
    memset(ps, 0, sizeof(struct sp) * (size_t)n);
    for (i = 0; i < n; i++) {
        ps[i].person = entrants[i];
        ps[i].strength = people[entrants[i]].strength;
        ps[i].no = i + 1;
        ps[i].out_from = MAX_ROUNDS;
        ps[i].hbye_round = -1;
    }
    for (i = 0; i < def->hbyes; i++)
        ps[n / 3 + rnd(n / 2)].hbye_round = 2 + rnd(def->rounds - 3);
    if (def->withdrawal)
        ps[n / 2 + 3].out_from = 5;
    n_sps[s] = n;
    simulate(ps, n, def->rounds, def->forfeits);
}

/* ------------------------------------------------------------- output */

static void trf_name(char *out, size_t n, const struct person *p)
{
    snprintf(out, n, "%s, %s", p->surname, p->given);
}

static void write_trf(const char *dir, int s)
{
    const struct section_def *def = &sections[s];
    const struct sp *ps = sps[s];
    int n = n_sps[s], i;
    struct tournament *t = tournament_new();
    struct strbuf sb = STRBUF_INIT;
    struct gen_trf_header h;
    char buf[160];

    snprintf(buf, sizeof(buf), "Чемпіонат України з шахів до 10 років. %s",
             def->title);
    memset(&h, 0, sizeof(h));
    h.title = buf;
    h.city = "Львів";
    h.first_day = def->d1;
    h.last_day = def->d2;
    h.arbiter = "Богдан Левицький";
    h.deputy = "Оксана Дем'янчук";
    h.time_control = def->trf_tc;
    h.players = n;
    for (i = 0; i < n; i++)
        h.rated += people[ps[i].person].rating > 0;
    h.rounds = def->rounds;
    gen_trf_header(t, &h);
    for (i = 0; i < n; i++) {
        const struct person *pe = &people[ps[i].person];
        struct gen_trf_player gp;
        trf_name(buf, sizeof(buf), pe);
        gp.sex = pe->sex;
        gp.title = NULL;
        gp.name = buf;
        gp.fide_id = pe->fide_id;
        gp.rating = pe->rating;
        gp.by = pe->by;
        gp.bm = pe->bm;
        gp.bd = pe->bd;
        gen_trf_player(t, &ps[i], &gp, def->rounds);
    }
    trf_write(t, TRF_16, &sb);
    snprintf(buf, sizeof(buf), "%s.trf", def->file_base);
    write_file(dir, buf, &sb);
    tournament_free(t);
    strbuf_release(&sb);
}

/* The results CSV of a section (UTF-8; converted by the caller). */
static void results_csv(struct strbuf *out, int s)
{
    const struct section_def *def = &sections[s];
    const struct sp *ps = sps[s];
    int n = n_sps[s], i, r, board;
    char name[160];

    strbuf_addstr(out, "Тур;Дошка;Ст. № білих;Білі;Ст. № чорних;Чорні;"
                       "Результат\r\n");
    for (r = 0; r < def->rounds; r++) {
        board = 0;
        /* Boards in the order of the white players' scores is good enough:
         * by start number of the white player. */
        for (i = 0; i < n; i++) {
            const struct sp *w = &ps[i], *b;
            const char *res;
            if (w->col[r] != 'w')
                continue;
            b = &ps[w->opp[r] - 1];
            switch (w->res[r]) {
            case '1':
                res = "1-0";
                break;
            case '0':
                res = "0-1";
                break;
            case '=':
                res = (r + i) % 2 ? "1/2-1/2" : "=-=";
                break;
            case '+':
                res = "+/-";
                break;
            default:
                res = "-/+";
                break;
            }
            trf_name(name, sizeof(name), &people[w->person]);
            strbuf_addf(out, "%d;%d;%d;%s;", r + 1, ++board, w->no, name);
            trf_name(name, sizeof(name), &people[b->person]);
            strbuf_addf(out, "%d;%s;%s\r\n", b->no, name, res);
        }
        for (i = 0; i < n; i++) {
            const struct sp *w = &ps[i];
            if (w->col[r] != '-')
                continue;
            trf_name(name, sizeof(name), &people[w->person]);
            strbuf_addf(out, "%d;;%d;%s;;;%s\r\n", r + 1, w->no, name,
                        w->res[r] == 'U'   ? "bye"
                        : w->res[r] == 'H' ? "H"
                                           : "-");
        }
    }
}

/* The section whose games are given in PGN (games =), and its file. */
#define GAMES_SECTION 3
#define GAMES_FILE    "girls-classic.pgn"

/* A name as a DGT board's software writes it: "Surname, Given" in Latin
   letters (the registry's joins transliterate it back). */
static void latin_name(char *out, size_t n, int person)
{
    struct strbuf cyr = STRBUF_INIT, lat = STRBUF_INIT;

    trf_name(out, n, &people[person]);
    strbuf_addstr(&cyr, out);
    name_translit(&lat, cyr.buf);
    snprintf(out, n, "%s", lat.buf);
    strbuf_release(&cyr);
    strbuf_release(&lat);
}

/* The PGN of the games section: every game over the board. */
static void write_games(const char *dir)
{
    struct strbuf sb = STRBUF_INIT;
    struct gen_pgn g;

    memset(&g, 0, sizeof(g));
    g.event = "Ch UKR U10 girls 2023";
    g.site = "Lviv UKR";
    g.y = 2023;
    g.m = 6;
    g.d = 2;
    g.name = latin_name;
    g.notes = 1;
    gen_pgn_games(&sb, sps[GAMES_SECTION], n_sps[GAMES_SECTION],
                  sections[GAMES_SECTION].rounds, &g, 20230602u);
    write_file(dir, GAMES_FILE, &sb);
    strbuf_release(&sb);
}

static const char *const yes_no[2] = {"ні", "так"};

static void write_registry(const char *dir, const char *dir_cp)
{
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, cp = STRBUF_INIT;
    char secs[200];
    int i, s;

    strbuf_addstr(&a, "\xEF\xBB\xBF");
    strbuf_addstr(&a, "Прізвище,Ім'я,По батькові,Стать,Дата народження,"
                      "Область,Клуб/ДЮСШ,Тренер,Розряд,FIDE ID,Рейтинг,"
                      "Секції,Паспорт/свідоцтво,Медичний допуск,Страховка,"
                      "Внесок\r\n");
    strbuf_addstr(&b, "ПІБ;Стать;Дата нар.;Регіон;ДЮСШ;Тренери;Звання;"
                      "ФІДЕ ID;Рейтинг;Секція;Паспорт;Допуск лікаря;"
                      "Страхування;Оплата\r\n");
    for (i = 0; i < n_people; i++) {
        const struct person *p = &people[i];
        const char *region = regions[p->region].spellings[p->spelling];
        struct strbuf coaches = STRBUF_INIT, given = STRBUF_INIT;
        const char *g;
        secs[0] = '\0';
        for (s = 0; s < 6; s++)
            if (p->in_section[s])
                snprintf(secs + strlen(secs), sizeof(secs) - strlen(secs),
                         "%s%s", secs[0] ? ", " : "", sections[s].id);
        if (!secs[0])
            continue;
        for (s = 0; s < p->n_coaches; s++)
            strbuf_addf(&coaches, "%s%s", s ? ", " : "", p->coaches[s]);
        /* Apostrophes as people type them: ' ’ ʼ. */
        for (g = p->given; *g; g++) {
            if (*g == '\'')
                strbuf_addstr(&given, i % 3 == 0   ? "'"
                                      : i % 3 == 1 ? "\xE2\x80\x99"
                                                   : "\xCA\xBC");
            else
                strbuf_addch(&given, *g);
        }
        csv_put(&a, p->surname, ',');
        strbuf_addch(&a, ',');
        csv_put(&a, given.buf, ',');
        strbuf_addf(&a, ",%s,%s,%02d.%02d.%04d,", p->patronymic,
                    p->sex == 'm' ? "ч" : "ж", p->bd, p->bm, p->by);
        csv_put(&a, region, ',');
        strbuf_addch(&a, ',');
        csv_put(&a, clubs[p->club].name, ',');
        strbuf_addch(&a, ',');
        csv_put(&a, coaches.buf, ',');
        strbuf_addf(&a, ",%s,%s,", p->rank, p->fide_id);
        if (p->rating)
            strbuf_addf(&a, "%d", p->rating);
        strbuf_addch(&a, ',');
        csv_put(&a, secs, ',');
        strbuf_addf(&a, ",%s,%s,%s,%s\r\n", yes_no[1], yes_no[1], yes_no[1],
                    yes_no[1]);

        /* The Windows-1251 variant: one full-name column, ISO dates. */
        strbuf_reset(&given);
        strbuf_addf(&given, "%s %s %s", p->surname, p->given, p->patronymic);
        csv_put(&b, given.buf, ';');
        strbuf_addf(&b, ";%s;%04d-%02d-%02d;", p->sex == 'm' ? "Ю" : "Д", p->by,
                    p->bm, p->bd);
        csv_put(&b, region, ';');
        strbuf_addch(&b, ';');
        csv_put(&b, clubs[p->club].name, ';');
        strbuf_addch(&b, ';');
        csv_put(&b, coaches.buf, ';');
        strbuf_addf(&b, ";%s;%s;", p->rank, p->fide_id);
        if (p->rating)
            strbuf_addf(&b, "%d", p->rating);
        strbuf_addch(&b, ';');
        csv_put(&b, secs, ';');
        strbuf_addstr(&b, ";+;+;+;+\r\n");
        strbuf_release(&coaches);
        strbuf_release(&given);
    }
    write_file(dir, "players.csv", &a);
    to_cp1251(&cp, b.buf);
    write_file(dir_cp, "players.csv", &cp);
    strbuf_release(&a);
    strbuf_release(&b);
    strbuf_release(&cp);
}

static void write_ini(const char *dir, int csv)
{
    struct strbuf sb = STRBUF_INIT;
    int s;

    if (csv)
        strbuf_addstr(&sb, "\xEF\xBB\xBF");
    strbuf_addstr(
        &sb,
        "# The example championship of Sekretar (fictional people and\n"
        "# results, modelled on the 2023 U10 championship of Ukraine).\n"
        "# Generated by tests/gen/gen-example.c; do not edit by hand.\n"
        "\n"
        "[event]\n"
        "title = \"Чемпіонат України з шахів (класичні, швидка гра та бліц) "
        "серед юнаків та дівчат до 10 років\"\n"
        "short-title = Чемпіонат України U10, 2023\n"
        "title-locative = \"у чемпіонаті України з шахів (класичні, швидка "
        "гра та бліц) серед юнаків та дівчат до 10 років\"\n"
        "category = юнаки та дівчата\n"
        "age-group = до 10 років\n"
        "born-from = 2013\n"
        "rank = IV ранг\n"
        "order = від 15.05.2023 № 412\n"
        "start = 01.06.2023\n"
        "end = 09.06.2023\n"
        "city = Львів\n"
        "venue = Львівський палац мистецтв, вул. М. Коперника, 17\n"
        "organisers = Міністерство молоді та спорту України; Федерація шахів "
        "України; Львівська обласна шахова федерація\n"
        "awarding-bodies = Міністерство молоді та спорту України; Федерація "
        "шахів України\n"
        "chief-arbiter = Богдан ЛЕВИЦЬКИЙ | головний суддя, суддя "
        "національної категорії\n"
        "deputy-arbiter = Оксана ДЕМ'ЯНЧУК | заступник головного судді, "
        "суддя І категорії\n"
        "chief-secretary = Мар’яна КОСТІВ | головний секретар, суддя І "
        "категорії\n"
        "diploma-signatory-1 = Андрій ГОНЧАРУК | Президент Федерації шахів "
        "України\n"
        "diploma-signatory-2 = Богдан ЛЕВИЦЬКИЙ | Головний суддя змагань\n"
        "report-signatory-1 = Богдан ЛЕВИЦЬКИЙ | Головний суддя\n"
        "report-signatory-2 = Мар’яна КОСТІВ | Головний секретар\n"
        "# The mandate commission (the regulation admits from the 1st junior\n"
        "# rank; this made-up registry has lower ranks, so the 3rd).\n"
        "min-rank = ІІІ юн.\n"
        "citizens-only = yes\n"
        "fee-classic = 200\n"
        "fee-rapid = 100\n"
        "fee-blitz = 100\n"
        "mandate-date = 31.05.2023\n"
        "mandate-member-1 = Ірина ФЕДОРИШИН | голова мандатної комісії, "
        "представник організатора\n"
        "mandate-member-2 = Богдан ЛЕВИЦЬКИЙ | головний суддя\n"
        "mandate-member-3 = Мар’яна КОСТІВ | головний секретар\n"
        "mandate-member-4 = Олег САВЧИН | лікар змагань\n");
    for (s = 0; s < 6; s++) {
        const struct section_def *d = &sections[s];
        strbuf_addf(&sb,
                    "\n[section %s]\n"
                    "title = %s\n"
                    "file = %s.%s\n"
                    "system = swiss\n"
                    "discipline = %s\n"
                    "time-control = %s\n"
                    "sex = %s\n"
                    "rounds = %d\n"
                    "rules = ua-2023\n"
                    "unplayed = fide-2009\n"
                    "prize-places = 3\n",
                    d->id, d->title, d->file_base, csv ? "csv" : "trf", d->disc,
                    d->tc, d->sex == 'm' ? "boys" : "girls", d->rounds);
        if (s == GAMES_SECTION && !csv)
            strbuf_addstr(&sb, "# The games, as the DGT boards recorded "
                               "them\ngames = " GAMES_FILE "\n");
        if (!strcmp(d->disc, "classic"))
            strbuf_addstr(&sb, "qualify-places = 2\n"
                               "qualify-for = чемпіонат світу та чемпіонат "
                               "Європи 2023 року (класичні шахи)\n");
    }
    strbuf_addstr(&sb, "\n[report]\n"
                       "sport = шахи\n"
                       "department = Департамент спорту (вигаданий)\n"
                       "judges = 9\n"
                       "staff = 4\n"
                       "team-results = командного заліку не було\n");
    if (csv) {
        /* Saved on Windows: CRLF line ends. */
        struct strbuf crlf = STRBUF_INIT;
        size_t i;
        for (i = 0; i < sb.len; i++) {
            if (sb.buf[i] == '\n')
                strbuf_addch(&crlf, '\r');
            strbuf_addch(&crlf, sb.buf[i]);
        }
        write_file(dir, "event.ini", &crlf);
        strbuf_release(&crlf);
    } else {
        write_file(dir, "event.ini", &sb);
    }
    strbuf_release(&sb);
}

int main(int argc, char **argv)
{
    static int entrants[6][MAX_PEOPLE];
    int n_entrants[6], s, i;
    uint64_t seed;

    if (argc != 3) {
        fprintf(stderr, "usage: gen-example UTF8-DIR CP1251-DIR\n");
        return 64;
    }
    rng_state = 20230601;
    make_clubs();
    for (i = 0; i < 125; i++)
        make_person('m');
    for (i = 0; i < 72; i++)
        make_person('f');
    for (s = 0; s < 6; s++) {
        enter_players(s, entrants[s], &n_entrants[s]);
        for (i = 0; i < n_entrants[s]; i++)
            people[entrants[s][i]].in_section[s] = 1;
    }
    for (s = 0; s < 6; s++) {
        seed = 1000003u * (uint64_t)(s + 1);
        for (;;) {
            run_section(s, entrants[s], n_entrants[s], seed);
            if (rank_players(sps[s], n_sps[s], sections[s].rounds) ||
                !sections[s].search_de)
                break;
            seed++;
        }
    }
    write_ini(argv[1], 0);
    write_ini(argv[2], 1);
    write_registry(argv[1], argv[2]);
    write_games(argv[1]);
    for (s = 0; s < 6; s++) {
        struct strbuf u = STRBUF_INIT, c = STRBUF_INIT;
        char name[64];
        write_trf(argv[1], s);
        results_csv(&u, s);
        to_cp1251(&c, u.buf);
        snprintf(name, sizeof(name), "%s.csv", sections[s].file_base);
        write_file(argv[2], name, &c);
        strbuf_release(&u);
        strbuf_release(&c);
    }
    return 0;
}
