#!/usr/bin/env python3
"""Which web-font files a browser fetches for each page of a built site, and which faces it
loaded: each page is loaded on its own in a fresh browser (Chromium unless --engine says
another; nothing cached), and once it has
loaded and document.fonts.ready has resolved, the font files among the Resource Timing entries
are listed, and the faces of document.fonts whose status is "loaded" (a page's own inline font
is fetched from no file, so only this shows it was used).

Usage: font_fetch_check.py --site DIR [--prefix /] [--engine chromium|firefox|webkit] --page PATH [--page PATH …] --json OUT
OUT: {"browser": …, "pages": {PATH: ["gazette-sans-400-latin.1a2b3c4d5e.woff2", …]},
      "loaded": {PATH: [{"family": "\"Gazette Sans\"", "weight": "400", "range": "U+C74A"}, …]}}"""
import argparse
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browsers  # noqa: E402

FONTS_JS = """
const done = arguments[arguments.length - 1];
const collect = () => done(JSON.stringify({
  files: performance.getEntriesByType('resource')
    .map(e => e.name.split('?')[0]).filter(n => /\\.(woff2|woff|ttf|otf)$/.test(n))
    .map(n => n.substring(n.lastIndexOf('/') + 1)),
  loaded: [...document.fonts].filter(f => f.status === 'loaded')
    .map(f => ({family: f.family, weight: f.weight, range: f.unicodeRange})),
}));
const wait = () => document.fonts.ready.then(() => setTimeout(collect, 200));
if (document.readyState === 'complete') wait(); else addEventListener('load', wait);
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--engine", choices=browsers.ENGINES, default="chromium")
    parser.add_argument("--page", action="append", required=True)
    parser.add_argument("--json", required=True)
    args = parser.parse_args()
    result = {"pages": {}, "loaded": {}}
    with browsers.StaticServer(args.site, prefix=args.prefix) as server:
        for page in args.page:
            browser = browsers.start(args.engine, width=1280, height=900)
            try:
                result["browser"] = browser.version
                browser.load(server.url(page))
                found = json.loads(browser.execute_async(FONTS_JS))
                result["pages"][page] = sorted(set(found["files"]))
                result["loaded"][page] = found["loaded"]
            finally:
                browser.quit()
    with open(args.json, "w") as f:
        json.dump(result, f, indent=2)
    for page, fonts in result["pages"].items():
        print(f"{page}: {', '.join(fonts) or 'no font'}")


if __name__ == "__main__":
    try:
        main()
    except browsers.ToolError as e:
        browsers.fail(str(e))
