/* tests/unit/t-helper: the second thread: allowed by default only with
 * two processors or more; jobs run on it, one at a time, none when
 * threads are not allowed, and a child of fork() gets one of its own.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "util/helper.h"

static void add(void *arg)
{
    int *n = arg;
    (*n)++;
}

int main(void)
{
    int n = 0, i, status = -1;
    pid_t pid;
    cpu_set_t one, all;

    /* on one processor of those this test may run on, and on all */
    if (!ok(!sched_getaffinity(0, sizeof(all), &all),
            "the processors this test may run on"))
        return done_testing();
    CPU_ZERO(&one);
    for (i = 0; i < CPU_SETSIZE && !CPU_ISSET(i, &all); i++)
        ;
    CPU_SET(i, &one);
    fflush(stdout);
    pid = fork();
    if (pid == 0)
        _exit(sched_setaffinity(0, sizeof(one), &one) ? 2
              : helper_allowed()                      ? 3
                                                      : 0);
    ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0,
       "on one processor no helper is allowed by default");
    helper_set_threads(2);
    ok(helper_allowed(), "two threads asked for: a helper is allowed");
    for (i = 0; i < 100; i++) {
        if (helper_run(add, &n))
            break;
        helper_wait();
    }
    is_int(n, 100, "100 jobs run on the helper, each waited for");
    /* A child of fork() has no helper thread: it starts one of its own
       instead of waiting for one that is not there. */
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        int m = 0;
        alarm(10); /* a child waiting for a helper it does not have fails */
        if (helper_run(add, &m))
            _exit(2);
        helper_wait();
        _exit(m == 1 ? 0 : 3);
    }
    ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0,
       "a child of fork() runs a job on a helper of its own");
    helper_set_threads(1);
    ok(!helper_allowed() && helper_run(add, &n) == -1 && n == 100,
       "with one thread no job is taken: the caller does it");
    return done_testing();
}
