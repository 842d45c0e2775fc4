/* ingest/trf: read and write FIDE Tournament Report Files (TRF-16, TRF-26).
 * SPDX-License-Identifier: MIT
 */
#ifndef INGEST_TRF_H
#define INGEST_TRF_H

#include <stddef.h>

#include "core/tournament.h"
#include "util/diag.h"
#include "util/utf8.h"

struct strbuf;

struct trf_options {
    enum encoding encoding; /* ENC_AUTO: detect UTF-8 / Windows-1251 / Latin-1 */
};

/* Largest TRF accepted, and longest line. */
#define TRF_MAX_SIZE (64u * 1024 * 1024)
#define TRF_MAX_LINE 65536

/*
 * Parse the bytes of a TRF file; name is the file name for diagnostics.
 * Text is converted to UTF-8 and columns are counted in characters.
 * Every problem goes to dl as FILE:LINE:COL.  On return *out holds the
 * tournament read so far (even when errors were found, so that `check` can
 * go on), except when the input is not a TRF at all (empty, binary, no
 * player records): then *out is NULL.  Returns ERR_OK, or ERR_PARSE when any
 * error was reported.
 */
enum err trf_parse(const char *data, size_t len, const char *name,
                   const struct trf_options *opts, struct tournament **out,
                   struct diag_list *dl);

/*
 * The bytes of a TRF file (data, len; name in messages) with the birth
 * date (columns 70-79) of the player records (001) at lines[] (sorted,
 * rising) cut to its year, the columns after it where they were; every
 * other byte as it was.  ERR_DATA with why at the line.
 */
enum err trf_forget(const char *data, size_t len, const char *name,
                    const unsigned *lines, size_t n, struct strbuf *out,
                    struct diag_list *dl);

/* Read the file at path and parse it; ERR_NOINPUT when it is missing. */
enum err trf_read(const char *path, const struct trf_options *opts,
                  struct tournament **out, struct diag_list *dl);

/*
 * The pairing system that the tournament type of record 092 names: Swiss
 * when it says "Swiss" or "швейцарська" (in any case), else round robin
 * when it says "RR", "robin", "Berger", "колова" or "кругова", else (and
 * for NULL) unknown.  The reader sets t->system_hint with it.
 */
enum trf_system trf_system_from_type(const char *type);

/*
 * Write t as TRF of the given version (UTF-8).  Header records come first,
 * then the players, the teams (013 for TRF-16, 310 for TRF-26) and the other
 * records; TRF-26 dates are written YYYY/MM/DD where they can be read.
 */
void trf_write(const struct tournament *t, enum trf_version v,
               struct strbuf *out);

/*
 * Append p's 001 record (TRF-16 columns; t gives the rounds), trailing
 * blanks removed.
 */
void trf_write_player(const struct tournament *t, const struct player *p,
                      struct strbuf *out);
/* Append a team's 013 (TRF-16) or 310 (TRF-26) record. */
struct team;
void trf_write_team(const struct team *tm, enum trf_version v,
                    struct strbuf *out);
/* Append a kept record as it was read (TRF-26: dates YYYY/MM/DD). */
struct record;
void trf_write_record(const struct record *r, enum trf_version v,
                      struct strbuf *out);

#endif
