/* util/file: read inputs whole; write outputs atomically.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include "util/file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

const char *file_name_problem(const char *name)
{
    size_t len = strlen(name), bad, i, comp = 0;

    if (!len)
        return N_("the name is empty");
    if (len > 255)
        return N_("the name is longer than 255 bytes");
    if (!utf8_valid(name, len, &bad))
        return N_("the name is not UTF-8");
    if (name[0] == '/')
        return N_("the path is absolute");
    for (i = 0; i <= len; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c == '/' || !c) {
            size_t n = i - comp;
            if (!n)
                return N_("the path has an empty part");
            if (n == 1 && name[comp] == '.')
                return N_("the path has a '.' part");
            if (n == 2 && name[comp] == '.' && name[comp + 1] == '.')
                return N_("the path goes up with '..'");
            comp = i + 1;
            continue;
        }
        if (c == '\\')
            return N_("the path has a backslash");
        if (c == ':')
            return N_("the path has a colon");
        if (c < 0x20 || c == 0x7f)
            return N_("the name has a control character");
    }
    return NULL;
}

/* Why a file of this mode is not a regular file; NULL when it is one. */
static const char *mode_problem(mode_t mode)
{
    if (S_ISREG(mode))
        return NULL;
    if (S_ISDIR(mode))
        return N_("is a directory");
    if (S_ISFIFO(mode))
        return N_("is a named pipe (FIFO), not a regular file");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return N_("is a device, not a regular file");
    if (S_ISSOCK(mode))
        return N_("is a socket, not a regular file");
    return N_("is not a regular file");
}

const char *file_not_regular(const char *path)
{
    struct stat st;

    if (stat(path, &st)) {
        if (errno == ENOENT || errno == ENOTDIR)
            return N_("does not exist");
        return errno == EACCES ? _("cannot be read (no permission)")
                               : _("cannot be read");
    }
    return mode_problem(st.st_mode);
}

int file_inside(const char *dir, const char *path)
{
    char *d = realpath(dir, NULL), *p = realpath(path, NULL);
    size_t n = d ? strlen(d) : 0;
    int in = d && p && !strncmp(p, d, n) && (p[n] == '/' || !strcmp(d, "/"));

    free(d);
    free(p);
    return in;
}

int file_same(const char *a, const char *b)
{
    struct file_identity ia, ib;

    return !file_identity(a, &ia) && !file_identity(b, &ib) &&
           ia.dev == ib.dev && ia.ino == ib.ino;
}

int file_identity(const char *path, struct file_identity *id)
{
    return os_file_identity(path, &id->dev, &id->ino);
}

int file_is_dir(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISDIR(st.st_mode);
}

int file_is_regular(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISREG(st.st_mode);
}

/*
 * file_read(), or with regular 1 file_read_regular(): the file is opened
 * without waiting for a writer (O_NONBLOCK), and what fstat() says is not
 * a regular file is refused before a byte is read.
 */
static enum err read_path(const char *path, size_t max_size, int regular,
                          struct strbuf *out, struct diag_list *dl)
{
    int fd, is_stdin = !regular && !strcmp(path, "-");
    struct stat st;
    size_t total = 0;
    enum err ret = ERR_OK;

    if (is_stdin) {
        fd = 0;
    } else {
        fd = open(path, regular ? O_RDONLY | O_NONBLOCK : O_RDONLY);
        if (fd < 0) {
            if (errno == ENOENT)
                diag_error(dl, path, 0, 0, "no such file");
            else
                diag_error(dl, path, 0, 0, "cannot open: %s", strerror(errno));
            return ERR_NOINPUT;
        }
        if (fstat(fd, &st) < 0) {
            diag_error(dl, path, 0, 0, "cannot stat: %s", strerror(errno));
            close(fd);
            return ERR_IO;
        }
        if (regular && !S_ISREG(st.st_mode)) {
            diag_error(dl, path, 0, 0, "%s", _(mode_problem(st.st_mode)));
            close(fd);
            return ERR_NOINPUT;
        }
        if (S_ISDIR(st.st_mode)) {
            diag_error(dl, path, 0, 0, "is a directory, not a file");
            close(fd);
            return ERR_NOINPUT;
        }
        /* A pipe given by name is read too: 'sekretar check <(cat f)'. */
        if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
            diag_error(dl, path, 0, 0, "not a regular file");
            close(fd);
            return ERR_NOINPUT;
        }
        if ((unsigned long long)st.st_size > max_size) {
            diag_error(dl, path, 0, 0,
                       "file too large (%lld bytes; at most %zu)",
                       (long long)st.st_size, max_size);
            close(fd);
            return ERR_PARSE;
        }
        /* A regular file in one buffer of its size (and one read more, to
           see its end), not one doubled as it fills. */
        if (S_ISREG(st.st_mode))
            strbuf_grow(out, (size_t)st.st_size + 1);
    }
    for (;;) {
        ssize_t n;
        if (out->alloc - out->len < 2)
            strbuf_grow(out, 65536);
        n = read(fd, out->buf + out->len, out->alloc - out->len - 1);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            diag_error(dl, is_stdin ? "<stdin>" : path, 0, 0,
                       "read failed: %s", strerror(errno));
            ret = ERR_IO;
            break;
        }
        if (!n)
            break;
        total += (size_t)n;
        strbuf_setlen(out, out->len + (size_t)n);
        if (total > max_size) {
            diag_error(dl, is_stdin ? "<stdin>" : path, 0, 0,
                       "input too large (more than %zu bytes)", max_size);
            ret = ERR_PARSE;
            break;
        }
    }
    if (!is_stdin)
        close(fd);
    return ret;
}

