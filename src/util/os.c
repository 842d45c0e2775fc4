/* util/os: the operating system's files, locks and processes (see os.h):
 * the POSIX side first, then the Windows one, the only code that includes
 * <windows.h>.
 * SPDX-License-Identifier: MIT
 */
#include "util/os.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#ifndef _WIN32

#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "util/banned.h"

void os_init(void)
{
}

void os_args(int argc, char **argv)
{
    (void)argc;
    (void)argv;
}

size_t os_path_root(const char *path)
{
    return path[0] == '/';
}

int os_desktop(void)
{
    return 0;
}

int os_own_console(void)
{
    return 0;
}

char *os_program_dir(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    char *slash;

    if (n <= 0)
        return NULL;
    buf[n] = '\0';
    slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return xstrdup(buf);
}

char *os_memory_file(const void *data, size_t len)
{
#ifdef SYS_memfd_create
    struct strbuf at = STRBUF_INIT;
    int fd = (int)syscall(SYS_memfd_create, "sekretar-font", 1u /* CLOEXEC */);

    if (fd < 0)
        return NULL;
    strbuf_addf(&at, "/proc/self/fd/%d", fd);
    if (write(fd, data, len) == (ssize_t)len && !access(at.buf, R_OK))
        return strbuf_detach(&at, NULL);
    close(fd);
    strbuf_release(&at);
#else
    (void)data;
    (void)len;
#endif
    return NULL;
}

int os_random(void *buf, size_t n)
{
    unsigned char *p = buf;
    size_t got = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        return -1;
    while (got < n) {
        ssize_t k = read(fd, p + got, n - got);
        if (k <= 0) {
            close(fd);
            return -1;
        }
        got += (size_t)k;
    }
    close(fd);
    return 0;
}

char *os_temp_dir(void)
{
    const char *tmp = getenv("TMPDIR");

    return xstrdup(tmp && *tmp ? tmp : "/tmp");
}

void os_open_url(const char *url)
{
    /* Under WSL wslview, else Windows' Explorer (which hands an address
       to the default browser; Windows' localhost reaches the WSL's),
       elsewhere xdg-open. */
    static const char *const ways[][4] = {
        {"wslview", NULL},
        {"explorer.exe", NULL},
        {"xdg-open", NULL},
    };
    size_t i;
    int wsl = getenv("WSL_DISTRO_NAME") != NULL;

    for (i = wsl ? 0 : 2; i < (wsl ? 2u : 3u); i++) {
        pid_t pid = fork();
        int status;
        if (pid == 0) {
            int fd = open("/dev/null", 0);
            if (fd >= 0) {
                dup2(fd, 1);
                dup2(fd, 2);
            }
            execlp(ways[i][0], ways[i][0], url, (char *)NULL);
            _exit(127);
        }
        /* Explorer answers 1 when it did open the address: it is the last
           way tried under WSL, its status not read. */
        if (pid > 0 && waitpid(pid, &status, 0) == pid &&
            (!strcmp(ways[i][0], "explorer.exe") ||
             (WIFEXITED(status) && WEXITSTATUS(status) == 0)))
            return;
    }
}

static volatile sig_atomic_t stop;
static sigset_t old_mask;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

void os_interrupt_prepare(void)
{
    sigset_t mask;

    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &mask, &old_mask);
}

void os_interrupt_cancel(void)
{
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
}

void os_interrupt_wait(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    while (!stop)
        sigsuspend(&old_mask);
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
}

void os_sleep_ms(long ms)
{
    struct timespec ts;

    ts.tv_sec = ms / 1000;
    ts.tv_nsec = (ms % 1000) * 1000000L;
    nanosleep(&ts, NULL);
}

int os_file_identity(const char *path, unsigned long long *dev,
                     unsigned long long *ino)
{
    struct stat st;

    if (stat(path, &st))
        return -1;
    *dev = (unsigned long long)st.st_dev;
    *ino = (unsigned long long)st.st_ino;
    return 0;
}

