/* tests/gen/gen-clubs: the club team championship of seed 000 (sections
 * 4.3 and 5: 6 boards, match won 2, drawn 1, lost 0, ties by game points,
 * direct encounter, matches won and weighted board points), as match
 * cards, a module that an event generator plugs in.
 * SPDX-License-Identifier: MIT
 *
 * Everything is fictional: clubs, people, results.  Eight clubs from
 * eight regions meet in a round robin of 7 rounds; each entry has 9 to 12
 * players (some of them foreigners) and a coach; each round a club puts 6
 * of its squad of 8 on the boards, in entry order.  Among the seeds the
 * generator takes the first, from the one given, whose standings have two
 * teams level on match points, game points, their match (drawn) and
 * matches won, separated only by the weighted board points; one board is
 * forfeited (an empty seat) and one whole match is forfeited.
 */
#ifndef TESTS_GEN_GEN_CLUBS_H
#define TESTS_GEN_GEN_CLUBS_H

#include <stdint.h>

struct strbuf;

/*
 * The columns of the registry rows clubs_generate() appends, in this
 * order (the header of players.csv, or the columns an event generator
 * must give these people):
 */
#define CLUBS_REGISTRY_HEADER                                                  \
    "Прізвище,Ім'я,По батькові,Стать,Дата народження,Область,Клуб,Тренер,"     \
    "Розряд,FIDE ID,Рейтинг,Федерація,Секції,Команда,Порядок,Капітан,Роль"

/* The section's name, and the file of its match cards. */
#define CLUBS_SECTION "clubs"
#define CLUBS_FILE    "clubs.csv"

/*
 * Write the match cards (CLUBS_FILE) into dir, append the text of
 * "[section clubs]" to ini_section and the registry rows (one a line,
 * CLUBS_REGISTRY_HEADER's columns, ',' separated, UTF-8) to
 * registry_rows.  Returns the seed used (the first at or after seed
 * with the tie), or 0 when none of 100000 has it; exits on an I/O error.
 */
uint64_t clubs_generate(uint64_t seed, struct strbuf *ini_section,
                        struct strbuf *registry_rows, const char *dir);

/* Write text as dir/name; exits with a message on an I/O error. */
void clubs_write_file(const char *dir, const char *name,
                      const struct strbuf *text);

#endif
