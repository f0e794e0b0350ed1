#!/usr/bin/env bash
# Copy census: how many bytes a frame copies with memmove (Swift's copies of large values: states,
# bodies, keys, contexts) and how many retains and releases it makes, counted exactly by uprobes on
# glibc's memmove and the Swift runtime, for frames only (a run of 3 passes minus a run of 1). Deterministic where timings on a VM move by ±10 %: use it to see
# whether a change removed copies, then confirm with alternating timed runs.
#
#   bash scripts/copy-census.sh [--sites] [--bench PATH] FILE.json...
#
# Needs root and Linux perf (Debian: linux-perf); uses the release strata-bench by default.
# --sites prints, per file, the 15 call sites copying the most bytes (size, count a frame).
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/strata-bench
sites=0
files=()
while (($#)); do
    case "$1" in
        --sites) sites=1 ;;
        --bench) bench="$2"; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) files+=("$1") ;;
    esac
    shift
done
((${#files[@]})) || { echo "usage: copy-census.sh [--sites] [--bench PATH] FILE.json..." >&2; exit 64; }
command -v perf >/dev/null || { echo "copy-census: needs Linux perf (apt-get install linux-perf)" >&2; exit 69; }
[ -x "$bench" ] || { echo "copy-census: no $bench (swift build -c release --product strata-bench)" >&2; exit 66; }
libc=$(ldd "$bench" | awk '/libc\.so\.6/ {print $3}')
# glibc picks a memmove for the processor (AVX-512, AVX, SSE2…): the one a sampled run shows.
perf record -q -F 2000 -o /tmp/strata-census.pick "$bench" --measure-file strata "${files[0]}" --passes 20 >/dev/null 2>&1
symbol=$(perf report -i /tmp/strata-census.pick --stdio --sort sym 2>/dev/null | grep -o '__memmove_[a-z0-9_]*' | head -1)
[ -n "$symbol" ] || { echo "copy-census: no memmove seen in a sampled run" >&2; exit 70; }
perf probe -q -d 'probe_libc:strata_mm' 2>/dev/null || true
perf probe -q -x "$libc" --add "strata_mm=$symbol len=%dx:u64" >/dev/null
trap 'perf probe -q -d "probe_libc:strata_mm" 2>/dev/null || true; rm -f /tmp/strata-census.*' EXIT

# Prints "calls bytes frames" for a run of `passes` passes.
measure() {
    local file=$1 passes=$2 graph=${3:-}
    local frames
    frames=$(perf record -q $graph -e probe_libc:strata_mm -o /tmp/strata-census.data \
        "$bench" --measure-file strata "$file" --passes "$passes" 2>/dev/null \
        | sed -n 's/^RESULT //p' | python3 -c 'import json,sys; print(json.load(sys.stdin)["frames"])')
    perf script -i /tmp/strata-census.data 2>/dev/null | grep -o 'len=[0-9]*' | cut -d= -f2 \
        | awk -v f="$frames" '{n++; b+=$1} END {print n+0, b+0, f}'
}

# Reference counting: Swift runtime's swift_retain and swift_release, counted (not sampled).
swiftcore=$(ldd "$bench" | awk '/libswiftCore\.so/ {print $3}')
perf probe -q -d 'probe_libswiftCore:strata_*' 2>/dev/null || true
perf probe -q -x "$swiftcore" --add "strata_retain=swift_retain" >/dev/null
perf probe -q -x "$swiftcore" --add "strata_release=swift_release" >/dev/null
trap 'perf probe -q -d "probe_libc:strata_mm" 2>/dev/null || true; perf probe -q -d "probe_libswiftCore:strata_*" 2>/dev/null || true; rm -f /tmp/strata-census.*' EXIT

# Prints "retains releases" for a run of `passes` passes.
refcounts() {
    perf stat -x, -e probe_libswiftCore:strata_retain -e probe_libswiftCore:strata_release \
        "$bench" --measure-file strata "$1" --passes "$2" 2>&1 >/dev/null | awk -F, '{printf "%s ", $1} END {print ""}'
}

for file in "${files[@]}"; do
    read -r n1 b1 _ < <(measure "$file" 1)
    read -r n3 b3 frames < <(measure "$file" 3)
    read -r r1 x1 < <(refcounts "$file" 1)
    read -r r3 x3 < <(refcounts "$file" 3)
    python3 -c "print('%s: %.0f memmoves a frame, %.1f KiB a frame; %.0f retains and %.0f releases a frame' % ('$(basename "$file")', ($n3 - $n1) / (2 * $frames), ($b3 - $b1) / (2 * $frames) / 1024, ($r3 - $r1) / (2 * $frames), ($x3 - $x1) / (2 * $frames)))"
    if ((sites)); then
        measure "$file" 3 -g >/dev/null
        perf script -i /tmp/strata-census.data 2>/dev/null | awk -v f="$frames" '
            /strata_mm/ { match($0, /len=[0-9]+/); len = substr($0, RSTART + 4, RLENGTH - 4); getline; getline caller
                          split(caller, parts, " "); sub(/\+0x.*/, "", parts[2]); key = len " " parts[2]; count[key]++; bytes[key] += len }
            END { for (k in count) printf "%10.0f B %6.1f× %s\n", bytes[k] / (3 * f), count[k] / (3 * f), k }' \
            | sort -rn | head -15 | cut -c1-200
    fi
done
