/* render/pdf: PDF files through libharu: embedded TrueType fonts, pages,
 * measured UTF-8 text, lines.  The only file that includes hpdf.h.
 * SPDX-License-Identifier: MIT
 */
#include "render/pdf.h"
#include "render/fontsubset.h"
#include "render/image.h"
#include "render/pdffix.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hpdf.h>

#include "util/file.h"
#include "util/i18n.h"
#include "util/os.h"
#include "util/sfnt.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Widths of code points below this are cached per font. */
#define WIDTH_CACHE 0x2500

struct pdf_font {
    char *path;
    char *name;     /* libharu's name of the font ("LiberationSans") */
    uint32_t used[PDFFIX_USED_WORDS]; /* code points shown in this face */
    HPDF_Font font;
    int tried;      /* loading was attempted (it may have failed) */
    short *widths;  /* per 1000 em; -1 not looked up yet */
    double ascent;  /* per 1000 em */
    double descent; /* per 1000 em, positive */
};

struct pdf {
    HPDF_Doc doc;
    struct pdf_font fonts[PDF_N_FACES];
    double page_w, page_h; /* portrait */
    double m_left, m_right, m_top, m_bottom;

    HPDF_Page *pages;
    enum pdf_orientation *orient;
    size_t n_pages, pages_alloc, cur;

    /* What the current page's content stream was last told. */
    int in_text;
    int cur_face;
    double cur_size, cur_gray, cur_line;

    /* The sticky error. */
    enum err err;
    struct strbuf msg;
    HPDF_STATUS hpdf_error, hpdf_detail;

    /* Images embedded, by path. */
    struct pdf_image_entry {
        char *path;
        HPDF_Image image;
    } *images;
    size_t n_images, images_alloc;

    struct strbuf scratch;
    /* High bytes of the UTF-16 codes shown, for the ToUnicode maps. */
};

/* ---- errors ---- */

/*
 * libharu calls this for every failure; without a handler it would print
 * and its callers could go on with broken objects.  We only record the
 * first error; every pdf_* function checks for it after calling libharu.
 */
static void on_hpdf_error(HPDF_STATUS error_no, HPDF_STATUS detail_no,
                          void *user_data)
{
    struct pdf *p = user_data;

    if (!p->hpdf_error) {
        p->hpdf_error = error_no;
        p->hpdf_detail = detail_no;
    }
}

static const char *hpdf_error_text(HPDF_STATUS e)
{
    switch (e) {
    case HPDF_FAILD_TO_ALLOC_MEM:
        return N_("out of memory");
    case HPDF_FILE_IO_ERROR:
        return N_("a file could not be read or written");
    case HPDF_FILE_OPEN_ERROR:
        return N_("a file could not be opened");
    case HPDF_INVALID_FONTDEF_DATA:
    case HPDF_TTF_INVALID_CMAP:
    case HPDF_TTF_INVALID_FOMAT:
    case HPDF_TTF_MISSING_TABLE:
    case HPDF_INVALID_TTC_FILE:
        return N_("the font file is not a TrueType font libharu can read");
    case HPDF_TTF_CANNOT_EMBEDDING_FONT:
        return N_("the font does not allow embedding");
    case HPDF_PAGE_INVALID_FONT_SIZE:
        return N_("a font size out of range");
    case HPDF_PAGE_INVALID_SIZE:
        return N_("a page size out of range");
    case HPDF_PAGE_INVALID_GMODE:
        return N_("text and graphics were mixed up (a bug)");
    case HPDF_REAL_OUT_OF_RANGE:
        return N_("a coordinate out of range");
    case HPDF_INVALID_DATE_TIME:
        return N_("a bad creation date");
    case HPDF_ZLIB_ERROR:
        return N_("compression failed");
    case HPDF_STRING_OUT_OF_RANGE:
        return N_("a text too long");
    }
    return N_("the PDF library failed");
}

/*
 * Whose fault a libharu error is: the input's (a font it cannot use, a
 * size or a text out of its range: ERR_RENDER, bad data), the disk's
 * (ERR_IO), or ours (ERR_INTERNAL: a bug).
 */
