/* tests/windows/holdfile: hold a file open the way Excel holds a
 * workbook (no sharing) until a file named STOP appears, for
 * windows/check.sh under Wine.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <windows.h>

int main(int argc, char **argv)
{
    HANDLE h;
    int i;

    if (argc != 3) {
        fprintf(stderr, "usage: holdfile FILE STOP\n");
        return 64;
    }
    h = CreateFileA(argv[1], GENERIC_READ | GENERIC_WRITE, 0, NULL,
                    OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    if (h == INVALID_HANDLE_VALUE) {
        fprintf(stderr, "holdfile: cannot open %s (%lu)\n", argv[1],
                (unsigned long)GetLastError());
        return 1;
    }
    printf("holding\n");
    fflush(stdout);
    for (i = 0; i < 600 && GetFileAttributesA(argv[2]) ==
                               INVALID_FILE_ATTRIBUTES; i++)
        Sleep(100);
    CloseHandle(h);
    return 0;
}
