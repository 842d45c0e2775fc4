/* util/http: a small local HTTP server (GNU libmicrohttpd, behind this one
 * file) for the secretary's desk.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_HTTP_H
#define UTIL_HTTP_H

#include <stddef.h>

#include "util/strbuf.h"

/* A request as the handler sees it; every string is valid during the
   call only. */
struct http_request {
    const char *method; /* "GET", "POST", ... */
    const char *path;   /* "/check", not decoded beyond %XX */
    const char *host;   /* the Host header, "" when none */
    const char *cookie; /* the value of the cookie named by http_serve */
    const char *body;   /* a POST's body (NUL-terminated), "" when none */
    size_t body_len;
    int body_too_large; /* the body was over the limit and is dropped */
    void *conn;         /* for http_arg() */
};

/* The value of the query argument name ("?t=..."), or NULL. */
const char *http_arg(const struct http_request *rq, const char *name);

/* The answer: status, media type and body, or a file to send. */
struct http_response {
    int status;               /* 200 unless set */
    const char *content_type; /* "text/html; charset=utf-8" unless set */
    struct strbuf body;
    const char *file;         /* send this file instead of body */
    const char *disposition;  /* Content-Disposition, or NULL */
    const char *location;     /* a redirect's Location, or NULL */
    const char *set_cookie;   /* Set-Cookie, or NULL */
};

typedef void (*http_handler)(void *ctx, const struct http_request *rq,
                             struct http_response *rs);
/* A handler that may answer while the other one is busy (it shares no
   state with it but what it locks itself): 1 when it answered. */
typedef int (*http_quick_handler)(void *ctx, const struct http_request *rq,
                                  struct http_response *rs);

struct http_server;

/*
 * Listen on addr (an IPv4 address, "127.0.0.1") and port (0: a free one)
 * and answer every request with handler, one at a time, in threads of
 * the server's (quick, when not NULL, is asked first, outside that
 * turn); bodies over body_limit bytes are dropped (the handler is told).  cookie names the cookie whose value the requests carry.
 * Returns NULL and sets *why (static text, to translate with _()) when it
 * cannot listen.
 */
struct http_server *http_start(const char *addr, unsigned port,
                               size_t body_limit, const char *cookie,
                               http_handler handler,
                               http_quick_handler quick, void *ctx,
                               const char **why);
/* The port it listens on. */
unsigned http_port(const struct http_server *s);
void http_stop(struct http_server *s);

#endif
