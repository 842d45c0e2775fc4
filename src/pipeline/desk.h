/* pipeline/desk: the secretary's desk, the evening's work as local web
 * pages: the event, its check, its documents, its build into the archive.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_DESK_H
#define PIPELINE_DESK_H

#include "util/http.h"

/* What the desk serves, and to whom. */
struct desk {
    const char *dir;     /* the event folder */
    const char *archive; /* the archive */
    const char *outdir;  /* where the documents are written */
    const char *templates_dir; /* NULL: installed */
    char token[33];      /* the secret of the printed link */
    char csrf[33];       /* the secret of every form */
    char host[64];       /* the Host the link names: "127.0.0.1:PORT" */
    char host2[64];      /* the same as "localhost:PORT" */
    long long created;   /* the documents' creation time (0: now) */
    /* What the pages saw last (desk_handle keeps them; zero them first):
       the state of the inputs (sizes, times and inodes, hashed) the
       pages showed, the standings of that state and what changed in
       them since the state before. */
    char state[65];
    char *standings;
    char *changes;
};

/* Release what desk_handle kept. */
void desk_release(struct desk *d);

/* Make the two secrets from the system's random source; -1 when it has
   none. */
int desk_secrets(struct desk *d);

/* Answer one request (util/http's handler; ctx is the struct desk). */
void desk_handle(void *ctx, const struct http_request *rq,
                 struct http_response *rs);

/* Answer GET /progress (the build's, while desk_handle builds): util/
   http's quick handler; 0 for every other request. */
int desk_quick(void *ctx, const struct http_request *rq,
               struct http_response *rs);

/* The cookie that carries the token. */
#define DESK_COOKIE "sekretar_desk"

#endif
