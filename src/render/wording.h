/* render/wording: how the documents write things in Ukrainian (points
 * and values: util/num.h num_points()): shared places as "4–5", the names of players and officials,
 * FIDE titles, dates.
 * SPDX-License-Identifier: MIT
 */
#ifndef RENDER_WORDING_H
#define RENDER_WORDING_H

#include <stddef.h>

struct strbuf;
struct date;

/* A place, or shared places as "4–5". */
void doc_place(struct strbuf *out, int lo, int hi);
/* An official's name as "Ім'я ПРІЗВИЩЕ" from "Прізвище, Ім'я" or
   "Ім'я Прізвище". */
void doc_official_name(struct strbuf *out, const char *name);
/* A player's name as "Прізвище, Ім'я" with single blanks. */
void doc_player_name(struct strbuf *out, const char *name);
/* A TRF title ("g", "wm", "GM") as its FIDE abbreviation ("GM", "WIM"). */
const char *doc_fide_title(const char *trf_title);

/*
 * A section's system and discipline as the catalogue names them ("swiss",
 * "round-robin", "knock-out", "team"; "classic", "rapid", "blitz") in the
 * documents' words: "швейцарська система", "колова система",
 * "нокаут-система", "командна першість"; "класичні шахи", "швидкі шахи",
 * "блискавичні шахи (бліц)"; any other name as it is.
 */
const char *doc_system_text(const char *system);
const char *doc_discipline_text(const char *discipline);
/* The same in a word, where a table's cell has room for no more
   ("класичні", "швидкі", "бліц"). */
const char *doc_discipline_short(const char *discipline);

/*
 * The dates of an event from start to end: "1–3 червня 2023 р." (longform)
 * or "01.06.2023–03.06.2023"; one date when they are the same or end is
 * not valid.  When start is not a valid date, the texts as written
 * (start_text, end_text; either may be NULL) stand instead.
 */
void doc_dates(struct strbuf *out, const struct date *start,
               const struct date *end, const char *start_text,
               const char *end_text, int longform);

#endif
