/* pipeline/convert: a prepared results file or section written as TRF.
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_CONVERT_H
#define PIPELINE_CONVERT_H

#include "core/tournament.h"

struct prepared;
struct strbuf;

/*
 * Append to out, in TRF version v: a lone results file's results as they
 * are (with latin, names in Cyrillic transliterated); a section of an
 * event folder (the one section p has) as the FIDE rating report, its
 * players ranked (ingest/trf-report.h).
 */
void convert_write(const struct prepared *p, enum trf_version v, int latin,
                   struct strbuf *out);

#endif
