/* cli/helptext: a command's --help text read as a document (the synopsis,
 * paragraphs, lists of options or verbs), for the manual pages and the
 * shell completion.  SPDX-License-Identifier: MIT
 */
#ifndef CLI_HELPTEXT_H
#define CLI_HELPTEXT_H

#include <stddef.h>
#include <stdio.h>

/* One entry of a list: "  --archive DIR  the archive (default: ...)". */
struct help_item {
    char *term; /* "--archive DIR", "export EVENT -o DIR [--version N]" */
    char *desc; /* its description, lines joined by blanks; "" if none */
};

enum help_block_kind { HELP_PARAGRAPH, HELP_LIST };

struct help_block {
    enum help_block_kind kind;
    char *text;              /* a paragraph: its lines joined by blanks */
    char *heading;           /* a list: the line above it ("Commands:"),
                                or NULL */
    struct help_item *items; /* a list */
    size_t n_items, alloc;
};

struct help_doc {
    char *synopsis; /* the usage line after "usage: ", or "" */
    struct help_block *blocks;
    size_t n_blocks, alloc;
};

/*
 * Read a --help text into doc: the first line "usage: ..." (with its
 * indented continuation lines) is the synopsis; then blocks of lines
 * separated by blank lines.  Lines that start in the first column make a
 * paragraph; lines indented by two make a list, whose descriptions start
 * in one column (the one most of its entries use; a line indented to it
 * or beyond continues a description, a line indented less continues a
 * term).  A paragraph ending in ':' directly above a list ("Commands:")
 * is the list's heading and is left out.  doc is released by
 * help_doc_release().
 */
void help_parse(const char *text, struct help_doc *doc);
void help_doc_release(struct help_doc *doc);

/* Whether a list holds options (its first term starts with '-'). */
int help_block_is_options(const struct help_block *b);

/*
 * The exit-status paragraph ("Exit status: ..." or "Exit codes: ..."):
 * the text after that prefix, or NULL when text is another paragraph.
 */
const char *help_exit_status(const char *text);

/*
 * Print a --help text to fp: as it is, or, when the messages are
 * translated (util/i18n), with its paragraphs, descriptions and headings
 * in the user's language, wrapped again.
 */
void help_print(const char *text, FILE *fp);

#endif
