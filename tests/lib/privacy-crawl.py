#!/usr/bin/env python3
"""privacy-crawl.py SITE REGISTRY...: crawl a public site for personal data.

Every file of SITE is read as a reader of the site would: HTML, scripts,
JSON, CSV and text as they are, PDF through pdftotext, zip files member by
member (the same way).  It fails (exit 1, each finding on a line) on:
- a birth date of anyone in the registries (players.csv files), written
  DD.MM.YYYY, YYYY-MM-DD or YYYY/MM/DD;
- the registry's personal columns named (passport, medical clearance,
  insurance, fee) or a fee in hryvnias;
- a file that is the registry, the mandate commission's papers, the
  ministry's report, a diploma, a results file as the pairing program
  wrote it, or the signed bundle itself.
It prints what it looked at: files, and dates looked for.

--beside-name: a birth date counts only on one row (an HTML row, paragraph
or list item, a line of text, JSON or CSV) with the name (surname and
first name) of a person born that day, the site's addresses set aside
(an event's id starts with its date).  For a large archive: the birth
dates of 2,000 events' registries cover almost every day of 17 years, so
an event's or a game's date is some child's birthday.
"""
import csv
import io
import os
import re
import subprocess
import sys
import tempfile
import zipfile

# The inputs (at the top of a bundle, in files/ of an event's pages), the
# registry's documents, the report, the diplomas.
FORBIDDEN_NAMES = re.compile(
    r'(^|!|/files/)[^/!]+\.(csv|trf|ini)$'
    r'|mandate-[a-z]+\.pdf$|report\.xlsx$|diplomas\.pdf$|\.trf$')
PERSONAL_WORDS = ['Медичний допуск', 'Страховка', 'Паспорт', 'свідоцтво про '
                  'народження', 'Внесок', 'грн']


def registry_dates(path):
    raw = open(path, 'rb').read()
    try:
        text = raw.decode('utf-8-sig')
    except UnicodeDecodeError:
        text = raw.decode('cp1251')
    delim = ';' if text.split('\n', 1)[0].count(';') > \
        text.split('\n', 1)[0].count(',') else ','
    rows = list(csv.reader(io.StringIO(text), delimiter=delim))
    col = None
    head = [h.strip().lower() for h in rows[0]]
    for i, h in enumerate(head):
        if h.startswith('дата народження'):
            col = i
    si = head.index('прізвище') if 'прізвище' in head else None
    gi = head.index("ім'я") if "ім'я" in head else None
    dates = set()
    for r in rows[1:]:
        if col is None or col >= len(r):
            continue
        m = re.fullmatch(r'\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*', r[col])
        if m:
            day = (int(m.group(3)), int(m.group(2)), int(m.group(1)))
            dates.add(day)
            if si is not None and gi is not None and max(si, gi) < len(r):
                BORN.setdefault(day, set()).add((r[si].strip(), r[gi].strip()))
    return dates


# The people born on a day: (year, month, day) -> {(surname, given)}.
BORN = {}


def beside_name(text, forms):
    """The birth dates of text on a row with a person born that day."""
    text = re.sub(r'(href|src)="[^"]*"', '', text)
    found = set()
    for unit in re.split(r'</tr>|</p>|</li>|</h\d>|\n', text):
        for f in set(DATE_FORMS.findall(unit)) & forms:
            n = [int(x) for x in re.findall(r'\d+', f)]
            day = (n[2], n[1], n[0]) if '.' in f else (n[0], n[1], n[2])
            if any(s and g and s in unit and g in unit
                   for s, g in BORN.get(day, ())):
                found.add(f)
    return found


def patterns(dates):
    forms = []
    for y, m, d in dates:
        forms += ['%02d.%02d.%04d' % (d, m, y), '%04d-%02d-%02d' % (y, m, d),
                  '%04d/%02d/%02d' % (y, m, d)]
    return forms


# Every date-like string at every position (overlapping ones too): the
# same findings as a search for each birth date, in one pass over a file
# whatever the number of people (21,481 at 2,000 events).
DATE_FORMS = re.compile(r'(?=(\d\d\.\d\d\.\d{4}|\d{4}-\d\d-\d\d|\d{4}/\d\d/\d\d))')


def pdf_text(data):
    with tempfile.NamedTemporaryFile(suffix='.pdf') as f:
        f.write(data)
        f.flush()
        out = subprocess.run(['pdftotext', '-layout', f.name, '-'],
                             capture_output=True)
        return out.stdout.decode('utf-8', 'replace')


def texts(name, data):
    """(name, text) of a file as a reader sees it."""
    if name.endswith('.pdf'):
        yield name, pdf_text(data)
    elif name.endswith('.zip'):
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for member in z.namelist():
                if FORBIDDEN_NAMES.search(member):
                    yield name + '!' + member, '\0forbidden'
                for t in texts(name + '!' + member, z.read(member)):
                    yield t
    else:
        yield name, data.decode('utf-8', 'replace')


def main():
    args = sys.argv[1:]
    beside = '--beside-name' in args
    args = [a for a in args if a != '--beside-name']
    site, registries = args[0], args[1:]
    dates = set()
    for r in registries:
        dates |= registry_dates(r)
    forms = set(patterns(dates))
    findings, files = [], 0
    for top, dirs, names in os.walk(site):
        for n in sorted(names):
            path = os.path.join(top, n)
            rel = os.path.relpath(path, site)
            files += 1
            if FORBIDDEN_NAMES.search(rel) or re.search(r'\d{4}-\d\d-\d\d-[^/]*'
                                                        r'(?<!-public)\.zip$',
                                                        rel):
                findings.append('%s: a file the public site must not carry'
                                % rel)
            data = open(path, 'rb').read()
            for where, text in texts(rel, data):
                if text == '\0forbidden':
                    findings.append('%s: a file the public site must not '
                                    'carry' % where)
                    continue
                hits = (beside_name(text, forms) if beside
                        else set(DATE_FORMS.findall(text)) & forms)
                for f in sorted(hits):
                    findings.append('%s: a birth date (%s)' % (where, f))
                for w in PERSONAL_WORDS:
                    if w in text:
                        findings.append('%s: personal data named (%s)'
                                        % (where, w))
    print('files %d, birth dates looked for %d' % (files, len(dates)))
    # every file found at fault, with its first findings
    per = {}
    for f in findings:
        where = f.split(': ', 1)[0]
        per[where] = per.get(where, 0) + 1
        if per[where] <= 3:
            print(f)
    return 1 if findings else 0


if __name__ == '__main__':
    sys.exit(main())
