/* util/strbuf: a growable, always NUL-terminated byte buffer.
 * SPDX-License-Identifier: MIT
 */
#ifndef UTIL_STRBUF_H
#define UTIL_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Invariants: buf is never NULL (an empty strbuf points at a shared empty
 * string until it first grows), buf[len] == '\0', and len < alloc once
 * allocated.  Initialise with STRBUF_INIT or strbuf_init().
 */
struct strbuf {
    size_t alloc;
    size_t len;
    char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT {0, 0, strbuf_slopbuf}

void strbuf_init(struct strbuf *sb, size_t hint);
/* Free the buffer and leave sb empty but usable. */
void strbuf_release(struct strbuf *sb);
/* Hand the buffer to the caller (who frees it); sb is left empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_setlen(struct strbuf *sb, size_t len);
#define strbuf_reset(sb) strbuf_setlen((sb), 0)

void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
/* One byte; inline, for the loops that write a character at a time. */
static inline void strbuf_addch(struct strbuf *sb, int c)
{
    if (sb->len + 1 >= sb->alloc)
        strbuf_grow(sb, 1);
    sb->buf[sb->len++] = (char)c;
    sb->buf[sb->len] = '\0';
}
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
void strbuf_addbuf(struct strbuf *sb, const struct strbuf *other);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void strbuf_addf(struct strbuf *sb, const char *fmt, ...);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* The white space strbuf_trim() and strbuf_rtrim() remove. */
static inline int strbuf_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
           c == '\v';
}

/* A blank inside a line: a space or a tab (isblank() in the C locale). */
static inline int strbuf_is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Remove trailing ASCII whitespace. */
void strbuf_rtrim(struct strbuf *sb);
/* Remove leading and trailing ASCII whitespace. */
void strbuf_trim(struct strbuf *sb);

#endif
