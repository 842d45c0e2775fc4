/* cli/helptext: a command's --help text read as a document (the synopsis,
 * paragraphs, lists of options or verbs).  SPDX-License-Identifier: MIT
 */
#include "cli/helptext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* One line of the text, without its newline. */
struct line {
    const char *s;
    size_t len;
    size_t indent; /* leading blanks */
};

static int is_blank(const struct line *l)
{
    return l->indent == l->len;
}

/* Append the line's text without its leading blanks, after a blank. */
static void join(struct strbuf *sb, const char *s, size_t len)
{
    while (len && *s == ' ') {
        s++;
        len--;
    }
    while (len && s[len - 1] == ' ')
        len--;
    if (!len)
        return;
    if (sb->len)
        strbuf_addch(sb, ' ');
    strbuf_add(sb, s, len);
}

/* Where the description of an entry line starts (after two blanks past
 * the term), or 0. */
static size_t desc_column(const struct line *l)
{
    size_t i;

    for (i = l->indent; i + 2 < l->len; i++)
        if (l->s[i] == ' ' && l->s[i + 1] == ' ') {
            while (i < l->len && l->s[i] == ' ')
                i++;
            return i < l->len ? i : 0;
        }
    return 0;
}

/* The column most entry lines of the run start their description in
 * (the smallest of equally common ones), or 0. */
static size_t list_column(const struct line *run, size_t n)
{
    size_t i, j, best = 0, best_count = 0;

    for (i = 0; i < n; i++) {
        size_t col, count = 0;
        if (run[i].indent != 2 || !(col = desc_column(&run[i])))
            continue;
        for (j = 0; j < n; j++)
            if (run[j].indent == 2 && desc_column(&run[j]) == col)
                count++;
        if (count > best_count || (count == best_count && col < best)) {
            best = col;
            best_count = count;
        }
    }
    return best;
}

static struct help_block *new_block(struct help_doc *doc,
                                    enum help_block_kind kind)
{
    struct help_block *b;

    ALLOC_GROW(doc->blocks, doc->n_blocks + 1, doc->alloc);
    b = &doc->blocks[doc->n_blocks++];
    memset(b, 0, sizeof(*b));
    b->kind = kind;
    return b;
}

/* Make the list of a run of indented lines. */
static void add_list(struct help_doc *doc, const struct line *run, size_t n)
{
    struct help_block *b = new_block(doc, HELP_LIST);
    struct strbuf term = STRBUF_INIT, desc = STRBUF_INIT;
    size_t col = list_column(run, n), i;

    for (i = 0; i < n; i++) {
        const struct line *l = &run[i];
        if (l->indent == 2 || !b->n_items) {
            size_t split = l->len;
            if (i) {
                b->items[b->n_items - 1].term = strbuf_detach(&term, NULL);
                b->items[b->n_items - 1].desc = strbuf_detach(&desc, NULL);
            }
            ALLOC_GROW(b->items, b->n_items + 1, b->alloc);
            b->n_items++;
            /* "show EVENT [--format F] an event": one blank before the
             * description column is enough. */
            if (col && l->len > col && l->s[col - 1] == ' ' && l->s[col] != ' ')
                split = col;
            join(&term, l->s, split);
            join(&desc, l->s + split, l->len - split);
        } else if (col && l->indent < col) {
            join(&term, l->s, l->len);
        } else {
            join(&desc, l->s, l->len);
        }
    }
    if (b->n_items) {
        b->items[b->n_items - 1].term = strbuf_detach(&term, NULL);
        b->items[b->n_items - 1].desc = strbuf_detach(&desc, NULL);
    }
}

/* Make the paragraph of a run of lines in the first column. */
static void add_paragraph(struct help_doc *doc, const struct line *run,
                          size_t n)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    for (i = 0; i < n; i++)
        join(&sb, run[i].s, run[i].len);
    new_block(doc, HELP_PARAGRAPH)->text = strbuf_detach(&sb, NULL);
}

void help_parse(const char *text, struct help_doc *doc)
{
    struct line *lines = NULL;
    size_t n = 0, alloc = 0, i = 0, start;
    struct strbuf syn = STRBUF_INIT;
    const char *s = text;

    memset(doc, 0, sizeof(*doc));
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        ALLOC_GROW(lines, n + 1, alloc);
        lines[n].s = s;
        lines[n].len = len;
        lines[n].indent = 0;
        while (lines[n].indent < len && s[lines[n].indent] == ' ')
            lines[n].indent++;
        n++;
        s += len + (nl ? 1 : 0);
    }
    if (n && lines[0].len >= 7 && !strncmp(lines[0].s, "usage: ", 7)) {
        join(&syn, lines[0].s + 7, lines[0].len - 7);
        for (i = 1; i < n && !is_blank(&lines[i]) && lines[i].indent; i++)
            join(&syn, lines[i].s, lines[i].len);
    }
    doc->synopsis = strbuf_detach(&syn, NULL);
    while (i < n) {
        int indented;
        if (is_blank(&lines[i])) {
            i++;
            continue;
        }
        indented = lines[i].indent > 0;
        start = i;
        while (i < n && !is_blank(&lines[i]) &&
               (lines[i].indent > 0) == indented)
            i++;
        if (!indented) {
            add_paragraph(doc, lines + start, i - start);
            continue;
        }
        /* A heading directly above the list ("Commands:") goes. */
        if (start && !is_blank(&lines[start - 1]) && doc->n_blocks) {
            struct help_block *last = &doc->blocks[doc->n_blocks - 1];
            size_t len = strlen(last->text);
            if (last->kind == HELP_PARAGRAPH && len &&
                last->text[len - 1] == ':') {
                char *heading = last->text;
                doc->n_blocks--;
                add_list(doc, lines + start, i - start);
                doc->blocks[doc->n_blocks - 1].heading = heading;
                continue;
            }
        }
        add_list(doc, lines + start, i - start);
    }
    free(lines);
}

