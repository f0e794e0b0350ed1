#!/usr/bin/env bash
# Instructions a frame Strata spends on Lottie files, counted by valgrind's callgrind over the
# frame loop only (`StrataFileRenderer.render(frame:)`, one thread): the same count for the same
# binary and inputs whatever else the machine does, where timings on a shared machine move by
# tens of percent. For A/B comparisons of small changes; seconds stay strata-bench's.
#
#   scripts/bench-instructions.sh [--bench PATH] [--frames N] [FILE.json|DIR ...]
#   scripts/bench-instructions.sh --steady [--bench PATH] [FILE.json|DIR ...]
#
# --steady: instructions of a steady frame, Strata beside ThorVG (bash scripts/bench-peers.sh
# first, or set STRATA_THORVG): the whole process counted for two passes of every frame of the
# file less one pass, so loading, warm-up and first-frame costs cancel out. Not time: Strata ran
# a half to a third of ThorVG's instructions on small files in about the same time a frame.
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
steady=0
inputs=()
while [ $# -gt 0 ]; do
    case "$1" in
    --bench) bench=$2; shift 2 ;;
    --frames) frames=$2; shift 2 ;;
    --steady) steady=1; shift ;;
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
# glibc copies and clears blocks of 2 KiB and more with `rep movsb`/`rep stosb`, which valgrind
# counts as one instruction a byte (a 500×260 canvas cleared is 520,000 "instructions" that run
# in about 5 µs): make glibc use its vector loops instead, so counts track the work done.
export GLIBC_TUNABLES=glibc.cpu.x86_rep_stosb_threshold=0x7fffffffffffffff:glibc.cpu.x86_rep_movsb_threshold=0x7fffffffffffffff
pin=()
command -v taskset > /dev/null && pin=(taskset -c 0)
# Instructions of the whole run of renderer $1 on file $2 over $3 passes (valgrind's total).
whole_run() {
    STRATA_BENCH_START=${STRATA_BENCH_START:-1000000.37} LD_LIBRARY_PATH="$work" "${pin[@]}" valgrind --tool=callgrind \
        --callgrind-out-file=/dev/null "$work/strata-bench" --measure-file "$1" "$2" --passes "$3" > "$work/log" 2>&1 || return 1
    grep -o 'refs: *[0-9,]*' "$work/log" | tr -d ', ' | cut -d: -f2
}
if [ "$steady" = 1 ]; then
    [ -n "${STRATA_THORVG:-}" ] || for lib in .build/bench-peers/lib/python3*/site-packages/thorvg_python/libthorvg*.so*; do
        [ -f "$lib" ] && export STRATA_THORVG=$lib && break
    done
    printf '%-32s %7s %16s %16s %9s\n' file frames "strata a frame" "thorvg a frame" "÷ thorvg"
    for input in "${inputs[@]}"; do
        if [ -d "$input" ]; then files=("$input"/*.json); else files=("$input"); fi
        for file in "${files[@]}"; do
            name=$(basename "$file" .json)
            s1=$(whole_run strata "$file" 1) && s2=$(whole_run strata "$file" 2) || { echo "$name: strata failed" >&2; continue; }
            drawn=$(grep -o '"frames":[0-9]*' "$work/log" | head -1 | cut -d: -f2)
            if t1=$(whole_run thorvg "$file" 1) && t2=$(whole_run thorvg "$file" 2); then
                printf '%-32s %7s %16s %16s %9s\n' "$name" "$drawn" "$(((s2 - s1) / drawn))" "$(((t2 - t1) / drawn))" \
                    "$(awk -v a=$((s2 - s1)) -v b=$((t2 - t1)) 'BEGIN { printf "%.2f×", a / b }')"
            else
                printf '%-32s %7s %16s %16s %9s\n' "$name" "$drawn" "$(((s2 - s1) / drawn))" "-" "-"
            fi
        done
    done
    exit 0
fi
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