static enum err hpdf_error_category(HPDF_STATUS e)
{
    switch (e) {
    case HPDF_FILE_IO_ERROR:
    case HPDF_FILE_OPEN_ERROR:
        return ERR_IO;
    case HPDF_INVALID_FONTDEF_DATA:
    case HPDF_TTF_INVALID_CMAP:
    case HPDF_TTF_INVALID_FOMAT:
    case HPDF_TTF_MISSING_TABLE:
    case HPDF_INVALID_TTC_FILE:
    case HPDF_TTF_CANNOT_EMBEDDING_FONT:
    case HPDF_PAGE_INVALID_FONT_SIZE:
    case HPDF_PAGE_INVALID_SIZE:
    case HPDF_REAL_OUT_OF_RANGE:
    case HPDF_INVALID_DATE_TIME:
    case HPDF_STRING_OUT_OF_RANGE:
        return ERR_RENDER;
    }
    return ERR_INTERNAL;
}

/* Turn a pending libharu error into the sticky error; 1 when failed. */
static int check(struct pdf *p, const char *what)
{
    if (p->err)
        return 1;
    if (!p->hpdf_error)
        return 0;
    p->err = hpdf_error_category(p->hpdf_error);
    strbuf_addf(&p->msg, "%s: %s (libharu error 0x%04X, detail %u)", what,
                _(hpdf_error_text(p->hpdf_error)), (unsigned)p->hpdf_error,
                (unsigned)p->hpdf_detail);
    return 1;
}

static void fail(struct pdf *p, enum err e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void fail(struct pdf *p, enum err e, const char *fmt, ...)
{
    va_list ap;

    if (p->err)
        return;
    p->err = e;
    va_start(ap, fmt);
    strbuf_vaddf(&p->msg, _(fmt), ap);
    va_end(ap);
}

int pdf_failed(const struct pdf *p)
{
    return p->err != ERR_OK || p->hpdf_error != 0;
}

/* ---- lifecycle ---- */

int pdf_face_parse(const char *name, enum pdf_face *out)
{
    static const char *const names[PDF_N_FACES] = {"serif", "serif-bold",
                                                   "sans", "sans-bold"};
    int i;

    for (i = 0; i < PDF_N_FACES; i++)
        if (!strcmp(name, names[i])) {
            *out = (enum pdf_face)i;
            return 0;
        }
    return -1;
}

enum pdf_face pdf_face_bold(enum pdf_face f)
{
    switch (f) {
    case PDF_SERIF:
    case PDF_SERIF_BOLD:
        return PDF_SERIF_BOLD;
    case PDF_SANS:
    case PDF_SANS_BOLD:
    case PDF_N_FACES:
        break;
    }
    return PDF_SANS_BOLD;
}

static void set_date(struct pdf *p, long long created)
{
    time_t t = (time_t)created;
    struct tm tm;
    HPDF_Date d;

    if (created < 0 || !gmtime_r(&t, &tm))
        return;
    memset(&d, 0, sizeof(d));
    d.year = tm.tm_year + 1900;
    d.month = tm.tm_mon + 1;
    d.day = tm.tm_mday;
    d.hour = tm.tm_hour;
    d.minutes = tm.tm_min;
    d.seconds = tm.tm_sec;
    d.ind = 'Z';
    HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_CREATION_DATE, d);
    HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_MOD_DATE, d);
}

/* Longest document property kept, in bytes (libharu refuses 64 KiB). */
#define INFO_MAX 2000

/* A document property, cut on a character boundary when longer. */
static void set_info(struct pdf *p, HPDF_InfoType key, const char *value)
{
    size_t len = strlen(value);

    if (!*value)
        return;
    if (len > INFO_MAX) {
        len = INFO_MAX;
        while (len && ((unsigned char)value[len] & 0xC0) == 0x80)
            len--;
    }
    strbuf_reset(&p->scratch);
    strbuf_add(&p->scratch, value, len);
    HPDF_SetInfoAttr(p->doc, key, p->scratch.buf);
}

struct pdf *pdf_new(const struct pdf_options *o)
{
    struct pdf *p = xcalloc(1, sizeof(*p));
    int i;

