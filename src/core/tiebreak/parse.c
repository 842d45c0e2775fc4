/* core/tiebreak/parse: the code parser and its modifiers, the names of a
 * parsed criterion, the unplayed-round policies, the presets of the
 * regulations and a section's list of rules.
 * SPDX-License-Identifier: MIT
 */
#include "core/tiebreak.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tiebreak/internal.h"
#include "util/date.h"
#include "util/diag.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/banned.h"

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
    const char *base = tb->team && d->ua_team ? d->ua_team : d->ua_name;
    char pts = tb->points ? tb->points : points;

    strbuf_addstr(&code, d->code);
    if (tb->points)
        strbuf_addstr(&code, tb->points == 'G' ? ":GP" : ":MP");
    strbuf_addstr(&sh, d->ua_short);
    /* "Прогр." with a suffix: "Прогр-1", as "Бхг-1". */
    if ((tb->cut_low || (pts && (d->flags & TBD_POINTS) && tb->team)) &&
        sh.len && sh.buf[sh.len - 1] == '.')
        strbuf_setlen(&sh, sh.len - 1);
    if (pts && (d->flags & TBD_POINTS) && tb->team)
        strbuf_addstr(&sh, pts == 'G' ? "-ІО" : "-КО");
    if (tb->cut_low && tb->cut_high) {
        strbuf_addf(&code, "/M%d", tb->cut_low);
        strbuf_addf(&sh, "-М%d", tb->cut_low);
        /* "без одного найгіршого й одного найкращого результату", "без
           двох найгірших і двох найкращих результатів" */
        strbuf_addf(&nm, "усереднений (медіанний) %s %d (без ", base,
                    tb->cut_low);
        ua_count(&nm, tb->cut_low, rating ? "найнижчого" : "найгіршого",
                 rating ? "найнижчих" : "найгірших");
        strbuf_addstr(&nm, tb->cut_high == 1 ? " й " : " і ");
        ua_count(&nm, tb->cut_high,
                 rating ? "найвищого рейтингу" : "найкращого результату",
                 rating ? "найвищих рейтингів" : "найкращих результатів");
        strbuf_addch(&nm, ')');
    } else if (tb->cut_low) {
        strbuf_addf(&code, "/C%d", tb->cut_low);
        strbuf_addf(&sh, "-%d", tb->cut_low);
        if (d->flags & TBD_FIRST_ROUNDS) {
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
    } else if (tb->all_met) {
        strbuf_addstr(&nm, "результат особистих зустрічей у групі "
                           "(лише якщо всі учасники розподілу місць грали "
                           "між собою, і лише для призових місць)");
    } else {
        strbuf_addstr(&nm, base);
        /* What the plain code counts: "коефіцієнт Бухгольця (сума очок
           суперників)". */
        if (d->ua_note && !tb->team &&
            (!(d->flags & TBD_LIMIT) || tb->limit == 50))
            strbuf_addf(&nm, " (%s)", d->ua_note);
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
    if ((d->flags & TBD_LIMIT) && tb->limit != 50) {
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
    /* What a group's column holds: its place among the tied, where every
       other column is higher-is-better. */
    if ((d->flags & TBD_GROUP) && (d->flags & TBD_ASCENDING))
        strbuf_addstr(&nm, "; у колонці — місце серед рівних (1 — найкраще)");
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
    {'C', TBD_CUT, 1, 99, N_("the number of values to cut, 1 to 99 ('/C1')")},
    {'M', TBD_MEDIAN, 1, 99,
     N_("the number of values to cut at each end, 1 to 99 ('/M1')")},
    {'P', TBD_PLAYED, 0, 0, NULL},
    {'U', TBD_RATING, 0, 4000, N_("the rating of unrated players ('/U1000')")},
    {'L', TBD_LIMIT, 1, 100, N_("a limit in per cent, 1 to 100 ('/L50')")},
    {'A', TBD_ALLMET, 0, 0, NULL},
    {'V', TBD_POLICY, 2009, 2026, N_("a rules version: 2009, 2024 or 2026")},
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
    d = tb_def_find(s, clen);
    /* "GE/REP" is how C.07 names the one code (GE, alias REP). */
    if (d && clen == 2 && nlen == 2 && len >= 6 && (len == 6 || s[6] == '/') &&
        tb_eq_nocase(s, 6, "GE/REP"))
        nlen = clen = 6;
    if (!d) {
        strbuf_addf(err, _("unknown tie-break '%.*s'"), (int)clen, s);
        return -1;
    }
    out->def = d;
    if (clen < nlen) {
        const char *pt = s + clen + 1;
        size_t plen = nlen - clen - 1;
        if (!(d->flags & TBD_POINTS)) {
            strbuf_addf(err, _("tie-break '%s' takes no ':%.*s'"), d->code,
                        (int)plen, pt);
            return -1;
        }
        if (tb_eq_nocase(pt, plen, "MP"))
            out->points = 'M';
        else if (tb_eq_nocase(pt, plen, "GP"))
            out->points = 'G';
        else {
            strbuf_addf(err,
                        _("tie-break '%.*s': ':%.*s' is not ':MP' (match "
                          "points) or ':GP' (game points)"),
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
            strbuf_addf(err, _("tie-break '%.*s': unknown modifier '/%.*s'"),
                        (int)len, s, (int)mlen, m);
            return -1;
        }
        if (!(d->flags & mod->need)) {
            strbuf_addf(err, _("tie-break '%s' takes no modifier '/%.*s'"),
                        d->code, (int)mlen, m);
            return -1;
        }
        if (mod->max) {
            v = mod_number(m + 1, mlen - 1, mod->max);
            if (c == 'V' && v != 2009 && v != 2024 && v != 2026)
                v = -1;
            if (v < mod->min) {
                strbuf_addf(err, _("tie-break '%.*s': '/%c' wants %s"),
                            (int)len, s, c, _(mod->wants));
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

/* Is tb (its code with every modifier) among the n of list? */
static int listed(const struct tiebreak *list, size_t n,
                  const struct tiebreak *tb)
{
    size_t k;

    for (k = 0; k < n; k++)
        if (!strcmp(list[k].code, tb->code))
            return 1;
    return 0;
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
        } else if (!(tb.def->flags & TBD_GROUP) && listed(r->tb, n, &tb)) {
            /* Made of each player alone, a value gives the same order
               again; a group's (DE) is made again among those still tied. */
            diag_error(dl, file, line, line ? col + (unsigned)i : 0,
                       "tie-break '%s' is listed twice; the second would "
                       "break no tie the first left",
                       tb.code);
            ret = -1;
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
