"""The secretary's evening in a real browser (tests/cli/5002): the desk's
printed link, the errors of a planted fault, the file fixed, the documents
made and listed, the build; the files on disk checked after each step.
Usage: desk-walk.py URL EVENT-DIR ARCHIVE-DIR GOOD-REGISTRY [SHOTS-DIR]
Prints TAP lines (numbered from 1); exits 77 without Chromium."""
import os
import shutil
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
import tap  # noqa: E402
from browser import chromium  # noqa: E402
from tap import ok  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
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


def gone(old):
    """Whether the element old is of a page no longer shown.  Chromium
    says so as a stale element or, when the node is asked for as the next
    page comes, as an inspector error (which EC.staleness_of lets
    through)."""
    def check(d):
        try:
            old.is_enabled()
            return False
        except WebDriverException:
            return True
    return check


def go(d, how, what):
    """Click what and wait for the next page (no element of this one)."""
    old = d.find_element(By.TAG_NAME, "html")
    d.find_element(how, what).click()
    WebDriverWait(d, 60).until(gone(old))
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
    ok("3 помилки" in t, "the planted faults: 3 errors")
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
            return "1 помилка" in text(d)
        except Exception:  # the page between two loads
            return False
    WebDriverWait(d, 30, poll_frequency=0.01).until(fixed)
    took = time.time() - t0
    print("# the check page again %.0f ms after the file changed"
          % (took * 1000))
    ok("1 помилка" in text(d) and "рядок 5, позиція 25" not in text(d),
       "fixed on disk: the page checks again by itself, the name's error "
       "left")
    ok(took < 3, "within 3 s (here %.0f ms)" % (took * 1000))

    # the name the pairing program wrote: the check offers the registry's
    # nearest person; choosing him writes the name to his row
    t = text(d)
    ok("'Ponomarenco, Ostap' немає в реєстрі" in t and
       "Чи «Ponomarenco, Ostap» — це хтось із цих людей? Оберіть особу" in t,
       "the unknown name and the offer")
    shot(d, "check-offer")
    go(d, By.XPATH, "//form[@action='/fix/alias']//button[@value='2']")
    reg = open(os.path.join(ev, "players.csv"), encoding="utf-8-sig").read()
    rows = reg.split("\n")
    ok(rows[0].endswith(",Інші написання") and
       rows[1].endswith(',"Ponomarenco, Ostap"'),
       "on disk: the column added, the name in Пономаренко's row")
    ok(os.path.isfile(os.path.join(ev, ".sekretar-desk",
                                   "0001-players.csv")),
       "on disk: the file before kept")
    t = text(d)
    ok("Помилок немає" in t and "Зміна 1, players.csv" in t and
       d.find_elements(By.CSS_SELECTOR, "pre.diff ins"),
       "no errors; the change shown, line by line")
    shot(d, "check-fixed")

    # a key of event.ini through the form
    go(d, By.LINK_TEXT, "Опис змагання")
    box = d.find_element(By.ID, "section-boys-classic.k.prize-places")
    ok(box.get_attribute("value") == "3", "the form: prize-places 3")
    box.clear()
    box.send_keys("6")
    shot(d, "settings")
    go(d, By.XPATH, "//form[.//input[@id='section-boys-classic.k.title']]"
                    "//button")
    ini = open(os.path.join(ev, "event.ini"), encoding="utf-8").read()
    sec = ini[ini.index("[section boys-classic]"):]
    sec = sec[:sec.index("[section", 1)]
    ok("\nprize-places = 6\n" in sec and "prize-places = 6" not in
       ini.replace(sec, ""),
       "on disk: prize-places = 6 in [section boys-classic] alone")
    ok("Зміна 2, event.ini" in text(d), "the change said")
    go(d, By.LINK_TEXT, "Зміни")
    ok(len(d.find_elements(By.CSS_SELECTOR, "form.undo button")) == 2,
       "the changes: both may be undone")
    shot(d, "changes")
    go(d, By.LINK_TEXT, "Реєстр")
    ok("Ponomarenco, Ostap" in text(d), "the registry's table")
    shot(d, "registry")

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
    # the report, as the browser downloads it (with the page's cookie)
    link = d.find_element(By.CSS_SELECTOR, "a[href='/docs/report.xlsx']")
    cookie = "; ".join("%s=%s" % (c["name"], c["value"])
                       for c in d.get_cookies())
    got = urllib.request.urlopen(urllib.request.Request(
        link.get_attribute("href"), headers={"Cookie": cookie}),
        timeout=60).read()
    with open(os.path.join(ev, "documents", "report.xlsx"), "rb") as f:
        ok(got == f.read() and got[:2] == b"PK",
           "the report downloaded: the XLSX on disk")
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

    # a results file changes; the build's progress bar while it builds
    # (the form held back, the build sent beside it, as the form would)
    with open(os.path.join(ev, "boys-rapid.trf"), "a") as f:
        f.write("\n")
    d.execute_script(
        "document.addEventListener('submit', function (e) {"
        " e.preventDefault(); });")
    d.find_element(By.TAG_NAME, "button").click()
    ok(d.find_element(By.ID, "progress").is_displayed(),
       "the build's form sent: the progress bar shown")
    csrf = d.find_element(By.NAME, "csrf").get_attribute("value")
    cookie = "; ".join("%s=%s" % (c["name"], c["value"])
                       for c in d.get_cookies())
    done = []

    def build():
        req = urllib.request.Request(
            base + "/build", data=("csrf=" + csrf).encode(),
            headers={"Cookie": cookie})
        done.append(urllib.request.urlopen(req, timeout=120).read())
    th = threading.Thread(target=build)
    th.start()
    seen = []

    def progressing(d):
        v = int(d.find_element(By.CSS_SELECTOR, "#progress progress")
                .get_attribute("value") or 0)
        if v >= 35:
            seen.append((v, d.find_element(By.CSS_SELECTOR,
                                           "#progress span").text))
        return seen or not th.is_alive()
    WebDriverWait(d, 60, poll_frequency=0.02).until(progressing)
    if seen:
        print("# the progress bar: %d %% %s" % seen[-1])
        shot(d, "building")
    th.join()
    ok(seen and seen[-1][1] in ("пишемо документи", "пишемо пакет",
                                "додаємо його до каталогу"),
       "while it builds: the bar moves, its step said")
    ok(done and "Зібрано: версія 2".encode() in done[0],
       "built: version 2")
except Exception as e:  # a step that could not be taken: said, failed
    ok(False, "step %d: %s: %s" % (tap.n + 1, type(e).__name__,
                                   (str(e).splitlines() or [""])[0]))
finally:
    d.quit()
tap.done()
