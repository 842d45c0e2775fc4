/* cli/man: the manual pages, made in roff from the --help texts of the
 * command table ('sekretar help --man PAGE'), in English or translated
 * through a po file (man/uk.po); 'sekretar help --pot' lists what there is
 * to translate; 'sekretar help --tiebreaks' writes the tie-break table in
 * Markdown for docs/tie-breaks.md ('make docs').
 * SPDX-License-Identifier: MIT
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "core/tiebreak.h"
#include "util/file.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

/* A po file larger than this is not a translation of our pages. */
#define PO_MAX_SIZE (4 << 20)

static const char man_usage[] =
    "usage: sekretar help --man [--translations PO] [PAGE]\n"
    "   or: sekretar help --pot [--translations PO]\n"
    "   or: sekretar help --tiebreaks\n"
    "\n"
    "Write the manual page PAGE (sekretar, or sekretar-COMMAND; default:\n"
    "sekretar) in roff, made from the --help texts, to standard output;\n"
    "with --translations in the language of the po file PO (exit 65 when it\n"
    "lacks a text of the page).  --pot writes every text of every page as a\n"
    "po template; with --translations the po file brought up to date, and\n"
    "the texts it lacks or no longer needs said on standard error (exit 65\n"
    "when there are any).  --tiebreaks writes the tie-break table (codes,\n"
    "headings and names in the documents, modifiers) in Markdown, as\n"
    "docs/tie-breaks.md holds it.\n";

/* ------------------------------------------------------------- po files */

struct po_entry {
    char *msgid, *msgstr;
    int used;
};

struct po {
    struct po_entry *entries;
    size_t n, alloc;
    char *header; /* the msgstr of msgid "", or NULL */
};

/* Append the C-escaped string at *p ("...") to sb; -1 when malformed. */
static int po_string(const char **p, struct strbuf *sb)
{
    const char *s = *p;

    if (*s++ != '"')
        return -1;
    while (*s && *s != '"') {
        if (*s == '\\') {
            s++;
            switch (*s) {
            case 'n':
                strbuf_addch(sb, '\n');
                break;
            case 't':
                strbuf_addch(sb, '\t');
                break;
            case '"':
            case '\\':
                strbuf_addch(sb, *s);
                break;
            default:
                return -1;
            }
            s++;
        } else if (*s == '\n') {
            return -1;
        } else {
            strbuf_addch(sb, *s++);
        }
    }
    if (*s != '"')
        return -1;
    *p = s + 1;
    return 0;
}

/* Add the entry msgid/msgstr (msgid "" is the header). */
static void po_add(struct po *po, const char *msgid, const char *msgstr)
{
    if (!*msgid) {
        free(po->header);
        po->header = xstrdup(msgstr);
        return;
    }
    ALLOC_GROW(po->entries, po->n + 1, po->alloc);
    po->entries[po->n].msgid = xstrdup(msgid);
    po->entries[po->n].msgstr = xstrdup(msgstr);
    po->entries[po->n++].used = 0;
}

/* Skip blanks and tabs. */
static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Read msgid/msgstr pairs of a po file (comments and msgctxt-free). */
static int po_read(const char *path, struct po *po)
{
    struct strbuf text = STRBUF_INIT, id = STRBUF_INIT, str = STRBUF_INIT;
    struct strbuf *cur = NULL;
    struct diag_list dl = DIAG_LIST_INIT;
    const char *s;
    int line = 1, have = 0, ret = 0;
    enum err e;

    memset(po, 0, sizeof(*po));
    e = file_read(path, PO_MAX_SIZE, &text, &dl);
    if (e != ERR_OK) {
        ret = cli_report(e, &dl);
        goto out;
    }
    for (s = text.buf; *s; line++) {
        const char *eol = strchr(s, '\n');
        const char *p = skip_blanks(s);
        if (*p == '#' || *p == '\n' || !*p) {
            /* a comment or a blank line */
        } else if (!strncmp(p, "msgid ", 6) || !strncmp(p, "msgstr ", 7)) {
            int is_id = p[3] == 'i';
            if (is_id && have) {
                po_add(po, id.buf, str.buf);
                have = 0;
            }
            if (is_id) {
                strbuf_reset(&id);
                strbuf_reset(&str);
                have = 1;
            } else if (!have) {
                cli_error("%s:%d: msgstr without a msgid", path, line);
                ret = EXIT_DATAERR;
                goto out;
            }
            cur = is_id ? &id : &str;
            p = skip_blanks(p + (is_id ? 6 : 7));
        }
        if (*p == '"' && cur) {
            if (po_string(&p, cur) ||
                (*skip_blanks(p) != '\n' && *skip_blanks(p))) {
                cli_error("%s:%d: cannot read the string", path, line);
                ret = EXIT_DATAERR;
                goto out;
            }
        } else if (*p && *p != '#' && *p != '\n') {
            cli_error("%s:%d: not a line of a po file", path, line);
            ret = EXIT_DATAERR;
            goto out;
        }
        if (!eol)
            break;
        s = eol + 1;
    }
    if (have)
        po_add(po, id.buf, str.buf);
out:
    diag_list_release(&dl);
    strbuf_release(&text);
    strbuf_release(&id);
    strbuf_release(&str);
    return ret;
}

