/* util/helper: one second thread for a command's large work.
 * SPDX-License-Identifier: MIT
 *
 * A ranking of thousands of players gives it a share of its tie-breaks
 * (core/standings.c), then half of its rows to write (cli/cmd-standings.c).
 * Between jobs it waits awake for a while: a processor that went to sleep
 * takes milliseconds to wake on a virtual machine, as long as a job.
 */
#ifndef UTIL_HELPER_H
#define UTIL_HELPER_H

/*
 * Hand fn(arg) to the helper thread, starting it the first time.  Returns
 * 0 when the helper runs it (helper_wait() then says when it is done), -1
 * when there is no helper (threads disallowed or failing): the caller
 * does the job itself.  One job at a time, from one thread.
 */
int helper_run(void (*fn)(void *), void *arg);

/* Wait until the job helper_run() took is done. */
void helper_wait(void);

/* Allow at most n threads in all (1: no helper).  By default there are
   two when the process may run on two processors or more, else one. */
void helper_set_threads(int n);

/* 1 when a helper may be used (two threads allowed, see above). */
int helper_allowed(void);

#endif
