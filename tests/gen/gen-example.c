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
#include "ingest/trf.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define MAX_ROUNDS 11
#define MAX_PEOPLE 400

/* ------------------------------------------------------------- random */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rnd(int n)
{
    return (int)(rng_next() % (uint64_t)n);
}

static double rnd01(void)
{
    return (double)(rng_next() >> 11) / 9007199254740992.0;
}

/* --------------------------------------------------------------- names */

static const char *const boys_names[] = {
    "Андрій",  "Богдан", "Василь",  "Володимир", "Дмитро",    "Євген",
    "Захар",   "Іван",   "Ілля",    "Максим",    "Марко",     "Матвій",
    "Михайло", "Назар",  "Олег",    "Олександр", "Олексій",   "Остап",
    "Павло",   "Петро",  "Роман",   "Святослав", "Сергій",    "Тарас",
    "Тимофій", "Юрій",   "Ярослав", "Дем'ян",    "В'ячеслав", "Гордій",
    "Данило",  "Кирило", "Арсеній", "Давид",     "Степан",    "Вадим",
    "Єгор",    "Лук'ян", "Ігор",    "Федір",
};
static const char *const girls_names[] = {
    "Анна",      "Анастасія", "Вікторія", "Дарина",   "Єлизавета", "Зоряна",
    "Ірина",     "Катерина",  "Злата",    "Марія",    "Мар'яна",   "Меланія",
    "Мирослава", "Олена",     "Олеся",    "Поліна",   "Соломія",   "Софія",
    "Уляна",     "Христина",  "Юлія",     "Ярина",    "Ангеліна",  "Діана",
    "Емілія",    "Аліна",     "Вероніка", "Ольга",    "Тетяна",    "Ксенія",
    "Богдана",   "Галина",    "Ївга",     "Стефанія",
};
/* Father's name -> patronymic of a son and of a daughter. */
static const char *const patronymics[][2] = {
    {"Андрійович", "Андріївна"},
    {"Богданович", "Богданівна"},
    {"Васильович", "Василівна"},
    {"Володимирович", "Володимирівна"},
    {"Ігорович", "Ігорівна"},
    {"Миколайович", "Миколаївна"},
    {"Олександрович", "Олександрівна"},
    {"Олегович", "Олегівна"},
    {"Петрович", "Петрівна"},
    {"Романович", "Романівна"},
    {"Сергійович", "Сергіївна"},
    {"Тарасович", "Тарасівна"},
    {"Юрійович", "Юріївна"},
    {"Ярославович", "Ярославівна"},
    {"Іванович", "Іванівна"},
    {"Михайлович", "Михайлівна"},
    {"Віталійович", "Віталіївна"},
    {"Степанович", "Степанівна"},
    {"Дмитрович", "Дмитрівна"},
    {"Григорович", "Григорівна"},
};
/* Surnames; those ending in "ий" take "а" for women. */
static const char *const surnames[] = {
    "Бондаренко",   "Коваленко",   "Шевченко",    "Ткаченко",    "Кравченко",
    "Мельничук",    "Поліщук",     "Савчук",      "Гнатюк",      "Дячук",
    "Бойко",        "Кравець",     "Лисенко",     "Мороз",       "Левченко",
    "Ярошенко",     "Павлюк",      "Гуменюк",     "Федорів",     "Данилів",
    "Гнатів",       "Стасюк",      "Зінченко",    "Петрук",      "Юрчишин",
    "Головатий",    "Ковальський", "Вишневський", "Островський", "Білоус",
    "Гаврилюк",     "Чорновол",    "Костюк",      "Ґудзь",       "Ґалаґан",
    "Їжакевич",     "Єременко",    "Щербак",      "Щербина",     "Згурський",
    "Дем'яненко",   "Прокопів",    "Мар'янчук",   "Ільницький",  "Оліфіренко",
    "Рибак",        "Симоненко",   "Карпенко",    "Нестеренко",  "Сидоренко",
    "Литвин",       "Кушнір",      "Швець",       "Пономаренко", "Романюк",
    "Тимошенко",    "Яковенко",    "Остапчук",    "Захарченко",  "Марченко",
    "Вовк",         "Заїка",       "Ємець",       "Цимбал",      "Хоменко",
    "Жук",          "Юзвак",       "Чумак",       "Фесенко",     "Шаповал",
    "Березовський", "Гайдай",
};
/* Coaches are adults: full names, both sexes. */
static const char *const coach_given[][2] = {
    {"Ігор", "Олена"},    {"Микола", "Наталія"}, {"Віктор", "Тетяна"},
    {"Олег", "Людмила"},  {"Сергій", "Оксана"},  {"Анатолій", "Ірина"},
    {"Василь", "Галина"}, {"Юрій", "Світлана"},  {"Петро", "Лариса"},
    {"Степан", "Ганна"},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------- regions */

struct region_info {
    const char *spellings[3]; /* how the registry writes it */
    const char *city;         /* for clubs */
    int weight;
};

static const struct region_info regions[] = {
    {{"Львівська", "Львівська обл.", "Львівська область"}, "Львів", 14},
    {{"м. Київ", "Київ", "м. Київ"}, "Київ", 10},
    {{"Київська", "Київська обл.", "Київська"}, "Бровари", 4},
    {{"Вінницька", "Вінницька обл.", "Вінницька"}, "Вінниця", 4},
    {{"Волинська", "Волинська обл.", "Волинська"}, "Луцьк", 3},
    {{"Дніпропетровська", "Дніпропетровська обл.", "Дніпропетровська"},
     "Дніпро",
     5},
    {{"Житомирська", "Житомирська обл.", "Житомирська"}, "Житомир", 2},
    {{"Закарпатська", "Закарпатська обл.", "Закарпатська"}, "Ужгород", 3},
    {{"Запорізька", "Запорізька обл.", "Запорізька"}, "Запоріжжя", 3},
    {{"Івано-Франківська", "Івано-Франківська обл.", "Івано-Франківська"},
     "Івано-Франківськ",
     4},
    {{"Кіровоградська", "Кіровоградська обл.", "Кіровоградська"},
     "Кропивницький",
     2},
    {{"Миколаївська", "Миколаївська обл.", "Миколаївська"}, "Миколаїв", 2},
    {{"Одеська", "Одеська обл.", "Одеська"}, "Одеса", 5},
    {{"Полтавська", "Полтавська обл.", "Полтавська"}, "Полтава", 3},
    {{"Рівненська", "Рівненська обл.", "Рівненська"}, "Рівне", 3},
    {{"Сумська", "Сумська обл.", "Сумська"}, "Суми", 2},
    {{"Тернопільська", "Тернопільська обл.", "Тернопільська"}, "Тернопіль", 4},
    {{"Харківська", "Харківська обл.", "Харківська"}, "Харків", 5},
    {{"Херсонська", "Херсонська обл.", "Херсонська"}, "Херсон", 1},
    {{"Хмельницька", "Хмельницька обл.", "Хмельницька"}, "Хмельницький", 3},
    {{"Черкаська", "Черкаська обл.", "Черкаська"}, "Черкаси", 3},
    {{"Чернівецька", "Чернівецька обл.", "Чернівецька"}, "Чернівці", 3},
    {{"Чернігівська", "Чернігівська обл.", "Чернігівська"}, "Чернігів", 2},
    {{"Донецька", "Донецька обл.", "Донецька"}, "Краматорськ", 1},
};

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

/* A surname for a woman: "-ий" becomes "-а". */
static void surname_for(char *out, size_t n, const char *s, char sex)
{
    size_t len = strlen(s);

    snprintf(out, n, "%s", s);
    if (sex == 'f' && len > 4 && !strcmp(s + len - 4, "ий"))
        snprintf(out + len - 4, n - (len - 4), "а");
}

static int pick_region(void)
{
    int total = 0, r;
    size_t i;

    for (i = 0; i < N(regions); i++)
        total += regions[i].weight;
    r = rnd(total);
    for (i = 0; i < N(regions); i++) {
        r -= regions[i].weight;
        if (r < 0)
            return (int)i;
    }
    return 0;
}

static void coach_name(char *out, size_t n)
{
    int sex = rnd(2);
    char sur[64];

    surname_for(sur, sizeof(sur), surnames[rnd((int)N(surnames))],
                sex ? 'f' : 'm');
    snprintf(out, n, "%s %s %s", sur,
             coach_given[rnd((int)N(coach_given))][sex],
             patronymics[rnd((int)N(patronymics))][sex]);
}

static void make_clubs(void)
{
    size_t r;
    int k, c;

    for (r = 0; r < N(regions); r++) {
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
        surname_for(p->surname, sizeof(p->surname),
                    surnames[rnd((int)N(surnames))], sex);
        snprintf(p->given, sizeof(p->given), "%s",
                 sex == 'm' ? boys_names[rnd((int)N(boys_names))]
                            : girls_names[rnd((int)N(girls_names))]);
    } while (name_taken(p->surname, p->given, sex));
    snprintf(p->patronymic, sizeof(p->patronymic), "%s",
             patronymics[rnd((int)N(patronymics))][sex == 'f']);
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

/* A player of a section during the simulation. */
struct sp {
    int person;
    int no;
    double score;
    int opp[MAX_ROUNDS];
    char col[MAX_ROUNDS];
    char res[MAX_ROUNDS]; /* TRF code */
    int nw, nb;
    int had_bye;
    int out_from;   /* withdrawn from this round (0-based); MAX_ROUNDS none */
    int hbye_round; /* -1 none */
    double bh[4];   /* BH/C1, BH/C2, BH/C3 (index 1..3) */
    int wins;
    int rank;
};

static struct sp sps[6][MAX_PEOPLE];
static int n_sps[6];

static int played(const struct sp *a, int no, int upto)
{
    int r;

    for (r = 0; r < upto; r++)
        if (a->opp[r] == no)
            return 1;
    return 0;
}

/* Pair order[0..n) without rematches; depth-first with a budget. */
static int pair_dfs(struct sp *ps, const int *order, int n, int *mate,
                    int round, long *budget)
{
    int i, j, a;

    for (i = 0; i < n && mate[order[i]] >= 0; i++)
        ;
    if (i == n)
        return 1;
    a = order[i];
    mate[a] = a; /* taken while we look */
    for (j = i + 1; j < n; j++) {
        int b = order[j];
        if (mate[b] >= 0 || played(&ps[a], ps[b].no, round))
            continue;
        mate[a] = b;
        mate[b] = a;
        if (--*budget > 0 && pair_dfs(ps, order, n, mate, round, budget))
            return 1;
        mate[b] = -1;
        mate[a] = a;
    }
    mate[a] = -1;
    return 0;
}

static const struct sp *cmp_base;

static int cmp_score(const void *x, const void *y)
{
    const struct sp *a = &cmp_base[*(const int *)x];
    const struct sp *b = &cmp_base[*(const int *)y];

    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    return a->no - b->no;
}

static void play_game(struct sp *w, struct sp *b, int r, int forfeit_odds)
{
    double d = people[w->person].strength - people[b->person].strength + 30;
    double e = 1.0 / (1.0 + pow(10.0, -d / 400.0)), u = rnd01();
    double draw = 0.14;

    w->opp[r] = b->no;
    b->opp[r] = w->no;
    w->col[r] = 'w';
    b->col[r] = 'b';
    w->nw++;
    b->nb++;
    if (forfeit_odds && rnd(forfeit_odds) == 0) {
        int white_wins = rnd(2);
        w->res[r] = white_wins ? '+' : '-';
        b->res[r] = white_wins ? '-' : '+';
    } else if (u < e - draw / 2) {
        w->res[r] = '1';
        b->res[r] = '0';
    } else if (u < e + draw / 2) {
        w->res[r] = '=';
        b->res[r] = '=';
    } else {
        w->res[r] = '0';
        b->res[r] = '1';
    }
    w->score += w->res[r] == '1' || w->res[r] == '+' ? 1.0
                : w->res[r] == '='                   ? 0.5
                                                     : 0.0;
    b->score += b->res[r] == '1' || b->res[r] == '+' ? 1.0
                : b->res[r] == '='                   ? 0.5
                                                     : 0.0;
}

/* White for a of the pair (a, b) by colour balance, then alternation. */
static int a_gets_white(const struct sp *a, const struct sp *b, int r,
                        int board)
{
    int da = a->nw - a->nb, db = b->nw - b->nb;

    if (da != db)
        return da < db;
    if (r > 0 && a->col[r - 1] != b->col[r - 1]) {
        if (a->col[r - 1] == 'w')
            return 0;
        if (a->col[r - 1] == 'b')
            return 1;
    }
    return board % 2 == 0;
}

static void simulate(struct sp *ps, int n, const struct section_def *def)
{
    int *order = xmallocarray((size_t)n, sizeof(int));
    int *mate = xmallocarray((size_t)n, sizeof(int));
    int r, i, k, m;
    int forfeit_odds = def->forfeits ? 400 / def->forfeits : 0;

    for (r = 0; r < def->rounds; r++) {
        long budget = 2000000;
        m = 0;
        for (i = 0; i < n; i++) {
            struct sp *p = &ps[i];
            mate[i] = -1;
            if (r >= p->out_from) {
                p->res[r] = '-';
                p->col[r] = '-';
                continue;
            }
            if (r == p->hbye_round) {
                p->res[r] = 'H';
                p->col[r] = '-';
                p->score += 0.5;
                continue;
            }
            order[m++] = i;
        }
        cmp_base = ps;
        qsort(order, (size_t)m, sizeof(int), cmp_score);
        if (m % 2) {
            /* The lowest-ranked player without a bye gets it. */
            for (k = m - 1; k >= 0 && ps[order[k]].had_bye; k--)
                ;
            if (k < 0)
                k = m - 1;
            ps[order[k]].res[r] = 'U';
            ps[order[k]].col[r] = '-';
            ps[order[k]].score += 1.0;
            ps[order[k]].had_bye = 1;
            memmove(order + k, order + k + 1,
                    sizeof(int) * (size_t)(m - k - 1));
            m--;
        }
        if (!pair_dfs(ps, order, m, mate, r, &budget)) {
            /* Give up on no-rematch: pair neighbours. */
            for (i = 0; i < m; i++)
                mate[order[i]] = order[i ^ 1];
        }
        for (i = 0, k = 0; i < m; i++) {
            int a = order[i], b = mate[a];
            if (b < a && mate[b] == a && b != a) {
                /* the pair was played from b's side */
                continue;
            }
            if (b == a)
                continue;
            if (a_gets_white(&ps[a], &ps[b], r, k))
                play_game(&ps[a], &ps[b], r, forfeit_odds);
            else
                play_game(&ps[b], &ps[a], r, forfeit_odds);
            k++;
        }
    }
    free(order);
    free(mate);
}

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
        ps[i].no = i + 1;
        ps[i].out_from = MAX_ROUNDS;
        ps[i].hbye_round = -1;
    }
    for (i = 0; i < def->hbyes; i++)
        ps[n / 3 + rnd(n / 2)].hbye_round = 2 + rnd(def->rounds - 3);
    if (def->withdrawal)
        ps[n / 2 + 3].out_from = 5;
    n_sps[s] = n;
    simulate(ps, n, def);
}

