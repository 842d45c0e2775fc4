/* cli/cmd-completion: the bash completion script, made from the command
 * table, the commands' --help texts and the tie-break tables.
 * SPDX-License-Identifier: MIT
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/helptext.h"
#include "core/tiebreak.h"
#include "pipeline/render.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

#ifndef SEKRETAR_VERSION
#define SEKRETAR_VERSION "0.0.0-dev"
#endif

static const char completion_usage[] =
    "usage: sekretar completion bash\n"
    "\n"
    "Write the bash completion script to standard output (installed as\n"
    "/usr/share/bash-completion/completions/sekretar): the commands, their\n"
    "options and verbs, presets, policies and tie-break codes from\n"
    "Sekretar's own tables, and the sections of the event folder named on\n"
    "the command line or in the current directory (its event.ini).\n"
    "\n"
    "  -h, --help      show this help\n";

void cmd_completion_usage(struct strbuf *sb)
{
    strbuf_addstr(sb, completion_usage);
}

/* What the value of an option is completed from. */
enum value_kind {
    VALUE_WORDS,    /* one of the words */
    VALUE_LIST,     /* a comma-separated list of the words */
    VALUE_SECTIONS, /* a section of the event folder */
    VALUE_DIRS,     /* a directory */
    VALUE_FILES     /* a file */
};

/* The words of the tables. */
static void tiebreak_codes(struct strbuf *sb)
{
    size_t i;

    for (i = 0; i < tiebreak_table_size; i++) {
        strbuf_addf(sb, " %s", tiebreak_table[i].code);
        if (tiebreak_table[i].alias)
            strbuf_addf(sb, " %s", tiebreak_table[i].alias);
    }
}

static void preset_names(struct strbuf *sb)
{
    size_t i;

    for (i = 0; tiebreak_preset_names[i]; i++)
        strbuf_addf(sb, " %s", tiebreak_preset_names[i]);
}

static void policy_names(struct strbuf *sb)
{
    static const enum tiebreak_policy policies[] = {
        TB_POLICY_FIDE2024, TB_POLICY_FIDE2026, TB_POLICY_FIDE2009,
        TB_POLICY_NONE};
    size_t i;

    for (i = 0; i < sizeof(policies) / sizeof(policies[0]); i++)
        strbuf_addf(sb, " %s", tiebreak_policy_name(policies[i]));
}

static void document_names(struct strbuf *sb)
{
    size_t i;

    for (i = 0; i < documents_count(); i++) {
        /* A group ("mandate") before its first document. */
        if (documents_group(i))
            strbuf_addf(sb, " %s", documents_group(i));
        strbuf_addf(sb, " %s", documents_name(i));
    }
}

/*
 * The values of options, for every command that has the option (cmd
 * NULL) or one.  The words the --help texts spell out as "m|f" need no
 * row; those of the tables have a function.
 */
static const struct value_source {
    const char *cmd;
    const char *option;
    enum value_kind kind;
    void (*table)(struct strbuf *sb);
    const char *words;
} value_sources[] = {
    {NULL, "--rules", VALUE_WORDS, preset_names, NULL},
    {NULL, "--tiebreaks", VALUE_LIST, tiebreak_codes, NULL},
    {NULL, "--unplayed", VALUE_WORDS, policy_names, NULL},
    {NULL, "--only", VALUE_LIST, document_names, NULL},
    {NULL, "--section", VALUE_SECTIONS, NULL, NULL},
    {NULL, "--format", VALUE_WORDS, NULL, "text tsv csv json"},
    {NULL, "--encoding", VALUE_WORDS, NULL, "utf-8 windows-1251 latin-1"},
    {NULL, "--system", VALUE_WORDS, NULL, "auto swiss round-robin"},
    {"convert", "--to", VALUE_WORDS, NULL, "trf16 trf26"},
    {NULL, "--archive", VALUE_DIRS, NULL, NULL},
    {NULL, "--templates", VALUE_DIRS, NULL, NULL},
    {"render", "-o", VALUE_DIRS, NULL, NULL},
    {"render", "--output", VALUE_DIRS, NULL, NULL},
    {"archive", "-o", VALUE_DIRS, NULL, NULL},
    {"archive", "--output", VALUE_DIRS, NULL, NULL},
    {"convert", "-o", VALUE_FILES, NULL, NULL},
    {"convert", "--output", VALUE_FILES, NULL, NULL},
};

