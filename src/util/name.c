/* util/name: personal names: apostrophes, display forms, matching keys and
 * the official transliteration (KMU resolution No 55 of 2010).
 * SPDX-License-Identifier: MIT
 */
#include "util/name.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

int name_is_apostrophe(uint32_t cp)
{
    return cp == '\'' || cp == 0x2019 || cp == 0x02BC || cp == 0x2018 ||
           cp == '`';
}

static int is_blank(uint32_t cp)
{
    return cp == ' ' || cp == '\t' || cp == 0xA0 || cp == '\n' || cp == '\r';
}

/* Decode at s[i]; a byte that is not UTF-8 stands for itself (raw). */
static size_t next_cp(const char *s, size_t len, size_t i, uint32_t *cp,
                      int *raw)
{
    size_t n = utf8_decode(s + i, len - i, cp);

    *raw = !n;
    if (!n) {
        *cp = (unsigned char)s[i];
        n = 1;
    }
    return n;
}

void name_clean(struct strbuf *out, const char *s)
{
    size_t len = strlen(s), i = 0, start = out->len;
    int space = 0, raw;
    uint32_t cp;

    while (i < len) {
        size_t n = next_cp(s, len, i, &cp, &raw);
        if (is_blank(cp) && !raw) {
            space = out->len > start;
            i += n;
            continue;
        }
        if (space)
            strbuf_addch(out, ' ');
        space = 0;
        if (!raw && name_is_apostrophe(cp))
            strbuf_addch(out, '\'');
        else
            strbuf_add(out, s + i, n);
        i += n;
    }
}

void name_split(const char *s, struct strbuf *surname, struct strbuf *given,
                struct strbuf *patronymic)
{
    struct strbuf c = STRBUF_INIT;
    const char *comma, *rest, *sp;
    struct strbuf *parts[3];
    size_t k;

    parts[0] = surname;
    parts[1] = given;
    parts[2] = patronymic;
    name_clean(&c, s);
    comma = strchr(c.buf, ',');
    if (comma) {
        struct strbuf tmp = STRBUF_INIT;
        strbuf_add(&tmp, c.buf, (size_t)(comma - c.buf));
        if (surname)
            name_clean(surname, tmp.buf);
        strbuf_release(&tmp);
        rest = comma + 1;
        k = 1;
    } else {
        rest = c.buf;
        k = 0;
    }
    while (*rest == ' ')
        rest++;
    for (; k < 3 && *rest; k++) {
        sp = k < 2 ? strchr(rest, ' ') : NULL;
        if (!sp)
            sp = rest + strlen(rest);
        if (parts[k]) {
            struct strbuf tmp = STRBUF_INIT;
            strbuf_add(&tmp, rest, (size_t)(sp - rest));
            name_clean(parts[k], tmp.buf);
            strbuf_release(&tmp);
        }
        rest = sp;
        while (*rest == ' ' || *rest == ',')
            rest++;
    }
    strbuf_release(&c);
}

void name_surname_upper(struct strbuf *out, const char *surname,
                        const char *given)
{
    struct strbuf c = STRBUF_INIT;

    name_clean(&c, surname);
    utf8_upper(out, c.buf);
    strbuf_reset(&c);
    name_clean(&c, given);
    if (c.len) {
        strbuf_addch(out, ' ');
        strbuf_addbuf(out, &c);
    }
    strbuf_release(&c);
}

void name_given_surname_upper(struct strbuf *out, const char *given,
                              const char *surname)
{
    struct strbuf c = STRBUF_INIT;

    name_clean(&c, given);
    strbuf_addbuf(out, &c);
    strbuf_reset(&c);
    name_clean(&c, surname);
    if (c.len && out->len)
        strbuf_addch(out, ' ');
    utf8_upper(out, c.buf);
    strbuf_release(&c);
}

