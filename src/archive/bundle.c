/* archive/bundle: zip bundles of events (the only file that includes
 * zip.h); libzip's errors become ours here.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include "archive/bundle.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zip.h>

#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* ---------------------------------------------------------------- write */

static int cmp_src(const void *a, const void *b)
{
    return strcmp((*(const struct bundle_source *const *)a)->name,
                  (*(const struct bundle_source *const *)b)->name);
}

/*
 * libzip turns an mtime into the DOS date of the zip header through the
 * local time zone: make it UTC while the zip is written, so that one event
 * gives the same bytes everywhere.
 */
static char *tz_utc(void)
{
    const char *old = getenv("TZ");
    char *saved = old ? xstrdup(old) : NULL;

    setenv("TZ", "UTC0", 1);
    tzset();
    return saved;
}

static void tz_restore(char *saved)
{
    if (saved)
        setenv("TZ", saved, 1);
    else
        unsetenv("TZ");
    tzset();
    free(saved);
}

/*
 * 1 for a file whose format compresses its own content (PDF): stored as it
 * is, since deflating it again gains little and costs every reader time.
 */
static int already_compressed(const char *name)
{
    size_t n = strlen(name);

    return n > 4 && !strcmp(name + n - 4, ".pdf");
}

/* Add one entry of len bytes (kept alive by the caller until zip_close). */
static int add_entry(zip_t *za, const char *name, const struct strbuf *data,
                     time_t mtime, struct diag_list *dl)
{
    zip_source_t *s = zip_source_buffer(za, data->buf, data->len, 0);
    zip_int64_t idx;

    if (!s) {
        diag_error(dl, NULL, 0, 0, "cannot add '%s' to the bundle: %s", name,
                   zip_error_strerror(zip_get_error(za)));
        return -1;
    }
    idx = zip_file_add(za, name, s, ZIP_FL_ENC_UTF_8);
    if (idx < 0) {
        diag_error(dl, NULL, 0, 0, "cannot add '%s' to the bundle: %s", name,
                   zip_error_strerror(zip_get_error(za)));
        zip_source_free(s);
        return -1;
    }
    if (zip_file_set_mtime(za, (zip_uint64_t)idx, mtime, 0) ||
        zip_file_set_external_attributes(za, (zip_uint64_t)idx, 0,
                                         ZIP_OPSYS_UNIX,
                                         (zip_uint32_t)0100644 << 16) ||
        zip_set_file_compression(za, (zip_uint64_t)idx,
                                 already_compressed(name) ? ZIP_CM_STORE
                                                          : ZIP_CM_DEFLATE,
                                 already_compressed(name) ? 0 : 9)) {
        diag_error(dl, NULL, 0, 0, "cannot set up '%s' in the bundle: %s", name,
                   zip_error_strerror(zip_get_error(za)));
        return -1;
    }
    return 0;
}

/* Copy the bytes a buffer source holds after zip_close. */
static int source_bytes(zip_source_t *src, struct strbuf *out,
                        struct diag_list *dl)
{
    zip_stat_t st;
    zip_int64_t n;

    if (zip_source_open(src) < 0) {
        diag_error(dl, NULL, 0, 0, "cannot read the bundle back: %s",
                   zip_error_strerror(zip_source_error(src)));
        return -1;
    }
    zip_stat_init(&st);
    if (zip_source_stat(src, &st) < 0 || !(st.valid & ZIP_STAT_SIZE)) {
        diag_error(dl, NULL, 0, 0, "cannot read the bundle back: %s",
                   zip_error_strerror(zip_source_error(src)));
        zip_source_close(src);
        return -1;
    }
    strbuf_grow(out, (size_t)st.size);
    n = zip_source_read(src, out->buf + out->len, st.size);
    if (n < 0 || (zip_uint64_t)n != st.size) {
        diag_error(dl, NULL, 0, 0, "cannot read the bundle back: %s",
                   zip_error_strerror(zip_source_error(src)));
        zip_source_close(src);
        return -1;
    }
    strbuf_setlen(out, out->len + (size_t)n);
    zip_source_close(src);
    return 0;
}

