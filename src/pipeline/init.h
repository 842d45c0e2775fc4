/* pipeline/init: a new event folder: the commented event.ini and the
 * registry's header that 'sekretar init' writes.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_INIT_H
#define PIPELINE_INIT_H

#include "util/diag.h"

/* The files written: event.ini and players.csv (paths, NULL when not). */
struct init_result {
    char *written[2];
};

/*
 * Make the folder dir (when missing) and write in it the skeleton of an
 * event folder: event.ini with every key explained and players.csv with
 * its header, each unless it exists (ERR_CREATE for it, the other still
 * written).  A failing disk takes back what was written (and a folder
 * made), not half a folder.  Release res in any case.
 */
enum err init_event_folder(const char *dir, struct init_result *res,
                           struct diag_list *dl);
void init_result_release(struct init_result *res);

#endif
