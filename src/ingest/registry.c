/* ingest/registry: players.csv, the people of an event.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/registry.h"
#include "ingest/csvedit.h"
#include "ingest/text.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/mandate.h"
#include "core/region.h"
#include "util/i18n.h"
#include "util/name.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

const char registry_header[] =
    "Прізвище,Ім'я,По батькові,Стать,Дата народження,Область,Клуб/ДЮСШ,"
    "Тренер,Розряд,FIDE ID,Рейтинг,Федерація,Секції,Паспорт/свідоцтво,"
    "Медичний допуск,Страховка,Внесок";

const char registry_aliases_header[] = "Інші написання";

enum column {
    COL_SURNAME,
    COL_GIVEN,
    COL_PATRONYMIC,
    COL_FULLNAME,
    COL_SEX,
    COL_BIRTH,
    COL_REGION,
    COL_CLUB,
    COL_COACH,
    COL_RANK,
    COL_FIDE_ID,
    COL_RATING,
    COL_SECTIONS,
    COL_IDENTITY,
    COL_MEDICAL,
    COL_INSURANCE,
    COL_FEE,
    COL_FEDERATION,
    COL_START_NO,
    COL_TEAM,
    COL_ORDER,
    COL_CAPTAIN,
    COL_ROLE,
    COL_SEED,
    COL_SURNAME_GEN,
    COL_GIVEN_GEN,
    COL_SURNAME_DAT,
    COL_GIVEN_DAT,
    COL_ALIASES,
    COL_COUNT
};

/*
 * Header names, squashed: lower case, letters and digits only (so "Клуб /
 * ДЮСШ", "клуб|дюсш" and "КЛУБ-ДЮСШ" are all "клубдюсш").
 */
static const struct csv_header headers[] = {
    {"прізвище", COL_SURNAME},
    {"surname", COL_SURNAME},
    {"lastname", COL_SURNAME},
    {"familyname", COL_SURNAME},
    {"імя", COL_GIVEN},
    {"name", COL_GIVEN},
    {"firstname", COL_GIVEN},
    {"givenname", COL_GIVEN},
    {"прізвищерод", COL_SURNAME_GEN},
    {"прізвищеродовий", COL_SURNAME_GEN},
    {"surnamegenitive", COL_SURNAME_GEN},
    {"імярод", COL_GIVEN_GEN},
    {"імяродовий", COL_GIVEN_GEN},
    {"givengenitive", COL_GIVEN_GEN},
    {"прізвищедав", COL_SURNAME_DAT},
    {"прізвищедавальний", COL_SURNAME_DAT},
    {"surnamedative", COL_SURNAME_DAT},
    {"імядав", COL_GIVEN_DAT},
    {"імядавальний", COL_GIVEN_DAT},
    {"givendative", COL_GIVEN_DAT},
    {"побатькові", COL_PATRONYMIC},
    {"patronymic", COL_PATRONYMIC},
    {"middlename", COL_PATRONYMIC},
    {"піб", COL_FULLNAME},
    {"прізвищеімя", COL_FULLNAME},
    {"прізвищеімяпобатькові", COL_FULLNAME},
    {"fullname", COL_FULLNAME},
    {"стать", COL_SEX},
    {"sex", COL_SEX},
    {"gender", COL_SEX},
    {"датанародження", COL_BIRTH},
    {"датанар", COL_BIRTH},
    {"рікнародження", COL_BIRTH},
    {"рікнар", COL_BIRTH},
    {"birthdate", COL_BIRTH},
    {"dateofbirth", COL_BIRTH},
    {"birth", COL_BIRTH},
    {"born", COL_BIRTH},
    {"birthyear", COL_BIRTH},
    {"область", COL_REGION},
    {"регіон", COL_REGION},
    {"region", COL_REGION},
    {"oblast", COL_REGION},
    {"клуб", COL_CLUB},
    {"дюсш", COL_CLUB},
    {"клубдюсш", COL_CLUB},
    {"дюсшклуб", COL_CLUB},
    {"club", COL_CLUB},
    {"school", COL_CLUB},
    {"clubschool", COL_CLUB},
    {"тренер", COL_COACH},
    {"тренери", COL_COACH},
    {"coach", COL_COACH},
    {"coaches", COL_COACH},
    {"розряд", COL_RANK},
    {"звання", COL_RANK},
    {"розрядзвання", COL_RANK},
    {"званнярозряд", COL_RANK},
    {"кваліфікація", COL_RANK},
    {"rank", COL_RANK},
    {"title", COL_RANK},
    {"fideid", COL_FIDE_ID},
    {"фідеid", COL_FIDE_ID},
    {"idфіде", COL_FIDE_ID},
    {"фідеід", COL_FIDE_ID},
    {"fide", COL_FIDE_ID},
    {"рейтинг", COL_RATING},
    {"рейтингфіде", COL_RATING},
    {"rating", COL_RATING},
    {"fiderating", COL_RATING},
    {"elo", COL_RATING},
    {"секція", COL_SECTIONS},
    {"секції", COL_SECTIONS},
    {"section", COL_SECTIONS},
    {"sections", COL_SECTIONS},
    {"турнір", COL_SECTIONS},
    {"турніри", COL_SECTIONS},
    {"паспорт", COL_IDENTITY},
    {"паспортсвідоцтво", COL_IDENTITY},
    {"свідоцтвопронародження", COL_IDENTITY},
    {"паспортабосвідоцтво", COL_IDENTITY},
    {"документ", COL_IDENTITY},
    {"passport", COL_IDENTITY},
    {"identity", COL_IDENTITY},
    {"birthcertificate", COL_IDENTITY},
    {"passportorbirthcertificate", COL_IDENTITY},
    {"медичнийдопуск", COL_MEDICAL},
    {"допусклікаря", COL_MEDICAL},
    {"медогляд", COL_MEDICAL},
    {"medical", COL_MEDICAL},
    {"medicalclearance", COL_MEDICAL},
    {"страховка", COL_INSURANCE},
    {"страхування", COL_INSURANCE},
    {"страховийполіс", COL_INSURANCE},
    {"insurance", COL_INSURANCE},
    {"внесок", COL_FEE},
    {"турнірнийвнесок", COL_FEE},
    {"оплата", COL_FEE},
    {"fee", COL_FEE},
    {"feepaid", COL_FEE},
    {"федерація", COL_FEDERATION},
    {"federation", COL_FEDERATION},
    {"fed", COL_FEDERATION},
    {"країна", COL_FEDERATION},
    {"country", COL_FEDERATION},
    {"ст", COL_START_NO},
    {"стартовийномер", COL_START_NO},
    {"стартномер", COL_START_NO},
    {"startnumber", COL_START_NO},
    {"startno", COL_START_NO},
    {"start", COL_START_NO},
    {"sno", COL_START_NO},
    {"команда", COL_TEAM},
    {"назвакоманди", COL_TEAM},
    {"team", COL_TEAM},
    {"teamname", COL_TEAM},
    {"порядок", COL_ORDER},
    {"порядоквзаявці", COL_ORDER},
    {"order", COL_ORDER},
    {"teamorder", COL_ORDER},
    {"капітан", COL_CAPTAIN},
    {"captain", COL_CAPTAIN},
    {"роль", COL_ROLE},
    {"role", COL_ROLE},
    {"посів", COL_SEED},
    {"рейтинговийномер", COL_SEED},
    {"seed", COL_SEED},
    {"seeding", COL_SEED},
    {"іншінаписання", COL_ALIASES},
    {"інакшенаписане", COL_ALIASES},
    {"якужеребкуванні", COL_ALIASES},
    {"псевдонім", COL_ALIASES},
    {"псевдоніми", COL_ALIASES},
    {"aliases", COL_ALIASES},
    {"alias", COL_ALIASES},
    {"otherspellings", COL_ALIASES},
};

