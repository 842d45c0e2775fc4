/* tests/unit/t-render: the documents with every field of struct
 * doc_context filled, as the event folder and the tie-break engine will
 * fill it: golden text (pdftotext -layout) and repeatable bytes.
 * SPDX-License-Identifier: MIT
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "lib/file-cmp.h"
#include "core/standings.h"
#include "core/tiebreak.h"
#include "core/tournament.h"
#include "ingest/eventdir.h"
#include "ingest/trf.h"
#include "render/render.h"
#include "util/file.h"
#include "util/strbuf.h"

static const char *data_dir(void)
{
    const char *d = getenv("SEKRETAR_DATADIR");

    return d && *d ? d : ".";
}

/* The text of a PDF as pdftotext -layout gives it; -1 without poppler. */
static int pdf_text(const char *pdf, struct strbuf *out)
{
    struct strbuf cmd = STRBUF_INIT;
    char buf[4096];
    size_t n;
    FILE *fp;

    strbuf_addf(&cmd, "pdftotext -layout '%s' - 2>/dev/null", pdf);
    fp = popen(cmd.buf, "r");
    strbuf_release(&cmd);
    if (!fp)
        return -1;
    while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
        strbuf_add(out, buf, n);
    return pclose(fp) == 0 ? 0 : -1;
}

/* Compare got with tests/expected/NAME; write it when missing. */
static void golden(const char *name, const struct strbuf *got)
{
    struct strbuf path = STRBUF_INIT, want = STRBUF_INIT;
    struct diag_list dl = DIAG_LIST_INIT;

    strbuf_addf(&path, "%s/tests/expected/%s", data_dir(), name);
    if (file_read(path.buf, 1 << 20, &want, &dl)) {
        file_write_atomic(path.buf, got->buf, got->len, &dl);
        ok(0, "golden %s (written now: review it and commit)", name);
    } else if (!ok(want.len == got->len &&
                       !memcmp(want.buf, got->buf, got->len),
                   "golden %s", name)) {
        diag("got:\n%s", got->buf);
    }
    strbuf_release(&path);
    strbuf_release(&want);
    diag_list_release(&dl);
}

