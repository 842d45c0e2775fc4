/* archive/results: the machine-readable results of a section (JSON and
 * CSV) that a bundle carries for historians and for 'archive rebuild',
 * and the facts about a player that the catalogue records.
 * SPDX-License-Identifier: MIT
 */
#ifndef ARCHIVE_RESULTS_H
#define ARCHIVE_RESULTS_H

#include "util/diag.h"

struct event;
struct section;
struct standings;
struct knockout;
struct person;
struct strbuf;
struct section_ranking;

/*
 * Append the results of one section as JSON: the event id, the section
 * (id, title, system, discipline, sex, rounds), the rules as used (preset,
 * tie-break codes, unplayed-round policy, prize places) and one object per
 * player in ranking order: place (place_to when shared), start number,
 * name, FIDE ID, rating, birth, sex, region, club, coaches, rank, points,
 * every tie-break value under its code (null when undefined), what decided
 * the place, the performance and every round (opponent, colour, result
 * code, points).  s ranks sec->t.  A knock-out (ko its bracket, else
 * NULL) also gives its stages and, per player, the round reached and
 * every match: round, match, opponent, the score of each stage and the
 * result (won, lost, open, bye).
 */
void results_json(const char *event_id, const struct event *ev,
                  const struct section *sec, const struct standings *s,
                  const struct knockout *ko, struct strbuf *out);

/*
 * Append the ranking as CSV (RFC 4180, UTF-8, CRLF): Place, StartNo,
 * Name, FIDE, Rating, Birth, Region, Club, Coach, Rank, PTS and the
 * tie-break codes.
 */
void results_csv(const struct event *ev, const struct section *sec,
                 const struct standings *s, struct strbuf *out);

/*
 * Write the results of section sec (ranked as s) into the folder dir:
 * results/ID.json (results_json()) and results/ID.csv (results_csv()),
 * making dir/results when missing; their names inside dir are appended to
 * json_name and csv_name.  Errors: ERR_CREATE (the folder), ERR_CREATE /
 * ERR_IO (a file), with the reason in dl.
 */
enum err results_write(const char *dir, const char *event_id,
                       const struct event *ev, const struct section *sec,
                       const struct standings *s, const struct knockout *ko,
                       struct strbuf *json_name, struct strbuf *csv_name,
                       struct diag_list *dl);

/*
 * The teams of a team competition tr ranked, as CSV (RFC 4180, UTF-8,
 * CRLF): Place, No, Team, Region, Club, Coach, MPTS, GPTS, the tie-break
 * codes and Members (the players in the team's order, "; " between them,
 * the captain marked " (к)"): what the teams' diplomas need.
 */
void results_teams_csv(const struct event *ev, const struct section *sec,
                       const struct section_ranking *tr, struct strbuf *out);
/*
 * The same teams as JSON: per team its place, number, name, region, club,
 * coach, match and game points, tie-breaks (by code) and its members as a
 * list, each with its order in the team and whether captain.
 */
void results_teams_json(const struct event *ev, const struct section *sec,
                        const struct section_ranking *tr, struct strbuf *out);
/* Write both as results/ID-teams.json and results/ID-teams.csv in dir
 * (after results_write(), which makes the folder); their names inside dir
 * are appended to json_name and csv_name. */
enum err results_write_teams(const char *dir, const struct event *ev,
                             const struct section *sec,
                             const struct section_ranking *tr,
                             struct strbuf *json_name, struct strbuf *csv_name,
                             struct diag_list *dl);
/*
 * The rating performance of player index p of t over his rated games
 * against rated opponents: their average rating plus the FIDE difference
 * for the score (table 8.1a of B.02); 0 when there is no such game.  The
 * number of those games into *games (may be NULL).
 */
int results_performance(const struct standings *s, int p, int *games);

/* The wording of what decided a place ("BH/C1", "points", "shared",
 * "play-off"). */
const char *results_decided_by(const struct standings *s, int row);

#endif