/* What each column is called in messages. */
static const char *const column_names[COL_COUNT] = {
    "прізвище/surname",    "ім'я/name",        "по батькові/patronymic",
    "ПІБ/full name",       "стать/sex",        "дата народження/birth date",
    "область/region",      "клуб/club",        "тренер/coach",
    "розряд/rank",         "FIDE ID",          "рейтинг/rating",
    "секції/sections",     "паспорт/identity", "медичний допуск/medical",
    "страховка/insurance", "внесок/fee",       "федерація/federation",
    "№/start number",      "команда/team",     "порядок/order",
    "капітан/captain",     "роль/role",        "посів/seed",
    "прізвище (род.)/surname genitive", "ім'я (род.)/given genitive",
    "прізвище (дав.)/surname dative",   "ім'я (дав.)/given dative",
    "інші написання/aliases",
};

struct reader {
    struct event *ev;
    const struct csv *c;
    const char *file; /* c->file, kept in the event's arena */
    struct diag_list *dl;
    int col[COL_COUNT]; /* field index of each column, or -1 */
    struct strbuf tmp;
};

/* The header a column added for k gets: its Ukrainian name, capitalised
   ("Дата народження"). */
static void column_header(enum column k, struct strbuf *out)
{
    struct strbuf part = STRBUF_INIT;

    strbuf_add(&part, column_names[k], strcspn(column_names[k], "/"));
    utf8_capitalise(out, part.buf);
    strbuf_release(&part);
}

