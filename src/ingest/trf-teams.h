/* ingest/trf-teams: the team records of a TRF file read into the typed
 * inputs of core/teams.h.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_TRF_TEAMS_H
#define INGEST_TRF_TEAMS_H

#include "util/diag.h"

struct tournament;

/*
 * Read the team records that t keeps (240 byes, 299 abnormal points, 300
 * line-ups, 320 pairing-allocated byes, 330 forfeited matches, 352 boards,
 * 362 match points, 802 team summaries) into t->team_input, allocated in
 * t's arena.  Called by the TRF reader once the players, the teams
 * (t->n_teams > 0) and the round grid are read.  Reported to dl at
 * FILE:LINE:COL, and the record (or the team it names) left out: errors
 * for a field that cannot be read, a team number no team has, a 330
 * record of a team against itself, a 299 record out of its TRF-26 columns
 * (with a note of what it reads in those of the TRF-2025 draft);
 * warnings for a record of a round after the last one, and for 352 and
 * 362 records that cannot be read (what 362 read before stays).  802
 * records are read as far as they can be, silently.  The records stay in
 * t for the writer.
 */
void trf_teams_read(struct tournament *t, struct diag_list *dl);

#endif
