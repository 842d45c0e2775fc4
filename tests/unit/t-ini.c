/* tests/unit/t-ini: the event.ini reader and the event description it
 * fills, with each error's exact message.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/event.h"
#include "ingest/eventdir.h"
#include "ingest/ini.h"
#include "util/strbuf.h"

static struct strbuf msgs = STRBUF_INIT;

static void keep(struct diag_list *dl)
{
    size_t i;

    strbuf_reset(&msgs);
    diag_list_sort(dl);
    for (i = 0; i < dl->nr; i++) {
        diag_format(&dl->items[i], &msgs);
        strbuf_addch(&msgs, '\n');
    }
}

static struct ini *parse(const char *s, enum err *e)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct ini *ini = NULL;

    *e = ini_parse(s, strlen(s), "event.ini", &ini, &dl);
    keep(&dl);
    diag_list_release(&dl);
    return ini;
}

/* The one message of parsing s, "" when none. */
static const char *message(const char *s)
{
    enum err e;
    ini_free(parse(s, &e));
    if (msgs.len)
        strbuf_setlen(&msgs, msgs.len - 1);
    return msgs.buf;
}

static void test_reading(void)
{
    struct strbuf long_title = STRBUF_INIT;
    const struct ini_entry *en;
    struct ini *ini;
    enum err e;
    int i;

    strbuf_addstr(&long_title, "\xEF\xBB\xBF# comment\n; another\n[event]\n"
                               "Title = Чемпіонат України з шахів");
    for (i = 0; i < 300; i++)
        strbuf_addstr(&long_title, " і ще довша назва");
    strbuf_addstr(&long_title, "\r\n  city   =   Львів  \r\nvenue = \"  Палац; "
                               "«Мистецтв» \\\"17\\\" \" # comment\n"
                               "name = Мар'яна # not a comment\nempty =\n"
                               "[section \"boys classic\"]\nfile = a.trf\n");
    ini = parse(long_title.buf, &e);
    is_int(e, ERR_OK, "a long file reads");
    is_str(msgs.buf, "", "without findings");
    is_int(ini->n, 2, "two sections");
    is_str(ini->sections[0].kind, "event", "section kind");
    en = ini_get(&ini->sections[0], "title");
    ok(en && strlen(en->value) > 6000, "a line over 6000 bytes is kept whole");
    is_int(en ? en->line : 0, 4, "line after the BOM and comments");
    en = ini_get(&ini->sections[0], "city");
    is_str(en ? en->value : "", "Львів", "blanks trimmed");
    is_int(en ? en->col : 0, 14, "column of the value");
    is_int(en ? en->key_col : 0, 3, "column of the key");
    en = ini_get(&ini->sections[0], "venue");
    is_str(en ? en->value : "", "  Палац; «Мистецтв» \"17\" ",
           "quoted value with escapes, blanks and ';'");
    en = ini_get(&ini->sections[0], "name");
    is_str(en ? en->value : "", "Мар'яна # not a comment",
           "apostrophe and '#' in an unquoted value");
    en = ini_get(&ini->sections[0], "empty");
    is_str(en ? en->value : "(none)", "", "empty value");
    is_str(ini->sections[1].kind, "section", "second kind");
    is_str(ini->sections[1].arg, "boys classic", "quoted section name");
    ini_free(ini);
    strbuf_release(&long_title);
}