static void po_release(struct po *po)
{
    size_t i;

    for (i = 0; i < po->n; i++) {
        free(po->entries[i].msgid);
        free(po->entries[i].msgstr);
    }
    free(po->entries);
    free(po->header);
    memset(po, 0, sizeof(*po));
}

/* Append s as a po string: "..." with \\, \" and \n escaped. */
static void po_quote(struct strbuf *sb, const char *s)
{
    strbuf_addch(sb, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            strbuf_addch(sb, '\\');
        if (*s == '\n')
            strbuf_addstr(sb, "\\n");
        else
            strbuf_addch(sb, *s);
    }
    strbuf_addch(sb, '"');
}

/* -------------------------------------------------------- translations */

/* A text of the pages: what it says and the pages it is on. */
struct unit {
    char *msgid;
    struct strbuf pages;
};

struct man_ctx {
    struct po *po;      /* the translation, or NULL: English */
    const char *page;   /* the page being made */
    struct unit *units; /* every text asked for, in order */
    size_t n_units, units_alloc;
    size_t n_missing;
};

/* The translation of msgid (msgid itself in English or when missing). */
static const char *tr(struct man_ctx *c, const char *msgid)
{
    struct strbuf ref = STRBUF_INIT;
    size_t i;

    for (i = 0; i < c->n_units; i++)
        if (!strcmp(c->units[i].msgid, msgid))
            break;
    if (i == c->n_units) {
        ALLOC_GROW(c->units, c->n_units + 1, c->units_alloc);
        c->units[i].msgid = xstrdup(msgid);
        strbuf_init(&c->units[i].pages, 0);
        c->n_units++;
    }
    strbuf_addf(&ref, " %s(1)", c->page);
    if (!strstr(c->units[i].pages.buf, ref.buf))
        strbuf_addbuf(&c->units[i].pages, &ref);
    strbuf_release(&ref);
    if (!c->po)
        return msgid;
    for (i = 0; i < c->po->n; i++)
        if (!strcmp(c->po->entries[i].msgid, msgid)) {
            c->po->entries[i].used = 1;
            if (*c->po->entries[i].msgstr)
                return c->po->entries[i].msgstr;
            break;
        }
    c->n_missing++;
    return msgid;
}

static void man_ctx_release(struct man_ctx *c)
{
    size_t i;

    for (i = 0; i < c->n_units; i++) {
        free(c->units[i].msgid);
        strbuf_release(&c->units[i].pages);
    }
    free(c->units);
}

/* ---------------------------------------------------------------- roff */

/* Can an option word ("--help", "-o") start after character prev? */
static int starts_word(const char *s, size_t i)
{
    return i == 0 || strchr(" ([\"',/|", s[i - 1]);
}

static int is_option_char(int c)
{
    return isalnum((unsigned char)c) || c == '-';
}

/* Append one character escaped for roff. */
static void roff_char(struct strbuf *sb, char c)
{
    if (c == '\\')
        strbuf_addstr(sb, "\\e");
    else if (c == '-')
        strbuf_addstr(sb, "\\-");
    else
        strbuf_addch(sb, c);
}

/* Append prose: backslashes escaped, the hyphens of options ("--deep")
 * as minus signs, and a leading '.' or '\'' made text. */
