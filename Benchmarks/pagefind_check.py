#!/usr/bin/env python3
"""Pagefind's side of `search_bench.py --pagefind`: runs queries against a site that
`pagefind --site DIR` has indexed (its bundle in DIR/pagefind/), in Chromium, through Pagefind's
own JavaScript API, and writes what each fetched and found as JSON.

usage: pagefind_check.py --site DIR --queries FILE --json OUT

FILE is a JSON list of queries. Each query runs on a fresh page (a blank page of this script's,
served beside the site): `import('/pagefind/pagefind.js')`, `init()` (the entry file, the
language's meta file, the WebAssembly module), then `search(query)` and `data()` of the first
ten results, what a results page shows. The bytes are counted by the server, per file as sent:
it serves the files as stored, with no HTTP compression and Cache-Control: no-store, so these
equal Resource Timing's encoded body sizes, which cannot be read here because Pagefind fetches
from a web worker. Files are counted as "runtime" (pagefind.js, its worker, the .pagefind
WebAssembly), "index" (entry, meta, index chunks, filters) and "fragments" (one per result shown).
Times are the page's: "init" (import and init), "query" (search and the first ten results'
data, the index loaded by init but no chunk yet) and "cold" (both). Then, not counted, every
result's data() for its address, so the caller can check which journals were found.
Run with the tools environment (selenium): .build/tools/venv/bin/python.
"""
import argparse
import http.server
import json
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Tests", "Tools"))
import browsers  # noqa: E402
import static_server  # noqa: E402

PAGE = "/__pagefind_bench__.html"
PAGE_HTML = b"<!DOCTYPE html><html lang=\"ko\"><meta charset=\"utf-8\"><title>pagefind bench</title><body></body></html>"

RUN_JS = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const t0 = performance.now();
  const pagefind = await import('/pagefind/pagefind.js');
  await pagefind.init();
  const t1 = performance.now();
  const search = await pagefind.search(query);
  const shown = await Promise.all(search.results.slice(0, 10).map(r => r.data()));
  const t2 = performance.now();
  window.__pagefind = {pagefind, search};
  done({count: search.results.length, init: t1 - t0, query: t2 - t1, cold: t2 - t0,
        shown: shown.map(d => d.url), excerpt: shown.length ? shown[0].excerpt : ''});
})().catch(e => done({error: String(e && e.stack || e)}));
"""

ALL_JS = """
const done = arguments[arguments.length - 1];
Promise.all(window.__pagefind.search.results.map(r => r.data())).then(all => done(all.map(d => d.url)))
  .catch(e => done({error: String(e)}));
"""


def kind(path):
    name = path.rsplit("/", 1)[-1]
    if "/fragment/" in path:
        return "fragments"
    if name.endswith(".js") or name.endswith(".pagefind"):
        return "runtime"
    return "index"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--json", required=True)
    args = parser.parse_args()
    with open(args.queries, encoding="utf-8") as f:
        queries = json.load(f)
    folder = os.path.abspath(args.site)
    counts = {}
    lock = threading.Lock()
    Base = static_server.handler(folder, "/", {"Cache-Control": "no-store"})

    class Handler(Base):
        def do_GET(self):
            path = self.path.split("?", 1)[0]
            if path == PAGE:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(PAGE_HTML)))
                self.end_headers()
                self.wfile.write(PAGE_HTML)
                return
            super().do_GET()

        def send_header(self, name, value):
            if name.lower() == "content-length" and self.path.startswith("/pagefind/"):
                with lock:
                    counts[self.path.split("?", 1)[0]] = counts.get(self.path.split("?", 1)[0], 0) + int(value)
            super().send_header(name, value)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    browser = browsers.start("chromium")
    out = {"browser": browser.version, "queries": []}
    try:
        for query in queries:
            browser.load(base + PAGE)
            with lock:
                counts.clear()
            result = browser.execute_async(RUN_JS, query)
            if "error" in result:
                raise SystemExit(f"pagefind query {query!r}: {result['error']}")
            with lock:
                fetched = dict(counts)
            result["bytes"] = {k: sum(v for p, v in fetched.items() if kind(p) == k) for k in ("runtime", "index", "fragments")}
            result["files"] = len(fetched)
            result["fetched"] = fetched
            every = browser.execute_async(ALL_JS)
            result["all"] = every if isinstance(every, list) else []
            result["query_text"] = query
            out["queries"].append(result)
    finally:
        browser.quit()
        server.shutdown()
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