static void test_errors(void)
{
    enum err e;

    ok(!parse("", &e) && e == ERR_PARSE, "empty file");
    is_str(msgs.buf,
           "event.ini: error: file is empty; an event description is "
           "expected ('sekretar init' writes one)\n",
           "empty: message");
    is_str(message("[event]\ntitle = x\0"), "", "(NUL handled by length)");
    {
        struct diag_list dl = DIAG_LIST_INIT;
        struct ini *ini = NULL;
        e = ini_parse("[event]\nt = \0x", 14, "event.ini", &ini, &dl);
        keep(&dl);
        ok(!ini && e == ERR_PARSE, "NUL byte refused");
        is_str(msgs.buf,
               "event.ini:2:5: error: binary data (a NUL byte); this is not "
               "a INI text file\n",
               "NUL: message");
        diag_list_release(&dl);
    }
    is_str(message("[event\ntitle = x"),
           "event.ini:1:7: error: section header is not closed (']' is "
           "missing)",
           "unclosed header");
    is_str(message("[event] x\n"),
           "event.ini:1:9: error: text after the section header",
           "text after header");
    is_str(message("[ ]\n"), "event.ini:1:1: error: empty section name '[]'",
           "empty header");
    is_str(message("[ev!ent]\n"),
           "event.ini:1:4: error: bad character in the section name "
           "(letters, digits, '-', '_' and '.' only)",
           "bad header character");
    is_str(message("[section \"a\" b]\n"),
           "event.ini:1:14: error: text after the closing quote of the "
           "section name",
           "text after a quoted section name");
    is_str(message("[section \"a]\n"),
           "event.ini:1:13: error: section header is not closed (']' is "
           "missing)",
           "unclosed quoted section name");
    is_str(message("[event]\n[event]\n"),
           "event.ini:2:1: error: section '[event]' appears twice (first at "
           "line 1)",
           "section twice");
    is_str(message("[event]\njust text\n"),
           "event.ini:2:1: error: expected 'key = value', found 'just text'",
           "no '='");
    is_str(message("[event]\nтут дуже довгий рядок без знака рівності, "
                   "який обрізається\n"),
           "event.ini:2:1: error: expected 'key = value', found 'тут дуже "
           "довгий рядок без знака рівності...'",
           "long line cut in the message");
    is_str(message("[event]\n = x\n"),
           "event.ini:2:2: error: missing key before '='", "no key");
    is_str(message("[event]\nназва = x\n"),
           "event.ini:2:1: error: bad key 'назва' (letters, digits, '-', "
           "'_' and '.' only)",
           "bad key");
    is_str(message("title = x\n"),
           "event.ini:1:1: error: key 'title' before the first section "
           "header (such as '[event]')",
           "key outside a section");
    is_str(message("[event]\ntitle = \"open\n"),
           "event.ini:2:9: error: quoted value is not closed (the closing "
           "'\"' is missing)",
           "unclosed quote");
    is_str(message("[event]\ntitle = \"a\" b\n"),
           "event.ini:2:13: error: text after the closing quote of the value",
           "text after a quoted value");
    is_str(message("[event]\ntitle = a\nTITLE = b\n"),
           "event.ini:3:1: error: key 'title' given twice in one section "
           "(first at line 2)",
           "key twice");
    is_str(message("[event]\ntitle = \xCF\xF0\xB3\xE7\xE2\xE8\xF9\xE5\n"),
           "event.ini: warning: not UTF-8; read as Windows-1251 (save it as "
           "UTF-8)",
           "Windows-1251 is read with a warning");
}

/* Fill an event from text; findings in msgs. */
static struct event *describe(const char *s)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct ini *ini = NULL;
    struct event *ev = event_new();

    ini_parse(s, strlen(s), "event.ini", &ini, &dl);
    if (ini)
        eventdir_from_ini(ini, "dir", ev, &dl);
    keep(&dl);
    diag_list_release(&dl);
    ini_free(ini);
    return ev;
}

#define GOOD_EVENT                                                                    \
    "[event]\ntitle = Т\nstart = 01.06.2023\nend = 2023-06-09\ncity = Львів\n"  \
    "venue = В\nchief-arbiter = Богдан ЛЕВИЦЬКИЙ | суддя НК\n" \
    "chief-secretary = С\n"

