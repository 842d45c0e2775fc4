/* archive/site: the archive as a static website: plain HTML pages in
 * Ukrainian, one CSS file, the documents and bundles to download, an
 * optional search; written from the catalogue and the bundles.
 * SPDX-License-Identifier: MIT
 */
#ifndef ARCHIVE_SITE_H
#define ARCHIVE_SITE_H

#include "util/diag.h"

/* The file in the site's folder that lists what the site wrote. */
#define SITE_STATE_FILE ".sekretar-site"

/* What a run wrote. */
struct site_result {
    long long events, sections, people, diplomas, pages;
    long long files;     /* documents and bundles */
    long long written;   /* files whose bytes changed (or were new) */
    long long unchanged; /* files left as they were */
    long long removed;   /* files of an earlier run no longer made */
};

/*
 * Write the site of the archive at root into out (made when missing),
 * holding the archive's shared lock and reading the catalogue in one
 * transaction.  Every file is written under a temporary name and renamed,
 * and only when its bytes differ from what is there, so an unchanged
 * archive changes nothing and a new build rewrites only the pages it
 * changed; files an earlier run wrote that are no longer made (a person
 * merged into another) are removed.  A bundle whose SHA-256 is not the
 * catalogue's, or a document whose bytes are not the manifest's, stops
 * the run (ERR_ARCHIVE).  ERR_NOINPUT when there is no catalogue,
 * ERR_CREATE / ERR_IO when out cannot be written.
 */
enum err site_write(const char *root, const char *out, struct site_result *res,
                    struct diag_list *dl);

#endif
