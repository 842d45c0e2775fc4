/* tests/unit/t-diploma: diploma codes: their form, what they are made
 * of, and that every mistyped or altered code is told from a real one.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "tap.h"
#include "core/diploma.h"
#include "core/event.h"

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

int main(void)
{
    struct event ev;
    struct diploma d;
    char code[DIPLOMA_CODE_SIZE], other[DIPLOMA_CODE_SIZE],
        read[DIPLOMA_CODE_SIZE];
    int i, k, missed = 0, tries = 0;

    memset(&ev, 0, sizeof(ev));
    ev.title = "Чемпіонат України з шахів серед юнаків до 10 років";
    ev.city = "Львів";
    ev.start.y = 2023;
    ev.start.m = 6;
    ev.start.d = 1;
    memset(&d, 0, sizeof(d));
    d.kind = DIPLOMA_INDIVIDUAL;
    d.section = "boys-classic";
    d.name = "Шевченко Остап Ігорович";
    d.birth_year = 2013;
    d.place_lo = d.place_hi = d.degree = 1;
    diploma_code(&ev, &d, code);
    ok(strlen(code) == 17 && !strncmp(code, "UA-", 3) && code[7] == '-' &&
           code[12] == '-',
       "the form UA-XXXX-XXXX-XXXX: %s", code);
    ok(diploma_code_read(code, read) == DIPLOMA_CODE_OK && !strcmp(read, code),
       "a code reads back as itself");

    /* Whatever changes changes the code. */
    d.degree = 2;
    diploma_code(&ev, &d, other);
    ok(strcmp(other, code), "another degree, another code");
    d.degree = 1;
    d.place_hi = 2;
    diploma_code(&ev, &d, other);
    ok(strcmp(other, code), "a shared place, another code");
    d.place_hi = 1;
    d.name = "Шевченко Остап Ігоревич";
    diploma_code(&ev, &d, other);
    ok(strcmp(other, code), "another name, another code");
    d.name = "Шевченко Остап Ігорович";
    d.section = "boys-rapid";
    diploma_code(&ev, &d, other);
    ok(strcmp(other, code), "another section, another code");
    d.section = "boys-classic";
    d.kind = DIPLOMA_COACH;
    diploma_code(&ev, &d, other);
    ok(strcmp(other, code), "another kind, another code");
    d.kind = DIPLOMA_INDIVIDUAL;
    ev.start.y = 2024;
    diploma_code(&ev, &d, other);
    ok(strcmp(other, code), "another event, another code");
    ev.start.y = 2023;
    diploma_code(&ev, &d, other);
    is_str(other, code, "the same diploma, the same code");

    /* Every one changed character, and every two neighbours swapped. */
    for (i = 3; i < 17; i++) {
        if (code[i] == '-')
            continue;
        for (k = 0; alphabet[k]; k++) {
            if (alphabet[k] == code[i])
                continue;
            strcpy(other, code);
            other[i] = alphabet[k];
            tries++;
            if (diploma_code_read(other, read) != DIPLOMA_CODE_ALTERED)
                missed++;
        }
    }
    ok(!missed, "all %d codes with one character changed are altered (%d "
                "missed)",
       tries, missed);
    tries = missed = 0;
    for (i = 3; i < 16; i++) {
        int j = code[i + 1] == '-' ? i + 2 : i + 1;
        if (code[i] == '-' || code[i] == code[j])
            continue;
        strcpy(other, code);
        other[i] = code[j];
        other[j] = code[i];
        tries++;
        if (diploma_code_read(other, read) != DIPLOMA_CODE_ALTERED)
            missed++;
    }
    ok(!missed && tries >= 10,
       "all %d codes with two neighbours swapped are altered", tries);

    /* How people type it. */
    strcpy(other, code);
    for (i = 0; other[i]; i++)
        if (other[i] >= 'A' && other[i] <= 'Z')
            other[i] = (char)(other[i] - 'A' + 'a');
    ok(diploma_code_read(other, read) == DIPLOMA_CODE_OK && !strcmp(read, code),
       "in lower case");
    ok(diploma_code_read(" UA RJYD Y202 78GT ", read) == DIPLOMA_CODE_OK &&
           !strcmp(read, "UA-RJYD-Y202-78GT"),
       "with blanks for dashes");
    ok(diploma_code_read("UA-RJYD-Y2O2-78GT", read) == DIPLOMA_CODE_OK &&
           !strcmp(read, "UA-RJYD-Y202-78GT"),
       "O read as 0");
    ok(diploma_code_read("UA-RJYD-Y202-78G", read) == DIPLOMA_CODE_MALFORMED,
       "11 characters: not a code");
    ok(diploma_code_read("UA-RJYD-Y202-78GTH", read) ==
           DIPLOMA_CODE_MALFORMED,
       "13 characters: not a code");
    ok(diploma_code_read("UB-RJYD-Y202-78GH", read) == DIPLOMA_CODE_MALFORMED,
       "not UA-: not a code");
    ok(diploma_code_read("UA-RJYD-Y202-78GU", read) == DIPLOMA_CODE_MALFORMED,
       "U is not in the alphabet");
    ok(diploma_code_read("", read) == DIPLOMA_CODE_MALFORMED, "empty");
    done_testing();
}
