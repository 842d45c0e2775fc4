"""Headless Chromium for the site's tests (phone.py, sort.py): the driver,
or exit 77 (a skip, said why) when Chromium or Selenium is missing."""
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    sys.exit(77)


def chromium(*args):
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu") + args:
        opts.add_argument(a)
    opts.binary_location = "/usr/bin/chromium"
    try:
        return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                                options=opts)
    except Exception as e:  # no browser: a skip, said why
        print("# chromium: %s" % str(e).splitlines()[0], file=sys.stderr)
        sys.exit(77)
