/* tests/unit/t-pdf: the PDF layer (fonts, measured text, wrapping, errors,
 * repeatable output), grids, and how the documents write numbers and names.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <unistd.h>

#include "tap.h"
#include "lib/file-cmp.h"
#include "render/doc.h"
#include "render/layout.h"
#include "render/pdf.h"
#include "util/file.h"
#include "util/num.h"
#include "util/strbuf.h"
#include "util/utf8.h"

static char font_dir[4096];

static struct pdf *new_pdf(const char *dir, long long created)
{
    struct pdf_options o;

    memset(&o, 0, sizeof(o));
    o.font_dir = dir;
    o.font_files[PDF_SERIF] = "LiberationSerif-Regular.ttf";
    o.font_files[PDF_SERIF_BOLD] = "LiberationSerif-Bold.ttf";
    o.font_files[PDF_SANS] = "LiberationSans-Regular.ttf";
    o.font_files[PDF_SANS_BOLD] = "LiberationSans-Bold.ttf";
    o.page_width = PDF_MM(210);
    o.page_height = PDF_MM(297);
    o.margin_left = PDF_MM(30);
    o.margin_right = PDF_MM(10);
    o.margin_top = o.margin_bottom = PDF_MM(20);
    o.created = created;
    o.title = "Тест ґ є і ї";
    return pdf_new(&o);
}

static void formats(double v, const char *want)
{
    struct strbuf sb = STRBUF_INIT;

    num_points(&sb, v);
    is_str(sb.buf, want, "points %g", v);
    strbuf_release(&sb);
}

static void official(const char *name, const char *want)
{
    struct strbuf sb = STRBUF_INIT;

    doc_official_name(&sb, name);
    is_str(sb.buf, want, "official '%s'", name);
    strbuf_release(&sb);
}

static void test_writing(void)
{
    struct strbuf sb = STRBUF_INIT;
    static const double halves[] = {45.5, 3, NAN};
    static const double decimals[] = {27.3, 3};
    static const double quarters[] = {27.25, 3.75, 1};
    static const double whole[] = {2400, NAN, 1800};

    formats(6.5, "6½");
    formats(0.5, "½");
    formats(0, "0");
    formats(7, "7");
    formats(2.25, "2¼");
    formats(2.3, "2,30");
    doc_place(&sb, 4, 5);
    is_str(sb.buf, "4–5", "shared places with an en dash");
    strbuf_reset(&sb);
    doc_place(&sb, 3, 3);
    is_str(sb.buf, "3", "a place alone");
    official("Остап Кравець", "Остап КРАВЕЦЬ");
    official("Ґалаґан, Євгенія", "Євгенія ҐАЛАҐАН");
    official("КРАВЕЦЬ Остап", "Остап КРАВЕЦЬ");
    official("Остап КРАВЕЦЬ", "Остап КРАВЕЦЬ");
    official("Ralph Blum (SV Griesheim)", "Ralph BLUM (SV Griesheim)");
    official("  Мар'яна   Їжак ", "Мар'яна ЇЖАК");
    official("", "");
    strbuf_reset(&sb);
    doc_player_name(&sb, "Mikhaletz,Lubomir");
    is_str(sb.buf, "Mikhaletz, Lubomir", "a blank after the comma");
    strbuf_reset(&sb);
    doc_player_name(&sb, "  Ґудзь,   Мар'яна ");
    is_str(sb.buf, "Ґудзь, Мар'яна", "blanks collapsed");
    is_str(doc_fide_title("g"), "GM", "TRF title g");
    is_str(doc_fide_title("wf "), "WFM", "TRF title wf");
    is_str(doc_fide_title("IM"), "IM", "title IM");
    is_str(doc_fide_title(""), "", "no title");
    ok(num_style_of(halves, 3) == NUM_HALVES, "halves");
    ok(num_style_of(decimals, 2) == NUM_DECIMALS, "decimals");
    ok(num_style_of(quarters, 3) == NUM_HALVES, "quarters as glyphs");
    ok(num_style_of(whole, 3) == NUM_WHOLE, "whole numbers");
    strbuf_reset(&sb);
    num_write(&sb, 27.3, NUM_DECIMALS);
    num_write(&sb, 45.5, NUM_HALVES);
    num_write(&sb, NAN, NUM_HALVES);
    num_write(&sb, 3, NUM_DECIMALS);
    is_str(sb.buf, "27,3045½3,00", "numbers with the decimal comma");
    strbuf_reset(&sb);
    num_write(&sb, 27.25, NUM_HALVES);
    num_write(&sb, 0.75, NUM_HALVES);
    is_str(sb.buf, "27¼¾", "quarters with ¼ and ¾");
    strbuf_release(&sb);
}

/* Every prefix pdf_fit() gives ends on a character boundary. */
static void test_fit(struct pdf *p)
{
    const char *s = "Ґудзь, Мар'яна Їжакевич ʼ½";
    size_t len = strlen(s), n, bad;
    double w = pdf_text_width(p, PDF_SANS, 10, s, len), x;
    int whole = 1;

    ok(w > 50 && w < 200, "width of a name at 10 pt: %g", w);
    is_double(pdf_text_width(p, PDF_SANS, 20, s, len), 2 * w,
              "width grows with the size");
    ok(pdf_text_width(p, PDF_SERIF, 10, "ї", (size_t)-1) > 0,
       "'ї' has a width");
    for (x = 0; x <= w + 1; x += 0.5) {
        n = pdf_fit(p, PDF_SANS, 10, s, len, x);
        if (!utf8_valid(s, n, &bad) ||
            pdf_text_width(p, PDF_SANS, 10, s, n) > x + 1e-6)
            whole = 0;
    }
    ok(whole, "pdf_fit never cuts a character nor overflows");
    is_int(pdf_fit(p, PDF_SANS, 10, s, len, w), len, "all of it fits");
}