/* Append the initials of a name: "А." or "А.-М." for "Анна-Марія". */
static void add_initials(struct strbuf *out, const char *s)
{
    size_t len = strlen(s), i = 0;
    int at_start = 1, raw;
    uint32_t cp;

    while (i < len) {
        size_t n = next_cp(s, len, i, &cp, &raw);
        if (cp == '-' && !at_start) {
            strbuf_addch(out, '-');
            at_start = 1;
        } else if (at_start && !is_blank(cp)) {
            if (raw)
                strbuf_addch(out, s[i]);
            else
                utf8_encode(out, ucs_toupper(cp));
            strbuf_addch(out, '.');
            at_start = 0;
        } else if (is_blank(cp)) {
            break;
        }
        i += n;
    }
}

void name_initials(struct strbuf *out, const char *surname, const char *given,
                   const char *patronymic)
{
    struct strbuf c = STRBUF_INIT;

    name_clean(&c, surname);
    strbuf_addbuf(out, &c);
    strbuf_reset(&c);
    name_clean(&c, given ? given : "");
    if (c.len) {
        strbuf_addch(out, ' ');
        add_initials(out, c.buf);
    }
    strbuf_reset(&c);
    name_clean(&c, patronymic ? patronymic : "");
    if (c.len) {
        strbuf_addch(out, ' ');
        add_initials(out, c.buf);
    }
    strbuf_release(&c);
}

/* --------------------------------------------------------- transliteration */

/*
 * Latin of the lower-case Cyrillic letters U+0430..U+045F: inside a word,
 * and at the start of a word where it differs.  Russian letters that
 * Ukrainian names sometimes carry get the usual forms.
 */
static const char *const translit_in[48] = {
    /* а б в г д е ж з и й */
    "a",
    "b",
    "v",
    "h",
    "d",
    "e",
    "zh",
    "z",
    "y",
    "i",
    /* к л м н о п р с т у */
    "k",
    "l",
    "m",
    "n",
    "o",
    "p",
    "r",
    "s",
    "t",
    "u",
    /* ф х ц ч ш щ ъ ы ь э ю я */
    "f",
    "kh",
    "ts",
    "ch",
    "sh",
    "shch",
    "",
    "y",
    "",
    "e",
    "iu",
    "ia",
    /* U+0450..U+045F: ѐ ё ђ ѓ є ѕ і ї ј љ њ ћ ќ ѝ ў џ */
    "e",
    "io",
    "dj",
    "g",
    "ie",
    "dz",
    "i",
    "i",
    "j",
    "lj",
    "nj",
    "c",
    "k",
    "i",
    "u",
    "dz",
};

static const char *translit_start(uint32_t lc)
{
    switch (lc) {
    case 0x0454: /* є */
        return "ye";
    case 0x0457: /* ї */
        return "yi";
    case 0x0439: /* й */
        return "y";
    case 0x044E: /* ю */
        return "yu";
    case 0x044F: /* я */
        return "ya";
    case 0x0451: /* ё */
        return "yo";
    default:
        return NULL;
    }
}

static int is_cyr(uint32_t cp)
{
    return (cp >= 0x0400 && cp <= 0x045F) || cp == 0x0490 || cp == 0x0491;
}

static int is_letter(uint32_t cp)
{
    return is_cyr(cp) || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') ||
           (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7);
}

static int is_upper(uint32_t cp)
{
    return is_letter(cp) && ucs_tolower(cp) != cp;
}

static const char *translit_letter(uint32_t lc, int word_start,
                                   uint32_t prev_lc)
{
    const char *s;

    if (lc == 0x0491) /* ґ */
        return "g";
    if (word_start && (s = translit_start(lc)) != NULL)
        return s;
    if (lc == 0x0433 && prev_lc == 0x0437) /* г after з */
        return "gh";
    if (lc >= 0x0430 && lc <= 0x045F)
        return translit_in[lc - 0x0430];
    return NULL;
}