enum err file_read(const char *path, size_t max_size, struct strbuf *out,
                   struct diag_list *dl)
{
    return read_path(path, max_size, 0, out, dl);
}

enum err file_read_regular(const char *path, size_t max_size,
                           struct strbuf *out, struct diag_list *dl)
{
    return read_path(path, max_size, 1, out, dl);
}

/*
 * The category of a failure to create errnum says: a full disk or a
 * failing device is an I/O error (exit 74), anything else (no permission,
 * a file in the way) means the output cannot be created (73).
 */
static enum err create_error(int errnum)
{
    switch (errnum) {
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
    case EIO:
    case EFBIG:
        return ERR_IO;
    }
    return ERR_CREATE;
}

enum err atomic_open(struct atomic_file *af, const char *path,
                     struct diag_list *dl)
{
    struct strbuf tmp = STRBUF_INIT;
    int fd;

    af->path = xstrdup(path);
    af->fp = NULL;
    af->no_sync = 0;
    strbuf_addf(&tmp, "%s.tmp-XXXXXX", path);
    fd = mkstemp(tmp.buf);
    if (fd < 0) {
        int errnum = errno;
        diag_error(dl, path, 0, 0, "cannot create: %s", strerror(errnum));
        strbuf_release(&tmp);
        FREE_AND_NULL(af->path);
        af->tmp = NULL;
        return create_error(errnum);
    }
    /* mkstemp makes 0600 files; documents are for sharing. */
    fchmod(fd, 0644);
    af->tmp = strbuf_detach(&tmp, NULL);
    af->fp = fdopen(fd, "wb");
    if (!af->fp) {
        diag_error(dl, path, 0, 0, "cannot open: %s", strerror(errno));
        close(fd);
        atomic_abort(af);
        return ERR_CREATE;
    }
    return ERR_OK;
}

enum err atomic_commit(struct atomic_file *af, struct diag_list *dl)
{
    int failed, errnum;

    if (!af->fp) {
        atomic_abort(af);
        return ERR_IO;
    }
    errno = 0;
    failed = fflush(af->fp) != 0 || ferror(af->fp);
    if (!failed && !af->no_sync)
        failed = fsync(fileno(af->fp)) != 0 && errno != EINVAL;
    errnum = errno;
    if (fclose(af->fp) && !failed) {
        failed = 1;
        errnum = errno;
    }
    af->fp = NULL;
    if (failed) {
        diag_error(dl, af->path, 0, 0, "write failed: %s",
                   strerror(errnum ? errnum : EIO));
        atomic_abort(af);
        return ERR_IO;
    }
    if (rename(af->tmp, af->path)) {
        int errnum = errno;
        diag_error(dl, af->path, 0, 0, "cannot rename into place: %s",
                   os_error_text(errnum));
        atomic_abort(af);
        return create_error(errnum);
    }
    FREE_AND_NULL(af->tmp);
    FREE_AND_NULL(af->path);
    return ERR_OK;
}

void atomic_abort(struct atomic_file *af)
{
    if (af->fp) {
        fclose(af->fp);
        af->fp = NULL;
    }
    if (af->tmp) {
        unlink(af->tmp);
        FREE_AND_NULL(af->tmp);
    }
    FREE_AND_NULL(af->path);
}

