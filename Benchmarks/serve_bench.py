#!/usr/bin/env python3
"""Save-to-reload time of `gazette serve` (make bench-serve): a site of N generated journals
(Benchmarks/make_journals.py, about fifty a week), served on a free loopback port; each run
appends a line to one journal and times the write until the live-reload channel names that
journal's page, once the server has finished the first build's background work (every week's
packet). Prints the first build's time and the median of the runs.

With --git the site is a git repository, as a study group keeps it: one commit per week of
journals, then 60 commits that each edit one journal (journals without written dates take them
from this history, which serve reads on a save).

With --shape korean or busy, the site is that of Benchmarks/peers.py's shape of the name.

With --every SECONDS the saves come that many seconds apart (default 2): 0.3 is an author saving
as they type, or an editor saving on every pause, while the last save's search index is still
being made.

usage: python3 Benchmarks/serve_bench.py [--git] [--verbose] [--shape plain|korean|busy] [--every SECONDS] [--folder DIR] [BINARY] [JOURNALS] [RUNS]
       (defaults: .build/release/gazette, 2000, 5; the site is written under bench-results/serve/,
       or under DIR: a folder on another filesystem, as for Benchmarks/peers.py --folder)
"""
import os, re, subprocess, sys, time, threading, statistics, urllib.request, shutil

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
argv = sys.argv[1:]
folder = os.path.join(root, "bench-results", "serve")
if "--folder" in argv:
    at = argv.index("--folder")
    folder = os.path.abspath(argv[at + 1])
    del argv[at:at + 2]
shape = "plain"
if "--shape" in argv:
    at = argv.index("--shape")
    shape = argv[at + 1]
    del argv[at:at + 2]
    if shape not in ("plain", "korean", "busy"):
        sys.exit("serve_bench: --shape takes plain, korean or busy")
every = 2.0
if "--every" in argv:
    at = argv.index("--every")
    every = float(argv[at + 1])
    del argv[at:at + 2]
args = [a for a in argv if a not in ("--git", "--verbose")]
in_git = "--git" in argv
# --verbose: serve runs with -v, and each save's step times are printed after its figure.
verbose = "--verbose" in argv
binary = args[0] if len(args) > 0 else os.path.join(root, ".build", "release", "gazette")
count = int(args[1]) if len(args) > 1 else 2000
runs = int(args[2]) if len(args) > 2 else 5
site = os.path.join(folder, str(count) + ("-git" if in_git else "") + ("" if shape == "plain" else "-" + shape))
shutil.rmtree(site, ignore_errors=True)
# The shapes of Benchmarks/peers.py: real Korean syllable frequencies, or a busy fortnight (the
# journals in two weeks beside as many fetched articles).
environment = dict(os.environ, WEEKS=str(2 if shape == "busy" else max(1, count // 50)))
if shape == "korean":
    environment["SYLLABLES"] = "all"
subprocess.run([sys.executable, os.path.join(root, "Benchmarks", "make_journals.py"), site, str(count)], check=True, env=environment)
if shape == "busy":
    sys.path.insert(0, os.path.join(root, "Benchmarks"))
    sys.dont_write_bytecode = True
    import busy_week
    busy_week.write_articles(site, count)
if in_git:
    def git(*arguments):
        subprocess.run(["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.org", *arguments], cwd=site, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    git("init", "-q")
    names = sorted(os.listdir(os.path.join(site, "content/journals")))
    for start in range(0, len(names), 50):
        git("add", *[os.path.join("content/journals", n) for n in names[start:start + 50]])
        git("commit", "-qm", f"journals {start + 1}-{start + 50}")
    git("add", "-A")
    git("commit", "-qm", "the rest of the site")
    for k in range(60):
        with open(os.path.join(site, "content/journals", names[(k * 7) % len(names)]), "a") as f:
            f.write(f"\n덧붙임 {k}.\n")
        git("commit", "-qam", f"edit {k}")
p = subprocess.Popen([binary, "serve", *(["-v"] if verbose else []), "--site", site, "--port", "0"], stderr=subprocess.STDOUT, stdout=subprocess.PIPE, text=True)
base = None
start = time.time()
for line in p.stdout:
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if m and "Serving" in line:
        base = m.group(1); break
first = time.time() - start
# Keep draining the server's output: 2,000 warnings a rebuild fill a pipe and block it.
server_lines = []
threading.Thread(target=lambda: [server_lines.append(line) for line in p.stdout], daemon=True).start()
events = []
def listen():
    r = urllib.request.urlopen(base + "__gazette/live", timeout=600)
    for raw in r:
        events.append((time.time(), raw.decode(errors="replace")))
threading.Thread(target=listen, daemon=True).start()
time.sleep(1.0)
# After the first build serve typesets every week's packet in the background (an edit cancels
# only its own week's). Measure edits once that is done, as an author editing after the first
# moment meets them: wait until the server's processor time stops growing for 1.5 s.
def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
settle_start = time.time()
last, still_since = cpu_seconds(p.pid), time.time()
while time.time() - settle_start < 180 and time.time() - still_since < 1.5:
    time.sleep(0.25)
    now = cpu_seconds(p.pid)
    if now - last > 0.02:
        still_since = time.time()
    last = now
settled = time.time() - settle_start
journals = sorted(os.listdir(os.path.join(site, "content/journals")))
times = []
for k in range(runs):
    name = journals[(k * 37) % len(journals)]
    path = os.path.join(site, "content/journals", name)
    text = open(path).read()
    mark, lines_mark = len(events), len(server_lines)
    t0 = time.time()
    open(path, "w").write(text + f"\n편집 marker-{k}.\n")
    slug = name[:-3]
    deadline = t0 + 300
    while time.time() < deadline:
        if any("reload" in e[1] or slug in e[1] for e in events[mark:]) and any(slug in e[1] for e in events[mark:]):
            break
        time.sleep(0.005)
    t1 = next((e[0] for e in events[mark:] if slug in e[1]), None)
    times.append((t1 or time.time()) - t0)
    time.sleep(max(0.0, t0 + every - time.time()))
    if verbose:
        print(f"save {k + 1}: {((t1 or time.time()) - t0) * 1000:.0f} ms")
        for line in server_lines[lines_mark:]:
            if re.search(r"\d+ ms|\d\.\d+ s", line) and "warning" not in line:
                print("   ", line.rstrip())
p.terminate()
label = {"plain": "", "korean": ", real Korean", "busy": f", busy ({count} articles in two weeks)"}[shape]
print(f"serve, {count} journals{label}{' in git' if in_git else ''}{f', a save every {every:g} s' if every != 2.0 else ''}: first build {first:.1f} s, background packets done {settled:.1f} s later; "
      f"save → reload event median {statistics.median(times)*1000:.0f} ms, worst {max(times)*1000:.0f} ms "
      f"({', '.join(f'{t*1000:.0f}' for t in times)})")
