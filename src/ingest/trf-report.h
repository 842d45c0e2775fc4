/* ingest/trf-report: a section of an event as the FIDE rating report (TRF).
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_TRF_REPORT_H
#define INGEST_TRF_REPORT_H

#include "core/tournament.h"

struct event;
struct section;
struct standings;
struct strbuf;

/*
 * Append section sec of ev, ranked as st, as the TRF of a rating report
 * (UTF-8): the header records 012 (the event's and the section's titles),
 * 022 city, 032 UKR, 042/052 the event's dates, 062 players, 072 rated
 * players, 082 teams, 092 the system, 102 chief arbiter, 112 deputy, 122
 * time control, XXR (TRF-16) or 142 (TRF-26) rounds, 202 the tie-breaks
 * as used; then one 001 record per player with the registry's name
 * ("Surname, Given"), FIDE title, rating, federation, FIDE ID, sex and
 * birth date where the results leave them blank, the points and the rank
 * (place in the ranking order) of st, and the rounds as the results hold
 * them.  latin: names in Cyrillic transliterated (util/name.h).
 */
void trf_write_report(const struct event *ev, const struct section *sec,
                      const struct standings *st, enum trf_version v,
                      int latin, struct strbuf *out);

#endif
