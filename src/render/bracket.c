/* render/bracket: the documents of a knock-out section: its bracket (the
 * tree of matches with the score of every stage) and the record of its
 * games (by round, match and stage).
 * SPDX-License-Identifier: MIT
 *
 * The bracket is drawn in columns, one per round, each match a box of its
 * two players (seed, name, region, and the points of each stage in cells
 * on the right), the winner in bold, lines joining each match to the one
 * its winner plays next.  A part of up to 32 players fills a page: round
 * 1 has one line per player (region beside the name), later rounds have
 * the room for the region under the name.  A bracket of more players is
 * drawn in parts of 32, a page each; the rounds after the parts go beside
 * the last part (the final and the match for third place of 64) or on a
 * page of their own (from 128).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/knockout.h"
#include "core/standings.h"
#include "core/tournament.h"
#include "render/doc.h"
#include "render/layout.h"
#include "render/page.h"
#include "render/render.h"
#include "render/wording.h"
#include "util/num.h"
#include "util/utf8.h"
#include "util/xalloc.h"
#include "util/banned.h"

/* Rounds of a part on one page: 32 players. */
#define PART_ROUNDS 5

static const char *const stage_keys[KO_N_STAGES] = {"classic", "rapid",
                                                    "blitz", "armageddon"};

struct bk {
    struct doc *d;
    const struct knockout *ko;
    struct flow *f;
    struct pdf *pdf;
    double size, lead, pad, gap;
    double w_seed, w_name, w_short, w_region, w_cell, w_cells;
    int short_names; /* after round 1: "Прізвище І." */
    double cw1, cw; /* a round-1 column and any other */
    const char *heads[KO_MAX_STEPS];
    const char *bye, *ad_mark;
    int part_rounds, parts;
    struct strbuf tmp;
};

/* ------------------------------------------------------------ players */

static const char *player_name(struct bk *b, int no, struct strbuf *out)
{
    const struct player *p = tournament_player(b->d->dc->t, no);

    strbuf_reset(out);
    if (p)
        doc_player_name(out, p->name);
    return out->buf;
}

/* "Прізвище І." of "Прізвище Ім'я": the surname and the first letter. */
static const char *short_name(struct bk *b, int no, struct strbuf *out)
{
    const char *sp;
    uint32_t cp;
    size_t n;

    player_name(b, no, out);
    sp = strchr(out->buf, ' ');
    if (!sp || !sp[1])
        return out->buf;
    n = utf8_decode(sp + 1, strlen(sp + 1), &cp);
    if (!n)
        return out->buf;
    strbuf_setlen(out, (size_t)(sp - out->buf) + 1 + n);
    strbuf_addch(out, '.');
    return out->buf;
}

static const char *player_region(struct bk *b, int no)
{
    const struct doc_context *dc = b->d->dc;
    const struct player *p = tournament_player(dc->t, no);

    if (!p || !dc->players)
        return "";
    return dc->players[p - dc->t->players].region
               ? dc->players[p - dc->t->players].region
               : "";
}

static double text_w(struct bk *b, enum pdf_face f, const char *s)
{
    return pdf_text_width(b->pdf, f, b->size, s, strlen(s));
}

static const char *round_title(struct bk *b, int r, struct strbuf *out);

