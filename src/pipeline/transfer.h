/* pipeline/transfer: an event's bundle out of the archive (export) and a
 * bundle into it (import), on the same commit as a build.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_TRANSFER_H
#define PIPELINE_TRANSFER_H

#include <stddef.h>

#include "util/diag.h"

struct transfer_result {
    int version;       /* exported or imported */
    size_t files;      /* exported */
    int already;       /* import: the archive already holds this bundle */
    char *relpath;     /* import: the bundle in the archive */
};

/*
 * Unpack version (0: the current one) of event_id of the archive root
 * into the folder out (absent or empty), after checking the bundle against
 * its manifest and the catalogue's record; a failure leaves no half
 * export.  ERR_NOINPUT (no such event or version), ERR_DATA (the bundle
 * is not the one recorded, or does not match its manifest), ERR_CREATE
 * (out exists and is not empty, or cannot be made), ERR_IO.
 */
enum err transfer_export(const char *root, const char *event_id, int version,
                         const char *out, struct transfer_result *res,
                         struct diag_list *dl);

/*
 * Take the bundle zip into the archive root as the next version of its
 * event: checked against its manifest, unpacked and prepared as an event
 * folder (an event with errors is refused), its id checked against the
 * event's start date, and committed as a build commits.  ERR_NOINPUT (no
 * such file), ERR_DATA (refused: why in dl), the store's errors.
 */
enum err transfer_import(const char *root, const char *zip,
                         struct transfer_result *res, struct diag_list *dl);
void transfer_result_release(struct transfer_result *res);

#endif
