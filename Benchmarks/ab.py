#!/usr/bin/env python3
"""Compare commands side by side: run them in turn, RUNS rounds after a warm-up, and print each
one's median wall time and the median of every step `gazette … -v` reports.

usage: python3 Benchmarks/ab.py RUNS NAME=COMMAND [NAME=COMMAND …]

Each COMMAND is a shell command. Alternating rounds keep a drift of the machine's speed (this
shared VM's drifts by a fifth within an hour) out of the comparison, and the order of the
commands is reversed every other round, so each runs first as often as last (in a fixed order,
one binary against a copy of itself differed by 7 % on this VM); compare the medians of one run,
never figures across runs. For example, two builds of gazette against Typst's packet:

    python3 Benchmarks/ab.py 10 \\
        old="/tmp/gazette-old pdf -v --site S -o /tmp/old.pdf" \\
        new=".build-release/release/gazette pdf -v --site S -o /tmp/new.pdf"
"""
import re
import statistics
import subprocess
import sys
import time

# `-v`'s step lines: "   0.539 s  cpu  1.052 s    154 MB (peak   154 MB)  typeset 200 journals"
# (processor time and memory where the step measures them).
STEP = re.compile(r"^\s+([\d.]+) s\s+(?:cpu\s+[\d.]+ s\s+\d+ MB \(peak\s+\d+ MB\)\s+)?(\S.*)$", re.M)


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or any("=" not in a for a in sys.argv[2:]):
        sys.exit(__doc__)
    runs = int(sys.argv[1])
    commands = dict(argument.split("=", 1) for argument in sys.argv[2:])
    walls = {name: [] for name in commands}
    steps = {name: {} for name in commands}
    for round_ in range(runs + 1):
        order = list(commands.items())
        for name, command in order if round_ % 2 == 0 else reversed(order):
            started = time.perf_counter()
            done = subprocess.run(command, shell=True, capture_output=True, text=True)
            wall = time.perf_counter() - started
            if done.returncode != 0:
                sys.exit(f"{name} failed ({done.returncode}):\n{done.stderr[-2000:]}")
            if round_ == 0:
                continue  # the warm-up round fills the file cache
            walls[name].append(wall)
            for seconds, step in STEP.findall(done.stdout + done.stderr):
                steps[name].setdefault(step.strip(), []).append(float(seconds))
    width = max(len(name) for name in commands)
    for name in commands:
        line = f"{name:<{width}}  wall {statistics.median(walls[name]):.3f} s"
        line += "".join(f"  | {step} {statistics.median(values):.3f}" for step, values in steps[name].items())
        print(line)
    print(f"(median of {runs} alternating rounds after a warm-up)")


if __name__ == "__main__":
    main()
