/* pipeline/site: the archive's public website, from its catalogue and
 * bundles (the pages: render/site.h).
 * SPDX-License-Identifier: MIT
 */
#ifndef PIPELINE_SITE_H
#define PIPELINE_SITE_H

#include "render/site.h"
#include "util/diag.h"

/*
 * Write the site of the archive at root into out, holding the archive's
 * shared lock and reading the catalogue in one transaction (render/site.h
 * site_write()).  ERR_NOINPUT when there is no catalogue.
 */
enum err site_publish(const char *root, const char *out,
                      struct site_result *res, struct diag_list *dl);

#endif
