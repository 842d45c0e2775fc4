/* core/mandate: the mandate (credentials) commission: who of the registry
 * can be admitted under event.ini's rules, and the counts of its protocol.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_MANDATE_H
#define CORE_MANDATE_H

#include <stddef.h>

struct event;
struct person;
struct diag_list;

/* A rank or title (розряд, звання) of the registry, highest first. */
struct rank_class {
    const char *label; /* as the protocol counts it: "КМС", "І розряд" */
    int level;         /* for min-rank: higher is better; 0 no rank */
};
/* The number of rank classes and class i. */
size_t rank_class_count(void);
const struct rank_class *rank_class_get(int i);
/* The level of class i; 0 for none or an unknown class (i < 0). */
int rank_class_level(int i);
/* The level of КМС in the table: ЄСКУ asks more of the judges' panel from
   it up. */
#define RANK_LEVEL_KMS 9

/* The documents the commission sees (the registry's check columns). */
enum mandate_doc {
    MANDATE_IDENTITY,  /* passport or birth certificate */
    MANDATE_MEDICAL,   /* medical clearance */
    MANDATE_INSURANCE, /* insurance policy */
    MANDATE_FEE,       /* tournament fee paid */
    MANDATE_N_DOCS
};
/* The state of a check: -1 not recorded, 0 no, 1 yes. */
int mandate_doc_state(const struct person *p, enum mandate_doc d);
/* "identity", "medical", "insurance", "fee" (event.ini's words). */
const char *mandate_doc_name(enum mandate_doc d);

/* Why a person cannot be admitted: bits of mandate_entry.refused. */
enum mandate_reason {
    REFUSE_BORN,       /* born before born-from */
    REFUSE_NO_BIRTH,   /* no birth date with born-from */
    REFUSE_RANK,       /* rank below min-rank */
    REFUSE_NO_RANK,    /* no rank with min-rank */
    REFUSE_RANK_UNKNOWN, /* a rank not recognised, with min-rank */
    REFUSE_CITIZEN,    /* a federation other than UKR with citizens-only */
    REFUSE_IDENTITY,   /* a required document missing or not recorded: */
    REFUSE_MEDICAL,
    REFUSE_INSURANCE,
    REFUSE_FEE,
    REFUSE_N
};

/* One registry person before the commission. */
struct mandate_entry {
    size_t person;    /* index into ev->people */
    unsigned refused; /* bits (1u << enum mandate_reason); 0: admitted */
    /* The sections entered (indices into ev->sections): the registry's
       section column, else the sections the results show him in. */
    size_t *sections;
    size_t n_sections;
    long fee_due; /* hryvnias: the fees of the disciplines entered */
    /* A team's coach (the registry's role): an official, listed apart
       from the participants, neither admitted nor refused, counted in
       none of the counts (the regulations' "представники, тренери"). */
    int official;
};

/* A count by some key: admitted boys, girls, and those refused. */
struct mandate_count {
    size_t m, f, other, refused;
};

/* The commission's findings on an event. */
struct mandate_result {
    const struct event *ev;
    struct mandate_entry *entries; /* every registry person, in its order */
    size_t n;
    struct mandate_count total;
    /* By region (region_count() of them, then one for no known region). */
    struct mandate_count *by_region;
    /* The foreign players (person_foreign()), counted apart from the
       regions. */
    struct mandate_count foreign;
    size_t regions; /* regions with someone admitted */
    /* Admitted entries by section (ev->n_sections): a person in three
       sections is counted in each. */
    struct mandate_count *by_section;
    /* By year of birth, from min_year (0 when no one has a year) to
       max_year; unknown years in no_year. */
    struct mandate_count *by_year, no_year;
    int min_year, max_year;
    /* By rank class (rank_class_count()), then one for no rank or a rank
       not recognised. */
    struct mandate_count *by_rank;
    size_t officials;    /* the entries that are officials */
    long fees_due;       /* of everyone admitted */
    long fees_collected; /* of everyone whose fee is recorded paid */
};

/* Which documents event.ini requires (bits of enum mandate_doc). */
unsigned mandate_required(const struct event *ev);
/* The fee of a section of discipline d (hryvnias; 0 none). */
long mandate_fee(const struct event *ev, int discipline);

/* Decide on every registry person and count.  Release with
   mandate_release(). */
void mandate_compute(const struct event *ev, struct mandate_result *m);
void mandate_release(struct mandate_result *m);

/*
 * Warn (at the registry's file:line:col) about every person the
 * commission cannot admit, one warning per reason; the age group's for a
 * person who plays is event_check()'s error already and not repeated.
 */
void mandate_check(const struct event *ev, struct diag_list *dl);

#endif