/* What a command's --help says of it. */
enum { W_OPTIONS, W_TAKES, W_VERBS, W_CASES, W_N };
struct command_words {
    /* W_OPTIONS " --archive --slug -h --help ", W_TAKES the options that
     * take a value, W_VERBS "list show ...", W_CASES case arms of the
     * values spelt "a|b" */
    struct strbuf part[W_N];
};

/* Add word to the list of words (" a b "), unless it is there. */
static void add_word(struct strbuf *list, const char *word, size_t len)
{
    struct strbuf needle = STRBUF_INIT;

    strbuf_addf(&needle, " %.*s ", (int)len, word);
    if (!strstr(list->buf, needle.buf))
        strbuf_addf(list, "%.*s ", (int)len, word);
    strbuf_release(&needle);
}

/* Add the options of a term ("-o, --output DIR", "[--sex m|f]"). */
static void term_options(const char *cmd, const char *term,
                         struct command_words *w)
{
    const char *s = term;
    const char *pending[4];
    size_t n_pending = 0, i;

    while (*s) {
        const char *start = s, *arg;
        int takes;
        if (*s != '-' || (s > term && !strchr(" [,", s[-1]))) {
            s++;
            continue;
        }
        while (*s == '-' || (*s >= 'a' && *s <= 'z') ||
               (*s >= '0' && *s <= '9'))
            s++;
        add_word(&w->part[W_OPTIONS], start, (size_t)(s - start));
        if (*s == ',') {
            /* "-o, --output DIR": -o is as --output */
            if (n_pending < 4)
                pending[n_pending++] = start;
            continue;
        }
        arg = *s == ' ' ? s + 1 : NULL;
        takes = arg && *arg && *arg != '-' && *arg != '[';
        for (i = 0; i <= n_pending && takes; i++) {
            const char *o = i < n_pending ? pending[i] : start;
            add_word(&w->part[W_TAKES], o, strcspn(o, " ,]"));
        }
        if (takes) {
            size_t len = strcspn(arg, " ]");
            const char *bar = memchr(arg, '|', len);
            if (bar && arg[0] >= 'a' && arg[0] <= 'z') {
                struct strbuf words = STRBUF_INIT;
                size_t k;
                for (k = 0; k < len; k++)
                    strbuf_addch(&words, arg[k] == '|' ? ' ' : arg[k]);
                strbuf_addf(&w->part[W_CASES],
                            "    \"%s %.*s\")\n"
                            "        COMPREPLY=($(compgen -W \"%s\" -- "
                            "\"$cur\"))\n"
                            "        return 0 ;;\n",
                            cmd, (int)(s - start), start, words.buf);
                strbuf_release(&words);
            }
        }
        n_pending = 0;
    }
}

/* Read cmd's --help into w. */
static void command_words(const struct command *cmd, struct command_words *w)
{
    struct strbuf text = STRBUF_INIT;
    struct help_doc doc;
    size_t i, j;

    strbuf_addch(&w->part[W_OPTIONS], ' ');
    strbuf_addch(&w->part[W_TAKES], ' ');
    cmd->usage(&text);
    help_parse(text.buf, &doc);
    for (i = 0; i < doc.n_blocks; i++) {
        const struct help_block *b = &doc.blocks[i];
        for (j = 0; j < b->n_items; j++) {
            const char *t = b->items[j].term;
            if (!help_block_is_options(b))
                strbuf_addf(&w->part[W_VERBS], "%s%.*s",
                            w->part[W_VERBS].len ? " " : "",
                            (int)strcspn(t, " "), t);
            term_options(cmd->name, t, w);
        }
    }
    help_doc_release(&doc);
    strbuf_release(&text);
}