static void roff_text(struct strbuf *sb, const char *s)
{
    size_t i;

    if (*s == '.' || *s == '\'')
        strbuf_addstr(sb, "\\&");
    for (i = 0; s[i]; i++) {
        if (s[i] == '-' && starts_word(s, i) &&
            (s[i + 1] == '-' || isalpha((unsigned char)s[i + 1]))) {
            while (is_option_char(s[i]))
                roff_char(sb, s[i++]);
            i--;
        } else if (s[i] == '\\') {
            strbuf_addstr(sb, "\\e");
        } else {
            strbuf_addch(sb, s[i]);
        }
    }
}

/* Append the syntax of a term or synopsis: options bold, placeholders in
 * capitals ("DIR") italic, every hyphen a minus sign; the first word bold
 * too when bold_first (a verb, the program, a file; not a placeholder,
 * "NAME.trf"). */
static void roff_syntax(struct strbuf *sb, const char *s, int bold_first)
{
    size_t i = 0;

    if (*s == '.' || *s == '\'')
        strbuf_addstr(sb, "\\&");
    if (bold_first && !isupper((unsigned char)*s)) {
        strbuf_addstr(sb, "\\fB");
        for (; s[i] && s[i] != ' '; i++)
            roff_char(sb, s[i]);
        strbuf_addstr(sb, "\\fR");
    }
    while (s[i]) {
        if (s[i] == '-' && starts_word(s, i) &&
            (s[i + 1] == '-' || isalpha((unsigned char)s[i + 1]))) {
            strbuf_addstr(sb, "\\fB");
            while (is_option_char(s[i]))
                roff_char(sb, s[i++]);
            strbuf_addstr(sb, "\\fR");
        } else if (isupper((unsigned char)s[i]) &&
                   (i == 0 || !isalnum((unsigned char)s[i - 1]))) {
            strbuf_addstr(sb, "\\fI");
            while (isupper((unsigned char)s[i]) ||
                   isdigit((unsigned char)s[i]) || s[i] == '_')
                strbuf_addch(sb, s[i++]);
            strbuf_addstr(sb, "\\fR");
        } else {
            roff_char(sb, s[i++]);
        }
    }
}

/* The date of the pages: SOURCE_DATE_EPOCH's, else none (a build makes
 * the same pages every day). */
static void page_date(struct strbuf *sb)
{
    const char *v = getenv("SOURCE_DATE_EPOCH");
    struct tm tm;
    time_t t;
    char *end;

    if (!v || !*v)
        return;
    t = (time_t)strtoll(v, &end, 10);
    if (*end || !gmtime_r(&t, &tm))
        return;
    strbuf_addf(sb, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday);
}

/* Append the paragraphs (exit: the exit-status ones) of doc. */
static int add_paragraphs(struct man_ctx *c, struct strbuf *sb,
                          const struct help_doc *doc, int exit)
{
    size_t i, n = 0;

    for (i = 0; i < doc->n_blocks; i++) {
        const struct help_block *b = &doc->blocks[i];
        const char *status;
        if (b->kind != HELP_PARAGRAPH)
            continue;
        status = help_exit_status(b->text);
        if (exit != (status != NULL))
            continue;
        if (n++)
            strbuf_addstr(sb, ".PP\n");
        roff_text(sb, tr(c, exit ? status : b->text));
        strbuf_addch(sb, '\n');
    }
    return (int)n;
}

/* Whether list b has a heading of its own ("The event folder:"), and so
 * a section of its own; "Commands:" is that of COMMANDS. */
static int own_section(const struct help_block *b)
{
    return b->heading && strcmp(b->heading, "Commands:") &&
           !help_block_is_options(b);
}

/* Append the entries of list b (options: of options). */
static void add_items(struct man_ctx *c, struct strbuf *sb,
                      const struct help_block *b, int options)
{
    size_t j;

    for (j = 0; j < b->n_items; j++) {
        strbuf_addstr(sb, ".TP\n");
        roff_syntax(sb, b->items[j].term, !options);
        strbuf_addch(sb, '\n');
        if (*b->items[j].desc) {
            roff_text(sb, tr(c, b->items[j].desc));
            strbuf_addch(sb, '\n');
        }
    }
}

/* Append the entries of the lists of options (or of the other lists but
 * those with a section of their own) under heading. */
