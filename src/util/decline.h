/* util/decline: Ukrainian first names and surnames in the genitive and the
 * dative, by the rules of Ukrainian grammar (Український правопис 2019,
 * § 142 on surnames; the declensions of the nouns and adjectives).
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_DECLINE_H
#define UTIL_DECLINE_H

struct strbuf;

enum name_case {
    NAME_GENITIVE, /* родовий: "за підготовку учасника Остапа ШЕВЧЕНКА" */
    NAME_DATIVE    /* давальний: "вручається Остапові ШЕВЧЕНКУ" */
};

/*
 * Append the first name given (nominative, as written) in case c; sex is
 * 'm', 'f' or 0 (then the name's ending tells: -а, -я a woman's but for
 * the men's names that end so, as Микита, Ілля).  What no rule declines
 * (a foreign woman's name on a consonant, a name on -о, -е, -і, -у) is
 * appended as written, as grammar keeps it.
 */
void decline_given(const char *given, char sex, enum name_case c,
                   struct strbuf *out);

/*
 * Append the surname (nominative, as written; each part of a double one
 * "Пономаренко-Вишневська") in case c for a person of this sex ('m', 'f';
 * 0 is taken as 'm').  A woman's surname on a consonant or on -о (Савчук,
 * Ткаченко) does not change; adjectival ones (-ський, -цька, -ий, -ова)
 * decline as adjectives, the others as nouns of their declension, with
 * the alternations of the dative (Заїка — Заїці) and the dropped vowel of
 * -ець (Кравець — Кравця).  Letters keep their case: ШЕВЧЕНКО gives
 * ШЕВЧЕНКА.
 */
void decline_surname(const char *surname, char sex, enum name_case c,
                     struct strbuf *out);

#endif