/* The widths of the box's parts at b->size. */
static void measure(struct bk *b)
{
    const struct knockout *ko = b->ko;
    struct strbuf name = STRBUF_INIT;
    char seed[16];
    size_t i;
    int k;

    b->lead = b->size * 1.15;
    b->pad = b->size * 0.2;
    b->gap = b->size * 0.8;
    snprintf(seed, sizeof(seed), "%zu", ko->n_entrants);
    b->w_seed = text_w(b, PDF_SANS_BOLD, seed);
    for (i = 0; !ko->t->numbers_assigned && i < ko->n_entrants; i++) {
        double w;
        snprintf(seed, sizeof(seed), "%d", ko->entrants[i].start_no);
        if ((w = text_w(b, PDF_SANS_BOLD, seed)) > b->w_seed)
            b->w_seed = w;
    }
    b->w_name = b->w_short = b->w_region = 0;
    for (i = 0; i < ko->n_entrants; i++) {
        int no = ko->entrants[i].start_no;
        double w = text_w(b, PDF_SANS_BOLD, player_name(b, no, &name));
        if (w > b->w_name)
            b->w_name = w;
        w = text_w(b, PDF_SANS_BOLD, short_name(b, no, &name));
        if (w > b->w_short)
            b->w_short = w;
        w = text_w(b, PDF_SANS, player_region(b, no));
        if (w > b->w_region)
            b->w_region = w;
    }
    /* The column headings fit over the names. */
    for (k = 1; k <= ko->n_rounds; k++) {
        double w = text_w(b, PDF_SANS_BOLD, round_title(b, k, &name)) -
                   b->w_seed - b->pad;
        if (w > b->w_short)
            b->w_short = w;
        if (w > b->w_name)
            b->w_name = w;
    }
    b->w_cell = text_w(b, PDF_SANS_BOLD, "1½");
    for (k = 0; k < ko->ladder.n; k++)
        if (text_w(b, PDF_SANS_BOLD, b->heads[k]) > b->w_cell)
            b->w_cell = text_w(b, PDF_SANS_BOLD, b->heads[k]);
    b->w_cell += b->size * 0.3;
    /* The cells, and the mark of a drawn armageddon after the last. */
    /* (the mark with a margin each side: clear of the box's border) */
    b->w_cells = ko->ladder.n * b->w_cell +
                 text_w(b, PDF_SANS_BOLD, b->ad_mark) + 2 * b->pad;
    {
        double wn = b->short_names ? b->w_short : b->w_name;
        if (text_w(b, PDF_SANS, b->bye) > wn)
            wn = text_w(b, PDF_SANS, b->bye);
        b->cw = b->pad + b->w_seed + b->pad +
                (wn > b->w_region ? wn : b->w_region) + b->pad +
                b->w_cells;
    }
    b->cw1 = b->pad + b->w_seed + b->pad + b->w_name + 2 * b->pad +
             b->w_region + b->pad + b->w_cells;
    strbuf_release(&name);
}

/* The width of the columns of a part page (ncols rounds from round r0). */
static double part_width(const struct bk *b, int r0, int ncols)
{
    return (r0 == 1 ? b->cw1 : b->cw) + (ncols - 1) * (b->cw + b->gap);
}

static double col_x(const struct bk *b, int r0, int c)
{
    double x = b->f->box.left;

    if (c == 0)
        return x;
    return x + (r0 == 1 ? b->cw1 : b->cw) + b->gap + (c - 1) * (b->cw + b->gap);
}

/* ---------------------------------------------------------------- drawing */

static double baseline(const struct bk *b, enum pdf_face f, double top)
{
    return top + (b->lead - b->size) / 2 + pdf_ascent(b->pdf, f, b->size);
}

static void text_at(struct bk *b, enum pdf_face f, double x, double top,
                    const char *s)
{
    pdf_text(b->pdf, f, b->size, x, baseline(b, f, top), s, strlen(s));
}

static void text_centred(struct bk *b, enum pdf_face f, double x, double w,
                         double top, const char *s)
{
    text_at(b, f, x + (w - text_w(b, f, s)) / 2, top, s);
}

static void points_text(const struct ko_score *s, int a_side,
                        struct strbuf *out)
{
    strbuf_reset(out);
    num_points(out, a_side ? s->a : s->b);
}

/*
 * One player's lines of box m (side 0: player a, 1: b), from top; lines 2
 * puts the region on a line of its own.
 */