int main(void)
{
    static const char *const regions[] = {
        "Львівська", "м. Київ",          "Івано-Франківська", "Закарпатська",
        "Одеська",   "Дніпропетровська", "Львівська"};
    static const char *const ranks[] = {"КМС", "І",       "ІІ", "І юн.",
                                        "",    "ІІІ юн.", "ІІ"};
    static const double bh1[] = {14.5, 12, 13, 9.5, 12.5, 13.5, 11};
    static const double bh[] = {17.5, 13, 15, 11.5, 14.5, 15, 13};
    static const double win[] = {4, 2, 1, 1, 3, 1, 1};
    static const double sb[] = {10.25, 4.5, 3.75, 1.25, 8, 2.5, NAN};
    static const double own[] = {1, 0, 2, 0, 1, 0, 0};
    static const char *const notes[] = {
        "Місця 3–4: додатковий матч Ґудзь — Коваленко 2½:1½ (контроль часу "
        "5 хв + 3 с)."};
    static const char *const docs[] = {"ranking", "crosstable"};
    struct trf_options opts = {ENC_AUTO};
    struct diag_list dl = DIAG_LIST_INIT;
    struct tournament *t = NULL;
    struct standings s;
    struct doc_context dc;
    struct doc_player players[7];
    struct doc_tiebreak tbs[5];
    struct tiebreak named[4];
    enum doc_decision decisions[7];
    struct render_options ro;
    struct strbuf path = STRBUF_INIT, tdir = STRBUF_INIT, fdir = STRBUF_INIT,
                  text = STRBUF_INIT;
    char dir[] = "/tmp/t-render.XXXXXX";
    size_t i, k;

    strbuf_addf(&path, "%s/tests/data/ua-small.trf", data_dir());
    strbuf_addf(&tdir, "%s/templates", data_dir());
    strbuf_addf(&fdir, "%s/fonts", data_dir());
    strbuf_addstr(&text, fdir.buf);
    strbuf_addstr(&text, "/LiberationSans-Regular.ttf");
    if (!file_is_regular(text.buf))
        skip_all("no fonts in fonts/ (run make)");
    strbuf_reset(&text);
    if (trf_read(path.buf, &opts, &t, &dl) || !t || t->n_players != 7)
        skip_all("cannot read tests/data/ua-small.trf");
    if (!mkdtemp(dir))
        skip_all("no temporary directory");
    /* A name long enough to wrap in the ranking list. */
    t->players[4].name =
        "Шевчук-Гайдамацька, Олена-Марія Вікторівна Анастасія Злата";
    standings_compute(&s, t, 0);

    memset(&dc, 0, sizeof(dc));
    dc.t = t;
    dc.s = &s;
    dc.event_title = t->name;
    dc.section_title = "дівчата та юнаки до 10 років, класичні шахи";
    dc.organiser = "Львівська обласна федерація шахів";
    dc.start_text = t->start_date;
    dc.end_text = t->end_date;
    if (t->start_date)
        date_parse(t->start_date, &dc.start);
    if (t->end_date)
        date_parse(t->end_date, &dc.end);
    dc.city = "м. Львів";
    dc.venue = "Палац шахів, вул. Шевченка, 12";
    dc.time_control = t->time_control;
    dc.chief_arbiter = t->chief_arbiter;
    dc.chief_arbiter_position = "головний суддя, суддя національної категорії";
    dc.chief_secretary = "Гнатів, Марта";
    dc.chief_secretary_position = "суддя І категорії";
    for (i = 0; i < 7; i++) {
        players[i].region = regions[i];
        players[i].rank = ranks[i];
        players[i].coach = NULL;
        players[i].birth_year = 0;
        decisions[i] = DOC_DECIDED_NONE;
    }
    /* Player indexes are file order: start numbers 1..7. */
    decisions[0] = DOC_DECIDED_DE;
    decisions[1] = DOC_DECIDED_PLAYOFF;
    decisions[5] = DOC_PLAYOFF_NEEDED;
    dc.players = players;
    dc.decisions = decisions;
    dc.notes = notes;
    dc.n_notes = 1;
    memset(tbs, 0, sizeof(tbs));
    tbs[0].values = bh1;
    tbs[1].values = bh;
    tbs[2].values = win;
    tbs[3].values = sb;
    /* Named as the ranking's rules name them (the program's table). */
    for (k = 0; k < 4; k++) {
        static const char *const codes[] = {"BH/C1", "BH", "WIN", "SB"};
        struct strbuf why = STRBUF_INIT;
        if (tiebreak_parse(codes[k], strlen(codes[k]), &named[k], &why)) {
            diag("tie-break %s: %s", codes[k], why.buf);
            exit(1);
        }
        tbs[k].code = named[k].code;
        tbs[k].heading = named[k].ua_short;
        tbs[k].legend = named[k].ua_name;
        strbuf_release(&why);
    }
    tbs[4].code = "XYZ";
    tbs[4].heading = "Вл.";
    tbs[4].legend = "власний показник, якого шаблони не знають";
    tbs[4].values = own;
    dc.tiebreaks = tbs;
    dc.n_tiebreaks = 5;

    ro.templates_dir = tdir.buf;
    ro.fonts_dir = fdir.buf;
    ro.created = 1685750400;
    for (k = 0; k < 2; k++) {
        const struct render_document *rd = render_find(docs[k]);
        struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, name = STRBUF_INIT;
        strbuf_addf(&a, "%s/full-%s.pdf", dir, docs[k]);
        strbuf_addf(&b, "%s/again-%s.pdf", dir, docs[k]);
        ok(rd != NULL, "%s is a document", docs[k]);
        is_int(rd->render(&dc, &ro, a.buf, &dl), ERR_OK, "%s rendered",
               docs[k]);
        is_int(rd->render(&dc, &ro, b.buf, &dl), ERR_OK, "%s again", docs[k]);
        ok(same_file(a.buf, b.buf), "%s: the same bytes", docs[k]);
        strbuf_reset(&text);
        if (pdf_text(a.buf, &text)) {
            skip("pdftotext is not installed");
        } else {
            strbuf_addf(&name, "render/full-%s.txt", docs[k]);
            golden(name.buf, &text);
        }
        if (getenv("T_RENDER_KEEP"))
            diag("kept %s", a.buf);
        else
            unlink(a.buf);
        unlink(b.buf);
        strbuf_release(&a);
        strbuf_release(&b);
        strbuf_release(&name);
    }
    ok(dl.nr == 0, "no diagnostics");
    for (i = 0; i < dl.nr; i++)
        diag("%s", dl.items[i].msg);
    ok(render_find("diploma") == NULL, "an unknown document");
    /* check refuses section names that clash with the documents' files:
       it knows every document of the table. */
    for (i = 0; i < render_n_documents; i++)
        ok(eventdir_knows_document(render_documents[i].name,
                                   render_documents[i].scope == RENDER_EVENT),
           "event.ini's check of section names knows the document '%s'",
           render_documents[i].name);
    if (!getenv("T_RENDER_KEEP"))
        rmdir(dir);
    standings_release(&s);
    tournament_free(t);
    diag_list_release(&dl);
    strbuf_release(&path);
    strbuf_release(&tdir);
    strbuf_release(&fdir);
    strbuf_release(&text);
    return done_testing();
}
