/* ingest/playoffs: playoffs.csv, the play-off results a secretary enters.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_PLAYOFFS_H
#define INGEST_PLAYOFFS_H

#include "util/diag.h"

struct csv;
struct event;

/*
 * Read the play-offs of an event from a parsed playoffs.csv: one row per
 * play-off with the columns секція/section (the section's NAME in
 * event.ini), порядок/order (the players' start numbers in finishing order,
 * separated by blanks, '>' or '-': "35 > 7") and optionally
 * примітка/note (how it was played, for the documents).  Each play-off is
 * added to its section.  Problems go to dl at file:line:col.
 */
enum err playoffs_load(const struct csv *c, struct event *ev,
                       struct diag_list *dl);
/* The same from the file at path. */
enum err playoffs_read(const char *path, struct event *ev,
                       struct diag_list *dl);

#endif