const char *os_error_text(int errnum)
{
    return strerror(errnum);
}

long long os_mtime_ns(const struct stat *st)
{
    return (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
}

#else /* _WIN32 */

#include <windows.h>
#include <bcrypt.h>
#include <shellapi.h>

#include "util/banned.h"

/* Make a Windows error errno's: the ones the callers tell apart. */
static void set_errno(DWORD e)
{
    switch (e) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
        errno = ENOENT;
        break;
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
        errno = EBUSY;
        break;
    case ERROR_ACCESS_DENIED:
        errno = EACCES;
        break;
    case ERROR_ALREADY_EXISTS:
    case ERROR_FILE_EXISTS:
        errno = EEXIST;
        break;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
        errno = ENOSPC;
        break;
    case ERROR_DIR_NOT_EMPTY:
        errno = ENOTEMPTY;
        break;
    case ERROR_NOT_SAME_DEVICE:
        errno = EXDEV;
        break;
    default:
        errno = EIO;
    }
}

static UINT console_cp, console_input_cp;

/* The console's code pages as they were (the console outlives us). */
static void console_restore(void)
{
    if (console_cp)
        SetConsoleOutputCP(console_cp);
    if (console_input_cp)
        SetConsoleCP(console_input_cp);
}

void os_init(void)
{
    _fmode = _O_BINARY;
    _setmode(0, _O_BINARY);
    _setmode(1, _O_BINARY);
    _setmode(2, _O_BINARY);
    console_cp = GetConsoleOutputCP();
    console_input_cp = GetConsoleCP();
    SetConsoleOutputCP(CP_UTF8);
    SetConsoleCP(CP_UTF8);
    atexit(console_restore);
}

void os_args(int argc, char **argv)
{
    int i;
    char *p;

    for (i = 1; i < argc; i++)
        for (p = argv[i]; *p; p++)
            if (*p == '\\')
                *p = '/';
}

size_t os_path_root(const char *path)
{
    if (((path[0] | 0x20) >= 'a' && (path[0] | 0x20) <= 'z') &&
        path[1] == ':')
        return path[2] == '/' || path[2] == '\\' ? 3 : 2;
    return path[0] == '/' || path[0] == '\\';
}

int os_desktop(void)
{
    return 1;
}

int os_own_console(void)
{
    DWORD ids[2];

    return GetConsoleProcessList(ids, 2) == 1;
}

char *os_program_dir(void)
{
    char buf[4 * MAX_PATH];
    DWORD n = GetModuleFileNameA(NULL, buf, sizeof(buf));
    char *slash, *p;

    if (!n || n >= sizeof(buf))
        return NULL;
    buf[n] = '\0';
    for (p = buf; *p; p++)
        if (*p == '\\')
            *p = '/';
    slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return xstrdup(buf);
}

char *os_memory_file(const void *data, size_t len)
{
    (void)data;
    (void)len;
    return NULL;
}

int os_random(void *buf, size_t n)
{
    return BCRYPT_SUCCESS(BCryptGenRandom(NULL, buf, (ULONG)n,
                                          BCRYPT_USE_SYSTEM_PREFERRED_RNG))
               ? 0
               : -1;
}

char *os_temp_dir(void)
{
    char buf[4 * MAX_PATH];
    DWORD n = GetTempPathA(sizeof(buf), buf);
    char *p;

    if (!n || n >= sizeof(buf))
        return xstrdup(".");
    for (p = buf; *p; p++)
        if (*p == '\\')
            *p = '/';
    while (n > 1 && buf[n - 1] == '/' && buf[n - 2] != ':')
        buf[--n] = '\0';
    return xstrdup(buf);
}

void os_open_url(const char *url)
{
    ShellExecuteA(NULL, "open", url, NULL, NULL, SW_SHOWNORMAL);
}

static HANDLE stop_event;

