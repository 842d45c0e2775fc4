/* tests/gen/gen-common: what the example generators share: a
 * deterministic random source, Ukrainian names, the regions, a simple
 * Swiss pairing with games played by strength, and the file writers.
 * SPDX-License-Identifier: MIT
 */
#include "gen/gen-common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chess.h"
#include "core/tournament.h"
#include "ingest/pgn.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* ------------------------------------------------------------- random */

uint64_t rng_state;

uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int rnd(int n)
{
    return (int)(rng_next() % (uint64_t)n);
}

double rnd01(void)
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


/* ------------------------------------------------------------- regions */

const struct region_info regions[] = {
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

const size_t n_regions = N(regions);

const char *gen_given(char sex)
{
    return sex == 'm' ? boys_names[rnd((int)N(boys_names))]
                      : girls_names[rnd((int)N(girls_names))];
}

const char *gen_patronymic(char sex)
{
    return patronymics[rnd((int)N(patronymics))][sex == 'f'];
}

const char *gen_surname(void)
{
    return surnames[rnd((int)N(surnames))];
}

/* A surname for a woman: "-ий" becomes "-а". */
void surname_for(char *out, size_t n, const char *s, char sex)
{
    size_t len = strlen(s);

    snprintf(out, n, "%s", s);
    if (sex == 'f' && len > 4 && !strcmp(s + len - 4, "ий"))
        snprintf(out + len - 4, n - (len - 4), "а");
}

int pick_region(void)
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

void coach_name(char *out, size_t n)
{
    int sex = rnd(2);
    char sur[64];

    surname_for(sur, sizeof(sur), surnames[rnd((int)N(surnames))],
                sex ? 'f' : 'm');
    snprintf(out, n, "%s %s %s", sur,
             coach_given[rnd((int)N(coach_given))][sex],
             patronymics[rnd((int)N(patronymics))][sex]);
}

/* ------------------------------------------------------------- swiss */

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
    double d = w->strength - b->strength + 30;
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

void simulate(struct sp *ps, int n, int rounds, int forfeits)
{
    int *order = xmallocarray((size_t)n, sizeof(int));
    int *mate = xmallocarray((size_t)n, sizeof(int));
    int r, i, k, m;
    int forfeit_odds = forfeits ? 400 / forfeits : 0;

    for (r = 0; r < rounds; r++) {
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

/* ------------------------------------------------------------- output */

void die(const char *what)
{
    perror(what);
    exit(1);
}

void write_file(const char *dir, const char *name,
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
void to_cp1251(struct strbuf *out, const char *s)
{
    size_t len = strlen(s), i = 0;
    uint32_t cp;
    int c;

    while (i < len) {
        size_t n = utf8_decode(s + i, len - i, &cp);
        if (!n) {
            fprintf(stderr, "gen: bad UTF-8\n");
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
            fprintf(stderr, "gen: U+%04X has no Windows-1251 form\n",
                    (unsigned)cp);
            exit(1);
        }
        strbuf_addch(out, c);
    }
}

/* A CSV field, quoted when it holds the delimiter, a quote or a break. */
void csv_put(struct strbuf *out, const char *s, char delim)
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

void add_record(struct tournament *t, const char *code, const char *text)
{
    struct record *r;

    ALLOC_GROW(t->records, t->n_records + 1, t->records_alloc);
    r = &t->records[t->n_records++];
    memset(r, 0, sizeof(*r));
    memcpy(r->code, code, 4);
    r->text = arena_strdup(&t->arena, text);
}


void gen_trf_header(struct tournament *t, const struct gen_trf_header *h)
{
    char buf[32];

    add_record(t, "012", h->title);
    add_record(t, "022", h->city);
    add_record(t, "032", "UKR");
    add_record(t, "042", h->first_day);
    add_record(t, "052", h->last_day);
    snprintf(buf, sizeof(buf), "%d", h->players);
    add_record(t, "062", buf);
    snprintf(buf, sizeof(buf), "%d", h->rated);
    add_record(t, "072", buf);
    add_record(t, "092", "Individual: Swiss-System");
    add_record(t, "102", h->arbiter);
    add_record(t, "112", h->deputy);
    add_record(t, "122", h->time_control);
    snprintf(buf, sizeof(buf), "%d", h->rounds);
    add_record(t, "XXR", buf);
    t->n_rounds = h->rounds;
}

void gen_trf_player(struct tournament *t, const struct sp *s,
                    const struct gen_trf_player *gp, int rounds)
{
    struct player *p = tournament_add_player(t);
    char buf[32];
    int r;

    p->start_no = s->no;
    p->sex = gp->sex == 'f' ? 'w' : 'm';
    if (gp->title)
        p->title = gp->title;
    p->name = arena_strdup(&t->arena, gp->name);
    p->rating = gp->rating;
    p->fed = "UKR";
    p->fide_id = arena_strdup(&t->arena, gp->fide_id);
    snprintf(buf, sizeof(buf), "%04d/%02d/%02d", gp->by, gp->bm, gp->bd);
    p->birth = arena_strdup(&t->arena, buf);
    p->points = s->score;
    p->has_points = 1;
    p->rank = s->rank;
    for (r = 0; r < rounds; r++) {
        struct entry *e = &p->rounds[r];
        e->opp = s->opp[r];
        e->colour = s->col[r];
        e->code = s->res[r];
        e->flags = ENTRY_PRESENT;
    }
}

/* ------------------------------------------------------------ games */

/* Random legal moves into g, none that ends the game on the board. */
static void random_moves(struct pgn_game *g, int plies)
{
    struct chess_pos pos = g->start;
    struct chess_move moves[CHESS_MAX_MOVES];
    int k;

    for (k = 0; k < plies; k++) {
        int n = chess_legal_moves(&pos, moves), tries;
        for (tries = 0; tries < n; tries++) {
            const struct chess_move *m = &moves[(rnd(n) + tries) % n];
            struct chess_pos next = pos;
            chess_make(&next, m);
            if (chess_status(&next) != CHESS_ONGOING)
                continue;
            pgn_game_add_move(g, m);
            pos = next;
            break;
        }
        if (tries == n)
            return;
    }
}

/*
 * The notes of a few games, as an arbiter or a commentator writes them
 * (none drawn at random: the moves stay what the seed makes): on the
 * first board of every round a word on how the game ended, and of every
 * third round also one on its record and a move in the middle marked
 * "!?" with the time it took.
 */
static void pgn_notes(struct pgn_game *g, int r, int board, const char *result)
{
    char buf[128];
    const char *end;

    if (board != 1 || !g->nr_moves)
        return;
    if (!strcmp(result, "1-0"))
        end = "Чорні здалися.";
    else if (!strcmp(result, "0-1"))
        end = "Білі здалися.";
    else
        end = "Нічия за згодою.";
    pgn_game_add_comment(g, g->nr_moves, end, strlen(end));
    if (r % 3)
        return;
    end = "Запис партії звірено з бланками обох суперників.";
    pgn_game_add_comment(g, 0, end, strlen(end));
    snprintf(buf, sizeof(buf), "На цей хід витрачено %d хвилин.",
             25 + 5 * (r / 3));
    pgn_game_add_nag(g, g->nr_moves / 2, 5);
    pgn_game_add_comment(g, g->nr_moves / 2, buf, strlen(buf));
}

/* One game of round r (0-based) into out. */
static void pgn_one(struct strbuf *out, const struct gen_pgn *gp, int r,
                    int board, const int *who, const char *white,
                    const char *black, const char *result, int moves,
                    int forfeit)
{
    struct pgn_game g;
    char buf[64];

    pgn_game_init(&g);
    pgn_game_set_tag(&g, "Event", gp->event);
    pgn_game_set_tag(&g, "Site", gp->site);
    snprintf(buf, sizeof(buf), "%04d.%02d.%02d", gp->y, gp->m, gp->d + r);
    pgn_game_set_tag(&g, "Date", buf);
    snprintf(buf, sizeof(buf), "%d.%d", r + 1, board);
    pgn_game_set_tag(&g, "Round", buf);
    pgn_game_set_tag(&g, "White", white);
    pgn_game_set_tag(&g, "Black", black);
    pgn_game_set_tag(&g, "Result", result);
    if (gp->player_tags) {
        gp->player_tags(&g, "White", who[0]);
        if (who[1] >= 0)
            gp->player_tags(&g, "Black", who[1]);
    }
    if (forfeit)
        pgn_game_set_tag(&g, "Termination", "forfeit");
    if (moves)
        random_moves(&g, moves);
    if (gp->notes)
        pgn_notes(&g, r, board, result);
    memcpy(g.result, result, strlen(result) + 1);
    pgn_write(&g, out);
    pgn_game_release(&g);
}

void gen_pgn_game(struct strbuf *out, const struct gen_pgn *gp, int round,
                  int no, int day, const int *who, const char *white,
                  const char *black, const char *result, int plies)
{
    struct gen_pgn g = *gp;

    /* pgn_one() dates round r (0-based) r days after the first. */
    g.d = gp->d + day - (round - 1);
    pgn_one(out, &g, round - 1, no, who, white, black, result, plies, 0);
}

void gen_pgn_games(struct strbuf *out, const struct sp *ps, int n, int rounds,
                   const struct gen_pgn *g, uint64_t seed)
{
    uint64_t saved = rng_state;
    char w[200], b[200];
    int r, i, board, who[2];

    rng_state = seed;
    for (r = 0; r < rounds; r++) {
        board = 0;
        for (i = 0; i < n; i++) {
            const struct sp *pw = &ps[i], *pb;
            const char *res;
            int forfeit = 0;
            if (pw->col[r] != 'w')
                continue;
            pb = &ps[pw->opp[r] - 1];
            board++;
            switch (pw->res[r]) {
            case '1':
                res = "1-0";
                break;
            case '0':
                res = "0-1";
                break;
            case '=':
                res = "1/2-1/2";
                break;
            default:
                forfeit = 1;
                res = pw->res[r] == '+' ? "1-0" : "0-1";
                break;
            }
            if (forfeit && !g->byes)
                continue;
            g->name(w, sizeof(w), pw->person);
            g->name(b, sizeof(b), pb->person);
            who[0] = pw->person;
            who[1] = pb->person;
            pgn_one(out, g, r, board, who, w, b, res, forfeit ? 0 : 20 + rnd(80),
                    forfeit);
        }
        for (i = 0; g->byes && i < n; i++) {
            const struct sp *p = &ps[i];
            const char *res;
            /* A withdrawal ('-'): no game, his absence. */
            if (p->col[r] != '-' || !p->res[r] || p->res[r] == ' ' ||
                p->res[r] == '-')
                continue;
            if (p->res[r] == 'U' || p->res[r] == 'F')
                res = "1-0";
            else if (p->res[r] == 'H')
                res = "1/2-1/2";
            else
                res = "0-1";
            g->name(w, sizeof(w), p->person);
            who[0] = p->person;
            who[1] = -1;
            pgn_one(out, g, r, ++board, who, w, "bye", res, 0, 0);
        }
    }
    rng_state = saved;
}
