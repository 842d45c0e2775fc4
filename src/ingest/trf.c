/* ingest/trf: read and write FIDE Tournament Report Files (TRF-16, TRF-26).
 * SPDX-License-Identifier: MIT
 */
#include "ingest/trf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/text.h"
#include "ingest/trf-teams.h"
#include "util/date.h"
#include "util/file.h"
#include "util/num.h"
#include "util/utf8.h"
#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ---------------------------------------------------------------- lines */

/*
 * One line of the decoded file.  off[k] is the byte offset of character k,
 * off[nchars] == len, so columns are cut by characters.  When bytes is set
 * the line is cut by bytes instead (files aligned by a byte-counting
 * program).
 */
struct line {
    const char *s;
    size_t len;
    size_t *off;
    size_t nchars;
    size_t off_alloc;
    unsigned no;
    int bytes;
    int ascii; /* every character one byte: off is not used */
};

/* Byte offset of character k (0-based; k <= nchars). */
static size_t char_off(const struct line *l, size_t k)
{
    return l->ascii ? k : l->off[k];
}

static void line_index(struct line *l)
{
    size_t i, k = 0;

    /* An ASCII line (most are) is its own index: character k at byte k. */
    l->ascii = utf8_ascii_prefix(l->s, l->len) == l->len;
    if (l->ascii || l->bytes) {
        l->ascii = 1;
        l->nchars = l->len;
        return;
    }
    ALLOC_GROW(l->off, l->len + 1, l->off_alloc);
    for (i = 0; i < l->len; i++)
        if (l->bytes || ((unsigned char)l->s[i] & 0xC0) != 0x80)
            l->off[k++] = i;
    l->nchars = k;
    l->off[k] = l->len;
}

/* Characters c1..c2 (1-based, inclusive), clipped to the line. */
static void col_span(const struct line *l, size_t c1, size_t c2,
                     const char **p, size_t *n)
{
    size_t a = c1 - 1, b = c2;

    if (a > l->nchars)
        a = l->nchars;
    if (b > l->nchars)
        b = l->nchars;
    if (b < a)
        b = a;
    *p = l->s + char_off(l, a);
    *n = char_off(l, b) - char_off(l, a);
}

/* Trimmed copy of columns c1..c2 into sb. */
static const char *col_str(const struct line *l, size_t c1, size_t c2,
                           struct strbuf *sb)
{
    const char *p;
    size_t n;

    col_span(l, c1, c2, &p, &n);
    strbuf_reset(sb);
    strbuf_add(sb, p, n);
    strbuf_trim(sb);
    return sb->buf;
}

/* col_str()'s text of columns c1..c2 copied into the arena, without the
   copy through a buffer. */
static char *col_dup(struct arena *a, const struct line *l, size_t c1,
                     size_t c2)
{
    const char *p, *e;
    size_t n;

    col_span(l, c1, c2, &p, &n);
    e = p + n;
    while (e > p && strbuf_is_space(e[-1]))
        e--;
    while (p < e && strbuf_is_space(*p))
        p++;
    return arena_strndup(a, p, (size_t)(e - p));
}

/*
 * Columns c1..c2 as col_str() and parse_uint() read them, the quick way
 * for what they nearly always hold: 1 when blank, 0 with *v for digits
 * between spaces; -1 for anything else, which the caller reads the slow
 * way (and names in its message).
 */
static int col_number(const struct line *l, size_t c1, size_t c2, int *v)
{
    const char *p, *e;
    size_t n;
    long x = 0;

    col_span(l, c1, c2, &p, &n);
    e = p + n;
    while (p < e && *p == ' ')
        p++;
    while (e > p && e[-1] == ' ')
        e--;
    if (p == e)
        return 1;
    for (; p < e; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        x = x * 10 + (*p - '0');
        if (x > 1000000000)
            return -1;
    }
    *v = (int)x;
    return 0;
}

/* The character at column c (1-based) if it is ASCII, ' ' past the end. */
static char col_char(const struct line *l, size_t c)
{
    if (c == 0 || c > l->nchars)
        return ' ';
    if (char_off(l, c) - char_off(l, c - 1) != 1)
        return '?';
    return l->s[char_off(l, c - 1)];
}

/* ---------------------------------------------------------------- parse */

struct parser {
    struct tournament *t;
    struct diag_list *dl;
    const char *name;
    struct strbuf tmp;
    int seen_players;
    size_t n_team_records;
    struct entry *ents;   /* scratch round fields of the line being read */
    size_t ents_alloc;
    unsigned first_line_of[10000];
};

/* "4.5", "4,5", "10", ".5"; halves and tenths as written. */
/* 0 and *out set when s is a whole number (at most 10^9), else -1. */
static int parse_uint(const char *s, int *out)
{
    int v = num_parse_uint(s, 1000000000);

    if (v < 0)
        return -1;
    *out = v;
    return 0;
}

static int parse_points(const char *s, double *out)
{
    double v;
    int neg;

    if (num_parse_decimal(s, ".,", &v))
        return -1;
    neg = signbit(v) != 0;
    /* Keep tenths exact: 0.1 steps round to the nearest twentieth. */
    v = floor(fabs(v) * 20 + 0.5) / 20;
    *out = neg ? -v : v;
    return 0;
}

/*
 * An optional number in columns c1..c2 into *v (left as it is when the
 * columns are blank): NULL, or, when they hold something else, *v 0 and
 * their trimmed text (in sb) for the caller's message.  The quick way
 * first (col_number()); the slow one reads tabs and the like as blanks.
 */
static const char *col_optional(const struct line *l, size_t c1, size_t c2,
                                struct strbuf *sb, int *v)
{
    const char *s;

    if (col_number(l, c1, c2, v) >= 0)
        return NULL;
    s = col_str(l, c1, c2, sb);
    if (!*s || !parse_uint(s, v))
        return NULL;
    *v = 0;
    return s;
}

static int valid_result(char c)
{
    switch (c) {
    case '1':
    case '0':
    case '=':
    case '+':
    case '-':
    case 'W':
    case 'D':
    case 'L':
    case 'H':
    case 'F':
    case 'U':
    case 'Z':
    case ' ':
        return 1;
    default:
        return 0;
    }
}

