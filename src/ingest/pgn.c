/* ingest/pgn: a streaming PGN reader checking every move, and the
 * export-format writer.
 * SPDX-License-Identifier: MIT
 */
#include "ingest/pgn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "util/i18n.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The chunk read at a time, and how far ahead a token may look. */
#define CHUNK (256 * 1024)
#define LOOK  512
/* The bounds of what one game may hold. */
#define MAX_TOKEN    255
#define MAX_VALUE    (64 * 1024)
#define MAX_TAG_TEXT (1024 * 1024)
#define MAX_TAGS     1000
#define MAX_PLIES    200000

/* ------------------------------------------------------------------ */
/* Games                                                               */
/* ------------------------------------------------------------------ */

void pgn_game_init(struct pgn_game *g)
{
    memset(g, 0, sizeof(*g));
    strbuf_init(&g->text, 0);
    strbuf_init(&g->notes, 0);
    chess_pos_start(&g->start);
}

void pgn_game_release(struct pgn_game *g)
{
    strbuf_release(&g->text);
    strbuf_release(&g->notes);
    free(g->tags);
    free(g->moves);
    free(g->note);
    pgn_game_init(g);
}

void pgn_game_reset(struct pgn_game *g)
{
    strbuf_reset(&g->text);
    strbuf_reset(&g->notes);
    g->nr_tags = 0;
    g->nr_moves = 0;
    g->nr_notes = 0;
    g->line = 0;
    g->result[0] = '\0';
    g->errors = 0;
    chess_pos_start(&g->start);
}

const char *pgn_game_tag_name(const struct pgn_game *g, size_t i)
{
    return g->text.buf + g->tags[2 * i];
}

const char *pgn_game_tag_value(const struct pgn_game *g, size_t i)
{
    return g->text.buf + g->tags[2 * i + 1];
}

const char *pgn_game_tag(const struct pgn_game *g, const char *name)
{
    size_t i;

    for (i = 0; i < g->nr_tags; i++)
        if (!strcmp(pgn_game_tag_name(g, i), name))
            return pgn_game_tag_value(g, i);
    return NULL;
}

/* Add a tag of name and value (len bytes), both copied. */
static void add_tag(struct pgn_game *g, const char *name, const char *value,
                    size_t len)
{
    ALLOC_GROW(g->tags, 2 * g->nr_tags + 2, g->alloc_tags);
    g->tags[2 * g->nr_tags] = g->text.len;
    strbuf_add(&g->text, name, strlen(name) + 1);
    g->tags[2 * g->nr_tags + 1] = g->text.len;
    strbuf_add(&g->text, value, len);
    strbuf_addch(&g->text, '\0');
    g->nr_tags++;
}

void pgn_game_set_tag(struct pgn_game *g, const char *name, const char *value)
{
    size_t i;

    for (i = 0; i < g->nr_tags; i++)
        if (!strcmp(pgn_game_tag_name(g, i), name)) {
            g->tags[2 * i + 1] = g->text.len;
            strbuf_add(&g->text, value, strlen(value) + 1);
            return;
        }
    add_tag(g, name, value, strlen(value));
}

void pgn_game_add_move(struct pgn_game *g, const struct chess_move *m)
{
    ALLOC_GROW(g->moves, g->nr_moves + 1, g->alloc_moves);
    g->moves[g->nr_moves++] = *m;
}

