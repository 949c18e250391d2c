#!/bin/sh
# Builds shortcut-lab and MatchBenchmark in release mode and runs the benchmark on one core
# (taskset -c 0), printing markdown tables; then, unless --quick is given or only one CPU is
# available, reruns the BLAS-threads section unpinned so that two threads can use two cores.
#
#   Tools/Benchmarks/run.sh [--quick] [--json FILE] [other MatchBenchmark options]
#
# The binaries are built with --static-swift-stdlib, as the README builds the CLI: dynamic
# linking of the Swift runtime and Foundation costs about 10 ms of every start-up.
#
# Environment: SCRATCH_PATH (build folder, default .build-static, so that the static release
# build does not evict the usual one in .build), BENCH_CPU (core to pin, default 0),
# UNPINNED_THREADS=0 to skip the unpinned threads run.
set -eu

cd "$(dirname "$0")/../.."
scratch=${SCRATCH_PATH:-.build-static}

echo "building (release, --static-swift-stdlib, --scratch-path $scratch)..." >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product shortcut-lab >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product MatchBenchmark >&2
bin=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)

quick=""
json=""
prev=""
for arg in "$@"; do
    [ "$arg" = "--quick" ] && quick="--quick"
    [ "$prev" = "--json" ] && json="$arg"
    prev=$arg
done

if command -v taskset >/dev/null 2>&1; then
    pin="taskset -c ${BENCH_CPU:-0}"
else
    pin=""
    echo "taskset not found: running unpinned (numbers are for however many cores the OS gives)" >&2
fi

status=0
$pin "$bin/MatchBenchmark" "$@" || status=$?

cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if [ -n "$pin" ] && [ -z "$quick" ] && [ "$cpus" -gt 1 ] && [ "${UNPINNED_THREADS:-1}" != 0 ]; then
    echo ""
    echo "## BLAS threads again, unpinned ($cpus CPUs available)"
    echo ""
    if [ -n "$json" ]; then
        "$bin/MatchBenchmark" --only threads --json "${json%.json}.threads.json" || status=$?
    else
        "$bin/MatchBenchmark" --only threads || status=$?
    fi
fi
exit $status
