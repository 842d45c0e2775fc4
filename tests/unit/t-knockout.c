/* tests/unit/t-knockout: the bracket of core/knockout: the order a round
 * is drawn in (seeds 1 and 2 meet only in the final), the pairing of
 * later rounds, byes, a bracket read from the cards (numbered from the
 * top down, drawn by lot), the stage names and the ladder, a match's score.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/knockout.h"
#include "core/tournament.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* A tournament of n players by start number, with the given rows. */
static struct tournament *players(int n, struct ko_game *rows, size_t nrows)
{
    struct tournament *t = tournament_new();
    struct ko_input *in = arena_alloc(&t->arena, sizeof(*in));
    int i;

    for (i = 1; i <= n; i++) {
        struct player *p = tournament_add_player(t);
        p->start_no = i;
        p->name = "";
    }
    tournament_index(t);
    in->file = "t.csv";
    in->games = rows;
    in->n = nrows;
    t->ko_input = in;
    t->source = "t.csv";
    return t;
}

static void draw_order(void)
{
    struct tournament *t = players(32, NULL, 0);
    struct ko_ladder l;
    struct knockout ko;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    int seeds[32], order[16], i;

    for (i = 0; i < 32; i++)
        seeds[i] = i + 1;
    ko_ladder_default(&l);
    is_int(knockout_build(&ko, t, seeds, 32, 0, &l, &dl), ERR_OK,
           "an empty bracket of 32 builds");
    is_int(ko.n_rounds, 5, "32 players: 5 rounds");
    is_int(knockout_round_matches(&ko, 1), 16, "16 matches in round 1");
    is_int(knockout_round_matches(&ko, 5), 2,
           "the final and the match for third place");
    knockout_draw_order(&ko, 1, order);
    for (i = 0; i < 16; i++)
        strbuf_addf(&sb, "%s%d", i ? " " : "", order[i]);
    is_str(sb.buf, "1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11",
           "round 1 drawn as the standard bracket");
    is_int(knockout_match(&ko, 1, 7)->seed_a, 7, "match 7: seed 7");
    is_int(knockout_match(&ko, 1, 7)->seed_b, 26, "match 7: against 26");
    knockout_draw_order(&ko, 4, order);
    is_int(order[0] * 10 + order[1], 12, "the semi-finals: 1, then 2");
    knockout_release(&ko);
    tournament_free(t);
    strbuf_release(&sb);
    diag_list_release(&dl);
}

static void byes(void)
{
    struct tournament *t = players(5, NULL, 0);
    struct ko_ladder l;
    struct knockout ko;
    struct diag_list dl = DIAG_LIST_INIT;
    int seeds[5] = {5, 4, 3, 2, 1};

    ko_ladder_default(&l);
    knockout_build(&ko, t, seeds, 5, 0, &l, &dl);
    is_int(ko.size, 8, "5 players: 8 slots");
    is_int(knockout_match(&ko, 1, 1)->status, KO_BYE, "seed 1 has a bye");
    is_int(knockout_match(&ko, 1, 1)->winner, 5, "seed 1 is start number 5");
    is_int(knockout_match(&ko, 1, 3)->status, KO_BYE, "seed 3 has a bye");
    is_int(knockout_match(&ko, 1, 4)->status, KO_OPEN,
           "seeds 4 and 5 play");
    is_int(knockout_match(&ko, 2, 1)->a, 5, "round 2: seed 1 waits there");
    is_int((int)dl.nr, 0, "no findings");
    knockout_release(&ko);
    tournament_free(t);
    diag_list_release(&dl);
}

static void stages(void)
{
    struct ko_ladder l;
    struct strbuf sb = STRBUF_INIT;
    enum ko_stage st = KO_CLASSIC;

    ko_ladder_default(&l);
    ko_ladder_format(&l, &sb);
    is_str(sb.buf, "classic 2, rapid 2, blitz 2, armageddon 1",
           "seed 000's ladder");
    ok(l.armageddon_draw == 'b' && l.third_place,
       "a drawn armageddon for black, a match for third place");
    ok(!ko_stage_parse("Швидкі", &st) && st == KO_RAPID, "Швидкі: rapid");
    ok(!ko_stage_parse(" армагедон ", &st) && st == KO_ARMAGEDDON,
       "армагедон: armageddon");
    ok(ko_stage_parse("bullet", &st) < 0, "bullet: unknown");
    is_str(ko_stage_name_uk(KO_BLITZ), "бліц", "blitz in Ukrainian");
    strbuf_release(&sb);
}

