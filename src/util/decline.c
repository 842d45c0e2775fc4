/* util/decline: Ukrainian names in the genitive and the dative.
 *
 * A word is taken apart into its letters (lower-cased to be matched), its
 * ending is matched against the rules below, first match wins, and the
 * result is the word's own letters up to the ending followed by the new
 * ending, in capitals when the word was written in capitals.
 * SPDX-License-Identifier: MIT
 */
#include "util/decline.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/banned.h"

#define MAXL 64 /* letters of one word; a longer one is left as written */

struct word {
    uint32_t orig[MAXL], low[MAXL];
    size_t n;
    int caps; /* written in capitals (two letters or more) */
};

static int word_read(struct word *w, const char *s, size_t len)
{
    size_t i = 0, k, upper = 0, letters = 0;

    w->n = 0;
    while (i < len) {
        uint32_t cp;
        k = utf8_decode(s + i, len - i, &cp);
        if (!k || w->n == MAXL)
            return 0;
        w->orig[w->n] = cp;
        w->low[w->n] = ucs_tolower(cp);
        if (ucs_toupper(cp) != ucs_tolower(cp)) {
            letters++;
            upper += cp == ucs_toupper(cp);
        }
        w->n++;
        i += k;
    }
    w->caps = letters >= 2 && upper == letters;
    return w->n > 0;
}

/* The k-th letter from the end (0: the last), lower-cased; 0 past it. */
static uint32_t last(const struct word *w, size_t k)
{
    return k < w->n ? w->low[w->n - 1 - k] : 0;
}

/* 1 when the word ends in suf (lower case). */
static int ends(const struct word *w, const char *suf)
{
    uint32_t cps[16];
    size_t n = 0, i = 0, len = strlen(suf), k;

    while (i < len && n < 16) {
        k = utf8_decode(suf + i, len - i, &cps[n]);
        if (!k)
            return 0;
        n++;
        i += k;
    }
    if (n >= w->n) /* a rule needs a stem before its ending */
        return 0;
    for (i = 0; i < n; i++)
        if (w->low[w->n - n + i] != cps[i])
            return 0;
    return 1;
}

/* Append the word without its last cut letters, then ending. */
static void emit(const struct word *w, size_t cut, const char *ending,
                 struct strbuf *out)
{
    size_t i;

    for (i = 0; i + cut < w->n; i++)
        utf8_encode(out, w->orig[i]);
    if (w->caps)
        utf8_upper(out, ending);
    else
        strbuf_addstr(out, ending);
}

static void emit_as_is(const struct word *w, struct strbuf *out)
{
    emit(w, 0, "", out);
}

static int is_vowel(uint32_t c)
{
    static const uint32_t v[] = {0x430, 0x435, 0x454, 0x438, 0x456,
                                 0x457, 0x43e, 0x443, 0x44e, 0x44f};
    size_t i;

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
        if (c == v[i])
            return 1;
    return 0;
}

static int is_consonant(uint32_t c)
{
    return c >= 0x430 && c <= 0x491 && !is_vowel(c) && c != 0x44c /* ь */;
}

/* ж ч ш щ: the mixed group. */
static int is_hushing(uint32_t c)
{
    return c == 0x436 || c == 0x447 || c == 0x448 || c == 0x449;
}

/* The dative of a noun on -а: г, к, х before -і become з, ц, с
   (Ольга — Ользі, Заїка — Заїці, Солоха — Солосі). */
static void dative_a(const struct word *w, struct strbuf *out)
{
    uint32_t c = last(w, 1);

    if (c == 0x433) /* г */
        emit(w, 2, "зі", out);
    else if (c == 0x43a) /* к */
        emit(w, 2, "ці", out);
    else if (c == 0x445) /* х */
        emit(w, 2, "сі", out);
    else
        emit(w, 1, "і", out);
}

/* A noun of the first declension on -а or -я (Микита, Ольга, Марія,
   Гмиря, Ілля, Сковорода), for men and women alike. */
static int first_declension(const struct word *w, enum name_case c,
                            struct strbuf *out)
{
    uint32_t z = last(w, 0), y = last(w, 1);