static void draw_player(struct bk *b, const struct ko_match *m, int side,
                        double x, double w, double top, int lines, int round1)
{
    int no = side ? m->b : m->a;
    int won = no && m->winner == no;
    enum pdf_face face = won ? PDF_SANS_BOLD : PDF_SANS;
    double xn = x + b->pad + b->w_seed + b->pad;
    double xc = x + w - b->w_cells;
    char seed[16];
    int k;

    if (!no) {
        if (m->status == KO_BYE)
            text_at(b, PDF_SANS, xn, top, b->bye);
        return;
    }
    /* One number per player on every document: the card's start number,
       the seed where the cards give none. */
    snprintf(seed, sizeof(seed), "%d",
             b->ko->t->numbers_assigned ? (side ? m->seed_b : m->seed_a)
                                        : no);
    text_at(b, face, x + b->pad + b->w_seed - text_w(b, face, seed), top,
            seed);
    text_at(b, face, xn, top,
            round1 || !b->short_names ? player_name(b, no, &b->tmp)
                                      : short_name(b, no, &b->tmp));
    if (round1)
        text_at(b, PDF_SANS, xn + b->w_name + 2 * b->pad, top,
                player_region(b, no));
    else if (lines > 1)
        text_at(b, PDF_SANS, xn, top + b->lead, player_region(b, no));
    if (m->status == KO_WALKOVER) {
        const char *mark = doc_str(b->d, "bracket", "walkover");
        text_centred(b, face, xc, b->w_cell, top, won ? mark : "−");
        return;
    }
    for (k = 0; k < m->n_scores; k++) {
        const struct ko_score *s = &m->scores[k];
        int step;
        if (!s->games)
            continue;
        for (step = 0; step < b->ko->ladder.n &&
                       b->ko->ladder.steps[step].stage != s->stage;
             step++)
            ;
        points_text(s, !side, &b->tmp);
        text_centred(b, face, xc + step * b->w_cell, b->w_cell, top,
                     b->tmp.buf);
        if (m->armageddon_draw && s->stage == KO_ARMAGEDDON && won)
            text_at(b, face, xc + (step + 1) * b->w_cell + b->pad, top,
                    b->ad_mark);
    }
}

/* Box of match m centred at yc, lines per player, in column x, width w. */
static void draw_box(struct bk *b, const struct ko_match *m, double x,
                     double w, double yc, int lines, int round1)
{
    double h = lines * b->lead, top = yc - h, bottom = yc + h;
    double xc = x + w - b->w_cells;
    int k;

    pdf_line(b->pdf, x, top, x + w, top, 0.5);
    pdf_line(b->pdf, x, bottom, x + w, bottom, 0.5);
    pdf_line(b->pdf, x, top, x, bottom, 0.5);
    pdf_line(b->pdf, x + w, top, x + w, bottom, 0.5);
    pdf_line(b->pdf, x, yc, x + w, yc, 0.3);
    for (k = 0; k < b->ko->ladder.n; k++)
        pdf_line(b->pdf, xc + k * b->w_cell, top, xc + k * b->w_cell, bottom,
                 0.2);
    if (!m)
        return;
    draw_player(b, m, 0, x, w, top, lines, round1);
    draw_player(b, m, 1, x, w, yc, lines, round1);
}

/* The heading of a column: the round, and the stage letters over the
   score cells. */
static void column_heading(struct bk *b, const char *title, double x,
                           double w, double top, int cells)
{
    double xc = x + w - b->w_cells;
    int k;

    text_at(b, PDF_SANS_BOLD, x + b->pad, top, title);
    for (k = 0; cells && k < b->ko->ladder.n; k++)
        text_centred(b, PDF_SANS_BOLD, xc + k * b->w_cell, b->w_cell, top,
                     b->heads[k]);
}

static const char *round_title(struct bk *b, int r, struct strbuf *out)
{
    struct template_var v;
    char num[16];

    strbuf_reset(out);
    if (r == b->ko->n_rounds) {
        strbuf_addstr(out, doc_str(b->d, "bracket", "round-final"));
        return out->buf;
    }
    snprintf(num, sizeof(num), "%d", r);
    v.name = "round";
    v.value = num;
    doc_expand(b->d, "bracket", "round", &v, 1, out);
    return out->buf;
}

/*
 * The rounds r0..r1 of the positions [q0, q0 + n) of round r0 (draw
 * order), in the area from top to bottom; *final_y gets the centre of the
 * last column's first box.
 */
