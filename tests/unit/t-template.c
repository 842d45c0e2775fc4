/* tests/unit/t-template: the template reader and its placeholders.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "render/template.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* Parse text as a file called name; return the first error message. */
static enum err parse(struct template *tpl, const char *name, const char *text,
                      struct strbuf *msg)
{
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e = template_parse(tpl, name, text, strlen(text), &dl);

    strbuf_reset(msg);
    if (dl.nr)
        diag_format(&dl.items[0], msg);
    diag_list_release(&dl);
    return e;
}

static void fails(const char *text, const char *want, const char *what)
{
    struct template tpl = TEMPLATE_INIT;
    struct strbuf msg = STRBUF_INIT;
    enum err e = parse(&tpl, "t.ini", text, &msg);

    ok(e == ERR_PARSE && tpl.nr == 0, "%s: refused, nothing kept", what);
    is_str(msg.buf, want, "%s: message", what);
    strbuf_release(&msg);
    template_release(&tpl);
}

static void subst_is(const struct template *tpl, const char *text,
                     const char *want, int want_empty, const char *what)
{
    static const struct template_var vars[] = {
        {"event", "Чемпіонат"}, {"venue", ""}, {"city", NULL}};
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT;
    int empty = -1;
    enum err e;

    (void)tpl;
    e = template_subst(text, NULL, vars, 3, &out, &empty, &dl);
    ok(e == ERR_OK && !strcmp(out.buf, want) && empty == want_empty,
       "%s: '%s' (empty %d)", what, out.buf, empty);
    strbuf_release(&out);
    diag_list_release(&dl);
}