static void test_event(void)
{
    struct event *ev;
    const struct section *s;

    ev = describe(GOOD_EVENT "born-from = 2013\n"
                             "diploma-signatory-2 = Андрій ГОНЧАРУК | "
                             "Президент\n"
                             "[section boys-classic]\ntitle = Юнаки\n"
                             "file = boys.CSV\ndiscipline = rapid\n"
                             "system = round-robin\nsex = boys\nrounds = 9\n"
                             "rules = ua-2023\n"
                             "tiebreaks = bh/c1, BH/C2;WIN DE GE/REP "
                             "ARO/U1000\n"
                             "unplayed = fide-2009\nprize-places = 5\n"
                             "qualify-places = 2\nqualify-for = ЧС\n"
                             "[report]\njudges = 9\nhead = Н | посада\n");
    is_str(msgs.buf, "", "a good description has no findings");
    is_str(ev->title, "Т", "title");
    is_int(ev->start.d, 1, "start date");
    is_int(ev->end.d, 9, "end date");
    is_int(ev->born_from, 2013, "born-from");
    is_str(ev->chief_arbiter.name, "Богдан ЛЕВИЦЬКИЙ", "signatory name");
    is_str(ev->chief_arbiter.position, "суддя НК", "signatory position");
    is_int(ev->n_diploma_signatories, 2, "numbered signatories");
    is_str(ev->diploma_signatories[0].name, "", "gap left blank");
    is_str(ev->diploma_signatories[1].position, "Президент",
           "second signatory");
    is_int(ev->report.judges, 9, "report field");
    is_str(ev->report.head.name, "Н", "report signatory");
    s = &ev->sections[0];
    is_str(s->id, "boys-classic", "section id");
    is_str(s->path, "dir/boys.CSV", "results path");
    is_int(s->format, RESULTS_CSV, "CSV by extension");
    is_int(s->discipline, DISC_RAPID, "discipline");
    is_int(s->system, SYS_ROUND_ROBIN, "system");
    is_int(s->sex, 'm', "sex");
    is_int(s->rounds, 9, "rounds");
    is_str(s->rules, "ua-2023", "preset");
    is_str(s->tiebreaks, "BH/C1,BH/C2,WIN,DE,GE,ARO/U1000",
           "tie-break list normalised");
    is_str(s->unplayed, "fide-2009", "policy");
    is_int(s->prize_places, 5, "prize places");
    is_int(s->qualify_places, 2, "qualification places");
    event_free(ev);

    ev = describe("[event]\n[section x]\nfile = x.trf\n");
    is_str(msgs.buf,
           "event.ini:1:1: error: [event] has no 'title'\n"
           "event.ini:1:1: error: [event] has no 'start'\n"
           "event.ini:1:1: error: [event] has no 'end'\n"
           "event.ini:1:1: error: [event] has no 'city'\n"
           "event.ini:1:1: warning: [event] has no 'venue'\n"
           "event.ini:1:1: warning: [event] has no 'chief-arbiter'\n"
           "event.ini:1:1: warning: [event] has no 'chief-secretary'\n"
           "event.ini:1:1: warning: the diplomas would have nobody to sign "
           "them: name a diploma-signatory-1 (\"Ім'я ПРІЗВИЩЕ | посада\") "
           "or the chief-arbiter\n"
           "event.ini:2:1: error: [section x] has no 'title'\n"
           "event.ini:2:1: error: [section x] has no 'discipline': write "
           "discipline = classic, rapid or blitz, or its time-control (such "
           "as '90 хв + 30 с на хід')\n",
           "missing keys");
    is_int(ev->sections[0].prize_places, 3, "prize places default to 3");
    is_int(ev->sections[0].format, RESULTS_TRF, "TRF by default");
    event_free(ev);

    ev = describe("[report]\n");
    is_str(msgs.buf,
           "event.ini: error: no [event] section (title, dates, city, "
           "officials)\n"
           "event.ini: error: no [section NAME]; each tournament of the "
           "event needs one\n",
           "no [event], no [section]");
    event_free(ev);

    ev = describe(GOOD_EVENT "title2 = x\nstart = 32.13.2023\n");
    is_str(msgs.buf,
           "event.ini: error: no [section NAME]; each tournament "
           "of the event needs one\n"
           "event.ini:9:1: warning: unknown key 'title2' in [event] "
           "ignored\n"
           "event.ini:10:1: error: key 'start' given twice in one "
           "section (first at line 3)\n",
           "a key twice keeps the first");
    event_free(ev);

    ev = describe("[event]\ntitle = Т\nstart = 32.13.2023\nend = 01.06.2023\n"
                  "city = Л\nvenue = В\nchief-arbiter = А\n"
                  "chief-secretary = С\nborn-from = 13\n"
                  "diploma-signatory-x = А\nwhat = 1\n"
                  "[section a b]\ntitle = Т\nfile = f.trf\ndiscipline = шахи\n"
                  "system = swiss-2\nsex = хлопці\nrounds = дев'ять\n"
                  "rules = ua-2020\ntiebreaks = BH, BH/X1\nunplayed = fide\n"
                  "prize-places = 1000\nqualify-places = 1\n[misc]\n"
                  "[section]\ntitle = Т\nfile = g.trf\ndiscipline = blitz\n"
                  "[section c]\ntitle =\nfile = h.trf\ndiscipline = blitz\n");
    is_str(msgs.buf,
           "event.ini:3:9: error: date '32.13.2023' does not exist (there "
           "is no month 13)\n"
           "event.ini:9:13: error: year expected (such as 2013), found '13'\n"
           "event.ini:10:1: warning: unknown key 'diploma-signatory-x' "
           "(numbered 1 to 9: 'diploma-signatory-1')\n"
           "event.ini:11:1: warning: unknown key 'what' in [event] ignored\n"
           "event.ini:12:1: warning: [section a b] has 'qualify-places' but "
           "no 'qualify-for'\n"
           "event.ini:12:10: error: section name 'a b' may hold only a-z, "
           "0-9 and '-' (such as 'boys-classic'); the files of its "
           "documents are named after it\n"
           "event.ini:15:14: error: unknown discipline 'шахи' (classic, "
           "rapid, blitz, other)\n"
           "event.ini:16:10: error: unknown system 'swiss-2' (swiss, "
           "round-robin, knock-out, team)\n"
           "event.ini:17:7: error: unknown sex 'хлопці' (boys, girls, men, "
           "women, mixed)\n"
           "event.ini:18:10: error: number from 0 to 999 expected, found "
           "'дев'ять'\n"
           "event.ini:19:9: error: unknown rule preset 'ua-2020' (ua-2004, "
           "ua-2017, ua-2023, fide)\n"
           "event.ini:20:17: error: tie-break 'BH/X1': unknown modifier '/X1'\n"
           "event.ini:21:12: error: unknown unplayed-round policy 'fide' "
           "(fide-2024, fide-2026, fide-2009, none)\n"
           "event.ini:22:16: error: number from 0 to 999 expected, found "
           "'1000'\n"
           "event.ini:24:1: warning: unknown section '[misc]' ignored (event, "
           "section, report)\n"
           "event.ini:25:1: error: [section] needs a name: [section NAME]\n"
           "event.ini:30:1: error: 'title' is empty\n",
           "every bad value");
    event_free(ev);

    ev = describe("[event]\ntitle = Т\nstart = 09.06.2023\nend = 01.06.2023\n"
                  "city = Л\nvenue = В\nchief-arbiter = А\n"
                  "chief-secretary = С\n[section a]\ntitle = Т\nfile = f.trf\n"
                  "discipline = classic\ntiebreaks = ,\n");
    is_str(msgs.buf,
           "event.ini:4:7: error: the event ends before it starts "
           "('01.06.2023' < '09.06.2023')\n"
           "event.ini:13:13: error: empty tie-break list\n",
           "dates in the wrong order; empty list");
    event_free(ev);
}

