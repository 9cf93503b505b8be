#!/usr/bin/env python3
"""Start-up (make bench-startup): how long a command takes that does almost nothing, which is
what an editor, a shell completion or a git hook pays on every call. Medians of RUNS runs after
three warm-ups, each binary given in turn: `gazette --version`, and `gazette check` on the
example site (the repository itself); with the shared libraries each binary loads (`ldd`).

usage: python3 Benchmarks/startup.py [RUNS] GAZETTE [GAZETTE …]
"""
import os
import statistics
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def median_ms(command, runs):
    times = []
    for index in range(runs + 3):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        if index >= 3:
            times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main():
    arguments = sys.argv[1:]
    runs = int(arguments.pop(0)) if arguments and arguments[0].isdigit() else 40
    if not arguments:
        sys.exit(__doc__)
    for binary in arguments:
        libraries = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout.count("=>")
        version = median_ms([binary, "--version"], runs)
        check = median_ms([binary, "check", "--site", root], max(5, runs // 2))
        print(f"{binary}: --version {version:.1f} ms, check (example site) {check:.1f} ms, {libraries} shared libraries")


main()
