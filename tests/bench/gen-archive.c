/* tests/bench/gen-archive: write N synthetic championships as event
 * folders (event.ini, players.csv, six TRF sections each), the same bytes
 * on every run, for 'make bench-archive'.
 * SPDX-License-Identifier: MIT
 *
 * usage: gen-archive OUTDIR N
 *
 * Event k is held in year 2004 + k % 23 for the age group U8 .. U20
 * ((k / 23) % 7), in one of twelve cities; its players come from one pool
 * of 24,000 people (about 70 in 100 with a FIDE ID), so people meet again
 * across events.  Each event has boys' and girls' sections in classic (9
 * rounds), rapid (9) and blitz (11); players are paired by score with the
 * next player they have not met, an odd one out gets the bye, and results
 * follow the rating difference.  2,000 events give about 1.5 million games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/region.h"
#include "core/tournament.h"
#include "ingest/trf.h"
#include "util/arena.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;

/* xorshift64: the same sequence everywhere. */
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static const char *const surnames[] = {
    "Шевченк",  "Бондаренк", "Коваленк", "Ткаченк",  "Кравченк", "Олійник",
    "Шевчук",   "Коваль",    "Поліщук",  "Бондар",   "Мельник",  "Бойко",
    "Ткачук",   "Марченк",   "Руденк",   "Савченк",  "Петренк",  "Клименк",
    "Павленк",  "Лисенк",    "Мороз",    "Гнатюк",   "Кушнір",   "Ґудзь",
    "Мар'янчук", "Їжакевич", "Головат",  "Остапчук", "Гайдай",   "Савчук",
    "Жук",      "Стасюк",    "Юзвак",    "Прокопів", "Гнатів",   "Данилів",
    "Костів",   "Левицьк",   "Демчук",   "Ємець",    "Щербин",   "Зінченк",
    "Яковенк",  "Литвиненк", "Карпенк",  "Кравець",  "Дячук",    "Білик",
    "Соловйов", "Захарчук",  "Вовк",     "Гончар",   "Романюк",  "Семенюк",
    "Ковальчук", "Панченк",  "Тимошенк", "Сидоренк", "Чорновол", "Ярошенк"};
static const char *const boys[] = {
    "Остап",   "Олександр", "Андрій",   "Богдан",   "Тимофій", "Марко",
    "Матвій",  "Назар",     "Єгор",     "Кирило",   "Арсеній", "Юрій",
    "Лук'ян",  "Гордій",    "Ілля",     "Іван",     "Максим",  "Данило",
    "Ярослав", "Тарас",     "Святослав", "Захар",   "Василь",  "Владислав"};
static const char *const girls[] = {
    "Мар'яна", "Олена",   "Софія",     "Катерина", "Вероніка", "Юлія",
    "Анна",    "Дарина",  "Соломія",   "Ольга",    "Тетяна",   "Ірина",
    "Злата",   "Стефанія", "Мирослава", "Аліна",   "Вікторія", "Христина",
    "Ївга",    "Ганна",   "Оксана",    "Яна",      "Єва",      "Поліна"};
static const char *const fathers[] = {"Іван",   "Петр",   "Олег",
                                      "Андрій", "Богдан", "Василь",
                                      "Юрій",   "Тарас",  "Ігор",
                                      "Сергій", "Микола", "Віктор"};
static const char *const cities[][2] = {
    {"Львів", "lviv"},        {"Київ", "kyiv"},     {"Одеса", "odesa"},
    {"Харків", "kharkiv"},    {"Дніпро", "dnipro"}, {"Запоріжжя", "zp"},
    {"Вінниця", "vinnytsia"}, {"Луцьк", "lutsk"},   {"Тернопіль", "ternopil"},
    {"Полтава", "poltava"},   {"Чернігів", "chernihiv"},
    {"Ужгород", "uzhhorod"}};

#define N_SURNAMES (sizeof(surnames) / sizeof(surnames[0]))
#define POOL 24000

struct person {
    char surname[64], given[48], patronymic[64];
    char sex;
    int by, bm, bd;
    int region;
    int rating;
    char fide[16];
    int coach;
};

static struct person pool[POOL];