static void test_wrap(struct pdf *p)
{
    struct pdf_span *sp = NULL;
    size_t alloc = 0, n, i, bad;
    const char *s = "Гейманн-Лобжанідзе, Анна-Луїза Олександрівна";
    const char *word = "Ґґґґґґґґґґґґґґґґґґґґ";
    double width = 60;
    int fits = 1, valid = 1;

    n = pdf_wrap(p, PDF_SANS, 9, s, width, &sp, &alloc);
    ok(n >= 2, "a long name wraps (%zu lines)", n);
    for (i = 0; i < n; i++) {
        if (pdf_text_width(p, PDF_SANS, 9, s + sp[i].off, sp[i].len) >
            width + 1e-6)
            fits = 0;
        if (!utf8_valid(s + sp[i].off, sp[i].len, &bad))
            valid = 0;
    }
    ok(fits, "every line fits");
    ok(valid, "every line is whole characters");
    ok(sp[0].len && s[sp[0].off + sp[0].len - 1] != ' ',
       "no blank at a line end");
    n = pdf_wrap(p, PDF_SANS, 9, word, 20, &sp, &alloc);
    ok(n > 1, "a word longer than the line is broken");
    for (i = 0, valid = 1; i < n; i++)
        if (!utf8_valid(word + sp[i].off, sp[i].len, &bad) || !sp[i].len)
            valid = 0;
    ok(valid, "between characters");
    n = pdf_wrap(p, PDF_SANS, 9, "a\nb", 200, &sp, &alloc);
    is_int(n, 2, "explicit new lines");
    n = pdf_wrap(p, PDF_SANS, 9, "", 200, &sp, &alloc);
    is_int(n, 1, "an empty text is one line");
    free(sp);
}

static void test_grid(struct pdf *p)
{
    struct grid g;
    size_t r, c;
    double total = 0;

    grid_init(&g, 3, PDF_SANS, PDF_SANS_BOLD);
    grid_set_col(&g, 0, "Місце", ALIGN_CENTRE, 0);
    grid_set_col(&g, 1, "Прізвище, ім'я", ALIGN_LEFT, GRID_WRAP);
    grid_set_col(&g, 2, "Рік народження", ALIGN_CENTRE, 0);
    for (r = 0; r < 3; r++) {
        grid_add_row(&g);
        grid_set(&g, r, 0, "1–3");
        grid_set(&g, r, 1,
                 r == 1 ? "Гейманн-Лобжанідзе, Анна-Луїза Олександрівна"
                        : "Бойко, Євген");
        grid_set(&g, r, 2, "");
    }
    ok(grid_col_empty(&g, 2) && !grid_col_empty(&g, 1), "empty columns");
    ok(grid_fit(p, &g, 400, 9, 6) == 0 && g.size == 9,
       "fits a wide page at 9 pt");
    for (c = 0; c < g.ncols; c++)
        total += g.cols[c].width;
    is_double(total, 400, "and fills its width");
    ok(g.cols[1].width > g.cols[0].width, "the name column is widest");
    ok(grid_fit(p, &g, 120, 9, 6) == 0,
       "fits a narrow page, names and headings wrapping");
    for (c = 0, total = 0; c < g.ncols; c++)
        total += g.cols[c].width;
    ok(total <= 120 + 1e-6, "within its width (%g)", total);
    ok(grid_fit(p, &g, 40, 9, 6) == -1, "too narrow: refused");
    grid_drop_col(&g, 0);
    is_int(g.ncols, 2, "a column dropped");
    is_str(g.cells[1 * g.ncols + 0],
           "Гейманн-Лобжанідзе, Анна-Луїза Олександрівна",
           "the cells moved with it");
    grid_release(&g);
}

/* A small document: two pages, text, lines. */
static enum err write_doc(const char *path, long long created,
                          struct diag_list *dl)
{
    struct pdf *p = new_pdf(font_dir, created);
    enum err e;
    int i;

