/* core/tiebreak: the tie-break table, the code parser, the unplayed-round
 * policies, the presets and the computation of every value.
 * SPDX-License-Identifier: MIT
 *
 * The rules follow FIDE C.07 (2024, and its 2026 amendment) as the FIDE
 * tie-break checker (TieBreakServer) applies them to TRF files, so that a
 * secretary gets the same numbers as the federation's own tool; the 2009
 * virtual-opponent rule is computed as the Ukrainian regulations cite it.
 * README.md ("Tie-breaks") describes every rule in words.
 */
#include "core/tiebreak.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rating.h"
#include "core/tournament.h"
#include "util/date.h"
#include "util/diag.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ================================================================ table */

const struct tiebreak_def tiebreak_table[] = {
    {TB_PTS, "PTS", NULL, "Очки", "очки", "points", 0},
    {TB_BH, "BH", NULL, "Бхг", "коефіцієнт Бухгольця", "Buchholz",
     TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY | TBD_POINTS},
    {TB_FB, "FB", NULL, "ПБхг",
     "попередній коефіцієнт Бухгольця (останній тур як нічия)", "Fore Buchholz",
     TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY | TBD_POINTS},
    {TB_AOB, "AOB", NULL, "СБхгС", "середній коефіцієнт Бухгольця суперників",
     "average of the opponents' Buchholz",
     TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY | TBD_POINTS},
    {TB_SB, "SB", NULL, "З-Б", "коефіцієнт Зоннеборна-Бергера",
     "Sonneborn-Berger",
     TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY | TBD_POINTS},
    {TB_PS, "PS", NULL, "Прогр.", "прогресивний коефіцієнт",
     "progressive score", TBD_CUT | TBD_POINTS},
    {TB_WIN, "WIN", NULL, "Перем.",
     "кількість перемог (з перемогами через неявку та повноочковими "
     "вільними турами)",
     "number of wins", TBD_INTEGER},
    {TB_WON, "WON", NULL, "Вигр.", "кількість партій, виграних за шахівницею",
     "number of games won", TBD_INTEGER},
    {TB_BPG, "BPG", NULL, "Чорн.", "кількість партій, зіграних чорними",
     "games played with black", TBD_INTEGER},
    {TB_BWG, "BWG", NULL, "Вигр. чорн.", "кількість партій, виграних чорними",
     "games won with black", TBD_INTEGER},
    {TB_GE, "GE", "REP", "Ігри", "кількість турів, у яких учасник обрав грати",
     "rounds elected to play", TBD_INTEGER},
    {TB_DE, "DE", NULL, "ОЗ", "результат особистої зустрічі",
     "direct encounter",
     TBD_PLAYED | TBD_ALLMET | TBD_INTEGER | TBD_ASCENDING | TBD_GROUP |
         TBD_POINTS},
    {TB_KS, "KS", NULL, "Коя", "коефіцієнт Коя", "Koya system",
     TBD_LIMIT | TBD_POINTS},
    {TB_ARO, "ARO", NULL, "СРС", "середній рейтинг суперників",
     "average rating of the opponents",
     TBD_CUT | TBD_MEDIAN | TBD_RATING | TBD_INTEGER | TBD_INDIVIDUAL},
    {TB_TPR, "TPR", NULL, "ТРП", "турнірний рейтинг-перформанс",
     "tournament performance rating",
     TBD_CUT | TBD_MEDIAN | TBD_RATING | TBD_INTEGER | TBD_INDIVIDUAL},
    {TB_PTP, "PTP", NULL, "ІТП", "ідеальний турнірний перформанс",
     "perfect tournament performance",
     TBD_CUT | TBD_MEDIAN | TBD_RATING | TBD_INTEGER | TBD_INDIVIDUAL},
    {TB_APRO, "APRO", NULL, "СРПС",
     "середній турнірний рейтинг-перформанс суперників",
     "average of the opponents' TPR",
     TBD_CUT | TBD_MEDIAN | TBD_RATING | TBD_INTEGER | TBD_INDIVIDUAL},
    {TB_APPO, "APPO", NULL, "СІПС",
     "середній ідеальний турнірний перформанс суперників",
     "average of the opponents' PTP",
     TBD_CUT | TBD_MEDIAN | TBD_RATING | TBD_INTEGER | TBD_INDIVIDUAL},
    {TB_MPTS, "MPTS", NULL, "КО", "командні очки", "match points", TBD_TEAM},
    {TB_GPTS, "GPTS", NULL, "ІО",
     "індивідуальні очки (набрані всіма гравцями команди в усіх матчах)",
     "game points", TBD_TEAM},
    {TB_MPVGP, "MPVGP", NULL, "ІО/КО",
     "другі очки (індивідуальні, коли місця визначають командні очки, і "
     "навпаки)",
     "the other points", TBD_TEAM},
    {TB_EMMSB, "EMMSB", NULL, "ЗБ-КК",
     "розширений коефіцієнт Зоннеборна-Бергера (командні очки суперників × "
     "власні командні очки)",
     "extended Sonneborn-Berger (match points x match points)",
     TBD_TEAM | TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY},
    {TB_EMGSB, "EMGSB", NULL, "ЗБ-КІ",
     "розширений коефіцієнт Зоннеборна-Бергера (командні очки суперників × "
     "власні індивідуальні очки)",
     "extended Sonneborn-Berger (match points x game points)",
     TBD_TEAM | TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY},
    {TB_EGMSB, "EGMSB", NULL, "ЗБ-ІК",
     "розширений коефіцієнт Зоннеборна-Бергера (індивідуальні очки "
     "суперників × власні командні очки)",
     "extended Sonneborn-Berger (game points x match points)",
     TBD_TEAM | TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY},
    {TB_EGGSB, "EGGSB", NULL, "ЗБ-ІІ",
     "розширений коефіцієнт Зоннеборна-Бергера (індивідуальні очки "
     "суперників × власні індивідуальні очки)",
     "extended Sonneborn-Berger (game points x game points)",
     TBD_TEAM | TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY},
    {TB_BC, "BC", NULL, "РД",
     "рахунок дошок: сума очок на кожній дошці, помножених на її номер "
     "(менше - краще)",
     "board count", TBD_TEAM | TBD_ASCENDING},
    {TB_TBR, "TBR", NULL, "ВД",
     "результати верхніх дошок (порівнюються по черзі 1-а, 2-а, ... дошка)",
     "top board result", TBD_TEAM | TBD_GROUP | TBD_INTEGER | TBD_ASCENDING},
    {TB_BBE, "BBE", NULL, "БНД",
     "результати без нижніх дошок (відкидаються по черзі остання, "
     "передостання, ... дошка)",
     "bottom board elimination",
     TBD_TEAM | TBD_GROUP | TBD_INTEGER | TBD_ASCENDING},
    {TB_EDE, "EDE", NULL, "РОЗ",
     "розширений результат особистих зустрічей (командні, потім "
     "індивідуальні очки)",
     "extended direct encounter",
     TBD_TEAM | TBD_GROUP | TBD_PLAYED | TBD_INTEGER | TBD_ASCENDING},
    {TB_EDET, "EDET", NULL, "РОЗ-Д",
     "розширений результат особистих зустрічей (командні, потім "
     "індивідуальні очки, потім для двох команд - їхній матч по дошках)",
     "extended direct encounter, then top boards",
     TBD_TEAM | TBD_GROUP | TBD_PLAYED | TBD_INTEGER | TBD_ASCENDING},
    {TB_WBP, "WBP", NULL, "ОД",
     "очки за дошками: перша дошка важить стільки очок, скільки дошок у "
     "матчі, кожна наступна - на одне менше (6 дошок: 6, 5, 4, 3, 2, 1); "
     "нічия ділить очки дошки навпіл",
     "board points weighted 6..1", TBD_TEAM},
};

const size_t tiebreak_table_size =
    sizeof(tiebreak_table) / sizeof(tiebreak_table[0]);

static int eq_nocase(const char *a, size_t alen, const char *b)
{
    size_t i;

    if (strlen(b) != alen)
        return 0;
    for (i = 0; i < alen; i++) {
        char x = a[i], y = b[i];
        if (x >= 'a' && x <= 'z')
            x = (char)(x - 'a' + 'A');
        if (x != y)
            return 0;
    }
    return 1;
}

static const struct tiebreak_def *def_find(const char *s, size_t len)
{
    size_t i;

    for (i = 0; i < tiebreak_table_size; i++) {
        const struct tiebreak_def *d = &tiebreak_table[i];
        if (eq_nocase(s, len, d->code) ||
            (d->alias && eq_nocase(s, len, d->alias)))
            return d;
    }
    return NULL;
}

const struct tiebreak_def *tiebreak_def_find(const char *code)
{
    return def_find(code, strlen(code));
}

/* ============================================================ policies */

static const char *const policy_names[] = {"none", "fide-2009", "fide-2024",
                                           "fide-2026"};

