# tests/lib/tap.py: TAP lines for the Python checkers of tests/lib
# (check-report.py, check-norms.py) and the one apostrophe of names.
# SPDX-License-Identifier: MIT
import sys

n = 0
failed = 0


def ok(cond, what):
    """One TAP line: ok or not ok N - what."""
    global n, failed
    n += 1
    if not cond:
        failed += 1
        # said on standard error too: 'make check' (prove without -v)
        # shows it
        print("# failed: %d - %s" % (n, what), file=sys.stderr)
    print(("ok" if cond else "not ok") + " %d - %s" % (n, what))


def done():
    """The plan, and the exit status: 1 when a check failed."""
    print("1..%d" % n)
    sys.exit(1 if failed else 0)


def ap(s):
    """Names with one apostrophe (the registry's '), whichever was typed."""
    return s.replace("\u2019", "'").replace("\u02bc", "'")