/* The note of ply: its index, or where it would be inserted (*found 0). */
static size_t note_find(const struct pgn_game *g, size_t ply, int *found)
{
    size_t lo = 0, hi = g->nr_notes;

    /* the reader adds after the last note, or to it */
    if (hi && g->note[hi - 1].ply <= ply) {
        *found = g->note[hi - 1].ply == ply;
        return *found ? hi - 1 : hi;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (g->note[mid].ply < ply)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < g->nr_notes && g->note[lo].ply == ply;
    return lo;
}

/* The note of ply, made when missing. */
static struct pgn_note *note_at(struct pgn_game *g, size_t ply)
{
    int found;
    size_t i = note_find(g, ply, &found);

    if (!found) {
        ALLOC_GROW(g->note, g->nr_notes + 1, g->alloc_notes);
        memmove(g->note + i + 1, g->note + i,
                (g->nr_notes - i) * sizeof(*g->note));
        g->nr_notes++;
        memset(&g->note[i], 0, sizeof(g->note[i]));
        g->note[i].ply = ply;
    }
    return &g->note[i];
}

/* A byte a comment keeps as a blank: white space, a control character. */
static int comment_blank(unsigned char c)
{
    return c <= ' ' || c == 0x7F;
}

void pgn_game_add_comment(struct pgn_game *g, size_t ply, const char *text,
                          size_t len)
{
    struct pgn_note *n;
    size_t i;
    int blank = 0, words = 0;

    for (i = 0; i < len; i++)
        if (!comment_blank((unsigned char)text[i]) && text[i] != '}')
            break;
    if (i == len)
        return; /* nothing to keep */
    n = note_at(g, ply);
    if (n->comment) {
        size_t at = n->comment - 1, old = strlen(g->notes.buf + at);
        if (at + old + 1 == g->notes.len) {
            strbuf_setlen(&g->notes, at + old); /* the last: go on */
        } else {
            strbuf_grow(&g->notes, old + 1); /* a copy at the end */
            n->comment = g->notes.len + 1;
            strbuf_add(&g->notes, g->notes.buf + at, old);
        }
        blank = words = 1;
    } else {
        n->comment = g->notes.len + 1;
    }
    while (i < len) {
        unsigned char c = (unsigned char)text[i];
        size_t j = i + 1;
        if (comment_blank(c)) {
            blank = words;
        } else if (c != '}') {
            /* a word, or the part of one before a '}' */
            while (j < len && !comment_blank((unsigned char)text[j]) &&
                   text[j] != '}')
                j++;
            if (blank)
                strbuf_addch(&g->notes, ' ');
            strbuf_add(&g->notes, text + i, j - i);
            blank = 0;
            words = 1;
        }
        i = j;
    }
    strbuf_addch(&g->notes, '\0');
}

void pgn_game_add_nag(struct pgn_game *g, size_t ply, unsigned nag)
{
    struct pgn_note *n;
    size_t k;

    if (!ply || nag < 1 || nag > 255)
        return;
    n = note_at(g, ply);
    for (k = 0; k < PGN_NAGS && n->nags[k]; k++)
        if (n->nags[k] == nag)
            return;
    if (k < PGN_NAGS)
        n->nags[k] = (unsigned char)nag;
}

const char *pgn_game_comment(const struct pgn_game *g, size_t ply)
{
    int found;
    size_t i = note_find(g, ply, &found);

    if (!found || !g->note[i].comment)
        return NULL;
    return g->notes.buf + g->note[i].comment - 1;
}

const unsigned char *pgn_game_nags(const struct pgn_game *g, size_t ply)
{
    int found;
    size_t i = note_find(g, ply, &found);

    return found ? g->note[i].nags : (const unsigned char *)"";
}

/* ------------------------------------------------------------------ */
/* The export format                                                   */
/* ------------------------------------------------------------------ */

static const char *const roster[7] = {"Event", "Site",  "Date",  "Round",
                                      "White", "Black", "Result"};

static void write_tag(struct strbuf *out, const char *name, const char *value)
{
    const char *s;

    strbuf_addf(out, "[%s \"", name);
    for (s = value; *s; s++) {
        if (*s == '"' || *s == '\\')
            strbuf_addch(out, '\\');
        strbuf_addch(out, *s);
    }
    strbuf_addstr(out, "\"]\n");
}

/* The characters of s (len bytes of UTF-8). */
static size_t chars(const char *s, size_t len)
{
    size_t i, n = 0;

    for (i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/*
 * Add token to the movetext, starting a new line past 79 characters
 * (*cols: the characters of the line so far).  A line that would begin
 * with '[' or '%' (a comment's word) begins with a blank instead: at a
 * line's start they are a tag and an escape.
 */
static void put_token(struct strbuf *out, size_t *cols, const char *token,
                      size_t len)
{
    size_t width = chars(token, len);

    if (*cols && *cols + 1 + width > 79) {
        strbuf_addch(out, '\n');
        *cols = 0;
    } else if (*cols) {
        strbuf_addch(out, ' ');
        ++*cols;
    }
    if (!*cols && (*token == '[' || *token == '%')) {
        strbuf_addch(out, ' ');
        ++*cols;
    }
    strbuf_add(out, token, len);
    *cols += width;
}

/* The most characters of a comment's word on a line (one is left for
   put_token's blank). */
#define WORD_MAX 78

/*
 * Add comment text ({...}) to the movetext a word at a time (text is a
 * line of words: pgn_game_add_comment).  A word longer than a line is
 * cut into pieces that fill one each (read back, they are words).
 */
static void put_comment(struct strbuf *out, size_t *cols, const char *text,
                        struct strbuf *tok)
{
    const char *p = text, *end;
    size_t len, cut, n;

    while (*p) {
        end = strchr(p, ' ');
        if (!end)
            end = p + strlen(p);
        strbuf_reset(tok);
        if (p == text)
            strbuf_addch(tok, '{');
        strbuf_add(tok, p, (size_t)(end - p));
        if (!*end)
            strbuf_addch(tok, '}');
        for (p = tok->buf, len = tok->len; chars(p, len) > WORD_MAX;
             p += cut, len -= cut) {
            for (cut = 0, n = 0; n < WORD_MAX; n++) /* WORD_MAX characters */
                for (cut++; ((unsigned char)p[cut] & 0xC0) == 0x80; cut++)
                    ;
            put_token(out, cols, p, cut);
        }
        put_token(out, cols, p, len);
        p = *end ? end + 1 : end;
    }
}

/* Add note of g to the movetext: its NAGs, then its comment; 1 when it
   had a comment. */
static int put_note(struct strbuf *out, size_t *cols, const struct pgn_game *g,
                    const struct pgn_note *note, struct strbuf *tok)
{
    size_t k;

    for (k = 0; k < PGN_NAGS && note->nags[k]; k++) {
        strbuf_reset(tok);
        strbuf_addf(tok, "$%u", note->nags[k]);
        put_token(out, cols, tok->buf, tok->len);
    }
    if (!note->comment || !g->notes.buf[note->comment - 1])
        return 0;
    put_comment(out, cols, g->notes.buf + note->comment - 1, tok);
    return 1;
}

void pgn_write(const struct pgn_game *g, struct strbuf *out)
{
    struct strbuf tok = STRBUF_INIT;
    struct chess_pos p = g->start;
    const char *result = g->result[0] ? g->result : pgn_game_tag(g, "Result");
    size_t i, j, n = 0, cols = 0;
    int commented = 0;

    if (!result || (strcmp(result, "1-0") && strcmp(result, "0-1") &&
                    strcmp(result, "1/2-1/2")))
        result = "*";
    for (i = 0; i < 7; i++) {
        const char *v = i == 6 ? result : pgn_game_tag(g, roster[i]);
        if (!v)
            v = i == 2 ? "????.??.??" : "?";
        write_tag(out, roster[i], v);
    }
    for (i = 0; i < g->nr_tags; i++) {
        const char *name = pgn_game_tag_name(g, i);
        for (j = 0; j < 7; j++)
            if (!strcmp(name, roster[j]))
                break;
        if (j < 7 || pgn_game_tag(g, name) != pgn_game_tag_value(g, i))
            continue; /* the roster's, or a name seen before */
        write_tag(out, name, pgn_game_tag_value(g, i));
    }
    strbuf_addch(out, '\n');
    /* the notes in order of their plies, n the next */
    if (n < g->nr_notes && g->note[n].ply == 0)
        commented = put_note(out, &cols, g, &g->note[n++], &tok);
    for (i = 0; i < g->nr_moves; i++) {
        strbuf_reset(&tok);
        if (p.side == CHESS_WHITE)
            strbuf_addf(&tok, "%u.", p.fullmove);
        else if (i == 0 || commented)
            strbuf_addf(&tok, "%u...", p.fullmove);
        if (tok.len)
            strbuf_addch(&tok, ' '); /* a number stays with its move */
        chess_san_write(&p, &g->moves[i], &tok);
        put_token(out, &cols, tok.buf, tok.len);
        chess_make(&p, &g->moves[i]);
        commented = 0;
        while (n < g->nr_notes && g->note[n].ply <= i)
            n++; /* none of a move (ply 0 aside) */
        if (n < g->nr_notes && g->note[n].ply == i + 1)
            commented = put_note(out, &cols, g, &g->note[n++], &tok);
    }
    put_token(out, &cols, result, strlen(result));
    strbuf_addstr(out, "\n\n");
    strbuf_release(&tok);
}

/* ------------------------------------------------------------------ */
/* The reader: bytes                                                   */
/* ------------------------------------------------------------------ */

struct pgn_reader {
    FILE *fp;
    char *name;
    char *own;       /* the chunk buffer (NULL when reading memory) */
    const char *buf; /* the bytes at hand: buf[pos..end) */
    size_t pos, end;
    int eof;        /* nothing more to read past end */
    int failed;     /* reading stopped: not PGN, or an I/O error */
    int read_error; /* errno of a failed read */
    unsigned line, col;
    enum encoding enc, guessed;
    size_t games;
    struct strbuf value; /* a tag value or a comment as read */
    struct strbuf conv;  /* a comment converted to UTF-8 */
    struct strbuf fen;   /* for messages */
};

static struct pgn_reader *reader_new(const char *name, enum encoding enc)
{
    struct pgn_reader *r = xcalloc(1, sizeof(*r));

    r->name = xstrdup(name);
    r->line = 1;
    r->col = 1;
    r->enc = enc;
    r->guessed = ENC_AUTO;
    strbuf_init(&r->value, 0);
    strbuf_init(&r->conv, 0);
    strbuf_init(&r->fen, 0);
    return r;
}

struct pgn_reader *pgn_reader_open(const char *path, enum encoding enc,
                                   struct diag_list *dl)
{
    const char *why = file_not_regular(path);
    struct pgn_reader *r;
    FILE *fp;

    if (why) {
        diag_error(dl, path, 0, 0, "%s", _(why));
        return NULL;
    }
    fp = fopen(path, "rb");
    if (!fp) {
        diag_error(dl, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    r = reader_new(path, enc);
    r->fp = fp;
    r->own = xmalloc(CHUNK + LOOK);
    r->buf = r->own;
    return r;
}

struct pgn_reader *pgn_reader_mem(const char *data, size_t len,
                                  const char *name, enum encoding enc)
{
    struct pgn_reader *r = reader_new(name, enc);

    r->buf = data;
    r->end = len;
    r->eof = 1;
    return r;
}

void pgn_reader_free(struct pgn_reader *r)
{
    if (!r)
        return;
    if (r->fp)
        fclose(r->fp);
    free(r->own);
    free(r->name);
    strbuf_release(&r->value);
    strbuf_release(&r->conv);
    strbuf_release(&r->fen);
    free(r);
}

size_t pgn_reader_games(const struct pgn_reader *r)
{
    return r->games;
}

/* Where byte off of the buffer is, counted on from the reader's place. */
static void locate(const struct pgn_reader *r, size_t off, unsigned *line,
                   unsigned *col)
{
    size_t i;

    *line = r->line;
    *col = r->col;
    for (i = r->pos; i < off; i++) {
        if (r->buf[i] == '\n') {
            ++*line;
            *col = 1;
        } else if (((unsigned char)r->buf[i] & 0xC0) != 0x80) {
            ++*col;
        }
    }
}

/* Stop reading: the file is binary. */
static void binary(struct pgn_reader *r, size_t at, struct diag_list *dl)
{
    unsigned line, col;

    locate(r, at, &line, &col);
    diag_error(dl, r->name, line, col,
               "binary data (a NUL byte); this is not a PGN file");
    r->failed = 1;
}

/* Read more of the file after the bytes not yet used. */
static void refill(struct pgn_reader *r, struct diag_list *dl)
{
    size_t keep = r->end - r->pos, n;
    const char *nul;

    if (r->eof || r->failed)
        return;
    memmove(r->own, r->own + r->pos, keep);
    r->pos = 0;
    r->end = keep;
    n = fread(r->own + keep, 1, CHUNK + LOOK - keep, r->fp);
    if (n == 0) {
        if (ferror(r->fp)) {
            diag_error(dl, r->name, r->line, 0, "read failed: %s",
                       strerror(errno));
            r->failed = 1;
            r->read_error = 1;
        }
        r->eof = 1;
        return;
    }
    nul = memchr(r->own + keep, '\0', n);
    r->end += n;
    if (nul)
        binary(r, (size_t)(nul - r->own), dl);
}

/* The next byte (0..255), or -1 at the end; LOOK bytes are at hand. */
static inline int peek(struct pgn_reader *r, struct diag_list *dl)
{
    if (r->end - r->pos < LOOK && !r->eof)
        refill(r, dl);
    if (r->failed || r->pos >= r->end)
        return -1;
    return (unsigned char)r->buf[r->pos];
}

/* The byte ahead bytes after the next one, or -1 (ahead < LOOK). */
static inline int peek_at(const struct pgn_reader *r, size_t ahead)
{
    return r->pos + ahead < r->end ? (unsigned char)r->buf[r->pos + ahead] : -1;
}

/* Use the next byte, counting lines (LF, CRLF, CR) and columns. */
static inline void skip1(struct pgn_reader *r)
{
    unsigned char c = (unsigned char)r->buf[r->pos++];

    if (c == '\n' ||
        (c == '\r' && (r->pos >= r->end || r->buf[r->pos] != '\n'))) {
        r->line++;
        r->col = 1;
    } else if ((c & 0xC0) != 0x80 && c != '\r') {
        r->col++;
    }
}

/* Skip to the end of the line (the line end kept). */
static void skip_line(struct pgn_reader *r, struct diag_list *dl)
{
    int c;

    while ((c = peek(r, dl)) >= 0 && c != '\n' && c != '\r')
        skip1(r);
}

/* 1 when a tag begins at the reader's place: '[', a name, blanks, '"'. */
static int tag_ahead(const struct pgn_reader *r)
{
    size_t i = 1;
    int c;

    if (peek_at(r, 0) != '[')
        return 0;
    while ((c = peek_at(r, i)) >= 0 && i < LOOK &&
           ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
            (c >= '0' && c <= '9') || c == '_'))
        i++;
    if (i == 1 || (peek_at(r, i) != ' ' && peek_at(r, i) != '\t'))
        return 0;
    while (peek_at(r, i) == ' ' || peek_at(r, i) == '\t')
        i++;
    return peek_at(r, i) == '"';
}

/* The text of a tag value or comment as UTF-8: appended to out. */
static void to_utf8(struct pgn_reader *r, const char *s, size_t len,
                    struct strbuf *out)
{
    enum encoding e = r->enc;

    if (e == ENC_AUTO || e == ENC_UTF8) {
        if (utf8_valid(s, len, NULL)) {
            strbuf_add(out, s, len);
            return;
        }
        if (r->guessed == ENC_AUTO) {
            r->guessed = encoding_detect(r->buf, r->end);
            if (r->guessed == ENC_UTF8)
                r->guessed = encoding_detect(s, len);
            if (r->guessed == ENC_UTF8)
                r->guessed = ENC_LATIN1;
        }
        e = r->guessed;
    }
    encoding_to_utf8(out, s, len, e);
}

/* ------------------------------------------------------------------ */
/* The reader: games                                                   */
/* ------------------------------------------------------------------ */

/* What one game's reading knows. */
struct state {
    struct pgn_game *g;
    struct chess_pos pos;
    int began;     /* the movetext has begun (pos set up) */
    int broken;    /* a move failed: the others are not played */
    int junk;      /* an unexpected character was reported */
    int something; /* a tag or a token was read */
    int tags_full; /* too many tags were reported */
    int notes_cut; /* comments past PGN_COMMENTS were reported */
    unsigned fen_line, last_tag_line;
    unsigned result_line, result_col; /* where the movetext's result is */
};

static int is_name_char(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '_';
}

/* Read a tag line at '['. */
static void read_tag(struct pgn_reader *r, struct state *st,
                     struct diag_list *dl)
{
    char name[MAX_TOKEN + 1];
    size_t n = 0;
    unsigned line = r->line, col = r->col, vcol;
    int c, quoted = 0, closed = 0, too_long = 0;

    skip1(r);
    while ((c = peek(r, dl)) == ' ' || c == '\t')
        skip1(r);
    while ((c = peek(r, dl)) >= 0 && is_name_char(c)) {
        if (n < MAX_TOKEN)
            name[n++] = (char)c;
        skip1(r);
    }
    name[n] = '\0';
    if (!n) {
        diag_error(dl, r->name, line, col, "a tag without a name");
        st->g->errors++;
        skip_line(r, dl);
        st->last_tag_line = r->line;
        return;
    }
    while ((c = peek(r, dl)) == ' ' || c == '\t')
        skip1(r);
    vcol = r->col;
    strbuf_reset(&r->value);
    if (c == '"') {
        quoted = 1;
        skip1(r);
    }
    while ((c = peek(r, dl)) >= 0 && c != '\n' && c != '\r') {
        if (quoted && c == '"') {
            skip1(r);
            closed = 1;
            break;
        }
        if (!quoted && c == ']')
            break;
        if (quoted && c == '\\' &&
            (peek_at(r, 1) == '"' || peek_at(r, 1) == '\\')) {
            skip1(r);
            c = peek(r, dl);
        }
        if (r->value.len < MAX_VALUE)
            strbuf_addch(&r->value, c);
        else
            too_long = 1;
        skip1(r);
    }
    if (quoted && !closed) {
        diag_error(dl, r->name, line, vcol,
                   "the value of tag '%s' has no closing '\"'", name);
        st->g->errors++;
        /* The value up to the line's end, but a last ']' and blanks. */
        strbuf_rtrim(&r->value);
        if (r->value.len && r->value.buf[r->value.len - 1] == ']')
            strbuf_setlen(&r->value, r->value.len - 1);
        strbuf_rtrim(&r->value);
    } else if (!quoted) {
        strbuf_rtrim(&r->value);
        diag_warning(dl, r->name, line, vcol,
                     "the value of tag '%s' is not in quotes", name);
    }
    if (too_long) {
        diag_error(dl, r->name, line, vcol,
                   "the value of tag '%s' is longer than %d bytes; the rest "
                   "is left out",
                   name, MAX_VALUE);
        st->g->errors++;
    }
    while ((c = peek(r, dl)) == ' ' || c == '\t')
        skip1(r);
    if (c == ']') {
        skip1(r);
    } else if (!quoted || closed) {
        diag_error(dl, r->name, r->line, r->col,
                   "tag '%s' does not end with ']'", name);
        st->g->errors++;
    }
    skip_line(r, dl);
    if (!strcmp(name, "FEN"))
        st->fen_line = line;
    st->last_tag_line = r->line;
    if (st->g->nr_tags >= MAX_TAGS || st->g->text.len > MAX_TAG_TEXT) {
        if (!st->tags_full) {
            diag_error(dl, r->name, line, col,
                       "a game with more than %d tags or %d bytes of them; "
                       "the others are left out",
                       MAX_TAGS, MAX_TAG_TEXT);
            st->g->errors++;
            st->tags_full = 1;
        }
        return;
    }
    {
        struct strbuf v = STRBUF_INIT;
        to_utf8(r, r->value.buf, r->value.len, &v);
        add_tag(st->g, name, v.buf, v.len);
        strbuf_release(&v);
    }
}

/* Report a comment (brace 1) or a variation begun at line:col that never
   ends. */
static void unclosed(struct pgn_reader *r, struct state *st, int brace,
                     unsigned line, unsigned col, struct diag_list *dl)
{
    if (r->failed)
        return;
    if (brace)
        diag_error(dl, r->name, line, col, "a comment '{' without its '}'");
    else
        diag_error(dl, r->name, line, col, "a variation '(' without its ')'");
    st->g->errors++;
}

/*
 * Use the bytes at the reader's place up to a line's end (or a '}' when
 * brace; the first is neither): into keep, when not NULL, up to max bytes
 * (more sets *cut).
 */
static void take_run(struct pgn_reader *r, int brace, struct strbuf *keep,
                     size_t max, int *cut)
{
    size_t i, n, room;
    unsigned cols = 0;

    for (i = r->pos; i < r->end; i++) {
        unsigned char c = (unsigned char)r->buf[i];
        if (c == '\n' || c == '\r' || (brace && c == '}'))
            break;
        cols += (c & 0xC0) != 0x80;
    }
    n = i - r->pos;
    if (keep) {
        room = keep->len < max ? max - keep->len : 0;
        if (n > room)
            *cut = 1;
        strbuf_add(keep, r->buf + r->pos, n < room ? n : room);
    }
    r->pos = i;
    r->col += cols;
}

/*
 * Skip a comment at '{' (into keep, when not NULL, up to max bytes; more
 * sets *cut); report one that never ends.
 */
static void skip_comment(struct pgn_reader *r, struct state *st,
                         struct strbuf *keep, size_t max, int *cut,
                         struct diag_list *dl)
{
    unsigned line = r->line, col = r->col;
    int c, at_line_start = 0;

    skip1(r);
    while ((c = peek(r, dl)) >= 0) {
        if (c == '}') {
            skip1(r);
            return;
        }
        if (at_line_start && c == '[' && tag_ahead(r))
            break;
        at_line_start = c == '\n' || c == '\r';
        if (!at_line_start) {
            take_run(r, 1, keep, max, cut);
            continue;
        }
        if (keep && keep->len < max)
            strbuf_addch(keep, c);
        skip1(r);
    }
    unclosed(r, st, 1, line, col, dl);
}

/* A cut comment's last character, when it is UTF-8 cut short, left out. */
static void cut_utf8(struct strbuf *sb)
{
    size_t k;

    if (utf8_valid(sb->buf, sb->len, NULL))
        return;
    for (k = 1; k < 4 && k <= sb->len; k++)
        if (utf8_valid(sb->buf, sb->len - k, NULL)) {
            strbuf_setlen(sb, sb->len - k);
            return;
        }
}

/*
 * Read a comment at '{' or ';' (to the line's end) into the game's notes
 * after its last move, unless its moves stopped; past PGN_COMMENTS bytes
 * of comments in the game the rest is cut, with one warning.
 */
static void read_comment(struct pgn_reader *r, struct state *st,
                         struct diag_list *dl)
{
    struct pgn_game *g = st->g;
    unsigned line = r->line, col = r->col;
    size_t max = g->notes.len < PGN_COMMENTS ? PGN_COMMENTS - g->notes.len : 0;
    struct strbuf *text = &r->value;
    int c, cut = 0;

    strbuf_reset(text);
    if (peek(r, dl) == '{') {
        skip_comment(r, st, st->broken ? NULL : text, max, &cut, dl);
    } else {
        skip1(r);
        while ((c = peek(r, dl)) >= 0 && c != '\n' && c != '\r')
            take_run(r, 0, text, max, &cut);
    }
    if (st->broken || r->failed)
        return;
    if (cut)
        cut_utf8(text);
    if ((r->enc != ENC_AUTO && r->enc != ENC_UTF8) ||
        !utf8_valid(text->buf, text->len, NULL)) {
        strbuf_reset(&r->conv);
        to_utf8(r, text->buf, text->len, &r->conv);
        text = &r->conv;
    }
    pgn_game_add_comment(g, g->nr_moves, text->buf, text->len);
    if (g->notes.len > PGN_COMMENTS + 1) {
        /* longer in UTF-8: the last comment cut at a character */
        size_t end = PGN_COMMENTS;
        while (end && ((unsigned char)g->notes.buf[end] & 0xC0) == 0x80)
            end--;
        strbuf_setlen(&g->notes, end);
        strbuf_addch(&g->notes, '\0');
        cut = 1;
    }
    if (cut && !st->notes_cut) {
        diag_warning(dl, r->name, line, col,
                     "the game's comments are longer than %d bytes in all; "
                     "the rest is left out",
                     PGN_COMMENTS);
        st->notes_cut = 1;
    }
}

/* Skip a variation at '(', with the variations and comments inside it. */
static void skip_variation(struct pgn_reader *r, struct state *st,
                           struct diag_list *dl)
{
    unsigned line = r->line, col = r->col;
    unsigned long depth = 0;
    int c, at_line_start = 0;

    while ((c = peek(r, dl)) >= 0) {
        if (at_line_start && c == '[' && tag_ahead(r))
            break;
        at_line_start = 0;
        switch (c) {
        case '(':
            depth++;
            skip1(r);
            break;
        case ')':
            skip1(r);
            if (--depth == 0)
                return;
            break;
        case '{':
            skip_comment(r, st, NULL, 0, NULL, dl);
            break;
        case ';':
            skip_line(r, dl);
            break;
        case '\n':
        case '\r':
            at_line_start = 1;
            skip1(r);
            break;
        default:
            skip1(r);
            break;
        }
    }
    unclosed(r, st, 0, line, col, dl);
}

/* Set the game's first position up from its FEN tag, at the movetext. */
static void begin_moves(struct pgn_reader *r, struct state *st,
                        struct diag_list *dl)
{
    const char *fen = pgn_game_tag(st->g, "FEN");
    const char *setup = pgn_game_tag(st->g, "SetUp");

    st->began = 1;
    chess_pos_start(&st->pos);
    if (fen) {
        const char *why = chess_pos_from_fen(&st->pos, fen);
        if (why) {
            diag_error(dl, r->name, st->fen_line, 0,
                       "the FEN tag '%s' is not a position: %s", fen, _(why));
            st->g->errors++;
            st->broken = 1;
            chess_pos_start(&st->pos);
        }
    } else if (setup && !strcmp(setup, "1")) {
        diag_error(dl, r->name, st->g->line, 0,
                   "a game with [SetUp \"1\"] and no FEN tag");
        st->g->errors++;
        st->broken = 1;
    }
    st->g->start = st->pos;
}

static int is_token_char(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '#' ||
           c == '=' || c == ':' || c == '/' || c == '!' || c == '?' ||
           c == '.' || c == '_' || c == '~';
}

static int only_marks(const char *s, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (!strchr("!?+-=/~", s[i]))
            return 0;
    return 1;
}

/* Play the move tok (len bytes) read at line:col; 1 when it was played. */
static int play(struct pgn_reader *r, struct state *st, const char *tok,
                size_t len, unsigned line, unsigned col, struct diag_list *dl)
{
    struct chess_move m;
    enum chess_san_result res;

    if (st->broken)
        return 0;
    if (st->g->nr_moves >= MAX_PLIES) {
        diag_error(dl, r->name, line, col,
                   "a game of more than %d half-moves; the rest is left out",
                   MAX_PLIES);
        st->g->errors++;
        st->broken = 1;
        return 0;
    }
    res = chess_san_parse(&st->pos, tok, len, &m);
    if (res == CHESS_SAN_OK) {
        pgn_game_add_move(st->g, &m);
        chess_make(&st->pos, &m);
        return 1;
    }
    strbuf_reset(&r->fen);
    chess_pos_to_fen(&st->pos, &r->fen);
    switch (res) {
    case CHESS_SAN_SYNTAX:
        diag_error(dl, r->name, line, col, "'%.*s' is not a move (position %s)",
                   (int)len, tok, r->fen.buf);
        break;
    case CHESS_SAN_ILLEGAL:
        diag_error(dl, r->name, line, col, "illegal move '%.*s' (position %s)",
                   (int)len, tok, r->fen.buf);
        break;
    case CHESS_SAN_AMBIGUOUS:
        diag_error(dl, r->name, line, col,
                   "ambiguous move '%.*s' (position %s)", (int)len, tok,
                   r->fen.buf);
        break;
    case CHESS_SAN_OK:
        break;
    }
    st->g->errors++;
    st->broken = 1;
    return 0;
}

/*
 * The NAG of a move's suffix (tok, len bytes, the move or the marks
 * alone): !, ?, !!, ??, !?, ?! are $1 to $6, after or before a '+' or
 * '#'; 0 for any other.
 */
static unsigned suffix_nag(const char *tok, size_t len)
{
    static const char *const marks[] = {"!", "?", "!!", "??", "!?", "?!"};
    char s[3];
    size_t n = 0, k;

    while (len && (tok[len - 1] == '!' || tok[len - 1] == '?' ||
                   tok[len - 1] == '+' || tok[len - 1] == '#')) {
        if (tok[len - 1] != '+' && tok[len - 1] != '#') {
            if (n == 2)
                return 0;
            s[n++] = tok[len - 1];
        }
        len--;
    }
    if (!n)
        return 0;
    if (n == 2) {
        char t = s[0];
        s[0] = s[1];
        s[1] = t;
    }
    s[n] = '\0';
    for (k = 0; k < 6; k++)
        if (!strcmp(s, marks[k]))
            return (unsigned)k + 1;
    return 0;
}

/*
 * Read a token of the movetext: a move number, a move, a result or
 * marks.  Returns 1 when it was the game's result.
 */
static int read_token(struct pgn_reader *r, struct state *st,
                      struct diag_list *dl)
{
    char tok[MAX_TOKEN + 1];
    const char *s = tok;
    size_t n = 0;
    unsigned line = r->line, col = r->col;
    int c;

    while ((c = peek(r, dl)) >= 0 && is_token_char(c)) {
        if (n < MAX_TOKEN)
            tok[n++] = (char)c;
        skip1(r);
    }
    tok[n] = '\0';
    if (!strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2") ||
        !strcmp(tok, "1/2")) {
        memcpy(st->g->result, tok, n + 1);
        st->result_line = line;
        st->result_col = col;
        if (n == 3 && tok[1] == '/')
            memcpy(st->g->result, "1/2-1/2", 8);
        return 1;
    }
    /* A move number: digits and dots, alone or before the move. */
    if (*s >= '0' && *s <= '9') {
        const char *d = s;
        while (*d >= '0' && *d <= '9')
            d++;
        if (*d == '.' || !*d) {
            while (*d == '.')
                d++;
            col += (unsigned)(d - s);
            n -= (size_t)(d - s);
            s = d;
            if (!n)
                return 0;
        }
    }
    if (only_marks(s, n)) {
        if (!st->broken)
            pgn_game_add_nag(st->g, st->g->nr_moves, suffix_nag(s, n));
        return 0;
    }
    if (!strcmp(s, "e.p.") || !strcmp(s, "ep"))
        return 0;
    if (!st->something && !r->games && !st->g->nr_tags) {
        struct chess_move m;
        struct chess_pos start;
        chess_pos_start(&start);
        if (chess_san_parse(&start, s, n, &m) == CHESS_SAN_SYNTAX) {
            diag_error(dl, r->name, line, col,
                       "this is not a PGN file: it begins with '%s', not a "
                       "tag or a move",
                       s);
            r->failed = 1;
            return 0;
        }
    }
    st->something = 1;
    if (!st->began)
        begin_moves(r, st, dl);
    if (play(r, st, s, n, line, col, dl))
        pgn_game_add_nag(st->g, st->g->nr_moves, suffix_nag(s, n));
    return 0;
}

/* Report an unexpected character at the reader's place and skip it. */
static void junk(struct pgn_reader *r, struct state *st, int c,
                 struct diag_list *dl)
{
    unsigned line = r->line, col = r->col;

    skip1(r);
    while ((c & 0x80) && (peek(r, dl) & 0xC0) == 0x80)
        skip1(r);
    if (!st->something && !r->games) {
        diag_error(dl, r->name, line, col,
                   "this is not a PGN file: it begins with neither a tag "
                   "nor a move");
        r->failed = 1;
        return;
    }
    if (st->junk)
        return;
    st->junk = 1;
    st->g->errors++;
    if (c >= 0x21 && c < 0x7F)
        diag_error(dl, r->name, line, col, "unexpected character '%c'", c);
    else
        diag_error(dl, r->name, line, col, "unexpected character (byte 0x%02X)",
                   (unsigned)c);
}

/* Finish a game whose movetext ended without a result. */
static void no_result(struct pgn_reader *r, struct state *st,
                      struct diag_list *dl)
{
    if (st->began || st->g->nr_tags)
        diag_warning(dl, r->name, r->line, r->col,
                     "the game that begins on line %u has no result at the "
                     "end of its moves",
                     st->g->line);
}

/* The result of the game from its movetext and Result tag. */
static void settle_result(struct pgn_reader *r, struct state *st,
                          struct diag_list *dl)
{
    const char *tag = pgn_game_tag(st->g, "Result");

    if (!st->began)
        begin_moves(r, st, dl);
    if (!st->g->result[0]) {
        if (tag && (!strcmp(tag, "1-0") || !strcmp(tag, "0-1") ||
                    !strcmp(tag, "1/2-1/2") || !strcmp(tag, "*")))
            memcpy(st->g->result, tag, strlen(tag) + 1);
    } else if (tag && strcmp(tag, st->g->result)) {
        diag_warning(dl, r->name, st->result_line, st->result_col,
                     "the game ends in '%s' but its Result tag says '%s'",
                     st->g->result, tag);
    }
    if (st->g->nr_moves && !st->broken && st->g->result[0]) {
        enum chess_status s = chess_status(&st->pos);
        const char *want = s == CHESS_STALEMATE          ? "1/2-1/2"
                           : st->pos.side == CHESS_WHITE ? "0-1"
                                                         : "1-0";
        if (s == CHESS_CHECKMATE && strcmp(st->g->result, want))
            diag_warning(dl, r->name, st->result_line, st->result_col,
                         "the game ends in checkmate, a win of %s, but "
                         "its result is '%s'",
                         want, st->g->result);
        else if (s == CHESS_STALEMATE && strcmp(st->g->result, want))
            diag_warning(dl, r->name, st->result_line, st->result_col,
                         "the game ends in stalemate, a draw, but its "
                         "result is '%s'",
                         st->g->result);
    }
}

int pgn_reader_next(struct pgn_reader *r, struct pgn_game *g,
                    struct diag_list *dl)
{
    struct state st;
    int c;

    memset(&st, 0, sizeof(st));
    st.g = g;
    pgn_game_reset(g);
    g->file = r->name;
    if (r->failed)
        return -1;
    if (!r->fp && !r->games && r->pos == 0) {
        const char *nul = memchr(r->buf, '\0', r->end);
        if (nul) {
            binary(r, (size_t)(nul - r->buf), dl);
            return -1;
        }
    }
    for (;;) {
        c = peek(r, dl);
        if (r->failed)
            return -1;
        if (c < 0)
            break;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
            c == '\v') {
            skip1(r);
            continue;
        }
        if (c == 0xEF && peek_at(r, 1) == 0xBB && peek_at(r, 2) == 0xBF) {
            r->pos += 3; /* a byte-order mark: the start, or files joined */
            continue;
        }
        if (!g->line)
            g->line = r->line;
        if (c == '%' && r->col == 1) {
            skip_line(r, dl);
            continue;
        }
        if (c == '[') {
            /* Moves, or a blank line after tags: the next game. */
            if (st.began || (g->nr_tags && r->line > st.last_tag_line + 1)) {
                no_result(r, &st, dl);
                settle_result(r, &st, dl);
                r->games++;
                return 1;
            }
            st.something = 1;
            read_tag(r, &st, dl);
            continue;
        }
        if (c == '<' && !r->games && !st.something) {
            diag_error(dl, r->name, r->line, r->col,
                       "this is not a PGN file: it begins with '<' (HTML or "
                       "XML?)");
            r->failed = 1;
            return -1;
        }
        switch (c) {
        case '{':
        case ';':
            read_comment(r, &st, dl);
            continue;
        case '(':
            skip_variation(r, &st, dl);
            continue;
        case ')':
            diag_error(dl, r->name, r->line, r->col, "')' without its '('");
            g->errors++;
            skip1(r);
            continue;
        case '$': {
            unsigned nag = 0;
            skip1(r);
            while ((c = peek(r, dl)) >= '0' && c <= '9') {
                if (nag < 1000)
                    nag = nag * 10 + (unsigned)(c - '0');
                skip1(r);
            }
            if (!st.broken)
                pgn_game_add_nag(g, g->nr_moves, nag);
            continue;
        }
        case '*':
            st.result_line = r->line;
            st.result_col = r->col;
            skip1(r);
            memcpy(g->result, "*", 2);
            settle_result(r, &st, dl);
            r->games++;
            return 1;
        default:
            break;
        }
        if (!is_token_char(c)) {
            junk(r, &st, c, dl);
            if (r->failed)
                return -1;
            continue;
        }
        if (read_token(r, &st, dl)) {
            settle_result(r, &st, dl);
            r->games++;
            return 1;
        }
        if (r->failed)
            return -1;
    }
    if (!st.something)
        return 0;
    no_result(r, &st, dl);
    settle_result(r, &st, dl);
    r->games++;
    return 1;
}

enum err pgn_read_file(const char *path, enum encoding enc,
                       int (*fn)(const struct pgn_game *g, void *ctx),
                       void *ctx, struct diag_list *dl)
{
    struct pgn_reader *r = pgn_reader_open(path, enc, dl);
    struct pgn_game g;
    size_t errors = dl->nr_errors;
    enum err ret = ERR_OK;
    int got;

    if (!r)
        return ERR_NOINPUT;
    pgn_game_init(&g);
    while ((got = pgn_reader_next(r, &g, dl)) > 0)
        if (fn && fn(&g, ctx))
            break;
    if (r->read_error)
        ret = ERR_IO;
    else if (dl->nr_errors > errors)
        ret = ERR_PARSE;
    pgn_game_release(&g);
    pgn_reader_free(r);
    return ret;
}
