#!/usr/bin/env python3
# tests/lib/site.py: looks at the website 'sekretar archive site' wrote.
# SPDX-License-Identifier: MIT
#
#   site.py check DIR     every internal link and anchor of every page
#                         resolves, every file is reached from index.html,
#                         no page, style or script names another host;
#                         prints what it counted, one problem a line
#   site.py snapshot DIR  every file but the site's list: path, inode and
#                         the start of its SHA-256, sorted by path
#   site.py table FILE N  the cells of the N-th table (from 1) of a page,
#                         tab-separated, one row a line (no heading row)
#   site.py table FILE #ID  the first table after the element of that id
#   site.py table FILE all  the rows of every table
#   site.py table FILE @ID  the rows from the row of that id to the next
#                         row that has an id
import os
import re
import signal
import sys
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.refs = []  # (attribute, value)
        self.tables = []  # (id before it, rows)
        self.last_id = None
        self.row = None
        self.cell = None
        self.in_head = False
        self.lang = None
        self.row_id = None
        self.row_ids = []  # (id of the row or None, cells), every table
        self.refresh = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.add(a["id"])
            self.last_id = a["id"]
        for k in ("href", "src"):
            if k in a:
                self.refs.append((k, a[k]))
        if tag == "meta" and a.get("http-equiv") == "refresh":
            # a page that leads to another (a person's old address)
            self.refresh = a.get("content", "").split("url=", 1)[-1]
            self.refs.append(("refresh", self.refresh))
        if tag == "table":
            self.tables.append((self.last_id, []))
        elif tag == "thead":
            self.in_head = True
        elif tag == "tbody":
            self.in_head = False
        elif tag == "tr" and self.tables:
            self.row = []
            self.row_id = a.get("id")
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join(self.cell.split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if not self.in_head:
                self.tables[-1][1].append(self.row)
                self.row_ids.append((self.row_id, self.row))
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def parse(path):
    p = Page()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


HOST = re.compile(r"(?i)\b(?:https?|ftp)://|(?:url\(|href=|src=)[\"']?//")
# The one link out a page may have: a player's profile at FIDE (a link to
# follow, nothing a page loads).
OUT = re.compile(r'<a class="out" href="https://ratings\.fide\.com/profile/[0-9]+">')


def check(top):
    pages, files, problems = {}, set(), []
    for d, _, names in os.walk(top):
        for n in names:
            rel = os.path.relpath(os.path.join(d, n), top)
            if rel == ".sekretar-site":
                continue
            files.add(rel)
            if n.endswith((".html", ".css", ".js")):
                with open(os.path.join(top, rel), encoding="utf-8") as f:
                    if HOST.search(OUT.sub("", f.read())):
                        problems.append("%s names another host" % rel)
            if n.endswith(".html"):
                pages[rel] = parse(os.path.join(top, rel))
    links = 0
    reached = {"index.html"}
    for rel, p in sorted(pages.items()):
        if p.lang != "uk":
            problems.append("%s: lang is %r, not 'uk'" % (rel, p.lang))
        for attr, v in p.refs:
            u = urlsplit(v)
            if attr == "href" and OUT.match('<a class="out" href="%s">' % v):
                continue
            if u.scheme or u.netloc:
                problems.append("%s: %s '%s' leaves the site" % (rel, attr, v))
                continue
            target = rel
            if u.path.startswith("/") and rel == "404.html":
                # the page for any address: its links from the root
                target = os.path.normpath(unquote(u.path).lstrip("/"))
            elif u.path:
                target = os.path.normpath(
                    os.path.join(os.path.dirname(rel), unquote(u.path)))
            links += 1
            if target.startswith(".."):
                problems.append("%s: '%s' goes above the site" % (rel, v))
            elif target not in files:
                problems.append("%s: '%s': no file %s" % (rel, v, target))
            elif u.fragment and (target not in pages or
                                 unquote(u.fragment) not in
                                 pages[target].ids):
                problems.append("%s: '%s': no id '%s' in %s" %
                                (rel, v, u.fragment, target))
            else:
                reached.add(target)
    # The search index files are loaded by the script, not linked; the
    # servers' and crawlers' files are asked for by name.
    # A page that leads to another is an old address: nothing links it.
    reached |= {rel for rel, p in pages.items() if p.refresh is not None}
    for f in sorted(files - reached):
        if not (f.startswith("search/") and f.endswith(".js")) and \
                not re.fullmatch(r"robots\.txt|404\.html|sitemap(-\d+)?\.xml", f):
            problems.append("%s: no page links to it" % f)
    print("pages %d files %d links %d" % (len(pages), len(files), links))
    for m in problems:
        print(m)
    return 1 if problems else 0


def table(path, which):
    p = parse(path)
    if which.startswith("@"):
        # the rows from the row of that id to the next row with an id
        rows, on = [], False
        for rid, r in p.row_ids:
            if rid is not None:
                on = rid == which[1:]
            if on:
                rows.append(r)
        if not rows:
            rows = None
    elif which == "all":
        rows = [r for _, t in p.tables for r in t]
    elif which.startswith("#"):
        rows = next((t for i, t in p.tables if i == which[1:]), None)
    else:
        n = int(which)
        rows = p.tables[n - 1][1] if 0 < n <= len(p.tables) else None
    if rows is None:
        print("no table %s in %s" % (which, path), file=sys.stderr)
        return 1
    for r in rows:
        print("\t".join(r))
    return 0


def snapshot(top):
    import hashlib
    rows = []
    for d, _, names in os.walk(top):
        for n in names:
            path = os.path.join(d, n)
            rel = "./" + os.path.relpath(path, top)
            if n == ".sekretar-site":
                continue
            with open(path, "rb") as f:
                sha = hashlib.sha256(f.read()).hexdigest()[:16]
            rows.append("%s %d %s" % (rel, os.stat(path).st_ino, sha))
    for r in sorted(rows):
        print(r)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if len(sys.argv) == 3 and sys.argv[1] == "snapshot":
        sys.exit(snapshot(sys.argv[2]))
    if len(sys.argv) == 3 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2]))
    if len(sys.argv) == 4 and sys.argv[1] == "table":
        sys.exit(table(sys.argv[2], sys.argv[3]))
    print(__doc__ or "usage: site.py check DIR | table FILE N|#ID",
          file=sys.stderr)
    sys.exit(64)
