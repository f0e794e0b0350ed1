#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) and runs each for SECONDS (default 60),
# starting from the committed corpus under Fuzz/Corpus (copied, so the repository is not
# touched). Findings (crash-*, leak-*, timeout-*) and log.txt land in
# ${STRATA_FUZZ_OUT:-.build-fuzz/findings}/<target>.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      targets: scene image path animation lottie cli font pdf text destination
# A long run: STRATA_FUZZ_OUT=.build-fuzz/long scripts/fuzz.sh 1800
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(scene image path animation lottie cli font pdf text destination)
flags=(-c release --build-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DSTRATA_FUZZING)
status=0
# A finding as CI's log must show it (the machine and its files are gone after): the sanitizer's
# report, whether the input fails again on its own, and the input itself (gzip, base64; decode
# with `base64 -d | gunzip > unit`, replay with `.build-fuzz/release/strata-fuzz-TARGET unit`).
report() {
    local t="$1" findings="$2"
    # A Swift trap is reported by Swift's backtracer first (its report then trips the sanitizer).
    sed -n '/\*\*\* Swift runtime failure\|Fatal error/,/^Thread 1/p' "$findings/log.txt" | cut -c1-240 | head -40
    sed -n '/ERROR: \(AddressSanitizer\|LeakSanitizer\|libFuzzer\|UndefinedBehaviorSanitizer\)/,/SUMMARY/p' \
        "$findings/log.txt" | head -60
    for unit in "$findings"/crash-* "$findings"/timeout-* "$findings"/oom-*; do
        [ -f "$unit" ] || continue
        if ASAN_OPTIONS=detect_leaks=0 timeout 60 ".build-fuzz/release/strata-fuzz-$t" -timeout=10 \
            -rss_limit_mb=2048 "$unit" > "$findings/replay-$(basename "$unit").txt" 2>&1; then
            echo "replayed alone, $(basename "$unit") passes (a race, or state left by earlier inputs)"
        else
            echo "replayed alone, $(basename "$unit") fails again"
        fi
        echo "$(basename "$unit") ($(wc -c < "$unit") bytes), gzip | base64:"
        gzip -9c "$unit" | base64 -w 120 | head -400
    done
}
for t in "${targets[@]}"; do
    swift build "${flags[@]}" --product "strata-fuzz-$t"
    corpus=".build-fuzz/corpus/$t"
    findings="${STRATA_FUZZ_OUT:-.build-fuzz/findings}/$t"
    mkdir -p "$corpus" "$findings"
    cp -n Fuzz/Corpus/"$t"/* "$corpus"/ 2>/dev/null || true
    max_len=65536
    if [ "$t" = font ]; then
        # Font files are larger; the seed is the installed DejaVu Sans (fonts-dejavu-core).
        max_len=1048576
        cp -n /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$corpus"/ 2>/dev/null || true
    fi
    echo "fuzzing $t for ${seconds}s"
    # Output goes to a file (a pipe could be held open by the sanitizer's symbolizer).
    if ! ASAN_OPTIONS=detect_leaks=0 ".build-fuzz/release/strata-fuzz-$t" "$corpus" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
        -artifact_prefix="$findings/" -print_final_stats=1 > "$findings/log.txt" 2>&1; then
        status=1
    fi
    tail -8 "$findings/log.txt"
    # (`ls` of several globs fails when any one matches nothing: count the files instead.)
    units=$(find "$findings" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    if [ "$units" -gt 0 ]; then
        echo "FINDINGS for $t:"; ls "$findings"; status=1
        report "$t" "$findings"
    fi
done
exit $status