    strbuf_init(&p->msg, 0);
    strbuf_init(&p->scratch, 0);
    p->page_w = o->page_width;
    p->page_h = o->page_height;
    p->m_left = o->margin_left;
    p->m_right = o->margin_right;
    p->m_top = o->margin_top;
    p->m_bottom = o->margin_bottom;
    for (i = 0; i < PDF_N_FACES; i++) {
        struct strbuf path = STRBUF_INIT;
        if (o->font_dir && *o->font_dir)
            strbuf_addf(&path, "%s/", o->font_dir);
        strbuf_addstr(&path, o->font_files[i] ? o->font_files[i] : "");
        p->fonts[i].path = strbuf_detach(&path, NULL);
    }
    p->doc = HPDF_New(on_hpdf_error, p);
    if (!p->doc) {
        fail(p, ERR_INTERNAL, "the PDF library could not start");
        return p;
    }
    /* Images compressed here; the pages' content and the fonts are left
       plain for pdffix, which cuts the fonts and deflates the rest faster
       than libharu's zlib.  No /ID is written without encryption, so
       equal input gives equal bytes. */
    HPDF_SetCompressionMode(p->doc, HPDF_COMP_IMAGE);
    HPDF_UseUTFEncodings(p->doc);
    HPDF_SetCurrentEncoder(p->doc, "UTF-8");
    if (o->title)
        set_info(p, HPDF_INFO_TITLE, o->title);
    if (o->subject)
        set_info(p, HPDF_INFO_SUBJECT, o->subject);
    if (o->creator)
        set_info(p, HPDF_INFO_CREATOR, o->creator);
    set_date(p, o->created);
    check(p, "cannot start the document");
    return p;
}

void pdf_free(struct pdf *p)
{
    int i;

    if (!p)
        return;
    if (p->doc)
        HPDF_Free(p->doc);
    for (i = 0; i < PDF_N_FACES; i++) {
        free(p->fonts[i].path);
        free(p->fonts[i].name);
        free(p->fonts[i].widths);
    }
    for (i = 0; i < (int)p->n_images; i++)
        free(p->images[i].path);
    free(p->images);
    free(p->pages);
    free(p->orient);
    strbuf_release(&p->msg);
    strbuf_release(&p->scratch);
    free(p);
}

/* ---- fonts and measuring ---- */

/*
 * 1 when the file at path looks like a TrueType font whose table directory
 * stays inside the file and names the tables libharu reads.  libharu 2.3.0
 * reads past the end of a broken font file and crashes, so it is never
 * given one.  Else the sticky error says what is wrong.
 */
static int font_file_sane(struct pdf *p, const char *path,
                          struct strbuf *contents)
{
    static const char *const needed[] = {"cmap", "glyf", "head", "hhea", "hmtx",
                                         "loca", "maxp", "name", "OS/2"};
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    const char *why = NULL;
    unsigned n = 0;
    size_t k;
    enum err e;

    e = file_read_regular(path, 64u * 1024 * 1024, &sb, &dl);
    if (e) {
        fail(p, e == ERR_IO ? ERR_IO : ERR_NOINPUT, "cannot open font '%s': %s",
             path, dl.nr ? dl.items[0].msg : _("unreadable"));
        diag_list_release(&dl);
        strbuf_release(&sb);
        return 0;
    }
    switch (sfnt_check(sb.buf, sb.len, &n)) {
    case SFNT_NOT_TRUETYPE:
        why = N_("not a TrueType font");
        break;
    case SFNT_SHORT:
        why = N_("its table directory is cut short");
        break;
    case SFNT_PAST_END:
        why = N_("a table goes past the end of the file");
        break;
    case SFNT_OK:
        break;
    }
    for (k = 0; !why && k < sizeof(needed) / sizeof(needed[0]); k++)
        if (!sfnt_find(sb.buf, n, needed[k]))
            why = N_("a table libharu needs is missing");
    if (why)
        fail(p, ERR_RENDER, "cannot load the font '%s': %s", path, _(why));
    diag_list_release(&dl);
    if (!why && contents) {
        strbuf_release(contents);
        *contents = sb;
    } else {
        strbuf_release(&sb);
    }
    return why == NULL;
}

