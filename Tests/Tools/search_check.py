#!/usr/bin/env python3
"""Checks a built site's search page in Chromium: the cases a test wrote, the tokenizer against
the build's, the page with scripts off, axe-core on a page of results, and the figures (bytes
fetched per query, time from the last keystroke to the results).

usage: search_check.py --site DIR [--prefix /] --cases FILE [--json OUT] [--axe AXE_JS] [--quiet]

DIR is served on 127.0.0.1 under PREFIX by Tests/Tools/browsers.py's StaticServer (no HTTP
compression, Cache-Control: no-store, so every page load fetches what it needs afresh), and
Chromium is started by browsers.start("chromium").

FILE is JSON written by the test (Tests/EndToEndTests/SearchBrowserTests.swift):

  {"cases": [{"name", "query", "tag"?, "week"?,
              "exactly"?: [page…],   every result, in any order ("page" as `journals/<slug>/`)
              "order"?: [page…],     the first results, in this order
              "first"?: page,        the first result
              "excludes"?: [page…],  none of these
              "marked"?: true}],     every result shows a <mark> in its title or passage
   "tokens": [{"text", "tokens": [["w", word] | ["r", run]…]}],
   "typing": [query…]}

Each case loads search/?q=…&tag=…&week=… (a fresh page), waits for the script to show the
results (`data-search-pass` on the form), reads the bytes fetched under search/ from Resource
Timing (encoded body sizes: the files as stored), then presses "more" until every result is
shown. Every result must hold the contract: an element of class `search-result` with a link to a
journal page (under PREFIX/journals/), a non-empty title, a <time datetime>, and its tags as
links. The status (role=status, aria-live) must announce the count.

"typing" queries are typed key by key into the field of a page already loaded (the manifest
fetched, no shard yet); the page's own `data-search-ms` (from the last input event to the results
in the DOM) is the figure. Exit status 1 on any violation, 2 when the check cannot run.
"""
import argparse
import json
import os
import sys
import time
import urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browsers  # noqa: E402

RESULTS_JS = """
const base = arguments[0];
const out = [];
for (const li of document.querySelectorAll('#search-results > .search-result')) {
  const link = li.querySelector('a[href]');
  const time = li.querySelector('time');
  out.push({
    href: link ? new URL(link.getAttribute('href'), location.href).pathname : null,
    title: link ? link.textContent : '',
    marks: li.querySelectorAll('mark').length,
    passage: (li.querySelector('.search-result-passage') || {}).textContent || '',
    datetime: time ? time.getAttribute('datetime') : null,
    date: time ? time.textContent : '',
    tags: [...li.querySelectorAll('.search-result-meta a[href]')].map(a => new URL(a.getAttribute('href'), location.href).pathname),
  });
}
const status = document.getElementById('search-status');
return {results: out, status: status.textContent, role: status.getAttribute('role'), live: status.getAttribute('aria-live'),
        more: !document.getElementById('search-more').hidden, busy: document.getElementById('search-results').hasAttribute('aria-busy')};
"""

BYTES_JS = """
let index = 0, fragments = 0, files = 0;
for (const e of performance.getEntriesByType('resource')) {
  const path = new URL(e.name).pathname;
  if (!path.endsWith('.json.gz')) continue;
  files++;
  if (path.includes('/search/doc/')) fragments += e.encodedBodySize; else index += e.encodedBodySize;
}
return {index, fragments, files};
"""


def wait_pass(browser, at_least, what):
    return browser.wait_for(
        f"const f = document.getElementById('search-form'); return f && +f.getAttribute('data-search-pass') >= {at_least} "
        "&& !document.getElementById('search-results').hasAttribute('aria-busy') && f.getAttribute('data-search-pass');",
        30, what)


def page_url(server, case):
    query = {"q": case.get("query", "")}
    for key in ("tag", "week"):
        if case.get(key):
            query[key] = case[key]
    return server.url("search/index.html") + "?" + urllib.parse.urlencode(query)


