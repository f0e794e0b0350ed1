#!/usr/bin/env bash
# ThreadSanitizer and AddressSanitizer runs of the concurrency tests (transactions, property
# changes, animation adds and removals from several threads while a renderer draws).
#   scripts/sanitize.sh [thread|address]...
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(thread address)
filter="ConcurrencyStress|Threading|TransactionMainQueue|CALayerCallback|SoakTests|LayerWindow"
for kind in "${kinds[@]}"; do
    echo "== $kind sanitizer"
    swift build --build-tests --sanitize="$kind" --build-path ".build-$kind"
    TSAN_OPTIONS="halt_on_error=1" ASAN_OPTIONS="detect_leaks=1" \
        swift test --skip-build --sanitize="$kind" --build-path ".build-$kind" --filter "$filter"
done
