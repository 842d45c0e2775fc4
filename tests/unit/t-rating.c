/* tests/unit/t-rating: the perfect performance (PTP) is the lowest rating
 * whose expected score reaches the score, however its search is begun.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/rating.h"

/* The expected score, in hundredths, of a rating of own against rt[]. */
static int expected(const struct rating_expect *e, const int *rt, int n,
                    int own)
{
    int i, sum = 0;

    for (i = 0; i < n; i++)
        sum += rating_expected_pct(e, own, rt[i]);
    return sum;
}

int main(void)
{
    struct rating_expect e;
    unsigned long seed = 12345;
    int rt[13], k, i, bad = 0, cases = 0;

    rating_expect_init(&e);
    rt[0] = 1800;
    rt[1] = 1600;
    is_int(rating_perfect_performance(&e, rt, 2, 0), 800,
           "no points: the lowest rating less 800");
    /* 1699 expects 0.64 against 1600 (a difference of 99) and 0.36
       against 1800 (101): 1.00; 1698 0.63 + 0.36 (98 and 102). */
    is_int(rating_perfect_performance(&e, rt, 2, 100), 1699,
           "1 of 2 against 1800 and 1600: 1699");
    /* Random fields and every score: the answer reaches the score, one
       point lower does not. */
    for (k = 0; k < 2000; k++) {
        int n = 1 + (int)(seed % 13), score;
        for (i = 0; i < n; i++) {
            seed = seed * 6364136223846793005UL + 1442695040888963407UL;
            rt[i] = 1000 + (int)((seed >> 33) % 1800);
        }
        for (score = 1; score <= 100 * n; score += 1 + (int)(seed % 7)) {
            int p = rating_perfect_performance(&e, rt, n, score);
            cases++;
            if (expected(&e, rt, n, p) < score ||
                expected(&e, rt, n, p - 1) >= score)
                bad++;
        }
    }
    ok(!bad, "%d of %d random scores off the lowest rating that reaches them",
       bad, cases);
    return done_testing();
}