enum err bundle_make(struct manifest *m, const struct bundle_source *src,
                     size_t n, long long mtime, struct strbuf *zip,
                     struct diag_list *dl)
{
    const struct bundle_source **order = NULL;
    struct strbuf *data = NULL, man = STRBUF_INIT;
    zip_source_t *zs = NULL;
    zip_t *za = NULL;
    zip_error_t ze;
    enum err ret = ERR_OK;
    size_t i, man_at;
    char *tz = NULL;
    int added_man = 0;

    zip_error_init(&ze);
    order = xcalloc(n + 1, sizeof(*order));
    data = xcalloc(n + 1, sizeof(*data));
    for (i = 0; i < n; i++) {
        const char *why = manifest_name_problem(src[i].name);
        order[i] = &src[i];
        strbuf_init(&data[i], 0);
        if (why || !strcmp(src[i].name, MANIFEST_NAME)) {
            diag_error(dl, NULL, 0, 0, "'%s' cannot be a name in a bundle: %s",
                       src[i].name,
                       why ? _(why) : _("the manifest's own name"));
            ret = ERR_USAGE;
        }
    }
    strbuf_init(&data[n], 0);
    if (ret)
        goto out;
    qsort(order, n, sizeof(*order), cmp_src);
    for (i = 0; i < n; i++) {
        char hex[65];
        enum err e = ERR_OK;
        if (i && !strcmp(order[i]->name, order[i - 1]->name)) {
            diag_error(dl, NULL, 0, 0,
                       "two files would be '%s' in the bundle: %s and %s",
                       order[i]->name,
                       order[i - 1]->path ? order[i - 1]->path : "-",
                       order[i]->path ? order[i]->path : "-");
            ret = ERR_USAGE;
            goto out;
        }
        if (order[i]->path)
            e = file_read(order[i]->path, BUNDLE_MAX_ENTRY, &data[i], dl);
        else
            strbuf_add(&data[i], order[i]->bytes, order[i]->len);
        if (e) {
            ret = e == ERR_PARSE ? ERR_DATA : e;
            goto out;
        }
        sha256_hex(data[i].buf, data[i].len, hex);
        manifest_add(m, order[i]->name, (long long)data[i].len, hex,
                     order[i]->media_type, order[i]->role);
    }
    manifest_sort(m);
    manifest_write(m, &man);

    zs = zip_source_buffer_create(NULL, 0, 0, &ze);
    if (zs)
        za = zip_open_from_source(zs, ZIP_TRUNCATE, &ze);
    if (!za) {
        diag_error(dl, NULL, 0, 0, "cannot make a zip: %s",
                   zip_error_strerror(&ze));
        ret = ERR_ARCHIVE;
        goto out;
    }
    zip_source_keep(zs);
    if (mtime < 315532800) /* a DOS date starts in 1980 */
        mtime = 315532800;
    /* The manifest takes its place in name order among the files. */
    man_at = 0;
    while (man_at < n && strcmp(order[man_at]->name, MANIFEST_NAME) < 0)
        man_at++;
    for (i = 0; i <= n; i++) {
        if (i == man_at && !added_man) {
            if (add_entry(za, MANIFEST_NAME, &man, (time_t)mtime, dl))
                goto fail;
            added_man = 1;
        }
        if (i < n && add_entry(za, order[i]->name, &data[i], (time_t)mtime, dl))
            goto fail;
    }
    tz = tz_utc();
    if (zip_close(za)) {
        tz_restore(tz);
        diag_error(dl, NULL, 0, 0, "cannot write the zip: %s",
                   zip_error_strerror(zip_get_error(za)));
        goto fail;
    }
    tz_restore(tz);
    za = NULL;
    if (source_bytes(zs, zip, dl)) {
        ret = ERR_ARCHIVE;
        goto out;
    }
    goto out;
fail:
    ret = ERR_ARCHIVE;
    if (za)
        zip_discard(za);
out:
    if (zs)
        zip_source_free(zs);
    zip_error_fini(&ze);
    for (i = 0; i <= n; i++)
        strbuf_release(&data[i]);
    free(data);
    free(order);
    strbuf_release(&man);
    return ret;
}

/* ----------------------------------------------------------------- read */