void help_doc_release(struct help_doc *doc)
{
    size_t i, j;

    for (i = 0; i < doc->n_blocks; i++) {
        struct help_block *b = &doc->blocks[i];
        free(b->text);
        free(b->heading);
        for (j = 0; j < b->n_items; j++) {
            free(b->items[j].term);
            free(b->items[j].desc);
        }
        free(b->items);
    }
    free(doc->blocks);
    free(doc->synopsis);
    memset(doc, 0, sizeof(*doc));
}

int help_block_is_options(const struct help_block *b)
{
    return b->kind == HELP_LIST && b->n_items && b->items[0].term[0] == '-';
}

const char *help_exit_status(const char *text)
{
    static const char *const prefixes[] = {"Exit status:", "Exit codes:"};
    size_t i, len;

    for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
        len = strlen(prefixes[i]);
        if (!strncmp(text, prefixes[i], len)) {
            text += len;
            while (*text == ' ')
                text++;
            return text;
        }
    }
    return NULL;
}

/* ------------------------------------------------- the translated --help */

#define HELP_WIDTH 76

/* The characters of the len bytes of UTF-8 at s. */
static size_t chars(const char *s, size_t len)
{
    size_t i, n = 0;

    for (i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Append text wrapped at HELP_WIDTH columns, the first line starting at
   column at (already reached), the others indented to column indent. */
static void wrap(struct strbuf *sb, const char *text, size_t at, size_t indent)
{
    const char *p = text;
    size_t col = at;
    int first = 1;

    while (*p) {
        const char *w = p;
        size_t len, width;
        while (*p && *p != ' ')
            p++;
        len = (size_t)(p - w);
        width = chars(w, len);
        if (!first && col + 1 + width > HELP_WIDTH) {
            strbuf_addch(sb, '\n');
            strbuf_addchars(sb, ' ', indent);
            col = indent;
        } else if (!first) {
            strbuf_addch(sb, ' ');
            col++;
        }
        strbuf_add(sb, w, len);
        col += width;
        first = 0;
        while (*p == ' ')
            p++;
    }
    strbuf_addch(sb, '\n');
}

static const char *const help_words[] = {N_("usage: "), N_("   or: "),
                                         N_("Commands:"), N_("Exit status:"),
                                         N_("Exit codes:")};

/* The translated --help: its paragraphs and descriptions are the entries
   of man/uk.po, the same texts the manual pages are made of. */
static void help_translate(const char *text, struct strbuf *sb)
{
    struct help_doc doc;
    const char *s = text, *status;
    size_t i, j;

    /* The synopsis lines as they are, with their words translated. */
    while (*s && *s != '\n') {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        for (i = 0; i < 2; i++)
            if (!strncmp(s, help_words[i], strlen(help_words[i]))) {
                strbuf_addstr(sb, _(help_words[i]));
                s += strlen(help_words[i]);
                len -= strlen(help_words[i]);
                break;
            }
        strbuf_add(sb, s, len);
        strbuf_addch(sb, '\n');
        s += len + (nl ? 1 : 0);
    }
    help_parse(text, &doc);
    for (i = 0; i < doc.n_blocks; i++) {
        const struct help_block *b = &doc.blocks[i];
        size_t col = 0;
        strbuf_addch(sb, '\n');
        if (b->kind == HELP_PARAGRAPH) {
            status = help_exit_status(b->text);
            if (!status) {
                wrap(sb, _(b->text), 0, 0);
                continue;
            }
            j = strncmp(b->text, help_words[3], strlen(help_words[3])) ? 4 : 3;
            strbuf_addf(sb, "%s ", _(help_words[j]));
            wrap(sb, _(status), utf8_len(_(help_words[j])) + 1, 0);
            continue;
        }
        if (b->heading)
            strbuf_addf(sb, "%s\n", _(b->heading));
        for (j = 0; j < b->n_items; j++) {
            size_t w = utf8_len(b->items[j].term) + 4;
            if (w > col && w <= 24)
                col = w;
        }
        for (j = 0; j < b->n_items; j++) {
            const struct help_item *it = &b->items[j];
            size_t w = utf8_len(it->term) + 2;
            strbuf_addf(sb, "  %s", it->term);
            if (!*it->desc) {
                strbuf_addch(sb, '\n');
                continue;
            }
            if (w + 2 > col) {
                strbuf_addch(sb, '\n');
                w = 0;
            }
            strbuf_addchars(sb, ' ', col - w);
            wrap(sb, _(it->desc), col, col);
        }
    }
    help_doc_release(&doc);
}

void help_print(const char *text, FILE *fp)
{
    struct strbuf sb = STRBUF_INIT;

    if (!i18n_active()) {
        fputs(text, fp);
        return;
    }
    help_translate(text, &sb);
    fputs(sb.buf, fp);
    strbuf_release(&sb);
}