static int find_columns(struct reader *rd, const struct csv_row *h)
{
    size_t k;
    int bad;

    bad =
        csv_map_header(rd->c, h, headers, sizeof(headers) / sizeof(headers[0]),
                       column_names, rd->col, COL_COUNT, rd->dl);
    /* "№" (and "#") alone squash to nothing: the start number. */
    for (k = 0; k < h->n && rd->col[COL_START_NO] < 0; k++)
        if (!strcmp(h->fields[k].s, "№") || !strcmp(h->fields[k].s, "#"))
            rd->col[COL_START_NO] = (int)k;
    if (rd->col[COL_FULLNAME] < 0 &&
        (rd->col[COL_SURNAME] < 0 || rd->col[COL_GIVEN] < 0)) {
        diag_error(rd->dl, rd->c->file, h->line, 1,
                   "the header names no '%s' and '%s' columns (or one "
                   "'%s' column); is the first line the header?",
                   column_names[COL_SURNAME], column_names[COL_GIVEN],
                   column_names[COL_FULLNAME]);
        return -1;
    }
    for (k = COL_SEX; k <= COL_REGION; k++)
        if (rd->col[k] < 0) {
            struct strbuf name = STRBUF_INIT;
            diag_warning(rd->dl, rd->c->file, h->line, 1,
                         "no '%s' column; the documents need it",
                         column_names[k]);
            column_header((enum column)k, &name);
            diag_fix(rd->dl, DIAG_FIX_COLUMN, name.buf, NULL, 0);
            strbuf_release(&name);
        }
    return bad ? -1 : 0;
}

static const struct csv_field *field(const struct reader *rd,
                                     const struct csv_row *r, enum column k)
{
    return csv_field_at(r, rd->col[k]);
}

static const char *dup(struct reader *rd, const char *s)
{
    return arena_strdup(&rd->ev->arena, s);
}

static const char *clean_dup(struct reader *rd, const char *s)
{
    strbuf_reset(&rd->tmp);
    name_clean(&rd->tmp, s);
    return dup(rd, rd->tmp.buf);
}

/* One of the words in list (lower case), compared in lower case. */
static int word_in(const char *s, const char *const *list)
{
    struct strbuf low = STRBUF_INIT;
    size_t i;
    int found = 0;

    utf8_lower(&low, s);
    strbuf_trim(&low);
    while (low.len && low.buf[low.len - 1] == '.')
        strbuf_setlen(&low, low.len - 1);
    for (i = 0; list[i] && !found; i++)
        found = !strcmp(low.buf, list[i]);
    strbuf_release(&low);
    return found;
}

static void read_sex(struct reader *rd, const struct csv_row *r,
                     struct person *p)
{
    static const char *const male[] = {
        "ч",   "чол", "чоловіча", "чоловік", "м",   "m", "male",
        "man", "ю",   "юнак",     "хлопчик", "boy", NULL};
    static const char *const female[] = {
        "ж", "жін",    "жіноча", "жінка", "д",        "дівчина", "f",
        "w", "female", "woman",  "girl",  "дівчинка", NULL};
    const struct csv_field *f = field(rd, r, COL_SEX);

    p->sex_col = f->col;
    if (!*f->s)
        return;
    if (word_in(f->s, male))
        p->sex = 'm';
    else if (word_in(f->s, female))
        p->sex = 'f';
    else
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "sex '%s' not understood (ч or ж, m or f)", f->s);
}

static void read_birth(struct reader *rd, const struct csv_row *r,
                       struct person *p)
{
    const struct csv_field *f = field(rd, r, COL_BIRTH);
    const char *s = f->s;
    size_t n = strlen(s);

    p->birth_col = f->col;
    if (!n)
        return;
    if (n == 4 && s[0] >= '1' && s[0] <= '2' && s[1] >= '0' && s[1] <= '9' &&
        s[2] >= '0' && s[2] <= '9' && s[3] >= '0' && s[3] <= '9') {
        p->birth_year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 +
                        (s[2] - '0') * 10 + (s[3] - '0');
    } else if (!date_parse(s, &p->birth)) {
        p->has_birth = 1;
        p->birth_year = p->birth.y;
    } else {
        struct strbuf why = STRBUF_INIT;
        if (date_impossible(s, &why))
            diag_error(rd->dl, rd->c->file, f->line, f->col,
                       "birth date '%s' does not exist (%s)", s, why.buf);
        else
            diag_error(rd->dl, rd->c->file, f->line, f->col,
                       "birth date '%s' not understood (write 14.03.2013 or "
                       "2013-03-14)",
                       s);
        strbuf_release(&why);
        return;
    }
    if (p->birth_year < 1900 || p->birth_year > 2100) {
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "birth date '%s' is out of range", s);
        p->has_birth = 0;
        p->birth_year = 0;
    }
}

static void read_region(struct reader *rd, const struct csv_row *r,
                        struct person *p)
{
    const struct csv_field *f = field(rd, r, COL_REGION);

    if (rd->col[COL_REGION] < 0)
        return;
    p->region_text = dup(rd, f->s);
    /* A foreign player needs no oblast; where he gives one (a city
       abroad, a club's town) it is not checked. */
    if (person_foreign(p)) {
        p->region = *f->s ? region_find(f->s) : -1;
        return;
    }
    if (!*f->s) {
        diag_error(rd->dl, rd->c->file, r->line,
                   f->col ? f->col : (unsigned)rd->col[COL_REGION] + 1,
                   "region is missing");
        return;
    }
    p->region = region_find(f->s);
    if (p->region < 0)
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "unknown region '%s' (one of the 24 oblasts, АР Крим, "
                   "м. Київ or м. Севастополь)",
                   f->s);
}