/*
 * The fonts of this process, each file checked and cut once: libharu gets
 * the font cut to the characters Sekretar may show (fontsubset.c), from
 * an anonymous file in memory, so that it reads no more than it needs and
 * walks a short character map for each of the 65,536 codes it maps.
 * Where that cannot be (no /proc), the file itself.
 */
struct font_file {
    char *path; /* as the options name it */
    char *load; /* what libharu opens */
};
static struct font_file font_files[2 * PDF_N_FACES];
static size_t n_font_files;

static const char *font_to_load(struct pdf *p, const char *path)
{
    struct strbuf ttf = STRBUF_INIT, cut = STRBUF_INIT;
    struct font_file *ff;
    size_t i;

    for (i = 0; i < n_font_files; i++)
        if (!strcmp(font_files[i].path, path))
            return font_files[i].load;
    if (!font_file_sane(p, path, &ttf))
        return NULL;
    if (n_font_files == sizeof(font_files) / sizeof(font_files[0])) {
        strbuf_release(&ttf);
        return path;
    }
    ff = &font_files[n_font_files++];
    ff->path = xstrdup(path);
    ff->load = NULL;
    if (!font_cut_repertoire(ttf.buf, ttf.len, &cut))
        ff->load = os_memory_file(cut.buf, cut.len);
    if (!ff->load)
        ff->load = xstrdup(path);
    strbuf_release(&ttf);
    strbuf_release(&cut);
    return ff->load;
}

/* The font of face f, loaded on first use; NULL after a failure. */
static struct pdf_font *font(struct pdf *p, enum pdf_face f)
{
    struct pdf_font *pf = &p->fonts[f];
    struct strbuf what = STRBUF_INIT;
    const char *name, *load;
    int i;

    if (pf->font)
        return pf;
    if (pf->tried || p->err)
        return NULL;
    pf->tried = 1;
    /* Two faces may name the same file: load it once. */
    for (i = 0; i < PDF_N_FACES; i++)
        if (i != (int)f && p->fonts[i].font &&
            !strcmp(p->fonts[i].path, pf->path)) {
            pf->font = p->fonts[i].font;
            pf->name = xstrdup(p->fonts[i].name);
            pf->ascent = p->fonts[i].ascent;
            pf->descent = p->fonts[i].descent;
            pf->widths = xmallocarray(WIDTH_CACHE, sizeof(short));
            memcpy(pf->widths, p->fonts[i].widths, WIDTH_CACHE * sizeof(short));
            return pf;
        }
    load = font_to_load(p, pf->path);
    if (!load)
        return NULL;
    name = HPDF_LoadTTFontFromFile(p->doc, load, HPDF_TRUE);
    if (name && !p->hpdf_error)
        pf->font = HPDF_GetFont(p->doc, name, "UTF-8");
    strbuf_addf(&what, _("cannot load the font '%s'"), pf->path);
    if (check(p, what.buf) || !pf->font) {
        fail(p, ERR_RENDER, "%s", what.buf);
        strbuf_release(&what);
        pf->font = NULL;
        return NULL;
    }
    strbuf_release(&what);
    pf->name = xstrdup(name);
    pf->ascent = HPDF_Font_GetAscent(pf->font);
    pf->descent = -(double)HPDF_Font_GetDescent(pf->font);
    pf->widths = xmallocarray(WIDTH_CACHE, sizeof(short));
    for (i = 0; i < WIDTH_CACHE; i++)
        pf->widths[i] = -1;
    return pf;
}

/* Width of one code point in 1/1000 em. */
static double char_width(struct pdf_font *pf, uint32_t cp)
{
    if (cp < WIDTH_CACHE) {
        if (pf->widths[cp] < 0)
            pf->widths[cp] =
                (short)HPDF_Font_GetUnicodeWidth(pf->font, (HPDF_UNICODE)cp);
        return pf->widths[cp];
    }
    if (cp > 0xFFFF)
        cp = 0xFFFD;
    return HPDF_Font_GetUnicodeWidth(pf->font, (HPDF_UNICODE)cp);
}

