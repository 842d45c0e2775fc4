/* ingest/registry: players.csv, the people of an event with what the
 * documents need.
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_REGISTRY_H
#define INGEST_REGISTRY_H

#include "ingest/csv.h"
#include "util/diag.h"

struct event;
struct strbuf;

/*
 * Add the people of a parsed players.csv to ev->people.  Columns are found
 * by their header, in Ukrainian or English (прізвище/surname, ім'я/name,
 * по батькові/patronymic or one ПІБ/full name column, стать/sex, дата
 * народження/birth date, область/region, клуб|ДЮСШ/club, тренер/coach,
 * розряд|звання/rank, FIDE ID, рейтинг/rating, секції/sections, and the
 * mandate checks паспорт/identity, медичний допуск/medical,
 * страховка/insurance, внесок/fee).  Every bad value is reported at its
 * file:line:col; the row is kept with that field blank.  Returns ERR_OK,
 * or ERR_PARSE when errors were reported.
 */
enum err registry_load(const struct csv *c, struct event *ev,
                       struct diag_list *dl);

/* Read and load the file at path; ERR_NOINPUT when it is missing. */
enum err registry_read(const char *path, const struct csv_options *opts,
                       struct event *ev, struct diag_list *dl);

/*
 * The class of a rank or title as the registry or event.ini writes it
 * ("КМС", "І юн.", "II", "1 р.", "FM": core/mandate.h rank_class_get());
 * -1 for a blank, -2 when not recognised.
 */
int registry_rank_class(const char *s);

/*
 * The bytes of players.csv (data, len; name in messages) with the rows
 * that begin at lines[] (sorted, rising) redacted for a person whose
 * personal data leaves the archive: the birth date cut to its year and
 * every column the program does not read emptied (a document's number,
 * an address); the names, what the documents print and the mandate
 * commission's yes or no stay, and every other byte of the file.  The
 * result is read back and
 * compared field by field; ERR_DATA with why, at the row, when it cannot
 * be done safely.
 */
enum err registry_forget(const char *data, size_t len, const char *name,
                         const unsigned *lines, size_t n_lines,
                         struct strbuf *out, struct diag_list *dl);

/*
 * The field index of the column named (any header spelling the reader
 * knows: "інші написання", "стать", "aliases") in the header (first row)
 * of the parsed registry c; -1 when it has none, or the name is none of
 * the registry's.
 */
int registry_column(const struct csv *c, const char *name);

/* The header of the column of other spellings of a name, when it is
   added. */
extern const char registry_aliases_header[];

/* The header line that 'sekretar init' writes (Ukrainian names). */
extern const char registry_header[];

#endif