/* Split a list on any of seps and line ends into cleaned arena strings. */
static size_t split_list(struct reader *rd, const char *s, const char *seps,
                         const char ***out)
{
    const char **items = NULL;
    size_t n = 0, alloc = 0;
    const char *p = s;

    while (*p) {
        const char *e = p;
        while (*e && !strchr(seps, *e) && *e != '\n' && *e != '\r')
            e++;
        strbuf_reset(&rd->tmp);
        strbuf_add(&rd->tmp, p, (size_t)(e - p));
        {
            struct strbuf c = STRBUF_INIT;
            name_clean(&c, rd->tmp.buf);
            if (c.len) {
                ALLOC_GROW(items, n + 1, alloc);
                items[n++] = dup(rd, c.buf);
            }
            strbuf_release(&c);
        }
        p = *e ? e + 1 : e;
    }
    *out = NULL;
    if (n) {
        *out = arena_alloc(&rd->ev->arena, sizeof(char *) * n);
        memcpy(*out, items, sizeof(char *) * n);
    }
    free(items);
    return n;
}

/*
 * Ranks and titles as Ukrainian lists write them, squashed, Latin I as І,
 * and their class (core/mandate.h, in its order).
 */
static const struct {
    const char *spelling;
    int cls;
} rank_spellings[] = {
    {"змсу", 0},  {"змс", 0},    {"мсмк", 1},   {"мсумк", 1},  {"гм", 2},
    {"мгм", 2},   {"gm", 2},     {"мм", 3},     {"ммм", 3},    {"im", 3},
    {"жгм", 4},   {"wgm", 4},    {"гмж", 4},    {"мс", 5},     {"мсу", 5},
    {"мф", 6},    {"fm", 6},     {"жмм", 7},    {"wim", 7},    {"ммж", 7},
    {"км", 8},    {"cm", 8},     {"жмф", 9},    {"wfm", 9},    {"мфж", 9},
    {"жкм", 10},  {"wcm", 10},   {"кмж", 10},   {"кмс", 11},
    {"кмсу", 11}, {"і", 12},     {"ір", 12},    {"1", 12},     {"1р", 12},
    {"іі", 13},   {"іір", 13},   {"2", 13},     {"2р", 13},    {"ііі", 14},
    {"ііір", 14}, {"3", 14},     {"3р", 14},    {"іюн", 15},   {"1юн", 15},
    {"іюнр", 15}, {"4", 15},     {"4р", 15},    {"ііюн", 16},  {"2юн", 16},
    {"ііюнр", 16}, {"іііюн", 17}, {"3юн", 17},  {"іііюнр", 17}, {"бр", 18},
    {"безрозряду", 18},
    /* Written out, as the classes' labels are: "І розряд", "ІІ юн. розряд". */
    {"ірозряд", 12}, {"1розряд", 12}, {"іірозряд", 13}, {"2розряд", 13},
    {"ііірозряд", 14}, {"3розряд", 14}, {"іюнрозряд", 15}, {"1юнрозряд", 15},
    {"ііюнрозряд", 16}, {"2юнрозряд", 16}, {"іііюнрозряд", 17},
    {"3юнрозряд", 17},
};

int registry_rank_class(const char *s)
{
    struct strbuf sq = STRBUF_INIT, fixed = STRBUF_INIT;
    size_t i;
    int found = -2;

    csv_header_key(&sq, s);
    if (!sq.len) {
        strbuf_release(&sq);
        return -1;
    }
    /* Latin i typed for Cyrillic і ("II юн."). */
    for (i = 0; i < sq.len; i++) {
        if (sq.buf[i] == 'i')
            strbuf_addstr(&fixed, "і");
        else
            strbuf_addch(&fixed, sq.buf[i]);
    }
    for (i = 0; i < sizeof(rank_spellings) / sizeof(rank_spellings[0]) &&
                found == -2;
         i++)
        if (!strcmp(sq.buf, rank_spellings[i].spelling) ||
            !strcmp(fixed.buf, rank_spellings[i].spelling))
            found = rank_spellings[i].cls;
    strbuf_release(&fixed);
    strbuf_release(&sq);
    return found;
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

static void read_numbers(struct reader *rd, const struct csv_row *r,
                         struct person *p)
{
    const struct csv_field *f = field(rd, r, COL_FIDE_ID);

    if (*f->s && (!all_digits(f->s) || strlen(f->s) > 10))
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "FIDE ID '%s' is not a number", f->s);
    else if (*f->s && strcmp(f->s, "0"))
        p->fide_id = dup(rd, f->s);
    f = field(rd, r, COL_RATING);
    if (*f->s) {
        long v =
            all_digits(f->s) && strlen(f->s) <= 4 ? strtol(f->s, NULL, 10) : -1;
        if (v < 0 || v > 3500)
            diag_error(rd->dl, rd->c->file, f->line, f->col,
                       "rating '%s' is not a number from 0 to 3500", f->s);
        else
            p->rating = (int)v;
    }
}

