/* util/helper: one second thread for a command's large work.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include "util/helper.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <time.h>

#include "util/banned.h"

/* How long the helper waits awake for its next job before it sleeps. */
#define AWAKE_NS 20000000L /* 20 ms */

enum { IDLE, GIVEN, DONE };

static int max_threads; /* 0: as many as there are processors, at most 2 */
static int started, failed;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static atomic_int state = IDLE; /* of the job: IDLE, GIVEN, DONE */
static int sleeping;            /* under lock: the helper waits on wake */
static void (*job_fn)(void *);
static void *job_arg;

static long long now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void *helper_main(void *unused)
{
    (void)unused;
    for (;;) {
        long long since = now_ns();
        while (atomic_load_explicit(&state, memory_order_acquire) != GIVEN) {
            if (now_ns() - since < AWAKE_NS) {
                sched_yield();
                continue;
            }
            pthread_mutex_lock(&lock);
            sleeping = 1;
            while (atomic_load_explicit(&state, memory_order_acquire) !=
                   GIVEN)
                pthread_cond_wait(&wake, &lock);
            sleeping = 0;
            pthread_mutex_unlock(&lock);
        }
        job_fn(job_arg);
        atomic_store_explicit(&state, DONE, memory_order_release);
    }
    return NULL;
}

void helper_set_threads(int n)
{
    max_threads = n < 1 ? 1 : n;
}

/* The processors this process may run on: with one, a second thread
   would only take turns with the first. */
static int processors(void)
{
    cpu_set_t set;

    if (sched_getaffinity(0, sizeof(set), &set))
        return 2; /* unknown: as if there were two */
    return CPU_COUNT(&set);
}

int helper_allowed(void)
{
    if (!max_threads)
        max_threads = processors() > 1 ? 2 : 1;
    return max_threads > 1 && !failed;
}

/* In a child of fork(), which has the calling thread only: no helper
   yet, one is started on the first job. */
static void forget_in_child(void)
{
    started = 0;
    sleeping = 0;
    atomic_store_explicit(&state, IDLE, memory_order_relaxed);
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&wake, NULL);
}

/* Start the helper thread if it is not running; 0 when it runs. */
static int start(void)
{
    static int registered;

    if (!helper_allowed())
        return -1;
    if (!registered) {
        registered = 1;
        if (pthread_atfork(NULL, NULL, forget_in_child)) {
            failed = 1;
            return -1;
        }
    }
    if (!started) {
        pthread_t thread;
        pthread_attr_t at;
        int bad = pthread_attr_init(&at);
        /* detached: it lives as long as the process */
        if (!bad) {
            bad = pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED) ||
                  pthread_create(&thread, &at, helper_main, NULL);
            pthread_attr_destroy(&at);
        }
        if (bad) {
            failed = 1;
            return -1;
        }
        started = 1;
    }
    return 0;
}

int helper_run(void (*fn)(void *), void *arg)
{
    if (start())
        return -1;
    job_fn = fn;
    job_arg = arg;
    pthread_mutex_lock(&lock);
    atomic_store_explicit(&state, GIVEN, memory_order_release);
    if (sleeping)
        pthread_cond_signal(&wake);
    pthread_mutex_unlock(&lock);
    return 0;
}

void helper_wait(void)
{
    while (atomic_load_explicit(&state, memory_order_acquire) != DONE)
        sched_yield();
    atomic_store_explicit(&state, IDLE, memory_order_relaxed);
}
