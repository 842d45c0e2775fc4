#!/usr/bin/python3
"""Open site pages in headless Chromium at a phone's width and say, per
page, whether what a reader looks for is on screen.

    phone.py WIDTH PAGE...      PAGE a file of the site

For a ranking list ("table.ranking", "table.teams"): the first row's place,
name and points lie inside the window, and on a phone (640 px or less) are
its first three cells shown. For a cross table ("table.cross"),
scrolled half-way to the right: the name and the points still do. On every
page nothing but a table's own box scrolls sideways. One line per failure,
"PAGE: what"; exit 1 when there is one, 77 when Chromium or Selenium is
missing. SHOTS=DIR saves each page's screenshot there.
"""
import os
import sys

from browser import chromium

CHECK = r"""
const W = window.innerWidth, bad = [];
const inside = (el, what) => {
  if (!el) { bad.push(what + ': missing'); return; }
  const r = el.getBoundingClientRect();
  if (r.width === 0) { bad.push(what + ': hidden'); return; }
  if (r.left < -0.5 || r.right > W + 0.5)
    bad.push(what + ': off screen (' + Math.round(r.left) + '..' +
             Math.round(r.right) + ' of ' + W + ')');
};
const vis = row => Array.from(row.cells).filter(
  c => getComputedStyle(c).display !== 'none');
for (const t of document.querySelectorAll('table.ranking, table.teams')) {
  const row = t.tBodies[0] && t.tBodies[0].rows[0];
  if (!row) continue;
  const k = t.classList.contains('teams') ? 'team' : 'ranking';
  inside(row.cells[0], k + ' place');
  inside(row.cells[2], k + ' name');
  inside(row.querySelector('td.pts'), k + ' points');
  const c = vis(row);
  if (W <= 640 && (c[0] !== row.cells[0] || c[1] !== row.cells[2] ||
      c[2] !== row.querySelector('td.pts')))
    bad.push(k + ': not place, name, points first');
}
for (const t of document.querySelectorAll('table.cross')) {
  const box = t.closest('.scroll'), row = t.tBodies[0].rows[0];
  box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  inside(row.cells[2], 'cross table name (scrolled)');
  inside(row.cells[row.cells.length - 1], 'cross table points (scrolled)');
  box.scrollLeft = 0;
}
for (const a of document.querySelectorAll('td a')) {
  if (!getComputedStyle(a).textDecorationLine.includes('underline')) {
    bad.push('a link in a table told apart by colour alone: ' +
             a.textContent);
    break;
  }
}
if (document.documentElement.scrollWidth > W + 1)
  bad.push('the page scrolls sideways (' +
           document.documentElement.scrollWidth + ' > ' + W + ')');
return bad;
"""


PRINT = r"""
const shown = el => !!el && getComputedStyle(el).display !== 'none';
return [shown(document.querySelector('footer p.source')),
        shown(document.querySelector('nav'))];
"""


def main():
    width = int(sys.argv[1])
    drv = chromium("--hide-scrollbars", "--window-size=%d,844" % width)
    fails = 0
    try:
        # the window's outer size includes nothing headless: the layout
        # width is what --window-size says; set it again to be sure
        drv.set_window_size(width, 844)
        shots = os.environ.get("SHOTS")
        for page in sys.argv[2:]:
            drv.get("file://" + os.path.abspath(page))
            inner = drv.execute_script("return window.innerWidth")
            if inner != width:
                print("%s: the window is %d px, not %d" % (page, inner, width))
                fails += 1
            for what in drv.execute_script(CHECK):
                print("%s: %s" % (page, what))
                fails += 1
            # printed, the page names its source and drops the navigation
            drv.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"media": "print"})
            seen = drv.execute_script(PRINT)
            drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
            if seen != [True, False]:
                print("%s: printed, the source shown and the navigation "
                      "hidden: %s" % (page, seen))
                fails += 1
            if shots:
                name = page.strip("./").replace("/", "_") + "-%d.png" % width
                drv.save_screenshot(os.path.join(shots, name))
    finally:
        drv.quit()
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