static void draw_tree(struct bk *b, int r0, int r1, int q0, int n, double top,
                      double bottom, double *final_y)
{
    const struct knockout *ko = b->ko;
    int *order = xcalloc((size_t)ko->size + 1, sizeof(int));
    double *prev_y = xcalloc((size_t)n + 1, sizeof(double));
    double *cur_y = xcalloc((size_t)n + 1, sizeof(double));
    double h, heads = b->lead + b->pad;
    int r, q, c;

    for (r = r0, c = 0; r <= r1; r++, c++)
        column_heading(b, round_title(b, r, &b->tmp), col_x(b, r0, c),
                       c == 0 && r0 == 1 ? b->cw1 : b->cw, top, 1);
    top += heads;
    h = (bottom - top) / n;
    for (r = r0, c = 0; r <= r1; r++, c++) {
        int m = n >> c, qs = q0 >> c;
        double x = col_x(b, r0, c), w = c == 0 && r0 == 1 ? b->cw1 : b->cw;
        int lines = c == 0 && r0 == 1               ? 1
                    : h * (1 << c) >= 4 * b->lead + b->pad ? 2
                                                         : 1;
        knockout_draw_order(ko, r, order);
        for (q = 0; q < m; q++) {
            const struct ko_match *km = knockout_match(ko, r, order[qs + q]);
            double yc = top + (q + 0.5) * h * (1 << c);
            cur_y[q] = yc;
            draw_box(b, km, x, w, yc, lines, c == 0 && r0 == 1);
            if (c > 0) {
                double xp = col_x(b, r0, c - 1) +
                            (c == 1 && r0 == 1 ? b->cw1 : b->cw);
                double xm = xp + b->gap / 2;
                double y1 = prev_y[2 * q], y2 = prev_y[2 * q + 1];
                pdf_line(b->pdf, xp, y1, xm, y1, 0.5);
                pdf_line(b->pdf, xp, y2, xm, y2, 0.5);
                pdf_line(b->pdf, xm, y1, xm, y2, 0.5);
                pdf_line(b->pdf, xm, yc, x, yc, 0.5);
            }
        }
        memcpy(prev_y, cur_y, sizeof(double) * (size_t)m);
    }
    *final_y = cur_y[0];
    free(order);
    free(prev_y);
    free(cur_y);
}

/* A match drawn alone (the final beside a part, the match for third place)
   under its heading, centred at yc in column x. */
static void lone_match(struct bk *b, const struct ko_match *m,
                       const char *title, double x, double yc)
{
    int lines = 2;

    text_at(b, PDF_SANS_BOLD, x + b->pad, yc - lines * b->lead - b->lead - 1,
            title);
    draw_box(b, m, x, b->cw, yc, lines, 0);
}

/* The least room a part's first column needs per match. */
static double match_room(const struct bk *b)
{
    return 2 * b->lead + b->size * 0.2;
}

