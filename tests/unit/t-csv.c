/* tests/unit/t-csv: the CSV reader: quoting, delimiters, encodings, line
 * and column of every field, and each error with its exact message.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "ingest/csv.h"
#include "ingest/csvedit.h"
#include "util/strbuf.h"

static struct strbuf msgs = STRBUF_INIT;

/* Parse s; the findings, one per line, are left in msgs. */
static struct csv *parse(const char *s, size_t len, enum err *e)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct csv *c = NULL;
    size_t i;

    *e = csv_parse(s, len, "t.csv", NULL, &c, &dl);
    strbuf_reset(&msgs);
    for (i = 0; i < dl.nr; i++) {
        diag_format(&dl.items[i], &msgs);
        strbuf_addch(&msgs, '\n');
    }
    diag_list_release(&dl);
    return c;
}

static void test_basic(void)
{
    enum err e;
    struct csv *c;
    const char *s = "a;b;c\r\n1;\"x;y\";\"say \"\"hi\"\"\"\n\n"
                    "2;\"two\nlines\";  z  \n";

    c = parse(s, strlen(s), &e);
    is_int(e, ERR_OK, "quoted fields parse");
    is_int(c->delim, ';', "';' sniffed");
    is_int(c->n_rows, 3, "blank line left out");
    is_str(csv_get(&c->rows[1], 1), "x;y", "delimiter inside quotes");
    is_str(csv_get(&c->rows[1], 2), "say \"hi\"", "doubled quotes");
    is_str(csv_get(&c->rows[2], 1), "two\nlines", "line break inside quotes");
    is_str(csv_get(&c->rows[2], 2), "z", "fields are trimmed");
    is_str(csv_get(&c->rows[2], 7), "", "past the end is empty");
    is_int(c->rows[2].line, 4, "row line");
    is_int(c->rows[2].fields[2].line, 5, "field after a quoted break: line");
    is_int(c->rows[2].fields[2].col, 8, "field after a quoted break: column");
    csv_free(c);

    c = parse("a,b\n1,2\n", 8, &e);
    is_int(c->delim, ',', "',' sniffed");
    csv_free(c);
    c = parse("a\tb,c\n1\t2\n", 10, &e);
    is_int(c->delim, '\t', "tab sniffed");
    csv_free(c);
    c = parse("Ім'я;Їжак\nҐанна;ж\n", strlen("Ім'я;Їжак\nҐанна;ж\n"), &e);
    is_int(c->rows[1].fields[1].col, 7, "columns count characters");
    is_str(c->encoding, "UTF-8", "UTF-8 detected");
    csv_free(c);
    c = parse("\xEF\xBB\xBFname;x\n", 10, &e);
    is_str(csv_get(&c->rows[0], 0), "name", "byte-order mark dropped");
    csv_free(c);
    c = parse("\xCF\xF0\xB3\xE7\xE2\xE8\xF9\xE5;\xB2\xEC'\xFF\n", 14, &e);
    is_str(c->encoding, "Windows-1251", "Windows-1251 detected");
    is_str(csv_get(&c->rows[0], 0), "Прізвище", "Windows-1251 converted");
    is_str(csv_get(&c->rows[0], 1), "Ім'я", "і and apostrophe converted");
    csv_free(c);
    c = parse("a;b\r1;2\r", 8, &e);
    is_int(c->n_rows, 2, "CR line ends");
    is_int(c->rows[1].line, 2, "CR counts lines");
    csv_free(c);
    c = parse("Тур;\"Білі\"\n", strlen("Тур;\"Білі\"\n"), &e);
    is_str(csv_get(&c->rows[0], 1), "Білі", "quoted header");
    csv_free(c);
    c = parse("a;Клуб \"Юність\"\n", strlen("a;Клуб \"Юність\"\n"), &e);
    is_int(e, ERR_OK, "a quote inside an unquoted field is text");
    is_str(csv_get(&c->rows[0], 1), "Клуб \"Юність\"", "kept as written");
    csv_free(c);
}

