/* core/diploma: who gets a diploma in a ranked section (seed 000 section
 * 6, seed 001 section 8) and the code that lets the archive verify it.
 * Typed inputs only; it prints nothing.
 * SPDX-License-Identifier: MIT
 *
 * Places 1-3 get diplomas of the 1st, 2nd and 3rd degree (a shared place
 * "3-4" gives each the degree of its first place); every coach of a
 * medallist gets one of the same degree naming the pupil; in a team
 * competition the teams on places 1-3 get a team diploma, each of their
 * players who played at least one game a member's diploma, and the
 * team's coaches (the coaches the registry gives its members who played)
 * a coach's diploma.
 */
#ifndef CORE_DIPLOMA_H
#define CORE_DIPLOMA_H

#include <stddef.h>

#include "util/arena.h"

struct event;
struct section_ranking;

enum diploma_kind {
    DIPLOMA_INDIVIDUAL, /* a prize-winner of a section */
    DIPLOMA_COACH,      /* the coach of a prize-winner */
    DIPLOMA_TEAM,       /* a team on places 1-3 */
    DIPLOMA_MEMBER,     /* a player of such a team who played */
    DIPLOMA_TEAM_COACH  /* the coach of such a team */
};

/* "individual", "coach", "team", "member", "team-coach". */
const char *diploma_kind_name(enum diploma_kind k);
/* The kind called name; -1 when unknown. */
int diploma_kind_parse(const char *name, enum diploma_kind *out);

/* "UA-XXXX-XXXX-XXXX" and its NUL. */
#define DIPLOMA_CODE_SIZE 18

/* One diploma; strings live in the list's arena or the event ("" unknown). */
struct diploma {
    enum diploma_kind kind;
    const char *section; /* the section's id */
    int place_lo, place_hi;
    int degree; /* 1, 2 or 3 */
    /* Who gets it: a person's parts of the name, or a team's name in
       `name` alone (surname and given ""). */
    const char *name; /* as written: "Пономаренко Остап Олегович" */
    const char *surname, *given, *patronymic;
    /* The first name and surname in the genitive and the dative
       (person_decline(): the registry's forms, else grammar's); "" for a
       team. */
    const char *given_gen, *surname_gen, *given_dat, *surname_dat;
    char sex; /* 'm', 'f', 0 unknown; 'p' for a team (plural) */
    int birth_year;
    const char *region; /* "Львівська" */
    const char *club;
    const char *coach; /* a player's coaches, joined by ", " */
    const char *rank;
    const char *team; /* a member's or a team coach's team; a team's name */
    /* A coach's diploma: the pupil (a player, or the team). */
    const char *pupil_name, *pupil_surname, *pupil_given;
    const char *pupil_given_gen, *pupil_surname_gen;
    char pupil_sex;
    /* A team diploma: its players who played, "Прізвище Ім'я", board order. */
    const char **members;
    size_t n_members;
    char code[DIPLOMA_CODE_SIZE];
};

struct diploma_list {
    struct arena arena;
    struct diploma *items;
    size_t n, alloc;
};

/*
 * Append the diplomas of section r (ranked, final standings) of ev to out
 * in place order: per place the prize-winners (or per team its diploma
 * and its members'), then the coaches' diplomas of the section.  A team
 * competition ranked by its players gives none, nor does a section that
 * does not award its places (a qualifying stage).  Strings are borrowed
 * from ev and r, which must outlive the list.
 */
void diploma_collect(struct diploma_list *out, const struct event *ev,
                     const struct section_ranking *r);
void diploma_list_release(struct diploma_list *l);

/*
 * The code of diploma d of event ev: "UA-" and 12 characters of Crockford's
 * base 32 in groups of four, the first 11 from the SHA-256 of the event
 * (title, start date, city), the section, the kind, the person (name and
 * year of birth), the pupil or team, the place and the degree, the last a
 * check character over them, so a mistyped or altered code is told from
 * an unknown one.
 */
void diploma_code(const struct event *ev, const struct diploma *d,
                  char out[DIPLOMA_CODE_SIZE]);

enum diploma_code_status {
    DIPLOMA_CODE_OK = 0,
    DIPLOMA_CODE_MALFORMED, /* not UA- and 12 characters of the alphabet */
    DIPLOMA_CODE_ALTERED    /* its check character does not match */
};
/*
 * Read a code as a person types it (any case, blanks or dashes anywhere,
 * O for 0, I and L for 1), or the address of its page that a diploma's
 * QR code holds ("https://host/diplomas/UA-....html"), into its canonical
 * form out.
 */
enum diploma_code_status diploma_code_read(const char *text,
                                           char out[DIPLOMA_CODE_SIZE]);

#endif