static void add_lists(struct man_ctx *c, struct strbuf *sb,
                      const struct help_doc *doc, int options,
                      const char *heading)
{
    size_t i;
    int any = 0;

    for (i = 0; i < doc->n_blocks; i++) {
        const struct help_block *b = &doc->blocks[i];
        if (b->kind != HELP_LIST || help_block_is_options(b) != options ||
            own_section(b))
            continue;
        if (!any++)
            strbuf_addf(sb, ".SH \"%s\"\n", tr(c, heading));
        add_items(c, sb, b, options);
    }
}

/* Append each list with a heading of its own as a section named by the
 * heading, in capitals and without its colon. */
static void add_sections(struct man_ctx *c, struct strbuf *sb,
                         const struct help_doc *doc)
{
    struct strbuf title = STRBUF_INIT, upper = STRBUF_INIT;
    size_t i;

    for (i = 0; i < doc->n_blocks; i++) {
        const struct help_block *b = &doc->blocks[i];
        if (b->kind != HELP_LIST || !own_section(b))
            continue;
        strbuf_reset(&title);
        strbuf_reset(&upper);
        strbuf_addstr(&title, tr(c, b->heading));
        if (title.len && title.buf[title.len - 1] == ':')
            strbuf_setlen(&title, title.len - 1);
        utf8_upper(&upper, title.buf);
        strbuf_addstr(sb, ".SH \"");
        roff_text(sb, upper.buf);
        strbuf_addstr(sb, "\"\n");
        add_items(c, sb, b, 0);
    }
    strbuf_release(&title);
    strbuf_release(&upper);
}

/* Append the page of command cmd (NULL: sekretar(1)) to sb. */
static void make_page(struct man_ctx *c, const struct command *cmd,
                      struct strbuf *sb)
{
    struct strbuf text = STRBUF_INIT, name = STRBUF_INIT, upper;
    struct help_doc doc;
    const char *syn;
    size_t i, prefix;

    strbuf_addstr(&name, "sekretar");
    if (cmd) {
        strbuf_addf(&name, "-%s", cmd->name);
        cmd->usage(&text);
    } else {
        sekretar_usage(&text);
    }
    c->page = name.buf;
    help_parse(text.buf, &doc);

    strbuf_addstr(sb, "'\\\" -*- coding: UTF-8 -*-\n"
                      ".\\\" Made by 'sekretar help --man' from the --help "
                      "text: do not edit.\n");
    strbuf_init(&upper, 0);
    for (i = 0; i < name.len; i++)
        strbuf_addch(&upper, toupper((unsigned char)name.buf[i]));
    strbuf_addstr(sb, ".TH ");
    roff_text(sb, upper.buf);
    strbuf_addstr(sb, " 1 \"");
    page_date(sb);
    strbuf_addf(sb, "\" \"sekretar %s\" \"%s\"\n", SEKRETAR_VERSION,
                tr(c, "Sekretar Manual"));
    /* Ragged right and no hyphens: terms and names stay whole. */
    strbuf_addstr(sb, ".nh\n.ad l\n");
    strbuf_release(&upper);

    strbuf_addf(sb, ".SH \"%s\"\n", tr(c, "NAME"));
    roff_text(sb, name.buf);
    strbuf_addstr(sb, " \\- ");
    roff_text(sb, tr(c, cmd ? cmd->summary : sekretar_summary));
    strbuf_addch(sb, '\n');

    strbuf_addf(sb, ".SH \"%s\"\n", tr(c, "SYNOPSIS"));
    syn = doc.synopsis;
    prefix = cmd ? 9 + strlen(cmd->name) : 8; /* "sekretar build" */
    if (!strncmp(syn, "sekretar", 8) &&
        (!cmd ||
         (syn[8] == ' ' && !strncmp(syn + 9, cmd->name, strlen(cmd->name))))) {
        strbuf_addstr(sb, "\\fB");
        strbuf_add(sb, syn, prefix);
        strbuf_addstr(sb, "\\fR");
        syn += prefix;
    }
    roff_syntax(sb, syn, 0);
    strbuf_addch(sb, '\n');

    strbuf_addf(sb, ".SH \"%s\"\n", tr(c, "DESCRIPTION"));
    if (!add_paragraphs(c, sb, &doc, 0)) {
        roff_text(sb, tr(c, cmd ? cmd->summary : sekretar_summary));
        strbuf_addch(sb, '\n');
    }
    add_lists(c, sb, &doc, 0, "COMMANDS");
    add_sections(c, sb, &doc);
    add_lists(c, sb, &doc, 1, "OPTIONS");
    for (i = 0; i < doc.n_blocks; i++)
        if (doc.blocks[i].kind == HELP_PARAGRAPH &&
            help_exit_status(doc.blocks[i].text)) {
            strbuf_addf(sb, ".SH \"%s\"\n", tr(c, "EXIT STATUS"));
            add_paragraphs(c, sb, &doc, 1);
            break;
        }