void name_translit(struct strbuf *out, const char *s)
{
    size_t len = strlen(s), i = 0;
    uint32_t cp, prev = 0, prev_lc = 0;
    int in_word = 0, raw;

    while (i < len) {
        size_t n = next_cp(s, len, i, &cp, &raw), j;
        uint32_t lc = ucs_tolower(cp), next = 0;
        const char *lat = NULL;

        if (!raw && is_cyr(cp))
            lat = translit_letter(lc, !in_word, prev_lc);
        if (lat) {
            int up = is_upper(cp), caps = 0;
            uint32_t c2;
            int raw2;
            /* Case of the next letter decides a digraph's case. */
            for (j = i + n; j < len;) {
                size_t m = next_cp(s, len, j, &c2, &raw2);
                if (!name_is_apostrophe(c2)) {
                    next = raw2 ? 0 : c2;
                    break;
                }
                j += m;
            }
            caps =
                up && (is_upper(next) || (!is_letter(next) && is_upper(prev)));
            for (j = 0; lat[j]; j++) {
                char c = lat[j];
                if (caps || (up && j == 0))
                    c = (char)(c - 'a' + 'A');
                strbuf_addch(out, c);
            }
        } else if (!raw && name_is_apostrophe(cp) && in_word) {
            /* the apostrophe is not rendered */
        } else {
            strbuf_add(out, s + i, n);
        }
        if (!(name_is_apostrophe(cp) && in_word)) {
            in_word = !raw && is_letter(cp);
            prev = raw ? 0 : cp;
            prev_lc = raw ? 0 : lc;
        }
        i += n;
    }
}

void name_key(struct strbuf *out, const char *s)
{
    struct strbuf lat = STRBUF_INIT;
    size_t i = 0, start = out->len;
    int space = 0, raw;
    uint32_t cp;

    name_translit(&lat, s);
    while (i < lat.len) {
        size_t n = next_cp(lat.buf, lat.len, i, &cp, &raw);
        if (!raw && name_is_apostrophe(cp)) {
            i += n;
            continue;
        }
        if (raw || !(is_letter(cp) || (cp >= '0' && cp <= '9'))) {
            space = out->len > start;
            i += n;
            continue;
        }
        if (space)
            strbuf_addch(out, ' ');
        space = 0;
        utf8_encode(out, ucs_tolower(cp));
        i += n;
    }
    strbuf_release(&lat);
}

/* Latin letters U+00C0..U+017F without their accents, lower case. */
static const char *const unaccented[0x180 - 0xC0] = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e",
    "i", "i", "i", "i", "d", "n", "o", "o", "o", "o", "o", "",
    "o", "u", "u", "u", "u", "y", "th", "ss", "a", "a", "a", "a",
    "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
    "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u",
    "u", "y", "th", "y", "a", "a", "a", "a", "a", "a", "c", "c",
    "c", "c", "c", "c", "c", "c", "d", "d", "d", "d", "e", "e",
    "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
    "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i",
    "i", "i", "i", "i", "i", "i", "ij", "ij", "j", "j", "k", "k",
    "k", "l", "l", "l", "l", "l", "l", "l", "l", "l", "l", "n",
    "n", "n", "n", "n", "n", "n", "", "", "o", "o", "o", "o",
    "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s",
    "s", "s", "s", "s", "s", "s", "t", "t", "t", "t", "t", "t",
    "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u",
    "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
};

/* Titles some programs write into names ("Meyer, Dr. Hans", "GM Ivanov"). */
static const char *const titles[] = {"dr",  "prof", "gm",   "im",  "fm",
                                     "cm",  "wgm",  "wim",  "wfm", "wcm",
                                     "mag", "ing",  "dipl", "hgm", "ggm"};

static int is_title_word(const char *w, size_t n)
{
    size_t i;

    for (i = 0; i < sizeof(titles) / sizeof(titles[0]); i++)
        if (strlen(titles[i]) == n && !strncmp(titles[i], w, n))
            return 1;
    return 0;
}