enum err atomic_group_add(struct atomic_group *g, const char *path,
                          const char **tmp, struct diag_list *dl)
{
    struct strbuf sb = STRBUF_INIT;
    int fd, errnum;

    strbuf_addf(&sb, "%s.tmp-XXXXXX", path);
    fd = mkstemp(sb.buf);
    if (fd < 0) {
        errnum = errno;
        diag_error(dl, path, 0, 0, "cannot create: %s", strerror(errnum));
        strbuf_release(&sb);
        return create_error(errnum);
    }
    /* mkstemp makes 0600 files; documents are for sharing (a writer that
       opens the name again keeps the mode). */
    fchmod(fd, 0644);
    close(fd);
    ALLOC_GROW(g->paths, g->n + 1, g->alloc);
    g->tmps = xreallocarray(g->tmps, g->alloc, sizeof(*g->tmps));
    g->paths[g->n] = xstrdup(path);
    g->tmps[g->n] = strbuf_detach(&sb, NULL);
    *tmp = g->tmps[g->n++];
    return ERR_OK;
}

static void group_release(struct atomic_group *g)
{
    size_t i;

    for (i = 0; i < g->n; i++) {
        free(g->paths[i]);
        free(g->tmps[i]);
    }
    free(g->paths);
    free(g->tmps);
    memset(g, 0, sizeof(*g));
}

void atomic_group_abort(struct atomic_group *g)
{
    size_t i;

    for (i = 0; i < g->n; i++)
        unlink(g->tmps[i]);
    group_release(g);
}

enum err atomic_group_commit(struct atomic_group *g, struct diag_list *dl)
{
    struct strbuf backup = STRBUF_INIT;
    char *kept = xcalloc(g->n ? g->n : 1, 1);
    enum err ret = ERR_OK;
    size_t i, done;

    /* Keep what is replaced: "PATH.tmp-XXXXXX.old" is as unique as the
       temporary name it extends. */
    for (i = 0; i < g->n; i++) {
        strbuf_reset(&backup);
        strbuf_addf(&backup, "%s.old", g->tmps[i]);
        kept[i] = !link(g->paths[i], backup.buf);
    }
    for (done = 0; done < g->n; done++)
        if (rename(g->tmps[done], g->paths[done])) {
            int errnum = errno;
            diag_error(dl, g->paths[done], 0, 0, "cannot rename into place: %s",
                       os_error_text(errnum));
            ret = create_error(errnum);
            break;
        }
    for (i = 0; i < g->n; i++) {
        strbuf_reset(&backup);
        strbuf_addf(&backup, "%s.old", g->tmps[i]);
        if (ret && i < done) {
            /* Undo: the old file back, or none as before. */
            if (kept[i])
                rename(backup.buf, g->paths[i]);
            else
                unlink(g->paths[i]);
        } else if (kept[i]) {
            unlink(backup.buf);
        }
        if (ret && i >= done)
            unlink(g->tmps[i]);
    }
    free(kept);
    strbuf_release(&backup);
    group_release(g);
    return ret;
}

static enum err write_atomic(const char *path, const void *data, size_t len,
                             int no_sync, struct diag_list *dl)
{
    struct atomic_file af;
    enum err e = atomic_open(&af, path, dl);

    if (e)
        return e;
    af.no_sync = no_sync;
    if (len && fwrite(data, 1, len, af.fp) != len) {
        diag_error(dl, path, 0, 0, "write failed: %s", strerror(errno));
        atomic_abort(&af);
        return ERR_IO;
    }
    return atomic_commit(&af, dl);
}

enum err file_write_atomic(const char *path, const void *data, size_t len,
                           struct diag_list *dl)
{
    return write_atomic(path, data, len, 0, dl);
}

enum err file_write_atomic_nosync(const char *path, const void *data,
                                  size_t len, struct diag_list *dl)
{
    return write_atomic(path, data, len, 1, dl);
}

enum err file_mkdirs(const char *path, struct diag_list *dl)
{
    char *p, *s;
    size_t root = os_path_root(path);
    enum err ret = ERR_OK;

    if (!*path)
        return ERR_OK;
    p = xstrdup(path);

    /* From the first folder after the root ("/", on Windows "C:/"). */
    for (s = p + (root ? root : 1);; s++) {
        if (*s == '/' || !*s) {
            char c = *s;
            *s = '\0';
            if (mkdir(p, 0755) && errno != EEXIST) {
                int errnum = errno;
                diag_error(dl, p, 0, 0, "cannot create directory: %s",
                           strerror(errnum));
                ret = create_error(errnum);
                break;
            }
            if (!file_is_dir(p)) {
                diag_error(dl, p, 0, 0, "exists and is not a directory");
                ret = ERR_CREATE;
                break;
            }
            *s = c;
            if (!c)
                break;
        }
    }
    free(p);
    return ret;
}