/* Decode one character of s; an invalid byte counts as U+FFFD. */
static size_t next_char(const char *s, size_t len, uint32_t *cp)
{
    size_t n = utf8_decode(s, len, cp);

    if (!n) {
        *cp = 0xFFFD;
        n = 1;
    }
    return n;
}

double pdf_text_width(struct pdf *p, enum pdf_face f, double size,
                      const char *s, size_t len)
{
    struct pdf_font *pf = font(p, f);
    double w = 0;
    size_t i = 0;

    if (!pf)
        return 0;
    if (len == (size_t)-1)
        len = strlen(s);
    while (i < len) {
        uint32_t cp;
        i += next_char(s + i, len - i, &cp);
        w += char_width(pf, cp);
    }
    return w * size / 1000.0;
}

double pdf_ascent(struct pdf *p, enum pdf_face f, double size)
{
    struct pdf_font *pf = font(p, f);

    return pf ? pf->ascent * size / 1000.0 : size * 0.9;
}

double pdf_descent(struct pdf *p, enum pdf_face f, double size)
{
    struct pdf_font *pf = font(p, f);

    return pf ? pf->descent * size / 1000.0 : size * 0.2;
}

size_t pdf_fit(struct pdf *p, enum pdf_face f, double size, const char *s,
               size_t len, double width)
{
    struct pdf_font *pf = font(p, f);
    double limit = width * 1000.0 / size, w = 0;
    size_t i = 0;

    if (!pf)
        return len;
    while (i < len) {
        uint32_t cp;
        size_t n = next_char(s + i, len - i, &cp);
        w += char_width(pf, cp);
        if (w > limit + 1e-6)
            break;
        i += n;
    }
    return i;
}

static int is_space_cp(uint32_t cp)
{
    return cp == ' ' || cp == '\t' || cp == 0xA0;
}

/* A line may end after this character (hyphens and dashes). */
static int breaks_after(uint32_t cp)
{
    return cp == '-' || cp == 0x2010 || cp == 0x2013 || cp == 0x2014 ||
           cp == '/';
}

static void add_span(struct pdf_span **spans, size_t *nr, size_t *alloc,
                     size_t off, size_t len)
{
    ALLOC_GROW(*spans, *nr + 1, *alloc);
    (*spans)[*nr].off = off;
    (*spans)[*nr].len = len;
    (*nr)++;
}

size_t pdf_wrap(struct pdf *p, enum pdf_face f, double size, const char *s,
                double width, struct pdf_span **spans, size_t *alloc)
{
    struct pdf_font *pf = font(p, f);
    double limit = width * 1000.0 / size;
    size_t nr = 0, len = strlen(s), para = 0;

    while (para <= len) {
        const char *nl = memchr(s + para, '\n', len - para);
        size_t end = nl ? (size_t)(nl - s) : len, start = para;

        for (;;) {
            size_t i = start, brk = 0, brk_next = 0, fit = start;
            double w = 0;
            int overflow = 0;

            /* Skip blanks at the start of a continued line. */
            while (start > para && start < end) {
                uint32_t cp;
                size_t n = next_char(s + start, end - start, &cp);
                if (!is_space_cp(cp))
                    break;
                start += n;
            }
            i = fit = start;
            while (i < end) {
                uint32_t cp;
                size_t n = next_char(s + i, end - i, &cp);
                w += pf ? char_width(pf, cp) : 500;
                if (w > limit + 1e-6 && i > start) {
                    overflow = 1;
                    break;
                }
                if (is_space_cp(cp)) {
                    brk = i;
                    brk_next = i + n;
                } else if (breaks_after(cp) && i + n < end) {
                    brk = i + n;
                    brk_next = i + n;
                }
                i += n;
                fit = i;
            }
            if (!overflow) {
                size_t e = fit;
                while (e > start && strbuf_is_blank(s[e - 1]))
                    e--;
                add_span(spans, &nr, alloc, start, e - start);
                break;
            }
            if (brk > start) {
                size_t e = brk;
                while (e > start && strbuf_is_blank(s[e - 1]))
                    e--;
                add_span(spans, &nr, alloc, start, e - start);
                start = brk_next;
            } else {
                add_span(spans, &nr, alloc, start, fit - start);
                start = fit;
            }
            if (start >= end)
                break;
        }
        if (!nl)
            break;
        para = end + 1;
    }
    return nr;
}

