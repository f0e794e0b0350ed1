#!/usr/bin/env bash
# ThreadSanitizer and AddressSanitizer runs of the concurrency tests (transactions, property
# changes, animation adds and removals from several threads while a renderer draws), and under
# AddressSanitizer the C kernels fed hostile input (PDF objects, gradients, the scan converter,
# the box blur, the affinity reader).
#   scripts/sanitize.sh [thread|address]...
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(thread address)
filter="ConcurrencyStress|Threading|TransactionMainQueue|TransactionThreadExit|PDFObjectConcurrency|CALayerCallback|SoakTests|LayerWindow"
for kind in "${kinds[@]}"; do
    echo "== $kind sanitizer"
    swift build --build-tests --sanitize="$kind" --build-path ".build-$kind"
    if [ "$kind" = address ]; then
        # The window tests load the system's GL/EGL drivers through SDL, whose allocations LSan
        # cannot attribute (unloaded modules): they run with leak detection off; everything
        # else with it on (scripts/lsan.supp lists the third-party leaks suppressed). The soak
        # tests' memory bound is not checked here: ASan keeps freed memory in quarantine.
        ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp" \
            swift test --skip-build --sanitize=address --build-path .build-address \
            --filter "ConcurrencyStress|Threading|TransactionMainQueue|TransactionThreadExit|CALayerCallback|PDFObject|PDFScanner|GradientFill|ScanConverter|BoxBlur|ProcessorBudget"
        ASAN_OPTIONS="detect_leaks=0" \
            swift test --skip-build --sanitize=address --build-path .build-address --filter LayerWindow
    else
        TSAN_OPTIONS="halt_on_error=1" \
            swift test --skip-build --sanitize="$kind" --build-path ".build-$kind" --filter "$filter"
    fi
done
