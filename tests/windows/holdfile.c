/* tests/windows/holdfile: hold a file open the way Excel holds a
 * workbook (no sharing), or with --lock hold the archive's lock file
 * locked the way sekretar locks it (LockFileEx on the whole file, opened
 * for others to open too), until a file named STOP appears, for
 * windows/check.sh under Wine.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>
#include <windows.h>

int main(int argc, char **argv)
{
    HANDLE h;
    OVERLAPPED ov;
    int i, lock = argc == 4 && !strcmp(argv[1], "--lock");

    if (argc != 3 + lock) {
        fprintf(stderr, "usage: holdfile [--lock] FILE STOP\n");
        return 64;
    }
    h = CreateFileA(argv[1 + lock], GENERIC_READ | GENERIC_WRITE,
                    lock ? FILE_SHARE_READ | FILE_SHARE_WRITE : 0, NULL,
                    OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    if (h == INVALID_HANDLE_VALUE) {
        fprintf(stderr, "holdfile: cannot open %s (%lu)\n", argv[1 + lock],
                (unsigned long)GetLastError());
        return 1;
    }
    memset(&ov, 0, sizeof(ov));
    if (lock && !LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK, 0, MAXDWORD,
                            MAXDWORD, &ov)) {
        fprintf(stderr, "holdfile: cannot lock %s (%lu)\n", argv[2],
                (unsigned long)GetLastError());
        return 1;
    }
    printf("holding\n");
    fflush(stdout);
    for (i = 0; i < 600 && GetFileAttributesA(argv[2 + lock]) ==
                               INVALID_FILE_ATTRIBUTES; i++)
        Sleep(100);
    CloseHandle(h);
    return 0;
}
