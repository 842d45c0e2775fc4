/* render/template: the editable wording and layout of the documents
 * (the .ini files of templates/), read with file:line errors.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_TEMPLATE_H
#define RENDER_TEMPLATE_H

#include <stddef.h>

#include "util/diag.h"

struct strbuf;

/*
 * The format (templates/README.md has the full description):
 *
 *   # a comment (also ';'); only at the start of a line
 *   [section]
 *   key = value
 *       a line that starts with blanks continues the value above
 *
 * Files are UTF-8.  Keys are ASCII letters, digits and "_-./+"; values are
 * trimmed, and may use the escapes \n (new line), \t, \\ and \" (a value in
 * double quotes keeps its blanks).  A key may appear once per section and
 * file; a file loaded later overrides the keys of an earlier one, so a
 * document's template can change what common.ini says.  Values may hold
 * placeholders {name}, replaced by template_expand(); "{{" and "}}" are
 * literal braces.
 */
struct template_entry {
    char *section; /* "" before the first [section] */
    char *key;
    char *value;
    const char *file; /* one of struct template's files */
    unsigned line;
};

struct template
{
    struct template_entry *items;
    size_t nr, alloc;
    char **files;
    size_t n_files, files_alloc;
};

#define TEMPLATE_INIT {NULL, 0, 0, NULL, 0, 0}

/* Longest line accepted. */
#define TEMPLATE_MAX_LINE 4096

/*
 * Read the template file at path and add its entries to tpl.  Every
 * problem goes to dl as FILE:LINE; returns ERR_NOINPUT when the file is
 * missing, ERR_PARSE when it has errors (nothing of it is kept then),
 * ERR_IO when it cannot be read.
 */
enum err template_load(struct template *tpl, const char *path,
                       struct diag_list *dl);
/* Add entries from text (for tests); name stands for the file name. */
enum err template_parse(struct template *tpl, const char *name,
                        const char *text, size_t len, struct diag_list *dl);
void template_release(struct template *tpl);

/* The entry of section/key (the last one loaded wins), or NULL. */
const struct template_entry *
template_find(const struct template *tpl, const char *section, const char *key);
/* Its value, or def when absent. */
const char *template_get(const struct template *tpl, const char *section,
                         const char *key, const char *def);

/*
 * A number (decimal point or comma) between min and max; def when absent.
 * A value that is not such a number is an error located at its line:
 * ERR_PARSE, *out = def.
 */
enum err template_number(const struct template *tpl, const char *section,
                         const char *key, double def, double min, double max,
                         double *out, struct diag_list *dl);
/* One of the words of choices (NULL-terminated); its index, or def. */
enum err template_choice(const struct template *tpl, const char *section,
                         const char *key, const char *const *choices, int def,
                         int *out, struct diag_list *dl);

struct template_var {
    const char *name;
    const char *value; /* NULL is the same as "" */
};

/*
 * Append s with each {name} replaced by its var.  An unknown name is an
 * error located at entry e (may be NULL for text that is not from a
 * template): ERR_PARSE.  *all_empty (may be NULL) tells whether s had
 * placeholders and all of them were empty, so that a header line about a
 * venue nobody gave can be left out.
 */
enum err template_subst(const char *s, const struct template_entry *e,
                        const struct template_var *vars, size_t n_vars,
                        struct strbuf *out, int *all_empty,
                        struct diag_list *dl);

#endif
