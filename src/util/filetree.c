/* util/filetree: a folder of many files made anew all or none, and
 * incrementally.
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include "util/filetree.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "util/os.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* A file of a run: its path in the tree and the key of its bytes. */
struct tree_file {
    char *path;
    char *key;
};

struct tree_files {
    struct tree_file *v;
    size_t n, alloc;
};

struct filetree {
    char *dir;    /* the tree, resolved */
    char *stage;  /* the new tree, beside it */
    char *state;  /* the list of what the last run wrote, beside it */
    char *prefix; /* PARENT/.NAME. */
    int lock_fd;
    struct tree_files old, made;
    struct filetree_counts counts;
};

static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

void file_remove_tree(const char *dir)
{
    nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void files_add(struct tree_files *f, const char *path, const char *key)
{
    ALLOC_GROW(f->v, f->n + 1, f->alloc);
    f->v[f->n].path = xstrdup(path);
    f->v[f->n].key = xstrdup(key);
    f->n++;
}

static void files_release(struct tree_files *f)
{
    size_t i;

    for (i = 0; i < f->n; i++) {
        free(f->v[i].path);
        free(f->v[i].key);
    }
    free(f->v);
    memset(f, 0, sizeof(*f));
}

static int file_cmp(const void *a, const void *b)
{
    return strcmp(((const struct tree_file *)a)->path,
                  ((const struct tree_file *)b)->path);
}

static const struct tree_file *files_find(const struct tree_files *f,
                                          const char *path)
{
    struct tree_file k;

    k.path = (char *)path;
    return f->n ? bsearch(&k, f->v, f->n, sizeof(*f->v), file_cmp) : NULL;
}

/* Read a list of "KEY PATH" lines at path (a regular file) into f. */
static void list_read(const char *path, struct tree_files *f)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    struct stat st;
    char *line, *next;

    if (lstat(path, &st) || !S_ISREG(st.st_mode) ||
        file_read(path, 256u << 20, &sb, &dl)) {
        diag_list_release(&dl);
        return;
    }
    for (line = sb.buf; *line; line = next) {
        char *sp, *nl = strchr(line, '\n');
        next = nl ? nl + 1 : line + strlen(line);
        if (nl)
            *nl = '\0';
        sp = strchr(line, ' ');
        if (!sp || file_name_problem(sp + 1))
            continue;
        *sp = '\0';
        files_add(f, sp + 1, line);
    }
    diag_list_release(&dl);
    strbuf_release(&sb);
}

/* What a killed run left beside the tree: its staging folders go; an old
   tree renamed aside comes back when the tree is missing, else goes. */
static void clean_leftovers(struct filetree *t)
{
    char *slash = strrchr(t->prefix, '/');
    const char *base = slash + 1;
    size_t blen = strlen(base);
    struct strbuf path = STRBUF_INIT;
    DIR *d;
    struct dirent *de;

    *slash = '\0';
    d = opendir(t->prefix);
    *slash = '/';
    while (d && (de = readdir(d)) != NULL) {
        const char *rest;
        if (strncmp(de->d_name, base, blen))
            continue;
        rest = de->d_name + blen;
        strbuf_reset(&path);
        strbuf_addf(&path, "%.*s/%s", (int)(slash - t->prefix), t->prefix,
                    de->d_name);
        if (!strncmp(rest, "stage-", 6))
            file_remove_tree(path.buf);
        else if (!strncmp(rest, "old-", 4)) {
            if (!file_is_dir(t->dir) && !rename(path.buf, t->dir))
                continue;
            file_remove_tree(path.buf);
        }
    }
    if (d)
        closedir(d);
    strbuf_release(&path);
}

enum err filetree_begin(const char *dir, struct filetree **out,
                        struct diag_list *dl)
{
    struct filetree *t = xcalloc(1, sizeof(*t));
    struct strbuf sb = STRBUF_INIT;
    char real[PATH_MAX], *slash;
    struct stat st;
    enum err e = ERR_OK;