int tiebreak_policy_parse(const char *s, enum tiebreak_policy *out)
{
    size_t i;

    for (i = 0; i < 4; i++)
        if (!strcmp(s, policy_names[i])) {
            *out = (enum tiebreak_policy)i;
            return 0;
        }
    return -1;
}

const char *tiebreak_policy_name(enum tiebreak_policy p)
{
    switch (p) {
    case TB_POLICY_NONE:
    case TB_POLICY_FIDE2009:
    case TB_POLICY_FIDE2024:
    case TB_POLICY_FIDE2026:
        return policy_names[p];
    }
    return "?";
}

enum tiebreak_policy tiebreak_policy_for_date(const struct date *d)
{
    static const struct date c07 = {2024, 8, 1}, amended = {2026, 3, 1};

    if (!d)
        return TB_POLICY_FIDE2026;
    if (date_cmp(d, &c07) < 0)
        return TB_POLICY_FIDE2009;
    if (date_cmp(d, &amended) < 0)
        return TB_POLICY_FIDE2024;
    return TB_POLICY_FIDE2026;
}

/* ====================================================== code parsing */

/* "одного найгіршого результату", "двох найгірших результатів", ... */
static void ua_count(struct strbuf *sb, int n, const char *one,
                     const char *many)
{
    static const char *const words[] = {"",      "одного",   "двох",
                                        "трьох", "чотирьох", "п'яти"};

    if (n >= 1 && n <= 5)
        strbuf_addstr(sb, words[n]);
    else
        strbuf_addf(sb, "%d", n);
    strbuf_addch(sb, ' ');
    strbuf_addstr(sb, n == 1 ? one : many);
}

/* What a tie-break of teams counts in the documents ("кількість
 * виграних матчів"), where it differs from the individual name. */
static const char *team_name_of(enum tiebreak_id id)
{
    switch (id) {
    case TB_WIN:
        return "кількість виграних матчів (з технічними перемогами та "
               "повноочковими вільними турами)";
    case TB_WON:
        return "кількість матчів, виграних за шахівницею";
    case TB_BPG:
        return "кількість матчів, зіграних чорними";
    case TB_BWG:
        return "кількість матчів, виграних чорними";
    case TB_GE:
        return "кількість турів, у яких команда обрала грати";
    case TB_DE:
        return "результат особистих зустрічей команд";
    default:
        return NULL;
    }
}

/*
 * Name tb: its normalised code, heading and legend.  points is what a team
 * tie-break works on when it does not say (the primary points), 0 for an
 * individual competition.
 */
static void set_names(struct tiebreak *tb, char points)
{
    const struct tiebreak_def *d = tb->def;
    struct strbuf code = STRBUF_INIT, sh = STRBUF_INIT, nm = STRBUF_INIT;
    int rating = (d->flags & TBD_RATING) != 0;
    const char *base =
        tb->team && team_name_of(d->id) ? team_name_of(d->id) : d->ua_name;
    char pts = tb->points ? tb->points : points;

    strbuf_addstr(&code, d->code);
    if (tb->points)
        strbuf_addstr(&code, tb->points == 'G' ? ":GP" : ":MP");
    strbuf_addstr(&sh, d->ua_short);
    if (pts && (d->flags & TBD_POINTS) && tb->team)
        strbuf_addstr(&sh, pts == 'G' ? "-ІО" : "-КО");
    if (tb->cut_low && tb->cut_high) {
        strbuf_addf(&code, "/M%d", tb->cut_low);
        strbuf_addf(&sh, "-М%d", tb->cut_low);
        strbuf_addf(&nm, "усереднений (медіанний) %s %d (без ", base,
                    tb->cut_low);
        ua_count(&nm, tb->cut_low,
                 rating ? "найнижчого рейтингу" : "найгіршого результату",
                 rating ? "найнижчих рейтингів" : "найгірших результатів");
        strbuf_addstr(&nm, " і ");
        ua_count(&nm, tb->cut_high,
                 rating ? "найвищого рейтингу" : "найкращого результату",
                 rating ? "найвищих рейтингів" : "найкращих результатів");
        strbuf_addch(&nm, ')');
    } else if (tb->cut_low) {
        strbuf_addf(&code, "/C%d", tb->cut_low);
        strbuf_addf(&sh, "-%d", tb->cut_low);
        if (d->id == TB_PS) {
            strbuf_addf(&nm, "скорочений %s (без ", base);
            if (tb->cut_low == 1)
                strbuf_addstr(&nm, "першого туру)");
            else
                strbuf_addf(&nm, "перших %d турів)", tb->cut_low);
        } else {
            strbuf_addf(&nm, "скорочений %s %d (без ", base, tb->cut_low);
            ua_count(&nm, tb->cut_low,
                     rating ? "найнижчого рейтингу" : "найгіршого результату",
                     rating ? "найнижчих рейтингів" : "найгірших результатів");
            strbuf_addch(&nm, ')');
        }
    } else if (d->id == TB_DE && tb->all_met) {
        strbuf_addstr(&nm, "результат особистих зустрічей у групі "
                           "(лише якщо всі учасники розподілу місць грали "
                           "між собою, і лише для призових місць)");
    } else {
        strbuf_addstr(&nm, base);
    }
    if (pts && (d->flags & TBD_POINTS) && tb->team)
        strbuf_addstr(&nm, pts == 'G' ? " (за індивідуальними очками)"
                                      : " (за командними очками)");
    if (tb->played) {
        strbuf_addstr(&code, "/P");
        strbuf_addstr(&nm, tb->team ? "; матчі, не зіграні через неявку, "
                                      "рахуються як зіграні"
                                    : "; партії, не зіграні через неявку, "
                                      "рахуються як зіграні");
    }
    if (tb->unrated >= 0) {
        strbuf_addf(&code, "/U%d", tb->unrated);
        strbuf_addf(&nm, "; рейтинг учасника без рейтингу %d", tb->unrated);
    }
    if (d->id == TB_KS && tb->limit != 50) {
        strbuf_addf(&code, "/L%d", tb->limit);
        strbuf_addf(&nm, " (суперники, що набрали не менше %d%% очок)",
                    tb->limit);
    }
    if (tb->all_met)
        strbuf_addstr(&code, "/A");
    if (tb->policy >= 0) {
        strbuf_addf(&code, "/V%s",
                    tb->policy == TB_POLICY_FIDE2009   ? "2009"
                    : tb->policy == TB_POLICY_FIDE2024 ? "2024"
                                                       : "2026");
        strbuf_addf(&nm, " (правила FIDE %s)",
                    tiebreak_policy_name((enum tiebreak_policy)tb->policy) + 5);
    }
    snprintf(tb->code, sizeof(tb->code), "%s", code.buf);
    snprintf(tb->ua_short, sizeof(tb->ua_short), "%s", sh.buf);
    snprintf(tb->ua_name, sizeof(tb->ua_name), "%s", nm.buf);
    strbuf_release(&code);
    strbuf_release(&sh);
    strbuf_release(&nm);
}

/* Read the digits of a modifier; -1 when there are none or too many. */
static int mod_number(const char *s, size_t len, int max)
{
    size_t i;
    int v = 0;

    if (!len)
        return -1;
    for (i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
        if (v > max)
            return -1;
    }
    return v;
}

/* The modifiers of the code syntax: "/C1", "/M1", "/P", "/U1000", ... */
static const struct modifier {
    char letter;
    unsigned need; /* the definition flag that allows it */
    int min, max;  /* its number's range; max 0: no number */
    const char *wants;
} modifiers[] = {
    {'C', TBD_CUT, 1, 99, "the number of values to cut, 1 to 99 ('/C1')"},
    {'M', TBD_MEDIAN, 1, 99,
     "the number of values to cut at each end, 1 to 99 ('/M1')"},
    {'P', TBD_PLAYED, 0, 0, NULL},
    {'U', TBD_RATING, 0, 4000, "the rating of unrated players ('/U1000')"},
    {'L', TBD_LIMIT, 1, 100, "a limit in per cent, 1 to 100 ('/L50')"},
    {'A', TBD_ALLMET, 0, 0, NULL},
    {'V', TBD_POLICY, 2009, 2026, "a rules version: 2009, 2024 or 2026"},
};

int tiebreak_parse(const char *s, size_t len, struct tiebreak *out,
                   struct strbuf *err)
{
    const struct tiebreak_def *d;
    size_t nlen = 0, clen, i, j, k;

