/* tests/bench/timeit: the median wall time of a command, from fork to
 * exit, in milliseconds (make bench).
 * usage: timeit RUNS COMMAND [ARG...]
 * The command's output goes to /dev/null; a run that fails makes timeit
 * fail.  It measures the same way for Sekretar, the floor and the FIDE
 * checker, without the shell's own cost of starting 'date' twice a run.
 * SPDX-License-Identifier: MIT
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int runs = argc > 2 ? atoi(argv[1]) : 0, i;
    double *ms;

    if (runs < 1 || runs > 10000) {
        fprintf(stderr, "usage: timeit RUNS COMMAND [ARG...]\n");
        return 2;
    }
    ms = calloc((size_t)runs, sizeof(*ms));
    if (!ms)
        return 1;
    for (i = 0; i < runs; i++) {
        struct timespec t0, t1;
        int status;
        pid_t pid;

        clock_gettime(CLOCK_MONOTONIC, &t0);
        pid = fork();
        if (pid < 0) {
            perror("timeit: fork");
            return 1;
        }
        if (!pid) {
            int fd = open("/dev/null", O_WRONLY);
            if (fd >= 0) {
                dup2(fd, 1);
                dup2(fd, 2);
            }
            execvp(argv[2], argv + 2);
            _exit(127);
        }
        if (waitpid(pid, &status, 0) < 0) {
            perror("timeit: waitpid");
            return 1;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (!WIFEXITED(status) || WEXITSTATUS(status)) {
            fprintf(stderr, "timeit: %s failed (status %d)\n", argv[2],
                    status);
            return 1;
        }
        ms[i] = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
                (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    }
    qsort(ms, (size_t)runs, sizeof(*ms), cmp_double);
    printf("%.2f\n", ms[runs / 2]);
    free(ms);
    return 0;
}