/* A number from 1 to 9999 in field f (what it is: "seed"); 0 when blank
   or wrong (reported). */
static int number_field(struct reader *rd, const struct csv_field *f,
                        const char *what)
{
    long v;

    if (!*f->s)
        return 0;
    v = all_digits(f->s) && strlen(f->s) <= 4 ? strtol(f->s, NULL, 10) : 0;
    if (v < 1) {
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "%s '%s' is not a number from 1 to 9999", _(what), f->s);
        return 0;
    }
    return (int)v;
}

/* The federation (a FIDE code, three letters A-Z), the start number and
   the seed. */
static void read_fed_and_no(struct reader *rd, const struct csv_row *r,
                            struct person *p)
{
    const struct csv_field *f = field(rd, r, COL_FEDERATION);
    char code[4];
    size_t i, n = strlen(f->s);

    p->fed_col = f->col;
    if (n) {
        for (i = 0; i < n && i < 3; i++)
            code[i] = f->s[i] >= 'a' && f->s[i] <= 'z'
                          ? (char)(f->s[i] - 'a' + 'A')
                          : f->s[i];
        code[i] = '\0';
        if (n != 3 || code[0] < 'A' || code[0] > 'Z' || code[1] < 'A' ||
            code[1] > 'Z' || code[2] < 'A' || code[2] > 'Z')
            diag_error(rd->dl, rd->c->file, f->line, f->col,
                       "federation '%s' is not a FIDE code of three letters "
                       "A-Z (UKR, POL, GER)",
                       f->s);
        else
            p->federation = dup(rd, code);
    }
    f = field(rd, r, COL_START_NO);
    p->start_no_col = f->col;
    p->start_no = number_field(rd, f, N_("start number"));
    p->seed = number_field(rd, field(rd, r, COL_SEED), N_("seed"));
}

static void read_check(struct reader *rd, const struct csv_row *r,
                       enum column k, int *out, unsigned *col)
{
    static const char *const yes[] = {
        "так", "+",    "1", "є", "yes", "y",        "x",        "х",
        "т",   "true", "✓", "v", "ok",  "допущено", "сплачено", NULL};
    static const char *const no[] = {"ні",    "-", "0", "no", "n", "немає",
                                     "false", "н", "—", "–",  NULL};
    const struct csv_field *f = field(rd, r, k);

    if (rd->col[k] < 0)
        return;
    *col = f->col ? f->col : (unsigned)rd->col[k] + 1;
    if (!*f->s)
        return;
    if (word_in(f->s, yes))
        *out = 1;
    else if (word_in(f->s, no))
        *out = 0;
    else
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "%s: '%s' is not yes or no (так or ні)", column_names[k],
                   f->s);
}

/* The team columns: team, place in its entry, captain, role. */
static void read_team(struct reader *rd, const struct csv_row *r,
                      struct person *p)
{
    static const char *const coach[] = {"тренер", "coach", "тренер команди",
                                        "team coach", NULL};
    static const char *const player[] = {"гравець", "player", "шахіст",
                                         "капітан", "captain", NULL};
    const struct csv_field *f = field(rd, r, COL_TEAM);

    p->team = clean_dup(rd, f->s);
    p->team_col = f->col;
    f = field(rd, r, COL_ORDER);
    p->order_col = f->col;
    if (*f->s) {
        long v =
            all_digits(f->s) && strlen(f->s) <= 2 ? strtol(f->s, NULL, 10) : 0;
        if (v < 1)
            diag_error(rd->dl, rd->c->file, f->line, f->col,
                       "%s '%s' is not a number from 1 to 99",
                       column_names[COL_ORDER], f->s);
        else if (!*p->team)
            diag_error(rd->dl, rd->c->file, f->line, f->col,
                       "%s %ld, but no %s", column_names[COL_ORDER], v,
                       column_names[COL_TEAM]);
        else
            p->team_order = (int)v;
    }
    {
        unsigned captain_col = 0;
        read_check(rd, r, COL_CAPTAIN, &p->captain, &captain_col);
    }
    f = field(rd, r, COL_ROLE);
    if (!*f->s || word_in(f->s, player))
        return;
    if (!word_in(f->s, coach))
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "%s '%s' not understood (тренер/coach, or empty for a "
                   "player)",
                   column_names[COL_ROLE], f->s);
    else if (!*p->team)
        diag_error(rd->dl, rd->c->file, f->line, f->col,
                   "%s '%s', but no %s", column_names[COL_ROLE], f->s,
                   column_names[COL_TEAM]);
    else
        p->role = "coach";
}

/*
 * A field the documents cannot hold: what goes into them (a name, a club,
 * a coach, a region, ...) has at most EVENT_TEXT_MAX characters, about
 * five lines of a document, as event.ini's texts do (a spreadsheet's cell
 * takes 32,767 and a table's line far fewer); refused here, at its line,
 * rather than by the document that could not be made.
 */
