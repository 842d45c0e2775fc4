/* archive/commit: the archive's lock, staging folders, and commits that a
 * kill at any moment cannot damage (see commit.h).
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include "archive/commit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "archive/catalog.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

enum err archive_lock_take(const char *root, int exclusive,
                           struct archive_lock *lk, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    enum err e = ERR_OK;
    long waited = 0;
    int said = 0;

    lk->fd = -1;
    lk->exclusive = exclusive;
    if (exclusive && file_mkdirs(root, dl))
        return ERR_CREATE;
    strbuf_addf(&path, "%s/%s", root, ARCHIVE_LOCK_FILE);
    lk->fd = open(path.buf, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lk->fd < 0 && !exclusive)
        lk->fd = open(path.buf, O_RDONLY | O_CLOEXEC);
    if (lk->fd < 0) {
        if (!exclusive && (errno == ENOENT || errno == EROFS ||
                           errno == EACCES || errno == EPERM)) {
            strbuf_release(&path);
            return ERR_OK; /* nobody can write here */
        }
        diag_error(dl, path.buf, 0, 0, "cannot open the archive's lock: %s",
                   strerror(errno));
        strbuf_release(&path);
        return ERR_CREATE;
    }
    for (;;) {
        if (!flock(lk->fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB))
            break;
        if (errno != EWOULDBLOCK && errno != EINTR) {
            diag_error(dl, path.buf, 0, 0, "cannot lock the archive: %s",
                       strerror(errno));
            e = ERR_IO;
            break;
        }
        if (waited >= ARCHIVE_LOCK_WAIT * 1000L) {
            diag_error(dl, path.buf, 0, 0,
                       "another sekretar has held the archive for %d s; "
                       "nothing was changed",
                       ARCHIVE_LOCK_WAIT);
            e = ERR_IO;
            break;
        }
        if (!said && waited >= 2000 && isatty(2)) {
            /* Progress for a person at a terminal, as build's own. */
            fputs("\r\033[K", stderr);
            fprintf(stderr, _("waiting for another sekretar to finish with %s"),
                    root);
            said = 1;
        }
        os_sleep_ms(20);
        waited += 20;
    }
    if (said)
        fputs("\r\033[K", stderr);
    if (e) {
        close(lk->fd);
        lk->fd = -1;
    }
    strbuf_release(&path);
    return e;
}

void archive_lock_release(struct archive_lock *lk)
{
    if (lk->fd >= 0)
        close(lk->fd); /* releases the flock */
    lk->fd = -1;
}

/* ------------------------------------------------------------- staging */

#define OWNER_FILE ".owner"

enum err archive_staging_make(const char *root, const char *name,
                              struct archive_staging *st,
                              struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    int tries;

    st->dir = NULL;
    st->fd = -1;
    /* Another command may remove .staging when it is done with it: again. */
    for (tries = 0;; tries++) {
        struct diag_list mk = DIAG_LIST_INIT;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, ARCHIVE_STAGING);
        if (!file_mkdirs(path.buf, &mk)) {
            strbuf_addf(&path, "/%s-XXXXXX", name);
            if (mkdtemp(path.buf)) {
                diag_list_release(&mk);
                break;
            }
            if (errno != ENOENT || tries >= 20)
                diag_error(&mk, path.buf, 0, 0,
                           "cannot make a staging folder: %s",
                           strerror(errno));
        }
        if (tries >= 20 || (mk.nr && errno != ENOENT && errno != EEXIST)) {
            size_t i;
            for (i = 0; i < mk.nr; i++)
                diag_error(dl, mk.items[i].file, 0, 0, "%s",
                           mk.items[i].msg);
            diag_list_release(&mk);
            strbuf_release(&path);
            return ERR_CREATE;
        }
        diag_list_release(&mk);
    }
    st->dir = xstrdup(path.buf);
    /*
     * The owner file is locked, then written (the process's number): an
     * empty one is being made this instant, and another command neither
     * takes its folder for an abandoned one nor tries its lock
     * (staging_alive()).
     */
    strbuf_addf(&path, "/%s", OWNER_FILE);
    st->fd = open(path.buf, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (st->fd >= 0 && !flock(st->fd, LOCK_EX | LOCK_NB)) {
        char pid[32];
        int n = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
        if (write(st->fd, pid, (size_t)n) == n) {
            strbuf_release(&path);
            return ERR_OK;
        }
        /* (a full disk, as the writes after it would meet) */
        diag_error(dl, path.buf, 0, 0, "cannot write: %s", strerror(errno));
        strbuf_release(&path);
        archive_staging_remove(st);
        return ERR_IO;
    }
    diag_error(dl, path.buf, 0, 0, "cannot make a staging folder: %s",
               strerror(errno));
    strbuf_release(&path);
    archive_staging_remove(st);
    return ERR_CREATE;
}