    while (nlen < len && s[nlen] != '/')
        nlen++;
    for (clen = 0; clen < nlen && s[clen] != ':'; clen++)
        ;
    memset(out, 0, sizeof(*out));
    out->unrated = -1;
    out->policy = TB_POLICY_DEFAULT;
    out->limit = 50;
    d = def_find(s, clen);
    /* "GE/REP" is how C.07 names the one code (GE, alias REP). */
    if (d && clen == 2 && nlen == 2 && len >= 6 && (len == 6 || s[6] == '/') &&
        eq_nocase(s, 6, "GE/REP"))
        nlen = clen = 6;
    if (!d) {
        strbuf_addf(err, "unknown tie-break '%.*s'", (int)clen, s);
        return -1;
    }
    out->def = d;
    if (clen < nlen) {
        const char *pt = s + clen + 1;
        size_t plen = nlen - clen - 1;
        if (!(d->flags & TBD_POINTS)) {
            strbuf_addf(err, "tie-break '%s' takes no ':%.*s'", d->code,
                        (int)plen, pt);
            return -1;
        }
        if (eq_nocase(pt, plen, "MP"))
            out->points = 'M';
        else if (eq_nocase(pt, plen, "GP"))
            out->points = 'G';
        else {
            strbuf_addf(err,
                        "tie-break '%.*s': ':%.*s' is not ':MP' (match "
                        "points) or ':GP' (game points)",
                        (int)nlen, s, (int)plen, pt);
            return -1;
        }
    }
    for (i = nlen; i < len; i = j) {
        const char *m = s + i + 1;
        const struct modifier *mod = NULL;
        size_t mlen;
        char c;
        int v = 0;

        for (j = i + 1; j < len && s[j] != '/'; j++)
            ;
        mlen = j - i - 1;
        c = mlen ? m[0] : '\0';
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        for (k = 0; k < sizeof(modifiers) / sizeof(modifiers[0]); k++)
            if (modifiers[k].letter == c)
                mod = &modifiers[k];
        if (!mod || (!mod->max && mlen != 1)) {
            strbuf_addf(err, "tie-break '%.*s': unknown modifier '/%.*s'",
                        (int)len, s, (int)mlen, m);
            return -1;
        }
        if (!(d->flags & mod->need)) {
            strbuf_addf(err, "tie-break '%s' takes no modifier '/%.*s'",
                        d->code, (int)mlen, m);
            return -1;
        }
        if (mod->max) {
            v = mod_number(m + 1, mlen - 1, mod->max);
            if (c == 'V' && v != 2009 && v != 2024 && v != 2026)
                v = -1;
            if (v < mod->min) {
                strbuf_addf(err, "tie-break '%.*s': '/%c' wants %s", (int)len,
                            s, c, mod->wants);
                return -1;
            }
        }
        switch (c) {
        case 'C':
        case 'M':
            out->cut_low = v;
            out->cut_high = c == 'M' ? v : 0;
            break;
        case 'P':
            out->played = 1;
            break;
        case 'U':
            out->unrated = v;
            break;
        case 'L':
            out->limit = v;
            break;
        case 'A':
            out->all_met = 1;
            break;
        default:
            out->policy = v == 2009   ? TB_POLICY_FIDE2009
                          : v == 2024 ? TB_POLICY_FIDE2024
                                      : TB_POLICY_FIDE2026;
            break;
        }
    }
    set_names(out, 0);
    return 0;
}

/* ================================================================ rules */

const char *const tiebreak_preset_names[] = {
    "ua-2004", "ua-2004-teams", "ua-2017", "ua-2023", "fide", NULL};

void tiebreak_rules_init(struct tiebreak_rules *r)
{
    memset(r, 0, sizeof(*r));
    r->policy = TB_POLICY_DEFAULT;
    r->prize_places = 3;
    r->round_robin = -1;
}

static void rules_add(struct tiebreak_rules *r, const char *code)
{
    struct strbuf err = STRBUF_INIT;

    if (r->n >= TIEBREAK_MAX ||
        tiebreak_parse(code, strlen(code), &r->tb[r->n], &err))
        abort(); /* the presets are written right */
    r->n++;
    strbuf_release(&err);
}

int tiebreak_preset(const char *name, struct tiebreak_rules *r)
{
    static const char *const ua2004[] = {"BH",  "PS", "PS/C1",
                                         "WIN", "DE", NULL};
    static const char *const ua2017[] = {"BH",  "BH/C1", "BH/C2", "BH/C3",
                                         "WIN", "DE/A",  NULL};
    static const char *const ua2023[] = {"BH/C1", "BH/C2", "BH/C3",
                                         "WIN",   "DE/A",  NULL};
    static const char *const ua2004teams[] = {"GPTS", "DE", "WIN", "WBP", NULL};
    const char *const *list;
    size_t i;

    if (!strcmp(name, "ua-2004"))
        list = ua2004;
    else if (!strcmp(name, "ua-2017"))
        list = ua2017;
    else if (!strcmp(name, "ua-2023"))
        list = ua2023;
    else if (!strcmp(name, "ua-2004-teams"))
        list = ua2004teams;
    else if (!strcmp(name, "fide"))
        list = NULL;
    else
        return -1;
    tiebreak_rules_init(r);
    for (i = 0; list && list[i]; i++)
        rules_add(r, list[i]);
    if (list == ua2017 || list == ua2023)
        r->policy = TB_POLICY_FIDE2009;
    r->playoff = list == ua2023;
    if (list == ua2004teams)
        r->primary = 'M';
    for (i = 0; tiebreak_preset_names[i]; i++)
        if (!strcmp(name, tiebreak_preset_names[i]))
            r->preset = tiebreak_preset_names[i];
    return 0;
}

static int is_sep(char c)
{
    return c == ',' || c == ';' || c == ' ' || c == '\t';
}

int tiebreak_list_parse(const char *s, struct tiebreak_rules *r,
                        struct diag_list *dl, const char *file, unsigned line,
                        unsigned col)
{
    struct strbuf err = STRBUF_INIT;
    size_t i = 0, j, n = 0, first = 1;
    int ret = 0;
    char primary = 0;

    while (s[i]) {
        struct tiebreak tb;
        if (is_sep(s[i])) {
            i++;
            continue;
        }
        for (j = i; s[j] && !is_sep(s[j]); j++)
            ;
        strbuf_reset(&err);
        if (tiebreak_parse(s + i, j - i, &tb, &err)) {
            diag_error(dl, file, line, line ? col + (unsigned)i : 0, "%s",
                       err.buf);
            ret = -1;
        } else if (first && (tb.def->id == TB_PTS || tb.def->id == TB_MPTS)) {
            primary = tb.def->id == TB_PTS ? 'P' : 'M';
        } else if (tb.def->id == TB_PTS) {
            if (!first) {
                diag_error(dl, file, line, line ? col + (unsigned)i : 0,
                           "'PTS' can only come first: the points rank "
                           "before every tie-break");
                ret = -1;
            }
        } else if (n >= TIEBREAK_MAX) {
            diag_error(dl, file, line, line ? col + (unsigned)i : 0,
                       "too many tie-breaks (at most %d)", TIEBREAK_MAX);
            ret = -1;
            break;
        } else {
            r->tb[n++] = tb;
        }
        first = 0;
        i = j;
    }
    /* "GPTS,MPTS,...": game points rank first.  A list that starts with
     * GPTS without MPTS after it breaks ties of match points by GPTS. */
    for (i = 1; !ret && !primary && n && r->tb[0].def->id == TB_GPTS && i < n;
         i++)
        if (r->tb[i].def->id == TB_MPTS) {
            primary = 'G';
            memmove(r->tb, r->tb + 1, sizeof(r->tb[0]) * --n);
        }
    if (!ret) {
        r->n = n;
        if (primary)
            r->primary = primary;
    }
    strbuf_release(&err);
    return ret;
}

int tiebreak_rules_resolve(struct tiebreak_rules *r, int teams,
                           struct strbuf *err)
{
    size_t i;

    if (!teams && (r->primary == 'M' || r->primary == 'G')) {
        strbuf_addf(err,
                    "'%s' ranks teams, and the section is not a team "
                    "competition",
                    r->primary == 'M' ? "MPTS" : "GPTS");
        return -1;
    }
    if (teams && r->primary != 'G')
        r->primary = 'M';
    for (i = 0; i < r->n; i++) {
        struct tiebreak *tb = &r->tb[i];
        if (teams && (tb->def->flags & TBD_INDIVIDUAL)) {
            strbuf_addf(err,
                        "'%s' is not a tie-break of team competitions (the "
                        "teams have no ratings)",
                        tb->code);
            return -1;
        }
        if (!teams && ((tb->def->flags & TBD_TEAM) || tb->points)) {
            strbuf_addf(err,
                        "'%s' is a tie-break of team competitions, and the "
                        "section is not one",
                        tb->code);
            return -1;
        }
        tb->team = teams;
        set_names(tb, teams ? r->primary : 0);
    }
    return 0;
}

void tiebreak_list_format(const struct tiebreak_rules *r, struct strbuf *out)
{
    size_t i;

    for (i = 0; i < r->n; i++)
        strbuf_addf(out, "%s%s", i ? "," : "", r->tb[i].code);
}

/* Append x with the given number of decimals (0 to 2), as printf's %.*f
 * would for the values tie-breaks take, without its cost. */