    strbuf_addf(sb, ".SH \"%s\"\n", tr(c, "SEE ALSO"));
    if (cmd) {
        strbuf_addstr(sb, "\\fBsekretar\\fR(1)\n");
    } else {
        const char *sep = "";
        for (i = 0; i < commands_size; i++) {
            if (commands[i].flags & CMD_HIDDEN)
                continue;
            strbuf_addf(sb, "%s\\fBsekretar\\-%s\\fR(1)", sep,
                        commands[i].name);
            sep = ",\n";
        }
        strbuf_addch(sb, '\n');
    }
    help_doc_release(&doc);
    strbuf_release(&text);
    strbuf_release(&name);
    c->page = NULL;
}

/* The command whose page is called page ("sekretar-build" or "build");
 * sets *main for "sekretar".  Returns -1 when there is none. */
static int find_page(const char *page, const struct command **cmd)
{
    size_t i;

    *cmd = NULL;
    if (!strcmp(page, "sekretar"))
        return 0;
    if (!strncmp(page, "sekretar-", 9))
        page += 9;
    for (i = 0; i < commands_size; i++)
        if (!(commands[i].flags & CMD_HIDDEN) &&
            !strcmp(commands[i].name, page)) {
            *cmd = &commands[i];
            return 0;
        }
    return -1;
}

/* The name of the page of cmd (NULL: sekretar), in a static buffer. */
static const char *ctx_page_name(const struct command *cmd)
{
    static char name[64];

    snprintf(name, sizeof(name), "sekretar%s%s", cmd ? "-" : "",
             cmd ? cmd->name : "");
    return name;
}

/* Write the po template (with the translations of po when given). */
static int write_pot(struct man_ctx *c, struct po *po)
{
    struct strbuf sb = STRBUF_INIT, page = STRBUF_INIT;
    size_t i, j;
    int ret = EXIT_OK;

    make_page(c, NULL, &page);
    for (i = 0; i < commands_size; i++)
        if (!(commands[i].flags & CMD_HIDDEN))
            make_page(c, &commands[i], &page);
    strbuf_addstr(&sb, "# The texts of Sekretar's manual pages, made from "
                       "the --help texts\n"
                       "# by 'sekretar help --pot'.\n"
                       "msgid \"\"\nmsgstr ");
    po_quote(&sb, po && po->header ? po->header
                                   : "Content-Type: text/plain; "
                                     "charset=UTF-8\n");
    strbuf_addch(&sb, '\n');
    for (i = 0; i < c->n_units; i++) {
        const char *str = "";
        if (po)
            for (j = 0; j < po->n; j++)
                if (!strcmp(po->entries[j].msgid, c->units[i].msgid))
                    str = po->entries[j].msgstr;
        strbuf_addf(&sb, "\n#:%s\nmsgid ", c->units[i].pages.buf);
        po_quote(&sb, c->units[i].msgid);
        strbuf_addstr(&sb, "\nmsgstr ");
        po_quote(&sb, str);
        strbuf_addch(&sb, '\n');
        if (po && !*str) {
            cli_error("no translation of '%s'", c->units[i].msgid);
            ret = EXIT_DATAERR;
        }
    }
    for (j = 0; po && j < po->n; j++)
        if (!po->entries[j].used) {
            cli_error("a translation no page needs any more: '%s'",
                      po->entries[j].msgid);
            ret = EXIT_DATAERR;
        }
    fputs(sb.buf, stdout);
    strbuf_release(&sb);
    strbuf_release(&page);
    return ret;
}

/* ---------------------------------------------------- the tie-break table */

/* Codes with modifiers named in the table after those of the presets. */
static const char *const tiebreak_examples[] = {
    "BH/M1", "SB/P", "KS/L60", "ARO/U1000", "BH/V2026", NULL};

/* The presets whose codes with modifiers the table names. */
static const char *const tiebreak_example_presets[] = {"ua-2004", "ua-2017",
                                                       "ua-2023", NULL};