    if (z == 0x44f) { /* я */
        /* after a vowel or an apostrophe: -ї (Марія, Соломія); else -і
           (Гмиря, Ілля, Оля) */
        if (is_vowel(y) || y == '\'')
            emit(w, 1, "ї", out);
        else
            emit(w, 1, "і", out);
        return 1;
    }
    if (z != 0x430) /* а */
        return 0;
    if (c == NAME_GENITIVE)
        emit(w, 1, is_hushing(y) ? "і" : "и", out);
    else
        dative_a(w, out);
    return 1;
}

/* ---------------------------------------------------------- first names */

struct exception {
    const char *nom, *gen, *dat;
};

/* Men's names with an alternation or a soft ending the rules cannot see. */
static const struct exception given_men[] = {
    {"федір", "федора", "федорові"},   {"сидір", "сидора", "сидорові"},
    {"нечипір", "нечипора", "нечипорові"}, {"прокіп", "прокопа", "прокопові"},
    {"антін", "антона", "антонові"},   {"ігор", "ігоря", "ігореві"},
    {"лазар", "лазаря", "лазареві"},   {"яків", "якова", "якову"},
    {"лев", "лева", "левові"},         {"павло", "павла", "павлові"},
};

/* Men's names on -а, -я (declined as such, but a man's). */
static const char *const men_on_a[] = {
    "микита", "микола", "ілля",  "сава", "лука",  "кузьма", "хома",
    "фома",   "єремія", "захарія", "йона", "ісая", "гаврила", "данила",
    "іуда",   "никита", "савва", "мина",
};

/* The word in lower case, into low. */
static void word_lower(const struct word *w, struct strbuf *low)
{
    size_t i;

    for (i = 0; i < w->n; i++)
        utf8_encode(low, w->low[i]);
}

static const struct exception *find_exception(const struct exception *t,
                                              size_t n, const struct word *w)
{
    struct strbuf low = STRBUF_INIT;
    const struct exception *found = NULL;
    size_t i;

    word_lower(w, &low);
    for (i = 0; i < n && !found; i++)
        if (!strcmp(low.buf, t[i].nom))
            found = &t[i];
    strbuf_release(&low);
    return found;
}

/* Write an exception's form in the word's own letters: the shared start
   kept, the rest of the form (in capitals if the word is). */
static void emit_exception(const struct word *w, const char *form,
                           struct strbuf *out)
{
    struct word f;
    size_t same = 0, i;

    if (!word_read(&f, form, strlen(form))) {
        emit_as_is(w, out);
        return;
    }
    while (same < w->n && same < f.n && w->low[same] == f.low[same])
        same++;
    for (i = 0; i < same; i++)
        utf8_encode(out, w->orig[i]);
    for (i = same; i < f.n; i++)
        utf8_encode(out, w->caps ? ucs_toupper(f.orig[i]) : f.orig[i]);
}

static int is_man_on_a(const struct word *w)
{
    struct strbuf low = STRBUF_INIT;
    size_t i;
    int yes = 0;

    word_lower(w, &low);
    for (i = 0; i < sizeof(men_on_a) / sizeof(men_on_a[0]) && !yes; i++)
        yes = !strcmp(low.buf, men_on_a[i]);
    strbuf_release(&low);
    return yes;
}

/* A man's word of the second declension: -о, -ь, -й, a consonant
   (Остап, Павло, Василь, Андрій; and surnames: Шевченко, Коваль). */
static int second_declension(const struct word *w, enum name_case c,
                             struct strbuf *out)
{
    uint32_t z = last(w, 0), y = last(w, 1);
    int g = c == NAME_GENITIVE;

    if (z == 0x43e) { /* о: Павло, Шевченко; -ьо: Іваньо */
        if (y == 0x44c)
            emit(w, 2, g ? "я" : "еві", out);
        else
            emit(w, 1, g ? "а" : "ові", out);
        return 1;
    }
    if (z == 0x44c) { /* ь: Василь, Коваль */
        emit(w, 1, g ? "я" : "еві", out);
        return 1;
    }
    if (z == 0x439) { /* й: Андрій, Гайдай, Соловей */
        emit(w, 1, g ? "я" : "єві", out);
        return 1;
    }
    if (is_consonant(z)) {
        if (g)
            emit(w, 0, "а", out);
        else
            emit(w, 0, is_hushing(z) ? "еві" : "ові", out);
        return 1;
    }
    return 0;
}