static void add_fixed(struct strbuf *out, double x, int decimals)
{
    static const int scale[] = {1, 10, 100};
    char buf[32];
    size_t i = sizeof(buf);
    long long v = llround(fabs(x) * scale[decimals]);
    int d;

    for (d = 0; d < decimals; d++) {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    }
    if (decimals)
        buf[--i] = '.';
    do {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    if (x < 0 && llround(fabs(x) * scale[decimals]))
        buf[--i] = '-';
    strbuf_add(out, buf + i, sizeof(buf) - i);
}

void tiebreak_format_value(const struct tiebreak *tb,
                           const struct tiebreak_value *v, struct strbuf *out)
{
    double x = v->value;

    if (v->undefined)
        return;
    if (tb->def->flags & TBD_INTEGER)
        add_fixed(out, x, 0);
    else if (fabs(x * 10 - floor(x * 10 + 0.5)) < 1e-9)
        add_fixed(out, x, 1);
    else
        add_fixed(out, x, 2);
}

/* ============================================================= context */

/* What one round of one player is, for the tie-breaks. */
enum round_flags {
    R_PLAYED = (1 << 0), /* a game, or a round "played" without an opponent
                            (pairing-allocated bye, '0000 - =') as the FIDE
                            checker counts it */
    R_GAME = (1 << 1),   /* a game over the board against an opponent */
    R_VUR = (1 << 2),    /* a voluntarily unplayed round (C.07 16.2) */
    R_BLACK = (1 << 3),  /* the player had black */
    R_WIN = (1 << 4)     /* the round is worth a win */
};

struct rnd {
    int opp;            /* opponent's player index, or -1 */
    double pts;         /* points of the round under the section's scoring */
    unsigned char f;    /* enum round_flags */
    unsigned char s100; /* the game's result x 100 for ratings: 100 50 0 */
    char code;          /* the result letter as written */
};

/* One value that a Buchholz-like sum adds up. */
struct item {
    double score; /* the opponent's (or dummy's) score */
    double val;   /* what is added: score, or score x points for SB */
    int round;    /* 0-based */
    int vur;
    int cut;
};

enum adj_kind { ADJ_C07, ADJ_C07_FORE, ADJ_2009, ADJ_KINDS };

/* An opponent's rating and the points scored against him x 100. */
struct rated {
    int rating;
    int s100;
};

struct tiebreak_context {
    const struct tournament *t;
    int n; /* rounds counted */
    size_t np;
    enum tiebreak_policy policy;
    int rr;
    double win, draw;
    struct rnd *r;          /* np * n, player-major */
    double *score;          /* points over rounds 1..n */
    int *lna;               /* last round (1-based) that is not a VUR */
    int *lmp;               /* last round with an opponent or played */
    double *adj[ADJ_KINDS]; /* a player's score as his opponents count it */
    double *own_fore;       /* FB: own score with the last round a draw */
    int all_rated;
    struct item *it;             /* scratch, n + 1 */
    struct rated *rated;         /* scratch, n + 1 */
    struct rating_expect pd;     /* expected scores by rating difference */
    double *sb_pts;              /* np * n: what SB multiplies by, when
                                    not the points of the round */
    int *mark;                   /* scratch, np: position in a DE group + 1 */
    double *tmp;                 /* scratch, np */
    struct tiebreak_value *vals; /* scratch, np */
};

static struct rnd *R(const struct tiebreak_context *c, size_t p, int r)
{
    return &c->r[p * (size_t)c->n + (size_t)r];
}

/* What SB multiplies an opponent's score by in round r of player p. */
static double sb_points(const struct tiebreak_context *c, size_t p, int r)
{
    return c->sb_pts ? c->sb_pts[p * (size_t)c->n + (size_t)r]
                     : R(c, p, r)->pts;
}

static int code_in(char code, const char *set)
{
    return code != ' ' && code && strchr(set, code) != NULL;
}

/* Classify the rounds as the FIDE tie-break checker reads a TRF entry. */
static void classify(struct tiebreak_context *c)
{
    const struct tournament *t = c->t;
    size_t p;
    int r;

    for (p = 0; p < c->np; p++) {
        const struct player *pl = &t->players[p];
        double s = 0;
        c->lna[p] = c->lmp[p] = 0;
        for (r = 0; r < c->n; r++) {
            const struct entry *e = &pl->rounds[r];
            struct rnd *x = R(c, p, r);
            const struct player *o = e->opp > 0 && e->opp != pl->start_no
                                         ? tournament_player(t, e->opp)
                                         : NULL;
            char code = e->code;
            int winletter;

            /* A blank result valued from the points column is a bye. */
            if (e->flags & ENTRY_INFERRED)
                code = e->points >= c->win ? 'F' : e->points > 0.0 ? 'H' : 'Z';
            x->opp = o ? (int)(o - t->players) : -1;
            x->pts = e->points;
            x->code = code;
            x->f = 0;
            x->s100 = code_in(code, "1W") ? 100 : code_in(code, "=D") ? 50 : 0;
            if (code_in(code, "1=0WDLU"))
                x->f |= R_PLAYED;
            if (x->opp >= 0 && code_in(code, "1=0WDL"))
                x->f |= R_GAME;
            winletter = code_in(code, "1W+F");
            if (!(x->f & R_PLAYED) && !winletter)
                x->f |= R_VUR;
            if (e->colour == 'b')
                x->f |= R_BLACK;
            if (e->points == c->win)
                x->f |= R_WIN;
            if (!(x->f & R_VUR))
                c->lna[p] = r + 1;
            if (x->opp >= 0 || (x->f & R_PLAYED))
                c->lmp[p] = r + 1;
            s += e->points;
        }
        c->score[p] = s;
    }
}

int tiebreak_is_round_robin(const struct tournament *t, int n_rounds)
{
    static const char *const rr_words[] = {
        "RR",    "ROBIN",  "BERGER", "колов",  "Колов",
        "КОЛОВ", "кругов", "Кругов", "КРУГОВ", NULL};
    static const char *const swiss_words[] = {"SWISS", "швейцар", "Швейцар",
                                              "ШВЕЙЦАР", NULL};
    size_t np = t->n_players, n = (size_t)n_rounds, i;

    if (t->type && *t->type) {
        struct strbuf up = STRBUF_INIT;
        int rr = -1;
        const char *s;
        for (s = t->type; *s; s++)
            strbuf_addch(&up, *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s);
        for (i = 0; swiss_words[i] && rr < 0; i++)
            if (strstr(up.buf, swiss_words[i]))
                rr = 0;
        for (i = 0; rr_words[i] && rr < 0; i++)
            if (strstr(up.buf, rr_words[i]))
                rr = 1;
        strbuf_release(&up);
        if (rr >= 0)
            return rr;
    }
    return np == n + 1 || np == n || np * 2 == n + 1 || np * 2 == n;
}

struct tiebreak_context *tiebreak_context_new(const struct tournament *t,
                                              int n_rounds,
                                              enum tiebreak_policy policy,
                                              int round_robin)
{
    struct tiebreak_context *c = xcalloc(1, sizeof(*c));
    size_t np = t->n_players, p, m;

    if (n_rounds < 0 || n_rounds > t->n_rounds)
        n_rounds = t->n_rounds;
    m = np ? np : 1;
    c->t = t;
    c->n = n_rounds;
    c->np = np;
    c->policy = policy;
    c->rr = round_robin;
    c->win = t->scoring.win;
    c->draw = t->scoring.draw;
    c->r = xmallocarray(m * (size_t)(n_rounds ? n_rounds : 1), sizeof(*c->r));
    c->score = xcalloc(m, sizeof(double));
    c->lna = xcalloc(m, sizeof(int));
    c->lmp = xcalloc(m, sizeof(int));
    c->mark = xcalloc(m, sizeof(int));
    c->tmp = xcalloc(m, sizeof(double));
    c->vals = xcalloc(m, sizeof(*c->vals));
    c->it = xcalloc((size_t)n_rounds + 1, sizeof(struct item));
    c->rated = xcalloc((size_t)n_rounds + 1, sizeof(*c->rated));
    rating_expect_init(&c->pd);
    classify(c);
    c->all_rated = 1;
    for (p = 0; p < np; p++)
        if (t->players[p].rating <= 0)
            c->all_rated = 0;
    return c;
}

void tiebreak_context_free(struct tiebreak_context *c)
{
    int k;

    if (!c)
        return;
    free(c->r);
    free(c->score);
    free(c->lna);
    free(c->lmp);
    for (k = 0; k < ADJ_KINDS; k++)
        free(c->adj[k]);
    free(c->own_fore);
    free(c->sb_pts);
    free(c->mark);
    free(c->tmp);
    free(c->vals);
    free(c->it);
    free(c->rated);
    free(c);
}

void tiebreak_context_set_sb_points(struct tiebreak_context *c,
                                    const struct tournament *res)
{
    size_t p;
    int r;

    free(c->sb_pts);
    c->sb_pts = NULL;
    if (!res)
        return;
    c->sb_pts = xcalloc((c->np ? c->np : 1) * (size_t)(c->n ? c->n : 1),
                        sizeof(double));
    for (p = 0; p < c->np && p < res->n_players; p++)
        for (r = 0; r < c->n && r < res->n_rounds; r++)
            c->sb_pts[p * (size_t)c->n + (size_t)r] =
                res->players[p].rounds[r].points;
}

int tiebreak_context_rounds(const struct tiebreak_context *c)
{
    return c->n;
}

enum tiebreak_policy tiebreak_context_policy(const struct tiebreak_context *c)
{
    return c->policy;
}

static enum tiebreak_policy policy_of(const struct tiebreak_context *c,
                                      const struct tiebreak *tb)
{
    return tb->policy >= 0 ? (enum tiebreak_policy)tb->policy : c->policy;
}

/*
 * A player's score as his opponents' Buchholz counts it.  C.07 (16.3):
 * rounds after his last round that is not voluntarily unplayed, where he
 * had no opponent, count as draws (nothing in a round robin); Fore
 * Buchholz also counts his last-round game as a draw.  2009: every unplayed
 * round counts as a draw.
 */
static const double *adjusted(struct tiebreak_context *c, enum adj_kind k)
{
    size_t p;
    int r;

    if (c->adj[k])
        return c->adj[k];
    c->adj[k] = xcalloc(c->np ? c->np : 1, sizeof(double));
    if (k == ADJ_C07_FORE)
        c->own_fore = xcalloc(c->np ? c->np : 1, sizeof(double));
    for (p = 0; p < c->np; p++) {
        double a = 0;
        int lna = c->lna[p];
        int fore = k == ADJ_C07_FORE && c->lmp[p] == c->n;
        if (fore)
            lna = c->n;
        for (r = 0; r < c->n; r++) {
            const struct rnd *x = R(c, p, r);
            if (k == ADJ_2009)
                a += (x->f & R_GAME) ? x->pts : c->draw;
            else if (r < lna || x->opp >= 0)
                a += x->pts;
            else if (!c->rr)
                a += c->draw;
        }
        if (k == ADJ_C07_FORE) {
            double own = c->score[p];
            if (fore && c->n > 0 && R(c, p, c->n - 1)->opp >= 0) {
                double d = c->draw - R(c, p, c->n - 1)->pts;
                a += d;
                own += d;
            }
            c->own_fore[p] = own;
        }
        c->adj[k][p] = a;
    }
    return c->adj[k];
}

/* ================================================== Buchholz family */

/* The scores at which tb counts each player as somebody's opponent. */
static const double *opponent_scores(struct tiebreak_context *c,
                                     const struct tiebreak *tb)
{
    switch (policy_of(c, tb)) {
    case TB_POLICY_NONE:
        return c->score;
    case TB_POLICY_FIDE2009:
        return adjusted(c, ADJ_2009);
    case TB_POLICY_FIDE2024:
    case TB_POLICY_FIDE2026:
        break;
    }
    return adjusted(c, tb->def->id == TB_FB ? ADJ_C07_FORE : ADJ_C07);
}

/* How an item's score was found, for --explain. */
enum how {
    HOW_OPPONENT, /* the opponent's adjusted score */
    HOW_DUMMY,    /* C.07 dummy opponent: the player's own score */
    HOW_CAP_OPP,  /* 2026: capped at the scheduled opponent's score */
    HOW_CAP_HALF, /* 2026: capped at half the rounds */
    HOW_VIRTUAL,  /* 2009 virtual opponent */
    HOW_ZERO      /* round robin: an unplayed round counts nothing */
};

/*
 * The values a Buchholz-like criterion adds up for player p, one per round
 * that takes part; hows[] (when not NULL) says how each was found.
 */
static int bh_items(struct tiebreak_context *c, const struct tiebreak *tb,
                    size_t p, struct item *it, enum how *hows)
{
    enum tiebreak_policy pol = policy_of(c, tb);
    int sb = tb->def->id == TB_SB;
    int fore = tb->def->id == TB_FB;
    int pred = c->rr || tb->played;
    int n = c->n, r, k = 0;
    const double *adj = opponent_scores(c, tb);
    double own = fore && pol != TB_POLICY_FIDE2009 && pol != TB_POLICY_NONE
                     ? c->own_fore[p]
                     : c->score[p];
    double before = 0;

    for (r = 0; r < n; r++) {
        const struct rnd *x = R(c, p, r);
        struct item *i = &it[k];
        enum how how = HOW_OPPONENT;
        int take = 1;

        i->round = r;
        i->vur = 0;
        i->cut = 0;
        if (pol == TB_POLICY_NONE) {
            take = x->opp >= 0;
            i->score = take ? adj[x->opp] : 0;
        } else if (pol == TB_POLICY_FIDE2009) {
            if (x->opp >= 0 && ((x->f & R_GAME) || tb->played)) {
                i->score = adj[x->opp];
            } else {
                i->score = before + (c->win - x->pts) + c->draw * (n - r - 1);
                how = HOW_VIRTUAL;
            }
        } else {
            int played = pred || (fore && r == n - 1) || (x->f & R_PLAYED);
            if (played && x->opp >= 0) {
                i->score = adj[x->opp];
            } else if (!c->rr) {
                i->score = own;
                i->vur = (x->f & R_VUR) != 0;
                how = HOW_DUMMY;
                if (pol == TB_POLICY_FIDE2026) {
                    double cap = x->opp >= 0 ? adj[x->opp] : c->draw * n;
                    if (cap < i->score) {
                        i->score = cap;
                        how = x->opp >= 0 ? HOW_CAP_OPP : HOW_CAP_HALF;
                    }
                }
            } else {
                i->score = 0;
                i->vur = (x->f & R_VUR) != 0;
                how = HOW_ZERO;
                take = x->opp >= 0;
            }
        }
        before += x->pts;
        i->val = sb ? i->score * sb_points(c, p, r) : i->score;
        if (take) {
            if (hows)
                hows[k] = how;
            k++;
        }
    }
    return k;
}

/* Stable insertion sort of n items by cmp. */
static void sort_items(struct item *a, int n,
                       int (*cmp)(const struct item *, const struct item *))
{
    int i, j;

    for (i = 1; i < n; i++) {
        struct item x = a[i];
        for (j = i; j > 0 && cmp(&x, &a[j - 1]) < 0; j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

static int dcmp(double a, double b)
{
    return a < b ? -1 : a > b;
}

/* The least significant first: the lowest score, then the lowest value. */
static int cmp_low(const struct item *a, const struct item *b)
{
    int d = dcmp(a->score, b->score);
    return d ? d : dcmp(a->val, b->val);
}

/* Voluntarily unplayed rounds first, then the lowest value. */
static int cmp_vur(const struct item *a, const struct item *b)
{
    int d;

    if (a->vur != b->vur)
        return a->vur ? -1 : 1;
    d = dcmp(a->val, b->val);
    return d ? d : dcmp(a->score, b->score);
}

static int cmp_high(const struct item *a, const struct item *b)
{
    int d = dcmp(b->score, a->score);
    return d ? d : dcmp(b->val, a->val);
}

/* The first item of the k at it[] that cmp puts first: a stable sort's
 * first element. */
static int first_of(const struct item *it, int k,
                    int (*cmp)(const struct item *, const struct item *))
{
    int i, best = 0;

    for (i = 1; i < k; i++)
        if (cmp(&it[i], &it[best]) < 0)
            best = i;
    return best;
}

/* Take item i out of the k at it[]; when more cuts follow, leave the rest
 * in the order of a stable sort by cmp, as the checker's next sort sees
 * them. */
static int take_out(struct item *it, int k, int i, int more,
                    int (*cmp)(const struct item *, const struct item *))
{
    memmove(it + i, it + i + 1, sizeof(*it) * (size_t)(k - i - 1));
    k--;
    if (more)
        sort_items(it, k, cmp);
    return k;
}

/*
 * Cut the lowest and the highest values from the k items (C.07 14.1-14.2)
 * in place; returns how many are left, at the front.  Under C.07 a
 * voluntarily unplayed round goes first unless a game is worth less
 * (16.5).  Equal values go in the order of the FIDE checker's stable sorts,
 * so that the same round is cut (it matters for SB, where a VUR and a game
 * can be equal in value).
 */
static int cut_items(struct tiebreak_context *c, struct item *it, int k,
                     int low, int high, int vur_first)
{
    if (low > c->n)
        low = c->n;
    if (low + high > c->n)
        high = c->n - low;
    for (; low > 0 && k > 0; low--) {
        int a = first_of(it, k, cmp_low), cut = a;
        int (*cmp)(const struct item *, const struct item *) = cmp_low;
        if (vur_first) {
            int e = first_of(it, k, cmp_vur);
            if (it[e].vur && !(it[a].val > it[e].val)) {
                cut = e;
                cmp = cmp_vur;
            }
        }
        k = take_out(it, k, cut, low > 1 || high > 0, cmp);
    }
    for (; high > 0 && k > 0; high--)
        k = take_out(it, k, first_of(it, k, cmp_high), 0, cmp_high);
    return k;
}

/*
 * The Buchholz-like sum of player p.  items (n + 1 of them) gets every
 * value that takes part, in round order, *nitems says how many; with hows
 * (for --explain) also how each was found and its cut mark.
 */
static double bh_value(struct tiebreak_context *c, const struct tiebreak *tb,
                       size_t p, struct item *items, int *nitems,
                       enum how *hows)
{
    enum tiebreak_policy pol = policy_of(c, tb);
    struct item *work = c->it;
    int k, left, i, j;
    double sum = 0;

    k = bh_items(c, tb, p, items, hows);
    *nitems = k;
    if (!tb->cut_low && !tb->cut_high) {
        for (i = 0; i < k; i++)
            sum += items[i].val;
        return sum;
    }
    memcpy(work, items, sizeof(*work) * (size_t)k);
    left = cut_items(c, work, k, tb->cut_low, tb->cut_high,
                     pol == TB_POLICY_FIDE2024 || pol == TB_POLICY_FIDE2026);
    for (i = 0; hows && i < k; i++) {
        items[i].cut = 1;
        for (j = 0; j < left; j++)
            if (work[j].round == items[i].round)
                items[i].cut = 0;
    }
    for (j = 0; j < left; j++)
        sum += work[j].val;
    return sum;
}

/* ================================================= rating tie-breaks */

/*
 * ARO, TPR and PTP of player p: the ratings of the opponents met over the
 * board (unrated ones rated tb->unrated when given), the lowest and the
 * highest cut as asked (equal ratings: the earlier round goes first).
 * Undefined when a player of the section is unrated and no rating for
 * unrated players is given, as the FIDE checker has it, or when no
 * opponent is left.  rt (n + 1) gets the ratings counted, *nrt their
 * number and *score100 the points scored against them x 100.  The PTP
 * (a search) is made only when ptp is not NULL.
 */
static void rating_values(struct tiebreak_context *c, const struct tiebreak *tb,
                          size_t p, struct tiebreak_value *aro,
                          struct tiebreak_value *tpr,
                          struct tiebreak_value *ptp, int *rt, int *nrt,
                          int *score100)
{
    const struct tournament *t = c->t;
    struct rated *g = c->rated;
    int r, num = 0, low, high, s100 = 0, i, j, first;
    long long sum = 0;
    int valid = c->all_rated || tb->unrated >= 0;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        int rating;
        if (!(x->f & R_GAME))
            continue;
        rating = t->players[x->opp].rating;
        if (rating <= 0)
            rating = tb->unrated;
        if (rating < 0)
            continue;
        g[num].rating = rating;
        g[num].s100 = x->s100;
        num++;
    }
    for (i = 1; (tb->cut_low || tb->cut_high) && i < num; i++) {
        struct rated y = g[i];
        for (j = i; j > 0 && y.rating < g[j - 1].rating; j--)
            g[j] = g[j - 1];
        g[j] = y;
    }
    low = tb->cut_low > c->n ? c->n : tb->cut_low;
    high = low + tb->cut_high > c->n ? c->n - low : tb->cut_high;
    first = low < num ? low : num;
    num -= first;
    num -= high < num ? high : num;
    for (i = 0; i < num; i++) {
        rt[i] = g[first + i].rating;
        sum += rt[i];
        s100 += g[first + i].s100;
    }
    *nrt = num;
    *score100 = s100;
    aro->undefined = tpr->undefined = !valid || num == 0;
    aro->value = tpr->value = 0;
    if (ptp) {
        ptp->undefined = aro->undefined;
        ptp->value = 0;
    }
    if (aro->undefined)
        return;
    aro->value = (double)rating_div_round(sum, num);
    tpr->value = rating_performance(sum, num, s100);
    if (ptp)
        ptp->value = rating_perfect_performance(&c->pd, rt, num, s100);
}

/* ======================================================= computation */

static double progressive(const struct tiebreak_context *c, size_t p, int cut)
{
    double run = 0, sum = 0;
    int r;

    for (r = 0; r < c->n; r++) {
        run += R(c, p, r)->pts;
        if (r >= cut)
            sum += run;
    }
    return sum;
}

static int count_rounds(const struct tiebreak_context *c, size_t p,
                        enum tiebreak_id id, int r)
{
    unsigned f = R(c, p, r)->f;

    switch (id) {
    case TB_WIN:
        return (f & R_WIN) != 0;
    case TB_WON:
        return (f & R_WIN) && (f & R_GAME);
    case TB_BPG:
        return (f & R_BLACK) && (f & R_PLAYED);
    case TB_BWG:
        return (f & R_BLACK) && (f & R_PLAYED) && (f & R_WIN);
    case TB_GE:
        return (f & R_PLAYED) || (f & R_WIN);
    default:
        return 0;
    }
}

/* KS: the points that count reach limit per cent of a full score. */
static double koya_limit(const struct tiebreak_context *c,
                         const struct tiebreak *tb)
{
    int maxgames = c->n;
    size_t p;

    if (c->rr) {
        if (c->np && c->n % (int)c->np == 0)
            maxgames -= c->n / (int)c->np;
        for (p = 0; p < c->np; p++)
            if (!c->lmp[p])
                maxgames--;
    }
    return tb->limit * c->win * maxgames / 100.0;
}

static double koya(const struct tiebreak_context *c, size_t p, double lim)
{
    double ks = 0;
    int r;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        if (x->opp >= 0 && c->score[x->opp] >= lim)
            ks += x->pts;
    }
    return ks;
}

/* Average over the opponents met over the board of their values v. */
static void average_of_opponents(const struct tiebreak_context *c, size_t p,
                                 const struct tiebreak_value *v, int hundredths,
                                 struct tiebreak_value *out)
{
    long long sum = 0;
    int r, num = 0;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        if (!(x->f & R_GAME) || v[x->opp].undefined)
            continue;
        /* values are whole numbers or quarters: add quarters exactly */
        sum += llround(v[x->opp].value * 4);
        num++;
    }
    out->undefined = num == 0;
    if (!num)
        out->value = 0;
    else if (hundredths)
        out->value = rating_div_round(sum * 25, num) / 100.0;
    else
        out->value = (double)rating_div_round(sum, (long long)num * 4);
}

void tiebreak_compute(struct tiebreak_context *c, const struct tiebreak *tb,
                      struct tiebreak_value *out)
{
    enum tiebreak_id id = tb->def->id;
    int *rt = xcalloc((size_t)c->n + 1, sizeof(int));
    struct item *orig = xcalloc((size_t)c->n + 1, sizeof(*orig));
    size_t p;
    int r;

    for (p = 0; p < c->np; p++) {
        out[p].undefined = 0;
        out[p].value = 0;
    }
    switch (id) {
    case TB_PTS:
        for (p = 0; p < c->np; p++)
            out[p].value = c->score[p];
        break;
    case TB_BH:
    case TB_FB:
    case TB_SB:
        for (p = 0; p < c->np; p++) {
            int k;
            out[p].value = bh_value(c, tb, p, orig, &k, NULL);
        }
        break;
    case TB_AOB: {
        struct tiebreak bh = *tb;
        bh.def = tiebreak_def_find("BH");
        for (p = 0; p < c->np; p++) {
            int k;
            c->vals[p].value = bh_value(c, &bh, p, orig, &k, NULL);
            c->vals[p].undefined = 0;
        }
        for (p = 0; p < c->np; p++)
            average_of_opponents(c, p, c->vals, 1, &out[p]);
        break;
    }
    case TB_PS:
        for (p = 0; p < c->np; p++)
            out[p].value = progressive(c, p, tb->cut_low);
        break;
    case TB_WIN:
    case TB_WON:
    case TB_BPG:
    case TB_BWG:
    case TB_GE:
        for (p = 0; p < c->np; p++) {
            int n = 0;
            for (r = 0; r < c->n; r++)
                n += count_rounds(c, p, id, r);
            out[p].value = n;
        }
        break;
    case TB_KS: {
        double lim = koya_limit(c, tb);
        for (p = 0; p < c->np; p++)
            out[p].value = koya(c, p, lim);
        break;
    }
    case TB_ARO:
    case TB_TPR:
    case TB_PTP:
    case TB_APRO:
    case TB_APPO:
        for (p = 0; p < c->np; p++) {
            struct tiebreak_value v[3];
            int nrt, s100, want_ptp = id == TB_PTP || id == TB_APPO;
            v[2].undefined = 1;
            v[2].value = 0;
            rating_values(c, tb, p, &v[0], &v[1], want_ptp ? &v[2] : NULL, rt,
                          &nrt, &s100);
            if (id == TB_ARO || id == TB_TPR || id == TB_PTP)
                out[p] = v[id - TB_ARO];
            else
                c->vals[p] = v[id == TB_APRO ? 1 : 2];
        }
        if (id == TB_APRO || id == TB_APPO)
            for (p = 0; p < c->np; p++)
                average_of_opponents(c, p, c->vals, 0, &out[p]);
        break;
    default:
        /* DE depends on the ranking (tiebreak_direct_encounter()); the
         * tie-breaks of teams are core/teamtb.c's */
        break;
    }
    free(rt);
    free(orig);
}

/* ===================================================== direct encounter */

int tiebreak_met(const struct tiebreak_context *c, const struct tiebreak *tb,
                 size_t a, size_t b)
{
    int pred = c->rr || tb->played;
    int r;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, a, r);
        if (x->opp == (int)b && (pred || (x->f & R_PLAYED)))
            return 1;
    }
    return 0;
}