int name_is_title_start(const char *w, size_t n)
{
    size_t i;

    for (i = 0; n && i < sizeof(titles) / sizeof(titles[0]); i++)
        if (strlen(titles[i]) > n && !strncmp(titles[i], w, n))
            return 1;
    return 0;
}

/*
 * Append key (a name_key() form) without the accents of its Latin letters
 * and, when umlauts, with their German spellings made the letters (ae oe
 * ue as a o u: "Mueller" and "Müller" both "muller", ß "ss").
 */
static void latin_flat(struct strbuf *out, const struct strbuf *key,
                       int umlauts)
{
    struct strbuf flat = STRBUF_INIT;
    size_t i = 0;
    uint32_t cp;
    int raw;

    while (i < key->len) {
        size_t n = next_cp(key->buf, key->len, i, &cp, &raw);
        if (!raw && cp >= 0xC0 && cp < 0x180)
            strbuf_addstr(&flat, unaccented[cp - 0xC0]);
        else
            strbuf_add(&flat, key->buf + i, n);
        i += n;
    }
    if (!umlauts) {
        strbuf_addbuf(out, &flat);
        strbuf_release(&flat);
        return;
    }
    /* ae oe ue, left to right, each pair once (as the site's search
       script's /([aou])e/g). */
    for (i = 0; i < flat.len; i++) {
        strbuf_addch(out, flat.buf[i]);
        if (flat.buf[i] && strchr("aou", flat.buf[i]) &&
            flat.buf[i + 1] == 'e')
            i++;
    }
    strbuf_release(&flat);
}

/* name_join_key(), and name_join_key_umlauts() when umlauts. */
static void join_key(struct strbuf *out, const char *s, int umlauts)
{
    struct strbuf key = STRBUF_INIT, flat = STRBUF_INIT;
    size_t i = 0, words = 0, titles = 0;
    int started = 0;

    name_key(&key, s);
    latin_flat(&flat, &key, umlauts);
    /* Count the words and the titles among them. */
    for (i = 0; i < flat.len;) {
        size_t e = i;
        while (e < flat.len && flat.buf[e] != ' ')
            e++;
        words++;
        titles += is_title_word(flat.buf + i, e - i);
        i = e + 1;
    }
    /* Drop the titles when two words of the name are left. */
    for (i = 0; i < flat.len;) {
        size_t e = i;
        while (e < flat.len && flat.buf[e] != ' ')
            e++;
        if (words - titles < 2 || !is_title_word(flat.buf + i, e - i)) {
            if (started)
                strbuf_addch(out, ' ');
            strbuf_add(out, flat.buf + i, e - i);
            started = 1;
        }
        i = e + 1;
    }
    strbuf_release(&key);
    strbuf_release(&flat);
}

void name_join_key(struct strbuf *out, const char *s)
{
    join_key(out, s, 0);
}

void name_join_key_umlauts(struct strbuf *out, const char *s)
{
    join_key(out, s, 1);
}

/* Is the character of s that starts at byte i a letter or a digit? */
static int alnum_at(const char *s, size_t len, size_t i)
{
    uint32_t cp;
    int raw;

    next_cp(s, len, i, &cp, &raw);
    return !raw && (is_letter(cp) || (cp >= '0' && cp <= '9'));
}

/* "Surname, Name": a letter or digit just before a comma and another
   after it (past blanks): two words, found without reading the rest. */
static int two_words_at_comma(const char *s, size_t len)
{
    const char *c = memchr(s, ',', len);
    size_t i, j;

    if (!c || c == s)
        return 0;
    j = (size_t)(c - s);
    i = j - 1;
    while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
        i--;
    if (!alnum_at(s, len, i))
        return 0;
    for (j++; j < len && s[j] == ' '; j++)
        ;
    return j < len && alnum_at(s, len, j);
}

