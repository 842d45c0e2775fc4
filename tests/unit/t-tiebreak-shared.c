/* tests/unit/t-tiebreak-shared: every tie-break value of every main file of
 * ../shared/data/trf equals the reference tables in trf/expected: the FIDE
 * tie-break checker under the 2024 and the 2026 rules, and the independent
 * computation of the 2009 rule (the team file: every team tie-break under
 * the 2024 and the 2026 rules, ranked as the team standings rank); and the
 * real events of trf/real equal what their arbiter program printed
 * (Swiss-Chess under the 2009 rule, Vega under the 2024 rules) and the
 * 2009-rule computation.
 * SPDX-License-Identifier: MIT
 */
#include <dirent.h>

#include "tap.h"
#include "core/standings.h"
#include "core/teams.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "ingest/trf.h"
#include "util/file.h"
#include "util/strbuf.h"

/* The three reference tables of a file and the policy each stands for. */
static const struct {
    const char *suffix;
    enum tiebreak_policy policy;
} tables[] = {
    {".rules2024.tsv", TB_POLICY_FIDE2024},
    {".rules2026.tsv", TB_POLICY_FIDE2026},
    {".vo2009.tsv", TB_POLICY_FIDE2009},
};

static size_t n_compared[3], n_wrong[3], n_skipped[3];
/* of them in the team file, and wrong there */
static size_t n_team[3], n_team_wrong[3];

/* Split a TSV line in place into at most max fields. */
static size_t split_tabs(char *line, char **f, size_t max)
{
    size_t n = 0;

    while (n < max) {
        char *tab = strchr(line, '\t');
        f[n++] = line;
        if (!tab)
            break;
        *tab = '\0';
        line = tab + 1;
    }
    return n;
}

/*
 * The values of one column of a team competition for every team (index =
 * team index), as the team standings make them: DE and EDE right after
 * the match points, TBR and BBE after the match and game points, as the
 * reference tables were made.
 */
static int team_column(const struct tournament *t, const struct team_table *tt,
                       enum tiebreak_policy pol, const char *code,
                       struct tiebreak_value *out)
{
    struct tiebreak_rules rules;
    struct strbuf err = STRBUF_INIT;
    struct standings s;
    struct standings_options o;
    size_t i, at = 0;
    int ret = -1;

    tiebreak_rules_init(&rules);
    rules.policy = pol;
    rules.primary = 'M';
    if (tiebreak_parse(code, strlen(code), &rules.tb[rules.n], &err))
        goto out;
    if (rules.tb[0].def->id == TB_TBR || rules.tb[0].def->id == TB_BBE) {
        rules.tb[1] = rules.tb[0];
        tiebreak_parse("GPTS", 4, &rules.tb[0], &err);
        at = 1;
    }
    rules.n = at + 1;
    if (tiebreak_rules_resolve(&rules, 1, &err))
        goto out;
    memset(&o, 0, sizeof(o));
    o.rules = &rules;
    o.teams = tt;
    standings_rank(&s, t, &o, NULL);
    for (i = 0; i < s.n_rows; i++)
        out[s.rows[i].player] = s.rows[i].values[at];
    standings_release(&s);
    ret = 0;
out:
    strbuf_release(&err);
    return ret;
}

/* The values of one column for every player (index = player index). */
static int column(const struct tournament *t, enum tiebreak_policy pol,
                  const char *code, struct tiebreak_value *out)
{
    struct tiebreak_rules rules;
    struct strbuf err = STRBUF_INIT;
    struct tiebreak tb;
    size_t i;

    if (tiebreak_parse(code, strlen(code), &tb, &err)) {
        strbuf_release(&err);
        return -1;
    }
    strbuf_release(&err);
    tiebreak_rules_init(&rules);
    rules.policy = pol;
    if (tb.def->id == TB_DE) {
        /* DE as the tables have it: right after the points. */
        struct standings s;
        struct standings_options o;
        memset(&o, 0, sizeof(o));
        rules.tb[0] = tb;
        rules.n = 1;
        o.rules = &rules;
        standings_rank(&s, t, &o, NULL);
        for (i = 0; i < s.n_rows; i++)
            out[s.rows[i].player] = s.rows[i].values[0];
        standings_release(&s);
    } else {
        struct tiebreak_context *c = tiebreak_context_new(
            t, t->n_rounds, pol, tiebreak_is_round_robin(t));
        tiebreak_compute(c, &tb, out);
        tiebreak_context_free(c);
    }
    return 0;
}

