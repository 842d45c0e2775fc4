/* pipeline/forget: a person's personal data taken out of the archive.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include "pipeline/forget.h"

#include <stdlib.h>
#include <string.h>

#include "archive/bundle.h"
#include "archive/catalog.h"
#include "archive/commit.h"
#include "archive/manifest.h"
#include "archive/store.h"
#include "core/event.h"
#include "core/tournament.h"
#include "ingest/registry.h"
#include "ingest/trf.h"
#include "pipeline/build.h"
#include "pipeline/prepare.h"
#include "pipeline/publish.h"
#include "util/file.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/table.h"
#include "util/testpoint.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* The largest input file redacted (the readers' own limits are lower). */
#define FORGET_MAX_INPUT (64u << 20)

/* A bundle rewritten, waiting for the commit. */
struct rewritten {
    char *path; /* relative */
    struct strbuf zip;
    struct manifest m;
    char sha[65];
};

/* What one bundle's rewrite needs and finds. */
struct job {
    const char *root;
    const struct catalog_person *pe;
    const struct table *idents; /* every identity of his (column 0) */
    const struct publish_policy *pol;
    const char *date;
    /* Out, for the current version: his identities after the rewrite. */
    struct table *found;
};

/* Lines (sorted, unique) of one input file to redact. */
struct file_lines {
    char *file; /* path in the staging folder */
    int trf;
    unsigned *lines;
    size_t n, alloc;
};

struct targets {
    struct file_lines *f;
    size_t n, alloc;
};

static int has_ident(const struct table *t, const char *s)
{
    size_t i;

    for (i = 0; i < t->nrows; i++)
        if (!strcmp(table_cell(t, i, 0), s))
            return 1;
    return 0;
}

static void target_add(struct targets *tg, const char *file, int trf,
                       unsigned line)
{
    struct file_lines *f = NULL;
    size_t i;

    for (i = 0; i < tg->n && !f; i++)
        if (!strcmp(tg->f[i].file, file))
            f = &tg->f[i];
    if (!f) {
        ALLOC_GROW(tg->f, tg->n + 1, tg->alloc);
        f = &tg->f[tg->n++];
        memset(f, 0, sizeof(*f));
        f->file = xstrdup(file);
        f->trf = trf;
    }
    for (i = 0; i < f->n; i++)
        if (f->lines[i] == line)
            return;
    ALLOC_GROW(f->lines, f->n + 1, f->alloc);
    i = f->n++;
    while (i > 0 && f->lines[i - 1] > line) {
        f->lines[i] = f->lines[i - 1];
        i--;
    }
    f->lines[i] = line;
}

static void targets_release(struct targets *tg)
{
    size_t i;

    for (i = 0; i < tg->n; i++) {
        free(tg->f[i].file);
        free(tg->f[i].lines);
    }
    free(tg->f);
    memset(tg, 0, sizeof(*tg));
}

/*
 * His rows in the prepared event: the registry's and the TRF records of
 * the players whose catalogue identity is one of his.  The other people's
 * rows go to others (their lines may hold the same birth date).
 */
static void find_him(const struct prepared *p, const char *event_key,
                     const struct job *j, struct targets *his,
                     struct targets *others)
{
    struct strbuf id = STRBUF_INIT, kb = STRBUF_INIT;
    const struct event *ev = p->ev;
    size_t i, k;
    int pl;