struct bundle_item {
    char *name;
    zip_uint64_t index;
    zip_uint64_t size;
};

struct bundle {
    char *path;
    struct strbuf bytes; /* the whole file */
    char sha256[65];
    zip_source_t *src;
    zip_t *za;
    struct bundle_item *items; /* file entries, in zip order */
    size_t n, alloc;
};

void bundle_close(struct bundle *b)
{
    size_t i;

    if (!b)
        return;
    if (b->za)
        zip_discard(b->za);
    else if (b->src)
        zip_source_free(b->src);
    for (i = 0; i < b->n; i++)
        free(b->items[i].name);
    free(b->items);
    strbuf_release(&b->bytes);
    free(b->path);
    free(b);
}

static int cmp_item(const void *a, const void *b)
{
    return strcmp(((const struct bundle_item *)a)->name,
                  ((const struct bundle_item *)b)->name);
}

/* Check entry i; add it to b->items when it is a file.  0 or -1. */
static int check_entry(struct bundle *b, zip_uint64_t i, struct diag_list *dl)
{
    zip_stat_t st;
    zip_uint8_t opsys;
    zip_uint32_t attr;
    const char *why;
    size_t len;
    char *name;
    int is_dir;

    zip_stat_init(&st);
    if (zip_stat_index(b->za, i, 0, &st) || !(st.valid & ZIP_STAT_NAME)) {
        diag_error(dl, b->path, 0, 0, "entry %llu: %s",
                   (unsigned long long)i + 1,
                   zip_error_strerror(zip_get_error(b->za)));
        return -1;
    }
    name = xstrdup(st.name);
    len = strlen(name);
    is_dir = len && name[len - 1] == '/';
    if (is_dir)
        name[len - 1] = '\0';
    why = manifest_name_problem(name);
    if (!why &&
        zip_file_get_external_attributes(b->za, i, 0, &opsys, &attr) == 0 &&
        opsys == ZIP_OPSYS_UNIX) {
        unsigned mode = (attr >> 16) & 0170000;
        if (mode == 0120000)
            why = N_("it is a symbolic link");
        else if (mode && mode != 0100000 && mode != 0040000)
            why = N_("it is a special file");
        else if (mode == 0040000)
            is_dir = 1;
    }
    if (!why && (st.valid & ZIP_STAT_ENCRYPTION_METHOD) &&
        st.encryption_method != ZIP_EM_NONE)
        why = N_("it is encrypted");
    if (!why && !is_dir &&
        (!(st.valid & ZIP_STAT_SIZE) || st.size > BUNDLE_MAX_ENTRY))
        why = N_("it is larger than a bundle may hold (256 MiB)");
    if (!why && !is_dir && (st.valid & ZIP_STAT_COMP_SIZE) &&
        st.size > 1000 * st.comp_size + 65536)
        why = N_("it inflates more than 1000 times (a zip bomb?)");
    if (why) {
        diag_error(dl, b->path, 0, 0, "entry '%s': %s", st.name, _(why));
        free(name);
        return -1;
    }
    if (is_dir) {
        free(name);
        return 0;
    }
    ALLOC_GROW(b->items, b->n + 1, b->alloc);
    b->items[b->n].name = name;
    b->items[b->n].index = i;
    b->items[b->n].size = st.size;
    b->n++;
    return 0;
}

enum err bundle_open(const char *path, struct bundle **out,
                     struct diag_list *dl)
{
    struct bundle *b = xcalloc(1, sizeof(*b));
    struct bundle_item *sorted = NULL;
    zip_error_t ze;
    zip_int64_t n;
    zip_uint64_t i;
    enum err e;
    int bad = 0;

