/* tests/unit/t-decline: first names and surnames in the genitive and the
 * dative (util/decline), against tests/data/decline.tsv: pairs written by
 * hand from the rules of Ukrainian grammar, not made by the code.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "util/decline.h"
#include "util/strbuf.h"

#include <stdio.h>
#include <string.h>

static void check_table(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int rows = 0;

    if (!f) {
        ok(0, "%s opens", path);
        return;
    }
    while (fgets(line, sizeof(line), f)) {
        char *field[5], *p = line, *save = NULL;
        struct strbuf got = STRBUF_INIT;
        int n = 0, k;
        line[strcspn(line, "\r\n")] = '\0';
        if (!*line || *line == '#')
            continue;
        for (p = strtok_r(line, "\t", &save); p && n < 5;
             p = strtok_r(NULL, "\t", &save))
            field[n++] = p;
        if (n != 5) {
            ok(0, "a row of five fields: %s", line);
            continue;
        }
        rows++;
        for (k = 0; k < 2; k++) {
            enum name_case c = k ? NAME_DATIVE : NAME_GENITIVE;
            char sex = *field[1] == '0' ? 0 : *field[1];
            strbuf_reset(&got);
            if (*field[0] == 'g')
                decline_given(field[2], sex, c, &got);
            else
                decline_surname(field[2], sex, c, &got);
            is_str(got.buf, field[3 + k], "%s %s (%s, %s)", field[2],
                   k ? "dative" : "genitive", *field[0] == 'g' ? "first name"
                                                               : "surname",
                   field[1]);
        }
        strbuf_release(&got);
    }
    fclose(f);
    ok(rows >= 200, "the table has %d names (at least 200)", rows);
}

static void test_edges(void)
{
    static const struct {
        int surname;
        const char *in, *want, *what;
    } cases[] = {
        {1, "", "", "an empty surname stays empty"},
        {0, "Jean", "Jean", "a name in Latin letters stays as written"},
        {1, "O'Neil", "O'Neil", "a foreign woman's surname stays"},
        {1, "-", "-", "a lone hyphen"},
    };
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        strbuf_reset(&sb);
        if (cases[i].surname)
            decline_surname(cases[i].in, 'f', NAME_DATIVE, &sb);
        else
            decline_given(cases[i].in, 'm', NAME_GENITIVE, &sb);
        is_str(sb.buf, cases[i].want, "%s", cases[i].what);
    }
    strbuf_release(&sb);
}

int main(void)
{
    check_table("tests/data/decline.tsv");
    test_edges();
    return done_testing();
}
