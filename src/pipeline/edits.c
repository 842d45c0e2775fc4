/* pipeline/edits: the desk's changes to the event's own files, each with
 * its backup, in a journal, undoable.
 * SPDX-License-Identifier: MIT
 *
 * The folder .sekretar-desk of the event folder holds journal.tsv (a line
 * per change: number, time, the change it undid, the file's SHA-256
 * before and after, the file, what was done) and the backups, NNNN-FILE,
 * the file as it was before change NNNN.  A change writes the backup,
 * then the file (atomically: renamed over the old one), then the journal:
 * a change killed half-way leaves the file whole, old or new, and its
 * backup.
 */
#include "pipeline/edits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "archive/commit.h"
#include "util/file.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Files the desk changes are small (a registry of thousands of people). */
#define EDIT_MAX_SIZE (64u << 20)

int edits_file_sha(const char *path, char hex[65])
{
    struct diag_list quiet = DIAG_LIST_INIT;
    enum err e = archive_file_sha256(path, hex, NULL, &quiet);

    diag_list_release(&quiet);
    return e ? -1 : 0;
}

static void path_of(struct strbuf *out, const char *dir, const char *rel)
{
    strbuf_reset(out);
    strbuf_addf(out, "%s/%s", dir, rel);
}

/* The backup of rel before change no. */
static void backup_of(struct strbuf *out, const char *dir, unsigned no,
                      const char *rel)
{
    const char *s;

    strbuf_reset(out);
    strbuf_addf(out, "%s/" EDITS_DIR "/%04u-", dir, no);
    for (s = rel; *s; s++)
        strbuf_addch(out, *s == '/' ? '_' : *s);
}

/* A journal's field: no tab, no line break. */
static void field(struct strbuf *out, const char *s)
{
    for (; *s; s++)
        strbuf_addch(out, *s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
}

static char *next_field(char **s)
{
    char *f = *s, *tab;

    if (!f)
        return NULL;
    tab = strchr(f, '\t');
    if (tab) {
        *tab = '\0';
        *s = tab + 1;
    } else {
        *s = NULL;
    }
    return f;
}

size_t edits_list(const char *dir, struct edit_entry **out)
{
    struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    struct edit_entry *v = NULL;
    size_t n = 0, alloc = 0;
    char *line, *nl;

    strbuf_addf(&path, "%s/" EDITS_DIR "/journal.tsv", dir);
    if (file_read(path.buf, EDIT_MAX_SIZE, &text, &dl) == ERR_OK) {
        for (line = text.buf; line && *line; line = nl) {
            char *s = line, *f[7];
            size_t k;
            nl = strchr(line, '\n');
            if (nl)
                *nl++ = '\0';
            for (k = 0; k < 7; k++)
                f[k] = next_field(&s);
            if (!f[6] || strlen(f[3]) != 64 || strlen(f[4]) != 64)
                continue; /* a line cut short by a kill: no change */
            ALLOC_GROW(v, n + 1, alloc);
            memset(&v[n], 0, sizeof(v[n]));
            v[n].no = (unsigned)strtoul(f[0], NULL, 10);
            v[n].time = strtoll(f[1], NULL, 10);
            v[n].undoes = (unsigned)strtoul(f[2], NULL, 10);
            memcpy(v[n].before, f[3], 65);
            memcpy(v[n].after, f[4], 65);
            v[n].file = xstrdup(f[5]);
            v[n].what = xstrdup(f[6]);
            n++;
        }
    }
    strbuf_release(&path);
    strbuf_release(&text);
    diag_list_release(&dl);
    *out = v;
    return n;
}

void edits_free(struct edit_entry *e, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        free(e[i].file);
        free(e[i].what);
    }
    free(e);
}

int edits_undoable(const char *dir, const struct edit_entry *e,
                   const struct edit_entry *all, size_t n)
{
    struct strbuf path = STRBUF_INIT;
    char now[65];
    size_t i;
    int ok;

    for (i = 0; i < n; i++)
        if (all[i].no > e->no && !strcmp(all[i].file, e->file))
            return 0;
    path_of(&path, dir, e->file);
    ok = !edits_file_sha(path.buf, now) && !strcmp(now, e->after);
    strbuf_release(&path);
    return ok;
}

int edits_before(const char *dir, unsigned no, const char *rel,
                 struct strbuf *out)
{
    struct strbuf path = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    int ok;

    backup_of(&path, dir, no, rel);
    ok = file_read(path.buf, EDIT_MAX_SIZE, out, &dl) == ERR_OK;
    strbuf_release(&path);
    diag_list_release(&dl);
    return ok;
}