    *out = NULL;
    b->path = xstrdup(path);
    strbuf_init(&b->bytes, 0);
    zip_error_init(&ze);
    e = file_read_regular(path, BUNDLE_MAX_SIZE, &b->bytes, dl);
    if (e) {
        bundle_close(b);
        return e == ERR_PARSE ? ERR_ARCHIVE : e;
    }
    sha256_hex(b->bytes.buf, b->bytes.len, b->sha256);
    b->src = zip_source_buffer_create(b->bytes.buf, b->bytes.len, 0, &ze);
    if (b->src)
        b->za = zip_open_from_source(b->src, ZIP_RDONLY | ZIP_CHECKCONS, &ze);
    if (!b->za) {
        diag_error(dl, path, 0, 0, "not a readable zip: %s",
                   zip_error_strerror(&ze));
        zip_error_fini(&ze);
        bundle_close(b);
        return ERR_ARCHIVE;
    }
    zip_error_fini(&ze);
    n = zip_get_num_entries(b->za, 0);
    if (n < 0 || n > BUNDLE_MAX_ENTRIES) {
        diag_error(dl, path, 0, 0, "%lld entries (at most %d)", (long long)n,
                   BUNDLE_MAX_ENTRIES);
        bundle_close(b);
        return ERR_ARCHIVE;
    }
    for (i = 0; i < (zip_uint64_t)n; i++)
        if (check_entry(b, i, dl))
            bad = 1;
    if (b->n) {
        sorted =
            (struct bundle_item *)xmemdup(b->items, b->n * sizeof(*b->items));
        qsort(sorted, b->n, sizeof(*sorted), cmp_item);
        for (i = 1; i < b->n; i++)
            if (!strcmp(sorted[i].name, sorted[i - 1].name)) {
                diag_error(dl, path, 0, 0, "entry '%s' is in the zip twice",
                           sorted[i].name);
                bad = 1;
            }
        free(sorted);
    }
    if (bad) {
        bundle_close(b);
        return ERR_ARCHIVE;
    }
    *out = b;
    return ERR_OK;
}

long long bundle_size(const struct bundle *b)
{
    return (long long)b->bytes.len;
}

const char *bundle_bytes(const struct bundle *b)
{
    return b->bytes.buf;
}

const char *bundle_sha256(const struct bundle *b)
{
    return b->sha256;
}

size_t bundle_count(const struct bundle *b)
{
    return b->n;
}

const char *bundle_name(const struct bundle *b, size_t i)
{
    return b->items[i].name;
}

static const struct bundle_item *find_item(const struct bundle *b,
                                           const char *name)
{
    size_t i;

    for (i = 0; i < b->n; i++)
        if (!strcmp(b->items[i].name, name))
            return &b->items[i];
    return NULL;
}

static enum err read_item(struct bundle *b, const struct bundle_item *it,
                          struct strbuf *out, struct diag_list *dl)
{
    zip_file_t *zf = zip_fopen_index(b->za, it->index, 0);
    size_t start = out->len;
    zip_int64_t got;

    if (!zf) {
        diag_error(dl, b->path, 0, 0, "entry '%s': %s", it->name,
                   zip_error_strerror(zip_get_error(b->za)));
        return ERR_ARCHIVE;
    }
    strbuf_grow(out, (size_t)it->size + 1);
    for (;;) {
        size_t room = (size_t)it->size + 1 - (out->len - start);
        got = zip_fread(zf, out->buf + out->len, room);
        if (got <= 0)
            break;
        strbuf_setlen(out, out->len + (size_t)got);
        if (out->len - start > it->size)
            break;
    }
    if (got < 0) {
        diag_error(dl, b->path, 0, 0, "entry '%s': %s", it->name,
                   zip_error_strerror(zip_file_get_error(zf)));
        zip_fclose(zf);
        return ERR_ARCHIVE;
    }
    zip_fclose(zf);
    if (out->len - start != it->size) {
        diag_error(dl, b->path, 0, 0,
                   "entry '%s': %zu bytes where the zip says %llu", it->name,
                   out->len - start, (unsigned long long)it->size);
        return ERR_ARCHIVE;
    }
    return ERR_OK;
}

enum err bundle_read(struct bundle *b, const char *name, struct strbuf *out,
                     struct diag_list *dl)
{
    const struct bundle_item *it = find_item(b, name);

    if (!it) {
        diag_error(dl, b->path, 0, 0, "no '%s' in the bundle", name);
        return ERR_NOINPUT;
    }
    return read_item(b, it, out, dl);
}

enum err bundle_manifest(struct bundle *b, struct manifest *m,
                         struct diag_list *dl)
{
    struct strbuf sb = STRBUF_INIT, where = STRBUF_INIT;
    const struct bundle_item *it = find_item(b, MANIFEST_NAME);
    enum err e;

