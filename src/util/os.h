/* util/os: the operating system's files, locks and processes, the one
 * place where POSIX and Windows differ (os.c implements the Windows side).
 * SPDX-License-Identifier: MIT
 *
 * Files that need POSIX file calls include this header instead of
 * <unistd.h>, <fcntl.h>, <dirent.h>, <ftw.h>, <sys/file.h> and <sys/stat.h>.
 * On POSIX systems it is those headers and nothing else.  On Windows
 * (mingw-w64) it names the same calls, each carried out with Windows'
 * own: paths are UTF-8 (the program's manifest makes UTF-8 the process's
 * code page, so the C library's narrow calls take UTF-8), files are opened
 * binary, a file replaces another with MoveFileEx(MOVEFILE_REPLACE_EXISTING),
 * and flock() is LockFileEx on the whole file.
 */
#ifndef UTIL_OS_H
#define UTIL_OS_H

#include <stddef.h>
#include <time.h>

#ifndef _WIN32

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#else /* _WIN32 */

#include <dirent.h>
#include <direct.h>
#include <fcntl.h>
#include <io.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif
#ifndef O_DIRECTORY
#define O_DIRECTORY 0 /* open() of a folder fails, as it should */
#endif
#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef S_ISLNK
#define S_ISLNK(m) 0
#endif
#ifndef S_ISSOCK
#define S_ISSOCK(m) 0
#endif
#ifndef SIGKILL
#define SIGKILL SIGTERM
#endif
#ifndef SIGHUP
#define SIGHUP SIGTERM
#endif

/* There are no symbolic links to look at: lstat() is stat(). */
#define lstat(p, st) stat(p, st)
#define mkdir(p, mode) os_mkdir(p, mode)
#define rename(from, to) os_rename(from, to)
#define fsync(fd) os_fsync(fd)
#define fchmod(fd, mode) os_fchmod(fd, mode)
#define sync() ((void)0)

int os_mkdir(const char *path, int mode);
int os_rename(const char *from, const char *to);
int os_fsync(int fd);
/* Windows files have no POSIX modes to set. */
int os_fchmod(int fd, int mode);

char *realpath(const char *path, char *resolved);
int link(const char *from, const char *to);
char *mkdtemp(char *templ);
int setenv(const char *name, const char *value, int overwrite);
int unsetenv(const char *name);
struct tm *gmtime_r(const time_t *t, struct tm *out);
struct tm *localtime_r(const time_t *t, struct tm *out);

#define LOCK_SH 1
#define LOCK_EX 2
#define LOCK_NB 4
#define LOCK_UN 8
int flock(int fd, int op);

/* nftw() as the removal of a tree uses it: FTW_DEPTH | FTW_PHYS. */
#define FTW_F 0
#define FTW_D 1
#define FTW_DNR 2
#define FTW_NS 3
#define FTW_DP 5
#define FTW_PHYS 1
#define FTW_DEPTH 8
struct FTW {
    int base, level;
};
int nftw(const char *dir,
         int (*fn)(const char *, const struct stat *, int, struct FTW *),
         int nopenfd, int flags);

#endif /* _WIN32 */

/*
 * Prepare the process: on Windows, the console's code page for UTF-8
 * output (the messages then read right whatever the console's own code
 * page was) and files opened in binary mode; nothing elsewhere.
 */
void os_init(void);

/*
 * Windows: make every '\\' of the arguments a '/', the separator the
 * program splits paths at (Windows takes both).  Nothing elsewhere.
 */
void os_args(int argc, char **argv);

/*
 * The length of path's root: 1 for "/..." on POSIX; on Windows also 2 for
 * "C:", 3 for "C:/"; 0 for a relative path.
 */
size_t os_path_root(const char *path);

/*
 * 1 where the desktop starts the program with a folder dropped on it, or
 * with no argument on a double-click (Windows' Explorer); 0 elsewhere.
 */
int os_desktop(void);

/* 1 when the program has a console window of its own, which closes as it
   ends (Windows, started by Explorer). */
int os_own_console(void);

/* The folder the running program is in (to free), or NULL. */
char *os_program_dir(void);

/*
 * The path of a file that holds len bytes of data and that a library can
 * open by name, kept until the process ends (to free); NULL where there
 * is no such file (the caller then uses the original).  Linux: a memfd.
 */
char *os_memory_file(const void *data, size_t len);

/* Fill buf with n random bytes from the system; 0, or -1 when it has none. */
int os_random(void *buf, size_t n);

/* The folder for temporary files ($TMPDIR, else /tmp; Windows' %TEMP%). */
char *os_temp_dir(void);

/* Open url in the default browser, where one is known; quietly nothing
   when none starts. */
void os_open_url(const char *url);

/*
 * Waiting for Ctrl-C (SIGINT, SIGTERM, SIGHUP; on Windows the console's
 * Ctrl-C, Ctrl-Break and close): os_interrupt_prepare() before starting
 * threads (on POSIX they then leave the signals to the main thread),
 * os_interrupt_wait() to wait for one, os_interrupt_cancel() to give up
 * without waiting.
 */
void os_interrupt_prepare(void);
void os_interrupt_wait(void);
void os_interrupt_cancel(void);

/*
 * Which file path names (links followed): the device and the inode, on
 * Windows the volume's serial number and the file's index.  0, or -1 when
 * there is no such file.
 */
int os_file_identity(const char *path, unsigned long long *dev,
                     unsigned long long *ino);

/*
 * strerror(errnum), except that on Windows EBUSY, which os's calls set
 * for a file that another program holds open (Excel keeps its files
 * locked), says so and what to do.
 */
const char *os_error_text(int errnum);

/* Sleep ms milliseconds. */
void os_sleep_ms(long ms);

/* The modification time of st in nanoseconds since the epoch. */
long long os_mtime_ns(const struct stat *st);

#endif
