"""The secretary's evening in a real browser (tests/cli/5002): the desk's
printed link, the errors of a planted fault, the file fixed, the documents
made and listed, the build; the files on disk checked after each step.
Usage: desk-walk.py URL EVENT-DIR ARCHIVE-DIR GOOD-REGISTRY [SHOTS-DIR]
Prints TAP lines (numbered from 1); exits 77 without Chromium."""
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import tap  # noqa: E402
from browser import chromium  # noqa: E402
from tap import ok  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

url, ev, arc, good = sys.argv[1:5]
shots = sys.argv[5] if len(sys.argv) > 5 else None


def shot(d, name):
    if not shots:
        return
    for w in (1280, 390):
        d.set_window_size(w, 1400)
        d.save_screenshot(os.path.join(shots, "%s-%d.png" % (name, w)))
    d.set_window_size(1280, 1400)


def go(d, how, what):
    """Click what and wait for the next page (no element of this one)."""
    old = d.find_element(By.TAG_NAME, "html")
    d.find_element(how, what).click()
    WebDriverWait(d, 60).until(EC.staleness_of(old))
    WebDriverWait(d, 60).until(
        lambda d: d.execute_script("return document.readyState") ==
        "complete")


def text(d):
    return d.find_element(By.TAG_NAME, "main").text


d = chromium("--window-size=1280,1400")
try:
    base = url.split("/?t=")[0]
    d.get(url)
    ok(d.current_url == base + "/event", "the printed link opens the event")
    ok(all(c["name"] != "t" for c in d.get_cookies()) and
       any(c["name"] == "sekretar_desk" and c.get("httpOnly")
           for c in d.get_cookies()),
       "the secret kept as an HttpOnly cookie")
    t = text(d)
    ok("Чемпіонат України з шахів" in t, "the event's title")
    ok("2 помилки" in t, "the planted fault: 2 errors")
    shot(d, "event")

    go(d, By.LINK_TEXT, "Перевірка")
    ok(d.current_url == base + "/check", "to the check")
    t = text(d)
    ok("ev/players.csv" in t and "рядок 5, позиція 25" in t,
       "the error at players.csv line 5, column 25")
    marks = d.find_elements(By.CSS_SELECTOR, "pre.line mark")
    ok(marks and marks[0].text == "0", "the column's character marked")
    shot(d, "check")

    # the secretary fixes the registry (in Excel); the page sees it by
    # itself
    # (saved as Excel saves: a new file put in place of the old one; a
    # file written in place may be seen half-written, then again whole)
    t0 = time.time()
    shutil.copy(good, os.path.join(ev, "players.csv.new"))
    os.replace(os.path.join(ev, "players.csv.new"),
               os.path.join(ev, "players.csv"))

    def fixed(d):
        try:
            return "Помилок немає" in text(d)
        except Exception:  # the page between two loads
            return False
    WebDriverWait(d, 30, poll_frequency=0.01).until(fixed)
    took = time.time() - t0
    print("# the check page again %.0f ms after the file changed"
          % (took * 1000))
    ok("Помилок немає" in text(d), "fixed on disk: the page checks again "
       "by itself, no errors")
    ok(took < 3, "within 3 s (here %.0f ms)" % (took * 1000))

    go(d, By.LINK_TEXT, "Документи")
    ok("Документів ще немає" in text(d), "no documents yet")
    go(d, By.TAG_NAME, "button")
    t = text(d)
    docs = sorted(os.listdir(os.path.join(ev, "documents")))
    ok("Створено: %d документ" % len(docs) in t and len(docs) >= 20,
       "the documents made: %d, said and on disk" % len(docs))
    links = [a.get_attribute("href")
             for a in d.find_elements(By.CSS_SELECTOR, "ul.docs a")]
    ok(len(links) == len(docs) and
       base + "/docs/boys-classic-ranking.pdf" in links,
       "each document listed, linked")
    shot(d, "docs")

    go(d, By.LINK_TEXT, "Архів")
    ok("В архіві цього змагання ще немає" in text(d), "not archived yet")
    go(d, By.TAG_NAME, "button")
    t = text(d)
    bundle = os.path.join(arc, "2023", "2023-06-01-ev.zip")
    ok("Зібрано: версія 1" in t and os.path.isfile(bundle),
       "built: version 1, the bundle on disk")
    ok("чинна" in t, "the versions' table")
    shot(d, "archive")
    go(d, By.TAG_NAME, "button")
    ok("нічого не змінено" in text(d), "built again: up to date")
except Exception as e:  # a step that could not be taken: said, failed
    ok(False, "step %d: %s" % (tap.n + 1, str(e).splitlines()[0]))
finally:
    d.quit()
tap.done()
