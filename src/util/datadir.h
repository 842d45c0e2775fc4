/* util/datadir: where the program's data (templates, fonts, message
 * catalogues) is, wherever it was installed or built.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_DATADIR_H
#define UTIL_DATADIR_H

/*
 * Where the templates or fonts (sub) are: env, else SEKRETAR_DATADIR/sub,
 * next to the program (a build tree), ../share/sekretar/sub from it, or
 * the installed share directory.  Returns a string to free.
 */
char *data_dir(const char *sub, const char *env);

/*
 * Where the message catalogues are: $SEKRETAR_LOCALEDIR, else build/locale
 * or locale beside the program (a build tree), ../share/locale from it,
 * or the installed one.  Returns a string to free.
 */
char *locale_dir(void);

#endif
