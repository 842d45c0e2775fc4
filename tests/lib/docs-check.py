#!/usr/bin/env python3
# tests/lib/docs-check.py: the documentation's links and the commands it
# shows, for tests/cli/0006-docs.t.  SPDX-License-Identifier: MIT
#
# usage: docs-check.py pages TOP
#        docs-check.py links TOP
#        docs-check.py commands TOP SEKRETAR
#
# The pages are README.md, README.uk.md and docs/**/*.md under TOP.
# pages:    print them, one a line.
# links:    every relative link of a page leads to a file or folder that
#           exists, and its #anchor to a heading of that page (as GitHub
#           makes anchors: lower case, punctuation dropped, blanks as '-').
# commands: every command a page shows in a code block ("sekretar CMD ...",
#           "$ ./sekretar CMD ...", with the synopsis' continuation lines)
#           names a command of SEKRETAR, and every option on it is one
#           that the command's --help lists.
# Each problem is printed as "PAGE:LINE: what"; the exit status is 1 when
# there is any.
import os
import re
import subprocess
import sys


def pages(top):
    found = [p for p in ("README.md", "README.uk.md")
             if os.path.isfile(os.path.join(top, p))]
    docs = []
    for root, dirs, files in os.walk(os.path.join(top, "docs")):
        dirs.sort()
        for f in files:
            if f.endswith(".md"):
                docs.append(os.path.relpath(os.path.join(root, f), top))
    return found + sorted(docs)


def read(top, page):
    with open(os.path.join(top, page), encoding="utf-8") as f:
        return f.read().split("\n")


def code_lines(lines):
    """(number, line, in_code) for every line of a page."""
    fenced = False
    for n, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            yield n, line, True
            continue
        yield n, line, fenced or line.startswith("    ")


def anchors(lines):
    """The anchors GitHub gives the headings of a page."""
    seen = {}
    out = set()
    for n, line, code in code_lines(lines):
        m = re.match(r"^#{1,6} +(.*?) *#*$", line)
        if code or not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        k = seen.get(slug, 0)
        seen[slug] = k + 1
        out.add(slug if k == 0 else "%s-%d" % (slug, k))
    return out


def check_links(top):
    problems = []
    cache = {}
    for page in pages(top):
        lines = read(top, page)
        for n, line, code in code_lines(lines):
            if code:
                continue
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"^[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                if path:
                    full = os.path.normpath(
                        os.path.join(top, os.path.dirname(page), path))
                else:
                    full = os.path.join(top, page)
                if not os.path.exists(full):
                    problems.append("%s:%d: no such file: %s" %
                                    (page, n, target))
                    continue
                if not anchor:
                    continue
                if not full.endswith(".md"):
                    problems.append("%s:%d: an anchor in a file that is not "
                                    "a page: %s" % (page, n, target))
                    continue
                if full not in cache:
                    with open(full, encoding="utf-8") as f:
                        cache[full] = anchors(f.read().split("\n"))
                if anchor not in cache[full]:
                    problems.append("%s:%d: no heading for the anchor: %s" %
                                    (page, n, target))
    return problems


COMMAND = re.compile(r"(?:^|[\s;&|(])(?:\./)?sekretar ([a-z][a-z-]*)(.*)$")
OPTION = re.compile(r"(?<![\w/-])(--?[A-Za-z][A-Za-z0-9-]*)")


def shown_commands(lines):
    """(line number, command, text) of every command shown in code."""
    out = []
    numbered = list(code_lines(lines))
    i = 0
    while i < len(numbered):
        n, line, code = numbered[i]
        i += 1
        m = COMMAND.search(re.sub(r"(^|\s)#.*", "", line)) if code else None
        if not m:
            continue
        text = m.group(2)
        indent = len(line) - len(line.lstrip())
        # The synopsis goes on in lines indented more, starting with '['
        # or '|'; a comment alone on a line goes with the command above.
        while i < len(numbered):
            n2, more, code2 = numbered[i]
            body = more.lstrip()
            if not (code2 and len(more) - len(body) > indent and
                    body[:1] in ("[", "|", "#")):
                break
            text += " " + body
            i += 1
        out.append((n, m.group(1), re.sub(r"(^|\s)#.*", "", text)))
    return out


SPAN = re.compile(r"`((?:\./)?sekretar [a-z][^`]*)`")


def prose_commands(lines):
    """(line number, command, text) of every command a paragraph shows in
    backquotes ("`sekretar standings --rules ua-2023`"), also one that
    goes on to the next line."""
    out = []
    para = []
    for n, line, code in list(code_lines(lines)) + [(0, "", True)]:
        if not code and line.strip():
            para.append((n, line.strip()))
            continue
        text, starts = "", []
        for n2, part in para:
            starts.append((len(text), n2))
            text += part + " "
        for m in SPAN.finditer(text):
            c = COMMAND.search(m.group(1))
            if c:
                at = [n2 for off, n2 in starts if off <= m.start()][-1]
                out.append((at, c.group(1), c.group(2)))
        para = []
    return out


def help_text(sekretar, command, cache):
    if command not in cache:
        argv = [sekretar, command, "--help"]
        if command == "help":
            argv = [sekretar, "help", "--man", "--help"]
        r = subprocess.run(argv, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL)
        cache[command] = (r.stdout.decode("utf-8", "replace")
                          if r.returncode == 0 else None)
    return cache[command]


def check_commands(top, sekretar):
    problems = []
    cache = {}
    count = 0
    for page in pages(top):
        lines = read(top, page)
        for n, command, text in (shown_commands(lines) +
                                 prose_commands(lines)):
            count += 1
            usage = help_text(sekretar, command, cache)
            if usage is None:
                problems.append("%s:%d: 'sekretar %s' is not a command" %
                                (page, n, command))
                continue
            for opt in OPTION.findall(text):
                if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(opt),
                                 usage):
                    problems.append("%s:%d: 'sekretar %s --help' has no "
                                    "option '%s'" % (page, n, command, opt))
    if count == 0:
        problems.append("the pages show no command")
    return problems


def main(argv):
    if len(argv) == 3 and argv[1] == "pages":
        print("\n".join(pages(argv[2])))
        return 0
    if len(argv) == 3 and argv[1] == "links":
        problems = check_links(argv[2])
    elif len(argv) == 4 and argv[1] == "commands":
        problems = check_commands(argv[2], argv[3])
    else:
        sys.stderr.write(
            "usage: docs-check.py pages|links TOP, or commands TOP SEKRETAR\n")
        return 2
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
