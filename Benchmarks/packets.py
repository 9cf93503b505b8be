#!/usr/bin/env python3
"""Study packet benchmark (make bench): 200 generated journals, about 600 A4 pages, typeset by
`gazette pdf`; then, side by side in the same run, the same journals' HTML as `gazette build`
renders it, printed to PDF by Debian's WeasyPrint. Prints pages, seconds, pages/s and the ratio,
and writes everything under bench-results/packets/."""
import os
import re
import resource
import shutil
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, "bench-results", "packets")
gazette = os.path.join(root, ".build", "release", "gazette")
count = int(os.environ.get("JOURNALS", "200"))
runs = int(os.environ.get("RUNS", "5"))


def run(args, **kwargs):
    """Runs a command; returns (wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def pages(pdf):
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
site = os.path.join(out, "site")
subprocess.run([sys.executable, os.path.join(root, "Benchmarks", "make_journals.py"), site, str(count)], check=True)
env = dict(os.environ, SOURCE_DATE_EPOCH="1795000000")

# Gazette: one warm-up (file cache), then the best of `runs`.
packet = os.path.join(out, "packet.pdf")
run([gazette, "pdf", "-q", "--site", site, "-o", packet], env=env)
timings = [run([gazette, "pdf", "-q", "--site", site, "-o", packet], env=env) for _ in range(runs)]
g_wall, g_cpu = min(timings)
g_pages = pages(packet)

# The same journals as HTML: each journal page's <article>, in packet order (updated, oldest
# first), with the site's stylesheet and print rules close to the packet's.
html = os.path.join(out, "html")
run([gazette, "build", "-q", "--no-pdf", "--site", site, "--output", html], env=env)
articles = []
journals = os.path.join(html, "journals")
for slug in sorted(os.listdir(journals)):
    text = open(os.path.join(journals, slug, "index.html"), encoding="utf-8").read()
    article = re.search(r'<article class="journal">.*?</article>', text, re.S).group(0)
    updated = re.findall(r'datetime="([^"]+)"', article)
    articles.append((updated[1] if len(updated) > 1 else "", slug, article))
articles.sort()
stylesheet = next(f for f in os.listdir(os.path.join(html, "assets")) if f.endswith(".css"))
document = os.path.join(html, "journals.html")
with open(document, "w", encoding="utf-8") as f:
    f.write(f'<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>벤치마크</title>'
            f'<link rel="stylesheet" href="assets/{stylesheet}"><style>'
            "@page { size: A4; margin: 48pt 56pt; "
            "@top-left { content: '벤치마크 스터디 · 2026년 47주차'; font: 8pt NanumGothic; color: #666 } "
            "@bottom-center { content: counter(page) ' / ' counter(pages); font: 8pt NanumGothic; color: #666 } } "
            "body { font-family: NanumGothic, sans-serif; font-size: 10.5pt; line-height: 1.6; max-width: none; margin: 0 } "
            "article.journal { break-before: page } header.site-header, footer, nav { display: none } "
            "pre, code { font-family: NanumGothicCoding, monospace } pre { white-space: pre-wrap; overflow-wrap: anywhere }"
            "</style></head><body>\n")
    for _, _, article in articles:
        f.write(article + "\n")
    f.write("</body></html>\n")
weasy = os.path.join(out, "weasyprint.pdf")
w_wall, w_cpu = run(["weasyprint", document, weasy], stderr=subprocess.DEVNULL)
w_pages = pages(weasy)

cores = os.cpu_count()
print(f"Study packet benchmark: {count} journals, {cores} cores (best of {runs} for gazette, one WeasyPrint run)")
print(f"  gazette pdf  {g_pages:5d} pages  {g_wall:7.2f} s wall  {g_cpu:7.2f} s CPU  {g_pages / g_wall:8.1f} pages/s")
print(f"  weasyprint   {w_pages:5d} pages  {w_wall:7.2f} s wall  {w_cpu:7.2f} s CPU  {w_pages / w_wall:8.1f} pages/s")
ratio_wall = (g_pages / g_wall) / (w_pages / w_wall)
ratio_cpu = (g_pages / g_cpu) / (w_pages / w_cpu)
print(f"  gazette is {ratio_wall:.1f}x faster in pages per wall-clock second ({ratio_cpu:.1f}x per CPU second)")
print(f"  target: {g_pages} pages in under 2 s: {'met' if g_wall < 2 else 'NOT met'}; at least 20x: {'met' if ratio_wall >= 20 else 'NOT met'}")
