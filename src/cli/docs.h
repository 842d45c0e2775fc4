/* cli/docs: the documents of every section of a load (an event folder or a
 * lone results file), shared by 'render' and 'build'.
 * SPDX-License-Identifier: MIT
 */
#ifndef CLI_DOCS_H
#define CLI_DOCS_H

#include <stddef.h>

#include "render/render.h"
#include "util/arena.h"

struct load;
struct ranking_overrides;
struct event_ranking;

struct docs_options {
    const char *outdir;             /* made when missing */
    unsigned only;                  /* render_documents[] bits; 0: all */
    enum doc_system system;         /* AUTO: as the section says */
    const struct ranking_overrides *rules; /* command-line rules, or NULL */
    /* The sections already ranked (per ld->items[i]), or NULL: each is
       ranked here with its rules and o->rules. */
    const struct event_ranking *ranking;
    const char *templates_dir;      /* NULL: found as docs_data_dir() */
    long long created;              /* creation date of the PDFs */
    int quiet;                      /* do not print the files written */
};

/* A file written: its path, and its name inside outdir. */
struct docs_file {
    char *path;
    char *name;
    const char *section;  /* section id or the file's stem */
    const char *document; /* "ranking", "crosstable" (static) */
};

struct docs_output {
    struct docs_file *files;
    size_t n, alloc;
    struct arena arena; /* the files' section names */
};

/*
 * Render the documents of every section of ld into o->outdir, named
 * SECTION-DOCUMENT.pdf (a lone file: its name without the extension
 * instead of SECTION), with each section's rules (cli/rules.h) and
 * play-offs, its registry data (region, rank, coach, birth year) and the
 * event's header and signatories.  Appends what was written to out.
 * Returns an exit code; on failure the problem is printed and no
 * half-written file is left.
 */
int docs_render(const struct load *ld, const struct docs_options *o,
                struct docs_output *out);
void docs_output_release(struct docs_output *out);

/*
 * Where the templates or fonts (sub) are: env, else SEKRETAR_DATADIR/sub,
 * next to the program (a build tree), ../share/sekretar/sub from it, or
 * the installed share directory.  Returns a string to free.
 */
char *docs_data_dir(const char *sub, const char *env);

/*
 * The creation date of documents and bundles: SEKRETAR_TEST_DATE (a
 * date), SOURCE_DATE_EPOCH (seconds), or now.  Returns -1 after printing
 * why a variable cannot be read.
 */
int docs_creation_time(long long *out);

#endif