/* The reference name of a column as printed by an arbiter program. */
static const char *column_code(const char *head)
{
    static const char *const map[][2] = {
        {"Punkte", "PTS"},  {"Pts", "PTS"}, {"Buchh", "BH"}, {"SoBerg", "SB"},
        {"BH-C1", "BH/C1"}, {"Rang", NULL}, {"Pos", NULL},   {"BuSumm", NULL},
    };
    size_t i;

    for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (!strcmp(head, map[i][0]))
            return map[i][1];
    return head;
}

/*
 * Compare the table at path (StartNo, Name, then columns) with Sekretar's
 * values of t (of its teams with tt) under policy k; counted under policy
 * k.  Returns -1 when there is no such table.
 */
static int compare(const char *path, const char *label, size_t k,
                   const struct tournament *t, const struct team_table *tt)
{
    struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT;
    char *heads[64], *f[64], *line, *next;
    size_t nh, c, compared = 0, wrong = 0, skipped = 0;
    struct tiebreak_value *v[64];
    enum err e;

    {
        struct diag_list dl = DIAG_LIST_INIT;
        e = file_read(path, 1u << 26, &sb, &dl);
        diag_list_release(&dl);
    }
    if (e) {
        strbuf_release(&sb);
        return -1;
    }
    line = sb.buf;
    next = strchr(line, '\n');
    if (next)
        *next++ = '\0';
    nh = split_tabs(line, heads, 64);
    for (c = 0; c < nh; c++) {
        const char *code = column_code(heads[c]);
        v[c] = NULL;
        if (c < 2 || !code)
            continue;
        heads[c] = (char *)code;
        v[c] = calloc(t->n_players + 1, sizeof(*v[c]));
        if (tt ? team_column(t, tt, tables[k].policy, code, v[c])
               : column(t, tables[k].policy, code, v[c])) {
            free(v[c]);
            v[c] = NULL;
        }
    }
    while ((line = next) && *line) {
        const struct player *p;
        size_t n;
        int no, idx;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        n = split_tabs(line, f, 64);
        no = (int)strtol(f[0], NULL, 10);
        idx = tt ? team_table_find(tt, no) : -1;
        p = tournament_player(t, no);
        if (tt ? idx < 0 : !p) {
            wrong++;
            continue;
        }
        if (!tt)
            idx = (int)(p - t->players);
        for (c = 2; c < n && c < nh; c++) {
            const struct tiebreak_value *got;
            int undef = !strcmp(f[c], "-0");
            double want = undef ? 0 : strtod(f[c], NULL);
            if (!v[c]) {
                skipped += column_code(heads[c]) != NULL;
                continue;
            }
            got = &v[c][idx];
            compared++;
            if (got->undefined != undef ||
                (!undef && fabs(got->value - want) > 1e-9)) {
                if (wrong < 12)
                    strbuf_addf(&msg,
                                "#   %s %s %d: %s is %s%g, "
                                "wanted %s\n",
                                label, tt ? "team" : "player", no, heads[c],
                                got->undefined ? "undefined " : "", got->value,
                                f[c]);
                wrong++;
            }
        }
    }
    for (c = 0; c < nh; c++)
        free(v[c]);
    ok(wrong == 0, "%s: %zu values equal, %zu differ", label, compared - wrong,
       wrong);
    if (wrong)
        fputs(msg.buf, stdout);
    n_compared[k] += compared;
    n_wrong[k] += wrong;
    n_skipped[k] += skipped;
    strbuf_release(&sb);
    strbuf_release(&msg);
    return 0;
}

/* Read the TRF at dir/stem.trf; NULL (and a failed test) when it fails. */
static struct tournament *read_trf(const char *dir, const char *stem)
{
    char path[8192];
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;

    snprintf(path, sizeof(path), "%s/%s.trf", dir, stem);
    trf_read(path, NULL, &t, &dl);
    diag_list_release(&dl);
    ok(t != NULL, "%s: read", stem);
    return t;
}