static void too_long(struct reader *rd, const struct csv_row *h,
                     const struct csv_row *r)
{
    size_t k, n;
    int c, used;

    for (k = 0; k < r->n && k < h->n; k++) {
        for (c = 0, used = 0; c < COL_COUNT && !used; c++)
            used = rd->col[c] == (int)k;
        if (!used) /* a column of its own the program does not read */
            continue;
        n = utf8_len(r->fields[k].s);
        if (n > EVENT_TEXT_MAX)
            diag_error(rd->dl, rd->c->file, r->fields[k].line,
                       r->fields[k].col,
                       "'%s' is too long for the documents (%zu characters; "
                       "at most %d)",
                       h->fields[k].s, n, EVENT_TEXT_MAX);
    }
}

static void read_row(struct reader *rd, const struct csv_row *r)
{
    struct person *p = event_add_person(rd->ev);
    const struct csv_field *f;

    p->at.file = rd->file;
    p->at.line = r->line;
    p->at.col = 1;
    if (rd->col[COL_FULLNAME] >= 0) {
        struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, c = STRBUF_INIT;
        name_split(field(rd, r, COL_FULLNAME)->s, &a, &b, &c);
        p->surname = dup(rd, a.buf);
        p->given = dup(rd, b.buf);
        p->patronymic = dup(rd, c.buf);
        strbuf_release(&a);
        strbuf_release(&b);
        strbuf_release(&c);
    }
    if (rd->col[COL_SURNAME] >= 0)
        p->surname = clean_dup(rd, field(rd, r, COL_SURNAME)->s);
    if (rd->col[COL_GIVEN] >= 0)
        p->given = clean_dup(rd, field(rd, r, COL_GIVEN)->s);
    if (rd->col[COL_PATRONYMIC] >= 0)
        p->patronymic = clean_dup(rd, field(rd, r, COL_PATRONYMIC)->s);
    /* The forms of the name a rule cannot know (Біла — Білої). */
    p->surname_gen = clean_dup(rd, field(rd, r, COL_SURNAME_GEN)->s);
    p->given_gen = clean_dup(rd, field(rd, r, COL_GIVEN_GEN)->s);
    p->surname_dat = clean_dup(rd, field(rd, r, COL_SURNAME_DAT)->s);
    p->given_dat = clean_dup(rd, field(rd, r, COL_GIVEN_DAT)->s);
    if (!*p->surname) {
        f = field(rd, r,
                  rd->col[COL_SURNAME] >= 0 ? COL_SURNAME : COL_FULLNAME);
        diag_error(rd->dl, rd->c->file, r->line, f->col ? f->col : 1,
                   "surname is missing");
    }
    read_sex(rd, r, p);
    read_birth(rd, r, p);
    read_fed_and_no(rd, r, p);
    read_region(rd, r, p);
    p->club = clean_dup(rd, field(rd, r, COL_CLUB)->s);
    f = field(rd, r, COL_COACH);
    p->coach_col = f->col;
    p->n_coaches = split_list(rd, f->s, ",;", &p->coaches);
    f = field(rd, r, COL_RANK);
    /* "II юн." typed in Latin letters printed "ІІ юн." (util/num.h) */
    {
        struct strbuf fixed = STRBUF_INIT;
        strbuf_reset(&rd->tmp);
        name_clean(&rd->tmp, f->s);
        num_roman_fix(&fixed, rd->tmp.buf);
        p->rank = dup(rd, fixed.buf);
        strbuf_release(&fixed);
    }
    p->rank_col = f->col;
    p->rank_class = registry_rank_class(p->rank);
    /* A FIDE title, however typed ("GM", "WIM", "жгм"), in the one form
       of the Ukrainian documents: ГМ, ММж (core/mandate.c). */
    if (p->rank_class >= 2 && p->rank_class <= 10 && p->rank_class != 5)
        p->rank = rank_class_get(p->rank_class)->label;
    if (p->rank_class == -2)
        diag_warning(rd->dl, rd->c->file, f->line, f->col,
                     "rank '%s' not recognised (КМС, І, ІІ, ІІІ, І юн., "
                     "ІІ юн., ІІІ юн., or a FIDE title)",
                     p->rank);
    read_numbers(rd, r, p);
    f = field(rd, r, COL_SECTIONS);
    p->sections_col = f->col;
    p->n_sections = split_list(rd, f->s, ",; \t", &p->sections);
    /* Other spellings of the name (a pairing program's, a transliteration):
       names may hold commas ("Ivanenko, Petro"), so ';' or '|' part them. */
    p->n_aliases =
        split_list(rd, field(rd, r, COL_ALIASES)->s, ";|", &p->aliases);
    read_check(rd, r, COL_IDENTITY, &p->checks.identity, &p->check_col[0]);
    read_check(rd, r, COL_MEDICAL, &p->checks.medical, &p->check_col[1]);
    read_check(rd, r, COL_INSURANCE, &p->checks.insurance, &p->check_col[2]);
    read_check(rd, r, COL_FEE, &p->checks.fee, &p->check_col[3]);
    read_team(rd, r, p);
}

