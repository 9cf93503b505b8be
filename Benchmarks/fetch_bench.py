#!/usr/bin/env python3
"""Requests made and wall time of `gazette fetch` for 3 sources x 2 queries (2 pages each)
against the scripted loopback server, with and without injected latency per answer.

    python3 Benchmarks/fetch_bench.py [GAZETTE_BINARY] [--runs N] [--latency S ...] [--jobs N]

Each run fetches into a fresh site, so every record is new. Prints one line per latency.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "Tests", "Fixtures", "ingest", "server.py")


def naver_page(query, start):
    items = [{"title": "<b>%s</b> %d" % (query, start + n), "originallink": "https://news.example.com/%s/%d" % (query, start + n),
              "link": "", "description": "설명", "pubDate": "Tue, 14 Nov 2023 09:%02d:00 +0900" % (n % 60)} for n in range(100)]
    return {"total": 200, "start": start, "display": 100, "items": items}


def newsapi_page(query, page):
    items = [{"source": {"id": None, "name": "Example"}, "author": None, "title": "%s %d" % (query, n),
              "description": None, "url": "https://world.example.com/%s/%d/%d" % (query, page, n), "urlToImage": None,
              "publishedAt": "2023-11-14T10:00:00Z", "content": None} for n in range(100)]
    return {"status": "ok", "totalResults": 200, "articles": items}


def mediastack_page(query, offset):
    items = [{"author": None, "title": "%s %d" % (query, offset + n), "description": "d",
              "url": "https://ms.example.com/%s/%d" % (query, offset + n), "source": "Example", "image": None,
              "category": "general", "language": "en", "country": "us", "published_at": "2023-11-14T09:00:00+00:00"}
             for n in range(100)]
    return {"pagination": {"limit": 100, "offset": offset, "count": 100, "total": 200}, "data": items}


def routes(latency):
    out = []
    for q in ["rates", "chips"]:
        for start in (1, 101):
            out.append({"path": "/v1/search/news.json", "match": {"query": q, "start": start},
                        "responses": [{"json": naver_page(q, start), "delay": latency}]})
        for page in (1, 2):
            out.append({"path": "/v2/everything", "match": {"q": q, "page": page},
                        "responses": [{"json": newsapi_page(q, page), "delay": latency}]})
        for offset in (0, 100):
            out.append({"path": "/v1/news", "match": {"keywords": q, "offset": offset},
                        "responses": [{"json": mediastack_page(q, offset), "delay": latency}]})
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gazette", nargs="?", default=os.path.join(ROOT, ".build", "debug", "gazette"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--latency", type=float, nargs="*", default=[0.0, 0.2])
    parser.add_argument("--jobs", type=int, default=4)
    args = parser.parse_args()
    env = dict(os.environ, NAVER_CLIENT_ID="bench", NAVER_CLIENT_SECRET="bench", NEWSAPI_KEY="bench", MEDIASTACK_KEY="bench",
               NO_COLOR="1")
    print("fetch of 3 sources x 2 queries x 2 pages (100 results each), %d runs, --jobs %d, %s"
          % (args.runs, args.jobs, os.path.relpath(args.gazette, ROOT)))
    for latency in args.latency:
        work = tempfile.mkdtemp(prefix="gazette-bench-")
        script, log = os.path.join(work, "script.json"), os.path.join(work, "log.jsonl")
        with open(script, "w") as f:
            json.dump({"routes": routes(latency)}, f, ensure_ascii=False)
        server = subprocess.Popen([sys.executable, SERVER, script, log], stdout=subprocess.PIPE, text=True)
        base = "http://127.0.0.1:%s" % server.stdout.readline().strip()
        times, requests, new = [], [], []
        try:
            for run in range(args.runs):
                site = os.path.join(work, "site%d" % run)
                os.makedirs(site)
                with open(os.path.join(site, "gazette.yml"), "w") as f:
                    f.write("title: bench\nsources:\n"
                            "  naver: { queries: [rates, chips], max_results: 200, endpoint: \"%s\" }\n"
                            "  newsapi: { queries: [rates, chips], max_results: 200, endpoint: \"%s\" }\n"
                            "  mediastack: { keywords: [rates, chips], max_results: 200, endpoint: \"%s\" }\n" % (base, base, base))
                started = time.perf_counter()
                result = subprocess.run([args.gazette, "fetch", "--no-thumbnails", "--site", site, "--quiet", "--jobs", str(args.jobs)],
                                        env=env, capture_output=True, text=True)
                times.append(time.perf_counter() - started)
                summary = result.stdout.strip().splitlines()[-1]
                match = re.search(r"(\d+) new articles?, \d+ updated, (\d+) requests?", summary)
                if result.returncode != 0 or not match:
                    sys.exit("fetch failed (%d): %s %s" % (result.returncode, result.stdout, result.stderr))
                new.append(int(match.group(1)))
                requests.append(int(match.group(2)))
        finally:
            server.terminate()
            shutil.rmtree(work, ignore_errors=True)
        print("latency %.0f ms/answer: %d requests, %d new records; wall time median %.3f s (min %.3f, max %.3f)"
              % (latency * 1000, requests[0], new[0], statistics.median(times), min(times), max(times)))


if __name__ == "__main__":
    main()