/* Write the change: backup, file, journal. */
static enum edit_refusal commit(const char *dir, const char *rel,
                                const struct strbuf *old, const char *data,
                                size_t len, const char *what, unsigned undoes,
                                unsigned *no, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT, line = STRBUF_INIT, journal = STRBUF_INIT;
    struct diag_list quiet = DIAG_LIST_INIT;
    struct edit_entry *all;
    size_t n = edits_list(dir, &all);
    char before[65], after[65];
    enum edit_refusal ret = EDIT_FAILED;

    *no = n ? all[n - 1].no + 1 : 1;
    edits_free(all, n);
    sha256_hex(old->buf, old->len, before);
    sha256_hex(data, len, after);
    strbuf_addf(&path, "%s/" EDITS_DIR, dir);
    if (file_mkdirs(path.buf, dl) != ERR_OK)
        goto out;
    backup_of(&path, dir, *no, rel);
    if (file_write_atomic(path.buf, old->buf, old->len, dl) != ERR_OK)
        goto out;
    path_of(&path, dir, rel);
    if (file_write_atomic(path.buf, data, len, dl) != ERR_OK)
        goto out;
    strbuf_addf(&line, "%u\t%lld\t%u\t%s\t%s\t", *no, (long long)time(NULL),
                undoes, before, after);
    field(&line, rel);
    strbuf_addch(&line, '\t');
    field(&line, what);
    strbuf_addch(&line, '\n');
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/" EDITS_DIR "/journal.tsv", dir);
    file_read(path.buf, EDIT_MAX_SIZE, &journal, &quiet);
    if (journal.len && journal.buf[journal.len - 1] != '\n')
        strbuf_addch(&journal, '\n');
    strbuf_addbuf(&journal, &line);
    if (file_write_atomic(path.buf, journal.buf, journal.len, dl) != ERR_OK)
        goto out;
    ret = EDIT_DONE;
out:
    strbuf_release(&path);
    strbuf_release(&line);
    strbuf_release(&journal);
    diag_list_release(&quiet);
    return ret;
}

enum edit_refusal edits_write(const char *dir, const char *rel,
                              const char *read_sha, const char *data,
                              size_t len, const char *what, unsigned *no,
                              struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT, old = STRBUF_INIT;
    char now[65];
    enum edit_refusal ret;

    *no = 0;
    path_of(&path, dir, rel);
    if (file_read(path.buf, EDIT_MAX_SIZE, &old, dl) != ERR_OK) {
        ret = EDIT_FAILED;
        goto out;
    }
    sha256_hex(old.buf, old.len, now);
    if (read_sha && strcmp(now, read_sha)) {
        diag_error(dl, path.buf, 0, 0,
                   "the file changed since the page showed it (another tab, "
                   "or a program); nothing was written: look at it again");
        ret = EDIT_STALE;
        goto out;
    }
    ret = commit(dir, rel, &old, data, len, what, 0, no, dl);
out:
    strbuf_release(&path);
    strbuf_release(&old);
    return ret;
}

enum edit_refusal edits_undo(const char *dir, unsigned no, unsigned *undo_no,
                             struct diag_list *dl)
{
    struct edit_entry *all, *e = NULL;
    size_t n = edits_list(dir, &all), i;
    struct strbuf path = STRBUF_INIT, old = STRBUF_INIT, back = STRBUF_INIT,
                  what = STRBUF_INIT;
    enum edit_refusal ret = EDIT_FAILED;

    *undo_no = 0;
    for (i = 0; i < n; i++)
        if (all[i].no == no)
            e = &all[i];
    if (!e) {
        diag_error(dl, NULL, 0, 0, "no change %u in the journal", no);
        goto out;
    }
    if (!edits_undoable(dir, e, all, n)) {
        diag_error(dl, e->file, 0, 0,
                   "the file changed after change %u; it is not undone", no);
        ret = EDIT_STALE;
        goto out;
    }
    if (!edits_before(dir, no, e->file, &back)) {
        diag_error(dl, e->file, 0, 0, "the backup of change %u is missing", no);
        goto out;
    }
    path_of(&path, dir, e->file);
    if (file_read(path.buf, EDIT_MAX_SIZE, &old, dl) != ERR_OK)
        goto out;
    strbuf_addf(&what, "undo %u", no);
    ret = commit(dir, e->file, &old, back.buf, back.len, what.buf, no, undo_no,
                 dl);
out:
    edits_free(all, n);
    strbuf_release(&path);
    strbuf_release(&old);
    strbuf_release(&back);
    strbuf_release(&what);
    return ret;
}
