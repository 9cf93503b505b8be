#!/usr/bin/env python3
"""A clean build of a very large site: its time and its peak memory against issue 12's limit.

usage: python3 Benchmarks/scale.py [GAZETTE] [--journals 100000] [--limit-gb 2]

Writes the peers bench's journals (Benchmarks/peers.py, 50 a week) for JOURNALS journals under
bench-results/scale/JOURNALS/ once (100,000 take about four minutes and 800 MB of disk; a later
run reuses them), builds them with `gazette build -v --clean --no-pdf`, and prints each step's
line from `-v` (wall and processor seconds, resident memory after it), then the wall time, the
processor time and the peak resident memory of the whole build, and whether the peak is under
the limit. One build: at 100,000 journals it takes two minutes or more.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
sys.dont_write_bytecode = True
import peers  # noqa: E402


def site_for(count):
    """The site of COUNT journals, written unless a complete one is already there."""
    base = os.path.join(ROOT, "bench-results", "scale", str(count))
    site = os.path.join(base, "gazette")
    marker = os.path.join(base, ".complete")
    if not os.path.exists(marker):
        shutil.rmtree(base, ignore_errors=True)
        started = time.perf_counter()
        for _ in peers.write_gazette_site(site, count, max(1, count // 50)):
            pass
        open(marker, "w").close()
        print(f"wrote {count:,} journals in {time.perf_counter() - started:.0f} s")
    return base, site


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gazette", nargs="?", default=os.path.join(ROOT, ".build", "release", "gazette"))
    parser.add_argument("--journals", type=int, default=100_000)
    parser.add_argument("--limit-gb", type=float, default=2.0)
    args = parser.parse_args()
    base, site = site_for(args.journals)
    output = os.path.join(base, "public")
    for folder in (output, os.path.join(base, ".public.previous"), os.path.join(site, ".gazette")):
        shutil.rmtree(folder, ignore_errors=True)
    command = [args.gazette, "build", "-v", "--clean", "--no-pdf", "--site", site, "--output", output]
    started = time.perf_counter()
    # The bench site's journals name articles the store does not hold: a warning each, on stderr.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               env=dict(os.environ, SOURCE_DATE_EPOCH="1795000000"))
    report = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    print(report.rstrip())
    peak = usage.ru_maxrss / 1024 / 1024
    verdict = "under" if peak < args.limit_gb else "over"
    print(f"{args.journals:,} journals, clean --no-pdf: {wall:.1f} s wall, {usage.ru_utime:.0f} s user, "
          f"{usage.ru_stime:.0f} s system, peak {peak:.2f} GB ({verdict} the {args.limit_gb:g} GB limit)")


if __name__ == "__main__":
    main()
