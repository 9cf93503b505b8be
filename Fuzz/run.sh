#!/usr/bin/env bash
# Runs Gazette's fuzz targets (built by `make fuzz` into $FUZZ_BUILD) one after the other, each
# for $FUZZ_SECONDS (or, with FUZZ_RUNS set, for that many executions), and fails when any found
# a crash, a leak or a timeout. Usage: Fuzz/run.sh [TARGET…] (default: every target).
#
# The committed seeds (Fuzz/Corpus/<target>/) are copied into a working corpus under
# $FUZZ_BUILD/corpus/<target>/, which keeps what libFuzzer finds between runs; the seeds in git
# are never written. Crashing inputs go to $FUZZ_BUILD/findings/<target>/.
set -uo pipefail
cd "$(dirname "$0")/.."

FUZZ_BUILD=${FUZZ_BUILD:-.build/fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_RUNS=${FUZZ_RUNS:-}
BIN=${FUZZ_BIN:-$FUZZ_BUILD/release}
ALL=(journal config markdown packet feed naver newsapi mediastack page-metadata canonical-url safe-url text-layout templates store lsp writing)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL[@]}"); fi

# Largest input per target: the size of what the parser meets in practice, with room to spare,
# so that libFuzzer spends its time on structure rather than on ever longer inputs.
max_len() {
    case $1 in
        canonical-url | safe-url) echo 2048 ;;
        text-layout) echo 4096 ;;
        # Each input's cost grows with its length (profiles show no fixed set-up to speak of), so
        # the limits are what the code needs: 2 KB of Markdown holds every block and inline kind
        # many times over; the packet typesetter cuts paragraphs longer than 3,000 bytes into
        # chunks, which takes 4 KB to reach.
        markdown) echo 2048 ;;
        packet) echo 4096 ;;
        # A few frames: an open document, a change, some requests.
        lsp) echo 8192 ;;
        # A day's journal: front matter and a body of a few paragraphs, with room for every rule.
        writing) echo 4096 ;;
        *) echo 32768 ;;
    esac
}

# Swift's own crash reporter (swift-backtrace) outlives a crashing fuzzer and keeps its output
# pipe open, so a run that found a crash would never end; libFuzzer and AddressSanitizer print
# the stack themselves. Leaks are checked after every input that allocated more than it freed.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}

failed=()
summary=("| target | executions | seconds | exec/s | corpus files | result |" "|---|---:|---:|---:|---:|---|")
for target in "${TARGETS[@]}"; do
    binary=$BIN/fuzz-$target
    if [ ! -x "$binary" ]; then
        echo "fuzz: no $binary — run make fuzz (it builds the targets first)" >&2
        failed+=("$target (not built)")
        continue
    fi
    corpus=$FUZZ_BUILD/corpus/$target
    artifacts=$FUZZ_BUILD/findings/$target/
    mkdir -p "$corpus" "$artifacts"
    cp -n Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
    options=(-timeout=10 -detect_leaks=1 -rss_limit_mb=4096 -max_len="$(max_len "$target")" -print_final_stats=1
        -artifact_prefix="$artifacts")
    [ -f Fuzz/Dictionaries/"$target".dict ] && options+=(-dict=Fuzz/Dictionaries/"$target".dict)
    # With FUZZ_RUNS, FUZZ_MAX_SECONDS (if set) still ends a slow run in time.
    if [ -n "$FUZZ_RUNS" ]; then
        options+=(-runs="$FUZZ_RUNS")
        [ -n "${FUZZ_MAX_SECONDS:-}" ] && options+=(-max_total_time="$FUZZ_MAX_SECONDS")
    else
        options+=(-max_total_time="$FUZZ_SECONDS")
    fi
    log=$FUZZ_BUILD/logs/$target.log
    mkdir -p "$(dirname "$log")"
    echo "== fuzz-$target (${FUZZ_RUNS:+$FUZZ_RUNS runs}${FUZZ_RUNS:-$FUZZ_SECONDS s})"
    "$binary" "${options[@]}" "$corpus" >"$log" 2>&1
    status=$?
    # libFuzzer's summary: "Done N runs in T second(s)" and the final stats.
    grep -E '^Done [0-9]+ runs|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb' "$log"
    result=ok
    if [ $status -ne 0 ] || ! grep -q '^Done [0-9]* runs' "$log"; then
        grep -E 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|SUMMARY|Fatal error|Test unit written' "$log" | head -20
        echo "fuzz-$target FAILED (exit $status); full output: $log" >&2
        failed+=("$target")
        result="FAILED (exit $status)"
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    summary+=("| $target | ${runs:-?} | ${seconds:-?} | ${speed:-?} | $(ls "$corpus" | wc -l) | $result |")
done

printf '%s\n' "${summary[@]}"

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: ${#TARGETS[@]} targets, no crash, leak or timeout"
