/* util/i18n: the messages in the user's language: the one file that
 * speaks to GNU gettext (libintl, part of glibc).
 * SPDX-License-Identifier: MIT
 */
#include "util/i18n.h"

#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "util/os.h"
#include "util/banned.h"

#define I18N_DOMAIN "sekretar"

static int i18n_ready;

static int set(const char *env)
{
    const char *v = getenv(env);
    return v && *v;
}

/* The locale the environment names for the messages (LC_ALL, else
   LC_MESSAGES, else LANG), or NULL. */
static const char *messages_locale(void)
{
    static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    size_t i;

    for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
        if (set(vars[i]))
            return getenv(vars[i]);
    return NULL;
}

void i18n_init(const char *localedir)
{
    const char *loc = setlocale(LC_MESSAGES, ""), *name;

    /* gettext ignores LANGUAGE in the C locale, LANG=C included; but
       LANGUAGE=uk with no locale set at all still asks for Ukrainian. */
    if (set("LANGUAGE") && !messages_locale())
        loc = setlocale(LC_MESSAGES, "C.UTF-8");
    /* A locale the system has not made (LANG=uk_UA.UTF-8 on a Debian
       without it in /etc/locale.gen): its language all the same, through
       LANGUAGE, which gettext reads in C.UTF-8 (LANGUAGE, when set, is
       the user's own list and stays). */
    name = messages_locale();
    if (!loc && name && strcmp(name, "C") && strcmp(name, "POSIX") &&
        strncmp(name, "C.", 2)) {
        loc = setlocale(LC_MESSAGES, "C.UTF-8");
        if (loc && !set("LANGUAGE") && setenv("LANGUAGE", name, 1))
            loc = NULL;
    }
    if (!loc)
        return;
    /* The C library's own messages (getopt's) in UTF-8, not
       transliterated; C.UTF-8 classifies bytes as the C locale does. */
    if (strcmp(loc, "C") && strcmp(loc, "POSIX"))
        setlocale(LC_CTYPE, "C.UTF-8");
    if (!bindtextdomain(I18N_DOMAIN, localedir) ||
        !bind_textdomain_codeset(I18N_DOMAIN, "UTF-8") ||
        !textdomain(I18N_DOMAIN))
        return;
    i18n_ready = 1;
}

void i18n_default(const char *lang, const char *localedir)
{
    const char *v = messages_locale();

    if (set("LANGUAGE") ||
        (v && strcmp(v, "C") && strcmp(v, "POSIX") && strncmp(v, "C.", 2)))
        return;
    setenv("LANGUAGE", lang, 1);
    if (!setlocale(LC_MESSAGES, "C.UTF-8"))
        return;
    setlocale(LC_CTYPE, "C.UTF-8");
    if (bindtextdomain(I18N_DOMAIN, localedir) &&
        bind_textdomain_codeset(I18N_DOMAIN, "UTF-8") &&
        textdomain(I18N_DOMAIN))
        i18n_ready = 1;
}

const char *i18n_gettext(const char *msgid)
{
    return i18n_ready && *msgid ? gettext(msgid) : msgid;
}

const char *i18n_ngettext(const char *one, const char *many, unsigned long n)
{
    if (!i18n_ready)
        return n == 1 ? one : many;
    return ngettext(one, many, n);
}

int i18n_active(void)
{
    /* Every catalogue translates the manual pages' title. */
    return i18n_ready &&
           strcmp(gettext("Sekretar Manual"), "Sekretar Manual") != 0;
}