    *out = NULL;
    t->lock_fd = -1;
    /* The folder given, a link to one followed once; made when missing. */
    if (!lstat(dir, &st) && S_ISLNK(st.st_mode) && realpath(dir, real))
        dir = real;
    if (!file_is_dir(dir) && !lstat(dir, &st)) {
        diag_error(dl, dir, 0, 0, "exists and is not a directory");
        free(t);
        return ERR_CREATE;
    }
    strbuf_addstr(&sb, dir);
    while (sb.len > 1 && sb.buf[sb.len - 1] == '/')
        strbuf_setlen(&sb, sb.len - 1);
    t->dir = strbuf_detach(&sb, NULL);
    slash = strrchr(t->dir, '/');
    if (slash && slash != t->dir) {
        *slash = '\0';
        e = file_mkdirs(t->dir, dl);
        strbuf_addf(&sb, "%s/.%s.", t->dir, slash + 1);
        *slash = '/';
    } else if (slash) {
        strbuf_addf(&sb, "/.%s.", slash + 1);
    } else {
        strbuf_addf(&sb, "./.%s.", t->dir);
    }
    t->prefix = strbuf_detach(&sb, NULL);
    if (e)
        goto fail;
    /* One run at a time. */
    strbuf_addf(&sb, "%slock", t->prefix);
    t->lock_fd = open(sb.buf, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (t->lock_fd < 0 || flock(t->lock_fd, LOCK_EX)) {
        diag_error(dl, sb.buf, 0, 0, "cannot lock: %s", strerror(errno));
        e = ERR_CREATE;
        goto fail;
    }
    clean_leftovers(t);
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%ssekretar-site", t->prefix);
    t->state = strbuf_detach(&sb, NULL);
    list_read(t->state, &t->old);
    if (!t->old.n) {
        /* The list as earlier versions kept it, inside the tree. */
        strbuf_addf(&sb, "%s/.sekretar-site", t->dir);
        list_read(sb.buf, &t->old);
        strbuf_reset(&sb);
    }
    if (t->old.n)
        qsort(t->old.v, t->old.n, sizeof(*t->old.v), file_cmp);
    strbuf_addf(&sb, "%sstage-XXXXXX", t->prefix);
    if (!mkdtemp(sb.buf)) {
        diag_error(dl, sb.buf, 0, 0, "cannot create: %s", strerror(errno));
        e = errno == ENOSPC ? ERR_IO : ERR_CREATE;
        goto fail;
    }
    t->stage = strbuf_detach(&sb, NULL);
    {
        /* mkdtemp() makes it the owner's alone; a site is read by all. */
        mode_t mask = umask(0);
        umask(mask);
        chmod(t->stage, 0777 & ~mask);
    }
    *out = t;
    return ERR_OK;
fail:
    strbuf_release(&sb);
    filetree_abort(t);
    return e;
}

/* Make the folders of rel in the staging folder. */
static int stage_parents(struct filetree *t, const char *rel)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p;
    int ret = 0;

    strbuf_addstr(&sb, t->stage);
    for (p = strchr(rel, '/'); p && !ret; p = strchr(p + 1, '/')) {
        strbuf_setlen(&sb, strlen(t->stage));
        strbuf_addch(&sb, '/');
        strbuf_add(&sb, rel, (size_t)(p - rel));
        if (mkdir(sb.buf, 0755) && errno != EEXIST)
            ret = -1;
    }
    strbuf_release(&sb);
    return ret;
}

/* Copy the regular file from to to (a link could not be made). */
static int copy_file(const char *from, const char *to)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    int ret = file_read(from, (size_t)1 << 31, &sb, &dl) ||
              file_write_atomic_nosync(to, sb.buf, sb.len, &dl)
                  ? -1
                  : 0;

    strbuf_release(&sb);
    diag_list_release(&dl);
    return ret;
}

/* Keep the tree's rel in the new tree. */
static int keep(struct filetree *t, const char *rel, const char *key)
{
    struct strbuf from = STRBUF_INIT, to = STRBUF_INIT;
    int ret;

    strbuf_addf(&from, "%s/%s", t->dir, rel);
    strbuf_addf(&to, "%s/%s", t->stage, rel);
    ret = stage_parents(t, rel);
    if (!ret && link(from.buf, to.buf))
        ret = copy_file(from.buf, to.buf);
    if (!ret) {
        files_add(&t->made, rel, key);
        t->counts.unchanged++;
    }
    strbuf_release(&from);
    strbuf_release(&to);
    return ret;
}

/* The size of the tree's rel when it is a regular file, else -1. */
static long long old_size(const struct filetree *t, const char *rel)
{
    struct strbuf path = STRBUF_INIT;
    struct stat st;
    long long n = -1;

    strbuf_addf(&path, "%s/%s", t->dir, rel);
    if (!lstat(path.buf, &st) && S_ISREG(st.st_mode))
        n = (long long)st.st_size;
    strbuf_release(&path);
    return n;
}

int filetree_unchanged(struct filetree *t, const char *rel, const char *key,
                       long long size)
{
    const struct tree_file *f = files_find(&t->old, rel);
    long long n;

    if (!f || strcmp(f->key, key))
        return 0;
    n = old_size(t, rel);
    if (n < 0 || (size >= 0 && n != size))
        return 0;
    return !keep(t, rel, key);
}

