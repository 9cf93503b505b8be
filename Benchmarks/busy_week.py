#!/usr/bin/env python3
"""The busy-week site: what a group that follows three Naver queries at `display: 100`, two
NewsAPI queries and two feeds stores in a fortnight — 2,000 articles over 2026-W46 and W47 —
beside 2,000 journals (Benchmarks/make_journals.py, WEEKS=2). Builds it with the given gazette
twice, side by side: with the week's articles listed under every board page (articles_per_page:
1000, how every version before weeks/<week>/articles/ built it) and with the default, and prints
for each the pages written, the largest HTML page, how many pass 300 KB and 150 KB, and all
HTML together. Page sizes do not depend on the binary's build mode; times do (use a release
build for them).

    python3 Benchmarks/busy_week.py .build/release/gazette [JOURNALS] [ARTICLES]
"""
import datetime
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench-results", "busy-week")

QUERIES = {"naver": ["금리", "반도체", "환율"], "newsapi": ["chips", "interest rates"]}
FEEDS = ["hankyung", "yonhap"]
WORDS = ("금리 가계부채 반도체 수출 기준금리 한국은행 대출 정책 시장 기업 투자 경제 성장 물가 소비 고용 기후 예산 "
         "지자체 산업 기술 데이터 인공지능 메모리 수요 공급 가격 환율 무역 정부 국회 규제 소비자 생산 지표 분석 전망").split()


def write_site(site, journals, articles):
    shutil.rmtree(site, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "make_journals.py"), site, str(journals)], check=True,
                   env=dict(os.environ, WEEKS="2"))
    write_articles(site, articles)


def write_articles(site, articles):
    """Adds the sources to SITE's gazette.yml and ARTICLES fetched articles to its store, the
    journals' own articles first; returns the records by week (Benchmarks/peers.py gives Hugo
    the same ones)."""
    with open(os.path.join(site, "gazette.yml"), "a") as f:
        f.write("sources:\n"
                f"  naver: {{ queries: [{', '.join(QUERIES['naver'])}], display: 100 }}\n"
                f"  newsapi: {{ queries: [{', '.join(QUERIES['newsapi'])}] }}\n"
                "  feeds:\n" + "".join(f"    - {{ name: {n}, url: https://{n}.example.org/rss }}\n" for n in FEEDS))
    # The journals' own articles first (so cards name stored stories), then more up to the count.
    urls = []
    folder = os.path.join(site, "content", "journals")
    for name in sorted(os.listdir(folder)):
        for line in open(os.path.join(folder, name), encoding="utf-8"):
            if line.startswith("article: "):
                urls.append(line[len("article: "):].strip())
                break
    rng = random.Random(46)
    urls = list(dict.fromkeys(urls))[:articles]
    urls += [f"https://news.example.org/2026/{n}" for n in range(articles - len(urls))]
    start = datetime.datetime(2026, 11, 9, 0, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=9)))
    weeks = {}
    for n, url in enumerate(urls):
        source = rng.choice(["naver"] * 6 + ["newsapi"] * 3 + ["feed"] * 2)
        if source == "feed":
            name, queries = "feed:" + rng.choice(FEEDS), []
        else:
            name = source
            queries = sorted(rng.sample(QUERIES[source], 2 if rng.random() < 0.1 else 1))
        published = start + datetime.timedelta(minutes=rng.randrange(14 * 24 * 60))
        words = lambda k: " ".join(rng.choice(WORDS) for _ in range(k))
        record = {"author": None, "description": words(30), "id": hashlib.sha256(url.encode()).hexdigest()[:12], "image": None,
                  "language": "ko", "published": published.isoformat(), "publisher": rng.choice(["연합뉴스", "한국경제", "매일경제"]),
                  "queries": queries, "source": name, "title": words(8), "url": url}
        weeks.setdefault(published.strftime("%G-W%V"), []).append(record)
    store = os.path.join(site, "content", "articles")
    os.makedirs(store, exist_ok=True)
    for week, records in weeks.items():
        with open(os.path.join(store, week + ".jsonl"), "w", encoding="utf-8") as f:
            for record in records:
                f.write(json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
    return weeks


def measure(gazette, site, per_page):
    config = os.path.join(site, "gazette.yml")
    text = open(config, encoding="utf-8").read().split("\nboard:")[0].rstrip("\n") + "\n"
    if per_page:
        text += f"board: {{ articles_per_page: {per_page} }}\n"
    open(config, "w", encoding="utf-8").write(text)
    output = os.path.join(site, "public")
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(os.path.join(site, ".gazette"), ignore_errors=True)
    began = time.monotonic()
    subprocess.run([gazette, "build", "--site", site, "--no-pdf", "-q"], check=True, stderr=subprocess.DEVNULL)
    seconds = time.monotonic() - began
    sizes = []
    for folder, _, files in os.walk(output):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                sizes.append((os.path.getsize(path), os.path.relpath(path, output)))
    sizes.sort(reverse=True)
    return {"pages": len(sizes), "largest": sizes[0], "over300": sum(1 for s, _ in sizes if s > 300_000),
            "over150": sum(1 for s, _ in sizes if s > 150_000), "html": sum(s for s, _ in sizes), "seconds": seconds}


def main():
    gazette = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "gazette")
    journals = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    articles = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    site = os.path.join(OUT, f"site-{journals}-{articles}")
    write_site(site, journals, articles)
    print(f"busy-week site: {journals} journals, {articles} articles in 2026-W46/W47; {gazette}")
    print(f"{'articles':<34} {'pages':>6} {'largest HTML page':>44} {'>300 KB':>8} {'>150 KB':>8} {'all HTML':>9} {'build':>7}")
    for label, per_page in (("under every board page (100000)", 100_000), ("pages of their own (default)", None)):
        r = measure(gazette, site, per_page)
        size, path = r["largest"]
        print(f"{label:<34} {r['pages']:>6} {f'{size / 1000:.0f} KB {path}':>44} {r['over300']:>8} {r['over150']:>8} "
              f"{r['html'] / 1e6:>7.1f}MB {r['seconds']:>6.1f}s")


if __name__ == "__main__":
    main()