struct de_player {
    int idx; /* position in the group */
    int start_no;
    double val; /* points against the others of the subgroup */
    double max; /* and the most they could be with the games not played */
};

static int cmp_de_all(const void *a, const void *b)
{
    const struct de_player *x = a, *y = b;
    if (x->val != y->val)
        return x->val > y->val ? -1 : 1;
    return x->start_no - y->start_no;
}

static int cmp_de_swiss(const void *a, const void *b)
{
    const struct de_player *x = a, *y = b;
    if (x->val != y->val)
        return x->val > y->val ? -1 : 1;
    if (x->max != y->max)
        return x->max > y->max ? -1 : 1;
    return x->start_no - y->start_no;
}

/* Scratch space of the direct encounter of one group. */
struct de_work {
    const int *group; /* player indexes */
    size_t n;
    int *rank;   /* current place of each member */
    int *prev;   /* the places at the start of a pass */
    int *active; /* still worth another look */
    struct de_player *dp;
    int *opp; /* opponents met inside the subgroup */
    double *opp_sum;
    int *opp_cnt;
};

/*
 * One step of C.07 section 6 on the members of the group whose place is v:
 * each one's points against the others of that subgroup (the average
 * when two met more than once); when all met (or in a round robin), rank by
 * those points; otherwise a player goes ahead only while his points beat
 * the most that any player behind him could have had with the missing
 * games won.  Returns the number of new places made.
 */