static void test_names(void)
{
    struct event *ev;

    ev = describe("[event]\ntitle = Т\nstart = 01.06.2023\nend = 02.06.2023\n"
                  "city = Л\nvenue = В\nchief-arbiter = А\n"
                  "chief-secretary = С\n[section a]\ntitle = Т\nfile = f.trf\n"
                  "discipline = classic\ntiebreaks = pts bh/m1, SB/C1/P KS TPR\n");
    is_str(msgs.buf, "", "modifiers accepted");
    is_str(ev->sections[0].tiebreaks, "BH/M1,SB/C1/P,KS,TPR",
           "list normalised, PTS left out");
    event_free(ev);
    ev = describe("[event]\ntitle = Т\nstart = 01.06.2023\nend = 02.06.2023\n"
                  "city = Л\nvenue = В\nchief-arbiter = А\n"
                  "chief-secretary = С\n[section a]\ntitle = Т\nfile = f.trf\n"
                  "discipline = classic\ntiebreaks = BH,  XYZ, BH/C\n");
    ok(strstr(msgs.buf, "event.ini:13:18: error: unknown tie-break 'XYZ'") !=
           NULL,
       "a bad code is located");
    ok(strstr(msgs.buf, "event.ini:13:23: error: ") != NULL,
       "a cut without a number is refused");
    event_free(ev);
    ok(rules_preset_known("ua-2017") && !rules_preset_known("ua-2099"),
       "presets");
    ok(unplayed_policy_known("none") && unplayed_policy_known("fide-2026") &&
           !unplayed_policy_known("fide-2011"),
       "policies");
    is_str(section_system_name(SYS_KNOCKOUT), "knock-out", "system name");
    is_str(discipline_name(DISC_BLITZ), "blitz", "discipline name");
}