static void score(void)
{
    static struct ko_game rows[] = {
        {1, 1, 1, KO_CLASSIC, 1, 2, '=', '=', 2, 1, 1, 1, 1, 1, 1, 1},
        {1, 1, 2, KO_CLASSIC, 2, 1, '=', '=', 3, 1, 1, 1, 1, 1, 1, 1},
        {1, 1, 3, KO_RAPID, 2, 1, '0', '1', 4, 1, 1, 1, 1, 1, 1, 1},
        {1, 1, 4, KO_RAPID, 1, 2, '=', '=', 5, 1, 1, 1, 1, 1, 1, 1},
    };
    struct tournament *t = players(2, rows, 4);
    struct ko_ladder l;
    struct knockout ko;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    int seeds[2] = {1, 2};
    const struct ko_match *m;

    ko_ladder_default(&l);
    is_int(knockout_build(&ko, t, seeds, 2, 0, &l, &dl), ERR_OK,
           "a final decided in rapid");
    m = knockout_match(&ko, 1, 1);
    is_int(m->winner, 1, "1 wins");
    is_int(m->decided_step, 1, "in the rapid stage");
    ko_match_score(m, 0, &sb);
    is_str(sb.buf, "1–1, 1½–½ швидкі", "the score, player a first");
    strbuf_reset(&sb);
    ko_match_score(m, 2, &sb);
    is_str(sb.buf, "1–1, ½–1½ швидкі", "the score, the loser first");
    is_int(ko.entrants[0].place_lo, 1, "the winner first");
    is_int(ko.entrants[1].start_no, 2, "the loser second");
    knockout_release(&ko);
    tournament_free(t);
    strbuf_release(&sb);
    diag_list_release(&dl);
}

/* Round 1 of 8 as its rows name it, numbered from the top down, then
   drawn by lot: the tree from the cards, a warning only when seeded. */
static void inferred(void)
{
#define G(m, w, b, l) {1, m, 1, KO_CLASSIC, w, b, '1', '0', l, 1, 1, 1, 1, 1, 1, 1}
    static struct ko_game top_down[] = {
        G(1, 1, 8, 2), G(2, 4, 5, 3), G(3, 2, 7, 4), G(4, 3, 6, 5),
    };
    static struct ko_game drawn[] = {
        G(1, 1, 5, 2), G(2, 3, 8, 3), G(3, 2, 6, 4), G(4, 4, 7, 5),
    };
#undef G
    struct tournament *t = players(8, top_down, 4);
    struct ko_ladder l;
    struct knockout ko;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    int seeds[8] = {1, 2, 3, 4, 5, 6, 7, 8}, order[4], i;

    ko_ladder_default(&l);
    is_int(knockout_build(&ko, t, seeds, 8, 1, &l, &dl), ERR_OK,
           "round 1 numbered from the top down builds");
    knockout_draw_order(&ko, 1, order);
    for (i = 0; i < 4; i++)
        strbuf_addf(&sb, "%s%d", i ? " " : "", order[i]);
    is_str(sb.buf, "1 2 3 4", "drawn in the cards' order");
    is_int(knockout_match(&ko, 2, 1)->feed[1], 2,
           "round 2's match 1 waits for matches 1 and 2");
    is_int((int)dl.nr, 0, "standard seeding: no warning");
    knockout_release(&ko);
    tournament_free(t);

    t = players(8, drawn, 4);
    is_int(knockout_build(&ko, t, seeds, 8, 1, &l, &dl), ERR_OK,
           "round 1 drawn by lot builds");
    is_int(knockout_match(&ko, 1, 2)->b, 8, "match 2: 3 against 8");
    is_int((int)dl.nr, 1, "seeded: one warning for the round");
    knockout_release(&ko);
    is_int(knockout_build(&ko, t, seeds, 8, 0, &l, &dl), ERR_OK,
           "drawn by lot, not seeded");
    is_int((int)dl.nr, 1, "not seeded: no warning");
    knockout_release(&ko);
    tournament_free(t);
    strbuf_release(&sb);
    diag_list_release(&dl);
}

int main(void)
{
    draw_order();
    byes();
    stages();
    score();
    inferred();
    return done_testing();
}