static int de_step(struct tiebreak_context *c, const struct tiebreak *tb,
                   struct de_work *w, int v, const double *pts, double win)
{
    int pred = c->rr || tb->played;
    struct de_player *dp = w->dp;
    int m = 0, i, all = 1, changes = 0, r, crank = v;
    size_t k;

    for (k = 0; k < w->n; k++) {
        size_t p = (size_t)w->group[k];
        int nopp = 0, j;
        double val = 0;
        if (w->rank[k] != v)
            continue;
        for (r = 0; r < c->n; r++) {
            const struct rnd *x = R(c, p, r);
            int q;
            if (x->opp < 0 || !(pred || (x->f & R_PLAYED)))
                continue;
            q = c->mark[x->opp] - 1;
            if (q < 0 || w->rank[q] != v)
                continue;
            for (j = 0; j < nopp && w->opp[j] != x->opp; j++)
                ;
            if (j == nopp) {
                w->opp[nopp] = x->opp;
                w->opp_sum[nopp] = 0;
                w->opp_cnt[nopp] = 0;
                nopp++;
            }
            w->opp_sum[j] += pts ? pts[p * (size_t)c->n + (size_t)r] : x->pts;
            w->opp_cnt[j]++;
        }
        for (j = 0; j < nopp; j++)
            val += w->opp_sum[j] / w->opp_cnt[j];
        dp[m].idx = (int)k;
        dp[m].start_no = c->t->players[p].start_no;
        dp[m].val = val;
        dp[m].max = nopp; /* the number met, for now */
        m++;
    }
    for (i = 0; i < m; i++) {
        int met = (int)dp[i].max;
        dp[i].max = dp[i].val;
        if (!c->rr && met < m - 1) {
            all = 0;
            dp[i].max += (m - 1 - met) * win;
        }
    }
    if (all) {
        qsort(dp, (size_t)m, sizeof(*dp), cmp_de_all);
        for (i = 1; i < m; i++) {
            if (dp[i].val != dp[i - 1].val) {
                crank = v + i;
                changes++;
            }
            w->rank[dp[i].idx] = crank;
        }
    } else {
        double *best_behind = c->tmp;
        int unique = 1;
        qsort(dp, (size_t)m, sizeof(*dp), cmp_de_swiss);
        for (i = m - 1; i >= 0; i--)
            best_behind[i] = i == m - 1 || dp[i].max > best_behind[i + 1]
                                 ? dp[i].max
                                 : best_behind[i + 1];
        for (i = 1; i < m; i++) {
            if (unique && dp[i - 1].val > best_behind[i]) {
                crank = v + i;
                changes++;
            } else {
                unique = 0;
            }
            w->rank[dp[i].idx] = crank;
        }
    }
    return changes;
}

