/* tests/unit/t-unavailable: every wrapper of a library loaded on first use,
 * built with a SONAME that does not exist (the Makefile's absent objects):
 * each entry point fails cleanly, with the loader's message, and SHA-256
 * keeps its digests through the plain C code.
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <unistd.h>

#include "tap.h"
#include "archive/bundle.h"
#include "archive/catalog.h"
#include "render/fontsubset.h"
#include "render/pdf.h"
#include "render/qr.h"
#include "render/xlsx.h"
#include "util/file.h"
#include "util/sha256.h"
#include "util/strbuf.h"

/* The message of a library that is not there, as the loader words it. */
static const char *absent(struct strbuf *sb, const char *lib,
                          const char *what)
{
    strbuf_reset(sb);
    strbuf_addf(sb,
                "cannot load the library 'libsekretar-absent-%s.so.0' (%s): "
                "libsekretar-absent-%s.so.0: cannot open shared object file: "
                "No such file or directory; install the package "
                "sekretar-test",
                lib, what, lib);
    return sb->buf;
}

/* The last message of dl, or "". */
static const char *last(const struct diag_list *dl)
{
    return dl->nr ? dl->items[dl->nr - 1].msg : "";
}

static void test_archive(const char *dir, struct strbuf *want)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT, zip = STRBUF_INIT;
    struct catalog *c = (struct catalog *)&dl;
    struct bundle *b = (struct bundle *)&dl;
    struct manifest m;
    FILE *fp;

    strbuf_addf(&path, "%s/catalog.sqlite", dir);
    is_int(catalog_open(path.buf, CATALOG_CREATE, &c, &dl), ERR_UNAVAILABLE,
           "catalog_open without SQLite");
    ok(!c, "gives no catalogue");
    is_str(last(&dl), absent(want, "sqlite3", "SQLite, for the archive"),
           "and names SQLite");
    ok(access(path.buf, F_OK), "and makes no file");

    manifest_init(&m);
    is_int(bundle_make(&m, NULL, 0, 0, &zip, &dl), ERR_UNAVAILABLE,
           "bundle_make without libzip");
    is_str(last(&dl), absent(want, "zip", "libzip, for the bundles"),
           "names libzip");
    is_int(zip.len, 0, "and writes no zip");
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/event.zip", dir);
    fp = fopen(path.buf, "w");
    if (fp) {
        fputs("PK\005\006", fp);
        fclose(fp);
    }
    is_int(bundle_open(path.buf, &b, &dl), ERR_UNAVAILABLE,
           "bundle_open without libzip");
    ok(!b, "gives no bundle");
    is_str(last(&dl), want->buf, "the same message");
    is_int(dl.nr_errors, 3, "one message a call");
    unlink(path.buf);
    manifest_release(&m);
    strbuf_release(&zip);
    strbuf_release(&path);
    diag_list_release(&dl);
}

static void test_sha256(void)
{
    struct sha256 c;
    unsigned char d[32];
    char hex[65];

    sha256_hex("abc", 3, hex);
    is_str(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
           "sha256_hex without libcrypto: the plain code's digest");
    sha256_init(&c);
    ok(c.plain, "sha256_init without libcrypto: the plain code");
    sha256_update(&c, "abcdbcdecdefdefgefghfghighij", 28);
    sha256_update(&c, "hijkijkljklmklmnlmnomnopnopq", 28);
    sha256_final(&c, d);
    sha256_to_hex(d, hex);
    is_str(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
           "and its digest in two pieces");
}

static void test_render(const char *dir, struct strbuf *want)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf path = STRBUF_INIT, font = STRBUF_INIT;
    struct xlsx *x = (struct xlsx *)&dl;
    struct xlsx_props props = {0};
    struct pdf_options o = {0};
    struct pdf *p;
    struct qr q;
    uint32_t cps[1] = {'A'};
    unsigned gids[1];

    strbuf_addf(&path, "%s/report.xlsx", dir);
    props.created = -1;
    is_int(xlsx_new(&x, path.buf, &props, &dl), ERR_UNAVAILABLE,
           "xlsx_new without libxlsxwriter");
    ok(!x, "gives no workbook");
    is_str(last(&dl),
           absent(want, "xlsxwriter", "libxlsxwriter, for the spreadsheets"),
           "names libxlsxwriter");

    o.page_width = PDF_MM(210);
    o.page_height = PDF_MM(297);
    o.created = -1;
    p = pdf_new(&o);
    ok(pdf_failed(p), "pdf_new without libharu: a failed document");
    pdf_add_page(p, PDF_PORTRAIT);
    pdf_text(p, PDF_SERIF, 12, 72, 72, "Чемпіонат", (size_t)-1);
    pdf_line(p, 0, 0, 72, 72, 1);
    pdf_fill_rect(p, 0, 0, 72, 72, 0.5);
    is_double(pdf_text_width(p, PDF_SERIF, 12, "Чемпіонат", (size_t)-1), 0,
              "whose text has no width");
    is_int(pdf_page_count(p), 0, "and no pages");
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/ranking.pdf", dir);
    is_int(pdf_save(p, path.buf, &dl), ERR_UNAVAILABLE,
           "pdf_save reports it");
    is_str(last(&dl),
           absent(want, "hpdf", "libharu, for the PDF documents"),
           "naming libharu");
    ok(access(path.buf, F_OK), "and writes no file");
    pdf_free(p);

    /* A font HarfBuzz cuts (where it is there). */
    strbuf_reset(&path);
    strbuf_addf(&path, "%s/fonts/LiberationSans-Regular.ttf",
                getenv("SEKRETAR_DATADIR") ? getenv("SEKRETAR_DATADIR") : ".");
    if (file_read(path.buf, 64u << 20, &font, &dl) == ERR_OK) {
        strbuf_reset(&path);
        is_int(font_subset(font.buf, font.len, cps, 1, &path, gids), -1,
               "font_subset without HarfBuzz: the caller keeps the font");
        is_int(path.len, 0, "and gets nothing");
    } else {
        skip("no font at fonts/ (make fonts)");
        skip("no font at fonts/ (make fonts)");
    }

    is_int(qr_encode("UA-TEST-CODE", &q, &dl), ERR_UNAVAILABLE,
           "qr_encode without libqrencode");
    is_str(last(&dl),
           absent(want, "qrencode", "libqrencode, for the diplomas' QR codes"),
           "names libqrencode");
    ok(!q.modules && !q.width, "and gives an empty code");
    qr_release(&q);
    strbuf_release(&font);
    strbuf_release(&path);
    diag_list_release(&dl);
}

int main(void)
{
    char dir[] = "/tmp/t-unavailable-XXXXXX";
    struct strbuf want = STRBUF_INIT;

    if (!mkdtemp(dir))
        skip_all("no temporary folder");
    test_archive(dir, &want);
    test_sha256();
    test_render(dir, &want);
    rmdir(dir);
    strbuf_release(&want);
    return done_testing();
}