/* Append the case arm that completes the values of one source. */
static void value_case(struct strbuf *sb, const struct value_source *v)
{
    struct strbuf words = STRBUF_INIT;

    if (v->table)
        v->table(&words);
    else if (v->words)
        strbuf_addf(&words, " %s", v->words);
    if (v->cmd)
        strbuf_addf(sb, "    \"%s %s\")\n", v->cmd, v->option);
    else
        strbuf_addf(sb, "    *\" %s\")\n", v->option);
    switch (v->kind) {
    case VALUE_WORDS:
        strbuf_addf(sb,
                    "        COMPREPLY=($(compgen -W \"%s\" -- "
                    "\"$cur\"))\n",
                    words.buf + 1);
        break;
    case VALUE_LIST:
        strbuf_addf(sb, "        _sekretar_list \"$cur\" \"%s\"\n",
                    words.buf + 1);
        break;
    case VALUE_SECTIONS:
        strbuf_addstr(sb, "        COMPREPLY=($(compgen -W "
                          "\"$(_sekretar_sections \"$dir\")\" -- "
                          "\"$cur\"))\n");
        break;
    case VALUE_DIRS:
        strbuf_addstr(sb, "        COMPREPLY=($(compgen -d -- \"$cur\"))\n");
        break;
    case VALUE_FILES:
        strbuf_addstr(sb, "        COMPREPLY=($(compgen -f -- \"$cur\"))\n");
        break;
    }
    strbuf_addstr(sb, "        return 0 ;;\n");
    strbuf_release(&words);
}

static const char script_head[] =
    "_sekretar_sections()\n"
    "{\n"
    "    # The [section NAME] headers of $1/event.ini.\n"
    "    [ -f \"$1/event.ini\" ] || return 0\n"
    "    sed -n 's/^[[:space:]]*\\[section[[:space:]][[:space:]]*"
    "\\([a-z0-9-][a-z0-9-]*\\)[[:space:]]*\\].*/\\1/p' \"$1/event.ini\" "
    "2>/dev/null\n"
    "}\n"
    "\n"
    "_sekretar_list()\n"
    "{\n"
    "    # Complete the last item of the comma-separated list $1 from $2.\n"
    "    local head= last=$1\n"
    "    case $last in\n"
    "    *,*) head=${last%,*}, last=${last##*,} ;;\n"
    "    esac\n"
    "    COMPREPLY=($(compgen -P \"$head\" -W \"$2\" -- \"$last\"))\n"
    "    compopt -o nospace 2>/dev/null\n"
    "    return 0\n"
    "}\n"
    "\n"
    "_sekretar()\n"
    "{\n"
    "    local cur prev cmd dir=. verb= i skip=\n"
    "    COMPREPLY=()\n"
    "    cur=${COMP_WORDS[COMP_CWORD]}\n"
    "    prev=${COMP_WORDS[COMP_CWORD-1]}\n"
    "    # --option=value: bash splits the words at '='\n"
    "    if [ \"$cur\" = = ]; then\n"
    "        cur=\n"
    "    elif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -ge 3 ]; then\n"
    "        prev=${COMP_WORDS[COMP_CWORD-2]}\n"
    "    fi\n"
    "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
    "        COMPREPLY=($(compgen -W \"$_sekretar_commands help --help "
    "--version\" -- \"$cur\"))\n"
    "        return 0\n"
    "    fi\n"
    "    cmd=${COMP_WORDS[1]}\n"
    "    if [ \"$cmd\" = help ]; then\n"
    "        [ \"$COMP_CWORD\" -eq 2 ] &&\n"
    "            COMPREPLY=($(compgen -W \"$_sekretar_commands\" -- "
    "\"$cur\"))\n"
    "        return 0\n"
    "    fi\n"
    "    # The event folder named on the line (else this one), the verb.\n"
    "    for ((i = 2; i < ${#COMP_WORDS[@]}; i++)); do\n"
    "        [ \"$i\" -eq \"$COMP_CWORD\" ] && continue\n"
    "        [ -f \"${COMP_WORDS[i]}/event.ini\" ] && dir=${COMP_WORDS[i]}\n"
    "        [ \"$i\" -gt \"$COMP_CWORD\" ] && continue\n"
    "        if [ -n \"$skip\" ]; then\n"
    "            skip=\n"
    "            continue\n"
    "        fi\n"
    "        case ${COMP_WORDS[i]} in\n"
    "        -*) case \" $(_sekretar_takes \"$cmd\") \" in\n"
    "            *\" ${COMP_WORDS[i]} \"*) skip=1 ;;\n"
    "            esac ;;\n"
    "        *) [ -z \"$verb\" ] && verb=${COMP_WORDS[i]} ;;\n"
    "        esac\n"
    "    done\n"
    "    case \"$cmd $prev\" in\n";

