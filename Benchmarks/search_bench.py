#!/usr/bin/env python3
"""The search index on a generated site: its size, what its build costs, and in Chromium the
bytes each query fetches and the time from the last keystroke to the results.

usage: search_bench.py GAZETTE [COUNT] [--runs N] [--packets] [--bench GAZETTE_BENCH] [--pagefind]

Writes COUNT journals (default 2000) with Benchmarks/make_journals.py, spread over 100 ISO weeks
(WEEKS=100), into .build/bench-search/site, then builds it N times (default 3) into a fresh output
folder each time with `GAZETTE build -v --no-pdf` (with --packets, the study packets too) and
prints, per run and as medians, the build's wall time and CPU time (user + system, all threads),
the `build search index` step and its share. With --bench, `GAZETTE_BENCH search` builds the index
alone five times from the same parsed site and gives its CPU time, which the shared machine's
noise disturbs less; its share of the build's CPU time is printed. Then serves the site (Tests/Tools/search_check.py: a plain static server, no HTTP
compression) and loads a query list in Chromium, each on a fresh page, printing the bytes each
fetched (Resource Timing's encoded body sizes: the manifest, the shards and the journal files
of the first ten results), and types three queries key by key, printing the page's own figure
from the last input event to the results in the DOM. Needs `make test-tools` (selenium).

With --pagefind, Pagefind (PyPI pagefind-bin, installed on first use into .build/peers/venv)
indexes each run's output right after Gazette built it (`pagefind --site OUTPUT --glob
'journals/**/*.html'`: the journal pages, what Gazette's index covers), so the two are timed side
by side: wall and CPU time of the pagefind process against the build's `build search index` step
and GAZETTE_BENCH's index-alone CPU time. Then its bundle's size, and in Chromium the same query
list through Pagefind's JavaScript API (Benchmarks/pagefind_check.py): bytes fetched (index and
the ten results' fragments, as for Gazette, and its runtime: pagefind.js, worker, WebAssembly),
time to ten results, and how many journals each finds against the journals whose text contains
the query (Korean: as a substring, which is what a reader of 부채 expects to find in 가계부채).
"""
import gzip
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(ROOT, ".build", "bench-search")
PYTHON = os.path.join(ROOT, ".build", "tools", "venv", "bin", "python")

QUERIES = ["금리", "가계부채", "부채", "기준금리 정책", "반도체 수출 금리 물가 환율 성장", "기준금리 가계부채 반도체 인공지능 한국은행 소비자",
           "inflation", "household debt", "rate_1234", "a", "qqxzzv"]
TYPING = ["가계부채", "inflation", "기준금리 정책"]
PEERS_VENV = os.path.join(ROOT, ".build", "peers", "venv")
PAGEFIND = "pagefind-bin==1.5.2"