/* ------------------------------------------------------------- output */

static void die(const char *what)
{
    perror(what);
    exit(1);
}

static void write_file(const char *dir, const char *name,
                       const struct strbuf *sb)
{
    struct strbuf path = STRBUF_INIT;
    FILE *fp;

    strbuf_addf(&path, "%s/%s", dir, name);
    fp = fopen(path.buf, "wb");
    if (!fp)
        die(path.buf);
    if (fwrite(sb->buf, 1, sb->len, fp) != sb->len || fclose(fp))
        die(path.buf);
    strbuf_release(&path);
}

/* UTF-8 to Windows-1251 (every character the example uses exists there). */
static void to_cp1251(struct strbuf *out, const char *s)
{
    size_t len = strlen(s), i = 0;
    uint32_t cp;
    int c;

    while (i < len) {
        size_t n = utf8_decode(s + i, len - i, &cp);
        if (!n) {
            fprintf(stderr, "gen-example: bad UTF-8\n");
            exit(1);
        }
        i += n;
        if (cp < 0x80) {
            strbuf_addch(out, (int)cp);
            continue;
        }
        for (c = 0x80; c < 0x100; c++)
            if (cp1251_to_ucs((unsigned char)c) == cp)
                break;
        if (c == 0x100) {
            fprintf(stderr, "gen-example: U+%04X has no Windows-1251 form\n",
                    (unsigned)cp);
            exit(1);
        }
        strbuf_addch(out, c);
    }
}