    (void)p;
    for (i = 0; i < ev->n_sections; i++) {
        const struct section *sec = &ev->sections[i];
        const struct tournament *t = sec->t;
        for (pl = 0; t && pl < (int)t->n_players; pl++) {
            const struct person *pe = section_person(ev, sec, pl);
            int him;
            catalog_player_ident(ev, sec, t, pl, event_key, &id, &kb);
            him = has_ident(j->idents, id.buf) ||
                  (kb.len > 16 && kb.buf[kb.len - 11] == '|' &&
                   has_ident(j->idents, kb.buf));
            if (pe && ev->registry_file)
                target_add(him ? his : others, ev->registry_file, 0,
                           pe->at.line);
            if (sec->format == RESULTS_TRF && t->players[pl].line)
                target_add(him ? his : others, sec->path, 1,
                           t->players[pl].line);
        }
    }
    /* Registry rows of no section's player are nobody's here. */
    for (k = 0; ev->registry_file && k < ev->n_people; k++)
        target_add(others, ev->registry_file, 0, ev->people[k].at.line);
    strbuf_release(&id);
    strbuf_release(&kb);
}

/* 1 when line ln of f is in t. */
static int line_in(const struct targets *t, const char *f, unsigned ln)
{
    size_t i, k;

    for (i = 0; i < t->n; i++)
        if (!strcmp(t->f[i].file, f))
            for (k = 0; k < t->f[i].n; k++)
                if (t->f[i].lines[k] == ln)
                    return 1;
    return 0;
}

/* The ways inputs write the date "YYYY-MM-DD" d. */
static void date_forms(const char *d, struct strbuf forms[6])
{
    int k;

    for (k = 0; k < 6; k++)
        strbuf_reset(&forms[k]);
    strbuf_addstr(&forms[0], d);
    strbuf_addf(&forms[1], "%.2s.%.2s.%.4s", d + 8, d + 5, d);
    strbuf_addf(&forms[2], "%.4s/%.2s/%.2s", d, d + 5, d + 8);
    strbuf_addf(&forms[3], "%.2s/%.2s/%.4s", d + 8, d + 5, d);
    strbuf_addf(&forms[4], "%.4s.%.2s.%.2s", d, d + 5, d + 8);
    strbuf_addf(&forms[5], "%.2s-%.2s-%.4s", d + 8, d + 5, d);
}

/*
 * After the redaction: a line of an input that still holds one of his
 * full birth dates, and is no other person's row, is an error at it (he
 * may be named there in a way the program does not read).
 */
static enum err scan_inputs(const struct event *ev, const struct table *ids,
                            const struct targets *others,
                            struct diag_list *dl)
{
    struct strbuf forms[6], text = STRBUF_INIT;
    const char **files = xcalloc(ev->n_sections + 2, sizeof(*files));
    size_t nf = 0, i, r;
    enum err e = ERR_OK;
    int f;

    for (f = 0; f < 6; f++)
        strbuf_init(&forms[f], 16);
    files[nf++] = ev->ini_file;
    if (ev->registry_file)
        files[nf++] = ev->registry_file;
    for (i = 0; i < ev->n_sections; i++)
        files[nf++] = ev->sections[i].path;
    for (r = 0; r < ids->nrows; r++) {
        const char *id = table_cell(ids, r, 0);
        size_t n = strlen(id);
        if (strncmp(id, "name:", 5) || n < 16 || id[n - 11] != '|')
            continue;
        date_forms(id + n - 10, forms);
        for (i = 0; i < nf; i++) {
            unsigned ln = 1;
            const char *s, *end;
            strbuf_reset(&text);
            if (file_read(files[i], FORGET_MAX_INPUT, &text, dl)) {
                e = ERR_IO;
                goto out;
            }
            for (s = text.buf, end = s + text.len; s < end; ln++) {
                const char *eol = s;
                while (eol < end && *eol != '\n' && *eol != '\r')
                    eol++;
                for (f = 0; f < 6; f++) {
                    const char *hit;
                    char save = *eol;
                    *(char *)eol = '\0';
                    hit = strstr(s, forms[f].buf);
                    *(char *)eol = save;
                    if (!hit || line_in(others, files[i], ln))
                        continue;
                    diag_error(dl, files[i], ln,
                               (unsigned)utf8_nlen(s, (size_t)(hit - s)) + 1,
                               "still holds the birth date of the person "
                               "to forget (%s) where sekretar cannot tell "
                               "what it is; nothing was changed",
                               forms[f].buf);
                    e = ERR_DATA;
                    break;
                }
                if (eol < end && *eol == '\r' && eol + 1 < end &&
                    eol[1] == '\n')
                    eol++;
                s = eol + 1;
            }
        }
    }
out:
    for (f = 0; f < 6; f++)
        strbuf_release(&forms[f]);
    strbuf_release(&text);
    free(files);
    return e;
}