/*
 * A column present but blank in every row (Excel keeps the header of a
 * column nobody filled in) warns as a missing one does.  Blank regions
 * are errors row by row, so only sex and birth date are looked at.
 */
static void empty_columns(struct reader *rd)
{
    static const enum column cols[] = {COL_SEX, COL_BIRTH};
    const struct csv_row *h = &rd->c->rows[0];
    size_t i, k;

    for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
        int col = rd->col[cols[k]];
        if (col < 0 || rd->c->n_rows < 2)
            continue;
        for (i = 1; i < rd->c->n_rows; i++)
            if (*csv_field_at(&rd->c->rows[i], col)->s)
                break;
        if (i == rd->c->n_rows)
            diag_warning(rd->dl, rd->c->file, h->line,
                         csv_field_at(h, col)->col,
                         "the '%s' column is empty in every row; the "
                         "documents need it",
                         column_names[cols[k]]);
    }
}

/*
 * A start number column that gives one number to every person of the
 * registry (three or more): not start numbers, whatever the registry
 * says of sections; an error at its header, and the column is not used.
 * A number given twice within a section is event_join()'s to report.
 */
static void one_start_number(struct reader *rd, size_t first)
{
    struct event *ev = rd->ev;
    const struct csv_row *h = &rd->c->rows[0];
    size_t i, n = 0;
    int no = 0;

    if (rd->col[COL_START_NO] < 0)
        return;
    for (i = first; i < ev->n_people; i++) {
        if (!ev->people[i].start_no)
            continue;
        if (n++ && ev->people[i].start_no != no)
            return;
        no = ev->people[i].start_no;
    }
    if (n < 3)
        return;
    diag_error(rd->dl, rd->c->file, h->line,
               csv_field_at(h, rd->col[COL_START_NO])->col,
               "the '%s' column gives every person (%zu) start number %d; a "
               "start number is each player's own in his section (leave the "
               "column empty when the results name the players)",
               csv_field_at(h, rd->col[COL_START_NO])->s, n, no);
    for (i = first; i < ev->n_people; i++)
        ev->people[i].start_no = 0;
}

enum err registry_load(const struct csv *c, struct event *ev,
                       struct diag_list *dl)
{
    struct reader rd;
    size_t errors0 = dl->nr_errors, i, people0 = ev->n_people;

    if (!c->n_rows) {
        diag_error(dl, c->file, 0, 0,
                   "no header line; the registry needs one (see 'sekretar "
                   "init')");
        return ERR_PARSE;
    }
    memset(&rd, 0, sizeof(rd));
    rd.ev = ev;
    rd.c = c;
    rd.file = arena_strdup(&ev->arena, c->file);
    rd.dl = dl;
    strbuf_init(&rd.tmp, 64);
    if (!find_columns(&rd, &c->rows[0])) {
        size_t width = c->rows[0].n, k;
        for (i = 1; i < c->n_rows; i++) {
            const struct csv_row *r = &c->rows[i];
            for (k = width; k < r->n && !*r->fields[k].s; k++)
                ;
            if (k < r->n)
                diag_warning(dl, c->file, r->line, r->fields[k].col,
                             "row has %zu fields, the header %zu; the rest "
                             "is ignored",
                             r->n, width);
            too_long(&rd, &c->rows[0], r);
            read_row(&rd, r);
        }
        empty_columns(&rd);
        one_start_number(&rd, people0);
    }
    strbuf_release(&rd.tmp);
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

enum err registry_read(const char *path, const struct csv_options *opts,
                       struct event *ev, struct diag_list *dl)
{
    struct csv *c = NULL;
    enum err e = csv_read(path, opts, &c, dl);

    if (c) {
        enum err e2;
        ev->registry_file = arena_strdup(&ev->arena, path);
        e2 = registry_load(c, ev, dl);
        if (!e)
            e = e2;
    }
    csv_free(c);
    return e;
}

/* ------------------------------------------------------------ forgetting */

/* The columns a person's row keeps when his personal data goes: every
   column the program reads but the birth date (the names, what the
   documents print, and the mandate commission's yes or no, the event's
   record of who was admitted); a column it does not read (a document's
   number, an address, a telephone) goes. */
static int kept_column(int k)
{
    return k != COL_BIRTH;
}

/* What field k of row r becomes; 0, or -1 when the birth is not a date. */
static int forgotten_field(const int *cols, size_t k, const struct csv_row *r,
                           struct strbuf *out)
{
    const char *s = csv_get(r, k);
    int c;

