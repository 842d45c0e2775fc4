/* util/name: personal names: apostrophes, display forms, matching keys and
 * the official transliteration (KMU resolution No 55 of 2010).
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_NAME_H
#define UTIL_NAME_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* 1 for the apostrophes people type in names: ' U+2019 U+02BC U+2018 `. */
int name_is_apostrophe(uint32_t cp);

/*
 * Append s tidied: leading and trailing blanks removed, runs of blanks
 * (spaces, tabs, no-break spaces) made one space, every apostrophe variant
 * made the ASCII "'".  Bytes that are not UTF-8 are copied as they are.
 */
void name_clean(struct strbuf *out, const char *s);

/*
 * Split a name as results files write it: "Прізвище, Ім'я По батькові" or
 * "Прізвище Ім'я По батькові".  Each part is appended cleaned to its
 * buffer (any may be NULL); missing parts stay empty.
 */
void name_split(const char *s, struct strbuf *surname, struct strbuf *given,
                struct strbuf *patronymic);

/* "ПРІЗВИЩЕ Ім'я" (ranking lists, cross tables). */
void name_surname_upper(struct strbuf *out, const char *surname,
                        const char *given);
/* "Ім'я ПРІЗВИЩЕ" (signatures after ДСТУ 4163:2020, diplomas). */
void name_given_surname_upper(struct strbuf *out, const char *given,
                              const char *surname);
/* "Прізвище І. П." (also "Прізвище А.-М." for a double given name). */
void name_initials(struct strbuf *out, const char *surname, const char *given,
                   const char *patronymic);

/*
 * Append the Latin form of s after KMU resolution No 55 (2010): є ї й ю я
 * at the start of a word are Ye Yi Y Yu Ya, inside ie i i iu ia; "зг" is
 * "zgh"; ь and apostrophes vanish; a digraph is all capitals inside an
 * all-capital word (ЩЕРБА -> SHCHERBA) and title case otherwise.  Other
 * characters are copied.
 */
void name_translit(struct strbuf *out, const char *s);

/*
 * Append the key two spellings of one name share: transliterated, lower
 * case, letters and digits only, words separated by one space (so
 * "Мельник, Ярослав", "МЕЛЬНИК Ярослав" and "Melnyk Yaroslav" meet).
 */
void name_key(struct strbuf *out, const char *s);

/*
 * Append the key the results are joined to the registry by: name_key()
 * with the accents of Latin letters dropped (a name saved in
 * Windows-1251 loses them: "Müller, Jörg" meets "Muller Jorg") and titles
 * written into the name ("Dr.", "Prof.", "GM", "IM", "FM", "WGM", "CM")
 * left out when two words of the name remain.
 */
void name_join_key(struct strbuf *out, const char *s);
/*
 * The same with the German spellings of umlauts made the letters
 * ("Mueller" and "Kuehnert" meet "Müller" and "Kühnert": ae oe ue are
 * a o u, ß is ss): the join's second chance, when the first key finds
 * nobody (so "Гаевський" and "Гавський" stay two people).
 */
void name_join_key_umlauts(struct strbuf *out, const char *s);

/*
 * 1 when the word w (n bytes, a name_join_key() word) is a title cut
 * short: the start of one, not the whole ("d" of "Dr.", "pro" of
 * "Prof.", "g" of "GM"), as a pairing program that cuts names leaves it.
 */
int name_is_title_start(const char *w, size_t n);

/*
 * Append the form a name is searched by: lower case, apostrophes dropped,
 * ї and й made і, ґ made г, є and ё made е, and anything that is not a
 * letter or digit a word break (one space between words).  "Мар'яна
 * ҐУДЗЬ" and "марьяна гудзь" are not the same, but "Мар’яна Ґудзь" and
 * "марʼяна гудзь" are: "маряна гудзь".
 */
void name_fold(struct strbuf *out, const char *s);

/*
 * Append the Latin search form: name_key() loosened for the spellings
 * people use besides the official one: accents dropped and umlauts
 * written out made the letter (as name_join_key(): "Müller", "Mueller"
 * and "Muller" meet), y and j are i, g is h, w is v, kh is h, x is ks,
 * and a doubled letter is one ("Yurii", "Yuriy" and "Iurii" all give
 * "iuri").
 */
void name_fold_latin(struct strbuf *out, const char *s);

/*
 * 1 when every word of query (a name_fold or name_fold_latin form) starts
 * a word of text (the same form): "шевч ост" matches "шевченко остап".
 * An empty query matches nothing.
 */
int name_fold_match(const char *text, const char *query);

/*
 * 1 when s is the name pairing programs give the fake player of a bye:
 * "spielfrei", "bye", "вільний", "Freilos", "пропуск", in any case, or
 * dashes alone ("——").
 */
int name_is_bye(const char *s);

/*
 * The key a club is grouped by: its name in lower case, without quote
 * marks of any kind («», "", “”, „“, '') and with single blanks, so that
 * «Гамбіт», "Гамбіт" and “ГАМБІТ” are one club (the name as written is
 * kept for print).
 */
void name_club_key(struct strbuf *out, const char *club);

/* Append the names of a list written "A, B, C" (coaches) to out, one
   string each (blanks trimmed; empty ones left out); returns the count. */
size_t name_list_split(const char *s, char ***out);

/* 1 when s holds a Cyrillic letter. */
int name_has_cyrillic(const char *s);

/*
 * 1 when s is a slug: words of a-z and 0-9 joined by single '-' ("u10-lviv",
 * "boys-classic"), at most max bytes; the form of event ids and section
 * names, which become file names.
 */
int name_is_slug(const char *s, size_t max);

#endif