/* Redact the files his rows are in, each written over in the folder. */
static enum err redact(const struct targets *his, struct diag_list *dl)
{
    struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
    enum err e = ERR_OK;
    size_t i;

    for (i = 0; i < his->n && !e; i++) {
        const struct file_lines *f = &his->f[i];
        strbuf_reset(&in);
        e = file_read(f->file, FORGET_MAX_INPUT, &in, dl);
        if (e)
            break;
        e = f->trf ? trf_forget(in.buf, in.len, f->file, f->lines, f->n, &out,
                                dl)
                   : registry_forget(in.buf, in.len, f->file, f->lines, f->n,
                                     &out, dl);
        if (!e)
            e = file_write_atomic(f->file, out.buf, out.len, dl);
    }
    strbuf_release(&in);
    strbuf_release(&out);
    return e;
}

/* The bytes of file name of the bundle made in dir, or of bundle b. */
static enum err file_bytes(struct bundle *b, const char *dir, const char *name,
                           struct strbuf *out, struct diag_list *dl)
{
    struct strbuf path = STRBUF_INIT;
    enum err e;

    strbuf_reset(out);
    if (b)
        return bundle_read(b, name, out, dl);
    strbuf_addf(&path, "%s/%s", dir, name);
    e = file_read(path.buf, BUNDLE_MAX_ENTRY, out, dl);
    strbuf_release(&path);
    return e;
}

/*
 * The files that changed between m (bundle b) and made (the folder dir):
 * none may be one the site publishes as it is, and one published with
 * the births cut must be the same when cut.
 */
static enum err compare(const struct job *j, struct bundle *b,
                        const struct manifest *m, const char *dir,
                        const struct manifest *made, const char *label,
                        const char ***changed, size_t *n_changed,
                        struct diag_list *dl)
{
    struct strbuf a = STRBUF_INIT, c = STRBUF_INIT;
    struct strbuf ca = STRBUF_INIT, cc = STRBUF_INIT;
    enum err e = ERR_OK;
    size_t i;

    *changed = xcalloc(m->n ? m->n : 1, sizeof(**changed));
    *n_changed = 0;
    if (m->n != made->n) {
        diag_error(dl, NULL, 0, 0,
                   "%s: made again it holds %zu files, not %zu; nothing was "
                   "changed",
                   label, made->n, m->n);
        return ERR_DATA;
    }
    for (i = 0; i < m->n && !e; i++) {
        const struct manifest_file *x = &m->files[i], *y = &made->files[i];
        enum publish_as as;
        if (strcmp(x->name, y->name)) {
            diag_error(dl, NULL, 0, 0,
                       "%s: made again it holds '%s' for '%s'; nothing was "
                       "changed",
                       label, y->name, x->name);
            e = ERR_DATA;
            break;
        }
        if (!strcmp(x->sha256, y->sha256))
            continue;
        as = publish_file(j->pol, x->name, manifest_role_name(x->role));
        if (as == PUBLISH_CUT) {
            e = file_bytes(b, NULL, x->name, &a, dl);
            if (!e)
                e = file_bytes(NULL, dir, y->name, &c, dl);
            if (e)
                break;
            strbuf_reset(&ca);
            strbuf_reset(&cc);
            publish_cut(j->pol, x->name, a.buf, a.len, &ca);
            publish_cut(j->pol, y->name, c.buf, c.len, &cc);
            if (ca.len != cc.len || memcmp(ca.buf, cc.buf, ca.len))
                as = PUBLISH_AS_IS;
        }
        if (as == PUBLISH_AS_IS) {
            diag_error(dl, NULL, 0, 0,
                       "%s: '%s', a results file, would change (made by "
                       "'%s'; this is '%s'); nothing was changed",
                       label, x->name, m->software, build_software());
            e = ERR_DATA;
            break;
        }
        (*changed)[(*n_changed)++] = x->name;
    }
    strbuf_release(&a);
    strbuf_release(&c);
    strbuf_release(&ca);
    strbuf_release(&cc);
    return e;
}

