#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test; then the reliability checks:
# ThreadSanitizer and AddressSanitizer runs of the concurrency tests, and a short run of each
# fuzzer over the committed corpus; the text goldens again on a machine with more fonts
# installed; the documentation (no warnings); the example package's snapshot tests; the layers-only
# program built with the package traits off. Links in
# the README and docs/ are checked first.
# STRATA_QUICK=1 skips all of those.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# Every relative link of the README, the changelog and docs/ names a file that exists.
python3 scripts/check-links.py
swift build --build-tests
swift test --skip-build
if [ "${STRATA_QUICK:-0}" != 1 ]; then
    bash scripts/sanitize.sh thread address
    bash scripts/fuzz.sh "${STRATA_FUZZ_SECONDS:-30}"
    # Text goldens with fonts installed that fontconfig would otherwise pick for "Helvetica".
    bash scripts/install-deps.sh --extra-fonts
    swift test --skip-build --filter 'TextLayerGolden|TextFontPinning|SpecialisedLayersGolden|TextLayerCoreText|CoreTextTests|CGFontTests|ShowGlyphsTests'
    # The DocC documentation of the public modules, without warnings.
    bash scripts/docs.sh
    # An app's snapshot tests through StrataSnapshotTesting (Examples/LayerSnapshots).
    swift test --package-path Examples/LayerSnapshots
    # A program drawing layers with Strata's package traits off: it builds without the PDF, GIF,
    # TIFF, WebP and HEIF libraries, renders, and checks that none of them is loaded.
    swift run --package-path Examples/LeanLayers
fi
