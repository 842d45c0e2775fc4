/* util/i18n: the messages in the user's language (GNU gettext).
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_I18N_H
#define UTIL_I18N_H

/*
 * Choose the language of the messages from the locale (LANGUAGE,
 * LC_ALL, LC_MESSAGES, LANG) and read the catalogues from localedir
 * (localedir/LANG/LC_MESSAGES/sekretar.mo).  Only LC_MESSAGES is set:
 * numbers, sorting and character classes stay those of the C locale, so
 * every output but the messages is the same in every language.  The
 * translations are UTF-8 whatever the locale's character set.  A locale
 * the system lacks (LANG=uk_UA.UTF-8 where it was never generated) still
 * gives its language: it becomes LANGUAGE, read in C.UTF-8.
 */
void i18n_init(const char *localedir);

#if defined(__GNUC__)
#define I18N_FORMAT_ARG(n) __attribute__((format_arg(n)))
#else
#define I18N_FORMAT_ARG(n)
#endif

/* When the environment names no language (LANGUAGE unset, and the first
   of LC_ALL, LC_MESSAGES and LANG that is set is C, POSIX or C.<codeset>,
   or none is set), speak lang ("uk") all the same: the desk's default. */
void i18n_default(const char *lang, const char *localedir);

/* The translation of msgid, or msgid itself. */
const char *i18n_gettext(const char *msgid) I18N_FORMAT_ARG(1);

/* The translation of one (n == 1 in English) or many for the number n,
   in the plural form of the language (Ukrainian has three). */
const char *i18n_ngettext(const char *one, const char *many, unsigned long n)
    I18N_FORMAT_ARG(1) I18N_FORMAT_ARG(2);

/* Whether messages are translated (a catalogue for the language). */
int i18n_active(void);

/* Mark for translation: _() translates now, N_() marks a string of a
   table that is translated where it is printed. */
#define _(msgid)  i18n_gettext(msgid)
#define N_(msgid) msgid

#endif