/* ---- pages and drawing ---- */

static HPDF_Page page(struct pdf *p)
{
    if (p->err || !p->n_pages)
        return NULL;
    return p->pages[p->cur];
}

static void end_text(struct pdf *p)
{
    if (p->in_text && page(p))
        HPDF_Page_EndText(page(p));
    p->in_text = 0;
}

static void reset_state(struct pdf *p)
{
    p->in_text = 0;
    p->cur_face = -1;
    p->cur_size = 0;
    p->cur_gray = 0;
    p->cur_line = 1;
}

void pdf_add_page(struct pdf *p, enum pdf_orientation o)
{
    HPDF_Page pg;

    if (p->err)
        return;
    end_text(p);
    pg = HPDF_AddPage(p->doc);
    if (!pg || check(p, "cannot add a page"))
        return;
    HPDF_Page_SetWidth(pg,
                       (HPDF_REAL)(o == PDF_LANDSCAPE ? p->page_h : p->page_w));
    HPDF_Page_SetHeight(
        pg, (HPDF_REAL)(o == PDF_LANDSCAPE ? p->page_w : p->page_h));
    if (check(p, "cannot set the page size"))
        return;
    ALLOC_GROW(p->pages, p->n_pages + 1, p->pages_alloc);
    p->orient = xreallocarray(p->orient, p->pages_alloc, sizeof(*p->orient));
    p->pages[p->n_pages] = pg;
    p->orient[p->n_pages] = o;
    p->cur = p->n_pages++;
    reset_state(p);
}

size_t pdf_page_count(const struct pdf *p)
{
    return p->n_pages;
}

void pdf_select_page(struct pdf *p, size_t i)
{
    if (p->err || i >= p->n_pages || i == p->cur)
        return;
    end_text(p);
    p->cur = i;
    /* The font and colour of that page's stream are not known: set them
       again on first use. */
    reset_state(p);
    p->cur_gray = -1;
    p->cur_line = -1;
}

void pdf_box_for(const struct pdf *p, enum pdf_orientation o, struct pdf_box *b)
{
    double w = o == PDF_LANDSCAPE ? p->page_h : p->page_w;
    double h = o == PDF_LANDSCAPE ? p->page_w : p->page_h;

    b->left = p->m_left;
    b->right = w - p->m_right;
    b->top = p->m_top;
    b->bottom = h - p->m_bottom;
}

void pdf_page_size(const struct pdf *p, double *w, double *h)
{
    int land = p->n_pages && p->orient[p->cur] == PDF_LANDSCAPE;

    *w = land ? p->page_h : p->page_w;
    *h = land ? p->page_w : p->page_h;
}

void pdf_content_box(const struct pdf *p, struct pdf_box *b)
{
    pdf_box_for(p, p->n_pages ? p->orient[p->cur] : PDF_PORTRAIT, b);
}

double pdf_margin_bottom(const struct pdf *p)
{
    return p->m_bottom;
}

static double page_y(const struct pdf *p, double y)
{
    double w, h;

    pdf_page_size(p, &w, &h);
    return h - y;
}

static void set_gray(struct pdf *p, HPDF_Page pg, double gray)
{
    if (p->cur_gray != gray) {
        HPDF_Page_SetGrayFill(pg, (HPDF_REAL)gray);
        p->cur_gray = gray;
    }
}

/*
 * A position on the page, in quarter points (0.09 mm): exact in libharu's
 * float, so the moves it writes between texts are short numbers ("20.25",
 * not "20.40979") and the pages' content compresses to three quarters.
 */
static HPDF_REAL at(double v)
{
    return (HPDF_REAL)(floor(v * 4 + 0.5) / 4);
}

/* Note the characters of s for the fonts and the ToUnicode maps. */
static void mark_used(struct pdf_font *pf, const char *s, size_t len)
{
    size_t i = 0;
    uint32_t cp;

    while (i < len) {
        size_t k = utf8_decode(s + i, len - i, &cp);
        if (!k) {
            i++;
            continue;
        }
        if (cp < 0x10000)
            pf->used[cp / 32] |= 1u << (cp % 32);
        i += k;
    }
}