static void draw(struct doc *d, void *flow, double tail)
{
    struct bk *b = d->draw_arg;
    struct flow *f = flow;
    const struct knockout *ko = b->ko;
    const struct ko_match *third = knockout_match(ko, ko->n_rounds, 2);
    double width = f->box.right - f->box.left;
    int pr = b->part_rounds, n1 = ko->size >> 1, per = n1 / b->parts;
    int p, fits = 0;
    double yf = 0;

    b->f = f;
    b->pdf = f->pdf;
    /* The largest size from the template's down to its least that fits,
       with the legend and the signatures below the bracket, else with
       them on a page after it. */
    {
        double max = b->size, min;
        int with_tail;
        doc_template_failed(d, template_number(&d->tpl, "bracket",
                                               "min-size", 7, 7, 14, &min,
                                               d->dl));
        for (with_tail = 1; with_tail >= 0 && !fits; with_tail--)
            for (b->size = max; b->size >= min - 1e-9 && !fits;
                 b->size -= 0.5) {
                double room = f->box.bottom - f->y -
                              (with_tail ? tail : 0) - b->lead - b->pad;
                for (b->short_names = 0; b->short_names < 2 && !fits;
                     b->short_names++) {
                    measure(b);
                    fits = part_width(b, 1, pr) <= width &&
                           per * match_room(b) <= room;
                }
            }
        b->size += 0.5;
        b->short_names--;
        if (fits && with_tail < 0)
            tail = 0;
    }
    if (!fits) {
        doc_fail(d, ERR_RENDER,
                 "the bracket of %zu players does not fit the page even at "
                 "%g pt",
                 ko->n_entrants, b->size);
        return;
    }
    for (p = 0; p < b->parts; p++) {
        int last = p == b->parts - 1 && b->parts <= 2;
        double bottom = f->box.bottom - (last ? tail : 0);
        if (p)
            flow_new_page(f);
        draw_tree(b, 1, pr, p * per, per, f->y, bottom, &yf);
        if (b->parts == 1 && third) {
            double yt = yf + (bottom - yf) / 2;
            lone_match(b, third, doc_str(d, "bracket", "round-third"),
                       col_x(b, 1, pr - 1), yt);
        }
        if (b->parts == 2 && p == 1) {
            /* The final and the match for third place below the part's
               last match. */
            double x = col_x(b, 1, pr - 1), room = bottom - yf;
            lone_match(b, knockout_match(ko, ko->n_rounds, 1),
                       round_title(b, ko->n_rounds, &b->tmp), x,
                       yf + room * 0.45);
            if (third)
                lone_match(b, third, doc_str(d, "bracket", "round-third"), x,
                           yf + room * 0.85);
        }
        f->y = bottom;
    }
    if (b->parts > 2) {
        /* The rounds after the parts on a page of their own. */
        double bottom = f->box.bottom - tail;
        flow_new_page(f);
        draw_tree(b, pr + 1, ko->n_rounds, 0, b->parts / 2, f->y,
                  bottom - (bottom - f->y) / 3, &yf);
        if (third)
            lone_match(b, third, doc_str(d, "bracket", "round-third"),
                       col_x(b, pr + 1, ko->n_rounds - pr - 1),
                       yf + (bottom - yf) / 2);
        f->y = bottom;
    }
    f->y = f->box.bottom - tail;
}

/* ------------------------------------------------------------ legend */

/* Whom a drawn armageddon makes the winner, as "who played ...": the
   section's ladder (black by seed 000). */
static const char *armageddon_colour(struct doc *d, const struct knockout *ko)
{
    return doc_str(d, "legend", ko->ladder.armageddon_draw == 'w'
                                    ? "armageddon-white"
                                    : "armageddon-black");
}

static void bracket_legend(struct bk *b)
{
    struct doc *d = b->d;
    const struct doc_context *dc = d->dc;
    const struct knockout *ko = b->ko;
    struct strbuf stages = STRBUF_INIT, key = STRBUF_INIT;
    struct strbuf name = STRBUF_INIT, opp = STRBUF_INIT;
    int k, any_ad = 0, any_bye = 0;
    size_t i;

    for (k = 0; k < ko->ladder.n; k++) {
        enum ko_stage st = ko->ladder.steps[k].stage;
        const char *tc = st == KO_CLASSIC      ? dc->time_control
                         : st == KO_RAPID      ? dc->time_control_rapid
                         : st == KO_BLITZ      ? dc->time_control_blitz
                                               : dc->time_control_armageddon;
        struct template_var v[] = {{"heading", b->heads[k]},
                                   {"tc", tc ? tc : ""}};
        strbuf_reset(&key);
        strbuf_addf(&key, "stage-%s%s", stage_keys[st],
                    tc && *tc ? "" : "-plain");
        if (stages.len)
            strbuf_addstr(&stages, "; ");
        doc_expand(d, "legend", key.buf, v, 2, &stages);
    }
    {
        struct template_var v = {"stages", stages.buf};
        doc_lines_expand(d, &d->legend, "legend", "scores", &v, 1);
    }
    for (i = 0; i < ko->n_matches; i++) {
        const struct ko_match *m = &ko->matches[i];
        size_t g;
        any_ad |= m->armageddon_draw;
        any_bye |= m->status == KO_BYE;
        for (g = 0; g < m->n_games; g++) {
            const struct ko_game *kg = m->games[g];
            char round[16], game[16];
            int loser;
            if (!(kg->wcode == '+' || kg->wcode == '-'))
                continue;
            loser = kg->wcode == '-' ? kg->white : kg->black;
            snprintf(round, sizeof(round), "%d", m->round);
            snprintf(game, sizeof(game), "%d", kg->game);
            /* Players without a name by their start number. */
            if (!*player_name(b, loser, &name))
                strbuf_addf(&name, "%d", loser);
            if (!*player_name(b, loser == kg->white ? kg->black : kg->white,
                              &opp))
                strbuf_addf(&opp, "%d",
                            loser == kg->white ? kg->black : kg->white);
            {
                struct template_var v[] = {{"round", round},
                                           {"game", game},
                                           {"name", name.buf},
                                           {"opponent", opp.buf}};
                doc_lines_expand(d, &d->legend, "legend",
                                 kg->game ? "forfeit" : "walkover", v, 4);
            }
        }
    }
    if (any_ad) {
        struct template_var v[] = {
            {"mark", b->ad_mark},
            {"colour", armageddon_colour(d, ko)}};
        doc_lines_expand(d, &d->legend, "legend", "armageddon-draw", v, 2);
    }
    if (any_bye) {
        struct template_var v = {"bye", b->bye};
        doc_lines_expand(d, &d->legend, "legend", "bye", &v, 1);
    }
    strbuf_release(&stages);
    strbuf_release(&key);
    strbuf_release(&name);
    strbuf_release(&opp);
}

