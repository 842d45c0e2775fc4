/* tests/unit/t-date: dates as tournament files write them.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "util/date.h"
#include "util/strbuf.h"

static void parses(const char *s, int y, int m, int d)
{
    struct date dt = {0, 0, 0};
    ok(!date_parse(s, &dt) && dt.y == y && dt.m == m && dt.d == d,
       "'%s' is %04d-%02d-%02d", s, y, m, d);
}

int main(void)
{
    struct date dt;
    struct strbuf sb = STRBUF_INIT;

    parses("2008-02-01", 2008, 2, 1);
    parses("2024/01/14", 2024, 1, 14);
    parses("28. 07. 2005", 2005, 7, 28);
    parses("08/04/2018", 2018, 4, 8);
    parses("May 29, 2020", 2020, 5, 29);
    parses("29 May 2020", 2020, 5, 29);
    parses("1 червня 2023 р.", 2023, 6, 1);
    parses("1969.12.06", 1969, 12, 6);
    ok(date_parse("10.09.13", &dt) == -1, "two-digit year refused");
    ok(date_parse("2023-02-29", &dt) == -1, "29 February of a common year");
    ok(date_parse("2024-02-29", &dt) == 0, "29 February of a leap year");
    ok(date_parse("1975.  .", &dt) == -1, "blank month refused");
    ok(date_parse("", &dt) == -1, "empty refused");
    dt.y = 2023;
    dt.m = 6;
    dt.d = 1;
    date_format_ua_long(&sb, &dt);
    is_str(sb.buf, "1 червня 2023 р.", "Ukrainian long form");
    strbuf_reset(&sb);
    date_format_ua(&sb, &dt);
    is_str(sb.buf, "01.06.2023", "Ukrainian short form");
    strbuf_release(&sb);
    {
        struct date a = {1970, 1, 1}, b = {2000, 3, 1};
        is_int(date_days(&a), 0, "epoch");
        is_int(date_days(&b), 11017, "days to 2000-03-01");
        is_int(date_cmp(&a, &b), -1, "compare");
    }
    return done_testing();
}
