#!/usr/bin/env python3
"""The search index on a generated site: its size, what its build costs, and in Chromium the
bytes each query fetches and the time from the last keystroke to the results.

usage: search_bench.py GAZETTE [COUNT] [--runs N] [--packets] [--bench GAZETTE_BENCH]

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
"""
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


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args:
        sys.exit(__doc__)
    gazette = os.path.abspath(args[0])
    count = int(args[1]) if len(args) > 1 else 2000
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    packets = "--packets" in sys.argv
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
        if run + 1 < runs:
            shutil.rmtree(output)
            shutil.rmtree(os.path.join(WORK, f".public-{run}.previous"), ignore_errors=True)
    print(f"median: build {statistics.median(totals):.2f} s wall, {statistics.median(cpus):.2f} s CPU; search index step "
          f"{statistics.median(steps):.3f} s ({100 * statistics.median(steps) / statistics.median(totals):.1f} % of the wall)"
          f"{' with packets' if packets else ', no packets'}")
    if "--bench" in sys.argv:
        bench = sys.argv[sys.argv.index("--bench") + 1]
        line = subprocess.run([bench, "search", "--site", site, "--runs", "5"], capture_output=True, text=True,
                              check=True).stdout.strip().splitlines()[-1]
        print(line)
        index_cpu = float(re.search(r"([\d.]+) s CPU", line).group(1))
        print(f"the index alone: {100 * index_cpu / statistics.median(cpus):.1f} % of the build's CPU time")

    search = os.path.join(output, "search")
    files = [os.path.join(d, f) for d, _, fs in os.walk(search) for f in fs if f.endswith(".json.gz")]
    size = sum(os.path.getsize(f) for f in files)
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


if __name__ == "__main__":
    main()
