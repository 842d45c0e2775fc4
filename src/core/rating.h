/* core/rating: the FIDE rating tables (B.02 8.1a and 8.1b) and the
 * performances made from them.
 * SPDX-License-Identifier: MIT
 */
#ifndef CORE_RATING_H
#define CORE_RATING_H

/*
 * Table 8.1b spread out: pct[d] is the expected score in per cent of the
 * higher rated player for a rating difference d of 0..800.  Fill it once
 * with rating_expect_init() where many expectations are looked up.
 */
struct rating_expect {
    unsigned char pct[801];
    /* by the signed difference: diff[800 + own - opp], -800..800 */
    unsigned char diff[1601];
};

void rating_expect_init(struct rating_expect *e);

/* Expected score in per cent (0..100) of a player rated own against opp;
 * a difference over 800 counts as 800. */
int rating_expected_pct(const struct rating_expect *e, int own, int opp);

/* Table 8.1a: the rating difference dp for a score of pct per cent (0 to
 * 100; the lower half is the negative of the upper). */
int rating_dp(int pct);

/* a / b rounded half away from zero (b > 0), as FIDE rounds averages. */
long long rating_div_round(long long a, long long b);

/*
 * The rating performance (TPR) over n > 0 games against opponents whose
 * ratings add up to sum, scoring score100 / 100 points: the average rating
 * rounded, plus dp of the score in per cent rounded.
 */
int rating_performance(long long sum, int n, int score100);

/* The fewest rated games a performance is a figure to trust over (FIDE's
   Rating Regulations ask five games against rated opponents for a first
   rating); a performance of fewer games is marked wherever it is shown. */
#define RATING_PERFORMANCE_MIN_GAMES 5

/*
 * The perfect performance (PTP) over n > 0 games against the ratings rt:
 * the smallest rating whose expected score reaches score100 / 100; the
 * lowest rating less 800 for no points.
 */
int rating_perfect_performance(const struct rating_expect *e, const int *rt,
                               int n, int score100);

#endif