/* Surname forms: "Головат" + ий / а, "Шевченк" + о, else as it is. */
static void surname_of(char *out, size_t n, const char *stem, char sex)
{
    size_t len = strlen(stem);

    if (!strcmp(stem, "Головат") || !strcmp(stem, "Левицьк"))
        snprintf(out, n, "%s%s", stem, sex == 'f' ? "а" : "ий");
    else if (!strcmp(stem, "Щербин"))
        snprintf(out, n, "%sа", stem);
    else if (len > 6 && !strcmp(stem + len - 6, "енк"))
        snprintf(out, n, "%sо", stem);
    else
        snprintf(out, n, "%s", stem);
}

static void make_pool(void)
{
    int i;

    for (i = 0; i < POOL; i++) {
        struct person *p = &pool[i];
        const char *father = fathers[rnd(12)];
        p->sex = rnd(5) < 3 ? 'm' : 'f';
        surname_of(p->surname, sizeof(p->surname), surnames[rnd(N_SURNAMES)],
                   p->sex);
        snprintf(p->given, sizeof(p->given), "%s",
                 p->sex == 'm' ? boys[rnd(24)] : girls[rnd(24)]);
        snprintf(p->patronymic, sizeof(p->patronymic), "%s%s", father,
                 p->sex == 'm' ? "ович" : "івна");
        p->by = 1984 + (int)rnd(37);
        p->bm = 1 + (int)rnd(12);
        p->bd = 1 + (int)rnd(28);
        p->region = (int)rnd((unsigned)region_count());
        p->rating = rnd(10) < 7 ? 1000 + (int)rnd(1400) : 0;
        if (rnd(100) < 70)
            snprintf(p->fide, sizeof(p->fide), "%d", 14100000 + i * 7);
        p->coach = (int)rnd(400);
    }
}

/* ------------------------------------------------------------- pairing */

struct sp {
    int person, no;
    int score2; /* points x 2 */
    int opp[12];
    char col[12], res[12];
    int whites;
};

static struct sp *cur;

static int cmp_rank(const void *a, const void *b)
{
    const struct sp *x = &cur[*(const int *)a], *y = &cur[*(const int *)b];

    if (x->score2 != y->score2)
        return y->score2 - x->score2;
    return x->no - y->no;
}

static int met(const struct sp *a, int no, int rounds)
{
    int r;

    for (r = 0; r < rounds; r++)
        if (a->opp[r] == no)
            return 1;
    return 0;
}

/* One result char for white against black by their ratings. */
static void play(struct sp *w, struct sp *b, int r)
{
    int rw = pool[w->person].rating ? pool[w->person].rating : 1000;
    int rb = pool[b->person].rating ? pool[b->person].rating : 1000;
    int d = rw - rb + 35, x = (int)rnd(1000);
    int win = 380 + d / 2, loss = 380 - d / 2;

    if (win < 30)
        win = 30;
    if (loss < 30)
        loss = 30;
    if (x < win) {
        w->res[r] = '1';
        b->res[r] = '0';
        w->score2 += 2;
    } else if (x < win + (1000 - win - loss > 0 ? 1000 - win - loss : 0)) {
        w->res[r] = b->res[r] = '=';
        w->score2++;
        b->score2++;
    } else {
        w->res[r] = '0';
        b->res[r] = '1';
        b->score2 += 2;
    }
}

static void pair_section(struct sp *ps, int n, int rounds)
{
    int *order = xcalloc((size_t)n, sizeof(int)), *done;
    int r, i, k;

    done = xcalloc((size_t)n, sizeof(int));
    cur = ps;
    for (r = 0; r < rounds; r++) {
        for (i = 0; i < n; i++) {
            order[i] = i;
            done[i] = 0;
        }
        qsort(order, (size_t)n, sizeof(int), cmp_rank);
        if (n % 2) {
            /* The lowest player without a bye yet gets it. */
            for (k = n - 1; k >= 0; k--) {
                struct sp *p = &ps[order[k]];
                int had = 0, q;
                for (q = 0; q < r; q++)
                    had |= p->res[q] == 'U';
                if (!had)
                    break;
            }
            if (k < 0)
                k = n - 1;
            done[order[k]] = 1;
            ps[order[k]].opp[r] = 0;
            ps[order[k]].col[r] = '-';
            ps[order[k]].res[r] = 'U';
            ps[order[k]].score2 += 2;
        }
        for (i = 0; i < n; i++) {
            struct sp *a = &ps[order[i]], *b = NULL;
            if (done[order[i]])
                continue;
            for (k = i + 1; k < n; k++)
                if (!done[order[k]] && !met(a, ps[order[k]].no, r)) {
                    b = &ps[order[k]];
                    break;
                }
            if (!b)
                for (k = i + 1; k < n && !b; k++)
                    if (!done[order[k]])
                        b = &ps[order[k]];
            if (!b)
                break;
            done[a - ps] = done[b - ps] = 1;
            a->opp[r] = b->no;
            b->opp[r] = a->no;
            if (a->whites <= b->whites) {
                a->col[r] = 'w';
                b->col[r] = 'b';
                a->whites++;
                play(a, b, r);
            } else {
                a->col[r] = 'b';
                b->col[r] = 'w';
                b->whites++;
                play(b, a, r);
            }
        }
    }
    free(order);
    free(done);
}