static void decline_given_word(const struct word *w, char sex,
                               enum name_case c, struct strbuf *out)
{
    const struct exception *e;
    uint32_t z = last(w, 0);

    if (!sex)
        sex = (z == 0x430 || z == 0x44f) && !is_man_on_a(w) ? 'f' : 'm';
    if (sex == 'm' && (e = find_exception(given_men,
                                          sizeof(given_men) /
                                              sizeof(given_men[0]),
                                          w))) {
        emit_exception(w, c == NAME_GENITIVE ? e->gen : e->dat, out);
        return;
    }
    if (first_declension(w, c, out))
        return;
    if (sex == 'f') {
        /* Любов — Любові; another woman's name on a consonant (Нінель,
           Рут) stays as written. */
        if (w->n == 5 && ends(w, "юбов"))
            emit(w, 0, "і", out);
        else
            emit_as_is(w, out);
        return;
    }
    if (!second_declension(w, c, out))
        emit_as_is(w, out);
}

void decline_given(const char *given, char sex, enum name_case c,
                   struct strbuf *out)
{
    struct word w;
    const char *s = given ? given : "";
    const char *hy = strchr(s, '-');

    /* Two names joined: Анна-Марія. */
    if (hy && hy > s && hy[1]) {
        if (word_read(&w, s, (size_t)(hy - s)))
            decline_given_word(&w, sex, c, out);
        strbuf_addch(out, '-');
        decline_given(hy + 1, sex, c, out);
        return;
    }
    if (word_read(&w, s, strlen(s)))
        decline_given_word(&w, sex, c, out);
    else
        strbuf_addstr(out, s);
}

/* ------------------------------------------------------------- surnames */

/* § 142 of the 2019 Правопис: surnames the rules cannot see. */
static const struct exception surname_men[] = {
    {"швець", "шевця", "шевцеві"},       {"чернець", "чернеця", "чернецеві"},
    {"лебідь", "лебедя", "лебедеві"},    {"журавель", "журавля", "журавлеві"},
    {"соловей", "солов'я", "солов'єві"}, {"бусел", "бусла", "буслові"},
    {"свекор", "свекра", "свекрові"},    {"снігир", "снігиря", "снігиреві"},
    {"кобзар", "кобзаря", "кобзареві"},  {"лихвар", "лихваря", "лихвареві"},
    {"дігтяр", "дігтяря", "дігтяреві"},  {"вівчар", "вівчаря", "вівчареві"},
    {"гончар", "гончара", "гончарові"},  {"воробей", "вороб'я", "вороб'єві"},
    {"орел", "орла", "орлові"},          {"козел", "козла", "козлові"},
    {"вітер", "вітра", "вітрові"},       {"бондар", "бондаря", "бондареві"},
    {"пономар", "пономаря", "пономареві"}, {"шинкар", "шинкаря", "шинкареві"},
};

/* A man's surname. */
static void surname_man(const struct word *w, enum name_case c,
                        struct strbuf *out)
{
    const struct exception *e = find_exception(
        surname_men, sizeof(surname_men) / sizeof(surname_men[0]), w);
    int g = c == NAME_GENITIVE;
    uint32_t y;

