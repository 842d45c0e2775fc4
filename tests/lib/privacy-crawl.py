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
    for i, h in enumerate(rows[0]):
        if h.strip().lower().startswith('дата народження'):
            col = i
    dates = set()
    for r in rows[1:]:
        if col is None or col >= len(r):
            continue
        m = re.fullmatch(r'\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*', r[col])
        if m:
            dates.add((int(m.group(3)), int(m.group(2)), int(m.group(1))))
    return dates


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
    site, registries = sys.argv[1], sys.argv[2:]
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
                for f in sorted(set(DATE_FORMS.findall(text)) & forms):
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
