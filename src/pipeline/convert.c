/* pipeline/convert: a prepared results file or section written as TRF.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/convert.h"

#include "core/event.h"
#include "ingest/trf-report.h"
#include "ingest/trf.h"
#include "pipeline/prepare.h"
#include "util/name.h"
#include "util/strbuf.h"
#include "util/banned.h"

void convert_write(const struct prepared *p, enum trf_version v, int latin,
                   struct strbuf *out)
{
    const struct prepared_section *ps = &p->secs[0];
    struct tournament *t = ps->sec->t;
    struct standings st;
    size_t i;

    if (!p->ev->lone_file) {
        /* A team competition's report ranks its players, and its 202
           record is the list its teams were ranked by. */
        st = ps->players->s;
        st.rules = ps->ranking->s.rules;
        trf_write_report(p->ev, ps->sec, &st, v, latin, out);
        return;
    }
    for (i = 0; latin && i < t->n_players; i++) {
        struct player *pl = &t->players[i];
        struct strbuf lat = STRBUF_INIT;
        if (!name_has_cyrillic(pl->name))
            continue;
        name_translit(&lat, pl->name);
        pl->name = arena_strdup(&t->arena, lat.buf);
        strbuf_release(&lat);
    }
    trf_write(t, v, out);
}