static char upper(char c)
{
    return (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* A blank column between two fields of a record, and what it parts. */
struct gap {
    size_t col;
    const char *before, *after;
};

static const struct gap player_gaps[] = {
    {9, N_("the start number (5-8)"), N_("the sex (10)")},
    {14, N_("the title (11-13)"), N_("the name (15-47)")},
    {48, N_("the name (15-47)"), N_("the rating (49-52)")},
    {53, N_("the rating (49-52)"), N_("the federation (54-56)")},
    {57, N_("the federation (54-56)"), N_("the FIDE ID (58-68)")},
    {69, N_("the FIDE ID (58-68)"), N_("the birth date (70-79)")},
    {80, N_("the birth date (70-79)"), N_("the points (81-84)")},
    {85, N_("the points (81-84)"), N_("the rank (86-89)")},
};

static const struct gap team310_gaps[] = {
    {8, N_("the team number (5-7)"), N_("the team name (9-40)")},
    {41, N_("the team name (9-40)"), N_("the nickname (42-46)")},
    {47, N_("the nickname (42-46)"), N_("the strength (48-53)")},
    {54, N_("the strength (48-53)"), N_("the match points (55-60)")},
    {61, N_("the match points (55-60)"), N_("the game points (62-67)")},
    {68, N_("the game points (62-67)"), N_("the rank (69-71)")},
};

/*
 * A field that runs over the blank column after it ("2147483648" as a
 * rating): an error, since cutting the columns would split it silently
 * into two values.  Returns the number of errors.
 */
static size_t check_gaps(struct parser *ps, const struct line *l,
                         const struct gap *gaps, size_t n,
                         struct diag_list *dl)
{
    size_t k, errors = 0, end = 0;

    for (k = 0; k < n; k++) {
        size_t c = gaps[k].col, a = c, b = c;
        /* One value over two gaps is reported once. */
        if (c <= end || col_char(l, c) == ' ')
            continue;
        while (a > 5 && col_char(l, a - 1) != ' ')
            a--;
        while (b < l->nchars && col_char(l, b + 1) != ' ')
            b++;
        end = b;
        diag_error(dl, ps->name, l->no, (unsigned)c,
                   "'%s' runs over column %zu, the blank between %s and "
                   "%s; a value too long, or the line is misaligned",
                   col_str(l, a, b, &ps->tmp), c, _(gaps[k].before),
                   _(gaps[k].after));
        errors++;
    }
    return errors;
}

/*
 * A round's field "OOOO C R  " read straight from its ten bytes b, for
 * what it nearly always is: the opponent's digits (or blanks) right-
 * aligned, a colour, a result, the blanks where they belong.  1: e is
 * the round; 0: the field is blank (e empty); -1: anything else, which
 * the caller reads the slow way (and names in its message).
 */
static int quick_round(const char *b, struct entry *e)
{
    char colour = lower(b[5]), code = upper(b[7]);
    int k = 0, x = 0, digits = 0;

    if (b[4] != ' ' || b[6] != ' ' || b[8] != ' ' || b[9] != ' ')
        return -1;
    while (k < 4 && b[k] == ' ')
        k++;
    for (; k < 4; k++, digits++) {
        if (b[k] < '0' || b[k] > '9')
            return -1;
        x = x * 10 + (b[k] - '0');
    }
    if (colour != 'w' && colour != 'b' && colour != '-' && colour != ' ')
        return -1;
    if (!valid_result(code))
        return -1;
    memset(e, 0, sizeof(*e));
    e->colour = ' ';
    e->code = ' ';
    if (!digits && colour == ' ' && code == ' ')
        return 0;
    e->opp = x;
    e->colour = colour;
    e->code = code;
    e->flags = ENTRY_PRESENT;
    return 1;
}

/*
 * Parse the fields of a 001 line into p; entries go to *ents.  Errors go to
 * dl (which may be a scratch list when trying byte alignment).  Returns the
 * number of errors.
 */
static size_t parse_player_line(struct parser *ps, const struct line *l,
                                struct player *p, struct entry **ents,
                                size_t *ents_alloc, struct diag_list *dl)
{
    struct strbuf *sb = &ps->tmp;
    struct arena *a = &ps->t->arena;
    size_t errors = dl->nr_errors;
    const char *f = ps->name;
    unsigned ln = l->no;
    const char *s;
    size_t r, nfields;
    int v;

    check_gaps(ps, l, player_gaps, sizeof(player_gaps) / sizeof(*player_gaps),
               dl);
    /* the numbers the quick way (col_number()), the slow way to say
       what is wrong */
    if (col_number(l, 5, 8, &v) || v < 1 || v > 9999) {
        s = col_str(l, 5, 8, sb);
        if (parse_uint(s, &v) || v < 1 || v > 9999) {
            diag_error(dl, f, ln, 5,
                       "start number expected in columns 5-8 (1 to 9999), "
                       "found '%s'",
                       s);
            v = 0;
        }
    }
    p->start_no = v;
    p->sex = col_char(l, 10);
    p->title = col_dup(a, l, 11, 13);
    p->name = col_dup(a, l, 15, 47);
    if ((s = col_optional(l, 49, 52, sb, &p->rating)))
        diag_error(dl, f, ln, 49,
                   "rating expected in columns 49-52, found '%s'", s);
    p->fed = col_dup(a, l, 54, 56);
    p->fide_id = col_dup(a, l, 58, 68);
    p->birth = col_dup(a, l, 70, 79);
    player_birth_read(p);
    strbuf_reset(sb);
    if (date_impossible(p->birth, sb))
        diag_error(dl, f, ln, 70, "birth date '%s' does not exist (%s)",
                   p->birth, sb->buf);
    s = col_str(l, 81, 84, sb);
    p->has_points = 0;
    if (*s) {
        if (parse_points(s, &p->points))
            diag_error(dl, f, ln, 81,
                       "points expected in columns 81-84, found '%s'", s);
        else
            p->has_points = 1;
    }
    if ((s = col_optional(l, 86, 89, sb, &p->rank)))
        diag_error(dl, f, ln, 86,
                   "rank expected in columns 86-89, found '%s'", s);
    if (col_char(l, 90) != ' ' || col_char(l, 91) != ' ')
        diag_error(dl, f, ln, col_char(l, 90) != ' ' ? 90 : 91,
                   "columns 90-91 must be blank; the line is misaligned");
    nfields = l->nchars > 91 ? (l->nchars - 91 + 9) / 10 : 0;
    ALLOC_GROW(*ents, nfields + 1, *ents_alloc);
    p->n_fields = 0;
    for (r = 0; r < nfields; r++) {
        size_t base = 92 + r * 10;
        struct entry *e = &(*ents)[r];
        char colour, code;
        int oppv = 0, quick, bad = 0;
        const char *opp;

        /* Ten bytes of ASCII for the ten columns: the quick way first. */
        if (base + 9 <= l->nchars &&
            char_off(l, base + 9) - char_off(l, base - 1) == 10) {
            int q = quick_round(l->s + char_off(l, base - 1), e);
            if (q >= 0) {
                if (q)
                    p->n_fields = (int)r + 1;
                continue;
            }
        }
        colour = lower(col_char(l, base + 5));
        code = upper(col_char(l, base + 7));
        quick = col_number(l, base, base + 3, &oppv);
        opp = quick < 0 ? col_str(l, base, base + 3, sb) : quick ? "" : "0";
        memset(e, 0, sizeof(*e));
        e->colour = ' ';
        e->code = ' ';
        if (!*opp && colour == ' ' && code == ' ' &&
            col_char(l, base + 4) == ' ' && col_char(l, base + 6) == ' ' &&
            col_char(l, base + 8) == ' ' && col_char(l, base + 9) == ' ')
            continue;
        if (!quick)
            e->opp = oppv;
        else if (*opp && parse_uint(opp, &e->opp)) {
            diag_error(dl, f, ln, (unsigned)base,
                       "round %zu: opponent start number expected in "
                       "columns %zu-%zu, found '%s'",
                       r + 1, base, base + 3, opp);
            bad = 1;
        }
        if (!bad && (col_char(l, base + 4) != ' ' ||
                     col_char(l, base + 6) != ' ')) {
            diag_error(dl, f, ln,
                       (unsigned)(col_char(l, base + 4) != ' ' ? base + 4
                                                               : base + 6),
                       "round %zu: blank expected between the fields "
                       "'OOOO C R'; the line is misaligned",
                       r + 1);
            bad = 1;
        }
        if (!bad && colour != 'w' && colour != 'b' && colour != '-' &&
            colour != ' ') {
            diag_error(dl, f, ln, (unsigned)(base + 5),
                       "round %zu: colour 'w', 'b' or '-' expected in "
                       "column %zu, found '%c'",
                       r + 1, base + 5, col_char(l, base + 5));
            bad = 1;
        }
        if (!bad && !valid_result(code)) {
            diag_error(dl, f, ln, (unsigned)(base + 7),
                       "round %zu: result expected in column %zu "
                       "(1 = 0 + - W D L H F U Z), found '%c'",
                       r + 1, base + 7, col_char(l, base + 7));
            bad = 1;
        }
        if (!bad && (col_char(l, base + 8) != ' ' ||
                     (base + 9 <= l->nchars && col_char(l, base + 9) != ' '))) {
            diag_error(dl, f, ln, (unsigned)(base + 8),
                       "round %zu: unexpected text after the result; the "
                       "line is misaligned",
                       r + 1);
            bad = 1;
        }
        if (bad) {
            /* Refused: a blank round, but not one the player missed. */
            memset(e, 0, sizeof(*e));
            e->colour = e->code = ' ';
            e->flags = ENTRY_REFUSED;
            p->n_fields = (int)r + 1;
            continue;
        }
        e->colour = colour;
        e->code = code;
        e->flags = ENTRY_PRESENT;
        p->n_fields = (int)r + 1;
    }
    return dl->nr_errors - errors;
}

/* Store a player record, trying byte columns when character columns fail. */
static void add_player(struct parser *ps, struct line *l)
{
    struct tournament *t = ps->t;
    struct player *p = tournament_add_player(t);
    struct diag_list scratch = DIAG_LIST_INIT;
    size_t nerr;

    p->line = l->no;
    nerr = parse_player_line(ps, l, p, &ps->ents, &ps->ents_alloc, &scratch);
    if (nerr && l->nchars != l->len) {
        /*
         * A UTF-8 file written by a program that counts bytes: the names
         * take more bytes than characters and every later column shifts.
         */
        struct diag_list bytes = DIAG_LIST_INIT;
        struct player q = *p;
        struct line lb = *l;
        /* Its own rounds: a failed try must not spoil the ones read. */
        struct entry *bents = NULL;
        size_t balloc = 0;

        lb.off = NULL;
        lb.off_alloc = 0;
        lb.bytes = 1;
        line_index(&lb);
        if (!parse_player_line(ps, &lb, &q, &bents, &balloc, &bytes)) {
            *p = q;
            free(ps->ents);
            ps->ents = bents;
            ps->ents_alloc = balloc;
            bents = NULL;
            nerr = 0;
            diag_list_release(&scratch);
            scratch = bytes;
            diag_warning(&scratch, ps->name, l->no, 0,
                         "columns are aligned by bytes, not characters; "
                         "read them as bytes");
        } else {
            diag_list_release(&bytes);
        }
        free(bents);
        free(lb.off);
    }
    {
        size_t i;
        for (i = 0; i < scratch.nr; i++) {
            struct diag *d = &scratch.items[i];
            diag_add(ps->dl, d->level, d->file, d->line, d->col, "%s",
                     d->msg);
        }
        diag_list_release(&scratch);
    }
    if (p->n_fields) {
        p->rounds = arena_alloc(&t->arena,
                                sizeof(struct entry) * (size_t)p->n_fields);
        memcpy(p->rounds, ps->ents,
               sizeof(struct entry) * (size_t)p->n_fields);
    }
    if (p->start_no > 0 && p->start_no < 10000) {
        if (ps->first_line_of[p->start_no]) {
            diag_error(ps->dl, ps->name, l->no, 5,
                       "start number %d used twice (first at line %u)",
                       p->start_no, ps->first_line_of[p->start_no]);
        } else {
            ps->first_line_of[p->start_no] = l->no;
        }
    }
}

/* Team members: whitespace-separated start numbers from column c on. */
static void parse_members(struct parser *ps, const struct line *l, size_t c,
                          struct team *tm)
{
    const char *p;
    size_t n, i = 0, alloc = 0;
    int *m = NULL;

    col_span(l, c, l->nchars, &p, &n);
    tm->n_members = 0;
    while (i < n) {
        size_t j;
        int v;
        while (i < n && p[i] == ' ')
            i++;
        if (i >= n)
            break;
        for (j = i; j < n && p[j] != ' '; j++)
            ;
        strbuf_reset(&ps->tmp);
        strbuf_add(&ps->tmp, p + i, j - i);
        if (parse_uint(ps->tmp.buf, &v)) {
            diag_error(ps->dl, ps->name, l->no,
                       (unsigned)(c + utf8_nlen(p, i)),
                       "team member start number expected, found '%s'",
                       ps->tmp.buf);
        } else {
            ALLOC_GROW(m, (size_t)tm->n_members + 1, alloc);
            m[tm->n_members++] = v;
        }
        i = j;
    }
    tm->members = arena_alloc(&ps->t->arena,
                              sizeof(int) * (size_t)(tm->n_members + 1));
    if (tm->n_members)
        memcpy(tm->members, m, sizeof(int) * (size_t)tm->n_members);
    free(m);
}

static void add_record(struct parser *ps, const struct line *l,
                       const char *code);

static struct team *new_team(struct tournament *t)
{
    struct team *tm;

    ALLOC_GROW(t->teams, t->n_teams + 1, t->teams_alloc);
    tm = &t->teams[t->n_teams++];
    memset(tm, 0, sizeof(*tm));
    tm->name = tm->nick = tm->strength = "";
    return tm;
}

static void add_team013(struct parser *ps, const struct line *l)
{
    struct team *tm = new_team(ps->t);

    tm->record = '0';
    tm->line = l->no;
    tm->no = (int)++ps->n_team_records;
    /* Kept as a record too, in case a 310 record describes the same team. */
    add_record(ps, l, "013");
    tm->name = arena_strdup(&ps->t->arena, col_str(l, 5, 36, &ps->tmp));
    parse_members(ps, l, 37, tm);
}

static void add_team310(struct parser *ps, const struct line *l)
{
    struct team *tm = new_team(ps->t);
    struct arena *a = &ps->t->arena;
    const char *s;

    tm->record = '3';
    tm->line = l->no;
    ps->n_team_records++;
    check_gaps(ps, l, team310_gaps,
               sizeof(team310_gaps) / sizeof(*team310_gaps), ps->dl);
    s = col_str(l, 5, 7, &ps->tmp);
    if (parse_uint(s, &tm->no) || tm->no < 1) {
        diag_error(ps->dl, ps->name, l->no, 5,
                   "team pairing number expected in columns 5-7, found '%s'",
                   s);
        tm->no = (int)ps->n_team_records;
    }
    tm->name = arena_strdup(a, col_str(l, 9, 40, &ps->tmp));
    tm->nick = arena_strdup(a, col_str(l, 42, 46, &ps->tmp));
    tm->strength = arena_strdup(a, col_str(l, 48, 53, &ps->tmp));
    s = col_str(l, 55, 60, &ps->tmp);
    if (*s && !parse_points(s, &tm->mp))
        tm->has_mp = 1;
    else if (*s)
        diag_error(ps->dl, ps->name, l->no, 55,
                   "match points expected in columns 55-60, found '%s'", s);
    s = col_str(l, 62, 67, &ps->tmp);
    if (*s && !parse_points(s, &tm->gp))
        tm->has_gp = 1;
    else if (*s)
        diag_error(ps->dl, ps->name, l->no, 62,
                   "game points expected in columns 62-67, found '%s'", s);
    s = col_str(l, 69, 71, &ps->tmp);
    if (*s && parse_uint(s, &tm->rank))
        diag_error(ps->dl, ps->name, l->no, 69,
                   "team rank expected in columns 69-71, found '%s'", s);
    parse_members(ps, l, 72, tm);
}

static const char *const known_codes[] = {
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102",
    "112", "122", "132", "142", "152", "162", "172", "182", "192", "202",
    "212", "222", "240", "250", "260", "299", "300", "320", "330", "352",
    "362", "801", "802", "XXR", "XXC", "XXS", "XXA", "XXP", "DAT",
};

static int is_known(const char *code)
{
    size_t i;

    for (i = 0; i < sizeof(known_codes) / sizeof(known_codes[0]); i++)
        if (!strcmp(known_codes[i], code))
            return 1;
    return 0;
}

static int is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}

static void add_record(struct parser *ps, const struct line *l,
                       const char *code)
{
    struct tournament *t = ps->t;
    struct record *r;
    const char *p;
    size_t n;

    ALLOC_GROW(t->records, t->n_records + 1, t->records_alloc);
    r = &t->records[t->n_records++];
    memcpy(r->code, code, 4);
    col_span(l, 5, l->nchars, &p, &n);
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    r->text = arena_strndup(&t->arena, p, n);
    r->line = l->no;
    r->after_players = ps->seen_players;
}

/* A column ruler: only digits and blanks, counting up ("0123456789"). */
static int is_ruler(const struct line *l)
{
    size_t i;

    for (i = 0; i < l->len; i++)
        if (l->s[i] != ' ' && (l->s[i] < '0' || l->s[i] > '9'))
            return 0;
    if (l->len < 10)
        return 0;
    for (i = 0; i + 9 <= l->len; i++)
        if (!memcmp(l->s + i, "123456789", 9))
            return 1;
    return 0;
}

/* Read a line that is not a player or team record. */
static void classify_line(struct parser *ps, const struct line *l)
{
    char code[4] = {0};
    size_t i;

    for (i = 0; i < 3 && i < l->len; i++)
        code[i] = l->s[i];
    /* Rulers and column legends: "123456789...", "DDD SSSS ...", "   1". */
    if (is_ruler(l) || l->s[0] == ' ' ||
        (is_upper(code[0]) && code[0] == code[1] && code[1] == code[2]))
        return;
    if (l->len < 3 || (l->len > 3 && l->s[3] != ' ')) {
        diag_warning(ps->dl, ps->name, l->no, 1,
                     "unrecognised line ignored (not a TRF record)");
        return;
    }
    if (is_known(code)) {
        add_record(ps, l, code);
        return;
    }
    if (is_upper(code[0]) && is_upper(code[1]) && is_upper(code[2])) {
        /* National rating support records: a federation code. */
        add_record(ps, l, code);
        return;
    }
    if (code[0] >= '0' && code[0] <= '9' && code[1] >= '0' &&
        code[1] <= '9' && code[2] >= '0' && code[2] <= '9') {
        diag_warning(ps->dl, ps->name, l->no, 1,
                     "unknown record '%s' kept as it is", code);
        add_record(ps, l, code);
        return;
    }
    diag_warning(ps->dl, ps->name, l->no, 1,
                 "unrecognised line ignored (not a TRF record)");
}

/* ------------------------------------------------------------ finishing */

static void parse_scoring(struct parser *ps, const struct record *r)
{
    const char *s = r->text;
    size_t n = strlen(s), i;

    /* Positions 6, 15, 24, ... of the line are 2, 11, 20 ... of text. */
    for (i = 1; i < n; i += 9) {
        char c = upper(s[i]);
        char num[5] = {0};
        double v;
        size_t k;
        for (k = 0; k < 4 && i + 1 + k < n; k++)
            num[k] = s[i + 1 + k];
        strbuf_reset(&ps->tmp);
        strbuf_addstr(&ps->tmp, num);
        strbuf_trim(&ps->tmp);
        if (c == ' ')
            continue;
        if (parse_points(ps->tmp.buf, &v)) {
            diag_error(ps->dl, ps->name, r->line, (unsigned)(i + 6),
                       "162 record: points expected after '%c', found '%s'",
                       c, ps->tmp.buf);
            continue;
        }
        switch (c) {
        case 'W':
            ps->t->scoring.win = v;
            break;
        case 'D':
            ps->t->scoring.draw = v;
            break;
        case 'L':
            ps->t->scoring.loss = v;
            break;
        case 'A':
            ps->t->scoring.absence = v;
            break;
        case 'P':
            ps->t->scoring.pab = v;
            break;
        case 'X':
            ps->t->scoring.unknown = v;
            break;
        default:
            diag_error(ps->dl, ps->name, r->line, (unsigned)(i + 5),
                       "162 record: result code W D L A P or X expected, "
                       "found '%c'",
                       c);
        }
    }
}

/* Records that only TRF-2026 defines. */
static int is_trf26_code(const char *code)
{
    static const char *const codes[] = {
        "142", "152", "162", "172", "182", "192", "202", "212", "222",
        "240", "250", "260", "299", "300", "320", "330", "352", "362",
    };
    size_t i;

    for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
        if (!strcmp(codes[i], code))
            return 1;
    return 0;
}

/*
 * The dates of a 042, 052 or 132 record (132: one per round) that name
 * no day, such as 2023/02/31: errors at their column.
 */
static void check_dates(struct parser *ps, const struct record *r)
{
    const char *s = r->text;
    size_t i = 0, n;

    while (s[i]) {
        while (s[i] == ' ')
            i++;
        /* 042 and 052 are one date, which may hold blanks. */
        n = strcmp(r->code, "132") ? strlen(s + i) : strcspn(s + i, " ");
        if (!n)
            break;
        strbuf_reset(&ps->tmp);
        strbuf_add(&ps->tmp, s + i, n);
        {
            struct strbuf why = STRBUF_INIT;
            if (date_impossible(ps->tmp.buf, &why))
                diag_error(ps->dl, ps->name, r->line,
                           (unsigned)(5 + utf8_nlen(s, i)),
                           "record %s: date '%s' does not exist (%s)",
                           r->code, ps->tmp.buf, why.buf);
            strbuf_release(&why);
        }
        i += n;
    }
}

enum trf_system trf_system_from_type(const char *type)
{
    static const char *const rr_words[] = {
        "RR",    "ROBIN",  "BERGER", "колов",  "Колов",
        "КОЛОВ", "кругов", "Кругов", "КРУГОВ", NULL};
    /* Swiss systems by their names too: FIDE's Dutch (C.04.3), Dubov,
       Burstein, Monrad. */
    static const char *const swiss_words[] = {
        "SWISS",   "DUTCH",   "DUBOV",   "BURSTEIN", "MONRAD",  "швейцар",
        "Швейцар", "ШВЕЙЦАР", "голланд", "Голланд",  "ГОЛЛАНД", NULL};
    enum trf_system sys = TRF_SYSTEM_UNKNOWN;
    struct strbuf up = STRBUF_INIT;
    const char *s;
    size_t i;

    if (!type || !*type)
        return TRF_SYSTEM_UNKNOWN;
    /* ASCII letters only: the Cyrillic words are listed in each case. */
    for (s = type; *s; s++)
        strbuf_addch(&up, upper(*s));
    for (i = 0; swiss_words[i] && !sys; i++)
        if (strstr(up.buf, swiss_words[i]))
            sys = TRF_SYSTEM_SWISS;
    for (i = 0; rr_words[i] && !sys; i++)
        if (strstr(up.buf, rr_words[i]))
            sys = TRF_SYSTEM_ROUND_ROBIN;
    strbuf_release(&up);
    return sys;
}

static void read_header(struct parser *ps)
{
    struct tournament *t = ps->t;
    size_t i;
    int have_pab = 0;

    for (i = 0; i < t->n_records; i++) {
        const struct record *r = &t->records[i];
        int v;
        if (!strcmp(r->code, "XXR") || !strcmp(r->code, "142")) {
            strbuf_reset(&ps->tmp);
            strbuf_addstr(&ps->tmp, r->text);
            strbuf_trim(&ps->tmp);
            if (parse_uint(ps->tmp.buf, &v) || v < 1 || v > 999)
                diag_warning(ps->dl, ps->name, r->line, 5,
                             "number of rounds expected, found '%s'",
                             ps->tmp.buf);
            else
                t->planned_rounds = v;
        } else if (!strcmp(r->code, "162")) {
            parse_scoring(ps, r);
            have_pab = strchr(r->text, 'P') || strchr(r->text, 'p');
        } else if (!strcmp(r->code, "042") || !strcmp(r->code, "052") ||
                   !strcmp(r->code, "132")) {
            check_dates(ps, r);
        }
        if (is_trf26_code(r->code))
            t->version = TRF_26;
    }
    if (!have_pab)
        t->scoring.pab = t->scoring.win;
    tournament_header_from_records(t);
    t->system_hint = trf_system_from_type(t->type);
}

/* Give blank results the value the points column leaves for them. */
static void infer_blanks(struct parser *ps, struct player *p)
{
    struct tournament *t = ps->t;
    double known = 0.0, diff, each;
    int r, nblank = 0;

    for (r = 0; r < t->n_rounds; r++) {
        struct entry *e = &p->rounds[r];
        if ((e->flags & ENTRY_PRESENT) && e->code == ' ')
            nblank++;
        else
            known += e->points;
    }
    if (!nblank || !p->has_points)
        return;
    diff = p->points - known;
    if (fabs(diff) < 1e-9)
        return;
    if (fabs(diff - nblank * t->scoring.draw) < 1e-9)
        each = t->scoring.draw;
    else if (fabs(diff - nblank * t->scoring.win) < 1e-9)
        each = t->scoring.win;
    else if (nblank == 1 && diff > 0 && diff <= t->scoring.win)
        each = diff;
    else {
        diag_error(ps->dl, ps->name, p->line, 81,
                   "player %d: %d blank results cannot be valued from the "
                   "points column (%.1f for them together)",
                   p->start_no, nblank, diff);
        return;
    }
    {
        struct strbuf rounds = STRBUF_INIT;
        for (r = 0; r < t->n_rounds; r++) {
            struct entry *e = &p->rounds[r];
            if ((e->flags & ENTRY_PRESENT) && e->code == ' ') {
                e->points = each;
                e->flags |= ENTRY_INFERRED;
                strbuf_addf(&rounds, "%s%d", rounds.len ? ", " : "", r + 1);
            }
        }
        diag_warning(ps->dl, ps->name, p->line, 81,
                     "player %d: blank result%s in round%s %s valued %s "
                     "from the points column",
                     p->start_no, nblank > 1 ? "s" : "", nblank > 1 ? "s" : "",
                     rounds.buf,
                     each == 1.0 ? "1" : each == 0.5 ? "½" : "as written");
        strbuf_release(&rounds);
    }
}

/*
 * A TRF-26 file may carry both 310 records and the 013 records they replace.
 * Then the 310 records define the teams and the 013 records stay as plain
 * records (written back as they were); a 013 record that disagrees with its
 * 310 team is reported.  Without 310 records the 013 records are the teams.
 */
static void resolve_team_records(struct parser *ps)
{
    struct tournament *t = ps->t;
    size_t i, j, n = 0;
    int have310 = 0;

    for (i = 0; i < t->n_teams; i++)
        if (t->teams[i].record == '3')
            have310 = 1;
    if (!have310) {
        for (i = 0; i < t->n_records; i++)
            if (strcmp(t->records[i].code, "013"))
                t->records[n++] = t->records[i];
        t->n_records = n;
        return;
    }
    for (i = 0; i < t->n_teams; i++) {
        const struct team *a = &t->teams[i];
        const struct team *match = NULL;
        if (a->record == '3') {
            t->teams[n++] = *a;
            continue;
        }
        for (j = 0; j < t->n_teams && !match; j++)
            if (t->teams[j].record == '3' && !strcmp(t->teams[j].name, a->name))
                match = &t->teams[j];
        if (!match)
            diag_warning(ps->dl, ps->name, a->line, 5,
                         "013 record of team '%s' has no 310 record; the "
                         "310 records define the teams",
                         a->name);
        else if (match->n_members != a->n_members ||
                 memcmp(match->members, a->members,
                        sizeof(int) * (size_t)a->n_members))
            diag_warning(ps->dl, ps->name, a->line, 37,
                         "013 record of team '%s' lists other players than "
                         "its 310 record (line %u); the 310 record is used",
                         a->name, match->line);
    }
    t->n_teams = n;
}

static void finish(struct parser *ps)
{
    struct tournament *t = ps->t;
    size_t i;
    int n = 0, r;

    read_header(ps);
    for (i = 0; i < t->n_players; i++)
        if (t->players[i].n_fields > n)
            n = t->players[i].n_fields;
    /* Every player gets n entries; a line with fewer round fields gets
       blank ones after them (a line with all of them keeps its own). */
    for (i = 0; i < t->n_players; i++) {
        struct player *p = &t->players[i];
        struct entry *e;
        if (n && p->n_fields == n)
            continue;
        e = arena_alloc(&t->arena, sizeof(*e) * (size_t)(n ? n : 1));
        for (r = 0; r < n; r++) {
            e[r].colour = e[r].code = ' ';
        }
        if (p->n_fields)
            memcpy(e, p->rounds, sizeof(*e) * (size_t)p->n_fields);
        p->rounds = e;
    }
    t->n_rounds = n;
    for (i = 0; i < t->n_players; i++) {
        struct player *p = &t->players[i];
        for (r = 0; r < n; r++)
            p->rounds[r].points = scoring_value(&t->scoring, &p->rounds[r]);
        infer_blanks(ps, p);
    }
    tournament_index(t);
    resolve_team_records(ps);
    for (i = 0; i < t->n_teams; i++) {
        struct team *tm = &t->teams[i];
        int k;
        if (!tm->n_members)
            diag_error(ps->dl, ps->name, tm->line, tm->record == '3' ? 72 : 37,
                       "team '%s' lists no players (their start numbers from "
                       "column %d of record %s)",
                       tm->name, tm->record == '3' ? 72 : 37,
                       tm->record == '3' ? "310" : "013");
        for (k = 0; k < tm->n_members; k++) {
            struct player *p = tournament_player(t, tm->members[k]);
            if (!p) {
                diag_error(ps->dl, ps->name, tm->line, 0,
                           "team '%s': member %d is not a player of the file",
                           tm->name, tm->members[k]);
            } else if (p->team >= 0 && p->team != (int)i) {
                diag_error(ps->dl, ps->name, tm->line, 0,
                           "player %d is in two teams ('%s' and '%s')",
                           p->start_no, t->teams[p->team].name, tm->name);
            } else {
                p->team = (int)i;
            }
        }
    }
    if (t->n_teams)
        trf_teams_read(t, ps->dl);
}

/* ----------------------------------------------------------------- entry */

enum err trf_parse(const char *data, size_t len, const char *name,
                   const struct trf_options *opts, struct tournament **out,
                   struct diag_list *dl)
{
    struct parser *ps;
    struct strbuf text = STRBUF_INIT;
    const char *tx, *nl;
    size_t tlen;
    struct line l;
    size_t errors0 = dl->nr_errors, pos = 0;
    enum encoding enc = opts ? opts->encoding : ENC_AUTO;
    unsigned lineno = 0;

    *out = NULL;
    if (!len) {
        diag_error(dl, name, 0, 0, "file is empty; a TRF file is expected");
        return ERR_PARSE;
    }
    if (text_decode_view(data, len, name, "TRF", enc, ENC_AUTO, &text, &tx,
                         &tlen, &enc, dl)) {
        strbuf_release(&text);
        return ERR_PARSE;
    }

    ps = xcalloc(1, sizeof(*ps));
    ps->t = tournament_new();
    ps->t->source = arena_strdup(&ps->t->arena, name);
    ps->t->encoding = encoding_name(enc);
    ps->dl = dl;
    ps->name = name;
    strbuf_init(&ps->tmp, 128);
    memset(&l, 0, sizeof(l));

    /* A line ends at the first CR or LF.  The next LF is looked for again
       only once passed: a file of CRs alone has none. */
    nl = tlen ? memchr(tx, '\n', tlen) : NULL;
    while (pos < tlen) {
        size_t end, next;
        const char *cr;
        if (nl && nl < tx + pos)
            nl = memchr(tx + pos, '\n', tlen - pos);
        end = nl ? (size_t)(nl - tx) : tlen;
        cr = memchr(tx + pos, '\r', end - pos);
        if (cr)
            end = (size_t)(cr - tx);
        next = end;
        if (next < tlen && tx[next] == '\r')
            next++;
        if (next < tlen && tx[next] == '\n')
            next++;
        lineno++;
        l.s = tx + pos;
        l.len = end - pos;
        l.no = lineno;
        pos = next;
        while (l.len && (l.s[l.len - 1] == ' ' || l.s[l.len - 1] == '\t'))
            l.len--;
        if (!l.len)
            continue;
        if (l.len > TRF_MAX_LINE) {
            diag_error(dl, name, lineno, TRF_MAX_LINE + 1,
                       "line too long (%zu bytes; at most %u)", l.len,
                       TRF_MAX_LINE);
            continue;
        }
        if (l.len >= 3 && !memcmp(l.s, "###", 3))
            continue;
        line_index(&l);
        if (l.len >= 3 && !memcmp(l.s, "001", 3) &&
            (l.len == 3 || l.s[3] == ' ')) {
            ps->seen_players = 1;
            if (end == tlen && l.nchars < 84)
                diag_error(dl, name, lineno, (unsigned)l.nchars + 1,
                           "the file ends in the middle of a player record "
                           "(cut at column %zu, before the points); is it "
                           "truncated?",
                           l.nchars + 1);
            add_player(ps, &l);
        } else if (l.len >= 4 && !memcmp(l.s, "013 ", 4)) {
            add_team013(ps, &l);
        } else if (l.len >= 4 && !memcmp(l.s, "310 ", 4)) {
            add_team310(ps, &l);
            ps->t->version = TRF_26;
        } else {
            classify_line(ps, &l);
        }
    }
    free(l.off);
    strbuf_release(&text);

    if (!ps->t->n_players) {
        diag_error(dl, name, 0, 0,
                   "no player records (lines starting '001'); "
                   "is this a TRF file?");
        tournament_free(ps->t);
        strbuf_release(&ps->tmp);
        free(ps->ents);
        free(ps);
        return ERR_PARSE;
    }
    finish(ps);
    *out = ps->t;
    strbuf_release(&ps->tmp);
    free(ps->ents);
    free(ps);
    return dl->nr_errors > errors0 ? ERR_PARSE : ERR_OK;
}

enum err trf_read(const char *path, const struct trf_options *opts,
                  struct tournament **out, struct diag_list *dl)
{
    struct strbuf buf = STRBUF_INIT;
    enum err e;

    *out = NULL;
    e = file_read(path, TRF_MAX_SIZE, &buf, dl);
    if (!e)
        e = trf_parse(buf.buf, buf.len, path, opts, out, dl);
    strbuf_release(&buf);
    return e;
}

/* --------------------------------------------------------------- writer */

/* Append s padded or cut to exactly width characters. */
static void put_field(struct strbuf *out, const char *s, size_t width,
                      int right)
{
    size_t n = utf8_len(s), bytes = strlen(s);

    if (n > width) {
        bytes = utf8_offset(s, bytes, width);
        n = width;
    }
    if (right)
        strbuf_addchars(out, ' ', width - n);
    strbuf_add(out, s, bytes);
    if (!right)
        strbuf_addchars(out, ' ', width - n);
}

static void put_points(struct strbuf *out, double v, size_t width)
{
    char buf[32];
    snprintf(buf, sizeof(buf), "%.1f", v);
    put_field(out, buf, width, 1);
}

void trf_write_player(const struct tournament *t, const struct player *p,
                      struct strbuf *out)
{
    char num[16];
    int r, last = 0;
    size_t start = out->len;

    strbuf_addstr(out, "001 ");
    snprintf(num, sizeof(num), "%d", p->start_no);
    put_field(out, num, 4, 1);
    strbuf_addch(out, ' ');
    strbuf_addch(out, p->sex ? p->sex : ' ');
    put_field(out, p->title, 3, 1);
    strbuf_addch(out, ' ');
    put_field(out, p->name, 33, 0);
    strbuf_addch(out, ' ');
    if (p->rating)
        snprintf(num, sizeof(num), "%d", p->rating);
    else
        num[0] = '\0';
    put_field(out, num, 4, 1);
    strbuf_addch(out, ' ');
    put_field(out, p->fed, 3, 0);
    strbuf_addch(out, ' ');
    put_field(out, p->fide_id, 11, 1);
    strbuf_addch(out, ' ');
    put_field(out, p->birth, 10, 0);
    strbuf_addch(out, ' ');
    if (p->has_points)
        put_points(out, p->points, 4);
    else
        strbuf_addchars(out, ' ', 4);
    strbuf_addch(out, ' ');
    if (p->rank)
        snprintf(num, sizeof(num), "%d", p->rank);
    else
        num[0] = '\0';
    put_field(out, num, 4, 1);
    for (r = 0; r < t->n_rounds; r++)
        if (p->rounds[r].flags & ENTRY_PRESENT)
            last = r + 1;
    for (r = 0; r < last; r++) {
        const struct entry *e = &p->rounds[r];
        strbuf_addstr(out, "  ");
        if (!(e->flags & ENTRY_PRESENT)) {
            strbuf_addchars(out, ' ', 8);
            continue;
        }
        if (e->opp)
            snprintf(num, sizeof(num), "%d", e->opp);
        else
            snprintf(num, sizeof(num), "0000");
        put_field(out, num, 4, 1);
        strbuf_addch(out, ' ');
        strbuf_addch(out, e->colour);
        strbuf_addch(out, ' ');
        strbuf_addch(out, e->code);
    }
    while (out->len > start && out->buf[out->len - 1] == ' ')
        out->len--;
    strbuf_setlen(out, out->len);
    strbuf_addch(out, '\n');
}

void trf_write_team(const struct team *tm, enum trf_version v,
                    struct strbuf *out)
{
    char num[32];
    int k;

    if (v == TRF_16) {
        strbuf_addstr(out, "013 ");
        put_field(out, tm->name, 32, 0);
        for (k = 0; k < tm->n_members; k++) {
            snprintf(num, sizeof(num), "%d", tm->members[k]);
            if (k)
                strbuf_addch(out, ' ');
            put_field(out, num, 4, 1);
        }
    } else {
        strbuf_addstr(out, "310 ");
        snprintf(num, sizeof(num), "%d", tm->no);
        put_field(out, num, 3, 1);
        strbuf_addch(out, ' ');
        put_field(out, tm->name, 32, 0);
        strbuf_addch(out, ' ');
        put_field(out, tm->nick, 5, 0);
        strbuf_addch(out, ' ');
        put_field(out, tm->strength, 6, 1);
        strbuf_addch(out, ' ');
        if (tm->has_mp)
            put_points(out, tm->mp, 6);
        else
            strbuf_addchars(out, ' ', 6);
        strbuf_addch(out, ' ');
        if (tm->has_gp)
            put_points(out, tm->gp, 6);
        else
            strbuf_addchars(out, ' ', 6);
        strbuf_addch(out, ' ');
        if (tm->rank)
            snprintf(num, sizeof(num), "%d", tm->rank);
        else
            num[0] = '\0';
        put_field(out, num, 3, 1);
        strbuf_addch(out, ' ');
        for (k = 0; k < tm->n_members; k++) {
            snprintf(num, sizeof(num), "%d", tm->members[k]);
            strbuf_addch(out, ' ');
            put_field(out, num, 4, 1);
        }
    }
    strbuf_rtrim(out);
    strbuf_addch(out, '\n');
}

void trf_write_record(const struct record *r, enum trf_version v,
                      struct strbuf *out)
{
    struct date d;

    strbuf_addstr(out, r->code);
    if (v == TRF_26 && (!strcmp(r->code, "042") || !strcmp(r->code, "052")) &&
        !date_parse(r->text, &d)) {
        strbuf_addch(out, ' ');
        date_format_trf(out, &d);
    } else if (*r->text) {
        strbuf_addch(out, ' ');
        strbuf_addstr(out, r->text);
    }
    strbuf_addch(out, '\n');
}

void trf_write(const struct tournament *t, enum trf_version v,
               struct strbuf *out)
{
    size_t i;
    int pass;
    /* Legacy 013 copies beside 310 teams: TRF-16 writes the teams as 013. */
    int skip013 = v == TRF_16 && t->n_teams;

    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < t->n_records; i++) {
            const struct record *r = &t->records[i];
            if (r->after_players != pass ||
                (skip013 && !strcmp(r->code, "013")))
                continue;
            trf_write_record(r, v, out);
        }
        if (pass)
            break;
        for (i = 0; i < t->n_players; i++)
            trf_write_player(t, &t->players[i], out);
        for (i = 0; i < t->n_teams; i++)
            trf_write_team(&t->teams[i], v, out);
    }
}

