/* pipeline/games: the games of a PGN file, read and checked.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline/games.h"

#include <string.h>
#include <strings.h>

#include "ingest/pgn.h"
#include "util/banned.h"

int games_is_pgn(const char *path)
{
    size_t len = strlen(path);

    return len > 4 && !strcasecmp(path + len - 4, ".pgn");
}

static int count(const struct pgn_game *g, void *ctx)
{
    struct games_summary *s = ctx;

    s->games++;
    s->moves += g->nr_moves;
    return 0;
}

enum err games_check(const char *path, enum encoding enc,
                     struct games_summary *s, struct diag_list *dl)
{
    memset(s, 0, sizeof(*s));
    return pgn_read_file(path, enc, count, s, dl);
}