static void test_errors(void)
{
    struct strbuf big = STRBUF_INIT;
    enum err e;
    struct csv *c;
    int i;

    c = parse("", 0, &e);
    ok(!c && e == ERR_PARSE, "empty file refused");
    is_str(msgs.buf, "t.csv: error: file is empty; a CSV file is expected\n",
           "empty: message");
    c = parse("a;b\n1;\0", 7, &e);
    ok(!c && e == ERR_PARSE, "NUL byte refused");
    is_str(msgs.buf,
           "t.csv:2:3: error: binary data (a NUL byte); this is not a CSV "
           "text file\n",
           "NUL: message");
    c = parse("a;b\n1;\"open\n2;3\n", 16, &e);
    ok(c && e == ERR_PARSE, "unclosed quote");
    is_str(msgs.buf,
           "t.csv:2:3: error: quoted field is not closed (the closing '\"' is "
           "missing)\n",
           "unclosed quote: message");
    csv_free(c);
    c = parse("a;b\n1;\"x\"y;2\n", 13, &e);
    ok(c && e == ERR_PARSE, "text after a closing quote");
    is_str(msgs.buf,
           "t.csv:2:6: error: text after the closing quote of a field; a "
           "quote inside a quoted field is written '\"\"'\n",
           "text after quote: message");
    is_str(csv_get(&c->rows[1], 1), "xy", "the field keeps the text");
    is_str(csv_get(&c->rows[1], 2), "2", "the row goes on");
    csv_free(c);

    strbuf_addstr(&big, "a\n\"");
    strbuf_addchars(&big, 'x', CSV_MAX_FIELD + 10);
    strbuf_addstr(&big, "\"\nb\n");
    c = parse(big.buf, big.len, &e);
    ok(c && e == ERR_PARSE, "field too long");
    is_str(msgs.buf,
           "t.csv:2:1: error: field too long (more than 65536 "
           "bytes)\n",
           "field too long: message");
    is_int(c->n_rows, 3, "reading goes on after a long field");
    csv_free(c);

    strbuf_reset(&big);
    for (i = 0; i < CSV_MAX_FIELDS + 5; i++)
        strbuf_addstr(&big, "x;");
    strbuf_addstr(&big, "\n");
    c = parse(big.buf, big.len, &e);
    ok(c && e == ERR_PARSE, "too many fields");
    is_str(msgs.buf,
           "t.csv:1:2001: error: too many fields in a row (more "
           "than 1000)\n",
           "too many fields: message");
    is_int(c->rows[0].n, CSV_MAX_FIELDS, "the row is cut");
    csv_free(c);

    strbuf_reset(&big);
    for (i = 0; i < CSV_MAX_ROWS + 2; i++)
        strbuf_addstr(&big, "1\n");
    c = parse(big.buf, big.len, &e);
    ok(c && e == ERR_PARSE, "too many rows");
    is_str(msgs.buf,
           "t.csv:200001:1: error: too many rows (more than "
           "200000)\n",
           "too many rows: message");
    csv_free(c);
    strbuf_release(&big);

    {
        struct diag_list dl = DIAG_LIST_INIT;
        struct csv_options o = {ENC_UTF8, 0};
        e = csv_parse("a;\xFF\n", 4, "t.csv", &o, &c, &dl);
        ok(!c && e == ERR_PARSE, "invalid UTF-8 when UTF-8 is asked for");
        strbuf_reset(&msgs);
        diag_format(&dl.items[0], &msgs);
        is_str(msgs.buf,
               "t.csv:1:3: error: invalid UTF-8 byte 0xFF (is the file in "
               "another encoding? try --encoding windows-1251)",
               "invalid UTF-8: message");
        diag_list_release(&dl);
    }
}

static void test_header(void)
{
    static const struct csv_header h[] = {
        {"тур", 0}, {"round", 0}, {"білі", 1}};
    static const char *const names[] = {"тур/round", "білі/white"};
    int cols[2];
    struct diag_list dl = DIAG_LIST_INIT;
    enum err e;
    struct csv *c =
        parse("Тур;x y;Round;Білі\n", strlen("Тур;x y;Round;Білі\n"), &e);

    is_int(csv_map_header(c, &c->rows[0], h, 3, names, cols, 2, &dl), -1,
           "a column twice is an error");
    is_int(cols[0], 0, "first of the twice-named column kept");
    is_int(cols[1], 3, "column found by header");
    strbuf_reset(&msgs);
    diag_format(&dl.items[0], &msgs);
    strbuf_addch(&msgs, '\n');
    diag_format(&dl.items[1], &msgs);
    is_str(msgs.buf,
           "t.csv:1:5: warning: unknown column 'x y' ignored\n"
           "t.csv:1:9: error: column 'тур/round' appears twice (columns 1 "
           "and 3)",
           "header messages");
    diag_list_release(&dl);
    csv_free(c);
    strbuf_reset(&msgs);
    csv_header_key(&msgs, "Клуб / ДЮСШ");
    is_str(msgs.buf, "клубдюсш", "header key");
}