/* ------------------------------------------------------------ forgetting */

/* The byte of line text (len bytes, to its end) where character col (from
   1) begins: UTF-8 counted by its lead bytes, else a byte a character. */
static size_t char_at(const char *s, size_t len, int utf8, size_t col)
{
    size_t i = 0, c = 1;

    while (c < col && i < len && s[i] != '\n' && s[i] != '\r') {
        i++;
        if (utf8)
            while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
                i++;
        c++;
    }
    return i;
}

enum err trf_forget(const char *data, size_t len, const char *name,
                    const unsigned *lines, size_t n, struct strbuf *out,
                    struct diag_list *dl)
{
    int utf8 = utf8_valid(data, len, NULL);
    size_t i, done = 0;

    strbuf_reset(out);
    for (i = 0; i < n; i++) {
        size_t at = text_line_start(data, len, lines[i]), b70, b80, k;
        const char *l = data + at;
        struct strbuf year = STRBUF_INIT, field = STRBUF_INIT;
        struct date d;
        if (at < done || at + 3 > len || strncmp(l, "001", 3)) {
            diag_error(dl, name, lines[i], 1, "no player record (001) here");
            return ERR_DATA;
        }
        b70 = at + char_at(l, len - at, utf8, 70);
        b80 = at + char_at(l, len - at, utf8, 80);
        strbuf_add(&field, data + b70, b80 - b70);
        strbuf_trim(&field);
        if (field.len == 4 && date_year_of(field.buf) > 0)
            strbuf_addbuf(&year, &field);
        else if (field.len && !date_parse(field.buf, &d))
            strbuf_addf(&year, "%04d", d.y);
        else if (field.len) {
            diag_error(dl, name, lines[i], 70,
                       "birth date '%s' not understood", field.buf);
            strbuf_release(&year);
            strbuf_release(&field);
            return ERR_DATA;
        }
        strbuf_add(out, data + done, b70 - done);
        strbuf_addbuf(out, &year);
        /* The width kept: the line's later columns stay where they are. */
        for (k = year.len; k < b80 - b70 && field.len; k++)
            strbuf_addch(out, ' ');
        if (!field.len)
            strbuf_add(out, data + b70, b80 - b70);
        done = b80;
        strbuf_release(&year);
        strbuf_release(&field);
    }
    strbuf_add(out, data + done, len - done);
    return ERR_OK;
}
