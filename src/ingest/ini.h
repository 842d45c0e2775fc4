/* ingest/ini: the INI dialect of event.ini, with file:line:col for every
 * key, value and error.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_INI_H
#define INGEST_INI_H

#include <stddef.h>

#include "util/arena.h"
#include "util/diag.h"

struct ini_entry {
    const char *key;   /* lower case as written */
    const char *value; /* quotes removed, blanks trimmed */
    unsigned line;
    unsigned col; /* column of the value (of the key when empty) */
    unsigned key_col;
};

/*
 * "[event]" has kind "event" and arg ""; "[section boys-classic]" (or
 * "[section "Хлопці, класика"]") has kind "section" and arg
 * "boys-classic".
 */
struct ini_section {
    const char *kind;
    const char *arg;
    unsigned line;
    unsigned arg_col; /* column of the arg (of the '[' when it is empty) */
    struct ini_entry *entries;
    size_t n, alloc;
};

struct ini {
    struct arena arena;
    const char *file;
    struct ini_section *sections;
    size_t n, alloc;
};

#define INI_MAX_SIZE (4u * 1024 * 1024)

/*
 * Parse event.ini text (UTF-8 with or without a byte-order mark; a file in
 * Windows-1251 is read with a warning).  The dialect: "[kind arg]" section
 * headers; "key = value" lines; whole-line comments starting with '#' or
 * ';'; values taken whole (a '#' or ';' inside is text) unless quoted with
 * '"', where \" and \\ stand for '"' and '\' and a comment may follow the
 * closing quote.  Lines have no length limit.  A key twice in a section,
 * or a section twice, is an error.  Every problem goes to dl with
 * file:line:col.  *out holds what was read (NULL for an empty or binary
 * file).  Returns ERR_OK or ERR_PARSE.  Free with ini_free().
 */
enum err ini_parse(const char *data, size_t len, const char *name,
                   struct ini **out, struct diag_list *dl);
enum err ini_read(const char *path, struct ini **out, struct diag_list *dl);
void ini_free(struct ini *ini);

/*
 * The bytes of event.ini (data, len; name in messages) with key of the
 * section [kind arg] set to value (UTF-8; "" takes the key out), into out:
 * the key's line rewritten in place ("key = value", quoted when the value
 * needs it), a new key put after the section's last one, every other line
 * byte for byte, in the file's encoding and line ends.  The result is read
 * back and compared.  ERR_DATA with why when it cannot be done safely (no
 * such section, a line break in the value, a character the file's
 * encoding has no byte for).
 */
enum err ini_edit(const char *data, size_t len, const char *name,
                  const char *kind, const char *arg, const char *key,
                  const char *value, struct strbuf *out, struct diag_list *dl);

/* The entry with this key in s, or NULL. */
const struct ini_entry *ini_get(const struct ini_section *s, const char *key);

#endif