def pagefind_command():
    """The pagefind command from .build/peers/venv, installing pagefind-bin there on first use."""
    python = os.path.join(PEERS_VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", PEERS_VENV], check=True)
    probe = subprocess.run([python, "-m", "pagefind_bin", "--version"], capture_output=True, text=True)
    if probe.returncode != 0:
        subprocess.run([os.path.join(PEERS_VENV, "bin", "pip"), "install", "-q", "--disable-pip-version-check", PAGEFIND],
                       check=True)
    return [python, "-m", "pagefind_bin"]


def run_timed(command):
    """Runs COMMAND; (wall seconds, CPU seconds of it and its children, stdout)."""
    import time
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def journal_texts(site):
    """Each journal's Markdown (front matter and body), lower-cased, by page path."""
    folder = os.path.join(site, "content", "journals")
    texts = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".md"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                texts[f"/journals/{name[:-3]}/"] = f.read().lower()
    return texts


def expected(texts, query):
    """Journals whose text has every word of QUERY: Korean as a substring, other words by their start."""
    found = set(texts)
    for word in query.lower().split():
        if re.search(r"[\uac00-\ud7a3]", word):
            found &= {p for p in found if word in texts[p]}
        else:
            pattern = re.compile(r"(?<![\w])" + re.escape(word))
            found &= {p for p in found if pattern.search(texts[p])}
    return found


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args:
        sys.exit(__doc__)
    gazette = os.path.abspath(args[0])
    count = int(args[1]) if len(args) > 1 else 2000
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    packets = "--packets" in sys.argv
    pagefind = pagefind_command() if "--pagefind" in sys.argv else None
    pagefind_walls, pagefind_cpus = [], []
    site = os.path.join(WORK, "site")
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    subprocess.run([sys.executable, os.path.join(HERE, "make_journals.py"), site, str(count)], check=True,
                   env=dict(os.environ, WEEKS="100"))

    steps, totals, cpus = [], [], []
    output = None
    for run in range(runs):
        output = os.path.join(WORK, f"public-{run}")
        shutil.rmtree(os.path.join(site, ".gazette"), ignore_errors=True)
        command = [gazette, "build", "--site", site, "--output", output, "-v"] + ([] if packets else ["--no-pdf"])
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        step = float(re.search(r"([\d.]+) s\s+build search index", out).group(1))
        total = float(re.search(r"into .* in ([\d.]+) s", out).group(1))
        steps.append(step)
        totals.append(total)
        cpus.append(cpu)
        print(f"build {run + 1}: {total:.2f} s wall ({cpu:.2f} s CPU), of which the search index step {step:.3f} s "
              f"({100 * step / total:.1f} %)")
        if pagefind:
            shutil.rmtree(os.path.join(output, "pagefind"), ignore_errors=True)
            wall, pcpu, _ = run_timed(pagefind + ["--site", output, "--glob", "journals/**/*.html", "--quiet"])
            pagefind_walls.append(wall)
            pagefind_cpus.append(pcpu)
            print(f"  pagefind {run + 1}: {wall:.2f} s wall ({pcpu:.2f} s CPU) on the same output")
        if run + 1 < runs:
            shutil.rmtree(output)
            shutil.rmtree(os.path.join(WORK, f".public-{run}.previous"), ignore_errors=True)
    print(f"median: build {statistics.median(totals):.2f} s wall, {statistics.median(cpus):.2f} s CPU; search index step "
          f"{statistics.median(steps):.3f} s ({100 * statistics.median(steps) / statistics.median(totals):.1f} % of the wall)"
          f"{' with packets' if packets else ', no packets'}")
    index_cpu = None
    if "--bench" in sys.argv:
        bench = sys.argv[sys.argv.index("--bench") + 1]
        line = subprocess.run([bench, "search", "--site", site, "--runs", "5"], capture_output=True, text=True,
                              check=True).stdout.strip().splitlines()[-1]
        print(line)
        index_cpu = float(re.search(r"([\d.]+) s CPU", line).group(1))
        print(f"the index alone: {100 * index_cpu / statistics.median(cpus):.1f} % of the build's CPU time")
    if pagefind:
        pw, pc, sw = statistics.median(pagefind_walls), statistics.median(pagefind_cpus), statistics.median(steps)
        print(f"pagefind: median {pw:.2f} s wall, {pc:.2f} s CPU; Gazette's index step {sw:.3f} s wall "
              f"(pagefind/Gazette wall {pw / sw:.1f}x)"
              + (f", Gazette's index alone {index_cpu:.3f} s CPU (pagefind/Gazette CPU {pc / index_cpu:.1f}x)" if index_cpu else "")
              + f"; pagefind is {100 * pw / statistics.median(totals):.1f} % of the build's wall, "
              f"{100 * pc / statistics.median(cpus):.1f} % of its CPU")

    search = os.path.join(output, "search")
    everything = [os.path.join(d, f) for d, _, fs in os.walk(search) for f in fs]
    files = [f for f in everything if f.endswith(".json.gz")]
    size = sum(os.path.getsize(f) for f in files)
    inflated = 0
    for f in files:
        with gzip.open(f) as g:
            inflated += len(g.read())
    print(f"search/: {len(everything)} files, {sum(map(os.path.getsize, everything)) / 1e6:.2f} MB on disk "
          f"(the page and its index); the index's gzip files {size / 1e6:.2f} MB, {inflated / 1e6:.2f} MB of JSON inflated")
    shards = [f for f in files if "/k/" in f]
    docs = [f for f in files if "/doc/" in f]
    print(f"index: {len(files)} files, {size / 1e6:.2f} MB — {len(shards)} shards "
          f"({sum(map(os.path.getsize, shards)) / 1e6:.2f} MB), {len(docs)} journal files "
          f"({sum(map(os.path.getsize, docs)) / 1e6:.2f} MB, {sum(map(os.path.getsize, docs)) / max(1, len(docs)) / 1e3:.1f} KB each)")

    if not os.path.exists(PYTHON):
        sys.exit("the browser part needs the tools environment: make test-tools")
    with tempfile.TemporaryDirectory() as scratch:
        cases = os.path.join(scratch, "cases.json")
        with open(cases, "w", encoding="utf-8") as f:
            json.dump({"cases": [{"name": q, "query": q} for q in QUERIES], "typing": TYPING}, f, ensure_ascii=False)
        summary = os.path.join(scratch, "summary.json")
        subprocess.run([PYTHON, os.path.join(ROOT, "Tests", "Tools", "search_check.py"), "--site", output,
                        "--cases", cases, "--json", summary, "--quiet"], capture_output=True, text=True)
        with open(summary, encoding="utf-8") as f:
            result = json.load(f)
    fetched = []
    for case in result.get("cases", []):
        b = case["bytes"]
        total = b["index"] + b["fragments"]
        fetched.append(total)
        print(f"query {case['query']!r}: {case['results']} results, {total / 1000:.1f} KB fetched "
              f"({b['index'] / 1000:.1f} KB index, {b['fragments'] / 1000:.1f} KB for the journals shown)")
    if fetched:
        print(f"bytes per query: median {statistics.median(fetched) / 1000:.1f} KB, max {max(fetched) / 1000:.1f} KB (budget 100 KB)")
    for figure in result.get("typing", []):
        print(f"typed {figure['query']!r}: results {figure['ms']} ms after the last key ({result.get('browser', 'Chromium')})")
    for violation in result.get("violations", []):
        print("violation: " + violation)
    if pagefind:
        compare_pagefind(output, site, result, pagefind_walls, size)


def compare_pagefind(output, site, gazette, walls, gazette_size):
    bundle = os.path.join(output, "pagefind")
    parts = {"index": 0, "fragments": 0, "runtime": 0, "ui": 0}
    for d, _, fs in os.walk(bundle):
        for f in fs:
            path = os.path.join(d, f)
            if "/fragment/" in path:
                key = "fragments"
            elif f.endswith(".pagefind") or f in ("pagefind.js", "pagefind-worker.js"):
                key = "runtime"
            elif f.endswith((".js", ".css")) or "/playground" in path:
                key = "ui"
            else:
                key = "index"
            parts[key] += os.path.getsize(path)
    index_size = parts["index"] + parts["fragments"]
    print(f"pagefind bundle: {sum(parts.values()) / 1e6:.2f} MB — index {parts['index'] / 1e6:.2f} MB, fragments "
          f"{parts['fragments'] / 1e6:.2f} MB, runtime {parts['runtime'] / 1e3:.0f} KB, UI files {parts['ui'] / 1e3:.0f} KB; "
          f"index and fragments {index_size / gazette_size:.1f}x Gazette's {gazette_size / 1e6:.2f} MB")
    with tempfile.TemporaryDirectory() as scratch:
        queries = os.path.join(scratch, "queries.json")
        with open(queries, "w", encoding="utf-8") as f:
            json.dump(QUERIES, f, ensure_ascii=False)
        summary = os.path.join(WORK, "pagefind.json")  # kept: what each query fetched, file by file
        subprocess.run([PYTHON, os.path.join(HERE, "pagefind_check.py"), "--site", output, "--queries", queries,
                        "--json", summary], check=True)
        with open(summary, encoding="utf-8") as f:
            result = json.load(f)
    texts = journal_texts(site)
    ours = {case["query"]: case for case in gazette.get("cases", [])}
    fetched, totals, colds, warms, ratios = [], [], [], [], []
    for q in result["queries"]:
        query, b = q["query_text"], q["bytes"]
        index = b["index"] + b["fragments"]
        fetched.append(index)
        totals.append(index + b["runtime"])
        colds.append(q["cold"])
        warms.append(q["query"])
        truth = expected(texts, query)
        found = {u for u in q["all"] if u.startswith("/journals/")}
        mine = ours.get(query)
        line = (f"pagefind {query!r}: {q['count']} results, {len(found & truth)} of the {len(truth)} journals with the text"
                f"{f', {len(found - truth)} others' if found - truth else ''}; {index / 1000:.1f} KB fetched "
                f"({b['index'] / 1000:.1f} KB index, {b['fragments'] / 1000:.1f} KB fragments) + {b['runtime'] / 1000:.0f} KB runtime; "
                f"{q['query']:.0f} ms to ten results after init ({q['cold']:.0f} ms with init)")
        if mine:
            ours_bytes = mine["bytes"]["index"] + mine["bytes"]["fragments"]
            if ours_bytes:
                ratios.append(index / ours_bytes)
            line += f"; Gazette {mine['results']} results, {ours_bytes / 1000:.1f} KB"
        print(line)
    print(f"pagefind bytes per query: median {statistics.median(fetched) / 1000:.1f} KB, max {max(fetched) / 1000:.1f} KB "
          f"(index and fragments; with its runtime median {statistics.median(totals) / 1000:.1f} KB); "
          f"pagefind/Gazette bytes per query: median {statistics.median(ratios):.1f}x")
    ms = [case["ms"] for case in gazette.get("cases", [])]
    print(f"pagefind time to ten results: median {statistics.median(warms):.0f} ms after init, "
          f"{statistics.median(colds):.0f} ms from a fresh page with init ({result.get('browser', 'Chromium')}); "
          f"Gazette from a fresh page (?q=, manifest included) median {statistics.median(ms) if ms else float('nan'):.0f} ms")


if __name__ == "__main__":
    main()
