/* pipeline/forget: a person's personal data taken out of the archive on
 * his request, his results kept (name and year of birth), each bundle
 * still verifiable and the removal recorded in it.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_FORGET_H
#define PIPELINE_FORGET_H

#include "util/diag.h"

struct forget_result {
    char *name;       /* the person as the catalogue names him */
    int events;       /* events he played in */
    int rewritten;    /* bundles (versions) rewritten */
    int unchanged;    /* bundles that held nothing more of him */
};

/*
 * Forget person id of the archive at root, under its lock: in every
 * version of every event he played in, his registry row keeps his names,
 * what the documents print and the mandate commission's yes or no, his
 * birth date becomes its year and the columns the program does not read
 * are emptied; his TRF birth dates become their years.  The results and documents are
 * made again from the redacted inputs, as a build made them (the
 * manifest's creation time); what the public site publishes of them must
 * come out byte for byte the same, else nothing is changed.  Each bundle
 * that changed records the removal in its manifest (date, a key of the
 * person, the bundle it replaced, the files that changed) and is
 * committed with the catalogue in one transaction (archive/commit.h);
 * the catalogue keeps his year of birth and one identity across his
 * events.  date: "YYYY-MM-DD", the day of the removal.
 *
 * ERR_DATA with why when there is no such person, a bundle cannot be made
 * again, an input holds his birth date where it cannot be redacted, or a
 * public file would change.
 */
enum err forget_person(const char *root, long long id, const char *date,
                       struct forget_result *res, struct diag_list *dl);
void forget_result_release(struct forget_result *res);

#endif