def run_case(browser, server, case, prefix, violations):
    name = case["name"]
    browser.load(page_url(server, case))
    wait_pass(browser, 1, f"the results of {name!r}")
    fetched = browser.execute(BYTES_JS)
    state = browser.execute(RESULTS_JS, server.base)
    first_page = len(state["results"])
    clicks = 0
    while state["more"]:
        before = len(state["results"])
        browser.execute("document.getElementById('search-more').click();")
        browser.wait_for(f"return document.querySelectorAll('#search-results > .search-result').length > {before}", 30,
                         f"more results of {name!r}")
        state = browser.execute(RESULTS_JS, server.base)
        clicks += 1
    results = state["results"]
    pages = [urllib.parse.unquote(r["href"][len(prefix):]) if r["href"] and r["href"].startswith(prefix) else r["href"]
             for r in results]

    def bad(message):
        violations.append(f"{name}: {message}")

    if state["role"] != "status" or state["live"] != "polite":
        bad(f"the status is not a polite live region (role {state['role']!r}, aria-live {state['live']!r})")
    count = len(results)
    if count and str(count) not in state["status"] and not (count == 1 and state["status"]):
        bad(f"the status {state['status']!r} does not announce {count} results")
    if not count and not state["status"]:
        bad("no results and no status")
    for r, page in zip(results, pages):
        if not page or not page.startswith("journals/"):
            bad(f"a result links to {r['href']!r}, not a journal page under {prefix}journals/")
        if not r["title"].strip():
            bad(f"a result ({page}) has no title")
        if not r["datetime"] or not r["date"].strip():
            bad(f"a result ({page}) has no <time datetime>")
        if any(not t.startswith(prefix + "tags/") for t in r["tags"]):
            bad(f"a result ({page}) has tag links outside {prefix}tags/: {r['tags']}")
        if case.get("marked") and not r["marks"]:
            bad(f"a result ({page}) marks no term in its title or passage: {r['title']!r} / {r['passage'][:120]!r}")
    if len(set(pages)) != len(pages):
        bad("a journal is listed twice")
    if "exactly" in case and sorted(pages) != sorted(case["exactly"]):
        missing = sorted(set(case["exactly"]) - set(pages))
        extra = sorted(set(pages) - set(case["exactly"]))
        bad(f"{count} results, expected {len(case['exactly'])}; missing {missing[:8]}{'…' if len(missing) > 8 else ''}, "
            f"unexpected {extra[:8]}{'…' if len(extra) > 8 else ''}")
    if "first" in case and (not pages or pages[0] != case["first"]):
        bad(f"first result {pages[0] if pages else None!r}, expected {case['first']!r}")
    if "order" in case and pages[:len(case["order"])] != case["order"]:
        bad(f"results begin {pages[:len(case['order'])]}, expected {case['order']}")
    for page in case.get("excludes", []):
        if page in pages:
            bad(f"{page} is listed but does not match")
    return {"name": name, "query": case.get("query", ""), "tag": case.get("tag"), "week": case.get("week"),
            "results": count, "firstPage": first_page, "moreClicks": clicks, "first": pages[0] if pages else None,
            "status": state["status"], "bytes": fetched, "ms": int(browser.execute(
                "return +document.getElementById('search-form').getAttribute('data-search-ms')"))}


def check_tokens(browser, server, samples, violations):
    browser.load(server.url("search/index.html"))
    wait_pass(browser, 1, "the search page")
    got = browser.execute("""
return arguments[0].map(t => window.gazetteSearch.tokens(t).map(k => k.word !== undefined ? ['w', k.word] : ['r', k.run.join('')]));
""", [s["text"] for s in samples])
    for sample, tokens in zip(samples, got):
        if tokens != sample["tokens"]:
            violations.append(f"tokens of {sample['text']!r}: search.js {tokens}, the build {sample['tokens']}")
    return len(samples)


def check_typing(browser, server, queries, violations):
    from selenium.webdriver.common.by import By
    figures = []
    for query in queries:
        browser.load(server.url("search/index.html"))
        wait_pass(browser, 1, "the search page")
        # The page fetches the manifest once loaded; wait for it, as a reader's first keystroke would.
        browser.wait_for("return performance.getEntriesByType('resource').some(e => /\\/search\\/index\\.[^/]*\\.json\\.gz$/.test(new URL(e.name).pathname))",
                         30, "the manifest")
        field = browser.driver.find_element(By.ID, "search-q")
        passes = int(browser.execute("return +document.getElementById('search-form').getAttribute('data-search-pass')"))
        started = time.monotonic()
        for ch in query:
            field.send_keys(ch)
        wait_pass(browser, passes + 1, f"the results of typing {query!r}")
        # The last keystroke's search is the one shown: the field's value equals the query.
        browser.wait_for(f"return document.getElementById('search-q').value === {json.dumps(query)} && "
                         "new URLSearchParams(location.search).get('q') === " + json.dumps(query), 10, "the typed query")
        ms = int(browser.execute("return +document.getElementById('search-form').getAttribute('data-search-ms')"))
        count = len(browser.execute(RESULTS_JS, server.base)["results"])
        figures.append({"query": query, "ms": ms, "results": count, "wall": round(time.monotonic() - started, 3)})
        if count == 0:
            violations.append(f"typing {query!r} showed no result")
    return figures