enum err render_bracket(const struct doc_context *dc,
                        const struct render_options *ro, const char *path,
                        struct diag_list *dl)
{
    struct doc d;
    struct bk b;
    enum err e;
    int k;

    memset(&b, 0, sizeof(b));
    doc_open(&d, "bracket", "title", "subtitle", dc, ro, dl);
    if (!dc->ko && !d.err)
        doc_fail(&d, ERR_RENDER, "the section is not a knock-out: it has "
                                 "no bracket");
    if (!d.err) {
        b.d = &d;
        b.ko = dc->ko;
        strbuf_init(&b.tmp, 64);
        for (k = 0; k < b.ko->ladder.n; k++) {
            struct strbuf sk = STRBUF_INIT;
            strbuf_addf(&sk, "stage-%s",
                        stage_keys[b.ko->ladder.steps[k].stage]);
            b.heads[k] = doc_str(&d, "bracket", sk.buf);
            strbuf_release(&sk);
        }
        b.bye = doc_str(&d, "bracket", "bye");
        b.ad_mark = doc_str(&d, "bracket", "armageddon-draw");
        doc_template_failed(&d, template_number(&d.tpl, "bracket", "size", 8,
                                                7, 14, &b.size, dl));
        b.part_rounds =
            b.ko->n_rounds < PART_ROUNDS ? b.ko->n_rounds : PART_ROUNDS;
        b.parts = b.ko->size >> b.part_rounds;
        bracket_legend(&b);
        d.draw = draw;
        d.draw_arg = &b;
    }
    e = page_write_pdf(&d, path);
    strbuf_release(&b.tmp);
    doc_close(&d);
    return e;
}

/* ----------------------------------------------------------- matches */

enum mcol { MC_ROUND, MC_MATCH, MC_GAME, MC_STAGE, MC_WHITE_NO, MC_WHITE,
            MC_BLACK_NO, MC_BLACK, MC_RESULT, MC_SCORE, MC_COUNT };

static const char *const mcol_keys[MC_COUNT] = {
    "round", "match", "game",  "stage",  "white-no",
    "white", "black-no", "black", "result", "score"};

static void result_text(char w, char bl, struct strbuf *out)
{
    if (w == ' ')
        return;
    if (w == '+' || w == '-') {
        strbuf_addstr(out, w == '+' ? "+" : "−");
        strbuf_addstr(out, " – ");
        strbuf_addstr(out, bl == '+' ? "+" : "−");
        return;
    }
    strbuf_addstr(out, w == '1' ? "1 – 0" : w == '=' ? "½ – ½" : "0 – 1");
}

enum err render_matches(const struct doc_context *dc,
                        const struct render_options *ro, const char *path,
                        struct diag_list *dl)
{
    struct doc d;
    struct strbuf sb = STRBUF_INIT;
    enum err e;
    size_t i, c;