static const char script_tail[] =
    "    esac\n"
    "    case \" $(_sekretar_takes \"$cmd\") \" in\n"
    "    *\" $prev \"*) return 0 ;; # a value Sekretar cannot guess\n"
    "    esac\n"
    "    if [[ $cur == -* ]]; then\n"
    "        COMPREPLY=($(compgen -W \"$(_sekretar_options \"$cmd\")\" -- "
    "\"$cur\"))\n"
    "        return 0\n"
    "    fi\n"
    "    if [ -z \"$verb\" ] && [ -n \"$(_sekretar_verbs \"$cmd\")\" ]; then\n"
    "        COMPREPLY=($(compgen -W \"$(_sekretar_verbs \"$cmd\")\" -- "
    "\"$cur\"))\n"
    "        return 0\n"
    "    fi\n"
    "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
    "    return 0\n"
    "}\n"
    "complete -o filenames -F _sekretar sekretar\n";

/* Append a function that answers per command: case "$1" in NAME) echo. */
static void per_command(struct strbuf *sb, const char *fn,
                        const struct command_words *w, int part)
{
    struct strbuf t = STRBUF_INIT;
    size_t i;

    strbuf_addf(sb, "%s()\n{\n    case $1 in\n", fn);
    for (i = 0; i < commands_size; i++) {
        strbuf_reset(&t);
        strbuf_addbuf(&t, &w[i].part[part]);
        strbuf_trim(&t);
        if (t.len)
            strbuf_addf(sb, "    %s) echo \"%s\" ;;\n", commands[i].name,
                        t.buf);
    }
    strbuf_addstr(sb, "    esac\n}\n\n");
    strbuf_release(&t);
}

/* Write the bash completion script. */
static void bash_script(struct strbuf *sb)
{
    struct command_words *w = xcalloc(commands_size, sizeof(*w));
    size_t i, k;

    strbuf_addf(sb,
                "# bash completion of sekretar(1), made by 'sekretar "
                "completion bash' (sekretar %s)\n"
                "# from its command and tie-break tables: do not "
                "edit.\n\n",
                SEKRETAR_VERSION);
    strbuf_addstr(sb, "_sekretar_commands='");
    for (i = 0; i < commands_size; i++) {
        for (k = 0; k < W_N; k++)
            strbuf_init(&w[i].part[k], 0);
        if (commands[i].flags & CMD_HIDDEN)
            continue;
        strbuf_addf(sb, "%s%s", i ? " " : "", commands[i].name);
        command_words(&commands[i], &w[i]);
    }
    strbuf_addstr(sb, "'\n\n");
    per_command(sb, "_sekretar_options", w, W_OPTIONS);
    per_command(sb, "_sekretar_takes", w, W_TAKES);
    per_command(sb, "_sekretar_verbs", w, W_VERBS);
    strbuf_addstr(sb, script_head);
    for (i = 0; i < sizeof(value_sources) / sizeof(value_sources[0]); i++)
        value_case(sb, &value_sources[i]);
    for (i = 0; i < commands_size; i++)
        strbuf_addbuf(sb, &w[i].part[W_CASES]);
    strbuf_addstr(sb, script_tail);
    for (i = 0; i < commands_size; i++)
        for (k = 0; k < W_N; k++)
            strbuf_release(&w[i].part[k]);
    free(w);
}

int cmd_completion(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct strbuf sb = STRBUF_INIT;
    int c;

    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            help_print(completion_usage, stdout);
            return EXIT_OK;
        default:
            return cli_bad_option("completion", c, argv);
        }
    }
    if (optind + 1 != argc || strcmp(argv[optind], "bash"))
        return cli_usage_error("completion", "which shell? only 'bash'");
    bash_script(&sb);
    fputs(sb.buf, stdout);
    strbuf_release(&sb);
    return EXIT_OK;
}