    for (i = 0; i < 2; i++) {
        pdf_add_page(p, i ? PDF_LANDSCAPE : PDF_PORTRAIT);
        pdf_text(p, PDF_SERIF, 12, 90, 100, "Сторінка ґ є і ї ʼ ½", 27);
        pdf_line(p, 90, 110, 300, 110, 0.5);
        pdf_fill_rect(p, 90, 120, 100, 20, 0.9);
        pdf_text(p, PDF_SANS_BOLD, 9, 95, 135, "6½", 4);
    }
    pdf_select_page(p, 0);
    pdf_text(p, PDF_SANS, 8, 90, 800, "Сторінка 1 з 2", (size_t)-1);
    e = pdf_save(p, path, dl);
    pdf_free(p);
    return e;
}

static void test_files(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    char dir[] = "/tmp/t-pdf.XXXXXX", a[64], b[64];
    struct strbuf msg = STRBUF_INIT;
    struct pdf *p;

    if (!mkdtemp(dir)) {
        ok(0, "a temporary directory");
        return;
    }
    snprintf(a, sizeof(a), "%s/a.pdf", dir);
    snprintf(b, sizeof(b), "%s/b.pdf", dir);
    is_int(write_doc(a, 1685750400, &dl), ERR_OK, "a PDF is written");
    is_int(write_doc(b, 1685750400, &dl), ERR_OK, "twice");
    ok(same_file(a, b), "the same bytes both times");
    unlink(b);

    /* A missing font: the error names it, and no file is left. */
    p = new_pdf("/nonexistent", -1);
    pdf_add_page(p, PDF_PORTRAIT);
    pdf_text(p, PDF_SERIF, 12, 90, 100, "x", 1);
    ok(pdf_failed(p), "a missing font fails the document");
    is_int(pdf_save(p, b, &dl), ERR_NOINPUT, "as missing input");
    diag_format(&dl.items[dl.nr - 1], &msg);
    ok(strstr(msg.buf, "cannot open font '/nonexistent/LiberationSerif-"
                       "Regular.ttf'") != NULL,
       "naming the font: %s", msg.buf);
    ok(access(b, F_OK) != 0, "no file is written");
    pdf_free(p);

    /* An output that cannot be created. */
    snprintf(b, sizeof(b), "%s/no/such/dir.pdf", dir);
    is_int(write_doc(b, -1, &dl), ERR_CREATE,
           "an output that cannot be "
           "created");
    unlink(a);
    rmdir(dir);
    strbuf_release(&msg);
    diag_list_release(&dl);
}

/*
 * libharu 2.3.0 writes a font without hinting with an empty 'prep' table
 * at its end, and fails (HPDF_INVALID_OBJECT) when the font comes to a
 * multiple of its 4,096-byte buffers: the diplomas of a bench-archive
 * event, with these characters in three faces, failed so (a fourth of the
 * events failed in one document or another).
 */
static void test_font_sizes(void)
{
    static const char *const shown[3] = {
        " (),.01278БВДЕИЙКЛУЦЧЬЮабвгдежзийклмнопрстухцчшьюяєії–",
        " ЄІЇАВГДЕИЙКЛМНОПРСТУФХЦШЬЯавдейкмнопрстуцяі",
        " -134567:ABEFGHMQRSUVWXZКавдеиклмопрі",
    };
    struct diag_list dl = DIAG_LIST_INIT;
    char dir[] = "/tmp/t-pdf-sizes.XXXXXX", path[64];
    struct pdf *p;
    int f;

    if (!mkdtemp(dir)) {
        ok(0, "a temporary directory");
        return;
    }
    snprintf(path, sizeof(path), "%s/f.pdf", dir);
    p = new_pdf(font_dir, 1685750400);
    pdf_add_page(p, PDF_PORTRAIT);
    for (f = 0; f < 3; f++)
        pdf_text(p, (enum pdf_face)f, 12, 90, 100 + 20 * f, shown[f],
                 strlen(shown[f]));
    is_int(pdf_save(p, path, &dl), ERR_OK,
           "a font that libharu 2.3.0 writes as a multiple of 4,096 bytes");
    pdf_free(p);
    unlink(path);
    rmdir(dir);
    diag_list_release(&dl);
}

int main(void)
{
    const char *data = getenv("SEKRETAR_DATADIR");
    char path[4200];
    struct pdf *p;

    snprintf(font_dir, sizeof(font_dir), "%s/fonts",
             data && *data ? data : ".");
    snprintf(path, sizeof(path), "%s/LiberationSerif-Regular.ttf", font_dir);
    if (!file_is_regular(path))
        skip_all("no fonts in fonts/ (run make)");
    test_writing();
    p = new_pdf(font_dir, -1);
    test_fit(p);
    test_wrap(p);
    test_grid(p);
    ok(!pdf_failed(p), "no errors in all that");
    pdf_free(p);
    test_files();
    test_font_sizes();
    return done_testing();
}