    manifest_init(m);
    if (!it) {
        diag_error(dl, b->path, 0, 0, "no manifest.json in the bundle");
        return ERR_ARCHIVE;
    }
    if (it->size > MANIFEST_MAX_SIZE) {
        diag_error(dl, b->path, 0, 0, "manifest.json is larger than %u bytes",
                   MANIFEST_MAX_SIZE);
        return ERR_ARCHIVE;
    }
    e = read_item(b, it, &sb, dl);
    if (!e) {
        strbuf_addf(&where, "%s:%s", b->path, MANIFEST_NAME);
        e = manifest_parse(sb.buf, sb.len, where.buf, m, dl);
    }
    strbuf_release(&sb);
    strbuf_release(&where);
    return e ? ERR_ARCHIVE : ERR_OK;
}

enum err bundle_verify(struct bundle *b, const struct manifest *m,
                       struct diag_list *dl)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i, errs = dl->nr_errors;

    for (i = 0; i < m->n; i++) {
        const struct manifest_file *f = &m->files[i];
        const struct bundle_item *it = find_item(b, f->name);
        char hex[65];
        if (!it) {
            diag_error(dl, b->path, 0, 0,
                       "'%s' is in the manifest but not "
                       "in the zip",
                       f->name);
            continue;
        }
        strbuf_reset(&sb);
        if (read_item(b, it, &sb, dl))
            continue;
        if ((long long)sb.len != f->size) {
            diag_error(dl, b->path, 0, 0,
                       "'%s' has %zu bytes; the manifest says %lld", f->name,
                       sb.len, f->size);
            continue;
        }
        sha256_hex(sb.buf, sb.len, hex);
        if (strcmp(hex, f->sha256))
            diag_error(dl, b->path, 0, 0,
                       "'%s' does not match its SHA-256 in the manifest",
                       f->name);
    }
    for (i = 0; i < b->n; i++)
        if (strcmp(b->items[i].name, MANIFEST_NAME) &&
            !manifest_find(m, b->items[i].name))
            diag_error(dl, b->path, 0, 0,
                       "'%s' is in the zip but not in the manifest",
                       b->items[i].name);
    strbuf_release(&sb);
    return dl->nr_errors > errs ? ERR_ARCHIVE : ERR_OK;
}

/* Write all of buf (a short write is retried; its error is in errno). */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (!n)
                errno = ENOSPC;
            return -1;
        }
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

enum err bundle_extract(struct bundle *b, const char *dir, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT, data = STRBUF_INIT;
    enum err ret = ERR_OK;
    size_t i;

    for (i = 0; i < b->n && !ret; i++) {
        const struct bundle_item *it = &b->items[i];
        char *slash;
        int fd;

        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", dir, it->name);
        slash = strrchr(path.buf, '/');
        *slash = '\0';
        ret = file_mkdirs(path.buf, dl);
        *slash = '/';
        if (ret)
            break;
        strbuf_reset(&data);
        ret = read_item(b, it, &data, dl);
        if (ret)
            break;
        fd = open(path.buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
        if (fd < 0) {
            diag_error(dl, path.buf, 0, 0, "cannot create: %s",
                       strerror(errno));
            ret = ERR_CREATE;
            break;
        }
        if (write_all(fd, data.buf, data.len)) {
            diag_error(dl, path.buf, 0, 0, "write failed: %s", strerror(errno));
            ret = ERR_IO;
        }
        if (close(fd) && !ret) {
            diag_error(dl, path.buf, 0, 0, "write failed: %s", strerror(errno));
            ret = ERR_IO;
        }
    }
    strbuf_release(&path);
    strbuf_release(&data);
    return ret;
}

struct bundle *bundle_open_checked(const char *path, struct manifest *m,
                                   struct diag_list *dl)
{
    struct bundle *b = NULL;

    manifest_init(m);
    if (bundle_open(path, &b, dl))
        return NULL;
    if (bundle_manifest(b, m, dl) || bundle_verify(b, m, dl)) {
        bundle_close(b);
        return NULL;
    }
    return b;
}