    if (e) {
        emit_exception(w, g ? e->gen : e->dat, out);
        return;
    }
    /* Adjectival: Вишневський, Білий, Крайній, Толстой. */
    if (ends(w, "ий") || ends(w, "ой")) {
        emit(w, 2, g ? "ого" : "ому", out);
        return;
    }
    if (ends(w, "ній") && w->n > 4) {
        emit(w, 2, g ? "ього" : "ьому", out);
        return;
    }
    /* Possessive: -ов, -ев, -єв, -ін, -їн, and -шин, -чин (Петров, Пушкін,
       Гнатишин); another -ин is a noun (Литвин — Литвинові). */
    if (ends(w, "ов") || ends(w, "ев") || ends(w, "єв") || ends(w, "шин") ||
        ends(w, "чин") || ends(w, "ін") || ends(w, "їн")) {
        emit(w, 0, g ? "а" : "у", out);
        return;
    }
    /* -ів, -їв: the first vowel comes back (Петрів — Петрова, Гриців —
       Грицева, Андріїв — Андрієва). */
    if (ends(w, "їв")) {
        emit(w, 2, g ? "єва" : "єву", out);
        return;
    }
    if (ends(w, "ів")) {
        y = last(w, 2);
        if (y == 0x446 || is_hushing(y)) /* ц ж ч ш щ */
            emit(w, 2, g ? "ева" : "еву", out);
        else
            emit(w, 2, g ? "ова" : "ову", out);
        return;
    }
    /* -ніс, -ріг: the о of the other cases (Кривоніс — Кривоноса). */
    if (ends(w, "ніс") || ends(w, "ріг")) {
        struct strbuf stem = STRBUF_INIT;
        size_t i;
        for (i = 0; i + 2 < w->n; i++)
            utf8_encode(&stem, w->orig[i]);
        utf8_encode(&stem, w->caps ? 0x41e : 0x43e); /* о */
        utf8_encode(&stem, w->orig[w->n - 1]);
        strbuf_addstr(out, stem.buf);
        if (w->caps)
            utf8_upper(out, g ? "а" : "ові");
        else
            strbuf_addstr(out, g ? "а" : "ові");
        strbuf_release(&stem);
        return;
    }
    /* -ець: Заєць — Зайця; Кравець — Кравця, Стрілець — Стрільця; after
       two consonants the е stays (Мудрець — Мудреця). */
    if (ends(w, "єць")) {
        emit(w, 3, g ? "йця" : "йцеві", out);
        return;
    }
    if (ends(w, "ець") && w->n > 4) {
        uint32_t a = last(w, 3), b = last(w, 4);
        if (is_consonant(a) && is_consonant(b)) {
            emit(w, 1, g ? "я" : "еві", out);
        } else if (a == 0x43b) { /* л: Стрілець — Стрільця */
            emit(w, 3, g ? "ьця" : "ьцеві", out);
        } else if (is_consonant(a)) {
            emit(w, 3, g ? "ця" : "цеві", out);
        } else {
            emit(w, 1, g ? "я" : "еві", out);
        }
        return;
    }
    /* -ок after a consonant: Моток — Мотка. */
    if (ends(w, "ок") && is_consonant(last(w, 2)) && w->n > 3 &&
        is_vowel(last(w, 3))) {
        emit(w, 2, g ? "ка" : "кові", out);
        return;
    }
    if (first_declension(w, c, out))
        return;
    if (!second_declension(w, c, out))
        emit_as_is(w, out);
}

/* A woman's surname. */
static void surname_woman(const struct word *w, enum name_case c,
                          struct strbuf *out)
{
    int g = c == NAME_GENITIVE;

    /* Adjectival: Вишневська, Кобилянська (-ька); Петрова, Пушкіна
       (-ова, -ева, -єва, -іна, -їна).  Another adjectival one (Біла, a
       man's Білий) reads as a noun: the registry gives its forms. */
    if (ends(w, "ька") || ends(w, "ова") || ends(w, "ева") ||
        ends(w, "єва") || ends(w, "іна") || ends(w, "їна")) {
        emit(w, 1, g ? "ої" : "ій", out);
        return;
    }
    /* Nouns on -а, -я: Сковорода — Сковороди, Заїка — Заїці.  On a
       consonant or -о a woman's surname does not change. */
    if (!first_declension(w, c, out))
        emit_as_is(w, out);
}

static void decline_surname_word(const char *s, size_t len, char sex,
                                 enum name_case c, struct strbuf *out)
{
    struct word w;

    if (!word_read(&w, s, len)) {
        strbuf_add(out, s, len);
        return;
    }
    if (sex == 'f')
        surname_woman(&w, c, out);
    else
        surname_man(&w, c, out);
}

void decline_surname(const char *surname, char sex, enum name_case c,
                     struct strbuf *out)
{
    const char *s = surname ? surname : "", *hy;

    /* Each part of a double surname: Пономаренко-Вишневський. */
    while ((hy = strchr(s, '-')) != NULL && hy > s) {
        decline_surname_word(s, (size_t)(hy - s), sex, c, out);
        strbuf_addch(out, '-');
        s = hy + 1;
    }
    decline_surname_word(s, strlen(s), sex, c, out);
}