/* 1 when what name_fold() keeps of s is one word of at most max letters
   and digits. */
static int short_word(const char *s, size_t max)
{
    size_t len = strlen(s), i = 0, n = 0;
    int raw, gap = 0;
    uint32_t cp;

    if (two_words_at_comma(s, len))
        return 0;

    while (i < len) {
        i += next_cp(s, len, i, &cp, &raw);
        if (!raw && name_is_apostrophe(cp))
            continue;
        if (raw || !(is_letter(cp) || (cp >= '0' && cp <= '9'))) {
            gap = n > 0;
            continue;
        }
        if (gap || ++n > max)
            return 0;
    }
    return 1;
}

/* 1 when s is dashes alone (at least one), blanks between them: "——",
   "- -", "–". */
static int only_dashes(const char *s)
{
    static const char *const dashes[] = {"\xe2\x80\x90", "\xe2\x80\x92",
                                         "\xe2\x80\x93", "\xe2\x80\x94",
                                         "\xe2\x80\x95", "\xe2\x88\x92"};
    size_t k;
    int n = 0;

    while (*s) {
        if (*s == ' ' || *s == '\t') {
            s++;
            continue;
        }
        if (*s == '-') {
            s++;
            n++;
            continue;
        }
        for (k = 0; k < sizeof(dashes) / sizeof(dashes[0]); k++)
            if (!strncmp(s, dashes[k], 3))
                break;
        if (k == sizeof(dashes) / sizeof(dashes[0]))
            return 0;
        s += 3;
        n++;
    }
    return n > 0;
}

int name_is_bye(const char *s)
{
    static const char *const byes[] = {"spielfrei", "bye", "вільний",
                                       "freilos", "пропуск", "frei",
                                       "free", "вільно"};
#define N_BYES (sizeof(byes) / sizeof(byes[0]))
    /* The words folded once: a section asks for every player. */
    static char *folded[N_BYES];
    struct strbuf f = STRBUF_INIT;
    size_t k;
    int found = 0;

    /* Nothing much longer than the longest word folds to one of them, nor
       anything of two words or more letters than any has (name_fold()
       keeps letters and digits, one space between runs of them). */
    if (strlen(s) > 48)
        return 0;
    if (only_dashes(s))
        return 1;
    if (!short_word(s, 9))
        return 0;
    if (!folded[0])
        for (k = 0; k < N_BYES; k++) {
            struct strbuf w = STRBUF_INIT;
            name_fold(&w, byes[k]);
            folded[k] = strbuf_detach(&w, NULL);
        }
    name_fold(&f, s);
    for (k = 0; k < N_BYES && !found; k++)
        found = !strcmp(f.buf, folded[k]);
    strbuf_release(&f);
    return found;
#undef N_BYES
}

