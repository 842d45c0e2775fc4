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
    {
        /* days and back, across leap days, centuries and the epoch */
        static const struct date ds[] = {{1970, 1, 1},  {1969, 12, 31},
                                         {2000, 2, 29}, {1900, 3, 1},
                                         {2023, 6, 9},  {2100, 12, 31}};
        size_t i;
        int same = 1;
        for (i = 0; i < sizeof(ds) / sizeof(ds[0]); i++) {
            struct date back;
            date_from_days(&back, date_days(&ds[i]));
            same &= !date_cmp(&back, &ds[i]);
        }
        ok(same, "date_from_days undoes date_days");
        {
            struct date d;
            date_from_days(&d, 19517);
            is_int(d.y * 10000 + d.m * 100 + d.d, 20230609,
                   "day 19517 is 2023-06-09");
        }
    }
    return done_testing();
}
