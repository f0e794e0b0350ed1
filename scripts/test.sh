#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test; then the reliability checks:
# ThreadSanitizer and AddressSanitizer runs of the concurrency tests, and a short run of each
# fuzzer over the committed corpus. STRATA_QUICK=1 skips the reliability checks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
if [ "${STRATA_QUICK:-0}" != 1 ]; then
    bash scripts/sanitize.sh thread address
    bash scripts/fuzz.sh "${STRATA_FUZZ_SECONDS:-30}"
fi