static void ini_set(const char *s, const char *kind, const char *arg,
                    const char *key, const char *value, enum err want,
                    const char *what)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT;

    is_int(ini_edit(s, strlen(s), "event.ini", kind, arg, key, value, &out,
                    &dl),
           want, "%s", what);
    strbuf_reset(&msgs);
    strbuf_addbuf(&msgs, &out);
    if (dl.nr)
        strbuf_addstr(&msgs, dl.items[0].msg);
    strbuf_release(&out);
    diag_list_release(&dl);
}

static void test_edit(void)
{
    const char *s = "# comment\r\n[event]\r\ntitle = \"A # B\"\r\n"
                    "city = Львів\r\n\r\n[section a]\r\n  rounds = 9 \r\n"
                    "; note\r\n";

    ini_set(s, "section", "a", "rounds", "7", ERR_OK, "a key changed");
    is_str(msgs.buf,
           "# comment\r\n[event]\r\ntitle = \"A # B\"\r\ncity = Львів\r\n"
           "\r\n[section a]\r\n  rounds = 7\r\n; note\r\n",
           "in its line, its indent kept, every other byte as it was");
    ini_set(s, "event", "", "end", "09.06.2023", ERR_OK, "a key added");
    is_str(msgs.buf,
           "# comment\r\n[event]\r\ntitle = \"A # B\"\r\ncity = Львів\r\n"
           "end = 09.06.2023\r\n\r\n[section a]\r\n  rounds = 9 \r\n"
           "; note\r\n",
           "after the section's last key, CRLF as the file");
    ini_set(s, "event", "", "city", "", ERR_OK, "a key emptied");
    is_str(msgs.buf,
           "# comment\r\n[event]\r\ntitle = \"A # B\"\r\n\r\n"
           "[section a]\r\n  rounds = 9 \r\n; note\r\n",
           "its line taken out");
    ini_set(s, "event", "", "title", " \"x\" \\ ", ERR_OK, "quoted");
    is_str(msgs.buf,
           "# comment\r\n[event]\r\ntitle = \" \\\"x\\\" \\\\ \"\r\n"
           "city = Львів\r\n\r\n[section a]\r\n  rounds = 9 \r\n"
           "; note\r\n",
           "a value with blanks around and quotes quoted, escaped");
    ini_set(s, "section", "b", "rounds", "7", ERR_DATA, "no such section");
    is_str(msgs.buf, "no section [section b] to change", "said");
    ini_set(s, "event", "", "city", "a\n[x]", ERR_DATA, "two lines");
    ini_set("[event]\ncity = \xcb\xfc\xe2\xb3\xe2\n", "event", "", "city",
            "Київ", ERR_OK, "Windows-1251");
    is_str(msgs.buf, "[event]\ncity = \xca\xe8\xbf\xe2\n",
           "written in Windows-1251");
}

int main(void)
{
    test_reading();
    test_errors();
    test_event();
    test_names();
    test_edit();
    strbuf_release(&msgs);
    return done_testing();
}