/* Append s as a cell of a Markdown table row ('|' escaped). */
static void md_cell(struct strbuf *sb, const char *s)
{
    strbuf_addch(sb, ' ');
    for (; *s; s++) {
        if (*s == '|')
            strbuf_addch(sb, '\\');
        strbuf_addch(sb, *s);
    }
    strbuf_addstr(sb, " |");
}

/* Append the modifiers that flags accept as a cell: "`/Cn` `/P`". */
static void md_modifiers(struct strbuf *sb, unsigned flags)
{
    static const struct {
        unsigned flag;
        const char *text;
    } mods[] = {
        {TBD_CUT, "`/Cn`"},
        {TBD_MEDIAN, "`/Mn`"},
        {TBD_PLAYED, "`/P`"},
        {TBD_RATING, "`/Un`"},
        {TBD_LIMIT, "`/Ln`"},
        {TBD_ALLMET, "`/A`"},
        {TBD_POLICY, "`/V2009` `/V2024` `/V2026`"},
    };
    struct strbuf cell = STRBUF_INIT;
    size_t i;

    for (i = 0; i < sizeof(mods) / sizeof(mods[0]); i++)
        if (flags & mods[i].flag)
            strbuf_addf(&cell, "%s%s", cell.len ? " " : "", mods[i].text);
    md_cell(sb, cell.buf);
    strbuf_release(&cell);
}

/* Name code as a section of players (teams 0) or of teams names it, into
 * *out; -1 when it is not a tie-break of that kind of competition. */
static int name_tiebreak(const char *code, int teams, struct tiebreak *out)
{
    struct tiebreak_rules r;
    struct strbuf err = STRBUF_INIT;
    int ret;

    tiebreak_rules_init(&r);
    ret = tiebreak_parse(code, strlen(code), &r.tb[0], &err);
    if (!ret) {
        r.n = 1;
        ret = tiebreak_rules_resolve(&r, teams, &err);
    }
    if (!ret)
        *out = r.tb[0];
    strbuf_release(&err);
    return ret;
}

/* Append the row of code (as teams 0/1 name it): code, heading, name,
 * then the English name (en, or none when NULL) and the modifiers (when
 * mods). */
static void md_row(struct strbuf *sb, const char *code, int teams,
                   const char *en, const char *en_points, int mods)
{
    struct strbuf cell = STRBUF_INIT;
    struct tiebreak tb;

    if (name_tiebreak(code, teams, &tb))
        abort(); /* the table's and the examples' codes are written right */
    strbuf_addch(sb, '|');
    strbuf_addf(&cell, "`%s`", tb.code);
    if (tb.def->alias && !strcmp(tb.code, tb.def->code))
        strbuf_addf(&cell, " (`%s`)", tb.def->alias);
    md_cell(sb, cell.buf);
    md_cell(sb, tb.ua_short);
    md_cell(sb, tb.ua_name);
    if (en) {
        strbuf_reset(&cell);
        strbuf_addf(&cell, "%s%s", en, en_points ? en_points : "");
        md_cell(sb, cell.buf);
    }
    if (mods)
        md_modifiers(sb, tb.def->flags & ~TBD_POINTS);
    strbuf_addch(sb, '\n');
    strbuf_release(&cell);
}

/* Has the list seen[0..n) the string s? */
static int seen_code(char (*seen)[TIEBREAK_CODE_MAX], size_t n, const char *s)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (!strcmp(seen[i], s))
            return 1;
    return 0;
}

/* Write the tie-break table in Markdown: the codes of individual
 * competitions, codes with modifiers (the presets' and a few more), the
 * codes of team competitions. */
