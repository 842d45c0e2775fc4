/* util/datadir: where the program's data (templates, fonts, message
 * catalogues) is, wherever it was installed or built.
 * SPDX-License-Identifier: MIT
 */
#include "util/datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_DATADIR
#define SEKRETAR_DATADIR "/usr/local/share/sekretar"
#endif

char *data_dir(const char *sub, const char *env)
{
    const char *v = getenv(env);
    struct strbuf sb = STRBUF_INIT;
    char *dir;

    if (v && *v)
        return xstrdup(v);
    v = getenv("SEKRETAR_DATADIR");
    if (v && *v) {
        strbuf_addf(&sb, "%s/%s", v, sub);
        return strbuf_detach(&sb, NULL);
    }
    dir = os_program_dir();
    if (dir) {
        strbuf_addf(&sb, "%s/%s", dir, sub);
        if (file_is_dir(sb.buf)) {
            free(dir);
            return strbuf_detach(&sb, NULL);
        }
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/../share/sekretar/%s", dir, sub);
        free(dir);
        if (file_is_dir(sb.buf))
            return strbuf_detach(&sb, NULL);
        strbuf_reset(&sb);
    }
    strbuf_addf(&sb, "%s/%s", SEKRETAR_DATADIR, sub);
    return strbuf_detach(&sb, NULL);
}

#ifndef SEKRETAR_LOCALEDIR
#define SEKRETAR_LOCALEDIR "/usr/local/share/locale"
#endif

char *locale_dir(void)
{
    static const char *const beside[] = {"build/locale", "locale",
                                         "../share/locale"};
    const char *v = getenv("SEKRETAR_LOCALEDIR");
    struct strbuf sb = STRBUF_INIT;
    char *dir;
    size_t i;

    if (v && *v)
        return xstrdup(v);
    dir = os_program_dir();
    for (i = 0; dir && i < sizeof(beside) / sizeof(beside[0]); i++) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/%s", dir, beside[i]);
        if (file_is_dir(sb.buf)) {
            free(dir);
            return strbuf_detach(&sb, NULL);
        }
    }
    free(dir);
    strbuf_release(&sb);
    return xstrdup(SEKRETAR_LOCALEDIR);
}