/* The direct encounter of a group on pts (NULL: the rounds' points),
 * without the /A restriction. */
static size_t de_run(struct tiebreak_context *c, const struct tiebreak *tb,
                     const int *group, size_t n, int first_place,
                     int prize_places, const double *pts, double win, int *pos)
{
    struct de_work w;
    size_t k, j, separated = 0;
    int more = 1, lo, hi;

    w.group = group;
    w.n = n;
    w.rank = xcalloc(n, sizeof(int));
    w.prev = xcalloc(n, sizeof(int));
    w.active = xcalloc(n, sizeof(int));
    w.dp = xcalloc(n, sizeof(*w.dp));
    w.opp = xcalloc((size_t)c->n + 1, sizeof(int));
    w.opp_cnt = xcalloc((size_t)c->n + 1, sizeof(int));
    w.opp_sum = xcalloc((size_t)c->n + 1, sizeof(double));
    for (k = 0; k < n; k++) {
        w.rank[k] = first_place;
        w.active[k] = 1;
        c->mark[group[k]] = (int)k + 1;
    }
    /* Split again and again on the games inside each subgroup still level,
     * until a pass separates nobody more. */
    while (more) {
        more = 0;
        memcpy(w.prev, w.rank, n * sizeof(int));
        for (k = 0; k < n; k++) {
            int v = w.prev[k], size = 0, first = 1, changes = 0;
            for (j = 0; j < n; j++)
                if (w.prev[j] == v) {
                    size++;
                    first = first && j >= k;
                }
            if (!first || size < 2 || !w.active[k])
                continue;
            if (!tb->all_met || v <= prize_places)
                changes = de_step(c, tb, &w, v, pts, win);
            for (j = 0; j < n; j++)
                if (w.prev[j] == v)
                    w.active[j] = changes > 0;
            more = more || changes > 0;
        }
    }
    lo = hi = w.rank[0];
    for (k = 1; k < n; k++) {
        lo = w.rank[k] < lo ? w.rank[k] : lo;
        hi = w.rank[k] > hi ? w.rank[k] : hi;
    }
    if (lo != hi)
        for (k = 0; k < n; k++) {
            int alone = 1;
            pos[k] = w.rank[k] - first_place + 1;
            for (j = 0; j < n; j++)
                if (j != k && w.rank[j] == w.rank[k])
                    alone = 0;
            separated += (size_t)alone;
        }
    for (k = 0; k < n; k++)
        c->mark[group[k]] = 0;
    free(w.rank);
    free(w.prev);
    free(w.active);
    free(w.dp);
    free(w.opp);
    free(w.opp_cnt);
    free(w.opp_sum);
    return separated;
}

size_t tiebreak_direct_encounter(struct tiebreak_context *c,
                                 const struct tiebreak *tb, const int *group,
                                 size_t n, int first_place, int prize_places,
                                 int *pos)
{
    size_t k, j;

    for (k = 0; k < n; k++)
        pos[k] = 0;
    if (n < 2)
        return 0;
    if (tb->all_met) {
        if (first_place > prize_places)
            return 0;
        for (k = 0; k < n; k++)
            for (j = k + 1; j < n; j++)
                if (!tiebreak_met(c, tb, (size_t)group[k], (size_t)group[j]))
                    return 0;
    }
    return de_run(c, tb, group, n, first_place, prize_places, NULL, c->win,
                  pos);
}

size_t tiebreak_direct_encounter_on(struct tiebreak_context *c,
                                    const struct tiebreak *tb, const int *group,
                                    size_t n, const double *pts, double win,
                                    int *pos)
{
    struct tiebreak plain = *tb;
    size_t k;

    for (k = 0; k < n; k++)
        pos[k] = 0;
    if (n < 2)
        return 0;
    plain.all_met = 0;
    return de_run(c, &plain, group, n, 1, 0, pts, win, pos);
}

/* ============================================================ explain */

static void put_opponent(const struct tiebreak_context *c, size_t p, int r,
                         struct strbuf *out)
{
    const struct tournament *t = c->t;
    const struct rnd *x = R(c, p, r);
    const struct entry *e = &t->players[p].rounds[r];
    char res[4] = {0};

    res[0] = x->code == ' ' ? '.' : x->code;
    if (x->opp >= 0)
        strbuf_addf(out, "%d %s (%c %s)", t->players[x->opp].start_no,
                    t->players[x->opp].name, e->colour == ' ' ? '-' : e->colour,
                    res);
    else if (e->flags & ENTRY_PRESENT)
        strbuf_addf(out, "no opponent (%s)", res);
    else
        strbuf_addstr(out, "no entry (absent)");
}

