#!/usr/bin/env python3
"""Runs axe-core in Debian's Chromium (through chromium-driver) on every page a site serves.

usage: axe_check.py AXE_JS BASE_URL PAGE...
Prints one line per violation (rule, impact, page, target) and a summary; exits 1 if any.
Beside axe's rules, two of the theme's own: the inline lists of a page's metadata and cards (a
journal's tags, a card's tags) show no list marker — a journal's one tag once showed a bullet —
and a table's cells are aligned as their column's `align` says.
The pages are loaded from BASE_URL (a static server on loopback) so they are read as a browser
reads them on a host; axe is injected after load, the pages' own scripts run as usual.
"""
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def main():
    axe_path, base, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(axe_path, encoding="utf-8") as f:
        axe = f.read()
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(60)
    # axe-core 3.1 (the copy PyPI carries) predates HTML's <div> groups inside <dl>, which the
    # theme uses for metadata; the Nu HTML checker validates that structure instead.
    rules = json.dumps({"dlitem": {"enabled": False}, "definition-list": {"enabled": False}})
    violations = 0
    try:
        for page in pages:
            driver.get(base + page)
            driver.execute_script(axe)
            result = driver.execute_async_script(
                f"const RULES = {rules};"
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice']}, rules: RULES})"
                ".then(r => done(JSON.stringify(r.violations))).catch(e => done(JSON.stringify([{id: 'axe-error', impact: 'critical', nodes: [{target: [String(e)]}]}])));"
            )
            for violation in json.loads(result):
                for node in violation["nodes"]:
                    violations += 1
                    print(f"{violation['id']} ({violation.get('impact')}) on /{page}: {node['target']}")
            marked = driver.execute_script(
                "return [...document.querySelectorAll('.journal-meta li, .card li')]"
                ".filter(li => { const s = getComputedStyle(li); return s.display === 'list-item' && s.listStyleType !== 'none'; })"
                ".map(li => li.textContent.trim());")
            for text in marked:
                violations += 1
                print(f"list-marker (theme) on /{page}: an inline list item shows a marker: {text!r}")
            # A table's column aligned in Markdown (`---:`) is aligned on the page: the theme's
            # `text-align: left` for cells once overrode the `align` the cells carry.
            misaligned = driver.execute_script(
                "return [...document.querySelectorAll('.journal-body th[align], .journal-body td[align]')]"
                ".filter(c => getComputedStyle(c).textAlign !== c.getAttribute('align'))"
                ".map(c => c.getAttribute('align') + ': ' + c.textContent.trim());")
            for text in misaligned:
                violations += 1
                print(f"table-align (theme) on /{page}: a cell is not aligned as its column says: {text!r}")
    finally:
        driver.quit()
    print(f"axe: {len(pages)} pages, {violations} violations")
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
