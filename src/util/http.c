/* util/http: a small local HTTP server (GNU libmicrohttpd, behind this one
 * file) for the secretary's desk.
 * SPDX-License-Identifier: MIT
 */
#include "util/http.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32 /* the sockets of the one address to listen on */
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#endif

#include <microhttpd.h>

#include "util/i18n.h"
#include "util/os.h"
#include "util/xalloc.h"
#include "util/banned.h"

struct http_server {
    struct MHD_Daemon *d;
    http_handler handler;
    http_quick_handler quick;
    pthread_mutex_t lock; /* one handler at a time */
    void *ctx;
    size_t body_limit;
    char *cookie;
    unsigned port;
};

/* A connection's request body, gathered across the calls. */
struct upload {
    struct strbuf body;
    int too_large;
};

const char *http_arg(const struct http_request *rq, const char *name)
{
    return MHD_lookup_connection_value((struct MHD_Connection *)rq->conn,
                                       MHD_GET_ARGUMENT_KIND, name);
}

static struct MHD_Response *make_response(struct http_response *rs)
{
    struct MHD_Response *r = NULL;

    if (rs->file) {
        int fd = open(rs->file, O_RDONLY | O_CLOEXEC);
        struct stat st;
        if (fd >= 0 && !fstat(fd, &st) && S_ISREG(st.st_mode))
            r = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
        else if (fd >= 0)
            close(fd);
        if (!r) {
            rs->status = 404;
            rs->content_type = "text/plain; charset=utf-8";
            strbuf_reset(&rs->body);
            strbuf_addstr(&rs->body, "not found\n");
        }
    }
    if (!r)
        r = MHD_create_response_from_buffer(rs->body.len, rs->body.buf,
                                            MHD_RESPMEM_MUST_COPY);
    if (!r)
        return NULL;
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
                            rs->content_type ? rs->content_type
                                             : "text/html; charset=utf-8");
    /* The desk's pages are the secretary's own: no cache, no framing,
       no resource of another origin. */
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "SAMEORIGIN");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; frame-ancestors 'self'; "
                            "style-src 'self' 'unsafe-inline'");
    if (rs->disposition)
        MHD_add_response_header(r, "Content-Disposition", rs->disposition);
    if (rs->location)
        MHD_add_response_header(r, MHD_HTTP_HEADER_LOCATION, rs->location);
    if (rs->set_cookie)
        MHD_add_response_header(r, MHD_HTTP_HEADER_SET_COOKIE, rs->set_cookie);
    return r;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn,
                                  const char *url, const char *method,
                                  const char *version, const char *data,
                                  size_t *data_size, void **state)
{
    struct http_server *s = cls;
    struct upload *up = *state;
    struct http_request rq;
    struct http_response rs;
    struct MHD_Response *r;
    enum MHD_Result ret;
    const char *v;

    (void)version;
    if (!up) {
        up = xcalloc(1, sizeof(*up));
        strbuf_init(&up->body, 0);
        *state = up;
        return MHD_YES;
    }
    if (*data_size) {
        if (up->body.len + *data_size > s->body_limit)
            up->too_large = 1;
        else
            strbuf_add(&up->body, data, *data_size);
        *data_size = 0;
        return MHD_YES;
    }
    memset(&rq, 0, sizeof(rq));
    rq.method = method;
    rq.path = url;
    v = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                    MHD_HTTP_HEADER_HOST);
    rq.host = v ? v : "";
    v = MHD_lookup_connection_value(conn, MHD_COOKIE_KIND, s->cookie);
    rq.cookie = v ? v : "";
    rq.body = up->body.buf;
    rq.body_len = up->body.len;
    rq.body_too_large = up->too_large;
    rq.conn = conn;
    memset(&rs, 0, sizeof(rs));
    rs.status = 200;
    strbuf_init(&rs.body, 0);
    if (s->quick && s->quick(s->ctx, &rq, &rs)) {
        r = make_response(&rs);
    } else {
        pthread_mutex_lock(&s->lock);
        s->handler(s->ctx, &rq, &rs);
        r = make_response(&rs); /* copies what the handler kept */
        pthread_mutex_unlock(&s->lock);
    }
    if (!r) {
        strbuf_release(&rs.body);
        return MHD_NO;
    }
    ret = MHD_queue_response(conn, (unsigned)rs.status, r);
    MHD_destroy_response(r);
    strbuf_release(&rs.body);
    return ret;
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **state,
                         enum MHD_RequestTerminationCode why)
{
    struct upload *up = *state;

    (void)cls;
    (void)conn;
    (void)why;
    if (up) {
        strbuf_release(&up->body);
        free(up);
        *state = NULL;
    }
}

struct http_server *http_start(const char *addr, unsigned port,
                               size_t body_limit, const char *cookie,
                               http_handler handler,
                               http_quick_handler quick, void *ctx,
                               const char **why)
{
    struct http_server *s;
    struct sockaddr_in sa;
    const union MHD_DaemonInfo *info;

    memset(&sa, 0, sizeof(sa));
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, addr, &sa.sin_addr) != 1) {
        *why = N_("not an IPv4 address");
        return NULL;
    }
    s = xcalloc(1, sizeof(*s));
    s->handler = handler;
    s->quick = quick;
    s->ctx = ctx;
    pthread_mutex_init(&s->lock, NULL);
    s->body_limit = body_limit;
    s->cookie = xstrdup(cookie);
    /* A thread for each connection, but one handler at a time (the lock):
       the handler needs no locks of its own, and the quick one answers
       while a long request (a build) runs.  No log of the library's own:
       why it cannot listen is the caller's to say. */
    s->d =
        MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD |
                             MHD_USE_THREAD_PER_CONNECTION,
                         (uint16_t)port, NULL, NULL, on_request, s,
                         MHD_OPTION_SOCK_ADDR, &sa, MHD_OPTION_NOTIFY_COMPLETED,
                         on_completed, s, MHD_OPTION_CONNECTION_LIMIT,
                         (unsigned)32, MHD_OPTION_CONNECTION_TIMEOUT,
                         (unsigned)60, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                         (size_t)(256 * 1024), MHD_OPTION_END);
    if (!s->d) {
        *why = N_("cannot listen there (the port taken, or no such "
                  "address)");
        pthread_mutex_destroy(&s->lock);
        free(s->cookie);
        free(s);
        return NULL;
    }
    info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : port;
    return s;
}

unsigned http_port(const struct http_server *s)
{
    return s->port;
}

void http_stop(struct http_server *s)
{
    if (!s)
        return;
    MHD_stop_daemon(s->d);
    pthread_mutex_destroy(&s->lock);
    free(s->cookie);
    free(s);
}