enum err filetree_put(struct filetree *t, const char *rel, const char *key,
                      const void *data, size_t len, struct diag_list *dl)
{
    struct diag_list quiet = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT, have = STRBUF_INIT;
    char hex[65];
    enum err e = ERR_OK;

    if (!key) {
        sha256_hex(data, len, hex);
        key = hex;
    }
    if (filetree_unchanged(t, rel, key, (long long)len))
        return ERR_OK;
    /* A file the list does not know, with the same bytes: kept. */
    if (old_size(t, rel) == (long long)len) {
        strbuf_addf(&path, "%s/%s", t->dir, rel);
        if (!file_read(path.buf, len + 1, &have, &quiet) &&
            have.len == len && !memcmp(have.buf, data, len) &&
            !keep(t, rel, key))
            goto out;
    }
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/%s", t->stage, rel);
    if (stage_parents(t, rel)) {
        diag_error(dl, path.buf, 0, 0, "cannot create: %s", strerror(errno));
        e = errno == ENOSPC ? ERR_IO : ERR_CREATE;
        goto out;
    }
    e = file_write_atomic_nosync(path.buf, data, len, dl);
    if (!e) {
        files_add(&t->made, rel, key);
        t->counts.written++;
    } else {
        /* Said of the file where it goes, not of the staging folder. */
        strbuf_reset(&have);
        strbuf_addf(&have, "%s/%s", t->dir, rel);
        diag_list_rename_file(dl, path.buf, have.buf);
    }
out:
    diag_list_release(&quiet);
    strbuf_release(&path);
    strbuf_release(&have);
    return e;
}

int filetree_get(struct filetree *t, const char *rel, struct strbuf *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT;
    struct stat st;
    int ret = -1;

    strbuf_addf(&path, "%s/%s", t->stage, rel);
    if (lstat(path.buf, &st) || !S_ISREG(st.st_mode)) {
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", t->dir, rel);
        if (lstat(path.buf, &st) || !S_ISREG(st.st_mode))
            goto out;
    }
    ret = file_read(path.buf, (size_t)1 << 30, out, &dl) ? -1 : 0;
out:
    diag_list_release(&dl);
    strbuf_release(&path);
    return ret;
}

void filetree_each_before(struct filetree *t,
                          void (*fn)(void *arg, const char *rel,
                                     const char *key),
                          void *arg)
{
    size_t i;

    for (i = 0; i < t->old.n; i++)
        fn(arg, t->old.v[i].path, t->old.v[i].key);
}

enum err filetree_commit(struct filetree *t, struct filetree_counts *counts,
                         struct diag_list *dl)
{
    struct strbuf old = STRBUF_INIT, sb = STRBUF_INIT;
    enum err e = ERR_OK;
    size_t i;
    int had = file_is_dir(t->dir);

    qsort(t->made.v, t->made.n, sizeof(*t->made.v), file_cmp);
    for (i = 0; i < t->old.n; i++)
        if (!files_find(&t->made, t->old.v[i].path))
            t->counts.removed++;
    if (t->counts.written)
        sync(); /* the files were written without an fsync each */
    if (had) {
        strbuf_addf(&old, "%sold-XXXXXX", t->prefix);
        /* A name of our own, then the tree renamed onto it. */
        if (!mkdtemp(old.buf) || rmdir(old.buf) || rename(t->dir, old.buf)) {
            diag_error(dl, t->dir, 0, 0, "cannot put the new site in place: "
                                         "%s",
                       strerror(errno));
            e = ERR_CREATE;
            goto out;
        }
    }
    if (rename(t->stage, t->dir)) {
        diag_error(dl, t->dir, 0, 0, "cannot put the new site in place: %s",
                   strerror(errno));
        e = ERR_CREATE;
        if (had)
            rename(old.buf, t->dir);
        goto out;
    }
    FREE_AND_NULL(t->stage);
    for (i = 0; i < t->made.n; i++)
        strbuf_addf(&sb, "%s %s\n", t->made.v[i].key, t->made.v[i].path);
    e = file_write_atomic(t->state, sb.buf, sb.len, dl);
    if (had)
        file_remove_tree(old.buf);
out:
    if (counts)
        *counts = t->counts;
    strbuf_release(&old);
    strbuf_release(&sb);
    filetree_abort(t);
    return e;
}

void filetree_abort(struct filetree *t)
{
    if (!t)
        return;
    if (t->stage)
        file_remove_tree(t->stage);
    if (t->lock_fd >= 0)
        close(t->lock_fd);
    files_release(&t->old);
    files_release(&t->made);
    free(t->dir);
    free(t->stage);
    free(t->state);
    free(t->prefix);
    free(t);
}