def check_scripts_off(browser, server, prefix, violations):
    server.scripts = False
    try:
        browsers.check_scripts(browser, server, on=False)
        browser.load(server.url("search/index.html") + "?q=test")
        state = browser.execute("""
const box = document.getElementById('search-nojs');
return {visible: !!box && !box.hidden && box.getBoundingClientRect().height > 0, text: box ? box.textContent : '',
        links: box ? [...box.querySelectorAll('a[href]')].map(a => new URL(a.getAttribute('href'), location.href).pathname) : [],
        results: document.querySelectorAll('.search-result').length};
""")
    finally:
        server.scripts = True
    if not state["visible"]:
        violations.append("scripts off: the message that search needs JavaScript is not shown")
    if prefix + "archive/" not in state["links"] or not any(link.startswith(prefix + "tags/") for link in state["links"]):
        violations.append(f"scripts off: the message does not link to the archive and the tag pages: {state['links']}")
    return state


def run_axe(browser, server, axe_path, case, violations):
    with open(axe_path, encoding="utf-8") as f:
        axe = f.read()
    browser.load(page_url(server, case))
    wait_pass(browser, 1, "results for axe")
    browser.execute(axe)
    rules = json.dumps({"dlitem": {"enabled": False}, "definition-list": {"enabled": False}})
    found = json.loads(browser.execute_async(
        f"const RULES = {rules}; const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice']}, rules: RULES})"
        ".then(r => done(JSON.stringify(r.violations))).catch(e => done(JSON.stringify([{id: 'axe-error', nodes: [{target: [String(e)]}]}])));"))
    for violation in found:
        for node in violation["nodes"]:
            violations.append(f"axe: {violation['id']} ({violation.get('impact')}) on the results of {case['name']!r}: {node['target']}")
    return len(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--cases", required=True)
    parser.add_argument("--json")
    parser.add_argument("--axe")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    with open(args.cases, encoding="utf-8") as f:
        spec = json.load(f)
    violations = []
    summary = {"site": args.site, "prefix": args.prefix}
    try:
        with browsers.StaticServer(args.site, prefix=args.prefix) as server:
            prefix = server.prefix
            browser = browsers.start("chromium")
            try:
                summary["browser"] = browser.version
                browsers.check_scripts(browser, server, on=True)
                summary["cases"] = [run_case(browser, server, case, prefix, violations) for case in spec.get("cases", [])]
                if spec.get("tokens"):
                    summary["tokens"] = check_tokens(browser, server, spec["tokens"], violations)
                if spec.get("typing"):
                    summary["typing"] = check_typing(browser, server, spec["typing"], violations)
                if args.axe and spec.get("cases"):
                    summary["axe"] = run_axe(browser, server, args.axe, spec["cases"][0], violations)
                # Errors the pages' scripts met (read before the scripts-off check, which makes its own).
                for line in browser.console():
                    if "SEVERE" in line and "favicon.ico" not in line:
                        violations.append(f"console: {line}")
                summary["scriptsOff"] = check_scripts_off(browser, server, prefix, violations)
            finally:
                browser.quit()
    except browsers.ToolError as e:
        browsers.fail(str(e))
    summary["violations"] = violations
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f, ensure_ascii=False, indent=1)
    for case in summary.get("cases", []):
        if not args.quiet or True:
            b = case["bytes"]
            print(f"{case['name']}: {case['results']} results, first {case['first']}, "
                  f"{(b['index'] + b['fragments']) / 1000:.1f} KB fetched ({b['index'] / 1000:.1f} KB index in {b['files']} files, "
                  f"{b['fragments'] / 1000:.1f} KB journals), {case['ms']} ms")
    for figure in summary.get("typing", []):
        print(f"typed {figure['query']!r}: results {figure['ms']} ms after the last key ({figure['results']} shown)")
    if "tokens" in summary:
        print(f"tokens: {summary['tokens']} strings compared with the build's tokenizer")
    for v in violations:
        print("violation: " + v)
    print(f"search check: {len(summary.get('cases', []))} cases, {len(violations)} violations")
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
