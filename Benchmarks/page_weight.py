#!/usr/bin/env python3
"""Page weight: the bytes a reader's browser fetches, fonts included, measured in Chromium at
phone size (390 × 844) from a bare static host (Python's http.server: no compression, caching
left to the browser's defaults), summing the transfer sizes of the Resource Timing API (the page
and every resource, headers included; a file served from the cache counts 0, a revalidation its
304's headers, also shown apart as "304s") once the page has loaded and document.fonts.ready has
resolved. "font files" counts fonts downloaded, not revalidated.

For the example site (the repository) and for a generated site whose journals use all 2,350
common Hangul syllables (Benchmarks/make_journals.py with SYLLABLES=all: 365 journals over 52
weeks, syllables drawn by a frequency order counted from other text than the fonts' ranking, so
the draw does not flatter the ranking: see make_journals.py), it reports:

- the index page on a first visit (empty cache);
- a journal page opened next, from the index (what it adds);
- a journal page and a tag page on a first visit.

Usage: page_weight.py GAZETTE [--json OUT] [--site-only example|generated]
Needs chromium, chromium-driver and selenium (make test-tools puts it in .build/tools/venv)."""
import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "Tools"))
sys.dont_write_bytecode = True
import browsers  # noqa: E402

SIZES_JS = """
const done = arguments[arguments.length - 1];
const collect = () => {
  const entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
  done(JSON.stringify(entries.map(e => ({name: e.name, type: e.initiatorType, transfer: e.transferSize, body: e.encodedBodySize}))));
};
const wait = () => document.fonts.ready.then(() => setTimeout(collect, 300));
if (document.readyState === 'complete') wait(); else addEventListener('load', wait);
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def kind(entry):
    name = entry["name"].split("?")[0]
    if name.endswith((".woff2", ".ttf", ".woff")):
        return "fonts"
    if name.endswith(".css"):
        return "css"
    if name.endswith(".js"):
        return "js"
    if entry["type"] == "navigation":
        return "html"
    return "other"


def measure(browser, url):
    browser.load(url)
    entries = json.loads(browser.execute_async(SIZES_JS))
    total = {"total": 0, "html": 0, "css": 0, "js": 0, "fonts": 0, "other": 0, "font_files": 0, "requests": 0, "revalidated": 0}
    for entry in entries:
        total[kind(entry)] += entry["transfer"]
        total["total"] += entry["transfer"]
        if entry["transfer"] > 0:
            total["requests"] += 1
            if kind(entry) == "fonts" and entry["body"] > 0:
                total["font_files"] += 1
            if entry["body"] == 0:
                # A 304: the file was cached but stale, so the browser asked again (headers only).
                total["revalidated"] += entry["transfer"]
    return total


def cold(browser):
    browser.cdp("Network.enable")
    browser.cdp("Network.clearBrowserCache")
    browser.load("about:blank")


def first_card(folder):
    """A journal page and a tag page of the built site: the index's first card, the first tag."""
    index = open(os.path.join(folder, "index.html"), encoding="utf-8").read()
    import re
    journal = re.search(r'class="card-title"><a href="([^"]+)"', index)
    tags = sorted(d for d in os.listdir(os.path.join(folder, "tags")) if d != "page" and os.path.isdir(os.path.join(folder, "tags", d)))
    return (journal.group(1) if journal else None), ("tags/" + tags[0] + "/" if tags else "tags/")


def site_figures(browser, folder):
    server = serve(folder)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    journal, tag = first_card(folder)
    try:
        figures = {}
        cold(browser)
        figures["index (first visit)"] = measure(browser, base)
        if journal:
            figures["journal after index"] = measure(browser, base + journal)
            cold(browser)
            figures["journal (first visit)"] = measure(browser, base + journal)
        cold(browser)
        figures["tag page (first visit)"] = measure(browser, base + tag)
        return figures
    finally:
        server.shutdown()
        server.server_close()


def build(gazette, site, out):
    subprocess.run([gazette, "build", "--site", site, "--output", out, "--no-pdf", "-q"], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gazette")
    parser.add_argument("--json")
    parser.add_argument("--site-only", choices=["example", "generated"])
    args = parser.parse_args()
    gazette = os.path.abspath(args.gazette)
    with tempfile.TemporaryDirectory(prefix="gazette-weight-") as work:
        measure(gazette, work, args)


def measure(gazette, work, args):
    sites = []
    if args.site_only in (None, "example"):
        build(gazette, ROOT, os.path.join(work, "example"))
        sites.append(("example site", os.path.join(work, "example")))
    if args.site_only in (None, "generated"):
        generated = os.path.join(work, "generated-src")
        env = dict(os.environ, SYLLABLES="all", WEEKS="52")
        subprocess.run([sys.executable, os.path.join(HERE, "make_journals.py"), generated, "365"], check=True, env=env)
        build(gazette, generated, os.path.join(work, "generated"))
        sites.append(("365 journals, all 2,350 syllables", os.path.join(work, "generated")))
    browser = browsers.start("chromium", width=390, height=844)
    results = {}
    try:
        browser._resize(390, 844)
        for name, folder in sites:
            results[name] = site_figures(browser, folder)
    finally:
        browser.quit()
    print(f"Page weight in {browser.version} at 390 × 844 px, uncompressed, bytes transferred (KB = 1,000 bytes):")
    print(f"{'site':<36} {'page':<24} {'total KB':>9} {'html':>7} {'css':>7} {'js':>6} {'fonts':>7} {'font files':>10} {'requests':>8} {'304s KB':>8}")
    for name, figures in results.items():
        for page, t in figures.items():
            print(f"{name:<36} {page:<24} {t['total'] / 1000:9.1f} {t['html'] / 1000:7.1f} {t['css'] / 1000:7.1f} "
                  f"{t['js'] / 1000:6.1f} {t['fonts'] / 1000:7.1f} {t['font_files']:10d} {t['requests']:8d} {t['revalidated'] / 1000:8.1f}")
    print("304s: revalidations, included in the totals. Python's server sends Last-Modified and no Cache-Control, and the "
          "site was built seconds ago, so a cached file is stale at once and asked for again; on a host that sends "
          "Cache-Control (GitHub Pages: max-age=600) or for a site built hours earlier, the next page sends none.")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    try:
        main()
    except browsers.ToolError as e:
        browsers.fail(str(e))