/* The .trf stems of a folder, sorted; count in *n. */
static char **list_stems(const char *dir, size_t *n)
{
    char **names = calloc(256, sizeof(char *));
    struct dirent *de;
    DIR *d = opendir(dir);

    *n = 0;
    while (d && (de = readdir(d)) && *n < 256) {
        size_t len = strlen(de->d_name);
        if (len > 4 && !strcmp(de->d_name + len - 4, ".trf"))
            names[(*n)++] = strndup(de->d_name, len - 4);
    }
    if (d)
        closedir(d);
    return names;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    const char *shared = getenv("SEKRETAR_SHARED");
    char dir[2048], path[8192], label[8192];
    char **names;
    size_t n = 0, i, k;
    DIR *d;

    if (!shared)
        shared = "../shared/data";
    snprintf(dir, sizeof(dir), "%s/trf", shared);
    d = opendir(dir);
    if (!d)
        skip_all("no shared test data (../shared/data)");
    closedir(d);
    names = list_stems(dir, &n);
    qsort(names, n, sizeof(char *), cmp_str);
    for (i = 0; i < n; i++) {
        struct tournament *t = read_trf(dir, names[i]);
        struct team_table tt;
        struct diag_list dl = DIAG_LIST_INIT;
        size_t before, before_wrong;
        if (t && t->n_teams)
            team_table_build(&tt, t, &dl);
        diag_list_release(&dl);
        /* The team file has no table of the 2009 rule. */
        for (k = 0; t && k < (t->n_teams ? 2 : 3); k++) {
            snprintf(path, sizeof(path), "%s/expected/%s%s", dir, names[i],
                     tables[k].suffix);
            snprintf(label, sizeof(label), "%s %s", names[i],
                     tables[k].suffix + 1);
            before = n_compared[k];
            before_wrong = n_wrong[k];
            ok(compare(path, label, k, t, t->n_teams ? &tt : NULL) == 0,
               "%s: the table exists", label);
            if (t->n_teams) {
                n_team[k] += n_compared[k] - before;
                n_team_wrong[k] += n_wrong[k] - before_wrong;
            }
        }
        if (t && t->n_teams)
            team_table_release(&tt);
        tournament_free(t);
        free(names[i]);
    }
    free(names);

    snprintf(dir, sizeof(dir), "%s/trf/real", shared);
    names = list_stems(dir, &n);
    qsort(names, n, sizeof(char *), cmp_str);
    for (i = 0; i < n; i++) {
        struct tournament *t = read_trf(dir, names[i]);
        int vega = strstr(names[i], "vega") != NULL;
        if (!t)
            continue;
        snprintf(path, sizeof(path), "%s/%s.printed.tsv", dir, names[i]);
        snprintf(label, sizeof(label), "%s: printed by the program (%s)",
                 names[i], vega ? "2024 rules" : "2009 rule");
        compare(path, label, vega ? 0 : 2, t, NULL);
        snprintf(path, sizeof(path), "%s/%s.vo2009.tsv", dir, names[i]);
        snprintf(label, sizeof(label), "%s vo2009.tsv", names[i]);
        if (!vega)
            compare(path, label, 2, t, NULL);
        tournament_free(t);
        free(names[i]);
    }
    free(names);

    for (k = 0; k < 3; k++)
        ok(n_compared[k] > 0 && !n_wrong[k],
           "%s: %zu of %zu reference values equal",
           tiebreak_policy_name(tables[k].policy), n_compared[k] - n_wrong[k],
           n_compared[k]);
    for (k = 0; k < 2; k++)
        ok(n_team[k] > 0 && !n_team_wrong[k],
           "%s: %zu of %zu values of the team file equal",
           tiebreak_policy_name(tables[k].policy), n_team[k] - n_team_wrong[k],
           n_team[k]);
    diag("compared %zu values in all: fide-2024 %zu, fide-2026 %zu, "
         "fide-2009 %zu (the team file: %zu and %zu of them)",
         n_compared[0] + n_compared[1] + n_compared[2], n_compared[0],
         n_compared[1], n_compared[2], n_team[0], n_team[1]);
    return done_testing();
}