void pdf_text(struct pdf *p, enum pdf_face f, double size, double x,
              double baseline, const char *s, size_t len)
{
    HPDF_Page pg = page(p);
    struct pdf_font *pf;

    if (len == (size_t)-1)
        len = strlen(s);
    if (!pg || !len)
        return;
    pf = font(p, f);
    if (!pf)
        return;
    if (!p->in_text) {
        /* The fill colour is the text colour: black for text. */
        set_gray(p, pg, 0);
        HPDF_Page_BeginText(pg);
        p->in_text = 1;
    }
    if (p->cur_face != (int)f || p->cur_size != size) {
        HPDF_Page_SetFontAndSize(pg, pf->font, (HPDF_REAL)size);
        p->cur_face = (int)f;
        p->cur_size = size;
    }
    strbuf_reset(&p->scratch);
    strbuf_add(&p->scratch, s, len);
    mark_used(pf, s, len);
    HPDF_Page_TextOut(pg, at(x), at(page_y(p, baseline)),
                      p->scratch.buf);
    check(p, "cannot write text");
}

/* The current page, out of any text object, for drawing; NULL: nothing. */
static HPDF_Page graphics_page(struct pdf *p)
{
    HPDF_Page pg = page(p);

    if (pg)
        end_text(p);
    return pg;
}

void pdf_line(struct pdf *p, double x0, double y0, double x1, double y1,
              double width)
{
    HPDF_Page pg = graphics_page(p);

    if (!pg)
        return;
    if (p->cur_line != width) {
        HPDF_Page_SetLineWidth(pg, (HPDF_REAL)width);
        p->cur_line = width;
    }
    HPDF_Page_MoveTo(pg, at(x0), at(page_y(p, y0)));
    HPDF_Page_LineTo(pg, at(x1), at(page_y(p, y1)));
    HPDF_Page_Stroke(pg);
    check(p, "cannot draw a line");
}

void pdf_fill_rect(struct pdf *p, double x, double y, double w, double h,
                   double gray)
{
    HPDF_Page pg = graphics_page(p);

    if (!pg)
        return;
    set_gray(p, pg, gray);
    HPDF_Page_Rectangle(pg, at(x), at(page_y(p, y + h)), at(w), at(h));
    HPDF_Page_Fill(pg);
    check(p, "cannot fill a rectangle");
}

void pdf_fill_cells(struct pdf *p, double x, double y, double cell,
                    const unsigned char *cells, int cols, int rows)
{
    HPDF_Page pg = graphics_page(p);
    int r, c, run, any = 0;

    if (!pg)
        return;
    /* black before the save, so that the restore keeps set_gray()'s */
    set_gray(p, pg, 0);
    HPDF_Page_GSave(pg);
    /* One unit a cell, rows downwards from the top left corner: the
       runs are written in whole cells ("3 24 7 1 re"), each cell exactly
       as wide as the next, and filled as one path, without seams. */
    HPDF_Page_Concat(pg, (HPDF_REAL)cell, 0, 0, (HPDF_REAL)-cell, (HPDF_REAL)x,
                     (HPDF_REAL)page_y(p, y));
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c += run ? run : 1) {
            for (run = 0; c + run < cols && cells[r * cols + c + run];)
                run++;
            if (run) {
                HPDF_Page_Rectangle(pg, (HPDF_REAL)c, (HPDF_REAL)r,
                                    (HPDF_REAL)run, 1);
                any = 1;
            }
        }
    if (any)
        HPDF_Page_Fill(pg);
    HPDF_Page_GRestore(pg);
    check(p, "cannot fill the cells of a grid");
}

/* ---- images ---- */

