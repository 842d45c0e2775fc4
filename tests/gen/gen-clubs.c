/* tests/gen/gen-clubs: the club team championship of seed 000.
 * SPDX-License-Identifier: MIT
 */
#include "gen/gen-clubs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/quote.h"
#include "util/strbuf.h"

#define NT      8 /* clubs */
#define NR      7 /* rounds: a round robin */
#define NB      6 /* boards */
#define SQUAD   8
#define MAX_ENT 12

/* The forfeited match (round, match of the round) and board (round,
 * match, board: the away player's seat is empty). */
#define FORFEIT_ROUND       5
#define FORFEIT_MATCH       3
#define EMPTY_BOARD_ROUND   3
#define EMPTY_BOARD_MATCH   1
#define EMPTY_BOARD         6

#define N(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t st;

static uint64_t next(void)
{
    uint64_t z = (st += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rnd(int n)
{
    return (int)(next() % (uint64_t)n);
}

static double rnd01(void)
{
    return (double)(next() >> 11) / 9007199254740992.0;
}

static const struct {
    const char *team, *club, *region;
} clubs[NT] = {
    {"Гамбіт", "Шаховий клуб \"Гамбіт\", м. Харків", "Харківська"},
    {"Каїса", "Шаховий клуб \"Каїса\", м. Київ", "м. Київ"},
    {"Поділля", "Шаховий клуб \"Поділля\", м. Вінниця", "Вінницька"},
    {"Дебют", "Шаховий клуб \"Дебют\", м. Дніпропетровськ",
     "Дніпропетровська"},
    {"Лев", "Шаховий клуб \"Лев\", м. Львів", "Львівська"},
    {"Чорноморець", "Шаховий клуб \"Чорноморець\", м. Одеса", "Одеська"},
    {"Славутич", "Шаховий клуб \"Славутич\", м. Черкаси", "Черкаська"},
    {"Ґорґани", "Шаховий клуб \"Ґорґани\", м. Івано-Франківськ",
     "Івано-Франківська"},
};

static const char *const given_m[] = {
    "Андрій", "Богдан",  "Василь", "Володимир", "Дмитро", "Євген",
    "Іван",   "Максим",  "Михайло", "Олег",     "Олександр", "Остап",
    "Павло",  "Петро",   "Роман",  "Сергій",    "Тарас",  "Юрій",
    "Ярослав", "В'ячеслав", "Ігор",  "Віктор",   "Микола", "Анатолій",
};
static const char *const given_f[] = {"Наталія", "Олена", "Тетяна", "Ірина",
                                      "Мар'яна", "Оксана"};
static const char *const patr_m[][2] = {
    {"Андрійович", "Андріївна"},     {"Васильович", "Василівна"},
    {"Іванович", "Іванівна"},        {"Миколайович", "Миколаївна"},
    {"Олександрович", "Олександрівна"}, {"Петрович", "Петрівна"},
    {"Сергійович", "Сергіївна"},     {"Юрійович", "Юріївна"},
};
static const char *const surnames[] = {
    "Бондаренко", "Коваленко", "Ткачук",    "Кравченко", "Мельник",
    "Поліщук",    "Савчук",    "Гнатюк",    "Бойко",     "Кравець",
    "Лисенко",    "Мороз",     "Левченко",  "Ярошенко",  "Павлюк",
    "Гуменюк",    "Федорів",   "Данилів",   "Стасюк",    "Зінченко",
    "Петрук",     "Юрчишин",   "Головатий", "Білоус",    "Гаврилюк",
    "Костюк",     "Ґудзь",     "Їжак",      "Єременко",  "Щербак",
    "Згурський",  "Дем'яненко", "Прокопів", "Ільницький", "Рибак",
    "Симоненко",  "Карпенко",  "Нестеренко", "Сидоренко", "Литвин",
    "Кушнір",     "Швець",     "Романюк",   "Тимошенко", "Яковенко",
    "Остапчук",   "Марченко",  "Вовк",      "Цимбал",    "Хоменко",
    "Чумак",      "Фесенко",   "Шаповал",   "Гайдай",    "Оліфіренко",
    "Захарченко", "Пономаренко", "Ковальчук", "Панченко", "Онищенко",
    "Мирошниченко", "Демченко", "Руденко",  "Ніколаєнко", "Тарасенко",
    "Сергієнко",  "Лук'яненко", "Грищенко", "Шульга",    "Дорошенко",
    "Гончар",     "Степаненко", "Мазур",    "Куліш",     "Сорока",
    "Приходько",  "Волошин",   "Гордієнко", "Ткаченко",  "Онуфрієнко",
    "Довженко",   "Бабенко",   "Кучер",     "Лозинський", "Назаренко",
    "Слюсар",     "Терещенко", "Устименко", "Харченко",  "Чорновіл",
    "Шевчук",     "Юхименко",  "Яременко",  "Бурлака",   "Вакуленко",
    "Гребенюк",   "Жовтяк",    "Заїченко",  "Ірклієнко", "Калиниченко",
};
/* Foreigners: a Latin name as FIDE writes it and the federation. */
static const struct {
    const char *surname, *given, *fed;
} foreigners[] = {
    {"Nowak", "Piotr", "POL"},       {"Popescu", "Andrei", "MDA"},
    {"Kowalczyk", "Marek", "POL"},   {"Beridze", "Levan", "GEO"},
    {"Ivanau", "Siarhei", "BLR"},    {"Horvath", "Gabor", "HUN"},
    {"Novak", "Tomas", "CZE"},       {"Jankauskas", "Darius", "LTU"},
    {"Ozols", "Janis", "LAT"},       {"Tamm", "Andres", "EST"},
};

struct person {
    char surname[64], given[32], patr[40];
    char sex;
    int by, bm, bd;
    int rating;
    const char *rank, *fed;
    long fide;
    int order;
    int captain;
};

struct team {
    struct person p[MAX_ENT];
    int n;
    struct person coach;
};

/* One board's result: the home player's points x2 (0 1 2), or forfeit. */
struct board {
    int home, away; /* entry indexes; -1 empty seat */
    int hw2;        /* home player's points x 2 */
    int forfeit;    /* the away seat empty: home wins by forfeit */
    char colour;    /* the home player's */
};

struct match {
    int home, away;
    int forfeit; /* the whole match: home wins by forfeit */
    struct board b[NB];
};

struct champ {
    struct team t[NT];
    struct match m[NR][NT / 2];
    double mp[NT], gp[NT], wbp[NT];
    int win[NT];
};

static int used_surname(const struct champ *c, const char *s)
{
    int k, i;

    for (k = 0; k < NT; k++) {
        for (i = 0; i < c->t[k].n; i++)
            if (!strcmp(c->t[k].p[i].surname, s))
                return 1;
        if (!strcmp(c->t[k].coach.surname, s))
            return 1;
    }
    return 0;
}

static void make_person(struct champ *c, struct person *p, int female,
                        int adult)
{
    const char *s;
    int pi = rnd((int)N(patr_m));

    do
        s = surnames[rnd((int)N(surnames))];
    while (used_surname(c, s));
    memset(p, 0, sizeof(*p));
    snprintf(p->surname, sizeof(p->surname), "%s", s);
    if (female) {
        size_t n = strlen(s);
        if (n > 4 && !strcmp(s + n - 4, "ий"))
            snprintf(p->surname + n - 4, sizeof(p->surname) - n + 4, "а");
    }
    snprintf(p->given, sizeof(p->given), "%s",
             female ? given_f[rnd((int)N(given_f))]
                    : given_m[rnd((int)N(given_m))]);
    snprintf(p->patr, sizeof(p->patr), "%s", patr_m[pi][female]);
    p->sex = female ? 'f' : 'm';
    p->by = adult ? 1945 + rnd(20) : 1960 + rnd(28);
    p->bm = 1 + rnd(12);
    p->bd = 1 + rnd(28);
    p->fed = "UKR";
}

static void make_team(struct champ *c, int k, int *n_foreigners)
{
    struct team *t = &c->t[k];
    int i, n_foreign = k % 3 == 0 ? 2 : k % 3 == 1 ? 1 : 0;
    int top = 2400 + rnd(150);

    t->n = 9 + rnd(4);
    for (i = 0; i < t->n; i++) {
        struct person *p = &t->p[i];
        make_person(c, p, i == t->n - 1 && k % 2, 0);
        p->rating = top - i * (20 + rnd(25));
        p->rank = p->rating >= 2500   ? "GM"
                  : p->rating >= 2400 ? "IM"
                  : p->rating >= 2300 ? "FM"
                  : p->rating >= 2200 ? "МС"
                                      : "КМС";
        p->fide = 14100000 + k * 100 + i;
        p->order = i + 1;
    }
    /* Foreigners in the squad, on boards 2 and 4. */
    for (i = 0; i < n_foreign; i++) {
        struct person *p = &t->p[1 + 2 * i];
        int f = (*n_foreigners)++ % (int)N(foreigners);
        snprintf(p->surname, sizeof(p->surname), "%s", foreigners[f].surname);
        snprintf(p->given, sizeof(p->given), "%s", foreigners[f].given);
        p->patr[0] = '\0';
        p->fed = foreigners[f].fed;
    }
    t->p[rnd(3)].captain = 1;
    make_person(c, &t->coach, k == 2, 1);
}

/* Expected score of a against b (FIDE), draws likely. */
static int game(int ra, int rb)
{
    double e = 1.0 / (1.0 + pow(10.0, (rb - ra) / 400.0));
    double d = 0.42, x = rnd01();
    double w = e - d / 2;

    if (w < 0.02)
        w = 0.02;
    if (x < w)
        return 2;
    if (x < w + d)
        return 1;
    return 0;
}

/* The round robin (Berger tables) and the results. */
static void play(struct champ *c)
{
    int r, i, k;

    for (r = 0; r < NR; r++)
        for (i = 0; i < NT / 2; i++) {
            struct match *m = &c->m[r][i];
            int a = i == 0 ? NT - 1 : (r + i) % (NT - 1);
            int b = (r + NT - 1 - i) % (NT - 1);
            int rest[NT] = {0}, side;
            int line[2][NB];
            if (i == 0 && r % 2)
                a ^= b, b ^= a, a ^= b;
            else if (i && i % 2 != r % 2)
                a ^= b, b ^= a, a ^= b;
            m->home = a;
            m->away = b;
            m->forfeit = r == FORFEIT_ROUND - 1 && i == FORFEIT_MATCH - 1;
            /* Two of the squad rest; the others play in entry order. */
            for (side = 0; side < 2; side++) {
                int n = 0, x, y;
                memset(rest, 0, sizeof(rest));
                x = rnd(SQUAD);
                do
                    y = rnd(SQUAD);
                while (y == x);
                rest[x] = rest[y] = 1;
                for (k = 0; k < SQUAD; k++)
                    if (!rest[k])
                        line[side][n++] = k;
            }
            for (k = 0; k < NB; k++) {
                struct board *bd = &m->b[k];
                bd->home = line[0][k];
                bd->away = line[1][k];
                bd->colour = k % 2 ? 'b' : 'w';
                bd->hw2 = game(c->t[a].p[bd->home].rating,
                               c->t[b].p[bd->away].rating);
                if (r == EMPTY_BOARD_ROUND - 1 && i == EMPTY_BOARD_MATCH - 1 &&
                    k == EMPTY_BOARD - 1) {
                    bd->away = -1;
                    bd->forfeit = 1;
                    bd->hw2 = 2;
                }
            }
        }
}

static void score(struct champ *c)
{
    int r, i, k;

    memset(c->mp, 0, sizeof(c->mp));
    memset(c->gp, 0, sizeof(c->gp));
    memset(c->wbp, 0, sizeof(c->wbp));
    memset(c->win, 0, sizeof(c->win));
    for (r = 0; r < NR; r++)
        for (i = 0; i < NT / 2; i++) {
            const struct match *m = &c->m[r][i];
            double h = 0, a = 0;
            if (m->forfeit) {
                h = NB;
            } else {
                for (k = 0; k < NB; k++) {
                    h += m->b[k].hw2 / 2.0;
                    a += (2 - m->b[k].hw2) / 2.0;
                    c->wbp[m->home] += (NB - k) * m->b[k].hw2 / 2.0;
                    c->wbp[m->away] += (NB - k) * (2 - m->b[k].hw2) / 2.0;
                }
                if (m->b[NB - 1].forfeit)
                    a -= 0; /* the empty seat scores nothing */
            }
            c->gp[m->home] += h;
            c->gp[m->away] += a;
            if (h > a) {
                c->mp[m->home] += 2;
                c->win[m->home]++;
            } else if (h < a) {
                c->mp[m->away] += 2;
                c->win[m->away]++;
            } else {
                c->mp[m->home]++;
                c->mp[m->away]++;
            }
        }
}

/* The result of x's match against y: x's game points minus y's. */
static double encounter(const struct champ *c, int x, int y)
{
    int r, i, k;
    double d = 0;

    for (r = 0; r < NR; r++)
        for (i = 0; i < NT / 2; i++) {
            const struct match *m = &c->m[r][i];
            int sign = m->home == x && m->away == y   ? 1
                       : m->home == y && m->away == x ? -1
                                                      : 0;
            if (!sign)
                continue;
            if (m->forfeit)
                return sign * NB;
            for (k = 0; k < NB; k++)
                d += sign * (m->b[k].hw2 - 1);
        }
    return d;
}

/* Two teams among the first four level on all but the board weights,
 * and no third on their match and game points. */
static int has_tie(const struct champ *c)
{
    int x, y, z, above;

    for (x = 0; x < NT; x++)
        for (y = x + 1; y < NT; y++) {
            if (c->mp[x] != c->mp[y] || c->gp[x] != c->gp[y] ||
                c->win[x] != c->win[y] || encounter(c, x, y) != 0 ||
                c->wbp[x] == c->wbp[y])
                continue;
            above = 0;
            for (z = 0; z < NT; z++) {
                if (z == x || z == y)
                    continue;
                if (c->mp[z] == c->mp[x] && c->gp[z] == c->gp[x])
                    break;
                if (c->mp[z] > c->mp[x] ||
                    (c->mp[z] == c->mp[x] && c->gp[z] > c->gp[x]))
                    above++;
            }
            if (z == NT && above <= 2)
                return 1;
        }
    return 0;
}

static void person_row(struct strbuf *out, const struct person *p,
                       const struct team *t, int k, int coach)
{
    char buf[160];

    csv_quote(out, p->surname);
    strbuf_addch(out, ',');
    csv_quote(out, p->given);
    strbuf_addf(out, ",%s,%s,%02d.%02d.%04d,%s,", p->patr,
                p->sex == 'f' ? "ж" : "ч", p->bd, p->bm, p->by,
                clubs[k].region);
    csv_quote(out, clubs[k].club);
    strbuf_addch(out, ',');
    if (!coach) {
        snprintf(buf, sizeof(buf), "%s %s %s", t->coach.surname,
                 t->coach.given, t->coach.patr);
        csv_quote(out, buf);
    }
    strbuf_addf(out, ",%s,", coach ? "" : p->rank);
    if (!coach)
        strbuf_addf(out, "%ld,%d,%s", p->fide, p->rating, p->fed);
    else
        strbuf_addstr(out, ",,UKR");
    strbuf_addf(out, ",%s,", coach ? "" : CLUBS_SECTION);
    csv_quote(out, clubs[k].team);
    if (coach)
        strbuf_addstr(out, ",,,тренер\n");
    else
        strbuf_addf(out, ",%d,%s,\n", p->order, p->captain ? "так" : "");
}

static void player_name(struct strbuf *out, const struct person *p)
{
    strbuf_addf(out, "%s %s", p->surname, p->given);
}

static const char *result_text(int hw2, int forfeit)
{
    if (forfeit)
        return "+/-";
    return hw2 == 2 ? "1-0" : hw2 == 1 ? "½-½" : "0-1";
}

static void half(struct strbuf *out, double v)
{
    int w = (int)v;

    if (v - w > 0.25)
        strbuf_addf(out, w ? "%d½" : "½", w);
    else
        strbuf_addf(out, "%d", w);
}

static void cards(const struct champ *c, struct strbuf *out)
{
    int r, i, k;

    strbuf_addstr(out, "тур,господарі,гості,дошка,гравець господарів,"
                       "гравець гостей,результат\n");
    for (r = 0; r < NR; r++)
        for (i = 0; i < NT / 2; i++) {
            const struct match *m = &c->m[r][i];
            const struct team *h = &c->t[m->home], *a = &c->t[m->away];
            double hs = 0;
            if (m->forfeit) {
                strbuf_addf(out, "%d,%s,%s,,,,+/-\n", r + 1,
                            clubs[m->home].team, clubs[m->away].team);
                continue;
            }
            for (k = 0; k < NB; k++) {
                const struct board *b = &m->b[k];
                strbuf_addf(out, "%d,%s,%s,%d,", r + 1, clubs[m->home].team,
                            clubs[m->away].team, k + 1);
                player_name(out, &h->p[b->home]);
                strbuf_addch(out, ',');
                if (b->away >= 0)
                    player_name(out, &a->p[b->away]);
                strbuf_addf(out, ",%s\n", result_text(b->hw2, b->forfeit));
                hs += b->hw2 / 2.0;
            }
            strbuf_addf(out, "%d,%s,%s,,,,", r + 1, clubs[m->home].team,
                        clubs[m->away].team);
            half(out, hs);
            strbuf_addch(out, '-');
            half(out, NB - hs - (m->b[NB - 1].forfeit ? 0 : 0));
            strbuf_addch(out, '\n');
        }
}

void clubs_write_file(const char *dir, const char *name,
                      const struct strbuf *text)
{
    struct strbuf path = STRBUF_INIT;
    FILE *fp;

    strbuf_addf(&path, "%s/%s", dir, name);
    fp = fopen(path.buf, "wb");
    if (!fp || fwrite(text->buf, 1, text->len, fp) != text->len ||
        fclose(fp)) {
        perror(path.buf);
        exit(1);
    }
    strbuf_release(&path);
}

uint64_t clubs_generate(uint64_t seed, struct strbuf *ini_section,
                        struct strbuf *registry_rows, const char *dir)
{
    static struct champ c;
    struct strbuf text = STRBUF_INIT;
    uint64_t s;
    int k, i;

    for (s = seed; s < seed + 100000; s++) {
        int nf = 0;
        memset(&c, 0, sizeof(c));
        st = s;
        for (k = 0; k < NT; k++)
            make_team(&c, k, &nf);
        play(&c);
        score(&c);
        if (has_tie(&c))
            break;
    }
    if (s == seed + 100000)
        return 0;
    cards(&c, &text);
    clubs_write_file(dir, CLUBS_FILE, &text);
    strbuf_release(&text);
    strbuf_addf(ini_section,
                "[section %s]\n"
                "title = Чемпіонат України серед клубних команд\n"
                "sheet-name = Клубні команди\n"
                "file = %s\n"
                "system = team\n"
                "discipline = classic\n"
                "time-control = 90 хв до кінця партії кожному учаснику з "
                "доданням 30 с за кожний зроблений хід, починаючи з "
                "першого\n"
                "sex = mixed\n"
                "rounds = %d\n"
                "boards = %d\n"
                "rules = ua-2004-teams\n"
                "prize-places = 3\n",
                CLUBS_SECTION, CLUBS_FILE, NR, NB);
    for (k = 0; k < NT; k++) {
        for (i = 0; i < c.t[k].n; i++)
            person_row(registry_rows, &c.t[k].p[i], &c.t[k], k, 0);
        person_row(registry_rows, &c.t[k].coach, &c.t[k], k, 1);
    }
    return s;
}