int main(void)
{
    struct template tpl = TEMPLATE_INIT;
    struct strbuf msg = STRBUF_INIT, out = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;
    const struct template_entry *e;
    static const char *const words[] = {"auto", "portrait", "landscape", NULL};
    double num;
    int choice;

    is_int(parse(&tpl, "common.ini",
                 "\xEF\xBB\xBF# a comment\r\n"
                 "top = before any section\n"
                 "[page]\n"
                 "width = 210\n"
                 "margin-left=30,5\n"
                 "orientation = auto\n"
                 "\n"
                 "; another comment\n"
                 "[columns]\n"
                 "name = Прізвище, ім'я   \n"
                 "place = \"  Місце  \"\n"
                 "legend = перший рядок\n"
                 "    другий рядок\n"
                 "\t третій\n"
                 "\n"
                 "    # an indented comment after a blank line\n"
                 "esc = a\\nb\\tc \\\\ \\\"q\\\"\n"
                 "[tiebreaks]\n"
                 "BH/C1.heading = Бхг-1 # not a comment\n"
                 "empty =\n",
                 &msg),
           ERR_OK, "a good template parses");
    is_str(msg.buf, "", "without messages");
    is_str(template_get(&tpl, "", "top", NULL), "before any section",
           "keys before the first section");
    is_str(template_get(&tpl, "columns", "name", NULL), "Прізвище, ім'я",
           "UTF-8 value, trailing blanks trimmed");
    is_str(template_get(&tpl, "columns", "place", NULL), "  Місце  ",
           "quotes keep blanks");
    is_str(template_get(&tpl, "columns", "legend", NULL),
           "перший рядок\nдругий рядок\nтретій", "continuation lines");
    is_str(template_get(&tpl, "columns", "esc", NULL), "a\nb\tc \\ \"q\"",
           "escapes");
    is_str(template_get(&tpl, "tiebreaks", "BH/C1.heading", NULL),
           "Бхг-1 # not a comment", "no comments inside a value");
    is_str(template_get(&tpl, "tiebreaks", "empty", NULL), "",
           "an empty value");
    is_str(template_get(&tpl, "page", "missing", "def"), "def",
           "a missing key gives the default");
    e = template_find(&tpl, "columns", "legend");
    ok(e && e->line == 12 && !strcmp(e->file, "common.ini"),
       "entries know their file and line");

    ok(template_number(&tpl, "page", "width", 0, 1, 1000, &num, &dl) ==
               ERR_OK &&
           num == 210,
       "a number");
    ok(template_number(&tpl, "page", "margin-left", 0, 0, 100, &num, &dl) ==
               ERR_OK &&
           num == 30.5,
       "a number with a decimal comma");
    ok(template_number(&tpl, "page", "absent", 7, 0, 100, &num, &dl) ==
               ERR_OK &&
           num == 7,
       "an absent number is the default");
    ok(template_number(&tpl, "columns", "name", 7, 0, 100, &num, &dl) ==
           ERR_PARSE,
       "a word is not a number");
    diag_format(&dl.items[0], &msg);
    is_str(msg.buf,
           "common.ini:10: error: 'name' wants a number from 0 to 100, not "
           "'Прізвище, ім'я'",
           "the number error names file and line");
    ok(template_number(&tpl, "page", "width", 0, 1, 100, &num, &dl) ==
           ERR_PARSE,
       "out of range");
    ok(template_choice(&tpl, "page", "orientation", words, 1, &choice, &dl) ==
               ERR_OK &&
           choice == 0,
       "a choice");
    ok(template_choice(&tpl, "page", "width", words, 1, &choice, &dl) ==
           ERR_PARSE,
       "a word not among the choices");
    strbuf_reset(&msg);
    diag_format(&dl.items[dl.nr - 1], &msg);
    is_str(msg.buf,
           "common.ini:4: error: 'width' is one of 'auto', 'portrait', "
           "'landscape', not '210'",
           "the choice error lists the choices");

    /* A second file overrides the first. */
    is_int(parse(&tpl, "ranking.ini",
                 "[columns]\nname = Учасник\n[page]\nwidth = 297\n", &msg),
           ERR_OK, "a second file");
    is_str(template_get(&tpl, "columns", "name", NULL), "Учасник",
           "a later file overrides a key");
    is_str(template_get(&tpl, "columns", "place", NULL), "  Місце  ",
           "and keeps the others");
    e = template_find(&tpl, "page", "width");
    ok(e && !strcmp(e->file, "ranking.ini") && e->line == 4,
       "the overriding entry is located in its own file");

    /* Placeholders. */
    subst_is(&tpl, "{event}, {venue}", "Чемпіонат, ", 0, "filled");
    subst_is(&tpl, "Місце: {venue}{city}", "Місце: ", 1,
             "all placeholders empty");
    subst_is(&tpl, "no placeholders", "no placeholders", 0, "plain text");
    subst_is(&tpl, "{{literal}} }}", "{literal} }", 0, "escaped braces");
    e = template_find(&tpl, "columns", "legend");
    ok(template_subst("{nope} x", e, NULL, 0, &out, NULL, &dl) == ERR_PARSE,
       "an unknown placeholder is an error");
    strbuf_reset(&msg);
    diag_format(&dl.items[dl.nr - 1], &msg);
    is_str(msg.buf, "common.ini:12: error: unknown placeholder '{nope}'",
           "located at the template's line");
    ok(template_subst("{open", e, NULL, 0, &out, NULL, &dl) == ERR_PARSE,
       "an unclosed brace is an error");
    template_release(&tpl);

    /* Errors, each with its line. */
    fails("[page]\nwidth = 1\nwidth = 2\n",
          "t.ini:3: error: 'width' is given twice in [page] (first on line "
          "2)",
          "duplicate key");
    fails("[page\n", "t.ini:1: error: a section name must end with ']'",
          "unclosed section");
    fails("[]\n", "t.ini:1: error: bad section name '[]'",
          "empty section name");
    fails("a = 1\njust words\n",
          "t.ini:2: error: expected 'key = value' or '[section]'",
          "a line without '='");
    fails("= value\n", "t.ini:1: error: a key is missing before '='", "no key");
    fails("клю = 1\n",
          "t.ini:1: error: bad key 'клю' (keys are ASCII letters, digits and "
          "_-./+)",
          "non-ASCII key");
    fails("a = x\\q\n",
          "t.ini:1: error: unknown escape (only \\n \\t \\\\ \\\" are known)",
          "bad escape");
    fails("a = x\\\n", "t.ini:1: error: a backslash at the end of the value",
          "backslash at the end");
    fails("[s]\n  continued\n",
          "t.ini:2: error: an indented line continues a value, but no 'key = "
          "value' is above it",
          "continuation without a key");
    fails("a = 1\nb = \xD0\n",
          "t.ini:2: error: not valid UTF-8 (templates "
          "are UTF-8)",
          "invalid UTF-8");
    {
        struct strbuf big = STRBUF_INIT;
        strbuf_addstr(&big, "a = ");
        strbuf_addchars(&big, 'x', TEMPLATE_MAX_LINE);
        strbuf_addch(&big, '\n');
        fails(big.buf,
              "t.ini:1: error: line too long (4100 bytes; at most "
              "4096)",
              "a line too long");
        strbuf_release(&big);
    }

    ok(template_load(&tpl, "/nonexistent/common.ini", &dl) == ERR_NOINPUT,
       "a missing file is missing input");

    strbuf_release(&msg);
    strbuf_release(&out);
    diag_list_release(&dl);
    template_release(&tpl);
    return done_testing();
}
