/* cli/documents: the documents of an event written into a folder, as the
 * list of files a bundle takes.  The one place 'build' asks for documents.
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_DOCUMENTS_H
#define CLI_DOCUMENTS_H

#include <stddef.h>

#include "archive/bundle.h"

struct ranked;

/* Files made for a bundle; names and paths are owned by the list. */
struct doc_files {
    struct bundle_source *items;
    size_t n, alloc;
};

/* Add a file (name inside the bundle, path on disk; both copied). */
void doc_files_add(struct doc_files *f, const char *name, const char *path,
                   const char *media_type, enum manifest_role role);
void doc_files_release(struct doc_files *f);

/*
 * Write every document of the ranked event into dir (which exists and is
 * empty) and add each to out: per section the machine-readable results
 * (results/NAME.json, results/NAME.csv) and the PDF documents
 * (documents/NAME-ranking.pdf, documents/NAME-crosstable.pdf), dated
 * created (seconds since 1970).  Returns 0, or an exit code after printing
 * why.
 */
int documents_write(const struct ranked *r, const char *event_id,
                    const char *dir, long long created,
                    struct doc_files *out);

#endif