static void put_num(struct strbuf *out, double v)
{
    if (fabs(v * 2 - floor(v * 2 + 0.5)) < 1e-9)
        strbuf_addf(out, "%.1f", v);
    else
        strbuf_addf(out, "%.2f", v);
}

static void explain_bh(struct tiebreak_context *c, const struct tiebreak *tb,
                       size_t p, struct strbuf *out)
{
    enum tiebreak_policy pol = policy_of(c, tb);
    struct item *orig = xcalloc((size_t)c->n + 1, sizeof(*orig));
    enum how *hows = xcalloc((size_t)c->n + 1, sizeof(*hows));
    int k, i, sb = tb->def->id == TB_SB;
    double total, sum = 0;
    const double *adj = opponent_scores(c, tb);

    total = bh_value(c, tb, p, orig, &k, hows);
    for (i = 0; i < k; i++) {
        const struct item *it = &orig[i];
        const struct rnd *x = R(c, p, it->round);
        strbuf_addf(out, "  r%-2d ", it->round + 1);
        put_opponent(c, p, it->round, out);
        strbuf_addstr(out, ": ");
        put_num(out, it->score);
        switch (hows[i]) {
        case HOW_OPPONENT:
            if (adj[x->opp] != c->score[x->opp]) {
                strbuf_addstr(out, " = opponent's score adjusted from ");
                put_num(out, c->score[x->opp]);
                strbuf_addstr(out, pol == TB_POLICY_FIDE2009
                                       ? " (his unplayed rounds count as "
                                         "draws)"
                                       : " (his unplayed rounds after his "
                                         "last game count as draws)");
            } else {
                strbuf_addstr(out, " = opponent's score");
            }
            break;
        case HOW_DUMMY:
            strbuf_addstr(out, " = own score (dummy opponent)");
            break;
        case HOW_CAP_OPP:
            strbuf_addstr(out, " = own score capped at the scheduled "
                               "opponent's score");
            break;
        case HOW_CAP_HALF:
            strbuf_addstr(out, " = own score capped at half the rounds");
            break;
        case HOW_VIRTUAL: {
            double before = 0;
            int r;
            for (r = 0; r < it->round; r++)
                before += R(c, p, r)->pts;
            strbuf_addstr(out, " = virtual opponent: ");
            put_num(out, before);
            strbuf_addstr(out, " before + ");
            put_num(out, c->win - x->pts);
            strbuf_addf(out, " this round + %d x ", c->n - it->round - 1);
            put_num(out, c->draw);
            break;
        }
        case HOW_ZERO:
            strbuf_addstr(out, " (round robin: an unplayed game counts "
                               "nothing)");
            break;
        }
        if (sb) {
            strbuf_addstr(out, "; x ");
            put_num(out, sb_points(c, p, it->round));
            strbuf_addstr(out, " = ");
            put_num(out, it->val);
        }
        if (it->vur && pol != TB_POLICY_FIDE2009 && pol != TB_POLICY_NONE)
            strbuf_addstr(out, "; voluntarily unplayed");
        if (it->cut)
            strbuf_addstr(out, "; CUT");
        strbuf_addch(out, '\n');
        sum += it->val;
    }
    strbuf_addstr(out, "  sum ");
    put_num(out, sum);
    if (sum != total) {
        strbuf_addstr(out, ", less the cut values = ");
        put_num(out, total);
    }
    strbuf_addch(out, '\n');
    free(orig);
    free(hows);
}

static void explain_rating(struct tiebreak_context *c,
                           const struct tiebreak *tb, size_t p,
                           struct strbuf *out)
{
    struct tiebreak_value v[3];
    int *rt = xcalloc((size_t)c->n + 1, sizeof(int));
    int nrt, s100, i, r;

    for (r = 0; r < c->n; r++) {
        const struct rnd *x = R(c, p, r);
        if (!(x->f & R_GAME))
            continue;
        strbuf_addf(out, "  r%-2d ", r + 1);
        put_opponent(c, p, r, out);
        strbuf_addf(out, ": rating %d\n", c->t->players[x->opp].rating);
    }
    rating_values(c, tb, p, &v[0], &v[1], &v[2], rt, &nrt, &s100);
    if (!c->all_rated && tb->unrated < 0) {
        strbuf_addstr(out, "  undefined: a player of the section is unrated "
                           "and no rating for unrated players is given "
                           "(/U)\n");
    } else if (nrt == 0) {
        strbuf_addstr(out, "  undefined: no rated opponent\n");
    } else {
        strbuf_addf(out, "  %d rating%s counted:", nrt, nrt == 1 ? "" : "s");
        for (i = 0; i < nrt; i++)
            strbuf_addf(out, " %d", rt[i]);
        strbuf_addf(out, "; score %d.%02d; ARO %.0f, TPR %.0f, PTP %.0f\n",
                    s100 / 100, s100 % 100, v[0].value, v[1].value, v[2].value);
    }
    free(rt);
}

void tiebreak_explain(struct tiebreak_context *c, const struct tiebreak *tb,
                      size_t p, struct strbuf *out)
{
    enum tiebreak_id id = tb->def->id;
    struct tiebreak_value *all;
    struct strbuf val = STRBUF_INIT;
    int r;

    if (id == TB_DE)
        return;
    all = xcalloc(c->np ? c->np : 1, sizeof(*all));
    tiebreak_compute(c, tb, all);
    tiebreak_format_value(tb, &all[p], &val);
    strbuf_addf(out, "%s (%s: %s) = %s", tb->code, tb->ua_short, tb->ua_name,
                all[p].undefined ? "undefined" : val.buf);
    if (tb->def->flags & TBD_POLICY)
        strbuf_addf(out, " [%s]", tiebreak_policy_name(policy_of(c, tb)));
    strbuf_addch(out, '\n');
    switch (id) {
    case TB_BH:
    case TB_FB:
    case TB_SB:
        explain_bh(c, tb, p, out);
        break;
    case TB_PS: {
        double run = 0;
        for (r = 0; r < c->n; r++) {
            run += R(c, p, r)->pts;
            strbuf_addf(out, "  r%-2d score ", r + 1);
            put_num(out, run);
            strbuf_addstr(out, r < tb->cut_low ? " (cut)\n" : "\n");
        }
        break;
    }
    case TB_WIN:
    case TB_WON:
    case TB_BPG:
    case TB_BWG:
    case TB_GE:
        for (r = 0; r < c->n; r++)
            if (count_rounds(c, p, id, r)) {
                strbuf_addf(out, "  r%-2d ", r + 1);
                put_opponent(c, p, r, out);
                strbuf_addch(out, '\n');
            }
        break;
    case TB_KS: {
        double lim = koya_limit(c, tb);
        strbuf_addstr(out, "  opponents with at least ");
        put_num(out, lim);
        strbuf_addstr(out, " points count\n");
        for (r = 0; r < c->n; r++) {
            const struct rnd *x = R(c, p, r);
            if (x->opp < 0)
                continue;
            strbuf_addf(out, "  r%-2d ", r + 1);
            put_opponent(c, p, r, out);
            strbuf_addstr(out, ": opponent has ");
            put_num(out, c->score[x->opp]);
            strbuf_addstr(out, c->score[x->opp] >= lim ? ", counts "
                                                       : ", does not count\n");
            if (c->score[x->opp] >= lim) {
                put_num(out, x->pts);
                strbuf_addch(out, '\n');
            }
        }
        break;
    }
    case TB_ARO:
    case TB_TPR:
    case TB_PTP:
        explain_rating(c, tb, p, out);
        break;
    case TB_AOB:
    case TB_APRO:
    case TB_APPO: {
        struct tiebreak inner = *tb;
        struct tiebreak_value *ov = xcalloc(c->np ? c->np : 1, sizeof(*ov));
        inner.def = tiebreak_def_find(id == TB_AOB    ? "BH"
                                      : id == TB_APRO ? "TPR"
                                                      : "PTP");
        tiebreak_compute(c, &inner, ov);
        for (r = 0; r < c->n; r++) {
            const struct rnd *x = R(c, p, r);
            struct strbuf v = STRBUF_INIT;
            if (!(x->f & R_GAME))
                continue;
            tiebreak_format_value(&inner, &ov[x->opp], &v);
            strbuf_addf(out, "  r%-2d ", r + 1);
            put_opponent(c, p, r, out);
            strbuf_addf(out, ": %s %s\n", inner.def->code,
                        ov[x->opp].undefined ? "undefined" : v.buf);
            strbuf_release(&v);
        }
        free(ov);
        break;
    }
    case TB_PTS:
        for (r = 0; r < c->n; r++) {
            strbuf_addf(out, "  r%-2d ", r + 1);
            put_opponent(c, p, r, out);
            strbuf_addstr(out, ": ");
            put_num(out, R(c, p, r)->pts);
            strbuf_addch(out, '\n');
        }
        break;
    default:
        break;
    }
    strbuf_release(&val);
    free(all);
}