static BOOL WINAPI on_console(DWORD type)
{
    (void)type;
    SetEvent(stop_event);
    return TRUE;
}

void os_interrupt_prepare(void)
{
    if (!stop_event)
        stop_event = CreateEventA(NULL, TRUE, FALSE, NULL);
    SetConsoleCtrlHandler(on_console, TRUE);
}

void os_interrupt_cancel(void)
{
    SetConsoleCtrlHandler(on_console, FALSE);
}

void os_interrupt_wait(void)
{
    WaitForSingleObject(stop_event, INFINITE);
    SetConsoleCtrlHandler(on_console, FALSE);
}

void os_sleep_ms(long ms)
{
    Sleep((DWORD)ms);
}

long long os_mtime_ns(const struct stat *st)
{
    return (long long)st->st_mtime * 1000000000LL;
}

const char *os_error_text(int errnum)
{
    if (errnum == EBUSY)
        return _("the file is open in another program (Excel?): close it "
                 "there and try again");
    return strerror(errnum);
}

int os_file_identity(const char *path, unsigned long long *dev,
                     unsigned long long *ino)
{
    BY_HANDLE_FILE_INFORMATION fi;
    HANDLE h = CreateFileA(path, 0,
                           FILE_SHARE_READ | FILE_SHARE_WRITE |
                               FILE_SHARE_DELETE,
                           NULL, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS,
                           NULL);
    int ok;

    if (h == INVALID_HANDLE_VALUE)
        return -1;
    ok = GetFileInformationByHandle(h, &fi);
    CloseHandle(h);
    if (!ok)
        return -1;
    *dev = fi.dwVolumeSerialNumber;
    *ino = (unsigned long long)fi.nFileIndexHigh << 32 | fi.nFileIndexLow;
    return 0;
}

int os_mkdir(const char *path, int mode)
{
    (void)mode;
    return _mkdir(path);
}

/* 1 when another program holds path open without letting it be
   replaced (Excel its workbooks). */
static int in_use(const char *path)
{
    HANDLE h = CreateFileA(path, GENERIC_READ,
                           FILE_SHARE_READ | FILE_SHARE_WRITE |
                               FILE_SHARE_DELETE,
                           NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);

    if (h != INVALID_HANDLE_VALUE) {
        CloseHandle(h);
        return 0;
    }
    return GetLastError() == ERROR_SHARING_VIOLATION;
}