static int write_tiebreaks(void)
{
    char seen[3 * TIEBREAK_MAX][TIEBREAK_CODE_MAX];
    struct strbuf sb = STRBUF_INIT;
    struct tiebreak_rules r;
    size_t i, j, n_seen = 0;

    strbuf_addstr(&sb, "### Codes of individual competitions\n\n"
                       "| code | heading | name in the documents | English "
                       "name | modifiers |\n"
                       "|---|---|---|---|---|\n");
    for (i = 0; i < tiebreak_table_size; i++) {
        const struct tiebreak_def *d = &tiebreak_table[i];
        if (!(d->flags & TBD_TEAM))
            md_row(&sb, d->code, 0, d->en_name, NULL, 1);
    }

    strbuf_addstr(&sb, "\n### Codes with modifiers\n\n"
                       "| code | heading | name in the documents |\n"
                       "|---|---|---|\n");
    for (i = 0; tiebreak_example_presets[i]; i++) {
        if (tiebreak_preset(tiebreak_example_presets[i], &r))
            abort(); /* the presets above exist */
        for (j = 0; j < r.n; j++) {
            if (!strchr(r.tb[j].code, '/') ||
                seen_code(seen, n_seen, r.tb[j].code))
                continue;
            snprintf(seen[n_seen++], TIEBREAK_CODE_MAX, "%s", r.tb[j].code);
            md_row(&sb, r.tb[j].code, 0, NULL, NULL, 0);
        }
    }
    for (i = 0; tiebreak_examples[i]; i++)
        md_row(&sb, tiebreak_examples[i], 0, NULL, NULL, 0);

    strbuf_addstr(&sb, "\n### Codes of team competitions\n\n"
                       "| code | heading | name in the documents | English "
                       "name | modifiers |\n"
                       "|---|---|---|---|---|\n");
    /* Those of teams alone first (MPTS, GPTS, ...), then those of both. */
    for (i = 0; i < 2 * tiebreak_table_size; i++) {
        const struct tiebreak_def *d = &tiebreak_table[i % tiebreak_table_size];
        int team_only = (d->flags & TBD_TEAM) != 0;
        struct strbuf code = STRBUF_INIT;
        if ((d->flags & TBD_INDIVIDUAL) || d->id == TB_PTS ||
            team_only != (i < tiebreak_table_size))
            continue;
        if (d->flags & TBD_POINTS) {
            strbuf_addf(&code, "%s:MP", d->code);
            md_row(&sb, code.buf, 1, d->en_name, " (match points)", 1);
            strbuf_reset(&code);
            strbuf_addf(&code, "%s:GP", d->code);
            md_row(&sb, code.buf, 1, d->en_name, " (game points)", 1);
        } else {
            md_row(&sb, d->code, 1, d->en_name, NULL, 1);
        }
        strbuf_release(&code);
    }
    fputs(sb.buf, stdout);
    strbuf_release(&sb);
    return EXIT_OK;
}

int cmd_help_man(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"man", no_argument, NULL, 'm'},
        {"pot", no_argument, NULL, 'p'},
        {"tiebreaks", no_argument, NULL, 'b'},
        {"translations", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct man_ctx ctx;
    struct po po;
    struct strbuf sb = STRBUF_INIT;
    const struct command *cmd;
    const char *po_path = NULL, *page = "sekretar";
    int c, pot = 0, tiebreaks = 0, ret = EXIT_OK, have_po = 0;

    memset(&ctx, 0, sizeof(ctx));
    memset(&po, 0, sizeof(po));
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'm':
            break;
        case 'p':
            pot = 1;
            break;
        case 'b':
            tiebreaks = 1;
            break;
        case 't':
            po_path = optarg;
            break;
        case 'h':
            help_print(man_usage, stdout);
            return EXIT_OK;
        default:
            return cli_bad_option("help", c, argv);
        }
    }
    if (tiebreaks) {
        if (optind < argc)
            return cli_usage_error("help", "too many operands");
        return write_tiebreaks();
    }
    if (optind < argc && !pot)
        page = argv[optind++];
    if (optind < argc)
        return cli_usage_error("help", "too many operands");
    if (find_page(page, &cmd))
        return cli_usage_error("help", "no manual page '%s'", page);
    if (po_path) {
        ret = po_read(po_path, &po);
        if (ret)
            goto out;
        have_po = 1;
        ctx.po = &po;
    }
    if (pot) {
        ret = write_pot(&ctx, have_po ? &po : NULL);
        goto out;
    }
    make_page(&ctx, cmd, &sb);
    if (ctx.n_missing) {
        cli_error("%s: %zu texts of %s(1) are not translated ('sekretar "
                  "help --pot --translations %s' lists them)",
                  po_path, ctx.n_missing, ctx_page_name(cmd), po_path);
        ret = EXIT_DATAERR;
        goto out;
    }
    fputs(sb.buf, stdout);
out:
    strbuf_release(&sb);
    man_ctx_release(&ctx);
    po_release(&po);
    return ret;
}
