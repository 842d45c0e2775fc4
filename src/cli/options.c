/* cli/options: the options several commands share.
 * SPDX-License-Identifier: MIT
 */
#include "cli/options.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "util/date.h"
#include "util/file.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/banned.h"

int rules_option(struct rules_options *o, int c, const char *arg,
                 const char *cmd)
{
    char *end;
    long v;

    switch (c) {
    case 'R':
        if (tiebreak_preset(arg, &o->preset))
            return cli_usage_error(cmd,
                                   "unknown rules '%s' (ua-2004, "
                                   "ua-2004-teams, ua-2017, ua-2023 or "
                                   "fide)",
                                   arg);
        o->have_preset = 1;
        return 0;
    case 'T': {
        struct diag_list dl = DIAG_LIST_INIT;
        tiebreak_rules_init(&o->list);
        if (tiebreak_list_parse(arg, &o->list, &dl, NULL, 0, 0)) {
            cli_usage_error(cmd, "--tiebreaks: %s", dl.items[0].msg);
            diag_list_release(&dl);
            return EXIT_USAGE;
        }
        o->have_list = 1;
        return 0;
    }
    case 'U':
        if (tiebreak_policy_parse(arg, &o->policy))
            return cli_usage_error(cmd,
                                   "unknown policy '%s' for unplayed rounds "
                                   "(fide-2024, fide-2026, fide-2009 or "
                                   "none)",
                                   arg);
        o->have_policy = 1;
        return 0;
    case 'P':
        v = strtol(arg, &end, 10);
        if (*end || v < 1 || v > 9999)
            return cli_usage_error(cmd,
                                   "--prize-places wants a number of places, "
                                   "not '%s'",
                                   arg);
        o->prize_places = (int)v;
        return 0;
    default:
        return cli_usage_error(cmd, "bad option");
    }
}

struct ranking_overrides *rules_overrides(struct rules_options *o)
{
    o->ov.preset = o->have_preset ? &o->preset : NULL;
    o->ov.list = o->have_list ? &o->list : NULL;
    o->ov.have_policy = o->have_policy;
    o->ov.policy = o->policy;
    o->ov.prize_places = o->prize_places;
    return &o->ov;
}

int rules_report(enum err e, struct diag_list *dl, const char *cmd)
{
    size_t i;

    if (e == ERR_USAGE) {
        /* The option's problem has no location: the first one says it. */
        for (i = 0; i < dl->nr; i++)
            if (!dl->items[i].file && dl->items[i].level == DIAG_ERROR)
                return cli_usage_error(cmd, "%s", dl->items[i].msg);
    }
    cli_print_diags(dl, stderr, 0);
    return e ? cli_exit_code(e) : 0;
}

int options_creation_time(long long *out)
{
    const char *v = getenv("SEKRETAR_TEST_DATE");
    struct date d;
    char *end;

    if (v && *v) {
        if (date_parse(v, &d)) {
            cli_error("SEKRETAR_TEST_DATE: cannot read the date '%s'", v);
            return -1;
        }
        *out = (long long)date_days(&d) * 86400;
        return 0;
    }
    v = getenv("SOURCE_DATE_EPOCH");
    if (v && *v) {
        *out = strtoll(v, &end, 10);
        if (*end || *out < 0) {
            cli_error("SOURCE_DATE_EPOCH: not a number of seconds: '%s'", v);
            return -1;
        }
        return 0;
    }
    *out = (long long)time(NULL);
    return 0;
}
