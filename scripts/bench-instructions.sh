#!/usr/bin/env bash
# Instructions a frame Strata spends on Lottie files, counted by valgrind's callgrind over the
# frame loop only (`StrataFileRenderer.render(frame:)`, one thread): the same count for the same
# binary and inputs whatever else the machine does, where timings on a shared machine move by
# tens of percent. For A/B comparisons of small changes; seconds stay strata-bench's.
#
#   scripts/bench-instructions.sh [--bench PATH] [--frames N] [FILE.json|DIR ...]
#
# Defaults: the release strata-bench (built if missing), 120 frames a file, ../shared/lottie/bench.
# The media clock is stopped at STRATA_BENCH_START (default 1000000.37 s, a clock that does not
# start at 0): the player starts there and frames follow at the file's rate. With the system's
# clock, counts of one binary moved by about 1 % from run to run.
# The first frame's one-time costs (type metadata, first rasters) are in the count: compare
# builds on the same files and frames, not files with each other.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/strata-bench
frames=120
inputs=()
while [ $# -gt 0 ]; do
    case "$1" in
    --bench) bench=$2; shift 2 ;;
    --frames) frames=$2; shift 2 ;;
    *) inputs+=("$1"); shift ;;
    esac
done
[ ${#inputs[@]} -gt 0 ] || inputs=(../shared/lottie/bench)
command -v valgrind > /dev/null || { echo "error: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
if [ ! -x "$bench" ]; then
    swift build -c release --product strata-bench > /dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the debug information Swift writes: a stripped copy keeps the symbols.
cp "$bench" "$work/strata-bench"
strip --strip-debug "$work/strata-bench"
interposer=$(dirname "$(readlink -f "$bench")")/libMallocInterposerSwift.so
[ -f "$interposer" ] && cp "$interposer" "$work/"
pin=()
command -v taskset > /dev/null && pin=(taskset -c 0)
printf '%-32s %16s %7s %14s\n' file instructions frames "a frame"
for input in "${inputs[@]}"; do
    if [ -d "$input" ]; then files=("$input"/*.json); else files=("$input"); fi
    for file in "${files[@]}"; do
        log="$work/log"
        STRATA_BENCH_START=${STRATA_BENCH_START:-1000000.37} LD_LIBRARY_PATH="$work" "${pin[@]}" valgrind --tool=callgrind --toggle-collect='*StrataFileRendererC6render*' \
            --callgrind-out-file="$work/out" "$work/strata-bench" --measure-file strata "$file" --passes 1 \
            --frames "$frames" > "$log" 2>&1 || { echo "$(basename "$file"): failed (see valgrind's output)" >&2; continue; }
        count=$(grep -o 'refs: *[0-9,]*' "$log" | tr -d ', ' | cut -d: -f2)
        drawn=$(grep -o '"frames":[0-9]*' "$log" | head -1 | cut -d: -f2)
        printf '%-32s %16s %7s %14s\n' "$(basename "$file" .json)" "$count" "$drawn" "$((count / drawn))"
    done
done
