/* pipeline/init: a new event folder.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/init.h"

#include <stdlib.h>
#include <string.h>

#include "ingest/eventdir.h"
#include "util/file.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* Write one skeleton file unless it exists; its path in *written. */
static enum err write_new(const char *dir, const char *name,
                          void (*fill)(struct strbuf *), char **written,
                          struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
    enum err e;

    strbuf_addf(&path, "%s/%s", dir, name);
    if (file_is_regular(path.buf) || file_is_dir(path.buf)) {
        diag_error(dl, NULL, 0, 0, "%s exists; not overwritten", path.buf);
        strbuf_release(&path);
        return ERR_CREATE;
    }
    fill(&text);
    e = file_write_atomic(path.buf, text.buf, text.len, dl);
    if (!e)
        *written = strbuf_detach(&path, NULL);
    strbuf_release(&path);
    strbuf_release(&text);
    return e;
}

enum err init_event_folder(const char *dir, struct init_result *res,
                           struct diag_list *dl)
{
    int made = !file_is_dir(dir), i;
    enum err e, e1, e2;

    memset(res, 0, sizeof(*res));
    e = file_mkdirs(dir, dl);
    if (e)
        return e;
    e1 = write_new(dir, "event.ini", eventdir_skeleton_ini, &res->written[0],
                   dl);
    e2 = write_new(dir, "players.csv", eventdir_skeleton_players,
                   &res->written[1], dl);
    if ((e1 && e1 != ERR_CREATE) || (e2 && e2 != ERR_CREATE)) {
        /* A disk that failed: take back what this wrote. */
        for (i = 0; i < 2; i++)
            if (res->written[i])
                unlink(res->written[i]);
        if (made)
            rmdir(dir);
        init_result_release(res);
    }
    return e1 ? e1 : e2;
}

void init_result_release(struct init_result *res)
{
    free(res->written[0]);
    free(res->written[1]);
    memset(res, 0, sizeof(*res));
}