/* A CSV field, quoted when it holds the delimiter, a quote or a break. */
static void csv_put(struct strbuf *out, const char *s, char delim)
{
    const char *p;

    if (!strchr(s, delim) && !strchr(s, '"') && !strchr(s, '\n')) {
        strbuf_addstr(out, s);
        return;
    }
    strbuf_addch(out, '"');
    for (p = s; *p; p++) {
        if (*p == '"')
            strbuf_addch(out, '"');
        strbuf_addch(out, *p);
    }
    strbuf_addch(out, '"');
}

static void add_record(struct tournament *t, const char *code, const char *text)
{
    struct record *r;

    ALLOC_GROW(t->records, t->n_records + 1, t->records_alloc);
    r = &t->records[t->n_records++];
    memset(r, 0, sizeof(*r));
    memcpy(r->code, code, 4);
    r->text = arena_strdup(&t->arena, text);
}

static void trf_name(char *out, size_t n, const struct person *p)
{
    snprintf(out, n, "%s, %s", p->surname, p->given);
}

static void write_trf(const char *dir, int s)
{
    const struct section_def *def = &sections[s];
    const struct sp *ps = sps[s];
    int n = n_sps[s], i, r, rated = 0;
    struct tournament *t = tournament_new();
    struct strbuf sb = STRBUF_INIT, name = STRBUF_INIT;
    char buf[160];

    snprintf(buf, sizeof(buf), "Чемпіонат України з шахів до 10 років. %s",
             def->title);
    add_record(t, "012", buf);
    add_record(t, "022", "Львів");
    add_record(t, "032", "UKR");
    add_record(t, "042", def->d1);
    add_record(t, "052", def->d2);
    snprintf(buf, sizeof(buf), "%d", n);
    add_record(t, "062", buf);
    for (i = 0; i < n; i++)
        rated += people[ps[i].person].rating > 0;
    snprintf(buf, sizeof(buf), "%d", rated);
    add_record(t, "072", buf);
    add_record(t, "092", "Individual: Swiss-System");
    add_record(t, "102", "Богдан Левицький");
    add_record(t, "112", "Оксана Дем'янчук");
    add_record(t, "122", def->trf_tc);
    snprintf(buf, sizeof(buf), "%d", def->rounds);
    add_record(t, "XXR", buf);
    t->n_rounds = def->rounds;
    for (i = 0; i < n; i++) {
        const struct person *pe = &people[ps[i].person];
        struct player *p = tournament_add_player(t);
        p->start_no = ps[i].no;
        p->sex = pe->sex == 'f' ? 'w' : 'm';
        trf_name(buf, sizeof(buf), pe);
        p->name = arena_strdup(&t->arena, buf);
        p->rating = pe->rating;
        p->fed = "UKR";
        p->fide_id = arena_strdup(&t->arena, pe->fide_id);
        snprintf(buf, sizeof(buf), "%04d/%02d/%02d", pe->by, pe->bm, pe->bd);
        p->birth = arena_strdup(&t->arena, buf);
        p->points = ps[i].score;
        p->has_points = 1;
        p->rank = ps[i].rank;
        for (r = 0; r < def->rounds; r++) {
            struct entry *e = &p->rounds[r];
            e->opp = ps[i].opp[r];
            e->colour = ps[i].col[r];
            e->code = ps[i].res[r];
            e->flags = ENTRY_PRESENT;
        }
    }
    trf_write(t, TRF_16, &sb);
    snprintf(buf, sizeof(buf), "%s.trf", def->file_base);
    write_file(dir, buf, &sb);
    tournament_free(t);
    strbuf_release(&sb);
    strbuf_release(&name);
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