static HPDF_Image image(struct pdf *p, const struct image *img)
{
    HPDF_Image im;
    size_t i;

    for (i = 0; i < p->n_images; i++)
        if (img->path && !strcmp(p->images[i].path, img->path))
            return p->images[i].image;
    /* Never libharu's PNG reader: libpng aborts the process under it on a
       damaged file.  The pixels render/image decoded and checked go in
       as they are; a JPEG checked there as well. */
    if (img->kind == IMAGE_JPEG)
        im = HPDF_LoadJpegImageFromMem(p->doc, img->data, (HPDF_UINT)img->len);
    else
        im = HPDF_LoadRawImageFromMem(
            p->doc, img->data, img->width, img->height,
            img->components == 1 ? HPDF_CS_DEVICE_GRAY : HPDF_CS_DEVICE_RGB, 8);
    if (!im || p->hpdf_error) {
        fail(p, ERR_RENDER,
             "cannot embed the image '%s' (libharu error 0x%04X)",
             img->path ? img->path : "", (unsigned)p->hpdf_error);
        return NULL;
    }
    ALLOC_GROW(p->images, p->n_images + 1, p->images_alloc);
    p->images[p->n_images].path = xstrdup(img->path ? img->path : "");
    p->images[p->n_images].image = im;
    p->n_images++;
    return im;
}

void pdf_image(struct pdf *p, const struct image *img, double x, double y,
               double w, double h)
{
    HPDF_Page pg = graphics_page(p);
    HPDF_Image im;

    if (!pg)
        return;
    im = image(p, img);
    if (!im)
        return;
    HPDF_Page_DrawImage(pg, im, (HPDF_REAL)x, (HPDF_REAL)page_y(p, y + h),
                        (HPDF_REAL)w, (HPDF_REAL)h);
    check(p, "cannot draw an image");
}

/* ---- saving ---- */

enum err pdf_save(struct pdf *p, const char *path, struct diag_list *dl)
{
    struct atomic_file af;
    HPDF_BYTE buf[65536];
    struct strbuf raw = STRBUF_INIT, fixed = STRBUF_INIT;
    int fixed_ok;
    enum err e;

    end_text(p);
    if (!p->err && p->doc) {
        if (!p->n_pages)
            pdf_add_page(p, PDF_PORTRAIT);
        end_text(p);
        HPDF_SaveToStream(p->doc);
        check(p, "cannot assemble the PDF");
    }
    if (p->err) {
        /* About a font or libharu, not about the file: no file name. */
        diag_error(dl, NULL, 0, 0, "%s", p->msg.buf);
        return p->err;
    }
    HPDF_ResetStream(p->doc);
    for (;;) {
        HPDF_UINT32 n = sizeof(buf);
        HPDF_STATUS st = HPDF_ReadFromStream(p->doc, buf, &n);
        strbuf_add(&raw, buf, n);
        if (st == HPDF_STREAM_EOF)
            break;
        if (st || check(p, "cannot read the PDF back")) {
            if (!p->err)
                fail(p, ERR_INTERNAL, "cannot read the PDF back (0x%04X)",
                     (unsigned)st);
            diag_error(dl, path, 0, 0, "%s", p->msg.buf);
            strbuf_release(&raw);
            return p->err;
        }
    }
    /* libharu's ToUnicode maps are wrong and its fonts whole; without the
       fix keep its file. */
    {
        struct pdffix_font fonts[PDF_N_FACES];
        size_t nf = 0;
        int i;
        for (i = 0; i < PDF_N_FACES; i++)
            if (p->fonts[i].font) {
                fonts[nf].name = p->fonts[i].name;
                fonts[nf].used = p->fonts[i].used;
                nf++;
            }
        fixed_ok = !pdffix(raw.buf, raw.len, fonts, nf, &fixed);
    }
    if (fixed_ok) {
        strbuf_release(&raw);
        raw = fixed;
        strbuf_init(&fixed, 0);
    }
    e = atomic_open(&af, path, dl);
    if (e) {
        strbuf_release(&raw);
        return e;
    }
    if (raw.len && fwrite(raw.buf, 1, raw.len, af.fp) != raw.len) {
        diag_error(dl, path, 0, 0, "write failed: %s", strerror(errno));
        atomic_abort(&af);
        strbuf_release(&raw);
        return ERR_IO;
    }
    strbuf_release(&raw);
    return atomic_commit(&af, dl);
}