static int remove_one(const char *path, const struct stat *sb, int flag,
                      struct FTW *ftw)
{
    (void)sb;
    (void)ftw;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

void archive_remove_tree(const char *dir)
{
    nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Every file of a staging folder but its owner file (and the folder). */
static int remove_but_owner(const char *path, const struct stat *sb,
                            int flag, struct FTW *ftw)
{
    if (ftw->level == 0 ||
        (ftw->level == 1 && !strcmp(path + ftw->base, OWNER_FILE)))
        return 0;
    return remove_one(path, sb, flag, ftw);
}

void archive_staging_remove(struct archive_staging *st)
{
    struct strbuf owner = STRBUF_INIT;
    char *slash;

    /* Closed first: Windows removes no file that is open. */
    if (st->fd >= 0)
        close(st->fd);
    st->fd = -1;
    if (st->dir) {
        /* The owner file goes last: a command killed while it removes
           its folder leaves it with its owner file, unlocked, which the
           next command removes at once (not a folder without one, which
           may be one being made and is let be for a minute). */
        nftw(st->dir, remove_but_owner, 16, FTW_DEPTH | FTW_PHYS);
        strbuf_addf(&owner, "%s/%s", st->dir, OWNER_FILE);
        unlink(owner.buf);
        rmdir(st->dir);
        strbuf_release(&owner);
        slash = strrchr(st->dir, '/');
        if (slash) {
            *slash = '\0';
            rmdir(st->dir); /* .staging, when no other command uses it */
        }
    }
    FREE_AND_NULL(st->dir);
}

/* 1 when the staging folder dir belongs to a live process. */
static int staging_alive(const char *dir)
{
    struct strbuf path = STRBUF_INIT;
    struct stat sb;
    int fd, alive = 0, young;

    strbuf_addf(&path, "%s/%s", dir, OWNER_FILE);
    young = !stat(dir, &sb) && time(NULL) - sb.st_mtime < 60;
    fd = open(path.buf, O_RDWR | O_CLOEXEC);
    if (fd >= 0) {
        /* Empty and young: being made this instant, its lock not tried
           (its owner is about to take it); else the lock says. */
        if (!fstat(fd, &sb) && sb.st_size == 0 && young)
            alive = 1;
        else
            alive = flock(fd, LOCK_EX | LOCK_NB) != 0;
        close(fd);
    } else {
        /* Being made this instant, or never finished: judge by its age. */
        alive = young;
    }
    strbuf_release(&path);
    return alive;
}

/* -------------------------------------------------------------- pending */

enum err archive_file_sha256(const char *path, char hex[65],
                             long long *size, struct diag_list *dl)
{
    unsigned char buf[1 << 16], digest[32];
    struct sha256 ctx;
    long long n = 0;
    ssize_t got;
    struct stat st;
    /* Without waiting: a named pipe in the archive must not stop us. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

    if (fd < 0) {
        diag_error(dl, path, 0, 0, "cannot open: %s", strerror(errno));
        return errno == ENOENT ? ERR_NOINPUT : ERR_IO;
    }
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        diag_error(dl, path, 0, 0, "not a regular file");
        close(fd);
        return ERR_DATA;
    }
    sha256_init(&ctx);
    while ((got = read(fd, buf, sizeof(buf))) > 0) {
        sha256_update(&ctx, buf, (size_t)got);
        n += got;
    }
    if (got < 0) {
        diag_error(dl, path, 0, 0, "cannot read: %s", strerror(errno));
        close(fd);
        return ERR_IO;
    }
    close(fd);
    sha256_final(&ctx, digest);
    sha256_to_hex(digest, hex);
    if (size)
        *size = n;
    return ERR_OK;
}

/* Sync the folder holding path, so that a rename in it is durable. */
static void sync_dir_of(const char *path)
{
    char *dir = xstrdup(path), *slash = strrchr(dir, '/');
    int fd;

    if (slash)
        *slash = '\0';
    fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

enum err archive_write_pending(const char *root, const char *rel,
                               const void *zip, size_t len,
                               struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    enum err e;
    char *slash;

    strbuf_addf(&path, "%s/%s", root, rel);
    slash = strrchr(path.buf, '/');
    *slash = '\0';
    e = file_mkdirs(path.buf, dl);
    *slash = '/';
    strbuf_addstr(&path, ARCHIVE_PENDING);
    if (!e)
        e = file_write_atomic(path.buf, zip, len, dl);
    if (!e) {
        sync_dir_of(path.buf);
    } else {
        *slash = '\0';
        rmdir(path.buf); /* a year folder made for it */
    }
    strbuf_release(&path);
    return e;
}

void archive_drop_pending(const char *root, const char *rel)
{
    struct strbuf path = STRBUF_INIT;

    strbuf_addf(&path, "%s/%s%s", root, rel, ARCHIVE_PENDING);
    unlink(path.buf);
    strbuf_setlen(&path, (size_t)(strrchr(path.buf, '/') - path.buf));
    rmdir(path.buf); /* a year folder made for it */
    strbuf_release(&path);
}

enum err archive_finish(const char *root, const char *rel,
                        const char *prev_rel, struct diag_list *dl)
{
    struct strbuf cur = STRBUF_INIT, pend = STRBUF_INIT, prev = STRBUF_INIT;
    enum err e = ERR_OK;

    strbuf_addf(&cur, "%s/%s", root, rel);
    strbuf_addf(&pend, "%s%s", cur.buf, ARCHIVE_PENDING);
    if (prev_rel) {
        strbuf_addf(&prev, "%s/%s", root, prev_rel);
        if (link(cur.buf, prev.buf) && errno != EEXIST && errno != ENOENT) {
            diag_error(dl, prev.buf, 0, 0,
                       "cannot keep the previous version: %s",
                       strerror(errno));
            e = ERR_CREATE;
        }
    }
    if (!e && rename(pend.buf, cur.buf)) {
        diag_error(dl, cur.buf, 0, 0, "cannot put the new bundle in place: %s",
                   strerror(errno));
        e = ERR_CREATE;
    }
    if (!e)
        sync_dir_of(cur.buf);
    strbuf_release(&cur);
    strbuf_release(&pend);
    strbuf_release(&prev);
    return e;
}

/* ------------------------------------------------------------- recovery */

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);

    return n >= k && !strcmp(s + n - k, tail);
}

/* "NAME.tmp-XXXXXX": a temporary file of an atomic write (util/file). */
static int is_atomic_tmp(const char *name)
{
    const char *t = strstr(name, ".tmp-");

    return t && strlen(t + 5) == 6 && !strchr(t + 5, '/');
}

/*
 * The catalogue a rebuild was making ("catalog.sqlite.rebuild") or a file
 * SQLite keeps beside it (its -wal, -shm or -journal): a killed rebuild
 * leaves them, and a stale WAL would be played into the next rebuild's
 * new catalogue.
 */
static int is_rebuild_catalog(const char *name)
{
    static const char *const tails[] = {"", "-wal", "-shm", "-journal"};
    const char *base = CATALOG_FILE ".rebuild";
    size_t n = strlen(base), i;

    if (strncmp(name, base, n))
        return 0;
    for (i = 0; i < sizeof(tails) / sizeof(tails[0]); i++)
        if (!strcmp(name + n, tails[i]))
            return 1;
    return 0;
}

/* A year folder: four digits. */
static int is_year(const char *name)
{
    size_t i;

    for (i = 0; i < 4; i++)
        if (name[i] < '0' || name[i] > '9')
            return 0;
    return name[4] == '\0';
}

/* Sorted names of the entries of dir (without . and ..); count in *n. */
static char **list_dir(const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char **names = NULL;
    size_t alloc = 0, i, j;

    *n = 0;
    if (!d)
        return NULL;
    while ((de = readdir(d)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        ALLOC_GROW(names, *n + 1, alloc);
        names[(*n)++] = xstrdup(de->d_name);
    }
    closedir(d);
    for (i = 1; i < *n; i++) /* few entries: insertion sort */
        for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    return names;
}

static void free_names(char **names, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/*
 * A pending bundle YEAR/ID.zip.pending: put in place when the catalogue
 * records it as the event's current version, or (YEAR/ID-vN.zip.pending,
 * a kept version rewritten) as the bundle at that path; else removed.
 */
static enum err recover_pending(const char *root, struct catalog *c,
                                const char *year, const char *name,
                                struct strbuf *report, struct diag_list *dl)
{
    struct strbuf rel = STRBUF_INIT, path = STRBUF_INIT, id = STRBUF_INIT;
    struct catalog_version cur, prev;
    char hex[65];
    enum err e = ERR_OK;

    memset(&prev, 0, sizeof(prev));
    strbuf_addf(&rel, "%s/%s", year, name);
    strbuf_setlen(&rel, rel.len - strlen(ARCHIVE_PENDING)); /* YEAR/ID.zip */
    strbuf_addf(&path, "%s/%s/%s", root, year, name);
    strbuf_add(&id, name, strlen(name) - strlen(".zip" ARCHIVE_PENDING));
    memset(&cur, 0, sizeof(cur));
    if (c)
        catalog_version_get(c, id.buf, 0, &cur);
    if (cur.version > 1)
        catalog_version_get(c, id.buf, cur.version - 1, &prev);
    if (cur.version && !strcmp(cur.path, rel.buf) &&
        !archive_file_sha256(path.buf, hex, NULL, dl) &&
        !strcmp(hex, cur.sha256)) {
        e = archive_finish(root, rel.buf, prev.version ? prev.path : NULL, dl);
        if (!e)
            strbuf_addf(report,
                        "%s/%s: finished the commit of version %d of '%s' "
                        "that a stopped command began\n",
                        root, rel.buf, cur.version, id.buf);
    } else if (c && !cur.version && catalog_version_at(c, rel.buf, &prev) &&
               !archive_file_sha256(path.buf, hex, NULL, dl) &&
               !strcmp(hex, prev.sha256)) {
        /* A kept version rewritten (archive forget-person). */
        e = archive_finish(root, rel.buf, NULL, dl);
        if (!e)
            strbuf_addf(report,
                        "%s/%s: finished the rewrite of version %d that a "
                        "stopped command began\n",
                        root, rel.buf, prev.version);
    } else {
        unlink(path.buf);
        strbuf_addf(report,
                    "%s: removed a bundle that a stopped command did not "
                    "commit\n",
                    path.buf);
    }
    catalog_version_release(&cur);
    catalog_version_release(&prev);
    strbuf_release(&rel);
    strbuf_release(&path);
    strbuf_release(&id);
    return e;
}

/*
 * Walk root for what stopped commands left.  fix: remove it or finish it
 * (recover_pending), saying so on out; else name every stray on out.
 * Returns how many were found.
 */
static size_t sweep(const char *root, struct catalog *c, int fix,
                    struct strbuf *out, enum err *e, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    char **top, **names;
    size_t n_top, n, i, k, count = 0;

    top = list_dir(root, &n_top);
    for (i = 0; i < n_top && !*e; i++) {
        int staging = !strcmp(top[i], ARCHIVE_STAGING);
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", root, top[i]);
        if (is_atomic_tmp(top[i]) || is_rebuild_catalog(top[i])) {
            count++;
            if (fix)
                unlink(path.buf);
            strbuf_addf(out, "%s: %s\n", path.buf,
                        fix ? "removed a file that a stopped command left"
                            : "a file that a stopped command left");
            continue;
        }
        if (!staging && !(is_year(top[i]) && file_is_dir(path.buf)))
            continue;
        names = list_dir(path.buf, &n);
        for (k = 0; k < n && !*e; k++) {
            strbuf_reset(&path);
            strbuf_addf(&path, "%s/%s/%s", root, top[i], names[k]);
            if (staging) {
                if (staging_alive(path.buf))
                    continue;
                if (fix)
                    archive_remove_tree(path.buf);
                strbuf_addf(out, "%s: %s\n", path.buf,
                            fix ? "removed the staging folder of a stopped "
                                  "command"
                                : "the staging folder of a stopped command");
            } else if (is_atomic_tmp(names[k])) {
                if (fix)
                    unlink(path.buf);
                strbuf_addf(out, "%s: %s\n", path.buf,
                            fix ? "removed a file that a stopped command left"
                                : "a file that a stopped command left");
            } else if (ends_with(names[k], ".zip" ARCHIVE_PENDING)) {
                if (fix)
                    *e = recover_pending(root, c, top[i], names[k], out, dl);
                else
                    strbuf_addf(out,
                                "%s: a bundle whose commit a stopped command "
                                "did not finish\n",
                                path.buf);
            } else if (ends_with(names[k], ".zip")) {
                continue; /* a bundle: verify compares it */
            } else {
                if (!fix)
                    strbuf_addf(out, "%s: not a bundle\n", path.buf);
                else
                    continue;
            }
            count++;
        }
        free_names(names, n);
        if (staging && fix) {
            strbuf_reset(&path);
            strbuf_addf(&path, "%s/%s", root, ARCHIVE_STAGING);
            rmdir(path.buf);
        }
    }
    free_names(top, n_top);
    strbuf_release(&path);
    return count;
}

enum err archive_recover(const char *root, struct catalog *c,
                         struct strbuf *report, struct diag_list *dl)
{
    struct strbuf sink = STRBUF_INIT;
    enum err e = ERR_OK;

    sweep(root, c, 1, report ? report : &sink, &e, dl);
    strbuf_release(&sink);
    return e;
}

size_t archive_strays(const char *root, struct strbuf *out)
{
    enum err e = ERR_OK;

    return sweep(root, NULL, 0, out, &e, NULL);
}