    strbuf_reset(out);
    for (c = 0; c < COL_COUNT; c++)
        if (cols[c] == (int)k && kept_column(c)) {
            strbuf_addstr(out, s);
            return 0;
        }
    if (cols[COL_BIRTH] == (int)k && *s) {
        struct date d;
        if (strlen(s) == 4 && date_year_of(s) > 0)
            strbuf_addstr(out, s);
        else if (!date_parse(s, &d))
            strbuf_addf(out, "%04d", d.y);
        else
            return -1;
    }
    return 0;
}

enum err registry_forget(const char *data, size_t len, const char *name,
                         const unsigned *lines, size_t n_lines,
                         struct strbuf *out, struct diag_list *dl)
{
    struct csv_options opts = {ENC_AUTO, 0};
    struct csv *c = NULL, *again = NULL;
    struct diag_list quiet = DIAG_LIST_INIT;
    struct strbuf val = STRBUF_INIT;
    struct reader rd;
    size_t (*span)[2] = NULL;
    size_t i, k, done = 0;
    enum err e = ERR_OK;

    strbuf_reset(out);
    memset(&rd, 0, sizeof(rd));
    csv_parse(data, len, name, &opts, &c, &quiet);
    if (!c || !c->n_rows) {
        diag_error(dl, name, 0, 0, "the registry cannot be read");
        e = ERR_DATA;
        goto out;
    }
    rd.c = c;
    rd.dl = &quiet;
    if (find_columns(&rd, &c->rows[0])) {
        diag_error(dl, name, c->rows[0].line, 1,
                   "the registry's header cannot be read");
        e = ERR_DATA;
        goto out;
    }
    span = xcalloc(CSV_MAX_FIELDS, sizeof(*span));
    /* Every row byte for byte up to the next row to redact. */
    for (i = 0; i < n_lines && !e; i++) {
        const struct csv_row *r = csv_row_at(c, lines[i]);
        size_t at = text_line_start(data, len, lines[i]), nf;
        if (!r || lines[i] <= 1 || at < done) {
            diag_error(dl, name, lines[i], 1, "no row of a person here");
            e = ERR_DATA;
            break;
        }
        nf = csv_row_spans(data, len, at, c->delim, span, CSV_MAX_FIELDS);
        if (nf != r->n) {
            diag_error(dl, name, lines[i], 1,
                       "the row cannot be taken apart safely (%zu fields "
                       "read, %zu counted); redact it by hand",
                       r->n, nf);
            e = ERR_DATA;
            break;
        }
        strbuf_add(out, data + done, at - done);
        for (k = 0; k < nf; k++) {
            if (k)
                strbuf_addch(out, c->delim);
            if (forgotten_field(rd.col, k, r, &val)) {
                diag_error(dl, name, r->fields[k].line, r->fields[k].col,
                           "birth date '%s' not understood", csv_get(r, k));
                e = ERR_DATA;
                break;
            }
            if (!strcmp(val.buf, csv_get(r, k)))
                strbuf_add(out, data + span[k][0], span[k][1] - span[k][0]);
            else
                strbuf_addbuf(out, &val); /* a year, or nothing */
        }
        done = span[nf - 1][1];
    }
    if (e)
        goto out;
    strbuf_add(out, data + done, len - done);
    /* The result read back: the same rows, the same fields, but what was
       taken out. */
    csv_parse(out->buf, out->len, name, &opts, &again, &quiet);
    if (!again || again->n_rows != c->n_rows) {
        diag_error(dl, name, 0, 0,
                   "the registry redacted does not read back; redact it by "
                   "hand");
        e = ERR_DATA;
        goto out;
    }
    for (i = 0; i < c->n_rows && !e; i++) {
        const struct csv_row *a = &c->rows[i], *b = &again->rows[i];
        int redacted = 0;
        for (k = 0; k < n_lines; k++)
            redacted |= lines[k] == a->line;
        if (a->n != b->n || a->line != b->line)
            e = ERR_DATA;
        for (k = 0; k < a->n && !e; k++) {
            if (redacted && forgotten_field(rd.col, k, a, &val))
                e = ERR_DATA;
            else if (strcmp(redacted ? val.buf : a->fields[k].s,
                            redacted ? csv_get(b, k) : b->fields[k].s))
                e = ERR_DATA;
        }
        if (e)
            diag_error(dl, name, a->line, 1,
                       "the registry redacted does not read back as it "
                       "should here; redact it by hand");
    }
out:
    free(span);
    strbuf_release(&val);
    csv_free(c);
    csv_free(again);
    diag_list_release(&quiet);
    return e;
}

int registry_column(const struct csv *c, const char *name)
{
    struct strbuf key = STRBUF_INIT;
    struct diag_list quiet = DIAG_LIST_INIT;
    struct reader rd;
    size_t i;
    int k = -1;

    csv_header_key(&key, name);
    for (i = 0; i < sizeof(headers) / sizeof(headers[0]) && k < 0; i++)
        if (!strcmp(headers[i].key, key.buf))
            k = headers[i].col;
    strbuf_release(&key);
    if (k < 0 || !c->n_rows)
        return -1;
    memset(&rd, 0, sizeof(rd));
    rd.c = c;
    rd.dl = &quiet;
    find_columns(&rd, &c->rows[0]);
    diag_list_release(&quiet);
    return rd.col[k];
}
