#!/usr/bin/env bash
# Builds the DocC documentation of the public modules (archives under
# .build/plugins/Swift-DocC/outputs/) and fails on any documentation warning. SwiftPM's own notes
# about pkg-config flags ("prohibited flag(s)") and about a dependency's undeclared files
# (ZIPFoundation's privacy manifest: "which are unhandled") are not DocC's and are let through.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package --disable-sandbox generate-documentation \
    --target QuartzCore --target CoreGraphics --target StrataExport --target StrataWindow \
    --target StrataScene --target StrataSnapshotTesting --target StrataLottie --target StrataInput --target ImageIO --target CoreText >"$log" 2>&1 || { cat "$log"; exit 1; }
if grep "warning:" "$log" | grep -v -e "prohibited flag" -e "which are unhandled" >/dev/null; then
    grep -A8 "warning:" "$log" | grep -v -e "prohibited flag" -e "which are unhandled"
    echo "error: the documentation has warnings (above)" >&2
    exit 1
fi
echo "documentation: 10 modules, no warnings ($(grep -c 'doccarchive' "$log") archives)"