/*
 * Rewrite the bundle at rel (relative to j->root) without his personal
 * data into out; 0 when it is rewritten, 1 when nothing of his was left
 * in it, or -1 with *err set.
 */
static int forget_bundle(const struct job *j, const char *rel, int current,
                         struct rewritten *out, enum err *err,
                         struct diag_list *outer)
{
    struct diag_list mine = DIAG_LIST_INIT, *dl = &mine;
    struct archive_staging st = ARCHIVE_STAGING_INIT;
    struct archive_staging made1 = ARCHIVE_STAGING_INIT;
    struct archive_staging made2 = ARCHIVE_STAGING_INIT;
    struct strbuf abs = STRBUF_INIT, zip = STRBUF_INIT;
    struct targets his = {NULL, 0, 0}, others = {NULL, 0, 0};
    struct manifest m, made, head;
    struct prepared p, p2;
    struct bundle *b = NULL;
    const char **changed = NULL;
    size_t n_changed = 0, i;
    int ret = -1;
    enum err e;

    manifest_init(&m);
    manifest_init(&made);
    manifest_init(&head);
    memset(&p, 0, sizeof(p));
    memset(&p2, 0, sizeof(p2));
    strbuf_addf(&abs, "%s/%s", j->root, rel);
    b = bundle_open_checked(abs.buf, &m, dl);
    if (!b) {
        diag_error(dl, NULL, 0, 0, "%s: refused; nothing was changed",
                   abs.buf);
        e = ERR_DATA;
        goto out;
    }
    e = archive_staging_make(j->root, "forget", &st, dl);
    if (!e)
        e = bundle_extract(b, st.dir, dl);
    if (!e)
        e = prepare_bundle_folder(st.dir, "forget-person", abs.buf, &p, dl);
    if (e)
        goto out;
    find_him(&p, m.event, j, &his, &others);
    if (!his.n) {
        ret = 1;
        goto out;
    }
    e = redact(&his, dl);
    if (!e)
        e = scan_inputs(p.ev, j->idents, &others, dl);
    if (!e)
        e = prepare_bundle_folder(st.dir, "forget-person", abs.buf, &p2, dl);
    if (!e)
        e = archive_staging_make(j->root, "forget-made", &made1, dl);
    if (!e)
        e = build_remake_bundle(&p2, &m, made1.dir, &made, &zip, dl);
    if (!e)
        e = compare(j, b, &m, made1.dir, &made, abs.buf, &changed,
                    &n_changed, dl);
    if (e)
        goto out;
    if (current && j->found) {
        struct strbuf id = STRBUF_INIT, kb = STRBUF_INIT;
        size_t s;
        int pl;
        /* His identities now: the rows redacted are his. */
        for (s = 0; s < p2.ev->n_sections; s++) {
            const struct section *sec = &p2.ev->sections[s];
            for (pl = 0; sec->t && pl < (int)sec->t->n_players; pl++) {
                const struct person *pe = section_person(p2.ev, sec, pl);
                int mine = pe && line_in(&his, p2.ev->registry_file,
                                         pe->at.line);
                if (sec->format == RESULTS_TRF && sec->t->players[pl].line &&
                    line_in(&his, sec->path, sec->t->players[pl].line))
                    mine = 1;
                if (!mine)
                    continue;
                catalog_player_ident(p2.ev, sec, sec->t, pl, m.event, &id,
                                     &kb);
                if (!has_ident(j->found, id.buf)) {
                    const char *cell = id.buf;
                    table_add_row(j->found, &cell);
                }
            }
        }
        strbuf_release(&id);
        strbuf_release(&kb);
    }
    if (!n_changed) {
        ret = 1;
        goto out;
    }
    /* The same bundle, with the removal recorded. */
    manifest_set(&head, m.event, m.version, m.software, m.created);
    if (m.diploma_url)
        head.diploma_url = xstrdup(m.diploma_url);
    manifest_copy_forgotten(&head, &m);
    {
        char key[21];
        publish_person_key(j->pe->ident, key);
        manifest_add_forgotten(&head, j->date, key, bundle_sha256(b),
                               build_software(), changed, n_changed);
    }
    manifest_release(&made);
    manifest_init(&made);
    strbuf_reset(&zip);
    e = archive_staging_make(j->root, "forget-made", &made2, dl);
    if (!e)
        e = build_remake_bundle(&p2, &head, made2.dir, &made, &zip, dl);
    if (e)
        goto out;
    out->path = xstrdup(rel);
    strbuf_init(&out->zip, 0);
    strbuf_addbuf(&out->zip, &zip);
    out->m = made;
    manifest_init(&made);
    sha256_hex(out->zip.buf, out->zip.len, out->sha);
    ret = 0;
out:
    /* A file of the unpacked bundle named as a file inside it. */
    for (i = 0; i < mine.nr; i++) {
        const struct diag *d = &mine.items[i];
        size_t n = st.dir ? strlen(st.dir) : 0;
        strbuf_reset(&abs);
        if (d->file && n && !strncmp(d->file, st.dir, n) && d->file[n] == '/')
            strbuf_addf(&abs, "%s/%s%s", j->root, rel, d->file + n);
        else if (d->file)
            strbuf_addstr(&abs, d->file);
        diag_add(outer, d->level, d->file ? abs.buf : NULL, d->line, d->col,
                 "%s", d->msg);
    }
    diag_list_release(&mine);
    free(changed);
    archive_staging_remove(&made2);
    archive_staging_remove(&made1);
    archive_staging_remove(&st);
    prepared_release(&p);
    prepared_release(&p2);
    bundle_close(b);
    manifest_release(&m);
    manifest_release(&made);
    manifest_release(&head);
    targets_release(&his);
    targets_release(&others);
    strbuf_release(&abs);
    strbuf_release(&zip);
    if (ret < 0)
        *err = e ? e : ERR_DATA;
    return ret;
}

