/* tests/gen/zipedit: change a zip the way an attacker or a broken disk
 * would, for the archive tests (zip slip, links, bombs, tampering).
 * SPDX-License-Identifier: MIT
 *
 * usage: zipedit IN.zip|- OUT.zip OP...
 *   put NAME FILE     add NAME (or replace it) with FILE's bytes
 *   link NAME TARGET  add NAME as a symbolic link to TARGET
 *   zeros NAME BYTES  add NAME holding BYTES zero bytes
 *   del NAME          remove NAME
 * IN "-" starts from an empty zip.  Names are taken as they are (.., /).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>

static char *slurp(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    char *buf = NULL;
    size_t alloc = 0, len = 0, got;

    if (!fp)
        return NULL;
    do {
        if (len + 65536 > alloc) {
            alloc = alloc * 2 + 65536;
            buf = realloc(buf, alloc);
            if (!buf)
                exit(2);
        }
        got = fread(buf + len, 1, alloc - len, fp);
        len += got;
    } while (got);
    fclose(fp);
    *n = len;
    return buf;
}

static int add(zip_t *za, const char *name, void *data, size_t n)
{
    zip_source_t *s = zip_source_buffer(za, data, n, 1);
    zip_int64_t i = zip_name_locate(za, name, 0);

    if (!s)
        return -1;
    if (i >= 0)
        return zip_file_replace(za, (zip_uint64_t)i, s, 0);
    i = zip_file_add(za, name, s, ZIP_FL_ENC_UTF_8);
    return i < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
    zip_t *za;
    int err, k;

    if (argc < 3) {
        fputs("usage: zipedit IN.zip|- OUT.zip OP...\n", stderr);
        return 2;
    }
    if (strcmp(argv[1], "-")) {
        size_t n;
        char *data = slurp(argv[1], &n);
        FILE *fp = fopen(argv[2], "wb");
        if (!data || !fp || fwrite(data, 1, n, fp) != n || fclose(fp)) {
            perror(argv[2]);
            return 2;
        }
        free(data);
    } else {
        remove(argv[2]);
    }
    za = zip_open(argv[2], ZIP_CREATE, &err);
    if (!za) {
        fprintf(stderr, "zipedit: cannot open %s (%d)\n", argv[2], err);
        return 2;
    }
    for (k = 3; k < argc; k++) {
        const char *op = argv[k];
        int rc = 0;
        if (!strcmp(op, "put") && k + 2 < argc) {
            size_t n;
            char *data = slurp(argv[k + 2], &n);
            rc = data ? add(za, argv[k + 1], data, n) : -1;
            k += 2;
        } else if (!strcmp(op, "link") && k + 2 < argc) {
            char *t = strdup(argv[k + 2]);
            rc = add(za, argv[k + 1], t, strlen(t));
            if (!rc)
                rc = zip_file_set_external_attributes(
                    za, (zip_uint64_t)zip_name_locate(za, argv[k + 1], 0), 0,
                    ZIP_OPSYS_UNIX, (zip_uint32_t)0120777 << 16);
            k += 2;
        } else if (!strcmp(op, "zeros") && k + 2 < argc) {
            size_t n = strtoul(argv[k + 2], NULL, 10);
            char *z = calloc(n ? n : 1, 1);
            rc = z ? add(za, argv[k + 1], z, n) : -1;
            k += 2;
        } else if (!strcmp(op, "del") && k + 1 < argc) {
            zip_int64_t i = zip_name_locate(za, argv[k + 1], 0);
            rc = i < 0 ? -1 : zip_delete(za, (zip_uint64_t)i);
            k += 1;
        } else {
            fprintf(stderr, "zipedit: bad operation '%s'\n", op);
            return 2;
        }
        if (rc) {
            fprintf(stderr, "zipedit: %s: %s\n", op,
                    zip_error_strerror(zip_get_error(za)));
            return 2;
        }
    }
    if (zip_close(za)) {
        fprintf(stderr, "zipedit: %s\n", zip_error_strerror(zip_get_error(za)));
        return 2;
    }
    return 0;
}