int name_has_cyrillic(const char *s)
{
    size_t len = strlen(s), i = 0;
    uint32_t cp;
    int raw;

    while (i < len) {
        i += next_cp(s, len, i, &cp, &raw);
        if (!raw && is_cyr(cp))
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------- searching */

void name_fold(struct strbuf *out, const char *s)
{
    size_t len = strlen(s), i = 0, start = out->len;
    int space = 0, raw;
    uint32_t cp;

    while (i < len) {
        size_t n = next_cp(s, len, i, &cp, &raw);
        i += n;
        if (!raw && name_is_apostrophe(cp))
            continue;
        if (raw || !(is_letter(cp) || (cp >= '0' && cp <= '9'))) {
            space = out->len > start;
            continue;
        }
        cp = ucs_tolower(cp);
        switch (cp) {
        case 0x0457: /* ї */
        case 0x0439: /* й */
            cp = 0x0456;
            break;
        case 0x0491: /* ґ */
            cp = 0x0433;
            break;
        case 0x0454: /* є */
        case 0x0451: /* ё */
            cp = 0x0435;
            break;
        default:
            break;
        }
        if (space)
            strbuf_addch(out, ' ');
        space = 0;
        utf8_encode(out, cp);
    }
}

void name_fold_latin(struct strbuf *out, const char *s)
{
    struct strbuf raw = STRBUF_INIT, key = STRBUF_INIT;
    size_t i;
    char prev = 0;

    name_key(&raw, s);
    latin_flat(&key, &raw, 1);
    strbuf_release(&raw);
    for (i = 0; i < key.len; i++) {
        char c = key.buf[i];
        if (c == 'k' && key.buf[i + 1] == 'h') {
            c = 'h';
            i++;
        } else if (c == 'x') {
            if (prev != 'k')
                strbuf_addch(out, 'k');
            c = 's';
        } else if (c == 'y' || c == 'j') {
            c = 'i';
        } else if (c == 'g') {
            c = 'h';
        } else if (c == 'w') {
            c = 'v';
        }
        if (c == prev && c != ' ')
            continue;
        strbuf_addch(out, c);
        prev = c;
    }
    strbuf_release(&key);
}

/* Does the word q (qn bytes) start a word of text? */
static int word_starts_word(const char *text, const char *q, size_t qn)
{
    const char *t = text;

    while (*t) {
        if (!strncmp(t, q, qn))
            return 1;
        t = strchr(t, ' ');
        if (!t)
            return 0;
        t++;
    }
    return 0;
}

int name_fold_match(const char *text, const char *query)
{
    const char *q = query;
    int any = 0;

    while (*q) {
        const char *e = strchr(q, ' ');
        size_t qn = e ? (size_t)(e - q) : strlen(q);
        if (qn) {
            if (!word_starts_word(text, q, qn))
                return 0;
            any = 1;
        }
        q += qn;
        if (*q)
            q++;
    }
    return any;
}

int name_is_slug(const char *s, size_t max)
{
    size_t n = strlen(s), i;

    if (!n || n > max || s[0] == '-' || s[n - 1] == '-')
        return 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              (c == '-' && s[i + 1] != '-')))
            return 0;
    }
    return 1;
}

/* A quote mark of any kind, as clubs are written. */
static int is_quote(uint32_t cp)
{
    return cp == '"' || cp == '\'' || cp == '`' || cp == 0x00AB ||
           cp == 0x00BB || cp == 0x2018 || cp == 0x2019 || cp == 0x201A ||
           cp == 0x201C || cp == 0x201D || cp == 0x201E || cp == 0x02BC;
}

void name_club_key(struct strbuf *out, const char *club)
{
    struct strbuf low = STRBUF_INIT;
    size_t i = 0, start = out->len;
    int blank = 0;

    utf8_lower(&low, club);
    while (i < low.len) {
        uint32_t cp;
        size_t n = utf8_decode(low.buf + i, low.len - i, &cp);
        if (!n) {
            i++;
            continue;
        }
        if (is_quote(cp)) {
            i += n;
            continue;
        }
        if (cp == ' ' || cp == '\t' || cp == 0x00A0) {
            blank = out->len > start;
            i += n;
            continue;
        }
        if (blank)
            strbuf_addch(out, ' ');
        blank = 0;
        strbuf_add(out, low.buf + i, n);
        i += n;
    }
    strbuf_release(&low);
}

size_t name_list_split(const char *s, char ***out)
{
    size_t n = 0, alloc = 0;

    *out = NULL;
    while (s && *s) {
        const char *comma = strchr(s, ','), *end = comma ? comma : s + strlen(s);
        const char *a = s, *b = end;
        while (a < b && (*a == ' ' || *a == '\t'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        if (b > a) {
            ALLOC_GROW(*out, n + 1, alloc);
            (*out)[n++] = xstrndup(a, (size_t)(b - a));
        }
        s = comma ? comma + 1 : end;
    }
    return n;
}
