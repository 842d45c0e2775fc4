/* pipeline/render: the documents of a prepared event (render's document
 * table), written all or none.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_RENDER_H
#define PIPELINE_RENDER_H

#include <stddef.h>

#include "util/diag.h"

struct prepared;
struct prepare_options;

/* How the cross table is laid out: as the section's system says, or as
   asked (render --system). */
enum documents_system {
    DOCUMENTS_SYSTEM_AUTO = 0,
    DOCUMENTS_SYSTEM_SWISS,
    DOCUMENTS_SYSTEM_ROUND_ROBIN
};

/* What to write, and where. */
struct documents_request {
    const char *outdir; /* made when missing */
    unsigned chosen;    /* documents_chosen() */
    enum documents_system system;
    const char *templates_dir; /* NULL: where they were installed */
    long long created; /* creation date of the documents (s since 1970) */
    /* Where the archive's site checks a diploma ("https://host/diplomas/";
       its code and ".html" follow), or NULL: a diploma's QR code holds
       its code alone. */
    const char *verify_url;
};

/* A document written: its path, its name inside outdir and its type. */
struct documents_file {
    char *path;
    char *name;
    const char *media_type;
};

struct documents_written {
    struct documents_file *files; /* in place */
    size_t n;
    /* After a failure: the document that was not made (path NULL when the
       failure came before any) and how many were made, then discarded. */
    char *failed_path;
    const char *failed_document;
    size_t discarded;
};

/* The documents by name, in the order they are made (--only, the
   completion): documents_name(i) for i < documents_count(); a group that
   is not also a document's name starts at i when documents_group(i) is
   not NULL ("diplomas", "mandate"). */
size_t documents_count(void);
const char *documents_name(size_t i);
const char *documents_group(size_t i);
/* The documents (bits) that name or its group is; 0 when none. */
unsigned documents_select(const char *name);

/*
 * The documents to make of the event as o prepares it: only (bits;
 * 0: every one), where the documents of the whole event (the report, the
 * mandate commission's) and the diplomas are left out when o chooses a
 * section, an interim ranking (--rounds) or the players of a team
 * competition, unless only names them.
 */
unsigned documents_chosen(unsigned only, const struct prepare_options *o);
/*
 * The prepare flags the documents need: PREPARE_RESULTS_OPTIONAL when
 * every one is made before the first round (the mandate commission's).
 */
unsigned documents_prepare_flags(unsigned chosen);

/*
 * Write the documents rq->chosen of every section of p that has results,
 * and of the event, into rq->outdir: every one in place (listed in out)
 * or none.  Errors: ERR_NOINPUT / ERR_PARSE (templates, fonts), ERR_RENDER
 * (the input makes no document), ERR_CREATE / ERR_IO (the files), with
 * the document that failed in out.  Release out in any case.
 */
enum err documents_write(const struct prepared *p,
                         const struct documents_request *rq,
                         struct documents_written *out, struct diag_list *dl);
void documents_written_release(struct documents_written *out);

#endif