    doc_open(&d, "matches", "title", "subtitle", dc, ro, dl);
    if (!dc->ko && !d.err)
        doc_fail(&d, ERR_RENDER, "the section is not a knock-out: it has "
                                 "no matches");
    if (!d.err) {
        const struct knockout *ko = dc->ko;
        struct sheet *g = &d.sheet;
        sheet_release(g);
        sheet_init(g, MC_COUNT);
        for (c = 0; c < MC_COUNT; c++)
            sheet_set_col(g, c, doc_str(&d, "columns", mcol_keys[c]),
                          c == MC_WHITE || c == MC_BLACK || c == MC_SCORE
                              ? ALIGN_LEFT
                              : ALIGN_CENTRE,
                          c == MC_WHITE || c == MC_BLACK || c == MC_SCORE
                              ? SHEET_WRAP
                              : 0);
        for (i = 0; i < ko->n_matches; i++) {
            const struct ko_match *m = &ko->matches[i];
            size_t k;
            for (k = 0; k < m->n_games; k++) {
                const struct ko_game *kg = m->games[k];
                size_t r;
                char num[16];
                if (!kg->black)
                    continue; /* a bye: the bracket shows it */
                r = sheet_add_row(g);
                snprintf(num, sizeof(num), "%d", m->round);
                sheet_set(g, r, MC_ROUND, num);
                snprintf(num, sizeof(num), "%d", m->no);
                sheet_set(g, r, MC_MATCH, num);
                if (kg->game) {
                    snprintf(num, sizeof(num), "%d", kg->game);
                    sheet_set(g, r, MC_GAME, num);
                }
                sheet_set(g, r, MC_STAGE,
                          doc_str(&d, "stages",
                                  kg->game ? stage_keys[kg->stage]
                                           : "walkover"));
                snprintf(num, sizeof(num), "%d",
                         doc_player_number(dc, kg->white));
                sheet_set(g, r, MC_WHITE_NO, num);
                snprintf(num, sizeof(num), "%d",
                         doc_player_number(dc, kg->black));
                sheet_set(g, r, MC_BLACK_NO, num);
                strbuf_reset(&sb);
                doc_player_name(&sb, tournament_player(dc->t, kg->white)->name);
                sheet_set(g, r, MC_WHITE, sb.buf);
                strbuf_reset(&sb);
                doc_player_name(&sb, tournament_player(dc->t, kg->black)->name);
                sheet_set(g, r, MC_BLACK, sb.buf);
                strbuf_reset(&sb);
                result_text(kg->wcode, kg->bcode, &sb);
                sheet_set(g, r, MC_RESULT, sb.buf);
                if (k + 1 == m->n_games && m->winner) {
                    struct strbuf w = STRBUF_INIT;
                    strbuf_reset(&sb);
                    doc_player_name(&w,
                                    tournament_player(dc->t, m->winner)->name);
                    strbuf_addf(&sb, "%s (", w.buf);
                    ko_match_score(m, m->winner, &sb);
                    strbuf_addch(&sb, ')');
                    sheet_set(g, r, MC_SCORE, sb.buf);
                    strbuf_release(&w);
                }
            }
        }
        doc_lines_expand(&d, &d.legend, "legend", "forfeit", NULL, 0);
        doc_lines_expand(&d, &d.legend, "legend", "open", NULL, 0);
        for (i = 0; i < ko->n_matches; i++) {
            size_t k;
            for (k = 0; k < ko->matches[i].n_games; k++)
                if (ko->matches[i].games[k]->stage == KO_ARMAGEDDON)
                    break;
            if (k < ko->matches[i].n_games)
                break;
        }
        if (i < ko->n_matches) {
            /* A drawn armageddon decides the match. */
            struct template_var v = {"colour", armageddon_colour(&d, ko)};
            doc_lines_expand(&d, &d.legend, "legend", "armageddon", &v, 1);
        }
    }
    e = page_write_pdf(&d, path);
    strbuf_release(&sb);
    doc_close(&d);
    return e;
}
