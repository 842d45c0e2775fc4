#!/usr/bin/python3
"""Click a table's heading on a site page in headless Chromium and say
whether its rows come out in order.

    sort.py PAGE TABLE HEADING num|text

TABLE is the table's class ("ranking", "people"), HEADING the heading's
text. num: the column read as numbers ("7½" 7.5, "17-18" 17; a cell with
no number last), ascending after the first click and descending after the
second. text: the page lists the rows in Ukrainian alphabetical order by
that column already (the catalogue's order); the first click keeps that
order, the second turns it round. One line per failure; exit 1 when there
is one, 77 when Chromium or Selenium is missing.
"""
import os
import re
import sys

from browser import chromium  # exits 77 without Selenium
from selenium.webdriver.common.by import By

COLUMN = r"""
const t = document.querySelector('table.' + arguments[0]);
const col = arguments[1];
return Array.from(t.tBodies[0].rows).map(
  r => r.cells[col] ? r.cells[col].textContent.trim() : '');
"""


def number(text):
    t = text.replace(" ", "").replace(",", ".").replace("\u00bd", ".5")
    m = re.match(r"-?(\d+(\.\d*)?|\.\d+)", t)
    return float(m.group(0)) if m else None


def main():
    page, cls, heading, kind = sys.argv[1:5]
    drv = chromium()
    bad = []
    try:
        drv.get("file://" + os.path.abspath(page))
        heads = drv.find_elements(By.CSS_SELECTOR,
                                  "table.%s thead th" % cls)
        col = [h.text.strip() for h in heads].index(heading)
        button = heads[col].find_element(By.CSS_SELECTOR, "button.sort")
        before = drv.execute_script(COLUMN, cls, col)
        button.click()
        up = drv.execute_script(COLUMN, cls, col)
        sort = heads[col].get_attribute("aria-sort")
        button.click()
        down = drv.execute_script(COLUMN, cls, col)
        if sort != "ascending":
            bad.append("aria-sort after one click: %r" % sort)
        if sorted(up) != sorted(before):
            bad.append("the rows changed, not only their order")
        if kind == "num":
            for name, got, rev in (("ascending", up, False),
                                   ("descending", down, True)):
                vals = [number(v) for v in got]
                known = [v for v in vals if v is not None]
                if vals[:len(known)] != known:
                    bad.append("%s: a cell with no number before a number"
                               % name)
                if known != sorted(known, reverse=rev):
                    bad.append("%s: not in order: %s" % (name, got[:8]))
            if len(set(up)) < 2:
                bad.append("the column has one value: the test shows nothing")
        else:
            if up != before:
                bad.append("ascending is not the catalogue's order: %s"
                           % up[:8])
            if down != before[::-1] and len(set(before)) == len(before):
                bad.append("descending is not the reverse: %s" % down[:8])
    finally:
        drv.quit()
    for b in bad:
        print("%s: %s" % (page, b))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