enum err forget_person(const char *root, long long id, const char *date,
                       struct forget_result *res, struct diag_list *dl)
{
    struct archive_lock lk = ARCHIVE_LOCK_INIT;
    struct catalog *c = NULL;
    struct catalog_person pe;
    struct publish_policy pol;
    struct table idents, bundles, found;
    struct rewritten *rw = NULL;
    struct catalog_rewritten *cr = NULL;
    const char **ev_ids = NULL;
    size_t n_rw = 0, i, n_ev_ids = 0, pending = 0;
    struct strbuf year = STRBUF_INIT, first = STRBUF_INIT;
    int made = 0;
    enum err e;

    memset(res, 0, sizeof(*res));
    memset(&pe, 0, sizeof(pe));
    memset(&pol, 0, sizeof(pol));
    table_init_empty(&idents, 1);
    table_init_empty(&bundles, 5);
    table_init_empty(&found, 1);
    e = store_open_writer(root, 0, &lk, &c, &made, dl);
    if (e)
        goto out;
    if (catalog_person_get(c, id, &pe)) {
        diag_error(dl, NULL, 0, 0, "no person #%lld in the catalogue", id);
        e = ERR_DATA;
        goto out;
    }
    res->name = xstrdup(pe.name);
    /* The results as a results service publishes them do not change. */
    publish_policy_default(&pol);
    {
        table_release(&idents);
        e = catalog_person_idents(c, &pe, &idents, dl);
    }
    if (!e) {
        table_release(&bundles);
        e = catalog_person_bundles(c, id, &bundles, dl);
    }
    if (e)
        goto out;
    rw = xcalloc(bundles.nrows ? bundles.nrows : 1, sizeof(*rw));
    for (i = 0; i < bundles.nrows; i++) {
        struct job j;
        int cur = !strcmp(table_cell(&bundles, i, 4), "1"), r;
        size_t before = found.nrows;
        if (cur)
            res->events++;
        memset(&j, 0, sizeof(j));
        j.root = root;
        j.pe = &pe;
        j.idents = &idents;
        j.pol = &pol;
        j.date = date;
        j.found = &found;
        r = forget_bundle(&j, table_cell(&bundles, i, 2), cur, &rw[n_rw], &e,
                          dl);
        if (r < 0)
            goto out;
        if (r == 0)
            n_rw++;
        else
            res->unchanged++;
        /* The identity his first event gives him is the one he keeps. */
        if (cur && !first.len && found.nrows > before)
            strbuf_addstr(&first, table_cell(&found, before, 0));
    }
    /* Commit: every bundle pending, the catalogue, then each in place. */
    for (pending = 0; pending < n_rw && !e; pending++)
        e = archive_write_pending(root, rw[pending].path, rw[pending].zip.buf,
                                  rw[pending].zip.len, dl);
    if (e) {
        pending--;
        goto undo;
    }
    test_point("pending");
    cr = xcalloc(n_rw ? n_rw : 1, sizeof(*cr));
    for (i = 0; i < n_rw; i++) {
        cr[i].path = rw[i].path;
        cr[i].sha256 = rw[i].sha;
        cr[i].size = (long long)rw[i].zip.len;
        cr[i].m = &rw[i].m;
    }
    if (pe.fide || !first.len) {
        strbuf_reset(&first);
        strbuf_addstr(&first, pe.ident);
    }
    ev_ids = xcalloc(found.nrows ? found.nrows : 1, sizeof(*ev_ids));
    for (i = 0; i < found.nrows; i++)
        if (strcmp(table_cell(&found, i, 0), first.buf))
            ev_ids[n_ev_ids++] = table_cell(&found, i, 0);
    strbuf_add(&year, pe.birth, strlen(pe.birth) < 4 ? strlen(pe.birth) : 4);
    /* Nothing left of him to take out: the archive stays as it is. */
    if (!n_rw && !n_ev_ids && !strcmp(first.buf, pe.ident) &&
        !strcmp(year.buf, pe.birth))
        goto out;
    e = catalog_forget(c, &pe, first.buf, year.buf, ev_ids, n_ev_ids, cr,
                       n_rw, dl);
    if (e)
        goto undo;
    test_point("committed");
    for (i = 0; i < n_rw; i++) {
        enum err f = archive_finish(root, rw[i].path, NULL, dl);
        if (f && !e)
            e = f; /* the next writer's recovery finishes it */
    }
    res->rewritten = (int)n_rw;
    goto out;
undo:
    for (i = 0; i < pending; i++)
        archive_drop_pending(root, rw[i].path);
out:
    for (i = 0; rw && i < n_rw; i++) {
        free(rw[i].path);
        strbuf_release(&rw[i].zip);
        manifest_release(&rw[i].m);
    }
    free(rw);
    free(cr);
    free(ev_ids);
    table_release(&idents);
    table_release(&bundles);
    table_release(&found);
    catalog_person_release(&pe);
    publish_policy_release(&pol);
    catalog_close(c);
    archive_lock_release(&lk);
    strbuf_release(&year);
    strbuf_release(&first);
    return e;
}

void forget_result_release(struct forget_result *res)
{
    free(res->name);
    memset(res, 0, sizeof(*res));
}
