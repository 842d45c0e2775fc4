/* core/tiebreak/table: every tie-break Sekretar computes, one row each: its
 * code, names, what it accepts and the functions that make it.
 * SPDX-License-Identifier: MIT
 *
 * Adding a tie-break is a function in the file of its family, its row
 * here and a block in tests/cases/tiebreak.cases (docs/tie-breaks.md,
 * whose table "make docs" writes from this one).
 */
#include "core/tiebreak.h"

#include <string.h>

#include "core/tiebreak/internal.h"
#include "util/banned.h"

/* What the Buchholz family accepts. */
#define BH_FLAGS (TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY | TBD_POINTS)
/* What the rating family accepts. */
#define RATING_FLAGS                                                           \
    (TBD_CUT | TBD_MEDIAN | TBD_RATING | TBD_INTEGER | TBD_INDIVIDUAL)
/* What the extended Sonneborn-Berger of teams accepts. */
#define ESB_FLAGS (TBD_TEAM | TBD_CUT | TBD_MEDIAN | TBD_PLAYED | TBD_POLICY)

const struct tiebreak_def tiebreak_table[] = {
    {.id = TB_PTS,
     .code = "PTS",
     .ua_short = "Очки",
     .ua_name = "очки",
     .en_name = "points",
     .compute = tb_pts,
     .explain = tb_pts_explain},
    {.code = "BH",
     .ua_short = "Бхг",
     .ua_name = "коефіцієнт Бухгольця",
     .ua_note = "сума очок суперників",
     .en_name = "Buchholz",
     .flags = BH_FLAGS,
     .compute = tb_bh,
     .explain = tb_bh_explain,
     .team_engine = tb_team_on_points},
    {.code = "FB",
     .ua_short = "ПБхг",
     .ua_name = "попередній коефіцієнт Бухгольця (останній тур як нічия)",
     .en_name = "Fore Buchholz",
     .flags = BH_FLAGS,
     .compute = tb_fb,
     .explain = tb_fb_explain,
     .team_engine = tb_team_on_points},
    {.code = "AOB",
     .ua_short = "СБхгС",
     .ua_name = "середній коефіцієнт Бухгольця суперників",
     .en_name = "average of the opponents' Buchholz",
     .flags = BH_FLAGS,
     .compute = tb_aob,
     .explain = tb_aob_explain,
     .team_engine = tb_team_on_points},
    {.code = "SB",
     .ua_short = "З-Б",
     .ua_name = "коефіцієнт Зоннеборна-Бергера",
     .en_name = "Sonneborn-Berger",
     .flags = BH_FLAGS,
     .compute = tb_sb,
     .explain = tb_sb_explain,
     .team_engine = tb_team_on_points},
    {.code = "PS",
     .ua_short = "Прогр.",
     .ua_name = "прогресивний коефіцієнт",
     .ua_note = "сума очок після кожного туру",
     .en_name = "progressive score",
     .flags = TBD_CUT | TBD_FIRST_ROUNDS | TBD_POINTS,
     .compute = tb_ps,
     .explain = tb_ps_explain,
     .team_engine = tb_team_on_points},
    {.code = "WIN",
     .ua_short = "Перем.",
     .ua_name = "кількість перемог (з перемогами через неявку та "
                "повноочковими вільними турами)",
     .ua_team = "кількість виграних матчів (з технічними перемогами та "
                "повноочковими вільними турами)",
     .en_name = "number of wins",
     .flags = TBD_INTEGER,
     .compute = tb_win,
     .explain = tb_win_explain,
     .team_engine = tb_team_on_match_points},
    {.code = "WON",
     .ua_short = "Вигр.",
     .ua_name = "кількість партій, виграних за шахівницею",
     .ua_team = "кількість матчів, виграних за шахівницею",
     .en_name = "number of games won",
     .flags = TBD_INTEGER,
     .compute = tb_won,
     .explain = tb_won_explain,
     .team_engine = tb_team_on_match_points},
    {.code = "BPG",
     .ua_short = "Чорн.",
     .ua_name = "кількість партій, зіграних чорними",
     .ua_team = "кількість матчів, зіграних чорними",
     .en_name = "games played with black",
     .flags = TBD_INTEGER,
     .compute = tb_bpg,
     .explain = tb_bpg_explain,
     .team_engine = tb_team_on_match_points},
    {.code = "BWG",
     .ua_short = "Вигр. чорн.",
     .ua_name = "кількість партій, виграних чорними",
     .ua_team = "кількість матчів, виграних чорними",
     .en_name = "games won with black",
     .flags = TBD_INTEGER,
     .compute = tb_bwg,
     .explain = tb_bwg_explain,
     .team_engine = tb_team_on_match_points},
    {.code = "GE",
     .alias = "REP",
     .ua_short = "Ігри",
     .ua_name = "кількість турів, у яких учасник обрав грати",
     .ua_team = "кількість турів, у яких команда обрала грати",
     .en_name = "rounds elected to play",
     .flags = TBD_INTEGER,
     .compute = tb_ge,
     .explain = tb_ge_explain,
     .team_engine = tb_team_on_match_points},
    {.id = TB_DE,
     .code = "DE",
     .ua_short = "ОЗ",
     .ua_name = "результат особистої зустрічі",
     .ua_team = "результат особистих зустрічей команд",
     .en_name = "direct encounter",
     .flags = TBD_PLAYED | TBD_ALLMET | TBD_INTEGER | TBD_ASCENDING |
              TBD_GROUP | TBD_POINTS,
     .team_explain = tb_team_matches_explain,
     .team_group = tb_team_de},
    {.code = "KS",
     .ua_short = "Коя",
     .ua_name = "коефіцієнт Коя",
     .ua_note = "очки, набрані проти суперників, що набрали не менше "
                "половини очок",
     .en_name = "Koya system",
     .flags = TBD_LIMIT | TBD_POINTS,
     .compute = tb_ks,
     .explain = tb_ks_explain,
     .team_engine = tb_team_on_points},
    {.code = "ARO",
     .ua_short = "СРС",
     .ua_name = "середній рейтинг суперників",
     .en_name = "average rating of the opponents",
     .flags = RATING_FLAGS,
     .compute = tb_aro,
     .explain = tb_aro_explain},
    {.code = "TPR",
     .ua_short = "ТРП",
     .ua_name = "турнірний рейтинг-перформанс",
     .en_name = "tournament performance rating",
     .flags = RATING_FLAGS,
     .compute = tb_tpr,
     .explain = tb_tpr_explain},
    {.code = "PTP",
     .ua_short = "ІТП",
     .ua_name = "ідеальний турнірний перформанс",
     .en_name = "perfect tournament performance",
     .flags = RATING_FLAGS,
     .compute = tb_ptp,
     .explain = tb_ptp_explain},
    {.code = "APRO",
     .ua_short = "СРПС",
     .ua_name = "середній турнірний рейтинг-перформанс суперників",
     .en_name = "average of the opponents' TPR",
     .flags = RATING_FLAGS,
     .compute = tb_apro,
     .explain = tb_apro_explain},
    {.code = "APPO",
     .ua_short = "СІПС",
     .ua_name = "середній ідеальний турнірний перформанс суперників",
     .en_name = "average of the opponents' PTP",
     .flags = RATING_FLAGS,
     .compute = tb_appo,
     .explain = tb_appo_explain},
    {.id = TB_MPTS,
     .code = "MPTS",
     .ua_short = "КО",
     .ua_name = "командні очки",
     .en_name = "match points",
     .flags = TBD_TEAM,
     .team_compute = tb_team_mpts,
     .team_explain = tb_team_mpts_explain},
    {.id = TB_GPTS,
     .code = "GPTS",
     .ua_short = "ІО",
     .ua_name =
         "індивідуальні очки (набрані всіма гравцями команди в усіх матчах)",
     .en_name = "game points",
     .flags = TBD_TEAM,
     .team_compute = tb_team_gpts,
     .team_explain = tb_team_gpts_explain},
    {.code = "MPVGP",
     .ua_short = "ІО/КО",
     .ua_name = "другі очки (індивідуальні, коли місця визначають командні "
                "очки, і навпаки)",
     .en_name = "the other points",
     .flags = TBD_TEAM,
     .team_compute = tb_team_mpvgp,
     .team_explain = tb_team_mpvgp_explain},
    {.code = "EMMSB",
     .ua_short = "ЗБ-КК",
     .ua_name = "розширений коефіцієнт Зоннеборна-Бергера (командні очки "
                "суперників × власні командні очки)",
     .en_name = "extended Sonneborn-Berger (match points x match points)",
     .flags = ESB_FLAGS,
     .team_engine = tb_team_sb_mm},
    {.code = "EMGSB",
     .ua_short = "ЗБ-КІ",
     .ua_name = "розширений коефіцієнт Зоннеборна-Бергера (командні очки "
                "суперників × власні індивідуальні очки)",
     .en_name = "extended Sonneborn-Berger (match points x game points)",
     .flags = ESB_FLAGS,
     .team_engine = tb_team_sb_mg},
    {.code = "EGMSB",
     .ua_short = "ЗБ-ІК",
     .ua_name = "розширений коефіцієнт Зоннеборна-Бергера (індивідуальні "
                "очки суперників × власні командні очки)",
     .en_name = "extended Sonneborn-Berger (game points x match points)",
     .flags = ESB_FLAGS,
     .team_engine = tb_team_sb_gm},
    {.code = "EGGSB",
     .ua_short = "ЗБ-ІІ",
     .ua_name = "розширений коефіцієнт Зоннеборна-Бергера (індивідуальні "
                "очки суперників × власні індивідуальні очки)",
     .en_name = "extended Sonneborn-Berger (game points x game points)",
     .flags = ESB_FLAGS,
     .team_engine = tb_team_sb_gg},
    {.code = "BC",
     .ua_short = "РД",
     .ua_name = "рахунок дошок: сума очок на кожній дошці, помножених на її "
                "номер (менше - краще)",
     .en_name = "board count",
     .flags = TBD_TEAM | TBD_ASCENDING,
     .team_compute = tb_team_bc,
     .team_explain = tb_team_bc_explain},
    {.id = TB_TBR,
     .code = "TBR",
     .ua_short = "ВД",
     .ua_name = "результати верхніх дошок (порівнюються по черзі 1-а, 2-а, "
                "... дошка)",
     .en_name = "top board result",
     .flags = TBD_TEAM | TBD_GROUP | TBD_INTEGER | TBD_ASCENDING,
     .team_explain = tb_team_boards_explain,
     .team_group = tb_team_tbr},
    {.id = TB_BBE,
     .code = "BBE",
     .ua_short = "БНД",
     .ua_name = "результати без нижніх дошок (відкидаються по черзі "
                "остання, передостання, ... дошка)",
     .en_name = "bottom board elimination",
     .flags = TBD_TEAM | TBD_GROUP | TBD_INTEGER | TBD_ASCENDING,
     .team_explain = tb_team_boards_explain,
     .team_group = tb_team_bbe},
    {.id = TB_EDE,
     .code = "EDE",
     .ua_short = "РОЗ",
     .ua_name = "розширений результат особистих зустрічей (командні, потім "
                "індивідуальні очки)",
     .en_name = "extended direct encounter",
     .flags = TBD_TEAM | TBD_GROUP | TBD_PLAYED | TBD_INTEGER | TBD_ASCENDING,
     .team_explain = tb_team_matches_explain,
     .team_group = tb_team_ede},
    {.id = TB_EDET,
     .code = "EDET",
     .ua_short = "РОЗ-Д",
     .ua_name = "розширений результат особистих зустрічей (командні, потім "
                "індивідуальні очки, потім для двох команд - їхній матч по "
                "дошках)",
     .en_name = "extended direct encounter, then top boards",
     .flags = TBD_TEAM | TBD_GROUP | TBD_PLAYED | TBD_INTEGER | TBD_ASCENDING,
     .team_explain = tb_team_matches_explain,
     .team_group = tb_team_edet},
    {.id = TB_WBP,
     .code = "WBP",
     .ua_short = "ОД",
     .ua_name = "очки за дошками: перша дошка важить стільки очок, скільки "
                "дошок у матчі, кожна наступна - на одне менше (6 дошок: 6, "
                "5, 4, 3, 2, 1); нічия ділить очки дошки навпіл",
     .en_name = "board points weighted 6..1",
     .flags = TBD_TEAM,
     .team_compute = tb_team_wbp,
     .team_explain = tb_team_wbp_explain},
};

const size_t tiebreak_table_size =
    sizeof(tiebreak_table) / sizeof(tiebreak_table[0]);

int tb_eq_nocase(const char *a, size_t alen, const char *b)
{
    size_t i;

    if (strlen(b) != alen)
        return 0;
    for (i = 0; i < alen; i++) {
        char x = a[i], y = b[i];
        if (x >= 'a' && x <= 'z')
            x = (char)(x - 'a' + 'A');
        if (x != y)
            return 0;
    }
    return 1;
}

const struct tiebreak_def *tb_def_find(const char *s, size_t len)
{
    size_t i;

    for (i = 0; i < tiebreak_table_size; i++) {
        const struct tiebreak_def *d = &tiebreak_table[i];
        if (tb_eq_nocase(s, len, d->code) ||
            (d->alias && tb_eq_nocase(s, len, d->alias)))
            return d;
    }
    return NULL;
}

const struct tiebreak_def *tiebreak_def_find(const char *code)
{
    return tb_def_find(code, strlen(code));
}
