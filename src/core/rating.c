/* core/rating: the FIDE rating tables and the performances made from them.
 * SPDX-License-Identifier: MIT
 */
#include "core/rating.h"

#include <stddef.h>

#include "util/banned.h"

/* FIDE B.02 table 8.1b: the rating difference that each expected score
 * (per cent, 50..99) reaches up to; beyond 735 the expectation is 1.00. */
static const short pd_upper[] = {
    3,   10,  17,  25,  32,  39,  46,  53,  61,  68,  76,  83,  91,
    98,  106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188, 197,
    206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735};

/* FIDE B.02 table 8.1a: rating difference dp for a score of 50..100 per
 * cent (the lower half is its negative). */
static const short dp_table[] = {
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,
    95,  102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
    202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

void rating_expect_init(struct rating_expect *e)
{
    size_t i = 0;
    int d;

    for (d = 0; d <= 800; d++) {
        while (i < sizeof(pd_upper) / sizeof(pd_upper[0]) && d > pd_upper[i])
            i++;
        e->pct[d] = (unsigned char)(50 + i);
    }
    for (d = -800; d <= 800; d++)
        e->diff[800 + d] =
            (unsigned char)(d > 0 ? e->pct[d] : 100 - e->pct[-d]);
}

int rating_expected_pct(const struct rating_expect *e, int own, int opp)
{
    int diff = own - opp, d = diff < 0 ? -diff : diff;

    if (d > 800)
        d = 800;
    return diff > 0 ? e->pct[d] : 100 - e->pct[d];
}

int rating_dp(int pct)
{
    return pct >= 50 ? dp_table[pct - 50] : -dp_table[50 - pct];
}

long long rating_div_round(long long a, long long b)
{
    if (a >= 0)
        return (2 * a + b) / (2 * b);
    return -((-2 * a + b) / (2 * b));
}

int rating_performance(long long sum, int n, int score100)
{
    return (int)rating_div_round(sum, n) +
           rating_dp((int)rating_div_round(score100, n));
}

/* The expected score (in hundredths) of a rating of own against rt. */
static int expected_sum(const struct rating_expect *e, const int *rt, int n,
                        int own)
{
    int i, sum = 0;

    /* rating_expected_pct(e, own, rt[i]), without its branches */
    for (i = 0; i < n; i++) {
        int d = own - rt[i];
        d = d < -800 ? -800 : d > 800 ? 800 : d;
        sum += e->diff[800 + d];
    }
    return sum;
}

int rating_perfect_performance(const struct rating_expect *e, const int *rt,
                               int n, int score100)
{
    int lo, hi, i, step;
    long long total = 0;

    if (score100 <= 0) {
        int m = rt[0];
        for (i = 1; i < n; i++)
            if (rt[i] < m)
                m = rt[i];
        return m - 800;
    }
    lo = rt[0];
    hi = rt[0];
    for (i = 0; i < n; i++) {
        if (rt[i] < lo)
            lo = rt[i];
        if (rt[i] > hi)
            hi = rt[i];
        total += rt[i];
    }
    lo -= 801; /* expects nothing: below the score */
    hi += 800; /* expects everything */
    /* The answer, the lowest rating whose expected score reaches the
       score, lies near the average rating plus the difference the score
       asks for: bracket it from there by doubling steps, then halve the
       bracket.  The expected score only grows with the rating, so this
       finds what halving the whole range finds, in fewer sums. */
    {
        int pct = (int)rating_div_round(score100, n), g, up;
        g = (int)rating_div_round(total, n) +
            rating_dp(pct < 0 ? 0 : pct > 100 ? 100 : pct);
        if (g > lo && g < hi) {
            /* lo's expected score stays below the score, hi's reaches it */
            up = expected_sum(e, rt, n, g) < score100;
            if (up)
                lo = g;
            else
                hi = g;
            for (step = 16;; step *= 2) {
                int x = up ? lo + step : hi - step, reach;
                if (x <= lo || x >= hi)
                    break;
                reach = expected_sum(e, rt, n, x) >= score100;
                if (reach)
                    hi = x;
                else
                    lo = x;
                if (reach == up) /* passed the answer: bracketed */
                    break;
            }
        }
    }
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (expected_sum(e, rt, n, mid) >= score100)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}