/* s edited by edits; the result (or "" and the findings in msgs). */
static void edit(const char *s, size_t len, const struct csv_edit *edits,
                 size_t n, enum err want, struct strbuf *out,
                 const char *what)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct csv *c = NULL;
    enum err e;
    size_t i;

    csv_parse(s, len, "t.csv", NULL, &c, &dl);
    e = csv_edit(s, len, c, edits, n, out, &dl);
    is_int(e, want, "%s", what);
    strbuf_reset(&msgs);
    for (i = 0; i < dl.nr; i++) {
        diag_format(&dl.items[i], &msgs);
        strbuf_addch(&msgs, '\n');
    }
    diag_list_release(&dl);
    csv_free(c);
}

static void test_edit(void)
{
    struct strbuf out = STRBUF_INIT;
    /* a quoted field with a line break above the row changed; CRLF */
    const char *s = "a;b;c\r\n1;\"two\r\nlines\";x\r\n2; y ;\r\n";
    struct csv_edit e1[] = {{4, 1, "new;value"}, {1, 3, "d"}};
    struct csv_edit e2[] = {{0, 0, "3"}, {0, 2, "say \"hi\""}};
    struct csv_edit e3[] = {{2, 0, "Ї"}};
    struct csv_edit e4[] = {{3, 0, "x"}};
    /* Windows-1251: "Ім'я,Прізвище" */
    const char cp[] = "\xb2\xec'\xff,\xcf\xf0\xb3\xe7\xe2\xe8\xf9\xe5\n"
                      "\xce\xeb\xe5\xe3,\xcf\xe5\xf2\xf0\xe5\xed\xea\xee\n";
    struct csv_edit e5[] = {{2, 0, "Їжак"}};
    struct csv_edit e6[] = {{2, 1, "Ω"}};

    edit(s, strlen(s), e1, 2, ERR_OK, &out, "a field and a new column");
    is_str(out.buf,
           "a;b;c;d\r\n1;\"two\r\nlines\";x\r\n2;\"new;value\";\r\n",
           "the value quoted (it holds ';'), the header grown, the rest "
           "byte for byte");
    edit(s, strlen(s), e2, 2, ERR_OK, &out, "a new row");
    is_str(out.buf,
           "a;b;c\r\n1;\"two\r\nlines\";x\r\n2; y ;\r\n3;;\"say "
           "\"\"hi\"\"\"\r\n",
           "a new row at the end, its line end as the file's, quotes doubled");
    edit("a,b\n1,2", 7, e2, 2, ERR_OK, &out, "a new row after a last line "
                                             "without its end");
    is_str(out.buf, "a,b\n1,2\n3,,\"say \"\"hi\"\"\"\n", "a line end first");
    edit(s, strlen(s), e3, 1, ERR_OK, &out, "UTF-8 stays UTF-8");
    is_str(out.buf, "a;b;c\r\nЇ;\"two\r\nlines\";x\r\n2; y ;\r\n",
           "the first field of a row with a quoted line break");
    edit(s, strlen(s), e4, 1, ERR_DATA, &out, "a line inside a field: no row");
    is_str(msgs.buf, "t.csv:3:1: error: no row begins here\n", "said");
    edit(cp, strlen(cp), e5, 1, ERR_OK, &out, "Windows-1251");
    is_str(out.buf,
           "\xb2\xec'\xff,\xcf\xf0\xb3\xe7\xe2\xe8\xf9\xe5\n"
           "\xaf\xe6\xe0\xea,\xcf\xe5\xf2\xf0\xe5\xed\xea\xee\n",
           "written in Windows-1251");
    edit(cp, strlen(cp), e6, 1, ERR_DATA, &out, "a letter it has not");
    is_str(msgs.buf,
           "t.csv: error: 'Ω' cannot be written in the file's encoding "
           "(Windows-1251); save the file as UTF-8 first\n",
           "said");
    strbuf_release(&out);
}

int main(void)
{
    test_basic();
    test_errors();
    test_header();
    test_edit();
    strbuf_release(&msgs);
    return done_testing();
}