int os_rename(const char *from, const char *to)
{
    DWORD a = GetFileAttributesA(to), e;

    /* POSIX replaces an empty folder by a folder; MoveFileEx does not. */
    if (a != INVALID_FILE_ATTRIBUTES && (a & FILE_ATTRIBUTE_DIRECTORY) &&
        (GetFileAttributesA(from) & FILE_ATTRIBUTE_DIRECTORY))
        RemoveDirectoryA(to);
    if (MoveFileExA(from, to,
                    MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        return 0;
    e = GetLastError();
    if (e == ERROR_ACCESS_DENIED && in_use(to))
        e = ERROR_SHARING_VIOLATION;
    set_errno(e);
    return -1;
}

int os_fsync(int fd)
{
    return _commit(fd);
}

int os_fchmod(int fd, int mode)
{
    (void)fd;
    (void)mode;
    return 0;
}

char *realpath(const char *path, char *resolved)
{
    char *r, *p;
    struct stat st;

    if (stat(path, &st))
        return NULL;
    /* Into resolved, else into a buffer the caller frees, as POSIX's. */
    r = _fullpath(resolved, path, PATH_MAX);
    if (!r) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    for (p = r; *p; p++)
        if (*p == '\\')
            *p = '/';
    return r;
}

int link(const char *from, const char *to)
{
    /* A second name of a file that another program holds open could not
       be removed again while it does. */
    if (in_use(from)) {
        errno = EBUSY;
        return -1;
    }
    if (CreateHardLinkA(to, from, NULL))
        return 0;
    set_errno(GetLastError());
    return -1;
}

char *mkdtemp(char *templ)
{
    size_t n = strlen(templ);
    static const char chars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    unsigned long long r;
    int tries, i;

    if (n < 6 || strcmp(templ + n - 6, "XXXXXX")) {
        errno = EINVAL;
        return NULL;
    }
    for (tries = 0; tries < 100; tries++) {
        r = (unsigned long long)GetTickCount64() * 2654435761u ^
            (unsigned long long)GetCurrentProcessId() << 20 ^
            (unsigned long long)tries * 40503u;
        for (i = 0; i < 6; i++) {
            templ[n - 6 + i] = chars[r % 36];
            r /= 36;
        }
        if (!_mkdir(templ))
            return templ;
        if (errno != EEXIST)
            return NULL;
    }
    return NULL;
}

int setenv(const char *name, const char *value, int overwrite)
{
    if (!overwrite && getenv(name))
        return 0;
    return _putenv_s(name, value) ? -1 : 0;
}

int unsetenv(const char *name)
{
    return _putenv_s(name, "") ? -1 : 0;
}

struct tm *gmtime_r(const time_t *t, struct tm *out)
{
    return gmtime_s(out, t) ? NULL : out;
}

struct tm *localtime_r(const time_t *t, struct tm *out)
{
    return localtime_s(out, t) ? NULL : out;
}

int flock(int fd, int op)
{
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    OVERLAPPED ov;
    DWORD flags = 0;

    if (h == INVALID_HANDLE_VALUE) {
        errno = EBADF;
        return -1;
    }
    memset(&ov, 0, sizeof(ov));
    if (op & LOCK_UN) {
        if (UnlockFileEx(h, 0, MAXDWORD, MAXDWORD, &ov))
            return 0;
        set_errno(GetLastError());
        return -1;
    }
    if (op & LOCK_EX)
        flags |= LOCKFILE_EXCLUSIVE_LOCK;
    if (op & LOCK_NB)
        flags |= LOCKFILE_FAIL_IMMEDIATELY;
    if (LockFileEx(h, flags, 0, MAXDWORD, MAXDWORD, &ov))
        return 0;
    if (GetLastError() == ERROR_LOCK_VIOLATION ||
        GetLastError() == ERROR_IO_PENDING)
        errno = EWOULDBLOCK;
    else
        set_errno(GetLastError());
    return -1;
}

/* Walk dir depth-first (what nftw(FTW_DEPTH | FTW_PHYS) does). */
static int walk(struct strbuf *path, int level,
                int (*fn)(const char *, const struct stat *, int,
                          struct FTW *))
{
    struct stat st;
    struct FTW f;
    DIR *d;
    struct dirent *de;
    size_t len = path->len;
    int r = 0;
    const char *slash = strrchr(path->buf, '/');

    f.base = slash ? (int)(slash - path->buf + 1) : 0;
    f.level = level;
    if (stat(path->buf, &st))
        return fn(path->buf, &st, FTW_NS, &f);
    if (!S_ISDIR(st.st_mode))
        return fn(path->buf, &st, FTW_F, &f);
    d = opendir(path->buf);
    if (!d)
        return fn(path->buf, &st, FTW_DNR, &f);
    while (!r && (de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        strbuf_addf(path, "/%s", de->d_name);
        r = walk(path, level + 1, fn);
        strbuf_setlen(path, len);
    }
    closedir(d);
    return r ? r : fn(path->buf, &st, FTW_DP, &f);
}

int nftw(const char *dir,
         int (*fn)(const char *, const struct stat *, int, struct FTW *),
         int nopenfd, int flags)
{
    struct strbuf path = STRBUF_INIT;
    int r;

    (void)nopenfd;
    (void)flags;
    strbuf_addstr(&path, dir);
    r = walk(&path, 0, fn);
    strbuf_release(&path);
    return r;
}

#endif /* _WIN32 */