/* --------------------------------------------------------------- files */

static void write_file(const char *dir, const char *name,
                       const struct strbuf *sb)
{
    char path[512];
    FILE *fp;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    fp = fopen(path, "wb");
    if (!fp || fwrite(sb->buf, 1, sb->len, fp) != sb->len || fclose(fp)) {
        perror(path);
        exit(1);
    }
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

static void write_trf(const char *dir, const char *file, const char *title,
                      const char *city, const char *d1, const char *d2,
                      struct sp *ps, int n, int rounds)
{
    struct tournament *t = tournament_new();
    struct strbuf sb = STRBUF_INIT;
    char buf[200];
    int i, r;

    add_record(t, "012", title);
    add_record(t, "022", city);
    add_record(t, "032", "UKR");
    add_record(t, "042", d1);
    add_record(t, "052", d2);
    snprintf(buf, sizeof(buf), "%d", n);
    add_record(t, "062", buf);
    add_record(t, "092", "Individual: Swiss-System");
    snprintf(buf, sizeof(buf), "%d", rounds);
    add_record(t, "XXR", buf);
    t->n_rounds = rounds;
    for (i = 0; i < n; i++) {
        const struct person *pe = &pool[ps[i].person];
        struct player *p = tournament_add_player(t);
        p->start_no = ps[i].no;
        p->sex = pe->sex == 'f' ? 'w' : 'm';
        snprintf(buf, sizeof(buf), "%s, %s", pe->surname, pe->given);
        p->name = arena_strdup(&t->arena, buf);
        p->title = "";
        p->rating = pe->rating;
        p->fed = "UKR";
        p->fide_id = arena_strdup(&t->arena, pe->fide);
        snprintf(buf, sizeof(buf), "%04d/%02d/%02d", pe->by, pe->bm, pe->bd);
        p->birth = arena_strdup(&t->arena, buf);
        p->points = ps[i].score2 / 2.0;
        p->has_points = 1;
        for (r = 0; r < rounds; r++) {
            struct entry *e = &p->rounds[r];
            e->opp = ps[i].opp[r];
            e->colour = ps[i].col[r];
            e->code = ps[i].res[r];
            e->flags = ENTRY_PRESENT;
        }
    }
    trf_write(t, TRF_16, &sb);
    write_file(dir, file, &sb);
    tournament_free(t);
    strbuf_release(&sb);
}

static const char *const disc[3] = {"classic", "rapid", "blitz"};
static const char *const disc_ua[3] = {"класичні шахи", "швидкі шахи",
                                       "бліц"};

static void write_event(const char *outdir, int k)
{
    int year = 2004 + k % 23, age = 8 + 2 * ((k / 23) % 7);
    int city = (int)rnd(12), month = 1 + (int)rnd(12), day = 1 + (int)rnd(20);
    int nb = 20 + (int)rnd(17), ng = 14 + (int)rnd(17), s, i;
    int chosen[2][64], nsel[2] = {0, 0};
    struct sp *ps;
    struct strbuf ini = STRBUF_INIT, reg = STRBUF_INIT;
    char dir[512], d1[16], d2[16], title[300];

    snprintf(dir, sizeof(dir), "%s/e%04d-u%d-%s", outdir, k, age,
             cities[city][1]);
    mkdir(dir, 0755);
    snprintf(d1, sizeof(d1), "%04d/%02d/%02d", year, month, day);
    snprintf(d2, sizeof(d2), "%04d/%02d/%02d", year, month, day + 7);
    /* Players born in the group's three youngest years, no name twice. */
    for (s = 0; s < 2; s++) {
        int want = s ? ng : nb, tries = 0;
        char sex = s ? 'f' : 'm';
        while (nsel[s] < want && tries < 200000) {
            int p = (int)rnd(POOL), j, dup = 0;
            tries++;
            if (pool[p].sex != sex || pool[p].by < year - age ||
                pool[p].by > year - age + 3)
                continue;
            for (j = 0; j < nsel[s]; j++)
                dup |= chosen[s][j] == p ||
                       (!strcmp(pool[chosen[s][j]].surname, pool[p].surname) &&
                        !strcmp(pool[chosen[s][j]].given, pool[p].given));
            if (!dup)
                chosen[s][nsel[s]++] = p;
        }
    }
    strbuf_addf(&ini,
                "[event]\ntitle = Чемпіонат України з шахів серед юнаків та "
                "дівчат до %d років\nshort-title = Чемпіонат України U%d, "
                "%d\ncategory = юнаки та дівчата\nage-group = до %d "
                "років\nborn-from = %d\nstart = %.4s-%.2s-%.2s\nend = "
                "%.4s-%.2s-%.2s\ncity = %s\nvenue = Палац шахів\n"
                "chief-arbiter = Богдан ЛЕВИЦЬКИЙ | головний суддя\n",
                age, age, year, age, year - age, d1, d1 + 5, d1 + 8, d2,
                d2 + 5, d2 + 8, cities[city][0]);
    strbuf_addstr(&reg, "Прізвище,Ім'я,По батькові,Стать,Дата народження,"
                        "Область,Клуб,Тренер,Розряд,FIDE ID,Рейтинг\n");
    for (s = 0; s < 2; s++)
        for (i = 0; i < nsel[s]; i++) {
            const struct person *pe = &pool[chosen[s][i]];
            strbuf_addf(&reg,
                        "%s,%s,%s,%s,%02d.%02d.%04d,%s,ДЮСШ № %d,Тренер "
                        "%d,ІІ,%s,%d\n",
                        pe->surname, pe->given, pe->patronymic,
                        pe->sex == 'm' ? "ч" : "ж", pe->bd, pe->bm, pe->by,
                        region_get(pe->region)->name, 1 + pe->coach % 30,
                        pe->coach, pe->fide, pe->rating);
        }
    write_file(dir, "players.csv", &reg);
    for (s = 0; s < 2; s++) {
        int d;
        for (d = 0; d < 3; d++) {
            int rounds = d == 2 ? 11 : 9, n = nsel[s];
            char file[64], stitle[100];
            ps = xcalloc((size_t)n, sizeof(*ps));
            for (i = 0; i < n; i++) {
                ps[i].person = chosen[s][i];
                ps[i].no = i + 1;
            }
            pair_section(ps, n, rounds);
            snprintf(file, sizeof(file), "%s-%s.trf", s ? "girls" : "boys",
                     disc[d]);
            snprintf(stitle, sizeof(stitle), "%s, %s",
                     s ? "Дівчата" : "Юнаки", disc_ua[d]);
            snprintf(title, sizeof(title), "Чемпіонат України U%d. %s", age,
                     stitle);
            write_trf(dir, file, title, cities[city][0], d1, d2, ps, n,
                      rounds);
            strbuf_addf(&ini,
                        "\n[section %s-%s]\ntitle = %s\nfile = %s\nsystem = "
                        "swiss\ndiscipline = %s\nsex = %s\nrounds = %d\n"
                        "rules = ua-2023\n",
                        s ? "girls" : "boys", disc[d], stitle, file, disc[d],
                        s ? "girls" : "boys", rounds);
            free(ps);
        }
    }
    write_file(dir, "event.ini", &ini);
    strbuf_release(&ini);
    strbuf_release(&reg);
}

int main(int argc, char **argv)
{
    int n, k;

    if (argc != 3 || (n = (int)strtol(argv[2], NULL, 10)) < 1) {
        fputs("usage: gen-archive OUTDIR N\n", stderr);
        return 2;
    }
    mkdir(argv[1], 0755);
    make_pool();
    for (k = 0; k < n; k++)
        write_event(argv[1], k);
    return 0;
}
